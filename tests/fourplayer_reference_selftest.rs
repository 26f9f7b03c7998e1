//! Self-tests of the independent four-player chess reference move generator
//! (`tests/support/fourplayer_ref.rs`), hand-checked against the pinned
//! rules. Run with
//! `cargo test --release --test fourplayer_reference_selftest -- --nocapture`
//! to see the perft numbers and times.
//!
//! Most position tests are written from Red's point of view and then run four
//! times: as written, and rotated by 90, 180 and 270 degrees clockwise
//! (colours shifted red -> blue -> yellow -> green -> red). The rotation is
//! computed here, independently of the oracle, so the rotated runs check
//! Blue's, Yellow's and Green's pawn directions, double steps, promotion
//! rows, en passant, castlings and teams against the hand-checked Red
//! expectations. A few tests also name the other seats' cells explicitly.

// Player numbers index per-player tables; loops over 0..4 read best.
#![allow(clippy::needless_range_loop)]

#[path = "support/fourplayer_ref.rs"]
mod fourplayer_ref;

use fourplayer_ref::*;
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

const MODES: [Mode; 2] = [Mode::Teams, Mode::FreeForAll];
const RED: usize = 0;
const BLUE: usize = 1;
const YELLOW: usize = 2;
const GREEN: usize = 3;

// ---------------------------------------------------------------------------
// Helpers (independent of the oracle's own geometry)
// ---------------------------------------------------------------------------

/// (file 0..13, rank 1..14) of a cell name, without asking the oracle.
fn fr(cell: &str) -> (i32, i32) {
    let f = (cell.as_bytes()[0] - b'a') as i32;
    let r: i32 = cell[1..].parse().unwrap();
    (f, r)
}

/// Rotate a cell 90 degrees clockwise `times` times about the board centre:
/// (file, rank) with 0-based f, r = rank - 1 goes to (r, 13 - f). Hand check:
/// h1 (7, 0) -> (0, 6) = a7 (Red's King to Blue's), a7 -> (6, 13) = g14,
/// g14 -> (13, 7) = n8, n8 -> (7, 0) = h1.
fn rot_cell(cell: &str, times: usize) -> String {
    let (mut f, r1) = fr(cell);
    let mut r = r1 - 1;
    for _ in 0..times {
        let nf = r;
        let nr = 13 - f;
        f = nf;
        r = nr;
    }
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// Split a move key into (from, to, rest), rest being "", a promotion
/// letter, "/ep", "q/ep" or "/castle".
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

fn seat(p: usize, times: usize) -> usize {
    (p + times) % 4
}

fn player_index(name: &str) -> usize {
    PLAYER_NAMES.iter().position(|n| *n == name).unwrap()
}

fn shift_name(name: &str, times: usize) -> &'static str {
    PLAYER_NAMES[seat(player_index(name), times)]
}

/// Rotate a position text: every cell rotated, every colour shifted.
fn rot_text(text: &str, times: usize) -> String {
    let mut out = Vec::new();
    for field in text.split(';') {
        let field = field.trim();
        if field.is_empty() {
            continue;
        }
        if let Some((head, rest)) = field.split_once(':') {
            let toks: Vec<String> = rest
                .split_whitespace()
                .map(|t| format!("{}{}", &t[..1], rot_cell(&t[1..], times)))
                .collect();
            out.push(format!(
                "{}: {}",
                shift_name(head.trim(), times),
                toks.join(" ")
            ));
            continue;
        }
        let words: Vec<&str> = field.split_whitespace().collect();
        match words[0] {
            "turn" => out.push(format!("turn {}", shift_name(words[1], times))),
            "out" => {
                let names: Vec<&str> = words[1..].iter().map(|w| shift_name(w, times)).collect();
                out.push(format!("out {}", names.join(" ")));
            }
            "castling" => {
                let cells: Vec<String> = words[1..].iter().map(|c| rot_cell(c, times)).collect();
                out.push(format!("castling {}", cells.join(" ")));
            }
            "ep" => out.push(format!(
                "ep {} victim {}",
                rot_cell(words[1], times),
                rot_cell(words[3], times)
            )),
            _ => panic!("rot_text: unknown field {field}"),
        }
    }
    out.join("; ")
}

