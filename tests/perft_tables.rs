//! Perft against the published tables in `../shared/perft/` (read at run
//! time, never copied into code). Rows up to `QUICK_LIMIT` nodes run in the
//! normal test; the deep rows run with `--ignored` (from `.ci/run`, in release).
//! Fairy-Stockfish's whole suite (`fsf-perft-suite.tsv`) is read too: every
//! row of every variant with a file in `dsl-examples/fairy/`.

#[path = "support/fsf_suite.rs"]
mod fsf_suite;

use fsf_suite::QUICK_LIMIT;
use std::path::{Path, PathBuf};

/// Fairy-Stockfish's suite, read as its rows stand.
const FSF_SUITE: &str = "fsf-perft-suite.tsv";

/// Suite rows of filed variants whose FEN our reader refuses, with its
/// error: skipped by the table test, and pinned here so that a reader that
/// learns them makes `fsf_suite_rows_our_reader_refuses` fail (then move
/// the rows back in by emptying their entries). The files claim these rows
/// through the nearest FEN our reader takes (see each file), but for rows
/// of `fsf_suite::KNOWN_DIFFERENT`, which they do not claim: atomic's
/// castling rights held off the setup's cells (berolina's two-cell
/// en-passant fields read since the reader learned them).
const FSF_UNREADABLE: &[(&str, &str, &str)] = &[];

struct Row {
    table: &'static str,
    name: String,
    fen: String,
    depth: u32,
    nodes: u64,
}

fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/perft")
}

fn rows(table: &'static str) -> Vec<Row> {
    if table == FSF_SUITE {
        // Only the variants with a game file; `startpos` is the file's setup.
        return fsf_suite::suite()
            .into_iter()
            .filter(|r| fsf_suite::fairy_file(&r.variant).is_some())
            .map(|r| Row {
                table,
                name: r.variant,
                fen: r.position,
                depth: r.depth,
                nodes: r.nodes,
            })
            .collect();
    }
    let path = shared().join(table);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Row {
                table,
                name: f[0].to_string(),
                fen: f[1].to_string(),
                depth: f[2].parse().unwrap(),
                nodes: f[3].parse().unwrap(),
            }
        })
        .collect()
}

/// The game file that plays a table row.
fn game_file(row: &Row) -> String {
    match row.table {
        "chess.tsv" => "dsl-examples/chess.variant".into(),
        "mirodol.tsv" => "stdlib/mirodol.variant".into(),
        FSF_SUITE => format!("dsl-examples/fairy/{}.variant", row.name),
        _ => format!("dsl-examples/{}.variant", row.name),
    }
}

