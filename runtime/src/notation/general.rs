//! The general notation, for any board and any number of players.

use super::{
    agreement_named, check_reachable, ep_cells_text, player_in, player_named, set_ep_from_cells,
};
use super::{Field, PositionError};
use crate::game::{Game, EMPTY};
use crate::position::Position;

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
        .right_cells()
        .iter()
        .enumerate()
        .filter(|(bit, _)| pos.rights >> bit & 1 != 0)
        .map(|(_, &c)| game.cell_name(c as usize))
        .collect();
    if !rights.is_empty() {
        parts.push(format!("castling {}", rights.join(" ")));
    }
    let mut default = Position::empty(game);
    for c in 0..game.shape.cells {
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
            .filter(|(a, _)| pos.declared >> (a * game.shape.players + p) & 1 != 0)
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
    for (p, info) in game.ir.players.iter().enumerate() {
        let n = pos.castlings_made(p);
        if n > 0 {
            parts.push(format!("castled {} {n}", info.name));
        }
        let checks = pos.checks_given(p);
        if checks > 0 {
            parts.push(format!("checks {} {checks}", info.name));
        }
    }
    if let Some((limit, ply)) = pos.counting() {
        parts.push(format!("counting {limit} {ply}"));
    }
    parts.extend(super::holdings::general_hand_parts(pos));
    for record in pos.en_passant_records() {
        parts.push(format!(
            "ep {} victim {}",
            ep_cells_text(pos, record),
            game.cell_name(record.victim as usize)
        ));
    }
    for (word, bits) in [("out", pos.out), ("passed", pos.passed)] {
        let names: Vec<&str> = (0..game.shape.players)
            .filter(|&p| bits >> p & 1 != 0)
            .map(|p| game.ir.players[p].name.as_str())
            .collect();
        if !names.is_empty() {
            parts.push(format!("{word} {}", names.join(" ")));
        }
    }
    if let Some(w) = pos.won_by_arrival() {
        parts.push(format!("won {}", game.ir.players[w].name));
    }
    parts.push(format!("clocks {} {}", pos.halfmove, pos.fullmove));
    parts.join("; ")
}

/// What the parts of a position say that is applied only once every part
/// is read: the setup's unmoved pieces, the budgets and the passings all
/// depend on the whole placement.
#[derive(Default)]
struct Deferred {
    seen_turn: bool,
    /// Each passing's cells as written, and its victim's cell.
    ep: Vec<(String, usize)>,
    /// Cells marked `moved` (false) or `unmoved` (true).
    unmoved_changes: Vec<(usize, bool)>,
    /// Players whose arrival budgets are spent.
    spent: Vec<usize>,
    /// Cells of pieces marked promoted (`promoted`), read after the pieces.
    promoted: Vec<String>,
}

pub fn parse_general<'g>(game: &'g Game, text: &str) -> Result<Position<'g>, PositionError> {
    let mut pos = Position::empty(game);
    let mut later = Deferred::default();
    for part in text.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        read_part(game, &mut pos, part, &mut later)?;
    }
    let ep = std::mem::take(&mut later.ep);
    apply_turn_and_marks(game, &mut pos, later)?;
    open_passings(game, &mut pos, ep)?;
    pos.refresh_rule_state();
    check_reachable(&pos)?;
    Ok(pos)
}

