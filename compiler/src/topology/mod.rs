//! The board's topology: the one interface through which the checker and
//! lowering see cells, steps between them, directions, the symmetries that
//! turn one direction into another and the player frames built from them.
//!
//! `Topology` dispatches to one type per kind of board (`square.rs`,
//! `hex.rs`, `triangle.rs`). Nothing outside this module asks which kind a board is. The
//! interface speaks of cells and steps, not of coordinate arithmetic, so a
//! board that is not translation-invariant (a ring, triangular cells) can
//! implement it: lowering walks `step` and stops a ride that comes back to
//! its origin.

mod hex;
mod linear;
mod round;
mod square;
mod triangle;

pub use hex::Hex;
pub use linear::{apply, unit_and_count, Mat, Vector, IDENTITY};
pub use round::Round;
pub use triangle::Triangle;

use crate::ast::{Filter, Orientation};
use linear::{gcd, group, mul};
use runtime::ir;
use serde::{Serialize, Serializer};
use square::Square;

/// A cell, as its index in the model's cell list.
pub type Cell = usize;

/// The cells of a board at their lattice coordinates (side cells
/// included), with the cell at each coordinate.
#[derive(Clone, Debug)]
pub struct Grid {
    coords: Vec<Vector>,
    at: CellIndex,
}

/// The cell at each coordinate. Walks ask it for every step of every ride
/// of every piece from every cell, so it is an array over the board's
/// bounding box (a few times the cells at most for the boards the checker
/// lets through); coordinates spread wider than `DENSE_AREA` (far-off side
/// cells) fall back to a sorted list.
#[derive(Clone, Debug)]
enum CellIndex {
    Dense {
        origin: Vector,
        width: i64,
        height: i64,
        cells: Vec<u32>,
    },
    Sorted(Vec<(Vector, Cell)>),
}

/// The largest bounding box kept as an array (entries of 4 bytes).
const DENSE_AREA: i64 = 1 << 20;
const NO_CELL: u32 = u32::MAX;

impl Grid {
    fn new(coords: Vec<Vector>) -> Grid {
        let at = CellIndex::new(&coords);
        Grid { coords, at }
    }

    fn cell_at(&self, c: Vector) -> Option<Cell> {
        match &self.at {
            CellIndex::Dense {
                origin,
                width,
                height,
                cells,
            } => {
                let x = c.0 as i64 - origin.0 as i64;
                let y = c.1 as i64 - origin.1 as i64;
                if x < 0 || y < 0 || x >= *width || y >= *height {
                    return None;
                }
                let cell = cells[(y * width + x) as usize];
                (cell != NO_CELL).then_some(cell as Cell)
            }
            CellIndex::Sorted(list) => list
                .binary_search_by(|(v, _)| v.cmp(&c))
                .ok()
                .map(|i| list[i].1),
        }
    }

    /// The (min, max) of the first and of the second coordinates.
    fn bounds(&self) -> ((i32, i32), (i32, i32)) {
        bounds_of(&self.coords)
    }
}

/// The (min, max) of the first and of the second coordinates ((0, 0) each
/// for no coordinates).
fn bounds_of(coords: &[Vector]) -> ((i32, i32), (i32, i32)) {
    let span = |f: fn(&Vector) -> i32| {
        let min = coords.iter().map(f).min().unwrap_or(0);
        (min, coords.iter().map(f).max().unwrap_or(0))
    };
    (span(|v| v.0), span(|v| v.1))
}

