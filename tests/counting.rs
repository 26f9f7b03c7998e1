//! Counting rules (`end counting draw { ... }`, issue 31) against
//! Fairy-Stockfish: `tests/counting/pyffish.tsv` holds positions pyffish
//! reached in random games under makruk's, ASEAN's, ai-wok's and makpong's
//! counts (written by `tests/counting/make.py`). For each, the game file of
//! `dsl-examples/fairy/` reads the start FEN (a running count in the
//! en-passant and halfmove fields), plays the moves, writes pyffish's FEN
//! (the count included) and is drawn exactly where pyffish reports an
//! optional end. Plus the FEN and general notation of a count round-trip,
//! and games without a counting rule refuse a count.

use runtime::notation::{parse_fen, parse_move, parse_position, write_fen, write_general};
use runtime::{Game, GameEnd, PositionError};
use std::path::Path;

fn load(variant: &str) -> Game {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("dsl-examples/fairy/{variant}.variant"));
    let ir = compiler::compile_file(&path, false)
        .ir
        .unwrap_or_else(|| panic!("{} does not compile", path.display()));
    Game::load(ir).unwrap()
}

/// The FENs are equal, but for the halfmove clock while no count runs:
/// without a move rule (makruk has none) our clock counts plies since a
/// capture only, where Fairy-Stockfish's also restarts on pawn moves; the
/// clock ends nothing there. While a count runs, the field is the count's
/// and must be equal.
fn same_but_idle_clock(ours: &str, theirs: &str) -> bool {
    let a: Vec<&str> = ours.split(' ').collect();
    let b: Vec<&str> = theirs.split(' ').collect();
    a.len() == b.len()
        && (0..a.len()).all(|i| a[i] == b[i] || (i == 4 && a[3] == "-" && b[3] == "-"))
}

#[test]
fn counts_and_draws_agree_with_pyffish() {
    let table = include_str!("counting/pyffish.tsv");
    let mut rows = 0;
    let mut draws = 0;
    let mut games: Vec<(String, Game)> = Vec::new();
    for line in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let [variant, start, moves, fen_after, verdict]: [&str; 5] = line
            .split('\t')
            .collect::<Vec<_>>()
            .try_into()
            .expect("five columns");
        if !games.iter().any(|(v, _)| v == variant) {
            games.push((variant.to_string(), load(variant)));
        }
        let game = &games.iter().find(|(v, _)| v == variant).unwrap().1;
        let mut pos = parse_fen(game, start).unwrap_or_else(|e| panic!("{variant} {start}: {e}"));
        for text in moves.split_whitespace() {
            let mv = parse_move(&mut pos, text)
                .unwrap_or_else(|e| panic!("{variant} {start} {moves}: {text}: {e}"));
            pos.make(mv);
        }
        let ctx = format!("{variant} from {start} after {moves}");
        let ours = write_fen(&pos).unwrap();
        assert!(
            same_but_idle_clock(&ours, fen_after),
            "{ctx}: {ours} vs {fen_after}"
        );
        let result = pos.result();
        if verdict == "draw" {
            let r = result.unwrap_or_else(|| panic!("{ctx}: pyffish draws, we play on"));
            assert!(r.winner.is_none() && r.loser.is_none(), "{ctx}: {r:?}");
            assert!(
                matches!(
                    r.end,
                    GameEnd::Counting | GameEnd::MoveRule | GameEnd::Repetition
                ),
                "{ctx}: {r:?}"
            );
            draws += usize::from(r.end == GameEnd::Counting);
        } else {
            // pyffish reports no optional end; a mate would be no legal move.
            assert!(
                result.is_none()
                    || matches!(result.unwrap().end, GameEnd::Checkmate | GameEnd::Stalemate),
                "{ctx}: {result:?}"
            );
        }
        // Our own FEN reads back to the same position, count and all.
        let back = parse_fen(game, fen_after).unwrap();
        assert_eq!(back.counting(), pos.counting(), "{ctx}");
        rows += 1;
    }
    assert!(rows >= 50, "{rows} rows");
    assert!(
        draws >= 10,
        "only {draws} draws by counting: the table no longer tests the rule"
    );
}

#[test]
fn a_count_round_trips_through_the_general_notation() {
    let game = load("makruk");
    let pos = parse_fen(&game, "8/8/3k4/8/8/3K4/3R4/8 w - 32 30 20").unwrap();
    assert_eq!(pos.counting(), Some((32, 30)));
    let text = write_general(&pos);
    assert!(text.contains("counting 32 30"), "{text}");
    let back = parse_position(&game, &text).unwrap();
    assert_eq!(back.counting(), Some((32, 30)));
    assert_eq!(back, pos);
}

#[test]
fn a_count_beyond_the_limit_or_without_a_rule_is_refused() {
    let game = load("makruk");
    let err = parse_fen(&game, "8/8/3k4/8/8/3K4/3R4/8 w - 99999 30 20").unwrap_err();
    assert!(matches!(err, PositionError::BadCount { .. }), "{err:?}");
    let chess = load("3check");
    let err = parse_position(&chess, "white: Ke1; black: Ke8; counting 32 4").unwrap_err();
    assert!(
        matches!(err, PositionError::NoCountingRule { .. }),
        "{err:?}"
    );
}
