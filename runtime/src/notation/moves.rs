//! Move text: `<from><to>[promotion]`, castling partners and names, stack
//! suffixes, drops `P@e4`; reading a move checks it is legal and says why not.

use super::MoveError;
use crate::game::{Game, EMPTY};
use crate::position::{Move, MoveKind, Position};

pub fn move_to_string(game: &Game, mv: Move) -> String {
    match mv.kind {
        // A pass a player chooses (`pass`) is written as Fairy-Stockfish's
        // UCI writes it: the royal piece's cell twice (`e2e2`).
        MoveKind::Pass if game.passes => {
            let at = game.cell_name(mv.from as usize);
            return format!("{at}{at}");
        }
        MoveKind::Pass => return "pass".into(),
        MoveKind::Out => return "out".into(),
        // `P@e4`, as Fairy-Stockfish's UCI writes a drop (the letter upper case).
        // A piece dropped promoted: `+L@c3`, the held piece's letter.
        MoveKind::Drop => {
            let letter = game.ir.kinds[mv.promotion as usize - 1].letter;
            let plus = if mv.passed != 0 { "+" } else { "" };
            return format!("{plus}{letter}@{}", game.cell_name(mv.to as usize));
        }
        _ => {}
    }
    if let Some(kind) = mv.gated() {
        return gating_text(game, mv, kind);
    }
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
    // The wall's move, as Fairy-Stockfish writes it: `e2e4,e4d5`.
    if mv.wall != 0 {
        s += &format!(
            ",{}{}",
            game.cell_name(mv.to as usize),
            game.cell_name(mv.wall as usize - 1)
        );
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

/// A gating move as Fairy-Stockfish's UCI writes it: the move, then the
/// gated kind's letter (`b1c3h`); a castling gating on its partner's cell
/// is written from that cell to the royal piece's (`h1e1h`).
fn gating_text(game: &Game, mv: Move, kind: usize) -> String {
    let letter = game.ir.kinds[kind].letter.to_ascii_lowercase();
    let (from, to) = if crate::position::gates_at_partner(mv) {
        let c = &game.ir.castlings[mv.aux as usize];
        (c.partner_from as usize, c.king_from as usize)
    } else {
        (mv.from as usize, mv.to as usize)
    };
    let mut s = format!("{}{}", game.cell_name(from), game.cell_name(to));
    if let Some(promotion) = mv.promotion() {
        s.push(game.ir.kinds[promotion].letter.to_ascii_lowercase());
    }
    s.push(letter);
    s
}

/// The other spellings of a move the game defines (castling aliases), to
/// accept as input and show beside the move.
pub fn move_aliases(game: &Game, mv: Move) -> &[String] {
    if mv.kind == MoveKind::Castle {
        &game.ir.castlings[mv.aux as usize].aliases
    } else {
        &[]
    }
}

/// A bound on the length of a move's text: two cells, a partner or
/// placement cell and a suffix, or the longest castling name. Longer input
/// is refused at once (the cell-prefix search below is quadratic).
fn longest_move_text(game: &Game) -> usize {
    let names = game
        .ir
        .castlings
        .iter()
        .flat_map(|c| c.name.iter().chain(&c.aliases))
        .map(|n| n.len())
        .max()
        .unwrap_or(0);
    names.max(3 * game.longest_cell_name() + 16)
}

/// The kind a piece letter or alias names: an alias as written first (a
/// text may give `П` and `п` to two pieces), then the letter in either case,
/// then an alias in either case. Stacks have no letter of their own.
fn kind_named(game: &Game, word: &str) -> Option<usize> {
    let lower = word.to_lowercase();
    let kinds = || {
        game.ir
            .kinds
            .iter()
            .enumerate()
            .filter(|(_, k)| k.stack.is_none())
    };
    kinds()
        .find(|(_, k)| k.aliases.iter().any(|a| a == word))
        .or_else(|| kinds().find(|(_, k)| lower == k.letter.to_lowercase().to_string()))
        .or_else(|| kinds().find(|(_, k)| k.aliases.iter().any(|a| a.to_lowercase() == lower)))
        .map(|(i, _)| i)
}

/// The short form of a rules text, `Тl8` (a piece's letter or alias, then
/// the target cell, optionally after `:` or `x` for a capture): the kind
/// named, the letter as written and the target cell.
fn short_form_parts<'t>(game: &Game, text: &'t str) -> Option<(usize, &'t str, usize)> {
    for (i, _) in text.char_indices().skip(1) {
        let (letter, rest) = text.split_at(i);
        let Some(kind) = kind_named(game, letter) else {
            continue;
        };
        let target = rest.strip_prefix([':', 'x']).unwrap_or(rest);
        if let Some(cell) = game.cell(target) {
            return Some((kind, letter, cell));
        }
    }
    None
}

/// The long form of a rules text, `Тm9-l8` (a piece's letter or alias,
/// the starting cell, `-` or `:` or `x`, the target, any suffix): the
/// kind named, the letter as written, and the short form `m9l8`.
fn long_form_parts<'t>(game: &Game, text: &'t str) -> Option<(usize, &'t str, String)> {
    // The letter ends where a cell name begins that a separator follows.
    for (i, _) in text.char_indices().skip(1) {
        let (letter, rest) = text.split_at(i);
        let Some(kind) = kind_named(game, letter) else {
            continue;
        };
        for (j, sep) in rest.char_indices() {
            if matches!(sep, '-' | ':' | 'x') && j > 0 && game.cell(&rest[..j]).is_some() {
                let short = format!("{}{}", &rest[..j], &rest[j + 1..]);
                return Some((kind, letter, short));
            }
        }
    }
    None
}

