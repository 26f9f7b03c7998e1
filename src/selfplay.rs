//! `variant selfplay`: many computer games of one variant, in parallel, one
//! JSON line per game, then a balance summary (wins and points per seat,
//! draws, how games ended, their length, each with a 95% interval).
//!
//! Determinism: game `i` of a run with seed `S` starts from a generator
//! seeded by `S` and `i` alone, and every seat's engine is fresh for each
//! game, so a game's moves do not depend on the thread count, the shard or
//! the machine (for `random`, `engine:depth=N` and `engine:nodes=N` seats;
//! `engine:ms=N` depends on the machine's speed). The first `--random-plies`
//! plies are uniform random moves, so that games differ. A shard `K/N`
//! plays the games `i` with `i % N == K - 1`; merging every shard's file
//! gives the games of the whole run. Each game's line is written when the
//! game ends, so an interrupted run loses no finished game; the lines are
//! in the order games finish, and `--merge` sorts them by game number
//! (`--merge` of one file sorts it).

use crate::players::{Computers, Player};
use crate::records;
use runtime::notation::move_to_string;
use runtime::{Game, GameEnd, Position};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

/// The most games one run may ask for (all shards together): the summary
/// keeps about a hundred bytes per game, so a run stays within 100 MB.
pub const MAX_GAMES: u64 = 1_000_000;
/// The table of each seat's engine: at most 2^18 entries (6 MiB), ample for
/// the short searches of self-play, and fewer when many threads play games
/// of many seats at once (`table_bits`).
const TABLE_BITS: u32 = 18;
/// What all the engines playing at once may take for their tables together.
const TABLES_BUDGET: u64 = 1 << 30;
/// A generous bound on a table entry's size, for `table_bits`.
const ENTRY_BYTES: u64 = 32;

/// Each engine's table size (bits) when `threads` games of `seats` seats
/// are played at once: 2^18 entries, halved until all of them fit in
/// `TABLES_BUDGET` (`--threads 256` with six engine seats asked for 12 GB).
fn table_bits(threads: usize, seats: usize) -> u32 {
    let engines = (threads.max(1) * seats.max(1)) as u64;
    let mut bits = TABLE_BITS;
    while bits > 10 && engines * (1u64 << bits) * ENTRY_BYTES > TABLES_BUDGET {
        bits -= 1;
    }
    bits
}

/// One game, as one line of the output.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Record {
    /// The game's number in the run (0-based), shards included.
    pub game: u64,
    #[serde(flatten)]
    pub run: RunInfo,
    /// The moves, in the project's notation.
    pub moves: Vec<String>,
    pub plies: u64,
    /// How the game ended: `checkmate`, `stalemate`, `repetition`,
    /// `move_rule`, ..., or `ply_cap` (a draw shared by the players still
    /// in play).
    pub reason: String,
    pub winner: Option<String>,
    pub loser: Option<String>,
    /// Each seat's points, in turn order.
    pub scores: Vec<f64>,
}

/// What a run plays.
pub struct Run<'a> {
    pub game: &'a Game,
    pub fen: Option<String>,
    pub players: Vec<Player>,
    pub games: u64,
    pub seed: u64,
    /// `(k, n)`: this run plays the games `i % n == k - 1`.
    pub shard: (u64, u64),
    pub random_plies: u32,
    pub max_plies: u32,
    pub threads: usize,
}

/// Every way a game ends, as `reason` names them: a new `GameEnd` must be
/// named in `reason` (the match is exhaustive) and listed here, or
/// `--merge` refuses the records of games that end that way
/// (`every_end_is_a_reason_a_merge_accepts`).
pub const ENDS: [GameEnd; 14] = [
    GameEnd::Checkmate,
    GameEnd::Stalemate,
    GameEnd::Repetition,
    GameEnd::MoveRule,
    GameEnd::InsufficientMaterial,
    GameEnd::Agreement,
    GameEnd::Time,
    GameEnd::WinningArrival,
    GameEnd::LastInPlay,
    GameEnd::Extinction,
    GameEnd::Checks,
    GameEnd::Counting,
    GameEnd::DoublePass,
    GameEnd::Facing,
];

/// The reason of a game stopped by `--max-plies`.
pub const PLY_CAP: &str = "ply_cap";

