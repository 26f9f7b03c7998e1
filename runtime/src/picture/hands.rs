//! The hands of a game with hands (`hand`, `drop`): a row per player
//! beside the board, the player's name then each kind it holds as a piece
//! with its count. The first player's row stands under the board (above
//! the caption), the others' over it, the second player's topmost, as
//! the board's far side is theirs in a two-player game. A row is drawn
//! even when the hand is empty (a dash), so that the board keeps its place as
//! pieces come and go. A game without hands gets no row, and its picture
//! is what it was before hands existed.
//!
//! Each held kind is a group `hand-piece` naming the player, the kind,
//! its letter and the count (`data-player`, `data-piece`, `data-letter`,
//! `data-count`): the web board finds the piece to drop there.

use super::{escape, write_piece, Canvas};
use crate::layout::Point;
use crate::position::Position;

/// The height of a hand's row, in units of the plane.
const ROW: f64 = 0.8;
/// A hand's piece radius (a board piece on a square is 0.37).
const RADIUS: f64 = 0.3;
/// The size of the player's name and the counts.
const FONT_SIZE: f64 = 0.26;
/// A rough width of one character at `FONT_SIZE`: the picture is text,
/// not measured, so the view box is made wide enough for this estimate.
const CHAR_WIDTH: f64 = 0.17;

/// Where every player's hand row stands: the centre line of each, by
/// player, the left edge the rows start from, and where their pieces
/// start (after the longest name, so that the rows' pieces line up).
pub(super) struct HandRows {
    centres: Vec<f64>,
    left: f64,
    pieces_at: f64,
}

/// The rows of the hands, if the game has hands, and the bounds of the
/// picture grown to hold them (`top` and `bottom` by a row per player,
/// `right` to the widest row). Without hands the bounds are untouched.
pub(super) fn place(
    pos: &Position,
    left: f64,
    top: &mut f64,
    right: &mut f64,
    bottom: &mut f64,
) -> Option<HandRows> {
    let game = pos.game();
    game.ir().hands.as_ref()?;
    let players = game.players();
    let mut centres = vec![0.0; players];
    // The second player's row topmost, the others' below it in seat order.
    let over = players.saturating_sub(1) as f64;
    for (player, centre) in centres.iter_mut().enumerate().skip(1) {
        *centre = *top - over * ROW + (player as f64 - 0.5) * ROW;
    }
    *top -= over * ROW;
    centres[0] = *bottom + 0.5 * ROW;
    *bottom += ROW;
    let label = (0..players)
        .map(|player| label_width(pos, player))
        .fold(0.0, f64::max);
    for player in 0..players {
        *right = right.max(left + label + pieces_width(pos, player));
    }
    Some(HandRows {
        centres,
        left,
        pieces_at: left + label,
    })
}

/// The width of the player's name and the gap after it.
fn label_width(pos: &Position, player: usize) -> f64 {
    let name = &pos.game().ir().players[player].name;
    name.chars().count() as f64 * CHAR_WIDTH + 0.3
}

/// The room one held kind takes: its piece and its count.
fn step(count: u16) -> f64 {
    2.0 * RADIUS + 0.25 + count.to_string().len() as f64 * CHAR_WIDTH
}

/// The kinds the player holds, in kind order, with their counts.
fn held<'p>(pos: &'p Position, player: usize) -> impl Iterator<Item = (usize, u16)> + 'p {
    (0..pos.game().kinds())
        .map(move |kind| (kind, pos.in_hand(player, kind)))
        .filter(|&(_, count)| count > 0)
}

/// The width of a player's pieces: every held kind (an empty hand's dash
/// takes the room of a short count).
fn pieces_width(pos: &Position, player: usize) -> f64 {
    let pieces = held(pos, player).map(|(_, n)| step(n)).sum::<f64>();
    pieces.max(0.4)
}

/// Paints every hand row.
pub(super) fn draw(c: &mut Canvas, pos: &Position, rows: &HandRows, colours: &[&str]) {
    let game = pos.game();
    let ir = game.ir();
    c.line("<g class=\"hands\" dominant-baseline=\"central\">");
    for (player, &y) in rows.centres.iter().enumerate() {
        let name = escape(&ir.players[player].name);
        c.line(&format!("<g class=\"hand\" data-player=\"{name}\">"));
        c.line(&format!(
            "<text class=\"hand-label\" x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"#333333\">{name}</text>",
            c.x(rows.left),
            c.y(y),
            c.len(FONT_SIZE)
        ));
        let mut x = rows.pieces_at;
        if held(pos, player).next().is_none() {
            // A dash for nothing held, as the terminal board writes it.
            c.line(&format!(
                "<text class=\"hand-empty\" x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"#8a8a8a\">–</text>",
                c.x(x + 0.1),
                c.y(y),
                c.len(FONT_SIZE)
            ));
        }
        for (kind, count) in held(pos, player) {
            let info = &ir.kinds[kind];
            c.line(&format!(
                "<g class=\"hand-piece\" data-player=\"{name}\" data-piece=\"{}\" data-letter=\"{}\" data-count=\"{count}\" text-anchor=\"middle\">",
                escape(&info.name),
                escape(&info.letter.to_string())
            ));
            let at = Point::new(x + RADIUS, y);
            write_piece(c, game, colours, game.code(player, kind), at, RADIUS, None);
            c.line(&format!(
                "<text class=\"hand-count\" x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"#333333\" text-anchor=\"start\">{count}</text>",
                c.x(x + 2.0 * RADIUS + 0.08),
                c.y(y),
                c.len(FONT_SIZE)
            ));
            c.line("</g>");
            x += step(count);
        }
        c.line("</g>");
    }
    c.line("</g>");
}
