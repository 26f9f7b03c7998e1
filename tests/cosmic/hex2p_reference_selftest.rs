//! Self-tests of the hexagonal Cosmic reference generator
//! (`cosmic_hex_ref.rs`) for the three two-player games: `hex-2p` (GDP,
//! the 127-cell hexagon of side 7, pointy-topped), `hex-2p-corner` and
//! `hex-2p-rhombus` (GOP, Glinski's board, the V and the rhombus setups).
//! Every expected number and cell list below was worked out by hand from
//! docs/COSMIC.md (the reasoning is in the comments), not by running the
//! generator.
//!
//! hex-2p names: the row (a..n for r = -6..6, no j) and the number
//! `2q + r + 13`; the corner games name cells as hex-6p (file a..l for
//! q = -5..5, the rank in the file from 1).

use super::cosmic_hex_ref::*;
use std::collections::BTreeSet;

const TWO: [Variant; 3] = [Variant::Hex2p, Variant::Hex2pCorner, Variant::Hex2pRhombus];

fn pos(v: Variant, text: &str) -> RefPos {
    RefPos::from_text(v, text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// The legal moves from `from` to `to` (every promotion choice, the plain
/// move), as keys.
fn moves_to(p: &RefPos, from: &str, to: &str) -> BTreeSet<String> {
    let head = format!("{from}{to}");
    p.legal_moves()
        .into_iter()
        .filter(|k| {
            k.strip_prefix(&head)
                .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_digit()))
        })
        .collect()
}

fn keys(from: &str, to: &str, letters: &[&str]) -> BTreeSet<String> {
    letters
        .iter()
        .map(|l| {
            if l.is_empty() {
                format!("{from}{to}")
            } else {
                format!("{from}{to}={l}")
            }
        })
        .collect()
}

/// The name of the hex-2p cell (q, r).
fn c2(q: i32, r: i32) -> String {
    cell_name(Variant::Hex2p, q, r).unwrap()
}

/// The name of a Glinski cell (q, r) (the corner games).
fn cg(q: i32, r: i32) -> String {
    cell_name(Variant::Hex2pCorner, q, r).unwrap()
}

#[test]
fn cells_and_names() {
    let v = Variant::Hex2p;
    let cells = all_cells(v);
    assert_eq!(cells.len(), 127);
    let distinct: BTreeSet<&String> = cells.iter().collect();
    assert_eq!(distinct.len(), 127);
    for c in &cells {
        let (q, r) = cell_qr(v, c).unwrap();
        assert_eq!(cell_name(v, q, r).as_deref(), Some(c.as_str()));
    }
    // The six corners and the centre (docs/COSMIC.md, hex-2p).
    assert_eq!(cell_qr(v, "g13"), Some((0, 0)));
    assert_eq!(cell_qr(v, "a7"), Some((0, -6)));
    assert_eq!(cell_qr(v, "a19"), Some((6, -6)));
    assert_eq!(cell_qr(v, "g25"), Some((6, 0)));
    assert_eq!(cell_qr(v, "n19"), Some((0, 6)));
    assert_eq!(cell_qr(v, "n7"), Some((-6, 6)));
    assert_eq!(cell_qr(v, "g1"), Some((-6, 0)));
    assert_eq!(cell_qr(v, "m6"), Some((-6, 5)));
    assert_eq!(cell_qr(v, "m20"), Some((1, 5)));
    assert_eq!(cell_qr(v, "a5"), None);
    assert_eq!(cell_qr(v, "g14"), None); // numbers step by 2 along a row
    assert_eq!(cell_qr(v, "n21"), None);
    assert_eq!(cell_qr(v, "j9"), None);
    // Rows a..n, each by rising number: a7..a19, b6..b20, ..., g1..g25, ...
    let rows = [
        ('a', 7),
        ('b', 6),
        ('c', 5),
        ('d', 4),
        ('e', 3),
        ('f', 2),
        ('g', 1),
        ('h', 2),
        ('i', 3),
        ('k', 4),
        ('l', 5),
        ('m', 6),
        ('n', 7),
    ];
    let mut expect = Vec::new();
    for (l, lo) in rows {
        for n in (lo..=26 - lo).step_by(2) {
            expect.push(format!("{l}{n}"));
        }
    }
    assert_eq!(expect.len(), 127);
    assert_eq!(all_cells(v), expect);
    // The corner games keep Glinski's names (hex-6p's).
    for v in [Variant::Hex2pCorner, Variant::Hex2pRhombus] {
        assert_eq!(all_cells(v), all_cells(Variant::Hex6p));
        assert_eq!(player_names(v), &["white", "black"]);
    }
    assert_eq!(player_names(Variant::Hex2p), &["white", "black"]);
}

