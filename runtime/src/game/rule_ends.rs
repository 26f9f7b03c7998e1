//! Ends decided by the position itself, as loaded: `end extinction` rules
//! (a player left with too few pieces of a kind, or of all its pieces,
//! loses, wins or draws), check counting (`end checks N win`) and arrivals
//! that wait for a reply (`arrival ... wins after-reply`). Each compares a
//! player with its one opponent, so they load in two-player games only. A
//! game with none has no part (`Game::rule_ends` is `None`) and pays
//! nothing; `position/rule_ends.rs` tests them.

use super::error::{check, LoadError};
use super::Shape;
use crate::bitset::CellSet;
use crate::ir::{self, GameIr, Outcome};

/// The most checks a game may count to (`end checks N`).
pub const MAX_CHECKS_TO_WIN: u32 = 100;

/// One `end extinction` rule, its kinds checked.
#[derive(Clone, Debug)]
pub(crate) struct ExtinctionRule {
    /// The kinds counted one by one; empty: all of a player's pieces together.
    pub(crate) kinds: Vec<u8>,
    /// The kinds counted as one (`together`).
    pub(crate) together: bool,
    pub(crate) at_most: u32,
    pub(crate) opponent_at_least: u32,
    pub(crate) bare_back: bool,
    pub(crate) outcome: Outcome,
}

pub(crate) struct RuleEnds {
    pub(crate) extinctions: Vec<ExtinctionRule>,
    /// Checks that win (0: not counted).
    pub(crate) checks_to_win: u32,
    /// Per player, the goals of its arrivals that wait for a reply: (kind,
    /// cells). Empty when the game has none.
    pub(crate) reply_goals: Vec<Vec<(u8, CellSet)>>,
    /// Per player, the goals of its arrivals that must be held until its
    /// next turn (`if-held`). Empty when the game has none.
    pub(crate) held_goals: Vec<Vec<(u8, CellSet)>>,
    /// Per player, the goals where a piece not attacked wins (`if-safe`).
    /// Empty when the game has none.
    pub(crate) safe_goals: Vec<Vec<(u8, CellSet)>>,
}

impl RuleEnds {
    pub(crate) fn build(ir: &GameIr, shape: &Shape) -> Result<Option<RuleEnds>, LoadError> {
        let end = &ir.end;
        let waiting = ir
            .winning_arrivals
            .iter()
            .any(|w| w.after_reply || w.if_held || w.if_safe);
        if end.extinctions.is_empty() && end.checks_to_win == 0 && !waiting {
            return Ok(None);
        }
        check(shape.players == 2, || {
            LoadError::MaterialRulesNeedTwoPlayers {
                players: shape.players,
            }
        })?;
        check(end.checks_to_win <= MAX_CHECKS_TO_WIN, || {
            LoadError::ChecksToWin(end.checks_to_win)
        })?;
        let mut extinctions = Vec::new();
        for rule in &end.extinctions {
            for &kind in &rule.kinds {
                check((kind as usize) < shape.kinds, || {
                    LoadError::ExtinctionKind { kind }
                })?;
            }
            let ir::Extinction {
                kinds,
                together,
                at_most,
                opponent_at_least,
                bare_back,
                outcome,
            } = rule.clone();
            // `Out` and `LossToLastAttacker` mean nothing between two players
            // beyond a loss.
            let outcome = match outcome {
                Outcome::Out | Outcome::LossToLastAttacker => Outcome::Loss,
                o => o,
            };
            extinctions.push(ExtinctionRule {
                kinds,
                together,
                at_most,
                opponent_at_least,
                bare_back,
                outcome,
            });
        }
        // The loader checked the arrivals' players, kinds and cells (landing).
        // 0: after-reply, 1: if-held, 2: if-safe.
        let goals = |wait: u8| {
            let mut goals = vec![Vec::new(); 2];
            for w in &ir.winning_arrivals {
                let kind = if w.if_safe {
                    2
                } else if w.if_held {
                    1
                } else if w.after_reply {
                    0
                } else {
                    continue;
                };
                if kind == wait {
                    let cells = CellSet::from_cells(w.cells.iter().map(|&c| c as usize));
                    goals[w.player as usize].push((w.kind, cells));
                }
            }
            if goals.iter().all(Vec::is_empty) {
                goals.clear();
            }
            goals
        };
        Ok(Some(RuleEnds {
            extinctions,
            checks_to_win: end.checks_to_win,
            reply_goals: goals(0),
            held_goals: goals(1),
            safe_goals: goals(2),
        }))
    }
}
