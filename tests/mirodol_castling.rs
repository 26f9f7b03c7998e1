//! Hand-checked Mirodol castling positions (no outside engine plays Mirodol
//! castling, so every expected count below is derived by hand from the rules
//! in shared/rules/mirodol.md and explained next to the test).
//!
//! The rules: king and one rook, neither having moved, no piece between them.
//! The king moves ANY nonzero number of squares along the first rank towards
//! that rook; the rook jumps over the king and lands on the square adjacent
//! to it on the other side. Comment 9 of the original (the corrected digest):
//! the king may also jump over its rook. On the rook's own square the rook
//! goes to the square next to it towards the king's origin; beyond the rook
//! (the corner) the rook stays where it is. Every square the king passes or
//! lands on is empty except the rook's own. Squares the king stands on,
//! crosses or lands on must not be attacked; the rook's square counts as
//! crossed when the king passes it (and may be attacked otherwise).
//!
//! Notation: `<king from><king to>`, plus `/<rook cell>` when the king's move
//! is also a plain king step (`e1d1/b1`, `e1f1/i1`).
//!
//! Board: 10x10, files a..j; FEN castling `K`/`Q` = the outermost rook on
//! that side (here i1 / b1 for White, i10 / b10 for Black).

#[path = "support/games.rs"]
mod games;
use runtime::notation::{move_to_string, parse_move, parse_position, write_fen};
use runtime::{Game, MoveKind, Position};
use std::collections::BTreeSet;
use std::sync::OnceLock;

fn game() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(&GAME, "stdlib/mirodol.variant", games::Claims::Skipped)
}

fn pos(fen: &str) -> Position<'static> {
    parse_position(game(), fen).unwrap_or_else(|e| panic!("bad test FEN {fen}: {e}"))
}

/// The legal castling moves of `p`, in move notation.
fn castlings(p: &mut Position) -> BTreeSet<String> {
    let mut list = Vec::new();
    p.legal_moves(&mut list);
    list.iter()
        .filter(|m| m.kind() == MoveKind::Castle)
        .map(|&m| move_to_string(p.game(), m))
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn play(p: &mut Position, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = parse_move(p, m).unwrap_or_else(|e| panic!("{m} in {p:?}: {e}"));
        p.make(mv);
    }
}

fn cell(name: &str) -> usize {
    game().cell(name).unwrap()
}

/// White: Rb1, Ke1, Ri1; Black: Ke10 only. Both white rights.
const ALL_CLEAR: &str = "4k5/10/10/10/10/10/10/10/10/1R2K3R1 w KQ - 0 1";

/// Nothing between the king and either rook, the corners empty and nothing
/// attacked, so every king target from e1 up to the corner beyond each rook:
/// left (rook b1): d1, c1, b1 (the rook's square), a1 (the corner);
/// right (rook i1): f1, g1, h1, i1, j1. 4 + 5 = 9 castlings (the digest's own
/// example). d1 and f1 are also plain king steps, so they carry the rook's cell.
#[test]
fn all_clear_gives_nine_castlings() {
    let mut p = pos(ALL_CLEAR);
    assert_eq!(
        castlings(&mut p),
        set(&["e1d1/b1", "e1c1", "e1b1", "e1a1", "e1f1/i1", "e1g1", "e1h1", "e1i1", "e1j1"])
    );
    // The plain king steps still exist next to the castlings of the same path.
    let step = parse_move(&mut p, "e1d1").unwrap();
    assert_eq!(step.kind(), MoveKind::Normal);
    assert_eq!(
        parse_move(&mut p, "e1d1/b1").unwrap().kind(),
        MoveKind::Castle
    );
    assert_eq!(parse_move(&mut p, "e1f1").unwrap().kind(), MoveKind::Normal);
    assert_eq!(
        parse_move(&mut p, "e1f1/i1").unwrap().kind(),
        MoveKind::Castle
    );
    // The long form (with the rook) is accepted for the others too.
    assert_eq!(
        parse_move(&mut p, "e1g1/i1").unwrap().kind(),
        MoveKind::Castle
    );
    // Onto and past the rook: castlings, written as the king's move alone.
    for m in ["e1b1", "e1i1", "e1a1", "e1j1"] {
        assert_eq!(
            parse_move(&mut p, m).unwrap().kind(),
            MoveKind::Castle,
            "{m}"
        );
    }
}

