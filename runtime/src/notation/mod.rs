//! Text forms of positions and moves: `fen.rs`, `general.rs` (the
//! general notation), `moves.rs` (move text) and `record.rs` (game records
//! with declarations).
//!
//! - FEN, for rectangular two-player boards, compatible with Fairy-Stockfish:
//!   multi-digit empty counts, castling as `KQkq` (outermost partner on that
//!   side) or file letters, en-passant cells (several, comma-separated, when a
//!   ride passed over more than one), counters optional.
//! - The general notation, for any board and any number of players:
//!   `white: Kg1 Qe1 Pb1; black: Kg10; turn white; castling a1 h1; ep f3 victim f4; clocks 0 1`
//!   (everything after the piece lists is optional; games with agreements
//!   add `declared white file_promotion` and `agreed file_promotion`).
//! - Stacks (a cargo aboard a carrier): in FEN `(Sa)`, the carrier's letter
//!   then the cargo's, each cased by its owner (a white Ship carrying a black
//!   Amazon); in the general notation under the cargo's owner, `A(S)a1` for
//!   the player's own Ship, `A(S:white)a1` for another player's.
//! - Moves: `<from><to>[promotion letter]`; a castling whose king move is also
//!   a plain king move carries its partner: `e1d1/b1`; a castling the game
//!   names is written by its name (`0-0-0`). The cargo of a stack leaving it
//!   adds `/cargo`; a move that ends sharing its cell as a stack (loading,
//!   boarding, taking aboard) adds `/board`.

mod error;
mod fen;
mod gates;
mod general;
mod holdings;
mod move_error;
mod moves;
mod record;

pub use error::{DeclareError, Field, PositionError};
pub use fen::{parse_fen, write_fen};
pub use general::{parse_general, write_general};
pub use move_error::{MoveError, RecordError};
pub use moves::{move_aliases, move_to_string, parse_move};
pub use record::{is_declaration, parse_recorded, play_record, recorded_to_string, RecordedMove};

use crate::game::{Game, EMPTY};
use crate::ir::{self, Geometry};
use crate::position::Position;

/// Parses FEN or the general notation (chosen by the presence of `:`).
pub fn parse_position<'g>(game: &'g Game, text: &str) -> Result<Position<'g>, PositionError> {
    let text = text.trim();
    if text.contains(':') {
        parse_general(game, text)
    } else {
        parse_fen(game, text)
    }
}

pub(super) fn square_geometry(game: &Game) -> Option<(u16, u16, &[String])> {
    match &game.ir.geometry {
        Geometry::Square {
            width,
            height,
            files,
            // FEN names every cell of the rectangle: a board with cells taken
            // out of it (`except`) is written in the general notation.
        } if game.shape.players == 2
            && game.ir.cells.iter().filter(|c| !c.side).count()
                == *width as usize * *height as usize =>
        {
            Some((*width, *height, files.as_slice()))
        }
        _ => None,
    }
}

pub(super) fn cell_at(game: &Game, x: i32, y: i32) -> Option<usize> {
    game.ir.cells.iter().position(|c| c.coord == (x, y))
}

