//! `variant match`: our engine against an outside engine that speaks UCI
//! (Fairy-Stockfish, or `variant uci` itself), with the runtime as the
//! arbiter: it keeps the position, checks every move the outside engine
//! sends (one that is not legal here, or that does not come in time,
//! loses the game; an engine that dies loses the game and is started
//! afresh for the next), and scores the game by the rules.
//!
//! Colours alternate: game 2k has our engine in the first seat, game 2k+1
//! in the second, both from the same opening (`--random-plies` random
//! moves drawn from the seed and k), so an opening's luck cancels out.
//! The outside engine is told the start as FEN and every move since, in
//! the project's notation, which is UCI's for the games both know
//! (`e2e4`, `e7e8q`, castling as the king's move).
//!
//! The binary builds no test harness (`test = false`), so the unit tests
//! at the bottom run in `tests/cli.rs`, which includes this file.

use crate::players::{EngineLimit, Rng};
use runtime::notation::{move_to_string, parse_move, write_fen};
use runtime::search::Engine;
use runtime::text::printable;
use runtime::{Game, GameResult, Position};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

/// How long the outside engine may take to answer `uci` or `isready`.
const HANDSHAKE: Duration = Duration::from_secs(10);
/// Time beyond twice the move time before a missing `bestmove` loses the
/// game; also how long its answer to `stop` is then awaited.
const GRACE: Duration = Duration::from_secs(1);

/// What a match plays.
pub struct Match<'a> {
    pub game: &'a Game,
    /// The command line of the outside engine (words split at spaces).
    pub engine: Vec<String>,
    /// `setoption name NAME value VALUE`, sent after the handshake.
    pub options: Vec<(String, String)>,
    pub games: u32,
    pub movetime_ms: u64,
    /// Nodes per move for both engines instead of time (`go nodes N`); the
    /// move time then only bounds how long the outside engine may take.
    pub nodes: Option<u64>,
    pub max_plies: u32,
    pub random_plies: u32,
    pub seed: u64,
}

/// A game's end, as our engine sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Points {
    Win,
    Draw,
    Loss,
}

/// Why an awaited line did not come.
#[derive(Debug)]
enum Silence {
    Late {
        prefix: &'static str,
        wait: Duration,
    },
    Ended {
        prefix: &'static str,
    },
}

impl std::fmt::Display for Silence {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Silence::Late { prefix, wait } => {
                write!(
                    f,
                    "no `{prefix}` from the engine within {} ms",
                    wait.as_millis()
                )
            }
            Silence::Ended { prefix } => write!(f, "the engine ended before its `{prefix}`"),
        }
    }
}

/// The outside engine as a child process, its output read on a thread of
/// its own so that every wait has a deadline.
struct Outside {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Outside {
    fn start(command: &[String]) -> Result<Outside, String> {
        let (program, args) = command
            .split_first()
            .ok_or("--engine: give the outside engine's command")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start the engine `{program}`: {e}"))?;
        let input = child
            .stdin
            .take()
            .ok_or("the engine's input is not a pipe")?;
        let output = child
            .stdout
            .take()
            .ok_or("the engine's output is not a pipe")?;
        let (send, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Outside {
            child,
            input,
            lines,
        })
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|_| self.input.flush())
            .map_err(|e| format!("the engine stopped reading its input: {e}"))
    }

