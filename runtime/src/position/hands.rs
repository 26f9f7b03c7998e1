//! Hands in play: the counts each player holds, drops (a piece from the
//! hand put on an empty cell: `MoveKind::Drop`, its kind in `promotion`
//! as `kind + 1`, `from == to`), captures joining the captor's hand, and
//! the marks of promoted pieces where the game reverts them
//! (`game/hands.rs` holds the loaded rules). Only a game with hands
//! calls in here.

use super::make::Undo;
use super::{Move, MoveKind, MoveSink, Position};
use crate::bitset::CellSet;
use crate::codes::PieceCode;
use crate::game::{Hands, EMPTY, NO_KIND};

/// `Undo::promoted_marks`: the mover stood marked promoted.
const MOVER_PROMOTED: u8 = 1;
/// `Undo::promoted_marks`: the captured piece stood marked promoted.
const VICTIM_PROMOTED: u8 = 2;

impl<'g> Position<'g> {
    /// How many pieces of `kind` `player` holds in hand (0 in a game
    /// without hands).
    pub fn in_hand(&self, player: usize, kind: usize) -> u16 {
        self.hand
            .get(player * self.game.shape.kinds + kind)
            .copied()
            .unwrap_or(0)
    }

    /// Sets the count of one hand (`player * kinds + kind`), hashing it.
    pub(crate) fn set_hand(&mut self, hand: usize, count: u16) {
        let keys = &self.game.keys;
        self.hash ^= keys.hand_key(hand, self.hand[hand]) ^ keys.hand_key(hand, count);
        self.hand[hand] = count;
    }

    /// The hands the game starts with.
    pub(super) fn fill_start_hands(&mut self) {
        if let Some(hands) = &self.game.hands {
            for (i, &n) in hands.start.iter().enumerate() {
                self.set_hand(i, n);
            }
        }
    }

    /// Is the piece on `cell` marked as promoted on the board?
    pub fn is_promoted(&self, cell: usize) -> bool {
        self.promoted.contains(cell)
    }

    /// Marks the piece on `cell` promoted (Fairy-Stockfish's `~`), in a
    /// game that reverts promoted pieces; false where the game does not.
    pub fn mark_promoted(&mut self, cell: usize) -> bool {
        let tracked = self
            .game
            .hands
            .as_ref()
            .is_some_and(|h| h.revert_to.is_some());
        if tracked && self.board[cell] != EMPTY && !self.promoted.contains(cell) {
            self.toggle_promoted(cell);
        }
        tracked
    }

    /// Sets or clears the promoted mark of `cell`, hashing it.
    fn toggle_promoted(&mut self, cell: usize) {
        self.hash ^= self.game.keys.promoted[cell];
        if self.promoted.contains(cell) {
            self.promoted.remove(cell);
        } else {
            self.promoted.insert(cell);
        }
    }

    /// Every drop of the side to move: each kind it holds, on each empty
    /// cell it may be dropped on.
    #[inline(never)]
    pub(super) fn drop_moves<S: MoveSink>(&self, list: &mut S, hands: &Hands) {
        let me = self.to_move;
        let kinds = self.game.shape.kinds;
        let mut occupied = CellSet::EMPTY;
        for set in &self.occupied_by {
            occupied = occupied.union(set);
        }
        for &kind in &hands.droppable[me] {
            let hand = me * kinds + kind as usize;
            if self.hand[hand] == 0 {
                continue;
            }
            let mut targets = hands.drop_cells[hand].minus(&occupied);
            let code = self.game.code(me, kind as usize);
            if let Some(split) = &hands.split {
                targets = self.split_targets(hands, split, kind, targets, &occupied);
            }
            match hands.per_file[kind as usize] {
                0 => {}
                // One per file: a file holding one is closed.
                1 => {
                    for cell in self.occupied_by[me].iter() {
                        if self.board[cell] == code {
                            targets = targets.minus(&hands.files[hands.file_of[cell] as usize]);
                        }
                    }
                }
                at_most => targets = self.below_file_limit(targets, hands, code, at_most),
            }
            for to in targets.iter() {
                // The drop's own cell for `from`: empty, so never pinned.
                list.piece(to, code);
                list.add(self, Move::drop(to, kind));
            }
            let as_kind = hands.drop_as[kind as usize];
            if as_kind != NO_KIND {
                let code = self.game.code(me, as_kind as usize);
                for to in targets.iter() {
                    list.piece(to, code);
                    list.add(
                        self,
                        Move {
                            passed: as_kind + 1,
                            ..Move::drop(to, kind)
                        },
                    );
                }
            }
        }
    }

