//! Pieces in hand in Fairy-Stockfish's FEN: the holdings after the board,
//! in brackets (`.../RNBQKBNR[Qn] w ...`) or as one more rank
//! (`.../RNBQKBNR/Qn w ...`), upper case the first player's, lower case
//! the second's; the writer uses brackets, always present in a game with
//! hands (`[]`: empty hands). A promoted piece's mark `~` follows its
//! letter on the board (`read_placement` in `fen.rs`). The general
//! notation writes a hand as `hand white Q N N` and the marks as
//! `promoted e8 a1`.

use super::PositionError;
use crate::game::Game;
use crate::position::Position;

/// The board part of a FEN placement, and its holdings if it has some.
pub(super) fn split_holdings<'t>(
    game: &Game,
    placement: &'t str,
    height: u16,
) -> Result<(&'t str, Option<&'t str>), PositionError> {
    if let Some(open) = placement.find('[') {
        let rest = &placement[open + 1..];
        let inner = rest
            .strip_suffix(']')
            .filter(|inner| !inner.contains(']'))
            .ok_or_else(|| PositionError::UnclosedHoldings {
                text: rest.to_string(),
            })?;
        return Ok((&placement[..open], Some(inner)));
    }
    // One rank more than the board has: the holdings (in a game with hands).
    if game.hands.is_some() && placement.matches('/').count() == height as usize {
        let cut = placement.rfind('/').unwrap_or(0);
        return Ok((&placement[..cut], Some(&placement[cut + 1..])));
    }
    Ok((placement, None))
}

/// Puts the holdings' pieces in the players' hands.
pub(super) fn read_holdings(
    game: &Game,
    pos: &mut Position,
    text: &str,
) -> Result<(), PositionError> {
    if game.hands.is_none() {
        if text.is_empty() {
            return Ok(());
        }
        return Err(PositionError::HoldingsNotInGame {
            text: text.to_string(),
        });
    }
    let kinds = game.shape.kinds;
    let mut counts = vec![0usize; 2 * kinds];
    // `-`: empty hands (`[-]`).
    for letter in text.chars().filter(|&c| c != '-') {
        let kind = game
            .kind_by_letter(&letter.to_string())
            .filter(|_| letter.is_ascii_alphabetic())
            .ok_or(PositionError::UnknownHandLetter { letter })?;
        let player = usize::from(letter.is_ascii_lowercase());
        let count = &mut counts[player * kinds + kind];
        *count += 1;
        if *count > game.shape.cells {
            return Err(PositionError::HandTooLarge {
                letter,
                count: *count,
            });
        }
    }
    for (hand, &count) in counts.iter().enumerate() {
        pos.set_hand(hand, count as u16);
    }
    Ok(())
}

/// `[...]`: both hands, the first player's first, each in kind order
/// (empty when no game hands: the field is left out).
pub(super) fn write_holdings(pos: &Position) -> String {
    let game = pos.game;
    if game.hands.is_none() {
        return String::new();
    }
    let mut out = String::from("[");
    for player in 0..2 {
        for (kind, info) in game.ir.kinds.iter().enumerate() {
            let letter = if player == 0 {
                info.letter
            } else {
                info.letter.to_ascii_lowercase()
            };
            for _ in 0..pos.in_hand(player, kind) {
                out.push(letter);
            }
        }
    }
    out.push(']');
    out
}

/// The general notation's parts: `hand PLAYER LETTERS` per player holding
/// something, then `promoted CELLS` if any piece is marked.
pub(super) fn general_hand_parts(pos: &Position) -> Vec<String> {
    let game = pos.game;
    let mut parts = Vec::new();
    if game.hands.is_none() {
        return parts;
    }
    for (player, info) in game.ir.players.iter().enumerate() {
        let mut letters = Vec::new();
        for (kind, k) in game.ir.kinds.iter().enumerate() {
            for _ in 0..pos.in_hand(player, kind) {
                letters.push(k.letter.to_string());
            }
        }
        if !letters.is_empty() {
            parts.push(format!("hand {} {}", info.name, letters.join(" ")));
        }
    }
    let marked: Vec<&str> = (0..game.shape.cells)
        .filter(|&c| pos.is_promoted(c))
        .map(|c| game.cell_name(c))
        .collect();
    if !marked.is_empty() {
        parts.push(format!("promoted {}", marked.join(" ")));
    }
    parts
}

/// `hand PLAYER LETTERS`: adds the pieces to that player's hand.
pub(super) fn read_general_hand(
    game: &Game,
    pos: &mut Position,
    player: usize,
    letters: &[&str],
) -> Result<(), PositionError> {
    if game.hands.is_none() {
        return Err(PositionError::HoldingsNotInGame {
            text: letters.join(" "),
        });
    }
    for word in letters {
        let mut chars = word.chars();
        let (Some(letter), None) = (chars.next(), chars.next()) else {
            return Err(PositionError::UnknownHandLetter {
                letter: word.chars().next().unwrap_or(' '),
            });
        };
        let kind = game
            .kind_by_letter(word)
            .filter(|_| letter.is_ascii_alphabetic())
            .ok_or(PositionError::UnknownHandLetter { letter })?;
        let hand = player * game.shape.kinds + kind;
        let count = pos.in_hand(player, kind) as usize + 1;
        if count > game.shape.cells {
            return Err(PositionError::HandTooLarge { letter, count });
        }
        pos.set_hand(hand, count as u16);
    }
    Ok(())
}

/// `promoted CELLS`, once the pieces stand: marks each cell's piece.
pub(super) fn mark_promoted_cells(
    game: &Game,
    pos: &mut Position,
    cells: &[String],
) -> Result<(), PositionError> {
    for name in cells {
        let not_promotable = || PositionError::NotPromotable { cell: name.clone() };
        let cell = game.cell(name).ok_or_else(|| PositionError::UnknownCell {
            field: super::Field::Promoted,
            name: name.clone(),
        })?;
        if pos.board[cell] == crate::game::EMPTY || !pos.mark_promoted(cell) {
            return Err(not_promotable());
        }
    }
    Ok(())
}
