//! The IR's hands and drops: pieces a player holds off the board and may
//! put on an empty cell as its move (`hand`, `drop`; `ir.rs`'s `GameIr`
//! names them).

use serde::{Deserialize, Serialize};

/// Hands (`GameIr::hands`). Every count is indexed `player * kinds + kind`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hands {
    /// `hand captures`: a captured piece joins its captor's hand, as the
    /// captor's piece of the kind `captured_as` names.
    pub captures: bool,
    /// Per kind: the kind a captured piece of it joins the hand as (itself,
    /// or the kind it demotes to).
    pub captured_as: Vec<u8>,
    /// `revert-promoted`: a piece that promoted on the board joins the hand
    /// as this kind + 1 (0: as what it is). Promoted pieces are tracked
    /// only then (Fairy-Stockfish's promoted-piece marks, `Q~` in its FEN).
    pub promoted_revert_to: u8,
    /// Pieces in hand at the start (`hand PLAYER { KINDS }`).
    pub start: Vec<u16>,
    /// Where a piece of each player and kind may be dropped: board cells
    /// (an empty cell of them). Empty for a kind that never drops.
    pub drop_cells: Vec<Vec<u16>>,
    /// `drop KINDS at-most N per-file` (`one-per-file`: 1): a player may
    /// not drop a piece of these kinds on a file where N of its own already
    /// stand (square boards). A kind at most once.
    #[serde(default)]
    pub per_file: Vec<FileLimit>,
    /// `drop KINDS no-mate`: a checkmate given by a drop of these kinds is
    /// lost by the player who dropped (the mated player wins), as
    /// Fairy-Stockfish rules such a mate: the drop stays a move.
    #[serde(default)]
    pub no_mate: Vec<u8>,
    /// `drop KINDS first`: while a player holds a piece of these kinds, it
    /// must drop one of them when it can (no other move, no other drop).
    #[serde(default)]
    pub must_drop: Vec<u8>,
    /// `drop KINDS promoted`: a held piece of `kind` may also be dropped as
    /// `as_kind` (its promotion), on the same cells.
    #[serde(default)]
    pub drop_promoted: Vec<DropAs>,
    /// `drop KIND split A B`: the kind whose pieces end split evenly
    /// between two regions, if any.
    #[serde(default)]
    pub split: Option<DropSplit>,
    /// `gate KINDS in REGION`: gating, if the game has it.
    #[serde(default)]
    pub gating: Option<Gating>,
}

/// Gating (`Hands::gating`): a piece on one of its player's gate cells
/// that has not moved may, on its first move, leave a held piece of a
/// gating kind on the cell it leaves (a castling: on the royal piece's cell
/// or its partner's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gating {
    /// Per player: the gate cells.
    pub cells: Vec<Vec<u16>>,
    /// The kinds that may be gated, ascending.
    pub kinds: Vec<u8>,
}

/// A limit on a kind's pieces per file (`Hands::per_file`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileLimit {
    pub kind: u8,
    /// After a drop, at most this many (at least 1).
    pub at_most: u8,
}

/// A kind a held piece may also be dropped as (`Hands::drop_promoted`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DropAs {
    pub kind: u8,
    pub as_kind: u8,
}

/// `drop KIND split A B` (`Hands::split`): per player, the cells of the
/// two regions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DropSplit {
    pub kind: u8,
    pub a: Vec<Vec<u16>>,
    pub b: Vec<Vec<u16>>,
}
