//! Independent, deliberately simple reference move generator for Mirodol
//! chess (10x10, with the Archer), written straight from the rules digest
//! `../shared/rules/mirodol.md`.
//!
//! This is a test oracle: it shares no code with the engine, uses only `std`
//! and favours obviousness over speed. Every candidate move is made on a copy
//! of the position; it is legal iff afterwards no enemy piece attacks the
//! mover's King. "Attacks" means "could capture there" and comes from one
//! function (`attack_targets`), used both for move generation and for the
//! attack test (`attacked`), which simply scans every enemy piece.
//!
//! Cells: files `a..j`, ranks 1..10; index `rank_index * 10 + file_index`,
//! a1 = 0, j10 = 99.
//!
//! Move keys: `<from><to>` (`e2e5`, `j10j9`), a promotion appends the new
//! piece's lowercase letter (`a9a10q`, `a9a10a`); castling is keyed
//! `<king from><king to>/castle` (`e1b1/castle`); en passant is a plain
//! `<from><to>` of the capturing pawn.
//!
//! FEN: `placement side castling ep [halfmove [fullmove]]`, placement from
//! rank 10 down, empty runs may be `10`; castling `-` or letters `KQkq`
//! (`K`/`k`: the outermost own rook on the back rank on the king's j side,
//! `Q`/`q`: the outermost one on the king's a side); ep must be `-`.
//!
//! Rules as read from the digest (interpretations marked *):
//! * Archer: leaps (3,1) and (3,2) in every orientation, 16 offsets.
//! * Pawn: one step forward always (if empty); on its own half (White ranks
//!   1..5, Black 10..6) it may instead run further over empty squares as long
//!   as the destination stays on its own half. A run of 2 or 3 squares lets
//!   an enemy pawn that attacks one of the passed-over squares capture it, on
//!   the very next move only, by moving to that passed square. Promotion on
//!   the last rank to Q, R, B, N or A.
//! * Castling (king and the rook bound to the right, neither moved): all
//!   squares strictly between king and rook empty (*"no piece between
//!   them"*, so a piece on the far side of the rook path blocks even a short
//!   king move); the king goes 1.. squares towards the rook, up to and
//!   including the rook's square, or to the square just beyond the rook if
//!   that square is the board's corner (* only the corner, i.e. a rook on
//!   the b or i file) and empty. The rook lands next to the king on the side
//!   the king came from (for the king on the rook's square: next to it
//!   towards the king's origin, which may be the king's origin itself when
//!   king and rook were adjacent), except for the corner, where it stays.
//!   Every square from the king's origin to its destination inclusive (so the
//!   rook's square when it is passed or landed on) must not be attacked in
//!   the position before the move, and the king must of course not be
//!   attacked after it.
//! * Castling rights are bound to the rook's square at FEN parsing; a right
//!   is lost when the king moves (both rights) or when anything moves from or
//!   to that rook square (the rook moved or was captured).
#![allow(dead_code)]

use std::collections::BTreeMap;

