//! `chuhan-engine`: the engine on standard input and output (UCI, or UCCI after `ucci`).
//!
//! Options can also be set on the command line (`--option "Use NNUE=false"`, say, for the
//! hand-written evaluation), for match runners and GUIs that start an engine by its path and
//! cannot send `setoption` themselves: a two-line
//! shell script that `exec`s the engine with its options is then an engine of its own. A command
//! given after the options (`bench`, say) is run after them and ends the engine.

use std::io::{Cursor, Read, Write};
use std::process::ExitCode;

const USAGE: &str = "\
usage: chuhan-engine [--option NAME=VALUE]... [COMMAND...]

Speaks UCI (or UCCI after `ucci`) on standard input and output.
  --option NAME=VALUE   set an option before reading the input, as `setoption name NAME value VALUE`
                        (repeat for several), e.g. --option \"Use NNUE=false\" --option Hash=64
  --tune                list the search's numbers (RfpMargin, LmrBase, ...) as UCI spin options, for a
                        tuner such as `chuhan tune` (setoption takes them with or without it)
  COMMAND...            one command to run after the options (e.g. `bench`); the engine then exits
  -h, --help            this text";

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
struct CommandLine {
    /// The lines to handle before standard input.
    prelude: String,
    /// Whether to read standard input at all.
    interactive: bool,
    /// `--tune`: list the search's numbers as options.
    tune: bool,
}

fn parse(args: impl IntoIterator<Item = String>) -> Result<CommandLine, String> {
    let mut prelude = String::new();
    let mut tune = false;
    let mut args = args.into_iter();
    let mut command = Vec::new();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => return Err(String::new()),
            "--tune" => tune = true,
            "--option" => {
                let spec = args.next().ok_or("--option needs NAME=VALUE")?;
                let (name, value) = spec
                    .split_once('=')
                    .ok_or(format!("--option {spec:?}: expected NAME=VALUE, e.g. \"Use NNUE=true\""))?;
                if name.trim().is_empty() {
                    return Err(format!("--option {spec:?}: the option has no name"));
                }
                prelude.push_str(&format!("setoption name {} value {}\n", name.trim(), value.trim()));
            }
            other if other.starts_with("--") && command.is_empty() => {
                return Err(format!("unknown flag {other} (see --help)"));
            }
            _ => command.push(arg),
        }
    }
    let interactive = command.is_empty();
    if !interactive {
        prelude.push_str(&command.join(" "));
        prelude.push_str("\nquit\n");
    }
    Ok(CommandLine { prelude, interactive, tune })
}

fn main() -> ExitCode {
    let CommandLine { prelude, interactive, tune } = match parse(std::env::args().skip(1)) {
        Ok(parsed) => parsed,
        Err(why) if why.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(why) => {
            let _ = writeln!(std::io::stderr(), "chuhan-engine: {why}");
            return ExitCode::from(2);
        }
    };
    let prelude = Cursor::new(prelude.into_bytes());
    if interactive {
        let stdin = std::io::stdin();
        chuhan_engine::protocol::run_with(prelude.chain(stdin.lock()), Box::new(std::io::stdout()), tune);
    } else {
        chuhan_engine::protocol::run_with(prelude, Box::new(std::io::stdout()), tune);
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::parse;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn options_become_setoption_lines() {
        let line = parse(args(&["--option", "Use NNUE=true", "--option", "Hash = 64"])).unwrap();
        assert_eq!(line.prelude, "setoption name Use NNUE value true\nsetoption name Hash value 64\n");
        assert!(line.interactive && !line.tune);
        let line = parse(args(&["--tune", "--option", "Threads=2", "bench", "6"])).unwrap();
        assert_eq!(line.prelude, "setoption name Threads value 2\nbench 6\nquit\n");
        assert!(!line.interactive && line.tune);
    }

    #[test]
    fn bad_command_lines_are_refused_with_a_reason() {
        assert!(parse(args(&["--option"])).unwrap_err().contains("NAME=VALUE"));
        assert!(parse(args(&["--option", "Hash"])).unwrap_err().contains("\"Hash\""));
        assert!(parse(args(&["--option", "=3"])).unwrap_err().contains("no name"));
        assert!(parse(args(&["--frobnicate"])).unwrap_err().contains("--frobnicate"));
        assert_eq!(parse(args(&["--help"])).unwrap_err(), String::new());
    }
}
