//! `chuhan play`: a game in the terminal against the engine, a friend, or engine against engine.

pub mod app;
pub mod render;
#[cfg(test)]
mod tests;

use crate::choices::{PieceStyle, SideChoice, Vs};
use anyhow::{bail, Context, Result};
use app::{App, Key, Opponent, Settings};
use chuhan::notation::Notation;
use chuhan::{JanggiFormation, JanggiSetup, Position, Side, Variant};
use chuhan_i18n::Lang;
use clap::Args;
use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct PlayArgs {
    /// The game and the position it starts from (--fen; janggi's setups below otherwise).
    #[command(flatten)]
    start: crate::start::StartArgs,
    /// Engine strength from 1 (beginner) to 20 (full strength).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=20))]
    level: u32,
    /// Engine strength as an Elo rating (800–2800), instead of --level.
    #[arg(long)]
    elo: Option<u32>,
    /// Your side: red or black (xiangqi), cho or han (janggi).
    #[arg(long, value_enum, ignore_case = true, default_value = "red")]
    side: SideChoice,
    /// Opponent: engine, human (same keyboard) or watch (engine against engine).
    #[arg(long, value_enum, ignore_case = true, default_value = "engine")]
    vs: Vs,
    /// Clock: MAIN[+INCREMENT] with units (10m+5s, 40s+0.4s, 1:30+1; a bare number is seconds,
    /// as in `chuhan match`), byoyomi:5m+3x30s, cxa (the seeds' tournament rule) or none.
    #[arg(long, default_value = "10m+5s")]
    tc: String,
    /// Notation of the move list and typed moves (default: the language's — wxf in English,
    /// chinese or chinese-traditional in Chinese, vietnamese in Vietnamese; janggi for
    /// janggi); moves in any other notation are read too.
    #[arg(long)]
    notation: Option<Notation>,
    /// Language of the screen and the rulings: en, zh-Hans, zh-Hant, ko or vi (also zh_CN,
    /// ko_KR.UTF-8…). Default: from LC_ALL, LC_MESSAGES or LANG; English otherwise.
    #[arg(long, value_name = "TAG")]
    lang: Option<Lang>,
    /// Pieces as Chinese characters or Latin letters (for terminals without CJK fonts).
    #[arg(long, value_enum, ignore_case = true, default_value = "chinese")]
    pieces: PieceStyle,
    /// Start from the end of this game record (PGN, XQF, DhtmlXQ).
    #[arg(long)]
    load: Option<std::path::PathBuf>,
    /// Janggi: Cho's setup (outer, inner, left, right, mobile); without it and --han-setup,
    /// the setups are chosen on screen before the game.
    #[arg(long)]
    cho_setup: Option<JanggiFormation>,
    /// Janggi: Han's setup.
    #[arg(long)]
    han_setup: Option<JanggiFormation>,
    /// Play against another engine instead of chuhan's own (--level is then ignored):
    /// `cmd=PATH[,proto=uci|ucci][,name=N][,arg=A][,option.NAME=VALUE]...`, as in `chuhan match`.
    /// It thinks for a share of the clock; a move it cannot give, or an illegal one, loses it
    /// the game.
    #[arg(long, value_name = "SPEC")]
    engine: Option<String>,
}

fn settings(args: &PlayArgs) -> Result<Settings> {
    let variant = args.start.variant;
    let user_side = Side::from(args.side);
    let opponent = match args.vs {
        Vs::Engine => Opponent::Engine,
        Vs::Human => Opponent::Human,
        Vs::Watch => Opponent::Watch,
    };
    let letters = args.pieces == PieceStyle::Letters;
    let level = args.elo.map_or(args.level, |e| (e.clamp(800, 2800) - 800) / 100).clamp(1, 20);
    let lang = args.lang.unwrap_or_else(Lang::from_env);
    let notation = args.notation.unwrap_or_else(|| default_notation(lang, variant));
    if !notation.applies_to(variant) {
        bail!("--notation {notation} is not used for {variant}");
    }
    if args.engine.is_some() && opponent == Opponent::Human {
        bail!("--engine plays against you (--vs engine) or itself (--vs watch), not in --vs human games");
    }
    Ok(Settings {
        variant,
        level,
        user_side,
        opponent,
        notation,
        letters,
        color: std::env::var_os("NO_COLOR").is_none(),
        control: crate::tc::parse(&args.tc).map_err(anyhow::Error::msg)?,
        external: args.engine.as_deref().map(str::parse).transpose()?,
        lang,
    })
}

/// The notation players of `lang` expect: Chinese in the Chinese scripts, Vietnamese letters
/// in Vietnamese, WXF in English (and in Korean, whose xiangqi players read it more readily
/// than Chinese characters); janggi's numbers for janggi, with Hangul piece names in Korean.
pub fn default_notation(lang: Lang, variant: Variant) -> Notation {
    match (variant, lang) {
        // Korean records name janggi's pieces in Hangul (79졸78).
        (Variant::Janggi, Lang::Ko) => Notation::JanggiHangul,
        (Variant::Janggi, _) => Notation::Janggi,
        (_, Lang::ZhHans) => Notation::Chinese,
        (_, Lang::ZhHant) => Notation::ChineseTraditional,
        (_, Lang::Vi) => Notation::Vietnamese,
        _ => Notation::Wxf,
    }
}

