//! Setup statements: the pieces a player starts with, listed or carried over
//! from another player's setup.

use super::{sole_part, unexpected, Builder, Parts, Rule, P};
use crate::ast::*;
use crate::diag::Diagnostic;

impl Builder<'_> {
    /// `setup PLAYER (mirror P | rotate P | like P | { PIECE CELLS ... })`.
    pub(super) fn setup(&self, p: P) -> Result<Stmt, Diagnostic> {
        let span = self.span(&p);
        let mut parts = Parts::of(p);
        let player = self.name(&parts.required());
        let body = parts.required();
        let body = match body.as_rule() {
            Rule::setup_mirror => SetupBody::Mirror(self.name(&sole_part(body))),
            Rule::setup_rotate => SetupBody::Rotate(self.name(&sole_part(body))),
            Rule::setup_like => SetupBody::Like(self.name(&sole_part(body))),
            Rule::setup_body => {
                let mut lines = Vec::new();
                for line in Parts::of(body) {
                    let mut line_parts = Parts::of(line);
                    let piece = self.piece_ref(line_parts.required());
                    let cells = line_parts.map(|c| self.cell_item(c)).collect();
                    lines.push((piece, cells));
                }
                SetupBody::Explicit(lines)
            }
            _ => unexpected(Rule::setup_stmt, &body),
        };
        Ok(Stmt::Setup { player, body, span })
    }
}
