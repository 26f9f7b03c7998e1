//! Loading: the one place where IR is validated. A `Game` is a composition
//! of loaded parts, one file per mechanism, each built by its own `build`
//! from the IR and the parts before it, checking every index it will trust
//! (so move generation never re-checks anything):
//!
//! | part | file | what it holds |
//! |---|---|---|
//! | shape | `shape.rs` | cells, players, kinds, piece codes (and the setup, marks, regions checked) |
//! | en passant | `en_passant.rs` | how long a passing stays open, the records' limits |
//! | move tables | `moves.rs` | leaps, rides, hooks, swaps per (player, kind, cell) |
//! | stacks | `stacks.rs` | a stack's parts, which move forms which stack (absent: no stacks) |
//! | sides | `sides.rs` | teams, players going out, enemies, who may take what |
//! | declarations | `declarations.rs` | agreements (checked; their tables are the IR's) |
//! | landing | `landing.rs`, `reach.rs` | promotion, arrivals, winning cells, plain landings |
//! | castling | `castling.rs` | castling groups and rights (absent: no castling) |
//! | unmoved | `unmoved.rs` | whose having moved matters (absent: nobody's) |
//! | attack views | `attacks.rs` | reverse attack tables per player and others out |
//! | keys | `keys.rs` | Zobrist keys, in a pinned order |
//! | insufficient | `insufficient.rs` | `insufficient` declarations ready for matching |
//! | rule ends | `rule_ends.rs` | extinction, check counting, arrivals answered or held (absent: none) |
//! | obligations | `obligations.rs` | captures forced, checks forbidden, checkers to be taken |
//! | mate rules | `mate_rules.rs` | conditions on checkmates (absent: none) |
//! | chase | `chase.rs` | what a chase is, for `perpetual-chase` (absent: none) |
//! | counting | `counting.rs` | the counting rule's honour tables (absent: none) |
//! | hands | `hands.rs` | what captures add to a hand, starting hands, drop cells (absent: no hands) |
//! | hops, facing | `hops.rs` | hopping rides per (player, kind, cell); lines royal pieces may not face along (absent: none) |
//! | explosion | `explosion.rs` | the cells a capture blasts per cell, the codes it removes (absent: no explosions); captures barred between kinds (absent: none) |
//!
//! A mechanism a game does not use is an absent part (`Option`): the game
//! pays nothing for it. `error.rs` holds `LoadError`.
//!
//! What the unchecked hot loop (`unchecked.rs`) relies on, and the check
//! that enforces each (the `LoadError` it refuses with, by part):
//!
//! - at most `MAX_CELLS` cells, so every cell fits a `CellSet`; at most
//!   `MAX_CODES` piece codes (shape: `CellCount`, `TooManyCodes`);
//! - cells and players are named once each, as the language writes names,
//!   a cell's name in at most `MAX_CELL_NAME` bytes (shape:
//!   `DuplicateCellName`, `CellNameLength`, `CellNameCharacters`,
//!   `DuplicatePlayerName`, `PlayerName`);
//! - every code that can stand on the board is a code of the game: setup
//!   placements (shape: `PlacementRange`), kinds an atom turns into (move
//!   tables: `UnknownBecomes`), promotion choices (landing:
//!   `PromotionRange`), placed kinds of arrivals (landing: `ArrivalRange`),
//!   a stack's parts (stacks: `StackParts`);
//! - every move set's leap, ride, hook and swap range lies in its table, and
//!   every cell an atom names is a cell: leap targets, ride cells and first
//!   landings, hook targets and routes, swap partners (move tables:
//!   `MoveSetRange`, `LeapTargetOffBoard`, `RayRange`, `RayCellOffBoard`,
//!   `FirstLandingPastEnd`, `HookRange`, `HookCellOffBoard`,
//!   `SwapPartnerOffBoard`, `SwapWithItself`);
//! - a passing opens at most `MAX_EN_PASSANT` cells, and lasting passings
//!   fit one record per player (en passant: `LongEnPassantRay`,
//!   `TooManyPlayersForLastingPassings`);
//! - tables kept per set of players out stay small (sides:
//!   `TooManyPlayersToEliminate`); arrival budgets and declarations fit 32
//!   bits (landing: `TooManyArrivals`, `TwoArrivalRules`; declarations:
//!   `TooManyDeclarations`, `AgreementMarkers`);
//! - a castling's cells are cells, its rights fit 32 bits, and its king and
//!   partner land only on cells it requires empty or vacates, so `make`
//!   never puts a piece over another (castling: `CastlingRange`,
//!   `CastlingCellsClash`, `TooManyCastlingPartners`,
//!   `CastlingLandsOnAPiece`);
//! - the attack views' indices are the loader's own, and their code sets
//!   fit 16 bits (attack views: `TooManyAttackSets`).
//!
//! What the rest of the runtime relies on (no memory at stake, but a wrong
//! count, an unreadable text or a move made twice), refused the same way:
//!
//! - a castling moves its king (castling: `CastlingKingStays`);
//! - every ride has a cell, no atom lands on or passes its piece's own
//!   cell, and each move is generated once: leaps alike are merged and
//!   plain atoms sharing a landing are marked `SHARED_LANDING` (move
//!   tables: `EmptyRay`, `AtomOntoItsOwnCell`, `DuplicateLanding`);
//! - each kind's letter is a Latin capital and every letter and alias
//!   names one kind, an alias holding nothing the notations read (shape:
//!   `KindLetter`, `KindAlias`, `KindNameClash`);
//! - the geometry is one a board statement can give, every board cell lies
//!   inside it and no two cells share a point, so FEN and the pictures find
//!   each cell by its point (shape: `GeometrySize`, `TriangleGeometrySize`,
//!   `RoundGeometrySize`, `FileLabels`, `CellOutsideGeometry`,
//!   `TwoCellsAtOnePoint`, `CoordinateRange`);
//! - the end rules' counts are the language's (`crate::limits`), so the
//!   move rule's count of half moves never wraps (sides: `PointsRange`,
//!   `RepetitionCount`, `MoveRuleCount`; rule ends: `ChecksToWin`).
//!
//! The limits the checker and the loader share are defined once, in
//! `crate::limits`. The IR's checksum guards against damage, not forgery:
//! its refusal never tells the expected sum, and this validation runs on
//! every IR.

