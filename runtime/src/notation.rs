//! Text forms of positions and moves.
//!
//! - FEN, for rectangular two-player boards, compatible with Fairy-Stockfish:
//!   multi-digit empty counts, castling as `KQkq` (outermost partner on that
//!   side) or file letters, en-passant cells (several, comma-separated, when a
//!   ride passed over more than one), counters optional.
//! - The general notation, for any board and any number of players:
//!   `white: Kg1 Qe1 Pb1; black: Kg10; turn white; castling a1 h1; ep f3 victim f4; clocks 0 1`
//!   (everything after the piece lists is optional; games with agreements
//!   add `declared white file_promotion` and `agreed file_promotion`).
//! - Stacks (a cargo aboard a carrier): in FEN `(Sa)`, the carrier's letter
//!   then the cargo's, each cased by its owner (a white Ship carrying a black
//!   Amazon); in the general notation under the cargo's owner, `A(S)a1` for
//!   the player's own Ship, `A(S:white)a1` for another player's.
//! - Moves: `<from><to>[promotion letter]`; a castling whose king move is also
//!   a plain king move carries its partner: `e1d1/b1`; a castling the game
//!   names is written by its name (`0-0-0`). The cargo of a stack leaving it
//!   adds `/cargo`; a move that ends sharing its cell as a stack (loading,
//!   boarding, taking aboard) adds `/board`.

use crate::game::{Game, EMPTY};
use crate::ir::{self, Geometry};
use crate::position::{Move, MoveKind, Position, NO_CELL};

/// Parses FEN or the general notation (chosen by the presence of `:`).
pub fn parse_position<'g>(game: &'g Game, text: &str) -> Result<Position<'g>, String> {
    let text = text.trim();
    if text.contains(':') {
        parse_general(game, text)
    } else {
        parse_fen(game, text)
    }
}

fn square_geometry(game: &Game) -> Option<(u16, u16, &[String])> {
    match &game.ir.geometry {
        Geometry::Square {
            width,
            height,
            files,
        } if game.players == 2 => Some((*width, *height, files.as_slice())),
        _ => None,
    }
}

fn cell_at(game: &Game, x: i32, y: i32) -> Option<usize> {
    game.ir.cells.iter().position(|c| c.coord == (x, y))
}

