//! Independent, deliberately simple reference move generator (a test oracle)
//! for four-player chess as chess.com plays it, in its two modes Teams and
//! Free-for-all.
//!
//! Written from the pinned rules list of the brief alone; no code of the
//! engine (`compiler/`, `runtime/`, `src/`, `stdlib/`) was read. It favours
//! obviousness over speed: legality is checked the naive way, by making the
//! move on a copy of the board and asking whether any piece of an opponent
//! attacks the mover's King.
//!
//! Board: 14 x 14 without the four 3 x 3 corners (160 cells), files a..n,
//! ranks 1..14. Cell (f, r) has f = file index 0..13, r = rank - 1. Seats in
//! turn order: 0 red (bottom, forward +rank), 1 blue (left, forward +file),
//! 2 yellow (top, forward -rank), 3 green (right, forward -file). Teams:
//! red + yellow (even seats) against blue + green (odd seats).
//!
//! Move keys: `<from><to>` (`h2h4`), a lowercase promotion letter (`h10h11q`,
//! letters q r b n), `/ep` for en passant (`f4e3/ep`), castlings
//! `<king from><king to>/castle` (`h1j1/castle`).
//!
//! Position text: `red: Kh1 Qg1 Ph2; blue: Ka7; yellow: Kg14; green: Kn8;
//! turn red; castling d1 k1 a4 a11; ep h3 victim h4; out green`.
//!
//! Decisions where the pinned rules are silent (each is repeated where it is
//! implemented):
//! - Kings are never captured. No move ends on the cell of the King of a
//!   player still in play (a Teams King, a Free-for-all King of a player not
//!   out), even when that King stands attacked on the mover's turn (which can
//!   happen after a discovered attack by a third player). A dead King (of an
//!   eliminated Free-for-all player) is an ordinary dead piece and may be
//!   captured. (chess.com does allow King captures in such positions, in
//!   both modes: chess.com forum "Unknown Rules in 4 Player Chess and
//!   Variants". The pinned list says "pieces move as in chess" and names
//!   only the dead King as capturable, so this oracle follows chess.)
//! - A pawn may double-step from any cell of its owner's pawn row (Red rank
//!   2, Blue file b, Yellow rank 13, Green file m); it can never return there,
//!   so this is "from its start cell".
//! - En passant + promotion in one move is possible (a Blue pawn j2 takes en
//!   passant on k3, file k, Blue's Teams promotion file); its key is
//!   `<from><to><letter>/ep` (`j2k3q/ep`).
//! - An en passant cell is open only while it is empty and its victim pawn
//!   still stands on the victim cell: the entry is dropped as soon as any
//!   piece lands on the passed cell or on the victim cell (capturing it),
//!   and, as pinned, when the owner makes his next move. Until then it is
//!   listed by `to_text` even on the owner's own turn.
//! - Only opponents take en passant, never the owner's own pawns (the
//!   owner's cells are still open on its own turn). A partner can never be
//!   in place anyway: Yellow's pawns promote before Red's rank 3, Green's
//!   before Blue's file c, and so on.
//! - Free-for-all elimination is eager: after every move (and after
//!   `from_text`) while more than one player is in play and the player to
//!   move has no legal move, that player is out and the turn passes to the
//!   next player in play. An eliminated player's castling rights and open en
//!   passant cells are dropped at once (it never moves again). When one
//!   player is left the game is over; `to_move` is that player and there are
//!   no legal moves.
//! - Castling rights are lost when anything moves from or to the King's or
//!   that Rook's start cell. The cell between Rook and passed cell (Red's e1
//!   for the long castling) must be empty but may be attacked. The King's
//!   cell, the passed cell (= the Rook's landing cell) and the King's landing
//!   cell must not be attacked by an opponent.
//! - Teams: checkmate and stalemate are only asked of the player to move
//!   (a player with no legal move ends the game on its turn). Outcome of a
//!   Teams mate: the two players of the mating team win; of a stalemate: a
//!   draw (no winner).
//! - `from_text`: `turn` defaults to red; a missing `castling` means no
//!   rights (`castling -` too); `out` is only accepted in Free-for-all; a
//!   player in play needs exactly one King, an out player at most one (a
//!   dead King may have been captured), and players without pieces may be
//!   left out of the text only if out. The player to move must be in play.
//!   Refused as malformed: unknown fields, pieces, cells (including the 36
//!   missing corner cells) or players; two pieces on a cell; a field or
//!   player given twice; a pawn on its owner's back row or on or beyond its
//!   owner's promotion row; a castling cell that is not one of
//!   the eight Rook start cells or lacks the owner's Rook there or the
//!   owner's King on its start cell; an `ep` whose victim is not a pawn of a
//!   player in play on its double-step landing row with the passed cell
//!   (empty) directly behind it.
//! - `to_text` lists the players in seat order (players without pieces are
//!   left out), each player's pieces in the order K Q R B N P and then by
//!   cell (rank, then file); castling cells in the order d1 k1 a4 a11 d14
//!   k14 n4 n11; `ep` entries in seat order of their owners; `out` last.
//! - A promoted piece is an ordinary piece of its kind (chess.com's points,
//!   which value promoted Queens differently, are not modelled).
//! - `piece_at` answers `"red K"` style strings; `in_check` of an out player
//!   is false.
//! - `play_all` is atomic: on an error the position is left unchanged.
//! - `perft(0)` is 1 even when the game is over; `divide(0)` is empty.
#![allow(dead_code)]
// Player numbers index per-player tables; loops over 0..4 read best.
#![allow(clippy::needless_range_loop)]