/// A reason's name in the records.
pub(crate) fn reason(end: GameEnd) -> &'static str {
    match end {
        GameEnd::Checkmate => "checkmate",
        GameEnd::Stalemate => "stalemate",
        GameEnd::Repetition => "repetition",
        GameEnd::MoveRule => "move_rule",
        GameEnd::InsufficientMaterial => "insufficient_material",
        GameEnd::Agreement => "agreement",
        GameEnd::Time => "time",
        GameEnd::WinningArrival => "winning_arrival",
        GameEnd::LastInPlay => "last_in_play",
        GameEnd::Extinction => "extinction",
        GameEnd::Checks => "checks",
        GameEnd::Counting => "counting",
        GameEnd::DoublePass => "double-pass",
        GameEnd::Facing => "facing",
    }
}

/// SplitMix64: game `index`'s seed from the run's seed.
fn game_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays game `index` of the run.
fn play_one(run: &Run, info: &RunInfo, start: &Position, index: u64) -> Record {
    let game = run.game;
    let mut pos = start.clone();
    let bits = table_bits(run.threads, game.players());
    let mut computers = Computers::new(game, game_seed(run.seed, index), bits);
    let mut moves = Vec::new();
    let mut list = Vec::new();
    let names = &info.seats;
    let result = loop {
        if let Some(result) = pos.result() {
            break Some(result);
        }
        if moves.len() as u64 >= run.max_plies as u64 {
            break None;
        }
        list.clear();
        pos.legal_moves(&mut list);
        let seat = if (moves.len() as u64) < run.random_plies as u64 {
            Player::Random
        } else {
            run.players[pos.to_move()]
        };
        // `result` is None, so the side to move has a move.
        let Some((mv, _)) = computers.choose(seat, &mut pos, &list) else {
            break None;
        };
        moves.push(move_to_string(game, mv));
        pos.make(mv);
    };
    let (reason, winner, loser, scores) = match result {
        Some(r) => (
            reason(r.end),
            r.winner.map(|p| names[p].clone()),
            r.loser.map(|p| names[p].clone()),
            (0..game.players()).map(|p| r.score(game, p)).collect(),
        ),
        None => {
            // A draw among the players still in play; those out score nothing.
            let playing = (0..game.players())
                .filter(|&p| pos.in_play(p))
                .count()
                .max(1);
            let share = game.ir().end.points as f64 / playing as f64;
            let scores = (0..game.players())
                .map(|p| if pos.in_play(p) { share } else { 0.0 })
                .collect();
            (PLY_CAP, None, None, scores)
        }
    };
    Record {
        game: index,
        run: info.clone(),
        plies: moves.len() as u64,
        moves,
        reason: reason.to_string(),
        winner,
        loser,
        scores,
    }
}

/// Each finished game's line goes out at once (and is flushed), so an
/// interrupted run keeps every game it finished; lines are in the order
/// games finish, and `--merge` sorts them by game number.
struct Writer<'w> {
    out: &'w mut (dyn Write + Send),
    done: Vec<Tally>,
    error: Option<String>,
}

impl Writer<'_> {
    fn put(&mut self, record: Record) {
        if self.error.is_none() {
            let line = serde_json::to_string(&record).unwrap_or_default();
            if let Err(e) = writeln!(self.out, "{line}").and_then(|_| self.out.flush()) {
                self.error = Some(e.to_string());
            }
        }
        self.done.push(record.tally());
    }
}

