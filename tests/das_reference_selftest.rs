//! Self-tests of the independent Das chess reference move generator
//! (tests/support/das_ref.rs). Every expected value is derived by hand from
//! ../shared/rules/das.md (and the oracle brief's binding decisions) in
//! the comment next to it. Run with
//! `cargo test --release --test das_reference_selftest -- --nocapture`.
//!
//! Geometry reminders: files a..j (x 0..9) then the side file r (x 10),
//! ranks 1..10. Position specs for `RefPos::from_pieces`: uppercase White,
//! lowercase Black; `*` = fresh (King may castle, Hoplite unmoved, Pawn
//! unmoved); `S`/`s` single Ship; `S+A` = White Ship carrying a White Amazon,
//! `s+N` = Black Ship carrying a White Knight (a White Frigate/Pirate), etc.

#[path = "support/das_ref.rs"]
mod das_ref;

use das_ref::{Cell, Color, Kind, Piece, RefPos};
use std::collections::BTreeSet;
use std::time::Instant;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn pos(pieces: &[(&str, &str)], side: Color) -> RefPos {
    RefPos::from_pieces(pieces, side)
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn all(p: &RefPos) -> BTreeSet<String> {
    p.legal_moves().into_iter().collect()
}

/// Legal moves whose origin is `cell` (so `e1` does not match `e10e9`).
fn moves_from(p: &RefPos, cell: &str) -> BTreeSet<String> {
    p.legal_moves()
        .into_iter()
        .filter(|m| {
            m.starts_with(cell) && !m[cell.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect()
}

fn has(p: &RefPos, mv: &str) -> bool {
    p.legal_moves().iter().any(|m| m == mv)
}

fn after(p: &RefPos, moves: &str) -> RefPos {
    let mut q = p.clone();
    q.play_all(moves).unwrap_or_else(|e| panic!("{moves}: {e}"));
    q
}

fn start_after(moves: &str) -> RefPos {
    after(&RefPos::start(), moves)
}

fn piece(color: Color, kind: Kind) -> Option<Piece> {
    Some(Piece {
        color,
        kind,
        fresh: false,
    })
}

const W: Color = Color::White;
const B: Color = Color::Black;

// ---------------------------------------------------------------------------
// Start position
// ---------------------------------------------------------------------------

/// Hand derivation of White's 48 first moves (Black's pieces stand behind
/// their pawns on ranks 9/10; the only Black attacks reaching below rank 8
/// are the Valkyrie c10's rays d8-e6-f4-g2 and b8-a6, and the Knight h10 /
/// Centurion r10 reach only rank 8):
/// * Trooper a1: blocked by a2 and b1 (whole and cargo; b2 is own): 0.
/// * Elva b1: Queen rays all blocked; nightrider (1,2) c3 d5 e7 (f9 occupied,
///   no capture), (-1,2) a3, (2,1) d2 occupied: c3 d5 e7 a3, none attacked: 4.
/// * Valkyrie c1: (1,2) d3 e5 f7 g9(capture), (-1,2) b3 a5; (2,1) e2 and
///   (-2,1) a2 own: 6.
/// * Bishops d1 g1, Queen e1, King f1, Rook j1: boxed in: 0 (no castling:
///   g1 h1 i1 occupied).
/// * Knight h1: g3 i3 (f2 j2 own): 2.
/// * Hoplite i1 (unmoved): Queen rays blocked; nightrider (1,2) j3 (next
///   would be r5: never), (-1,2) h3 g5 f7 (e9 occupied), (2,1) would be on
///   r2, (-2,1) g2 own: j3 h3 g5 f7, none attacked: 4.
/// * Centurion r1: i1 i2 own; i3 j3: 2.
/// * Ten pawns, each 1, 2 or 3 steps: 30.
///
/// Total 48.
#[test]
fn start_position_depth_one_by_hand() {
    let p = RefPos::start();
    let mut expected = set(&[
        "b1c3p", "b1d5p", "b1e7p", "b1a3p", // Elva
        "c1d3", "c1e5", "c1f7", "c1g9", "c1b3", "c1a5", // Valkyrie
        "h1g3", "h1i3", // Knight
        "i1j3h", "i1h3h", "i1g5h", "i1f7h", // Hoplite
        "r1i3", "r1j3", // Centurion
    ]);
    for f in ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'] {
        for r in [3, 4, 5] {
            expected.insert(format!("{f}2{f}{r}"));
        }
    }
    assert_eq!(expected.len(), 48);
    assert_eq!(all(&p), expected);
    assert_eq!(p.legal_moves().len(), 48, "no duplicate move strings");
    assert!(!p.in_check());
    // Black mirrors White: same count after a quiet White move far away.
    assert_eq!(start_after("a2a3").legal_moves().len(), 48);
}

/// perft(2) = 48*48 - 30. Black has the mirror of White's 48 replies except
/// where White's first move interferes; each deficit checked by hand:
/// b1e7p: new pawn e7 blocks e9e7, e9e6 (-2). c1d3: V d3 attacks f4, kills
/// i10f4h (-1). c1e5: V e5 attacks g6, kills i10g6h (-1). c1f7: V f7 blocks
/// f9f7/f9f6 and attacks d6 (b10d6p) and h8 (i10h8h) (-4). c1g9: takes g9:
/// -3 pawn moves, +1 f10g9 (-2). c2c5: pawn attacks d6 (-1). d2d3, f2f3:
/// pawn attacks e4 (b10e4p) (-1). e2e3: pawn attacks f4 (-1). e2e4: occupies
/// e4 (-1). e2e5: pawn attacks d6, and the Queen e1 now sees e4 (-2). f2f4:
/// occupies f4 (i10f4h gone, c10's ray ends there: c10f4 becomes a capture,
/// c10g2 gone) (-2). f2f5, h2h5: attack g6 (-1). g2g3: attacks f4 (-1).
/// h1g3: Knight attacks e4 (-1). i1f7h: blocks f9f7/f9f6, attacks g6 (-3).
/// i1g5h: attacks f4 and j8 (-2). i1h3h: attacks c8 (b10c8p) (-1). i1j3h:
/// attacks g6 (-1). Sum of deficits 30: 2304 - 30 = 2274.
#[test]
fn start_position_depth_two_divide_by_hand() {
    let p = RefPos::start();
    let deficits: &[(&str, u64)] = &[
        ("b1e7p", 2),
        ("c1d3", 1),
        ("c1e5", 1),
        ("c1f7", 4),
        ("c1g9", 2),
        ("c2c5", 1),
        ("d2d3", 1),
        ("e2e3", 1),
        ("e2e4", 1),
        ("e2e5", 2),
        ("f2f3", 1),
        ("f2f4", 2),
        ("f2f5", 1),
        ("g2g3", 1),
        ("h1g3", 1),
        ("h2h5", 1),
        ("i1f7h", 3),
        ("i1g5h", 2),
        ("i1h3h", 1),
        ("i1j3h", 1),
    ];
    let divide = p.perft_divide(2);
    assert_eq!(divide.len(), 48);
    for (mv, n) in &divide {
        let d = deficits
            .iter()
            .find(|(m, _)| m == mv)
            .map_or(0, |&(_, d)| d);
        assert_eq!(*n, 48 - d, "replies to {mv}");
    }
    // details of two of them
    let q = start_after("c1g9");
    assert!(has(&q, "f10g9"));
    assert!(!has(&q, "g9g8"));
    let q = start_after("e2e5");
    assert!(!has(&q, "b10e4p") && !has(&q, "b10d6p") && has(&q, "b10c8p"));
}

#[test]
fn start_position_perft_1_to_3() {
    let p = RefPos::start();
    assert_eq!(p.perft(1), 48);
    assert_eq!(p.perft(2), 2274);
    assert_eq!(p.perft(3), 117_635);
}

/// About 11 s in release.
#[test]
fn start_position_perft_4() {
    let t = Instant::now();
    assert_eq!(RefPos::start().perft(4), 5_968_146);
    println!("start perft(4) = 5968146 in {:?}", t.elapsed());
}

// ---------------------------------------------------------------------------
// Piece geometry
// ---------------------------------------------------------------------------

fn cell_at(x: usize, y: usize) -> String {
    format!("{}{}", "abcdefghij".as_bytes()[x] as char, y + 1)
}

/// "From any square of the empty board a Rook reaches 18 squares." Kings
/// are put off the piece's rank and file, 3 files/ranks apart from each
/// other (never adjacent). The same for a single Ship and for a Trooper
/// moving as a whole (its cargo adds 18 more `/cargo` slides).
#[test]
fn rook_ship_and_trooper_reach_18_from_every_cell() {
    for x in 0..10 {
        for y in 0..10 {
            let here = cell_at(x, y);
            let wk = cell_at((x + 2) % 10, (y + 3) % 10);
            let bk = cell_at((x + 5) % 10, (y + 6) % 10);
            for spec in ["R", "S", "S+A"] {
                let p = pos(&[(&here, spec), (&wk, "K"), (&bk, "k")], W);
                let mv = moves_from(&p, &here);
                let whole = mv.iter().filter(|m| !m.contains('/')).count();
                let cargo = mv.iter().filter(|m| m.ends_with("/cargo")).count();
                assert_eq!(whole, 18, "{spec} on {here}");
                let expected_cargo = if spec == "S+A" { 18 } else { 0 };
                assert_eq!(cargo, expected_cargo, "{spec} on {here}");
                assert_eq!(mv.len(), whole + cargo, "{spec} on {here}: {mv:?}");
            }
        }
    }
}

/// "A Descent or Pirate has 22 (18 + 4) squares": on e5 with four enemy
/// pawns on its diagonal neighbours: 18 orthogonal slides + 4 diagonal
/// captures. The Ship as a whole still has its 18 (the pawns are off its
/// lines). Kings on a1 / j10 are off the e-file and rank 5.
#[test]
fn descent_and_pirate_have_22() {
    let foes = [("d4", "p"), ("f4", "p"), ("d6", "p"), ("f6", "p")];
    // White Descent (on its own Ship) and White Pirate (on a Black Ship).
    for stack in ["S+A", "s+A", "S+N", "s+N"] {
        let mut v = vec![("e5", stack), ("a1", "K"), ("j10", "k")];
        v.extend_from_slice(&foes);
        let p = pos(&v, W);
        let mv = moves_from(&p, "e5");
        let cargo: Vec<_> = mv.iter().filter(|m| m.ends_with("/cargo")).collect();
        assert_eq!(cargo.len(), 22, "{stack}: {cargo:?}");
        for d in ["d4", "f4", "d6", "f6"] {
            assert!(mv.contains(&format!("e5{d}/cargo")), "{stack} takes {d}");
            assert!(
                !mv.contains(&format!("e5{d}")),
                "whole stack never moves diagonally"
            );
        }
        assert_eq!(mv.iter().filter(|m| !m.contains('/')).count(), 18);
    }
    // Without targets the diagonal steps do not exist (capture only).
    let p = pos(&[("e5", "S+A"), ("a1", "K"), ("j10", "k")], W);
    assert_eq!(
        moves_from(&p, "e5")
            .iter()
            .filter(|m| m.ends_with("/cargo"))
            .count(),
        18
    );
    // A Black Descent, Black to move, with White pawns around: 22 too.
    let p = pos(
        &[
            ("e5", "s+a"),
            ("a1", "K"),
            ("j10", "k"),
            ("d4", "P"),
            ("f4", "P"),
            ("d6", "P"),
            ("f6", "P"),
        ],
        B,
    );
    assert_eq!(
        moves_from(&p, "e5")
            .iter()
            .filter(|m| m.ends_with("/cargo"))
            .count(),
        22
    );
}

/// Leaper and rider counts from e5 on an (otherwise) empty board, Kings on
/// a2 and j8 (off every line and target of these pieces):
/// Knight 8; Amazon 8 + 4 = 12; Centurion: king-distance 2 ring = 16;
/// Valkyrie: each of the 8 directions gives 2 landings from e5 (e.g.
/// (2,1): g6, i7; (1,2): f7, g9; (-1,-2): d3, c1) = 16; Bishop 4+4+4+5 = 17;
/// Queen 18 + 17 = 35; moved Hoplite 18 slides + 17 diagonals = 35.
#[test]
fn leaper_and_rider_counts_from_e5() {
    for (spec, n) in [
        ("N", 8),
        ("A", 12),
        ("C", 16),
        ("V", 16),
        ("B", 17),
        ("Q", 35),
        ("H", 35),
    ] {
        let p = pos(&[("e5", spec), ("a2", "K"), ("j8", "k")], W);
        assert_eq!(moves_from(&p, "e5").len(), n, "{spec}");
    }
    let p = pos(&[("e5", "A"), ("a2", "K"), ("j8", "k")], W);
    assert_eq!(
        moves_from(&p, "e5"),
        set(&[
            "e5f7", "e5g6", "e5g4", "e5f3", "e5d3", "e5c4", "e5c6", "e5d7", // knight
            "e5h5", "e5b5", "e5e8", "e5e2", // (3,0)
        ])
    );
    let p = pos(&[("e5", "C"), ("a2", "K"), ("j8", "k")], W);
    assert_eq!(
        moves_from(&p, "e5"),
        set(&[
            "e5f7", "e5g6", "e5g4", "e5f3", "e5d3", "e5c4", "e5c6", "e5d7", // knight
            "e5g5", "e5c5", "e5e7", "e5e3", // (2,0)
            "e5g7", "e5g3", "e5c7", "e5c3", // (2,2)
        ])
    );
    // Valkyrie: every intermediate landing must be empty; a blocker on g6
    // cuts the (2,1) ray (no i7), and an enemy there is captured.
    let p = pos(&[("e5", "V"), ("g6", "p"), ("a2", "K"), ("j8", "k")], W);
    let mv = moves_from(&p, "e5");
    assert!(mv.contains("e5g6") && !mv.contains("e5i7"));
    assert_eq!(mv.len(), 15);
    // A Knight on j2 has 3 moves: i4 h3 h1 (r-file landings do not exist).
    let p = pos(&[("j2", "N"), ("a2", "K"), ("j8", "k")], W);
    assert_eq!(moves_from(&p, "j2"), set(&["j2i4", "j2h3", "j2h1"]));
}

/// The Centurion on r1 enters with its leap onto i1, i2, i3 or j3 (the only
/// landings of a king-distance-2 ring around x=10, y=0 that lie on the
/// board), with or without capture; own pieces block; it attacks those
/// cells (gives check from r1) and cannot itself be reached by any move.
#[test]
fn centurion_from_r1() {
    let p = pos(&[("r1", "C"), ("a2", "K"), ("a10", "k")], W);
    assert_eq!(moves_from(&p, "r1"), set(&["r1i1", "r1i2", "r1i3", "r1j3"]));
    let p = pos(
        &[
            ("r1", "C"),
            ("i1", "n"),
            ("i2", "p"),
            ("j3", "P"),
            ("a2", "K"),
            ("a10", "k"),
        ],
        W,
    );
    assert_eq!(moves_from(&p, "r1"), set(&["r1i1", "r1i2", "r1i3"]));
    // Check from r1: Black King on i3.
    let p = pos(&[("r1", "C"), ("a2", "K"), ("i3", "k")], B);
    assert!(p.in_check());
    // A Black Rook on j1 never reaches r1; the Centurion does not see j1.
    let p = pos(&[("r1", "C"), ("a2", "K"), ("j1", "r"), ("a10", "k")], B);
    assert!(moves_from(&p, "j1").iter().all(|m| !m.contains('r')));
    assert_eq!(moves_from(&p, "j1").len(), 18);
}

// ---------------------------------------------------------------------------
// Elva and unmoved Hoplite
// ---------------------------------------------------------------------------

/// Elva b1; Black: Rook h3 (attacks rank 3 and the h-file), Knight e4
/// (attacks f6 g5 g3 f2 d2 c3 c5 d6), pawn b5 (attacks a4 c4), King j10.
/// Queen rays: up b2 b3 b4 (b5 enemy: no capture); right c1..i1 (j1 own
/// King); left a1; up-right c2 d3 (e4 enemy); up-left a2. Nightrider: (1,2)
/// c3 d5 e7 f9; (-1,2) a3; (2,1) d2 f3 h4 j5. Attacked, so refused: b3 d3 c3
/// a3 f3 (rank 3), h1 h4 (h-file), d2 (Knight). 15 moves remain, suffix p.
#[test]
fn elva_first_move() {
    let p = pos(
        &[
            ("b1", "E"),
            ("j1", "K"),
            ("h3", "r"),
            ("e4", "n"),
            ("b5", "p"),
            ("j10", "k"),
        ],
        W,
    );
    assert_eq!(
        moves_from(&p, "b1"),
        set(&[
            "b1b2p", "b1b4p", "b1c1p", "b1d1p", "b1e1p", "b1f1p", "b1g1p", "b1i1p", "b1a1p",
            "b1c2p", "b1a2p", "b1d5p", "b1e7p", "b1f9p", "b1j5p",
        ])
    );
    // It becomes a moved pawn: one step only, even from rank 2.
    let q = after(&p, "b1a2p j10i10");
    assert_eq!(q.cell("a2").piece, piece(W, Kind::Pawn));
    assert_eq!(moves_from(&q, "a2"), set(&["a2a3"]));
    // An unmoved Elva attacks nothing: a Black King next to it diagonally is
    // not in check.
    let q = pos(&[("b1", "E"), ("j1", "K"), ("c2", "k")], B);
    assert!(!q.in_check());
}

/// "Not onto an attacked square" is judged after the move: with a Black
/// Rook on a1 every rank-1 target is attacked once the Elva has left b1.
/// Elva b1, White King e3; Black Rook a1 (a-file and, after the move, rank
/// 1), pawn b6 (attacks a5 c5), King j10 (attacks i9 i10 j9).
/// Up b2 b3 b4 b5 (4); up-right c2 d3 e4 f5 g6 h7 i8 (j9 attacked) (7);
/// up-left a2 attacked; nightrider (1,2) c3 d5 e7 f9 (4), (-1,2) a3 attacked,
/// (2,1) d2 f3 h4 j5 (4); right c1..j1 all attacked after the move. 19.
#[test]
fn elva_target_attack_is_judged_after_the_move() {
    let p = pos(
        &[
            ("b1", "E"),
            ("e3", "K"),
            ("a1", "r"),
            ("b6", "p"),
            ("j10", "k"),
        ],
        W,
    );
    let mv = moves_from(&p, "b1");
    assert_eq!(mv.len(), 19, "{mv:?}");
    assert!(!mv.contains("b1c1p"));
    assert!(mv.iter().all(|m| !m.ends_with("1p")), "{mv:?}");
    assert!(mv.contains("b1i8p") && !mv.contains("b1j9p") && !mv.contains("b1a2p"));
}

/// An Elva whose first move ends on its last rank becomes a pawn there and
/// promotes: 9 moves b1b10q..c, no b1b10p. The Ship promotion is a single
/// White Ship.
#[test]
fn elva_first_move_onto_last_rank_promotes() {
    let p = pos(&[("b1", "E"), ("j1", "K"), ("j9", "k")], W);
    let mv = moves_from(&p, "b1");
    let promos: BTreeSet<String> = mv
        .iter()
        .filter(|m| m.starts_with("b1b10"))
        .cloned()
        .collect();
    assert_eq!(
        promos,
        set(&[
            "b1b10q", "b1b10r", "b1b10s", "b1b10b", "b1b10h", "b1b10n", "b1b10v", "b1b10a",
            "b1b10c"
        ])
    );
    let q = after(&p, "b1b10s");
    assert_eq!(
        q.cell("b10"),
        Cell {
            ship: Some(W),
            piece: None
        }
    );
    let q = after(&p, "b1b10h");
    // a promoted Hoplite is an ordinary (moved) Hoplite
    assert_eq!(q.cell("b10").piece, piece(W, Kind::Hoplite));
}

/// Unmoved Hoplite i1 with a Black pawn on h2 (attacks g1, i1) and the Black
/// King f10 (attacks e9): Queen rays: left h1, g1 (attacked), f1 own King;
/// up i2..i10 (9); right j1; up-right j2; up-left h2 enemy: no capture.
/// Nightrider (-1,2) h3 g5 f7 e9 (attacked); (1,2) j3; (-2,1) g2 e3 c4 a5;
/// (2,1) would land on the r-file. 20 moves, suffix h.
#[test]
fn hoplite_first_move_and_after() {
    let p = pos(&[("i1", "H*"), ("f1", "K"), ("h2", "p"), ("f10", "k")], W);
    let mut expected = set(&[
        "i1h1h", "i1j1h", "i1j2h", "i1h3h", "i1g5h", "i1f7h", "i1j3h", "i1g2h", "i1e3h", "i1c4h",
        "i1a5h",
    ]);
    for r in 2..=10 {
        expected.insert(format!("i1i{r}h"));
    }
    assert_eq!(moves_from(&p, "i1"), expected);
    // After its first move it is an ordinary Hoplite: from g5 (Black pawn
    // h2 still there, Black King f10): orthogonal slides without capture
    // g6..g10 (5) g4 g3 g2 g1 (4) a5..f5 (6) h5 i5 j5 (3); diagonals h6 i7
    // j8, f6 e7 d8 c9 b10, f4 e3 d2 c1, h4 i3 j2 (3+5+4+3 = 15). 33.
    let q = after(&p, "i1g5h f10e10");
    assert_eq!(q.cell("g5").piece, piece(W, Kind::Hoplite));
    assert_eq!(moves_from(&q, "g5").len(), 33);
    assert!(!moves_from(&q, "g5").iter().any(|m| m.ends_with('h')));
    // A moved Hoplite captures diagonally, never orthogonally.
    let q = pos(
        &[
            ("e5", "H"),
            ("g7", "n"),
            ("e8", "n"),
            ("a2", "K"),
            ("j10", "k"),
        ],
        W,
    );
    let mv = moves_from(&q, "e5");
    assert!(mv.contains("e5g7") && !mv.contains("e5h8"));
    assert!(mv.contains("e5e7") && !mv.contains("e5e8"));
    // Attacks: unmoved nothing, moved diagonals only.
    assert!(!pos(&[("e5", "H*"), ("a2", "K"), ("f6", "k")], B).in_check());
    assert!(pos(&[("e5", "H"), ("a2", "K"), ("f6", "k")], B).in_check());
    assert!(!pos(&[("e5", "H"), ("a2", "K"), ("e7", "k")], B).in_check());
    // An unmoved Hoplite refuses captures: h2 is not a target.
    assert!(!has(&p, "i1h2h") && !has(&p, "i1h2"));
}

// ---------------------------------------------------------------------------
// Pawns
// ---------------------------------------------------------------------------

#[test]
fn pawn_long_steps_and_en_passant() {
    // c2 unmoved: 1, 2 or 3 steps; Black pawns b4 (attacks a3 c3) and d5
    // (attacks c4 e4).
    let p = pos(
        &[
            ("c2", "P*"),
            ("b4", "p"),
            ("d5", "p"),
            ("j1", "K"),
            ("j10", "k"),
        ],
        W,
    );
    assert_eq!(moves_from(&p, "c2"), set(&["c2c3", "c2c4", "c2c5"]));
    // 3 steps passes c3 and c4: en passant onto either, removing c5.
    let q = after(&p, "c2c5");
    assert_eq!(moves_from(&q, "b4"), set(&["b4b3", "b4c3"]));
    assert_eq!(moves_from(&q, "d5"), set(&["d5d4", "d5c4"]));
    let r = after(&q, "b4c3");
    assert!(r.cell("c5").piece.is_none() && r.cell("c3").piece == piece(B, Kind::Pawn));
    let r = after(&q, "d5c4");
    assert!(r.cell("c5").piece.is_none() && r.cell("c4").piece == piece(B, Kind::Pawn));
    // Next move only.
    let r = after(&q, "j10i10 j1i1");
    assert_eq!(moves_from(&r, "b4"), set(&["b4b3"]));
    assert_eq!(moves_from(&r, "d5"), set(&["d5d4"]));
    // 2 steps passes c3 only; d5c4 is then an ordinary capture.
    let q = after(&p, "c2c4");
    assert_eq!(moves_from(&q, "b4"), set(&["b4b3", "b4c3"]));
    assert!(after(&q, "b4c3").cell("c4").piece.is_none());
    // Blocked paths.
    let p = pos(&[("c2", "P*"), ("c4", "n"), ("j1", "K"), ("j10", "k")], W);
    assert_eq!(moves_from(&p, "c2"), set(&["c2c3"]));
    let p = pos(&[("c2", "P*"), ("c5", "n"), ("j1", "K"), ("j10", "k")], W);
    assert_eq!(moves_from(&p, "c2"), set(&["c2c3", "c2c4"]));
    // A moved pawn on rank 2 steps once.
    let p = pos(&[("c2", "P"), ("j1", "K"), ("j10", "k")], W);
    assert_eq!(moves_from(&p, "c2"), set(&["c2c3"]));
    // Black: 9 -> 8, 7, 6.
    let p = pos(&[("e9", "p*"), ("j1", "K"), ("a10", "k")], B);
    assert_eq!(moves_from(&p, "e9"), set(&["e9e8", "e9e7", "e9e6"]));
}

#[test]
fn pawn_promotion() {
    // e9 -> e10 (9 choices) and e9xd10 (9 choices); f10 empty.
    let p = pos(&[("e9", "P"), ("d10", "r"), ("a1", "K"), ("a10", "k")], W);
    let mut expected = BTreeSet::new();
    for l in ["q", "r", "s", "b", "h", "n", "v", "a", "c"] {
        expected.insert(format!("e9e10{l}"));
        expected.insert(format!("e9d10{l}"));
    }
    assert_eq!(moves_from(&p, "e9"), expected);
    assert_eq!(
        after(&p, "e9d10s").cell("d10"),
        Cell {
            ship: Some(W),
            piece: None
        }
    );
    assert_eq!(
        after(&p, "e9e10a").cell("e10").piece,
        piece(W, Kind::Amazon)
    );
    // Black promotes on rank 1.
    let p = pos(&[("e2", "p"), ("a3", "K"), ("a10", "k")], B);
    assert_eq!(moves_from(&p, "e2").len(), 9);
    assert!(has(&p, "e2e1q") && has(&p, "e2e1c"));
}

// ---------------------------------------------------------------------------
// Ships and Minors
// ---------------------------------------------------------------------------

/// Knight c3 leaps to d5 e4 e2 d1 b1 a2 a4 b5; its own single Ship on d5:
/// loading `/board` (no plain c3d5). The Ship d5 has its 18.
#[test]
fn minor_loads_onto_own_ship() {
    let p = pos(&[("c3", "N"), ("d5", "S"), ("j1", "K"), ("j10", "k")], W);
    assert_eq!(
        moves_from(&p, "c3"),
        set(&[
            "c3d5/board",
            "c3e4",
            "c3e2",
            "c3d1",
            "c3b1",
            "c3a2",
            "c3a4",
            "c3b5"
        ])
    );
    assert_eq!(moves_from(&p, "d5").len(), 18);
    let q = after(&p, "c3d5/board");
    assert_eq!(
        q.cell("d5"),
        Cell {
            ship: Some(W),
            piece: piece(W, Kind::Knight)
        }
    );
    assert!(q.cell("c3").piece.is_none());
}

/// Ship d1 slides up to its own Knight d6: loading `d1d6/board` only.
#[test]
fn ship_loads_own_minor() {
    let p = pos(&[("d1", "S"), ("d6", "N"), ("j1", "K"), ("j10", "k")], W);
    let mv = moves_from(&p, "d1");
    assert!(mv.contains("d1d6/board") && !mv.contains("d1d6") && !mv.contains("d1d7"));
    // d2..d5, d6/board, a1 b1 c1, e1..i1 (j1 own King)
    assert_eq!(mv.len(), 4 + 1 + 3 + 5);
    let q = after(&p, "d1d6/board");
    assert_eq!(
        q.cell("d6"),
        Cell {
            ship: Some(W),
            piece: piece(W, Kind::Knight)
        }
    );
}

/// A Minor onto a single enemy Ship: two moves, capture or board. Boarding
/// makes a Frigate that belongs to the Pirate's owner.
#[test]
fn minor_boards_enemy_ship_two_moves() {
    let p = pos(&[("c3", "N"), ("d5", "s"), ("j1", "K"), ("j10", "k")], W);
    let mv = moves_from(&p, "c3");
    assert!(mv.contains("c3d5") && mv.contains("c3d5/board"));
    let cap = after(&p, "c3d5");
    assert_eq!(
        cap.cell("d5"),
        Cell {
            ship: None,
            piece: piece(W, Kind::Knight)
        }
    );
    let brd = after(&p, "c3d5/board");
    assert_eq!(
        brd.cell("d5"),
        Cell {
            ship: Some(B),
            piece: piece(W, Kind::Knight)
        }
    );
    // Black cannot move it; White can (whole Frigate and Pirate).
    assert!(moves_from(&brd, "d5").is_empty());
    let w = after(&brd, "j10i10");
    assert!(has(&w, "d5d9") && has(&w, "d5d9/cargo"));
    // The Pirate leaves: the Ship reverts to Black.
    let left = after(&w, "d5d9/cargo");
    assert_eq!(
        left.cell("d5"),
        Cell {
            ship: Some(B),
            piece: None
        }
    );
    assert!(has(&left, "d5d1"));
    // ... and the single Black Ship can capture or take aboard the Knight d9.
    assert!(has(&left, "d5d9") && has(&left, "d5d9/board"));
}

/// A single Ship onto a single enemy Minor: capture or take aboard; the
/// resulting stack belongs to the Minor's owner (the opponent).
#[test]
fn ship_takes_enemy_minor_aboard_two_moves() {
    let p = pos(&[("d1", "S"), ("d6", "n"), ("j1", "K"), ("j10", "k")], W);
    let mv = moves_from(&p, "d1");
    assert!(mv.contains("d1d6") && mv.contains("d1d6/board"));
    let q = after(&p, "d1d6/board");
    assert_eq!(
        q.cell("d6"),
        Cell {
            ship: Some(W),
            piece: piece(B, Kind::Knight)
        }
    );
    // Black (to move) now owns it: whole moves and Pirate moves.
    let mv = moves_from(&q, "d6");
    assert!(mv.contains("d6d1") && mv.contains("d6d1/cargo") && mv.contains("d6a6"));
    // A stack moving as a whole only captures a Minor (never takes it aboard).
    let p = pos(&[("d1", "S+A"), ("d6", "n"), ("j1", "K"), ("j10", "k")], W);
    let mv = moves_from(&p, "d1");
    assert!(mv.contains("d1d6") && !mv.contains("d1d6/board"));
}

/// Minor onto stacks: an enemy stack is captured (both pieces), an own stack
/// blocks. Knight c3, own Trooper d5, Black Trooper e4.
#[test]
fn minor_onto_stacks() {
    let p = pos(
        &[
            ("c3", "N"),
            ("d5", "S+A"),
            ("e4", "s+n"),
            ("j1", "K"),
            ("j10", "k"),
        ],
        W,
    );
    let mv = moves_from(&p, "c3");
    assert!(!mv.iter().any(|m| m.starts_with("c3d5")));
    assert!(mv.contains("c3e4") && !mv.contains("c3e4/board"));
    assert_eq!(
        after(&p, "c3e4").cell("e4"),
        Cell {
            ship: None,
            piece: piece(W, Kind::Knight)
        }
    );
}

/// Single Ship e5: up e6 then own Trooper e7 (blocked); down e4 then Black
/// stack e3 (capture only); left d5 then own Ship c5 (blocked); right f5
/// then Black single Ship g5 (capture only; Ships never merge).
#[test]
fn ship_onto_ships_and_stacks() {
    let p = pos(
        &[
            ("e5", "S"),
            ("e7", "S+A"),
            ("e3", "s+n"),
            ("c5", "S"),
            ("g5", "s"),
            ("j1", "K"),
            ("j10", "k"),
        ],
        W,
    );
    assert_eq!(
        moves_from(&p, "e5"),
        set(&["e5e6", "e5e4", "e5e3", "e5d5", "e5f5", "e5g5"])
    );
    // Capturing a stack captures both pieces.
    assert_eq!(
        after(&p, "e5e3").cell("e3"),
        Cell {
            ship: Some(W),
            piece: None
        }
    );
    let p = pos(&[("a5", "R"), ("e5", "s+a"), ("j1", "K"), ("j10", "k")], W);
    assert_eq!(
        after(&p, "a5e5").cell("e5"),
        Cell {
            ship: None,
            piece: piece(W, Kind::Rook)
        }
    );
}

/// Trooper d1 (Ship + Amazon); Black Knight d6, Black single Ship b1, own
/// Bishop f1. Whole: d2..d5, d6 (capture, no take-aboard), c1, b1 (capture,
/// no merging), e1. Cargo: d2..d5 and c1, e1 (`/cargo`), onto the single
/// Black Ship b1 (`/cargo/board`); not onto the Knight d6; no diagonal
/// (c2, e2 empty).
#[test]
fn trooper_whole_and_cargo_moves() {
    let p = pos(
        &[
            ("d1", "S+A"),
            ("d6", "n"),
            ("b1", "s"),
            ("f1", "B"),
            ("j1", "K"),
            ("j10", "k"),
        ],
        W,
    );
    assert_eq!(
        moves_from(&p, "d1"),
        set(&[
            "d1d2",
            "d1d3",
            "d1d4",
            "d1d5",
            "d1d6",
            "d1c1",
            "d1b1",
            "d1e1", //
            "d1d2/cargo",
            "d1d3/cargo",
            "d1d4/cargo",
            "d1d5/cargo",
            "d1c1/cargo",
            "d1e1/cargo",
            "d1b1/cargo/board",
        ])
    );
    let q = after(&p, "d1b1/cargo/board");
    assert_eq!(
        q.cell("b1"),
        Cell {
            ship: Some(B),
            piece: piece(W, Kind::Amazon)
        }
    );
    assert_eq!(
        q.cell("d1"),
        Cell {
            ship: Some(W),
            piece: None
        }
    );
    let q = after(&p, "d1d6");
    assert_eq!(
        q.cell("d6"),
        Cell {
            ship: Some(W),
            piece: piece(W, Kind::Amazon)
        }
    );
    // Descent landing on an own single Ship: loading.
    let p = pos(&[("d1", "S+A"), ("d6", "S"), ("j1", "K"), ("j10", "k")], W);
    assert!(has(&p, "d1d6/cargo/board") && !has(&p, "d1d6/board"));
}

/// Trooper e5 (Ship + Knight): up e6, then a Black stack on e7 (the cargo
/// cannot board a stack); diagonals: d6 Black single Ship (capture only, no
/// diagonal boarding), f4 Black pawn (capture), f6 own pawn, d4 empty.
#[test]
fn cargo_boarding_limits() {
    let p = pos(
        &[
            ("e5", "S+N"),
            ("e7", "s+a"),
            ("d6", "s"),
            ("f4", "p"),
            ("f6", "P"),
            ("a1", "K"),
            ("j10", "k"),
        ],
        W,
    );
    let mv = moves_from(&p, "e5");
    assert!(
        mv.contains("e5e6/cargo") && !mv.contains("e5e7/cargo/board") && !mv.contains("e5e7/cargo")
    );
    assert!(mv.contains("e5e7")); // the whole stack captures
    assert!(
        mv.contains("e5d6/cargo") && !mv.contains("e5d6/cargo/board") && !mv.contains("e5d6/board")
    );
    assert!(mv.contains("e5f4/cargo") && !mv.contains("e5f6/cargo") && !mv.contains("e5d4/cargo"));
    assert_eq!(
        after(&p, "e5d6/cargo").cell("d6"),
        Cell {
            ship: None,
            piece: piece(W, Kind::Knight)
        }
    );
}

/// White King e1, White Pirate on a Black Ship e5 (e2..e4 empty). The
/// Frigate is White's, so it does not check; if the Pirate leaves, the Ship
/// reverts to Black and checks e1 unless the Pirate lands in between.
/// Whole: e6..e10 (5), e4 e3 e2 (3), a5..d5 (4), f5..j5 (5) = 17; cargo only
/// e4 e3 e2.
#[test]
fn pirate_leaving_can_expose_own_king() {
    let p = pos(&[("e1", "K"), ("e5", "s+N"), ("j10", "k")], W);
    let mv = moves_from(&p, "e5");
    let cargo: BTreeSet<String> = mv
        .iter()
        .filter(|m| m.contains("/cargo"))
        .cloned()
        .collect();
    assert_eq!(cargo, set(&["e5e4/cargo", "e5e3/cargo", "e5e2/cargo"]));
    assert_eq!(mv.len(), 17 + 3);
    let q = after(&p, "e5e3/cargo");
    assert_eq!(
        q.cell("e5"),
        Cell {
            ship: Some(B),
            piece: None
        }
    );
    assert!(has(&q, "e5e3") && has(&q, "e5e3/board") && has(&q, "e5e4"));
}

/// Taking an enemy Minor aboard hands the stack to the enemy: with the White
/// King on e1, the White Ship a5 may capture the Black Knight e5, but not
/// take it aboard (the new Black Frigate would check along the e-file).
/// Conversely, boarding the checking Black Ship e5 resolves the check.
#[test]
fn ownership_changes_and_legality() {
    let p = pos(&[("a5", "S"), ("e5", "n"), ("e1", "K"), ("j10", "k")], W);
    assert!(has(&p, "a5e5") && !has(&p, "a5e5/board"));
    let p = pos(&[("c4", "N"), ("e5", "s"), ("e1", "K"), ("j10", "k")], W);
    assert!(p.in_check());
    assert!(has(&p, "c4e5") && has(&p, "c4e5/board"));
    // A Black Frigate (White Ship, Black Knight) attacks for Black like a
    // Rook plus its four diagonal neighbours.
    let p = pos(&[("e5", "S+n"), ("e1", "K"), ("j10", "k")], W);
    assert!(p.in_check());
    let p = pos(&[("e5", "S+n"), ("f4", "K"), ("j10", "k")], W);
    assert!(p.in_check());
    let p = pos(&[("e5", "S+n"), ("g3", "K"), ("j10", "k")], W);
    assert!(!p.in_check());
    // A single Minor does not attack like a stack: Knight e5 vs King f4.
    assert!(!pos(&[("e5", "n"), ("f4", "K"), ("j10", "k")], W).in_check());
}

// ---------------------------------------------------------------------------
// Castling
// ---------------------------------------------------------------------------

fn castle_pos(extra: &[(&'static str, &'static str)]) -> RefPos {
    let mut v = vec![("f1", "K*"), ("j1", "R"), ("a1", "S+A"), ("f10", "k")];
    v.extend_from_slice(extra);
    pos(&v, W)
}

fn castlings(p: &RefPos) -> BTreeSet<String> {
    p.legal_moves()
        .into_iter()
        .filter(|m| m.starts_with('0'))
        .collect()
}

#[test]
fn castling_all_four_and_right_kept() {
    let p = castle_pos(&[]);
    assert_eq!(castlings(&p), set(&["0-0", "0-0-0"]));
    let q = after(&p, "0-0");
    assert_eq!(q.cell("h1").piece.map(|x| x.kind), Some(Kind::King));
    assert_eq!(q.cell("g1").piece, piece(W, Kind::Rook));
    assert!(q.cell("f1").piece.is_none() && q.cell("j1").piece.is_none());
    // King h1: partner a1 but g1 now occupied -> nothing; clear g1 -> 0-0-0-0.
    let q = after(&q, "f10e10");
    assert!(castlings(&q).is_empty());
    let q = after(&q, "g1g5 e10f10");
    assert_eq!(castlings(&q), set(&["0-0-0-0"]));
    let r = after(&q, "0-0-0-0");
    assert_eq!(r.cell("b1").piece.map(|x| x.kind), Some(Kind::King));
    assert_eq!(
        r.cell("c1"),
        Cell {
            ship: Some(W),
            piece: piece(W, Kind::Amazon)
        }
    );
    assert_eq!(r.cell("a1"), Cell::default());
    // 0-0-0: King b1, Trooper c1; then away with the Trooper and b1 -> h1.
    let q = after(&p, "0-0-0");
    assert_eq!(q.cell("b1").piece.map(|x| x.kind), Some(Kind::King));
    assert_eq!(
        q.cell("c1"),
        Cell {
            ship: Some(W),
            piece: piece(W, Kind::Amazon)
        }
    );
    let q = after(&q, "f10e10 c1c5 e10f10");
    assert_eq!(castlings(&q), set(&["0-0-0-0"]));
    let r = after(&q, "0-0-0-0");
    assert_eq!(r.cell("h1").piece.map(|x| x.kind), Some(Kind::King));
    assert_eq!(r.cell("g1").piece, piece(W, Kind::Rook));
    // b1 + a1 and h1 + j1 have no light square strictly between: none.
    let p = pos(&[("b1", "K*"), ("a1", "R"), ("f10", "k")], W);
    assert!(castlings(&p).is_empty());
    let p = pos(&[("h1", "K*"), ("j1", "R"), ("f10", "k")], W);
    assert!(castlings(&p).is_empty());
}

#[test]
fn castling_refusals() {
    // Black Rook on the g-file: g1 passed by 0-0.
    assert_eq!(castlings(&castle_pos(&[("g8", "r")])), set(&["0-0-0"]));
    // h-file: destination of 0-0.
    assert_eq!(castlings(&castle_pos(&[("h8", "r")])), set(&["0-0-0"]));
    // d-, c-, b-file: passed / destination of 0-0-0.
    assert_eq!(castlings(&castle_pos(&[("d8", "r")])), set(&["0-0"]));
    assert_eq!(castlings(&castle_pos(&[("c8", "r")])), set(&["0-0"]));
    assert_eq!(castlings(&castle_pos(&[("b8", "r")])), set(&["0-0"]));
    // In check: neither.
    assert!(castlings(&castle_pos(&[("f8", "r")])).is_empty());
    // i1 (between, not on the King's path) and the partners may be attacked.
    assert_eq!(
        castlings(&castle_pos(&[("i8", "r")])),
        set(&["0-0", "0-0-0"])
    );
    assert_eq!(
        castlings(&castle_pos(&[("j8", "r"), ("a8", "r")])),
        set(&["0-0", "0-0-0"])
    );
    // Occupied between.
    assert_eq!(castlings(&castle_pos(&[("i1", "N")])), set(&["0-0-0"]));
    assert_eq!(castlings(&castle_pos(&[("b1", "n")])), set(&["0-0"]));
    // A King that made a non-castling move never castles again.
    let p = castle_pos(&[]);
    let q = after(&p, "f1f2 f10e10 f2f1 e10f10");
    assert!(castlings(&q).is_empty());
    assert!(castlings(&pos(
        &[("f1", "K"), ("j1", "R"), ("a1", "S+A"), ("f10", "k")],
        W
    ))
    .is_empty());
}

#[test]
fn castling_partners() {
    for (partner, ok) in [
        ("R", true),
        ("S", true),
        ("S+A", true),
        ("S+N", true),
        ("s+N", true), // a White Frigate (Black Ship, White Pirate)
        ("Q", false),
        ("N", false),
        ("C", false),
    ] {
        let p = pos(&[("f1", "K*"), ("j1", partner), ("f10", "k")], W);
        assert_eq!(has(&p, "0-0"), ok, "partner {partner}");
        if ok {
            let q = after(&p, "0-0");
            assert_eq!(q.cell("g1"), p.cell("j1"), "partner {partner} moves whole");
        }
    }
    // Black mirrors on rank 10.
    let p = pos(
        &[("f10", "k*"), ("j10", "r"), ("a10", "s+a"), ("f1", "K")],
        B,
    );
    assert_eq!(castlings(&p), set(&["0-0", "0-0-0"]));
    let q = after(&p, "0-0");
    assert_eq!(q.cell("h10").piece.map(|x| x.kind), Some(Kind::King));
    assert_eq!(q.cell("g10").piece, piece(B, Kind::Rook));
    let q = after(&p, "0-0-0");
    assert_eq!(q.cell("b10").piece.map(|x| x.kind), Some(Kind::King));
    assert_eq!(
        q.cell("c10"),
        Cell {
            ship: Some(B),
            piece: piece(B, Kind::Amazon)
        }
    );
}

// ---------------------------------------------------------------------------
// Text claims
// ---------------------------------------------------------------------------

/// "1.g5 Hf4 2.h5 Hi4++": the Black Hoplite i10 rides the nightrider ray
/// h8-g6-f4; then slides f4-i4 (orthogonal, no capture) and checks f1 along
/// i4-h3-g2-f1. The King's only free square g2 is attacked, h3 cannot be
/// blocked by the unmoved Hoplite i1 (attacked square), nothing takes i4.
#[test]
fn blitz_mate_hoplite() {
    let p = start_after("g2g5 i10f4h h2h5 f4i4");
    assert!(p.in_check());
    assert!(p.is_checkmate());
    // Before 2.h5 White could still interpose h2h3.
    let q = start_after("g2g5 i10f4h a2a3 f4i4");
    assert!(!q.is_checkmate());
}

/// "1.e5 Vf4 2.Ve2 Vd5++": the Black Valkyrie c10 rides d8-e6-f4, White's
/// Valkyrie c1 leaps to e2 (blocking its own King's flight square), and the
/// Black Valkyrie d5 checks along d5-e3-f1.
#[test]
fn blitz_mate_valkyrie() {
    let p = start_after("e2e5 c10f4 c1e2 f4d5");
    assert!(p.in_check());
    assert!(p.is_checkmate());
}

/// The "two crosses": 1.f5 2.Bc5 3.Qg3 4.Bxg9 (mate, the Queen guards g9
/// along the g-file) and 1.e5 2.Bh5 3.Vg3 4.Bxd9 (attacks the Queen e10),
/// with Black marking time on the a-file.
#[test]
fn two_crosses_are_playable() {
    let p = start_after("f2f5 a9a8 g1c5 a8a7 e1g3 a7a6 c5g9");
    assert!(p.is_checkmate());
    let p = start_after("e2e5 a9a8 d1h5 a8a7 c1g3 a7a6 h5d9");
    assert!(!p.in_check());
    assert_eq!(p.legal_moves().len(), 47);
}

/// The original's numerology: "18 pawn attacks on the third rank, 18 piece
/// attacks on the pawn rank" (start position, White). Rank 3: a2 and j2 one
/// each, b2..i2 two each = 18. Rank 2, (piece, cell) pairs: Trooper a1: a2
/// (Ship) and b2 (cargo diagonal) 2; Elva 0; Valkyrie c1: a2 e2 2; Bishop
/// d1: c2 e2 2; Queen e1: d2 e2 f2 3; King f1: e2 f2 g2 3; Bishop g1: f2 h2
/// 2; Knight h1: f2 j2 2; unmoved Hoplite 0; Rook j1: j2 1; Centurion r1:
/// i2 1. Total 18 - this only adds up with the stack's diagonal attack, the
/// inert inverted starters and the Centurion leaping from x = 10.
#[test]
fn eighteen_attacks_on_ranks_two_and_three() {
    let p = RefPos::start();
    let files = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];
    let count = |cells: &[String], rank: &str| cells.iter().filter(|c| c[1..] == *rank).count();
    let pawn_hits: usize = files
        .iter()
        .map(|f| count(&p.attacks_from(&format!("{f}2")), "3"))
        .sum();
    assert_eq!(pawn_hits, 18);
    let mut piece_hits = 0;
    for cell in files
        .iter()
        .map(|f| format!("{f}1"))
        .chain(["r1".to_string()])
    {
        piece_hits += count(&p.attacks_from(&cell), "2");
    }
    assert_eq!(piece_hits, 18);
    assert_eq!(p.attacks_from("b1"), Vec::<String>::new());
    assert_eq!(p.attacks_from("i1"), Vec::<String>::new());
    let mut r1 = p.attacks_from("r1");
    r1.sort();
    assert_eq!(r1, vec!["i1", "i2", "i3", "j3"]);
}

#[test]
fn play_rejects_non_canonical_strings() {
    let mut p = RefPos::start();
    for bad in [
        "e2e6",
        "b1c3",
        "i1f7",
        "c1g9/board",
        "a1a2",
        "r1i1",
        "0-0",
        "e2e4q",
    ] {
        assert!(p.play(bad).is_err(), "{bad}");
    }
    assert!(p.play("e2e4").is_ok());
}

// ---------------------------------------------------------------------------
// Positions with stacks: perft 1..3
// ---------------------------------------------------------------------------

/// Frigate: both Troopers come out, the Black Amazon leaves its Ship, and
/// the White Amazon slides b4 -> b7 onto the empty Black Ship (a White
/// Frigate with a White Pirate). Black to move; nothing of Black's reaches
/// b7. 46 moves: e.g. the Elva b10 may go to a10 (vacated), c7 Amazon leaps.
const POS_FRIGATE: &str = "a2a5 a9a6 a1a4 a10a7 a4b4 a7b7 h2h3 b7c7/cargo b4b7/cargo/board";

/// The same after 5...h9h8: White's Pirate b7 can capture a6 diagonally,
/// slide to a7 b8 b6 b5 or load onto its own single Ship b4
/// (`b7b4/cargo/board`); the Frigate can capture b9 or the Amazon c7.
const POS_PIRATE: &str = "a2a5 a9a6 a1a4 a10a7 a4b4 a7b7 h2h3 b7c7/cargo b4b7/cargo/board h9h8";

/// Both Troopers on the a-file (a4 White, a7 Black), White to move: the
/// White Descent can leave along the a-file and rank 4.
const POS_TROOPERS: &str = "a2a5 a9a6 a1a4 a10a7";

/// The White Amazon has left (a4a2/cargo) and the Black Knight came to g4:
/// the single White Ship a4 may capture g4 or take it aboard
/// (`a4g4/board`), or load its own Amazon (`a4a2/board`). The Black Trooper
/// a10 is still a stack.
const POS_SHIP: &str = "a2a5 h10g8 a1a4 g8h6 a4a2/cargo h6g4";

#[test]
fn stack_positions_perft() {
    let cases: [(&str, [u64; 3]); 4] = [
        (POS_FRIGATE, [46, 3273, 165_374]),
        (POS_PIRATE, [70, 3456, 252_429]),
        (POS_TROOPERS, [69, 4744, 319_523]),
        (POS_SHIP, [55, 2918, 160_935]),
    ];
    for (line, expected) in cases {
        let p = start_after(line);
        for d in 1..=3u32 {
            assert_eq!(p.perft(d), expected[d as usize - 1], "{line} depth {d}");
        }
    }
}

#[test]
fn stack_positions_contents() {
    let p = start_after(POS_FRIGATE);
    assert_eq!(p.side_to_move(), B);
    assert_eq!(
        p.cell("b7"),
        Cell {
            ship: Some(B),
            piece: piece(W, Kind::Amazon)
        }
    );
    assert_eq!(
        p.cell("b4"),
        Cell {
            ship: Some(W),
            piece: None
        }
    );
    assert!(moves_from(&p, "b7").is_empty());
    assert!(has(&p, "b10a10p"));

    let p = start_after(POS_PIRATE);
    assert_eq!(
        moves_from(&p, "b7"),
        set(&[
            "b7a7",
            "b7b8",
            "b7b9",
            "b7c7",
            "b7b6",
            "b7b5", // whole Frigate
            "b7a7/cargo",
            "b7b8/cargo",
            "b7b6/cargo",
            "b7b5/cargo",
            "b7b4/cargo/board",
            "b7a6/cargo",
        ])
    );
    let q = after(&p, "b7a6/cargo");
    assert_eq!(
        q.cell("b7"),
        Cell {
            ship: Some(B),
            piece: None
        }
    );
    assert!(has(&q, "b7b4")); // the reverted Black Ship captures the White Ship

    let p = start_after(POS_TROOPERS);
    let mv = moves_from(&p, "a4");
    assert_eq!(mv.len(), 24); // whole a1-a3, b4-j4 (12) and the same with /cargo
    assert!(!has(&p, "b1e7p") && !has(&p, "i1f7h")); // rank 7 is the Black Trooper's

    let p = start_after(POS_SHIP);
    assert_eq!(
        moves_from(&p, "a4"),
        set(&[
            "a4a3",
            "a4a2/board",
            "a4b4",
            "a4c4",
            "a4d4",
            "a4e4",
            "a4f4",
            "a4g4",
            "a4g4/board"
        ])
    );
    let q = after(&p, "a4g4/board");
    assert_eq!(
        q.cell("g4"),
        Cell {
            ship: Some(W),
            piece: piece(B, Kind::Knight)
        }
    );
    assert!(has(&q, "g4g2")); // Black's Frigate now captures the g2 pawn
}
