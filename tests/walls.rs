//! Walls (`wall KIND`) on dsl-examples/fairy/duck.variant: every move is
//! followed by moving the duck, a neutral blocker, to an empty cell. Every
//! expected count, move list, FEN and verdict is pyffish's (`legal_moves`,
//! `get_fen`, `is_immediate_game_end` of "duck" for the same positions),
//! recorded here.

#[path = "support/games.rs"]
mod games;

use games::Claims;
use runtime::notation::{move_to_string, parse_fen, parse_move, write_fen};
use runtime::{Game, GameEnd, Position};
use std::collections::BTreeSet;

fn duck() -> Game {
    games::load("dsl-examples/fairy/duck.variant", Claims::Skipped)
}

fn moves(pos: &mut Position) -> Vec<String> {
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    list.iter()
        .map(|&m| move_to_string(pos.game(), m))
        .collect()
}

/// The moves without their wall part (`e2e4` of `e2e4,e4d5`), once each.
fn base_moves(pos: &mut Position, from: &str) -> BTreeSet<String> {
    moves(pos)
        .into_iter()
        .map(|m| m.split(',').next().unwrap().to_string())
        .filter(|m| m.starts_with(from))
        .collect()
}

fn play(pos: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.make(mv);
    }
}

#[test]
fn each_move_places_the_duck_on_every_empty_cell() {
    let game = duck();
    let mut pos = Position::start(&game);
    let list = moves(&mut pos);
    // 20 moves, each with the 32 cells empty after it.
    assert_eq!(list.len(), 640);
    assert!(
        list.contains(&"a2a3,a3a2".to_string()),
        "the cell just left"
    );
    assert!(
        !list.contains(&"a2a3,a3a3".to_string()),
        "not where the piece stands"
    );
    assert_eq!(pos.perft(2), 379_440);
}

#[test]
fn the_duck_blocks_lines_and_is_never_taken() {
    let game = duck();
    let mut pos = parse_fen(&game, "4k3/8/8/p7/*7/8/8/R3K3 w - - 0 1").unwrap();
    let rook: Vec<String> = base_moves(&mut pos, "a1").into_iter().collect();
    assert_eq!(rook, ["a1a2", "a1a3", "a1b1", "a1c1", "a1d1"]);
    assert_eq!(moves(&mut pos).len(), 590);
    assert_eq!(write_fen(&pos).unwrap(), "4k3/8/8/p7/*7/8/8/R3K3 w - - 0 1");
}

#[test]
fn a_duck_on_the_passed_cell_closes_en_passant() {
    let game = duck();
    let start = "4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1";
    // The duck on the pawn's first cell: en passant stays open.
    let mut pos = parse_fen(&game, start).unwrap();
    play(&mut pos, "a2a4,a4a2");
    assert_eq!(
        write_fen(&pos).unwrap(),
        "4k3/8/8/8/Pp6/8/*7/4K3 b - a3 0 1"
    );
    let black: Vec<String> = base_moves(&mut pos, "").into_iter().collect();
    assert_eq!(
        black,
        ["b4a3", "b4b3", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]
    );
    // The duck on the passed cell: no en passant.
    let mut pos = parse_fen(&game, start).unwrap();
    play(&mut pos, "a2a4,a4a3");
    assert_eq!(write_fen(&pos).unwrap(), "4k3/8/8/8/Pp6/*7/8/4K3 b - - 0 1");
    assert!(base_moves(&mut pos, "b4").iter().all(|m| m == "b4b3"));
    // A FEN that says otherwise is refused.
    assert!(parse_fen(&game, "4k3/8/8/8/Pp6/*7/8/4K3 b - a3 0 1").is_err());
}

#[test]
fn taking_the_king_wins() {
    let game = duck();
    let mut pos = parse_fen(&game, "4k3/8/8/8/8/8/4q3/4K3 b - - 0 1").unwrap();
    play(&mut pos, "e2e1,e1e2");
    assert_eq!(write_fen(&pos).unwrap(), "4k3/8/8/8/8/8/4*3/4q3 w - - 0 2");
    let result = pos.result().expect("white has no king");
    assert_eq!(result.end, GameEnd::Extinction);
    assert_eq!(result.winner, Some(1));
    assert!(moves(&mut pos).is_empty());
}
