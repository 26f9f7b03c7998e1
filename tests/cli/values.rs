//! `variant values`: learned values reproducible from the seed (whatever
//! the threads, and from the records of the same games), a written file
//! the engine loads with those values, and precise refusals of bad input.
//! The fit itself is tested on synthetic games of known values in
//! `src/values.rs` (`fit_tests`).

use super::{refused, text, variant};

const GAME: &str = "dsl-examples/fairy/losalamos.variant";

/// A small run: Los Alamos chess, 12 games at depth 1.
fn run(extra: &[&str]) -> String {
    let mut args = vec![
        "values",
        GAME,
        "--games",
        "12",
        "--players",
        "engine:depth=1",
        "--from-ply",
        "4",
        "--bootstrap",
        "30",
    ];
    args.extend_from_slice(extra);
    let out = variant(&args, None);
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    text(&out.stdout)
}

/// The values part of a report (after the selfplay summary, if any).
fn values_part(report: &str) -> String {
    let at = report
        .find("Los Alamos chess: values learned")
        .expect(report);
    report[at..].to_string()
}

#[test]
fn values_are_reproducible_from_the_seed_and_the_records() {
    let dir = std::env::temp_dir().join(format!("variant-values-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let one = run(&[
        "--seed",
        "5",
        "--threads",
        "1",
        "--out",
        &path("games.jsonl"),
    ]);
    let two = run(&["--seed", "5", "--threads", "2"]);
    assert_eq!(one, two, "the same seed on 1 and 2 threads");
    assert!(one.contains("values learned from 12 games (seed 5, engine:depth=1 in every seat)"));
    // Every fitted kind has a row: name, the file's value, the learned one
    // and its interval; the anchor's is its file value, its interval nil.
    let scale = one.lines().find(|l| l.starts_with("scale: ")).expect(&one);
    let anchor = scale["scale: ".len()..].split(' ').next().unwrap();
    let row = one
        .lines()
        .find(|l| l.starts_with(&format!("{anchor} ")))
        .unwrap_or_else(|| panic!("{one}"));
    let file: f64 = row.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert!(row.contains(&format!("{file:.2} to {file:.2}")), "{row}");
    for kind in ["Queen ", "Rook ", "Knight ", "Pawn "] {
        assert!(one.lines().any(|l| l.starts_with(kind)), "{one}");
    }
    // --anchor chooses the scale.
    let pawn = run(&["--seed", "5", "--anchor", "Pawn"]);
    assert!(pawn.contains("scale: Pawn = 1 (one Pawn is "), "{pawn}");
    // The records of the same games give the same values.
    let out = variant(
        &[
            "values",
            GAME,
            "--records",
            &path("games.jsonl"),
            "--from-ply",
            "4",
            "--bootstrap",
            "30",
            "--seed",
            "5",
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(values_part(&text(&out.stdout)), values_part(&one));
    // Another seed plays other games.
    assert_ne!(values_part(&run(&["--seed", "6"])), values_part(&one));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn written_values_are_the_values_the_engine_loads() {
    let dir = std::env::temp_dir().join(format!("variant-values-w-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("learned.variant");
    let file = file.to_str().unwrap();
    let report = run(&[
        "--seed",
        "3",
        "--write",
        file,
        "--compare",
        "Queen > Knight",
        "--compare",
        "Rook ~ Knight",
    ]);
    assert!(report.contains(&format!("wrote {file}")), "{report}");
    // Each statement gets a verdict.
    for s in ["Queen > Knight", "Rook ~ Knight"] {
        let line = report
            .lines()
            .find(|l| l.trim_start().starts_with(s))
            .unwrap_or_else(|| panic!("{report}"));
        assert!(
            ["confirmed", "contradicted", "undecided"]
                .iter()
                .any(|v| line.contains(v)),
            "{line}"
        );
    }
    let written = std::fs::read_to_string(file).unwrap();
    assert!(written.contains("import \""), "{written}");
    assert!(written.contains("// Command: variant values "), "{written}");
    let values: Vec<(String, i64)> = written
        .lines()
        .filter_map(|l| l.strip_prefix("value "))
        .map(|l| {
            let (k, v) = l.split_once(' ').unwrap();
            (k.to_string(), v.parse().unwrap())
        })
        .collect();
    assert!(values.len() >= 2, "{written}");
    // The written game compiles, and its IR holds the values written.
    let out = variant(&["check", "--no-claims", "--dump", "ir", file], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let ir: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(ir["name"], "Los Alamos chess, learned values");
    for (kind, value) in &values {
        let k = ir["kinds"]
            .as_array()
            .unwrap()
            .iter()
            .find(|k| k["name"] == kind.as_str())
            .unwrap();
        assert_eq!(k["value"].as_i64(), Some(*value), "{kind}");
    }
    // And the engine plays it.
    let out = variant(&["search", file, "--depth", "2"], None);
    assert!(
        text(&out.stdout).contains("bestmove "),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn values_refuses_bad_input_precisely() {
    let dir = std::env::temp_dir().join(format!("variant-values-e-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let small = ["--games", "2", "--players", "random"];
    fn with<'a>(small: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
        [&["values", GAME][..], small, extra].concat()
    }
    refused(
        &with(&small, &["--compare", "Queen >"]),
        "a statement is `A > B`",
    );
    refused(
        &with(&small, &["--compare", "Queen > Dragon"]),
        "has no kind `Dragon`",
    );
    refused(
        &with(&small, &["--anchor", "Dragon"]),
        "--anchor Dragon: Los Alamos chess has no kind `Dragon`",
    );
    refused(
        &with(&small, &["--anchor", "King"]),
        "has no kind `King` that is not royal",
    );
    refused(
        &with(&small, &["--write", GAME]),
        "refusing to write --write over",
    );
    refused(
        &with(&small, &["--players", "human"]),
        "the seats are computers",
    );
    refused(&with(&small, &["--bootstrap", "5"]), "--bootstrap");
    // Records: of another game, not records at all, none.
    let chess = path("chess.jsonl");
    let out = variant(
        &[
            "selfplay",
            "dsl-examples/chess.variant",
            "--games",
            "1",
            "--players",
            "random",
            "--max-plies",
            "20",
            "--out",
            &chess,
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    refused(
        &["values", GAME, "--records", &chess],
        "a record of Chess (2 seats), not of Los Alamos chess",
    );
    std::fs::write(path("junk.jsonl"), "{\"game\": 1}\n").unwrap();
    refused(
        &["values", GAME, "--records", &path("junk.jsonl")],
        "junk.jsonl:1: not a selfplay record",
    );
    std::fs::write(path("empty.jsonl"), "").unwrap();
    refused(
        &["values", GAME, "--records", &path("empty.jsonl")],
        "no games",
    );
    refused(
        &["values", GAME, "--records", &dir.to_string_lossy()],
        "not a regular file",
    );
    std::fs::remove_dir_all(&dir).ok();
}
