//! `capture forced`: while the side to move has a legal capture, its moves
//! that capture nothing are illegal. Applied
//! to the list of legal moves, so every caller (perft, search, notation)
//! sees the same moves; a game without the rule never reaches here.

use super::{Move, Position};

impl Position<'_> {
    /// Drops the moves of `list` (legal moves) that capture nothing, if
    /// any move of it captures.
    pub(super) fn keep_captures_if_any(&self, list: &mut Vec<Move>) {
        if list.iter().any(|&mv| self.is_capture(mv)) {
            list.retain(|&mv| self.is_capture(mv));
        }
    }

    /// Has the side to move a legal capture (every legal move captures, then)?
    pub fn has_legal_capture(&mut self) -> bool {
        let mut list = Vec::new();
        self.legal_moves(&mut list);
        list.iter().any(|&mv| self.is_capture(mv))
    }

    /// The number of legal moves under the rule, or under `check forbidden`
    /// (perft's last ply): the list is built, since whether a capture exists
    /// decides what counts (and a check is found by playing the move).
    pub(super) fn count_with_obligations(&mut self) -> u64 {
        let mut list = std::mem::take(&mut self.forced_scratch);
        self.legal_moves(&mut list);
        let n = list.len() as u64;
        self.forced_scratch = list;
        n
    }
}
