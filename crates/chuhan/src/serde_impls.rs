//! `serde` support (the `serde` feature): the types a program sends over a wire or keeps in a
//! file serialize as the text a player or another tool reads — a move as `"h2e2"`, a square as
//! `"e4"`, a variant as `"xiangqi"`, a side as `"first"`/`"second"` (reading also accepts
//! `red`, `black`, `cho`, `han`), a role as `"cannon"`, a piece by its FEN letter.

use crate::mv::Move;
use crate::piece::{Piece, Role, Side};
use crate::square::Square;
use crate::variant::Variant;
use serde::de::{Deserialize, Deserializer, Error};
use serde::ser::{Serialize, Serializer};
use std::borrow::Cow;

fn text<'de, D: Deserializer<'de>>(d: D) -> Result<Cow<'de, str>, D::Error> {
    Cow::<'de, str>::deserialize(d)
}

macro_rules! via_text {
    ($t:ty) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                text(d)?.parse().map_err(D::Error::custom)
            }
        }
    };
}

via_text!(Move);
via_text!(Square);
via_text!(Variant);

impl Serialize for Side {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            Side::First => "first",
            Side::Second => "second",
        })
    }
}

impl<'de> Deserialize<'de> for Side {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Side, D::Error> {
        let t = text(d)?;
        match t.to_ascii_lowercase().as_str() {
            "first" | "red" | "cho" | "w" => Ok(Side::First),
            "second" | "black" | "han" | "b" => Ok(Side::Second),
            _ => Err(D::Error::custom(format!("unknown side {t:?}: expected first, second, red, black, cho or han"))),
        }
    }
}

impl Serialize for Role {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Role {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Role, D::Error> {
        let t = text(d)?;
        Role::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(&t))
            .ok_or_else(|| D::Error::custom(format!("unknown role {t:?}")))
    }
}

impl Serialize for Piece {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.letter())
    }
}

impl<'de> Deserialize<'de> for Piece {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Piece, D::Error> {
        let t = text(d)?;
        let mut chars = t.chars();
        match (chars.next().and_then(Piece::from_letter), chars.next()) {
            (Some(p), None) => Ok(p),
            _ => Err(D::Error::custom(format!("unknown piece {t:?}: expected a FEN letter such as C or p"))),
        }
    }
}
