//! The engine's Cosmic game on a round board (stdlib/cosmic/round-2p.variant)
//! against the independent reference move generator
//! tests/support/cosmic_round_ref.rs, written from docs/COSMIC.md ("Round
//! boards") and docs/LANGUAGE.md by someone who had not read the engine,
//! sharing no code with it (its hand-checked self-tests are
//! tests/cosmic/round_reference_selftest.rs, in the cosmic_reference_selftest
//! binary). These tests run in the cosmic_reference binary.
//!
//! Checks: start perft per root move (depth 3; depth 4 under `--ignored`),
//! constructed positions (rides through the centre and round the rings,
//! castling the short way round, figurants' long moves round the rings up to
//! the first buoy line and in along it, their single steps beside the
//! centre and on the far half, level dog captures, promotion, dogs taking
//! en passant after both kinds of long move), and random games favouring
//! rare moves, compared move list by move list with their results.

use super::compare::{self, cosmic_key, favour_rare, Coverage};
use super::cosmic_round_ref::{RefEnd, RefPos, Variant};
use super::games;
use runtime::notation::parse_position;
use runtime::{Game, Position};
use std::sync::OnceLock;

fn round2p() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(
        &GAME,
        "stdlib/cosmic/round-2p.variant",
        games::Claims::Skipped,
    )
}

compare::cosmic_oracle!(RefPos, RefEnd);

#[test]
fn start_perft_agrees() {
    let mut pos = Position::start(round2p());
    let reference = RefPos::start(Variant::Round2p);
    for d in 1..=3 {
        compare::assert_divide_agrees(&mut pos, &reference, d, "round start", cosmic_key);
    }
}

/// Depth 4: 2,481,912 leaves, about 5 s for the reference in the ci profile;
/// recorded in tests/perft/README.md.
#[test]
#[ignore]
fn start_perft_agrees_at_depth_4() {
    let mut pos = Position::start(round2p());
    let reference = RefPos::start(Variant::Round2p);
    compare::assert_divide_agrees(&mut pos, &reference, 4, "round start", cosmic_key);
}

/// Constructed positions, each aimed at rules the start rarely reaches.
const POSITIONS: &[(&str, &str, u32)] = &[
    // Rooks through the centre and round the rings, a King beside z0.
    ("rides", "white: Ke1 Ra3 Rz0; black: Km1 Nm6 Fc6", 3),
    // Castling the short way round the rim, and along a radius.
    ("castling", "white: Ke1 Rb1 Wh1 Te4; black: Km1 Nn1 Nl1", 2),
    // Figurants beside the centre step round it, never onto or over it;
    // on the far half they go out or round towards the top to promote on
    // the opponent's starting cells; dogs take forward and level.
    (
        "figurants",
        "white: Ke1 Pb6 Hc6 Pl3 Hk2 Hd4; black: Km1 Hd6 Nj1 Ne4 Rj6",
        2,
    ),
    // Long moves: round the ring up to the first buoy line (d3, e2) and
    // in along it (a1, h1), both players, with pieces in the way.
    (
        "long moves",
        "white: Ke1 Pd3 He2 Pa1 Hh1 Nb3; black: Km1 Pl3 Hm2 Pi1 Hp1 Nj3",
        2,
    ),
    // A pawn's ring run passed by dogs that take en passant (or step there
    // quietly), and a straight run passed by dogs on the next sector.
    (
        "en passant round",
        "white: Ke1 Pd2; black: Km1 Hb3 Hc3; turn white",
        2,
    ),
    (
        "en passant straight",
        "white: Ke1 Pa1; black: Km1 Hp2 Hp3; turn white",
        2,
    ),
    // An en-passant capture that promotes on a Black promotion cell.
    (
        "en passant promotes",
        "white: Kh4 Pc1; black: Kp5 Hb2; turn white",
        2,
    ),
];

#[test]
fn constructed_positions_agree_per_root_move() {
    for &(name, text, depth) in POSITIONS {
        let mut pos = parse_position(round2p(), text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let reference =
            RefPos::from_text(Variant::Round2p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        compare::assert_divide_agrees(&mut pos, &reference, depth, name, cosmic_key);
    }
}

#[test]
fn random_games_agree_move_by_move() {
    let mut seen = Coverage::default();
    for seed in 1..=12 {
        let mut pos = Position::start(round2p());
        let mut reference = RefPos::start(Variant::Round2p);
        compare::random_game(
            &mut pos,
            &mut reference,
            &Variant::Round2p,
            seed,
            300,
            cosmic_key,
            favour_rare,
            &mut seen,
        );
    }
    eprintln!("round: {seen:?}");
    assert!(seen.castlings > 0 && seen.promotions > 0, "{seen:?}");
}

/// Random games from a position crowded with figurants of both players on
/// each other's long-move paths (ring runs, straight runs along the buoy
/// lines), so that en passant, level dog captures and promotions happen.
#[test]
fn random_games_among_figurants_agree_move_by_move() {
    let text = "white: Ke1 Pd2 He3 Pa1 Hh1 Pg4 Hc4 Rc1; \
                black: Km1 Hb3 Hc5 Hp2 Hg3 Pl3 Pk4 Ho4 Hi2 Rk1; turn white";
    let mut seen = Coverage::default();
    for seed in 1..=12 {
        let mut pos = parse_position(round2p(), text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut reference =
            RefPos::from_text(Variant::Round2p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        compare::random_game(
            &mut pos,
            &mut reference,
            &"round figurants",
            seed,
            200,
            cosmic_key,
            favour_rare,
            &mut seen,
        );
    }
    eprintln!("round figurants: {seen:?}");
    assert!(seen.en_passant > 0 && seen.promotions > 0, "{seen:?}");
}