/// A piece in the corner beyond the rook (here a white Knight on a1, a black
/// one on j1): the king may still land on the rook's square, not in the
/// corner. Left: d1, c1, b1; right: f1, g1, h1, i1 (j1 is occupied). The
/// black knight on j1 attacks h2 and i3 only: nothing on rank 1. 3 + 4 = 7.
#[test]
fn a_piece_in_the_corner_stops_the_king_at_the_rook() {
    let mut p = pos("4k5/10/10/10/10/10/10/10/10/NR2K3Rn w KQ - 0 1");
    assert_eq!(
        castlings(&mut p),
        set(&["e1d1/b1", "e1c1", "e1b1", "e1f1/i1", "e1g1", "e1h1", "e1i1"])
    );
}

/// Black's mirror: Rb10, Ke10, Ri10 with `kq`; Black to move. Same reasoning
/// as for White: left d10, c10, b10, a10; right f10, g10, h10, i10, j10 = 9.
#[test]
fn black_all_clear_gives_nine_castlings() {
    let mut p = pos("1r2k3r1/10/10/10/10/10/10/10/10/4K5 b kq - 0 1");
    assert_eq!(
        castlings(&mut p),
        set(&[
            "e10d10/b10",
            "e10c10",
            "e10b10",
            "e10a10",
            "e10f10/i10",
            "e10g10",
            "e10h10",
            "e10i10",
            "e10j10"
        ])
    );
}

/// The start position: every square between king and rooks is occupied
/// (knights c1/h1, bishops d1/g1, queen f1), so no castling at all.
#[test]
fn start_position_has_no_castling() {
    let mut p = Position::start(game());
    assert!(castlings(&mut p).is_empty());
}

/// A white knight on h1 stands between the king (e1) and the rook (i1): no
/// right-side castling at all, even to f1 whose king path is clear (rule: "no
/// piece between them"). The left side is untouched: d1, c1, b1, a1 = 4.
#[test]
fn piece_between_blocks_that_side() {
    let mut p = pos("4k5/10/10/10/10/10/10/10/10/1R2K2NR1 w KQ - 0 1");
    assert_eq!(castlings(&mut p), set(&["e1d1/b1", "e1c1", "e1b1", "e1a1"]));
}

/// A black knight on c1 (next to the rook on b1, not on the path of the king
/// to d1) blocks the whole left side, including e1d1/b1. The knight on c1
/// attacks a2, b3, d3, e2: no first-rank square, so the right side keeps
/// f1, g1, h1, i1, j1 = 5.
#[test]
fn enemy_piece_next_to_the_rook_blocks_that_side() {
    let mut p = pos("4k5/10/10/10/10/10/10/10/10/1Rn1K3R1 w KQ - 0 1");
    assert_eq!(castlings(&mut p), set(&RIGHT_SIDE));
}

/// Every castling towards the i1 rook from e1 with the corner empty.
const RIGHT_SIDE: [&str; 5] = ["e1f1/i1", "e1g1", "e1h1", "e1i1", "e1j1"];
/// Every castling towards the b1 rook from e1 with the corner empty.
const LEFT_SIDE: [&str; 4] = ["e1d1/b1", "e1c1", "e1b1", "e1a1"];

/// A black bishop on c5 attacks g1 along c5-d4-e3-f2-g1 (and no other
/// first-rank square: its other diagonals end at a3, a7 and off the top).
/// Right side: f1 (king crosses nothing, lands on f1: safe) stays; g1 (lands
/// on the attacked g1) and h1, i1, j1 (cross g1) go. Left: d1, c1, b1, a1.
/// Total 5.
#[test]
fn attacked_crossed_square_removes_only_longer_castlings() {
    let mut p = pos("4k5/10/10/10/10/2b7/10/10/10/1R2K3R1 w KQ - 0 1");
    assert!(p.attacked_by_enemy_of(cell("g1"), 0));
    assert!(!p.attacked_by_enemy_of(cell("f1"), 0));
    assert_eq!(
        castlings(&mut p),
        set(&["e1d1/b1", "e1c1", "e1b1", "e1a1", "e1f1/i1"])
    );
}

