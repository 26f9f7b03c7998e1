//! Royal danger: a royal piece whose zone (its cell and the cells it
//! steps to) two or more enemy pieces attack costs its owner the square
//! of the attack's weight, so that a search sees an attack gather before
//! it mates. Stockfish's king danger with its terms made general:
//! attackers, their attacks on the zone and the zone's cells no own
//! piece but the royal one guards, all read off the mobility walk
//! (`Position::activity`, which counts each enemy's attacks on each
//! zone), scaled by the attacking enemies' material (an attack without an
//! army mates nobody). With more than two players every enemy's attack
//! counts together: a free-for-all mates a royal piece two enemies hem
//! in as surely as one.
//!
//! Measured against Fairy-Stockfish, not in self-play: an engine whose
//! opponent never attacks the king does not lose to the lack of it
//! (docs/PERFORMANCE.md, "Royal danger").

use super::Evaluator;
use crate::bitset::CellSet;
use crate::position::{Activity, Position};

/// Per attacking piece, per attack on a zone cell, per zone cell the
/// attacked side guards with no non-royal piece.
const ATTACKER: i32 = 50;
const HIT: i32 = 70;
const WEAK: i32 = 150;
/// The loss is danger^2 / `SCALE`.
const SCALE: i64 = 4096;

/// Per cell: a royal piece's zone there, the cell and the cells it steps
/// to (`steps`, any royal kind's).
pub(super) fn zones(steps: &[Vec<u16>]) -> Vec<CellSet> {
    steps
        .iter()
        .enumerate()
        .map(|(cell, list)| {
            let mut zone = CellSet::from_cells(list.iter().map(|&c| c as usize));
            zone.insert(cell);
            zone
        })
        .collect()
}

impl Evaluator {
    /// The zones of `player`'s royal pieces, as one set.
    pub(super) fn zone_of(&self, pos: &Position, player: usize) -> CellSet {
        let mut zone = CellSet::EMPTY;
        for royal in pos.royals_of[player].iter() {
            zone = zone.union(&self.royal_zone[royal]);
        }
        zone
    }

    /// What `player` loses to the attack its enemies make on its royal
    /// zone `zone`, `seen` being every player's activity (a player out of
    /// play walks nothing, and a walk counts attacks on enemies' zones
    /// only, so whoever attacks the zone is an enemy in play) and `force`
    /// every player's material.
    pub(super) fn danger(
        &self,
        player: usize,
        zone: &CellSet,
        seen: &[Activity],
        force: &[i32],
    ) -> i32 {
        let (mut attackers, mut hits, mut material) = (0, 0, 0);
        let mut attacked = CellSet::EMPTY;
        for (a, f) in seen.iter().zip(force) {
            if a.zone_attackers[player] > 0 {
                attackers += a.zone_attackers[player];
                hits += a.zone_hits[player];
                attacked = attacked.union(&a.attacked);
                material += f;
            }
        }
        if attackers < 2 {
            return 0;
        }
        let weak = zone
            .intersect(&attacked)
            .minus(&seen[player].attacked)
            .len() as i32;
        let danger = (ATTACKER * attackers + HIT * hits + WEAK * weak) as i64;
        let share = material.min(self.army) as i64;
        (danger * danger / SCALE * share / self.army.max(1) as i64) as i32
    }
}
