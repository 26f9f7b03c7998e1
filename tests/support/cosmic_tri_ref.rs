//! Independent, deliberately simple reference move generator (a test oracle)
//! for the two triangular-board Cosmic chess games of `docs/COSMIC.md`:
//! `tri-2p` (two players on the hexagon of triangles of side 4, 96 cells)
//! and `tri-3p` (three players on the big triangle of side 11 standing on its
//! point, 121 cells).
//!
//! Written from `docs/COSMIC.md` ("Triangular boards: the definition", "The
//! triangle games", and for the common rules "The army", "Figurants", "Free
//! castling", "Two players", "More than two players", "Figurants on every
//! board"), the rules digest `../shared/rules/cosmic.md` and the brief of
//! this oracle; modelled on `tests/support/cosmic_hex_ref.rs` (same API,
//! move keys, position text, several-player rules and Decisions, adapted to
//! triangles). No code of the engine (`compiler/`, `runtime/`, `src/`,
//! `stdlib/`) was read. It favours obviousness over speed: legality is
//! checked by making the move on a copy and asking whether any piece of a
//! player still in play (other than the mover) attacks the mover's King.
//!
//! This file is the board's geometry and its board-specific rules (how the
//! pieces move and attack, en passant, castling, cell names); what every
//! Cosmic board shares (the pieces, turn order, pass and out, legality by
//! playing, perft, the end, the general notation) is `cosmic_core.rs`,
//! reached through `CosmicRules` (which a caller brings into scope).
//!
//! Coordinates: cell `(x, y)`, column `x`, row `y` (0 at the bottom); name =
//! file letter `a + x` (all 26 letters, `j` included) and rank `y + 1`.
//! - tri-2p: rows 0..7; row `y < 4` has columns `3-y ..= 11+y`, row `y >= 4`
//!   columns `3-(7-y) ..= 11+(7-y)`; a cell points up when `x + y` is even.
//! - tri-3p: rows 0..10; row `y` has columns `10-y ..= 10+y`; a cell points
//!   up when `x + y` is odd.
//!
//! Geometry (docs/COSMIC.md): edge neighbours: up: left `(x-1,y)`, right
//! `(x+1,y)`, below `(x,y-1)`; down: left, right, above `(x,y+1)`. The six
//! strip directions, counter-clockwise from east, `k = 0..5`: 0 E (right at
//! every step), 1 NE (up: right, down: above), 2 NW (up: left, down: above),
//! 3 W (left), 4 SW (up: below, down: left), 5 SE (up: below, down: right).
//! Diagonal steps, same order: `(2,0) (1,1) (-1,1) (-2,0) (-1,-1) (1,-1)`;
//! the k-th is the second cell of strip k (true for either colour), so the
//! directions of both kinds point the same way for every `k`, 60 degrees
//! apart. Knight: up `(±3,0) (±2,1) (±1,-2)`, down `(±3,0) (±2,-1) (±1,2)`
//! (the third cell of each strip).
//!
//! Frames: player p's frame is White's turned counter-clockwise by `60 *
//! rot[p]` degrees about the board's centre; a local direction `k` becomes
//! board direction `k + rot[p]`. tri-2p: white 0, black 3 (the half turn
//! about the centre vertex, `(x, y) -> (14-x, 7-y)`, which swaps up and
//! down). tri-3p: white 0, red 2, black 4, about the centre of k8 (an up
//! triangle, the centroid of the board). The turning is computed with real
//! centroids (side 1, row height √3/2; cell `(x, y)` spans `x/2 ..= x/2 + 1`
//! horizontally, centroid at height `y + 1/3` (up) or `y + 2/3` (down)) and
//! rounded back to a cell; every turned cell is checked to be a board cell
//! of the right colour.
//!
//! White's regions (local): tri-2p own half rows 0..3, far row d8 e8 f8 g8
//! (`y = 7, x = 3..6`), no next-to-last promotion (96 cells); tri-3p own half
//! rows 0..4 (the triangle of side 5 at its corner), far row rank 11,
//! next-to-last rank 10 (121 cells). Figurants (White): quiet along the
//! strips NE and NW, pawn captures on the diagonal cells `(x±1, y+1)`, dog
//! captures on the first cells of the strips NE and NW (up: left and right;
//! down: above).
//!
//! Move keys (as cosmic_hex_ref.rs): `<from><to>` (`e2e3`); a promotion
//! appends `=` and the new piece's letter (`g7g8=Q`); an optional
//! promotion's non-promoting move is the plain key; an en-passant capture
//! appends `/ep` (with a promotion `<from><to>=X/ep`); a castling is `<king
//! from><king to>/castle/<partner from>`; the forced moves of three players
//! are `pass` and `out`.
//!
//! Position text (general notation, as cosmic_hex_ref.rs): `white: Kg1 Rd1
//! ...; black: ...; turn white; moved g1; ep e3,e4 victim f4; passed red;
//! out black`. Cell order (`all_cells`, `to_text`): by rank 1.., each by
//! rising file.
//!
//! Decisions (the hex reference's, numbered as there, adapted; T1..T8 are
//! new for triangles):
//! 1. No move ever captures or lands on a King, in play or out (two players
//!    too: a King is never capturable; a mated player simply has no move).
//! 2. A frozen (out) King blocks the Bird's quiet flights along its 12 lines
//!    (6 strips, 6 diagonal lines): the Bird neither lands on it nor flies
//!    past it on that line. Other pieces never block the Bird. A diagonal
//!    line visits only the cells it lands on (a frozen King on a cell a
//!    diagonal step passes between blocks nothing). Leaps (Knight, Dragon's
//!    knight part, Medusa's and Fish's leaps, the Bird's knight leap) jump
//!    over a frozen King like over any piece.
//! 3. No flank rule on triangles.
//! 4. En passant: the passed cells are the cells strictly between start and
//!    end of the long move along the one strip it used; the capturer lands on
//!    a passed cell and the figurant that moved is removed. The right lasts
//!    exactly one move of whoever moves next (the next player in play); a
//!    `pass` or `out` ends it. An en-passant capture ending on a promotion
//!    row promotes as any figurant move. A Bird that could also fly quietly
//!    onto the passed cell has both moves (`xy` and `xy/ep`). A long move is
//!    a quiet move of two or more cells; a capture never is (a pawn capture
//!    `(x±1, y+1)` lands where a two-cell quiet move would, but is a capture).
//! 5. Castling keys always name the partner. The partner is the first piece
//!    along one of the King's 6 strip directions, every cell between empty.
//!    Rook/Bird: the King goes 1..=d cells along the strip (d = distance);
//!    Fish/Teacher: d-1 (if >= 1) or d; the partner lands on the strip cell
//!    before the King's (the King's start when the King went one cell). Two
//!    strip directions share their first cell, so an adjacent partner is found
//!    twice: it is one move (the swap). Never along diagonal lines.
//! 6. `moved CELLS` as the hex reference (only a King on its start cell
//!    needs it; to_text lists only such Kings that have moved).
//! 7. `pass` and `out` (three players) are moves: perft counts one node
//!    each. `passed` is cleared by the player's next real move or by `out`.
//!    A passed player meeting two left in play and still no move ends the
//!    game (mate or stalemate), not by `out`.
//! 8. `outcome()`: one left in play wins; with two in play (always, in
//!    tri-2p) no legal move is mate (the other wins) or stalemate (a draw of
//!    the two). Repetition and the move rule are not modelled (as in both
//!    other references; `clocks` is accepted and ignored). Scores: win 1,
//!    draw 1 shared by the players in play, players out 0.
//! 9. `from_text`: any of the 13 kinds in either game; figurants anywhere
//!    (a figurant on its far row moves on and promotes again if a move ends
//!    on the far row); exactly one King per player; `turn` defaults to white
//!    and must be in play; not both passed and out; `passed`/`out` only in
//!    tri-3p (as the square ref's two-player games). `ep CELLS victim CELL`: the victim a
//!    figurant of the previous player in play on its own half, the cells
//!    exactly the 1+ empty cells straight behind it along one of that
//!    player's two forward strips, the long move's start on the board.
//!    `castling ...`, `clocks N M` accepted and ignored.
//! 10. The game is over (no legal moves) once `outcome()` is Some.
//! 11. `divide(0)` is empty; `perft(0)` is 1; `play_all` is atomic.
//! 12. Every move is generated once: a cell reached in two ways (a Rook's
//!     two strips sharing their first cell, a Queen's strip and diagonal
//!     line meeting on every second strip cell, a Snake's paths, the Bird's
//!     knight leap onto its own strip flight, a figurant's single step from a
//!     cell whose two forward strips share their first cell) is one move.
//! 13. "The pieces of the game" and "a game where pawns also play" are read
//!     off the setup: tri-2p pawns promote to R S B Q T N, dogs to N B S;
//!     tri-3p pawns to R Q N F D W M, dogs to N F W on the far row; on the
//!     next-to-last row (optional) pawns to N F W, dogs to N.
//! 14. Figurants' quiet moves run along each forward strip separately: the
//!     first cell always, each further cell only while it lies on the own
//!     half. tri-2p's far row is only d8..g8 (White) / i1..l1 (Black): a
//!     figurant reaching another cell of the last rank does not promote; it
//!     moves on only by single steps that stay on the board (White on h8, j8,
//!     l8 (up) sideways along rank 8, on e8, g8, i8, k8 (down) not at all).
//! 15. Check (attack) of figurants is their capture cells only; of the Bird
//!     its 6 diagonal neighbours only.
//!
//! Decisions for triangles:
//!
//! - T1: The Snake's 12 paths: axis k (a strip direction), side s = ±1; the
//!   diagonal steps are D(k+s), D(k-s), D(k-s), D(k+s), repeated (for k = 0,
//!   s = +1 the brief's (+1,+1) (+1,-1) (+1,-1) (+1,+1)). These are the
//!   images of that path under the 12 symmetries of the same-coloured
//!   centroid lattice (diagonal steps are the same vectors from up and down
//!   cells). A path is blocked only by the cells it lands on.
//! - T2: Teacher: a ride of at most 2 cells along each strip and each diagonal
//!   line (the strip's second cell, i.e. the first diagonal cell, is thus
//!   reached either over an empty first strip cell or directly by the
//!   diagonal step, which nothing blocks; one move).
//! - T3: Fish: its "second cell of a strip" is taken as a leap (it equals the
//!   first diagonal cell, never blocked); Medusa's third strip cell is the
//!   Knight's leap.
//! - T4: Knight, Medusa, Fish leaps are offsets (both boards are convex, so the
//!   strip cells between are on the board anyway).
//! - T5: Dogs capture on the first cells of their two forward strips only
//!   (up: left and right; down: above, for White): no edge neighbour of a
//!   triangle is level.
//! - T6: In tri-3p a figurant outside its own half (the middle region or an
//!   enemy's half) moves one cell per move; there is no separate "middle
//!   row".
//! - T7: Promotion choices appear in setup order (R S B Q T N / R Q N F D W M)
//!   but `legal_moves` is sorted anyway.
//! - T8: The Bird's en passant uses its 6 diagonal neighbours; a pawn's its two
//!   forward diagonal cells; a dog's its forward edge cells.
#![allow(dead_code)]
#![allow(clippy::needless_range_loop)]

