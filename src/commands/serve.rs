//! `variant serve`: load every game, then serve the web board
//! (`crate::web`) until the process is stopped.

use crate::cli::ServeArgs;
use crate::load::load_game;
use std::process::ExitCode;

pub fn run(args: ServeArgs) -> Result<ExitCode, String> {
    let ServeArgs {
        files,
        port,
        host,
        allow_host,
    } = args;
    let games = files
        .iter()
        .map(|f| load_game(f))
        .collect::<Result<Vec<_>, _>>()?;
    // A browser that drops its connection is an error on that
    // connection, never a signal that ends the server.
    #[cfg(unix)]
    // SAFETY: as in `main`, a signal's disposition, before any thread.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    crate::web::serve(games, &host, port, &allow_host)?;
    Ok(ExitCode::SUCCESS)
}
