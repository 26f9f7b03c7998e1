//! How the game ends: checkmate and stalemate outcomes, repetition, the
//! move rule, insufficient material, the clock, and the royal piece that
//! makes checkmate possible.

use super::{board_span, Checker};
use crate::ast::{self, *};
use crate::diag::{Code, Diagnostic};
use crate::model::{Model, ModelInsufficient};
use runtime::ir::{EndRules, Outcome};
use runtime::limits;

/// Is a count the file gives within one of the runtime's limits?
fn in_limits(n: i32, range: &std::ops::RangeInclusive<u32>) -> bool {
    u32::try_from(n).is_ok_and(|n| range.contains(&n))
}

/// A count of an end rule outside the runtime's limits (E014).
fn count_out_of_limits(
    what: String,
    span: Span,
    range: &std::ops::RangeInclusive<u32>,
    meaning: &str,
) -> Diagnostic {
    Diagnostic::error(
        Code::InvalidValue,
        format!("{what} is not supported"),
        span,
        "here",
    )
    .with_hint(format!(
        "the count is {} to {}: {meaning}",
        range.start(),
        range.end()
    ))
}

/// The end rules before the game's statements: checkmate loses,
/// stalemate draws, nothing else ends a game.
pub(super) fn default_end_rules() -> EndRules {
    EndRules {
        checkmate: Outcome::Loss,
        stalemate: Outcome::Draw,
        repetition: 0,
        perpetual_check: false,
        perpetual_chase: None,
        move_rule: 0,
        resets_move_rule: Vec::new(),
        move_rule_checks: 0,
        insufficient: Vec::new(),
        points: 1,
        out_after_round: false,
        extinctions: Vec::new(),
        checks_to_win: 0,
        counting: None,
        mate_by_only: None,
        mate_needs_check_by: None,
        stalemate_promotions_only: false,
        double_pass: None,
    }
}

