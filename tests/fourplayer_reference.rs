//! The engine's four-player chess as chess.com plays it
//! (dsl-examples/four-player-teams.variant and four-player-ffa.variant)
//! against the independent reference move generator
//! (tests/support/fourplayer_ref.rs, written from the rules list of the
//! issue by someone who had not read the engine, sharing no code with it;
//! its hand-checked self-tests are tests/fourplayer_reference_selftest.rs).
//!
//! Checks: start perft per root move in both modes, constructed positions
//! (en passant open to every opponent until the pawn's owner moves again,
//! several cells at once, with promotion; castling both ways; partners who
//! neither capture nor check each other; a King never captured while its
//! owner plays, a dead one taken; mates and stalemates of both modes), and
//! random games that favour rare moves, in which the legal-move sets and the
//! results must agree at every ply.
//!
//! One convention differs and is bridged here: the reference eliminates a
//! player without a legal move at once, the engine gives that player a
//! single move, `out` (which the reference never lists). Engine perft below
//! plays such a forced `out` without counting it as a ply.

#[path = "support/fourplayer_ref.rs"]
mod fourplayer_ref;
#[path = "support/games.rs"]
mod games;

use fourplayer_ref::{Mode, RefEnd, RefPos};
use runtime::notation::parse_position;
use runtime::{Game, GameEnd, Move, MoveKind, Position};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

fn teams() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(
        &GAME,
        "dsl-examples/four-player-teams.variant",
        games::Claims::Skipped,
    )
}

fn ffa() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(
        &GAME,
        "dsl-examples/four-player-ffa.variant",
        games::Claims::Skipped,
    )
}

fn game_of(mode: Mode) -> &'static Game {
    match mode {
        Mode::Teams => teams(),
        Mode::FreeForAll => ffa(),
    }
}

const MODES: [Mode; 2] = [Mode::Teams, Mode::FreeForAll];

/// The reference's key of an engine move: `<from><to>`, a lowercase
/// promotion letter, `/ep` for en passant, `<king from><king to>/castle`.
fn key(game: &Game, mv: Move) -> String {
    let mut k = format!("{}{}", game.cell_name(mv.from()), game.cell_name(mv.to()));
    if let Some(kind) = mv.promotion() {
        k.push(game.ir().kinds[kind].letter.to_ascii_lowercase());
    }
    match mv.kind() {
        MoveKind::EnPassant => k += "/ep",
        MoveKind::Castle => k += "/castle",
        _ => {}
    }
    k
}

/// The legal moves, after playing a forced `out` (the reference has no
/// such move: see the file's comment).
fn engine_moves(pos: &mut Position) -> BTreeMap<String, Move> {
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let game = pos.game();
    let mut out = BTreeMap::new();
    for &m in &list {
        assert!(m.kind() != MoveKind::Out, "`out` is played before listing");
        let k = key(game, m);
        assert!(
            out.insert(k.clone(), m).is_none(),
            "the engine generates {k} twice"
        );
    }
    out
}

/// Plays every forced `out` of the side to move; how many it played.
fn settle(pos: &mut Position, played: &mut Vec<Move>) {
    loop {
        let mut list = Vec::new();
        pos.legal_moves(&mut list);
        match list.as_slice() {
            [only] if only.kind() == MoveKind::Out => {
                pos.make(*only);
                played.push(*only);
            }
            _ => return,
        }
    }
}

fn unsettle(pos: &mut Position, played: Vec<Move>) {
    for mv in played.into_iter().rev() {
        pos.unmake(mv);
    }
}

/// Perft where a forced `out` is no ply.
fn perft(pos: &mut Position, depth: u32) -> u64 {
    let mut played = Vec::new();
    settle(pos, &mut played);
    let n = if depth == 0 {
        1
    } else {
        let mut list = Vec::new();
        pos.legal_moves(&mut list);
        if depth == 1 && list.iter().all(|m| m.kind() != MoveKind::Out) {
            list.len() as u64
        } else {
            list.iter()
                .map(|&mv| {
                    pos.make(mv);
                    let n = perft(pos, depth - 1);
                    pos.unmake(mv);
                    n
                })
                .sum()
        }
    };
    unsettle(pos, played);
    n
}

