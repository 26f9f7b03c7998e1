//! Un-moves for the backward pass of the retrograde analysis: each quiet
//! atom of a piece reversed (`UnmoveTable`), and the `Layout` of a material
//! (its slots, the index of their placements and their un-moves) that
//! turns a placement into the placements one quiet move leads from.

use super::{Board, MOST_PIECES, MOST_POSITIONS};
use crate::bitset::CellSet;
use crate::endgame::{PlacementIndex, Slot, Slots, Unsupported};
use crate::game::Game;
use crate::ir;

/// A quiet atom reversed: a piece now on the target came from `from`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Unmove {
    from: u16,
    /// The cells the move passes: `ray_cells` (all must be empty) or, for a
    /// hook, `hook_cells` (one must be empty).
    path_start: u32,
    path_len: u16,
    hook: bool,
    unattacked: bool,
}

/// Per target cell, the un-moves of one slot's piece from the cells it may
/// stand on.
#[derive(Clone, Debug)]
pub(super) struct UnmoveTable {
    start: Vec<u32>,
    entries: Vec<Unmove>,
}

impl UnmoveTable {
    fn new(game: &Game, slot: &Slot) -> UnmoveTable {
        let g = game;
        let mut per_target: Vec<Vec<Unmove>> = vec![Vec::new(); g.shape.cells];
        let quiet = |flags: u16| flags & ir::MOVE != 0 && flags & ir::UNMOVED_ONLY == 0;
        for from in slot.cells.iter() {
            let set = *g.moveset(slot.player, slot.kind, from);
            let plain = |path_start, path_len, hook, flags: u16| Unmove {
                from: from as u16,
                path_start,
                path_len,
                hook,
                unattacked: flags & ir::UNATTACKED_LANDING != 0,
            };
            for l in g.leaps_of(&set).iter().filter(|l| quiet(l.flags)) {
                per_target[l.to as usize].push(plain(0, 0, false, l.flags));
            }
            for r in g.rays_of(&set).iter().filter(|r| quiet(r.flags)) {
                let cells = g.cells_of(r);
                for (i, &to) in cells.iter().enumerate().skip(r.first_landing as usize) {
                    per_target[to as usize].push(plain(r.start, i as u16, false, r.flags));
                }
            }
            for h in g.moves.hooks[set.hook_start as usize..][..set.hook_len as usize]
                .iter()
                .filter(|h| quiet(h.flags))
            {
                per_target[h.to as usize].push(plain(h.via_start, h.via_len, true, h.flags));
            }
        }
        let mut start = Vec::with_capacity(g.shape.cells + 1);
        let mut entries = Vec::new();
        for list in per_target {
            start.push(entries.len() as u32);
            entries.extend(list);
        }
        start.push(entries.len() as u32);
        UnmoveTable { start, entries }
    }

    fn at(&self, cell: usize) -> &[Unmove] {
        &self.entries[self.start[cell] as usize..self.start[cell + 1] as usize]
    }
}

/// A material's slots, the index of their placements and their un-moves.
pub(super) struct Layout {
    pub(super) slots: Vec<Slot>,
    pub(super) index: PlacementIndex,
    unmoves: Vec<UnmoveTable>,
}

impl Layout {
    pub(super) fn new(game: &Game, slots: Vec<Slot>) -> Result<Layout, Unsupported> {
        let wrapped = Slots { slots };
        let index = PlacementIndex::new(game, &wrapped, MOST_POSITIONS).ok_or_else(|| {
            let positions = wrapped
                .slots
                .iter()
                .fold(1u64, |n, s| n.saturating_mul(s.list.len() as u64));
            Unsupported::TooManyPositions {
                positions,
                most: MOST_POSITIONS,
            }
        })?;
        let unmoves = wrapped
            .slots
            .iter()
            .map(|s| UnmoveTable::new(game, s))
            .collect();
        Ok(Layout {
            slots: wrapped.slots,
            index,
            unmoves,
        })
    }

    /// The positions (with `mover` to move) from which one quiet move of
    /// `mover` leads to the placement `cells`, as indices (legal or not;
    /// possibly repeated). `board` shows `cells` when an atom needs the
    /// landing judged.
    pub(super) fn predecessors(
        &self,
        index: u64,
        cells: &[u16],
        mover: usize,
        board: &mut Board,
        out: &mut Vec<u64>,
    ) {
        out.clear();
        let game = board.pos.game;
        let occupied = CellSet::from_cells(cells.iter().map(|&c| c as usize));
        let mut shown = false;
        let mut before = [0u16; MOST_PIECES];
        let before = &mut before[..cells.len()];
        for (s, slot) in self.slots.iter().enumerate() {
            if slot.player != mover {
                continue;
            }
            let to = cells[s] as usize;
            for u in self.unmoves[s].at(to) {
                if occupied.contains(u.from as usize) || !path_open(game, u, &occupied) {
                    continue;
                }
                if u.unattacked {
                    if !shown {
                        board.show(cells);
                        shown = true;
                    }
                    if board.pos.attacked_by_enemy_of(to, mover) {
                        continue;
                    }
                }
                if let Some(i) = self.index.moved(index, s, cells[s], u.from) {
                    out.push(i);
                    continue;
                }
                before.copy_from_slice(cells);
                before[s] = u.from;
                if let Some(i) = self.index.encode(before) {
                    out.push(i);
                }
            }
        }
    }
}

fn path_open(game: &Game, u: &Unmove, occupied: &CellSet) -> bool {
    if u.path_len == 0 {
        return true;
    }
    if u.hook {
        game.moves.hook_cells[u.path_start as usize..][..u.path_len as usize]
            .iter()
            .any(|&c| !occupied.contains(c as usize))
    } else {
        game.moves.ray_cells[u.path_start as usize..][..u.path_len as usize]
            .iter()
            .all(|&c| !occupied.contains(c as usize))
    }
}
