//! Where pieces may not go and what may not be taken: `forbid PIECES on
//! REGION` (they never end a move on, nor ride through, its cells, though
//! they still guard them) and `uncapturable PIECES` (no move captures them).

use super::Checker;
use crate::ast::*;
use crate::model::Model;

impl Checker {
    /// `forbid PIECES on REGION`.
    pub(super) fn forbid(
        &mut self,
        m: &mut Model,
        pieces: &[Name],
        region: &Name,
        piece_names: &[String],
    ) {
        let Some(r) = self.region_ref(m, region) else {
            return;
        };
        for p in pieces {
            if let Some(k) = self.piece(p, piece_names) {
                m.forbidden.push((k as u8, r));
            }
        }
    }

    /// `uncapturable PIECES`.
    pub(super) fn uncapturable(
        &mut self,
        m: &mut Model,
        pieces: &[Name],
        unless_out: bool,
        piece_names: &[String],
    ) {
        for p in pieces {
            if let Some(k) = self.piece(p, piece_names) {
                m.pieces[k].uncapturable = true;
                m.pieces[k].capturable_when_out = unless_out;
            }
        }
    }
}