// The shared names a caller of this board uses (not every test binary uses
// each).
use super::cosmic_core::Mv as CoreMv;
use super::cosmic_core::{
    castlings_along, previous_in_play, Forced, MvKind, Notation, Piece, Text,
};
#[allow(unused_imports)]
pub use super::cosmic_core::{CosmicRules, Kind, RefEnd, RefOutcome, ALL_KINDS};
use std::sync::OnceLock;

// ---------------------------------------------------------------------------
// Pieces and games
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Variant {
    Tri2p,
    Tri3p,
}

pub const MAX_CELLS: usize = 121;
pub const MAX_PLAYERS: usize = 3;
/// Grid used for the (x, y) -> cell index table.
const GW: i32 = 21;
const GH: i32 = 11;

type V2 = (i32, i32);

/// Strip direction names, k = 0..5 counter-clockwise from east.
pub const STRIP_NAMES: [&str; 6] = ["E", "NE", "NW", "W", "SW", "SE"];

/// The diagonal steps, in the order of the strip directions.
pub const DIAG: [V2; 6] = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)];

/// The first step of strip direction k from an up or a down triangle.
pub fn strip_offset(up: bool, k: usize) -> V2 {
    match (k % 6, up) {
        (0, _) => (1, 0),
        (1, true) => (1, 0),
        (1, false) => (0, 1),
        (2, true) => (-1, 0),
        (2, false) => (0, 1),
        (3, _) => (-1, 0),
        (4, true) => (0, -1),
        (4, false) => (-1, 0),
        (5, true) => (0, -1),
        (5, false) => (1, 0),
        _ => unreachable!(),
    }
}

