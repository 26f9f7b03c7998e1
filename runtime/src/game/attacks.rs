//! Attack views (reverse attack tables): for each target cell, which cells a piece could
//! attack it from (by leap, along a line, by hook) and with which piece
//! codes. Built once at load, one view per player (only that player's
//! enemies' codes, entries that no enemy uses left out) plus one view with
//! every code, so that the hot question "is this cell attacked by an enemy
//! of p" is one bit test per occupied candidate cell.
//!
//! Why views and not one table with a code filter: an entry's code set
//! spans up to 256 codes (4 words); testing "the entry's codes" and "the
//! codes asked about" was two tests per entry and a 32-byte set in every
//! entry. Here an entry is 4 bytes (its cell and the index of a
//! deduplicated, already filtered code set).

use super::error::{check, LoadError};
use super::{Shape, Sides};
use crate::codes::{CodeSet, PieceCode};
use crate::ir::{self, GameIr};
use crate::unchecked;
use std::collections::BTreeMap;

/// A cell from which some piece attacks the target; `set` indexes the
/// view's code sets (the codes that do).
#[derive(Clone, Copy, Debug)]
pub struct Attacker {
    pub cell: u16,
    pub set: u16,
}

/// One line of cells walked backwards from a target, nearest first:
/// `line_cells[start..start + len]`. Cells on it that attack nothing still
/// block, so they stay (with the empty set, index 0).
#[derive(Clone, Copy, Debug)]
pub struct RevLine {
    pub start: u32,
    pub len: u32,
}

/// A piece that attacks the target along a bent path, if one of its
/// intermediate cells (`hook_cells[via_start..][..via_len]`) is empty.
#[derive(Clone, Copy, Debug)]
pub struct HookAttacker {
    pub cell: u16,
    pub set: u16,
    pub via_len: u16,
    pub via_start: u32,
    /// A lame leap: every intermediate cell must be empty (one route).
    pub all: bool,
}

/// One line walked backwards from a target for hoppers: the first piece
/// on it is the screen, the next one may be the attacker.
/// `behind`: only a screen right next to the target counts (the hopper
/// lands just behind its screen).
#[derive(Clone, Copy, Debug)]
pub struct HopLine {
    pub start: u32,
    pub len: u16,
    pub behind: bool,
}

/// The reverse tables seen by one filter of codes.
#[derive(Clone, Debug, Default)]
pub struct AttackView {
    /// Per target cell: a range into `leaps` / `lines` / `hooks`.
    leap_index: Vec<(u32, u32)>,
    leaps: Vec<Attacker>,
    line_index: Vec<(u32, u32)>,
    lines: Vec<RevLine>,
    line_cells: Vec<Attacker>,
    hook_index: Vec<(u32, u32)>,
    hooks: Vec<HookAttacker>,
    /// Hoppers: per target cell a range into `hop_lines`; empty in a game
    /// without hoppers.
    hop_index: Vec<(u32, u32)>,
    hop_lines: Vec<HopLine>,
    hop_cells: Vec<Attacker>,
    /// Deduplicated code sets; index 0 is the empty set.
    sets: Vec<CodeSet>,
}

impl AttackView {
    /// Who attacks `cell` by a leap.
    #[inline(always)]
    pub(crate) fn leap_attackers(&self, cell: usize) -> &[Attacker] {
        let (start, len) = *unchecked::get(&self.leap_index, cell);
        unchecked::range(&self.leaps, start as usize, len as usize)
    }

    /// The lines along which riders attack `cell`.
    #[inline(always)]
    pub(crate) fn attack_lines(&self, cell: usize) -> &[RevLine] {
        let (start, len) = *unchecked::get(&self.line_index, cell);
        unchecked::range(&self.lines, start as usize, len as usize)
    }

    /// The cells of one attack line, nearest first.
    #[inline(always)]
    pub(crate) fn line_cells(&self, line: &RevLine) -> &[Attacker] {
        unchecked::range(&self.line_cells, line.start as usize, line.len as usize)
    }

