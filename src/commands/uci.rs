//! `variant uci [FILE]`: speak UCI (`crate::uci`, which loads the game
//! and any other chosen with `UCI_Variant`) on standard input and output.

use crate::cli::UciArgs;
use std::process::ExitCode;

pub fn run(args: UciArgs) -> Result<ExitCode, String> {
    crate::uci::run(args.file.as_deref())?;
    Ok(ExitCode::SUCCESS)
}
