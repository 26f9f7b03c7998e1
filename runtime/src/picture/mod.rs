//! Pictures of positions: an SVG document as text, from a `Position` and
//! what to show on it (highlighted cells, arrows, the last move). The
//! `variant draw` command writes it to a file; a web board can serve it.
//!
//! Where each cell stands and what it looks like comes from
//! `crate::layout`; this module only paints: every cell its polygon in the
//! game's colours (`colours`), marked cells (`mark`) tinted, the last move
//! shaded, highlighted cells outlined, the coordinates, the pieces (a
//! circle in the owner's colour with a chess glyph or the piece's letter;
//! a stack as its carrier and its cargo side by side), the declaration
//! markers, the hands (a row per player, in a game with hands), the
//! arrows, and a caption (the game, whose move or the result).
//!
//! The output is deterministic: cells, marks and pieces in index order,
//! numbers with at most two decimals.
//!
//! - `mod.rs` (this file): the options, the names a picture is given, the
//!   palette, the canvas and `svg`, which paints the layers in order;
//! - `layers.rs`: one function per layer of the picture;
//! - `hands.rs`: the players' hands beside the board, in a game with hands.

use crate::game::Game;
use crate::layout::{Layout, Point, Shape};
use crate::notation::parse_move;
use crate::position::{Move, MoveKind, Position};
use std::fmt;

mod hands;
mod layers;

/// What to show on the position besides its pieces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Cells outlined (`--highlight`).
    pub highlight: Vec<usize>,
    /// Arrows from one cell to another (`--arrows`).
    pub arrows: Vec<(usize, usize)>,
    /// The move that led to the position: its cells are shaded.
    pub last_move: Option<Move>,
}

/// Why a name given for a picture means nothing in the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PictureError {
    /// Neither a cell nor a region of the game.
    UnknownCellOrRegion { name: String, regions: Vec<String> },
    /// `REGION:PLAYER` with a player the game does not have.
    UnknownPlayer { text: String, players: Vec<String> },
    /// A region with no cells (for the player named, if one is).
    NoRegionCells {
        text: String,
        region: String,
        player: Option<String>,
    },
    /// An arrow that is neither two cell names nor a legal move.
    BadArrow { text: String, reason: String },
}

impl fmt::Display for PictureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PictureError::UnknownCellOrRegion { name, regions } => {
                write!(f, "`{name}` is neither a cell nor a region of this game")?;
                if regions.is_empty() {
                    write!(f, " (it has no regions)")
                } else {
                    write!(f, " (regions: {})", regions.join(", "))
                }
            }
            PictureError::UnknownPlayer { text, players } => write!(
                f,
                "`{text}`: no such player (players: {})",
                players.join(", ")
            ),
            PictureError::NoRegionCells {
                text,
                region,
                player,
            } => match player {
                Some(p) => write!(f, "`{text}`: region `{region}` has no cells for {p}"),
                None => write!(f, "`{text}`: region `{region}` has no cells"),
            },
            PictureError::BadArrow { text, reason } => write!(f, "`{text}`: {reason}"),
        }
    }
}

impl std::error::Error for PictureError {}

/// The cells a `--highlight` word names: a cell (`e4`), a region (`centre`;
/// a region with cells per player: every player's), or one player's cells
/// of a region (`last_rank:white`). In cell order, without repeats.
pub fn cells_named(game: &Game, text: &str) -> Result<Vec<usize>, PictureError> {
    let ir = game.ir();
    if let Some(cell) = game.cell(text) {
        return Ok(vec![cell]);
    }
    let (name, player) = match text.split_once(':') {
        Some((name, player)) => (name, Some(player)),
        None => (text, None),
    };
    let mut regions: Vec<String> = Vec::new();
    for r in &ir.regions {
        if !regions.contains(&r.name) {
            regions.push(r.name.clone());
        }
    }
    if !regions.iter().any(|r| r == name) {
        return Err(PictureError::UnknownCellOrRegion {
            name: name.to_string(),
            regions,
        });
    }
    let player = match player {
        None => None,
        Some(p) => Some(
            ir.players
                .iter()
                .position(|info| info.name == p)
                .ok_or_else(|| PictureError::UnknownPlayer {
                    text: text.to_string(),
                    players: ir.players.iter().map(|i| i.name.clone()).collect(),
                })?,
        ),
    };
    let mut member = vec![false; game.cells()];
    let mut any = false;
    for r in ir.regions.iter().filter(|r| r.name == name) {
        // A shared region is every player's.
        if player.is_some() && r.player.is_some() && r.player.map(usize::from) != player {
            continue;
        }
        for &c in &r.cells {
            member[c as usize] = true;
            any = true;
        }
    }
    if !any {
        return Err(PictureError::NoRegionCells {
            text: text.to_string(),
            region: name.to_string(),
            player: player.map(|p| ir.players[p].name.clone()),
        });
    }
    Ok((0..member.len()).filter(|&c| member[c]).collect())
}

