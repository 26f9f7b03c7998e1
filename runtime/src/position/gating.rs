//! Gating in play (`gate KINDS in REGION`; `game/gating.rs` holds the
//! loaded rules): a move of a piece that has not moved, from one of its
//! player's gate cells, may leave a held piece of a gating kind on the cell
//! it leaves; a castling may leave it on the royal piece's cell or on its
//! partner's, where neither lands. Such a move is the plain move with the
//! gated kind in `passed` (`MoveKind::Gate`; a castling stays a `Castle`),
//! judged by playing it. The generator passes its moves through
//! `GatingSink` only in a game with gating whose mover holds a gating kind.
//!
//! A gating move is legal where the same move without the gated piece is
//! (`without_gate`): Fairy-Stockfish's rule, where the piece entering
//! shields nothing.
//!
//! Interpretation: moves that open or take en passant, arrivals, swaps and
//! stack moves do not gate (Fairy-Stockfish gates every move from a gate,
//! but no game of its suite has such a move start on one).

use super::{Move, MoveKind, MoveSink, Position};
use crate::game::gating::Gating;
use crate::game::PieceCode;

/// `Move::passed` of a gating move: the gated kind + 1 in these bits ...
const GATED_KIND: u8 = 0x7f;
/// ... and, for a castling, this bit where the piece enters on the
/// partner's cell (else on the royal piece's).
const AT_PARTNER: u8 = 0x80;

/// Passes every move on, and after each that may gate, its gating moves.
pub(super) struct GatingSink<'s, 'g, S> {
    pub(super) inner: &'s mut S,
    pub(super) gating: &'g Gating,
}

impl<S: MoveSink> MoveSink for GatingSink<'_, '_, S> {
    #[inline(always)]
    fn piece(&mut self, from: usize, code: PieceCode) {
        self.inner.piece(from, code);
    }

    #[inline(always)]
    fn add(&mut self, pos: &Position, mv: Move) {
        self.inner.add(pos, mv);
        if matches!(mv.kind, MoveKind::Normal | MoveKind::Castle) {
            pos.add_gated(self.inner, self.gating, mv);
        }
    }
}

impl<'g> Position<'g> {
    /// Does the side to move hold a piece it could gate?
    pub(super) fn holds_gating_kind(&self, gating: &Gating) -> bool {
        let base = self.to_move * self.game.shape.kinds;
        gating
            .kinds
            .iter()
            .any(|&k| self.hand[base + k as usize] > 0)
    }

    /// Is `cell` a gate of the side to move now (a gate cell whose piece
    /// has not moved)?
    fn is_open_gate(&self, gating: &Gating, cell: usize) -> bool {
        gating.cells[self.to_move].contains(cell) && self.unmoved.contains(cell)
    }

    /// The gating moves of `mv` (a plain move or a castling).
    #[inline(never)]
    fn add_gated<S: MoveSink>(&self, list: &mut S, gating: &Gating, mv: Move) {
        let mut cells = [(usize::MAX, 0u8); 2];
        if mv.kind == MoveKind::Castle {
            let c = &self.game.ir.castlings[mv.aux as usize];
            let free = |cell: u16| cell != c.king_to && cell != c.partner_to;
            if free(c.king_from) {
                cells[0] = (c.king_from as usize, 0);
            }
            if free(c.partner_from) {
                cells[1] = (c.partner_from as usize, AT_PARTNER);
            }
        } else {
            cells[0] = (mv.from as usize, 0);
        }
        let base = self.to_move * self.game.shape.kinds;
        for (cell, at) in cells {
            if cell == usize::MAX || !self.is_open_gate(gating, cell) {
                continue;
            }
            for &k in &gating.kinds {
                if self.hand[base + k as usize] > 0 {
                    let kind = if mv.kind == MoveKind::Castle {
                        MoveKind::Castle
                    } else {
                        MoveKind::Gate
                    };
                    list.add(
                        self,
                        Move {
                            kind,
                            passed: (k + 1) | at,
                            ..mv
                        },
                    );
                }
            }
        }
    }

    /// The cell a gating move's piece enters on.
    fn gate_cell(&self, mv: Move) -> usize {
        if mv.passed & AT_PARTNER != 0 {
            self.game.ir.castlings[mv.aux as usize].partner_from as usize
        } else {
            mv.from as usize
        }
    }

    /// After the move itself: the gated piece leaves the hand for its
    /// cell (a gating move only).
    pub(super) fn make_gate(&mut self, mv: Move, me: usize) {
        if !is_gating(mv) {
            return;
        }
        let kind = (mv.passed & GATED_KIND) as usize - 1;
        let hand = me * self.game.shape.kinds + kind;
        self.set_hand(hand, self.hand[hand] - 1);
        let cell = self.gate_cell(mv);
        self.put(cell, self.game.code(me, kind));
    }

    /// Takes a gated piece back to the hand (the hash is restored
    /// wholesale), before the move itself is taken back.
    pub(super) fn unmake_gate(&mut self, mv: Move, mover: usize) {
        if !is_gating(mv) {
            return;
        }
        self.lift(self.gate_cell(mv));
        let kind = (mv.passed & GATED_KIND) as usize - 1;
        self.hand[mover * self.game.shape.kinds + kind] += 1;
    }
}

/// The move without its gated piece: how a gating move is judged. As
/// Fairy-Stockfish judges it, the piece entering does not shield its own
/// royal piece (a king stepping out of a check along the rank it leaves
/// stays in check, though the gated piece would stand between).
#[inline]
pub(super) fn without_gate(mv: Move) -> Move {
    if !is_gating(mv) {
        return mv;
    }
    let kind = if mv.kind == MoveKind::Gate {
        MoveKind::Normal
    } else {
        mv.kind
    };
    Move {
        kind,
        passed: 0,
        ..mv
    }
}

/// Does this move gate a piece?
pub(crate) fn is_gating(mv: Move) -> bool {
    mv.passed != 0 && matches!(mv.kind, MoveKind::Gate | MoveKind::Castle)
}

/// The kind a gating move gates, if it is one.
pub(crate) fn gated_kind(mv: Move) -> Option<usize> {
    is_gating(mv).then(|| (mv.passed & GATED_KIND) as usize - 1)
}

/// Does a gating castling leave its piece on the partner's cell?
pub(crate) fn gates_at_partner(mv: Move) -> bool {
    is_gating(mv) && mv.passed & AT_PARTNER != 0
}
