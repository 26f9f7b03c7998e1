//! Every reverse-attack walk: is a cell attacked (now, or after a pending
//! move), who attacks it, the map of attacked cells, and the checks and pins
//! of the side to move. All read the loader's reverse tables (`AttackView`:
//! one per player, holding only that player's enemies).

use super::{Position, NO_CELL};
use crate::bitset::CellSet;
use crate::codes::{CodeSet, PieceCode};
use crate::game::{AttackView, EMPTY};
use crate::ir;

/// The enemies of one player, as the attack questions need them: the
/// reverse tables holding only their codes, and the codes themselves (for
/// walking their own move tables).
#[derive(Clone, Copy)]
pub(crate) struct Foes<'g> {
    pub(crate) view: &'g AttackView,
    pub(crate) codes: &'g CodeSet,
}

/// Every code of a view counts (the view holds only the codes asked about).
#[inline(always)]
fn any_code(_: PieceCode) -> bool {
    true
}

impl<'g> Position<'g> {
    /// The enemies of `player`.
    #[inline(always)]
    pub(crate) fn foes_of(&self, player: usize) -> Foes<'g> {
        let others = crate::game::others_of(self.out as usize, player);
        Foes {
            view: self.game.attacks_on(player, others),
            codes: self.game.enemies_of(player, others),
        }
    }

    /// Is `cell` attacked by a piece whose code is in `codes`?
    pub fn attacked_by_codes(&self, cell: usize, codes: &CodeSet) -> bool {
        let none = NO_CELL as usize;
        self.attacked_after_in(
            cell,
            self.game.attacks_by_any(),
            |code| codes.contains(code),
            none,
            none,
            none,
        )
    }

    /// How many pieces with a code in `codes` attack `cell` (at most 64
    /// are told apart).
    pub fn attackers_count(&self, cell: usize, codes: &CodeSet) -> usize {
        let mut found = [0u16; 64];
        self.attackers_of(
            cell,
            self.game.attacks_by_any(),
            |c| codes.contains(c),
            &mut found,
        )
    }

    /// Is `cell` attacked by an enemy (`foes`)?
    #[inline]
    pub(super) fn attacked_by(&self, cell: usize, foes: Foes) -> bool {
        let none = NO_CELL as usize;
        self.attacked_after_in(cell, foes.view, any_code, none, none, none)
    }

    /// Collects the cells of the pieces of `view` attacking `cell` whose
    /// codes pass `wanted`.
    #[inline]
    pub(super) fn attackers_of(
        &self,
        cell: usize,
        view: &AttackView,
        wanted: impl Fn(PieceCode) -> bool,
        out: &mut [u16; 64],
    ) -> usize {
        self.attackers_through(cell, view, wanted, &[], out)
    }

    /// `attackers_of` with the pieces on `through` seen through on lines
    /// as if gone (they are still collected where they attack: the caller
    /// leaves them out). The static exchange's x-rays.
    #[inline(always)]
    pub(super) fn attackers_through(
        &self,
        cell: usize,
        view: &AttackView,
        wanted: impl Fn(PieceCode) -> bool,
        through: &[u16],
        out: &mut [u16; 64],
    ) -> usize {
        let mut n = 0;
        let mut add = |c: u16, out: &mut [u16; 64]| {
            if n < out.len() && !out[..n].contains(&c) {
                out[n] = c;
                n += 1;
            }
        };
        let hits = |set: u16, code: PieceCode| view.attacks_with(set, code) && wanted(code);
        for a in view.leap_attackers(cell) {
            if hits(a.set, self.board[a.cell as usize]) {
                add(a.cell, out);
            }
        }
        for h in view.hook_attackers(cell) {
            if hits(h.set, self.board[h.cell as usize])
                && self.hook_open(
                    h.via_start,
                    h.via_len,
                    h.all,
                    NO_CELL as usize,
                    NO_CELL as usize,
                    NO_CELL as usize,
                )
            {
                add(h.cell, out);
            }
        }
        for line in view.attack_lines(cell) {
            for a in view.line_cells(line) {
                let code = self.board[a.cell as usize];
                if code != EMPTY && !through.contains(&a.cell) {
                    if hits(a.set, code) {
                        add(a.cell, out);
                    }
                    break;
                }
            }
        }
        if view.has_hops() {
            self.hop_attackers(cell, view, &wanted, &mut |c| add(c, out));
        }
        n
    }

    /// Is one of a hook's intermediate cells empty (with `from` and
    /// `removed` vacated and `to` filled by a pending move)? `all`: a
    /// lame leap's, all of which must be empty.
    #[inline(always)]
    pub(super) fn hook_open(
        &self,
        via_start: u32,
        via_len: u16,
        all: bool,
        from: usize,
        to: usize,
        removed: usize,
    ) -> bool {
        let empty = |&v: &u16| {
            let v = v as usize;
            v != to && (v == from || v == removed || self.board[v] == EMPTY)
        };
        let vias = &self.game.moves.hook_cells[via_start as usize..][..via_len as usize];
        if all {
            vias.iter().all(empty)
        } else {
            vias.iter().any(empty)
        }
    }

    /// Is `cell` attacked by any opponent of `player`?
    #[inline]
    pub fn attacked_by_enemy_of(&self, cell: usize, player: usize) -> bool {
        self.attacked_by(cell, self.foes_of(player))
    }

    /// Is any royal piece of `player` attacked?
    #[inline]
    pub fn royal_attacked(&self, player: usize) -> bool {
        if self.game.shape.check_all_royals {
            return self.all_royals_attacked(player);
        }
        let foes = self.foes_of(player);
        self.royals_of[player]
            .iter()
            .any(|c| self.attacked_by(c, foes) && self.blast_keeps_attack(c, foes))
            || (self
                .game
                .facing
                .as_ref()
                .is_some_and(|f| f.must_break.is_none())
                && self.royal_faces(player, foes))
    }

    /// A royal piece of `player` that is attacked and one enemy piece
    /// attacking it, as (royal cell, attacker cell), if any is attacked.
    pub fn royal_attacker(&self, player: usize) -> Option<(usize, usize)> {
        let foes = self.foes_of(player);
        self.royals_of[player].iter().find_map(|royal| {
            let mut found = [0u16; 64];
            let n = self.attackers_of(royal, foes.view, any_code, &mut found);
            (n > 0 && self.blast_keeps_attack(royal, foes)).then(|| (royal, found[0] as usize))
        })
    }

    pub fn in_check(&self) -> bool {
        self.royal_attacked(self.to_move)
    }

    /// Would `cell` be attacked by an enemy (`foes`) after a move from
    /// `from` to `to` that removes the piece on `removed` (the captured
    /// cell, or `NO_CELL`)? Evaluated on the current board, without playing
    /// the move.
    #[inline]
    pub(super) fn attacked_after(
        &self,
        cell: usize,
        foes: Foes,
        from: usize,
        to: usize,
        removed: usize,
    ) -> bool {
        self.attacked_after_in(cell, foes.view, any_code, from, to, removed)
    }

    /// `attacked_after` for the codes of `view` that pass `wanted`.
    #[inline]
    pub(super) fn attacked_after_in(
        &self,
        cell: usize,
        view: &AttackView,
        wanted: impl Fn(PieceCode) -> bool,
        from: usize,
        to: usize,
        removed: usize,
    ) -> bool {
        let hits = |set: u16, code: PieceCode| view.attacks_with(set, code) && wanted(code);
        for a in view.leap_attackers(cell) {
            let at = a.cell as usize;
            if at != to && at != removed && hits(a.set, self.at(at)) {
                return true;
            }
        }
        for line in view.attack_lines(cell) {
            for a in view.line_cells(line) {
                let at = a.cell as usize;
                if at == to {
                    break;
                }
                let code = self.at(at);
                if code != EMPTY && at != from && at != removed {
                    if hits(a.set, code) {
                        return true;
                    }
                    break;
                }
            }
        }
        for h in view.hook_attackers(cell) {
            let at = h.cell as usize;
            if at != to
                && at != removed
                && hits(h.set, self.board[at])
                && self.hook_open(h.via_start, h.via_len, h.all, from, to, removed)
            {
                return true;
            }
        }
        view.has_hops() && self.hop_attacked_after(cell, view, &wanted, from, to, removed)
    }

    /// Every cell a piece with a code in `codes` attacks while `vacated` is
    /// empty: for each empty cell, what `attacked_after(cell, codes,
    /// vacated, cell, cell)` says, found by walking the attackers' own move
    /// tables once.
    pub(super) fn attack_map(&self, codes: &CodeSet, vacated: usize) -> CellSet {
        let g = self.game;
        let none = NO_CELL as usize;
        let mut map = CellSet::EMPTY;
        for p in 0..g.shape.players {
            if !g.shape.codes_of_player[p].intersects(codes) {
                continue;
            }
            for from in self.occupied_by[p].iter() {
                let code = self.at(from);
                if !codes.contains(code) || from == vacated {
                    continue;
                }
                let set = g.moveset(p, g.kind_of_code(code), from);
                for leap in g.leaps_of(set) {
                    if leap.flags & (ir::CAPTURE | ir::GUARD) != 0 {
                        map.insert(leap.to as usize);
                    }
                }
                for ray in g.rays_of(set) {
                    if ray.flags & ir::CAPTURE == 0 {
                        continue;
                    }
                    let first = ray.first_landing as usize;
                    for (i, &c) in g.cells_of(ray).iter().enumerate() {
                        let c = c as usize;
                        if i >= first {
                            map.insert(c);
                        }
                        if c != vacated && self.at(c) != EMPTY {
                            break;
                        }
                    }
                }
                if set.hook_len > 0 {
                    for hook in &g.moves.hooks[set.hook_start as usize..][..set.hook_len as usize] {
                        if hook.flags & ir::CAPTURE != 0
                            && self.hook_open(
                                hook.via_start,
                                hook.via_len,
                                hook.flags & ir::LAME != 0,
                                vacated,
                                none,
                                none,
                            )
                        {
                            map.insert(hook.to as usize);
                        }
                    }
                }
            }
        }
        if g.hops.is_some() {
            self.hop_attack_map(codes, vacated, &mut map);
        }
        map
    }

    /// Is a royal piece of the side to move attacked, and which of its own
    /// pieces stand alone between a royal piece and an enemy rider, or on
    /// the only intermediate cells of an enemy hook (pinned)? Only pinned
    /// pieces can expose a royal piece when it is not attacked: leaps cannot
    /// be blocked and pieces do not appear.
    #[inline]
    pub(super) fn checks_and_pins(&self, foes: Foes) -> (bool, CellSet) {
        let g = self.game;
        let view = foes.view;
        let mine = g.shape.codes_of_player[self.to_move];
        let mut pinned = CellSet::EMPTY;
        let mut check = false;
        for royal in self.royals_of[self.to_move].iter() {
            for a in view.leap_attackers(royal) {
                if view.attacks_with(a.set, self.board[a.cell as usize]) {
                    check = true;
                }
            }
            for line in view.attack_lines(royal) {
                let mut blocker = usize::MAX;
                for a in view.line_cells(line) {
                    let code = self.board[a.cell as usize];
                    if code == EMPTY {
                        continue;
                    }
                    if view.attacks_with(a.set, code) {
                        if blocker == usize::MAX {
                            check = true;
                        } else {
                            pinned.insert(blocker);
                        }
                        break;
                    }
                    if blocker != usize::MAX || !mine.contains(code) {
                        break;
                    }
                    blocker = a.cell as usize;
                }
            }
            for h in view.hook_attackers(royal) {
                if !view.attacks_with(h.set, self.board[h.cell as usize]) {
                    continue;
                }
                let vias = &g.moves.hook_cells[h.via_start as usize..][..h.via_len as usize];
                if vias.iter().any(|&v| self.board[v as usize] == EMPTY) {
                    check = true;
                } else {
                    for &v in vias {
                        if mine.contains(self.board[v as usize]) {
                            pinned.insert(v as usize);
                        }
                    }
                }
            }
        }
        (check, pinned)
    }
}
