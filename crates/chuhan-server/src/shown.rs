//! How the server writes what players read of a game: its moves in the notation they chose
//! (a pass in words), the notation each game uses unless they choose, and the name of its
//! opening. Used by the rooms and by the handlers alike, so it depends on neither.

use chuhan::game::Outcome;
use chuhan::notation::Notation;
use chuhan::{Move, Position, Variant};
use chuhan_db::Lang;

/// A ruling in every language, by tag (the wire's `reasons`).
pub fn reasons(outcome: &Outcome, variant: Variant) -> std::collections::BTreeMap<&'static str, String> {
    use chuhan_i18n::{Lang, Localize};
    Lang::ALL.into_iter().map(|l| (l.tag(), outcome.localize(variant, l))).collect()
}

/// [`reasons`] with owned tags, as stored with a game's end or a review.
pub fn stored_reasons(outcome: &Outcome, variant: Variant) -> std::collections::BTreeMap<String, String> {
    reasons(outcome, variant).into_iter().map(|(tag, words)| (tag.to_string(), words)).collect()
}

/// The default notation of a variant: Chinese for xiangqi, the numeric one for janggi.
pub fn default_notation(v: Variant) -> Notation {
    match v {
        Variant::Xiangqi => Notation::Chinese,
        Variant::Janggi => Notation::Janggi,
    }
}

/// A move as the move list shows it: a pass in words (한수쉼 in the Korean numeric notation,
/// "Pass" in the others), not as records write it (the general's point twice, 95楚95, which
/// reads as a move); both words read back as a pass.
pub fn move_text(notation: Notation, pos: &Position, m: Move) -> String {
    match (m.is_pass(), notation) {
        (true, Notation::Janggi | Notation::JanggiHangul) => "한수쉼".to_string(),
        (true, _) => "Pass".to_string(),
        (false, _) => notation.format(pos, m),
    }
}

/// The opening of a line, by chuhan-db's rule for a game: xiangqi from the standard start is
/// named by its position after [`chuhan_db::opening::OPENING_PLY`] plies (or the last, if
/// shorter); janggi by the two formations of its start.
pub fn opening(game: &chuhan::Game) -> Option<chuhan_db::Opening> {
    let start = game.start();
    if start.variant() == Variant::Janggi {
        return chuhan_db::opening::janggi_opening(start);
    }
    // The board and the side to move, as chuhan-record's `has_standard_start` compares them.
    let fields = |s: &str| s.split_whitespace().take(2).map(str::to_string).collect::<Vec<_>>();
    if fields(&start.to_fen()) != fields(Variant::Xiangqi.start_fen()) {
        return None;
    }
    let mut pos = start.clone();
    for m in game.moves().take(chuhan_db::opening::OPENING_PLY) {
        pos.play_unchecked(m);
    }
    chuhan_db::opening::classify(&pos)
}

/// The name of an opening as the pages show it: English and simplified Chinese.
pub fn opening_name(o: chuhan_db::Opening) -> String {
    let (en, zh) = (o.name(Lang::English), o.name(Lang::Simplified));
    if en == zh {
        en
    } else {
        format!("{en} · {zh}")
    }
}

/// The name of [`opening`] of a line, as the pages show it.
pub fn line_opening(game: &chuhan::Game) -> Option<String> {
    opening(game).map(opening_name)
}

/// An opening's name in each language the pages speak, by tag (the wire's `openings`, beside
/// the two-language `opening`): chuhan-db's names, Vietnamese players' own and else the Chinese.
pub fn opening_names(o: chuhan_db::Opening) -> std::collections::BTreeMap<&'static str, String> {
    chuhan_i18n::Lang::ALL
        .into_iter()
        .filter_map(|l| l.tag().parse::<Lang>().ok().map(|db| (l.tag(), o.name(db))))
        .collect()
}

/// [`opening_names`] of [`opening`] of a line (empty when it has none).
pub fn line_openings(game: &chuhan::Game) -> std::collections::BTreeMap<&'static str, String> {
    opening(game).map(opening_names).unwrap_or_default()
}
