//! `variant`: check, compile, perft, list moves, benchmark and play games
//! written in the variant language. This file only dispatches: the
//! arguments are in `cli`, each command in `commands/`, the loading of a
//! game file (once) in `load`.

mod arena;
mod cli;
mod commands;
mod display;
mod draw_offer;
mod input;
mod load;
mod players;
mod recorded;
mod records;
mod selfplay;
mod serve;
mod serve_wire;
mod uci;
mod values;
mod values_data;
mod values_report;
mod web;

use clap::Parser;
use cli::{Cli, Command};
use runtime::text::printable_lines;
use std::process::ExitCode;

fn main() -> ExitCode {
    // A reader that stops early (`variant perft ... | head`) ends the
    // program quietly, as it ends any Unix filter, instead of making the
    // next print panic on a broken pipe.
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to its default, before any
    // thread starts, touches no memory of the program.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    let code = match run(cli.command) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {}", printable_lines(&message));
            ExitCode::FAILURE
        }
    };
    load::report_counts();
    code
}

fn run(command: Command) -> Result<ExitCode, String> {
    match command {
        Command::Check(args) => commands::check::run(args),
        Command::Compile(args) => commands::compile::run(args),
        Command::Perft(args) => commands::perft::run(args),
        Command::Moves(args) => commands::moves::run(args),
        Command::Play(args) => commands::play::run(args),
        Command::Search(args) => commands::search::run(args),
        Command::Uci(args) => commands::uci::run(args),
        Command::Match(args) => commands::r#match::run(args),
        Command::Selfplay(args) => commands::selfplay::run(args),
        Command::Values(args) => commands::values::run(args),
        Command::Draw(args) => commands::draw::run(args),
        Command::Serve(args) => commands::serve::run(args),
        Command::Bench(args) => commands::bench::run(args),
    }
}
