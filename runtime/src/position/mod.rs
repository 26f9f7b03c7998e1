//! A position of a loaded game: the board, the side to move, rights,
//! unmoved pieces, arrival budgets, declarations, en passant, counters and
//! the hash history. The files beside this one each own one concern:
//!
//! - `moves.rs`: the move type;
//! - `movegen.rs`: pseudo-legal generation (leaps, rides, hooks, swaps, promotion and arrival landings);
//! - `stacks.rs`: stack-forming moves; `castling.rs`: castling moves;
//! - `attacks.rs`: every reverse-attack walk (checks, pins, attack maps);
//! - `legality.rs`: the one legality judge, used by counting and listing;
//! - `make.rs`: the make/unmake skeleton with Zobrist hashing, which hands
//!   each kind of move to its mechanism's file: `castling.rs`, `stacks.rs`,
//!   `swaps.rs`, `landing.rs` (captures, promotion, arrivals, winning
//!   cells), `en_passant.rs` (passings and en-passant rights), `turns.rs`
//!   (passing a turn, going out);
//! - `declarations.rs`: agreements;
//! - `rule_ends.rs`: ends the position decides by itself (extinction,
//!   checks given), and `forced_capture.rs`: captures that must be made;
//! - `hands.rs`: pieces in hand, drops, captures joining a hand;
//! - `in_place.rs`: promotions made as moves of their own (`in-place`);
//! - `all_royals.rs`: `check when all royal attacked`.
//! - `explosion.rs`: blasts of captures, and the legality and checks they
//!   change.
//!
//! This is the hot loop: flat tables indexed by piece code and cell, no
//! allocation once the move lists are warm.

mod all_royals;
mod attacks;
mod castling;
mod chases;
mod check_evasion;
mod counting;
mod declarations;
pub mod describe;
mod en_passant;
mod exchange;
mod explosion;
mod first_move_loss;
mod forced_capture;
mod gating;
mod hands;
mod hops;
mod in_place;
mod landing;
mod legality;
mod make;
mod mate_rules;
mod mobility;
mod movegen;
mod moves;
mod no_check;
mod passing;
mod rule_ends;
mod stacks;
mod swaps;
mod turns;
mod walls;

pub use declarations::DeclareError;
pub use en_passant::{EnPassantRecord, EnPassantRight};
pub(crate) use gating::gates_at_partner;
pub(crate) use mobility::{Activity, Cover, Zones, MAX_ZONES};
pub use movegen::MoveSink;
pub use moves::{Move, MoveKind, NO_CELL};

use crate::bitset::CellSet;
use crate::game::{Game, PieceCode, EMPTY};
use make::Undo;

/// No player (`Position::won` while nobody has won by an arrival).
pub const NO_PLAYER: u8 = u8::MAX;

pub use crate::game::MAX_LASTING_PASSINGS;

