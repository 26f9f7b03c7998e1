//! `explosion [around VECTORS] [spares KINDS] [immune KINDS]`: captures
//! blast the pieces around their landing cell.

use super::{sole_part, unexpected, Builder, Parts, Rule, P};
use crate::ast::*;
use crate::diag::Diagnostic;

impl Builder<'_> {
    /// `explosion ...`, its clauses in any order (a clause given twice adds
    /// to the first).
    pub(super) fn explosion(&self, p: P) -> Result<Stmt, Diagnostic> {
        let span = self.span(&p);
        let mut rule = Explosion {
            around: Vec::new(),
            spared: Vec::new(),
            immune: Vec::new(),
            span,
        };
        for clause in Parts::of(p) {
            match clause.as_rule() {
                Rule::explosion_around => {
                    for v in Parts::of(clause) {
                        rule.around.push(self.vector(v)?);
                    }
                }
                Rule::explosion_spares => rule.spared.extend(self.kinds(clause)),
                Rule::explosion_immune => rule.immune.extend(self.kinds(clause)),
                _ => unexpected(Rule::explosion_stmt, &clause),
            }
        }
        Ok(Stmt::Explosion(rule))
    }

    /// The kinds of a `spares` or `immune` clause.
    fn kinds(&self, clause: P) -> Vec<Name> {
        Parts::of(clause)
            .map(|k| self.name(&sole_part(k)))
            .collect()
    }
}
