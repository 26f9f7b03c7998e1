//! Independent, deliberately simple reference move generator for Das chess,
//! written straight from the rules digest `../shared/rules/das.md` and the
//! binding rules decisions of the oracle brief. It shares no code with the
//! engine, uses only `std`, and favours obviousness over speed.
//!
//! Every candidate move is played on a copy of the position; it is legal iff
//! afterwards the mover's King is not attacked. "Attacked" is computed from
//! one function (`attack_targets`) that lists, for the content of one cell,
//! the cells it could capture on (for the owner of that cell).
//!
//! Geometry: files a..j are x = 0..9, the side file r is x = 10; ranks 1..10
//! are y = 0..9. Cell index = y * 11 + x. The r-file only holds pieces that
//! start there (the Centurions on r1 / r10); no move ends on it and no ray
//! enters it, but leaps *from* it use x = 10.
//!
//! A cell holds at most one Ship (with its own colour) and one other piece;
//! when both are present the other piece is a Minor (Knight or Amazon) and
//! the cell (a "stack": Trooper/Descent or Frigate/Pirate) belongs to the
//! Minor's owner.
//!
//! Move strings (identical to the engine's):
//! * plain `<from><to>` (`e2e4`, `r1i3`, en passant `d5e6`, whole stack `a1a5`);
//! * promotion letter appended (`e9e10q`; choices q r s b h n v a c);
//! * first move of the Elva `b1b4p`, of the unmoved Hoplite `i1f4h` (an Elva
//!   reaching its last rank prints the promotion letter instead of `p`);
//! * castling `0-0`, `0-0-0`, `0-0-0-0`;
//! * cargo leaving its Ship `/cargo`; a move ending as a stack with the
//!   mover sharing the target `/board`; cargo boarding another Ship
//!   `/cargo/board`.
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
    /// Rank step of "forward" for pawns.
    fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
    /// y of the back rank (castling rank).
    fn back_rank(self) -> i32 {
        match self {
            Color::White => 0,
            Color::Black => 9,
        }
    }
    /// y of the rank where this side's pawns promote.
    fn last_rank(self) -> i32 {
        match self {
            Color::White => 9,
            Color::Black => 0,
        }
    }
    /// y of this side's pawn rank (unmoved pawns stand here).
    fn pawn_rank(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => 8,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    King,
    Queen,
    Rook,
    Bishop,
    Hoplite,
    Knight,
    Valkyrie,
    Amazon,
    Centurion,
    Pawn,
    Elva,
}

impl Kind {
    fn is_minor(self) -> bool {
        matches!(self, Kind::Knight | Kind::Amazon)
    }
    fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Hoplite => 'H',
            Kind::Knight => 'N',
            Kind::Valkyrie => 'V',
            Kind::Amazon => 'A',
            Kind::Centurion => 'C',
            Kind::Pawn => 'P',
            Kind::Elva => 'E',
        }
    }
    fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'K' => Kind::King,
            'Q' => Kind::Queen,
            'R' => Kind::Rook,
            'B' => Kind::Bishop,
            'H' => Kind::Hoplite,
            'N' => Kind::Knight,
            'V' => Kind::Valkyrie,
            'A' => Kind::Amazon,
            'C' => Kind::Centurion,
            'P' => Kind::Pawn,
            'E' => Kind::Elva,
            _ => return None,
        })
    }
}

/// A non-Ship piece.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
    /// Pawn: never moved (may go 2 or 3). Hoplite: still unmoved (inverted
    /// starter). King: has never made a non-castling move (may castle).
    /// Ignored for other kinds (an Elva is always unmoved by definition).
    pub fresh: bool,
}

/// Content of one cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Cell {
    /// A Ship standing here, by its own colour.
    pub ship: Option<Color>,
    /// Any other piece; if `ship` is also set this is a Minor (the cargo).
    pub piece: Option<Piece>,
}

