//! Where each cell is drawn, from the IR's drawing hints: a row and a
//! column on a screen grid (the terminal board, `src/display.rs`), and a
//! true place in the plane, a centre and an outline (pictures,
//! `crate::picture`, and the web board).
//!
//! Everything a board kind says about its cells is in one function,
//! [`place`], one match arm per kind: the cell's grid place, its centre and
//! corners in the plane, and the rank and file labels it carries. A new
//! board kind (pointy-topped hexes, triangles, ring sectors) adds one arm
//! there; [`regular_polygon`] makes the outline of any regular cell.
//!
//! - Square boards: row 0 is the top rank, column `x` the file; side cells
//!   keep their own coordinates beside the grid. In the plane a cell is a
//!   unit square, rank 1 at the bottom; side cells stand a little apart
//!   from the board.
//! - Hexagonal boards (axial `q, r`), flat-topped: the
//!   row is the forward measure `2r + q` from the top, the column `2q`, so
//!   neighbours interleave. In the plane `(0, 1)` is one cell up and
//!   `(1, 0)` one cell up and to the right.
//! - Pointy-topped hexagonal boards: the row is `r` from the
//!   top, the column the doubled `2q + r`, so a row's cells stand two
//!   columns apart. In the plane `(1, 0)` is one cell to the right and
//!   `(0, 1)` one cell up and to the right.

use crate::ir::{GameIr, Geometry};

/// A point of the picture plane: `x` to the right, `y` down (as on a
/// screen), in units of the distance between the centres of two
/// edge-neighbouring cells.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }
}

/// A cell in the plane: its centre and its outline, the corners in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    pub centre: Point,
    pub corners: Vec<Point>,
}

impl Shape {
    /// The radius of the largest circle about the centre inside the
    /// outline: how large a piece may be drawn.
    pub fn inradius(&self) -> f64 {
        let n = self.corners.len();
        (0..n)
            .map(|i| {
                let (a, b) = (self.corners[i], self.corners[(i + 1) % n]);
                let (dx, dy) = (b.x - a.x, b.y - a.y);
                let length = (dx * dx + dy * dy).sqrt().max(1e-12);
                ((self.centre.x - a.x) * dy - (self.centre.y - a.y) * dx).abs() / length
            })
            .fold(f64::INFINITY, f64::min)
    }
}

/// A coordinate written beside the board (a rank number, a file letter).
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub text: String,
    pub at: Point,
}

/// What a board kind says about one cell.
struct Placed {
    /// Row and column on the screen grid, before the grid is moved so its
    /// smallest row and column are 0.
    grid: (i32, i32),
    shape: Shape,
    /// Rank or file labels this cell puts beside the board.
    labels: Vec<Label>,
    /// The labels around the board do not spell this cell's name, so a
    /// picture writes the name in the cell.
    named_in_cell: bool,
}

/// The outline of a regular polygon about `centre`, the first corner at
/// `first` degrees (counter-clockwise from the right, as seen on the
/// screen), the others following counter-clockwise.
pub fn regular_polygon(centre: Point, sides: usize, radius: f64, first: f64) -> Vec<Point> {
    (0..sides)
        .map(|i| {
            let angle = (first + 360.0 * i as f64 / sides as f64).to_radians();
            Point::new(
                centre.x + radius * angle.cos(),
                centre.y - radius * angle.sin(),
            )
        })
        .collect()
}

/// How far side cells of a square board stand from the board's edge.
const SIDE_GAP: f64 = 0.25;

