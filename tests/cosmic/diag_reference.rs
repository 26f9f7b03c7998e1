//! The engine's `stdlib/cosmic/square-diag.variant` (the diagonal
//! positioning, TDP: a rectangle of 97 diamond cells in the players' frame,
//! cut out of a 13x13 square) against the independent reference generator
//! `tests/support/cosmic_ref.rs` (its hand-checked self-tests are
//! `tests/cosmic/diag_reference_selftest.rs`). A module of the
//! cosmic_reference binary.
//!
//! Checks: start perft per root move (depth 3; depth 4 under `--ignored`),
//! constructed positions aimed at each rule (long moves and en passant
//! along both quiet directions, the middle row, the far row, the board's
//! cut edges, free castling along a rank and a file, mate in a corner),
//! random games favouring rare moves, and the length of the crossing: a
//! figurant needs at least 7 moves to promote (8 from the setup), more
//! than a dog of square-9 (6).

use super::compare::{self, cosmic_key, favour_rare, Coverage};
use super::cosmic_ref::{RefPos, Variant};
use super::{assert_divide_agrees, both, engine_moves, game_of, random_game};
use runtime::notation::parse_position;
use runtime::Position;
use std::collections::{BTreeSet, VecDeque};

const SD: Variant = Variant::SquareDiag;

#[test]
fn diag_start_perft_agrees() {
    let mut pos = Position::start(game_of(SD));
    let reference = RefPos::start(SD);
    for d in 1..=3 {
        assert_divide_agrees(&mut pos, &reference, d, "square-diag start");
    }
}

/// Depth 4 of the start (`cargo test --profile ci --test cosmic_reference
/// diag -- --ignored`); recorded in tests/perft/README.md.
#[test]
#[ignore]
fn diag_start_perft_agrees_at_depth_4() {
    let mut pos = Position::start(game_of(SD));
    assert_divide_agrees(&mut pos, &RefPos::start(SD), 4, "square-diag start");
}

/// Constructed positions: (name, position, moves played first, depth).
const POSITIONS: &[(&str, &str, &str, u32)] = &[
    // White's long move up the c file from its start (c7c10) opens c8 c9:
    // the Black pawn d10, dog d8 and Bird b9 may take en passant.
    (
        "en passant up a file",
        "white: Kg1 Pc7 Ra8; black: Km7 Pd10 Hd8 Wb9 Ni7",
        "c7c10",
        3,
    ),
    // Black's long move down the j file (j7j5) opens j6 to the White pawn
    // i5, dog i6 and Bird k5; Black's along rank 9 (i9f9) opens h9 g9 to
    // the pawn f8, the dog h8 and the Bird h10.
    (
        "en passant down a file",
        "white: Kg1 Pi5 Hi6 Wk5; black: Km7 Pj7; turn black",
        "j7j5",
        3,
    ),
    (
        "en passant along a rank",
        "white: Kg1 Pf8 Hh8 Wh10; black: Km7 Pi9; turn black",
        "i9f9",
        3,
    ),
    // Figurants on each row kind: row 2 (long moves to row 5), row 5 at
    // the cut edges (one direction only) and onto the middle row, the
    // middle row, the enemy half, row 11 onto the far row (promotions), a
    // capture onto the far row. (The engine refuses figurants where none
    // can come from the setup: rows 0 and 1, b9 and i2.)
    (
        "figurants and the far row",
        "white: Kg1 Pe5 Pj3 Hc10 Pf7 Hh6 Pj9 Hf13 Pm6 Pi9; black: Ka7 Nj10 Rl7",
        "",
        3,
    ),
    // Free castling along rank 4 and up the d file; f4 and g4 attacked.
    (
        "castling",
        "white: Kd4 Rh4 Td8 Wd11; black: Kj10 Rf10 Bb9",
        "",
        2,
    ),
    // Pieces along the cut edges: rides stop where the board ends, leaps
    // and Snake paths that would leave it are dropped.
    (
        "pieces at the edges",
        "white: Kd4 Qa8 Sf13 Nm6 Fh1 Bg13 Wc10 Tl5; black: Kj10 Rm7 Db6 Mh12",
        "",
        3,
    ),
    // Mate at the corner m7: k6l6 checks, the King k7 guards l6 l7 l8, the
    // pawn l5 guards m6.
    (
        "mate in the corner",
        "white: Kk7 Pl5 Pk6; black: Km7 Pa8; turn white",
        "",
        3,
    ),
];

#[test]
fn diag_constructed_positions_agree_per_root_move() {
    for &(name, text, moves, depth) in POSITIONS {
        let (mut pos, reference) = both(SD, text, moves);
        assert_divide_agrees(&mut pos, &reference, depth, name);
    }
}

