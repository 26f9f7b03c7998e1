//! Endgame analysis: with a given material (the pieces each player has),
//! can the game end in mate at all, and which positions does one side win
//! by force? General machinery for any game the language defines: it reads
//! the loaded tables and the legal move generator, and knows no piece and
//! no board.
//!
//! - `mod.rs` (this file): `Material`, the cells each piece may stand on
//!   (`standable_cells`), the pieces of a material in a fixed order
//!   (`Slots`), budgets and refusals (`Unsupported`);
//! - `placement.rs`: the dense index of their placements (`PlacementIndex`);
//! - `mate_search.rs`: is there a legal position with exactly a material
//!   where the side to move is checkmated (the FIDE dead-position question)?
//! - `retrograde.rs`: for every legal position of a material with one side
//!   to move, is it a forced win for that side, and in how many moves?
//!
//! **The positions analysed.** A position of a material holds exactly its
//! pieces, each on a cell it may stand on, and the side not to move is not
//! in check. Nothing else is set: no castling or en-passant right, every
//! piece counts as moved, every arrival is spent, no agreement is declared
//! or reached. For the mate search that is the hardest case for the side to
//! move, since each of those rights only adds moves (a way out of the
//! mate): a mate with rights is a mate without them, so none is missed. The
//! retrograde analysis plays in that same state space (no move gives such a
//! right back) and refuses materials whose moves would leave it: pieces
//! that promote or change kind, form stacks, open en passant or swap. The
//! move rule, repetition and the game's own `insufficient` declarations are
//! not applied: they are what this analysis checks.
//!
//! Every search takes a `Budget` of positions examined and says
//! `Inconclusive` when it runs out, so none runs for ever, and memory stays
//! proportional to what the budget allows.

pub mod mate_search;
mod placement;
pub mod retrograde;

pub use mate_search::{find_mate, find_mate_either_way, MateReport, MateSearch};
pub use retrograde::{analyse, cross_check, CrossCheck, Retrograde, RetrogradeReport};

pub(crate) use placement::{distinct, PlacementIndex};

use crate::bitset::CellSet;
use crate::codes::PieceCode;
use crate::game::{Game, EMPTY};
use crate::ir;

/// One piece of a material: its kind, and optionally the cells it must
/// stand on (`Bishop on light`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MaterialPiece {
    pub kind: usize,
    pub region: Option<CellSet>,
}

impl MaterialPiece {
    pub fn of_kind(kind: usize) -> MaterialPiece {
        MaterialPiece { kind, region: None }
    }
}

/// The pieces of each player, royal pieces included: `sides[0]` belongs to
/// the first player, `sides[1]` to the second.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Material {
    pub sides: [Vec<MaterialPiece>; 2],
}

impl Material {
    pub fn new(first: Vec<MaterialPiece>, second: Vec<MaterialPiece>) -> Material {
        Material {
            sides: [first, second],
        }
    }

    /// A material of plain kinds (no region).
    pub fn of_kinds(first: &[usize], second: &[usize]) -> Material {
        let side = |kinds: &[usize]| kinds.iter().map(|&k| MaterialPiece::of_kind(k)).collect();
        Material::new(side(first), side(second))
    }

    /// The material of an `insufficient` declaration of the loaded game
    /// (its indices were validated by the loader).
    pub fn declared(game: &Game, sides: &[Vec<ir::MaterialPiece>; 2]) -> Material {
        let side = |pieces: &[ir::MaterialPiece]| {
            pieces
                .iter()
                .map(|p| MaterialPiece {
                    kind: p.kind as usize,
                    region: p.region.map(|r| {
                        CellSet::from_cells(
                            game.ir.regions[r as usize]
                                .cells
                                .iter()
                                .map(|&c| c as usize),
                        )
                    }),
                })
                .collect()
        };
        Material::new(side(&sides[0]), side(&sides[1]))
    }

    /// The same pieces with the players exchanged.
    pub fn swapped(&self) -> Material {
        Material::new(self.sides[1].clone(), self.sides[0].clone())
    }

