//! The hex lattice: axial `(q, r)` coordinates, `(0, 1)` straight forward
//! for the first player; six neighbours, three colours.

use super::{apply, group, Cell, Grid, Lattice, Mat, Vector};

#[derive(Clone, Debug)]
pub struct Hex {
    pub(super) grid: Grid,
}

// A sixth turn and a left-right reflection.
const ROTATION: Mat = [[0, -1], [1, 1]];
const MIRROR: Mat = [[-1, 0], [1, 1]];

impl Hex {
    /// The six unit steps to an edge neighbour.
    pub fn edge_directions() -> Vec<Vector> {
        group(&[ROTATION, MIRROR])
            .iter()
            .map(|s| apply(s, (1, 0)))
            .collect()
    }
}

impl Lattice for Hex {
    fn grid(&self) -> &Grid {
        &self.grid
    }

    fn name(&self) -> &'static str {
        "Hex"
    }

    fn rotation(&self) -> Mat {
        ROTATION
    }

    fn rotation_degrees(&self) -> i32 {
        60
    }

    fn mirror(&self) -> Mat {
        MIRROR
    }

    fn flip(&self) -> Mat {
        [[1, 0], [-1, -1]]
    }

    fn forward(&self, v: Vector) -> i32 {
        2 * v.1 + v.0
    }

    /// The axial dot product with the hex lattice's metric.
    fn dot(&self, a: Vector, b: Vector) -> i32 {
        2 * a.0 * b.0 + a.0 * b.1 + a.1 * b.0 + 2 * a.1 * b.1
    }

    fn colour_classes(&self) -> i32 {
        3
    }

    fn colour_class(&self, c: Vector) -> i32 {
        (c.0 - c.1).rem_euclid(3)
    }

    /// A range runs to an edge neighbour or a diagonal one.
    fn range_step(&self, step: Vector) -> bool {
        [(1, 0), (1, 1)].iter().any(|&u| {
            group(&[ROTATION, MIRROR])
                .iter()
                .any(|s| apply(s, u) == step)
        })
    }

    fn has_ranks_and_files(&self) -> bool {
        false
    }

    fn reads_betza(&self) -> bool {
        false
    }

    /// Across the line through the centre cell perpendicular to forward.
    fn flip_image(&self, cell: Cell) -> Option<Cell> {
        let (x, y) = self.grid.coords[cell];
        self.grid.cell_at((x, -x - y))
    }

    /// Around the centre cell.
    fn half_turn_image(&self, cell: Cell) -> Option<Cell> {
        let (x, y) = self.grid.coords[cell];
        self.grid.cell_at((-x, -y))
    }
}
