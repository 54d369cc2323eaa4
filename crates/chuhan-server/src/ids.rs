//! Names the server makes up: game ids and seat tokens from the system's random numbers, and
//! the time in seconds for the records.

use anyhow::Result;

/// Seconds since the Unix epoch (0 if the clock is before it).
pub fn now_secs() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

/// `n` random bytes as lower-case hex, from the operating system's generator.
///
/// Game ids and seat tokens come from here: a token is the only proof of a seat, so it must
/// not be guessable, which rules out a seeded generator.
pub fn random_hex(n: usize) -> Result<String> {
    let mut buf = vec![0u8; n];
    getrandom::fill(&mut buf).map_err(|e| anyhow::anyhow!("no random numbers from the system: {e}"))?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}