fn cells_where(v: Variant, f: impl Fn(&str) -> bool) -> Vec<String> {
    all_cells(v).into_iter().filter(|c| f(c)).collect()
}

#[test]
fn regions_hex2p() {
    let v = Variant::Hex2p;
    // White: own half rows a..f (7+8+9+10+11+12 = 57), middle row g (13),
    // far row n (7), next-to-last m (8). Black the half turn: rows h..n,
    // g, a, b.
    let row = |l: char| -> Vec<String> {
        all_cells(v)
            .into_iter()
            .filter(|c| c.starts_with(l))
            .collect()
    };
    let own_w: Vec<String> = "abcdef".chars().flat_map(row).collect();
    let own_b: Vec<String> = "hiklmn".chars().flat_map(row).collect();
    assert_eq!(own_w.len(), 57);
    assert_eq!(cells_where(v, |c| is_own_half(v, 0, c)), own_w);
    assert_eq!(cells_where(v, |c| is_own_half(v, 1, c)), own_b);
    for p in 0..2 {
        assert_eq!(cells_where(v, |c| is_middle_row(v, p, c)), row('g'));
    }
    assert_eq!(
        cells_where(v, |c| is_far_row(v, 0, c)),
        vec!["n7", "n9", "n11", "n13", "n15", "n17", "n19"]
    );
    assert_eq!(
        cells_where(v, |c| is_far_row(v, 1, c)),
        vec!["a7", "a9", "a11", "a13", "a15", "a17", "a19"]
    );
    assert_eq!(
        cells_where(v, |c| is_next_to_last(v, 0, c)),
        vec!["m6", "m8", "m10", "m12", "m14", "m16", "m18", "m20"]
    );
    assert_eq!(
        cells_where(v, |c| is_next_to_last(v, 1, c)),
        vec!["b6", "b8", "b10", "b12", "b14", "b16", "b18", "b20"]
    );
}

#[test]
fn regions_corner_games() {
    // Own half 2r + q < 0 (43 cells), middle row b4 d5 f6 h5 k4, for both
    // (the half turn maps 2r + q to its negative); 91 cells: no
    // next-to-last row.
    for v in [Variant::Hex2pCorner, Variant::Hex2pRhombus] {
        for p in 0..2 {
            assert_eq!(cells_where(v, |c| is_own_half(v, p, c)).len(), 43);
            assert_eq!(
                cells_where(v, |c| is_middle_row(v, p, c)),
                vec!["b4", "d5", "f6", "h5", "k4"]
            );
            assert!(cells_where(v, |c| is_next_to_last(v, p, c)).is_empty());
        }
        // White's half is hex-6p's White half; Black's its half turn:
        // a4..a6 b5..b7 ... (the cells with 2r + q > 0).
        assert_eq!(
            cells_where(v, |c| is_own_half(v, 0, c)),
            cells_where(Variant::Hex6p, |c| is_own_half(Variant::Hex6p, 0, c))
        );
        assert!(is_own_half(v, 1, "f7"));
        assert!(is_own_half(v, 1, "a4"));
        assert!(!is_own_half(v, 1, "a3"));
    }
    // The V setup: the far /\ less the flank corners a6 and l6; Black's
    // the near V less a1 and l1 (files in alphabetical order).
    let v = Variant::Hex2pCorner;
    assert_eq!(
        cells_where(v, |c| is_far_row(v, 0, c)),
        vec!["b7", "c8", "d9", "e10", "f11", "g10", "h9", "i8", "k7"]
    );
    assert_eq!(
        cells_where(v, |c| is_far_row(v, 1, c)),
        vec!["b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", "k1"]
    );
    // The rhombus setup: only the cells of the opponent's army on that /\:
    // Black stands on c8 d9 e10 f11 g10 h9 i8 (the half turn of White's
    // c1..f1..i1, figurants c1 and i1 included).
    let v = Variant::Hex2pRhombus;
    assert_eq!(
        cells_where(v, |c| is_far_row(v, 0, c)),
        vec!["c8", "d9", "e10", "f11", "g10", "h9", "i8"]
    );
    assert_eq!(
        cells_where(v, |c| is_far_row(v, 1, c)),
        vec!["c1", "d1", "e1", "f1", "g1", "h1", "i1"]
    );
    let start = RefPos::start(v);
    for c in ["c8", "d9", "e10", "f11", "g10", "h9", "i8"] {
        assert!(start.piece_at(c).unwrap().starts_with("black"), "{c}");
    }
    for c in ["a6", "b7", "k7", "l6"] {
        assert_eq!(start.piece_at(c), None, "{c}");
    }
}

