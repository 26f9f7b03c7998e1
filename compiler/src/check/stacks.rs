//! Stacks: `carry` rules, a cargo piece riding on a carrier piece; each
//! (cargo kind, carrier owner) becomes a kind of its own.

use super::Checker;
use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use crate::model::{Model, ModelAtom, ModelPiece};
use runtime::codes::{codes_needed, MAX_CODES};
use runtime::ir;

impl Checker {
    /// `carry` statements: one stack kind per (cargo kind, carrier owner).
    /// A stack moves as its carrier does (carrying the cargo), and its cargo
    /// may leave by the moves the statement lists.
    pub(super) fn stacks(&mut self, m: &mut Model, stmts: &[Stmt], piece_names: &[String]) {
        let declared = m.pieces.len();
        for s in stmts {
            let Stmt::Carry {
                cargo,
                carrier,
                boarding,
                atoms,
                laden,
                span,
            } = s
            else {
                continue;
            };
            let Some(c) = self.piece(carrier, piece_names) else {
                continue;
            };
            let mut aboard: Vec<ModelAtom> = Vec::new();
            for a in atoms {
                aboard.extend(self.atom(m, a));
            }
            // How a loaded carrier moves: as declared, or as the carrier alone.
            let laden_atoms: Vec<ModelAtom> = match laden {
                Some(list) => list.iter().flat_map(|a| self.atom(m, a)).collect(),
                None => m.pieces[c].atoms.clone(),
            };
            for name in cargo {
                let Some(k) = self.piece(name, piece_names) else {
                    continue;
                };
                let takes_part = |x: usize| {
                    m.pieces[declared..].iter().any(|p| {
                        p.stack.is_some_and(|st| {
                            (st.cargo as usize == x || st.carrier as usize == x)
                                && !(st.carrier as usize == c && x == c)
                        })
                    })
                };
                let clash = if k == c {
                    Some((
                        "a piece cannot carry its own kind",
                        "a cell holds at most one carrier and one cargo; name another kind as cargo",
                    ))
                } else if laden_atoms.iter().any(|a| a.becomes.is_some()) {
                    Some((
                        "a stack's moves may not change its kind",
                        "remove `becomes` from the carrier's moves, or give the stack a `laden { ... }` block without it",
                    ))
                } else if m.pieces[k].royal || m.pieces[c].royal {
                    Some((
                        "royal pieces neither carry nor are carried",
                        "a royal piece must stay alone on its cell to be checked and mated",
                    ))
                } else if takes_part(k) || takes_part(c) {
                    Some((
                        "this piece already takes part in another carry rule",
                        "each kind is cargo or carrier in at most one carry rule (stacks do not nest)",
                    ))
                } else {
                    None
                };
                if let Some((why, hint)) = clash {
                    self.error(
                        Diagnostic::error(Code::InconsistentStack, why, name.span, "this cargo")
                            .with_secondary(*span, "in this carry rule")
                            .with_hint(hint),
                    );
                    continue;
                }
                for o in 0..m.players.len() {
                    let mut stack_atoms = laden_atoms.clone();
                    for a in &aboard {
                        stack_atoms.push(ModelAtom {
                            flags: a.flags | ir::CARGO,
                            becomes: Some(k as u8),
                            ..a.clone()
                        });
                    }
                    let piece = ModelPiece {
                        name: format!(
                            "{} aboard {} {}",
                            m.pieces[k].name, m.players[o].name, m.pieces[c].name
                        ),
                        letter: m.pieces[k].letter,
                        aliases: Vec::new(),
                        uncapturable: false,
                        capturable_when_out: false,
                        value: m.pieces[k].value + m.pieces[c].value,
                        royal: false,
                        captures_en_passant: false,
                        atoms: stack_atoms,
                        stack: Some(ir::StackParts {
                            carrier: c as u8,
                            cargo: k as u8,
                            carrier_owner: o as u8,
                            boarding: *boarding,
                        }),
                        span: *span,
                    };
                    m.pieces.push(piece);
                }
            }
        }
        self.piece_code_limit(m);
    }

    /// Every (player, kind) is one piece code of the runtime's board, and
    /// the runtime has `MAX_CODES` of them (the empty cell included): too
    /// many players times kinds is reported here, at the first kind that
    /// does not fit, rather than by the loader after lowering.
    fn piece_code_limit(&mut self, m: &mut Model) {
        let players = m.players.len().max(1);
        let kinds = m.pieces.len();
        if codes_needed(players, kinds) <= MAX_CODES {
            return;
        }
        let fit = (MAX_CODES - 1) / players;
        let stacks = m.pieces.iter().filter(|p| p.stack.is_some()).count();
        self.error(
            Diagnostic::error(
                Code::TooManyPieceKinds,
                format!(
                    "{players} players x {kinds} piece kinds ({stacks} of them stacks, one per \
                     cargo and carrier owner) need {} piece codes; the runtime has {}",
                    codes_needed(players, kinds) - 1,
                    MAX_CODES - 1
                ),
                m.pieces[fit].span,
                format!(
                    "kind {} of {kinds}: with {players} players at most {fit} fit",
                    fit + 1
                ),
            )
            .with_hint(format!(
                "with {players} players a game may define at most {fit} kinds, counting each \
                 stack kind; drop kinds, or carry fewer kinds"
            )),
        );
        m.pieces.truncate(fit);
    }
}
