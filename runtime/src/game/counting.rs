//! The counting rule as loaded (`end counting draw { ... }`: board-honour
//! and pieces-honour counts, as Fairy-Stockfish keeps them; `ir::Counting` says how a count starts and
//! runs out). Two players only. A game without one has no part
//! (`Game::counting` is `None`) and pays nothing; `position/counting.rs`
//! keeps the count.

use super::error::{check, LoadError};
use super::Shape;
use crate::ir::{GameIr, HonourRow};

/// The longest count a rule may give, in moves (the compiler's bound too).
pub const MAX_COUNT_MOVES: u32 = 1000;

pub(crate) struct Counting {
    /// Per piece code: a piece of a kind that keeps a count from starting
    /// while it stands on the board (`starts-without`).
    pub(crate) stops: Vec<bool>,
    /// Per piece code: a piece of a kind that keeps a lone side's count
    /// from starting (`starts-without` and `lone-without`).
    pub(crate) lone_stops: Vec<bool>,
    /// Moves a side with more than one piece counts (0: it does not).
    pub(crate) board_honour: u32,
    /// A side with more pieces does not count (`usize::MAX`: no bound).
    pub(crate) board_honour_at_most: usize,
    /// Rows tried in order for a side left with one piece.
    pub(crate) pieces_honour: Vec<HonourRow>,
    /// A lone side's count starts at the number of pieces on the board.
    pub(crate) from_pieces: bool,
}

impl Counting {
    pub(crate) fn build(ir: &GameIr, shape: &Shape) -> Result<Option<Counting>, LoadError> {
        let Some(rule) = &ir.end.counting else {
            return Ok(None);
        };
        check(shape.players == 2, || {
            LoadError::MaterialRulesNeedTwoPlayers {
                players: shape.players,
            }
        })?;
        let lengths =
            std::iter::once(rule.board_honour).chain(rule.pieces_honour.iter().map(|r| r.moves));
        for moves in lengths {
            check(moves <= MAX_COUNT_MOVES, || LoadError::CountTooLong {
                moves,
            })?;
        }
        for row in &rule.pieces_honour {
            check(
                row.against.is_none_or(|k| (k as usize) < shape.kinds),
                || LoadError::CountingKind {
                    kind: row.against.unwrap_or(0),
                },
            )?;
            check(row.at_least <= shape.cells as u32, || {
                LoadError::CountingAtLeast {
                    at_least: row.at_least,
                }
            })?;
        }
        for &kind in rule.starts_without.iter().chain(&rule.lone_without) {
            check((kind as usize) < shape.kinds, || LoadError::CountingKind {
                kind,
            })?;
        }
        let stops: Vec<bool> = (0..shape.codes())
            .map(|code| code != 0 && rule.starts_without.contains(&(shape.kind_of[code])))
            .collect();
        let lone_stops = (0..shape.codes())
            .map(|code| {
                stops[code] || code != 0 && rule.lone_without.contains(&shape.kind_of[code])
            })
            .collect();
        Ok(Some(Counting {
            stops,
            lone_stops,
            board_honour: rule.board_honour,
            board_honour_at_most: match rule.board_honour_at_most {
                0 => usize::MAX,
                n => n as usize,
            },
            pieces_honour: rule.pieces_honour.clone(),
            from_pieces: rule.from_pieces,
        }))
    }
}