use crate::bitset::CellSet;
use crate::codes::CodeSet;
use crate::ir::{self, GameIr, Leap, MoveSet, Ray};
use crate::unchecked;

mod attacks;
mod castling;
mod chase;
mod counting;
mod declarations;
mod en_passant;
mod error;
mod explosion;
pub(crate) mod gating;
mod hands;
mod hops;
mod insufficient;
mod keys;
mod landing;
mod mate_rules;
mod moves;
mod obligations;
mod passing;
pub(crate) use passing::MaterialCount;
mod reach;
mod rule_ends;
mod shape;
mod sides;
mod stacks;
mod unmoved;

pub(crate) use attacks::{AttackView, Attacks};
pub(crate) use castling::Castling;
pub(crate) use chase::ChaseRules;
pub(crate) use counting::Counting;
pub use counting::MAX_COUNT_MOVES;
pub(crate) use en_passant::EnPassantRules;
pub use en_passant::{MAX_EN_PASSANT, MAX_LASTING_PASSINGS};
pub use error::LoadError;
pub use explosion::MAX_BLAST;
pub(crate) use explosion::{CaptureBars, Explosion};
pub(crate) use hands::{Hands, Split as DropSplit, NO_KIND};
pub use insufficient::MAX_DECLARED_PIECES;
pub(crate) use insufficient::{DeclaredSide, Insufficient};
pub(crate) use keys::Keys;
pub use landing::ArrivalRule;
pub(crate) use landing::{InPlace, InPlaceRule, Landing};
pub(crate) use mate_rules::MateRules;
pub(crate) use moves::MoveTables;
pub use moves::PLAIN_RIDE;
pub(crate) use obligations::Obligations;
pub(crate) use rule_ends::RuleEnds;
pub use rule_ends::MAX_CHECKS_TO_WIN;
pub(crate) use shape::Shape;
pub use shape::MAX_CELL_NAME;
pub use sides::MAX_ELIMINATION_PLAYERS;
pub(crate) use sides::{others_of, Sides};
pub(crate) use stacks::Stacks;
pub(crate) use unmoved::FirstMoveLoss;
pub(crate) use unmoved::Unmoved;

/// A piece on the board: 0 is an empty cell, otherwise `1 + player * kinds + kind`.
pub use crate::codes::{PieceCode, EMPTY};