/// A position read from text must be one a game can reach (the checks
/// are per player, for any number of players):
///
/// - every player whose setup has a royal piece still has one (royal pieces
///   are never captured: the game ends first; but a blast may remove one,
///   `explosion`), and none has more royal pieces than its setup (none is
///   ever created);
/// - no piece stands on a cell where it would have had to promote, nor
///   (if it must promote) on one where no move of its kind lands
///   (`game/reach.rs`);
/// - the player who moved last did not leave a royal piece attacked (the
///   side to move could take it);
/// - every castling right is held by a castling partner of its player.
pub fn check_reachable(pos: &Position) -> Result<(), PositionError> {
    let game = pos.game;
    let name = |p: usize| game.ir.players[p].name.clone();
    // Where a blast can remove a royal piece (`explosion`), a player may
    // have lost its royal pieces so (the game is over, decided by its end
    // rules), and its opponent's royal piece may stand attacked after the
    // move that did it.
    let blastable = game.explosion.as_ref().is_some_and(|e| e.reaches_royals);
    let mut royal_blasted = false;
    // Players out of the game (none yet: see `turn.rs`) are not judged.
    for p in (0..game.shape.players).filter(|&p| pos.in_play(p)) {
        // Royal pieces in hand count as the player's too (a king that
        // starts in hand and is dropped later).
        let royal_kinds = || (0..game.shape.kinds).filter(|&k| game.ir.kinds[k].royal);
        let start_hand = |k: usize| {
            game.hands
                .as_ref()
                .map_or(0, |h| h.start[p * game.shape.kinds + k] as usize)
        };
        let held: usize = royal_kinds().map(|k| pos.in_hand(p, k) as usize).sum();
        let setup_royals = game
            .ir
            .setup
            .pieces
            .iter()
            .filter(|s| s.player as usize == p && game.ir.kinds[s.kind as usize].royal)
            .count()
            + royal_kinds().map(start_hand).sum::<usize>();
        if setup_royals > 0 && pos.royal_group_of(p).is_empty() && held == 0 {
            if !blastable {
                return Err(PositionError::NoRoyalPiece { player: name(p) });
            }
            royal_blasted = true;
        }
        // No move creates a royal piece but a promotion to a royal kind
        // (allowed where a setup has several royal pieces), so a player
        // never has more than its setup gives it otherwise. Fewer, but at
        // least one, is accepted: whether a game may lose one of several is
        // its rules'.
        let given = pos.royal_group_of(p).len() + held;
        let promotes_to_royal = game.ir.promotions.iter().any(|r| {
            r.player as usize == p
                && r.choices
                    .iter()
                    .any(|&k| game.ir.kinds.get(k as usize).is_some_and(|k| k.royal))
        });
        if given > setup_royals && !promotes_to_royal {
            return Err(PositionError::MoreRoyalsThanSetup {
                player: name(p),
                given,
                setup: setup_royals,
            });
        }
    }
    for p in (0..game.shape.players).filter(|&p| pos.in_play(p)) {
        for cell in pos.occupied_by[p].iter() {
            let kind = game.shape.kind_of[pos.board[cell] as usize] as usize;
            if let Some(reach) = &game.landing.promoting_reach[p * game.shape.kinds + kind] {
                if !reach.contains(cell) {
                    return Err(PositionError::NeverReached {
                        player: name(p),
                        piece: game.ir.kinds[kind].name.clone(),
                        cell: game.cell_name(cell).to_string(),
                    });
                }
            }
        }
        if let Some(cell) = pos.occupied_by[p]
            .iter()
            .find(|&c| pos.stands_on_promotion_cell(c))
        {
            let kind = game.shape.kind_of[pos.board[cell] as usize] as usize;
            return Err(PositionError::OnPromotionCell {
                player: name(p),
                piece: game.ir.kinds[kind].name.clone(),
                cell: game.cell_name(cell).to_string(),
            });
        }
    }
    // A player who passed had no move that answered the check: it may
    // stand in check until its next turn. FEN does not say who passed, so
    // where royal pieces face under a must-break rule (a pass is legal in
    // check there) the reader takes the last mover to have passed.
    let last = pos.previous_player();
    let may_have_passed = pos.has_passed(last) || pos.must_break_facing(last);
    if last != pos.to_move && !may_have_passed && !royal_blasted && pos.royal_attacked(last) {
        return Err(PositionError::LastMoverInCheck {
            player: name(last),
            to_move: name(pos.to_move),
        });
    }
    for (bit, &cell) in game.right_cells().iter().enumerate() {
        if pos.rights >> bit & 1 == 0 {
            continue;
        }
        let code = pos.board[cell as usize];
        let held = code != EMPTY
            && game.ir.castlings.iter().any(|c| {
                c.partner_from == cell
                    && game.shape.owner[code as usize] == c.player
                    && (c.partner_kinds == 0
                        || c.partner_kinds >> game.shape.kind_of[code as usize] & 1 != 0)
            });
        if !held {
            return Err(PositionError::NoCastlingPartnerOn {
                cell: game.cell_name(cell as usize).to_string(),
            });
        }
    }
    Ok(())
}

