//! Perft: the number of leaves of the legal-move tree, and per root move.

use crate::position::{Move, Position};

/// The deepest perft the command line and the claims accept: far beyond
/// any count that finishes, and shallow enough for the recursion's stack.
pub const MAX_PERFT_DEPTH: u32 = 30;

impl<'g> Position<'g> {
    /// Leaf count of the legal-move tree; the last ply is counted from the
    /// move list without being played. Move lists are allocated as the
    /// search goes deeper, so a huge depth on a finished position costs
    /// nothing; callers taking a depth from a user bound it by
    /// `MAX_PERFT_DEPTH` (the recursion needs stack per ply).
    pub fn perft(&mut self, depth: u32) -> u64 {
        let mut lists: Vec<Vec<Move>> = Vec::new();
        self.perft_with(depth, 0, &mut lists)
    }

    /// `perft`, given up (`None`) once more than `limit` leaves are counted
    /// (checked after each root move's subtree and each interior node's
    /// moves, so the overshoot is at most one node's last ply).
    pub fn perft_within(&mut self, depth: u32, limit: u64) -> Option<u64> {
        let mut lists: Vec<Vec<Move>> = Vec::new();
        let mut counted = 0;
        self.perft_bounded(depth, 0, &mut lists, &mut counted, limit)?;
        Some(counted)
    }

    fn perft_bounded(
        &mut self,
        depth: u32,
        ply: usize,
        lists: &mut Vec<Vec<Move>>,
        counted: &mut u64,
        limit: u64,
    ) -> Option<()> {
        if depth <= 1 {
            *counted += if depth == 0 { 1 } else { self.count_legal() };
            return (*counted <= limit).then_some(());
        }
        if lists.len() <= ply {
            lists.push(Vec::with_capacity(256));
        }
        let mut list = std::mem::take(&mut lists[ply]);
        self.legal_moves(&mut list);
        let mut result = Some(());
        for &mv in list.iter() {
            self.make(mv);
            result = self.perft_bounded(depth - 1, ply + 1, lists, counted, limit);
            self.unmake(mv);
            if result.is_none() {
                break;
            }
        }
        lists[ply] = list;
        result
    }

    fn perft_with(&mut self, depth: u32, ply: usize, lists: &mut Vec<Vec<Move>>) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.count_legal();
        }
        if lists.len() <= ply {
            lists.push(Vec::with_capacity(256));
        }
        let mut list = std::mem::take(&mut lists[ply]);
        self.legal_moves(&mut list);
        let mut nodes = 0;
        for &mv in list.iter() {
            self.make(mv);
            nodes += self.perft_with(depth - 1, ply + 1, lists);
            self.unmake(mv);
        }
        lists[ply] = list;
        nodes
    }

    /// Perft per root move.
    pub fn divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        let mut list = Vec::new();
        self.legal_moves(&mut list);
        list.iter()
            .map(|&mv| {
                self.make(mv);
                let n = self.perft(depth.saturating_sub(1));
                self.unmake(mv);
                (mv, n)
            })
            .collect()
    }
}

impl Position<'_> {
    /// `divide` with the root moves shared out over `threads` threads, each
    /// taking the next unclaimed root move on its own copy of the position
    /// (so an uneven subtree does not keep the others idle). Same counts,
    /// same order as `divide`.
    pub fn divide_threads(&self, depth: u32, threads: usize) -> Vec<(Move, u64)> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let mut root = self.clone();
        let mut list = Vec::new();
        root.legal_moves(&mut list);
        let counts: Vec<std::sync::atomic::AtomicU64> =
            list.iter().map(|_| Default::default()).collect();
        let next = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for _ in 0..threads.clamp(1, list.len().max(1)) {
                let (list, counts, next) = (&list, &counts, &next);
                let mut pos = self.clone();
                scope.spawn(move || loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&mv) = list.get(i) else { break };
                    pos.make(mv);
                    counts[i].store(pos.perft(depth.saturating_sub(1)), Ordering::Relaxed);
                    pos.unmake(mv);
                });
            }
        });
        list.iter()
            .zip(counts)
            .map(|(&mv, n)| (mv, n.into_inner()))
            .collect()
    }
}
