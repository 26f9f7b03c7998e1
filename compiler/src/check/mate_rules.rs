//! Conditions on checkmates: `end checkmate by-only KINDS OUTCOME` (a mate
//! given by pieces of these kinds alone: shatar's knight mate, won by the
//! mated player) and `end checkmate needs-check-by KINDS OUTCOME` (a mate
//! counts only after a check by one of these kinds in its series of
//! checks: shatar's rule, a draw otherwise). Two players.

use super::Checker;
use crate::ast::{Name, OutcomeWord, Span};
use crate::diag::{Code, Diagnostic};
use crate::model::Model;
use runtime::ir::{MateCondition, Outcome};

impl Checker {
    /// One mate condition: `by_only` for `by-only`, else `needs-check-by`.
    pub(super) fn mate_condition(
        &mut self,
        m: &mut Model,
        kinds: &[Name],
        word: OutcomeWord,
        by_only: bool,
        span: Span,
        piece_names: &[String],
    ) {
        if !self.two_players(m, span, "a condition on checkmates") {
            return;
        }
        let outcome = match word {
            OutcomeWord::Loss => Outcome::Loss,
            OutcomeWord::Win => Outcome::Win,
            OutcomeWord::Draw => Outcome::Draw,
            OutcomeWord::Out => {
                self.error(
                    Diagnostic::error(
                        Code::InconsistentEndRule,
                        "a condition on checkmates ends the game between two players",
                        span,
                        "`out`",
                    )
                    .with_hint("write `loss`, `win` or `draw` for the mated player"),
                );
                return;
            }
        };
        let mut ok = true;
        let mut found = Vec::new();
        for k in kinds {
            match self.piece(k, piece_names) {
                Some(kind) => found.push(kind as u8),
                None => ok = false,
            }
        }
        if !ok {
            return;
        }
        let condition = Some(MateCondition {
            kinds: found,
            outcome,
        });
        if by_only {
            m.end.mate_by_only = condition;
        } else {
            m.end.mate_needs_check_by = condition;
        }
    }
}
