//! `variant search`: search a position, a line per finished depth (UCI's
//! `info` line, with every player's score past two), then the best move.

use crate::cli::{SearchAlgorithm, SearchArgs};
use crate::load::load_game;
use crate::recorded::position;
use crate::uci;
use runtime::notation::move_to_string;
use runtime::search::{Algorithm, Engine, Limits, Score};
use runtime::text::printable;
use std::process::ExitCode;

pub fn run(args: SearchArgs) -> Result<ExitCode, String> {
    let SearchArgs {
        file,
        fen,
        moves,
        depth,
        movetime,
        nodes,
        algorithm,
        threads,
    } = args;
    if depth.is_none() && movetime.is_none() && nodes.is_none() {
        return Err("give --depth, --movetime or --nodes: the search needs a bound".into());
    }
    let game = load_game(&file)?;
    let mut pos = position(&game, &fen, &moves)?;
    let limits = Limits {
        depth,
        nodes,
        time: movetime.map(std::time::Duration::from_millis),
        ..Limits::default()
    };
    let mut searcher = Engine::new(&game).with_algorithm(match algorithm {
        SearchAlgorithm::Auto => Algorithm::Auto,
        SearchAlgorithm::Paranoid => Algorithm::Paranoid,
        SearchAlgorithm::Brs => Algorithm::BestReply,
    });
    searcher.set_threads(threads as usize);
    let outcome = searcher.search(&mut pos, limits, |info| {
        let mut score = score_text(info.score);
        // More than two players: where the principal variation
        // leaves each of them (two players: one is the other's
        // negation, and the line stays UCI's).
        if game.players() > 2 {
            score.push_str(" scores");
            for (p, s) in game.ir().players.iter().zip(&info.scores) {
                let s = s.map_or("out".to_string(), score_text);
                score.push_str(&format!(" {} {s}", p.name));
            }
        }
        println!("{}", uci::info_line(&game, info, score));
    });
    match outcome.best {
        Some(mv) => println!("bestmove {}", printable(&move_to_string(&game, mv))),
        None => println!("bestmove (none): the game is over"),
    }
    Ok(ExitCode::SUCCESS)
}

/// A score as the `search` lines print it: `cp N`, or `mate N` (plies;
/// negative: the side searched for is mated).
pub fn score_text(score: Score) -> String {
    match score {
        Score::Centipawns(n) => format!("cp {n}"),
        Score::MateIn(n) => format!("mate {n}"),
    }
}
