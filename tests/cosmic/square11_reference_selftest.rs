//! Self-tests of the square-board reference generator
//! (`tests/support/cosmic_ref.rs`) on `square-11`: two players on 11x11,
//! pawns and dogs, rank 6 the middle row (in neither half), far row rank
//! 11 (Black rank 1), and, the board having 121 cells, the optional
//! promotion on the next-to-last row (rank 10, Black rank 2). Every
//! expected number was worked out by hand from docs/COSMIC.md (the
//! reasoning is in the comments); the deeper perft numbers are the
//! generator's own, pinned after the engine agreed with them.

use super::cosmic_ref::*;
use super::{after, keys_to, legal_set, map_key, moves_from, pos, set, split_key};
use std::collections::BTreeSet;
use std::time::Instant;

use Variant::Square11 as S11;

/// White's frame to Black's: mirrored front to back, rank r -> 12 - r.
fn mirror(x: i32, y: i32) -> (i32, i32) {
    (x, 10 - y)
}

/// `base=X` for every letter, plus `base` itself if `plain`.
fn promos(base: &str, letters: &[&str], plain: bool) -> BTreeSet<String> {
    let mut s: BTreeSet<String> = letters.iter().map(|l| format!("{base}={l}")).collect();
    if plain {
        s.insert(base.to_string());
    }
    s
}

/// The pieces of square-11 (its setup but the King and the figurants).
const ALL11: [&str; 10] = ["Q", "R", "B", "N", "D", "M", "W", "F", "S", "T"];
/// What a dog becomes on the far row (pawns play too), and what a pawn
/// may become on the next-to-last row.
const MEDIUM: [&str; 5] = ["N", "B", "F", "W", "S"];

#[test]
fn s11_start_position() {
    let s = RefPos::start(S11);
    assert_eq!(all_cells(S11).len(), 121);
    assert_eq!(all_cells(S11)[120], "k11");
    for (cell, pc) in [
        ("a1", "white R"),
        ("b1", "white N"),
        ("c1", "white B"),
        ("d1", "white D"),
        ("e1", "white M"),
        ("f1", "white K"),
        ("g1", "white Q"),
        ("h1", "white B"),
        ("i1", "white M"),
        ("j1", "white N"),
        ("k1", "white R"),
        ("a2", "white W"),
        ("b2", "white F"),
        ("c2", "white S"),
        ("d2", "white T"),
        ("h2", "white T"),
        ("i2", "white S"),
        ("j2", "white F"),
        ("k2", "white W"),
        ("a3", "white P"),
        ("d3", "white P"),
        ("e3", "white H"),
        ("f3", "white H"),
        ("g3", "white H"),
        ("h3", "white P"),
        ("k3", "white P"),
        ("f11", "black K"),
        ("g11", "black Q"),
        ("a10", "black W"),
        ("g9", "black H"),
        ("h9", "black P"),
    ] {
        assert_eq!(s.piece_at(cell).as_deref(), Some(pc), "{cell}");
    }
    for empty in ["e2", "f2", "g2", "e10", "f10", "g10", "a6", "f6", "k6"] {
        assert_eq!(s.piece_at(empty), None, "{empty}");
    }
    // Black is White mirrored front to back, piece for piece.
    let mut n = 0;
    for c in all_cells(S11) {
        if let Some(pc) = s.piece_at(&c) {
            if let Some(letter) = pc.strip_prefix("white ") {
                let (x, y) = super::xy(S11, &c);
                let (a, b) = mirror(x, y);
                let twin = cell_name(S11, a, b).unwrap();
                assert_eq!(s.piece_at(&twin), Some(format!("black {letter}")));
                n += 1;
            }
        }
    }
    assert_eq!(n, 30);
    let mut pieces: Vec<char> = game_pieces(S11).iter().map(|k| k.letter()).collect();
    pieces.sort();
    assert_eq!(
        pieces,
        vec!['B', 'D', 'F', 'M', 'N', 'Q', 'R', 'S', 'T', 'W']
    );
}

