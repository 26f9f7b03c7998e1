//! What happens where a piece lands: promotion (per cell, per state of the
//! agreement that may switch the rules), arrival rules (a piece reaching a
//! cell places another), winning cells (a piece reaching one wins), and
//! which (player, kind) lands plainly, so that the generator pushes its
//! moves as they are. `reach.rs` bounds where a piece that must promote can
//! stand.

use super::error::{check, LoadError};
use super::{atoms_of, reach, Shape};
use crate::bitset::CellSet;
use crate::codes::PieceCode;
use crate::ir::GameIr;
use crate::unchecked;

/// The arrival rule of one (player, kind), with its budget bit.
#[derive(Clone, Debug)]
pub struct ArrivalRule {
    pub bit: u32,
    pub trigger: CellSet,
    pub place_code: PieceCode,
    pub place_cells: Vec<u16>,
}

pub(crate) struct Landing {
    /// Per `player * kinds + kind`: does any cell promote it?
    pub(crate) promotes: Vec<bool>,
    /// Per (player, kind) that must promote: the cells it can ever stand on
    /// (`reach.rs`; `None`: unbounded).
    pub(crate) promoting_reach: Vec<Option<CellSet>>,
    /// Per `(player * kinds + kind) * cells + cell`, for each state of the
    /// switching agreement: range into `promotion_choices`.
    pub(crate) promotion_at: Vec<(u32, u16)>,
    pub(crate) promotion_choices: Vec<u8>,
    /// The offset into `promotion_at` of the rules once the switching
    /// agreement is reached.
    pub(crate) promotion_mode_stride: usize,
    /// The agreement bit that switches promotion rules (0: none).
    pub(crate) promotion_switch: u32,
    /// Per `player * kinds + kind`.
    pub(crate) arrival: Vec<Option<ArrivalRule>>,
    /// Per `player * kinds + kind`: the cells where landing may promote
    /// (in any agreement state) or trigger an arrival.
    pub(crate) special_landings: Vec<CellSet>,
    /// Per `player * kinds + kind`: no promotion and no arrival rule, so a
    /// generated move is pushed as it is.
    pub(crate) plain_landing: Vec<bool>,
    /// Some move changes a piece's kind (`becomes`, or a stack's cargo leaving).
    pub(crate) changes_kinds: bool,
    /// Where some arrival wins the game: per `player * kinds + kind`, the
    /// cells where that piece's arrival wins at once.
    pub(crate) winning_cells: Option<Vec<CellSet>>,
    /// Promotion on leaving a zone (`or-leaving`); `None` without such a rule.
    pub(crate) leaving: Option<Leaving>,
    /// Per kind: promotions to it only while the player has fewer than
    /// this many (`promotion-limit`; 0: no limit). `None` without limits.
    pub(crate) limits: Option<Vec<u8>>,
    /// Promotions made as moves of their own (`in-place`); `None` without.
    pub(crate) in_place: Option<InPlace>,
}

/// Promotions a piece makes as its move, where it stands (`in-place`).
pub(crate) struct InPlace {
    /// Per `player * kinds + kind`: its rule, if it has one.
    pub(crate) rules: Vec<Option<InPlaceRule>>,
}

/// One (player, kind)'s `in-place` promotion.
pub(crate) struct InPlaceRule {
    /// The cells it promotes on.
    pub(crate) zone: CellSet,
    /// The kinds it may become (never its own).
    pub(crate) choices: Vec<u8>,
    /// Also by a quiet move of the new kind (`or-moving`).
    pub(crate) moving: bool,
    /// The new piece attacks no enemy piece, and the move gives no check.
    pub(crate) peaceful: bool,
    /// The player's only piece of the kind promotes from any cell.
    pub(crate) anywhere_if_last: bool,
}

/// Promotions of moves that start in a zone and end outside it.
pub(crate) struct Leaving {
    /// Per `player * kinds + kind`: the cells a move may start on to promote.
    pub(crate) from: Vec<CellSet>,
    /// Per `player * kinds + kind`: the kinds it may become (its own kind
    /// among them where it may stay).
    pub(crate) choices: Vec<Vec<u8>>,
}

