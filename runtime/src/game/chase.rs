//! What a chase is, as loaded (`end repetition N perpetual-chase by KINDS
//! except KIND unless on REGION`): per player the codes whose attacks may
//! chase, and per piece code the cells where it is a chase target. Two
//! players. A game without the rule has no part (`Game::chase` is
//! `None`); `position/chases.rs` applies it.

use super::error::{check, LoadError};
use super::Shape;
use crate::bitset::CellSet;
use crate::codes::{CodeSet, PieceCode};
use crate::ir::GameIr;

pub(crate) struct ChaseRules {
    /// Per player: its codes whose attacks may be chases.
    pub(crate) chasers: [CodeSet; 2],
    /// Per piece code: the cells where it is a chase target (royal codes:
    /// none; the empty code: none).
    pub(crate) target_on: Vec<CellSet>,
    /// Per piece code: its value (`value`), for "worth more than its attacker".
    pub(crate) value: Vec<i32>,
}

impl ChaseRules {
    pub(crate) fn build(ir: &GameIr, shape: &Shape) -> Result<Option<ChaseRules>, LoadError> {
        let Some(rule) = &ir.end.perpetual_chase else {
            return Ok(None);
        };
        check(shape.players == 2, || {
            LoadError::MaterialRulesNeedTwoPlayers {
                players: shape.players,
            }
        })?;
        let code = |p: usize, k: usize| (1 + p * shape.kinds + k) as PieceCode;
        let mut chasers = [CodeSet::EMPTY; 2];
        for &k in &rule.by {
            check((k as usize) < shape.kinds, || LoadError::ChaseKind {
                kind: k,
            })?;
            for (p, set) in chasers.iter_mut().enumerate() {
                set.insert(code(p, k as usize));
            }
        }
        let codes = 1 + shape.players * shape.kinds;
        let all = CellSet::full(shape.cells);
        let mut target_on = vec![all; codes];
        target_on[0] = CellSet::EMPTY;
        for spared in &rule.spared {
            let k = spared.kind as usize;
            check(k < shape.kinds, || LoadError::ChaseKind {
                kind: spared.kind,
            })?;
            check(spared.targets_on.len() == shape.players, || {
                LoadError::ChaseRegion
            })?;
            for (p, cells) in spared.targets_on.iter().enumerate() {
                check(cells.iter().all(|&c| (c as usize) < shape.cells), || {
                    LoadError::ChaseRegion
                })?;
                target_on[code(p, k) as usize] =
                    CellSet::from_cells(cells.iter().map(|&c| c as usize));
            }
        }
        let mut value = vec![0; codes];
        for c in 1..codes {
            if shape.royal_code[c] {
                target_on[c] = CellSet::EMPTY;
            }
            value[c] = ir.kinds[shape.kind_of[c] as usize].value;
        }
        Ok(Some(ChaseRules {
            chasers,
            target_on,
            value,
        }))
    }
}
