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

/// The game's gating (`gate KINDS in REGION`), if it has one.
pub(super) fn gating_of(game: &Game) -> Option<&crate::game::gating::Gating> {
    game.hands.as_ref().and_then(|h| h.gating.as_ref())
}

/// The gate cell of `player` on the file `x`, if there is one.
fn gate_on_file(game: &Game, player: usize, x: i32) -> Option<usize> {
    let gating = gating_of(game)?;
    gating.cells[player]
        .iter()
        .find(|&c| game.ir.cells[c].coord.0 == x)
}

/// Reads the gates of a game that gates, from Fairy-Stockfish's castling
/// field (`KQBCDFGkqbcdfg`): a castling right (`K`, `Q`) opens the gates
/// of its royal piece and partner, a file letter the gate on that file of
/// the player's gate cells. Every other piece on a gate cell has moved.
pub(super) fn read_gating(
    game: &Game,
    pos: &mut Position,
    granted: &[usize],
    letters: &[char],
) -> Result<(), PositionError> {
    let Some(gating) = gating_of(game) else {
        return Ok(());
    };
    let mut open = Vec::new();
    for &partner in granted {
        open.push(partner);
        let castlings = game.ir.castlings.iter();
        // The castling king's own cell (a fixed-landing castling has one
        // from every cell of its homes).
        let king_on = |cell: u16| {
            let code = pos.board[cell as usize];
            code != EMPTY
                && game
                    .castling
                    .as_ref()
                    .is_some_and(|k| k.king_code[code as usize])
        };
        for c in castlings.filter(|c| c.partner_from as usize == partner && king_on(c.king_from)) {
            open.push(c.king_from as usize);
        }
    }
    let files = square_geometry(game).map(|(_, _, f)| f).unwrap_or_default();
    for &ch in letters {
        let player = if ch.is_uppercase() { 0 } else { 1 };
        let x = files
            .iter()
            .position(|f| f.eq_ignore_ascii_case(&ch.to_string()));
        let cell = x
            .and_then(|x| gate_on_file(game, player, x as i32))
            .filter(|&c| pos.occupied_by[player].contains(c));
        open.push(cell.ok_or(PositionError::NoGatePiece {
            field: Field::Castling,
            letter: ch,
        })?);
    }
    for player in 0..game.shape.players {
        for c in gating.cells[player].iter() {
            pos.set_unmoved(c, false);
        }
    }
    for c in open {
        pos.set_unmoved(c, true);
    }
    Ok(())
}

/// The castling field of a game that gates: each player's castling
/// letters from `rights`, then the files of its open gates that those
/// letters do not already open (Fairy-Stockfish's order). Unlike
/// Fairy-Stockfish, gates are written even when their player holds
/// nothing to gate, so that the field reads back to the same position.
pub(super) fn with_gating(pos: &Position, rights: String) -> String {
    let game = pos.game;
    let Some(gating) = gating_of(game) else {
        return rights;
    };
    let files = square_geometry(game).map(|(_, _, f)| f).unwrap_or_default();
    let mut s = String::new();
    for player in 0..2 {
        let mine: String = rights
            .chars()
            .filter(|c| c.is_uppercase() == (player == 0))
            .collect();
        let mut covered = Vec::new();
        for (bit, &partner) in game.right_cells().iter().enumerate() {
            if pos.rights >> bit & 1 == 0 {
                continue;
            }
            covered.push(partner as usize);
            let castlings = game.ir.castlings.iter();
            for c in castlings.filter(|c| c.partner_from == partner) {
                covered.push(c.king_from as usize);
            }
        }
        s += &mine;
        let mut gates: Vec<usize> = gating.cells[player]
            .iter()
            .filter(|&c| pos.unmoved.contains(c) && pos.occupied_by[player].contains(c))
            .filter(|c| !covered.contains(c))
            .collect();
        gates.sort_by_key(|&c| game.ir.cells[c].coord.0);
        for c in gates {
            let file = &files[game.ir.cells[c].coord.0 as usize];
            s += &if player == 0 {
                file.to_uppercase()
            } else {
                file.to_lowercase()
            };
        }
    }
    s
}
