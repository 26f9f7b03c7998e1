//! Explosions (`explosion`): a capture blasts the capturer off its landing
//! cell and the pieces on the cells around it, but the kinds the rule
//! spares around it or makes immune; and what that does to legality and
//! check:
//!
//! - `make` calls `blast` after a capture has landed; the blasted codes go
//!   on a stack of fixed-size records (`Blast`), one per capture, which
//!   `unmake` pops to put them back (the hash, rights and unmoved marks
//!   come back with the undo record);
//! - a move that blasts one of its player's royal pieces is illegal; one
//!   that blasts an enemy royal piece is legal whatever it leaves attacked;
//!   other moves leave no royal piece of the mover attacked
//!   (`legal_with_blasts`, every move played to be judged, in a game whose
//!   blasts can reach a royal piece; elsewhere the usual judge);
//! - a royal piece is attacked only by a capture its enemy may make: none
//!   that would blast one of the enemy's own royal pieces, so not from a
//!   royal piece blasted as the capturer, and not where an enemy royal
//!   piece stands on a cell the blast reaches (`blast_keeps_attack`); a
//!   castling's safe cells are judged so too, with its legality
//!   (`castling_path_attacked`), not by the generator.
//!
//! A game without explosions never reaches this file but through one test
//! of `Game::explosion` per capture made and per check asked.

use super::attacks::Foes;
use super::{Move, MoveKind, MoveSink, Position};
use crate::codes::{PieceCode, EMPTY};
use crate::game::{CaptureBars, MAX_BLAST};

/// Passes on every move but the captures `uncapturable KINDS by KINDS`
/// bars (the rare generator's, `movegen.rs`).
pub(super) struct BarredSink<'s, 'g, S> {
    pub(super) inner: &'s mut S,
    pub(super) bars: &'g CaptureBars,
}

impl<S: MoveSink> MoveSink for BarredSink<'_, '_, S> {
    #[inline(always)]
    fn piece(&mut self, from: usize, code: PieceCode) {
        self.inner.piece(from, code);
    }

    #[inline(always)]
    fn add(&mut self, pos: &Position, mv: Move) {
        let takes = !matches!(
            mv.kind,
            MoveKind::Swap | MoveKind::Castle | MoveKind::Board | MoveKind::UnloadBoard
        );
        if !(takes
            && self
                .bars
                .bars(pos.at(mv.from as usize), pos.at(mv.to as usize)))
        {
            self.inner.add(pos, mv);
        }
    }
}

/// What one capture's blast removed: the capturer (`codes[0]`) and the
/// piece on each cell around the landing cell, in the order of
/// `Explosion::around` (`EMPTY` where nothing was removed).
#[derive(Clone, Copy)]
pub(super) struct Blast {
    codes: [PieceCode; MAX_BLAST + 1],
}

impl<'g> Position<'g> {
    /// The blast of a capture that landed on `at` (in a game with
    /// explosions): the capturer and the pieces around leave the board
    /// (hashed), their cells' castling rights and unmoved marks with them.
    #[inline(never)]
    pub(super) fn blast(&mut self, at: usize) {
        let Some(explosion) = &self.game.explosion else {
            return;
        };
        let mut record = Blast {
            codes: [EMPTY; MAX_BLAST + 1],
        };
        if explosion.blasts_capturer.contains(self.board[at]) {
            record.codes[0] = self.blast_off(at);
        }
        for (i, &cell) in explosion.around(at).iter().enumerate() {
            let cell = cell as usize;
            let code = self.board[cell];
            if code != EMPTY && explosion.blasts_beside.contains(code) {
                record.codes[i + 1] = self.blast_off(cell);
            }
        }
        self.blasts.push(record);
    }

    /// Takes one blasted piece off `cell`.
    fn blast_off(&mut self, cell: usize) -> PieceCode {
        let code = self.take(cell);
        self.set_unmoved(cell, false);
        if let Some(castling) = &self.game.castling {
            self.lose_castling_rights(castling, cell, cell, code);
        }
        code
    }

