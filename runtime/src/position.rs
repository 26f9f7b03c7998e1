//! A position of a loaded game, strictly legal move generation, make/unmake
//! with Zobrist hashing, and perft. This is the hot loop: flat tables indexed
//! by piece code and cell, no allocation once the move lists are warm.

use crate::bitset::CellSet;
use crate::game::{Game, PieceCode, EMPTY, MAX_EN_PASSANT, PLAIN_RIDE};
use crate::ir::{self, Outcome};

pub const NO_CELL: u16 = u16::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveKind {
    Normal,
    /// A ride that opens the cells it passed over to en passant.
    Passing,
    /// Captures the piece on `aux` (the en-passant victim), landing on `to`.
    EnPassant,
    /// `aux` indexes `ir.castlings`.
    Castle,
    /// The piece on `from` and the friendly piece on `to` exchange places.
    Swap,
    /// An arrival: the move also places a piece on cell `aux`.
    Arrival,
    /// The cargo of the stack on `from` moves (to an empty cell or by
    /// capture); its carrier stays behind, owned by its own player again.
    Unload,
    /// The mover lands on `to` sharing it with the piece there: the stack
    /// formed is piece code `aux`.
    Board,
    /// The cargo of the stack on `from` leaves its carrier and boards the
    /// carrier on `to`, forming piece code `aux`.
    UnloadBoard,
}

impl MoveKind {
    /// Moves that change who owns a piece, or leave a piece on `from`:
    /// the checks-and-pins shortcut does not judge them, playing them does.
    #[inline(always)]
    fn judged_by_playing(self) -> bool {
        matches!(
            self,
            MoveKind::Castle
                | MoveKind::Swap
                | MoveKind::Arrival
                | MoveKind::Unload
                | MoveKind::Board
                | MoveKind::UnloadBoard
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: u16,
    pub to: u16,
    pub kind: MoveKind,
    /// 0: none; otherwise the new kind + 1.
    pub promotion: u8,
    /// `Passing`: how many cells were passed over.
    pub passed: u8,
    /// `Passing`: start of the passed cells in `ray_cells`; `EnPassant`: the
    /// victim's cell; `Castle`: the castling index; `Arrival`: the placement cell.
    pub aux: u32,
    /// The piece may not land on a cell the opponent then attacks.
    pub unattacked: bool,
}

impl Move {
    #[inline(always)]
    fn normal(from: usize, to: usize) -> Move {
        Move {
            from: from as u16,
            to: to as u16,
            kind: MoveKind::Normal,
            promotion: 0,
            passed: 0,
            aux: 0,
            unattacked: false,
        }
    }

    /// A move made by an atom with these flags, changing the piece's kind
    /// when the atom says so (`becomes` = kind + 1).
    #[inline(always)]
    fn by_atom(from: usize, to: usize, flags: u8, becomes: u8) -> Move {
        Move {
            promotion: becomes,
            unattacked: flags & ir::UNATTACKED_LANDING != 0,
            ..Move::normal(from, to)
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Undo {
    captured: PieceCode,
    captured_cell: u16,
    moved: PieceCode,
    rights: u32,
    budget: u32,
    declared: u32,
    agreed: u32,
    unmoved: CellSet,
    ep_victim: u16,
    ep_len: u8,
    ep_cells: [u16; MAX_EN_PASSANT],
    ep_pairs: (u32, u32),
    halfmove: u32,
    fullmove: u32,
    hash: u64,
}

/// An en-passant capture the next player may make: the piece on `attacker`
/// attacked `cell` before the passing move went over it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnPassantRight {
    pub attacker: u16,
    pub cell: u16,
}

/// The game state: pieces, side to move, castling rights, unmoved pieces,
/// arrival budgets, en-passant rights, counters and the hash history.
#[derive(Clone)]
pub struct Position<'g> {
    pub game: &'g Game,
    pub board: Vec<PieceCode>,
    pub occupied_by: Vec<CellSet>,
    pub royals_of: Vec<CellSet>,
    pub to_move: usize,
    /// Bit i: the piece on `game.right_cells[i]` may still castle.
    pub rights: u32,
    /// Bit i: arrival rule i may still fire.
    pub budget: u32,
    /// Bit `agreement * players + player`: that player has the agreement declared.
    pub declared: u32,
    /// Bit per agreement: every player declared it at once (latched).
    pub agreed: u32,
    /// Where this position's promotion rules start in `Game::promotion_at`
    /// (they change once an agreement switches them).
    promotion_base: usize,
    /// Cells whose piece has not moved since the game began (or was placed).
    pub unmoved: CellSet,
    /// The piece that may be taken en passant, or `NO_CELL`.
    pub ep_victim: u16,
    /// The cells it passed over.
    pub ep_cells: [u16; MAX_EN_PASSANT],
    pub ep_len: u8,
    /// The current rights are `ep_stack[ep_range.0..ep_range.1]`; the stack
    /// keeps earlier plies' rights below them so unmake need not copy.
    ep_stack: Vec<EnPassantRight>,
    ep_range: (u32, u32),
    pub halfmove: u32,
    pub fullmove: u32,
    pub hash: u64,
    history: Vec<u64>,
    undo: Vec<Undo>,
    /// Reused buffer for moves `count_legal` must play to judge.
    scratch: Vec<Move>,
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
            && self.ep_victim == other.ep_victim
            && self.ep_cells[..self.ep_len as usize] == other.ep_cells[..other.ep_len as usize]
            && self.en_passant_rights() == other.en_passant_rights()
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.hash == other.hash
    }
}

impl std::fmt::Debug for Position<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", crate::notation::write_general(self))
    }
}

/// Where generated moves go: a list, or a counter that judges legality.
pub trait MoveSink {
    /// Moves of the piece `code` on `from` follow.
    #[inline(always)]
    fn piece(&mut self, _from: usize, _code: PieceCode) {}
    fn add(&mut self, pos: &Position, mv: Move);
}

impl MoveSink for Vec<Move> {
    #[inline(always)]
    fn add(&mut self, _: &Position, mv: Move) {
        self.push(mv);
    }
}

