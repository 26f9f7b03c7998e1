//! The move-table IR: what the compiler emits and the runtime loads.
//!
//! It is topology-agnostic: a board is a list of named cells; every move of
//! every piece kind, for every player and origin cell, is precomputed into
//! leap targets and rays (cell lists). Nothing here knows about squares or
//! hexes except the optional drawing hints. The loader (`crate::game`) checks
//! the format version and every index once, so the hot loop never re-checks.

mod castling;
mod end_rules;
mod explosion;
mod hands;
mod hops;
mod passing;
pub use castling::Castling;
pub use end_rules::{
    ChaseRule, Counting, EndRules, Extinction, FirstMoveLost, HonourRow, MateCondition, SparedKind,
};
pub use explosion::{BarredCapture, Explosion};
pub use hands::{DropAs, DropSplit, FileLimit, Gating, Hands};
pub use hops::{Facing, Hops, HOP, HOP_BEHIND, LAME};
pub use passing::MaterialCount;

use serde::{Deserialize, Serialize};

/// Bumped whenever the meaning or layout of the IR changes. Format 9: the
/// binary file carries its version and a checksum before the payload, the
/// JSON form a `checksum` field; pointy-topped hexes, `GUARD`, winning
/// arrivals, uncapturable kinds, points and the board's colours. Format 10:
/// periodic paths (`Ray::period`), free castling (`Castling::free`),
/// players going out (`Outcome::Out`, `EndRules::out_after_round`).
/// Format 11: teams (`GameIr::teams`), `KindInfo::capturable_when_out`,
/// `GameIr::en_passant_until_owner_moves`. Format 12: triangular boards
/// (`Geometry::Triangle`) and round ones (`Geometry::Round`). Format 20:
/// promotions in place (`GameIr::in_place_promotions`, `MoveKind::Promote`),
/// `GameIr::check_all_royals`, `EndRules::stalemate_promotions_only`. Format 21: hoppers
/// (`GameIr::hops`), `GameIr::facing`, `EndRules::perpetual_check`,
/// `Castling::fixed`. Format 22: explosions (`GameIr::explosion`) and
/// barred captures (`GameIr::barred_captures`). Format 23: passing moves
/// (`GameIr::pass_moves`), barred screens, `Facing::must_break`,
/// `EndRules::double_pass`, `GameIr::material_count`, `GameIr::wall`.
pub const FORMAT_VERSION: u32 = 23;

/// The highest per-player castling limit (`Castling::limit`): a position
/// counts each player's castlings in 4 bits.
pub const MAX_CASTLINGS_PER_PLAYER: u8 = 15;

