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

    /// `player P orientation O`: the player's frame. `given` holds, per
    /// player, the orientation statement already read (a second is E004).
    pub(super) fn orientation(
        &mut self,
        m: &mut Model,
        player: &Name,
        orientation: &Orientation,
        span: &Span,
        player_names: &[String],
        given: &mut [Option<Span>],
    ) {
        if let Some(p) = self.player(player, player_names) {
            if let Some(first) = given[p] {
                self.error(
                    Diagnostic::error(
                        Code::DuplicateDefinition,
                        format!("player `{}` is given an orientation twice", player.text),
                        *span,
                        "second orientation",
                    )
                    .with_secondary(first, "first orientation here")
                    .with_hint(
                        "a player has one frame; keep one `player ... orientation` statement",
                    ),
                );
                return;
            }
            given[p] = Some(*span);
            match m.topology.frame(orientation) {
                Some(mat) => m.players[p].frame = mat,
                None => self.error(
                    Diagnostic::error(Code::InvalidValue, "this rotation is not a symmetry of the board's lattice", *span, "rotation angle")
                        .with_hint("square boards turn by multiples of 90 degrees, hex boards by multiples of 60"),
                ),
            }
        }
    }

    /// `turn P`: who moves first; `given` is the `turn` already read (a
    /// second is E004).
    pub(super) fn turn(
        &mut self,
        m: &mut Model,
        n: &Name,
        player_names: &[String],
        given: &mut Option<Span>,
    ) {
        if let Some(first) = *given {
            self.error(
                Diagnostic::error(
                    Code::DuplicateDefinition,
                    "the first player is named twice",
                    n.span,
                    "second `turn`",
                )
                .with_secondary(first, "first `turn` here")
                .with_hint("one player moves first; keep one `turn` statement"),
            );
            return;
        }
        *given = Some(n.span);
        if let Some(p) = self.player(n, player_names) {
            m.to_move = p as u8;
        }
    }
}