/// A pawn (and a dog) one step below each cell of White's far row n
/// promotes there, to the game's pieces (the dog to N B F W S), never
/// staying a figurant; Black's the same on row a.
#[test]
fn hex2p_far_row_cell_by_cell() {
    let v = Variant::Hex2p;
    // The pieces of the game (a set: the order does not matter).
    let pawn = ["R", "N", "Q", "D", "W", "F", "S", "B", "T", "M"];
    let dog = ["N", "B", "F", "W", "S"];
    // White: from (q, 5) straight along (0,1) to (q, 6), q = -6..0.
    for q in -6..=0 {
        let (f, t) = (c2(q, 5), c2(q, 6));
        let p = pos(v, &format!("white: Kg1 P{f}; black: Kg25"));
        assert_eq!(moves_to(&p, &f, &t), keys(&f, &t, &pawn), "{f}{t}");
        let p = pos(v, &format!("white: Kg1 H{f}; black: Kg25"));
        assert_eq!(moves_to(&p, &f, &t), keys(&f, &t, &dog), "{f}{t}");
    }
    // Black: from (q, -5) along its (0,-1) to (q, -6), q = 0..6.
    for q in 0..=6 {
        let (f, t) = (c2(q, -5), c2(q, -6));
        let p = pos(v, &format!("white: Kg1; black: Kg25 P{f}; turn black"));
        assert_eq!(moves_to(&p, &f, &t), keys(&f, &t, &pawn), "{f}{t}");
        let p = pos(v, &format!("white: Kg1; black: Kg25 H{f}; turn black"));
        assert_eq!(moves_to(&p, &f, &t), keys(&f, &t, &dog), "{f}{t}");
    }
    // A capture onto the far row promotes too: pawn m8 (-5,5) takes on n11
    // (-4,6) by (1,1).
    let p = pos(v, "white: Kg1 Pm8; black: Kg25 Nn11");
    assert_eq!(moves_to(&p, "m8", "n11"), keys("m8", "n11", &pawn));
}

