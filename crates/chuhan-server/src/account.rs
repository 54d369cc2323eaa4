//! Accounts, the domain half: what a name and a password may be, how passwords are hashed and
//! checked, what a session token is, and how failed logins are counted per address. The
//! handlers are in [`crate::account_http`]; what is stored, and how, is the store's
//! ([`chuhan_db::live::accounts`]). See `docs/accounts.md`.

use argon2::password_hash::{Output, ParamsString, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version, ARGON2ID_IDENT};
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
/// Password hashes computed at once (threads): each takes 19 MiB and tens of milliseconds of a
/// core.
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

/// Hashes and checks passwords with Argon2id (the `argon2` crate's default parameters) on
/// [`HASHES_AT_ONCE`] threads of its own, so that a flood of logins queues instead of holding
/// every core. Threads of its own rather than Tokio's blocking pool: each hash takes 19 MiB, and
/// the allocator keeps that much in every thread that ever hashed (measured with the load
/// benchmark: 300 MB after 1,000 signups on the blocking pool, bounded by two threads here).
#[derive(Clone)]
pub struct Hasher {
    jobs: std::sync::mpsc::Sender<Job>,
}

/// A hash or a check to run on a hashing thread.
type Job = Box<dyn FnOnce() + Send>;

impl Default for Hasher {
    fn default() -> Hasher {
        let (jobs, rx) = std::sync::mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        for n in 0..HASHES_AT_ONCE {
            let rx = rx.clone();
            let spawned = std::thread::Builder::new().name(format!("chuhan-argon2-{n}")).spawn(move || loop {
                // One job at a time from the shared queue; the thread ends with the last Hasher.
                let job = match rx.lock().unwrap_or_else(|e| e.into_inner()).recv() {
                    Ok(job) => job,
                    Err(_) => return,
                };
                job();
            });
            if let Err(e) = spawned {
                eprintln!("chuhan serve: no password hashing thread: {e}");
            }
        }
        Hasher { jobs }
    }
}

impl Hasher {
    /// Runs `f` on a hashing thread and answers its result.
    async fn run<T: Send + 'static>(&self, f: impl FnOnce() -> T + Send + 'static) -> anyhow::Result<T> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        self.jobs
            .send(Box::new(move || {
                let _ = reply.send(f());
            }))
            .map_err(|_| anyhow::anyhow!("the password hashing threads have stopped"))?;
        answer.await.map_err(|_| anyhow::anyhow!("a password hashing thread failed"))
    }

    /// The PHC string of `password` with a fresh random salt.
    pub async fn hash(&self, password: &str) -> anyhow::Result<String> {
        let password = password.to_string();
        self.run(move || hash_now(&password)).await?
    }

    /// Whether `password` is the one `hash` was made from. A hash that cannot be read is a
    /// wrong password (and an error in the log), never a panic.
    pub async fn verify(&self, password: &str, hash: &str) -> bool {
        let (password, hash) = (password.to_string(), hash.to_string());
        match self.run(move || verify_now(&password, &hash)).await {
            Ok(Ok(same)) => same,
            Ok(Err(e)) | Err(e) => {
                eprintln!("chuhan serve: a password could not be checked: {e:#}");
                false
            }
        }
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

thread_local! {
    /// The hashing thread's Argon2 memory, made once and used for every hash: the allocator
    /// never sees the 19 MiB come and go (which left it holding hundreds of MiB in its arenas).
    static MEMORY: std::cell::RefCell<Vec<Block>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The raw Argon2id hash of `password` with `salt` under `params` and `version`, into `out`,
/// in the thread's memory.
fn argon2id(params: &Params, version: Version, password: &[u8], salt: &[u8], out: &mut [u8]) -> anyhow::Result<()> {
    MEMORY.with(|m| {
        let mut m = m.borrow_mut();
        let need = params.block_count();
        if m.len() < need {
            m.resize(need, Block::default());
        }
        Argon2::new(Algorithm::Argon2id, version, params.clone())
            .hash_password_into_with_memory(password, salt, out, &mut m[..need])
            .map_err(|e| anyhow::anyhow!("Argon2: {e}"))
    })
}

/// Hashes `password` with a fresh salt and the default parameters (19 MiB, 2 passes, one lane,
/// 32 bytes): the PHC string `$argon2id$v=19$m=19456,t=2,p=1$SALT$HASH`.
fn hash_now(password: &str) -> anyhow::Result<String> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| anyhow::anyhow!("no random salt: {e}"))?;
    let params = Params::default();
    let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
    argon2id(&params, Version::V0x13, password.as_bytes(), &salt, &mut out)?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| anyhow::anyhow!("salt: {e}"))?;
    let phc = PasswordHash {
        algorithm: ARGON2ID_IDENT,
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(|e| anyhow::anyhow!("parameters: {e}"))?,
        salt: Some(salt.as_salt()),
        hash: Some(Output::new(&out).map_err(|e| anyhow::anyhow!("hash: {e}"))?),
    };
    Ok(phc.to_string())
}

/// Whether `password` hashes to the PHC string `stored` (Argon2id with its own parameters;
/// the comparison is constant-time, `Output`'s).
fn verify_now(password: &str, stored: &str) -> anyhow::Result<bool> {
    let parsed = PasswordHash::new(stored).map_err(|e| anyhow::anyhow!("a stored hash cannot be read: {e}"))?;
    if parsed.algorithm != ARGON2ID_IDENT {
        anyhow::bail!("a stored hash is {}, not argon2id", parsed.algorithm);
    }
    let params = Params::try_from(&parsed).map_err(|e| anyhow::anyhow!("its parameters: {e}"))?;
    let version = Version::try_from(parsed.version.unwrap_or(Version::V0x13.into()))
        .map_err(|e| anyhow::anyhow!("its version: {e}"))?;
    let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else {
        anyhow::bail!("a stored hash has no salt or hash")
    };
    let mut buf = [0u8; 64];
    let salt = salt.decode_b64(&mut buf).map_err(|e| anyhow::anyhow!("its salt: {e}"))?;
    let mut out = vec![0u8; expected.len()];
    argon2id(&params, version, password.as_bytes(), salt, &mut out)?;
    Ok(Output::new(&out).map_err(|e| anyhow::anyhow!("{e}"))? == expected)
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
    fn hashes_are_the_argon2_crates_own_both_ways() {
        use argon2::password_hash::{PasswordHasher, PasswordVerifier};
        // Ours, checked by the crate's verifier.
        let ours = hash_now("pass phrase").unwrap();
        assert!(ours.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{ours}");
        let parsed = PasswordHash::new(&ours).unwrap();
        assert!(Argon2::default().verify_password(b"pass phrase", &parsed).is_ok());
        assert!(Argon2::default().verify_password(b"pass phrasE", &parsed).is_err());
        // The crate's (other parameters too), checked by ours.
        let salt = SaltString::encode_b64(b"0123456789abcdef").unwrap();
        let light = Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::new(8192, 1, 1, Some(32)).unwrap());
        for theirs in
            [Argon2::default().hash_password(b"pass phrase", &salt), light.hash_password(b"pass phrase", &salt)]
        {
            let theirs = theirs.unwrap().to_string();
            assert!(verify_now("pass phrase", &theirs).unwrap(), "{theirs}");
            assert!(!verify_now("pass phrasE", &theirs).unwrap(), "{theirs}");
        }
        assert!(verify_now("x", "$argon2i$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$aGFzaA").is_err(), "argon2i is refused");
        assert!(verify_now("x", "garbage").is_err());
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
