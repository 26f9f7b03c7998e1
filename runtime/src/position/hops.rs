//! Hoppers and facing royal pieces in play: the moves of hopping rides
//! (a `hop` jumps one screen and lands beyond it, up to and onto the next
//! piece; a `hop-behind` lands just behind its screen), the reverse walk
//! that finds a hopper attacking a cell (with a pending move's cells
//! vacated or filled, since a piece moving onto a line becomes a screen),
//! and the facing test of royal pieces on an open line. Only games with
//! hoppers or `facing` reach this code (`Game::hops`, `Game::facing`).

use super::attacks::Foes;
use super::movegen::{MoveSink, Mover};
use super::{Move, Position, NO_CELL};
use crate::codes::PieceCode;
use crate::game::{AttackView, EMPTY};
use crate::ir::{self, Ray};

impl<'g> Position<'g> {
    /// The hopping rides of one piece.
    #[inline(never)]
    pub(super) fn hop_moves<S: MoveSink, const CHANGES: u8>(
        &self,
        list: &mut S,
        m: &Mover,
        rays: &[Ray],
    ) {
        let bars = self.game.hops.as_ref().and_then(|h| h.screen_bars.as_ref());
        let hopper = self.at(m.from);
        for ray in rays {
            let cells = self.game.cells_of(ray);
            let quiet = ray.flags & ir::MOVE != 0;
            let captures = ray.flags & ir::CAPTURE != 0;
            // The screen: the first piece on the line.
            let Some(screen) = cells.iter().position(|&c| self.at(c as usize) != EMPTY) else {
                continue;
            };
            if bars.is_some_and(|b| b.bars(hopper, self.at(cells[screen] as usize))) {
                continue;
            }
            let beyond = &cells[screen + 1..];
            let beyond = if ray.flags & ir::HOP_BEHIND != 0 {
                &beyond[..beyond.len().min(1)]
            } else {
                beyond
            };
            for &to in beyond {
                let to = to as usize;
                let target = self.at(to);
                if target == EMPTY {
                    if quiet {
                        self.push_landing::<S, CHANGES>(
                            list,
                            Move::normal(m.from, to),
                            m.me,
                            m.kind,
                        );
                    }
                } else {
                    if captures && m.takes(target) {
                        self.push_landing::<S, CHANGES>(
                            list,
                            Move::normal(m.from, to),
                            m.me,
                            m.kind,
                        );
                    }
                    break;
                }
            }
        }
    }

    /// Is `cell` attacked by a hopper of `view` whose code passes
    /// `wanted`, after a move from `from` to `to` that removes the piece on
    /// `removed` (each `NO_CELL` for none)?
    #[inline(never)]
    pub(super) fn hop_attacked_after(
        &self,
        cell: usize,
        view: &AttackView,
        wanted: &impl Fn(PieceCode) -> bool,
        from: usize,
        to: usize,
        removed: usize,
    ) -> bool {
        let occupied = |c: usize| c == to || (c != from && c != removed && self.at(c) != EMPTY);
        // The piece on a cell after the move: the mover on `to` (a drop or
        // promotion, whose kind is new, is judged by playing it instead).
        let after = |c: usize| if c == to { self.at(from) } else { self.at(c) };
        for line in view.hop_lines(cell) {
            let cells = view.hop_line_cells(line);
            let Some(screen) = cells.iter().position(|a| occupied(a.cell as usize)) else {
                continue;
            };
            if line.behind && screen != 0 {
                continue;
            }
            if let Some(a) = cells[screen + 1..]
                .iter()
                .find(|a| occupied(a.cell as usize))
            {
                let at = a.cell as usize;
                let code = self.at(at);
                if at != to
                    && view.attacks_with(a.set, code)
                    && wanted(code)
                    && !self.screen_barred(code, after(cells[screen].cell as usize))
                {
                    return true;
                }
            }
        }
        false
    }

