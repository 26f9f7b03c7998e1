//! A node of the main search: the transposition table, the rules' quick
//! ends, then principal variation search over the ordered moves (a null
//! window after the first, a re-search when a move beats it), with check
//! extensions and the selective search of `selective.rs` (node pruning,
//! futility, late-move pruning and reductions).

use super::tt::{fingerprint, Bound, Entry};
use super::{Engine, INFINITY, MATE_BOUND, MAX_PLY};
use crate::game::EMPTY;
use crate::position::{Move, MoveKind, Position};

impl<'g> Engine<'g> {
    pub(super) fn node(
        &mut self,
        pos: &mut Position<'g>,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiescence(pos, alpha, beta, ply, 0);
        }
        // Best-Reply Search takes the opponents' turns as one layer.
        if self.best_reply && !self.maximising(pos) {
            return self.reply_layer(pos, depth, alpha, beta, ply, false);
        }
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        if ply > 0 {
            if let Some(v) = self.quick_end(pos, ply) {
                return v;
            }
        }
        let key = pos.hash() ^ self.root_key;
        let hit = self.table.get(key);
        if let Some(e) = hit.filter(|_| ply > 0) {
            if let Some(v) = table_cut(e, depth, alpha, beta, ply) {
                return v;
            }
        }
        let maximising = self.maximising(pos);
        let pv_node = beta - alpha > 1;
        // Internal iterative reduction (`selective.rs`).
        let depth = if self.selective && depth >= 4 && hit.is_none() {
            depth - 1
        } else {
            depth
        };
        let in_check = pos.in_check();
        // The side to move's own view of the evaluation, where the
        // selective search may use it.
        let mut standing = None;
        if self.selective && ply > 0 && !pv_node && !in_check && alpha.abs() < MATE_BOUND {
            let eval = self.evaluate(pos);
            if let Some(v) = self.prune_node(pos, depth, alpha, beta, ply, eval) {
                return v;
            }
            standing = Some(if maximising { eval } else { -eval });
        }
        let mut list = match self.legal_list(pos, ply) {
            Ok(list) => list,
            Err(score) => return score,
        };
        self.order(pos, &mut list, hit.map_or(0, |e| e.best), ply);
        // The side to move's window, as if it maximised.
        let own_alpha = if maximising { alpha } else { -beta };
        let (alpha0, beta0) = (alpha, beta);
        let (mut alpha, mut beta) = (alpha, beta);
        let mut best = if maximising { -INFINITY } else { INFINITY };
        let mut best_move = None;
        for (i, &mv) in list.iter().enumerate() {
            let quiet = pos.board()[mv.to()] == EMPTY
                && mv.promotion().is_none()
                && mv.kind() != MoveKind::EnPassant;
            let mover = self.mover(pos, mv);
            let killer = self.killers[ply].contains(&Some(mv));
            pos.make(mv);
            let gives_check = pos.in_check();
            // A move nearer promotion is neither pruned nor reduced (a
            // pawn's race).
            let advancing = self.eval.advances(mover, mv.from(), mv.to());
            let plain = quiet && !gives_check && !killer && !advancing;
            if i > 0 && plain && self.futile(standing, own_alpha, depth, i, list.len()) {
                pos.unmake(mv);
                continue;
            }
            // Checks are extended, within twice the nominal depth.
            let extend = (gives_check && (ply as i32) < 2 * depth + 8) as i32;
            let d = depth - 1 + extend;
            let reduction = if plain && !in_check && ply > 0 {
                let history = self.history[self.history_index(mv, mover)];
                self.reduction(depth, i, pv_node, history)
            } else {
                0
            };
            let v = self.child(pos, d, reduction, i == 0, alpha, beta, ply, maximising);
            pos.unmake(mv);
            if self.aborted {
                self.lists[ply] = list;
                return 0;
            }
            let better = if maximising { v > best } else { v < best };
            if better {
                best = v;
                best_move = Some(mv);
                // A root move counts as the iteration's best only by a
                // value inside or above the window: below it (an
                // aspiration window failing low) values are bounds, and
                // the highest bound is no better move.
                if ply == 0 && v > alpha0 {
                    self.iteration_best = Some(mv);
                }
            }
            if maximising {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                if quiet {
                    self.note_cut(mv, mover, depth, ply);
                }
                break;
            }
        }
        self.lists[ply] = list;
        self.store(key, best, best_move, (alpha0, beta0), depth, ply);
        best
    }

    /// The value of the position after a move, searched `depth` plies
    /// deeper: the first move with the whole window, a later one with a
    /// null window (first `reduction` plies shallower), searched again,
    /// deeper and then wider, when it beats the window.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        pos: &mut Position<'g>,
        depth: i32,
        reduction: i32,
        first: bool,
        alpha: i32,
        beta: i32,
        ply: usize,
        maximising: bool,
    ) -> i32 {
        if first {
            return self.node(pos, depth, alpha, beta, ply + 1);
        }
        let (lo, hi) = if maximising {
            (alpha, alpha + 1)
        } else {
            (beta - 1, beta)
        };
        let beats = |v: i32| if maximising { v > alpha } else { v < beta };
        let mut v = self.node(pos, depth - reduction, lo, hi, ply + 1);
        if reduction > 0 && beats(v) && !self.aborted {
            v = self.node(pos, depth, lo, hi, ply + 1);
        }
        if beats(v) && v > alpha && v < beta && !self.aborted {
            v = self.node(pos, depth, alpha, beta, ply + 1);
        }
        v
    }
}

impl Engine<'_> {
    /// Keeps a node's value in the table, its bound read off the window
    /// `(alpha, beta)` it was searched with.
    pub(super) fn store(
        &self,
        key: u64,
        best: i32,
        best_move: Option<Move>,
        (alpha, beta): (i32, i32),
        depth: i32,
        ply: usize,
    ) {
        let bound = if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.put(Entry {
            key,
            best: best_move.map_or(0, fingerprint),
            score: to_table(best, ply),
            depth: depth as i16,
            bound,
        });
    }
}

/// The value a table entry decides at a node searched `depth` plies deep
/// with the window `(alpha, beta)`, if it was searched as deep or deeper
/// and its bound settles the window.
pub(super) fn table_cut(e: Entry, depth: i32, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
    if (e.depth as i32) < depth {
        return None;
    }
    let v = from_table(e.score, ply);
    match e.bound {
        Bound::Exact => Some(v),
        Bound::Lower if v >= beta => Some(v),
        Bound::Upper if v <= alpha => Some(v),
        _ => None,
    }
}

/// Mate scores are kept in the table relative to the node, not the root.
fn to_table(v: i32, ply: usize) -> i32 {
    if v > MATE_BOUND {
        v + ply as i32
    } else if v < -MATE_BOUND {
        v - ply as i32
    } else {
        v
    }
}

fn from_table(v: i32, ply: usize) -> i32 {
    if v > MATE_BOUND {
        v - ply as i32
    } else if v < -MATE_BOUND {
        v + ply as i32
    } else {
        v
    }
}
