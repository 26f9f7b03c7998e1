//! Counts of game files read and games loaded in this process, so that a
//! test can prove a command reads its game once and loads it once (the
//! CLI prints them at exit under `VARIANT_COUNT_IO=1`). Two relaxed atomic
//! increments per command: nothing a hot loop touches.

use std::sync::atomic::{AtomicU64, Ordering};

static READS: AtomicU64 = AtomicU64::new(0);
static LOADS: AtomicU64 = AtomicU64::new(0);

/// A game file (source or compiled IR) was read from disk.
pub fn note_read() {
    READS.fetch_add(1, Ordering::Relaxed);
}

/// `Game::load` ran.
pub fn note_load() {
    LOADS.fetch_add(1, Ordering::Relaxed);
}

/// Game files read so far.
pub fn reads() -> u64 {
    READS.load(Ordering::Relaxed)
}

/// Games loaded so far.
pub fn loads() -> u64 {
    LOADS.load(Ordering::Relaxed)
}
