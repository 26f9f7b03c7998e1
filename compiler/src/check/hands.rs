//! Hands: `hand captures [revert-promoted]`, `hand KIND as KIND`, `hand
//! PLAYER { KIND [N] }` and `drop KINDS in REGION | one-per-file | no-mate`, checked and resolved into the IR's `Hands`
//! (every player and kind's drop cells listed, so the runtime reads no
//! region). A game with any of them has hands; every kind that is not a
//! stack may be held and dropped, on any board cell unless a `drop` line
//! says where.

use super::gating::GateLine;
use super::Checker;
use crate::ast::{DropRule, Name, Span, Stmt};
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
            | Stmt::HandAs { span, .. }
            | Stmt::Drop { span, .. }
            | Stmt::Gate { span, .. } => Some(*span),
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
            per_file: Vec::new(),
            no_mate: Vec::new(),
            must_drop: Vec::new(),
            drop_promoted: Vec::new(),
            split: None,
            gating: None,
        };
        let mut gate = GateLine::default();
        let mut joins_as_at: Vec<Option<Span>> = vec![None; kinds];
        let mut captures_at: Option<Span> = None;
        let mut hand_at: Vec<Option<Span>> = vec![None; players];
        let mut drops = DropRegions {
            said: vec![None; kinds],
            per_file_said: vec![None; kinds],
            region: vec![None; kinds],
        };
        for s in stmts {
            match s {
                Stmt::HandCaptures {
                    revert_promoted,
                    span,
                } if self.once(&mut captures_at, *span, "`hand captures`") => {
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
                    if self.once(&mut hand_at[p], *span, &what) {
                        self.starting_hand(
                            &mut hands.start[p * kinds..][..kinds],
                            pieces,
                            piece_names,
                            cells,
                        );
                    }
                }
                Stmt::HandAs {
                    captured,
                    joins_as,
                    span,
                } => {
                    let (Some(k), Some(as_kind)) = (
                        self.piece(captured, piece_names),
                        self.piece(joins_as, piece_names),
                    ) else {
                        continue;
                    };
                    let what = format!("what a captured {} joins the hand as", captured.text);
                    if self.once(&mut joins_as_at[k], *span, &what) {
                        hands.captured_as[k] = as_kind as u8;
                    }
                }
                Stmt::Drop { pieces, rule, span } => {
                    let line = DropLine {
                        pieces,
                        rule,
                        span: *span,
                    };
                    self.drop_line(m, &mut hands, &mut drops, line, piece_names);
                }
                Stmt::Gate {
                    pieces,
                    region,
                    only,
                    span,
                } => self.gate_line(m, &mut gate, (pieces, region, *only, *span), piece_names),
                _ => {}
            }
        }
        for p in 0..players {
            for region in &drops.region {
                let cells = (0..cells)
                    .filter(|&c| !m.cells[c].side)
                    .filter(|&c| region.is_none_or(|r| m.regions[r].cells[p][c]))
                    .map(|c| c as u16)
                    .collect();
                hands.drop_cells.push(cells);
            }
        }
        self.gating(m, &mut hands, gate, &drops.said, piece_names);
        hands.per_file.sort_unstable_by_key(|l| l.kind);
        hands.must_drop.sort_unstable();
        hands.must_drop.dedup();
        hands.no_mate.sort_unstable();
        hands.no_mate.dedup();
        m.hands = Some(hands);
    }

    /// `hand PLAYER { KIND [N] ... }`: adds to that player's starting hand
    /// (`start`, one count per kind).
    fn starting_hand(
        &mut self,
        start: &mut [u16],
        pieces: &[(Name, i32)],
        piece_names: &[String],
        cells: usize,
    ) {
        for (piece, count) in pieces {
            let Some(k) = self.piece(piece, piece_names) else {
                continue;
            };
            let total = start[k] as i64 + *count as i64;
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
                start[k] = total as u16;
            }
        }
    }

    /// `drop KINDS in REGION | one-per-file | at-most N per-file | no-mate`.
    fn drop_line(
        &mut self,
        m: &Model,
        hands: &mut ir::Hands,
        drops: &mut DropRegions,
        line: DropLine,
        piece_names: &[String],
    ) {
        let named: Vec<(usize, &Name)> = line
            .pieces
            .iter()
            .filter_map(|piece| self.piece(piece, piece_names).map(|k| (k, piece)))
            .collect();
        match line.rule {
            DropRule::In(region) => {
                let Some(r) = self.region_ref(m, region) else {
                    return;
                };
                for (k, piece) in named {
                    let what = format!("where {} is dropped", piece.text);
                    if self.once(&mut drops.said[k], line.span, &what) {
                        drops.region[k] = Some(r);
                    }
                }
            }
            &DropRule::PerFile(at_most, at) => {
                if !matches!(m.geometry, ir::Geometry::Square { .. }) {
                    self.error(
                        Diagnostic::error(
                            Code::InconsistentHands,
                            "a limit per file on a board without files",
                            line.span,
                            "here",
                        )
                        .with_hint(
                            "files are the columns of a square board; other boards have none",
                        ),
                    );
                    return;
                }
                if !(1..=255).contains(&at_most) {
                    self.error(
                        Diagnostic::error(
                            Code::InvalidValue,
                            "a limit per file must be from 1 to 255",
                            at,
                            "this many",
                        )
                        .with_hint("`at-most 1 per-file` (or `one-per-file`) allows one piece of the kind per file"),
                    );
                    return;
                }
                for (k, piece) in named {
                    let what = format!("how many of {} a file may hold", piece.text);
                    if self.once(&mut drops.per_file_said[k], line.span, &what) {
                        hands.per_file.push(ir::FileLimit {
                            kind: k as u8,
                            at_most: at_most as u8,
                        });
                    }
                }
            }
            DropRule::NoMate => hands.no_mate.extend(named.iter().map(|&(k, _)| k as u8)),
            DropRule::First => hands.must_drop.extend(named.iter().map(|&(k, _)| k as u8)),
            DropRule::Split(a, b) => {
                let (Some(ra), Some(rb)) = (self.region_ref(m, a), self.region_ref(m, b)) else {
                    return;
                };
                let cells_of = |r: usize| -> Vec<Vec<u16>> {
                    (0..m.players.len())
                        .map(|p| {
                            (0..m.cells.len())
                                .filter(|&c| m.regions[r].cells[p][c])
                                .map(|c| c as u16)
                                .collect()
                        })
                        .collect()
                };
                for (k, piece) in named {
                    if hands.split.is_some() {
                        self.error(
                            Diagnostic::error(
                                Code::InconsistentHands,
                                format!("{} split between regions, after another kind", piece.text),
                                line.span,
                                "a second kind split",
                            )
                            .with_hint("one kind of a game may be split between two regions"),
                        );
                        return;
                    }
                    hands.split = Some(ir::DropSplit {
                        kind: k as u8,
                        a: cells_of(ra),
                        b: cells_of(rb),
                    });
                }
            }
            DropRule::Promoted => {
                for (k, piece) in named {
                    self.drop_promoted(m, hands, k, piece, line.span);
                }
            }
        }
    }

    /// `drop KIND promoted`: the one kind KIND promotes to (by a `promote`
    /// rule or a move that `becomes` it), as what a held KIND may also be
    /// dropped as.
    fn drop_promoted(
        &mut self,
        m: &Model,
        hands: &mut ir::Hands,
        k: usize,
        piece: &Name,
        at: Span,
    ) {
        let by_rules = m
            .promotions
            .iter()
            .filter(|p| p.kind as usize == k)
            .flat_map(|p| p.choices.iter().copied());
        let by_moves = m.pieces[k].atoms.iter().filter_map(|a| a.becomes);
        let mut targets: Vec<u8> = by_rules
            .chain(by_moves)
            .filter(|&c| c as usize != k)
            .collect();
        targets.sort_unstable();
        targets.dedup();
        match targets[..] {
            [to] if !hands.drop_promoted.iter().any(|d| d.kind as usize == k) => {
                hands.drop_promoted.push(ir::DropAs {
                    kind: k as u8,
                    as_kind: to,
                })
            }
            [_] => {}
            _ => self.error(
                Diagnostic::error(
                    Code::InconsistentHands,
                    format!(
                        "{} is dropped promoted, yet promotes to {} kinds",
                        piece.text,
                        targets.len()
                    ),
                    at,
                    "here",
                )
                .with_hint("a kind dropped promoted needs exactly one kind it promotes to (a `promote` rule, or moves that `becomes` it)"),
            ),
        }
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

/// Where each kind may be dropped (`drop KINDS in REGION`), and where that
/// was said (each kind once).
struct DropRegions {
    said: Vec<Option<Span>>,
    per_file_said: Vec<Option<Span>>,
    region: Vec<Option<usize>>,
}

/// One `drop` statement's parts.
struct DropLine<'a> {
    pieces: &'a [Name],
    rule: &'a DropRule,
    span: Span,
}
