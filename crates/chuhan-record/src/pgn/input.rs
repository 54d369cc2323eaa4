//! The PGN reader's input: the bytes of the file with a byte order mark taken off, and a
//! UTF-16 file turned into UTF-8 as it streams, so that the reader's line splitting (on the
//! byte `\n`) and everything after it only ever see UTF-8, GBK or Big5.
//!
//! UTF-16 is decoded here with the standard library's `char::decode_utf16` rather than
//! encoding_rs: encoding_rs's streaming decoder dispatches over every encoding it knows, so
//! using it links the GBK and Big5 tables into every program that reads PGN — 110 KB of the
//! WebAssembly package, which never reads anything but UTF-8.

use crate::encoding::TextEncoding;
use std::io::{self, BufRead, Read};

/// A UTF-16 stream's decoder state and the UTF-8 it has made and not yet handed out.
struct Utf16 {
    big_endian: bool,
    /// A byte of a code unit whose other byte has not been read yet.
    odd_byte: Option<u8>,
    /// A lead surrogate waiting for its trail.
    lead: Option<u16>,
    out: Vec<u8>,
    at: usize,
    finished: bool,
}

impl Utf16 {
    fn new(big_endian: bool) -> Utf16 {
        Utf16 { big_endian, odd_byte: None, lead: None, out: Vec::new(), at: 0, finished: false }
    }

    fn push(&mut self, c: char) {
        let mut buf = [0; 4];
        self.out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
    }

    /// Decodes one code unit; an unpaired surrogate becomes U+FFFD, as in encoding_rs.
    fn unit(&mut self, u: u16) {
        if let Some(lead) = self.lead.take() {
            if (0xDC00..0xE000).contains(&u) {
                let c = 0x10000 + ((u32::from(lead) - 0xD800) << 10) + (u32::from(u) - 0xDC00);
                self.push(char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER));
                return;
            }
            self.push(char::REPLACEMENT_CHARACTER);
        }
        match u {
            0xD800..0xDC00 => self.lead = Some(u),
            0xDC00..0xE000 => self.push(char::REPLACEMENT_CHARACTER),
            _ => self.push(char::from_u32(u32::from(u)).unwrap_or(char::REPLACEMENT_CHARACTER)),
        }
    }

    /// Decodes `src` (the next bytes of the stream) into `out`, and at the end of the stream
    /// (`last`) what is left over as U+FFFD.
    fn decode(&mut self, src: &[u8], last: bool) {
        self.out.clear();
        self.at = 0;
        let mut bytes = src.iter().copied();
        loop {
            let (a, b) = match self.odd_byte.take() {
                Some(a) => match bytes.next() {
                    Some(b) => (a, b),
                    None => {
                        self.odd_byte = Some(a);
                        break;
                    }
                },
                None => match (bytes.next(), bytes.next()) {
                    (Some(a), Some(b)) => (a, b),
                    (Some(a), None) => {
                        self.odd_byte = Some(a);
                        break;
                    }
                    _ => break,
                },
            };
            self.unit(if self.big_endian { u16::from_be_bytes([a, b]) } else { u16::from_le_bytes([a, b]) });
        }
        if last {
            if self.lead.take().is_some() || self.odd_byte.take().is_some() {
                self.push(char::REPLACEMENT_CHARACTER);
            }
            self.finished = true;
        }
    }
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
            self.raw.consume(2);
            self.raw_read += 2;
            self.utf16 = Some(Utf16::new(enc == TextEncoding::Utf16Be));
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
            u.decode(src, last);
            let read = src.len();
            self.raw.consume(read);
            self.raw_read += read as u64;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The streaming decoder against encoding_rs's, on text with surrogate pairs, unpaired
    /// surrogates and an odd last byte, read in chunks of every size from 3 to 9 bytes (so a
    /// code unit and a surrogate pair are split across reads every way they can be; fewer than 3 at first would hide the byte order mark, see `sniff`).
    #[test]
    fn utf16_streams_as_encoding_rs_decodes() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut units: Vec<u16> = "炮二平五 {♟ 𝄞 notes} 1-0\n".encode_utf16().collect();
        for _ in 0..400 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Mostly plain characters, some lead and trail surrogates in any order.
            units.push(match seed % 8 {
                0 => 0xD800 + (seed >> 8) as u16 % 0x400,
                1 => 0xDC00 + (seed >> 8) as u16 % 0x400,
                _ => (seed >> 16) as u16 % 0xD000,
            });
        }
        for enc in [TextEncoding::Utf16Le, TextEncoding::Utf16Be] {
            for odd_tail in [false, true] {
                let mut bytes: Vec<u8> = if enc == TextEncoding::Utf16Le { vec![0xFF, 0xFE] } else { vec![0xFE, 0xFF] };
                for &u in &units {
                    bytes.extend(if enc == TextEncoding::Utf16Le { u.to_le_bytes() } else { u.to_be_bytes() });
                }
                if odd_tail {
                    bytes.push(0x41);
                }
                let expected = enc.decode(&bytes);
                for chunk in 3..=9 {
                    let mut input = Input::new(io::BufReader::with_capacity(chunk, &bytes[..]));
                    let mut out = Vec::new();
                    input.read_to_end(&mut out).unwrap();
                    assert_eq!(
                        String::from_utf8(out).unwrap(),
                        expected,
                        "{enc:?}, chunks of {chunk}, odd tail {odd_tail}"
                    );
                    assert_eq!(input.raw_read(), bytes.len() as u64);
                }
            }
        }
    }
}
