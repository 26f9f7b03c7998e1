//! Draws a position in the terminal with Unicode: a grid for square boards,
//! a staggered layout for hexagonal ones (any outline, from coordinates).
//! With more than two players a piece is its letter and its owner's tag
//! (the player's initial, or its seat number where initials clash).

use runtime::game::EMPTY;
use runtime::ir::{Geometry, MARK_COLOURS};
use runtime::layout::Layout;
use runtime::text::printable;
use runtime::Position;

/// The symbol of the piece on a cell: chess glyphs for the orthodox
/// letters of the first two players, otherwise the letter (upper case for
/// the first player, lower case for the second, with the player's index
/// after it for more players).
fn glyph(pos: &Position, cell: usize) -> String {
    let g = pos.game();
    let code = pos.board()[cell];
    if code == EMPTY {
        return declaration_marker(pos, cell).unwrap_or("·").into();
    }
    // A stack shows its cargo; the legend under the board names its carrier.
    let (carrier, cargo) = g.stack_parts(code);
    let code = if carrier != EMPTY { cargo } else { code };
    let owner = g.owner_of(code);
    let letter = g.ir().kinds[g.kind_of(code)].letter;
    let glyphs = ["KQRBNP", "♔♕♖♗♘♙", "♚♛♜♝♞♟"];
    // The letter comes from the IR: a crafted one may hold any character.
    let shown = |c: char| printable(&c.to_string()).into_owned();
    if g.players() > 2 {
        return format!("{}{}", shown(letter), player_tag(pos, owner));
    }
    if owner < 2 {
        if let Some(i) = glyphs[0].find(letter) {
            return glyphs[1 + owner].chars().nth(i).unwrap().to_string();
        }
        return if owner == 0 {
            shown(letter)
        } else {
            shown(letter.to_ascii_lowercase())
        };
    }
    format!("{}{owner}", shown(letter))
}

/// A player's one-character tag: the initial of its name, or its seat
/// number (from 1) when two players share an initial.
fn player_tag(pos: &Position, player: usize) -> char {
    let players = &pos.game().ir().players;
    let initial = |p: usize| players[p].name.chars().next().unwrap_or('?');
    let clash = (0..players.len()).any(|q| q != player && initial(q) == initial(player));
    if clash || !initial(player).is_alphanumeric() {
        char::from_digit((player as u32 + 1) % 36, 36).unwrap_or('?')
    } else {
        initial(player).to_ascii_lowercase()
    }
}

/// The marker (a piece drawn beside the board) standing on `cell` for a player's declaration:
/// on its "made" cell while the declaration is made, else on its other cell.
fn declaration_marker(pos: &Position, cell: usize) -> Option<&'static str> {
    pos.marker_on(cell).map(|p| if p == 0 { "⚐" } else { "⚑" })
}

/// Lines under the board: the stacks (cargo aboard whose carrier), the
/// declarations made and agreements reached, and the hands.
fn legend(pos: &Position) -> String {
    let g = pos.game();
    let mut out = String::new();
    for cell in 0..g.cells() {
        let code = pos.board()[cell];
        let (carrier, cargo) = g.stack_parts(code);
        if code != EMPTY && carrier != EMPTY {
            let name = |c: u8| &g.ir().kinds[g.kind_of(c)].name;
            let owner = |c: u8| &g.ir().players[g.owner_of(c)].name;
            let line = format!(
                "{}: {} {} aboard {} {}",
                g.ir().cells[cell].name,
                owner(cargo),
                name(cargo),
                owner(carrier),
                name(carrier)
            );
            out += &format!("\n{}", printable(&line));
        }
    }
    for (a, agreement) in g.ir().agreements.iter().enumerate() {
        let made: Vec<&str> = (0..g.players())
            .filter(|p| pos.declared() >> (a * g.players() + p) & 1 != 0)
            .map(|p| g.ir().players[p].name.as_str())
            .collect();
        let line = if pos.agreed() >> a & 1 != 0 {
            format!("{}: agreed", agreement.name)
        } else if !made.is_empty() {
            format!("{}: declared by {}", agreement.name, made.join(", "))
        } else {
            continue;
        };
        out += &format!("\n{}", printable(&line));
    }
    out += &hands(pos);
    out
}

