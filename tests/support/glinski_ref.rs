//! Independent, deliberately simple reference move generator for Glinski's
//! hexagonal chess, written straight from `../shared/perft/glinski.md`.
//!
//! This is a test oracle: it shares no code with the engine and favours
//! obviousness over speed. Legality is checked the naive way: make the move on
//! a copy of the board, then ask whether any enemy piece attacks the mover's
//! king.
//!
//! Coordinates are axial `(q, r)`: `q = file index - 5`,
//! `r = rank - 6 - min(q, 0)`; a cell exists iff
//! `max(|q|, |r|, |q + r|) <= 5`.
//!
//! Move notation: from-cell + to-cell (+ promotion letter `q r b n`), e.g.
//! `f5f6`, `c1f4`, `f10f11q`. En passant is written with the capturing pawn's
//! from cell and the skipped cell it lands on.
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
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
}

/// Axial coordinates (q, r).
pub type Cell = (i32, i32);

const FILES: [char; 11] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'k', 'l'];

/// Rook directions: the 6 edge neighbours.
const ROOK_DIRS: [Cell; 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

/// Bishop directions: the 6 vertex ("diagonal") neighbours.
const BISHOP_DIRS: [Cell; 6] = [(1, 1), (-1, -1), (2, -1), (-2, 1), (1, -2), (-1, 2)];

/// Knight leaps, exactly as listed on the rules page.
const KNIGHT_LEAPS: [Cell; 12] = [
    (1, 2),
    (2, 1),
    (3, -1),
    (3, -2),
    (2, -3),
    (1, -3),
    (-1, -2),
    (-2, -1),
    (-3, 1),
    (-3, 2),
    (-2, 3),
    (-1, 3),
];

const WHITE_PAWN_STARTS: [&str; 9] = ["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"];
const BLACK_PAWN_STARTS: [&str; 9] = ["b7", "c7", "d7", "e7", "f7", "g7", "h7", "i7", "k7"];

/// White's promotion cells (the last cell of each file), as listed on the page.
const WHITE_PROMOTION_CELLS: [&str; 11] = [
    "a6", "b7", "c8", "d9", "e10", "f11", "g10", "h9", "i8", "k7", "l6",
];

fn add(a: Cell, b: Cell) -> Cell {
    (a.0 + b.0, a.1 + b.1)
}

pub fn on_board(c: Cell) -> bool {
    let (q, r) = c;
    q.abs() <= 5 && r.abs() <= 5 && (q + r).abs() <= 5
}

fn index(c: Cell) -> usize {
    assert!(on_board(c), "cell {:?} is off the board", c);
    ((c.0 + 5) * 11 + (c.1 + 5)) as usize
}

/// All 91 cells, in a fixed order.
pub fn all_cells() -> Vec<Cell> {
    let mut v = Vec::new();
    for q in -5..=5 {
        for r in -5..=5 {
            if on_board((q, r)) {
                v.push((q, r));
            }
        }
    }
    v
}

pub fn cell_name(c: Cell) -> String {
    let (q, r) = c;
    let file = FILES[(q + 5) as usize];
    let rank = r + 6 + q.min(0);
    format!("{}{}", file, rank)
}

pub fn parse_cell(s: &str) -> Option<Cell> {
    let mut chars = s.chars();
    let f = chars.next()?;
    let file_index = FILES.iter().position(|&x| x == f)? as i32;
    let rest: String = chars.collect();
    if rest.is_empty() || !rest.chars().all(|ch| ch.is_ascii_digit()) {
        return None;
    }
    let rank: i32 = rest.parse().ok()?;
    let q = file_index - 5;
    let r = rank - 6 - q.min(0);
    if on_board((q, r)) {
        Some((q, r))
    } else {
        None
    }
}

fn pawn_forward(color: Color) -> Cell {
    match color {
        Color::White => (0, 1),
        Color::Black => (0, -1),
    }
}

fn pawn_capture_dirs(color: Color) -> [Cell; 2] {
    match color {
        Color::White => [(-1, 1), (1, 0)],
        Color::Black => [(1, -1), (-1, 0)],
    }
}

fn is_pawn_start(color: Color, c: Cell) -> bool {
    let list = match color {
        Color::White => &WHITE_PAWN_STARTS,
        Color::Black => &BLACK_PAWN_STARTS,
    };
    list.iter().any(|name| parse_cell(name) == Some(c))
}

fn is_promotion_cell(color: Color, c: Cell) -> bool {
    match color {
        Color::White => WHITE_PROMOTION_CELLS
            .iter()
            .any(|name| parse_cell(name) == Some(c)),
        // Black promotes on rank 1 of every file.
        Color::Black => cell_name(c)[1..] == *"1",
    }
}

fn piece_letter(kind: Kind) -> char {
    match kind {
        Kind::Pawn => 'p',
        Kind::Knight => 'n',
        Kind::Bishop => 'b',
        Kind::Rook => 'r',
        Kind::Queen => 'q',
        Kind::King => 'k',
    }
}

fn piece_from_char(ch: char) -> Option<Piece> {
    let color = if ch.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    let kind = match ch.to_ascii_lowercase() {
        'p' => Kind::Pawn,
        'n' => Kind::Knight,
        'b' => Kind::Bishop,
        'r' => Kind::Rook,
        'q' => Kind::Queen,
        'k' => Kind::King,
        _ => return None,
    };
    Some(Piece { color, kind })
}

fn piece_to_char(p: Piece) -> char {
    let l = piece_letter(p.kind);
    match p.color {
        Color::White => l.to_ascii_uppercase(),
        Color::Black => l,
    }
}

// ---------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Move {
    from: Cell,
    to: Cell,
    promotion: Option<Kind>,
    /// For en passant: the cell of the pawn that is captured (not `to`).
    en_passant_victim: Option<Cell>,
}

