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
    // - Pb2 Pg2 Hc2 Hf2: inward 1, 2 or 3 cells up to rank 5; the dogs'
    //   capture cells (forward, both sides round ring 2) hold no enemy. 12.
    assert_eq!(targets(&s, "b2"), set("b3 b4 b5"));
    assert_eq!(targets(&s, "g2"), set("g3 g4 g5"));
    assert_eq!(targets(&s, "c2"), set("c3 c4 c5"));
    assert_eq!(targets(&s, "f2"), set("f3 f4 f5"));
    // 3 + 3 + 0 + 1 + 2 + 16 + 2 + 3 + 12 = 42.
    assert_eq!(s.legal_moves().len(), 42);
    assert!(!s.in_check(0) && !s.in_check(1));
    // Black's army is White's turned by 8 sectors: 42 as well.
    let b = pos(&s.to_text().replace("turn white", "turn black"));
    assert_eq!(b.legal_moves().len(), 42);
    assert_eq!(
        targets(&b, "n1"),
        set("p1 a1 h1 i1 n3 n4 n5 n6 z0 f6 f5 f4 f3 m3 o3 p2")
    );
}

#[test]
fn start_perft_two_by_hand() {
    // Depth 2 = sum over White's 42 moves of Black's replies; Black has 42
    // at the start and a White move changes that only by
    // (a) vacating a cell on a line of Black's Bird n1 (ring 1 and the n-f
    //     diameter): +1 (b1, d1, f1, g1; f2 only with the dog staying on
    //     the line, f2f3..f5: +1 -1 = 0);
    // (b) occupying a cell Black would move to quietly: the Bird's flights
    //     (ring 1, n3..f1 line) and leaps (m3 o3 p2), the dog n2's path
    //     n3 n4 n5 (a White piece on n3 is captured instead: n2n3);
    //     captures onto White pieces replace Black's quiet moves elsewhere;
    // (c) attacking l1 or n1, where Black's castling swaps land (only Np2
    //     attacks n1: (-2,-1) from p2 (15, d5) -> (13, d6)).
    // No White move checks m1 or pins anything.
    // - b1a3 b1c3 g1h3 g1i2 d1d3 f1e3 f1g3 f1h2: +1 (vacated b1 g1 d1 f1;
    //   targets off Black's paths; h2 is Nj1's target, now a capture): 43.
    // - b1p2: +1 (b1) -1 (Bird n1's leap to p2) -1 (m1n1/castle/n1
    //   illegal): 41.
    // - g1f3: +1 (g1) -1 (f3 on the diameter): 42. f1 to a1 h1 i1 p1 f3
    //   f4 f5 f6 z0 n6: +1 (f1) -1 (the target on the Bird's lines): 42.
    // - f1n5: +1 -1 -1 (dog n2 loses n5): 41. f1n4: +1 -1 -2 (n4, n5): 40.
    //   f1n3: +1 -1 -3 +1 (n2n3 captures the Bird): 40.
    // - Castling swaps, Td2, Me2, Pb2, Pg2, Hc2, Hf2 moves: 0: 42.
    // Sum: 42 * 42 + 8 - 1 - 1 - 2 - 2 = 1766.
    let s = RefPos::start(V);
    assert_eq!(s.perft(0), 1);
    assert_eq!(s.perft(1), 42);
    let div = s.divide(2);
    assert_eq!(div.len(), 42);
    for (k, n) in &div {
        let expect = match k.as_str() {
            "b1a3" | "b1c3" | "g1h3" | "g1i2" | "d1d3" | "f1e3" | "f1g3" | "f1h2" => 43,
            "b1p2" | "f1n5" => 41,
            "f1n4" | "f1n3" => 40,
            _ => 42,
        };
        assert_eq!(*n, expect, "{k}");
    }
    assert_eq!(s.perft(2), 1766);
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

#[test]
fn figurant_quiet_moves() {
    // Own half inward: any distance up to rank 5, one cell from rank 5.
    assert_eq!(alone(K_RIM, 'P', "b1"), set("b2 b3 b4 b5"));
    assert_eq!(alone(K_RIM, 'P', "b3"), set("b4 b5"));
    assert_eq!(alone(K_RIM, 'P', "b4"), set("b5"));
    assert_eq!(alone(K_RIM, 'P', "b5"), set("b6"));
    assert_eq!(alone(K_RIM, 'H', "b1"), set("b2 b3 b4 b5"));
    // A blocked long move: black Knight b4 (attacks a6 c6 a2 c2 p5 d5 p3
    // d3): b2 b3.
    assert_eq!(
        targets(&pos("white: Ke1 Pb1; black: Km1 Nb4"), "b1"),
        set("b2 b3")
    );
    // From rank 6: the jump over the centre to the opposite cell j6,
    // whatever stands on z0; never onto z0.
    assert_eq!(alone(K_RIM, 'P', "b6"), set("j6"));
    assert_eq!(
        targets(&pos("white: Ke1 Pb6 Nz0; black: Km1"), "b6"),
        set("j6")
    );
    assert_eq!(
        targets(&pos("white: Ke1 Pb6; black: Km1 Wz0"), "b6"),
        set("j6")
    );
    // j6 occupied: a pawn never captures.
    assert!(targets(&pos("white: Ke1 Pb6; black: Km1 Nj6"), "b6").is_empty());
    // The jump opens no en passant.
    let mut p = pos("white: Ke1 Pb6; black: Km1");
    p.play("b6j6").unwrap();
    assert_eq!(p.ep_cells(), None);
    // On the opponent's half: one cell outward.
    assert_eq!(alone(K_RIM, 'P', "j6"), set("j5"));
    assert_eq!(alone(K_RIM, 'P', "j3"), set("j2"));
    assert_eq!(alone(K_RIM, 'P', "i2"), set("i1")); // i1: no piece started there
    assert!(alone(K_RIM, 'P', "i1").is_empty());
    assert_eq!(alone(K_RIM, 'H', "j4"), set("j3"));
    // Black the same way round: inward on i..p, the jump to b6, outward
    // on a..h.
    let b = |t: &str, c: &str| targets(&pos(t), c);
    assert_eq!(
        b("white: Ke1; black: Km1 Pj1; turn black", "j1"),
        set("j2 j3 j4 j5")
    );
    assert_eq!(b("white: Ke1; black: Km1 Pj6; turn black", "j6"), set("b6"));
    assert_eq!(b("white: Ke1; black: Km1 Pc3; turn black", "c3"), set("c2"));
    // No figurant on z0.
    assert!(RefPos::from_text(V, "white: Ke1 Pz0; black: Km1").is_err());
    assert!(RefPos::from_text(V, "white: Ke1; black: Km1 Hz0").is_err());
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
    // Pawn j2 -> j1: the six pieces of the game.
    let p = pos("white: Ke1 Pj2; black: Km3");
    assert_eq!(moves_from(&p, "j2"), set(&promos("j2j1", PAWN_PROMOS)));
    // Pawn l3 -> l2 (the black Teacher's cell).
    let p = pos("white: Ke1 Pl3; black: Km3");
    assert_eq!(moves_from(&p, "l3"), set(&promos("l3l2", PAWN_PROMOS)));
    // j3 -> j2 (a black pawn's cell): no promotion.
    assert_eq!(
        moves_from(&pos("white: Ke1 Pj3; black: Km3"), "j3"),
        set("j3j2")
    );
    // Dog j2 -> j1: N F W.
    let p = pos("white: Ke1 Hj2; black: Km3");
    assert_eq!(moves_from(&p, "j2"), set(&promos("j2j1", DOG_PROMOS)));
    // Black pawn b2 -> b1.
    let p = pos("white: Ke4; black: Km1 Pb2; turn black");
    assert_eq!(moves_from(&p, "b2"), set(&promos("b2b1", PAWN_PROMOS)));
    let mut q = p.clone();
    q.play("b2b1=T").unwrap();
    assert_eq!(q.piece_at("b1").as_deref(), Some("black T"));
}

#[test]
fn dog_captures() {
    // Kings g4 / p5 are attacked by none of the Knights below.
    // Own half: forward c4, round the ring b3 d3 (black Knights there).
    let p = pos("white: Kg4 Hc3; black: Kp5 Nc4 Nb3 Nd3");
    assert_eq!(moves_from(&p, "c3"), set("c3c4 c3b3 c3d3"));
    // Far half: forward is outward k2, and j3 l3 round the ring.
    let p = pos("white: Kg4 Hk3; black: Kp5 Nk2 Nj3 Nl3");
    assert_eq!(moves_from(&p, "k3"), set("k3k2 k3j3 k3l3"));
    // Never backward: a Knight on c2 stays; the dog moves c4 c5.
    let p = pos("white: Kg4 Hc3; black: Kp5 Nc2");
    assert_eq!(moves_from(&p, "c3"), set("c3c4 c3c5"));
    // From rank 6 its forward is the jump: it captures on j6, not on z0
    // (a black Bird there), and a6 round the ring.
    let p = pos("white: Kg4 Hb6; black: Kp5 Wz0 Nj6 Na6");
    assert_eq!(moves_from(&p, "b6"), set("b6j6 b6a6"));
    // Round the ring across the halves: h3 takes i3 and then moves outward
    // (i3 is on Black's half). King c5 (i3's Knight attacks g4).
    let mut p = pos("white: Kc5 Hh3; black: Kp5 Ni3");
    assert_eq!(moves_from(&p, "h3"), set("h3h4 h3h5 h3i3"));
    p.play_all("h3i3 p5p4").unwrap();
    assert_eq!(moves_from(&p, "i3"), set("i3i2"));
    // Captures that promote: k1 (Rook) forward, l2 (Teacher) round ring 2.
    let p = pos("white: Kg4 Hk2; black: Kp5 Rk1 Tl2");
    let mut expect = set(&promos("k2k1", DOG_PROMOS));
    expect.extend(set(&promos("k2l2", DOG_PROMOS)));
    assert_eq!(moves_from(&p, "k2"), expect);
    // What dogs attack (check): forward and round the ring only.
    assert!(pos("white: Ke1 Hb6; black: Kj6").in_check(1));
    assert!(pos("white: Ke1 Hb6; black: Ka6").in_check(1));
    assert!(!pos("white: Ke1 Hb6; black: Kz0").in_check(1));
    assert!(!pos("white: Ke1 Hc3; black: Kc2").in_check(1));
    assert!(pos("white: Ke1 Hk3; black: Kk2").in_check(1));
    assert!(!pos("white: Ke1 Hk3; black: Kk4").in_check(1));
    // Pawns attack nothing.
    assert!(!pos("white: Ke1 Pc3; black: Kc4").in_check(1));
    assert!(!pos("white: Ke1 Pc3; black: Kb3").in_check(1));
}

#[test]
fn en_passant_by_a_dog() {
    // White b2 -> b5 passes b3 b4. Black dogs on White's half (forward
    // outward): c3 attacks b3 d3 c2; a4 attacks b4 p4 a3.
    let start = pos("white: Ke1 Pb2; black: Km1 Hc3 Ha4");
    let mut p = start.clone();
    p.play("b2b5").unwrap();
    assert_eq!(
        p.ep_cells(),
        Some((vec!["b3".to_string(), "b4".to_string()], "b5".to_string()))
    );
    assert!(p.to_text().ends_with("; ep b3,b4 victim b5"));
    let eps: BTreeSet<String> = p
        .legal_moves()
        .into_iter()
        .filter(|k| k.ends_with("/ep"))
        .collect();
    assert_eq!(eps, set("c3b3/ep a4b4/ep"));
    assert_eq!(moves_from(&p, "c3"), set("c3c2 c3b3/ep"));
    assert_eq!(moves_from(&p, "a4"), set("a4a3 a4b4/ep"));
    let back = pos(&p.to_text());
    assert_eq!(back.legal_moves(), p.legal_moves());
    let mut q = p.clone();
    q.play("c3b3/ep").unwrap();
    assert_eq!(q.piece_at("b5"), None);
    assert_eq!(q.piece_at("c3"), None);
    assert_eq!(q.piece_at("b3").as_deref(), Some("black H"));
    // The right lasts one move.
    let mut q = p.clone();
    q.play_all("m1l1 e1d1").unwrap();
    assert!(q.legal_moves().iter().all(|k| !k.ends_with("/ep")));
    // b2 -> b4 passes b3 only: c3b3/ep; a4 takes the pawn on b4 plainly.
    let mut p = start.clone();
    p.play("b2b4").unwrap();
    let m = p.legal_moves();
    assert!(m.contains(&"c3b3/ep".to_string()) && m.contains(&"a4b4".to_string()));
    assert!(!m.contains(&"a4b4/ep".to_string()));
    // A single step opens nothing.
    let mut p = start.clone();
    p.play("b2b3").unwrap();
    assert_eq!(p.ep_cells(), None);
    // Pawns and Birds never take en passant.
    let mut p = pos("white: Ke1 Pb2; black: Km1 Pc3 Wa3");
    p.play("b2b4").unwrap();
    assert!(p.legal_moves().iter().all(|k| !k.ends_with("/ep")));
    // An en-passant capture onto a promotion cell promotes: White d1 -> d3
    // passes d2 (a Black promotion cell); the black dog c2 takes there.
    let mut p = pos("white: Kh4 Pd1; black: Kp5 Hc2");
    p.play("d1d3").unwrap();
    let mut expect = set(&promos("c2c1", DOG_PROMOS));
    for l in ["N", "F", "W"] {
        expect.insert(format!("c2d2={l}/ep"));
    }
    assert_eq!(moves_from(&p, "c2"), expect);
    p.play("c2d2=F/ep").unwrap();
    assert_eq!(p.piece_at("d2").as_deref(), Some("black F"));
    assert_eq!(p.piece_at("d3"), None);
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
    // ep: the cells straight outward behind the victim of the player who
    // just moved.
    assert!(RefPos::from_text(
        V,
        "white: Ke1 Pb5; black: Km1; turn black; ep b3,b4 victim b5"
    )
    .is_ok());
    assert!(
        RefPos::from_text(V, "white: Ke1 Pb5; black: Km1; turn black; ep b4 victim b5").is_ok()
    );
    assert!(RefPos::from_text(
        V,
        "white: Ke1 Pb5; black: Km1; turn black; ep b2,b3,b4 victim b5"
    )
    .is_ok());
    assert!(RefPos::from_text(
        V,
        "white: Ke1 Pb5; black: Km1; turn black; ep b1,b2,b3,b4 victim b5"
    )
    .is_err());
    assert!(
        RefPos::from_text(V, "white: Ke1 Pb5; black: Km1; turn black; ep b3 victim b5").is_err()
    );
    assert!(
        RefPos::from_text(V, "white: Ke1 Pb5; black: Km1; turn white; ep b4 victim b5").is_err()
    );
    assert!(
        RefPos::from_text(V, "white: Ke1 Pj4; black: Km1; turn black; ep j3 victim j4").is_err()
    );
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
