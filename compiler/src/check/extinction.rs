//! Ends decided by the position itself: `end extinction` (a player left
//! with too few pieces of a kind, or of all its pieces) and `end checks N
//! win` (check counting); and the rules on what a move must do: `capture
//! forced` (a capture must be made when one can) and `check forbidden` (no
//! move may give check). The extinction and check rules compare a
//! player with its one opponent, so they are for two-player games.

use super::Checker;
use crate::ast::{self, OutcomeWord, Span, Stmt};
use crate::diag::{Code, Diagnostic};
use crate::model::Model;
use runtime::ir::{Extinction, Outcome};

/// The largest count an extinction rule may name (far above any army).
const MAX_EXTINCTION_COUNT: i32 = 1000;

impl Checker {
    /// `end extinction KINDS|all [at-most N] [opponent-at-least M] [bare-back] OUTCOME`.
    pub(super) fn extinction(
        &mut self,
        m: &mut Model,
        rule: &ast::Extinction,
        span: Span,
        piece_names: &[String],
    ) {
        if !self.two_players(m, span, "an extinction rule") {
            return;
        }
        let outcome = match rule.outcome {
            OutcomeWord::Loss => Outcome::Loss,
            OutcomeWord::Win => Outcome::Win,
            OutcomeWord::Draw => Outcome::Draw,
            OutcomeWord::Out => {
                self.error(
                    Diagnostic::error(
                        Code::InconsistentEndRule,
                        "an extinction ends the game between two players",
                        span,
                        "`out`",
                    )
                    .with_hint("write `loss`, `win` or `draw` for the player whose pieces ran out"),
                );
                return;
            }
        };
        let mut kinds = Vec::new();
        for k in &rule.kinds {
            if let Some(kind) = self.piece(k, piece_names) {
                kinds.push(kind as u8);
            }
        }
        let count = |this: &mut Checker, n: Option<i32>, what: &str| match n {
            None => Some(0),
            Some(n) if (0..=MAX_EXTINCTION_COUNT).contains(&n) => Some(n as u32),
            Some(n) => {
                this.error(
                    Diagnostic::error(Code::InvalidValue, format!("{what} {n}"), span, "here")
                        .with_hint(format!("counts are 0 to {MAX_EXTINCTION_COUNT}")),
                );
                None
            }
        };
        let (Some(at_most), Some(opponent_at_least)) = (
            count(self, rule.at_most, "at-most"),
            count(self, rule.opponent_at_least, "opponent-at-least"),
        ) else {
            return;
        };
        m.end.extinctions.push(Extinction {
            kinds,
            together: rule.together,
            at_most,
            opponent_at_least,
            bare_back: rule.bare_back,
            outcome,
        });
    }

    /// `end checks N win`.
    pub(super) fn checks_to_win(
        &mut self,
        m: &mut Model,
        n: i32,
        outcome: OutcomeWord,
        span: Span,
    ) {
        if !self.two_players(m, span, "counting checks") {
            return;
        }
        let max = runtime::game::MAX_CHECKS_TO_WIN as i32;
        if outcome != OutcomeWord::Win {
            self.error(
                Diagnostic::error(
                    Code::InconsistentEndRule,
                    "the checks counted win the game for the player who gives them",
                    span,
                    "not `win`",
                )
                .with_hint(format!("write `end checks {n} win`")),
            );
        } else if !(1..=max).contains(&n) {
            self.error(
                Diagnostic::error(
                    Code::InvalidValue,
                    format!("a win by {n} checks"),
                    span,
                    "here",
                )
                .with_hint(format!("the count is 1 to {max}")),
            );
        } else {
            m.end.checks_to_win = n as u32;
        }
    }

    /// `capture forced`, `check forbidden` and `in-check
    /// capture-checker-only`, each said once.
    pub(super) fn move_obligations(
        &mut self,
        m: &mut Model,
        stmts: &[Stmt],
        piece_names: &[String],
    ) {
        let mut first: [Option<Span>; 4] = [None; 4];
        for s in stmts {
            let (slot, text, span) = match s {
                Stmt::CaptureForced(span) => (0, "capture forced", span),
                Stmt::CheckForbidden(span) => (1, "check forbidden", span),
                Stmt::CheckerCapturesOnly(_, span) => (2, "in-check capture-checker-only", span),
                Stmt::CheckAllRoyals(span) => (3, "check when all royal attacked", span),
                Stmt::FirstMoveLost { piece, aimers, .. } => {
                    self.first_move_lost(m, piece, aimers, piece_names);
                    continue;
                }
                _ => continue,
            };
            if let Some(f) = first[slot] {
                self.error(
                    Diagnostic::error(
                        Code::DuplicateDefinition,
                        format!("`{text}` is given twice"),
                        *span,
                        "again here",
                    )
                    .with_secondary(f, "first here")
                    .with_hint(format!("keep one `{text}`")),
                );
                continue;
            }
            first[slot] = Some(*span);
            match s {
                Stmt::CaptureForced(_) => m.capture_forced = true,
                Stmt::CheckForbidden(_) => m.check_forbidden = true,
                Stmt::CheckAllRoyals(span) => self.check_all_royals(m, stmts, *span),
                Stmt::CheckerCapturesOnly(kinds, _) => {
                    for k in kinds {
                        if let Some(kind) = self.piece(k, piece_names) {
                            m.checker_captures_only.push(kind as u8);
                        }
                    }
                }
                Stmt::FirstMoveLost { .. } => {}
                _ => {}
            }
        }
    }

    /// `check when all royal attacked`: not with `royal-while-last`, whose
    /// pieces are royal only one at a time (E020).
    fn check_all_royals(&mut self, m: &mut Model, stmts: &[Stmt], span: Span) {
        if let Some(Stmt::RoyalWhileLast(_, other)) =
            stmts.iter().find(|s| matches!(s, Stmt::RoyalWhileLast(..)))
        {
            self.error(
                Diagnostic::error(
                    Code::ConflictingModifiers,
                    "`check when all royal attacked` with `royal-while-last`",
                    span,
                    "all royal pieces attacked",
                )
                .with_secondary(*other, "royal only one at a time")
                .with_hint("a player's several royal pieces are either each royal while last or all checked together: keep one of the two statements"),
            );
            return;
        }
        m.check_all_royals = true;
    }

    /// `first-move KIND lost when aimed by KINDS`.
    fn first_move_lost(
        &mut self,
        m: &mut Model,
        piece: &ast::Name,
        aimers: &[ast::Name],
        names: &[String],
    ) {
        let kind = self.piece(piece, names);
        let aimers: Vec<u8> = aimers
            .iter()
            .filter_map(|a| self.piece(a, names).map(|k| k as u8))
            .collect();
        if let Some(kind) = kind {
            m.first_move_lost.push(runtime::ir::FirstMoveLost {
                kind: kind as u8,
                aimers,
            });
        }
    }

    /// Is the game for two players? Reports `what` otherwise.
    pub(super) fn two_players(&mut self, m: &Model, span: Span, what: &str) -> bool {
        if m.players.len() == 2 {
            return true;
        }
        self.error(
            Diagnostic::error(
                Code::InconsistentEndRule,
                format!(
                    "{what} needs a game of two players, not {}",
                    m.players.len()
                ),
                span,
                "here",
            )
            .with_hint("it compares a player with its one opponent"),
        );
        false
    }
}