impl Checker {
    pub(super) fn end_rules(&mut self, m: &mut Model, stmts: &[Stmt], piece_names: &[String]) {
        let out = outcome_of;
        // `after-round` goes with `out`, and the same way for mate and
        // stalemate (one rule says when a player without a move goes out).
        let mut after_round: Option<(bool, Span)> = None;
        self.end_rules_given_once(stmts);
        self.points(m, stmts);
        for s in stmts {
            match s {
                Stmt::End(rule, span) => match rule {
                    EndRule::Checkmate(w, _, round) | EndRule::Stalemate(w, round)
                        if *round && *w != OutcomeWord::Out =>
                    {
                        self.error(
                            Diagnostic::error(
                                Code::InconsistentEndRule,
                                "only a player who goes out waits a round",
                                *span,
                                "`after-round` without `out`",
                            )
                            .with_hint("write `end checkmate out after-round`"),
                        )
                    }
                    EndRule::Checkmate(OutcomeWord::Out, _, round)
                    | EndRule::Stalemate(OutcomeWord::Out, round)
                        if after_round.is_some_and(|(r, _)| r != *round) =>
                    {
                        let first = after_round.unwrap().1;
                        self.error(
                            Diagnostic::error(
                                Code::InconsistentEndRule,
                                "mate and stalemate must put a player out the same way",
                                *span,
                                "here",
                            )
                            .with_secondary(first, "the other rule")
                            .with_hint("give both `after-round`, or neither"),
                        )
                    }
                    EndRule::Checkmate(OutcomeWord::Out, _, round)
                    | EndRule::Stalemate(OutcomeWord::Out, round) => {
                        after_round = Some((*round, *span));
                        m.end.out_after_round = *round;
                        if let EndRule::Checkmate(..) = rule {
                            m.end.checkmate = Outcome::Out;
                        } else {
                            m.end.stalemate = Outcome::Out;
                        }
                    }
                    EndRule::Checkmate(OutcomeWord::Loss, true, _) => {
                        m.end.checkmate = Outcome::LossToLastAttacker
                    }
                    EndRule::Checkmate(_, true, _) => self.error(
                        Diagnostic::error(
                            Code::InconsistentEndRule,
                            "only a loss goes to the last attacker",
                            *span,
                            "here",
                        )
                        .with_hint("write `end checkmate loss to last-attacker`"),
                    ),
                    EndRule::Checkmate(w, false, _) => m.end.checkmate = out(*w),
                    EndRule::Stalemate(w, _) => m.end.stalemate = out(*w),
                    EndRule::StalemateOrPromotionsOnly(w) => {
                        m.end.stalemate = out(*w);
                        m.end.stalemate_promotions_only = true;
                    }
                    EndRule::Repetition(n, ..) if !in_limits(*n, &limits::REPETITIONS) => {
                        self.error(count_out_of_limits(
                            format!("`end repetition {n}`"),
                            *span,
                            &limits::REPETITIONS,
                            "a position seen that many times is drawn; `end repetition 3` is chess's rule",
                        ));
                    }
                    EndRule::MoveRule(n, ..) if !in_limits(*n, &limits::MOVE_RULE) => {
                        self.error(count_out_of_limits(
                            format!("`end move-rule {n}`"),
                            *span,
                            &limits::MOVE_RULE,
                            "full moves without a capture or a resetting move; `end move-rule 50 reset Pawn` is chess's rule",
                        ));
                    }
                    EndRule::Repetition(n, perpetual, chase) => {
                        m.end.repetition = *n as u32;
                        m.end.perpetual_check = *perpetual;
                        if let Some(spec) = chase {
                            self.perpetual_chase(m, spec, *span, piece_names);
                        }
                    }
                    EndRule::Extinction(rule) => self.extinction(m, rule, *span, piece_names),
                    EndRule::Checks(n, w) => self.checks_to_win(m, *n, *w, *span),
                    EndRule::Counting(rule) => self.counting(m, rule, *span, piece_names),
                    EndRule::MateByOnly(kinds, w) => {
                        self.mate_condition(m, kinds, *w, true, *span, piece_names)
                    }
                    EndRule::MateNeedsCheckBy(kinds, w) => {
                        self.mate_condition(m, kinds, *w, false, *span, piece_names)
                    }
                    EndRule::DoublePass(w) => m.end.double_pass = Some(out(*w)),
                    EndRule::MoveRule(n, _, Some(c)) if !in_limits(*c, &limits::MOVE_RULE) => {
                        self.error(count_out_of_limits(
                            format!("`stretched-by-checks-after {c}`"),
                            *span,
                            &limits::MOVE_RULE,
                            "checks one side may give before each further check adds a move to the rule; `end move-rule 50 stretched-by-checks-after 10` counts the eleventh on",
                        ));
                    }
                    EndRule::MoveRule(n, kinds, stretch) => {
                        m.end.move_rule = *n as u32;
                        m.end.move_rule_checks = stretch.map_or(0, |c| c as u32);
                        for k in kinds {
                            if let Some(k) = self.piece(k, piece_names) {
                                m.end.resets_move_rule.push(k as u8);
                            }
                        }
                    }
                },
                Stmt::Insufficient { material, span } => {
                    let mut sides: [Vec<(u8, Option<usize>)>; 2] = [Vec::new(), Vec::new()];
                    for (i, side) in material.sides.iter().enumerate() {
                        for p in side {
                            let kind = self.piece(&p.piece, piece_names);
                            let region = match &p.on {
                                Some(r) => match self.shared_region(m, r) {
                                    Some(r) => Some(r),
                                    None => continue,
                                },
                                None => None,
                            };
                            if let Some(k) = kind {
                                sides[i].push((k as u8, region));
                            }
                        }
                    }
                    m.insufficient
                        .push(ModelInsufficient { sides, span: *span });
                }
                _ => {}
            }
        }
    }

    /// A region a material piece is held to (`Bishop on light`): it must be
    /// the same for every player, since either player may hold that side.
    fn shared_region(&mut self, m: &Model, name: &Name) -> Option<usize> {
        let r = self.region_ref(m, name)?;
        if !m.regions[r].shared {
            self.error(region_per_player_in_material(name));
            return None;
        }
        Some(r)
    }

    /// `points N`: what a finished game shares out.
    fn points(&mut self, m: &mut Model, stmts: &[Stmt]) {
        for s in stmts {
            if let Stmt::Points(n, span) = s {
                if in_limits(*n, &limits::POINTS) {
                    m.end.points = *n as u32;
                } else {
                    self.error(
                        Diagnostic::error(
                            Code::InvalidValue,
                            format!("a game shares out {n} points"),
                            *span,
                            "points",
                        )
                        .with_hint(format!(
                            "points are {} to {} (1 by default: a win scores 1, a draw shares it)",
                            limits::POINTS.start(),
                            limits::POINTS.end()
                        )),
                    );
                }
            }
        }
    }

