//! Quiescence search: past the main search's horizon, only captures and
//! promotions (every move when in check, near the horizon) are followed
//! until the position is quiet, so that the evaluation is never read in
//! the middle of an exchange.

use super::{Engine, INFINITY, MAX_EVASION_PLIES, MAX_PLY, MAX_QUIESCENCE};

/// Delta pruning: a capture is followed only if its victim's value plus
/// this could lift the side to the window.
const DELTA_MARGIN: i32 = 200;
use crate::game::EMPTY;
use crate::position::{Move, MoveKind, Position};

impl<'g> Engine<'g> {
    /// Captures and promotions until the position is quiet (every move
    /// when in check); the side to move may stand on the evaluation.
    pub(super) fn quiescence(
        &mut self,
        pos: &mut Position<'g>,
        alpha: i32,
        beta: i32,
        ply: usize,
        q: usize,
    ) -> i32 {
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        if let Some(v) = self.quick_end(pos, ply) {
            return v;
        }
        let maximising = self.maximising(pos);
        let in_check = pos.in_check();
        let (mut alpha, mut beta) = (alpha, beta);
        // With more players every capture has more answers: one capture
        // and its replies by each other player.
        let q_limit = if self.game.players() > 2 {
            self.game.players()
        } else {
            MAX_QUIESCENCE
        };
        // Evasions are searched in full only near the horizon: with many
        // players checks are common and every reply would widen the tree.
        let evading = in_check && q < MAX_EVASION_PLIES && ply < MAX_PLY;
        let mut best;
        let mut list;
        if evading {
            list = match self.legal_list(pos, ply) {
                Ok(list) => list,
                Err(score) => return score,
            };
            best = if maximising { -INFINITY } else { INFINITY };
        } else {
            // Not in check, the side may stand on the evaluation before a
            // move is generated; then only the moves followed are
            // generated and judged (a stalemate here, or a side's forced
            // pass, is left to the main search). In check (past the
            // evasion plies) the position's end comes first: a mate is
            // always seen.
            let generated = if in_check {
                match self.legal_list(pos, ply) {
                    Ok(list) => Some(list),
                    Err(score) => return score,
                }
            } else {
                None
            };
            best = self.evaluate(pos);
            let stands = if q >= q_limit || ply >= MAX_PLY {
                true
            } else if maximising {
                alpha = alpha.max(best);
                best >= beta
            } else {
                beta = beta.min(best);
                best <= alpha
            };
            if stands {
                if let Some(list) = generated {
                    self.lists[ply] = list;
                }
                return best;
            }
            // With more sides, an opponent's captures among the other
            // opponents would multiply the tree by every player's
            // captures; only those of the root side's pieces are followed.
            let (g, mine) = (self.game, self.side(self.root));
            let coalition = self.many_sides && !maximising;
            let followed = move |board: &[u8], m: Move| {
                if coalition {
                    let victim = board[m.to()];
                    victim != EMPTY && g.sides.team_of[g.owner_of(victim)] == mine
                } else {
                    tactical(board, m)
                }
            };
            list = match generated {
                Some(mut list) => {
                    let board = pos.board();
                    list.retain(|&m| followed(board, m));
                    list
                }
                None => {
                    let mut list = std::mem::take(&mut self.lists[ply]);
                    pos.legal_moves_where(&mut list, |p, m| followed(p.board(), m));
                    list
                }
            };
        }
        self.order(pos, &mut list, 0, ply);
        // Two players, not in check: a capture that likely loses material
        // is not followed (the static exchange stand-in of `ordering.rs`),
        // nor one whose victim cannot lift the side to the window
        // (delta pruning), promotions excepted.
        let prune = self.selective && !in_check;
        let own_alpha = if maximising { alpha } else { -beta };
        let own_eval = if maximising { best } else { -best };
        for &mv in list.iter() {
            if prune && mv.promotion().is_none() {
                let (victim, mover) = (pos.board()[mv.to()], self.mover(pos, mv));
                if self.loses_material(pos, mv, victim, mover)
                    || own_eval + self.eval.value(victim) + DELTA_MARGIN < own_alpha
                {
                    continue;
                }
            }
            pos.make(mv);
            let v = self.quiescence(pos, alpha, beta, ply + 1, q + 1);
            pos.unmake(mv);
            if self.aborted {
                self.lists[ply] = list;
                return 0;
            }
            if maximising {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        self.lists[ply] = list;
        best
    }
}

/// A capture, an en-passant capture or a promotion: what quiescence
/// follows.
fn tactical(board: &[u8], m: Move) -> bool {
    board[m.to()] != EMPTY || m.promotion().is_some() || m.kind() == MoveKind::EnPassant
}
