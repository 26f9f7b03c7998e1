//! Fairy-Stockfish's gates in FEN's castling field, for games without
//! castling whose pieces' first moves matter (`DEde`: the pieces on those
//! files still hold their first-move atoms). Each letter is the file of a
//! player's piece on its first rank (rank 1 for the first player, the last
//! rank for the second; uppercase for the first player) that has not moved;
//! `-` names none. Pieces of those kinds on a first rank and not named have
//! moved; elsewhere FEN still cannot say, and a piece on its setup cell
//! counts as unmoved.

use super::{cell_at, square_geometry, Field, PositionError};
use crate::game::{Game, EMPTY};
use crate::position::Position;

/// Does the castling field hold gates in this game?
pub(super) fn uses_gates(game: &Game) -> bool {
    game.castling.is_none() && game.unmoved.is_some()
}

/// The cells, per player, whose piece's first move a gate letter can name:
/// its first rank's pieces whose having moved matters.
fn gate_cells<'a>(pos: &'a Position, player: usize) -> impl Iterator<Item = usize> + 'a {
    let game = pos.game;
    let height = square_geometry(game).map_or(0, |(_, h, _)| h as i32);
    let rank = if player == 0 { 0 } else { height - 1 };
    pos.occupied_by[player].iter().filter(move |&c| {
        let code = pos.board[c];
        game.ir.cells[c].coord.1 == rank
            && code != EMPTY
            && game.unmoved.as_ref().is_some_and(|u| u.matters(code))
    })
}

/// The gates of a position: files of unmoved first-rank pieces, the first
/// player's uppercase first.
pub(super) fn write_gates(pos: &Position) -> String {
    let Some((_, _, files)) = square_geometry(pos.game) else {
        return "-".into();
    };
    let mut s = String::new();
    for player in 0..2 {
        let mut cells: Vec<usize> = gate_cells(pos, player)
            .filter(|&c| pos.unmoved.contains(c))
            .collect();
        cells.sort_by_key(|&c| pos.game.ir.cells[c].coord.0);
        for c in cells {
            let file = &files[pos.game.ir.cells[c].coord.0 as usize];
            s += &if player == 0 {
                file.to_uppercase()
            } else {
                file.to_lowercase()
            };
        }
    }
    if s.is_empty() {
        "-".into()
    } else {
        s
    }
}

/// Reads a gates field (`-` for none) and marks the first-rank pieces
/// whose first moves matter: unmoved if named, moved otherwise.
pub(super) fn read_gates(game: &Game, pos: &mut Position, text: &str) -> Result<(), PositionError> {
    let (_, height, files) = square_geometry(game).ok_or(PositionError::NeedsRectangularBoard)?;
    let mut named = Vec::new();
    if text != "-" {
        for ch in text.chars() {
            let player = if ch.is_uppercase() { 0 } else { 1 };
            let x = files
                .iter()
                .position(|f| f.eq_ignore_ascii_case(&ch.to_string()));
            let rank = if player == 0 { 0 } else { height as i32 - 1 };
            let cell = x.and_then(|x| cell_at(game, x as i32, rank));
            let gate = cell.filter(|&c| gate_cells(pos, player).any(|g| g == c));
            named.push(gate.ok_or(PositionError::NoGatePiece {
                field: Field::Castling,
                letter: ch,
            })?);
        }
    }
    for player in 0..2 {
        let cells: Vec<usize> = gate_cells(pos, player).collect();
        for c in cells {
            pos.set_unmoved(c, named.contains(&c));
        }
    }
    Ok(())
}
