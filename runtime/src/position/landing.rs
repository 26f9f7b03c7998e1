//! Landing: a move that ends on its cell captures what stands there (or
//! its en-passant victim), lands as its promotion if it chose one, records
//! the cells a passing opened, fires an arrival rule, and may win the game
//! on a winning cell. Generation's side of promotions and arrivals is in
//! `movegen.rs` (`push_landing`).

use super::make::Undo;
use super::{Move, MoveKind, Position};
use crate::bitset::CellSet;
use crate::game::{PieceCode, EMPTY};

impl<'g> Position<'g> {
    /// Plays a move that lands on `to` (a plain move, a capture, en
    /// passant, a passing, an arrival, a stack's cargo leaving): whether it
    /// captured.
    #[inline(always)]
    pub(super) fn make_landing(&mut self, mv: Move, moved: PieceCode, undo: &mut Undo) -> bool {
        if mv.kind == MoveKind::Unload {
            self.leave_carrier(mv.from as usize, moved);
        }
        let captured = self.capture_victim(mv, undo);
        let landed = self.landed_code(mv, moved);
        self.put(mv.to as usize, landed);
        if mv.kind == MoveKind::Passing {
            self.record_passing(mv);
        } else if mv.kind == MoveKind::Arrival {
            self.fire_arrival(mv, moved);
        }
        captured
    }

    /// The code that lands: the moved piece, or its promotion.
    #[inline(always)]
    pub(super) fn landed_code(&self, mv: Move, moved: PieceCode) -> PieceCode {
        let g = self.game;
        if mv.promotion != 0 {
            g.code(g.owner_of_code(moved) as usize, mv.promotion as usize - 1)
        } else {
            moved
        }
    }

    /// The arrival rule of the piece that arrived places its piece on
    /// `aux` and spends its budget.
    fn fire_arrival(&mut self, mv: Move, moved: PieceCode) {
        let g = self.game;
        let owner = g.owner_of_code(moved) as usize;
        let rule = g.landing.arrival[owner * g.shape.kinds + g.kind_of_code(moved)]
            .as_ref()
            .expect("an arrival move is generated only for a piece with an arrival rule");
        self.put(mv.aux as usize, rule.place_code);
        self.set_unmoved(mv.aux as usize, true);
        self.set_budget(rule.bit as usize, false);
    }

    /// Takes back the piece an arrival placed, and the arrived piece.
    pub(super) fn unmake_arrival(&mut self, mv: Move) {
        self.lift(mv.aux as usize);
        self.lift(mv.to as usize);
    }

    /// The mover wins if its piece landed on one of its winning cells.
    #[inline(always)]
    pub(super) fn mark_winning_arrival(&mut self, winning_cells: &[CellSet], to: usize) {
        let g = self.game;
        let landed = self.board[to];
        let owner = g.owner_of_code(landed) as usize;
        // A capturer blasted off its cell (`explosion.rs`) arrived nowhere.
        if landed != EMPTY
            && owner == self.to_move
            && winning_cells[owner * g.shape.kinds + g.kind_of_code(landed)].contains(to)
        {
            self.won = owner as u8;
            self.hash ^= g.keys.won[owner];
        }
    }
}