/// A black rook on d10 attacks the whole d-file down to d1. Left: d1 is the
/// landing square of e1d1/b1 and crossed by every other left castling, so
/// the whole left side goes. Right: f1, g1, h1, i1, j1 = 5.
#[test]
fn attacked_square_next_to_the_king_removes_the_whole_side() {
    let mut p = pos("3rk5/10/10/10/10/10/10/10/10/1R2K3R1 w KQ - 0 1");
    assert_eq!(castlings(&mut p), set(&RIGHT_SIDE));
}

/// A black Archer (camel + zebra) on e3 = (4,2) attacks, on the first rank,
/// only (4-3, 0) = b1 and (4+3, 0) = h1 (zebra (3,2) steps); (0,-2) is not an
/// Archer move, so e1 is not attacked. Right: e1h1 lands on h1 and e1i1,
/// e1j1 cross it, so they go; e1f1, e1g1 stay. Left: b1 is the ROOK's
/// square. It may be attacked as long as the king does not land on it or
/// cross it: e1d1/b1 and e1c1 stay, e1b1 (lands on b1) and e1a1 (crosses
/// it) go. Total 4.
#[test]
fn attacked_rook_square_matters_only_when_the_king_reaches_it() {
    let mut p = pos("4k5/10/10/10/10/10/10/4a5/10/1R2K3R1 w KQ - 0 1");
    assert!(p.attacked_by_enemy_of(cell("h1"), 0));
    assert!(p.attacked_by_enemy_of(cell("b1"), 0));
    assert!(!p.attacked_by_enemy_of(cell("e1"), 0));
    assert_eq!(
        castlings(&mut p),
        set(&["e1d1/b1", "e1c1", "e1f1/i1", "e1g1"])
    );
}

/// A black rook on e5 gives check along the empty e-file: the king's origin
/// is attacked, so no castling at all.
#[test]
fn no_castling_out_of_check() {
    let mut p = pos("4k5/10/10/10/10/4r5/10/10/10/1R2K3R1 w KQ - 0 1");
    assert!(p.in_check());
    assert!(castlings(&mut p).is_empty());
}

/// The castling field decides: `-` none; `K` only the i1 rook (the 5 of the
/// right side); `Q` only the b1 rook (the 4 of the left side).
#[test]
fn rights_from_the_castling_field() {
    let board = "4k5/10/10/10/10/10/10/10/10/1R2K3R1 w";
    assert!(castlings(&mut pos(&format!("{board} - - 0 1"))).is_empty());
    assert_eq!(
        castlings(&mut pos(&format!("{board} K - 0 1"))),
        set(&RIGHT_SIDE)
    );
    assert_eq!(
        castlings(&mut pos(&format!("{board} Q - 0 1"))),
        set(&LEFT_SIDE)
    );
}

/// The b1 rook goes to b2 and back (Black's king shuffles e10-e9-e10): the
/// position is the same but that rook has moved, so only the right side is
/// left (its 5) and the FEN castling field reads `K`.
#[test]
fn rook_that_moved_and_returned_cannot_castle() {
    let mut p = pos(ALL_CLEAR);
    play(&mut p, "b1b2 e10e9 b2b1 e9e10");
    assert_eq!(castlings(&mut p), set(&RIGHT_SIDE));
    assert_eq!(
        write_fen(&p).unwrap(),
        "4k5/10/10/10/10/10/10/10/10/1R2K3R1 w K - 4 3"
    );
    // Same with the i1 rook: only the left side remains.
    let mut p = pos(ALL_CLEAR);
    play(&mut p, "i1i2 e10e9 i2i1 e9e10");
    assert_eq!(castlings(&mut p), set(&LEFT_SIDE));
    assert_eq!(
        write_fen(&p).unwrap(),
        "4k5/10/10/10/10/10/10/10/10/1R2K3R1 w Q - 4 3"
    );
}

