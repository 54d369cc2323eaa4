//! The game as the terminal shows it: state and the effect of each key, without a terminal.
//!
//! Every input is a method taking the time it happened (`now`), so tests can play whole games,
//! clocks included, and inspect the state or a rendered buffer.

use chuhan::clock::{Clocks, Control};
use chuhan::notation::Notation;
use chuhan::{BySide, Game, JanggiFormation, JanggiSetup, Move, Position, Rules, Side, Square, Variant};
use chuhan_engine::eval::Classic;
use chuhan_engine::external::{Engine, EngineSpec};
use chuhan_engine::search::{level_limits, level_move, search, Limits, Report, Shared};
use chuhan_engine::Score;
use chuhan_i18n::{tr, Domain, FluentArgs, FluentValue, Lang, Localize};
use std::sync::atomic::Ordering;
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Who plays the side the user does not.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    Engine,
    Human,
    /// The engine plays both sides.
    Watch,
}

/// How the game was set up.
#[derive(Clone, Debug)]
pub struct Settings {
    pub variant: Variant,
    /// Engine strength, 1 (beginner) to 20 (full strength).
    pub level: u32,
    pub user_side: Side,
    pub opponent: Opponent,
    pub notation: Notation,
    pub letters: bool,
    pub color: bool,
    /// `None` for an untimed game.
    pub control: Option<Control>,
    /// Another engine (`--engine`) instead of chuhan's own; hints and draw offers still use
    /// chuhan's.
    pub external: Option<EngineSpec>,
    /// The language of the screen and the rulings (`--lang`, else the environment's).
    pub lang: Lang,
}

/// Arguments for a catalog message: `args([("side", name.into())])`.
pub fn args<'a, const N: usize>(pairs: [(&'a str, FluentValue<'a>); N]) -> FluentArgs<'a> {
    let mut a = FluentArgs::new();
    for (k, v) in pairs {
        a.set(k, v);
    }
    a
}

/// How long an external engine may take to start and to answer beyond its thinking time.
const EXTERNAL_MARGIN: Duration = Duration::from_secs(10);

/// A search running on its own thread.
struct Thinking {
    answer: Receiver<Thought>,
    /// Stops chuhan's own search; an external engine is not interrupted (its thread ends when
    /// its time is up, and an answer nobody waits for kills it).
    stop: Option<Arc<Shared>>,
}

/// What a search came back with: the move or why there is none, and the external engine to
/// keep for the next move (none after it failed: it is killed, and started again next game).
struct Thought {
    choice: Result<Move, String>,
    engine: Option<Engine>,
}

/// Keys the application understands (mapped from the terminal's by the event loop).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Key {
    Char(char),
    Enter,
    Backspace,
    Escape,
    Up,
    Down,
    Left,
    Right,
    /// Space with an empty input: select the piece or point under the cursor.
    Select,
    Flip,
    Hint,
    Undo,
    Resign,
    OfferDraw,
    Pass,
    Save,
    Quit,
}

pub struct App {
    pub settings: Settings,
    pub game: Game,
    /// `None` for an untimed game.
    pub clocks: Option<Clocks>,
    /// The clocks after each move played here (its ply count, then main time and spare periods
    /// by side), so that a takeback gives the time back. Moves of a loaded game have none.
    clock_history: Vec<(usize, BySide<Duration>, BySide<u32>)>,
    pub flipped: bool,
    pub cursor: Square,
    pub selected: Option<Square>,
    pub input: String,
    pub status: String,
    pub hint: Option<Move>,
    pub quit: bool,
    /// Each move as text in the chosen notation, written when it was played.
    pub move_texts: Vec<String>,
    /// Janggi: the setups being chosen before the game starts.
    pub setup: Option<SetupChoice>,
    thinking: Option<Thinking>,
    /// The external engine between its moves.
    external: Option<Engine>,
}

/// The janggi setup picker: each person chooses their side's formation; the engine picks its
/// own.
#[derive(Clone, Debug)]
pub struct SetupChoice {
    /// Whose formation is being chosen now.
    pub side: Side,
    /// The formation under the cursor.
    pub highlighted: usize,
    pub cho: Option<JanggiFormation>,
    pub han: Option<JanggiFormation>,
}

impl App {
    /// The message `id` of `play.ftl` in the game's language.
    pub fn text(&self, id: &str) -> String {
        tr(self.settings.lang, Domain::Play, id, None)
    }