/// Knight leaps from an up / a down triangle (docs/COSMIC.md).
pub const KNIGHT_UP: [V2; 6] = [(3, 0), (-3, 0), (2, 1), (-2, 1), (1, -2), (-1, -2)];
pub const KNIGHT_DOWN: [V2; 6] = [(3, 0), (-3, 0), (2, -1), (-2, -1), (1, 2), (-1, 2)];

/// The 12 Snake paths (T1): (axis k, first step index, other step index).
/// Steps run first, other, other, first, first, other, other, first, ...
pub fn snake_paths() -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    for k in 0..6 {
        out.push((k, (k + 1) % 6, (k + 5) % 6));
        out.push((k, (k + 5) % 6, (k + 1) % 6));
    }
    out
}
const SNAKE_PATTERN: [bool; 4] = [true, false, false, true];

fn row_range(v: Variant, y: i32) -> Option<(i32, i32)> {
    match v {
        Variant::Tri2p => {
            if !(0..=7).contains(&y) {
                None
            } else if y < 4 {
                Some((3 - y, 11 + y))
            } else {
                Some((3 - (7 - y), 11 + (7 - y)))
            }
        }
        Variant::Tri3p => {
            if !(0..=10).contains(&y) {
                None
            } else {
                Some((10 - y, 10 + y))
            }
        }
    }
}

fn on_board(v: Variant, x: i32, y: i32) -> bool {
    match row_range(v, y) {
        Some((lo, hi)) => x >= lo && x <= hi,
        None => false,
    }
}

fn up_at(v: Variant, x: i32, y: i32) -> bool {
    match v {
        Variant::Tri2p => (x + y).rem_euclid(2) == 0,
        Variant::Tri3p => (x + y).rem_euclid(2) == 1,
    }
}

const H: f64 = 0.866_025_403_784_438_6; // sqrt(3) / 2

/// Real centroid of a cell (side 1).
fn centroid(v: Variant, x: i32, y: i32) -> (f64, f64) {
    let fy = if up_at(v, x, y) { 1.0 / 3.0 } else { 2.0 / 3.0 };
    ((x as f64 + 1.0) / 2.0, (y as f64 + fy) * H)
}

/// The centre the players' frames turn about.
fn centre(v: Variant) -> (f64, f64) {
    match v {
        // The centre vertex of the hexagon: X = 4, on the line between rows
        // 3 and 4.
        Variant::Tri2p => (4.0, 4.0 * H),
        // The centroid of k8 (10, 7), an up triangle.
        Variant::Tri3p => centroid(v, 10, 7),
    }
}

/// The cell (x, y) turned counter-clockwise by 60 * k degrees about the
/// centre, if that lands on a board cell (it always does for the games'
/// turns: checked when the game is built).
fn turn_xy(v: Variant, x: i32, y: i32, k: usize) -> Option<V2> {
    let (px, py) = centroid(v, x, y);
    let (cx, cy) = centre(v);
    let a = std::f64::consts::PI / 3.0 * (k % 6) as f64;
    let (dx, dy) = (px - cx, py - cy);
    let rx = cx + dx * a.cos() - dy * a.sin();
    let ry = cy + dx * a.sin() + dy * a.cos();
    let ty = (ry / H).floor() as i32;
    let tx = (2.0 * rx - 1.0).round() as i32;
    if !on_board(v, tx, ty) {
        return None;
    }
    let (qx, qy) = centroid(v, tx, ty);
    if (qx - rx).abs() > 1e-6 || (qy - ry).abs() > 1e-6 {
        return None;
    }
    Some((tx, ty))
}

fn coord_name(x: i32, y: i32) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

fn parse_coord(v: Variant, s: &str) -> Option<V2> {
    let mut chars = s.chars();
    let f = chars.next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let x = (f as u8 - b'a') as i32;
    let digits = chars.as_str();
    if digits.is_empty()
        || digits.len() > 2
        || !digits.bytes().all(|b| b.is_ascii_digit())
        || digits.starts_with('0')
    {
        return None;
    }
    let y: i32 = digits.parse::<i32>().ok()? - 1;
    if on_board(v, x, y) {
        Some((x, y))
    } else {
        None
    }
}

struct Game {
    v: Variant,
    np: usize,
    names: &'static [&'static str],
    n: usize,
    coords: Vec<V2>,
    up: Vec<bool>,
    index: Vec<Option<usize>>,
    /// 60-degree turns of player p's frame.
    rot: Vec<usize>,
    /// turned[p][local cell] = board cell.
    turned: Vec<Vec<usize>>,
    /// local[p][board cell] = local (White-frame) cell.
    local: Vec<Vec<usize>>,
    setup: Vec<(usize, Kind, usize)>,
    king_start: Vec<usize>,
    /// The setup's kinds except King and figurants, setup order.
    pieces: Vec<Kind>,
    has_pawns: bool,
}

