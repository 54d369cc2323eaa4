//! `chuhan play` without a terminal: keys in, state and screen out, with made-up time.

use super::app::{App, Key, Opponent, Settings};
use super::render;
use chuhan::notation::Notation;
use chuhan::{EndReason, GameResult, Position, Side, Variant};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::time::{Duration, Instant};

fn settings(opponent: Opponent, control: &str) -> Settings {
    Settings {
        variant: Variant::Xiangqi,
        level: 1,
        user_side: Side::First,
        opponent,
        notation: Notation::Chinese,
        letters: false,
        color: false,
        control: crate::tc::parse(control).unwrap(),
        external: None,
        lang: chuhan_i18n::Lang::En,
    }
}

fn type_text(app: &mut App, text: &str, now: Instant) {
    for c in text.chars() {
        app.key(Key::Char(c), now);
    }
    app.key(Key::Enter, now);
}

fn screen(app: &App, now: Instant) -> String {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|f| render::draw(f, app, now)).unwrap();
    let buffer = terminal.backend().buffer().clone();
    let mut text = String::new();
    for y in 0..buffer.area.height {
        let mut x = 0;
        while x < buffer.area.width {
            let symbol = buffer[(x, y)].symbol();
            text.push_str(symbol);
            // A wide (CJK) character fills two cells; the second holds a filler.
            x += if symbol.chars().any(|c| c >= '\u{2e80}') { 2 } else { 1 };
        }
        text.push('\n');
    }
    text
}

#[test]
fn moves_typed_in_any_notation_between_two_people() {
    let t0 = Instant::now();
    let mut app = App::new(settings(Opponent::Human, "none"), Position::new(Variant::Xiangqi), t0);
    type_text(&mut app, "炮二平五", t0);
    type_text(&mut app, "H8+7", t0);
    type_text(&mut app, "h0g2", t0);
    assert_eq!(app.game.ply(), 3);
    assert_eq!(app.move_texts, ["炮二平五", "马８进７", "马二进三"]);
    // Illegal input is explained, not played.
    type_text(&mut app, "炮二平十", t0);
    assert_eq!(app.game.ply(), 3);
    assert!(app.status.contains("十 is not a file"), "{}", app.status);
    app.key(Key::Escape, t0);
    // Takeback.
    app.key(Key::Undo, t0);
    assert_eq!(app.game.ply(), 2);
    let s = screen(&app, t0);
    assert!(s.contains("楚 河") && s.contains("炮二平五"), "{s}");
}

/// The opening's name (chuhan-db's classification) follows the game, in the notation's
/// language.
#[test]
fn the_opening_is_named_as_the_game_goes() {
    let t0 = Instant::now();
    let mut app = App::new(settings(Opponent::Human, "none"), Position::new(Variant::Xiangqi), t0);
    assert_eq!(app.opening(), None);
    type_text(&mut app, "h2e2", t0);
    assert_eq!(app.opening().as_deref(), Some("中炮"));
    for m in ["h9g7", "h0g2", "b9c7", "i0h0", "i9h9"] {
        type_text(&mut app, m, t0);
    }
    assert_eq!(app.opening().as_deref(), Some("中炮对屏风马"));
    assert!(screen(&app, t0).contains("中炮对屏风马"), "{}", screen(&app, t0));
    // A cannon traded for a horse and a chariot for the cannon: still named (the position is
    // still an opening's), and the name comes from the game's latest named position.
    for m in ["c3c4", "b7b0", "a0b0"] {
        type_text(&mut app, m, t0);
    }
    assert_eq!(app.game.ply(), 9, "{}", app.status);
    assert!(app.opening().is_some_and(|o| o.starts_with("中炮")), "{:?}", app.opening());
    let mut english = settings(Opponent::Human, "none");
    english.notation = Notation::Wxf;
    let mut app = App::new(english, Position::new(Variant::Xiangqi), t0);
    type_text(&mut app, "h2e2", t0);
    assert_eq!(app.opening().as_deref(), Some("Central Cannon"));
}

/// The opening's name in the screen's language: Vietnamese players' names, janggi's formations
/// in Korean.
#[test]
fn the_opening_is_named_in_the_screens_language() {
    let t0 = Instant::now();
    let mut vi = settings(Opponent::Human, "none");
    vi.lang = chuhan_i18n::Lang::Vi;
    let mut app = App::new(vi, Position::new(Variant::Xiangqi), t0);
    for m in ["h2e2", "h9g7", "h0g2", "b9c7"] {
        type_text(&mut app, m, t0);
    }
    assert_eq!(app.opening().as_deref(), Some("Pháo đầu đối Bình phong mã"));
    let mut ko = settings(Opponent::Human, "none");
    ko.lang = chuhan_i18n::Lang::Ko;
    ko.variant = Variant::Janggi;
    let app = App::new(ko, Position::new(Variant::Janggi), t0);
    assert_eq!(app.opening().as_deref(), Some("안상 대 안상"));
}

