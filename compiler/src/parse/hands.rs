//! Hand statements: `hand captures [revert-promoted]`, `hand KIND as
//! KIND`, `hand PLAYER { KIND [N] ... }` and `drop KINDS in REGION |
//! one-per-file | no-mate`.

use super::{sole_part, unexpected, Builder, Parts, Rule, P};
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
        if body.as_rule() == Rule::hand_as {
            let mut names = Parts::of(body);
            let captured = self.name(&names.required());
            let joins_as = self.name(&names.required());
            return Ok(Stmt::HandAs {
                captured,
                joins_as,
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

    /// `drop KINDS in REGION | one-per-file | at-most N per-file | no-mate`.
    pub(super) fn drop_in(&self, p: P) -> Result<Stmt, Diagnostic> {
        let span = self.span(&p);
        let mut pieces = Vec::new();
        let mut rule = DropRule::NoMate;
        for part in Parts::of(p) {
            match part.as_rule() {
                Rule::drop_kind => pieces.push(self.name(&sole_part(part))),
                Rule::drop_in => rule = DropRule::In(self.name(&sole_part(part))),
                Rule::drop_one_per_file => rule = DropRule::PerFile(1, self.span(&part)),
                Rule::drop_per_file => {
                    let n = sole_part(part);
                    rule = DropRule::PerFile(self.int(&n)?, self.span(&n));
                }
                Rule::drop_no_mate => rule = DropRule::NoMate,
                Rule::drop_first => rule = DropRule::First,
                Rule::drop_promoted => rule = DropRule::Promoted,
                Rule::drop_split => {
                    let mut names = Parts::of(part);
                    let a = self.name(&names.required());
                    let b = self.name(&names.required());
                    rule = DropRule::Split(a, b);
                }
                _ => unexpected(Rule::drop_stmt, &part),
            }
        }
        Ok(Stmt::Drop { pieces, rule, span })
    }

    /// `gate KINDS in REGION [only]`.
    pub(super) fn gate(&self, p: P) -> Stmt {
        let span = self.span(&p);
        let mut pieces = Vec::new();
        let mut region = None;
        let mut only = false;
        for part in Parts::of(p) {
            match part.as_rule() {
                Rule::gate_kind => pieces.push(self.name(&sole_part(part))),
                Rule::ident => region = Some(self.name(&part)),
                Rule::gate_only => only = true,
                _ => unexpected(Rule::gate_stmt, &part),
            }
        }
        Stmt::Gate {
            pieces,
            region: region.expect("the grammar requires the region"),
            only,
            span,
        }
    }
}