    /// The cells of the hoppers of `view` attacking `cell` whose codes pass
    /// `wanted`, added to `out` by `add`.
    pub(super) fn hop_attackers(
        &self,
        cell: usize,
        view: &AttackView,
        wanted: &impl Fn(PieceCode) -> bool,
        add: &mut impl FnMut(u16),
    ) {
        for line in view.hop_lines(cell) {
            let cells = view.hop_line_cells(line);
            let Some(screen) = cells.iter().position(|a| self.at(a.cell as usize) != EMPTY) else {
                continue;
            };
            if line.behind && screen != 0 {
                continue;
            }
            if let Some(a) = cells[screen + 1..]
                .iter()
                .find(|a| self.at(a.cell as usize) != EMPTY)
            {
                let code = self.at(a.cell as usize);
                if view.attacks_with(a.set, code)
                    && wanted(code)
                    && !self.screen_barred(code, self.at(cells[screen].cell as usize))
                {
                    add(a.cell);
                }
            }
        }
    }

    /// The cells the hoppers with a code in `codes` attack while `vacated`
    /// is empty, added to `map` (`attack_map`'s hoppers).
    #[inline(never)]
    pub(super) fn hop_attack_map(
        &self,
        codes: &crate::codes::CodeSet,
        vacated: usize,
        map: &mut crate::bitset::CellSet,
    ) {
        let g = self.game;
        for p in 0..g.shape.players {
            for from in self.occupied_by[p].iter() {
                let code = self.at(from);
                if codes.contains(code) && from != vacated {
                    let index = (p * g.shape.kinds + g.kind_of_code(code)) * g.shape.cells + from;
                    self.hop_attack_cells(index, code, vacated, map);
                }
            }
        }
    }

    /// The cells the hopping rides of the move set at `index` attack while
    /// `vacated` is empty, added to `map`.
    fn hop_attack_cells(
        &self,
        index: usize,
        code: PieceCode,
        vacated: usize,
        map: &mut crate::bitset::CellSet,
    ) {
        let Some(hops) = &self.game.hops else {
            return;
        };
        let occupied = |c: usize| c != vacated && self.at(c) != EMPTY;
        for ray in hops.of(index) {
            if ray.flags & ir::CAPTURE == 0 {
                continue;
            }
            let cells = self.game.cells_of(ray);
            let Some(screen) = cells.iter().position(|&c| occupied(c as usize)) else {
                continue;
            };
            if self.screen_barred(code, self.at(cells[screen] as usize)) {
                continue;
            }
            for (i, &c) in cells[screen + 1..].iter().enumerate() {
                map.insert(c as usize);
                if occupied(c as usize) || (ray.flags & ir::HOP_BEHIND != 0 && i == 0) {
                    break;
                }
            }
        }
    }

    /// `unjumpable`: may the hopper `hopper` not jump the piece `screen`?
    #[inline]
    fn screen_barred(&self, hopper: PieceCode, screen: PieceCode) -> bool {
        self.game
            .hops
            .as_ref()
            .and_then(|h| h.screen_bars.as_ref())
            .is_some_and(|b| b.bars(hopper, screen))
    }

    /// `facing`: would the royal piece of the side `foes` are against,
    /// standing on `cell` after a move from `from` to `to` that removes the
    /// piece on `removed`, face an enemy royal piece of a facing kind on an
    /// open line? `code` is the piece on `cell` after the move.
    #[inline(never)]
    pub(super) fn faces_after(
        &self,
        cell: usize,
        code: PieceCode,
        foes: Foes,
        from: usize,
        to: usize,
        removed: usize,
    ) -> bool {
        let Some(facing) = &self.game.facing else {
            return false;
        };
        if !facing.codes.contains(code) {
            return false;
        }
        let occupied = |c: usize| c == to || (c != from && c != removed && self.at(c) != EMPTY);
        facing.lines_from(cell).any(|line| {
            line.iter()
                .map(|&c| c as usize)
                .find(|&c| occupied(c))
                .is_some_and(|c| {
                    let other = self.at(c);
                    c != to && facing.codes.contains(other) && foes.codes.contains(other)
                })
        })
    }

    /// Does a royal piece of `player` face an enemy one now?
    pub(super) fn royal_faces(&self, player: usize, foes: Foes) -> bool {
        let none = NO_CELL as usize;
        self.game.facing.is_some()
            && self.royals_of[player]
                .iter()
                .any(|c| self.faces_after(c, self.at(c), foes, none, none, none))
    }
}