/// Every player's hand in a game with hands, a line each, in seat order:
/// `hand white: Q N N`, `hand black: -` for an empty one. The letters are
/// the game's, upper case for every player, as a drop is typed (`N@e4`)
/// and as the general notation writes a hand; a count is spelt out as
/// that many letters, as there. A game without hands shows nothing.
fn hands(pos: &Position) -> String {
    let g = pos.game();
    if g.ir().hands.is_none() {
        return String::new();
    }
    let mut out = String::new();
    for (player, info) in g.ir().players.iter().enumerate() {
        let mut letters = Vec::new();
        for (kind, k) in g.ir().kinds.iter().enumerate() {
            for _ in 0..pos.in_hand(player, kind) {
                letters.push(k.letter.to_string());
            }
        }
        let held = if letters.is_empty() {
            "-".to_string()
        } else {
            letters.join(" ")
        };
        out += &format!("\n{}", printable(&format!("hand {}: {held}", info.name)));
    }
    out
}

/// The colour a game marks this cell with (`mark REGION colour`), if any.
fn mark_of<'a>(pos: &'a Position, cell: usize) -> Option<&'a str> {
    pos.game()
        .ir()
        .marks
        .iter()
        .find(|m| m.cells.contains(&(cell as u16)))
        .map(|m| m.colour.as_str())
}

/// The ANSI foreground code for a cell's name: the board colour the game
/// gives the cell (`colours`), where it is a colour a terminal has.
fn board_colour(pos: &Position, cell: usize) -> Option<u8> {
    let ir = pos.game().ir();
    let name = &ir
        .colours
        .iter()
        .find(|c| c.cells.contains(&(cell as u16)))?
        .colour;
    Some(match name.as_str() {
        "red" => 31,
        "green" => 32,
        "yellow" => 33,
        "blue" => 34,
        "magenta" => 35,
        "cyan" => 36,
        "white" | "light" => 37,
        "black" | "dark" | "grey" | "gray" => 90,
        _ => return None,
    })
}

/// A cell's name, in the cell's board colour on a terminal.
fn coloured_name(pos: &Position, cell: usize, ansi: bool) -> String {
    let name = &pos.game().ir().cells[cell].name;
    match board_colour(pos, cell) {
        Some(code) if ansi => format!("\x1b[{code}m{name}\x1b[0m"),
        _ => name.clone(),
    }
}

/// A cell's symbol, coloured for a terminal where the game marks it; without
/// a terminal an empty marked cell shows as `▪` so the mark is still visible.
fn cell_text(pos: &Position, cell: usize, ansi: bool) -> String {
    let glyph = glyph(pos, cell);
    match mark_of(pos, cell) {
        Some(colour) if ansi => {
            let code = MARK_COLOURS
                .iter()
                .find(|(name, _)| *name == colour)
                .map_or(47, |&(_, code)| code);
            format!("\x1b[{code}m{glyph}\x1b[0m")
        }
        Some(_) if glyph == "·" => "▪".into(),
        _ => glyph,
    }
}

