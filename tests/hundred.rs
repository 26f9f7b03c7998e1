//! 100-cell chess (`stdlib/hundred.variant`): hand-checked positions for each
//! of its mechanisms, every expected number derived from
//! `../shared/rules/hundred.md` in the comment next to it. The engine
//! against the independent reference generator is tests/hundred_reference.rs.
//! Files are a b c d e f g h i k (no j). Positions use the general notation
//! (pieces by cell); pieces on their setup cells count as unmoved.

#[path = "support/games.rs"]
mod games;
use runtime::notation::{move_to_string, parse_move, parse_position};
use runtime::{Game, Position};
use std::collections::BTreeSet;
use std::sync::OnceLock;

fn game() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(&GAME, "stdlib/hundred.variant", games::Claims::Verified)
}

fn pos(fen: &str) -> Position<'static> {
    parse_position(game(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(p: &mut Position) -> BTreeSet<String> {
    let mut list = Vec::new();
    p.legal_moves(&mut list);
    list.iter().map(|&m| move_to_string(game(), m)).collect()
}

/// The legal moves starting on `cell`.
fn from(fen: &str, cell: &str) -> BTreeSet<String> {
    let mut p = pos(fen);
    moves(&mut p)
        .into_iter()
        .filter(|m| {
            m.starts_with(cell) && !m[cell.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn play(p: &mut Position, line: &str) {
    for mv in line.split_whitespace() {
        let m = parse_move(p, mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        p.make(m);
    }
}

// Kings tucked away on a1 / k10 unless a test needs them elsewhere.

#[test]
fn ordinary_general_off_the_royal_file() {
    // General f5 alone: f3 f4 f6 f7 d5 e5 g5 h5 (straight 1-2) + e4 g4 e6 g6 (hooks) = 12.
    let got = from("white: Ka1 Gf5; black: Kk10", "f5");
    assert_eq!(
        got,
        set(&[
            "f5f3", "f5f4", "f5f6", "f5f7", "f5d5", "f5e5", "f5g5", "f5h5", "f5e4", "f5g4", "f5e6",
            "f5g6"
        ])
    );
}

#[test]
fn strong_general_on_the_royal_file_slides() {
    // General e5: the whole e-file (e2..e9 minus e5; e1.. are free: king on a1)
    // = e1 e2 e3 e4 e6 e7 e8 e9 e10 (9) + rank 5 a5..k5 minus e5 (9) + 4 hooks = 22.
    let got = from("white: Ka1 Ge5; black: Kk10", "e5");
    assert_eq!(got.len(), 22, "{got:?}");
    assert!(got.contains("e5e10") && got.contains("e5a5") && got.contains("e5k5"));
}

#[test]
fn general_hooks_need_one_empty_route() {
    // White pawns on f6 and g5 block both routes f5->g6 (via f6, via g5).
    let blocked = from("white: Ka1 Gf5 Pf6 Pg5; black: Kk10", "f5");
    assert!(
        !blocked.contains("f5g6"),
        "both routes blocked: {blocked:?}"
    );
    // One route open (g5 empty) is enough.
    let open = from("white: Ka1 Gf5 Pf6; black: Kk10", "f5");
    assert!(open.contains("f5g6"), "{open:?}");
    // Straight moves stop at a piece: f6 own pawn blocks f6 and f7.
    assert!(!open.contains("f5f6") && !open.contains("f5f7"));
}

#[test]
fn jester_ordinary_and_strong() {
    // Jester d4: diagonals 1-2: c3 b2 e5 f6 c5 b6 e3 f2 (8) + hooks d2 d6 b4 f4 (4) = 12, all dark like d4.
    let ordinary = from("white: Ka1 Jd4; black: Kk10", "d4");
    assert_eq!(
        ordinary,
        set(&[
            "d4c3", "d4b2", "d4e5", "d4f6", "d4c5", "d4b6", "d4e3", "d4f2", "d4d2", "d4d6", "d4b4",
            "d4f4"
        ])
    );
    // Jester e4 (Royal file): diagonals unlimited: d3 c2 b1, f5 g6 h7 i8 k9, d5 c6 b7 a8, f3 g2 h1 (15)
    // + hooks e2 e6 c4 g4 (4) = 19.
    let strong = from("white: Ka1 Je4; black: Kk10", "e4");
    assert_eq!(strong.len(), 19, "{strong:?}");
    assert!(strong.contains("e4k9") && strong.contains("e4a8"));
    // Hook e4->e6 needs d5 or f5 empty: both filled by own pawns -> gone.
    let hooked = from("white: Ka1 Je4 Pd5 Pf5; black: Kk10", "e4");
    assert!(
        !hooked.contains("e4e6") && hooked.contains("e4e2"),
        "{hooked:?}"
    );
}

#[test]
fn royal_pawn_steps_and_captures_backward() {
    // White pawn e5 (moved: not on rank 2), black pawns d4 f4 d6: forward e6,
    // backward e4, captures d6 (forward) and d4, f4 (backward) = 5 moves.
    let got = from("white: Ka1 Pe5; black: Kk10 Pd6 Pd4 Pf4", "e5");
    assert_eq!(
        got,
        set(&["e5e6", "e5e4", "e5d6", "e5d4", "e5f4"]),
        "{got:?}"
    );
    // The same pawn on d5 (off the Royal file): d6 forward, c6/e6 captures only.
    let off = from("white: Ka1 Pd5; black: Kk10 Pc6 Pe6 Pc4 Pe4", "d5");
    assert_eq!(off, set(&["d5d6", "d5c6", "d5e6"]));
}

#[test]
fn royal_pawn_loses_its_powers_off_the_file() {
    // e5xd6 puts the pawn on d6: from there no backward step (d5) nor backward capture (c5).
    let mut p = pos("white: Ka1 Pe5; black: Kk10 Pd6 Pc4");
    play(&mut p, "e5d6 k10k9");
    let after: BTreeSet<String> = moves(&mut p)
        .into_iter()
        .filter(|m| m.starts_with("d6"))
        .collect();
    assert_eq!(after, set(&["d6d7"]), "{after:?}");
}

#[test]
fn throne_places_a_pawn_once() {
    // White king e9 steps to e10 (Black's initial king square). White's rank 2
    // has pawns on a2..i2 except c2 and g2: two placements, e9e10@c2 and e9e10@g2.
    let fen = "white: Ke9 Pa2 Pb2 Pd2 Pe2 Pf2 Ph2 Pi2 Pk2; black: Kk10";
    let got = from(fen, "e9");
    assert!(
        got.contains("e9e10@c2") && got.contains("e9e10@g2"),
        "{got:?}"
    );
    assert!(
        !got.contains("e9e10"),
        "the arrival must place the pawn: {got:?}"
    );
    let mut p = pos(fen);
    play(&mut p, "e9e10@c2 k10k9");
    // The placed pawn has not moved: it may double-step.
    assert!(moves(&mut p).contains("c2c4"));
    // Leaving and returning places nothing: the right is spent.
    play(&mut p, "e10e9 k9k10 e9e10");
    assert_eq!(p.board()[game().cell("g2").unwrap()], runtime::game::EMPTY);
}

#[test]
fn throne_right_is_kept_when_the_pawn_rank_is_full() {
    // Rank 2 full: e9e10 is a plain move and the right survives for later.
    let fen = "white: Ke9 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2 Pi2 Pk2; black: Kk10";
    let got = from(fen, "e9");
    assert!(
        got.contains("e9e10") && !got.iter().any(|m| m.contains('@')),
        "{got:?}"
    );
    let mut p = pos(fen);
    play(&mut p, "e9e10 k10k9 a2a3 k9k10 e10e9 k10k9");
    assert!(moves(&mut p).contains("e9e10@a2"));
}

#[test]
fn pawn_castling_partners() {
    // White pawn c2 (moved off no file: an ordinary pawn) with a friendly piece on d3:
    // Queen, Bishop, Jester, King swap; General, Rook, Knight, Pawn do not.
    for (letter, allowed) in [
        ('Q', true),
        ('B', true),
        ('J', true),
        ('K', true),
        ('G', false),
        ('R', false),
        ('N', false),
        ('P', false),
    ] {
        let king = if letter == 'K' { "" } else { " Ka1" };
        let fen = format!("white: Pc2 {letter}d3{king}; black: Kk10");
        let got = from(&fen, "c2");
        assert_eq!(got.contains("c2d3"), allowed, "partner {letter}: {got:?}");
    }
    // A piece diagonally behind an ordinary pawn is no partner; behind a royal pawn it is.
    assert!(!from("white: Ka1 Pc3 Qb2; black: Kk10", "c3").contains("c3b2"));
    assert!(from("white: Ka1 Pe3 Qd2; black: Kk10", "e3").contains("e3d2"));
}

#[test]
fn pawn_castling_from_the_start() {
    // The royal pawn e2 may swap backward with the Jester d1 or the Queen f1.
    let mut p = Position::start(game());
    let all = moves(&mut p);
    assert!(all.contains("e2d1") && all.contains("e2f1"));
    play(&mut p, "e2d1");
    // The Jester now stands on e2, the pawn on d1.
    let g = game();
    assert_eq!(
        g.ir().kinds[g.kind_of(p.board()[g.cell("e2").unwrap()])].name,
        "Jester"
    );
    assert_eq!(
        g.ir().kinds[g.kind_of(p.board()[g.cell("d1").unwrap()])].name,
        "Pawn"
    );
}

#[test]
fn promotion_by_file() {
    // a-file: only the Rook that stood on a10; e-file: any piece but the King;
    // d-file: the Jester (on d10, a dark square).
    let got = from("white: Ka1 Pa9; black: Kk10", "a9");
    assert_eq!(got, set(&["a9a10r"]));
    // (A royal pawn may also step back: e9e8.)
    let royal = from("white: Ka1 Pe9; black: Kk10", "e9");
    assert_eq!(
        royal,
        set(&["e9e10q", "e9e10r", "e9e10b", "e9e10n", "e9e10g", "e9e10j", "e9e8"])
    );
    let d = from("white: Ka1 Pd9; black: Kk10", "d9");
    assert_eq!(d, set(&["d9d10j"]));
    // g-file: the General; k-file: the Rook; f-file: the Queen.
    assert_eq!(from("white: Ka1 Pg9; black: Kk10", "g9"), set(&["g9g10g"]));
    assert_eq!(from("white: Ka1 Pf9; black: Kk10", "f9"), set(&["f9f10q"]));
}

#[test]
fn en_passant_by_bishop_rook_knight_and_king() {
    // Black to move after White's d2d4 (passing d3). Black pieces that attacked d3
    // before the move: Bishop b5 (via c4), Rook d8 (down the file through d4,
    // empty before the move), Knight c5, King c4. Each may capture on d3.
    let start = "white: Ka1 Pd2; black: Ke4 Bb5 Rd8 Nc5";
    let mut p = pos(start);
    play(&mut p, "d2d4");
    let all = moves(&mut p);
    for capture in ["b5d3/ep", "d8d3/ep", "c5d3/ep", "e4d3/ep"] {
        assert!(all.contains(capture), "{capture} missing: {all:?}");
    }
    // The quiet moves to d3 are different moves (the rook's is blocked by d4).
    assert!(all.contains("b5d3") && all.contains("c5d3") && all.contains("e4d3"));
    assert!(!all.contains("d8d3"));
    // The capture removes the pawn from d4.
    let mut q = p.clone();
    play(&mut q, "d8d3/ep");
    assert_eq!(q.board()[game().cell("d4").unwrap()], runtime::game::EMPTY);
    // One move later the right has expired.
    play(&mut p, "c5a4 a1a2");
    assert!(!moves(&mut p).iter().any(|m| m.ends_with("/ep")));
}

#[test]
fn en_passant_line_through_the_start_square_does_not_qualify() {
    // White Rook d10 stands behind Black's pawn d9: before d9d7 the pawn on d9
    // blocked the rook's line to d8, so the rook may not take en passant.
    let mut p = pos("white: Ka1 Rd10; black: Kk8 Pd9; turn black");
    play(&mut p, "d9d7");
    let all = moves(&mut p);
    assert!(!all.iter().any(|m| m.ends_with("/ep")), "{all:?}");
    assert!(all.contains("d10d8") && all.contains("d10d7"));
}

#[test]
fn both_king_castlings() {
    // King e1 with Rooks a1 and k1, the squares between empty: short e1b1 (Rook -> c1)
    // and long e1h1 (Rook -> g1).
    let fen = "white: Ke1 Ra1 Rk1; black: Kf10; castling a1 k1";
    let got = from(fen, "e1");
    assert!(got.contains("e1b1") && got.contains("e1h1"), "{got:?}");
    let mut p = pos(fen);
    play(&mut p, "e1h1");
    let g = game();
    assert_eq!(
        g.ir().kinds[g.kind_of(p.board()[g.cell("g1").unwrap()])].name,
        "Rook"
    );
    // i1 may be attacked (a black rook on i10): castling long still allowed; g1 attacked forbids it.
    assert!(from("white: Ke1 Ra1 Rk1; black: Kf10 Ri10; castling a1 k1", "e1").contains("e1h1"));
    assert!(!from("white: Ke1 Ra1 Rk1; black: Kf10 Rg10; castling a1 k1", "e1").contains("e1h1"));
}
