//! `check forbidden`: no move may leave an opponent's royal piece attacked.
//! Each candidate is played to see; a game without the rule
//! never reaches here.

use super::{Move, Position};

impl Position<'_> {
    /// Drops the moves of `list` (legal moves) that give check.
    pub(super) fn drop_checking_moves(&mut self, list: &mut Vec<Move>) {
        let me = self.to_move;
        let players = self.game.shape.players;
        list.retain(|&mv| {
            self.make(mv);
            let checks = (0..players).any(|p| p != me && self.in_play(p) && self.royal_attacked(p));
            self.unmake(mv);
            !checks
        });
    }
}
