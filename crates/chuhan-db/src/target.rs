//! Where a database lives, as a user names it: a SQLite file or a PostgreSQL URL. Every flag
//! and argument that names a store (`chuhan db --games-db`, `chuhan serve --store` and
//! `--games-db`, the Python `Database(target)`) reads its value through [`Target`]'s
//! [`FromStr`], so that one text means the same store everywhere and a mistyped one is refused
//! where it is given, with the value named, instead of becoming a stray SQLite file.
//!
//! A leaf: nothing else of the crate is needed to read a target, so the web app's live store
//! (which does not use this crate's tables) can read its flag with the same type.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// A store: a SQLite file or a PostgreSQL database.
///
/// Read from text with [`FromStr`]: a `postgres://` or `postgresql://` URL is a PostgreSQL
/// database (libpq's URL form: `postgres://user:password@host:port/db`, or with a Unix socket
/// directory, `postgres://user@/db?host=/run/postgresql`), and so is libpq's key=value form
/// when it starts with one of libpq's keywords (`host=/run/postgresql dbname=chuhan`, which
/// `chuhan serve --database` took); any other text without a `scheme://` is a SQLite file's
/// path. It displays as the path, or the URL with its password hidden.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A SQLite file.
    Sqlite(PathBuf),
    /// A PostgreSQL database, by its URL or key=value string (as given, password included: it
    /// is what connects).
    Postgres(String),
}

/// Why a text is not a [`Target`]. The values are shown with any password hidden.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TargetError {
    /// Nothing was given.
    #[error("an empty database target: give a SQLite file or a postgres:// URL")]
    Empty,
    /// A `postgres://` URL that the PostgreSQL client cannot read.
    #[error("{url}: not a PostgreSQL URL ({source}); expected e.g. postgres://user@host/db or postgres://user@/db?host=/run/postgresql")]
    BadUrl {
        /// The URL, its password hidden.
        url: String,
        /// The client's reason.
        source: postgres::Error,
    },
    /// A URL of another kind of database or service (`mysql://`, `http://`): taken as a file
    /// name it would quietly make a SQLite file of that name.
    #[error("{value}: a {scheme}:// URL is no database chuhan reads: give a SQLite file or a postgres:// URL")]
    UnknownScheme {
        /// The value, its password hidden.
        value: String,
        /// The URL's scheme.
        scheme: String,
    },
}

impl FromStr for Target {
    type Err = TargetError;

    fn from_str(text: &str) -> Result<Target, TargetError> {
        if text.trim().is_empty() {
            return Err(TargetError::Empty);
        }
        if is_postgres_url(text) || is_key_value(text) {
            // The client's own reading, so that a URL taken here also connects (or fails for
            // a reason of the server's, not of its spelling).
            return match postgres::Config::from_str(text) {
                Ok(_) => Ok(Target::Postgres(text.to_string())),
                Err(source) => Err(TargetError::BadUrl { url: redact(text), source }),
            };
        }
        if let Some((scheme, _)) = text.split_once("://") {
            let mut chars = scheme.chars();
            let is_scheme = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
                && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
            if is_scheme {
                return Err(TargetError::UnknownScheme { value: redact(text), scheme: scheme.to_string() });
            }
        }
        Ok(Target::Sqlite(PathBuf::from(text)))
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Sqlite(path) => write!(f, "{}", path.display()),
            Target::Postgres(url) => f.write_str(&redact(url)),
        }
    }
}

impl Target {
    /// Whether the store is PostgreSQL.
    pub fn is_postgres(&self) -> bool {
        matches!(self, Target::Postgres(_))
    }
}

/// The keywords of libpq's key=value form that the PostgreSQL client reads.
const KEYWORDS: &[&str] = &[
    "host",
    "hostaddr",
    "port",
    "user",
    "password",
    "dbname",
    "options",
    "application_name",
    "connect_timeout",
    "sslmode",
    "target_session_attrs",
];

/// Whether `text` is libpq's key=value form: it begins with `keyword=`. A SQLite file named
/// so is not worth the doubt; before [`Target`], `chuhan serve --database` took this form.
fn is_key_value(text: &str) -> bool {
    text.trim_start().split_once('=').is_some_and(|(key, _)| KEYWORDS.contains(&key.trim_end()))
}