/// A move atom may go to an empty cell.
pub const MOVE: u16 = 1;
/// A move atom may capture an enemy piece.
pub const CAPTURE: u16 = 2;
/// A ride that passes over cells leaves them open to en-passant capture.
pub const CREATES_EN_PASSANT: u16 = 4;
/// Only a piece that has not moved yet may use this atom.
pub const UNMOVED_ONLY: u16 = 8;
/// The piece may not end this move on a cell the opponent attacks.
pub const UNATTACKED_LANDING: u16 = 16;
/// The move is made by the cargo of a stack, which leaves its carrier behind.
pub const CARGO: u16 = 32;
/// The piece attacks (guards) the cell but may not move there, not even
/// by capture (`forbid`): only attack tests read it.
pub const GUARD: u16 = 64;
/// Another leap or ray of the same piece on the same cell may land on one
/// of this atom's cells too (two zig-zag paths cross, a leap lands where a
/// ride reaches): generation makes each such move once, the first time.
pub const SHARED_LANDING: u16 = 128;
/// A quiet ride that flies over pieces (`fly-over`): it lands on every
/// empty cell of its line and stops only at a frozen royal piece (the King
/// of a player out of the game, an obstacle to every line). It never
/// captures, so attack tables ignore it.
pub const FLY_OVER: u16 = 256;
/// The atom is not used while its player is in check (`not-in-check`).
pub const NOT_IN_CHECK: u16 = 512;
/// Atom flags are 16 bits wide; the runtime keeps the top bit for itself
/// (`RESERVED_FLAGS`), so bits 8..=14 are free for new mechanisms.
pub const RESERVED_FLAGS: u16 = 1 << 15;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameIr {
    pub format_version: u32,
    pub name: String,
    pub geometry: Geometry,
    pub cells: Vec<CellInfo>,
    pub players: Vec<PlayerInfo>,
    pub kinds: Vec<KindInfo>,
    /// Indexed by `(player * kinds + kind) * cells + cell`.
    pub moves: Vec<MoveSet>,
    pub leaps: Vec<Leap>,
    pub rays: Vec<Ray>,
    /// Backing store of every ray's cells.
    pub ray_cells: Vec<u16>,
    pub hooks: Vec<Hook>,
    /// Backing store of every hook's intermediate cells.
    pub hook_cells: Vec<u16>,
    pub swaps: Vec<Swap>,
    pub regions: Vec<Region>,
    pub promotions: Vec<Promotion>,
    /// `promotion-limit`: promotions to a kind only while its player has
    /// fewer pieces of it than `below`.
    #[serde(default)]
    pub promotion_limits: Vec<PromotionLimit>,
    pub castlings: Vec<Castling>,
    pub arrivals: Vec<Arrival>,
    pub setup: Setup,
    pub end: EndRules,
    /// Drawing hints: cells shown in a colour (`mark royal_dark red`).
    pub marks: Vec<Mark>,
    /// Drawing hints: the board's colour classes (`colours dark light from
    /// a1`), in the statement's order; each is also a shared region. Empty
    /// when the game colours no cells.
    #[serde(default)]
    pub colours: Vec<Mark>,
    /// Seconds each player has for the whole game, if the game is timed.
    pub clock_seconds: Option<u32>,
    /// Rule switches and offers the players make by declarations attached
    /// to their moves (never moves themselves).
    #[serde(default)]
    pub agreements: Vec<Agreement>,
    /// A piece of `kind` owned by `player` ending a move on one of `cells`
    /// wins the game at once (`arrival King on throne wins`).
    #[serde(default)]
    pub winning_arrivals: Vec<WinningArrival>,
    /// Teams of partners (`partners red yellow`), each a list of players:
    /// partners never capture or attack each other, and a result is scored
    /// per team. Players in no team play for themselves.
    #[serde(default)]
    pub teams: Vec<Vec<u8>>,
    /// Cells a passing ride went over stay open to en passant until the
    /// passing piece's owner moves again (by default: on the next move only).
    #[serde(default)]
    pub en_passant_until_owner_moves: bool,
    /// `capture forced`: when the side to move has a legal capture, its
    /// moves that capture nothing are illegal.
    #[serde(default)]
    pub capture_forced: bool,
    /// `check forbidden`: no move may leave an opponent's royal piece
    /// attacked.
    #[serde(default)]
    pub check_forbidden: bool,
    /// `first-move KIND lost when aimed by KINDS`: a piece of `kind` loses
    /// its unmoved status when an enemy piece of an `aimers` kind ends a
    /// move on a cell from which it would attack the piece's cell on an
    /// empty board.
    #[serde(default)]
    pub first_move_lost: Vec<FirstMoveLost>,
    /// `in-check capture-checker-only`: while its player is in check, a
    /// piece of these kinds may move only to take the one piece giving
    /// check (makpong's king).
    #[serde(default)]
    pub checker_captures_only: Vec<u8>,
    /// Pieces held off the board and dropped (`ir/hands.rs`); `None` in a
    /// game without hands.
    #[serde(default)]
    pub hands: Option<Hands>,
    /// `royal-while-last KINDS`: these (royal) kinds are royal only while
    /// their player holds one piece of them (Fairy-Stockfish's
    /// pseudo-royal extinction pieces); empty: every royal kind is royal.
    #[serde(default)]
    pub royal_while_last: Vec<u8>,
    /// Hopping rides (`ir/hops.rs`); `None` in a game without hoppers.
    #[serde(default)]
    pub hops: Option<Hops>,
    /// `facing KINDS along ...` (`ir/hops.rs`); `None`: royal pieces may face.
    #[serde(default)]
    pub facing: Option<Facing>,
    /// `promote ... in-place`: promotions a piece makes as its move.
    #[serde(default)]
    pub in_place_promotions: Vec<InPlacePromotion>,
    /// `check when all royal attacked`: a player is in check only while
    /// all its royal pieces are attacked, and a move may leave some of them
    /// attacked (not all); an attacked royal piece may then be taken.
    #[serde(default)]
    pub check_all_royals: bool,
    /// A capture blasts the pieces around its landing cell
    /// (`ir/explosion.rs`); `None` in a game without explosions.
    #[serde(default)]
    pub explosion: Option<Explosion>,
    /// `uncapturable KINDS by KINDS`: captures no move makes.
    #[serde(default)]
    pub barred_captures: Vec<BarredCapture>,
    /// `unjumpable KINDS by KINDS`: a hopper of `capturer`'s kind never
    /// uses a piece of `target`'s kind (either player's) as its screen.
    #[serde(default)]
    pub barred_screens: Vec<BarredCapture>,
    /// `pass`: a player not in check may pass instead of moving
    /// (`ir/passing.rs`).
    #[serde(default)]
    pub pass_moves: bool,
    /// `material-count`: draws decided by the pieces left.
    #[serde(default)]
    pub material_count: Option<MaterialCount>,
    /// `wall KIND`: every move is followed by moving the one piece of this
    /// kind (player 0's code, a neutral blocker no move captures) to an
    /// empty cell (`position/walls.rs`).
    #[serde(default)]
    pub wall: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WinningArrival {
    pub player: u8,
    pub kind: u8,
    pub cells: Vec<u16>,
    /// `after-reply` (two players): the first player's arrival lets the
    /// second reply; the second, if it can arrive too by a legal move,
    /// plays on (arriving draws), else loses at once. The second player's
    /// arrival, and the first's unanswered one, win when the other player
    /// is next to move (as Fairy-Stockfish plays such arrivals).
    #[serde(default)]
    pub after_reply: bool,
    /// `if-held` (two players): the arrival wins if the piece still stands
    /// on the region when its owner is next to move.
    #[serde(default)]
    pub if_held: bool,
    /// `if-safe` (two players): a piece of the kind standing on the region
    /// that no enemy piece attacks wins, tested after every move for both
    /// players, the side to move first (both: a draw); as
    /// Fairy-Stockfish's flagPieceSafe.
    #[serde(default)]
    pub if_safe: bool,
}

/// What happens once every player has declared an agreement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AgreementEffect {
    /// Rules conditioned on the agreement (promotion modes) hold for the
    /// rest of the game, even if a player later withdraws.
    Switch,
    /// The game is drawn.
    Draw,
}