/// Plays the run, writing each game's line to `out` as it finishes, and
/// returns what the summary needs, in game order.
pub fn run(
    run: &Run,
    start: &Position,
    out: &mut (dyn Write + Send),
) -> Result<(RunInfo, Vec<Tally>), String> {
    let game = run.game;
    let info = RunInfo {
        seed: run.seed,
        variant: game.ir().name.clone(),
        seats: (0..game.players())
            .map(|p| game.ir().players[p].name.clone())
            .collect(),
        players: run.players.iter().map(|p| p.to_string()).collect(),
        fen: run.fen.clone(),
    };
    let (k, n) = run.shard;
    // This shard's games, k - 1, k - 1 + n, ...: counted, not listed.
    let count = run.games.saturating_sub(k - 1).div_ceil(n);
    let bar = indicatif::ProgressBar::new(count);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {elapsed} elapsed, about {eta} left",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let writer = Mutex::new(Writer {
        out,
        done: Vec::new(),
        error: None,
    });
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(run.threads)
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", run.threads))?;
    pool.install(|| {
        use rayon::prelude::*;
        (0..count).into_par_iter().for_each(|j| {
            let i = k - 1 + j * n;
            let record = play_one(run, &info, start, i);
            if let Ok(mut w) = writer.lock() {
                w.put(record);
            }
            bar.inc(1);
        });
    });
    bar.finish_and_clear();
    let w = writer
        .into_inner()
        .map_err(|_| "a game's thread failed".to_string())?;
    match w.error {
        Some(e) => Err(format!("cannot write the games: {e}")),
        None => {
            let mut done = w.done;
            done.sort_by_key(|t| t.game);
            Ok((info, done))
        }
    }
}

/// What every game of a run shares (written in each line; checked equal
/// across merged files).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunInfo {
    /// The run's seed.
    pub seed: u64,
    pub variant: String,
    /// The seats' names, in turn order.
    pub seats: Vec<String>,
    /// Who played each seat (`engine:nodes=5000`, `random`).
    pub players: Vec<String>,
    /// The start position given with `--fen`, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
}

/// What the summary needs of one game (its moves are not kept: a merge of
/// a million games holds about a hundred bytes per game).
#[derive(Clone, Debug, PartialEq)]
pub struct Tally {
    pub game: u64,
    pub plies: u64,
    pub reason: String,
    /// Seat indices.
    pub winner: Option<usize>,
    pub loser: Option<usize>,
    pub scores: Vec<f64>,
}

/// A record's fields but the moves, as a merge reads them.
#[derive(Deserialize)]
struct Line {
    game: u64,
    #[serde(flatten)]
    info: RunInfo,
    /// Counted against `plies`, never held.
    moves: Vec<serde::de::IgnoredAny>,
    plies: u64,
    reason: String,
    winner: Option<String>,
    loser: Option<String>,
    scores: Vec<f64>,
}

impl Record {
    fn tally(&self) -> Tally {
        let seat = |name: &Option<String>| {
            name.as_ref()
                .and_then(|n| self.run.seats.iter().position(|s| s == n))
        };
        Tally {
            game: self.game,
            plies: self.plies,
            reason: self.reason.clone(),
            winner: seat(&self.winner),
            loser: seat(&self.loser),
            scores: self.scores.clone(),
        }
    }
}

