//! Retrograde analysis: for a material, with one player (the attacker) to
//! move, which legal positions are forced wins (mate against any defence),
//! and in how many moves (distance to mate, DTM)?
//!
//! Within one budget of positions examined:
//!
//! 1. Captures leave a smaller material: every such material is solved
//!    first, smallest first (a capture resolves by its result; a material
//!    with royal pieces only, K vs K, has no win at all).
//! 2. A forward pass over the dense index of placements
//!    (`PlacementIndex`), for each legal position and each side to move,
//!    with the runtime's own legal moves: a mate or stalemate now (scored by
//!    the game's end rules), captures (the smaller material's result), and
//!    for the defender the number of distinct quiet moves still open.
//! 3. A backward pass from the mates, level by level (plies to mate): an
//!    attacker position with a move into a won position is won one ply
//!    later; a defender position is won once its last open move is known to
//!    lose (its counter reaches zero), one ply after the slowest of them.
//!    Predecessors come from un-moves: each quiet atom of a piece, reversed
//!    (`UnmoveTable`), taken only if the forward generator would make the
//!    move (the cells it passes empty, the landing unattacked where the atom
//!    says so) and only into legal positions. `cross_check` compares that
//!    with the forward generator, position by position.
//!
//! Memory: six bytes per index entry (both sides to move), plus the
//! buckets of the backward pass; the budget bounds the index.

use super::{distinct, standable_cells, Budget, Material, Slot, Slots, Unsupported};
use crate::codes::PieceCode;
use crate::game::{Game, EMPTY};
use crate::ir::{self, Outcome};
use crate::notation::write_general;
use crate::position::{Move, MoveKind, Position};
use std::collections::HashMap;
use unmoves::Layout;

mod cross_check;
mod unmoves;

pub use cross_check::{cross_check, CrossCheck};

/// What the analysis found for the attacker to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetrogradeReport {
    /// Legal positions with the attacker to move.
    pub positions: u64,
    /// How many of them are forced wins.
    pub won: u64,
    /// The longest forced win, in the attacker's moves (`None`: no win).
    pub longest_win: Option<u32>,
    /// Entry n: how many of the won positions mate in n moves (n = 0: the
    /// game is already won, which only end rules scoring a mate as the
    /// mated side's win allow).
    pub won_in: Vec<u64>,
    /// A position of that longest win, in the general notation.
    pub longest_example: Option<String>,
    /// A legal position with the attacker to move that is no forced win.
    pub not_won_example: Option<String>,
    /// Positions examined (index entries of this material and of the
    /// smaller ones, and backward steps).
    pub examined: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Retrograde {
    Solved(RetrogradeReport),
    /// The budget would not cover the analysis, or ran out.
    Inconclusive {
        examined: u64,
    },
}

/// The most pieces a retrograde analysis takes.
pub const MOST_PIECES: usize = 6;
/// The most index entries of one material (each for both sides to move).
pub const MOST_POSITIONS: u64 = 1 << 30;

/// `attacker_dtm`: not a position (pieces share a cell, or the side not to
/// move is in check); `defender_open`: the same.
const ILLEGAL: u16 = u16::MAX;
/// `attacker_dtm`: no forced win (yet).
const NOT_WON: u16 = u16::MAX - 1;
/// `defender_open`: some defence is known to escape.
const ESCAPES: u16 = u16::MAX - 1;

/// The solved material, both sides to move.
struct Table {
    layout: Layout,
    /// Plies to mate with the attacker to move, `NOT_WON` or `ILLEGAL`.
    attacker_dtm: Vec<u16>,
    /// With the defender to move: while open, the slowest loss found among
    /// its moves; once won, the plies to mate.
    defender_dtm: Vec<u16>,
    /// With the defender to move: quiet moves not yet known to lose, or
    /// `ESCAPES` or `ILLEGAL`. Zero: won for the attacker.
    defender_open: Vec<u16>,
}

impl Table {
    fn attacker_wins_in(&self, index: u64) -> Option<u16> {
        let d = self.attacker_dtm[index as usize];
        (d < NOT_WON).then_some(d)
    }

    fn defender_loses_in(&self, index: u64) -> Option<u16> {
        (self.defender_open[index as usize] == 0).then(|| self.defender_dtm[index as usize])
    }
}

