//! En passant as loaded: how long a passing stays open, and the limits a
//! position's fixed-size en-passant records rely on (the cells one passing
//! opens, the passings kept at once).

use super::error::{check, LoadError};
use crate::ir::{self, GameIr};

/// At most this many passed-over cells can be open to en passant at once.
pub const MAX_EN_PASSANT: usize = 16;

/// The most passings that last until their owner moves again a position
/// keeps at once: one per player, so games with such passings have at
/// most this many players (`LoadError::TooManyPlayersForLastingPassings`).
pub const MAX_LASTING_PASSINGS: usize = 16;

pub(crate) struct EnPassantRules {
    /// Passed cells stay open until the passing piece's owner moves again
    /// (otherwise only for the next player's move).
    pub(crate) until_owner_moves: bool,
}

impl EnPassantRules {
    pub(crate) fn build(ir: &GameIr) -> Result<EnPassantRules, LoadError> {
        let players = ir.players.len();
        check(
            !ir.en_passant_until_owner_moves || players <= MAX_LASTING_PASSINGS,
            || LoadError::TooManyPlayersForLastingPassings { players },
        )?;
        for ray in &ir.rays {
            check(
                ray.flags & ir::CREATES_EN_PASSANT == 0 || (ray.len as usize) <= MAX_EN_PASSANT,
                || LoadError::LongEnPassantRay,
            )?;
        }
        Ok(EnPassantRules {
            until_owner_moves: ir.en_passant_until_owner_moves,
        })
    }
}