    /// The message `id` of `play.ftl` in the game's language, with arguments.
    pub fn text_with(&self, id: &str, args: &FluentArgs) -> String {
        tr(self.settings.lang, Domain::Play, id, Some(args))
    }

    /// The move `m` of `pos` in the chosen notation.
    pub fn write_move(&self, pos: &Position, m: Move) -> String {
        self.settings.notation.format(pos, m)
    }

    /// A side's name in the game's language (Red, 红方, 초, Đỏ).
    pub fn side_name(&self, side: Side) -> String {
        side.localize(self.settings.variant, self.settings.lang)
    }

    /// The game's ruling in the game's language, when it is over.
    pub fn ruling(&self) -> Option<String> {
        self.game.outcome().map(|o| o.localize(self.settings.variant, self.settings.lang))
    }

    /// The game's opening as chuhan-db names it, in the screen's language (for English, in the
    /// language of the notation, as before): the name of
    /// the latest position along the game that has one (so it follows the game through the
    /// opening and then stays), for xiangqi from the standard start; for janggi the two
    /// formations.
    pub fn opening(&self) -> Option<String> {
        use chuhan_db::opening::{classify, janggi_opening};
        use chuhan_db::Lang;
        let lang = match (self.settings.lang, self.settings.notation) {
            (chuhan_i18n::Lang::ZhHans, _) => Lang::Simplified,
            (chuhan_i18n::Lang::ZhHant, _) => Lang::Traditional,
            (chuhan_i18n::Lang::Ko, _) => Lang::Korean,
            (chuhan_i18n::Lang::Vi, _) => Lang::Vietnamese,
            (_, Notation::Chinese) => Lang::Simplified,
            (_, Notation::ChineseTraditional) => Lang::Traditional,
            _ => Lang::English,
        };
        let start = self.game.start();
        if start.variant() == Variant::Janggi {
            return janggi_opening(start).map(|o| o.name(lang));
        }
        let fields = |fen: &str| fen.split_whitespace().take(2).map(str::to_string).collect::<Vec<_>>();
        if fields(&start.to_fen()) != fields(Variant::Xiangqi.start_fen()) {
            return None;
        }
        let mut pos = start.clone();
        let mut name = classify(&pos);
        for m in self.game.moves() {
            pos.play_unchecked(m);
            match classify(&pos) {
                Some(o) => name = Some(o),
                // Past the opening (pieces traded): no later position is named.
                None if pos.occupied().count() < 28 => break,
                None => {}
            }
        }
        name.map(|o| o.name(lang))
    }

    pub fn new(settings: Settings, start: Position, now: Instant) -> App {
        let rules = Rules::for_variant(settings.variant);
        let game = Game::new(start, rules);
        let cursor = game.position().general(settings.user_side);
        let mut app = App {
            clocks: settings.control.map(Clocks::new),
            clock_history: Vec::new(),
            settings,
            game,
            flipped: false,
            cursor,
            selected: None,
            input: String::new(),
            status: String::new(),
            hint: None,
            quit: false,
            move_texts: Vec::new(),
            setup: None,
            thinking: None,
            external: None,
        };
        app.flipped = app.settings.user_side == Side::Second;
        app.start_clock(now);
        app.status = app.welcome();
        app
    }

