//! Independent, deliberately simple reference move generator for 100-cell
//! chess (the Royal file, the General and the Jester), written straight from
//! the rules digest `../shared/rules/hundred.md`.
//!
//! This is a test oracle: it shares no code with the engine, uses only `std`
//! and favours obviousness over speed. Every candidate move is made on a copy
//! of the position; it is legal iff afterwards no enemy piece attacks the
//! mover's King. "Attacks" means "could capture there", computed from one
//! function (`attack_targets`) used for both move generation and attack tests.
//!
//! Cells: files `a b c d e f g h i k` (no j), ranks 1..10; index
//! `rank_index * 10 + file_index`, a1 = 0, k10 = 99. a1 is dark.
//!
//! Move notation (identical to the engine's):
//! * plain: from + to (`e2e4`, `g1g3`), promotion letter always appended
//!   (`a9a10r`, `e9e10q`);
//! * King castling: the King's from/to (`e1b1`, `e1h1`, `e10b10`, `e10h10`);
//! * pawn castling: pawn cell + partner cell, plus a promotion letter when the
//!   pawn lands on its last rank (`e2d1`, `d9c10b`);
//! * throne arrival: King move + `@` + cell of the placed pawn (`e9e10@c2`),
//!   plain when the pawn rank is full or the right was used;
//! * en passant: by a pawn plain (`d4e3`), by any other piece with `/ep`
//!   (`c1e3/ep`), distinct from that piece's quiet move (`c1e3`).
//!
//! FEN: `board side castling throne [halfmove [fullmove]]`; board from rank 10
//! down, multi-digit empty counts; castling = comma-separated rook cells that
//! may still castle (`a1,k1,a10,k10`) or `-`; throne = `wb`, `w`, `b` or `-`.
//! Pawns standing on their own pawn rank (White 2, Black 9) are unmoved.
// Written plainly on purpose (index loops, spelled-out tuples), so a reader
// can check it against the digest line by line.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]
#![allow(dead_code)]

// ---------------------------------------------------------------------------
// Basic types
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Color {
    White,
    Black,
}

impl Color {
    fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    fn idx(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }
    /// Rank step of "forward".
    fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
    /// Rank index of this side's pawn rank (White rank 2, Black rank 9).
    fn pawn_rank(self) -> usize {
        match self {
            Color::White => 1,
            Color::Black => 8,
        }
    }
    /// Rank index of the rank where this side's pawns promote.
    fn last_rank(self) -> usize {
        match self {
            Color::White => 9,
            Color::Black => 0,
        }
    }
    /// The opponent King's initial square (the "throne") for this side.
    fn throne_square(self) -> usize {
        match self {
            Color::White => sq(ROYAL_FILE, 9),
            Color::Black => sq(ROYAL_FILE, 0),
        }
    }
    /// This side's own King's initial square.
    fn king_home(self) -> usize {
        match self {
            Color::White => sq(ROYAL_FILE, 0),
            Color::Black => sq(ROYAL_FILE, 9),
        }
    }
    /// Index of the back rank.
    fn back_rank(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 9,
        }
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
    General,
    Jester,
}

impl Kind {
    fn letter(self) -> char {
        match self {
            Kind::King => 'k',
            Kind::Queen => 'q',
            Kind::Rook => 'r',
            Kind::Bishop => 'b',
            Kind::Knight => 'n',
            Kind::Pawn => 'p',
            Kind::General => 'g',
            Kind::Jester => 'j',
        }
    }
    fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_lowercase() {
            'k' => Kind::King,
            'q' => Kind::Queen,
            'r' => Kind::Rook,
            'b' => Kind::Bishop,
            'n' => Kind::Knight,
            'p' => Kind::Pawn,
            'g' => Kind::General,
            'j' => Kind::Jester,
            _ => return None,
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
    /// Only meaningful for pawns: has never moved (may double-step).
    pub unmoved: bool,
}

const FILES: [char; 10] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'k'];
/// The e-file, the Royal file.
const ROYAL_FILE: usize = 4;

