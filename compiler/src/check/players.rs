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
                            placement: Some((0..m.cells.len()).map(Some).collect()),
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

    /// `player P orientation O [about CELLS]`: the player's frame, and
    /// the cell map that `like` setups and regions carry cells by. `given`
    /// holds, per player, the orientation statement already read (a second
    /// is E004).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn orientation(
        &mut self,
        m: &mut Model,
        player: &Name,
        orientation: &Orientation,
        about: &[Name],
        span: &Span,
        player_names: &[String],
        given: &mut [Option<Span>],
    ) {
        let Some(p) = self.player(player, player_names) else {
            return;
        };
        if let Some(first) = given[p] {
            self.error(
                Diagnostic::error(
                    Code::DuplicateDefinition,
                    format!("player `{}` is given an orientation twice", player.text),
                    *span,
                    "second orientation",
                )
                .with_secondary(first, "first orientation here")
                .with_hint("a player has one frame; keep one `player ... orientation` statement"),
            );
            return;
        }
        given[p] = Some(*span);
        match m.topology.frame(orientation) {
            Some(mat) => m.players[p].frame = mat,
            None => {
                self.error(
                    Diagnostic::error(Code::InconsistentPlayers, "this rotation is not a symmetry of the board's lattice", *span, "rotation angle")
                        .with_hint("square boards turn by multiples of 90 degrees, hex boards by multiples of 60"),
                );
                return;
            }
        }
        let mut centre = Vec::new();
        for n in about {
            match m.cell_named.get(&n.text) {
                Some(&c) => centre.push(c),
                None => {
                    self.cell_off_board(n);
                    return;
                }
            }
        }
        if !about.is_empty() && !matches!(orientation, Orientation::Rotate(_)) {
            self.error(
                Diagnostic::error(
                    Code::InconsistentPlayers,
                    "only a rotation has a centre",
                    *span,
                    "`about` with no rotation",
                )
                .with_hint(
                    "write `orientation rotate 120 about h13 g14 h15`, or leave out `about`",
                ),
            );
            return;
        }
        m.players[p].placement = m.topology.placement(orientation, &centre);
    }

    /// The cells of player `from`'s frame, `cells`, carried to player
    /// `to`'s by their orientations (`like`): each cell's preimage under
    /// `from`'s cell map, then its image under `to`'s. `None` (with an
    /// error at `span`) if an orientation names no cell map or a cell
    /// would leave the board.
    pub(super) fn carry_cells(
        &mut self,
        m: &Model,
        from: usize,
        to: usize,
        cells: &[usize],
        span: Span,
    ) -> Option<Vec<usize>> {
        let (Some(src), Some(dst)) = (&m.players[from].placement, &m.players[to].placement) else {
            let unplaced = if m.players[from].placement.is_none() {
                from
            } else {
                to
            };
            self.error(
                Diagnostic::error(
                    Code::InconsistentPlayers,
                    format!(
                        "`like` carries cells by both players' orientations, and `{}` turns with no centre",
                        m.players[unplaced].name
                    ),
                    span,
                    "carried here",
                )
                .with_hint("give the rotation a centre: `player P orientation rotate 120 about CELLS`"),
            );
            return None;
        };
        let mut out = Vec::with_capacity(cells.len());
        for &c in cells {
            let image = src
                .iter()
                .position(|&x| x == Some(c))
                .and_then(|origin| dst[origin]);
            match image {
                Some(d) => out.push(d),
                None => {
                    self.error(
                        Diagnostic::error(
                            Code::CellOffBoard,
                            format!(
                                "{} of `{}` has no image on the board for `{}`",
                                m.cells[c].name, m.players[from].name, m.players[to].name
                            ),
                            span,
                            "carried here",
                        )
                        .with_hint("check the orientation's angle and centre"),
                    );
                    return None;
                }
            }
        }
        Some(out)
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
