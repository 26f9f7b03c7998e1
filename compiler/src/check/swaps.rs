//! Swaps: a piece exchanges places with a friendly partner piece at a
//! given offset (`swap P with Q... at (x,y)`).

use super::Checker;
use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use crate::model::{Model, ModelSwap};
use crate::topology::apply;

impl Checker {
    /// One `swap` statement.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn swap(
        &mut self,
        m: &mut Model,
        piece: &Name,
        partners: &[Name],
        offset: &(i32, i32),
        filters: &[Filter],
        from: &Option<Name>,
        span: &Span,
        piece_names: &[String],
    ) {
        let kind = self.piece(piece, piece_names);
        let mut mask = 0u128;
        for p in partners {
            if let Some(k) = self.piece(p, piece_names) {
                if kind == Some(k) {
                    // Two pieces of one kind and owner changing places
                    // leave the position as it was: a move that does nothing.
                    self.error(
                        Diagnostic::error(
                            Code::MoveGoesNowhere,
                            format!("`{}` cannot swap with its own kind", p.text),
                            p.span,
                            "the swapping piece's kind",
                        )
                        .with_hint("a swap exchanges two different kinds; remove this partner"),
                    );
                    continue;
                }
                mask |= 1 << k;
            }
        }
        let from_region = from.as_ref().and_then(|r| self.region_ref(m, r));
        let base = m.topology.orientations(*offset, filters);
        if base.is_empty() || *offset == (0, 0) {
            self.error(
                Diagnostic::error(
                    Code::MoveGoesNowhere,
                    "this swap has no partner cell",
                    *span,
                    "no offset left",
                )
                .with_hint("give a non-zero offset; filters intersect"),
            );
            return;
        }
        if let Some(kind) = kind {
            let vectors = m
                .players
                .iter()
                .map(|p| base.iter().map(|&w| apply(&p.frame, w)).collect())
                .collect();
            m.swaps.push(ModelSwap {
                kind: kind as u8,
                partners: mask,
                vectors,
                from_region,
            });
        }
    }
}