    /// Who attacks `cell` by a hook.
    #[inline(always)]
    pub(crate) fn hook_attackers(&self, cell: usize) -> &[HookAttacker] {
        let (start, len) = *unchecked::get(&self.hook_index, cell);
        unchecked::range(&self.hooks, start as usize, len as usize)
    }

    /// Does any hopper of this view attack anything?
    #[inline(always)]
    pub(crate) fn has_hops(&self) -> bool {
        !self.hop_lines.is_empty()
    }

    /// The lines along which hoppers attack `cell`.
    #[inline(always)]
    pub(crate) fn hop_lines(&self, cell: usize) -> &[HopLine] {
        match self.hop_index.get(cell) {
            Some(&(start, len)) => unchecked::range(&self.hop_lines, start as usize, len as usize),
            None => &[],
        }
    }

    /// The cells of one hop line, nearest first.
    #[inline(always)]
    pub(crate) fn hop_line_cells(&self, line: &HopLine) -> &[Attacker] {
        unchecked::range(&self.hop_cells, line.start as usize, line.len as usize)
    }

    /// Does the code set `set` of this view hold `code`?
    #[inline(always)]
    pub(crate) fn attacks_with(&self, set: u16, code: PieceCode) -> bool {
        unchecked::get(&self.sets, set as usize).contains(code)
    }
}

/// Every view the hot loop reads: per player and per set of the others
/// out, that player's enemies in play; per player, its enemies that
/// capture en passant; last, every code.
pub(crate) struct Attacks {
    views: Vec<AttackView>,
    players: usize,
    out_masks: usize,
}

impl Attacks {
    pub(crate) fn build(ir: &GameIr, shape: &Shape, sides: &Sides) -> Result<Attacks, LoadError> {
        let (players, codes) = (shape.players, shape.codes());
        let ep_capturers = (1..codes)
            .filter(|&c| ir.kinds[shape.kind_of[c] as usize].captures_en_passant)
            .fold(CodeSet::EMPTY, |set, c| {
                set.union(&CodeSet::from_code(c as PieceCode))
            });
        let filters: Vec<CodeSet> = sides
            .enemy_codes
            .iter()
            .copied()
            .chain(
                (0..players)
                    .map(|p| sides.enemy_codes[p * sides.out_masks].intersection(&ep_capturers)),
            )
            .chain([CodeSet::range(1, codes)])
            .collect();
        Ok(Attacks {
            views: build_views(ir, &filters)?,
            players,
            out_masks: sides.out_masks,
        })
    }

    /// Who among `player`'s enemies in play may attack a cell, from where;
    /// `others_out` is the set of the other players out, numbered without
    /// `player`'s own bit (always 0 in a game where nobody goes out).
    #[inline(always)]
    pub(crate) fn on(&self, player: usize, others_out: usize) -> &AttackView {
        unchecked::get(&self.views, player * self.out_masks + others_out)
    }

    /// Who among `player`'s enemies that capture en passant may attack a
    /// cell, from where.
    #[inline(always)]
    pub(crate) fn en_passant_on(&self, player: usize) -> &AttackView {
        unchecked::get(&self.views, self.players * self.out_masks + player)
    }

    /// Who may attack a cell, any code.
    #[inline(always)]
    pub(crate) fn by_any(&self) -> &AttackView {
        unchecked::get(&self.views, self.players * (self.out_masks + 1))
    }
}

/// A hook attacker: (cell, codes, via_start, via_len, all vias needed).
type HookEntry<S> = (u16, S, u32, u16, bool);
/// A hop line: cells with codes, nearest first, and whether the screen
/// must stand next to the target.
type HopLineOf<S> = (Vec<(u16, S)>, bool);

