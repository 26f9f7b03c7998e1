//! `end repetition N perpetual-chase by KINDS [except KIND unless on
//! REGION]` (Fairy-Stockfish's chasing rule, stated generally): which
//! opponent pieces a move chases, and which player chased on each of its
//! moves in a repetition's cycle. Judged only when a repetition is reached:
//! the cycle's moves (`played`) are taken back on a copy of the position,
//! so a game with the rule pays nothing per move but keeping its moves,
//! and a game without it nothing at all.
//!
//! A move by player P chases the opponent's pieces (targets: not royal,
//! and a kind `except`ed only on its region) that are
//! - attacked by the moved piece from its new cell, if its kind is one of
//!   the chasers (a rider: not along the line it moved on), or newly
//!   attacked by another of P's chasers (a discovered attack: attacked now,
//!   not with the board as it was before the move; the moved piece itself
//!   counts from its new cell, as if its old cell were still occupied), and
//!   of those: worth more than the attacker (`value`), or not protected
//!   (no piece of theirs attacks the cell with the attacker gone, pinned
//!   pieces not counted, nor a royal piece that would face the enemy royal
//!   there) and not a piece of the attacker's own kind attacking it back
//!   (unless pinned);
//! - defended by a piece of theirs that the move pinned, and attacked by a
//!   piece of P not itself pinned to P's royal piece;
//! - attacked by a piece of P that the move made able to give a discovered
//!   check, out of reach of their royal piece, or within its reach but
//!   protected by another piece of P.
//!
//! "Pinned" (a blocker of a royal piece): a piece of either side whose
//! removal would let an enemy piece attack the royal piece that does not
//! now; for the targets' side also a piece whose removal would make the
//! royal pieces face each other (`facing`).

use super::{Move, Position, NO_CELL};
use crate::bitset::CellSet;
use crate::game::EMPTY;

