//! Agreements: declarations the players attach to their moves, and the
//! rule switch (promotion mode) or draw they bring once all players agree.

use super::{Move, Position};
use crate::game::EMPTY;
use std::fmt;

/// Why a declaration was refused (`Position::declare`, `make_declaring`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeclareError {
    /// The game has no agreement of that number.
    UnknownAgreement { number: usize },
    /// The declaring player's marker for `agreement` would land on `cell`,
    /// which is occupied.
    MarkerCellOccupied { agreement: String, cell: String },
}

impl fmt::Display for DeclareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeclareError::UnknownAgreement { number } => {
                write!(f, "no agreement number {number}")
            }
            DeclareError::MarkerCellOccupied { agreement, cell } => write!(
                f,
                "cannot declare {agreement}: its marker's cell {cell} is occupied"
            ),
        }
    }
}

impl std::error::Error for DeclareError {}

impl<'g> Position<'g> {
    /// The player whose declaration marker stands on `cell`, if any: on its
    /// "made" cell while the declaration is made, else on its other cell.
    pub fn marker_on(&self, cell: usize) -> Option<usize> {
        let g = self.game;
        for (a, agreement) in g.ir().agreements.iter().enumerate() {
            for (p, marker) in agreement.markers.iter().enumerate() {
                let Some((withdrawn, made)) = *marker else {
                    continue;
                };
                let on = if self.declared >> (a * g.players() + p) & 1 != 0 {
                    made
                } else {
                    withdrawn
                };
                if on as usize == cell {
                    return Some(p);
                }
            }
        }
        None
    }

    /// The side to move makes (`made`) or withdraws an agreement's
    /// declaration. When every player has it made, the agreement is reached
    /// and stays reached.
    pub fn declare(&mut self, agreement: usize, made: bool) -> Result<(), DeclareError> {
        let g = self.game;
        let Some(a) = g.ir.agreements.get(agreement) else {
            return Err(DeclareError::UnknownAgreement { number: agreement });
        };
        let me = self.to_move;
        let bit = agreement * g.shape.players + me;
        if made {
            if let Some((_, made_cell)) = a.markers[me] {
                if self.board[made_cell as usize] != EMPTY {
                    return Err(DeclareError::MarkerCellOccupied {
                        agreement: a.name.clone(),
                        cell: g.cell_name(made_cell as usize).to_string(),
                    });
                }
            }
        }
        if (self.declared >> bit & 1 != 0) != made {
            self.declared ^= 1 << bit;
            self.hash ^= g.keys.declared[bit];
        }
        let all = ((1u32 << g.shape.players) - 1) << (agreement * g.shape.players);
        if self.declared & all == all {
            self.set_agreed(agreement, true);
        }
        Ok(())
    }

    /// Sets one declaration bit (`agreement * players + player`) as a
    /// position text says, without the rules `declare` applies.
    pub fn set_declared(&mut self, bit: usize, on: bool) {
        if (self.declared >> bit & 1 != 0) != on {
            self.declared ^= 1 << bit;
            self.hash ^= self.game.keys.declared[bit];
        }
    }

    /// Marks an agreement reached (or not) as a position text says.
    pub fn set_agreed(&mut self, agreement: usize, on: bool) {
        if (self.agreed >> agreement & 1 != 0) != on {
            self.agreed ^= 1 << agreement;
            self.hash ^= self.game.keys.agreed[agreement];
            self.promotion_base = self.promotion_base_for(self.agreed);
        }
    }

    pub(super) fn promotion_base_for(&self, agreed: u32) -> usize {
        if agreed & self.game.landing.promotion_switch != 0 {
            self.game.landing.promotion_mode_stride
        } else {
            0
        }
    }

    /// Plays `mv` with declarations attached (made or withdrawn by the mover);
    /// `unmake` takes both back. Nothing is changed if a declaration is refused.
    pub fn make_declaring(
        &mut self,
        mv: Move,
        declarations: &[(usize, bool)],
    ) -> Result<(), DeclareError> {
        let before = (self.declared, self.agreed, self.hash);
        for &(agreement, made) in declarations {
            if let Err(e) = self.declare(agreement, made) {
                (self.declared, self.agreed, self.hash) = before;
                self.promotion_base = self.promotion_base_for(self.agreed);
                return Err(e);
            }
        }
        self.make(mv);
        let undo = self.undo.last_mut().expect("make pushed an undo record");
        (undo.declared, undo.agreed, undo.hash) = before;
        Ok(())
    }
}