/// One `;`-separated part: a player's piece list (`white: Ke1 ...`) or a
/// keyword part (`turn`, `out`, `castling`, `ep`, `clocks`...).
fn read_part(
    game: &Game,
    pos: &mut Position,
    part: &str,
    later: &mut Deferred,
) -> Result<(), PositionError> {
    if let Some((player_name, pieces)) = part.split_once(':') {
        let player = player_in(game, player_name.trim(), Field::PieceList)?;
        for token in pieces.split_whitespace() {
            let (kind, cell) = split_piece_token(game, player, token)?;
            if pos.board[cell] != EMPTY {
                return Err(PositionError::TwoPiecesOnCell {
                    cell: game.cell_name(cell).to_string(),
                });
            }
            pos.put(cell, game.code(player, kind));
        }
        return Ok(());
    }
    let words: Vec<&str> = part.split_whitespace().collect();
    match words.as_slice() {
        ["turn", name] => {
            let player = player_in(game, name, Field::Turn)?;
            pos.set_to_move(player);
            later.seen_turn = true;
        }
        // Players out of the game, and players who passed their last turn.
        [word @ ("out" | "passed"), names @ ..] => {
            let field = if *word == "out" {
                Field::Out
            } else {
                Field::Passed
            };
            // `passed` is also a voluntary pass's mark (`pass`).
            if !(game.sides.eliminates || (field == Field::Passed && game.passes)) {
                return Err(PositionError::NobodyGoesOut { field });
            }
            for name in names {
                let player = player_in(game, name, field)?;
                if field == Field::Out {
                    pos.set_out(player, true);
                } else {
                    pos.set_passed(player, true);
                }
            }
        }
        // The game was won by an arrival (`arrival ... wins`): over.
        ["won", name] => {
            let player = player_in(game, name, Field::Won)?;
            pos.set_won_by_arrival(Some(player));
        }
        ["castling", cells @ ..] => grant_castling_rights(game, pos, cells)?,
        ["ep", cells, "victim", victim] => {
            let victim = game
                .cell(victim)
                .ok_or_else(|| PositionError::UnknownCell {
                    field: Field::EpVictim,
                    name: victim.to_string(),
                })?;
            later.ep.push((cells.to_string(), victim));
        }
        ["moved", cells @ ..] | ["unmoved", cells @ ..] => {
            let unmoved = words[0] == "unmoved";
            let field = if unmoved {
                Field::Unmoved
            } else {
                Field::Moved
            };
            for name in cells.iter() {
                let cell = game.cell(name).ok_or_else(|| PositionError::UnknownCell {
                    field,
                    name: name.to_string(),
                })?;
                later.unmoved_changes.push((cell, unmoved));
            }
        }
        ["spent", players @ ..] => {
            for name in players.iter() {
                let player = player_in(game, name, Field::Spent)?;
                later.spent.push(player);
            }
        }
        ["declared", player, names @ ..] => {
            let p = player_in(game, player, Field::Declared)?;
            for name in names {
                pos.set_declared(agreement(game, name)? * game.shape.players + p, true);
            }
        }
        ["agreed", names @ ..] => {
            for name in names {
                pos.set_agreed(agreement(game, name)?, true);
            }
        }
        ["castled", player, n] => {
            let p = player_in(game, player, Field::Castled)?;
            let n: u8 = n
                .parse()
                .ok()
                .filter(|&n| n <= crate::ir::MAX_CASTLINGS_PER_PLAYER)
                .ok_or_else(|| PositionError::BadNumber {
                    field: Field::Castled,
                    text: n.to_string(),
                })?;
            if game.castling_limited() {
                pos.set_castlings_made(p, n);
            } else if n > 0 {
                return Err(PositionError::CastlingsNotCounted {
                    player: player.to_string(),
                });
            }
        }
        ["checks", player, n] => read_checks_given(game, pos, player, n)?,
        ["counting", limit, ply] => read_counting(game, pos, limit, ply)?,
        ["hand", player, letters @ ..] => {
            let p = player_in(game, player, Field::Hand)?;
            super::holdings::read_general_hand(game, pos, p, letters)?;
        }
        ["promoted", cells @ ..] => {
            later.promoted.extend(cells.iter().map(|c| c.to_string()));
        }
        ["clocks", h, f] => {
            pos.halfmove = clock(h)?;
            pos.fullmove = clock(f)?;
            if pos.fullmove == 0 {
                return Err(PositionError::MoveNumberZero {
                    field: Field::Clocks,
                });
            }
        }
        _ => {
            return Err(PositionError::UnreadablePart {
                text: part.to_string(),
            })
        }
    }
    Ok(())
}

