//! `variant selfplay`: many computer games in parallel (`crate::selfplay`),
//! a JSON line each, then a summary; or the merge of several runs.

use crate::cli::SelfplayArgs;
use crate::load::{load_game_reading, refuse_overwriting_imports, same_file};
use crate::players::Player;
use crate::recorded::position;
use crate::selfplay;
use runtime::text::{printable, printable_lines};
use std::process::ExitCode;

/// `variant selfplay`: a run, or a merge of runs.
pub fn run(args: SelfplayArgs) -> Result<ExitCode, String> {
    let SelfplayArgs {
        file,
        games,
        players,
        threads,
        seed,
        shard,
        random_plies,
        max_plies,
        fen,
        out,
        merge,
    } = args;
    if !merge.is_empty() {
        if let Some(out) = &out {
            if let Some(input) = merge.iter().find(|m| same_file(m, out)) {
                return Err(format!(
                    "refusing to write the merged games over {}, one of the files merged",
                    input.display()
                ));
            }
        }
        let merged = match &out {
            Some(out) => {
                let mut sink = std::fs::File::create(out)
                    .map(std::io::BufWriter::new)
                    .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
                selfplay::merge(&merge, Some(&mut sink))?
            }
            None => selfplay::merge(&merge, None)?,
        };
        match merged {
            Some((info, games)) => print!("{}", printable_lines(&selfplay::summary(&info, &games))),
            None => println!("no games"),
        }
        return Ok(ExitCode::SUCCESS);
    }
    let (Some(file), Some(out)) = (file, out) else {
        return Err("selfplay needs a game file and --out (or --merge FILES)".into());
    };
    if same_file(&file, &out) {
        return Err(format!(
            "refusing to write the games over the game file {}: give another --out",
            file.display()
        ));
    }
    let (game, read) = load_game_reading(&file)?;
    refuse_overwriting_imports(&out, &read, "the games", "--out")?;
    let players = match players.len() {
        1 => vec![players[0]; game.players()],
        n if n == game.players() => players,
        n => {
            return Err(format!(
            "--players names {n} players, but {} has {} (name one for every seat, or one for all)",
            printable(&game.ir().name),
            game.players()
        ))
        }
    };
    if players.contains(&Player::Human) {
        return Err(
            "selfplay seats are computers: random, greedy or engine[:depth=N|:nodes=N|:ms=N]"
                .into(),
        );
    }
    let start = position(&game, &fen, &[])?;
    let threads = threads
        .map(|t| t as usize)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let run = selfplay::Run {
        game: &game,
        fen,
        players,
        games,
        seed,
        shard: shard.unwrap_or((1, 1)),
        random_plies: random_plies.unwrap_or(game.players() as u32),
        max_plies,
        threads,
    };
    let mut sink = std::fs::File::create(&out)
        .map(std::io::BufWriter::new)
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    let (info, games) = selfplay::run(&run, &start, &mut sink)?;
    print!("{}", printable_lines(&selfplay::summary(&info, &games)));
    Ok(ExitCode::SUCCESS)
}
