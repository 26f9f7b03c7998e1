//! `variant uci [FILE]`: the Universal Chess Interface, so that existing
//! tools (GUIs, match runners) can drive the engine. FILE may be a game of
//! more than two players, spoken the same way (an extension of the
//! protocol: `position startpos moves ...`, the side to move whoever's
//! turn it is; `variant match` drives such games). Moves are written in the project's notation (`e2e4`, `e7e8q`,
//! the game's castling forms).
//!
//! Input is read on a thread of its own and handed over a channel, so the
//! engine hears every command while it thinks (after `go infinite`, any
//! command but `stop` or `quit` used to leave it deaf for ever). While a
//! search runs, `isready` is answered at once, `stop` ends the search,
//! `quit` (and the end of the input) ends it and the program; every other
//! command waits, in order, for the search to end (a bounded search by
//! itself, `go infinite` by `stop`), as the protocol has a GUI stop a
//! search before it changes the position. Lines are read with a bound
//! (`MAX_UCI_LINE`): a longer one is skipped with an error line, never
//! held whole.
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `setoption name NAME [value
//! VALUE]`, `position startpos|fen POS [moves M...]`, `go [depth N]
//! [movetime MS] [nodes N] [wtime MS] [btime MS] [winc MS] [binc MS]
//! [movestogo N] [infinite]`, `stop`, `quit`. A command that cannot be
//! taken is answered with `info string error: ...` and changes nothing
//! (the protocol has no other error channel).
//!
//! Options, as Fairy-Stockfish has them: `UCI_Variant` (a combo of every
//! game known by name, `uci_variants.rs`) switches the game: the session
//! of one game ends and one of the new game begins (a new start position
//! and engine), the input, the commands waiting and the search count
//! carried over; `VariantPath` adds the games of files and directories to
//! the names, without changing the game.

use crate::input::{read_line_max, Line, Overlong};
use runtime::notation::{move_to_string, parse_move, parse_position};
use runtime::search::{Engine, Info, Limits, Outcome, Score, MAX_SEARCH_DEPTH, MAX_THREADS};
use runtime::text::printable;
use runtime::{Game, Position};
use std::collections::VecDeque;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Arc;
use std::thread::{Scope, ScopedJoinHandle};
use std::time::Duration;

/// The longest a `go` with clock times may think for one move.
const MAX_MOVE_TIME: Duration = Duration::from_secs(3600);
/// The longest command line read: a `position ... moves` line of a game of
/// 200,000 plies fits (a move is a few bytes); a 7 GB line aborted the
/// engine when it was read whole.
pub const MAX_UCI_LINE: usize = 1 << 20;
/// The most bytes of commands that wait for a search to end (each counted
/// with 64 bytes more, its keeping): past it a command is refused with an
/// error line, so a client that sends on and on during `go infinite` does
/// not grow the engine without end.
const MAX_WAITING: usize = 8 * MAX_UCI_LINE;
/// Events read ahead of the main loop at most (the reader waits beyond):
/// input sent faster than commands are obeyed (a `position` of a long game
/// takes a while) is not held without end.
const QUEUED_EVENTS: usize = 64;

#[path = "uci_variants.rs"]
mod variants;
use variants::Variants;

/// A line to standard output, flushed (the GUI waits for it).
fn out(line: &str) {
    let mut o = std::io::stdout().lock();
    writeln!(o, "{line}").ok();
    o.flush().ok();
}

/// A command refused: the protocol's only error channel.
fn error(message: &str) {
    out(&format!("info string error: {}", printable(message)));
}

/// The `option` lines of the engine's own options, after `UCI_Variant`
/// and `VariantPath` in the `uci` answer; each is set in
/// `Session::setoption`: `Threads`, the threads of a search (Lazy SMP).
fn engine_options() -> Vec<String> {
    vec![format!(
        "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
    )]
}

/// What the main loop waits for.
enum Event {
    /// A line of input.
    Input(Line),
    /// The end of the input (or a read error).
    End,
    /// Search number `n` ended (its `bestmove` printed).
    Ended(u64),
}

/// Reads standard input's lines on a thread of their own, into `events`.
/// The thread is not joined: it may be blocked in a read when `quit` ends
/// the program.
fn read_input(events: SyncSender<Event>) {
    std::thread::spawn(move || {
        let mut stdin = std::io::stdin().lock();
        while let Ok(Some(line)) = read_line_max(&mut stdin, MAX_UCI_LINE, Overlong::Skip) {
            if events.send(Event::Input(line)).is_err() {
                return;
            }
        }
        events.send(Event::End).ok();
    });
}