/// A PostgreSQL URL (or key=value string) with its password hidden, to name the database in
/// messages.
pub(crate) fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        if !is_key_value(url) {
            return url.to_string();
        }
        // key=value: each `password=` word (a quoted password with spaces keeps its tail).
        let words: Vec<&str> =
            url.split(' ').map(|w| if w.starts_with("password=") { "password=***" } else { w }).collect();
        return words.join(" ");
    };
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    let authority = match authority.rsplit_once('@') {
        Some((user, host)) if user.contains(':') => {
            let name = user.split(':').next().unwrap_or("");
            format!("{name}:***@{host}")
        }
        _ => authority.to_string(),
    };
    // And a `password=` parameter.
    let tail = match tail.split_once('?') {
        Some((path, query)) => {
            let params: Vec<String> = query
                .split('&')
                .map(|p| if p.starts_with("password=") { "password=***".to_string() } else { p.to_string() })
                .collect();
            format!("{path}?{}", params.join("&"))
        }
        None => tail.to_string(),
    };
    format!("{scheme}://{authority}{tail}")
}

/// Whether `target` names a PostgreSQL database (`postgres://` or `postgresql://`) rather than
/// a SQLite file. [`Target`]'s reading uses it; a caller with text in hand should read a
/// [`Target`], which also checks the URL.
pub fn is_postgres_url(target: &str) -> bool {
    target.starts_with("postgres://") || target.starts_with("postgresql://")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_hidden() {
        assert_eq!(redact("postgres://u:secret@h:5432/db?x=1"), "postgres://u:***@h:5432/db?x=1");
        assert_eq!(redact("postgres://u@/db?host=/tmp/x"), "postgres://u@/db?host=/tmp/x");
        assert_eq!(redact("postgresql:///db"), "postgresql:///db");
        assert_eq!(redact("postgres:///db?password=x&host=/d"), "postgres:///db?password=***&host=/d");
        assert!(is_postgres_url("postgresql://x") && !is_postgres_url("games.sqlite3"));
    }

    #[test]
    fn a_path_is_a_sqlite_file() {
        for text in ["games.sqlite3", "/var/lib/chuhan/games.sqlite3", "./a b/c", "C:\\games.db", "x:y", "a=b.db"] {
            assert_eq!(text.parse::<Target>().unwrap(), Target::Sqlite(PathBuf::from(text)), "{text}");
        }
    }

    #[test]
    fn postgres_urls_of_every_form() {
        for text in [
            "postgres://user:password@host:5432/db",
            "postgresql://user@host/db",
            "postgres://user@/db?host=/run/postgresql",
            "postgres:///db?host=/tmp&port=5433",
            "host=/run/postgresql dbname=chuhan",
            "user=chuhan host=localhost port=5432",
        ] {
            let target: Target = text.parse().unwrap();
            assert_eq!(target, Target::Postgres(text.to_string()), "{text}");
            assert!(target.is_postgres());
        }
    }

    #[test]
    fn display_hides_the_password() {
        let target: Target = "postgres://u:secret@h/db".parse().unwrap();
        assert_eq!(target.to_string(), "postgres://u:***@h/db");
        assert_eq!("g.sqlite3".parse::<Target>().unwrap().to_string(), "g.sqlite3");
        let target: Target = "host=h password=secret dbname=d".parse().unwrap();
        assert_eq!(target.to_string(), "host=h password=*** dbname=d");
    }

    #[test]
    fn bad_input_is_refused_with_the_value_named() {
        assert!(matches!("".parse::<Target>(), Err(TargetError::Empty)));
        assert!(matches!("  ".parse::<Target>(), Err(TargetError::Empty)));
        let e = "mysql://u:secret@h/db".parse::<Target>().unwrap_err();
        assert!(matches!(&e, TargetError::UnknownScheme { scheme, .. } if scheme == "mysql"), "{e:?}");
        let text = e.to_string();
        assert!(text.contains("mysql://u:***@h/db") && !text.contains("secret"), "{text}");
        let e = "postgres://u:secret@h:notaport/db".parse::<Target>().unwrap_err();
        assert!(matches!(e, TargetError::BadUrl { .. }), "{e:?}");
        let text = e.to_string();
        assert!(text.contains("postgres://u:***@h:notaport/db") && !text.contains("secret"), "{text}");
    }
}
