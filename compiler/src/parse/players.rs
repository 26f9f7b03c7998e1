//! Player statements: the players, each one's orientation (how its view of
//! the board follows from the first player's), who moves first, and the
//! players who play on one side.

use super::{sole_part, unexpected, Builder, Parts, Rule, P};
use crate::ast::*;
use crate::diag::Diagnostic;

impl Builder<'_> {
    /// `players NAME ...`, in turn order.
    pub(super) fn players(&self, p: P) -> Stmt {
        Stmt::Players(self.names(p))
    }

    /// `player NAME orientation (identity | flip | mirror | rotate N) [about CELLS]`.
    pub(super) fn player(&self, p: P) -> Result<Stmt, Diagnostic> {
        let span = self.span(&p);
        let mut parts = Parts::of(p);
        let player = self.name(&parts.required());
        let o = sole_part(parts.required());
        let orientation = match o.as_rule() {
            Rule::identity => Orientation::Identity,
            Rule::flip => Orientation::Flip,
            Rule::mirror_files => Orientation::Mirror,
            Rule::rotate => Orientation::Rotate(self.int(&sole_part(o))?),
            _ => unexpected(Rule::orientation, &o),
        };
        let about = match parts.next() {
            Some(a) => self.names(a),
            None => Vec::new(),
        };
        Ok(Stmt::Orientation {
            player,
            orientation,
            about,
            span,
        })
    }

    /// `turn NAME`: who moves first.
    pub(super) fn turn(&self, p: P) -> Stmt {
        Stmt::Turn(self.name(&sole_part(p)))
    }

    /// `partners NAME ...`: players on one side.
    pub(super) fn partners(&self, p: P) -> Stmt {
        Stmt::Partners(self.names(p))
    }
}