/// White's setups (brief / docs/COSMIC.md).
const SETUP_2P: &str = "Rd1 Se1 Bf1 Kg1 Qh1 Bi1 Tj1 Nk1 Rl1 \
     Pc2 Pd2 He2 Hf2 Hg2 Hh2 Hi2 Hj2 Hk2 Pl2 Pm2";
const SETUP_3P: &str = "Kk1 Rj2 Qk2 Rl2 Ni3 Fj3 Dk3 Wl3 Mm3 \
     Ph4 Hi4 Hj4 Hk4 Hl4 Hm4 Pn4";

const NAMES_2: [&str; 2] = ["white", "black"];
const NAMES_3: [&str; 3] = ["white", "red", "black"];

fn build_game(v: Variant) -> Game {
    let mut coords = Vec::new();
    let rows = match v {
        Variant::Tri2p => 8,
        Variant::Tri3p => 11,
    };
    for y in 0..rows {
        let (lo, hi) = row_range(v, y).unwrap();
        for x in lo..=hi {
            coords.push((x, y));
        }
    }
    let n = coords.len();
    let mut index = vec![None; (GW * GH) as usize];
    for (i, &(x, y)) in coords.iter().enumerate() {
        index[(y * GW + x) as usize] = Some(i);
    }
    let up: Vec<bool> = coords.iter().map(|&(x, y)| up_at(v, x, y)).collect();
    let (np, names, rot, text): (usize, &'static [&'static str], Vec<usize>, &str) = match v {
        Variant::Tri2p => (2, &NAMES_2, vec![0, 3], SETUP_2P),
        Variant::Tri3p => (3, &NAMES_3, vec![0, 2, 4], SETUP_3P),
    };
    let mut turned = Vec::new();
    let mut local = Vec::new();
    for p in 0..np {
        let mut t = vec![usize::MAX; n];
        let mut l = vec![usize::MAX; n];
        for c in 0..n {
            let (x, y) = coords[c];
            let (tx, ty) = turn_xy(v, x, y, rot[p]).expect("turned cell off the board");
            let tc = index[(ty * GW + tx) as usize].unwrap();
            t[c] = tc;
            assert_eq!(l[tc], usize::MAX, "turn not one-to-one");
            l[tc] = c;
        }
        turned.push(t);
        local.push(l);
    }
    let mut g = Game {
        v,
        np,
        names,
        n,
        coords,
        up,
        index,
        rot,
        turned,
        local,
        setup: Vec::new(),
        king_start: vec![0; np],
        pieces: Vec::new(),
        has_pawns: false,
    };
    for tok in text.split_whitespace() {
        let kind = Kind::from_letter(tok.chars().next().unwrap()).unwrap();
        let lc = g.parse_cell(&tok[1..]).expect("setup cell");
        if kind == Kind::Pawn {
            g.has_pawns = true;
        }
        if !kind.is_figurant() && kind != Kind::King && !g.pieces.contains(&kind) {
            g.pieces.push(kind);
        }
        for p in 0..np {
            let c = g.turned[p][lc];
            g.setup.push((p, kind, c));
            if kind == Kind::King {
                g.king_start[p] = c;
            }
        }
    }
    g
}

fn game(v: Variant) -> &'static Game {
    static G2: OnceLock<Game> = OnceLock::new();
    static G3: OnceLock<Game> = OnceLock::new();
    match v {
        Variant::Tri2p => G2.get_or_init(|| build_game(v)),
        Variant::Tri3p => G3.get_or_init(|| build_game(v)),
    }
}

impl Game {
    fn cell(&self, x: i32, y: i32) -> Option<usize> {
        if on_board(self.v, x, y) {
            self.index[(y * GW + x) as usize]
        } else {
            None
        }
    }
    fn offset(&self, c: usize, d: V2) -> Option<usize> {
        let (x, y) = self.coords[c];
        self.cell(x + d.0, y + d.1)
    }
    /// One step along strip direction k.
    fn strip(&self, c: usize, k: usize) -> Option<usize> {
        self.offset(c, strip_offset(self.up[c], k))
    }
    /// n diagonal steps along direction k (a leap: nothing between matters).
    fn diag(&self, c: usize, k: usize, n: i32) -> Option<usize> {
        let d = DIAG[k % 6];
        self.offset(c, (d.0 * n, d.1 * n))
    }
    fn edge_neighbours(&self, c: usize) -> Vec<usize> {
        let offs: [V2; 3] = if self.up[c] {
            [(-1, 0), (1, 0), (0, -1)]
        } else {
            [(-1, 0), (1, 0), (0, 1)]
        };
        offs.iter().filter_map(|&d| self.offset(c, d)).collect()
    }
    fn knight_cells(&self, c: usize) -> Vec<usize> {
        let offs = if self.up[c] { KNIGHT_UP } else { KNIGHT_DOWN };
        offs.iter().filter_map(|&d| self.offset(c, d)).collect()
    }
    fn name(&self, c: usize) -> String {
        let (x, y) = self.coords[c];
        coord_name(x, y)
    }
    fn parse_cell(&self, s: &str) -> Option<usize> {
        let (x, y) = parse_coord(self.v, s)?;
        self.cell(x, y)
    }
    /// Player p's local direction k as a board direction.
    fn dir(&self, p: usize, k: usize) -> usize {
        (k + self.rot[p]) % 6
    }
    /// The two forward strips of player p (local NE and NW).
    fn forward(&self, p: usize) -> [usize; 2] {
        [self.dir(p, 1), self.dir(p, 2)]
    }
    fn local_xy(&self, p: usize, c: usize) -> V2 {
        self.coords[self.local[p][c]]
    }
    fn own_half(&self, p: usize, c: usize) -> bool {
        let (_, y) = self.local_xy(p, c);
        match self.v {
            Variant::Tri2p => y <= 3,
            Variant::Tri3p => y <= 4,
        }
    }
    fn far_row(&self, p: usize, c: usize) -> bool {
        let (x, y) = self.local_xy(p, c);
        match self.v {
            Variant::Tri2p => y == 7 && (3..=6).contains(&x),
            Variant::Tri3p => y == 10,
        }
    }
    fn next_to_last(&self, p: usize, c: usize) -> bool {
        let (_, y) = self.local_xy(p, c);
        match self.v {
            Variant::Tri2p => false,
            Variant::Tri3p => y == 9,
        }
    }
    /// The cells a figurant of p captures on (and attacks).
    fn figurant_caps(&self, p: usize, kind: Kind, c: usize) -> Vec<usize> {
        let mut out: Vec<usize> = match kind {
            Kind::Pawn => self
                .forward(p)
                .iter()
                .filter_map(|&k| self.diag(c, k, 1))
                .collect(),
            _ => self
                .forward(p)
                .iter()
                .filter_map(|&k| self.strip(c, k))
                .collect(),
        };
        out.sort();
        out.dedup();
        out
    }
    fn player(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| *n == name)
    }
}

