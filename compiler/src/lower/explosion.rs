//! `explosion`: the cells a capture landing on each cell blasts besides it,
//! every image of each step of `around` (side cells never: no capture lands
//! there and no blast reaches them).

use crate::diag::{Code, Diagnostic};
use crate::model::Model;
use runtime::ir;
use runtime::limits::MAX_BLAST;

/// The explosion rule as the IR holds it; past `MAX_BLAST` cells around a
/// cell, E032 (and no rule).
pub(super) fn explosion(m: &Model, diags: &mut Vec<Diagnostic>) -> Option<ir::Explosion> {
    let e = m.explosions.explosion.as_ref()?;
    let t = &m.topology;
    let images: Vec<(i32, i32)> = e
        .around
        .iter()
        .flat_map(|&v| t.orientations(v, &[]))
        .collect();
    let mut around = Vec::with_capacity(m.cells.len());
    for cell in 0..m.cells.len() {
        let mut cells: Vec<u16> = Vec::new();
        if !m.cells[cell].side {
            for &w in &images {
                for c in t.leap_targets(cell, w) {
                    if c != cell && !m.cells[c].side && !cells.contains(&(c as u16)) {
                        cells.push(c as u16);
                    }
                }
            }
        }
        if cells.len() > MAX_BLAST {
            diags.push(
                Diagnostic::error(
                    Code::InconsistentExplosion,
                    format!(
                        "a capture on {} would blast {} cells around it",
                        m.cells[cell].name,
                        cells.len()
                    ),
                    e.span,
                    "these steps reach too far",
                )
                .with_hint(format!("a blast reaches at most {MAX_BLAST} cells around its landing cell; give `around` fewer or shorter steps")),
            );
            return None;
        }
        cells.sort_unstable();
        around.push(cells);
    }
    Some(ir::Explosion {
        around,
        spared: e.spared.clone(),
        immune: e.immune.clone(),
    })
}