/// Reads a move and checks it is legal here, saying why not otherwise.
pub fn parse_move(pos: &mut Position, text: &str) -> Result<Move, MoveError> {
    let game = pos.game;
    let text = text.trim();
    let limit = longest_move_text(game);
    if text.len() > limit {
        return Err(MoveError::TooLong {
            length: text.len(),
            limit,
        });
    }
    let owned = || text.to_string();
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
    // `;` marks an arrival's placement as `@` does (the 100-cell text's
    // `e9e10;c2`).
    let arrival_text = text.replace(';', "@");
    let matches = |mv: &Move| {
        let s = move_to_string(game, *mv);
        s.eq_ignore_ascii_case(text)
            || (mv.kind == MoveKind::Pass && text.eq_ignore_ascii_case("pass"))
            || long_form(mv).eq_ignore_ascii_case(text)
            || (mv.kind == MoveKind::Arrival && s.eq_ignore_ascii_case(&arrival_text))
            || move_aliases(game, *mv)
                .iter()
                .any(|a| a.eq_ignore_ascii_case(text))
    };
    // `a4a5+`: the move that promotes, where exactly one does (the
    // notation of games whose pieces have one promotion each); `a4a5-`
    // likewise, for a piece that turns back (Fairy-Stockfish's demotion).
    let plus = text
        .strip_suffix('+')
        .or_else(|| text.strip_suffix('-'))
        .filter(|t| !t.is_empty());
    let promotes_as_plus = |mv: &Move| {
        plus.is_some_and(|t| {
            mv.promotion().is_some() && {
                let s = move_to_string(game, *mv);
                s.len() == t.len() + 1 && s[..t.len()].eq_ignore_ascii_case(t)
            }
        })
    };
    let found: Vec<&Move> = legal
        .iter()
        .filter(|m| matches(m) || promotes_as_plus(m))
        .collect();
    if let [mv] = found[..] {
        return Ok(*mv);
    }
    if found.is_empty() {
        if let Some((kind, letter, short)) = long_form_parts(game, text) {
            let mv = parse_move(pos, &short)?;
            let from = mv.from as usize;
            let on = game.shape.kind_of[pos.board[from] as usize] as usize;
            if on != kind {
                return Err(MoveError::WrongPiece {
                    text: owned(),
                    letter: letter.to_string(),
                    piece: game.ir.kinds[on].name.clone(),
                    cell: game.cell_name(from).to_string(),
                });
            }
            return Ok(mv);
        }
        if let Some((kind, letter, cell)) = short_form_parts(game, text) {
            return by_piece_and_target(pos, &legal, text, (kind, letter, cell), long_form);
        }
    }
    if found.len() > 1 {
        return Err(MoveError::Ambiguous {
            text: owned(),
            moves: found.iter().map(|m| long_form(m)).collect(),
        });
    }
    Err(explain_refusal(pos, text, matches))
}