impl CellIndex {
    fn new(coords: &[Vector]) -> CellIndex {
        let ((x0, x1), (y0, y1)) = bounds_of(coords);
        let origin = (x0, y0);
        let width = x1 as i64 - x0 as i64 + 1;
        let height = y1 as i64 - y0 as i64 + 1;
        if width * height > DENSE_AREA {
            // (The checker refuses two cells at one place.)
            let mut list: Vec<(Vector, Cell)> =
                coords.iter().enumerate().map(|(i, &v)| (v, i)).collect();
            list.sort();
            return CellIndex::Sorted(list);
        }
        let mut cells = vec![NO_CELL; (width * height) as usize];
        for (i, v) in coords.iter().enumerate() {
            let x = v.0 as i64 - origin.0 as i64;
            let y = v.1 as i64 - origin.1 as i64;
            cells[(y * width + x) as usize] = i as u32;
        }
        CellIndex::Dense {
            origin,
            width,
            height,
            cells,
        }
    }
}

/// What one kind of board says about its geometry.
trait Lattice {
    fn grid(&self) -> &Grid;
    /// The name `variant check --dump model` shows.
    fn name(&self) -> &'static str;
    /// The smallest turn that maps the board's directions onto each other.
    fn rotation(&self) -> Mat;
    fn rotation_degrees(&self) -> i32;
    /// Left-right reflection (files).
    fn mirror(&self) -> Mat;
    /// Forward-backward reflection (ranks).
    fn flip(&self) -> Mat;
    /// How far a vector goes forward (> 0), backward (< 0) or sideways (0).
    fn forward(&self, v: Vector) -> i32;
    /// The unit step straight forward in the first player's frame.
    fn ahead(&self) -> Vector;
    /// How far a vector goes to the right.
    fn lateral(&self, v: Vector) -> i32 {
        v.0
    }
    /// The lattice's inner product: zero for perpendicular vectors.
    fn dot(&self, a: Vector, b: Vector) -> i32;
    fn colour_classes(&self) -> i32;
    fn colour_class(&self, c: Vector) -> i32;
    /// May a cell range run by this unit step? (Only the default `range`
    /// asks; by default none may.)
    fn range_step(&self, _step: Vector) -> bool {
        false
    }
    fn has_ranks_and_files(&self) -> bool;
    fn reads_betza(&self) -> bool;
    /// A cell's coordinates as the language writes them (the IR's).
    fn written(&self, cell: Cell) -> Vector {
        self.grid().coords[cell]
    }
    /// A cell's (file, rank) indices, on boards that have them (a round
    /// board's centre has none).
    fn rank_file(&self, cell: Cell) -> Option<Vector> {
        self.has_ranks_and_files().then(|| self.written(cell))
    }
    /// May a lattice point hold a cell? (Triangles use a third of them.)
    fn holds_cell(&self, _v: Vector) -> bool {
        true
    }
    /// The places a walk from `cell` starts at: its lattice point (a round
    /// board's centre lies on every radius, so it has one per sector).
    fn starts(&self, cell: Cell) -> Vec<Vector> {
        vec![self.grid().coords[cell]]
    }
    /// One step of a walk: the place `v` away from `at` and its cell.
    fn advance(&self, at: Vector, v: Vector) -> Option<(Vector, Cell)> {
        let p = (at.0 + v.0, at.1 + v.1);
        self.grid().cell_at(p).map(|c| (p, c))
    }
    /// Is every ride of one period of steps a translate of every other
    /// (so the runtime may share the reverse lines of one direction)?
    fn translation_invariant(&self) -> bool {
        true
    }
    /// The cell one `v` away from `cell`, if the board has one.
    fn step(&self, cell: Cell, v: Vector) -> Option<Cell> {
        self.advance(self.starts(cell)[0], v).map(|(_, c)| c)
    }
    /// `Topology::range`. By default the cells of one unit step repeated,
    /// where `range_step` allows that step.
    fn range(&self, a: Cell, b: Cell) -> Option<Vec<Option<Cell>>> {
        let (pa, pb) = (self.grid().coords[a], self.grid().coords[b]);
        let d = (pb.0 - pa.0, pb.1 - pa.1);
        // A range from a cell to itself names the cell twice.
        let n = gcd(d.0.abs(), d.1.abs()).max(1);
        let step = (d.0 / n, d.1 / n);
        if !self.range_step(step) {
            return None;
        }
        Some(
            (0..=n)
                .map(|i| self.step(a, (step.0 * i, step.1 * i)))
                .collect(),
        )
    }
    /// `Topology::sideways_line`. By default one unit step repeated,
    /// square to the frame's forward in the lattice's measure.
    fn sideways_line(&self, frame: &Mat, from: Cell, to: Cell) -> Option<Vec<Cell>> {
        let (a, b) = (self.grid().coords[from], self.grid().coords[to]);
        let d = (b.0 - a.0, b.1 - a.1);
        // The frame is orthogonal on the lattice, so test the image of the
        // player's forward direction against `d` through the lattice's measure.
        if self.dot(apply(frame, self.ahead()), d) != 0 || d == (0, 0) {
            return None;
        }
        let (step, n) = unit_and_count(d);
        (0..n)
            .map(|i| self.step(from, (step.0 * i, step.1 * i)))
            .collect()
    }
    /// Does a straight line of cells repeat one vector? Not on triangles,
    /// whose strips alternate two steps, nor on a round board's rings.
    fn lines_repeat_a_vector(&self) -> bool {
        true
    }
    /// The cell a mirrored setup puts a piece on, from the mirrored player's.
    fn flip_image(&self, cell: Cell) -> Option<Cell>;
    /// The cell a rotated setup puts a piece on.
    fn half_turn_image(&self, cell: Cell) -> Option<Cell>;
}

