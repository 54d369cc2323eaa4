//! Text from records on the terminal. Player names, events, comments and the words of a bad
//! move come from files anyone can write: an escape sequence in them (`ESC [ 2 J`, a title
//! change, a hyperlink) would reach the operator's terminal and act there. Everything printed
//! that a record supplied goes through [`terminal`].

use std::borrow::Cow;
use std::fmt::Write;

/// `text` with control characters (C0 with tab and line ends, DEL, C1) and the bidirectional
/// overrides (which reorder what the eye reads) written as Rust escapes (`\u{1b}`); every other
/// character, Chinese and Korean included, as it is. Borrowed when there is nothing to escape.
pub fn terminal(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_char(c) {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

fn unsafe_char(c: char) -> bool {
    c.is_control() || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::terminal;

    #[test]
    fn escapes_controls_and_keeps_text() {
        assert_eq!(terminal("胡荣华 vs 김철수 (Cup)"), "胡荣华 vs 김철수 (Cup)");
        assert_eq!(terminal("\x1b[31mred\x1b[0m"), "\\u{1b}[31mred\\u{1b}[0m");
        assert_eq!(terminal("a\r\nb\u{9b}c\u{202e}d\x7f"), "a\\u{d}\\u{a}b\\u{9b}c\\u{202e}d\\u{7f}");
    }
}