/// Why `text` names no legal move here: the reason a player would want
/// (a move exposing the royal piece, no piece on the start cell, a piece
/// that cannot go there, a missing or needless promotion letter...).
/// `matches` is the test `parse_move` put to each legal move.
fn explain_refusal(pos: &Position, text: &str, matches: impl Fn(&Move) -> bool) -> MoveError {
    let game = pos.game;
    let owned = || text.to_string();
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    if let Some(&mv) = pseudo.iter().find(|m| matches(m)) {
        // Under `capture forced` a move that captures nothing is refused
        // while a capture is legal (every legal move then captures).
        if game.obligations.capture_forced && !pos.is_capture(mv) && pos.clone().has_legal_capture()
        {
            return MoveError::CaptureRequired { text: owned() };
        }
        return MoveError::ExposesRoyal { text: owned() };
    }
    // Prefer the split whose rest starts with a cell name (`g10e9`, not `g1` + `0e9`).
    let splits: Vec<(usize, &str)> = (1..text.len())
        .filter(|&i| text.is_char_boundary(i))
        .filter_map(|i| game.cell(&text[..i]).map(|c| (c, &text[i..])))
        .collect();
    let starts_with_cell = |rest: &str| {
        (1..=rest.len()).any(|j| rest.is_char_boundary(j) && game.cell(&rest[..j]).is_some())
    };
    // A text that is one cell (`e2`) names a start and no destination.
    let from = splits
        .iter()
        .rev()
        .find(|(_, rest)| starts_with_cell(rest))
        .or(splits.last())
        .copied()
        .or_else(|| game.cell(text).map(|c| (c, "")));
    let Some((from, rest)) = from else {
        return MoveError::NoStartCell { text: owned() };
    };
    let code = pos.board[from];
    if code == EMPTY {
        return MoveError::NoPiece {
            text: owned(),
            cell: game.cell_name(from).to_string(),
        };
    }
    let owner = game.shape.owner[code as usize] as usize;
    let kind = &game.ir.kinds[game.shape.kind_of[code as usize] as usize];
    if owner != pos.to_move {
        return MoveError::NotYourPiece {
            text: owned(),
            piece: kind.name.clone(),
            cell: game.cell_name(from).to_string(),
            owner: game.ir.players[owner].name.clone(),
            to_move: game.ir.players[pos.to_move].name.clone(),
        };
    }
    let to = (1..=rest.len())
        .filter(|&i| rest.is_char_boundary(i))
        .rev()
        .find_map(|i| game.cell(&rest[..i]).map(|c| (c, &rest[i..])));
    let Some((to, suffix)) = to else {
        return MoveError::NoDestination {
            text: owned(),
            from: game.cell_name(from).to_string(),
        };
    };
    let same_path: Vec<&Move> = pseudo
        .iter()
        .filter(|m| m.from as usize == from && m.to as usize == to)
        .collect();
    if same_path.is_empty() {
        return MoveError::CannotGoThere {
            text: owned(),
            piece: kind.name.clone(),
            from: game.cell_name(from).to_string(),
            to: game.cell_name(to).to_string(),
        };
    }
    if same_path.iter().any(|m| m.promotion != 0) {
        let choices: Vec<char> = same_path
            .iter()
            .filter(|m| m.promotion != 0)
            .map(|m| {
                game.ir.kinds[m.promotion as usize - 1]
                    .letter
                    .to_ascii_lowercase()
            })
            .collect();
        return MoveError::MustPromote {
            text: owned(),
            cells: text[..text.len() - suffix.len()].to_string(),
            choices,
        };
    }
    // `e2e4q`: a promotion letter on a move that does not promote.
    let mut letters = suffix.chars();
    if let (Some(letter), None) = (letters.next(), letters.next()) {
        if letter.is_alphabetic() && game.kind_by_letter(suffix).is_some() {
            return MoveError::NotAPromotion {
                text: owned(),
                cells: text[..text.len() - suffix.len()].to_string(),
                letter,
            };
        }
    }
    MoveError::UnexpectedSuffix {
        text: owned(),
        suffix: suffix.to_string(),
    }
}

/// The one legal move of a `kind` piece to `cell` (the short form `Тl8`),
/// or why there is none or more than one.
fn by_piece_and_target(
    pos: &Position,
    legal: &[Move],
    text: &str,
    (kind, letter, cell): (usize, &str, usize),
    long_form: impl Fn(&Move) -> String,
) -> Result<Move, MoveError> {
    let game = pos.game;
    let found: Vec<&Move> = legal
        .iter()
        .filter(|m| {
            m.to as usize == cell
                && game.shape.kind_of[pos.board[m.from as usize] as usize] as usize == kind
        })
        .collect();
    match found[..] {
        [mv] => Ok(*mv),
        [] => Err(MoveError::NoPieceGoesThere {
            text: text.to_string(),
            letter: letter.to_string(),
            piece: game.ir.kinds[kind].name.clone(),
            cell: game.cell_name(cell).to_string(),
        }),
        _ => Err(MoveError::Ambiguous {
            text: text.to_string(),
            moves: found.iter().map(|m| long_form(m)).collect(),
        }),
    }
}
