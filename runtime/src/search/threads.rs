//! Several threads on one search (Lazy SMP): helper engines search the
//! same position beside the main one, sharing its transposition table
//! (`tt.rs`, lockless), each with its own killers, history and move lists.
//! What one thread stores, the others read: they spread over the tree by
//! the table's moves and by odd helpers iterating a ply deeper. The main
//! thread alone reports and decides; when it stops, the helpers stop.

use super::{Engine, Info, Limits, Outcome};
use crate::position::Position;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The most threads one search may use.
pub const MAX_THREADS: usize = 256;

impl<'g> Engine<'g> {
    /// Searches with `threads` threads (1 to `MAX_THREADS`) from now on.
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.clamp(1, MAX_THREADS) - 1;
        self.helpers.truncate(helpers);
        while self.helpers.len() < helpers {
            let mut h = Engine::sharing(self.game, Arc::clone(&self.table));
            h.best_reply = self.best_reply;
            h.selective = self.selective;
            h.depth_skew = (self.helpers.len() as u32 + 1) % 2;
            self.helpers.push(h);
        }
        self.helper_nodes = self
            .helpers
            .iter()
            .map(|h| Arc::clone(&h.published))
            .collect();
    }

    /// The threads a search uses.
    pub fn threads(&self) -> usize {
        self.helper_nodes.len() + 1
    }

    /// Nodes searched by every thread so far in this search.
    pub(super) fn all_nodes(&self) -> u64 {
        let helpers: u64 = self
            .helper_nodes
            .iter()
            .map(|n| n.load(Ordering::Relaxed))
            .sum();
        self.nodes + helpers
    }

    /// `search` with helper threads: they run until the main thread's
    /// search ends (they have its depth limit, not its time or nodes).
    pub(super) fn search_with_helpers(
        &mut self,
        pos: &mut Position<'g>,
        limits: Limits,
        on_info: impl FnMut(&Info),
    ) -> Outcome {
        let halt = Arc::new(AtomicBool::new(false));
        let helper_limits = Limits {
            depth: limits.depth,
            stop: Some(Arc::clone(&halt)),
            ..Limits::default()
        };
        let mut helpers = std::mem::take(&mut self.helpers);
        let mut outcome = std::thread::scope(|scope| {
            for h in helpers.iter_mut() {
                let mut p = pos.clone();
                let l = helper_limits.clone();
                scope.spawn(move || h.iterate(&mut p, l, |_| {}));
            }
            let outcome = self.iterate(pos, limits, on_info);
            halt.store(true, Ordering::Relaxed);
            outcome
        });
        self.helpers = helpers;
        outcome.nodes = self.nodes + self.helpers.iter().map(|h| h.nodes).sum::<u64>();
        outcome
    }
}
