//! Pseudo-legal move generation: leaps, rides and hooks from the per-cell
//! move tables, and landings that promote or trigger an arrival. Swaps
//! (`swaps.rs`), stack-forming moves (`stacks.rs`), en-passant captures
//! (`en_passant.rs`) and castling (`castling.rs`) are called from here.

use super::{Move, MoveKind, Position, NO_CELL, NO_PLAYER};
use crate::bitset::CellSet;
use crate::game::{PieceCode, EMPTY, PLAIN_RIDE};
use crate::ir::{self, Leap, MoveSet, Ray};

/// The targets already generated for the piece on `from`, kept only for
/// atoms whose landings another atom of the piece shares
/// (`ir::SHARED_LANDING`), so that each such move is made once.
struct Landed {
    cells: CellSet,
    from: usize,
}

impl Landed {
    /// Is this the first move from `from` to `to`? (Records it.)
    #[inline]
    fn first(&mut self, from: usize, to: usize) -> bool {
        if self.from != from {
            self.cells = CellSet::EMPTY;
            self.from = from;
        }
        let new = !self.cells.contains(to);
        self.cells.insert(to);
        new
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

/// The levels of the generator's `CHANGES` parameter: what it looks for
/// beyond plain landings. Each level includes the one before.
pub(super) mod changes {
    /// No move changes a piece's kind.
    pub(crate) const NONE: u8 = 0;
    /// Atoms that change the mover's kind (`becomes`) and stacks.
    pub(crate) const KINDS: u8 = 1;
    /// Promotions on leaving a zone (`or-leaving`), promotion limits and
    /// hopping rides and promotions in place (`in_place.rs`) too (the
    /// rare generator, `Game::rare_generator`).
    pub(crate) const RARE: u8 = 2;
}

impl<'g> Position<'g> {
    /// Adds the move, once per promotion choice where the piece must promote,
    /// and once per placement cell where its arrival places a piece.
    #[inline(always)]
    pub(super) fn push_landing<S: MoveSink, const CHANGES: u8>(
        &self,
        list: &mut S,
        mv: Move,
        player: usize,
        kind: usize,
    ) {
        let g = self.game;
        let pk = player * g.shape.kinds + kind;
        if g.lands_plainly(pk) {
            list.add(self, mv);
            return;
        }
        if CHANGES != changes::NONE && mv.promotion != 0 {
            self.push_changed::<S, CHANGES>(list, mv, player, kind);
            return;
        }
        // Most landings of a promoting piece are not on a promotion cell.
        if !g.special_landing(pk).contains(mv.to as usize) {
            list.add(self, mv);
            return;
        }
        self.push_promoting::<S, CHANGES>(list, mv, pk);
    }

    /// A move by which the piece changes kind: it lands as its new kind
    /// (which may promote there); a stack's kind-changing moves are its
    /// cargo's, which leaves and lands as itself.
    #[inline(never)]
    pub(super) fn push_changed<S: MoveSink, const CHANGES: u8>(
        &self,
        list: &mut S,
        mv: Move,
        player: usize,
        kind: usize,
    ) {
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
        self.push_promoting::<S, CHANGES>(
            list,
            mv,
            player * g.shape.kinds + mv.promotion as usize - 1,
        );
    }

    /// Would the piece on `cell` have had to promote on arriving there (its
    /// kind promotes on that cell under this position's promotion rules)?
    pub(crate) fn stands_on_promotion_cell(&self, cell: usize) -> bool {
        let g = self.game;
        let code = self.board[cell];
        if code == EMPTY {
            return false;
        }
        let kind = g.shape.kind_of[code as usize];
        let pk = g.shape.owner[code as usize] as usize * g.shape.kinds + kind as usize;
        if !g.landing.promotes[pk] {
            return false;
        }
        let (start, len) = g.landing.promotion_at[self.promotion_base + pk * g.shape.cells + cell];
        // Where the piece may stay (an optional promotion) it did not have to.
        len > 0 && !g.landing.promotion_choices[start as usize..][..len as usize].contains(&kind)
    }

    /// A move leaving a promotion zone (`or-leaving`): once per choice,
    /// the piece's own kind as the plain move.
    #[inline(never)]
    fn push_leaving<S: MoveSink>(&self, list: &mut S, mv: Move, pk: usize, choices: &[u8]) {
        let own = pk % self.game.shape.kinds;
        for &choice in choices {
            let promotion = if choice as usize == own {
                mv.promotion
            } else {
                choice + 1
            };
            list.add(self, Move { promotion, ..mv });
        }
    }

    /// Promotion and arrival for a piece of `player * kinds + kind` = `pk`
    /// landing. Promotions on leaving a zone and promotion limits only in
    /// the rare generator (`changes::RARE`): a test for them, inlined at
    /// every place the generator adds a move, made generation 2-6% dearer
    /// in games that use neither (callgrind, docs/PERFORMANCE.md).
    #[inline(always)]
    pub(super) fn push_promoting<S: MoveSink, const CHANGES: u8>(
        &self,
        list: &mut S,
        mv: Move,
        pk: usize,
    ) {
        let g = self.game;
        if g.landing.promotes[pk] {
            let (start, len) =
                g.landing.promotion_at[self.promotion_base + pk * g.shape.cells + mv.to as usize];
            if len > 0 {
                for &choice in &g.landing.promotion_choices[start as usize..][..len as usize] {
                    if CHANGES == changes::RARE && self.promotion_limited(choice) {
                        continue;
                    }
                    // A choice of the piece's own kind: it may stay what it
                    // is (an optional promotion), a plain landing.
                    let promotion = if choice as usize == pk % g.shape.kinds {
                        mv.promotion
                    } else {
                        choice + 1
                    };
                    list.add(self, Move { promotion, ..mv });
                }
                return;
            }
        }
        // A kind that may promote on leaving a zone has every cell special.
        if CHANGES == changes::RARE {
            if let Some(leaving) = &g.landing.leaving {
                if leaving.from[pk].contains(mv.from as usize) {
                    self.push_leaving(list, mv, pk, &leaving.choices[pk]);
                    return;
                }
            }
        }
        if let Some(rule) = &g.landing.arrival[pk] {
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

    /// `promotion-limit`: has the side to move as many pieces of `kind` as
    /// its limit allows?
    #[inline(never)]
    pub(super) fn promotion_limited(&self, kind: u8) -> bool {
        let Some(limits) = &self.game.landing.limits else {
            return false;
        };
        let below = limits[kind as usize];
        if below == 0 {
            return false;
        }
        let code = self.game.code(self.to_move, kind as usize);
        let held = self.occupied_by[self.to_move]
            .iter()
            .filter(|&c| self.board[c] == code)
            .count();
        held >= below as usize
    }

    /// Every move obeying the piece rules, whether or not it leaves a royal
    /// piece attacked.
    pub fn pseudo_legal_moves(&self, list: &mut Vec<Move>) {
        self.generate(list);
    }

    /// Games that use none of the rarer mechanisms get a generator without
    /// their checks: `FULL` for unmoved-only atoms, hooks and swaps,
    /// `CHANGES` (a `changes` level) for moves that change a piece's kind
    /// (and stacks), and promotions on leaving a zone.
    #[inline(always)]
    pub(super) fn generate<S: MoveSink>(&self, list: &mut S) {
        use changes::{KINDS, NONE};
        // A game won by an arrival is over: nobody moves.
        if self.won != NO_PLAYER {
            return;
        }
        let g = self.game;
        // Few games promote on leaving or gate: they take the generator
        // that checks everything.
        if g.rare_generator {
            return self.generate_rare(list);
        }
        match (g.moves.full_generator, g.landing.changes_kinds) {
            (false, false) => self.generate_in::<S, false, NONE>(list),
            (false, true) => self.generate_in::<S, false, KINDS>(list),
            (true, false) => self.generate_in::<S, true, NONE>(list),
            (true, true) => self.generate_in::<S, true, KINDS>(list),
        }
    }

    /// The generator that checks everything, promotions on leaving a zone
    /// included, its moves passed through gating where the mover may gate,
    /// and without the captures barred between kinds.
    #[inline(never)]
    fn generate_rare<S: MoveSink>(&self, list: &mut S) {
        match &self.game.capture_bars {
            Some(bars) => {
                let mut sink = super::explosion::BarredSink { inner: list, bars };
                self.generate_rare_in(&mut sink);
            }
            None => self.generate_rare_in(list),
        }
    }

    /// `generate_rare` past the barred captures.
    fn generate_rare_in<S: MoveSink>(&self, list: &mut S) {
        let gating = self.game.hands.as_ref().and_then(|h| h.gating.as_ref());
        match gating {
            Some(gating) if self.holds_gating_kind(gating) => {
                let mut sink = super::gating::GatingSink {
                    inner: list,
                    gating,
                };
                self.generate_in::<_, true, { changes::RARE }>(&mut sink);
            }
            _ => self.generate_in::<S, true, { changes::RARE }>(list),
        }
    }

    pub(super) fn generate_in<S: MoveSink, const FULL: bool, const CHANGES: u8>(
        &self,
        list: &mut S,
    ) {
        let g = self.game;
        let me = self.to_move;
        let takes_row = g.takes_row(me, crate::game::others_of(self.out as usize, me));
        let mut landed = Landed {
            cells: CellSet::EMPTY,
            from: usize::MAX,
        };
        // `not-in-check` atoms are skipped while the side to move is in check.
        let check_skip = if FULL && g.moves.not_in_check && self.in_check() {
            ir::NOT_IN_CHECK
        } else {
            0
        };
        for from in self.occupied_by[me].iter() {
            let code = self.at(from);
            let kind = g.kind_of_code(code);
            let set = g.moveset(me, kind, from);
            list.piece(from, code);
            // Atoms for unmoved pieces only are skipped for moved ones.
            let skip = check_skip
                | if !FULL || self.unmoved.contains(from) {
                    0
                } else {
                    ir::UNMOVED_ONLY
                };
            let mover = Mover {
                me,
                kind,
                from,
                skip,
                takes_row,
            };
            self.leap_moves::<S, FULL, CHANGES>(list, &mover, g.leaps_of(set), &mut landed);
            self.ride_moves::<S, FULL, CHANGES>(list, &mover, g.rays_of(set), &mut landed);
            if FULL && set.hook_len > 0 {
                self.hook_moves::<S, CHANGES>(list, &mover, set);
            }
            if FULL && set.swap_len > 0 {
                self.swap_moves::<S, CHANGES>(list, &mover, set);
            }
            if CHANGES == changes::RARE {
                if let Some(hops) = &g.hops {
                    let rays = hops.of((me * g.shape.kinds + kind) * g.shape.cells + from);
                    if !rays.is_empty() {
                        self.hop_moves::<S, CHANGES>(list, &mover, rays);
                    }
                }
            }
        }
        if CHANGES != changes::NONE {
            if let Some(stacks) = &g.stacks {
                self.merge_moves(list, stacks);
            }
        }
        if CHANGES == changes::RARE {
            if let Some(in_place) = &g.landing.in_place {
                self.in_place_promotions(list, in_place);
            }
        }
        self.en_passant_moves::<S, CHANGES>(list);
        self.castling_moves(list);
        if let Some(hands) = &g.hands {
            self.drop_moves(list, hands);
        }
    }

    /// The leaps of one piece.
    #[inline(always)]
    fn leap_moves<S: MoveSink, const FULL: bool, const CHANGES: u8>(
        &self,
        list: &mut S,
        m: &Mover,
        leaps: &[Leap],
        landed: &mut Landed,
    ) {
        let from = m.from;
        for leap in leaps {
            if FULL && leap.flags & m.skip != 0 {
                continue;
            }
            let to = leap.to as usize;
            let target = self.at(to);
            let shared = leap.flags & ir::SHARED_LANDING != 0;
            if target == EMPTY {
                if leap.flags & ir::MOVE != 0 && (!shared || landed.first(from, to)) {
                    self.push_landing::<S, CHANGES>(
                        list,
                        Move::by_atom(from, to, leap.flags, leap.becomes),
                        m.me,
                        m.kind,
                    );
                }
            } else if leap.flags & ir::CAPTURE != 0
                && m.takes(target)
                && (!shared || landed.first(from, to))
            {
                self.push_landing::<S, CHANGES>(
                    list,
                    Move::by_atom(from, to, leap.flags, leap.becomes),
                    m.me,
                    m.kind,
                );
            }
        }
    }

    /// The rides of one piece: the common ride (every cell a landing, no
    /// en passant, no kind change) runs a lean loop; the rest the general one.
    #[inline(always)]
    fn ride_moves<S: MoveSink, const FULL: bool, const CHANGES: u8>(
        &self,
        list: &mut S,
        m: &Mover,
        rays: &[Ray],
        landed: &mut Landed,
    ) {
        for ray in rays {
            if FULL && ray.flags & m.skip != 0 {
                continue;
            }
            if ray.flags & PLAIN_RIDE != 0 {
                self.plain_ride::<S, CHANGES>(list, m, ray);
            } else {
                self.general_ride::<S, CHANGES>(list, m, ray, landed);
            }
        }
    }

    /// A ride that lands on every cell until the first piece, which it may take.
    #[inline(always)]
    fn plain_ride<S: MoveSink, const CHANGES: u8>(&self, list: &mut S, m: &Mover, ray: &Ray) {
        let quiet = ray.flags & ir::MOVE != 0;
        let captures = ray.flags & ir::CAPTURE != 0;
        for &to in self.game.cells_of(ray) {
            let to = to as usize;
            let target = self.at(to);
            if target == EMPTY {
                if quiet {
                    self.push_landing::<S, CHANGES>(list, Move::normal(m.from, to), m.me, m.kind);
                }
            } else {
                if captures && m.takes(target) {
                    self.push_landing::<S, CHANGES>(list, Move::normal(m.from, to), m.me, m.kind);
                }
                break;
            }
        }
    }

    /// A ride with a first landing past its start, a shared landing, a
    /// passing that opens en passant, a change of kind, or a flight.
    #[inline(always)]
    fn general_ride<S: MoveSink, const CHANGES: u8>(
        &self,
        list: &mut S,
        m: &Mover,
        ray: &Ray,
        landed: &mut Landed,
    ) {
        let g = self.game;
        let from = m.from;
        let first = ray.first_landing as usize;
        let shared = ray.flags & ir::SHARED_LANDING != 0;
        for (i, &to) in g.cells_of(ray).iter().enumerate() {
            let to = to as usize;
            let target = self.at(to);
            if target == EMPTY {
                if ray.flags & ir::MOVE != 0 && i >= first && (!shared || landed.first(from, to)) {
                    let mut mv = Move::by_atom(from, to, ray.flags, ray.becomes);
                    if ray.flags & ir::CREATES_EN_PASSANT != 0 && i > 0 {
                        mv.kind = MoveKind::Passing;
                        mv.passed = i as u8;
                        mv.aux = ray.start;
                    }
                    self.push_landing::<S, CHANGES>(list, mv, m.me, m.kind);
                }
            } else {
                // A flight passes over every piece but a frozen royal one
                // (a King out of the game).
                if ray.flags & ir::FLY_OVER != 0 {
                    if g.shape.royal_code[target as usize]
                        && !self.in_play(g.shape.owner[target as usize] as usize)
                    {
                        break;
                    }
                    continue;
                }
                if ray.flags & ir::CAPTURE != 0
                    && i >= first
                    && m.takes(target)
                    && (!shared || landed.first(from, to))
                {
                    self.push_landing::<S, CHANGES>(
                        list,
                        Move::by_atom(from, to, ray.flags, ray.becomes),
                        m.me,
                        m.kind,
                    );
                }
                break;
            }
        }
    }

    /// The hooks (bent moves) of one piece: each needs one of its routes open.
    #[inline(always)]
    fn hook_moves<S: MoveSink, const CHANGES: u8>(&self, list: &mut S, m: &Mover, set: &MoveSet) {
        let hooks = &self.game.moves.hooks[set.hook_start as usize..][..set.hook_len as usize];
        for hook in hooks {
            let to = hook.to as usize;
            let target = self.board[to];
            let usable = hook.flags & m.skip == 0
                && if target == EMPTY {
                    hook.flags & ir::MOVE != 0
                } else {
                    hook.flags & ir::CAPTURE != 0 && m.takes(target)
                };
            let none = NO_CELL as usize;
            let all = hook.flags & ir::LAME != 0;
            if usable && self.hook_open(hook.via_start, hook.via_len, all, none, none, none) {
                self.push_landing::<S, CHANGES>(
                    list,
                    Move::by_atom(m.from, to, hook.flags, hook.becomes),
                    m.me,
                    m.kind,
                );
            }
        }
    }
}

/// The piece whose moves are being generated, and what its side may take.
pub(super) struct Mover<'r> {
    pub(super) me: usize,
    pub(super) kind: usize,
    pub(super) from: usize,
    /// Atom flags skipped for this piece (`UNMOVED_ONLY` once it has moved,
    /// `NOT_IN_CHECK` while its side is in check).
    pub(super) skip: u16,
    /// Per piece code: may the side to move take it (`Game::takes_row`)?
    pub(super) takes_row: &'r [bool],
}

impl Mover<'_> {
    #[inline(always)]
    pub(super) fn takes(&self, code: PieceCode) -> bool {
        *crate::unchecked::get(self.takes_row, code as usize)
    }
}
