//! Material signatures: how many of each piece both sides have (`車馬炮兵 vs 車炮士象全`), packed
//! into one number so that a search by material is an index look-up.

use chuhan::{Position, Role, Side};

/// The roles a signature counts, with the most of each a side starts with (the general is
/// always there and not counted).
const COUNTED: [(Role, u32, u32); 6] = [
    // (role, bits, most)
    (Role::Advisor, 2, 2),
    (Role::Elephant, 2, 2),
    (Role::Horse, 2, 2),
    (Role::Chariot, 2, 2),
    (Role::Cannon, 2, 2),
    (Role::Soldier, 3, 5),
];

/// Bits of one side's half of a signature.
const SIDE_BITS: u32 = 13;

/// One side's counts, in the order of `COUNTED`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counts(pub [u8; 6]);

impl Counts {
    fn pack(self) -> u32 {
        let mut v = 0;
        let mut shift = 0;
        for (i, (_, bits, most)) in COUNTED.iter().enumerate() {
            // A composed position may have more than a side starts with: saturate.
            v |= u32::from(self.0[i]).min(*most) << shift;
            shift += bits;
        }
        v
    }
}

/// Both sides' counts: the first mover's, then the second's.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Material {
    /// The first mover's (Red, Cho).
    pub first: Counts,
    /// The second mover's (Black, Han).
    pub second: Counts,
}

impl Material {
    /// The material on the board of `pos`.
    pub fn of(pos: &Position) -> Material {
        let counts = |side: Side| {
            let mut c = Counts::default();
            for (i, (role, _, _)) in COUNTED.iter().enumerate() {
                c.0[i] = pos.pieces(side, *role).count().min(255) as u8;
            }
            c
        };
        Material { first: counts(Side::First), second: counts(Side::Second) }
    }

    /// The number the materials table stores.
    pub fn signature(self) -> i64 {
        i64::from(self.first.pack() | (self.second.pack() << SIDE_BITS))
    }

    /// The same material with the sides swapped.
    pub fn swapped(self) -> Material {
        Material { first: self.second, second: self.first }
    }
}

/// A material text that could not be read; the text and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot read material {text:?}: {why} (expected e.g. 車馬炮兵 vs 車炮士象全, or RHCP vs RCAAEE)")]
pub struct MaterialError {
    /// The text as given.
    pub text: String,
    /// What was wrong.
    pub why: String,
}

/// Reads `車馬炮兵 vs 車炮士象全` (or `對`/`对` between the sides; FEN letters R N/H C P A B/E
/// too): each piece character counts one, a count before it (2, 二, 雙/双) multiplies it, and
/// `全` after 士象 (仕相) means both pairs are complete. The first side is the first mover's.
pub fn parse(text: &str) -> Result<Material, MaterialError> {
    let err = |why: String| MaterialError { text: text.to_string(), why };
    let sides: Vec<&str> =
        text.split(['對', '对']).flat_map(|s| s.split(" vs ")).flat_map(|s| s.split(" v ")).collect();
    if sides.len() != 2 {
        return Err(err("expected two sides separated by \"vs\" or 對".into()));
    }
    let first = parse_side(sides[0]).map_err(err)?;
    let second = parse_side(sides[1]).map_err(err)?;
    Ok(Material { first, second })
}

fn parse_side(text: &str) -> Result<Counts, String> {
    let mut c = Counts::default();
    let mut factor: Option<u8> = None;
    let mut last_two: Vec<usize> = Vec::new();
    for ch in text.trim().chars() {
        let index = match ch {
            '士' | '仕' | 'A' | 'a' => Some(0),
            '象' | '相' | 'B' | 'b' | 'E' | 'e' => Some(1),
            '馬' | '马' | '傌' | 'N' | 'n' | 'H' | 'h' => Some(2),
            '車' | '车' | '俥' | 'R' | 'r' => Some(3),
            '炮' | '砲' | '包' | 'C' | 'c' => Some(4),
            '兵' | '卒' | 'P' | 'p' => Some(5),
            _ => None,
        };
        if let Some(i) = index {
            c.0[i] += factor.take().unwrap_or(1);
            last_two.push(i);
            continue;
        }
        match ch {
            '將' | '将' | '帥' | '帅' | 'K' | 'k' | ' ' => {}
            '雙' | '双' | '二' | '2' => factor = Some(2),
            '一' | '單' | '单' | '1' => factor = Some(1),
            '三' | '3' => factor = Some(3),
            '四' | '4' => factor = Some(4),
            '五' | '5' => factor = Some(5),
            '全' => {
                // 士象全: both advisors and both elephants.
                let n = last_two.len();
                if n >= 2 && last_two[n - 2..].iter().all(|&i| i <= 1) {
                    c.0[0] = 2;
                    c.0[1] = 2;
                } else {
                    return Err("全 must follow 士象".into());
                }
            }
            _ => return Err(format!("unknown piece {ch:?}")),
        }
    }
    if factor.is_some() {
        return Err("a count with no piece after it".into());
    }
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chuhan::Variant;

    #[test]
    fn signatures_read_and_match_positions() {
        let m = parse("車馬炮兵 vs 車炮士象全").unwrap();
        assert_eq!(m.first.0, [0, 0, 1, 1, 1, 1]);
        assert_eq!(m.second.0, [2, 2, 0, 1, 1, 0]);
        assert_eq!(parse("RHCP vs RCAABB").unwrap(), m);
        assert_eq!(parse("雙車 對 車馬").unwrap().first.0, [0, 0, 0, 2, 0, 0]);
        let start = Material::of(&chuhan::Position::new(Variant::Xiangqi));
        assert_eq!(start, parse("雙車雙馬雙炮五兵士象全 vs 車車馬馬炮炮兵兵兵兵兵仕仕相相").unwrap());
        assert_ne!(m.signature(), m.swapped().signature());
        assert!(parse("車馬").is_err());
        assert!(parse("車X vs 車").unwrap_err().to_string().contains("unknown piece"));
        assert!(parse("車全 vs 車").is_err());
    }
}