#[test]
fn s11_start_moves_by_hand() {
    // White (ranks 4 and 5 empty and its own; rank 6 the middle row):
    // - the 11 figurants of rank 3 go to rank 4 or 5: 22;
    // - Bird a2: a4..a8 up the file over the pawn a3 (a9 Black's), e2 f2 g2
    //   along rank 2 over b2 c2 d2, c4 d5 e6 f7 g8 on the diagonal over b3
    //   (h9 Black's), the knight's b4: 14; Bird k2 its mirror: 14;
    // - Medusa e1: king steps e2 f2, leaps e4, b4, h4 (b1 h1 own): 5;
    //   Medusa i1: leaps i4 and f4 (f1 own, l1 l4 off; its neighbours own): 2;
    // - Dragon d1: knight f2, bishop e2 (then f3 own): 2;
    // - King f1: e2 f2 g2 (no partner on its lines: e1 g1 are a Medusa and
    //   a Queen, f3 a dog): 3; Queen g1: f2 g2: 2;
    // - Bishop h1: g2 (then f3 own): 1; Bishop c1: 0;
    // - Teachers d2 h2: e2 f2 and g2 f2: 4; Fish b2 j2: b4 d4 and j4 h4: 4;
    // - Knights, Rooks, Snakes (every first cell own): 0.
    // Total 22 + 28 + 7 + 2 + 5 + 1 + 4 + 4 = 73.
    let s = RefPos::start(S11);
    let all = s.legal_moves();
    assert_eq!(all.len(), 73);
    assert_eq!(
        moves_from(&s, "a2"),
        keys_to(
            "a2",
            &["a4", "a5", "a6", "a7", "a8", "e2", "f2", "g2", "c4", "d5", "e6", "f7", "g8", "b4"]
        )
    );
    assert_eq!(moves_from(&s, "k2").len(), 14);
    assert_eq!(
        moves_from(&s, "e1"),
        keys_to("e1", &["e2", "f2", "e4", "b4", "h4"])
    );
    assert_eq!(moves_from(&s, "i1"), keys_to("i1", &["i4", "f4"]));
    assert_eq!(moves_from(&s, "d1"), keys_to("d1", &["f2", "e2"]));
    assert_eq!(moves_from(&s, "f1"), keys_to("f1", &["e2", "f2", "g2"]));
    assert_eq!(moves_from(&s, "g1"), keys_to("g1", &["f2", "g2"]));
    assert_eq!(moves_from(&s, "h1"), keys_to("h1", &["g2"]));
    assert_eq!(moves_from(&s, "d2"), keys_to("d2", &["e2", "f2"]));
    assert_eq!(moves_from(&s, "b2"), keys_to("b2", &["b4", "d4"]));
    assert_eq!(moves_from(&s, "j2"), keys_to("j2", &["j4", "h4"]));
    assert_eq!(moves_from(&s, "e3"), keys_to("e3", &["e4", "e5"]));
    for c in ["a1", "b1", "c1", "j1", "k1", "c2", "i2"] {
        assert!(moves_from(&s, c).is_empty(), "{c}");
    }
    // Black's are White's mirrored.
    let b = super::start_with_turn(S11, "black");
    let mirrored: BTreeSet<String> = all.iter().map(|k| map_key(S11, k, &mirror)).collect();
    assert_eq!(legal_set(&b), mirrored);
    // Depth 2 by hand for two White moves: after e3e5 (e4 passed; no Black
    // piece attacks e4) Black keeps its 73; after the Bird's a2a8 the Black
    // pawn b9 may take it (+1), the Black pawn a9 is stuck (-2), and the
    // Black Bird a10 no longer flies to a8 but to a2 (0): 72.
    let div = s.divide(2);
    assert_eq!(div["e3e5"], 73);
    assert_eq!(div["a2a8"], 72);
    assert!(moves_from(&after(&s, "a2a8"), "b9").contains("b9a8"));
}

