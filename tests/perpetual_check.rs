//! `end repetition 3 perpetual-check` on dsl-examples/fairy/manchu.variant:
//! a king shuttling under a chariot's checks. Each verdict is pyffish's
//! (`is_optional_game_end("manchu", FEN, MOVES)` after the eighth ply:
//! 32000 for the side to move, 0, and -32000), recorded here with the
//! position and moves that give it.

#[path = "support/games.rs"]
mod games;

use games::Claims;
use runtime::notation::{parse_fen, parse_move};
use runtime::{GameEnd, Position};

fn play(pos: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.make(mv);
    }
}

const CHASED: &str = "3k5/9/9/9/9/9/9/9/9/r3K4 w - - 0 1";

#[test]
fn a_repetition_forced_by_checks_is_lost_by_the_checker() {
    let game = games::load("dsl-examples/fairy/manchu.variant", Claims::Skipped);
    let mut pos = parse_fen(&game, CHASED).unwrap();
    // Every black move checks; white, to move, has been in check in every
    // position of the cycle.
    play(&mut pos, "e1e2 a1a2 e2e1 a2a1 e1e2 a1a2 e2e1");
    assert_eq!(pos.result(), None, "twice is no repetition yet");
    play(&mut pos, "a2a1");
    let result = pos.result().expect("the third time ends the game");
    assert_eq!(result.end, GameEnd::Repetition);
    assert_eq!(result.winner, Some(0), "white wins: pyffish's 32000");
    // One ply later in the cycle: the checker is the side to move.
    let mut pos = parse_fen(&game, "3k5/9/9/9/9/9/9/9/4K4/r8 b - - 0 1").unwrap();
    play(&mut pos, "a1a2 e2e1 a2a1 e1e2 a1a2 e2e1 a2a1 e1e2");
    let result = pos.result().unwrap();
    assert_eq!(result.end, GameEnd::Repetition);
    assert_eq!(
        result.winner,
        Some(0),
        "black, to move, loses: pyffish's -32000"
    );
}

#[test]
fn a_cycle_with_a_quiet_move_is_a_draw() {
    let game = games::load("dsl-examples/fairy/manchu.variant", Claims::Skipped);
    let mut pos = parse_fen(&game, CHASED).unwrap();
    // The chariot's move to a3 gives no check.
    play(&mut pos, "e1e2 a1a3 e2e1 a3a1 e1e2 a1a3 e2e1 a3a1");
    let result = pos.result().unwrap();
    assert_eq!(result.end, GameEnd::Repetition);
    assert_eq!(result.winner, None, "pyffish's 0");
}
