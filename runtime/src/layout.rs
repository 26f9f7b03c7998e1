//! Where each cell is drawn: a row and a column on a screen grid, from the
//! IR's drawing hints. The terminal board uses it, and so will pictures (SVG)
//! and the web board; a new board kind adds its cell placement here.
//!
//! - Square boards: row 0 is the top rank, column `x` the file; side cells
//!   keep their own coordinates beside the grid.
//! - Flat-topped hexagonal boards (axial `q, r`): the row is the forward
//!   measure `2r + q` from the top, the column `2q`, so neighbours interleave.
//! - Pointy-topped hexagonal boards: the row is `r` from the top, the
//!   column the doubled `2q + r`, so a row's cells stand two columns apart.

use crate::ir::{GameIr, Geometry};

/// Every cell's place on the screen grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub rows: usize,
    pub cols: usize,
    /// Per cell: (row, column).
    pub place: Vec<(usize, usize)>,
    /// Per `row * cols + col`: the cell drawn there.
    grid: Vec<Option<usize>>,
}

impl Layout {
    pub fn of(ir: &GameIr) -> Layout {
        let raw: Vec<(i32, i32)> = ir
            .cells
            .iter()
            .map(|c| match &ir.geometry {
                Geometry::Square { height, .. } => (*height as i32 - 1 - c.coord.1, c.coord.0),
                Geometry::Hex { pointy: false } => (-(2 * c.coord.1 + c.coord.0), 2 * c.coord.0),
                Geometry::Hex { pointy: true } => (-c.coord.1, 2 * c.coord.0 + c.coord.1),
            })
            .collect();
        let (row0, col0) = match &ir.geometry {
            // Square grids keep file a at column 0 and the top rank at row 0.
            Geometry::Square { .. } => (0, 0),
            Geometry::Hex { .. } => (
                raw.iter().map(|p| p.0).min().unwrap_or(0),
                raw.iter().map(|p| p.1).min().unwrap_or(0),
            ),
        };
        let place: Vec<(usize, usize)> = raw
            .iter()
            .map(|&(r, c)| ((r - row0).max(0) as usize, (c - col0).max(0) as usize))
            .collect();
        let mut rows = place.iter().map(|p| p.0 + 1).max().unwrap_or(0);
        let mut cols = place.iter().map(|p| p.1 + 1).max().unwrap_or(0);
        if let Geometry::Square { width, height, .. } = &ir.geometry {
            rows = rows.max(*height as usize);
            cols = cols.max(*width as usize);
        }
        let mut grid = vec![None; rows * cols];
        for (cell, &(r, c)) in place.iter().enumerate() {
            grid[r * cols + c].get_or_insert(cell);
        }
        Layout {
            rows,
            cols,
            place,
            grid,
        }
    }

    /// The cell drawn at (row, column), if any.
    pub fn cell_at(&self, row: usize, col: usize) -> Option<usize> {
        if row < self.rows && col < self.cols {
            self.grid[row * self.cols + col]
        } else {
            None
        }
    }
}
