//! The move tables: per (player, kind, cell) a `MoveSet`, ranges into the
//! leaps, rides (and their cells), hooks (and the cells they pass) and
//! swaps the compiler lowered. The loader checks every range and cell here
//! once; the generator then walks them unchecked. It also marks the rides
//! that need no special handling (`PLAIN_RIDE`) and the codes whose moves
//! need no judging one by one.

use super::error::{check, LoadError};
use super::{atoms_of, Shape};
use crate::codes::{CodeSet, PieceCode};
use crate::ir::{self, GameIr, Leap, MoveSet, Ray};
use crate::unchecked;

/// Set by the loader on rides that land on every cell and nothing else
/// (no en passant, no unattacked landing, no change of kind): the generator
/// walks those with its lean loop after one test. IR files never set it.
pub const PLAIN_RIDE: u16 = ir::RESERVED_FLAGS;

pub(crate) struct MoveTables {
    pub(crate) movesets: Vec<MoveSet>,
    pub(crate) leaps: Vec<Leap>,
    pub(crate) rays: Vec<Ray>,
    pub(crate) ray_cells: Vec<u16>,
    pub(crate) hooks: Vec<ir::Hook>,
    pub(crate) hook_cells: Vec<u16>,
    pub(crate) swaps: Vec<ir::Swap>,
    /// Bit per piece code whose moves need no judging one by one: not
    /// royal, never turning into a royal kind, and no atom of its kind must
    /// land unattacked.
    pub(crate) free_codes: CodeSet,
    /// Bit per piece code that is royal or may turn into a royal kind (by
    /// promotion or an atom's `becomes`): each of its moves is judged.
    pub(crate) royal_makers: CodeSet,
    /// Some atom is barred while its side is in check (`not-in-check`).
    pub(crate) not_in_check: bool,
    /// Unmoved-only atoms, hooks or swaps exist: the move generator must
    /// look for them.
    pub(crate) full_generator: bool,
    /// Per piece code: its moves reset the move-rule counter.
    pub(crate) resets_move_rule: Vec<bool>,
}

impl MoveTables {
    pub(crate) fn build(ir: &GameIr, shape: &Shape) -> Result<MoveTables, LoadError> {
        check_ranges(ir, shape)?;
        let (players, kinds) = (shape.players, shape.kinds);
        let codes = shape.codes();
        let mut judged_per_move = shape.royal_code.clone();
        let mut royal_makers = CodeSet::EMPTY;
        for p in 0..players {
            for k in 0..kinds {
                // A move that makes a royal piece (a promotion or a kind
                // change into a royal kind) must not leave it attacked.
                let royal = |kind: usize| ir.kinds.get(kind).is_some_and(|k| k.royal);
                let becomes_royal = ir.promotions.iter().any(|r| {
                    r.player as usize == p
                        && r.kind as usize == k
                        && r.choices.iter().any(|&c| royal(c as usize))
                });
                let changes_into_royal = atoms_of(ir, p, k)
                    .any(|(_, becomes)| becomes != 0 && royal(becomes as usize - 1));
                let code = 1 + p * kinds + k;
                if shape.royal_code[code] || becomes_royal || changes_into_royal {
                    royal_makers.insert(code as PieceCode);
                }
                judged_per_move[code] |= becomes_royal
                    || changes_into_royal
                    || atoms_of(ir, p, k).any(|(flags, _)| flags & ir::UNATTACKED_LANDING != 0);
            }
        }
        let free_codes =
            (1..codes)
                .filter(|&c| !judged_per_move[c])
                .fold(CodeSet::EMPTY, |mut set, c| {
                    set.insert(c as PieceCode);
                    set
                });
        let resets_move_rule = (0..codes)
            .map(|code| code != 0 && ir.end.resets_move_rule.contains(&shape.kind_of[code]))
            .collect();
        let rays = ir
            .rays
            .iter()
            .map(|r| {
                let plain = r.first_landing == 0
                    && r.becomes == 0
                    && r.flags
                        & (ir::CREATES_EN_PASSANT
                            | ir::UNATTACKED_LANDING
                            | ir::SHARED_LANDING
                            | ir::FLY_OVER)
                        == 0;
                Ray {
                    flags: r.flags | if plain { PLAIN_RIDE } else { 0 },
                    ..*r
                }
            })
            .collect();
        let not_in_check = ir.leaps.iter().any(|l| l.flags & ir::NOT_IN_CHECK != 0)
            || ir.rays.iter().any(|r| r.flags & ir::NOT_IN_CHECK != 0)
            || ir.hooks.iter().any(|h| h.flags & ir::NOT_IN_CHECK != 0);
        Ok(MoveTables {
            movesets: ir.moves.clone(),
            leaps: ir.leaps.clone(),
            rays,
            ray_cells: ir.ray_cells.clone(),
            hooks: ir.hooks.clone(),
            hook_cells: ir.hook_cells.clone(),
            swaps: ir.swaps.clone(),
            free_codes,
            royal_makers,
            full_generator: super::unmoved::tracked(ir)
                || not_in_check
                || !ir.hooks.is_empty()
                || !ir.swaps.is_empty(),
            not_in_check,
            resets_move_rule,
        })
    }

