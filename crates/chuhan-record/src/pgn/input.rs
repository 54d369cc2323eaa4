//! The PGN reader's input: the bytes of the file with a byte order mark taken off, and a
//! UTF-16 file turned into UTF-8 as it streams, so that the reader's line splitting (on the
//! byte `\n`) and everything after it only ever see UTF-8, GBK or Big5.

use crate::encoding::TextEncoding;
use encoding_rs::{Decoder, UTF_16BE, UTF_16LE};
use std::io::{self, BufRead, Read};

/// A UTF-16 stream's decoder and the UTF-8 it has made and not yet handed out.
struct Utf16 {
    decoder: Decoder,
    out: Vec<u8>,
    at: usize,
    finished: bool,
}

/// A `BufRead` over the input that looks at its first bytes once, before the first read.
pub(super) struct Input<R> {
    raw: R,
    sniffed: bool,
    utf16: Option<Utf16>,
    /// Bytes taken from `raw` (a UTF-16 file's size, not its UTF-8 length: for progress).
    raw_read: u64,
}

impl<R: BufRead> Input<R> {
    pub(super) fn new(raw: R) -> Input<R> {
        Input { raw, sniffed: false, utf16: None, raw_read: 0 }
    }

    /// Bytes consumed from the underlying input so far.
    pub(super) fn raw_read(&self) -> u64 {
        self.raw_read
    }

    /// Takes a UTF-8 byte order mark off (it would read as text before the first tag and make
    /// an empty game of it), or starts decoding UTF-16 after its mark. A mark split across the
    /// first two reads of a pipe is not seen; files and buffers hand over more than 3 bytes.
    fn sniff(&mut self) -> io::Result<()> {
        self.sniffed = true;
        let head = self.raw.fill_buf()?;
        if head.starts_with(b"\xEF\xBB\xBF") {
            self.raw.consume(3);
            self.raw_read += 3;
        } else if let Some(enc) = TextEncoding::utf16_bom(head) {
            let encoding = if enc == TextEncoding::Utf16Le { UTF_16LE } else { UTF_16BE };
            self.raw.consume(2);
            self.raw_read += 2;
            self.utf16 = Some(Utf16 {
                decoder: encoding.new_decoder_without_bom_handling(),
                out: Vec::new(),
                at: 0,
                finished: false,
            });
        }
        Ok(())
    }
}

impl<R: BufRead> Read for Input<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let avail = self.fill_buf()?;
        let n = avail.len().min(buf.len());
        buf[..n].copy_from_slice(&avail[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Input<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if !self.sniffed {
            self.sniff()?;
        }
        let Some(u) = &mut self.utf16 else {
            return self.raw.fill_buf();
        };
        while u.at == u.out.len() && !u.finished {
            let src = self.raw.fill_buf()?;
            let last = src.is_empty();
            // Room for all of `src` at once, so that the decoder always takes it whole.
            let room = u.decoder.max_utf8_buffer_length(src.len()).unwrap_or(usize::MAX).max(16);
            u.out.clear();
            u.out.resize(room, 0);
            u.at = 0;
            let (_, read, written, _) = u.decoder.decode_to_utf8(src, &mut u.out, last);
            u.out.truncate(written);
            self.raw.consume(read);
            self.raw_read += read as u64;
            u.finished = last;
        }
        Ok(&u.out[u.at..])
    }

    fn consume(&mut self, amt: usize) {
        match &mut self.utf16 {
            Some(u) => u.at = (u.at + amt).min(u.out.len()),
            None => {
                self.raw.consume(amt);
                self.raw_read += amt as u64;
            }
        }
    }
}
