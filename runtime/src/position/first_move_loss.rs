//! `first-move KIND lost when aimed by KINDS` (`game/unmoved.rs`,
//! `FirstMoveLoss`): after a move by a piece of an aiming kind, every
//! enemy piece of the rule's kind that has not moved, and that the mover's
//! capturing moves from its new cell would reach on an empty board, counts
//! as moved. Its unmoved status is part of the undo record already.

use super::Position;
use crate::game::{FirstMoveLoss, PieceCode};
use crate::ir;

impl Position<'_> {
    /// `moved` is the mover's code before any promotion, `to` its cell.
    pub(super) fn lose_first_moves(
        &mut self,
        loss: &FirstMoveLoss,
        me: usize,
        moved: PieceCode,
        to: usize,
    ) {
        let g = self.game;
        let kind = g.kind_of_code(moved);
        if !loss.aims[kind] {
            return;
        }
        for (victim, aimers) in &loss.rules {
            if !aimers[kind] {
                continue;
            }
            for p in (0..g.shape.players).filter(|&p| p != me) {
                let code = g.code(p, *victim as usize);
                // A copy of the cells, so the loop may clear marks.
                let cells = self.occupied_by[p];
                for c in cells.iter() {
                    if self.board[c] == code
                        && self.unmoved.contains(c)
                        && g.reaches(me, kind, to, c, ir::CAPTURE)
                    {
                        self.set_unmoved(c, false);
                    }
                }
            }
        }
    }
}