pub fn parse_fen<'g>(game: &'g Game, text: &str) -> Result<Position<'g>, String> {
    let (width, height, _) = square_geometry(game).ok_or_else(|| {
        "FEN needs a rectangular two-player board; use the general notation \
         (`white: Ke1 ...; black: ...`)"
            .to_string()
    })?;
    let mut fields = text.split_whitespace();
    let placement = fields.next().ok_or("empty FEN")?;
    let mut pos = Position::empty(game);
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != height as usize {
        return Err(format!(
            "FEN placement has {} ranks, the board has {height}",
            rows.len()
        ));
    }
    for (i, row) in rows.iter().enumerate() {
        let y = height as i32 - 1 - i as i32;
        let mut x = 0i32;
        let mut chars = row.chars().peekable();
        while let Some(ch) = chars.next() {
            if let Some(d) = ch.to_digit(10) {
                let mut n = d;
                while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(d2);
                    chars.next();
                }
                if n > width as u32 {
                    return Err(format!(
                        "FEN rank {}: {n} empty cells on a board {width} wide",
                        y + 1
                    ));
                }
                x += n as i32;
                continue;
            }
            let letter_kind = |ch: char| {
                game.kind_by_letter(&ch.to_string())
                    .filter(|_| ch.is_ascii_alphabetic())
                    .ok_or_else(|| format!("FEN rank {}: unknown piece letter '{ch}'", y + 1))
            };
            let owner_of = |ch: char| if ch.is_uppercase() { 0 } else { 1 };
            let (player, kind) = if ch == '(' {
                let inner: String = chars.by_ref().take_while(|&c| c != ')').collect();
                let letters: Vec<char> = inner.chars().collect();
                let [carrier, cargo] = letters[..] else {
                    return Err(format!(
                        "FEN rank {}: a stack is written (carrier cargo), e.g. (Sa), not ({inner})",
                        y + 1
                    ));
                };
                let kind = game
                    .stack_kind(
                        letter_kind(carrier)?,
                        letter_kind(cargo)?,
                        owner_of(carrier),
                    )
                    .ok_or_else(|| {
                        format!(
                            "FEN rank {}: ({inner}) is not a stack this game allows",
                            y + 1
                        )
                    })?;
                (owner_of(cargo), kind)
            } else {
                (owner_of(ch), letter_kind(ch)?)
            };
            if x >= width as i32 {
                return Err(format!("FEN rank {} is longer than {width} cells", y + 1));
            }
            let cell = cell_at(game, x, y)
                .ok_or_else(|| format!("FEN rank {}: no cell at file {}", y + 1, x + 1))?;
            pos.put(cell, game.code(player, kind));
            x += 1;
        }
        if x != width as i32 {
            return Err(format!(
                "FEN rank {} describes {x} cells, the board is {width} wide",
                y + 1
            ));
        }
    }
    match fields.next() {
        None | Some("w") => {}
        Some("b") => pos.set_to_move(1),
        Some(other) => return Err(format!("FEN side to move must be w or b, not '{other}'")),
    }
    if let Some(castling) = fields.next() {
        if castling != "-" {
            for ch in castling.chars() {
                let cell = castling_letter_cell(game, &pos, ch)?;
                pos.grant_right(cell);
            }
        }
    }
    // FEN cannot say which pieces moved: those on their setup cells have not.
    pos.mark_setup_pieces_unmoved();
    pos.grant_all_budgets();
    if let Some(ep) = fields.next() {
        if ep != "-" {
            set_ep_from_cells(game, &mut pos, ep, None)?;
        }
    }
    if let Some(h) = fields.next() {
        pos.halfmove = h
            .parse()
            .map_err(|_| format!("FEN halfmove clock '{h}' is not a number"))?;
    }
    if let Some(f) = fields.next() {
        pos.fullmove = f
            .parse()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| format!("FEN move number '{f}' is not a positive number"))?;
    }
    if let Some(extra) = fields.next() {
        return Err(format!("FEN has an unexpected extra field '{extra}'"));
    }
    Ok(pos)
}

/// The partner cell a FEN castling letter names.
fn castling_letter_cell(game: &Game, pos: &Position, ch: char) -> Result<usize, String> {
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
        code != EMPTY && game.owner[code as usize] as usize == player
    };
    let found = match ch.to_ascii_uppercase() {
        'K' | 'Q' => {
            let king_side = ch.to_ascii_uppercase() == 'K';
            options
                .iter()
                .filter(|c| holds(c.partner_from) && holds(c.king_from))
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
                .ok_or_else(|| format!("castling field: '{ch}' is neither K, Q nor a file"))?;
            options
                .iter()
                .filter(|c| coord(c.partner_from).0 == file as i32 && holds(c.partner_from))
                .map(|c| c.partner_from)
                .next()
        }
    };
    found.map(|c| c as usize).ok_or_else(|| {
        format!("castling right '{ch}': no castling partner of that player stands there")
    })
}

