//! The claims that count: `perft` (leaves of the move tree) and the
//! claims about a piece alone on the board (`attacks`, `moves`, `reaches`
//! counts and `disjoint` moves), read from the IR's move tables.

use super::{cell_index, failed, kind_index, out_of_budget, player_index, position_after};
use super::{region_cells, ClaimBudget};
use crate::ast::{CountWhat, Name, Span};
use crate::diag::{Code, Diagnostic};
use crate::names;
use runtime::ir::{self, GameIr};
use runtime::Game;
use std::collections::BTreeSet;

/// Cells a piece alone on the board reaches from `cell`, with the given rights.
pub fn targets(ir: &GameIr, player: usize, kind: usize, cell: usize, flag: u16) -> BTreeSet<u16> {
    targets_where(ir, player, kind, cell, |f| f & flag != 0)
}

/// Cells a piece alone on the board reaches from `cell` by atoms whose flags pass `keep`.
fn targets_where(
    ir: &GameIr,
    player: usize,
    kind: usize,
    cell: usize,
    keep: impl Fn(u16) -> bool,
) -> BTreeSet<u16> {
    let set = ir.moves[(player * ir.kinds.len() + kind) * ir.cells.len() + cell];
    let mut out = BTreeSet::new();
    for l in &ir.leaps[set.leap_start as usize..][..set.leap_len as usize] {
        if keep(l.flags) {
            out.insert(l.to);
        }
    }
    for r in &ir.rays[set.ray_start as usize..][..set.ray_len as usize] {
        if keep(r.flags) {
            out.extend(
                &ir.ray_cells[r.start as usize..][..r.len as usize][r.first_landing as usize..],
            );
        }
    }
    for h in &ir.hooks[set.hook_start as usize..][..set.hook_len as usize] {
        if keep(h.flags) {
            out.insert(h.to);
        }
    }
    out
}

/// `claim attacks|moves|reaches`: how many cells the piece alone on the
/// board reaches from `cell` (or from every cell, each the same count).
#[allow(clippy::too_many_arguments)]
pub(super) fn verify_count(
    ir: &GameIr,
    span: Span,
    what: CountWhat,
    player: &Name,
    cargo_only: bool,
    piece: &Name,
    cell: &Option<Name>,
    within: &Option<Name>,
    expected: i64,
) -> Result<(), Diagnostic> {
    let p = player_index(ir, player)?;
    let k = kind_index(ir, &names::own_stack(piece, &player.text))?;
    let cells: Vec<usize> = match cell {
        Some(cell) => vec![cell_index(ir, cell)?],
        None => (0..ir.cells.len()).filter(|&c| !ir.cells[c].side).collect(),
    };
    let flag = match what {
        CountWhat::Attacks => ir::CAPTURE | ir::GUARD,
        CountWhat::Moves => ir::MOVE,
        CountWhat::Reaches => ir::MOVE | ir::CAPTURE,
    };
    let within = match within {
        Some(r) => Some(region_cells(ir, r, p)?),
        None => None,
    };
    for c in cells {
        let mut got = targets_where(ir, p, k, c, |f| {
            f & flag != 0 && (!cargo_only || f & ir::CARGO != 0)
        });
        if let Some(cells) = &within {
            got.retain(|c| cells.contains(c));
        }
        if got.len() as i64 == expected {
            continue;
        }
        let names: Vec<&str> = got
            .iter()
            .map(|&c| ir.cells[c as usize].name.as_str())
            .collect();
        return Err(failed(
            span,
            format!(
                "claim failed: the {} on {} {} {} cells, not {expected}",
                piece.text,
                ir.cells[c].name,
                match what {
                    CountWhat::Attacks => "attacks",
                    CountWhat::Moves => "moves to",
                    CountWhat::Reaches => "reaches",
                },
                got.len()
            ),
            format!("the rules give {}", got.len()),
        )
        .with_note(format!("cells: {}", names.join(" "))));
    }
    Ok(())
}

/// `claim disjoint`: from `cell` (or from every cell) no target of `piece`
/// is a target of any of `others`.
pub(super) fn verify_disjoint(
    ir: &GameIr,
    span: Span,
    player: &Name,
    piece: &Name,
    others: &[Name],
    cell: &Option<Name>,
) -> Result<(), Diagnostic> {
    let p = player_index(ir, player)?;
    let k = kind_index(ir, piece)?;
    let mut other_kinds = Vec::new();
    for o in others {
        other_kinds.push(kind_index(ir, o)?);
    }
    let cells: Vec<usize> = match cell {
        Some(c) => vec![cell_index(ir, c)?],
        None => (0..ir.cells.len()).collect(),
    };
    let flags = ir::MOVE | ir::CAPTURE;
    for c in cells {
        let mine = targets(ir, p, k, c, flags);
        for &o in &other_kinds {
            let theirs = targets(ir, p, o, c, flags);
            if let Some(shared) = mine.intersection(&theirs).next() {
                return Err(failed(
                    span,
                    format!(
                        "claim failed: from {} both the {} and the {} reach {}",
                        ir.cells[c].name,
                        piece.text,
                        ir.kinds[o].name,
                        ir.cells[*shared as usize].name
                    ),
                    "these pieces share a move".into(),
                ));
            }
        }
    }
    Ok(())
}

/// `claim perft`: the leaves of the move tree `depth` plies deep from the
/// claim's position, counted within the budget.
pub(super) fn verify_perft(
    game: &Game,
    span: Span,
    depth: i32,
    expected: i64,
    position: &Option<Name>,
    after: &Option<Name>,
    budget: ClaimBudget,
) -> Result<(), Diagnostic> {
    let mut pos = position_after(game, position, after)?;
    // Bounded work: a depth in range, and a node budget (a claim
    // perft of 9 in chess would run for hours).
    if !(0..=runtime::perft::MAX_PERFT_DEPTH as i32).contains(&depth) {
        return Err(Diagnostic::error(
            Code::InvalidValue,
            format!(
                "claim perft {depth}: the depth must be 0 to {}",
                runtime::perft::MAX_PERFT_DEPTH
            ),
            span,
            "this claim",
        ));
    }
    let Some(got) = pos.perft_within(depth as u32, budget.perft_leaves) else {
        return Err(out_of_budget(
            span,
            format!("perft {depth} has more than {} leaves", budget.perft_leaves),
            budget,
        ));
    };
    if got as i64 != expected {
        return Err(failed(
            span,
            format!("claim failed: perft {depth} is {got}, not {expected}"),
            format!("the rules give {got}"),
        ));
    }
    Ok(())
}
