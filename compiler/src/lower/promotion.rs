//! Promotion: each rule of the model becomes one runtime rule per player
//! (and, for `origin`, one per cell of the zone).

use crate::diag::{Code, Diagnostic};
use crate::model::Model;
use runtime::ir;

pub fn promotions(m: &Model, diags: &mut Vec<Diagnostic>) -> Vec<ir::Promotion> {
    let mut promotions = Vec::new();
    for pr in &m.promotions {
        for p in 0..m.players.len() {
            let zone: Vec<u16> = (0..m.cells.len())
                .filter(|&c| m.regions[pr.region].cells[p][c])
                .filter(|&c| pr.file.is_none_or(|x| m.topology.file(c) == Some(x)))
                .map(|c| c as u16)
                .collect();
            if pr.origin {
                // Each cell promotes to the kind that stood there at the start.
                for &c in &zone {
                    match m.setup.iter().find(|s| s.cell == c) {
                        Some(start) if m.pieces[start.kind as usize].royal => diags.push(
                            Diagnostic::error(
                                Code::RoyalPromotion,
                                format!(
                                    "promotion to `origin` on {} makes a royal {}",
                                    m.cells[c as usize].name, m.pieces[start.kind as usize].name
                                ),
                                pr.span,
                                "this region",
                            )
                            .with_hint("leave the royal piece's setup cell out of the region"),
                        ),
                        Some(start) => promotions.push(ir::Promotion {
                            player: p as u8,
                            kind: pr.kind,
                            zone: vec![c],
                            choices: vec![start.kind],
                            condition: pr.condition,
                            leaving: pr.leaving,
                        }),
                        // Reported once, not once per player.
                        None if p == 0 => diags.push(
                            Diagnostic::error(
                                Code::PromotionToUndefined,
                                format!("promotion to `origin` on {}, where no piece starts", m.cells[c as usize].name),
                                pr.span,
                                "this region",
                            )
                            .with_hint("`origin` promotes to the piece that stood on the cell in the setup; leave such cells out of the region"),
                        ),
                        None => {}
                    }
                }
            }
            if !pr.choices.is_empty() {
                promotions.push(ir::Promotion {
                    player: p as u8,
                    kind: pr.kind,
                    zone,
                    choices: pr.choices.clone(),
                    condition: pr.condition,
                    leaving: pr.leaving,
                });
            }
        }
    }
    promotions
}

/// `in-place` promotions: one runtime rule per player, on the player's
/// cells of the region.
pub fn in_place_promotions(m: &Model) -> Vec<ir::InPlacePromotion> {
    let mut rules = Vec::new();
    for pr in &m.in_place_promotions {
        for p in 0..m.players.len() {
            rules.push(ir::InPlacePromotion {
                player: p as u8,
                kind: pr.kind,
                zone: (0..m.cells.len())
                    .filter(|&c| m.regions[pr.region].cells[p][c])
                    .map(|c| c as u16)
                    .collect(),
                choices: pr.choices.clone(),
                moving: pr.moving,
                peaceful: pr.peaceful,
                anywhere_if_last: pr.anywhere_if_last,
            });
        }
    }
    rules
}
