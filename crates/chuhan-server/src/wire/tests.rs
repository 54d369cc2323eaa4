//! The contract between the wire types and the pages' scripts: for each frame and answer, an
//! example with every optional value present is written, and (1) the keys it writes are
//! exactly the ones listed here, (2) every key a script reads from it (the table [`READS`],
//! found by reading `static/*.js`) is among them, and named in that script. The other way,
//! the bodies and frames the scripts send are read by the request types.

use super::analysis::AnalysedEnd;
use super::game::{ErrorTag, Reasons, StateTag};
use super::tree::WireNode;
use super::*;
use chuhan_db::{GameSummary, MoveStats};
use serde_json::{json, Value};
use std::collections::BTreeSet;

/// The pages' scripts, by file name.
const SCRIPTS: &[(&str, &str)] = &[
    ("app.js", include_str!("../../static/app.js")),
    ("board.js", include_str!("../../static/board.js")),
    ("analysis.js", include_str!("../../static/analysis.js")),
    ("movetree.js", include_str!("../../static/movetree.js")),
    ("movebox.js", include_str!("../../static/movebox.js")),
    ("seeks.js", include_str!("../../static/seeks.js")),
    ("explorer.js", include_str!("../../static/explorer.js")),
    ("database.js", include_str!("../../static/database.js")),
    ("util.js", include_str!("../../static/util.js")),
    ("puzzles.js", include_str!("../../static/puzzles.js")),
];

