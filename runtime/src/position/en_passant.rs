//! En passant: the cells a passing ride went over, and which enemy pieces
//! may capture the passing piece there.
//!
//! A passing ride leaves a record (the piece, its owner, the cells it
//! passed) and, for each cell, the rights of the enemy pieces that attacked
//! it before the ride. By default both last for the next move only. With
//! `en-passant until-owner-moves` they last until the owner moves again, so
//! several records may be open at once (one per player at most); a record
//! closes early when a piece lands on one of its cells or its piece is
//! captured.
//!
//! Records and rights live on two stacks: the current ones are a range at
//! the top, and earlier plies' ranges stay below so unmake need not copy.
//! Both lists are ordered newest record first.

use super::{Move, MoveKind, MoveSink, Position, NO_CELL};
use crate::game::{EMPTY, MAX_EN_PASSANT};
use crate::ir;

/// An en-passant capture open to the owner of the piece on `attacker`: it
/// attacked `cell` before the passing piece (now on `victim`) went over it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnPassantRight {
    pub attacker: u16,
    pub cell: u16,
    pub victim: u16,
}

/// An open passing: the piece that passed (on `victim`), its owner, and the
/// cells it went over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnPassantRecord {
    pub victim: u16,
    pub owner: u8,
    len: u8,
    cells: [u16; MAX_EN_PASSANT],
}

impl EnPassantRecord {
    /// The cells the piece passed over, in the order it passed them.
    pub fn cells(&self) -> &[u16] {
        &self.cells[..self.len as usize]
    }
}

/// Where the current records and rights are on their stacks (saved by make).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct EnPassantRanges {
    pub(super) rights: (u32, u32),
    pub(super) records: (u32, u32),
}

impl<'g> Position<'g> {
    /// The en-passant captures open now, for any player (move generation
    /// takes those of the side to move).
    pub fn en_passant_rights(&self) -> &[EnPassantRight] {
        &self.ep_stack[self.ep_range.0 as usize..self.ep_range.1 as usize]
    }

    /// The passings still open, newest first.
    pub fn en_passant_records(&self) -> &[EnPassantRecord] {
        let (a, b) = self.ep_record_range;
        &self.ep_records[a as usize..b as usize]
    }

    pub(super) fn en_passant_ranges(&self) -> EnPassantRanges {
        EnPassantRanges {
            rights: self.ep_range,
            records: self.ep_record_range,
        }
    }

    /// Back to the ranges `make` saved (the stacks drop what came later).
    pub(super) fn restore_en_passant(&mut self, saved: EnPassantRanges) {
        self.ep_stack.truncate(saved.rights.1 as usize);
        self.ep_records.truncate(saved.records.1 as usize);
        self.ep_range = saved.rights;
        self.ep_record_range = saved.records;
    }

    /// Opens `cells` to en passant against the piece on `victim`, for every
    /// enemy en-passant capturer that attacks them in the position with the
    /// victim back on `victim_origin` (where it stood before passing). The
    /// record is added after those already open (positions read from text
    /// add them newest first). At most `MAX_EN_PASSANT` cells are kept (the
    /// loader refuses longer rides).
    pub fn set_en_passant(&mut self, victim: usize, victim_origin: usize, cells: &[u16]) {
        let cells = &cells[..cells.len().min(MAX_EN_PASSANT)];
        let code = self.board[victim];
        let owner = self.game.shape.owner[code as usize] as usize;
        // The cell the ride started from may hold another piece by now
        // (passings that outlast a move): it is put back afterwards.
        let at_origin = self.board[victim_origin];
        if victim_origin != victim {
            self.board[victim] = EMPTY;
            self.board[victim_origin] = code;
        }
        // The rights of the players still to move before the owner moves
        // again (all its opponents where passings last one move): those a
        // played position keeps (see `keep_en_passant`).
        let lasting = self.game.en_passant.until_owner_moves;
        let mut to_come = 0u32;
        let mut p = self.to_move;
        for _ in 0..self.game.shape.players {
            if p == owner {
                break;
            }
            if self.in_play(p) {
                to_come |= 1 << p;
            }
            p = (p + 1) % self.game.shape.players;
        }
        self.push_en_passant_rights(owner, cells, victim as u16, |p| {
            !lasting || to_come >> p & 1 != 0
        });
        if victim_origin != victim {
            self.board[victim_origin] = at_origin;
            self.board[victim] = code;
        }
        self.ep_range.1 = self.ep_stack.len() as u32;
        self.push_record(victim, owner, cells);
    }

    /// Closes every open passing (their hash keys go); the new ranges start
    /// empty at the stacks' tops.
    pub(super) fn close_en_passant(&mut self) {
        let (a, b) = self.ep_record_range;
        for i in a..b {
            self.hash ^= self.game.keys.en_passant[self.ep_records[i as usize].victim as usize];
        }
        self.ep_range = (self.ep_range.1, self.ep_range.1);
        self.ep_record_range = (b, b);
    }

