//! Where a piece that must promote can stand: its setup cells and every
//! cell one of its moves lands on, from any cell, or it may be dropped on. A position read from
//! text with such a piece elsewhere (a pawn on its own first rank, where
//! no pawn move of its owner ever lands) is one no game reaches
//! (`notation::check_reachable`). The bound is deliberately loose: a cell
//! some move lands on is accepted even if no sequence of moves from the
//! setup gets there, so that positions made up to probe the rules (a
//! figurant beside the edge it could not have come from) still read.
//!
//! Only a kind whose every way onto a cell is one of its own moves is
//! bounded so: a kind that castles, swaps, rides in a stack, is made by a
//! promotion, an arrival or another kind's move, or has no setup cell has
//! no bound (`None`), since it may stand where its own moves never land.

use crate::bitset::CellSet;
use crate::ir::GameIr;

/// Per `player * kinds + kind`: the cells a piece of that kind and owner
/// may stand on, or `None` where the bound does not apply.
pub(crate) fn promoting_reach(ir: &GameIr, promotes: &[bool]) -> Vec<Option<CellSet>> {
    let (players, kinds, cells) = (ir.players.len(), ir.kinds.len(), ir.cells.len());
    let made = |kind: usize| {
        let k = kind as u8;
        ir.promotions.iter().any(|p| p.choices.contains(&k))
            || ir.arrivals.iter().any(|a| a.place_kind == k)
            || ir.leaps.iter().any(|l| l.becomes == k + 1)
            || ir.rays.iter().any(|r| r.becomes == k + 1)
            || ir.hooks.iter().any(|h| h.becomes == k + 1)
            || ir
                .kinds
                .iter()
                .any(|info| info.stack.is_some_and(|s| s.carrier == k || s.cargo == k))
    };
    let mut out = vec![None; players * kinds];
    for player in 0..players {
        for kind in 0..kinds {
            let pk = player * kinds + kind;
            if !promotes[pk] || made(kind) || ir.kinds[kind].stack.is_some() {
                continue;
            }
            let starts: Vec<usize> = ir
                .setup
                .pieces
                .iter()
                .filter(|s| s.player as usize == player && s.kind as usize == kind)
                .map(|s| s.cell as usize)
                .collect();
            let castles = ir.castlings.iter().any(|c| {
                c.player as usize == player
                    && (c.partner_kinds >> kind & 1 != 0
                        || starts.contains(&(c.king_from as usize))
                        || starts.contains(&(c.partner_from as usize)))
            });
            let sets = &ir.moves[pk * cells..][..cells];
            let swaps = sets.iter().any(|s| s.swap_len > 0)
                || ir.swaps.iter().any(|s| s.partner_kinds >> kind & 1 != 0);
            if starts.is_empty() || castles || swaps {
                continue;
            }
            let mut reach = CellSet::EMPTY;
            for &c in &starts {
                reach.insert(c);
            }
            for set in sets {
                let leaps = ir.leaps[set.leap_start as usize..][..set.leap_len as usize]
                    .iter()
                    .map(|l| l.to as usize);
                let rays = ir.rays[set.ray_start as usize..][..set.ray_len as usize]
                    .iter()
                    .flat_map(|r| {
                        ir.ray_cells[r.start as usize..][..r.len as usize]
                            [r.first_landing as usize..]
                            .iter()
                            .map(|&c| c as usize)
                    });
                let hooks = ir.hooks[set.hook_start as usize..][..set.hook_len as usize]
                    .iter()
                    .map(|h| h.to as usize);
                for to in leaps.chain(rays).chain(hooks) {
                    reach.insert(to);
                }
            }
            // A piece may be dropped where its kind drops (the hands' cells
            // are checked later, by `hands.rs`: out of range ones skipped).
            if let Some(drops) = ir.hands.as_ref().and_then(|h| h.drop_cells.get(pk)) {
                for &c in drops.iter().filter(|&&c| (c as usize) < cells) {
                    reach.insert(c as usize);
                }
            }
            out[pk] = Some(reach);
        }
    }
    out
}
