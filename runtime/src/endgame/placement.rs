//! The dense index of a material's placements (`PlacementIndex`): every
//! way to put the material's pieces on the cells they may stand on gets a
//! number below the index's size, identical pieces counted once, so that
//! the retrograde analysis can keep a table of them as a flat array.

use super::Slots;
use crate::game::Game;

/// `n` choose `k`, saturating.
fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut r: u64 = 1;
    for i in 0..k {
        r = r.saturating_mul(n - i) / (i + 1);
    }
    r
}

/// The dense index of a material's placements: each run of identical pieces
/// contributes the rank of its set of cells (combinations in colex order,
/// so swapping identical pieces is one placement), the runs are mixed-radix
/// digits. Indices whose pieces share a cell are not placements; the
/// searches skip them.
#[derive(Clone, Debug)]
pub(crate) struct PlacementIndex {
    groups: Vec<IndexGroup>,
    /// Per slot: its group in `groups`.
    group_of: Vec<usize>,
    pub size: u64,
}

#[derive(Clone, Debug)]
struct IndexGroup {
    first: usize,
    count: usize,
    cells: Vec<u16>,
    /// Per board cell: its position in `cells`, or `u16::MAX`.
    position: Vec<u16>,
    /// For runs of two or more: every combination's positions, by rank.
    combinations: Vec<u16>,
    stride: u64,
}

impl PlacementIndex {
    /// The index of `slots`, or `None` if it has more than `most` entries.
    pub fn new(game: &Game, slots: &Slots, most: u64) -> Option<PlacementIndex> {
        let mut groups: Vec<IndexGroup> = Vec::new();
        let mut group_of = Vec::with_capacity(slots.slots.len());
        let mut size: u64 = 1;
        for (i, s) in slots.slots.iter().enumerate() {
            if s.group != i {
                groups
                    .last_mut()
                    .expect("a run starts with its first slot")
                    .count += 1;
                group_of.push(groups.len() - 1);
                continue;
            }
            group_of.push(groups.len());
            let mut position = vec![u16::MAX; game.shape.cells];
            for (n, &c) in s.list.iter().enumerate() {
                position[c as usize] = n as u16;
            }
            groups.push(IndexGroup {
                first: i,
                count: 1,
                cells: s.list.clone(),
                position,
                combinations: Vec::new(),
                stride: 0,
            });
        }
        for g in &mut groups {
            let n = g.cells.len() as u64;
            let entries = binomial(n, g.count as u64);
            g.stride = size;
            size = size.checked_mul(entries).filter(|&s| s <= most)?;
            if g.count > 1 {
                g.combinations = vec![0; (entries as usize) * g.count];
                let mut combo: Vec<u16> = (0..g.count as u16).collect();
                loop {
                    let rank = colex_rank(&combo) as usize;
                    g.combinations[rank * g.count..][..g.count].copy_from_slice(&combo);
                    // The next combination in lexicographic order.
                    let mut i = g.count;
                    while i > 0 && combo[i - 1] as u64 == n - (g.count - i + 1) as u64 {
                        i -= 1;
                    }
                    if i == 0 {
                        break;
                    }
                    combo[i - 1] += 1;
                    for j in i..g.count {
                        combo[j] = combo[j - 1] + 1;
                    }
                }
            }
        }
        Some(PlacementIndex {
            groups,
            group_of,
            size,
        })
    }

    /// The index of the placement `index` with slot `slot` moved from cell
    /// `from` to cell `to`, found without re-encoding when the slot is the
    /// only piece of its run. `None`: encode the new placement instead.
    #[inline]
    pub fn moved(&self, index: u64, slot: usize, from: u16, to: u16) -> Option<u64> {
        let g = &self.groups[self.group_of[slot]];
        if g.count != 1 {
            return None;
        }
        let (old, new) = (g.position[from as usize], g.position[to as usize]);
        if new == u16::MAX {
            return None;
        }
        Some(index - old as u64 * g.stride + new as u64 * g.stride)
    }

    /// The index of a placement (the cell of each slot), `None` if a piece
    /// stands outside its cells.
    pub fn encode(&self, cells: &[u16]) -> Option<u64> {
        let mut index = 0;
        for g in &self.groups {
            let pos = |c: u16| match g.position[c as usize] {
                u16::MAX => None,
                p => Some(p),
            };
            let rank = if g.count == 1 {
                pos(cells[g.first])? as u64
            } else {
                let mut combo = [0u16; 16];
                for (j, &c) in cells[g.first..][..g.count].iter().enumerate() {
                    combo[j] = pos(c)?;
                }
                let combo = &mut combo[..g.count];
                combo.sort_unstable();
                colex_rank(combo)
            };
            index += rank * g.stride;
        }
        Some(index)
    }

    /// The cell of each slot at `index` (identical pieces on increasing cells).
    pub fn decode(&self, index: u64, cells: &mut [u16]) {
        for g in &self.groups {
            let entries = if g.count == 1 {
                g.cells.len() as u64
            } else {
                (g.combinations.len() / g.count) as u64
            };
            let rank = (index / g.stride % entries) as usize;
            if g.count == 1 {
                cells[g.first] = g.cells[rank];
            } else {
                for (j, &p) in g.combinations[rank * g.count..][..g.count]
                    .iter()
                    .enumerate()
                {
                    cells[g.first + j] = g.cells[p as usize];
                }
            }
        }
    }
}

/// The colex rank of increasing positions `a_1 < a_2 < ...`: the sum of
/// `C(a_i, i)`.
fn colex_rank(combo: &[u16]) -> u64 {
    combo
        .iter()
        .enumerate()
        .map(|(i, &a)| binomial(a as u64, i as u64 + 1))
        .sum()
}

/// Do all pieces stand on different cells?
pub(crate) fn distinct(cells: &[u16]) -> bool {
    cells
        .iter()
        .enumerate()
        .all(|(i, c)| !cells[..i].contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials() {
        assert_eq!(binomial(64, 2), 2016);
        assert_eq!(binomial(100, 3), 161_700);
        assert_eq!(binomial(3, 5), 0);
        assert_eq!(binomial(10, 0), 1);
    }

    #[test]
    fn colex_ranks_are_dense() {
        // Every 3-subset of 0..7 gets a distinct rank below C(7, 3).
        let mut seen = vec![false; binomial(7, 3) as usize];
        for a in 0..7u16 {
            for b in a + 1..7 {
                for c in b + 1..7 {
                    let r = colex_rank(&[a, b, c]) as usize;
                    assert!(!seen[r], "{a} {b} {c}");
                    seen[r] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
