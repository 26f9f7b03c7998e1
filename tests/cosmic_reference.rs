//! The engine's Cosmic games on squares (stdlib/cosmic/square-10.variant,
//! square-9.variant, square-4p.variant; square-diag.variant and
//! square-11.variant in the modules `cosmic/diag_reference.rs` and
//! `cosmic/square11_reference.rs`) against the independent reference move generator
//! (tests/support/cosmic_ref.rs, written from shared/rules/cosmic.md and
//! docs/COSMIC.md by someone who had not read the engine, sharing no code
//! with it; its hand-checked self-tests are tests/cosmic_reference_selftest.rs).
//!
//! Checks: start perft per root move, constructed positions that exercise
//! each rule (Bird flights and its en passant, Snake paths, every form of
//! free castling, promotion classes, the middle row; for four players passes,
//! a mate lifted within the round, a confirmed mate and its frozen army, the
//! flank rule), and random games that
//! favour rare moves, in which the legal-move sets and the results must
//! agree at every ply.

#[path = "support/compare.rs"]
mod compare;
#[path = "support/cosmic_core.rs"]
mod cosmic_core;
#[path = "support/cosmic_hex_ref.rs"]
mod cosmic_hex_ref;
#[path = "support/cosmic_ref.rs"]
mod cosmic_ref;
// The games on hexagons against their own reference (one test binary).
#[path = "support/games.rs"]
mod games;
#[path = "cosmic/hex_reference.rs"]
mod hex;
// The games on triangles against theirs.
#[path = "support/cosmic_tri_ref.rs"]
mod cosmic_tri_ref;
#[path = "cosmic/tri_reference.rs"]
mod tri;
// The game on a round board against its own.
#[path = "support/cosmic_round_ref.rs"]
mod cosmic_round_ref;
#[path = "cosmic/round_reference.rs"]
mod round;
// The diagonal positioning and the odd board with pawns, games of the
// square-board reference `cosmic_ref.rs`, in modules of their own.
#[path = "cosmic/diag_reference.rs"]
mod diag;
#[path = "cosmic/square11_reference.rs"]
mod square11;

use compare::{cosmic_key, favour_rare, Coverage};
use cosmic_ref::{RefEnd, RefPos, Variant};
use runtime::notation::parse_position;
use runtime::{Game, Move, Position};
use std::collections::BTreeMap;
use std::sync::OnceLock;

fn square10() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(
        &GAME,
        "stdlib/cosmic/square-10.variant",
        games::Claims::Skipped,
    )
}

fn square9() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(
        &GAME,
        "stdlib/cosmic/square-9.variant",
        games::Claims::Skipped,
    )
}

fn square4p() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(
        &GAME,
        "stdlib/cosmic/square-4p.variant",
        games::Claims::Skipped,
    )
}

fn square_diag() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(
        &GAME,
        "stdlib/cosmic/square-diag.variant",
        games::Claims::Skipped,
    )
}

fn square11() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(
        &GAME,
        "stdlib/cosmic/square-11.variant",
        games::Claims::Skipped,
    )
}

fn game_of(v: Variant) -> &'static Game {
    match v {
        Variant::Square10 => square10(),
        Variant::Square9 => square9(),
        Variant::Square4p => square4p(),
        Variant::SquareDiag => square_diag(),
        Variant::Square11 => square11(),
    }
}

compare::cosmic_oracle!(RefPos, RefEnd);

fn engine_moves(pos: &mut Position) -> BTreeMap<String, Move> {
    compare::engine_moves(pos, cosmic_key)
}

fn assert_divide_agrees(pos: &mut Position, reference: &RefPos, depth: u32, what: &str) {
    compare::assert_divide_agrees(pos, reference, depth, what, cosmic_key);
}

