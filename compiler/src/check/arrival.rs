//! Arrivals: a piece reaching a region places another piece on the board,
//! once per game (`arrival P on R places Q on S`), or wins the game at
//! once (`arrival P on R wins`).

use super::Checker;
use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use crate::model::{Model, ModelArrival, ModelWin};

impl Checker {
    /// One `arrival` statement.
    pub(super) fn arrival(
        &mut self,
        m: &mut Model,
        piece: &Name,
        trigger: &Name,
        place: &Name,
        on: &Name,
        piece_names: &[String],
    ) {
        let kind = self.piece(piece, piece_names);
        let trigger = self.region_ref(m, trigger);
        let placed = self.piece(place, piece_names);
        let on = self.region_ref(m, on);
        if let (Some(kind), Some(trigger), Some(place), Some(on)) = (kind, trigger, placed, on) {
            if m.arrivals.iter().any(|a| a.kind == kind as u8) {
                self.error(
                    Diagnostic::error(
                        Code::DuplicateDefinition,
                        format!("`{}` already has an arrival rule", piece.text),
                        piece.span,
                        "second rule",
                    )
                    .with_hint("one arrival rule per piece"),
                );
                return;
            }
            m.arrivals.push(ModelArrival {
                kind: kind as u8,
                trigger,
                place: place as u8,
                on,
            });
        }
    }

    /// `arrival P on R wins`: a move of P ending on a cell of R (the
    /// player's own cells of a per-player region) wins at once.
    pub(super) fn winning_arrival(
        &mut self,
        m: &mut Model,
        piece: &Name,
        trigger: &Name,
        (after_reply, if_held, if_safe): (bool, bool, bool),
        span: Span,
        piece_names: &[String],
    ) {
        let kind = self.piece(piece, piece_names);
        let trigger = self.region_ref(m, trigger);
        if (after_reply || if_held || if_safe) && m.players.len() != 2 {
            self.error(
                Diagnostic::error(
                    Code::InconsistentEndRule,
                    format!(
                        "an arrival that waits for a reply needs a game of two players, not {}",
                        m.players.len()
                    ),
                    span,
                    if after_reply {
                        "`after-reply`"
                    } else if if_held {
                        "`if-held`"
                    } else {
                        "`if-safe`"
                    },
                )
                .with_hint("the opponent answers the arrival; write `wins` alone to win at once"),
            );
            return;
        }
        if let (Some(kind), Some(trigger)) = (kind, trigger) {
            m.winning_arrivals.push(ModelWin {
                kind: kind as u8,
                region: trigger,
                after_reply,
                if_held,
                if_safe,
            });
        }
    }
}