/// A declaration each player may make or withdraw with any of their moves;
/// when all players have it declared at once, `effect` applies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Agreement {
    pub name: String,
    pub effect: AgreementEffect,
    /// Per player: the cell where the player's marker stands
    /// while the declaration is withdrawn and while it is made, for drawing;
    /// a declaration can only be made while that cell holds no piece.
    pub markers: Vec<Option<(u16, u16)>>,
}

/// A kind that is a stack: `cargo` aboard a `carrier` that belongs to
/// `carrier_owner`. The stack moves and attacks for the cargo's owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StackParts {
    pub carrier: u8,
    pub cargo: u8,
    pub carrier_owner: u8,
    /// Cargo may board another player's carrier, and a carrier may take
    /// another player's cargo aboard (the stack then belongs to the cargo's owner).
    pub boarding: bool,
}

/// A bent move: it reaches `to` if at least one of its intermediate cells
/// (`vias`, one per route) is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hook {
    pub to: u16,
    pub flags: u16,
    /// 0, or the kind + 1 the piece becomes by this move.
    #[serde(default)]
    pub becomes: u8,
    pub via_start: u32,
    pub via_len: u16,
}

/// The piece may exchange places with a friendly piece on `with` whose
/// kind is in `partner_kinds` (bit per kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Swap {
    pub with: u16,
    pub partner_kinds: u128,
}

/// When a piece of `kind` owned by `player` ends a move on a cell of
/// `trigger`, its owner places a new `place_kind` on an empty cell of
/// `place_cells` as part of the move; once per game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arrival {
    pub player: u8,
    pub kind: u8,
    pub trigger: Vec<u16>,
    pub place_kind: u8,
    pub place_cells: Vec<u16>,
}