/// Which keys each script reads from each frame or answer: `a.b` is key `b` of the object
/// under `a`, `a[].b` key `b` of each element of the array `a`.
const READS: &[(&str, &str, &[&str])] = &[
    (
        "GameState",
        "app.js",
        &[
            "type",
            "id",
            "variant",
            "mode",
            "sides",
            "you",
            "seats",
            "engine_side",
            "start_fen",
            "fen",
            "turn",
            "check",
            "bikjang",
            "moves",
            "moves[].mv",
            "moves[].text",
            "moves[].pass",
            "clock",
            "clock.rule",
            "clock.running",
            "clock.left_ms",
            "clock.move_left_ms",
            "clock.periods",
            "clock.overtime",
            "clock.period_ms",
            "draw_offer",
            "takeback_offer",
            "end",
            "end.reason",
            "end.reasons",
            "end.points",
            "pass_ends",
            "pass_ends.result",
            "pass_ends.reason",
            "pass_ends.reasons",
            "pass_ends.points",
            "formation_open",
            "names",
            "ratings",
            "rated_asked",
            "rating_change",
            "rating_change.before",
            "rating_change.after",
            "notation",
            "opening",
            "openings",
            "notations",
            "chat",
            "chat[].author",
            "chat[].side",
            "chat[].text",
            "chat[].at",
            "rematch",
            "rematch.offered_by",
            "rematch.game",
            "rematch.token",
        ],
    ),
    ("GameState", "board.js", &["variant", "fen", "moves", "legal", "check", "turn", "you", "end", "notation"]),
    ("ErrorFrame", "app.js", &["type", "message"]),
    ("ErrorBody", "util.js", &["error"]),
    ("ErrorBody", "analysis.js", &["error"]),
    ("ErrorBody", "database.js", &["error"]),
    ("Created", "app.js", &["id", "token", "url"]),
    ("Joined", "app.js", &["token"]),
    ("Joined", "seeks.js", &["token"]),
    (
        "Seeks",
        "seeks.js",
        &[
            "seeks",
            "seeks[].id",
            "seeks[].variant",
            "seeks[].time_control",
            "seeks[].name",
            "seeks[].rating",
            "seeks[].rated",
            "seeks[].side_name",
            "seeks[].url",
        ],
    ),
    ("SeekState", "seeks.js", &[]),
    (
        "Archive",
        "app.js",
        &[
            "games",
            "games[].id",
            "games[].variant",
            "games[].mode",
            "games[].created",
            "games[].plies",
            "games[].result",
            "games[].reason",
            "games[].names",
        ],
    ),
    (
        "Ratings",
        "app.js",
        &[
            "players",
            "players[].name",
            "players[].rating",
            "players[].games",
            "players[].wins",
            "players[].draws",
            "players[].losses",
        ],
    ),
    ("Engines", "app.js", &["engines", "default"]),
    ("Engines", "analysis.js", &["engines", "default"]),
    (
        "Analysed",
        "analysis.js",
        &[
            "variant",
            "start_fen",
            "fen",
            "turn",
            "check",
            "sides",
            "moves",
            "moves[].text",
            "legal",
            "end",
            "end.result",
            "end.reason",
            "end.reasons",
            "lines",
            "lines[].depth",
            "lines[].score",
            "lines[].score.mate",
            "lines[].score.cp",
            "lines[].score.text",
            "lines[].pv",
            "lines[].pv[].mv",
            "lines[].pv[].text",
            "notation",
            "notations",
            "opening",
            "openings",
        ],
    ),
    ("PositionCheck::Sound", "analysis.js", &["ok", "over"]),
    ("PositionCheck::Problem", "analysis.js", &["ok", "problem"]),
    ("ReadMove::Read", "movebox.js", &["ok", "move"]),
    ("ReadMove::Unread", "movebox.js", &["ok", "problem"]),
    ("Record", "analysis.js", &["variant", "headers", "result", "tree", "start_fen"]),
    (
        "Record",
        "movetree.js",
        &[
            "tree.comment",
            "tree.nodes",
            "tree.nodes[].parent",
            "tree.nodes[].mv",
            "tree.nodes[].text",
            "tree.nodes[].comment",
            "tree.nodes[].pre",
            "tree.nodes[].nags",
        ],
    ),
    ("TreeAnswer", "analysis.js", &["tree"]),
    (
        "TreeAnswer",
        "movetree.js",
        &[
            "tree.comment",
            "tree.nodes",
            "tree.nodes[].parent",
            "tree.nodes[].mv",
            "tree.nodes[].text",
            "tree.nodes[].comment",
            "tree.nodes[].pre",
            "tree.nodes[].nags",
        ],
    ),
    ("DbInfo::On", "database.js", &["enabled", "games", "uploads", "max_upload"]),
    ("DbInfo::On", "explorer.js", &["enabled"]),
    ("DbInfo::Off", "database.js", &["enabled"]),
    ("DbInfo::Off", "explorer.js", &["enabled"]),
    (
        "Explore",
        "explorer.js",
        &[
            "games",
            "opening",
            "moves",
            "moves[].move",
            "moves[].text",
            "moves[].games",
            "moves[].wins",
            "moves[].draws",
            "moves[].losses",
            "moves[].unknown",
            "top_games",
            "top_games[].id",
            "top_games[].red",
            "top_games[].black",
            "top_games[].result",
            "top_games[].event",
            "top_games[].date",
            "top_games[].next_text",
        ],
    ),
    (
        "DbSearch",
        "database.js",
        &[
            "games",
            "total",
            "offset",
            "games[].id",
            "games[].date",
            "games[].red",
            "games[].black",
            "games[].result",
            "games[].event",
            "games[].opening",
            "games[].plies",
        ],
    ),
    ("Imported", "database.js", &["file", "imported", "duplicates", "bad", "errors"]),
    (
        "WirePuzzle",
        "puzzles.js",
        &[
            "id",
            "variant",
            "fen",
            "solution",
            "theme_names",
            "rating",
            "set_rating",
            "source",
            "steps",
            "steps[].fen",
            "steps[].legal",
            "steps[].check",
            "steps[].accept",
        ],
    ),
    (
        "Attempted",
        "puzzles.js",
        &[
            "player",
            "player.rating",
            "player.deviation",
            "player.volatility",
            "player.change",
            "puzzle",
            "puzzle.rating",
            "puzzle.change",
            "counted",
            "account",
        ],
    ),
    ("MyRating", "puzzles.js", &["rating", "account"]),
    (
        "ReviewStatus",
        "analysis.js",
        &[
            "status",
            "id",
            "done",
            "total",
            "reason",
            "review",
            "review.nodes",
            "review.wins",
            "review.sides",
            "review.sides[].accuracy",
            "review.sides[].blunders",
            "review.sides[].mistakes",
            "review.sides[].inaccuracies",
            "review.moves",
            "review.moves[].ply",
            "review.moves[].move",
            "review.moves[].text",
            "review.moves[].mark",
            "review.moves[].loss",
            "review.moves[].best",
            "review.moves[].line",
            "review.moves[].line_text",
            "review.moves[].reason",
            "review.moves[].reasons",
        ],
    ),
];