/// A search in progress.
struct Running<'s, 'g> {
    /// Its number, as `Event::Ended` gives it.
    n: u64,
    /// Set to stop it.
    stop: Arc<AtomicBool>,
    /// Set by the search before it prints its `bestmove`: a command read
    /// after that line never waits for it (the thread may not have said
    /// `Ended` yet).
    done: Arc<AtomicBool>,
    /// Gives the engine back.
    thread: ScopedJoinHandle<'s, Engine<'g>>,
}

/// The engine's state between commands.
struct Session<'s, 'g> {
    game: &'g Game,
    pos: Position<'g>,
    /// The engine, when no search holds it.
    searcher: Option<Engine<'g>>,
    running: Option<Running<'s, 'g>>,
    /// Searches started so far, in every session (numbers `Event::Ended`).
    searches: u64,
    /// Where a search says it ended.
    events: SyncSender<Event>,
    /// Threads of every search (`setoption name Threads`).
    threads: usize,
}

impl<'s, 'g: 's> Session<'s, 'g> {
    /// Ends the search in progress, if any (its `bestmove` is printed by
    /// its thread), and takes its engine back.
    fn stop(&mut self) {
        if let Some(running) = self.running.take() {
            running.stop.store(true, Ordering::Relaxed);
            if let Ok(engine) = running.thread.join() {
                self.searcher = Some(engine);
            }
        }
    }

    /// Search `n` ended by itself: its engine is taken back (a number of a
    /// search already stopped is stale, and ignored).
    fn ended(&mut self, n: u64) {
        if self.running.as_ref().is_some_and(|r| r.n == n) {
            self.stop();
        }
    }

    /// Is a search running (not one that has given its answer)?
    fn searching(&mut self) -> bool {
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.done.load(Ordering::Acquire))
        {
            self.stop();
        }
        self.running.is_some()
    }

    /// A new engine for the session's game, with its threads.
    fn engine(&self) -> Engine<'g> {
        let mut engine = Engine::new(self.game);
        engine.set_threads(self.threads);
        engine
    }

    /// Starts a search of the current position within `limits`.
    fn go(&mut self, scope: &'s Scope<'s, '_>, mut limits: Limits) {
        self.stop();
        let game = self.game;
        let (stop, done) = (
            Arc::new(AtomicBool::new(false)),
            Arc::new(AtomicBool::new(false)),
        );
        limits.stop = Some(stop.clone());
        let mut engine = self.searcher.take().unwrap_or_else(|| self.engine());
        let mut at = self.pos.clone();
        self.searches += 1;
        let (n, events, finished) = (self.searches, self.events.clone(), done.clone());
        let thread = scope.spawn(move || {
            let outcome = engine.search(&mut at, limits, |info| {
                out(&info_line(
                    game,
                    info,
                    uci_score(info.score, game.players()),
                ));
            });
            finished.store(true, Ordering::Release);
            out(&bestmove(game, &outcome));
            // Never waits: the main loop may be joining this thread. When
            // the queue is full, the events in it find `done` set instead.
            events.try_send(Event::Ended(n)).ok();
            engine
        });
        self.running = Some(Running {
            n,
            stop,
            done,
            thread,
        });
    }

    /// Obeys one command, no search running.
    fn command(&mut self, scope: &'s Scope<'s, '_>, line: &str, variants: &mut Variants) -> Flow {
        let game = self.game;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            return Flow::On;
        };
        match command {
            "uci" => {
                out(&format!("id name variant ({})", printable(&game.ir().name)));
                out("id author the variant project");
                for option in variants.option_lines().iter().chain(&engine_options()) {
                    out(option);
                }
                out("uciok");
            }
            "isready" => out("readyok"),
            "ucinewgame" => {
                self.searcher = Some(self.engine());
                self.pos = Position::start(game);
            }
            "setoption" => return self.setoption(line, variants),
            "position" => match position(game, &words[1..]) {
                Ok(p) => self.pos = p,
                Err(e) => error(&e),
            },
            "go" => match limits(&words[1..], self.pos.to_move()) {
                Ok(limits) => self.go(scope, limits),
                Err(e) => error(&e),
            },
            // No pondering: nothing to switch over.
            "stop" | "ponderhit" => {}
            "quit" => return Flow::Quit,
            _ => error(&format!("unknown command `{command}`")),
        }
        Flow::On
    }

    /// `setoption name NAME [value VALUE]` (names in any case, as
    /// Fairy-Stockfish takes them). `UCI_Variant` compiles the game named
    /// and, if it loads, ends this session for one of it; `VariantPath`
    /// rescans the names (and prints nothing: a GUI that wants the new
    /// list sends `uci` again).
    fn setoption(&mut self, line: &str, variants: &mut Variants) -> Flow {
        let (name, value) = match variants::setoption(line) {
            Ok(option) => option,
            Err(e) => {
                error(&e);
                return Flow::On;
            }
        };
        match name.to_lowercase().as_str() {
            "uci_variant" => match switch(variants, value) {
                Ok(game) => return Flow::Switch(Box::new(game)),
                Err(e) => error(&e),
            },
            "variantpath" => {
                if let Err(e) = variants.set_path(value) {
                    error(&e);
                }
            }
            "threads" => match value.trim().parse::<usize>() {
                Ok(n) if (1..=MAX_THREADS).contains(&n) => {
                    self.threads = n;
                    if let Some(engine) = &mut self.searcher {
                        engine.set_threads(n);
                    }
                }
                _ => error(&format!("Threads is a number from 1 to {MAX_THREADS}")),
            },
            _ => error(&format!("unknown option `{name}`")),
        }
        Flow::On
    }

    /// A line read while a search runs: `isready`, `stop`, `quit` and
    /// `ponderhit` are obeyed at once (`false` for `quit`); any other
    /// command waits in `waiting` for the search to end.
    fn during_search(&mut self, line: String, waiting: &mut Waiting) -> bool {
        match line.split_whitespace().next() {
            Some("isready") => out("readyok"),
            Some("stop") => self.stop(),
            Some("quit") => return false,
            Some("ponderhit") | None => {}
            Some(command) => {
                if waiting.bytes + line.len() + 64 > MAX_WAITING {
                    out(&format!(
                        "info string error: `{}` refused: {MAX_WAITING} bytes of commands \
                         already wait for the search to end (send stop)",
                        printable(command)
                    ));
                } else {
                    waiting.bytes += line.len() + 64;
                    waiting.lines.push_back(line);
                }
            }
        }
        true
    }
}

