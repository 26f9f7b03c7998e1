//! Unmoved pieces as loaded: whether a piece has moved is part of the
//! position only where a rule asks (an atom allowed only to an unmoved
//! piece, or a castling whose right is the king's own unmoved status), and
//! then only for the codes it matters to. A game with no such rule has no
//! part: its positions neither track nor hash who has moved.

use super::error::{check, LoadError};
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
    gates(ir)
        || ir.castlings.iter().any(|c| c.right_is_the_kings())
        || ir.leaps.iter().any(|l| l.flags & ir::UNMOVED_ONLY != 0)
        || ir.rays.iter().any(|r| r.flags & ir::UNMOVED_ONLY != 0)
        || ir.hooks.iter().any(|h| h.flags & ir::UNMOVED_ONLY != 0)
}

/// Gating asks it of every piece (any may stand on a gate cell).
fn gates(ir: &GameIr) -> bool {
    ir.hands.as_ref().is_some_and(|h| h.gating.is_some())
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
                matters[1 + p * kinds + k] = gates(ir)
                    || (kings_right && ir.kinds[k].royal)
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

/// `first-move KIND lost when aimed by KINDS`: a piece of `kind` that has
/// not moved loses that status (its first-move atoms) when an enemy piece
/// of an aiming kind ends a move on a cell from which its own capturing
/// moves would reach the piece on an empty board.
pub(crate) struct FirstMoveLoss {
    /// (the kind that loses its first move, per kind: does it aim).
    pub(crate) rules: Vec<(u8, Vec<bool>)>,
    /// Per kind: does it aim in some rule (a quick test in `make`).
    pub(crate) aims: Vec<bool>,
}

impl FirstMoveLoss {
    pub(crate) fn build(ir: &GameIr, shape: &Shape) -> Result<Option<FirstMoveLoss>, LoadError> {
        if ir.first_move_lost.is_empty() {
            return Ok(None);
        }
        let mut rules = Vec::new();
        let mut aims = vec![false; shape.kinds];
        for rule in &ir.first_move_lost {
            let kinds = std::iter::once(rule.kind).chain(rule.aimers.iter().copied());
            for kind in kinds {
                check((kind as usize) < shape.kinds, || {
                    LoadError::FirstMoveLostKind { kind }
                })?;
            }
            let mut aimers = vec![false; shape.kinds];
            for &a in &rule.aimers {
                aimers[a as usize] = true;
                aims[a as usize] = true;
            }
            rules.push((rule.kind, aimers));
        }
        Ok(Some(FirstMoveLoss { rules, aims }))
    }
}
