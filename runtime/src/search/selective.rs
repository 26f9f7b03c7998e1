//! The selective search: what the main search may skip or search
//! shallower without changing its answer, most of the time.
//! Each is general (it reads the evaluation, the move list's order and
//! the rules' check test, never a kind of piece):
//!
//! - **reverse futility**: near the horizon, a side to move whose static
//!   evaluation beats the window by a margin per ply is taken to hold it;
//! - **null-move pruning**: a side that, passing its turn, still beats the
//!   window after a search `R` plies shallower is cut; not in check, not
//!   twice in a row, not where zugzwang is likely (few pieces, or rules
//!   that force captures, where passing is far from a real move; two
//!   players only: with more a pass hands the move to the next player,
//!   a partner or one opponent of several, not to "the" opponent);
//! - **futility and late-move pruning**: near the horizon, quiet moves of
//!   a side far below the window, and quiet moves late in the order, are
//!   skipped ("late" by rank, and where a side has many moves by the
//!   share of them: a quarter per ply of depth left);
//! - **late-move reductions**: quiet moves late in the order are searched
//!   shallower first, by a reduction growing with the depth and the
//!   move's rank, and again at full depth when they beat the window;
//! - **internal iterative reduction**: a node of depth 4 or more that
//!   the table knows nothing of (no move to try first) is searched a ply
//!   shallower, its ordering being a guess;
//! - **aspiration windows**: each iteration's root search starts with a
//!   narrow window around the last score, widened when it fails.
//!
//! Not razoring (quiescence instead of a shallow search for a side far
//! below the window): quiescence follows no quiet check, and razoring
//! made a quiet sacrifice before a mate (Win at Chess 1) invisible.
//! Nor are root moves, or moves nearer a promotion, reduced (a pawn race
//! of the engine tests was lost to that).
//!
//! With more than two players the search is one of the root side against
//! a coalition (Paranoid, or BRS+ whose opponents' layers are
//! `best_reply.rs`'s): its nodes are a two-sided tree's, so the rest
//! applies as it stands, the coalition's nodes seeing the evaluation
//! negated.
//! `docs/ENGINE.md` records each one's measured gain.

use super::ordering::HISTORY_MAX;
use super::{Engine, INFINITY, MATE_BOUND};
use crate::position::Position;

/// Centipawns per ply a side to move must beat the window by for reverse
/// futility.
const REVERSE_FUTILITY_MARGIN: i32 = 90;
const REVERSE_FUTILITY_DEPTH: i32 = 4;
/// Null-move pruning from this depth, with this base reduction.
const NULL_MOVE_DEPTH: i32 = 3;
const NULL_MOVE_REDUCTION: i32 = 3;
/// Futility: a quiet move is skipped when the side stands this far below
/// the window (per ply of depth left, plus the base).
const FUTILITY_BASE: i32 = 100;
const FUTILITY_MARGIN: i32 = 150;
const FUTILITY_DEPTH: i32 = 2;
/// Late-move pruning up to this depth.
const LATE_MOVE_DEPTH: i32 = 3;
/// The first aspiration window's half-width, in centipawns.
const ASPIRATION: i32 = 35;

impl<'g> Engine<'g> {
    /// Reverse futility and null-move pruning at a non-PV node
    /// not in check: the node's value if it is cut. `eval` is the static
    /// evaluation (the root player's).
    pub(super) fn prune_node(
        &mut self,
        pos: &mut Position<'g>,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        eval: i32,
    ) -> Option<i32> {
        let maximising = self.maximising(pos);
        let own = if maximising { eval } else { -eval };
        let own_beta = if maximising { beta } else { -alpha };
        if depth <= REVERSE_FUTILITY_DEPTH
            && own - REVERSE_FUTILITY_MARGIN * depth >= own_beta
            && own_beta.abs() < MATE_BOUND
        {
            return Some(eval);
        }
        if depth >= NULL_MOVE_DEPTH
            && own >= own_beta
            && !self.after_null[ply]
            && own_beta.abs() < MATE_BOUND
            && self.null_move_safe(pos)
        {
            let r = NULL_MOVE_REDUCTION + depth / 6;
            pos.make_null();
            self.after_null[ply + 1] = true;
            let v = if maximising {
                self.node(pos, depth - 1 - r, beta - 1, beta, ply + 1)
            } else {
                self.node(pos, depth - 1 - r, alpha, alpha + 1, ply + 1)
            };
            self.after_null[ply + 1] = false;
            pos.unmake_null();
            if self.aborted {
                return Some(0);
            }
            let own_v = if maximising { v } else { -v };
            if own_v >= own_beta {
                // Not a proven mate: the pass proved it only for a pass.
                return Some(if maximising { beta } else { alpha });
            }
        }
        None
    }

