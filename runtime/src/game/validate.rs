//! IR validation: every index, range and code of an IR is checked here,
//! once, before `Game::load` builds the tables the hot loop reads without
//! bounds checks. A refusal is a typed `LoadError` naming what is wrong.

use super::atoms_of;
use crate::bitset::MAX_CELLS;
use crate::codes::{codes_needed, MAX_CODES};
use crate::game::MAX_EN_PASSANT;
use crate::ir::{self, GameIr};

/// Why an IR does not load.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    FormatVersion {
        found: u32,
        expected: u32,
    },
    CellCount(usize),
    FewerThanTwoPlayers,
    TooManyCodes {
        players: usize,
        kinds: usize,
    },
    MoveTableSize,
    MoveSetRange(usize),
    HookRange,
    HookCellOffBoard(u16),
    SwapPartnerOffBoard,
    /// A swap's partner cell is the swapping piece's own cell.
    SwapWithItself {
        cell: u16,
    },
    TooManyArrivals,
    /// The points a game shares out are beyond what the language allows.
    PointsRange(u32),
    ArrivalRange,
    MarkRange,
    UnknownBecomes,
    LeapTargetOffBoard(u16),
    ReservedRayFlag,
    /// A ray that flies over pieces but may capture (attack tables could not
    /// walk it backwards).
    CapturingFlight,
    RayRange,
    /// A ride's first landing lies past its last cell.
    FirstLandingPastEnd {
        len: u16,
        first_landing: u8,
    },
    LongEnPassantRay,
    RayCellOffBoard(u16),
    PlacementRange(ir::Placement),
    /// Two setup placements on one cell.
    TwoPlacementsOnOneCell(u16),
    SideToMove,
    CastlingRightOffBoard,
    PromotionRange,
    CargoMoves {
        kind: usize,
    },
    PromotionAgreements,
    TooManyDeclarations,
    AgreementMarkers(String),
    StackParts {
        kind: usize,
    },
    CastlingRange,
    /// A castling whose king and partner start, or land, on one cell.
    CastlingCellsClash,
    RegionRange(String),
    CoordinateRange {
        cell: usize,
    },
    RaysNotTranslates {
        direction: u16,
    },
    TwoArrivalRules,
    TooManyCastlingPartners,
    /// A team names a player twice, a player of no seat, fewer than two
    /// players or every player; or a player is in two teams.
    BadTeam,
    /// Players go out of a game with more seats than the loader keeps
    /// attack views for (`MAX_ELIMINATION_PLAYERS`).
    TooManyPlayersToEliminate {
        players: usize,
    },
    /// Passings that last until their owner moves again, in a game with
    /// more seats than a position keeps such passings for
    /// (`MAX_LASTING_PASSINGS`, one per player).
    TooManyPlayersForLastingPassings {
        players: usize,
    },
    /// More distinct sets of attacking codes than a reverse table indexes.
    TooManyAttackSets,
    /// An `insufficient` declaration names a kind the game does not have.
    InsufficientKind {
        kind: u8,
    },
    /// An `insufficient` declaration holds a piece to a region the game
    /// does not have.
    InsufficientRegion {
        region: u16,
    },
    /// An `insufficient` declaration lists more pieces for one side than
    /// the runtime matches.
    InsufficientTooLarge {
        pieces: usize,
    },
    /// A square geometry of more cells than a game may have (or none).
    GeometrySize {
        width: u16,
        height: u16,
    },
    /// A square geometry whose file labels are not one per file.
    FileLabels {
        labels: usize,
        width: u16,
    },
    /// A board cell (not a side cell) outside its square geometry.
    CellOutsideGeometry {
        cell: usize,
    },
}

