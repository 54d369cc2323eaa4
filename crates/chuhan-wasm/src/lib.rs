#![doc = include_str!("../README.md")]
//!
//! # The crate
//!
//! The Rust side of the `chuhan` npm package: wasm-bindgen exports over the rules crate
//! ([`chuhan`]) and the record crate ([`chuhan_record`]). Each module keeps its logic in plain
//! Rust functions returning [`error::Result`] (tested natively by `cargo test`) and puts a thin
//! `#[wasm_bindgen]` face on them that reads JavaScript arguments and builds JavaScript
//! values; the package itself is tested under Node by `scripts/test-wasm.sh`.

pub mod board;
pub mod error;
pub mod game;
mod js;
pub mod names;
pub mod outcome;
pub mod records;

use wasm_bindgen::prelude::*;

/// The package's version (the crate's).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** How a game ended (`Board.outcome`, `Game.outcome`): the same fields, meaning the same,
 * as the Python package's `Outcome` (docs/api.md). */
export interface Outcome {
  /** The PGN result: "1-0", "0-1" or "1/2-1/2". Changed: it used to be the verdict, now
   * `verdict` (CHANGELOG.md). */
  result: "1-0" | "0-1" | "1/2-1/2";
  /** What ended it, as a code: "checkmate", "stalemate", "perpetual-check", "perpetual-chase",
   * "perpetual-mate-threat", "mutual-perpetual-check" (-chase, -mate-threat), "repetition",
   * "move-limit", "dead-position", "double-pass", "bikjang", "three-checks", "resignation",
   * "agreement" or "time". */
  termination: string;
  /** A sentence for players: "Black wins: Red is checkmated". */
  description: string;
  /** "red wins", "black wins", "cho wins", "han wins" or "draw". */
  verdict: string;
  /** The winner ("red", "black", "cho", "han"), null for a draw. */
  winner: string | null;
  /** The ply at which it ended. */
  ply: number;
  /** The rule set that judged it: "axf", "cxa", "computer", "modern", "traditional", "casual". */
  rules: string;
  /** Janggi point counting when it decided the game: [cho, han]. */
  points: [number, number] | null;
  /** @deprecated The code, now `termination`; removed in the next release. */
  reason: string;
  /** @deprecated The PGN result, now `result`; removed in the next release. */
  pgn: string;
}

/** A game as `readPgn` returns it. */
export interface PgnGame {
  headers: Record<string, string>;
  variant: "xiangqi" | "janggi";
  /** The start position. */
  fen: string;
  /** The main line in coordinates ("h2e2"). */
  moves: string[];
  /** "1-0", "0-1", "1/2-1/2" or "*". */
  result: string;
}

/** A game to write with `writePgn`: every field may be left out. */
export interface PgnGameInput {
  headers?: Record<string, string>;
  variant?: "xiangqi" | "janggi";
  fen?: string;
  moves?: string[];
  result?: string;
}
"#;