/// The king goes e1-e2-e1: it has moved, so no castling on either side.
#[test]
fn king_that_moved_and_returned_cannot_castle() {
    let mut p = pos(ALL_CLEAR);
    play(&mut p, "e1e2 e10e9 e2e1 e9e10");
    assert!(castlings(&mut p).is_empty());
    assert_eq!(
        write_fen(&p).unwrap(),
        "4k5/10/10/10/10/10/10/10/10/1R2K3R1 w - - 4 3"
    );
}

/// The positions after castling (rook jumps to the king's other side; all
/// white rights are gone because the king moved; no capture or pawn move, so
/// the halfmove clock is 1; Black to move, still move 1):
/// - e1g1:    king g1, rook i1 -> f1:  rank 1 = .R...RK... = 1R3RK3
/// - e1h1:    king h1, rook i1 -> g1:  rank 1 = .R....RK.. = 1R4RK2
/// - e1f1/i1: king f1, rook i1 -> e1:  rank 1 = .R..RK.... = 1R2RK4
/// - e1c1:    king c1, rook b1 -> d1:  rank 1 = ..KR....R. = 2KR4R1
/// - e1d1/b1: king d1, rook b1 -> e1:  rank 1 = ...KR...R. = 3KR3R1
/// - e1b1:    king b1 (the rook's square), rook b1 -> c1: .KR.....R. = 1KR5R1
/// - e1a1:    king a1 (the corner), the rook stays on b1: KR......R. = KR6R1
/// - e1i1:    king i1, rook i1 -> h1:  rank 1 = .R.....RK. = 1R5RK1
/// - e1j1:    king j1, the rook stays on i1: .R......RK = 1R6RK
///
/// Unmaking restores the start exactly.
#[test]
fn positions_after_castling() {
    let cases = [
        ("e1g1", "1R3RK3"),
        ("e1h1", "1R4RK2"),
        ("e1f1/i1", "1R2RK4"),
        ("e1c1", "2KR4R1"),
        ("e1d1/b1", "3KR3R1"),
        ("e1b1", "1KR5R1"),
        ("e1a1", "KR6R1"),
        ("e1i1", "1R5RK1"),
        ("e1j1", "1R6RK"),
    ];
    for (mv_text, rank1) in cases {
        let mut p = pos(ALL_CLEAR);
        let before = p.clone();
        let mv = parse_move(&mut p, mv_text).unwrap();
        assert_eq!(mv.kind(), MoveKind::Castle, "{mv_text}");
        assert_eq!(move_to_string(game(), mv), mv_text);
        p.make(mv);
        assert_eq!(
            write_fen(&p).unwrap(),
            format!("4k5/10/10/10/10/10/10/10/10/{rank1} b - - 1 1"),
            "after {mv_text}"
        );
        // The incremental hash equals the hash of the same position from scratch.
        assert_eq!(p.hash(), pos(&write_fen(&p).unwrap()).hash(), "{mv_text}");
        p.unmake(mv);
        assert_eq!(p, before, "unmake {mv_text}");
    }
}

/// White: Ke1, Ri1; Black: Rj1 (next to the white rook), Ke10; White: Rb1.
/// Before castling nothing attacks e1..h1: the black rook's rank-1 ray stops
/// at the white rook on i1. But the white rook jumps over the king, so after
/// e1f1/i1 (rook -> e1), e1g1 (rook -> f1) or e1h1 (rook -> g1) the black rook
/// sees i1, h1, g1, f1 and attacks the king on its landing square: all three
/// right-side castlings are illegal. e1i1 lands on the rook's square, which
/// the black rook attacks; j1 is occupied. The left side is unaffected (the
/// i1 rook stays and shields): d1, c1, b1, a1 = 4.
#[test]
fn castling_that_removes_the_rooks_shield_is_illegal() {
    let mut p = pos("4k5/10/10/10/10/10/10/10/10/1R2K3Rr w KQ - 0 1");
    for c in ["e1", "f1", "g1", "h1"] {
        assert!(!p.attacked_by_enemy_of(cell(c), 0), "{c} attacked before");
    }
    assert_eq!(castlings(&mut p), set(&LEFT_SIDE));
    for m in ["e1f1/i1", "e1g1", "e1h1", "e1g1/i1", "e1i1", "e1j1"] {
        assert!(parse_move(&mut p, m).is_err(), "{m} must be illegal");
    }
    // Without the left rook: no castling at all.
    let mut p = pos("4k5/10/10/10/10/10/10/10/10/4K3Rr w K - 0 1");
    assert!(castlings(&mut p).is_empty());
}

