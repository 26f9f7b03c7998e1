//! Walls: `wall KIND` names a neutral blocker that every move is followed
//! by moving to an empty cell (placing it, before it stands on the board).
//! Its pieces belong to the first player's codes, never move by themselves
//! (so the kind needs no atom) and no move captures them; a royal kind
//! cannot be one.

use super::Checker;
use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use crate::model::Model;

impl Checker {
    /// `wall KIND`, given at most once.
    pub(super) fn walls(&mut self, m: &mut Model, stmts: &[Stmt], piece_names: &[String]) {
        let mut given = None;
        for s in stmts {
            let Stmt::Wall(name, span) = s else {
                continue;
            };
            if !self.once(&mut given, *span, "a wall") {
                continue;
            }
            let Some(k) = self.piece(name, piece_names) else {
                continue;
            };
            if m.pieces[k].royal || !m.pieces[k].atoms.is_empty() {
                self.error(
                    Diagnostic::error(
                        Code::InvalidValue,
                        format!("`{}` cannot be the wall: it is royal or has moves", name.text),
                        name.span,
                        "the wall",
                    )
                    .with_hint(
                        "declare a piece of its own with a letter and no move: `piece Duck { letter D }`",
                    ),
                );
                continue;
            }
            m.pieces[k].uncapturable = true;
            m.wall = Some(k as u8);
        }
    }
}
