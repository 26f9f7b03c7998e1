//! `variant moves`: the legal moves of a position, sorted, one a line.

use crate::cli::MovesArgs;
use crate::load::load_game;
use crate::recorded::position;
use runtime::notation::move_to_string;
use runtime::text::printable;
use std::io::Write;
use std::process::ExitCode;

pub fn run(args: MovesArgs) -> Result<ExitCode, String> {
    let MovesArgs { file, fen, moves } = args;
    let game = load_game(&file)?;
    let mut pos = position(&game, &fen, &moves)?;
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut names: Vec<String> = list.iter().map(|&m| move_to_string(&game, m)).collect();
    names.sort();
    let mut out = std::io::stdout().lock();
    for n in names {
        writeln!(out, "{}", printable(&n)).ok();
    }
    Ok(ExitCode::SUCCESS)
}
