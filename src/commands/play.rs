//! `variant play`: a game in the terminal, humans typing moves and
//! computers (random or the engine) answering, with an optional clock and
//! the move record written however the session ends.

use super::search::score_text;
use crate::cli::PlayArgs;
use crate::display;
use crate::draw_offer::{Answer, DrawOffer};
use crate::input;
use crate::load::{load_game_reading, refuse_overwriting_imports, same_file};
use crate::players::{Computers, Player};
use crate::recorded::{play_recorded, position};
use runtime::notation::{move_to_string, recorded_to_string, write_fen, write_general};
use runtime::text::printable;
use runtime::{Game, Position};
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

pub fn run(args: PlayArgs) -> Result<ExitCode, String> {
    let PlayArgs {
        file,
        fen,
        players,
        seed,
        max_plies,
        clock,
        record,
        threads,
    } = args;
    if record.as_deref().is_some_and(|r| same_file(&file, r)) {
        return Err(format!(
            "refusing to write the record over the game file {}: give another --record",
            file.display()
        ));
    }
    let (game, read) = load_game_reading(&file)?;
    if let Some(record) = &record {
        refuse_overwriting_imports(record, &read, "the record", "--record")?;
    }
    if players.len() > game.players() {
        return Err(format!(
            "--players names {} players, but {} has {}",
            players.len(),
            printable(&game.ir().name),
            game.players()
        ));
    }
    let pos = position(&game, &fen, &[])?;
    // An engine per computer seat: smaller tables when there are many.
    let bits = if game.players() > 2 { 18 } else { 20 };
    let computers = Computers::new(&game, seed, bits).with_threads(threads as usize);
    play(
        &game,
        pos,
        &players,
        computers,
        max_plies,
        clock,
        record.as_deref(),
    )
}

/// Takes the time `me` thought since `thinking` off its clock (if the
/// game has one): whether it ran out, which ends the game (said here).
fn out_of_time(game: &Game, clock: &mut Option<Vec<f64>>, me: usize, thinking: Instant) -> bool {
    let Some(left) = clock else {
        return false;
    };
    left[me] -= thinking.elapsed().as_secs_f64();
    if left[me] > 0.0 {
        return false;
    }
    let result = runtime::GameResult::loss_on_time(game, me);
    println!(
        "{} has run out of time. Game over: {}.",
        player_name(game, me),
        describe_result(game, &result)
    );
    true
}

/// How a game ended, who won and every player's points:
/// `Checkmate — white wins (white 3, blue 0, red 0)`.
fn describe_result(game: &Game, result: &runtime::GameResult) -> String {
    let names = |p: usize| player_name(game, p);
    let who = match (result.winner, result.loser) {
        (Some(p), _) => format!("{} wins", names(p)),
        (None, Some(p)) => format!("{} loses", names(p)),
        (None, None) => "draw".into(),
    };
    let scores: Vec<String> = (0..game.players())
        .map(|p| format!("{} {}", names(p), points_text(result.score(game, p))))
        .collect();
    format!("{:?} — {who} ({})", result.end, scores.join(", "))
}

/// Points as a player reads them: `3`, `0.5`, `0.33` (two decimals at
/// most, trailing zeros dropped).
fn points_text(points: f64) -> String {
    let text = format!("{points:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn play<'g>(
    game: &'g Game,
    mut pos: Position<'g>,
    players: &[Player],
    mut computers: Computers<'g>,
    max_plies: u64,
    clock_override: Option<u32>,
    record: Option<&Path>,
) -> Result<ExitCode, String> {
    // The record file is made before the first move, so a path that cannot
    // be written is told now, not after the game.
    if let Some(file) = record {
        write_record(file, &[])?;
    }
    let stdin = std::io::stdin();
    let mut stdin = stdin.lock();
    let mut played: Vec<String> = Vec::new();
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stdout());
    // Time left per player, if the game declares a clock.
    let mut clock: Option<Vec<f64>> = clock_override
        .or(game.ir().clock_seconds)
        .map(|s| vec![s as f64; game.players()]);
    // Every name and text from the game file or the input is printed
    // through `printable` (control characters escaped).
    let player_name = |p: usize| player_name(game, p);
    let mut offer = DrawOffer::default();
    print_introduction(game);
    loop {
        println!("\n{}", display::board(&pos, ansi));
        if let Some(left) = &clock {
            print_clock(game, left);
        }
        if let Some(result) = pos.result() {
            println!("Game over: {}.", describe_result(game, &result));
            return finish(&played, record);
        }
        if played.len() as u64 >= max_plies {
            println!("Game unfinished: {max_plies} plies played (--max-plies), no result.");
            return finish(&played, record);
        }
        let me = pos.to_move();
        let name = player_name(me);
        if let Some(by) = offer.turn_begins(me, played.len()) {
            println!("{}'s draw offer lapsed.", player_name(by));
        }
        let mut list = Vec::new();
        pos.legal_moves(&mut list);
        let seat = players.get(me).copied().unwrap_or(Player::Human);
        computers.clock_ms = clock
            .as_ref()
            .map(|left| (left[me].max(0.0) * 1000.0) as u64);
        let thinking = Instant::now();
        if let Some((mv, outcome)) = computers.choose(seat, &mut pos, &list) {
            // A computer's time counts on its clock as a human's does.
            if out_of_time(game, &mut clock, me, thinking) {
                return finish(&played, record);
            }
            played.push(move_to_string(game, mv));
            match outcome {
                Some(o) => println!(
                    "{name} plays {} (depth {}, {})",
                    with_aliases(game, mv),
                    o.depth,
                    score_text(o.score)
                ),
                None => println!("{name} plays {}", with_aliases(game, mv)),
            }
            pos.make(mv);
            declined(&mut offer, me, &name);
            continue;
        }
        print!(
            "{name} to move{}> ",
            if pos.in_check() { " (in check)" } else { "" }
        );
        std::io::stdout().flush().ok();
        let thinking = Instant::now();
        let line = match input::read_line(&mut stdin) {
            Ok(Some(line)) => line,
            Ok(None) | Err(_) => {
                println!("\nInput ended; game abandoned.");
                return finish(&played, record);
            }
        };
        if out_of_time(game, &mut clock, me, thinking) {
            return finish(&played, record);
        }
        let line = match line {
            input::Line::Text(text) => text,
            input::Line::TooLong { bytes } => {
                println!(
                    "a line of {bytes} bytes, more than the {} a move may have: ignored",
                    input::MAX_LINE
                );
                continue;
            }
            input::Line::NotUtf8 => {
                println!("that line is not UTF-8 text: ignored");
                continue;
            }
        };
        match line.trim() {
            "" => continue,
            "quit" | "exit" => {
                return finish(&played, record);
            }
            "resign" => {
                println!("{name} resigns.");
                return finish(&played, record);
            }
            "draw" => {
                if offer.draw(game, &pos, me, played.len()) == Answer::Agreed {
                    let result = runtime::GameResult::agreed_draw(&pos);
                    println!("Game over: {}.", describe_result(game, &result));
                    return finish(&played, record);
                }
                println!("{}", offered(&offer, game, me));
            }
            "moves" => {
                let mut names: Vec<String> = list.iter().map(|&m| with_aliases(game, m)).collect();
                names.sort();
                println!("{}", names.join(" "));
            }
            "fen" => println!(
                "{}",
                printable(&write_fen(&pos).unwrap_or_else(|| write_general(&pos)))
            ),
            text => match play_recorded(&mut pos, text) {
                Ok(entry) => {
                    played.push(recorded_to_string(game, &entry));
                    declined(&mut offer, me, &name);
                }
                Err(e) => println!("{}", printable(&e.to_string())),
            },
        }
    }
}