/// Initial back-rank pieces, files a..k; also the per-file promotion piece.
const BACK_RANK: [Kind; 10] = [
    Kind::Rook,
    Kind::Knight,
    Kind::Bishop,
    Kind::Jester,
    Kind::King,
    Kind::Queen,
    Kind::General,
    Kind::Bishop,
    Kind::Knight,
    Kind::Rook,
];

/// Castling-right slots: the rook cells a1, k1, a10, k10.
const CASTLE_ROOKS: [usize; 4] = [0, 9, 90, 99];

const ORTH: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

fn sq(file: usize, rank: usize) -> usize {
    rank * 10 + file
}
fn file_of(s: usize) -> usize {
    s % 10
}
fn rank_of(s: usize) -> usize {
    s / 10
}

/// The cell `(df, dr)` away from `s`, if it is on the board.
fn step(s: usize, df: i32, dr: i32) -> Option<usize> {
    let f = file_of(s) as i32 + df;
    let r = rank_of(s) as i32 + dr;
    if (0..10).contains(&f) && (0..10).contains(&r) {
        Some(sq(f as usize, r as usize))
    } else {
        None
    }
}

/// `e4`, `k10`, ...
pub fn cell_name(s: usize) -> String {
    format!("{}{}", FILES[file_of(s)], rank_of(s) + 1)
}

/// Parse `e4`, `k10`, ... into a cell index.
pub fn parse_cell(text: &str) -> Option<usize> {
    let mut chars = text.chars();
    let f = chars.next()?;
    let file = FILES.iter().position(|&c| c == f)?;
    let rest: String = chars.collect();
    if rest.is_empty() || !rest.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let rank: usize = rest.parse().ok()?;
    if !(1..=10).contains(&rank) {
        return None;
    }
    Some(sq(file, rank - 1))
}

/// True iff the cell is dark (a1 is dark).
pub fn is_dark(s: usize) -> bool {
    (file_of(s) + rank_of(s)).is_multiple_of(2)
}

type Board = [Option<Piece>; 100];

// ---------------------------------------------------------------------------
// Attacks: the cells a piece could capture on (= where it may move, for every
// piece but the pawn).
// ---------------------------------------------------------------------------

/// Slide from `from` in each direction up to `limit` steps, stopping on (and
/// including) the first occupied cell.
fn slide(board: &Board, from: usize, dirs: &[(i32, i32)], limit: usize, out: &mut Vec<usize>) {
    for &(df, dr) in dirs {
        let mut cur = from;
        for _ in 0..limit {
            match step(cur, df, dr) {
                None => break,
                Some(n) => {
                    out.push(n);
                    if board[n].is_some() {
                        break;
                    }
                    cur = n;
                }
            }
        }
    }
}

