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
//! - Triangular boards: the row is `y` from the top, the column `x`; in
//!   the plane a cell is an equilateral triangle pointing up or down.
//! - Round boards: a row per ring, rank 1 (the rim) at the bottom, a
//!   column per sector, and the centre alone in the top row, one column
//!   past the last sector (file z). In the plane a ring is a polygon of
//!   one side per sector and a cell a quadrilateral of it, sector a
//!   starting on the left and the sectors running counter-clockwise.
//! - Pointy-topped hexagonal boards: the row is `r` from the
//!   top, the column the doubled `2q + r`, so a row's cells stand two
//!   columns apart. In the plane `(1, 0)` is one cell to the right and
//!   `(0, 1)` one cell up and to the right.
//!
//! On the screen grid, empty stretches of rows or columns longer than
//! `MAX_GAP` are shrunk to it (a side cell far from the board, or a crafted
//! IR's distant cell, is drawn `MAX_GAP` columns off), so the grid has at
//! most `MAX_GAP` rows and columns per cell and drawing it costs work in
//! proportion to the cells, never to the coordinates' box. The grid is
//! sparse: each row lists its cells by column.

use crate::ir::{GameIr, Geometry};

/// The most empty rows or columns kept between two used ones.
pub const MAX_GAP: usize = 3;

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
        Geometry::Triangle { .. } => {
            // Column x, row y from the bottom; sides of length sqrt(3), so
            // edge neighbours' centres stand 1 apart.
            let up = ir.geometry.points_up((a, b)) == Some(true);
            let height = 1.5;
            let lift = if up { 1.0 / 3.0 } else { 2.0 / 3.0 };
            let centre = Point::new(a as f64 * 3f64.sqrt() / 2.0, -(b as f64 + lift) * height);
            Placed {
                grid: (-b, a),
                shape: Shape {
                    centre,
                    corners: regular_polygon(centre, 3, 1.0, if up { 90.0 } else { 270.0 }),
                },
                labels: Vec::new(),
                named_in_cell: true,
            }
        }
        Geometry::Round { rings, sectors, .. } => {
            let (rings, sectors) = (*rings as i32, *sectors as i32);
            if b >= rings {
                // The centre: above the innermost ring, in file z's column
                // (one past the last sector).
                let centre = Point::new(0.0, 0.0);
                return Placed {
                    grid: (-rings, sectors),
                    shape: Shape {
                        centre,
                        corners: regular_polygon(centre, sectors as usize, 0.5, 180.0),
                    },
                    labels: Vec::new(),
                    named_in_cell: true,
                };
            }
            // Sector a starts on the left and the sectors run
            // counter-clockwise, so the first half is the lower one; ring
            // k from the rim is the band 0.5 wide either side of radius
            // rings - k.
            let unit = 360.0 / sectors as f64;
            let (from, to) = (180.0 + a as f64 * unit, 180.0 + (a + 1) as f64 * unit);
            let d = (rings - b) as f64;
            let at = |radius: f64, degrees: f64| {
                let r = degrees.to_radians();
                Point::new(radius * r.cos(), -radius * r.sin())
            };
            // Straight edges between the sector's corners: the rings are
            // polygons of `sectors` sides, so neighbouring cells share
            // their edges exactly and every cell is convex.
            let corners = vec![
                at(d + 0.5, from),
                at(d + 0.5, to),
                at(d - 0.5, to),
                at(d - 0.5, from),
            ];
            Placed {
                grid: (-b, a),
                shape: Shape {
                    centre: at(d, (from + to) / 2.0),
                    corners,
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
        let placed: Vec<Placed> = (0..ir.cells.len()).map(|c| place(ir, c)).collect();
        // Square grids keep file a at column 0 and the top rank at row 0.
        let (keep_rows, keep_cols) = match &ir.geometry {
            Geometry::Square { width, height, .. } => (Some(*height as i32), Some(*width as i32)),
            Geometry::Hex { .. } | Geometry::Triangle { .. } | Geometry::Round { .. } => {
                (None, None)
            }
        };
        let rows_of: Vec<i32> = placed.iter().map(|p| p.grid.0).collect();
        let cols_of: Vec<i32> = placed.iter().map(|p| p.grid.1).collect();
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