fn engine_divide(pos: &mut Position, depth: u32) -> BTreeMap<String, u64> {
    let mut played = Vec::new();
    settle(pos, &mut played);
    let out = engine_moves(pos)
        .into_iter()
        .map(|(k, mv)| {
            pos.make(mv);
            let n = perft(pos, depth - 1);
            pos.unmake(mv);
            (k, n)
        })
        .collect();
    unsettle(pos, played);
    out
}

fn assert_divide_agrees(pos: &mut Position, reference: &RefPos, depth: u32, what: &str) {
    let engine = engine_divide(pos, depth);
    let oracle = reference.divide(depth);
    let diff = games::differences(&engine, &oracle);
    assert!(
        diff.is_empty(),
        "{what} depth {depth}:\n{}",
        diff.join("\n")
    );
}

/// A position on both sides: the general notation, then `moves` (in the
/// reference's keys) played.
fn both(mode: Mode, text: &str, moves: &str) -> (Position<'static>, RefPos) {
    let game = game_of(mode);
    let mut pos = parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut reference = RefPos::from_text(mode, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    for m in moves.split_whitespace() {
        settle(&mut pos, &mut Vec::new());
        let mv = *engine_moves(&mut pos)
            .get(m)
            .unwrap_or_else(|| panic!("{text}: the engine has no {m}"));
        reference
            .play(m)
            .unwrap_or_else(|e| panic!("{text}: the reference refuses {m}: {e}"));
        pos.make(mv);
    }
    settle(&mut pos, &mut Vec::new());
    (pos, reference)
}

#[test]
fn start_perft_agrees() {
    for mode in MODES {
        let mut pos = Position::start(game_of(mode));
        let reference = RefPos::start(mode);
        for d in 1..=3 {
            assert_divide_agrees(&mut pos, &reference, d, &format!("{mode:?} start"));
        }
    }
}

/// The published counts from the start, in both modes (the engine alone;
/// the perft table holds them too).
#[test]
fn start_perft_is_the_published_one() {
    for mode in MODES {
        let mut pos = Position::start(game_of(mode));
        let counts: Vec<u64> = (1..=4).map(|d| pos.perft(d)).collect();
        assert_eq!(counts, [20, 395, 7_800, 152_050], "{mode:?}");
    }
}

/// Constructed positions, each aimed at rules the start rarely reaches.
const POSITIONS: &[(Mode, &str, &str, &str, u32)] = &[
    // Red j2j4 opens j3; Blue b9d9 opens c9: two cells open at once, Yellow
    // may take on c9, Green on j3 (three plies after Red's double step).
    (
        Mode::Teams,
        "two passings open",
        "red: Kh1 Pi2 Pj2; blue: Ka7 Pb9; yellow: Kg14 Pd10; green: Kn8 Pk4; turn red",
        "j2j4 b9d9",
        3,
    ),
    (
        Mode::FreeForAll,
        "two passings open",
        "red: Kh1 Pi2 Pj2; blue: Ka7 Pb9; yellow: Kg14 Pd10; green: Kn8 Pk4; turn red",
        "j2j4 b9d9",
        3,
    ),
    // The passing stays open on Red's own turn, closes when Red moves.
    (
        Mode::Teams,
        "passing open until the owner moves",
        "red: Kh1 Pi2 Pj2; blue: Ka7 Pb9; yellow: Kg14 Pd10; green: Kn8 Pk4; turn red",
        "j2j4 b9c9 d10d9",
        4,
    ),
    // En passant and promotion in one move: file k is Blue's Teams
    // promotion file.
    (
        Mode::Teams,
        "en passant with promotion",
        "red: Kh1 Pk2; blue: Ka7 Pj2; yellow: Kg14; green: Kn8; turn red",
        "k2k4",
        3,
    ),
    (
        Mode::FreeForAll,
        "en passant with promotion",
        "red: Ke1 Ph2; blue: Ka7 Pg2; yellow: Kg14; green: Kn8; turn red",
        "h2h4",
        3,
    ),
    // Castling both ways, and attacked cells.
    (
        Mode::Teams,
        "castling",
        "red: Kh1 Rd1 Rk1; blue: Ka7; yellow: Kg14; green: Kn8; turn red; castling d1 k1",
        "",
        3,
    ),
    (
        Mode::FreeForAll,
        "castling under attack",
        "red: Kh1 Rd1 Rk1; blue: Ka7 Bb4; yellow: Kg14 Re14; green: Kn8; turn red; castling d1 k1",
        "",
        3,
    ),
    // Teams: Yellow's Queen and Knight stand where an opponent's would give
    // check and be capturable; partners do neither.
    (
        Mode::Teams,
        "partners",
        "red: Kh1 Bf1 Qh5; blue: Ka7 Nf7; yellow: Kg14 Re1 Nh7; green: Kn8; turn red",
        "",
        3,
    ),
    // Red's King stands attacked by Green's Rook on Green's turn (a third
    // player's move opened the file): never taken.
    (
        Mode::Teams,
        "kings are never captured",
        "red: Kh1; blue: Ka7; yellow: Kg14; green: Kn8 Rh5; turn green",
        "",
        3,
    ),
    (
        Mode::FreeForAll,
        "kings are never captured",
        "red: Kh1; blue: Ka7; yellow: Kg14; green: Kn8 Rh5; turn green",
        "",
        3,
    ),
    // Teams: a mate that Blue's partner can lift before Green's turn.
    (
        Mode::Teams,
        "mate only on the mated player's turn",
        "red: Kh1 Rk11; blue: Ka7 Qe11; yellow: Kg14; green: Kn8 Pm7 Pm8 Pm9; turn red",
        "k11n11",
        4,
    ),
    // Teams: Red mates Blue at once; stalemate next to it.
    (
        Mode::Teams,
        "first mate ends the game",
        "red: Kh1 Rc10; blue: Ka7 Pb6 Pb7 Pb8; yellow: Kg14; green: Kn8; turn red",
        "",
        2,
    ),
    (
        Mode::Teams,
        "stalemate",
        "red: Kh1 Rb11 Bf5 Bd11; blue: Ka7; yellow: Kg14; green: Kn8; turn red",
        "",
        2,
    ),
    // Free-for-all: Red mates Blue, who is out; his dead pieces attack
    // nothing and are taken, his King too.
    (
        Mode::FreeForAll,
        "mate, out, dead army",
        "red: Kh1 Rc10; blue: Ka7 Pb6 Pb7 Pb8 Pd10 Bj11; yellow: Kg14 Nc4; green: Kn8; turn red",
        "",
        4,
    ),
    (
        Mode::FreeForAll,
        "a dead king is taken",
        "red: Kh1; blue: Ka7 Bj11; yellow: Kg14 Ra5; green: Kn8; turn yellow; out blue",
        "",
        3,
    ),
    // Free-for-all stalemate: Blue is out.
    (
        Mode::FreeForAll,
        "stalemate, out",
        "red: Kh1 Rb11 Bf5 Bd11; blue: Ka7; yellow: Kg14; green: Kn8; turn red",
        "",
        3,
    ),
];

#[test]
fn constructed_positions_agree_per_root_move() {
    for &(mode, name, text, moves, depth) in POSITIONS {
        let (mut pos, reference) = both(mode, text, moves);
        assert_divide_agrees(&mut pos, &reference, depth, &format!("{mode:?} {name}"));
    }
}

/// Each constructed position does hold the rule it is there for.
#[test]
fn constructed_positions_reach_their_rules() {
    let keys = |mode: Mode, name: &str, extra: &str| -> Vec<String> {
        let &(_, _, text, moves, _) = POSITIONS
            .iter()
            .find(|p| p.0 == mode && p.1 == name)
            .unwrap();
        let (mut pos, _) = both(mode, text, &format!("{moves} {extra}"));
        engine_moves(&mut pos).into_keys().collect()
    };
    let has = |keys: &[String], k: &str| keys.iter().any(|x| x == k);
    for mode in MODES {
        let k = keys(mode, "two passings open", "");
        assert!(has(&k, "d10c9/ep"), "{k:?}");
        let k = keys(mode, "two passings open", "d10c9/ep");
        assert!(has(&k, "k4j3/ep"), "{k:?}");
        let k = keys(mode, "kings are never captured", "");
        assert!(has(&k, "h5h2") && !has(&k, "h5h1"), "{k:?}");
    }
    let k = keys(Mode::Teams, "passing open until the owner moves", "");
    assert!(has(&k, "k4j3/ep"), "{k:?}");
    let k = keys(
        Mode::Teams,
        "passing open until the owner moves",
        "n8n7 h1g1 a7a6 d9d8",
    );
    assert!(!k.iter().any(|x| x.ends_with("/ep")), "{k:?}");
    let k = keys(Mode::Teams, "en passant with promotion", "");
    assert!(has(&k, "j2k3q/ep") && has(&k, "j2k2n"), "{k:?}");
    let k = keys(Mode::FreeForAll, "en passant with promotion", "");
    assert!(has(&k, "g2h3r/ep"), "{k:?}");
    let k = keys(Mode::Teams, "castling", "");
    assert!(has(&k, "h1j1/castle") && has(&k, "h1f1/castle"), "{k:?}");
    // Red's Queen h5 sees Yellow's Knight h7 and stops there: no capture.
    let k = keys(Mode::Teams, "partners", "");
    assert!(!has(&k, "h5h7") && has(&k, "h5h6"), "{k:?}");
    // Yellow's Rook e1 beside Red's King: no check, and the Bishop f1 moves.
    assert!(k.iter().any(|x| x.starts_with("f1")), "{k:?}");
    let (mut pos, _) = both(
        Mode::FreeForAll,
        "red: Kh1 Rc10; blue: Ka7 Pb6 Pb7 Pb8 Pd10 Bj11; yellow: Kg14 Nc4; green: Kn8; turn red",
        "c10a10",
    );
    assert!(!pos.in_play(1), "blue is out at once");
    let k: Vec<String> = engine_moves(&mut pos).into_keys().collect();
    assert!(has(&k, "c4b6"), "a dead pawn is taken: {k:?}");
    let k = keys(Mode::FreeForAll, "a dead king is taken", "");
    assert!(has(&k, "a5a7"), "{k:?}");
}

/// Partners neither capture nor check each other; the first checkmate wins
/// for the mating team; a Teams stalemate is a draw.
#[test]
fn teams_results() {
    let game = teams();
    let (mut pos, _) = both(
        Mode::Teams,
        "red: Kh1 Rc10; blue: Ka7 Pb6 Pb7 Pb8; yellow: Kg14; green: Kn8; turn red",
        "c10a10",
    );
    let r = pos.result().expect("blue is mated");
    assert_eq!(r.end, GameEnd::Checkmate);
    let scores: Vec<f64> = (0..4).map(|p| r.score(game, p)).collect();
    assert_eq!(scores, [1.0, 0.0, 1.0, 0.0]);
    let (mut pos, _) = both(
        Mode::Teams,
        "red: Kh1 Rb11 Bf5 Bd11; blue: Ka7; yellow: Kg14; green: Kn8; turn red",
        "f5d3",
    );
    let r = pos.result().expect("blue is stalemated");
    assert_eq!(r.end, GameEnd::Stalemate);
    let scores: Vec<f64> = (0..4).map(|p| r.score(game, p)).collect();
    assert_eq!(scores, [0.5; 4]);
}

/// Castlings, promotions and en passant are rare, so they are picked
/// first; then captures and checks.
fn weight(pos: &mut Position, mv: Move) -> u64 {
    let capture = pos.board()[mv.to()] != runtime::game::EMPTY;
    pos.make(mv);
    let checks = pos.in_check();
    pos.unmake(mv);
    match mv.kind() {
        MoveKind::Castle => 300,
        MoveKind::EnPassant => 300,
        _ if mv.promotion().is_some() => 100,
        _ if checks => 30,
        _ if capture => 15,
        _ if mv.kind() == MoveKind::Passing => 4,
        _ => 1,
    }
}

#[derive(Default, Debug)]
struct Coverage {
    castlings: usize,
    en_passant: usize,
    promotions: usize,
    outs: usize,
    plies: usize,
    ends: BTreeSet<String>,
}

fn random_game(mode: Mode, seed: u64, plies: usize, seen: &mut Coverage) {
    let game = game_of(mode);
    let mut pos = Position::start(game);
    let mut reference = RefPos::start(mode);
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for ply in 0..plies {
        let mut outs = Vec::new();
        settle(&mut pos, &mut outs);
        seen.outs += outs.len();
        let engine = engine_moves(&mut pos);
        let oracle: BTreeSet<String> = reference.legal_moves().into_iter().collect();
        let mine: BTreeSet<String> = engine.keys().cloned().collect();
        assert_eq!(
            mine,
            oracle,
            "{mode:?} seed {seed} ply {ply} ({}): engine-only {:?}, reference-only {:?}",
            reference.to_text(),
            mine.difference(&oracle).collect::<Vec<_>>(),
            oracle.difference(&mine).collect::<Vec<_>>()
        );
        match (pos.result(), reference.outcome()) {
            (None, None) => {}
            (Some(r), Some(o)) => {
                let end = match o.end {
                    RefEnd::Checkmate => GameEnd::Checkmate,
                    RefEnd::Stalemate => GameEnd::Stalemate,
                    RefEnd::LastPlayer => GameEnd::LastInPlay,
                };
                let scores: Vec<f64> = (0..4).map(|p| r.score(game, p)).collect();
                let mut want = [0.0; 4];
                for &w in &o.winners {
                    want[w] = 1.0;
                }
                if o.winners.is_empty() {
                    want = [0.5; 4];
                }
                // Free-for-all with two players left: the engine ends a
                // mate at once (a loss, the other scores all) where the
                // reference eliminates and ends with one left; a stalemate
                // there the engine draws (its rule for players going out,
                // an interpretation the game file states) where the
                // reference eliminates.
                if mode == Mode::FreeForAll && r.end == GameEnd::Checkmate {
                    assert_eq!(o.end, RefEnd::LastPlayer);
                } else if mode == Mode::FreeForAll && r.end == GameEnd::Stalemate {
                    assert_eq!(o.end, RefEnd::LastPlayer);
                    seen.ends.insert("FreeForAll Stalemate".into());
                    return;
                } else {
                    assert_eq!(r.end, end, "{mode:?} seed {seed} ply {ply}");
                }
                assert_eq!(scores, want, "{mode:?} seed {seed} ply {ply}");
                seen.ends.insert(format!("{mode:?} {:?}", r.end));
                return;
            }
            // The reference knows no repetition or move rule.
            (Some(r), None) if matches!(r.end, GameEnd::Repetition | GameEnd::MoveRule) => {
                seen.ends.insert(format!("{mode:?} {:?}", r.end));
                return;
            }
            (r, o) => panic!("{mode:?} seed {seed} ply {ply}: engine {r:?}, reference {o:?}"),
        }
        let mv = games::pick_weighted(&mut pos, &engine, &mut rng, weight);
        seen.plies += 1;
        match mv.kind() {
            MoveKind::Castle => seen.castlings += 1,
            MoveKind::EnPassant => seen.en_passant += 1,
            _ if mv.promotion().is_some() => seen.promotions += 1,
            _ => {}
        }
        reference.play(&key(game, mv)).unwrap();
        pos.make(mv);
    }
}

#[test]
fn random_games_agree_move_by_move() {
    let mut seen = Coverage::default();
    for seed in 1..=20 {
        random_game(Mode::Teams, seed, 400, &mut seen);
    }
    for seed in 21..=40 {
        random_game(Mode::FreeForAll, seed, 1000, &mut seen);
    }
    eprintln!("{seen:?}, {} plies", seen.plies);
    assert!(
        seen.castlings > 0 && seen.en_passant > 0 && seen.promotions > 0,
        "{seen:?}"
    );
    assert!(seen.outs > 0, "{seen:?}");
}