#[test]
fn moves_picked_with_the_cursor() {
    let t0 = Instant::now();
    let mut app = App::new(settings(Opponent::Human, "none"), Position::new(Variant::Xiangqi), t0);
    // The cursor starts on Red's general (e0); go to the h2 cannon and then to e2.
    for k in [Key::Up, Key::Up, Key::Right, Key::Right, Key::Right, Key::Select] {
        app.key(k, t0);
    }
    assert_eq!(app.selected.map(|s| s.to_string()), Some("h2".to_string()));
    assert!(app.targets().iter().any(|s| s.to_string() == "e2"));
    for k in [Key::Left, Key::Left, Key::Left, Key::Select] {
        app.key(k, t0);
    }
    assert_eq!(app.game.moves().next().map(|m| m.to_string()), Some("h2e2".to_string()));
}

#[test]
fn the_engine_answers() {
    let t0 = Instant::now();
    let mut app = App::new(settings(Opponent::Engine, "none"), Position::new(Variant::Xiangqi), t0);
    type_text(&mut app, "C2.5", t0);
    let deadline = Instant::now() + Duration::from_secs(20);
    while app.game.ply() < 2 && Instant::now() < deadline {
        app.tick(Instant::now());
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(app.game.ply(), 2, "{}", app.status);
    assert!(!app.engine_busy());
    // Against the engine, takeback removes both moves.
    app.key(Key::Undo, Instant::now());
    assert_eq!(app.game.ply(), 0);
}

#[test]
fn clocks_run_and_flags_fall() {
    let t0 = Instant::now();
    let mut app = App::new(settings(Opponent::Human, "1m+0s"), Position::new(Variant::Xiangqi), t0);
    type_text(&mut app, "h2e2", t0 + Duration::from_secs(20));
    assert_eq!(
        app.clocks.as_ref().unwrap().show(Side::First, t0 + Duration::from_secs(20)).left,
        Duration::from_secs(40)
    );
    assert!(screen(&app, t0 + Duration::from_secs(20)).contains("00:40"));
    // Black thinks for more than a minute.
    app.tick(t0 + Duration::from_secs(85));
    let o = app.game.outcome().expect("Black's flag fell");
    assert_eq!((o.result, o.reason), (GameResult::Win(Side::First), EndReason::Time));
    assert!(app.status.contains("Black ran out of time"), "{}", app.status);
}

#[test]
fn resign_draw_and_janggi_pass() {
    let t0 = Instant::now();
    let mut app = App::new(settings(Opponent::Human, "none"), Position::new(Variant::Xiangqi), t0);
    app.key(Key::OfferDraw, t0);
    assert_eq!(app.game.outcome().map(|o| o.result), Some(GameResult::Draw));

    let mut s = settings(Opponent::Human, "none");
    s.variant = Variant::Janggi;
    s.notation = Notation::Janggi;
    s.letters = true;
    let mut app = App::new(s, Position::new(Variant::Janggi), t0);
    app.key(Key::Pass, t0);
    app.key(Key::Pass, t0);
    let o = app.game.outcome().expect("two passes end the game");
    assert_eq!(o.reason, EndReason::DoublePass);
    assert!(screen(&app, t0).contains("counting 72 to 73.5"));
    app.key(Key::Resign, t0);
    assert_eq!(app.game.outcome().unwrap().reason, EndReason::DoublePass, "nothing after the end");
}

#[test]
fn janggi_setups_are_chosen_before_the_game() {
    let t0 = Instant::now();
    let mut s = settings(Opponent::Human, "none");
    s.variant = Variant::Janggi;
    s.notation = Notation::Janggi;
    let mut app = App::new(s, Position::new(Variant::Janggi), t0);
    app.choose_setups();
    assert!(screen(&app, t0).contains("Setup for Cho"));
    // Cho: outer (one up from the default, inner); Han: one down from there, inner again.
    app.key(Key::Up, t0);
    app.key(Key::Enter, t0);
    assert!(screen(&app, t0).contains("Setup for Han"));
    app.key(Key::Down, t0);
    app.key(Key::Enter, t0);
    assert!(app.setup.is_none());
    let fen = app.game.start().to_fen();
    assert!(fen.starts_with("rnba1abnr/"), "{fen}");
    assert!(fen.contains("/RBNA1ANBR w"), "{fen}");
    // Against the engine only the user's side is asked.
    let mut s = settings(Opponent::Engine, "none");
    s.variant = Variant::Janggi;
    s.notation = Notation::Janggi;
    let mut app = App::new(s, Position::new(Variant::Janggi), t0);
    app.choose_setups();
    app.key(Key::Enter, t0);
    assert!(app.setup.is_none(), "the engine chose Han's setup itself");
}

#[test]
fn cxa_clock_and_takeback_gives_the_time_back() {
    let t0 = Instant::now();
    let s = |secs| t0 + Duration::from_secs(secs);
    let mut app = App::new(settings(Opponent::Human, "cxa"), Position::new(Variant::Xiangqi), t0);
    type_text(&mut app, "h2e2", s(70));
    assert!(screen(&app, s(70)).contains("(move 01:00, 2 spare)"), "{}", screen(&app, s(70)));
    type_text(&mut app, "h9g7", s(80));
    let red = app.clocks.as_ref().unwrap().show(Side::First, s(80));
    assert_eq!((red.left, red.spare), (Duration::from_secs(1130), 2));
    // Black takes back its move: its ten seconds are given back, Red's clock is as it was.
    app.key(Key::Undo, s(90));
    assert_eq!(app.game.ply(), 1);
    let c = app.clocks.as_ref().unwrap();
    assert_eq!((c.show(Side::Second, s(90)).left, c.running()), (Duration::from_secs(1200), Some(Side::Second)));
    assert_eq!(c.show(Side::First, s(90)).left, Duration::from_secs(1130));
}

/// Settings against the scripted fake engine of `chuhan match`'s tests (python3).
fn against_fake(args: &str) -> Settings {
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("fake_engine.py");
    let spec = format!("cmd=python3,name=Fake,arg={} {args}", script.display());
    Settings { external: Some(spec.parse().unwrap()), ..settings(Opponent::Engine, "none") }
}

/// Ticks until the engine has answered (at most 20 s: python starts slowly on a loaded machine).
fn wait_for_engine(app: &mut App) {
    let until = Instant::now() + Duration::from_secs(20);
    app.tick(Instant::now());
    while app.engine_busy() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
        app.tick(Instant::now());
    }
    assert!(!app.engine_busy(), "the engine did not answer: {}", app.status);
}