    /// The first line starting with `prefix` within `wait`.
    fn wait_for(&mut self, prefix: &'static str, wait: Duration) -> Result<String, Silence> {
        let deadline = std::time::Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.trim_start().starts_with(prefix) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => return Err(Silence::Late { prefix, wait }),
                Err(RecvTimeoutError::Disconnected) => return Err(Silence::Ended { prefix }),
            }
        }
    }

    /// `wait_for`, where silence ends the match.
    fn expect(&mut self, prefix: &'static str, wait: Duration) -> Result<String, String> {
        self.wait_for(prefix, wait).map_err(|e| e.to_string())
    }

    fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        self.expect("readyok", HANDSHAKE).map(|_| ())
    }

    /// Started, introduced (`uci`), given its options, and ready.
    fn ready_to_play(m: &Match) -> Result<Outside, String> {
        let mut outside = Outside::start(&m.engine)?;
        outside.handshake(&m.options)?;
        Ok(outside)
    }

    /// `uci` answered by `uciok`, the options given, `isready` answered.
    fn handshake(&mut self, options: &[(String, String)]) -> Result<(), String> {
        // An engine that exits at once may be gone before `uci` is written:
        // that is the same failure as its ending before `uciok`, whichever
        // of the two the race shows.
        self.send("uci")
            .map_err(|e| format!("{} ({e})", Silence::Ended { prefix: "uciok" }))?;
        self.expect("uciok", HANDSHAKE)?;
        for (name, value) in options {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.ready()
    }
}