impl Move {
    fn name(&self) -> String {
        let mut s = cell_name(self.from);
        s.push_str(&cell_name(self.to));
        if let Some(k) = self.promotion {
            s.push(piece_letter(k));
        }
        s
    }
}

// ---------------------------------------------------------------------------
// Position
// ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
pub struct RefPos {
    /// 11x11 array indexed by `index((q, r))`; off-board slots stay `None`.
    board: [Option<Piece>; 121],
    side: Color,
    /// Set right after a double step: (skipped cell, cell of the pawn that
    /// double-stepped). Valid for the very next move only.
    en_passant: Option<(Cell, Cell)>,
}

impl RefPos {
    /// An empty board with the given side to move.
    fn empty(side: Color) -> RefPos {
        RefPos {
            board: [None; 121],
            side,
            en_passant: None,
        }
    }

    /// Build a position from (cell name, piece char) pairs. Uppercase = White,
    /// lowercase = Black; letters `k q r b n p`. Panics on bad input.
    pub fn from_pieces(pieces: &[(&str, char)], white_to_move: bool) -> RefPos {
        let side = if white_to_move {
            Color::White
        } else {
            Color::Black
        };
        let mut pos = RefPos::empty(side);
        for &(name, ch) in pieces {
            let c = parse_cell(name).unwrap_or_else(|| panic!("bad cell {}", name));
            let p = piece_from_char(ch).unwrap_or_else(|| panic!("bad piece {}", ch));
            assert!(pos.get(c).is_none(), "cell {} given twice", name);
            pos.set(c, Some(p));
        }
        pos
    }

    /// The standard start position from glinski.md, White to move.
    pub fn start() -> RefPos {
        RefPos::from_pieces(
            &[
                // White
                ("g1", 'K'),
                ("e1", 'Q'),
                ("c1", 'R'),
                ("i1", 'R'),
                ("d1", 'N'),
                ("h1", 'N'),
                ("f1", 'B'),
                ("f2", 'B'),
                ("f3", 'B'),
                ("b1", 'P'),
                ("c2", 'P'),
                ("d3", 'P'),
                ("e4", 'P'),
                ("f5", 'P'),
                ("g4", 'P'),
                ("h3", 'P'),
                ("i2", 'P'),
                ("k1", 'P'),
                // Black
                ("g10", 'k'),
                ("e10", 'q'),
                ("c8", 'r'),
                ("i8", 'r'),
                ("d9", 'n'),
                ("h9", 'n'),
                ("f9", 'b'),
                ("f10", 'b'),
                ("f11", 'b'),
                ("b7", 'p'),
                ("c7", 'p'),
                ("d7", 'p'),
                ("e7", 'p'),
                ("f7", 'p'),
                ("g7", 'p'),
                ("h7", 'p'),
                ("i7", 'p'),
                ("k7", 'p'),
            ],
            true,
        )
    }