    /// Puts back what the last capture's blast removed (around `at`, its
    /// landing cell); `unmake` restores the hash.
    #[inline(never)]
    pub(super) fn unblast(&mut self, at: usize) {
        let Some(explosion) = &self.game.explosion else {
            return;
        };
        let record = self.blasts.pop().expect("a blast record per capture");
        if record.codes[0] != EMPTY {
            self.place(at, record.codes[0]);
        }
        for (i, &cell) in explosion.around(at).iter().enumerate() {
            if record.codes[i + 1] != EMPTY {
                self.place(cell as usize, record.codes[i + 1]);
            }
        }
    }

    /// Plays `mv` to judge it where blasts can reach royal pieces: illegal
    /// if it blasts a royal piece of `me`, legal if it blasts an enemy's,
    /// else legal if no royal piece of `me` is then attacked.
    pub(super) fn legal_with_blasts(&mut self, mv: Move, me: usize) -> bool {
        if mv.kind == MoveKind::Castle && self.castling_path_attacked(mv, me) {
            return false;
        }
        let mine = self.royals_of[me].len();
        let theirs = self.enemy_royals(me);
        self.make(mv);
        let ok = if self.royals_of[me].len() < mine {
            false
        } else if self.enemy_royals(me) < theirs {
            true
        } else {
            !self.royal_attacked(me)
        };
        self.unmake(mv);
        ok
    }

    /// Keeps the moves of `list` (pseudo-legal) that `legal_with_blasts`
    /// finds legal.
    pub(super) fn keep_legal_with_blasts(&mut self, list: &mut Vec<Move>, me: usize) {
        let mut i = 0;
        while i < list.len() {
            if self.legal_with_blasts(list[i], me) {
                i += 1;
            } else {
                list.swap_remove(i);
            }
        }
    }

    /// Is a cell of the castling `mv` that must be safe attacked, blasts
    /// judged (`blast_keeps_attack`)? The loader took these cells from the
    /// castlings, so that the generator, which knows no blasts, does not
    /// test them (`Explosion::castling_safe`).
    fn castling_path_attacked(&self, mv: Move, me: usize) -> bool {
        let Some(explosion) = &self.game.explosion else {
            return false;
        };
        let foes = self.foes_of(me);
        // The cells are judged with the king off its start (an attack
        // through it along the path counts), as Fairy-Stockfish does.
        let origin = self.game.ir.castlings[mv.aux as usize].king_from as usize;
        let none = super::NO_CELL as usize;
        let g = self.game;
        let enemy_royal =
            |code: PieceCode| foes.codes.contains(code) && g.shape.royal_code[code as usize];
        explosion.castling_safe[mv.aux as usize].iter().any(|&x| {
            let x = x as usize;
            let shielded = explosion.around(x).iter().any(|&c| {
                let code = self.board[c as usize];
                enemy_royal(code) && explosion.blasts_beside.contains(code)
            });
            let capturer = |code| !(enemy_royal(code) && explosion.blasts_capturer.contains(code));
            !shielded && self.attacked_after_in(x, foes.view, capturer, origin, none, none)
        })
    }

    /// How many royal pieces `player`'s enemies in play have.
    fn enemy_royals(&self, player: usize) -> usize {
        let g = self.game;
        let foes = self.foes_of(player);
        (0..g.shape.players)
            .filter(|&p| p != player && g.shape.codes_of_player[p].intersects(foes.codes))
            .map(|p| self.royals_of[p].len())
            .sum()
    }

    /// With explosions, is a royal piece on `cell` (standing or
    /// passing) attacked by a capture its enemies may make? One that would
    /// blast one of their own royal pieces they may not: from a royal
    /// piece blasted as the capturer, or with one of their royal pieces on
    /// a cell the blast reaches. Without explosions: true (the attack the
    /// caller found stands).
    #[inline]
    pub(super) fn blast_keeps_attack(&self, cell: usize, foes: Foes) -> bool {
        let Some(explosion) = &self.game.explosion else {
            return true;
        };
        let g = self.game;
        let enemy_royal =
            |code: PieceCode| foes.codes.contains(code) && g.shape.royal_code[code as usize];
        let shielded = explosion.around(cell).iter().any(|&c| {
            let code = self.board[c as usize];
            enemy_royal(code) && explosion.blasts_beside.contains(code)
        });
        if shielded {
            return false;
        }
        let mut found = [0u16; 64];
        self.attackers_of(
            cell,
            foes.view,
            |code| !(enemy_royal(code) && explosion.blasts_capturer.contains(code)),
            &mut found,
        ) > 0
    }
}