/// The colours a `mark` may draw cells in, with their ANSI background codes
/// (the compiler refuses other names).
pub const MARK_COLOURS: [(&str, u8); 7] = [
    ("red", 41),
    ("green", 42),
    ("yellow", 43),
    ("blue", 44),
    ("magenta", 45),
    ("cyan", 46),
    ("white", 47),
];

/// Cells drawn in a colour: for `mark`, one of `MARK_COLOURS`; for the
/// board's `colours`, the name the game gives the colour.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    pub colour: String,
    pub cells: Vec<u16>,
}

/// Hints for drawing and for rectangular notations (FEN); the rules never read it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Geometry {
    /// Cell `(x, y)` of the lattice; `files` label the columns.
    Square {
        width: u16,
        height: u16,
        files: Vec<String>,
    },
    /// Axial coordinates `(q, r)`. Flat-topped: `(0, 1)` is straight up
    /// (files run up the board); pointy-topped: `(1, 0)` is to the right,
    /// `(0, 1)` up and to the right (rows run across the board).
    Hex { pointy: bool },
    /// Triangles: cell `(x, y)` is in column `x` and row `y` (0 at the
    /// bottom); neighbouring columns of a row alternate up and down, and a
    /// cell points up when `x + y` is odd with `odd_up`, even without.
    /// `files` label the columns.
    Triangle { odd_up: bool, files: Vec<String> },
    /// A round board: `rings` rings of `sectors` cells about a centre.
    /// Cell `(s, k)` is in sector `s` (counter-clockwise, labelled by
    /// `files`) and ring `k` from the rim (0 is the rim); the centre is
    /// `(0, rings)`.
    Round {
        rings: u16,
        sectors: u16,
        files: Vec<String>,
    },
}

impl Geometry {
    /// The file labels, on boards that have files.
    pub fn files(&self) -> Option<&[String]> {
        match self {
            Geometry::Square { files, .. }
            | Geometry::Triangle { files, .. }
            | Geometry::Round { files, .. } => Some(files),
            Geometry::Hex { .. } => None,
        }
    }