    fn get(&self, c: Cell) -> Option<Piece> {
        self.board[index(c)]
    }

    fn set(&mut self, c: Cell, p: Option<Piece>) {
        self.board[index(c)] = p;
    }

    /// Piece on a named cell as a char (uppercase White), or None.
    pub fn piece_at(&self, cell: &str) -> Option<char> {
        let c = parse_cell(cell)?;
        self.get(c).map(piece_to_char)
    }

    pub fn white_to_move(&self) -> bool {
        self.side == Color::White
    }

    /// En passant target (skipped cell) if the last move was a double step.
    pub fn en_passant_cell(&self) -> Option<String> {
        self.en_passant.map(|(skipped, _)| cell_name(skipped))
    }

    fn king_cell(&self, color: Color) -> Option<Cell> {
        all_cells().into_iter().find(|&c| {
            self.get(c)
                == Some(Piece {
                    color,
                    kind: Kind::King,
                })
        })
    }

    /// Does the piece standing on `from` attack `target`?
    fn piece_attacks(&self, from: Cell, target: Cell) -> bool {
        let p = match self.get(from) {
            Some(p) => p,
            None => return false,
        };
        match p.kind {
            Kind::Pawn => pawn_capture_dirs(p.color)
                .iter()
                .any(|&d| add(from, d) == target),
            Kind::Knight => KNIGHT_LEAPS.iter().any(|&d| add(from, d) == target),
            Kind::King => ROOK_DIRS
                .iter()
                .chain(BISHOP_DIRS.iter())
                .any(|&d| add(from, d) == target),
            Kind::Rook => self.slide_reaches(from, &ROOK_DIRS, target),
            Kind::Bishop => self.slide_reaches(from, &BISHOP_DIRS, target),
            Kind::Queen => {
                self.slide_reaches(from, &ROOK_DIRS, target)
                    || self.slide_reaches(from, &BISHOP_DIRS, target)
            }
        }
    }

    /// Walk each direction from `from` until leaving the board or hitting a
    /// piece; true if `target` is met on the way (the blocker itself counts).
    fn slide_reaches(&self, from: Cell, dirs: &[Cell], target: Cell) -> bool {
        for &d in dirs {
            let mut c = add(from, d);
            while on_board(c) {
                if c == target {
                    return true;
                }
                if self.get(c).is_some() {
                    break;
                }
                c = add(c, d);
            }
        }
        false
    }

    /// Is `target` attacked by any piece of colour `by`?
    fn attacked_by(&self, target: Cell, by: Color) -> bool {
        all_cells().into_iter().any(|c| match self.get(c) {
            Some(p) if p.color == by => self.piece_attacks(c, target),
            _ => false,
        })
    }