// Public helpers ------------------------------------------------------------

pub fn all_cells(v: Variant) -> Vec<String> {
    let g = game(v);
    (0..g.n).map(|c| g.name(c)).collect()
}

pub fn cell_count(v: Variant) -> usize {
    game(v).n
}

pub fn cell_xy(v: Variant, cell: &str) -> Option<(i32, i32)> {
    parse_coord(v, cell)
}

pub fn cell_name(v: Variant, x: i32, y: i32) -> Option<String> {
    if on_board(v, x, y) {
        Some(coord_name(x, y))
    } else {
        None
    }
}

/// Does the cell point up?
pub fn is_up(v: Variant, cell: &str) -> bool {
    let (x, y) = parse_coord(v, cell).expect("unknown cell");
    up_at(v, x, y)
}

/// The cell turned counter-clockwise by 60 * k degrees about the board's
/// centre (tri-2p: only k = 0, 3 are board symmetries; tri-3p: 0, 2, 4).
pub fn turn_cell(v: Variant, cell: &str, k: usize) -> Option<String> {
    let (x, y) = parse_coord(v, cell)?;
    turn_xy(v, x, y, k).map(|(a, b)| coord_name(a, b))
}

/// One step along strip direction k (0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE).
pub fn strip_step(v: Variant, cell: &str, k: usize) -> Option<String> {
    let g = game(v);
    let c = g.parse_cell(cell)?;
    g.strip(c, k).map(|t| g.name(t))
}

pub fn player_names(v: Variant) -> &'static [&'static str] {
    game(v).names
}

pub fn game_pieces(v: Variant) -> Vec<Kind> {
    game(v).pieces.clone()
}

pub fn king_start(v: Variant, p: usize) -> String {
    let g = game(v);
    g.name(g.king_start[p])
}

pub fn is_own_half(v: Variant, p: usize, cell: &str) -> bool {
    let g = game(v);
    g.own_half(p, g.parse_cell(cell).expect("unknown cell"))
}
pub fn is_far_row(v: Variant, p: usize, cell: &str) -> bool {
    let g = game(v);
    g.far_row(p, g.parse_cell(cell).expect("unknown cell"))
}
pub fn is_next_to_last(v: Variant, p: usize, cell: &str) -> bool {
    let g = game(v);
    g.next_to_last(p, g.parse_cell(cell).expect("unknown cell"))
}

// ---------------------------------------------------------------------------
// Positions and moves
// ---------------------------------------------------------------------------

/// A move on this board (`cosmic_core::Mv` with its pieces).
pub type Mv = CoreMv<Kind>;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Ep {
    victim: u8,
    cells: [u8; 16],
    n: u8,
}

impl Ep {
    fn cells(&self) -> &[u8] {
        &self.cells[..self.n as usize]
    }
}

#[derive(Clone)]
pub struct RefPos {
    v: Variant,
    board: [Option<Piece>; MAX_CELLS],
    kings: [usize; MAX_PLAYERS],
    king_moved: [bool; MAX_PLAYERS],
    turn: usize,
    ep: Option<Ep>,
    passed: [bool; MAX_PLAYERS],
    out: [bool; MAX_PLAYERS],
}