/// The next-to-last row m (White) and b (Black): the move may stay plain,
/// or a pawn becomes a Knight, Bishop, Fish, Bird or Snake, a dog a Knight
/// or a Bishop; the row before it (l, c) promotes nothing.
#[test]
fn hex2p_next_to_last_row_cell_by_cell() {
    let v = Variant::Hex2p;
    let pawn = ["", "N", "B", "F", "W", "S"];
    let dog = ["", "N", "B"];
    // White: from (q, 4) along (0,1) to (q, 5), q = -6..1.
    for q in -6..=1 {
        let (f, t) = (c2(q, 4), c2(q, 5));
        let p = pos(v, &format!("white: Kg1 P{f}; black: Kg25"));
        assert_eq!(moves_to(&p, &f, &t), keys(&f, &t, &pawn), "{f}{t}");
        let p = pos(v, &format!("white: Kg1 H{f}; black: Kg25"));
        assert_eq!(moves_to(&p, &f, &t), keys(&f, &t, &dog), "{f}{t}");
    }
    // Black: from (q, -4) along (0,-1) to (q, -5), q = -1..6.
    for q in -1..=6 {
        let (f, t) = (c2(q, -4), c2(q, -5));
        let p = pos(v, &format!("white: Kg1; black: Kg25 P{f}; turn black"));
        assert_eq!(moves_to(&p, &f, &t), keys(&f, &t, &pawn), "{f}{t}");
        let p = pos(v, &format!("white: Kg1; black: Kg25 H{f}; turn black"));
        assert_eq!(moves_to(&p, &f, &t), keys(&f, &t, &dog), "{f}{t}");
    }
    // Row l promotes nothing: k10 (-3,3) to l11 (-3,4) is one plain move.
    let p = pos(v, "white: Kg1 Pk10; black: Kg25");
    assert_eq!(moves_to(&p, "k10", "l11"), set(&["k10l11"]));
    // A pawn that stayed on m promotes, mandatorily, with its next step.
    let mut p = pos(v, "white: Kg1 Pl11; black: Kg25");
    p.play_all("l11m12 g25g23").unwrap();
    assert_eq!(p.piece_at("m12").as_deref(), Some("white P"));
    assert_eq!(
        moves_to(&p, "m12", "n13"),
        keys(
            "m12",
            "n13",
            &["R", "N", "Q", "D", "W", "F", "S", "B", "T", "M"]
        )
    );
    // One that took a Bird there is a Bird.
    let mut p = pos(v, "white: Kg1 Pl11; black: Kg25");
    p.play("l11m12=W").unwrap();
    assert_eq!(p.piece_at("m12").as_deref(), Some("white W"));
}

/// The middle row g: a long move ends on row f at the latest; g is entered
/// by a single step from f and left by a single step.
#[test]
fn hex2p_middle_row() {
    let v = Variant::Hex2p;
    // White pawn e13 (1,-2): (0,1) to f14 (1,-1), then g15 is the middle
    // row (not two steps); (-1,1) to f12 (0,-1), then g11 likewise.
    let p = pos(v, "white: Kg1 Pe13; black: Kg25");
    let from: BTreeSet<String> = p
        .legal_moves()
        .into_iter()
        .filter(|k| k.starts_with("e13"))
        .collect();
    assert_eq!(from, set(&["e13f14", "e13f12"]));
    // From f14: one step onto g15 or g13.
    let p = pos(v, "white: Kg1 Pf14; black: Kg25");
    let from: BTreeSet<String> = p
        .legal_moves()
        .into_iter()
        .filter(|k| k.starts_with("f14"))
        .collect();
    assert_eq!(from, set(&["f14g15", "f14g13"]));
    // From g15 (1,0): one step on, h16 (1,1) or h14 (0,1).
    let p = pos(v, "white: Kg1 Pg15; black: Kg25");
    let from: BTreeSet<String> = p
        .legal_moves()
        .into_iter()
        .filter(|k| k.starts_with("g15"))
        .collect();
    assert_eq!(from, set(&["g15h16", "g15h14"]));
    // From c7 (-1,-4) on the empty board: three cells along each forward
    // edge, up to row f (d8 e9 f10; d6 e5 f4).
    let p = pos(v, "white: Kg1 Pc7; black: Kg25");
    let from: BTreeSet<String> = p
        .legal_moves()
        .into_iter()
        .filter(|k| k.starts_with("c7"))
        .collect();
    assert_eq!(
        from,
        set(&["c7d8", "c7e9", "c7f10", "c7d6", "c7e5", "c7f4"])
    );
    // Black pawn i13 (-1,2): h12 (-1,1) by one step or its other edge h14
    // (0,1); from h12 only g11 and g13 by one step each.
    let p = pos(v, "white: Kg1; black: Kg25 Pi13; turn black");
    let from: BTreeSet<String> = p
        .legal_moves()
        .into_iter()
        .filter(|k| k.starts_with("i13"))
        .collect();
    assert_eq!(from, set(&["i13h12", "i13h14"]));
    let p = pos(v, "white: Kg1; black: Kg25 Ph12; turn black");
    let from: BTreeSet<String> = p
        .legal_moves()
        .into_iter()
        .filter(|k| k.starts_with("h12"))
        .collect();
    assert_eq!(from, set(&["h12g11", "h12g13"]));
}