#[test]
fn another_engine_plays_its_moves() {
    let t0 = Instant::now();
    let mut app =
        App::new(against_fake("--mode script --script h2e2 h9g7 h0g2 b9c7"), Position::new(Variant::Xiangqi), t0);
    type_text(&mut app, "h2e2", t0);
    wait_for_engine(&mut app);
    type_text(&mut app, "h0g2", Instant::now());
    wait_for_engine(&mut app);
    assert_eq!(app.game.moves().map(|m| m.to_string()).collect::<Vec<_>>(), ["h2e2", "h9g7", "h0g2", "b9c7"]);
    assert!(app.game.outcome().is_none());
}

#[test]
fn another_engines_illegal_move_or_crash_ends_the_game() {
    for (args, why) in [
        ("--mode illegal", "Fake played an illegal move, i9i0"),
        ("--mode garbage", "Fake sent a move that cannot be read: \"xyzzy\""),
        ("--mode crash", "Fake crashed"),
        ("--mode resign", "Fake gave up"),
    ] {
        let t0 = Instant::now();
        let mut app = App::new(against_fake(args), Position::new(Variant::Xiangqi), t0);
        type_text(&mut app, "h2e2", t0);
        wait_for_engine(&mut app);
        let outcome = app.game.outcome().unwrap_or_else(|| panic!("{args}: the game goes on: {}", app.status));
        assert_eq!(outcome.result, GameResult::Win(Side::First), "{args}");
        assert!(app.status.starts_with(&format!("Black loses: {why}")), "{args}: {}", app.status);
    }
    // A command that does not exist: the same, not a panic.
    let mut settings = settings(Opponent::Engine, "none");
    settings.external = Some("cmd=/nonexistent/engine,name=Gone".parse().unwrap());
    let t0 = Instant::now();
    let mut app = App::new(settings, Position::new(Variant::Xiangqi), t0);
    type_text(&mut app, "h2e2", t0);
    wait_for_engine(&mut app);
    assert!(app.status.starts_with("Black loses: Gone: cannot start"), "{}", app.status);
}

/// `chuhan play`'s own arguments, as the command line gives them.
fn parsed(line: &[&str]) -> Settings {
    use clap::Parser;
    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        play: super::PlayArgs,
    }
    let cli = Cli::try_parse_from(std::iter::once("play").chain(line.iter().copied())).unwrap();
    super::settings(&cli.play).unwrap()
}