/// The game state: pieces, side to move, castling rights, unmoved pieces,
/// arrival budgets, en-passant rights, counters and the hash history.
#[derive(Clone)]
pub struct Position<'g> {
    pub(crate) game: &'g Game,
    pub(crate) board: Vec<PieceCode>,
    pub(crate) occupied_by: Vec<CellSet>,
    pub(crate) royals_of: Vec<CellSet>,
    pub(crate) to_move: usize,
    /// Bit i: the piece on `game.right_cells[i]` may still castle.
    pub(crate) rights: u32,
    /// Bit i: arrival rule i may still fire.
    pub(crate) budget: u32,
    /// Bit `agreement * players + player`: that player has the agreement declared.
    pub(crate) declared: u32,
    /// Bit per agreement: every player declared it at once (latched).
    pub(crate) agreed: u32,
    /// 4 bits per player: the castlings it has made, counted only in games
    /// where some castling has a per-game limit.
    pub(crate) castled: u64,
    /// Where this position's promotion rules start in `Game::promotion_at`
    /// (they change once an agreement switches them).
    promotion_base: usize,
    /// Cells whose piece has not moved since the game began (or was placed).
    pub(crate) unmoved: CellSet,
    /// The open passings are `ep_records[ep_record_range]`, their rights
    /// `ep_stack[ep_range]`; the stacks keep earlier plies' below them so
    /// unmake need not copy (see `en_passant.rs`).
    ep_records: Vec<EnPassantRecord>,
    ep_record_range: (u32, u32),
    ep_stack: Vec<EnPassantRight>,
    ep_range: (u32, u32),
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// The player who won by a winning arrival (the game is over), or
    /// `NO_PLAYER`.
    pub(crate) won: u8,
    /// Bit per player out of the game (its pieces frozen on the board).
    pub(crate) out: u16,
    /// Bit per player who had no legal move and passed at its last turn.
    pub(crate) passed: u16,
    /// Checks each player has given (counted only in a game that counts
    /// them, `end checks N win`: two players).
    pub(crate) checks: [u8; 2],
    /// The counting rule's running count (`counting.rs`; unused without one).
    pub(crate) count: counting::CountState,
    /// Conditions on checkmates: one entry per position of the game, the
    /// series of checks (`mate_rules.rs`; empty without such a condition).
    mate_series: Vec<u8>,
    /// Pieces in hand per `player * kinds + kind` (`hands.rs`; empty in a
    /// game without hands).
    pub(crate) hand: Vec<u16>,
    /// Cells of pieces that promoted on the board, where the game reverts
    /// them when captured (`hands.rs`; empty otherwise).
    pub(crate) promoted: CellSet,
    /// Per player: its pieces of the `royal-while-last` kinds (empty
    /// without them).
    group_of: Vec<CellSet>,
    pub(crate) hash: u64,
    pub(crate) history: Vec<u64>,
    /// With `end repetition N perpetual-check`: beside each hash of
    /// `history`, whether the side to move was in check there.
    pub(crate) checked: Vec<bool>,
    /// With `perpetual-chase`: beside each hash of `history`, the move
    /// that left it (`chases.rs` takes them back to judge the chases).
    pub(crate) played: Vec<Move>,
    /// With `wall KIND`: per move made, the cell the wall piece left
    /// (`NO_CELL`: it was not on the board), for `unmake`.
    walls: Vec<u16>,
    undo: Vec<Undo>,
    /// Reused buffer for moves `count_legal` must play to judge.
    scratch: Vec<Move>,
    /// Reused buffer for counting under `capture forced`.
    forced_scratch: Vec<Move>,
    /// One record per capture on the way here, of what its blast removed
    /// (`explosion.rs`; empty in a game without explosions).
    blasts: Vec<explosion::Blast>,
}

impl PartialEq for Position<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
            && self.to_move == other.to_move
            && self.rights == other.rights
            && self.budget == other.budget
            && self.declared == other.declared
            && self.agreed == other.agreed
            && self.unmoved == other.unmoved
            && self.en_passant_records() == other.en_passant_records()
            && self.en_passant_rights() == other.en_passant_rights()
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.won == other.won
            && self.out == other.out
            && self.passed == other.passed
            && self.checks == other.checks
            && self.count == other.count
            && self.hand == other.hand
            && self.promoted == other.promoted
            && self.hash == other.hash
    }
}

