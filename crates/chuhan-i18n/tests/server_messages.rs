//! The web server's catalog (`server.ftl`): every message formats in every language with the
//! arguments the server gives it, and is translated, not copied from English.

use chuhan_i18n::{check_catalogs, try_tr, Domain, FluentArgs, Lang};

/// The messages with values (or none, for a sentence that is not a code's), and the values the
/// server gives each.
const WITH_VALUES: &[(&str, &[&str])] = &[
    ("no-game", &["id"]),
    ("no-player", &["name"]),
    ("internal", &["reference"]),
    ("engine-busy", &["games"]),
    ("review-too-long", &["limit"]),
    ("review-pending", &["limit"]),
    ("name-taken", &["name"]),
    ("name-registered", &["name"]),
    ("account-locked", &["name", "minutes"]),
    ("login-attempts", &["failures", "window", "minutes"]),
    ("puzzle-attempts", &["limit", "seconds"]),
    ("read-move-empty", &[]),
    ("read-move-bikjang", &["problem"]),
    ("ws-not-understood", &[]),
    ("ws-watching", &[]),
    ("ws-no-passing", &[]),
    ("ws-too-many", &["limit"]),
    ("ws-binary", &[]),
    ("room-over", &[]),
    ("room-not-your-turn", &["side"]),
    ("room-illegal", &["move"]),
    ("room-time-up", &[]),
    ("room-not-saved", &[]),
    ("room-behind", &[]),
    ("room-engine-declines-draws", &[]),
    ("room-draw-already-offered", &[]),
    ("room-takeback-already-asked", &[]),
    ("room-formation-fixed", &[]),
    ("room-nothing-to-take-back", &[]),
    ("room-nothing-to-decline", &[]),
    ("talk-engine-chat", &[]),
    ("talk-engine-rematch", &[]),
    ("talk-anonymous", &[]),
    ("talk-empty", &[]),
    ("talk-too-long", &["limit", "given"]),
    ("talk-control", &[]),
    ("talk-too-fast", &[]),
    ("talk-not-over", &[]),
    ("talk-no-opponent", &[]),
    ("engine-forfeit", &["verdict", "loser"]),
];

/// The codes the server answers with (chuhan-server's `error.rs` and its `with_code`s).
const CODES: &[&str] = &[
    "bad_request",
    "forbidden",
    "not_found",
    "conflict",
    "too_large",
    "too_many_requests",
    "engine_failed",
    "busy",
    "wrong_host",
    "internal",
    "error",
    "account_locked",
    "bad_name",
    "bad_password",
    "bad_rating",
    "bad_theme",
    "engine_busy",
    "game_not_over",
    "game_over",
    "game_too_long",
    "login_required",
    "name_registered",
    "name_taken",
    "no_player",
    "no_puzzle",
    "not_logged_in",
    "review_pending",
    "review_queue_full",
    "too_long",
    "too_many_attempts",
    "wrong_password",
];

#[test]
fn the_server_catalog_is_complete_and_clean() {
    let problems: Vec<_> = check_catalogs().into_iter().filter(|p| p.contains("server.ftl")).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_server_message_formats_in_every_language() {
    for lang in Lang::ALL {
        for code in CODES {
            let id = format!("code-{code}");
            let text = try_tr(lang, Domain::Server, &id, None).unwrap_or_else(|e| panic!("{e}"));
            assert!(!text.trim().is_empty(), "{lang} {id}");
            if lang != Lang::En {
                assert_ne!(text, try_tr(Lang::En, Domain::Server, &id, None).unwrap(), "{lang} {id} is English");
            }
        }
        for (id, names) in WITH_VALUES {
            let mut args = FluentArgs::new();
            for (i, name) in names.iter().enumerate() {
                args.set(*name, format!("V{i}x"));
            }
            let text = try_tr(lang, Domain::Server, id, Some(&args)).unwrap_or_else(|e| panic!("{e}"));
            for i in 0..names.len() {
                assert!(text.contains(&format!("V{i}x")), "{lang} {id} drops ${}: {text}", names[i]);
            }
            // A missing value is an error, not a silent gap.
            assert!(names.is_empty() || try_tr(lang, Domain::Server, id, None).is_err(), "{lang} {id} needs no value");
            if lang != Lang::En {
                let english = try_tr(Lang::En, Domain::Server, id, Some(&args)).unwrap();
                assert_ne!(text, english, "{lang} {id} is English");
                assert!(!text.contains("try again"), "{lang} {id}: {text}");
            }
        }
    }
}
