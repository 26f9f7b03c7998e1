//! Gating as loaded (`gate KINDS in REGION`, `ir::Gating`): per player, the
//! gate cells, and the kinds that may be gated. A piece on a gate cell that
//! has not moved may leave a held piece of such a kind on the cell it
//! leaves; `position/gating.rs` makes those moves. Only games with gating
//! have this part (`Hands::gating`), so no other game pays for it.

use super::error::{check, LoadError};
use crate::bitset::CellSet;
use crate::ir::GameIr;

pub(crate) struct Gating {
    /// Per player: the gate cells.
    pub(crate) cells: Vec<CellSet>,
    /// The kinds that may be gated, ascending.
    pub(crate) kinds: Vec<u8>,
}

impl Gating {
    pub(crate) fn build(
        ir: &GameIr,
        gating: &crate::ir::Gating,
        players: usize,
        kinds: usize,
    ) -> Result<Gating, LoadError> {
        check(gating.cells.len() == players, || LoadError::HandTables)?;
        let mut cells = Vec::with_capacity(players);
        for list in &gating.cells {
            let mut set = CellSet::EMPTY;
            for &c in list {
                check(
                    (c as usize) < ir.cells.len() && !ir.cells[c as usize].side,
                    || LoadError::DropCell { cell: c },
                )?;
                set.insert(c as usize);
            }
            cells.push(set);
        }
        for &k in &gating.kinds {
            let plain = (k as usize) < kinds && ir.kinds[k as usize].stack.is_none();
            check(plain, || LoadError::HandKind { kind: k })?;
        }
        // The move keeps the gated kind + 1 in 7 bits (`position/gating.rs`).
        check(gating.kinds.iter().all(|&k| k < 127), || {
            LoadError::HandKind { kind: 127 }
        })?;
        Ok(Gating {
            cells,
            kinds: gating.kinds.clone(),
        })
    }
}
