//! Castling: the royal piece and a partner move towards each other in one
//! move (`castling K with P... { ... }`).

use super::Checker;
use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use crate::model::{Model, ModelCastling};
use runtime::ir::MAX_CASTLINGS_PER_PLAYER;

impl Checker {
    /// `written partner ...`: each named kind must be a partner (a carrier
    /// of partner stacks with `aboard`), and the castling must take its
    /// partner by kind (`repeatable` or `free`), since a fixed partner cell
    /// holds whatever the setup put there.
    fn partner_spellings(
        &mut self,
        m: &Model,
        c: &Castling,
        partners: u128,
        piece_names: &[String],
    ) -> Vec<(u8, bool, bool, String)> {
        let mut out = Vec::new();
        if !c.written_partner.is_empty() && !c.repeatable && !c.free {
            let (first, _) = &c.written_partner[0];
            self.error(
                Diagnostic::error(
                    Code::InconsistentCastling,
                    "spellings by partner need a castling that takes its partner by kind",
                    first.kind.span,
                    "in `written partner`",
                )
                .with_hint("add `repeatable` or `free`, or drop `written partner`"),
            );
            return out;
        }
        for (class, spelled) in &c.written_partner {
            let Some(k) = self.piece(&class.kind, piece_names) else {
                continue;
            };
            let is_partner = if class.aboard {
                m.pieces.iter().enumerate().any(|(j, p)| {
                    partners >> j & 1 != 0 && p.stack.is_some_and(|st| st.carrier as usize == k)
                })
            } else {
                partners >> k & 1 != 0
            };
            if !is_partner {
                self.error(
                    Diagnostic::error(
                        Code::InconsistentCastling,
                        format!("`{}` is no partner of this castling", class.kind.text),
                        class.kind.span,
                        "not among the partners",
                    )
                    .with_hint("spell only the partners listed after `with` (a stack by its carrier: `aboard Ship`)"),
                );
                continue;
            }
            out.push((k as u8, class.aboard, class.foreign, spelled.text.clone()));
        }
        out
    }

    /// One `castling` statement.
    pub(super) fn castling(&mut self, m: &mut Model, c: &Castling, piece_names: &[String]) {
        let king = self.piece(&c.king, piece_names);
        let (partners, any_partner) = self.castling_partners(m, c, king, piece_names);
        let king_to = c.king_to.as_ref().and_then(|r| self.region_ref(m, r));
        self.check_castling_options(c);
        let written_zeros = c.written_zeros.as_ref().and_then(|r| self.region_ref(m, r));
        self.check_king_distances(c);
        let repeat_limit = self.castling_repeat_limit(c);
        let homes = c.homes.as_ref().and_then(|(k, p)| {
            let king = self.region_ref(m, k);
            let partner = self.region_ref(m, p);
            king.zip(partner)
        });
        let lands = self.castling_lands(m, c);
        if let (Some(king), true) = (king, any_partner) {
            if !self.castling_king_is_new(m, c, king, partners) {
                return;
            }
            let has = |w: &str| c.safe.iter().any(|s| s.text == w);
            let written_partner = self.partner_spellings(m, c, partners, piece_names);
            m.castlings.push(ModelCastling {
                king: king as u8,
                partners,
                king_to,
                repeatable: c.repeatable,
                repeat_limit,
                king_passes_partner: c.king_passes_partner,
                king_onto_partner: c.king_onto_partner,
                free: c.free,
                homes,
                lands,
                by_drop: c.by_drop,
                king_beside_partner: c.king_beside_partner,
                written_zeros,
                written_king: c.written_king.iter().map(|n| n.text.clone()).collect(),
                written_flanks: c
                    .written_flanks
                    .as_ref()
                    .map(|(s, l)| (s.text.clone(), l.text.clone())),
                written_partner,
                distances: c.distances.clone(),
                safe_origin: has("origin"),
                safe_passed: has("passed"),
                safe_destination: has("destination"),
                span: c.span,
            });
        }
    }

    /// The partner kinds as a bit set (a stack on a partner carrier too),
    /// and whether any partner other than the king itself was named.
    fn castling_partners(
        &mut self,
        m: &Model,
        c: &Castling,
        king: Option<usize>,
        piece_names: &[String],
    ) -> (u128, bool) {
        let mut partners = 0u128;
        let mut any_partner = false;
        for n in &c.partners {
            if let Some(k) = self.piece(n, piece_names) {
                if king == Some(k) {
                    self.error(
                        Diagnostic::error(
                            Code::InconsistentCastling,
                            format!("`{}` cannot castle with itself", n.text),
                            n.span,
                            "the castling king again",
                        )
                        .with_hint(
                            "a castling partner is another kind, e.g. `castling King with Rook`",
                        ),
                    );
                    continue;
                }
                any_partner = true;
                partners |= 1 << k;
                // A stack on a partner carrier is a partner too.
                for (j, p) in m.pieces.iter().enumerate() {
                    if p.stack.is_some_and(|st| st.carrier as usize == k) {
                        partners |= 1 << j;
                    }
                }
            }
        }
        (partners, any_partner)
    }

