//! Who plays a seat, as `play`, `selfplay` and `match` name it: `human`,
//! `random`, or `engine` with an optional limit per move, and how a
//! computer seat picks its move.

use runtime::search::{Engine, Limits, MAX_SEARCH_DEPTH};
use runtime::{Move, Position};
use std::time::Duration;

/// The most milliseconds per move an engine player or `search --movetime`
/// may be given (an hour).
pub const MAX_MOVETIME_MS: u64 = 3_600_000;
/// The most nodes per move an engine player may be given.
pub const MAX_NODES: u64 = 1_000_000_000_000;

/// A seat: `human`, `random`, or `engine` (`engine:depth=N`,
/// `engine:ms=N`, `engine:nodes=N`; plain `engine` thinks 1 s).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Player {
    Human,
    Random,
    Engine(EngineLimit),
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
            Player::Engine(EngineLimit::Depth(n)) => write!(f, "engine:depth={n}"),
            Player::Engine(EngineLimit::Millis(n)) => write!(f, "engine:ms={n}"),
            Player::Engine(EngineLimit::Nodes(n)) => write!(f, "engine:nodes={n}"),
        }
    }
}

pub fn parse_player(s: &str) -> Result<Player, String> {
    let bad = || {
        format!(
            "`{s}`: a player is human, random, engine, engine:depth=N (1..={MAX_SEARCH_DEPTH}), \
             engine:ms=N (1..={MAX_MOVETIME_MS}) or engine:nodes=N (1..={MAX_NODES})"
        )
    };
    match s {
        "human" => return Ok(Player::Human),
        "random" => return Ok(Player::Random),
        "engine" => return Ok(Player::Engine(EngineLimit::Millis(1000))),
        _ => {}
    }
    let spec = s.strip_prefix("engine:").ok_or_else(bad)?;
    let (name, value) = spec.split_once('=').ok_or_else(bad)?;
    let n: u64 = value.parse().map_err(|_| bad())?;
    match name {
        "depth" if (1..=MAX_SEARCH_DEPTH as u64).contains(&n) => {
            Ok(Player::Engine(EngineLimit::Depth(n as u32)))
        }
        "ms" if (1..=MAX_MOVETIME_MS).contains(&n) => Ok(Player::Engine(EngineLimit::Millis(n))),
        "nodes" if (1..=MAX_NODES).contains(&n) => Ok(Player::Engine(EngineLimit::Nodes(n))),
        _ => Err(bad()),
    }
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

/// A computer seat's move in `pos` (which has legal moves `list`, not
/// empty): a uniform pick for `random`, the search's best for an engine.
/// `None` for a human seat.
pub fn computer_move<'g>(
    player: Player,
    engine: &mut Engine<'g>,
    rng: &mut Rng,
    pos: &mut Position<'g>,
    list: &[Move],
) -> Option<(Move, Option<runtime::search::Outcome>)> {
    match player {
        Player::Human => None,
        Player::Random => Some((list[rng.below(list.len())], None)),
        Player::Engine(limit) => {
            let outcome = engine.search(pos, limit.limits(), |_| {});
            Some((outcome.best.unwrap_or(list[0]), Some(outcome)))
        }
    }
}
