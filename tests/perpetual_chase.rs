//! `end repetition 3 perpetual-check perpetual-chase by ...` on
//! dsl-examples/fairy/xiangqi.variant: a piece attacked on every move of a
//! cycle. Each verdict is pyffish's (`is_optional_game_end("xiangqi", FEN,
//! MOVES)` after the last ply: 32000 for the side to move, 0, or -32000),
//! recorded here with the position and moves that give it.
//! tests/differential/chase_cycles.py compares random cycles the same way.

#[path = "support/games.rs"]
mod games;

use games::Claims;
use runtime::notation::{parse_fen, parse_move};
use runtime::{Game, GameEnd, GameResult};

const XIANGQI: &str = "dsl-examples/fairy/xiangqi.variant";

/// The result after playing `moves` from `fen`, checking that no earlier
/// position ended the game.
fn verdict(game: &Game, fen: &str, moves: &str) -> GameResult {
    let mut pos = parse_fen(game, fen).unwrap();
    let moves: Vec<&str> = moves.split_whitespace().collect();
    for (i, text) in moves.iter().enumerate() {
        assert_eq!(pos.result(), None, "ended before ply {}", i + 1);
        let mv = parse_move(&mut pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.make(mv);
    }
    let result = pos.result().expect("the third time ends the game");
    assert_eq!(result.end, GameEnd::Repetition);
    result
}

const CYCLE: &str = "b1b9 a9a8 b9b8 a8a9 b8b9 a9a8 b9b8 a8a9 b8b9";

#[test]
fn a_chariot_chasing_an_unprotected_cannon_loses() {
    let game = games::load(XIANGQI, Claims::Skipped);
    // Every white move attacks the cannon anew; black only runs.
    let result = verdict(&game, "3k5/c8/9/9/9/9/9/9/9/1R3K3 w - - 0 1", CYCLE);
    assert_eq!(
        result.winner,
        Some(1),
        "black, to move, wins: pyffish's 32000"
    );
}

#[test]
fn attacking_a_protected_piece_is_no_chase() {
    let game = games::load(XIANGQI, Claims::Skipped);
    // The black chariot on a10 protects the cannon on a9 and on a8.
    let result = verdict(&game, "r2k5/c8/9/9/9/9/9/9/9/1R3K3 w - - 0 1", CYCLE);
    assert_eq!(result.winner, None, "pyffish's 0");
}

#[test]
fn chariots_attacking_each_other_is_no_chase() {
    let game = games::load(XIANGQI, Claims::Skipped);
    let result = verdict(&game, "3k5/r8/9/9/9/9/9/9/9/1R3K3 w - - 0 1", CYCLE);
    assert_eq!(result.winner, None, "pyffish's 0");
}

#[test]
fn a_horse_attacking_a_chariot_chases_it_even_protected() {
    let game = games::load(XIANGQI, Claims::Skipped);
    let moves = "b5c7 a8a7 c7b5 a7a8 b5c7 a8a7 c7b5 a7a8";
    // The chariot on a7 attacks the unprotected horse on c7 too, but only
    // on every other black move: white alone chased on each of its moves.
    let result = verdict(&game, "3k5/9/r8/9/9/1N7/9/9/9/4K4 w - - 0 1", moves);
    assert_eq!(
        result.winner,
        Some(1),
        "white, to move, loses: pyffish's -32000"
    );
    // Protected by black's other chariot and with a white chariot on c1:
    // still pyffish's -32000.
    let result = verdict(&game, "r2k5/9/r8/9/9/1N7/9/9/9/2R1K4 w - - 0 1", moves);
    assert_eq!(result.winner, Some(1));
}