/// Sets en passant from cell names; the victim is the previous mover's piece
/// whose passing ride went over those cells.
fn set_ep_from_cells(
    game: &Game,
    pos: &mut Position,
    text: &str,
    given_victim: Option<usize>,
) -> Result<(), String> {
    // Cells separated by commas, or run together as Fairy-Stockfish writes them (`e3e4`).
    let mut cells: Vec<u16> = Vec::new();
    for part in text.split(',') {
        let mut rest = part;
        while !rest.is_empty() {
            let split = (1..=rest.len())
                .rev()
                .filter(|&i| rest.is_char_boundary(i))
                .find(|&i| game.cell(&rest[..i]).is_some())
                .ok_or_else(|| format!("en-passant cell '{rest}' is not on the board"))?;
            cells.push(game.cell(&rest[..split]).unwrap() as u16);
            rest = &rest[split..];
        }
    }
    if cells.is_empty() || cells.len() > crate::game::MAX_EN_PASSANT {
        return Err(format!(
            "en passant: {} cells given, 1..={} supported",
            cells.len(),
            crate::game::MAX_EN_PASSANT
        ));
    }
    let mut wanted = cells.clone();
    wanted.sort_unstable();
    let mover = (pos.to_move + game.players - 1) % game.players;
    for victim in pos.occupied_by[mover]
        .iter()
        .filter(|&v| given_victim.is_none_or(|g| g == v))
    {
        let kind = game.kind_of[pos.board[victim] as usize] as usize;
        for from in 0..game.cells {
            let set = game.moveset(mover, kind, from);
            for ray in &game.rays[set.ray_start as usize..][..set.ray_len as usize] {
                if ray.flags & ir::CREATES_EN_PASSANT == 0 {
                    continue;
                }
                let rc = &game.ray_cells[ray.start as usize..][..ray.len as usize];
                // The victim's ride must have passed exactly these cells,
                // from a cell that is now empty.
                if let Some(j) = rc.iter().position(|&c| c as usize == victim) {
                    let mut passed = rc[..j].to_vec();
                    passed.sort_unstable();
                    let first = ray.first_landing as usize;
                    if j >= first.max(1) && passed == wanted && pos.board[from] == EMPTY {
                        pos.set_en_passant(victim, from, &rc[..j]);
                        return Ok(());
                    }
                }
            }
        }
    }
    Err(format!(
        "en-passant cell {text}: no piece of the last mover passed over it"
    ))
}

pub fn write_fen(pos: &Position) -> Option<String> {
    let game = pos.game;
    let (width, height, _) = square_geometry(game)?;
    // FEN cannot say that a king which castled still may castle again, nor
    // what was declared: such games need the general notation.
    if game.repeatable_castling || !game.ir.agreements.is_empty() {
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
            let code = cell_at(game, x, y).map_or(EMPTY, |c| pos.board[c]);
            if code == EMPTY {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out += &empty.to_string();
                empty = 0;
            }
            let cased = |code: u8| {
                let letter = game.ir.kinds[game.kind_of[code as usize] as usize].letter;
                if game.owner[code as usize] == 0 {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                }
            };
            let (carrier, cargo) = game.stack_parts[code as usize];
            if carrier != EMPTY {
                out.push('(');
                out.push(cased(carrier));
                out.push(cased(cargo));
                out.push(')');
            } else {
                out.push(cased(code));
            }
        }
        if empty > 0 {
            out += &empty.to_string();
        }
        if y > 0 {
            out.push('/');
        }
    }
    out += if pos.to_move == 0 { " w " } else { " b " };
    out += &castling_field(pos);
    out.push(' ');
    out += &ep_field(pos);
    out += &format!(" {} {}", pos.halfmove, pos.fullmove);
    Some(out)
}

