//! Reading a command's start position from `--fen`, strictly or, with `--relaxed`, as a
//! composed position.
//!
//! Problem books and rule books set up positions no game can reach — a soldier behind its
//! start line, say — that are still legal to play from. By default every command refuses
//! them (a typing error is the likelier cause); `--relaxed` accepts pieces on points no game
//! reaches, and says on standard error what it accepted, so a ruling is never made on a
//! position the user did not mean.

use anyhow::{anyhow, Context, Result};
use chuhan::notation::Notation;
use chuhan::{FenError, Move, Position, Setup, Variant};
use clap::Args;

/// Where a game starts, for every command that takes a start position (`play`, `convert`,
/// `adjudicate`, and through [`PositionArgs`] the commands that also take moves): a variant
/// and an optional FEN, read strictly or as a composed position.
#[derive(Args)]
pub struct StartArgs {
    /// The game: xiangqi or janggi.
    #[arg(long, short, default_value = "xiangqi")]
    pub variant: Variant,
    /// The start position as FEN (default: the variant's start position).
    #[arg(long, short)]
    pub fen: Option<String>,
    /// Accept a composed position: pieces on points no game reaches (a soldier behind its
    /// start line); what was accepted is said on standard error.
    #[arg(long)]
    pub relaxed: bool,
}

impl StartArgs {
    /// The start position: `--fen`, or the variant's start.
    pub fn start(&self) -> Result<Position> {
        let fen = self.fen.as_deref().unwrap_or(self.variant.start_fen());
        read_fen(self.variant, fen, self.relaxed, "--fen")
    }
}

/// Where a position comes from, for every command that takes one (`perft`, `moves`, `bench`'s
/// position, `db explore`, `db search`, `adjudicate`): a start and moves played from it.
#[derive(Args)]
pub struct PositionArgs {
    /// The start.
    #[command(flatten)]
    pub start: StartArgs,
    /// Moves to play from the start: coordinates with ranks 0–9 (h2e2; a janggi pass is the
    /// general's square twice, e1e1) or any notation chuhan reads (炮二平五).
    #[arg(long, short, num_args = 0.., value_name = "MOVE")]
    pub moves: Vec<String>,
}

impl PositionArgs {
    /// Whether a position other than the standard start was asked for.
    pub fn given(&self) -> bool {
        self.start.fen.is_some() || !self.moves.is_empty()
    }

    /// The position: the start, then each move checked; an error names the move's number
    /// and text.
    pub fn position(&self) -> Result<Position> {
        let mut pos = self.start.start()?;
        for (i, text) in self.moves.iter().enumerate() {
            let m = read_move(&pos, text).with_context(|| format!("--moves, move {} ({text})", i + 1))?;
            pos.play_unchecked(m);
        }
        Ok(pos)
    }
}

/// A legal move of `pos` from `text`: coordinates first (the plain form scripts use), then
/// any notation; the error of each reading when none gives a legal move.
pub fn read_move(pos: &Position, text: &str) -> Result<Move> {
    match text.parse::<Move>() {
        Ok(m) if pos.is_legal(m) => Ok(m),
        // Coordinates that are no legal move here may be another notation's (Fairy-Stockfish's
        // ranks 1–10); failing that, why the coordinates are illegal.
        Ok(m) => Notation::parse_any(pos, text).or_else(|_| pos.check_move(m).map(|()| m).map_err(anyhow::Error::from)),
        Err(coordinates) => {
            Notation::parse_any(pos, text).map_err(|e| anyhow!("{e}; read as coordinates: {coordinates}"))
        }
    }
}

/// The position `fen` describes in `variant`; `flag` names the option in messages.
pub fn read_fen(variant: Variant, fen: &str, relaxed: bool, flag: &str) -> Result<Position> {
    let context = || format!("cannot read {flag} {fen:?}");
    let setup: Setup = fen.parse().with_context(context)?;
    let error = match setup.position(variant) {
        Ok(pos) => return Ok(pos),
        Err(e) => e,
    };
    let composed = error.is_composed();
    if relaxed && composed {
        let accepted: Vec<String> = error.problems().iter().map(|p| p.describe(variant)).collect();
        let pos = error.ignore_unreachable().map_err(|e| anyhow!("{e}")).with_context(context)?;
        eprintln!("--relaxed: accepted a composed position: {}", accepted.join("; "));
        return Ok(pos);
    }
    // The strict reader's message (it names the FEN field), with a hint when --relaxed would help.
    let hint = if composed { " (a composed position? --relaxed accepts pieces on points no game reaches)" } else { "" };
    Err(anyhow!("{}{hint}", FenError::from(error))).with_context(context)
}
