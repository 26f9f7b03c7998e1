//! The IR's castlings: each one concrete (a king cell, a partner cell, the
//! cells they land on, the cells that must be empty or safe), as the
//! compiler lays them out from the setup or `homes` (`ir.rs`'s `GameIr`
//! lists them).

use serde::{Deserialize, Serialize};

/// One concrete castling: the royal on `king_from` goes to `king_to`, the
/// partner on `partner_from` to `partner_to`. Both must be unmoved (the
/// right of `partner_from` is held), `must_be_empty` empty (ignoring the two
/// castling pieces) and `must_be_safe` not attacked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Castling {
    pub player: u8,
    pub king_from: u16,
    pub king_to: u16,
    pub partner_from: u16,
    pub partner_to: u16,
    pub must_be_empty: Vec<u16>,
    pub must_be_safe: Vec<u16>,
    /// The king's plain move `king_from -> king_to` also exists, so notation
    /// must name the partner (`e1d1/b1`).
    pub needs_partner_in_notation: bool,
    /// Repeatable castling: the right is the king's never having made a
    /// non-castling move (castling keeps it), and the partner is any piece
    /// of the side whose kind is in `partner_kinds` (bit per kind), moved or not.
    #[serde(default)]
    pub repeatable: bool,
    #[serde(default)]
    pub partner_kinds: u128,
    /// Free castling: the partner is any piece of `partner_kinds` on
    /// `partner_from`, moved or not, and the right is the king's never
    /// having moved (a castling uses it up, unlike `repeatable`).
    #[serde(default)]
    pub free: bool,
    /// At most this many castlings per player in a game (0: no limit; at
    /// most `MAX_CASTLINGS_PER_PLAYER`). Counted over all the player's castlings.
    #[serde(default)]
    pub limit: u8,
    /// The castling king's kind when it is not a royal piece (`None`: the
    /// player's royal piece on `king_from`). A king that is not royal
    /// castles through attacked cells unless the castling says `safe`.
    #[serde(default)]
    pub king_kind: Option<u8>,
    /// How the castling is written (`0-0-0`), if the game names it.
    #[serde(default)]
    pub name: Option<String>,
    /// Other spellings accepted as input and shown beside the move
    /// (`Кр-0-0`, `0-0-0`).
    #[serde(default)]
    pub aliases: Vec<String>,
    /// `by-drop`: a drop that puts the king on `king_from` while a partner
    /// stands on `partner_from`, or a partner there while the king stands
    /// on its cell, grants the right (Fairy-Stockfish's castlingDroppedPiece).
    #[serde(default)]
    pub by_drop: bool,
    /// `lands`: the king and partner land on fixed cells wherever they
    /// stood: the right is the partner cell's, and any move of
    /// the king takes all of its player's rights; the king may stay put.
    #[serde(default)]
    pub fixed: bool,
}

impl Castling {
    /// The castling's right is the king's never having moved (or, for a
    /// repeatable castling, never having made a non-castling move), and its
    /// partner is any piece of `partner_kinds`, moved or not: a repeatable
    /// or a free castling. Otherwise the right is the partner cell's bit.
    pub fn right_is_the_kings(&self) -> bool {
        self.repeatable || self.free
    }
}
