//! Independent, deliberately simple reference move generator (a test oracle)
//! for the three-player hexagonal chess variant Shakhmattron and its
//! Throne-less twin Mattrix.
//!
//! Written from the rules digest `../shared/rules/shakhmattron.md` alone
//! (with the Russian original only for orientation); no code of the engine
//! (`compiler/`, `runtime/`, `src/`, `stdlib/`) was read. It favours
//! obviousness over speed: legality is checked the naive way, by making the
//! move on a copy of the board and asking whether any piece of either opponent
//! attacks the mover's King.
//!
//! Coordinates: `r` = row index counted from White's edge (o = 0 .. a = 13),
//! `v` = vertical number (1..27); the cells of a row have verticals of one
//! parity (`r + v` is always odd). Edge neighbours ("lines") are
//! `(r, v±2), (r±1, v±1)`; vertex neighbours ("diagonals") are `(r±2, v),
//! (r±1, v±3)`; Knight leaps are `(±3, ±1), (±2, ±4), (±1, ±5)` (as (dr, dv)).
//!
//! Move keys: `<from><to>` (`m9l8`), plus a lowercase promotion letter
//! (`b13a14r`, letters q r b n), and castlings `<king from><king to>/castle`
//! (`o15o19/castle`).
//!
//! Decisions where the digest is silent or could be read two ways (each is
//! repeated where it is implemented):
//! - Blue's frame is White's rotated 120 degrees clockwise about the Throne
//!   centre (o7 -> a8, o21 -> h1), Red's 240 degrees. The digest's explicit
//!   setup, promotion-edge and castling lists are used as given; the pawn
//!   directions are obtained by rotating White's (the self-test checks that
//!   the explicit lists agree with the rotation).
//! - "The player who moved most recently" is read off the turn order: the
//!   player before the one to move moved last, the one before him before
//!   that (turns strictly rotate; nobody is ever skipped).
//! - After a Throne win the turn still passes on (`to_move` advances as after
//!   any move); the game is over and there are no legal moves.
//! - `from_text` in Shakhmattron: a King already standing on its own Throne
//!   cell means that player has won by the Throne (the only way to get there
//!   ends the game), so such a position is over. A King on a foreign Throne
//!   cell or a pawn on its own promotion edge is accepted as given (it cannot
//!   arise in play, but it is not malformed).
//! - `from_text` castling cells must be Rook start cells, with the owner's
//!   Rook on it and the owner's King on its start cell; otherwise `Err`.
//! - `play_all` is atomic: on an error the position is left unchanged.
//! - "Checks from several players can only be met by a King move" is not a
//!   separate rule: it follows from the ordinary legality test (no single
//!   non-King move can capture or block two checkers), so none is coded.
//! - The Throne's "not attacked" is the ordinary legality test of the King's
//!   move. A Throne win ends the game at that move; whether the next player
//!   would have been mated is never asked.
//! - "Cells between King and Rook" are the cells strictly between them on
//!   the edge line (White long: o13 o11 o9), copied from the digest.
//! - `divide(0)` is an empty map; `perft(0)` is 1 even when the game is over.
#![allow(dead_code)]
// Player numbers index per-player tables; loops over 0..3 read best.
#![allow(clippy::needless_range_loop)]

use std::collections::BTreeMap;
use std::sync::OnceLock;

// ---------------------------------------------------------------------------
// Board geometry
// ---------------------------------------------------------------------------

pub const NCELLS: usize = 147;
const NONE: u8 = u8::MAX;

pub const PLAYER_NAMES: [&str; 3] = ["white", "blue", "red"];

/// Row letters by r (r = 0 is row o, White's edge; r = 13 is row a).
const ROW_LETTERS: [char; 14] = [
    'o', 'n', 'm', 'l', 'k', 'i', 'h', 'g', 'f', 'e', 'd', 'c', 'b', 'a',
];

/// (first, last) vertical number of each row by r, copied from the digest's
/// table (o 7..21, n 6..22, ..., h 1..27, ..., a 8..20); verticals step by 2.
const ROW_VERTICALS: [(i32, i32); 14] = [
    (7, 21),
    (6, 22),
    (5, 23),
    (4, 24),
    (3, 25),
    (2, 26),
    (1, 27),
    (2, 26),
    (3, 25),
    (4, 24),
    (5, 23),
    (6, 22),
    (7, 21),
    (8, 20),
];