    pub fn pieces(&self) -> usize {
        self.sides[0].len() + self.sides[1].len()
    }

    /// The same material up to the order of each side's pieces?
    pub fn same_as(&self, other: &Material) -> bool {
        self.canonical() == other.canonical()
    }

    fn canonical(&self) -> [Vec<(usize, Option<[u64; 6]>)>; 2] {
        self.sides.clone().map(|side| {
            let mut v: Vec<_> = side
                .iter()
                .map(|p| (p.kind, p.region.map(|r| r.0)))
                .collect();
            v.sort_unstable();
            v
        })
    }

    /// The materials a capture leaves: this one without one of its pieces
    /// that is not royal, each distinct material once.
    pub fn after_one_capture(&self, game: &Game) -> Vec<Material> {
        let mut out: Vec<Material> = Vec::new();
        for side in 0..2 {
            for i in 0..self.sides[side].len() {
                if game.ir.kinds[self.sides[side][i].kind].royal {
                    continue;
                }
                let mut less = self.clone();
                less.sides[side].remove(i);
                if !out.iter().any(|m| m.same_as(&less)) {
                    out.push(less);
                }
            }
        }
        out
    }

    /// Every material captures can leave, this one excluded, largest first.
    pub fn after_captures(&self, game: &Game) -> Vec<Material> {
        let mut out: Vec<Material> = Vec::new();
        let mut frontier = vec![self.clone()];
        while let Some(m) = frontier.pop() {
            for less in m.after_one_capture(game) {
                if !out.iter().any(|o| o.same_as(&less)) {
                    frontier.push(less.clone());
                    out.push(less);
                }
            }
        }
        out.sort_by_key(|m| std::cmp::Reverse(m.pieces()));
        out
    }

    /// `King Bishop on light vs King`: kinds by name, a region by the name
    /// of a game region with exactly its cells (else by its cell count).
    pub fn describe(&self, game: &Game) -> String {
        let piece = |p: &MaterialPiece| {
            let name = game
                .ir
                .kinds
                .get(p.kind)
                .map_or("?".to_string(), |k| k.name.clone());
            match &p.region {
                None => name,
                Some(cells) => {
                    let region = game.ir.regions.iter().find(|r| {
                        CellSet::from_cells(r.cells.iter().map(|&c| c as usize)) == *cells
                    });
                    match region {
                        Some(r) => format!("{name} on {}", r.name),
                        None => format!("{name} on {} cells", cells.len()),
                    }
                }
            }
        };
        let side = |s: &[MaterialPiece]| s.iter().map(piece).collect::<Vec<_>>().join(" ");
        format!("{} vs {}", side(&self.sides[0]), side(&self.sides[1]))
    }
}

/// A piece of `material` (its player and kind) whose moves can change the
/// material without a capture: it promotes (in some agreement state), turns
/// into another kind, or forms a stack with a piece of the material.
pub fn kind_changer(game: &Game, material: &Material) -> Option<(usize, usize)> {
    let g = game;
    let pieces: Vec<(usize, usize)> = material
        .sides
        .iter()
        .enumerate()
        .flat_map(|(p, side)| side.iter().map(move |m| (p, m.kind)))
        .filter(|&(_, k)| k < g.shape.kinds)
        .collect();
    let becomes = |p: usize, k: usize| {
        (0..g.shape.cells).any(|c| {
            let set = g.moveset(p, k, c);
            g.leaps_of(set).iter().any(|l| l.becomes != 0)
                || g.rays_of(set).iter().any(|r| r.becomes != 0)
                || g.moves.hooks[set.hook_start as usize..][..set.hook_len as usize]
                    .iter()
                    .any(|h| h.becomes != 0)
        })
    };
    pieces.iter().copied().find(|&(p, k)| {
        let code = g.code(p, k) as usize;
        g.landing.promotes[p * g.shape.kinds + k]
            || g.landing.promotes_in_place(p * g.shape.kinds + k)
            || becomes(p, k)
            || pieces
                .iter()
                .any(|&(q, j)| g.forms_stack(code as PieceCode, g.code(q, j)) != EMPTY)
    })
}

