//! The command line: every command's arguments as clap parses them, and
//! the parsers of the argument values that are more than a number.

use crate::players::{parse_player, Player, MAX_MOVETIME_MS, MAX_NODES};
use crate::selfplay;
use clap::{Parser, Subcommand, ValueEnum};
use runtime::perft::MAX_PERFT_DEPTH;
use runtime::search::MAX_SEARCH_DEPTH;
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "variant",
    version,
    about = "Write, check and play chess variants"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum SearchAlgorithm {
    Auto,
    Paranoid,
    Brs,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum Phase {
    Ast,
    Model,
    Ir,
}

#[derive(Subcommand)]
pub enum Command {
    /// Compile, print diagnostics and verify the claims; exit 1 on any error.
    Check(CheckArgs),
    /// Write the compiled IR (binary; JSON if OUT ends in .json).
    Compile(CompileArgs),
    /// Count the leaves of the legal-move tree.
    Perft(PerftArgs),
    /// Print the legal moves, one a line.
    Moves(MovesArgs),
    /// Play in the terminal.
    Play(PlayArgs),
    /// Search a position: one line per finished depth, then the best move.
    Search(SearchArgs),
    /// Speak the UCI protocol on standard input and output (FILE may have
    /// more than two players: the side to move is whoever's turn it is).
    Uci(UciArgs),
    /// Our engine against an outside UCI engine, the runtime as arbiter:
    /// a line per game, then the score and an Elo estimate (with more than
    /// two players ours hold every other seat; a game scores our share).
    Match(MatchArgs),
    /// Play many computer games in parallel: a JSON line per game in OUT,
    /// then a summary (wins and points per seat, draws, endings, length).
    Selfplay(SelfplayArgs),
    /// Learn each kind's value from self-play (or selfplay records): a fit of
    /// the results on material, with 95% intervals; optionally a file of
    /// `value` statements the engine plays with.
    Values(ValuesArgs),
    /// Draw a position as an SVG picture.
    Draw(DrawArgs),
    /// Serve a web board for the games on a local port.
    Serve(ServeArgs),
    /// Perft speed: runs each position `runs` times, prints the median.
    Bench(BenchArgs),
}

/// `variant check`.
#[derive(clap::Args)]
pub struct CheckArgs {
    pub files: Vec<PathBuf>,
    /// Print a phase's output as JSON (for one file).
    #[arg(long)]
    pub dump: Option<Phase>,
    /// The work each claim may do: perft leaves, or positions of an
    /// endgame search (default: 200,000,000 perft leaves, 50,000,000
    /// positions for a mate search, 40,000,000 for a forced win).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub claim_budget: Option<u64>,
    /// Do not verify the claims (the `insufficient` declarations still are).
    #[arg(long, conflicts_with = "claim_budget")]
    pub no_claims: bool,
}

/// `variant compile`.
#[derive(clap::Args)]
pub struct CompileArgs {
    pub file: PathBuf,
    #[arg(short, long)]
    pub output: PathBuf,
}

/// `variant perft`.
#[derive(clap::Args)]
pub struct PerftArgs {
    pub file: PathBuf,
    /// Plies to search, at most runtime::perft::MAX_PERFT_DEPTH (30).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=MAX_PERFT_DEPTH as i64))]
    pub depth: u32,
    /// Start position: FEN, or the general notation.
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves played from the start position first.
    #[arg(long, num_args = 0..)]
    pub moves: Vec<String>,
    /// One line per root move.
    #[arg(long)]
    pub divide: bool,
    /// Threads to share the root moves over (at most 256).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
}

/// `variant moves`.
#[derive(clap::Args)]
pub struct MovesArgs {
    pub file: PathBuf,
    #[arg(long)]
    pub fen: Option<String>,
    #[arg(long, num_args = 0..)]
    pub moves: Vec<String>,
    /// Print a last line with the game's verdict in this position:
    /// `result: none`, or `result: REASON win|loss PLAYER`, `result: REASON draw`.
    #[arg(long)]
    pub result: bool,
}

/// `variant play`.
#[derive(clap::Args)]
pub struct PlayArgs {
    pub file: PathBuf,
    #[arg(long)]
    pub fen: Option<String>,
    /// Who plays each side, in turn order (default: humans): human,
    /// random, engine, engine:depth=N or engine:ms=N.
    #[arg(long, value_delimiter = ',', value_parser = parse_player)]
    pub players: Vec<Player>,
    /// Seed for random players.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop after this many plies, the game unfinished (random players
    /// may play on for ever in a game without end rules).
    #[arg(long, default_value_t = 5000)]
    pub max_plies: u64,
    /// Each player's time for the whole game (e.g. 30m, 1h, 90s);
    /// overrides the game's `clock`.
    #[arg(long, value_parser = parse_duration)]
    pub clock: Option<u32>,
    /// Write the move record to this file however the session ends
    /// (one line, as `--moves` reads it).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Threads of each engine seat's search (Lazy SMP, at most 256).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
}

/// `variant search`.
#[derive(clap::Args)]
pub struct SearchArgs {
    pub file: PathBuf,
    /// Start position: FEN, or the general notation.
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves played from the start position first.
    #[arg(long, num_args = 0..)]
    pub moves: Vec<String>,
    /// Plies to search, 1 to runtime::search::MAX_SEARCH_DEPTH (64).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_SEARCH_DEPTH as i64))]
    pub depth: Option<u32>,
    /// Milliseconds to search, at most an hour.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_MOVETIME_MS))]
    pub movetime: Option<u64>,
    /// Nodes to search, at least 1.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// With three or more sides: paranoid (every opponent searches
    /// every move) or brs (Best-Reply Search, BRS+); auto is brs.
    #[arg(long, value_enum, default_value = "auto")]
    pub algorithm: SearchAlgorithm,
    /// Threads of the search (Lazy SMP: they share one table; at most 256).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
}

/// `variant uci`.
#[derive(clap::Args)]
pub struct UciArgs {
    /// The game played first, the default `UCI_Variant` (named by its
    /// file's stem). Without it: chess, `dsl-examples/fairy/chess.variant`
    /// of the checkout the binary is found in (docs/ENGINE.md).
    pub file: Option<PathBuf>,
}

/// `variant match`.
#[derive(clap::Args)]
pub struct MatchArgs {
    pub file: PathBuf,
    /// The outside engine's command line (words split at spaces), e.g.
    /// `../shared/peers/fairy-stockfish`.
    #[arg(long)]
    pub engine: String,
    /// An option for the outside engine, NAME=VALUE (UCI_Variant=capablanca).
    #[arg(long = "engine-option", value_parser = parse_option)]
    pub engine_options: Vec<(String, String)>,
    /// Games, colours alternating (an even number plays each opening twice).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub games: u32,
    /// Milliseconds per move, for both engines.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=MAX_MOVETIME_MS))]
    pub movetime: u64,
    /// Milliseconds per move for the outside engine alone (time odds, to
    /// measure against a stronger engine); default: `--movetime`.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_MOVETIME_MS))]
    pub engine_movetime: Option<u64>,
    /// Nodes per move for both engines instead (`go nodes N`); the
    /// outside engine may then take up to 2 x movetime + 1 s a move.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_NODES))]
    pub nodes: Option<u64>,
    /// A game not over after this many plies is a draw.
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_plies: u32,
    /// Plies of random moves that open each pair of games (default 2).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub random_plies: u32,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads of our engine's search (the outside engine's: give
    /// `--engine-option Threads=N`).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
}

/// `variant draw`.
#[derive(clap::Args)]
pub struct DrawArgs {
    pub file: PathBuf,
    /// The position: FEN, or the general notation (default: the start).
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves played first; the last one is shaded.
    #[arg(long, num_args = 0..)]
    pub moves: Vec<String>,
    /// Cells or regions to outline: `e4`, `centre`, `last_rank:white`.
    #[arg(long, num_args = 0..)]
    pub highlight: Vec<String>,
    /// Arrows, each from a cell to a cell: `e2e4`.
    #[arg(long, num_args = 0..)]
    pub arrows: Vec<String>,
    /// The SVG file to write (`-`: standard output).
    #[arg(short, long)]
    pub output: PathBuf,
}

/// `variant serve`.
#[derive(clap::Args)]
pub struct ServeArgs {
    /// Game sources or compiled IR, one or more.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The port (0: any free one; the address is printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on (only this machine by default).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// A host name that requests may address the server by, besides its
    /// address (and `localhost` on a loopback or every address); repeatable.
    #[arg(long = "allow-host", value_name = "NAME")]
    pub allow_host: Vec<String>,
}

/// `variant bench`.
#[derive(clap::Args)]
pub struct BenchArgs {
    pub file: PathBuf,
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=MAX_PERFT_DEPTH as i64))]
    pub depth: u32,
    #[arg(long)]
    pub fen: Option<String>,
    /// Runs per position, 1 to 1000.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub runs: u64,
}

