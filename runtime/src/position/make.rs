//! Make and unmake: playing a move (captures, castling, swaps, arrivals,
//! stacks, en passant, rights and counters) with incremental Zobrist
//! hashing, and taking it back from the undo record.

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
    pub(super) hash: u64,
}

impl<'g> Position<'g> {
    pub fn make(&mut self, mv: Move) {
        let g = self.game;
        let from = mv.from as usize;
        let to = mv.to as usize;
        let mut undo = Undo {
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
            hash: self.hash,
        };
        self.history.push(self.hash);
        self.close_en_passant();
        let me = self.to_move;
        let lasting =
            g.en_passant_until_owner_moves && undo.en_passant.records.0 < undo.en_passant.records.1;
        if mv.kind.is_turn_only() {
            if lasting {
                self.keep_en_passant(undo.en_passant, me, NO_CELL);
            }
            // A pass is remembered until the player's next turn; going out
            // forgets it.
            self.set_passed(me, mv.kind == MoveKind::Pass);
            if mv.kind == MoveKind::Out {
                self.set_out(me, true);
            }
            self.halfmove = self.halfmove.saturating_add(1);
            let next = self.next_player();
            if self.starts_full_move(next) {
                self.fullmove = self.fullmove.saturating_add(1);
            }
            self.set_to_move(next);
            self.undo.push(undo);
            return;
        }
        // A player who moves again has lifted the mate it passed under.
        self.set_passed(me, false);
        // Rights found now, before the passing piece leaves its cell.
        if mv.kind == MoveKind::Passing {
            let start = mv.aux as usize;
            let mover = self.to_move;
            let passed = &g.ray_cells[start..start + mv.passed as usize];
            self.push_en_passant_rights(mover, passed, to as u16, |_| true);
            self.ep_range.1 = self.ep_stack.len() as u32;
        }
        let moved = self.take(from);
        self.set_unmoved(from, false);
        self.set_unmoved(to, false);
        let mut reset = g.resets_move_rule[moved as usize];
        match mv.kind {
            MoveKind::Castle => {
                let c = &g.ir.castlings[mv.aux as usize];
                let partner = self.take(c.partner_from as usize);
                self.put(c.partner_to as usize, partner);
                self.put(to, moved);
                self.set_unmoved(c.partner_from as usize, false);
                if g.castling_limited {
                    let me = self.to_move;
                    self.set_castlings_made(me, self.castlings_made(me) + 1);
                }
                // Castling does not spend a repeatable castling's right.
                if c.repeatable {
                    self.set_unmoved(to, true);
                }
            }
            MoveKind::Board | MoveKind::UnloadBoard => {
                if mv.kind == MoveKind::UnloadBoard {
                    self.put(from, g.stack_parts[moved as usize].0);
                }
                // Taken aboard, not captured; irreversible all the same.
                undo.captured = self.take(to);
                undo.captured_cell = to as u16;
                self.put(to, mv.aux as PieceCode);
                reset = true;
            }
            MoveKind::Swap => {
                let partner = self.take(to);
                self.put(from, partner);
                let landed = if mv.promotion != 0 {
                    g.code(g.owner[moved as usize] as usize, mv.promotion as usize - 1)
                } else {
                    moved
                };
                self.put(to, landed);
            }
            _ => {
                let victim_cell = if mv.kind == MoveKind::EnPassant {
                    mv.aux as usize
                } else {
                    to
                };
                if mv.kind == MoveKind::Unload {
                    self.put(from, g.stack_parts[moved as usize].0);
                }
                if self.board[victim_cell] != EMPTY {
                    undo.captured = self.take(victim_cell);
                    undo.captured_cell = victim_cell as u16;
                    self.set_unmoved(victim_cell, false);
                    reset = true;
                }
                let landed = if mv.promotion != 0 {
                    g.code(g.owner[moved as usize] as usize, mv.promotion as usize - 1)
                } else {
                    moved
                };
                self.put(to, landed);
                if mv.kind == MoveKind::Passing {
                    let start = mv.aux as usize;
                    let cells = &g.ray_cells[start..start + mv.passed as usize];
                    self.push_record(to, me, cells);
                } else if mv.kind == MoveKind::Arrival {
                    let rule = g.arrival[g.owner[moved as usize] as usize * g.kinds
                        + g.kind_of[moved as usize] as usize]
                        .as_ref()
                        .unwrap();
                    self.put(mv.aux as usize, rule.place_code);
                    self.set_unmoved(mv.aux as usize, true);
                    self.set_budget(rule.bit as usize, false);
                }
            }
        }
        if g.has_winning_arrivals {
            let landed = self.board[to];
            let owner = g.owner[landed as usize] as usize;
            if owner == self.to_move && g.wins_on(owner, g.kind_of[landed as usize] as usize, to) {
                self.won = owner as u8;
                self.hash ^= g.zobrist_won[owner];
            }
        }
        let keep = g.rights_keep[from] & g.rights_keep[to];
        let lost = self.rights & !keep;
        if lost != 0 {
            for bit in 0..32 {
                if lost >> bit & 1 != 0 {
                    self.hash ^= g.zobrist_right[bit];
                }
            }
            self.rights &= keep;
        }
        if lasting {
            self.keep_en_passant(undo.en_passant, me, undo.captured_cell);
        }
        self.halfmove = if reset {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        let next = self.next_player();
        if self.starts_full_move(next) {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.set_to_move(next);
        self.undo.push(undo);
    }

    pub fn unmake(&mut self, mv: Move) {
        let g = self.game;
        let undo = self.undo.pop().expect("unmake without make");
        self.history.pop();
        self.to_move = undo.to_move as usize;
        let from = mv.from as usize;
        let to = mv.to as usize;
        if mv.kind.is_turn_only() {
            self.restore_en_passant(undo.en_passant);
            self.halfmove = undo.halfmove;
            self.fullmove = undo.fullmove;
            self.out = undo.out;
            self.passed = undo.passed;
            self.hash = undo.hash;
            return;
        }
        match mv.kind {
            MoveKind::Castle => {
                let c = &g.ir.castlings[mv.aux as usize];
                self.lift(to);
                let partner = self.lift(c.partner_to as usize);
                self.place(c.partner_from as usize, partner);
            }
            MoveKind::Swap => {
                let partner = self.lift(from);
                self.lift(to);
                self.place(to, partner);
            }
            MoveKind::Arrival => {
                self.lift(mv.aux as usize);
                self.lift(to);
            }
            MoveKind::Unload | MoveKind::UnloadBoard => {
                self.lift(to);
                self.lift(from);
            }
            _ => {
                self.lift(to);
            }
        }
        self.place(from, undo.moved);
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
        self.hash = undo.hash;
    }
}
