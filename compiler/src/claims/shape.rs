//! The claims about the board's shape: a region's `size`, the `free-sides`
//! of a cell or of every cell of a region, and a cell's membership of a
//! region (`cell-in`). They read the IR's cells and regions and the
//! board's topology; no move is played.

use super::{cell_index, failed, region_cells};
use crate::ast::{Name, Span};
use crate::diag::Diagnostic;
use crate::topology::Topology;
use runtime::ir::GameIr;

/// `claim size`: the region has `expected` cells.
pub(super) fn verify_size(
    ir: &GameIr,
    span: Span,
    region: &Name,
    expected: i64,
) -> Result<(), Diagnostic> {
    // A per-player region is counted as the first player sees it.
    let n = region_cells(ir, region, 0)?.len() as i64;
    if n != expected {
        return Err(failed(
            span,
            format!("claim failed: {} has {n} cells", region.text),
            format!("expected {expected}"),
        ));
    }
    Ok(())
}

/// `claim free-sides`: the cell, or every cell of the region, has
/// `expected` sides on the board's edge.
pub(super) fn verify_free_sides(
    ir: &GameIr,
    topology: &Topology,
    span: Span,
    what: &Name,
    expected: i64,
) -> Result<(), Diagnostic> {
    let cells: Vec<u16> = match ir.cells.iter().position(|c| c.name == what.text) {
        Some(c) => vec![c as u16],
        None => region_cells(ir, what, 0)?,
    };
    for c in cells {
        let n = topology.free_sides(c as usize, |x| ir.cells[x].side) as i64;
        if n != expected {
            return Err(failed(
                span,
                format!(
                    "claim failed: {} has {n} free sides",
                    ir.cells[c as usize].name
                ),
                format!("expected {expected}"),
            ));
        }
    }
    Ok(())
}

/// `claim cell-in`: the cell belongs to the region.
pub(super) fn verify_cell_in(
    ir: &GameIr,
    span: Span,
    cell: &Name,
    region: &Name,
) -> Result<(), Diagnostic> {
    let c = cell_index(ir, cell)?;
    let cells = region_cells(ir, region, 0)?;
    if !cells.contains(&(c as u16)) {
        return Err(failed(
            span,
            format!("claim failed: {} is not in {}", cell.text, region.text),
            "not a member".into(),
        ));
    }
    Ok(())
}
