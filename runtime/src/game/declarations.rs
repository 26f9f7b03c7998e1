//! Agreements as loaded: what a position's declarations rely on. A
//! declaration is one bit per (agreement, player) and an agreement reached
//! one bit, so the game may have at most 32 declarations; each agreement
//! has one marker pair per player, on the board. There is nothing to
//! build: the tables are the IR's own (`GameIr::agreements`).

use super::error::{check, LoadError};
use super::Shape;
use crate::ir::GameIr;

pub(crate) fn check_agreements(ir: &GameIr, shape: &Shape) -> Result<(), LoadError> {
    let (cells, players) = (shape.cells, shape.players);
    check(ir.agreements.len() * players <= 32, || {
        LoadError::TooManyDeclarations
    })?;
    for a in &ir.agreements {
        check(
            a.markers.len() == players
                && a.markers
                    .iter()
                    .flatten()
                    .all(|&(x, y)| (x as usize) < cells && (y as usize) < cells),
            || LoadError::AgreementMarkers(a.name.clone()),
        )?;
    }
    Ok(())
}
