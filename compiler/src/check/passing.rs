//! Passing and material counting: `pass` (a player not in check may pass
//! instead of moving), `end double-pass OUTCOME` (both players passed in a
//! row), and `material-count { KIND N ... } [bonus PLAYER X]`, which turns
//! a draw into a win for the player whose pieces weigh more. `facing ...
//! must-break` is read with `facing` (`hops.rs`); `unjumpable` here too, as
//! the hoppers' screens barred between kinds.

use super::Checker;
use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use crate::model::Model;
use runtime::ir::{self, BarredCapture};

/// The heaviest weight a kind may have in a material count, in points.
const MAX_WEIGHT: i32 = 10_000;

impl Checker {
    /// `pass`, `material-count` and `unjumpable ... by ...` (after the end
    /// rules: `end double-pass` needs `pass`).
    pub(super) fn passing(
        &mut self,
        m: &mut Model,
        stmts: &[Stmt],
        player_names: &[String],
        piece_names: &[String],
    ) {
        let (mut pass_given, mut count_given) = (None, None);
        for s in stmts {
            match s {
                Stmt::Pass(span) if self.once(&mut pass_given, *span, "`pass`") => {
                    m.pass_moves = true
                }
                Stmt::MaterialCount(c)
                    if self.once(&mut count_given, c.span, "a material count") =>
                {
                    self.material_count(m, c, player_names, piece_names)
                }
                Stmt::Unjumpable(u) => self.unjumpable(m, u, piece_names),
                _ => {}
            }
        }
        if m.pass_moves {
            return;
        }
        for s in stmts {
            if let Stmt::End(EndRule::DoublePass(_), span) = s {
                self.error(
                    Diagnostic::error(
                        Code::InconsistentEndRule,
                        "two passes in a row cannot happen: the game has no `pass`",
                        *span,
                        "ends the game on two passes",
                    )
                    .with_hint("add a line `pass` to let a player pass instead of moving"),
                );
            }
        }
    }

    /// `material-count { KIND N ... } [bonus PLAYER X]`: two players, weights
    /// from 0 to `MAX_WEIGHT`, a bonus in whole or half points.
    fn material_count(
        &mut self,
        m: &mut Model,
        c: &MaterialCount,
        player_names: &[String],
        piece_names: &[String],
    ) {
        if m.players.len() != 2 {
            self.error(
                Diagnostic::error(
                    Code::InconsistentEndRule,
                    format!(
                        "a material count decides between two players; this game has {}",
                        m.players.len()
                    ),
                    c.span,
                    "material count",
                )
                .with_hint("remove `material-count`, or play the game with two players"),
            );
            return;
        }
        let mut half_weights = vec![0; m.pieces.len()];
        for (name, n, span) in &c.weights {
            let Some(k) = self.piece(name, piece_names) else {
                continue;
            };
            if !(0..=MAX_WEIGHT).contains(n) {
                self.error(
                    Diagnostic::error(
                        Code::InvalidValue,
                        format!("a weight of {n} is out of range"),
                        *span,
                        "this weight",
                    )
                    .with_hint(format!("give each kind a weight from 0 to {MAX_WEIGHT}")),
                );
            }
            half_weights[k] = 2 * (*n).clamp(0, MAX_WEIGHT) as u32;
        }
        let (mut bonus_player, mut bonus_halves) = (1, 0);
        if let Some((player, text, span)) = &c.bonus {
            bonus_player = self.player(player, player_names).unwrap_or(1) as u8;
            match half_points(text) {
                Some(h) => bonus_halves = h,
                None => self.error(
                    Diagnostic::error(
                        Code::InvalidValue,
                        format!("a bonus of {text} is not a whole or half point"),
                        *span,
                        "this bonus",
                    )
                    .with_hint(format!(
                        "write a number of points such as 1 or 1.5, at most {MAX_WEIGHT}"
                    )),
                ),
            }
        }
        m.material_count = Some(ir::MaterialCount {
            half_weights,
            bonus_player,
            bonus_halves,
        });
    }

    /// `unjumpable KINDS by KINDS`: the hoppers of the `by` kinds never use
    /// a piece of the first kinds as their screen.
    fn unjumpable(&mut self, m: &mut Model, u: &UncapturableBy, piece_names: &[String]) {
        let screens: Vec<usize> = u
            .pieces
            .iter()
            .filter_map(|n| self.piece(n, piece_names))
            .collect();
        for name in &u.by {
            let Some(hopper) = self.piece(name, piece_names) else {
                continue;
            };
            let hops = m.pieces[hopper]
                .atoms
                .iter()
                .any(|a| a.flags & ir::HOP != 0);
            if !hops {
                self.error(
                    Diagnostic::error(
                        Code::InvalidValue,
                        format!("`{}` has no hopping move: it jumps no screen", name.text),
                        name.span,
                        "does not hop",
                    )
                    .with_hint("name kinds with a `hop` or `hop-behind` ride after `by`"),
                );
            }
            for &screen in &screens {
                let bar = BarredCapture {
                    capturer: hopper as u8,
                    target: screen as u8,
                };
                if !m.barred_screens.contains(&bar) {
                    m.barred_screens.push(bar);
                }
            }
        }
    }
}

/// A whole or half number of points ("1", "1.5", "2.0") in half points, at
/// most `MAX_WEIGHT` points.
fn half_points(text: &str) -> Option<u32> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let whole: u32 = whole.parse().ok()?;
    let half = match frac.trim_end_matches('0') {
        "" => 0,
        "5" => 1,
        _ => return None,
    };
    (whole <= MAX_WEIGHT as u32).then_some(2 * whole + half)
}
