//! Explosions: `explosion [around VECTORS] [spares KINDS] [immune KINDS]`
//! (a capture blasts the capturer and the pieces around its landing cell),
//! given once, its kinds resolved; refused beside the mechanisms a blast
//! cannot go with (E032): hands (a captured piece goes to a hand, a blasted
//! one nowhere), stacks (a blasted stack's carrier has no place to go),
//! passings open until their owner moves (a blasted rider's passing would
//! stay open) and `royal-while-last` (blasts change which pieces are royal
//! while the legality judge counts them). And `uncapturable KINDS by
//! KINDS`: captures barred between kinds.

use super::Checker;
use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use crate::model::{Model, ModelExplosion};
use runtime::ir::BarredCapture;

/// The steps of `around` when none is written: one step in every
/// direction, orthogonal or diagonal (a chess King's cells on squares).
const DEFAULT_AROUND: [(i32, i32); 2] = [(1, 0), (1, 1)];

impl Checker {
    /// `explosion` (once) and every `uncapturable ... by`.
    pub(super) fn explosions(&mut self, m: &mut Model, stmts: &[Stmt], piece_names: &[String]) {
        let mut given: Option<Span> = None;
        for s in stmts {
            match s {
                Stmt::Explosion(e) if self.once(&mut given, e.span, "an explosion rule") => {
                    self.explosion(m, e, stmts, piece_names)
                }
                Stmt::UncapturableBy(u) => self.uncapturable_by(m, u, piece_names),
                _ => {}
            }
        }
    }

    fn explosion(&mut self, m: &mut Model, e: &Explosion, stmts: &[Stmt], piece_names: &[String]) {
        let mut kinds = |names: &[Name]| -> Vec<u8> {
            names
                .iter()
                .filter_map(|n| self.piece(n, piece_names))
                .map(|k| k as u8)
                .collect()
        };
        let spared = kinds(&e.spared);
        let immune = kinds(&e.immune);
        if e.around.contains(&(0, 0)) {
            self.error(
                Diagnostic::error(
                    Code::MoveGoesNowhere,
                    "a blast step (0,0) reaches no cell around the landing cell",
                    e.span,
                    "here",
                )
                .with_hint("give `around` steps that leave the cell, as (1,0) (1,1)"),
            );
            return;
        }
        if let Some((span, what, why)) = clashing_statement(stmts) {
            self.error(
                Diagnostic::error(
                    Code::InconsistentExplosion,
                    format!("explosions cannot go with {what}"),
                    e.span,
                    "captures blast pieces here",
                )
                .with_secondary(span, "cannot go with the explosion")
                .with_hint(format!("{why}; drop one of the two")),
            );
            return;
        }
        let around = if e.around.is_empty() {
            DEFAULT_AROUND.to_vec()
        } else {
            e.around.clone()
        };
        m.explosions.explosion = Some(ModelExplosion {
            around,
            spared,
            immune,
            span: e.span,
        });
    }

    /// `uncapturable KINDS by KINDS`.
    fn uncapturable_by(&mut self, m: &mut Model, u: &UncapturableBy, piece_names: &[String]) {
        let targets: Vec<usize> = u
            .pieces
            .iter()
            .filter_map(|n| self.piece(n, piece_names))
            .collect();
        let capturers: Vec<usize> =
            u.by.iter()
                .filter_map(|n| self.piece(n, piece_names))
                .collect();
        for &capturer in &capturers {
            for &target in &targets {
                let bar = BarredCapture {
                    capturer: capturer as u8,
                    target: target as u8,
                };
                if !m.explosions.barred_captures.contains(&bar) {
                    m.explosions.barred_captures.push(bar);
                }
            }
        }
    }
}

/// The first statement of a mechanism explosions cannot go with, what it
/// is and why.
fn clashing_statement(stmts: &[Stmt]) -> Option<(Span, &'static str, &'static str)> {
    stmts.iter().find_map(|s| match s {
        Stmt::HandCaptures { span, .. }
        | Stmt::HandHolds { span, .. }
        | Stmt::HandAs { span, .. }
        | Stmt::Drop { span, .. }
        | Stmt::Gate { span, .. } => Some((
            *span,
            "hands and drops",
            "a captured piece would join a hand, the pieces blasted with it no hand",
        )),
        Stmt::Carry { span, .. } => Some((
            *span,
            "stacks",
            "a blasted stack's carrier would have no cell to go back to",
        )),
        Stmt::EnPassantUntilOwnerMoves(span) => Some((
            *span,
            "passings open until their owner moves",
            "a blasted rider's passing would stay open",
        )),
        Stmt::RoyalWhileLast(_, span) => Some((
            *span,
            "`royal-while-last`",
            "a blast would change which pieces are royal while a move is judged",
        )),
        _ => None,
    })
}
