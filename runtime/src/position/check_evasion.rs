//! `in-check capture-checker-only`: while the side to move is in check, its
//! pieces of the listed kinds may move only to take the one piece giving
//! check (makpong's king; with two checkers they may not move at all).
//! A game without the rule never reaches here.

use super::{Move, Position};

impl Position<'_> {
    /// Drops from `list` (legal moves) the listed kinds' moves that do not
    /// take the one checking piece, when the side to move is in check.
    pub(super) fn keep_checker_captures(&self, list: &mut Vec<Move>) {
        let me = self.to_move;
        let foes = self.foes_of(me);
        let mut checkers = [0u16; 64];
        let mut n = 0;
        for royal in self.royals_of[me].iter() {
            let mut found = [0u16; 64];
            let k = self.attackers_of(royal, foes.view, |_| true, &mut found);
            for &c in &found[..k] {
                if n < checkers.len() && !checkers[..n].contains(&c) {
                    checkers[n] = c;
                    n += 1;
                }
            }
        }
        if n == 0 {
            return;
        }
        let restricted = &self.game.obligations.checker_captures_only;
        list.retain(|mv| {
            !restricted[self.board[mv.from()] as usize]
                || (n == 1 && mv.to() == checkers[0] as usize)
        });
    }
}
