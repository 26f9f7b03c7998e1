//! Sides as loaded: teams (partners never capture each other), players
//! going out (`end checkmate out`: a player's enemies are those still in
//! play, so every table here is kept per set of the other players out),
//! pieces that may not be captured, and the points a game shares out.

use super::error::{check, LoadError};
use super::Shape;
use crate::codes::CodeSet;
use crate::ir::{self, GameIr};

/// The most players a game in which players go out may have: it keeps an
/// attack view per player and per set of the others out (32 at six).
pub const MAX_ELIMINATION_PLAYERS: usize = 6;

pub(crate) struct Sides {
    /// Per player: its team (the lowest seat of its partners and itself).
    pub(crate) team_of: Vec<u8>,
    /// Players go out of the game (`end checkmate out`, `end stalemate out`).
    pub(crate) eliminates: bool,
    /// How many sets of other players out the tables are kept for: 1, or
    /// `2^(players - 1)` where players go out.
    pub(crate) out_masks: usize,
    /// Per `player * out_masks + others out`: the codes of its enemies in
    /// play (every other player's pieces but its partners').
    pub(crate) enemy_codes: Vec<CodeSet>,
    /// Per `(player * out_masks + others out) * codes + code`: may `player`
    /// capture a piece of that code (an opponent's piece whose kind is not
    /// `uncapturable`, or is but only while its owner is in play)?
    pub(crate) takes: Vec<bool>,
}

impl Sides {
    pub(crate) fn build(ir: &GameIr, shape: &Shape) -> Result<Sides, LoadError> {
        let players = shape.players;
        let mut in_team = vec![false; players];
        for team in &ir.teams {
            check(team.len() >= 2 && team.len() < players, || {
                LoadError::BadTeam
            })?;
            for &p in team {
                check((p as usize) < players && !in_team[p as usize], || {
                    LoadError::BadTeam
                })?;
                in_team[p as usize] = true;
            }
        }
        check(crate::limits::POINTS.contains(&ir.end.points), || {
            LoadError::PointsRange(ir.end.points)
        })?;
        // The draw counts (0: no such rule); the move rule's count of half
        // moves, N times the players, must not wrap.
        let (repetition, move_rule) = (ir.end.repetition, ir.end.move_rule);
        check(
            repetition == 0 || crate::limits::REPETITIONS.contains(&repetition),
            || LoadError::RepetitionCount(repetition),
        )?;
        check(
            move_rule == 0 || crate::limits::MOVE_RULE.contains(&move_rule),
            || LoadError::MoveRuleCount(move_rule),
        )?;
        let eliminates =
            ir.end.checkmate == ir::Outcome::Out || ir.end.stalemate == ir::Outcome::Out;
        check(!eliminates || players <= MAX_ELIMINATION_PLAYERS, || {
            LoadError::TooManyPlayersToEliminate { players }
        })?;

        let out_masks = if eliminates {
            1usize << (players - 1)
        } else {
            1
        };
        let mut team_of: Vec<u8> = (0..players as u8).collect();
        for team in &ir.teams {
            let first = *team.iter().min().expect("a team has two players or more");
            for &p in team {
                team_of[p as usize] = first;
            }
        }
        let codes = shape.codes();
        let mut enemy_codes: Vec<CodeSet> = Vec::with_capacity(players * out_masks);
        for (p, own) in shape.codes_of_player.iter().enumerate() {
            for others in 0..out_masks {
                let out = expand_others(others, p);
                let gone = (0..players)
                    .filter(|&q| out >> q & 1 != 0 || team_of[q] == team_of[p])
                    .fold(*own, |set, q| set.union(&shape.codes_of_player[q]));
                enemy_codes.push(CodeSet::range(1, codes).minus(&gone));
            }
        }
        // A piece `uncapturable ... unless out` may be taken once its owner is out.
        let mut takes = vec![false; players * out_masks * codes];
        for p in 0..players {
            for others in 0..out_masks {
                let out = expand_others(others, p);
                for code in 1..codes {
                    let q = shape.owner[code] as usize;
                    let info = &ir.kinds[shape.kind_of[code] as usize];
                    let shielded =
                        info.uncapturable && !(info.capturable_when_out && out >> q & 1 != 0);
                    takes[(p * out_masks + others) * codes + code] =
                        team_of[q] != team_of[p] && !shielded;
                }
            }
        }
        Ok(Sides {
            team_of,
            eliminates,
            out_masks,
            enemy_codes,
            takes,
        })
    }
}

/// The set of players out, as bits by seat, from `others`: the same set
/// numbered without `player`'s own seat.
pub(crate) fn expand_others(others: usize, player: usize) -> usize {
    let low = others & ((1 << player) - 1);
    low | (others >> player) << (player + 1)
}

/// The inverse of `expand_others`: `out` without `player`'s seat.
#[inline(always)]
pub(crate) fn others_of(out: usize, player: usize) -> usize {
    let low = out & ((1 << player) - 1);
    low | (out >> (player + 1)) << player
}