/// An `--arrows` word: two cell names written together (`e2e4`, `a10a9`),
/// or a legal move of the position in its notation (a castling by name:
/// the king's arrow).
pub fn parse_arrow(pos: &Position, text: &str) -> Result<(usize, usize), PictureError> {
    let game = pos.game();
    let bad = |reason: String| PictureError::BadArrow {
        text: text.to_string(),
        reason,
    };
    // Only splits whose two halves are short enough to be cell names are
    // looked up, so a long word costs time linear in its length (every
    // split looked up whole was quadratic: 100 KB took 1.4 s).
    let longest = game.longest_cell_name();
    let splits: Vec<(usize, usize)> = (1..text.len())
        .filter(|&i| i <= longest && text.len() - i <= longest)
        .filter(|&i| text.is_char_boundary(i))
        .filter_map(|i| Some((game.cell(&text[..i])?, game.cell(&text[i..])?)))
        .collect();
    match splits[..] {
        [(from, to)] if from == to => Err(bad(format!(
            "it starts and ends on {}",
            game.cell_name(from)
        ))),
        [(from, to)] => Ok((from, to)),
        [_, _, ..] => Err(bad(format!(
            "it splits into cells in {} ways ({})",
            splits.len(),
            splits
                .iter()
                .map(|&(a, b)| format!("{} {}", game.cell_name(a), game.cell_name(b)))
                .collect::<Vec<_>>()
                .join(", ")
        ))),
        [] => match parse_move(&mut pos.clone(), text) {
            Ok(mv) => Ok((mv.from(), mv.to())),
            Err(e) => Err(bad(format!(
                "not two cell names (FROM then TO, like e2e4) nor a legal move: {e}"
            ))),
        },
    }
}

/// Pixels per unit of the plane (the distance between neighbouring cells).
const SCALE: f64 = 64.0;
/// Space around the board, in units.
const MARGIN: f64 = 0.3;
const FONT: &str = "DejaVu Sans, Noto Sans Symbols 2, Segoe UI Symbol, Arial, sans-serif";

/// A number for the SVG text: rounded to two decimals, no trailing zeros,
/// never `-0`.
fn num(v: f64) -> String {
    let r = (v * 100.0).round() / 100.0;
    let s = format!("{:.2}", if r == 0.0 { 0.0 } else { r });
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}

/// The colours a name stands for: the fill of a board cell of that colour,
/// and the strong colour of a piece, a mark or an arrow.
fn named_colour(name: &str) -> Option<(&'static str, &'static str)> {
    Some(match name.to_ascii_lowercase().as_str() {
        "light" => ("#f0d9b5", "#f0d9b5"),
        "dark" => ("#b58863", "#8b5a2b"),
        "grey" | "gray" => ("#d2c3ab", "#8a8a8a"),
        "white" => ("#f7f4ec", "#ffffff"),
        "black" => ("#8c7b6b", "#262626"),
        "red" => ("#e8a39e", "#d62828"),
        "blue" => ("#a9c5e6", "#2f6fdf"),
        "green" => ("#b0d4a2", "#2b9348"),
        "yellow" => ("#f2e59b", "#f5c518"),
        "orange" => ("#f4c28f", "#f08c00"),
        "purple" | "violet" => ("#cfb7e2", "#7b2cbf"),
        "pink" => ("#f4c3d1", "#e75a8c"),
        "magenta" => ("#eab2e4", "#c2185b"),
        "cyan" => ("#b4e3e3", "#139fb3"),
        "brown" => ("#c49a6c", "#7f4f24"),
        _ => return None,
    })
}

