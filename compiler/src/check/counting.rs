//! `end counting draw { ... }`: a count of moves that, run out, draws the
//! game (a board-honour count for a side with several pieces, a
//! pieces-honour count by the opponent's pieces for a lone one, as
//! Fairy-Stockfish keeps them; `ir::Counting` says how a count starts and
//! ends). Checked here: two players, a draw, kinds that exist,
//! counts in range, at most one board-honour line and one `count-from`,
//! and a pieces-honour row without `against` only last (any row after it
//! could never be met).

use super::Checker;
use crate::ast::{self, OutcomeWord, Span};
use crate::diag::{Code, Diagnostic};
use crate::model::Model;
use runtime::ir::{Counting, HonourRow};

/// The longest count a rule may give, in moves.
const MAX_COUNT_MOVES: i32 = 1000;

impl Checker {
    /// `end counting OUTCOME { ... }`.
    pub(super) fn counting(
        &mut self,
        m: &mut Model,
        rule: &ast::Counting,
        span: Span,
        piece_names: &[String],
    ) {
        if !self.two_players(m, span, "a counting rule") {
            return;
        }
        if !matches!(rule.outcome, OutcomeWord::Draw) {
            self.error(
                Diagnostic::error(
                    Code::InconsistentEndRule,
                    "a count that runs out draws the game",
                    span,
                    "here",
                )
                .with_hint("write `end counting draw { ... }`"),
            );
            return;
        }
        let mut ok = true;
        let mut starts_without = Vec::new();
        for k in &rule.starts_without {
            match self.piece(k, piece_names) {
                Some(kind) => starts_without.push(kind as u8),
                None => ok = false,
            }
        }
        let mut lone_without = Vec::new();
        for k in &rule.lone_without {
            match self.piece(k, piece_names) {
                Some(kind) => lone_without.push(kind as u8),
                None => ok = false,
            }
        }
        let (board_honour, board_honour_at_most) = match rule.board_honour.as_slice() {
            [] => (0, 0),
            [(n, at_most, at), rest @ ..] => {
                if let Some((_, _, again)) = rest.first() {
                    self.said_twice(*again, *at, "board-honour");
                    ok = false;
                }
                let moves = self.moves_in_range(*n, *at).unwrap_or_else(|| {
                    ok = false;
                    0
                });
                let bound = match at_most {
                    None => 0,
                    // A side counting the board's honour has two pieces or more.
                    Some(m) if (2..=MAX_COUNT_MOVES).contains(m) => *m as u32,
                    Some(m) => {
                        self.error(
                            Diagnostic::error(
                                Code::InvalidValue,
                                format!("board-honour at-most {m}"),
                                *at,
                                "here",
                            )
                            .with_hint(format!(
                                "a number of pieces, 2 to {MAX_COUNT_MOVES} (the board's honour is a count of a side with two pieces or more)"
                            )),
                        );
                        ok = false;
                        0
                    }
                };
                (moves, bound)
            }
        };
        let from_pieces = match rule.count_from.as_slice() {
            [] => false,
            [(pieces, at), rest @ ..] => {
                if let Some((_, again)) = rest.first() {
                    self.said_twice(*again, *at, "count-from");
                    ok = false;
                }
                *pieces
            }
        };
        let rows = self.honour_rows(rule, piece_names);
        let Some(pieces_honour) = rows else { return };
        if board_honour == 0 && pieces_honour.is_empty() {
            self.error(
                Diagnostic::error(
                    Code::InconsistentEndRule,
                    "this counting rule never starts a count",
                    span,
                    "no honour line",
                )
                .with_hint("give `board-honour N` or `pieces-honour N ...` lines (N in moves)"),
            );
            return;
        }
        if ok {
            m.end.counting = Some(Counting {
                starts_without,
                lone_without,
                board_honour,
                board_honour_at_most,
                pieces_honour,
                from_pieces,
            });
        }
    }

    /// The `pieces-honour` rows; `None` after an error.
    fn honour_rows(
        &mut self,
        rule: &ast::Counting,
        piece_names: &[String],
    ) -> Option<Vec<HonourRow>> {
        let mut rows = Vec::new();
        let mut ok = true;
        let mut catch_all: Option<Span> = None;
        for line in &rule.pieces_honour {
            if let Some(earlier) = catch_all {
                self.error(
                    Diagnostic::error(
                        Code::InconsistentEndRule,
                        "this pieces-honour line is never used",
                        line.span,
                        "after a line that always holds",
                    )
                    .with_secondary(earlier, "a line without `against` holds for any pieces")
                    .with_hint("rows are tried in order: put the line without `against` last"),
                );
                ok = false;
            }
            let moves = self.moves_in_range(line.moves, line.span);
            let against = match &line.against {
                Some(k) => match self.piece(k, piece_names) {
                    Some(kind) => Some(kind as u8),
                    None => {
                        ok = false;
                        None
                    }
                },
                None => {
                    catch_all = Some(line.span);
                    None
                }
            };
            let at_least = match line.at_least {
                None => 1,
                Some(n) if (1..=MAX_COUNT_MOVES).contains(&n) => n as u32,
                Some(n) => {
                    self.error(
                        Diagnostic::error(
                            Code::InvalidValue,
                            format!("at-least {n}"),
                            line.span,
                            "here",
                        )
                        .with_hint(format!("a number of pieces, 1 to {MAX_COUNT_MOVES}")),
                    );
                    ok = false;
                    1
                }
            };
            match moves {
                Some(moves) => rows.push(HonourRow {
                    against,
                    at_least,
                    moves,
                }),
                None => ok = false,
            }
        }
        ok.then_some(rows)
    }

    /// A count in moves, 1 to `MAX_COUNT_MOVES`; reports it otherwise.
    fn moves_in_range(&mut self, n: i32, span: Span) -> Option<u32> {
        if (1..=MAX_COUNT_MOVES).contains(&n) {
            return Some(n as u32);
        }
        self.error(
            Diagnostic::error(
                Code::InvalidValue,
                format!("a count of {n} moves"),
                span,
                "here",
            )
            .with_hint(format!("counts are 1 to {MAX_COUNT_MOVES} moves")),
        );
        None
    }

    fn said_twice(&mut self, again: Span, first: Span, what: &str) {
        self.error(
            Diagnostic::error(
                Code::DuplicateDefinition,
                format!("the counting rule gives `{what}` twice"),
                again,
                "said again here",
            )
            .with_secondary(first, "first said here")
            .with_hint("keep one of the two"),
        );
    }
}
