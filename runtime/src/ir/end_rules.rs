//! The IR's end rules beyond mate and stalemate, and the move rules they
//! come with: extinction, counting, first moves lost (`ir.rs` holds
//! `EndRules` and `GameIr`, which name them).

use super::Outcome;
use serde::{Deserialize, Serialize};

/// `first-move KIND lost when aimed by KINDS` (see `GameIr::first_move_lost`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstMoveLost {
    pub kind: u8,
    pub aimers: Vec<u8>,
}

/// `end extinction KINDS [at-most N] [opponent-at-least M] [bare-back] OUTCOME`:
/// a player holding at most `at_most` pieces of one of `kinds` (each kind
/// counted on its own; all its pieces counted together when `kinds` is
/// empty, `all`), while its opponent holds at least `opponent_at_least` of
/// that count, gets `outcome` (`Loss`, `Win` or `Draw`) at once.
/// `bare_back`: while that player is to move, the opponent must hold one
/// more (so a bared side that can take back the opponent's last piece but
/// one, baring it in turn, first gets its move).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Extinction {
    pub kinds: Vec<u8>,
    /// `together`: the kinds counted as one.
    #[serde(default)]
    pub together: bool,
    pub at_most: u32,
    pub opponent_at_least: u32,
    pub bare_back: bool,
    pub outcome: Outcome,
}

/// A counting rule (board-honour and pieces-honour counts, as
/// Fairy-Stockfish plays them). A side may count while no piece of
/// `starts_without` stands on the board and its opponent has more than one
/// piece: with more than one piece itself, `board_honour` moves (0: it may
/// not); alone, the `moves` of the first `pieces_honour` row its opponent's
/// pieces meet (none met: it may not). The game is drawn when the count
/// passes its limit. `from_pieces`: a lone side's count starts at the
/// number of pieces on the board (and restarts when it takes the last
/// piece of `starts_without`); otherwise at zero.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counting {
    pub starts_without: Vec<u8>,
    /// `lone-without`: kinds that, on the board, keep a lone side's count
    /// (the pieces' honour) from starting, not the board's honour.
    #[serde(default)]
    pub lone_without: Vec<u8>,
    pub board_honour: u32,
    /// `board-honour N at-most M`: a side with more than M pieces does not
    /// count (0: no bound).
    #[serde(default)]
    pub board_honour_at_most: u32,
    pub pieces_honour: Vec<HonourRow>,
    pub from_pieces: bool,
}

/// A row of the pieces'-honour table: met when the opponent holds at least
/// `at_least` pieces of `against` (any position, when `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HonourRow {
    pub against: Option<u8>,
    pub at_least: u32,
    pub moves: u32,
}

/// A condition on checkmates (`end checkmate by-only ...`,
/// `end checkmate needs-check-by ...`): the kinds it names, and the
/// outcome for the mated player where it changes the mate's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MateCondition {
    pub kinds: Vec<u8>,
    pub outcome: Outcome,
}
