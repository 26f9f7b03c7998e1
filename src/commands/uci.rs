//! `variant uci`: load the game and speak UCI (`crate::uci`) on standard
//! input and output.

use crate::cli::UciArgs;
use crate::load::load_game;
use std::process::ExitCode;

pub fn run(args: UciArgs) -> Result<ExitCode, String> {
    let game = load_game(&args.file)?;
    crate::uci::run(&game)?;
    Ok(ExitCode::SUCCESS)
}