/// A loaded game: the IR it came from and its parts (see the table above).
pub struct Game {
    pub(crate) ir: GameIr,
    pub(crate) shape: Shape,
    pub(crate) moves: MoveTables,
    pub(crate) en_passant: EnPassantRules,
    pub(crate) stacks: Option<Stacks>,
    pub(crate) sides: Sides,
    pub(crate) landing: Landing,
    pub(crate) castling: Option<Castling>,
    pub(crate) unmoved: Option<Unmoved>,
    pub(crate) attacks: Attacks,
    pub(crate) keys: Keys,
    pub(crate) insufficient: Insufficient,
    pub(crate) rule_ends: Option<RuleEnds>,
    pub(crate) obligations: Obligations,
    pub(crate) counting: Option<Counting>,
    pub(crate) first_move_loss: Option<FirstMoveLoss>,
    pub(crate) mate_rules: Option<MateRules>,
    /// `perpetual-chase`: what a chase is (`None`: no such rule).
    pub(crate) chase: Option<ChaseRules>,
    pub(crate) hands: Option<Hands>,
    pub(crate) hops: Option<hops::Hops>,
    pub(crate) facing: Option<hops::Facing>,
    /// Hoppers (a piece that moves onto a line can give check through
    /// it), facing royal pieces or lame leaps with several cells to pass:
    /// the legality judge looks at every move, no pins trusted.
    pub(crate) judge_every_move: bool,
    /// The game promotes on leaving a zone or in place, limits promotions
    /// or gates: its moves come from
    /// `Position::generate_rare` (one test per generation for the others).
    pub(crate) rare_generator: bool,
    /// Captures blast the pieces around their landing cell (`explosion`).
    pub(crate) explosion: Option<Explosion>,
    /// Captures barred between kinds (`uncapturable KINDS by KINDS`),
    /// filtered in the rare generator.
    pub(crate) capture_bars: Option<CaptureBars>,
    /// A player may pass: always when not in check (`pass`), or while
    /// facing royal pieces must be broken (`passing.rs`).
    pub(crate) passes: bool,
    /// Legality is judged move by move, never over the whole list: no end
    /// rule the position may have decided, no pass, no wall, no
    /// obligation over the list, no blast that reaches royal pieces
    /// (`Position::legal_moves_where`). Players going out do not matter
    /// here: their forced pass or `out` when nothing else moves is never
    /// among the moves `legal_moves_where` keeps.
    pub(crate) judged_per_move: bool,
    /// `material-count`: draws decided by the pieces left.
    pub(crate) material_count: Option<passing::MaterialCount>,
    /// `wall KIND`: the wall piece's code (player 0's).
    pub(crate) wall: Option<PieceCode>,
}

/// (flags, becomes) of every atom of `player`'s `kind`, from every cell
/// (ranges already checked by `MoveTables::build`).
fn atoms_of(ir: &GameIr, player: usize, kind: usize) -> impl Iterator<Item = (u16, u8)> + '_ {
    let (kinds, cells) = (ir.kinds.len(), ir.cells.len());
    ir.moves[(player * kinds + kind) * cells..][..cells]
        .iter()
        .flat_map(move |set| {
            let leaps = ir.leaps[set.leap_start as usize..][..set.leap_len as usize]
                .iter()
                .map(|l| (l.flags, l.becomes));
            let rays = ir.rays[set.ray_start as usize..][..set.ray_len as usize]
                .iter()
                .map(|r| (r.flags, r.becomes));
            let hooks = ir.hooks[set.hook_start as usize..][..set.hook_len as usize]
                .iter()
                .map(|h| (h.flags, h.becomes));
            leaps.chain(rays).chain(hooks)
        })
}