    /// `drop KIND split A B` (Fairy-Stockfish's dropOppositeColoredBishop):
    /// of `targets` for a drop of `kind`, the cells that keep the side to
    /// move's pieces of the split kind (n of them, on the board and in hand)
    /// evenly split. A piece of that kind may not make more than (n + 1) / 2
    /// of them stand in one region; a piece of another kind may not leave
    /// fewer than n / 2 of them, standing or with a free drop cell, in
    /// either region.
    fn split_targets(
        &self,
        hands: &Hands,
        split: &crate::game::DropSplit,
        kind: u8,
        targets: CellSet,
        occupied: &CellSet,
    ) -> CellSet {
        let me = self.to_move;
        let kinds = self.game.shape.kinds;
        let code = self.game.code(me, split.kind as usize);
        let mut standing = CellSet::EMPTY;
        for cell in self.occupied_by[me].iter() {
            if self.board[cell] == code {
                standing.insert(cell);
            }
        }
        let n = standing.len() + self.hand[me * kinds + split.kind as usize] as usize;
        let (a, b) = (&split.a[me], &split.b[me]);
        if kind == split.kind {
            let room = |region: &CellSet| standing.intersect(region).len() < n.div_ceil(2);
            let mut out = targets;
            if !room(a) {
                out = out.minus(a);
            }
            if !room(b) {
                out = out.minus(b);
            }
            return out;
        }
        let free = hands.drop_cells[me * kinds + split.kind as usize].minus(occupied);
        let reach = |region: &CellSet| standing.union(&free).intersect(region).len();
        let (in_a, in_b) = (reach(a), reach(b));
        if in_a < n / 2 || in_b < n / 2 {
            return CellSet::EMPTY;
        }
        let mut out = targets;
        // Taking one free cell of a region where none is to spare.
        if in_a == n / 2 {
            out = out.minus(&free.intersect(a).minus(&standing));
        }
        if in_b == n / 2 {
            out = out.minus(&free.intersect(b).minus(&standing));
        }
        out
    }

    /// `targets` without the files that hold `at_most` pieces of `code`.
    fn below_file_limit(
        &self,
        targets: CellSet,
        hands: &Hands,
        code: PieceCode,
        at_most: u8,
    ) -> CellSet {
        let mut mine = CellSet::EMPTY;
        for cell in self.occupied_by[self.to_move].iter() {
            if self.board[cell] == code {
                mine.insert(cell);
            }
        }
        let mut targets = targets;
        for file in &hands.files {
            if mine.intersect(file).len() >= at_most as usize {
                targets = targets.minus(file);
            }
        }
        targets
    }

    /// `drop KINDS first`: while the side to move holds a piece of such a
    /// kind (`must_drop`, per kind), drops of other kinds are illegal, and
    /// if a drop of such a kind is legal, so is nothing else (as
    /// Fairy-Stockfish's mustDrop rules).
    pub(super) fn keep_must_drops(&self, list: &mut Vec<Move>, must_drop: &[bool]) {
        let kinds = self.game.shape.kinds;
        let me = self.to_move;
        let holds = (0..kinds).any(|k| must_drop[k] && self.hand[me * kinds + k] > 0);
        if !holds {
            return;
        }
        let forced = |mv: &Move| mv.dropped().is_some_and(|k| must_drop[k]);
        if list.iter().any(forced) {
            list.retain(forced);
        } else {
            list.retain(|mv| mv.kind != MoveKind::Drop);
        }
    }

    /// Was the move that led here a drop of a `no-mate` kind? (A
    /// checkmate it gives is lost by the player who dropped.)
    pub(crate) fn last_move_was_no_mate_drop(&self) -> bool {
        let Some(hands) = &self.game.hands else {
            return false;
        };
        self.undo.last().is_some_and(|u| {
            u.dropped && hands.no_mate[self.game.shape.kind_of[u.moved as usize] as usize]
        })
    }

