//! The message catalogs: one Fluent file per language and domain, compiled in, each turned into
//! a bundle the first time it is asked for.

use crate::lang::{Lang, SOURCES};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use std::sync::OnceLock;

/// A catalog's subject: the messages one part of chuhan needs. Each is one file,
/// `locales/<tag>/<name>.ftl`, in every language.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Domain {
    /// Rulings and their words: sides, pieces, results (`rules.ftl`).
    Rules,
    /// `chuhan play`'s screen and status lines (`play.ftl`).
    Play,
    /// The web server's answers: its HTTP errors (`server.ftl`).
    Server,
}

impl Domain {
    /// Every domain.
    pub const ALL: [Domain; 3] = [Domain::Rules, Domain::Play, Domain::Server];

    /// The catalog's file name without `.ftl`.
    pub const fn name(self) -> &'static str {
        match self {
            Domain::Rules => "rules",
            Domain::Play => "play",
            Domain::Server => "server",
        }
    }

    const fn index(self) -> usize {
        match self {
            Domain::Rules => 0,
            Domain::Play => 1,
            Domain::Server => 2,
        }
    }
}

/// Why a message could not be given in the language asked for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TrError {
    /// The catalog has no such message (or it has attributes only).
    #[error("{lang}/{domain}.ftl has no message {id:?}")]
    Missing {
        /// The language asked for.
        lang: Lang,
        /// The catalog's file name.
        domain: &'static str,
        /// The message's id.
        id: String,
    },
    /// The message exists but could not be formatted: an argument it needs was not given,
    /// or it names a message or term that does not exist.
    #[error("{lang}/{domain}.ftl, message {id:?}: {detail}")]
    Format {
        /// The language asked for.
        lang: Lang,
        /// The catalog's file name.
        domain: &'static str,
        /// The message's id.
        id: String,
        /// Fluent's errors, in words.
        detail: String,
    },
}

struct Catalog {
    bundle: FluentBundle<FluentResource>,
    /// Syntax errors in the file and messages defined twice, in words (empty when clean;
    /// [`check_catalogs`] reports them).
    problems: Vec<String>,
}

fn catalog(lang: Lang, domain: Domain) -> &'static Catalog {
    static CACHE: [[OnceLock<Catalog>; Domain::ALL.len()]; Lang::ALL.len()] =
        [const { [const { OnceLock::new() }; Domain::ALL.len()] }; Lang::ALL.len()];
    CACHE[lang.index()][domain.index()].get_or_init(|| build(lang, domain))
}

fn build(lang: Lang, domain: Domain) -> Catalog {
    let source = SOURCES[lang.index()][domain.index()];
    let mut problems = Vec::new();
    let resource = FluentResource::try_new(source.to_string()).unwrap_or_else(|(resource, errors)| {
        problems.extend(errors.iter().map(|e| format!("syntax: {e:?}")));
        resource
    });
    let id: unic_langid::LanguageIdentifier = lang.tag().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Isolation marks (U+2068/U+2069) around arguments help mixed right-to-left text; none of
    // chuhan's languages needs them, and they show up as garbage in terminals and tests.
    bundle.set_use_isolating(false);
    if let Err(errors) = bundle.add_resource(resource) {
        problems.extend(errors.iter().map(|e| format!("{e:?}")));
    }
    Catalog { bundle, problems }
}

/// The message `id` of `domain` in `lang`, formatted with `args`; an error when the catalog
/// lacks it or cannot format it. Tests use it to find gaps; people see [`tr`].
pub fn try_tr(lang: Lang, domain: Domain, id: &str, args: Option<&FluentArgs>) -> Result<String, TrError> {
    let bundle = &catalog(lang, domain).bundle;
    let missing = || TrError::Missing { lang, domain: domain.name(), id: id.to_string() };
    let pattern = bundle.get_message(id).and_then(|m| m.value()).ok_or_else(missing)?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    if !errors.is_empty() {
        let detail = errors.iter().map(|e| format!("{e:?}")).collect::<Vec<_>>().join("; ");
        return Err(TrError::Format { lang, domain: domain.name(), id: id.to_string(), detail });
    }
    Ok(text.into_owned())
}

/// The message `id` of `domain` in `lang`, formatted with `args`: the English message when the
/// language lacks it (a catalog behind the English one still reads), and the id itself when
/// even English does (never a panic, and the gap is visible).
///
/// ```
/// use chuhan_i18n::{tr, Domain, FluentArgs, Lang};
/// let mut args = FluentArgs::new();
/// args.set("plies", 2);
/// assert_eq!(tr(Lang::En, Domain::Play, "took-back", Some(&args)), "Took back 2 moves");
/// assert_eq!(tr(Lang::Ko, Domain::Play, "no-such-message", None), "no-such-message");
/// ```
pub fn tr(lang: Lang, domain: Domain, id: &str, args: Option<&FluentArgs>) -> String {
    match try_tr(lang, domain, id, args) {
        Ok(text) => text,
        Err(_) if lang != Lang::En => tr(Lang::En, domain, id, args),
        Err(TrError::Format { .. }) => {
            // Formatting with errors still gives the best text Fluent can make.
            let bundle = &catalog(lang, domain).bundle;
            let pattern = bundle.get_message(id).and_then(|m| m.value());
            pattern.map_or_else(|| id.to_string(), |p| bundle.format_pattern(p, args, &mut Vec::new()).into_owned())
        }
        Err(TrError::Missing { .. }) => id.to_string(),
    }
}

/// Every catalog's problems: syntax errors, messages defined twice, and messages of the
/// English catalog that a language lacks. Empty when all is well; a test keeps it so. (A
/// language may have messages English lacks: helpers for its own grammar.)
pub fn check_catalogs() -> Vec<String> {
    let mut problems = Vec::new();
    for domain in Domain::ALL {
        let english = ids(SOURCES[Lang::En.index()][domain.index()]);
        for lang in Lang::ALL {
            let file = format!("{}/{}.ftl", lang.tag(), domain.name());
            problems.extend(catalog(lang, domain).problems.iter().map(|p| format!("{file}: {p}")));
            let own = ids(SOURCES[lang.index()][domain.index()]);
            problems.extend(english.iter().filter(|id| !own.contains(id)).map(|id| format!("{file}: lacks {id}")));
        }
    }
    problems
}

/// The ids of the messages (not terms) a catalog defines.
fn ids(source: &str) -> Vec<String> {
    let resource = match FluentResource::try_new(source.to_string()) {
        Ok(r) => r,
        Err((r, _)) => r,
    };
    resource
        .entries()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect()
}
