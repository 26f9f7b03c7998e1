//! Best-Reply Search in its improved form, BRS+ (Schadd and Winands 2011;
//! Esser, Gras, Winands, Schadd and Lanctot 2013), for three or more
//! sides: between two moves of the root player's side, only one opponent
//! makes a searched move, the best reply among all the opponents' moves;
//! every other opponent, in turn order, plays the move its ordering puts
//! first (captures, the killers, history) instead of passing, so that every
//! searched position is a legal one. One such layer of opponents' moves
//! costs one unit of depth, as the root side's move does: depth 2 is a
//! move and the best reply to it, whatever the number of players.
//!
//! Against Paranoid search, which lets every opponent search every move,
//! a layer costs the sum of the opponents' branching factors, not their
//! product, so the search sees more of the root side's own moves.
//!
//! A layer is kept in the transposition table like the root side's nodes:
//! its value for the depth left, and the first opponent's reply that gave
//! it, tried first next time. The opponents' moves gain no history and
//! become no killers: their ordering picks the move each plays when
//! another replies, and ordering by past refutations turned those moves
//! into a coalition's, more Paranoid than BRS+ (measured, tried and
//! left: docs/ENGINE.md, "Best-Reply Search's layers in the table").

use super::node::table_cut;
use super::tt::fingerprint;
use super::{Engine, INFINITY};
use crate::position::Position;

impl<'g> Engine<'g> {
    /// The layer of the opponents' moves, from the one to move: `taken`
    /// when an earlier opponent of this layer made the searched reply.
    pub(super) fn reply_layer(
        &mut self,
        pos: &mut Position<'g>,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        taken: bool,
    ) -> i32 {
        if self.maximising(pos) {
            // The layer is over; one without a searched reply repeats a
            // line that had one, and is not counted.
            return if taken {
                self.node(pos, depth - 1, alpha, beta, ply)
            } else {
                INFINITY
            };
        }
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        if let Some(v) = self.quick_end(pos, ply) {
            return v;
        }
        if ply >= super::MAX_PLY {
            return self.evaluate(pos);
        }
        // The table, where no opponent of the layer has replied yet: from
        // there on the layer's value depends on the position alone (past
        // a reply, each later opponent plays its first move).
        let key = pos.hash() ^ self.root_key;
        let mut hint = 0;
        if !taken {
            if let Some(e) = self.table.get(key) {
                if let Some(v) = table_cut(e, depth, alpha, beta, ply) {
                    return v;
                }
                hint = e.best;
            }
        }
        let mut list = match self.legal_list(pos, ply) {
            Ok(list) => list,
            Err(score) => return score,
        };
        self.order(pos, &mut list, 0, ply);
        // The move this opponent plays when another replies is its first
        // by the ordering; the table's move only leads its own replies, so
        // the table changes which replies are searched first, not the
        // move each opponent is taken to play when another replies.
        let first = list[0];
        if let Some(j) = list
            .iter()
            .position(|&m| hint != 0 && fingerprint(m) == hint)
        {
            list[..=j].rotate_right(1);
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut beta = beta;
        let mut best = INFINITY;
        let mut best_move = None;
        // This opponent makes the reply: every move, the rest of the layer
        // playing its first moves. Then (if no earlier opponent did) its
        // first move, the reply left to a later opponent.
        let searched = if taken { 0 } else { list.len() };
        for i in 0..=searched {
            let (mv, after) = if i < searched {
                (list[i], true)
            } else {
                (first, taken)
            };
            pos.make(mv);
            let v = self.reply_layer(pos, depth, alpha, beta, ply + 1, after);
            pos.unmake(mv);
            if self.aborted {
                self.lists[ply] = list;
                return 0;
            }
            if v < best {
                best = v;
                best_move = Some(mv);
            }
            beta = beta.min(v);
            if alpha >= beta {
                break;
            }
        }
        self.lists[ply] = list;
        if !taken {
            self.store(key, best, best_move, (alpha0, beta0), depth, ply);
        }
        best
    }
}