impl Landing {
    pub(crate) fn build(ir: &GameIr, shape: &Shape) -> Result<Landing, LoadError> {
        check_ranges(ir, shape)?;
        let (cells, players, kinds) = (shape.cells, shape.players, shape.kinds);
        // Promotion tables: one for each state of the switching agreement
        // (the second only if some rule depends on it).
        let promotion_switch = ir
            .promotions
            .iter()
            .find_map(|p| p.condition)
            .map_or(0, |(a, _)| 1u32 << a);
        let stride = players * kinds * cells;
        let modes = if promotion_switch != 0 { 2 } else { 1 };
        let mut per_cell: Vec<Vec<u8>> = vec![Vec::new(); stride * modes];
        let mut promotes = vec![false; players * kinds];
        for mode in 0..modes {
            for pr in &ir.promotions {
                if pr
                    .condition
                    .is_some_and(|(_, reached)| reached != (mode == 1))
                {
                    continue;
                }
                let pk = pr.player as usize * kinds + pr.kind as usize;
                for &c in &pr.zone {
                    let list = &mut per_cell[mode * stride + pk * cells + c as usize];
                    for &choice in &pr.choices {
                        if !list.contains(&choice) {
                            list.push(choice);
                        }
                    }
                    promotes[pk] |= !list.is_empty();
                }
            }
        }
        let mut special_landings = vec![CellSet::EMPTY; players * kinds];
        for (i, list) in per_cell.iter().enumerate() {
            if !list.is_empty() {
                let pk = i % stride / cells;
                special_landings[pk].insert(i % cells);
            }
        }
        for a in &ir.arrivals {
            for &c in &a.trigger {
                special_landings[a.player as usize * kinds + a.kind as usize].insert(c as usize);
            }
        }
        let mut promotion_at = Vec::with_capacity(per_cell.len());
        let mut promotion_choices = Vec::new();
        for list in per_cell {
            promotion_at.push((promotion_choices.len() as u32, list.len() as u16));
            promotion_choices.extend(list);
        }

        let mut arrival: Vec<Option<ArrivalRule>> = vec![None; players * kinds];
        for (bit, a) in ir.arrivals.iter().enumerate() {
            let slot = &mut arrival[a.player as usize * kinds + a.kind as usize];
            check(slot.is_none(), || LoadError::TwoArrivalRules)?;
            *slot = Some(ArrivalRule {
                bit: bit as u32,
                trigger: CellSet::from_cells(a.trigger.iter().map(|&c| c as usize)),
                place_code: (1 + a.player as usize * kinds + a.place_kind as usize) as PieceCode,
                place_cells: a.place_cells.clone(),
            });
        }
        // A kind with an atom that changes it (`becomes`, a stack's cargo
        // leaving) is pushed through the general path, which finds the kind
        // that lands.
        let changes_kind = |pk: usize| {
            let (p, k) = (pk / kinds, pk % kinds);
            ir.kinds[k].stack.is_some() || atoms_of(ir, p, k).any(|(_, becomes)| becomes != 0)
        };
        let changes_kinds = (0..players * kinds).any(changes_kind);
        let leaving = leaving_rules(ir, players * kinds, kinds)?;
        let limits = if ir.promotion_limits.is_empty() {
            None
        } else {
            let mut limits = vec![0u8; kinds];
            for l in &ir.promotion_limits {
                check((l.kind as usize) < kinds && l.below > 0, || {
                    LoadError::PromotionLimitKind { kind: l.kind }
                })?;
                limits[l.kind as usize] = l.below;
            }
            Some(limits)
        };
        let leaves = |pk: usize| leaving.as_ref().is_some_and(|l| !l.from[pk].is_empty());
        // A move leaving a zone may promote wherever it lands: every landing
        // of such a kind takes the promotion path (`push_promoting`), so the
        // plain path pays nothing for it.
        for (pk, special) in special_landings.iter_mut().enumerate() {
            if leaves(pk) {
                *special = CellSet::full(cells);
            }
        }
        let plain_landing = (0..players * kinds)
            .map(|pk| !promotes[pk] && arrival[pk].is_none() && !changes_kind(pk) && !leaves(pk))
            .collect();
        // Arrivals that wait for a reply are `rule_ends.rs`'s.
        let at_once = || {
            ir.winning_arrivals
                .iter()
                .filter(|w| !w.after_reply && !w.if_held && !w.if_safe)
        };
        let winning_cells = at_once().next().is_some().then(|| {
            let mut winning_cells = vec![CellSet::EMPTY; players * kinds];
            for w in at_once() {
                let pk = w.player as usize * kinds + w.kind as usize;
                for &c in &w.cells {
                    winning_cells[pk].insert(c as usize);
                }
            }
            winning_cells
        });
        Ok(Landing {
            promoting_reach: reach::promoting_reach(ir, &promotes),
            promotes,
            promotion_at,
            promotion_choices,
            promotion_mode_stride: stride,
            promotion_switch,
            arrival,
            special_landings,
            plain_landing,
            changes_kinds,
            winning_cells,
            leaving,
            limits,
            in_place: in_place_rules(ir, shape)?,
        })
    }

