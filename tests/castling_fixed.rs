//! Castling to fixed cells from wherever the king and the rook stand
//! (`lands`, Chess960's rule, which Fairy-Stockfish applies in every
//! variant) on dsl-examples/fairy/extinction.variant, from the suite's
//! Chess960 start. The FENs are pyffish's (`get_fen("extinction", FEN,
//! MOVES)`), recorded here with the moves that give them.

#[path = "support/games.rs"]
mod games;

use games::Claims;
use runtime::notation::{parse_fen, parse_move, write_fen};
use runtime::Position;

const START: &str = "rnbqb1kr/pppppppp/8/8/8/8/PPPPPPPP/RNBQB1KR w AHah - 0 1";

fn after(pos: &mut Position, moves: &str) -> String {
    for text in moves.split_whitespace() {
        let mv = parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.make(mv);
    }
    write_fen(pos).unwrap()
}

fn moves(pos: &mut Position) -> Vec<String> {
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    list.iter()
        .map(|&m| runtime::notation::move_to_string(pos.game(), m))
        .collect()
}

#[test]
fn a_king_on_its_landing_cell_castles_by_moving_the_rook_alone() {
    let game = games::load("dsl-examples/fairy/extinction.variant", Claims::Skipped);
    let mut pos = parse_fen(&game, START).unwrap();
    assert!(moves(&mut pos).contains(&"g1g1".to_string()));
    assert_eq!(
        after(&mut pos, "g1g1"),
        "rnbqb1kr/pppppppp/8/8/8/8/PPPPPPPP/RNBQBRK1 b kq - 1 1"
    );
}

#[test]
fn a_king_move_takes_every_right_and_a_rook_move_its_own() {
    let game = games::load("dsl-examples/fairy/extinction.variant", Claims::Skipped);
    let mut pos = parse_fen(&game, START).unwrap();
    assert_eq!(
        after(&mut pos, "g1f1"),
        "rnbqb1kr/pppppppp/8/8/8/8/PPPPPPPP/RNBQBK1R b kq - 1 1"
    );
    // Back on g1, the king castles no more (pyffish lists no `g1g1`).
    after(&mut pos, "g8f8 f1g1 a7a6");
    assert!(!moves(&mut pos).iter().any(|m| m == "g1g1"));
    let mut pos = parse_fen(&game, START).unwrap();
    assert_eq!(
        after(&mut pos, "h2h3 h7h6 h1h2"),
        "rnbqb1kr/ppppppp1/7p/8/8/7P/PPPPPPPR/RNBQB1K1 b Qkq - 1 2"
    );
}
