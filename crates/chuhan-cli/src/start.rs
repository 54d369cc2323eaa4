//! Reading a command's start position from `--fen`, strictly or, with `--relaxed`, as a
//! composed position.
//!
//! Problem books and rule books set up positions no game can reach — a soldier behind its
//! start line, say — that are still legal to play from. By default every command refuses
//! them (a typing error is the likelier cause); `--relaxed` accepts pieces on points no game
//! reaches, and says on standard error what it accepted, so a ruling is never made on a
//! position the user did not mean.

use anyhow::{anyhow, Context, Result};
use chuhan::{Position, Setup, Variant};

/// The position `fen` describes in `variant`; `flag` names the option in messages.
pub fn read_fen(variant: Variant, fen: &str, relaxed: bool, flag: &str) -> Result<Position> {
    let context = || format!("cannot read {flag} {fen:?}");
    let setup: Setup = fen.parse().with_context(context)?;
    let error = match setup.position(variant) {
        Ok(pos) => return Ok(pos),
        Err(e) => e,
    };
    let unreachable: Vec<String> =
        error.problems().iter().filter(|p| p.is_ignorable()).map(|p| p.describe(variant)).collect();
    let only_unreachable = unreachable.len() == error.problems().len();
    if relaxed && only_unreachable {
        let pos = error.ignore_unreachable().map_err(|e| anyhow!("{e}")).with_context(context)?;
        eprintln!("--relaxed: accepted a composed position: {}", unreachable.join("; "));
        return Ok(pos);
    }
    // The same message as the strict reader gives, with a hint when --relaxed would help.
    let strict = Position::from_fen(variant, fen).err().map(|e| e.to_string()).unwrap_or_else(|| error.to_string());
    let hint = if only_unreachable && !relaxed {
        " (a composed position? --relaxed accepts pieces on points no game reaches)"
    } else {
        ""
    };
    Err(anyhow!("{strict}{hint}")).with_context(context)
}
