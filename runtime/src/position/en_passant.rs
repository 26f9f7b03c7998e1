//! En passant: the cells a passing ride went over, and which enemy pieces
//! may capture the passing piece there on the next move.

use super::{Position, NO_CELL};
use crate::game::{EMPTY, MAX_EN_PASSANT};

/// An en-passant capture the next player may make: the piece on `attacker`
/// attacked `cell` before the passing move went over it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnPassantRight {
    pub attacker: u16,
    pub cell: u16,
}

impl<'g> Position<'g> {
    /// The en-passant captures open to the side to move.
    pub fn en_passant_rights(&self) -> &[EnPassantRight] {
        &self.ep_stack[self.ep_range.0 as usize..self.ep_range.1 as usize]
    }

    /// Opens `cells` to en passant against the piece on `victim`, for every
    /// enemy en-passant capturer that attacks them in the position with the
    /// victim back on `victim_origin` (where it stood before passing).
    /// At most `MAX_EN_PASSANT` cells are kept (the loader refuses longer rides).
    pub fn set_en_passant(&mut self, victim: usize, victim_origin: usize, cells: &[u16]) {
        let cells = &cells[..cells.len().min(MAX_EN_PASSANT)];
        self.clear_en_passant();
        let code = self.board[victim];
        if victim_origin != victim {
            self.board[victim] = EMPTY;
            self.board[victim_origin] = code;
        }
        self.ep_stack.truncate(self.ep_range.1 as usize);
        let start = self.ep_stack.len() as u32;
        self.push_en_passant_rights(self.game.owner[code as usize] as usize, cells);
        if victim_origin != victim {
            self.board[victim_origin] = EMPTY;
            self.board[victim] = code;
        }
        self.ep_range = (start, self.ep_stack.len() as u32);
        self.ep_victim = victim as u16;
        self.ep_len = cells.len() as u8;
        self.ep_cells[..cells.len()].copy_from_slice(cells);
        self.hash ^= self.game.zobrist_ep[victim];
    }

    pub(super) fn clear_en_passant(&mut self) {
        if self.ep_victim != NO_CELL {
            self.hash ^= self.game.zobrist_ep[self.ep_victim as usize];
            self.ep_victim = NO_CELL;
            self.ep_len = 0;
        }
        self.ep_range = (self.ep_range.1, self.ep_range.1);
    }

    /// Pushes, for each cell, every en-passant capturer of an opponent of
    /// `mover` that attacks it on the current board.
    pub(super) fn push_en_passant_rights(&mut self, mover: usize, cells: &[u16]) {
        let capturers = self.game.en_passant_attacks_on(mover);
        for &cell in cells {
            let mut found = [NO_CELL; 64];
            let n = self.attackers_of(cell as usize, capturers, |_| true, &mut found);
            for &attacker in &found[..n] {
                self.ep_stack.push(EnPassantRight { attacker, cell });
            }
        }
    }
}
