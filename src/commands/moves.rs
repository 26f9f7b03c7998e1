//! `variant moves`: the legal moves of a position, sorted, one a line.

use crate::cli::MovesArgs;
use crate::load::load_game;
use crate::recorded::position;
use crate::selfplay::reason;
use runtime::notation::move_to_string;
use runtime::text::printable;
use runtime::{Game, GameResult};
use std::io::Write;
use std::process::ExitCode;

pub fn run(args: MovesArgs) -> Result<ExitCode, String> {
    let MovesArgs {
        file,
        fen,
        moves,
        result,
    } = args;
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
    if result {
        writeln!(out, "{}", verdict(&game, pos.result())).ok();
    }
    Ok(ExitCode::SUCCESS)
}

/// The verdict line of `--result`: what ends the game here and for whom,
/// in the words of the self-play records (`checkmate`, `move_rule`, ...).
fn verdict(game: &Game, result: Option<GameResult>) -> String {
    let Some(r) = result else {
        return "result: none".into();
    };
    let name = |p: usize| printable(&game.ir().players[p].name).into_owned();
    let who = match (r.winner, r.loser) {
        (Some(p), _) => format!("win {}", name(p)),
        (None, Some(p)) => format!("loss {}", name(p)),
        (None, None) => "draw".into(),
    };
    format!("result: {} {who}", reason(r.end))
}