/// `variant selfplay`'s arguments.
#[derive(clap::Args)]
pub struct SelfplayArgs {
    /// The game (not with --merge).
    #[arg(required_unless_present = "merge")]
    pub file: Option<PathBuf>,
    /// Games to play (the whole run, all shards together).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=selfplay::MAX_GAMES))]
    pub games: u64,
    /// Who plays each seat, in turn order (one name: every seat):
    /// random, engine:depth=N, engine:nodes=N or engine:ms=N.
    #[arg(long, value_delimiter = ',', value_parser = parse_player, default_value = "engine:nodes=5000")]
    pub players: Vec<Player>,
    /// Games played at once (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
    /// The run's seed: the same seed plays the same games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// K/N: play only the games i with i % N == K - 1 (1 <= K <= N).
    #[arg(long, value_parser = parse_shard)]
    pub shard: Option<(u64, u64)>,
    /// Plies of uniform random moves that open each game (default: one
    /// per player), so that games differ.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub random_plies: Option<u32>,
    /// A game not over after this many plies ends as a draw (`ply_cap`).
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_plies: u32,
    /// Start position: FEN, or the general notation.
    #[arg(long)]
    pub fen: Option<String>,
    /// Where the games go, a JSON line each (with --merge: the merged file).
    #[arg(long, required_unless_present = "merge")]
    pub out: Option<PathBuf>,
    /// Merge the records of several runs (shards) and print their summary.
    #[arg(long, num_args = 1.., conflicts_with_all = ["file", "shard", "fen", "threads", "random_plies"])]
    pub merge: Vec<PathBuf>,
}