/// Opens en passant from cell names; the victim is the piece on
/// `given_victim` (else one of the previous mover's pieces) whose passing
/// ride went over those cells.
pub(super) fn set_ep_from_cells(
    game: &Game,
    pos: &mut Position,
    text: &str,
    given_victim: Option<usize>,
) -> Result<(), PositionError> {
    // Cells separated by commas, or run together as Fairy-Stockfish writes them (`e3e4`).
    // A cell name is at most `longest` bytes, so each split looks no further
    // and reading is linear in the text (it was cubic).
    let longest = game.longest_cell_name();
    let mut cells: Vec<u16> = Vec::new();
    for part in text.split(',') {
        let mut rest = part;
        while !rest.is_empty() {
            let split = (1..=rest.len().min(longest))
                .rev()
                .filter(|&i| rest.is_char_boundary(i))
                .find(|&i| game.cell(&rest[..i]).is_some())
                .ok_or_else(|| PositionError::UnknownEnPassantCell {
                    text: rest.to_string(),
                })?;
            cells.push(game.cell(&rest[..split]).unwrap() as u16);
            rest = &rest[split..];
        }
    }
    if cells.is_empty() || cells.len() > crate::game::MAX_EN_PASSANT {
        return Err(PositionError::EnPassantCellCount { given: cells.len() });
    }
    // Fairy-Stockfish writes a passing whose victim does not stand on the
    // line it passed (a diagonal double step) as the passed cell
    // and the landing cell in square order (`c5d6`): a listed cell holding
    // a piece of the player who moved last is that piece's, the victim.
    let mut given_victim = given_victim;
    if given_victim.is_none() && cells.len() > 1 {
        let last = pos.previous_player();
        let holds = |c: u16| {
            let code = pos.board[c as usize];
            code != EMPTY && game.shape.owner[code as usize] as usize == last
        };
        if let Some(i) = cells.iter().position(|&c| holds(c)) {
            given_victim = Some(cells.remove(i) as usize);
        }
    }
    // A passed cell is empty: a piece there (a wall, say) closed it.
    if let Some(&c) = cells.iter().find(|&&c| pos.board[c as usize] != EMPTY) {
        return Err(PositionError::EnPassantCellOccupied {
            cell: game.cell_name(c as usize).to_string(),
        });
    }
    let mut wanted = cells.clone();
    wanted.sort_unstable();
    let mover = match given_victim {
        Some(v) if pos.board[v] != EMPTY => game.shape.owner[pos.board[v] as usize] as usize,
        _ => pos.previous_player(),
    };
    for victim in pos.occupied_by[mover]
        .iter()
        .filter(|&v| given_victim.is_none_or(|g| g == v))
    {
        let kind = game.shape.kind_of[pos.board[victim] as usize] as usize;
        for from in 0..game.shape.cells {
            let set = game.moveset(mover, kind, from);
            for ray in &game.moves.rays[set.ray_start as usize..][..set.ray_len as usize] {
                if ray.flags & ir::CREATES_EN_PASSANT == 0 {
                    continue;
                }
                let rc = &game.moves.ray_cells[ray.start as usize..][..ray.len as usize];
                // The victim's ride must have passed exactly these cells,
                // from a cell that is now empty.
                if let Some(j) = rc.iter().position(|&c| c as usize == victim) {
                    let mut passed = rc[..j].to_vec();
                    passed.sort_unstable();
                    let first = ray.first_landing as usize;
                    // Where passings outlast a move, another piece may
                    // have come to the cell the ride started from since.
                    // A wall may have been moved there (`wall KIND`).
                    let origin_free = pos.board[from] == EMPTY
                        || Some(pos.board[from]) == game.wall
                        || game.en_passant.until_owner_moves;
                    if j >= first.max(1) && passed == wanted && origin_free {
                        pos.set_en_passant(victim, from, &rc[..j]);
                        return Ok(());
                    }
                }
            }
        }
    }
    Err(PositionError::NoEnPassantVictim {
        cells: text.to_string(),
    })
}

/// The cells of the newest open passing (a two-player game has one at
/// most), or `-`.
pub(super) fn ep_field(pos: &Position) -> String {
    match pos.en_passant_records().first() {
        Some(record) => ep_cells_text(pos, record),
        None => "-".into(),
    }
}

pub(super) fn ep_cells_text(pos: &Position, record: &crate::position::EnPassantRecord) -> String {
    record
        .cells()
        .iter()
        .map(|&c| pos.game.cell_name(c as usize).to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The player of that name.
pub(super) fn player_named(game: &Game, name: &str) -> Option<usize> {
    game.ir.players.iter().position(|p| p.name == name)
}

/// The player of that name, or the error naming `field`.
pub(super) fn player_in(game: &Game, name: &str, field: Field) -> Result<usize, PositionError> {
    player_named(game, name).ok_or_else(|| PositionError::UnknownPlayer {
        field,
        name: name.to_string(),
    })
}

pub(super) fn agreement_named(game: &Game, name: &str) -> Option<usize> {
    game.ir.agreements.iter().position(|a| a.name == name)
}

impl std::fmt::Debug for Position<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", write_general(self))
    }
}
