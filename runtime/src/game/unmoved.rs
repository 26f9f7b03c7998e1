//! Unmoved pieces as loaded: whether a piece has moved is part of the
//! position only where a rule asks (an atom allowed only to an unmoved
//! piece, or a castling whose right is the king's own unmoved status), and
//! then only for the codes it matters to. A game with no such rule has no
//! part: its positions neither track nor hash who has moved.

use super::{atoms_of, Shape};
use crate::ir::{self, GameIr};
use crate::unchecked;

pub(crate) struct Unmoved {
    /// Per code: whether the piece has moved matters to a rule. Only
    /// these pieces' unmoved status is kept (and hashed), so a piece that
    /// moved and came back is the same position for everyone else.
    matters: Vec<bool>,
}

/// Does some rule ask whether a piece has moved?
pub(crate) fn tracked(ir: &GameIr) -> bool {
    ir.castlings.iter().any(|c| c.right_is_the_kings())
        || ir.leaps.iter().any(|l| l.flags & ir::UNMOVED_ONLY != 0)
        || ir.rays.iter().any(|r| r.flags & ir::UNMOVED_ONLY != 0)
        || ir.hooks.iter().any(|h| h.flags & ir::UNMOVED_ONLY != 0)
}

impl Unmoved {
    /// Pieces with unmoved-only atoms, and royal pieces where a
    /// castling's right is the king's own (the move tables are checked).
    pub(crate) fn build(ir: &GameIr, shape: &Shape) -> Option<Unmoved> {
        if !tracked(ir) {
            return None;
        }
        let kings_right = ir.castlings.iter().any(|c| c.right_is_the_kings());
        let (players, kinds) = (shape.players, shape.kinds);
        let mut matters = vec![false; shape.codes()];
        for p in 0..players {
            for k in 0..kinds {
                matters[1 + p * kinds + k] = (kings_right && ir.kinds[k].royal)
                    || atoms_of(ir, p, k).any(|(flags, _)| flags & ir::UNMOVED_ONLY != 0);
            }
        }
        Some(Unmoved { matters })
    }

    /// Does a piece of this code (from the board) keep its unmoved status?
    #[inline(always)]
    pub(crate) fn matters(&self, code: u8) -> bool {
        *unchecked::get(&self.matters, code as usize)
    }
}
