//! The transposition table: one entry per slot, replaced when the new
//! search is at least as deep, keyed by the position's Zobrist hash.

use crate::position::Move;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The score is at least this (a cut at the maximiser).
    Lower,
    /// The score is at most this.
    Upper,
}

#[derive(Clone, Copy)]
pub(crate) struct Entry {
    pub(crate) key: u64,
    pub(crate) best: Option<Move>,
    pub(crate) score: i32,
    pub(crate) depth: i16,
    pub(crate) bound: Bound,
}

pub(crate) struct Table {
    slots: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` slots.
    pub(crate) fn new(bits: u32) -> Table {
        let n = 1usize << bits;
        Table {
            slots: vec![None; n],
            mask: n - 1,
        }
    }

    pub(crate) fn get(&self, key: u64) -> Option<Entry> {
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    pub(crate) fn put(&mut self, entry: Entry) {
        let slot = &mut self.slots[entry.key as usize & self.mask];
        match slot {
            Some(old) if old.key == entry.key && old.depth > entry.depth => {}
            _ => *slot = Some(entry),
        }
    }
}