/// Every key path of `v`, as [`READS`] writes them.
fn paths(v: &Value) -> BTreeSet<String> {
    fn walk(prefix: &str, v: &Value, out: &mut BTreeSet<String>) {
        match v {
            Value::Object(m) => {
                for (k, x) in m {
                    let p = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
                    out.insert(p.clone());
                    walk(&p, x, out);
                }
            }
            Value::Array(a) => {
                for x in a {
                    walk(&format!("{prefix}[]"), x, out);
                }
            }
            _ => {}
        }
    }
    let mut out = BTreeSet::new();
    walk("", v, &mut out);
    out
}

fn k(keys: &[&str]) -> Vec<String> {
    keys.iter().map(|k| k.to_string()).collect()
}

fn json_of(v: impl serde::Serialize) -> Value {
    serde_json::to_value(v).unwrap()
}

/// Whether `script` names `key` as a property or a destructured name (not inside a longer
/// identifier).
fn names(script: &str, key: &str) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    script.match_indices(key).any(|(i, _)| {
        let before = script[..i].chars().next_back();
        let after = script[i + key.len()..].chars().next();
        !before.is_some_and(ident) && !after.is_some_and(ident)
    })
}

fn tree() -> WireTree {
    WireTree {
        comment: Some("start".into()),
        nodes: vec![
            WireNode {
                parent: None,
                mv: "h2e2".parse().unwrap(),
                text: Some("C2=5".into()),
                comment: Some("centre".into()),
                pre: None,
                nags: vec![1],
            },
            WireNode {
                parent: None,
                mv: "b2e2".parse().unwrap(),
                text: Some("C8=5".into()),
                comment: None,
                pre: Some("or".into()),
                nags: Vec::new(),
            },
        ],
    }
}

fn reasons() -> Reasons {
    ["en", "zh-Hans", "zh-Hant", "ko", "vi"].into_iter().map(|t| (t, format!("ruling in {t}"))).collect()
}

fn game_end() -> GameEnd {
    GameEnd {
        result: "0-1".into(),
        reason: "Han wins on points".into(),
        reasons: reasons(),
        points: Some([72.0, 73.5]),
    }
}

fn game_state() -> GameState {
    GameState {
        kind: StateTag::State,
        id: "abc123".into(),
        variant: "janggi",
        mode: "friend",
        level: 0,
        sides: ["cho", "han"],
        you: Some(0),
        seats: [true, false],
        engine_side: Some(1),
        start_fen: "fen0".into(),
        fen: "fen1".into(),
        turn: 1,
        check: false,
        bikjang: true,
        moves: vec![PlayedMove { mv: "e9e9".into(), text: "한수쉼".into(), pass: true }],
        legal: vec!["a0a1".into()],
        clock: Some(Clock {
            rule: "cxa",
            base_ms: 1_200_000,
            increment_ms: 0,
            period_ms: 0,
            per_move_ms: 60_000,
            left_ms: [1_000, 2_000],
            periods: [3, 3],
            overtime: [false, false],
            move_left_ms: [Some(60_000), None],
            running: Some(1),
        }),
        draw_offer: Some(0),
        takeback_offer: Some(1),
        end: Some(game_end()),
        pass_ends: Some(game_end()),
        formation_open: true,
        names: [Some("Ann".into()), None],
        ratings: [Some(1500.0), None],
        rated: true,
        rated_asked: true,
        engine: Some("other".into()),
        rating_change: Some(RatingsChange { before: [1500.0, 1500.0], after: [1516.0, 1484.0] }),
        notation: "janggi",
        opening: Some("Central cannon".into()),
        openings: reasons(),
        notations: vec!["janggi", "iccs"],
        chat: vec![ChatLine { author: "Ann".into(), side: Some(0), text: "gg".into(), at: 7 }],
        rematch: RematchState { offered_by: Some(1), game: Some("def456".into()), token: Some("t".into()) },
    }
}

fn seek() -> Seek {
    Seek {
        id: "abc123".into(),
        variant: "xiangqi",
        time_control: "300+2".into(),
        name: Some("Ann".into()),
        rating: Some(1500.0),
        rated: true,
        side: 1,
        side_name: "black",
        created: 1,
        url: "/game/abc123".into(),
    }
}

fn summary(next: Option<&str>) -> GameSummary {
    GameSummary {
        id: 7,
        red: "Hu".into(),
        black: "Lu".into(),
        event: "Cup".into(),
        date: "1998".into(),
        result: "1-0".into(),
        plies: 80,
        opening: Some("Central cannon".into()),
        next: next.map(Into::into),
    }
}

