//! Statements on how a game ends: end rules (checkmate, stalemate,
//! repetition, the move rule), insufficient material (whose `material` the
//! mate claims share), the points a finished game shares out, and the clock.

use super::{keyword, sole_part, unexpected, Builder, Parts, Rule, P};
use crate::ast::*;
use crate::diag::{Code, Diagnostic};

impl Builder<'_> {
    /// `end checkmate|stalemate OUTCOME ...`, `end repetition N`,
    /// `end move-rule N [reset KINDS] [stretched-by-checks-after C]`.
    pub(super) fn end(&self, p: P) -> Result<Stmt, Diagnostic> {
        let span = self.span(&p);
        let e = sole_part(p);
        let end = match e.as_rule() {
            Rule::end_mate => {
                let mut parts = Parts::of(e);
                let word = outcome(parts.required());
                let suffix = parts.next().map(|p| p.as_rule());
                EndRule::Checkmate(
                    word,
                    suffix == Some(Rule::to_last_attacker),
                    suffix == Some(Rule::after_round),
                )
            }
            Rule::end_stalemate => {
                let mut parts = Parts::of(e);
                let word = outcome(parts.required());
                match parts.next().map(|p| p.as_rule()) {
                    Some(Rule::or_promotions_only) => EndRule::StalemateOrPromotionsOnly(word),
                    suffix => EndRule::Stalemate(word, suffix.is_some()),
                }
            }
            Rule::end_repetition => {
                let mut parts = Parts::of(e);
                let n = self.int(&parts.required())?;
                let mut check = false;
                let mut chase = None;
                for part in parts {
                    match part.as_rule() {
                        Rule::perpetual_check => check = true,
                        _ => chase = Some(self.chase(part)),
                    }
                }
                EndRule::Repetition(n, check, chase)
            }
            Rule::end_move_rule => {
                let mut parts = Parts::of(e);
                let n = self.int(&parts.required())?;
                let (mut kinds, mut stretch) = (Vec::new(), None);
                for part in parts {
                    match part.as_rule() {
                        Rule::checks_stretch => stretch = Some(self.int(&sole_part(part))?),
                        _ => kinds.push(self.name(&part)),
                    }
                }
                EndRule::MoveRule(n, kinds, stretch)
            }
            Rule::end_extinction => EndRule::Extinction(self.extinction(e)?),
            Rule::end_checks => {
                let mut parts = Parts::of(e);
                let n = self.int(&parts.required())?;
                EndRule::Checks(n, outcome(parts.required()))
            }
            Rule::end_counting => EndRule::Counting(self.counting(e)?),
            Rule::end_double_pass => EndRule::DoublePass(outcome(sole_part(e))),
            Rule::end_mate_by_only | Rule::end_mate_needs => {
                let by_only = e.as_rule() == Rule::end_mate_by_only;
                let mut kinds = Vec::new();
                let mut word = OutcomeWord::Draw;
                for part in Parts::of(e) {
                    match part.as_rule() {
                        Rule::mate_kind => kinds.push(self.name(&part)),
                        _ => word = outcome(part),
                    }
                }
                if by_only {
                    EndRule::MateByOnly(kinds, word)
                } else {
                    EndRule::MateNeedsCheckBy(kinds, word)
                }
            }
            _ => unexpected(Rule::end_stmt, &e),
        };
        Ok(Stmt::End(end, span))
    }

    /// `perpetual-chase by KINDS [except KIND unless on REGION]...`.
    fn chase(&self, p: P) -> ChaseSpec {
        let mut spec = ChaseSpec {
            by: Vec::new(),
            spared: Vec::new(),
        };
        for part in Parts::of(p) {
            match part.as_rule() {
                Rule::chase_kind => spec.by.push(self.name(&part)),
                _ => {
                    let mut names = Parts::of(part).map(|n| self.name(&n));
                    let kind = names.next().expect("grammar: a kind");
                    let region = names.next().expect("grammar: a region");
                    spec.spared.push((kind, region));
                }
            }
        }
        spec
    }

    /// `extinction KINDS|all [at-most N] [opponent-at-least M] [bare-back] OUTCOME`.
    fn extinction(&self, e: P) -> Result<Extinction, Diagnostic> {
        let mut rule = Extinction {
            kinds: Vec::new(),
            together: false,
            at_most: None,
            opponent_at_least: None,
            bare_back: false,
            outcome: OutcomeWord::Loss,
        };
        for part in Parts::of(e) {
            match part.as_rule() {
                // `all` is a keyword, left out: no kinds.
                Rule::extinction_kinds => {
                    rule.kinds = Parts::of(part).map(|k| self.name(&k)).collect()
                }
                Rule::extinction_at_most => rule.at_most = Some(self.int(&sole_part(part))?),
                Rule::extinction_opponent => {
                    rule.opponent_at_least = Some(self.int(&sole_part(part))?)
                }
                Rule::bare_back => rule.bare_back = true,
                Rule::together => rule.together = true,
                Rule::outcome => rule.outcome = outcome(part),
                _ => unexpected(Rule::end_extinction, &part),
            }
        }
        Ok(rule)
    }

    /// `counting OUTCOME { LINE* }`.
    fn counting(&self, e: P) -> Result<Counting, Diagnostic> {
        let mut parts = Parts::of(e);
        let mut rule = Counting {
            outcome: outcome(parts.required()),
            starts_without: Vec::new(),
            lone_without: Vec::new(),
            board_honour: Vec::new(),
            pieces_honour: Vec::new(),
            count_from: Vec::new(),
        };
        for line in parts {
            let item = sole_part(line);
            let span = self.span(&item);
            match item.as_rule() {
                Rule::counting_starts => rule
                    .starts_without
                    .extend(Parts::of(item).map(|k| self.name(&sole_part(k)))),
                Rule::counting_lone => rule
                    .lone_without
                    .extend(Parts::of(item).map(|k| self.name(&sole_part(k)))),
                Rule::counting_board => {
                    let mut numbers = Parts::of(item);
                    let moves = self.int(&numbers.required())?;
                    let at_most = numbers.next().map(|n| self.int(&n)).transpose()?;
                    rule.board_honour.push((moves, at_most, span));
                }
                Rule::counting_pieces => {
                    let mut bits = Parts::of(item);
                    let moves = self.int(&bits.required())?;
                    let (against, at_least) = match bits.next() {
                        Some(a) => {
                            let mut a = Parts::of(a);
                            let kind = self.name(&a.required());
                            let n = a.next().map(|n| self.int(&n)).transpose()?;
                            (Some(kind), n)
                        }
                        None => (None, None),
                    };
                    rule.pieces_honour.push(HonourLine {
                        moves,
                        against,
                        at_least,
                        span,
                    });
                }
                Rule::counting_from => {
                    // The word after `count-from` is a keyword token itself.
                    let word = item.clone().into_inner().last().map(|w| w.as_rule());
                    rule.count_from.push((word == Some(Rule::kw_pieces), span));
                }
                _ => unexpected(Rule::counting_line, &item),
            }
        }
        Ok(rule)
    }

    /// `royal-while-last KINDS`.
    pub(super) fn royal_while_last(&self, p: P) -> Stmt {
        let span = self.span(&p);
        Stmt::RoyalWhileLast(Parts::of(p).map(|k| self.name(&k)).collect(), span)
    }

    /// `facing KINDS along (m,n) FILTERS`.
    pub(super) fn facing(&self, p: P) -> Result<Stmt, Diagnostic> {
        let span = self.span(&p);
        let (mut kinds, mut vector, mut filters) = (Vec::new(), (0, 0), Vec::new());
        let mut must_break = None;
        for part in Parts::of(p) {
            match part.as_rule() {
                Rule::ident => kinds.push(self.name(&part)),
                Rule::vector => vector = self.vector(part)?,
                Rule::filter => filters.push(super::pieces::filter(part)),
                Rule::must_break => must_break = Some(outcome(sole_part(part))),
                _ => {}
            }
        }
        Ok(Stmt::Facing {
            kinds,
            vector,
            filters,
            must_break,
            span,
        })
    }

    /// `pass`.
    pub(super) fn pass(&self, p: P) -> Stmt {
        Stmt::Pass(self.span(&p))
    }

    /// `wall KIND`.
    pub(super) fn wall(&self, p: P) -> Stmt {
        let span = self.span(&p);
        Stmt::Wall(self.name(&sole_part(p)), span)
    }

    /// `material-count { KIND N ... } [bonus PLAYER X]`.
    pub(super) fn material_count(&self, p: P) -> Result<Stmt, Diagnostic> {
        let span = self.span(&p);
        let mut count = MaterialCount {
            weights: Vec::new(),
            bonus: None,
            span,
        };
        for part in Parts::of(p) {
            match part.as_rule() {
                Rule::limit_item => {
                    let mut parts = Parts::of(part);
                    let kind = self.name(&parts.required());
                    let n = parts.required();
                    count.weights.push((kind, self.int(&n)?, self.span(&n)));
                }
                Rule::material_bonus => {
                    let mut parts = Parts::of(part);
                    let player = self.name(&parts.required());
                    let x = parts.required();
                    count.bonus = Some((player, x.as_str().to_string(), self.span(&x)));
                }
                _ => unexpected(Rule::material_count_stmt, &part),
            }
        }
        Ok(Stmt::MaterialCount(count))
    }

    /// `capture forced`.
    pub(super) fn capture_forced(&self, p: P) -> Stmt {
        Stmt::CaptureForced(self.span(&p))
    }

    /// `check forbidden`, `check when all royal attacked`.
    pub(super) fn check_forbidden(&self, p: P) -> Stmt {
        let span = self.span(&p);
        match Parts::of(p).next().map(|p| p.as_rule()) {
            Some(Rule::check_all_royal) => Stmt::CheckAllRoyals(span),
            _ => Stmt::CheckForbidden(span),
        }
    }

    /// `first-move KIND lost when aimed by KINDS`.
    pub(super) fn first_move_lost(&self, p: P) -> Stmt {
        let span = self.span(&p);
        let mut names = Parts::of(p).map(|k| self.name(&k));
        let piece = names.next().expect("grammar: `first-move` names a piece");
        Stmt::FirstMoveLost {
            piece,
            aimers: names.collect(),
            span,
        }
    }

    /// `in-check capture-checker-only KINDS`.
    pub(super) fn checker_captures_only(&self, p: P) -> Stmt {
        let span = self.span(&p);
        Stmt::CheckerCapturesOnly(Parts::of(p).map(|k| self.name(&k)).collect(), span)
    }

    /// `insufficient MATERIAL`.
    pub(super) fn insufficient(&self, p: P) -> Stmt {
        Stmt::Insufficient {
            span: self.span(&p),
            material: self.material(sole_part(p)),
        }
    }

    /// `King Bishop on light vs King`.
    pub(super) fn material(&self, p: P) -> Material {
        let span = self.span(&p);
        let mut sides = Parts::of(p);
        let first = self.material_side(sides.required());
        let second = self.material_side(sides.required());
        Material {
            sides: [first, second],
            span,
        }
    }

    fn material_side(&self, side: P) -> Vec<MaterialPiece> {
        Parts::of(side)
            .map(|piece| {
                let mut names = Parts::of(piece);
                MaterialPiece {
                    piece: self.name(&names.required()),
                    on: names.next().map(|n| self.name(&n)),
                }
            })
            .collect()
    }

    /// `points N`.
    pub(super) fn points(&self, p: P) -> Result<Stmt, Diagnostic> {
        let span = self.span(&p);
        Ok(Stmt::Points(self.int(&sole_part(p))?, span))
    }

    /// `clock 3h`: each player's time for the whole game.
    pub(super) fn clock(&self, p: P) -> Result<Stmt, Diagnostic> {
        let span = self.span(&p);
        let d = sole_part(p);
        let text = d.as_str();
        let (digits, unit) = text.split_at(text.len() - 1);
        let n: u64 = digits.parse().map_err(|_| {
            Diagnostic::error(
                Code::InvalidValue,
                "clock time out of range",
                self.span(&d),
                "too large",
            )
        })?;
        let seconds = n.saturating_mul(match unit {
            "h" => 3600,
            "m" => 60,
            "s" => 1,
            // `duration = @{ ASCII_DIGIT+ ~ ("h" | "m" | "s") }`.
            other => unreachable!("grammar: a duration ends in h, m or s, not {other:?}"),
        });
        Ok(Stmt::Clock { seconds, span })
    }
}

/// The outcome word of an end rule.
fn outcome(p: P) -> OutcomeWord {
    let word = keyword(p);
    match word.as_rule() {
        Rule::kw_win => OutcomeWord::Win,
        Rule::kw_draw => OutcomeWord::Draw,
        Rule::kw_loss => OutcomeWord::Loss,
        Rule::kw_out => OutcomeWord::Out,
        _ => unexpected(Rule::outcome, &word),
    }
}
