//! Claims: facts about the rules that `claims::verify` checks against the
//! runtime (`claim perft 2 == 400`, `claim legal "e4 e5"`, ...). One
//! function per kind of claim.

use super::{keyword, sole_part, split_last, unexpected, Builder, Parts, Rule, P};
use crate::ast::*;
use crate::diag::{Code, Diagnostic};

impl Builder<'_> {
    /// `claim KIND ...`.
    pub(super) fn claim(&self, p: P) -> Result<Stmt, Diagnostic> {
        let span = self.span(&p);
        let c = sole_part(p);
        let kind = match c.as_rule() {
            Rule::claim_mate_exists => ClaimKind::MateExists(self.material(sole_part(c))),
            Rule::claim_no_mate => ClaimKind::NoMate(self.material(sole_part(c))),
            Rule::claim_forced_win => ClaimKind::ForcedWin(self.material(sole_part(c))),
            Rule::claim_piece => self.claim_piece(c),
            Rule::claim_hits => self.claim_hits(c)?,
            Rule::claim_cell => {
                let mut parts = Parts::of(c);
                let cell = self.name(&parts.required());
                let region = self.name(&parts.required());
                ClaimKind::CellIn { cell, region }
            }
            Rule::claim_size => {
                let mut parts = Parts::of(c);
                let region = self.name(&parts.required());
                let expected = self.int(&parts.required())? as i64;
                ClaimKind::Size { region, expected }
            }
            Rule::claim_free_sides => {
                let mut parts = Parts::of(c);
                let what = self.name(&parts.required());
                let expected = self.int(&parts.required())? as i64;
                ClaimKind::FreeSides { what, expected }
            }
            Rule::claim_count => self.claim_count(c)?,
            Rule::claim_disjoint => self.claim_disjoint(c),
            Rule::claim_perft => self.claim_perft(c)?,
            Rule::claim_mate_in => {
                let mut parts = Parts::of(c);
                let moves = self.int(&parts.required())? as i64;
                let (position, after) = self.position_and_after(parts);
                ClaimKind::MateIn {
                    moves,
                    position,
                    after,
                }
            }
            Rule::claim_legal => {
                let (moves, position) = self.moves_in_position(c);
                ClaimKind::Legal { moves, position }
            }
            Rule::claim_illegal => {
                let (moves, position) = self.moves_in_position(c);
                ClaimKind::Illegal { moves, position }
            }
            Rule::claim_ends => self.claim_ends(c)?,
            _ => unexpected(Rule::claim_stmt, &c),
        };
        Ok(Stmt::Claim(Claim { kind, span }))
    }

    /// The trailing `position "..."` and `after "..."` of a claim, each
    /// optional.
    fn position_and_after(&self, options: Parts) -> (Option<Name>, Option<Name>) {
        let mut position = None;
        let mut after = None;
        for o in options {
            let s = self.string(&sole_part(o.clone()));
            match o.as_rule() {
                Rule::position => position = Some(s),
                Rule::after => after = Some(s),
                _ => unexpected(Rule::claim_stmt, &o),
            }
        }
        (position, after)
    }

    /// `"MOVES" [position "..."]` (`claim legal`, `claim illegal`).
    fn moves_in_position(&self, c: P) -> (Name, Option<Name>) {
        let mut parts = Parts::of(c);
        let moves = self.string(&parts.required());
        let (position, _) = self.position_and_after(parts);
        (moves, position)
    }

    /// `piece PLAYER PIECE at CELL after "MOVES" [position "..."]`.
    fn claim_piece(&self, c: P) -> ClaimKind {
        let mut parts = Parts::of(c);
        let player = self.name(&parts.required());
        let piece = self.piece_ref(parts.required());
        let cell = self.name(&parts.required());
        let moves = self.string(&parts.required());
        let (position, _) = self.position_and_after(parts);
        ClaimKind::PieceAt {
            player,
            piece,
            cell,
            moves,
            position,
        }
    }

    /// `hits PLAYER [except] KINDS in REGION == N [position "..."]`.
    fn claim_hits(&self, c: P) -> Result<ClaimKind, Diagnostic> {
        let mut parts = Parts::of(c);
        let player = self.name(&parts.required());
        let mut except = false;
        let mut names = Vec::new();
        let mut expected = 0;
        let mut position = None;
        for x in parts {
            match x.as_rule() {
                Rule::hits_except => except = true,
                Rule::ident => names.push(self.name(&x)),
                Rule::int => expected = self.int(&x)? as i64,
                Rule::position => position = Some(self.string(&sole_part(x))),
                _ => unexpected(Rule::claim_hits, &x),
            }
        }
        // The last name is the region (after `in`).
        let (pieces, region) = split_last(names, Rule::claim_hits);
        Ok(ClaimKind::Hits {
            player,
            except,
            pieces,
            region,
            expected,
            position,
        })
    }

    /// `attacks|moves|reaches PLAYER [cargo] PIECE at (CELL | every cell)
    /// [in REGION] == N`.
    fn claim_count(&self, c: P) -> Result<ClaimKind, Diagnostic> {
        let mut parts = Parts::of(c);
        let word = keyword(parts.required());
        let what = match word.as_rule() {
            Rule::kw_attacks => CountWhat::Attacks,
            Rule::kw_moves => CountWhat::Moves,
            Rule::kw_reaches => CountWhat::Reaches,
            _ => unexpected(Rule::count_what, &word),
        };
        let player = self.name(&parts.required());
        let cargo_only = parts.next_if(Rule::cargo_only).is_some();
        let piece = self.piece_ref(parts.required());
        let at = parts.required();
        let cell = match at.as_rule() {
            Rule::cell => Some(self.name(&at)),
            Rule::every_cell => None,
            _ => unexpected(Rule::claim_count, &at),
        };
        let within = parts.next_if(Rule::ident).map(|n| self.name(&n));
        let expected = self.int(&parts.required())? as i64;
        Ok(ClaimKind::Count {
            what,
            player,
            cargo_only,
            piece,
            cell,
            within,
            expected,
        })
    }

    /// `disjoint PLAYER PIECE OTHERS ... [at CELL]`.
    fn claim_disjoint(&self, c: P) -> ClaimKind {
        let mut parts = Parts::of(c);
        let player = self.name(&parts.required());
        let piece = self.name(&parts.required());
        let mut others = Vec::new();
        let mut cell = None;
        for x in parts {
            match x.as_rule() {
                Rule::cell => cell = Some(self.name(&x)),
                Rule::ident => others.push(self.name(&x)),
                _ => unexpected(Rule::claim_disjoint, &x),
            }
        }
        ClaimKind::Disjoint {
            player,
            piece,
            others,
            cell,
        }
    }

    /// `perft DEPTH == NODES [position "..."] [after "..."]`.
    fn claim_perft(&self, c: P) -> Result<ClaimKind, Diagnostic> {
        let mut parts = Parts::of(c);
        let depth = self.int(&parts.required())?;
        // The node count is an `int` read as `i64`: it may pass `i32::MAX`.
        let expected_pair = parts.required();
        let expected: i64 = expected_pair.as_str().parse().map_err(|_| {
            Diagnostic::error(
                Code::InvalidValue,
                "number out of range",
                self.span(&expected_pair),
                "too large",
            )
        })?;
        let (position, after) = self.position_and_after(parts);
        Ok(ClaimKind::Perft {
            depth,
            expected,
            position,
            after,
        })
    }

    /// `"MOVES" ends (checkmate | stalemate | draw | win PLAYER)
    /// [scores N ...] [position "..."]`.
    fn claim_ends(&self, c: P) -> Result<ClaimKind, Diagnostic> {
        let mut parts = Parts::of(c);
        let moves = self.string(&parts.required());
        let end = sole_part(parts.required());
        let end = match end.as_rule() {
            Rule::checkmate_k => ClaimEnd::Checkmate,
            Rule::stalemate_k => ClaimEnd::Stalemate,
            Rule::draw_k => ClaimEnd::Draw,
            Rule::win_k => ClaimEnd::Win(self.name(&sole_part(end))),
            _ => unexpected(Rule::end_kind, &end),
        };
        let scores = match parts.next_if(Rule::scores) {
            Some(s) => Some(
                Parts::of(s)
                    .map(|n| self.number(&n))
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            None => None,
        };
        let (position, _) = self.position_and_after(parts);
        Ok(ClaimKind::Ends {
            moves,
            end,
            scores,
            position,
        })
    }
}
