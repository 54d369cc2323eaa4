//! `chuhan record check|convert|bench`: game records (PGN, XQF, DhtmlXQ; CBR, CBL and CBF read) on
//! the command line.

use crate::choices::WriteFormat;
use crate::safe::terminal;
use anyhow::{bail, Context, Result};
use chuhan::notation::Notation;
use chuhan_record::tools::{self, Format, Progress};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct RecordArgs {
    #[command(subcommand)]
    what: RecordCommand,
}

#[derive(Subcommand)]
enum RecordCommand {
    /// Read every game of the files and check every move against the rules.
    ///
    /// Prints one line per bad game (file, game, ply and text), then the count of games read,
    /// good and bad, on the last line; exits with status 0 only when all are good.
    Check {
        /// PGN, XQF, DhtmlXQ, CBR, CBL or CBF files (the format is recognised by content).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Convert the good games of the files to another format.
    Convert {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The format to write.
        #[arg(long, value_enum, ignore_case = true)]
        to: WriteFormat,
        /// The notation of PGN moves: chinese (default), wxf, iccs, algebraic, ...
        #[arg(long, default_value = "chinese")]
        notation: Notation,
        /// Where to write (default: standard output).
        #[arg(short, long)]
        out: Option<PathBuf>,
    },
    /// Parse and replay every game of PGN files; games and megabytes per second.
    Bench {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

/// A progress bar on standard error for inputs of more than a megabyte, when it is a terminal.
fn progress_bar(files: &[PathBuf]) -> Option<ProgressBar> {
    let total: u64 = files.iter().filter_map(|f| std::fs::metadata(f).ok()).map(|m| m.len()).sum();
    if total < 1 << 20 || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    Some(bar)
}

pub fn record(args: RecordArgs) -> Result<ExitCode> {
    match args.what {
        RecordCommand::Check { files } => {
            let bar = progress_bar(&files);
            let mut done_before = 0u64;
            let mut last_file = None;
            let summary = tools::check(&files, |p: Progress<'_>| {
                if let Some(b) = &bar {
                    if last_file != Some(p.file.to_path_buf()) {
                        done_before = b.position();
                        last_file = Some(p.file.to_path_buf());
                    }
                    b.set_position(done_before + p.bytes_done);
                    b.set_message(format!("{} games", p.games));
                }
            });
            if let Some(b) = bar {
                b.finish_and_clear();
            }
            for e in &summary.errors {
                println!("{}", terminal(&e.to_string()));
            }
            println!("{}", summary.line());
            Ok(if summary.bad == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
        }
        RecordCommand::Convert { files, to, notation, out } => {
            let format = Format::from(to);
            let mut buffer = Vec::new();
            let summary = tools::convert(&files, format, notation, &mut buffer)?;
            match out {
                Some(path) => {
                    std::fs::write(&path, &buffer).with_context(|| format!("cannot write {}", path.display()))?
                }
                None => std::io::stdout().write_all(&buffer)?,
            }
            for e in &summary.errors {
                eprintln!("skipped {}", terminal(&e.to_string()));
            }
            eprintln!("{}", summary.line());
            if summary.good == 0 {
                bail!("no game could be converted");
            }
            Ok(ExitCode::SUCCESS)
        }
        RecordCommand::Bench { files } => {
            let b = tools::bench(&files);
            println!("{}", b.line());
            Ok(ExitCode::SUCCESS)
        }
    }
}
