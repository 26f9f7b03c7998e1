//! The positions `variant values` fits (`crate::values`), read from
//! self-play records (`selfplay` lines: each holds its moves, so a game's
//! positions are replayed from its start).
//!
//! Which positions: from ply `from_ply` on (after the opening's random
//! moves), and only quiet ones: a position is skipped when the move that
//! led to it or the move played from it is a capture (an exchange under
//! way: the material is about to change back), or when the side to move is
//! in check. The end position is not sampled (no move was played from it).
//! Each sampled position gives every player in play a row: the player's
//! count of each kind (on the board, in hand, and each part of a stack
//! counted for its owner) and the player's share of the game's points.
//! Consecutive positions of a game with the same counts are one group,
//! weighted by how many they are. Royal kinds are not fitted (their loss
//! ends the game, so their count never differs in a position of a game
//! going on), nor kinds whose counts never differed between two players
//! in a sampled position.

use crate::records;
use crate::selfplay::RunInfo;
use crate::values::{Data, Group, Row};
use runtime::codes::EMPTY;
use runtime::notation::{parse_position, parse_recorded};
use runtime::{Game, Position};
use serde::Deserialize;

/// The most positions a fit samples (all games together): about 40 bytes
/// each while they are collected, once grouped far fewer.
pub const MAX_POSITIONS: u64 = 50_000_000;

/// A selfplay record as `values` reads it: all of it, moves included.
#[derive(Deserialize)]
struct Line {
    game: u64,
    #[serde(flatten)]
    info: RunInfo,
    moves: Vec<String>,
    plies: u64,
    reason: String,
    winner: Option<String>,
    loser: Option<String>,
    scores: Vec<f64>,
}

/// Collects the groups of games as their lines come.
pub struct Collector<'g> {
    game: &'g Game,
    from_ply: u64,
    /// The run every record must belong to (the first one's).
    pub info: Option<RunInfo>,
    /// (game number, its groups with counts for every kind).
    games: Vec<(u64, Vec<RawGroup>)>,
    total: Option<f64>,
    /// Positions sampled, all games.
    pub positions: u64,
    /// Per kind: sampled positions in which two players' counts differed.
    pub unequal: Vec<u64>,
    /// Per kind: sampled positions in which a player in play had one.
    pub seen: Vec<u64>,
}

/// A group before the fitted kinds are chosen: counts of every kind.
struct RawGroup {
    weight: f64,
    /// (seat, share, counts per kind) of each player in play.
    rows: Vec<(usize, f64, Vec<i32>)>,
}

