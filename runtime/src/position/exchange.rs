//! Static exchange evaluation: what a move onto a cell wins or loses if
//! both sides then take and retake on that cell, each with its least
//! valuable attacker, and either may stop when going on would lose. The
//! search orders captures by it and leaves the losing ones out of its
//! quiescence. It reads the loader's reverse
//! attack tables, so leapers, lame leapers, riders and hoppers are all
//! seen; a rider behind a piece that has taken part joins the exchange
//! (an x-ray). Approximations, as in any static exchange: promotions,
//! explosions, hands and the rules' special captures on the way are not
//! played, and a lame leap's or a hop's intermediate cells are read off
//! the board as it stands.
//!
//! Two players only: with more the retakes of several opponents, each
//! for itself, have no one sequence.

use super::{Move, MoveKind, Position};
use crate::codes::PieceCode;
use crate::game::{others_of, AttackView};

/// At most this many captures on one cell are played out.
const MAX_EXCHANGE: usize = 32;

impl<'g> Position<'g> {
    /// The material a move wins (negative: loses) once the exchange on
    /// its target cell has been played out, in the units of `value` (per
    /// piece code; royal pieces should be worth more than any army, so
    /// that a royal piece never takes on a defended cell). `None` where
    /// no static exchange is defined: more than two players, castling
    /// and other moves that are not a piece going to a cell.
    pub fn exchange(&self, mv: Move, value: impl Fn(PieceCode) -> i32) -> Option<i32> {
        if self.game.players() != 2 || !matches!(mv.kind(), MoveKind::Normal | MoveKind::Passing) {
            return None;
        }
        let target = mv.to();
        let me = self.to_move;
        let mut gone = [0u16; MAX_EXCHANGE];
        let mut n_gone = 0;
        let mut on_target = match mv.dropped() {
            Some(kind) => value(self.game.code(me, kind)),
            None => {
                gone[0] = mv.from() as u16;
                n_gone = 1;
                value(self.board[mv.from()])
            }
        };
        let mut gain = [0i32; MAX_EXCHANGE];
        gain[0] = value(self.board[target]);
        if let Some(kind) = mv.promotion() {
            let promoted = value(self.game.code(me, kind));
            gain[0] += promoted - on_target;
            on_target = promoted;
        }
        let out = self.out as usize;
        // The pieces that retake: first the opponent's (the enemies of the
        // mover), then the mover's own (the enemies of the opponent).
        let views = [
            self.game.attacks_on(me, others_of(out, me)),
            self.game.attacks_on(1 - me, others_of(out, 1 - me)),
        ];
        let mut depth = 0;
        while depth + 1 < MAX_EXCHANGE && n_gone < MAX_EXCHANGE {
            let view = views[depth % 2];
            let Some((cell, code)) = self.cheapest_attacker(target, view, &gone[..n_gone], &value)
            else {
                break;
            };
            depth += 1;
            gain[depth] = on_target - gain[depth - 1];
            // Neither taking nor standing can help the side to move here.
            if gain[depth].max(-gain[depth - 1]) < 0 {
                break;
            }
            on_target = value(code);
            gone[n_gone] = cell;
            n_gone += 1;
        }
        while depth > 0 {
            gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
            depth -= 1;
        }
        Some(gain[0])
    }

    /// The least valuable piece of `view` attacking `cell`, the pieces on
    /// `gone` (already taken part) left out and seen through on lines.
    fn cheapest_attacker(
        &self,
        cell: usize,
        view: &AttackView,
        gone: &[u16],
        value: &impl Fn(PieceCode) -> i32,
    ) -> Option<(u16, PieceCode)> {
        let mut found = [0u16; 64];
        let n = self.attackers_through(cell, view, |_| true, gone, &mut found);
        found[..n]
            .iter()
            .filter(|at| !gone.contains(at))
            .map(|&at| (at, self.board[at as usize]))
            .min_by_key(|&(_, code)| value(code))
    }
}