/// Says that `me` (named `name`), who has just moved, declined a standing
/// draw offer, if he did.
fn declined(offer: &mut DrawOffer, me: usize, name: &str) {
    if offer.moved(me).is_some() {
        println!("{name} declines the draw offer.");
    }
}

/// What typing `draw` did, short of a draw agreed.
fn offered(offer: &DrawOffer, game: &Game, me: usize) -> String {
    let by = offer.offered_by().map(|p| player_name(game, p));
    match (by, offer.offered_by() == Some(me)) {
        (Some(_), true) => "You offer a draw: the others accept with `draw` at their turn \
            (a move declines); now make your move."
            .into(),
        (Some(by), false) => format!("You accept {by}'s draw offer; the others must too."),
        (None, _) => "This game's rules draw by their own declarations (see `moves`), \
            not by `draw`."
            .into(),
    }
}

/// Ends a `play` session, whatever ends it (a result, the ply cap, a
/// time-out, quit, resign, the end of the input): the move record on the
/// terminal and, with `--record`, in its file.
fn finish(played: &[String], record: Option<&Path>) -> Result<ExitCode, String> {
    println!("Moves: {}", printable(&played.join(" ")));
    if let Some(file) = record {
        write_record(file, played)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The record as `--moves` and `claim` read it: the moves on one line,
/// each with its declarations.
fn write_record(file: &Path, played: &[String]) -> Result<(), String> {
    let mut text = played.join(" ");
    text.push('\n');
    std::fs::write(file, text)
        .map_err(|e| format!("cannot write the record to {}: {e}", file.display()))
}

/// A move in the project's notation, with the game's other spellings of it
/// beside it (`e1h1 (Кр-0-0-0)`), printable.
fn with_aliases(game: &Game, mv: runtime::Move) -> String {
    let text = move_to_string(game, mv);
    let aliases = runtime::notation::move_aliases(game, mv);
    let shown = if aliases.is_empty() {
        text
    } else {
        format!("{text} ({})", aliases.join(", "))
    };
    printable(&shown).into_owned()
}

/// A player's name, printable: every name and text from the game file or
/// the input is printed through `printable` (control characters escaped).
fn player_name(game: &Game, p: usize) -> String {
    printable(&game.ir().players[p].name).into_owned()
}

/// The game's name, the commands a player may type, and its declarations.
fn print_introduction(game: &Game) {
    println!(
        "{} — type a move like e2e4, `moves`, `fen`, `draw`, `resign` or `quit`.",
        printable(&game.ir().name)
    );
    if !game.ir().agreements.is_empty() {
        let names: Vec<&str> = game
            .ir()
            .agreements
            .iter()
            .map(|a| a.name.as_str())
            .collect();
        println!(
            "Declarations go after your move: +name makes one, -name withdraws it ({}).",
            printable(&names.join(", "))
        );
    }
}

/// Every player's time left, as h:mm:ss.
fn print_clock(game: &Game, left: &[f64]) {
    let shown: Vec<String> = left
        .iter()
        .enumerate()
        .map(|(p, s)| {
            let s = s.max(0.0) as u64;
            format!(
                "{} {}:{:02}:{:02}",
                player_name(game, p),
                s / 3600,
                s / 60 % 60,
                s % 60
            )
        })
        .collect();
    println!("clock: {}", shown.join("  "));
}
