//! The square lattice: `(file, rank)` coordinates, eight neighbours, two
//! colours. Two positionings of the players:
//!
//! - orthogonal (the usual): straight forward is the edge step `(0, 1)`,
//!   up a file;
//! - diagonal (`board square ... diagonal`, a board turned by 45 degrees,
//!   the first player at corner a1): straight forward is the vertex step
//!   `(1, 1)`, a step advances by `x + y` and goes right by `x - y`, and
//!   the player's rows are the anti-diagonals. Only the frames change: the
//!   cells, their names and every step stay those of the square lattice.

use super::{Cell, Grid, Lattice, Mat, Vector};

#[derive(Clone, Debug)]
pub struct Square {
    pub(super) grid: Grid,
    pub(super) diagonal: bool,
}

impl Lattice for Square {
    fn grid(&self) -> &Grid {
        &self.grid
    }

    fn name(&self) -> &'static str {
        if self.diagonal {
            "Square (diagonal positioning)"
        } else {
            "Square"
        }
    }

    // A quarter turn.
    fn rotation(&self) -> Mat {
        [[0, -1], [1, 0]]
    }

    fn rotation_degrees(&self) -> i32 {
        90
    }

    /// Left-right in the first player's frame: across the file, or (diagonal)
    /// across the long diagonal `x = y`.
    fn mirror(&self) -> Mat {
        if self.diagonal {
            [[0, 1], [1, 0]]
        } else {
            [[-1, 0], [0, 1]]
        }
    }

    /// Front-back: across the rank, or (diagonal) across an anti-diagonal.
    fn flip(&self) -> Mat {
        if self.diagonal {
            [[0, -1], [-1, 0]]
        } else {
            [[1, 0], [0, -1]]
        }
    }

    fn forward(&self, v: Vector) -> i32 {
        if self.diagonal {
            v.0 + v.1
        } else {
            v.1
        }
    }

    fn lateral(&self, v: Vector) -> i32 {
        if self.diagonal {
            v.0 - v.1
        } else {
            v.0
        }
    }

    fn ahead(&self) -> Vector {
        if self.diagonal {
            (1, 1)
        } else {
            (0, 1)
        }
    }

    fn dot(&self, a: Vector, b: Vector) -> i32 {
        a.0 * b.0 + a.1 * b.1
    }

    fn colour_classes(&self) -> i32 {
        2
    }

    fn colour_class(&self, c: Vector) -> i32 {
        (c.0 + c.1).rem_euclid(2)
    }

    /// Ranks and files run edge to edge; a range may also run diagonally.
    fn range_step(&self, step: Vector) -> bool {
        step.0.abs() <= 1 && step.1.abs() <= 1
    }

    fn has_ranks_and_files(&self) -> bool {
        true
    }

    fn reads_betza(&self) -> bool {
        true
    }

    /// Across the middle rank of the cells' bounding box, or (diagonal)
    /// across its middle anti-diagonal.
    fn flip_image(&self, cell: Cell) -> Option<Cell> {
        let ((x0, x1), (y0, y1)) = self.grid.bounds();
        let (x, y) = self.grid.coords[cell];
        if self.diagonal {
            let sum = x0 + x1 + y0 + y1;
            if sum % 2 != 0 {
                return None;
            }
            let s = sum / 2;
            self.grid.cell_at((s - y, s - x))
        } else {
            self.grid.cell_at((x, y0 + y1 - y))
        }
    }

    /// Around the centre of the cells' bounding box.
    fn half_turn_image(&self, cell: Cell) -> Option<Cell> {
        let ((x0, x1), (y0, y1)) = self.grid.bounds();
        let (x, y) = self.grid.coords[cell];
        self.grid.cell_at((x0 + x1 - x, y0 + y1 - y))
    }
}
