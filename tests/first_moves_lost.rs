//! Moves barred by state (issue 31), on `dsl-examples/fairy/cambodian.variant`:
//! `not-in-check` atoms (the king's first-move leap is barred in check),
//! `first-move King lost when aimed by Rook` (a rook landing on the king's
//! line takes the leap away), and Fairy-Stockfish's gates in FEN's castling
//! field (`DEde`). Expected moves and FENs are pyffish's (Fairy-Stockfish
//! 0.0.90's binding), asked with `sf.legal_moves("cambodian", FEN, MOVES)`
//! and `sf.get_fen(...)` on the positions below.

use runtime::notation::{move_to_string, parse_fen, parse_move, write_fen};
use runtime::{Game, Position, PositionError};
use std::path::Path;

fn cambodian() -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("dsl-examples/fairy/cambodian.variant");
    Game::load(compiler::compile_file(&path, false).ir.expect("compiles")).unwrap()
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

fn after(game: &Game, fen: &str, played: &[&str]) -> (Vec<String>, String) {
    let mut pos = parse_fen(game, fen).unwrap();
    for text in played {
        let mv = parse_move(&mut pos, text).unwrap();
        pos.make(mv);
    }
    let fen = write_fen(&pos).unwrap();
    (moves(&mut pos), fen.split(' ').nth(2).unwrap().to_string())
}

#[test]
fn a_rook_on_the_kings_line_takes_its_leap_away() {
    let game = cambodian();
    let start = "4k3/8/8/8/8/8/r7/3K4 b D - 0 1";
    // pyffish: ['d1c1', 'd1d2', 'd1e1'], gates `-`.
    let (list, gates) = after(&game, start, &["a2d2"]);
    assert_eq!(list, ["d1c1", "d1d2", "d1e1"]);
    assert_eq!(gates, "-");
    // Off the king's lines the leap stays: pyffish lists d1b2 and d1f2.
    let (list, gates) = after(&game, start, &["a2a3"]);
    assert_eq!(
        list,
        ["d1b2", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2", "d1f2"]
    );
    assert_eq!(gates, "D");
}

#[test]
fn the_kings_leap_is_barred_in_check_and_the_mets_step_is_not() {
    let game = cambodian();
    // In check from the knight: no leap (pyffish: d1c1 d1d2 d1e2).
    let (list, _) = after(&game, "4k3/8/8/8/8/4n3/8/3KM3 w DE - 0 1", &[]);
    assert_eq!(list, ["d1c1", "d1d2", "d1e2"]);
    // Not in check: both leaps, and the met's two steps forward.
    let (list, _) = after(&game, "4k3/8/8/8/8/8/8/3KM3 w DE - 0 1", &[]);
    assert_eq!(
        list,
        ["d1b2", "d1c1", "d1c2", "d1d2", "d1e2", "d1f2", "e1d2", "e1e3", "e1f2"]
    );
    // Without its gate the met steps diagonally only.
    let (list, _) = after(&game, "4k3/8/8/8/8/8/8/3KM3 w D - 0 1", &[]);
    assert!(!list.contains(&"e1e3".to_string()), "{list:?}");
}

#[test]
fn gates_are_written_and_read_as_fairy_stockfish_does() {
    let game = cambodian();
    let start = Position::start(&game);
    // pyffish's start FEN.
    assert_eq!(
        write_fen(&start).unwrap(),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1"
    );
    let back = parse_fen(
        &game,
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1",
    )
    .unwrap();
    assert_eq!(back, start);
    // A gate on a file without such a piece is refused.
    let err = parse_fen(
        &game,
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w A - 0 1",
    )
    .unwrap_err();
    assert!(
        matches!(err, PositionError::NoGatePiece { letter: 'A', .. }),
        "{err:?}"
    );
}
