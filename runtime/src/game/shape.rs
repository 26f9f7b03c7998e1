//! The shape of a game: its cells, players and kinds, and the piece codes
//! they make (`1 + player * kinds + kind`), with each code's owner, kind
//! and royalty. Every other part is indexed by these numbers, so this part
//! is built (and its indices checked) first. It also checks the tables
//! that only name cells and players: drawing coordinates and the square
//! geometry, marks and colours, regions, and the setup.

use super::error::{check, LoadError, MAX_COORD};
use crate::bitset::MAX_CELLS;
use crate::codes::{codes_needed, CodeSet, PieceCode, MAX_CODES};
use crate::ir::{self, GameIr};
use crate::limits::{MAX_FILES, MAX_RANKS, ROUND_RINGS, ROUND_SECTORS};
use std::collections::HashMap;

pub(crate) struct Shape {
    pub(crate) cells: usize,
    pub(crate) players: usize,
    /// Kinds, stacks included.
    pub(crate) kinds: usize,
    /// Per piece code (`EMPTY` holds `u8::MAX`).
    pub(crate) owner: Vec<u8>,
    pub(crate) kind_of: Vec<u8>,
    pub(crate) royal_code: Vec<bool>,
    /// Per piece code: royal only while its player holds one piece of the
    /// `royal-while-last` kinds (`None`: no such kinds).
    pub(crate) royal_while_last: Option<Vec<bool>>,
    /// Bit per piece code, for each player: the codes of that player's pieces.
    pub(crate) codes_of_player: Vec<CodeSet>,
    pub(crate) cell_by_name: HashMap<String, u16>,
    /// `check when all royal attacked`: a player is in check only while
    /// all its royal pieces are attacked.
    pub(crate) check_all_royals: bool,
}

impl Shape {
    pub(crate) fn build(ir: &GameIr) -> Result<Shape, LoadError> {
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
        check(codes_needed(players, kinds) <= MAX_CODES, || TooManyCodes {
            players,
            kinds,
        })?;
        check_drawing(ir)?;
        check_names(ir)?;
        check_kind_names(ir)?;
        for m in ir.marks.iter().chain(&ir.colours) {
            check(m.cells.iter().all(|&c| (c as usize) < cells), || MarkRange)?;
        }
        for r in &ir.regions {
            check(r.cells.iter().all(|&c| (c as usize) < cells), || {
                RegionRange(r.name.clone())
            })?;
        }
        let mut placed = vec![false; cells];
        for p in &ir.setup.pieces {
            check(
                (p.cell as usize) < cells
                    && (p.player as usize) < players
                    && (p.kind as usize) < kinds,
                || PlacementRange(*p),
            )?;
            check(!placed[p.cell as usize], || TwoPlacementsOnOneCell(p.cell))?;
            placed[p.cell as usize] = true;
        }
        check((ir.setup.to_move as usize) < players, || SideToMove)?;

        let codes = codes_needed(players, kinds);
        let mut owner = vec![u8::MAX; codes];
        let mut kind_of = vec![u8::MAX; codes];
        let mut royal_code = vec![false; codes];
        let mut codes_of_player = vec![CodeSet::EMPTY; players];
        for (p, own) in codes_of_player.iter_mut().enumerate() {
            for (k, info) in ir.kinds.iter().enumerate() {
                let code = 1 + p * kinds + k;
                owner[code] = p as u8;
                kind_of[code] = k as u8;
                royal_code[code] = info.royal;
                own.insert(code as PieceCode);
            }
        }
        for &k in &ir.royal_while_last {
            check(
                ir.kinds
                    .get(k as usize)
                    .is_some_and(|info| info.royal && info.stack.is_none()),
                || RoyalWhileLastKind { kind: k },
            )?;
        }
        let royal_while_last = (!ir.royal_while_last.is_empty()).then(|| {
            (0..codes)
                .map(|code| code != 0 && ir.royal_while_last.contains(&kind_of[code]))
                .collect()
        });
        let cell_by_name = ir
            .cells
            .iter()
            .enumerate()
            .map(|(i, c)| (c.name.clone(), i as u16))
            .collect();
        Ok(Shape {
            cells,
            players,
            kinds,
            owner,
            kind_of,
            royal_code,
            royal_while_last,
            codes_of_player,
            cell_by_name,
            check_all_royals: ir.check_all_royals,
        })
    }

    /// The number of piece codes, the empty cell included.
    #[inline(always)]
    pub(crate) fn codes(&self) -> usize {
        1 + self.players * self.kinds
    }
}

/// The longest cell name the loader takes (a compiled game's are a few
/// bytes: a file label and a rank); every text that names a cell prints it.
pub const MAX_CELL_NAME: usize = 64;

/// Cells and players are named once each: a move, a position or a record
/// names them, and two of one name would make the text mean either.
fn check_names(ir: &GameIr) -> Result<(), LoadError> {
    use LoadError::*;
    let mut cells: Vec<(&str, usize)> = ir
        .cells
        .iter()
        .enumerate()
        .map(|(i, c)| (c.name.as_str(), i))
        .collect();
    for &(name, cell) in &cells {
        check(!name.is_empty() && name.len() <= MAX_CELL_NAME, || {
            CellNameLength { cell }
        })?;
        check(crate::limits::is_name(name), || CellNameCharacters { cell })?;
    }
    cells.sort_unstable();
    for pair in cells.windows(2) {
        check(pair[0].0 != pair[1].0, || DuplicateCellName {
            cell: pair[0].1.max(pair[1].1),
        })?;
    }
    for (player, info) in ir.players.iter().enumerate() {
        check(crate::limits::is_name(&info.name), || PlayerName { player })?;
        check(
            ir.players[..player].iter().all(|p| p.name != info.name),
            || DuplicatePlayerName { player },
        )?;
    }
    Ok(())
}

