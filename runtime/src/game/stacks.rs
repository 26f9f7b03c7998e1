//! Stacks as loaded: a stack kind is a carrier with a cargo aboard. This
//! part knows each stack code's parts and which move onto which piece forms
//! which stack; a game with no stack kind has no such part, and its move
//! generator never looks for stack-forming moves.

use super::error::{check, LoadError};
use super::{atoms_of, Shape};
use crate::codes::{PieceCode, EMPTY};
use crate::ir::{self, GameIr};

pub(crate) struct Stacks {
    /// Per piece code: (carrier code, cargo code) if the code is a stack.
    pub(crate) parts: Vec<(PieceCode, PieceCode)>,
    /// Per `mover * codes + occupant`: the stack a move of `mover` onto
    /// `occupant` may form instead of capturing or stopping (0: none).
    pub(crate) merge: Vec<PieceCode>,
    /// Per piece code: some move of it (or of its cargo) may form a stack.
    pub(crate) merges: Vec<bool>,
}

impl Stacks {
    /// Checks every stack kind's parts and cargo moves (in every game: an
    /// IR without stacks must not carry cargo moves), then builds the part
    /// if some kind is a stack.
    pub(crate) fn build(ir: &GameIr, shape: &Shape) -> Result<Option<Stacks>, LoadError> {
        let (players, kinds) = (shape.players, shape.kinds);
        // A cargo move needs a stack to leave, and lands as the stack's
        // cargo: in a stack, exactly the cargo's atoms change its kind.
        for p in 0..players {
            for (k, info) in ir.kinds.iter().enumerate() {
                let ok = |(flags, becomes): (u16, u8)| match info.stack {
                    Some(st) => {
                        (flags & ir::CARGO != 0) == (becomes != 0)
                            && (becomes == 0 || becomes == st.cargo + 1)
                    }
                    None => flags & ir::CARGO == 0,
                };
                check(atoms_of(ir, p, k).all(ok), || LoadError::CargoMoves {
                    kind: k,
                })?;
            }
        }
        for (k, info) in ir.kinds.iter().enumerate() {
            if let Some(st) = info.stack {
                let part_ok = |x: u8| (x as usize) < kinds && ir.kinds[x as usize].stack.is_none();
                check(
                    part_ok(st.carrier)
                        && part_ok(st.cargo)
                        && (st.carrier_owner as usize) < players,
                    || LoadError::StackParts { kind: k },
                )?;
            }
        }
        if ir.kinds.iter().all(|k| k.stack.is_none()) {
            return Ok(None);
        }

        let codes = shape.codes();
        let code_of = |p: usize, k: usize| (1 + p * kinds + k) as PieceCode;
        let mut parts = vec![(EMPTY, EMPTY); codes];
        let mut merge = vec![EMPTY; codes * codes];
        for p in 0..players {
            for (k, info) in ir.kinds.iter().enumerate() {
                let Some(st) = info.stack else { continue };
                let o = st.carrier_owner as usize;
                let carrier = code_of(o, st.carrier as usize);
                let cargo = code_of(p, st.cargo as usize);
                let stack = code_of(p, k);
                parts[stack as usize] = (carrier, cargo);
                if p == o || st.boarding {
                    merge[cargo as usize * codes + carrier as usize] = stack;
                    merge[carrier as usize * codes + cargo as usize] = stack;
                }
            }
        }
        let mut merges = vec![false; codes];
        for code in 1..codes {
            let mover = |c: usize| {
                merge[c * codes..(c + 1) * codes]
                    .iter()
                    .any(|&r| r != EMPTY)
            };
            let (_, cargo) = parts[code];
            merges[code] = mover(code) || (cargo != EMPTY && mover(cargo as usize));
        }
        Ok(Some(Stacks {
            parts,
            merge,
            merges,
        }))
    }
}