fn castling_field(pos: &Position) -> String {
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
                .right_cells
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
    for (bit, &cell) in game.right_cells.iter().enumerate() {
        if pos.rights >> bit & 1 == 0 {
            continue;
        }
        let code = pos.board[cell as usize];
        let player = if code == EMPTY {
            0
        } else {
            game.owner[code as usize] as usize
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
    if s.is_empty() {
        "-".into()
    } else {
        s
    }
}

fn ep_field(pos: &Position) -> String {
    if pos.ep_victim == NO_CELL {
        return "-".into();
    }
    pos.ep_cells[..pos.ep_len as usize]
        .iter()
        .map(|&c| pos.game.cell_name(c as usize).to_string())
        .collect::<Vec<_>>()
        .join(",")
}

pub fn write_general(pos: &Position) -> String {
    let game = pos.game;
    let mut parts = Vec::new();
    for (p, info) in game.ir.players.iter().enumerate() {
        let pieces: Vec<String> = pos.occupied_by[p]
            .iter()
            .map(|c| {
                format!(
                    "{}{}",
                    piece_token(game, p, pos.board[c]),
                    game.cell_name(c)
                )
            })
            .collect();
        parts.push(format!("{}: {}", info.name, pieces.join(" ")));
    }
    parts.push(format!("turn {}", game.ir.players[pos.to_move].name));
    let rights: Vec<&str> = game
        .right_cells
        .iter()
        .enumerate()
        .filter(|(bit, _)| pos.rights >> bit & 1 != 0)
        .map(|(_, &c)| game.cell_name(c as usize))
        .collect();
    if !rights.is_empty() {
        parts.push(format!("castling {}", rights.join(" ")));
    }
    let mut default = Position::empty(game);
    for c in 0..game.cells {
        if pos.board[c] != EMPTY {
            default.board[c] = pos.board[c];
        }
    }
    default.mark_setup_pieces_unmoved();
    let moved: Vec<&str> = default
        .unmoved
        .iter()
        .filter(|&c| !pos.unmoved.contains(c))
        .map(|c| game.cell_name(c))
        .collect();
    let unmoved: Vec<&str> = pos
        .unmoved
        .iter()
        .filter(|&c| !default.unmoved.contains(c))
        .map(|c| game.cell_name(c))
        .collect();
    if !moved.is_empty() {
        parts.push(format!("moved {}", moved.join(" ")));
    }
    if !unmoved.is_empty() {
        parts.push(format!("unmoved {}", unmoved.join(" ")));
    }
    let spent: Vec<&str> = game
        .ir
        .arrivals
        .iter()
        .enumerate()
        .filter(|(bit, _)| pos.budget >> bit & 1 == 0)
        .map(|(_, a)| game.ir.players[a.player as usize].name.as_str())
        .collect();
    if !spent.is_empty() {
        parts.push(format!("spent {}", spent.join(" ")));
    }
    for (p, info) in game.ir.players.iter().enumerate() {
        let made: Vec<&str> = game
            .ir
            .agreements
            .iter()
            .enumerate()
            .filter(|(a, _)| pos.declared >> (a * game.players + p) & 1 != 0)
            .map(|(_, a)| a.name.as_str())
            .collect();
        if !made.is_empty() {
            parts.push(format!("declared {} {}", info.name, made.join(" ")));
        }
    }
    let agreed: Vec<&str> = game
        .ir
        .agreements
        .iter()
        .enumerate()
        .filter(|(a, _)| pos.agreed >> a & 1 != 0)
        .map(|(_, a)| a.name.as_str())
        .collect();
    if !agreed.is_empty() {
        parts.push(format!("agreed {}", agreed.join(" ")));
    }
    if pos.ep_victim != NO_CELL {
        parts.push(format!(
            "ep {} victim {}",
            ep_field(pos),
            game.cell_name(pos.ep_victim as usize)
        ));
    }
    parts.push(format!("clocks {} {}", pos.halfmove, pos.fullmove));
    parts.join("; ")
}

pub fn parse_general<'g>(game: &'g Game, text: &str) -> Result<Position<'g>, String> {
    let mut pos = Position::empty(game);
    let mut seen_turn = false;
    let mut ep = None;
    let mut unmoved_changes = Vec::new();
    let mut spent = Vec::new();
    for part in text.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        if let Some((player_name, pieces)) = part.split_once(':') {
            let player = player_named(game, player_name.trim(), "")?;
            for token in pieces.split_whitespace() {
                let (kind, cell) = split_piece_token(game, player, token)?;
                if pos.board[cell] != EMPTY {
                    return Err(format!("cell {} is given two pieces", game.cell_name(cell)));
                }
                pos.put(cell, game.code(player, kind));
            }
            continue;
        }
        let words: Vec<&str> = part.split_whitespace().collect();
        match words.as_slice() {
            ["turn", name] => {
                let player = player_named(game, name, "turn: ")?;
                pos.set_to_move(player);
                seen_turn = true;
            }
            ["castling", cells @ ..] => {
                for name in cells.iter().filter(|n| **n != "-") {
                    let cell = game
                        .cell(name)
                        .ok_or_else(|| format!("castling: '{name}' is not a cell"))?;
                    if !pos.grant_right(cell) {
                        return Err(format!("castling: no castling uses the piece on {name}"));
                    }
                }
            }
            ["ep", cells, "victim", victim] => {
                let victim = game
                    .cell(victim)
                    .ok_or_else(|| format!("ep victim '{victim}' is not a cell"))?;
                ep = Some((cells.to_string(), victim));
            }
            ["moved", cells @ ..] | ["unmoved", cells @ ..] => {
                for name in cells.iter() {
                    let cell = game
                        .cell(name)
                        .ok_or_else(|| format!("{}: '{name}' is not a cell", words[0]))?;
                    unmoved_changes.push((cell, words[0] == "unmoved"));
                }
            }
            ["spent", players @ ..] => {
                for name in players.iter() {
                    let player = player_named(game, name, "spent: ")?;
                    spent.push(player);
                }
            }
            ["declared", player, names @ ..] => {
                let p = player_named(game, player, "declared: ")?;
                for name in names {
                    pos.set_declared(agreement_named(game, name)? * game.players + p, true);
                }
            }
            ["agreed", names @ ..] => {
                for name in names {
                    pos.set_agreed(agreement_named(game, name)?, true);
                }
            }
            ["clocks", h, f] => {
                pos.halfmove = h
                    .parse()
                    .map_err(|_| format!("clocks: '{h}' is not a number"))?;
                pos.fullmove = f
                    .parse()
                    .map_err(|_| format!("clocks: '{f}' is not a number"))?;
            }
            _ => return Err(format!("cannot read '{part}'")),
        }
    }
    if !seen_turn {
        pos.set_to_move(game.ir.setup.to_move as usize);
    }
    pos.mark_setup_pieces_unmoved();
    for (cell, unmoved) in unmoved_changes {
        if pos.board[cell] == EMPTY {
            return Err(format!(
                "{}: no piece to be (un)moved",
                game.cell_name(cell)
            ));
        }
        pos.set_unmoved(cell, unmoved);
    }
    pos.grant_all_budgets();
    for (bit, a) in game.ir.arrivals.iter().enumerate() {
        if spent.contains(&(a.player as usize)) {
            pos.set_budget(bit, false);
        }
    }
    if let Some((cells, victim)) = ep {
        set_ep_from_cells(game, &mut pos, &cells, Some(victim))?;
    }
    Ok(pos)
}

