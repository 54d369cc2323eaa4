//! Progress bars on standard error.
//!
//! indicatif draws only when standard error is a terminal, so piped runs, scripts and tests see
//! the commands' own lines and nothing else; each command prints a summary line when it ends.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar of `total` steps drawn with `template` (indicatif's template syntax); `{msg}` in it is
/// what the command sets as it goes (positions written, speed...).
pub fn bar(total: u64, template: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    // The templates are constants of this crate: a bad one falls back to a plain bar.
    bar.set_style(ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()));
    bar
}