/// The most pieces one side of an `insufficient` declaration may list.
pub const MAX_DECLARED_PIECES: usize = 64;

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use LoadError::*;
        write!(f, "invalid IR: ")?;
        match self {
            FormatVersion { found, expected } => write!(
                f,
                "format version {found} but this runtime reads version {expected}"
            ),
            CellCount(n) => write!(f, "{n} cells (1..={MAX_CELLS} supported)"),
            FewerThanTwoPlayers => write!(f, "fewer than two players"),
            TooManyCodes { players, kinds } => write!(
                f,
                "{players} players x {kinds} kinds need {} piece codes, more than {MAX_CODES}",
                codes_needed(*players, *kinds)
            ),
            MoveTableSize => write!(f, "move table size is not players x kinds x cells"),
            MoveSetRange(i) => write!(f, "move set {i} out of range"),
            HookRange => write!(f, "hook out of range"),
            HookCellOffBoard(c) => write!(f, "hook cell {c} off the board"),
            SwapPartnerOffBoard => write!(f, "swap partner cell off the board"),
            SwapWithItself { cell } => write!(f, "a swap from cell {cell} with itself"),
            TooManyArrivals => write!(f, "more than 32 arrival rules"),
            PointsRange(n) => write!(f, "{n} points per game (at most 1000000)"),
            ArrivalRange => write!(f, "arrival rule out of range"),
            MarkRange => write!(f, "a mark or colour names a cell out of range"),
            UnknownBecomes => write!(f, "an atom turns a piece into an unknown kind"),
            LeapTargetOffBoard(c) => write!(f, "leap target {c} off the board"),
            ReservedRayFlag => write!(f, "a ray uses a flag bit the runtime keeps for itself"),
            CapturingFlight => write!(f, "a ray flies over pieces and captures"),
            RayRange => write!(f, "ray out of range"),
            FirstLandingPastEnd { len, first_landing } => write!(
                f,
                "a ray of {len} cells whose first landing is cell {first_landing}"
            ),
            LongEnPassantRay => write!(f, "en-passant ray longer than {MAX_EN_PASSANT} cells"),
            RayCellOffBoard(c) => write!(f, "ray cell {c} off the board"),
            PlacementRange(p) => write!(f, "setup placement {p:?} out of range"),
            TwoPlacementsOnOneCell(c) => write!(f, "two setup placements on cell {c}"),
            SideToMove => write!(f, "side to move"),
            CastlingRightOffBoard => write!(f, "castling right off the board"),
            PromotionRange => write!(f, "promotion out of range"),
            CargoMoves { kind } => write!(
                f,
                "kind {kind} has cargo moves that do not land as its cargo"
            ),
            PromotionAgreements => write!(f, "promotion rules depend on more than one agreement"),
            TooManyDeclarations => write!(f, "more than 32 declarations (agreements x players)"),
            AgreementMarkers(name) => write!(f, "agreement {name} markers out of range"),
            StackParts { kind } => write!(f, "stack kind {kind} has invalid parts"),
            CastlingRange => write!(f, "castling out of range"),
            CastlingCellsClash => write!(
                f,
                "a castling whose king and partner share a start or a landing cell"
            ),
            RegionRange(name) => write!(f, "region {name} out of range"),
            CoordinateRange { cell } => write!(
                f,
                "cell {cell} has a coordinate outside -{MAX_COORD}..={MAX_COORD}"
            ),
            RaysNotTranslates { direction } => write!(
                f,
                "rays of direction {direction} are not translates of each other"
            ),
            TwoArrivalRules => write!(f, "two arrival rules for one piece"),
            TooManyCastlingPartners => write!(f, "more than 32 castling partners"),
            BadTeam => write!(
                f,
                "a team must list two or more players, not all of them, each in one team only"
            ),
            TooManyPlayersToEliminate { players } => write!(
                f,
                "players go out of a game of {players} players; at most {} are supported",
                super::MAX_ELIMINATION_PLAYERS
            ),
            TooManyPlayersForLastingPassings { players } => write!(
                f,
                "en passant lasts until the owner moves in a game of {players} players; at most {} are supported",
                crate::position::MAX_LASTING_PASSINGS
            ),
            TooManyAttackSets => write!(
                f,
                "more than 65536 distinct sets of attacking pieces in the reverse tables"
            ),
            InsufficientKind { kind } => {
                write!(f, "an insufficient-material declaration names kind {kind}")
            }
            InsufficientRegion { region } => write!(
                f,
                "an insufficient-material declaration names region {region}"
            ),
            GeometrySize { width, height } => write!(
                f,
                "a square geometry of {width} x {height} cells (at most {MAX_CELLS})"
            ),
            FileLabels { labels, width } => {
                write!(f, "{labels} file labels for a geometry {width} wide")
            }
            CellOutsideGeometry { cell } => {
                write!(f, "cell {cell} lies outside the square geometry")
            }
            InsufficientTooLarge { pieces } => write!(
                f,
                "an insufficient-material declaration lists {pieces} pieces for one side \
                 (at most {MAX_DECLARED_PIECES})"
            ),
        }
    }
}

impl std::error::Error for LoadError {}

/// Drawing coordinates beyond this are refused (a board of 384 cells never
/// needs them, and the terminal and SVG layouts stay small).
pub const MAX_COORD: i32 = 4096;

pub(super) fn check(cond: bool, error: impl FnOnce() -> LoadError) -> Result<(), LoadError> {
    if cond {
        Ok(())
    } else {
        Err(error())
    }
}