/// The board's topology.
#[derive(Clone, Debug)]
pub enum Topology {
    Square(Square),
    Hex(Hex),
    Triangle(Triangle),
    Round(Round),
}

impl Serialize for Topology {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.lattice().name())
    }
}

impl Topology {
    /// The topology of the board `geometry` describes, with cells at
    /// `coords`; `diagonal` (square boards) turns the players' frames to
    /// look along the cells' diagonal.
    pub fn new(geometry: &ir::Geometry, coords: Vec<Vector>, diagonal: bool) -> Topology {
        let grid = Grid::new(coords);
        match geometry {
            ir::Geometry::Square { .. } => Topology::Square(Square { grid, diagonal }),
            ir::Geometry::Hex { pointy } => Topology::Hex(Hex {
                grid,
                pointy: *pointy,
            }),
            ir::Geometry::Triangle { odd_up, .. } => {
                Topology::Triangle(Triangle::new(grid.coords, *odd_up))
            }
            ir::Geometry::Round { rings, sectors, .. } => {
                Topology::Round(Round::new(grid.coords, *rings as i32, *sectors as i32))
            }
        }
    }

    fn lattice(&self) -> &dyn Lattice {
        match self {
            Topology::Square(s) => s,
            Topology::Hex(h) => h,
            Topology::Triangle(t) => t,
            Topology::Round(r) => r,
        }
    }

    /// The cell one `direction` away from `cell`, if the board has one.
    pub fn step(&self, cell: Cell, direction: Vector) -> Option<Cell> {
        self.lattice().step(cell, direction)
    }