use std::collections::BTreeMap;

// ---------------------------------------------------------------------------
// Board geometry
// ---------------------------------------------------------------------------

/// Cells are indexed f + 14 r over the full 14 x 14 square; 36 indices (the
/// corners) are not cells.
const SIDE: i32 = 14;
const NSQ: usize = 196;

pub const PLAYER_NAMES: [&str; 4] = ["red", "blue", "yellow", "green"];

const FILES: [char; 14] = [
    'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n',
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    Teams,
    FreeForAll,
}

/// Is (f, r) a cell? Not when the file is in a..c or l..n and at the same
/// time the rank is in 1..3 or 12..14.
fn exists(f: i32, r: i32) -> bool {
    if !(0..SIDE).contains(&f) || !(0..SIDE).contains(&r) {
        return false;
    }
    let file_outer = !(3..=10).contains(&f);
    let rank_outer = !(3..=10).contains(&r);
    !(file_outer && rank_outer)
}

fn idx(f: i32, r: i32) -> usize {
    (f + SIDE * r) as usize
}

fn fr(c: usize) -> (i32, i32) {
    ((c as i32) % SIDE, (c as i32) / SIDE)
}

fn step(c: usize, d: (i32, i32)) -> Option<usize> {
    let (f, r) = fr(c);
    if exists(f + d.0, r + d.1) {
        Some(idx(f + d.0, r + d.1))
    } else {
        None
    }
}

pub fn cell_name(c: usize) -> String {
    let (f, r) = fr(c);
    format!("{}{}", FILES[f as usize], r + 1)
}

pub fn parse_cell(s: &str) -> Option<usize> {
    let mut chars = s.chars();
    let letter = chars.next()?;
    let f = FILES.iter().position(|&l| l == letter)? as i32;
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
        return None;
    }
    let rank: i32 = digits.parse().ok()?;
    let r = rank - 1;
    if exists(f, r) {
        Some(idx(f, r))
    } else {
        None
    }
}

/// All cell names (160), by rank then file.
pub fn all_cells() -> Vec<String> {
    (0..NSQ)
        .filter(|&c| {
            let (f, r) = fr(c);
            exists(f, r)
        })
        .map(cell_name)
        .collect()
}

pub fn cell_exists(name: &str) -> bool {
    parse_cell(name).is_some()
}

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_LEAPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Forward step (df, dr) per seat: red +rank, blue +file, yellow -rank,
/// green -file.
const FORWARD: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// The two diagonal-forward capture steps per seat.
const PAWN_CAPTURES: [[(i32, i32); 2]; 4] = [
    [(-1, 1), (1, 1)],
    [(1, -1), (1, 1)],
    [(-1, -1), (1, -1)],
    [(-1, -1), (-1, 1)],
];

/// Rows counted from the player's own side, 0-based: the back row is 0,
/// the pawn row 1. Red counts ranks, Blue files, Yellow ranks from 14 down,
/// Green files from n down.
fn progress(p: usize, c: usize) -> i32 {
    let (f, r) = fr(c);
    match p {
        0 => r,
        1 => f,
        2 => SIDE - 1 - r,
        _ => SIDE - 1 - f,
    }
}

