//! Mobility and threats, for the evaluation: the cells a player's pieces
//! may move to now (empty cells their moves reach, enemy cells their
//! captures reach), each piece's count weighed by its code; the enemy
//! pieces they may capture and the own pieces they guard; and the worth
//! they threaten with a cheaper piece; given the enemies' royal zones,
//! the cells its non-royal pieces attack and their attacks on each zone
//! (royal danger, `search/eval/danger.rs`). Walks the pieces' own move tables
//! as the attack map does; hops are not counted (a hopper's worth is its
//! material's business), nor moves that need more than the board
//! (castling, drops, en passant).

use super::{Position, NO_CELL};
use crate::bitset::CellSet;
use crate::game::EMPTY;
use crate::ir;

/// The most players whose royal zones a walk counts attacks on, one by
/// one (royal danger is not weighed in games of more players).
pub(crate) const MAX_ZONES: usize = 8;

/// The royal zones a walk counts attacks on: per player (at most
/// `MAX_ZONES`), empty where not counted, and their union.
pub(crate) struct Zones<'a> {
    pub(crate) of: &'a [CellSet],
    pub(crate) union: CellSet,
}

/// What one player's pieces reach now.
#[derive(Clone, Copy, Default)]
pub(crate) struct Activity {
    /// The sum, over pieces whose code weighs more than 0, of the weight
    /// times the cells the piece may move to.
    pub(crate) mobility: i32,
    /// Over every capture a non-royal piece may make of a piece worth
    /// more: the difference of their material.
    pub(crate) threats: i32,
    /// The cells its non-royal pieces may capture on (counted only where
    /// zones are given).
    pub(crate) attacked: CellSet,
    /// Per player whose zone is given: its non-royal pieces that may
    /// capture on a cell of that zone, and their captures there (royal
    /// danger, `search/eval/danger.rs`).
    pub(crate) zone_attackers: [i32; MAX_ZONES],
    pub(crate) zone_hits: [i32; MAX_ZONES],
}

/// What every player's pieces reach, gathered player by player.
pub(crate) struct Cover {
    /// The pieces some enemy may capture.
    pub(crate) hits: CellSet,
    /// The pieces some player of their own team would retake on (a capture
    /// of that player reaches them).
    pub(crate) guards: CellSet,
}

impl<'g> Position<'g> {
    /// The activity of `player`'s pieces: mobility by `weights`, threats
    /// by `material` (all three per piece code), attacks on `zones`; adds
    /// what they hit and guard to `cover`.
    pub(crate) fn activity(
        &self,
        player: usize,
        weights: &[i32],
        material: &[i32],
        royal: &[bool],
        zones: &Zones,
        cover: &mut Cover,
    ) -> Activity {
        let g = self.game;
        let none = NO_CELL as usize;
        // What the player may take, by the rules' own table (teams,
        // players out), as move generation reads it.
        let takes = g.takes_row(player, crate::game::others_of(self.out as usize, player));
        let team = g.sides.team_of[player];
        let mut activity = Activity::default();
        let zoned = !zones.union.is_empty();
        for from in self.occupied_by[player].iter() {
            let code = self.at(from);
            let weight = weights[code as usize];
            // A royal piece threatens nothing a cheaper piece would: its
            // material is 0 and it may not take what is guarded.
            let worth = if royal[code as usize] {
                i32::MAX
            } else {
                material[code as usize]
            };
            let attacks = zoned && !royal[code as usize];
            let mut count = 0;
            // The players whose zones this piece attacks, as bits.
            let mut hit = 0u32;
            let mut reach = |c: usize, flags: u16, activity: &mut Activity, cover: &mut Cover| {
                if attacks && flags & ir::CAPTURE != 0 {
                    activity.attacked.insert(c);
                    if zones.union.contains(c) {
                        for (t, zone) in zones.of.iter().enumerate() {
                            if zone.contains(c) {
                                activity.zone_hits[t] += 1;
                                hit |= 1 << t;
                            }
                        }
                    }
                }
                let at = self.at(c);
                if at == EMPTY {
                    count += (flags & ir::MOVE != 0) as i32;
                } else if flags & ir::CAPTURE != 0 {
                    if takes[at as usize] {
                        count += 1;
                        cover.hits.insert(c);
                        activity.threats += (material[at as usize] - worth).max(0);
                    } else if g.sides.team_of[g.owner_of(at)] == team {
                        cover.guards.insert(c);
                    }
                }
            };
            let set = g.moveset(player, g.kind_of_code(code), from);
            for leap in g.leaps_of(set) {
                reach(leap.to as usize, leap.flags, &mut activity, cover);
            }
            for ray in g.rays_of(set) {
                let first = ray.first_landing as usize;
                for (i, &c) in g.cells_of(ray).iter().enumerate() {
                    let c = c as usize;
                    if i >= first {
                        reach(c, ray.flags, &mut activity, cover);
                    }
                    if self.at(c) != EMPTY {
                        break;
                    }
                }
            }
            if set.hook_len > 0 {
                for hook in &g.moves.hooks[set.hook_start as usize..][..set.hook_len as usize] {
                    // The cell first, the legs only where the cell counts.
                    let wanted = if self.at(hook.to as usize) == EMPTY {
                        hook.flags & ir::MOVE != 0
                    } else {
                        hook.flags & ir::CAPTURE != 0
                    };
                    if wanted
                        && self.hook_open(
                            hook.via_start,
                            hook.via_len,
                            hook.flags & ir::LAME != 0,
                            none,
                            none,
                            none,
                        )
                    {
                        reach(hook.to as usize, hook.flags, &mut activity, cover);
                    }
                }
            }
            activity.mobility += weight * count;
            while hit != 0 {
                activity.zone_attackers[hit.trailing_zeros() as usize] += 1;
                hit &= hit - 1;
            }
        }
        activity
    }
}
