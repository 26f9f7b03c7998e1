//! Piece codes: a cell holds 0 (`EMPTY`) or `1 + player * kinds + kind`, one
//! byte. `CodeSet` is a set of codes, wide enough for every code a byte can
//! name; the loader refuses games needing more codes than `MAX_CODES`, and
//! the compiler reports that limit as a located diagnostic before lowering.

/// A piece on the board: 0 is an empty cell, otherwise `1 + player * kinds + kind`.
pub type PieceCode = u8;
pub const EMPTY: PieceCode = 0;

/// How many codes a game may use, `EMPTY` included.
pub const MAX_CODES: usize = 256;

/// The codes a game of `players` players and `kinds` kinds (stacks
/// included) uses, `EMPTY` included.
pub const fn codes_needed(players: usize, kinds: usize) -> usize {
    1 + players * kinds
}

/// The most kinds any game can have: a game has at least two players.
pub const MAX_KINDS: usize = (MAX_CODES - 1) / 2;

const WORDS: usize = MAX_CODES / 64;

/// A set of piece codes, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CodeSet([u64; WORDS]);

impl CodeSet {
    pub const EMPTY: CodeSet = CodeSet([0; WORDS]);

    /// The codes `first..end`.
    pub fn range(first: usize, end: usize) -> CodeSet {
        let mut set = CodeSet::EMPTY;
        for code in first..end {
            set.insert(code as PieceCode);
        }
        set
    }

    pub fn from_code(code: PieceCode) -> CodeSet {
        let mut set = CodeSet::EMPTY;
        set.insert(code);
        set
    }

    #[inline(always)]
    pub fn insert(&mut self, code: PieceCode) {
        self.0[code as usize >> 6] |= 1 << (code & 63);
    }

    #[inline(always)]
    pub fn contains(&self, code: PieceCode) -> bool {
        self.0[code as usize >> 6] >> (code & 63) & 1 != 0
    }

    #[inline(always)]
    pub fn intersects(&self, other: &CodeSet) -> bool {
        (self.0[0] & other.0[0])
            | (self.0[1] & other.0[1])
            | (self.0[2] & other.0[2])
            | (self.0[3] & other.0[3])
            != 0
    }

    #[inline(always)]
    pub fn union(&self, other: &CodeSet) -> CodeSet {
        CodeSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    #[inline(always)]
    pub fn minus(&self, other: &CodeSet) -> CodeSet {
        CodeSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    #[inline(always)]
    pub fn intersection(&self, other: &CodeSet) -> CodeSet {
        CodeSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The bits, for ordering and deduplicating sets.
    pub fn words(&self) -> [u64; WORDS] {
        self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0 == [0; WORDS]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_code_has_its_own_bit() {
        let mut set = CodeSet::EMPTY;
        for code in (0..=255u8).step_by(3) {
            set.insert(code);
        }
        for code in 0..=255u8 {
            assert_eq!(set.contains(code), code % 3 == 0, "{code}");
        }
        assert!(set.intersects(&CodeSet::range(255, 256)));
        assert!(!set.intersects(&CodeSet::range(254, 255)));
        assert!(CodeSet::range(0, 256).minus(&set).contains(1));
    }
}