impl<'g> Position<'g> {
    /// An empty board, first player to move, no rights.
    pub fn empty(game: &'g Game) -> Position<'g> {
        Position {
            game,
            board: vec![EMPTY; game.shape.cells],
            occupied_by: vec![CellSet::EMPTY; game.shape.players],
            royals_of: vec![CellSet::EMPTY; game.shape.players],
            to_move: 0,
            rights: 0,
            budget: 0,
            declared: 0,
            agreed: 0,
            castled: 0,
            promotion_base: 0,
            unmoved: CellSet::EMPTY,
            ep_records: Vec::new(),
            ep_record_range: (0, 0),
            ep_stack: Vec::new(),
            ep_range: (0, 0),
            halfmove: 0,
            fullmove: 1,
            won: NO_PLAYER,
            out: 0,
            passed: 0,
            checks: [0; 2],
            count: counting::CountState::default(),
            mate_series: Vec::new(),
            hand: if game.hands.is_some() {
                vec![0; game.shape.players * game.shape.kinds]
            } else {
                Vec::new()
            },
            promoted: CellSet::EMPTY,
            group_of: if game.shape.royal_while_last.is_some() {
                vec![CellSet::EMPTY; game.shape.players]
            } else {
                Vec::new()
            },
            hash: game.keys.side[0],
            history: Vec::new(),
            checked: Vec::new(),
            played: Vec::new(),
            walls: Vec::new(),
            undo: Vec::new(),
            scratch: Vec::new(),
            forced_scratch: Vec::new(),
            blasts: Vec::new(),
        }
    }

    /// The game's initial position.
    pub fn start(game: &'g Game) -> Position<'g> {
        let mut pos = Position::empty(game);
        for p in &game.ir.setup.pieces {
            pos.put(
                p.cell as usize,
                game.code(p.player as usize, p.kind as usize),
            );
        }
        pos.set_to_move(game.ir.setup.to_move as usize);
        for &cell in &game.ir.setup.castling_rights {
            pos.grant_right(cell as usize);
        }
        pos.mark_setup_pieces_unmoved();
        pos.grant_all_budgets();
        pos.fill_start_hands();
        pos.refresh_rule_state();
        pos
    }

    /// Every piece standing where the setup put a piece of its kind and
    /// owner counts as unmoved (the assumption for FEN, which cannot say).
    pub fn mark_setup_pieces_unmoved(&mut self) {
        for p in &self.game.ir.setup.pieces {
            let cell = p.cell as usize;
            if self.board[cell] == self.game.code(p.player as usize, p.kind as usize) {
                self.set_unmoved(cell, true);
            }
        }
    }

    /// Marks the piece on `cell` unmoved (only a piece whose having moved
    /// matters to a rule is marked) or clears the mark.
    pub fn set_unmoved(&mut self, cell: usize, unmoved: bool) {
        let Some(rule) = &self.game.unmoved else {
            return;
        };
        let matters = !unmoved || rule.matters(self.board[cell]);
        if matters && self.unmoved.contains(cell) != unmoved {
            self.hash ^= self.game.keys.unmoved[cell];
            if unmoved {
                self.unmoved.insert(cell);
            } else {
                self.unmoved.remove(cell);
            }
        }
    }

    pub fn grant_all_budgets(&mut self) {
        for bit in 0..self.game.ir.arrivals.len() {
            self.set_budget(bit, true);
        }
    }

    pub fn set_budget(&mut self, bit: usize, on: bool) {
        if (self.budget >> bit & 1 != 0) != on {
            self.budget ^= 1 << bit;
            self.hash ^= self.game.keys.budget[bit];
        }
    }

    pub fn set_to_move(&mut self, player: usize) {
        self.hash ^= self.game.keys.side[self.to_move] ^ self.game.keys.side[player];
        self.to_move = player;
    }

    /// Gives the piece on `cell` its castling right; false if no castling uses it.
    pub fn grant_right(&mut self, cell: usize) -> bool {
        match self
            .game
            .right_cells()
            .iter()
            .position(|&c| c as usize == cell)
        {
            Some(bit) if self.rights & (1 << bit) == 0 => {
                self.rights |= 1 << bit;
                self.hash ^= self.game.keys.right[bit];
                true
            }
            Some(_) => true,
            None => false,
        }
    }

    /// The piece on a cell taken from the loaded tables.
    #[inline(always)]
    pub(super) fn at(&self, cell: usize) -> PieceCode {
        *crate::unchecked::get(&self.board, cell)
    }

    #[inline(always)]
    pub fn put(&mut self, cell: usize, code: PieceCode) {
        self.place(cell, code);
        self.hash ^= self.game.keys.piece[code as usize * self.game.shape.cells + cell];
    }

    #[inline(always)]
    pub fn take(&mut self, cell: usize) -> PieceCode {
        let code = self.lift(cell);
        self.hash ^= self.game.keys.piece[code as usize * self.game.shape.cells + cell];
        code
    }

    /// `take` without hashing (unmake restores the hash wholesale).
    #[inline(always)]
    pub(super) fn lift(&mut self, cell: usize) -> PieceCode {
        let g = self.game;
        let code = self.board[cell];
        let owner = g.shape.owner[code as usize] as usize;
        self.board[cell] = EMPTY;
        self.occupied_by[owner].remove(cell);
        self.royals_of[owner].remove(cell);
        if let Some(grouped) = &g.shape.royal_while_last {
            if grouped[code as usize] {
                self.group_of[owner].remove(cell);
                self.refresh_group_royals(owner);
            }
        }
        code
    }

    /// `put` without hashing.
    #[inline(always)]
    pub(super) fn place(&mut self, cell: usize, code: PieceCode) {
        let g = self.game;
        let owner = g.shape.owner[code as usize] as usize;
        self.board[cell] = code;
        self.occupied_by[owner].insert(cell);
        if g.shape.royal_code[code as usize] {
            match &g.shape.royal_while_last {
                Some(grouped) if grouped[code as usize] => {
                    self.group_of[owner].insert(cell);
                    self.refresh_group_royals(owner);
                }
                _ => self.royals_of[owner].insert(cell),
            }
        }
    }

    /// `royal-while-last`: the player's pieces of those kinds are royal
    /// while it holds one of them, none while it holds more (every royal
    /// kind of such a game is one of them: the checker says so).
    #[cold]
    fn refresh_group_royals(&mut self, owner: usize) {
        self.royals_of[owner] = if self.group_of[owner].len() <= 1 {
            self.group_of[owner]
        } else {
            CellSet::EMPTY
        };
    }

    /// The cells of `player`'s pieces of the `royal-while-last` kinds (its
    /// royal pieces in other games).
    pub(crate) fn royal_group_of(&self, player: usize) -> CellSet {
        if self.game.shape.royal_while_last.is_some() {
            self.group_of[player]
        } else {
            self.royals_of[player]
        }
    }
}

/// Read access for code outside the runtime: the fields themselves are
/// private to the crate, so no safe code can break what the hot loop trusts
/// (a board the size of the game's cells, codes the game defines).
impl<'g> Position<'g> {
    pub fn game(&self) -> &'g Game {
        self.game
    }

    /// The piece code on every cell (`EMPTY` where none).
    pub fn board(&self) -> &[PieceCode] {
        &self.board
    }

    /// The cells holding `player`'s pieces.
    pub fn pieces_of(&self, player: usize) -> CellSet {
        self.occupied_by[player]
    }

    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// Bit i: the piece on the game's i-th castling-right cell may still castle.
    pub fn rights(&self) -> u32 {
        self.rights
    }

    /// Bit i: arrival rule i may still fire.
    pub fn budget(&self) -> u32 {
        self.budget
    }

    /// Bit `agreement * players + player`: that player has the agreement declared.
    pub fn declared(&self) -> u32 {
        self.declared
    }

    /// Bit per agreement: reached.
    pub fn agreed(&self) -> u32 {
        self.agreed
    }

    /// Cells whose piece has not moved.
    pub fn unmoved(&self) -> CellSet {
        self.unmoved
    }

    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The player who won by a winning arrival, if one did.
    pub fn won_by_arrival(&self) -> Option<usize> {
        (self.won != NO_PLAYER).then_some(self.won as usize)
    }

    /// Puts `player` out of the game, or back in (positions read from
    /// text; `Out` moves).
    pub fn set_out(&mut self, player: usize, out: bool) {
        if (self.out >> player & 1 != 0) != out {
            self.out ^= 1 << player;
            self.hash ^= self.game.keys.out[player];
        }
    }

    /// Records that `player` passed its last turn (or clears it).
    pub fn set_passed(&mut self, player: usize, passed: bool) {
        if (self.passed >> player & 1 != 0) != passed {
            self.passed ^= 1 << player;
            // A voluntary pass changes no position (`passing.rs`).
            if !self.game.passes {
                self.hash ^= self.game.keys.passed[player];
            }
        }
    }

    /// Did `player` pass its last turn (no legal move, waiting to see
    /// whether the mate is lifted)?
    pub fn has_passed(&self, player: usize) -> bool {
        self.passed >> player & 1 != 0
    }

    /// How many players are still in the game.
    pub fn players_in_play(&self) -> usize {
        self.game.shape.players - self.out.count_ones() as usize
    }

    /// Records (or clears) a win by arrival, for positions read from text.
    pub fn set_won_by_arrival(&mut self, player: Option<usize>) {
        if self.won != NO_PLAYER {
            self.hash ^= self.game.keys.won[self.won as usize];
        }
        self.won = player.map_or(NO_PLAYER, |p| p as u8);
        if let Some(p) = player {
            self.hash ^= self.game.keys.won[p];
        }
    }
}