/// `--lang ko`: the screen, the side names and the ruling in Korean, janggi's numbers.
#[test]
fn korean_screen_with_lang_ko() {
    let t0 = Instant::now();
    let s = parsed(&["--variant", "janggi", "--lang", "ko", "--vs", "human", "--tc", "none", "--pieces", "letters"]);
    assert_eq!(s.lang, chuhan_i18n::Lang::Ko);
    assert_eq!(s.notation, Notation::JanggiHangul);
    let mut app = App::new(s, Position::new(Variant::Janggi), t0);
    let first = screen(&app, t0);
    assert!(first.contains("한수쉼") && first.contains("기권"), "{first}");
    assert!(first.contains("수 입력 (79졸78"), "{first}");
    assert!(first.contains("초") && first.contains("나"), "{first}");
    assert!(!first.contains("flip") && !first.contains("you"), "{first}");
    // Moves in janggi's numbers with Korean piece names, typed either way.
    type_text(&mut app, "79졸78", t0);
    type_text(&mut app, "41兵42", t0);
    assert_eq!(app.move_texts, ["79졸78", "41병42"]);
    assert!(app.status.starts_with("한: 41병42"), "{}", app.status);
    // A move that does not read: why, in Korean.
    type_text(&mut app, "zzz", t0);
    assert_eq!(app.status, "zzz: 이 기보법으로 읽을 수 없는 수입니다");
    app.input.clear();
    app.key(Key::Pass, t0);
    app.key(Key::Pass, t0);
    assert_eq!(app.game.outcome().map(|o| o.reason), Some(EndReason::DoublePass));
    assert!(app.status.contains("양쪽이 연달아 한수쉼"), "{}", app.status);
    assert!(app.status.contains("점수 초 72, 한 73.5"), "{}", app.status);
    app.key(Key::Char('x'), t0);
    assert!(app.status.ends_with("^U 무름, ^S 저장, ^Q 끝"), "{}", app.status);
}

/// Each language brings its notation unless --notation says otherwise; the flag wins.
#[test]
fn each_language_brings_its_notation() {
    for (lang, notation) in [
        ("en", Notation::Wxf),
        ("zh-Hans", Notation::Chinese),
        ("zh_TW.UTF-8", Notation::ChineseTraditional),
        ("ko", Notation::Wxf),
        ("vi", Notation::Vietnamese),
    ] {
        assert_eq!(parsed(&["--lang", lang]).notation, notation, "{lang}");
        assert_eq!(parsed(&["--lang", lang, "--notation", "iccs"]).notation, Notation::Iccs, "{lang}");
        // Janggi's numbers in every language; in Korean with the pieces in Hangul (79졸78).
        let janggi = if lang == "ko" { Notation::JanggiHangul } else { Notation::Janggi };
        assert_eq!(parsed(&["--lang", lang, "--variant", "janggi"]).notation, janggi, "{lang}");
    }
    // A Vietnamese game: moves typed and written in Vietnamese letters, the screen in Vietnamese.
    let t0 = Instant::now();
    let mut app =
        App::new(parsed(&["--lang", "vi", "--vs", "human", "--tc", "none"]), Position::new(Variant::Xiangqi), t0);
    type_text(&mut app, "P2-5", t0);
    type_text(&mut app, "h9g7", t0);
    assert_eq!(app.move_texts, ["P2-5", "M8.7"]);
    assert!(app.status.starts_with("Đen đi M8.7"), "{}", app.status);
    let s = screen(&app, t0);
    assert!(s.contains("bạn") && s.contains("bỏ lượt"), "{s}");
    assert!("fr".parse::<chuhan_i18n::Lang>().is_err());
}

/// In every language the key line and the welcome line fit the 80-column screen whole.
#[test]
fn every_language_fits_the_screen() {
    let t0 = Instant::now();
    for lang in chuhan_i18n::Lang::ALL {
        for variant in ["xiangqi", "janggi"] {
            let s = parsed(&["--lang", lang.tag(), "--variant", variant, "--vs", "human", "--tc", "none"]);
            let start = Position::new(s.variant);
            let app = App::new(s, start, t0);
            let text = screen(&app, t0);
            let rows: Vec<&str> = text.lines().collect();
            let keys = app.text("keys");
            assert!(rows[rows.len() - 1].trim_end().ends_with(&keys), "{lang} {variant}:\n{text}");
            assert_eq!(rows[rows.len() - 2].trim_end(), app.status, "{lang} {variant}:\n{text}");
        }
    }
}