    /// `clock T`: the time per player for the whole game.
    /// Each end rule, `points` and `clock` is said at most once: a second
    /// one would silently replace the first (E004 instead, both shown).
    fn end_rules_given_once(&mut self, stmts: &[Stmt]) {
        let mut first: [Option<Span>; 11] = [None; 11];
        for s in stmts {
            let (slot, what, span) = match s {
                Stmt::End(EndRule::Checkmate(..), span) => (0, "how a checkmate ends", span),
                Stmt::End(EndRule::Stalemate(..) | EndRule::StalemateOrPromotionsOnly(_), span) => {
                    (1, "how a stalemate ends", span)
                }
                Stmt::End(EndRule::Repetition(..), span) => (2, "the repetition rule", span),
                Stmt::End(EndRule::MoveRule(..), span) => (3, "the move rule", span),
                Stmt::Points(_, span) => (4, "the points a game shares out", span),
                Stmt::Clock { span, .. } => (5, "the clock", span),
                Stmt::End(EndRule::Checks(..), span) => (6, "the checks that win", span),
                Stmt::End(EndRule::Counting(..), span) => (7, "the counting rule", span),
                Stmt::End(EndRule::MateByOnly(..), span) => (8, "`checkmate by-only`", span),
                Stmt::End(EndRule::MateNeedsCheckBy(..), span) => {
                    (9, "`checkmate needs-check-by`", span)
                }
                Stmt::End(EndRule::DoublePass(..), span) => (10, "`double-pass`", span),
                _ => continue,
            };
            match first[slot] {
                None => first[slot] = Some(*span),
                Some(earlier) => self.error(
                    Diagnostic::error(
                        Code::DuplicateDefinition,
                        format!("the game gives {what} twice"),
                        *span,
                        "said again here",
                    )
                    .with_secondary(earlier, "first said here")
                    .with_hint("keep one of the two: the second would replace the first"),
                ),
            }
        }
    }

    pub(super) fn clock(&mut self, m: &mut Model, seconds: &u64, span: &Span) {
        if *seconds == 0 || *seconds > u32::MAX as u64 {
            self.error(
                Diagnostic::error(
                    Code::InvalidValue,
                    "the clock must give some time",
                    *span,
                    "clock",
                )
                .with_hint("e.g. `clock 3h`, `clock 90m`, `clock 300s`"),
            );
        } else {
            m.clock_seconds = Some(*seconds as u32);
        }
    }

    /// A game needs a royal piece, or nobody can be checkmated, unless
    /// another end rule decides it: an extinction, or a winning arrival.
    pub(super) fn royal_check(&mut self, m: &Model, piece_asts: &[&ast::Piece], board: &Board) {
        let other_end = !m.end.extinctions.is_empty() || !m.winning_arrivals.is_empty();
        if !other_end && !m.pieces.iter().any(|p| p.royal) {
            let span = piece_asts
                .first()
                .map_or(board_span(board), |p| p.name.span);
            self.error(
                Diagnostic::error(
                    Code::NoRoyalPiece,
                    "no piece is royal, so nobody can be checkmated",
                    span,
                    "e.g. this piece",
                )
                .with_hint("mark the king's piece `royal`, or end the game another way (`end extinction`, `arrival ... wins`)"),
            );
        }
    }
}

/// E028 for a material piece held to a region with cells per player (the
/// checker's `insufficient` lines and the claims' materials both refuse it).
pub(crate) fn region_per_player_in_material(name: &Name) -> Diagnostic {
    Diagnostic::error(
        Code::RegionDoesNotFit,
        format!(
            "`{}` has cells per player; a material needs one set of cells",
            name.text
        ),
        name.span,
        "a region per player",
    )
    .with_hint("hold the piece to a region shared by all players, e.g. a colour")
}

/// The IR's outcome for an outcome as written.
pub(super) fn outcome_of(w: OutcomeWord) -> Outcome {
    match w {
        OutcomeWord::Loss => Outcome::Loss,
        OutcomeWord::Win => Outcome::Win,
        OutcomeWord::Draw => Outcome::Draw,
        OutcomeWord::Out => Outcome::Out,
    }
}
