//! Castling with fixed landing cells (`lands`): from any
//! king cell and partner cell of `homes` on one line, the king goes to the
//! landing cell on the partner's side and the partner to its own, however
//! far (the king may even stay where it stands). Every cell the king and
//! the partner cross or land on must be empty but their own two.

use super::moves::MoveTables;
use crate::model::{Model, ModelCastling};
use runtime::ir;

/// The castlings of `c` (with `lands`) for player `p` from `king_cells`
/// with `partner_cells`; `right(king, partner)`: the pair starts with a
/// right (both stand there in the setup).
pub(super) fn fixed_castlings(
    m: &Model,
    tables: &MoveTables,
    c: &ModelCastling,
    p: usize,
    (king_cells, partner_cells): (&[u16], &[u16]),
    right: &dyn Fn(u16, u16) -> bool,
    out: &mut super::castling::Castlings,
) {
    let Some((king_lands, partner_lands)) = c.lands else {
        return;
    };
    let x = |cell: usize| m.cells[cell].coord.0;
    let y = |cell: usize| m.cells[cell].coord.1;
    // The two landing cells of a region for `p`, lower x first.
    let pair = |r: usize| -> Vec<usize> {
        let mut cells: Vec<usize> = (0..m.cells.len())
            .filter(|&cell| m.regions[r].cells[p][cell])
            .collect();
        cells.sort_by_key(|&cell| x(cell));
        cells
    };
    let (kings, partners) = (pair(king_lands), pair(partner_lands));
    let on_rank = |row: i32, lo: i32, hi: i32| -> Vec<usize> {
        (0..m.cells.len())
            .filter(|&cell| y(cell) == row && (lo..=hi).contains(&x(cell)) && !m.cells[cell].side)
            .collect()
    };
    for &king in king_cells {
        let king = king as usize;
        for &partner in partner_cells {
            let partner = partner as usize;
            if partner == king || y(partner) != y(king) {
                continue;
            }
            let side = usize::from(x(partner) > x(king));
            let (king_to, partner_to) = (kings[side], partners[side]);
            if y(king_to) != y(king) || y(partner_to) != y(king) || king_to == partner_to {
                continue;
            }
            let span = |a: usize, b: usize| (x(a).min(x(b)), x(a).max(x(b)));
            let (k_lo, k_hi) = span(king, king_to);
            let (p_lo, p_hi) = span(partner, partner_to);
            let mut empty: Vec<u16> = on_rank(y(king), k_lo, k_hi)
                .into_iter()
                .chain(on_rank(y(king), p_lo, p_hi))
                .filter(|&cell| cell != king && cell != partner)
                .map(|cell| cell as u16)
                .collect();
            empty.sort_unstable();
            empty.dedup();
            let mut safe: Vec<u16> = Vec::new();
            for cell in on_rank(y(king), k_lo, k_hi) {
                let wanted = if cell == king {
                    c.safe_origin
                } else if cell == king_to {
                    c.safe_destination
                } else {
                    c.safe_passed
                };
                if wanted {
                    safe.push(cell as u16);
                }
            }
            out.castlings.push(ir::Castling {
                player: p as u8,
                king_from: king as u16,
                king_to: king_to as u16,
                partner_from: partner as u16,
                partner_to: partner_to as u16,
                must_be_empty: empty,
                must_be_safe: safe,
                // The king's plain move there is the same text unless the
                // partner stands on its landing cell (no plain move then).
                needs_partner_in_notation: king != king_to
                    && king_to != partner
                    && tables.reaches(m, p, c.king as usize, king, king_to),
                repeatable: false,
                free: false,
                limit: 0,
                partner_kinds: c.partners,
                king_kind: (!m.pieces[c.king as usize].royal).then_some(c.king),
                name: None,
                aliases: Vec::new(),
                by_drop: c.by_drop,
                fixed: true,
            });
            if !out.rights.contains(&(partner as u16)) && right(king as u16, partner as u16) {
                out.rights.push(partner as u16);
            }
        }
    }
}