    /// Does the triangle at `(x, y)` point up? `None` on other boards.
    pub fn points_up(&self, (x, y): (i32, i32)) -> Option<bool> {
        match self {
            Geometry::Triangle { odd_up, .. } => Some((x + y).rem_euclid(2) == *odd_up as i32),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellInfo {
    pub name: String,
    /// Lattice coordinates (square: file, rank index; hex: axial q, r;
    /// triangles: column, row).
    pub coord: (i32, i32),
    /// Beside the board: pieces may start here and leave, nothing enters.
    #[serde(default)]
    pub side: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerInfo {
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KindInfo {
    pub name: String,
    /// The letter used in notation (uppercase); player 0 writes it upper case,
    /// player 1 lower case in FEN.
    pub letter: char,
    pub aliases: Vec<String>,
    pub value: i32,
    pub royal: bool,
    /// Capture-capable atoms may take en passant.
    pub captures_en_passant: bool,
    /// Set for the kinds made by carrying.
    #[serde(default)]
    pub stack: Option<StackParts>,
    /// No move captures a piece of this kind (`uncapturable`).
    #[serde(default)]
    pub uncapturable: bool,
    /// With `uncapturable`: only while its owner is in play; a frozen
    /// piece of a player out may be captured (`uncapturable K unless out`).
    #[serde(default)]
    pub capturable_when_out: bool,
}

/// Where one (player, kind, cell)'s moves live in `leaps`, `rays`, `hooks` and `swaps`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveSet {
    pub leap_start: u32,
    pub leap_len: u16,
    pub ray_len: u16,
    pub ray_start: u32,
    pub hook_start: u32,
    pub hook_len: u16,
    pub swap_len: u16,
    pub swap_start: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leap {
    pub to: u16,
    pub flags: u16,
    /// 0, or the kind + 1 the piece becomes by this move.
    #[serde(default)]
    pub becomes: u8,
}

/// A ride: the cells in order from the nearest; the first occupied cell ends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ray {
    pub start: u32,
    pub len: u16,
    pub flags: u16,
    /// Index of the first cell the ride may land on (nearer cells are only passed).
    pub first_landing: u8,
    /// 0, or the kind + 1 the piece becomes by this move.
    #[serde(default)]
    pub becomes: u8,
    /// Rays with the same direction are translates of each other; attack
    /// detection walks them backwards.
    pub direction: u16,
    /// A periodic path repeats a sequence of this many steps (a zig-zag);
    /// 0 or 1: a straight line. The reverse attack tables keep one line per
    /// (target, direction, place in the period).
    #[serde(default)]
    pub period: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Region {
    pub name: String,
    /// `None`: the same cells for every player.
    pub player: Option<u8>,
    pub cells: Vec<u16>,
}

/// A piece of `kind` owned by `player` that ends a move on a cell of `zone`
/// must become one of `choices` (rules for one cell add up).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Promotion {
    pub player: u8,
    pub kind: u8,
    pub zone: Vec<u16>,
    pub choices: Vec<u8>,
    /// `Some((agreement, true))`: the rule holds only once that agreement
    /// was reached; `Some((agreement, false))`: only until then.
    #[serde(default)]
    pub condition: Option<(u8, bool)>,
    /// `or-leaving`: a move that starts on a zone cell may promote too,
    /// wherever it ends (a promotion zone); never with a `condition`.
    #[serde(default)]
    pub leaving: bool,
}

/// A promotion made as a move of its own (`promote ... in-place`): a piece
/// of `kind` owned by `player` standing on a cell of `zone` becomes one of
/// `choices` where it stands (`from == to`), or, with `moving`, by a move
/// of its new kind onto an empty cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InPlacePromotion {
    pub player: u8,
    pub kind: u8,
    pub zone: Vec<u16>,
    pub choices: Vec<u8>,
    /// `or-moving`: also by a quiet move of the new kind.
    pub moving: bool,
    /// `peaceful`: the new piece attacks no enemy piece where it stands,
    /// and the move gives no check.
    pub peaceful: bool,
    /// `anywhere-if-last`: a player's only piece of `kind` promotes from
    /// any cell.
    pub anywhere_if_last: bool,
}

/// A promotion limit (`GameIr::promotion_limits`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PromotionLimit {
    pub kind: u8,
    /// A piece may promote to `kind` while its player has fewer than this.
    pub below: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub pieces: Vec<Placement>,
    pub to_move: u8,
    /// Cells whose pieces start with castling rights.
    pub castling_rights: Vec<u16>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    pub cell: u16,
    pub player: u8,
    pub kind: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// The player to move (the one who cannot move) loses.
    Loss,
    /// The player to move loses, and the win goes to the opponent
    /// attacking its royal piece who moved most recently.
    LossToLastAttacker,
    /// The player to move wins.
    Win,
    Draw,
    /// With more than two players in play the player is out: its turns are
    /// skipped and its pieces stay on the board, frozen (they never move,
    /// attack nothing and may be captured). With two in play it is a loss
    /// (checkmate) or a draw (stalemate) at once.
    Out,
}

/// A piece of an `insufficient` declaration: its kind, and the region whose
/// cells it must stand on (an index into `regions`), if the declaration
/// says (`Bishop on light`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MaterialPiece {
    pub kind: u8,
    pub region: Option<u16>,
}

/// The tag a binary IR file starts with.
pub const MAGIC: &[u8] = b"VARIANTIR";

/// Why an IR file (binary or JSON) does not read. The loader's checks of
/// what it says come after (`LoadError`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IrFileError {
    /// No `VARIANTIR` tag at the start.
    NotIr,
    /// The file ends inside its header (`len` bytes).
    Truncated { len: usize },
    /// Written by another version of the format (`found` is the version
    /// byte after the tag; files before format 8 have their first payload
    /// byte there, which is their version too).
    FormatVersion { found: u32, expected: u32 },
    /// The payload does not match its checksum: the file is damaged. Only
    /// the stored value is kept: the expected one is never told, so that
    /// an edited file is not re-sealed by reading the refusal (the checksum
    /// guards against damage; the loader's validation against forgery).
    Checksum { stored: u64 },
    /// The JSON form has no `checksum` field.
    MissingChecksum,
    /// The payload does not decode (binary) or parse (JSON).
    Decode(String),
}

