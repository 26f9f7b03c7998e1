//! FEN, for rectangular two-player boards, compatible with Fairy-Stockfish.

use super::{
    cell_at, check_reachable, ep_field, gates, holdings, set_ep_from_cells, square_geometry, Field,
    PositionError,
};
use crate::game::{Game, EMPTY};
use crate::ir;
use crate::position::Position;

pub fn parse_fen<'g>(game: &'g Game, text: &str) -> Result<Position<'g>, PositionError> {
    let (width, height, _) = square_geometry(game).ok_or(PositionError::NeedsRectangularBoard)?;
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    // The short FEN (`... w 0 1`): no castling and no
    // en-passant field, in a game with neither.
    let short = fields.len() >= 3
        && fields.len() <= 4
        && fields[2..]
            .iter()
            .all(|f| f.bytes().all(|b| b.is_ascii_digit()))
        && game.ir.castlings.is_empty()
        && !gates::uses_gates(game);
    if short {
        fields.splice(2..2, ["-", "-"]);
    }
    let mut fields = fields.into_iter();
    let placement = fields.next().ok_or(PositionError::EmptyFen)?;
    let mut pos = Position::empty(game);
    let (placement, holdings) = holdings::split_holdings(game, placement, height)?;
    read_placement(game, &mut pos, placement, width, height)?;
    if let Some(text) = holdings {
        holdings::read_holdings(game, &mut pos, text)?;
    }
    match fields.next() {
        None | Some("w") => {}
        Some("b") => pos.set_to_move(1),
        Some(other) => {
            return Err(PositionError::BadSideToMove {
                text: other.to_string(),
            })
        }
    }
    let castling_field_text = fields.next();
    let gates = castling_field_text.filter(|_| gates::uses_gates(game));
    let gating = gates::gating_of(game).is_some();
    let (granted, gate_letters) = match castling_field_text.filter(|_| gates.is_none()) {
        Some(castling) => read_castling_field(game, &mut pos, castling, gating)?,
        None => (Vec::new(), Vec::new()),
    };
    // FEN cannot say which pieces moved: those on their setup cells have not
    // (but for the gates, where the game has them).
    pos.mark_setup_pieces_unmoved();
    if let Some(gates) = gates {
        gates::read_gates(game, &mut pos, gates)?;
    }
    if gating {
        gates::read_gating(game, &mut pos, &granted, &gate_letters)?;
    }
    pos.grant_all_budgets();
    // A running count stands in the en-passant field (Fairy-Stockfish's
    // counting rules), its plies counted in the halfmove clock's.
    let mut count_limit = 0;
    if let Some(ep) = fields.next() {
        if game.counting.is_some() && !ep.is_empty() && ep.bytes().all(|b| b.is_ascii_digit()) {
            count_limit = read_count_limit(ep)?;
        } else if ep == "0" {
            // Fairy-Stockfish's "no count running" in its counting variants
            // (a count field of `0`).
        } else if ep != "-" {
            set_ep_from_cells(game, &mut pos, ep, None)?;
        }
    }
    let mut fields = fields.peekable();
    // Fairy-Stockfish's check counter, checks remaining (`3+3`).
    if let Some(&counter) = fields.peek() {
        if counter.contains('+') && !counter.starts_with('+') {
            fields.next();
            read_checks(&mut pos, counter, false)?;
        }
    }
    if let Some(h) = fields.next() {
        pos.halfmove = h.parse().map_err(|_| PositionError::BadNumber {
            field: Field::Halfmove,
            text: h.to_string(),
        })?;
    }
    if let Some(f) = fields.next() {
        pos.fullmove = f.parse().map_err(|_| PositionError::BadNumber {
            field: Field::MoveNumber,
            text: f.to_string(),
        })?;
        if pos.fullmove == 0 {
            return Err(PositionError::MoveNumberZero {
                field: Field::MoveNumber,
            });
        }
    }
    // Lichess's check counter, checks given (`+1+0`), after the move number.
    if let Some(&counter) = fields.peek() {
        if counter.starts_with('+') {
            fields.next();
            read_checks(&mut pos, counter, true)?;
        }
    }
    if let Some(extra) = fields.next() {
        return Err(PositionError::ExtraField {
            text: extra.to_string(),
        });
    }
    if count_limit > 0 {
        let counted = std::mem::take(&mut pos.halfmove);
        pos.set_counting(count_limit, counted);
    }
    pos.refresh_rule_state();
    check_reachable(&pos)?;
    Ok(pos)
}

/// A counting rule's limit in plies, as Fairy-Stockfish writes it.
fn read_count_limit(text: &str) -> Result<u32, PositionError> {
    let max = 2 * crate::game::MAX_COUNT_MOVES;
    text.parse()
        .ok()
        .filter(|&n| n <= max)
        .ok_or_else(|| PositionError::BadCount {
            text: text.to_string(),
            max,
        })
}