/// The `castling` part: the cells whose castlings are still allowed.
fn grant_castling_rights(
    game: &Game,
    pos: &mut Position,
    cells: &[&str],
) -> Result<(), PositionError> {
    let mut granted = Vec::new();
    for name in cells.iter().filter(|n| **n != "-") {
        let cell = game.cell(name).ok_or_else(|| PositionError::UnknownCell {
            field: Field::Castling,
            name: name.to_string(),
        })?;
        if granted.contains(&cell) {
            return Err(PositionError::CastlingRightTwice {
                given: name.to_string(),
                cell: name.to_string(),
            });
        }
        granted.push(cell);
        if !pos.grant_right(cell) {
            return Err(PositionError::NoCastlingUses {
                cell: name.to_string(),
            });
        }
    }
    Ok(())
}

/// The `counting LIMIT PLIES` part: a counting rule's running count, its
/// limit and the plies counted, in plies (as Fairy-Stockfish's FEN).
fn read_counting(
    game: &Game,
    pos: &mut Position,
    limit: &str,
    ply: &str,
) -> Result<(), PositionError> {
    let text = format!("counting {limit} {ply}");
    if game.counting.is_none() {
        return Err(PositionError::NoCountingRule { text });
    }
    let max = 2 * crate::game::MAX_COUNT_MOVES;
    let bad = || PositionError::BadCount {
        text: text.clone(),
        max,
    };
    let limit: u32 = limit
        .parse()
        .ok()
        .filter(|&n| (1..=max).contains(&n))
        .ok_or_else(bad)?;
    let ply: u32 = ply.parse().ok().filter(|&n| n <= 2 * max).ok_or_else(bad)?;
    pos.set_counting(limit, ply);
    Ok(())
}

/// The `checks PLAYER N` part: checks given so far where checks win.
fn read_checks_given(
    game: &Game,
    pos: &mut Position,
    player: &str,
    n: &str,
) -> Result<(), PositionError> {
    let p = player_in(game, player, Field::Checks)?;
    let limit = game.rule_ends.as_ref().map_or(0, |r| r.checks_to_win);
    let text = format!("checks {player} {n}");
    if limit == 0 {
        return Err(PositionError::ChecksNotCounted { text });
    }
    let n: u32 = n
        .parse()
        .ok()
        .filter(|&n| n <= limit)
        .ok_or(PositionError::BadChecks { text, limit })?;
    pos.set_checks_given(p, n as u8);
    Ok(())
}

/// The side to move (the setup's if no part named it), who is out or
/// passed, the pieces marked (un)moved and the spent arrival budgets.
fn apply_turn_and_marks(
    game: &Game,
    pos: &mut Position,
    later: Deferred,
) -> Result<(), PositionError> {
    if !later.seen_turn {
        pos.set_to_move(game.ir.setup.to_move as usize);
    }
    let name = |p: usize| game.ir.players[p].name.clone();
    if !pos.in_play(pos.to_move) {
        return Err(PositionError::TurnOfPlayerOut {
            player: name(pos.to_move),
        });
    }
    if let Some(p) = (0..game.shape.players).find(|&p| !pos.in_play(p) && pos.has_passed(p)) {
        return Err(PositionError::OutAndPassed { player: name(p) });
    }
    pos.mark_setup_pieces_unmoved();
    for (cell, unmoved) in later.unmoved_changes {
        if pos.board[cell] == EMPTY {
            return Err(PositionError::NoPieceToMark {
                cell: game.cell_name(cell).to_string(),
            });
        }
        pos.set_unmoved(cell, unmoved);
    }
    pos.grant_all_budgets();
    for (bit, a) in game.ir.arrivals.iter().enumerate() {
        if later.spent.contains(&(a.player as usize)) {
            pos.set_budget(bit, false);
        }
    }
    super::holdings::mark_promoted_cells(game, pos, &later.promoted)
}