/// Every cell the piece on `from` attacks.
fn attack_targets(board: &Board, from: usize) -> Vec<usize> {
    let p = board[from].expect("attack_targets on an empty cell");
    let on_royal_file = file_of(from) == ROYAL_FILE;
    let mut out = Vec::new();
    match p.kind {
        Kind::King => {
            for &(df, dr) in ORTH.iter().chain(DIAG.iter()) {
                if let Some(t) = step(from, df, dr) {
                    out.push(t);
                }
            }
        }
        Kind::Knight => {
            for &(df, dr) in KNIGHT.iter() {
                if let Some(t) = step(from, df, dr) {
                    out.push(t);
                }
            }
        }
        Kind::Rook => slide(board, from, &ORTH, 9, &mut out),
        Kind::Bishop => slide(board, from, &DIAG, 9, &mut out),
        Kind::Queen => {
            slide(board, from, &ORTH, 9, &mut out);
            slide(board, from, &DIAG, 9, &mut out);
        }
        Kind::General => {
            // Straight: orthogonal 1-2, unlimited on the Royal file.
            let limit = if on_royal_file { 9 } else { 2 };
            slide(board, from, &ORTH, limit, &mut out);
            // Hooks: to a diagonal neighbour via an empty orthogonal neighbour
            // (two routes; one empty route suffices).
            for &(df, dr) in DIAG.iter() {
                if let Some(t) = step(from, df, dr) {
                    let via_a = step(from, df, 0).unwrap();
                    let via_b = step(from, 0, dr).unwrap();
                    if board[via_a].is_none() || board[via_b].is_none() {
                        out.push(t);
                    }
                }
            }
        }
        Kind::Jester => {
            // Straight: diagonal 1-2, unlimited on the Royal file.
            let limit = if on_royal_file { 9 } else { 2 };
            slide(board, from, &DIAG, limit, &mut out);
            // Hooks: two cells away orthogonally via an empty diagonal
            // neighbour (two routes; one empty route suffices).
            for &(df, dr) in ORTH.iter() {
                if let Some(t) = step(from, 2 * df, 2 * dr) {
                    let routes = if df != 0 {
                        [(df, 1), (df, -1)]
                    } else {
                        [(1, dr), (-1, dr)]
                    };
                    let open = routes
                        .iter()
                        .any(|&(a, b)| matches!(step(from, a, b), Some(v) if board[v].is_none()));
                    if open {
                        out.push(t);
                    }
                }
            }
        }
        Kind::Pawn => {
            let fwd = p.color.forward();
            let mut drs = vec![fwd];
            if on_royal_file {
                drs.push(-fwd); // a royal pawn also attacks backward
            }
            for dr in drs {
                for df in [-1, 1] {
                    if let Some(t) = step(from, df, dr) {
                        out.push(t);
                    }
                }
            }
        }
    }
    out
}

/// Is `target` attacked by any piece of colour `by`?
fn attacked(board: &Board, target: usize, by: Color) -> bool {
    (0..100).any(|s| match board[s] {
        Some(p) if p.color == by => attack_targets(board, s).contains(&target),
        _ => false,
    })
}

fn king_square(board: &Board, color: Color) -> Option<usize> {
    (0..100).find(|&s| matches!(board[s], Some(p) if p.color == color && p.kind == Kind::King))
}

// ---------------------------------------------------------------------------
// Position
// ---------------------------------------------------------------------------

/// A pending "attacked square" capture right: created by a double step.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct EpRight {
    /// The passed-over cell p (where the capturer lands).
    passed: usize,
    /// The cell t of the pawn that made the double step (removed).
    victim: usize,
    /// Bitmask of the cells of the enemy pieces that attacked p before.
    attackers: u128,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefPos {
    board: Board,
    side: Color,
    /// May still castle with the rook on a1, k1, a10, k10.
    castle: [bool; 4],
    /// Throne right still unused: [White, Black].
    throne: [bool; 2],
    ep: Option<EpRight>,
    halfmove: u32,
    fullmove: u32,
}

const START_FEN: &str =
    "rnbjkqgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBJKQGBNR w a1,k1,a10,k10 wb 0 1";

impl RefPos {
    /// The initial position, White to move, all rights.
    pub fn start() -> RefPos {
        RefPos::from_fen(START_FEN).expect("start FEN")
    }