fn record(id: Option<i64>) -> Record {
    Record {
        id,
        format: "pgn".into(),
        variant: "xiangqi",
        start_fen: "fen0".into(),
        moves: vec!["h2e2".parse().unwrap()],
        result: "*".into(),
        headers: vec![["Event".into(), "Cup".into()]],
        tree: tree(),
        notation: "wxf",
    }
}

fn line_move() -> LineMove {
    LineMove { mv: "h2e2".parse().unwrap(), text: "C2=5".into() }
}

/// One example of each frame and answer, every optional value present, with the key paths it
/// must write, exactly.
fn examples() -> Vec<(&'static str, Value, Vec<String>)> {
    let mut all = other_examples();
    all.extend(puzzle_examples());
    all
}

fn other_examples() -> Vec<(&'static str, Value, Vec<String>)> {
    const TREE: &[&str] = &[
        "tree",
        "tree.comment",
        "tree.nodes",
        "tree.nodes[].parent",
        "tree.nodes[].mv",
        "tree.nodes[].text",
        "tree.nodes[].comment",
        "tree.nodes[].pre",
        "tree.nodes[].nags",
    ];
    let summary_keys = ["id", "red", "black", "event", "date", "result", "plies", "opening"];
    let with = |prefix: &str, keys: &[&str]| keys.iter().map(|k| format!("{prefix}{k}")).collect::<Vec<_>>();
    let mut record_keys = with("", &["id", "format", "variant", "start_fen", "moves", "result", "headers", "notation"]);
    record_keys.extend(TREE.iter().map(|k| k.to_string()));
    let mut tree_keys = with("", &["nodes", "notation"]);
    tree_keys.extend(TREE.iter().map(|k| k.to_string()));
    let mut explore_keys = with("", &["games", "moves", "opening", "top_games", "fen"]);
    explore_keys.extend(with(
        "moves[].",
        &["move", "games", "wins", "draws", "losses", "unknown", "score", "draw_rate", "last_year", "text"],
    ));
    explore_keys.extend(with("top_games[].", &summary_keys));
    explore_keys.extend(with("top_games[].", &["next", "next_text"]));
    let mut search_keys = vec!["games".to_string(), "total".to_string(), "offset".to_string()];
    search_keys.extend(with("games[].", &summary_keys));
    vec![
        (
            "GameState",
            json_of(game_state()),
            k(&[
                "type",
                "id",
                "variant",
                "mode",
                "level",
                "sides",
                "you",
                "seats",
                "engine_side",
                "start_fen",
                "fen",
                "turn",
                "check",
                "bikjang",
                "moves",
                "moves[].mv",
                "moves[].text",
                "moves[].pass",
                "legal",
                "clock",
                "clock.rule",
                "clock.base_ms",
                "clock.increment_ms",
                "clock.period_ms",
                "clock.per_move_ms",
                "clock.left_ms",
                "clock.periods",
                "clock.overtime",
                "clock.move_left_ms",
                "clock.running",
                "draw_offer",
                "takeback_offer",
                "end",
                "end.result",
                "end.reason",
                "end.reasons",
                "end.reasons.en",
                "end.reasons.zh-Hans",
                "end.reasons.zh-Hant",
                "end.reasons.ko",
                "end.reasons.vi",
                "end.points",
                "pass_ends",
                "pass_ends.result",
                "pass_ends.reason",
                "pass_ends.reasons",
                "pass_ends.reasons.en",
                "pass_ends.reasons.zh-Hans",
                "pass_ends.reasons.zh-Hant",
                "pass_ends.reasons.ko",
                "pass_ends.reasons.vi",
                "pass_ends.points",
                "formation_open",
                "names",
                "ratings",
                "rated",
                "rated_asked",
                "engine",
                "rating_change",
                "rating_change.before",
                "rating_change.after",
                "notation",
                "opening",
                "openings",
                "openings.en",
                "openings.zh-Hans",
                "openings.zh-Hant",
                "openings.ko",
                "openings.vi",
                "notations",
                "chat",
                "chat[].author",
                "chat[].side",
                "chat[].text",
                "chat[].at",
                "rematch",
                "rematch.offered_by",
                "rematch.game",
                "rematch.token",
            ]),
        ),
        ("ErrorFrame", json_of(ErrorFrame::new("no")), k(&["type", "message"])),
        ("ErrorBody", json_of(ErrorBody { error: "no".into(), code: "bad_request" }), k(&["error", "code"])),
        (
            "Created",
            json_of(Created { id: "a".into(), token: "t".into(), side: 0, url: "/game/a".into() }),
            k(&["id", "token", "side", "url"]),
        ),
        ("Joined", json_of(Joined { id: "a".into(), token: "t".into(), side: 1 }), k(&["id", "token", "side"])),
        (
            "Seeks",
            json_of(Seeks { seeks: vec![seek()] }),
            k(&[
                "seeks",
                "seeks[].id",
                "seeks[].variant",
                "seeks[].time_control",
                "seeks[].name",
                "seeks[].rating",
                "seeks[].rated",
                "seeks[].side",
                "seeks[].side_name",
                "seeks[].created",
                "seeks[].url",
            ]),
        ),
        ("SeekState", json_of(SeekState { id: "a".into(), open: true }), k(&["id", "open"])),
        (
            "Archive",
            json_of(Archive {
                games: vec![ArchivedGame {
                    id: "a".into(),
                    variant: "xiangqi".into(),
                    mode: "friend".into(),
                    created: 1,
                    plies: 2,
                    result: "1-0".into(),
                    reason: "checkmate".into(),
                    reasons: reasons().into_iter().map(|(tag, words)| (tag.to_string(), words)).collect(),
                    names: [Some("Ann".into()), None],
                }],
            }),
            k(&[
                "games",
                "games[].id",
                "games[].variant",
                "games[].mode",
                "games[].created",
                "games[].plies",
                "games[].result",
                "games[].reason",
                "games[].reasons",
                "games[].reasons.en",
                "games[].reasons.zh-Hans",
                "games[].reasons.zh-Hant",
                "games[].reasons.ko",
                "games[].reasons.vi",
                "games[].names",
            ]),
        ),
        (
            "Ratings",
            json_of(Ratings {
                variant: "xiangqi",
                speed: "blitz",
                players: vec![RatedPlayer {
                    name: "Ann".into(),
                    rating: 1516.0,
                    games: 1,
                    wins: 1,
                    draws: 0,
                    losses: 0,
                    provisional: true,
                }],
            }),
            k(&[
                "variant",
                "speed",
                "players",
                "players[].provisional",
                "players[].name",
                "players[].rating",
                "players[].games",
                "players[].wins",
                "players[].draws",
                "players[].losses",
            ]),
        ),
        ("Engines", json_of(Engines { engines: vec!["chuhan".into()], default: "chuhan" }), k(&["engines", "default"])),
        (
            "Analysed",
            json_of(Analysed {
                variant: "xiangqi",
                start_fen: "fen0".into(),
                fen: "fen1".into(),
                turn: 1,
                check: false,
                sides: ["red", "black"],
                moves: vec![line_move()],
                legal: vec!["h9g7".parse().unwrap()],
                end: Some(AnalysedEnd { result: "1-0", reason: "checkmate".into(), reasons: reasons() }),
                lines: vec![
                    AnalysisLine {
                        depth: Some(12),
                        score: Some(AnalysisScore::Centipawns { cp: Some(35), text: "+0.35".into() }),
                        nodes: Some(41_000),
                        pv: vec![line_move()],
                    },
                    AnalysisLine {
                        depth: None,
                        score: Some(AnalysisScore::Mate { mate: 3, text: "+M3".into() }),
                        nodes: None,
                        pv: Vec::new(),
                    },
                ],
                notation: "wxf",
                notations: vec!["wxf"],
                relaxed: vec!["a composed position".into()],
                engine: "chuhan".into(),
                opening: Some("Central cannon".into()),
                openings: reasons(),
            }),
            k(&[
                "variant",
                "start_fen",
                "fen",
                "turn",
                "check",
                "sides",
                "moves",
                "moves[].mv",
                "moves[].text",
                "legal",
                "end",
                "end.result",
                "end.reason",
                "end.reasons",
                "end.reasons.en",
                "end.reasons.zh-Hans",
                "end.reasons.zh-Hant",
                "end.reasons.ko",
                "end.reasons.vi",
                "lines",
                "lines[].depth",
                "lines[].score",
                "lines[].score.cp",
                "lines[].score.mate",
                "lines[].score.text",
                "lines[].nodes",
                "lines[].pv",
                "lines[].pv[].mv",
                "lines[].pv[].text",
                "notation",
                "notations",
                "relaxed",
                "engine",
                "opening",
                "openings",
                "openings.en",
                "openings.zh-Hans",
                "openings.zh-Hant",
                "openings.ko",
                "openings.vi",
            ]),
        ),
        (
            "PositionCheck::Sound",
            json_of(PositionCheck::Sound { ok: Flag, accepted: vec!["x".into()], over: Some("mate".into()) }),
            k(&["ok", "accepted", "over"]),
        ),
        (
            "PositionCheck::Problem",
            json_of(PositionCheck::Problem { ok: Flag, problem: "no".into() }),
            k(&["ok", "problem"]),
        ),
        (
            "ReadMove::Read",
            json_of(ReadMove::Read { ok: Flag, mv: "h2e2".into(), text: "C2=5".into() }),
            k(&["ok", "move", "text"]),
        ),
        ("ReadMove::Unread", json_of(ReadMove::Unread { ok: Flag, problem: "no".into() }), k(&["ok", "problem"])),
        ("Record", json_of(record(Some(7))), record_keys),
        ("TreeAnswer", json_of(TreeAnswer { tree: tree(), nodes: 2, notation: "wxf" }), tree_keys),
        (
            "DbInfo::On",
            json_of(DbInfo::On { enabled: Flag, games: 3, uploads: true, max_upload: 10 }),
            k(&["enabled", "games", "uploads", "max_upload"]),
        ),
        ("DbInfo::Off", json_of(DbInfo::Off { enabled: Flag }), k(&["enabled"])),
        (
            "Explore",
            json_of(Explore {
                games: 3,
                moves: vec![ExploreMove {
                    stats: MoveStats {
                        mv: "h2e2".into(),
                        games: 3,
                        wins: 1,
                        draws: 1,
                        losses: 1,
                        unknown: 0,
                        score: Some(0.5),
                        draw_rate: Some(0.33),
                        last_year: Some(1998),
                    },
                    text: Some("C2=5".into()),
                }],
                opening: Some("Central cannon".into()),
                top_games: vec![ExploreGame { game: summary(Some("h2e2")), next_text: Some("C2=5".into()) }],
                fen: "fen0".into(),
            }),
            explore_keys,
        ),
        ("DbSearch", json_of(DbSearch { games: vec![summary(None)], total: 120, offset: 50 }), search_keys),
        (
            "Imported",
            json_of(Imported {
                file: "a.pgn".into(),
                read: 3,
                imported: 1,
                duplicates: 1,
                bad: 1,
                errors: vec!["game 3: no".into()],
            }),
            k(&["file", "read", "imported", "duplicates", "bad", "errors"]),
        ),
        ("ReviewStatus", json_of(review_status()), {
            let mut keys = k(&["status", "id", "done", "total", "reason", "review"]);
            keys.extend(["variant", "nodes", "wins", "sides", "moves"].iter().map(|x| format!("review.{x}")));
            keys.extend(
                ["accuracy", "average_loss", "moves", "blunders", "mistakes", "inaccuracies"]
                    .iter()
                    .map(|x| format!("review.sides[].{x}")),
            );
            keys.extend(
                [
                    "ply",
                    "side",
                    "move",
                    "text",
                    "mark",
                    "loss",
                    "win_before",
                    "win_after",
                    "best",
                    "line",
                    "line_text",
                    "reason",
                    "reasons",
                    "reasons.en",
                    "reasons.zh-Hans",
                ]
                .iter()
                .map(|x| format!("review.moves[].{x}")),
            );
            keys
        }),
    ]
}

