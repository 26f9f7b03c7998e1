//! Turns that move no piece: a player with no legal move passes (it is
//! remembered until its next turn) or goes out of the game, its pieces
//! staying frozen on the board; and the search's null move.

use super::make::Undo;
use super::{Move, MoveKind, Position, NO_CELL};

impl<'g> Position<'g> {
    /// Plays a pass or a going out (`make` saved the undo record).
    pub(super) fn make_turn_only(&mut self, mv: Move, undo: &Undo, lasting_en_passant: bool) {
        let me = self.to_move;
        if lasting_en_passant {
            self.keep_en_passant(undo.en_passant, me, NO_CELL);
        }
        // A pass is remembered until the player's next turn; going out
        // forgets it.
        self.set_passed(me, mv.kind == MoveKind::Pass);
        if mv.kind == MoveKind::Out {
            self.set_out(me, true);
        }
        self.halfmove = self.halfmove.saturating_add(1);
        self.pass_turn();
    }

    /// Takes back a pass or a going out (`unmake` restored the side to move).
    pub(super) fn unmake_turn_only(&mut self, undo: &Undo) {
        self.restore_en_passant(undo.en_passant);
        self.halfmove = undo.halfmove;
        self.fullmove = undo.fullmove;
        self.out = undo.out;
        self.passed = undo.passed;
        self.hash = undo.hash;
    }

    /// The search's null move (null-move pruning): the turn goes to the
    /// next player and nothing else happens; no rule sees it (a pass the
    /// rules know is a `Pass` move). Taken back by `unmake_null`.
    pub fn make_null(&mut self) {
        let undo = self.undo_record(0);
        self.history.push(self.hash);
        if self.game.ir.end.records_checks() {
            self.note_checked();
        }
        if self.game.chase.is_some() {
            self.played.push(Move::NULL);
        }
        self.close_en_passant();
        self.halfmove = self.halfmove.saturating_add(1);
        self.pass_turn();
        self.undo.push(undo);
    }

    /// Takes back `make_null`.
    pub fn unmake_null(&mut self) {
        let undo = self.undo.pop().expect("unmake_null without make_null");
        self.history.pop();
        if self.game.ir.end.records_checks() {
            self.checked.pop();
        }
        if self.game.chase.is_some() {
            self.played.pop();
        }
        self.to_move = undo.to_move as usize;
        self.unmake_turn_only(&undo);
    }
}
