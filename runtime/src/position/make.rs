//! Make and unmake: the skeleton of playing a move with incremental
//! Zobrist hashing, and of taking it back from the undo record. What each
//! kind of move does to the board is done by the file of its mechanism:
//! `castling.rs`, `stacks.rs`, `swaps.rs`, `landing.rs` (captures,
//! promotion, arrivals, winning cells), `en_passant.rs` (passings) and
//! `turns.rs` (passing a turn, going out). A new kind of move adds one arm
//! to `make`'s dispatch and one to `unmake`'s.

use super::en_passant::EnPassantRanges;
use super::{Move, MoveKind, Position, NO_CELL};
use crate::bitset::CellSet;
use crate::game::{PieceCode, EMPTY};

#[derive(Clone, Copy, Debug)]
pub(super) struct Undo {
    /// The side that made the move (turns may skip players who are out).
    pub(super) to_move: u8,
    pub(super) captured: PieceCode,
    pub(super) captured_cell: u16,
    pub(super) moved: PieceCode,
    pub(super) rights: u32,
    pub(super) budget: u32,
    pub(super) declared: u32,
    pub(super) agreed: u32,
    pub(super) castled: u64,
    pub(super) unmoved: CellSet,
    pub(super) en_passant: EnPassantRanges,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    pub(super) won: u8,
    pub(super) out: u16,
    pub(super) passed: u16,
    pub(super) checks: [u8; 2],
    pub(super) count: super::counting::CountState,
    /// The hand a capture added a piece to, + 1 (0: none; `hands.rs`).
    pub(super) hand_gain: u16,
    /// Promoted marks the move took off (`hands.rs`).
    pub(super) promoted_marks: u8,
    /// The move was a drop (`moved` is the piece dropped).
    pub(super) dropped: bool,
    pub(super) hash: u64,
}

