//! The layers of a picture, painted in this order by `svg`, each its own
//! SVG group: the cells, the marked cells, the last move, the highlighted
//! cells, the coordinates, the pieces and the arrows.

use super::{
    arrow, escape, move_cells, named_colour, shrunk, write_marker, write_piece, Canvas, Options,
    ARROW, FALLBACK_FILLS, HIGHLIGHT, LAST_MOVE, PLAIN_FILL, SIDE_FILL,
};
use crate::game::{Game, EMPTY};
use crate::layout::{Layout, Point};
use crate::position::Position;

/// The cells, in the game's colours (the first colour naming a cell).
pub(super) fn cells(c: &mut Canvas, game: &Game, layout: &Layout) {
    let ir = game.ir();
    let name = |cell: usize| escape(game.cell_name(cell));
    let mut colour_of: Vec<Option<usize>> = vec![None; game.cells()];
    for (i, m) in ir.colours.iter().enumerate() {
        for &cell in &m.cells {
            colour_of[cell as usize].get_or_insert(i);
        }
    }
    c.line("<g class=\"cells\" stroke=\"#000000\" stroke-opacity=\"0.25\" stroke-width=\"1\">");
    for (cell, shape) in layout.shapes.iter().enumerate() {
        let side = ir.cells[cell].side;
        let fill = match colour_of[cell] {
            _ if side => SIDE_FILL,
            Some(i) => named_colour(&ir.colours[i].colour)
                .map_or(FALLBACK_FILLS[i % FALLBACK_FILLS.len()], |c| c.0),
            None => PLAIN_FILL,
        };
        let (class, dashes) = if side {
            ("cell side", " stroke-dasharray=\"4 3\"")
        } else {
            ("cell", "")
        };
        let points = c.points(&shape.corners);
        c.line(&format!(
            "<polygon class=\"{class}\" data-cell=\"{}\" points=\"{points}\" fill=\"{fill}\"{dashes}/>",
            name(cell)
        ));
    }
    c.line("</g>");
}

/// Marked cells, tinted.
pub(super) fn marks(c: &mut Canvas, game: &Game, layout: &Layout) {
    let ir = game.ir();
    if !ir.marks.is_empty() {
        c.line("<g class=\"marks\" fill-opacity=\"0.45\">");
        for mark in &ir.marks {
            let fill = named_colour(&mark.colour).map_or("#9c27b0", |c| c.1);
            for &cell in &mark.cells {
                let points = c.points(&layout.shapes[cell as usize].corners);
                c.line(&format!(
                    "<polygon class=\"mark\" data-mark=\"{}\" points=\"{points}\" fill=\"{fill}\"/>",
                    escape(&mark.colour)
                ));
            }
        }
        c.line("</g>");
    }
}

/// The last move, shaded.
pub(super) fn last_move(c: &mut Canvas, game: &Game, layout: &Layout, options: &Options) {
    if let Some(mv) = options.last_move {
        c.line("<g class=\"last-move\" fill-opacity=\"0.5\">");
        for cell in move_cells(game, mv) {
            let points = c.points(&layout.shapes[cell].corners);
            c.line(&format!(
                "<polygon points=\"{points}\" fill=\"{LAST_MOVE}\"/>"
            ));
        }
        c.line("</g>");
    }
}

/// Highlighted cells, outlined just inside their edges.
pub(super) fn highlight(c: &mut Canvas, game: &Game, layout: &Layout, options: &Options) {
    if !options.highlight.is_empty() {
        c.line(&format!(
            "<g class=\"highlight\" fill=\"none\" stroke=\"{HIGHLIGHT}\" stroke-width=\"{}\" stroke-linejoin=\"round\">",
            c.len(0.07)
        ));
        let mut seen = vec![false; game.cells()];
        for &cell in &options.highlight {
            if cell < seen.len() && !std::mem::replace(&mut seen[cell], true) {
                let points = c.points(&shrunk(&layout.shapes[cell], 0.045));
                c.line(&format!("<polygon points=\"{points}\"/>"));
            }
        }
        c.line("</g>");
    }
}

/// Coordinates: rank and file labels around the board; the names of
/// the other cells small in the cell.
pub(super) fn coordinates(c: &mut Canvas, game: &Game, layout: &Layout) {
    let name = |cell: usize| escape(game.cell_name(cell));
    c.line("<g class=\"coordinates\" fill=\"#5b4a3a\" text-anchor=\"middle\" dominant-baseline=\"central\">");
    for label in &layout.labels {
        c.line(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\">{}</text>",
            c.x(label.at.x),
            c.y(label.at.y),
            c.len(0.28),
            escape(&label.text)
        ));
    }
    for (cell, shape) in layout.shapes.iter().enumerate() {
        if layout.named_in_cell[cell] {
            let r = shape.inradius();
            c.line(&format!(
                "<text x=\"{}\" y=\"{}\" font-size=\"{}\">{}</text>",
                c.x(shape.centre.x),
                c.y(shape.centre.y + 0.8 * r),
                c.len(0.3 * r),
                name(cell)
            ));
        }
    }
    c.line("</g>");
}

/// The pieces; a stack as its carrier (lower left) and its cargo.
pub(super) fn pieces(c: &mut Canvas, pos: &Position, layout: &Layout, colours: &[&str]) {
    let game = pos.game();
    let name = |cell: usize| escape(game.cell_name(cell));
    c.line("<g class=\"pieces\" text-anchor=\"middle\" dominant-baseline=\"central\">");
    for (cell, shape) in layout.shapes.iter().enumerate() {
        let code = pos.board()[cell];
        let (mut at, mut r) = (shape.centre, shape.inradius());
        if layout.named_in_cell[cell] {
            // Smaller and a little up, above the cell's name.
            at.y -= 0.12 * r;
            r *= 0.86;
        }
        let (carrier, cargo) = game.stack_parts(code);
        if code == EMPTY {
            if let Some(p) = pos.marker_on(cell) {
                write_marker(c, at, r, colours[p], &name(cell));
            }
        } else if carrier != EMPTY {
            c.line(&format!("<g class=\"stack\" data-cell=\"{}\">", name(cell)));
            let d = 0.32 * r;
            let carrier_at = Point::new(at.x - d, at.y + d);
            write_piece(c, game, colours, carrier, carrier_at, 0.6 * r, None);
            let cargo_at = Point::new(at.x + d, at.y - d);
            write_piece(c, game, colours, cargo, cargo_at, 0.6 * r, None);
            c.line("</g>");
        } else {
            write_piece(c, game, colours, code, at, 0.74 * r, Some(&name(cell)));
        }
    }
    c.line("</g>");
}

/// Arrows, over everything on the board.
pub(super) fn arrows(c: &mut Canvas, game: &Game, layout: &Layout, options: &Options) {
    let name = |cell: usize| escape(game.cell_name(cell));
    if !options.arrows.is_empty() {
        c.line(&format!(
            "<g class=\"arrows\" fill=\"{ARROW}\" fill-opacity=\"0.75\">"
        ));
        for &(from, to) in &options.arrows {
            if from >= game.cells() || to >= game.cells() || from == to {
                continue;
            }
            let points = c.points(&arrow(layout.shapes[from].centre, layout.shapes[to].centre));
            c.line(&format!(
                "<polygon class=\"arrow\" data-from=\"{}\" data-to=\"{}\" points=\"{points}\"/>",
                name(from),
                name(to)
            ));
        }
        c.line("</g>");
    }
}
