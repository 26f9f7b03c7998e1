//! `variant perft`: count the leaves of the legal-move tree, optionally one
//! line per root move (`--divide`) and over threads.

use crate::cli::PerftArgs;
use crate::load::load_game;
use crate::recorded::position;
use runtime::notation::move_to_string;
use runtime::text::printable;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

pub fn run(args: PerftArgs) -> Result<ExitCode, String> {
    let PerftArgs {
        file,
        depth,
        fen,
        moves,
        divide,
        threads,
    } = args;
    let game = load_game(&file)?;
    let mut pos = position(&game, &fen, &moves)?;
    let start = Instant::now();
    let nodes = if divide || (threads > 1 && depth > 1) {
        let rows = if threads > 1 {
            pos.divide_threads(depth, threads as usize)
        } else {
            pos.divide(depth)
        };
        let mut rows: Vec<(String, u64)> = rows
            .into_iter()
            .map(|(m, n)| (move_to_string(&game, m), n))
            .collect();
        rows.sort();
        if divide {
            let mut out = std::io::stdout().lock();
            for (m, n) in &rows {
                writeln!(out, "{} {n}", printable(m)).ok();
            }
        }
        rows.iter().map(|r| r.1).sum()
    } else {
        pos.perft(depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("nodes {nodes}");
    eprintln!(
        "{:.3} s, {:.0} nodes/s",
        secs,
        nodes as f64 / secs.max(1e-9)
    );
    Ok(ExitCode::SUCCESS)
}
