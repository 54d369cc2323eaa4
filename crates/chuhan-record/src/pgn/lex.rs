//! PGN tokens: tags, comments, variation brackets, NAGs, moves and results. Move numbers are
//! dropped here; `!`/`?` suffixes become NAGs. A result outside variations ends the movetext:
//! the text after it, up to the next tag line, is skipped (XQ Wizard's `======` footer).

use super::PgnErrorKind;
use crate::tree::RecordResult;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Tok<'a> {
    Tag(&'a str, String),
    Comment(&'a str),
    Open,
    Close,
    Nag(u8),
    Move(&'a str),
    Result(RecordResult),
}

pub(crate) struct Lexer<'a> {
    text: &'a str,
    at: usize,
    /// A NAG from a `!`/`?` suffix, handed out after its move.
    queued: Option<u8>,
    /// How many `(` are open: a result inside a variation does not end the game.
    depth: usize,
}

impl<'a> Lexer<'a> {
    pub(crate) fn new(text: &'a str) -> Lexer<'a> {
        Lexer { text, at: 0, queued: None, depth: 0 }
    }

    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    /// Skips from just after a result token to the next line that starts with `[` (the next
    /// tags) or the end: what tools write there (a rule of `=`, a greeting, a web address) is
    /// no movetext.
    fn skip_footer(&mut self) {
        let rest = self.rest();
        let mut off = rest.find('\n').map_or(rest.len(), |i| i + 1);
        while off < rest.len() {
            let line = &rest[off..];
            if line.trim_start().starts_with('[') {
                // trim_start may cross blank lines: stop at the start of the `[` line itself.
                off += line.len() - line.trim_start().len();
                break;
            }
            off += line.find('\n').map_or(line.len(), |i| i + 1);
        }
        self.at += off;
    }

    fn tag(&mut self) -> Result<Tok<'a>, PgnErrorKind> {
        // At '['. The line up to ']' outside quotes.
        let rest = self.rest();
        let line_end = rest.find('\n').unwrap_or(rest.len());
        let line = &rest[..line_end];
        let bad = || PgnErrorKind::BadTag(line.trim().chars().take(80).collect());
        let body = &line[1..];
        let name_end = body.find(|c: char| c.is_whitespace() || c == '"' || c == ']').ok_or_else(bad)?;
        let name = &body[..name_end];
        let after = body[name_end..].trim_start();
        let mut value = String::new();
        let consumed;
        if let Some(v) = after.strip_prefix('"') {
            let mut chars = v.char_indices();
            let mut end = None;
            while let Some((k, c)) = chars.next() {
                match c {
                    '\\' => {
                        if let Some((_, n)) = chars.next() {
                            value.push(n);
                        }
                    }
                    '"' => {
                        end = Some(k);
                        break;
                    }
                    _ => value.push(c),
                }
            }
            let end = end.ok_or_else(bad)?;
            let tail = &v[end + 1..];
            let close = tail.find(']').ok_or_else(bad)?;
            consumed = line.len() - tail.len() + close + 1;
        } else {
            // [Key value] without quotes: lenient.
            let close = after.find(']').ok_or_else(bad)?;
            value = after[..close].trim().to_string();
            consumed = line.len() - after.len() + close + 1;
        }
        if name.is_empty() {
            return Err(bad());
        }
        self.at += consumed;
        Ok(Tok::Tag(name, value))
    }
}

fn is_digit(c: char) -> bool {
    c.is_ascii_digit() || ('０'..='９').contains(&c)
}

fn is_dot(c: char) -> bool {
    matches!(c, '.' | '．' | '…' | '。' | '、')
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Result<Tok<'a>, PgnErrorKind>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(n) = self.queued.take() {
            return Some(Ok(Tok::Nag(n)));
        }
        loop {
            let rest = self.rest();
            let trimmed = rest.trim_start();
            self.at += rest.len() - trimmed.len();
            let c = trimmed.chars().next()?;
            match c {
                '[' => return Some(self.tag()),
                '{' => {
                    let Some(end) = trimmed.find('}') else {
                        self.at = self.text.len();
                        return Some(Err(PgnErrorKind::UnterminatedComment));
                    };
                    self.at += end + 1;
                    return Some(Ok(Tok::Comment(&trimmed[1..end])));
                }
                ';' => {
                    let end = trimmed.find('\n').unwrap_or(trimmed.len());
                    self.at += end;
                    return Some(Ok(Tok::Comment(&trimmed[1..end])));
                }
                '%' if self.at == 0 || self.text.as_bytes()[self.at - 1] == b'\n' => {
                    let end = trimmed.find('\n').unwrap_or(trimmed.len());
                    self.at += end;
                    continue;
                }
                '(' => {
                    self.at += 1;
                    self.depth += 1;
                    return Some(Ok(Tok::Open));
                }
                ')' => {
                    self.at += 1;
                    self.depth = self.depth.saturating_sub(1);
                    return Some(Ok(Tok::Close));
                }
                '$' => {
                    let digits = trimmed[1..].find(|c: char| !c.is_ascii_digit()).unwrap_or(trimmed.len() - 1);
                    self.at += 1 + digits;
                    match trimmed[1..1 + digits].parse::<u8>() {
                        Ok(n) => return Some(Ok(Tok::Nag(n))),
                        Err(_) => continue,
                    }
                }
                _ => {}
            }
            // A word: up to whitespace or a special character; '(' and ')' belong to the word
            // when it has begun and they balance (Leventhal's 炮(32)–35).
            let mut depth = 0;
            let mut end = trimmed.len();
            for (k, ch) in trimmed.char_indices() {
                let stop = match ch {
                    c if c.is_whitespace() => true,
                    '{' | '}' | ';' | '$' | '[' | ']' => true,
                    '(' if k > 0 => {
                        depth += 1;
                        false
                    }
                    '(' => true,
                    ')' if depth > 0 => {
                        depth -= 1;
                        false
                    }
                    ')' => true,
                    _ => false,
                };
                if stop {
                    end = k;
                    break;
                }
            }
            let end = end.max(c.len_utf8());
            let word = &trimmed[..end];
            self.at += end;
            if let Some(r) = RecordResult::from_pgn(word) {
                if self.depth == 0 {
                    self.skip_footer();
                }
                return Some(Ok(Tok::Result(r)));
            }
            // Move numbers: digits then dots, perhaps with the move glued on (1.h2e2).
            let after_digits = word.trim_start_matches(is_digit);
            let word = if after_digits.len() < word.len() {
                let after_dots = after_digits.trim_start_matches(is_dot);
                if (after_dots.len() == after_digits.len() && !after_digits.is_empty())
                    || after_dots.starts_with(is_digit)
                {
                    word // digits not followed by a dot, or WXF's numbered soldiers (25.4)
                } else if after_dots.is_empty() {
                    continue; // a bare move number
                } else {
                    after_dots
                }
            } else {
                word
            };
            // Suffix annotations.
            let core = word.trim_end_matches(['!', '?']);
            if core.is_empty() {
                continue;
            }
            self.queued = match &word[core.len()..] {
                "!" => Some(1),
                "?" => Some(2),
                "!!" => Some(3),
                "??" => Some(4),
                "!?" => Some(5),
                "?!" => Some(6),
                _ => None,
            };
            return Some(Ok(Tok::Move(core)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok<'_>> {
        Lexer::new(s).map(|t| t.unwrap()).collect()
    }

    #[test]
    fn words_numbers_and_comments() {
        let t = toks("[Event \"a \\\"b\\\"\"]\n1. h2e2 {c} h9g7!? (1... b9c7 $3) 2.h0g2 ; rest\n1-0");
        assert_eq!(
            t,
            vec![
                Tok::Tag("Event", "a \"b\"".into()),
                Tok::Move("h2e2"),
                Tok::Comment("c"),
                Tok::Move("h9g7"),
                Tok::Nag(5),
                Tok::Open,
                Tok::Move("b9c7"),
                Tok::Nag(3),
                Tok::Close,
                Tok::Move("h0g2"),
                Tok::Comment(" rest"),
                Tok::Result(RecordResult::RedWins),
            ]
        );
        assert_eq!(toks("１． 炮二平五 炮(32)–35"), vec![Tok::Move("炮二平五"), Tok::Move("炮(32)–35")]);
    }

    #[test]
    fn a_result_ends_the_movetext_up_to_the_next_tags() {
        let t = toks("1. h2e2 (1. b2e2 *) h9g7 * {x}\n======\n欢迎 h0g2\n\n  [Event \"b\"]\n1. b2e2 1-0\n=");
        assert_eq!(
            t,
            vec![
                Tok::Move("h2e2"),
                Tok::Open,
                Tok::Move("b2e2"),
                Tok::Result(RecordResult::Unknown),
                Tok::Close,
                Tok::Move("h9g7"),
                Tok::Result(RecordResult::Unknown),
                Tok::Tag("Event", "b".into()),
                Tok::Move("b2e2"),
                Tok::Result(RecordResult::RedWins),
            ]
        );
    }
}