/// The 6 edge directions (dr, dv).
pub const EDGE_DIRS: [(i32, i32); 6] = [(0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1)];
/// The 6 diagonal (vertex) directions (dr, dv).
pub const DIAG_DIRS: [(i32, i32); 6] = [(2, 0), (-2, 0), (1, 3), (1, -3), (-1, 3), (-1, -3)];
/// The 12 Knight leaps (dr, dv), as pinned by the digest.
pub const KNIGHT_LEAPS: [(i32, i32); 12] = [
    (3, 1),
    (3, -1),
    (-3, 1),
    (-3, -1),
    (2, 4),
    (2, -4),
    (-2, 4),
    (-2, -4),
    (1, 5),
    (1, -5),
    (-1, 5),
    (-1, -5),
];

/// White's pawn directions (forward = towards row a = increasing r).
const WHITE_FWD_DIAGS: [(i32, i32); 3] = [(2, 0), (1, 3), (1, -3)];
const WHITE_FWD_EDGES: [(i32, i32); 2] = [(1, 1), (1, -1)];

/// Rotate a step (dr, dv) by 120 degrees clockwise, i.e. from White's frame to
/// Blue's (and from Blue's to Red's). With Cartesian x = v, y = r*sqrt(3) a
/// clockwise turn by 120 degrees gives dv' = (3 dr - dv) / 2,
/// dr' = -(dv + dr) / 2 (both exact on the lattice, where dr + dv is even).
/// Example: White's straight-forward diagonal (2, 0) becomes (-1, 3) for Blue
/// (from Blue's edge h1-a8 towards the lower right) and (-1, -3) for Red.
pub fn rotate_dir(d: (i32, i32)) -> (i32, i32) {
    let (dr, dv) = d;
    (-(dv + dr) / 2, (3 * dr - dv) / 2)
}

fn rotate_dir_n(d: (i32, i32), times: usize) -> (i32, i32) {
    let mut d = d;
    for _ in 0..times {
        d = rotate_dir(d);
    }
    d
}

/// Forward diagonals of `player` (light-pawn moves, heavy-pawn captures).
pub fn forward_diagonals(player: usize) -> [(i32, i32); 3] {
    WHITE_FWD_DIAGS.map(|d| rotate_dir_n(d, player))
}

/// Forward edges of `player` (light-pawn captures, heavy-pawn moves).
pub fn forward_edges(player: usize) -> [(i32, i32); 2] {
    WHITE_FWD_EDGES.map(|d| rotate_dir_n(d, player))
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    /// Light pawn (Пешка): moves along the 3 forward diagonals, captures along
    /// the 2 forward edges.
    Light,
    /// Heavy pawn (Тяж): moves along the 2 forward edges, captures along the
    /// 3 forward diagonals.
    Heavy,
}

