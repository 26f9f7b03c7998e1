//! Swaps: the piece on `from` and a friendly piece of the allowed kinds on
//! `to` exchange places (the mover may land promoted). Generating them
//! (with the other atoms of a piece, from `movegen.rs`), making and
//! unmaking them.

use super::movegen::Mover;
use super::{Move, MoveKind, MoveSink, Position};
use crate::game::{PieceCode, EMPTY};
use crate::ir::MoveSet;

impl<'g> Position<'g> {
    /// The swaps of one piece.
    #[inline(always)]
    pub(super) fn swap_moves<S: MoveSink, const CHANGES: u8>(
        &self,
        list: &mut S,
        m: &Mover,
        set: &MoveSet,
    ) {
        let g = self.game;
        for swap in &g.moves.swaps[set.swap_start as usize..][..set.swap_len as usize] {
            let partner = self.board[swap.with as usize];
            if partner != EMPTY
                && g.owner_of_code(partner) as usize == m.me
                && swap.partner_kinds >> g.shape.kind_of[partner as usize] & 1 != 0
            {
                let mv = Move {
                    kind: MoveKind::Swap,
                    ..Move::normal(m.from, swap.with as usize)
                };
                self.push_landing::<S, CHANGES>(list, mv, m.me, m.kind);
            }
        }
    }

    pub(super) fn make_swap(&mut self, mv: Move, moved: PieceCode) {
        let (from, to) = (mv.from as usize, mv.to as usize);
        let partner = self.take(to);
        self.put(from, partner);
        let landed = self.landed_code(mv, moved);
        self.put(to, landed);
    }

    /// Takes both pieces back off; `unmake` puts the mover back on `from`.
    pub(super) fn unmake_swap(&mut self, mv: Move) {
        let (from, to) = (mv.from as usize, mv.to as usize);
        let partner = self.lift(from);
        self.lift(to);
        self.place(to, partner);
    }
}
