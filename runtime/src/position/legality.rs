//! Legality: the one judge of whether a pseudo-legal move leaves a royal
//! piece of the mover attacked, used both by the counter (perft's last ply)
//! and by the list of legal moves.

use super::attacks::Foes;
use super::{Move, MoveKind, MoveSink, Position};
use crate::bitset::CellSet;
use crate::codes::CodeSet;
use crate::game::PieceCode;

/// Counts legal moves as they are generated; moves that need to be played
/// to be judged are kept for later (up to 64; more falls back to a list).
/// `FIRST_ONLY`: stop judging once one legal move is found
/// (`has_legal_move`); a constant, so that perft's counter pays no test
/// for it per move.
struct LegalCounter<'g, const FIRST_ONLY: bool> {
    count: u64,
    in_check: bool,
    pinned: CellSet,
    enemies: Foes<'g>,
    /// The current piece's plain moves are all legal (no check, not pinned,
    /// not royal).
    piece_free: bool,
    /// Bit per piece code whose plain moves are legal unless it is pinned
    /// (none while in check).
    free_codes: CodeSet,
    deferred: Vec<Move>,
    landing: LandingMap,
}

/// The cells the enemy attacks once one piece has left its cell (`from`):
/// built when the first of that piece's must-land-unattacked moves is
/// judged, then read for the rest of them (one walk of the enemy's moves
/// instead of a reverse-attack walk per move).
struct LandingMap {
    from: usize,
    attacked: CellSet,
}

impl LandingMap {
    const NONE: LandingMap = LandingMap {
        from: usize::MAX,
        attacked: CellSet::EMPTY,
    };
}

impl<const FIRST_ONLY: bool> MoveSink for LegalCounter<'_, FIRST_ONLY> {
    #[inline(always)]
    fn piece(&mut self, from: usize, code: PieceCode) {
        // Royal pieces and pieces that must land unattacked are judged move
        // by move (`free_codes` leaves them out, and everything when in check).
        self.piece_free = self.free_codes.contains(code) && !self.pinned.contains(from);
    }

    #[inline(always)]
    fn add(&mut self, pos: &Position, mv: Move) {
        if FIRST_ONLY && self.count > 0 {
            return;
        }
        match mv.kind {
            MoveKind::Normal | MoveKind::Passing | MoveKind::Drop if self.piece_free => {
                self.count += 1
            }
            _ => self.judge(pos, mv),
        }
    }
}

impl<const FIRST_ONLY: bool> LegalCounter<'_, FIRST_ONLY> {
    /// A move that is not plainly legal, judged. Out of line: the
    /// generator inlines `add` wherever it makes a move, and most moves
    /// end at the count above (inlined, this made every move dearer).
    #[inline(never)]
    fn judge(&mut self, pos: &Position, mv: Move) {
        if mv.kind.judged_by_playing() || pos.judged_in_group(mv) {
            self.deferred.push(mv);
        } else {
            self.count += pos.simple_move_is_legal(
                mv,
                self.in_check,
                &self.pinned,
                self.enemies,
                &mut self.landing,
            ) as u64
        }
    }
}

impl<'g> Position<'g> {
    /// Would the moved piece stand attacked on its target cell after `mv`?
    #[inline]
    fn lands_attacked(&self, mv: Move, enemies: Foes) -> bool {
        let to = mv.to as usize;
        let removed = if mv.kind == MoveKind::EnPassant {
            mv.aux as usize
        } else {
            to
        };
        self.attacked_after(to, enemies, mv.from as usize, to, removed)
    }

    /// Does `mv` (pseudo-legal, a plain move, passing or en passant) leave a
    /// royal piece of the mover attacked?
    #[inline]
    pub(super) fn exposes_royal(&self, mv: Move, enemies: Foes) -> bool {
        let from = mv.from as usize;
        let to = mv.to as usize;
        let removed = if mv.kind == MoveKind::EnPassant {
            mv.aux as usize
        } else {
            to
        };
        self.royals_of[self.to_move].iter().any(|royal| {
            let at = if royal == from { to } else { royal };
            self.attacked_after(at, enemies, from, to, removed)
                || self.facing_bars(at, self.at(royal), enemies, (from, to, removed))
        }) || (self.makes_royal(mv) && self.attacked_after(to, enemies, from, to, removed))
    }