impl Kind {
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
            Kind::Light => 'P',
            Kind::Heavy => 'H',
        }
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c {
            'K' => Kind::King,
            'Q' => Kind::Queen,
            'R' => Kind::Rook,
            'B' => Kind::Bishop,
            'N' => Kind::Knight,
            'P' => Kind::Light,
            'H' => Kind::Heavy,
            _ => return None,
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Piece {
    owner: u8,
    kind: Kind,
}

/// One castling: King and Rook start/end cells and the cells strictly
/// between King and Rook (which must be empty and, like the King's cell,
/// not attacked before the move).
struct CastleSpec {
    king_from: usize,
    king_to: usize,
    rook_from: usize,
    rook_to: usize,
    between: Vec<usize>,
}

struct Geo {
    rv: Vec<(i32, i32)>,
    grid: [[u8; 28]; 14],
    names: Vec<String>,
    light_moves: [[(i32, i32); 3]; 3],
    light_capts: [[(i32, i32); 2]; 3],
    heavy_moves: [[(i32, i32); 2]; 3],
    heavy_capts: [[(i32, i32); 3]; 3],
    promo: [[bool; NCELLS]; 3],
    throne: [usize; 3],
    king_start: [usize; 3],
    /// [player][0 = short, 1 = long]
    castles: [[CastleSpec; 2]; 3],
    setup: Vec<(usize, Kind, usize)>,
}

/// Throne cells from the digest: h13 White's, g14 Blue's, h15 Red's.
const THRONE_CELLS: [&str; 3] = ["h13", "g14", "h15"];
const KING_START: [&str; 3] = ["o15", "e4", "d23"];

/// Promotion edges, copied from the digest (White row a; Blue and Red the
/// rotated short edges).
const PROMOTION_EDGES: [[&str; 7]; 3] = [
    ["a8", "a10", "a12", "a14", "a16", "a18", "a20"],
    ["h27", "i26", "k25", "l24", "m23", "n22", "o21"],
    ["h1", "i2", "k3", "l4", "m5", "n6", "o7"],
];

/// Castlings from the digest: (king from, king to, rook from, rook to,
/// cells between King and Rook), short first, then long.
type CastleText = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static [&'static str],
);
const CASTLINGS: [[CastleText; 2]; 3] = [
    [
        ("o15", "o19", "o21", "o17", &["o17", "o19"]),
        ("o15", "o9", "o7", "o11", &["o13", "o11", "o9"]),
    ],
    [
        ("e4", "g2", "h1", "f3", &["f3", "g2"]),
        ("e4", "b7", "a8", "c6", &["d5", "c6", "b7"]),
    ],
    [
        ("d23", "b21", "a20", "c22", &["c22", "b21"]),
        ("d23", "g26", "h27", "f25", &["e24", "f25", "g26"]),
    ],
];

type SetupText = &'static [(Kind, &'static [&'static str])];

/// The setups exactly as listed in the digest.
const SETUPS: [SetupText; 3] = [
    &[
        (Kind::Rook, &["o7", "o21"]),
        (Kind::Bishop, &["o9", "o19", "n14"]),
        (Kind::Knight, &["o11", "o17"]),
        (Kind::Queen, &["o13"]),
        (Kind::King, &["o15"]),
        (
            Kind::Light,
            &[
                "n6", "n8", "n10", "n12", "n16", "n18", "n20", "n22", "m13", "m15",
            ],
        ),
        (
            Kind::Heavy,
            &["m7", "m9", "m11", "m17", "m19", "m21", "l14"],
        ),
    ],
    &[
        (Kind::Rook, &["a8", "h1"]),
        (Kind::Bishop, &["b7", "g2", "e6"]),
        (Kind::Knight, &["c6", "f3"]),
        (Kind::Queen, &["d5"]),
        (Kind::King, &["e4"]),
        (
            Kind::Light,
            &["a10", "b9", "c8", "d7", "f5", "g4", "h3", "i2", "e8", "f7"],
        ),
        (Kind::Heavy, &["b11", "c10", "d9", "g6", "h5", "i4", "f9"]),
    ],
    &[
        (Kind::Rook, &["h27", "a20"]),
        (Kind::Bishop, &["g26", "b21", "e22"]),
        (Kind::Knight, &["f25", "c22"]),
        (Kind::Queen, &["e24"]),
        (Kind::King, &["d23"]),
        (
            Kind::Light,
            &[
                "i26", "h25", "g24", "f23", "d21", "c20", "b19", "a18", "f21", "e20",
            ],
        ),
        (
            Kind::Heavy,
            &["i24", "h23", "g22", "d19", "c18", "b17", "f19"],
        ),
    ],
];

fn geo() -> &'static Geo {
    static GEO: OnceLock<Geo> = OnceLock::new();
    GEO.get_or_init(build_geo)
}

fn build_geo() -> Geo {
    let mut rv = Vec::new();
    let mut names = Vec::new();
    let mut grid = [[NONE; 28]; 14];
    for (r, &(lo, hi)) in ROW_VERTICALS.iter().enumerate() {
        let mut v = lo;
        while v <= hi {
            grid[r][v as usize] = rv.len() as u8;
            rv.push((r as i32, v));
            names.push(format!("{}{}", ROW_LETTERS[r], v));
            v += 2;
        }
    }
    assert_eq!(rv.len(), NCELLS);
    let lookup = |name: &str| -> usize {
        names
            .iter()
            .position(|n| n == name)
            .unwrap_or_else(|| panic!("digest cell {name} not on the board"))
    };
    let mut light_moves = [[(0, 0); 3]; 3];
    let mut light_capts = [[(0, 0); 2]; 3];
    let mut heavy_moves = [[(0, 0); 2]; 3];
    let mut heavy_capts = [[(0, 0); 3]; 3];
    let mut promo = [[false; NCELLS]; 3];
    for p in 0..3 {
        light_moves[p] = forward_diagonals(p);
        heavy_capts[p] = forward_diagonals(p);
        light_capts[p] = forward_edges(p);
        heavy_moves[p] = forward_edges(p);
        for name in PROMOTION_EDGES[p] {
            promo[p][lookup(name)] = true;
        }
    }
    let throne = THRONE_CELLS.map(lookup);
    let king_start = KING_START.map(lookup);
    let castles = CASTLINGS.map(|sides| {
        sides.map(|(kf, kt, rf, rt, between)| CastleSpec {
            king_from: lookup(kf),
            king_to: lookup(kt),
            rook_from: lookup(rf),
            rook_to: lookup(rt),
            between: between.iter().map(|c| lookup(c)).collect(),
        })
    });
    let mut setup = Vec::new();
    for (p, list) in SETUPS.iter().enumerate() {
        for (kind, cells) in list.iter() {
            for c in cells.iter() {
                setup.push((p, *kind, lookup(c)));
            }
        }
    }
    Geo {
        rv,
        grid,
        names,
        light_moves,
        light_capts,
        heavy_moves,
        heavy_capts,
        promo,
        throne,
        king_start,
        castles,
        setup,
    }
}

fn cell_at(r: i32, v: i32) -> Option<usize> {
    if !(0..14).contains(&r) || !(0..28).contains(&v) {
        return None;
    }
    let id = geo().grid[r as usize][v as usize];
    if id == NONE {
        None
    } else {
        Some(id as usize)
    }
}

fn step(c: usize, d: (i32, i32)) -> Option<usize> {
    let (r, v) = geo().rv[c];
    cell_at(r + d.0, v + d.1)
}

fn name(c: usize) -> &'static str {
    &geo().names[c]
}