    /// Has this (player * kinds + kind) an `in-place` promotion?
    pub(crate) fn promotes_in_place(&self, player_kind: usize) -> bool {
        self.in_place
            .as_ref()
            .is_some_and(|p| p.rules[player_kind].is_some())
    }

    #[inline(always)]
    pub(crate) fn special_landing(&self, player_kind: usize) -> &CellSet {
        unchecked::get(&self.special_landings, player_kind)
    }

    /// Is a move of this (player * kinds + kind) pushed as generated (no
    /// promotion, arrival or change of kind to look for)?
    #[inline(always)]
    pub(crate) fn lands_plainly(&self, player_kind: usize) -> bool {
        *unchecked::get(&self.plain_landing, player_kind)
    }
}

/// The `or-leaving` promotions, per (player, kind): where a move may start
/// to promote, and to what (ranges checked by `check_ranges`).
fn leaving_rules(ir: &GameIr, pks: usize, kinds: usize) -> Result<Option<Leaving>, LoadError> {
    if !ir.promotions.iter().any(|p| p.leaving) {
        return Ok(None);
    }
    let mut from = vec![CellSet::EMPTY; pks];
    let mut choices: Vec<Vec<u8>> = vec![Vec::new(); pks];
    for pr in ir.promotions.iter().filter(|p| p.leaving) {
        check(pr.condition.is_none(), || LoadError::LeavingWithCondition)?;
        let pk = pr.player as usize * kinds + pr.kind as usize;
        for &c in &pr.zone {
            from[pk].insert(c as usize);
        }
        for &choice in &pr.choices {
            if !choices[pk].contains(&choice) {
                choices[pk].push(choice);
            }
        }
    }
    Ok(Some(Leaving { from, choices }))
}

/// Every player, kind and cell of the promotion, arrival and winning rules.
fn check_ranges(ir: &GameIr, shape: &Shape) -> Result<(), LoadError> {
    let (cells, players, kinds) = (shape.cells, shape.players, shape.kinds);
    check(ir.arrivals.len() <= 32, || LoadError::TooManyArrivals)?;
    for a in &ir.arrivals {
        check(
            (a.player as usize) < players
                && (a.kind as usize) < kinds
                && (a.place_kind as usize) < kinds
                && a.trigger
                    .iter()
                    .chain(&a.place_cells)
                    .all(|&c| (c as usize) < cells),
            || LoadError::ArrivalRange,
        )?;
    }
    for w in &ir.winning_arrivals {
        check(
            (w.player as usize) < players
                && (w.kind as usize) < kinds
                && w.cells.iter().all(|&c| (c as usize) < cells),
            || LoadError::ArrivalRange,
        )?;
    }
    for pr in &ir.promotions {
        check(
            (pr.player as usize) < players
                && (pr.kind as usize) < kinds
                && pr.zone.iter().all(|&c| (c as usize) < cells)
                && pr.choices.iter().all(|&k| (k as usize) < kinds)
                && pr
                    .condition
                    .is_none_or(|(a, _)| (a as usize) < ir.agreements.len()),
            || LoadError::PromotionRange,
        )?;
    }
    let switches: Vec<u8> = ir
        .promotions
        .iter()
        .filter_map(|p| p.condition.map(|c| c.0))
        .collect();
    check(switches.windows(2).all(|w| w[0] == w[1]), || {
        LoadError::PromotionAgreements
    })?;
    Ok(())
}

/// The `in-place` promotions, one rule per (player, kind) at most, each
/// to other kinds, on cells of the board.
fn in_place_rules(ir: &GameIr, shape: &Shape) -> Result<Option<InPlace>, LoadError> {
    if ir.in_place_promotions.is_empty() {
        return Ok(None);
    }
    let (cells, players, kinds) = (shape.cells, shape.players, shape.kinds);
    let mut rules: Vec<Option<InPlaceRule>> = (0..players * kinds).map(|_| None).collect();
    for pr in &ir.in_place_promotions {
        check(
            (pr.player as usize) < players
                && (pr.kind as usize) < kinds
                && pr.zone.iter().all(|&c| (c as usize) < cells)
                && !pr.choices.is_empty()
                && pr
                    .choices
                    .iter()
                    .all(|&k| (k as usize) < kinds && k != pr.kind),
            || LoadError::PromotionRange,
        )?;
        let slot = &mut rules[pr.player as usize * kinds + pr.kind as usize];
        check(slot.is_none(), || LoadError::PromotionRange)?;
        *slot = Some(InPlaceRule {
            zone: CellSet::from_cells(pr.zone.iter().map(|&c| c as usize)),
            choices: pr.choices.clone(),
            moving: pr.moving,
            peaceful: pr.peaceful,
            anywhere_if_last: pr.anywhere_if_last,
        });
    }
    Ok(Some(InPlace { rules }))
}