/// Cell fills for colours the palette does not know, in turn.
const FALLBACK_FILLS: [&str; 3] = ["#e3ddd3", "#aaa298", "#c7bfb3"];
/// The fill of cells the game gives no colour.
const PLAIN_FILL: &str = "#e8dcc6";
/// The fill of side cells (they have no colour).
const SIDE_FILL: &str = "#ece8e1";
/// Player colours in turn order, for players not named after a colour.
const PLAYER_PALETTE: [&str; 12] = [
    "white", "black", "blue", "red", "green", "yellow", "orange", "purple", "cyan", "pink",
    "brown", "grey",
];
const LAST_MOVE: &str = "#f6e04b";
const HIGHLIGHT: &str = "#1565c0";
const ARROW: &str = "#15781b";

/// Every player's piece colour: its own name where that is a colour (and
/// not taken by an earlier player), otherwise the first free colour of
/// white, black, blue, red, green, yellow, ...
pub fn player_colours(game: &Game) -> Vec<&'static str> {
    let names: Vec<String> = game
        .ir()
        .players
        .iter()
        .map(|p| p.name.to_ascii_lowercase())
        .collect();
    let mut chosen: Vec<Option<&'static str>> = vec![None; names.len()];
    for (p, name) in names.iter().enumerate() {
        // `gray` is `grey`: compare what the names stand for.
        let own = named_colour(name).and_then(|colour| {
            PLAYER_PALETTE
                .iter()
                .copied()
                .find(|&c| named_colour(c) == Some(colour))
        });
        if own.is_some() && !chosen.contains(&own) {
            chosen[p] = own;
        }
    }
    for p in 0..names.len() {
        if chosen[p].is_none() {
            let free = PLAYER_PALETTE
                .iter()
                .copied()
                .find(|c| !chosen.contains(&Some(*c)))
                .unwrap_or(PLAYER_PALETTE[p % PLAYER_PALETTE.len()]);
            chosen[p] = Some(free);
        }
    }
    chosen
        .into_iter()
        .map(|c| named_colour(c.unwrap_or("white")).map_or("#ffffff", |c| c.1))
        .collect()
}

/// Black or white, whichever reads better on `fill` (`#rrggbb`).
fn ink_on(fill: &str) -> &'static str {
    let channel = |i: usize| {
        fill.get(i..i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .unwrap_or(255) as f64
    };
    let luma = 0.299 * channel(1) + 0.587 * channel(3) + 0.114 * channel(5);
    if luma > 140.0 {
        "#1a1a1a"
    } else {
        "#ffffff"
    }
}

/// The glyph of a standard chess piece, by its name (text presentation).
fn chess_glyph(name: &str) -> Option<&'static str> {
    Some(match name {
        "King" => "\u{265A}\u{FE0E}",
        "Queen" => "\u{265B}\u{FE0E}",
        "Rook" => "\u{265C}\u{FE0E}",
        "Bishop" => "\u{265D}\u{FE0E}",
        "Knight" => "\u{265E}\u{FE0E}",
        "Pawn" => "\u{265F}\u{FE0E}",
        _ => return None,
    })
}

