//! Recorded moves played on a position: the one place that reads a move
//! with its declarations (`e2e4 +draw`) and plays it (`play_recorded`),
//! and the start positions the commands build from `--fen` and `--moves`.

use runtime::notation::{
    is_declaration, parse_position, parse_recorded, play_record, RecordedMove,
};
use runtime::{DeclareError, Game, Move, Position, RecordError};

/// Why a recorded move was not played: it did not read (or is not legal),
/// or the rules refused one of its declarations.
#[derive(Debug)]
pub enum Refused {
    Unread(RecordError),
    Declaration(DeclareError),
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::Unread(e) => e.fmt(f),
            Refused::Declaration(e) => e.fmt(f),
        }
    }
}

/// Reads `text`, one move and its declarations, and plays it on `pos`;
/// nothing is changed when it is refused.
pub fn play_recorded(pos: &mut Position, text: &str) -> Result<RecordedMove, Refused> {
    let entry = parse_recorded(pos, text).map_err(Refused::Unread)?;
    pos.make_declaring(entry.mv, &entry.declarations)
        .map_err(Refused::Declaration)?;
    Ok(entry)
}

/// The position `--fen` names (the start without it) after `--moves`.
pub fn position<'g>(
    game: &'g Game,
    fen: &Option<String>,
    moves: &[String],
) -> Result<Position<'g>, String> {
    let mut pos = match fen {
        Some(f) => parse_position(game, f).map_err(|e| format!("bad position: {e}"))?,
        None => Position::start(game),
    };
    play_record(&mut pos, &moves.join(" ")).map_err(|(i, e)| format!("move {}: {e}", i + 1))?;
    Ok(pos)
}

/// The position after `moves` from `fen` (or the start), and the last move played.
pub fn position_and_last<'g>(
    game: &'g Game,
    fen: &Option<String>,
    moves: &[String],
) -> Result<(Position<'g>, Option<Move>), String> {
    let mut pos = position(game, fen, &[])?;
    let mut last = None;
    let words: Vec<&str> = moves.iter().flat_map(|m| m.split_whitespace()).collect();
    let mut i = 0;
    let mut index = 0;
    while i < words.len() {
        // A move, then the declarations written after it.
        let mut end = i + 1;
        while end < words.len() && is_declaration(words[end]) {
            end += 1;
        }
        let entry = play_recorded(&mut pos, &words[i..end].join(" "))
            .map_err(|e| format!("move {} ({}): {e}", index + 1, words[i]))?;
        last = Some(entry.mv);
        i = end;
        index += 1;
    }
    Ok((pos, last))
}