impl Game {
    /// Builds every part in order; each checks the indices it will trust
    /// and may rely on the parts before it.
    pub fn load(ir: GameIr) -> Result<Game, LoadError> {
        crate::load_count::note_load();
        let shape = Shape::build(&ir)?;
        let en_passant = EnPassantRules::build(&ir)?;
        let mut moves = MoveTables::build(&ir, &shape)?;
        let stacks = Stacks::build(&ir, &shape)?;
        let sides = Sides::build(&ir, &shape)?;
        declarations::check_agreements(&ir, &shape)?;
        let landing = Landing::build(&ir, &shape)?;
        let castling = Castling::build(&ir, &shape)?;
        let unmoved = Unmoved::build(&ir, &shape);
        // The hop rides are checked before the attack views read them.
        let hops = hops::Hops::build(&ir, &shape)?;
        let attacks = Attacks::build(&ir, &shape, &sides)?;
        let rule_ends = RuleEnds::build(&ir, &shape)?;
        let obligations = Obligations::build(&ir, &shape)?;
        let counting = Counting::build(&ir, &shape)?;
        let first_move_loss = FirstMoveLoss::build(&ir, &shape)?;
        let mate_rules = MateRules::build(&ir, &shape)?;
        let chase = ChaseRules::build(&ir, &shape)?;
        let hands = Hands::build(&ir, &shape)?;
        // A drop leaves an empty cell (its `from`): where a royal kind may
        // be dropped, the judge must look at every drop.
        if hands.as_ref().is_some_and(|h| h.drops_a_royal(&shape)) {
            moves.royal_makers.insert(EMPTY);
        }
        let keys = Keys::build(&shape, ir.end.checks_to_win);
        let insufficient = Insufficient::build(&ir, &shape)?;
        let facing = hops::Facing::build(&ir, &shape)?;
        let judge_every_move = hops.is_some()
            || facing.is_some()
            || ir
                .hooks
                .iter()
                .any(|h| h.flags & ir::LAME != 0 && h.via_len > 1);
        let mut explosion = Explosion::build(&ir, &shape)?;
        // Castling's safe cells, where a blast can remove a royal piece, are
        // judged with the blasts by the legality judge, not by the generator
        // (`Explosion::castling_safe`); `Castling::build` checked them.
        let mut ir = ir;
        if let Some(e) = explosion.as_mut().filter(|e| e.reaches_royals) {
            e.castling_safe = ir
                .castlings
                .iter_mut()
                .map(|c| std::mem::take(&mut c.must_be_safe))
                .collect();
        }
        // Where blasts can reach royal pieces, legality plays every move:
        // counting builds the list, as under an obligation.
        let mut obligations = obligations;
        obligations.any |= explosion.as_ref().is_some_and(|e| e.reaches_royals);
        let capture_bars = CaptureBars::build(&ir, &shape)?;
        let rare_generator = hops.is_some()
            || landing.leaving.is_some()
            || landing.limits.is_some()
            || landing.in_place.is_some()
            || hands.as_ref().is_some_and(|h| h.gating.is_some())
            || capture_bars.is_some();
        let passes = ir.pass_moves || facing.as_ref().is_some_and(|f| f.must_break.is_some());
        let material_count = passing::MaterialCount::build(&ir, &shape)?;
        let wall = passing::wall_code(&ir, &shape)?;
        let judged_per_move = rule_ends.is_none()
            && !passes
            && wall.is_none()
            && !obligations.any
            && explosion.as_ref().is_none_or(|e| !e.reaches_royals);
        Ok(Game {
            judged_per_move,
            passes,
            material_count,
            wall,
            rare_generator,
            hops,
            facing,
            judge_every_move,
            explosion,
            capture_bars,
            ir,
            shape,
            moves,
            en_passant,
            stacks,
            sides,
            landing,
            castling,
            unmoved,
            attacks,
            keys,
            insufficient,
            rule_ends,
            obligations,
            counting,
            first_move_loss,
            mate_rules,
            chase,
            hands,
        })
    }

    /// The one kind `kind` promotes to (its promotion rules' choices other
    /// than itself, and the kinds its moves turn it into (`becomes`), for
    /// any player), if there is exactly one: what a FEN's `+X` names.
    pub fn promoted_kind(&self, kind: usize) -> Option<usize> {
        let mut found: Option<u8> = None;
        let by_rules = self
            .ir
            .promotions
            .iter()
            .filter(|r| r.kind as usize == kind)
            .flat_map(|r| r.choices.iter().copied());
        let players = self.shape.players;
        let by_moves = (0..players)
            .flat_map(|p| atoms_of(&self.ir, p, kind))
            .filter_map(|(_, becomes)| becomes.checked_sub(1));
        for c in by_rules.chain(by_moves).filter(|&c| c as usize != kind) {
            if found.is_some_and(|f| f != c) {
                return None;
            }
            found = Some(c);
        }
        found.map(usize::from)
    }