    #[inline(always)]
    pub(crate) fn leaps_of(&self, set: &MoveSet) -> &[Leap] {
        unchecked::range(&self.leaps, set.leap_start as usize, set.leap_len as usize)
    }

    #[inline(always)]
    pub(crate) fn rays_of(&self, set: &MoveSet) -> &[Ray] {
        unchecked::range(&self.rays, set.ray_start as usize, set.ray_len as usize)
    }

    #[inline(always)]
    pub(crate) fn cells_of(&self, ray: &Ray) -> &[u16] {
        unchecked::range(&self.ray_cells, ray.start as usize, ray.len as usize)
    }
}

/// Every range of a move set, and every cell and kind an atom names.
fn check_ranges(ir: &GameIr, shape: &Shape) -> Result<(), LoadError> {
    use LoadError::*;
    let (cells, kinds) = (shape.cells, shape.kinds);
    check(ir.moves.len() == shape.players * kinds * cells, || {
        MoveTableSize
    })?;
    for (i, set) in ir.moves.iter().enumerate() {
        check(
            set.leap_start as usize + set.leap_len as usize <= ir.leaps.len()
                && set.ray_start as usize + set.ray_len as usize <= ir.rays.len()
                && set.hook_start as usize + set.hook_len as usize <= ir.hooks.len()
                && set.swap_start as usize + set.swap_len as usize <= ir.swaps.len(),
            || MoveSetRange(i),
        )?;
        let origin = (i % cells) as u16;
        for swap in &ir.swaps[set.swap_start as usize..][..set.swap_len as usize] {
            check(swap.with != origin, || SwapWithItself { cell: origin })?;
        }
    }
    for hook in &ir.hooks {
        check(
            (hook.to as usize) < cells
                && hook.via_start as usize + hook.via_len as usize <= ir.hook_cells.len(),
            || HookRange,
        )?;
    }
    for &c in &ir.hook_cells {
        check((c as usize) < cells, || HookCellOffBoard(c))?;
    }
    for swap in &ir.swaps {
        check((swap.with as usize) < cells, || SwapPartnerOffBoard)?;
    }
    let becomes_ok = |b: u8| (b as usize) <= kinds;
    check(
        ir.leaps.iter().all(|l| becomes_ok(l.becomes))
            && ir.rays.iter().all(|r| becomes_ok(r.becomes))
            && ir.hooks.iter().all(|h| becomes_ok(h.becomes)),
        || UnknownBecomes,
    )?;
    for leap in &ir.leaps {
        check((leap.to as usize) < cells, || LeapTargetOffBoard(leap.to))?;
    }
    for ray in &ir.rays {
        check(ray.flags & ir::RESERVED_FLAGS == 0, || ReservedRayFlag)?;
        check(
            ray.flags & ir::FLY_OVER == 0 || ray.flags & (ir::CAPTURE | ir::GUARD) == 0,
            || CapturingFlight,
        )?;
        check(
            ray.start as usize + ray.len as usize <= ir.ray_cells.len(),
            || RayRange,
        )?;
        check(ray.len == 0 || (ray.first_landing as u16) < ray.len, || {
            FirstLandingPastEnd {
                len: ray.len,
                first_landing: ray.first_landing,
            }
        })?;
    }
    for &c in &ir.ray_cells {
        check((c as usize) < cells, || RayCellOffBoard(c))?;
    }
    check(ir.rays.iter().all(|r| r.len > 0), || EmptyRay)?;
    check_landings(ir, cells)
}

