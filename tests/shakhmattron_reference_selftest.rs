//! Self-tests of the independent Shakhmattron / Mattrix reference move
//! generator (`tests/support/shakhmattron_ref.rs`), hand-checked against the
//! rules digest `../shared/rules/shakhmattron.md`. Run with
//! `cargo test --release --test shakhmattron_reference_selftest -- --nocapture`
//! to see the perft numbers from the start position.
//!
//! Most position tests are written from White's point of view and then run
//! three times: as written, and rotated by 120 and 240 degrees about the
//! Throne centre (colours shifted White -> Blue -> Red -> White). The rotation
//! here is computed independently of the oracle, so the rotated runs check
//! Blue's and Red's pawn directions, promotion edges, castlings and Thrones
//! against the hand-checked White expectations.

// Player numbers index per-player tables; loops over 0..3 read best.
#![allow(clippy::needless_range_loop)]

#[path = "support/shakhmattron_ref.rs"]
mod shakhmattron_ref;

use shakhmattron_ref::*;
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn rv(cell: &str) -> (i32, i32) {
    cell_rv(cell).unwrap_or_else(|| panic!("{cell} is not a cell"))
}

/// Rotate a cell by 120 degrees clockwise (`times` times) about the Throne
/// centre, the vertex shared by h13, g14, h15, i.e. (r, v) = (19/3, 14).
/// With R = 3r and Cartesian x = v, y = r*sqrt(3): relative to the centre
/// dv = v - 14, dR = 3r - 19, a clockwise turn by 120 degrees gives
/// dv' = (dR - dv) / 2, dR' = -(3 dv + dR) / 2.
/// Hand check: o7 (dv -7, dR -19) -> (-6, 20) = a8; o21 (7, -19) -> (-13, -1)
/// = h1; h13 (-1, -1) -> (0, 2) = g14.
fn rot_cell(cell: &str, times: usize) -> String {
    let (r, v) = rv(cell);
    let (mut dv, mut dr3) = (v - 14, 3 * r - 19);
    for _ in 0..times {
        assert_eq!((dr3 - dv) % 2, 0);
        assert_eq!((3 * dv + dr3) % 2, 0);
        let ndv = (dr3 - dv) / 2;
        let ndr3 = -(3 * dv + dr3) / 2;
        dv = ndv;
        dr3 = ndr3;
    }
    let big_r = dr3 + 19;
    assert_eq!(big_r % 3, 0, "rotation left the lattice");
    cell_name(big_r / 3, dv + 14).unwrap_or_else(|| panic!("{cell} rotates off the board"))
}

/// Split a move key into (from, to, rest) where rest is "", a promotion
/// letter or "/castle".
fn split_key(key: &str) -> (String, String, String) {
    let b = key.as_bytes();
    let mut i = 1;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let mut j = i + 1;
    while j < b.len() && b[j].is_ascii_digit() {
        j += 1;
    }
    (
        key[..i].to_string(),
        key[i..j].to_string(),
        key[j..].to_string(),
    )
}

fn rot_key(key: &str, times: usize) -> String {
    let (f, t, rest) = split_key(key);
    format!("{}{}{}", rot_cell(&f, times), rot_cell(&t, times), rest)
}

fn rot_keys(keys: &str, times: usize) -> String {
    keys.split_whitespace()
        .map(|k| rot_key(k, times))
        .collect::<Vec<_>>()
        .join(" ")
}

fn player_index(name: &str) -> usize {
    PLAYER_NAMES.iter().position(|n| *n == name).unwrap()
}

/// Rotate a position text (the `from_text` grammar) by `times` * 120 degrees:
/// every cell is rotated and every colour shifted by `times`.
fn rot_text(text: &str, times: usize) -> String {
    let mut out = Vec::new();
    let mut turn_seen = false;
    for field in text.split(';') {
        let field = field.trim();
        if field.is_empty() {
            continue;
        }
        if let Some((head, rest)) = field.split_once(':') {
            let p = (player_index(head.trim()) + times) % 3;
            let toks: Vec<String> = rest
                .split_whitespace()
                .map(|t| format!("{}{}", &t[..1], rot_cell(&t[1..], times)))
                .collect();
            out.push(format!("{}: {}", PLAYER_NAMES[p], toks.join(" ")));
        } else if let Some(w) = field.strip_prefix("turn ") {
            let p = (player_index(w.trim()) + times) % 3;
            out.push(format!("turn {}", PLAYER_NAMES[p]));
            turn_seen = true;
        } else if let Some(cells) = field.strip_prefix("castling") {
            let cs: Vec<String> = cells
                .split_whitespace()
                .map(|c| rot_cell(c, times))
                .collect();
            out.push(format!("castling {}", cs.join(" ")));
        } else {
            panic!("rot_text: unknown field {field}");
        }
    }
    if !turn_seen {
        // The default turn is White's; rotated it is player `times`.
        out.push(format!("turn {}", PLAYER_NAMES[times % 3]));
    }
    out.join("; ")
}

