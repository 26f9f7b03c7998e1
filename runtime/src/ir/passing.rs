//! The IR's passing moves and material counting: `pass` (a player may
//! pass instead of moving), `end double-pass OUTCOME`, `facing ...
//! must-break OUTCOME` (its outcome is in `Facing`) and `material-count`,
//! which decides by the pieces left a game that would end drawn.

use serde::{Deserialize, Serialize};

/// `material-count { KIND N ... } [bonus PLAYER X]`: a game that would end
/// drawn is won by the player whose pieces on the board weigh more, the
/// bonus added to its player's weight; equal weights stay a draw. Two
/// players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MaterialCount {
    /// Per kind: its weight, in half points (a kind not listed weighs 0).
    pub half_weights: Vec<u32>,
    /// The player the bonus goes to, and the bonus in half points.
    pub bonus_player: u8,
    pub bonus_halves: u32,
}
