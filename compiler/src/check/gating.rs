//! Gating: `gate KINDS in REGION [only]`. A piece standing on a cell of
//! REGION that has not moved may, on its first move, leave a held piece of
//! one of KINDS on the cell it leaves (a castling: on the royal piece's or
//! its partner's cell). `only`: those kinds enter the board no other way
//! (their drop cells are emptied). Resolved into the IR's `Hands::gating`.

use super::Checker;
use crate::ast::{Name, Span};
use crate::diag::{Code, Diagnostic};
use crate::model::Model;
use runtime::ir;

/// The game's `gate` statement, once read.
#[derive(Default)]
pub(super) struct GateLine {
    at: Option<Span>,
    kinds: Vec<u8>,
    region: Option<usize>,
    only: bool,
}

impl Checker {
    /// One `gate` statement (a game has at most one).
    pub(super) fn gate_line(
        &mut self,
        m: &Model,
        gate: &mut GateLine,
        (pieces, region, only, span): (&[Name], &Name, bool, Span),
        piece_names: &[String],
    ) {
        if !self.once(&mut gate.at, span, "`gate`") {
            return;
        }
        gate.region = self.region_ref(m, region);
        gate.only = only;
        for piece in pieces {
            if let Some(k) = self.piece(piece, piece_names) {
                gate.kinds.push(k as u8);
            }
        }
        gate.kinds.sort_unstable();
        gate.kinds.dedup();
    }

    /// The gating of the IR's hands; with `only`, the gated kinds' drop
    /// cells emptied (a `drop KIND in REGION` for such a kind is refused).
    pub(super) fn gating(
        &mut self,
        m: &Model,
        hands: &mut ir::Hands,
        gate: GateLine,
        drop_said: &[Option<Span>],
        piece_names: &[String],
    ) {
        let (Some(at), Some(region)) = (gate.at, gate.region) else {
            return;
        };
        if !matches!(m.geometry, ir::Geometry::Square { .. }) {
            // Fairy-Stockfish's FEN names gates by file: kept to the boards
            // that have files, as `one-per-file` is.
            self.error(
                Diagnostic::error(
                    Code::InconsistentHands,
                    "gating on a board without files",
                    at,
                    "here",
                )
                .with_hint("gating is written for square boards (its FEN names gates by file)"),
            );
            return;
        }
        let kinds = m.pieces.len();
        if gate.only {
            for &k in &gate.kinds {
                if let Some(drop_at) = drop_said[k as usize] {
                    self.error(
                        Diagnostic::error(
                            Code::InconsistentHands,
                            format!(
                                "{} enters only by gating, yet is dropped",
                                piece_names[k as usize]
                            ),
                            drop_at,
                            "a drop region here",
                        )
                        .with_secondary(at, "gated only here")
                        .with_hint("remove `only` from the `gate` line, or this `drop` line"),
                    );
                }
                for p in 0..m.players.len() {
                    hands.drop_cells[p * kinds + k as usize].clear();
                }
            }
        }
        let cells = (0..m.players.len())
            .map(|p| {
                (0..m.cells.len())
                    .filter(|&c| !m.cells[c].side && m.regions[region].cells[p][c])
                    .map(|c| c as u16)
                    .collect()
            })
            .collect();
        hands.gating = Some(ir::Gating {
            cells,
            kinds: gate.kinds,
        });
    }
}
