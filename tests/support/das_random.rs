//! Random Das games for the suites that play them (`tests/das.rs`,
//! `tests/das_reference.rs`): a seeded xorshift, sweep sizes from the
//! environment, and a move picker that favours castlings and stack moves.
#![allow(dead_code)]

/// A number from the environment (for longer sweeps), or `default`.
pub fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

pub fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// Moves that exercise stacks and castling.
pub fn special(m: &str) -> bool {
    m.contains("/cargo") || m.contains("/board") || m.starts_with('0')
}

/// Picks a move: half of the time (when there are any) a castling, then
/// half of the time a stack move or castling, otherwise any move.
pub fn pick<'a>(seed: &mut u64, list: &'a [String]) -> &'a String {
    let specials: Vec<&String> = list.iter().filter(|m| special(m)).collect();
    let castlings: Vec<&String> = specials
        .iter()
        .copied()
        .filter(|m| m.starts_with('0'))
        .collect();
    if !castlings.is_empty() && xorshift(seed).is_multiple_of(2) {
        castlings[(xorshift(seed) % castlings.len() as u64) as usize]
    } else if !specials.is_empty() && xorshift(seed).is_multiple_of(2) {
        specials[(xorshift(seed) % specials.len() as u64) as usize]
    } else {
        &list[(xorshift(seed) % list.len() as u64) as usize]
    }
}
