//! The IR's end rules: mate and stalemate outcomes, repetition and the move
//! rule (`EndRules`), and beyond them extinction, counting, first moves
//! lost (`ir.rs`'s `GameIr` names them).

use super::{MaterialPiece, Outcome};
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

/// What a chase is (`perpetual-chase by KINDS except KIND unless on
/// REGION`; `position/chases.rs` applies it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChaseRule {
    /// The kinds whose attacks may be chases.
    pub by: Vec<u8>,
    /// Kinds that are chase targets only on some cells.
    pub spared: Vec<SparedKind>,
}

/// `except KIND unless on REGION`: pieces of `kind` are chase targets only
/// on `targets_on[owner]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SparedKind {
    pub kind: u8,
    pub targets_on: Vec<Vec<u16>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndRules {
    /// No legal move while a royal piece is attacked.
    pub checkmate: Outcome,
    /// No legal move, no royal piece attacked.
    pub stalemate: Outcome,
    /// A position repeated this many times is a draw (0 = off).
    pub repetition: u32,
    /// `end repetition N perpetual-check`: a repetition reached while one
    /// side was in check in every position since the repeated one's first
    /// occurrence in which it was to move is lost by the other (the
    /// checker); both sides so: a draw.
    #[serde(default)]
    pub perpetual_check: bool,
    /// `end repetition N ... perpetual-chase ...`: a repetition reached
    /// while one side chased on each of its moves since the repeated
    /// position's first occurrence, and the other did not, is lost by the
    /// chaser (perpetual check, when one side checked so, decides first).
    #[serde(default)]
    pub perpetual_chase: Option<ChaseRule>,
    /// Full moves without capture or a move of a `resets_move_rule` kind (0 = off).
    pub move_rule: u32,
    pub resets_move_rule: Vec<u8>,
    /// `end move-rule N stretched-by-checks-after C` (0 = off): each check
    /// beyond the C-th that the side which checked more gave in the
    /// counted moves adds a full move to the rule (Fairy-Stockfish's
    /// n-move rule where its chasing rule is on).
    #[serde(default)]
    pub move_rule_checks: u32,
    /// Material sets that cannot mate: each entry lists the pieces of both
    /// sides (the royal included); a position whose material equals one of
    /// them (for either colour assignment) is drawn.
    pub insufficient: Vec<[Vec<MaterialPiece>; 2]>,
    /// What a finished game shares out (`points`): all to a winner, equal
    /// parts to every player on a draw, to the others on a loss.
    #[serde(default = "one_point")]
    pub points: u32,
    /// With `Out`: a player without a legal move first passes, and goes
    /// out only if at its next turn it still has none (`after-round`).
    #[serde(default)]
    pub out_after_round: bool,
    /// `end extinction ...`: material counts that end the game (two
    /// players), tested in order after every move.
    #[serde(default)]
    pub extinctions: Vec<Extinction>,
    /// `end checks N win`: the player who has given check N times wins
    /// (0 = off; two players).
    #[serde(default)]
    pub checks_to_win: u32,
    /// `end counting draw { ... }`: a count of moves that, run out, draws
    /// (two players).
    #[serde(default)]
    pub counting: Option<Counting>,
    /// `end checkmate by-only KINDS OUTCOME`: a mate given by pieces of
    /// these kinds alone gets this outcome for the mated player.
    #[serde(default)]
    pub mate_by_only: Option<MateCondition>,
    /// `end checkmate needs-check-by KINDS OUTCOME`: a mate counts only if
    /// the unbroken series of checks ending in it holds a check by a piece
    /// of these kinds; otherwise this outcome for the mated player.
    #[serde(default)]
    pub mate_needs_check_by: Option<MateCondition>,
    /// `end stalemate ... or-promotions-only`: a player not in check that
    /// holds two pieces on the board and whose every legal move is a
    /// promotion is stalemated too.
    #[serde(default)]
    pub stalemate_promotions_only: bool,
    /// `end double-pass OUTCOME`: both players passed their last turns
    /// (`pass`); the outcome is the player to move's.
    #[serde(default)]
    pub double_pass: Option<Outcome>,
}

impl EndRules {
    /// Whether positions keep, beside their history, whether the side to
    /// move was in check (`Position::checked`): for perpetual check and
    /// for a move rule that checks stretch.
    pub fn records_checks(&self) -> bool {
        self.perpetual_check || self.move_rule_checks > 0
    }
}

fn one_point() -> u32 {
    1
}
