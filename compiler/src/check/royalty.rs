//! `royal-while-last KINDS`: pieces of these kinds are royal only while
//! their player holds one of them (as Fairy-Stockfish's pseudo-royal
//! extinction pieces). The kinds become
//! royal kinds of the model; the runtime keeps which pieces are royal by
//! their count (`runtime/src/position/mod.rs`, `place` and `lift`).

use super::Checker;
use crate::ast::{Span, Stmt};
use crate::diag::{Code, Diagnostic};
use crate::model::Model;

impl Checker {
    /// The one `royal-while-last` statement, before the setups and
    /// promotions (which ask which kinds are royal).
    pub(super) fn royal_while_last(
        &mut self,
        m: &mut Model,
        stmts: &[Stmt],
        piece_names: &[String],
    ) {
        let mut first: Option<Span> = None;
        for s in stmts {
            let Stmt::RoyalWhileLast(kinds, span) = s else {
                continue;
            };
            if !self.once(&mut first, *span, "`royal-while-last`") {
                continue;
            }
            for k in kinds {
                if let Some(kind) = self.piece(k, piece_names) {
                    m.pieces[kind].royal = true;
                    if !m.royal_while_last.contains(&(kind as u8)) {
                        m.royal_while_last.push(kind as u8);
                    }
                }
            }
            // Every royal kind must be in the group: a game whose other
            // royal pieces are always royal mixes two rules of royalty.
            if let Some(other) = (0..m.pieces.len())
                .find(|&k| m.pieces[k].royal && !m.royal_while_last.contains(&(k as u8)))
            {
                self.error(
                    Diagnostic::error(
                        Code::InconsistentEndRule,
                        format!(
                            "`{}` is royal but not in `royal-while-last`",
                            m.pieces[other].name
                        ),
                        *span,
                        "the kinds royal while last",
                    )
                    .with_secondary(m.pieces[other].span, "always royal")
                    .with_hint("list every royal kind here, or make that kind not royal"),
                );
            }
        }
    }
}
