//! The square lattice: `(file, rank)` coordinates, eight neighbours, two
//! colours.

use super::{Cell, Grid, Lattice, Mat, Vector};

#[derive(Clone, Debug)]
pub struct Square {
    pub(super) grid: Grid,
}

impl Lattice for Square {
    fn grid(&self) -> &Grid {
        &self.grid
    }

    fn name(&self) -> &'static str {
        "Square"
    }

    // A quarter turn.
    fn rotation(&self) -> Mat {
        [[0, -1], [1, 0]]
    }

    fn rotation_degrees(&self) -> i32 {
        90
    }

    fn mirror(&self) -> Mat {
        [[-1, 0], [0, 1]]
    }

    fn flip(&self) -> Mat {
        [[1, 0], [0, -1]]
    }

    fn forward(&self, v: Vector) -> i32 {
        v.1
    }

    fn ahead(&self) -> Vector {
        (0, 1)
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

    /// Across the middle rank of the cells' bounding box.
    fn flip_image(&self, cell: Cell) -> Option<Cell> {
        let (_, (y0, y1)) = self.grid.bounds();
        let (x, y) = self.grid.coords[cell];
        self.grid.cell_at((x, y0 + y1 - y))
    }

    /// Around the centre of the cells' bounding box.
    fn half_turn_image(&self, cell: Cell) -> Option<Cell> {
        let ((x0, x1), (y0, y1)) = self.grid.bounds();
        let (x, y) = self.grid.coords[cell];
        self.grid.cell_at((x0 + x1 - x, y0 + y1 - y))
    }
}
