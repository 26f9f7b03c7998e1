//! Draws a position in the terminal with Unicode: a grid for square boards,
//! a staggered layout for hexagonal ones (any outline, from coordinates).

use runtime::game::EMPTY;
use runtime::ir::Geometry;
use runtime::Position;

/// The symbol of the piece on a cell: chess glyphs for the orthodox
/// letters of the first two players, otherwise the letter (upper case for
/// the first player, lower case for the second, with the player's index
/// after it for more players).
fn glyph(pos: &Position, cell: usize) -> String {
    let g = pos.game;
    let code = pos.board[cell];
    if code == EMPTY {
        return "·".into();
    }
    let owner = g.owner[code as usize] as usize;
    let letter = g.ir.kinds[g.kind_of[code as usize] as usize].letter;
    let glyphs = ["KQRBNP", "♔♕♖♗♘♙", "♚♛♜♝♞♟"];
    if owner < 2 {
        if let Some(i) = glyphs[0].find(letter) {
            return glyphs[1 + owner].chars().nth(i).unwrap().to_string();
        }
        return if owner == 0 {
            letter.to_string()
        } else {
            letter.to_ascii_lowercase().to_string()
        };
    }
    format!("{letter}{owner}")
}

pub fn board(pos: &Position) -> String {
    let g = pos.game;
    let mut out = String::new();
    match &g.ir.geometry {
        Geometry::Square {
            width,
            height,
            files,
        } => {
            for y in (0..*height as i32).rev() {
                out += &format!("{:>3} │", y + 1);
                for x in 0..*width as i32 {
                    match g.ir.cells.iter().position(|c| c.coord == (x, y)) {
                        Some(c) => out += &format!(" {}", glyph(pos, c)),
                        None => out += "  ",
                    }
                }
                out.push('\n');
            }
            out += &format!(
                "    └{}\n      {}",
                "──".repeat(*width as usize),
                files.join(" ")
            );
        }
        Geometry::Hex => {
            // Screen row from the forward measure 2r + q, column from q.
            let placed: Vec<(i32, i32, usize)> =
                g.ir.cells
                    .iter()
                    .enumerate()
                    .map(|(i, c)| (-(2 * c.coord.1 + c.coord.0), c.coord.0, i))
                    .collect();
            let (rmin, rmax) = (
                placed.iter().map(|p| p.0).min().unwrap(),
                placed.iter().map(|p| p.0).max().unwrap(),
            );
            let qmin = placed.iter().map(|p| p.1).min().unwrap();
            for row in rmin..=rmax {
                let mut line: Vec<String> = Vec::new();
                for &(r, q, cell) in placed.iter().filter(|p| p.0 == row) {
                    let col = ((q - qmin) * 2) as usize;
                    while line.len() < col {
                        line.push("  ".into());
                    }
                    let name = &g.ir.cells[cell].name;
                    let _ = r;
                    line.push(format!("{}{:<4}", glyph(pos, cell), name));
                }
                if !line.is_empty() {
                    out += &line.concat();
                    out.push('\n');
                }
            }
        }
    }
    out += &format!("\n{} to move", g.ir.players[pos.to_move].name);
    out
}
