//! Hands: `hand captures [revert-promoted]`, `hand PLAYER { KIND [N] }`
//! and `drop KINDS in REGION`, checked and resolved into the IR's `Hands`
//! (every player and kind's drop cells listed, so the runtime reads no
//! region). A game with any of them has hands; every kind that is not a
//! stack may be held and dropped, on any board cell unless a `drop` line
//! says where.

use super::Checker;
use crate::ast::{Span, Stmt};
use crate::diag::{Code, Diagnostic};
use crate::model::Model;
use runtime::ir;

impl Checker {
    /// The hand statements, after the promotions (`revert-promoted` asks
    /// which kind promotes).
    pub(super) fn hands(
        &mut self,
        m: &mut Model,
        stmts: &[Stmt],
        player_names: &[String],
        piece_names: &[String],
    ) {
        let first = stmts.iter().find_map(|s| match s {
            Stmt::HandCaptures { span, .. }
            | Stmt::HandHolds { span, .. }
            | Stmt::DropIn { span, .. } => Some(*span),
            _ => None,
        });
        let Some(first) = first else {
            return;
        };
        if let Some(stack) = m.pieces.iter().find(|p| p.stack.is_some()) {
            self.error(
                Diagnostic::error(
                    Code::InconsistentHands,
                    "a game with stacks cannot have hands",
                    first,
                    "hands here",
                )
                .with_secondary(stack.span, "a stack kind of the game")
                .with_hint("a captured stack would need to go to two hands; remove the `carry` rules or the hands"),
            );
            return;
        }
        let (players, kinds, cells) = (m.players.len(), m.pieces.len(), m.cells.len());
        let mut hands = ir::Hands {
            captures: false,
            captured_as: (0..kinds as u8).collect(),
            promoted_revert_to: 0,
            start: vec![0; players * kinds],
            drop_cells: Vec::new(),
        };
        let mut captures_at: Option<Span> = None;
        let mut hand_at: Vec<Option<Span>> = vec![None; players];
        let mut drop_at: Vec<Option<Span>> = vec![None; kinds];
        let mut drop_region: Vec<Option<usize>> = vec![None; kinds];
        for s in stmts {
            match s {
                Stmt::HandCaptures {
                    revert_promoted,
                    span,
                } => {
                    if !self.once(&mut captures_at, *span, "`hand captures`") {
                        continue;
                    }
                    hands.captures = true;
                    if let Some(at) = revert_promoted {
                        hands.promoted_revert_to = self.reverted_kind(m, *at);
                    }
                }
                Stmt::HandHolds {
                    player,
                    pieces,
                    span,
                } => {
                    let Some(p) = self.player(player, player_names) else {
                        continue;
                    };
                    let what = format!("the hand of {}", player.text);
                    if !self.once(&mut hand_at[p], *span, &what) {
                        continue;
                    }
                    for (piece, count) in pieces {
                        let Some(k) = self.piece(piece, piece_names) else {
                            continue;
                        };
                        let slot = &mut hands.start[p * kinds + k];
                        let total = *slot as i64 + *count as i64;
                        if *count < 1 || total > cells as i64 {
                            self.error(
                                Diagnostic::error(
                                    Code::InvalidValue,
                                    format!("{count} pieces of {} in a hand", piece.text),
                                    piece.span,
                                    "this count",
                                )
                                .with_hint(format!(
                                    "a hand holds 1 to {cells} pieces of a kind (the board's cells)"
                                )),
                            );
                        } else {
                            *slot = total as u16;
                        }
                    }
                }
                Stmt::DropIn {
                    pieces,
                    region,
                    span,
                } => {
                    let Some(r) = self.region_ref(m, region) else {
                        continue;
                    };
                    for piece in pieces {
                        let Some(k) = self.piece(piece, piece_names) else {
                            continue;
                        };
                        let what = format!("where {} is dropped", piece.text);
                        if self.once(&mut drop_at[k], *span, &what) {
                            drop_region[k] = Some(r);
                        }
                    }
                }
                _ => {}
            }
        }
        for p in 0..players {
            for region in &drop_region {
                let cells = (0..cells)
                    .filter(|&c| !m.cells[c].side)
                    .filter(|&c| region.is_none_or(|r| m.regions[r].cells[p][c]))
                    .map(|c| c as u16)
                    .collect();
                hands.drop_cells.push(cells);
            }
        }
        m.hands = Some(hands);
    }

    /// The first statement of its kind is kept (into `slot`); another is
    /// E004. Whether this one is the first.
    fn once(&mut self, slot: &mut Option<Span>, span: Span, what: &str) -> bool {
        if let Some(before) = *slot {
            self.error(
                Diagnostic::error(
                    Code::DuplicateDefinition,
                    format!("{what} is given twice"),
                    span,
                    "again here",
                )
                .with_secondary(before, "first here")
                .with_hint("keep one of them"),
            );
            return false;
        }
        *slot = Some(span);
        true
    }

    /// `revert-promoted`: the one kind that promotes, + 1 (0 after an error).
    fn reverted_kind(&mut self, m: &Model, at: Span) -> u8 {
        let mut promoting: Vec<u8> = m.promotions.iter().map(|p| p.kind).collect();
        promoting.sort_unstable();
        promoting.dedup();
        match promoting[..] {
            [kind] => kind + 1,
            _ => {
                let names: Vec<&str> = promoting
                    .iter()
                    .map(|&k| m.pieces[k as usize].name.as_str())
                    .collect();
                self.error(
                    Diagnostic::error(
                        Code::InconsistentHands,
                        if names.is_empty() {
                            "`revert-promoted` in a game where nothing promotes".to_string()
                        } else {
                            format!("`revert-promoted` with several promoting kinds: {}", names.join(", "))
                        },
                        at,
                        "a promoted piece returns to the hand as the kind it promoted from",
                    )
                    .with_hint("use it where one kind promotes (as pawns do); with several, the hand could not tell which"),
                );
                0
            }
        }
    }
}
