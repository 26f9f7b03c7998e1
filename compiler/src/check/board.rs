//! The board: `game` and `board`, their cells and side cells; the empty model the other passes fill.

use super::{board_span, Checker};
use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use crate::model::Model;
use crate::topology::{unit_and_count, Hex, Topology};
use runtime::ir;
use runtime::limits::{MAX_CELLS, MAX_CELL_NAME, MAX_FILES, MAX_RANKS, ROUND_RINGS, ROUND_SECTORS};
use std::collections::{HashMap, HashSet};

impl Checker {
    /// The game's name and its one board; `None` for a library file or a game without a board.
    pub(super) fn game_and_board<'s>(&mut self, stmts: &'s [Stmt]) -> Option<(String, &'s Board)> {
        let mut name = String::from("unnamed game");
        let mut game_name: Option<&Name> = None;
        let mut board: Option<&Board> = None;
        for s in stmts {
            match s {
                Stmt::Game(n) => {
                    if let Some(first) = &game_name {
                        let first: &Name = first;
                        self.error(
                            Diagnostic::error(Code::DuplicateDefinition, "the game is named twice", n.span, "second name")
                                .with_secondary(first.span, "first name here")
                                .with_hint("a file (with its imports) defines one game; keep one `game` statement"),
                        );
                    } else {
                        game_name = Some(n);
                        name = n.text.clone();
                    }
                }
                Stmt::Board(b) => {
                    if let Some(prev) = board {
                        let (ps, ns) = (board_span(prev), board_span(b));
                        self.error(
                            Diagnostic::error(
                                Code::DuplicateDefinition,
                                "the board is defined twice",
                                ns,
                                "second board",
                            )
                            .with_secondary(ps, "first board here")
                            .with_hint("a game has one board; remove one of them"),
                        );
                    } else {
                        board = Some(b);
                    }
                }
                _ => {}
            }
        }
        let Some(board) = board else {
            // A file with neither `game` nor `board` is a library of
            // definitions for others to import: nothing to build, no error.
            game_name?;
            self.error(
                Diagnostic::error(
                    Code::MissingStatement,
                    "the game has no board",
                    Span::default(),
                    "no `board` statement in this file",
                )
                .with_hint("add e.g. `board square 8 x 8`"),
            );
            return None;
        };
        Some((name, board))
    }

    /// The model of an empty board: its cells, side cells included.
    pub(super) fn board_model(
        &mut self,
        name: String,
        board: &Board,
        stmts: &[Stmt],
    ) -> Option<Model> {
        let (geometry, mut cells) = self.board(board)?;
        // Names and coordinates taken so far, looked up by hash: a linear
        // search per side cell made many of them quadratic.
        let mut names: HashSet<String> = cells.iter().map(|c| c.name.clone()).collect();
        let mut coords: HashSet<(i32, i32)> = cells.iter().map(|c| c.coord).collect();
        for s in stmts {
            if let Stmt::SideCell { name, at, span } = s {
                if cells.len() >= MAX_CELLS {
                    self.error(
                        Diagnostic::error(
                            Code::UnsupportedBoard,
                            format!("side cell {} is one cell too many", name.text),
                            *span,
                            format!(
                                "the board and its side cells have more than {MAX_CELLS} cells"
                            ),
                        )
                        .with_hint(format!(
                            "a game has at most {MAX_CELLS} cells, side cells included"
                        )),
                    );
                    break;
                }
                if name.text.len() > MAX_CELL_NAME {
                    self.error(long_cell_name(&name.text, *span));
                    continue;
                }
                if names.contains(&name.text) || coords.contains(at) {
                    self.error(
                        Diagnostic::error(
                            Code::DuplicateDefinition,
                            format!("side cell {} overlaps a cell of the board", name.text),
                            *span,
                            "already a cell",
                        )
                        .with_hint("give the side cell a new name and coordinates off the board"),
                    );
                    continue;
                }
                names.insert(name.text.clone());
                coords.insert(*at);
                cells.push(ir::CellInfo {
                    name: name.text.clone(),
                    coord: *at,
                    side: true,
                });
            }
        }
        let diagonal = matches!(board, Board::Square { diagonal: true, .. });
        let topology = Topology::new(&geometry, cells.iter().map(|c| c.coord).collect(), diagonal);
        let cell_named: HashMap<String, usize> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| (c.name.clone(), i))
            .collect();
        Some(Model {
            name,
            topology,
            geometry,
            cells,
            board_span: board_span(board),
            cell_named,
            players: Vec::new(),
            regions: Vec::new(),
            region_named: HashMap::new(),
            pieces: Vec::new(),
            promotions: Vec::new(),
            castlings: Vec::new(),
            setup: Vec::new(),
            setup_spans: Vec::new(),
            setup_placement_spans: Vec::new(),
            to_move: 0,
            end: super::end::default_end_rules(),
            insufficient: Vec::new(),
            claims: Vec::new(),
            swaps: Vec::new(),
            arrivals: Vec::new(),
            marks: Vec::new(),
            colours: Vec::new(),
            clock_seconds: None,
            agreements: Vec::new(),
            forbidden: Vec::new(),
            winning_arrivals: Vec::new(),
            teams: Vec::new(),
            en_passant_until_owner_moves: false,
            capture_forced: false,
            check_forbidden: false,
            checker_captures_only: Vec::new(),
            promotion_limits: Vec::new(),
            facing: None,
            first_move_lost: Vec::new(),
            hands: None,
            royal_while_last: Vec::new(),
            in_place_promotions: Vec::new(),
            check_all_royals: false,
            explosions: Default::default(),
            barred_screens: Vec::new(),
            pass_moves: false,
            material_count: None,
            wall: None,
        })
    }

    /// The cells `except { ... }` takes off a square board (names, ranges).
    fn board_holes(&mut self, cells: &[ir::CellInfo], holes: &[CellItem]) -> HashSet<(i32, i32)> {
        let at: HashMap<&str, (i32, i32)> =
            cells.iter().map(|c| (c.name.as_str(), c.coord)).collect();
        let mut gone = HashSet::new();
        for item in holes {
            match item {
                CellItem::One(n) => match at.get(n.text.as_str()) {
                    Some(&c) => {
                        gone.insert(c);
                    }
                    None => self.cell_off_board(n),
                },
                CellItem::Range(a, b, span) => {
                    let (Some(&ca), Some(&cb)) = (at.get(a.text.as_str()), at.get(b.text.as_str()))
                    else {
                        for n in [a, b] {
                            if !at.contains_key(n.text.as_str()) {
                                self.cell_off_board(n);
                            }
                        }
                        continue;
                    };
                    let (dx, dy) = (cb.0 - ca.0, cb.1 - ca.1);
                    if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
                        self.error(
                            Diagnostic::error(Code::RangeNotALine, format!("{}..{} is not a straight line of neighbouring cells", a.text, b.text), *span, "not a line")
                                .with_hint("a range runs along a rank, a file or a diagonal; list other cells one by one"),
                        );
                        continue;
                    }
                    let n = dx.abs().max(dy.abs());
                    for i in 0..=n {
                        gone.insert((ca.0 + dx.signum() * i, ca.1 + dy.signum() * i));
                    }
                }
            }
        }
        gone
    }

    /// The file labels of a board `width` columns wide: `files` split into
    /// letters (or words, if it has spaces), checked; by default a, b, c, ...
    fn file_labels(&mut self, files: Option<&Name>, width: i32) -> Option<Vec<String>> {
        let labels: Vec<String> = match files {
            Some(f) => {
                let l: Vec<String> = if f.text.contains(' ') {
                    f.text.split_whitespace().map(String::from).collect()
                } else {
                    f.text.chars().map(String::from).collect()
                };
                if l.len() != width as usize {
                    self.error(
                        Diagnostic::error(
                            Code::UnsupportedBoard,
                            format!("{} file labels for a board {width} wide", l.len()),
                            f.span,
                            "file labels",
                        )
                        .with_hint("give one label per file, e.g. \"abcdefghik\""),
                    );
                    return None;
                }
                // Cell names are a label and a rank number, and the
                // language writes them as letters then digits: a
                // label with other characters names cells no
                // statement can write, and two equal labels give two
                // cells one name (moves read `a1a1`).
                if let Some(bad) = l
                    .iter()
                    .find(|x| !x.chars().all(|c| c.is_ascii_alphabetic() || c == '_'))
                {
                    self.error(
                        Diagnostic::error(
                            Code::UnsupportedBoard,
                            format!("file label `{bad}` is not written in Latin letters"),
                            f.span,
                            "file labels",
                        )
                        .with_hint("cell names are letters then the rank number (e1, k10): label the files with letters"),
                    );
                    return None;
                }
                let mut seen = HashSet::new();
                // Moves are read ignoring case, so `a` and `A` clash too.
                if let Some(twice) = l.iter().find(|x| !seen.insert(x.to_ascii_lowercase())) {
                    self.error(
                        Diagnostic::error(
                            Code::DuplicateDefinition,
                            format!("file label `{twice}` names two files"),
                            f.span,
                            "file labels",
                        )
                        .with_hint("give every file its own label, e.g. \"abcdefghik\""),
                    );
                    return None;
                }
                l
            }
            None => (0..width)
                .map(|i| ((b'a' + i as u8) as char).to_string())
                .collect(),
        };
        Some(labels)
    }

    /// Takes the `except { ... }` cells off the board; `None` (an error) if none is left.
    fn cut_holes(
        &mut self,
        cells: &mut Vec<ir::CellInfo>,
        holes: &[CellItem],
        span: Span,
    ) -> Option<()> {
        if holes.is_empty() {
            return Some(());
        }
        let gone = self.board_holes(cells, holes);
        cells.retain(|c| !gone.contains(&c.coord));
        if cells.is_empty() {
            self.error(
                Diagnostic::error(
                    Code::UnsupportedBoard,
                    "the board has no cells left",
                    span,
                    "every cell is excepted",
                )
                .with_hint("`except { ... }` lists the cells of the board that are not on it"),
            );
            return None;
        }
        Some(())
    }

    pub(super) fn board(&mut self, b: &Board) -> Option<(ir::Geometry, Vec<ir::CellInfo>)> {
        let span = match b {
            Board::Square { span, .. }
            | Board::Hex { span, .. }
            | Board::Round { span, .. }
            | Board::Triangle { span, .. } => *span,
        };
        let (geometry, cells) = self.board_cells(b)?;
        // The runtime names cells in at most MAX_CELL_NAME bytes (long file
        // labels or line names make long cell names).
        if let Some(long) = cells.iter().find(|c| c.name.len() > MAX_CELL_NAME) {
            self.error(long_cell_name(&long.name, span));
            return None;
        }
        Some((geometry, cells))
    }

    fn board_cells(&mut self, b: &Board) -> Option<(ir::Geometry, Vec<ir::CellInfo>)> {
        match b {
            Board::Square {
                width,
                height,
                files,
                holes,
                span,
                ..
            } => self.square_board(*width, *height, files.as_ref(), holes, *span),
            Board::Hex {
                lines,
                pointy,
                span,
            } => self.hex_board(lines, *pointy, *span),
            Board::Round {
                rings,
                sectors,
                files,
                span,
            } => self.round_board(*rings, *sectors, files.as_ref(), *span),
            Board::Triangle {
                shape,
                files,
                holes,
                span,
            } => self.triangle_board(*shape, files.as_ref(), holes, *span),
        }
    }

    /// A `width` x `height` rectangle less its holes, files lettered.
    fn square_board(
        &mut self,
        width: i32,
        height: i32,
        files: Option<&Name>,
        holes: &[CellItem],
        span: Span,
    ) -> Option<(ir::Geometry, Vec<ir::CellInfo>)> {
        if !(1..=MAX_FILES as i32).contains(&width)
            || !(1..=MAX_RANKS as i32).contains(&height)
            || width * height > MAX_CELLS as i32
        {
            self.error(
                Diagnostic::error(
                    Code::UnsupportedBoard,
                    format!("a {width} x {height} board is not supported"),
                    span,
                    "board size",
                )
                .with_hint(format!(
                    "width 1..{MAX_FILES}, height 1..{MAX_RANKS}, at most {MAX_CELLS} cells"
                )),
            );
            return None;
        }
        let labels = self.file_labels(files, width)?;
        let mut cells = Vec::new();
        for y in 0..height {
            for x in 0..width {
                cells.push(ir::CellInfo {
                    name: format!("{}{}", labels[x as usize], y + 1),
                    coord: (x, y),
                    side: false,
                });
            }
        }
        self.cut_holes(&mut cells, holes, span)?;
        Some((
            ir::Geometry::Square {
                width: width as u16,
                height: height as u16,
                files: labels,
            },
            cells,
        ))
    }

    /// A hex board: the cells of its lines, each cell defined once.
    fn hex_board(
        &mut self,
        lines: &[HexLine],
        pointy: bool,
        span: Span,
    ) -> Option<(ir::Geometry, Vec<ir::CellInfo>)> {
        let mut cells: Vec<ir::CellInfo> = Vec::new();
        let mut names: HashSet<String> = HashSet::new();
        let mut coords: HashSet<(i32, i32)> = HashSet::new();
        for line in lines {
            // Past the limit the board is refused below; building
            // more cells (each line may have 2,000) is wasted work.
            if cells.len() > MAX_CELLS {
                break;
            }
            self.hex_line_cells(line, &mut cells, &mut names, &mut coords);
        }
        if cells.is_empty() || cells.len() > MAX_CELLS {
            self.error(
                Diagnostic::error(
                    Code::UnsupportedBoard,
                    if cells.len() > MAX_CELLS {
                        format!("a hex board of more than {MAX_CELLS} cells")
                    } else {
                        format!("a hex board of {} cells", cells.len())
                    },
                    span,
                    "board",
                )
                .with_hint(format!("1..={} cells", MAX_CELLS)),
            );
            return None;
        }
        Some((ir::Geometry::Hex { pointy }, cells))
    }

    /// Adds the cells of one hex line (along an edge direction, numbered
    /// from 0 up), reporting a cell an earlier line already defined.
    fn hex_line_cells(
        &mut self,
        line: &HexLine,
        cells: &mut Vec<ir::CellInfo>,
        names: &mut HashSet<String>,
        coords: &mut HashSet<(i32, i32)>,
    ) {
        let d = (line.to.0 - line.from.0, line.to.1 - line.from.1);
        let (step, n) = unit_and_count(d);
        if n > 0 && !Hex::edge_directions().contains(&step) {
            self.error(
                Diagnostic::error(
                    Code::UnsupportedBoard,
                    "a hex line must run along an edge direction",
                    line.span,
                    "not a row of neighbouring cells",
                )
                .with_hint("from and to must differ by a multiple of (1,0), (0,1) or (1,-1)"),
            );
            return;
        }
        let (first, number_step) = line.numbered;
        let last = number_step
            .checked_mul(n)
            .and_then(|d| first.checked_add(d));
        if first < 0 || last.is_none_or(|l| l < 0) {
            self.error(
                Diagnostic::error(
                    Code::UnsupportedBoard,
                    format!("line {} numbers its cells below 0 or beyond {}", line.name.text, i32::MAX),
                    line.span,
                    "numbering",
                )
                .with_hint("cell numbers are 0 or more: `numbered FIRST step STEP` with every number in range"),
            );
            return;
        }
        for i in 0..=n {
            let coord = (line.from.0 + step.0 * i, line.from.1 + step.1 * i);
            let name = format!("{}{}", line.name.text, first + number_step * i);
            if coords.contains(&coord) || names.contains(&name) {
                self.error(Diagnostic::error(
                    Code::DuplicateDefinition,
                    format!("cell {name} at {coord:?} is defined twice"),
                    line.span,
                    "overlaps an earlier line",
                ));
                continue;
            }
            coords.insert(coord);
            names.insert(name.clone());
            cells.push(ir::CellInfo {
                name,
                coord,
                side: false,
            });
        }
    }

    /// Rings of sectors about a centre cell `z0`.
    fn round_board(
        &mut self,
        rings: i32,
        sectors: i32,
        files: Option<&Name>,
        span: Span,
    ) -> Option<(ir::Geometry, Vec<ir::CellInfo>)> {
        // Sectors come in pairs (a radius goes on through the
        // centre as the other half of its diameter); at most 24, so
        // the centre's file z stays free.
        let within = |n: i32, range: &std::ops::RangeInclusive<u16>| {
            u16::try_from(n).is_ok_and(|n| range.contains(&n))
        };
        if !within(rings, &ROUND_RINGS)
            || !within(sectors, &ROUND_SECTORS)
            || sectors % 2 != 0
            || (rings * sectors) as usize >= MAX_CELLS
        {
            self.error(
                Diagnostic::error(
                    Code::UnsupportedBoard,
                    format!(
                        "a round board of {rings} rings and {sectors} sectors is not supported"
                    ),
                    span,
                    "board size",
                )
                .with_hint(format!(
                    "{}..{} rings and an even number of sectors, {}..{}, at most {MAX_CELLS} cells with the centre",
                    ROUND_RINGS.start(),
                    ROUND_RINGS.end(),
                    ROUND_SECTORS.start(),
                    ROUND_SECTORS.end()
                )),
            );
            return None;
        }
        let labels = self.file_labels(files, sectors)?;
        let mut cells = Vec::new();
        for k in 0..rings {
            for (s, label) in labels.iter().enumerate() {
                cells.push(ir::CellInfo {
                    name: format!("{label}{}", k + 1),
                    coord: (s as i32, k),
                    side: false,
                });
            }
        }
        cells.push(ir::CellInfo {
            name: "z0".into(),
            coord: (0, rings),
            side: false,
        });
        Some((
            ir::Geometry::Round {
                rings: rings as u16,
                sectors: sectors as u16,
                files: labels,
            },
            cells,
        ))
    }

    /// Triangular cells in rows of the shape's outline, less the holes.
    fn triangle_board(
        &mut self,
        shape: TriangleShape,
        files: Option<&Name>,
        holes: &[CellItem],
        span: Span,
    ) -> Option<(ir::Geometry, Vec<ir::CellInfo>)> {
        // The number of rows is bounded before any row is built: a shape's
        // size comes from the file (`board triangle 1000000000`).
        let row_count = triangle_row_count(shape);
        let (rows, odd_up) = if (1..=MAX_RANKS as i64).contains(&row_count) {
            triangle_rows(shape)
        } else {
            (Vec::new(), false)
        };
        let width = rows.iter().map(|r| r.1 + 1).max().unwrap_or(0);
        let count: i64 = rows.iter().map(|r| (r.1 - r.0 + 1).max(0) as i64).sum();
        if rows.is_empty()
            || !(1..=MAX_FILES as i32).contains(&width)
            || rows.len() > MAX_RANKS
            || rows.iter().any(|r| r.1 < r.0)
            || count > MAX_CELLS as i64
        {
            self.error(
                Diagnostic::error(
                    Code::UnsupportedBoard,
                    if rows.is_empty() {
                        format!("a triangular board of {row_count} rows is not supported")
                    } else {
                        format!("a triangular board {width} cells wide with {row_count} rows is not supported")
                    },
                    span,
                    "board size",
                )
                .with_hint(format!(
                    "1..{MAX_FILES} columns, 1..{MAX_RANKS} rows, at most {MAX_CELLS} cells (a triangle of side 1..13, a hexagon of side 1..6)"
                )),
            );
            return None;
        }
        let labels = self.file_labels(files, width)?;
        let mut cells = Vec::new();
        for (y, &(x0, x1)) in rows.iter().enumerate() {
            for x in x0..=x1 {
                cells.push(ir::CellInfo {
                    name: format!("{}{}", labels[x as usize], y + 1),
                    coord: (x, y as i32),
                    side: false,
                });
            }
        }
        self.cut_holes(&mut cells, holes, span)?;
        Some((
            ir::Geometry::Triangle {
                odd_up,
                files: labels,
            },
            cells,
        ))
    }
}

