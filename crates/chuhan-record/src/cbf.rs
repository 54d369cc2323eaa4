//! CCBridge (象棋桥) CBF records: one game as XML, read.
//!
//! The layout, from the sample files (CCBridge exports them; no specification is published):
//!
//! ```xml
//! <?xml version="1.0" encoding="UTF-8"?>
//! <ChineseChessRecord Version="1.0">
//!  <Head>
//!   <Name>title</Name> <Contest>event</Contest> <Round/> <Date/> <Site/> <TimeRule/>
//!   <Red/> <RedTeam/> <Black/> <BlackTeam/> <Commentator/> <ECCO>C03</ECCO>
//!   <RecordResult>0</RecordResult>  <!-- 0 unknown, 1 Red wins, 2 Black wins, 3 draw -->
//!   <FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN>
//!  </Head>
//!  <MoveList>
//!   <Move value="00-00"><![CDATA[comment on the start position]]></Move>
//!   <Move value="77-47" />
//!   <Move value="70-62"><![CDATA[comment after this move]]></Move>
//!   <Move value="23-29" end="1" />
//!  </MoveList>
//! </ChineseChessRecord>
//! ```
//!
//! A move's value is `FR-FR`: the source and destination square, each a file digit (0 = file
//! a, Red's left) and a row digit (0 = the top row, Black's back rank). The first `Move`,
//! `00-00`, is the start position and carries its comment; `end="1"` marks the last move. The
//! samples hold only main lines; an element other than `Move` in the move list, or a `Move`
//! inside a `Move`, is refused ([`CbfError::Unsupported`]) rather than guessed at.
//!
//! The XML is read by a small reader of its own (elements, attributes, text, CDATA, comments,
//! the five named entities and character references): the format needs no more, and the crate
//! no XML dependency.

use crate::raw::{RawNode, RawTree, TreeError};
use crate::tree::{Record, RecordResult};
use chuhan::{FenError, Square, Variant};

/// Why a CBF record could not be read. Offsets are bytes from the start of the file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CbfError {
    /// The text is not UTF-8 (the format's declared encoding).
    #[error("not UTF-8 (byte {0})")]
    Encoding(usize),
    /// Malformed XML.
    #[error("XML at byte {offset}: {why}")]
    Xml {
        /// Where.
        offset: usize,
        /// What is wrong.
        why: String,
    },
    /// Well-formed XML, but its root is not `ChineseChessRecord`; the root found.
    #[error("not a CBF record: the root element is <{0}>, expected <ChineseChessRecord>")]
    NotCbf(String),
    /// A move whose value is not `FR-FR` with a file 0-8 and a row 0-9.
    #[error("move {index} (byte {offset}): value {value:?} is not two squares FR-FR")]
    BadMove {
        /// The move's number in the list (0 is the start's `00-00`).
        index: usize,
        /// Where its element starts.
        offset: usize,
        /// The value as written.
        value: String,
    },
    /// Something the samples never hold (variations, say), refused rather than guessed at.
    #[error("byte {offset}: {what} is not supported")]
    Unsupported {
        /// Where.
        offset: usize,
        /// What was found.
        what: String,
    },
    /// The start position is not a legal xiangqi position.
    #[error("start position: {0}")]
    Position(FenError),
    /// A move of the game is not legal where it stands.
    #[error("{0}")]
    Tree(#[from] TreeError),
}

/// Whether `head` (the first bytes of a file) looks like a CBF record: XML whose first element
/// is `ChineseChessRecord`.
pub fn sniff(head: &[u8]) -> bool {
    let text = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let text = &text[..text.len().min(1024)];
    text.trim_ascii_start().starts_with(b"<") && text.windows(19).any(|w| w == b"<ChineseChessRecord")
}

/// What the XML reader hands on.
#[derive(Debug)]
enum Event {
    Start { name: String, attrs: Vec<(String, String)>, offset: usize, empty: bool },
    End { name: String, offset: usize },
    Text(String),
}

/// A reader of the XML subset the format uses.
struct Xml<'a> {
    text: &'a str,
    at: usize,
}

fn xml_error(offset: usize, why: impl Into<String>) -> CbfError {
    CbfError::Xml { offset, why: why.into() }
}

/// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#N;`, `&#xN;` replaced; `base` is where `s`
/// starts, for errors.
fn unescape(s: &str, base: usize) -> Result<String, CbfError> {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let end = tail
            .find(';')
            .filter(|&e| e <= 12)
            .ok_or_else(|| xml_error(base + (s.len() - rest.len()) + i, "an '&' that starts no entity"))?;
        let name = &tail[1..end];
        let c = match name {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "apos" => '\'',
            _ => {
                let code = if let Some(hex) = name.strip_prefix("#x").or_else(|| name.strip_prefix("#X")) {
                    u32::from_str_radix(hex, 16).ok()
                } else if let Some(dec) = name.strip_prefix('#') {
                    dec.parse().ok()
                } else {
                    None
                };
                code.and_then(char::from_u32)
                    .ok_or_else(|| xml_error(base + (s.len() - rest.len()) + i, format!("unknown entity &{name};")))?
            }
        };
        out.push(c);
        rest = &tail[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | ':')
}

impl<'a> Xml<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    /// Skips to just after `end`, or fails naming `what`.
    fn skip_past(&mut self, end: &str, what: &str) -> Result<&'a str, CbfError> {
        let start = self.at;
        let i = self.rest().find(end).ok_or_else(|| xml_error(start, format!("{what} never closed")))?;
        let inner = &self.text[start..start + i];
        self.at = start + i + end.len();
        Ok(inner)
    }

    fn name(&mut self) -> Result<String, CbfError> {
        let start = self.at;
        let len = self.rest().find(|c: char| !is_name_char(c)).unwrap_or(self.rest().len());
        if len == 0 {
            return Err(xml_error(start, "a tag without a name"));
        }
        self.at += len;
        Ok(self.text[start..start + len].to_string())
    }

    fn skip_space(&mut self) {
        let len = self.rest().len() - self.rest().trim_start().len();
        self.at += len;
    }

    /// The next event, or `None` at the end of the text.
    fn next(&mut self) -> Result<Option<Event>, CbfError> {
        loop {
            let rest = self.rest();
            if rest.is_empty() {
                return Ok(None);
            }
            let offset = self.at;
            if !rest.starts_with('<') {
                let len = rest.find('<').unwrap_or(rest.len());
                self.at += len;
                return Ok(Some(Event::Text(unescape(&rest[..len], offset)?)));
            }
            if rest.starts_with("<?") {
                self.skip_past("?>", "a processing instruction")?;
            } else if rest.starts_with("<!--") {
                self.skip_past("-->", "a comment")?;
            } else if rest.starts_with("<![CDATA[") {
                self.at += 9;
                let inner = self.skip_past("]]>", "a CDATA section")?;
                return Ok(Some(Event::Text(inner.to_string())));
            } else if rest.starts_with("<!") {
                // A DOCTYPE: no internal subset in this format.
                self.skip_past(">", "a declaration")?;
            } else if rest.starts_with("</") {
                self.at += 2;
                let name = self.name()?;
                self.skip_space();
                if !self.rest().starts_with('>') {
                    return Err(xml_error(self.at, format!("'>' expected to close </{name}")));
                }
                self.at += 1;
                return Ok(Some(Event::End { name, offset }));
            } else {
                self.at += 1;
                let name = self.name()?;
                let mut attrs = Vec::new();
                loop {
                    self.skip_space();
                    let rest = self.rest();
                    if rest.starts_with("/>") {
                        self.at += 2;
                        return Ok(Some(Event::Start { name, attrs, offset, empty: true }));
                    }
                    if rest.starts_with('>') {
                        self.at += 1;
                        return Ok(Some(Event::Start { name, attrs, offset, empty: false }));
                    }
                    if rest.is_empty() {
                        return Err(xml_error(offset, format!("the tag <{name} never closed")));
                    }
                    let key = self.name()?;
                    self.skip_space();
                    if !self.rest().starts_with('=') {
                        return Err(xml_error(self.at, format!("'=' expected after attribute {key}")));
                    }
                    self.at += 1;
                    self.skip_space();
                    let quote = match self.rest().chars().next() {
                        Some(q @ ('"' | '\'')) => q,
                        _ => return Err(xml_error(self.at, format!("a quoted value expected for {key}"))),
                    };
                    self.at += 1;
                    let value_at = self.at;
                    let raw = self.skip_past(if quote == '"' { "\"" } else { "'" }, "an attribute value")?;
                    attrs.push((key, unescape(raw, value_at)?));
                }
            }
        }
    }
}

