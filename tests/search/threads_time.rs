//! The search's threads (Lazy SMP), its use of time, and the null move
//! the selective search plays: several threads find what one finds and
//! count every thread's nodes (a node budget binds the main thread); a move time is used (an iteration is no
//! longer abandoned at half the time) and kept; a clock's share bounds a
//! search; a null move is taken back exactly.

use super::engine::{chess, crazyhouse};
use runtime::notation::{parse_position, write_general};
use runtime::search::{Engine, Limits, Score};
use runtime::Position;
use std::time::{Duration, Instant};

/// Win At Chess 1, a mate in two by a quiet queen sacrifice (Qg6).
const WAC_001: &str = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1";

#[test]
fn two_threads_find_the_mate_one_finds_and_count_both_threads_nodes() {
    let game = chess();
    let mut pos = parse_position(game, WAC_001).unwrap();
    let before = pos.hash();
    // Full width: the selective search's prunings depend on the path a
    // thread took (a move searched outside the principal variation has
    // its replies pruned), so only a full-width search to depth 4 must
    // see a mate in 3 plies whatever the threads stored first.
    let mut engine = Engine::new(game).full_width();
    engine.set_threads(2);
    assert_eq!(engine.threads(), 2);
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let outcome = engine.search(&mut pos, limits.clone(), |_| {});
    assert_eq!(outcome.score, Score::MateIn(3));
    assert_eq!(pos.hash(), before, "the position is left as it was");
    // A later search on the same engine (the helpers kept) works too.
    engine.clear();
    let again = engine.search(&mut pos, limits, |_| {});
    assert_eq!(again.score, Score::MateIn(3));
    // A node budget bounds the main thread only: the helpers search on
    // beside it until it stops, and their nodes are counted, so two
    // threads report more than the budget, one thread never does.
    let budget = Limits {
        nodes: Some(50_000),
        ..Limits::default()
    };
    let mut start = Position::start(game);
    let together = engine.search(&mut start, budget.clone(), |_| {}).nodes;
    assert!(
        together > 50_001,
        "{together}: the helper's nodes are not counted"
    );
    engine.set_threads(1);
    assert_eq!(engine.threads(), 1);
    let alone = engine.search(&mut start, budget, |_| {}).nodes;
    assert!(alone <= 50_001, "{alone}");
}

#[test]
fn a_move_time_is_used_and_kept() {
    let game = chess();
    let mut pos = Position::start(game);
    let mut engine = Engine::new(game);
    let limits = Limits {
        time: Some(Duration::from_millis(600)),
        ..Limits::default()
    };
    let start = Instant::now();
    let outcome = engine.search(&mut pos, limits, |_| {});
    let spent = start.elapsed();
    // The old rule stopped at the first iteration finished past half the
    // time, often using a third of it.
    assert!(spent >= Duration::from_millis(550), "{spent:?}");
    assert!(spent < Duration::from_millis(1500), "{spent:?}");
    assert!(outcome.best.is_some());
}

#[test]
fn a_clock_share_bounds_the_search() {
    let game = chess();
    let mut pos = Position::start(game);
    let mut engine = Engine::new(game);
    // 4 s left, no increment: a share of 4 s / 40, at most 4 shares.
    let limits = Limits::from_clock(4_000, 0, None);
    let start = Instant::now();
    let outcome = engine.search(&mut pos, limits, |_| {});
    let spent = start.elapsed();
    assert!(spent < Duration::from_millis(1_000), "{spent:?}");
    assert!(outcome.depth >= 1 && outcome.best.is_some());
}

#[test]
fn a_null_move_is_taken_back_exactly() {
    for (game, fen) in [
        (
            chess(),
            "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
        ),
        (chess(), WAC_001),
        (
            crazyhouse(),
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 0 3",
        ),
    ] {
        let mut pos = parse_position(game, fen).unwrap();
        let (hash, text, side) = (pos.hash(), write_general(&pos), pos.to_move());
        pos.make_null();
        assert_ne!(pos.to_move(), side, "{fen}: the turn passes");
        assert_ne!(pos.hash(), hash);
        let mut list = Vec::new();
        pos.legal_moves(&mut list);
        assert!(!list.is_empty());
        pos.unmake_null();
        assert_eq!((pos.hash(), write_general(&pos)), (hash, text), "{fen}");
        assert_eq!(pos.to_move(), side);
    }
}
