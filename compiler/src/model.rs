//! The checked game: what the checker makes of the statements and lowering
//! reads. Cells carry coordinates, regions are cell sets per player, atoms
//! are concrete board-frame vectors per player.

use crate::ast::{Claim, Span};
use crate::topology::{Mat, Topology};
use runtime::ir::{self, EndRules};
use serde::Serialize;
use std::collections::HashMap;

#[derive(Clone, Debug, Serialize)]
pub struct Model {
    pub name: String,
    #[serde(rename = "lattice")]
    pub topology: Topology,
    pub geometry: ir::Geometry,
    pub cells: Vec<ir::CellInfo>,
    /// The `board` statement.
    #[serde(skip)]
    pub board_span: Span,
    #[serde(skip)]
    pub cell_named: HashMap<String, usize>,
    pub players: Vec<ModelPlayer>,
    pub regions: Vec<ModelRegion>,
    /// Each region's index in `regions`, by name (a linear search per
    /// region made many `region` statements quadratic).
    #[serde(skip)]
    pub region_named: HashMap<String, usize>,
    pub pieces: Vec<ModelPiece>,
    pub promotions: Vec<ModelPromotion>,
    pub castlings: Vec<ModelCastling>,
    pub setup: Vec<ir::Placement>,
    /// Per player, the `setup` statement that places its pieces.
    #[serde(skip)]
    pub setup_spans: Vec<Option<Span>>,
    /// Per placement of `setup`, where it is written: the cell in an
    /// explicit setup, the statement of a derived one.
    #[serde(skip)]
    pub setup_placement_spans: Vec<Span>,
    pub to_move: u8,
    /// `end.insufficient` is filled by lowering, from `insufficient`.
    pub end: EndRules,
    pub insufficient: Vec<ModelInsufficient>,
    pub claims: Vec<Claim>,
    pub swaps: Vec<ModelSwap>,
    pub arrivals: Vec<ModelArrival>,
    pub marks: Vec<(usize, String)>,
    /// The board's colour regions (`colours`), by index into `regions`, in order.
    pub colours: Vec<usize>,
    pub clock_seconds: Option<u32>,
    pub agreements: Vec<ir::Agreement>,
    /// (kind, region): the kind never ends a move on, nor rides through,
    /// the region's cells (per player).
    pub forbidden: Vec<(u8, usize)>,
    /// (kind, region): the kind's arrival on the region wins at once.
    pub winning_arrivals: Vec<ModelWin>,
    /// Teams of partners (`partners`), by player index.
    pub teams: Vec<Vec<usize>>,
    /// `en-passant until-owner-moves`.
    pub en_passant_until_owner_moves: bool,
    /// `capture forced`.
    pub capture_forced: bool,
    /// `check forbidden`.
    pub check_forbidden: bool,
    /// `in-check capture-checker-only KINDS`.
    pub checker_captures_only: Vec<u8>,
    /// `first-move KIND lost when aimed by KINDS`.
    pub first_move_lost: Vec<ir::FirstMoveLost>,
    /// Hands and drops (`check/hands.rs`), resolved as the IR holds them.
    pub hands: Option<ir::Hands>,
    /// `royal-while-last KINDS` (`check/royalty.rs`).
    pub royal_while_last: Vec<u8>,
    /// `promotion-limit`: (kind, the count it must stay below).
    pub promotion_limits: Vec<(u8, u8)>,
    /// `promote ... in-place`: promotions made as moves of their own.
    pub in_place_promotions: Vec<ModelInPlace>,
    /// `check when all royal attacked`.
    pub check_all_royals: bool,
    /// `facing KINDS along V` (`check/hops.rs`).
    pub facing: Option<ModelFacing>,
    /// `explosion` and `uncapturable KINDS by KINDS` (`check/explosion.rs`).
    pub explosions: ModelExplosions,
    /// `unjumpable KINDS by KINDS` (`check/passing.rs`): (hopper, screen).
    pub barred_screens: Vec<ir::BarredCapture>,
    /// `pass` (`check/passing.rs`).
    pub pass_moves: bool,
    /// `material-count` (`check/passing.rs`).
    pub material_count: Option<ir::MaterialCount>,
    /// `wall KIND` (`check/walls.rs`).
    pub wall: Option<u8>,
}

/// `facing KINDS along V`: the royal kinds and the line vectors (board frame).
#[derive(Clone, Debug, Serialize)]
pub struct ModelFacing {
    pub kinds: Vec<u8>,
    pub vectors: Vec<crate::topology::Vector>,
    /// `must-break OUTCOME`.
    pub must_break: Option<ir::Outcome>,
}

/// Explosions and barred captures, resolved (lowering finds the cells
/// around each cell, `lower/explosion.rs`).
#[derive(Clone, Debug, Default, Serialize)]
pub struct ModelExplosions {
    pub explosion: Option<ModelExplosion>,
    pub barred_captures: Vec<ir::BarredCapture>,
}

/// `explosion`: its steps (every image of each), its spared and immune
/// kinds, and where it is written.
#[derive(Clone, Debug, Serialize)]
pub struct ModelExplosion {
    pub around: Vec<(i32, i32)>,
    pub spared: Vec<u8>,
    pub immune: Vec<u8>,
    pub span: Span,
}

/// `arrival KIND on REGION wins [after-reply | if-held]`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ModelWin {
    pub kind: u8,
    pub region: usize,
    pub after_reply: bool,
    pub if_held: bool,
    pub if_safe: bool,
}