fn parse_cell_id(s: &str) -> Option<usize> {
    let mut chars = s.chars();
    let letter = chars.next()?;
    let r = ROW_LETTERS.iter().position(|&l| l == letter)?;
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
        return None;
    }
    let v: i32 = digits.parse().ok()?;
    cell_at(r as i32, v)
}

/// All 147 cell names.
pub fn all_cells() -> Vec<String> {
    geo().names.clone()
}

/// (r, v) of a cell name, if it is on the board.
pub fn cell_rv(cell: &str) -> Option<(i32, i32)> {
    parse_cell_id(cell).map(|c| geo().rv[c])
}

/// The name of the cell (r, v), if it is on the board.
pub fn cell_name(r: i32, v: i32) -> Option<String> {
    cell_at(r, v).map(|c| name(c).to_string())
}

/// Colour of a cell (0 white, 1 blue, 2 red) from v mod 3 = 1, 2, 0.
pub fn cell_colour(cell: &str) -> Option<usize> {
    cell_rv(cell).map(|(_, v)| match v % 3 {
        1 => 0,
        2 => 1,
        _ => 2,
    })
}

// ---------------------------------------------------------------------------
// Positions and moves
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Mv {
    from: u8,
    to: u8,
    promo: Option<Kind>,
    /// Some(side) for a castling (0 short, 1 long); from/to are the King's.
    castle: Option<u8>,
}

type Board = [Option<Piece>; NCELLS];
type Steps<'a> = &'a [(i32, i32)];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RefEnd {
    Mate,
    Stalemate,
    Throne,
}

#[derive(Clone, PartialEq, Debug)]
pub struct RefOutcome {
    pub end: RefEnd,
    pub winner: Option<usize>,
    pub scores: [f64; 3],
}

#[derive(Clone)]
pub struct RefPos {
    board: Board,
    kings: [usize; 3],
    turn: usize,
    /// [player][0 short, 1 long]: castling right still alive.
    castle: [[bool; 2]; 3],
    /// true: Shakhmattron (Throne rules); false: Mattrix.
    throne: bool,
    /// Set when a King has entered its own Throne cell (game over).
    throne_winner: Option<usize>,
}

fn opponents(p: usize) -> [bool; 3] {
    let mut by = [true; 3];
    by[p] = false;
    by
}

