//! The hex lattice: axial `(q, r)` coordinates; six edge neighbours, six
//! vertex neighbours, three colours. Two orientations:
//!
//! - flat-topped: `(0, 1)` is straight forward, an edge step;
//!   files of edge neighbours run forward;
//! - pointy-topped: `(1, 0)` is one cell to the right and
//!   `(0, 1)` up and to the right, so rows of edge neighbours run across
//!   the board and straight forward is the vertex step `(-1, 2)`. The
//!   "doubled" picture of a cell is `(2q + r, r)`: column and row.

use super::{apply, group, Cell, Grid, Lattice, Mat, Vector};

#[derive(Clone, Debug)]
pub struct Hex {
    pub(super) grid: Grid,
    pub(super) pointy: bool,
}

// A sixth turn and a left-right reflection.
const ROTATION: Mat = [[0, -1], [1, 1]];
const MIRROR: Mat = [[-1, 0], [1, 1]];

impl Hex {
    /// The cell at doubled column `col`, row `row` (pointy boards).
    fn doubled_cell(&self, col: i32, row: i32) -> Option<Cell> {
        let q2 = col - row;
        (q2 % 2 == 0)
            .then(|| self.grid.cell_at((q2 / 2, row)))
            .flatten()
    }

    /// The six unit steps to an edge neighbour.
    pub fn edge_directions() -> Vec<Vector> {
        let mut steps: Vec<Vector> = group(&[ROTATION, MIRROR])
            .iter()
            .map(|s| apply(s, (1, 0)))
            .collect();
        steps.sort();
        steps.dedup();
        steps
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
        if self.pointy {
            // Doubled column negated, row kept.
            [[-1, -1], [0, 1]]
        } else {
            MIRROR
        }
    }

    fn flip(&self) -> Mat {
        if self.pointy {
            // Doubled row negated, column kept.
            [[1, 1], [0, -1]]
        } else {
            [[1, 0], [-1, -1]]
        }
    }

    fn forward(&self, v: Vector) -> i32 {
        if self.pointy {
            v.1
        } else {
            2 * v.1 + v.0
        }
    }

    fn lateral(&self, v: Vector) -> i32 {
        if self.pointy {
            2 * v.0 + v.1
        } else {
            v.0
        }
    }

    fn ahead(&self) -> Vector {
        if self.pointy {
            (-1, 2)
        } else {
            (0, 1)
        }
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

    /// Flat: across the line through the centre cell (0, 0) perpendicular
    /// to forward. Pointy: across the middle row of the cells.
    fn flip_image(&self, cell: Cell) -> Option<Cell> {
        let (x, y) = self.grid.coords[cell];
        if self.pointy {
            let (_, (y0, y1)) = self.grid.bounds();
            let (col, row) = (2 * x + y, y0 + y1 - y);
            self.doubled_cell(col, row)
        } else {
            self.grid.cell_at((x, -x - y))
        }
    }

    /// Flat: around the centre cell (0, 0). Pointy: around the centre of
    /// the cells' doubled bounding box.
    fn half_turn_image(&self, cell: Cell) -> Option<Cell> {
        let (x, y) = self.grid.coords[cell];
        if self.pointy {
            let cols = self.grid.coords.iter().map(|&(q, r)| 2 * q + r);
            let (c0, c1) = (cols.clone().min()?, cols.max()?);
            let (_, (y0, y1)) = self.grid.bounds();
            self.doubled_cell(c0 + c1 - (2 * x + y), y0 + y1 - y)
        } else {
            self.grid.cell_at((-x, -y))
        }
    }
}