/// Every kind's letter and aliases read as that kind only (the checker's
/// rules, `crate::limits`): a letter is a Latin capital, an alias a word the
/// notations cannot read as anything else, and no letter or alias names two
/// kinds (with every kind lettered `K`, `K` named only the first). A
/// stack's letter is its carrier's; it names nothing on its own.
fn check_kind_names(ir: &GameIr) -> Result<(), LoadError> {
    use crate::limits::{alias_fault, is_piece_letter};
    use LoadError::*;
    let mut words: HashMap<String, usize> = HashMap::new();
    for (kind, info) in ir.kinds.iter().enumerate() {
        check(is_piece_letter(info.letter), || KindLetter { kind })?;
        if info.stack.is_some() {
            check(info.aliases.is_empty(), || KindAlias { kind })?;
            continue;
        }
        for alias in &info.aliases {
            check(alias_fault(alias).is_none(), || KindAlias { kind })?;
        }
        // An alias of one character may not be a letter in the other case.
        let letter_key = |c: char| format!("letter {}", c.to_ascii_uppercase());
        let keys =
            std::iter::once(letter_key(info.letter)).chain(info.aliases.iter().flat_map(|a| {
                let mut chars = a.chars();
                let single = match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_alphabetic() => Some(letter_key(c)),
                    _ => None,
                };
                std::iter::once(a.clone()).chain(single)
            }));
        for key in keys {
            check(words.insert(key, kind).is_none(), || KindNameClash { kind })?;
        }
    }
    Ok(())
}

/// A geometry's sizes are those a board statement may give
/// (`crate::limits`), with one label per file (or sector).
fn check_geometry(geometry: &ir::Geometry) -> Result<(), LoadError> {
    use LoadError::*;
    let labels = |files: &[String], wanted: usize| {
        check(files.len() == wanted, || FileLabels {
            labels: files.len(),
            width: wanted as u16,
        })
    };
    match geometry {
        ir::Geometry::Square {
            width,
            height,
            files,
        } => {
            check(
                (1..=MAX_FILES).contains(&(*width as usize))
                    && (1..=MAX_RANKS).contains(&(*height as usize))
                    && *width as usize * *height as usize <= MAX_CELLS,
                || GeometrySize {
                    width: *width,
                    height: *height,
                },
            )?;
            labels(files, *width as usize)
        }
        ir::Geometry::Triangle { files, .. } => {
            check((1..=MAX_FILES).contains(&files.len()), || {
                TriangleGeometrySize { files: files.len() }
            })
        }
        ir::Geometry::Round {
            rings,
            sectors,
            files,
        } => {
            check(
                ROUND_RINGS.contains(rings) && ROUND_SECTORS.contains(sectors) && sectors % 2 == 0,
                || RoundGeometrySize {
                    rings: *rings,
                    sectors: *sectors,
                },
            )?;
            labels(files, *sectors as usize)
        }
        ir::Geometry::Hex { .. } => Ok(()),
    }
}

/// Drawing coordinates and the geometry's hints are bounded: the
/// display and FEN walk the geometry (a 65535 x 65535 one made `play`
/// allocate 68 GB).
fn check_drawing(ir: &GameIr) -> Result<(), LoadError> {
    use LoadError::*;
    for (cell, info) in ir.cells.iter().enumerate() {
        let (x, y) = info.coord;
        // `unsigned_abs`: `i32::MIN.abs()` wraps to itself (a crafted
        // coordinate of -2^31 passed as "near zero").
        check(
            x.unsigned_abs() <= MAX_COORD as u32 && y.unsigned_abs() <= MAX_COORD as u32,
            || CoordinateRange { cell },
        )?;
    }
    check_geometry(&ir.geometry)?;
    // A board cell lies inside its geometry (side cells are drawn beside it).
    let inside = |(x, y): (i32, i32)| match &ir.geometry {
        ir::Geometry::Square { width, height, .. } => {
            (0..*width as i32).contains(&x) && (0..*height as i32).contains(&y)
        }
        ir::Geometry::Triangle { files, .. } => {
            (0..files.len() as i32).contains(&x) && (0..MAX_RANKS as i32).contains(&y)
        }
        // Ring `y` from the rim, sector `x`; the centre is `(0, rings)`.
        ir::Geometry::Round { rings, sectors, .. } => {
            (0..*sectors as i32).contains(&x) && (0..*rings as i32).contains(&y)
                || (x, y) == (0, *rings as i32)
        }
        ir::Geometry::Hex { .. } => true,
    };
    let mut points = HashMap::with_capacity(ir.cells.len());
    for (cell, info) in ir.cells.iter().enumerate() {
        check(info.side || inside(info.coord), || CellOutsideGeometry {
            cell,
        })?;
        // One cell per point: FEN and the pictures find a cell by its point.
        check(points.insert(info.coord, cell).is_none(), || {
            TwoCellsAtOnePoint { cell }
        })?;
    }
    Ok(())
}
