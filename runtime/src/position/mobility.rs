//! Mobility, for the evaluation: the cells a player's pieces may move to
//! now (empty cells their moves reach, enemy cells their captures reach),
//! each piece's count weighed by its code. Walks the pieces' own move
//! tables as the attack map does; hops are not counted (a hopper's worth
//! is its material's business), nor moves that need more than the board
//! (castling, drops, en passant).

use super::{Position, NO_CELL};
use crate::game::EMPTY;
use crate::ir;

impl<'g> Position<'g> {
    /// The sum, over the pieces of `player` whose code weighs more than 0
    /// in `weights`, of the weight times the cells the piece may move to.
    pub(crate) fn mobility(&self, player: usize, weights: &[i32]) -> i32 {
        let g = self.game;
        let none = NO_CELL as usize;
        // What the player may take, by the rules' own table (teams,
        // players out), as move generation reads it.
        let takes = g.takes_row(player, crate::game::others_of(self.out as usize, player));
        let mut total = 0;
        for from in self.occupied_by[player].iter() {
            let code = self.at(from);
            let weight = weights[code as usize];
            if weight == 0 {
                continue;
            }
            let open = |c: usize, flags: u16| {
                let at = self.at(c);
                if at == EMPTY {
                    flags & ir::MOVE != 0
                } else {
                    flags & ir::CAPTURE != 0 && takes[at as usize]
                }
            };
            let mut count = 0;
            let set = g.moveset(player, g.kind_of_code(code), from);
            for leap in g.leaps_of(set) {
                count += open(leap.to as usize, leap.flags) as i32;
            }
            for ray in g.rays_of(set) {
                let first = ray.first_landing as usize;
                for (i, &c) in g.cells_of(ray).iter().enumerate() {
                    let c = c as usize;
                    if i >= first {
                        count += open(c, ray.flags) as i32;
                    }
                    if self.at(c) != EMPTY {
                        break;
                    }
                }
            }
            if set.hook_len > 0 {
                for hook in &g.moves.hooks[set.hook_start as usize..][..set.hook_len as usize] {
                    if open(hook.to as usize, hook.flags)
                        && self.hook_open(
                            hook.via_start,
                            hook.via_len,
                            hook.flags & ir::LAME != 0,
                            none,
                            none,
                            none,
                        )
                    {
                        count += 1;
                    }
                }
            }
            total += weight * count;
        }
        total
    }
}