    /// The number of piece codes, the empty cell included.
    #[inline(always)]
    pub(crate) fn codes(&self) -> usize {
        self.shape.codes()
    }

    #[inline(always)]
    pub fn code(&self, player: usize, kind: usize) -> PieceCode {
        (1 + player * self.shape.kinds + kind) as PieceCode
    }

    /// The move table of one (player, kind, cell); the three come from the
    /// loaded game (a board code's owner and kind, an occupied cell).
    #[inline(always)]
    pub(crate) fn moveset(&self, player: usize, kind: usize, cell: usize) -> &MoveSet {
        unchecked::get(
            &self.moves.movesets,
            (player * self.shape.kinds + kind) * self.shape.cells + cell,
        )
    }

    /// Who among `player`'s enemies in play may attack a cell, from where;
    /// `others_out` is the set of the other players out, numbered without
    /// `player`'s own bit (always 0 in a game where nobody goes out).
    #[inline(always)]
    pub(crate) fn attacks_on(&self, player: usize, others_out: usize) -> &AttackView {
        self.attacks.on(player, others_out)
    }

    /// Bit per piece code of `player`'s enemies in play (see `attacks_on`).
    #[inline(always)]
    pub(crate) fn enemies_of(&self, player: usize, others_out: usize) -> &CodeSet {
        unchecked::get(
            &self.sides.enemy_codes,
            player * self.sides.out_masks + others_out,
        )
    }

    /// Who among `player`'s enemies that capture en passant may attack a
    /// cell, from where.
    #[inline(always)]
    pub(crate) fn en_passant_attacks_on(&self, player: usize) -> &AttackView {
        self.attacks.en_passant_on(player)
    }

    /// Who may attack a cell, any code.
    #[inline(always)]
    pub(crate) fn attacks_by_any(&self) -> &AttackView {
        self.attacks.by_any()
    }

    #[inline(always)]
    pub(crate) fn special_landing(&self, player_kind: usize) -> &CellSet {
        self.landing.special_landing(player_kind)
    }

    /// Is a move of this (player * kinds + kind) pushed as generated (no
    /// promotion, arrival or change of kind to look for)?
    #[inline(always)]
    pub(crate) fn lands_plainly(&self, player_kind: usize) -> bool {
        self.landing.lands_plainly(player_kind)
    }

    /// Per piece code: may `player` capture it (indexed by codes on the
    /// board, never `EMPTY`)? One row, read once per move generation.
    #[inline(always)]
    pub(crate) fn takes_row(&self, player: usize, others_out: usize) -> &[bool] {
        let codes = self.codes();
        unchecked::range(
            &self.sides.takes,
            (player * self.sides.out_masks + others_out) * codes,
            codes,
        )
    }

    /// The stack a move of `mover` onto `occupant` forms (`EMPTY`: none,
    /// as always in a game without stacks).
    pub(crate) fn forms_stack(&self, mover: PieceCode, occupant: PieceCode) -> PieceCode {
        match &self.stacks {
            Some(stacks) => stacks.merge[mover as usize * self.shape.codes() + occupant as usize],
            None => EMPTY,
        }
    }

    /// `player`'s castlings (indices into `ir.castlings`).
    pub(crate) fn castlings_of(&self, player: usize) -> &[u16] {
        match &self.castling {
            Some(castling) => &castling.castlings_of[player],
            None => &[],
        }
    }

    /// The cells that can hold a castling right, one bit each.
    pub(crate) fn right_cells(&self) -> &[u16] {
        match &self.castling {
            Some(castling) => &castling.right_cells,
            None => &[],
        }
    }

    /// Some castling has a per-game limit, so positions count castlings.
    pub(crate) fn castling_limited(&self) -> bool {
        self.castling.as_ref().is_some_and(|c| c.limited)
    }

    /// Some castling is repeatable or free (its right is the king's unmoved status).
    pub(crate) fn kings_castling_rights(&self) -> bool {
        self.castling.as_ref().is_some_and(|c| c.kings_rights)
    }

    /// The owner of a piece code on the board (never `EMPTY`).
    #[inline(always)]
    pub(crate) fn owner_of_code(&self, code: PieceCode) -> u8 {
        *unchecked::get(&self.shape.owner, code as usize)
    }

    /// The kind of a piece code on the board (never `EMPTY`).
    #[inline(always)]
    pub(crate) fn kind_of_code(&self, code: PieceCode) -> usize {
        *unchecked::get(&self.shape.kind_of, code as usize) as usize
    }

