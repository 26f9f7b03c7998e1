//! The engine's Cosmic games on hexagons (stdlib/cosmic/hex-3p.variant,
//! three players on pointy-topped cells, hex-6p.variant, six players
//! on flat-topped cells, and the two-player games hex-2p.variant (127
//! pointy-topped cells), hex-2p-corner.variant and hex-2p-rhombus.variant
//! (Glinski's board, the V and the rhombus setups)) against the independent reference move generator
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

fn hex2p(v: Variant) -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    static CORNER: OnceLock<Game> = OnceLock::new();
    static RHOMBUS: OnceLock<Game> = OnceLock::new();
    let (cell, file) = match v {
        Variant::Hex2pCorner => (&CORNER, "stdlib/cosmic/hex-2p-corner.variant"),
        Variant::Hex2pRhombus => (&RHOMBUS, "stdlib/cosmic/hex-2p-rhombus.variant"),
        _ => (&GAME, "stdlib/cosmic/hex-2p.variant"),
    };
    games::shared(cell, file, games::Claims::Skipped)
}

fn game_of(v: Variant) -> &'static Game {
    match v {
        Variant::Hex3p => hex3p(),
        Variant::Hex6p => hex6p(),
        Variant::Hex2p | Variant::Hex2pCorner | Variant::Hex2pRhombus => hex2p(v),
    }
}

/// The two-player games.
const TWO: [Variant; 3] = [Variant::Hex2p, Variant::Hex2pCorner, Variant::Hex2pRhombus];

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
    for v in [Variant::Hex3p, Variant::Hex6p].into_iter().chain(TWO) {
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

/// Depth 4 of the two-player starts: 134.3, 39.4 and 59.5 million leaves
/// (`cargo test --profile ci --test cosmic_reference hex2p_start -- --ignored`);
/// recorded in tests/perft/README.md.
#[test]
#[ignore]
fn hex2p_start_perft_agrees_at_depth_4() {
    let only = std::env::var("HEX2P_VARIANT").ok();
    for v in TWO {
        if only.as_deref().is_some_and(|o| o != format!("{v:?}")) {
            continue;
        }
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
    // Two players on 127 cells: pawns and dogs one step from the far row n
    // (mandatory promotion; a dog only to N B F W S) and from the
    // next-to-last row m (optional: stay, or a pawn to N B F W S, a dog to
    // N B), by quiet steps and by captures; Black's the same on b and a.
    (
        Variant::Hex2p,
        "two players: far and next-to-last rows",
        "white: Kg1 Pm8 Hm14 Pl9 Hl13; black: Kg25 Nn11 Rm12 Pc11 Hb14; turn white",
        "",
        3,
    ),
    // The middle row g: a long move stops on row f; g is entered by one
    // step and left by one; en passant of a long move inside the half.
    (
        Variant::Hex2p,
        "two players: middle row and en passant",
        "white: Ka13 Pc9 Hf14 Pg17; black: Kn13 Pe11 Hh12 Pk14; turn white",
        "",
        3,
    ),
    // The same after White's long move c9 to f6, past d8 and e7: Black's
    // pawn e11 takes on d8 en passant, promoting nothing (row d is not
    // Black's next-to-last row b).
    (
        Variant::Hex2p,
        "two players: en passant after a long move",
        "white: Ka13 Pc9 Hf14 Pg17; black: Kn13 Pe11 Hh12 Pk14; turn white",
        "c9f6",
        3,
    ),
    // Free castling on the 127-cell board along two edge axes.
    (
        Variant::Hex2p,
        "two players: castling",
        "white: Ka13 Ra7 Wd10 Tc15; black: Kn13 Rn7; turn white",
        "",
        2,
    ),
    // The V game: figurants one step from the far /\, the trimmed
    // corners a6 and l6 among them (no promotion there), and Black's.
    (
        Variant::Hex2pCorner,
        "corner: the far V",
        "white: Kh5 Pa5 Pb6 Hf10 Pk6 Hl5; black: Kd5 Pa2 Hb2 Pf2 Pl2 Hk2; turn white",
        "",
        3,
    ),
    // The rhombus game: b7 and k7 lie on the far /\ but outside Black's
    // starting cells: no promotion there; c8 and i8 promote.
    (
        Variant::Hex2pRhombus,
        "rhombus: the far row trimmed",
        "white: Kh5 Pb6 Pc7 Hi7 Pk6; black: Kd5 Pb2 Hc2 Pi2 Pk2; turn white",
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
    has("two players: far and next-to-last rows", "m8n9=D");
    has("two players: far and next-to-last rows", "m14n15=W");
    has("two players: far and next-to-last rows", "l9m10=S");
    has("two players: far and next-to-last rows", "l13m12=B");
    has("two players: far and next-to-last rows", "l9m12=N");
    has("two players: far and next-to-last rows", "m8n11=M");
    has("two players: far and next-to-last rows", "l9m10");
    has("two players: middle row and en passant", "f14g15");
    has("two players: en passant after a long move", "e11d8/ep");
    has("two players: castling", "a13a9/castle/a7");
    has("two players: castling", "a13b14/castle/c15");
    has("two players: castling", "a13c11/castle/d10");
    has("two players: middle row and en passant", "c9f6");
    has("corner: the far V", "b6b7=Q");
    has("corner: the far V", "a5a6");
    has("rhombus: the far row trimmed", "c7c8=Q");
    has("rhombus: the far row trimmed", "b6b7");
    // And what the rules forbid is absent.
    let lacks = |name: &str, unwanted: &str| {
        let &(v, _, text, moves, _) = POSITIONS.iter().find(|p| p.1 == name).unwrap();
        let (mut pos, _) = both(v, text, moves);
        let keys: Vec<String> = engine_moves(&mut pos).into_keys().collect();
        assert!(
            !keys.iter().any(|k| k == unwanted),
            "{name}: {unwanted} in {keys:?}"
        );
    };
    lacks("two players: far and next-to-last rows", "m8n9");
    lacks("two players: far and next-to-last rows", "m14n15=Q");
    lacks("two players: far and next-to-last rows", "l9m10=Q");
    lacks("two players: far and next-to-last rows", "l13m12=F");
    lacks("two players: middle row and en passant", "f14h16");
    lacks("corner: the far V", "a5a6=Q");
    lacks("rhombus: the far row trimmed", "b6b7=Q");
    lacks("rhombus: the far row trimmed", "c7c8");
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

/// The two-player games: random games favouring rare moves, move list by
/// move list (castlings, en passant and promotions, the next-to-last
/// promotion on 127 cells among them).
#[test]
fn two_player_random_games_agree_move_by_move() {
    for (v, seeds) in [
        (Variant::Hex2p, 31..=38),
        (Variant::Hex2pCorner, 41..=46),
        (Variant::Hex2pRhombus, 51..=56),
    ] {
        let mut seen = Coverage::default();
        for seed in seeds {
            random_game(v, seed, 300, &mut seen);
        }
        eprintln!("{v:?}: {seen:?}");
        assert!(
            seen.castlings > 0 && seen.en_passant > 0 && seen.promotions > 0,
            "{v:?}: {seen:?}"
        );
    }
}
