//! The limits of the language that the runtime relies on, defined once:
//! the compiler's checker reports a file past one of them as a located
//! diagnostic, and the loader (`crate::game`) refuses an IR past it with a
//! `LoadError`, so a compiled game always loads and a crafted IR cannot
//! go where no source file goes. Limits that belong to one mechanism are
//! defined beside it and named here.

pub use crate::bitset::MAX_CELLS;
pub use crate::codes::{MAX_CODES, MAX_KINDS};
pub use crate::game::{MAX_BLAST, MAX_CELL_NAME, MAX_CHECKS_TO_WIN};
pub use crate::ir::MAX_CASTLINGS_PER_PLAYER;

/// A square or triangular board's files are labelled `a` to `z`.
pub const MAX_FILES: usize = 26;
/// A square or triangular board's ranks are numbered 1 to 99.
pub const MAX_RANKS: usize = 99;
/// A round board's rings (`board round RINGS x SECTORS`).
pub const ROUND_RINGS: std::ops::RangeInclusive<u16> = 1..=20;
/// A round board's sectors, an even number (a radius goes on through the
/// centre as the other half of its diameter); at most 24, so that the
/// centre's file `z` stays free.
pub const ROUND_SECTORS: std::ops::RangeInclusive<u16> = 4..=24;

/// `end repetition N`: a position seen N times is drawn. N = 1 would draw
/// every game before its first move.
pub const REPETITIONS: std::ops::RangeInclusive<u32> = 2..=100;
/// `end move-rule N`: full moves without a capture or a resetting move.
/// The counter of half moves (N times the players) stays far inside 32 bits.
pub const MOVE_RULE: std::ops::RangeInclusive<u32> = 1..=10_000;
/// `points N`: what a finished game shares out.
pub const POINTS: std::ops::RangeInclusive<u32> = 1..=1_000_000;

/// Characters the notations give a meaning (suffixes, stacks, the general
/// notation's fields, arrivals, declarations, check marks, cell lists): no
/// alias of a piece may hold one.
pub const ALIAS_FORBIDDEN: &str = "/ ( ) : ; @ + - # ,";

/// A cell's or a player's name as the language writes it: a Latin letter
/// or `_`, then letters, digits and `_` (the notations split cell lists,
/// fields and moves at every other character).
pub fn is_name(text: &str) -> bool {
    let mut chars = text.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A piece's letter as the notations read it: one Latin capital letter
/// (FEN writes it in the owner's case).
pub fn is_piece_letter(letter: char) -> bool {
    letter.is_ascii_uppercase()
}

/// Why an alias cannot stand for a piece in positions and moves, if it
/// cannot: the general notation reads a piece token as the letter or an
/// alias followed by a cell, so an alias with a digit could be read as (part
/// of) a cell or a move (`alias "e2e4"` read `e2e4e3` as a piece on e3).
pub fn alias_fault(text: &str) -> Option<&'static str> {
    if text.is_empty() {
        Some("is empty")
    } else if text.chars().any(char::is_whitespace) {
        Some("contains white space")
    } else if text.chars().any(char::is_control) {
        Some("contains a control character")
    } else if text.chars().any(|c| c.is_ascii_digit()) {
        Some("contains a digit, so it reads as a cell name or a move")
    } else if text
        .chars()
        .any(|c| ALIAS_FORBIDDEN.split(' ').any(|f| f.starts_with(c)))
    {
        Some("contains a character the notation uses")
    } else {
        None
    }
}
