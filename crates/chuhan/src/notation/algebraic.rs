//! Algebraic notation (System 3): Che3 Hg8, Cxc10#; and its long form, Ch3-e3.
//!
//! Files a–i from Red's left, ranks 1–10 from Red's side, the same for both players. A piece
//! letter (K A E H R C, none for the soldier), the origin when two pieces of the kind could
//! reach the point (its file if that tells them apart, else its rank, else both), `x` for a
//! capture, the point reached, and `+` for each piece giving check (`++` double check) or `#`
//! for mate. Reading skips annotations (`!`, `?`), accepts `P` for the soldier, the general's
//! `G`, and a missing or wrong capture or check mark.

use super::NotationError;
use crate::mv::Move;
use crate::piece::Role;
use crate::position::Position;
use crate::square::Square;

fn letter(role: Role) -> &'static str {
    match role {
        Role::General => "K",
        Role::Advisor => "A",
        Role::Elephant => "E",
        Role::Horse => "H",
        Role::Chariot => "R",
        Role::Cannon => "C",
        Role::Soldier => "",
    }
}

fn role_of(c: char) -> Option<Role> {
    Some(match c {
        'K' | 'G' => Role::General,
        'A' => Role::Advisor,
        'E' | 'B' => Role::Elephant,
        'H' | 'N' => Role::Horse,
        'R' => Role::Chariot,
        'C' => Role::Cannon,
        'P' => Role::Soldier,
        _ => return None,
    })
}

/// A point as algebraic notation writes it: `e3`, `c10`.
pub(crate) fn square_name(sq: Square) -> String {
    format!("{}{}", sq.file_char(), sq.rank() + 1)
}

/// `+` per checking piece, or `#` for mate (the other side left without a legal move while in
/// check).
fn check_marks(pos: &Position, m: Move) -> String {
    let mut after = pos.with_turn(pos.turn());
    after.play_unchecked(m);
    if !after.is_check() {
        return String::new();
    }
    if after.has_no_moves() {
        return "#".to_string();
    }
    "+".repeat(after.checkers().count().max(1) as usize)
}

pub(crate) fn format(pos: &Position, m: Move, long: bool) -> String {
    let piece = pos.piece_at(m.from).expect("a legal move has a piece on its from-square");
    let capture = !m.is_pass() && pos.piece_at(m.to).is_some();
    let mut s = String::from(letter(piece.role));
    if long {
        s.push_str(&square_name(m.from));
        s.push(if capture { 'x' } else { '-' });
    } else {
        // Other pieces of the kind that could go to the same point.
        let mut rivals = Vec::new();
        pos.for_each_legal(|from, targets| {
            if from != m.from && targets.contains(m.to) && pos.piece_at(from).map(|p| p.role) == Some(piece.role) {
                rivals.push(from);
            }
        });
        if !rivals.is_empty() {
            if rivals.iter().all(|r| r.file() != m.from.file()) {
                s.push(m.from.file_char());
            } else if rivals.iter().all(|r| r.rank() != m.from.rank()) {
                s.push_str(&(m.from.rank() + 1).to_string());
            } else {
                s.push_str(&square_name(m.from));
            }
        }
        if capture {
            s.push('x');
        }
    }
    s.push_str(&square_name(m.to));
    s.push_str(&check_marks(pos, m));
    s
}

/// Splits a trailing point (`c10`) off `text`.
fn trailing_square(text: &str) -> Option<(&str, Square)> {
    let digits = text.len() - text.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || digits > 2 || text.len() < digits + 1 {
        return None;
    }
    let (rest, rank) = text.split_at(text.len() - digits);
    let file = rest.chars().last()?;
    if !('a'..='i').contains(&file) {
        return None;
    }
    let rank: u8 = rank.parse().ok()?;
    let sq = Square::new(file as u8 - b'a', rank.checked_sub(1)?)?;
    Some((&rest[..rest.len() - 1], sq))
}

pub(crate) fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let t = text.trim().trim_end_matches(['!', '?', '+', '#']);
    let bad = |why: &str| NotationError::syntax(text, why);
    let (rest, to) = trailing_square(t).ok_or_else(|| bad("does not end with a point such as e3 or c10"))?;
    let mut chars = rest.chars().peekable();
    let role = match chars.peek() {
        Some(&c) if c.is_ascii_uppercase() => {
            chars.next();
            role_of(c).ok_or_else(|| bad(&format!("{c} is not a piece letter (K A E H R C)")))?
        }
        _ => Role::Soldier,
    };
    // What is left says where the piece comes from: a file, a rank, or both; then - or x.
    let origin: String = chars.filter(|&c| c != 'x' && c != '-' && c != ':').collect();
    let from_file = origin.chars().next().filter(|c| ('a'..='i').contains(c)).map(|c| c as u8 - b'a');
    let rank_text = if from_file.is_some() { &origin[1..] } else { &origin[..] };
    let from_rank = if rank_text.is_empty() {
        None
    } else {
        let r: u8 = rank_text.parse().map_err(|_| bad(&format!("{origin} is not a file, rank or point")))?;
        Some(r.checked_sub(1).filter(|&r| r < 10).ok_or_else(|| bad(&format!("rank {r} is not 1–10")))?)
    };
    let mut candidates = Vec::new();
    pos.for_each_legal(|from, targets| {
        let fits = targets.contains(to)
            && pos.piece_at(from).is_some_and(|p| p.role == role)
            && from_file.is_none_or(|f| from.file() == f)
            && from_rank.is_none_or(|r| from.rank() == r);
        if fits {
            candidates.push(Move::new(from, to));
        }
    });
    super::the_only(candidates, text)
}
