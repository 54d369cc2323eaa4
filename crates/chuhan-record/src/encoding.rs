//! Text encodings of old records: UTF-8, GBK (mainland software such as XQStudio) and Big5
//! (Taiwan and Hong Kong). Records say nothing about their encoding, so it is guessed; UTF-16,
//! which Windows editors write when told "Unicode", is known by its byte order mark.

use encoding_rs::{BIG5, GBK, UTF_16BE, UTF_16LE, UTF_8};

/// An encoding a record can be written in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TextEncoding {
    /// UTF-8: what chuhan writes, and any record that decodes as it.
    Utf8,
    /// GBK (a superset of GB2312): mainland software, simplified characters.
    Gbk,
    /// Big5: Taiwan and Hong Kong software, traditional characters.
    Big5,
    /// UTF-16, little-endian: a text that starts with the byte order mark `FF FE`.
    Utf16Le,
    /// UTF-16, big-endian: a text that starts with the byte order mark `FE FF`.
    Utf16Be,
}

impl TextEncoding {
    /// Decodes `bytes`, without the encoding's byte order mark if they start with one;
    /// characters that do not decode become U+FFFD.
    pub fn decode(self, bytes: &[u8]) -> String {
        let (enc, bom): (_, &[u8]) = match self {
            TextEncoding::Utf8 => (UTF_8, b"\xEF\xBB\xBF"),
            TextEncoding::Gbk => (GBK, b"\xEF\xBB\xBF"),
            TextEncoding::Big5 => (BIG5, b"\xEF\xBB\xBF"),
            TextEncoding::Utf16Le => (UTF_16LE, b"\xFF\xFE"),
            TextEncoding::Utf16Be => (UTF_16BE, b"\xFE\xFF"),
        };
        let bytes = bytes.strip_prefix(bom).unwrap_or(bytes);
        enc.decode_without_bom_handling(bytes).0.into_owned()
    }

    /// Encodes `text`; GBK and Big5 write characters they lack as HTML numeric references,
    /// which is what encoding_rs does (and what old viewers showed). UTF-16 is written with its
    /// byte order mark, so that [`detect`] knows it again (encoding_rs has no UTF-16 encoder:
    /// the web never sends it).
    pub fn encode(self, text: &str) -> Vec<u8> {
        match self {
            TextEncoding::Utf8 => text.as_bytes().to_vec(),
            TextEncoding::Gbk => GBK.encode(text).0.into_owned(),
            TextEncoding::Big5 => BIG5.encode(text).0.into_owned(),
            TextEncoding::Utf16Le => {
                std::iter::once(0xFEFF).chain(text.encode_utf16()).flat_map(u16::to_le_bytes).collect()
            }
            TextEncoding::Utf16Be => {
                std::iter::once(0xFEFF).chain(text.encode_utf16()).flat_map(u16::to_be_bytes).collect()
            }
        }
    }

    /// The UTF-16 encoding whose byte order mark `bytes` start with, if any. A GBK or Big5
    /// text cannot start so (`FF` and `FE FF` are no characters there), nor can UTF-8.
    pub fn utf16_bom(bytes: &[u8]) -> Option<TextEncoding> {
        match bytes {
            [0xFF, 0xFE, ..] => Some(TextEncoding::Utf16Le),
            [0xFE, 0xFF, ..] => Some(TextEncoding::Utf16Be),
            _ => None,
        }
    }
}

/// Characters frequent in xiangqi records, in simplified and traditional forms. A text that
/// decodes under both GBK and Big5 is given to the one whose reading has more of them: the
/// wrong one yields rare characters.
const COMMON: &str = "车马炮兵卒将帅士仕相象进退平红黑胜负和局先后前中一二三四五六七八九年月日赛杯队棋手的是了不在有对中国象棋\
                      車馬砲炮兵卒將帥士仕相象進退平紅黑勝負和局先後前中一二三四五六七八九年月日賽盃隊棋手的是了不在有對中國象棋";

fn score(text: &str) -> usize {
    text.chars().filter(|c| COMMON.contains(*c) || *c == '，' || *c == '。').count()
}

/// Guesses the encoding of `bytes`: UTF-16 if they start with its byte order mark; UTF-8 if
/// they are valid UTF-8 (plain ASCII included); otherwise GBK or Big5, whichever decodes
/// without errors, and if both do, whichever reading has more of the characters records use;
/// GBK when still undecided.
pub fn detect(bytes: &[u8]) -> TextEncoding {
    if let Some(utf16) = TextEncoding::utf16_bom(bytes) {
        return utf16;
    }
    if std::str::from_utf8(bytes).is_ok() {
        return TextEncoding::Utf8;
    }
    let (gbk, _, gbk_bad) = GBK.decode(bytes);
    let (big5, _, big5_bad) = BIG5.decode(bytes);
    match (gbk_bad, big5_bad) {
        (false, true) => TextEncoding::Gbk,
        (true, false) => TextEncoding::Big5,
        _ => {
            if score(&big5) > score(&gbk) {
                TextEncoding::Big5
            } else {
                TextEncoding::Gbk
            }
        }
    }
}

/// Decodes `bytes` in the encoding [`detect`] guesses.
pub fn decode_auto(bytes: &[u8]) -> (String, TextEncoding) {
    let enc = detect(bytes);
    (enc.decode(bytes), enc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_each() {
        let text = "炮二平五 马８进７ 红胜";
        assert_eq!(detect(text.as_bytes()), TextEncoding::Utf8);
        let gbk = TextEncoding::Gbk.encode(text);
        assert_eq!(detect(&gbk), TextEncoding::Gbk);
        assert_eq!(TextEncoding::Gbk.decode(&gbk), text);
        let trad = "炮二平五 馬８進７ 紅勝";
        let big5 = TextEncoding::Big5.encode(trad);
        assert_eq!(detect(&big5), TextEncoding::Big5);
        assert_eq!(TextEncoding::Big5.decode(&big5), trad);
        for utf16 in [TextEncoding::Utf16Le, TextEncoding::Utf16Be] {
            let bytes = utf16.encode(text);
            assert_eq!(detect(&bytes), utf16);
            assert_eq!(decode_auto(&bytes).0, text);
        }
    }
}
