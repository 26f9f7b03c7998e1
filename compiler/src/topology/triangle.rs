//! The triangle lattice (docs/LANGUAGE.md, "Triangular boards", which pins
//! the geometry).
//!
//! The language names a triangle by its column and row, `(x, y)`, with
//! neighbouring columns of a row alternating up and down. Those
//! coordinates are not a lattice: the step to the cell above exists only
//! from a down triangle. So the topology works in the lattice in which
//! every step is a translation: the triangles' centres, in the axial
//! coordinates of the triangular lattice of vertices, scaled by 3. An up
//! triangle on the vertex `(i, j)` is the point `(3i + 1, 3j + 1)`, a down
//! one `(3i + 2, 3j + 2)`; the other points of the scaled lattice hold no
//! cell, so a step that suits only the other colour finds no cell. In these
//! coordinates:
//!
//! - `(1,1)` is an edge step (an up triangle's right neighbour); its six
//!   images under the hex group are the three edge steps of each colour;
//! - `(3,0)` is a diagonal step, to a triangle of the same colour sharing
//!   one vertex (six from every cell);
//! - the strips, straight lines crossing an edge at every step, repeat two
//!   alternating edge steps, `(1,1) (2,-1)` along the row.
//!
//! The symmetries are those of the hex lattice about a vertex (a 60 degree
//! turn swaps up and down triangles); forward is up the rows, `(-1,2)`
//! straight ahead, as on pointy-topped hexes. Ranks, files, ranges and the
//! images of setups are read in the language's `(x, y)`.

use super::{apply, group, Cell, Grid, Lattice, Mat, Vector};
use std::collections::HashMap;

#[derive(Clone, Debug)]
pub struct Triangle {
    /// The cells at their lattice points (side cells included).
    pub(super) grid: Grid,
    /// The cells' `(x, y)` as the language writes them.
    pub(super) written: Vec<Vector>,
    pub(super) written_at: HashMap<Vector, Cell>,
    /// Cells with `x + y` odd point up (otherwise those with it even).
    pub(super) odd_up: bool,
}

// A sixth turn about a vertex and a left-right reflection (as on
// pointy-topped hexes, whose axial coordinates these are).
const ROTATION: Mat = [[0, -1], [1, 1]];
const MIRROR: Mat = [[-1, -1], [0, 1]];
const FLIP: Mat = [[1, 1], [0, -1]];

/// One period of the row strip from an up triangle.
const STRIP: [Vector; 2] = [(1, 1), (2, -1)];

impl Triangle {
    pub(super) fn new(written: Vec<Vector>, odd_up: bool) -> Triangle {
        let points = written.iter().map(|&c| lattice_point(c, odd_up)).collect();
        let written_at = written.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        Triangle {
            grid: Grid::new(points),
            written,
            written_at,
            odd_up,
        }
    }

    /// The six edge steps (three start from each colour).
    pub fn edge_directions() -> Vec<Vector> {
        images(&[(1, 1)]).into_iter().map(|s| s[0]).collect()
    }

    /// The twelve strip periods: six directions, each starting from either
    /// colour (six start from each cell).
    fn strips() -> Vec<Vec<Vector>> {
        images(&STRIP)
    }

    /// The cell at the written `(x, y)`.
    pub(super) fn written_cell(&self, c: Vector) -> Option<Cell> {
        self.written_at.get(&c).copied()
    }

    /// The strips from `cell`: each a straight line of edge neighbours up
    /// to the edge of the board, `cell` excluded.
    pub(super) fn strips_from(&self, cell: Cell) -> Vec<Vec<Cell>> {
        let grid = &self.grid;
        Self::strips()
            .into_iter()
            .filter_map(|steps| {
                let mut line = Vec::new();
                let (mut at, mut k) = (grid.coords[cell], 0);
                while let Some(next) = grid.cell_at((at.0 + steps[k % 2].0, at.1 + steps[k % 2].1))
                {
                    if next == cell || line.contains(&next) {
                        break;
                    }
                    line.push(next);
                    at = grid.coords[next];
                    k += 1;
                }
                (!line.is_empty()).then_some(line)
            })
            .collect()
    }

    /// Does the written `(x, y)` point up?
    fn points_up(&self, (x, y): Vector) -> bool {
        (x + y).rem_euclid(2) == self.odd_up as i32
    }

    /// The written bounding box: ((x0, x1), (y0, y1)).
    fn written_bounds(&self) -> ((i32, i32), (i32, i32)) {
        let xs = self.written.iter().map(|c| c.0);
        let ys = self.written.iter().map(|c| c.1);
        (
            (xs.clone().min().unwrap_or(0), xs.max().unwrap_or(0)),
            (ys.clone().min().unwrap_or(0), ys.max().unwrap_or(0)),
        )
    }