/// A cell name longer than the runtime takes (E017).
fn long_cell_name(name: &str, span: Span) -> Diagnostic {
    let shown: String = name.chars().take(24).collect();
    Diagnostic::error(
        Code::UnsupportedBoard,
        format!(
            "cell name `{shown}...` is {} bytes long, more than {MAX_CELL_NAME}",
            name.len()
        ),
        span,
        "names this cell",
    )
    .with_hint(format!(
        "a cell's name is at most {MAX_CELL_NAME} bytes: shorten the file labels or line names"
    ))
}

/// How many rows a triangular board's shape has, computed without
/// overflow for any size the file may give.
fn triangle_row_count(shape: TriangleShape) -> i64 {
    match shape {
        TriangleShape::Big { side, .. } => side as i64,
        TriangleShape::Hexagon { side } => 2 * side as i64,
        TriangleShape::Rows { height, .. } => height as i64,
    }
}

/// Each row's first and last column of a triangular board, from the
/// bottom row up, and whether cells with x + y odd point up.
fn triangle_rows(shape: TriangleShape) -> (Vec<(i32, i32)>, bool) {
    match shape {
        TriangleShape::Big {
            side,
            point_down: false,
        } => ((0..side).map(|y| (y, 2 * side - 2 - y)).collect(), false),
        // The bottom cell (side - 1, 0) points down.
        TriangleShape::Big {
            side,
            point_down: true,
        } => (
            (0..side).map(|y| (side - 1 - y, side - 1 + y)).collect(),
            side % 2 == 1,
        ),
        // The bottom row's first cell (side - 1, 0) points down.
        TriangleShape::Hexagon { side } => (
            (0..2 * side)
                .map(|y| {
                    let d = if y < side { y } else { 2 * side - 1 - y };
                    (side - 1 - d, 3 * side - 1 + d)
                })
                .collect(),
            side % 2 == 1,
        ),
        TriangleShape::Rows { width, height } => {
            ((0..height).map(|_| (0, width - 1)).collect(), false)
        }
    }
}