fn check_rows(select: impl Fn(&Row) -> bool) {
    let mut all: Vec<Row> = ["chess.tsv", "fairy.tsv", "mirodol.tsv", FSF_SUITE]
        .into_iter()
        .flat_map(rows)
        .collect();
    all.retain(|r| select(r));
    let skipped: Vec<String> = all
        .iter()
        .filter(|r| unreadable(r).is_some())
        .map(|r| {
            format!(
                "{} {} {:?}: {}",
                r.table,
                r.name,
                r.fen,
                unreadable(r).unwrap()
            )
        })
        .collect();
    if !skipped.is_empty() {
        eprintln!(
            "skipped (our FEN reader refuses them):\n  {}",
            skipped.join("\n  ")
        );
    }
    all.retain(|r| unreadable(r).is_none());
    // Rows our engine counts differently for a known reason: they must
    // still differ (`known_differences_still_differ` below), so skip them here.
    all.retain(|r| r.table != FSF_SUITE || fsf_suite::known_different(&suite_row(r)).is_none());
    assert!(!all.is_empty(), "no perft rows selected");
    let mut failures = Vec::new();
    for row in &all {
        let file = game_file(row);
        let compiled = compiler::compile_file(Path::new(&file), false);
        let ir = compiled
            .ir
            .clone()
            .unwrap_or_else(|| panic!("{file} does not compile:\n{}", compiled.rendered()));
        let game = runtime::Game::load(ir).unwrap();
        let mut pos = if row.fen == "startpos" {
            runtime::Position::start(&game)
        } else {
            runtime::notation::parse_position(&game, &row.fen)
                .unwrap_or_else(|e| panic!("{} {}: {e}", row.table, row.name))
        };
        let got = pos.perft(row.depth);
        if got != row.nodes {
            failures.push(format!(
                "{} {} depth {}: expected {}, got {got}",
                row.table, row.name, row.depth, row.nodes
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

/// The reason a row is skipped, if it is one of `FSF_UNREADABLE`.
fn unreadable(row: &Row) -> Option<&'static str> {
    FSF_UNREADABLE
        .iter()
        .find(|(v, fen, _)| row.table == FSF_SUITE && row.name == *v && row.fen == *fen)
        .map(|(_, _, why)| *why)
}

fn suite_row(r: &Row) -> fsf_suite::SuiteRow {
    fsf_suite::SuiteRow {
        variant: r.name.clone(),
        position: r.fen.clone(),
        depth: r.depth,
        nodes: r.nodes,
    }
}

/// The rows of `fsf_suite::KNOWN_DIFFERENT` are read and still counted
/// differently: when one agrees, move it back among the checked rows (and
/// claim it in its file).
#[test]
fn known_differences_still_differ() {
    for (variant, fen, why) in fsf_suite::KNOWN_DIFFERENT {
        let row = rows(FSF_SUITE)
            .into_iter()
            .find(|r| r.name == *variant && r.fen == *fen)
            .unwrap_or_else(|| panic!("{variant} {fen}: no such suite row with a file"));
        let ir = compiler::compile_file(Path::new(&game_file(&row)), false)
            .ir
            .unwrap();
        let game = runtime::Game::load(ir).unwrap();
        let parsed = runtime::notation::parse_position(&game, fen);
        // A row our reader refuses is pinned by `FSF_UNREADABLE` instead.
        let refused = FSF_UNREADABLE
            .iter()
            .any(|(v, f, _)| v == variant && f == fen);
        if refused {
            assert!(parsed.is_err(), "{variant} {fen} now reads ({why})");
            continue;
        }
        let mut pos = parsed.unwrap();
        assert_ne!(
            pos.perft(row.depth),
            row.nodes,
            "{variant} {fen} now agrees ({why})"
        );
    }
}

/// Exactly the rows of `FSF_UNREADABLE`, with those errors, are refused
/// among the suite's rows of the filed variants.
#[test]
fn fsf_suite_rows_our_reader_refuses() {
    let mut refused = Vec::new();
    for row in rows(FSF_SUITE).iter().filter(|r| r.fen != "startpos") {
        let file = game_file(row);
        let ir = compiler::compile_file(Path::new(&file), false).ir.unwrap();
        let game = runtime::Game::load(ir).unwrap();
        if let Err(e) = runtime::notation::parse_position(&game, &row.fen) {
            refused.push((row.name.clone(), row.fen.clone(), e.to_string()));
        }
    }
    let known: Vec<(String, String, String)> = FSF_UNREADABLE
        .iter()
        .map(|(v, f, e)| (v.to_string(), f.to_string(), e.to_string()))
        .collect();
    assert_eq!(
        refused, known,
        "update FSF_UNREADABLE (and the files' claims)"
    );
}

#[test]
fn published_perft_quick_rows() {
    check_rows(|r| r.nodes <= QUICK_LIMIT);
}

#[test]
#[ignore = "deep perft: run in release from .ci/run"]
fn published_perft_deep_rows() {
    check_rows(|r| r.nodes > QUICK_LIMIT);
}

/// Replays one of this project's own tables (`tests/perft/README.md` says
/// why each row is trusted); returns how many rows ran.
fn own_table(table: &str, game_file: &str) -> usize {
    let text = std::fs::read_to_string(table).unwrap();
    let compiled = compiler::compile_file(Path::new(game_file), false);
    let game = runtime::Game::load(compiled.ir.clone().unwrap()).unwrap();
    let mut rows = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        let (name, moves, depth, nodes): (&str, &str, u32, u64) =
            (f[0], f[1], f[2].parse().unwrap(), f[3].parse().unwrap());
        if nodes > QUICK_LIMIT {
            continue;
        }
        let mut pos = runtime::Position::start(&game);
        for mv in moves.split_whitespace().filter(|m| *m != "-") {
            let m = runtime::notation::parse_move(&mut pos, mv)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            pos.make(m);
        }
        assert_eq!(pos.perft(depth), nodes, "{name} depth {depth}");
        rows += 1;
    }
    rows
}

/// This project's own table for 100-cell chess (`tests/perft/hundred.tsv`).
#[test]
fn hundred_cell_chess_table() {
    assert!(own_table("tests/perft/hundred.tsv", "stdlib/hundred.variant") >= 7);
}

/// Das chess (`tests/perft/das.tsv`): the start and four positions with stacks.
#[test]
fn das_chess_table() {
    assert!(own_table("tests/perft/das.tsv", "stdlib/das.variant") >= 16);
}

/// Shakhmattron (`tests/perft/shakhmattron.tsv`): the start and seven
/// positions reached from it where the rare rules are in reach.
#[test]
fn shakhmattron_table() {
    assert!(
        own_table(
            "tests/perft/shakhmattron.tsv",
            "stdlib/shakhmattron.variant"
        ) >= 11
    );
}

/// Cosmic chess on squares (`tests/perft/cosmic-*.tsv`): start perft of
/// the 10x10, 9x9, 11x11, four-player and diagonal-positioning games, and on
/// hexagons the three- and six-player games and the three two-player
/// games, on triangles the two- and
/// three-player games, and the round board's game.
#[test]
fn cosmic_tables() {
    for (table, game) in [
        (
            "tests/perft/cosmic-10.tsv",
            "stdlib/cosmic/square-10.variant",
        ),
        ("tests/perft/cosmic-9.tsv", "stdlib/cosmic/square-9.variant"),
        (
            "tests/perft/cosmic-11.tsv",
            "stdlib/cosmic/square-11.variant",
        ),
        (
            "tests/perft/cosmic-4p.tsv",
            "stdlib/cosmic/square-4p.variant",
        ),
        (
            "tests/perft/cosmic-diag.tsv",
            "stdlib/cosmic/square-diag.variant",
        ),
        (
            "tests/perft/cosmic-hex3p.tsv",
            "stdlib/cosmic/hex-3p.variant",
        ),
        (
            "tests/perft/cosmic-hex6p.tsv",
            "stdlib/cosmic/hex-6p.variant",
        ),
        (
            "tests/perft/cosmic-hex2p.tsv",
            "stdlib/cosmic/hex-2p.variant",
        ),
        (
            "tests/perft/cosmic-hex2p-corner.tsv",
            "stdlib/cosmic/hex-2p-corner.variant",
        ),
        (
            "tests/perft/cosmic-hex2p-rhombus.tsv",
            "stdlib/cosmic/hex-2p-rhombus.variant",
        ),
        (
            "tests/perft/cosmic-tri2p.tsv",
            "stdlib/cosmic/tri-2p.variant",
        ),
        (
            "tests/perft/cosmic-tri3p.tsv",
            "stdlib/cosmic/tri-3p.variant",
        ),
        (
            "tests/perft/cosmic-round.tsv",
            "stdlib/cosmic/round-2p.variant",
        ),
    ] {
        assert!(own_table(table, game) >= 3, "{table}");
    }
}

/// Four-player chess as chess.com plays it (`tests/perft/fourplayer-*.tsv`):
/// the published start counts of both modes, and depth 5.
#[test]
fn four_player_tables() {
    for (table, game) in [
        (
            "tests/perft/fourplayer-teams.tsv",
            "dsl-examples/four-player-teams.variant",
        ),
        (
            "tests/perft/fourplayer-ffa.tsv",
            "dsl-examples/four-player-ffa.variant",
        ),
    ] {
        assert!(own_table(table, game) >= 5, "{table}");
    }
}

#[test]
fn every_fairy_row_has_a_game_file() {
    for row in rows("fairy.tsv") {
        assert!(
            Path::new(&game_file(&row)).exists(),
            "missing {}",
            game_file(&row)
        );
    }
}
