//! Hands and drops, hand-checked positions (the rules of
//! dsl-examples/fairy/crazyhouse.variant and minishogi.variant, as
//! Fairy-Stockfish plays them): what a capture adds to a hand (a promoted
//! piece reverting, a promoted shogi piece demoted), where drops go (pawn
//! ranks, one pawn per file), FEN holdings read and written, and bad
//! holdings refused with the error that names them.

#[path = "support/games.rs"]
mod games;

use games::Claims;
use runtime::notation::{parse_fen, parse_move, write_fen};
use runtime::{Game, Position, PositionError};

fn load(variant: &str) -> Game {
    games::load(
        &format!("dsl-examples/fairy/{variant}.variant"),
        Claims::Skipped,
    )
}

fn kind(game: &Game, name: &str) -> usize {
    game.ir().kinds.iter().position(|k| k.name == name).unwrap()
}

fn play(pos: &mut Position, text: &str) {
    let mv = parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.make(mv);
}

fn moves(pos: &mut Position) -> Vec<String> {
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    list.iter()
        .map(|&m| runtime::notation::move_to_string(pos.game(), m))
        .collect()
}

#[test]
fn a_captured_promoted_queen_joins_the_hand_as_a_pawn() {
    let game = load("crazyhouse");
    // The black queen on a1 promoted on the board (`~`); the white rook takes it.
    let mut pos = parse_fen(&game, "4k3/8/8/8/8/8/4K3/q~6R[] w - - 0 1").unwrap();
    play(&mut pos, "h1a1");
    assert_eq!(pos.in_hand(0, kind(&game, "Pawn")), 1);
    assert_eq!(pos.in_hand(0, kind(&game, "Queen")), 0);
    // An unmarked queen joins as a queen.
    let mut pos = parse_fen(&game, "4k3/8/8/8/8/8/4K3/q6R[] w - - 0 1").unwrap();
    play(&mut pos, "h1a1");
    assert_eq!(pos.in_hand(0, kind(&game, "Queen")), 1);
}

#[test]
fn pawns_drop_nowhere_on_the_first_or_last_rank_and_pieces_anywhere_empty() {
    let game = load("crazyhouse");
    let mut pos = parse_fen(&game, "4k3/8/8/8/8/8/8/4K3[PN] w - - 0 1").unwrap();
    let list = moves(&mut pos);
    let pawn_drops = list.iter().filter(|m| m.starts_with("P@")).count();
    let knight_drops = list.iter().filter(|m| m.starts_with("N@")).count();
    assert_eq!(pawn_drops, 48, "ranks 2 to 7");
    assert_eq!(knight_drops, 62, "every empty cell");
    assert!(!list.contains(&"P@a1".to_string()) && !list.contains(&"P@a8".to_string()));
}

#[test]
fn in_check_only_drops_that_block_are_legal() {
    let game = load("crazyhouse");
    // The rook on e8 checks the king on e1: a drop must land between them.
    let mut pos = parse_fen(&game, "k3r3/8/8/8/8/8/8/4K3[N] w - - 0 1").unwrap();
    let drops: Vec<String> = moves(&mut pos)
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert_eq!(drops.len(), 6, "{drops:?}");
    assert!(drops
        .iter()
        .all(|m| m.ends_with(|c: char| c.is_ascii_digit()) && m[2..3] == *"e"));
}

#[test]
fn a_shogi_pawn_drops_only_on_a_file_without_its_own_pawn() {
    let game = load("minishogi");
    // White's pawn on a2, a pawn in hand: files b to e only, never rank 5.
    let mut pos = parse_fen(&game, "rbsgk/4p/5/P4/KGSBR[P] w 0 1").unwrap();
    let drops: Vec<String> = moves(&mut pos)
        .into_iter()
        .filter(|m| m.starts_with("P@"))
        .collect();
    assert!(
        drops
            .iter()
            .all(|m| !m.starts_with("P@a") && !m.ends_with('5')),
        "{drops:?}"
    );
    assert!(drops.contains(&"P@b3".to_string()));
}

#[test]
fn a_captured_promoted_shogi_piece_joins_the_hand_demoted() {
    let game = load("minishogi");
    // The black dragon (`+r`) on a2 is taken by the white king.
    let mut pos = parse_fen(&game, "4k/5/5/+r4/K4[-] w 0 1").unwrap();
    play(&mut pos, "a1a2");
    assert_eq!(pos.in_hand(0, kind(&game, "Rook")), 1);
    assert_eq!(pos.in_hand(0, kind(&game, "Dragon")), 0);
}

#[test]
fn holdings_round_trip_through_fen() {
    let game = load("crazyhouse");
    for fen in [
        "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1",
        "2k5/8/8/8/8/8/8/4K3[] w - - 0 1",
        "2k5/8/8/8/8/8/8/3Q~K3[Pp] b - - 0 1",
    ] {
        let pos = parse_fen(&game, fen).unwrap();
        let written = write_fen(&pos).unwrap();
        let again = parse_fen(&game, &written).unwrap();
        assert!(again == pos, "{fen} -> {written}");
    }
    // The suite's other spelling: the holdings as one more rank.
    let a = parse_fen(&game, "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1").unwrap();
    let b = parse_fen(&game, "2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1").unwrap();
    assert!(a == b);
}

#[test]
fn bad_holdings_are_refused_by_name() {
    let crazyhouse = load("crazyhouse");
    let chess = games::load("dsl-examples/chess.variant", Claims::Skipped);
    let err = |game: &Game, fen: &str| parse_fen(game, fen).err().unwrap();
    assert!(matches!(
        err(&crazyhouse, "4k3/8/8/8/8/8/8/4K3[Qz w - - 0 1"),
        PositionError::UnclosedHoldings { .. }
    ));
    assert!(matches!(
        err(&crazyhouse, "4k3/8/8/8/8/8/8/4K3[Z] w - - 0 1"),
        PositionError::UnknownHandLetter { letter: 'Z' }
    ));
    let many = format!("4k3/8/8/8/8/8/8/4K3[{}] w - - 0 1", "Q".repeat(65));
    assert!(matches!(
        err(&crazyhouse, &many),
        PositionError::HandTooLarge {
            letter: 'Q',
            count: 65
        }
    ));
    assert!(matches!(
        err(&chess, "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1"),
        PositionError::HoldingsNotInGame { .. }
    ));
    assert!(matches!(
        err(&crazyhouse, "4k3/8/8/8/8/8/8/4K2+ w - - 0 1"),
        PositionError::StrayPlus { rank: 1 }
    ));
    assert!(matches!(
        err(&crazyhouse, "~4k3/8/8/8/8/8/8/4K3[] w - - 0 1"),
        PositionError::StrayPromotedMark { rank: 8 }
    ));
}