    /// The cell at the written `image`, if it exists and points the other
    /// way from `cell` (a half turn or a reflection across a row line turns
    /// up triangles into down ones; any other image is not a symmetry).
    fn turned_over(&self, cell: Cell, image: Vector) -> Option<Cell> {
        let to = self.written_cell(image)?;
        (self.points_up(self.written[cell]) != self.points_up(image)).then_some(to)
    }
}

/// The lattice point of the triangle written `(x, y)`.
pub fn lattice_point((x, y): Vector, odd_up: bool) -> Vector {
    let x = x + odd_up as i32;
    let down = (x + y).rem_euclid(2);
    let i = (x - y - down).div_euclid(2);
    (3 * i + 1 + down, 3 * y + 1 + down)
}

/// Does a lattice point hold a triangle (of any board)?
fn is_centre(v: Vector) -> bool {
    let (a, b) = (v.0.rem_euclid(3), v.1.rem_euclid(3));
    a == b && a != 0
}

/// The images of a sequence of steps under the lattice's twelve symmetries.
fn images(steps: &[Vector]) -> Vec<Vec<Vector>> {
    let mut out: Vec<Vec<Vector>> = group(&[ROTATION, MIRROR])
        .iter()
        .map(|s| steps.iter().map(|&v| apply(s, v)).collect())
        .collect();
    out.sort();
    out.dedup();
    out
}

impl Lattice for Triangle {
    fn grid(&self) -> &Grid {
        &self.grid
    }

    fn name(&self) -> &'static str {
        "Triangle"
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
        FLIP
    }

    fn forward(&self, v: Vector) -> i32 {
        v.1
    }

    fn lateral(&self, v: Vector) -> i32 {
        2 * v.0 + v.1
    }

    /// From a down triangle across its upper edge.
    fn ahead(&self) -> Vector {
        (-1, 2)
    }

    fn dot(&self, a: Vector, b: Vector) -> i32 {
        2 * a.0 * b.0 + a.0 * b.1 + a.1 * b.0 + 2 * a.1 * b.1
    }

    fn colour_classes(&self) -> i32 {
        2
    }

    /// Up triangles 0, down ones 1.
    fn colour_class(&self, c: Vector) -> i32 {
        (c.0.rem_euclid(3) == 2) as i32
    }

    /// Along a row, or a diagonal line of one colour, as written.
    fn range(&self, a: Cell, b: Cell) -> Option<Vec<Option<Cell>>> {
        let (pa, pb) = (self.written[a], self.written[b]);
        let d = (pb.0 - pa.0, pb.1 - pa.1);
        let n = d.0.abs().max(d.1.abs());
        if !(d.1 == 0 || d.0.abs() == d.1.abs()) {
            return None;
        }
        let unit = (d.0.signum(), d.1.signum());
        Some(
            (0..=n)
                .map(|i| self.written_cell((pa.0 + unit.0 * i, pa.1 + unit.1 * i)))
                .collect(),
        )
    }

    /// Along the strip from `from` through `to`.
    fn sideways_line(&self, frame: &Mat, from: Cell, to: Cell) -> Option<Vec<Cell>> {
        let (a, b) = (self.grid.coords[from], self.grid.coords[to]);
        let d = (b.0 - a.0, b.1 - a.1);
        if self.dot(apply(frame, self.ahead()), d) != 0 {
            return None;
        }
        let line = self
            .strips_from(from)
            .into_iter()
            .find(|s| s.contains(&to))?;
        let k = line.iter().position(|&c| c == to)?;
        Some(
            std::iter::once(from)
                .chain(line[..k].iter().copied())
                .collect(),
        )
    }

    fn lines_repeat_a_vector(&self) -> bool {
        false
    }

    fn has_ranks_and_files(&self) -> bool {
        true
    }

    fn reads_betza(&self) -> bool {
        false
    }

    fn written(&self, cell: Cell) -> Vector {
        self.written[cell]
    }

    fn holds_cell(&self, v: Vector) -> bool {
        is_centre(v)
    }

    /// Across the line between the middle rows.
    fn flip_image(&self, cell: Cell) -> Option<Cell> {
        let (x, y) = self.written[cell];
        let (_, (y0, y1)) = self.written_bounds();
        self.turned_over(cell, (x, y0 + y1 - y))
    }

    /// About the centre of the written bounding box.
    fn half_turn_image(&self, cell: Cell) -> Option<Cell> {
        let (x, y) = self.written[cell];
        let ((x0, x1), (y0, y1)) = self.written_bounds();
        self.turned_over(cell, (x0 + x1 - x, y0 + y1 - y))
    }
}
