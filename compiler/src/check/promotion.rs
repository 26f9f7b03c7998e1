//! Promotion: `promote P in R to ...` and its per-file form `by file { ... }`,
//! optionally while an agreement is (not) reached; `optional` lets the piece
//! stay, `any` and `playing` choose among the pieces the game sets up, and
//! `if ...` keeps a rule to the games it fits (so a shared army file states
//! it once).

use super::Checker;
use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use crate::model::{Model, ModelPromotion};
use crate::names;

impl Checker {
    /// One `promote` statement; `promoting` names the piece of every
    /// promote statement (those are not promoted to by `any`).
    pub(super) fn promotion(
        &mut self,
        m: &mut Model,
        rule: &Promote,
        piece_names: &[String],
        promoting: &[&str],
    ) {
        // A rule for other games adds nothing.
        if !self.promotion_applies(m, rule, piece_names) {
            // Its regions and pieces belong to the games it is written for.
            return;
        }
        let Promote { piece, region, .. } = rule;
        let kind = self.piece(piece, piece_names);
        if let Some(k) = kind.filter(|&k| m.pieces[k].royal) {
            self.error(
                Diagnostic::error(
                    Code::RoyalPromotion,
                    format!("`{}` is royal and cannot promote", m.pieces[k].name),
                    piece.span,
                    "a royal piece",
                )
                .with_hint("promotion replaces the piece; the royal piece must stay on the board to be checkmated"),
            );
        }
        if rule.leaving && rule.condition.is_some() {
            self.error(
                Diagnostic::error(
                    Code::ConflictingModifiers,
                    "`or-leaving` with `when` or `unless`",
                    rule.span,
                    "this promotion",
                )
                .with_hint("a promotion on leaving its zone holds in every state of the game; drop the agreement or `or-leaving`"),
            );
        }
        let reg = self.region_ref(m, region);
        let region_span = region.span;
        let condition = self.promotion_condition(m, rule);
        if let (Some(kind), Some(region)) = (kind, reg) {
            self.by_file_promotions(m, rule, kind, region, condition, piece_names);
        }
        let (ks, origin) = self.promotion_choices(m, rule, kind, piece_names, promoting);
        if let Some(in_place) = &rule.in_place {
            if let (Some(kind), Some(region)) = (kind, reg) {
                self.in_place_promotion(m, rule, in_place, kind, region, ks, origin);
            }
            return;
        }
        if let (Some(kind), Some(region)) = (kind, reg) {
            if !ks.is_empty() || origin {
                m.promotions.push(ModelPromotion {
                    kind: kind as u8,
                    region,
                    choices: ks,
                    origin,
                    file: None,
                    condition,
                    leaving: rule.leaving,
                    span: region_span,
                });
            }
        }
    }

    /// Does the rule's `if ...` fit this game (always, without one)?
    fn promotion_applies(&mut self, m: &Model, rule: &Promote, piece_names: &[String]) -> bool {
        match &rule.game_condition {
            None => true,
            Some(GameCondition::CellsAtLeast(n, _)) => {
                m.cells.iter().filter(|c| !c.side).count() as i64 >= *n as i64
            }
            Some(GameCondition::Playing(wanted, name)) => self
                .piece(name, piece_names)
                .is_some_and(|k| playing(m, k) == *wanted),
        }
    }

    /// The agreement the rule waits for (or that must not be reached):
    /// its index and whether it must be reached.
    fn promotion_condition(&mut self, m: &Model, rule: &Promote) -> Option<(u8, bool)> {
        rule.condition.as_ref().and_then(|(when, a)| {
            let names: Vec<String> = m.agreements.iter().map(|a| a.name.clone()).collect();
            let i = names.iter().position(|n| *n == a.text);
            if i.is_none() {
                self.unknown("agreement", a, &names);
            }
            i.map(|i| (i as u8, *when))
        })
    }

    /// `by file { FILE PIECE [COLOUR] ... }`: one promotion per file, each
    /// to one piece (with a colour, checked against the cells of the file).
    fn by_file_promotions(
        &mut self,
        m: &mut Model,
        rule: &Promote,
        kind: usize,
        region: usize,
        condition: Option<(u8, bool)>,
        piece_names: &[String],
    ) {
        for (file, choice, colour) in &rule.by_file {
            let x = self.file_index(m, file);
            let k = self.piece(choice, piece_names);
            if let (Some(x), Some(k)) = (x, k) {
                if m.pieces[k].royal && !several_royals(m) && sets_up(m, k) {
                    self.error(royal_choice(&m.pieces[k].name, choice.span));
                }
                if let Some(colour) = colour {
                    self.colour_bound_check(m, region, x, k, colour, rule.span);
                }
                m.promotions.push(ModelPromotion {
                    kind: kind as u8,
                    region,
                    choices: vec![k as u8],
                    origin: false,
                    file: Some(x),
                    condition,
                    leaving: rule.leaving,
                    span: rule.region.span,
                });
            }
        }
    }