/// The far /\ of the corner games cell by cell: a White pawn one step
/// below each of its 11 cells (straight up the file) promotes on the far
/// row and only there; Black's the half turn.
#[test]
fn corner_far_rows_cell_by_cell() {
    // White's far /\: r = 5 for q = -5..0, then q + r = 5 for q = 1..5.
    let mut cells: Vec<(i32, i32)> = (-5..=0).map(|q| (q, 5)).collect();
    cells.extend((1..=5).map(|q| (q, 5 - q)));
    assert_eq!(cells.len(), 11);
    for (v, promoting, pieces) in [
        // V: all but the flank corners a6 (-5,5) and l6 (5,0).
        (
            Variant::Hex2pCorner,
            -4..=4,
            vec!["R", "N", "B", "W", "S", "Q", "F"],
        ),
        // Rhombus: c8 .. i8, q = -3..3.
        (
            Variant::Hex2pRhombus,
            -3..=3,
            vec!["R", "F", "T", "D", "Q", "M", "W"],
        ),
    ] {
        for &(q, r) in &cells {
            let prom = promoting.contains(&q);
            let expect = |f: &str, t: &str| {
                if prom {
                    keys(f, t, &pieces)
                } else {
                    keys(f, t, &[""])
                }
            };
            let (f, t) = (cg(q, r - 1), cg(q, r));
            let p = pos(v, &format!("white: Kh5 P{f}; black: Kd5"));
            assert_eq!(moves_to(&p, &f, &t), expect(&f, &t), "{v:?} {f}{t}");
            // Black: the half turn, from (-q, -r + 1) down to (-q, -r).
            let (f, t) = (cg(-q, -r + 1), cg(-q, -r));
            let p = pos(v, &format!("white: Kh5; black: Kd5 P{f}; turn black"));
            assert_eq!(moves_to(&p, &f, &t), expect(&f, &t), "{v:?} {f}{t}");
        }
    }
    // A dog promotes to the medium class the game plays: V N B F W S, the
    // rhombus F W.
    let p = pos(Variant::Hex2pCorner, "white: Kh5 He9; black: Kd5");
    assert_eq!(
        moves_to(&p, "e9", "e10"),
        keys("e9", "e10", &["N", "B", "F", "W", "S"])
    );
    let p = pos(Variant::Hex2pRhombus, "white: Kh5 He9; black: Kd5");
    assert_eq!(moves_to(&p, "e9", "e10"), keys("e9", "e10", &["F", "W"]));
    // From the trimmed b7 (rhombus) a pawn moves on: to c8 by (1,0),
    // promoting there.
    let p = pos(Variant::Hex2pRhombus, "white: Kh5 Pb7; black: Kd5");
    assert_eq!(
        moves_to(&p, "b7", "c8"),
        keys("b7", "c8", &["R", "F", "T", "D", "Q", "M", "W"])
    );
}