/// The one place that knows the board kinds: a cell's grid place, shape
/// and labels from its lattice coordinates.
fn place(ir: &GameIr, cell: usize) -> Placed {
    let info = &ir.cells[cell];
    let (a, b) = info.coord;
    match &ir.geometry {
        Geometry::Square {
            width,
            height,
            files,
        } => {
            let (w, h) = (*width as i32, *height as i32);
            // Cells outside the grid (side cells) stand a little apart.
            let apart = |v: i32, size: i32| match v {
                v if v >= size => SIDE_GAP,
                v if v < 0 => -SIDE_GAP,
                _ => 0.0,
            };
            let x = a as f64 + apart(a, w);
            let top = (h - 1 - b) as f64 - apart(b, h);
            let corners = vec![
                Point::new(x, top),
                Point::new(x + 1.0, top),
                Point::new(x + 1.0, top + 1.0),
                Point::new(x, top + 1.0),
            ];
            let on_board = (0..w).contains(&a) && (0..h).contains(&b) && !info.side;
            let mut labels = Vec::new();
            if on_board && a == 0 {
                // The rank: the name without its file (a10 -> 10).
                let file = files.get(a as usize).map_or("", String::as_str);
                let rank = info.name.strip_prefix(file).unwrap_or(&info.name);
                labels.push(Label {
                    text: rank.to_string(),
                    at: Point::new(x - 0.3, top + 0.5),
                });
            }
            if on_board && b == 0 {
                if let Some(file) = files.get(a as usize) {
                    labels.push(Label {
                        text: file.clone(),
                        at: Point::new(x + 0.5, top + 1.3),
                    });
                }
            }
            Placed {
                grid: (h - 1 - b, a),
                shape: Shape {
                    centre: Point::new(x + 0.5, top + 0.5),
                    corners,
                },
                labels,
                named_in_cell: !on_board,
            }
        }
        Geometry::Hex { pointy: true } => {
            // Pointy-topped: (1, 0) is to the right, (0, 1) up and to the right.
            let (q, r) = (a as f64, b as f64);
            let centre = Point::new(q + r / 2.0, -r * 3f64.sqrt() / 2.0);
            Placed {
                grid: (-b, 2 * a + b),
                shape: Shape {
                    centre,
                    corners: regular_polygon(centre, 6, 1.0 / 3f64.sqrt(), 30.0),
                },
                labels: Vec::new(),
                named_in_cell: true,
            }
        }
        Geometry::Hex { pointy: false } => {
            // Flat-topped: (1, 0) is up and to the right, (0, 1) straight up.
            let (q, r) = (a as f64, b as f64);
            let centre = Point::new(q * 3f64.sqrt() / 2.0, -(r + q / 2.0));
            Placed {
                grid: (-(2 * b + a), 2 * a),
                shape: Shape {
                    centre,
                    corners: regular_polygon(centre, 6, 1.0 / 3f64.sqrt(), 0.0),
                },
                labels: Vec::new(),
                named_in_cell: true,
            }
        }
    }
}

/// Every cell's place on the screen grid and in the plane.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub rows: usize,
    pub cols: usize,
    /// Per cell: (row, column).
    pub place: Vec<(usize, usize)>,
    /// Per cell: its centre and outline in the plane.
    pub shapes: Vec<Shape>,
    /// Per cell: the picture writes its name inside it (no rank and file
    /// labels around the board spell it).
    pub named_in_cell: Vec<bool>,
    /// Rank and file labels beside the board, in cell order.
    pub labels: Vec<Label>,
    /// Per `row * cols + col`: the cell drawn there.
    grid: Vec<Option<usize>>,
}

impl Layout {
    pub fn of(ir: &GameIr) -> Layout {
        let placed: Vec<Placed> = (0..ir.cells.len()).map(|c| place(ir, c)).collect();
        // The grid starts at the smallest row and column (on square boards
        // the top rank and file a, unless side cells stand above or left).
        let row0 = placed.iter().map(|p| p.grid.0).min().unwrap_or(0);
        let col0 = placed.iter().map(|p| p.grid.1).min().unwrap_or(0);
        let place: Vec<(usize, usize)> = placed
            .iter()
            .map(|p| {
                let (r, c) = p.grid;
                ((r - row0) as usize, (c - col0) as usize)
            })
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
        let mut shapes = Vec::with_capacity(placed.len());
        let mut named_in_cell = Vec::with_capacity(placed.len());
        let mut labels = Vec::new();
        for p in placed {
            shapes.push(p.shape);
            named_in_cell.push(p.named_in_cell);
            labels.extend(p.labels);
        }
        Layout {
            rows,
            cols,
            place,
            shapes,
            named_in_cell,
            labels,
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

    /// The smallest rectangle holding every cell: (left, top, right, bottom).
    pub fn bounds(&self) -> (f64, f64, f64, f64) {
        let mut b = (
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        );
        for p in self.shapes.iter().flat_map(|s| &s.corners) {
            b = (b.0.min(p.x), b.1.min(p.y), b.2.max(p.x), b.3.max(p.y));
        }
        if b.0 > b.2 {
            (0.0, 0.0, 0.0, 0.0)
        } else {
            b
        }
    }
}
