//! The options every game refereed by `chuhan match` and `chuhan tune` is played under: the
//! game and its rules, the limit of each move, the referee's patience, and the openings.
//! Declared once and flattened into both commands, so the two read them alike.

use super::openings::{self, Opening};
use super::referee::{Adjudication, GameSettings, TimeControl};
use anyhow::{bail, Result};
use chuhan::{Rules, Variant};
use clap::Args;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Args)]
pub struct GameArgs {
    /// The game: xiangqi or janggi.
    #[arg(long, short, default_value = "xiangqi")]
    pub variant: Variant,
    /// Clock: MAIN[+INCREMENT], as `chuhan play` reads it: 10+0.1 (a bare number is seconds),
    /// 40s+0.4s, 1m+1s, 1:30+1.
    #[arg(long, group = "limit")]
    tc: Option<String>,
    /// Fixed time per move in milliseconds.
    #[arg(long, group = "limit")]
    movetime: Option<u64>,
    /// Fixed nodes per move.
    #[arg(long, group = "limit")]
    nodes: Option<u64>,
    /// Fixed depth per move.
    #[arg(long, group = "limit")]
    depth: Option<u32>,
    /// Milliseconds an engine may overrun its clock or movetime before it loses on time.
    #[arg(long, default_value_t = 100)]
    timemargin: u64,
    /// Seconds to wait for an engine that has no clock (nodes, depth, handshake) before it is
    /// declared hung.
    #[arg(long, default_value_t = 60.0)]
    hang_timeout: f64,
    /// Rule set: axf (default), cxa or computer for xiangqi; modern (default), traditional or
    /// casual for janggi.
    #[arg(long)]
    rules: Option<String>,
    /// Openings: PGN, an EPD/FEN list, or a moves list (default: the built-in set).
    #[arg(long)]
    pub openings: Option<PathBuf>,
}

impl GameArgs {
    /// The rule set named by `--rules`, or the game's default.
    pub fn rules(&self) -> Result<Rules> {
        Ok(match &self.rules {
            Some(name) => Rules::named(self.variant, name)?,
            None => Rules::for_variant(self.variant),
        })
    }

    /// The limit of every move from `--tc`, `--movetime`, `--nodes` or `--depth`.
    pub fn time_control(&self) -> Result<TimeControl> {
        Ok(match (&self.tc, self.movetime, self.nodes, self.depth) {
            (Some(tc), ..) => TimeControl::parse_tc(tc).map_err(anyhow::Error::msg)?,
            (_, Some(ms), ..) if ms > 0 => TimeControl::MoveTime(ms),
            (_, _, Some(n), _) if n > 0 => TimeControl::Nodes(n),
            (_, _, _, Some(d)) if d > 0 => TimeControl::Depth(d),
            (None, None, None, None) => {
                bail!("give a time control: --tc 10+0.1, --movetime MS, --nodes N or --depth D")
            }
            _ => bail!("--movetime, --nodes and --depth must be positive"),
        })
    }

    /// What the referee needs for every game, with the given adjudication.
    pub fn settings(&self, adjudication: Adjudication) -> Result<GameSettings> {
        Ok(GameSettings {
            variant: self.variant,
            rules: self.rules()?,
            tc: self.time_control()?,
            margin: Duration::from_millis(self.timemargin),
            hang_timeout: Duration::from_secs_f64(self.hang_timeout.max(0.001)),
            adjudication,
        })
    }

    /// The openings of `--openings`, or the built-in set of the game.
    pub fn book(&self) -> Result<Vec<Opening>> {
        Ok(match &self.openings {
            Some(path) => openings::load(path, self.variant)?,
            None => openings::default_set(self.variant),
        })
    }
}