impl Cell {
    fn is_empty(&self) -> bool {
        self.ship.is_none() && self.piece.is_none()
    }
    /// Who moves (and attacks with) this cell's content.
    fn owner(&self) -> Option<Color> {
        match (self.ship, self.piece) {
            (_, Some(p)) => Some(p.color),
            (Some(c), None) => Some(c),
            (None, None) => None,
        }
    }
    fn is_single_ship(&self) -> bool {
        self.ship.is_some() && self.piece.is_none()
    }
    fn is_stack(&self) -> bool {
        self.ship.is_some() && self.piece.is_some()
    }
    /// A Knight or Amazon standing alone.
    fn single_minor(&self) -> Option<Piece> {
        match (self.ship, self.piece) {
            (None, Some(p)) if p.kind.is_minor() => Some(p),
            _ => None,
        }
    }
}

const NX: i32 = 11; // a..j plus r
const NY: i32 = 10;
const NCELLS: usize = (NX * NY) as usize;
const FILES: [char; 11] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'r'];

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
const THREE_ORTH: [(i32, i32); 4] = [(3, 0), (-3, 0), (0, 3), (0, -3)];
const TWO_ORTH: [(i32, i32); 4] = [(2, 0), (-2, 0), (0, 2), (0, -2)];
const TWO_DIAG: [(i32, i32); 4] = [(2, 2), (2, -2), (-2, 2), (-2, -2)];

/// Standard promotion choices, in print order.
const PROMO: [char; 9] = ['q', 'r', 's', 'b', 'h', 'n', 'v', 'a', 'c'];

pub fn idx(x: i32, y: i32) -> usize {
    (y * NX + x) as usize
}
fn xy(i: usize) -> (i32, i32) {
    ((i as i32) % NX, (i as i32) / NX)
}
/// On the 10x10 playing area (not the r-file).
fn on_main(x: i32, y: i32) -> bool {
    (0..10).contains(&x) && (0..10).contains(&y)
}

pub fn cell_name(i: usize) -> String {
    let (x, y) = xy(i);
    format!("{}{}", FILES[x as usize], y + 1)
}

pub fn parse_cell(s: &str) -> Option<usize> {
    let mut chars = s.chars();
    let f = chars.next()?;
    let x = FILES.iter().position(|&c| c == f)? as i32;
    let rank: i32 = chars.as_str().parse().ok()?;
    if !(1..=10).contains(&rank) {
        return None;
    }
    Some(idx(x, rank - 1))
}

/// Light cell of the playing area: a1 dark, j1 light.
pub fn is_light(i: usize) -> bool {
    let (x, y) = xy(i);
    (x + y) % 2 == 1
}

// ---------------------------------------------------------------------------
// Position
// ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
pub struct RefPos {
    cells: [Cell; NCELLS],
    side: Color,
    /// Cells passed by the pawn that just made a 2- or 3-step move.
    ep_cells: Vec<usize>,
    /// That pawn's cell (removed by an en passant capture).
    ep_victim: Option<usize>,
    /// Castlings made so far, per colour (White, Black). Added with the
    /// corrected digest's "at most three castlings per side per game".
    castled: [u8; 2],
}

impl RefPos {
    fn empty(side: Color) -> RefPos {
        RefPos {
            cells: [Cell::default(); NCELLS],
            side,
            ep_cells: Vec::new(),
            ep_victim: None,
            castled: [0, 0],
        }
    }

    /// The Das chess start position, White to move.
    pub fn start() -> RefPos {
        let mut p = RefPos::empty(Color::White);
        for (color, y, py) in [(Color::White, 0, 1), (Color::Black, 9, 8)] {
            let put = |p: &mut RefPos, x: i32, kind: Kind, fresh: bool| {
                p.cells[idx(x, y)].piece = Some(Piece { color, kind, fresh });
            };
            // a: Ship carrying the Amazon (a Trooper with its Descent).
            p.cells[idx(0, y)].ship = Some(color);
            put(&mut p, 0, Kind::Amazon, false);
            put(&mut p, 1, Kind::Elva, true);
            put(&mut p, 2, Kind::Valkyrie, false);
            put(&mut p, 3, Kind::Bishop, false);
            put(&mut p, 4, Kind::Queen, false);
            put(&mut p, 5, Kind::King, true);
            put(&mut p, 6, Kind::Bishop, false);
            put(&mut p, 7, Kind::Knight, false);
            put(&mut p, 8, Kind::Hoplite, true);
            put(&mut p, 9, Kind::Rook, false);
            put(&mut p, 10, Kind::Centurion, false);
            for x in 0..10 {
                p.cells[idx(x, py)].piece = Some(Piece {
                    color,
                    kind: Kind::Pawn,
                    fresh: true,
                });
            }
        }
        p
    }

