//! Setup: the starting position, per player explicit or derived from
//! another player's by mirror or rotation (`setup P { ... }`).

use super::Checker;
use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use crate::model::Model;
use crate::names::own_stack;
use runtime::ir;
use std::collections::HashMap;

/// A piece a setup statement puts on a cell.
#[derive(Clone, Copy)]
struct Placed {
    cell: usize,
    kind: usize,
    /// What to point at when the cell is given twice.
    span: Span,
}

/// How a derived setup finds its cells.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Derivation {
    /// `setup P mirror Q`: reflected front to back.
    Mirror,
    /// `setup P rotate Q`: turned 180 degrees about the board's centre.
    Rotate,
    /// `setup P like Q`: carried over by the players' orientations.
    Like,
}

/// `setup P mirror Q`, `setup P rotate Q` or `setup P like Q`.
struct Derived {
    player: usize,
    from: usize,
    how: Derivation,
    span: Span,
}

/// Each player's setup, `None` until one is given or derived.
type Setups = Vec<Option<Vec<Placed>>>;

impl Checker {
    /// The `setup` statements, explicit ones first, then those derived
    /// from them; a cell holds at most one piece.
    pub(super) fn setups(
        &mut self,
        m: &mut Model,
        stmts: &[Stmt],
        player_names: &[String],
        piece_names: &[String],
    ) {
        let (mut explicit, derived, given) = self.read_setups(m, stmts, player_names, piece_names);
        // In statement order: a setup derived from a derived one sees it
        // only when that one came first.
        for d in derived {
            let player = d.player;
            if let Some(list) = self.derive_setup(m, d, &explicit, player_names) {
                explicit[player] = Some(list);
            }
        }
        m.setup_spans = given;
        self.place_setups(m, &explicit, player_names);
    }

    /// The explicit setups, the derived ones still to derive, and where
    /// each player's setup is given; a second setup of a player is refused.
    fn read_setups(
        &mut self,
        m: &Model,
        stmts: &[Stmt],
        player_names: &[String],
        piece_names: &[String],
    ) -> (Setups, Vec<Derived>, Vec<Option<Span>>) {
        let mut explicit: Setups = vec![None; m.players.len()];
        let mut derived = Vec::new();
        let mut given: Vec<Option<Span>> = vec![None; m.players.len()];
        for s in stmts {
            if let Stmt::Setup { player, body, span } = s {
                let Some(p) = self.player(player, player_names) else {
                    continue;
                };
                // A second setup used to replace the first without a word.
                if let Some(first) = given[p] {
                    self.error(
                        Diagnostic::error(
                            Code::DuplicateDefinition,
                            format!("player `{}` has two setups", player.text),
                            *span,
                            "second setup",
                        )
                        .with_secondary(first, "first setup here")
                        .with_hint("give each player one `setup`; list all its pieces in it"),
                    );
                    continue;
                }
                given[p] = Some(*span);
                match body {
                    SetupBody::Explicit(lines) => {
                        explicit[p] =
                            Some(self.explicit_setup(m, lines, &player_names[p], piece_names));
                    }
                    SetupBody::Mirror(src) | SetupBody::Rotate(src) | SetupBody::Like(src) => {
                        if let Some(q) = self.player(src, player_names) {
                            derived.push(Derived {
                                player: p,
                                from: q,
                                how: match body {
                                    SetupBody::Mirror(_) => Derivation::Mirror,
                                    SetupBody::Rotate(_) => Derivation::Rotate,
                                    _ => Derivation::Like,
                                },
                                span: *span,
                            });
                        }
                    }
                }
            }
        }
        (explicit, derived, given)
    }