    #[inline(always)]
    pub(crate) fn leaps_of(&self, set: &MoveSet) -> &[Leap] {
        self.moves.leaps_of(set)
    }

    #[inline(always)]
    pub(crate) fn rays_of(&self, set: &MoveSet) -> &[Ray] {
        self.moves.rays_of(set)
    }

    #[inline(always)]
    pub(crate) fn cells_of(&self, ray: &Ray) -> &[u16] {
        self.moves.cells_of(ray)
    }

    /// Do the rules let this piece go from `from` to `to` with rights `flag`
    /// on some board (ignoring what stands in the way)?
    pub fn reaches(&self, player: usize, kind: usize, from: usize, to: usize, flag: u16) -> bool {
        let set = self.moveset(player, kind, from);
        let to = to as u16;
        self.moves.leaps[set.leap_start as usize..][..set.leap_len as usize]
            .iter()
            .any(|l| l.to == to && l.flags & flag != 0)
            || self.moves.rays[set.ray_start as usize..][..set.ray_len as usize]
                .iter()
                .any(|r| {
                    r.flags & flag != 0
                        && self.moves.ray_cells[r.start as usize..][..r.len as usize]
                            [r.first_landing as usize..]
                            .contains(&to)
                })
            || self.moves.hooks[set.hook_start as usize..][..set.hook_len as usize]
                .iter()
                .any(|h| h.to == to && h.flags & flag != 0)
    }

    pub fn cell_name(&self, cell: usize) -> &str {
        &self.ir.cells[cell].name
    }

    pub fn cell(&self, name: &str) -> Option<usize> {
        self.shape.cell_by_name.get(name).map(|&c| c as usize)
    }

    /// The length in bytes of the longest cell name (text parsers bound
    /// their prefix searches by it).
    pub fn longest_cell_name(&self) -> usize {
        self.ir
            .cells
            .iter()
            .map(|c| c.name.len())
            .max()
            .unwrap_or(0)
    }

    /// The kind whose letter or alias is `text` (case-insensitive letters).
    /// The kind a letter or alias names (stacks have no letter of their own).
    pub fn kind_by_letter(&self, text: &str) -> Option<usize> {
        self.ir.kinds.iter().position(|k| {
            k.stack.is_none()
                && (text.chars().count() == 1
                    && text.chars().next().unwrap().to_ascii_uppercase() == k.letter
                    || k.aliases.iter().any(|a| a == text))
        })
    }

    /// The stack kind of `cargo` aboard a `carrier` owned by `carrier_owner`.
    pub fn stack_kind(&self, carrier: usize, cargo: usize, carrier_owner: usize) -> Option<usize> {
        self.ir.kinds.iter().position(|k| {
            k.stack.is_some_and(|st| {
                st.carrier as usize == carrier
                    && st.cargo as usize == cargo
                    && st.carrier_owner as usize == carrier_owner
            })
        })
    }

    /// The IR this game was loaded from (read-only: it was validated).
    pub fn ir(&self) -> &GameIr {
        &self.ir
    }

    pub fn cells(&self) -> usize {
        self.shape.cells
    }

    pub fn players(&self) -> usize {
        self.shape.players
    }

    /// The number of sides: teams, each player alone counting as one.
    pub fn sides(&self) -> usize {
        let sides = self.sides.team_of.iter().fold(0u64, |s, &t| s | 1 << t);
        sides.count_ones() as usize
    }

    /// The number of kinds, stacks included.
    pub fn kinds(&self) -> usize {
        self.shape.kinds
    }

    /// The owner of a piece code (not `EMPTY`).
    pub fn owner_of(&self, code: PieceCode) -> usize {
        self.shape.owner[code as usize] as usize
    }

    /// The kind of a piece code (not `EMPTY`).
    pub fn kind_of(&self, code: PieceCode) -> usize {
        self.shape.kind_of[code as usize] as usize
    }

    /// (carrier code, cargo code) if the code is a stack, else `(EMPTY, EMPTY)`.
    pub fn stack_parts(&self, code: PieceCode) -> (PieceCode, PieceCode) {
        match &self.stacks {
            Some(stacks) => stacks.parts[code as usize],
            None => (EMPTY, EMPTY),
        }
    }
}