/// The player of that name; the error starts with `context`.
fn player_named(game: &Game, name: &str, context: &str) -> Result<usize, String> {
    game.ir
        .players
        .iter()
        .position(|p| p.name == name)
        .ok_or_else(|| format!("{context}unknown player '{name}'"))
}

fn agreement_named(game: &Game, name: &str) -> Result<usize, String> {
    game.ir
        .agreements
        .iter()
        .position(|a| a.name == name)
        .ok_or_else(|| format!("no agreement named '{name}'"))
}

/// How the general notation writes the piece `code` in `player`'s list:
/// its letter, or for a stack `A(S)` / `A(S:owner)`.
fn piece_token(game: &Game, player: usize, code: u8) -> String {
    let letter = |code: u8| game.ir.kinds[game.kind_of[code as usize] as usize].letter;
    let (carrier, cargo) = game.stack_parts[code as usize];
    if carrier == EMPTY {
        return letter(code).to_string();
    }
    let owner = game.owner[carrier as usize] as usize;
    if owner == player {
        format!("{}({})", letter(cargo), letter(carrier))
    } else {
        format!(
            "{}({}:{})",
            letter(cargo),
            letter(carrier),
            game.ir.players[owner].name
        )
    }
}

/// `Kg1` -> (King, g1); letters or aliases, case-insensitive letters;
/// `A(S)a1` / `A(S:white)a1` for stacks.
fn split_piece_token(game: &Game, player: usize, token: &str) -> Result<(usize, usize), String> {
    if let Some((cargo, rest)) = token.split_once('(') {
        let (inside, cell) = rest
            .split_once(')')
            .ok_or_else(|| format!("'{token}': a stack is written A(S)a1 or A(S:owner)a1"))?;
        let (carrier, owner) = match inside.split_once(':') {
            Some((carrier, owner)) => {
                (carrier, player_named(game, owner, &format!("'{token}': "))?)
            }
            None => (inside, player),
        };
        let kind_named = |t: &str| {
            game.kind_by_letter(t)
                .ok_or_else(|| format!("'{token}': unknown piece '{t}'"))
        };
        let kind = game
            .stack_kind(kind_named(carrier)?, kind_named(cargo)?, owner)
            .ok_or_else(|| format!("'{token}' is not a stack this game allows"))?;
        let cell = game
            .cell(cell)
            .ok_or_else(|| format!("'{token}': no cell '{cell}'"))?;
        return Ok((kind, cell));
    }
    for (i, _) in token.char_indices().skip(1) {
        let (piece, cell) = token.split_at(i);
        if let (Some(kind), Some(cell)) = (game.kind_by_letter(piece), game.cell(cell)) {
            return Ok((kind, cell));
        }
    }
    Err(format!(
        "'{token}' is not a piece letter followed by a cell"
    ))
}