/// The unfiltered tables, codes as full sets, before the views are cut.
struct Unfiltered {
    leaps: Vec<Vec<(u16, CodeSet)>>,
    /// Per target: lines of (cell, codes), nearest first.
    lines: Vec<Vec<Vec<(u16, CodeSet)>>>,
    /// Per target: (cell, codes, via_start, via_len).
    hooks: Vec<Vec<HookEntry<CodeSet>>>,
    /// Per target: hop lines of (cell, codes), nearest first, and whether
    /// the screen must stand next to the target.
    hops: Vec<Vec<HopLineOf<CodeSet>>>,
}

/// One view for each set of codes in `filters`.
fn build_views(ir: &GameIr, filters: &[CodeSet]) -> Result<Vec<AttackView>, LoadError> {
    let all = unfiltered(ir)?;
    let numbered = Numbered::of(&all);
    let mut views = Vec::with_capacity(filters.len());
    for wanted in filters {
        let view = cut(&numbered, wanted);
        check(view.sets.len() <= 1 << 16, || LoadError::TooManyAttackSets)?;
        views.push(view);
    }
    Ok(views)
}

fn unfiltered(ir: &GameIr) -> Result<Unfiltered, LoadError> {
    let cells = ir.cells.len();
    let kinds = ir.kinds.len();
    let mut leaps: Vec<Vec<(u16, CodeSet)>> = vec![Vec::new(); cells];
    let mut hooks: Vec<Vec<HookEntry<CodeSet>>> = vec![Vec::new(); cells];
    // (target, direction, place of the target in the ray's period) -> cells
    // by distance, with codes. On a straight ray the place is always 0; on
    // a periodic path (a zig-zag) the cells behind a target depend on where
    // in the period it was reached, so each place has its own line.
    let mut rays: BTreeMap<(u16, u16, u8), Vec<(u16, CodeSet)>> = BTreeMap::new();
    for p in 0..ir.players.len() {
        for k in 0..kinds {
            let code = (1 + p * kinds + k) as PieceCode;
            for from in 0..cells {
                let set = ir.moves[(p * kinds + k) * cells + from];
                // A guard attacks a cell its piece may not enter.
                let capturing = |flags: u16| flags & (ir::CAPTURE | ir::GUARD) != 0;
                for leap in ir.leaps[set.leap_start as usize..][..set.leap_len as usize]
                    .iter()
                    .filter(|l| capturing(l.flags))
                {
                    let list = &mut leaps[leap.to as usize];
                    match list.iter_mut().find(|a| a.0 as usize == from) {
                        Some(a) => a.1.insert(code),
                        None => list.push((from as u16, CodeSet::from_code(code))),
                    }
                }
                for hook in ir.hooks[set.hook_start as usize..][..set.hook_len as usize]
                    .iter()
                    .filter(|h| capturing(h.flags))
                {
                    let list = &mut hooks[hook.to as usize];
                    match list.iter_mut().find(|a| {
                        a.0 as usize == from
                            && a.2 == hook.via_start
                            && a.3 == hook.via_len
                            && a.4 == (hook.flags & ir::LAME != 0)
                    }) {
                        Some(a) => a.1.insert(code),
                        None => list.push((
                            from as u16,
                            CodeSet::from_code(code),
                            hook.via_start,
                            hook.via_len,
                            hook.flags & ir::LAME != 0,
                        )),
                    }
                }
                for ray in ir.rays[set.ray_start as usize..][..set.ray_len as usize]
                    .iter()
                    .filter(|r| capturing(r.flags))
                {
                    let cells_of_ray = &ir.ray_cells[ray.start as usize..][..ray.len as usize];
                    let period = ray.period.max(1) as usize;
                    for (i, &target) in cells_of_ray.iter().enumerate() {
                        let place = (i % period) as u8;
                        let line = rays.entry((target, ray.direction, place)).or_default();
                        // (For a path, the steps repeat, so targets reached
                        // at one place of the period see the same cells behind.)
                        let attacks = i >= ray.first_landing as usize;
                        lay_reverse(line, cells_of_ray, i, from, attacks.then_some(code), ray)?;
                    }
                }
            }
        }
    }
    let mut lines = vec![Vec::new(); cells];
    for ((target, _direction, _place), line) in rays {
        lines[target as usize].push(line);
    }
    Ok(Unfiltered {
        leaps,
        lines,
        hooks,
        hops: hop_lines(ir)?,
    })
}