/// The commands waiting for a search to end, in order, and their size.
#[derive(Default)]
struct Waiting {
    lines: VecDeque<String>,
    bytes: usize,
}

impl Waiting {
    fn pop(&mut self) -> Option<String> {
        let line = self.lines.pop_front()?;
        self.bytes -= line.len() + 64;
        Some(line)
    }
}

/// An input line's text, or the error line it is answered with.
fn text_of(line: Line) -> Option<String> {
    match line {
        Line::Text(text) => Some(text),
        Line::TooLong { bytes } => {
            out(&format!(
                "info string error: a line of {bytes} bytes, more than the \
                 {MAX_UCI_LINE} a command may have: skipped"
            ));
            None
        }
        Line::NotUtf8 => {
            out("info string error: a line that is not UTF-8: skipped");
            None
        }
    }
}

/// What a command asks of the session's loop.
enum Flow {
    /// Read on.
    On,
    /// `quit`.
    Quit,
    /// End this game's session and begin one of this game.
    Switch(Box<Game>),
}

/// `setoption name UCI_Variant value NAME`: the game named, loaded (and
/// made the current one), or why not (nothing changed).
fn switch(variants: &mut Variants, name: &str) -> Result<Game, String> {
    let known = variants.find(name).cloned().ok_or_else(|| {
        format!(
            "unknown UCI_Variant `{name}`: the `uci` answer lists the games known \
             (VariantPath adds files and directories)"
        )
    })?;
    let game = variants::load(&known.path)?;
    variants.current = known;
    Ok(game)
}

/// What outlives one game's session.
struct Shared {
    inbox: Receiver<Event>,
    /// Where a search says it ended.
    events: SyncSender<Event>,
    waiting: Waiting,
    /// Searches started so far, in every session (a stale `Ended` of an
    /// earlier session's search never matches a new one).
    searches: u64,
    variants: Variants,
    /// `setoption name Threads`, kept across games.
    threads: usize,
}