/// Is `target` attacked by a piece of a player with `by[player]` true?
/// Attacks are each piece's capture pattern: light pawns along their
/// owner's 2 forward edges, heavy pawns along the 3 forward diagonals, Kings
/// all 12 neighbours (foreign Throne cells included), sliders up to and
/// including the first occupied cell. Pinned pieces attack all the same.
fn attacked(board: &Board, target: usize, by: [bool; 3]) -> bool {
    let g = geo();
    for &d in EDGE_DIRS.iter() {
        let mut dist = 1;
        let mut cur = step(target, d);
        while let Some(c) = cur {
            if let Some(pc) = board[c] {
                let o = pc.owner as usize;
                if by[o] {
                    let back = (-d.0, -d.1); // direction from the piece to target
                    let hit = match pc.kind {
                        Kind::Rook | Kind::Queen => true,
                        Kind::King => dist == 1,
                        Kind::Light => dist == 1 && g.light_capts[o].contains(&back),
                        _ => false,
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
    for &d in DIAG_DIRS.iter() {
        let mut dist = 1;
        let mut cur = step(target, d);
        while let Some(c) = cur {
            if let Some(pc) = board[c] {
                let o = pc.owner as usize;
                if by[o] {
                    let back = (-d.0, -d.1);
                    let hit = match pc.kind {
                        Kind::Bishop | Kind::Queen => true,
                        Kind::King => dist == 1,
                        Kind::Heavy => dist == 1 && g.heavy_capts[o].contains(&back),
                        _ => false,
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

impl RefPos {
    fn empty(throne: bool) -> RefPos {
        RefPos {
            board: [None; NCELLS],
            kings: [0; 3],
            turn: 0,
            castle: [[false; 2]; 3],
            throne,
            throne_winner: None,
        }
    }

    /// The start position (`throne`: true Shakhmattron, false Mattrix).
    pub fn start(throne: bool) -> RefPos {
        let g = geo();
        let mut pos = RefPos::empty(throne);
        for &(p, kind, c) in g.setup.iter() {
            pos.board[c] = Some(Piece {
                owner: p as u8,
                kind,
            });
            if kind == Kind::King {
                pos.kings[p] = c;
            }
        }
        pos.castle = [[true; 2]; 3];
        pos
    }

    /// Parse `white: Ko15 Qo13 ...; blue: Ke4 ...; red: Kd23 ...; turn blue;
    /// castling o7 o21 a8`. Fields are separated by `;` (empty fields are
    /// ignored); `turn` defaults to white; without `castling` no castling
    /// right is alive (`castling -` or a bare `castling` is also "none").
    pub fn from_text(text: &str, throne: bool) -> Result<RefPos, String> {
        let g = geo();
        let mut pos = RefPos::empty(throne);
        let mut seen_player = [false; 3];
        let mut seen_turn = false;
        let mut seen_castling = false;
        let mut king_count = [0usize; 3];
        let mut castling_cells: Vec<usize> = Vec::new();
        for field in text.split(';') {
            let field = field.trim();
            if field.is_empty() {
                continue;
            }
            if let Some((head, rest)) = field.split_once(':') {
                let p = PLAYER_NAMES
                    .iter()
                    .position(|n| *n == head.trim())
                    .ok_or_else(|| format!("unknown player '{}'", head.trim()))?;
                if seen_player[p] {
                    return Err(format!("player '{}' listed twice", PLAYER_NAMES[p]));
                }
                seen_player[p] = true;
                for tok in rest.split_whitespace() {
                    let mut chars = tok.chars();
                    let letter = chars.next().unwrap();
                    let kind = Kind::from_letter(letter)
                        .ok_or_else(|| format!("unknown piece letter in '{tok}'"))?;
                    let c = parse_cell_id(chars.as_str())
                        .ok_or_else(|| format!("unknown cell in '{tok}'"))?;
                    if pos.board[c].is_some() {
                        return Err(format!("two pieces on {}", name(c)));
                    }
                    pos.board[c] = Some(Piece {
                        owner: p as u8,
                        kind,
                    });
                    if kind == Kind::King {
                        king_count[p] += 1;
                        pos.kings[p] = c;
                    }
                }
            } else {
                let mut words = field.split_whitespace();
                let key = words.next().unwrap();
                match key {
                    "turn" => {
                        if seen_turn {
                            return Err("turn given twice".into());
                        }
                        seen_turn = true;
                        let w = words.next().ok_or("turn without a player")?;
                        pos.turn = PLAYER_NAMES
                            .iter()
                            .position(|n| *n == w)
                            .ok_or_else(|| format!("unknown player '{w}' in turn"))?;
                        if words.next().is_some() {
                            return Err("trailing words after turn".into());
                        }
                    }
                    "castling" => {
                        if seen_castling {
                            return Err("castling given twice".into());
                        }
                        seen_castling = true;
                        let cells: Vec<&str> = words.collect();
                        if cells != ["-"] {
                            for w in cells {
                                let c = parse_cell_id(w)
                                    .ok_or_else(|| format!("unknown castling cell '{w}'"))?;
                                castling_cells.push(c);
                            }
                        }
                    }
                    _ => return Err(format!("unknown field '{field}'")),
                }
            }
        }
        for p in 0..3 {
            match king_count[p] {
                0 => return Err(format!("{} has no King", PLAYER_NAMES[p])),
                1 => {}
                _ => return Err(format!("{} has more than one King", PLAYER_NAMES[p])),
            }
        }
        // Decision: a castling cell must be a Rook start cell with the
        // owner's Rook on it and the owner's King on its start cell.
        for c in castling_cells {
            let mut found = false;
            for p in 0..3 {
                for side in 0..2 {
                    let spec = &g.castles[p][side];
                    if spec.rook_from == c {
                        found = true;
                        let rook_ok = pos.board[c]
                            == Some(Piece {
                                owner: p as u8,
                                kind: Kind::Rook,
                            });
                        let king_ok = pos.kings[p] == spec.king_from;
                        if !rook_ok || !king_ok {
                            return Err(format!(
                                "castling {}: {} Rook and King not on their start cells",
                                name(c),
                                PLAYER_NAMES[p]
                            ));
                        }
                        if pos.castle[p][side] {
                            return Err(format!("castling cell {} listed twice", name(c)));
                        }
                        pos.castle[p][side] = true;
                    }
                }
            }
            if !found {
                return Err(format!("{} is not a Rook start cell", name(c)));
            }
        }
        // Decision: in Shakhmattron a King on its own Throne has already won.
        if throne {
            for p in 0..3 {
                if pos.kings[p] == g.throne[p] {
                    pos.throne_winner = Some(p);
                }
            }
        }
        Ok(pos)
    }

    /// The position in `from_text` notation (pieces in board order).
    pub fn to_text(&self) -> String {
        let mut parts = Vec::new();
        for (p, pname) in PLAYER_NAMES.iter().enumerate() {
            let mut toks = Vec::new();
            for c in 0..NCELLS {
                if let Some(pc) = self.board[c] {
                    if pc.owner as usize == p {
                        toks.push(format!("{}{}", pc.kind.letter(), name(c)));
                    }
                }
            }
            parts.push(format!("{}: {}", pname, toks.join(" ")));
        }
        parts.push(format!("turn {}", PLAYER_NAMES[self.turn]));
        let mut cells = Vec::new();
        for p in 0..3 {
            for side in 0..2 {
                if self.castle[p][side] {
                    cells.push(name(geo().castles[p][side].rook_from));
                }
            }
        }
        if !cells.is_empty() {
            parts.push(format!("castling {}", cells.join(" ")));
        }
        parts.join("; ")
    }

    pub fn to_move(&self) -> usize {
        self.turn
    }

    pub fn is_shakhmattron(&self) -> bool {
        self.throne
    }

    /// "white Q", "blue H", ... or None for an empty or unknown cell.
    pub fn piece_at(&self, cell: &str) -> Option<String> {
        let c = parse_cell_id(cell)?;
        self.board[c].map(|pc| format!("{} {}", PLAYER_NAMES[pc.owner as usize], pc.kind.letter()))
    }

    /// Is `player`'s King attacked by a piece of either opponent?
    pub fn in_check(&self, player: usize) -> bool {
        attacked(&self.board, self.kings[player], opponents(player))
    }

    /// Is `cell` attacked by a piece of `by` (0 white, 1 blue, 2 red)?
    pub fn is_attacked_by(&self, cell: &str, by: usize) -> bool {
        let c = parse_cell_id(cell).expect("unknown cell");
        let mut mask = [false; 3];
        mask[by] = true;
        attacked(&self.board, c, mask)
    }

    /// Castling rights still alive, as Rook start cells.
    pub fn castling_cells(&self) -> Vec<String> {
        let mut out = Vec::new();
        for p in 0..3 {
            for side in 0..2 {
                if self.castle[p][side] {
                    out.push(name(geo().castles[p][side].rook_from).to_string());
                }
            }
        }
        out
    }

    fn key(&self, m: &Mv) -> String {
        let mut s = format!("{}{}", name(m.from as usize), name(m.to as usize));
        if m.castle.is_some() {
            s.push_str("/castle");
        } else if let Some(k) = m.promo {
            s.push(k.letter().to_ascii_lowercase());
        }
        s
    }

    /// Can a piece of player `p` end a move on `t`? (Not on own pieces, never
    /// on any King.) Returns Some(is_capture).
    fn target_ok(&self, p: usize, t: usize) -> Option<bool> {
        match self.board[t] {
            None => Some(false),
            Some(pc) if pc.owner as usize != p && pc.kind != Kind::King => Some(true),
            _ => None,
        }
    }

    fn push_pawn(&self, out: &mut Vec<Mv>, p: usize, from: usize, to: usize, heavy: bool) {
        if geo().promo[p][to] {
            let choices: &[Kind] = if heavy {
                &[Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight]
            } else {
                &[Kind::Rook, Kind::Bishop, Kind::Knight]
            };
            for &k in choices {
                out.push(Mv {
                    from: from as u8,
                    to: to as u8,
                    promo: Some(k),
                    castle: None,
                });
            }
        } else {
            out.push(Mv {
                from: from as u8,
                to: to as u8,
                promo: None,
                castle: None,
            });
        }
    }

    fn pseudo_moves(&self, out: &mut Vec<Mv>) {
        let g = geo();
        let p = self.turn;
        let plain = |from: usize, to: usize| Mv {
            from: from as u8,
            to: to as u8,
            promo: None,
            castle: None,
        };
        for from in 0..NCELLS {
            let pc = match self.board[from] {
                Some(pc) if pc.owner as usize == p => pc,
                _ => continue,
            };
            match pc.kind {
                Kind::Light | Kind::Heavy => {
                    let heavy = pc.kind == Kind::Heavy;
                    let (moves, capts): (Steps, Steps) = if heavy {
                        (&g.heavy_moves[p], &g.heavy_capts[p])
                    } else {
                        (&g.light_moves[p], &g.light_capts[p])
                    };
                    for &d in moves {
                        if let Some(t) = step(from, d) {
                            if self.board[t].is_none() {
                                self.push_pawn(out, p, from, t, heavy);
                            }
                        }
                    }
                    for &d in capts {
                        if let Some(t) = step(from, d) {
                            if self.target_ok(p, t) == Some(true) {
                                self.push_pawn(out, p, from, t, heavy);
                            }
                        }
                    }
                }
                Kind::Knight => {
                    for &d in KNIGHT_LEAPS.iter() {
                        if let Some(t) = step(from, d) {
                            if self.target_ok(p, t).is_some() {
                                out.push(plain(from, t));
                            }
                        }
                    }
                }
                Kind::King => {
                    for &d in EDGE_DIRS.iter().chain(DIAG_DIRS.iter()) {
                        if let Some(t) = step(from, d) {
                            // Shakhmattron: never onto a foreign Throne cell,
                            // not even by capture.
                            if self.throne && g.throne.contains(&t) && g.throne[p] != t {
                                continue;
                            }
                            if self.target_ok(p, t).is_some() {
                                out.push(plain(from, t));
                            }
                        }
                    }
                }
                Kind::Rook | Kind::Bishop | Kind::Queen => {
                    let dirs: Vec<(i32, i32)> = match pc.kind {
                        Kind::Rook => EDGE_DIRS.to_vec(),
                        Kind::Bishop => DIAG_DIRS.to_vec(),
                        _ => EDGE_DIRS.iter().chain(DIAG_DIRS.iter()).copied().collect(),
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
        // Castling: both unmoved (rights alive), cells between empty, the
        // King's cell and every cell between not attacked before the move.
        // (The Rook's own cell may be attacked.) The ordinary legality test
        // after the move is applied by the caller like for any move.
        for side in 0..2 {
            if !self.castle[p][side] {
                continue;
            }
            let spec = &g.castles[p][side];
            let king_here = self.board[spec.king_from]
                == Some(Piece {
                    owner: p as u8,
                    kind: Kind::King,
                });
            let rook_here = self.board[spec.rook_from]
                == Some(Piece {
                    owner: p as u8,
                    kind: Kind::Rook,
                });
            if !king_here || !rook_here {
                continue;
            }
            if spec.between.iter().any(|&c| self.board[c].is_some()) {
                continue;
            }
            let by = opponents(p);
            if attacked(&self.board, spec.king_from, by)
                || spec.between.iter().any(|&c| attacked(&self.board, c, by))
            {
                continue;
            }
            out.push(Mv {
                from: spec.king_from as u8,
                to: spec.king_to as u8,
                promo: None,
                castle: Some(side as u8),
            });
        }
    }

    /// Apply a (pseudo-legal) move without any checking; the turn passes on.
    fn apply(&mut self, m: &Mv) {
        let g = geo();
        let p = self.turn;
        let from = m.from as usize;
        let to = m.to as usize;
        let mut moved = self.board[from].take().expect("no piece on from cell");
        if let Some(k) = m.promo {
            moved.kind = k;
        }
        self.board[to] = Some(moved);
        let mut touched = vec![from, to];
        if let Some(side) = m.castle {
            let spec = &g.castles[p][side as usize];
            let rook = self.board[spec.rook_from].take().expect("castling rook");
            self.board[spec.rook_to] = Some(rook);
            touched.push(spec.rook_from);
            touched.push(spec.rook_to);
        }
        if moved.kind == Kind::King {
            self.kings[p] = to;
            if self.throne && to == g.throne[p] {
                self.throne_winner = Some(p);
            }
        }
        // Rights are lost once anything moves from or to the King's or that
        // Rook's start cell.
        for q in 0..3 {
            for side in 0..2 {
                let spec = &g.castles[q][side];
                if touched
                    .iter()
                    .any(|&c| c == spec.king_from || c == spec.rook_from)
                {
                    self.castle[q][side] = false;
                }
            }
        }
        self.turn = (p + 1) % 3;
    }

    fn legal(&self) -> Vec<Mv> {
        if self.throne_winner.is_some() {
            return Vec::new();
        }
        let mut pseudo = Vec::with_capacity(64);
        self.pseudo_moves(&mut pseudo);
        let p = self.turn;
        pseudo
            .into_iter()
            .filter(|m| {
                let mut next = self.clone();
                next.apply(m);
                !attacked(&next.board, next.kings[p], opponents(p))
            })
            .collect()
    }

    /// Sorted keys of the legal moves; empty once the game is over.
    pub fn legal_moves(&self) -> Vec<String> {
        let mut keys: Vec<String> = self.legal().iter().map(|m| self.key(m)).collect();
        keys.sort();
        keys
    }

    pub fn play(&mut self, key: &str) -> Result<(), String> {
        let moves = self.legal();
        match moves.iter().find(|m| self.key(m) == key) {
            Some(m) => {
                let m = *m;
                self.apply(&m);
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
            out.insert(self.key(m), next.perft(depth - 1));
        }
        out
    }

    /// None while the game goes on.
    pub fn outcome(&self) -> Option<RefOutcome> {
        if let Some(w) = self.throne_winner {
            let mut scores = [0.0; 3];
            scores[w] = 3.0;
            return Some(RefOutcome {
                end: RefEnd::Throne,
                winner: Some(w),
                scores,
            });
        }
        if !self.legal().is_empty() {
            return None;
        }
        let p = self.turn;
        if !self.in_check(p) {
            return Some(RefOutcome {
                end: RefEnd::Stalemate,
                winner: None,
                scores: [1.0; 3],
            });
        }
        // Mate: of the opponents whose pieces attack the King, the one who
        // moved most recently wins. The player before `p` in turn order moved
        // last, the one before him earlier.
        let last = (p + 2) % 3;
        let earlier = (p + 1) % 3;
        let mut mask = [false; 3];
        mask[last] = true;
        let winner = if attacked(&self.board, self.kings[p], mask) {
            last
        } else {
            earlier
        };
        let mut scores = [0.0; 3];
        scores[winner] = 3.0;
        Some(RefOutcome {
            end: RefEnd::Mate,
            winner: Some(winner),
            scores,
        })
    }
}