impl Drop for Outside {
    fn drop(&mut self) {
        writeln!(self.input, "quit").ok();
        self.input.flush().ok();
        std::thread::sleep(Duration::from_millis(50));
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// The Elo difference of a score fraction (`None` at 0 or 1).
fn elo(p: f64) -> Option<f64> {
    (p > 0.0 && p < 1.0).then(|| -400.0 * (1.0 / p - 1.0).log10())
}

/// The match's last lines: the score, and the Elo difference with a 95%
/// interval (Wilson's interval of the score fraction, a draw counted as
/// half a win, so it stays inside 0..1 even near a clean sweep).
pub fn report(points: &[f64]) -> String {
    let n = points.len() as f64;
    let wins = points.iter().filter(|&&p| p == 1.0).count();
    let draws = points.iter().filter(|&&p| p == 0.5).count();
    let losses = points.len() - wins - draws;
    let p = points.iter().sum::<f64>() / n.max(1.0);
    let mut s = format!(
        "score of ours: {wins} won, {draws} drawn, {losses} lost: {:.1}% of {} games\n",
        100.0 * p,
        points.len()
    );
    let z = 1.96f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    let bound = |q: f64| match elo(q) {
        Some(e) => format!("{e:+.0}"),
        None if q <= 0.0 => "-inf".to_string(),
        None => "+inf".to_string(),
    };
    let interval = format!("95%: {} to {}", bound(centre - half), bound(centre + half));
    s += &match elo(p) {
        Some(e) => format!("Elo difference: {e:+.0} ({interval})\n"),
        None => format!(
            "Elo difference: {} (every game {}; {interval})\n",
            if p >= 1.0 { "+inf" } else { "-inf" },
            if p >= 1.0 { "won" } else { "lost" }
        ),
    };
    s
}

/// Plays the match, printing a line per game, and returns our points per
/// game, and why the match stopped early if it did (the outside engine
/// could not be restarted after a failure).
pub fn play(m: &Match, out: &mut dyn Write) -> Result<(Vec<f64>, Option<String>), String> {
    let game = m.game;
    if game.players() != 2 {
        return Err(format!(
            "a match is between two engines; {} has {} players",
            printable(&game.ir().name),
            game.players()
        ));
    }
    let start = Position::start(game);
    let Some(start_fen) = write_fen(&start) else {
        return Err(format!(
            "{} has no FEN (it needs a rectangular board and no declarations): UCI engines cannot be told its positions",
            printable(&game.ir().name)
        ));
    };
    let mut outside = Some(Outside::ready_to_play(m)?);
    let names: Vec<String> = (0..2)
        .map(|p| printable(&game.ir().players[p].name).into_owned())
        .collect();
    let mut points = Vec::new();
    let (ours_limit, go) = match m.nodes {
        Some(n) => (EngineLimit::Nodes(n).limits(), format!("go nodes {n}")),
        None => (
            EngineLimit::Millis(m.movetime_ms).limits(),
            format!("go movetime {}", m.movetime_ms),
        ),
    };
    for g in 0..m.games {
        let ours = (g % 2) as usize;
        // An engine that failed in the last game is started afresh; one
        // that cannot be started ends the match.
        let kept = outside.take().and_then(|mut o| {
            o.send("ucinewgame").and_then(|_| o.ready()).ok()?;
            Some(o)
        });
        let fresh = match kept.map_or_else(|| Outside::ready_to_play(m), Ok) {
            Ok(o) => o,
            Err(e) => return Ok((points, Some(format!("before game {}: {e}", g + 1)))),
        };
        let outside = outside.insert(fresh);
        let mut engine = Engine::new(game);
        let mut pos = start.clone();
        let mut moves: Vec<String> = Vec::new();
        let mut rng = Rng::new(m.seed ^ (g as u64 / 2 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut list = Vec::new();
        let (result, why): (Points, String) = loop {
            if let Some(r) = pos.result() {
                break (points_of(game, &r, ours), format!("{:?}", r.end));
            }
            if moves.len() as u32 >= m.max_plies {
                break (Points::Draw, format!("ply cap ({})", m.max_plies));
            }
            list.clear();
            pos.legal_moves(&mut list);
            let mv = if (moves.len() as u32) < m.random_plies {
                list[rng.below(list.len())]
            } else if pos.to_move() == ours {
                let o = engine.search(&mut pos, ours_limit.clone(), |_| {});
                o.best.unwrap_or(list[0])
            } else {
                let position = if moves.is_empty() {
                    format!("position fen {start_fen}")
                } else {
                    format!("position fen {start_fen} moves {}", moves.join(" "))
                };
                if let Err(e) = outside.send(&position).and_then(|_| outside.send(&go)) {
                    break (Points::Win, format!("the engine failed: {e}"));
                }
                let wait = Duration::from_millis(2 * m.movetime_ms) + GRACE;
                let line = match outside.wait_for("bestmove", wait) {
                    Ok(line) => line,
                    Err(e @ Silence::Late { .. }) => {
                        // Its late answer must not be read as the next game's.
                        outside.send("stop").ok();
                        outside.wait_for("bestmove", GRACE).ok();
                        break (Points::Win, format!("the engine lost on time: {e}"));
                    }
                    Err(e) => break (Points::Win, format!("the engine failed: {e}")),
                };
                let text = line.split_whitespace().nth(1).unwrap_or("");
                match parse_move(&mut pos, text) {
                    Ok(mv) => mv,
                    Err(e) => {
                        break (
                            Points::Win,
                            format!(
                                "the engine played `{}`, not a legal move: {e}",
                                printable(text)
                            ),
                        )
                    }
                }
            };
            moves.push(move_to_string(game, mv));
            pos.make(mv);
        };
        let p = match result {
            Points::Win => 1.0,
            Points::Draw => 0.5,
            Points::Loss => 0.0,
        };
        points.push(p);
        writeln!(
            out,
            "game {}, ours {}: {p} ({} after {} plies): {}",
            g + 1,
            names[ours],
            why,
            moves.len(),
            printable(&moves.join(" "))
        )
        .ok();
        out.flush().ok();
    }
    Ok((points, None))
}

fn points_of(game: &Game, r: &GameResult, ours: usize) -> Points {
    let mine = r.score(game, ours);
    let theirs = r.score(game, 1 - ours);
    if mine > theirs {
        Points::Win
    } else if mine < theirs {
        Points::Loss
    } else {
        Points::Draw
    }
}

// Run by `cargo test --test cli` (tests/cli.rs includes this file).
#[cfg(test)]
mod tests {
    use super::*;

    /// An engine already gone when `uci` is written (the write fails) reads
    /// the same as one that ends before answering: the race of a fast exit
    /// gives one message either way.
    #[test]
    fn an_engine_gone_before_uci_ended_before_its_uciok() {
        let mut outside = Outside::start(&["true".to_string()]).unwrap();
        while outside.child.try_wait().unwrap().is_none() {
            std::thread::sleep(Duration::from_millis(5));
        }
        let err = outside.handshake(&[]).unwrap_err();
        assert!(
            err.starts_with("the engine ended before its `uciok` ("),
            "{err}"
        );
    }
}
