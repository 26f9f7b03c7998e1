//! What a move does, told before it is played: the piece it captures and
//! the sort of move a player would call it, as `make` plays it. The web
//! board asks here instead of re-reading `MoveKind` itself; every match
//! below names each kind, so a new kind must say how it is described.

use super::{Move, MoveKind, Position};
use crate::game::EMPTY;

/// The sort of a move, as a player names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveSort {
    /// The turn passes; no piece moves.
    Pass,
    /// The player goes out of the game; no piece moves.
    Out,
    Castling,
    /// A piece boards a stack, or a stack's cargo moves.
    Stack,
    /// A move that promotes (capturing or not).
    Promotion,
    Capture,
    /// A piece from the hand put on the board.
    Drop,
    /// Any other move of one piece (swaps and arrivals too).
    Plain,
}

impl Position<'_> {
    /// The cell of the piece `mv` takes off the board, if it takes one:
    /// the en-passant victim's, else the piece on `to`. Castling, swaps
    /// and boarding take none (a boarded piece is carried, not captured),
    /// nor do moves of the turn alone.
    pub fn captured_cell(&self, mv: Move) -> Option<usize> {
        let cell = match mv.kind {
            MoveKind::EnPassant => mv.aux as usize,
            MoveKind::Normal
            | MoveKind::Passing
            | MoveKind::Arrival
            | MoveKind::Unload
            | MoveKind::Gate => mv.to as usize,
            MoveKind::Castle
            | MoveKind::Swap
            | MoveKind::Board
            | MoveKind::UnloadBoard
            | MoveKind::Pass
            | MoveKind::Out
            | MoveKind::Drop
            | MoveKind::Promote => return None,
        };
        (self.board[cell] != EMPTY).then_some(cell)
    }

    /// Does `mv` capture a piece?
    pub fn is_capture(&self, mv: Move) -> bool {
        self.captured_cell(mv).is_some()
    }

    /// The sort of `mv`: a promotion that captures is a promotion, a
    /// stack's capture is a stack move.
    pub fn move_sort(&self, mv: Move) -> MoveSort {
        match mv.kind {
            MoveKind::Pass => MoveSort::Pass,
            MoveKind::Out => MoveSort::Out,
            MoveKind::Castle => MoveSort::Castling,
            MoveKind::Drop => MoveSort::Drop,
            MoveKind::Board | MoveKind::Unload | MoveKind::UnloadBoard => MoveSort::Stack,
            MoveKind::Promote => MoveSort::Promotion,
            MoveKind::Normal
            | MoveKind::Passing
            | MoveKind::EnPassant
            | MoveKind::Swap
            | MoveKind::Arrival
            | MoveKind::Gate => {
                if mv.promotion != 0 {
                    MoveSort::Promotion
                } else if self.is_capture(mv) {
                    MoveSort::Capture
                } else {
                    MoveSort::Plain
                }
            }
        }
    }
}