fn puzzle_examples() -> Vec<(&'static str, Value, Vec<String>)> {
    use super::puzzle::*;
    let step = PuzzleStep { fen: "x".into(), legal: vec!["h2e2".into()], check: false, accept: vec!["h2e2".into()] };
    let puzzle = WirePuzzle {
        id: "x-1".into(),
        variant: "xiangqi",
        fen: "x".into(),
        solution: vec!["h2e2".into()],
        themes: vec!["pin".into()],
        theme_names: vec!["Pin"],
        rating: 1500.0,
        set_rating: 1500.0,
        plays: 0,
        source: Some("a game".into()),
        steps: vec![step],
    };
    let attempted = Attempted {
        player: PlayerAfter { rating: 1600.0, deviation: 300.0, volatility: 0.06, change: 100.0 },
        puzzle: PuzzleAfter { rating: 1400.0, change: -100.0 },
        counted: true,
        account: false,
    };
    let mut puzzle_keys =
        k(&["id", "variant", "fen", "solution", "themes", "theme_names", "rating", "set_rating", "plays", "source"]);
    puzzle_keys.extend(["steps", "steps[].fen", "steps[].legal", "steps[].check", "steps[].accept"].map(String::from));
    vec![
        ("WirePuzzle", json_of(puzzle), puzzle_keys),
        (
            "Attempted",
            json_of(attempted),
            k(&[
                "player",
                "player.rating",
                "player.deviation",
                "player.volatility",
                "player.change",
                "puzzle",
                "puzzle.rating",
                "puzzle.change",
                "counted",
                "account",
            ]),
        ),
        ("MyRating", json_of(MyRating { rating: Some(1500.0), account: true }), k(&["rating", "account"])),
    ]
}