/// The cells the move touched, to shade: where the piece left and landed,
/// a castling partner's, an arrival's placement, an en-passant victim's.
fn move_cells(game: &Game, mv: Move) -> Vec<usize> {
    let mut cells = vec![mv.from(), mv.to()];
    match mv.kind() {
        MoveKind::Castle => {
            if let Some(c) = game.ir().castlings.get(mv.aux as usize) {
                cells.push(c.partner_from as usize);
                cells.push(c.partner_to as usize);
            }
        }
        MoveKind::Arrival | MoveKind::EnPassant => cells.push(mv.aux as usize),
        _ => {}
    }
    let mut out = Vec::new();
    for c in cells {
        if c < game.cells() && !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

/// The SVG text being written, and the map from the plane to its pixels.
struct Canvas {
    out: String,
    /// The plane point drawn at pixel (0, 0).
    origin: Point,
}

impl Canvas {
    fn x(&self, v: f64) -> String {
        num((v - self.origin.x) * SCALE)
    }

    fn y(&self, v: f64) -> String {
        num((v - self.origin.y) * SCALE)
    }

    fn len(&self, v: f64) -> String {
        num(v * SCALE)
    }

    fn points(&self, corners: &[Point]) -> String {
        corners
            .iter()
            .map(|p| format!("{},{}", self.x(p.x), self.y(p.y)))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn line(&mut self, text: &str) {
        self.out.push_str(text);
        self.out.push('\n');
    }
}

/// The picture of a position as an SVG document.
pub fn svg(pos: &Position, options: &Options) -> String {
    let game = pos.game();
    let ir = game.ir();
    let layout = Layout::of(ir);
    let colours = player_colours(game);
    let (mut left, mut top, mut right, mut bottom) = layout.bounds();
    for label in &layout.labels {
        left = left.min(label.at.x - 0.25);
        right = right.max(label.at.x + 0.25);
        top = top.min(label.at.y - 0.25);
        bottom = bottom.max(label.at.y + 0.25);
    }
    let hand_rows = hands::place(pos, left, &mut top, &mut right, &mut bottom);
    let caption_y = bottom + 0.45;
    bottom = caption_y + 0.25;
    let width = num((right - left + 2.0 * MARGIN) * SCALE);
    let height = num((bottom - top + 2.0 * MARGIN) * SCALE);
    let mut c = Canvas {
        out: String::new(),
        origin: Point::new(left - MARGIN, top - MARGIN),
    };
    let caption = caption(pos);
    c.line(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"{FONT}\">"
    ));
    c.line(&format!(
        "<title>{} — {}</title>",
        escape(&ir.name),
        escape(&caption)
    ));
    c.line(&format!(
        "<rect class=\"background\" x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>"
    ));

    layers::cells(&mut c, game, &layout);
    layers::marks(&mut c, game, &layout);
    layers::last_move(&mut c, game, &layout, options);
    layers::highlight(&mut c, game, &layout, options);
    layers::coordinates(&mut c, game, &layout);
    layers::pieces(&mut c, pos, &layout, &colours);
    if let Some(rows) = &hand_rows {
        hands::draw(&mut c, pos, rows, &colours);
    }
    layers::arrows(&mut c, game, &layout, options);

    // The caption: the game and whose move it is (a dot in their colour).
    c.line(&format!(
        "<circle class=\"to-move\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#333333\" stroke-width=\"1\"/>",
        c.x(left + 0.15),
        c.y(caption_y),
        c.len(0.13),
        colours[pos.to_move()]
    ));
    c.line(&format!(
        "<text class=\"caption\" x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"#333333\" dominant-baseline=\"central\">{} — {}</text>",
        c.x(left + 0.4),
        c.y(caption_y),
        c.len(0.26),
        escape(&ir.name),
        escape(&caption)
    ));
    c.line("</svg>");
    c.out
}

/// Whose move it is, or how the game ended.
fn caption(pos: &Position) -> String {
    let game = pos.game();
    let players = &game.ir().players;
    match pos.clone().result() {
        Some(result) => {
            let end = match result.end {
                crate::GameEnd::Checkmate => "checkmate",
                crate::GameEnd::Stalemate => "stalemate",
                crate::GameEnd::Repetition => "repetition",
                crate::GameEnd::MoveRule => "move rule",
                crate::GameEnd::InsufficientMaterial => "insufficient material",
                crate::GameEnd::Agreement => "agreed draw",
                crate::GameEnd::Time => "loss on time",
                crate::GameEnd::WinningArrival => "winning arrival",
                crate::GameEnd::LastInPlay => "the others are out",
                crate::GameEnd::Extinction => "extinction",
                crate::GameEnd::Checks => "checks given",
                crate::GameEnd::Counting => "count run out",
                crate::GameEnd::DoublePass => "two passes",
                crate::GameEnd::Facing => "facing passed",
            };
            match (result.winner, result.loser) {
                (Some(p), _) => format!("{end}: {} wins", players[p].name),
                (None, Some(p)) => format!("{end}: {} loses", players[p].name),
                (None, None) => format!("{end}: draw"),
            }
        }
        None => format!("{} to move", players[pos.to_move()].name),
    }
}

/// The outline moved `by` towards the centre (a highlight inside the edge).
fn shrunk(shape: &Shape, by: f64) -> Vec<Point> {
    let r = shape.inradius().max(1e-9);
    let k = (r - by) / r;
    let c = shape.centre;
    shape
        .corners
        .iter()
        .map(|p| Point::new(c.x + (p.x - c.x) * k, c.y + (p.y - c.y) * k))
        .collect()
}

/// An arrow from centre to centre: a shaft and a head, as one outline.
fn arrow(from: Point, to: Point) -> Vec<Point> {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let length = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / length, dy / length);
    let (nx, ny) = (-uy, ux);
    let head = 0.38f64.min(length * 0.6);
    let (shaft, wing) = (0.075, 0.2);
    // From the edge of the piece on `from`, so it stays visible.
    let skip = 0.3f64.min(length * 0.25);
    let start = Point::new(from.x + ux * skip, from.y + uy * skip);
    let base = Point::new(to.x - ux * head, to.y - uy * head);
    let at = |p: Point, w: f64| Point::new(p.x + nx * w, p.y + ny * w);
    vec![
        at(start, shaft),
        at(base, shaft),
        at(base, wing),
        to,
        at(base, -wing),
        at(base, -shaft),
        at(start, -shaft),
    ]
}

/// One piece: a circle in its owner's colour with its glyph or letter.
fn write_piece(
    c: &mut Canvas,
    game: &Game,
    colours: &[&str],
    code: u8,
    at: Point,
    radius: f64,
    cell: Option<&str>,
) {
    let owner = game.owner_of(code);
    let kind = &game.ir().kinds[game.kind_of(code)];
    let fill = colours[owner];
    let ink = ink_on(fill);
    let (text, size) = match chess_glyph(&kind.name) {
        Some(g) => (g.to_string(), 1.25 * radius),
        None => (kind.letter.to_string(), 1.1 * radius),
    };
    let cell = cell.map_or(String::new(), |c| format!(" data-cell=\"{c}\""));
    c.line(&format!(
        "<g class=\"piece\"{cell} data-piece=\"{}\" data-player=\"{}\">",
        escape(&kind.name),
        escape(&game.ir().players[owner].name)
    ));
    c.line(&format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"#333333\" stroke-width=\"1.5\"/>",
        c.x(at.x),
        c.y(at.y),
        c.len(radius)
    ));
    c.line(&format!(
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{ink}\">{}</text>",
        c.x(at.x),
        c.y(at.y + 0.04 * radius),
        c.len(size),
        escape(&text)
    ));
    c.line("</g>");
}

/// A declaration marker: a small flag in its player's colour.
fn write_marker(c: &mut Canvas, at: Point, r: f64, fill: &str, cell: &str) {
    let pole = at.x - 0.3 * r;
    let flag = c.points(&[
        Point::new(pole, at.y - 0.55 * r),
        Point::new(pole + 0.75 * r, at.y - 0.3 * r),
        Point::new(pole, at.y - 0.05 * r),
    ]);
    c.line(&format!(
        "<g class=\"marker\" data-cell=\"{cell}\" stroke=\"#333333\" stroke-width=\"1.5\"><line x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{}\"/><polygon points=\"{flag}\" fill=\"{fill}\"/></g>",
        c.y(at.y - 0.55 * r),
        c.y(at.y + 0.55 * r),
        x = c.x(pole),
    ));
}
