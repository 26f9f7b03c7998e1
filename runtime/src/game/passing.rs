//! Passing, material counting and walls, loaded: whether a player may pass
//! (`pass`, or while facing royal pieces must be broken), and the weight
//! of every piece code for `material-count`, which decides the draws of a
//! two-player game. The loader checks the counts' kinds and player here.

use super::error::{check, LoadError};
use super::Shape;
use crate::codes::PieceCode;
use crate::ir::GameIr;

/// `material-count`: per piece code, its weight in half points; the bonus
/// player and its bonus.
pub(crate) struct MaterialCount {
    pub(crate) half_weights: Vec<u32>,
    pub(crate) bonus_player: usize,
    pub(crate) bonus_halves: u32,
}

impl MaterialCount {
    pub(crate) fn build(ir: &GameIr, shape: &Shape) -> Result<Option<MaterialCount>, LoadError> {
        let Some(count) = &ir.material_count else {
            return Ok(None);
        };
        check(
            shape.players == 2
                && count.half_weights.len() == shape.kinds
                && (count.bonus_player as usize) < shape.players
                && count.half_weights.iter().all(|&w| w <= 20_000)
                && count.bonus_halves <= 20_000,
            || LoadError::MaterialCount,
        )?;
        let half_weights = (0..shape.codes())
            .map(|code| match code {
                0 => 0,
                _ => count.half_weights[shape.kind_of[code] as usize],
            })
            .collect();
        Ok(Some(MaterialCount {
            half_weights,
            bonus_player: count.bonus_player as usize,
            bonus_halves: count.bonus_halves,
        }))
    }
}

/// `wall KIND`: player 0's code of the kind, which must be a kind of the
/// game, not royal, without moves and uncapturable (as the compiler makes
/// it).
pub(crate) fn wall_code(ir: &GameIr, shape: &Shape) -> Result<Option<PieceCode>, LoadError> {
    let Some(kind) = ir.wall else {
        return Ok(None);
    };
    let k = kind as usize;
    check(
        k < shape.kinds && !ir.kinds[k].royal && ir.kinds[k].uncapturable,
        || LoadError::Wall,
    )?;
    Ok(Some((1 + k) as PieceCode))
}
