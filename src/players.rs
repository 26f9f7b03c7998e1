//! Who plays a seat, as `play`, `selfplay` and `match` name it: `human`,
//! `random`, or `engine` with an optional limit per move, and how a
//! computer seat picks its move.

use runtime::search::{Algorithm, Engine, Limits, Outcome, MAX_SEARCH_DEPTH};
use runtime::{Game, Move, Position};
use std::time::Duration;

/// The most milliseconds per move an engine player or `search --movetime`
/// may be given (an hour).
pub const MAX_MOVETIME_MS: u64 = 3_600_000;
/// The most nodes per move an engine player may be given.
pub const MAX_NODES: u64 = 1_000_000_000_000;

/// A seat: `human`, `random`, `greedy`, or `engine` (`engine:depth=N`,
/// `engine:ms=N`, `engine:nodes=N`; plain `engine` thinks 1 s), with
/// `:brs` or `:paranoid` to choose how three or more sides are searched
/// (`engine:brs:depth=3`; by default Best-Reply Search with three sides or
/// more).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Player {
    Human,
    Random,
    /// One ply: the move whose position evaluates best (a win first),
    /// ties broken at random.
    Greedy,
    Engine(EngineLimit, Algorithm),
}

/// What bounds an engine seat's search for one move. Depth and nodes
/// give the same move on every machine; time does not.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EngineLimit {
    Depth(u32),
    Millis(u64),
    Nodes(u64),
}

impl EngineLimit {
    pub fn limits(self) -> Limits {
        match self {
            EngineLimit::Depth(d) => Limits {
                depth: Some(d),
                ..Limits::default()
            },
            EngineLimit::Millis(ms) => Limits {
                time: Some(Duration::from_millis(ms)),
                ..Limits::default()
            },
            EngineLimit::Nodes(n) => Limits {
                nodes: Some(n),
                ..Limits::default()
            },
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Player::Human => write!(f, "human"),
            Player::Random => write!(f, "random"),
            Player::Greedy => write!(f, "greedy"),
            Player::Engine(limit, algorithm) => {
                write!(f, "engine")?;
                match algorithm {
                    Algorithm::Auto => {}
                    Algorithm::Paranoid => write!(f, ":paranoid")?,
                    Algorithm::BestReply => write!(f, ":brs")?,
                }
                match limit {
                    EngineLimit::Depth(n) => write!(f, ":depth={n}"),
                    EngineLimit::Millis(n) => write!(f, ":ms={n}"),
                    EngineLimit::Nodes(n) => write!(f, ":nodes={n}"),
                }
            }
        }
    }
}

pub fn parse_player(s: &str) -> Result<Player, String> {
    let bad = || {
        format!(
            "`{s}`: a player is human, random, greedy, or engine with at most one limit, \
             depth=N (1..={MAX_SEARCH_DEPTH}), ms=N (1..={MAX_MOVETIME_MS}) or nodes=N \
             (1..={MAX_NODES}), and :brs or :paranoid (engine, engine:depth=4, engine:brs:ms=500)"
        )
    };
    match s {
        "human" => return Ok(Player::Human),
        "random" => return Ok(Player::Random),
        "greedy" => return Ok(Player::Greedy),
        _ => {}
    }
    let mut parts = s.split(':');
    if parts.next() != Some("engine") {
        return Err(bad());
    }
    let (mut limit, mut algorithm) = (None, None);
    for part in parts {
        match part {
            "brs" | "paranoid" if algorithm.is_none() => {
                algorithm = Some(if part == "brs" {
                    Algorithm::BestReply
                } else {
                    Algorithm::Paranoid
                })
            }
            _ if limit.is_none() => {
                let (name, value) = part.split_once('=').ok_or_else(bad)?;
                let n: u64 = value.parse().map_err(|_| bad())?;
                limit = Some(match name {
                    "depth" if (1..=MAX_SEARCH_DEPTH as u64).contains(&n) => {
                        EngineLimit::Depth(n as u32)
                    }
                    "ms" if (1..=MAX_MOVETIME_MS).contains(&n) => EngineLimit::Millis(n),
                    "nodes" if (1..=MAX_NODES).contains(&n) => EngineLimit::Nodes(n),
                    _ => return Err(bad()),
                });
            }
            _ => return Err(bad()),
        }
    }
    Ok(Player::Engine(
        limit.unwrap_or(EngineLimit::Millis(1000)),
        algorithm.unwrap_or_default(),
    ))
}

/// A xorshift64 generator: random seats and random opening moves, the same
/// sequence for the same seed on every machine.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The computer seats of one game: an engine per seat (made at its first
/// move, so its tables serve that seat alone) and the random generator.
pub struct Computers<'g> {
    game: &'g Game,
    engines: Vec<Option<Engine<'g>>>,
    table_bits: u32,
    /// Threads of each engine's search.
    threads: usize,
    /// The time left on the clock of the seat to move, if the game has
    /// a clock: an engine seat then takes its share (`Limits::from_clock`).
    pub clock_ms: Option<u64>,
    pub rng: Rng,
}

impl<'g> Computers<'g> {
    /// `table_bits`: each engine's transposition table has 2^bits entries.
    pub fn new(game: &'g Game, seed: u64, table_bits: u32) -> Computers<'g> {
        Computers {
            game,
            engines: (0..game.players()).map(|_| None).collect(),
            table_bits,
            threads: 1,
            clock_ms: None,
            rng: Rng::new(seed),
        }
    }

    /// Each engine searches with `threads` threads.
    pub fn with_threads(mut self, threads: usize) -> Computers<'g> {
        self.threads = threads;
        self
    }

    /// The seat's engine (a table of 2^`bits` entries), made at its first use.
    fn engine(&mut self, seat: usize, algorithm: Algorithm, bits: u32) -> &mut Engine<'g> {
        let (game, threads) = (self.game, self.threads);
        self.engines[seat].get_or_insert_with(|| {
            let mut engine = Engine::with_table_bits(game, bits).with_algorithm(algorithm);
            engine.set_threads(threads);
            engine
        })
    }

    /// `player`'s move for the side to move in `pos`, whose legal moves are
    /// `list` (not empty): a uniform pick for `random`, the search's best
    /// (and its outcome) for an engine; `None` for a human.
    pub fn choose(
        &mut self,
        player: Player,
        pos: &mut Position<'g>,
        list: &[Move],
    ) -> Option<(Move, Option<Outcome>)> {
        match player {
            Player::Human => None,
            Player::Random => Some((list[self.rng.below(list.len())], None)),
            Player::Greedy => {
                // It only evaluates: the smallest table will do.
                let engine = self.engine(pos.to_move(), Algorithm::Paranoid, 10);
                let mut scored = Vec::new();
                engine.one_ply(pos, &mut scored);
                let best = scored.iter().map(|s| s.1).max()?;
                let top: Vec<Move> = scored.iter().filter(|s| s.1 == best).map(|s| s.0).collect();
                Some((top[self.rng.below(top.len())], None))
            }
            Player::Engine(limit, algorithm) => {
                let mut limits = limit.limits();
                if let Some(left) = self.clock_ms {
                    let share = Limits::from_clock(left, 0, None);
                    limits.time = limits.time.min(share.time).or(share.time);
                    limits.soft_time = share.soft_time;
                }
                let engine = self.engine(pos.to_move(), algorithm, self.table_bits);
                let outcome = engine.search(pos, limits, |_| {});
                Some((outcome.best.unwrap_or(list[0]), Some(outcome)))
            }
        }
    }
}