    /// The pieces of `setup P { piece cells ... }`, a player's own stacks
    /// named by their cargo.
    fn explicit_setup(
        &mut self,
        m: &Model,
        lines: &[(Name, Vec<CellItem>)],
        player_name: &str,
        piece_names: &[String],
    ) -> Vec<Placed> {
        let mut list = Vec::new();
        for (piece, items) in lines {
            let kind = self.piece(&own_stack(piece, player_name), piece_names);
            let cells = self.cell_items_spanned(m, items);
            if let Some(k) = kind {
                list.extend(cells.into_iter().map(|(cell, span)| Placed {
                    cell,
                    kind: k,
                    span,
                }));
            }
        }
        list
    }

    /// A setup derived from another player's explicit one, each cell
    /// mapped by the derivation; `None` when that player has none.
    fn derive_setup(
        &mut self,
        m: &Model,
        d: Derived,
        explicit: &Setups,
        player_names: &[String],
    ) -> Option<Vec<Placed>> {
        let Derived {
            player: p,
            from: q,
            how,
            span,
        } = d;
        let Some(mut src) = explicit[q].clone() else {
            self.error(Diagnostic::error(
                Code::MissingStatement,
                format!(
                    "player `{}` has no explicit setup to derive from",
                    player_names[q]
                ),
                span,
                "derived setup",
            ));
            return None;
        };
        // A cell given twice in the source is reported there, not again here.
        let mut seen = std::collections::HashSet::new();
        src.retain(|placed| seen.insert(placed.cell));
        let mut list = Vec::new();
        for Placed {
            cell: c, kind: k, ..
        } in src
        {
            // A stack copied from another player's setup is carried by
            // this player's carrier when it was carried by theirs.
            let k = match m.pieces[k].stack {
                Some(st) if st.carrier_owner as usize == q => m.restack(k, p),
                _ => k,
            };
            let image = if how == Derivation::Like {
                match self.carry_cells(m, q, p, &[c], span) {
                    Some(d) => d.first().copied(),
                    // Reported once: the rest of this setup is left out.
                    None => break,
                }
            } else {
                m.topology.setup_image(c, how == Derivation::Rotate)
            };
            match image {
                Some(d) => list.push(Placed {
                    cell: d,
                    kind: k,
                    span,
                }),
                None => self.error(
                    Diagnostic::error(
                        Code::CellOffBoard,
                        format!("the image of {} is not on the board", m.cells[c].name),
                        span,
                        "derived setup",
                    )
                    .with_hint(
                        "this board is not symmetric for this setup; write it out explicitly",
                    ),
                ),
            }
        }
        Some(list)
    }

    /// Puts every player's setup on the board: a player without one, and a
    /// cell given two pieces, are errors.
    fn place_setups(&mut self, m: &mut Model, explicit: &Setups, player_names: &[String]) {
        let mut used: HashMap<usize, (usize, Span)> = HashMap::new();
        for (p, list) in explicit.iter().enumerate() {
            let Some(list) = list else {
                self.error(
                    Diagnostic::error(
                        Code::MissingStatement,
                        format!("player `{}` has no setup", player_names[p]),
                        self.player_spans.get(p).copied().unwrap_or_default(),
                        "this player has no setup",
                    )
                    .with_hint(format!(
                        "add `setup {} {{ ... }}` or `setup {} mirror ...`",
                        player_names[p], player_names[p]
                    )),
                );
                continue;
            };
            for &Placed {
                cell: c,
                kind: k,
                span,
            } in list
            {
                if let Some(&(prev, prev_span)) = used.get(&c) {
                    self.error(
                        Diagnostic::error(
                            Code::CellUsedTwice,
                            format!(
                                "cell {} is given two pieces ({} and {})",
                                m.cells[c].name,
                                m.pieces[m.setup[prev].kind as usize].name,
                                m.pieces[k].name
                            ),
                            span,
                            "second piece here",
                        )
                        .with_secondary(prev_span, "first piece here")
                        .with_hint("each cell holds at most one piece"),
                    );
                    continue;
                }
                used.insert(c, (m.setup.len(), span));
                m.setup_placement_spans.push(span);
                m.setup.push(ir::Placement {
                    cell: c as u16,
                    player: p as u8,
                    kind: k as u8,
                });
            }
        }
    }
}