#[test]
fn s11_middle_row_with_pawns() {
    // Own half ranks 1..5; rank 6 is nobody's, entered and left by single
    // steps. White: Pa3 -> a4 a5 (not a6); Hb4 -> b5; Pc5 -> c6; Hd6 (the
    // middle) -> d7; Pe7 -> e8; Pf1 -> f2..f5.
    let w = pos(S11, "white: Kk1 Pa3 Hb4 Pc5 Hd6 Pe7 Pf1; black: Ka11");
    assert_eq!(moves_from(&w, "a3"), keys_to("a3", &["a4", "a5"]));
    assert_eq!(moves_from(&w, "b4"), keys_to("b4", &["b5"]));
    assert_eq!(moves_from(&w, "c5"), keys_to("c5", &["c6"]));
    assert_eq!(moves_from(&w, "d6"), keys_to("d6", &["d7"]));
    assert_eq!(moves_from(&w, "e7"), keys_to("e7", &["e8"]));
    assert_eq!(
        moves_from(&w, "f1"),
        keys_to("f1", &["f2", "f3", "f4", "f5"])
    );
    // Black mirrored: own half ranks 7..11.
    let b = pos(
        S11,
        "white: Ka1; black: Kk11 Pa9 Hb8 Pc7 Hd6 Pe5 Pf11; turn black",
    );
    assert_eq!(moves_from(&b, "a9"), keys_to("a9", &["a8", "a7"]));
    assert_eq!(moves_from(&b, "b8"), keys_to("b8", &["b7"]));
    assert_eq!(moves_from(&b, "c7"), keys_to("c7", &["c6"]));
    assert_eq!(moves_from(&b, "d6"), keys_to("d6", &["d5"]));
    assert_eq!(moves_from(&b, "e5"), keys_to("e5", &["e4"]));
    assert_eq!(
        moves_from(&b, "f11"),
        keys_to("f11", &["f10", "f9", "f8", "f7"])
    );
}

#[test]
fn s11_en_passant() {
    // White c3 -> c5 passes c4. Black capturers: the pawn d5 (diagonally
    // down, c4), the dog b4 (sideways, c4), the Bird d3 (diagonal
    // neighbour c4; it may also fly there). On the next move only.
    let p = pos(S11, "white: Kk1 Pc3; black: Ka11 Pd5 Hb4 Wd3");
    let q = after(&p, "c3c5");
    assert_eq!(
        q.ep_cells(),
        Some((vec!["c4".to_string()], "c5".to_string()))
    );
    let ep: BTreeSet<String> = q
        .legal_moves()
        .into_iter()
        .filter(|k| k.ends_with("/ep"))
        .collect();
    assert_eq!(ep, set(&["d5c4/ep", "b4c4/ep", "d3c4/ep"]));
    assert!(legal_set(&q).contains("d3c4"));
    let r = after(&q, "b4c4/ep");
    assert_eq!(r.piece_at("c5"), None);
    assert_eq!(r.piece_at("c4").as_deref(), Some("black H"));
    assert!(after(&q, "a11a10 k1k2")
        .legal_moves()
        .iter()
        .all(|k| !k.ends_with("/ep")));
    // Black's long move from rank 9 ends on rank 7: h9h7 passes h8, which
    // the White pawn g7 takes (diagonally up) and the dog i8 (sideways).
    let b = pos(S11, "white: Ka1 Pg7 Hi8; black: Kk11 Ph9; turn black");
    assert!(!legal_set(&b).contains("h9h6"));
    let c = after(&b, "h9h7");
    let ep: BTreeSet<String> = c
        .legal_moves()
        .into_iter()
        .filter(|k| k.ends_with("/ep"))
        .collect();
    assert_eq!(ep, set(&["g7h8/ep", "i8h8/ep"]));
}