/// The start positions: both armies are the half turn of each other, and
/// the rhombus game's first moves counted by hand.
#[test]
fn starts() {
    for v in TWO {
        let s = RefPos::start(v);
        for c in all_cells(v) {
            let (q, r) = cell_qr(v, &c).unwrap();
            let turned = cell_name(v, -q, -r).unwrap();
            // The owner swapped: White's piece on c is Black's on its turn.
            let a = s.piece_at(&c).map(|x| {
                x.replace("white", "X")
                    .replace("black", "white")
                    .replace('X', "black")
            });
            let b = s.piece_at(&turned);
            assert_eq!(a, b, "{v:?} {c} / {turned}");
        }
    }
    // hex-2p: 22 a side; the V 17, the rhombus 16.
    assert_eq!(RefPos::start(Variant::Hex2p).piece_count(0), 22);
    assert_eq!(RefPos::start(Variant::Hex2pCorner).piece_count(1), 17);
    assert_eq!(RefPos::start(Variant::Hex2pRhombus).piece_count(0), 16);
    assert_eq!(king_start(Variant::Hex2p, 0), "a13");
    assert_eq!(king_start(Variant::Hex2p, 1), "n13");
    assert_eq!(king_start(Variant::Hex2pCorner, 1), "f11");
    // The rhombus, White to move, piece by piece (own half 2r + q < 0):
    // - Pc1 (-3,-2): c2 c3 c4 (c5 is past the half), b1 a1 (d2 is own): 5.
    // - Pd2 (-2,-2): d3 d4 (d5 the middle row), c2 b2 a2: 5.
    // - He3 (-1,-2): e4 e5, d3 c3 b3 a3: 6.
    // - Hf4 (0,-2): f5 (f6 the middle row), g4 h4 i4, e4 d4 c4: 7.
    // - Hg3 (1,-3): g4 g5, h3 i3 k3 l3: 6.   - Ph2 (2,-4): h3 h4, i2 k2 l2: 5.
    // - Pi1 (3,-5): i2 i3 i4, k1 l1: 5.
    // - Kf1: the swaps with the Fish e1 and the Teacher g1: 2.
    // - Fe1 (-1,-4): only the vertex leaps of two to g4 and c3: 2.
    // - De2 (-1,-3): knight g4 f5 d4 c3 b1; bishop d3 c4 b5 a6: 9.
    // - Mg2 (1,-4): h3; edge leaps k2 g5 d3; vertex leaps (4,-1) k5 and
    //   (-2,2) d7: 6.
    // - Wf3 (0,-3), flying over pieces to empty cells: edge lines h3 i3 k3
    //   l3, f5 f6 f7 (f8 f9 f10 f11 are Black's), d3 c3 b3 a3; vertex
    //   lines g4 h5 i6 k7, e4 d5 c6 b7, b1, k1; knight leaps h4 g5 e5 d4
    //   c2 i2: 11 + 10 + 6 = 27.
    // - Rooks d1 h1, Teacher g1, Queen f2: boxed in. Total 85.
    let s = RefPos::start(Variant::Hex2pRhombus);
    let by_from = |cell: &str| {
        s.legal_moves()
            .into_iter()
            .filter(|k| {
                k.starts_with(cell) && !k[cell.len()..].starts_with(|c: char| c.is_ascii_digit())
            })
            .count()
    };
    let expect = [
        ("c1", 5),
        ("d2", 5),
        ("e3", 6),
        ("f4", 7),
        ("g3", 6),
        ("h2", 5),
        ("i1", 5),
        ("f1", 2),
        ("e1", 2),
        ("e2", 9),
        ("g2", 6),
        ("f3", 27),
        ("d1", 0),
        ("h1", 0),
        ("g1", 0),
        ("f2", 0),
    ];
    for (c, n) in expect {
        assert_eq!(by_from(c), n, "{c}");
    }
    assert_eq!(s.legal_moves().len(), 85);
    assert_eq!(s.perft(1), 85);
}

