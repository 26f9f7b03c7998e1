//! Rule statements, each a mechanism of its own in the checker: promotion,
//! castling, stacks (`carry`), agreements, swaps, arrivals, forbidden
//! regions and how long a passed cell stays open to en passant.

use super::pieces::filter;
use super::{keyword, sole_part, split_last, unexpected, Builder, Parts, Rule, P};
use crate::ast::*;
use crate::diag::Diagnostic;

impl Builder<'_> {
    /// `promotion-limit KIND N ...`.
    pub(super) fn promotion_limit(&self, p: P) -> Result<Stmt, Diagnostic> {
        let span = self.span(&p);
        let mut limits = Vec::new();
        for item in Parts::of(p) {
            let mut parts = Parts::of(item);
            let kind = self.name(&parts.required());
            let n = parts.required();
            limits.push((kind, self.int(&n)?, self.span(&n)));
        }
        Ok(Stmt::PromotionLimit(limits, span))
    }

    /// `promote PIECE in REGION [when|unless REGION] [or-leaving] [optional]
    /// (to [playing] KINDS | by file { ... }) [in-place [or-moving]
    /// [peaceful] [anywhere-if-last]] [if CONDITION]`.
    pub(super) fn promote(&self, p: P) -> Result<Stmt, Diagnostic> {
        let span = self.span(&p);
        let mut parts = Parts::of(p);
        let piece = self.name(&parts.required());
        let region = self.name(&parts.required());
        let mut condition = None;
        let mut choices = Vec::new();
        let mut by_file = Vec::new();
        let mut optional = false;
        let mut leaving = false;
        let mut only_playing = false;
        let mut game_condition = None;
        let mut in_place = None;
        for part in parts {
            match part.as_rule() {
                Rule::optional => optional = true,
                Rule::in_place => {
                    let span = self.span(&part);
                    let words: Vec<Rule> = Parts::of(part).map(|w| w.as_rule()).collect();
                    in_place = Some(InPlace {
                        moving: words.contains(&Rule::or_moving),
                        peaceful: words.contains(&Rule::peaceful),
                        anywhere_if_last: words.contains(&Rule::anywhere_if_last),
                        span,
                    });
                }
                Rule::or_leaving => leaving = true,
                Rule::game_if => game_condition = Some(self.game_condition(sole_part(part))?),
                Rule::condition => {
                    let mut cond = Parts::of(part);
                    let when = cond.required().as_rule() == Rule::when_k;
                    condition = Some((when, self.name(&cond.required())));
                }
                Rule::promote_to => {
                    for c in Parts::of(part) {
                        match c.as_rule() {
                            Rule::playing_k => only_playing = true,
                            Rule::ident => choices.push(self.name(&c)),
                            _ => unexpected(Rule::promote_to, &c),
                        }
                    }
                }
                Rule::by_file => {
                    for choice in Parts::of(part) {
                        let mut words = Parts::of(choice);
                        let file = self.name(&words.required());
                        let piece = self.name(&words.required());
                        by_file.push((file, piece, words.next().map(|c| self.name(&c))));
                    }
                }
                _ => unexpected(Rule::promote_stmt, &part),
            }
        }
        Ok(Stmt::Promote(Promote {
            piece,
            region,
            choices,
            by_file,
            condition,
            optional,
            leaving,
            only_playing,
            game_condition,
            span,
            in_place,
        }))
    }

    /// `cells >= N` or `[not] playing KIND`, after `if`.
    fn game_condition(&self, c: P) -> Result<GameCondition, Diagnostic> {
        Ok(match c.as_rule() {
            Rule::cells_at_least => {
                let n = sole_part(c);
                GameCondition::CellsAtLeast(self.int(&n)?, self.span(&n))
            }
            Rule::playing_cond => {
                let mut parts = Parts::of(c);
                let negated = parts.next_if(Rule::not_k).is_some();
                GameCondition::Playing(!negated, self.name(&parts.required()))
            }
            _ => unexpected(Rule::game_if, &c),
        })
    }

    /// `castling KING with PARTNERS { properties }`.
    pub(super) fn castling(&self, p: P) -> Result<Stmt, Diagnostic> {
        let span = self.span(&p);
        let mut parts = Parts::of(p);
        let mut castling = Castling {
            king: self.name(&parts.required()),
            partners: Vec::new(),
            king_to: None,
            king_beside_partner: false,
            repeatable: false,
            repeat_limit: None,
            king_passes_partner: false,
            king_onto_partner: false,
            free: false,
            homes: None,
            lands: None,
            by_drop: false,
            written_zeros: None,
            written_king: Vec::new(),
            written_flanks: None,
            written_partner: Vec::new(),
            distances: Some(Vec::new()),
            safe: Vec::new(),
            span,
        };
        for prop in parts {
            match prop.as_rule() {
                Rule::ident => castling.partners.push(self.name(&prop)),
                Rule::king_to => {
                    let target = sole_part(prop);
                    match target.as_rule() {
                        Rule::king_beside => castling.king_beside_partner = true,
                        Rule::ident => castling.king_to = Some(self.name(&target)),
                        _ => unexpected(Rule::king_to, &target),
                    }
                }
                Rule::repeatable => {
                    castling.repeatable = true;
                    if let Some(n) = Parts::of(prop).find(|k| k.as_rule() == Rule::int) {
                        castling.repeat_limit = Some(self.int(&n)?);
                    }
                }
                Rule::king_passes => castling.king_passes_partner = true,
                Rule::king_onto => castling.king_onto_partner = true,
                Rule::free_castling => castling.free = true,
                Rule::castling_homes => {
                    let mut names = Parts::of(prop);
                    let king = self.name(&names.required());
                    let partner = self.name(&names.required());
                    castling.homes = Some((king, partner));
                }
                Rule::castling_lands => {
                    let mut names = Parts::of(prop);
                    let king = self.name(&names.required());
                    let partner = self.name(&names.required());
                    castling.lands = Some((king, partner));
                }
                Rule::by_drop => castling.by_drop = true,
                Rule::written => self.written(&mut castling, sole_part(prop)),
                Rule::king_moves => {
                    let mut ds = Vec::new();
                    let mut any = false;
                    for d in Parts::of(prop) {
                        match d.as_rule() {
                            Rule::any_distance => any = true,
                            Rule::int => ds.push(self.int(&d)?),
                            _ => unexpected(Rule::king_moves, &d),
                        }
                    }
                    castling.distances = if any { None } else { Some(ds) };
                }
                Rule::safe => castling.safe.extend(self.names(prop)),
                _ => unexpected(Rule::castling_stmt, &prop),
            }
        }
        // `king-to beside partner` and `lands` need no distances.
        if (castling.king_beside_partner || castling.lands.is_some())
            && castling.distances.as_ref().is_some_and(|d| d.is_empty())
        {
            castling.distances = None;
        }
        Ok(Stmt::Castling(Box::new(castling)))
    }

    /// One `written ...` property of a castling: a spelling of it in the
    /// text's notation.
    fn written(&self, castling: &mut Castling, form: P) {
        match form.as_rule() {
            Rule::written_zeros => castling.written_zeros = Some(self.name(&sole_part(form))),
            Rule::written_king => castling
                .written_king
                .extend(Parts::of(form).map(|s| self.string(&s))),
            Rule::written_flanks => {
                let mut spellings = Parts::of(form);
                let short = self.string(&spellings.required());
                let long = self.string(&spellings.required());
                castling.written_flanks = Some((short, long));
            }
            Rule::written_partner => {
                for spelling in Parts::of(form) {
                    let mut spelling_parts = Parts::of(spelling);
                    let class = spelling_parts.required();
                    let spelled = self.string(&spelling_parts.required());
                    let class = self.partner_class(class);
                    castling.written_partner.push((class, spelled));
                }
            }
            _ => unexpected(Rule::written, &form),
        }
    }

    /// `[aboard [foreign]] KIND`: what a castling partner is.
    fn partner_class(&self, class: P) -> PartnerClass {
        // `aboard` is a keyword, which `Parts` leaves out.
        let aboard = class
            .clone()
            .into_inner()
            .any(|k| k.as_rule() == Rule::kw_aboard);
        let mut parts = Parts::of(class);
        let foreign = parts.next_if(Rule::foreign_k).is_some();
        PartnerClass {
            kind: self.name(&parts.required()),
            aboard,
            foreign,
        }
    }

    /// `carry CARGO ... on CARRIER [boarding] { cargo { atoms } [laden { atoms }] }`.
    pub(super) fn carry(&self, p: P) -> Result<Stmt, Diagnostic> {
        let span = self.span(&p);
        let mut names = Vec::new();
        let mut boarding = false;
        let mut atoms = Vec::new();
        let mut laden = None;
        for part in Parts::of(p) {
            match part.as_rule() {
                Rule::ident => names.push(self.name(&part)),
                Rule::boarding => boarding = true,
                Rule::cargo_moves => atoms.extend(self.atoms(part)?),
                Rule::laden_moves => laden = Some(self.atoms(part)?),
                _ => unexpected(Rule::carry_stmt, &part),
            }
        }
        let (cargo, carrier) = split_last(names, Rule::carry_stmt);
        Ok(Stmt::Carry {
            cargo,
            carrier,
            boarding,
            atoms,
            laden,
            span,
        })
    }

    /// `agreement NAME (switch | draw) [{ PLAYER CELL -> CELL ... }]`.
    pub(super) fn agreement(&self, p: P) -> Stmt {
        let span = self.span(&p);
        let mut parts = Parts::of(p);
        let name = self.name(&parts.required());
        let effect = keyword(parts.required());
        let draw = match effect.as_rule() {
            Rule::kw_draw => true,
            Rule::kw_switch => false,
            _ => unexpected(Rule::agreement_effect, &effect),
        };
        let markers = parts
            .map(|m| {
                let mut marker = Parts::of(m);
                let player = self.name(&marker.required());
                let from = self.name(&marker.required());
                let to = self.name(&marker.required());
                (player, from, to)
            })
            .collect();
        Stmt::Agreement {
            name,
            draw,
            markers,
            span,
        }
    }

    /// `swap PIECE with KINDS at (x,y) [filters] [from REGION]`.
    pub(super) fn swap(&self, p: P) -> Result<Stmt, Diagnostic> {
        let span = self.span(&p);
        let mut parts = Parts::of(p);
        let piece = self.name(&parts.required());
        let partners = self.names(parts.required());
        let offset = self.vector(parts.required())?;
        let mut filters = Vec::new();
        let mut from = None;
        for x in parts {
            match x.as_rule() {
                Rule::filter => filters.push(filter(x)),
                Rule::ident => from = Some(self.name(&x)),
                _ => unexpected(Rule::swap_stmt, &x),
            }
        }
        Ok(Stmt::Swap {
            piece,
            partners,
            offset,
            filters,
            from,
            span,
        })
    }

    /// `arrival PIECE on REGION (wins | places KIND on REGION)`.
    pub(super) fn arrival(&self, p: P) -> Stmt {
        let span = self.span(&p);
        let mut parts = Parts::of(p);
        let piece = self.name(&parts.required());
        let trigger = self.name(&parts.required());
        let next = parts.required();
        match next.as_rule() {
            Rule::arrival_wins => Stmt::WinningArrival {
                piece,
                trigger,
                after_reply: Parts::of(next.clone()).any(|p| p.as_rule() == Rule::after_reply),
                if_held: Parts::of(next.clone()).any(|p| p.as_rule() == Rule::if_held),
                if_safe: Parts::of(next).any(|p| p.as_rule() == Rule::if_safe),
                span,
            },
            Rule::ident => {
                let place = self.name(&next);
                let on = self.name(&parts.required());
                Stmt::Arrival {
                    piece,
                    trigger,
                    place,
                    on,
                    span,
                }
            }
            _ => unexpected(Rule::arrival_stmt, &next),
        }
    }

    /// `forbid KINDS on REGION`.
    pub(super) fn forbid(&self, p: P) -> Stmt {
        let span = self.span(&p);
        let (pieces, region) = split_last(self.names(p), Rule::forbid_stmt);
        Stmt::Forbid {
            pieces,
            region,
            span,
        }
    }

    /// `en-passant until-owner-moves`.
    pub(super) fn en_passant_duration(&self, p: P) -> Stmt {
        Stmt::EnPassantUntilOwnerMoves(self.span(&p))
    }
}
