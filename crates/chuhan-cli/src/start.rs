//! Reading a command's start position from `--fen`, strictly or, with `--relaxed`, as a
//! composed position.
//!
//! Problem books and rule books set up positions no game can reach — a soldier behind its
//! start line, say — that are still legal to play from. By default every command refuses
//! them (a typing error is the likelier cause); `--relaxed` accepts pieces on points no game
//! reaches, and says on standard error what it accepted, so a ruling is never made on a
//! position the user did not mean.

use anyhow::{anyhow, Context, Result};
use chuhan::{FenError, Position, Setup, Variant};

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