/// Reads the records of shard files: one run (variant, seats, players,
/// seed, start), no game twice. With `out`, writes every line there in
/// game order (each read again from its file, so the moves are never all
/// in memory).
pub fn merge(
    files: &[impl AsRef<Path>],
    out: Option<&mut dyn Write>,
) -> Result<Option<(RunInfo, Vec<Tally>)>, String> {
    use std::io::{Read, Seek, SeekFrom};
    let mut info: Option<RunInfo> = None;
    // Per game: its tally and where its line is (file, offset, length).
    let mut games: Vec<(Tally, usize, u64, usize)> = Vec::new();
    let mut total = None;
    records::check_total_size(files)?;
    for (index, file) in files.iter().enumerate() {
        let file = file.as_ref();
        let f = records::open_regular(file)?;
        let mut reader = std::io::BufReader::new(f);
        let (mut offset, mut n, mut line) = (0u64, 0usize, String::new());
        loop {
            let read = records::read_line(&mut reader, &mut line)
                .map_err(|e| format!("{}:{}: {e}", file.display(), n + 1))?;
            if read == 0 {
                break;
            }
            n += 1;
            let at = || format!("{}:{n}", file.display());
            let start = offset;
            offset += read as u64;
            if line.trim().is_empty() {
                continue;
            }
            let r: Line = serde_json::from_str(&line)
                .map_err(|e| format!("{}: not a selfplay record: {e}", at()))?;
            let seats = r.info.seats.len();
            if seats == 0 {
                return Err(format!("{}: a record of a game without seats", at()));
            }
            if r.scores.len() != seats || r.info.players.len() != seats {
                return Err(format!(
                    "{}: a score and a player for every seat are needed",
                    at()
                ));
            }
            match &info {
                Some(first) if *first != r.info => {
                    return Err(format!(
                    "{}: game {} is of another run (variant, seats, players, seed or start differ)",
                    at(),
                    r.game
                ))
                }
                Some(_) => {}
                None => info = Some(r.info.clone()),
            }
            let seat = |name: &Option<String>| -> Result<Option<usize>, String> {
                name.as_ref()
                    .map(|n| {
                        r.info
                            .seats
                            .iter()
                            .position(|s| s == n)
                            .ok_or_else(|| format!("{}: `{n}` is not one of the seats", at()))
                    })
                    .transpose()
            };
            let tally = Tally {
                game: r.game,
                plies: r.plies,
                reason: r.reason.clone(),
                winner: seat(&r.winner)?,
                loser: seat(&r.loser)?,
                scores: r.scores,
            };
            let said = records::Said {
                game: tally.game,
                plies: tally.plies,
                moves: r.moves.len(),
                reason: &tally.reason,
                winner: tally.winner,
                loser: tally.loser,
                scores: &tally.scores,
            };
            records::check_sense(&said, &mut total)
                .map_err(|e| format!("{}: game {}: {e}", at(), tally.game))?;
            // Game numbers are below MAX_GAMES and each comes once, so more
            // records than that are duplicates: refused before they are kept.
            if games.len() as u64 >= MAX_GAMES {
                return Err(format!(
                    "{}: more than {MAX_GAMES} records, the most a run plays",
                    at()
                ));
            }
            games.push((tally, index, start, read));
        }
    }
    games.sort_by_key(|g| g.0.game);
    if let Some(w) = games.windows(2).find(|w| w[0].0.game == w[1].0.game) {
        return Err(format!("game {} is in the files twice", w[0].0.game));
    }
    if let Some(out) = out {
        // At most MAX_OPEN inputs open at once (a thousand shards would
        // pass the usual limit of 1,024 descriptors), the oldest closed first.
        const MAX_OPEN: usize = 128;
        let mut open: Vec<Option<std::fs::File>> = files.iter().map(|_| None).collect();
        let mut opened = std::collections::VecDeque::new();
        let mut buf = Vec::new();
        for (_, index, start, len) in &games {
            buf.resize(*len, 0);
            if open[*index].is_none() {
                if opened.len() >= MAX_OPEN {
                    if let Some(oldest) = opened.pop_front() {
                        open[oldest] = None;
                    }
                }
                let file = files[*index].as_ref();
                open[*index] = Some(
                    std::fs::File::open(file)
                        .map_err(|e| format!("cannot read {} again: {e}", file.display()))?,
                );
                opened.push_back(*index);
            }
            let Some(f) = open[*index].as_mut() else {
                continue;
            };
            f.seek(SeekFrom::Start(*start))
                .and_then(|_| f.read_exact(&mut buf))
                .map_err(|e| {
                    format!(
                        "cannot read {} again: {e}",
                        files[*index].as_ref().display()
                    )
                })?;
            if !buf.ends_with(b"\n") {
                buf.push(b'\n');
            }
            out.write_all(&buf)
                .map_err(|e| format!("cannot write the merged games: {e}"))?;
        }
        out.flush()
            .map_err(|e| format!("cannot write the merged games: {e}"))?;
    }
    Ok(info.map(|i| (i, games.into_iter().map(|g| g.0).collect())))
}

/// A 95% interval of a proportion (Wilson's), in percent.
fn wilson(successes: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 100.0);
    }
    let (z, n, p) = (1.96f64, n as f64, successes as f64 / n as f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (
        100.0 * (centre - half).max(0.0),
        100.0 * (centre + half).min(1.0),
    )
}

