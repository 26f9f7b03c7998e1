//! A fixed-size set of cells: boards have at most `MAX_CELLS` cells, so a
//! position's occupancy fits in a few machine words and never allocates.

pub const WORDS: usize = 6;
pub const MAX_CELLS: usize = WORDS * 64;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellSet(pub [u64; WORDS]);

impl CellSet {
    pub const EMPTY: CellSet = CellSet([0; WORDS]);

    #[inline(always)]
    pub fn insert(&mut self, cell: usize) {
        self.0[cell >> 6] |= 1u64 << (cell & 63);
    }

    #[inline(always)]
    pub fn remove(&mut self, cell: usize) {
        self.0[cell >> 6] &= !(1u64 << (cell & 63));
    }

    #[inline(always)]
    pub fn contains(&self, cell: usize) -> bool {
        self.0[cell >> 6] >> (cell & 63) & 1 != 0
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The cells `0..cells`.
    pub fn full(cells: usize) -> CellSet {
        CellSet::from_cells(0..cells)
    }

    #[inline(always)]
    pub fn union(&self, other: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    #[inline(always)]
    pub fn intersect(&self, other: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    #[inline(always)]
    pub fn minus(&self, other: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    pub fn from_cells(cells: impl IntoIterator<Item = usize>) -> CellSet {
        let mut set = CellSet::EMPTY;
        for c in cells {
            set.insert(c);
        }
        set
    }

    /// The cells in increasing order.
    #[inline(always)]
    pub fn iter(&self) -> CellIter {
        CellIter {
            words: self.0,
            word: 0,
        }
    }
}

pub struct CellIter {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for CellIter {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.word < WORDS {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}
