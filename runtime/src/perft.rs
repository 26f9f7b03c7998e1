//! Perft: the number of leaves of the legal-move tree, and per root move.

use crate::position::{Move, Position};

impl<'g> Position<'g> {
    /// Leaf count of the legal-move tree; the last ply is counted from the
    /// move list without being played.
    pub fn perft(&mut self, depth: u32) -> u64 {
        let mut lists: Vec<Vec<Move>> =
            (0..depth.max(1)).map(|_| Vec::with_capacity(256)).collect();
        self.perft_with(depth, &mut lists)
    }

    fn perft_with(&mut self, depth: u32, lists: &mut [Vec<Move>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.count_legal();
        }
        let (list, rest) = lists.split_first_mut().unwrap();
        self.legal_moves(list);
        let mut nodes = 0;
        for &mv in list.iter() {
            self.make(mv);
            nodes += self.perft_with(depth - 1, rest);
            self.unmake(mv);
        }
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