/// Counts legal moves as they are generated; moves that need to be played
/// to be judged are kept for later (up to 64; more falls back to a list).
struct LegalCounter {
    count: u64,
    in_check: bool,
    pinned: CellSet,
    enemies: u64,
    /// The current piece's plain moves are all legal (no check, not pinned,
    /// not royal).
    piece_free: bool,
    /// Bit per piece code whose plain moves are legal unless it is pinned
    /// (none while in check).
    free_codes: u64,
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

impl MoveSink for LegalCounter {
    #[inline(always)]
    fn piece(&mut self, from: usize, code: PieceCode) {
        // Royal pieces and pieces that must land unattacked are judged move
        // by move (`free_codes` leaves them out, and everything when in check).
        self.piece_free = self.free_codes >> code & 1 != 0 && !self.pinned.contains(from);
    }

    #[inline(always)]
    fn add(&mut self, pos: &Position, mv: Move) {
        match mv.kind {
            MoveKind::Normal | MoveKind::Passing if self.piece_free => self.count += 1,
            kind if kind.judged_by_playing() => self.deferred.push(mv),
            _ => {
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
}

/// Why a game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    Checkmate,
    Stalemate,
    Repetition,
    MoveRule,
    InsufficientMaterial,
    /// Every player declared a draw agreement.
    Agreement,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    pub end: GameEnd,
    /// `None`: a draw.
    pub winner: Option<usize>,
}

impl<'g> Position<'g> {
    /// An empty board, first player to move, no rights.
    pub fn empty(game: &'g Game) -> Position<'g> {
        Position {
            game,
            board: vec![EMPTY; game.cells],
            occupied_by: vec![CellSet::EMPTY; game.players],
            royals_of: vec![CellSet::EMPTY; game.players],
            to_move: 0,
            rights: 0,
            budget: 0,
            declared: 0,
            agreed: 0,
            promotion_base: 0,
            unmoved: CellSet::EMPTY,
            ep_victim: NO_CELL,
            ep_cells: [NO_CELL; MAX_EN_PASSANT],
            ep_len: 0,
            ep_stack: Vec::new(),
            ep_range: (0, 0),
            halfmove: 0,
            fullmove: 1,
            hash: game.zobrist_side[0],
            history: Vec::new(),
            undo: Vec::new(),
            scratch: Vec::new(),
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

    pub fn set_unmoved(&mut self, cell: usize, unmoved: bool) {
        if self.game.tracks_unmoved && self.unmoved.contains(cell) != unmoved {
            self.hash ^= self.game.zobrist_unmoved[cell];
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

    /// The side to move makes (`made`) or withdraws an agreement's
    /// declaration. When every player has it made, the agreement is reached
    /// and stays reached.
    pub fn declare(&mut self, agreement: usize, made: bool) -> Result<(), String> {
        let g = self.game;
        let Some(a) = g.ir.agreements.get(agreement) else {
            return Err(format!("no agreement number {agreement}"));
        };
        let me = self.to_move;
        let bit = agreement * g.players + me;
        if made {
            if let Some((_, made_cell)) = a.markers[me] {
                if self.board[made_cell as usize] != EMPTY {
                    return Err(format!(
                        "cannot declare {}: its marker's cell {} is occupied",
                        a.name,
                        g.cell_name(made_cell as usize)
                    ));
                }
            }
        }
        if (self.declared >> bit & 1 != 0) != made {
            self.declared ^= 1 << bit;
            self.hash ^= g.zobrist_declared[bit];
        }
        let all = ((1u32 << g.players) - 1) << (agreement * g.players);
        if self.declared & all == all {
            self.set_agreed(agreement, true);
        }
        Ok(())
    }

    /// Sets one declaration bit (`agreement * players + player`) as a
    /// position text says, without the rules `declare` applies.
    pub fn set_declared(&mut self, bit: usize, on: bool) {
        if (self.declared >> bit & 1 != 0) != on {
            self.declared ^= 1 << bit;
            self.hash ^= self.game.zobrist_declared[bit];
        }
    }

    /// Marks an agreement reached (or not) as a position text says.
    pub fn set_agreed(&mut self, agreement: usize, on: bool) {
        if (self.agreed >> agreement & 1 != 0) != on {
            self.agreed ^= 1 << agreement;
            self.hash ^= self.game.zobrist_agreed[agreement];
            self.promotion_base = self.promotion_base_for(self.agreed);
        }
    }

    fn promotion_base_for(&self, agreed: u32) -> usize {
        if agreed & self.game.promotion_switch != 0 {
            self.game.promotion_mode_stride
        } else {
            0
        }
    }

    /// Plays `mv` with declarations attached (made or withdrawn by the mover);
    /// `unmake` takes both back. Nothing is changed if a declaration is refused.
    pub fn make_declaring(
        &mut self,
        mv: Move,
        declarations: &[(usize, bool)],
    ) -> Result<(), String> {
        let before = (self.declared, self.agreed, self.hash);
        for &(agreement, made) in declarations {
            if let Err(e) = self.declare(agreement, made) {
                (self.declared, self.agreed, self.hash) = before;
                self.promotion_base = self.promotion_base_for(self.agreed);
                return Err(e);
            }
        }
        self.make(mv);
        let undo = self.undo.last_mut().expect("make pushed an undo record");
        (undo.declared, undo.agreed, undo.hash) = before;
        Ok(())
    }

    pub fn set_budget(&mut self, bit: usize, on: bool) {
        if (self.budget >> bit & 1 != 0) != on {
            self.budget ^= 1 << bit;
            self.hash ^= self.game.zobrist_budget[bit];
        }
    }

    pub fn set_to_move(&mut self, player: usize) {
        self.hash ^= self.game.zobrist_side[self.to_move] ^ self.game.zobrist_side[player];
        self.to_move = player;
    }

    /// Gives the piece on `cell` its castling right; false if no castling uses it.
    pub fn grant_right(&mut self, cell: usize) -> bool {
        match self
            .game
            .right_cells
            .iter()
            .position(|&c| c as usize == cell)
        {
            Some(bit) if self.rights & (1 << bit) == 0 => {
                self.rights |= 1 << bit;
                self.hash ^= self.game.zobrist_right[bit];
                true
            }
            Some(_) => true,
            None => false,
        }
    }

    /// The en-passant captures open to the side to move.
    pub fn en_passant_rights(&self) -> &[EnPassantRight] {
        &self.ep_stack[self.ep_range.0 as usize..self.ep_range.1 as usize]
    }

    /// Opens `cells` to en passant against the piece on `victim`, for every
    /// enemy en-passant capturer that attacks them in the position with the
    /// victim back on `victim_origin` (where it stood before passing).
    /// At most `MAX_EN_PASSANT` cells are kept (the loader refuses longer rides).
    pub fn set_en_passant(&mut self, victim: usize, victim_origin: usize, cells: &[u16]) {
        let cells = &cells[..cells.len().min(MAX_EN_PASSANT)];
        self.clear_en_passant();
        let code = self.board[victim];
        if victim_origin != victim {
            self.board[victim] = EMPTY;
            self.board[victim_origin] = code;
        }
        self.ep_stack.truncate(self.ep_range.1 as usize);
        let start = self.ep_stack.len() as u32;
        self.push_en_passant_rights(self.game.owner[code as usize] as usize, cells);
        if victim_origin != victim {
            self.board[victim_origin] = EMPTY;
            self.board[victim] = code;
        }
        self.ep_range = (start, self.ep_stack.len() as u32);
        self.ep_victim = victim as u16;
        self.ep_len = cells.len() as u8;
        self.ep_cells[..cells.len()].copy_from_slice(cells);
        self.hash ^= self.game.zobrist_ep[victim];
    }

    fn clear_en_passant(&mut self) {
        if self.ep_victim != NO_CELL {
            self.hash ^= self.game.zobrist_ep[self.ep_victim as usize];
            self.ep_victim = NO_CELL;
            self.ep_len = 0;
        }
        self.ep_range = (self.ep_range.1, self.ep_range.1);
    }

    /// Pushes, for each cell, every en-passant capturer of an opponent of
    /// `mover` that attacks it on the current board.
    fn push_en_passant_rights(&mut self, mover: usize, cells: &[u16]) {
        let g = self.game;
        let mut capturers = 0u64;
        for (code, &ok) in g.ep_capturer.iter().enumerate() {
            if ok && g.owner[code] as usize != mover {
                capturers |= 1 << code;
            }
        }
        if capturers == 0 {
            return;
        }
        for &cell in cells {
            let mut found = [NO_CELL; 64];
            let n = self.attackers_of(cell as usize, capturers, &mut found);
            for &attacker in &found[..n] {
                self.ep_stack.push(EnPassantRight { attacker, cell });
            }
        }
    }

    /// The piece on a cell taken from the loaded tables.
    #[inline(always)]
    fn at(&self, cell: usize) -> PieceCode {
        debug_assert!(cell < self.board.len());
        // SAFETY: every cell index in the tables was checked against the
        // board size by `Game::load`, and `board` has exactly that size.
        unsafe { *self.board.get_unchecked(cell) }
    }

    #[inline(always)]
    pub fn put(&mut self, cell: usize, code: PieceCode) {
        self.place(cell, code);
        self.hash ^= self.game.zobrist_piece[code as usize * self.game.cells + cell];
    }

    #[inline(always)]
    pub fn take(&mut self, cell: usize) -> PieceCode {
        let code = self.lift(cell);
        self.hash ^= self.game.zobrist_piece[code as usize * self.game.cells + cell];
        code
    }

    /// Bit per piece code of every player but `player`.
    #[inline(always)]
    fn enemy_codes(&self, player: usize) -> u64 {
        let g = self.game;
        let all = (1u64 << (1 + g.players * g.kinds)) - 2;
        all & !g.codes_of_player[player]
    }

    /// Is `cell` attacked by a piece whose code is in `codes`?
    #[inline]
    pub fn attacked_by_codes(&self, cell: usize, codes: u64) -> bool {
        self.attacked_after(
            cell,
            codes,
            NO_CELL as usize,
            NO_CELL as usize,
            NO_CELL as usize,
        )
    }

    /// Collects the cells of the pieces (codes in `codes`) attacking `cell`.
    fn attackers_of(&self, cell: usize, codes: u64, out: &mut [u16; 64]) -> usize {
        let g = self.game;
        let mut n = 0;
        let mut add = |c: u16, out: &mut [u16; 64]| {
            if n < out.len() && !out[..n].contains(&c) {
                out[n] = c;
                n += 1;
            }
        };
        for a in g.leap_attackers(cell) {
            if (a.codes & codes) >> self.board[a.cell as usize] & 1 != 0 {
                add(a.cell, out);
            }
        }
        for h in g.hook_attackers(cell) {
            if (h.codes & codes) >> self.board[h.cell as usize] & 1 != 0
                && self.hook_open(
                    h.via_start,
                    h.via_len,
                    NO_CELL as usize,
                    NO_CELL as usize,
                    NO_CELL as usize,
                )
            {
                add(h.cell, out);
            }
        }
        for line in g.attack_lines(cell) {
            if line.codes & codes == 0 {
                continue;
            }
            for a in g.line_cells(line) {
                let code = self.board[a.cell as usize];
                if code != EMPTY {
                    if (a.codes & codes) >> code & 1 != 0 {
                        add(a.cell, out);
                    }
                    break;
                }
            }
        }
        n
    }

    /// Is one of a hook's intermediate cells empty (with `from` and
    /// `removed` vacated and `to` filled by a pending move)?
    #[inline(always)]
    fn hook_open(
        &self,
        via_start: u32,
        via_len: u16,
        from: usize,
        to: usize,
        removed: usize,
    ) -> bool {
        self.game.hook_cells[via_start as usize..][..via_len as usize]
            .iter()
            .any(|&v| {
                let v = v as usize;
                v != to && (v == from || v == removed || self.board[v] == EMPTY)
            })
    }

    /// Is `cell` attacked by any opponent of `player`?
    #[inline]
    pub fn attacked_by_enemy_of(&self, cell: usize, player: usize) -> bool {
        self.attacked_by_codes(cell, self.enemy_codes(player))
    }

    /// Is any royal piece of `player` attacked?
    #[inline]
    pub fn royal_attacked(&self, player: usize) -> bool {
        let enemies = self.enemy_codes(player);
        self.royals_of[player]
            .iter()
            .any(|c| self.attacked_by_codes(c, enemies))
    }

    pub fn in_check(&self) -> bool {
        self.royal_attacked(self.to_move)
    }

    /// Adds the move, once per promotion choice where the piece must promote,
    /// and once per placement cell where its arrival places a piece.
    #[inline(always)]
    fn push_landing<S: MoveSink, const CHANGES: bool>(
        &self,
        list: &mut S,
        mv: Move,
        player: usize,
        kind: usize,
    ) {
        let g = self.game;
        let pk = player * g.kinds + kind;
        if g.lands_plainly(pk) {
            list.add(self, mv);
            return;
        }
        if CHANGES && mv.promotion != 0 {
            self.push_changed(list, mv, player, kind);
            return;
        }
        // Most landings of a promoting piece are not on a promotion cell.
        if !g.special_landing(pk).contains(mv.to as usize) {
            list.add(self, mv);
            return;
        }
        self.push_promoting(list, mv, pk);
    }

    /// A move by which the piece changes kind: it lands as its new kind
    /// (which may promote there); a stack's kind-changing moves are its
    /// cargo's, which leaves and lands as itself.
    #[inline(never)]
    fn push_changed<S: MoveSink>(&self, list: &mut S, mv: Move, player: usize, kind: usize) {
        let g = self.game;
        if g.ir.kinds[kind].stack.is_some() {
            list.add(
                self,
                Move {
                    kind: MoveKind::Unload,
                    ..mv
                },
            );
            return;
        }
        self.push_promoting(list, mv, player * g.kinds + mv.promotion as usize - 1);
    }

    /// Promotion and arrival for a piece of `player * kinds + kind` = `pk` landing.
    #[inline(always)]
    fn push_promoting<S: MoveSink>(&self, list: &mut S, mv: Move, pk: usize) {
        let g = self.game;
        if g.promotes[pk] {
            let (start, len) = g.promotion_at[self.promotion_base + pk * g.cells + mv.to as usize];
            if len > 0 {
                for &choice in &g.promotion_choices[start as usize..][..len as usize] {
                    list.add(
                        self,
                        Move {
                            promotion: choice + 1,
                            ..mv
                        },
                    );
                }
                return;
            }
        }
        if let Some(rule) = &g.arrival[pk] {
            if self.budget >> rule.bit & 1 != 0 && rule.trigger.contains(mv.to as usize) {
                let free = |c: usize| {
                    c != mv.to as usize && (self.board[c] == EMPTY || c == mv.from as usize)
                };
                if rule.place_cells.iter().any(|&c| free(c as usize)) {
                    for &cell in &rule.place_cells {
                        if free(cell as usize) {
                            list.add(
                                self,
                                Move {
                                    kind: MoveKind::Arrival,
                                    aux: cell as u32,
                                    ..mv
                                },
                            );
                        }
                    }
                    return;
                }
            }
        }
        list.add(self, mv);
    }

    /// Every move obeying the piece rules, whether or not it leaves a royal
    /// piece attacked.
    pub fn pseudo_legal_moves(&self, list: &mut Vec<Move>) {
        self.generate(list);
    }

    /// Games that use none of the rarer mechanisms get a generator without
    /// their checks: `FULL` for unmoved-only atoms, hooks and swaps,
    /// `CHANGES` for moves that change a piece's kind (and stacks).
    #[inline(always)]
    fn generate<S: MoveSink>(&self, list: &mut S) {
        match (self.game.full_generator, self.game.changes_kinds) {
            (false, false) => self.generate_in::<S, false, false>(list),
            (false, true) => self.generate_in::<S, false, true>(list),
            (true, false) => self.generate_in::<S, true, false>(list),
            (true, true) => self.generate_in::<S, true, true>(list),
        }
    }

    fn generate_in<S: MoveSink, const FULL: bool, const CHANGES: bool>(&self, list: &mut S) {
        let g = self.game;
        let me = self.to_move;
        let mine = g.codes_of_player[me];
        for from in self.occupied_by[me].iter() {
            let code = self.at(from);
            let kind = g.kind_of_code(code);
            let set = g.moveset(me, kind, from);
            list.piece(from, code);
            // Atoms for unmoved pieces only are skipped for moved ones.
            let skip = if !FULL || self.unmoved.contains(from) {
                0
            } else {
                ir::UNMOVED_ONLY
            };
            for leap in g.leaps_of(set) {
                if FULL && leap.flags & skip != 0 {
                    continue;
                }
                let to = leap.to as usize;
                let target = self.at(to);
                if target == EMPTY {
                    if leap.flags & ir::MOVE != 0 {
                        self.push_landing::<S, CHANGES>(
                            list,
                            Move::by_atom(from, to, leap.flags, leap.becomes),
                            me,
                            kind,
                        );
                    }
                } else if leap.flags & ir::CAPTURE != 0 && mine >> target & 1 == 0 {
                    self.push_landing::<S, CHANGES>(
                        list,
                        Move::by_atom(from, to, leap.flags, leap.becomes),
                        me,
                        kind,
                    );
                }
            }
            for ray in g.rays_of(set) {
                if FULL && ray.flags & skip != 0 {
                    continue;
                }
                let cells = g.cells_of(ray);
                // The common ride (every cell a landing, no en passant, no
                // kind change) runs a lean loop; the rest the general one.
                if ray.flags & PLAIN_RIDE != 0 {
                    let quiet = ray.flags & ir::MOVE != 0;
                    let takes = ray.flags & ir::CAPTURE != 0;
                    for &to in cells {
                        let to = to as usize;
                        let target = self.at(to);
                        if target == EMPTY {
                            if quiet {
                                self.push_landing::<S, CHANGES>(
                                    list,
                                    Move::normal(from, to),
                                    me,
                                    kind,
                                );
                            }
                        } else {
                            if takes && mine >> target & 1 == 0 {
                                self.push_landing::<S, CHANGES>(
                                    list,
                                    Move::normal(from, to),
                                    me,
                                    kind,
                                );
                            }
                            break;
                        }
                    }
                    continue;
                }
                let first = ray.first_landing as usize;
                for (i, &to) in cells.iter().enumerate() {
                    let to = to as usize;
                    let target = self.at(to);
                    if target == EMPTY {
                        if ray.flags & ir::MOVE != 0 && i >= first {
                            let mut mv = Move::by_atom(from, to, ray.flags, ray.becomes);
                            if ray.flags & ir::CREATES_EN_PASSANT != 0 && i > 0 {
                                mv.kind = MoveKind::Passing;
                                mv.passed = i as u8;
                                mv.aux = ray.start;
                            }
                            self.push_landing::<S, CHANGES>(list, mv, me, kind);
                        }
                    } else {
                        if ray.flags & ir::CAPTURE != 0 && i >= first && mine >> target & 1 == 0 {
                            self.push_landing::<S, CHANGES>(
                                list,
                                Move::by_atom(from, to, ray.flags, ray.becomes),
                                me,
                                kind,
                            );
                        }
                        break;
                    }
                }
            }
            if FULL && set.hook_len > 0 {
                let hooks = &g.hooks[set.hook_start as usize..][..set.hook_len as usize];
                for hook in hooks {
                    let to = hook.to as usize;
                    let target = self.board[to];
                    let usable = hook.flags & skip == 0
                        && if target == EMPTY {
                            hook.flags & ir::MOVE != 0
                        } else {
                            hook.flags & ir::CAPTURE != 0 && mine >> target & 1 == 0
                        };
                    let none = NO_CELL as usize;
                    if usable && self.hook_open(hook.via_start, hook.via_len, none, none, none) {
                        self.push_landing::<S, CHANGES>(
                            list,
                            Move::by_atom(from, to, hook.flags, hook.becomes),
                            me,
                            kind,
                        );
                    }
                }
            }
            if FULL && set.swap_len > 0 {
                for swap in &g.swaps[set.swap_start as usize..][..set.swap_len as usize] {
                    let partner = self.board[swap.with as usize];
                    if partner != EMPTY
                        && mine >> partner & 1 != 0
                        && swap.partner_kinds >> g.kind_of[partner as usize] & 1 != 0
                    {
                        let mv = Move {
                            kind: MoveKind::Swap,
                            ..Move::normal(from, swap.with as usize)
                        };
                        self.push_landing::<S, CHANGES>(list, mv, me, kind);
                    }
                }
            }
        }
        if CHANGES && g.has_stacks {
            self.merge_moves(list);
        }
        let victim = self.ep_victim as u32;
        for right in self.en_passant_rights() {
            let from = right.attacker as usize;
            let code = self.board[from];
            if code != EMPTY && g.owner[code as usize] as usize == me {
                let kind = g.kind_of[code as usize] as usize;
                let to = right.cell as usize;
                // `passed` = 1: the piece also has a quiet move here, so
                // notation must tell the capture apart (`/ep`).
                let quiet = g.reaches(me, kind, from, to, ir::MOVE) as u8;
                let mv = Move {
                    kind: MoveKind::EnPassant,
                    aux: victim,
                    passed: quiet,
                    ..Move::normal(from, to)
                };
                self.push_landing::<S, CHANGES>(list, mv, me, kind);
            }
        }
        self.castling_moves(list);
    }

    /// Moves that land on a piece to form a stack with it (loading,
    /// boarding, taking aboard): any atom that may move to an empty cell
    /// may also form a stack where its landing cell holds a suitable piece.
    /// A stack is formed as it is: it neither promotes nor arrives.
    fn merge_moves<S: MoveSink>(&self, list: &mut S) {
        let g = self.game;
        let me = self.to_move;
        let codes = g.codes();
        for from in self.occupied_by[me].iter() {
            let code = self.at(from);
            if !g.merges[code as usize] {
                continue;
            }
            let kind = g.kind_of_code(code);
            let set = g.moveset(me, kind, from);
            let skip = if self.unmoved.contains(from) {
                0
            } else {
                ir::UNMOVED_ONLY
            };
            let mut add = |flags: u8, becomes: u8, to: usize, target: PieceCode| {
                let mover = if becomes != 0 {
                    g.code(me, becomes as usize - 1)
                } else {
                    code
                };
                let formed = g.merge[mover as usize * codes + target as usize];
                if formed != EMPTY {
                    let kind = if flags & ir::CARGO != 0 {
                        MoveKind::UnloadBoard
                    } else {
                        MoveKind::Board
                    };
                    list.add(
                        self,
                        Move {
                            kind,
                            aux: formed as u32,
                            ..Move::normal(from, to)
                        },
                    );
                }
            };
            for leap in g.leaps_of(set) {
                let target = self.at(leap.to as usize);
                if leap.flags & ir::MOVE != 0 && leap.flags & skip == 0 && target != EMPTY {
                    add(leap.flags, leap.becomes, leap.to as usize, target);
                }
            }
            for ray in g.rays_of(set) {
                if ray.flags & ir::MOVE == 0 || ray.flags & skip != 0 {
                    continue;
                }
                let cells = g.cells_of(ray);
                if let Some(i) = cells.iter().position(|&c| self.at(c as usize) != EMPTY) {
                    if i >= ray.first_landing as usize {
                        let to = cells[i] as usize;
                        add(ray.flags, ray.becomes, to, self.at(to));
                    }
                }
            }
        }
    }

    fn castling_moves<S: MoveSink>(&self, list: &mut S) {
        let g = self.game;
        let me = self.to_move;
        // Most nodes: the side's rights are gone (or it never had any).
        if self.rights & g.rights_of_player[me] == 0 && !g.repeatable_castling {
            return;
        }
        let enemies = self.enemy_codes(me);
        for &index in &g.castlings_of[me] {
            let c = &g.ir.castlings[index as usize];
            let right = g.castling_right[index as usize];
            let king = self.board[c.king_from as usize];
            let partner = self.board[c.partner_from as usize];
            let has_right = if c.repeatable {
                self.unmoved.contains(c.king_from as usize)
                    && partner != EMPTY
                    && c.partner_kinds >> g.kind_of[partner as usize] & 1 != 0
            } else {
                self.rights & right != 0
            };
            if !has_right
                || king == EMPTY
                || !g.royal_code[king as usize]
                || g.owner[king as usize] as usize != me
                || partner == EMPTY
                || g.owner[partner as usize] as usize != me
            {
                continue;
            }
            // The king's own right is its start cell's right bits: a moved king
            // cleared them all, so holding the partner's bit is enough.
            if c.must_be_empty
                .iter()
                .any(|&x| self.board[x as usize] != EMPTY)
            {
                continue;
            }
            if c.must_be_safe
                .iter()
                .any(|&x| self.attacked_by_codes(x as usize, enemies))
            {
                continue;
            }
            list.add(
                self,
                Move {
                    kind: MoveKind::Castle,
                    aux: index as u32,
                    ..Move::normal(c.king_from as usize, c.king_to as usize)
                },
            );
        }
    }

    /// Would `cell` be attacked by `codes` after a move from `from` to `to`
    /// that removes the piece on `removed` (the captured cell, or `NO_CELL`)?
    /// Evaluated on the current board, without playing the move.
    #[inline]
    fn attacked_after(
        &self,
        cell: usize,
        codes: u64,
        from: usize,
        to: usize,
        removed: usize,
    ) -> bool {
        let g = self.game;
        for a in g.leap_attackers(cell) {
            let at = a.cell as usize;
            if at != to && at != removed && (a.codes & codes) >> self.at(at) & 1 != 0 {
                return true;
            }
        }
        for line in g.attack_lines(cell) {
            if line.codes & codes == 0 {
                continue;
            }
            for a in g.line_cells(line) {
                let at = a.cell as usize;
                if at == to {
                    break;
                }
                let code = self.at(at);
                if code != EMPTY && at != from && at != removed {
                    if (a.codes & codes) >> code & 1 != 0 {
                        return true;
                    }
                    break;
                }
            }
        }
        for h in g.hook_attackers(cell) {
            let at = h.cell as usize;
            if at != to
                && at != removed
                && (h.codes & codes) >> self.board[at] & 1 != 0
                && self.hook_open(h.via_start, h.via_len, from, to, removed)
            {
                return true;
            }
        }
        false
    }

    /// Every cell a piece with a code in `codes` attacks while `vacated` is
    /// empty: for each empty cell, what `attacked_after(cell, codes,
    /// vacated, cell, cell)` says, found by walking the attackers' own move
    /// tables once.
    fn attack_map(&self, codes: u64, vacated: usize) -> CellSet {
        let g = self.game;
        let none = NO_CELL as usize;
        let mut map = CellSet::EMPTY;
        for p in 0..g.players {
            if g.codes_of_player[p] & codes == 0 {
                continue;
            }
            for from in self.occupied_by[p].iter() {
                let code = self.at(from);
                if codes >> code & 1 == 0 || from == vacated {
                    continue;
                }
                let set = g.moveset(p, g.kind_of_code(code), from);
                for leap in g.leaps_of(set) {
                    if leap.flags & ir::CAPTURE != 0 {
                        map.insert(leap.to as usize);
                    }
                }
                for ray in g.rays_of(set) {
                    if ray.flags & ir::CAPTURE == 0 {
                        continue;
                    }
                    let first = ray.first_landing as usize;
                    for (i, &c) in g.cells_of(ray).iter().enumerate() {
                        let c = c as usize;
                        if i >= first {
                            map.insert(c);
                        }
                        if c != vacated && self.at(c) != EMPTY {
                            break;
                        }
                    }
                }
                if set.hook_len > 0 {
                    for hook in &g.hooks[set.hook_start as usize..][..set.hook_len as usize] {
                        if hook.flags & ir::CAPTURE != 0
                            && self.hook_open(hook.via_start, hook.via_len, vacated, none, none)
                        {
                            map.insert(hook.to as usize);
                        }
                    }
                }
            }
        }
        map
    }

    /// Would the moved piece stand attacked on its target cell after `mv`?
    #[inline]
    fn lands_attacked(&self, mv: Move, enemies: u64) -> bool {
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
    fn exposes_royal(&self, mv: Move, enemies: u64) -> bool {
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
        })
    }

    /// Is a royal piece of the side to move attacked, and which of its own
    /// pieces stand alone between a royal piece and an enemy rider, or on
    /// the only intermediate cells of an enemy hook (pinned)? Only pinned
    /// pieces can expose a royal piece when it is not attacked: leaps cannot
    /// be blocked and pieces do not appear.
    #[inline]
    fn checks_and_pins(&self, enemies: u64) -> (bool, CellSet) {
        let g = self.game;
        let mine = g.codes_of_player[self.to_move];
        let mut pinned = CellSet::EMPTY;
        let mut check = false;
        for royal in self.royals_of[self.to_move].iter() {
            for a in g.leap_attackers(royal) {
                if (a.codes & enemies) >> self.board[a.cell as usize] & 1 != 0 {
                    check = true;
                }
            }
            for line in g.attack_lines(royal) {
                if line.codes & enemies == 0 {
                    continue;
                }
                let mut blocker = usize::MAX;
                for a in g.line_cells(line) {
                    let code = self.board[a.cell as usize];
                    if code == EMPTY {
                        continue;
                    }
                    if (a.codes & enemies) >> code & 1 != 0 {
                        if blocker == usize::MAX {
                            check = true;
                        } else {
                            pinned.insert(blocker);
                        }
                        break;
                    }
                    if blocker != usize::MAX || mine >> code & 1 == 0 {
                        break;
                    }
                    blocker = a.cell as usize;
                }
            }
            for h in g.hook_attackers(royal) {
                if (h.codes & enemies) >> self.board[h.cell as usize] & 1 == 0 {
                    continue;
                }
                let vias = &g.hook_cells[h.via_start as usize..][..h.via_len as usize];
                if vias.iter().any(|&v| self.board[v as usize] == EMPTY) {
                    check = true;
                } else {
                    for &v in vias {
                        if mine >> self.board[v as usize] & 1 != 0 {
                            pinned.insert(v as usize);
                        }
                    }
                }
            }
        }
        (check, pinned)
    }

    /// Is this pseudo-legal move (not a castling, swap or arrival) legal,
    /// given the node's checks and pins?
    #[inline(always)]
    fn simple_move_is_legal(
        &self,
        mv: Move,
        in_check: bool,
        pinned: &CellSet,
        enemies: u64,
        landing: &mut LandingMap,
    ) -> bool {
        if mv.unattacked {
            let attacked = if mv.kind == MoveKind::EnPassant {
                self.lands_attacked(mv, enemies)
            } else {
                if landing.from != mv.from as usize {
                    landing.attacked = self.attack_map(enemies, mv.from as usize);
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
                if in_check
                    || pinned.contains(mv.from as usize)
                    || self.game.royal_code[self.at(mv.from as usize) as usize]
                {
                    !self.exposes_royal(mv, enemies)
                } else {
                    true
                }
            }
        }
    }

    /// The number of legal moves, without building the list (perft's last ply).
    pub fn count_legal(&mut self) -> u64 {
        let me = self.to_move;
        let enemies = self.enemy_codes(me);
        let (in_check, pinned) = self.checks_and_pins(enemies);
        let mut deferred = std::mem::take(&mut self.scratch);
        deferred.clear();
        let mut counter = LegalCounter {
            count: 0,
            in_check,
            pinned,
            enemies,
            piece_free: false,
            free_codes: if in_check { 0 } else { self.game.free_codes },
            deferred,
            landing: LandingMap::NONE,
        };
        self.generate(&mut counter);
        // Moves that change more than one cell are played to be judged.
        for &mv in &counter.deferred {
            self.make(mv);
            if !self.royal_attacked(me) {
                counter.count += 1;
            }
            self.unmake(mv);
        }
        self.scratch = counter.deferred;
        counter.count
    }

    /// The strictly legal moves: no move leaves a royal piece of the mover attacked.
    pub fn legal_moves(&mut self, list: &mut Vec<Move>) {
        list.clear();
        self.pseudo_legal_moves(list);
        let me = self.to_move;
        let enemies = self.enemy_codes(me);
        let (in_check, pinned) = self.checks_and_pins(enemies);
        let mut landing = LandingMap::NONE;
        let mut i = 0;
        while i < list.len() {
            let mv = list[i];
            let legal = match mv.kind {
                // These change more than one cell or an owner: play them to see.
                kind if kind.judged_by_playing() => {
                    self.make(mv);
                    let ok = !self.royal_attacked(me);
                    self.unmake(mv);
                    ok
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

    pub fn make(&mut self, mv: Move) {
        let g = self.game;
        let from = mv.from as usize;
        let to = mv.to as usize;
        let mut undo = Undo {
            captured: EMPTY,
            captured_cell: NO_CELL,
            moved: self.board[from],
            rights: self.rights,
            budget: self.budget,
            declared: self.declared,
            agreed: self.agreed,
            unmoved: self.unmoved,
            ep_victim: self.ep_victim,
            ep_len: self.ep_len,
            ep_cells: self.ep_cells,
            ep_pairs: self.ep_range,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.hash,
        };
        self.history.push(self.hash);
        self.clear_en_passant();
        // Rights found now, before the passing piece leaves its cell.
        if mv.kind == MoveKind::Passing {
            let start = mv.aux as usize;
            let mover = self.to_move;
            let first = self.ep_stack.len() as u32;
            let passed = &g.ray_cells[start..start + mv.passed as usize];
            self.push_en_passant_rights(mover, passed);
            self.ep_range = (first, self.ep_stack.len() as u32);
        }
        let moved = self.take(from);
        self.set_unmoved(from, false);
        self.set_unmoved(to, false);
        let mut reset = g.resets_move_rule[moved as usize];
        match mv.kind {
            MoveKind::Castle => {
                let c = &g.ir.castlings[mv.aux as usize];
                let partner = self.take(c.partner_from as usize);
                self.put(c.partner_to as usize, partner);
                self.put(to, moved);
                self.set_unmoved(c.partner_from as usize, false);
                // Castling does not spend a repeatable castling's right.
                if c.repeatable {
                    self.set_unmoved(to, true);
                }
            }
            MoveKind::Board | MoveKind::UnloadBoard => {
                if mv.kind == MoveKind::UnloadBoard {
                    self.put(from, g.stack_parts[moved as usize].0);
                }
                // Taken aboard, not captured; irreversible all the same.
                undo.captured = self.take(to);
                undo.captured_cell = to as u16;
                self.put(to, mv.aux as PieceCode);
                reset = true;
            }
            MoveKind::Swap => {
                let partner = self.take(to);
                self.put(from, partner);
                let landed = if mv.promotion != 0 {
                    g.code(g.owner[moved as usize] as usize, mv.promotion as usize - 1)
                } else {
                    moved
                };
                self.put(to, landed);
            }
            _ => {
                let victim_cell = if mv.kind == MoveKind::EnPassant {
                    mv.aux as usize
                } else {
                    to
                };
                if mv.kind == MoveKind::Unload {
                    self.put(from, g.stack_parts[moved as usize].0);
                }
                if self.board[victim_cell] != EMPTY {
                    undo.captured = self.take(victim_cell);
                    undo.captured_cell = victim_cell as u16;
                    self.set_unmoved(victim_cell, false);
                    reset = true;
                }
                let landed = if mv.promotion != 0 {
                    g.code(g.owner[moved as usize] as usize, mv.promotion as usize - 1)
                } else {
                    moved
                };
                self.put(to, landed);
                if mv.kind == MoveKind::Passing {
                    let start = mv.aux as usize;
                    let cells = &g.ray_cells[start..start + mv.passed as usize];
                    self.ep_victim = to as u16;
                    self.ep_len = mv.passed;
                    self.ep_cells[..cells.len()].copy_from_slice(cells);
                    self.hash ^= g.zobrist_ep[to];
                } else if mv.kind == MoveKind::Arrival {
                    let rule = g.arrival[g.owner[moved as usize] as usize * g.kinds
                        + g.kind_of[moved as usize] as usize]
                        .as_ref()
                        .unwrap();
                    self.put(mv.aux as usize, rule.place_code);
                    self.set_unmoved(mv.aux as usize, true);
                    self.set_budget(rule.bit as usize, false);
                }
            }
        }
        let keep = g.rights_keep[from] & g.rights_keep[to];
        let lost = self.rights & !keep;
        if lost != 0 {
            for bit in 0..32 {
                if lost >> bit & 1 != 0 {
                    self.hash ^= g.zobrist_right[bit];
                }
            }
            self.rights &= keep;
        }
        self.halfmove = if reset {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        let next = (self.to_move + 1) % g.players;
        if next == g.ir.setup.to_move as usize {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.set_to_move(next);
        self.undo.push(undo);
    }

    pub fn unmake(&mut self, mv: Move) {
        let g = self.game;
        let undo = self.undo.pop().expect("unmake without make");
        self.history.pop();
        let previous = (self.to_move + g.players - 1) % g.players;
        self.to_move = previous;
        let from = mv.from as usize;
        let to = mv.to as usize;
        match mv.kind {
            MoveKind::Castle => {
                let c = &g.ir.castlings[mv.aux as usize];
                self.lift(to);
                let partner = self.lift(c.partner_to as usize);
                self.place(c.partner_from as usize, partner);
            }
            MoveKind::Swap => {
                let partner = self.lift(from);
                self.lift(to);
                self.place(to, partner);
            }
            MoveKind::Arrival => {
                self.lift(mv.aux as usize);
                self.lift(to);
            }
            MoveKind::Unload | MoveKind::UnloadBoard => {
                self.lift(to);
                self.lift(from);
            }
            _ => {
                self.lift(to);
            }
        }
        self.place(from, undo.moved);
        if undo.captured != EMPTY {
            self.place(undo.captured_cell as usize, undo.captured);
        }
        self.ep_stack.truncate(undo.ep_pairs.1 as usize);
        self.rights = undo.rights;
        self.budget = undo.budget;
        self.declared = undo.declared;
        self.agreed = undo.agreed;
        self.promotion_base = self.promotion_base_for(undo.agreed);
        self.unmoved = undo.unmoved;
        self.ep_victim = undo.ep_victim;
        self.ep_len = undo.ep_len;
        self.ep_cells = undo.ep_cells;
        self.ep_range = undo.ep_pairs;
        self.halfmove = undo.halfmove;
        self.fullmove = undo.fullmove;
        self.hash = undo.hash;
    }

    /// `take` without hashing (unmake restores the hash wholesale).
    #[inline(always)]
    fn lift(&mut self, cell: usize) -> PieceCode {
        let g = self.game;
        let code = self.board[cell];
        let owner = g.owner[code as usize] as usize;
        self.board[cell] = EMPTY;
        self.occupied_by[owner].remove(cell);
        self.royals_of[owner].remove(cell);
        code
    }

    /// `put` without hashing.
    #[inline(always)]
    fn place(&mut self, cell: usize, code: PieceCode) {
        let g = self.game;
        let owner = g.owner[code as usize] as usize;
        self.board[cell] = code;
        self.occupied_by[owner].insert(cell);
        if g.royal_code[code as usize] {
            self.royals_of[owner].insert(cell);
        }
    }

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
        for i in 0..list.len() {
            let mv = list[i];
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

    /// How often the current position has occurred (same hash), counting this one.
    pub fn repetitions(&self) -> u32 {
        let limit = self.halfmove as usize;
        1 + self
            .history
            .iter()
            .rev()
            .take(limit)
            .filter(|&&h| h == self.hash)
            .count() as u32
    }

    fn material_of(&self, player: usize) -> Vec<u8> {
        let mut kinds: Vec<u8> = self.occupied_by[player]
            .iter()
            .map(|c| self.game.kind_of[self.board[c] as usize])
            .collect();
        kinds.sort_unstable();
        kinds
    }

    /// The result if the game is over in this position (the side to move
    /// has no legal move, or a draw rule applies).
    pub fn result(&mut self) -> Option<GameResult> {
        let g = self.game;
        let end = &g.ir.end;
        let mut list = Vec::new();
        self.legal_moves(&mut list);
        let me = self.to_move;
        let two = g.players == 2;
        let outcome = |o: Outcome, end: GameEnd| GameResult {
            end,
            winner: match o {
                Outcome::Draw => None,
                Outcome::Win => Some(me),
                Outcome::Loss => two.then_some(1 - me).or(Some((me + 1) % g.players)),
            },
        };
        let drawn =
            g.ir.agreements
                .iter()
                .enumerate()
                .any(|(i, a)| a.effect == ir::AgreementEffect::Draw && self.agreed >> i & 1 != 0);
        if drawn {
            return Some(GameResult {
                end: GameEnd::Agreement,
                winner: None,
            });
        }
        if list.is_empty() {
            return Some(if self.in_check() {
                outcome(end.checkmate, GameEnd::Checkmate)
            } else {
                outcome(end.stalemate, GameEnd::Stalemate)
            });
        }
        if end.repetition > 0 && self.repetitions() >= end.repetition {
            return Some(GameResult {
                end: GameEnd::Repetition,
                winner: None,
            });
        }
        if end.move_rule > 0 && self.halfmove >= end.move_rule * g.players as u32 {
            return Some(GameResult {
                end: GameEnd::MoveRule,
                winner: None,
            });
        }
        if two && !end.insufficient.is_empty() {
            let a = self.material_of(0);
            let b = self.material_of(1);
            let sorted = |v: &Vec<u8>| {
                let mut v = v.clone();
                v.sort_unstable();
                v
            };
            if end.insufficient.iter().any(|[x, y]| {
                let (x, y) = (sorted(x), sorted(y));
                (x == a && y == b) || (x == b && y == a)
            }) {
                return Some(GameResult {
                    end: GameEnd::InsufficientMaterial,
                    winner: None,
                });
            }
        }
        None
    }
}