/// A position on both sides: the general notation, then `moves` played.
fn both(v: Variant, text: &str, moves: &str) -> (Position<'static>, RefPos) {
    let game = game_of(v);
    let mut pos = parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut reference = RefPos::from_text(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    compare::play_both(&mut pos, &mut reference, moves, cosmic_key);
    (pos, reference)
}

#[test]
fn start_perft_agrees() {
    for (v, depth) in [
        (Variant::Square10, 3),
        (Variant::Square9, 4),
        (Variant::Square4p, 3),
    ] {
        let mut pos = Position::start(game_of(v));
        let reference = RefPos::start(v);
        for d in 1..=depth {
            assert_divide_agrees(&mut pos, &reference, d, &format!("{v:?} start"));
        }
    }
}

/// Depth 4 of the 10x10 start: 15.6 million leaves, about 20 s for the
/// reference (`cargo test --release --test cosmic_reference -- --ignored`);
/// recorded in tests/perft/README.md.
#[test]
#[ignore]
fn start_perft_agrees_at_depth_4_on_10x10() {
    let mut pos = Position::start(square10());
    assert_divide_agrees(
        &mut pos,
        &RefPos::start(Variant::Square10),
        4,
        "square-10 start",
    );
}

/// Constructed positions, each aimed at rules the start rarely reaches.
const POSITIONS: &[(Variant, &str, &str, &str, u32)] = &[
    // Black's long pawn move e8e6 opens e7 to the Bird (d6), the dog (d7,
    // sideways) and the pawn (f6) en passant, on the next move only.
    (
        Variant::Square10,
        "bird, dog and pawn take en passant",
        "white: Ka1 Wd6 Hd7 Pf6; black: Kj10 Pe8 Hb8; turn black",
        "e8e6",
        3,
    ),
    // Flights over pieces in every direction, knight leaps, captures on the
    // diagonal neighbours only.
    (
        Variant::Square10,
        "bird flights",
        "white: Ke1 We5 Pe6 Pd5 Nf4 Rc3; black: Kj10 Nd6 Bf6 Qe9 Pa9; turn white",
        "",
        3,
    ),
    // Snake paths blocked, captures at the first occupied cell.
    (
        Variant::Square10,
        "snake paths",
        "white: Ke1 Se5 Pe7 Nd6 Sc2; black: Kj10 Rg5 Bh8 Sf8; turn white",
        "",
        3,
    ),
    // Free castling three ways at once, out of check: a Rook that moved
    // (a1) on the rank, a Fish (h1), a Bird up the file (e4); c1 attacked.
    (
        Variant::Square10,
        "free castling out of check",
        "white: Ke1 Ra1 Fh1 We4 Pj2; black: Kj10 Rc10 Bb4; turn white",
        "",
        2,
    ),
    // A Teacher beside the King (only the swap), a Rook far up the file.
    (
        Variant::Square10,
        "teacher swap and vertical rook castling",
        "white: Ke1 Tf1 Re7 Pd2 Ba1; black: Ki10 Ha5; turn white",
        "",
        3,
    ),
    // The King has moved (and came back): no castling at all.
    (
        Variant::Square10,
        "no castling after a king move",
        "white: Ke1 Ra1 Rj1 Te5; black: Ke10; turn white; moved e1",
        "",
        2,
    ),
    // Promotion classes on 100 cells: a pawn to any piece on the far rank,
    // a pawn optionally on the next-to-last, a dog (pawns play) to the
    // medium class, a dog optionally to Knight or Bishop.
    (
        Variant::Square10,
        "promotion classes",
        "white: Ka1 Pb9 Pc8 Hd9 He8; black: Kj1 Rj10 Nc10; turn white",
        "",
        2,
    ),
    // The middle row of 9x9: entered and left by single steps only; long
    // moves end on rank 4 (White) and 6 (Black).
    (
        Variant::Square9,
        "middle row",
        "white: Ke1 Ha4 Hb5 Hc2 Hg2; black: Ke9 Hd6 He5 Hf8 Hh4; turn white",
        "",
        4,
    ),
    // Dogs only: a dog promotes to any piece of the game.
    (
        Variant::Square9,
        "dog promotes to anything",
        "white: Ka1 He8 Hf8; black: Ki1 Rd9 Bg9; turn white",
        "",
        2,
    ),
    // A dog's long move opens its passed cell to a dog beside it.
    (
        Variant::Square9,
        "dog takes dog en passant",
        "white: Ke1 Hc2 Hf2; black: Ke9 Hd3 Hg4; turn white",
        "c2c4",
        3,
    ),
    // Black's long dog move passes d7; White's dog beside it on the enemy
    // half takes sideways en passant; the middle row is entered by one step.
    (
        Variant::Square9,
        "black long move, white dog takes en passant",
        "white: Ke1 Hc7 Hg4; black: Ke9 Hd8 Hh6; turn black",
        "d8d6",
        3,
    ),
    // The Fish beyond the cells between: the King next to it or onto it.
    (
        Variant::Square9,
        "fish castling",
        "white: Ke1 Fi1 Ra1 Hd2 He2; black: Ke9 Bb4; turn white",
        "",
        3,
    ),
    // Four players. Blue (a1) is mated by the Rooks on a12 and b12 and
    // passes; Red may take the b12 Rook (l12xb12) before Blue's next turn,
    // lifting the mate; otherwise Blue goes out.
    (
        Variant::Square4p,
        "mate lifted within the round",
        "white: Kf1 Ra12 Rb12; red: Kl6 Rl12; black: Kg10; blue: Ka1; turn blue",
        "",
        5,
    ),
    // Blue passed last turn and is still mated: out. Its frozen pawn d8
    // then attacks nothing and is taken by the d12 Rook; its King stays.
    (
        Variant::Square4p,
        "confirmed mate, frozen army taken",
        "white: Kf1 Ra12 Rb12 Rd12 Ne8; red: Kl6; black: Kg10; blue: Ka1 Pd8; turn blue; passed blue",
        "",
        4,
    ),
    // Stalemate: Blue (a1) is not in check but cannot move; it passes, and
    // at its next turn goes out unless someone frees it.
    (
        Variant::Square4p,
        "stalemate pass and out",
        "white: Kf4 Rb12 Rl2; red: Kl7 Nk9; black: Kg10 Bh11; blue: Ka1; turn blue",
        "",
        5,
    ),
    // Blue is out: its frozen King c6 stops the Bird's flight along rank 6
    // (d6, not b6 or a6); other pieces it flies over.
    (
        Variant::Square4p,
        "a frozen king stops a flight",
        "white: Kf1 We6 Pe8; red: Kl6 Nd6; black: Kg10; blue: Kc6 Pb3; turn white; out blue",
        "",
        3,
    ),
    // The flank rule: White's c-file pawn on its own half takes only to the
    // right (d5, not b5); its j-file dog only inwards (i5) and forward.
    (
        Variant::Square4p,
        "flank figurants",
        "white: Kf1 Pc4 Hj5; red: Kl6; black: Kg12 Nb5 Nd5 Ni5 Nk5 Nj6; blue: Ka6; turn white",
        "",
        2,
    ),
];

#[test]
fn constructed_positions_agree_per_root_move() {
    for &(v, name, text, moves, depth) in POSITIONS {
        let (mut pos, reference) = both(v, text, moves);
        assert_divide_agrees(&mut pos, &reference, depth, name);
    }
}

/// Each constructed position does hold the rule it is there for.
#[test]
fn constructed_positions_reach_their_rules() {
    let has = |name: &str, wanted: &dyn Fn(&str) -> bool| {
        let &(v, _, text, moves, _) = POSITIONS.iter().find(|p| p.1 == name).unwrap();
        let (mut pos, _) = both(v, text, moves);
        let keys: Vec<String> = engine_moves(&mut pos).into_keys().collect();
        assert!(keys.iter().any(|k| wanted(k)), "{name}: {keys:?}");
    };
    has("bird, dog and pawn take en passant", &|k| k == "d6e7/ep");
    has("bird, dog and pawn take en passant", &|k| k == "d7e7/ep");
    has("bird, dog and pawn take en passant", &|k| k == "f6e7/ep");
    has("bird flights", &|k| k == "e5e8");
    has("snake paths", &|k| k == "e5f2");
    has("free castling out of check", &|k| k == "e1b1/castle/a1");
    has("free castling out of check", &|k| k == "e1h1/castle/h1");
    has("free castling out of check", &|k| k == "e1e4/castle/e4");
    has("teacher swap and vertical rook castling", &|k| {
        k == "e1f1/castle/f1"
    });
    has("teacher swap and vertical rook castling", &|k| {
        k == "e1e6/castle/e7"
    });
    has("promotion classes", &|k| k == "c8c9");
    has("promotion classes", &|k| k == "c8c9=W");
    has("promotion classes", &|k| k == "b9b10=M");
    has("promotion classes", &|k| k == "e8e9=B");
    has("dog promotes to anything", &|k| {
        k == "f8f9=Q" || k == "e8e9=T"
    });
    has("dog takes dog en passant", &|k| k == "d3c3/ep");
    has("fish castling", &|k| k == "e1i1/castle/i1");
    has("black long move, white dog takes en passant", &|k| {
        k == "c7d7/ep"
    });
    has("mate lifted within the round", &|k| k == "pass");
    has("confirmed mate, frozen army taken", &|k| k == "out");
    has("stalemate pass and out", &|k| k == "pass");
    has("a frozen king stops a flight", &|k| k == "e6e10");
    let &(v, _, text, _, _) = POSITIONS
        .iter()
        .find(|p| p.1 == "a frozen king stops a flight")
        .unwrap();
    let (mut pos, _) = both(v, text, "");
    let keys: Vec<String> = engine_moves(&mut pos).into_keys().collect();
    assert!(
        !keys
            .iter()
            .any(|k| k == "e6b6" || k == "e6a6" || k == "e6d6"),
        "{keys:?}"
    );
    has("flank figurants", &|k| k == "c4d5");
    has("flank figurants", &|k| k == "j5i5");
    let &(v, _, text, _, _) = POSITIONS.iter().find(|p| p.1 == "flank figurants").unwrap();
    let (mut pos, _) = both(v, text, "");
    let keys: Vec<String> = engine_moves(&mut pos).into_keys().collect();
    assert!(!keys.iter().any(|k| k == "c4b5" || k == "j5k5"), "{keys:?}");
    // After `out` the frozen pawn is taken and the frozen King is no target.
    let (mut pos, _) = both(
        Variant::Square4p,
        "white: Kf1 Ra12 Rb12 Rd12 Ne8; red: Kl6; black: Kg10; blue: Ka1 Pd8; turn blue; passed blue",
        "out",
    );
    let keys: Vec<String> = engine_moves(&mut pos).into_keys().collect();
    assert!(keys.iter().any(|k| k == "d12d8"), "{keys:?}");
    assert!(!keys.iter().any(|k| k == "a12a1"), "{keys:?}");
    assert!(!pos.in_play(3), "blue is out");
}

fn random_game(v: Variant, seed: u64, plies: usize, seen: &mut Coverage) {
    let mut pos = Position::start(game_of(v));
    let mut reference = RefPos::start(v);
    compare::random_game(
        &mut pos,
        &mut reference,
        &v,
        seed,
        plies,
        cosmic_key,
        favour_rare,
        seen,
    );
}

#[test]
fn random_games_agree_move_by_move() {
    let mut seen = Coverage::default();
    for seed in 1..=12 {
        random_game(Variant::Square10, seed, 200, &mut seen);
    }
    for seed in 13..=24 {
        random_game(Variant::Square9, seed, 200, &mut seen);
    }
    for seed in 25..=32 {
        random_game(Variant::Square4p, seed, 240, &mut seen);
    }
    // The games did reach the rare rules they are meant to test.
    assert!(
        seen.castlings > 0 && seen.en_passant > 0 && seen.promotions > 0 && seen.passes > 0,
        "{seen:?}"
    );
}

/// Depth 4 of the four-player start: about 14 million leaves
/// (`cargo test --release --test cosmic_reference -- --ignored`);
/// recorded in tests/perft/README.md.
#[test]
#[ignore]
fn start_perft_agrees_at_depth_4_for_four() {
    let mut pos = Position::start(square4p());
    assert_divide_agrees(
        &mut pos,
        &RefPos::start(Variant::Square4p),
        4,
        "square-4p start",
    );
}
