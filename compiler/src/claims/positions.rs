//! The claims about play from a position: which piece stands on a cell
//! after some moves (`piece-at`), how many attacks a player's pieces make
//! on a region (`hits`), whether a move sequence is `legal` or refused at
//! its last move (`illegal`), and how the game `ends` after it (the
//! ending and the players' `scores`).

use super::{cell_index, failed, kind_index, play, played, player_index};
use super::{region_cells, start_position};
use crate::ast::{ClaimEnd, Name, Span};
use crate::diag::Diagnostic;
use crate::names;
use runtime::notation::is_declaration;
use runtime::{Game, GameEnd};

/// `claim piece-at`: after the moves, this piece of this player stands on
/// the cell.
pub(super) fn verify_piece_at(
    game: &Game,
    span: Span,
    player: &Name,
    piece: &Name,
    cell: &Name,
    moves: &Name,
    position: &Option<Name>,
) -> Result<(), Diagnostic> {
    let ir = game.ir();
    let p = player_index(ir, player)?;
    let k = kind_index(ir, &names::own_stack(piece, &player.text))?;
    let c = cell_index(ir, cell)?;
    let pos = played(game, position, moves)?;
    let code = pos.board()[c];
    if code != game.code(p, k) {
        let there = if code == runtime::game::EMPTY {
            "nothing".to_string()
        } else {
            format!(
                "a {} {}",
                ir.players[game.owner_of(code)].name,
                ir.kinds[game.kind_of(code)].name
            )
        };
        return Err(failed(
            span,
            format!("claim failed: after the moves {} holds {there}", cell.text),
            format!("not a {} {}", player.text, piece.text),
        ));
    }
    Ok(())
}

/// `claim hits`: in the claim's position, the pieces of `player` (those
/// named, every other kind with `except`, or all) make `expected` attacks
/// on the cells of `region`, one per (piece, cell) pair.
#[allow(clippy::too_many_arguments)]
pub(super) fn verify_hits(
    game: &Game,
    span: Span,
    player: &Name,
    except: bool,
    pieces: &[Name],
    region: &Name,
    expected: i64,
    position: &Option<Name>,
) -> Result<(), Diagnostic> {
    let ir = game.ir();
    let p = player_index(ir, player)?;
    let named: Vec<usize> = pieces
        .iter()
        .map(|n| kind_index(ir, n))
        .collect::<Result<_, _>>()?;
    let mut codes = runtime::codes::CodeSet::EMPTY;
    for k in 0..ir.kinds.len() {
        if pieces.is_empty() || named.contains(&k) != except {
            codes.insert(game.code(p, k));
        }
    }
    let cells = region_cells(ir, region, p)?;
    let pos = start_position(game, position)?;
    let got: usize = cells
        .iter()
        .map(|&c| pos.attackers_count(c as usize, &codes))
        .sum();
    if got as i64 != expected {
        return Err(failed(
            span,
            format!(
                "claim failed: {}'s pieces make {got} attacks on {}, not {expected}",
                player.text, region.text
            ),
            format!("the rules give {got}"),
        ));
    }
    Ok(())
}

/// `claim illegal`: every move of the sequence but the last is legal, and
/// the last is refused.
pub(super) fn verify_illegal(
    game: &Game,
    moves: &Name,
    position: &Option<Name>,
) -> Result<(), Diagnostic> {
    let mut pos = start_position(game, position)?;
    // Declarations belong to the move before them.
    let count = moves
        .text
        .split_whitespace()
        .filter(|w| !is_declaration(w))
        .count();
    match play(&mut pos, moves) {
        Ok(()) => Err(failed(
            moves.span,
            "claim failed: every move of the sequence is legal".into(),
            "expected the last move to be refused".into(),
        )),
        Err((i, e)) if i + 1 != count => Err(failed(
            moves.span,
            format!(
                "claim failed: move {} already fails ({e}), before the last",
                i + 1
            ),
            "in this sequence".into(),
        )),
        Err(_) => Ok(()),
    }
}

/// `claim ends`: after the moves the game is over as claimed (checkmate,
/// stalemate, a draw or a named winner), with the claimed `scores` if any.
pub(super) fn verify_ends(
    game: &Game,
    span: Span,
    moves: &Name,
    end: &ClaimEnd,
    scores: &Option<Vec<f64>>,
    position: &Option<Name>,
) -> Result<(), Diagnostic> {
    let ir = game.ir();
    // The winner named must be a player (E003), before any move.
    if let ClaimEnd::Win(w) = end {
        player_index(ir, w)?;
    }
    let mut pos = played(game, position, moves)?;
    let result = pos.result();
    if let (Some(claimed), Some(r)) = (scores, result) {
        let got: Vec<f64> = (0..ir.players.len()).map(|p| r.score(game, p)).collect();
        let same = claimed.len() == got.len()
            && claimed.iter().zip(&got).all(|(a, b)| (a - b).abs() < 1e-9);
        if !same {
            let shown: Vec<String> = got.iter().map(|x| format!("{x}")).collect();
            return Err(failed(
                span,
                format!(
                    "claim failed: the players score {} (in seat order)",
                    shown.join(" ")
                ),
                "claimed scores".into(),
            ));
        }
    }
    let ok = match (end, result) {
        (ClaimEnd::Checkmate, Some(r)) => r.end == GameEnd::Checkmate,
        (ClaimEnd::Stalemate, Some(r)) => r.end == GameEnd::Stalemate,
        (ClaimEnd::Draw, Some(r)) => r.winner.is_none() && r.loser.is_none(),
        (ClaimEnd::Win(w), Some(r)) => r.winner.is_some_and(|p| ir.players[p].name == w.text),
        _ => false,
    };
    if !ok {
        let said = match result {
            None => "the game goes on".to_string(),
            Some(r) => format!(
                "the game ends by {:?}, {}",
                r.end,
                r.winner.map_or("drawn".to_string(), |p| format!(
                    "won by {}",
                    ir.players[p].name
                ))
            ),
        };
        return Err(failed(
            span,
            format!("claim failed: after these moves {said}"),
            "claimed ending".into(),
        ));
    }
    Ok(())
}
