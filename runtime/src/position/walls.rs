//! Walls in play (`wall KIND`): every move is followed by moving the one
//! wall piece, a neutral blocker, to an empty cell (placing it, while it is
//! not on the board); the cell is the move's `wall` (+ 1). The legal moves
//! are the moves without the wall, each once per empty cell it leaves (the
//! cell it came from included); the wall judges nothing (a game with walls
//! has no check: its kings are not royal). Only games with a wall reach
//! this file (`Game::wall`), through one test per `make` and `unmake`.

use super::{Move, Position, NO_CELL};
use crate::game::EMPTY;

impl<'g> Position<'g> {
    /// Turns `list`, the legal moves without the wall, into the moves with
    /// it: one per empty board cell after each move.
    pub(super) fn add_walls(&mut self, list: &mut Vec<Move>) {
        let base = std::mem::take(list);
        let cells = self.game.shape.cells;
        for mv in base {
            self.make(mv);
            for c in 0..cells {
                if self.board[c] == EMPTY && !self.game.ir.cells[c].side {
                    list.push(Move {
                        wall: c as u16 + 1,
                        ..mv
                    });
                }
            }
            self.unmake(mv);
        }
    }

    /// After the move itself: the wall piece leaves its cell, if it stands
    /// on the board, for the move's wall cell.
    pub(super) fn move_wall(&mut self, mv: Move) {
        let Some(code) = self.game.wall else {
            return;
        };
        let left = self.occupied_by[0].iter().find(|&c| self.board[c] == code);
        self.walls.push(left.map_or(NO_CELL, |c| c as u16));
        if let Some(c) = left {
            self.take(c);
        }
        let cell = mv.wall - 1;
        self.put(cell as usize, code);
        // A wall on a cell a ride passed closes the passing: nothing takes
        // en passant onto it (Fairy-Stockfish sets no en-passant square).
        let (a, b) = self.ep_record_range;
        let blocked = self.ep_records[a as usize..b as usize]
            .iter()
            .any(|r| r.cells().contains(&cell));
        if blocked {
            self.close_en_passant();
        }
    }

    /// Before the move is taken back: the wall piece returns to where it
    /// stood (or leaves the board). `unmake` restores the hash.
    pub(super) fn unmove_wall(&mut self, mv: Move) {
        let Some(code) = self.game.wall else {
            return;
        };
        self.lift(mv.wall as usize - 1);
        if let Some(c) = self.walls.pop().filter(|&c| c != NO_CELL) {
            self.place(c as usize, code);
        }
    }
}
