//! Why an IR does not load: each part of `Game` checks the indices it will
//! trust when it is built (see the list in `mod.rs`), and a refusal is a
//! typed `LoadError` naming what is wrong.

use super::en_passant::{MAX_EN_PASSANT, MAX_LASTING_PASSINGS};
use super::insufficient::MAX_DECLARED_PIECES;
use super::shape::MAX_CELL_NAME;
use super::sides::MAX_ELIMINATION_PLAYERS;
use crate::bitset::MAX_CELLS;
use crate::codes::{codes_needed, MAX_CODES};
use crate::ir;

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
    /// A hopping ride's range, cells or flags are not a hop's.
    HopRange,
    /// `facing`: a kind or cell out of range, or not one list of lines per cell.
    FacingRange,
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
    /// A castling whose king or partner lands on a cell that the castling
    /// neither requires empty nor vacates (it would land on a piece).
    CastlingLandsOnAPiece {
        castling: usize,
    },
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
    /// A board cell (not a side cell) outside its geometry.
    CellOutsideGeometry {
        cell: usize,
    },
    /// A cell with an empty name or one longer than `MAX_CELL_NAME` bytes.
    CellNameLength {
        cell: usize,
    },
    /// A cell whose name an earlier cell already has.
    DuplicateCellName {
        cell: usize,
    },
    /// An `end extinction` rule or check counting in a game of more than
    /// two players (each compares a player with its one opponent).
    MaterialRulesNeedTwoPlayers {
        players: usize,
    },
    /// An `end extinction` rule naming a kind the game does not have.
    ExtinctionKind {
        kind: u8,
    },
    /// A `first-move ... lost when aimed by ...` rule naming a kind the
    /// game does not have.
    FirstMoveLostKind {
        kind: u8,
    },
    /// A condition on checkmates naming a kind the game does not have.
    MateRuleKind {
        kind: u8,
    },
    /// The perpetual-chase rule naming a kind the game does not have.
    ChaseKind {
        kind: u8,
    },
    /// The perpetual-chase rule's region: not one cell list per player, or
    /// a cell off the board.
    ChaseRegion,
    /// A counting rule naming a kind the game does not have.
    CountingKind {
        kind: u8,
    },
    /// A counting rule's count over `MAX_COUNT_MOVES`.
    CountTooLong {
        moves: u32,
    },
    /// A pieces-honour row asking for more pieces than the board has cells.
    CountingAtLeast {
        at_least: u32,
    },
    /// The hands' tables are not one entry per kind, or per player and kind.
    HandTables,
    /// A promotion on leaving its zone that depends on an agreement.
    LeavingWithCondition,
    /// `royal-while-last` naming a kind that is not a royal kind of the game.
    RoyalWhileLastKind {
        kind: u8,
    },
    /// A promotion limit of a kind the game does not have, or of 0.
    PromotionLimitKind {
        kind: u8,
    },
    /// A limit per file on a board without files.
    FilesNeedASquareBoard,
    /// A limit per file of 0, or a second one for the same kind.
    FileLimit {
        kind: u8,
    },
    /// A hand holds, or a capture turns into, a kind the game does not
    /// have, or a stack.
    HandKind {
        kind: u8,
    },
    /// A hand starts with more pieces of a kind than the board has cells.
    HandCount {
        count: u16,
    },
    /// A drop onto a cell the board does not have, or a side cell.
    DropCell {
        cell: u16,
    },
    /// `in-check capture-checker-only` naming a kind the game does not have.
    ObligationKind {
        kind: u8,
    },
    /// `end checks N` beyond `MAX_CHECKS_TO_WIN`.
    ChecksToWin(u32),
    /// A castling whose `king_kind` is not a kind of the game.
    CastlingKingKind {
        castling: usize,
    },
    /// A player whose name an earlier player already has.
    DuplicatePlayerName {
        player: usize,
    },
    /// A cell whose name is not letters, digits and `_` (leading with a
    /// letter or `_`), as the language writes cell names.
    CellNameCharacters {
        cell: usize,
    },
    /// A player whose name is not letters, digits and `_` (leading with a
    /// letter or `_`), as the language writes player names.
    PlayerName {
        player: usize,
    },
    /// A kind whose letter is not a Latin capital letter.
    KindLetter {
        kind: usize,
    },
    /// A kind's alias the notations cannot read as a piece (empty, with a
    /// digit, white space or a character they use), or an alias of a stack.
    KindAlias {
        kind: usize,
    },
    /// A kind whose letter or alias already names another kind (or names
    /// this one twice).
    KindNameClash {
        kind: usize,
    },
    /// A triangle geometry of more files than the language labels (or none).
    TriangleGeometrySize {
        files: usize,
    },
    /// A round geometry outside the rings and sectors a board may have.
    RoundGeometrySize {
        rings: u16,
        sectors: u16,
    },
    /// A cell drawn at the point of an earlier cell.
    TwoCellsAtOnePoint {
        cell: usize,
    },
    /// A castling whose king lands where it stands.
    CastlingKingStays {
        castling: usize,
    },
    /// A ride of no cells.
    EmptyRay,
    /// A leap, hook or ride of the piece on `cell` that lands on (or passes)
    /// `cell` itself.
    AtomOntoItsOwnCell {
        cell: u16,
    },
    /// Two atoms of the piece on `cell` that land on one cell and make the
    /// same move twice (neither a merged leap nor marked `SHARED_LANDING`).
    DuplicateLanding {
        cell: u16,
    },
    /// `end repetition N` outside `limits::REPETITIONS` (0 is off).
    RepetitionCount(u32),
    /// `end move-rule N` outside `limits::MOVE_RULE` (0 is off).
    MoveRuleCount(u32),
    /// An explosion's cells around `cell`: not one list per cell, a cell
    /// off the board, a side cell, the landing cell itself, a cell twice,
    /// or more than `MAX_BLAST` cells.
    ExplosionCells {
        cell: usize,
    },
    /// An explosion spares or shields a kind the game does not have, or a
    /// stack; or explosions beside hands or stacks.
    ExplosionKind {
        kind: u8,
    },
    /// A barred capture names a kind the game does not have.
    BarredCaptureKind {
        kind: u8,
    },
    /// A material count that is not for two players, or whose weights do
    /// not match the kinds, or too heavy.
    MaterialCount,
    /// A wall kind that is not a kind of the game, or royal, or capturable.
    Wall,
}

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
            HopRange | FacingRange => write!(f, "hopping ride or facing line out of range"),
            HookCellOffBoard(c) => write!(f, "hook cell {c} off the board"),
            SwapPartnerOffBoard => write!(f, "swap partner cell off the board"),
            SwapWithItself { cell } => write!(f, "a swap from cell {cell} with itself"),
            TooManyArrivals => write!(f, "more than 32 arrival rules"),
            PointsRange(n) => write!(
                f,
                "{n} points per game ({:?})",
                crate::limits::POINTS
            ),
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
            CastlingLandsOnAPiece { castling } => write!(
                f,
                "castling {castling} lands its king or partner on a cell it neither requires empty nor vacates"
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
                MAX_ELIMINATION_PLAYERS
            ),
            TooManyPlayersForLastingPassings { players } => write!(
                f,
                "en passant lasts until the owner moves in a game of {players} players; at most {} are supported",
                MAX_LASTING_PASSINGS
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
            MaterialRulesNeedTwoPlayers { .. }
            | FirstMoveLostKind { .. }
            | CountingKind { .. }
            | MateRuleKind { .. }
            | CountTooLong { .. }
            | CountingAtLeast { .. }
            | HandTables
            | LeavingWithCondition
            | RoyalWhileLastKind { .. }
            | FilesNeedASquareBoard
            | PromotionLimitKind { .. }
            | FileLimit { .. }
            | HandKind { .. }
            | HandCount { .. }
            | DropCell { .. }
            | ObligationKind { .. }
            | ExtinctionKind { .. }
            | ChecksToWin(_) => self.fmt_end_rules(f),
            ExplosionCells { .. }
            | ExplosionKind { .. }
            | BarredCaptureKind { .. }
            | MaterialCount
            | Wall => {
                self.fmt_explosion(f)
            }
            CastlingKingKind { castling } => {
                write!(f, "castling {castling} names a king kind the game does not have")
            }
            CellNameCharacters { .. }
            | GeometrySize { .. }
            | FileLabels { .. }
            | CellOutsideGeometry { .. }
            | CellNameLength { .. }
            | DuplicateCellName { .. }
            | DuplicatePlayerName { .. }
            | PlayerName { .. }
            | KindLetter { .. }
            | KindAlias { .. }
            | KindNameClash { .. }
            | TriangleGeometrySize { .. }
            | RoundGeometrySize { .. }
            | TwoCellsAtOnePoint { .. }
            | CastlingKingStays { .. }
            | EmptyRay
            | AtomOntoItsOwnCell { .. }
            | DuplicateLanding { .. }
            | RepetitionCount(_)
            | MoveRuleCount(_) => self.fmt_language_rule(f),
            InsufficientTooLarge { .. } | ChaseKind { .. } | ChaseRegion => self.fmt_end_rules(f),
        }
    }
}