fn review_status() -> super::review::ReviewStatus {
    use super::review::*;
    let side =
        ReviewSide { accuracy: Some(91.5), average_loss: 0.02, moves: 1, blunders: 1, mistakes: 0, inaccuracies: 0 };
    let mv = |m: &str| m.parse::<chuhan::Move>().unwrap();
    ReviewStatus {
        status: "done".into(),
        id: Some("ab12".into()),
        done: 2,
        total: 2,
        reason: Some("x".into()),
        review: Some(ReviewResult {
            variant: "xiangqi".into(),
            nodes: 20000,
            sides: [side.clone(), side],
            wins: vec![0.55, 0.2],
            moves: vec![ReviewedMove {
                ply: 1,
                side: 0,
                mv: mv("h2e2"),
                text: "C2=5".into(),
                mark: Some("??".into()),
                loss: 0.35,
                win_before: 0.55,
                win_after: 0.2,
                best: Some(mv("b2e2")),
                line: vec![mv("b2e2")],
                line_text: vec!["C8=5".into()],
                reason: Some("perpetual check".into()),
                reasons: [("en".to_string(), "perpetual check".to_string()), ("zh-Hans".into(), "长将".into())].into(),
            }],
        }),
    }
}

#[test]
fn each_frame_writes_exactly_its_keys() {
    for (name, value, expected) in examples() {
        let expected: BTreeSet<String> = expected.into_iter().collect();
        assert_eq!(paths(&value), expected, "{name}: {value}");
    }
}