/// A check counter: `R+R` (checks remaining, Fairy-Stockfish) or `+G+G`
/// (checks given, lichess), first player first.
fn read_checks(pos: &mut Position, text: &str, given: bool) -> Result<(), PositionError> {
    let limit = pos.game.rule_ends.as_ref().map_or(0, |r| r.checks_to_win);
    if limit == 0 {
        return Err(PositionError::ChecksNotCounted {
            text: text.to_string(),
        });
    }
    let bad = || PositionError::BadChecks {
        text: text.to_string(),
        limit,
    };
    let body = if given { &text[1..] } else { text };
    let mut parts = body.split('+');
    let mut counts = [0u32; 2];
    for count in &mut counts {
        let n: u32 = parts.next().and_then(|t| t.parse().ok()).ok_or_else(bad)?;
        if n > limit {
            return Err(bad());
        }
        *count = if given { n } else { limit - n };
    }
    if parts.next().is_some() {
        return Err(bad());
    }
    for (player, &n) in counts.iter().enumerate() {
        pos.set_checks_given(player, n as u8);
    }
    Ok(())
}

/// The placement field: ranks from the top, each of piece letters, counts
/// of empty cells and bracketed stacks `(carrier cargo)`, put on `pos`.
fn read_placement(
    game: &Game,
    pos: &mut Position,
    placement: &str,
    width: u16,
    height: u16,
) -> Result<(), PositionError> {
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != height as usize {
        return Err(PositionError::RankCount {
            given: rows.len(),
            height,
        });
    }
    for (i, row) in rows.iter().enumerate() {
        let y = height as i32 - 1 - i as i32;
        let rank = y as usize + 1;
        let mut x = 0i32;
        let mut chars = row.chars().peekable();
        // The cell of the last piece read, for a `~` after it.
        let mut last_piece: Option<usize> = None;
        // `+X`: the kind X promotes to (a FEN's promoted pieces).
        let mut promoted_prefix = false;
        while let Some(ch) = chars.next() {
            if ch == '+' {
                promoted_prefix = true;
                if !chars.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                    return Err(PositionError::StrayPlus { rank });
                }
                continue;
            }
            if ch == '~' {
                let cell = last_piece
                    .take()
                    .ok_or(PositionError::StrayPromotedMark { rank })?;
                // Marks matter only where the game reverts promoted pieces.
                pos.mark_promoted(cell);
                continue;
            }
            last_piece = None;
            if let Some(d) = ch.to_digit(10) {
                let mut n = d;
                let mut digits = ch.to_string();
                while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(d2);
                    if digits.len() < 8 {
                        digits.push(chars.next().unwrap());
                    } else {
                        chars.next();
                    }
                }
                if ch == '0' {
                    return Err(PositionError::EmptyCountLeadingZero { rank, text: digits });
                }
                if n > width as u32 {
                    return Err(PositionError::TooManyEmpty {
                        rank,
                        count: n,
                        width,
                    });
                }
                x += n as i32;
                continue;
            }
            let letter_kind = |ch: char| {
                game.kind_by_letter(&ch.to_string())
                    .filter(|_| ch.is_ascii_alphabetic())
                    .ok_or(PositionError::UnknownLetter { rank, letter: ch })
            };
            let owner_of = |ch: char| if ch.is_uppercase() { 0 } else { 1 };
            let wall = game
                .wall
                .map(|code| game.shape.kind_of[code as usize] as usize);
            let (player, kind) = if let (true, Some(kind)) = (ch == '*', wall) {
                // The wall piece (`wall KIND`), Fairy-Stockfish's `*`.
                (0, kind)
            } else if ch == '(' {
                let mut closed = false;
                let inner: String = chars
                    .by_ref()
                    .take_while(|&c| {
                        closed = c == ')';
                        !closed
                    })
                    .collect();
                if !closed {
                    return Err(PositionError::UnclosedFenStack { rank, text: inner });
                }
                let letters: Vec<char> = inner.chars().collect();
                let [carrier, cargo] = letters[..] else {
                    return Err(PositionError::BadFenStack { rank, text: inner });
                };
                let kind = game
                    .stack_kind(
                        letter_kind(carrier)?,
                        letter_kind(cargo)?,
                        owner_of(carrier),
                    )
                    .ok_or_else(|| PositionError::FenStackNotAllowed {
                        rank,
                        text: inner.clone(),
                    })?;
                (owner_of(cargo), kind)
            } else if std::mem::take(&mut promoted_prefix) {
                let kind = letter_kind(ch)?;
                let promoted = game
                    .promoted_kind(kind)
                    .ok_or(PositionError::NoPromotedKind { rank, letter: ch })?;
                (owner_of(ch), promoted)
            } else {
                (owner_of(ch), letter_kind(ch)?)
            };
            if x >= width as i32 {
                return Err(PositionError::RankTooLong { rank, width });
            }
            let cell = cell_at(game, x, y).ok_or(PositionError::NoCellAtFile {
                rank,
                file: x as usize + 1,
            })?;
            pos.put(cell, game.code(player, kind));
            last_piece = Some(cell);
            x += 1;
        }
        if x != width as i32 {
            return Err(PositionError::RankWidth {
                rank,
                described: x as usize,
                width,
            });
        }
    }
    Ok(())
}

