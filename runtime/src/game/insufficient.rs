//! Insufficient material as loaded: the game's `insufficient` declarations
//! (pairs of sides neither of which can mate the other), each side ready
//! for matching against a position's pieces (`outcome.rs`).

use super::error::{check, LoadError};
use super::Shape;
use crate::bitset::CellSet;
use crate::ir::GameIr;

/// The most pieces one side of an `insufficient` declaration may list.
pub const MAX_DECLARED_PIECES: usize = 64;

/// One side of an `insufficient` declaration, ready for matching: the
/// number of pieces, each piece's kind and the cells it must stand on (if
/// held to a region), and whether any is held to one.
#[derive(Clone, Debug)]
pub(crate) struct DeclaredSide {
    pub(crate) pieces: usize,
    pub(crate) specs: Vec<(u8, Option<CellSet>)>,
    pub(crate) regional: bool,
}

/// The declarations, both sides of each (empty: the game declares none).
pub(crate) struct Insufficient {
    pub(crate) declarations: Vec<[DeclaredSide; 2]>,
}

impl Insufficient {
    pub(crate) fn build(ir: &GameIr, shape: &Shape) -> Result<Insufficient, LoadError> {
        for side in ir.end.insufficient.iter().flatten() {
            check(side.len() <= MAX_DECLARED_PIECES, || {
                LoadError::InsufficientTooLarge { pieces: side.len() }
            })?;
            for p in side {
                check((p.kind as usize) < shape.kinds, || {
                    LoadError::InsufficientKind { kind: p.kind }
                })?;
                if let Some(region) = p.region {
                    check((region as usize) < ir.regions.len(), || {
                        LoadError::InsufficientRegion { region }
                    })?;
                }
            }
        }
        let declarations = ir
            .end
            .insufficient
            .iter()
            .map(|sides| {
                sides.clone().map(|side| {
                    let specs: Vec<(u8, Option<CellSet>)> = side
                        .iter()
                        .map(|p| {
                            let region = p.region.map(|r| {
                                CellSet::from_cells(
                                    ir.regions[r as usize].cells.iter().map(|&c| c as usize),
                                )
                            });
                            (p.kind, region)
                        })
                        .collect();
                    DeclaredSide {
                        pieces: specs.len(),
                        regional: specs.iter().any(|(_, r)| r.is_some()),
                        specs,
                    }
                })
            })
            .collect();
        Ok(Insufficient { declarations })
    }
}
