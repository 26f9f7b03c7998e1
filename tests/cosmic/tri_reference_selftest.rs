//! Self-tests of the triangular Cosmic reference generator
//! (`cosmic_tri_ref.rs`). Every expected number below was worked out by hand
//! from docs/COSMIC.md's triangle geometry (the reasoning is in the
//! comments), not by running the generator.
//!
//! Notation in the comments: cells as (x, y) and by name (file a + x, rank
//! y + 1). tri-2p: up iff x + y even; tri-3p: up iff x + y odd. Strip
//! directions E NE NW W SW SE; diagonal steps D0 (2,0), D1 (1,1), D2 (-1,1),
//! D3 (-2,0), D4 (-1,-1), D5 (1,-1). Up cell: edge neighbours left, right,
//! below; down cell: left, right, above. NE: up -> right, down -> above; NW:
//! up -> left, down -> above; SW: up -> below, down -> left; SE: up -> below,
//! down -> right. Row ranges: tri-2p y0 3..11, y1 2..12, y2 1..13, y3 0..14,
//! y4 0..14, y5 1..13, y6 2..12, y7 3..11; tri-3p row y: 10-y..10+y.

#![allow(clippy::needless_range_loop)]

use super::cosmic_tri_ref::*;
use std::collections::BTreeSet;

const T2: Variant = Variant::Tri2p;
const T3: Variant = Variant::Tri3p;