/// How many positions a search may examine before it gives up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub positions: u64,
}

impl Budget {
    pub fn new(positions: u64) -> Budget {
        Budget { positions }
    }
}

/// What the analysis refuses to analyse, and why (it says so rather than
/// guess).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsupported {
    /// The analysis is for games of two players.
    Players(usize),
    /// The game has hoppers or royal pieces that may not face each other,
    /// whose attacks the analysis does not model, or passes or a wall,
    /// moves it does not make.
    Hoppers,
    /// The material names a kind the game does not have.
    UnknownKind(usize),
    /// The material names a stack (a cargo aboard a carrier).
    StackKind { kind: String },
    /// A piece of the material has no cell it may stand on.
    NoCell { player: String, kind: String },
    /// More pieces than the analysis takes.
    TooManyPieces { pieces: usize, most: usize },
    /// Retrograde: a piece of the material promotes or turns into another
    /// kind, which leaves the material.
    ChangesKind { kind: String },
    /// Retrograde: two pieces of the material can form a stack.
    FormsStack { kind: String },
    /// Retrograde: a piece of the material opens en passant, so positions
    /// would need en-passant rights.
    OpensEnPassant { kind: String },
    /// Retrograde: a piece of the material swaps with another of it.
    Swaps { kind: String },
    /// Retrograde: a piece held to a region can move out of it.
    LeavesRegion { kind: String },
    /// Retrograde: a legal move the analysis does not model came up.
    UnmodelledMove { position: String },
    /// Retrograde: the index of the positions would be too large.
    TooManyPositions { positions: u64, most: u64 },
    /// Captures blast the pieces around them (`explosion`): a capture does
    /// not leave the smaller material the analysis resolves it by.
    Explosions,
}

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use Unsupported::*;
        match self {
            Players(n) => write!(f, "the endgame analysis is for two players, the game has {n}"),
            Hoppers => write!(
                f,
                "the game has hoppers, facing royal pieces, passes or a wall, which the endgame analysis does not model"
            ),
            UnknownKind(k) => write!(f, "kind {k} is not a kind of the game"),
            StackKind { kind } => write!(f, "{kind} is a stack; a material lists single pieces"),
            NoCell { player, kind } => {
                write!(f, "a {player} {kind} cannot stand on any cell of this material")
            }
            TooManyPieces { pieces, most } => {
                write!(f, "{pieces} pieces; the analysis takes at most {most}")
            }
            ChangesKind { kind } => write!(
                f,
                "the {kind} can promote or change kind, which leaves the material"
            ),
            FormsStack { kind } => write!(f, "the {kind} can form a stack with another piece of the material"),
            OpensEnPassant { kind } => write!(
                f,
                "the {kind} opens en passant, so its positions need en-passant rights"
            ),
            Swaps { kind } => write!(f, "the {kind} swaps places with another piece of the material"),
            LeavesRegion { kind } => write!(f, "the {kind} can move out of the region it is held to"),
            UnmodelledMove { position } => write!(
                f,
                "a move the analysis does not model (castling, arrival, stack) is legal in {position}"
            ),
            TooManyPositions { positions, most } => write!(
                f,
                "{positions} placements to index; the analysis indexes at most {most}"
            ),
            Explosions => write!(
                f,
                "captures blast the pieces around them; the analysis takes games without explosions"
            ),
        }
    }
}

impl std::error::Error for Unsupported {}

