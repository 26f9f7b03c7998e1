//! `variant match`: our engine against an outside UCI engine, the runtime
//! as arbiter (`crate::arena`): a line per game, then the score.

use crate::arena;
use crate::cli::MatchArgs;
use crate::load::load_game;
use std::io::Write;
use std::process::ExitCode;

pub fn run(args: MatchArgs) -> Result<ExitCode, String> {
    let MatchArgs {
        file,
        engine,
        engine_options,
        games,
        movetime,
        engine_movetime,
        nodes,
        max_plies,
        random_plies,
        seed,
        threads,
    } = args;
    // The outside engine may die with our line half sent: a write to
    // its closed pipe must be an error the arbiter adjudicates, not
    // the signal that ends a filter.
    #[cfg(unix)]
    // SAFETY: as in `main`, a signal's disposition, before any thread.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    let game = load_game(&file)?;
    let m = arena::Match {
        game: &game,
        engine: engine.split_whitespace().map(String::from).collect(),
        options: engine_options,
        games,
        movetime_ms: movetime,
        engine_movetime_ms: engine_movetime.unwrap_or(movetime),
        nodes,
        max_plies,
        random_plies,
        seed,
        threads: threads as usize,
    };
    let (shares, stopped) = arena::play(&m, &mut std::io::stdout())?;
    if !shares.is_empty() {
        // Written without `print!`, which would panic on a closed pipe.
        std::io::stdout()
            .write_all(arena::report(&shares).as_bytes())
            .ok();
    }
    match stopped {
        Some(why) => Err(format!(
            "the match stopped after {} games: {why}",
            shares.len()
        )),
        None => Ok(ExitCode::SUCCESS),
    }
}