    /// The kinds the piece may become, each once in the order written
    /// (`any` for every piece in play that may be promoted to, `playing` to
    /// keep those in play, `optional` adding the piece's own kind), and
    /// whether it may instead become what it was at the start (`origin`).
    fn promotion_choices(
        &mut self,
        m: &Model,
        rule: &Promote,
        kind: Option<usize>,
        piece_names: &[String],
        promoting: &[&str],
    ) -> (Vec<u8>, bool) {
        let mut ks = Vec::new();
        let mut origin = false;
        for c in &rule.choices {
            if c.text == "origin" {
                origin = true;
                continue;
            }
            if c.text == "any" && !piece_names.iter().any(|n| n == "any") {
                // Every piece some setup places, but not a royal piece, a
                // stack or a piece that promotes itself (a pawn).
                ks.extend(
                    (0..m.pieces.len())
                        .filter(|&k| {
                            let p = &m.pieces[k];
                            playing(m, k)
                                && !p.royal
                                && p.stack.is_none()
                                && !promoting.contains(&p.name.as_str())
                        })
                        .map(|k| k as u8),
                );
                continue;
            }
            match piece_names.iter().position(|n| *n == c.text) {
                Some(k) if m.pieces[k].royal && !several_royals(m) && sets_up(m, k) => {
                    self.error(royal_choice(&c.text, c.span))
                }
                Some(k) => ks.push(k as u8),
                None => self.error(promotion_to_undefined(c, piece_names)),
            }
        }
        if rule.only_playing {
            ks.retain(|&k| playing(m, k as usize));
        }
        // Each choice once, in the order written (`any` may repeat a named one).
        let mut seen = 0u128;
        ks.retain(|&k| {
            let first = seen >> k & 1 == 0;
            seen |= 1 << k;
            first
        });
        if let Some(k) = kind.filter(|_| rule.optional) {
            if !ks.is_empty() {
                // The piece's own kind among the choices: it may stay.
                ks.push(k as u8);
            }
        }
        (ks, origin)
    }

    /// A promotion map says the piece on `file` has colour `colour`: the
    /// promoted piece stands on the promotion cell, so it has that cell's
    /// colour. Where the cell is of another colour the rule still promotes
    /// there, and the checker says so (a warning, not an error).
    pub(super) fn colour_bound_check(
        &mut self,
        m: &Model,
        region: usize,
        file: i32,
        kind: usize,
        colour: &Name,
        span: Span,
    ) {
        let Some(c) = self.region_ref(m, colour) else {
            return;
        };
        for (p, player) in m.players.iter().enumerate() {
            for (cell, info) in m.cells.iter().enumerate() {
                if m.topology.file(cell) == Some(file)
                    && m.regions[region].cells[p][cell]
                    && !m.regions[c].cells[p][cell]
                {
                    self.error(
                        Diagnostic::warning(
                            Code::ColourBoundPromotion,
                            format!(
                                "{}'s promotion on {} makes a {} that stands on a cell outside `{}`",
                                player.name, info.name, m.pieces[kind].name, colour.text
                            ),
                            colour.span,
                            format!("said to be on {}", colour.text),
                        )
                        .with_secondary(span, "in this promotion rule")
                        .with_note(format!(
                            "the promoted piece stands on its promotion cell, so this {} is bound to {}'s colour, not to `{}`",
                            m.pieces[kind].name, info.name, colour.text
                        ))
                        .with_hint("give this player its own promotion map, or drop the colour if either is meant"),
                    );
                }
            }
        }
    }
}

