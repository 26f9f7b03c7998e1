//! The static exchange evaluation (`Position::exchange`) on hand-checked
//! positions: each expected value is the exchange played out by hand
//! (pawn 1, knight and bishop 3, rook 5, queen 9, the xiangqi file's own
//! values for the cannon), each side taking with its least valuable
//! attacker and stopping when going on would lose. A module of the
//! `endgame` test binary: `cargo test --profile ci --test endgame exchange::`.

use super::engine::chess;
use super::games::{self, Claims};
use runtime::codes::EMPTY;
use runtime::notation::{parse_move, parse_position};
use runtime::Game;
use std::sync::OnceLock;

/// The exchange value of `text` in `position`, in the file's value units
/// (a royal piece 1000, more than any army).
fn exchange(game: &Game, position: &str, text: &str) -> Option<i32> {
    let pos = parse_position(game, position).unwrap();
    let mv = parse_move(&mut pos.clone(), text).unwrap();
    pos.exchange(mv, |code| {
        if code == EMPTY {
            return 0;
        }
        let kind = &game.ir().kinds[game.kind_of(code)];
        if kind.royal {
            1000
        } else {
            kind.value
        }
    })
}

/// A pawn taken by a rook and retaken by a pawn: the rook is lost for it.
#[test]
fn a_rook_taking_a_pawn_defended_by_a_pawn_loses_four() {
    let v = exchange(chess(), "white: Kg1 Rd1; black: Kg8 Pd5 Pe6", "d1d5");
    assert_eq!(v, Some(1 - 5));
}

/// An undefended piece is won whole, and a defended pawn taken by a pawn
/// is an even trade that gains the pawn.
#[test]
fn free_pieces_and_even_trades() {
    let position = "white: Kg1 Pe4 Nc3; black: Kg8 Pd5 Pe6 Bb4";
    assert_eq!(exchange(chess(), position, "e4d5"), Some(1));
    assert_eq!(
        exchange(chess(), "white: Kg1 Rd1; black: Kg8 Nd5", "d1d5"),
        Some(3)
    );
}

/// X-rays: a rook behind the rook that takes first joins the exchange.
/// Two rooks on the d-file against a knight guarded by one rook: Rxd5
/// Rxd5 Rxd5 wins the knight and a rook for a rook (3 + 5 - 5).
#[test]
fn a_rook_behind_a_rook_joins_the_exchange() {
    let position = "white: Kg1 Rd1 Rd2; black: Kg8 Nd5 Rd8";
    assert_eq!(exchange(chess(), position, "d2d5"), Some(3));
    // Without the rook behind, the knight costs the rook: 3 - 5.
    let alone = "white: Kg1 Rd2; black: Kg8 Nd5 Rd8";
    assert_eq!(exchange(chess(), alone, "d2d5"), Some(3 - 5));
}

/// A king retakes only where nothing takes it back: Rxd5 with the black
/// king beside d5 loses the rook (3 - 5) unless a bishop guards d5, when
/// the king may not retake and the knight is won whole.
#[test]
fn a_king_retakes_only_an_unguarded_cell() {
    let unguarded = "white: Kg1 Rd1; black: Ke6 Nd5";
    assert_eq!(exchange(chess(), unguarded, "d1d5"), Some(3 - 5));
    let guarded = "white: Kg1 Rd1 Bf3; black: Ke6 Nd5";
    assert_eq!(exchange(chess(), guarded, "d1d5"), Some(3));
}

/// A quiet move to a cell a pawn attacks hangs the piece: 0 - 3.
#[test]
fn a_quiet_move_into_a_pawns_attack_hangs_the_piece() {
    let position = "white: Kg1 Nc3; black: Kg8 Pe6";
    assert_eq!(exchange(chess(), position, "c3d5"), Some(-3));
    assert_eq!(exchange(chess(), position, "c3b5"), Some(0));
}

/// Hoppers: a xiangqi cannon takes only over a screen, and a cannon
/// guarding over a screen retakes.
#[test]
fn a_cannon_retakes_over_its_screen() {
    static GAME: OnceLock<Game> = OnceLock::new();
    let xiangqi = games::shared(&GAME, "dsl-examples/fairy/xiangqi.variant", Claims::Skipped);
    // The red chariot takes the black horse on e5; the black cannon on e9,
    // over the black soldier on e7, retakes: 4 - 9.
    let position = "white: Kd1 Re1; black: Kf10 Ne5 Pe7 Ce9";
    assert_eq!(exchange(xiangqi, position, "e1e5"), Some(4 - 9));
    // Without the screen the cannon sees nothing to take: 4.
    let unscreened = "white: Kd1 Re1; black: Kf10 Ne5 Ce9";
    assert_eq!(exchange(xiangqi, unscreened, "e1e5"), Some(4));
}
