//! The mate search: is there a legal position with exactly a material in
//! which the side to move is checkmated? If none exists, no sequence of
//! moves can end in mate with that material: the FIDE dead position.
//!
//! The pieces are placed one by one, the mated side's royal pieces first,
//! identical pieces on increasing cells. The last piece (one of the mating
//! side's) is not tried on every cell. With the others placed, the mated
//! side's legal moves are known, and the last piece can only stop a move by
//! standing on its landing cell or its path, or by attacking a royal piece
//! where the move leaves it (adding a piece never unblocks an attack); and if
//! the mated side is not in check yet, the last piece must give it. The
//! cells that pass every such test (found from the reverse attack tables,
//! which ignore blockers, so they are a superset) are then tried with the
//! full judgement: the side not to move not in check, the side to move in
//! check with no legal move.

use super::{standable_cells, Budget, Material, Slot, Slots, Unsupported};
use crate::bitset::CellSet;
use crate::game::{Game, EMPTY};
use crate::notation::write_general;
use crate::position::{Move, MoveKind, Position};

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateSearch {
    /// A mate position in the general notation, the mated side to move.
    Found(String),
    /// No legal position with the material has the side to move mated.
    NoneExists,
    /// The budget ran out before the search ended.
    Inconclusive,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MateReport {
    pub result: MateSearch,
    /// Placements examined (full ones judged, and those before the last piece).
    pub examined: u64,
}

/// The most pieces a mate search places.
pub const MOST_PIECES: usize = 8;

/// Below this many candidate cells for the last piece, they are judged
/// directly instead of first pruned by the mated side's moves.
const FEW_CANDIDATES: usize = 8;

/// Is there a legal position with `material` where `mated` (a player) is
/// to move and checkmated?
pub fn find_mate(
    game: &Game,
    material: &Material,
    mated: usize,
    budget: Budget,
) -> Result<MateReport, Unsupported> {
    if material.pieces() > MOST_PIECES {
        return Err(Unsupported::TooManyPieces {
            pieces: material.pieces(),
            most: MOST_PIECES,
        });
    }
    let standable = standable_cells(game);
    let slots = Slots::new(game, material, &standable)?;
    let attacker = 1 - mated;
    let none = MateReport {
        result: MateSearch::NoneExists,
        examined: 0,
    };
    // Nothing can give check, or there is nothing to checkmate.
    if material.sides[attacker].is_empty()
        || !slots.slots.iter().any(|s| s.royal && s.player == mated)
    {
        return Ok(none);
    }
    // The mated side first (royal pieces first), then the mating side, whose
    // run of identical pieces with the most cells comes last: the last
    // piece is the one not tried on every cell.
    let mut order: Vec<Slot> = slots
        .slots
        .iter()
        .filter(|s| s.player == mated)
        .cloned()
        .collect();
    let mating: Vec<&Slot> = slots
        .slots
        .iter()
        .filter(|s| s.player == attacker)
        .collect();
    let last_group = mating
        .iter()
        .max_by_key(|s| s.list.len())
        .expect("the mating side has a piece")
        .group;
    order.extend(
        mating
            .iter()
            .filter(|s| s.group != last_group)
            .map(|&s| s.clone()),
    );
    order.extend(
        mating
            .iter()
            .filter(|s| s.group == last_group)
            .map(|&s| s.clone()),
    );
    let follows_identical = (0..order.len())
        .map(|i| {
            i > 0 && order[i].group == order[i - 1].group && order[i].player == order[i - 1].player
        })
        .collect();
    let last = order.last().expect("the mating side has a piece");
    let checks_from = attack_sources(game, last.code);
    let mut pos = Position::empty(game);
    pos.set_to_move(mated);
    let mut search = Search {
        pos,
        cells: vec![0; order.len()],
        order,
        follows_identical,
        mated,
        attacker,
        checks_from,
        moves: Vec::new(),
        examined: 0,
        limit: budget.positions,
        found: None,
    };
    let finished = search.place(0);
    let result = match (search.found, finished) {
        (Some(p), _) => MateSearch::Found(p),
        (None, true) => MateSearch::NoneExists,
        (None, false) => MateSearch::Inconclusive,
    };
    Ok(MateReport {
        result,
        examined: search.examined,
    })
}

/// Is any side mated in any legal position of `material`, with either
/// player holding either side? The first mate found, `NoneExists` if none
/// in all four searches, `Inconclusive` if one ran out of budget (the
/// budget is shared).
pub fn find_mate_either_way(
    game: &Game,
    material: &Material,
    budget: Budget,
) -> Result<MateReport, Unsupported> {
    let swapped = material.swapped();
    let mut searches = vec![(material.clone(), 1), (material.clone(), 0)];
    if !swapped.same_as(material) {
        searches.push((swapped.clone(), 1));
        searches.push((swapped, 0));
    }
    let mut examined = 0;
    let mut inconclusive = false;
    for (m, mated) in searches {
        let left = Budget::new(budget.positions.saturating_sub(examined));
        let report = find_mate(game, &m, mated, left)?;
        examined += report.examined;
        match report.result {
            MateSearch::Found(p) => {
                return Ok(MateReport {
                    result: MateSearch::Found(p),
                    examined,
                })
            }
            MateSearch::Inconclusive => inconclusive = true,
            MateSearch::NoneExists => {}
        }
    }
    Ok(MateReport {
        result: if inconclusive {
            MateSearch::Inconclusive
        } else {
            MateSearch::NoneExists
        },
        examined,
    })
}

/// Per target cell: the cells from which a piece of `code` attacks it on an
/// empty board (from the reverse attack tables).
pub(crate) fn attack_sources(game: &Game, code: u8) -> Vec<CellSet> {
    let view = game.attacks_by_any();
    (0..game.shape.cells)
        .map(|target| {
            let mut from = CellSet::EMPTY;
            for a in view.leap_attackers(target) {
                if view.attacks_with(a.set, code) {
                    from.insert(a.cell as usize);
                }
            }
            for h in view.hook_attackers(target) {
                if view.attacks_with(h.set, code) {
                    from.insert(h.cell as usize);
                }
            }
            for line in view.attack_lines(target) {
                for a in view.line_cells(line) {
                    if view.attacks_with(a.set, code) {
                        from.insert(a.cell as usize);
                    }
                }
            }
            from
        })
        .collect()
}

struct Search<'g> {
    pos: Position<'g>,
    /// The slots in placement order, and where each placed one stands.
    order: Vec<Slot>,
    cells: Vec<u16>,
    /// The slot is identical to the one before it (it goes on a later cell).
    follows_identical: Vec<bool>,
    mated: usize,
    attacker: usize,
    /// Per cell: where the last piece would attack it from.
    checks_from: Vec<CellSet>,
    moves: Vec<Move>,
    examined: u64,
    limit: u64,
    found: Option<String>,
}

