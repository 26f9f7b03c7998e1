//! The IR's hoppers and facing royal pieces (`hop`, `hop-behind` and
//! `facing` in the language; `ir.rs`'s `GameIr` names them).

use serde::{Deserialize, Serialize};

use super::Ray;

/// A ride that must jump exactly one piece (the screen) before it may land:
/// beyond the screen it lands on every empty cell up to the next piece,
/// which it may capture (Betza `p`).
pub const HOP: u16 = 1024;
/// With `HOP`: it lands only on the cell just behind the screen, empty or
/// an enemy's (Betza `g`).
pub const HOP_BEHIND: u16 = 2048;
/// A hook whose intermediate cells must all be empty (a lame leap, Betza
/// `n`): one route, blocked by a piece on any of its cells.
pub const LAME: u16 = 4096;

/// The hopping rides of every (player, kind, cell), apart from the other
/// rides so that games without hoppers never look at them. Their cells
/// are in `GameIr::ray_cells`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hops {
    /// Indexed like `GameIr::moves`: (start, len) into `rays`.
    pub sets: Vec<(u32, u16)>,
    /// Rides with `HOP` set (and maybe `HOP_BEHIND`).
    pub rays: Vec<Ray>,
}

/// `facing KINDS`: two royal pieces of these kinds of different players
/// may not stand on one of these lines with nothing between (the mover
/// may not leave them so): each counts as attacking the other.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Facing {
    pub kinds: Vec<u8>,
    /// Per cell: the lines looked along from it, nearest cell first.
    pub lines: Vec<Vec<Vec<u16>>>,
    /// `must-break OUTCOME`: the royal pieces may come to face each other;
    /// the player to move must then break the facing or pass (even in
    /// check), and a facing that stands after a pass ends the game with
    /// this outcome for the player to move. `None`: they may never face.
    #[serde(default)]
    pub must_break: Option<super::Outcome>,
}
