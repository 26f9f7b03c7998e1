//! Royal danger, in games of two players: a royal piece whose zone (its
//! cell and the cells it steps to) two or more enemy pieces attack costs
//! its owner the square of the attack's weight, so that a search sees an
//! attack gather before it mates. Stockfish's king danger with its terms
//! made general: attackers, their attacks on the zone and the zone's
//! cells no own piece but the royal one guards, all read off the
//! mobility walk (`Position::activity`), scaled by the attacker's
//! material (an attack without an army mates nobody).
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

    /// What `player` (of two) loses to the attack `enemy` (the other
    /// player's activity) makes on its royal zone `zone`, `own` being its
    /// own activity.
    pub(super) fn danger(
        &self,
        pos: &Position,
        player: usize,
        zone: &CellSet,
        own: &Activity,
        enemy: &Activity,
    ) -> i32 {
        if enemy.zone_attackers < 2 {
            return 0;
        }
        let weak = zone.intersect(&enemy.attacked).minus(&own.attacked).len() as i32;
        let danger = (ATTACKER * enemy.zone_attackers + HIT * enemy.zone_hits + WEAK * weak) as i64;
        let board = pos.board();
        let force: i32 = pos.occupied_by[1 - player]
            .iter()
            .map(|c| self.material[board[c] as usize])
            .sum();
        let share = force.min(self.army) as i64;
        (danger * danger / SCALE * share / self.army.max(1) as i64) as i32
    }
}
