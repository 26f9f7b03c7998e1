//! The count of a counting rule (`game/counting.rs`), kept as
//! Fairy-Stockfish keeps it: a limit in plies (0: no count running) and
//! the plies counted so far, both restored by `unmake`. After each move the
//! count goes on by one ply; a capture or a promotion (or no count running)
//! may start a new one for the side to move, and under `count-from pieces`
//! a lone side that takes the last piece that kept counts from starting
//! starts its own. A count past its limit is a draw (`outcome.rs`, after
//! mate). The count is not hashed (Fairy-Stockfish does not hash it
//! either): it ends games, it does not tell positions apart for repetition.

use super::Position;
use crate::game::{Counting, PieceCode, EMPTY};

/// A running count and whether one may start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CountState {
    /// The count's limit in plies; 0 while no count runs.
    pub(crate) limit: u32,
    /// Plies counted so far.
    pub(crate) ply: u32,
    /// No piece of a kind that keeps counts from starting is on the board
    /// (found again after every capture or promotion, which alone change it).
    pub(crate) open: bool,
    /// Likewise for a lone side's count (`lone-without` kinds too).
    pub(crate) lone_open: bool,
}

impl Position<'_> {
    /// The state the end rules derive from a position just set up:
    /// whether a count may start, and where a series of checks starts.
    pub(crate) fn refresh_rule_state(&mut self) {
        if let Some(c) = &self.game.counting {
            self.count.open = !self.stops_on_board(&c.stops);
            self.count.lone_open = !self.stops_on_board(&c.lone_stops);
        }
        self.restart_check_series();
    }

    /// The count after `mover`'s move (the turn has passed): `captured` is
    /// the piece it took (or `EMPTY`), `promoted` whether it promoted.
    pub(super) fn update_count(
        &mut self,
        c: &Counting,
        mover: usize,
        captured: PieceCode,
        promoted: bool,
    ) {
        if self.count.limit > 0 {
            self.count.ply = self.count.ply.saturating_add(1);
        }
        let took = captured != EMPTY;
        if took || promoted {
            self.count.open = !self.stops_on_board(&c.stops);
            self.count.lone_open = !self.stops_on_board(&c.lone_stops);
        } else if self.count.limit > 0 {
            return;
        }
        let total = self.occupied_by[0].len() as u32 + self.occupied_by[1].len() as u32;
        if c.from_pieces
            && took
            && c.lone_stops[captured as usize]
            && self.occupied_by[mover].len() == 1
        {
            let moves = self.count_limit(c, mover);
            if moves > 0 {
                self.count.limit = 2 * moves;
                self.count.ply = 2 * total - 1;
            }
        }
        let side = self.to_move;
        let alone = self.occupied_by[side].len() == 1;
        if self.count.limit == 0 || ((took || promoted) && alone) {
            let moves = self.count_limit(c, side);
            if moves > 0 {
                self.count.limit = 2 * moves;
                self.count.ply = if c.from_pieces && alone { 2 * total } else { 0 };
            }
        }
    }

    /// The moves `side` may count now (0: it may not count).
    fn count_limit(&self, c: &Counting, side: usize) -> u32 {
        let other = 1 - side;
        if !self.count.open || self.occupied_by[other].len() <= 1 {
            return 0;
        }
        let pieces = self.occupied_by[side].len();
        if pieces > c.board_honour_at_most {
            return 0;
        }
        if pieces > 1 {
            return c.board_honour;
        }
        if !self.count.lone_open {
            return 0;
        }
        for row in &c.pieces_honour {
            let met = match row.against {
                None => true,
                Some(kind) => {
                    let code = self.game.code(other, kind as usize);
                    let held = self.occupied_by[other]
                        .iter()
                        .filter(|&cell| self.board[cell] == code);
                    held.take(row.at_least as usize).count() as u32 >= row.at_least
                }
            };
            if met {
                return row.moves;
            }
        }
        0
    }

    /// Is a piece of a code marked in `stops` on the board?
    fn stops_on_board(&self, stops: &[bool]) -> bool {
        self.occupied_by
            .iter()
            .any(|cells| cells.iter().any(|cell| stops[self.board[cell] as usize]))
    }

    /// A count has passed its limit: the game is drawn (unless mated).
    pub(crate) fn count_ran_out(&self) -> bool {
        self.count.limit > 0 && self.count.ply > self.count.limit
    }

    /// The running count, as Fairy-Stockfish's FEN writes it: its limit and
    /// the plies counted (`None` while no count runs).
    pub fn counting(&self) -> Option<(u32, u32)> {
        (self.count.limit > 0).then_some((self.count.limit, self.count.ply))
    }

    /// Sets the running count (a position text's); a limit of 0 stops it.
    pub(crate) fn set_counting(&mut self, limit: u32, ply: u32) {
        self.count.limit = limit;
        self.count.ply = if limit > 0 { ply } else { 0 };
    }
}
