//! Passing, facing that must be broken, cannons that may not jump or take
//! cannons, and material counting, on dsl-examples/fairy/janggi.variant.
//! Every expected move list and verdict is pyffish's (`legal_moves` and
//! `is_immediate_game_end("janggi", FEN, MOVES)`), recorded here with its
//! position.

#[path = "support/games.rs"]
mod games;

use games::Claims;
use runtime::notation::{move_to_string, parse_fen, parse_move};
use runtime::{Game, GameEnd, Position};

fn janggi() -> Game {
    games::load("dsl-examples/fairy/janggi.variant", Claims::Skipped)
}

fn moves(pos: &mut Position) -> Vec<String> {
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut out: Vec<String> = list
        .iter()
        .map(|&m| move_to_string(pos.game(), m))
        .collect();
    out.sort();
    out
}

fn play(pos: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.make(mv);
    }
}

const KING_MOVES: [&str; 9] = [
    "e2d1", "e2d2", "e2d3", "e2e1", "e2e2", "e2e3", "e2f1", "e2f2", "e2f3",
];

#[test]
fn a_cannon_neither_jumps_nor_takes_a_cannon() {
    let game = janggi();
    // Two white cannons and a black one on the first rank: each cannon's
    // only screen along the rank is a cannon; nothing moves but the king.
    let mut pos = parse_fen(&game, "3k5/9/9/9/9/9/9/9/4K4/C1C1c4 w - - 0 1").unwrap();
    assert_eq!(moves(&mut pos), KING_MOVES);
    // A soldier as the screen: the cannon lands on d1, but the black
    // cannon behind it is no prey.
    let mut pos = parse_fen(&game, "3k5/9/9/9/9/9/9/9/4K4/C1P1c4 w - - 0 1").unwrap();
    let mut expected = vec!["a1d1", "c1b1", "c1c2", "c1d1"];
    expected.extend(KING_MOVES);
    assert_eq!(moves(&mut pos), expected);
}

#[test]
fn a_cannon_hops_along_a_palace_diagonal() {
    let game = janggi();
    // The white cannon on d1 jumps its own general on e2 to f3.
    let mut pos = parse_fen(&game, "3k5/9/9/9/9/9/9/4P4/4K4/3C1c3 w - - 0 1").unwrap();
    let expected = [
        "d1f3", "e2d2", "e2d3", "e2e1", "e2e2", "e2f1", "e2f2", "e2f3", "e3d3", "e3e4", "e3f3",
    ];
    assert_eq!(moves(&mut pos), expected);
}

#[test]
fn a_player_may_pass_but_not_in_check() {
    let game = janggi();
    let mut pos = Position::start(&game);
    assert!(moves(&mut pos).contains(&"e2e2".to_string()));
    // The chariot on e1 checks the general: no pass.
    let mut pos = parse_fen(&game, "3k5/9/9/9/9/9/9/9/4K4/4r4 w - - 0 1").unwrap();
    assert_eq!(moves(&mut pos), ["e2d2", "e2d3", "e2e1", "e2f2", "e2f3"]);
}

#[test]
fn two_passes_end_the_game_by_material() {
    let game = janggi();
    let mut pos = Position::start(&game);
    // `pass` is read as the pass too.
    play(&mut pos, "e2e2 pass");
    assert!(moves(&mut pos).is_empty(), "the game is over");
    let result = pos.result().expect("two passes end the game");
    assert_eq!(result.end, GameEnd::DoublePass);
    // Equal armies: black's 1.5 points decide (pyffish: -32000 for white).
    assert_eq!(result.winner, Some(1));
}

#[test]
fn facing_generals_must_be_parted_or_passed() {
    let game = janggi();
    let mut pos = parse_fen(&game, "4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1").unwrap();
    // No move along the open file; the pass.
    assert_eq!(
        moves(&mut pos),
        ["e2d1", "e2d2", "e2d3", "e2e2", "e2f1", "e2f2", "e2f3"]
    );
    assert_eq!(pos.result(), None);
    play(&mut pos, "e2e2");
    // The facing stands after the pass: over, black wins on material
    // (pyffish: immediate end, 32000 for black, to move).
    assert!(moves(&mut pos).is_empty());
    let result = pos.result().expect("the facing was passed");
    assert_eq!(result.end, GameEnd::Facing);
    assert_eq!(result.winner, Some(1));
}

#[test]
fn material_decides_a_draw_for_the_heavier_side() {
    let game = janggi();
    // White has a chariot more (13 points against black's 1.5): two passes
    // end the game, and white wins it.
    let mut pos = parse_fen(&game, "3k5/9/9/9/9/9/9/9/4K4/R8 w - - 0 1").unwrap();
    play(&mut pos, "e2e2 d10d10");
    let result = pos.result().unwrap();
    assert_eq!(result.end, GameEnd::DoublePass);
    assert_eq!(result.winner, Some(0));
}