    /// Plays a drop: the piece leaves the hand for its cell. Returns the
    /// code placed.
    pub(super) fn make_drop(&mut self, mv: Move) -> crate::game::PieceCode {
        let me = self.to_move;
        let kind = mv.promotion as usize - 1;
        let hand = me * self.game.shape.kinds + kind;
        self.set_hand(hand, self.hand[hand] - 1);
        // `passed`: the kind dropped as, + 1, where it is not the held one
        // (`drop KINDS promoted`).
        let placed = match mv.passed {
            0 => kind,
            as_kind => as_kind as usize - 1,
        };
        let code = self.game.code(me, placed);
        self.put(mv.to as usize, code);
        code
    }

    /// Takes a drop back (the hash is restored wholesale).
    pub(super) fn unmake_drop(&mut self, mv: Move, mover: usize) {
        self.lift(mv.to as usize);
        self.hand[mover * self.game.shape.kinds + mv.promotion as usize - 1] += 1;
    }

    /// What a move changes in a game with hands, after the move itself and
    /// the castling rights it took: captures join the hand, a gated piece
    /// enters, a drop may complete a castling's pair (`by-drop`).
    pub(super) fn after_move_with_hands(
        &mut self,
        hands: &Hands,
        mv: Move,
        me: usize,
        undo: &mut Undo,
    ) {
        self.after_capture_to_hand(hands, mv, me, undo);
        if hands.gating.is_some() {
            self.make_gate(mv, me);
        }
        if mv.kind == MoveKind::Drop {
            if let Some(castling) = &self.game.castling {
                if castling.by_drop {
                    self.grant_rights_by_drop(castling, mv.to as usize);
                }
            }
        }
    }

    /// After a move by `me` from `from` to `to` (its capture, if any, in
    /// `undo`): the captured piece joins `me`'s hand, and promoted marks
    /// follow the mover. Records what it did in `undo`.
    fn after_capture_to_hand(&mut self, hands: &Hands, mv: Move, me: usize, undo: &mut Undo) {
        let (from, to) = (mv.from as usize, mv.to as usize);
        let mut victim_promoted = false;
        if hands.revert_to.is_some() {
            let mut marks = 0;
            if self.promoted.contains(from) {
                marks |= MOVER_PROMOTED;
                self.toggle_promoted(from);
            }
            if undo.captured != EMPTY && self.promoted.contains(undo.captured_cell as usize) {
                marks |= VICTIM_PROMOTED;
                victim_promoted = true;
                self.toggle_promoted(undo.captured_cell as usize);
            }
            // A castling moves two pieces: neither is a promoted one the
            // mark could follow, so only other moves carry it.
            if !matches!(mv.kind, MoveKind::Castle | MoveKind::Drop)
                && (marks & MOVER_PROMOTED != 0 || mv.promotion != 0)
                && self.board[to] != EMPTY
                && !self.promoted.contains(to)
            {
                self.toggle_promoted(to);
            }
            undo.promoted_marks = marks;
        }
        if undo.captured != EMPTY {
            let kind = hands.gained(undo.captured, victim_promoted);
            if kind != NO_KIND {
                let hand = me * self.game.shape.kinds + kind as usize;
                self.set_hand(hand, self.hand[hand] + 1);
                undo.hand_gain = hand as u16 + 1;
            }
        }
    }

    /// Takes back `after_capture_to_hand` (the hash is restored wholesale).
    pub(super) fn undo_capture_to_hand(&mut self, hands: &Hands, mv: Move, undo: &Undo) {
        if undo.hand_gain != 0 {
            self.hand[undo.hand_gain as usize - 1] -= 1;
        }
        if hands.revert_to.is_some() {
            self.promoted.remove(mv.to as usize);
            if undo.promoted_marks & MOVER_PROMOTED != 0 {
                self.promoted.insert(mv.from as usize);
            }
            if undo.promoted_marks & VICTIM_PROMOTED != 0 {
                self.promoted.insert(undo.captured_cell as usize);
            }
        }
    }
}