fn pos(v: Variant, text: &str) -> RefPos {
    RefPos::from_text(v, text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn from_of(key: &str) -> &str {
    let n = 1 + key[1..].bytes().take_while(|b| b.is_ascii_digit()).count();
    &key[..n]
}

fn to_of(key: &str) -> &str {
    let rest = &key[from_of(key).len()..];
    let n = 1 + rest[1..].bytes().take_while(|b| b.is_ascii_digit()).count();
    &rest[..n]
}

fn moves_from(p: &RefPos, cell: &str) -> Vec<String> {
    p.legal_moves()
        .into_iter()
        .filter(|k| k != "pass" && k != "out" && from_of(k) == cell)
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn key_set(keys: Vec<String>) -> BTreeSet<String> {
    keys.into_iter().collect()
}

fn targets(p: &RefPos, cell: &str) -> BTreeSet<String> {
    moves_from(p, cell)
        .iter()
        .map(|k| to_of(k).to_string())
        .collect()
}

fn castles(p: &RefPos) -> BTreeSet<String> {
    p.legal_moves()
        .into_iter()
        .filter(|k| k.contains("/castle/"))
        .collect()
}

/// White's piece `letter` on `cell`, the Kings given by `kings`.
fn count_alone(v: Variant, kings: &str, letter: char, cell: &str) -> usize {
    let text = kings.replacen("white: ", &format!("white: {letter}{cell} "), 1);
    let p = pos(v, &text);
    moves_from(&p, cell).len()
}

// ---------------------------------------------------------------------------
// Geometry (properties, not counts)
// ---------------------------------------------------------------------------

#[test]
fn cells_names_colours() {
    // tri-2p: 9 + 11 + 13 + 15 + 15 + 13 + 11 + 9 = 96; tri-3p: 1 + 3 + ...
    // + 21 = 121.
    assert_eq!(all_cells(T2).len(), 96);
    assert_eq!(all_cells(T3).len(), 121);
    for v in [T2, T3] {
        let cells = all_cells(v);
        let distinct: BTreeSet<&String> = cells.iter().collect();
        assert_eq!(distinct.len(), cells.len());
        for c in &cells {
            let (x, y) = cell_xy(v, c).unwrap();
            assert_eq!(cell_name(v, x, y).as_deref(), Some(c.as_str()));
        }
    }
    // Board order: rank by rank, each by file.
    let c2 = all_cells(T2);
    assert_eq!(
        &c2[..9],
        &["d1", "e1", "f1", "g1", "h1", "i1", "j1", "k1", "l1"]
    );
    assert_eq!(c2[9], "c2");
    assert_eq!(c2[95], "l8");
    assert_eq!(cell_xy(T2, "d1"), Some((3, 0)));
    assert_eq!(cell_xy(T2, "a4"), Some((0, 3)));
    assert_eq!(cell_xy(T2, "o5"), Some((14, 4)));
    assert_eq!(cell_xy(T2, "c1"), None);
    assert_eq!(cell_xy(T2, "m8"), None);
    assert!(!is_up(T2, "d1") && is_up(T2, "e1") && is_up(T2, "d8") && !is_up(T2, "e8"));
    assert!(!is_up(T2, "a4") && is_up(T2, "a5"));
    let c3 = all_cells(T3);
    assert_eq!(c3[0], "k1");
    assert_eq!(&c3[1..4], &["j2", "k2", "l2"]);
    assert_eq!(c3[100], "a11");
    assert_eq!(c3[120], "u11");
    assert_eq!(cell_xy(T3, "k11"), Some((10, 10)));
    assert_eq!(cell_xy(T3, "j1"), None);
    assert!(!is_up(T3, "k1") && is_up(T3, "k2") && !is_up(T3, "a11") && is_up(T3, "k8"));
}

#[test]
fn strip_and_turn_properties() {
    for v in [T2, T3] {
        for c in all_cells(v) {
            for k in 0..6 {
                // A strip reversed is the opposite strip.
                if let Some(n) = strip_step(v, &c, k) {
                    assert_eq!(strip_step(v, &n, (k + 3) % 6), Some(c.clone()));
                    // Two strip steps = the diagonal step of that direction.
                    if let Some(m) = strip_step(v, &n, k) {
                        let (x, y) = cell_xy(v, &c).unwrap();
                        let (mx, my) = cell_xy(v, &m).unwrap();
                        assert_eq!((mx - x, my - y), DIAG[k]);
                    }
                }
            }
        }
    }
    // tri-2p's half turn is (x, y) -> (14 - x, 7 - y) and swaps colours;
    // strips turn with it (direction k -> k + 3).
    for c in all_cells(T2) {
        let (x, y) = cell_xy(T2, &c).unwrap();
        let t = turn_cell(T2, &c, 3).unwrap();
        assert_eq!(cell_xy(T2, &t), Some((14 - x, 7 - y)));
        assert_ne!(is_up(T2, &c), is_up(T2, &t));
        for k in 0..6 {
            let a = strip_step(T2, &c, k).map(|n| turn_cell(T2, &n, 3).unwrap());
            assert_eq!(a, strip_step(T2, &t, (k + 3) % 6));
        }
    }
    // tri-3p's 120-degree turn about k8: a bijection of order 3 keeping
    // colours, strips turn by 2.
    let mut images = BTreeSet::new();
    for c in all_cells(T3) {
        let t = turn_cell(T3, &c, 2).unwrap();
        images.insert(t.clone());
        assert_eq!(is_up(T3, &c), is_up(T3, &t));
        let t3 = turn_cell(T3, &turn_cell(T3, &t, 2).unwrap(), 2).unwrap();
        assert_eq!(t3, c);
        for k in 0..6 {
            let a = strip_step(T3, &c, k).map(|n| turn_cell(T3, &n, 2).unwrap());
            assert_eq!(a, strip_step(T3, &t, (k + 2) % 6));
        }
    }
    assert_eq!(images.len(), 121);
    // Worked by hand (distances to the three sides): k1 -> u11 -> a11, k8
    // fixed, Rj2 (9,1) -> t10 (19,9), Pn4 (13,3) -> o11 (14,10).
    assert_eq!(turn_cell(T3, "k1", 2).as_deref(), Some("u11"));
    assert_eq!(turn_cell(T3, "u11", 2).as_deref(), Some("a11"));
    assert_eq!(turn_cell(T3, "k8", 2).as_deref(), Some("k8"));
    assert_eq!(turn_cell(T3, "j2", 2).as_deref(), Some("t10"));
    assert_eq!(turn_cell(T3, "n4", 2).as_deref(), Some("o11"));
    // The snake's path table: 12 distinct (first, other) pairs flanking the
    // axis.
    let sp = snake_paths();
    assert_eq!(sp.len(), 12);
    for (k, f, o) in sp {
        assert!((f == (k + 1) % 6 && o == (k + 5) % 6) || (f == (k + 5) % 6 && o == (k + 1) % 6));
    }
}

#[test]
fn regions() {
    // tri-2p: own half 9+11+13+15 = 48 cells, far row 4 (d8..g8 for White,
    // i1..l1 for Black), no next-to-last row.
    for p in 0..2 {
        let cells = all_cells(T2);
        let own = cells.iter().filter(|c| is_own_half(T2, p, c)).count();
        let far: Vec<&String> = cells.iter().filter(|c| is_far_row(T2, p, c)).collect();
        let ntl = cells.iter().filter(|c| is_next_to_last(T2, p, c)).count();
        assert_eq!((own, far.len(), ntl), (48, 4, 0));
    }
    let far_w: Vec<String> = all_cells(T2)
        .into_iter()
        .filter(|c| is_far_row(T2, 0, c))
        .collect();
    assert_eq!(far_w, vec!["d8", "e8", "f8", "g8"]);
    let far_b: Vec<String> = all_cells(T2)
        .into_iter()
        .filter(|c| is_far_row(T2, 1, c))
        .collect();
    assert_eq!(far_b, vec!["i1", "j1", "k1", "l1"]);
    assert!(is_own_half(T2, 0, "a4") && !is_own_half(T2, 0, "a5"));
    assert!(is_own_half(T2, 1, "a5") && !is_own_half(T2, 1, "a4"));
    // tri-3p: own half 25 (side 5), far row 21, next-to-last 19 for each.
    for p in 0..3 {
        let cells = all_cells(T3);
        let own = cells.iter().filter(|c| is_own_half(T3, p, c)).count();
        let far = cells.iter().filter(|c| is_far_row(T3, p, c)).count();
        let ntl = cells.iter().filter(|c| is_next_to_last(T3, p, c)).count();
        assert_eq!((own, far, ntl), (25, 21, 19), "player {p}");
    }
    // Red (upper right) promotes on the left side a11 .. k1 (cells touching
    // it: (10-y, y) and (11-y, y)), Black (upper left) on the right side.
    for c in ["a11", "b11", "b10", "f6", "g6", "j2", "k2", "k1"] {
        assert!(is_far_row(T3, 1, c), "{c}");
    }
    for c in ["u11", "t11", "t10", "p6", "o6", "l2", "k2", "k1"] {
        assert!(is_far_row(T3, 2, c), "{c}");
    }
    // White's own half rows 1..5 (its rank 5 has 9 cells); red's is the
    // side-5 triangle at u11, whose long side meets rank 11 in the 9 cells
    // m11..u11; black's in a11..i11.
    assert!(is_own_half(T3, 0, "g5") && !is_own_half(T3, 0, "k6"));
    assert!(is_own_half(T3, 1, "m11") && !is_own_half(T3, 1, "l11"));
    assert!(is_own_half(T3, 2, "i11") && !is_own_half(T3, 2, "j11"));
}

// ---------------------------------------------------------------------------
// Start positions
// ---------------------------------------------------------------------------

#[test]
fn start_tri2p() {
    let s = RefPos::start(T2);
    assert_eq!(player_names(T2), &["white", "black"]);
    assert_eq!(s.piece_count(0), 20);
    assert_eq!(s.piece_count(1), 20);
    assert_eq!(king_start(T2, 0), "g1");
    // The half turn: g1 (6,0) -> (8,7) i8; h1 -> h8; d1 -> l8; l1 -> d8;
    // c2 (2,1) -> (12,6) m7; k2 (10,1) -> (4,6) e7.
    assert_eq!(king_start(T2, 1), "i8");
    for (c, pc) in [
        ("h8", "black Q"),
        ("l8", "black R"),
        ("d8", "black R"),
        ("k8", "black S"),
        ("j8", "black B"),
        ("g8", "black B"),
        ("f8", "black T"),
        ("e8", "black N"),
        ("m7", "black P"),
        ("c7", "black P"),
        ("e7", "black H"),
        ("k7", "black H"),
    ] {
        assert_eq!(s.piece_at(c).as_deref(), Some(pc), "{c}");
    }
    assert_eq!(
        game_pieces(T2),
        vec![
            Kind::Rook,
            Kind::Snake,
            Kind::Bishop,
            Kind::Queen,
            Kind::Teacher,
            Kind::Knight
        ]
    );
    // White's 42 moves, by hand. Rank 1 is walled in by rank 2: Rd1 (E e1,
    // above d2), Se1 (diagonal neighbours g1 f2 d2 own), Bf1 (h1 d1 g2 e2),
    // Kg1 (f1 h1 / e1 i1 h2 f2; castling: h1 and f1 are no partners), Qh1,
    // Bi1, Tj1, Nk1 (h1 m2 i2 own), Rl1: 0. The up cells of rank 2 (d2 f2 h2
    // j2 l2) have their two forward cells (left, right) occupied: 0 (pawn
    // captures e3/c3, m3/k3 are empty). Each down cell of rank 2 (c2 e2 g2
    // i2 k2 m2) goes up to the cell above and then along NE and NW within
    // ranks 1..4: 1 + 3 + 3 = 7 (c2: c3, NE d3 d4 e4, NW b3 b4 a4). 6 x 7.
    assert_eq!(s.legal_moves().len(), 42);
    assert_eq!(
        key_set(moves_from(&s, "c2")),
        set(&["c2c3", "c2d3", "c2d4", "c2e4", "c2b3", "c2b4", "c2a4"])
    );
    assert_eq!(
        key_set(moves_from(&s, "e2")),
        set(&["e2e3", "e2f3", "e2f4", "e2g4", "e2d3", "e2d4", "e2c4"])
    );
    assert_eq!(
        key_set(moves_from(&s, "m2")),
        set(&["m2m3", "m2n3", "m2n4", "m2o4", "m2l3", "m2l4", "m2k4"])
    );
    // Black's figurants mirror: m7 (12,6) up: below m6, SW l6 l5 k5, SE n6
    // n5 o5 (the half turn of c2's cells).
    let b = pos(T2, &s.to_text().replace("turn white", "turn black"));
    assert_eq!(b.legal_moves().len(), 42);
    assert_eq!(
        key_set(moves_from(&b, "m7")),
        set(&["m7m6", "m7l6", "m7l5", "m7k5", "m7n6", "m7n5", "m7o5"])
    );
    assert!(!s.in_check(0) && !s.in_check(1));
}

#[test]
fn start_tri3p() {
    let s = RefPos::start(T3);
    assert_eq!(player_names(T3), &["white", "red", "black"]);
    for p in 0..3 {
        assert_eq!(s.piece_count(p), 16);
    }
    assert_eq!(king_start(T3, 0), "k1");
    assert_eq!(king_start(T3, 1), "u11");
    assert_eq!(king_start(T3, 2), "a11");
    // Red = White turned 120 (computed by hand from the distances to the
    // three sides, see strip_and_turn_properties), Black = 240.
    let red = "Ku11 Rt10 Qt11 Rs11 Ns9 Fs10 Dr10 Wr11 Mq11 Pr8 Hr9 Hq9 Hq10 Hp10 Hp11 Po11";
    let black = "Ka11 Rc11 Qb11 Rb10 Ne11 Fd11 Dd10 Wc10 Mc9 Pg11 Hf11 Hf10 He10 He9 Hd9 Pd8";
    for (owner, list) in [("red", red), ("black", black)] {
        for tok in list.split_whitespace() {
            let (l, c) = tok.split_at(1);
            assert_eq!(s.piece_at(c), Some(format!("{owner} {l}")), "{tok}");
        }
    }
    assert_eq!(
        game_pieces(T3),
        vec![
            Kind::Rook,
            Kind::Queen,
            Kind::Knight,
            Kind::Fish,
            Kind::Dragon,
            Kind::Bird,
            Kind::Medusa
        ]
    );
    // White's 38 moves, by hand. Kk1 (k2 l2 j2 own), Rj2, Qk2, Rl2: 0.
    // Ni3 (8,2) down: j5 (9,4), h5 (7,4) (the others own or off): 2.
    // Fj3 (9,2) up: edge and diagonal neighbours own or off; double
    // diagonal l5 (11,4), h5 (7,4): 2. Dk3 (10,2) down: knight l5 j5, its
    // six diagonal neighbours own or off: 2. Mm3 (12,2) down: knight n5
    // (13,4), l5; 3 x D1 p6 (15,5), 3 x D2 j6 (9,5): 4. Wl3 (11,2) up: E, W,
    // SW, SE lines hold only own pieces or leave the board; NE (right m3,
    // above m4, right n4, then) n5 o5 o6 p6 p7 q7 q8 empty, then red's r8 r9
    // s9 s10 t10 t11 u11; NW (k3 k4 j4, then) j5 i5 i6 h6 h7 g7 g8 f8 f9,
    // then black's e9 e10 d10 d11 c11; diagonal lines and knight leaps add
    // no new empty cell; no enemy on its diagonal neighbours: 16.
    // Ph4 (7,3) down: above h5, NE i5, NW g5 (rank 5 is still the own
    // half, rank 6 not): 3; Hj4, Hl4, Pn4 likewise 3 each; Hi4 Hk4 Hm4 (up)
    // blocked sideways: 0. 2+2+2+4+16+3*4 = 38.
    assert_eq!(s.legal_moves().len(), 38);
    assert_eq!(
        key_set(moves_from(&s, "l3")),
        set(&[
            "l3n5", "l3o5", "l3o6", "l3p6", "l3p7", "l3q7", "l3q8", "l3j5", "l3i5", "l3i6", "l3h6",
            "l3h7", "l3g7", "l3g8", "l3f8", "l3f9"
        ])
    );
    assert_eq!(
        key_set(moves_from(&s, "m3")),
        set(&["m3n5", "m3l5", "m3p6", "m3j6"])
    );
    assert_eq!(key_set(moves_from(&s, "j3")), set(&["j3l5", "j3h5"]));
    assert_eq!(key_set(moves_from(&s, "k3")), set(&["k3l5", "k3j5"]));
    assert_eq!(key_set(moves_from(&s, "i3")), set(&["i3j5", "i3h5"]));
    assert_eq!(
        key_set(moves_from(&s, "h4")),
        set(&["h4h5", "h4i5", "h4g5"])
    );
    assert_eq!(
        key_set(moves_from(&s, "j4")),
        set(&["j4j5", "j4k5", "j4i5"])
    );
    assert!(moves_from(&s, "i4").is_empty());
    // Red's figurants move towards the centre (down-left): its frame is
    // White's turned 120, forward strips W and SW. Pawn r8 (17,7) down: W
    // q8 (16,7), p8 (15,7) (still red's half: distance 6 from the left
    // side), SW q8 then below q7 (16,6). Dog q9 (16,8) down: W p9 o9, SW p9
    // then below p8. Black's (240: forward strips SE and E, towards the
    // right): pawn g11 (6,10) down: E h11 i11, SE h11 then below h10.
    let r = pos(T3, &s.to_text().replace("turn white", "turn red"));
    assert_eq!(r.legal_moves().len(), 38);
    assert_eq!(
        key_set(moves_from(&r, "r8")),
        set(&["r8q8", "r8p8", "r8q7"])
    );
    assert_eq!(
        key_set(moves_from(&r, "q9")),
        set(&["q9p9", "q9o9", "q9p8"])
    );
    let b = pos(T3, &s.to_text().replace("turn white", "turn black"));
    assert_eq!(b.legal_moves().len(), 38);
    assert_eq!(
        key_set(moves_from(&b, "g11")),
        set(&["g11h11", "g11i11", "g11h10"])
    );
    // Black's Bird c10 = White's l3 turned 240: 16 as well.
    assert_eq!(moves_from(&b, "c10").len(), 16);
}

// ---------------------------------------------------------------------------
// Pieces alone
// ---------------------------------------------------------------------------

// Kings off every line and path of the tested piece (checked by hand
// against the lists in the comments below).
const K2_H4: &str = "white: Kd1; black: Kh8";
const K2_G4: &str = "white: Kg1; black: Kh8";
const K2_D1: &str = "white: Kh8; black: Kl8";
const K3_CENTRE: &str = "white: Kk1; red: Ku11; black: Ka11";
const K3_CORNER: &str = "white: Kk6; red: Kp11; black: Kf11";

#[test]
fn pieces_alone_tri2p_inner_up_h4() {
    // h4 (7,3), up, its apex at the board's centre vertex.
    // Strips: E i4..o4 7, W g4..a4 7, NE i4 i5 j5 j6 k6 k7 l7 l8 8, NW g4 g5
    // f5 f6 e6 e7 d7 d8 8, SW h3 g3 g2 f2 f1 e1 6, SE h3 i3 i2 j2 j1 k1 6;
    // E/NE share i4, W/NW g4, SW/SE h3: Rook 42 - 3 = 39.
    // Diagonals: D0 j4 l4 n4, D3 f4 d4 b4, D1 i5 j6 k7 l8, D2 g5 f6 e7 d8,
    // D4 g3 f2 e1, D5 i3 j2 k1: Bishop 20, all of them strip cells: Queen
    // 39. Knight (up): k4 e4 j5 f5 i2 g2: 6. Dragon 26. King 3 + 6 = 9.
    // Medusa 9 + 6 + 3xD (n4 b4 k7 e7 e1 k1) = 21. Fish 3 + 6 + 2xD (l4 d4
    // j6 f6 f2 j2) = 15. Teacher: the King's 9 + 2xD 6 = 15. Bird: all strip
    // cells (knight cells are third strip cells): 39.
    // Snake 44, see snake_paths_h4.
    let expect = [
        ('R', 39),
        ('B', 20),
        ('Q', 39),
        ('N', 6),
        ('D', 26),
        ('M', 21),
        ('F', 15),
        ('T', 15),
        ('W', 39),
        ('S', 44),
    ];
    for (l, n) in expect {
        assert_eq!(count_alone(T2, K2_H4, l, "h4"), n, "tri-2p {l} h4");
    }
    let p = pos(T2, "white: Kh4; black: Kh8");
    assert_eq!(
        key_set(moves_from(&p, "h4")),
        set(&["h4g4", "h4i4", "h4h3", "h4j4", "h4f4", "h4i5", "h4g5", "h4g3", "h4i3"])
    );
    let p = pos(T2, "white: Kd1 Nh4; black: Kh8");
    assert_eq!(
        targets(&p, "h4"),
        set(&["k4", "e4", "j5", "f5", "i2", "g2"])
    );
    let p = pos(T2, "white: Kd1 Bh4; black: Kh8");
    assert_eq!(
        targets(&p, "h4"),
        set(&[
            "j4", "l4", "n4", "f4", "d4", "b4", "i5", "j6", "k7", "l8", "g5", "f6", "e7", "d8",
            "g3", "f2", "e1", "i3", "j2", "k1"
        ])
    );
}

#[test]
fn pieces_alone_tri2p_inner_down_g4() {
    // g4 (6,3), down: edge neighbours f4, h4, g5.
    // Strips: E h4..o4 8, W f4..a4 6, NE g5 h5 h6 i6 i7 j7 j8 k8 8, NW g5 f5
    // f6 e6 e7 d7 d8 7, SW f4 f3 e3 e2 d2 d1 6, SE h4 h3 i3 i2 j2 j1 k1 7;
    // shared g5 (NE/NW), f4 (W/SW), h4 (E/SE): Rook 42 - 3 = 39.
    // Diagonals: D0 i4 k4 m4 o4 4, D3 e4 c4 a4 3, D1 h5 i6 j7 k8 4, D2 f5 e6
    // d7 3, D4 f3 e2 d1 3, D5 h3 i2 j1 3: Bishop 20; Queen 39.
    // Knight (down): j4 d4 i3 e3 h6 f6: 6; Dragon 26. King 9. Medusa 9 + 6 +
    // (m4 a4 j7 d7 d1 j1) = 21. Fish 3 + 6 + (k4 c4 i6 e6 e2 i2) = 15.
    // Teacher 15. Bird 39.
    // Snake: the 6 diagonal neighbours; on-axis cells k4 m4 o4, c4 a4, i6 j7
    // k8, e6 d7, e2 d1, i2 j1 (14); the six cells Dk + D(k+1): j5 g6 d5 d3
    // g2 j3; the twelve 2Dk + D(k±1): l5 l3 b3 b5 h7 k6 c6 f7 f1 c2 k2 h1;
    // the six 3Dk + D(other) still on the board: n3 n5 l7 i8 e8 l1. o4 and
    // k8 (4Dk) are on-axis cells already counted. 6+14+6+12+6 = 44.
    let expect = [
        ('R', 39),
        ('B', 20),
        ('Q', 39),
        ('N', 6),
        ('D', 26),
        ('M', 21),
        ('F', 15),
        ('T', 15),
        ('W', 39),
        ('S', 44),
    ];
    for (l, n) in expect {
        assert_eq!(count_alone(T2, K2_G4, l, "g4"), n, "tri-2p {l} g4");
    }
    let p = pos(T2, "white: Kg4; black: Kh8");
    assert_eq!(
        key_set(moves_from(&p, "g4")),
        set(&["g4f4", "g4h4", "g4g5", "g4i4", "g4e4", "g4h5", "g4f5", "g4f3", "g4h3"])
    );
    let p = pos(T2, "white: Kg1 Sg4; black: Kh8");
    assert_eq!(
        targets(&p, "g4"),
        set(&[
            "i4", "e4", "h5", "f5", "f3", "h3", // diagonal neighbours
            "k4", "m4", "o4", "c4", "a4", "i6", "j7", "k8", "e6", "d7", "e2", "d1", "i2", "j1",
            "j5", "g6", "d5", "d3", "g2", "j3", // Dk + D(k+1)
            "l5", "l3", "b3", "b5", "h7", "k6", "c6", "f7", "f1", "c2", "k2", "h1", "n3", "n5",
            "l7", "i8", "e8", "l1",
        ])
    );
    let p = pos(T2, "white: Kg1 Ng4; black: Kh8");
    assert_eq!(
        targets(&p, "g4"),
        set(&["j4", "d4", "i3", "e3", "h6", "f6"])
    );
}

#[test]
fn pieces_alone_tri2p_corner_d1() {
    // d1 (3,0), down, the bottom-left corner: edge neighbours e1, d2 (left
    // off). Strips: E e1..l1 8; NE d2 e2 e3 f3 f4 g4 g5 h5 h6 i6 i7 j7 j8 k8
    // 14 (the long diagonal); NW d2 c2 c3 b3 b4 a4 a5 7 (d2 shared); SE e1
    // (shared), W and SW off: Rook 28. Diagonals: D0 f1 h1 j1 l1, D1 e2 f3
    // g4 h5 i6 j7 k8, D2 c2 b3 a4: Bishop 14 (strip cells): Queen 28.
    // Knight (down): g1, e3, c3: 3; Dragon 17. King e1 d2 f1 e2 c2: 5.
    // Medusa 5 + 3 + (j1 g4 a4) = 11. Fish 2 + 3 + (h1 f3 b3) = 8. Teacher 8.
    // Bird 28. Snake: paths (E, D1 first) e2 f1; (NW, D2 first) c2; (NE, D2
    // first) c2 e2 g2 f3 e4 g4 i4 h5 g6 i6 k6 j7 i8 k8; (NE, D0 first) f1 e2
    // d3 f3 h3 g4 f5 h5 j5 i6 h7 j7 l7 k8; (NW, D1 first) e2 c2; (SE, D0
    // first) f1: 14 + 7 new = 21.
    let expect = [
        ('R', 28),
        ('B', 14),
        ('Q', 28),
        ('N', 3),
        ('D', 17),
        ('M', 11),
        ('F', 8),
        ('T', 8),
        ('W', 28),
        ('S', 21),
    ];
    for (l, n) in expect {
        assert_eq!(count_alone(T2, K2_D1, l, "d1"), n, "tri-2p {l} d1");
    }
    let p = pos(T2, "white: Kd1; black: Kl8");
    assert_eq!(
        key_set(moves_from(&p, "d1")),
        set(&["d1e1", "d1d2", "d1f1", "d1e2", "d1c2"])
    );
    // The strips stop at the board's edge: the Rook's 28 by name.
    let p = pos(T2, "white: Kh8 Rd1; black: Kl8");
    assert_eq!(
        targets(&p, "d1"),
        set(&[
            "e1", "f1", "g1", "h1", "i1", "j1", "k1", "l1", // E
            "d2", "e2", "e3", "f3", "f4", "g4", "g5", "h5", "h6", "i6", "i7", "j7", "j8", "k8",
            "c2", "c3", "b3", "b4", "a4", "a5", // NW
        ])
    );
}

#[test]
fn pieces_alone_tri3p() {
    // k8 (10,7), up, the centre: every strip runs 7 cells (E l8..r8, W
    // j8..d8, NE (11,7) (11,8) (12,8) (12,9) (13,9) (13,10) (14,10), NW its
    // mirror, SW k7 (10,6) (9,6) (9,5) (8,5) (8,4) (7,4) (7,3) then (6,3) is
    // off row 3 (7..13), SE its mirror): Rook 42 - 3 = 39; diagonals 3 each
    // (D4: (9,6) (8,5) (7,4), (6,3) off): Bishop 18; Queen 39; Knight 6;
    // Dragon 24; King 9; Medusa 9 + 6 + 6 = 21; Fish 15; Teacher 15; Bird 39.
    // Snake: 6 neighbours + 12 on-axis (2Dk, 3Dk; 4Dk all off) + 6 (Dk +
    // D(k+1)) + 12 (2Dk + Df) + the 3Dk + Do on the board: (17,8) (3,8)
    // (15,10) (5,10) (8,3) (12,3) 6 = 42.
    let expect = [
        ('R', 39),
        ('B', 18),
        ('Q', 39),
        ('N', 6),
        ('D', 24),
        ('M', 21),
        ('F', 15),
        ('T', 15),
        ('W', 39),
        ('S', 42),
    ];
    for (l, n) in expect {
        assert_eq!(count_alone(T3, K3_CENTRE, l, "k8"), n, "tri-3p {l} k8");
    }
    // k7 (10,6), down: E (11..16,6) 6, W (9..4,6) 6, NE (10,7) (11,7) (11,8)
    // (12,8) (12,9) (13,9) (13,10) (14,10) 8, NW 8 (k8 shared), SW (9,6)
    // (9,5) (8,5) (8,4) (7,4) (7,3) 6 ((9,6) shared with W), SE 6: Rook 37.
    // Diagonals D0 3, D3 3, D1 4, D2 4, D4 3, D5 3: Bishop 20; Queen 37;
    // Knight 6; Dragon 26; King 9; Medusa 21; Fish 15; Teacher 15; Bird 37.
    // Snake: 6 + on-axis 14 ((14,6) (16,6) (6,6) (4,6) (12,8) (13,9) (14,10)
    // (8,8) (7,9) (6,10) (8,4) (7,3) (12,4) (13,3)) + 6 + 12 + the 3Dk + Do
    // on the board (17,7) (3,7) (15,9) (12,10) (8,10) (5,9) (8,2) (12,2) 8 +
    // 4Dk + Df (16,10) (4,10) 2 = 48.
    let expect = [
        ('R', 37),
        ('B', 20),
        ('Q', 37),
        ('N', 6),
        ('D', 26),
        ('M', 21),
        ('F', 15),
        ('T', 15),
        ('W', 37),
        ('S', 48),
    ];
    for (l, n) in expect {
        assert_eq!(count_alone(T3, K3_CENTRE, l, "k7"), n, "tri-3p {l} k7");
    }
    // k1 (10,0), down, the bottom corner: only NE and NW strips (the two
    // sides of the board, 20 cells each, k2 shared): Rook 39; diagonals D1
    // and D2 10 each: Bishop 20; Queen 39; Knight l3 j3 2; Dragon 22; King
    // k2 l2 j2 3; Medusa 3 + 2 + n4 h4 = 7; Fish k2 + l2 j2 + m3 i3 = 5;
    // Teacher 5; Bird 39; Snake l2 j2 (every path leaves the board after at
    // most two cells): 2.
    let expect = [
        ('R', 39),
        ('B', 20),
        ('Q', 39),
        ('N', 2),
        ('D', 22),
        ('M', 7),
        ('F', 5),
        ('T', 5),
        ('W', 39),
        ('S', 2),
    ];
    for (l, n) in expect {
        assert_eq!(count_alone(T3, K3_CORNER, l, "k1"), n, "tri-3p {l} k1");
    }
    let p = pos(T3, "white: Kk1; red: Kp11; black: Kf11");
    assert_eq!(
        key_set(moves_from(&p, "k1")),
        set(&["k1k2", "k1l2", "k1j2"])
    );
    let p = pos(T3, "white: Kk6 Mk1; red: Kp11; black: Kf11");
    assert_eq!(
        targets(&p, "k1"),
        set(&["k2", "l2", "j2", "l3", "j3", "n4", "h4"])
    );
}

#[test]
fn snake_paths_h4() {
    // From h4 (7,3) in tri-2p; each path's cells, first step Df, then Dk,
    // Dk + Do, 2Dk, 2Dk + Df, 3Dk, ... up to the first cell off the board.
    // (E, D1 first)  i5 j4 k3 l4 m5 n4          ((14,2) off)
    // (E, D5 first)  i3 j4 k5 l4 m3 n4 o5       ((15,3) off)
    // (W, D4 first)  g3 f4 e5 d4 c3 b4 a5
    // (W, D2 first)  g5 f4 e3 d4 c5 b4          ((0,2) off)
    // (NE, D2 first) g5 i5 k5 j6 i7 k7 m7 l8
    // (NE, D0 first) j4 i5 h6 j6 l6 k7 j8 l8
    // (NW, D3 first) f4 g5 h6 f6 d6 e7 f8 d8
    // (NW, D1 first) i5 g5 e5 f6 g7 e7 c7 d8
    // (SW, D5 first) i3 g3 e3 f2 g1 e1
    // (SW, D3 first) f4 g3 h2 f2 d2 e1
    // (SE, D0 first) j4 i3 h2 j2 l2 k1
    // (SE, D4 first) g3 i3 k3 j2 i1 k1
    // Distinct: 44.
    let paths: [&[&str]; 12] = [
        &["i5", "j4", "k3", "l4", "m5", "n4"],
        &["i3", "j4", "k5", "l4", "m3", "n4", "o5"],
        &["g3", "f4", "e5", "d4", "c3", "b4", "a5"],
        &["g5", "f4", "e3", "d4", "c5", "b4"],
        &["g5", "i5", "k5", "j6", "i7", "k7", "m7", "l8"],
        &["j4", "i5", "h6", "j6", "l6", "k7", "j8", "l8"],
        &["f4", "g5", "h6", "f6", "d6", "e7", "f8", "d8"],
        &["i5", "g5", "e5", "f6", "g7", "e7", "c7", "d8"],
        &["i3", "g3", "e3", "f2", "g1", "e1"],
        &["f4", "g3", "h2", "f2", "d2", "e1"],
        &["j4", "i3", "h2", "j2", "l2", "k1"],
        &["g3", "i3", "k3", "j2", "i1", "k1"],
    ];
    let mut all = BTreeSet::new();
    for path in paths.iter() {
        for c in path.iter() {
            all.insert(c.to_string());
        }
    }
    assert_eq!(all.len(), 44);
    let p = pos(T2, "white: Kd1 Sh4; black: Kh8");
    assert_eq!(targets(&p, "h4"), all);
    // Blocked: an own Knight on i5 (first cell of (E, D1) and (NW, D1), the
    // second of both NE paths) and a black Knight on l4 (fourth cell of both
    // E paths). Lost: i5 itself, m5 (E/D1 only), g7 c7 (NW/D1 only), j6 i7 k7
    // m7 l8 (NE paths only), l6 j8 (NE/D0 only), and beyond l4: m3 o5 (E/D5
    // only) and n4 (both E paths): 44 - 14 = 30. l4 stays, as a capture;
    // e5 f6 e7 d8 (also on other paths) stay.
    let p = pos(T2, "white: Kd1 Sh4 Ni5; black: Kh8 Nl4");
    let got = targets(&p, "h4");
    let mut expect = all.clone();
    for c in [
        "i5", "m5", "g7", "c7", "j6", "i7", "k7", "m7", "l8", "l6", "j8", "m3", "o5", "n4",
    ] {
        expect.remove(c);
    }
    assert_eq!(got, expect);
    assert_eq!(got.len(), 30);
    assert!(p.is_attacked_by("l4", 0));
    assert!(p.is_attacked_by("i5", 0)); // guards its own Knight
    assert!(!p.is_attacked_by("m3", 0) && !p.is_attacked_by("o5", 0));
}

#[test]
fn bird_and_bishop_over_pieces() {
    // Bird h4 with an own dog on i4 and black Knights on j4 (a diagonal
    // neighbour) and g4 (an edge neighbour). Quiet flights over them: E
    // k4..o4 5 (i4, j4 occupied), W f4..a4 6, NE i5 j5 j6 k6 k7 l7 l8 7, NW
    // g5 f5 f6 e6 e7 d7 d8 7, SW h3 g3 g2 f2 f1 e1 6, SE i3 i2 j2 j1 k1 5 =
    // 36 (knight leaps k4 e4 j5 f5 i2 g2 are among them); capture only j4
    // (g4 is no diagonal neighbour): 37.
    let p = pos(T2, "white: Kd1 Wh4 Hi4; black: Kh8 Nj4 Ng4");
    let b = key_set(moves_from(&p, "h4"));
    assert_eq!(b.len(), 37);
    for k in ["h4k4", "h4o4", "h4a4", "h4i5", "h4l8", "h4j4"] {
        assert!(b.contains(k), "{k}");
    }
    assert!(!b.contains("h4g4") && !b.contains("h4i4"));
    assert!(p.is_attacked_by("j4", 0) && !p.is_attacked_by("g4", 0));
    assert!(!p.is_attacked_by("k4", 0)); // quiet cells are not attacked
                                         // A Bishop is not blocked by the cells a diagonal step passes between:
                                         // h4's edge neighbours i4 g4 h3 and the cell above its apex h5 hold
                                         // pieces, but every landing cell is empty: 20. A Queen there has only
                                         // its 20 diagonal cells plus the capture h3 (SW and SE both start on
                                         // h3); h5 is on no line of h4. A Rook: only h3.
    let t = "white: Kd1 Bh4 Hi4 Hg4; black: Kh8 Nh5 Nh3";
    let p = pos(T2, t);
    assert_eq!(moves_from(&p, "h4").len(), 20);
    let p = pos(T2, &t.replace("Bh4", "Qh4"));
    let q = key_set(moves_from(&p, "h4"));
    assert_eq!(q.len(), 21);
    assert!(q.contains("h4h3") && q.contains("h4j4") && !q.contains("h4h5"));
    let p = pos(T2, &t.replace("Bh4", "Rh4"));
    assert_eq!(moves_from(&p, "h4"), vec!["h4h3".to_string()]);
    // Leapers jump: Medusa h4 with own dogs on its edge neighbours: 21 - 3.
    let p = pos(T2, "white: Kd1 Mh4 Hi4 Hg4 Hh3; black: Kh8");
    assert_eq!(moves_from(&p, "h4").len(), 18);
    // Teacher h4, own dogs on i4 g4 h3 and i5: diagonal cells j4 f4 g5 g3 i3
    // (each reached by the diagonal step, not blocked by the edge cell) and
    // the second diagonal cells l4 d4 f6 f2 j2; j6 is behind i5: 10.
    let p = pos(T2, "white: Kd1 Th4 Hi4 Hg4 Hh3 Hi5; black: Kh8");
    assert_eq!(
        targets(&p, "h4"),
        set(&["j4", "f4", "g5", "g3", "i3", "l4", "d4", "f6", "f2", "j2"])
    );
    // Fish h4 with all 9 King cells own: only the six 2xD leaps.
    let p = pos(
        T2,
        "white: Kd1 Fh4 Hi4 Hg4 Hh3 Pj4 Pf4 Pi5 Pg5 Pg3 Pi3; black: Kh8",
    );
    assert_eq!(
        targets(&p, "h4"),
        set(&["l4", "d4", "j6", "f6", "f2", "j2"])
    );
}

// ---------------------------------------------------------------------------
// Figurants
// ---------------------------------------------------------------------------

#[test]
fn figurants_tri2p() {
    // Outside the own half one cell: pawn e4 (4,3), down, last own row:
    // above e5 (single step into the enemy half), further NE f5 / NW d5 not
    // (two cells ending outside); captures (x±1, y+1) d5 (black N) and f5.
    // Dog k5 (10,4), up, enemy half: right l5, left j5 only.
    let p = pos(T2, "white: Kd1 Pe4 Hk5; black: Kh8 Nd5");
    assert_eq!(key_set(moves_from(&p, "e4")), set(&["e4e5", "e4d5"]));
    assert_eq!(key_set(moves_from(&p, "k5")), set(&["k5l5", "k5j5"]));
    // Dog captures on its forward edge cells: from an up cell (e5) left d5
    // and right f5; from a down cell (f5) only above f6, not left e5 / right
    // g5 (those go back).
    let p = pos(T2, "white: Kd1 He5; black: Kh8 Nd5 Nf5");
    assert_eq!(key_set(moves_from(&p, "e5")), set(&["e5d5", "e5f5"]));
    let p = pos(T2, "white: Kd1 Hf5; black: Kh8 Ne5 Ng5 Nf6");
    assert_eq!(key_set(moves_from(&p, "f5")), set(&["f5f6"]));
    assert!(p.is_attacked_by("f6", 0) && !p.is_attacked_by("e5", 0));
    // A pawn on f5 captures g6 and e6 (its forward diagonal cells), not f6.
    let p = pos(T2, "white: Kd1 Pf5; black: Kh8 Ne6 Ng6 Nf6");
    assert_eq!(key_set(moves_from(&p, "f5")), set(&["f5e6", "f5g6"]));
    // A pawn capture lands where a two-cell quiet move would: c2 (2,1) with
    // a black Knight on d3 (3,2): c3, x d3 (NE is blocked there), NW b3 b4
    // a4. The capture opens no en passant; the quiet c2b3 passes c3.
    let p = pos(T2, "white: Kh1 Pc2; black: Kh8 Nd3");
    assert_eq!(
        key_set(moves_from(&p, "c2")),
        set(&["c2c3", "c2d3", "c2b3", "c2b4", "c2a4"])
    );
    let mut q = p.clone();
    q.play("c2d3").unwrap();
    assert_eq!(q.ep_cells(), None);
    let mut q = p.clone();
    q.play("c2b3").unwrap();
    assert_eq!(
        q.ep_cells(),
        Some((vec!["c3".to_string()], "b3".to_string()))
    );
    let mut q = p.clone();
    q.play("c2c3").unwrap();
    assert_eq!(q.ep_cells(), None);
}

#[test]
fn en_passant_tri2p() {
    // White c2 -> e4 along NE passes c3 d3 d4. Black pawn e5 (4,4) takes on
    // d4 ((x-1, y-1)); black dog c4 (2,3), down, takes on its right d4; the
    // black Bird f3 (5,2) takes on its diagonal neighbour d3 and may also
    // fly there quietly (W strip e3 d3); it may also take e4 directly.
    let mut p = pos(T2, "white: Kh1 Pc2; black: Kh8 Pe5 Hc4 Wf3");
    p.play("c2e4").unwrap();
    assert_eq!(
        p.ep_cells(),
        Some((
            vec!["c3".to_string(), "d3".to_string(), "d4".to_string()],
            "e4".to_string()
        ))
    );
    assert!(p.to_text().contains("ep c3,d3,d4 victim e4"));
    let eps: BTreeSet<String> = p
        .legal_moves()
        .into_iter()
        .filter(|k| k.ends_with("/ep"))
        .collect();
    assert_eq!(eps, set(&["e5d4/ep", "c4d4/ep", "f3d3/ep"]));
    let all = p.legal_moves();
    assert!(all.contains(&"f3d3".to_string()) && all.contains(&"f3e4".to_string()));
    let back = pos(T2, &p.to_text());
    assert_eq!(back.legal_moves(), all);
    let mut q = p.clone();
    q.play("e5d4/ep").unwrap();
    assert_eq!(q.piece_at("e4"), None);
    assert_eq!(q.piece_at("e5"), None);
    assert_eq!(q.piece_at("d4").as_deref(), Some("black P"));
    // The right lasts one move.
    let mut q = p.clone();
    q.play_all("h8g8 h1i1").unwrap();
    assert!(q.legal_moves().iter().all(|k| !k.ends_with("/ep")));
}

#[test]
fn en_passant_tri3p_rotated() {
    // Red dog q9 (16,8), down, moves W two cells to o9 (14,8), passing p9
    // (15,8). Black (next) takes on p9 with the pawn n9 (13,8) (black's
    // pawn captures D5 and D0: (13,8) + (2,0)) and with the Bird r9 (17,8)
    // (diagonal neighbour D3), which may also fly there quietly. White's
    // pawn o8 (14,7) also attacks p9 ((x+1, y+1)) but is not next.
    let text = "white: Kk1 Po8; red: Ku11 Hq9; black: Ka11 Pn9 Wr9; turn red";
    let mut p = pos(T3, text);
    assert_eq!(
        key_set(moves_from(&p, "q9")),
        set(&["q9p9", "q9o9", "q9p8"])
    );
    p.play("q9o9").unwrap();
    assert_eq!(p.to_move(), 2);
    assert_eq!(
        p.ep_cells(),
        Some((vec!["p9".to_string()], "o9".to_string()))
    );
    let m = p.legal_moves();
    for k in ["n9p9/ep", "r9p9/ep", "r9p9"] {
        assert!(m.contains(&k.to_string()), "{k}");
    }
    let mut q = p.clone();
    q.play("n9p9/ep").unwrap();
    assert_eq!(q.piece_at("o9"), None);
    assert_eq!(q.piece_at("p9").as_deref(), Some("black P"));
    let mut q = p.clone();
    q.play("a11b11").unwrap();
    assert_eq!(q.to_move(), 0);
    assert!(q.legal_moves().iter().all(|k| !k.ends_with("/ep")));
}

#[test]
fn promotion_tri2p() {
    // White promotes on d8 e8 f8 g8 only. Pawn f7 (5,6), down: above f8,
    // captures e8 and g8 (black Knights): 3 x 6 (R S B Q T N). Pawn h7
    // (7,6), down: above h8 is rank 8 but not the far row: plain h7h8;
    // captures i8 (empty) and g8: 6.
    let p = pos(T2, "white: Kd1 Pf7 Ph7; black: Kl8 Ne8 Ng8");
    let mut expect = BTreeSet::new();
    for to in ["f8", "e8", "g8"] {
        for l in ["R", "S", "B", "Q", "T", "N"] {
            expect.insert(format!("f7{to}={l}"));
        }
    }
    assert_eq!(key_set(moves_from(&p, "f7")), expect);
    let mut expect = BTreeSet::new();
    expect.insert("h7h8".to_string());
    for l in ["R", "S", "B", "Q", "T", "N"] {
        expect.insert(format!("h7g8={l}"));
    }
    assert_eq!(key_set(moves_from(&p, "h7")), expect);
    // A pawn on h8 (7,7), up, steps sideways: g8 (far row, promotes), i8
    // (plain). On i8 (8,7), down, it has no move at all (above and the
    // capture cells are off the board).
    let p = pos(T2, "white: Kd1 Ph8; black: Kl8");
    let mut expect = BTreeSet::new();
    expect.insert("h8i8".to_string());
    for l in ["R", "S", "B", "Q", "T", "N"] {
        expect.insert(format!("h8g8={l}"));
    }
    assert_eq!(key_set(moves_from(&p, "h8")), expect);
    let p = pos(T2, "white: Kd1 Pi8; black: Kl8");
    assert!(moves_from(&p, "i8").is_empty());
    // A dog promotes to the light/medium pieces of the game: N B S.
    let p = pos(T2, "white: Kd1 Hf7; black: Kl8");
    assert_eq!(
        key_set(moves_from(&p, "f7")),
        set(&["f7f8=N", "f7f8=B", "f7f8=S"])
    );
    // Black promotes on i1 j1 k1 l1: pawn j2 (9,1), up, Black's forward is
    // below: j1; captures (x-1, y-1) i1 (white Knight) and k1 (empty): 2 x
    // 6. Black's h2 (7,1), up: below h1 is plain (h1 is not Black's far
    // row); its capture (x+1, y-1) i1 promotes.
    let p = pos(T2, "white: Kd1 Ni1; black: Kl8 Pj2 Ph2; turn black");
    let mut expect = BTreeSet::new();
    for to in ["j1", "i1"] {
        for l in ["R", "S", "B", "Q", "T", "N"] {
            expect.insert(format!("j2{to}={l}"));
        }
    }
    assert_eq!(key_set(moves_from(&p, "j2")), expect);
    let mut expect = set(&["h2h1"]);
    for l in ["R", "S", "B", "Q", "T", "N"] {
        expect.insert(format!("h2i1={l}"));
    }
    assert_eq!(key_set(moves_from(&p, "h2")), expect);
    let mut q = p.clone();
    q.play("j2i1=Q").unwrap();
    assert_eq!(q.piece_at("i1").as_deref(), Some("black Q"));
}

#[test]
fn promotion_tri3p() {
    // Far row rank 11 (mandatory): pawn R Q N F D W M, dog N F W. Rank 10
    // (optional, 121 cells): pawn N F W or stay, dog N or stay.
    // Pj10 (9,9), down: above j11 (7), captures (x±1, y+1) k11 (empty) and
    // i11 (red Knight) (7): 14. Pk10 (10,9), up: left j10 own, right l10 on
    // rank 10: plain + N F W (4); captures l11 (red Rook) 7, j11 empty: 11.
    // Hm10 (12,9), up: left l10 (plain + N), right n10 own: 2. Hn10 (13,9),
    // down: above n11: N F W: 3.
    let p = pos(
        T3,
        "white: Kk1 Pj10 Pk10 Hm10 Hn10; red: Ku11 Ni11 Rl11; black: Ka11",
    );
    let big = ["R", "Q", "N", "F", "D", "W", "M"];
    let mut expect = BTreeSet::new();
    for to in ["j11", "i11"] {
        for l in big {
            expect.insert(format!("j10{to}={l}"));
        }
    }
    assert_eq!(key_set(moves_from(&p, "j10")), expect);
    let mut expect = set(&["k10l10", "k10l10=N", "k10l10=F", "k10l10=W"]);
    for l in big {
        expect.insert(format!("k10l11={l}"));
    }
    assert_eq!(key_set(moves_from(&p, "k10")), expect);
    assert_eq!(key_set(moves_from(&p, "m10")), set(&["m10l10", "m10l10=N"]));
    assert_eq!(
        key_set(moves_from(&p, "n10")),
        set(&["n10n11=N", "n10n11=F", "n10n11=W"])
    );
    let mut q = p.clone();
    q.play("k10l10=W").unwrap();
    assert_eq!(q.piece_at("l10").as_deref(), Some("white W"));
    let mut q = p.clone();
    q.play("k10l10").unwrap();
    assert_eq!(q.piece_at("l10").as_deref(), Some("white P"));
}

// ---------------------------------------------------------------------------
// Castling
// ---------------------------------------------------------------------------

#[test]
fn castling_tri2p() {
    // King g1 (6,0), up, never moved. Its strips: E h1 i1 j1 k1 l1 (Rook
    // l1, 5 away: X = h1..l1); NE h1 h2 i2 i3 j3 (Bird j3, 5 away: X =
    // h1 h2 i2 i3 j3); NW f1 f2 e2 e3 (Fish e3, 4 away: X = e2, e3); W f1
    // e1 d1 (Teacher d1, 3 away: X = e1, d1). 14.
    let text = "white: Kg1 Rl1 Wj3 Fe3 Td1; black: Kh8";
    let p = pos(T2, text);
    assert_eq!(
        castles(&p),
        set(&[
            "g1h1/castle/l1",
            "g1i1/castle/l1",
            "g1j1/castle/l1",
            "g1k1/castle/l1",
            "g1l1/castle/l1",
            "g1h1/castle/j3",
            "g1h2/castle/j3",
            "g1i2/castle/j3",
            "g1i3/castle/j3",
            "g1j3/castle/j3",
            "g1e2/castle/e3",
            "g1e3/castle/e3",
            "g1e1/castle/d1",
            "g1d1/castle/d1",
        ])
    );
    let after = |k: &str| {
        let mut q = p.clone();
        q.play(k).unwrap();
        q
    };
    // The partner lands on the strip cell before the King's.
    let q = after("g1i2/castle/j3");
    assert_eq!(q.piece_at("i2").as_deref(), Some("white K"));
    assert_eq!(q.piece_at("h2").as_deref(), Some("white W"));
    assert!(q.king_has_moved(0));
    let q = after("g1h1/castle/j3");
    assert_eq!(q.piece_at("g1").as_deref(), Some("white W"));
    let q = after("g1e2/castle/e3");
    assert_eq!(q.piece_at("e2").as_deref(), Some("white K"));
    assert_eq!(q.piece_at("f2").as_deref(), Some("white F"));
    let q = after("g1d1/castle/d1");
    assert_eq!(q.piece_at("e1").as_deref(), Some("white T"));
    let q = after("g1l1/castle/l1");
    assert_eq!(q.piece_at("k1").as_deref(), Some("white R"));
    // Moved King: none.
    let p2 = pos(T2, &format!("{text}; moved g1"));
    assert!(castles(&p2).is_empty());
    // Not onto an attacked cell: a black Bishop on k3 (10,2) attacks i3 and
    // g3 then e3 (D3 ride, stopped by the Fish) and j2, i1 (D4): X = i1 with
    // the Rook, X = i3 with the Bird, X = e3 with the Fish are lost (X = e2
    // is fine: e2 is on no line of k3). 11.
    let p3 = pos(T2, "white: Kg1 Rl1 Wj3 Fe3 Td1; black: Kh8 Bk3");
    let c = castles(&p3);
    assert_eq!(c.len(), 11);
    for k in ["g1i1/castle/l1", "g1i3/castle/j3", "g1e3/castle/e3"] {
        assert!(!c.contains(k), "{k}");
    }
    assert!(c.contains("g1e2/castle/e3") && c.contains("g1j3/castle/j3"));
    // Out of check: a black Rook c5 checks g1 along the strip g1 f1 f2 e2 e3
    // d3 d4 c4 c5; castling with the Rook l1 along rank 1 is legal (all 5),
    // the King's plain steps f1 f2 stay on the checking line.
    let p4 = pos(T2, "white: Kg1 Rl1; black: Kh8 Rc5");
    assert!(p4.in_check(0));
    assert_eq!(castles(&p4).len(), 5);
    assert_eq!(
        key_set(moves_from(&p4, "g1"))
            .into_iter()
            .filter(|k| !k.contains("/castle/"))
            .collect::<BTreeSet<_>>(),
        set(&["g1h1", "g1e1", "g1i1", "g1h2"])
    );
    // Side by side: the swap only (Teacher f1 on W and NW, one move).
    let p5 = pos(T2, "white: Kg1 Tf1; black: Kh8");
    assert_eq!(castles(&p5), set(&["g1f1/castle/f1"]));
    // No castling with a Knight or Queen or past a piece.
    let p6 = pos(T2, "white: Kg1 Nl1 Qd1 Rj3 Hi2; black: Kh8");
    assert!(castles(&p6).is_empty());
}

// ---------------------------------------------------------------------------
// Three players
// ---------------------------------------------------------------------------

#[test]
fn pass_then_out_tri3p() {
    // White King k1 (10,0) alone: its cells k2 l2 j2. Red Knight k4 (10,3),
    // up, attacks (11,1) l2 and (9,1) j2; black Knight i3 (8,2), down,
    // attacks (10,1) k2; neither attacks k1: stalemate, White passes.
    let text = "white: Kk1; red: Ku11 Nk4; black: Ka11 Ni3";
    let mut p = pos(T3, text);
    assert!(!p.in_check(0));
    assert_eq!(p.legal_moves(), vec!["pass"]);
    assert_eq!(p.outcome(), None);
    p.play("pass").unwrap();
    assert!(p.has_passed(0));
    assert_eq!(p.to_move(), 1);
    assert!(p.to_text().contains("passed white"));
    p.play_all("u11t11 a11b11").unwrap();
    assert_eq!(p.legal_moves(), vec!["out"]);
    p.play("out").unwrap();
    assert!(p.is_out(0) && !p.has_passed(0));
    assert_eq!(p.in_play(), vec![1, 2]);
    assert_eq!(p.to_move(), 1);
    assert!(p.to_text().contains("out white"));
    p.play("t11u11").unwrap();
    assert_eq!(p.to_move(), 2);
    p.play("b11a11").unwrap();
    assert_eq!(p.to_move(), 1);
    // Lifted in time: red's Knight leaves (k4 -> n4 (13,3)); j2 and l2 are
    // free again and White moves.
    let mut p = pos(T3, text);
    p.play_all("pass k4n4 a11b11").unwrap();
    let w = p.legal_moves();
    assert!(w.contains(&"k1j2".to_string()) && !w.contains(&"out".to_string()));
    p.play("k1j2").unwrap();
    assert!(!p.has_passed(0));
    let mut p = pos(T3, text);
    let before = p.to_text();
    assert!(p.play_all("pass u11t11 zz").is_err());
    assert_eq!(p.to_text(), before);
}

#[test]
fn frozen_army_tri3p() {
    // White is out: King k8 (10,7) frozen, Rook q7 (16,6) and Bishop i4
    // (8,3) frozen. The Rook q7 stands on the board's right side, the strip
    // (16,7) (17,7) (17,8) (18,8) (18,9) (19,9) (19,10) u11 all empty: it
    // would check red's King, but frozen pieces attack nothing.
    let text = "white: Kk8 Rq7 Bi4; red: Re8 Ku11; black: Kf11 Wo8; turn red; out white";
    let p = pos(T3, text);
    assert!(!p.in_check(1));
    assert!(!p.is_attacked_by("u11", 0));
    // Red Rook e8 (4,7), up: E f8 g8 h8 i8 j8 then the frozen King k8 (5);
    // W d8 (1); NE f8 f9 g9 g10 h10 h11 i11 (6 new); NW d8 d9 c9 c10 b10
    // b11 a11 (6 new); SW e7 (1); SE e7 f7 f6 g6 g5 h5 h4 and x i4, a frozen
    // Bishop (7 new): 26. (Black's King f11 is on none of these lines.)
    let r = key_set(moves_from(&p, "e8"));
    assert_eq!(r.len(), 26);
    assert!(r.contains("e8i4") && r.contains("e8j8") && r.contains("e8a11"));
    assert!(!r.contains("e8k8") && !r.contains("e8l8"));
    assert!(p.is_attacked_by("j8", 1) && !p.is_attacked_by("l8", 1));
    // Black Bird o8 (14,7), up (after red's u11t11): W n8 m8 l8, stopped by
    // the frozen King (3); E p8 q8 r8 (3); NE p8 p9 q9 q10 r10 r11 s11 (6
    // new); NW n8 n9 m9 m10 l10 l11 k11 (6 new); SW o7 n7 n6 m6 m5 l5 l4 k4
    // k3 j3 j2 (11); SE o7 p7 p6 (2 new); diagonal lines and knight leaps
    // add nothing new (D3 stops at k8 too); no capture: 31.
    let mut q = p.clone();
    q.play("u11t11").unwrap();
    assert_eq!(q.to_move(), 2);
    let b = key_set(moves_from(&q, "o8"));
    assert_eq!(b.len(), 31);
    assert!(b.contains("o8l8"));
    for k in ["o8k8", "o8j8", "o8i8", "o8f8", "o8d8"] {
        assert!(!b.contains(k), "{k}");
    }
    // With White in play the Bird flies over the King along rank 8: j8 ..
    // f8 and d8 (e8 is red's Rook).
    let live = pos(T3, "white: Kk8; red: Re8 Kt11; black: Kf11 Wo8; turn black");
    let b = key_set(moves_from(&live, "o8"));
    for k in ["o8l8", "o8j8", "o8f8", "o8d8"] {
        assert!(b.contains(k), "{k}");
    }
    // Decision 2: a diagonal flight passes between cells. Bird j8 (9,7),
    // down, along D0 lands on l8 n8 p8 r8: the step j8 -> l8 passes between
    // the frozen King k8 and k9, not through a landing cell. The E strip is
    // blocked at k8, so m8 (strip only, but also a knight leap), o8 and q8
    // (strip only) -- o8 and q8 are unreachable.
    let p = pos(
        T3,
        "white: Kk8; red: Ku11; black: Ka11 Wj8; turn black; out white",
    );
    let b = key_set(moves_from(&p, "j8"));
    for k in ["j8l8", "j8n8", "j8p8", "j8r8", "j8m8"] {
        assert!(b.contains(k), "{k}");
    }
    for k in ["j8o8", "j8q8", "j8k8"] {
        assert!(!b.contains(k), "{k}");
    }
}

#[test]
fn end_with_two_left_tri3p() {
    // Black is out. Red King u11 (20,10), down: its cells t11 s11 (row 11)
    // and t10 (19,9). White Rook l10 (11,9) goes up (NE/NW first cell) to
    // l11 and checks along rank 11 (m11..t11 empty); the Knight q10 (16,9)
    // covers t10 and s11; t11 and s11 are on the Rook's line: mate.
    let mut p = pos(
        T3,
        "white: Kk1 Rl10 Nq10; red: Ku11; black: Ka11; out black",
    );
    assert!(!p.in_check(1));
    p.play("l10l11").unwrap();
    assert_eq!(p.to_move(), 1);
    assert!(p.in_check(1));
    assert!(p.legal_moves().is_empty());
    let o = p.outcome().unwrap();
    assert_eq!(o.end, RefEnd::Mate);
    assert_eq!(o.winner, Some(0));
    assert_eq!(o.loser, Some(1));
    assert_eq!(o.in_play, vec![0, 1]);
    assert_eq!(o.scores, vec![1.0, 0.0, 0.0]);
    assert_eq!(p.perft(1), 0);
    assert_eq!(p.perft(0), 1);
    // Stalemate: the Rook stays on l10 (covers t10 along rank 10), Knight
    // q10 covers s11, a Bishop p11 (15,10) covers t11 along D0 (r11 empty);
    // u11 (a down cell) is on none of their lines.
    let text = "white: Kk1 Rl10 Nq10 Bp11; red: Ku11; black: Ka11; turn red";
    let p = pos(T3, &format!("{text}; out black"));
    assert!(!p.in_check(1));
    assert!(p.legal_moves().is_empty());
    let o = p.outcome().unwrap();
    assert_eq!(o.end, RefEnd::Stalemate);
    assert_eq!(o.scores, vec![0.5, 0.5, 0.0]);
    // Three in play: red only passes.
    let p = pos(T3, text);
    assert_eq!(p.legal_moves(), vec!["pass"]);
    assert_eq!(p.outcome(), None);
    // One left in play wins.
    let p = pos(T3, "white: Kk1; red: Ku11; black: Ka11; out red black");
    let o = p.outcome().unwrap();
    assert_eq!(o.end, RefEnd::LastInPlay);
    assert_eq!(o.winner, Some(0));
    assert!(p.legal_moves().is_empty());
}

#[test]
fn passed_player_meets_two_left_tri3p() {
    // Red stalemated as above; black too: a11's cells b11 (Bishop f11 along
    // D3, d11 empty), c11 and b10 (Knight e10 (4,9), up: (1,9) and (2,10)),
    // b10 also on the Rook's rank 10. Both passed; black goes out, White
    // moves k1k2, red meets two in play with no move: stalemate, no `out`.
    let text =
        "white: Kk1 Rl10 Nq10 Bp11 Ne10 Bf11; red: Ku11; black: Ka11; turn black; passed red black";
    let mut p = pos(T3, text);
    assert!(!p.in_check(1) && !p.in_check(2));
    assert_eq!(p.legal_moves(), vec!["out"]);
    p.play("out").unwrap();
    assert_eq!(p.to_move(), 0);
    assert_eq!(p.outcome(), None);
    p.play("k1k2").unwrap();
    assert_eq!(p.to_move(), 1);
    assert!(p.has_passed(1));
    assert!(p.legal_moves().is_empty());
    let o = p.outcome().unwrap();
    assert_eq!(o.end, RefEnd::Stalemate);
    assert_eq!(o.in_play, vec![0, 1]);
}

#[test]
fn two_player_mate_tri2p() {
    // Black King l8 (11,7), up: k8 (left), l7 (below), j8 (D3), k7 (D4), m7
    // (D5); the rest is off the board. The Rook d7 (3,6), down, steps up to
    // d8 and checks along rank 8 (e8..k8 empty); k8 and j8 stay on that
    // line. The Knight j6 (9,5), up, covers (11,6) l7; the Bishop e7 (4,6)
    // covers k7 and m7 along rank 7's up cells (g7 i7 empty). Before the
    // move nothing attacks l8 (e7's lines: rank 7, f8, d8, c7, ...).
    let mut p = pos(T2, "white: Kd1 Rd7 Be7 Nj6; black: Kl8");
    assert!(!p.in_check(1));
    p.play("d7d8").unwrap();
    assert!(p.in_check(1));
    assert!(p.legal_moves().is_empty());
    let o = p.outcome().unwrap();
    assert_eq!(o.end, RefEnd::Mate);
    assert_eq!(o.winner, Some(0));
    assert_eq!(o.loser, Some(1));
    assert_eq!(o.scores, vec![1.0, 0.0]);
    // Stalemate: Bishop e7 (k7, m7), Knight j6 (l7), Bishop h6 (7,5) along
    // D1 i7 -> j8, Knight h8 (7,7), up, covers (10,7) k8; l8 is attacked by
    // none of them. A draw.
    let p = pos(T2, "white: Kd1 Be7 Nj6 Bh6 Nh8; black: Kl8; turn black");
    assert!(!p.in_check(1));
    assert!(p.legal_moves().is_empty());
    let o = p.outcome().unwrap();
    assert_eq!(o.end, RefEnd::Stalemate);
    assert_eq!(o.scores, vec![0.5, 0.5]);
}

// ---------------------------------------------------------------------------
// Text and perft
// ---------------------------------------------------------------------------

#[test]
fn text_round_trip() {
    for v in [T2, T3] {
        let s = RefPos::start(v);
        let t = s.to_text();
        let back = pos(v, &t);
        assert_eq!(back.to_text(), t);
        assert_eq!(back.legal_moves(), s.legal_moves());
    }
    let t = "white: Kk1 Pj4; red: Ku11; black: Ka11; turn black; moved u11; passed red";
    let p = pos(T3, t);
    assert_eq!(p.to_text(), t);
    assert!(p.king_has_moved(1) && !p.king_has_moved(0));
    let t = "white: Kg1 Pc2; black: Ki8; turn black; moved g1";
    assert_eq!(pos(T2, t).to_text(), t);
    assert!(RefPos::from_text(T2, "white: Kg1").is_err());
    assert!(RefPos::from_text(T2, "white: Kg1; black: Ki8; passed black").is_err());
    assert!(RefPos::from_text(T2, "white: Kg1 Kh1; black: Ki8").is_err());
    assert!(RefPos::from_text(T2, "white: Kg1 Pc1; black: Ki8").is_err()); // c1 off
    assert!(RefPos::from_text(
        T3,
        "white: Kk1; red: Ku11; black: Ka11; turn black; out black"
    )
    .is_err());
    // ep: cells straight behind the victim along a forward strip of the
    // previous player. White e4 after c2 -> e4: c3 d3 d4 (NE strip).
    assert!(RefPos::from_text(
        T2,
        "white: Kh1 Pe4; black: Kh8; turn black; ep c3,d3,d4 victim e4"
    )
    .is_ok());
    assert!(RefPos::from_text(
        T2,
        "white: Kh1 Pe4; black: Kh8; turn black; ep d4 victim e4"
    )
    .is_ok());
    assert!(RefPos::from_text(
        T2,
        "white: Kh1 Pe4; black: Kh8; turn black; ep e3 victim e4"
    )
    .is_err());
    assert!(RefPos::from_text(
        T2,
        "white: Kh1 Pe4; black: Kh8; turn white; ep d4 victim e4"
    )
    .is_err());
}

#[test]
fn perft_small_and_divide() {
    // Depth 1 by hand (start_tri2p, start_tri3p). tri-2p depth 2: 42 x 42,
    // since White's first moves stay on ranks 3..4 and Black's on ranks
    // 5..6, no first move reaches, blocks, checks or pins anything of the
    // other side (the only lines opened, e.g. Qh1's D2 diagonal after Hg2
    // moves, end below rank 7).
    let s = RefPos::start(T2);
    assert_eq!(s.perft(0), 1);
    assert_eq!(s.perft(1), 42);
    assert_eq!(s.perft(2), 1764);
    let div = s.divide(2);
    assert_eq!(div.len(), 42);
    assert!(div.values().all(|&n| n == 42));
    assert!(s.divide(0).is_empty());
    let s = RefPos::start(T3);
    assert_eq!(s.perft(1), 38);
    let div = s.divide(2);
    assert_eq!(div.len(), 38);
    assert_eq!(div.values().sum::<u64>(), s.perft(2));
}

/// Turning a whole position (tri-3p: 120 degrees and owners one seat on;
/// tri-2p: the half turn and colours swapped) keeps every count.
#[test]
fn rotation_symmetry() {
    for (v, units) in [(T3, 2usize), (T2, 3usize)] {
        let mut p = RefPos::start(v);
        let first = p.legal_moves();
        p.play(&first[first.len() / 2]).unwrap();
        let second = p.legal_moves();
        p.play(&second[second.len() / 3]).unwrap();
        let names = player_names(v);
        let np = names.len();
        let mut lists: Vec<Vec<String>> = vec![Vec::new(); np];
        for c in all_cells(v) {
            if let Some(pc) = p.piece_at(&c) {
                let (owner, letter) = pc.split_once(' ').unwrap();
                let o = names.iter().position(|n| *n == owner).unwrap();
                lists[(o + 1) % np].push(format!("{}{}", letter, turn_cell(v, &c, units).unwrap()));
            }
        }
        let mut text: Vec<String> = (0..np)
            .map(|i| format!("{}: {}", names[i], lists[i].join(" ")))
            .collect();
        text.push(format!("turn {}", names[(p.to_move() + 1) % np]));
        let orig = p
            .to_text()
            .split("; ")
            .filter(|f| !f.starts_with("ep "))
            .collect::<Vec<_>>()
            .join("; ");
        let a = pos(v, &orig);
        let b = pos(v, &text.join("; "));
        assert_eq!(a.perft(2), b.perft(2));
        assert_eq!(a.legal_moves().len(), b.legal_moves().len());
    }
}

/// Pseudo-random games: keys play, text round-trips, one King each, the
/// game has an outcome exactly when no move is left. Consistency only.
#[test]
fn random_playouts_consistent() {
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    for v in [T2, T3] {
        let np = player_names(v).len();
        for _game in 0..4 {
            let mut p = RefPos::start(v);
            for _ply in 0..150 {
                let keys = p.legal_moves();
                assert_eq!(keys.is_empty(), p.outcome().is_some());
                let back = pos(v, &p.to_text());
                assert_eq!(back.to_text(), p.to_text());
                assert_eq!(back.legal_moves(), keys);
                if keys.is_empty() {
                    break;
                }
                let k = keys[next() % keys.len()].clone();
                p.play(&k).unwrap();
                for q in 0..np {
                    let kings = all_cells(v)
                        .into_iter()
                        .filter(|c| p.piece_at(c) == Some(format!("{} K", player_names(v)[q])))
                        .count();
                    assert_eq!(kings, 1);
                }
            }
        }
    }
}

/// Start perft, printed: `cargo test --release -- --ignored --nocapture`.
#[test]
#[ignore]
fn start_perft_print() {
    for (v, depth) in [(T2, 4u32), (T3, 4u32)] {
        let s = RefPos::start(v);
        for d in 1..=depth {
            let t = std::time::Instant::now();
            let n = s.perft(d);
            println!("{v:?} perft({d}) = {n} ({:.2?})", t.elapsed());
        }
    }
}