pub fn move_to_string(game: &Game, mv: Move) -> String {
    let mut s = format!(
        "{}{}",
        game.cell_name(mv.from as usize),
        game.cell_name(mv.to as usize)
    );
    if mv.promotion != 0 {
        s.push(
            game.ir.kinds[mv.promotion as usize - 1]
                .letter
                .to_ascii_lowercase(),
        );
    }
    if mv.kind == MoveKind::EnPassant && mv.passed != 0 {
        s += "/ep";
    }
    if mv.kind == MoveKind::Arrival {
        s.push('@');
        s += game.cell_name(mv.aux as usize);
    }
    if mv.kind == MoveKind::Castle {
        let c = &game.ir.castlings[mv.aux as usize];
        if let Some(name) = &c.name {
            return name.clone();
        }
        if c.needs_partner_in_notation {
            s.push('/');
            s += game.cell_name(c.partner_from as usize);
        }
    }
    if matches!(mv.kind, MoveKind::Unload | MoveKind::UnloadBoard) {
        // The becomes letter is implied: the cargo lands as itself.
        s.truncate(s.len() - usize::from(mv.promotion != 0));
        s += "/cargo";
    }
    if matches!(mv.kind, MoveKind::Board | MoveKind::UnloadBoard) {
        s += "/board";
    }
    s
}

/// One move of a game record with the declarations attached to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedMove {
    pub mv: Move,
    /// (agreement, made): `+name` makes the declaration, `-name` withdraws it.
    pub declarations: Vec<(usize, bool)>,
}

/// Reads one record entry: a move, then any declarations (`e2e4 +draw_offer`).
/// Check marks (`+`, `#`) glued to the move are ignored.
pub fn parse_recorded(pos: &mut Position, text: &str) -> Result<RecordedMove, String> {
    let mut words = text.split_whitespace();
    let mv_text = words
        .next()
        .ok_or("empty move")?
        .trim_end_matches(['+', '#']);
    let mv = parse_move(pos, mv_text)?;
    let mut declarations = Vec::new();
    for word in words {
        let (made, name) = match word.split_at_checked(1) {
            Some(("+", name)) => (true, name),
            Some(("-", name)) => (false, name),
            _ => {
                return Err(format!(
                    "'{word}' after the move: declarations are written +name (made) or -name (withdrawn)"
                ))
            }
        };
        declarations.push((agreement_named(pos.game, name)?, made));
    }
    Ok(RecordedMove { mv, declarations })
}

/// Is this word of a game record a declaration (`+name`, `-name`) rather than a move?
pub fn is_declaration(word: &str) -> bool {
    word.len() > 1 && (word.starts_with('+') || word.starts_with('-'))
}

/// Plays a game record: moves separated by spaces, each optionally
/// followed by its declarations (`e2e4 +file_promotion e9e7 -draw_offer`).
/// The error gives the index of the move that failed and why.
pub fn play_record(pos: &mut Position, text: &str) -> Result<(), (usize, String)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut i = 0;
    let mut index = 0;
    while i < words.len() {
        let mut end = i + 1;
        while end < words.len() && is_declaration(words[end]) {
            end += 1;
        }
        let entry = parse_recorded(pos, &words[i..end].join(" ")).map_err(|e| (index, e))?;
        pos.make_declaring(entry.mv, &entry.declarations)
            .map_err(|e| (index, e))?;
        i = end;
        index += 1;
    }
    Ok(())
}

/// Writes a record entry as `parse_recorded` reads it.
pub fn recorded_to_string(game: &Game, entry: &RecordedMove) -> String {
    let mut s = move_to_string(game, entry.mv);
    for &(a, made) in &entry.declarations {
        s.push(' ');
        s.push(if made { '+' } else { '-' });
        s += &game.ir.agreements[a].name;
    }
    s
}

