//! The games of record files, for the commands that work game by game (`review`, `puzzles`).

use crate::safe::terminal;
use chuhan_record::tools::for_each_game;
use chuhan_record::tree::Record;
use std::path::PathBuf;

/// One game read: its file as named, its place in the file (from 1), the record.
pub struct GameIn {
    pub file: String,
    pub index: usize,
    pub record: Record,
}

/// Every game of `paths` in order, and how many games or files could not be read (each named on
/// standard error, escaped for the terminal, as it is met).
pub fn read_games(paths: &[PathBuf]) -> (Vec<GameIn>, usize) {
    let mut games = Vec::new();
    let mut bad = 0usize;
    for path in paths {
        let file = path.display().to_string();
        let mut index = 0;
        let read = for_each_game(
            path,
            |g| {
                index += 1;
                match g {
                    Ok(record) => games.push(GameIn { file: file.clone(), index, record }),
                    Err(e) => {
                        bad += 1;
                        eprintln!("{}", terminal(&e.to_string()));
                    }
                }
            },
            |_| {},
        );
        if let Err(e) = read {
            bad += 1;
            eprintln!("{}: {}", terminal(&file), e);
        }
    }
    (games, bad)
}