/// The castling field's rights (granted on `pos`), and in a game that
/// gates, its gate letters: (the partner cells granted, the gate letters).
fn read_castling_field(
    game: &Game,
    pos: &mut Position,
    castling: &str,
    gating: bool,
) -> Result<(Vec<usize>, Vec<char>), PositionError> {
    let mut gate_letters = Vec::new();
    let mut granted = Vec::new();
    if castling != "-" {
        for ch in castling.chars() {
            // In a game that gates, a file letter names a gate, and a
            // castling right too where its piece is a castling partner
            // (rights written by file, `ABCDEFGH`).
            if gating && !ch.eq_ignore_ascii_case(&'K') && !ch.eq_ignore_ascii_case(&'Q') {
                gate_letters.push(ch);
                let castles = |cell: usize| {
                    game.ir.castlings.iter().any(|c| {
                        c.fixed && c.partner_from as usize == cell && {
                            let king = pos.board[c.king_from as usize];
                            king != EMPTY
                                && game
                                    .castling
                                    .as_ref()
                                    .is_some_and(|k| k.king_code[king as usize])
                                && game.shape.owner[king as usize] == c.player
                        }
                    })
                };
                // A right only for a fixed-landing castling (whose rights
                // FEN writes by file) whose king stands ready;
                // elsewhere rights are K and Q, and a file a gate alone.
                if let Some(cell) = castling_letter_cell(game, pos, ch)
                    .ok()
                    .filter(|&c| castles(c))
                {
                    if !granted.contains(&cell) {
                        granted.push(cell);
                        pos.grant_right(cell);
                    }
                }
                continue;
            }
            let cell = castling_letter_cell(game, pos, ch)?;
            if granted.contains(&cell) {
                return Err(PositionError::CastlingRightTwice {
                    given: ch.to_string(),
                    cell: game.ir.cells[cell].name.clone(),
                });
            }
            granted.push(cell);
            pos.grant_right(cell);
        }
    }
    Ok((granted, gate_letters))
}

/// The partner cell a FEN castling letter names.
fn castling_letter_cell(game: &Game, pos: &Position, ch: char) -> Result<usize, PositionError> {
    let player = if ch.is_uppercase() { 0 } else { 1 };
    let options: Vec<&ir::Castling> = game
        .ir
        .castlings
        .iter()
        .filter(|c| c.player as usize == player)
        .collect();
    let coord = |c: u16| game.ir.cells[c as usize].coord;
    let holds = |cell: u16| {
        let code = pos.board[cell as usize];
        code != EMPTY && game.shape.owner[code as usize] as usize == player
    };
    // The castling's partner kind on its partner cell.
    let partner_on = |c: &ir::Castling| {
        let code = pos.board[c.partner_from as usize];
        holds(c.partner_from)
            && (c.partner_kinds == 0
                || c.partner_kinds >> game.shape.kind_of[code as usize] & 1 != 0)
    };
    let found = match ch.to_ascii_uppercase() {
        'K' | 'Q' => {
            let king_side = ch.eq_ignore_ascii_case(&'K');
            // The castling king itself on `king_from` (a fixed-landing
            // castling has one from every cell of its homes).
            let king_on = |cell: u16| {
                let code = pos.board[cell as usize];
                holds(cell)
                    && game
                        .castling
                        .as_ref()
                        .is_some_and(|k| k.king_code[code as usize])
            };
            options
                .iter()
                .filter(|c| partner_on(c) && king_on(c.king_from))
                .filter(|c| (coord(c.partner_from).0 > coord(c.king_from).0) == king_side)
                .max_by_key(|c| {
                    let x = coord(c.partner_from).0;
                    if king_side {
                        x
                    } else {
                        -x
                    }
                })
                .map(|c| c.partner_from)
        }
        letter => {
            let (_, _, files) = square_geometry(game).unwrap();
            let file = files
                .iter()
                .position(|f| f.eq_ignore_ascii_case(&letter.to_string()))
                .ok_or(PositionError::BadCastlingLetter { letter: ch })?;
            options
                .iter()
                .filter(|c| coord(c.partner_from).0 == file as i32 && partner_on(c))
                .map(|c| c.partner_from)
                .next()
        }
    };
    found
        .map(|c| c as usize)
        .ok_or(PositionError::NoCastlingPartner { letter: ch })
}