    /// The cells a leap by `v` from `cell` lands on (one, or none off the
    /// board; from a round board's centre one per radius), never `cell`.
    pub fn leap_targets(&self, cell: Cell, v: Vector) -> Vec<Cell> {
        let l = self.lattice();
        let mut out: Vec<Cell> = l
            .starts(cell)
            .into_iter()
            .filter_map(|at| l.advance(at, v).map(|(_, c)| c))
            .filter(|&c| c != cell)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The rides from `cell` repeating the period `steps`: each up to the
    /// edge of the board, or to just before it would come back to `cell`
    /// or to a cell it visited (a ring). Equal rides come once.
    pub fn rides(&self, cell: Cell, steps: &[Vector]) -> Vec<Vec<Cell>> {
        let l = self.lattice();
        let mut out: Vec<Vec<Cell>> = Vec::new();
        for start in l.starts(cell) {
            let mut line = Vec::new();
            let mut at = start;
            while let Some((next, c)) = l.advance(at, steps[line.len() % steps.len()]) {
                if c == cell || line.contains(&c) {
                    break;
                }
                line.push(c);
                at = next;
            }
            if !out.contains(&line) {
                out.push(line);
            }
        }
        out
    }

    /// The cells of a hook from `cell`: a step by `v` to the cell between,
    /// then by `w` (per start place), as (between, target) pairs.
    pub fn hook_targets(&self, cell: Cell, v: Vector, w: Vector) -> Vec<(Cell, Cell)> {
        let l = self.lattice();
        let mut out = Vec::new();
        for start in l.starts(cell) {
            let Some((at, via)) = l.advance(start, v) else {
                continue;
            };
            if let Some((_, to)) = l.advance(at, w) {
                if !out.contains(&(via, to)) {
                    out.push((via, to));
                }
            }
        }
        out
    }

    /// Is every ride of one period a translate of every other of it?
    pub fn translation_invariant(&self) -> bool {
        self.lattice().translation_invariant()
    }

    /// Every symmetry of the lattice that fixes a cell.
    fn symmetries(&self) -> Vec<Mat> {
        let l = self.lattice();
        group(&[l.rotation(), l.mirror()])
    }

    /// The images of `v` under the lattice's symmetries (just `v` with
    /// `exact`) that pass every filter, in the player's frame.
    pub fn orientations(&self, v: Vector, filters: &[Filter]) -> Vec<Vector> {
        self.path_orientations(&[v], filters)
            .into_iter()
            .map(|steps| steps[0])
            .collect()
    }

    /// The images of a sequence of steps (one period of a path; one step
    /// for a plain vector) under the lattice's symmetries, each symmetry
    /// applied to every step, that pass every filter. A filter judges the
    /// sum of the steps (a zig-zag that advances straight ahead is
    /// `forward` and `straight`).
    pub fn path_orientations(&self, steps: &[Vector], filters: &[Filter]) -> Vec<Vec<Vector>> {
        let lat = self.lattice();
        let mut base: Vec<Vec<Vector>> = if filters.contains(&Filter::Exact) {
            vec![steps.to_vec()]
        } else {
            let mut o: Vec<Vec<Vector>> = self
                .symmetries()
                .iter()
                .map(|s| steps.iter().map(|&v| apply(s, v)).collect())
                .collect();
            o.sort();
            o.dedup();
            o
        };
        // Filters intersect; unions (Betza `v`) come as separate atoms.
        base.retain(|seq| {
            let w = seq.iter().fold((0, 0), |a, v| (a.0 + v.0, a.1 + v.1));
            filters.iter().all(|f| match f {
                Filter::All | Filter::Exact => true,
                Filter::Forward => lat.forward(w) > 0,
                Filter::Backward => lat.forward(w) < 0,
                Filter::Sideways => lat.forward(w) == 0,
                Filter::Straight => lat.lateral(w) == 0,
                Filter::Oblique => lat.lateral(w) != 0,
                Filter::Vertical => lat.forward(w) != 0,
            })
        });
        base
    }

    /// A player's frame for `player P orientation O`; `None` for a turn
    /// that is not a symmetry of the lattice.
    pub fn frame(&self, o: &Orientation) -> Option<Mat> {
        let l = self.lattice();
        if let Topology::Round(r) = self {
            // Every player faces the centre: a turn about it moves his
            // pieces, not the meaning of his vectors.
            return match o {
                Orientation::Identity => Some(IDENTITY),
                Orientation::Mirror => Some(l.mirror()),
                Orientation::Flip => None,
                Orientation::Rotate(deg) => r.sectors_in(*deg).map(|_| IDENTITY),
            };
        }
        Some(match o {
            Orientation::Identity => IDENTITY,
            Orientation::Mirror => l.mirror(),
            Orientation::Flip => l.flip(),
            Orientation::Rotate(deg) => {
                let unit = l.rotation_degrees();
                if deg % unit != 0 {
                    return None;
                }
                let mut m = IDENTITY;
                for _ in 0..(deg.rem_euclid(360) / unit) {
                    m = mul(&l.rotation(), &m);
                }
                m
            }
        })
    }

    /// The degrees of the smallest turn between directions (hooks turn by
    /// multiples of it).
    pub fn rotation_degrees(&self) -> i32 {
        self.lattice().rotation_degrees()
    }

    /// `v` turned by `units` smallest turns (negative: the other way).
    pub fn turned(&self, v: Vector, units: i32) -> Vector {
        let l = self.lattice();
        let order = 360 / l.rotation_degrees();
        let mut w = v;
        for _ in 0..units.rem_euclid(order) {
            w = apply(&l.rotation(), w);
        }
        w
    }

    /// How many colours colour the board.
    pub fn colour_classes(&self) -> i32 {
        self.lattice().colour_classes()
    }

    /// The colour class of a cell, `0..colour_classes()`.
    pub fn colour_class(&self, cell: Cell) -> i32 {
        let l = self.lattice();
        l.colour_class(l.grid().coords[cell])
    }

    /// Do `rank` and `file` mean anything on this board?
    pub fn has_ranks_and_files(&self) -> bool {
        self.lattice().has_ranks_and_files()
    }

    /// A cell's rank (0 = first), on boards that have ranks.
    pub fn rank(&self, cell: Cell) -> Option<i32> {
        self.lattice().rank_file(cell).map(|c| c.1)
    }

    /// A cell's file (0 = first), on boards that have files.
    pub fn file(&self, cell: Cell) -> Option<i32> {
        self.lattice().rank_file(cell).map(|c| c.0)
    }

    /// Betza letters name square-lattice vectors.
    pub fn reads_betza(&self) -> bool {
        self.lattice().reads_betza()
    }

    /// The cells of a range `a..b`, both ends included: `None` if it does
    /// not run along a line of neighbouring cells, `None` items where the
    /// line leaves the board.
    pub fn range(&self, a: Cell, b: Cell) -> Option<Vec<Option<Cell>>> {
        self.lattice().range(a, b)
    }

    /// The cells from `from` up to, not including, `to`, when they lie on a
    /// line sideways to `frame`'s forward with no gap.
    pub fn sideways_line(&self, frame: &Mat, from: Cell, to: Cell) -> Option<Vec<Cell>> {
        self.lattice().sideways_line(frame, from, to)
    }

    /// The cells after `to` on the straight line from `from` through `to`,
    /// up to the edge of the board (a castling king passing its partner).
    pub fn cells_beyond(&self, from: Cell, to: Cell) -> Vec<Cell> {
        if !self.lattice().lines_repeat_a_vector() {
            return self
                .edge_lines(from)
                .into_iter()
                .find_map(|s| {
                    let k = s.iter().position(|&c| c == to)?;
                    Some(s[k + 1..].to_vec())
                })
                .unwrap_or_default();
        }
        let grid = self.lattice().grid();
        let (a, b) = (grid.coords[from], grid.coords[to]);
        let (unit, _) = unit_and_count((b.0 - a.0, b.1 - a.1));
        let mut out = Vec::new();
        let mut at = to;
        while let Some(next) = self.step(at, unit) {
            if next == from || unit == (0, 0) || out.contains(&next) {
                break;
            }
            out.push(next);
            at = next;
        }
        out
    }

    /// The edge directions: the unit steps to a cell sharing a side
    /// (on triangles half of them start from each cell).
    fn edge_steps(&self) -> Vec<Vector> {
        match self {
            Topology::Square(_) | Topology::Round(_) => vec![(1, 0), (0, 1), (-1, 0), (0, -1)],
            Topology::Hex(_) => Hex::edge_directions(),
            Topology::Triangle(_) => Triangle::edge_directions(),
        }
    }

    /// The edge steps that start from `cell`.
    fn edge_steps_from(&self, cell: Cell) -> Vec<Vector> {
        let l = self.lattice();
        let c = l.grid().coords[cell];
        self.edge_steps()
            .into_iter()
            .filter(|d| l.holds_cell((c.0 + d.0, c.1 + d.1)))
            .collect()
    }

    /// The straight lines of edge neighbours from `cell` (a rank or a file
    /// on squares, a strip on triangles), each up to the edge of the board
    /// or back at `cell`, without `cell`.
    pub fn edge_lines(&self, cell: Cell) -> Vec<Vec<Cell>> {
        if let Topology::Triangle(t) = self {
            return t.strips_from(cell);
        }
        let mut out: Vec<Vec<Cell>> = Vec::new();
        for d in self.edge_steps() {
            for line in self.rides(cell, &[d]) {
                if !line.is_empty() && !out.contains(&line) {
                    out.push(line);
                }
            }
        }
        out
    }

    /// How many of the cell's sides face no cell of the board (side cells
    /// are not on the board).
    pub fn free_sides(&self, cell: Cell, is_side: impl Fn(Cell) -> bool) -> usize {
        self.edge_steps_from(cell)
            .iter()
            .filter(|&&d| self.step(cell, d).is_none_or(&is_side))
            .count()
    }

    /// Where a player's orientation carries each cell of the first
    /// player's frame: the rotation by `o` about the centre of the cells
    /// at `centre` (their mean; empty: the board's own centre, for the
    /// half turn, or the orientations that need none). `None` where the
    /// orientation names no cell map (a turn other than 180 degrees with
    /// no centre); `Some(None)` entries are cells carried off the board.
    pub fn placement(&self, o: &Orientation, centre: &[Cell]) -> Option<Vec<Option<Cell>>> {
        let l = self.lattice();
        if let Topology::Round(r) = self {
            // Turns and reflections about the board's centre.
            let cells = 0..l.grid().coords.len();
            return match o {
                Orientation::Identity => Some(cells.map(Some).collect()),
                Orientation::Flip => Some(cells.map(|c| l.flip_image(c)).collect()),
                Orientation::Mirror => {
                    Some(cells.map(|c| r.reflected_cell(c, r.sectors / 2)).collect())
                }
                Orientation::Rotate(deg) => {
                    let k = r.sectors_in(*deg)?;
                    Some(cells.map(|c| r.turned_cell(c, k)).collect())
                }
            };
        }
        let grid = l.grid();
        let cells = 0..grid.coords.len();
        match o {
            Orientation::Identity if centre.is_empty() => Some(cells.map(Some).collect()),
            Orientation::Flip if centre.is_empty() => {
                Some(cells.map(|c| l.flip_image(c)).collect())
            }
            Orientation::Rotate(180) if centre.is_empty() => {
                Some(cells.map(|c| l.half_turn_image(c)).collect())
            }
            Orientation::Rotate(_) | Orientation::Identity if !centre.is_empty() => {
                let m = self.frame(o)?;
                let n = centre.len() as i32;
                let sum = centre.iter().fold((0, 0), |(x, y), &c| {
                    (x + grid.coords[c].0, y + grid.coords[c].1)
                });
                Some(
                    cells
                        .map(|c| {
                            let p = grid.coords[c];
                            let rel = (n * p.0 - sum.0, n * p.1 - sum.1);
                            let (x, y) = apply(&m, rel);
                            let (x, y) = (x + sum.0, y + sum.1);
                            (x % n == 0 && y % n == 0)
                                .then(|| grid.cell_at((x / n, y / n)))
                                .flatten()
                        })
                        .collect(),
                )
            }
            _ => None,
        }
    }

    /// Where a setup mirrored (`rotate` false) or rotated from another
    /// player's puts the piece that player has on `cell`.
    pub fn setup_image(&self, cell: Cell, rotate: bool) -> Option<Cell> {
        let l = self.lattice();
        if rotate {
            l.half_turn_image(cell)
        } else {
            l.flip_image(cell)
        }
    }
}