#[test]
fn every_key_a_script_reads_is_written_and_named_in_that_script() {
    let examples = examples();
    for (frame, script, keys) in READS {
        let (_, value, _) =
            examples.iter().find(|(n, _, _)| n == frame).unwrap_or_else(|| panic!("no example {frame}"));
        let written = paths(value);
        let (_, text) = SCRIPTS.iter().find(|(n, _)| n == script).unwrap_or_else(|| panic!("no script {script}"));
        for key in *keys {
            assert!(written.contains(*key), "{script} reads {key} from {frame}, which does not write it: {value}");
            let last = key.rsplit(['.', ']']).next().unwrap();
            assert!(names(text, last), "{script} does not name {last}: the table for {frame} is out of date");
        }
    }
    // Every example is in the table: a frame no script reads is listed with no keys.
    for (name, _, _) in &examples {
        assert!(READS.iter().any(|(f, _, _)| f == name), "{name} is not in READS");
    }
}

#[test]
fn null_stays_null_and_absent_stays_absent() {
    // A watcher's state of an untimed game in progress: every key is there, the empty ones null.
    let s = GameState {
        you: None,
        engine_side: None,
        clock: None,
        draw_offer: None,
        takeback_offer: None,
        end: None,
        pass_ends: None,
        engine: None,
        rating_change: None,
        opening: None,
        ..game_state()
    };
    let v = json_of(s);
    for k in [
        "you",
        "engine_side",
        "clock",
        "draw_offer",
        "takeback_offer",
        "end",
        "pass_ends",
        "engine",
        "rating_change",
        "opening",
    ] {
        assert_eq!(v[k], Value::Null, "{k}");
        assert!(v.as_object().unwrap().contains_key(k), "{k} must be null, not absent");
    }
    let end = json_of(GameEnd { points: None, ..game_end() });
    assert_eq!(end["points"], Value::Null);
    assert_eq!(end["reasons"]["zh-Hans"], "ruling in zh-Hans");
    // The scripts tell a mate from centipawns by whether `mate` is there (`mate !== undefined`).
    let cp = json_of(AnalysisScore::Centipawns { cp: None, text: "?".into() });
    assert_eq!(cp, json!({ "cp": null, "text": "?" }));
    let line = json_of(AnalysisLine { depth: None, score: None, nodes: None, pv: Vec::new() });
    assert_eq!(line, json!({ "depth": null, "score": null, "nodes": null, "pv": [] }));
    // A record sent has no id; a database game's search result no `next`; a tree node written
    // by the server leaves out what it has not.
    assert!(json_of(record(None)).get("id").is_none());
    assert!(json_of(summary(None)).get("next").is_none());
    let bare =
        WireNode { parent: Some(0), mv: "h9g7".parse().unwrap(), text: None, comment: None, pre: None, nags: vec![] };
    assert_eq!(json_of(bare), json!({ "parent": 0, "mv": "h9g7" }));
    let sound = json_of(PositionCheck::Sound { ok: Flag, accepted: Vec::new(), over: None });
    assert_eq!(sound, json!({ "ok": true, "accepted": [], "over": null }));
    assert_eq!(
        json_of(ErrorFrame { kind: ErrorTag::Error, message: "x".into() }),
        json!({ "type": "error", "message": "x" })
    );
    assert_eq!(json_of(game_state())["type"], "state");
}