fn pos(mode: Mode, text: &str) -> RefPos {
    RefPos::from_text(mode, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The position `text` (written for Red) rotated `times` times.
fn rpos(mode: Mode, text: &str, times: usize) -> RefPos {
    pos(mode, &rot_text(text, times))
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

fn has(p: &RefPos, key: &str) -> bool {
    p.legal_moves().iter().any(|k| k == key)
}

fn play(p: &mut RefPos, keys: &str, times: usize) {
    p.play_all(&rot_keys(keys, times))
        .unwrap_or_else(|e| panic!("{e}"));
}

fn piece(p: &RefPos, cell: &str, times: usize) -> Option<String> {
    p.piece_at(&rot_cell(cell, times))
}

/// "red K" etc. with the colour shifted.
fn pc(owner: usize, letter: char, times: usize) -> Option<String> {
    Some(format!("{} {}", PLAYER_NAMES[seat(owner, times)], letter))
}

// ---------------------------------------------------------------------------
// Board, setup, rotation helper
// ---------------------------------------------------------------------------

#[test]
fn board_has_160_cells_and_no_corners() {
    // 14 x 14 = 196 minus four 3 x 3 corners = 160.
    let cells = all_cells();
    assert_eq!(cells.len(), 160);
    let mut corners = 0;
    for f in "abcdefghijklmn".chars() {
        for r in 1..=14 {
            let name = format!("{f}{r}");
            let outer_file = "abclmn".contains(f);
            let outer_rank = r <= 3 || r >= 12;
            assert_eq!(cell_exists(&name), !(outer_file && outer_rank), "{name}");
            if outer_file && outer_rank {
                corners += 1;
            }
        }
    }
    assert_eq!(corners, 36);
    for bad in [
        "a1", "c3", "l12", "n14", "a14", "n1", "c12", "l3", "o5", "a0", "a15", "d01",
    ] {
        assert!(!cell_exists(bad), "{bad}");
    }
    for good in [
        "d1", "k1", "a4", "a11", "n4", "n11", "d14", "k14", "c4", "l11",
    ] {
        assert!(cell_exists(good), "{good}");
    }
}

#[test]
fn start_setup_as_pinned() {
    let s = RefPos::start(Mode::Teams);
    let expect = [
        ("g1", "red Q"),
        ("h1", "red K"),
        ("d1", "red R"),
        ("k1", "red R"),
        ("e1", "red N"),
        ("f1", "red B"),
        ("d2", "red P"),
        ("k2", "red P"),
        ("a7", "blue K"),
        ("a8", "blue Q"),
        ("a4", "blue R"),
        ("a5", "blue N"),
        ("a6", "blue B"),
        ("b4", "blue P"),
        ("b11", "blue P"),
        ("g14", "yellow K"),
        ("h14", "yellow Q"),
        ("d14", "yellow R"),
        ("e13", "yellow P"),
        ("n7", "green Q"),
        ("n8", "green K"),
        ("n11", "green R"),
        ("n10", "green N"),
        ("m4", "green P"),
    ];
    for (cell, want) in expect {
        assert_eq!(s.piece_at(cell).as_deref(), Some(want), "{cell}");
    }
    assert_eq!(s.piece_at("e3"), None);
    assert_eq!(s.piece_at("a1"), None); // not a cell
    assert_eq!(s.to_move(), RED);
    assert_eq!(
        s.castling_cells(),
        vec!["d1", "k1", "a4", "a11", "d14", "k14", "n4", "n11"]
    );
    let text = s.to_text();
    assert!(text.starts_with("red: Kh1 Qg1 Rd1 Rk1 Bf1 Bi1 Ne1 Nj1 Pd2 "));
    assert!(text.ends_with("turn red; castling d1 k1 a4 a11 d14 k14 n4 n11"));
    for mode in MODES {
        assert_eq!(pos(mode, &text).to_text(), text);
    }
}

#[test]
fn rotation_helper_maps_the_setup_onto_itself() {
    // The pinned setup is 90-degree symmetric: rotating the start (with the
    // colours shifted) gives the start again, apart from whose turn it is.
    let text = RefPos::start(Mode::Teams).to_text();
    assert_eq!(rot_cell("h1", 1), "a7");
    assert_eq!(rot_cell("a7", 1), "g14");
    assert_eq!(rot_cell("g14", 1), "n8");
    assert_eq!(rot_cell("n8", 1), "h1");
    assert_eq!(rot_cell("g1", 1), "a8");
    assert_eq!(rot_cell("d1", 1), "a11");
    for times in 0..4 {
        let p = pos(Mode::Teams, &rot_text(&text, times));
        let want = text.replace("turn red", &format!("turn {}", PLAYER_NAMES[times]));
        assert_eq!(p.to_text(), want, "rotation {times}");
    }
}

// ---------------------------------------------------------------------------
// Perft from the start
// ---------------------------------------------------------------------------

#[test]
fn start_depth_one_per_player() {
    // Each player has 8 pawns x 2 steps and 2 knights x 2 moves = 20. The
    // knights' other leaps go off the board (into a corner) or onto an own
    // pawn: Red Ne1: d3 f3 (c2 missing, g2 own); Nj1: i3 k3 (l2 missing);
    // Blue Na5: c4 c6 (b3 missing, b7 own); Na10: c9 c11 (b12 missing);
    // Yellow Ne14: d12 f12; Nj14: i12 k12; Green Nn5: l4 l6; Nn10: l9 l11.
    let knights = [
        ["e1d3", "e1f3", "j1i3", "j1k3"],
        ["a5c4", "a5c6", "a10c9", "a10c11"],
        ["e14d12", "e14f12", "j14i12", "j14k12"],
        ["n5l4", "n5l6", "n10l9", "n10l11"],
    ];
    let pawns = [
        (["d2", "e2", "f2", "g2", "h2", "i2", "j2", "k2"], ["3", "4"]),
        (
            ["b4", "b5", "b6", "b7", "b8", "b9", "b10", "b11"],
            ["c", "d"],
        ),
        (
            ["d13", "e13", "f13", "g13", "h13", "i13", "j13", "k13"],
            ["12", "11"],
        ),
        (
            ["m4", "m5", "m6", "m7", "m8", "m9", "m10", "m11"],
            ["l", "k"],
        ),
    ];
    let text = RefPos::start(Mode::Teams).to_text();
    for p in 0..4 {
        let mut expect = set(&knights[p]);
        for cell in pawns[p].0 {
            let (f, r) = fr(cell);
            for x in pawns[p].1 {
                let to = if p % 2 == 0 {
                    format!("{}{}", (b'a' + f as u8) as char, x)
                } else {
                    format!("{}{}", x, r)
                };
                expect.insert(format!("{cell}{to}"));
            }
        }
        assert_eq!(expect.len(), 20);
        for mode in MODES {
            let t = text.replace("turn red", &format!("turn {}", PLAYER_NAMES[p]));
            assert_eq!(legal_set(&pos(mode, &t)), expect, "{}", PLAYER_NAMES[p]);
        }
    }
}

#[test]
fn perft_from_start_published() {
    // Published (several independent engines): 20, 395, 7800, 152050, the
    // same in both modes (within four plies no piece can reach another
    // army, so captures, promotion rows and teams play no part).
    let expect = [1u64, 20, 395, 7800, 152050];
    for mode in MODES {
        let start = RefPos::start(mode);
        for (d, &n) in expect.iter().enumerate() {
            let t = Instant::now();
            let got = start.perft(d as u32);
            println!("{mode:?} perft {d} = {got} ({:?})", t.elapsed());
            assert_eq!(got, n, "{mode:?} perft {d}");
        }
    }
}

#[test]
fn depth_two_by_hand() {
    // 395 = 20 * 20 - 5: after Red's d2d4 Blue's b4 cannot double-step (d4
    // taken): 19. After f2f3 or f2f4 the Queen g1 sees f2 e3 d4 c5 b6 a7:
    // Blue's b6 pawn is pinned against its King a7 and loses b6c6 and b6d6:
    // 18 each. (d2d4 itself blocks that diagonal.) 400 - 1 - 2 - 2 = 395.
    for mode in MODES {
        let div = RefPos::start(mode).divide(2);
        assert_eq!(div.len(), 20);
        let odd: BTreeMap<String, u64> = div.into_iter().filter(|(_, n)| *n != 20).collect();
        let want: BTreeMap<String, u64> = [("d2d4", 19u64), ("f2f3", 18), ("f2f4", 18)]
            .iter()
            .map(|(k, n)| (k.to_string(), *n))
            .collect();
        assert_eq!(odd, want);
        let mut p = RefPos::start(mode);
        p.play("f2f4").unwrap();
        assert_eq!(moves_from(&p, "b6"), set(&[]));
    }
    assert!(RefPos::start(Mode::Teams).divide(0).is_empty());
}

#[test]
fn divide_four_is_rotation_invariant() {
    // The start with Blue (Yellow, Green) to move is the start rotated, so
    // its divide(4) is the rotated divide(4) of the start: all four seats
    // generate the same numbers.
    let start = RefPos::start(Mode::Teams);
    let d = start.divide(4);
    assert_eq!(d.values().sum::<u64>(), 152050);
    for times in 1..4 {
        let p = rpos(Mode::FreeForAll, &start.to_text(), times);
        let rotated: BTreeMap<String, u64> =
            d.iter().map(|(k, n)| (rot_key(k, times), *n)).collect();
        assert_eq!(p.divide(4), rotated, "rotation {times}");
    }
}

/// Depth 5 is not published; this is the oracle's own number (about 4 s per
/// mode in release). Run with `-- --ignored`.
#[test]
#[ignore]
fn perft_five_from_start() {
    for mode in MODES {
        let t = Instant::now();
        let n = RefPos::start(mode).perft(5);
        println!("{mode:?} perft 5 = {n} ({:?})", t.elapsed());
        assert_eq!(n, 3452310);
    }
}

// ---------------------------------------------------------------------------
// Geometry: missing corners, pawns, promotion
// ---------------------------------------------------------------------------

#[test]
fn no_move_onto_a_missing_corner() {
    // Red Ne2: d4 f4 g3 g1; c3 c1 (corner) and rank 0 are not cells.
    // Red Rd3: left c3 is missing, so nothing; right e3..k3 (l3 missing) 7;
    //   up d4..d14 11; down d2 d1 2: 20.
    // Red Be5: up-right f6 g7 h8 i9 j10 k11 (l12 missing) 6; down-right f4
    //   g3 h2 i1 4; up-left d6 c7 b8 a9 4; down-left d4 only (c3 missing) 1.
    // King h1: g1 i1 g2 h2 i2. Nothing attacks Red. 5 + 4 + 20 + 15 = 44.
    let text = "red: Kh1 Ne2 Rd3 Be5; blue: Ka7; yellow: Kg14; green: Kn8; turn red";
    let mut rook: Vec<String> = ["e3", "f3", "g3", "h3", "i3", "j3", "k3", "d2", "d1"]
        .iter()
        .map(|c| format!("d3{c}"))
        .collect();
    for r in 4..=14 {
        rook.push(format!("d3d{r}"));
    }
    let mut expect = set(&[
        "h1g1", "h1i1", "h1g2", "h1h2", "h1i2", "e2d4", "e2f4", "e2g3", "e2g1", "e5f6", "e5g7",
        "e5h8", "e5i9", "e5j10", "e5k11", "e5f4", "e5g3", "e5h2", "e5i1", "e5d6", "e5c7", "e5b8",
        "e5a9", "e5d4",
    ]);
    expect.extend(rook);
    assert_eq!(expect.len(), 44);
    for mode in MODES {
        for times in 0..4 {
            let p = rpos(mode, text, times);
            let keys: Vec<&str> = expect.iter().map(|s| s.as_str()).collect();
            assert_eq!(legal_set(&p), rot_set(&keys, times), "{mode:?} {times}");
            for k in p.legal_moves() {
                let (_, to, _) = split_key(&k);
                assert!(cell_exists(&to), "{k}");
            }
        }
    }
}

#[test]
fn pawn_directions_double_steps_and_captures() {
    // Red pawns move +rank and capture diagonally forward (±file, +rank).
    // f5: f6, takes the Blue knights e6 and g6, not e4 g4 (behind).
    // e2: e3 only (e4 is taken by a Blue knight: no double step; d3 f3
    //     empty). g2: nothing (g3 holds a Blue pawn; f3 h3 empty).
    // h2: h3, h4 (double step from the pawn row), takes the pawn g3.
    // i3: i4 only (not on the pawn row: no double step; h4 j4 empty).
    // Nothing attacks h1 (Ng4 hits h2 not h1; the Blue pawn g3 captures
    // towards h2 h4). The same in both modes. Rotated, this is Blue's +file,
    // Yellow's -rank and Green's -file direction with their pawn rows.
    let text = "red: Kh1 Pf5 Pe2 Pg2 Ph2 Pi3; blue: Ka7 Ne6 Ng6 Ne4 Ng4 Pg3; \
                yellow: Kg14; green: Kn8; turn red";
    let cases: [(&str, &[&str]); 5] = [
        ("f5", &["f5f6", "f5e6", "f5g6"]),
        ("e2", &["e2e3"]),
        ("g2", &[]),
        ("h2", &["h2h3", "h2h4", "h2g3"]),
        ("i3", &["i3i4"]),
    ];
    for mode in MODES {
        for times in 0..4 {
            let p = rpos(mode, text, times);
            for (cell, want) in cases.iter() {
                assert_eq!(
                    moves_from(&p, &rot_cell(cell, times)),
                    rot_set(want, times),
                    "{mode:?} {times} {cell}"
                );
            }
        }
    }
    // Explicitly: Blue's pawn b5 goes to c5 and d5, Yellow's e13 to e12 and
    // e11, Green's m5 to l5 and k5 (the start position, each to move).
    let start = RefPos::start(Mode::Teams).to_text();
    for (p, cell, want) in [
        (BLUE, "b5", ["b5c5", "b5d5"]),
        (YELLOW, "e13", ["e13e12", "e13e11"]),
        (GREEN, "m5", ["m5l5", "m5k5"]),
    ] {
        let t = start.replace("turn red", &format!("turn {}", PLAYER_NAMES[p]));
        assert_eq!(moves_from(&pos(Mode::Teams, &t), cell), set(&want));
    }
}

#[test]
fn pawns_attack_only_diagonally_forward() {
    // Blue pawns capture +file: c4 hits d5 (and d3), c6 hits d5 (and d7),
    // so either checks Red's Kd5; e4 and e6 (past the King, seen from Blue's
    // side) hit f3 f5 and f5 f7: no check. c5, straight behind d5, hits d4
    // and d6: no check.
    let cases = [
        ("Pc4", true),
        ("Pc6", true),
        ("Pe4", false),
        ("Pe6", false),
        ("Pc5", false),
    ];
    for mode in MODES {
        for times in 0..4 {
            for (pawn, check) in cases {
                let text =
                    format!("red: Kd5; blue: Ka7 {pawn}; yellow: Kg14; green: Kn8; turn red");
                let p = rpos(mode, &text, times);
                assert_eq!(
                    p.in_check(seat(RED, times)),
                    check,
                    "{mode:?} {times} {pawn}"
                );
            }
            // Yellow's pawn e10 (capturing -rank: d9 f9) attacks Red's Kd9
            // only where Yellow is an opponent (Free-for-all).
            let text = "red: Kd9; blue: Ka7; yellow: Kg14 Pe10; green: Kn8; turn red";
            let p = rpos(mode, text, times);
            assert_eq!(p.in_check(seat(RED, times)), mode == Mode::FreeForAll);
        }
    }
}

#[test]
fn promotion_rows_teams_and_free_for_all() {
    // The rotated Red cells land on the pinned rows of the other seats:
    // Teams rank 11 -> Blue file k, Yellow rank 4, Green file d; Free-for-all
    // rank 8 -> Blue file h, Yellow rank 7, Green file g.
    assert!(rot_cell("e11", 1).starts_with('k'));
    assert_eq!(&rot_cell("e11", 2)[1..], "4");
    assert!(rot_cell("e11", 3).starts_with('d'));
    assert!(rot_cell("g8", 1).starts_with('h'));
    assert_eq!(&rot_cell("g8", 2)[1..], "7");
    assert!(rot_cell("g8", 3).starts_with('g'));
    let q = |from: &str, to: &str| -> Vec<String> {
        "qrbn".chars().map(|c| format!("{from}{to}{c}")).collect()
    };
    // Teams: e10 reaches rank 11: four choices straight and four taking the
    // Blue knight d11 (f11 empty). g7 reaches rank 8, an ordinary row in
    // Teams: g7g8, and takes the Blue knight h8 without promotion.
    let teams = "red: Kh1 Pe10 Pg7; blue: Ka7 Nd11 Nh8; yellow: Kg14; green: Kn8; turn red";
    let mut e10: BTreeSet<String> = q("e10", "e11").into_iter().collect();
    e10.extend(q("e10", "d11"));
    for times in 0..4 {
        let p = rpos(Mode::Teams, teams, times);
        let keys: Vec<&str> = e10.iter().map(|s| s.as_str()).collect();
        assert_eq!(
            moves_from(&p, &rot_cell("e10", times)),
            rot_set(&keys, times)
        );
        assert_eq!(
            moves_from(&p, &rot_cell("g7", times)),
            rot_set(&["g7g8", "g7h8"], times)
        );
        // Promotion is mandatory and the new piece is on the board.
        let mut p2 = p.clone();
        play(&mut p2, "e10d11n", times);
        assert_eq!(piece(&p2, "d11", times), pc(RED, 'N', times));
    }
    // Free-for-all: g7 reaches rank 8 and must promote (g8 and h8, four
    // each); c6 goes to c7 as usual.
    let ffa = "red: Kh1 Pg7 Pc6; blue: Ka7 Nh8; yellow: Kg14; green: Kn8; turn red";
    let mut g7: BTreeSet<String> = q("g7", "g8").into_iter().collect();
    g7.extend(q("g7", "h8"));
    for times in 0..4 {
        let p = rpos(Mode::FreeForAll, ffa, times);
        let keys: Vec<&str> = g7.iter().map(|s| s.as_str()).collect();
        assert_eq!(
            moves_from(&p, &rot_cell("g7", times)),
            rot_set(&keys, times)
        );
        assert_eq!(
            moves_from(&p, &rot_cell("c6", times)),
            rot_set(&["c6c7"], times)
        );
        let mut p2 = p.clone();
        play(&mut p2, "g7g8q", times);
        assert_eq!(piece(&p2, "g8", times), pc(RED, 'Q', times));
    }
    // A pawn on or beyond its promotion row cannot be given.
    assert!(RefPos::from_text(Mode::FreeForAll, teams).is_err()); // e10 is past rank 8
    let on_row = "red: Kh1 Pe11; blue: Ka7; yellow: Kg14; green: Kn8";
    assert!(RefPos::from_text(Mode::Teams, on_row).is_err());
    let on_row8 = "red: Kh1 Pe8; blue: Ka7; yellow: Kg14; green: Kn8";
    assert!(RefPos::from_text(Mode::FreeForAll, on_row8).is_err());
    assert!(RefPos::from_text(Mode::Teams, on_row8).is_ok());
}

// ---------------------------------------------------------------------------
// En passant
// ---------------------------------------------------------------------------

const EP_TEXT: &str =
    "red: Kh1 Pi2 Pj2; blue: Ka7 Pb9; yellow: Kg14 Pd10; green: Kn8 Pk4; turn red";

#[test]
fn en_passant_by_later_opponents_two_cells_open() {
    // Red j2j4 opens j3 (victim j4). Blue b9d9 opens c9 (victim d9): two
    // cells open at once. Yellow's pawn d10 (capturing d-1 rank: c9 e9)
    // takes en passant on c9, removing Blue's d9. Green's pawn k4 (capturing
    // -file: j3 j5) then takes on j3, three plies after Red's double step
    // (Red has not moved since): Red's j4 goes. Same in both modes (Yellow
    // and Blue, Green and Red are opponents in both). A partner can never
    // be in place: Yellow's pawns promote before reaching Red's rank 3 and
    // Green's before Blue's file c, in both modes.
    for mode in MODES {
        for times in 0..4 {
            let mut p = rpos(mode, EP_TEXT, times);
            play(&mut p, "j2j4", times);
            assert!(p.to_text().ends_with(&rot_text("ep j3 victim j4", times)));
            play(&mut p, "b9d9", times);
            let t = p.to_text();
            assert!(t.contains(&rot_text("ep j3 victim j4", times)), "{t}");
            assert!(t.contains(&rot_text("ep c9 victim d9", times)), "{t}");
            // d10 is blocked straight ahead by the d9 pawn: only the capture.
            assert_eq!(
                moves_from(&p, &rot_cell("d10", times)),
                rot_set(&["d10c9/ep"], times)
            );
            play(&mut p, "d10c9/ep", times);
            assert_eq!(piece(&p, "d9", times), None);
            assert_eq!(piece(&p, "c9", times), pc(YELLOW, 'P', times));
            assert!(!p.to_text().contains(&rot_text("ep c9 victim d9", times)));
            assert_eq!(
                moves_from(&p, &rot_cell("k4", times)),
                rot_set(&["k4j3/ep"], times)
            );
            play(&mut p, "k4j3/ep", times);
            assert_eq!(piece(&p, "j4", times), None);
            assert_eq!(piece(&p, "j3", times), pc(GREEN, 'P', times));
            assert!(!p.to_text().contains("ep "));
            // Round trip of a text with two open cells.
            let mut q = rpos(mode, EP_TEXT, times);
            play(&mut q, "j2j4 b9d9", times);
            assert_eq!(pos(mode, &q.to_text()).to_text(), q.to_text());
        }
    }
}

#[test]
fn en_passant_closes_when_the_owner_moves_again() {
    // Red j2j4, Blue b9c9 (single step: no cell), Yellow d10d9, and Green
    // could take on j3 but plays n8n7. Red moves again (h1g1): j3 closes.
    // After Blue a7a6 and Yellow d9d8, Green's k4 has nothing: j4 holds a
    // Red pawn (blocked straight ahead), j3 and j5 are empty.
    for mode in MODES {
        for times in 0..4 {
            let mut p = rpos(mode, EP_TEXT, times);
            play(&mut p, "j2j4 b9c9 d10d9", times);
            assert!(has(&p, &rot_key("k4j3/ep", times)));
            play(&mut p, "n8n7", times);
            // Still listed on Red's own turn (open until Red moves again),
            // but only opponents take en passant: Red's own i2 pawn, whose
            // diagonal reaches j3, has just its steps.
            assert!(p.to_text().contains(&rot_text("ep j3 victim j4", times)));
            assert_eq!(
                moves_from(&p, &rot_cell("i2", times)),
                rot_set(&["i2i3", "i2i4"], times)
            );
            play(&mut p, "h1g1", times);
            assert!(!p.to_text().contains("ep "));
            play(&mut p, "a7a6 d9d8", times);
            assert_eq!(moves_from(&p, &rot_cell("k4", times)), set(&[]));
        }
    }
}

#[test]
fn en_passant_with_promotion() {
    // Teams: Red k2k4 opens k3. Blue's pawn j2 captures +file: k1, k3, and
    // file k is Blue's Teams promotion file, so both the step to k2 (now
    // empty) and the en passant capture on k3 promote: 8 moves.
    let q = |from: &str, to: &str, tail: &str| -> Vec<String> {
        "qrbn"
            .chars()
            .map(|c| format!("{from}{to}{c}{tail}"))
            .collect()
    };
    let teams = "red: Kh1 Pk2; blue: Ka7 Pj2; yellow: Kg14; green: Kn8; turn red";
    let mut want: Vec<String> = q("j2", "k2", "");
    want.extend(q("j2", "k3", "/ep"));
    let want: Vec<&str> = want.iter().map(|s| s.as_str()).collect();
    for times in 0..4 {
        let mut p = rpos(Mode::Teams, teams, times);
        assert_eq!(moves_from(&p, &rot_cell("j2", times)), set(&[]));
        play(&mut p, "k2k4", times);
        assert_eq!(
            moves_from(&p, &rot_cell("j2", times)),
            rot_set(&want, times)
        );
        play(&mut p, "j2k3n/ep", times);
        assert_eq!(piece(&p, "k4", times), None);
        assert_eq!(piece(&p, "k3", times), pc(BLUE, 'N', times));
    }
    // Free-for-all: the same on file h (Blue's 8th file): Red h2h4, Blue's
    // g2 promotes on h2 and, en passant, on h3.
    let ffa = "red: Ke1 Ph2; blue: Ka7 Pg2; yellow: Kg14; green: Kn8; turn red";
    let mut want: Vec<String> = q("g2", "h2", "");
    want.extend(q("g2", "h3", "/ep"));
    let want: Vec<&str> = want.iter().map(|s| s.as_str()).collect();
    for times in 0..4 {
        let mut p = rpos(Mode::FreeForAll, ffa, times);
        play(&mut p, "h2h4", times);
        assert_eq!(
            moves_from(&p, &rot_cell("g2", times)),
            rot_set(&want, times)
        );
        play(&mut p, "g2h3q/ep", times);
        assert_eq!(piece(&p, "h4", times), None);
        assert_eq!(piece(&p, "h3", times), pc(BLUE, 'Q', times));
    }
}

// ---------------------------------------------------------------------------
// Castling
// ---------------------------------------------------------------------------

const CASTLE_TEXT: &str =
    "red: Kh1 Rd1 Rk1; blue: Ka7; yellow: Kg14; green: Kn8; turn red; castling d1 k1";

fn castle_keys(p: &RefPos) -> BTreeSet<String> {
    p.legal_moves()
        .into_iter()
        .filter(|k| k.ends_with("/castle"))
        .collect()
}

#[test]
fn castling_both_sides_and_the_rook_lands_on_the_passed_cell() {
    // King g1 i1 g2 h2 i2 (5); Rd1 up d2..d14 (13) and e1 f1 g1 (3, c1 is
    // missing); Rk1 up 13 and j1 i1 (2, l1 missing); two castlings: 38.
    for mode in MODES {
        for times in 0..4 {
            let p = rpos(mode, CASTLE_TEXT, times);
            assert_eq!(p.legal_moves().len(), 38);
            assert_eq!(
                castle_keys(&p),
                rot_set(&["h1f1/castle", "h1j1/castle"], times)
            );
            let mut long = p.clone();
            play(&mut long, "h1f1/castle", times);
            assert_eq!(piece(&long, "f1", times), pc(RED, 'K', times));
            assert_eq!(piece(&long, "g1", times), pc(RED, 'R', times));
            assert_eq!(piece(&long, "d1", times), None);
            assert_eq!(piece(&long, "h1", times), None);
            assert!(long.castling_cells().is_empty());
            let mut short = p.clone();
            play(&mut short, "h1j1/castle", times);
            assert_eq!(piece(&short, "j1", times), pc(RED, 'K', times));
            assert_eq!(piece(&short, "i1", times), pc(RED, 'R', times));
            assert_eq!(piece(&short, "k1", times), None);
            assert!(short.castling_cells().is_empty());
        }
    }
    // Explicitly for Blue: Ka7 with Ra4 and Ra11: a7a5 (Rook a6) and a7a9
    // (Rook a8).
    let blue = "red: Kh1; blue: Ka7 Ra4 Ra11; yellow: Kg14; green: Kn8; turn blue; \
                castling a4 a11";
    let p = pos(Mode::Teams, blue);
    assert_eq!(castle_keys(&p), set(&["a7a5/castle", "a7a9/castle"]));
    let mut q = p.clone();
    q.play("a7a5/castle").unwrap();
    assert_eq!(q.piece_at("a5").as_deref(), Some("blue K"));
    assert_eq!(q.piece_at("a6").as_deref(), Some("blue R"));
    let mut q = p.clone();
    q.play("a7a9/castle").unwrap();
    assert_eq!(q.piece_at("a9").as_deref(), Some("blue K"));
    assert_eq!(q.piece_at("a8").as_deref(), Some("blue R"));
    assert_eq!(q.castling_cells(), Vec::<String>::new());
}

#[test]
fn castling_and_attacked_cells() {
    // A Green Rook on rank 8 attacks one cell of rank 1 down its file.
    // Long castling h1-f1 passes g1 and lands on f1; e1 must only be empty.
    // Short castling h1-j1 passes i1 and lands on j1. The Rook cells d1, k1
    // may be attacked. h8 gives check: no castling at all.
    let cases: [(&str, &[&str]); 8] = [
        ("d8", &["h1f1/castle", "h1j1/castle"]),
        ("e8", &["h1f1/castle", "h1j1/castle"]),
        ("f8", &["h1j1/castle"]),
        ("g8", &["h1j1/castle"]),
        ("h8", &[]),
        ("i8", &["h1f1/castle"]),
        ("j8", &["h1f1/castle"]),
        ("k8", &["h1f1/castle", "h1j1/castle"]),
    ];
    for mode in MODES {
        for times in 0..4 {
            for (cell, want) in cases.iter() {
                let text = CASTLE_TEXT.replace("Kn8", &format!("Kn8 R{cell}"));
                let p = rpos(mode, &text, times);
                assert_eq!(
                    castle_keys(&p),
                    rot_set(want, times),
                    "{mode:?} {times} {cell}"
                );
            }
            // A piece between King and Rook (e1) stops the long castling.
            let text = CASTLE_TEXT.replace("Rk1", "Rk1 Ne1");
            let p = rpos(mode, &text, times);
            assert_eq!(castle_keys(&p), rot_set(&["h1j1/castle"], times));
        }
    }
    // A partner's Rook attacks nothing in Teams: Yellow Rg8 does not stop
    // Red's long castling; in Free-for-all it does.
    let text = CASTLE_TEXT.replace("Kg14", "Kg14 Rg8");
    for times in 0..4 {
        let teams = rpos(Mode::Teams, &text, times);
        assert_eq!(
            castle_keys(&teams),
            rot_set(&["h1f1/castle", "h1j1/castle"], times)
        );
        let ffa = rpos(Mode::FreeForAll, &text, times);
        assert_eq!(castle_keys(&ffa), rot_set(&["h1j1/castle"], times));
    }
}

#[test]
fn castling_rights_lost_by_moving_or_losing_a_piece() {
    for mode in MODES {
        for times in 0..4 {
            // The k1 Rook goes away and back: only d1 keeps its right.
            let mut p = rpos(mode, CASTLE_TEXT, times);
            play(&mut p, "k1k2 a7a6 g14g13 n8n7 k2k1", times);
            assert_eq!(p.castling_cells(), vec![rot_cell("d1", times)]);
            play(&mut p, "a6a7 g13g14 n7n8", times);
            assert_eq!(castle_keys(&p), rot_set(&["h1f1/castle"], times));
            // The King goes away and back: both rights are gone.
            let mut p = rpos(mode, CASTLE_TEXT, times);
            play(&mut p, "h1h2 a7a6 g14g13 n8n7 h2h1 a6a7 g13g14 n7n8", times);
            assert!(p.castling_cells().is_empty());
            assert!(castle_keys(&p).is_empty());
            // A Blue Rook captures the k1 Rook.
            let text = CASTLE_TEXT
                .replace("Ka7", "Ka7 Rk8")
                .replace("turn red", "turn blue");
            let mut p = rpos(mode, &text, times);
            play(&mut p, "k8k1", times);
            assert_eq!(p.castling_cells(), vec![rot_cell("d1", times)]);
        }
    }
}

// ---------------------------------------------------------------------------
// Teams
// ---------------------------------------------------------------------------

#[test]
fn teams_partners_never_capture_nor_check() {
    // Red Qh5: up h6, then Yellow's (partner) knight h7 stops it (Teams: no
    // capture; Free-for-all: h5h7 too). Down h4 h3 h2 (own King h1). Right
    // i5..n5 6. Left g5..a5 7. Up-right i6 j7 k8 l9 m10 n11 6. Up-left g6 and
    // takes Blue's knight f7 2. Down-right i4 j3 k2 (l1 missing) 3. Down-left
    // g4 f3 e2 d1 4. Teams 32, Free-for-all 33.
    // Red Bf1 stands between Yellow's Re1 and Red's Kh1: in Teams the partner
    // pins nothing and the Bishop has e2 d3 c4 b5 a6 and g2 h3 i4 j5 k6 l7
    // m8 n9 (13); in Free-for-all it is pinned (0).
    let text = "red: Kh1 Bf1 Qh5; blue: Ka7 Nf7; yellow: Kg14 Re1 Nh7; green: Kn8; turn red";
    let mut queen: Vec<String> = [
        "h6", "h4", "h3", "h2", "i5", "j5", "k5", "l5", "m5", "n5", "g5", "f5", "e5", "d5", "c5",
        "b5", "a5", "i6", "j7", "k8", "l9", "m10", "n11", "g6", "f7", "i4", "j3", "k2", "g4", "f3",
        "e2", "d1",
    ]
    .iter()
    .map(|c| format!("h5{c}"))
    .collect();
    assert_eq!(queen.len(), 32);
    for times in 0..4 {
        let teams = rpos(Mode::Teams, text, times);
        let keys: Vec<&str> = queen.iter().map(|s| s.as_str()).collect();
        assert_eq!(
            moves_from(&teams, &rot_cell("h5", times)),
            rot_set(&keys, times)
        );
        assert_eq!(moves_from(&teams, &rot_cell("f1", times)).len(), 13);
    }
    queen.push("h5h7".to_string());
    for times in 0..4 {
        let ffa = rpos(Mode::FreeForAll, text, times);
        let keys: Vec<&str> = queen.iter().map(|s| s.as_str()).collect();
        assert_eq!(
            moves_from(&ffa, &rot_cell("h5", times)),
            rot_set(&keys, times)
        );
        assert!(moves_from(&ffa, &rot_cell("f1", times)).is_empty());
    }
    // Yellow's Re1 alone on Red's rank: Teams, no check, the King has all
    // five cells; Free-for-all, check, and g1 i1 (on the Rook's line) are
    // out: g2 h2 i2.
    let text = "red: Kh1; blue: Ka7; yellow: Kg14 Re1; green: Kn8; turn red";
    for times in 0..4 {
        let teams = rpos(Mode::Teams, text, times);
        assert!(!teams.in_check(seat(RED, times)));
        assert_eq!(
            legal_set(&teams),
            rot_set(&["h1g1", "h1i1", "h1g2", "h1h2", "h1i2"], times)
        );
        let ffa = rpos(Mode::FreeForAll, text, times);
        assert!(ffa.in_check(seat(RED, times)));
        assert_eq!(legal_set(&ffa), rot_set(&["h1g2", "h1h2", "h1i2"], times));
    }
}

#[test]
fn kings_are_never_captured() {
    // Decision: Red's Rk8 sees Green's King n8 (l8 m8 empty) on Red's turn;
    // it may go to l8 or m8 but never take the King. Up k9..k14 6, down
    // k7..k1 7, left j8..a8 10, right l8 m8 2: 25.
    let text = "red: Kh1 Rk8; blue: Ka7; yellow: Kg14; green: Kn8; turn red";
    for mode in MODES {
        for times in 0..4 {
            let p = rpos(mode, text, times);
            assert!(p.in_check(seat(GREEN, times)));
            let from = moves_from(&p, &rot_cell("k8", times));
            assert_eq!(from.len(), 25);
            assert!(from.contains(&rot_key("k8m8", times)));
            assert!(!from.contains(&rot_key("k8n8", times)));
        }
    }
}

const MATE_TEXT: &str = "red: Kh1 Rc10; blue: Ka7 Pb6 Pb7 Pb8; yellow: Kg14; green: Kn8; turn red";

#[test]
fn teams_first_checkmate_ends_the_game() {
    // Red c10a10 checks Blue's Ka7 down the a-file (a9 a8 empty). a6 and a8
    // stay on the Rook's line, b6 b7 b8 are Blue's own pawns, which cannot
    // reach the a-file (they move and capture +file). Blue is to move, in
    // check, without a legal move: the Red+Yellow team wins.
    for times in 0..4 {
        let mut p = rpos(Mode::Teams, MATE_TEXT, times);
        assert_eq!(p.outcome(), None);
        play(&mut p, "c10a10", times);
        assert_eq!(p.to_move(), seat(BLUE, times));
        assert!(p.legal_moves().is_empty());
        assert_eq!(p.perft(1), 0);
        let mut winners = vec![seat(RED, times), seat(YELLOW, times)];
        winners.sort();
        assert_eq!(
            p.outcome(),
            Some(RefOutcome {
                end: RefEnd::Checkmate,
                winners,
                stuck: Some(seat(BLUE, times)),
            })
        );
    }
}

#[test]
fn teams_mate_only_on_the_mated_players_turn() {
    // Red k11n11 checks Green's Kn8 down the n-file; n7 and n9 stay on the
    // Rook's line, m7 m8 m9 are Green's own pawns: a mate, but Green moves
    // only after Blue and Yellow. Blue (Green's partner) can take the Rook
    // with Qe11 (rank 11 now empty up to n11), and Green is free. If Blue
    // plays a7a6 and Yellow g14f14 (not g13, which the Queen sees), Green is
    // mated on its turn: Red+Yellow win.
    let text = "red: Kh1 Rk11; blue: Ka7 Qe11; yellow: Kg14; green: Kn8 Pm7 Pm8 Pm9; turn red";
    for times in 0..4 {
        let mut p = rpos(Mode::Teams, text, times);
        play(&mut p, "k11n11", times);
        assert!(p.in_check(seat(GREEN, times)));
        assert_eq!(p.outcome(), None);
        let mut saved = p.clone();
        play(&mut saved, "e11n11 g14f14", times);
        assert!(!saved.in_check(seat(GREEN, times)));
        assert_eq!(saved.outcome(), None);
        assert!(!saved.legal_moves().is_empty());
        play(&mut p, "a7a6", times);
        assert!(!has(&p, &rot_key("g14g13", times)));
        play(&mut p, "g14f14", times);
        assert_eq!(p.to_move(), seat(GREEN, times));
        let mut winners = vec![seat(RED, times), seat(YELLOW, times)];
        winners.sort();
        assert_eq!(
            p.outcome(),
            Some(RefOutcome {
                end: RefEnd::Checkmate,
                winners,
                stuck: Some(seat(GREEN, times)),
            })
        );
    }
}

const STALEMATE_TEXT: &str =
    "red: Kh1 Rb11 Bf5 Bd11; blue: Ka7; yellow: Kg14; green: Kn8; turn red";

#[test]
fn teams_stalemate_is_a_draw_that_ends_the_game() {
    // Red Bf5-d3 (via e4) covers a6 (c4 b5); Bd11 covers a8 (c10 b9); Rb11
    // covers b10..b4, so b6 b7 b8. a7 itself is not attacked. Blue, a lone
    // King, is to move, not in check, with no move: a draw, game over.
    for times in 0..4 {
        let mut p = rpos(Mode::Teams, STALEMATE_TEXT, times);
        play(&mut p, "f5d3", times);
        assert_eq!(p.to_move(), seat(BLUE, times));
        assert!(!p.in_check(seat(BLUE, times)));
        assert!(p.legal_moves().is_empty());
        assert_eq!(
            p.outcome(),
            Some(RefOutcome {
                end: RefEnd::Stalemate,
                winners: vec![],
                stuck: Some(seat(BLUE, times)),
            })
        );
    }
}

// ---------------------------------------------------------------------------
// Free-for-all
// ---------------------------------------------------------------------------

#[test]
fn free_for_all_mated_player_is_out_and_its_pieces_are_dead() {
    // As in the Teams mate, Red c10a10 mates Blue (Blue's Bj11 has no cell
    // on a8 a9 a10: its diagonals are i10..c4, i12 h13 (g14 is a King),
    // k12, k10..n7; the pawns cannot reach the a-file). Blue is out at once,
    // its turn is skipped: Yellow is to move.
    // Before, Blue's Bj11 checked Yellow's Kg14 (i12 h13); dead, it attacks
    // nothing: Yellow is no longer in check and may step to h13 on the dead
    // Bishop's diagonal. Yellow's Nc4 takes the dead pawn b6. Green may step
    // n8-m8 on the dead Bishop's diagonal (k10 l9 m8). Red, skipping Blue
    // again, may take the dead pawn d10 along rank 10 (b10 c10 empty) but
    // not pass it (no a10e10: dead pieces block), and may take the dead King
    // a7 (a9 a8 empty).
    let text = "red: Kh1 Rc10; blue: Ka7 Pb6 Pb7 Pb8 Pd10 Bj11; yellow: Kg14 Nc4; \
                green: Kn8; turn red";
    for times in 0..4 {
        let mut p = rpos(Mode::FreeForAll, text, times);
        assert!(p.in_check(seat(YELLOW, times)));
        play(&mut p, "c10a10", times);
        assert!(p.is_out(seat(BLUE, times)));
        assert_eq!(p.to_move(), seat(YELLOW, times));
        assert!(p
            .to_text()
            .ends_with(&format!("out {}", PLAYER_NAMES[seat(BLUE, times)])));
        assert_eq!(piece(&p, "a7", times), pc(BLUE, 'K', times));
        assert!(!p.in_check(seat(YELLOW, times)));
        assert!(has(&p, &rot_key("g14h13", times)));
        assert!(has(&p, &rot_key("c4b6", times)));
        assert_eq!(p.outcome(), None);
        play(&mut p, "c4b6", times);
        assert_eq!(p.to_move(), seat(GREEN, times));
        assert!(has(&p, &rot_key("n8m8", times)));
        play(&mut p, "n8m8", times);
        assert_eq!(p.to_move(), seat(RED, times));
        assert!(has(&p, &rot_key("a10d10", times)));
        assert!(!has(&p, &rot_key("a10e10", times)));
        assert!(has(&p, &rot_key("a10a7", times)));
        play(&mut p, "a10a7", times);
        assert_eq!(piece(&p, "a7", times), pc(RED, 'R', times));
        assert_eq!(p.to_move(), seat(YELLOW, times));
        // A text with a King-less dead player reads back.
        assert_eq!(pos(Mode::FreeForAll, &p.to_text()).to_text(), p.to_text());
    }
    // Without Blue eliminated (Blue alive, Yellow to move) h13 is attacked.
    let alive = "red: Kh1; blue: Ka7 Bj11; yellow: Kg14; green: Kn8; turn yellow";
    assert!(!has(&pos(Mode::FreeForAll, alive), "g14h13"));
    let dead = "red: Kh1; blue: Ka7 Bj11; yellow: Kg14; green: Kn8; turn yellow; out blue";
    assert!(has(&pos(Mode::FreeForAll, dead), "g14h13"));
    assert!(!pos(Mode::FreeForAll, dead).in_check(YELLOW));
}

#[test]
fn free_for_all_stalemated_player_is_out() {
    // The stalemate of the Teams test: in Free-for-all Blue is out and the
    // game goes on with Yellow.
    for times in 0..4 {
        let mut p = rpos(Mode::FreeForAll, STALEMATE_TEXT, times);
        play(&mut p, "f5d3", times);
        assert!(p.is_out(seat(BLUE, times)));
        assert_eq!(p.to_move(), seat(YELLOW, times));
        assert_eq!(p.outcome(), None);
        assert!(!p.legal_moves().is_empty());
    }
    // from_text eliminates at once too: Blue to move with no move.
    let mut p = pos(Mode::FreeForAll, STALEMATE_TEXT);
    p.play("f5d3").unwrap();
    let stuck = p
        .to_text()
        .replace("turn yellow", "turn blue")
        .replace("; out blue", "");
    let q = pos(Mode::FreeForAll, &stuck);
    assert!(q.is_out(BLUE));
    assert_eq!(q.to_move(), YELLOW);
}

#[test]
fn free_for_all_ends_when_one_player_is_left() {
    // Yellow and Green are out; Red mates Blue (as above): Red is left and
    // wins; no legal moves remain.
    let text = format!("{MATE_TEXT}; out yellow green");
    for times in 0..4 {
        let mut p = rpos(Mode::FreeForAll, &text, times);
        assert_eq!(p.outcome(), None);
        assert_eq!(p.perft(1), p.legal_moves().len() as u64);
        play(&mut p, "c10a10", times);
        assert!(p.is_out(seat(BLUE, times)));
        assert_eq!(p.to_move(), seat(RED, times));
        assert!(p.legal_moves().is_empty());
        assert_eq!(p.perft(2), 0);
        assert_eq!(
            p.outcome(),
            Some(RefOutcome {
                end: RefEnd::LastPlayer,
                winners: vec![seat(RED, times)],
                stuck: None,
            })
        );
    }
    // With all four in play the same mate just removes Blue.
    let mut p = pos(Mode::FreeForAll, MATE_TEXT);
    p.play("c10a10").unwrap();
    assert_eq!(p.to_move(), YELLOW);
    assert_eq!(p.outcome(), None);
}

// ---------------------------------------------------------------------------
// Text, play, errors
// ---------------------------------------------------------------------------

#[test]
fn text_round_trip_and_play_all_is_atomic() {
    let text = "red: Kh1 Qg1 Ph2; blue: Ka7 Ra4 Ra11; yellow: Kg14; green: Kn8; turn red; \
                castling a4 a11";
    for mode in MODES {
        assert_eq!(pos(mode, text).to_text(), text);
    }
    let ffa = "red: Kh1 Qg1; blue: Ka7; yellow: Kg14; green: Kn8 Pm5; turn red; out green";
    assert_eq!(pos(Mode::FreeForAll, ffa).to_text(), ffa);
    let mut p = RefPos::start(Mode::Teams);
    let before = p.to_text();
    assert!(p.play_all("h2h4 b4c4 zz9").is_err());
    assert_eq!(p.to_text(), before);
    assert!(p.play("h2h5").is_err());
    p.play_all("h2h4 b4c4").unwrap();
    assert_eq!(p.to_move(), YELLOW);
}

#[test]
fn malformed_text_is_refused() {
    let ok = "red: Kh1; blue: Ka7; yellow: Kg14; green: Kn8; turn red";
    assert!(RefPos::from_text(Mode::Teams, ok).is_ok());
    let bad_teams = [
        "red: Kh1; blue: Ka7; yellow: Kg14; green: Ka1", // corner cell
        "red: Kh1; blue: Ka7; yellow: Kg14; green: Kn8 Pc3", // corner cell
        "red: Kh1 Xh2; blue: Ka7; yellow: Kg14; green: Kn8", // piece letter
        "red: Kh1; blue: Ka7; yellow: Kg14",             // green missing
        "red: Kh1 Kh2; blue: Ka7; yellow: Kg14; green: Kn8", // two Kings
        "red: Qh1; blue: Ka7; yellow: Kg14; green: Kn8", // no King
        "red: Kh1 Qh1; blue: Ka7; yellow: Kg14; green: Kn8", // two on h1
        "red: Kh1; red: Qg1; blue: Ka7; yellow: Kg14; green: Kn8", // red twice
        "red: Kh1 Pe1; blue: Ka7; yellow: Kg14; green: Kn8", // pawn on back row
        "red: Kh1; blue: Ka7; yellow: Kg14; green: Kn8; turn purple", // player
        "red: Kh1; blue: Ka7; yellow: Kg14; green: Kn8; clocks 0 1", // field
        "red: Kh1; blue: Ka7; yellow: Kg14; green: Kn8; castling d1", // no Rook
        "red: Kh1 Re1; blue: Ka7; yellow: Kg14; green: Kn8; castling e1", // not a Rook cell
        "red: Kg1 Rd1; blue: Ka7; yellow: Kg14; green: Kn8; castling d1", // King moved
        "red: Kh1; blue: Ka7; yellow: Kg14; green: Kn8; out green", // out in Teams
        "red: Kh1 Ph4; blue: Ka7; yellow: Kg14; green: Kn8; ep h3", // ep syntax
        "red: Kh1 Ph5; blue: Ka7; yellow: Kg14; green: Kn8; ep h4 victim h5", // not a double step
        "red: Kh1 Ph4 Nh3; blue: Ka7; yellow: Kg14; green: Kn8; ep h3 victim h4", // cell taken
        "red: Kh1; blue: Ka7; yellow: Kg14; green: Kn8; ep h3 victim h4", // no victim
        "red: Kh1; blue: Ka7; yellow: Kg14; green: Kn8; turn red; turn blue", // twice
    ];
    for t in bad_teams {
        assert!(RefPos::from_text(Mode::Teams, t).is_err(), "{t}");
    }
    let bad_ffa = [
        "red: Kh1; blue: Ka7; yellow: Kg14; green: Kn8; turn green; out green", // to move, out
        "red: Kh1; blue: Ka7; yellow: Kg14; green: Kn8; out green green",
        "red: Kh1; blue: Ka7; yellow: Kg14; green: Kn8 Kn9; out green", // two dead Kings
        "red: Kh1 Pd9; blue: Ka7; yellow: Kg14; green: Kn8",            // past rank 8
    ];
    for t in bad_ffa {
        assert!(RefPos::from_text(Mode::FreeForAll, t).is_err(), "{t}");
    }
    // An out player may lack its King and its field.
    assert!(RefPos::from_text(
        Mode::FreeForAll,
        "red: Kh1; blue: Ka7; yellow: Kg14; turn red; out green"
    )
    .is_ok());
    let ep_ok = "red: Kh1 Ph4; blue: Ka7; yellow: Kg14; green: Kn8; turn blue; ep h3 victim h4";
    assert_eq!(pos(Mode::Teams, ep_ok).to_text(), ep_ok);
}
