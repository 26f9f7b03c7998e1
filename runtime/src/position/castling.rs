//! Castling: the king (royal, or the castling's own kind) and its partner move together when both hold
//! their right, the cells between are empty and the king's path is safe.
//! Here are the castling moves, making and unmaking one, and the rights a
//! move takes away; `game/castling.rs` holds the tables.

use super::{Move, MoveKind, MoveSink, Position};
use crate::game::{Castling, PieceCode, EMPTY};
use crate::unchecked::{get, range};

impl<'g> Position<'g> {
    pub(super) fn castling_moves<S: MoveSink>(&self, list: &mut S) {
        let g = self.game;
        let Some(castling) = &g.castling else {
            return;
        };
        let me = self.to_move;
        // Most nodes: the side's rights are gone (or it never had any).
        if self.rights & castling.rights_of_player[me] == 0 && !castling.kings_rights {
            return;
        }
        let enemies = self.foes_of(me);
        // Castlings of one group differ only in the king's distance: once
        // one fails a test they all share, skip the rest of the group.
        // Every index below is a castling's cell, a code on the board or
        // a castling's number, all checked by the loader (`unchecked`).
        let castlings = &castling.castlings_of[me];
        let groups = &castling.groups_of[me];
        let at = |x: u16| *get(&self.board, x as usize);
        let mut i = 0;
        while i < castlings.len() {
            let group = *get(groups, i);
            if at(group.partner_from) == EMPTY {
                i = group.end as usize;
                continue;
            }
            // The partner cell holds a piece: this group's castlings are
            // tried, and the groups that need that cell empty are skipped.
            let members = range(castlings, i, group.end as usize - i);
            i = group.after_occupied as usize;
            // What the castlings of a group share: the right, the king, the
            // partner, the cells between them.
            let first = *get(members, 0) as usize;
            let c = get(&g.ir.castlings, first);
            let king = at(c.king_from);
            let partner = at(c.partner_from);
            let has_right = if c.right_is_the_kings() {
                self.unmoved.contains(c.king_from as usize)
                    && c.partner_kinds >> *get(&g.shape.kind_of, partner as usize) & 1 != 0
            } else {
                self.rights & *get(&castling.right_of, first) != 0
            };
            let occupied = |x: &u16| at(*x) != EMPTY;
            let shared = group.shared_empty as usize;
            // The king's own right is its start cell's right bits: a moved king
            // cleared them all, so holding the partner's bit is enough.
            if !has_right
                || (c.limit != 0 && self.castlings_made(me) >= c.limit)
                || king == EMPTY
                || !*get(&castling.king_code, king as usize)
                || *get(&g.shape.owner, king as usize) as usize != me
                || *get(&g.shape.owner, partner as usize) as usize != me
                || c.must_be_empty[..shared].iter().any(occupied)
            {
                continue;
            }
            for &index in members {
                let c = get(&g.ir.castlings, index as usize);
                if c.must_be_empty[shared..].iter().any(occupied)
                    || c.must_be_safe
                        .iter()
                        .any(|&x| self.attacked_by(x as usize, enemies))
                {
                    continue;
                }
                list.add(
                    self,
                    Move {
                        kind: MoveKind::Castle,
                        aux: index as u32,
                        ..Move::normal(c.king_from as usize, c.king_to as usize)
                    },
                );
            }
        }
    }

    /// Moves the king and its partner (`make` took the king off `from`).
    pub(super) fn make_castling(&mut self, mv: Move, king: PieceCode) {
        let g = self.game;
        let c = &g.ir.castlings[mv.aux as usize];
        let partner = self.take(c.partner_from as usize);
        self.put(c.partner_to as usize, partner);
        self.put(mv.to as usize, king);
        self.set_unmoved(c.partner_from as usize, false);
        if g.castling_limited() {
            let me = self.to_move;
            self.set_castlings_made(me, self.castlings_made(me) + 1);
        }
        // Castling does not spend a repeatable castling's right.
        if c.repeatable {
            self.set_unmoved(mv.to as usize, true);
        }
    }

    /// Takes the king and its partner back off; `unmake` puts the king
    /// back on `from`.
    pub(super) fn unmake_castling(&mut self, mv: Move) {
        let c = &self.game.ir.castlings[mv.aux as usize];
        self.lift(mv.to as usize);
        let partner = self.lift(c.partner_to as usize);
        self.place(c.partner_from as usize, partner);
    }

    /// `by-drop`: a drop on `cell` that completes a castling's pair (its
    /// king on `king_from`, a partner on `partner_from`) grants that
    /// castling's right. The hash follows (`grant_right`); `unmake`
    /// restores the rights wholesale.
    pub(super) fn grant_rights_by_drop(&mut self, castling: &Castling, cell: usize) {
        let g = self.game;
        let me = self.to_move;
        for &i in &castling.castlings_of[me] {
            let c = &g.ir.castlings[i as usize];
            if !c.by_drop || (c.king_from as usize != cell && c.partner_from as usize != cell) {
                continue;
            }
            let (king, partner) = (
                self.board[c.king_from as usize],
                self.board[c.partner_from as usize],
            );
            let mine =
                |code: PieceCode| code != EMPTY && g.shape.owner[code as usize] as usize == me;
            let king_ok = mine(king) && castling.king_code[king as usize];
            let partner_ok =
                mine(partner) && c.partner_kinds >> g.shape.kind_of[partner as usize] & 1 != 0;
            if king_ok && partner_ok {
                self.grant_right(c.partner_from as usize);
            }
        }
    }

    /// A move from or to a cell that holds a right takes that right away.
    #[inline(always)]
    pub(super) fn lose_castling_rights(&mut self, castling: &Castling, from: usize, to: usize) {
        let keep = castling.rights_keep[from] & castling.rights_keep[to];
        let lost = self.rights & !keep;
        if lost != 0 {
            for bit in 0..32 {
                if lost >> bit & 1 != 0 {
                    self.hash ^= self.game.keys.right[bit];
                }
            }
            self.rights &= keep;
        }
    }

    /// How many castlings `player` has made (counted only where some
    /// castling has a limit; otherwise 0).
    #[inline(always)]
    pub fn castlings_made(&self, player: usize) -> u8 {
        (self.castled >> (4 * player) & 15) as u8
    }

    /// Sets `player`'s castling count (saturating at the 4-bit maximum).
    pub fn set_castlings_made(&mut self, player: usize, n: u8) {
        let n = n.min(crate::ir::MAX_CASTLINGS_PER_PLAYER) as u64;
        let old = self.castlings_made(player) as usize;
        let keys = &self.game.keys.castled;
        self.hash ^= keys[player * 16 + old] ^ keys[player * 16 + n as usize];
        self.castled = self.castled & !(15 << (4 * player)) | n << (4 * player);
    }
}