/// Mean and the half width of its 95% interval (normal approximation).
fn mean_interval(values: impl Iterator<Item = f64> + Clone) -> (f64, f64) {
    let n = values.clone().count() as f64;
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let mean = values.clone().sum::<f64>() / n;
    if n < 2.0 {
        return (mean, f64::INFINITY);
    }
    let var = values.map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// The summary table of a run.
pub fn summary(info: &RunInfo, games: &[Tally]) -> String {
    if games.is_empty() {
        return "no games\n".into();
    }
    let n = games.len();
    let mut s = format!(
        "{}: {n} game{} (seed {})\n",
        info.variant,
        if n == 1 { "" } else { "s" },
        info.seed
    );
    let width = info.seats.iter().map(|x| x.len()).max().unwrap_or(4).max(4);
    let pwidth = info
        .players
        .iter()
        .map(|x| x.len())
        .max()
        .unwrap_or(6)
        .max(6);
    s += &format!(
        "{:width$}  {:pwidth$}  {:>6}  {:>15}  {:>14}\n",
        "seat", "player", "wins", "wins 95%", "points (95%)"
    );
    for (seat, name) in info.seats.iter().enumerate() {
        let wins = games.iter().filter(|r| r.winner == Some(seat)).count();
        let (lo, hi) = wilson(wins, n);
        let (mean, half) = mean_interval(games.iter().map(|r| r.scores[seat]));
        s += &format!(
            "{name:width$}  {:pwidth$}  {wins:>6}  {:>15}  {:>14}\n",
            info.players[seat],
            format!("{lo:.1}-{hi:.1}%"),
            format!("{mean:.3} ± {half:.3}")
        );
    }
    let draws = games
        .iter()
        .filter(|r| r.winner.is_none() && r.loser.is_none())
        .count();
    let (lo, hi) = wilson(draws, n);
    s += &format!(
        "draws: {draws} ({:.1}%, 95% {lo:.1}-{hi:.1}%; a game stopped by the ply cap counts as one)\n",
        100.0 * draws as f64 / n as f64
    );
    let mut reasons: BTreeMap<&str, usize> = BTreeMap::new();
    for r in games {
        *reasons.entry(&r.reason).or_default() += 1;
    }
    let mut reasons: Vec<(&str, usize)> = reasons.into_iter().collect();
    reasons.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let listed: Vec<String> = reasons.iter().map(|(r, k)| format!("{r} {k}")).collect();
    s += &format!("endings: {}\n", listed.join(", "));
    let (mean, half) = mean_interval(games.iter().map(|r| r.plies as f64));
    let min = games.iter().map(|r| r.plies).min().unwrap_or(0);
    let max = games.iter().map(|r| r.plies).max().unwrap_or(0);
    s += &format!("length: {mean:.1} ± {half:.1} plies (95%), shortest {min}, longest {max}\n");
    s
}

// Run by `cargo test --test cli` (tests/cli.rs includes this file: the
// binary builds no test harness).
#[cfg(test)]
mod sizing_tests {
    use super::*;

    /// Every ending of `GameEnd` is in `ENDS` once, and a merge takes its
    /// name (extinction and checks games were refused, their names missing
    /// from the merge's list).
    #[test]
    fn every_end_is_a_reason_a_merge_accepts() {
        let names: Vec<&str> = ENDS.iter().map(|&e| reason(e)).collect();
        for (i, name) in names.iter().enumerate() {
            assert!(records::is_reason(name), "{name}");
            assert!(!names[..i].contains(name), "{name} twice");
        }
        assert!(records::is_reason(PLY_CAP));
        assert!(!records::is_reason("not_a_reason"));
        // The list in the enum's order, ending at its last variant (one
        // added at the end fails here until it is listed).
        for (i, &end) in ENDS.iter().enumerate() {
            assert_eq!(end as usize, i, "{end:?}");
        }
        assert_eq!(GameEnd::Facing as usize + 1, ENDS.len());
    }

    /// Engines' tables shrink so that all of them fit in the budget: two
    /// threads of chess keep 2^18 entries, 256 threads of six seats get 2^14.
    #[test]
    fn tables_fit_the_budget_however_many_play_at_once() {
        assert_eq!(table_bits(2, 2), TABLE_BITS);
        assert_eq!(table_bits(256, 6), 14);
        for threads in [1, 7, 64, 256] {
            for seats in 2..=6 {
                let bits = table_bits(threads, seats);
                let total = (threads * seats) as u64 * (1u64 << bits) * ENTRY_BYTES;
                assert!(total <= TABLES_BUDGET, "{threads} x {seats}: 2^{bits}");
            }
        }
    }
}