/// Castling rights are per player, and the castled rook attacks like any
/// rook. Black has Rb10, Ke10, Ri10 with `kq` as well. White castles e1c1
/// (rook b1 -> d1). The rook on d1 now sees the empty d-file up to d10, which
/// is the landing square of e10d10/b10 and crossed by e10c10: Black's left
/// side is gone. The i1 rook sees the i-file up to the black rook on i10:
/// the rook's own square may be attacked while the king neither lands on it
/// nor crosses it, so Black keeps f10, g10, h10 = 3 (i10 and j10 go).
/// Before that, White has 5 for the same reason: the black rooks on b10 and
/// i10 attack b1 and i1, so e1b1, e1a1, e1i1 and e1j1 are out.
#[test]
fn castling_rights_are_per_player_and_the_moved_rook_attacks() {
    let mut p = pos("1r2k3r1/10/10/10/10/10/10/10/10/1R2K3R1 w KQkq - 0 1");
    assert_eq!(
        castlings(&mut p),
        set(&["e1d1/b1", "e1c1", "e1f1/i1", "e1g1", "e1h1"])
    );
    play(&mut p, "e1c1");
    assert!(p.attacked_by_enemy_of(cell("d10"), 1));
    assert_eq!(castlings(&mut p), set(&["e10f10/i10", "e10g10", "e10h10"]));
    assert_eq!(
        write_fen(&p).unwrap(),
        "1r2k3r1/10/10/10/10/10/10/10/10/2KR4R1 b kq - 1 1"
    );
}

/// The text's notation (`written king-zeros "Кр" "Kr"`): one zero per square
/// the king moves, on the side it moves to as the board is drawn. Every
/// castling of the all-clear position reads back from each of its spellings,
/// and the digest's examples name the moves they describe: `Кр-0-0-0` is
/// e1h1 (three squares to the right), `0-0-Кр` is e1c1 (two to the left).
#[test]
fn text_notation_round_trips() {
    use runtime::notation::move_aliases;
    let mut p = pos(ALL_CLEAR);
    let mut list = Vec::new();
    p.legal_moves(&mut list);
    let castles: Vec<_> = list
        .iter()
        .filter(|m| m.kind() == MoveKind::Castle)
        .collect();
    assert_eq!(castles.len(), 9);
    for &&mv in &castles {
        let aliases = move_aliases(game(), mv);
        assert_eq!(aliases.len(), 2, "{}", move_to_string(game(), mv));
        for alias in aliases {
            assert_eq!(parse_move(&mut p, alias).unwrap(), mv, "{alias}");
        }
    }
    let named = |p: &mut Position, text: &str| move_to_string(game(), parse_move(p, text).unwrap());
    assert_eq!(named(&mut p, "Кр-0-0-0"), "e1h1");
    assert_eq!(named(&mut p, "0-0-Кр"), "e1c1");
    assert_eq!(named(&mut p, "0-0-Kr"), "e1c1");
    assert_eq!(named(&mut p, "Kr-0-0-0-0-0"), "e1j1");
    assert_eq!(named(&mut p, "0-Кр"), "e1d1/b1");
    assert!(parse_move(&mut p, "Кр-0-0-0-0-0-0").is_err());
    // Black, as the board is drawn: Кр-0-0 is e10g10.
    let mut b = pos("1r2k3r1/10/10/10/10/10/10/10/10/4K5 b kq - 0 1");
    assert_eq!(named(&mut b, "Кр-0-0"), "e10g10");
}
