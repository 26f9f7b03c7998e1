//! Board statements: the board's shape (square, hex, round, triangle), side
//! cells off the board, regions, the colouring of the cells and the marks
//! pictures draw.

use super::{sole_part, split_last, unexpected, Builder, Parts, Rule, P};
use crate::ast::*;
use crate::diag::Diagnostic;

impl Builder<'_> {
    /// `board square 8 x 8`, `board hex { ... }`, `board round 4 x 16`,
    /// `board triangle ...`.
    pub(super) fn board(&self, p: P) -> Result<Stmt, Diagnostic> {
        let shape = sole_part(p);
        let board = match shape.as_rule() {
            Rule::square_board => self.square_board(shape)?,
            Rule::hex_board => self.hex_board(shape)?,
            Rule::round_board => self.round_board(shape)?,
            Rule::triangle_board => self.triangle_board(shape)?,
            _ => unexpected(Rule::board_stmt, &shape),
        };
        Ok(Stmt::Board(board))
    }

    /// `square W x H [files "..."] [diagonal] [except { cells }]`.
    fn square_board(&self, b: P) -> Result<Board, Diagnostic> {
        let span = self.span(&b);
        let mut parts = Parts::of(b);
        let width = self.int(&parts.required())?;
        let height = self.int(&parts.required())?;
        let mut files = None;
        let mut holes = Vec::new();
        let mut diagonal = false;
        for part in parts {
            match part.as_rule() {
                Rule::string => files = Some(self.string(&part)),
                Rule::diagonal_k => diagonal = true,
                Rule::cell_list => holes = self.cell_list(part),
                _ => unexpected(Rule::square_board, &part),
            }
        }
        Ok(Board::Square {
            width,
            height,
            files,
            holes,
            diagonal,
            span,
        })
    }

    /// `hex [pointy-top] { line NAME: (x,y) .. (x,y) [numbered N [step S]] ... }`.
    fn hex_board(&self, b: P) -> Result<Board, Diagnostic> {
        let span = self.span(&b);
        let mut lines = Vec::new();
        let mut pointy = false;
        for part in Parts::of(b) {
            match part.as_rule() {
                Rule::pointy_top => pointy = true,
                Rule::hex_line => lines.push(self.hex_line(part)?),
                _ => unexpected(Rule::hex_board, &part),
            }
        }
        Ok(Board::Hex {
            lines,
            pointy,
            span,
        })
    }

    fn hex_line(&self, line: P) -> Result<HexLine, Diagnostic> {
        let span = self.span(&line);
        let mut parts = Parts::of(line);
        let name = self.name(&parts.required());
        let from = self.vector(parts.required())?;
        let to = self.vector(parts.required())?;
        let numbered = match parts.next() {
            Some(numbering) => {
                let mut numbers = Parts::of(numbering);
                let first = self.int(&numbers.required())?;
                let step = match numbers.next() {
                    Some(s) => self.int(&s)?,
                    None => 1,
                };
                (first, step)
            }
            None => (1, 1),
        };
        Ok(HexLine {
            name,
            from,
            to,
            numbered,
            span,
        })
    }

    /// `round RINGS x SECTORS [files "..."]`.
    fn round_board(&self, b: P) -> Result<Board, Diagnostic> {
        let span = self.span(&b);
        let mut parts = Parts::of(b);
        let rings = self.int(&parts.required())?;
        let sectors = self.int(&parts.required())?;
        let files = parts.next().map(|f| self.string(&f));
        Ok(Board::Round {
            rings,
            sectors,
            files,
            span,
        })
    }

    /// `triangle (hexagon N | W x H | N [point-down]) [files "..."] [except { cells }]`.
    fn triangle_board(&self, b: P) -> Result<Board, Diagnostic> {
        let span = self.span(&b);
        let mut parts = Parts::of(b);
        let shape = sole_part(parts.required());
        let shape = match shape.as_rule() {
            Rule::triangle_hexagon => TriangleShape::Hexagon {
                side: self.int(&sole_part(shape))?,
            },
            Rule::triangle_rows => {
                let mut sizes = Parts::of(shape);
                TriangleShape::Rows {
                    width: self.int(&sizes.required())?,
                    height: self.int(&sizes.required())?,
                }
            }
            Rule::triangle_big => {
                let mut big = Parts::of(shape);
                TriangleShape::Big {
                    side: self.int(&big.required())?,
                    point_down: big.next().is_some(),
                }
            }
            _ => unexpected(Rule::triangle_shape, &shape),
        };
        let mut files = None;
        let mut holes = Vec::new();
        for part in parts {
            match part.as_rule() {
                Rule::string => files = Some(self.string(&part)),
                Rule::cell_list => holes = self.cell_list(part),
                _ => unexpected(Rule::triangle_board, &part),
            }
        }
        Ok(Board::Triangle {
            shape,
            files,
            holes,
            span,
        })
    }

    /// `side cell NAME at (x,y)`: a cell off the board.
    pub(super) fn side_cell(&self, p: P) -> Result<Stmt, Diagnostic> {
        let span = self.span(&p);
        let mut parts = Parts::of(p);
        let name = self.name(&parts.required());
        let at = self.vector(parts.required())?;
        Ok(Stmt::SideCell { name, at, span })
    }

    /// `region NAME = EXPR` or `region NAME { PLAYER: EXPR ... }`.
    pub(super) fn region(&self, p: P) -> Result<Stmt, Diagnostic> {
        let mut parts = Parts::of(p);
        let name = self.name(&parts.required());
        let def = match parts.next_if(Rule::region_expr) {
            Some(shared) => RegionDef::Shared(self.region_expr(shared)?),
            None => {
                let mut per = Vec::new();
                for part in parts {
                    if part.as_rule() != Rule::player_region {
                        unexpected(Rule::region_stmt, &part);
                    }
                    let mut player_parts = Parts::of(part);
                    let player = self.name(&player_parts.required());
                    per.push((player, self.region_expr(player_parts.required())?));
                }
                RegionDef::PerPlayer(per)
            }
        };
        Ok(Stmt::Region { name, def })
    }

    /// Terms joined by `+` and `-`, read left to right.
    fn region_expr(&self, p: P) -> Result<RegionExpr, Diagnostic> {
        let span = self.span(&p);
        let mut terms = Vec::new();
        let mut add = true;
        for t in Parts::of(p) {
            let tspan = self.span(&t);
            let term = match t.as_rule() {
                Rule::region_op => {
                    add = t.as_str() == "+";
                    continue;
                }
                Rule::rank => RegionTerm::Rank(self.int(&sole_part(t))?, tspan),
                Rule::ranks => {
                    let mut bounds = Parts::of(t);
                    let a = self.int(&bounds.required())?;
                    let b = self.int(&bounds.required())?;
                    RegionTerm::Ranks(a, b, tspan)
                }
                Rule::file_r => RegionTerm::File(self.name(&sole_part(t))),
                Rule::files_r => {
                    let mut bounds = Parts::of(t);
                    RegionTerm::Files(self.name(&bounds.required()), self.name(&bounds.required()))
                }
                Rule::line_r => RegionTerm::Line(self.name(&sole_part(t))),
                Rule::all_cells => RegionTerm::All(tspan),
                Rule::cell_list => RegionTerm::Cells(self.cell_list(t)),
                Rule::cell_range => RegionTerm::Cells(vec![self.cell_item(t)]),
                Rule::region_ref => RegionTerm::Ref(self.name(&t)),
                Rule::like_r => RegionTerm::Like(self.name(&sole_part(t))),
                _ => unexpected(Rule::region_expr, &t),
            };
            terms.push((add, term));
        }
        Ok(RegionExpr { terms, span })
    }

    /// `colours NAME NAME ... from CELL`: the colours, and the cell they
    /// are counted from.
    pub(super) fn colours(&self, p: P) -> Stmt {
        let (names, anchor) = split_last(self.names(p), Rule::colours_stmt);
        Stmt::Colours { names, anchor }
    }

    /// `mark REGION COLOUR`.
    pub(super) fn mark(&self, p: P) -> Stmt {
        let mut parts = Parts::of(p);
        let region = self.name(&parts.required());
        let colour = self.name(&parts.required());
        Stmt::Mark { region, colour }
    }
}