/// Each constructed position holds the rule it is there for.
#[test]
fn diag_constructed_positions_reach_their_rules() {
    let keys = |name: &str| -> BTreeSet<String> {
        let &(_, text, moves, _) = POSITIONS.iter().find(|p| p.0 == name).unwrap();
        let (mut pos, _) = both(SD, text, moves);
        engine_moves(&mut pos).into_keys().collect()
    };
    let up = keys("en passant up a file");
    for k in ["d10c9/ep", "d8c8/ep", "b9c8/ep"] {
        assert!(up.contains(k), "{k}: {up:?}");
    }
    let down = keys("en passant down a file");
    for k in ["i5j6/ep", "i6j6/ep", "k5j6/ep"] {
        assert!(down.contains(k), "{k}: {down:?}");
    }
    let rank = keys("en passant along a rank");
    for k in ["f8g9/ep", "h8h9/ep", "h10g9/ep"] {
        assert!(rank.contains(k), "{k}: {rank:?}");
    }
    let f = keys("figurants and the far row");
    for k in [
        "e5h5", "e5e8", "j3j4", "c10d10", "f7g7", "h6i6", "j9k9=Q", "f13g13=N", "m6m7=R", "i9j10=S",
    ] {
        assert!(f.contains(k), "{k}");
    }
    for k in ["e5i5", "e5e9", "f7h7", "j9k9", "f13g13"] {
        assert!(!f.contains(k), "{k}");
    }
    // At the cut edges one direction is left: j3 (v = 7) and c10 (v = -7).
    let from = |c: &str| -> Vec<&String> { f.iter().filter(|k| from_cell(k) == c).collect() };
    assert_eq!(from("j3"), ["j3j4"]);
    assert_eq!(from("c10"), ["c10d10"]);
    let c = keys("castling");
    for k in ["d4e4/castle/h4", "d4h4/castle/h4", "d4d8/castle/d8"] {
        assert!(c.contains(k), "{k}: {c:?}");
    }
    for k in ["d4f4/castle/h4", "d4g4/castle/h4"] {
        assert!(!c.contains(k), "{k}: {c:?}");
    }
    let m = keys("mate in the corner");
    assert!(m.contains("k6l6"), "{m:?}");
    let (mut pos, _) = both(SD, POSITIONS[6].1, "k6l6");
    assert!(engine_moves(&mut pos).is_empty(), "mate");
}

/// Random games from the start, and from the three en passant positions
/// (in the random games from the start long moves rarely pass a cell an
/// enemy figurant attacks: the armies meet beyond the middle row).
#[test]
fn diag_random_games_agree_move_by_move() {
    let mut seen = Coverage::default();
    for seed in 33..=48 {
        random_game(SD, seed, 250, &mut seen);
    }
    let eps = &POSITIONS[..3];
    for (i, &(_, text, moves, _)) in eps.iter().enumerate() {
        for seed in 0..3 {
            let (mut pos, mut reference) = both(SD, text, moves);
            compare::random_game(
                &mut pos,
                &mut reference,
                &SD,
                100 + 10 * i as u64 + seed,
                80,
                cosmic_key,
                favour_rare,
                &mut seen,
            );
        }
    }
    assert!(
        seen.castlings > 0 && seen.en_passant > 0 && seen.promotions > 0,
        "{seen:?}"
    );
}

/// The cell a move key starts from (`d4d9`, `j9k9=Q`: a letter and digits).
fn from_cell(key: &str) -> &str {
    let n = 1 + key[1..].bytes().take_while(|b| b.is_ascii_digit()).count();
    &key[..n]
}

/// The fewest moves the engine lets a lone White figurant `kind` on `cell`
/// promote in, by quiet moves (White moving every time; the Kings on `wk`
/// and `bk`, which no figurant path touches).
fn fewest_moves(v: Variant, kind: char, cell: &str, wk: &str, bk: &str) -> u32 {
    let game = game_of(v);
    let mut seen = BTreeSet::new();
    let mut queue = VecDeque::from([(cell.to_string(), 0)]);
    while let Some((c, d)) = queue.pop_front() {
        let text = format!("white: K{wk} {kind}{c}; black: K{bk}; turn white");
        let mut pos = parse_position(game, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        for k in engine_moves(&mut pos).into_keys() {
            if from_cell(&k) != c {
                continue;
            }
            if k.contains('=') {
                return d + 1;
            }
            let to = k[c.len()..].to_string();
            if seen.insert(to.clone()) {
                queue.push_back((to, d + 1));
            }
        }
    }
    panic!("{kind}{cell} never promotes")
}

/// A figurant crosses the board: from its start row 2 it reaches row 5 in
/// one move, then needs 7 single steps (the middle row 6, then rows 7..12):
/// 8 moves; from any cell of its own half at least 7. On square-9 a dog of
/// the setup (rank 2) needs 6 (to rank 4, then ranks 5..9). A pawn's
/// capture advances two rows on this board, so a pawn that captures four
/// times may promote in 5 moves (docs/COSMIC.md); this counts the march.
#[test]
fn a_figurant_crosses_the_board() {
    for c in ["c7", "e5", "g3"] {
        assert_eq!(fewest_moves(SD, 'P', c, "g1", "a7"), 8, "P{c}");
    }
    for c in ["d6", "f4"] {
        assert_eq!(fewest_moves(SD, 'H', c, "g1", "a7"), 8, "H{c}");
    }
    // Every cell of the own half: 8 before row 5, 7 from row 5.
    for c in runtime_cells_of_the_own_half() {
        let (x, y) = super::cosmic_ref::cell_xy(SD, &c).unwrap();
        let want = if x + y - 6 == 5 { 7 } else { 8 };
        assert_eq!(fewest_moves(SD, 'H', &c, "g1", "a7"), want, "H{c}");
    }
    for c in ["a2", "e2", "i2"] {
        assert_eq!(
            fewest_moves(Variant::Square9, 'H', c, "a1", "i1"),
            6,
            "square-9 H{c}"
        );
    }
}

/// White's own half, rows 0..5 less the two Kings' cells, as the engine's
/// board names its cells.
fn runtime_cells_of_the_own_half() -> Vec<String> {
    let game = game_of(SD);
    (0..game.cells())
        .map(|c| game.cell_name(c).to_string())
        .filter(|n| {
            let (x, y) = super::cosmic_ref::cell_xy(SD, n).unwrap();
            x + y - 6 <= 5 && n != "g1" && n != "a7"
        })
        .collect()
}
