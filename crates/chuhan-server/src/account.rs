//! Accounts, the domain half: what a name and a password may be, how passwords are hashed and
//! checked, what a session token is, and how failed logins are counted per address. The
//! handlers are in [`crate::account_http`]; what is stored, and how, is the store's
//! ([`chuhan_db::live::accounts`]). See `docs/accounts.md`.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The fewest and most characters of an account's name.
pub const NAME_CHARS: std::ops::RangeInclusive<usize> = 2..=20;
/// The fewest and most characters of a password (the most bounds the hashing's input).
pub const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 8..=256;
/// How long a session lasts from login.
pub const SESSION: Duration = Duration::from_secs(30 * 24 * 3600);
/// The session cookie's name.
pub const COOKIE: &str = "chuhan_session";
/// Failed logins allowed per address, and per account, within [`FAILURE_WINDOW`].
pub const MAX_FAILURES: u32 = 10;
/// The window of [`MAX_FAILURES`].
pub const FAILURE_WINDOW: Duration = Duration::from_secs(15 * 60);
/// Password hashes computed at once: each takes 19 MiB and tens of milliseconds of a core.
const HASHES_AT_ONCE: usize = 2;

/// Why a name cannot be an account's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Too short or too long.
    #[error("name: {0} characters; a name has 2 to 20")]
    Length(usize),
    /// A character that is not a letter, a digit, `_` or `-`.
    #[error("name: {0:?} is not allowed (letters of any script, digits, _ and -)")]
    BadChar(char),
    /// `_` or `-` first.
    #[error("name: it must start with a letter or a digit")]
    BadStart,
}

/// Checks an account's name: 2 to 20 characters, letters of any script (Chinese, Korean,
/// Vietnamese, Latin…), digits, `_` and `-`, starting with a letter or a digit. No spaces:
/// a name is also a path (`/@/NAME`).
pub fn check_name(name: &str) -> Result<&str, NameError> {
    let n = name.chars().count();
    if !NAME_CHARS.contains(&n) {
        return Err(NameError::Length(n));
    }
    if let Some(c) = name.chars().find(|&c| !(c.is_alphanumeric() || c == '_' || c == '-')) {
        return Err(NameError::BadChar(c));
    }
    if !name.starts_with(char::is_alphanumeric) {
        return Err(NameError::BadStart);
    }
    Ok(name)
}

/// Checks a new password's length (8 to 256 characters).
pub fn check_password(password: &str) -> Result<(), String> {
    let n = password.chars().count();
    if PASSWORD_CHARS.contains(&n) {
        Ok(())
    } else {
        Err(format!("password: {n} characters; a password has 8 to 256"))
    }
}

/// Hashes and checks passwords with Argon2id (the `argon2` crate's default parameters), on
/// Tokio's blocking threads and at most [`HASHES_AT_ONCE`] at a time, so that a flood of
/// logins queues instead of holding every core.
#[derive(Clone)]
pub struct Hasher {
    permits: Arc<tokio::sync::Semaphore>,
}

impl Default for Hasher {
    fn default() -> Hasher {
        Hasher { permits: Arc::new(tokio::sync::Semaphore::new(HASHES_AT_ONCE)) }
    }
}

impl Hasher {
    /// The PHC string of `password` with a fresh random salt.
    pub async fn hash(&self, password: &str) -> anyhow::Result<String> {
        let _permit = self.permits.acquire().await?;
        let password = password.to_string();
        tokio::task::spawn_blocking(move || {
            let mut salt = [0u8; 16];
            getrandom::fill(&mut salt).map_err(|e| anyhow::anyhow!("no random salt: {e}"))?;
            let salt = SaltString::encode_b64(&salt).map_err(|e| anyhow::anyhow!("salt: {e}"))?;
            let hash = Argon2::default()
                .hash_password(password.as_bytes(), &salt)
                .map_err(|e| anyhow::anyhow!("cannot hash the password: {e}"))?;
            Ok(hash.to_string())
        })
        .await?
    }

    /// Whether `password` is the one `hash` was made from. A hash that cannot be read is a
    /// wrong password (and an error in the log), never a panic.
    pub async fn verify(&self, password: &str, hash: &str) -> bool {
        let Ok(_permit) = self.permits.acquire().await else { return false };
        let (password, hash) = (password.to_string(), hash.to_string());
        tokio::task::spawn_blocking(move || match PasswordHash::new(&hash) {
            Ok(parsed) => Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok(),
            Err(e) => {
                eprintln!("chuhan serve: a stored password hash cannot be read: {e}");
                false
            }
        })
        .await
        .unwrap_or(false)
    }

    /// Spends about the time of one [`Hasher::verify`], for a login to an unknown name: the
    /// answer takes as long as for a known name, so names cannot be probed by timing.
    pub async fn verify_nothing(&self, password: &str) {
        // A fixed hash of a password no one has (made once; its check costs what any does).
        static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
        let dummy = match DUMMY.get() {
            Some(d) => d.clone(),
            None => match self.hash("no account has this password").await {
                Ok(h) => DUMMY.get_or_init(|| h).clone(),
                Err(_) => return,
            },
        };
        self.verify(password, &dummy).await;
    }
}

/// A new session token (256 random bits, in hex), for the cookie.
pub fn new_token() -> anyhow::Result<String> {
    crate::ids::random_hex(32)
}