impl RefPos {
    fn g(&self) -> &'static Game {
        game(self.v)
    }

    fn empty(v: Variant) -> RefPos {
        RefPos {
            v,
            board: [None; MAX_CELLS],
            kings: [0; MAX_PLAYERS],
            king_moved: [false; MAX_PLAYERS],
            turn: 0,
            ep: None,
            passed: [false; MAX_PLAYERS],
            out: [false; MAX_PLAYERS],
        }
    }

    pub fn start(v: Variant) -> RefPos {
        let g = game(v);
        let mut pos = RefPos::empty(v);
        for &(p, kind, c) in g.setup.iter() {
            assert!(pos.board[c].is_none(), "setup overlap on {}", g.name(c));
            pos.board[c] = Some(Piece {
                owner: p as u8,
                kind,
            });
            if kind == Kind::King {
                pos.kings[p] = c;
            }
        }
        pos
    }

    pub fn variant(&self) -> Variant {
        self.v
    }
    pub fn king_has_moved(&self, p: usize) -> bool {
        self.king_moved[p]
    }
    /// "white Q", "red H", ... or None.
    pub fn piece_at(&self, cell: &str) -> Option<String> {
        let g = self.g();
        let c = g.parse_cell(cell)?;
        self.board[c].map(|pc| format!("{} {}", g.names[pc.owner as usize], pc.kind.letter()))
    }

    pub fn piece_count(&self, p: usize) -> usize {
        self.board
            .iter()
            .filter(|pc| matches!(pc, Some(pc) if pc.owner as usize == p))
            .count()
    }

    pub fn ep_cells(&self) -> Option<(Vec<String>, String)> {
        let g = self.g();
        self.ep.map(|e| {
            (
                e.cells().iter().map(|&c| g.name(c as usize)).collect(),
                g.name(e.victim as usize),
            )
        })
    }

    // -- reach of the pieces -------------------------------------------------

    /// Cells along strip k from `from`, at most `max`, up to and including
    /// the first occupied cell.
    fn strip_ride(&self, from: usize, k: usize, max: usize, out: &mut Vec<usize>) {
        let g = self.g();
        let mut cur = from;
        for _ in 0..max {
            match g.strip(cur, k) {
                None => return,
                Some(t) => {
                    out.push(t);
                    if self.board[t].is_some() {
                        return;
                    }
                    cur = t;
                }
            }
        }
    }

    /// Cells along diagonal line k (landing cells only), at most `max`, up
    /// to and including the first occupied landing cell.
    fn diag_ride(&self, from: usize, k: usize, max: usize, out: &mut Vec<usize>) {
        let g = self.g();
        let mut cur = from;
        for _ in 0..max {
            match g.diag(cur, k, 1) {
                None => return,
                Some(t) => {
                    out.push(t);
                    if self.board[t].is_some() {
                        return;
                    }
                    cur = t;
                }
            }
        }
    }

    fn snake_cells(&self, from: usize, out: &mut Vec<usize>) {
        let g = self.g();
        for (_axis, first, other) in snake_paths() {
            let mut cur = from;
            let mut i = 0;
            loop {
                let k = if SNAKE_PATTERN[i % 4] { first } else { other };
                match g.diag(cur, k, 1) {
                    None => break,
                    Some(t) => {
                        out.push(t);
                        if self.board[t].is_some() {
                            break;
                        }
                        cur = t;
                        i += 1;
                    }
                }
            }
        }
    }

    /// The cells the piece on `from` attacks (could capture on, whatever
    /// stands there). For every piece but the Bird and the figurants these
    /// are also its moves (onto empty or enemy cells). Sorted, deduplicated.
    fn attack_cells(&self, from: usize) -> Vec<usize> {
        let g = self.g();
        let pc = self.board[from].expect("empty cell");
        let mut out = Vec::new();
        let all = usize::MAX;
        let king = |out: &mut Vec<usize>| {
            out.extend(g.edge_neighbours(from));
            for k in 0..6 {
                out.extend(g.diag(from, k, 1));
            }
        };
        match pc.kind {
            Kind::King => king(&mut out),
            Kind::Queen => {
                for k in 0..6 {
                    self.strip_ride(from, k, all, &mut out);
                    self.diag_ride(from, k, all, &mut out);
                }
            }
            Kind::Rook => {
                for k in 0..6 {
                    self.strip_ride(from, k, all, &mut out);
                }
            }
            Kind::Bishop => {
                for k in 0..6 {
                    self.diag_ride(from, k, all, &mut out);
                }
            }
            Kind::Knight => out.extend(g.knight_cells(from)),
            Kind::Dragon => {
                out.extend(g.knight_cells(from));
                for k in 0..6 {
                    self.diag_ride(from, k, all, &mut out);
                }
            }
            Kind::Medusa => {
                king(&mut out);
                out.extend(g.knight_cells(from));
                for k in 0..6 {
                    out.extend(g.diag(from, k, 3));
                }
            }
            Kind::Fish => {
                out.extend(g.edge_neighbours(from));
                for k in 0..6 {
                    out.extend(g.diag(from, k, 1));
                    out.extend(g.diag(from, k, 2));
                }
            }
            Kind::Teacher => {
                for k in 0..6 {
                    self.strip_ride(from, k, 2, &mut out);
                    self.diag_ride(from, k, 2, &mut out);
                }
            }
            Kind::Bird => {
                for k in 0..6 {
                    out.extend(g.diag(from, k, 1));
                }
            }
            Kind::Snake => self.snake_cells(from, &mut out),
            Kind::Pawn | Kind::Dog => out = g.figurant_caps(pc.owner as usize, pc.kind, from),
        }
        out.sort();
        out.dedup();
        out
    }

    fn enemies(&self, p: usize) -> [bool; MAX_PLAYERS] {
        let mut m = [false; MAX_PLAYERS];
        for q in 0..self.g().np {
            m[q] = q != p && !self.out[q];
        }
        m
    }

    /// Is `t` attacked by a piece of a player with `by[player]`, in play?
    fn attacked(&self, t: usize, by: [bool; MAX_PLAYERS]) -> bool {
        let g = self.g();
        for from in 0..g.n {
            if let Some(pc) = self.board[from] {
                let o = pc.owner as usize;
                if by[o] && !self.out[o] && self.attack_cells(from).contains(&t) {
                    return true;
                }
            }
        }
        false
    }

    pub fn is_attacked_by(&self, cell: &str, by: usize) -> bool {
        let c = self.g().parse_cell(cell).expect("unknown cell");
        let mut m = [false; MAX_PLAYERS];
        m[by] = true;
        self.attacked(c, m)
    }

    fn is_frozen_king(&self, c: usize) -> bool {
        matches!(self.board[c], Some(pc) if pc.kind == Kind::King && self.out[pc.owner as usize])
    }

    /// Some(false) empty, Some(true) capturable, None not allowed (own
    /// piece or any King, Decision 1).
    fn target(&self, p: usize, t: usize) -> Option<bool> {
        match self.board[t] {
            None => Some(false),
            Some(pc) if pc.owner as usize != p && pc.kind != Kind::King => Some(true),
            _ => None,
        }
    }

    /// A figurant move with its promotion choices (Decision 13).
    fn push_figurant(&self, out: &mut Vec<Mv>, kind: Kind, from: usize, to: usize, mk: MvKind) {
        let g = self.g();
        let p = self.turn;
        let mut add = |promo: Option<Kind>| {
            out.push(Mv {
                from: from as u8,
                to: to as u8,
                promo,
                kind: mk,
            })
        };
        let of_game = |list: &[Kind]| -> Vec<Kind> {
            list.iter()
                .copied()
                .filter(|k| g.pieces.contains(k))
                .collect()
        };
        if g.far_row(p, to) {
            let choices = if kind == Kind::Dog && g.has_pawns {
                of_game(&[
                    Kind::Knight,
                    Kind::Bishop,
                    Kind::Fish,
                    Kind::Bird,
                    Kind::Snake,
                ])
            } else {
                g.pieces.clone()
            };
            for k in choices {
                add(Some(k));
            }
        } else if g.next_to_last(p, to) {
            add(None);
            let choices = if kind == Kind::Pawn {
                of_game(&[
                    Kind::Knight,
                    Kind::Bishop,
                    Kind::Fish,
                    Kind::Bird,
                    Kind::Snake,
                ])
            } else {
                of_game(&[Kind::Knight, Kind::Bishop])
            };
            for k in choices {
                add(Some(k));
            }
        } else {
            add(None);
        }
    }

    /// En-passant captures by the piece on `from` attacking `caps`.
    fn ep_captures(&self, out: &mut Vec<Mv>, kind: Kind, from: usize, caps: &[usize]) {
        let e = match self.ep {
            Some(e) => e,
            None => return,
        };
        match self.board[e.victim as usize] {
            Some(pc) if pc.owner as usize != self.turn && pc.kind.is_figurant() => {}
            _ => return,
        }
        for &t in caps {
            if e.cells().contains(&(t as u8)) && self.board[t].is_none() {
                let mk = MvKind::Ep { victim: e.victim };
                if kind == Kind::Bird {
                    out.push(Mv {
                        from: from as u8,
                        to: t as u8,
                        promo: None,
                        kind: mk,
                    });
                } else {
                    self.push_figurant(out, kind, from, t, mk);
                }
            }
        }
    }

    /// Decision 5.
    fn castlings(&self, out: &mut Vec<Mv>, kf: usize) {
        let g = self.g();
        let p = self.turn;
        if self.king_moved[p] {
            return;
        }
        for k in 0..6 {
            // path[0] = the King's cell, path[i] the i-th strip cell.
            let mut path = vec![kf];
            let partner = loop {
                match g.strip(*path.last().unwrap(), k) {
                    None => break None,
                    Some(c) => {
                        path.push(c);
                        if let Some(pc) = self.board[c] {
                            break Some(pc);
                        }
                    }
                }
            };
            let pc = match partner {
                Some(pc) => pc,
                None => continue,
            };
            if pc.owner as usize != p {
                continue;
            }
            match pc.kind {
                Kind::Rook | Kind::Bird => out.extend(castlings_along(&path, true)),
                Kind::Fish | Kind::Teacher => out.extend(castlings_along(&path, false)),
                _ => {}
            }
        }
    }

    // -----------------------------------------------------------------------
    // Text
    // -----------------------------------------------------------------------

    pub fn from_text(v: Variant, text: &str) -> Result<RefPos, String> {
        let g = game(v);
        let f = Notation {
            names: g.names,
            parse_cell: &|s: &str| g.parse_cell(s),
            parse_kind: &Kind::from_letter,
            is_king: &|k| k == Kind::King,
            refuse_empty_flags: false,
        }
        .parse(text)?;
        let mut pos = RefPos::empty(v);
        for &(p, kind, c) in &f.pieces {
            pos.board[c] = Some(Piece {
                owner: p as u8,
                kind,
            });
        }
        pos.turn = f.turn;
        for p in 0..g.np {
            pos.kings[p] = f.kings[p];
            pos.passed[p] = f.passed[p];
            pos.out[p] = f.out[p];
            // Decision (6).
            pos.king_moved[p] =
                pos.kings[p] != g.king_start[p] || f.moved.contains(&g.king_start[p]);
        }
        if let Some((cells, vc)) = f.ep {
            let prev = previous_in_play(pos.turn, &f.out).ok_or("ep with nobody else in play")?;
            let pc = pos.board[vc].ok_or("ep victim cell is empty")?;
            if pc.owner as usize != prev || !pc.kind.is_figurant() {
                return Err("ep victim is not a figurant of the previous player".into());
            }
            if !g.own_half(prev, vc) {
                return Err("ep victim not on its own half".into());
            }
            let n = cells.len();
            let mut sorted_cells = cells.clone();
            sorted_cells.sort();
            let mut found: Option<Vec<usize>> = None;
            for k in g.forward(prev) {
                // Walk back from the victim along the reversed strip: n
                // passed cells, then the start.
                let back = (k + 3) % 6;
                let mut behind = Vec::new();
                let mut cur = vc;
                for _ in 0..=n {
                    match g.strip(cur, back) {
                        Some(c) => {
                            behind.push(c);
                            cur = c;
                        }
                        None => break,
                    }
                }
                if behind.len() == n + 1 {
                    let mut path: Vec<usize> = behind[..n].to_vec();
                    path.reverse();
                    let mut sorted_path = path.clone();
                    sorted_path.sort();
                    if sorted_path == sorted_cells {
                        found = Some(path);
                    }
                }
            }
            let path = found.ok_or("ep cells are not the cells behind the victim")?;
            if path.iter().any(|&c| pos.board[c].is_some()) {
                return Err("ep cell not empty".into());
            }
            let mut e = Ep {
                victim: vc as u8,
                cells: [0; 16],
                n: 0,
            };
            for c in path {
                e.cells[e.n as usize] = c as u8;
                e.n += 1;
            }
            pos.ep = Some(e);
        }
        Ok(pos)
    }
}

