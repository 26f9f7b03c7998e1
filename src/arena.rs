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
//! With more players ours hold every other seat, the others' alternate
//! (`ours_in`), each outside seat its own engine process, and a game
//! scores our seats' share of its points (`Share`). The outside engine is
//! told the start as FEN (or `startpos` where the game has none) and every
//! move since, in the project's notation, which is UCI's for the games
//! both know (`e2e4`, `e7e8q`, castling as the king's move).
//!
//! The engine's output is read with a bound: a line longer than
//! `MAX_ENGINE_LINE` (an endless line of `/dev/zero` grew the arbiter until
//! it aborted) fails the engine, naming it, and at most `QUEUED_LINES` lines
//! wait unread. Before each move the arbiter asks `isready` and drops every
//! line before the `readyok`, so a stale or doubled `bestmove` is never
//! taken as the answer to the next position; a move it refuses is quoted
//! cut to `QUOTED` characters.
//!
//! The binary builds no test harness (`test = false`), so the unit tests
//! at the bottom run in `tests/cli.rs`, which includes this file.

use crate::input::{read_line_max, Line, Overlong};
use crate::players::{EngineLimit, Rng};
use runtime::notation::{move_to_string, parse_move, write_fen};
use runtime::search::Engine;
use runtime::text::printable;
use runtime::{Game, GameResult, Position};
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

/// How long the outside engine may take to answer `uci` or `isready`.
const HANDSHAKE: Duration = Duration::from_secs(10);
/// Time beyond twice the move time before a missing `bestmove` loses the
/// game; also how long its answer to `stop` is then awaited.
const GRACE: Duration = Duration::from_secs(1);
/// The longest line the outside engine may send: `info` lines with long
/// principal variations are a few kilobytes.
pub const MAX_ENGINE_LINE: usize = 1 << 20;
/// Lines read ahead of the arbiter at most (the engine waits beyond): an
/// engine flooding `info` lines holds at most this many in memory.
const QUEUED_LINES: usize = 64;
/// How much of an engine's move a game's line quotes.
const QUOTED: usize = 40;
/// How much of the reason a move is refused a game's line gives (the
/// notation's messages quote the move, which may be 1 MiB).
const REASON: usize = 200;

/// What a match plays.
pub struct Match<'a> {
    pub game: &'a Game,
    /// The command line of the outside engine (words split at spaces).
    pub engine: Vec<String>,
    /// `setoption name NAME value VALUE`, sent after the handshake.
    pub options: Vec<(String, String)>,
    pub games: u32,
    pub movetime_ms: u64,
    /// The outside engine's milliseconds per move (time odds when it
    /// differs from ours).
    pub engine_movetime_ms: u64,
    /// Nodes per move for both engines instead of time (`go nodes N`); the
    /// move time then only bounds how long the outside engine may take.
    pub nodes: Option<u64>,
    pub max_plies: u32,
    pub random_plies: u32,
    pub seed: u64,
    /// Threads of our engine's search.
    pub threads: usize,
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
    /// The engine sent a line longer than `MAX_ENGINE_LINE` (reading
    /// stopped after `bytes`).
    Overlong {
        prefix: &'static str,
        bytes: usize,
        /// The engine's command, as `--engine` gave it.
        engine: String,
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
            Silence::Overlong {
                prefix,
                bytes,
                engine,
            } => write!(
                f,
                "awaiting its `{prefix}`, the engine `{engine}` sent a line of more than \
                 {MAX_ENGINE_LINE} bytes ({bytes} read, the rest not)"
            ),
        }
    }
}

