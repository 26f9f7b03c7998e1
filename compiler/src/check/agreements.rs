//! Agreements: declarations the players attach to their moves, which take
//! effect once all have made them (a draw, or a switch for conditional rules).

use super::Checker;
use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use crate::model::Model;
use runtime::ir;

impl Checker {
    /// `agreement` statements, with their marker cells.
    pub(super) fn agreements(&mut self, m: &mut Model, stmts: &[Stmt], player_names: &[String]) {
        for s in stmts {
            let Stmt::Agreement {
                name,
                draw,
                markers,
                span,
            } = s
            else {
                continue;
            };
            if m.agreements.iter().any(|a| a.name == name.text) {
                self.error(Diagnostic::error(
                    Code::DuplicateDefinition,
                    format!("agreement `{}` is defined twice", name.text),
                    *span,
                    "second definition",
                ));
                continue;
            }
            let mut cells = vec![None; m.players.len()];
            for (player, from, to) in markers {
                let p = self.player(player, player_names);
                let a = m.cell_named.get(&from.text).copied();
                let b = m.cell_named.get(&to.text).copied();
                for (n, c) in [(from, a), (to, b)] {
                    if c.is_none() {
                        self.cell_off_board(n);
                    }
                }
                if let (Some(p), Some(a), Some(b)) = (p, a, b) {
                    cells[p] = Some((a as u16, b as u16));
                }
            }
            m.agreements.push(ir::Agreement {
                name: name.text.clone(),
                effect: if *draw {
                    ir::AgreementEffect::Draw
                } else {
                    ir::AgreementEffect::Switch
                },
                markers: cells,
            });
        }
    }
}
