//! The start position: a setup must be a position a game can be in, judged
//! by the runtime's own test for positions read from text
//! (`runtime::notation::check_reachable`), player by player. A setup where
//! the player who moved last (the one before the first mover) has a royal
//! piece attacked, or where a piece stands on a cell it would have had to
//! promote on, is E016 on the placement in the setup.

use crate::diag::{Code, Diagnostic};
use crate::model::Model;
use runtime::notation::{check_reachable, PositionError};
use runtime::{Game, Position};

pub fn verify(game: &Game, m: &Model) -> Vec<Diagnostic> {
    let pos = Position::start(game);
    let Err(e) = check_reachable(&pos) else {
        return Vec::new();
    };
    let ir = game.ir();
    let index = |name: &str| m.players.iter().position(|p| p.name == name);
    // Where the setup puts the piece on `cell` (its statement if derived).
    let placed_at = |cell: usize| {
        m.setup
            .iter()
            .position(|s| s.cell as usize == cell)
            .and_then(|i| m.setup_placement_spans.get(i).copied())
            .unwrap_or(m.board_span)
    };
    let piece_on = |cell: usize| {
        let code = pos.board()[cell];
        format!(
            "{}'s {} on {}",
            ir.players[game.owner_of(code)].name,
            ir.kinds[game.kind_of(code)].name,
            game.cell_name(cell)
        )
    };
    let d = match e {
        PositionError::LastMoverInCheck { player, to_move } => {
            let attack = index(&player).and_then(|p| pos.royal_attacker(p));
            let Some((royal, attacker)) = attack else {
                return Vec::new();
            };
            Diagnostic::error(
                Code::UnreachableSetup,
                format!("{player}'s royal piece is attacked at the start, with {to_move} to move"),
                placed_at(royal),
                format!("{} is attacked", piece_on(royal)),
            )
            .with_secondary(placed_at(attacker), format!("by {}", piece_on(attacker)))
            .with_note(format!(
                "{player} moves just before {to_move}, so {player} would have left it attacked: {to_move} could take it on the first move"
            ))
            .with_hint(format!(
                "place the pieces so that no royal piece of {player} (the player before the first mover) is attacked"
            ))
        }
        PositionError::OnPromotionCell {
            player,
            piece,
            cell,
        } => {
            let at = game.cell(&cell).map_or(m.board_span, placed_at);
            Diagnostic::error(
                Code::UnreachableSetup,
                format!("{player}'s {piece} starts on {cell}, where it would have had to promote"),
                at,
                format!("{piece} on {cell}"),
            )
            .with_hint("a piece standing in its promotion zone never arrived there by a move; start it elsewhere or leave the cell out of the promotion region")
        }
        // The other refusals (no royal piece, castling rights, clocks) do
        // not arise for a setup: the start position defines them.
        _ => return Vec::new(),
    };
    vec![d]
}