    /// Plays `mv` to judge it: no royal piece of `me` may then stand
    /// attacked. With `royal-while-last` kinds, a player in check must also
    /// answer it: a move that ends the check only by making a second such
    /// piece (so that neither is royal) is not one (Fairy-Stockfish
    /// generates only evasions in check), so the royal piece, where it
    /// stands after the move, must not be attacked.
    pub(super) fn legal_by_playing(&mut self, mv: Move, me: usize) -> bool {
        // A gating move is legal where the move without its gated piece is
        // (the piece entering shields nothing: `gating.rs`).
        let mv = super::gating::without_gate(mv);
        let answering =
            (self.game.shape.royal_while_last.is_some() && self.in_check()).then(|| {
                let mut royals = self.royals_of[me];
                if royals.contains(mv.from as usize) {
                    royals.remove(mv.from as usize);
                    royals.insert(mv.to as usize);
                }
                royals
            });
        // A facing that must be broken may not stand after the move.
        let facing = self.game.passes && self.must_break_facing(me);
        self.make(mv);
        let mut ok = !(self.royal_attacked(me) || (facing && self.must_break_facing(me)));
        if let (true, Some(royals)) = (ok, answering) {
            let foes = self.foes_of(me);
            ok = !royals.iter().any(|c| self.attacked_by(c, foes));
        }
        self.unmake(mv);
        ok
    }

    /// In a game with `royal-while-last` kinds, a move of a piece that is
    /// or may become one of them changes which pieces are royal: it is
    /// judged by playing it.
    /// So is a drop or promotion in a game whose hoppers may not jump some
    /// kinds: the reverse hop walk knows a moving piece's kind as it was.
    #[inline]
    pub(super) fn judged_in_group(&self, mv: Move) -> bool {
        (self.game.shape.royal_while_last.is_some()
            && self
                .game
                .moves
                .royal_makers
                .contains(self.at(mv.from as usize)))
            || (mv.promotion != 0
                && self
                    .game
                    .hops
                    .as_ref()
                    .is_some_and(|h| h.screen_bars.is_some()))
    }

    /// Does `mv` turn its piece into a royal kind (a promotion where the
    /// game's setups have several royal pieces)?
    #[inline]
    fn makes_royal(&self, mv: Move) -> bool {
        mv.promotion != 0
            && self.game.shape.royal_code
                [self.game.code(self.to_move, mv.promotion as usize - 1) as usize]
    }

    /// Is this pseudo-legal move (not a castling, swap or arrival) legal,
    /// given the node's checks and pins?
    #[inline(always)]
    fn simple_move_is_legal(
        &self,
        mv: Move,
        in_check: bool,
        pinned: &CellSet,
        enemies: Foes,
        landing: &mut LandingMap,
    ) -> bool {
        if mv.unattacked {
            let attacked = if mv.kind == MoveKind::EnPassant {
                self.lands_attacked(mv, enemies)
            } else {
                if landing.from != mv.from as usize {
                    landing.attacked = self.attack_map(enemies.codes, mv.from as usize);
                    landing.from = mv.from as usize;
                }
                landing.attacked.contains(mv.to as usize)
            };
            if attacked {
                return false;
            }
        }
        match mv.kind {
            MoveKind::EnPassant => !self.exposes_royal(mv, enemies),
            _ => {
                // One table for "royal, or may become royal" keeps this
                // test (inlined at every move the generator makes) small.
                if in_check
                    || pinned.contains(mv.from as usize)
                    || self
                        .game
                        .moves
                        .royal_makers
                        .contains(self.at(mv.from as usize))
                {
                    !self.exposes_royal(mv, enemies)
                } else {
                    true
                }
            }
        }
    }