/// The conditions that make a move differ from a plain one to the same
/// cell (the compiler merges leaps alike in these, and marks shared
/// landings only among atoms without them).
const CONDITIONS: u16 = ir::UNMOVED_ONLY | ir::UNATTACKED_LANDING;
const NOT_PLAIN: u16 = CONDITIONS | ir::CREATES_EN_PASSANT | ir::CARGO | ir::GUARD;

/// Each move is generated once, and no move goes nowhere: no atom lands
/// on or passes its piece's own cell, no two leaps of a piece on a cell
/// are alike (the compiler merges them), and plain atoms that land on one
/// cell are marked `SHARED_LANDING` (the generator then makes the move
/// once). Every leap of the chess rules pointed at one cell made each move
/// up to eight times.
fn check_landings(ir: &GameIr, cells: usize) -> Result<(), LoadError> {
    use LoadError::*;
    // Per cell: the last move set that landed there plainly, and the last
    // that landed there twice (stamps, so nothing is cleared per set).
    let mut seen = vec![u32::MAX; cells];
    let mut twice = vec![u32::MAX; cells];
    for (i, set) in ir.moves.iter().enumerate() {
        let (stamp, origin) = (i as u32, (i % cells) as u16);
        let leaps = &ir.leaps[set.leap_start as usize..][..set.leap_len as usize];
        let rays = &ir.rays[set.ray_start as usize..][..set.ray_len as usize];
        let hooks = &ir.hooks[set.hook_start as usize..][..set.hook_len as usize];
        let ray_cells = |r: &Ray| &ir.ray_cells[r.start as usize..][..r.len as usize];
        let own = leaps.iter().any(|l| l.to == origin)
            || hooks.iter().any(|h| h.to == origin)
            || rays.iter().any(|r| ray_cells(r).contains(&origin));
        check(!own, || AtomOntoItsOwnCell { cell: origin })?;
        let key = |l: &Leap| (l.to, l.flags & CONDITIONS, l.becomes);
        for (j, leap) in leaps.iter().enumerate() {
            check(leaps[..j].iter().all(|l| key(l) != key(leap)), || {
                DuplicateLanding { cell: origin }
            })?;
        }
        let plain = |flags: u16, becomes: u8| becomes == 0 && flags & NOT_PLAIN == 0;
        let plain_leaps = || leaps.iter().filter(|l| plain(l.flags, l.becomes));
        let plain_rays = || rays.iter().filter(|r| plain(r.flags, r.becomes));
        let landings = plain_leaps().map(|l| (l.flags, std::slice::from_ref(&l.to)));
        let landings = landings
            .chain(plain_rays().map(|r| (r.flags, &ray_cells(r)[r.first_landing as usize..])));
        for (_, to) in landings.clone() {
            for &c in to {
                let slot = if seen[c as usize] == stamp {
                    &mut twice[c as usize]
                } else {
                    &mut seen[c as usize]
                };
                *slot = stamp;
            }
        }
        for (flags, to) in landings {
            let shared = to.iter().any(|&c| twice[c as usize] == stamp);
            check(!shared || flags & ir::SHARED_LANDING != 0, || {
                DuplicateLanding { cell: origin }
            })?;
        }
    }
    Ok(())
}
