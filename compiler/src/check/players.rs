//! Players: who plays (`players`), each player's frame (`player ...
//! orientation`) and who moves first (`turn`).

use super::{board_span, Checker};
use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use crate::model::{Model, ModelPlayer};
use crate::topology::IDENTITY;

impl Checker {
    /// The `players` statement; false when a game has fewer than two.
    pub(super) fn players(&mut self, m: &mut Model, stmts: &[Stmt], board: &Board) -> bool {
        let mut players_span = None;
        for s in stmts {
            if let Stmt::Players(names) = s {
                if players_span.is_some() {
                    self.error(Diagnostic::error(
                        Code::DuplicateDefinition,
                        "players are declared twice",
                        names[0].span,
                        "second declaration",
                    ));
                    continue;
                }
                players_span = Some(names[0].span);
                for n in names {
                    if m.players.iter().any(|p| p.name == n.text) {
                        self.error(Diagnostic::error(
                            Code::DuplicateDefinition,
                            format!("player `{}` is listed twice", n.text),
                            n.span,
                            "again here",
                        ));
                    } else {
                        self.player_spans.push(n.span);
                        m.players.push(ModelPlayer {
                            name: n.text.clone(),
                            frame: IDENTITY,
                        });
                    }
                }
            }
        }
        if m.players.len() < 2 {
            self.error(
                Diagnostic::error(
                    Code::MissingStatement,
                    "a game needs at least two players",
                    board_span(board),
                    "for this board",
                )
                .with_hint("add `players white black`"),
            );
            return false;
        }
        true
    }

    /// `player P orientation O`: the player's frame.
    pub(super) fn orientation(
        &mut self,
        m: &mut Model,
        player: &Name,
        orientation: &Orientation,
        span: &Span,
        player_names: &[String],
    ) {
        if let Some(p) = self.player(player, player_names) {
            match m.topology.frame(orientation) {
                Some(mat) => m.players[p].frame = mat,
                None => self.error(
                    Diagnostic::error(Code::InvalidValue, "this rotation is not a symmetry of the board's lattice", *span, "rotation angle")
                        .with_hint("square boards turn by multiples of 90 degrees, hex boards by multiples of 60"),
                ),
            }
        }
    }

    /// `turn P`: who moves first.
    pub(super) fn turn(&mut self, m: &mut Model, n: &Name, player_names: &[String]) {
        if let Some(p) = self.player(n, player_names) {
            m.to_move = p as u8;
        }
    }
}
