//! How a game ends: checkmate and stalemate as the end rules score them,
//! repetition, the move rule, insufficient material, agreed draws.

use crate::ir::{self, Outcome};
use crate::position::Position;

/// Why a game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    Checkmate,
    Stalemate,
    Repetition,
    MoveRule,
    InsufficientMaterial,
    /// Every player declared a draw agreement.
    Agreement,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    pub end: GameEnd,
    /// `None`: a draw.
    pub winner: Option<usize>,
}

impl<'g> Position<'g> {
    /// How often the current position has occurred (same hash), counting this one.
    pub fn repetitions(&self) -> u32 {
        let limit = self.halfmove as usize;
        1 + self
            .history
            .iter()
            .rev()
            .take(limit)
            .filter(|&&h| h == self.hash)
            .count() as u32
    }

    fn material_of(&self, player: usize) -> Vec<u8> {
        let mut kinds: Vec<u8> = self.occupied_by[player]
            .iter()
            .map(|c| self.game.kind_of[self.board[c] as usize])
            .collect();
        kinds.sort_unstable();
        kinds
    }

    /// The result if the game is over in this position (the side to move
    /// has no legal move, or a draw rule applies).
    pub fn result(&mut self) -> Option<GameResult> {
        let g = self.game;
        let end = &g.ir.end;
        let mut list = Vec::new();
        self.legal_moves(&mut list);
        let me = self.to_move;
        let two = g.players == 2;
        let outcome = |o: Outcome, end: GameEnd| GameResult {
            end,
            winner: match o {
                Outcome::Draw => None,
                Outcome::Win => Some(me),
                Outcome::Loss => two.then_some(1 - me).or(Some((me + 1) % g.players)),
            },
        };
        let drawn =
            g.ir.agreements
                .iter()
                .enumerate()
                .any(|(i, a)| a.effect == ir::AgreementEffect::Draw && self.agreed >> i & 1 != 0);
        if drawn {
            return Some(GameResult {
                end: GameEnd::Agreement,
                winner: None,
            });
        }
        if list.is_empty() {
            return Some(if self.in_check() {
                outcome(end.checkmate, GameEnd::Checkmate)
            } else {
                outcome(end.stalemate, GameEnd::Stalemate)
            });
        }
        if end.repetition > 0 && self.repetitions() >= end.repetition {
            return Some(GameResult {
                end: GameEnd::Repetition,
                winner: None,
            });
        }
        if end.move_rule > 0 && self.halfmove >= end.move_rule * g.players as u32 {
            return Some(GameResult {
                end: GameEnd::MoveRule,
                winner: None,
            });
        }
        if two && !end.insufficient.is_empty() {
            let a = self.material_of(0);
            let b = self.material_of(1);
            let sorted = |v: &Vec<u8>| {
                let mut v = v.clone();
                v.sort_unstable();
                v
            };
            if end.insufficient.iter().any(|[x, y]| {
                let (x, y) = (sorted(x), sorted(y));
                (x == a && y == b) || (x == b && y == a)
            }) {
                return Some(GameResult {
                    end: GameEnd::InsufficientMaterial,
                    winner: None,
                });
            }
        }
        None
    }
}