/// Checks every index the loader's tables will trust.
pub(super) fn validate(ir: &GameIr) -> Result<(), LoadError> {
    use LoadError::*;
    check(ir.format_version == ir::FORMAT_VERSION, || FormatVersion {
        found: ir.format_version,
        expected: ir::FORMAT_VERSION,
    })?;
    let cells = ir.cells.len();
    let players = ir.players.len();
    let kinds = ir.kinds.len();
    check(cells > 0 && cells <= MAX_CELLS, || CellCount(cells))?;
    check(players >= 2, || FewerThanTwoPlayers)?;
    check(
        !ir.en_passant_until_owner_moves || players <= crate::position::MAX_LASTING_PASSINGS,
        || TooManyPlayersForLastingPassings { players },
    )?;
    check(codes_needed(players, kinds) <= MAX_CODES, || TooManyCodes {
        players,
        kinds,
    })?;
    for (cell, info) in ir.cells.iter().enumerate() {
        let (x, y) = info.coord;
        check(x.abs() <= MAX_COORD && y.abs() <= MAX_COORD, || {
            CoordinateRange { cell }
        })?;
    }
    // The drawing hints are bounded too: the display and FEN walk the
    // geometry (a 65535 x 65535 one made `play` allocate 68 GB).
    if let ir::Geometry::Square {
        width,
        height,
        files,
    } = &ir.geometry
    {
        check(
            *width >= 1 && *height >= 1 && *width as usize * *height as usize <= MAX_CELLS,
            || GeometrySize {
                width: *width,
                height: *height,
            },
        )?;
        check(files.len() == *width as usize, || FileLabels {
            labels: files.len(),
            width: *width,
        })?;
        for (cell, info) in ir.cells.iter().enumerate() {
            let (x, y) = info.coord;
            check(
                info.side || (0..*width as i32).contains(&x) && (0..*height as i32).contains(&y),
                || CellOutsideGeometry { cell },
            )?;
        }
    }
    check(ir.moves.len() == players * kinds * cells, || MoveTableSize)?;
    for (i, set) in ir.moves.iter().enumerate() {
        check(
            set.leap_start as usize + set.leap_len as usize <= ir.leaps.len()
                && set.ray_start as usize + set.ray_len as usize <= ir.rays.len()
                && set.hook_start as usize + set.hook_len as usize <= ir.hooks.len()
                && set.swap_start as usize + set.swap_len as usize <= ir.swaps.len(),
            || MoveSetRange(i),
        )?;
        let origin = (i % cells) as u16;
        for swap in &ir.swaps[set.swap_start as usize..][..set.swap_len as usize] {
            check(swap.with != origin, || SwapWithItself { cell: origin })?;
        }
    }
    for hook in &ir.hooks {
        check(
            (hook.to as usize) < cells
                && hook.via_start as usize + hook.via_len as usize <= ir.hook_cells.len(),
            || HookRange,
        )?;
    }
    for &c in &ir.hook_cells {
        check((c as usize) < cells, || HookCellOffBoard(c))?;
    }
    for swap in &ir.swaps {
        check((swap.with as usize) < cells, || SwapPartnerOffBoard)?;
    }
    check(ir.arrivals.len() <= 32, || TooManyArrivals)?;
    for a in &ir.arrivals {
        check(
            (a.player as usize) < players
                && (a.kind as usize) < kinds
                && (a.place_kind as usize) < kinds
                && a.trigger
                    .iter()
                    .chain(&a.place_cells)
                    .all(|&c| (c as usize) < cells),
            || ArrivalRange,
        )?;
    }
    for w in &ir.winning_arrivals {
        check(
            (w.player as usize) < players
                && (w.kind as usize) < kinds
                && w.cells.iter().all(|&c| (c as usize) < cells),
            || ArrivalRange,
        )?;
    }
    let mut in_team = vec![false; players];
    for team in &ir.teams {
        check(team.len() >= 2 && team.len() < players, || BadTeam)?;
        for &p in team {
            check((p as usize) < players && !in_team[p as usize], || BadTeam)?;
            in_team[p as usize] = true;
        }
    }
    check(ir.end.points <= 1_000_000, || PointsRange(ir.end.points))?;
    for m in ir.marks.iter().chain(&ir.colours) {
        check(m.cells.iter().all(|&c| (c as usize) < cells), || MarkRange)?;
    }
    let becomes_ok = |b: u8| (b as usize) <= kinds;
    check(
        ir.leaps.iter().all(|l| becomes_ok(l.becomes))
            && ir.rays.iter().all(|r| becomes_ok(r.becomes))
            && ir.hooks.iter().all(|h| becomes_ok(h.becomes)),
        || UnknownBecomes,
    )?;
    for leap in &ir.leaps {
        check((leap.to as usize) < cells, || LeapTargetOffBoard(leap.to))?;
    }
    for ray in &ir.rays {
        check(ray.flags & ir::RESERVED_FLAGS == 0, || ReservedRayFlag)?;
        check(
            ray.flags & ir::FLY_OVER == 0 || ray.flags & (ir::CAPTURE | ir::GUARD) == 0,
            || CapturingFlight,
        )?;
        check(
            ray.start as usize + ray.len as usize <= ir.ray_cells.len(),
            || RayRange,
        )?;
        check(ray.len == 0 || (ray.first_landing as u16) < ray.len, || {
            FirstLandingPastEnd {
                len: ray.len,
                first_landing: ray.first_landing,
            }
        })?;
        check(
            ray.flags & ir::CREATES_EN_PASSANT == 0 || (ray.len as usize) <= MAX_EN_PASSANT,
            || LongEnPassantRay,
        )?;
    }
    for &c in &ir.ray_cells {
        check((c as usize) < cells, || RayCellOffBoard(c))?;
    }
    let mut placed = vec![false; cells];
    for p in &ir.setup.pieces {
        check(
            (p.cell as usize) < cells && (p.player as usize) < players && (p.kind as usize) < kinds,
            || PlacementRange(*p),
        )?;
        check(!placed[p.cell as usize], || TwoPlacementsOnOneCell(p.cell))?;
        placed[p.cell as usize] = true;
    }
    check((ir.setup.to_move as usize) < players, || SideToMove)?;
    check(
        ir.setup
            .castling_rights
            .iter()
            .all(|&c| (c as usize) < cells),
        || CastlingRightOffBoard,
    )?;
    for pr in &ir.promotions {
        check(
            (pr.player as usize) < players
                && (pr.kind as usize) < kinds
                && pr.zone.iter().all(|&c| (c as usize) < cells)
                && pr.choices.iter().all(|&k| (k as usize) < kinds)
                && pr
                    .condition
                    .is_none_or(|(a, _)| (a as usize) < ir.agreements.len()),
            || PromotionRange,
        )?;
    }
    // A cargo move needs a stack to leave, and lands as the stack's
    // cargo: in a stack, exactly the cargo's atoms change its kind.
    for p in 0..players {
        for (k, info) in ir.kinds.iter().enumerate() {
            let ok = |(flags, becomes): (u16, u8)| match info.stack {
                Some(st) => {
                    (flags & ir::CARGO != 0) == (becomes != 0)
                        && (becomes == 0 || becomes == st.cargo + 1)
                }
                None => flags & ir::CARGO == 0,
            };
            check(atoms_of(ir, p, k).all(ok), || CargoMoves { kind: k })?;
        }
    }
    let switches: Vec<u8> = ir
        .promotions
        .iter()
        .filter_map(|p| p.condition.map(|c| c.0))
        .collect();
    check(switches.windows(2).all(|w| w[0] == w[1]), || {
        PromotionAgreements
    })?;
    check(ir.agreements.len() * players <= 32, || TooManyDeclarations)?;
    for a in &ir.agreements {
        check(
            a.markers.len() == players
                && a.markers
                    .iter()
                    .flatten()
                    .all(|&(x, y)| (x as usize) < cells && (y as usize) < cells),
            || AgreementMarkers(a.name.clone()),
        )?;
    }
    for (k, info) in ir.kinds.iter().enumerate() {
        if let Some(st) = info.stack {
            let part_ok = |x: u8| (x as usize) < kinds && ir.kinds[x as usize].stack.is_none();
            check(
                part_ok(st.carrier) && part_ok(st.cargo) && (st.carrier_owner as usize) < players,
                || StackParts { kind: k },
            )?;
        }
    }
    for c in &ir.castlings {
        let ok = (c.player as usize) < players
            && (kinds >= 128 || c.partner_kinds >> kinds == 0)
            && [c.king_from, c.king_to, c.partner_from, c.partner_to]
                .iter()
                .chain(&c.must_be_empty)
                .chain(&c.must_be_safe)
                .all(|&x| (x as usize) < cells)
            && c.limit <= ir::MAX_CASTLINGS_PER_PLAYER
            && (c.limit == 0 || players <= 16);
        check(ok, || CastlingRange)?;
        check(
            c.king_from != c.partner_from && c.king_to != c.partner_to,
            || CastlingCellsClash,
        )?;
    }
    for r in &ir.regions {
        check(r.cells.iter().all(|&c| (c as usize) < cells), || {
            RegionRange(r.name.clone())
        })?;
    }
    for side in ir.end.insufficient.iter().flatten() {
        check(side.len() <= MAX_DECLARED_PIECES, || InsufficientTooLarge {
            pieces: side.len(),
        })?;
        for p in side {
            check((p.kind as usize) < kinds, || InsufficientKind {
                kind: p.kind,
            })?;
            if let Some(region) = p.region {
                check((region as usize) < ir.regions.len(), || {
                    InsufficientRegion { region }
                })?;
            }
        }
    }
    Ok(())
}
