//! `variant uci FILE`: the Universal Chess Interface for a two-player
//! game, so that existing tools (GUIs, match runners) can drive the
//! engine. Moves are written in the project's notation (`e2e4`, `e7e8q`,
//! the game's castling forms). The search runs on its own thread, so
//! `stop` and `quit` are heard while it thinks.
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `position startpos|fen POS
//! [moves M...]`, `go [depth N] [movetime MS] [nodes N] [wtime MS] [btime
//! MS] [winc MS] [binc MS] [movestogo N] [infinite]`, `stop`, `quit`. A
//! command that cannot be taken is answered with `info string error: ...`
//! and changes nothing (the protocol has no other error channel).

use runtime::notation::{move_to_string, parse_move, parse_position};
use runtime::search::{Engine, Info, Limits, Outcome, Score, MAX_SEARCH_DEPTH};
use runtime::text::printable;
use runtime::{Game, Position};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The longest a `go` with clock times may think for one move.
const MAX_MOVE_TIME: Duration = Duration::from_secs(3600);

pub fn run(game: &Game) -> Result<(), String> {
    if game.players() != 2 {
        return Err(format!(
            "UCI is a protocol for two players; {} has {} (use `variant search` or `play`)",
            printable(&game.ir().name),
            game.players()
        ));
    }
    let stdin = std::io::stdin();
    let mut pos = Position::start(game);
    let mut searcher = Some(Engine::new(game));
    let out = |line: &str| {
        let mut o = std::io::stdout().lock();
        writeln!(o, "{line}").ok();
        o.flush().ok();
    };
    std::thread::scope(|scope| {
        let mut running: Option<(Arc<AtomicBool>, std::thread::ScopedJoinHandle<'_, Engine>)> =
            None;
        for line in stdin.lock().lines() {
            let Ok(line) = line else { break };
            let words: Vec<&str> = line.split_whitespace().collect();
            let Some(&command) = words.first() else {
                continue;
            };
            // Any command but `isready` waits for a search in progress to end
            // (`stop` and `quit` end it first).
            if command != "isready" {
                if let Some((flag, handle)) = running.take() {
                    if command == "stop" || command == "quit" {
                        flag.store(true, Ordering::Relaxed);
                    }
                    searcher = Some(handle.join().expect("the search thread"));
                }
            }
            match command {
                "uci" => {
                    out(&format!("id name variant ({})", printable(&game.ir().name)));
                    out("id author the variant project");
                    out("uciok");
                }
                "isready" => out("readyok"),
                "ucinewgame" => {
                    searcher = Some(Engine::new(game));
                    pos = Position::start(game);
                }
                "position" => match position(game, &words[1..]) {
                    Ok(p) => pos = p,
                    Err(e) => out(&format!("info string error: {}", printable(&e))),
                },
                "go" => match limits(&words[1..], pos.to_move()) {
                    Ok(mut limits) => {
                        let flag = Arc::new(AtomicBool::new(false));
                        limits.stop = Some(flag.clone());
                        let mut engine = searcher.take().unwrap_or_else(|| Engine::new(game));
                        let mut at = pos.clone();
                        let handle = scope.spawn(move || {
                            let outcome = engine.search(&mut at, limits, |info| {
                                out(&info_line(game, info, uci_score(info.score)));
                            });
                            out(&bestmove(game, &outcome));
                            engine
                        });
                        running = Some((flag, handle));
                    }
                    Err(e) => out(&format!("info string error: {}", printable(&e))),
                },
                "stop" => {}
                "quit" => break,
                _ => out(&format!(
                    "info string error: unknown command `{}`",
                    printable(command)
                )),
            }
        }
        if let Some((flag, handle)) = running.take() {
            flag.store(true, Ordering::Relaxed);
            handle.join().ok();
        }
    });
    Ok(())
}

fn bestmove(game: &Game, outcome: &Outcome) -> String {
    match outcome.best {
        Some(mv) => format!("bestmove {}", printable(&move_to_string(game, mv))),
        None => "bestmove 0000".into(),
    }
}

/// UCI counts a mate in moves of the side to move (plies rounded up).
/// An iteration as `variant search` and UCI print it: `info depth 5 score
/// cp 35 nodes 48213 nps 1234567 time 39 pv e2e4 e7e5 ...`, the score
/// written by the caller.
pub fn info_line(game: &Game, info: &Info, score: String) -> String {
    let secs = info.elapsed.as_secs_f64();
    let pv: Vec<String> = info
        .pv
        .iter()
        .map(|&m| printable(&move_to_string(game, m)).into_owned())
        .collect();
    format!(
        "info depth {} score {score} nodes {} nps {:.0} time {} pv {}",
        info.depth,
        info.nodes,
        info.nodes as f64 / secs.max(1e-9),
        info.elapsed.as_millis(),
        pv.join(" ")
    )
}

fn uci_score(score: Score) -> String {
    match score {
        Score::Centipawns(n) => format!("cp {n}"),
        Score::MateIn(n) if n > 0 => format!("mate {}", (n + 1) / 2),
        Score::MateIn(n) => format!("mate -{}", (-n + 1) / 2),
    }
}

/// `startpos|fen POS [moves M...]`; a move that is not legal is refused
/// with its number.
fn position<'g>(game: &'g Game, words: &[&str]) -> Result<Position<'g>, String> {
    let moves_at = words.iter().position(|&w| w == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &words[words.len()..]),
    };
    let mut pos = match head.first() {
        Some(&"startpos") if head.len() == 1 => Position::start(game),
        Some(&"fen") if head.len() > 1 => {
            parse_position(game, &head[1..].join(" ")).map_err(|e| format!("bad position: {e}"))?
        }
        _ => return Err("position takes `startpos` or `fen POS`, then `moves ...`".into()),
    };
    for (i, m) in moves.iter().enumerate() {
        let mv = parse_move(&mut pos, m).map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
        pos.make(mv);
    }
    Ok(pos)
}

