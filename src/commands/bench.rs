//! `variant bench`: perft speed, the median of several runs.

use crate::cli::BenchArgs;
use crate::load::load_game;
use crate::recorded::position;
use runtime::text::printable;
use std::process::ExitCode;
use std::time::Instant;

pub fn run(args: BenchArgs) -> Result<ExitCode, String> {
    let BenchArgs {
        file,
        depth,
        fen,
        runs,
    } = args;
    let game = load_game(&file)?;
    let mut pos = position(&game, &fen, &[])?;
    let mut rates = Vec::new();
    let mut nodes = 0;
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        nodes = pos.perft(depth);
        rates.push(nodes as f64 / start.elapsed().as_secs_f64().max(1e-9));
    }
    rates.sort_by(f64::total_cmp);
    let median = rates[rates.len() / 2];
    println!(
        "{} depth {depth}: nodes {nodes}, median {:.2} M nodes/s over {} runs",
        printable(&game.ir().name),
        median / 1e6,
        rates.len()
    );
    Ok(ExitCode::SUCCESS)
}