/// Lays the ray from `from` (`ray_cells`) onto the reverse line of its
/// cell `i`: `from` at distance `i` (attacking with `code`, if any), the
/// cells between nearer. They must agree with what the line holds: rays of
/// one direction are translates of each other.
fn lay_reverse(
    line: &mut Vec<(u16, CodeSet)>,
    ray_cells: &[u16],
    i: usize,
    from: usize,
    code: Option<PieceCode>,
    ray: &ir::Ray,
) -> Result<(), LoadError> {
    if line.len() <= i {
        line.resize(i + 1, (u16::MAX, CodeSet::EMPTY));
    }
    let not_translates = || LoadError::RaysNotTranslates {
        direction: ray.direction,
    };
    let slot = &mut line[i];
    check(
        slot.0 == u16::MAX || slot.0 as usize == from,
        not_translates,
    )?;
    slot.0 = from as u16;
    if let Some(code) = code {
        slot.1.insert(code);
    }
    for (j, &between) in ray_cells[..i].iter().rev().enumerate() {
        let s = &mut line[j];
        check(s.0 == u16::MAX || s.0 == between, not_translates)?;
        s.0 = between;
    }
    Ok(())
}

/// The reverse lines of the hoppers: from each target back along each
/// direction, the cells in order, with the codes that attack the target
/// from there (over one screen nearer on the line).
fn hop_lines(ir: &GameIr) -> Result<Vec<Vec<HopLineOf<CodeSet>>>, LoadError> {
    let cells = ir.cells.len();
    let mut out = vec![Vec::new(); cells];
    let Some(hops) = &ir.hops else {
        return Ok(out);
    };
    // (target, direction, behind) -> cells by distance, with codes.
    let mut lines: BTreeMap<(u16, u16, bool), Vec<(u16, CodeSet)>> = BTreeMap::new();
    for (index, &(start, len)) in hops.sets.iter().enumerate() {
        let from = index % cells;
        let pk = index / cells;
        let code = (1 + pk) as PieceCode;
        for ray in &hops.rays[start as usize..][..len as usize] {
            if ray.flags & ir::CAPTURE == 0 {
                continue;
            }
            let behind = ray.flags & ir::HOP_BEHIND != 0;
            let ray_cells = &ir.ray_cells[ray.start as usize..][..ray.len as usize];
            // A target needs a screen between: it is at least 2 out.
            for (i, &target) in ray_cells.iter().enumerate().skip(1) {
                let line = lines.entry((target, ray.direction, behind)).or_default();
                lay_reverse(line, ray_cells, i, from, Some(code), ray)?;
            }
        }
    }
    for ((target, _direction, behind), line) in lines {
        out[target as usize].push((line, behind));
    }
    Ok(out)
}

/// The unfiltered tables with each code set replaced by its number among
/// the distinct sets, found once, so that each view maps a number to its
/// own set index by a plain array lookup (loading stays cheap with several
/// views per player).
struct Numbered {
    sets: Vec<CodeSet>,
    leaps: Vec<Vec<(u16, usize)>>,
    lines: Vec<Vec<Vec<(u16, usize)>>>,
    hooks: Vec<Vec<HookEntry<usize>>>,
    hops: Vec<Vec<HopLineOf<usize>>>,
}

