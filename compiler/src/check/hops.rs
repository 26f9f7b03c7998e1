//! Hoppers and lame leapers: which atoms may `hop`, `hop-behind` or be
//! `lame` (and with which other modifiers), and `facing KINDS along V`, the
//! royal pieces that may not face each other on an open line.

use super::atoms::AtomModifiers;
use super::Checker;
use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use crate::model::Model;
use runtime::ir;

impl Checker {
    /// A hop is a straight `ride` (or a Betza rider) that only moves,
    /// captures or both; a lame leap is a `leap` on a square board.
    pub(super) fn check_hop(&mut self, m: &Model, a: &Atom, mods: &AtomModifiers) {
        let hops = mods.flags & ir::HOP != 0;
        let lame = mods.flags & ir::LAME != 0;
        let conflict = |what: &str, label: &str, hint: &str| {
            Diagnostic::error(Code::ConflictingModifiers, what.to_string(), a.span, label)
                .with_hint(hint.to_string())
        };
        if hops && lame {
            self.error(conflict(
                "a move cannot both hop and be lame",
                "`hop` with `lame`",
                "a hop rides over one piece; a lame leap leaps: write two atoms",
            ));
        }
        if hops && !matches!(a.shape, AtomShape::Ride(_)) {
            self.error(conflict(
                "only a straight `ride` can hop",
                "`hop` on another atom",
                "write `ride (1,0) hop` (Betza: `pR`, `gQ`)",
            ));
        }
        if hops
            && (mods.fly_over
                || mods.ep
                || mods.min > 1
                || mods.max.is_some()
                || mods.becomes.is_some()
                || mods.flags & (ir::UNATTACKED_LANDING | ir::NOT_IN_CHECK | ir::UNMOVED_ONLY) != 0)
        {
            self.error(conflict(
                "a hop takes no other modifier than `move-only`, `capture-only`, `from` and `to`",
                "a modifier a hop cannot take",
                "keep `move-only`, `capture-only`, `from REGION` or `to REGION` on the hop; give other moves their own atom",
            ));
        }
        if lame && !matches!(a.shape, AtomShape::Leap(_) | AtomShape::Betza(_)) {
            self.error(conflict(
                "only a `leap` can be lame",
                "`lame` on another atom",
                "write `leap (2,1) lame` (Betza: `nN`)",
            ));
        }
        if lame && !m.topology.reads_betza() {
            self.error(conflict(
                "a lame leap needs a square board",
                "`lame` here",
                "on this board write the move as a `hook` through the cell it passes",
            ));
        }
    }

    /// Every `facing` statement (a second one is E004).
    pub(super) fn facings(&mut self, m: &mut Model, stmts: &[Stmt], piece_names: &[String]) {
        for s in stmts {
            if let Stmt::Facing {
                kinds,
                vector,
                filters,
                must_break,
                span,
            } = s
            {
                self.facing(m, kinds, (vector, filters), *must_break, *span, piece_names)
            }
        }
    }

    /// `facing KINDS along V FILTERS`: the kinds (royal ones) and the
    /// directions, expanded like an atom's, for every player.
    fn facing(
        &mut self,
        m: &mut Model,
        kinds: &[Name],
        (vector, filters): (&crate::topology::Vector, &[Filter]),
        must_break: Option<OutcomeWord>,
        span: crate::ast::Span,
        piece_names: &[String],
    ) {
        let mut found = Vec::new();
        for n in kinds {
            if let Some(k) = self.piece(n, piece_names) {
                if !m.pieces[k].royal {
                    self.error(
                        Diagnostic::error(
                            Code::InvalidValue,
                            format!(
                                "`{}` is not royal: only royal pieces face each other",
                                n.text
                            ),
                            n.span,
                            "not royal",
                        )
                        .with_hint("`facing` names royal kinds (a `royal` piece)"),
                    );
                }
                found.push(k as u8);
            }
        }
        if m.facing.is_some() {
            self.error(
                Diagnostic::error(
                    Code::DuplicateDefinition,
                    "the royal pieces' facing is stated twice",
                    span,
                    "second `facing`",
                )
                .with_hint("state `facing` once, with every kind and one line vector"),
            );
            return;
        }
        if *vector == (0, 0) {
            self.error(Diagnostic::error(
                Code::MoveGoesNowhere,
                "the zero vector is not a line",
                span,
                "(0,0)",
            ));
            return;
        }
        let base = m.topology.path_orientations(&[*vector], filters);
        if base.is_empty() {
            self.error(
                Diagnostic::error(
                    Code::PieceWithoutMoves,
                    "the filters leave this line no direction",
                    span,
                    "no line",
                )
                .with_hint("`facing King along (0,1) straight` looks along files"),
            );
            return;
        }
        let frame = &m.players[0].frame;
        let vectors = base
            .into_iter()
            .map(|seq| crate::topology::apply(frame, seq[0]))
            .collect();
        m.facing = Some(crate::model::ModelFacing {
            kinds: found,
            vectors,
            must_break: must_break.map(super::end::outcome_of),
        });
    }
}
