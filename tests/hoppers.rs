//! Hoppers, lame leapers and facing royal pieces in hand-checked positions:
//! a cannon and a grasshopper on a hexagonal board
//! (dsl-examples/hoppers-hex.variant), a cannon on a triangular one
//! (dsl-examples/hoppers-tri.variant), and the xiangqi rules of
//! dsl-examples/fairy/xiangqi.variant as Fairy-Stockfish plays them: a
//! piece moving onto a cannon's line becomes its screen (it gives check, or
//! may not expose its own king), the generals may not face each other, and
//! a piece next to a horse blocks its leap. The suite's perft rows and the
//! differential test cover the rest.

#[path = "support/games.rs"]
mod games;

use games::Claims;
use runtime::notation::{parse_move, parse_position};
use runtime::{Game, Position};

fn load(path: &str) -> Game {
    games::load(path, Claims::Skipped)
}

fn moves(pos: &mut Position) -> Vec<String> {
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut out: Vec<String> = list
        .iter()
        .map(|&m| runtime::notation::move_to_string(pos.game(), m))
        .collect();
    out.sort();
    out
}

fn moves_from(pos: &mut Position, cell: &str) -> Vec<String> {
    moves(pos)
        .into_iter()
        .filter(|m| m.starts_with(cell) && !m[cell.len()..].starts_with(char::is_numeric))
        .collect()
}

#[test]
fn a_hex_cannon_moves_along_six_lines_and_captures_over_one_screen() {
    let game = load("dsl-examples/hoppers-hex.variant");
    // The cannon in the centre; a black cannon two cells up the f line is
    // its screen, a black cannon further up its prey. The kings stand off
    // the cannon's lines.
    let mut pos = parse_position(&game, "white: Kc2 Cf6; black: Ki7 Cf8 Cf10").unwrap();
    let from_f6 = moves_from(&mut pos, "f6");
    // Five lines of five empty cells, one cell up to the screen, and the
    // capture of the piece behind it; the screen itself is not taken.
    assert_eq!(from_f6.len(), 5 * 5 + 1 + 1, "{from_f6:?}");
    assert!(from_f6.contains(&"f6f10".to_string()));
    assert!(!from_f6.contains(&"f6f8".to_string()));
    assert!(!from_f6.contains(&"f6f9".to_string()));
}

#[test]
fn a_hex_grasshopper_lands_just_behind_the_first_piece_only() {
    let game = load("dsl-examples/hoppers-hex.variant");
    let mut pos = parse_position(&game, "white: Kc2 Gf6; black: Ki7 Cf8").unwrap();
    assert_eq!(moves_from(&mut pos, "f6"), ["f6f9"]);
    // With an enemy just behind the screen, it takes it; with a friend there, nothing.
    let mut pos = parse_position(&game, "white: Kc2 Gf6; black: Ki7 Cf8 Cf9").unwrap();
    assert_eq!(moves_from(&mut pos, "f6"), ["f6f9"]);
    let mut pos = parse_position(&game, "white: Kc2 Gf6 Cf9; black: Ki7 Cf8").unwrap();
    assert!(moves_from(&mut pos, "f6").is_empty());
}

#[test]
fn the_last_piece_between_the_generals_may_not_leave_the_file() {
    let game = load("dsl-examples/fairy/xiangqi.variant");
    // Every move of the horse leaves the e file: the generals would face.
    let mut pos = parse_position(&game, "white: Ke1 Ne5; black: Ke10").unwrap();
    assert_eq!(moves(&mut pos), ["e1d1", "e1e2", "e1f1"]);
    // Nor may a general step onto an open file facing the other.
    let mut pos = parse_position(&game, "white: Kd1; black: Ke10").unwrap();
    assert_eq!(moves(&mut pos), ["d1d2"]);
}

#[test]
fn a_piece_moving_onto_a_cannon_line_becomes_its_screen() {
    let game = load("dsl-examples/fairy/xiangqi.variant");
    // No check without a screen; the horse's step to e5 makes one.
    let mut pos = parse_position(&game, "white: Kd1 Ce3 Nc4; black: Ke10").unwrap();
    assert!(!pos.in_check());
    let mv = parse_move(&mut pos, "c4e5").unwrap();
    pos.make(mv);
    assert!(pos.in_check(), "the horse on e5 screens the cannon's check");
    // The black advisor may not step onto the cannon's line in front of
    // its own general: it would be the screen.
    let mut pos =
        parse_position(&game, "white: Kd1 Ce3; black: Ke10 Ad10 Pa7; turn black").unwrap();
    assert_eq!(moves(&mut pos), ["a7a6", "e10e9", "e10f10"]);
}

#[test]
fn a_piece_beside_a_horse_blocks_its_leaps_that_way() {
    let game = load("dsl-examples/fairy/xiangqi.variant");
    // The soldier on b2 blocks b1-a3 and b1-c3; c1 is empty, so b1-d2 stands.
    let mut pos = parse_position(&game, "white: Kd1 Ce3 Nb1 Pb2; black: Ke10 Pa7").unwrap();
    assert_eq!(moves_from(&mut pos, "b1"), ["b1d2"]);
}

#[test]
fn a_triangle_cannon_hops_one_screen_along_a_vertex_line() {
    // dsl-examples/hoppers-tri.variant: the hexagon of 96 triangles, whose
    // longest diagonal line runs e1 f2 g3 h4 i5 j6 k7 l8 (tri-2p's claim:
    // 8 cells, one a row); from e1 the other lines are d2 c3 b4 a5 and the
    // row g1 i1 k1 (a Bishop's cells there, 14 in all).
    let game = load("dsl-examples/hoppers-tri.variant");
    // A screen on g3, prey on j6: the cannon lands on h4 and i5 and takes
    // j6; the lines without a screen give nothing.
    let mut pos = parse_position(&game, "white: Ka4 Ce1; black: Ko4 Bg3 Bj6; turn white").unwrap();
    assert_eq!(moves_from(&mut pos, "e1"), ["e1h4", "e1i5", "e1j6"]);
    // A screen on g1 opens the row beyond it.
    let mut pos =
        parse_position(&game, "white: Ka4 Ce1; black: Ko4 Bg3 Bj6 Bg1; turn white").unwrap();
    assert_eq!(
        moves_from(&mut pos, "e1"),
        ["e1h4", "e1i1", "e1i5", "e1j6", "e1k1"]
    );
    // The other way down the line: over its own piece on j6, a black
    // cannon on l8 lands on i5 or takes the white Bishop on h4.
    let mut pos = parse_position(&game, "white: Ka4 Bh4; black: Ko4 Cl8 Bj6; turn black").unwrap();
    assert_eq!(moves_from(&mut pos, "l8"), ["l8h4", "l8i5"]);
}