impl Position<'_> {
    /// The cells among `targets` that the piece on `cell` attacks.
    fn attacked_from(&self, cell: usize, targets: &CellSet) -> CellSet {
        let code = self.board[cell];
        let mut out = CellSet::EMPTY;
        for t in targets.iter() {
            let mut found = [0u16; 64];
            let n = self.attackers_of(t, self.game.attacks_by_any(), |c| c == code, &mut found);
            if found[..n].contains(&(cell as u16)) {
                out.insert(t);
            }
        }
        out
    }

    /// The cells of `player`'s pieces attacking `cell`.
    fn defenders(&self, cell: usize, player: usize) -> CellSet {
        let codes = &self.game.shape.codes_of_player[player];
        let mut found = [0u16; 64];
        let n = self.attackers_of(
            cell,
            self.game.attacks_by_any(),
            |c| codes.contains(c),
            &mut found,
        );
        CellSet::from_cells(found[..n].iter().map(|&c| c as usize))
    }

    /// The pieces (either side's) whose removal would let a piece of
    /// `player`'s opponent attack `player`'s royal piece that does not now.
    fn royal_blockers(&mut self, player: usize) -> CellSet {
        let Some(royal) = self.royals_of[player].iter().next() else {
            return CellSet::EMPTY;
        };
        let enemy = 1 - player;
        let now = self.defenders(royal, enemy);
        let mut out = CellSet::EMPTY;
        let all = self.occupied_by[0].union(&self.occupied_by[1]);
        for q in all.iter().filter(|&q| q != royal) {
            let code = self.lift(q);
            let later = self.defenders(royal, enemy);
            self.place(q, code);
            if !later.minus(&now).is_empty() {
                out.insert(q);
            }
        }
        out
    }

    /// `player`'s pieces whose removal would make its royal piece face an
    /// enemy one (`facing`).
    fn facing_blockers(&mut self, player: usize) -> CellSet {
        let mut out = CellSet::EMPTY;
        if self.game.facing.is_none() {
            return out;
        }
        let foes = self.foes_of(player);
        let others = self.occupied_by[player].minus(&self.royals_of[player]);
        for q in others.iter() {
            let code = self.lift(q);
            if self.royal_faces(player, foes) {
                out.insert(q);
            }
            self.place(q, code);
        }
        out
    }

    /// The cells on the line through `a` and `b` (none unless they share a
    /// rank, a file or a diagonal).
    fn line_through(&self, a: usize, b: usize) -> CellSet {
        let cells = &self.game.ir.cells;
        let (ax, ay) = cells[a].coord;
        let (dx, dy) = (cells[b].coord.0 - ax, cells[b].coord.1 - ay);
        if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
            return CellSet::EMPTY;
        }
        CellSet::from_cells((0..cells.len()).filter(|&c| {
            let (cx, cy) = cells[c].coord;
            (cx - ax) * dy == (cy - ay) * dx
        }))
    }

    /// The pieces of the side to move that the last move `mv` chases;
    /// `captured`: it took a piece; `blocked_before`: `royal_blockers` of
    /// the side to move before it.
    pub(super) fn chased_by(
        &mut self,
        mv: Move,
        captured: bool,
        blocked_before: CellSet,
    ) -> CellSet {
        let g = self.game;
        let Some(rules) = g.chase.as_ref() else {
            return CellSet::EMPTY;
        };
        let (from, to) = (mv.from as usize, mv.to as usize);
        if mv.from == NO_CELL || self.board[to] == EMPTY || g.shape.players != 2 {
            return CellSet::EMPTY;
        }
        let them = self.to_move;
        let me = 1 - them;
        let blocked = self.royal_blockers(them);
        let pins = blocked.union(&self.facing_blockers(them));
        let targets = self.occupied_by[them];
        let mut b = CellSet::EMPTY;
        let moved = self.board[to];
        if rules.chasers[me].contains(moved) {
            let mut attacks = self.attacked_from(to, &targets);
            let set = g.moveset(me, g.kind_of_code(moved), to);
            if set.ray_len > 0 && from != to {
                attacks = attacks.minus(&self.line_through(from, to));
            }
            self.add_chased(to, attacks, &pins, &mut b);
        }
        let mine = self.occupied_by[me];
        for s in mine.iter() {
            if rules.chasers[me].contains(self.board[s]) {
                let new = self.new_attacks(s, from, to, captured, &targets);
                self.add_chased(s, new, &pins, &mut b);
            }
        }
        self.add_pin_chases(blocked.minus(&blocked_before), &mut b);
        b
    }

    /// The cells of `targets` the piece on `s` attacks now and did not
    /// before the move from `from` to `to` (the moved piece itself: from
    /// its new cell, its old cell occupied).
    fn new_attacks(
        &mut self,
        s: usize,
        from: usize,
        to: usize,
        captured: bool,
        targets: &CellSet,
    ) -> CellSet {
        let now = self.attacked_from(s, targets);
        if now.is_empty() || from == to {
            return now;
        }
        let moved = self.board[to];
        self.place(from, moved);
        let vacate = !captured && s != to;
        if vacate {
            self.lift(to);
        }
        let before = self.attacked_from(s, targets);
        if vacate {
            self.place(to, moved);
        }
        self.lift(from);
        now.minus(&before)
    }

    /// Adds to `b` the chases among `attacks` by the piece on `attacker`
    /// (the side to move's pieces it attacks).
    fn add_chased(&mut self, attacker: usize, attacks: CellSet, pins: &CellSet, b: &mut CellSet) {
        let g = self.game;
        let Some(rules) = g.chase.as_ref() else {
            return;
        };
        let them = self.to_move;
        let code = self.board[attacker];
        for t in attacks.iter() {
            let target = self.board[t];
            if b.contains(t) || !rules.target_on[target as usize].contains(t) {
                continue;
            }
            if rules.value[target as usize] > rules.value[code as usize] {
                b.insert(t);
                continue;
            }
            let single = CellSet::from_cells([attacker]);
            if g.kind_of_code(target) == g.kind_of_code(code)
                && !pins.contains(t)
                && !self.attacked_from(t, &single).is_empty()
            {
                continue;
            }
            self.lift(attacker);
            let roots = self.defenders(t, them).minus(pins);
            let royals = self.royals_of[them];
            let unprotected = roots.is_empty()
                || (roots == royals && {
                    let royal = royals.iter().next().expect("a royal piece");
                    let none = NO_CELL as usize;
                    let foes = self.foes_of(them);
                    self.faces_after(t, self.board[royal], foes, none, none, none)
                });
            self.place(attacker, code);
            if unprotected {
                b.insert(t);
            }
        }
    }

    /// The chases by pins and discovered-check threats the move made:
    /// `new_blockers` are the blockers of the side to move's royal piece
    /// that were not before it.
    fn add_pin_chases(&mut self, new_blockers: CellSet, b: &mut CellSet) {
        let g = self.game;
        let Some(rules) = g.chase.as_ref() else {
            return;
        };
        let them = self.to_move;
        let me = 1 - them;
        if new_blockers.is_empty() {
            return;
        }
        let theirs = self.occupied_by[them];
        let targets = CellSet::from_cells(
            theirs
                .iter()
                .filter(|&c| rules.target_on[self.board[c] as usize].contains(c)),
        );
        let my_blockers = self.royal_blockers(me);
        for q in new_blockers.intersect(&theirs).iter() {
            for s2 in self.attacked_from(q, &targets).iter() {
                if !self.defenders(s2, me).minus(&my_blockers).is_empty() {
                    b.insert(s2);
                }
            }
        }
        let Some(royal) = self.royals_of[them].iter().next() else {
            return;
        };
        for q in new_blockers.intersect(&self.occupied_by[me]).iter() {
            let attacked = self.attacked_from(q, &theirs);
            let near = self.attacked_from(royal, &attacked);
            *b = b.union(&attacked.minus(&near));
            let (code, royal_code) = (self.lift(q), self.lift(royal));
            for t in near.iter() {
                if !self.defenders(t, me).is_empty() {
                    b.insert(t);
                }
            }
            self.place(royal, royal_code);
            self.place(q, code);
        }
    }

    /// `perpetual-chase`, for a repetition whose first counted occurrence
    /// is `first` plies back: did the player who moved last chase on each
    /// of its moves from the one that reached that occurrence (unless it is
    /// the start) to now, and the side to move on each of its moves
    /// between? A piece is followed across its owner's moves in between.
    pub(crate) fn perpetual_chases(&self, first: usize) -> (bool, bool) {
        let n = self.history.len();
        if self.played.len() != n || n == 0 || first < 2 {
            return (false, false);
        }
        let last = first.min(n - 1);
        let mut chased = Vec::with_capacity(last + 1);
        let mut cur = self.clone();
        for j in 0..=last {
            let mv = self.played[n - 1 - j];
            if mv.from == NO_CELL {
                return (false, false);
            }
            let mut before = cur.clone();
            before.unmake(mv);
            let captured = before.board[mv.to as usize] != EMPTY;
            let blocked_before = before.royal_blockers(cur.to_move);
            chased.push(cur.chased_by(mv, captured, blocked_before));
            cur = before;
        }
        let played = |j: usize| self.played[n - 1 - j];
        let back = |set: CellSet, mv: Move| {
            let (from, to) = (mv.from as usize, mv.to as usize);
            if set.contains(to) {
                let mut s = set;
                s.remove(to);
                s.insert(from);
                s
            } else {
                set
            }
        };
        let mut them = chased[0];
        for j in (2..=last).step_by(2) {
            them = back(them, played(j - 1)).intersect(&chased[j]);
        }
        let mut us = chased[1];
        for j in (3..first).step_by(2) {
            us = back(us, played(j - 1)).intersect(&chased[j]);
        }
        (!them.is_empty(), !us.is_empty())
    }
}
