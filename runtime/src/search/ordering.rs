//! Move ordering for the search: the table's move first, then captures
//! (most valuable victim, least valuable attacker), promotions, the killer
//! moves of the ply, captures that lose material (by the static exchange
//! of `position/exchange.rs`), and the history of quiet moves that caused
//! cut-offs. Good ordering is what makes alpha-beta cut early, and late
//! quiet moves are what the search reduces (`selective.rs`). History is
//! kept per (piece code, target cell), a drop's under the piece it puts
//! down.

use super::tt::fingerprint;

/// The bound of a history entry, either way.
pub(super) const HISTORY_MAX: i32 = 1 << 14;
use super::Engine;
use crate::game::EMPTY;
use crate::position::{Move, MoveKind, Position};

impl<'g> Engine<'g> {
    /// The piece that moves: for a drop, the one it puts down (its cell is
    /// empty before the move).
    pub(super) fn mover(&self, pos: &Position, mv: Move) -> u8 {
        match mv.dropped() {
            Some(kind) => self.game.code(pos.to_move(), kind),
            None => pos.board()[mv.from()],
        }
    }

    /// Where a quiet move's history is kept.
    pub(super) fn history_index(&self, mv: Move, mover: u8) -> usize {
        mover as usize * self.game.cells() + mv.to()
    }

    /// A quiet move cut at `ply`: it becomes a killer and its history
    /// grows by a bonus growing with the depth, damped near the bound
    /// (`h += b - h b / MAX`). The quiet moves searched before it are not
    /// marked down: that (a history malus) lost the engine test's pawn
    /// race, the pawn's pushes sinking below king moves.
    pub(super) fn note_cut(&mut self, mv: Move, mover: u8, depth: i32, ply: usize) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let bonus = (4 * depth * depth).min(HISTORY_MAX / 8);
        let index = self.history_index(mv, mover);
        let h = &mut self.history[index];
        *h += bonus - *h * bonus / HISTORY_MAX;
    }

    /// Best first: the table's move, captures by victim then attacker,
    /// promotions, killers, then history.
    pub(super) fn order(&mut self, pos: &Position, list: &mut [Move], hint: u32, ply: usize) {
        let mut keys = std::mem::take(&mut self.keys[ply]);
        keys.clear();
        let board = pos.board();
        let cells = self.game.cells();
        for &mv in list.iter() {
            let victim = board[mv.to()];
            let mover = self.mover(pos, mv);
            let key: i64 = if hint != 0 && fingerprint(mv) == hint {
                1 << 40
            } else if victim != EMPTY || mv.kind() == MoveKind::EnPassant {
                let gain = self.eval.value(victim) as i64 * 64 - self.eval.value(mover) as i64;
                if self.loses_material(pos, mv, victim, mover) {
                    (1 << 29) + gain
                } else {
                    (1 << 32) + gain
                }
            } else if let Some(kind) = mv.promotion() {
                (1 << 31) + self.eval.value(self.game.code(pos.to_move(), kind)) as i64
            } else if self.killers[ply][0] == Some(mv) {
                (1 << 30) + 1
            } else if self.killers[ply][1] == Some(mv) {
                1 << 30
            } else {
                self.history[mover as usize * cells + mv.to()] as i64
            };
            keys.push(key);
        }
        // Insertion sort, best first: lists are short and mostly ordered.
        for i in 1..list.len() {
            let (m, k) = (list[i], keys[i]);
            let mut j = i;
            while j > 0 && keys[j - 1] < k {
                list[j] = list[j - 1];
                keys[j] = keys[j - 1];
                j -= 1;
            }
            list[j] = m;
            keys[j] = k;
        }
        self.keys[ply] = keys;
    }

    /// A capture likely to lose material: by the static exchange where
    /// there is one, else (more than two players) a more valuable piece
    /// taking one the opponents defend. A piece taking one worth as much
    /// or more never loses.
    pub(super) fn loses_material(&self, pos: &Position, mv: Move, victim: u8, mover: u8) -> bool {
        if victim == EMPTY || self.eval.value(mover) <= self.eval.value(victim) {
            return false;
        }
        match pos.exchange(mv, |code| self.eval.exchange_value(code)) {
            Some(v) => v < 0,
            None => {
                self.eval.value(mover) > self.eval.value(victim) + 50
                    && pos.attacked_by_enemy_of(mv.to(), pos.to_move())
            }
        }
    }
}
