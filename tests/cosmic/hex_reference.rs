//! The engine's Cosmic games on hexagons (stdlib/cosmic/hex-3p.variant,
//! three players on pointy-topped cells, and hex-6p.variant, six players
//! on flat-topped cells) against the independent reference move generator
//! tests/support/cosmic_hex_ref.rs, written from shared/rules/cosmic.md
//! and docs/COSMIC.md by someone who had not read the engine, sharing no
//! code with it (its hand-checked self-tests are
//! tests/cosmic/hex_reference_selftest.rs, run in the
//! cosmic_reference_selftest binary). These tests run in the
//! cosmic_reference binary.
//!
//! Checks: start perft per root move (depth 3; depth 4 under `--ignored`),
//! constructed positions aimed at each rule (long moves and en passant
//! along every quiet direction, promotion classes, free castling along
//! the three edge axes, Snake paths, pass and out, a frozen army, the end
//! with two players left), and random games favouring rare moves, six-player
//! games with frozen armies among them, in which the legal-move sets, the
//! results and the scores must agree at every ply.

use super::compare::{self, cosmic_key, favour_rare, Coverage};
use super::cosmic_hex_ref::{RefEnd, RefPos, Variant};
use super::games;
use runtime::notation::parse_position;
use runtime::{Game, Move, Position};
use std::collections::BTreeMap;
use std::sync::OnceLock;

fn hex3p() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(
        &GAME,
        "stdlib/cosmic/hex-3p.variant",
        games::Claims::Skipped,
    )
}

fn hex6p() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(
        &GAME,
        "stdlib/cosmic/hex-6p.variant",
        games::Claims::Skipped,
    )
}

fn game_of(v: Variant) -> &'static Game {
    match v {
        Variant::Hex3p => hex3p(),
        Variant::Hex6p => hex6p(),
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
    for v in [Variant::Hex3p, Variant::Hex6p] {
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

/// Depth 4 of both starts: 18.5 and 4.5 million leaves, about 45 s for the
/// reference (`cargo test --release --test cosmic_reference --
/// --ignored`); recorded in tests/perft/README.md.
#[test]
#[ignore]
fn start_perft_agrees_at_depth_4() {
    for v in [Variant::Hex3p, Variant::Hex6p] {
        let mut pos = Position::start(game_of(v));
        let what = format!("{v:?} start");
        compare::assert_divide_agrees(&mut pos, &RefPos::start(v), 4, &what, cosmic_key);
    }
}

/// Constructed positions, each aimed at rules the start rarely reaches.
const POSITIONS: &[(Variant, &str, &str, &str, u32)] = &[
    // White's pawn c8 runs up-right to e10 past d9: Red's pawn e12 and
    // Bird c12 take there en passant (the Bird may also fly there), Black's
    // pawn c6, not next, may not.
    (
        Variant::Hex3p,
        "en passant, next player only",
        "white: Kc18 Pc8; red: Kl12 Pe12 Wc12; black: Kh3 Pc6",
        "c8e10",
        3,
    ),
    // A three-cell run passes two cells; a Red dog takes on the first.
    (
        Variant::Hex3p,
        "en passant by a dog",
        "white: Kc18 Pb7; red: Kl12 Hc10; black: Kh3",
        "b7e10",
        3,
    ),
    // Six players: a White dog runs along the 60-degree edge (1,0), e2 to
    // i3, and Red's pawn takes on g3.
    (
        Variant::Hex6p,
        "en passant along a slanted edge",
        "white: Kh1 He2; red: Kl3 Pi2; yellow: Ki8; black: Kd9; blue: Ka3; green: Kc1",
        "e2i3",
        3,
    ),
    // Free castling along the three edge axes, four partners at once.
    (
        Variant::Hex3p,
        "castling along three axes",
        "white: Ka10 Ra6 Wa14 Fe14 Td7; red: Kl12; black: Kh3",
        "",
        2,
    ),
    // Promotion classes on the far row: a pawn to any piece, a dog to the
    // medium class.
    (
        Variant::Hex3p,
        "promotion classes",
        "white: Kc18 Pk13 Hk9; red: Kh19 Rl16; black: Kd3 Nk11",
        "",
        2,
    ),
    // Snake paths from the centre, blocked by an own Knight and a Bishop
    // it may take.
    (
        Variant::Hex3p,
        "snake paths",
        "white: Kc18 Sf11 Ng14; red: Kl12 Bi14; black: Kd3",
        "",
        3,
    ),
    // White, without a move, passes; still without one a round later, out.
    (
        Variant::Hex3p,
        "pass then out",
        "white: Ka6; red: Kh19 Rb17 Rk17; black: Ki4 Rl14",
        "",
        4,
    ),
    // White is out: its Rook and Bishop attack nothing, its King blocks
    // Red's Rook and Black's Bird.
    (
        Variant::Hex3p,
        "frozen army",
        "white: Kf11 Rf21 Bd3; red: Rf5 Kl12; black: Kf17 Wf15; turn red; out white",
        "",
        3,
    ),
    // Two players left: a mate or a stalemate ends the game at once.
    (
        Variant::Hex3p,
        "two left",
        "white: Ka6 Qc16 Bd9 Bc14; red: Kf21; black: Kh3; turn red; out black",
        "",
        3,
    ),
    // Six players, two of them out: their armies frozen on the board.
    (
        Variant::Hex6p,
        "six players, two frozen",
        "white: Kf1 Re1 Wg1 Pf4; red: Kl1 Ri1 Hk2; yellow: Kl6 Tk6; black: Kf11 Nf9 Re10; blue: Ka6 Wb7 Pb6; green: Ka1 Rc1; turn white; out red black",
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
    has("en passant, next player only", "e12d9/ep");
    has("en passant, next player only", "c12d9/ep");
    has("en passant by a dog", "c10c8/ep");
    has("en passant along a slanted edge", "i2g3/ep");
    has("castling along three axes", "a10d13/castle/e14");
    has("castling along three axes", "a10c8/castle/d7");
    has("promotion classes", "k13l16=M");
    has("promotion classes", "k9l8=W");
    has("snake paths", "f11i14");
    has("pass then out", "pass");
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
    let mut three = Coverage::default();
    for seed in 1..=10 {
        random_game(Variant::Hex3p, seed, 300, &mut three);
    }
    let mut six = Coverage::default();
    for seed in 11..=20 {
        random_game(Variant::Hex6p, seed, 400, &mut six);
    }
    eprintln!("three players: {three:?}\nsix players: {six:?}");
    // The games did reach the rare rules they are meant to test, frozen
    // armies among six players included.
    for seen in [&three, &six] {
        assert!(
            seen.castlings > 0 && seen.en_passant > 0 && seen.promotions > 0 && seen.passes > 0,
            "{seen:?}"
        );
    }
    assert!(six.outs > 0, "{six:?}");
}
