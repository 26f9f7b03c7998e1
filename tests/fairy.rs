//! `dsl-examples/fairy/`: Fairy-Stockfish's perft suite written in the
//! language (issue 31). (a) every file compiles clean, its claims verified,
//! names its pyffish variant and claims only the suite's rows, every one up
//! to the quick limit; (b) its README's table has one row per suite variant
//! and agrees with the suite and the files.

#[path = "support/fsf_suite.rs"]
mod fsf_suite;

use fsf_suite::{
    fairy_dir, fairy_file, known_different, our_position, suite, variants, SuiteRow, QUICK_LIMIT,
};
use std::path::{Path, PathBuf};

fn fairy_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(fairy_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "variant"))
        .collect();
    files.sort();
    files
}

fn stem(p: &Path) -> String {
    p.file_stem().unwrap().to_string_lossy().into_owned()
}

/// `claim perft D == N [position "FEN"]` lines: (depth, nodes, FEN).
fn perft_claims(file: &Path) -> Vec<(u32, u64, Option<String>)> {
    let text = std::fs::read_to_string(file).unwrap();
    text.lines()
        .filter_map(|l| l.strip_prefix("claim perft "))
        .map(|rest| {
            let mut w = rest.split_whitespace();
            let depth = w.next().unwrap().parse().unwrap();
            assert_eq!(w.next(), Some("=="), "{}: {rest}", file.display());
            let nodes = w.next().unwrap().parse().unwrap();
            let fen = rest
                .split_once("position \"")
                .map(|(_, r)| r.split('"').next().unwrap().to_string());
            (depth, nodes, fen)
        })
        .collect()
}

/// The suite's rows of `variant` that the file claims, each claim matched
/// to one row. A file may claim more (other depths, its own positions):
/// those are no rows of the suite and are not counted.
fn claimed_rows(file: &Path, rows: &[SuiteRow]) -> Vec<SuiteRow> {
    let mut left: Vec<&SuiteRow> = rows.iter().collect();
    let mut out = Vec::new();
    for (depth, nodes, fen) in perft_claims(file) {
        let at = left
            .iter()
            .position(|r| r.depth == depth && r.nodes == nodes && our_position(file, r) == fen);
        if let Some(at) = at {
            out.push(left.remove(at).clone());
        }
    }
    out
}

#[test]
fn every_file_compiles_clean_with_its_claims_verified() {
    let files = fairy_files();
    assert!(files.len() >= 30, "only {} files", files.len());
    let mut failures = Vec::new();
    for file in &files {
        let compiled = compiler::compile_file(file, true);
        if compiled.ir.is_none() || !compiled.diagnostics.is_empty() {
            failures.push(format!("{}:\n{}", file.display(), compiled.rendered()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_file_names_its_variant_and_claims_every_quick_row() {
    let all = suite();
    let names = variants(&all);
    for file in fairy_files() {
        let name = stem(&file);
        assert!(
            names.contains(&name),
            "{}: no suite variant {name}",
            file.display()
        );
        let text = std::fs::read_to_string(&file).unwrap();
        // The leading comment ends with `// fairy-stockfish: NAME`.
        let head: Vec<&str> = text.lines().take_while(|l| l.starts_with("//")).collect();
        assert_eq!(
            head.last().copied(),
            Some(format!("// fairy-stockfish: {name}").as_str()),
            "{}: the game's comment must end with the pyffish name",
            file.display()
        );
        let rows: Vec<SuiteRow> = all.iter().filter(|r| r.variant == name).cloned().collect();
        let claimed = claimed_rows(&file, &rows);
        for r in rows.iter().filter(|r| known_different(r).is_none()) {
            let is_claimed = claimed.contains(r);
            assert_eq!(
                is_claimed,
                r.nodes <= QUICK_LIMIT,
                "{}: row {} depth {} ({} nodes) must be claimed exactly when it is at most {QUICK_LIMIT} nodes",
                file.display(),
                r.position,
                r.depth,
                r.nodes
            );
        }
    }
}

/// One README row: variant, file (`-` for none), rows, status, note.
fn table() -> Vec<[String; 5]> {
    let text = std::fs::read_to_string(fairy_dir().join("README.md")).unwrap();
    text.lines()
        .filter(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<String> = l
                .trim()
                .trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect();
            assert_eq!(cells.len(), 5, "README row {l:?}");
            [0, 1, 2, 3, 4].map(|i| cells[i].clone())
        })
        .filter(|c| c[0] != "variant" && !c[0].starts_with("---"))
        .collect()
}

#[test]
fn readme_table_matches_the_suite_and_the_files() {
    let all = suite();
    let rows = table();
    let names: Vec<&String> = rows.iter().map(|r| &r[0]).collect();
    assert_eq!(
        names,
        variants(&all).iter().collect::<Vec<_>>(),
        "one table row per suite variant, in the suite's order"
    );
    let statuses = ["exact", "partial", "blocked", "not chess-like"];
    for [variant, file, count, status, note] in &rows {
        assert!(
            statuses.contains(&status.as_str()),
            "{variant}: status {status:?}"
        );
        let suite_rows: Vec<SuiteRow> = all
            .iter()
            .filter(|r| &r.variant == variant)
            .cloned()
            .collect();
        let deep = suite_rows.iter().filter(|r| r.nodes > QUICK_LIMIT).count();
        match fairy_file(variant) {
            Some(path) => {
                assert_eq!(
                    file,
                    &format!("`{variant}.variant`"),
                    "{variant}: file cell"
                );
                assert!(
                    status == "exact" || status == "partial",
                    "{variant}: a file's status is exact or partial"
                );
                let text = std::fs::read_to_string(&path).unwrap();
                let differs = suite_rows.iter().any(|r| known_different(r).is_some());
                if status == "partial" {
                    assert!(
                        !note.is_empty(),
                        "{variant}: partial names the missing rule"
                    );
                    // Files of the owner's that miss a rule only for an
                    // unclaimed row are named by the README alone.
                    assert!(
                        text.contains("Status partial") || differs,
                        "{variant}: the file names its missing rule"
                    );
                } else {
                    assert!(!differs, "{variant}: a row it cannot play, yet exact");
                    assert!(
                        !text.contains("Status partial"),
                        "{variant}: exact, yet the file says partial"
                    );
                }
                let claimed = claimed_rows(&path, &suite_rows).len();
                let mut want = format!("{}: {claimed} claimed", suite_rows.len());
                if deep > 0 {
                    want += &format!(", {deep} deep");
                }
                assert_eq!(count, &want, "{variant}: rows cell");
            }
            None => {
                assert_eq!(
                    file, "-",
                    "{variant}: the table names a file that does not exist"
                );
                assert!(
                    status == "blocked" || status == "not chess-like",
                    "{variant}: no file, so blocked or not chess-like"
                );
                assert!(!note.is_empty(), "{variant}: say what blocks it");
                assert_eq!(
                    count,
                    &format!("{}: 0 claimed", suite_rows.len()),
                    "{variant}: rows cell"
                );
            }
        }
    }
    // Every file is in the table (its variant's row names it).
    for f in fairy_files() {
        let name = stem(&f);
        assert!(
            rows.iter()
                .any(|r| r[0] == name && r[1] == format!("`{name}.variant`")),
            "{} is not in the README table",
            f.display()
        );
    }
}
