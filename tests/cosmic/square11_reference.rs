//! The engine's `stdlib/cosmic/square-11.variant` (two players on 11x11,
//! pawns and dogs, rank 6 the middle row, 121 cells: the optional
//! next-to-last promotion) against the independent reference generator
//! `tests/support/cosmic_ref.rs` (its hand-checked self-tests are
//! `tests/cosmic/square11_reference_selftest.rs`). A module of the
//! cosmic_reference binary.
//!
//! Checks: start perft per root move (depth 3; depth 4 under `--ignored`),
//! constructed positions for the middle row with pawns (long moves onto or
//! across it refused, single steps in and out, en passant of a long move
//! up to it), the promotion classes and the next-to-last option, and random
//! games favouring rare moves.

use super::compare::Coverage;
use super::cosmic_ref::{RefPos, Variant};
use super::{assert_divide_agrees, both, engine_moves, game_of, random_game};
use runtime::Position;
use std::collections::BTreeSet;

const S11: Variant = Variant::Square11;

#[test]
fn s11_start_perft_agrees() {
    let mut pos = Position::start(game_of(S11));
    let reference = RefPos::start(S11);
    for d in 1..=3 {
        assert_divide_agrees(&mut pos, &reference, d, "square-11 start");
    }
}

/// Depth 4 of the start (`cargo test --profile ci --test cosmic_reference
/// s11 -- --ignored`); recorded in tests/perft/README.md.
#[test]
#[ignore]
fn s11_start_perft_agrees_at_depth_4() {
    let mut pos = Position::start(game_of(S11));
    assert_divide_agrees(&mut pos, &RefPos::start(S11), 4, "square-11 start");
}

/// Constructed positions: (name, position, moves played first, depth).
const POSITIONS: &[(&str, &str, &str, u32)] = &[
    // Pawns and dogs on every row kind: the own half (long moves up to
    // rank 5), rank 5 (one step onto the middle row), the middle row, the
    // enemy half; Black's alike; blocked and capturing.
    (
        "middle row with pawns",
        "white: Kk1 Pa3 Hb4 Pc5 Hd6 Pe7 Pf1 Pg5; black: Ka11 Pa9 Hb8 Pc7 He5 Pg6 Ph9 Nh6",
        "",
        3,
    ),
    // A long move to rank 5 passes rank 4 cells, open to en passant by a
    // pawn, a dog and a Bird of Black's; Black's to rank 7 likewise.
    (
        "en passant beside the middle row",
        "white: Kk1 Pc3 Hg7 Wi8; black: Ka11 Pd5 Hb4 Wd3 Ph9",
        "c3c5",
        3,
    ),
    (
        "black en passant",
        "white: Kk1 Pg7 Hi8 Pc3; black: Ka11 Ph9 Pd5",
        "c3c4 h9h7",
        3,
    ),
    // Promotion classes on 121 cells: far row (pawn to any piece, dog to
    // the medium class) and next-to-last (pawn optionally to the medium
    // class, dog optionally to Knight or Bishop), quiet and capturing.
    (
        "promotion classes",
        "white: Kk1 Pa10 Hc10 Pe9 Hg9 Pi10; black: Kk6 Rj11 Nd10 Pb2 Hh3",
        "",
        2,
    ),
    (
        "black promotion classes",
        "white: Kk11 Pa10 Nc1 Re2; black: Ka6 Pb2 Hd2 Pf3 Hh3; turn black",
        "",
        2,
    ),
];

#[test]
fn s11_constructed_positions_agree_per_root_move() {
    for &(name, text, moves, depth) in POSITIONS {
        let (mut pos, reference) = both(S11, text, moves);
        assert_divide_agrees(&mut pos, &reference, depth, name);
    }
}

/// Each constructed position holds the rule it is there for.
#[test]
fn s11_constructed_positions_reach_their_rules() {
    let keys = |name: &str| -> BTreeSet<String> {
        let &(_, text, moves, _) = POSITIONS.iter().find(|p| p.0 == name).unwrap();
        let (mut pos, _) = both(S11, text, moves);
        engine_moves(&mut pos).into_keys().collect()
    };
    let m = keys("middle row with pawns");
    for k in ["a3a5", "c5c6", "d6d7", "f1f5", "g5h6"] {
        assert!(m.contains(k), "{k}: {m:?}");
    }
    for k in ["a3a6", "f1f6", "c5c7", "b4b6"] {
        assert!(!m.contains(k), "{k}");
    }
    let e = keys("en passant beside the middle row");
    for k in ["d5c4/ep", "b4c4/ep", "d3c4/ep"] {
        assert!(e.contains(k), "{k}: {e:?}");
    }
    let b = keys("black en passant");
    for k in ["g7h8/ep", "i8h8/ep"] {
        assert!(b.contains(k), "{k}: {b:?}");
    }
    let p = keys("promotion classes");
    for k in [
        "a10a11=D", "c10c11=W", "c10d10", "c10d10=B", "e9e10", "e9e10=S",
    ] {
        assert!(p.contains(k), "{k}");
    }
    for k in ["a10a11", "c10c11=Q", "c10d10=F", "e9e10=Q", "g9g10=F"] {
        assert!(!p.contains(k), "{k}");
    }
    let q = keys("black promotion classes");
    for k in ["b2b1=M", "b2c1=T", "d2d1=W", "f3f2", "f3e2=F", "h3h2"] {
        assert!(q.contains(k), "{k}: {q:?}");
    }
}

#[test]
fn s11_random_games_agree_move_by_move() {
    let mut seen = Coverage::default();
    for seed in 45..=56 {
        random_game(S11, seed, 300, &mut seen);
    }
    assert!(seen.en_passant > 0 && seen.promotions > 0, "{seen:?}");
}
