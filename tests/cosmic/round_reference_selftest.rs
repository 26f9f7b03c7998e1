//! Self-tests of the round-board Cosmic reference generator
//! (`cosmic_round_ref.rs`). Every expected number and move list below was
//! worked out by hand from docs/COSMIC.md's round-board definition and the
//! brief (the reasoning is in the comments), not by running the generator.
//!
//! Notation in the comments: a ring cell is (sector s, rank r), s = 0..15
//! for a..p counter-clockwise, r = 1 (rim) .. 6 (next to z0); d = 7 - r is
//! its distance from the centre. A vector (x, y) from (s, d) lands at
//! d' = d - y, s' = s + x; d' = 0 is z0, d' < 0 is sector s' + 8 at
//! distance -d', d' > 6 is off the board. From z0 the vector starts along
//! every radius. The cell opposite s on its ring is s + 8 (a-i, b-j, c-k,
//! d-l, e-m, f-n, g-o, h-p): it lies on the ring and on the diameter, so a
//! Rook on an empty board reaches 15 ring cells + 12 diameter cells - 1 = 26.

use super::cosmic_round_ref::*;
use std::collections::BTreeSet;

const V: Variant = Variant::Round2p;

fn pos(text: &str) -> RefPos {
    RefPos::from_text(V, text).unwrap_or_else(|e| panic!("{e}: {text}"))
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

fn moves_from(p: &RefPos, cell: &str) -> BTreeSet<String> {
    p.legal_moves()
        .into_iter()
        .filter(|k| from_of(k) == cell)
        .collect()
}

/// The plain (non-castling) moves' target cells from `cell`.
fn targets(p: &RefPos, cell: &str) -> BTreeSet<String> {
    moves_from(p, cell)
        .iter()
        .filter(|k| !k.contains("/castle/"))
        .map(|k| to_of(k).to_string())
        .collect()
}

fn set(items: &str) -> BTreeSet<String> {
    items.split_whitespace().map(|s| s.to_string()).collect()
}

fn castles(p: &RefPos) -> BTreeSet<String> {
    p.legal_moves()
        .into_iter()
        .filter(|k| k.contains("/castle/"))
        .collect()
}

fn rank_cells(r: u32) -> String {
    (b'a'..=b'p')
        .map(|f| format!("{}{} ", f as char, r))
        .collect()
}

/// `from` with each promotion letter.
fn promos(mv: &str, letters: &str) -> String {
    letters
        .split_whitespace()
        .map(|l| format!("{mv}={l} "))
        .collect()
}

const PAWN_PROMOS: &str = "N R F W T M";
const DOG_PROMOS: &str = "N F W";

// ---------------------------------------------------------------------------
// Geometry
// ---------------------------------------------------------------------------

#[test]
fn cells_names_and_vectors() {
    // 6 rings x 16 sectors + the centre = 97; order rank 1 a..p, ..., z0.
    let cells = all_cells(V);
    assert_eq!(cells.len(), 97);
    assert_eq!(cell_count(V), 97);
    assert_eq!(&cells[..3], &["a1", "b1", "c1"]);
    assert_eq!(cells[15], "p1");
    assert_eq!(cells[16], "a2");
    assert_eq!(cells[95], "p6");
    assert_eq!(cells[96], "z0");
    let distinct: BTreeSet<&String> = cells.iter().collect();
    assert_eq!(distinct.len(), 97);
    assert_eq!(cell_sr("a1"), Some((0, 1)));
    assert_eq!(cell_sr("p6"), Some((15, 6)));
    assert_eq!(cell_sr("z0"), None);
    assert!(RefPos::from_text(V, "white: Ka7; black: Km1").is_err());
    assert!(RefPos::from_text(V, "white: Kq1; black: Km1").is_err());
    assert!(RefPos::from_text(V, "white: Ka0; black: Km1").is_err());
    // The brief's examples of the vector rule.
    // a6 (0, d1): (1, 2) -> d' = -1: sector 1 + 8 = 9, j6.
    assert_eq!(vector_cells("a6", 1, 2), vec!["j6"]);
    // a6: (2, 1) -> d' = 0: z0.
    assert_eq!(vector_cells("a6", 2, 1), vec!["z0"]);
    // a6: (-1, 2) -> sector -1 + 8 = 7: h6.
    assert_eq!(vector_cells("a6", -1, 2), vec!["h6"]);
    // a3 (0, d4): (1, 2) -> b5; (1, -2) -> d6: b1.
    assert_eq!(vector_cells("a3", 1, 2), vec!["b5"]);
    assert_eq!(vector_cells("a3", 1, -2), vec!["b1"]);
    // a1 (d6): (0, -1) -> d7: off the board.
    assert!(vector_cells("a1", 0, -1).is_empty());
    // From z0 along every radius: (0, 1) reaches all of rank 6; (1, 0) is
    // nothing (d' = 0 is the centre itself).
    assert_eq!(
        vector_cells("z0", 0, 1)
            .into_iter()
            .collect::<BTreeSet<_>>(),
        set(&rank_cells(6))
    );
    assert!(vector_cells("z0", 1, 0).is_empty());
    // Medusa (0, 3) from a6 -> d' = -2: i5; from a4 (d3) -> z0.
    assert_eq!(vector_cells("a6", 0, 3), vec!["i5"]);
    assert_eq!(vector_cells("a4", 0, 3), vec!["z0"]);
    // Turning by 8 sectors: e1 -> m1, d2 -> l2, z0 fixed.
    assert_eq!(turn_cell("e1", 8).as_deref(), Some("m1"));
    assert_eq!(turn_cell("d2", 8).as_deref(), Some("l2"));
    assert_eq!(turn_cell("p3", 1).as_deref(), Some("a3"));
    assert_eq!(turn_cell("z0", 8).as_deref(), Some("z0"));
}

#[test]
fn leap_relations_are_symmetric_and_turn_with_the_board() {
    // Every leap set is its own inverse (the 8 images are closed under
    // negation), also through the centre: if t is in L(c) then c in L(t).
    // And the whole geometry turns with the board (any number of sectors).
    for set_name in ["step", "knight", "fish2", "medusa3"] {
        for c in all_cells(V) {
            let l = leaps(set_name, &c);
            assert!(!l.contains(&c), "{set_name} {c}");
            for t in &l {
                assert!(
                    leaps(set_name, t).contains(&c),
                    "{set_name}: {c} -> {t} not back"
                );
            }
            for k in [1, 3, 8] {
                let turned: BTreeSet<String> = l.iter().map(|t| turn_cell(t, k).unwrap()).collect();
                let of_turned: BTreeSet<String> = leaps(set_name, &turn_cell(&c, k).unwrap())
                    .into_iter()
                    .collect();
                assert_eq!(turned, of_turned, "{set_name} {c} turned {k}");
            }
        }
    }
    // Sizes from an inner cell (c3): 4 steps, 8 knight, 4 fish, 3 medusa
    // ((0,-3) from d4 goes past the rim). From z0: 16, 32, 16, 16.
    assert_eq!(leaps("step", "c3").len(), 4);
    assert_eq!(leaps("knight", "c3").len(), 8);
    assert_eq!(leaps("fish2", "c3").len(), 4);
    assert_eq!(leaps("medusa3", "c3").len(), 3);
    assert_eq!(leaps("step", "z0").len(), 16);
    assert_eq!(leaps("knight", "z0").len(), 32);
    assert_eq!(leaps("fish2", "z0").len(), 16);
    assert_eq!(leaps("medusa3", "z0").len(), 16);
}

// ---------------------------------------------------------------------------
// The start position
// ---------------------------------------------------------------------------

#[test]
fn start_position_and_depth_one_by_hand() {
    let s = RefPos::start(V);
    assert_eq!(player_names(V), &["white", "black"]);
    assert_eq!(s.piece_count(0), 12);
    assert_eq!(s.piece_count(1), 12);
    assert_eq!(king_start(V, 0), "e1");
    assert_eq!(king_start(V, 1), "m1");
    for (c, pc) in [
        ("b1", "white N"),
        ("g1", "white N"),
        ("c1", "white R"),
        ("d1", "white F"),
        ("e1", "white K"),
        ("f1", "white W"),
        ("d2", "white T"),
        ("e2", "white M"),
        ("b2", "white P"),
        ("g2", "white P"),
        ("c2", "white H"),
        ("f2", "white H"),
        ("j1", "black N"),
        ("o1", "black N"),
        ("k1", "black R"),
        ("l1", "black F"),
        ("m1", "black K"),
        ("n1", "black W"),
        ("l2", "black T"),
        ("m2", "black M"),
        ("j2", "black P"),
        ("o2", "black P"),
        ("k2", "black H"),
        ("n2", "black H"),
    ] {
        assert_eq!(s.piece_at(c).as_deref(), Some(pc), "{c}");
    }
    assert_eq!(
        game_pieces(V),
        vec![
            Kind::Knight,
            Kind::Rook,
            Kind::Fish,
            Kind::Bird,
            Kind::Teacher,
            Kind::Medusa
        ]
    );
    assert_eq!(
        s.to_text(),
        "white: Nb1 Rc1 Fd1 Ke1 Wf1 Ng1 Pb2 Hc2 Td2 Me2 Hf2 Pg2; \
         black: Nj1 Rk1 Fl1 Km1 Wn1 No1 Pj2 Hk2 Tl2 Mm2 Hn2 Po2; turn white"
    );
    // White's moves by hand. Rank 1: a1 empty, b1..g1 white, h1 i1 empty,
    // j1..o1 black, p1 empty. Rank 2: a2 empty, b2..g2 white, h2 i2
    // empty, j2..o2 black, p2 empty. Ranks 3..6 and z0 empty.
    // - Nb1 (1, d6): (+-1, 2 in) -> d4 rank 3: a3 c3; (+-2, 1 in) -> rank
    //   2: d2 (own T), p2. Outward: off. 3.
    assert_eq!(targets(&s, "b1"), set("a3 c3 p2"));
    // - Ng1 (6): f3 h3; rank 2: i2, e2 (own M). 3.
    assert_eq!(targets(&s, "g1"), set("f3 h3 i2"));
    // - Rc1: d1, b1, c2 own: 0.
    assert!(moves_from(&s, "c1").is_empty());
    // - Fd1: steps c1 e1 d2 own; (+-2,0) b1 f1 own; (0,2) d3. 1.
    assert_eq!(targets(&s, "d1"), set("d3"));
    // - Ke1: d1 f1 e2 own; free castling: ring ccw first piece f1 Bird,
    //   cw first piece d1 Fish, both adjacent: the swaps; radius e2 Medusa
    //   is no partner. 2.
    assert_eq!(castles(&s), set("e1d1/castle/d1 e1f1/castle/f1"));
    assert_eq!(moves_from(&s, "e1").len(), 2);
    // - Wf1: ring 1 empty cells h1 i1 p1 a1 (4); radius inward over the
    //   dog f2: f3 f4 f5 f6 z0 n6 n5 n4 n3 (n2 n1 black) (9); knight leaps
    //   e3 g3, rank 2: h2 (d2 own). 16.
    assert_eq!(
        targets(&s, "f1"),
        set("h1 i1 p1 a1 f3 f4 f5 f6 z0 n6 n5 n4 n3 e3 g3 h2")
    );
    // - Td2: ring e2 c2 own, out d1 own, in d3 d4. 2.
    assert_eq!(targets(&s, "d2"), set("d3 d4"));
    // - Me2 (4, d5): steps d2 f2 e1 own, e3; (3,0) h2, (-3,0) b2 own;
    //   (0,3) d2 -> rank 5: e5; (0,-3) off. 3.
    assert_eq!(targets(&s, "e2"), set("e3 h2 e5"));
    // - Pb2 Pg2 Hc2 Hf2: one cell forward, in or round the ring towards
    //   the end sector of the half (b2: a2; g2: h2), no long move inward
    //   (b, c, f, g are no buoy sectors); c2 and f2 are blocked round the
    //   ring by b2 and g2, and the long ring runs of b2 and g2 are one cell
    //   (the next cells, p2 and i2, are the second buoy line). The dogs'
    //   capture cells (forward and level: c2 has b2 c3, f2 has g2 f3) hold
    //   no enemy. 2 + 2 + 1 + 1 = 6.
    assert_eq!(targets(&s, "b2"), set("a2 b3"));
    assert_eq!(targets(&s, "g2"), set("h2 g3"));
    assert_eq!(targets(&s, "c2"), set("c3"));
    assert_eq!(targets(&s, "f2"), set("f3"));
    // 3 + 3 + 0 + 1 + 2 + 16 + 2 + 3 + 6 = 36.
    assert_eq!(s.legal_moves().len(), 36);
    assert!(!s.in_check(0) && !s.in_check(1));
    // Black's army is White's turned by 8 sectors: 36 as well.
    let b = pos(&s.to_text().replace("turn white", "turn black"));
    assert_eq!(b.legal_moves().len(), 36);
    assert_eq!(targets(&b, "j2"), set("i2 j3"));
    assert_eq!(targets(&b, "o2"), set("p2 o3"));
    assert_eq!(
        targets(&b, "n1"),
        set("p1 a1 h1 i1 n3 n4 n5 n6 z0 f6 f5 f4 f3 m3 o3 p2")
    );
}

#[test]
fn start_perft_two_by_hand() {
    // Depth 2 = sum over White's 36 moves of Black's replies. Black's 36 at
    // the start (White's turned): Nj1 i3 k3 h2, No1 n3 p3 a2, Fl1 l3, the
    // two castling swaps, Wn1 16 (ring 1: p1 a1 h1 i1; the n-f diameter
    // over the dog n2: n3 .. n6 z0 f6 .. f3; leaps m3 o3 p2), Tl2 l3 l4,
    // Mm2 m3 p2 m5, Pj2 i2 j3, Hk2 k3, Hn2 n3, Po2 p2 o3. Black attacks
    // (captures on) only cells it also moves to, so a White piece landing
    // on one of them changes nothing unless the Bird (which never
    // captures) or a figurant (moving forward only quietly) went there. A
    // White move changes Black's count only by
    // (a) vacating a cell of the Bird n1's lines (ring 1, the n-f
    //     diameter): +1 (b1, d1, g1, f1; f2f3 vacates f2 and fills f3: 0);
    // (b) filling a cell the Bird or a Black figurant moves to quietly:
    //     -1 (the Bird's flight cells and leaps, i2 of Pj2, p2 of Po2);
    // (c) attacking n1 or l1, where Black's castling swaps land: only a
    //     Knight on p2 ((-2,-1) from p2 (15, d5) is (13, d6) = n1).
    // No White move checks m1.
    // - b1a3 b1c3 g1h3 d1d3 f1e3 f1g3 f1h2: +1 (vacated; the targets off
    //   Black's paths, h2 a capture of Nj1 now): 37.
    // - b1p2: +1 -1 (the Bird's leap p2) -1 (Po2's p2) -1 (m1n1/castle/n1
    //   illegal; Mm2 takes on p2 instead): 34.
    // - g1f3: +1 -1 (f3 on the diameter): 36. g1i2: +1 -1 (Pj2's i2): 36.
    // - the Bird f1 to a ring-1 or diameter cell: +1 -1: 36 (on n3 it is
    //   taken by Hn2 and No1 instead of their steps there).
    // - castling swaps, Td2, Me2, the figurants: 0 (b2a2 and g2h2 land on
    //   cells No1 and Nj1 take instead of moving there): 36.
    // Sum: 36 * 36 + 7 - 2 = 1301.
    let s = RefPos::start(V);
    assert_eq!(s.perft(0), 1);
    assert_eq!(s.perft(1), 36);
    let div = s.divide(2);
    assert_eq!(div.len(), 36);
    for (k, n) in &div {
        let expect = match k.as_str() {
            "b1a3" | "b1c3" | "g1h3" | "d1d3" | "f1e3" | "f1g3" | "f1h2" => 37,
            "b1p2" => 34,
            _ => 36,
        };
        assert_eq!(*n, expect, "{k}");
    }
    assert_eq!(s.perft(2), 1301);
    assert!(s.divide(0).is_empty());
}

// ---------------------------------------------------------------------------
// Pieces alone
// ---------------------------------------------------------------------------

/// White's piece `letter` on `cell` beside the Kings given.
fn alone(kings: &str, letter: char, cell: &str) -> BTreeSet<String> {
    let text = kings.replacen("white: ", &format!("white: {letter}{cell} "), 1);
    targets(&pos(&text), cell)
}

const K_RIM: &str = "white: Ke1; black: Km1";
const K_IN: &str = "white: Ke4; black: Km4";

#[test]
fn pieces_from_an_inner_cell_c3() {
    // c3 = (2, d4), ring 3, diameter c-k. Kings e1 m1 are off its lines.
    assert_eq!(
        targets(&pos("white: Kc3; black: Km1"), "c3"),
        set("b3 d3 c2 c4")
    );
    // Rook: ring 3 both ways (15 cells, not c3 itself), out c2 c1, in c4
    // c5 c6 z0 k6 k5 k4 k3 k2 k1 (k3 also on the ring): 15 + 2 + 10 - 1.
    let rook = alone(K_RIM, 'R', "c3");
    assert_eq!(rook.len(), 26);
    assert_eq!(
        rook,
        set("a3 b3 d3 e3 f3 g3 h3 i3 j3 k3 l3 m3 n3 o3 p3 c2 c1 c4 c5 c6 z0 k6 k5 k4 k2 k1")
    );
    // Knight: (+-1, 2 in) d2: b5 d5; (+-1, 2 out) d6: b1 d1; (+-2, 1 in)
    // d3: a4 e4; (+-2, 1 out) d5: a2 e2.
    assert_eq!(alone(K_RIM, 'N', "c3"), set("b5 d5 b1 d1 a4 e4 a2 e2"));
    // Medusa: steps + (3,0) f3, (-3,0) p3, (0,3) d1: c6; (0,-3) off.
    assert_eq!(alone(K_RIM, 'M', "c3"), set("b3 d3 c2 c4 f3 p3 c6"));
    // Fish: steps + e3 a3, (0,2) c5, (0,-2) c1.
    assert_eq!(alone(K_RIM, 'F', "c3"), set("b3 d3 c2 c4 e3 a3 c5 c1"));
    // Teacher: two cells along each ray.
    assert_eq!(alone(K_RIM, 'T', "c3"), set("d3 e3 b3 a3 c2 c1 c4 c5"));
    // Bird: the Rook's 26 flights + the 8 knight leaps (none on its lines).
    let bird = alone(K_RIM, 'W', "c3");
    assert_eq!(bird.len(), 34);
    assert!(rook.is_subset(&bird));
}

#[test]
fn pieces_from_the_rim_a1() {
    // a1 = (0, d6). Kings e4 m4 are off ring 1 and the a-i diameter.
    assert_eq!(
        targets(&pos("white: Ka1; black: Km4"), "a1"),
        set("b1 p1 a2")
    );
    // Rook: ring 1 (15, with i1), in a2 .. a6 z0 i6 .. i1 (12, i1 twice).
    let rook = alone(K_IN, 'R', "a1");
    assert_eq!(rook.len(), 26);
    assert!(rook.contains("z0") && rook.contains("i2") && rook.contains("p1"));
    // Knight: (+-1, 2 in) d4: b3 p3; (+-2, 1 in) d5: c2 o2; outward off.
    assert_eq!(alone(K_IN, 'N', "a1"), set("b3 p3 c2 o2"));
    // Medusa: b1 p1 a2, (+-3,0) d1 n1, (0,3) d3: a4.
    assert_eq!(alone(K_IN, 'M', "a1"), set("b1 p1 a2 d1 n1 a4"));
    // Fish: b1 p1 a2, c1 o1, (0,2) a3.
    assert_eq!(alone(K_IN, 'F', "a1"), set("b1 p1 a2 c1 o1 a3"));
    // Teacher: b1 c1, p1 o1, a2 a3.
    assert_eq!(alone(K_IN, 'T', "a1"), set("b1 c1 p1 o1 a2 a3"));
    // Bird: 26 + 4.
    assert_eq!(alone(K_IN, 'W', "a1").len(), 30);
}

#[test]
fn pieces_from_rank_six_a6() {
    // a6 = (0, d1), next to the centre. Kings e1 m1.
    assert_eq!(
        targets(&pos("white: Ka6; black: Km1"), "a6"),
        set("b6 p6 a5 z0")
    );
    // Rook: ring 6 (15, with i6), out a5..a1 (5), in z0 i6..i1 (7): 26.
    let rook = alone(K_RIM, 'R', "a6");
    assert_eq!(rook.len(), 26);
    // Knight: (1,2) j6, (-1,2) h6 (across the centre); (+-1,-2) d3: b4
    // p4; (+-2,1) z0 (one move for two leaps); (+-2,-1) d2: c5 o5.
    assert_eq!(alone(K_RIM, 'N', "a6"), set("j6 h6 b4 p4 z0 c5 o5"));
    // Medusa: b6 p6 a5 z0, d6 n6, (0,3) d-2: i5, (0,-3) d4: a3.
    assert_eq!(alone(K_RIM, 'M', "a6"), set("b6 p6 a5 z0 d6 n6 i5 a3"));
    // Fish: b6 p6 a5 z0, c6 o6, (0,2) d-1: i6 (over z0), (0,-2) a4.
    assert_eq!(alone(K_RIM, 'F', "a6"), set("b6 p6 a5 z0 c6 o6 i6 a4"));
    // Teacher: b6 c6, p6 o6, a5 a4, z0 i6.
    assert_eq!(alone(K_RIM, 'T', "a6"), set("b6 c6 p6 o6 a5 a4 z0 i6"));
    // ... with its own piece on z0 it does not pass: 6.
    let t = targets(&pos("white: Ke1 Ta6 Nz0; black: Km1"), "a6");
    assert_eq!(t, set("b6 c6 p6 o6 a5 a4"));
    // Bird: 26 flights; knight leaps j6 h6 (ring 6) and z0 (diameter) are
    // flights already, b4 p4 c5 o5 are new: 30.
    assert_eq!(alone(K_RIM, 'W', "a6").len(), 30);
}

#[test]
fn pieces_from_the_centre_z0() {
    // A King on z0 reaches all 16 cells of rank 6 (nothing of Black's
    // King m1 reaches rank 6).
    assert_eq!(
        targets(&pos("white: Kz0; black: Km1"), "z0"),
        set(&rank_cells(6))
    );
    // Rook: 16 radii x 6 cells, less e1 (own King) and m1 (a King is never
    // captured): 94.
    let rook = alone(K_RIM, 'R', "z0");
    assert_eq!(rook.len(), 94);
    assert!(!rook.contains("e1") && !rook.contains("m1") && rook.contains("e2"));
    // Knight: (+-1, 2) along every radius: rank 5; (+-2, 1): rank 6. 32.
    let mut r56 = set(&rank_cells(5));
    r56.extend(set(&rank_cells(6)));
    assert_eq!(alone(K_RIM, 'N', "z0"), r56);
    // Fish: steps rank 6, (0, 2) rank 5, sideways nothing: 32.
    assert_eq!(alone(K_RIM, 'F', "z0"), r56);
    // Teacher: two cells along each radius: ranks 6 and 5.
    assert_eq!(alone(K_RIM, 'T', "z0"), r56);
    // Medusa: steps rank 6, (0, 3) rank 4: 32.
    let mut r46 = set(&rank_cells(4));
    r46.extend(set(&rank_cells(6)));
    assert_eq!(alone(K_RIM, 'M', "z0"), r46);
    // Bird: every empty cell of every radius: 94 (its knight cells, ranks
    // 5 and 6, are among them).
    assert_eq!(alone(K_RIM, 'W', "z0").len(), 94);
    // Knight on a5 (d2): (+-1, 2) -> d0: z0 (one move); (+-1,-2) d4: b3
    // p3; (+-2, 1) d1: c6 o6; (+-2,-1) d3: c4 o4.
    assert_eq!(alone(K_RIM, 'N', "a5"), set("z0 b3 p3 c6 o6 c4 o4"));
}

#[test]
fn rides_round_the_ring_and_through_the_centre() {
    // Own Knight on d3 (ccw next to the Rook c3): the ring ride goes
    // clockwise b3 a3 p3 .. e3 and stops before d3: 14 ring cells, never
    // c3; with c2 c1 and the diameter (k3 again): 14 + 2 + 10 - 1 = 25.
    let p = pos("white: Ke1 Rc3 Nd3; black: Km1");
    let t = targets(&p, "c3");
    assert_eq!(t.len(), 25);
    assert!(!t.contains("d3") && t.contains("e3") && !t.contains("c3"));
    // Enemy Knight on b3: the clockwise ride takes it at once, the
    // counter-clockwise ride goes round d3 .. a3 and takes it too: one
    // move c3b3; the ring still gives 15 cells: 26.
    let p = pos("white: Ke1 Rc3; black: Km1 Nb3");
    let t = targets(&p, "c3");
    assert_eq!(t.len(), 26);
    assert!(t.contains("b3"));
    // Through the centre: black Knight k4 (attacks j6 l6 j2 l2 i5 m5 i3
    // m3): c4 c5 c6 z0 k6 k5 k4 (capture), not k2 k1: 15 + 2 + 7 = 24.
    let p = pos("white: Ke1 Rc3; black: Km1 Nk4");
    let t = targets(&p, "c3");
    assert_eq!(t.len(), 24);
    assert!(t.contains("z0") && t.contains("k6") && t.contains("k4"));
    assert!(!t.contains("k2") && !t.contains("k1"));
    // Own piece on z0: inward c4 c5 c6 only: 15 + 2 + 3 = 20.
    let p = pos("white: Ke1 Rc3 Nz0; black: Km1");
    let t = targets(&p, "c3");
    assert_eq!(t.len(), 20);
    assert!(!t.contains("z0") && !t.contains("k6"));
    // The docs' example: from a1 inward a2 .. a6, z0, i6 .. i1.
    let p = pos("white: Ke4 Ra1 Nb1 Np1; black: Km4");
    assert_eq!(
        targets(&p, "a1"),
        set("a2 a3 a4 a5 a6 z0 i6 i5 i4 i3 i2 i1")
    );
}

#[test]
fn bird_flies_over_pieces_and_never_captures() {
    // Bird c3 with its own Rook c4, black Knights c5 (attacks z0 b3 d3 a6
    // e6 a4 e4) and h3 (g5 i5 g1 i1 f4 j4 f2 j2), black King k2.
    // Flights: ring 3 every empty cell but h3: 14 (k3 among them); out c2
    // c1; in over c4 and c5: c6 z0 k6 k5 k4 (k3 again), over the King k2:
    // k1. Knight leaps b5 d5 b1 d1 a4 e4 a2 e2. 14 + 2 + 6 + 8 = 30.
    let p = pos("white: Ke1 Wc3 Rc4; black: Kk2 Nc5 Nh3");
    let t = targets(&p, "c3");
    assert_eq!(t.len(), 30);
    assert!(t.contains("k1") && t.contains("z0") && t.contains("k3"));
    for occupied in ["c4", "c5", "h3", "k2"] {
        assert!(!t.contains(occupied), "{occupied}");
    }
    // It attacks nothing: the black King k2 on its diameter is not in
    // check, and the Bird guards nothing.
    assert!(!p.in_check(1));
    assert!(p.is_attacked_by("c5", 0)); // by the Rook c4, not by the Bird
    assert!(!p.is_attacked_by("d3", 0) && !p.is_attacked_by("b5", 0));
    let p = pos("white: Ke1 Wc4 Pc3; black: Kc5");
    assert!(!p.in_check(1));
    assert!(!p.is_attacked_by("b4", 0) && !p.is_attacked_by("c6", 0) && !p.is_attacked_by("d4", 0));
    // Every one of its moves is quiet: a Bird surrounded by enemies on all
    // its step and knight cells has only the far flights.
    let p = pos("white: Ke1 Wa6; black: Km3 Nb6 Np6 Na5 Nz0 Nj6 Nh6 Nb4 Np4 Nc5 No5");
    let t = targets(&p, "a6");
    for c in ["b6", "p6", "a5", "z0", "j6", "h6", "b4", "p4", "c5", "o5"] {
        assert!(!t.contains(c), "{c}");
    }
    // Ring 6 minus b6 p6 j6 h6 (and a6): 11; out a4 a3 a2 a1: 4; in i6 ..
    // i1 (i6 on the ring too): 6 - 1. 11 + 4 + 5 = 20. (White's King e1:
    // none of those Knights reaches it.)
    assert_eq!(t.len(), 20);
}

// ---------------------------------------------------------------------------
// Figurants
// ---------------------------------------------------------------------------

// Figurants, by docs/COSMIC.md "Round boards". Heights as White sees the
// drawn board (White at the bottom): sectors a..h are the lower half, so
// inward is up there and outward is up on i..p; round a ring, clockwise is
// up from a..d and n..p (towards a/p, then the top between l and m),
// counter-clockwise from e..k; d-e and l-m are level. Buoy diameters a-i
// and h-p: White's first buoy line is a and h, the second p and i.

#[test]
fn figurant_quiet_moves() {
    // One cell forward: b1 clockwise a1, in b2; c1 (lower) never. The ring
    // run from b stops at a1 (p1 is the second buoy line).
    assert_eq!(alone(K_RIM, 'P', "b1"), set("a1 b2"));
    assert_eq!(alone(K_RIM, 'H', "b1"), set("a1 b2"));
    // The long move round the ring, up to the first buoy line: d3 c3 b3
    // a3, never p3; and in one cell, d4 (no straight run off the buoys).
    assert_eq!(alone(K_RIM, 'P', "d3"), set("c3 b3 a3 d4"));
    // e3 goes the other way round (e3-d3 is level): f3 g3 h3, in e4.
    assert_eq!(alone(K_RIM, 'P', "e3"), set("f3 g3 h3 e4"));
    // g4: h4 (the first buoy line; i4 beyond is the second), in g5.
    assert_eq!(alone(K_RIM, 'P', "g4"), set("h4 g5"));
    // On the first buoy line the straight run in, up to rank 6 (never
    // z0), and the step round the ring onto the second line (a single
    // step, as everything beyond it).
    assert_eq!(alone(K_RIM, 'P', "a1"), set("a2 a3 a4 a5 a6 p1"));
    assert_eq!(alone(K_RIM, 'H', "h2"), set("h3 h4 h5 h6 i2"));
    // Blocked long moves: a black Knight b3 (attacks a5 c5 a1 c1 d4 p4 d2
    // p2, not e1) stops the run at c3; a black Knight a4 stops the
    // straight run at a3.
    assert_eq!(
        targets(&pos("white: Ke1 Pd3; black: Km1 Nb3"), "d3"),
        set("c3 d4")
    );
    assert_eq!(
        targets(&pos("white: Ke1 Pa1; black: Km1 Na4"), "a1"),
        set("a2 a3 p1")
    );
    // Rank 6: never onto z0, never over it (no more b6j6 / a6i6).
    assert_eq!(alone(K_RIM, 'P', "a6"), set("p6"));
    assert_eq!(alone(K_RIM, 'P', "b6"), set("a6"));
    assert_eq!(alone(K_RIM, 'P', "d6"), set("c6 b6 a6"));
    assert_eq!(alone(K_RIM, 'P', "e6"), set("f6 g6 h6"));
    assert_eq!(
        targets(&pos("white: Ke1 Pb6; black: Km1 Wz0"), "b6"),
        set("a6")
    );
    // Beyond the own half only single steps: out, or round towards the
    // top. i3: i2 j3 (not k3 l3); j6: j5 k6; p4: p3 o4; l4: l3 only.
    assert_eq!(alone(K_RIM, 'P', "i3"), set("i2 j3"));
    assert_eq!(alone(K_RIM, 'P', "j6"), set("j5 k6"));
    assert_eq!(alone(K_RIM, 'P', "p4"), set("p3 o4"));
    assert_eq!(alone(K_RIM, 'P', "l4"), set("l3"));
    assert_eq!(alone(K_RIM, 'H', "m5"), set("m4"));
    assert_eq!(alone(K_RIM, 'P', "i2"), set("i1 j2")); // no piece started on i1, j2
                                                       // The rim of the far half: i1 only round to j1, where it promotes.
    assert_eq!(
        moves_from(&pos("white: Ke1 Pi1; black: Km3"), "i1"),
        set(&promos("i1j1", PAWN_PROMOS))
    );
    // A single step opens no en passant.
    let mut p = pos("white: Ke1 Pb6; black: Km1");
    p.play("b6a6").unwrap();
    assert_eq!(p.ep_cells(), None);
    // Black the same turned by 8 sectors: j2 round to i2 or in to j3; m3
    // round n3 o3 p3 or in m4; c3 (White's half) out c2 or round d3.
    let b = |t: &str, c: &str| targets(&pos(t), c);
    assert_eq!(
        b("white: Ke1; black: Km1 Pj2; turn black", "j2"),
        set("i2 j3")
    );
    assert_eq!(
        b("white: Ke4; black: Km1 Pm3; turn black", "m3"),
        set("n3 o3 p3 m4")
    );
    assert_eq!(
        b("white: Ke1; black: Km1 Pi1; turn black", "i1"),
        set("i2 i3 i4 i5 i6 h1")
    );
    assert_eq!(
        b("white: Ke1; black: Km1 Pc3; turn black", "c3"),
        set("c2 d3")
    );
    // No figurant on z0.
    assert!(RefPos::from_text(V, "white: Ke1 Pz0; black: Km1").is_err());
    assert!(RefPos::from_text(V, "white: Ke1; black: Km1 Hz0").is_err());
}

#[test]
fn figurant_route_to_promotion() {
    // The text's route: round the ring to the first buoy line, straight in
    // along it towards the centre, then one cell a move: round to the
    // second line, out along it to the rim and round to o1, where Black's
    // Knight stood.
    let mut p = pos("white: Ke1 Pb2; black: Km1");
    p.play_all(
        "b2a2 m1m2 a2a6 m2m1 a6p6 m1m2 p6p5 m2m1 p5p4 m1m2 p4p3 m2m1 p3p2 m1m2 p2p1 m2m1 p1o1=R",
    )
    .unwrap();
    assert_eq!(p.piece_at("o1").as_deref(), Some("white R"));
    // The straight run opened a2..a5 to en passant when it was made.
    let mut q = pos("white: Ke1 Pa2; black: Km2");
    q.play("a2a6").unwrap();
    assert_eq!(
        q.ep_cells(),
        Some((
            vec!["a3".to_string(), "a4".to_string(), "a5".to_string()],
            "a6".to_string()
        ))
    );
}

#[test]
fn figurant_promotion_on_the_opponents_piece_cells() {
    // White promotes on j1 k1 l1 m1 n1 o1 l2 m2, Black on b1 .. g1 d2 e2.
    let cells: Vec<String> = all_cells(V);
    let w: BTreeSet<String> = cells
        .iter()
        .filter(|c| is_promotion_cell(V, 0, c))
        .cloned()
        .collect();
    let bl: BTreeSet<String> = cells
        .iter()
        .filter(|c| is_promotion_cell(V, 1, c))
        .cloned()
        .collect();
    assert_eq!(w, set("j1 k1 l1 m1 n1 o1 l2 m2"));
    assert_eq!(bl, set("b1 c1 d1 e1 f1 g1 d2 e2"));
    // Pawn j2: out to j1 (the six pieces of the game) or round to k2 (a
    // black dog's cell: no promotion).
    let p = pos("white: Ke1 Pj2; black: Km3");
    let mut expect = set(&promos("j2j1", PAWN_PROMOS));
    expect.insert("j2k2".to_string());
    assert_eq!(moves_from(&p, "j2"), expect);
    // Pawn l3 -> l2 (the black Teacher's cell); l3-m3 is level.
    let p = pos("white: Ke1 Pl3; black: Kp3");
    assert_eq!(moves_from(&p, "l3"), set(&promos("l3l2", PAWN_PROMOS)));
    // m3 -> m2 (the Medusa's); n2 -> n1 (the Bird's); p1 -> o1.
    let p = pos("white: Ke1 Pm3 Pn2 Pp1; black: Kc3");
    assert_eq!(moves_from(&p, "m3"), set(&promos("m3m2", PAWN_PROMOS)));
    let mut expect = set(&promos("n2n1", PAWN_PROMOS));
    expect.extend(set(&promos("n2m2", PAWN_PROMOS)));
    assert_eq!(moves_from(&p, "n2"), expect);
    assert_eq!(moves_from(&p, "p1"), set(&promos("p1o1", PAWN_PROMOS)));
    // j3 -> j2 (a black pawn's cell) or k3: no promotion.
    assert_eq!(
        moves_from(&pos("white: Ke1 Pj3; black: Km3"), "j3"),
        set("j3j2 j3k3")
    );
    // Dog k2 -> k1: N F W; round to l2 (the Teacher's cell) too.
    let p = pos("white: Ke1 Hk2; black: Km3");
    let mut expect = set(&promos("k2k1", DOG_PROMOS));
    expect.extend(set(&promos("k2l2", DOG_PROMOS)));
    assert_eq!(moves_from(&p, "k2"), expect);
    // Black pawn b2 -> b1 (out) or c2 (round, no promotion).
    let p = pos("white: Ke4; black: Km1 Pb2; turn black");
    let mut expect = set(&promos("b2b1", PAWN_PROMOS));
    expect.insert("b2c2".to_string());
    assert_eq!(moves_from(&p, "b2"), expect);
    let mut q = p.clone();
    q.play("b2b1=T").unwrap();
    assert_eq!(q.piece_at("b1").as_deref(), Some("black T"));
}

#[test]
fn dog_captures() {
    // d3: forward c3 (clockwise) and d4 (in), level e3; d2 is lower. The
    // black Knights (c3: b5 d5 b1 d1 a4 e4 a2 e2; d4: c6 e6 c2 e2 b5 f5 b3
    // f3; e3: d5 f5 d1 f1 c4 g4 c2 g2; d2: c4 e4 b3 f3 b1 f1) reach
    // neither King.
    let p = pos("white: Kk5 Hd3; black: Kp5 Nc3 Nd4 Ne3 Nd2");
    assert_eq!(moves_from(&p, "d3"), set("d3c3 d3d4 d3e3"));
    // Far half: forward is out (k2) and round towards the top (l3); j3 and
    // k4 are lower.
    let p = pos("white: Kc4 Hk3; black: Kp6 Nk2 Nl3 Nj3 Nk4");
    assert_eq!(moves_from(&p, "k3"), set("k3k2 k3l3"));
    // At the top: l4 takes m4 (level) and l3 (out), not k4 (lower).
    let p = pos("white: Kc4 Hl4; black: Kp6 Nm4 Nl3 Nk4");
    assert_eq!(moves_from(&p, "l4"), set("l4m4 l4l3"));
    // From rank 6 next to the centre: a6 only; not z0 (a black Bird
    // there), not j6 across it, not c6 behind.
    let p = pos("white: Kg4 Hb6; black: Kp5 Wz0 Nj6 Na6 Nc6");
    assert_eq!(moves_from(&p, "b6"), set("b6a6"));
    // The reproducer: a Rook on j6 is out of reach; b6 steps to a6.
    let p = pos("white: Ke1 Hb6; black: Km1 Rj6");
    assert_eq!(moves_from(&p, "b6"), set("b6a6"));
    // Round the ring across the halves: h3 takes i3 (on the second buoy
    // line) or runs in along h; on Black's half it then steps out or
    // round. (Knight i3: h5 j5 h1 j1 g4 k4 g2 k2.)
    let mut p = pos("white: Kc5 Hh3; black: Kp5 Ni3");
    assert_eq!(moves_from(&p, "h3"), set("h3h4 h3h5 h3h6 h3i3"));
    p.play_all("h3i3 p5p4").unwrap();
    assert_eq!(moves_from(&p, "i3"), set("i3i2 i3j3"));
    // Captures that promote: k1 (Rook) out, l2 (Teacher) round ring 2.
    let p = pos("white: Kg4 Hk2; black: Kp5 Rk1 Tl2 Nj2");
    let mut expect = set(&promos("k2k1", DOG_PROMOS));
    expect.extend(set(&promos("k2l2", DOG_PROMOS)));
    assert_eq!(moves_from(&p, "k2"), expect);
    // What dogs attack (check): forward and level neighbours only.
    assert!(pos("white: Ke1 Hb6; black: Ka6").in_check(1));
    assert!(!pos("white: Ke1 Hb6; black: Kj6").in_check(1));
    assert!(!pos("white: Ke1 Hb6; black: Kz0").in_check(1));
    assert!(!pos("white: Ke1 Hb6; black: Kc6").in_check(1));
    assert!(pos("white: Ke1 Hc3; black: Kb3").in_check(1));
    assert!(!pos("white: Ke1 Hc3; black: Kd3").in_check(1));
    assert!(!pos("white: Ke1 Hc3; black: Kc2").in_check(1));
    assert!(pos("white: Ke1 Hd4; black: Ke4").in_check(1));
    assert!(pos("white: Ke1 Hk3; black: Kk2").in_check(1));
    assert!(!pos("white: Ke1 Hk3; black: Kk4").in_check(1));
    assert!(pos("white: Ke1 Hl5; black: Km5").in_check(1));
    // Pawns attack nothing.
    assert!(!pos("white: Ke1 Pc3; black: Kc4").in_check(1));
    assert!(!pos("white: Ke1 Pc3; black: Kb3").in_check(1));
}

#[test]
fn en_passant_by_a_dog() {
    // White d2 -> a2 round ring 2 passes c2 b2. Black's dogs on White's
    // half go out and round towards d/e: b3 attacks b2 and c3; c3 attacks
    // c2 and d3. Each may also step onto the passed cell quietly (out is
    // forward for Black there): both keys.
    let start = pos("white: Ke1 Pd2; black: Km1 Hb3 Hc3");
    let mut p = start.clone();
    p.play("d2a2").unwrap();
    assert_eq!(
        p.ep_cells(),
        Some((vec!["c2".to_string(), "b2".to_string()], "a2".to_string()))
    );
    assert!(p.to_text().ends_with("; ep c2,b2 victim a2"));
    let eps: BTreeSet<String> = p
        .legal_moves()
        .into_iter()
        .filter(|k| k.ends_with("/ep"))
        .collect();
    assert_eq!(eps, set("b3b2/ep c3c2/ep"));
    assert_eq!(moves_from(&p, "b3"), set("b3b2 b3b2/ep"));
    assert_eq!(moves_from(&p, "c3"), set("c3c2 c3c2/ep c3d3"));
    let back = pos(&p.to_text());
    assert_eq!(back.legal_moves(), p.legal_moves());
    let mut q = p.clone();
    q.play("c3c2/ep").unwrap();
    assert_eq!(q.piece_at("a2"), None);
    assert_eq!(q.piece_at("c3"), None);
    assert_eq!(q.piece_at("c2").as_deref(), Some("black H"));
    let mut q = p.clone();
    q.play("c3c2").unwrap();
    assert_eq!(q.piece_at("a2").as_deref(), Some("white P"));
    // The right lasts one move.
    let mut q = p.clone();
    q.play_all("m1l1 e1f1").unwrap();
    assert!(q.legal_moves().iter().all(|k| !k.ends_with("/ep")));
    // d2 -> b2 passes c2 only: c3c2/ep; b3 takes the pawn on b2 plainly.
    let mut p = start.clone();
    p.play("d2b2").unwrap();
    let m = p.legal_moves();
    assert!(m.contains(&"c3c2/ep".to_string()) && m.contains(&"b3b2".to_string()));
    assert!(!m.contains(&"b3b2/ep".to_string()));
    // A single step opens nothing.
    let mut p = start.clone();
    p.play("d2c2").unwrap();
    assert_eq!(p.ep_cells(), None);
    // The straight run a1 -> a4 passes a2 a3: Black's p2 attacks a2 (round
    // towards the bottom for Black) and p3 (in, its own half), p3 attacks
    // a3 and p4; p is Black's first buoy line, so p3 also runs in to p5, p6
    // (p2's run is blocked by p3).
    let mut p = pos("white: Ke1 Pa1; black: Km1 Hp2 Hp3");
    p.play("a1a4").unwrap();
    assert_eq!(
        p.ep_cells(),
        Some((vec!["a2".to_string(), "a3".to_string()], "a4".to_string()))
    );
    assert_eq!(moves_from(&p, "p2"), set("p2a2 p2a2/ep"));
    assert_eq!(moves_from(&p, "p3"), set("p3a3 p3a3/ep p3p4 p3p5 p3p6"));
    // Pawns and Birds never take en passant.
    let mut p = pos("white: Ke1 Pd2; black: Km1 Pc3 Wb3");
    p.play("d2a2").unwrap();
    assert!(p.legal_moves().iter().all(|k| !k.ends_with("/ep")));
    // An en-passant capture onto a promotion cell promotes: White c1 -> a1
    // passes b1 (a Black promotion cell); the black dog b2 (attacking b1
    // out and c2 round) takes there, or steps there quietly.
    let mut p = pos("white: Kh4 Pc1; black: Kp5 Hb2");
    p.play("c1a1").unwrap();
    let mut expect = set(&promos("b2b1", DOG_PROMOS));
    expect.insert("b2c2".to_string());
    for l in ["N", "F", "W"] {
        expect.insert(format!("b2b1={l}/ep"));
    }
    assert_eq!(moves_from(&p, "b2"), expect);
    p.play("b2b1=F/ep").unwrap();
    assert_eq!(p.piece_at("b1").as_deref(), Some("black F"));
    assert_eq!(p.piece_at("a1"), None);
}

// ---------------------------------------------------------------------------
// Castling
// ---------------------------------------------------------------------------

#[test]
fn castling_swaps_at_the_start() {
    let s = RefPos::start(V);
    let mut q = s.clone();
    q.play("e1f1/castle/f1").unwrap();
    assert_eq!(q.piece_at("f1").as_deref(), Some("white K"));
    assert_eq!(q.piece_at("e1").as_deref(), Some("white W"));
    assert!(q.king_has_moved(0));
    let mut q = s.clone();
    q.play("e1d1/castle/d1").unwrap();
    assert_eq!(q.piece_at("d1").as_deref(), Some("white K"));
    assert_eq!(q.piece_at("e1").as_deref(), Some("white F"));
}

#[test]
fn castling_round_the_ring() {
    let after = |p: &RefPos, k: &str| {
        let mut q = p.clone();
        q.play(k).unwrap();
        q
    };
    // Ring 1 holds only Ke1 and Rb1: 3 cells clockwise, 13
    // counter-clockwise: the short way only, X = d1 c1 b1.
    let p = pos("white: Ke1 Rb1; black: Km3");
    assert_eq!(
        castles(&p),
        set("e1d1/castle/b1 e1c1/castle/b1 e1b1/castle/b1")
    );
    assert_eq!(
        after(&p, "e1d1/castle/b1").piece_at("e1").as_deref(),
        Some("white R")
    );
    assert_eq!(
        after(&p, "e1c1/castle/b1").piece_at("d1").as_deref(),
        Some("white R")
    );
    let q = after(&p, "e1b1/castle/b1");
    assert_eq!(q.piece_at("b1").as_deref(), Some("white K"));
    assert_eq!(q.piece_at("c1").as_deref(), Some("white R"));
    // Clockwise blocked by a black Knight c1 (attacks b3 d3 a2 e2): the
    // Rook is first only counter-clockwise, 13 cells f1 .. a1 b1 (R9).
    let p = pos("white: Ke1 Rb1; black: Km3 Nc1");
    let c = castles(&p);
    if RING_CASTLING_LONG_WAY_IF_SHORT_BLOCKED {
        assert_eq!(c.len(), 13);
        assert!(c.contains("e1f1/castle/b1") && c.contains("e1a1/castle/b1"));
        assert_eq!(
            after(&p, "e1f1/castle/b1").piece_at("e1").as_deref(),
            Some("white R")
        );
        assert_eq!(
            after(&p, "e1b1/castle/b1").piece_at("a1").as_deref(),
            Some("white R")
        );
    } else {
        assert!(c.is_empty());
    }
    // Exact tie: Rm1 8 cells either way; the counter-clockwise way f1 ..
    // m1 (the Knight e2 closes the diameter, no partner there).
    let p = pos("white: Ke1 Ne2 Rm1; black: Ka3");
    assert_eq!(
        castles(&p),
        set(
            "e1f1/castle/m1 e1g1/castle/m1 e1h1/castle/m1 e1i1/castle/m1 \
             e1j1/castle/m1 e1k1/castle/m1 e1l1/castle/m1 e1m1/castle/m1"
        )
    );
    assert_eq!(
        after(&p, "e1m1/castle/m1").piece_at("l1").as_deref(),
        Some("white R")
    );
    assert_eq!(
        after(&p, "e1f1/castle/m1").piece_at("e1").as_deref(),
        Some("white R")
    );
    // Opposite on the ring with the diameter open too: 8 by the ring + 12
    // by the radius (e2 .. e6 z0 m6 .. m1), e1m1 once, the ring's (R13).
    let p = pos("white: Ke1 Rm1; black: Ka3");
    let c = castles(&p);
    assert_eq!(c.len(), 19);
    assert!(c.contains("e1z0/castle/m1") && c.contains("e1m2/castle/m1"));
    assert_eq!(
        after(&p, "e1m1/castle/m1").piece_at("l1").as_deref(),
        Some("white R")
    );
    assert_eq!(
        after(&p, "e1m2/castle/m1").piece_at("m3").as_deref(),
        Some("white R")
    );
    // Fish on the ring 2 away: next to it (X = c1, Fish to d1) or its cell.
    let p = pos("white: Ke1 Fc1; black: Km3");
    assert_eq!(castles(&p), set("e1d1/castle/c1 e1c1/castle/c1"));
    assert_eq!(
        after(&p, "e1d1/castle/c1").piece_at("e1").as_deref(),
        Some("white F")
    );
    assert_eq!(
        after(&p, "e1c1/castle/c1").piece_at("d1").as_deref(),
        Some("white F")
    );
    // Only the final cell must be safe: a black Rook c5 covers c1 (radius
    // c): X = d1 and b1 remain.
    let p = pos("white: Ke1 Rb1; black: Km3 Rc5");
    assert_eq!(castles(&p), set("e1d1/castle/b1 e1b1/castle/b1"));
    // Out of check (black Rook e5 down the radius): all three, and of the
    // King's steps d1 f1 (e2 stays on the line).
    let p = pos("white: Ke1 Rb1; black: Km3 Re5");
    assert!(p.in_check(0));
    assert_eq!(castles(&p).len(), 3);
    assert_eq!(targets(&p, "e1"), set("d1 f1"));
    // A moved King does not castle; nor with a Knight, Medusa, or past a
    // piece.
    assert!(castles(&pos("white: Ke1 Rb1; black: Km3; moved e1")).is_empty());
    assert!(castles(&pos("white: Ke1 Nd1 Mf1 Ne2; black: Km3")).is_empty());
    assert!(castles(&pos("white: Ke1 Nd1 Rc1 Mf1 Ne2; black: Km3")).is_empty());
}

#[test]
fn castling_along_a_radius() {
    let after = |p: &RefPos, k: &str| {
        let mut q = p.clone();
        q.play(k).unwrap();
        q
    };
    // Teacher e4, 3 cells inward: X = e3 (Teacher to e2) or e4 (to e3).
    let p = pos("white: Ke1 Te4; black: Km3");
    assert_eq!(castles(&p), set("e1e3/castle/e4 e1e4/castle/e4"));
    assert_eq!(
        after(&p, "e1e3/castle/e4").piece_at("e2").as_deref(),
        Some("white T")
    );
    assert_eq!(
        after(&p, "e1e4/castle/e4").piece_at("e3").as_deref(),
        Some("white T")
    );
    // Through the centre: Rook m5, path e2 e3 e4 e5 e6 z0 m6 m5 (8).
    let p = pos("white: Ke1 Rm5; black: Ka3");
    assert_eq!(
        castles(&p),
        set(
            "e1e2/castle/m5 e1e3/castle/m5 e1e4/castle/m5 e1e5/castle/m5 \
             e1e6/castle/m5 e1z0/castle/m5 e1m6/castle/m5 e1m5/castle/m5"
        )
    );
    let q = after(&p, "e1z0/castle/m5");
    assert_eq!(q.piece_at("z0").as_deref(), Some("white K"));
    assert_eq!(q.piece_at("e6").as_deref(), Some("white R"));
    let q = after(&p, "e1m6/castle/m5");
    assert_eq!(q.piece_at("m6").as_deref(), Some("white K"));
    assert_eq!(q.piece_at("z0").as_deref(), Some("white R"));
    // Fish m6, 7 cells: X = z0 (Fish to e6) or m6 (Fish to z0).
    let p = pos("white: Ke1 Fm6; black: Ka3");
    assert_eq!(castles(&p), set("e1z0/castle/m6 e1m6/castle/m6"));
    // Bird on z0: 6 cells, X = e2 .. z0.
    let p = pos("white: Ke1 Wz0; black: Ka3");
    assert_eq!(castles(&p).len(), 6);
    // Black castles the same way: Km1, its Rook e4 through z0: m2 .. m6,
    // z0, e6, e5, e4: 9.
    let p = pos("white: Ka3; black: Km1 Re4; turn black");
    assert_eq!(castles(&p).len(), 9);
    assert!(castles(&p).contains("m1e6/castle/e4"));
}

// ---------------------------------------------------------------------------
// Check, mate, stalemate
// ---------------------------------------------------------------------------

#[test]
fn check_mate_stalemate() {
    // A Rook checks through the centre: a4 a5 a6 z0 i6 i5 i4 i3.
    assert!(pos("white: Ke1 Ra4; black: Ki3").in_check(1));
    assert!(!pos("white: Ke1 Ra4; black: Ki3 Wz0").in_check(1));
    // A Knight across the centre: a6 -> j6.
    assert!(pos("white: Ke1 Na6; black: Kj6").in_check(1));
    // Mate: Re3 -> e1 checks i1 along ring 1 both ways (f1 g1 h1 / d1 ..
    // j1); the Knight g3 (6, d4) covers h1 ((1,-2): (7, d6)) and i2 ((2,
    // -1): (8, d5)). Black King i1's cells h1 j1 i2 are all covered, and
    // nothing of Black can capture or block.
    let mut p = pos("white: Kd4 Re3 Ng3; black: Ki1");
    assert!(!p.in_check(1));
    assert!(p.outcome().is_none());
    p.play("e3e1").unwrap();
    assert!(p.in_check(1));
    assert!(p.legal_moves().is_empty());
    let o = p.outcome().unwrap();
    assert_eq!(o.end, RefEnd::Mate);
    assert_eq!(o.winner, Some(0));
    assert_eq!(o.loser, Some(1));
    assert_eq!(o.scores, vec![1.0, 0.0]);
    // Stalemate: Ng3 covers h1 and i2, Nk3 (10, d4) covers j1 ((-1,-2))
    // and i2; no Knight reaches i1 (that needs h3 j3 g2 k2).
    let p = pos("white: Kd4 Ng3 Nk3; black: Ki1; turn black");
    assert!(!p.in_check(1));
    assert!(p.legal_moves().is_empty());
    let o = p.outcome().unwrap();
    assert_eq!(o.end, RefEnd::Stalemate);
    assert_eq!(o.winner, None);
    assert_eq!(o.scores, vec![0.5, 0.5]);
    // A pinned piece: White's Rook i5 pins the black Rook i2 to its King
    // i1 along the radius; it may only stay on the line: i3 i4, x i5.
    let p = pos("white: Kd4 Ri5; black: Ki1 Ri2; turn black");
    assert_eq!(targets(&p, "i2"), set("i3 i4 i5"));
}

// ---------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------

#[test]
fn text_round_trip_and_errors() {
    let s = RefPos::start(V);
    let t = s.to_text();
    assert_eq!(pos(&t).to_text(), t);
    assert_eq!(pos(&t).legal_moves(), s.legal_moves());
    let t = "white: Ke1 Pb2; black: Km1 Wz0; turn black; moved e1";
    let p = pos(t);
    assert_eq!(p.to_text(), t);
    assert!(p.king_has_moved(0) && !p.king_has_moved(1));
    // ep: the cells a long move of the player who just moved passed to
    // the victim (any order): the straight run on a, the ring runs.
    let ok = |t: &str| RefPos::from_text(V, t).is_ok();
    assert!(ok(
        "white: Ke1 Pa4; black: Km1; turn black; ep a2,a3 victim a4"
    ));
    assert!(ok(
        "white: Ke1 Pa4; black: Km1; turn black; ep a3 victim a4"
    ));
    assert!(!ok(
        "white: Ke1 Pa4; black: Km1; turn black; ep a2 victim a4"
    ));
    assert!(!ok(
        "white: Ke1 Pa4; black: Km1; turn black; ep a1,a2,a3 victim a4"
    ));
    assert!(ok(
        "white: Ke1 Pa2; black: Km1; turn black; ep c2,b2 victim a2"
    ));
    assert!(ok(
        "white: Ke1 Pa2; black: Km1; turn black; ep b2,c2 victim a2"
    ));
    assert!(ok(
        "white: Ke1 Pa2; black: Km1; turn black; ep b2 victim a2"
    ));
    assert!(!ok(
        "white: Ke1 Pa2; black: Km1; turn black; ep c2 victim a2"
    ));
    assert!(ok(
        "white: Ke1 Ph2; black: Km1; turn black; ep f2,g2 victim h2"
    ));
    // No long move inward off the buoy lines, none on the far half.
    assert!(!ok(
        "white: Ke1 Pb5; black: Km1; turn black; ep b3,b4 victim b5"
    ));
    assert!(!ok(
        "white: Ke1 Pj4; black: Km1; turn black; ep j3 victim j4"
    ));
    // The victim belongs to the player who just moved; the cells are empty.
    assert!(!ok(
        "white: Ke1 Pa4; black: Km1; turn white; ep a2,a3 victim a4"
    ));
    assert!(!ok(
        "white: Ke1 Pa4; black: Km1 Na3; turn black; ep a2,a3 victim a4"
    ));
    assert!(ok("white: Ke1; black: Km1 Pi4; ep i2,i3 victim i4"));
    assert!(RefPos::from_text(V, "white: Ke1; black: Km1; turn black; ep b4 victim b5").is_err());
    assert!(RefPos::from_text(V, "white: Ke1").is_err());
    assert!(RefPos::from_text(V, "white: Ke1 Ka1; black: Km1").is_err());
    assert!(RefPos::from_text(V, "white: Ke1 Ra1; black: Km1 Na1").is_err());
    assert!(RefPos::from_text(V, "white: Ke1; black: Km1; passed black").is_err());
    assert!(RefPos::from_text(V, "white: Ke1; black: Km1; clocks 3 4; castling -").is_ok());
}

// ---------------------------------------------------------------------------
// Consistency
// ---------------------------------------------------------------------------

/// Turning a position by 8 sectors and swapping the colours keeps every
/// count (Black's army is White's turned).
#[test]
fn half_turn_symmetry() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    for _ in 0..6 {
        let mut p = RefPos::start(V);
        for _ in 0..(6 + next() % 20) {
            let m = p.legal_moves();
            if m.is_empty() {
                break;
            }
            p.play(&m[next() % m.len()]).unwrap();
        }
        let mut lists = [Vec::new(), Vec::new()];
        for c in all_cells(V) {
            if let Some(pc) = p.piece_at(&c) {
                let (owner, letter) = pc.split_once(' ').unwrap();
                let o = if owner == "white" { 1 } else { 0 };
                lists[o].push(format!("{}{}", letter, turn_cell(&c, 8).unwrap()));
            }
        }
        let mut parts = vec![
            format!("white: {}", lists[0].join(" ")),
            format!("black: {}", lists[1].join(" ")),
            format!("turn {}", if p.to_move() == 0 { "black" } else { "white" }),
        ];
        let mut moved = Vec::new();
        if p.king_has_moved(0) {
            moved.push("m1");
        }
        if p.king_has_moved(1) {
            moved.push("e1");
        }
        if !moved.is_empty() {
            parts.push(format!("moved {}", moved.join(" ")));
        }
        if let Some((cells, victim)) = p.ep_cells() {
            let cs: Vec<String> = cells.iter().map(|c| turn_cell(c, 8).unwrap()).collect();
            parts.push(format!(
                "ep {} victim {}",
                cs.join(","),
                turn_cell(&victim, 8).unwrap()
            ));
        }
        let q = pos(&parts.join("; "));
        assert_eq!(p.perft(2), q.perft(2), "{}", p.to_text());
    }
}