pub fn board(pos: &Position, ansi: bool) -> String {
    let g = pos.game();
    let mut out = String::new();
    // The screen place of every cell comes from the runtime's layout, which
    // pictures share; this function only draws the frame and the labels.
    // Each row is drawn from its own cells, so the work follows the cells,
    // not the coordinates' box (a crafted IR's far cell looped for minutes).
    let layout = Layout::of(g.ir());
    match &g.ir().geometry {
        Geometry::Square { width, files, .. } => {
            let width = *width as usize;
            for row in 0..layout.rows {
                out += &format!("{:>3} │", layout.rows - row);
                for col in 0..width {
                    match layout.cell_at(row, col) {
                        Some(c) => out += &format!(" {}", cell_text(pos, c, ansi)),
                        None => out += "  ",
                    }
                }
                // Side cells stand beside the grid, at their own columns.
                if layout.cols > width {
                    out += " │";
                    let mut used = width;
                    for &(col, c) in layout.row(row).iter().filter(|(col, _)| *col >= width) {
                        while used < col {
                            out += "  ";
                            used += 1;
                        }
                        out += &format!(" {}", cell_text(pos, c, ansi));
                        used += 1;
                    }
                    while used < layout.cols {
                        out += "  ";
                        used += 1;
                    }
                }
                out.push('\n');
            }
            out += &format!(
                "    └{}\n      {}",
                "──".repeat(width),
                printable(&files.join(" "))
            );
        }
        Geometry::Triangle { files, .. } | Geometry::Round { files, .. } => {
            // Like a square board: a row per rank, a column per file; an
            // empty cell shows which way it points.
            // Every column as wide as the widest piece tag (two characters
            // with more than two players).
            let geometry = &g.ir().geometry;
            let width = (0..g.ir().cells.len())
                .map(|c| glyph(pos, c).chars().count())
                .max()
                .unwrap_or(1);
            let pad = |shown: usize| " ".repeat(width.saturating_sub(shown));
            for row in 0..layout.rows {
                // A round board's centre, z0, has the top row to itself.
                let round = matches!(geometry, Geometry::Round { .. });
                let rank = if round && row == 0 {
                    0
                } else {
                    layout.rows - row
                };
                out += &format!("{rank:>3} │");
                for col in 0..layout.cols {
                    match layout.cell_at(row, col) {
                        Some(c) => {
                            let mut text = cell_text(pos, c, ansi);
                            if text == "·" {
                                if let Some(up) = geometry.points_up(g.ir().cells[c].coord) {
                                    text = if up { "▴" } else { "▾" }.into();
                                }
                            }
                            let shown = glyph(pos, c).chars().count();
                            out += &format!(" {text}{}", pad(shown));
                        }
                        None => out += &" ".repeat(width + 1),
                    }
                }
                out.push('\n');
            }
            let mut labels: Vec<String> = files[..layout.cols.min(files.len())]
                .iter()
                .map(|f| format!("{f}{}", pad(f.chars().count())))
                .collect();
            if matches!(geometry, Geometry::Round { .. }) {
                labels.push("z".into());
            }
            out += &format!(
                "    └{}\n      {}",
                "─".repeat((width + 1) * layout.cols),
                printable(labels.join(" ").trim_end())
            );
        }
        Geometry::Hex { pointy: true } => {
            // A row's cells stand two layout columns apart; three characters
            // per column leave room for a piece tag and a cell name.
            for row in 0..layout.rows {
                let mut line = String::new();
                let mut width = 0;
                for col in 0..layout.cols {
                    let Some(cell) = layout.cell_at(row, col) else {
                        continue;
                    };
                    let at = col * 3;
                    line += &" ".repeat(at.saturating_sub(width));
                    width = width.max(at);
                    let name = &g.ir().cells[cell].name;
                    let glyph = glyph(pos, cell);
                    let shown = format!("{glyph}{name}");
                    width += shown.chars().count();
                    line += &cell_text(pos, cell, ansi);
                    line += &coloured_name(pos, cell, ansi);
                }
                if !line.is_empty() {
                    out += line.trim_end();
                    out.push('\n');
                }
            }
        }
        Geometry::Hex { .. } => {
            for row in 0..layout.rows {
                let mut line = String::new();
                let mut used = 0;
                for &(col, cell) in layout.row(row) {
                    while used < col {
                        line += "  ";
                        used += 1;
                    }
                    let name = printable(&g.ir().cells[cell].name);
                    line += &format!("{}{:<4}", cell_text(pos, cell, ansi), name);
                    used += 1;
                }
                if !line.is_empty() {
                    out += &line;
                    out.push('\n');
                }
            }
        }
    }
    out += &legend(pos);
    out += &format!(
        "\n{} to move",
        printable(&g.ir().players[pos.to_move()].name)
    );
    out
}