/// Per `player * kinds + kind`: the cells where a piece of that player and
/// kind can stand in some game. They start from the setup and follow every
/// move, to a fixed point: the landing cells of every atom from a cell the
/// piece can stand on (as the kind it becomes or promotes to there), the
/// carrier a leaving cargo leaves behind, stacks formed, swap partners,
/// castling, and the pieces arrivals place. A piece never stands where it
/// had to promote on arriving (promotion is mandatory), so a promoting kind
/// is never on its promotion cells; a side cell holds only what the setup
/// puts there.
/// Promotion rules are those before any agreement (the analysed positions
/// reach none).
pub fn standable_cells(game: &Game) -> Vec<CellSet> {
    let g = game;
    let kinds = g.shape.kinds;
    let codes = g.codes();
    let mut can = vec![CellSet::EMPTY; g.shape.players * kinds];
    let mut work: Vec<(usize, usize)> = Vec::new();
    fn add(can: &mut [CellSet], work: &mut Vec<(usize, usize)>, pk: usize, c: usize) {
        if !can[pk].contains(c) {
            can[pk].insert(c);
            work.push((pk, c));
        }
    }
    // A piece of `player` and `kind` arriving on `cell`: it stands there,
    // or the kinds it must promote to do.
    let arrive = |can: &mut Vec<CellSet>,
                  work: &mut Vec<(usize, usize)>,
                  player: usize,
                  kind: usize,
                  cell: usize| {
        let pk = player * kinds + kind;
        let (start, len) = g.landing.promotion_at[pk * g.shape.cells + cell];
        if g.landing.promotes[pk] && len > 0 {
            for &choice in &g.landing.promotion_choices[start as usize..][..len as usize] {
                add(can, work, player * kinds + choice as usize, cell);
            }
        } else {
            add(can, work, pk, cell);
        }
    };
    for p in &g.ir.setup.pieces {
        add(
            &mut can,
            &mut work,
            p.player as usize * kinds + p.kind as usize,
            p.cell as usize,
        );
    }
    for a in &g.ir.arrivals {
        for &c in &a.place_cells {
            add(
                &mut can,
                &mut work,
                a.player as usize * kinds + a.place_kind as usize,
                c as usize,
            );
        }
    }
    let setup_piece_at = |cell: u16| g.ir.setup.pieces.iter().find(|p| p.cell == cell);
    while let Some((pk, from)) = work.pop() {
        let (player, kind) = (pk / kinds, pk % kinds);
        let code = g.code(player, kind);
        let stack = g.ir.kinds[kind].stack;
        let set = *g.moveset(player, kind, from);
        let mut landings: Vec<(usize, u16, u8)> = Vec::new();
        for l in g.leaps_of(&set) {
            landings.push((l.to as usize, l.flags, l.becomes));
        }
        for r in g.rays_of(&set) {
            for &c in &g.cells_of(r)[r.first_landing as usize..] {
                landings.push((c as usize, r.flags, r.becomes));
            }
        }
        for h in &g.moves.hooks[set.hook_start as usize..][..set.hook_len as usize] {
            landings.push((h.to as usize, h.flags, h.becomes));
        }
        for (to, flags, becomes) in landings {
            if flags & (ir::MOVE | ir::CAPTURE) == 0 {
                continue;
            }
            let landed = if becomes != 0 {
                becomes as usize - 1
            } else {
                kind
            };
            arrive(&mut can, &mut work, player, landed, to);
            let mut mover = code;
            if let (Some(st), true) = (stack, flags & ir::CARGO != 0) {
                // The cargo leaves; its carrier stays, its owner's again.
                add(
                    &mut can,
                    &mut work,
                    st.carrier_owner as usize * kinds + st.carrier as usize,
                    from,
                );
                mover = g.code(player, st.cargo as usize);
            }
            // Landing on a partner may form a stack there.
            if flags & ir::MOVE != 0 {
                for occupant in 1..codes {
                    let formed = g.forms_stack(mover, occupant as PieceCode);
                    if formed != EMPTY {
                        let (p, k) = (g.owner_of(formed), g.kind_of(formed));
                        add(&mut can, &mut work, p * kinds + k, to);
                    }
                }
            }
        }
        // An `in-place` promotion: the new kind where the piece stands (its
        // own moves take it on from there); any cell, for a player's last
        // piece of the kind, is over-counted as its zone's.
        if let Some(rule) = g
            .landing
            .in_place
            .as_ref()
            .and_then(|p| p.rules[pk].as_ref())
        {
            if rule.anywhere_if_last || rule.zone.contains(from) {
                for &choice in &rule.choices {
                    add(&mut can, &mut work, player * kinds + choice as usize, from);
                }
            }
        }
        for swap in &g.moves.swaps[set.swap_start as usize..][..set.swap_len as usize] {
            arrive(&mut can, &mut work, player, kind, swap.with as usize);
            for partner in 0..kinds.min(128) {
                if swap.partner_kinds >> partner & 1 != 0 {
                    arrive(&mut can, &mut work, player, partner, from);
                }
            }
        }
        for &i in g.castlings_of(player) {
            let c = &g.ir.castlings[i as usize];
            if c.king_from as usize == from && g.ir.kinds[kind].royal {
                add(&mut can, &mut work, pk, c.king_to as usize);
            }
            let partner_here = if c.right_is_the_kings() {
                kind < 128 && c.partner_kinds >> kind & 1 != 0
            } else {
                setup_piece_at(c.partner_from)
                    .is_some_and(|p| p.player as usize == player && p.kind as usize == kind)
            };
            if c.partner_from as usize == from && partner_here {
                add(&mut can, &mut work, pk, c.partner_to as usize);
            }
        }
    }
    can
}