    /// Push a pawn move to `to`, expanding into the four promotions when
    /// `to` is the mover's last cell of the file.
    fn push_pawn_move(
        &self,
        out: &mut Vec<Move>,
        from: Cell,
        to: Cell,
        en_passant_victim: Option<Cell>,
    ) {
        if is_promotion_cell(self.side, to) {
            for k in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
                out.push(Move {
                    from,
                    to,
                    promotion: Some(k),
                    en_passant_victim,
                });
            }
        } else {
            out.push(Move {
                from,
                to,
                promotion: None,
                en_passant_victim,
            });
        }
    }

    /// All moves obeying piece movement rules, ignoring own-king safety.
    fn pseudo_legal_moves(&self) -> Vec<Move> {
        let me = self.side;
        let mut out = Vec::new();
        let simple = |from: Cell, to: Cell| Move {
            from,
            to,
            promotion: None,
            en_passant_victim: None,
        };
        for from in all_cells() {
            let p = match self.get(from) {
                Some(p) if p.color == me => p,
                _ => continue,
            };
            match p.kind {
                Kind::Pawn => {
                    let fwd = pawn_forward(me);
                    // Single step, and double step from a start cell.
                    let one = add(from, fwd);
                    if on_board(one) && self.get(one).is_none() {
                        self.push_pawn_move(&mut out, from, one, None);
                        let two = add(one, fwd);
                        if is_pawn_start(me, from) && on_board(two) && self.get(two).is_none() {
                            self.push_pawn_move(&mut out, from, two, None);
                        }
                    }
                    // Captures, including en passant onto the skipped cell.
                    for d in pawn_capture_dirs(me) {
                        let to = add(from, d);
                        if !on_board(to) {
                            continue;
                        }
                        match self.get(to) {
                            Some(q) if q.color != me => {
                                self.push_pawn_move(&mut out, from, to, None);
                            }
                            Some(_) => {}
                            None => {
                                if let Some((skipped, victim)) = self.en_passant {
                                    if skipped == to {
                                        self.push_pawn_move(&mut out, from, to, Some(victim));
                                    }
                                }
                            }
                        }
                    }
                }
                Kind::Knight => {
                    for d in KNIGHT_LEAPS {
                        let to = add(from, d);
                        if on_board(to) && self.get(to).is_none_or(|q| q.color != me) {
                            out.push(simple(from, to));
                        }
                    }
                }
                Kind::King => {
                    for d in ROOK_DIRS.iter().chain(BISHOP_DIRS.iter()) {
                        let to = add(from, *d);
                        if on_board(to) && self.get(to).is_none_or(|q| q.color != me) {
                            out.push(simple(from, to));
                        }
                    }
                }
                Kind::Rook | Kind::Bishop | Kind::Queen => {
                    let mut dirs: Vec<Cell> = Vec::new();
                    if p.kind != Kind::Bishop {
                        dirs.extend_from_slice(&ROOK_DIRS);
                    }
                    if p.kind != Kind::Rook {
                        dirs.extend_from_slice(&BISHOP_DIRS);
                    }
                    for d in dirs {
                        let mut to = add(from, d);
                        while on_board(to) {
                            match self.get(to) {
                                None => out.push(simple(from, to)),
                                Some(q) => {
                                    if q.color != me {
                                        out.push(simple(from, to));
                                    }
                                    break;
                                }
                            }
                            to = add(to, d);
                        }
                    }
                }
            }
        }
        out
    }

    /// Apply a (pseudo-legal) move, returning the new position.
    fn after(&self, m: &Move) -> RefPos {
        let mut next = self.clone();
        let mut piece = next.get(m.from).expect("no piece on from-cell");
        if let Some(k) = m.promotion {
            piece.kind = k;
        }
        next.set(m.from, None);
        next.set(m.to, Some(piece));
        if let Some(v) = m.en_passant_victim {
            next.set(v, None);
        }
        next.en_passant = None;
        if piece.kind == Kind::Pawn && m.from.0 == m.to.0 && (m.to.1 - m.from.1).abs() == 2 {
            let skipped = (m.from.0, (m.from.1 + m.to.1) / 2);
            next.en_passant = Some((skipped, m.to));
        }
        next.side = self.side.other();
        next
    }

    /// Strictly legal moves: pseudo-legal moves that do not leave the mover's
    /// king attacked. (Positions without a king of the side to move accept
    /// every pseudo-legal move.)
    fn legal(&self) -> Vec<Move> {
        let me = self.side;
        self.pseudo_legal_moves()
            .into_iter()
            .filter(|m| {
                let next = self.after(m);
                match next.king_cell(me) {
                    Some(k) => !next.attacked_by(k, me.other()),
                    None => true,
                }
            })
            .collect()
    }

    /// Is the side to move in check?
    pub fn in_check(&self) -> bool {
        match self.king_cell(self.side) {
            Some(k) => self.attacked_by(k, self.side.other()),
            None => false,
        }
    }

    pub fn legal_moves(&self) -> Vec<String> {
        self.legal().iter().map(|m| m.name()).collect()
    }

    pub fn play(&mut self, mv: &str) -> Result<(), String> {
        match self.legal().into_iter().find(|m| m.name() == mv) {
            Some(m) => {
                *self = self.after(&m);
                Ok(())
            }
            None => Err(format!("illegal or malformed move: {}", mv)),
        }
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.after(m).perft(depth - 1)).sum()
    }
}

/// Perft split by root move, sorted by move string.
/// Depth 0 has no root moves and gives an empty list.
pub fn perft_divide(pos: &RefPos, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut v: Vec<(String, u64)> = pos
        .legal()
        .iter()
        .map(|m| (m.name(), pos.after(m).perft(depth - 1)))
        .collect();
    v.sort();
    v
}