/// The outside engine as a child process, its output read on a thread of
/// its own so that every wait has a deadline.
struct Outside {
    child: Child,
    input: ChildStdin,
    /// The engine's lines; a `TooLong` is the last (reading stops there).
    lines: Receiver<Line>,
    /// Its command line, printable and cut, for messages.
    name: String,
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
        let (send, lines) = std::sync::mpsc::sync_channel(QUEUED_LINES);
        std::thread::spawn(move || {
            let mut output = BufReader::new(output);
            while let Ok(Some(line)) = read_line_max(&mut output, MAX_ENGINE_LINE, Overlong::Stop) {
                let last = matches!(line, Line::TooLong { .. });
                if send.send(line).is_err() || last {
                    break;
                }
            }
        });
        Ok(Outside {
            child,
            input,
            lines,
            name: quoted(&command.join(" "), REASON),
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
                Ok(Line::Text(line)) if line.trim_start().starts_with(prefix) => return Ok(line),
                Ok(Line::TooLong { bytes }) => {
                    return Err(Silence::Overlong {
                        prefix,
                        bytes,
                        engine: self.name.clone(),
                    })
                }
                // Not UTF-8, or not the line awaited: passed over.
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

    /// The outside engine's move in `pos`, which it is told as `position`
    /// (the start and the moves since); or why it has none, its game lost.
    fn best_move(
        &mut self,
        pos: &mut Position,
        position: &str,
        go: &str,
        wait: Duration,
    ) -> Result<runtime::Move, String> {
        // Every line before `readyok` answers an earlier question: a stale
        // or doubled `bestmove` is dropped here, not read as this move.
        self.ready()
            .and_then(|_| self.send(position))
            .and_then(|_| self.send(go))
            .map_err(|e| format!("the engine failed: {e}"))?;
        let line = match self.wait_for("bestmove", wait) {
            Ok(line) => line,
            Err(e @ Silence::Late { .. }) => {
                // Its late answer must not be read as the next game's.
                self.send("stop").ok();
                self.wait_for("bestmove", GRACE).ok();
                return Err(format!("the engine lost on time: {e}"));
            }
            Err(e) => return Err(format!("the engine failed: {e}")),
        };
        let text = line.split_whitespace().nth(1).unwrap_or("");
        parse_move(pos, text).map_err(|e| {
            format!(
                "the engine played `{}`, not a legal move: {}",
                quoted(text, QUOTED),
                quoted(&e.to_string(), REASON)
            )
        })
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
/// half a win, so it stays inside 0..1 even near a clean sweep). A game
/// counts as won, drawn or lost as our share is above, at or below its
/// fair share; the score is the mean share, a half at equal strength
/// (`ours_in` pairs the games of an odd number of players).
pub fn report(shares: &[Share]) -> String {
    let n = shares.len() as f64;
    let wins = shares.iter().filter(|s| s.ours > s.fair).count();
    let draws = shares.iter().filter(|s| s.ours == s.fair).count();
    let losses = shares.len() - wins - draws;
    let p = shares.iter().map(|s| s.ours).sum::<f64>() / n.max(1.0);
    let mut s = format!(
        "score of ours: {wins} won, {draws} drawn, {losses} lost: {:.1}% of {} games\n",
        100.0 * p,
        shares.len()
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
        // `+ 0.0`: an even score is +0, not -0.
        Some(e) => format!("Elo difference: {:+.0} ({interval})\n", e + 0.0),
        None => format!(
            "Elo difference: {} (every game {}; {interval})\n",
            if p >= 1.0 { "+inf" } else { "-inf" },
            if p >= 1.0 { "won" } else { "lost" }
        ),
    };
    s
}

/// One game's result for our engine: the share of the game's points its
/// seats took, and the share they would take by right at equal strength
/// (their number over the players'; 1/2 with two players).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Share {
    pub ours: f64,
    pub fair: f64,
}

/// Whether seat `seat` is ours in game `g` (counted from 0): every other
/// seat, the first in even games and the second in odd ones, so that with
/// two players the colours alternate, with an even number each engine
/// holds half the seats, and with an odd number a pair of games gives
/// each engine every seat once (three players: ours hold two seats, then
/// one), the fair share over the pair a half.
pub fn ours_in(seat: usize, g: u32) -> bool {
    (seat + g as usize).is_multiple_of(2)
}

/// How the outside engine is told the start: its FEN where the game has
/// one (what Fairy-Stockfish needs), else `startpos`, which `variant uci`
/// knows for every game (hexagons, several players, declarations).
fn start_line(start: &Position) -> String {
    match write_fen(start) {
        Some(fen) => format!("position fen {fen}"),
        None => "position startpos".to_string(),
    }
}

/// Plays the match, printing a line per game, and returns our share per
/// game, and why the match stopped early if it did (an outside engine
/// could not be restarted after a failure). With more than two players
/// every seat not ours is played by an outside engine of its own (one
/// process per such seat of a game, so that no search's table serves two
/// players), all started from the same command: a game of several
/// players speaks UCI as two do (`variant uci` for any number), the side
/// to move being whoever's turn it is.
pub fn play(m: &Match, out: &mut dyn Write) -> Result<(Vec<Share>, Option<String>), String> {
    let game = m.game;
    let players = game.players();
    let start = Position::start(game);
    let start_line = start_line(&start);
    // Outside engines by their order among a game's outside seats.
    let mut outside: Vec<Option<Outside>> = Vec::new();
    outside.push(Some(Outside::ready_to_play(m)?));
    let names: Vec<String> = (0..players)
        .map(|p| printable(&game.ir().players[p].name).into_owned())
        .collect();
    let mut shares = Vec::new();
    let (ours_limit, go) = match m.nodes {
        Some(n) => (EngineLimit::Nodes(n).limits(), format!("go nodes {n}")),
        None => (
            EngineLimit::Millis(m.movetime_ms).limits(),
            format!("go movetime {}", m.engine_movetime_ms),
        ),
    };
    for g in 0..m.games {
        let ours: Vec<bool> = (0..players).map(|s| ours_in(s, g)).collect();
        let theirs = ours.iter().filter(|&&o| !o).count();
        // Engines that failed in the last game are started afresh; one
        // that cannot be started ends the match.
        outside.resize_with(outside.len().max(theirs), || None);
        for slot in outside.iter_mut().take(theirs) {
            let kept = slot.take().and_then(|mut o| {
                o.send("ucinewgame").and_then(|_| o.ready()).ok()?;
                Some(o)
            });
            match kept.map_or_else(|| Outside::ready_to_play(m), Ok) {
                Ok(o) => *slot = Some(o),
                Err(e) => return Ok((shares, Some(format!("before game {}: {e}", g + 1)))),
            }
        }
        let mut seat_engine = vec![usize::MAX; players];
        for (k, s) in (0..players).filter(|&s| !ours[s]).enumerate() {
            seat_engine[s] = k;
        }
        // An engine (and its table) per seat of ours, made at its first move.
        let mut engines: Vec<Option<Engine>> = (0..players).map(|_| None).collect();
        let mut pos = start.clone();
        let mut moves: Vec<String> = Vec::new();
        let mut rng = Rng::new(m.seed ^ (g as u64 / 2 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut list = Vec::new();
        let (share, why): (f64, String) = loop {
            if let Some(r) = pos.result() {
                break (share_of(game, &r, &ours), format!("{:?}", r.end));
            }
            if moves.len() as u32 >= m.max_plies {
                break (fair(&ours), format!("ply cap ({})", m.max_plies));
            }
            list.clear();
            pos.legal_moves(&mut list);
            let seat = pos.to_move();
            let mv = if (moves.len() as u32) < m.random_plies {
                list[rng.below(list.len())]
            } else if ours[seat] {
                let engine = engines[seat].get_or_insert_with(|| {
                    let mut e = Engine::new(game);
                    e.set_threads(m.threads);
                    e
                });
                let o = engine.search(&mut pos, ours_limit.clone(), |_| {});
                o.best.unwrap_or(list[0])
            } else {
                let position = if moves.is_empty() {
                    start_line.clone()
                } else {
                    format!("{start_line} moves {}", moves.join(" "))
                };
                let wait = Duration::from_millis(2 * m.engine_movetime_ms) + GRACE;
                let engine = outside[seat_engine[seat]].as_mut().expect("started above");
                match engine.best_move(&mut pos, &position, &go, wait) {
                    Ok(mv) => mv,
                    // A seat whose engine fails loses the game for all of
                    // the outside engines' seats.
                    Err(why) => break (1.0, why),
                }
            };
            moves.push(move_to_string(game, mv));
            pos.make(mv);
        };
        shares.push(Share {
            ours: share,
            fair: fair(&ours),
        });
        let seats: Vec<&str> = (0..players)
            .filter(|&s| ours[s])
            .map(|s| names[s].as_str())
            .collect();
        writeln!(
            out,
            "game {}, ours {}: {} ({} after {} plies): {}",
            g + 1,
            seats.join("+"),
            round_share(share),
            why,
            moves.len(),
            printable(&moves.join(" "))
        )
        .ok();
        out.flush().ok();
    }
    Ok((shares, None))
}

/// Our seats' number over the players'.
fn fair(ours: &[bool]) -> f64 {
    ours.iter().filter(|&&o| o).count() as f64 / ours.len() as f64
}

/// A share as a game's line shows it: `1`, `0.5`, `0.667`.
fn round_share(share: f64) -> String {
    let s = format!("{share:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `text` made printable and cut to `most` characters, its length said
/// when cut (a 10 MB `bestmove` was echoed whole in the game's line).
fn quoted(text: &str, most: usize) -> String {
    let shown = printable(text);
    match shown.char_indices().nth(most) {
        Some((cut, _)) => format!("{}… ({} bytes)", &shown[..cut], text.len()),
        None => shown.into_owned(),
    }
}

/// Our seats' share of the game's points (`GameResult::score`). With two
/// players a game is won, drawn or lost: the more points win it whole (a
/// game whose points are not all or nothing, say 3 to 1, still counts as
/// won). With more, the share is the fraction: a win of one of our seats
/// is 1, a shared draw our seats' number over the players'.
fn share_of(game: &Game, r: &GameResult, ours: &[bool]) -> f64 {
    let score = |s: usize| r.score(game, s);
    let mine: f64 = (0..ours.len()).filter(|&s| ours[s]).map(score).sum();
    let theirs: f64 = (0..ours.len()).filter(|&s| !ours[s]).map(score).sum();
    if ours.len() == 2 {
        return if mine > theirs {
            1.0
        } else if mine < theirs {
            0.0
        } else {
            0.5
        };
    }
    if mine + theirs > 0.0 {
        mine / (mine + theirs)
    } else {
        fair(ours)
    }
}

// Run by `cargo test --test cli` (tests/cli.rs includes this file).
#[cfg(test)]
mod tests {
    use super::*;

    /// Over a pair of games every seat is ours once and theirs once, and
    /// the fair shares of the pair add up to one, for 2 to 6 players.
    #[test]
    fn a_pair_of_games_gives_each_engine_every_seat_once() {
        for players in 2..=6 {
            for pair in 0..3u32 {
                let (a, b) = (2 * pair, 2 * pair + 1);
                for seat in 0..players {
                    assert_ne!(ours_in(seat, a), ours_in(seat, b));
                }
                let seats = |g| (0..players).map(|s| ours_in(s, g)).collect::<Vec<_>>();
                assert!((fair(&seats(a)) + fair(&seats(b)) - 1.0).abs() < 1e-12);
            }
        }
    }

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
