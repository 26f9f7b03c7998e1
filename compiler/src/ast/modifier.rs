//! The word modifiers of a move atom (`move-only`, `max 2`, `hop`, ...).

use super::Name;
use serde::Serialize;

#[derive(Clone, Debug, Serialize)]
pub enum Modifier {
    MoveOnly,
    CaptureOnly,
    Max(i32),
    /// A ride's first landing cell is this far out (nearer cells are only passed).
    Min(i32),
    From(Name),
    To(Name),
    EnPassant,
    /// Only while the piece has not moved.
    Unmoved,
    /// Not while the piece's player is in check.
    NotInCheck,
    /// The piece may not end the move on a cell the opponent attacks.
    Unattacked,
    /// The piece turns into this kind by the move.
    Becomes(Name),
    /// A ride no piece blocks (it lands on any cell of its line).
    FlyOver,
    /// A ride that must jump exactly one piece before it lands.
    Hop,
    /// A ride that jumps one piece and lands just behind it.
    HopBehind,
    /// A leap blocked by a piece on a cell it passes.
    Lame,
}