impl<'g> Collector<'g> {
    pub fn new(game: &'g Game, from_ply: u64) -> Result<Collector<'g>, String> {
        if !game.ir().teams.is_empty() {
            return Err(format!(
                "{} is played by teams: values are fitted for games where each player plays for himself",
                game.ir().name
            ));
        }
        Ok(Collector {
            game,
            from_ply,
            info: None,
            games: Vec::new(),
            total: None,
            positions: 0,
            unequal: vec![0; game.kinds()],
            seen: vec![0; game.kinds()],
        })
    }

    /// Reads one record line (`at` names it in errors) and samples its game.
    pub fn add_line(&mut self, line: &str, at: &dyn Fn() -> String) -> Result<(), String> {
        let r: Line = serde_json::from_str(line.trim_end())
            .map_err(|e| format!("{}: not a selfplay record: {e}", at()))?;
        let game = self.game;
        if r.info.variant != game.ir().name || r.info.seats.len() != game.players() {
            return Err(format!(
                "{}: a record of {} ({} seats), not of {} ({} seats)",
                at(),
                r.info.variant,
                r.info.seats.len(),
                game.ir().name,
                game.players()
            ));
        }
        if r.scores.len() != game.players() || r.info.players.len() != game.players() {
            return Err(format!(
                "{}: a score and a player for every seat are needed",
                at()
            ));
        }
        match &self.info {
            Some(first) if *first != r.info => {
                return Err(format!(
                    "{}: game {} is of another run (seats, players, seed or start differ)",
                    at(),
                    r.game
                ))
            }
            Some(_) => {}
            None => self.info = Some(r.info.clone()),
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
        let said = records::Said {
            game: r.game,
            plies: r.plies,
            moves: r.moves.len(),
            reason: &r.reason,
            winner: seat(&r.winner)?,
            loser: seat(&r.loser)?,
            scores: &r.scores,
        };
        records::check_sense(&said, &mut self.total)
            .map_err(|e| format!("{}: game {}: {e}", at(), r.game))?;
        if self.games.len() as u64 >= crate::selfplay::MAX_GAMES {
            return Err(format!(
                "{}: more than {} records, the most a run plays",
                at(),
                crate::selfplay::MAX_GAMES
            ));
        }
        let groups = self
            .replay(&r)
            .map_err(|e| format!("{}: game {}: {e}", at(), r.game))?;
        self.games.push((r.game, groups));
        Ok(())
    }

    /// Replays a record's moves, sampling its quiet positions.
    fn replay(&mut self, r: &Line) -> Result<Vec<RawGroup>, String> {
        let game = self.game;
        let mut pos = match &r.info.fen {
            Some(f) => parse_position(game, f).map_err(|e| format!("bad start: {e}"))?,
            None => Position::start(game),
        };
        let mut groups: Vec<RawGroup> = Vec::new();
        let mut after_capture = false;
        let mut counts = vec![vec![0i32; game.kinds()]; game.players()];
        for (ply, text) in r.moves.iter().enumerate() {
            let entry = parse_recorded(&mut pos, text)
                .map_err(|e| format!("move {} ({text}): {e}", ply + 1))?;
            let capture = pos.is_capture(entry.mv);
            if ply as u64 >= self.from_ply && !after_capture && !capture && !pos.in_check() {
                if self.positions >= MAX_POSITIONS {
                    return Err(format!(
                        "more than {MAX_POSITIONS} positions sampled: fit fewer games"
                    ));
                }
                self.positions += 1;
                self.sample(&pos, r, &mut counts, &mut groups);
            }
            pos.make_declaring(entry.mv, &entry.declarations)
                .map_err(|e| format!("move {} ({text}): {e}", ply + 1))?;
            after_capture = capture;
        }
        Ok(groups)
    }

    /// Adds the position's rows to the game's groups.
    fn sample(
        &mut self,
        pos: &Position,
        r: &Line,
        counts: &mut [Vec<i32>],
        groups: &mut Vec<RawGroup>,
    ) {
        count(pos, counts);
        let playing: Vec<usize> = (0..self.game.players())
            .filter(|&p| pos.in_play(p))
            .collect();
        let points: f64 = playing.iter().map(|&p| r.scores[p]).sum();
        if playing.len() < 2 || points <= 0.0 {
            return;
        }
        for (k, unequal) in self.unequal.iter_mut().enumerate() {
            let first = counts[playing[0]][k];
            if playing.iter().any(|&p| counts[p][k] != first) {
                *unequal += 1;
            }
            if playing.iter().any(|&p| counts[p][k] != 0) {
                self.seen[k] += 1;
            }
        }
        let rows: Vec<(usize, f64, Vec<i32>)> = playing
            .iter()
            .map(|&p| (p, r.scores[p] / points, counts[p].clone()))
            .collect();
        match groups.last_mut() {
            Some(last) if last.rows == rows => last.weight += 1.0,
            _ => groups.push(RawGroup { weight: 1.0, rows }),
        }
    }

    /// The data of the games read, in game order, with the fitted kinds
    /// (`fitted[i]` is the kind of the i-th count); a game found twice is
    /// refused.
    pub fn finish(mut self, fitted: &[usize]) -> Result<Data, String> {
        self.games.sort_by_key(|g| g.0);
        if let Some(w) = self.games.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(format!("game {} is in the records twice", w[0].0));
        }
        let mut groups = Vec::new();
        for (index, (_, raw)) in self.games.iter().enumerate() {
            for g in raw {
                groups.push(Group {
                    game: index,
                    weight: g.weight,
                    rows: g
                        .rows
                        .iter()
                        .map(|(seat, share, c)| Row {
                            seat: *seat,
                            share: *share,
                            counts: fitted.iter().map(|&k| c[k] as f64).collect(),
                        })
                        .collect(),
                });
            }
        }
        Ok(Data {
            kinds: fitted.len(),
            seats: self.game.players(),
            games: self.games.len(),
            groups,
        })
    }

    /// Games read so far.
    pub fn games(&self) -> usize {
        self.games.len()
    }
}

/// Each player's count of each kind: pieces on the board (a stack's
/// carrier and cargo each for its own owner) and in hand.
fn count(pos: &Position, counts: &mut [Vec<i32>]) {
    let game = pos.game();
    counts
        .iter_mut()
        .for_each(|c| c.iter_mut().for_each(|v| *v = 0));
    for &code in pos.board() {
        if code == EMPTY {
            continue;
        }
        let (carrier, cargo) = game.stack_parts(code);
        if carrier == EMPTY {
            counts[game.owner_of(code)][game.kind_of(code)] += 1;
        } else {
            for part in [carrier, cargo] {
                counts[game.owner_of(part)][game.kind_of(part)] += 1;
            }
        }
    }
    if game.ir().hands.is_some() {
        for (p, c) in counts.iter_mut().enumerate() {
            for (k, v) in c.iter_mut().enumerate() {
                *v += pos.in_hand(p, k) as i32;
            }
        }
    }
}