// ---------------------------------------------------------------------------
// Basic types
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    fn index(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }

    /// +1 for White (towards rank 10), -1 for Black.
    fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// Rank index (0-based) of this colour's back rank.
    fn back_rank(self) -> i32 {
        match self {
            Color::White => 0,
            Color::Black => 9,
        }
    }

    /// Rank index of the rank where this colour's pawns promote.
    fn last_rank(self) -> i32 {
        match self {
            Color::White => 9,
            Color::Black => 0,
        }
    }

    /// Is the rank index on this colour's own half (White ranks 1..5,
    /// Black ranks 6..10)?
    fn own_half(self, rank: i32) -> bool {
        match self {
            Color::White => rank <= 4,
            Color::Black => rank >= 5,
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
    Archer,
    Pawn,
}

impl Kind {
    fn letter(self) -> char {
        match self {
            Kind::King => 'k',
            Kind::Queen => 'q',
            Kind::Rook => 'r',
            Kind::Bishop => 'b',
            Kind::Knight => 'n',
            Kind::Archer => 'a',
            Kind::Pawn => 'p',
        }
    }

    fn from_letter(c: char) -> Option<Kind> {
        match c.to_ascii_lowercase() {
            'k' => Some(Kind::King),
            'q' => Some(Kind::Queen),
            'r' => Some(Kind::Rook),
            'b' => Some(Kind::Bishop),
            'n' => Some(Kind::Knight),
            'a' => Some(Kind::Archer),
            'p' => Some(Kind::Pawn),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
}

impl Piece {
    fn fen_char(self) -> char {
        let c = self.kind.letter();
        match self.color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }
}

/// The pieces a pawn may promote to, in key-letter order of the digest.
const PROMOTIONS: [Kind; 5] = [
    Kind::Queen,
    Kind::Rook,
    Kind::Bishop,
    Kind::Knight,
    Kind::Archer,
];

const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

const KNIGHT_LEAPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
];

/// Archer = camel (3,1) + zebra (3,2), every orientation: 8 + 8 = 16.
const ARCHER_LEAPS: [(i32, i32); 16] = [
    // (3,1) family
    (3, 1),
    (3, -1),
    (-3, 1),
    (-3, -1),
    (1, 3),
    (1, -3),
    (-1, 3),
    (-1, -3),
    // (3,2) family
    (3, 2),
    (3, -2),
    (-3, 2),
    (-3, -2),
    (2, 3),
    (2, -3),
    (-2, 3),
    (-2, -3),
];

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

// ---------------------------------------------------------------------------
// Cells
// ---------------------------------------------------------------------------

/// Index of (file, rank), both 0-based, or None when off the board.
fn sq(file: i32, rank: i32) -> Option<usize> {
    if (0..10).contains(&file) && (0..10).contains(&rank) {
        Some((rank * 10 + file) as usize)
    } else {
        None
    }
}

fn file_of(s: usize) -> i32 {
    (s % 10) as i32
}

fn rank_of(s: usize) -> i32 {
    (s / 10) as i32
}

pub fn cell_name(s: usize) -> String {
    format!("{}{}", (b'a' + (s % 10) as u8) as char, s / 10 + 1)
}

pub fn parse_cell(name: &str) -> Option<usize> {
    let mut chars = name.chars();
    let f = chars.next()?;
    if !('a'..='j').contains(&f) {
        return None;
    }
    let rest: String = chars.collect();
    if rest.is_empty() || !rest.chars().all(|c| c.is_ascii_digit()) || rest.starts_with('0') {
        return None;
    }
    let r: i32 = rest.parse().ok()?;
    sq(f as i32 - 'a' as i32, r - 1)
}

// ---------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq, Eq)]
enum Special {
    /// Any ordinary move or capture (including pawn single steps).
    Plain,
    /// A pawn advance of 2 or 3 squares; the passed-over squares.
    Long(Vec<usize>),
    /// En passant; the square of the captured pawn.
    EnPassant(usize),
    /// Castling; the king's from/to are the move's, the rook's here.
    Castle { rook_from: usize, rook_to: usize },
}

#[derive(Clone, Debug)]
struct Move {
    from: usize,
    to: usize,
    promo: Option<Kind>,
    special: Special,
}

impl Move {
    fn key(&self) -> String {
        let mut k = format!("{}{}", cell_name(self.from), cell_name(self.to));
        if let Some(p) = self.promo {
            k.push(p.letter());
        }
        if let Special::Castle { .. } = self.special {
            k.push_str("/castle");
        }
        k
    }
}

/// The en-passant opportunity created by the previous move.
#[derive(Clone, Debug)]
struct EnPassant {
    /// Squares the pawn passed over (1 or 2 of them).
    passed: Vec<usize>,
    /// Where the pawn now stands (the square emptied by the capture).
    pawn: usize,
}

// ---------------------------------------------------------------------------
// Position
// ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
pub struct RefPos {
    board: [Option<Piece>; 100],
    side: Color,
    /// Rook squares still able to castle: `[colour][0 = a side (Q), 1 = j side (K)]`.
    castle: [[Option<usize>; 2]; 2],
    ep: Option<EnPassant>,
}

impl RefPos {
    pub fn from_fen(fen: &str) -> Result<RefPos, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 {
            return Err(format!("FEN needs at least placement and side: {:?}", fen));
        }
        let mut board: [Option<Piece>; 100] = [None; 100];
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 10 {
            return Err(format!("FEN placement needs 10 ranks, got {}", ranks.len()));
        }
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 9 - i as i32;
            let mut file: i32 = 0;
            let mut run: i32 = 0;
            let mut in_run = false;
            for c in rank_text.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d as i32;
                    in_run = true;
                    continue;
                }
                if in_run {
                    if run == 0 {
                        return Err(format!("empty run of 0 in rank {:?}", rank_text));
                    }
                    file += run;
                    run = 0;
                    in_run = false;
                }
                let kind = Kind::from_letter(c)
                    .ok_or_else(|| format!("unknown piece letter {:?} in FEN", c))?;
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let s = sq(file, rank)
                    .ok_or_else(|| format!("rank {:?} is longer than 10 cells", rank_text))?;
                board[s] = Some(Piece { color, kind });
                file += 1;
            }
            if in_run {
                if run == 0 {
                    return Err(format!("empty run of 0 in rank {:?}", rank_text));
                }
                file += run;
            }
            if file != 10 {
                return Err(format!("rank {:?} has {} cells, not 10", rank_text, file));
            }
        }
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(format!("side to move must be w or b, got {:?}", other)),
        };
        let mut pos = RefPos {
            board,
            side,
            castle: [[None; 2]; 2],
            ep: None,
        };
        let castling = fields.get(2).copied().unwrap_or("-");
        if castling != "-" {
            for c in castling.chars() {
                let (color, side_index) = match c {
                    'K' => (Color::White, 1),
                    'Q' => (Color::White, 0),
                    'k' => (Color::Black, 1),
                    'q' => (Color::Black, 0),
                    _ => return Err(format!("unknown castling letter {:?}", c)),
                };
                pos.castle[color.index()][side_index] = pos.find_castling_rook(color, side_index);
            }
        }
        let ep = fields.get(3).copied().unwrap_or("-");
        if ep != "-" {
            return Err(format!("en-passant field must be '-', got {:?}", ep));
        }
        Ok(pos)
    }

    /// The outermost rook of `color` on its back rank on the given side of
    /// its king (side 0: towards the a file, 1: towards the j file), if the
    /// king stands on the back rank.
    fn find_castling_rook(&self, color: Color, side_index: usize) -> Option<usize> {
        let back = color.back_rank();
        let king_sq = self.back_rank_king(color)?;
        let kf = file_of(king_sq);
        let is_own_rook = |f: i32| {
            sq(f, back).and_then(|s| self.board[s])
                == Some(Piece {
                    color,
                    kind: Kind::Rook,
                })
        };
        let file = if side_index == 1 {
            (kf + 1..10).rev().find(|&f| is_own_rook(f))
        } else {
            (0..kf).find(|&f| is_own_rook(f))
        }?;
        sq(file, back)
    }

    /// The square of `color`'s king if it stands on its back rank.
    fn back_rank_king(&self, color: Color) -> Option<usize> {
        let back = color.back_rank();
        (0..10).filter_map(|f| sq(f, back)).find(|&s| {
            self.board[s]
                == Some(Piece {
                    color,
                    kind: Kind::King,
                })
        })
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The FEN letter of the piece on `cell` (None if empty or bad cell).
    pub fn piece_at(&self, cell: &str) -> Option<char> {
        parse_cell(cell)
            .and_then(|s| self.board[s])
            .map(|p| p.fen_char())
    }

    /// The placement field of the FEN (rank 10 first).
    pub fn placement(&self) -> String {
        let mut out = String::new();
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..10 {
                match sq(file, rank).and_then(|s| self.board[s]) {
                    Some(p) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// The remaining castling rights as FEN letters (`-` when none).
    pub fn castling_rights(&self) -> String {
        let mut out = String::new();
        for (c, letters) in [(Color::White, ['Q', 'K']), (Color::Black, ['q', 'k'])] {
            for side_index in [1, 0] {
                if self.castle[c.index()][side_index].is_some() {
                    out.push(letters[side_index]);
                }
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }

    // -----------------------------------------------------------------------
    // Attacks
    // -----------------------------------------------------------------------

    /// Every square the piece on `from` attacks (could capture on, if an
    /// enemy piece stood there). Empty for an empty square.
    fn attack_targets(&self, from: usize) -> Vec<usize> {
        let piece = match self.board[from] {
            Some(p) => p,
            None => return Vec::new(),
        };
        let (f, r) = (file_of(from), rank_of(from));
        let leaps = |offsets: &[(i32, i32)]| -> Vec<usize> {
            offsets
                .iter()
                .filter_map(|&(df, dr)| sq(f + df, r + dr))
                .collect()
        };
        let rays = |dirs: &[(i32, i32)]| -> Vec<usize> {
            let mut out = Vec::new();
            for &(df, dr) in dirs {
                let mut step = 1;
                while let Some(t) = sq(f + df * step, r + dr * step) {
                    out.push(t);
                    if self.board[t].is_some() {
                        break;
                    }
                    step += 1;
                }
            }
            out
        };
        match piece.kind {
            Kind::King => leaps(&KING_STEPS),
            Kind::Knight => leaps(&KNIGHT_LEAPS),
            Kind::Archer => leaps(&ARCHER_LEAPS),
            Kind::Rook => rays(&ROOK_DIRS),
            Kind::Bishop => rays(&BISHOP_DIRS),
            Kind::Queen => {
                let mut v = rays(&ROOK_DIRS);
                v.extend(rays(&BISHOP_DIRS));
                v
            }
            Kind::Pawn => {
                let fwd = piece.color.forward();
                leaps(&[(-1, fwd), (1, fwd)])
            }
        }
    }

    /// Does any piece of colour `by` attack `target`?
    fn attacked(&self, target: usize, by: Color) -> bool {
        (0..100).any(|s| match self.board[s] {
            Some(p) if p.color == by => self.attack_targets(s).contains(&target),
            _ => false,
        })
    }

    /// Is any king of `color` attacked by the other colour?
    fn king_attacked(&self, color: Color) -> bool {
        (0..100).any(|s| {
            self.board[s]
                == Some(Piece {
                    color,
                    kind: Kind::King,
                })
                && self.attacked(s, color.other())
        })
    }

    pub fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    // -----------------------------------------------------------------------
    // Move generation
    // -----------------------------------------------------------------------

    fn pseudo_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        let me = self.side;
        for from in 0..100 {
            let piece = match self.board[from] {
                Some(p) if p.color == me => p,
                _ => continue,
            };
            if piece.kind == Kind::Pawn {
                self.pawn_moves(from, me, &mut out);
                continue;
            }
            for to in self.attack_targets(from) {
                let own = matches!(self.board[to], Some(p) if p.color == me);
                if !own {
                    out.push(Move {
                        from,
                        to,
                        promo: None,
                        special: Special::Plain,
                    });
                }
            }
        }
        self.castling_moves(me, &mut out);
        out
    }

    fn push_pawn_move(
        &self,
        color: Color,
        from: usize,
        to: usize,
        special: Special,
        out: &mut Vec<Move>,
    ) {
        if rank_of(to) == color.last_rank() {
            for kind in PROMOTIONS {
                out.push(Move {
                    from,
                    to,
                    promo: Some(kind),
                    special: special.clone(),
                });
            }
        } else {
            out.push(Move {
                from,
                to,
                promo: None,
                special,
            });
        }
    }

    fn pawn_moves(&self, from: usize, color: Color, out: &mut Vec<Move>) {
        let (f, r) = (file_of(from), rank_of(from));
        let fwd = color.forward();
        // Straight advances: one step always; more steps only while the
        // destination stays on the pawn's own half; never over a piece.
        let mut n = 1;
        while let Some(to) = sq(f, r + fwd * n) {
            if self.board[to].is_some() {
                break;
            }
            if n > 1 && !color.own_half(r + fwd * n) {
                break;
            }
            let special = if n >= 2 {
                Special::Long((1..n).filter_map(|k| sq(f, r + fwd * k)).collect())
            } else {
                Special::Plain
            };
            self.push_pawn_move(color, from, to, special, out);
            n += 1;
        }
        // Diagonal captures, and en passant onto a passed-over square.
        for to in self.attack_targets(from) {
            match self.board[to] {
                Some(p) if p.color != color => {
                    self.push_pawn_move(color, from, to, Special::Plain, out)
                }
                Some(_) => {}
                None => {
                    if let Some(ep) = &self.ep {
                        let victim_is_enemy_pawn = self.board[ep.pawn]
                            == Some(Piece {
                                color: color.other(),
                                kind: Kind::Pawn,
                            });
                        if ep.passed.contains(&to) && victim_is_enemy_pawn {
                            self.push_pawn_move(color, from, to, Special::EnPassant(ep.pawn), out);
                        }
                    }
                }
            }
        }
    }

    fn castling_moves(&self, me: Color, out: &mut Vec<Move>) {
        let back = me.back_rank();
        let enemy = me.other();
        for side_index in 0..2 {
            let rook_sq = match self.castle[me.index()][side_index] {
                Some(s) => s,
                None => continue,
            };
            let king_sq = match self.back_rank_king(me) {
                Some(s) => s,
                None => continue,
            };
            if self.board[rook_sq]
                != Some(Piece {
                    color: me,
                    kind: Kind::Rook,
                })
            {
                continue;
            }
            let (kf, rf) = (file_of(king_sq), file_of(rook_sq));
            let dir = if side_index == 1 { 1 } else { -1 };
            if (rf - kf) * dir <= 0 {
                continue;
            }
            // "no piece between them"
            let between_empty = (1..(rf - kf).abs())
                .filter_map(|k| sq(kf + dir * k, back))
                .all(|s| self.board[s].is_none());
            if !between_empty {
                continue;
            }
            // King destinations: next to the origin up to the rook's square,
            // then the corner just beyond the rook if the rook stands next
            // to the corner and the corner is empty.
            let mut dests: Vec<i32> = (1..=(rf - kf).abs()).map(|k| kf + dir * k).collect();
            let beyond = rf + dir;
            if beyond == 0 || beyond == 9 {
                if let Some(s) = sq(beyond, back) {
                    if self.board[s].is_none() {
                        dests.push(beyond);
                    }
                }
            }
            for df in dests {
                // Origin, every square crossed (incl. the rook's when passed)
                // and the destination must not be attacked.
                let path_safe = (0..=(df - kf).abs())
                    .filter_map(|k| sq(kf + dir * k, back))
                    .all(|s| !self.attacked(s, enemy));
                if !path_safe {
                    continue;
                }
                let rook_to = if (df - rf) * dir > 0 {
                    rook_sq // the corner: the rook stays where it is
                } else {
                    match sq(df - dir, back) {
                        Some(s) => s,
                        None => continue,
                    }
                };
                let to = match sq(df, back) {
                    Some(s) => s,
                    None => continue,
                };
                out.push(Move {
                    from: king_sq,
                    to,
                    promo: None,
                    special: Special::Castle {
                        rook_from: rook_sq,
                        rook_to,
                    },
                });
            }
        }
    }

    /// The position after `mv` (no legality check).
    fn apply(&self, mv: &Move) -> RefPos {
        let mut next = self.clone();
        let piece = self.board[mv.from].expect("move from an empty square");
        next.board[mv.from] = None;
        match &mv.special {
            Special::Castle { rook_from, rook_to } => {
                let rook = self.board[*rook_from].expect("castling without a rook");
                next.board[*rook_from] = None;
                next.board[mv.to] = Some(piece);
                next.board[*rook_to] = Some(rook);
            }
            Special::EnPassant(victim) => {
                next.board[*victim] = None;
                next.board[mv.to] = Some(piece);
            }
            Special::Plain | Special::Long(_) => {
                let placed = match mv.promo {
                    Some(kind) => Piece {
                        color: piece.color,
                        kind,
                    },
                    None => piece,
                };
                next.board[mv.to] = Some(placed);
            }
        }
        next.ep = match &mv.special {
            Special::Long(passed) => Some(EnPassant {
                passed: passed.clone(),
                pawn: mv.to,
            }),
            _ => None,
        };
        // Castling rights: the king moving loses both; anything leaving or
        // arriving on a castling rook's square loses that right.
        if piece.kind == Kind::King {
            next.castle[piece.color.index()] = [None, None];
        }
        for rights in next.castle.iter_mut() {
            for right in rights.iter_mut() {
                if *right == Some(mv.from) || *right == Some(mv.to) {
                    *right = None;
                }
            }
        }
        next.side = self.side.other();
        next
    }

    fn legal(&self) -> Vec<(Move, RefPos)> {
        let me = self.side;
        self.pseudo_moves()
            .into_iter()
            .map(|m| {
                let next = self.apply(&m);
                (m, next)
            })
            .filter(|(_, next)| !next.king_attacked(me))
            .collect()
    }

    fn count(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|(_, next)| next.count(depth - 1)).sum()
    }

    // -----------------------------------------------------------------------
    // Public API
    // -----------------------------------------------------------------------

    pub fn perft(&mut self, depth: u32) -> u64 {
        self.count(depth)
    }

    /// Perft per root move (depth >= 1; depth 0 gives an empty map).
    pub fn divide(&mut self, depth: u32) -> BTreeMap<String, u64> {
        let mut out = BTreeMap::new();
        if depth == 0 {
            return out;
        }
        for (m, next) in self.legal() {
            let prev = out.insert(m.key(), next.count(depth - 1));
            assert!(prev.is_none(), "duplicate move key {}", m.key());
        }
        out
    }

    /// Legal move keys, sorted.
    pub fn legal_moves(&mut self) -> Vec<String> {
        let mut keys: Vec<String> = self.legal().iter().map(|(m, _)| m.key()).collect();
        keys.sort();
        let before = keys.len();
        keys.dedup();
        assert_eq!(before, keys.len(), "duplicate move keys");
        keys
    }

    /// Play the legal move with this key.
    pub fn play(&mut self, key: &str) -> Result<(), String> {
        let found = self.legal().into_iter().find(|(m, _)| m.key() == key);
        match found {
            Some((_, next)) => {
                *self = next;
                Ok(())
            }
            None => Err(format!(
                "{} is not a legal move in {}",
                key,
                self.placement()
            )),
        }
    }

    /// Play several space-separated move keys.
    pub fn play_all(&mut self, keys: &str) -> Result<(), String> {
        keys.split_whitespace().try_for_each(|k| self.play(k))
    }
}
