//! Reads game records in any format chuhan-record knows (PGN, XQF, DhtmlXQ, CBR, CBL: found
//! from the content) and writes every good game as PGN.
//!
//! ```text
//! cargo run -p chuhan-record --example convert -- game.xqf
//! cargo run -p chuhan-record --example convert -- --notation chinese --output games.pgn a.cbl b.xqf
//! ```
//!
//! A game that cannot be read is reported (file, game, ply, text) and skipped; the exit code is
//! then 2, as for a file that cannot be opened.

use chuhan::notation::Notation;
use chuhan_record::{pgn, tools};
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "\
usage: convert [--notation N] [--output FILE] RECORD...

Reads every game of the RECORD files (PGN, XQF, DhtmlXQ, CBR or CBL) and writes them as PGN.
  --notation N    the moves' notation: wxf (default), chinese, chinese-traditional, iccs, uci,
                  algebraic, ... (janggi games: janggi, janggi-fsf, uci)
  --output FILE   write to FILE instead of standard output";

struct Args {
    notation: Notation,
    output: Option<PathBuf>,
    files: Vec<PathBuf>,
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut a = Args { notation: Notation::Wxf, output: None, files: Vec::new() };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => return Err(String::new()),
            "--notation" => {
                let n = args.next().ok_or("--notation needs a value")?;
                a.notation = n.parse().map_err(|e| format!("--notation: {e}"))?;
            }
            "--output" => a.output = Some(args.next().ok_or("--output needs a value")?.into()),
            f if !f.starts_with("--") => a.files.push(f.into()),
            other => return Err(format!("unexpected argument {other:?}")),
        }
    }
    if a.files.is_empty() {
        return Err("no record file given".to_string());
    }
    Ok(a)
}

/// Converts; returns the number of games written and of problems met.
fn run(args: &Args) -> io::Result<(usize, usize)> {
    let out: Box<dyn Write> = match &args.output {
        Some(p) => Box::new(File::create(p).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", p.display())))?),
        None => Box::new(io::stdout().lock()),
    };
    let mut out = BufWriter::new(out);
    let (mut written, mut problems) = (0, 0);
    let mut failure = None;
    for path in &args.files {
        let read = tools::for_each_game(
            path,
            |game| match game {
                Ok(game) if failure.is_none() => match pgn::write_game(&mut out, &game, args.notation) {
                    Ok(()) => written += 1,
                    Err(e) => failure = Some(e),
                },
                Ok(_) => {}
                Err(e) => {
                    eprintln!("convert: {e}");
                    problems += 1;
                }
            },
            |_| {},
        );
        if let Err(e) = read {
            eprintln!("convert: {}: {e}", path.display());
            problems += 1;
        }
        if let Some(e) = failure.take() {
            return Err(e);
        }
    }
    out.flush()?;
    Ok((written, problems))
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("convert: {e}\n");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok((written, 0)) => {
            eprintln!("convert: {written} games written");
            ExitCode::SUCCESS
        }
        Ok((written, problems)) => {
            eprintln!("convert: {written} games written, {problems} could not be read");
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("convert: cannot write: {e}");
            ExitCode::from(2)
        }
    }
}