/// Pseudo-random games: keys play, text round-trips, one King each, no
/// figurant on z0, the game has an outcome exactly when no move is left.
#[test]
fn random_playouts_consistent() {
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    let games = if cfg!(debug_assertions) { 3 } else { 30 };
    for _game in 0..games {
        let mut p = RefPos::start(V);
        for _ply in 0..200 {
            let keys = p.legal_moves();
            assert_eq!(keys.is_empty(), p.outcome().is_some());
            let back = pos(&p.to_text());
            assert_eq!(back.to_text(), p.to_text());
            assert_eq!(back.legal_moves(), keys);
            if keys.is_empty() {
                break;
            }
            let k = keys[next() % keys.len()].clone();
            p.play(&k).unwrap();
            for q in ["white", "black"] {
                let kings = all_cells(V)
                    .into_iter()
                    .filter(|c| p.piece_at(c) == Some(format!("{q} K")))
                    .count();
                assert_eq!(kings, 1);
            }
            let z = p.piece_at("z0");
            assert!(!matches!(z.as_deref(), Some(s) if s.ends_with(" P") || s.ends_with(" H")));
            assert!(!p.in_check(1 - p.to_move()));
        }
    }
}

/// Start perft, printed: `cargo test --release -- --nocapture start_perft`.
#[test]
fn start_perft_print() {
    let depth = if cfg!(debug_assertions) { 3 } else { 4 };
    let s = RefPos::start(V);
    for d in 1..=depth {
        let t = std::time::Instant::now();
        let n = s.perft(d);
        println!("round-2p perft({d}) = {n} ({:.2?})", t.elapsed());
    }
}