pub fn write_fen(pos: &Position) -> Option<String> {
    let game = pos.game;
    let (width, height, _) = square_geometry(game)?;
    // FEN cannot say that a king which castled still may castle again, nor
    // what was declared: such games need the general notation.
    if game.kings_castling_rights() || !game.ir.agreements.is_empty() {
        return None;
    }
    // FEN has no place for side cells: a position using them needs the general notation.
    if game
        .ir
        .cells
        .iter()
        .enumerate()
        .any(|(c, info)| info.side && pos.board[c] != EMPTY)
    {
        return None;
    }
    let mut out = String::new();
    for y in (0..height as i32).rev() {
        let mut empty = 0;
        for x in 0..width as i32 {
            let cell = cell_at(game, x, y);
            let code = cell.map_or(EMPTY, |c| pos.board[c]);
            if code == EMPTY {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out += &empty.to_string();
                empty = 0;
            }
            let cased = |code: u8| {
                let letter = game.ir.kinds[game.shape.kind_of[code as usize] as usize].letter;
                if game.shape.owner[code as usize] == 0 {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                }
            };
            let (carrier, cargo) = game.stack_parts(code);
            if Some(code) == game.wall {
                out.push('*');
            } else if carrier != EMPTY {
                out.push('(');
                out.push(cased(carrier));
                out.push(cased(cargo));
                out.push(')');
            } else {
                out.push(cased(code));
                if cell.is_some_and(|c| pos.is_promoted(c)) {
                    out.push('~');
                }
            }
        }
        if empty > 0 {
            out += &empty.to_string();
        }
        if y > 0 {
            out.push('/');
        }
    }
    out += &holdings::write_holdings(pos);
    out += if pos.to_move == 0 { " w " } else { " b " };
    out += &castling_field(pos);
    out.push(' ');
    // Fairy-Stockfish writes a running count in place of the en-passant
    // field (its limit) and of the halfmove clock (the plies counted).
    let count = pos.counting();
    match count {
        Some((limit, _)) => out += &limit.to_string(),
        None => out += &ep_field(pos),
    }
    if let Some(limit) = game
        .rule_ends
        .as_ref()
        .map(|r| r.checks_to_win)
        .filter(|&n| n > 0)
    {
        let left = |p: usize| limit - pos.checks_given(p);
        out += &format!(" {}+{}", left(0), left(1));
    }
    let clock = count.map_or(pos.halfmove, |(_, ply)| ply);
    out += &format!(" {} {}", clock, pos.fullmove);
    Some(out)
}

fn castling_field(pos: &Position) -> String {
    let game = pos.game;
    if gates::uses_gates(game) {
        return gates::write_gates(pos);
    }
    let mut s = castling_rights_field(pos);
    if gates::gating_of(game).is_some() {
        s = gates::with_gating(pos, s);
    }
    if s.is_empty() {
        "-".into()
    } else {
        s
    }
}

/// The castling rights as FEN letters (empty for none).
fn castling_rights_field(pos: &Position) -> String {
    let game = pos.game;
    let mut s = String::new();
    for player in 0..2 {
        for letter in ['K', 'Q'] {
            let Ok(cell) = castling_letter_cell(
                game,
                pos,
                if player == 0 {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                },
            ) else {
                continue;
            };
            let bit = game
                .right_cells()
                .iter()
                .position(|&c| c as usize == cell)
                .unwrap();
            if pos.rights >> bit & 1 != 0 {
                s.push(if player == 0 {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                });
            }
        }
    }
    // Rights not expressible as K/Q (an inner partner) use the file letter.
    for (bit, &cell) in game.right_cells().iter().enumerate() {
        if pos.rights >> bit & 1 == 0 {
            continue;
        }
        let code = pos.board[cell as usize];
        let player = if code == EMPTY {
            0
        } else {
            game.shape.owner[code as usize] as usize
        };
        let covered = ['K', 'Q'].iter().any(|&l| {
            let l = if player == 0 {
                l
            } else {
                l.to_ascii_lowercase()
            };
            castling_letter_cell(game, pos, l).ok() == Some(cell as usize)
        });
        if !covered {
            if let Some((_, _, files)) = square_geometry(game) {
                let file = &files[game.ir.cells[cell as usize].coord.0 as usize];
                s += &if player == 0 {
                    file.to_uppercase()
                } else {
                    file.to_lowercase()
                };
            }
        }
    }
    s
}