impl CosmicRules for RefPos {
    type Move = Mv;

    fn player_count(&self) -> usize {
        self.g().np
    }

    fn player_name(&self, p: usize) -> &'static str {
        self.g().names[p]
    }

    fn to_move(&self) -> usize {
        self.turn
    }

    fn is_out(&self, p: usize) -> bool {
        self.out[p]
    }

    fn has_passed(&self, p: usize) -> bool {
        self.passed[p]
    }

    fn forced_move(&self, kind: Forced) -> Mv {
        Mv::forced(kind)
    }

    fn in_check(&self, player: usize) -> bool {
        self.attacked(self.kings[player], self.enemies(player))
    }

    fn pseudo_moves(&self) -> Vec<Mv> {
        let g = self.g();
        let p = self.turn;
        let mut out = Vec::with_capacity(128);
        for from in 0..g.n {
            let pc = match self.board[from] {
                Some(pc) if pc.owner as usize == p => pc,
                _ => continue,
            };
            match pc.kind {
                Kind::Bird => {
                    // Quiet flights over anything but a frozen King.
                    for k in 0..6 {
                        for diagonal in [false, true] {
                            let mut cur = from;
                            loop {
                                let nxt = if diagonal {
                                    g.diag(cur, k, 1)
                                } else {
                                    g.strip(cur, k)
                                };
                                let t = match nxt {
                                    Some(t) => t,
                                    None => break,
                                };
                                if self.is_frozen_king(t) {
                                    break;
                                }
                                if self.board[t].is_none() {
                                    out.push(Mv::plain(from, t));
                                }
                                cur = t;
                            }
                        }
                    }
                    for t in g.knight_cells(from) {
                        if self.board[t].is_none() {
                            out.push(Mv::plain(from, t));
                        }
                    }
                    let caps = self.attack_cells(from);
                    for &t in &caps {
                        if self.target(p, t) == Some(true) {
                            out.push(Mv::plain(from, t));
                        }
                    }
                    self.ep_captures(&mut out, pc.kind, from, &caps);
                }
                Kind::Pawn | Kind::Dog => {
                    for k in g.forward(p) {
                        let mut cur = from;
                        let mut n = 0;
                        while let Some(t) = g.strip(cur, k) {
                            if self.board[t].is_some() {
                                break;
                            }
                            n += 1;
                            if n >= 2 && !g.own_half(p, t) {
                                break;
                            }
                            self.push_figurant(&mut out, pc.kind, from, t, MvKind::Normal);
                            cur = t;
                        }
                    }
                    let caps = self.attack_cells(from);
                    for &t in &caps {
                        if self.target(p, t) == Some(true) {
                            self.push_figurant(&mut out, pc.kind, from, t, MvKind::Normal);
                        }
                    }
                    self.ep_captures(&mut out, pc.kind, from, &caps);
                }
                _ => {
                    for t in self.attack_cells(from) {
                        if self.target(p, t).is_some() {
                            out.push(Mv::plain(from, t));
                        }
                    }
                    if pc.kind == Kind::King {
                        self.castlings(&mut out, from);
                    }
                }
            }
        }
        // Decision 12: one move per key.
        out.sort();
        out.dedup();
        out
    }

    fn apply(&mut self, m: &Mv) {
        let g = self.g();
        let p = self.turn;
        let mut new_ep = None;
        match m.kind {
            MvKind::Pass => self.passed[p] = true,
            MvKind::Out => {
                self.out[p] = true;
                self.passed[p] = false;
            }
            MvKind::Castle { pf, pt } => {
                let king = self.board[m.from as usize].take();
                let partner = self.board[pf as usize].take();
                self.board[m.to as usize] = king;
                self.board[pt as usize] = partner;
                self.kings[p] = m.to as usize;
                self.king_moved[p] = true;
                self.passed[p] = false;
            }
            MvKind::Normal | MvKind::Ep { .. } => {
                let from = m.from as usize;
                let to = m.to as usize;
                let quiet = self.board[to].is_none();
                let mut pc = self.board[from].take().expect("no piece on the from cell");
                let figurant = pc.kind.is_figurant();
                if let Some(k) = m.promo {
                    pc.kind = k;
                }
                self.board[to] = Some(pc);
                if let MvKind::Ep { victim } = m.kind {
                    self.board[victim as usize] = None;
                }
                if pc.kind == Kind::King {
                    self.kings[p] = to;
                    self.king_moved[p] = true;
                }
                self.passed[p] = false;
                // Decision 4: a quiet figurant move of 2+ cells along a
                // forward strip opens its passed cells.
                if figurant && quiet && m.kind == MvKind::Normal {
                    for k in g.forward(p) {
                        let mut cells = Vec::new();
                        let mut cur = from;
                        let mut hit = false;
                        while let Some(t) = g.strip(cur, k) {
                            if t == to {
                                hit = true;
                                break;
                            }
                            cells.push(t);
                            cur = t;
                        }
                        if hit && !cells.is_empty() {
                            let mut e = Ep {
                                victim: to as u8,
                                cells: [0; 16],
                                n: 0,
                            };
                            for c in cells {
                                e.cells[e.n as usize] = c as u8;
                                e.n += 1;
                            }
                            new_ep = Some(e);
                            break;
                        }
                    }
                }
            }
        }
        self.ep = new_ep;
        self.turn = self.next_in_play(p);
    }

    fn key(&self, m: &Mv) -> String {
        let g = self.g();
        m.key(|c| g.name(c), Kind::letter)
    }

    /// The position in the general notation (pieces in board order).
    fn to_text(&self) -> String {
        let g = self.g();
        let mut pieces = vec![Vec::new(); g.np];
        for c in 0..g.n {
            if let Some(pc) = self.board[c] {
                pieces[pc.owner as usize].push(format!("{}{}", pc.kind.letter(), g.name(c)));
            }
        }
        Text {
            names: g.names,
            pieces,
            turn: self.turn,
            moved: (0..g.np)
                .filter(|&p| self.king_moved[p] && self.kings[p] == g.king_start[p])
                .map(|p| g.name(g.king_start[p]))
                .collect(),
            ep: self.ep.map(|e| {
                (
                    e.cells().iter().map(|&c| g.name(c as usize)).collect(),
                    g.name(e.victim as usize),
                )
            }),
            passed: &self.passed[..g.np],
            out: &self.out[..g.np],
        }
        .write()
    }
}