impl LoadError {
    /// The messages of the refusals of what no source file can say: names
    /// and letters the notations would misread, geometries and counts
    /// outside the language's limits, moves made twice or going nowhere.
    fn fmt_language_rule(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use LoadError::*;
        match self {
            GeometrySize { width, height } => write!(
                f,
                "a square geometry of {width} x {height} cells (at most {MAX_CELLS})"
            ),
            FileLabels { labels, width } => {
                write!(f, "{labels} file labels for a geometry {width} wide")
            }
            CellOutsideGeometry { cell } => {
                write!(f, "cell {cell} lies outside its geometry")
            }
            CellNameLength { cell } => write!(
                f,
                "cell {cell} has an empty name or one longer than {MAX_CELL_NAME} bytes"
            ),
            DuplicateCellName { cell } => {
                write!(f, "cell {cell} has the name of another cell")
            }
            DuplicatePlayerName { player } => {
                write!(f, "player {player} has the name of another player")
            }
            CellNameCharacters { cell } => write!(
                f,
                "cell {cell}'s name is not letters, digits and _ (leading with a letter or _)"
            ),
            PlayerName { player } => write!(
                f,
                "player {player}'s name is not letters, digits and _ (leading with a letter or _)"
            ),
            KindLetter { kind } => write!(f, "kind {kind}'s letter is not a Latin capital letter"),
            KindAlias { kind } => write!(
                f,
                "kind {kind} has an alias the notations cannot read (empty, a digit, white space \
                 or one of `{}`), or is a stack with an alias",
                crate::limits::ALIAS_FORBIDDEN
            ),
            KindNameClash { kind } => write!(
                f,
                "kind {kind}'s letter or alias already names a kind (each names one piece only)"
            ),
            TriangleGeometrySize { files } => write!(
                f,
                "a triangle geometry of {files} files (1..={})",
                crate::limits::MAX_FILES
            ),
            RoundGeometrySize { rings, sectors } => write!(
                f,
                "a round geometry of {rings} rings and {sectors} sectors \
                 (rings {:?}, an even number of sectors {:?})",
                crate::limits::ROUND_RINGS,
                crate::limits::ROUND_SECTORS
            ),
            TwoCellsAtOnePoint { cell } => {
                write!(f, "cell {cell} is drawn at the point of another cell")
            }
            CastlingKingStays { castling } => {
                write!(f, "castling {castling} leaves its king where it stands")
            }
            EmptyRay => write!(f, "a ride of no cells"),
            AtomOntoItsOwnCell { cell } => write!(
                f,
                "a move of the piece on cell {cell} lands on or passes its own cell"
            ),
            DuplicateLanding { cell } => write!(
                f,
                "two moves of the piece on cell {cell} land on one cell without being marked shared \
                 (the move would be made twice)"
            ),
            RepetitionCount(n) => write!(
                f,
                "a draw by {n} repetitions ({:?}, or 0 for none)",
                crate::limits::REPETITIONS
            ),
            MoveRuleCount(n) => write!(
                f,
                "a move rule of {n} moves ({:?}, or 0 for none)",
                crate::limits::MOVE_RULE
            ),
            other => write!(f, "{other:?}"),
        }
    }

