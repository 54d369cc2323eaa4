//! Live progress: a bar with games played, the score and Elo, and lines for finished games.
//!
//! indicatif draws on standard error and only when it is a terminal, so piped output and
//! tests see the plain per-game lines and the summary, nothing else.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    pub fn new(total: u64) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}  [{elapsed_precise}]")
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        Progress { bar }
    }

    /// Prints a line above the bar (or plainly when there is no terminal).
    pub fn line(&self, text: &str) {
        self.bar.suspend(|| println!("{text}"));
    }

    pub fn update(&self, finished: u64, message: String) {
        self.bar.set_position(finished);
        self.bar.set_message(message);
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