impl Numbered {
    fn of(all: &Unfiltered) -> Numbered {
        let mut sets = Vec::new();
        let mut number = BTreeMap::new();
        let mut id = |codes: &CodeSet| -> usize {
            *number.entry(codes.words()).or_insert_with(|| {
                sets.push(*codes);
                sets.len() - 1
            })
        };
        let leaps = all
            .leaps
            .iter()
            .map(|l| l.iter().map(|(c, s)| (*c, id(s))).collect())
            .collect();
        let lines = all
            .lines
            .iter()
            .map(|ls| {
                ls.iter()
                    .map(|l| l.iter().map(|(c, s)| (*c, id(s))).collect())
                    .collect()
            })
            .collect();
        let hooks = all
            .hooks
            .iter()
            .map(|l| {
                l.iter()
                    .map(|(c, s, v, n, a)| (*c, id(s), *v, *n, *a))
                    .collect()
            })
            .collect();
        let hops = all
            .hops
            .iter()
            .map(|ls| {
                ls.iter()
                    .map(|(l, behind)| (l.iter().map(|(c, s)| (*c, id(s))).collect(), *behind))
                    .collect()
            })
            .collect();
        Numbered {
            sets,
            leaps,
            lines,
            hooks,
            hops,
        }
    }
}

/// The view of the codes in `wanted`: every set intersected with it, and
/// entries (and lines) that attack with none of them left out.
fn cut(all: &Numbered, wanted: &CodeSet) -> AttackView {
    let mut view = AttackView {
        sets: vec![CodeSet::EMPTY],
        ..AttackView::default()
    };
    // Each distinct unfiltered set, intersected with `wanted`, once.
    let mut set_index = BTreeMap::new();
    set_index.insert(CodeSet::EMPTY.words(), 0usize);
    let view_set: Vec<u16> = all
        .sets
        .iter()
        .map(|codes| {
            let kept = codes.intersection(wanted);
            // Indices past u16 are truncated here and refused by the caller.
            *set_index.entry(kept.words()).or_insert_with(|| {
                view.sets.push(kept);
                view.sets.len() - 1
            }) as u16
        })
        .collect();
    let intern = |number: &usize| -> u16 { view_set[*number] };
    for list in &all.leaps {
        let start = view.leaps.len() as u32;
        for (cell, codes) in list {
            let set = intern(codes);
            if set != 0 {
                view.leaps.push(Attacker { cell: *cell, set });
            }
        }
        view.leap_index
            .push((start, view.leaps.len() as u32 - start));
    }
    for lines in &all.lines {
        let start = view.lines.len() as u32;
        for line in lines {
            let cut: Vec<Attacker> = line
                .iter()
                .map(|(cell, codes)| Attacker {
                    cell: *cell,
                    set: intern(codes),
                })
                .collect();
            // Trailing cells that attack nothing need not be walked; a line
            // with no attacker at all is left out.
            let useful = cut.iter().rposition(|a| a.set != 0).map_or(0, |i| i + 1);
            if useful > 0 {
                view.lines.push(RevLine {
                    start: view.line_cells.len() as u32,
                    len: useful as u32,
                });
                view.line_cells.extend_from_slice(&cut[..useful]);
            }
        }
        view.line_index
            .push((start, view.lines.len() as u32 - start));
    }
    for list in &all.hooks {
        let start = view.hooks.len() as u32;
        for (cell, codes, via_start, via_len, all) in list {
            let set = intern(codes);
            if set != 0 {
                view.hooks.push(HookAttacker {
                    cell: *cell,
                    set,
                    via_len: *via_len,
                    via_start: *via_start,
                    all: *all,
                });
            }
        }
        view.hook_index
            .push((start, view.hooks.len() as u32 - start));
    }
    if all.hops.iter().any(|l| !l.is_empty()) {
        for lines in &all.hops {
            let start = view.hop_lines.len() as u32;
            for (line, behind) in lines {
                let cut: Vec<Attacker> = line
                    .iter()
                    .map(|(cell, codes)| Attacker {
                        cell: *cell,
                        set: intern(codes),
                    })
                    .collect();
                let useful = cut.iter().rposition(|a| a.set != 0).map_or(0, |i| i + 1);
                if useful > 0 {
                    view.hop_lines.push(HopLine {
                        start: view.hop_cells.len() as u32,
                        len: useful as u16,
                        behind: *behind,
                    });
                    view.hop_cells.extend_from_slice(&cut[..useful]);
                }
            }
            view.hop_index
                .push((start, view.hop_lines.len() as u32 - start));
        }
    }
    view
}