    /// Whether a null move approximates a real one here: the side to move
    /// has at least three pieces besides its royal ones, one of them worth
    /// 2.5 pawns or more (zugzwang lives in endings of kings and pawns),
    /// and the rules do not force captures.
    fn null_move_safe(&self, pos: &Position) -> bool {
        // With more players a pass hands the move to the next player, a
        // partner or one opponent of several, not to "the" opponent.
        if self.game.obligations.capture_forced || self.game.players() != 2 {
            return false;
        }
        let me = pos.to_move();
        let pieces = pos.pieces_of(me).minus(&pos.royal_group_of(me));
        let strong = pieces
            .iter()
            .any(|cell| self.eval.value(pos.board()[cell]) >= 250);
        pieces.len() >= 3 && strong
    }

    /// Futility and late-move pruning of a quiet move ranked `index` of
    /// `moves`, that gives no check, in a non-PV node not in check
    /// (`standing`: the side to move's static evaluation, `None`
    /// elsewhere). A move is late after `5 + 2 depth^2` moves, or after a
    /// quarter of the moves per ply of depth where that is more: a fixed
    /// rank cut a larger share of the moves where a side has many (on a
    /// 10x10 board) than where it has few (measured: docs/ENGINE.md,
    /// "Late-move pruning").
    pub(super) fn futile(
        &self,
        standing: Option<i32>,
        own_alpha: i32,
        depth: i32,
        index: usize,
        moves: usize,
    ) -> bool {
        let Some(own) = standing else {
            return false;
        };
        if depth <= FUTILITY_DEPTH && own + FUTILITY_BASE + FUTILITY_MARGIN * depth <= own_alpha {
            return true;
        }
        depth <= LATE_MOVE_DEPTH
            && index as i32 >= (5 + 2 * depth * depth).max(moves as i32 * depth / 4)
    }

    /// The late-move reduction of a quiet move ranked `index` (not a
    /// killer, giving no check, the side not in check): about
    /// ln(depth) ln(rank) / 2, one more outside the principal variation,
    /// up to two fewer for a move whose history is good (more for bad).
    pub(super) fn reduction(&self, depth: i32, index: usize, pv_node: bool, history: i32) -> i32 {
        if !self.selective || depth < 3 || index < 2 + pv_node as usize {
            return 0;
        }
        let r = ((depth as f32).ln() * ((index + 1) as f32).ln() / 2.0) as i32 + !pv_node as i32
            - history * 2 / HISTORY_MAX;
        // The reduced search keeps at least one ply.
        r.clamp(0, depth - 2)
    }

    /// The root search of one iteration: with two players and a previous
    /// score, first within a window around it, widened on failure.
    pub(super) fn aspiration(
        &mut self,
        pos: &mut Position<'g>,
        depth: i32,
        previous: Option<i32>,
    ) -> i32 {
        let Some(previous) =
            previous.filter(|p| self.selective && depth >= 5 && p.abs() < MATE_BOUND)
        else {
            return self.node(pos, depth, -INFINITY, INFINITY, 0);
        };
        let mut delta = ASPIRATION;
        let (mut alpha, mut beta) = (previous - delta, previous + delta);
        loop {
            let v = self.node(pos, depth, alpha, beta, 0);
            if self.aborted {
                return v;
            }
            if v <= alpha {
                alpha = (v - delta).max(-INFINITY);
            } else if v >= beta {
                beta = (v + delta).min(INFINITY);
            } else {
                return v;
            }
            delta *= 2;
            if delta > 1000 {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
        }
    }
}
