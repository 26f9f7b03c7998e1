//! Hand statements: `hand captures [revert-promoted]`, `hand PLAYER {
//! KIND [N] ... }` and `drop KINDS in REGION`.

use super::{Builder, Parts, Rule, P};
use crate::ast::*;
use crate::diag::Diagnostic;

impl Builder<'_> {
    /// `hand captures [revert-promoted]` or `hand PLAYER { KIND [N] ... }`.
    pub(super) fn hand(&self, p: P) -> Result<Stmt, Diagnostic> {
        let span = self.span(&p);
        let body = Parts::of(p).required();
        if body.as_rule() == Rule::hand_captures {
            let revert_promoted = Parts::of(body).next().map(|r| self.span(&r));
            return Ok(Stmt::HandCaptures {
                revert_promoted,
                span,
            });
        }
        let mut parts = Parts::of(body);
        let player = self.name(&parts.required());
        let mut pieces = Vec::new();
        for item in parts {
            let mut item_parts = Parts::of(item);
            let piece = self.name(&item_parts.required());
            let count = match item_parts.next() {
                Some(n) => self.int(&n)?,
                None => 1,
            };
            // A count out of range is refused by the checker, with the piece named.
            pieces.push((piece, count));
        }
        Ok(Stmt::HandHolds {
            player,
            pieces,
            span,
        })
    }

    /// `drop KINDS in REGION`.
    pub(super) fn drop_in(&self, p: P) -> Stmt {
        let span = self.span(&p);
        let mut names: Vec<Name> = Parts::of(p).map(|n| self.name(&n)).collect();
        let region = names.pop().expect("grammar: `drop` names a region");
        Stmt::DropIn {
            pieces: names,
            region,
            span,
        }
    }
}
