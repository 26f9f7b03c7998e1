//! Where each cell is drawn: a row and a column on a screen grid, from the
//! IR's drawing hints. The terminal board uses it, and so will pictures (SVG)
//! and the web board; a new board kind adds its cell placement here.
//!
//! - Square boards: row 0 is the top rank, column `x` the file; side cells
//!   keep their own coordinates beside the grid.
//! - Hexagonal boards (axial `q, r`): the row is the forward measure
//!   `2r + q` from the top, the column `2q`, so neighbours interleave.
//!
//! Empty stretches of rows or columns longer than `MAX_GAP` are shrunk to
//! it (a side cell far from the board, or a crafted IR's distant cell, is
//! drawn `MAX_GAP` columns off), so the grid has at most `MAX_GAP` rows and
//! columns per cell and drawing it costs work in proportion to the cells,
//! never to the coordinates' box. The layout is sparse: each row lists its
//! cells by column.

use crate::ir::{GameIr, Geometry};

/// The most empty rows or columns kept between two used ones.
pub const MAX_GAP: usize = 3;

/// Every cell's place on the screen grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub rows: usize,
    pub cols: usize,
    /// Per cell: (row, column).
    pub place: Vec<(usize, usize)>,
    /// Per row: its (column, cell) pairs, by column (the first cell drawn
    /// at a place, if two share one).
    by_row: Vec<Vec<(usize, usize)>>,
}

/// Maps the used values of one axis to screen indices from 0, shrinking
/// gaps longer than `MAX_GAP`. With `grid` (a square board's width or
/// height) the values `0..grid` keep their places and values below 0 are
/// drawn at 0; otherwise the smallest value is 0.
fn squeeze(values: &[i32], grid: Option<i32>) -> Vec<usize> {
    let values: Vec<i32> = match grid {
        Some(_) => values.iter().map(|&v| v.max(0)).collect(),
        None => values.to_vec(),
    };
    let mut used: Vec<i32> = values.clone();
    used.extend(0..grid.unwrap_or(0));
    used.sort_unstable();
    used.dedup();
    let mut index = Vec::with_capacity(used.len());
    let mut at = 0usize;
    for (i, &v) in used.iter().enumerate() {
        if i > 0 {
            let gap = (v as i64 - used[i - 1] as i64) as usize;
            at += gap.min(MAX_GAP + 1);
        }
        index.push(at);
    }
    values
        .iter()
        .map(|v| index[used.binary_search(v).expect("a used value")])
        .collect()
}

impl Layout {
    pub fn of(ir: &GameIr) -> Layout {
        let raw: Vec<(i32, i32)> = ir
            .cells
            .iter()
            .map(|c| match &ir.geometry {
                Geometry::Square { height, .. } => (*height as i32 - 1 - c.coord.1, c.coord.0),
                Geometry::Hex => (-(2 * c.coord.1 + c.coord.0), 2 * c.coord.0),
            })
            .collect();
        // Square grids keep file a at column 0 and the top rank at row 0.
        let (keep_rows, keep_cols) = match &ir.geometry {
            Geometry::Square { width, height, .. } => (Some(*height as i32), Some(*width as i32)),
            Geometry::Hex => (None, None),
        };
        let rows_of: Vec<i32> = raw.iter().map(|p| p.0).collect();
        let cols_of: Vec<i32> = raw.iter().map(|p| p.1).collect();
        let place: Vec<(usize, usize)> = squeeze(&rows_of, keep_rows)
            .into_iter()
            .zip(squeeze(&cols_of, keep_cols))
            .collect();
        let mut rows = place.iter().map(|p| p.0 + 1).max().unwrap_or(0);
        let mut cols = place.iter().map(|p| p.1 + 1).max().unwrap_or(0);
        if let Geometry::Square { width, height, .. } = &ir.geometry {
            rows = rows.max(*height as usize);
            cols = cols.max(*width as usize);
        }
        let mut by_row: Vec<Vec<(usize, usize)>> = vec![Vec::new(); rows];
        for (cell, &(r, c)) in place.iter().enumerate() {
            by_row[r].push((c, cell));
        }
        for row in &mut by_row {
            // Stable: of two cells at one place the first stays first.
            row.sort_by_key(|&(c, _)| c);
            row.dedup_by_key(|&mut (c, _)| c);
        }
        Layout {
            rows,
            cols,
            place,
            by_row,
        }
    }

    /// The cells of a row, as (column, cell), by column.
    pub fn row(&self, row: usize) -> &[(usize, usize)] {
        self.by_row.get(row).map_or(&[], Vec::as_slice)
    }

    /// The cell drawn at (row, column), if any.
    pub fn cell_at(&self, row: usize, col: usize) -> Option<usize> {
        let cells = self.row(row);
        cells
            .binary_search_by_key(&col, |&(c, _)| c)
            .ok()
            .map(|i| cells[i].1)
    }
}
