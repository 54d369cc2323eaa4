//! The `serde` feature: wire types serialize as their text and read back.
#![cfg(feature = "serde")]

use chuhan::{Move, Piece, Role, Side, Square, Variant};

#[test]
fn types_serialize_as_their_text_and_read_back() {
    let m: Move = "h2e2".parse().unwrap();
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"h2e2\"");
    assert_eq!(serde_json::from_str::<Move>("\"h2-e2\"").unwrap(), m);
    assert_eq!(serde_json::to_string(&Variant::Janggi).unwrap(), "\"janggi\"");
    assert_eq!(serde_json::to_string(&Side::BLACK).unwrap(), "\"second\"");
    assert_eq!(serde_json::from_str::<Side>("\"cho\"").unwrap(), Side::First);
    assert_eq!(serde_json::to_string(&Role::Cannon).unwrap(), "\"cannon\"");
    assert_eq!(serde_json::from_str::<Piece>("\"c\"").unwrap(), Piece::new(Side::Second, Role::Cannon));
    assert_eq!(serde_json::from_str::<Square>("\"i9\"").unwrap().index(), 89);
    let err = serde_json::from_str::<Move>("\"h2z2\"").unwrap_err().to_string();
    assert!(err.contains("h2z2"), "{err}");
    assert!(serde_json::from_str::<Side>("\"white\"").is_err());
    assert!(serde_json::from_str::<Piece>("\"CC\"").is_err());
}
