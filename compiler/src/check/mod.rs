//! Phase 3: resolve names and check the rules, turning the ASTs of a game
//! and its imports into a `Model`: cells with coordinates, regions as cell
//! sets per player, pieces with their atoms expanded into concrete vectors
//! per player. Every problem becomes a diagnostic; checking goes on after
//! one so the author sees them all.
//!
//! One file per mechanism; `Checker::run` below lists the passes in the
//! order they must run (later passes refer to what earlier ones defined).

mod agreements;
mod arrival;
mod atoms;
mod board;
mod castling;
mod cells;
mod chase;
mod counting;
mod end;
mod explosion;
mod extinction;
mod forbid;
mod gating;
mod hands;
mod hops;
mod mate_rules;
mod passing;
mod walls;
pub(crate) use end::region_per_player_in_material;
mod pieces;
mod players;
mod promotion;
mod regions;
mod royalty;
mod setup;
mod stacks;
mod swaps;
mod teams;

use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use crate::model::Model;
use crate::names;

/// Resolves and checks the statements of a game (imports first, in order).
pub fn check(statements: &[Stmt]) -> (Option<Model>, Vec<Diagnostic>) {
    let mut c = Checker {
        diags: Vec::new(),
        player_spans: Vec::new(),
        dropped: 0,
    };
    let model = c.run(statements);
    if c.dropped > 0 {
        if let Some(last) = c.diags.pop() {
            c.diags.push(last.with_note(format!(
                "{} more diagnostics not shown (at most {MAX_DIAGNOSTICS} are reported)",
                c.dropped
            )));
        }
    }
    (model, c.diags)
}

/// The most diagnostics one check reports. Past it they are counted, not
/// built: a file of thousands of wrong statements spent quadratic time on
/// their did-you-mean hints and name lists.
pub const MAX_DIAGNOSTICS: usize = 200;

struct Checker {
    diags: Vec<Diagnostic>,
    /// Where each player is named in `players`.
    player_spans: Vec<Span>,
    /// Diagnostics past `MAX_DIAGNOSTICS`, counted only.
    dropped: usize,
}

