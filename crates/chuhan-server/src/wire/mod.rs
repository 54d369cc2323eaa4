//! The wire: every JSON body the server answers over HTTP, every frame of a game's WebSocket,
//! and every JSON body and frame it reads, as typed structs.
//!
//! The pages' scripts (`static/*.js`), the CLI's clients and the tests read these, so the
//! keys and the shapes of their values are a contract: a key that is `null` stays `null`
//! (an `Option` without `skip_serializing_if`), a key that is left out stays left out. Each
//! type says who reads it; `tests.rs` checks the keys each one writes against the keys the
//! scripts read.
//!
//! This module is a leaf: it uses the rules crates (`chuhan`, `chuhan-record`, `chuhan-db`)
//! and nothing else of the server. The modules that know the data build these structs (the
//! room its state, the handlers their answers), so no handler builds JSON by hand.

use chuhan::BySide;
use serde::{Serialize, Serializer};

pub mod account;
pub mod analysis;
pub mod db;
pub mod game;
pub mod puzzle;
pub mod review;
pub mod tree;

pub use analysis::{
    AnalyseRequest, Analysed, AnalysisLine, AnalysisScore, CheckRequest, Engines, LineMove, PositionCheck, ReadMove,
    ReadRequest, Record, TreeAnswer, TreeRequest,
};
pub use db::{DbInfo, DbSearch, Explore, ExploreGame, ExploreMove, Imported};
pub use game::{
    Archive, ArchivedGame, ChatLine, ClientMessage, Clock, CreateRequest, Created, ErrorFrame, GameEnd, GameState,
    JoinRequest, Joined, PlayedMove, RatedPlayer, Ratings, RatingsChange, RematchState, Seek, SeekRequest, SeekState,
    Seeks,
};
pub use tree::WireTree;

/// The body of every refused HTTP request: `{"error": "...", "code": "..."}`. Every script's
/// `api()` (`static/util.js`) shows `error`; programs and tests read `code`.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct ErrorBody {
    /// What went wrong, for a player.
    pub error: String,
    /// A stable code (`bad_request`, `not_found`, `too_many_requests`, …).
    pub code: &'static str,
}

/// A boolean that is always `B`: the `ok` or `enabled` of an answer whose other keys depend on
/// it (`{"ok": true, …}` or `{"ok": false, "problem": …}`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flag<const B: bool>;

impl<const B: bool> Serialize for Flag<B> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bool(B)
    }
}

/// A WebSocket frame as text. The wire types have string keys only and no fallible fields, so
/// this cannot fail.
pub fn frame_text<T: Serialize>(frame: &T) -> String {
    serde_json::to_string(frame).expect("the wire types always serialize")
}

/// Both sides' values as a two-element array, first mover first: how the browser reads them
/// (it indexes by side number).
pub fn pair<T>(b: BySide<T>) -> [T; 2] {
    [b.first, b.second]
}

#[cfg(test)]
mod tests;
