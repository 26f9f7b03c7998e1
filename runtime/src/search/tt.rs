//! The transposition table, shared by every search thread (Lazy SMP,
//! `threads.rs`): one entry per slot, keyed by the position's Zobrist
//! hash, replaced unless the slot holds the same position searched deeper.
//!
//! A slot is two atomic words, the key xor the data and the data (Hyatt
//! and Mann's lockless hashing): a slot torn by two threads writing at
//! once fails the key test and reads as a miss, so no lock is taken. The
//! data word packs the best move's fingerprint (32 bits: a move is 16
//! bytes, too big for the word; the fingerprint is matched against the
//! legal moves, so a rare collision only misorders a move), the score
//! (22 bits), the depth (8) and the bound (2; 0 is an empty slot).

use crate::position::Move;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    Exact = 1,
    /// The score is at least this (a cut at the maximiser).
    Lower = 2,
    /// The score is at most this.
    Upper = 3,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub(crate) key: u64,
    /// The fingerprint of the best move (`fingerprint`), 0 for none.
    pub(crate) best: u32,
    pub(crate) score: i32,
    pub(crate) depth: i16,
    pub(crate) bound: Bound,
}

/// Scores are kept with this offset in 22 bits (a mate is 1,000,000).
const SCORE_OFFSET: i64 = 1 << 21;

/// A 32-bit tag of a move, never 0 (0 is "no move").
pub(crate) fn fingerprint(mv: Move) -> u32 {
    let a = (mv.from as u64) | (mv.to as u64) << 16 | (mv.promotion as u64) << 32;
    let b = (mv.aux as u64) | (mv.passed as u64) << 32 | (mv.wall as u64) << 40;
    let c = (mv.kind as u64) << 56 | (mv.unattacked as u64) << 63;
    let h = (a ^ b.rotate_left(21) ^ c).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    ((h >> 32) as u32).max(1)
}

pub(crate) struct Table {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

impl Entry {
    fn pack(&self) -> u64 {
        let score = (self.score as i64 + SCORE_OFFSET).clamp(0, (1 << 22) - 1) as u64;
        let depth = self.depth.clamp(0, 255) as u64;
        self.best as u64 | score << 32 | depth << 54 | (self.bound as u64) << 62
    }

    fn unpack(key: u64, data: u64) -> Option<Entry> {
        let bound = match data >> 62 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(Entry {
            key,
            best: data as u32,
            score: ((data >> 32 & ((1 << 22) - 1)) as i64 - SCORE_OFFSET) as i32,
            depth: (data >> 54 & 255) as i16,
            bound,
        })
    }
}

impl Table {
    /// A table of `2^bits` slots (16 bytes each).
    pub(crate) fn new(bits: u32) -> Table {
        let n = 1usize << bits;
        Table {
            slots: (0..n)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            mask: n - 1,
        }
    }

    pub(crate) fn get(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        let (check, data) = (slot[0].load(Relaxed), slot[1].load(Relaxed));
        if check ^ data != key {
            return None;
        }
        Entry::unpack(key, data)
    }

    pub(crate) fn put(&self, entry: Entry) {
        if let Some(old) = self.get(entry.key) {
            if old.depth > entry.depth {
                return;
            }
        }
        let slot = &self.slots[entry.key as usize & self.mask];
        let data = entry.pack();
        slot[0].store(entry.key ^ data, Relaxed);
        slot[1].store(data, Relaxed);
    }

    /// Empties every slot (a new game).
    pub(crate) fn clear(&self) {
        for slot in &self.slots {
            slot[0].store(0, Relaxed);
            slot[1].store(0, Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_through_the_packed_word() {
        let t = Table::new(10);
        for (score, depth, bound) in [
            (0, 1, Bound::Exact),
            (-999_990, 64, Bound::Upper),
            (999_999, 200, Bound::Lower),
            (-37, 0, Bound::Lower),
        ] {
            let key = 0xDEAD_BEEF_0000_0000 ^ score as u64;
            t.put(Entry {
                key,
                best: 77,
                score,
                depth,
                bound,
            });
            let e = t.get(key).expect("stored");
            assert_eq!(
                (e.best, e.score, e.depth, e.bound),
                (77, score, depth, bound)
            );
            assert!(t.get(key ^ 1 << 40).is_none());
        }
    }

    #[test]
    fn a_deeper_entry_of_the_same_position_is_kept() {
        let t = Table::new(10);
        let e = |depth| Entry {
            key: 5,
            best: 1,
            score: depth as i32,
            depth,
            bound: Bound::Exact,
        };
        t.put(e(6));
        t.put(e(3));
        assert_eq!(t.get(5).unwrap().depth, 6);
        t.put(e(7));
        assert_eq!(t.get(5).unwrap().depth, 7);
    }
}
