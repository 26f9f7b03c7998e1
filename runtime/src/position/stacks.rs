//! Stack-forming moves: loading, boarding, taking aboard.

use super::{Move, MoveKind, MoveSink, Position};
use crate::game::{PieceCode, EMPTY};
use crate::ir;

impl<'g> Position<'g> {
    /// Moves that land on a piece to form a stack with it (loading,
    /// boarding, taking aboard): any atom that may move to an empty cell
    /// may also form a stack where its landing cell holds a suitable piece.
    /// A stack is formed as it is: it neither promotes nor arrives.
    pub(super) fn merge_moves<S: MoveSink>(&self, list: &mut S) {
        let g = self.game;
        let me = self.to_move;
        let codes = g.codes();
        for from in self.occupied_by[me].iter() {
            let code = self.at(from);
            if !g.merges[code as usize] {
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
                let formed = g.merge[mover as usize * codes + target as usize];
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
}