/// One piece of a material placed by a search: its player, kind and code,
/// the cells it may stand on, and the first slot of its run of identical
/// pieces (same player, kind and region), which are placed on increasing
/// cells so that no placement is visited twice.
#[derive(Clone, Debug)]
pub(crate) struct Slot {
    pub player: usize,
    pub kind: usize,
    pub code: PieceCode,
    pub royal: bool,
    pub region: Option<CellSet>,
    pub cells: CellSet,
    pub list: Vec<u16>,
    pub group: usize,
}

/// The pieces of a material in a fixed order: the first player's, then the
/// second's; royal pieces first, then by kind and region.
#[derive(Clone, Debug)]
pub(crate) struct Slots {
    pub slots: Vec<Slot>,
}

impl Slots {
    pub fn new(
        game: &Game,
        material: &Material,
        standable: &[CellSet],
    ) -> Result<Slots, Unsupported> {
        if game.shape.players != 2 {
            return Err(Unsupported::Players(game.shape.players));
        }
        if game.hops.is_some() || game.facing.is_some() || game.passes || game.wall.is_some() {
            return Err(Unsupported::Hoppers);
        }
        if game.explosion.is_some() {
            return Err(Unsupported::Explosions);
        }
        let mut slots = Vec::new();
        for (player, side) in material.sides.iter().enumerate() {
            let mut pieces: Vec<&MaterialPiece> = side.iter().collect();
            for p in &pieces {
                let Some(info) = game.ir.kinds.get(p.kind) else {
                    return Err(Unsupported::UnknownKind(p.kind));
                };
                if info.stack.is_some() {
                    return Err(Unsupported::StackKind {
                        kind: info.name.clone(),
                    });
                }
            }
            pieces.sort_by_key(|p| (!game.ir.kinds[p.kind].royal, p.kind, p.region.map(|r| r.0)));
            for p in pieces {
                let mut cells = standable[player * game.shape.kinds + p.kind];
                if let Some(r) = &p.region {
                    cells = cells.intersect(r);
                }
                if cells.is_empty() {
                    return Err(Unsupported::NoCell {
                        player: game.ir.players[player].name.clone(),
                        kind: game.ir.kinds[p.kind].name.clone(),
                    });
                }
                let i = slots.len();
                let group = match slots.last() {
                    Some(prev) if Slots::identical(prev, player, p) => prev.group,
                    _ => i,
                };
                slots.push(Slot {
                    player,
                    kind: p.kind,
                    code: game.code(player, p.kind),
                    royal: game.ir.kinds[p.kind].royal,
                    region: p.region,
                    cells,
                    list: cells.iter().map(|c| c as u16).collect(),
                    group,
                });
            }
        }
        Ok(Slots { slots })
    }

    fn identical(prev: &Slot, player: usize, p: &MaterialPiece) -> bool {
        prev.player == player && prev.kind == p.kind && prev.region == p.region
    }
}