/// What the store keeps of a token: its SHA-256, in hex. A copy of the database gives no one
/// a session.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Past this many addresses, those whose window has passed are forgotten.
const MAX_TRACKED: usize = 10_000;

/// Failed logins (and refused signups) per client address, in a window of
/// [`FAILURE_WINDOW`] from the first. In memory, per server: the per-account count, which
/// is in the store, bounds guessing across servers and addresses.
#[derive(Default)]
pub struct Failures {
    map: Mutex<HashMap<IpAddr, (u32, Instant)>>,
}

impl Failures {
    /// How long `ip` must wait before trying again, if it has failed [`MAX_FAILURES`] times
    /// within the window.
    pub fn wait(&self, ip: IpAddr, now: Instant) -> Option<Duration> {
        let map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        let &(n, since) = map.get(&crate::limit::address_key(ip))?;
        let passed = now.saturating_duration_since(since);
        (n >= MAX_FAILURES && passed < FAILURE_WINDOW).then(|| FAILURE_WINDOW - passed)
    }

    /// Counts a failure of `ip` at `now`.
    pub fn failed(&self, ip: IpAddr, now: Instant) {
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= MAX_TRACKED {
            map.retain(|_, (_, since)| now.saturating_duration_since(*since) < FAILURE_WINDOW);
        }
        let entry = map.entry(crate::limit::address_key(ip)).or_insert((0, now));
        if now.saturating_duration_since(entry.1) >= FAILURE_WINDOW {
            *entry = (0, now);
        }
        entry.0 += 1;
    }
}

/// What the account handlers share: the hasher, the failed logins by address, new accounts by
/// address, and whether cookies are `Secure`.
pub struct AccountsState {
    /// Hashes and checks passwords, a few at a time.
    pub hasher: Hasher,
    /// Failed logins and signups by address.
    pub failures: Failures,
    /// New accounts by address (each costs a hash and a row).
    pub signups: crate::limit::Buckets,
    /// `chuhan serve --secure-cookies`: the server is reached over HTTPS (through a proxy),
    /// so the cookie is sent only over HTTPS.
    pub secure_cookies: bool,
}

/// New accounts a minute from one address (also the burst), unless rate limits are off.
const SIGNUPS_PER_MINUTE: u32 = 10;

impl AccountsState {
    /// For a server whose request limit is `requests_per_minute` (0: no limits, signups
    /// included).
    pub fn new(requests_per_minute: u32, secure_cookies: bool) -> AccountsState {
        let signups = if requests_per_minute == 0 { 0 } else { SIGNUPS_PER_MINUTE };
        AccountsState {
            hasher: Hasher::default(),
            failures: Failures::default(),
            signups: crate::limit::Buckets::new(signups),
            secure_cookies,
        }
    }
}

/// Minutes, rounded up, for the messages of refusals.
pub fn minutes(d: Duration) -> u64 {
    d.as_secs().div_ceil(60).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_every_script_are_accounts_names() {
        for good in ["王天一", "철수", "Nguyễn_Văn", "ab", "x-1", "胡荣华2024", "A234567890123456789B"] {
            assert_eq!(check_name(good), Ok(good), "{good}");
        }
        assert_eq!(check_name("a"), Err(NameError::Length(1)));
        assert_eq!(check_name(&"n".repeat(21)), Err(NameError::Length(21)));
        assert_eq!(check_name("Ann Lee"), Err(NameError::BadChar(' ')));
        assert_eq!(check_name("<b>x"), Err(NameError::BadChar('<')));
        assert_eq!(check_name("a/b"), Err(NameError::BadChar('/')));
        assert_eq!(check_name("_ann"), Err(NameError::BadStart));
        assert!(check_password("1234567").is_err() && check_password("12345678").is_ok());
        assert!(check_password(&"p".repeat(257)).is_err());
    }

    #[tokio::test]
    async fn a_hash_checks_its_password_and_no_other() {
        let h = Hasher::default();
        let hash = h.hash("correct horse").await.unwrap();
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(!hash.contains("correct horse"));
        assert!(h.verify("correct horse", &hash).await);
        assert!(!h.verify("correct horsE", &hash).await);
        assert!(!h.verify("correct horse", "not a hash").await);
        assert_ne!(h.hash("correct horse").await.unwrap(), hash, "a salt a hash");
    }

    #[test]
    fn tokens_are_long_and_kept_as_hashes() {
        let t = new_token().unwrap();
        assert_eq!(t.len(), 64);
        assert_eq!(token_hash(&t).len(), 64);
        assert_ne!(token_hash(&t), t);
        assert_eq!(token_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    #[test]
    fn an_address_that_fails_too_often_waits_out_the_window() {
        let f = Failures::default();
        let (ip, t0) = ("192.0.2.7".parse().unwrap(), Instant::now());
        for _ in 0..MAX_FAILURES - 1 {
            f.failed(ip, t0);
        }
        assert_eq!(f.wait(ip, t0), None);
        f.failed(ip, t0);
        assert_eq!(f.wait(ip, t0 + Duration::from_secs(60)), Some(FAILURE_WINDOW - Duration::from_secs(60)));
        assert_eq!(f.wait("192.0.2.8".parse().unwrap(), t0), None);
        assert_eq!(f.wait(ip, t0 + FAILURE_WINDOW), None);
        f.failed(ip, t0 + FAILURE_WINDOW);
        assert_eq!(f.wait(ip, t0 + FAILURE_WINDOW), None, "a new window");
    }
}
