//! Fairy-Stockfish's perft suite (`../shared/perft/fsf-perft-suite.tsv`,
//! read at run time) and the files of `dsl-examples/fairy/` that play it:
//! shared by `tests/perft_tables.rs` and `tests/fairy.rs`.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// Rows up to this many nodes are claims in the game files and run in the
/// quick perft test; deeper ones run with `--ignored`.
pub const QUICK_LIMIT: u64 = 20_000_000;

/// One row of the suite: variant, `startpos` or a FEN, depth, nodes.
#[derive(Clone, Debug, PartialEq)]
pub struct SuiteRow {
    pub variant: String,
    pub position: String,
    pub depth: u32,
    pub nodes: u64,
}

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn suite() -> Vec<SuiteRow> {
    let path = repo().join("../shared/perft/fsf-perft-suite.tsv");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 4, "suite row {l:?}");
            SuiteRow {
                variant: f[0].to_string(),
                position: f[1].to_string(),
                depth: f[2].parse().unwrap(),
                nodes: f[3].parse().unwrap(),
            }
        })
        .collect()
}

/// The suite's variants in the order of their first row.
pub fn variants(rows: &[SuiteRow]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for r in rows {
        if !out.contains(&r.variant) {
            out.push(r.variant.clone());
        }
    }
    out
}

pub fn fairy_dir() -> PathBuf {
    repo().join("dsl-examples/fairy")
}

/// The game file of a suite variant, if the directory has one.
pub fn fairy_file(variant: &str) -> Option<PathBuf> {
    let p = fairy_dir().join(format!("{variant}.variant"));
    p.exists().then_some(p)
}

/// Suite rows of filed variants that our engine reads but counts
/// differently, or refuses to read, for a known reason (reported, not yet
/// a rule the language states): their files do not claim them, and
/// `tests/perft_tables.rs` checks that they still differ (or are still
/// refused, as its `FSF_UNREADABLE` says), so a fix makes it fail and be
/// updated.
pub const KNOWN_DIFFERENT: &[(&str, &str, &str)] = &[];

pub fn known_different(row: &SuiteRow) -> Option<&'static str> {
    KNOWN_DIFFERENT
        .iter()
        .find(|(v, fen, _)| row.variant == *v && row.position == *fen)
        .map(|(_, _, why)| *why)
}

/// The comment a fairy file writes above a claim whose FEN our reader
/// takes only in another form: the suite's FEN, then the claim's on the
/// next line.
pub const FEN_NOTE: &str = "The suite writes this position \"";

/// The suite's FEN -> the FEN the file's claim uses instead.
pub fn fen_map(file: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if let Some(rest) = line.split_once(FEN_NOTE).map(|(_, r)| r) {
            let suite = rest.split('"').next().unwrap().to_string();
            let next = lines.get(i + 1).copied().unwrap_or_default();
            let ours = next
                .split_once("position \"")
                .and_then(|(_, r)| r.split('"').next())
                .unwrap_or_else(|| panic!("{}: no claim FEN after line {}", file.display(), i + 1))
                .to_string();
            out.push((suite, ours));
        }
    }
    out
}

/// The position our reader is given for a suite row of `file`: `None` for
/// the start position (the file's setup).
pub fn our_position(file: &Path, row: &SuiteRow) -> Option<String> {
    if row.position == "startpos" {
        return None;
    }
    let map = fen_map(file);
    Some(
        map.iter()
            .find(|(s, _)| *s == row.position)
            .map(|(_, o)| o.clone())
            .unwrap_or_else(|| row.position.clone()),
    )
}
