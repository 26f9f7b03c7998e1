//! Stacks: the moves that form one (loading, boarding, taking aboard),
//! and making and unmaking those and a cargo's leaving; `game/stacks.rs`
//! holds the tables.

use super::make::Undo;
use super::{Move, MoveKind, MoveSink, Position};
use crate::game::{PieceCode, Stacks, EMPTY};
use crate::ir;

impl<'g> Position<'g> {
    /// Moves that land on a piece to form a stack with it (loading,
    /// boarding, taking aboard): any atom that may move to an empty cell
    /// may also form a stack where its landing cell holds a suitable piece.
    /// A stack is formed as it is: it neither promotes nor arrives.
    pub(super) fn merge_moves<S: MoveSink>(&self, list: &mut S, stacks: &Stacks) {
        let g = self.game;
        let me = self.to_move;
        let codes = g.codes();
        for from in self.occupied_by[me].iter() {
            let code = self.at(from);
            if !stacks.merges[code as usize] {
                continue;
            }
            let kind = g.kind_of_code(code);
            let set = g.moveset(me, kind, from);
            let skip = if self.unmoved.contains(from) {
                0
            } else {
                ir::UNMOVED_ONLY
            };
            let mut add = |flags: u16, becomes: u8, to: usize, target: PieceCode| {
                let mover = if becomes != 0 {
                    g.code(me, becomes as usize - 1)
                } else {
                    code
                };
                let formed = stacks.merge[mover as usize * codes + target as usize];
                if formed != EMPTY {
                    let kind = if flags & ir::CARGO != 0 {
                        MoveKind::UnloadBoard
                    } else {
                        MoveKind::Board
                    };
                    list.add(
                        self,
                        Move {
                            kind,
                            aux: formed as u32,
                            ..Move::normal(from, to)
                        },
                    );
                }
            };
            for leap in g.leaps_of(set) {
                let target = self.at(leap.to as usize);
                if leap.flags & ir::MOVE != 0 && leap.flags & skip == 0 && target != EMPTY {
                    add(leap.flags, leap.becomes, leap.to as usize, target);
                }
            }
            for ray in g.rays_of(set) {
                if ray.flags & ir::MOVE == 0 || ray.flags & skip != 0 {
                    continue;
                }
                let cells = g.cells_of(ray);
                if let Some(i) = cells.iter().position(|&c| self.at(c as usize) != EMPTY) {
                    if i >= ray.first_landing as usize {
                        let to = cells[i] as usize;
                        add(ray.flags, ray.becomes, to, self.at(to));
                    }
                }
            }
        }
    }

    /// The cargo of the stack on `from` left: its carrier stays behind.
    #[inline(always)]
    pub(super) fn leave_carrier(&mut self, from: usize, stack: PieceCode) {
        let carrier = self.game.stack_parts(stack).0;
        self.put(from, carrier);
    }

    /// Plays a move that forms the stack `aux` on `to` (the cargo of a
    /// stack leaving its carrier behind, or a piece moving): the piece on
    /// `to` is taken aboard, not captured.
    pub(super) fn make_boarding(&mut self, mv: Move, moved: PieceCode, undo: &mut Undo) {
        let (from, to) = (mv.from as usize, mv.to as usize);
        if mv.kind == MoveKind::UnloadBoard {
            self.leave_carrier(from, moved);
        }
        undo.captured = self.take(to);
        undo.captured_cell = to as u16;
        self.put(to, mv.aux as PieceCode);
    }

    /// Takes back a cargo's leaving: the piece on `to` and the carrier on
    /// `from` come off; `unmake` puts the stack back.
    pub(super) fn unmake_unloading(&mut self, mv: Move) {
        self.lift(mv.to as usize);
        self.lift(mv.from as usize);
    }
}