fn pos(text: &str, throne: bool) -> RefPos {
    RefPos::from_text(text, throne).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn set(keys: &[&str]) -> BTreeSet<String> {
    keys.iter().map(|s| s.to_string()).collect()
}

fn rot_set(keys: &[&str], times: usize) -> BTreeSet<String> {
    keys.iter().map(|k| rot_key(k, times)).collect()
}

fn legal_set(p: &RefPos) -> BTreeSet<String> {
    p.legal_moves().into_iter().collect()
}

fn moves_from(p: &RefPos, cell: &str) -> BTreeSet<String> {
    p.legal_moves()
        .into_iter()
        .filter(|k| split_key(k).0 == cell)
        .collect()
}

/// Occupied cells -> "colour L" for the whole board.
fn board_map(p: &RefPos) -> BTreeMap<String, String> {
    all_cells()
        .into_iter()
        .filter_map(|c| p.piece_at(&c).map(|pc| (c, pc)))
        .collect()
}

fn rot_board(b: &BTreeMap<String, String>, times: usize) -> BTreeMap<String, String> {
    b.iter()
        .map(|(c, pc)| {
            let (colour, letter) = pc.split_once(' ').unwrap();
            let p = (player_index(colour) + times) % 3;
            (
                rot_cell(c, times),
                format!("{} {}", PLAYER_NAMES[p], letter),
            )
        })
        .collect()
}

// ---------------------------------------------------------------------------
// An independent forward attack generator (used to cross-check in_check).
// Pawn directions are hand-derived here, not taken from the oracle.
// ---------------------------------------------------------------------------

const EDGES: [(i32, i32); 6] = [(0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1)];
const DIAGS: [(i32, i32); 6] = [(2, 0), (-2, 0), (1, 3), (1, -3), (-1, 3), (-1, -3)];

/// Hand-derived forward diagonals (dr, dv) per player. White: towards row a.
/// Blue (rotated 120 degrees clockwise): straight ahead (-1, +3), i.e. from
/// its edge h1-a8 towards the lower right; Red: straight ahead (-1, -3).
const HAND_FWD_DIAGS: [[(i32, i32); 3]; 3] = [
    [(2, 0), (1, 3), (1, -3)],
    [(-1, 3), (-2, 0), (1, 3)],
    [(-1, -3), (1, -3), (-2, 0)],
];
const HAND_FWD_EDGES: [[(i32, i32); 2]; 3] =
    [[(1, 1), (1, -1)], [(-1, 1), (0, 2)], [(0, -2), (-1, -1)]];

fn attacks_of(p: &RefPos, cell: &str) -> Vec<String> {
    let pc = p.piece_at(cell).unwrap();
    let (colour, letter) = pc.split_once(' ').unwrap();
    let owner = player_index(colour);
    let (r, v) = rv(cell);
    let mut out = Vec::new();
    let one = |dirs: &[(i32, i32)], out: &mut Vec<String>| {
        for d in dirs {
            if let Some(c) = cell_name(r + d.0, v + d.1) {
                out.push(c);
            }
        }
    };
    let slide = |dirs: &[(i32, i32)], out: &mut Vec<String>| {
        for d in dirs {
            let (mut rr, mut vv) = (r + d.0, v + d.1);
            while let Some(c) = cell_name(rr, vv) {
                out.push(c.clone());
                if p.piece_at(&c).is_some() {
                    break;
                }
                rr += d.0;
                vv += d.1;
            }
        }
    };
    match letter {
        "P" => one(&HAND_FWD_EDGES[owner], &mut out),
        "H" => one(&HAND_FWD_DIAGS[owner], &mut out),
        "N" => one(
            &[
                (3, 1),
                (3, -1),
                (-3, 1),
                (-3, -1),
                (2, 4),
                (2, -4),
                (-2, 4),
                (-2, -4),
                (1, 5),
                (1, -5),
                (-1, 5),
                (-1, -5),
            ],
            &mut out,
        ),
        "K" => {
            one(&EDGES, &mut out);
            one(&DIAGS, &mut out);
        }
        "R" => slide(&EDGES, &mut out),
        "B" => slide(&DIAGS, &mut out),
        "Q" => {
            slide(&EDGES, &mut out);
            slide(&DIAGS, &mut out);
        }
        _ => panic!("unknown letter {letter}"),
    }
    out
}

fn brute_in_check(p: &RefPos, player: usize) -> bool {
    let b = board_map(p);
    let king = b
        .iter()
        .find(|(_, pc)| **pc == format!("{} K", PLAYER_NAMES[player]))
        .map(|(c, _)| c.clone())
        .unwrap();
    b.iter()
        .any(|(c, pc)| !pc.starts_with(PLAYER_NAMES[player]) && attacks_of(p, c).contains(&king))
}

// ---------------------------------------------------------------------------
// Board
// ---------------------------------------------------------------------------

#[test]
fn board_has_147_cells_49_per_colour() {
    let cells = all_cells();
    assert_eq!(cells.len(), 147);
    let mut per_colour = [0; 3];
    for c in &cells {
        per_colour[cell_colour(c).unwrap()] += 1;
        let (r, v) = rv(c);
        assert_eq!(cell_name(r, v).as_deref(), Some(c.as_str()));
        assert_eq!((r + v) % 2, 1, "{c}: r + v must be odd");
    }
    assert_eq!(per_colour, [49, 49, 49]);
    // Row lengths from the digest's table, rows a..o.
    let lengths = [7, 8, 9, 10, 11, 12, 13, 14, 13, 12, 11, 10, 9, 8];
    for (i, row) in "abcdefghiklmno".chars().enumerate() {
        let n = cells.iter().filter(|c| c.starts_with(row)).count();
        assert_eq!(n, lengths[i], "row {row}");
    }
    assert_eq!(cell_colour("h1"), Some(0));
    assert_eq!(cell_rv("j5"), None);
    assert_eq!(cell_rv("o23"), None);
    assert_eq!(cell_rv("h2"), None);
    assert_eq!(cell_rv("a8"), Some((13, 8)));
    assert_eq!(cell_rv("o15"), Some((0, 15)));
    // Throne colours: h13 white, g14 blue, h15 red.
    assert_eq!(cell_colour("h13"), Some(0));
    assert_eq!(cell_colour("g14"), Some(1));
    assert_eq!(cell_colour("h15"), Some(2));
}

#[test]
fn corner_cells_have_three_free_sides_other_edge_cells_two() {
    let corners = set(&["o7", "o21", "h1", "a8", "a20", "h27"]);
    let mut edge_cells = 0;
    for c in all_cells() {
        let (r, v) = rv(&c);
        let free = EDGES
            .iter()
            .filter(|d| cell_name(r + d.0, v + d.1).is_none())
            .count();
        if corners.contains(&c) {
            assert_eq!(free, 3, "corner {c}");
        } else {
            assert!(free == 0 || free == 2, "{c} has {free} free sides");
        }
        if free > 0 {
            edge_cells += 1;
        }
    }
    // Sides of 8, 7, 8, 7, 8, 7 cells, corners shared: 45 - 6 = 39.
    assert_eq!(edge_cells, 39);
}

#[test]
fn colours_of_neighbours_and_edges() {
    for c in all_cells() {
        let (r, v) = rv(&c);
        let own = cell_colour(&c).unwrap();
        for d in DIAGS {
            if let Some(n) = cell_name(r + d.0, v + d.1) {
                assert_eq!(cell_colour(&n).unwrap(), own, "diagonal {c}-{n}");
            }
        }
        // Going round the six edge neighbours (cyclic order) the colours
        // alternate between the two other colours.
        let ring = [(0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1)];
        let cols: Vec<Option<usize>> = ring
            .iter()
            .map(|d| cell_name(r + d.0, v + d.1).map(|n| cell_colour(&n).unwrap()))
            .collect();
        for i in 0..6 {
            if let (Some(a), Some(b)) = (cols[i], cols[(i + 1) % 6]) {
                assert!(a != own && b != own && a != b, "ring of {c}");
            }
        }
    }
    // The short edges begin and end with white, blue and red respectively.
    let colour = |c: &str| cell_colour(c).unwrap();
    assert_eq!((colour("h1"), colour("o7")), (0, 0));
    assert_eq!((colour("a8"), colour("a20")), (1, 1));
    assert_eq!((colour("h27"), colour("o21")), (2, 2));
    // Along White's long edge o7..o21: white, red, blue, ...
    let row_o: Vec<usize> = (7..=21)
        .step_by(2)
        .map(|v| colour(&format!("o{v}")))
        .collect();
    assert_eq!(row_o, vec![0, 2, 1, 0, 2, 1, 0, 2]);
}

#[test]
fn rotation_helper_matches_the_digest() {
    assert_eq!(rot_cell("o7", 1), "a8");
    assert_eq!(rot_cell("o21", 1), "h1");
    assert_eq!(rot_cell("o7", 2), "h27");
    assert_eq!(rot_cell("o21", 2), "a20");
    assert_eq!(rot_cell("h13", 1), "g14");
    assert_eq!(rot_cell("h13", 2), "h15");
    assert_eq!(rot_cell("o15", 1), "e4");
    assert_eq!(rot_cell("o15", 2), "d23");
    for c in all_cells() {
        assert_eq!(rot_cell(&rot_cell(&c, 1), 2), c);
        assert_eq!(
            cell_colour(&rot_cell(&c, 1)),
            Some((cell_colour(&c).unwrap() + 1) % 3)
        );
    }
    // White's promotion edge (row a) rotates onto the digest's Blue and Red
    // promotion edges.
    let row_a: Vec<String> = (8..=20).step_by(2).map(|v| format!("a{v}")).collect();
    let blue: BTreeSet<String> = row_a.iter().map(|c| rot_cell(c, 1)).collect();
    let red: BTreeSet<String> = row_a.iter().map(|c| rot_cell(c, 2)).collect();
    assert_eq!(
        blue,
        set(&["h27", "i26", "k25", "l24", "m23", "n22", "o21"])
    );
    assert_eq!(red, set(&["h1", "i2", "k3", "l4", "m5", "n6", "o7"]));
    // The digest's castlings are White's rotated.
    assert_eq!(
        rot_keys("o15o19 o21o17 o15o9 o7o11", 1),
        "e4g2 h1f3 e4b7 a8c6"
    );
    assert_eq!(
        rot_keys("o15o19 o21o17 o15o9 o7o11", 2),
        "d23b21 a20c22 d23g26 h27f25"
    );
}

// ---------------------------------------------------------------------------
// Setup
// ---------------------------------------------------------------------------

#[test]
fn start_setups_are_rotations_of_white() {
    let start = RefPos::start(true);
    let b = board_map(&start);
    assert_eq!(b.len(), 78);
    let white: BTreeMap<String, String> = b
        .iter()
        .filter(|(_, pc)| pc.starts_with("white"))
        .map(|(c, pc)| (c.clone(), pc.clone()))
        .collect();
    assert_eq!(white.len(), 26);
    // Hand copy of the digest's White setup.
    let mut expect = BTreeMap::new();
    for (l, cells) in [
        ("R", "o7 o21"),
        ("B", "o9 o19 n14"),
        ("N", "o11 o17"),
        ("Q", "o13"),
        ("K", "o15"),
        ("P", "n6 n8 n10 n12 n16 n18 n20 n22 m13 m15"),
        ("H", "m7 m9 m11 m17 m19 m21 l14"),
    ] {
        for c in cells.split_whitespace() {
            expect.insert(c.to_string(), format!("white {l}"));
        }
    }
    assert_eq!(white, expect);
    for times in 1..3 {
        let rotated = rot_board(&white, times);
        let actual: BTreeMap<String, String> = b
            .iter()
            .filter(|(_, pc)| pc.starts_with(PLAYER_NAMES[times]))
            .map(|(c, pc)| (c.clone(), pc.clone()))
            .collect();
        assert_eq!(actual, rotated, "setup of {}", PLAYER_NAMES[times]);
    }
    // Each queen on her own colour; left rook and right bishop on own colour.
    for (p, (q, lr, rb)) in [
        ("o13", "o7", "o19"),
        ("d5", "a8", "g2"),
        ("e24", "h27", "b21"),
    ]
    .into_iter()
    .enumerate()
    {
        assert_eq!(start.piece_at(q), Some(format!("{} Q", PLAYER_NAMES[p])));
        assert_eq!(cell_colour(q), Some(p));
        assert_eq!(start.piece_at(lr), Some(format!("{} R", PLAYER_NAMES[p])));
        assert_eq!(cell_colour(lr), Some(p));
        assert_eq!(start.piece_at(rb), Some(format!("{} B", PLAYER_NAMES[p])));
        assert_eq!(cell_colour(rb), Some(p));
    }
    assert_eq!(start.to_move(), 0);
    assert_eq!(start.castling_cells().len(), 6);
    assert!(start.outcome().is_none());
    for p in 0..3 {
        assert!(!start.in_check(p));
    }
}

// ---------------------------------------------------------------------------
// Pieces
// ---------------------------------------------------------------------------

#[test]
fn pawn_directions_are_white_rotated() {
    for p in 0..3 {
        let d: BTreeSet<(i32, i32)> = forward_diagonals(p).into_iter().collect();
        let e: BTreeSet<(i32, i32)> = forward_edges(p).into_iter().collect();
        assert_eq!(d, HAND_FWD_DIAGS[p].into_iter().collect(), "diagonals {p}");
        assert_eq!(e, HAND_FWD_EDGES[p].into_iter().collect(), "edges {p}");
    }
}

/// Kings far away in corners; the piece under test on the open cell k11
/// (none of whose 12 neighbours is a Throne cell, all its rays free of the
/// Kings).
fn open_cell_text(p: usize, letter: char, extra: &str) -> String {
    let mut lists = ["Ko21".to_string(), "Kh1".to_string(), "Kh27".to_string()];
    if letter == 'K' {
        lists[p] = "Kk11".to_string();
    } else {
        lists[p] = format!("{} {}k11", lists[p], letter);
    }
    let opp = (p + 1) % 3;
    lists[opp] = format!("{} {}", lists[opp], extra);
    format!(
        "white: {}; blue: {}; red: {}; turn {}",
        lists[0], lists[1], lists[2], PLAYER_NAMES[p]
    )
}

#[test]
fn pieces_from_an_open_cell() {
    // Hand counts from k11 (r 4, v 11):
    // Rook rays: k13..k25 7, k9..k3 4, i12..a20 9, i10..d5 6, l12..o15 4,
    // l10..o7 4 = 34. Bishop rays: h11 f11 d11 b11 4, m11 o11 2,
    // i14 h17 g20 f23 4, i8 h5 g2 3, l14 m17 n20 3, l8 m5 2 = 18. Queen 52.
    let neighbours: Vec<String> = EDGES
        .iter()
        .chain(DIAGS.iter())
        .map(|d| cell_name(4 + d.0, 11 + d.1).unwrap())
        .collect();
    assert_eq!(neighbours.len(), 12);
    for p in 0..3 {
        let count = |letter: char| moves_from(&pos(&open_cell_text(p, letter, ""), true), "k11");
        assert_eq!(count('R').len(), 34, "rook of {p}");
        assert_eq!(count('B').len(), 18, "bishop of {p}");
        assert_eq!(count('Q').len(), 52, "queen of {p}");
        assert_eq!(count('N').len(), 12, "knight of {p}");
        assert_eq!(count('K').len(), 12, "king of {p}");
        // Directions used by sliders.
        let dirs = |keys: &BTreeSet<String>| -> BTreeSet<(i32, i32)> {
            keys.iter()
                .map(|k| {
                    let (r, v) = rv(&split_key(k).1);
                    let (dr, dv) = (r - 4, v - 11);
                    let g = gcd(dr.abs(), dv.abs());
                    (dr / g, dv / g)
                })
                .collect()
        };
        let rook_dirs = dirs(&count('R'));
        assert_eq!(
            rook_dirs,
            EDGES
                .iter()
                .map(|&(a, b)| {
                    let g = gcd(a.abs(), b.abs());
                    (a / g, b / g)
                })
                .collect()
        );
        assert_eq!(dirs(&count('B')).len(), 6);
        assert_eq!(dirs(&count('Q')).len(), 12);
        // Pawns: quiet moves on the empty board.
        let light = count('P');
        let heavy = count('H');
        assert_eq!(light.len(), 3, "light pawn moves of {p}: {light:?}");
        assert_eq!(heavy.len(), 2, "heavy pawn moves of {p}: {heavy:?}");
        // Pawns: captures with opponent pawns on all 12 neighbours.
        let ring: Vec<String> = neighbours.iter().map(|c| format!("P{c}")).collect();
        let ring = ring.join(" ");
        let lc = moves_from(&pos(&open_cell_text(p, 'P', &ring), true), "k11");
        let hc = moves_from(&pos(&open_cell_text(p, 'H', &ring), true), "k11");
        assert_eq!(lc.len(), 2, "light pawn captures of {p}: {lc:?}");
        assert_eq!(hc.len(), 3, "heavy pawn captures of {p}: {hc:?}");
        // Light moves = heavy captures and vice versa.
        assert_eq!(light, hc);
        assert_eq!(heavy, lc);
    }
    // Exact pawn targets from k11, hand-derived per player.
    let light = |p: usize| moves_from(&pos(&open_cell_text(p, 'P', ""), true), "k11");
    assert_eq!(light(0), set(&["k11h11", "k11i14", "k11i8"]));
    assert_eq!(light(1), set(&["k11l14", "k11m11", "k11i14"]));
    assert_eq!(light(2), set(&["k11l8", "k11i8", "k11m11"]));
    let heavy = |p: usize| moves_from(&pos(&open_cell_text(p, 'H', ""), true), "k11");
    assert_eq!(heavy(0), set(&["k11i12", "k11i10"]));
    assert_eq!(heavy(1), set(&["k11l12", "k11k13"]));
    assert_eq!(heavy(2), set(&["k11k9", "k11l10"]));
    // Knight targets, hand-derived.
    assert_eq!(
        moves_from(&pos(&open_cell_text(0, 'N', ""), true), "k11"),
        set(&[
            "k11g12", "k11g10", "k11n12", "k11n10", "k11h15", "k11h7", "k11m15", "k11m7", "k11i16",
            "k11i6", "k11l16", "k11l6"
        ])
    );
    // Own pieces on all neighbours: no pawn moves.
    let own_ring: Vec<String> = neighbours.iter().map(|c| format!("H{c}")).collect();
    let text = format!(
        "white: Ko21 Pk11 {}; blue: Kh1; red: Kh27",
        own_ring.join(" ")
    );
    assert!(moves_from(&pos(&text, true), "k11").is_empty());
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[test]
fn start_depth_one_per_player() {
    // Hand count for White (Blue and Red are rotations):
    // light pawns: n6 l6; n8 l8 m5; n10 l10; n12 l12; n16 l16; n18 l18;
    //   n20 l20 m23; n22 l22; m13 k13 l16 l10; m15 k15 l18 l12      = 16
    // heavy pawns: m7, m9, m11, m17, m19, m21 two each; l14 k13 k15 = 14
    // knights: o11 l10 l12; o17 l16 l18                             = 4
    // bishops, rooks, queen, king: all blocked; no castling         = 0
    // total 34.
    let start = RefPos::start(true);
    let expect = set(&[
        "n6l6", "n8l8", "n8m5", "n10l10", "n12l12", "n16l16", "n18l18", "n20l20", "n20m23",
        "n22l22", "m13k13", "m13l16", "m13l10", "m15k15", "m15l18", "m15l12", "m7l8", "m7l6",
        "m9l10", "m9l8", "m11l12", "m11l10", "m17l18", "m17l16", "m19l20", "m19l18", "m21l22",
        "m21l20", "l14k15", "l14k13", "o11l10", "o11l12", "o17l16", "o17l18",
    ]);
    assert_eq!(expect.len(), 34);
    assert_eq!(legal_set(&start), expect);
    let text = start.to_text();
    for times in 0..3 {
        let p = pos(&rot_text(&text, times), true);
        assert_eq!(p.to_move(), times);
        let n = p.perft(1);
        println!("start depth-1 count for {}: {}", PLAYER_NAMES[times], n);
        assert_eq!(
            legal_set(&p),
            expect.iter().map(|k| rot_key(k, times)).collect()
        );
    }
    // legal_moves is sorted.
    let keys = start.legal_moves();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
}

#[test]
fn perft_from_start() {
    // Depth 1: 34 (hand count above). Within three plies no army can reach or
    // attack anything of another, so every player keeps his 34 moves:
    // depth 2 = 34^2 = 1156, depth 3 = 34^3 = 39304. Depth 4 has no hand
    // derivation (White's second move depends on his first); it is printed
    // and pinned as this oracle's own number.
    let expect = [1u64, 34, 1156, 39304, 1435752];
    for throne in [true, false] {
        let start = RefPos::start(throne);
        for (d, &n) in expect.iter().enumerate() {
            let t = Instant::now();
            let got = start.perft(d as u32);
            println!(
                "{} perft {} = {} ({:?})",
                if throne { "Shakhmattron" } else { "Mattrix" },
                d,
                got,
                t.elapsed()
            );
            assert_eq!(got, n, "perft {d}");
        }
    }
    let start = RefPos::start(true);
    let div = start.divide(3);
    assert_eq!(div.len(), 34);
    assert!(div.values().all(|&n| n == 1156));
    assert_eq!(div.values().sum::<u64>(), 39304);
    assert!(start.divide(0).is_empty());
}

#[test]
fn white_second_move_counts_by_hand() {
    // After m9l8 (Blue and Red shuffle a knight far away) White has 38 moves:
    // the 34 start moves, minus m9's two (m9l10, m9l8), minus m7l8 and n8l8
    // (l8 now taken), plus l8's two (k9, k7), plus the Bishop o9 up the
    // vertical m9 k9 h9 and capturing Blue's heavy pawn f9 (4), plus n6m9 and
    // n12m9 = 34 - 4 + 8 = 38.
    let mut p = RefPos::start(true);
    p.play_all("m9l8 f3h7 f25h21").unwrap();
    assert_eq!(p.legal_moves().len(), 38);
    assert_eq!(moves_from(&p, "o9"), set(&["o9m9", "o9k9", "o9h9", "o9f9"]));
    // If Blue's f9 pawn has stepped aside (f9-g10), the Bishop reaches d9
    // instead and captures the pawn there: 39. (So from depth 4 on the armies
    // interact and perft 4 is no longer a product.)
    let mut q = RefPos::start(true);
    q.play_all("m9l8 f9g10 f25h21").unwrap();
    assert_eq!(q.legal_moves().len(), 39);
    assert!(q.legal_moves().contains(&"o9d9".to_string()));
}

/// Depth 5 (about 20 s in release): the oracle's own number, not hand
/// derived. Run with `-- --ignored`.
#[test]
#[ignore]
fn perft_five_from_start() {
    let t = Instant::now();
    let n = RefPos::start(true).perft(5);
    println!("Shakhmattron perft 5 = {} ({:?})", n, t.elapsed());
    assert_eq!(n, 52448562);
}

#[test]
fn divide_four_is_rotation_invariant() {
    // The start position with Blue (Red) to move is White's rotated by 120
    // (240) degrees with the colours shifted, so its divide(4) must be the
    // rotated divide(4) of the ordinary start. (No mirror check: the Queen
    // o13 and the King o15 make the setup left-right asymmetric.)
    let start = RefPos::start(true);
    let d = start.divide(4);
    assert_eq!(d.values().sum::<u64>(), 1435752);
    for times in 1..3 {
        let p = pos(&rot_text(&start.to_text(), times), true);
        let rotated: BTreeMap<String, u64> =
            d.iter().map(|(k, n)| (rot_key(k, times), *n)).collect();
        assert_eq!(p.divide(4), rotated, "rotation {times}");
    }
}

// ---------------------------------------------------------------------------
// The digest's opening sequence and castling
// ---------------------------------------------------------------------------

const OPENING_WHITE: [&str; 8] = [
    "m9l8", "o9m9", "o11l10", "n12l12", "o17l18", "n16l16", "o19n16", "o13n12",
];

#[test]
fn digest_opening_then_both_castlings() {
    // Blue and Red shuffle a knight (f3-h7-f3, f25-h21-f25): harmless.
    let blue = ["f3h7", "h7f3"];
    let red = ["f25h21", "h21f25"];
    let start_text = RefPos::start(true).to_text();
    for times in 0..3 {
        let mut p = pos(&rot_text(&start_text, times), true);
        for (i, w) in OPENING_WHITE.iter().enumerate() {
            p.play(&rot_key(w, times)).unwrap();
            p.play(&rot_key(blue[i % 2], times)).unwrap();
            p.play(&rot_key(red[i % 2], times)).unwrap();
        }
        assert_eq!(p.to_move(), times);
        let moves = legal_set(&p);
        let short = rot_key("o15o19/castle", times);
        let long = rot_key("o15o9/castle", times);
        assert!(moves.contains(&short), "{short} in {moves:?}");
        assert!(moves.contains(&long), "{long} in {moves:?}");
        let me = PLAYER_NAMES[times];
        let mut s = p.clone();
        s.play(&short).unwrap();
        assert_eq!(s.piece_at(&rot_cell("o19", times)), Some(format!("{me} K")));
        assert_eq!(s.piece_at(&rot_cell("o17", times)), Some(format!("{me} R")));
        assert_eq!(s.piece_at(&rot_cell("o21", times)), None);
        assert_eq!(s.piece_at(&rot_cell("o15", times)), None);
        let mut l = p.clone();
        l.play(&long).unwrap();
        assert_eq!(l.piece_at(&rot_cell("o9", times)), Some(format!("{me} K")));
        assert_eq!(l.piece_at(&rot_cell("o11", times)), Some(format!("{me} R")));
        assert_eq!(l.piece_at(&rot_cell("o7", times)), None);
        // After castling, the player has no castling rights left.
        let own: BTreeSet<String> = [rot_cell("o7", times), rot_cell("o21", times)].into();
        assert!(s.castling_cells().iter().all(|c| !own.contains(c)));
        assert!(l.castling_cells().iter().all(|c| !own.contains(c)));
    }
}

/// White King and both Rooks on their start cells with both rights.
const CASTLE_BASE: &str = "white: Ko15 Ro7 Ro21; blue: Ka14 {X}; red: Kf23; castling o7 o21";

fn castle_case(blue_extra: &str) -> String {
    CASTLE_BASE.replace("{X}", blue_extra)
}

#[test]
fn castling_and_attacked_cells() {
    // (Blue extra pieces, short legal, long legal)
    let cases = [
        ("", true, true),
        // Knight l20 attacks o19 (between for short) and o21.
        ("Nl20", false, true),
        // Knight l22 attacks only o21, the Rook's own cell: still legal.
        ("Nl22", true, true),
        // Knight l6 attacks only o7, the long Rook's cell: still legal.
        ("Nl6", true, true),
        // Knight l12 attacks o13 and o11 (between for long).
        ("Nl12", true, false),
        // Knight n10 checks the King on o15: no castling at all.
        ("Nn10", false, false),
        // A piece between King and Rook: o17 occupied.
        ("Po17", false, true),
        // A Blue Rook on k11 attacks o15 via l12 m13 n14: check.
        ("Rk11", false, false),
        // A Blue Rook on l4 attacks o7 only (line l4 m5 n6 o7).
        ("Rl4", true, true),
    ];
    for (extra, short, long) in cases {
        let text = castle_case(extra);
        for times in 0..3 {
            let p = pos(&rot_text(&text, times), true);
            let moves = legal_set(&p);
            assert_eq!(
                moves.contains(&rot_key("o15o19/castle", times)),
                short,
                "short with {extra}, rotation {times}: {moves:?}"
            );
            assert_eq!(
                moves.contains(&rot_key("o15o9/castle", times)),
                long,
                "long with {extra}, rotation {times}"
            );
        }
    }
    // Without the right (castling field omitted) there is no castling.
    let p = pos("white: Ko15 Ro7 Ro21; blue: Ka14; red: Kf23", true);
    assert!(!p.legal_moves().iter().any(|k| k.ends_with("/castle")));
}

#[test]
fn castling_rights_are_lost_by_moves_from_or_to_start_cells() {
    for times in 0..3 {
        let text = rot_text(&castle_case(""), times);
        // Rook o21 away and back: short castling gone, long stays.
        let mut p = pos(&text, true);
        p.play_all(&rot_keys(
            "o21n22 a14a12 f23f21 n22o21 a12a14 f21f23",
            times,
        ))
        .unwrap();
        let moves = legal_set(&p);
        assert!(!moves.contains(&rot_key("o15o19/castle", times)));
        assert!(moves.contains(&rot_key("o15o9/castle", times)));
        assert_eq!(p.castling_cells(), vec![rot_cell("o7", times)]);
        // King away and back: both gone.
        let mut p = pos(&text, true);
        p.play_all(&rot_keys(
            "o15o13 a14a12 f23f21 o13o15 a12a14 f21f23",
            times,
        ))
        .unwrap();
        assert!(!p.legal_moves().iter().any(|k| k.ends_with("/castle")));
        assert!(p.castling_cells().is_empty());
    }
    // A capture on the Rook's start cell removes that right.
    let text = "white: Ko15 Ro7 Ro21; blue: Ka14 Bk21; red: Kf23; turn blue; castling o7 o21";
    for times in 0..3 {
        let mut p = pos(&rot_text(text, times), true);
        p.play(&rot_key("k21o21", times)).unwrap();
        assert_eq!(p.castling_cells(), vec![rot_cell("o7", times)]);
    }
}

// ---------------------------------------------------------------------------
// Promotion
// ---------------------------------------------------------------------------

#[test]
fn promotion_choices_and_only_on_own_edge() {
    // White light pawn b13 (moves a16 a10, captures a14: Red knight there),
    // heavy pawn b17 (moves a18 a16, captures a14 and a20), light pawn i4
    // (moves g4 h7 h1: h1 is Red's edge, no promotion), heavy pawn i24
    // (moves h25 h23, captures h27: Blue's edge, no promotion).
    let text = "white: Ko15 Pb13 Hb17 Pi4 Hi24; blue: Ke4 Nh27; red: Kd23 Na14";
    let mut expect_b13 = Vec::new();
    for to in ["a16", "a10", "a14"] {
        for l in ["r", "b", "n"] {
            expect_b13.push(format!("b13{to}{l}"));
        }
    }
    let mut expect_b17 = Vec::new();
    for to in ["a18", "a16", "a14"] {
        for l in ["q", "r", "b", "n"] {
            expect_b17.push(format!("b17{to}{l}"));
        }
    }
    for times in 0..3 {
        let p = pos(&rot_text(text, times), true);
        let r = |c: &str| rot_cell(c, times);
        let b13: Vec<&str> = expect_b13.iter().map(|s| s.as_str()).collect();
        let b17: Vec<&str> = expect_b17.iter().map(|s| s.as_str()).collect();
        assert_eq!(moves_from(&p, &r("b13")), rot_set(&b13, times));
        assert_eq!(moves_from(&p, &r("b17")), rot_set(&b17, times));
        assert_eq!(
            moves_from(&p, &r("i4")),
            rot_set(&["i4g4", "i4h7", "i4h1"], times)
        );
        assert_eq!(
            moves_from(&p, &r("i24")),
            rot_set(&["i24h25", "i24h23", "i24h27"], times)
        );
        let me = PLAYER_NAMES[times];
        let mut q = p.clone();
        q.play(&rot_key("b13a14r", times)).unwrap();
        assert_eq!(q.piece_at(&r("a14")), Some(format!("{me} R")));
        let mut q = p.clone();
        q.play(&rot_key("b17a18q", times)).unwrap();
        assert_eq!(q.piece_at(&r("a18")), Some(format!("{me} Q")));
        let mut q = p.clone();
        assert!(
            q.play(&rot_key("b13a16q", times)).is_err(),
            "light pawn to queen"
        );
        assert!(
            q.play(&rot_key("b13a16", times)).is_err(),
            "promotion is compulsory"
        );
        q.play(&rot_key("i4h1", times)).unwrap();
        assert_eq!(q.piece_at(&r("h1")), Some(format!("{me} P")));
    }
}

// ---------------------------------------------------------------------------
// Throne
// ---------------------------------------------------------------------------

/// White King i14, next to all three Throne cells: h13 (own, edge), h15
/// (Red's, edge), g14 (Blue's, diagonal). Red knight on h15 attacks l14 and
/// k11; Blue knight on g14 attacks k13 and k15.
const THRONE_BASE: &str = "white: Ki14; blue: Ke4 Ng14; red: Kd23 Nh15 {X}";

#[test]
fn throne_rules() {
    let free = ["i14i16", "i14i12", "i14h17", "i14h11", "i14k17"];
    for times in 0..3 {
        let me = times;
        let rt = |x: &str| rot_text(&THRONE_BASE.replace("{X}", x), times);
        // Shakhmattron: no foreign Throne (not even capturing the knights on
        // them); own Throne allowed.
        let p = pos(&rt(""), true);
        let mut expect: Vec<&str> = free.to_vec();
        expect.push("i14h13");
        assert_eq!(legal_set(&p), rot_set(&expect, times));
        // Entering the own Throne wins at once.
        let mut w = p.clone();
        w.play(&rot_key("i14h13", times)).unwrap();
        let o = w.outcome().expect("throne win");
        assert_eq!(o.end, RefEnd::Throne);
        assert_eq!(o.winner, Some(me));
        let mut scores = [0.0; 3];
        scores[me] = 3.0;
        assert_eq!(o.scores, scores);
        assert!(w.legal_moves().is_empty());
        assert_eq!(w.perft(1), 0);
        assert_eq!(w.perft(2), 0);
        assert!(w.divide(2).is_empty());
        // The same board given as text is already over (decision, see the
        // oracle's doc comment).
        let again = pos(&w.to_text(), true);
        assert_eq!(again.outcome().map(|o| o.end), Some(RefEnd::Throne));
        // Mattrix: Throne cells are ordinary; both knights can be taken and
        // h13 is just a cell.
        let m = pos(&rt(""), false);
        let mut expect_m: Vec<&str> = free.to_vec();
        expect_m.extend(["i14h13", "i14h15", "i14g14"]);
        assert_eq!(legal_set(&m), rot_set(&expect_m, times));
        let mut m2 = m.clone();
        m2.play(&rot_key("i14h13", times)).unwrap();
        assert!(m2.outcome().is_none());
        assert_eq!(m2.to_move(), (me + 1) % 3);
        assert!(!m2.legal_moves().is_empty());
        // A Blue bishop on m13 attacks k13 and h13: the own Throne is barred.
        let text_b = rt("").replace(
            &format!("{}: ", PLAYER_NAMES[(me + 1) % 3]),
            &format!(
                "{}: B{} ",
                PLAYER_NAMES[(me + 1) % 3],
                rot_cell("m13", times)
            ),
        );
        let pb = pos(&text_b, true);
        assert_eq!(legal_set(&pb), rot_set(&free, times));
        // A Red light pawn on h13 (attacking h11 and i12): capturing it on
        // the own Throne is legal and wins.
        let pc = pos(&rt("Ph13"), true);
        assert_eq!(
            legal_set(&pc),
            rot_set(&["i14i16", "i14h13", "i14h17", "i14k17"], times)
        );
        let mut pc2 = pc.clone();
        pc2.play(&rot_key("i14h13", times)).unwrap();
        assert_eq!(pc2.outcome().unwrap().winner, Some(me));
        assert_eq!(
            pc2.piece_at(&rot_cell("h13", times)),
            Some(format!("{} K", PLAYER_NAMES[me]))
        );
    }
}

// ---------------------------------------------------------------------------
// Kings are never captured
// ---------------------------------------------------------------------------

#[test]
fn no_move_captures_a_king() {
    // Blue King on k17: on the White Rook's row (k11 k13 k15 k17), a White
    // Knight's leap (n16 +3,+1) and a White light pawn's capture (l16).
    let text = "white: Ko21 Rk11 Nn16 Pl16; blue: Kk17; red: Kh27";
    for times in 0..3 {
        let p = pos(&rot_text(text, times), true);
        let k = rot_cell("k17", times);
        assert!(p.in_check((times + 1) % 3));
        let moves = p.legal_moves();
        assert!(moves.iter().all(|m| split_key(m).1 != k), "{moves:?}");
        let ms = legal_set(&p);
        assert!(ms.contains(&rot_key("k11k15", times)));
        assert!(!ms.contains(&rot_key("k11k19", times)));
        assert_eq!(
            moves_from(&p, &rot_cell("l16", times)),
            rot_set(&["l16i16", "l16k19", "l16k13"], times)
        );
    }
}

// ---------------------------------------------------------------------------
// Mate, stalemate, double check
// ---------------------------------------------------------------------------

#[test]
fn mates_and_the_most_recent_attacker() {
    // White King in the corner o7 (neighbours o9 n8 n6 m7 n10). The Blue
    // King on m9 covers all five neighbours; a Blue Rook on h1 checks along
    // h1 i2 k3 l4 m5 n6 o7, a Red Rook on o21 along row o.
    // White is to move: Red moved last, Blue before him.
    let cases = [
        ("white: Ko7; blue: Km9 Rh1; red: Kd23 Ro21", 2), // both: Red
        ("white: Ko7; blue: Km9 Rh1; red: Kd23", 1),      // Blue alone
        ("white: Ko7; blue: Km9; red: Kd23 Ro21", 2),     // Red alone
    ];
    for (text, winner) in cases {
        for throne in [true, false] {
            for times in 0..3 {
                let p = pos(&rot_text(text, times), throne);
                assert!(p.legal_moves().is_empty(), "{text}");
                assert!(p.in_check(times));
                let o = p.outcome().expect("mate");
                assert_eq!(o.end, RefEnd::Mate);
                let w = (winner + times) % 3;
                assert_eq!(o.winner, Some(w), "{text} rotated {times}");
                let mut scores = [0.0; 3];
                scores[w] = 3.0;
                assert_eq!(o.scores, scores);
                assert_eq!(p.perft(1), 0);
                assert_eq!(p.perft(3), 0);
            }
        }
    }
    // Without the Blue King the corner King escapes: not mate.
    let p = pos("white: Ko7; blue: Ke4 Rh1; red: Kd23 Ro21", true);
    assert!(p.in_check(0));
    assert!(p.outcome().is_none());
    assert_eq!(legal_set(&p), set(&["o7n8", "o7m7", "o7n10"]));
}

#[test]
fn mate_reached_by_a_move() {
    // White is already in check from Blue's Rook (h1 line) while Red is to
    // move. (a) Red's Rook steps n22-o21 and checks too: mate, Red moved
    // last and attacks, Red wins. (b) Red only moves his King: mate by Blue
    // alone, Blue wins although Red moved last.
    let cases = [
        (
            "white: Ko7; blue: Km9 Rh1; red: Kd23 Rn22; turn red",
            "n22o21",
            2,
        ),
        (
            "white: Ko7; blue: Km9 Rh1; red: Kd23; turn red",
            "d23d21",
            1,
        ),
    ];
    for (text, red_move, winner) in cases {
        for times in 0..3 {
            let mut p = pos(&rot_text(text, times), true);
            assert!(p.in_check(times));
            assert!(p.outcome().is_none());
            p.play(&rot_key(red_move, times)).unwrap();
            assert_eq!(p.to_move(), times);
            let o = p.outcome().unwrap();
            assert_eq!(o.end, RefEnd::Mate);
            assert_eq!(
                o.winner,
                Some((winner + times) % 3),
                "{text} rotated {times}"
            );
        }
    }
}

#[test]
fn stalemate() {
    // White King o7 not attacked; all five neighbours covered by the Blue
    // King on m9; White has nothing else.
    let text = "white: Ko7; blue: Km9; red: Kd23";
    for throne in [true, false] {
        for times in 0..3 {
            let p = pos(&rot_text(text, times), throne);
            assert!(!p.in_check(times));
            assert!(p.legal_moves().is_empty());
            let o = p.outcome().expect("stalemate");
            assert_eq!(o.end, RefEnd::Stalemate);
            assert_eq!(o.winner, None);
            assert_eq!(o.scores, [1.0, 1.0, 1.0]);
        }
    }
    // With a White pawn that can move it is no stalemate.
    let p = pos("white: Ko7 Pi10; blue: Km9; red: Kd23", true);
    assert!(p.outcome().is_none());
}

#[test]
fn double_check_by_two_players_only_king_moves() {
    // White King o15 checked by a Red Rook (o21 along o19 o17) and a Blue
    // Bishop (k15 via m15). The White Rook on m17 could block either check
    // (o19 via n18, m15 along row m) or take the bishop (via l16), never
    // both. King escapes: n14 n16 n18 n12 (o13 is still on the Red Rook's row
    // once the King has left o15, o17 too, m15 is the Bishop's).
    let text = "white: Ko15 Rm17; blue: Ke4 Bk15; red: Kd23 Ro21";
    for times in 0..3 {
        let p = pos(&rot_text(text, times), true);
        assert!(p.in_check(times));
        assert_eq!(
            legal_set(&p),
            rot_set(&["o15n14", "o15n16", "o15n18", "o15n12"], times)
        );
        assert!(p.outcome().is_none());
    }
    // With only the Bishop's check the Rook can block or capture.
    let single = "white: Ko15 Rm17; blue: Ke4 Bk15; red: Kd23";
    for times in 0..3 {
        let p = pos(&rot_text(single, times), true);
        assert_eq!(
            moves_from(&p, &rot_cell("m17", times)),
            rot_set(&["m17k15", "m17m15"], times)
        );
        let kings = moves_from(&p, &rot_cell("o15", times));
        assert!(kings.contains(&rot_key("o15o13", times)));
        assert!(kings.contains(&rot_key("o15o17", times)));
        assert!(!kings.contains(&rot_key("o15m15", times)));
    }
}

#[test]
fn pinned_pieces_still_attack_and_cannot_leave_the_line() {
    // White Knight n14 pinned on its King o15 by a Blue Rook on k11 (edge
    // line k11 l12 m13 n14 o15). The pinned Knight still attacks k15
    // (leap +3,+1), so the Red King on h15 may not step to k15 (diagonal
    // -2,0). Mattrix, so that the Red King may stand on h15.
    let text = "white: Ko15 Nn14; blue: Ke4 Rk11; red: Kh15; turn red";
    let p = pos(text, false);
    assert!(p.is_attacked_by("k15", 0));
    let reds = legal_set(&p);
    assert!(!reds.contains("h15k15"), "{reds:?}");
    assert!(reds.contains("h15h17"));
    let mut q = p.clone();
    q.play("h15h17").unwrap();
    assert_eq!(q.to_move(), 0);
    assert!(moves_from(&q, "n14").is_empty());
    assert!(!moves_from(&q, "o15").is_empty());
    // Unpinned (Blue Rook gone) the Knight has moves.
    let r = pos("white: Ko15 Nn14; blue: Ke4; red: Kh17", false);
    assert!(!moves_from(&r, "n14").is_empty());
}

// ---------------------------------------------------------------------------
// Text interface
// ---------------------------------------------------------------------------

#[test]
fn from_text_accepts_and_rejects() {
    let good = "white: Ko15 Qo13 Ro7 Pn6 Hm7; blue: Ke4; red: Kd23; turn blue; castling o7";
    let p = pos(good, true);
    assert_eq!(p.to_move(), 1);
    assert_eq!(p.piece_at("o13").as_deref(), Some("white Q"));
    assert_eq!(p.piece_at("m7").as_deref(), Some("white H"));
    assert_eq!(p.piece_at("n6").as_deref(), Some("white P"));
    assert_eq!(p.piece_at("e4").as_deref(), Some("blue K"));
    assert_eq!(p.piece_at("e5"), None);
    assert_eq!(p.castling_cells(), vec!["o7".to_string()]);
    // Default turn white; round trip.
    let q = pos("white: Ko15; blue: Ke4; red: Kd23", true);
    assert_eq!(q.to_move(), 0);
    assert!(q.castling_cells().is_empty());
    let rt = pos(&p.to_text(), true);
    assert_eq!(rt.to_text(), p.to_text());
    assert_eq!(
        board_map(&RefPos::start(true)),
        board_map(&pos(&RefPos::start(true).to_text(), true))
    );
    let bad = [
        "white: Ko15; blue: Ke4",                                 // missing red King
        "white: Qo13; blue: Ke4; red: Kd23",                      // missing white King
        "white: Ko15 Ko13; blue: Ke4; red: Kd23",                 // two Kings
        "white: Ko15 Qo15; blue: Ke4; red: Kd23",                 // two pieces on a cell
        "white: Ko15 Qe4; blue: Ke4; red: Kd23",                  // two pieces on a cell
        "white: Ko15 Qo23; blue: Ke4; red: Kd23",                 // unknown cell
        "white: Ko15 Qj5; blue: Ke4; red: Kd23",                  // no row j
        "white: Ko15 Qh2; blue: Ke4; red: Kd23",                  // wrong parity
        "white: Ko15 Qo013; blue: Ke4; red: Kd23",                // not canonical
        "white: Ko15 Xo13; blue: Ke4; red: Kd23",                 // unknown letter
        "white: Ko15 o13; blue: Ke4; red: Kd23",                  // no letter
        "white: Ko15; blue: Ke4; red: Kd23; turn green",          // bad turn
        "white: Ko15; blue: Ke4; red: Kd23; turn",                // empty turn
        "white: Ko15; white: Ke4; red: Kd23",                     // duplicate player
        "white: Ko15; blue: Ke4; red: Kd23; castling o15",        // not a rook cell
        "white: Ko15; blue: Ke4; red: Kd23; castling o21",        // no rook there
        "white: Ko13 Ro21; blue: Ke4; red: Kd23; castling o21",   // king moved
        "white: Ko15 Ro21; blue: Ke4; red: Kd23; castling zz",    // unknown cell
        "white: Ko15; blue: Ke4; red: Kd23; foo bar",             // unknown field
        "green: Ko15; blue: Ke4; red: Kd23",                      // unknown player
        "white: Ko15; blue: Ke4; red: Kd23; turn red; turn blue", // duplicate turn
    ];
    for b in bad {
        assert!(RefPos::from_text(b, true).is_err(), "accepted: {b}");
    }
    // play / play_all errors; play_all is atomic.
    let mut s = RefPos::start(true);
    assert!(s.play("o15o17").is_err());
    assert!(s.play("zz").is_err());
    let before = s.to_text();
    assert!(s.play_all("m9l8 f3h7 bogus").is_err());
    assert_eq!(s.to_text(), before);
    s.play_all("m9l8 f3h7 f25h21").unwrap();
    assert_eq!(s.to_move(), 0);
    assert_eq!(s.piece_at("l8").as_deref(), Some("white H"));
    assert_eq!(s.piece_at("h7").as_deref(), Some("blue N"));
    assert_eq!(s.piece_at("h21").as_deref(), Some("red N"));
}

// ---------------------------------------------------------------------------
// Random playouts: invariants and a cross-check of in_check
// ---------------------------------------------------------------------------

struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

#[test]
fn random_playouts_keep_the_invariants() {
    let thrones = ["h13", "g14", "h15"];
    let mut ended = 0;
    for seed in 0..24u64 {
        let throne = seed % 2 == 0;
        let mut rng = Lcg(seed * 7919 + 1);
        let mut p = RefPos::start(throne);
        for _ply in 0..400 {
            for q in 0..3 {
                assert_eq!(
                    p.in_check(q),
                    brute_in_check(&p, q),
                    "in_check {q}: {}",
                    p.to_text()
                );
            }
            let moves = p.legal_moves();
            assert_eq!(p.perft(1), moves.len() as u64);
            if moves.is_empty() {
                assert!(p.outcome().is_some());
                ended += 1;
                break;
            }
            assert!(p.outcome().is_none());
            let b = board_map(&p);
            let me = p.to_move();
            for m in &moves {
                let (_, to, _) = split_key(m);
                let target = b.get(&to).map(|s| s.as_str()).unwrap_or("");
                assert!(!target.ends_with(" K"), "{m} ends on a King");
                assert!(
                    !target.starts_with(PLAYER_NAMES[me]),
                    "{m} ends on an own piece"
                );
            }
            let m = &moves[(rng.next() as usize) % moves.len()];
            let mut next = p.clone();
            next.play(m).unwrap();
            assert!(!next.in_check(me), "{m} leaves the mover in check");
            if throne {
                for q in 0..3 {
                    for (t, cell) in thrones.iter().enumerate() {
                        if t != q {
                            assert_ne!(
                                next.piece_at(cell),
                                Some(format!("{} K", PLAYER_NAMES[q])),
                                "King on a foreign Throne"
                            );
                        }
                    }
                }
            }
            // Text round trip keeps the legal moves.
            let rt = RefPos::from_text(&next.to_text(), throne).unwrap();
            assert_eq!(rt.legal_moves(), next.legal_moves());
            p = next;
        }
    }
    println!("random playouts that ended: {ended}");
}
