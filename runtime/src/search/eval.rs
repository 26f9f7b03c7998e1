//! The evaluation, derived from the rules alone: material from each kind's
//! `value` (where a game gives none, from how far the kind reaches on an
//! empty board), and a per-cell bonus from the kind's reach from that cell
//! on an empty board, built once per game. Only players in play count: a
//! frozen army is worth nothing to its owner.

use crate::game::{Game, EMPTY};
use crate::position::Position;

/// Centipawns per unit of a kind's `value`.
const UNIT: i32 = 100;
/// Centipawns per cell of reach above or below the kind's average.
const REACH: i32 = 3;

pub(crate) struct Evaluator {
    /// Per piece code: material in centipawns.
    material: Vec<i32>,
    /// Per piece code and cell: the bonus of standing there.
    placement: Vec<i32>,
    cells: usize,
}

impl Evaluator {
    pub(crate) fn new(game: &Game) -> Evaluator {
        let cells = game.cells();
        let codes = game.codes();
        let mut material = vec![0; codes];
        let mut placement = vec![0; codes * cells];
        let mut empty = Position::empty(game);
        let mut list = Vec::new();
        for player in 0..game.players() {
            for (kind, info) in game.ir().kinds.iter().enumerate() {
                let code = game.code(player, kind);
                // The kind's reach from every cell of an empty board.
                let reach: Vec<i32> = (0..cells)
                    .map(|cell| {
                        if game.ir().cells[cell].side {
                            return 0;
                        }
                        empty.put(cell, code);
                        empty.set_to_move(player);
                        list.clear();
                        empty.pseudo_legal_moves(&mut list);
                        empty.take(cell);
                        list.len() as i32
                    })
                    .collect();
                let on_board = reach.iter().filter(|&&r| r > 0).count().max(1) as i32;
                let average = reach.iter().sum::<i32>() / on_board;
                material[code as usize] = if info.royal {
                    0
                } else if info.value != 0 {
                    info.value * UNIT
                } else {
                    // No value given: 35 per cell of average reach, so a
                    // rider over 23 cells of an 8x8 board is worth about 8
                    // units, a leaper to 5 cells about 2.
                    (average * 35).max(UNIT)
                };
                for (cell, r) in reach.iter().enumerate() {
                    placement[code as usize * cells + cell] = (r - average) * REACH;
                }
            }
        }
        Evaluator {
            material,
            placement,
            cells,
        }
    }

    /// The material of a piece code, in centipawns (0 for an empty cell).
    pub(crate) fn value(&self, code: u8) -> i32 {
        self.material.get(code as usize).copied().unwrap_or(0)
    }

    /// Each player's worth: material and placement of its pieces, 0 for a
    /// player out of the game.
    pub(crate) fn worth(&self, pos: &Position, out: &mut [i32]) {
        let g = pos.game();
        out.iter_mut().for_each(|w| *w = 0);
        for (cell, &code) in pos.board().iter().enumerate() {
            if code == EMPTY {
                continue;
            }
            let owner = g.owner_of(code);
            out[owner] +=
                self.material[code as usize] + self.placement[code as usize * self.cells + cell];
        }
        for (p, w) in out.iter_mut().enumerate() {
            if !pos.in_play(p) {
                *w = 0;
            }
        }
    }
}
