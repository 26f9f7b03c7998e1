//! The round board (docs/LANGUAGE.md, "Round boards"): `rings` rings of
//! `sectors` cells around a centre cell.
//!
//! The language names a ring cell by its sector (the file letter) and its
//! ring counted from the outside (the rank: 1 is the rim); the centre is
//! `z0`. Written coordinates are `(sector, rank - 1)`, the centre's
//! `(0, rings)`.
//!
//! A walk keeps its place as `(sector, distance from the centre)`, so it
//! knows which radius it is on even at the centre, which lies on every
//! radius. A vector `(x, y)` goes `x` sectors counter-clockwise (to the
//! right of a player at the rim facing the centre) and `y` rings inward:
//!
//! - around a ring, steps wrap, and a ride stops before it comes back to
//!   its start (`Topology::rides`);
//! - inward past the centre a walk goes on outward along the opposite
//!   radius, the other half of the diameter (its inward is outward from
//!   then on, so a ride keeps going straight);
//! - from the centre a move starts along every radius.
//!
//! There are no diagonals: nothing here makes a vector with two non-zero
//! components mean anything but its two moves in turn (a Knight's `(2,1)`
//! is two sectors round and one ring in, a leap). Every player faces the
//! centre, so a player's turn about the centre changes where his pieces
//! stand, never what his vectors mean: forward is inward for everyone.

use super::{Cell, Grid, Lattice, Mat, Vector};

#[derive(Clone, Debug)]
pub struct Round {
    /// The cells at `(sector, distance)`, the centre at `(0, 0)`.
    pub(super) grid: Grid,
    pub(super) written: Vec<Vector>,
    pub(super) rings: i32,
    pub(super) sectors: i32,
    pub(super) centre: Option<Cell>,
}

impl Round {
    pub(super) fn new(written: Vec<Vector>, rings: i32, sectors: i32) -> Round {
        let points: Vec<Vector> = written.iter().map(|&(s, k)| (s, rings - k)).collect();
        let centre = points.iter().position(|&(_, d)| d == 0);
        Round {
            grid: Grid::new(points),
            written,
            rings,
            sectors,
            centre,
        }
    }

    /// The cell turned by `k` sectors counter-clockwise about the centre.
    pub(super) fn turned_cell(&self, cell: Cell, k: i32) -> Option<Cell> {
        let (s, d) = self.grid.coords[cell];
        if d == 0 {
            return Some(cell);
        }
        self.grid.cell_at(((s + k).rem_euclid(self.sectors), d))
    }

    /// The cell reflected across the diameter through sector boundary
    /// `axis` (in half sectors): sector `s` goes to `axis - 1 - s`.
    pub(super) fn reflected_cell(&self, cell: Cell, axis: i32) -> Option<Cell> {
        let (s, d) = self.grid.coords[cell];
        if d == 0 {
            return Some(cell);
        }
        self.grid
            .cell_at(((axis - 1 - s).rem_euclid(self.sectors), d))
    }

    /// How many sectors a turn of `degrees` is, if a whole number.
    pub(super) fn sectors_in(&self, degrees: i32) -> Option<i32> {
        let d = degrees as i64 * self.sectors as i64;
        (d % 360 == 0).then_some((d / 360) as i32)
    }

    /// The cells of a range: along one radius, not through the centre, or
    /// counter-clockwise around one ring.
    fn radius_or_ring_range(&self, a: Cell, b: Cell) -> Option<Vec<Option<Cell>>> {
        let ((sa, da), (sb, db)) = (self.grid.coords[a], self.grid.coords[b]);
        if da == 0 || db == 0 {
            return (a == b).then(|| vec![Some(a)]);
        }
        if sa == sb {
            let step = (db - da).signum();
            let n = (db - da).abs();
            return Some(
                (0..=n)
                    .map(|i| self.grid.cell_at((sa, da + step * i)))
                    .collect(),
            );
        }
        (da == db).then(|| {
            let n = (sb - sa).rem_euclid(self.sectors);
            (0..=n)
                .map(|i| self.grid.cell_at(((sa + i).rem_euclid(self.sectors), da)))
                .collect()
        })
    }
}

// The local frame of a cell is square: a quarter turn takes inward to
// counter-clockwise.
const ROTATION: Mat = [[0, -1], [1, 0]];

impl Lattice for Round {
    fn grid(&self) -> &Grid {
        &self.grid
    }

    fn name(&self) -> &'static str {
        "Round"
    }

    fn rotation(&self) -> Mat {
        ROTATION
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

    /// Inward.
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

    fn range(&self, a: Cell, b: Cell) -> Option<Vec<Option<Cell>>> {
        self.radius_or_ring_range(a, b)
    }

    /// Every player faces the centre: no line is sideways to all.
    fn sideways_line(&self, _frame: &Mat, _from: Cell, _to: Cell) -> Option<Vec<Cell>> {
        None
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

    fn rank_file(&self, cell: Cell) -> Option<Vector> {
        (Some(cell) != self.centre).then(|| self.written[cell])
    }

    fn starts(&self, cell: Cell) -> Vec<Vector> {
        if Some(cell) == self.centre {
            (0..self.sectors).map(|s| (s, 0)).collect()
        } else {
            vec![self.grid.coords[cell]]
        }
    }

    /// A place is `(sector, distance)`, the sector plus `sectors` once the
    /// walk has crossed the centre: from there on, inward means outward (a
    /// ride through the centre goes on straight along the diameter).
    fn advance(&self, (at, d): Vector, (x, y): Vector) -> Option<(Vector, Cell)> {
        let n = self.sectors;
        let mut crossed = at >= n;
        let y = if crossed { -y } else { y };
        let (mut s, mut d) = (at.rem_euclid(n) + x, d - y);
        if d < 0 {
            // Past the centre: on along the other half of the diameter.
            d = -d;
            s += n / 2;
            crossed = !crossed;
        }
        if d > self.rings {
            return None;
        }
        let s = s.rem_euclid(n);
        let cell = if d == 0 {
            self.centre?
        } else {
            self.grid.cell_at((s, d))?
        };
        Some(((s + if crossed { n } else { 0 }, d), cell))
    }

    fn translation_invariant(&self) -> bool {
        false
    }

    /// Across the diameter between the first sector and the last.
    fn flip_image(&self, cell: Cell) -> Option<Cell> {
        self.reflected_cell(cell, 0)
    }

    /// Half a turn about the centre.
    fn half_turn_image(&self, cell: Cell) -> Option<Cell> {
        self.turned_cell(cell, self.sectors / 2)
    }
}
