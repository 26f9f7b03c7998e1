//! Passing in play: when a player may pass (`pass`: not in check; while
//! royal pieces face each other and the facing must be broken: always),
//! the pass as a move, and what facing that must be broken bars. A
//! voluntary pass is a `MoveKind::Pass` like the forced one of games where
//! players go out; it sets the player's `passed` bit, which in a game with
//! passes is not hashed (a pass changes no position: Fairy-Stockfish's
//! repetitions count across it), and which `end double-pass` reads.

use super::attacks::Foes;
use super::{Move, MoveKind, Position};
use crate::codes::PieceCode;

impl<'g> Position<'g> {
    /// May the side to move pass now (never in a game without passes)?
    #[inline]
    pub(super) fn pass_is_legal(&self) -> bool {
        let g = self.game;
        g.passes && (self.must_break_facing(self.to_move) || (g.ir.pass_moves && !self.in_check()))
    }

    /// The pass, written on the mover's royal piece's cell (the first, if
    /// several; cell 0 without one).
    pub(super) fn pass_move(&self) -> Move {
        let at = self.royals_of[self.to_move].iter().next().unwrap_or(0);
        Move {
            kind: MoveKind::Pass,
            ..Move::normal(at, at)
        }
    }

    /// Do `player`'s royal pieces face an enemy one where the facing must be
    /// broken (`facing ... must-break`)?
    pub(crate) fn must_break_facing(&self, player: usize) -> bool {
        self.game
            .facing
            .as_ref()
            .is_some_and(|f| f.must_break.is_some())
            && self.royal_faces(player, self.foes_of(player))
    }

    /// Does the facing rule bar a move from `from` to `to` (removing the
    /// piece on `removed`) after which the mover's royal piece on `cell`
    /// (code `code`) faces an enemy one? Always where royal pieces may not
    /// face; where the facing must be broken, only if it stands now.
    #[inline]
    pub(super) fn facing_bars(
        &self,
        cell: usize,
        code: PieceCode,
        enemies: Foes,
        (from, to, removed): (usize, usize, usize),
    ) -> bool {
        let Some(facing) = &self.game.facing else {
            return false;
        };
        self.faces_after(cell, code, enemies, from, to, removed)
            && (facing.must_break.is_none() || self.royal_faces(self.to_move, enemies))
    }

    /// Is the game over by its passes: both players passed their last
    /// turns (`end double-pass`), or a facing that must be broken was
    /// passed instead (`facing ... must-break`)? The outcome is for the
    /// player to move.
    pub(crate) fn ended_by_passing(&self) -> Option<(crate::ir::Outcome, crate::GameEnd)> {
        let g = self.game;
        if !g.passes {
            return None;
        }
        let players = g.shape.players;
        if let Some(outcome) = g.ir.end.double_pass {
            if (0..players).all(|p| self.has_passed(p)) {
                return Some((outcome, crate::GameEnd::DoublePass));
            }
        }
        let last = (self.to_move + players - 1) % players;
        let must_break = g.facing.as_ref().and_then(|f| f.must_break)?;
        (self.has_passed(last) && self.must_break_facing(self.to_move))
            .then_some((must_break, crate::GameEnd::Facing))
    }
}