    /// `checks_and_pins`, or in a game whose moves are all judged
    /// (`Game::judge_every_move`: hoppers, facing royal pieces) "in check",
    /// so that no move counts as plainly legal.
    #[inline]
    fn checks_and_pins_judged(&self, enemies: Foes) -> (bool, CellSet) {
        if self.game.judge_every_move {
            (true, CellSet::EMPTY)
        } else {
            self.checks_and_pins(enemies)
        }
    }

    /// The number of legal moves, without building the list (perft's last
    /// ply); a forced `pass` or `out` counts as one.
    pub fn count_legal(&mut self) -> u64 {
        match self.count_legal_moves::<false>() {
            0 => self.forced_turn().is_some() as u64,
            n => n,
        }
    }

    /// Has the side to move a legal move (a forced `pass` or `out`
    /// included)? Like `count_legal`, but it stops judging moves once one
    /// is legal.
    pub fn has_legal_move(&mut self) -> bool {
        self.count_legal_moves::<true>() > 0 || self.forced_turn().is_some()
    }

    /// With no legal move on the board, the move the end rules force: in a
    /// game where players go out, with more than two in play, `Pass` (the
    /// first time, `after-round`) or `Out`. Called only when no piece can move.
    pub(crate) fn forced_turn(&self) -> Option<MoveKind> {
        let g = self.game;
        if !g.sides.eliminates || self.players_in_play() <= 2 || self.won_by_arrival().is_some() {
            return None;
        }
        let end = &g.ir.end;
        let outcome = if self.in_check() {
            end.checkmate
        } else {
            end.stalemate
        };
        if outcome != crate::ir::Outcome::Out {
            return None;
        }
        Some(if end.out_after_round && !self.has_passed(self.to_move) {
            MoveKind::Pass
        } else {
            MoveKind::Out
        })
    }

    /// The forced move as a `Move`: on the cell of the mover's royal piece
    /// (the first, if several), nothing moving.
    fn forced_move(&self, kind: MoveKind) -> Move {
        let at = self.royals_of[self.to_move].iter().next().unwrap_or(0);
        Move {
            kind,
            ..Move::normal(at, at)
        }
    }

    /// The number of legal moves on the board, no forced move counted.
    pub(crate) fn count_legal_moves<const FIRST_ONLY: bool>(&mut self) -> u64 {
        if self.game.rule_ends.is_some() && self.decided_by_rule().is_some() {
            return 0;
        }
        // Passes may end the game at once (Fairy-Stockfish's immediate
        // ends: no move is legal then).
        if self.game.passes && self.ended_by_passing().is_some() {
            return 0;
        }
        if self.game.wall.is_some() {
            let mut list = Vec::new();
            self.legal_moves(&mut list);
            return list.len() as u64;
        }
        if self.game.passes && self.pass_is_legal() {
            return 1 + if FIRST_ONLY {
                0
            } else {
                self.count_board_moves::<false>()
            };
        }
        self.count_board_moves::<FIRST_ONLY>()
    }

    /// `count_legal_moves` without a pass.
    fn count_board_moves<const FIRST_ONLY: bool>(&mut self) -> u64 {
        // Also where blasts can reach royal pieces (`Game::load`): every
        // move is then played to be judged (`explosion.rs`).
        if self.game.obligations.any {
            return self.count_with_obligations();
        }
        let me = self.to_move;
        let enemies = self.foes_of(me);
        let (in_check, pinned) = self.checks_and_pins_judged(enemies);
        let mut deferred = std::mem::take(&mut self.scratch);
        deferred.clear();
        let mut counter = LegalCounter::<FIRST_ONLY> {
            count: 0,
            in_check,
            pinned,
            enemies,
            piece_free: false,
            free_codes: if in_check {
                CodeSet::EMPTY
            } else {
                self.game.moves.free_codes
            },
            deferred,
            landing: LandingMap::NONE,
        };
        self.generate(&mut counter);
        // Moves that change more than one cell are played to be judged.
        for &mv in &counter.deferred {
            if FIRST_ONLY && counter.count > 0 {
                break;
            }
            counter.count += self.legal_by_playing(mv, me) as u64;
        }
        self.scratch = counter.deferred;
        counter.count
    }