impl<'g> Position<'g> {
    pub fn make(&mut self, mv: Move) {
        let g = self.game;
        let from = mv.from as usize;
        let to = mv.to as usize;
        let mut undo = self.undo_record(from);
        self.history.push(self.hash);
        if g.ir.end.records_checks() {
            self.note_checked();
        }
        if g.chase.is_some() {
            self.played.push(mv);
        }
        self.close_en_passant();
        let me = self.to_move;
        let lasting =
            g.en_passant.until_owner_moves && undo.en_passant.records.0 < undo.en_passant.records.1;
        if mv.kind.is_turn_only() {
            self.make_turn_only(mv, &undo, lasting);
            self.undo.push(undo);
            return;
        }
        // A player who moves again has lifted the mate it passed under.
        self.set_passed(me, false);
        // Rights found now, before the passing piece leaves its cell.
        if mv.kind == MoveKind::Passing {
            self.open_passing(mv);
        }
        let moved = if mv.kind == MoveKind::Drop {
            let dropped = self.make_drop(mv);
            undo.moved = dropped;
            undo.dropped = true;
            dropped
        } else {
            let moved = self.take(from);
            self.set_unmoved(from, false);
            self.set_unmoved(to, false);
            moved
        };
        let mut reset = g.moves.resets_move_rule[moved as usize];
        match mv.kind {
            // A drop cannot be undone by moves: it resets the move rule's
            // count, as a capture does (Fairy-Stockfish does the same).
            MoveKind::Drop => reset = true,
            MoveKind::Castle => self.make_castling(mv, moved),
            MoveKind::Board | MoveKind::UnloadBoard => {
                self.make_boarding(mv, moved, &mut undo);
                reset = true;
            }
            MoveKind::Swap => self.make_swap(mv, moved),
            _ => {
                let captured = self.make_landing(mv, moved, &mut undo);
                if captured && g.explosion.is_some() {
                    self.blast(to);
                }
                reset |= captured;
            }
        }
        if let Some(winning_cells) = &g.landing.winning_cells {
            self.mark_winning_arrival(winning_cells, to);
        }
        if let Some(castling) = &g.castling {
            self.lose_castling_rights(castling, from, to, moved);
        }
        if lasting {
            self.keep_en_passant(undo.en_passant, me, undo.captured_cell);
        }
        if let Some(hands) = &g.hands {
            self.after_move_with_hands(hands, mv, me, &mut undo);
        }
        self.halfmove = if reset {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if mv.wall != 0 {
            self.move_wall(mv);
        }
        self.finish_move(mv, me, moved, to, undo);
    }

    /// What every move that moves a piece ends with: the turn passes, and
    /// the rules that watch moves take note.
    #[inline(always)]
    fn finish_move(&mut self, mv: Move, me: usize, moved: PieceCode, to: usize, undo: Undo) {
        let g = self.game;
        self.pass_turn();
        if let Some(rules) = &g.rule_ends {
            self.count_check(rules, me);
        }
        if let Some(loss) = &g.first_move_loss {
            self.lose_first_moves(loss, me, moved, to);
        }
        if let Some(counting) = &g.counting {
            self.update_count(counting, me, undo.captured, mv.promotion != 0);
        }
        if let Some(rules) = &g.mate_rules {
            self.note_check(rules);
        }
        self.undo.push(undo);
    }

    /// What `unmake` restores: the position's state before a move from `from`.
    #[inline(always)]
    pub(super) fn undo_record(&self, from: usize) -> Undo {
        Undo {
            captured: EMPTY,
            captured_cell: NO_CELL,
            moved: self.board[from],
            to_move: self.to_move as u8,
            rights: self.rights,
            budget: self.budget,
            declared: self.declared,
            agreed: self.agreed,
            castled: self.castled,
            unmoved: self.unmoved,
            en_passant: self.en_passant_ranges(),
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            won: self.won,
            out: self.out,
            passed: self.passed,
            checks: self.checks,
            count: self.count,
            hand_gain: 0,
            promoted_marks: 0,
            dropped: false,
            hash: self.hash,
        }
    }

    /// The turn goes to the next player in play (a new full move when
    /// the turn order comes round).
    #[inline(always)]
    pub(super) fn pass_turn(&mut self) {
        let next = self.next_player();
        if self.starts_full_move(next) {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.set_to_move(next);
    }

    /// Takes the victim of a capture off the board, if there is one (the
    /// piece on `to`, or an en-passant capture's on `aux`): whether it did.
    #[inline(always)]
    pub(super) fn capture_victim(&mut self, mv: Move, undo: &mut Undo) -> bool {
        let victim_cell = if mv.kind == MoveKind::EnPassant {
            mv.aux as usize
        } else {
            mv.to as usize
        };
        if self.board[victim_cell] == EMPTY {
            return false;
        }
        undo.captured = self.take(victim_cell);
        undo.captured_cell = victim_cell as u16;
        self.set_unmoved(victim_cell, false);
        true
    }

    /// `perpetual-check`: records whether the side to move is in check in
    /// the position a move leaves (beside its hash in `history`).
    #[inline(never)]
    pub(super) fn note_checked(&mut self) {
        let checked = self.in_check();
        self.checked.push(checked);
    }

    pub fn unmake(&mut self, mv: Move) {
        let undo = self.undo.pop().expect("unmake without make");
        self.history.pop();
        if self.game.ir.end.records_checks() {
            self.checked.pop();
        }
        if self.game.chase.is_some() {
            self.played.pop();
        }
        self.to_move = undo.to_move as usize;
        if mv.wall != 0 {
            self.unmove_wall(mv);
        }
        if mv.kind.is_turn_only() {
            self.unmake_turn_only(&undo);
            return;
        }
        let from = mv.from as usize;
        let to = mv.to as usize;
        if let Some(hands) = &self.game.hands {
            self.unmake_gate(mv, undo.to_move as usize);
            self.undo_capture_to_hand(hands, mv, &undo);
        }
        match mv.kind {
            MoveKind::Drop => self.unmake_drop(mv, undo.to_move as usize),
            MoveKind::Castle => self.unmake_castling(mv),
            MoveKind::Swap => self.unmake_swap(mv),
            MoveKind::Arrival => {
                if undo.captured != EMPTY && self.game.explosion.is_some() {
                    self.unblast(to);
                }
                self.unmake_arrival(mv)
            }
            MoveKind::Unload | MoveKind::UnloadBoard => self.unmake_unloading(mv),
            _ => {
                // A capture's blast is undone first (`explosion.rs`), so that
                // its capturer stands on `to` again.
                if undo.captured != EMPTY && self.game.explosion.is_some() {
                    self.unblast(to);
                }
                self.lift(to);
            }
        }
        if mv.kind != MoveKind::Drop {
            self.place(from, undo.moved);
        }
        if undo.captured != EMPTY {
            self.place(undo.captured_cell as usize, undo.captured);
        }
        self.restore_en_passant(undo.en_passant);
        self.rights = undo.rights;
        self.budget = undo.budget;
        self.declared = undo.declared;
        self.agreed = undo.agreed;
        self.castled = undo.castled;
        self.promotion_base = self.promotion_base_for(undo.agreed);
        self.unmoved = undo.unmoved;
        self.halfmove = undo.halfmove;
        self.fullmove = undo.fullmove;
        self.won = undo.won;
        self.out = undo.out;
        self.passed = undo.passed;
        self.checks = undo.checks;
        self.count = undo.count;
        if self.game.mate_rules.is_some() {
            self.mate_series.pop();
        }
        self.hash = undo.hash;
    }
}