fn start_position(args: &PlayArgs) -> Result<(Position, Vec<chuhan::Move>)> {
    if let Some(path) = &args.load {
        let mut found = None;
        chuhan_record::tools::for_each_game(
            path,
            |g| {
                if found.is_none() {
                    found = Some(g);
                }
            },
            |_| {},
        )
        .with_context(|| format!("cannot read {}", path.display()))?;
        let game = found.with_context(|| format!("{}: no game in it", path.display()))?.map_err(anyhow::Error::new)?;
        let start = game.start_position()?;
        return Ok((start, game.mainline_moves()));
    }
    let pos = match (&args.start.fen, args.start.variant) {
        (Some(_), _) => args.start.start()?,
        (None, Variant::Janggi) => JanggiSetup {
            cho: args.cho_setup.unwrap_or(JanggiFormation::InnerElephants),
            han: args.han_setup.unwrap_or(JanggiFormation::InnerElephants),
        }
        .position(),
        (None, v) => Position::new(v),
    };
    Ok((pos, Vec::new()))
}

/// Maps a terminal key to an application key.
fn key(ev: KeyEvent, input_empty: bool) -> Option<Key> {
    let ctrl = ev.modifiers.contains(KeyModifiers::CONTROL);
    Some(match ev.code {
        KeyCode::Char('c') | KeyCode::Char('q') if ctrl => Key::Quit,
        KeyCode::Char('f') if ctrl => Key::Flip,
        KeyCode::Char('h') if ctrl => Key::Hint,
        KeyCode::Char('u') | KeyCode::Char('z') if ctrl => Key::Undo,
        KeyCode::Char('r') if ctrl => Key::Resign,
        KeyCode::Char('d') if ctrl => Key::OfferDraw,
        KeyCode::Char('p') if ctrl => Key::Pass,
        KeyCode::Char('s') if ctrl => Key::Save,
        KeyCode::Char(' ') if input_empty => Key::Select,
        KeyCode::Char(c) if !ctrl => Key::Char(c),
        KeyCode::Enter => Key::Enter,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Esc => Key::Escape,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        _ => return None,
    })
}

/// Saves the game as PGN next to the working directory; returns the file name.
fn save(app: &App) -> Result<String> {
    let mut record = chuhan_record::tree::Record::new(app.settings.variant);
    record.start_fen = app.game.start().to_fen();
    record.main.nodes = app.game.moves().map(chuhan_record::tree::Node::new).collect();
    record.headers.set("Event", "chuhan play");
    record.outcome = chuhan_record::RecordResult::from(app.game.outcome().map(|o| o.result));
    let stem = format!("chuhan-{}", std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?.as_secs());
    let name = format!("{stem}.pgn");
    let mut file = std::fs::File::create(&name).with_context(|| format!("cannot create {name}"))?;
    chuhan_record::pgn::write_game(&mut file, &record, app.settings.notation)?;
    if app.settings.variant == Variant::Xiangqi {
        // XQStudio's format too, for xiangqi.
        let xqf = format!("{stem}.xqf");
        std::fs::write(&xqf, chuhan_record::xqf::write(&record)?).with_context(|| format!("cannot write {xqf}"))?;
        return Ok(format!("{name}, {xqf}"));
    }
    Ok(name)
}

pub fn play(args: PlayArgs) -> Result<()> {
    let settings = settings(&args)?;
    let (start, moves) = start_position(&args)?;
    let now = Instant::now();
    let mut app = App::new(settings, start, now);
    let choose = args.start.variant == Variant::Janggi
        && args.cho_setup.is_none()
        && args.han_setup.is_none()
        && args.start.fen.is_none()
        && args.load.is_none();
    if choose {
        app.choose_setups();
    }
    for m in moves {
        app.game.play(m).context("the loaded game")?;
        app.move_texts.push(m.to_string());
    }
    let mut terminal = ratatui::init();
    let result = (|| -> Result<()> {
        while !app.quit {
            let now = Instant::now();
            app.tick(now);
            terminal.draw(|f| render::draw(f, &app, now))?;
            if event::poll(Duration::from_millis(100))? {
                if let Event::Key(ev) = event::read()? {
                    if ev.kind != KeyEventKind::Press {
                        continue;
                    }
                    if let Some(k) = key(ev, app.input.is_empty()) {
                        if k == Key::Save {
                            app.status = match save(&app) {
                                Ok(name) => app.text_with("saved", &app::args([("files", name.into())])),
                                Err(e) => {
                                    app.text_with("save-failed", &app::args([("error", format!("{e:#}").into())]))
                                }
                            };
                        } else {
                            app.key(k, Instant::now());
                        }
                    }
                }
            }
        }
        Ok(())
    })();
    ratatui::restore();
    result
}
