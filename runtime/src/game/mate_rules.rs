//! Conditions on checkmates as loaded (`end checkmate by-only ...`,
//! `end checkmate needs-check-by ...`; shatar's rules): per mated player,
//! the opponent codes that matter. Two players only. A game with neither
//! has no part (`Game::mate_rules` is `None`); `position/mate_rules.rs`
//! applies them.

use super::error::{check, LoadError};
use super::Shape;
use crate::codes::{CodeSet, PieceCode};
use crate::ir::{GameIr, MateCondition, Outcome};

pub(crate) struct MateRules {
    /// Per mated player: the opponent's codes of kinds *not* named by
    /// `by-only` (a mate none of them gives is a mate by those kinds
    /// alone), and the outcome then.
    pub(crate) by_only: Option<([CodeSet; 2], Outcome)>,
    /// Per checked player: the opponent's codes whose check qualifies the
    /// series, and the outcome of a mate after a series without one.
    pub(crate) needs_check_by: Option<([CodeSet; 2], Outcome)>,
}

impl MateRules {
    pub(crate) fn build(ir: &GameIr, shape: &Shape) -> Result<Option<MateRules>, LoadError> {
        let (by_only, needs) = (&ir.end.mate_by_only, &ir.end.mate_needs_check_by);
        if by_only.is_none() && needs.is_none() {
            return Ok(None);
        }
        check(shape.players == 2, || {
            LoadError::MaterialRulesNeedTwoPlayers {
                players: shape.players,
            }
        })?;
        let codes =
            |c: &MateCondition, named: bool| -> Result<([CodeSet; 2], Outcome), LoadError> {
                for &kind in &c.kinds {
                    check((kind as usize) < shape.kinds, || LoadError::MateRuleKind {
                        kind,
                    })?;
                }
                let mut sets = [CodeSet::EMPTY; 2];
                for (mated, set) in sets.iter_mut().enumerate() {
                    let opponent = 1 - mated;
                    for kind in 0..shape.kinds {
                        if c.kinds.contains(&(kind as u8)) == named {
                            set.insert((1 + opponent * shape.kinds + kind) as PieceCode);
                        }
                    }
                }
                let outcome = match c.outcome {
                    Outcome::Out | Outcome::LossToLastAttacker => Outcome::Loss,
                    o => o,
                };
                Ok((sets, outcome))
            };
        Ok(Some(MateRules {
            by_only: by_only.as_ref().map(|c| codes(c, false)).transpose()?,
            needs_check_by: needs.as_ref().map(|c| codes(c, true)).transpose()?,
        }))
    }
}