impl std::fmt::Display for IrFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IrFileError::NotIr => write!(f, "not a compiled variant IR file (no VARIANTIR tag)"),
            IrFileError::Truncated { len } => {
                write!(f, "IR file of {len} bytes: it ends inside its header")
            }
            IrFileError::FormatVersion { found, expected } => write!(
                f,
                "IR format version {found}, but this program reads version {expected}: compile the source again"
            ),
            IrFileError::Checksum { stored } => write!(
                f,
                "IR checksum mismatch (stored {stored:016x}): the file is damaged or was edited; compile the source again"
            ),
            IrFileError::MissingChecksum => write!(
                f,
                "IR JSON without a checksum field: only files written by `variant compile` load"
            ),
            IrFileError::Decode(e) => write!(f, "IR does not decode: {e}"),
        }
    }
}

impl std::error::Error for IrFileError {}

/// FNV-1a, 64 bits: each byte is mixed in by a bijection of the state, so
/// changing any one byte always changes the sum (a flipped byte never
/// loads); insertions and truncations change it with near certainty.
pub fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The `checksum` and `format_version` fields of the JSON form, read
/// before the IR itself: a file of another version is told so, not that
/// some field of it does not decode.
#[derive(Deserialize)]
struct JsonSeal {
    checksum: Option<String>,
    format_version: Option<u32>,
}

impl GameIr {
    fn payload(&self) -> Vec<u8> {
        postcard::to_allocvec(self).expect("IR serialises")
    }

    /// The JSON form: the IR's fields, led by `checksum`, the sum of the
    /// IR's binary payload (so white space may change, but no value).
    pub fn to_json(&self) -> String {
        let body = serde_json::to_string_pretty(self).expect("IR serialises");
        let sum = checksum(&self.payload());
        let rest = body
            .strip_prefix('{')
            .expect("an IR serialises as an object");
        format!("{{\n  \"checksum\": \"{sum:016x}\",{rest}")
    }

    pub fn from_json(text: &str) -> Result<GameIr, IrFileError> {
        let decode = |e: serde_json::Error| IrFileError::Decode(format!("JSON: {e}"));
        let seal: JsonSeal = serde_json::from_str(text).map_err(decode)?;
        if let Some(found) = seal.format_version.filter(|&v| v != FORMAT_VERSION) {
            return Err(IrFileError::FormatVersion {
                found,
                expected: FORMAT_VERSION,
            });
        }
        let ir: GameIr = serde_json::from_str(text).map_err(decode)?;
        let stored = seal.checksum.ok_or(IrFileError::MissingChecksum)?;
        let computed = checksum(&ir.payload());
        let stored =
            u64::from_str_radix(&stored, 16).map_err(|_| IrFileError::Checksum { stored: 0 })?;
        if stored != computed {
            return Err(IrFileError::Checksum { stored });
        }
        Ok(ir)
    }

    /// The compact binary form: the tag, the format version (one byte),
    /// the payload's checksum (8 bytes, little-endian), the payload
    /// (postcard).
    pub fn to_bytes(&self) -> Vec<u8> {
        let payload = self.payload();
        let mut out = MAGIC.to_vec();
        out.push(FORMAT_VERSION as u8);
        out.extend(checksum(&payload).to_le_bytes());
        out.extend(payload);
        out
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<GameIr, IrFileError> {
        let rest = bytes.strip_prefix(MAGIC).ok_or(IrFileError::NotIr)?;
        let (&version, rest) = rest
            .split_first()
            .ok_or(IrFileError::Truncated { len: bytes.len() })?;
        if version as u32 != FORMAT_VERSION {
            return Err(IrFileError::FormatVersion {
                found: version as u32,
                expected: FORMAT_VERSION,
            });
        }
        let (sum, payload) = rest
            .split_first_chunk::<8>()
            .ok_or(IrFileError::Truncated { len: bytes.len() })?;
        let stored = u64::from_le_bytes(*sum);
        if stored != checksum(payload) {
            return Err(IrFileError::Checksum { stored });
        }
        postcard::from_bytes(payload).map_err(|e| IrFileError::Decode(e.to_string()))
    }
}