#[test]
fn what_the_scripts_send_is_read() {
    // The game page's WebSocket frames (app.js `send`, the board's moves).
    let app = SCRIPTS[0].1;
    for (frame, sent) in [
        (r#"{"type":"move","move":"h2e2"}"#, r#"type: "move", move: mv"#),
        (r#"{"type":"resign"}"#, r#"type: "resign""#),
        (r#"{"type":"takeback"}"#, r#"type: "takeback""#),
        (r#"{"type":"draw"}"#, r#"type: "draw""#),
        (r#"{"type":"decline"}"#, r#"type: "decline""#),
        (r#"{"type":"pass"}"#, r#"type: "pass""#),
        (r#"{"type":"notation","notation":"wxf"}"#, r#"type: "notation", notation: "#),
    ] {
        assert!(app.contains(sent), "app.js no longer sends {sent}");
        serde_json::from_str::<ClientMessage>(frame).unwrap_or_else(|e| panic!("{frame}: {e}"));
    }
    assert_eq!(
        serde_json::from_str::<ClientMessage>(r#"{"type":"state"}"#).unwrap(),
        ClientMessage::State,
        "the CLI's clients ask for the state again"
    );
    // Request bodies with every key the scripts send (each type refuses unknown keys).
    let body = |v: Value| v.to_string();
    serde_json::from_str::<CreateRequest>(&body(json!({
        "variant": "janggi", "mode": "engine", "side": "red", "level": 10, "engine": "chuhan", "clock": "cxa",
        "base_secs": 300, "increment_secs": 2, "periods": 0, "period_secs": 0, "fen": "x", "cho_setup": "inner",
        "han_setup": "outer", "name": "Ann", "rated": false, "open": false,
    })))
    .unwrap();
    serde_json::from_str::<JoinRequest>(&body(json!({ "name": "Bo", "setup": "left" }))).unwrap();
    serde_json::from_str::<SeekRequest>(&body(json!({ "token": "t", "open": false }))).unwrap();
    serde_json::from_str::<super::review::ReviewRequest>(&body(json!({
        "variant": "xiangqi", "fen": "x", "moves": ["h2e2"], "relaxed": true,
    })))
    .unwrap();
    serde_json::from_str::<AnalyseRequest>(&body(json!({
        "variant": "xiangqi", "fen": "x", "moves": ["h2e2"], "millis": 0, "multipv": 3, "notation": "wxf",
        "relaxed": true, "engine": "chuhan", "depth": 6,
    })))
    .unwrap();
    serde_json::from_str::<super::puzzle::AttemptRequest>(&body(json!({
        "solved": true, "rating": { "rating": 1500.0, "deviation": 350.0, "volatility": 0.06 },
    })))
    .unwrap();
    serde_json::from_str::<CheckRequest>(&body(json!({ "variant": "xiangqi", "fen": "x", "relaxed": false }))).unwrap();
    serde_json::from_str::<ReadRequest>(&body(json!({
        "variant": "xiangqi", "fen": "x", "relaxed": false, "text": "C2=5", "notation": "wxf",
    })))
    .unwrap();
    serde_json::from_str::<TreeRequest>(&body(json!({
        "variant": "xiangqi", "fen": "x", "notation": "wxf", "relaxed": false, "format": "pgn", "result": "*",
        "headers": [["Event", "Cup"]],
        "tree": { "comment": "c", "nodes": [{ "parent": null, "mv": "h2e2", "comment": "x", "pre": "y", "nags": [1] }] },
    })))
    .unwrap();
}