/// An element read whole: its name, attributes, text (CDATA included) and children.
#[derive(Debug, Default)]
struct Element {
    name: String,
    attrs: Vec<(String, String)>,
    text: String,
    children: Vec<Element>,
    offset: usize,
}

impl Element {
    fn attr(&self, key: &str) -> Option<&str> {
        self.attrs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    fn child(&self, name: &str) -> Option<&Element> {
        self.children.iter().find(|c| c.name == name)
    }
}

/// How deeply elements may nest (the format needs four levels).
const MAX_DEPTH: usize = 32;

/// The document's root element.
fn parse(text: &str) -> Result<Element, CbfError> {
    let mut xml = Xml { text, at: 0 };
    let mut stack: Vec<Element> = Vec::new();
    let mut root = None;
    while let Some(event) = xml.next()? {
        match event {
            Event::Start { name, attrs, offset, empty } => {
                if root.is_some() {
                    return Err(xml_error(offset, format!("<{name}> after the root element")));
                }
                let e = Element { name, attrs, offset, ..Element::default() };
                if empty {
                    match stack.last_mut() {
                        Some(parent) => parent.children.push(e),
                        None => root = Some(e),
                    }
                } else {
                    if stack.len() == MAX_DEPTH {
                        return Err(xml_error(offset, "elements nested too deeply"));
                    }
                    stack.push(e);
                }
            }
            Event::End { name, offset } => {
                let Some(e) = stack.pop() else {
                    return Err(xml_error(offset, format!("</{name}> closes nothing")));
                };
                if e.name != name {
                    return Err(xml_error(offset, format!("</{name}> closes <{}>", e.name)));
                }
                match stack.last_mut() {
                    Some(parent) => parent.children.push(e),
                    None => root = Some(e),
                }
            }
            Event::Text(t) => match stack.last_mut() {
                Some(e) => e.text.push_str(&t),
                None if t.trim().is_empty() => {}
                None => return Err(xml_error(xml.at, "text outside the root element")),
            },
        }
    }
    if let Some(open) = stack.last() {
        return Err(xml_error(text.len(), format!("the text ends inside <{}>", open.name)));
    }
    root.ok_or_else(|| xml_error(0, "no element"))
}

/// Head elements and the tags they become (the names CBR records get, [`crate::cbr`]).
const HEADERS: [(&str, &str); 13] = [
    ("Name", "Title"),
    ("Contest", "Event"),
    ("Round", "Round"),
    ("Date", "Date"),
    ("Site", "Site"),
    ("TimeRule", "TimeControl"),
    ("Red", "Red"),
    ("RedTeam", "RedTeam"),
    ("RedTime", "RedTime"),
    ("Black", "Black"),
    ("BlackTeam", "BlackTeam"),
    ("BlackTime", "BlackTime"),
    ("Commentator", "Annotator"),
];

/// `FR` (file digit, row digit from the top) as a square.
fn square(fr: &str) -> Option<Square> {
    let b = fr.as_bytes();
    if b.len() != 2 || !b[0].is_ascii_digit() || !b[1].is_ascii_digit() {
        return None;
    }
    let (file, row) = (b[0] - b'0', b[1] - b'0');
    if file > 8 {
        return None;
    }
    Square::new(file, 9u8.checked_sub(row)?)
}

/// Reads a CBF record.
pub fn read(data: &[u8]) -> Result<Record, CbfError> {
    let data = data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(data);
    let text = std::str::from_utf8(data).map_err(|e| CbfError::Encoding(e.valid_up_to()))?;
    let root = parse(text)?;
    if root.name != "ChineseChessRecord" {
        return Err(CbfError::NotCbf(root.name));
    }
    let mut game = Record::new(Variant::Xiangqi);
    let head = root.child("Head");
    let field = |name: &str| head.and_then(|h| h.child(name)).map(|e| e.text.trim().to_string());
    for (element, tag) in HEADERS {
        if let Some(v) = field(element).filter(|v| !v.is_empty()) {
            game.headers.set(tag, v);
        }
    }
    if game.headers.get("Event").is_none() {
        if let Some(t) = game.headers.get("Title").map(str::to_string) {
            game.headers.set("Event", t);
        }
    }
    if let Some(ecco) = field("ECCO").filter(|e| {
        let b = e.as_bytes();
        b.len() == 3 && b[0].is_ascii_uppercase() && b[1].is_ascii_digit() && b[2].is_ascii_digit()
    }) {
        game.headers.set("ECCO", ecco);
    }
    game.outcome = match field("RecordResult").as_deref() {
        Some("1") => RecordResult::RedWins,
        Some("2") => RecordResult::BlackWins,
        Some("3") => RecordResult::Draw,
        _ => RecordResult::Unknown,
    };
    game.headers.set("Result", game.outcome.pgn());

    let mut tree = RawTree::new(None);
    let mut last = 0;
    if let Some(list) = root.child("MoveList") {
        for (index, m) in list.children.iter().enumerate() {
            if m.name != "Move" {
                return Err(CbfError::Unsupported { offset: m.offset, what: format!("<{}> in the move list", m.name) });
            }
            if let Some(inner) = m.children.first() {
                return Err(CbfError::Unsupported {
                    offset: inner.offset,
                    what: format!("<{}> inside a move", inner.name),
                });
            }
            let value = m.attr("value").unwrap_or("");
            let bad = || CbfError::BadMove { index, offset: m.offset, value: value.to_string() };
            let comment = Some(m.text.trim().replace("\r\n", "\n")).filter(|c| !c.is_empty());
            if index == 0 && value == "00-00" {
                tree.nodes[0].comment = comment;
                continue;
            }
            let (from, to) = value.split_once('-').ok_or_else(bad)?;
            let mv = (square(from).ok_or_else(bad)?, square(to).ok_or_else(bad)?);
            let idx = tree.nodes.len();
            tree.nodes.push(RawNode { mv: Some(mv), comment, ..RawNode::default() });
            tree.nodes[last].child = Some(idx);
            last = idx;
        }
    }
    let fen = field("FEN").filter(|f| !f.is_empty()).unwrap_or_else(|| Variant::Xiangqi.start_fen().to_string());
    let mut pos = crate::composed_position(Variant::Xiangqi, &fen).map_err(CbfError::Position)?;
    game.start_fen = pos.to_fen();
    if !game.has_standard_start() {
        game.headers.set("FEN", game.start_fen.as_str());
    }
    game.main = tree.to_line(&mut pos)?;
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(moves: &str) -> String {
        format!(
            "\u{feff}<?xml version=\"1.0\"?>\n<ChineseChessRecord Version=\"1.0\"><Head><Red>A &amp; B</Red>\
             <RecordResult>1</RecordResult></Head><MoveList>{moves}</MoveList></ChineseChessRecord>"
        )
    }

    #[test]
    fn a_small_record_reads() {
        let g = read(
            doc("<Move value=\"00-00\"><![CDATA[start]]></Move><Move value=\"77-47\"/>\
                 <Move value='70-62'>&lt;ok&gt;</Move>")
            .as_bytes(),
        )
        .unwrap();
        assert_eq!(g.headers.get("Red"), Some("A & B"));
        assert_eq!(g.outcome, RecordResult::RedWins);
        assert_eq!(g.main.comment.as_deref(), Some("start"));
        let moves: Vec<String> = g.mainline_moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["h2e2", "h9g7"]);
        assert_eq!(g.main.nodes[1].comment.as_deref(), Some("<ok>"));
    }

    #[test]
    fn bad_input_gives_typed_errors() {
        let err = |s: &str| read(s.as_bytes()).unwrap_err();
        assert!(matches!(err(&doc("<Move value=\"97-47\"/>")), CbfError::BadMove { index: 0, .. }));
        assert!(matches!(err(&doc("<Move value=\"77-46\"/>")), CbfError::Tree(_)));
        assert!(matches!(err(&doc("<Move value=\"77-47\"><Move value=\"1\"/></Move>")), CbfError::Unsupported { .. }));
        assert!(matches!(err("<a><b></a>"), CbfError::Xml { .. }));
        assert!(matches!(err("<a x=1/>"), CbfError::Xml { .. }));
        assert!(matches!(err("<Other/>"), CbfError::NotCbf(_)));
        assert!(matches!(err("<a>&bogus;</a>"), CbfError::Xml { .. }));
        assert!(matches!(read(b"<a>\xff</a>"), Err(CbfError::Encoding(3))));
        let full = doc("<Move value=\"77-47\"/>");
        for cut in 0..full.len() {
            if full.is_char_boundary(cut) {
                let _ = read(&full.as_bytes()[..cut]);
            }
        }
    }
}