/// Speaks UCI on standard input and output, FILE's game first (without
/// FILE, the library's chess: `uci_variants.rs`).
pub fn run(file: Option<&Path>) -> Result<(), String> {
    let variants = Variants::new(file)?;
    // The first game as every command loads it (its diagnostics printed
    // in full when it does not compile).
    // FILE may have any number of players (the protocol's extension: the
    // side to move is whoever's turn it is; `variant match` plays such
    // games); the games of `UCI_Variant` are the two-player ones a GUI
    // expects.
    let mut game = crate::load::load_game(&variants.current.path)?;
    let (events, inbox) = sync_channel(QUEUED_EVENTS);
    read_input(events.clone());
    let mut shared = Shared {
        inbox,
        events,
        waiting: Waiting::default(),
        searches: 0,
        variants,
        threads: 1,
    };
    while let Some(next) = play(&game, &mut shared) {
        game = *next;
    }
    Ok(())
}

/// One game's session, until `quit` (`None`) or a switch to another game.
fn play(game: &Game, shared: &mut Shared) -> Option<Box<Game>> {
    std::thread::scope(|scope| {
        let mut session = Session {
            game,
            pos: Position::start(game),
            searcher: None,
            running: None,
            searches: shared.searches,
            events: shared.events.clone(),
            threads: shared.threads,
        };
        session.searcher = Some(session.engine());
        let next = session_loop(&mut session, scope, shared);
        // A `quit` read during a search, or the end of the input (read
        // as `quit`): the search is stopped and its answer given.
        session.stop();
        shared.searches = session.searches;
        shared.threads = session.threads;
        next
    })
}

/// Reads events and obeys commands for one session.
fn session_loop<'s, 'g: 's>(
    session: &mut Session<'s, 'g>,
    scope: &'s Scope<'s, '_>,
    shared: &mut Shared,
) -> Option<Box<Game>> {
    let Shared {
        inbox,
        waiting,
        variants,
        ..
    } = shared;
    loop {
        // The commands that waited (some may follow a switch of game),
        // until one starts a search.
        while session.running.is_none() {
            let Some(text) = waiting.pop() else {
                break;
            };
            match session.command(scope, &text, variants) {
                Flow::On => {}
                Flow::Quit => return None,
                Flow::Switch(game) => return Some(game),
            }
        }
        match inbox.recv().ok()? {
            Event::Input(line) => {
                let Some(text) = text_of(line) else { continue };
                if session.searching() {
                    if !session.during_search(text, waiting) {
                        return None;
                    }
                } else {
                    waiting.bytes += text.len() + 64;
                    waiting.lines.push_back(text);
                }
            }
            Event::End => return None,
            Event::Ended(n) => session.ended(n),
        }
    }
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

/// A score as UCI says it: a mate in moves of the side to move, `players`
/// plies to a move.
fn uci_score(score: Score, players: usize) -> String {
    let moves = |plies: i32| (plies + players as i32 - 1) / players as i32;
    match score {
        Score::Centipawns(n) => format!("cp {n}"),
        Score::MateIn(n) if n > 0 => format!("mate {}", moves(n)),
        Score::MateIn(n) => format!("mate -{}", moves(-n)),
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
    let (mut time, mut inc, mut to_go) = ([None; 2], [0u64; 2], None);
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
            "movestogo" => to_go = Some(number(i)?.max(1)),
            other => return Err(format!("unknown `go` parameter `{other}`")),
        }
        i += 2;
    }
    // `wtime`/`btime` are the first two players' clocks: a game of more
    // players has no UCI words for the others', which think by the other
    // limits (or a bare `go`'s second).
    let own = time.get(to_move).copied().flatten();
    if let (None, Some(left)) = (limits.time, own) {
        let clock = Limits::from_clock(left, inc[to_move], to_go);
        limits.time = clock.time.map(|t| t.min(MAX_MOVE_TIME));
        limits.soft_time = clock.soft_time.map(|t| t.min(MAX_MOVE_TIME));
    }
    if !infinite && limits.depth.is_none() && limits.nodes.is_none() && limits.time.is_none() {
        // A bare `go`: a second, so that the answer comes.
        limits.time = Some(Duration::from_secs(1));
    }
    Ok(limits)
}