/// Reads a move and checks it is legal here, saying why not otherwise.
pub fn parse_move(pos: &mut Position, text: &str) -> Result<Move, String> {
    let game = pos.game;
    let text = text.trim();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let long_form = |mv: &Move| {
        let mut s = move_to_string(game, *mv);
        if mv.kind == MoveKind::Castle && !s.contains('/') {
            s.push('/');
            s += game.cell_name(game.ir.castlings[mv.aux as usize].partner_from as usize);
        }
        s
    };
    let matches = |mv: &Move| {
        let s = move_to_string(game, *mv);
        s.eq_ignore_ascii_case(text) || long_form(mv).eq_ignore_ascii_case(text)
    };
    let found: Vec<&Move> = legal.iter().filter(|m| matches(m)).collect();
    if let [mv] = found[..] {
        return Ok(*mv);
    }
    if found.len() > 1 {
        let long: Vec<String> = found.iter().map(|m| long_form(m)).collect();
        return Err(format!(
            "ambiguous move {text}: it names {} legal moves ({})",
            found.len(),
            long.join(", ")
        ));
    }
    // Explain the refusal.
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    if pseudo.iter().any(|m| matches(m)) {
        return Err(format!(
            "illegal move {text}: it would leave your royal piece attacked"
        ));
    }
    // Prefer the split whose rest starts with a cell name (`g10e9`, not `g1` + `0e9`).
    let splits: Vec<(usize, &str)> = (1..text.len())
        .filter(|&i| text.is_char_boundary(i))
        .filter_map(|i| game.cell(&text[..i]).map(|c| (c, &text[i..])))
        .collect();
    let starts_with_cell = |rest: &str| {
        (1..=rest.len()).any(|j| rest.is_char_boundary(j) && game.cell(&rest[..j]).is_some())
    };
    let from = splits
        .iter()
        .rev()
        .find(|(_, rest)| starts_with_cell(rest))
        .or(splits.last())
        .copied();
    let Some((from, rest)) = from else {
        return Err(format!(
            "cannot read move '{text}': it must start with a cell name"
        ));
    };
    let code = pos.board[from];
    if code == EMPTY {
        return Err(format!(
            "illegal move {text}: no piece on {}",
            game.cell_name(from)
        ));
    }
    let owner = game.owner[code as usize] as usize;
    let kind = &game.ir.kinds[game.kind_of[code as usize] as usize];
    if owner != pos.to_move {
        return Err(format!(
            "illegal move {text}: the {} on {} belongs to {}, and it is {}'s turn",
            kind.name,
            game.cell_name(from),
            game.ir.players[owner].name,
            game.ir.players[pos.to_move].name
        ));
    }
    let to = (1..=rest.len())
        .filter(|&i| rest.is_char_boundary(i))
        .rev()
        .find_map(|i| game.cell(&rest[..i]).map(|c| (c, &rest[i..])));
    let Some((to, suffix)) = to else {
        return Err(format!(
            "cannot read move '{text}': no destination cell after {}",
            game.cell_name(from)
        ));
    };
    let same_path: Vec<&Move> = pseudo
        .iter()
        .filter(|m| m.from as usize == from && m.to as usize == to)
        .collect();
    if same_path.is_empty() {
        return Err(format!(
            "illegal move {text}: the {} on {} cannot go to {}",
            kind.name,
            game.cell_name(from),
            game.cell_name(to)
        ));
    }
    if same_path.iter().any(|m| m.promotion != 0) {
        let choices: Vec<String> = same_path
            .iter()
            .filter(|m| m.promotion != 0)
            .map(|m| {
                game.ir.kinds[m.promotion as usize - 1]
                    .letter
                    .to_ascii_lowercase()
                    .to_string()
            })
            .collect();
        return Err(format!(
            "illegal move {text}: this move must promote; add one of {} (e.g. {}{})",
            choices.join(" "),
            &text[..text.len() - suffix.len()],
            choices[0]
        ));
    }
    Err(format!(
        "illegal move {text}: unexpected '{suffix}' after the cells (a castling that is also a king step is written with its partner, e.g. e1d1/b1)"
    ))
}

impl std::fmt::Debug for Position<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", write_general(self))
    }
}