    pub(super) fn push_record(&mut self, victim: usize, owner: usize, cells: &[u16]) {
        let mut record = EnPassantRecord {
            victim: victim as u16,
            owner: owner as u8,
            len: cells.len() as u8,
            cells: [NO_CELL; MAX_EN_PASSANT],
        };
        record.cells[..cells.len()].copy_from_slice(cells);
        self.ep_records.push(record);
        self.ep_record_range.1 = self.ep_records.len() as u32;
        self.hash ^= self.game.keys.en_passant[victim];
    }

    /// After a move by `mover` (which captured on `captured`, or `NO_CELL`):
    /// reopens the passings of `saved` that last until their owner moves
    /// again and are still whole — not the mover's own, no piece on one of
    /// their cells, their piece not captured — with the rights of the
    /// players still to move (the mover's turn is spent; a captured
    /// attacker has none).
    pub(super) fn keep_en_passant(&mut self, saved: EnPassantRanges, mover: usize, captured: u16) {
        // One passing per player at most: its owner's next move closes it.
        // The loader refuses games with more players than this holds.
        let mut kept = [NO_CELL; super::MAX_LASTING_PASSINGS];
        let mut n = 0;
        for i in saved.records.0..saved.records.1 {
            let record = self.ep_records[i as usize];
            let whole = record.owner as usize != mover
                && record.victim != captured
                && record
                    .cells()
                    .iter()
                    .all(|&c| self.board[c as usize] == EMPTY);
            if whole && n < kept.len() {
                kept[n] = record.victim;
                n += 1;
                self.ep_records.push(record);
                self.hash ^= self.game.keys.en_passant[record.victim as usize];
            }
        }
        if n == 0 {
            return;
        }
        self.ep_record_range.1 = self.ep_records.len() as u32;
        for i in saved.rights.0..saved.rights.1 {
            let right = self.ep_stack[i as usize];
            let code = self.board[right.attacker as usize];
            if kept[..n].contains(&right.victim)
                && right.attacker != captured
                && code != EMPTY
                && self.game.shape.owner[code as usize] as usize != mover
            {
                self.ep_stack.push(right);
            }
        }
        self.ep_range.1 = self.ep_stack.len() as u32;
    }

    /// Pushes, for each cell, every en-passant capturer of an opponent of
    /// `mover` in play (and `wanted`) that attacks it on the current board,
    /// against the piece that will stand on `victim`.
    pub(super) fn push_en_passant_rights(
        &mut self,
        mover: usize,
        cells: &[u16],
        victim: u16,
        wanted: impl Fn(usize) -> bool,
    ) {
        let g = self.game;
        let capturers = g.en_passant_attacks_on(mover);
        for &cell in cells {
            let mut found = [NO_CELL; 64];
            let n = self.attackers_of(
                cell as usize,
                capturers,
                |code| {
                    let p = g.shape.owner[code as usize] as usize;
                    self.in_play(p) && wanted(p)
                },
                &mut found,
            );
            for &attacker in &found[..n] {
                self.ep_stack.push(EnPassantRight {
                    attacker,
                    cell,
                    victim,
                });
            }
        }
    }

    /// A passing ride is about to leave `from`: the rights of the enemy
    /// pieces that attack the cells it will pass, found before it leaves.
    #[inline(always)]
    pub(super) fn open_passing(&mut self, mv: Move) {
        let start = mv.aux as usize;
        let mover = self.to_move;
        let passed = &self.game.moves.ray_cells[start..start + mv.passed as usize];
        self.push_en_passant_rights(mover, passed, mv.to, |_| true);
        self.ep_range.1 = self.ep_stack.len() as u32;
    }

    /// The passing piece landed on `to`: its record of the cells it passed.
    #[inline(always)]
    pub(super) fn record_passing(&mut self, mv: Move) {
        let start = mv.aux as usize;
        let me = self.to_move;
        let cells = &self.game.moves.ray_cells[start..start + mv.passed as usize];
        self.push_record(mv.to as usize, me, cells);
    }

    /// The en-passant captures open to the side to move.
    #[inline(always)]
    pub(super) fn en_passant_moves<S: MoveSink, const CHANGES: u8>(&self, list: &mut S) {
        let g = self.game;
        let me = self.to_move;
        for right in self.en_passant_rights() {
            let from = right.attacker as usize;
            let code = self.board[from];
            if code != EMPTY && g.shape.owner[code as usize] as usize == me {
                let kind = g.shape.kind_of[code as usize] as usize;
                let to = right.cell as usize;
                // `passed` = 1: the piece also has a quiet move here, so
                // notation must tell the capture apart (`/ep`).
                let quiet = g.reaches(me, kind, from, to, ir::MOVE) as u8;
                let mv = Move {
                    kind: MoveKind::EnPassant,
                    aux: right.victim as u32,
                    passed: quiet,
                    ..Move::normal(from, to)
                };
                self.push_landing::<S, CHANGES>(list, mv, me, kind);
            }
        }
    }
}