/// 0-based promotion row: Teams the 11th row (Red rank 11, Blue file k,
/// Yellow rank 4, Green file d), Free-for-all the 8th (Red rank 8, Blue
/// file h, Yellow rank 7, Green file g).
fn promotion_row(mode: Mode) -> i32 {
    match mode {
        Mode::Teams => 10,
        Mode::FreeForAll => 7,
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

/// Order of pieces in `to_text`.
const KIND_ORDER: [Kind; 6] = [
    Kind::King,
    Kind::Queen,
    Kind::Rook,
    Kind::Bishop,
    Kind::Knight,
    Kind::Pawn,
];

impl Kind {
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
            Kind::Pawn => 'P',
        }
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c {
            'K' => Kind::King,
            'Q' => Kind::Queen,
            'R' => Kind::Rook,
            'B' => Kind::Bishop,
            'N' => Kind::Knight,
            'P' => Kind::Pawn,
            _ => return None,
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Piece {
    owner: u8,
    kind: Kind,
}

/// Setups as pinned, as (kind letter, cell) per seat.
const SETUP: [&[(char, &str)]; 4] = [
    &[
        ('R', "d1"),
        ('N', "e1"),
        ('B', "f1"),
        ('Q', "g1"),
        ('K', "h1"),
        ('B', "i1"),
        ('N', "j1"),
        ('R', "k1"),
        ('P', "d2"),
        ('P', "e2"),
        ('P', "f2"),
        ('P', "g2"),
        ('P', "h2"),
        ('P', "i2"),
        ('P', "j2"),
        ('P', "k2"),
    ],
    &[
        ('R', "a4"),
        ('N', "a5"),
        ('B', "a6"),
        ('K', "a7"),
        ('Q', "a8"),
        ('B', "a9"),
        ('N', "a10"),
        ('R', "a11"),
        ('P', "b4"),
        ('P', "b5"),
        ('P', "b6"),
        ('P', "b7"),
        ('P', "b8"),
        ('P', "b9"),
        ('P', "b10"),
        ('P', "b11"),
    ],
    &[
        ('R', "d14"),
        ('N', "e14"),
        ('B', "f14"),
        ('K', "g14"),
        ('Q', "h14"),
        ('B', "i14"),
        ('N', "j14"),
        ('R', "k14"),
        ('P', "d13"),
        ('P', "e13"),
        ('P', "f13"),
        ('P', "g13"),
        ('P', "h13"),
        ('P', "i13"),
        ('P', "j13"),
        ('P', "k13"),
    ],
    &[
        ('R', "n4"),
        ('N', "n5"),
        ('B', "n6"),
        ('Q', "n7"),
        ('K', "n8"),
        ('B', "n9"),
        ('N', "n10"),
        ('R', "n11"),
        ('P', "m4"),
        ('P', "m5"),
        ('P', "m6"),
        ('P', "m7"),
        ('P', "m8"),
        ('P', "m9"),
        ('P', "m10"),
        ('P', "m11"),
    ],
];

/// King start cells per seat.
const KING_START: [&str; 4] = ["h1", "a7", "g14", "n8"];
/// The eight castling Rook cells, with their owners (also the `to_text`
/// order).
const ROOK_CELLS: [&str; 8] = ["d1", "k1", "a4", "a11", "d14", "k14", "n4", "n11"];
const ROOK_OWNER: [usize; 8] = [0, 0, 1, 1, 2, 2, 3, 3];

/// One castling, derived from King start and Rook cell: the King moves two
/// cells towards the Rook, the Rook lands on the cell the King passed.
struct Castling {
    owner: usize,
    king_from: usize,
    king_to: usize,
    rook_from: usize,
    rook_to: usize,
    /// Cells strictly between King and Rook (must be empty).
    between: Vec<usize>,
}

fn castling(i: usize) -> Castling {
    let owner = ROOK_OWNER[i];
    let king_from = parse_cell(KING_START[owner]).unwrap();
    let rook_from = parse_cell(ROOK_CELLS[i]).unwrap();
    let (kf, kr) = fr(king_from);
    let (rf, rr) = fr(rook_from);
    let d = ((rf - kf).signum(), (rr - kr).signum());
    let rook_to = step(king_from, d).unwrap();
    let king_to = step(rook_to, d).unwrap();
    let mut between = Vec::new();
    let mut c = rook_to;
    while c != rook_from {
        between.push(c);
        c = step(c, d).unwrap();
    }
    Castling {
        owner,
        king_from,
        king_to,
        rook_from,
        rook_to,
        between,
    }
}

// ---------------------------------------------------------------------------
// Positions and moves
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Mv {
    from: usize,
    to: usize,
    promo: Option<Kind>,
    ep: bool,
    /// Index into ROOK_CELLS for a castling (from/to are the King's).
    castle: Option<usize>,
}

/// An open en passant cell: `cell` was passed by the double-stepping pawn of
/// `owner`, which stands on `victim`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Ep {
    cell: usize,
    victim: usize,
    owner: usize,
}

type Board = [Option<Piece>; NSQ];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RefEnd {
    /// Teams: the player to move is in check and has no legal move.
    Checkmate,
    /// Teams: the player to move is not in check and has no legal move.
    Stalemate,
    /// Free-for-all: one player is left.
    LastPlayer,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefOutcome {
    pub end: RefEnd,
    /// Seats of the winners (empty: a draw).
    pub winners: Vec<usize>,
    /// Teams: the player to move who had no legal move.
    pub stuck: Option<usize>,
}

#[derive(Clone)]
pub struct RefPos {
    mode: Mode,
    board: Board,
    turn: usize,
    /// Alive castling rights, indexed like ROOK_CELLS.
    castle: [bool; 8],
    ep: Vec<Ep>,
    /// Free-for-all: eliminated players (always all false in Teams).
    out: [bool; 4],
}

impl RefPos {
    fn empty(mode: Mode) -> RefPos {
        RefPos {
            mode,
            board: [None; NSQ],
            turn: 0,
            castle: [false; 8],
            ep: Vec::new(),
            out: [false; 4],
        }
    }

    pub fn start(mode: Mode) -> RefPos {
        let mut pos = RefPos::empty(mode);
        for (p, list) in SETUP.iter().enumerate() {
            for &(letter, cell) in list.iter() {
                pos.board[parse_cell(cell).unwrap()] = Some(Piece {
                    owner: p as u8,
                    kind: Kind::from_letter(letter).unwrap(),
                });
            }
        }
        pos.castle = [true; 8];
        pos
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Are `a` and `b` opponents? Teams: seats of different parity.
    /// Free-for-all: different players, both still in play.
    fn opponents(&self, a: usize, b: usize) -> bool {
        match self.mode {
            Mode::Teams => a % 2 != b % 2,
            Mode::FreeForAll => a != b && !self.out[a] && !self.out[b],
        }
    }

    /// The players whose pieces can attack `p`'s King: its opponents (dead
    /// pieces attack nothing, partners never attack each other).
    fn attackers_of(&self, p: usize) -> [bool; 4] {
        let mut by = [false; 4];
        for q in 0..4 {
            by[q] = self.opponents(p, q);
        }
        by
    }

    fn king_of(&self, p: usize) -> Option<usize> {
        (0..NSQ).find(|&c| {
            self.board[c]
                == Some(Piece {
                    owner: p as u8,
                    kind: Kind::King,
                })
        })
    }

    /// Is `target` attacked by a piece of a player with `by[player]`? Walk
    /// outwards from the target; sliders stop at the first piece (any piece
    /// blocks, dead or alive) and at the board's edge (corners included).
    fn attacked(board: &Board, target: usize, by: [bool; 4]) -> bool {
        for (dirs, straight) in [(&ROOK_DIRS, true), (&BISHOP_DIRS, false)] {
            for &d in dirs.iter() {
                let mut dist = 1;
                let mut cur = step(target, d);
                while let Some(c) = cur {
                    if let Some(pc) = board[c] {
                        let o = pc.owner as usize;
                        if by[o] {
                            // Direction from the piece to the target.
                            let back = (-d.0, -d.1);
                            let hit = match pc.kind {
                                Kind::Queen => true,
                                Kind::Rook => straight,
                                Kind::Bishop => !straight,
                                Kind::King => dist == 1,
                                Kind::Pawn => dist == 1 && PAWN_CAPTURES[o].contains(&back),
                                Kind::Knight => false,
                            };
                            if hit {
                                return true;
                            }
                        }
                        break;
                    }
                    dist += 1;
                    cur = step(c, d);
                }
            }
        }
        for &d in KNIGHT_LEAPS.iter() {
            if let Some(c) = step(target, d) {
                if let Some(pc) = board[c] {
                    if by[pc.owner as usize] && pc.kind == Kind::Knight {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Parse the general notation (see the module comment).
    pub fn from_text(mode: Mode, text: &str) -> Result<RefPos, String> {
        let mut pos = RefPos::empty(mode);
        let mut seen_player = [false; 4];
        let mut seen_turn = false;
        let mut seen_castling = false;
        let mut seen_out = false;
        let mut castling_cells: Vec<usize> = Vec::new();
        let mut eps: Vec<(usize, usize)> = Vec::new();
        let player_index = |w: &str| -> Result<usize, String> {
            PLAYER_NAMES
                .iter()
                .position(|n| *n == w)
                .ok_or_else(|| format!("unknown player '{w}'"))
        };
        for field in text.split(';') {
            let field = field.trim();
            if field.is_empty() {
                continue;
            }
            if let Some((head, rest)) = field.split_once(':') {
                let p = player_index(head.trim())?;
                if seen_player[p] {
                    return Err(format!("player '{}' listed twice", PLAYER_NAMES[p]));
                }
                seen_player[p] = true;
                for tok in rest.split_whitespace() {
                    let mut chars = tok.chars();
                    let letter = chars.next().unwrap();
                    let kind = Kind::from_letter(letter)
                        .ok_or_else(|| format!("unknown piece letter in '{tok}'"))?;
                    let c = parse_cell(chars.as_str())
                        .ok_or_else(|| format!("unknown cell in '{tok}'"))?;
                    if pos.board[c].is_some() {
                        return Err(format!("two pieces on {}", cell_name(c)));
                    }
                    pos.board[c] = Some(Piece {
                        owner: p as u8,
                        kind,
                    });
                }
                continue;
            }
            let words: Vec<&str> = field.split_whitespace().collect();
            match words[0] {
                "turn" => {
                    if seen_turn {
                        return Err("turn given twice".into());
                    }
                    seen_turn = true;
                    if words.len() != 2 {
                        return Err(format!("bad turn field '{field}'"));
                    }
                    pos.turn = player_index(words[1])?;
                }
                "castling" => {
                    if seen_castling {
                        return Err("castling given twice".into());
                    }
                    seen_castling = true;
                    if words[1..] != ["-"] {
                        for w in &words[1..] {
                            let c = parse_cell(w)
                                .ok_or_else(|| format!("unknown castling cell '{w}'"))?;
                            castling_cells.push(c);
                        }
                    }
                }
                "ep" => {
                    if words.len() != 4 || words[2] != "victim" {
                        return Err(format!("bad ep field '{field}'"));
                    }
                    let cell = parse_cell(words[1])
                        .ok_or_else(|| format!("unknown ep cell '{}'", words[1]))?;
                    let victim = parse_cell(words[3])
                        .ok_or_else(|| format!("unknown victim cell '{}'", words[3]))?;
                    eps.push((cell, victim));
                }
                "out" => {
                    if mode == Mode::Teams {
                        return Err("'out' is a Free-for-all field".into());
                    }
                    if seen_out {
                        return Err("out given twice".into());
                    }
                    seen_out = true;
                    if words[1..] != ["-"] {
                        for w in &words[1..] {
                            let p = player_index(w)?;
                            if pos.out[p] {
                                return Err(format!("'{w}' out twice"));
                            }
                            pos.out[p] = true;
                        }
                    }
                }
                _ => return Err(format!("unknown field '{field}'")),
            }
        }
        // Kings: exactly one for a player in play, at most one when out.
        for p in 0..4 {
            let kings = (0..NSQ)
                .filter(|&c| is_piece(pos.board[c], p, Kind::King))
                .count();
            if !pos.out[p] && kings != 1 {
                return Err(format!("{} needs exactly one King", PLAYER_NAMES[p]));
            }
            if kings > 1 {
                return Err(format!("{} has more than one King", PLAYER_NAMES[p]));
            }
        }
        if pos.out[pos.turn] {
            return Err(format!("{} is to move but out", PLAYER_NAMES[pos.turn]));
        }
        // Pawns strictly between their owner's back row and promotion row.
        for c in 0..NSQ {
            if let Some(pc) = pos.board[c] {
                let o = pc.owner as usize;
                let row = progress(o, c);
                if pc.kind == Kind::Pawn && (row < 1 || row >= promotion_row(mode)) {
                    return Err(format!(
                        "{} pawn on {} is off its rows",
                        PLAYER_NAMES[o],
                        cell_name(c)
                    ));
                }
            }
        }
        // Castling cells: a Rook start cell, the owner's Rook on it, the
        // owner's King on its start cell, the owner in play.
        for c in castling_cells {
            let i = ROOK_CELLS
                .iter()
                .position(|n| parse_cell(n) == Some(c))
                .ok_or_else(|| format!("{} is not a castling Rook cell", cell_name(c)))?;
            let cs = castling(i);
            if !is_piece(pos.board[c], cs.owner, Kind::Rook)
                || !is_piece(pos.board[cs.king_from], cs.owner, Kind::King)
                || pos.out[cs.owner]
            {
                return Err(format!(
                    "castling {}: {} Rook and King not on their start cells",
                    cell_name(c),
                    PLAYER_NAMES[cs.owner]
                ));
            }
            if pos.castle[i] {
                return Err(format!("castling cell {} listed twice", cell_name(c)));
            }
            pos.castle[i] = true;
        }
        // En passant: the victim is a pawn of a player in play on its
        // double-step landing row (row 3), the passed cell (row 2) directly
        // behind it and empty.
        for (cell, victim) in eps {
            let o = match pos.board[victim] {
                Some(pc) if pc.kind == Kind::Pawn => pc.owner as usize,
                _ => return Err(format!("no pawn on ep victim cell {}", cell_name(victim))),
            };
            let back = (-FORWARD[o].0, -FORWARD[o].1);
            if pos.out[o]
                || progress(o, victim) != 3
                || step(victim, back) != Some(cell)
                || pos.board[cell].is_some()
            {
                return Err(format!(
                    "ep {} victim {}: not a double step of {}",
                    cell_name(cell),
                    cell_name(victim),
                    PLAYER_NAMES[o]
                ));
            }
            if pos.ep.iter().any(|e| e.cell == cell) {
                return Err(format!("ep cell {} listed twice", cell_name(cell)));
            }
            pos.ep.push(Ep {
                cell,
                victim,
                owner: o,
            });
        }
        pos.ep.sort_by_key(|e| (e.owner, e.cell));
        // Players without a piece field must be out.
        for p in 0..4 {
            if !seen_player[p] && !pos.out[p] {
                return Err(format!("{} is missing", PLAYER_NAMES[p]));
            }
        }
        // Decision: Free-for-all elimination also happens on setup.
        pos.settle();
        Ok(pos)
    }

    /// The position in `from_text` notation.
    pub fn to_text(&self) -> String {
        let mut parts = Vec::new();
        for p in 0..4 {
            let mut toks = Vec::new();
            for kind in KIND_ORDER {
                for c in 0..NSQ {
                    if is_piece(self.board[c], p, kind) {
                        toks.push(format!("{}{}", kind.letter(), cell_name(c)));
                    }
                }
            }
            if !toks.is_empty() {
                parts.push(format!("{}: {}", PLAYER_NAMES[p], toks.join(" ")));
            }
        }
        parts.push(format!("turn {}", PLAYER_NAMES[self.turn]));
        let cells = self.castling_cells();
        if !cells.is_empty() {
            parts.push(format!("castling {}", cells.join(" ")));
        }
        for e in &self.ep {
            parts.push(format!(
                "ep {} victim {}",
                cell_name(e.cell),
                cell_name(e.victim)
            ));
        }
        let outs: Vec<&str> = (0..4)
            .filter(|&p| self.out[p])
            .map(|p| PLAYER_NAMES[p])
            .collect();
        if !outs.is_empty() {
            parts.push(format!("out {}", outs.join(" ")));
        }
        parts.join("; ")
    }

    pub fn to_move(&self) -> usize {
        self.turn
    }

    pub fn is_out(&self, p: usize) -> bool {
        self.out[p]
    }

    /// "red K", "green P", ... or None for an empty cell or a non-cell.
    pub fn piece_at(&self, cell: &str) -> Option<String> {
        let c = parse_cell(cell)?;
        self.board[c].map(|pc| format!("{} {}", PLAYER_NAMES[pc.owner as usize], pc.kind.letter()))
    }

    /// Is `player`'s King attacked by a piece of an opponent? (False for a
    /// player out of play or without a King.)
    pub fn in_check(&self, player: usize) -> bool {
        if self.out[player] {
            return false;
        }
        match self.king_of(player) {
            Some(k) => RefPos::attacked(&self.board, k, self.attackers_of(player)),
            None => false,
        }
    }

    /// Is `cell` attacked by a piece of player `by` (ignoring whose opponent
    /// is whose; a player out of play attacks nothing)?
    pub fn is_attacked_by(&self, cell: &str, by: usize) -> bool {
        let c = parse_cell(cell).expect("unknown cell");
        let mut mask = [false; 4];
        mask[by] = !self.out[by];
        RefPos::attacked(&self.board, c, mask)
    }

    /// Alive castling rights, as Rook cells.
    pub fn castling_cells(&self) -> Vec<String> {
        (0..8)
            .filter(|&i| self.castle[i])
            .map(|i| ROOK_CELLS[i].to_string())
            .collect()
    }

    /// Open en passant cells as (cell, victim).
    pub fn ep_cells(&self) -> Vec<(String, String)> {
        self.ep
            .iter()
            .map(|e| (cell_name(e.cell), cell_name(e.victim)))
            .collect()
    }

    fn key(m: &Mv) -> String {
        let mut s = format!("{}{}", cell_name(m.from), cell_name(m.to));
        if let Some(k) = m.promo {
            s.push(k.letter().to_ascii_lowercase());
        }
        if m.ep {
            s.push_str("/ep");
        }
        if m.castle.is_some() {
            s.push_str("/castle");
        }
        s
    }

    /// Can a piece of `p` end a move on `t`? Some(is_capture), or None when
    /// the cell holds an own piece, a partner's piece (Teams) or the King of
    /// a player in play (decision: Kings are never captured; a dead King is).
    fn target_ok(&self, p: usize, t: usize) -> Option<bool> {
        match self.board[t] {
            None => Some(false),
            Some(pc) => {
                let o = pc.owner as usize;
                if o == p {
                    return None;
                }
                if self.mode == Mode::Teams && o % 2 == p % 2 {
                    return None;
                }
                if pc.kind == Kind::King && !self.out[o] {
                    return None;
                }
                Some(true)
            }
        }
    }

    fn push_pawn(&self, out: &mut Vec<Mv>, p: usize, from: usize, to: usize, ep: bool) {
        if progress(p, to) == promotion_row(self.mode) {
            for k in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
                out.push(Mv {
                    from,
                    to,
                    promo: Some(k),
                    ep,
                    castle: None,
                });
            }
        } else {
            out.push(Mv {
                from,
                to,
                promo: None,
                ep,
                castle: None,
            });
        }
    }

    fn pseudo_moves(&self) -> Vec<Mv> {
        let p = self.turn;
        let mut out = Vec::with_capacity(64);
        let plain = |from: usize, to: usize| Mv {
            from,
            to,
            promo: None,
            ep: false,
            castle: None,
        };
        for from in 0..NSQ {
            let pc = match self.board[from] {
                Some(pc) if pc.owner as usize == p => pc,
                _ => continue,
            };
            match pc.kind {
                Kind::Pawn => {
                    if let Some(t) = step(from, FORWARD[p]) {
                        if self.board[t].is_none() {
                            self.push_pawn(&mut out, p, from, t, false);
                            // Double step from the pawn row (row 1).
                            if progress(p, from) == 1 {
                                if let Some(t2) = step(t, FORWARD[p]) {
                                    if self.board[t2].is_none() {
                                        out.push(plain(from, t2));
                                    }
                                }
                            }
                        }
                    }
                    for &d in PAWN_CAPTURES[p].iter() {
                        let t = match step(from, d) {
                            Some(t) => t,
                            None => continue,
                        };
                        if self.board[t].is_some() {
                            if self.target_ok(p, t) == Some(true) {
                                self.push_pawn(&mut out, p, from, t, false);
                            }
                        } else if self.ep.iter().any(|e| {
                            e.cell == t
                                && self.opponents(p, e.owner)
                                && is_piece(self.board[e.victim], e.owner, Kind::Pawn)
                        }) {
                            self.push_pawn(&mut out, p, from, t, true);
                        }
                    }
                }
                Kind::Knight | Kind::King => {
                    let leaps: Vec<(i32, i32)> = if pc.kind == Kind::Knight {
                        KNIGHT_LEAPS.to_vec()
                    } else {
                        ROOK_DIRS
                            .iter()
                            .chain(BISHOP_DIRS.iter())
                            .copied()
                            .collect()
                    };
                    for d in leaps {
                        if let Some(t) = step(from, d) {
                            if self.target_ok(p, t).is_some() {
                                out.push(plain(from, t));
                            }
                        }
                    }
                }
                Kind::Rook | Kind::Bishop | Kind::Queen => {
                    let dirs: Vec<(i32, i32)> = match pc.kind {
                        Kind::Rook => ROOK_DIRS.to_vec(),
                        Kind::Bishop => BISHOP_DIRS.to_vec(),
                        _ => ROOK_DIRS
                            .iter()
                            .chain(BISHOP_DIRS.iter())
                            .copied()
                            .collect(),
                    };
                    for d in dirs {
                        let mut cur = step(from, d);
                        while let Some(t) = cur {
                            match self.target_ok(p, t) {
                                Some(false) => out.push(plain(from, t)),
                                Some(true) => {
                                    out.push(plain(from, t));
                                    break;
                                }
                                None => break,
                            }
                            cur = step(t, d);
                        }
                    }
                }
            }
        }
        // Castling: right alive (King and Rook unmoved), both on their cells,
        // the cells between empty, the King's cell, the passed cell and the
        // landing cell not attacked by an opponent.
        let by = self.attackers_of(p);
        for i in 0..8 {
            if !self.castle[i] || ROOK_OWNER[i] != p {
                continue;
            }
            let cs = castling(i);
            if !is_piece(self.board[cs.king_from], p, Kind::King)
                || !is_piece(self.board[cs.rook_from], p, Kind::Rook)
            {
                continue;
            }
            if cs.between.iter().any(|&c| self.board[c].is_some()) {
                continue;
            }
            if [cs.king_from, cs.rook_to, cs.king_to]
                .iter()
                .any(|&c| RefPos::attacked(&self.board, c, by))
            {
                continue;
            }
            out.push(Mv {
                from: cs.king_from,
                to: cs.king_to,
                promo: None,
                ep: false,
                castle: Some(i),
            });
        }
        out
    }

    /// Apply a pseudo-legal move without any checking; the turn passes to
    /// the next player in play (no elimination here, see `settle`).
    fn apply(&mut self, m: &Mv) {
        let p = self.turn;
        // The mover's own open en passant cells close now.
        self.ep.retain(|e| e.owner != p);
        let mut moved = self.board[m.from].take().expect("no piece on from cell");
        let mut touched = vec![m.from, m.to];
        if m.ep {
            let e = *self
                .ep
                .iter()
                .find(|e| e.cell == m.to)
                .expect("en passant without an open cell");
            self.board[e.victim] = None;
            touched.push(e.victim);
        }
        if let Some(k) = m.promo {
            moved.kind = k;
        }
        self.board[m.to] = Some(moved);
        if let Some(i) = m.castle {
            let cs = castling(i);
            let rook = self.board[cs.rook_from].take().expect("castling rook");
            self.board[cs.rook_to] = Some(rook);
            touched.push(cs.rook_from);
            touched.push(cs.rook_to);
        }
        // Other players' en passant cells close when a piece lands on the
        // passed cell or their victim pawn is captured.
        self.ep
            .retain(|e| !touched.contains(&e.cell) && !touched.contains(&e.victim));
        // A double step opens its passed cell.
        if moved.kind == Kind::Pawn {
            if let Some(mid) = step(m.from, FORWARD[p]) {
                if step(mid, FORWARD[p]) == Some(m.to) {
                    self.ep.push(Ep {
                        cell: mid,
                        victim: m.to,
                        owner: p,
                    });
                    self.ep.sort_by_key(|e| (e.owner, e.cell));
                }
            }
        }
        // Castling rights are lost once anything moves from or to the King's
        // or that Rook's start cell.
        for i in 0..8 {
            let cs = castling(i);
            if touched
                .iter()
                .any(|&c| c == cs.king_from || c == cs.rook_from)
            {
                self.castle[i] = false;
            }
        }
        self.turn = self.next_in_play(p);
    }

    fn next_in_play(&self, p: usize) -> usize {
        let mut q = (p + 1) % 4;
        while self.out[q] && q != p {
            q = (q + 1) % 4;
        }
        q
    }

    fn in_play_count(&self) -> usize {
        self.out.iter().filter(|&&o| !o).count()
    }

    fn is_legal(&self, m: &Mv) -> bool {
        let p = self.turn;
        let mut next = self.clone();
        next.apply(m);
        match next.king_of(p) {
            Some(k) => !RefPos::attacked(&next.board, k, self.attackers_of(p)),
            None => false,
        }
    }

    fn game_over_ffa(&self) -> bool {
        self.mode == Mode::FreeForAll && self.in_play_count() <= 1
    }

    fn legal(&self) -> Vec<Mv> {
        if self.game_over_ffa() {
            return Vec::new();
        }
        self.pseudo_moves()
            .into_iter()
            .filter(|m| self.is_legal(m))
            .collect()
    }

    fn has_legal_move(&self) -> bool {
        self.pseudo_moves().iter().any(|m| self.is_legal(m))
    }

    /// Free-for-all: a player to move with no legal move is out at once; its
    /// castling rights and open en passant cells are dropped (decision) and
    /// the turn passes on, until a player with a move is found or one player
    /// is left. Teams: nothing to do.
    fn settle(&mut self) {
        if self.mode != Mode::FreeForAll {
            return;
        }
        while self.in_play_count() > 1 && !self.has_legal_move() {
            let p = self.turn;
            self.out[p] = true;
            self.ep.retain(|e| e.owner != p);
            for i in 0..8 {
                if ROOK_OWNER[i] == p {
                    self.castle[i] = false;
                }
            }
            self.turn = self.next_in_play(p);
        }
    }

    /// Sorted keys of the legal moves; empty once the game is over.
    pub fn legal_moves(&self) -> Vec<String> {
        let mut keys: Vec<String> = self.legal().iter().map(RefPos::key).collect();
        keys.sort();
        keys
    }

    pub fn play(&mut self, key: &str) -> Result<(), String> {
        let moves = self.legal();
        match moves.iter().find(|m| RefPos::key(m) == key) {
            Some(m) => {
                let m = *m;
                self.apply(&m);
                self.settle();
                Ok(())
            }
            None => Err(format!(
                "'{}' is not legal for {} in {}",
                key,
                PLAYER_NAMES[self.turn],
                self.to_text()
            )),
        }
    }

    /// Play whitespace-separated keys; atomic (unchanged on an error).
    pub fn play_all(&mut self, keys: &str) -> Result<(), String> {
        let mut next = self.clone();
        for (i, k) in keys.split_whitespace().enumerate() {
            next.play(k).map_err(|e| format!("move {}: {}", i + 1, e))?;
        }
        *self = next;
        Ok(())
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for m in moves.iter() {
            let mut next = self.clone();
            next.apply(m);
            next.settle();
            total += next.perft(depth - 1);
        }
        total
    }

    pub fn divide(&self, depth: u32) -> BTreeMap<String, u64> {
        let mut out = BTreeMap::new();
        if depth == 0 {
            return out;
        }
        for m in self.legal().iter() {
            let mut next = self.clone();
            next.apply(m);
            next.settle();
            out.insert(RefPos::key(m), next.perft(depth - 1));
        }
        out
    }

    /// None while the game goes on.
    pub fn outcome(&self) -> Option<RefOutcome> {
        match self.mode {
            Mode::FreeForAll => {
                if self.in_play_count() == 1 {
                    Some(RefOutcome {
                        end: RefEnd::LastPlayer,
                        winners: vec![self.turn],
                        stuck: None,
                    })
                } else {
                    None
                }
            }
            Mode::Teams => {
                if self.has_legal_move() {
                    return None;
                }
                let p = self.turn;
                if self.in_check(p) {
                    Some(RefOutcome {
                        end: RefEnd::Checkmate,
                        winners: (0..4).filter(|q| q % 2 != p % 2).collect(),
                        stuck: Some(p),
                    })
                } else {
                    Some(RefOutcome {
                        end: RefEnd::Stalemate,
                        winners: Vec::new(),
                        stuck: Some(p),
                    })
                }
            }
        }
    }
}

fn is_piece(sq: Option<Piece>, p: usize, kind: Kind) -> bool {
    sq == Some(Piece {
        owner: p as u8,
        kind,
    })
}
