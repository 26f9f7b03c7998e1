//! The engine's Cosmic games on triangles (stdlib/cosmic/tri-2p.variant,
//! two players on a hexagon of 96 triangles, and tri-3p.variant, three
//! players on a triangle of 121 standing on its point) against the
//! independent reference move generator tests/support/cosmic_tri_ref.rs,
//! written from docs/COSMIC.md ("Triangular boards") and the rules digest
//! by someone who had not read the engine, sharing no code with it (its
//! hand-checked self-tests are tests/cosmic/tri_reference_selftest.rs, run
//! in the cosmic_reference_selftest binary). These tests run in the
//! cosmic_reference binary.
//!
//! Checks: start perft per root move (depth 3; depth 4 under `--ignored`),
//! constructed positions aimed at each rule (a long move taken en passant,
//! free castling along strips, promotion on the half far row, figurants
//! stuck beyond it, Snake paths and Bird flights, a frozen army with three
//! players), and random games favouring rare moves, in which the legal-move
//! sets, the results and the scores must agree at every ply.

use super::compare::{self, cosmic_key, favour_rare, Coverage};
use super::cosmic_tri_ref::{RefEnd, RefPos, Variant};
use super::games;
use runtime::notation::parse_position;
use runtime::{Game, Move, Position};
use std::collections::BTreeMap;
use std::sync::OnceLock;

fn tri2p() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(
        &GAME,
        "stdlib/cosmic/tri-2p.variant",
        games::Claims::Skipped,
    )
}

fn tri3p() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(
        &GAME,
        "stdlib/cosmic/tri-3p.variant",
        games::Claims::Skipped,
    )
}

fn game_of(v: Variant) -> &'static Game {
    match v {
        Variant::Tri2p => tri2p(),
        Variant::Tri3p => tri3p(),
    }
}

compare::cosmic_oracle!(RefPos, RefEnd);

fn engine_moves(pos: &mut Position) -> BTreeMap<String, Move> {
    compare::engine_moves(pos, cosmic_key)
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
    for v in [Variant::Tri2p, Variant::Tri3p] {
        let mut pos = Position::start(game_of(v));
        let reference = RefPos::start(v);
        for d in 1..=3 {
            compare::assert_divide_agrees(
                &mut pos,
                &reference,
                d,
                &format!("{v:?} start"),
                cosmic_key,
            );
        }
    }
}

/// Depth 4 of both starts: 3.7 and 2.6 million leaves, about 15 s for the
/// reference in release (`cargo test --release --test cosmic_reference --
/// --ignored`); recorded in tests/perft/README.md.
#[test]
#[ignore]
fn start_perft_agrees_at_depth_4() {
    for v in [Variant::Tri2p, Variant::Tri3p] {
        let mut pos = Position::start(game_of(v));
        let what = format!("{v:?} start");
        compare::assert_divide_agrees(&mut pos, &RefPos::start(v), 4, &what, cosmic_key);
    }
}

/// Constructed positions, each aimed at rules the start rarely reaches.
const POSITIONS: &[(Variant, &str, &str, &str, u32)] = &[
    // White's dog runs e2-e3-d3-d4 up the north-west strip; Black's pawn c4,
    // whose forward diagonal cell is d3, takes there en passant.
    (
        Variant::Tri2p,
        "en passant after a long move",
        "white: Kg1 He2; black: Ki8 Pc4",
        "e2d4",
        3,
    ),
    // Free castling along strips: the row (Rook d1, Teacher j1) and an
    // upward strip (Bird).
    (
        Variant::Tri2p,
        "castling along strips",
        "white: Kg1 Rd1 Tj1 Wd3; black: Ki8",
        "",
        2,
    ),
    // Promotion on d8..g8 only: the pawn f7 steps or takes onto the far
    // half row, the dog d7 to d8 (a light piece); h8 and beyond are plain.
    (
        Variant::Tri2p,
        "promotion on the half far row",
        "white: Kg1 Pf7 Hd7 Ph7 Qa4 Sb4 Tc4 Nf4 Bh4; black: Kl1 Ne8",
        "",
        2,
    ),
    // Figurants beyond the promotion half: j8, an up cell, steps sideways
    // to k8 (i8 is taken); i8, a down one, has no move.
    (
        Variant::Tri2p,
        "figurants stuck beyond the half row",
        "white: Kg1 Pi8 Pj8; black: Kd5",
        "",
        3,
    ),
    // Snake paths and Bird flights over pieces from the middle.
    (
        Variant::Tri3p,
        "snake and bird",
        "white: Kk1 Sk8 Wk6 Nj7; red: Ku11 Bm9 Hl8; black: Ka11 Rg8",
        "",
        3,
    ),
    // White is out: its Rook attacks nothing, its King blocks Red's Rook.
    (
        Variant::Tri3p,
        "frozen army",
        "white: Kk1 Rk3; red: Ku11 Rk6; black: Ka11 Qf8; turn red; out white",
        "",
        3,
    ),
];

#[test]
fn constructed_positions_agree_per_root_move() {
    for &(v, name, text, moves, depth) in POSITIONS {
        let (mut pos, reference) = both(v, text, moves);
        compare::assert_divide_agrees(&mut pos, &reference, depth, name, cosmic_key);
    }
}

/// Each constructed position does hold the rule it is there for.
#[test]
fn constructed_positions_reach_their_rules() {
    let has = |name: &str, wanted: &str| {
        let &(v, _, text, moves, _) = POSITIONS.iter().find(|p| p.1 == name).unwrap();
        let (mut pos, _) = both(v, text, moves);
        let keys: Vec<String> = engine_moves(&mut pos).into_keys().collect();
        assert!(
            keys.iter().any(|k| k == wanted),
            "{name}: {wanted} not in {keys:?}"
        );
    };
    has("en passant after a long move", "c4d3/ep");
    has("castling along strips", "g1e1/castle/d1");
    has("castling along strips", "g1i1/castle/j1");
    has("promotion on the half far row", "f7f8=Q");
    has("promotion on the half far row", "f7e8=S");
    has("promotion on the half far row", "d7d8=N");
    has("figurants stuck beyond the half row", "j8k8");
    // The Bird flies over its own Knight j7; the Snake zig-zags k8 l9 m8 n7.
    has("snake and bird", "k6h9");
    has("snake and bird", "k8n7");
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
    let mut two = Coverage::default();
    for seed in 1..=10 {
        random_game(Variant::Tri2p, seed, 300, &mut two);
    }
    let mut three = Coverage::default();
    for seed in 11..=20 {
        random_game(Variant::Tri3p, seed, 300, &mut three);
    }
    eprintln!("two players: {two:?}\nthree players: {three:?}");
    for seen in [&two, &three] {
        assert!(seen.castlings > 0 && seen.promotions > 0, "{seen:?}");
    }
    // En passant is rare in random play here; the constructed positions
    // hold it too.
    assert!(two.en_passant + three.en_passant > 0, "{two:?} {three:?}");
    assert!(three.passes > 0 && three.outs > 0, "{three:?}");
}