    /// Test-only constructor. Each placement is (cell, spec):
    /// * a piece letter `K Q R B H N V A C P E` (uppercase White, lowercase
    ///   Black), optionally followed by `*` = fresh (King: may castle;
    ///   Hoplite: unmoved inverted starter; Pawn: unmoved, may go 2 or 3 —
    ///   only allowed on the pawn's own pawn rank);
    /// * `S` / `s` a single Ship;
    /// * `S+A`, `s+N`, ... a Ship (its own colour first) carrying a Minor.
    ///
    /// No en passant right is set.
    pub fn from_pieces(pieces: &[(&str, &str)], side: Color) -> RefPos {
        let mut p = RefPos::empty(side);
        for &(cell, spec) in pieces {
            let i = parse_cell(cell).unwrap_or_else(|| panic!("bad cell {cell}"));
            assert!(p.cells[i].is_empty(), "cell {cell} used twice");
            let color_of = |c: char| {
                if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                }
            };
            let parse_piece = |s: &str| -> Piece {
                let mut ch = s.chars();
                let c = ch.next().unwrap_or_else(|| panic!("empty spec at {cell}"));
                let kind = Kind::from_letter(c).unwrap_or_else(|| panic!("bad spec {spec}"));
                let rest = ch.as_str();
                assert!(rest.is_empty() || rest == "*", "bad spec {spec}");
                let fresh = rest == "*" || kind == Kind::Elva;
                Piece {
                    color: color_of(c),
                    kind,
                    fresh,
                }
            };
            if let Some(rest) = spec.strip_prefix(['S', 's']) {
                let c = spec.chars().next().unwrap();
                p.cells[i].ship = Some(color_of(c));
                if let Some(minor) = rest.strip_prefix('+') {
                    let m = parse_piece(minor);
                    assert!(m.kind.is_minor(), "only a Minor rides a Ship: {spec}");
                    p.cells[i].piece = Some(m);
                } else {
                    assert!(rest.is_empty(), "bad spec {spec}");
                }
            } else {
                let pc = parse_piece(spec);
                if pc.kind == Kind::Pawn && pc.fresh {
                    assert_eq!(xy(i).1, pc.color.pawn_rank(), "fresh pawn off its rank");
                }
                p.cells[i].piece = Some(pc);
            }
            let (x, _) = xy(i);
            assert!(
                x < 10
                    || (p.cells[i].ship.is_none()
                        && p.cells[i].piece.unwrap().kind == Kind::Centurion),
                "only a Centurion may stand on the r-file"
            );
        }
        p
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }

    pub fn cell(&self, name: &str) -> Cell {
        self.cells[parse_cell(name).expect("bad cell")]
    }

    // -----------------------------------------------------------------------
    // Attacks
    // -----------------------------------------------------------------------

    /// Cells along a ray from `from` in direction (dx, dy), each step on the
    /// playing area, up to and including the first occupied cell.
    fn ray(&self, from: usize, dx: i32, dy: i32) -> Vec<usize> {
        let (mut x, mut y) = xy(from);
        let mut out = Vec::new();
        loop {
            x += dx;
            y += dy;
            if !on_main(x, y) {
                break;
            }
            let t = idx(x, y);
            out.push(t);
            if !self.cells[t].is_empty() {
                break;
            }
        }
        out
    }

    fn rays(&self, from: usize, dirs: &[(i32, i32)]) -> Vec<usize> {
        dirs.iter()
            .flat_map(|&(dx, dy)| self.ray(from, dx, dy))
            .collect()
    }

    fn leaps(from: usize, offsets: &[(i32, i32)]) -> Vec<usize> {
        let (x, y) = xy(from);
        offsets
            .iter()
            .filter(|&&(dx, dy)| on_main(x + dx, y + dy))
            .map(|&(dx, dy)| idx(x + dx, y + dy))
            .collect()
    }

    fn queen_dirs() -> Vec<(i32, i32)> {
        ORTH.iter().chain(DIAG.iter()).copied().collect()
    }

    fn minor_leaps(kind: Kind) -> Vec<(i32, i32)> {
        match kind {
            Kind::Knight => KNIGHT.to_vec(),
            Kind::Amazon => KNIGHT.iter().chain(THREE_ORTH.iter()).copied().collect(),
            _ => unreachable!(),
        }
    }

    /// The cells that the content of `from` attacks (could capture on), for
    /// the owner of that cell.
    fn attack_targets(&self, from: usize) -> Vec<usize> {
        let c = self.cells[from];
        match (c.ship, c.piece) {
            (None, None) => Vec::new(),
            // A single Ship: like a Rook.
            (Some(_), None) => self.rays(from, &ORTH),
            // A stack: the Ship rides like a Rook, the cargo captures one
            // step diagonally.
            (Some(_), Some(_)) => {
                let mut v = self.rays(from, &ORTH);
                v.extend(Self::leaps(from, &DIAG));
                v
            }
            (None, Some(p)) => match p.kind {
                Kind::King => Self::leaps(from, &Self::queen_dirs()),
                Kind::Queen => self.rays(from, &Self::queen_dirs()),
                Kind::Rook => self.rays(from, &ORTH),
                Kind::Bishop => self.rays(from, &DIAG),
                Kind::Hoplite => {
                    if p.fresh {
                        Vec::new()
                    } else {
                        self.rays(from, &DIAG)
                    }
                }
                Kind::Knight | Kind::Amazon => Self::leaps(from, &Self::minor_leaps(p.kind)),
                Kind::Valkyrie => self.rays(from, &KNIGHT),
                Kind::Centurion => {
                    let offs: Vec<(i32, i32)> = KNIGHT
                        .iter()
                        .chain(TWO_ORTH.iter())
                        .chain(TWO_DIAG.iter())
                        .copied()
                        .collect();
                    Self::leaps(from, &offs)
                }
                Kind::Pawn => {
                    let f = p.color.forward();
                    Self::leaps(from, &[(1, f), (-1, f)])
                }
                Kind::Elva => Vec::new(),
            },
        }
    }

    /// The cells attacked by the content of `cell` (for that cell's owner).
    pub fn attacks_from(&self, cell: &str) -> Vec<String> {
        let i = parse_cell(cell).expect("bad cell");
        self.attack_targets(i).into_iter().map(cell_name).collect()
    }

    /// Is `target` attacked by any content owned by `by`?
    pub fn attacked(&self, target: usize, by: Color) -> bool {
        (0..NCELLS)
            .any(|i| self.cells[i].owner() == Some(by) && self.attack_targets(i).contains(&target))
    }

    fn king_cell(&self, color: Color) -> Option<usize> {
        (0..NCELLS).find(|&i| {
            matches!(self.cells[i].piece, Some(p) if p.kind == Kind::King && p.color == color)
                && self.cells[i].ship.is_none()
        })
    }

    fn king_attacked(&self, color: Color) -> bool {
        match self.king_cell(color) {
            Some(k) => self.attacked(k, color.other()),
            None => false,
        }
    }

    /// The side to move's King is attacked.
    pub fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    pub fn is_checkmate(&self) -> bool {
        self.in_check() && self.legal_moves().is_empty()
    }

    pub fn is_stalemate(&self) -> bool {
        !self.in_check() && self.legal_moves().is_empty()
    }

    // -----------------------------------------------------------------------
    // Move generation
    // -----------------------------------------------------------------------

    /// Copy for the successor position: en passant cleared, side flipped.
    fn successor(&self) -> RefPos {
        let mut n = self.clone();
        n.ep_cells.clear();
        n.ep_victim = None;
        n.side = self.side.other();
        n
    }

    /// Pseudo-legal moves (name, resulting position). The only check left
    /// out is whether the mover's King is attacked afterwards (castling and
    /// the inverted starters' "not onto an attacked cell" are applied here).
    fn pseudo_moves(&self) -> Vec<(String, RefPos)> {
        let me = self.side;
        let foe = me.other();
        let mut out: Vec<(String, RefPos)> = Vec::new();
        let name = |a: usize, b: usize| format!("{}{}", cell_name(a), cell_name(b));

        for from in 0..NCELLS {
            let c = self.cells[from];
            if c.owner() != Some(me) {
                continue;
            }
            match (c.ship, c.piece) {
                (None, None) => unreachable!(),

                // ---------------- single Ship ----------------
                (Some(sc), None) => {
                    for t in self.rays(from, &ORTH) {
                        let tc = self.cells[t];
                        if tc.is_empty() {
                            let mut n = self.successor();
                            n.cells[from] = Cell::default();
                            n.cells[t] = Cell {
                                ship: Some(sc),
                                piece: None,
                            };
                            out.push((name(from, t), n));
                        } else if let Some(m) = tc.single_minor() {
                            if m.color == me {
                                // loading its own Minor
                                let mut n = self.successor();
                                n.cells[from] = Cell::default();
                                n.cells[t] = Cell {
                                    ship: Some(sc),
                                    piece: Some(m),
                                };
                                out.push((name(from, t) + "/board", n));
                            } else {
                                // capture ...
                                let mut n = self.successor();
                                n.cells[from] = Cell::default();
                                n.cells[t] = Cell {
                                    ship: Some(sc),
                                    piece: None,
                                };
                                out.push((name(from, t), n));
                                // ... or take it aboard (the stack is then the
                                // enemy's: a Frigate with his Pirate)
                                let mut n = self.successor();
                                n.cells[from] = Cell::default();
                                n.cells[t] = Cell {
                                    ship: Some(sc),
                                    piece: Some(m),
                                };
                                out.push((name(from, t) + "/board", n));
                            }
                        } else if tc.owner() == Some(foe) {
                            let mut n = self.successor();
                            n.cells[from] = Cell::default();
                            n.cells[t] = Cell {
                                ship: Some(sc),
                                piece: None,
                            };
                            out.push((name(from, t), n));
                        }
                    }
                }

                // ---------------- stack (Trooper / Frigate) ----------------
                (Some(sc), Some(m)) => {
                    // The whole stack rides like a Rook, carrying its Minor.
                    for t in self.rays(from, &ORTH) {
                        let tc = self.cells[t];
                        if tc.is_empty() || tc.owner() == Some(foe) {
                            let mut n = self.successor();
                            n.cells[from] = Cell::default();
                            n.cells[t] = c;
                            out.push((name(from, t), n));
                        }
                    }
                    // The cargo (Descent / Pirate) leaves: orthogonal slides
                    // without capture, possibly onto a single Ship ...
                    for t in self.rays(from, &ORTH) {
                        let tc = self.cells[t];
                        if tc.is_empty() {
                            let mut n = self.successor();
                            n.cells[from] = Cell {
                                ship: Some(sc),
                                piece: None,
                            };
                            n.cells[t] = Cell {
                                ship: None,
                                piece: Some(m),
                            };
                            out.push((name(from, t) + "/cargo", n));
                        } else if tc.is_single_ship() {
                            let mut n = self.successor();
                            n.cells[from] = Cell {
                                ship: Some(sc),
                                piece: None,
                            };
                            n.cells[t] = Cell {
                                ship: tc.ship,
                                piece: Some(m),
                            };
                            out.push((name(from, t) + "/cargo/board", n));
                        }
                    }
                    // ... or one step diagonally, capture only.
                    for t in Self::leaps(from, &DIAG) {
                        if self.cells[t].owner() == Some(foe) {
                            let mut n = self.successor();
                            n.cells[from] = Cell {
                                ship: Some(sc),
                                piece: None,
                            };
                            n.cells[t] = Cell {
                                ship: None,
                                piece: Some(m),
                            };
                            out.push((name(from, t) + "/cargo", n));
                        }
                    }
                }

                // ---------------- any other single piece ----------------
                (None, Some(p)) => self.piece_moves(from, p, &mut out),
            }
        }
        self.castlings(&mut out);
        out
    }

    fn piece_moves(&self, from: usize, p: Piece, out: &mut Vec<(String, RefPos)>) {
        let me = self.side;
        let foe = me.other();
        let name = |a: usize, b: usize| format!("{}{}", cell_name(a), cell_name(b));
        // Plain move or capture of `p` (as `moved`) from `from` to `t`.
        let simple = |t: usize, moved: Piece, out: &mut Vec<(String, RefPos)>| {
            let mut n = self.successor();
            n.cells[from] = Cell::default();
            n.cells[t] = Cell {
                ship: None,
                piece: Some(moved),
            };
            out.push((name(from, t), n));
        };
        let can_land = |t: usize| {
            let tc = self.cells[t];
            tc.is_empty() || tc.owner() == Some(foe)
        };
        let moved = Piece { fresh: false, ..p };

        match p.kind {
            Kind::King
            | Kind::Queen
            | Kind::Rook
            | Kind::Bishop
            | Kind::Valkyrie
            | Kind::Centurion => {
                for t in self.attack_targets(from) {
                    if can_land(t) {
                        simple(t, moved, out);
                    }
                }
            }
            Kind::Hoplite if !p.fresh => {
                // orthogonal slides without capture
                for t in self.rays(from, &ORTH) {
                    if self.cells[t].is_empty() {
                        simple(t, moved, out);
                    }
                }
                // diagonal slides with or without capture
                for t in self.rays(from, &DIAG) {
                    if can_land(t) {
                        simple(t, moved, out);
                    }
                }
            }
            Kind::Hoplite | Kind::Elva => {
                // First move of an inverted starter: Queen or Valkyrie move,
                // never a capture, not onto a cell the opponent then attacks.
                let mut targets = self.rays(from, &Self::queen_dirs());
                targets.extend(self.rays(from, &KNIGHT));
                for t in targets {
                    if !self.cells[t].is_empty() {
                        continue;
                    }
                    let list: Vec<(String, Cell)> = if p.kind == Kind::Hoplite {
                        let h = Piece {
                            color: me,
                            kind: Kind::Hoplite,
                            fresh: false,
                        };
                        vec![(
                            "h".to_string(),
                            Cell {
                                ship: None,
                                piece: Some(h),
                            },
                        )]
                    } else if xy(t).1 == me.last_rank() {
                        // the new pawn stands on its last rank: it promotes
                        PROMO
                            .iter()
                            .map(|&l| (l.to_string(), promo_cell(me, l)))
                            .collect()
                    } else {
                        let pawn = Piece {
                            color: me,
                            kind: Kind::Pawn,
                            fresh: false,
                        };
                        vec![(
                            "p".to_string(),
                            Cell {
                                ship: None,
                                piece: Some(pawn),
                            },
                        )]
                    };
                    for (suffix, cell) in list {
                        let mut n = self.successor();
                        n.cells[from] = Cell::default();
                        n.cells[t] = cell;
                        if n.attacked(t, foe) {
                            continue;
                        }
                        out.push((name(from, t) + &suffix, n));
                    }
                }
            }
            Kind::Knight | Kind::Amazon => {
                for t in Self::leaps(from, &Self::minor_leaps(p.kind)) {
                    let tc = self.cells[t];
                    if tc.is_empty() {
                        simple(t, moved, out);
                    } else if tc.is_single_ship() {
                        if tc.ship == Some(me) {
                            // loading onto its own Ship
                            let mut n = self.successor();
                            n.cells[from] = Cell::default();
                            n.cells[t] = Cell {
                                ship: Some(me),
                                piece: Some(moved),
                            };
                            out.push((name(from, t) + "/board", n));
                        } else {
                            // enemy Ship: capture it ...
                            simple(t, moved, out);
                            // ... or board it
                            let mut n = self.successor();
                            n.cells[from] = Cell::default();
                            n.cells[t] = Cell {
                                ship: Some(foe),
                                piece: Some(moved),
                            };
                            out.push((name(from, t) + "/board", n));
                        }
                    } else if tc.owner() == Some(foe) {
                        // enemy piece or enemy stack: captured whole
                        simple(t, moved, out);
                    }
                }
            }
            Kind::Pawn => self.pawn_moves(from, p, out),
        }
    }

    fn pawn_moves(&self, from: usize, p: Piece, out: &mut Vec<(String, RefPos)>) {
        let me = self.side;
        let foe = me.other();
        let (x, y) = xy(from);
        let f = me.forward();
        let last = me.last_rank();
        let name = |a: usize, b: usize| format!("{}{}", cell_name(a), cell_name(b));
        let moved = Piece { fresh: false, ..p };

        // Land on t (promoting on the last rank); `extra` edits the result.
        let land = |t: usize, out: &mut Vec<(String, RefPos)>, extra: &dyn Fn(&mut RefPos)| {
            if xy(t).1 == last {
                for &l in PROMO.iter() {
                    let mut n = self.successor();
                    n.cells[from] = Cell::default();
                    n.cells[t] = promo_cell(me, l);
                    extra(&mut n);
                    out.push((format!("{}{}", name(from, t), l), n));
                }
            } else {
                let mut n = self.successor();
                n.cells[from] = Cell::default();
                n.cells[t] = Cell {
                    ship: None,
                    piece: Some(moved),
                };
                extra(&mut n);
                out.push((name(from, t), n));
            }
        };

        // forward steps
        if on_main(x, y + f) && self.cells[idx(x, y + f)].is_empty() {
            let t1 = idx(x, y + f);
            land(t1, out, &|_| {});
            if p.fresh && y == me.pawn_rank() {
                let mut passed = vec![t1];
                for k in 2..=3 {
                    let tk = idx(x, y + k * f);
                    if !self.cells[tk].is_empty() {
                        break;
                    }
                    let ep = passed.clone();
                    land(tk, out, &|n: &mut RefPos| {
                        n.ep_cells = ep.clone();
                        n.ep_victim = Some(tk);
                    });
                    passed.push(tk);
                }
            }
        }
        // diagonal captures, en passant
        for dx in [1, -1] {
            if !on_main(x + dx, y + f) {
                continue;
            }
            let t = idx(x + dx, y + f);
            if self.cells[t].owner() == Some(foe) {
                land(t, out, &|_| {});
            } else if self.cells[t].is_empty() && self.ep_cells.contains(&t) {
                let victim = self.ep_victim.expect("ep cells without victim");
                land(t, out, &|n: &mut RefPos| {
                    n.cells[victim] = Cell::default();
                });
            }
        }
    }

    fn castlings(&self, out: &mut Vec<(String, RefPos)>) {
        let me = self.side;
        let foe = me.other();
        let Some(k) = self.king_cell(me) else { return };
        let king = self.cells[k].piece.unwrap();
        let (kx, ky) = xy(k);
        let side = if me == Color::White { 0 } else { 1 };
        if !king.fresh || ky != me.back_rank() || self.castled[side] >= 3 {
            return;
        }
        // (king from x, partner x, king to x, partner to x, name)
        let options: [(i32, i32, i32, i32, &str); 4] = [
            (5, 9, 7, 6, "0-0"),
            (5, 0, 1, 2, "0-0-0"),
            (7, 0, 1, 2, "0-0-0-0"),
            (1, 9, 7, 6, "0-0-0-0"),
        ];
        for (kfx, px, ktx, ptx, nm) in options {
            if kfx != kx {
                continue;
            }
            let pc = self.cells[idx(px, ky)];
            let rook_like = pc.owner() == Some(me)
                && (pc.ship.is_some() || matches!(pc.piece, Some(q) if q.kind == Kind::Rook));
            if !rook_like {
                continue;
            }
            let (lo, hi) = (kx.min(px), kx.max(px));
            if (lo + 1..hi).any(|x| !self.cells[idx(x, ky)].is_empty()) {
                continue;
            }
            let (a, b) = (kx.min(ktx), kx.max(ktx));
            if (a..=b).any(|x| self.attacked(idx(x, ky), foe)) {
                continue;
            }
            let mut n = self.successor();
            n.cells[k] = Cell::default();
            n.cells[idx(px, ky)] = Cell::default();
            n.cells[idx(ktx, ky)] = Cell {
                ship: None,
                piece: Some(king),
            }; // keeps its right
            n.cells[idx(ptx, ky)] = pc;
            n.castled[side] += 1;
            out.push((nm.to_string(), n));
        }
    }

    /// Legal moves with their resulting positions.
    pub fn legal_successors(&self) -> Vec<(String, RefPos)> {
        let me = self.side;
        self.pseudo_moves()
            .into_iter()
            .filter(|(_, n)| !n.king_attacked(me))
            .collect()
    }

    /// The strictly legal moves, as canonical move strings.
    pub fn legal_moves(&self) -> Vec<String> {
        let v: Vec<String> = self
            .legal_successors()
            .into_iter()
            .map(|(s, _)| s)
            .collect();
        debug_assert!(
            {
                let mut w = v.clone();
                w.sort();
                w.dedup();
                w.len() == v.len()
            },
            "duplicate move strings"
        );
        v
    }

    pub fn play(&mut self, mv: &str) -> Result<(), String> {
        match self.legal_successors().into_iter().find(|(s, _)| s == mv) {
            Some((_, n)) => {
                *self = n;
                Ok(())
            }
            None => Err(format!(
                "illegal move {mv}; legal: {:?}",
                self.legal_moves()
            )),
        }
    }

    pub fn play_all(&mut self, moves: &str) -> Result<(), String> {
        for m in moves.split_whitespace() {
            self.play(m)?;
        }
        Ok(())
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let succ = self.legal_successors();
        if depth == 1 {
            return succ.len() as u64;
        }
        succ.iter().map(|(_, n)| n.perft(depth - 1)).sum()
    }

    pub fn perft_divide(&self, depth: u32) -> BTreeMap<String, u64> {
        assert!(depth >= 1);
        self.legal_successors()
            .into_iter()
            .map(|(s, n)| (s, n.perft(depth - 1)))
            .collect()
    }

    /// A board diagram (rank 10 on top), for debugging.
    pub fn diagram(&self) -> String {
        let mut s = String::new();
        for y in (0..NY).rev() {
            s.push_str(&format!("{:>2} ", y + 1));
            for x in 0..NX {
                let c = self.cells[idx(x, y)];
                let piece = |p: Piece| {
                    let l = p.kind.letter();
                    if p.color == Color::White {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    }
                };
                let txt = match (c.ship, c.piece) {
                    (None, None) => " . ".to_string(),
                    (None, Some(p)) => format!(" {}{}", piece(p), if p.fresh { '*' } else { ' ' }),
                    (Some(sc), None) => format!(" {} ", if sc == Color::White { 'S' } else { 's' }),
                    (Some(sc), Some(p)) => {
                        format!(
                            "{}+{}",
                            if sc == Color::White { 'S' } else { 's' },
                            piece(p)
                        )
                    }
                };
                s.push_str(&txt);
            }
            s.push('\n');
        }
        s.push_str("    a  b  c  d  e  f  g  h  i  j  r\n");
        s
    }
}

/// The content of a promotion cell: a Ship is a single Ship of the mover.
fn promo_cell(color: Color, letter: char) -> Cell {
    let kind = match letter {
        's' => {
            return Cell {
                ship: Some(color),
                piece: None,
            }
        }
        'q' => Kind::Queen,
        'r' => Kind::Rook,
        'b' => Kind::Bishop,
        'h' => Kind::Hoplite,
        'n' => Kind::Knight,
        'v' => Kind::Valkyrie,
        'a' => Kind::Amazon,
        'c' => Kind::Centurion,
        _ => unreachable!("not a promotion letter: {letter}"),
    };
    Cell {
        ship: None,
        piece: Some(Piece {
            color,
            kind,
            fresh: false,
        }),
    }
}
