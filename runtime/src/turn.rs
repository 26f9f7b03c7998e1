//! Whose turn it is: players move in seat order, skipping the seats of
//! players who are out of the game, and a new full move begins when the turn
//! comes round to the seat that moves first in the setup.
//!
//! A player goes out by an `Out` move where the end rules say so
//! (`end checkmate out`); its seat is skipped from then on.

use crate::position::Position;

impl Position<'_> {
    /// The player who moves after the side to move.
    pub(crate) fn next_player(&self) -> usize {
        let players = self.game.shape.players;
        let mut next = self.to_move;
        for _ in 0..players {
            next = (next + 1) % players;
            if self.in_play(next) {
                return next;
            }
        }
        self.to_move
    }

    /// The player who moved before the side to move (the nearest seat in
    /// play before it).
    pub(crate) fn previous_player(&self) -> usize {
        let players = self.game.shape.players;
        let mut prev = self.to_move;
        for _ in 0..players {
            prev = (prev + players - 1) % players;
            if self.in_play(prev) {
                return prev;
            }
        }
        self.to_move
    }

    /// Is `player` still in the game?
    pub fn in_play(&self, player: usize) -> bool {
        player < self.game.shape.players && self.out >> player & 1 == 0
    }

    /// Does the turn passing from the side to move to `next` go by the seat
    /// that moves first in the setup (so a new full move begins)?
    pub(crate) fn starts_full_move(&self, next: usize) -> bool {
        let players = self.game.shape.players;
        let first = self.game.ir.setup.to_move as usize;
        let steps = |to: usize| (to + players - self.to_move - 1) % players;
        steps(first) <= steps(next)
    }
}
