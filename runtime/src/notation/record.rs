//! Game records: moves with the declarations attached to them.

use super::{agreement_named, move_to_string, parse_move, RecordError};
use crate::game::Game;
use crate::position::{Move, Position};

/// One move of a game record with the declarations attached to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedMove {
    pub mv: Move,
    /// (agreement, made): `+name` makes the declaration, `-name` withdraws it.
    pub declarations: Vec<(usize, bool)>,
}

/// Reads one record entry: a move, then any declarations (`e2e4 +draw_offer`).
/// Check marks (`+`, `#`) glued to the move are ignored, but for a `+`
/// that names the move's one promotion (`a4a5+`, for games whose pieces promote one way each).
pub fn parse_recorded(pos: &mut Position, text: &str) -> Result<RecordedMove, RecordError> {
    let mut words = text.split_whitespace();
    let word = words.next().ok_or(RecordError::Empty)?;
    let mv_text = word.trim_end_matches(['+', '#']);
    if mv_text.is_empty() {
        return Err(RecordError::OnlyCheckMarks {
            text: word.to_string(),
        });
    }
    // `d2d1+` is first the promotion (where the move has
    // one), then a move with a check mark.
    let plus_promotion = word
        .trim_end_matches('#')
        .strip_suffix('+')
        .filter(|t| !t.ends_with('+'))
        .and_then(|_| parse_move(pos, word.trim_end_matches('#')).ok());
    let mv = match plus_promotion {
        Some(mv) => mv,
        None => parse_move(pos, mv_text)?,
    };
    let mut declarations = Vec::new();
    for word in words {
        let (made, name) = match word.split_at_checked(1) {
            Some(("+", name)) => (true, name),
            Some(("-", name)) => (false, name),
            _ => {
                return Err(RecordError::BadDeclarationWord {
                    word: word.to_string(),
                })
            }
        };
        let agreement =
            agreement_named(pos.game, name).ok_or_else(|| RecordError::UnknownAgreement {
                name: name.to_string(),
            })?;
        declarations.push((agreement, made));
    }
    Ok(RecordedMove { mv, declarations })
}

/// Is this word of a game record a declaration (`+name`, `-name`) rather
/// than a move? (`+S@a4` is a drop of a piece promoted: a move.)
pub fn is_declaration(word: &str) -> bool {
    word.len() > 1 && (word.starts_with('+') || word.starts_with('-')) && !word.contains('@')
}

/// Plays a game record: moves separated by spaces, each optionally
/// followed by its declarations (`e2e4 +file_promotion e9e7 -draw_offer`).
/// The error gives the index (from 0) of the move that failed and why;
/// the moves before it stay played. A move after the game has ended (by
/// checkmate, a draw, ...) is `RecordError::GameOver`.
// The error is as large as a refused move's names; records fail rarely.
#[allow(clippy::result_large_err)]
pub fn play_record(pos: &mut Position, text: &str) -> Result<(), (usize, RecordError)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut i = 0;
    let mut index = 0;
    while i < words.len() {
        let mut end = i + 1;
        while end < words.len() && is_declaration(words[end]) {
            end += 1;
        }
        if let Some(result) = pos.result() {
            let game = pos.game;
            return Err((
                index,
                RecordError::GameOver {
                    end: result.end,
                    winner: result.winner.map(|p| game.ir.players[p].name.clone()),
                },
            ));
        }
        let entry = parse_recorded(pos, &words[i..end].join(" ")).map_err(|e| (index, e))?;
        pos.make_declaring(entry.mv, &entry.declarations)
            .map_err(|e| (index, e.into()))?;
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
