//! Helpers shared by the engine's integration tests.

/// A small deterministic generator (xorshift), so random games are the same on every run.
pub fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}