impl Model {
    /// The stack kind with the same parts as `kind` but its carrier owned
    /// by `carrier_owner` (itself for other kinds).
    pub fn restack(&self, kind: usize, carrier_owner: usize) -> usize {
        let Some(st) = self.pieces[kind].stack else {
            return kind;
        };
        self.pieces
            .iter()
            .position(|p| {
                p.stack.is_some_and(|t| {
                    t.carrier == st.carrier
                        && t.cargo == st.cargo
                        && t.carrier_owner as usize == carrier_owner
                })
            })
            .unwrap_or(kind)
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct ModelPlayer {
    pub name: String,
    /// Maps the player's frame (the lattice's forward) to the board's.
    pub frame: Mat,
    /// Where the player's orientation carries each cell of the first
    /// player's frame (`like` setups and regions); `None` if the
    /// orientation names no cell map (a turn with no centre).
    #[serde(skip)]
    pub placement: Option<Vec<Option<usize>>>,
}

/// An `insufficient` declaration: per side, each piece's kind and the
/// (shared) region it is held to, by index into `Model::regions`.
#[derive(Clone, Debug, Serialize)]
pub struct ModelInsufficient {
    pub sides: [Vec<(u8, Option<usize>)>; 2],
    pub span: Span,
}

#[derive(Clone, Debug, Serialize)]
pub struct ModelRegion {
    pub name: String,
    pub shared: bool,
    /// Per player, the member cells.
    pub cells: Vec<Vec<bool>>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ModelPiece {
    pub name: String,
    pub letter: char,
    pub aliases: Vec<String>,
    pub value: i32,
    pub royal: bool,
    pub captures_en_passant: bool,
    /// No move captures it (`uncapturable`).
    pub uncapturable: bool,
    /// ... only while its owner is in play (`unless out`).
    pub capturable_when_out: bool,
    pub atoms: Vec<ModelAtom>,
    /// Set for the kinds `carry` makes.
    pub stack: Option<ir::StackParts>,
    #[serde(skip)]
    pub span: Span,
}

#[derive(Clone, Debug, Serialize)]
pub struct ModelAtom {
    /// Per player, the board-frame images of the atom: each one period of
    /// steps (one step, except for a `path`).
    pub images: Vec<Vec<Vec<(i32, i32)>>>,
    pub ride: bool,
    /// A hook: after the first step, turn by this many lattice rotation
    /// units (either way) and step again; the first cell must be empty.
    pub hook_turn: Option<i32>,
    pub max: Option<u32>,
    /// First landing distance of a ride (1 = every cell).
    pub min: u32,
    /// The kind the piece turns into by this move.
    pub becomes: Option<u8>,
    pub flags: u16,
    pub from_region: Option<usize>,
    pub to_region: Option<usize>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ModelPromotion {
    pub kind: u8,
    pub region: usize,
    pub choices: Vec<u8>,
    /// Also the piece that stood on the promotion cell in the setup.
    pub origin: bool,
    /// Only the region's cells on this file (column) promote by this rule.
    pub file: Option<i32>,
    /// (agreement, reached): the rule holds only while the agreement is
    /// reached (true) or not yet reached (false).
    pub condition: Option<(u8, bool)>,
    /// `or-leaving`: a move starting in the zone may promote too.
    pub leaving: bool,
    #[serde(skip)]
    pub span: Span,
}

/// `promote KIND in REGION to CHOICES in-place ...` (`check/promotion.rs`).
#[derive(Clone, Debug, Serialize)]
pub struct ModelInPlace {
    pub kind: u8,
    pub region: usize,
    pub choices: Vec<u8>,
    pub moving: bool,
    pub peaceful: bool,
    pub anywhere_if_last: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct ModelSwap {
    pub kind: u8,
    /// Bit per partner kind.
    pub partners: u128,
    /// Per player, the board-frame offsets of the partner.
    pub vectors: Vec<Vec<(i32, i32)>>,
    pub from_region: Option<usize>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ModelArrival {
    pub kind: u8,
    pub trigger: usize,
    pub place: u8,
    pub on: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct ModelCastling {
    pub king: u8,
    /// Bit per partner kind (stacks on a partner carrier included).
    pub partners: u128,
    /// The king goes to the nearest cell of this colour region next to the partner.
    pub king_to: Option<usize>,
    pub repeatable: bool,
    /// At most this many castlings per player (`repeatable at-most N`).
    pub repeat_limit: Option<u8>,
    pub king_passes_partner: bool,
    /// The king may also land on the partner's cell (`king-onto partner`).
    pub king_onto_partner: bool,
    /// Free castling: the partner on any cell of the king's edge lines,
    /// moved or not; the right is the king's never having moved.
    pub free: bool,
    /// `homes`: the regions of the king's and the partners' cells.
    pub homes: Option<(usize, usize)>,
    /// `lands`: the regions of the king's and the partner's landing cells.
    pub lands: Option<(usize, usize)>,
    /// `by-drop`: a drop completing the pair gains the right.
    pub by_drop: bool,
    /// The king goes to the cell next to the partner (`king-to beside partner`).
    pub king_beside_partner: bool,
    /// Named by zeros counting the cells of this region on the king's path.
    pub written_zeros: Option<usize>,
    /// Spellings of the king for `Kr-0-0` / `0-0-Kr` aliases.
    pub written_king: Vec<String>,
    /// Aliases of the castlings with the nearer and the farther partner.
    pub written_flanks: Option<(String, String)>,
    /// `written partner ...`: (kind, aboard, foreign, spelling).
    pub written_partner: Vec<(u8, bool, bool, String)>,
    pub distances: Option<Vec<i32>>,
    pub safe_origin: bool,
    pub safe_passed: bool,
    pub safe_destination: bool,
    #[serde(skip)]
    pub span: Span,
}