impl Search<'_> {
    /// Places slot `depth` and the ones after it; false once the search
    /// must stop (a mate found, or the budget spent).
    fn place(&mut self, depth: usize) -> bool {
        if depth + 1 == self.order.len() {
            return self.place_last();
        }
        let code = self.order[depth].code;
        let after = self.floor(depth);
        for i in 0..self.order[depth].list.len() {
            let cell = self.order[depth].list[i] as usize;
            if after.is_some_and(|a| cell <= a) || self.pos.board[cell] != EMPTY {
                continue;
            }
            self.pos.put(cell, code);
            self.cells[depth] = cell as u16;
            let go_on = self.place(depth + 1);
            self.pos.take(cell);
            if !go_on {
                return false;
            }
        }
        true
    }

    /// The cell an identical piece placed before this one stands on.
    fn floor(&self, depth: usize) -> Option<usize> {
        self.follows_identical[depth].then(|| self.cells[depth - 1] as usize)
    }

    fn place_last(&mut self) -> bool {
        self.examined += 1;
        if self.examined > self.limit {
            return false;
        }
        let depth = self.order.len() - 1;
        let code = self.order[depth].code;
        let mut candidates = self.order[depth].cells;
        for p in 0..2 {
            candidates = candidates.minus(&self.pos.occupied_by[p]);
        }
        if let Some(after) = self.floor(depth) {
            for c in 0..=after {
                candidates.remove(c);
            }
        }
        let royals = self.pos.royals_of[self.mated];
        if !self.pos.royal_attacked(self.mated) {
            // The last piece must give check.
            let mut checking = CellSet::EMPTY;
            for r in royals.iter() {
                checking = checking.union(&self.checks_from[r]);
            }
            candidates = candidates.intersect(&checking);
        }
        // Many candidates: first keep those that stop every move the mated
        // side has now. Few: first the cheap tests (the side not to move
        // not in check, the mated side in check), then that.
        if candidates.len() > FEW_CANDIDATES {
            candidates = self.stopping_every_move(candidates, &royals);
        }
        candidates = self.checking_legally(candidates, code);
        if candidates.len() > 1 {
            candidates = self.stopping_every_move(candidates, &royals);
        }
        for cell in candidates.iter() {
            self.examined += 1;
            if self.examined > self.limit {
                return false;
            }
            self.pos.put(cell, code);
            let mate = self.pos.count_legal() == 0;
            if mate {
                self.found = Some(write_general(&self.pos));
            }
            self.pos.take(cell);
            if mate {
                return false;
            }
        }
        true
    }

    /// The candidates that could stop each legal move of the mated side.
    fn stopping_every_move(&mut self, mut candidates: CellSet, royals: &CellSet) -> CellSet {
        let mut moves = std::mem::take(&mut self.moves);
        self.pos.legal_moves(&mut moves);
        for &mv in &moves {
            candidates = candidates.intersect(&self.interference(mv, royals));
            if candidates.is_empty() {
                break;
            }
        }
        self.moves = moves;
        candidates
    }

    /// The candidates where the last piece leaves a legal position with the
    /// mated side in check.
    fn checking_legally(&mut self, candidates: CellSet, code: u8) -> CellSet {
        let mut kept = CellSet::EMPTY;
        for cell in candidates.iter() {
            self.pos.put(cell, code);
            if !self.pos.royal_attacked(self.attacker) && self.pos.royal_attacked(self.mated) {
                kept.insert(cell);
            }
            self.pos.take(cell);
        }
        kept
    }

    /// The cells on which a new enemy piece (the last slot) could stop the
    /// mated side's legal move `mv`: its landing cell, the cells it passes,
    /// and the cells from which the new piece would attack a royal piece
    /// where the move leaves it (or the landing cell, for a move that must
    /// land unattacked). Moves that change more than one cell: every cell.
    fn interference(&self, mv: Move, royals: &CellSet) -> CellSet {
        if !matches!(mv.kind, MoveKind::Normal | MoveKind::Passing) {
            return CellSet::full(self.pos.game.shape.cells);
        }
        let g = self.pos.game;
        let (from, to) = (mv.from as usize, mv.to as usize);
        let mut cells = CellSet::EMPTY;
        cells.insert(to);
        let code = self.pos.board[from];
        let set = g.moveset(self.mated, g.kind_of_code(code), from);
        for ray in g.rays_of(set) {
            let ray_cells = g.cells_of(ray);
            if let Some(i) = ray_cells.iter().position(|&c| c as usize == to) {
                for &c in &ray_cells[..i] {
                    cells.insert(c as usize);
                }
            }
        }
        for hook in &g.moves.hooks[set.hook_start as usize..][..set.hook_len as usize] {
            if hook.to as usize == to {
                for &c in &g.moves.hook_cells[hook.via_start as usize..][..hook.via_len as usize] {
                    cells.insert(c as usize);
                }
            }
        }
        for r in royals.iter() {
            let at = if r == from { to } else { r };
            cells = cells.union(&self.checks_from[at]);
        }
        if mv.unattacked {
            cells = cells.union(&self.checks_from[to]);
        }
        cells
    }
}
