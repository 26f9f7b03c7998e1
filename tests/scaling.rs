//! Work grows linearly with the input: statements that repeat (regions,
//! hex lines, side cells) are checked with lookups by hash, not by a search
//! of everything defined before (many `region` statements were quadratic:
//! 40,000 took 6.8 s, a 50 MB file was killed after two minutes).
//!
//! Run with `cargo test --release --test scaling`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Writes `body` under the system's temporary directory (the games below
/// import the standard pieces by absolute path).
fn temp_game(name: &str, body: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("variant-scaling-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, body).unwrap();
    path
}

fn header() -> String {
    let pieces = std::fs::canonicalize("stdlib/pieces.variant").unwrap();
    format!(
        "game \"many\"\nimport \"{}\"\nplayers white black\nplayer black orientation flip\n\
         setup white {{ King e1 }}\nsetup black {{ King e8 }}\n",
        pieces.display()
    )
}

/// Compiles `path` with its claims and returns the codes it reported and
/// how long it took.
fn check(path: &Path) -> (Vec<&'static str>, Duration) {
    let start = Instant::now();
    let compiled = compiler::compile_file(path, true);
    let codes = compiled.diagnostics.iter().map(|d| d.code.id()).collect();
    (codes, start.elapsed())
}

/// 100,000 regions (3 MB): about a second now; the quadratic name check
/// took about a minute for them.
#[test]
fn many_regions_are_checked_in_linear_time() {
    let mut body = header() + "board square 8 x 8\n";
    for i in 0..100_000 {
        body += &format!("region r{i} = {{ a1 b2 }} + r{}\n", i / 2);
        if i == 0 {
            body = body.replace(" + r0\n", "\n");
        }
    }
    let path = temp_game("regions.variant", &body);
    let (codes, took) = check(&path);
    assert!(codes.is_empty(), "{codes:?}");
    assert!(took < Duration::from_secs(20), "{took:?}");
}

/// Side cells and hex lines past the cell limit are refused at the first
/// cell too many, without building (or comparing) the rest.
#[test]
fn many_side_cells_and_hex_lines_stop_at_the_cell_limit() {
    let mut body = header() + "board square 8 x 8\n";
    for i in 0..200_000 {
        body += &format!("side cell z{i} at ({}, {})\n", 10 + i % 900, i / 900);
    }
    let path = temp_game("side.variant", &body);
    let (codes, took) = check(&path);
    assert_eq!(codes, ["E017"]);
    assert!(took < Duration::from_secs(20), "{took:?}");

    let mut body = header() + "board hex {\n";
    for i in 0..100_000 {
        body += &format!(
            "  line l{i}: (-1000, {}) .. (1000, {})\n",
            i % 1000,
            i % 1000
        );
    }
    body += "}\n";
    let path = temp_game("hex.variant", &body);
    let (codes, took) = check(&path);
    assert!(codes.contains(&"E017"), "{codes:?}");
    assert!(took < Duration::from_secs(20), "{took:?}");
}