/// The number of legal moves from `cell` in `s`.
fn count_from(s: &RefPos, cell: &str) -> usize {
    s.legal_moves()
        .into_iter()
        .filter(|k| {
            k.starts_with(cell) && !k[cell.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .count()
}

/// The V game's first moves, counted by hand (own half 2r + q < 0; Black's
/// army is the half turn: c7 c8 d8 d9 e8 e9 e10 f9 f10 f11 g8 g9 g10 h8 h9
/// i7 i8).
#[test]
fn start_corner_counted_by_hand() {
    // - Pc2 (-3,-1): c3 c4; d3 e4 f5 g5 (h5 is the middle row); b2 a2: 8.
    // - Hd2 (-2,-2): d3 d4 (its other edges start on own figurants): 2.
    // - He3 (-1,-2): e4 e5; f4 g4 h4 i4; d3 c3 b3 a3: 10.
    // - Pf3 (0,-3): f4 f5: 2.   - Hg3 (1,-3): g4 g5; h3 i3 k3 l3; f4 e4
    //   d4 c4: 10.   - Hh2 (2,-4): h3 h4: 2.   - Pi2 (3,-4): i3 i4; k2 l2;
    //   h3 g4 f5 e5: 8.
    // - Kf1: the swap with the Bird g1: 1.
    // - Wg1 (1,-5): edge lines k1 l1, g4 g5 g6 g7 (g8 g9 g10 are Black's),
    //   b2 a2; vertex lines i3 k4 l5, e4 d5 c6 b7; knight leaps h3 f4: 17.
    // - Rc1: b1 a1; Ri1: k1 l1; Nd1: f4 e4 c3 b2; Ne2: g4 f5 d4 c3 b1;
    //   Fg2: g4, i4 e5: 3.
    // - Be1, Qf2, Sh1: every first cell their own: 0. Total 76.
    let s = RefPos::start(Variant::Hex2pCorner);
    let expect = [
        ("c2", 8),
        ("d2", 2),
        ("e3", 10),
        ("f3", 2),
        ("g3", 10),
        ("h2", 2),
        ("i2", 8),
        ("f1", 1),
        ("g1", 17),
        ("c1", 2),
        ("i1", 2),
        ("d1", 4),
        ("e2", 5),
        ("g2", 3),
        ("e1", 0),
        ("f2", 0),
        ("h1", 0),
    ];
    for (c, n) in expect {
        assert_eq!(count_from(&s, c), n, "{c}");
    }
    assert_eq!(s.legal_moves().len(), 76);
}

/// hex-2p's first moves, counted by hand (own half r < 0).
#[test]
fn start_hex2p_counted_by_hand() {
    // - Seven figurants on row c, (q,-4) for q = -1..5: three cells up
    //   each forward edge to row f: 42.
    // - Row a: the Snakes, Bishops and the Queen have no move (every first
    //   cell is their own); the Dragon's knight leaps d16 d14: 2; the King
    //   swaps with the Fish b12 and the Teacher b14: 2.
    // - Rb6: c5 d4 e3 f2 g1 down the rim: 5; Rb20: c21 .. g25: 5.
    // - Nb8: d12 e9 e7 d4: 4; Nb18: d22 e19 e17 d14: 4.
    // - Wb10 (1,-5): edge lines (1,-3)..(1,3) (7; rows l and m are
    //   Black's) and (-1,-3)..(-6,2) (6); vertex lines (3,-3) (4,-2)
    //   (5,-1) (6,0), (0,-3) (-1,-1) (-2,1) (-3,3) ((-4,5) is Black's),
    //   (-3,-3); knight leaps (2,-3) (0,-2) (-1,-2) (-2,-3) (-2,-4): 27.
    // - Fb12 (2,-5): edge leaps (2,-3) (0,-3), vertex leaps (4,-3) (0,-1)
    //   (-2,-3): 5.   - Tb14 (3,-5): up the vertex line (2,-3) (1,-1): 2.
    // - Mb16 (4,-5): the vertex step (3,-3), the edge leaps (4,-2)
    //   (1,-2), the vertex leaps (1,1) (-2,-2): 5. Total 103.
    let s = RefPos::start(Variant::Hex2p);
    let expect = [
        ("c7", 6),
        ("c9", 6),
        ("c11", 6),
        ("c13", 6),
        ("c15", 6),
        ("c17", 6),
        ("c19", 6),
        ("a7", 0),
        ("a9", 0),
        ("a11", 0),
        ("a13", 2),
        ("a15", 2),
        ("a17", 0),
        ("a19", 0),
        ("b6", 5),
        ("b8", 4),
        ("b10", 27),
        ("b12", 5),
        ("b14", 2),
        ("b16", 5),
        ("b18", 4),
        ("b20", 5),
    ];
    for (c, n) in expect {
        assert_eq!(count_from(&s, c), n, "{c}");
    }
    assert_eq!(s.legal_moves().len(), 103);
}