/// Opens the `ep` parts' passings, newest first, after checking that each
/// has its victim and that several are allowed at once.
fn open_passings(
    game: &Game,
    pos: &mut Position,
    mut ep: Vec<(String, usize)>,
) -> Result<(), PositionError> {
    // Several passings are open at once only where they last until their
    // owner moves again, one per owner; they are opened newest first (the
    // owner who moved last first), the order the position keeps them in.
    if ep.len() > 1 && !game.en_passant.until_owner_moves {
        return Err(PositionError::SeveralPassings {
            cells: ep[1].0.clone(),
        });
    }
    if let Some((cells, _)) = ep.iter().find(|(_, v)| pos.board[*v] == EMPTY) {
        return Err(PositionError::NoEnPassantVictim {
            cells: cells.clone(),
        });
    }
    let owner_of = |v: usize| game.shape.owner[pos.board[v] as usize] as usize;
    let players = game.shape.players;
    let age = |v: usize| (pos.to_move + players - 1 - owner_of(v)) % players;
    ep.sort_by_key(|(_, v)| age(*v));
    if let Some(w) = ep.windows(2).find(|w| owner_of(w[0].1) == owner_of(w[1].1)) {
        return Err(PositionError::SeveralPassings {
            cells: w[1].0.clone(),
        });
    }
    for (cells, victim) in ep {
        set_ep_from_cells(game, pos, &cells, Some(victim))?;
    }
    Ok(())
}

fn agreement(game: &Game, name: &str) -> Result<usize, PositionError> {
    agreement_named(game, name).ok_or_else(|| PositionError::UnknownAgreement {
        name: name.to_string(),
    })
}

fn clock<N: std::str::FromStr>(text: &str) -> Result<N, PositionError> {
    text.parse().map_err(|_| PositionError::BadNumber {
        field: Field::Clocks,
        text: text.to_string(),
    })
}

/// How the general notation writes the piece `code` in `player`'s list:
/// its letter, or for a stack `A(S)` / `A(S:owner)`.
fn piece_token(game: &Game, player: usize, code: u8) -> String {
    let letter = |code: u8| game.ir.kinds[game.shape.kind_of[code as usize] as usize].letter;
    let (carrier, cargo) = game.stack_parts(code);
    if carrier == EMPTY {
        return letter(code).to_string();
    }
    let owner = game.shape.owner[carrier as usize] as usize;
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
fn split_piece_token(
    game: &Game,
    player: usize,
    token: &str,
) -> Result<(usize, usize), PositionError> {
    let token_string = || token.to_string();
    if let Some((cargo, rest)) = token.split_once('(') {
        let (inside, cell) = rest
            .split_once(')')
            .ok_or_else(|| PositionError::BadStackToken {
                token: token_string(),
            })?;
        let (carrier, owner) = match inside.split_once(':') {
            Some((carrier, owner)) => {
                let owner =
                    player_named(game, owner).ok_or_else(|| PositionError::UnknownStackOwner {
                        token: token_string(),
                        name: owner.to_string(),
                    })?;
                (carrier, owner)
            }
            None => (inside, player),
        };
        let kind_named = |t: &str| {
            game.kind_by_letter(t)
                .ok_or_else(|| PositionError::UnknownStackPiece {
                    token: token_string(),
                    piece: t.to_string(),
                })
        };
        let kind = game
            .stack_kind(kind_named(carrier)?, kind_named(cargo)?, owner)
            .ok_or_else(|| PositionError::StackNotAllowed {
                token: token_string(),
            })?;
        let cell = game
            .cell(cell)
            .ok_or_else(|| PositionError::UnknownStackCell {
                token: token_string(),
                cell: cell.to_string(),
            })?;
        return Ok((kind, cell));
    }
    // Only splits whose cell part could be a cell name are looked up, so a
    // long token costs time linear in its length (every split looked up
    // whole was quadratic: 400 KB took 39 s).
    let longest = game.longest_cell_name();
    for (i, _) in token.char_indices().skip(1) {
        let (piece, cell) = token.split_at(i);
        if cell.len() > longest {
            continue;
        }
        if let (Some(kind), Some(cell)) = (game.kind_by_letter(piece), game.cell(cell)) {
            return Ok((kind, cell));
        }
    }
    Err(PositionError::BadPieceToken {
        token: token_string(),
    })
}