    /// Opens the janggi setup picker; the game starts when every formation is chosen.
    pub fn choose_setups(&mut self) {
        let mut choice = SetupChoice { side: Side::First, highlighted: 1, cho: None, han: None };
        // The engine's formations: one of the four played in South Korea, varied by the clock.
        let pick = (std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos())
            % 4) as usize;
        for side in Side::BOTH {
            let engine_side = match self.settings.opponent {
                Opponent::Human => false,
                Opponent::Watch => true,
                Opponent::Engine => side != self.settings.user_side,
            };
            if engine_side {
                match side {
                    Side::First => choice.cho = Some(JanggiFormation::ALL[pick]),
                    Side::Second => choice.han = Some(JanggiFormation::ALL[(pick + 1) % 4]),
                }
            }
        }
        choice.side = if choice.cho.is_none() { Side::First } else { Side::Second };
        self.setup = Some(choice);
        self.status = self.text("setup-choose");
        self.finish_setup(Instant::now());
    }

    fn finish_setup(&mut self, now: Instant) {
        let Some(c) = &self.setup else { return };
        if let (Some(cho), Some(han)) = (c.cho, c.han) {
            let start = JanggiSetup { cho, han }.position();
            self.game = Game::new(start, *self.game.rules());
            self.setup = None;
            self.move_texts.clear();
            self.start_clock(now);
            let formation = |f: JanggiFormation| self.text_with("formation", &args([("formation", f.name().into())]));
            self.status = self.text_with(
                "setup-done",
                &args([
                    ("cho", self.side_name(Side::First).into()),
                    ("han", self.side_name(Side::Second).into()),
                    ("cho-setup", formation(cho).into()),
                    ("han-setup", formation(han).into()),
                    ("welcome", self.welcome().into()),
                ]),
            );
        }
    }

    fn setup_key(&mut self, key: Key, now: Instant) {
        let Some(c) = self.setup.as_mut() else { return };
        let n = JanggiFormation::ALL.len();
        match key {
            Key::Up => c.highlighted = (c.highlighted + n - 1) % n,
            Key::Down => c.highlighted = (c.highlighted + 1) % n,
            Key::Enter | Key::Select => {
                let f = JanggiFormation::ALL[c.highlighted];
                match c.side {
                    Side::First => c.cho = Some(f),
                    Side::Second => c.han = Some(f),
                }
                if c.han.is_none() {
                    c.side = Side::Second;
                }
                self.finish_setup(now);
            }
            _ => {}
        }
    }

    fn welcome(&self) -> String {
        match self.settings.variant {
            Variant::Janggi => self.text("welcome-janggi"),
            _ => self.text("welcome-xiangqi"),
        }
    }

    /// Whether the engine plays the side to move.
    pub fn engine_to_move(&self) -> bool {
        match self.settings.opponent {
            Opponent::Human => false,
            Opponent::Watch => true,
            Opponent::Engine => self.game.position().turn() != self.settings.user_side,
        }
    }

    pub fn over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// The legal targets of the selected piece.
    pub fn targets(&self) -> Vec<Square> {
        let Some(from) = self.selected else { return Vec::new() };
        self.game.position().legal_moves().iter().filter(|m| m.from == from).map(|m| m.to).collect()
    }

    /// Starts the clock of the side to move (the other one stops).
    fn start_clock(&mut self, now: Instant) {
        let side = self.game.position().turn();
        if let Some(c) = &mut self.clocks {
            c.start(side, now);
        }
    }

    /// Plays `m` for the side to move, running the clocks.
    fn play(&mut self, m: Move, now: Instant) {
        let pos = self.game.position().clone();
        let mover = pos.turn();
        let text = self.write_move(&pos, m);
        if self.game.play(m).is_err() {
            self.status = self.text_with("not-legal-here", &args([("move", text.into())]));
            return;
        }
        self.move_texts.push(text.clone());
        self.selected = None;
        self.hint = None;
        self.input.clear();
        if let Some(c) = &mut self.clocks {
            if !c.moved(mover, now) && self.game.outcome().is_none() {
                self.game.lose_on_time(mover);
            }
            let (main, spare) = c.snapshot(now);
            self.clock_history.push((self.game.ply(), main, spare));
        }
        self.status = match self.ruling() {
            Some(ruling) => ruling,
            None => self.text_with("played", &args([("side", self.side_name(mover).into()), ("move", text.into())])),
        };
        if self.over() {
            if let Some(c) = &mut self.clocks {
                c.stop(now);
            }
        }
    }

    /// Reads typed text as a move: in the chosen notation first, then in any notation of the game.
    fn submit(&mut self, now: Instant) {
        let text = self.input.trim().to_string();
        if text.is_empty() {
            return self.select(now);
        }
        let pos = self.game.position().clone();
        let result = self
            .settings
            .notation
            .parse(&pos, &text)
            .or_else(|first| Notation::parse_any(&pos, &text).map_err(|_| first));
        match result {
            Ok(m) => self.play(m, now),
            // In the screen's language (the notation's own detail is English only).
            Err(e) => self.status = e.localize(self.settings.variant, self.settings.lang),
        }
    }

    /// Selects the piece under the cursor, or moves the selected piece there.
    fn select(&mut self, now: Instant) {
        let pos = self.game.position();
        match self.selected {
            Some(from) if from == self.cursor => self.selected = None,
            Some(from) => {
                let m = Move::new(from, self.cursor);
                if pos.is_legal(m) {
                    self.play(m, now);
                } else if pos.piece_at(self.cursor).is_some_and(|p| p.side == pos.turn()) {
                    self.selected = Some(self.cursor);
                } else {
                    let squares = args([("from", from.to_string().into()), ("to", self.cursor.to_string().into())]);
                    self.status = self.text_with("cannot-go", &squares);
                }
            }
            None => match pos.piece_at(self.cursor) {
                Some(p) if p.side == pos.turn() => self.selected = Some(self.cursor),
                Some(_) => self.status = self.text("not-your-piece"),
                None => self.status = self.text("no-piece-there"),
            },
        }
    }

    fn move_cursor(&mut self, df: i8, dr: i8) {
        let (df, dr) = if self.flipped { (-df, -dr) } else { (df, dr) };
        if let Some(sq) = self.cursor.offset(df, dr) {
            self.cursor = sq;
        }
    }

    /// Takes back the last move (and the engine's reply before it, against the engine).
    fn undo(&mut self, now: Instant) {
        if self.thinking.is_some() {
            self.status = self.text("wait-for-engine");
            return;
        }
        let plies = if self.settings.opponent == Opponent::Engine && !self.engine_to_move() { 2 } else { 1 };
        let moves: Vec<Move> = self.game.moves().collect();
        if moves.len() < plies {
            self.status = self.text("nothing-to-take-back");
            return;
        }
        let keep = moves.len() - plies;
        let mut game = Game::new(self.game.start().clone(), *self.game.rules());
        for &m in &moves[..keep] {
            let _ = game.play(m);
        }
        self.game = game;
        self.move_texts.truncate(keep);
        self.selected = None;
        // The time spent on the taken-back moves is given back.
        self.clock_history.retain(|&(ply, ..)| ply <= keep);
        if let (Some(c), Some(control)) = (&mut self.clocks, self.settings.control) {
            *c = match self.clock_history.last() {
                Some(&(_, main, spare)) => Clocks::restored(control, main, spare),
                None => Clocks::new(control),
            };
        }
        self.start_clock(now);
        self.status = self.text_with("took-back", &args([("plies", plies.into())]));
    }

    fn quick_search(&self, depth: i32) -> Report {
        let shared = Shared::new(8);
        let limits = Limits { depth: Some(depth), move_limit: 60, ..Limits::default() };
        search(self.game.position(), &shared, &Classic, &limits, 1, |_| {})
    }

    pub fn key(&mut self, key: Key, now: Instant) {
        if key == Key::Quit {
            self.stop_engine();
            self.quit = true;
            return;
        }
        if self.setup.is_some() {
            return self.setup_key(key, now);
        }
        if self.over() && !matches!(key, Key::Flip | Key::Save | Key::Undo) {
            self.status = self.text_with("game-over", &args([("ruling", self.ruling().unwrap_or_default().into())]));
            return;
        }
        match key {
            Key::Char(c) => {
                if self.engine_to_move() {
                    self.status = self.text("engine-thinking");
                } else {
                    self.input.push(c);
                }
            }
            Key::Backspace => {
                self.input.pop();
            }
            Key::Escape => {
                self.input.clear();
                self.selected = None;
            }
            Key::Enter | Key::Select if !self.engine_to_move() => self.submit(now),
            Key::Enter | Key::Select => self.status = self.text("engine-thinking"),
            Key::Up => self.move_cursor(0, 1),
            Key::Down => self.move_cursor(0, -1),
            Key::Left => self.move_cursor(-1, 0),
            Key::Right => self.move_cursor(1, 0),
            Key::Flip => self.flipped = !self.flipped,
            Key::Hint => {
                let r = self.quick_search(6);
                self.hint = r.pv.first().copied();
                self.status = match self.hint {
                    Some(m) => {
                        let text = self.write_move(self.game.position(), m);
                        self.text_with("hint", &args([("move", text.into()), ("score", r.score.to_string().into())]))
                    }
                    None => self.text("no-hint"),
                };
            }
            Key::Undo => self.undo(now),
            Key::Resign => {
                let side = self.game.position().turn();
                self.stop_engine();
                self.game.resign(if self.engine_to_move() { !side } else { side });
                self.status = self.ruling().unwrap_or_default();
            }
            Key::OfferDraw => {
                if self.settings.opponent == Opponent::Human {
                    self.game.agree_draw();
                    self.status = self.text("draw-agreed");
                } else {
                    // The engine accepts when it does not think it is better.
                    let ours = -self.quick_search(5).score;
                    if ours <= Score::cp(30) {
                        self.game.agree_draw();
                        self.status = self.text("engine-accepts-draw");
                    } else {
                        self.status = self.text("engine-declines-draw");
                    }
                }
            }
            Key::Pass => {
                let g = self.game.position().general(self.game.position().turn());
                let pass = Move::new(g, g);
                if self.game.position().is_legal(pass) && !self.engine_to_move() {
                    self.play(pass, now);
                } else {
                    self.status = self.text("no-pass");
                }
            }
            Key::Save => self.status = self.text("save-elsewhere"),
            Key::Quit => {}
        }
    }

    /// Advances time: flags fall, and the engine starts or finishes thinking.
    pub fn tick(&mut self, now: Instant) {
        if self.over() || self.setup.is_some() {
            return;
        }
        let side = self.game.position().turn();
        if self.clocks.as_ref().and_then(|c| c.flagged(now)) == Some(side) {
            self.stop_engine();
            self.game.lose_on_time(side);
            self.status = self.ruling().unwrap_or_default();
            return;
        }
        if !self.engine_to_move() {
            return;
        }
        match &self.thinking {
            None => self.start_engine(now),
            Some(t) => {
                if let Ok(thought) = t.answer.try_recv() {
                    self.thinking = None;
                    self.external = thought.engine;
                    match thought.choice {
                        Ok(m) => self.play(m, now),
                        Err(why) => self.engine_forfeits(side, why, now),
                    }
                }
            }
        }
    }

    /// Ends the game against an engine that gave no legal move, saying why.
    fn engine_forfeits(&mut self, side: Side, why: String, now: Instant) {
        self.game.resign(side);
        if let Some(c) = &mut self.clocks {
            c.stop(now);
        }
        self.status = self.text_with("forfeit", &args([("side", self.side_name(side).into()), ("why", why.into())]));
    }

    /// Starts the external engine's search on its own thread (the engine itself on its first
    /// move), checking its answer against the rules.
    fn start_external(&mut self, spec: EngineSpec, budget: Duration) {
        let game = self.game.clone();
        let engine = self.external.take();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let _ = tx.send(external_move(&spec, engine, &game, budget));
        });
        self.thinking = Some(Thinking { answer: rx, stop: None });
        self.status = self.text("engine-thinking");
    }

    fn start_engine(&mut self, now: Instant) {
        let pos = self.game.position().clone();
        let level = self.settings.level.clamp(1, 20);
        // Think for a share of the clock, at most a few seconds.
        let budget = self.clocks.as_ref().map_or(Duration::from_secs(2), |c| c.think_budget(pos.turn(), now));
        if let Some(spec) = self.settings.external.clone() {
            return self.start_external(spec, budget);
        }
        let limits = level_limits(level, budget);
        let shared = Arc::new(Shared::new(32));
        let (tx, rx) = channel();
        let s = shared.clone();
        std::thread::spawn(move || {
            if let Some(m) = level_move(&pos, &s, &Classic, &limits, level) {
                let _ = tx.send(Thought { choice: Ok(m), engine: None });
            }
        });
        self.thinking = Some(Thinking { answer: rx, stop: Some(shared) });
        self.status = self.text("engine-thinking");
    }

    fn stop_engine(&mut self) {
        if let Some(Thinking { stop: Some(shared), .. }) = self.thinking.take() {
            shared.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Whether the engine is thinking now.
    #[cfg(test)]
    pub fn engine_busy(&self) -> bool {
        self.thinking.is_some()
    }
}

/// Asks the external engine (started if `engine` is `None`) for a move in `game`, thinking for
/// `budget`; a move it cannot give, or an illegal one, comes back as the reason it loses.
fn external_move(spec: &EngineSpec, engine: Option<Engine>, game: &Game, budget: Duration) -> Thought {
    let mut engine = match engine {
        Some(e) => e,
        None => match Engine::start(spec, game.position().variant(), EXTERNAL_MARGIN) {
            Ok(e) => e,
            Err(e) => return Thought { choice: Err(e.to_string()), engine: None },
        },
    };
    let ms = budget.as_millis().max(1) as u64;
    let reply = match engine.go(&engine.position_command(game), &engine.movetime_command(ms), budget + EXTERNAL_MARGIN)
    {
        Ok(r) => r,
        Err(e) => return Thought { choice: Err(e.to_string()), engine: None },
    };
    let choice = engine.checked_move(reply.bestmove.as_deref(), game);
    let engine = choice.is_ok().then_some(engine);
    Thought { choice, engine }
}