    /// Options that say the same thing twice or contradict: `king-to
    /// beside partner` with another destination, `king-onto partner` with
    /// `king-passes partner`, `free` with the options of a fixed castling.
    /// `lands KING_CELLS PARTNER_CELLS`: two regions of two cells per
    /// player, with `homes`, and no other word on where the king goes.
    fn castling_lands(&mut self, m: &Model, c: &Castling) -> Option<(usize, usize)> {
        let (k, p) = c.lands.as_ref()?;
        let regions = self.region_ref(m, k).zip(self.region_ref(m, p))?;
        let bad = |what: &str, hint: &str| {
            Diagnostic::error(
                Code::InconsistentCastling,
                what.to_string(),
                c.span,
                "in this castling",
            )
            .with_hint(hint.to_string())
        };
        if c.homes.is_none() {
            self.error(bad(
                "`lands` castles from wherever the king and the partner stand: it needs `homes`",
                "add `homes KING_REGION PARTNER_REGION`, the cells they may castle from",
            ));
        }
        if c.king_to.is_some()
            || c.distances.is_some()
            || c.king_beside_partner
            || c.king_passes_partner
            || c.king_onto_partner
            || c.free
            || c.repeatable
        {
            self.error(bad(
                "`lands` already says where the king goes",
                "leave out `king-moves`, `king-to`, `king-passes`, `king-onto`, `free` and `repeatable`",
            ));
        }
        let two = |r: usize| {
            (0..m.players.len()).all(|pl| {
                (0..m.cells.len())
                    .filter(|&x| m.regions[r].cells[pl][x])
                    .count()
                    == 2
            })
        };
        if !two(regions.0) || !two(regions.1) {
            self.error(bad(
                "each region of `lands` holds two cells per player: one for each side of the king",
                "e.g. `region king_lands { white: { c1 g1 } black: { c8 g8 } }`",
            ));
            return None;
        }
        Some(regions)
    }

    fn check_castling_options(&mut self, c: &Castling) {
        if c.king_beside_partner
            && (c.king_to.is_some() || c.distances.is_some() || c.king_passes_partner)
        {
            self.error(
                Diagnostic::error(
                    Code::InconsistentCastling,
                    "`king-to beside partner` already says where the king goes",
                    c.span,
                    "in this castling",
                )
                .with_hint("leave out `king-moves`, `king-to nearest` and `king-passes partner`"),
            );
        }
        if c.king_onto_partner && c.king_passes_partner {
            self.error(
                Diagnostic::error(
                    Code::InconsistentCastling,
                    "`king-passes partner` already lets the king land on the partner's cell",
                    c.span,
                    "in this castling",
                )
                .with_hint("leave out `king-onto partner`"),
            );
        }
        if c.free
            && (c.repeatable
                || c.king_passes_partner
                || c.king_to.is_some()
                || c.written_flanks.is_some())
        {
            self.error(
                Diagnostic::error(
                    Code::InconsistentCastling,
                    "a free castling takes its partner anywhere on the king's lines",
                    c.span,
                    "in this free castling",
                )
                .with_hint("`free` goes with `king-moves`, `king-to beside partner`, `king-onto partner`, `safe` and `written zeros`/`king-zeros`; leave out `repeatable`, `king-passes partner`, `king-to nearest` and `written short .. long ..`"),
            );
        }
    }

    /// `king-moves D ...` (when no `king-to` region replaces them): each
    /// distance positive and listed once.
    fn check_king_distances(&mut self, c: &Castling) {
        if let (Some(ds), None) = (&c.distances, &c.king_to) {
            if ds.is_empty() || ds.iter().any(|&d| d < 1) {
                self.error(Diagnostic::error(
                    Code::InvalidValue,
                    "king distances must be positive",
                    c.span,
                    "in this castling",
                ));
            } else if let Some(d) = {
                let mut seen = std::collections::HashSet::new();
                ds.iter().copied().find(|&d| !seen.insert(d))
            } {
                // Each listed distance makes its own castling move: a
                // repeated one generated the same move twice.
                self.error(
                    Diagnostic::error(
                        Code::InconsistentCastling,
                        format!("king distance {d} is listed twice"),
                        c.span,
                        "in this castling",
                    )
                    .with_hint("list each distance once, e.g. `king-moves 1 2 3`"),
                );
            }
        }
    }

    /// `repeatable at-most N`, within the castlings a player may keep.
    fn castling_repeat_limit(&mut self, c: &Castling) -> Option<u8> {
        match c.repeat_limit {
            Some(n) if (1..=MAX_CASTLINGS_PER_PLAYER as i32).contains(&n) => Some(n as u8),
            Some(n) => {
                self.error(
                    Diagnostic::error(
                        Code::InvalidValue,
                        format!("`repeatable at-most {n}`: the limit must be 1 to {MAX_CASTLINGS_PER_PLAYER}"),
                        c.span,
                        "in this castling",
                    )
                    .with_hint("leave out `at-most` for no limit"),
                );
                None
            }
            None => None,
        }
    }

    /// `false` when an earlier statement already castles this king with
    /// one of these partners, reported. (The king need not be royal: a
    /// king that is not castles through attacked cells unless the castling
    /// says `safe`.)
    fn castling_king_is_new(
        &mut self,
        m: &Model,
        c: &Castling,
        king: usize,
        partners: u128,
    ) -> bool {
        // Two statements for one king and partner made every castling
        // move twice (and none could be entered).
        if let Some(first) = m
            .castlings
            .iter()
            .find(|x| x.king as usize == king && x.partners & partners != 0)
        {
            let first = first.span;
            self.error(
                Diagnostic::error(
                    Code::DuplicateDefinition,
                    format!(
                        "castling of `{}` with this partner is defined twice",
                        c.king.text
                    ),
                    c.span,
                    "second castling",
                )
                .with_secondary(first, "first castling here")
                .with_hint("one `castling` statement per king and partner; list several distances in it: `king-moves 2 3`"),
            );
            return false;
        }
        true
    }
}