/// The limits of `go`: depth, nodes, movetime, or a share of the clock.
fn limits(words: &[&str], to_move: usize) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let (mut time, mut inc, mut to_go) = ([None; 2], [0u64; 2], 30u64);
    let mut infinite = false;
    let mut i = 0;
    while i < words.len() {
        let number = |i: usize| -> Result<u64, String> {
            words
                .get(i + 1)
                .and_then(|w| w.parse().ok())
                .ok_or_else(|| format!("`go {}` needs a number", words[i]))
        };
        match words[i] {
            "infinite" => {
                infinite = true;
                i += 1;
                continue;
            }
            "depth" => {
                let d = number(i)?;
                if !(1..=MAX_SEARCH_DEPTH as u64).contains(&d) {
                    return Err(format!("depth is 1 to {MAX_SEARCH_DEPTH}"));
                }
                limits.depth = Some(d as u32);
            }
            "nodes" => limits.nodes = Some(number(i)?.max(1)),
            "movetime" => {
                limits.time = Some(Duration::from_millis(number(i)?.max(1)).min(MAX_MOVE_TIME))
            }
            "wtime" => time[0] = Some(number(i)?),
            "btime" => time[1] = Some(number(i)?),
            "winc" => inc[0] = number(i)?,
            "binc" => inc[1] = number(i)?,
            "movestogo" => to_go = number(i)?.max(1),
            other => return Err(format!("unknown `go` parameter `{other}`")),
        }
        i += 2;
    }
    if let (None, Some(left)) = (limits.time, time[to_move.min(1)]) {
        let share = left / to_go + inc[to_move.min(1)] / 2;
        let share = share.min(left.saturating_sub(50)).max(1);
        limits.time = Some(Duration::from_millis(share).min(MAX_MOVE_TIME));
    }
    if !infinite && limits.depth.is_none() && limits.nodes.is_none() && limits.time.is_none() {
        // A bare `go`: a second, so that the answer comes.
        limits.time = Some(Duration::from_secs(1));
    }
    Ok(limits)
}
