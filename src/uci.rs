//! `variant uci FILE`: the Universal Chess Interface for a two-player
//! game, so that existing tools (GUIs, match runners) can drive the
//! engine. Moves are written in the project's notation (`e2e4`, `e7e8q`,
//! the game's castling forms).
//!
//! Input is read on a thread of its own and handed over a channel, so the
//! engine hears every command while it thinks (after `go infinite`, any
//! command but `stop` or `quit` used to leave it deaf for ever): `isready`
//! is answered at once, `stop` and `quit` end the search, and a command
//! that changes what is searched (`position`, `ucinewgame`, `go`) ends the
//! search first, as `stop` would (its `bestmove` comes out), then is
//! obeyed. Lines are read with a bound (`MAX_UCI_LINE`): a longer one is
//! skipped with an error line, never held whole.
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `position startpos|fen POS
//! [moves M...]`, `go [depth N] [movetime MS] [nodes N] [wtime MS] [btime
//! MS] [winc MS] [binc MS] [movestogo N] [infinite]`, `stop`, `quit`. A
//! command that cannot be taken is answered with `info string error: ...`
//! and changes nothing (the protocol has no other error channel).

use crate::input::{read_line_max, Line, Overlong};
use runtime::notation::{move_to_string, parse_move, parse_position};
use runtime::search::{Engine, Info, Limits, Outcome, Score, MAX_SEARCH_DEPTH};
use runtime::text::printable;
use runtime::{Game, Position};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;
use std::thread::{Scope, ScopedJoinHandle};
use std::time::Duration;

/// The longest a `go` with clock times may think for one move.
const MAX_MOVE_TIME: Duration = Duration::from_secs(3600);
/// The longest command line read: a `position ... moves` line of a game of
/// 200,000 plies fits (a move is a few bytes); a 7 GB line aborted the
/// engine when it was read whole.
pub const MAX_UCI_LINE: usize = 1 << 20;

/// A line to standard output, flushed (the GUI waits for it).
fn out(line: &str) {
    let mut o = std::io::stdout().lock();
    writeln!(o, "{line}").ok();
    o.flush().ok();
}

/// Standard input's lines, read on a thread of their own; the channel
/// closes at the end of the input or on a read error. The thread is not
/// joined: it may be blocked in a read when `quit` ends the program.
fn input_lines() -> Receiver<Line> {
    let (send, lines) = channel();
    std::thread::spawn(move || {
        let mut stdin = std::io::stdin().lock();
        while let Ok(Some(line)) = read_line_max(&mut stdin, MAX_UCI_LINE, Overlong::Skip) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    lines
}

/// A search in progress: its stop flag and its thread, which gives the
/// engine back.
type Running<'s, 'g> = (Arc<AtomicBool>, ScopedJoinHandle<'s, Engine<'g>>);

/// The engine's state between commands.
struct Session<'s, 'g> {
    game: &'g Game,
    pos: Position<'g>,
    /// The engine, when no search holds it.
    searcher: Option<Engine<'g>>,
    running: Option<Running<'s, 'g>>,
}

impl<'s, 'g: 's> Session<'s, 'g> {
    /// Ends the search in progress, if any (its `bestmove` is printed by
    /// its thread), and takes its engine back.
    fn stop(&mut self) {
        if let Some((flag, handle)) = self.running.take() {
            flag.store(true, Ordering::Relaxed);
            if let Ok(engine) = handle.join() {
                self.searcher = Some(engine);
            }
        }
    }

    /// Takes back the engine of a search that ended by itself.
    fn reap(&mut self) {
        if self.running.as_ref().is_some_and(|r| r.1.is_finished()) {
            self.stop();
        }
    }

    /// Starts a search of the current position within `limits`.
    fn go(&mut self, scope: &'s Scope<'s, '_>, mut limits: Limits) {
        self.stop();
        let game = self.game;
        let flag = Arc::new(AtomicBool::new(false));
        limits.stop = Some(flag.clone());
        let mut engine = self.searcher.take().unwrap_or_else(|| Engine::new(game));
        let mut at = self.pos.clone();
        let handle = scope.spawn(move || {
            let outcome = engine.search(&mut at, limits, |info| {
                out(&info_line(game, info, uci_score(info.score)));
            });
            out(&bestmove(game, &outcome));
            engine
        });
        self.running = Some((flag, handle));
    }

    /// Obeys one command; `false` for `quit`.
    fn command(&mut self, scope: &'s Scope<'s, '_>, line: &str) -> bool {
        let game = self.game;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            return true;
        };
        self.reap();
        match command {
            "uci" => {
                out(&format!("id name variant ({})", printable(&game.ir().name)));
                out("id author the variant project");
                out("uciok");
            }
            "isready" => out("readyok"),
            "ucinewgame" => {
                self.stop();
                self.searcher = Some(Engine::new(game));
                self.pos = Position::start(game);
            }
            "position" => match position(game, &words[1..]) {
                Ok(p) => {
                    self.stop();
                    self.pos = p;
                }
                Err(e) => out(&format!("info string error: {}", printable(&e))),
            },
            "go" => match limits(&words[1..], self.pos.to_move()) {
                Ok(limits) => self.go(scope, limits),
                Err(e) => out(&format!("info string error: {}", printable(&e))),
            },
            "stop" => self.stop(),
            // No pondering: nothing to switch over.
            "ponderhit" => {}
            "quit" => return false,
            _ => out(&format!(
                "info string error: unknown command `{}`",
                printable(command)
            )),
        }
        true
    }
}

pub fn run(game: &Game) -> Result<(), String> {
    if game.players() != 2 {
        return Err(format!(
            "UCI is a protocol for two players; {} has {} (use `variant search` or `play`)",
            printable(&game.ir().name),
            game.players()
        ));
    }
    let lines = input_lines();
    std::thread::scope(|scope| {
        let mut session = Session {
            game,
            pos: Position::start(game),
            searcher: Some(Engine::new(game)),
            running: None,
        };
        // The end of the input reads as `quit`: the search is stopped and
        // its answer given.
        while let Ok(line) = lines.recv() {
            let text = match line {
                Line::Text(text) => text,
                Line::TooLong { bytes } => {
                    out(&format!(
                        "info string error: a line of {bytes} bytes, more than the \
                         {MAX_UCI_LINE} a command may have: skipped"
                    ));
                    continue;
                }
                Line::NotUtf8 => {
                    out("info string error: a line that is not UTF-8: skipped");
                    continue;
                }
            };
            if !session.command(scope, &text) {
                break;
            }
        }
        session.stop();
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