    /// The messages of the end rules' and move obligations' refusals.
    fn fmt_end_rules(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use LoadError::*;
        match self {
            InsufficientTooLarge { pieces } => write!(
                f,
                "an insufficient-material declaration lists {pieces} pieces for one side \
                 (at most {MAX_DECLARED_PIECES})"
            ),
            MaterialRulesNeedTwoPlayers { players } => write!(
                f,
                "extinction, check counting and counting rules need two players, not {players}"
            ),
            FirstMoveLostKind { kind } => {
                write!(f, "a first-move rule names kind {kind}, not in the game")
            }
            MateRuleKind { kind } => {
                write!(
                    f,
                    "a condition on checkmates names kind {kind}, not in the game"
                )
            }
            ChaseKind { kind } => {
                write!(
                    f,
                    "the perpetual-chase rule names kind {kind}, not in the game"
                )
            }
            ChaseRegion => write!(
                f,
                "the perpetual-chase rule's region is not a list of board cells per player"
            ),
            CountingKind { kind } => {
                write!(f, "the counting rule names kind {kind}, not in the game")
            }
            CountTooLong { moves } => write!(
                f,
                "the counting rule counts {moves} moves, over the limit of {}",
                super::counting::MAX_COUNT_MOVES
            ),
            PromotionLimitKind { kind } => {
                write!(
                    f,
                    "a promotion limit names kind {kind}, which the game lacks, or is 0"
                )
            }
            FilesNeedASquareBoard => {
                write!(f, "a limit of drops per file needs a square board (files)")
            }
            FileLimit { kind } => write!(
                f,
                "kind {kind} has a limit per file of 0, or more than one limit"
            ),
            RoyalWhileLastKind { kind } => write!(
                f,
                "royal-while-last names kind {kind}, not a royal kind of the game"
            ),
            LeavingWithCondition => write!(
                f,
                "a promotion on leaving its zone depends on an agreement (not supported)"
            ),
            HandTables => write!(
                f,
                "the hands' tables do not fit the game's players and kinds"
            ),
            HandKind { kind } => {
                write!(f, "a hand names kind {kind}, not a plain kind of the game")
            }
            HandCount { count } => write!(
                f,
                "a hand starts with {count} pieces of a kind, more than the board holds"
            ),
            DropCell { cell } => write!(f, "a drop names cell {cell}, not a board cell"),
            CountingAtLeast { at_least } => write!(
                f,
                "a pieces-honour row asks for {at_least} pieces, more than the board holds"
            ),
            ObligationKind { kind } => {
                write!(f, "a rule on checks names kind {kind}, not in the game")
            }
            ExtinctionKind { kind } => {
                write!(f, "an extinction rule names kind {kind}, not in the game")
            }
            ChecksToWin(n) => write!(
                f,
                "a win by {n} checks (1..={} supported)",
                super::rule_ends::MAX_CHECKS_TO_WIN
            ),
            // `fmt` calls this with the variants above only.
            other => write!(f, "{other:?}"),
        }
    }