    /// The strictly legal moves: no move leaves a royal piece of the mover
    /// attacked, and the game's obligations hold (a capture where one is
    /// forced, no check where checks are forbidden); none in a position an
    /// end rule decided.
    pub fn legal_moves(&mut self, list: &mut Vec<Move>) {
        list.clear();
        if self.game.rule_ends.is_some() && self.decided_by_rule().is_some() {
            return;
        }
        if self.game.passes && self.ended_by_passing().is_some() {
            return;
        }
        self.moves_by_the_rules(list);
        if self.game.passes && self.pass_is_legal() {
            list.push(self.pass_move());
        }
        if self.game.wall.is_some() {
            self.add_walls(list);
        }
        if list.is_empty() {
            if let Some(kind) = self.forced_turn() {
                list.push(self.forced_move(kind));
            }
        }
    }

    /// The legal moves that `keep` accepts (a search's quiescence wants
    /// its captures), never the forced pass or `out` of a side with no
    /// other move (it is the side's whole turn, not one move of several).
    /// Where legality is judged move by move (`Game::judged_per_move`)
    /// the pseudo-legal moves are filtered first, so the moves `keep`
    /// refuses are never judged; elsewhere the legal moves are filtered.
    /// The same moves either way.
    pub fn legal_moves_where(
        &mut self,
        list: &mut Vec<Move>,
        keep: impl Fn(&Position, Move) -> bool,
    ) {
        if self.game.judged_per_move {
            list.clear();
            self.pseudo_legal_moves(list);
            list.retain(|&m| keep(self, m));
            self.keep_legal(list, self.to_move);
        } else {
            self.legal_moves(list);
            list.retain(|&m| !matches!(m.kind, MoveKind::Pass | MoveKind::Out) && keep(self, m));
        }
    }

    /// Keeps the moves of `list` (pseudo-legal) that leave no royal piece
    /// of `me` attacked.
    fn keep_legal(&mut self, list: &mut Vec<Move>, me: usize) {
        let enemies = self.foes_of(me);
        let (in_check, pinned) = self.checks_and_pins_judged(enemies);
        let mut landing = LandingMap::NONE;
        // `check when all royal attacked`: a piece pinned to one royal
        // piece may move while another is safe: every move is played.
        let all_by_playing = self.game.obligations.all_royals_by_playing;
        let mut i = 0;
        while i < list.len() {
            let mv = list[i];
            let legal = match mv.kind {
                _ if all_by_playing => self.legal_by_playing(mv, me),
                // These change more than one cell or an owner: play them to see.
                kind if kind.judged_by_playing() || self.judged_in_group(mv) => {
                    self.legal_by_playing(mv, me)
                }
                _ => self.simple_move_is_legal(mv, in_check, &pinned, enemies, &mut landing),
            };
            if legal {
                i += 1;
            } else {
                list.swap_remove(i);
            }
        }
    }

    /// The legal moves on the board, whether or not an end rule decided the
    /// position, no forced `pass` or `out`.
    pub(super) fn moves_by_the_rules(&mut self, list: &mut Vec<Move>) {
        list.clear();
        self.pseudo_legal_moves(list);
        let me = self.to_move;
        if self
            .game
            .explosion
            .as_ref()
            .is_some_and(|e| e.reaches_royals)
        {
            self.keep_legal_with_blasts(list, me);
        } else {
            self.keep_legal(list, me);
        }
        let obligations = &self.game.obligations;
        if obligations.any {
            if !obligations.checker_captures_only.is_empty() {
                self.keep_checker_captures(list);
            }
            if obligations.check_forbidden {
                self.drop_checking_moves(list);
            }
            if obligations.peaceful_promotions {
                self.drop_checking_promotions(list);
            }
            if obligations.capture_forced {
                self.keep_captures_if_any(list);
            }
            if !obligations.must_drop.is_empty() {
                self.keep_must_drops(list, &obligations.must_drop);
            }
        }
    }
}