/// `variant values`.
#[derive(clap::Args)]
pub struct ValuesArgs {
    /// The game.
    pub file: PathBuf,
    /// Fit these selfplay records (of this game) instead of playing games.
    #[arg(long, num_args = 1.., conflicts_with_all = ["games", "players", "threads", "random_plies", "max_plies", "fen", "out"])]
    pub records: Vec<PathBuf>,
    /// Games to play.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=selfplay::MAX_GAMES))]
    pub games: u64,
    /// Who plays each seat (default: engine:depth=2 with two players,
    /// engine:depth=1 with more).
    #[arg(long, value_delimiter = ',', value_parser = parse_player)]
    pub players: Vec<Player>,
    /// Games played at once (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
    /// The seed of the games and of the bootstrap: the same seed, the same values.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Plies of uniform random moves that open each game (default: two per player).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub random_plies: Option<u32>,
    /// A game not over after this many plies ends as a draw.
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_plies: u32,
    /// Start position: FEN, or the general notation.
    #[arg(long)]
    pub fen: Option<String>,
    /// Also write the games played, a selfplay record a line.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Sample positions from this ply on (the first ply is 0).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(0..=100_000))]
    pub from_ply: u64,
    /// Bootstrap replicates (games drawn with replacement) for the intervals.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(20..=10_000))]
    pub bootstrap: u32,
    /// The kind whose value anchors the scale (default: the fitted kind
    /// with the lowest value in the file, the most numerous among those).
    #[arg(long)]
    pub anchor: Option<String>,
    /// A statement to judge by the intervals: `A > B`, `A < B`, `A ~ B`
    /// (about equal); confirmed, contradicted or undecided.
    #[arg(long, value_parser = crate::values_report::parse_statement_text)]
    pub compare: Vec<String>,
    /// Write a game file that imports FILE and sets the learned values
    /// (whole units), for search, play, uci or selfplay.
    #[arg(long)]
    pub write: Option<PathBuf>,
}

/// An engine option `NAME=VALUE`.
fn parse_option(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() && !text.contains('\n') => {
            Ok((name.trim().to_string(), value.trim().to_string()))
        }
        _ => Err(format!(
            "`{text}`: an engine option is NAME=VALUE, on one line"
        )),
    }
}

/// A shard `K/N`: 1 <= K <= N.
fn parse_shard(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("`{text}`: a shard is K/N with 1 <= K <= N, like 3/10");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n): (u64, u64) = (k.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

/// A duration like `30m`, `1h` or `90s`, in seconds.
fn parse_duration(text: &str) -> Result<u32, String> {
    // The unit is the last character, which may be any character typed
    // (`30é`): split on it, never on a byte inside it.
    let mut chars = text.chars();
    let unit = chars.next_back();
    let digits = chars.as_str();
    let scale = match unit {
        Some('h') => 3600,
        Some('m') => 60,
        Some('s') => 1,
        _ => return Err("write a number and a unit: 30m, 1h, 90s".into()),
    };
    digits
        .parse::<u32>()
        .ok()
        .and_then(|n| n.checked_mul(scale))
        .filter(|&s| s > 0)
        .ok_or_else(|| format!("'{text}': give 1s up to about 136 years"))
}