    /// Parse `board side castling throne [halfmove [fullmove]]`.
    pub fn from_fen(fen: &str) -> Result<RefPos, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 4 || fields.len() > 6 {
            return Err(format!("FEN needs 4..6 fields, got {}", fields.len()));
        }
        let mut board: Board = [None; 100];
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 10 {
            return Err(format!("FEN board needs 10 ranks, got {}", ranks.len()));
        }
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 9 - i;
            let mut file = 0usize;
            let mut num = 0usize;
            let mut in_num = false;
            for c in rank_text.chars() {
                if let Some(d) = c.to_digit(10) {
                    num = num * 10 + d as usize;
                    in_num = true;
                    continue;
                }
                if in_num {
                    file += num;
                    num = 0;
                    in_num = false;
                }
                let kind = Kind::from_letter(c)
                    .ok_or_else(|| format!("bad piece letter '{}' in FEN", c))?;
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if file >= 10 {
                    return Err(format!("FEN rank {} too long", rank + 1));
                }
                let unmoved = kind == Kind::Pawn && rank == color.pawn_rank();
                board[sq(file, rank)] = Some(Piece {
                    color,
                    kind,
                    unmoved,
                });
                file += 1;
            }
            if in_num {
                file += num;
            }
            if file != 10 {
                return Err(format!(
                    "FEN rank {} has {} cells, expected 10",
                    rank + 1,
                    file
                ));
            }
        }
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(format!("bad side to move '{}'", other)),
        };
        let mut castle = [false; 4];
        if fields[2] != "-" {
            for cell in fields[2].split(',') {
                let s = parse_cell(cell).ok_or_else(|| format!("bad castling cell '{}'", cell))?;
                let slot = CASTLE_ROOKS
                    .iter()
                    .position(|&r| r == s)
                    .ok_or_else(|| format!("castling cell '{}' is not a corner", cell))?;
                castle[slot] = true;
            }
        }
        let mut throne = [false; 2];
        if fields[3] != "-" {
            for c in fields[3].chars() {
                match c {
                    'w' => throne[0] = true,
                    'b' => throne[1] = true,
                    _ => return Err(format!("bad throne field '{}'", fields[3])),
                }
            }
        }
        let halfmove = match fields.get(4) {
            Some(t) => t.parse().map_err(|_| format!("bad halfmove '{}'", t))?,
            None => 0,
        };
        let fullmove = match fields.get(5) {
            Some(t) => t.parse().map_err(|_| format!("bad fullmove '{}'", t))?,
            None => 1,
        };
        Ok(RefPos {
            board,
            side,
            castle,
            throne,
            ep: None,
            halfmove,
            fullmove,
        })
    }

    /// FEN in the same format `from_fen` reads (a pending en-passant right is
    /// not representable and is dropped; moved pawns on their own pawn rank
    /// would read back as unmoved).
    pub fn to_fen(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..10).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..10 {
                match self.board[sq(file, rank)] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let c = p.kind.letter();
                        row.push(if p.color == Color::White {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        });
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        let castle: Vec<String> = (0..4)
            .filter(|&i| self.castle[i])
            .map(|i| cell_name(CASTLE_ROOKS[i]))
            .collect();
        let castle = if castle.is_empty() {
            "-".to_string()
        } else {
            castle.join(",")
        };
        let mut throne = String::new();
        if self.throne[0] {
            throne.push('w');
        }
        if self.throne[1] {
            throne.push('b');
        }
        if throne.is_empty() {
            throne.push('-');
        }
        format!(
            "{} {} {} {} {} {}",
            rows.join("/"),
            if self.side == Color::White { "w" } else { "b" },
            castle,
            throne,
            self.halfmove,
            self.fullmove
        )
    }

    /// The piece on a cell as a FEN letter (White upper case), if any.
    pub fn piece_at(&self, cell: &str) -> Option<char> {
        let s = parse_cell(cell)?;
        self.board[s].map(|p| {
            let c = p.kind.letter();
            if p.color == Color::White {
                c.to_ascii_uppercase()
            } else {
                c
            }
        })
    }

    /// Is the pawn on `cell` unmoved (may double-step)?
    pub fn pawn_unmoved(&self, cell: &str) -> bool {
        match parse_cell(cell).and_then(|s| self.board[s]) {
            Some(p) => p.kind == Kind::Pawn && p.unmoved,
            None => false,
        }
    }

    pub fn white_to_move(&self) -> bool {
        self.side == Color::White
    }

    /// Throne right still unused for (White, Black).
    pub fn throne_rights(&self) -> (bool, bool) {
        (self.throne[0], self.throne[1])
    }

    /// Is the side to move in check?
    pub fn in_check(&self) -> bool {
        match king_square(&self.board, self.side) {
            Some(k) => attacked(&self.board, k, self.side.other()),
            None => false,
        }
    }

    // -- move making helpers ------------------------------------------------

    /// Copy with the side flipped, en passant cleared, counters advanced.
    fn base_child(&self, pawn_or_capture: bool) -> RefPos {
        let mut c = self.clone();
        c.side = self.side.other();
        c.ep = None;
        c.halfmove = if pawn_or_capture {
            0
        } else {
            self.halfmove + 1
        };
        if self.side == Color::Black {
            c.fullmove += 1;
        }
        c
    }

    /// A castling right dies when anything moves from or to its rook cell.
    fn touch(&mut self, cell: usize) {
        for i in 0..4 {
            if CASTLE_ROOKS[i] == cell {
                self.castle[i] = false;
            }
        }
    }

    /// A King move (of any kind) kills both of its side's castling rights.
    fn king_moved(&mut self, color: Color) {
        let base = if color == Color::White { 0 } else { 2 };
        self.castle[base] = false;
        self.castle[base + 1] = false;
    }

    /// Move the piece on `from` to `to` (capturing whatever is there).
    fn simple_child(&self, from: usize, to: usize) -> RefPos {
        let mut p = self.board[from].unwrap();
        let capture = self.board[to].is_some();
        let mut c = self.base_child(capture || p.kind == Kind::Pawn);
        p.unmoved = false;
        c.board[from] = None;
        c.board[to] = Some(p);
        c.touch(from);
        c.touch(to);
        if p.kind == Kind::King {
            c.king_moved(p.color);
        }
        c
    }

    /// Promotion choices for a pawn arriving on `to` (its last rank):
    /// anything but the King on the e-file, else the file's initial piece.
    fn promotion_kinds(to: usize) -> Vec<Kind> {
        if file_of(to) == ROYAL_FILE {
            vec![
                Kind::Queen,
                Kind::Rook,
                Kind::Bishop,
                Kind::Knight,
                Kind::General,
                Kind::Jester,
            ]
        } else {
            vec![BACK_RANK[file_of(to)]]
        }
    }

    /// Push `child` (a pawn just arrived on `to`) either as is or, if `to` is
    /// on the pawn's last rank, once per promotion choice.
    fn push_pawn_arrival(
        &self,
        out: &mut Vec<(String, RefPos)>,
        text: String,
        child: RefPos,
        to: usize,
    ) {
        if rank_of(to) == self.side.last_rank() {
            for k in Self::promotion_kinds(to) {
                let mut c = child.clone();
                c.board[to] = Some(Piece {
                    color: self.side,
                    kind: k,
                    unmoved: false,
                });
                out.push((format!("{}{}", text, k.letter()), c));
            }
        } else {
            out.push((text, child));
        }
    }

    // -- pseudo-legal generation ---------------------------------------------

    /// All pseudo-legal moves (text, resulting position). Castling already
    /// checks its attacked-square conditions; the "own King not attacked
    /// afterwards" test is done by the caller.
    fn pseudo_children(&self) -> Vec<(String, RefPos)> {
        let me = self.side;
        let mut out: Vec<(String, RefPos)> = Vec::new();
        for from in 0..100 {
            let p = match self.board[from] {
                Some(p) if p.color == me => p,
                _ => continue,
            };
            if p.kind == Kind::Pawn {
                self.pawn_moves(from, p, &mut out);
                continue;
            }
            for to in attack_targets(&self.board, from) {
                if matches!(self.board[to], Some(q) if q.color == me) {
                    continue;
                }
                let child = self.simple_child(from, to);
                let text = format!("{}{}", cell_name(from), cell_name(to));
                if p.kind == Kind::King && to == me.throne_square() && self.throne[me.idx()] {
                    let rank = me.pawn_rank();
                    let empties: Vec<usize> = (0..10)
                        .map(|f| sq(f, rank))
                        .filter(|&s| child.board[s].is_none())
                        .collect();
                    if empties.is_empty() {
                        // Rank full: no pawn, the right is kept.
                        out.push((text, child));
                    } else {
                        for s in empties {
                            let mut c = child.clone();
                            c.board[s] = Some(Piece {
                                color: me,
                                kind: Kind::Pawn,
                                unmoved: true,
                            });
                            c.throne[me.idx()] = false;
                            out.push((format!("{}@{}", text, cell_name(s)), c));
                        }
                    }
                } else {
                    out.push((text, child));
                }
            }
        }
        self.castling_moves(&mut out);
        self.ep_moves(&mut out);
        out
    }

    fn pawn_moves(&self, from: usize, p: Piece, out: &mut Vec<(String, RefPos)>) {
        let me = self.side;
        let fwd = me.forward();
        let royal = file_of(from) == ROYAL_FILE;
        let name = |s: usize| cell_name(s);

        // Forward step, and the double step on the very first move.
        if let Some(t1) = step(from, 0, fwd) {
            if self.board[t1].is_none() {
                let child = self.simple_child(from, t1);
                self.push_pawn_arrival(out, format!("{}{}", name(from), name(t1)), child, t1);
                if p.unmoved {
                    if let Some(t2) = step(from, 0, 2 * fwd) {
                        if self.board[t2].is_none() {
                            let mut child = self.simple_child(from, t2);
                            // Which enemy pieces attacked the passed cell t1
                            // in the position before the double step?
                            let mut mask: u128 = 0;
                            for a in 0..100 {
                                if let Some(q) = self.board[a] {
                                    if q.color != me && attack_targets(&self.board, a).contains(&t1)
                                    {
                                        mask |= 1u128 << a;
                                    }
                                }
                            }
                            if mask != 0 {
                                child.ep = Some(EpRight {
                                    passed: t1,
                                    victim: t2,
                                    attackers: mask,
                                });
                            }
                            out.push((format!("{}{}", name(from), name(t2)), child));
                        }
                    }
                }
            }
        }

        // Royal pawn: one step straight back onto an empty cell (never
        // promotes; may land on its own first rank).
        if royal {
            if let Some(b) = step(from, 0, -fwd) {
                if self.board[b].is_none() {
                    let child = self.simple_child(from, b);
                    out.push((format!("{}{}", name(from), name(b)), child));
                }
            }
        }

        // Diagonal captures and pawn castling: forward, and backward for a
        // royal pawn.
        let mut drs = vec![fwd];
        if royal {
            drs.push(-fwd);
        }
        for dr in drs {
            for df in [-1, 1] {
                let t = match step(from, df, dr) {
                    Some(t) => t,
                    None => continue,
                };
                match self.board[t] {
                    Some(q) if q.color != me => {
                        let child = self.simple_child(from, t);
                        self.push_pawn_arrival(out, format!("{}{}", name(from), name(t)), child, t);
                    }
                    Some(q)
                        if matches!(
                            q.kind,
                            Kind::Queen | Kind::Bishop | Kind::Jester | Kind::King
                        ) =>
                    {
                        // Pawn castling: swap the pawn and the partner.
                        let mut child = self.base_child(true);
                        child.board[t] = Some(Piece {
                            unmoved: false,
                            ..p
                        });
                        child.board[from] = Some(q);
                        child.touch(from);
                        child.touch(t);
                        if q.kind == Kind::King {
                            child.king_moved(me);
                        }
                        self.push_pawn_arrival(out, format!("{}{}", name(from), name(t)), child, t);
                    }
                    _ => {}
                }
            }
        }
    }

    fn castling_moves(&self, out: &mut Vec<(String, RefPos)>) {
        let me = self.side;
        let them = me.other();
        let r = me.back_rank();
        let king_from = me.king_home();
        if self.board[king_from].map(|p| (p.color, p.kind)) != Some((me, Kind::King)) {
            return;
        }
        // (slot, rook from, king to, rook to, must be empty, must not be attacked)
        let slots: [(usize, usize, usize, usize, Vec<usize>, Vec<usize>); 2] = [
            // short, on the left: K e->b, R a->c
            (
                2 * me.idx(),
                sq(0, r),
                sq(1, r),
                sq(2, r),
                vec![sq(1, r), sq(2, r), sq(3, r)],
                vec![sq(4, r), sq(3, r), sq(2, r), sq(1, r)],
            ),
            // long, on the right: K e->h, R k->g
            (
                2 * me.idx() + 1,
                sq(9, r),
                sq(7, r),
                sq(6, r),
                vec![sq(5, r), sq(6, r), sq(7, r), sq(8, r)],
                vec![sq(4, r), sq(5, r), sq(6, r), sq(7, r)],
            ),
        ];
        for (slot, rook_from, king_to, rook_to, empty, safe) in slots.iter() {
            if !self.castle[*slot] {
                continue;
            }
            if self.board[*rook_from].map(|p| (p.color, p.kind)) != Some((me, Kind::Rook)) {
                continue;
            }
            if empty.iter().any(|&s| self.board[s].is_some()) {
                continue;
            }
            if safe.iter().any(|&s| attacked(&self.board, s, them)) {
                continue;
            }
            let mut c = self.base_child(false);
            let king = c.board[king_from].take();
            let rook = c.board[*rook_from].take();
            c.board[*king_to] = king;
            c.board[*rook_to] = rook;
            c.king_moved(me);
            out.push((
                format!("{}{}", cell_name(king_from), cell_name(*king_to)),
                c,
            ));
        }
    }

    fn ep_moves(&self, out: &mut Vec<(String, RefPos)>) {
        let ep = match self.ep {
            Some(ep) => ep,
            None => return,
        };
        for a in 0..100 {
            if ep.attackers & (1u128 << a) == 0 {
                continue;
            }
            let p = match self.board[a] {
                Some(p) if p.color == self.side => p,
                _ => continue,
            };
            let mut c = self.base_child(true);
            c.board[a] = None;
            c.board[ep.victim] = None;
            c.board[ep.passed] = Some(Piece {
                unmoved: false,
                ..p
            });
            c.touch(a);
            c.touch(ep.passed);
            c.touch(ep.victim);
            if p.kind == Kind::King {
                c.king_moved(p.color);
            }
            let suffix = if p.kind == Kind::Pawn { "" } else { "/ep" };
            out.push((
                format!("{}{}{}", cell_name(a), cell_name(ep.passed), suffix),
                c,
            ));
        }
    }

    /// Legal moves with their resulting positions, sorted by move text.
    pub fn legal_children(&self) -> Vec<(String, RefPos)> {
        let me = self.side;
        let mut v: Vec<(String, RefPos)> = self
            .pseudo_children()
            .into_iter()
            .filter(|(_, c)| match king_square(&c.board, me) {
                Some(k) => !attacked(&c.board, k, me.other()),
                None => true,
            })
            .collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v
    }

    /// All strictly legal moves, sorted.
    pub fn legal_moves(&self) -> Vec<String> {
        self.legal_children().into_iter().map(|(m, _)| m).collect()
    }

    /// Play a move given in the notation above; Err if it is not legal.
    pub fn play(&mut self, mv: &str) -> Result<(), String> {
        for (m, c) in self.legal_children() {
            if m == mv {
                *self = c;
                return Ok(());
            }
        }
        Err(format!("illegal move '{}' in {}", mv, self.to_fen()))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let children = self.legal_children();
        if depth == 1 {
            return children.len() as u64;
        }
        children.iter().map(|(_, c)| c.perft(depth - 1)).sum()
    }
}

/// Perft per root move, sorted by move string.
pub fn perft_divide(pos: &RefPos, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_children()
        .into_iter()
        .map(|(m, c)| {
            let n = c.perft(depth - 1);
            (m, n)
        })
        .collect()
}