    /// The messages of the explosions', barred captures' and material
    /// counts' refusals.
    fn fmt_explosion(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use LoadError::*;
        match self {
            ExplosionCells { cell } => write!(
                f,
                "the cells an explosion on cell {cell} blasts are not distinct board cells \
                 beside it (at most {})",
                super::explosion::MAX_BLAST
            ),
            ExplosionKind { kind } => write!(
                f,
                "an explosion names kind {kind}, not a kind of the game, or goes with hands or stacks"
            ),
            BarredCaptureKind { kind } => {
                write!(f, "a barred capture names kind {kind}, not in the game")
            }
            MaterialCount => write!(
                f,
                "a material count that is not for two players or does not weigh every kind"
            ),
            Wall => write!(f, "a wall kind that is not an uncapturable kind of the game"),
            // `fmt` calls this with the variants above only.
            other => write!(f, "{other:?}"),
        }
    }
}

impl std::error::Error for LoadError {}

/// Drawing coordinates beyond this are refused (a board of 384 cells never
/// needs them, and the terminal and SVG layouts stay small).
pub const MAX_COORD: i32 = 4096;

/// `Ok` if `cond` holds, else the error `error` makes.
pub(super) fn check(cond: bool, error: impl FnOnce() -> LoadError) -> Result<(), LoadError> {
    if cond {
        Ok(())
    } else {
        Err(error())
    }
}