#[test]
fn s11_promotion_classes() {
    // 121 cells: far row rank 11 mandatory, next-to-last rank 10 optional.
    // - pawn a10 -> a11: the 10 pieces of the game, no plain move;
    // - dog c10 -> c11: N B F W S (5); its sideways capture of the Knight
    //   d10 ends on rank 10: plain, =N, =B (3);
    // - pawn e9 -> e10: plain + N B F W S (6), and the same 6 taking the
    //   Knight d10 diagonally: 12;
    // - dog g9 -> g10: plain, =N, =B;
    // - pawn i10 -> i11 and its capture of the Rook j11: 10 + 10.
    let p = pos(
        S11,
        "white: Kk1 Pa10 Hc10 Pe9 Hg9 Pi10; black: Kk6 Rj11 Nd10",
    );
    assert_eq!(moves_from(&p, "a10"), promos("a10a11", &ALL11, false));
    let mut c10 = promos("c10c11", &MEDIUM, false);
    c10.extend(promos("c10d10", &["N", "B"], true));
    assert_eq!(moves_from(&p, "c10"), c10);
    let mut e9 = promos("e9e10", &MEDIUM, true);
    e9.extend(promos("e9d10", &MEDIUM, true));
    assert_eq!(moves_from(&p, "e9"), e9);
    assert_eq!(moves_from(&p, "g9"), promos("g9g10", &["N", "B"], true));
    let mut i10 = promos("i10i11", &ALL11, false);
    i10.extend(promos("i10j11", &ALL11, false));
    assert_eq!(moves_from(&p, "i10"), i10);
    // A pawn that stayed on rank 10 promotes on its next move.
    let r = after(&p, "e9e10 k6k5");
    assert_eq!(moves_from(&r, "e10"), promos("e10e11", &ALL11, false));
    // Rank 9 and below: plain moves only.
    let q = pos(S11, "white: Kk1 Pc8 Hd8; black: Kk6");
    assert_eq!(moves_from(&q, "c8"), set(&["c8c9"]));
    assert_eq!(moves_from(&q, "d8"), set(&["d8d9"]));
    // Black: rank 1 (far) and rank 2 (next-to-last).
    let b = pos(S11, "white: Kk11; black: Ka6 Pb2 Hd3 Pf3; turn black");
    assert_eq!(moves_from(&b, "b2"), promos("b2b1", &ALL11, false));
    assert_eq!(moves_from(&b, "d3"), promos("d3d2", &["N", "B"], true));
    assert_eq!(moves_from(&b, "f3"), promos("f3f2", &MEDIUM, true));
}

#[test]
fn s11_text_and_playouts() {
    let s = RefPos::start(S11);
    let rt = pos(S11, &s.to_text());
    assert_eq!(rt.to_text(), s.to_text());
    assert_eq!(legal_set(&rt), legal_set(&s));
    for bad in [
        "white: Kf1 Ql1; black: Kf11",
        "white: Kf1 Qa12; black: Kf11",
        "white: Kf1 Pc6; black: Kf11; turn black; ep c5 victim c6",
    ] {
        assert!(RefPos::from_text(S11, bad).is_err(), "accepted: {bad}");
    }
    // Random playouts keep the invariants: no duplicate keys, no move
    // leaves the mover in check, no figurant on its far row, the text
    // round trip keeps the moves.
    for seed in 0..3u64 {
        let mut rng = super::Lcg(seed * 7727 + 5);
        let mut p = RefPos::start(S11);
        for _ply in 0..200 {
            let moves = p.legal_moves();
            let unique: BTreeSet<&String> = moves.iter().collect();
            assert_eq!(unique.len(), moves.len());
            if moves.is_empty() {
                assert!(p.outcome().is_some());
                break;
            }
            let me = p.to_move();
            let m = &moves[(rng.next() as usize) % moves.len()];
            let mut next = p.clone();
            next.play(m).unwrap();
            assert!(!next.in_check(me), "{m}");
            let (_, to, _) = split_key(m);
            if let Some(pc) = next.piece_at(&to) {
                let far = if me == 0 { "11" } else { "1" };
                if to[1..] == *far {
                    assert!(!pc.ends_with(" P") && !pc.ends_with(" H"), "{m}");
                }
            }
            let rt = RefPos::from_text(S11, &next.to_text()).unwrap();
            assert_eq!(rt.legal_moves(), next.legal_moves());
            p = next;
        }
    }
}

#[test]
fn s11_perft_from_start() {
    // Depth 1 by hand (73), and two depth-2 subtrees (73, 72) above; the
    // rest is this oracle's own, pinned after the engine agreed.
    let s = RefPos::start(S11);
    for (d, n) in [(1, 73), (2, 5338), (3, 423812)] {
        let t = Instant::now();
        let got = s.perft(d);
        println!("square-11 perft {d} = {got} ({:?})", t.elapsed());
        assert_eq!(got, n, "square-11 perft {d}");
    }
}