type Key = Vec<(usize, usize, Option<[u64; 6]>)>;

fn key(slots: &[Slot]) -> Key {
    slots
        .iter()
        .map(|s| (s.player, s.kind, s.region.map(|r| r.0)))
        .collect()
}

/// The slots without slot `i`, their runs of identical pieces renumbered.
fn without(slots: &[Slot], i: usize) -> Vec<Slot> {
    let mut out: Vec<Slot> = slots
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .map(|(_, s)| s.clone())
        .collect();
    for j in 0..out.len() {
        let same = j > 0
            && out[j - 1].player == out[j].player
            && out[j - 1].kind == out[j].kind
            && out[j - 1].region == out[j].region;
        out[j].group = if same { out[j - 1].group } else { j };
    }
    out
}

/// A position showing placements one after the other: only the pieces
/// that moved are lifted and put.
struct Board<'g> {
    pos: Position<'g>,
    codes: Vec<PieceCode>,
    on: Vec<Option<u16>>,
}

impl<'g> Board<'g> {
    fn new(game: &'g Game, slots: &[Slot]) -> Board<'g> {
        Board {
            pos: Position::empty(game),
            codes: slots.iter().map(|s| s.code).collect(),
            on: vec![None; slots.len()],
        }
    }

    /// Shows a placement (its pieces on distinct cells).
    fn show(&mut self, cells: &[u16]) {
        for (s, &c) in cells.iter().enumerate() {
            if self.on[s] != Some(c) {
                if let Some(old) = self.on[s].take() {
                    self.pos.take(old as usize);
                }
            }
        }
        for (s, &c) in cells.iter().enumerate() {
            if self.on[s].is_none() {
                self.pos.put(c as usize, self.codes[s]);
                self.on[s] = Some(c);
            }
        }
    }

    fn text(&mut self, cells: &[u16], to_move: usize) -> String {
        self.show(cells);
        self.pos.set_to_move(to_move);
        write_general(&self.pos)
    }
}

/// Refuses materials whose moves leave the analysed positions (see the
/// module comment of `endgame`).
fn check_modelled(game: &Game, slots: &[Slot]) -> Result<(), Unsupported> {
    let g = game;
    let name = |k: usize| g.ir.kinds[k].name.clone();
    for s in slots {
        let pk = s.player * g.shape.kinds + s.kind;
        let usable =
            |flags: u16| flags & (ir::MOVE | ir::CAPTURE) != 0 && flags & ir::UNMOVED_ONLY == 0;
        for from in s.cells.iter() {
            let set = *g.moveset(s.player, s.kind, from);
            let mut landings: Vec<(usize, u16, u8)> = Vec::new();
            for l in g.leaps_of(&set).iter().filter(|l| usable(l.flags)) {
                landings.push((l.to as usize, l.flags, l.becomes));
            }
            for r in g.rays_of(&set).iter().filter(|r| usable(r.flags)) {
                let cells = g.cells_of(r);
                if r.flags & ir::CREATES_EN_PASSANT != 0 && cells.len() > 1 {
                    return Err(Unsupported::OpensEnPassant { kind: name(s.kind) });
                }
                for &c in &cells[r.first_landing as usize..] {
                    landings.push((c as usize, r.flags, r.becomes));
                }
            }
            for h in g.moves.hooks[set.hook_start as usize..][..set.hook_len as usize]
                .iter()
                .filter(|h| usable(h.flags))
            {
                landings.push((h.to as usize, h.flags, h.becomes));
            }
            for (to, _, becomes) in landings {
                let promotes = (g.landing.promotes[pk]
                    && g.landing.promotion_at[pk * g.shape.cells + to].1 > 0)
                    || g.landing.promotes_in_place(pk);
                if becomes != 0 || promotes {
                    return Err(Unsupported::ChangesKind { kind: name(s.kind) });
                }
                if s.region.is_some_and(|r| !r.contains(to)) {
                    return Err(Unsupported::LeavesRegion { kind: name(s.kind) });
                }
            }
            for swap in &g.moves.swaps[set.swap_start as usize..][..set.swap_len as usize] {
                let partner = slots.iter().any(|o| {
                    o.player == s.player && o.kind < 128 && swap.partner_kinds >> o.kind & 1 != 0
                });
                if partner {
                    return Err(Unsupported::Swaps { kind: name(s.kind) });
                }
            }
        }
        for o in slots {
            if g.forms_stack(s.code, o.code) != EMPTY {
                return Err(Unsupported::FormsStack { kind: name(s.kind) });
            }
        }
    }
    Ok(())
}

/// Pushes a position won in `plies` onto the backward pass's buckets.
fn push(buckets: &mut Vec<Vec<u32>>, plies: u16, index: u64, defender: bool) {
    let level = plies as usize;
    if buckets.len() <= level {
        buckets.resize(level + 1, Vec::new());
    }
    buckets[level].push((index as u32) << 1 | defender as u32);
}

/// Positions examined so far, against the budget.
struct Counter {
    examined: u64,
    limit: u64,
}

/// Out of budget.
struct Spent;

impl Counter {
    fn spend(&mut self, positions: u64) -> Result<(), Spent> {
        self.examined += positions;
        if self.examined > self.limit {
            Err(Spent)
        } else {
            Ok(())
        }
    }
}

/// Solves the material of `layout` with `attacker` to move first; the
/// smaller materials its captures leave are in `tables` already.
fn solve(
    game: &Game,
    attacker: usize,
    tables: &HashMap<Key, Table>,
    layout: Layout,
    counter: &mut Counter,
) -> Result<Result<Table, Spent>, Unsupported> {
    let size = layout.index.size as usize;
    let mut table = Table {
        attacker_dtm: vec![ILLEGAL; size],
        defender_dtm: vec![0; size],
        defender_open: vec![ILLEGAL; size],
        layout,
    };
    // The smaller material a capture of each slot leaves.
    let subs: Vec<Option<&Table>> = (0..table.layout.slots.len())
        .map(|i| {
            (!table.layout.slots[i].royal)
                .then(|| tables.get(&key(&without(&table.layout.slots, i))))
                .flatten()
        })
        .collect();
    let mut buckets: Vec<Vec<u32>> = Vec::new();
    let mut board = Board::new(game, &table.layout.slots);
    if let Err(Spent) = forward_pass(
        game,
        attacker,
        &mut table,
        &subs,
        counter,
        &mut buckets,
        &mut board,
    )? {
        return Ok(Err(Spent));
    }
    if let Err(Spent) = backward_pass(attacker, &mut table, counter, &mut buckets, &mut board) {
        return Ok(Err(Spent));
    }
    Ok(Ok(table))
}

/// The forward pass: every legal position of the index, with each side to
/// move, scored by its own moves: a mate or stalemate now, captures into
/// the smaller materials, and for the defender the number of distinct quiet
/// moves still open. Positions already decided go into `buckets` by plies.
fn forward_pass(
    game: &Game,
    attacker: usize,
    table: &mut Table,
    subs: &[Option<&Table>],
    counter: &mut Counter,
    buckets: &mut Vec<Vec<u32>>,
    board: &mut Board,
) -> Result<Result<(), Spent>, Unsupported> {
    let g = game;
    let defender = 1 - attacker;
    let n = table.layout.slots.len();
    let size = table.layout.index.size as usize;
    let defender_capturable = table
        .layout
        .slots
        .iter()
        .any(|s| s.player == defender && !s.royal);
    let mut cells = vec![0u16; n];
    let mut after = Vec::with_capacity(n);
    let mut moves: Vec<Move> = Vec::new();
    let mut quiet: Vec<(u16, u16)> = Vec::new();
    let end = &g.ir.end;

    for index in 0..size as u64 {
        if counter.spend(2).is_err() {
            return Ok(Err(Spent));
        }
        table.layout.index.decode(index, &mut cells);
        if !distinct(&cells) {
            continue;
        }
        board.show(&cells);
        for side in [attacker, defender] {
            let pos = &mut board.pos;
            pos.set_to_move(side);
            if pos.royal_attacked(1 - side) {
                continue;
            }
            let i = index as usize;
            // With nothing to capture, the attacker's moves are all quiet
            // (the backward pass finds them): only mate or stalemate
            // matters here.
            if side == attacker && !defender_capturable {
                if pos.has_legal_move() {
                    table.attacker_dtm[i] = NOT_WON;
                    continue;
                }
                moves.clear();
            } else {
                pos.legal_moves(&mut moves);
            }
            if moves.is_empty() {
                let outcome = if pos.in_check() {
                    end.checkmate
                } else {
                    end.stalemate
                };
                if side == attacker {
                    table.attacker_dtm[i] = NOT_WON;
                    if outcome == Outcome::Win {
                        table.attacker_dtm[i] = 0;
                        push(buckets, 0, index, false);
                    }
                } else if outcome == Outcome::Loss {
                    table.defender_open[i] = 0;
                    push(buckets, 0, index, true);
                } else {
                    table.defender_open[i] = ESCAPES;
                }
                continue;
            }
            let mut fastest = NOT_WON;
            let mut slowest = 0u16;
            let mut escapes = false;
            quiet.clear();
            for mv in &moves {
                if mv.kind != MoveKind::Normal || mv.promotion != 0 {
                    return Err(Unsupported::UnmodelledMove {
                        position: write_general(pos),
                    });
                }
                let (from, to) = (mv.from, mv.to);
                if pos.board[to as usize] == EMPTY {
                    quiet.push((from, to));
                    continue;
                }
                let captured = cells.iter().position(|&c| c == to).unwrap_or(usize::MAX);
                if captured == usize::MAX || subs[captured].is_none() {
                    return Err(Unsupported::UnmodelledMove {
                        position: write_general(pos),
                    });
                }
                after.clear();
                for (s, &c) in cells.iter().enumerate() {
                    if s != captured {
                        after.push(if c == from { to } else { c });
                    }
                }
                let Some(sub) = subs[captured] else {
                    return Err(Unsupported::UnmodelledMove {
                        position: write_general(pos),
                    });
                };
                let Some(j) = sub.layout.index.encode(&after) else {
                    return Err(Unsupported::UnmodelledMove {
                        position: write_general(pos),
                    });
                };
                if side == attacker {
                    if let Some(d) = sub.defender_loses_in(j) {
                        fastest = fastest.min(d.saturating_add(1).min(NOT_WON - 1));
                    }
                } else {
                    match sub.attacker_wins_in(j) {
                        Some(d) => slowest = slowest.max(d),
                        None => escapes = true,
                    }
                }
            }
            if side == attacker {
                table.attacker_dtm[i] = fastest;
                if fastest != NOT_WON {
                    push(buckets, fastest, index, false);
                }
            } else if escapes {
                table.defender_open[i] = ESCAPES;
            } else {
                quiet.sort_unstable();
                quiet.dedup();
                table.defender_open[i] = quiet.len() as u16;
                table.defender_dtm[i] = slowest;
                if quiet.is_empty() {
                    table.defender_dtm[i] = slowest + 1;
                    push(buckets, slowest + 1, index, true);
                }
            }
        }
    }
    Ok(Ok(()))
}

/// The backward pass, from the mates level by level (plies to mate): an
/// attacker position with a move into a won position is won one ply later;
/// a defender position is won once its last open move is known to lose.
fn backward_pass(
    attacker: usize,
    table: &mut Table,
    counter: &mut Counter,
    buckets: &mut Vec<Vec<u32>>,
    board: &mut Board,
) -> Result<(), Spent> {
    let defender = 1 - attacker;
    let mut cells = vec![0u16; table.layout.slots.len()];
    let mut before: Vec<u64> = Vec::new();

    let mut level = 0;
    while level < buckets.len() {
        let entries = std::mem::take(&mut buckets[level]);
        if counter.spend(entries.len() as u64).is_err() {
            return Err(Spent);
        }
        let plies = level as u16;
        for e in entries {
            let index = (e >> 1) as u64;
            let i = index as usize;
            let defender_to_move = e & 1 == 1;
            if !defender_to_move && table.attacker_dtm[i] != plies {
                continue; // improved since it was pushed
            }
            table.layout.index.decode(index, &mut cells);
            if defender_to_move {
                // Won with the defender to move: each attacker move into
                // it wins one ply later.
                table
                    .layout
                    .predecessors(index, &cells, attacker, board, &mut before);
                for &p in &before {
                    let d = &mut table.attacker_dtm[p as usize];
                    if *d != ILLEGAL && (*d == NOT_WON || *d > plies + 1) {
                        *d = plies + 1;
                        push(buckets, plies + 1, p, false);
                    }
                }
            } else {
                // Won with the attacker to move: one open defence fewer
                // for each defender position that moves into it.
                table
                    .layout
                    .predecessors(index, &cells, defender, board, &mut before);
                before.sort_unstable();
                before.dedup();
                for &q in &before {
                    let q = q as usize;
                    let open = table.defender_open[q];
                    if open == ILLEGAL || open == ESCAPES || open == 0 {
                        continue;
                    }
                    table.defender_open[q] = open - 1;
                    let slowest = table.defender_dtm[q].max(plies);
                    table.defender_dtm[q] = slowest;
                    if open == 1 {
                        table.defender_dtm[q] = slowest + 1;
                        push(buckets, slowest + 1, q as u64, true);
                    }
                }
            }
        }
        level += 1;
    }
    Ok(())
}

/// Solves `material` with `attacker` (a player) to move first: every legal
/// position with the attacker to move is classed as a forced win or not.
pub fn analyse(
    game: &Game,
    material: &Material,
    attacker: usize,
    budget: Budget,
) -> Result<Retrograde, Unsupported> {
    if material.pieces() > MOST_PIECES {
        return Err(Unsupported::TooManyPieces {
            pieces: material.pieces(),
            most: MOST_PIECES,
        });
    }
    let standable = standable_cells(game);
    let top = Slots::new(game, material, &standable)?.slots;
    check_modelled(game, &top)?;
    // Every material captures can leave, with its index.
    let mut plan: Vec<(Key, Layout)> = Vec::new();
    let mut frontier = vec![top.clone()];
    while let Some(slots) = frontier.pop() {
        let k = key(&slots);
        if plan.iter().any(|(p, _)| *p == k) {
            continue;
        }
        for i in 0..slots.len() {
            if !slots[i].royal {
                frontier.push(without(&slots, i));
            }
        }
        plan.push((k, Layout::new(game, slots)?));
    }
    let needed: u64 = plan.iter().map(|(_, l)| 2 * l.index.size).sum();
    if needed > budget.positions {
        return Ok(Retrograde::Inconclusive { examined: 0 });
    }
    plan.sort_by_key(|(_, l)| l.slots.len());
    let mut counter = Counter {
        examined: 0,
        limit: budget.positions,
    };
    let mut tables: HashMap<Key, Table> = HashMap::new();
    for (k, layout) in plan {
        match solve(game, attacker, &tables, layout, &mut counter)? {
            Ok(table) => {
                tables.insert(k, table);
            }
            Err(Spent) => {
                return Ok(Retrograde::Inconclusive {
                    examined: counter.examined,
                })
            }
        }
    }
    let table = &tables[&key(&top)];
    let mut report = RetrogradeReport {
        positions: 0,
        won: 0,
        longest_win: None,
        won_in: Vec::new(),
        longest_example: None,
        not_won_example: None,
        examined: counter.examined,
    };
    let mut longest: Option<(u16, usize)> = None;
    let mut not_won = None;
    for (i, &d) in table.attacker_dtm.iter().enumerate() {
        match d {
            ILLEGAL => {}
            NOT_WON => {
                report.positions += 1;
                not_won.get_or_insert(i);
            }
            d => {
                report.positions += 1;
                report.won += 1;
                let moves = (d as usize).div_ceil(2);
                if report.won_in.len() <= moves {
                    report.won_in.resize(moves + 1, 0);
                }
                report.won_in[moves] += 1;
                if longest.is_none_or(|(l, _)| d > l) {
                    longest = Some((d, i));
                }
            }
        }
    }
    let mut board = Board::new(game, &table.layout.slots);
    let mut cells = vec![0u16; table.layout.slots.len()];
    if let Some((d, i)) = longest {
        report.longest_win = Some((d as u32).div_ceil(2));
        table.layout.index.decode(i as u64, &mut cells);
        report.longest_example = Some(board.text(&cells, attacker));
    }
    if let Some(i) = not_won {
        table.layout.index.decode(i as u64, &mut cells);
        report.not_won_example = Some(board.text(&cells, attacker));
    }
    Ok(Retrograde::Solved(report))
}
