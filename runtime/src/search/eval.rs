//! The evaluation, derived from the rules alone: material from each kind's
//! `value` (where a game gives none, from how far the kind reaches on an
//! empty board), and a per-cell bonus from the kind's reach from that cell
//! on an empty board, built once per game; and, so that a side with no
//! capture in sight still makes progress, a small pull of each piece
//! towards the nearest royal piece of another side (distances in steps on
//! the board's own move graph). Only players in play count: a frozen army
//! is worth nothing to its owner.

use crate::game::{Game, EMPTY};
use crate::position::Position;

/// Centipawns per unit of a kind's `value`.
const UNIT: i32 = 100;
/// Centipawns per cell of reach above or below the kind's average.
const REACH: i32 = 3;
/// Centipawns per step nearer an enemy royal piece, within `PULL_STEPS`.
const PULL: i32 = 2;
const PULL_STEPS: i32 = 6;

pub(crate) struct Evaluator {
    /// Per piece code: material in centipawns.
    material: Vec<i32>,
    /// Per piece code and cell: the bonus of standing there.
    placement: Vec<i32>,
    cells: usize,
    /// Per pair of cells: `PULL_STEPS` less the steps between them (at
    /// least 0), the pull of standing that near.
    pull: Vec<i8>,
    /// Per piece code: it is pulled (not royal, not a side cell's piece).
    pulled: Vec<bool>,
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
        let pulled = (0..codes)
            .map(|code| code != EMPTY as usize && material[code] > 0)
            .collect();
        Evaluator {
            material,
            placement,
            cells,
            pull: pull_table(game),
            pulled,
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
        // The pull: each piece towards the nearest enemy royal in play.
        let cells = self.cells;
        for (cell, &code) in pos.board().iter().enumerate() {
            if code == EMPTY || !self.pulled[code as usize] {
                continue;
            }
            let owner = g.owner_of(code);
            let mut best = 0;
            for q in 0..g.players() {
                if g.team_of[q] == g.team_of[owner] || !pos.in_play(q) {
                    continue;
                }
                for royal in pos.royals_of[q].iter() {
                    best = best.max(self.pull[cell * cells + royal]);
                }
            }
            out[owner] += PULL * best as i32;
        }
        for (p, w) in out.iter_mut().enumerate() {
            if !pos.in_play(p) {
                *w = 0;
            }
        }
    }
}

/// Steps between cells on the board's move graph: a step is any single
/// leap, or the first cell of any ride, of any kind of any player (so
/// every board kind measures by its own geometry).
fn pull_table(game: &Game) -> Vec<i8> {
    let cells = game.cells();
    let mut next: Vec<Vec<u16>> = vec![Vec::new(); cells];
    for player in 0..game.players() {
        for kind in 0..game.ir().kinds.len() {
            for (from, list) in next.iter_mut().enumerate() {
                let set = game.moveset(player, kind, from);
                for l in game.leaps_of(set) {
                    list.push(l.to);
                }
                for r in game.rays_of(set) {
                    if let Some(&c) = game.cells_of(r).first() {
                        list.push(c);
                    }
                }
            }
        }
    }
    for list in &mut next {
        list.sort_unstable();
        list.dedup();
    }
    let mut pull = vec![0i8; cells * cells];
    let mut dist = vec![u8::MAX; cells];
    let mut queue = Vec::with_capacity(cells);
    for start in 0..cells {
        dist.iter_mut().for_each(|d| *d = u8::MAX);
        dist[start] = 0;
        queue.clear();
        queue.push(start);
        let mut head = 0;
        while head < queue.len() {
            let c = queue[head];
            head += 1;
            if dist[c] as i32 >= PULL_STEPS {
                continue;
            }
            for &n in &next[c] {
                let n = n as usize;
                if dist[n] == u8::MAX {
                    dist[n] = dist[c] + 1;
                    queue.push(n);
                }
            }
        }
        for (to, &d) in dist.iter().enumerate() {
            if d != u8::MAX {
                pull[start * cells + to] = (PULL_STEPS - d as i32).max(0) as i8;
            }
        }
    }
    pull
}