impl Checker {
    fn run(&mut self, stmts: &[Stmt]) -> Option<Model> {
        let (name, board) = self.game_and_board(stmts)?;
        let mut m = self.board_model(name, board, stmts)?;

        // Players first: regions, pieces and setups refer to them.
        if !self.players(&mut m, stmts, board) {
            return None;
        }
        let player_names: Vec<String> = m.players.iter().map(|p| p.name.clone()).collect();
        // The first statement of each kind is kept; a second is E004.
        let mut orientation_of: Vec<Option<Span>> = vec![None; m.players.len()];
        let mut turn_given: Option<Span> = None;
        for s in stmts {
            match s {
                Stmt::Orientation {
                    player,
                    orientation,
                    about,
                    span,
                } => self.orientation(
                    &mut m,
                    player,
                    orientation,
                    about,
                    span,
                    &player_names,
                    &mut orientation_of,
                ),
                Stmt::Turn(n) => self.turn(&mut m, n, &player_names, &mut turn_given),
                _ => {}
            }
        }

        // Regions, in order (a region may use earlier ones), and colourings.
        for s in stmts {
            match s {
                Stmt::Colours { names, anchor } => self.colours(&mut m, names, anchor),
                Stmt::Region { name, def } => self.region(&mut m, name, def),
                _ => {}
            }
        }

        let piece_asts = self.pieces(&mut m, stmts)?;
        let piece_names: Vec<String> = m.pieces.iter().map(|p| p.name.clone()).collect();
        self.piece_atoms(&mut m, &piece_asts);
        self.stacks(&mut m, stmts, &piece_names);
        // From here on the stack kinds count as pieces too.
        let piece_names: Vec<String> = m.pieces.iter().map(|p| p.name.clone()).collect();
        self.agreements(&mut m, stmts, &player_names);
        self.royal_while_last(&mut m, stmts, &piece_names);

        for s in stmts {
            if let Stmt::Castling(c) = s {
                self.castling(&mut m, c, &piece_names);
            }
        }

        for s in stmts {
            match s {
                Stmt::Value { piece, value } => self.value(&mut m, piece, value, &piece_names),
                Stmt::Swap {
                    piece,
                    partners,
                    offset,
                    filters,
                    from,
                    span,
                } => self.swap(
                    &mut m,
                    piece,
                    partners,
                    offset,
                    filters,
                    from,
                    span,
                    &piece_names,
                ),
                Stmt::Arrival {
                    piece,
                    trigger,
                    place,
                    on,
                    ..
                } => self.arrival(&mut m, piece, trigger, place, on, &piece_names),
                Stmt::WinningArrival {
                    piece,
                    trigger,
                    after_reply,
                    if_held,
                    if_safe,
                    span,
                } => {
                    let wait = (*after_reply, *if_held, *if_safe);
                    self.winning_arrival(&mut m, piece, trigger, wait, *span, &piece_names)
                }
                Stmt::Forbid { pieces, region, .. } => {
                    self.forbid(&mut m, pieces, region, &piece_names)
                }
                Stmt::Uncapturable(pieces, unless_out) => {
                    self.uncapturable(&mut m, pieces, *unless_out, &piece_names)
                }
                Stmt::Capturers(names) => self.capturers(&mut m, names, &piece_names),
                Stmt::Mark { region, colour } => self.mark(&mut m, region, colour),
                Stmt::Clock { seconds, span } => self.clock(&mut m, seconds, span),
                _ => {}
            }
        }

        self.setups(&mut m, stmts, &player_names, &piece_names);
        // Promotions after the setups: `any`, `playing` and `if playing`
        // ask which pieces the game sets up.
        let promoting: Vec<&str> = stmts
            .iter()
            .filter_map(|s| match s {
                Stmt::Promote(p) => Some(p.piece.text.as_str()),
                _ => None,
            })
            .collect();
        for s in stmts {
            if let Stmt::Promote(p) = s {
                self.promotion(&mut m, p, &piece_names, &promoting);
            }
        }
        self.promotion_limits(&mut m, stmts, &piece_names);
        self.hands(&mut m, stmts, &player_names, &piece_names);
        self.end_rules(&mut m, stmts, &piece_names);
        self.teams(&mut m, stmts, &player_names);
        self.en_passant_lifetime(&mut m, stmts);
        self.move_obligations(&mut m, stmts, &piece_names);
        self.explosions(&mut m, stmts, &piece_names);
        self.facings(&mut m, stmts, &piece_names);
        self.passing(&mut m, stmts, &player_names, &piece_names);
        self.walls(&mut m, stmts, &piece_names);
        self.royal_check(&m, &piece_asts, board);
        for s in stmts {
            if let Stmt::Claim(c) = s {
                m.claims.push(c.clone());
            }
        }
        Some(m)
    }

    fn error(&mut self, d: Diagnostic) {
        if self.diags.len() < MAX_DIAGNOSTICS {
            self.diags.push(d);
        } else {
            self.dropped += 1;
        }
    }

    /// The first statement of its kind is kept (into `slot`); another is
    /// E004. Whether this one is the first.
    pub(super) fn once(&mut self, slot: &mut Option<Span>, span: Span, what: &str) -> bool {
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

    fn unknown(&mut self, what: &str, name: &Name, known: &[String]) {
        if self.diags.len() >= MAX_DIAGNOSTICS {
            self.dropped += 1;
            return;
        }
        self.error(names::unknown(what, name, known));
    }

    pub(super) fn player(&mut self, n: &Name, names: &[String]) -> Option<usize> {
        let p = names.iter().position(|x| *x == n.text);
        if p.is_none() {
            self.unknown("player", n, names);
        }
        p
    }

    pub(super) fn piece(&mut self, n: &Name, names: &[String]) -> Option<usize> {
        let p = names.iter().position(|x| *x == n.text);
        if p.is_none() {
            self.unknown("piece", n, names);
        }
        p
    }

    pub(super) fn region_ref(&mut self, m: &Model, n: &Name) -> Option<usize> {
        let r = m.region_named.get(&n.text).copied();
        if r.is_none() && self.diags.len() >= MAX_DIAGNOSTICS {
            // Past the cap: counted, without copying every region's name.
            self.dropped += 1;
        } else if r.is_none() {
            let names: Vec<String> = m.regions.iter().map(|r| r.name.clone()).collect();
            self.unknown("region", n, &names);
        }
        r
    }
}

fn board_span(b: &Board) -> Span {
    match b {
        Board::Square { span, .. }
        | Board::Hex { span, .. }
        | Board::Triangle { span, .. }
        | Board::Round { span, .. } => *span,
    }
}