impl Checker {
    /// `... in-place [or-moving] [peaceful] [anywhere-if-last]`: a promotion
    /// made as a move of its own, to the listed kinds, once per piece
    /// kind; it promotes no piece on arrival, so `or-leaving`, `optional`,
    /// `when`/`unless` and `origin` do not go with it (E020).
    #[allow(clippy::too_many_arguments)]
    fn in_place_promotion(
        &mut self,
        m: &mut Model,
        rule: &Promote,
        in_place: &InPlace,
        kind: usize,
        region: usize,
        choices: Vec<u8>,
        origin: bool,
    ) {
        let conflicting = [
            (rule.leaving, "or-leaving"),
            (rule.optional, "optional"),
            (rule.condition.is_some(), "when` or `unless"),
            (origin, "origin"),
        ];
        if let Some((_, word)) = conflicting.iter().find(|(said, _)| *said) {
            self.error(
                Diagnostic::error(
                    Code::ConflictingModifiers,
                    format!("`in-place` with `{word}`"),
                    in_place.span,
                    "a promotion made as a move of its own",
                )
                .with_secondary(rule.span, "in this promotion rule")
                .with_hint(format!(
                    "an `in-place` promotion is a move the piece may make where it stands, never one forced on arrival: drop `{word}`, or state the promotion on arrival as a rule of its own"
                )),
            );
            return;
        }
        if m.in_place_promotions
            .iter()
            .any(|p| p.kind as usize == kind)
        {
            self.error(
                Diagnostic::error(
                    Code::DuplicateDefinition,
                    format!("a second `in-place` promotion of `{}`", m.pieces[kind].name),
                    in_place.span,
                    "again here",
                )
                .with_hint("list every kind it may become in one `in-place` rule"),
            );
            return;
        }
        m.in_place_promotions.push(crate::model::ModelInPlace {
            kind: kind as u8,
            region,
            choices,
            moving: in_place.moving,
            peaceful: in_place.peaceful,
            anywhere_if_last: in_place.anywhere_if_last,
        });
    }
}

/// Does some player's setup give it several royal pieces? Such a game is
/// in check while any of them is attacked, so a promotion to a royal kind
/// only adds one more piece that must stay safe.
fn several_royals(m: &Model) -> bool {
    (0..m.players.len()).any(|p| {
        m.setup
            .iter()
            .filter(|s| s.player as usize == p && m.pieces[s.kind as usize].royal)
            .count()
            > 1
    })
}

/// Does a setup place pieces of `kind`? A royal kind no setup places is
/// made only by promotion: the game means a second royal piece, so a
/// promotion to it is no E024.
fn sets_up(m: &Model, kind: usize) -> bool {
    m.setup.iter().any(|s| s.kind as usize == kind)
}

/// E024 for a promotion to a royal piece in a game whose players have one
/// royal piece each: the promoted piece would be one more royal piece than
/// the setup gives, which no rule of the game expects.
fn royal_choice(name: &str, span: Span) -> Diagnostic {
    Diagnostic::error(
        Code::RoyalPromotion,
        format!("promotion to `{name}`, a royal piece"),
        span,
        "royal",
    )
    .with_hint(
        "promote to a piece that is not royal (only a game whose setups give a player several royal pieces may promote to one)",
    )
}

/// Is a piece of this kind in some player's setup?
fn playing(m: &Model, k: usize) -> bool {
    m.setup.iter().any(|s| s.kind as usize == k)
}

/// A choice that names no piece, with the nearest name as a hint.
fn promotion_to_undefined(c: &Name, piece_names: &[String]) -> Diagnostic {
    let d = Diagnostic::error(
        Code::PromotionToUndefined,
        format!("promotion to `{}`, which is not a piece", c.text),
        c.span,
        "not defined",
    );
    if let Some(s) = names::did_you_mean(&c.text, piece_names.iter().map(String::as_str)) {
        d.with_hint(format!("did you mean `{s}`?"))
    } else {
        d.with_hint(format!(
            "define it with `piece {} {{ ... }}` or import it",
            c.text
        ))
    }
}

impl Checker {
    /// `promotion-limit KIND N ...`: each kind limited once, N from 1 to
    /// 255 (a limit of 0 would forbid the promotion: leave the kind out of
    /// the rule instead).
    pub(super) fn promotion_limits(
        &mut self,
        m: &mut Model,
        stmts: &[Stmt],
        piece_names: &[String],
    ) {
        let mut said: Vec<Option<Span>> = vec![None; m.pieces.len()];
        for s in stmts {
            let Stmt::PromotionLimit(limits, span) = s else {
                continue;
            };
            for (kind, n, at) in limits {
                let Some(k) = self.piece(kind, piece_names) else {
                    continue;
                };
                if !(1..=255).contains(n) {
                    self.error(
                        Diagnostic::error(
                            Code::InvalidValue,
                            format!("a promotion limit of {n}"),
                            *at,
                            "this many",
                        )
                        .with_hint("a limit is from 1 to 255: the count a player's pieces of the kind must stay below"),
                    );
                    continue;
                }
                let what = format!("the promotion limit of {}", kind.text);
                if self.once(&mut said[k], *span, &what) {
                    m.promotion_limits.push((k as u8, *n as u8));
                }
            }
        }
    }
}
