//! Independent, deliberately simple reference move generator (a test oracle)
//! for the round-board Cosmic chess game `round-2p`: two players on `board
//! round 6 x 16` (6 rings of 16 cells about a centre cell, 97 cells).
//!
//! Written from docs/COSMIC.md ("Round boards: the definition", "The round
//! game", and for the common rules "The army", "Figurants", "Free
//! castling", "Two players"), docs/LANGUAGE.md ("Round boards"), the rules
//! digest ../shared/rules/cosmic.md and the brief of this oracle (which
//! fixes 16 sectors and the setup); modelled on tests/support/cosmic_tri_ref.rs
//! and cosmic_ref.rs (same API, move keys, position text, two-player rules
//! and Decisions). No code of the engine (`compiler/`, `runtime/`, `src/`,
//! `stdlib/`) was read. (The figurant rules R4, R4b and R5 were rewritten
//! for issue 30 by the helper who also wrote the game file's figurants;
//! they derive "forward" from the cells' heights on the drawn board and the
//! buoys from docs/COSMIC.md's words, not from the file's regions, and no
//! engine code was read.) It favours obviousness over speed: legality is
//! checked by making the move on a copy and asking whether any enemy piece
//! attacks the mover's King.
//!
//! This file is the board's geometry and its board-specific rules (how the
//! pieces move and attack, en passant, castling, cell names); what every
//! Cosmic board shares (the pieces, turn order, pass and out, legality by
//! playing, perft, the end, the general notation) is `cosmic_core.rs`,
//! reached through `CosmicRules` (which a caller brings into scope).
//!
//! Cells: a ring cell is `(sector s, rank r)`, s = 0..15 named a..p
//! counter-clockwise, r = 1..6 counted from the rim (1 = rim, 6 = next to
//! the centre); the centre is `z0`. Index `(r - 1) * 16 + s`, the centre
//! 96. Cell order (`all_cells`, `to_text`): rank 1 a..p, rank 2 a..p, ...,
//! rank 6, then z0.
//!
//! Geometry. A walk position is `(sector, d)` with `d = 7 - r` the distance
//! from the centre (rank 6: d = 1; the rim: d = 6; the centre: d = 0). A
//! vector `(x, y)` (x sectors counter-clockwise, y rings inward) from
//! `(s, d)` ends at `d' = d - y`, `s' = s + x`: `d' > 6` is off the board
//! (past the rim), `d' = 0` is the centre, `d' < 0` is the other half of the
//! diameter: sector `s' + 8`, distance `-d'`. From the centre a move starts
//! along every radius: the vector is applied from `(t, 0)` for every sector
//! t (a result on the centre itself is no move). Every piece's leaps are the
//! 8 square images of its vectors; there are no diagonals.
//! Rides (Rook, Teacher, Bird) follow rays: from a ring cell, round its
//! ring counter-clockwise (up to 15 cells, stopping before the start), round
//! it clockwise (the same), outward to the rim, and inward through the
//! centre and out along the opposite radius to its rim (`a1`: a2 .. a6, z0,
//! i6 .. i1); from the centre, 16 rays, one outward along every radius.
//!
//! Move keys (as the other refs): `<from><to>` (`b2b5`); a promotion
//! appends `=` and the new piece's letter (`j2j1=R`); an en-passant capture
//! appends `/ep` (with a promotion `<from><to>=X/ep`); a castling is `<king
//! from><king to>/castle/<partner from>` (`e1c1/castle/b1`).
//!
//! Position text (general notation, as the other refs): `white: Ke1 Rc1
//! ...; black: ...; turn white; moved e1; ep b3,b4 victim b5`.
//!
//! Decisions (numbered as in cosmic_tri_ref.rs where they carry over;
//! R1..R12 are new for the round board):
//! 1. No move ever captures or lands on a King (a King is never capturable;
//!    a mated player simply has no move). Positions where the player not
//!    to move is in check are accepted by `from_text`.
//! 4. En passant: a quiet figurant long move (R4b: two or more cells round
//!    its ring or along a first-buoy-line radius, only from its own half)
//!    opens the cells strictly between its start and end; on the next move
//!    only, an enemy DOG whose capture cells include such a cell (its
//!    capture cells depend only on its cell, so "attacked it before the
//!    move" and "attacks it now" are the same) may move onto it, removing
//!    the figurant that made the long move. Pawns and Birds never capture,
//!    so never en passant. An en-passant capture ending on a promotion cell
//!    promotes. A dog that could also step there quietly has both keys
//!    (`xy`, `xy/ep`): an enemy dog on the own half of the mover steps
//!    outward, which is the mover's inward direction, so a black dog on b3
//!    after White's d2a2 (passing c2 b2) has `b3b2` and `b3b2/ep`.
//! 5. Castling keys always name the partner; see R8..R10.
//! 6. `moved CELLS`: a King on its start cell (e1 / m1) has moved iff that
//!    cell is listed; a King elsewhere has moved; `to_text` lists only Kings
//!    on their start cell that have moved.
//! 8. `outcome()`: no legal move is mate (in check: the other player wins,
//!    scores 1 / 0) or stalemate (a draw, 0.5 / 0.5). Repetition and the
//!    50-move rule are NOT modelled (no history; `clocks` is accepted and
//!    ignored), as in the other refs. `LastInPlay` exists for API parity
//!    and never happens with two players.
//! 9. `from_text`: any of the 9 kinds anywhere except a figurant on z0
//!    (forbidden to them: rejected); a figurant on a promotion cell is
//!    accepted (it promotes again only by a move ending on one); exactly
//!    one King per player; `turn` defaults to white. `ep CELLS victim CELL`:
//!    the victim a figurant of the player not to move, and some long move
//!    of that player (R4b) from a cell of the board ends on the victim
//!    passing exactly those cells (in any order), all empty. `castling
//!    ...`, `clocks N M` accepted and ignored; `passed`/`out` (several
//!    players) are errors unless `-`.
//! 10. The game is over (no legal moves) once `outcome()` is Some.
//! 11. `divide(0)` is empty; `perft(0)` is 1; `play_all` is atomic.
//! 12. Every move is generated once (a ring ride reaches the cells of an
//!     empty ring both ways; a Knight on a rank-6 cell reaches z0 by two
//!     leaps; the Bird's knight leap may land on one of its flight cells).
//! 13. Promotion choices are read off the setup: a pawn to the game's
//!     pieces N R F W T M (setup order), a dog to N F W ("a game where
//!     pawns also play": the dog's list N B F W S restricted to the game).
//!
//! Round-board Decisions:
//! - R1: The vector rule above (brief): the Knight from a6 with (1, 2)
//!   lands on j6, with (2, 1) on z0; from z0 the Knight reaches all of
//!   ranks 5 and 6 (32), the Medusa's (0, 3) all of rank 4, the Fish's
//!   (0, 2) all of rank 5; sideways-only vectors from the centre are no
//!   moves.
//! - R2: Leaps jump; the Teacher is the first two cells of each ray (the
//!   first must be empty). From a6 inward its cells are z0 and i6.
//! - R3: Bird: quiet flights to every empty cell of each ray over any
//!   pieces (no frozen Kings with two players), quiet Knight leaps onto
//!   empty cells; it captures nothing and attacks nothing (no check, no
//!   guard).
//! - R4: Figurants never move lower (docs/COSMIC.md, "Round boards"):
//!   "forward" is "higher" on the board as drawn, White at the bottom
//!   (sectors a..h are the lower half, sector a starting on the left),
//!   Black at the top; a cell's height is its centre's, at distance 7 - r
//!   from the board's centre and the angle of its sector's middle (see
//!   `height`). A quiet single step goes to an empty orthogonal neighbour
//!   (round the ring either way, in or out along the radius) that is
//!   strictly higher, never z0: for White inward on a..h, outward on i..p,
//!   clockwise round a ring on a..d and n..p, counter-clockwise on e..k;
//!   none round the ring from l or m (l-m is level, as is d-e). So no
//!   figurant ever stands on or jumps over z0.
//! - R4b: Long moves (the buoys): the marked diameters are a-i and h-p;
//!   a player's first buoy line is the pair of those sectors on its own
//!   half (White a, h; Black i, p), the second the other pair. From the own
//!   half a figurant may go any number of cells round its ring in its
//!   forward ring direction while the cells stay on its own half (so it
//!   may end on the first buoy line and never on or past the second), and
//!   from a cell of its first buoy line any number of cells inward along
//!   the radius up to rank 6 (never z0). Every cell passed must be empty.
//!   Beyond the own half only single steps.
//! - R5: Pawns never capture and attack nothing. A dog captures (and
//!   attacks) its forward single-step cells (R4) and its level neighbours
//!   (the same height: round the ring between d and e, or l and m); never
//!   z0, never a cell two away.
//! - R6: Promotion (mandatory) on a move of a figurant ending on a cell
//!   where an opposing piece (not figurant) stands in the setup: White j1
//!   k1 l1 m1 n1 o1 l2 m2, Black b1 c1 d1 e1 f1 g1 d2 e2; by a quiet move,
//!   a dog capture or en passant.
//! - R7: Halves by sector: the own half is the 8 sectors of the setup's
//!   side whatever the rank (White a..h, Black i..p); it bounds the long
//!   moves (R4b).
//! - R8: Free castling: the never-moved King with a Rook, Fish, Bird or
//!   Teacher of its own that is the first piece along one of the King's
//!   rays (ring counter-clockwise, ring clockwise, outward, inward through
//!   the centre); the King goes 1..=d cells along the ray (Rook, Bird) or
//!   d-1 (if >= 1) or d cells (Fish, Teacher), d the partner's distance;
//!   the partner lands on the ray cell before the King's (the King's start
//!   when the King went one cell). Along a radius through the centre the
//!   King may land on z0 (the partner on rank 6 of its own radius) or
//!   beyond (the partner on z0).
//! - R9: Round a ring the shorter way only: when the partner is the first
//!   piece both ways (the ring otherwise empty), only the way with fewer
//!   cells is used; an exact tie (8 and 8 on 16 sectors) keeps the
//!   counter-clockwise way (x = +1). When the partner is first one way only
//!   (the other way blocked by another piece): with
//!   `RING_CASTLING_LONG_WAY_IF_SHORT_BLOCKED` that one way is used, even
//!   if it is the longer arc; it is false here, the reading of
//!   docs/LANGUAGE.md ("along a ring the short way"), where the partner must
//!   be within 8 cells counter-clockwise or 7 clockwise with the short arc
//!   empty.
//! - R10: Castling from or across attacked cells is allowed; only the
//!   King's final cell must be safe (the ordinary legality test).
//! - R11: z0 is in no half: no figurant stands there. A King or piece may.
//! - R13: A partner exactly opposite the King on its ring (the King on
//!   e1, the partner on m1) with the ring and the diameter both empty is
//!   castled with both ways (the ring's tie keeps counter-clockwise); the
//!   King's landing on the partner's cell has one key for two different
//!   moves (the partner on l1 by the ring, on m2 by the radius): the ring
//!   move is kept (rays are tried ring counter-clockwise, ring clockwise,
//!   outward, inward; the first one that makes a key keeps it).
//! - R12: The brief's setup on 16 sectors (docs/COSMIC.md's `round-2p`
//!   text says 6 x 12 and sectors a..f; the brief's 6 x 16 is followed).
#![allow(dead_code)]
#![allow(clippy::needless_range_loop)]

// The shared names a caller of this board uses (not every test binary uses
// each).
use super::cosmic_core::Mv as CoreMv;
use super::cosmic_core::{castlings_along, Forced, MvKind, Notation, Text};
#[allow(unused_imports)]
pub use super::cosmic_core::{CosmicRules, RefEnd, RefOutcome};
use std::sync::OnceLock;

// ---------------------------------------------------------------------------
// Pieces and the game
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Variant {
    Round2p,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Kind {
    King,
    Rook,
    Knight,
    Medusa,
    Fish,
    Bird,
    Teacher,
    Pawn,
    Dog,
}

pub const ALL_KINDS: [Kind; 9] = [
    Kind::King,
    Kind::Rook,
    Kind::Knight,
    Kind::Medusa,
    Kind::Fish,
    Kind::Bird,
    Kind::Teacher,
    Kind::Pawn,
    Kind::Dog,
];

impl Kind {
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Rook => 'R',
            Kind::Knight => 'N',
            Kind::Medusa => 'M',
            Kind::Fish => 'F',
            Kind::Bird => 'W',
            Kind::Teacher => 'T',
            Kind::Pawn => 'P',
            Kind::Dog => 'H',
        }
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        ALL_KINDS.iter().copied().find(|k| k.letter() == c)
    }

    pub fn is_figurant(self) -> bool {
        matches!(self, Kind::Pawn | Kind::Dog)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Piece {
    owner: u8,
    kind: Kind,
}

pub const SECTORS: i32 = 16;
pub const RINGS: i32 = 6;
pub const CENTRE: usize = 96;
pub const N_CELLS: usize = 97;
const NP: usize = 2;

/// Decision R9: a partner first one way round the ring only is castled
/// with that way even if it is the longer arc.
pub const RING_CASTLING_LONG_WAY_IF_SHORT_BLOCKED: bool = false;

const NAMES: [&str; 2] = ["white", "black"];

/// White's setup (the brief); Black's is it turned by 8 sectors.
const SETUP_WHITE: &str = "Nb1 Ng1 Rc1 Fd1 Ke1 Wf1 Td2 Me2 Pb2 Pg2 Hc2 Hf2";

/// A position on the board: a ring cell or the centre.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Loc {
    Centre,
    /// (sector 0..15, rank 1..6)
    Ring(i32, i32),
}

fn index_of(l: Loc) -> usize {
    match l {
        Loc::Centre => CENTRE,
        Loc::Ring(s, r) => ((r - 1) * SECTORS + s.rem_euclid(SECTORS)) as usize,
    }
}

fn loc_of(c: usize) -> Loc {
    if c == CENTRE {
        Loc::Centre
    } else {
        Loc::Ring(c as i32 % SECTORS, c as i32 / SECTORS + 1)
    }
}

/// The vector (x, y) from the walk position (s, d) (R1).
fn walk(s: i32, d: i32, x: i32, y: i32) -> Option<usize> {
    let d2 = d - y;
    if !(-RINGS..=RINGS).contains(&d2) {
        return None;
    }
    if d2 == 0 {
        return Some(CENTRE);
    }
    if d2 > 0 {
        Some(index_of(Loc::Ring(s + x, 7 - d2)))
    } else {
        Some(index_of(Loc::Ring(s + x + 8, 7 + d2)))
    }
}

/// The 8 square images of (a, b), duplicates removed.
fn images(a: i32, b: i32) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for (p, q) in [(a, b), (b, a)] {
        for sp in [1, -1] {
            for sq in [1, -1] {
                let v = (p * sp, q * sq);
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
    }
    out
}

/// The cells the vectors reach from cell c (from the centre: along every
/// radius). Sorted, deduplicated, never c itself.
fn leap_cells(c: usize, vecs: &[(i32, i32)]) -> Vec<usize> {
    let mut out = Vec::new();
    let starts: Vec<(i32, i32)> = match loc_of(c) {
        Loc::Centre => (0..SECTORS).map(|t| (t, 0)).collect(),
        Loc::Ring(s, r) => vec![(s, 7 - r)],
    };
    for (s, d) in starts {
        for &(x, y) in vecs {
            if let Some(t) = walk(s, d, x, y) {
                if t != c {
                    out.push(t);
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

#[derive(Clone, Debug)]
struct Ray {
    cells: Vec<usize>,
    /// Some(+1) counter-clockwise round the ring, Some(-1) clockwise, None
    /// along a radius.
    ring: Option<i32>,
}

fn rays_from(c: usize) -> Vec<Ray> {
    match loc_of(c) {
        Loc::Centre => (0..SECTORS)
            .map(|t| Ray {
                cells: (1..=RINGS)
                    .rev()
                    .map(|r| index_of(Loc::Ring(t, r)))
                    .collect(),
                ring: None,
            })
            .collect(),
        Loc::Ring(s, r) => {
            let mut out = Vec::new();
            for dir in [1, -1] {
                out.push(Ray {
                    cells: (1..SECTORS)
                        .map(|k| index_of(Loc::Ring(s + dir * k, r)))
                        .collect(),
                    ring: Some(dir),
                });
            }
            // Outward to the rim.
            out.push(Ray {
                cells: (1..r).rev().map(|q| index_of(Loc::Ring(s, q))).collect(),
                ring: None,
            });
            // Inward, through the centre, out along the opposite radius.
            let mut inward: Vec<usize> =
                (r + 1..=RINGS).map(|q| index_of(Loc::Ring(s, q))).collect();
            inward.push(CENTRE);
            inward.extend((1..=RINGS).rev().map(|q| index_of(Loc::Ring(s + 8, q))));
            out.push(Ray {
                cells: inward,
                ring: None,
            });
            out.retain(|ray| !ray.cells.is_empty());
            out
        }
    }
}

fn cell_name_of(c: usize) -> String {
    match loc_of(c) {
        Loc::Centre => "z0".to_string(),
        Loc::Ring(s, r) => format!("{}{}", (b'a' + s as u8) as char, r),
    }
}

fn parse_cell_name(s: &str) -> Option<usize> {
    if s == "z0" {
        return Some(CENTRE);
    }
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let f = b[0];
    let r = b[1];
    if !(b'a'..=b'p').contains(&f) || !(b'1'..=b'6').contains(&r) {
        return None;
    }
    Some(index_of(Loc::Ring((f - b'a') as i32, (r - b'0') as i32)))
}

struct Game {
    steps: Vec<Vec<usize>>,
    knight: Vec<Vec<usize>>,
    fish2: Vec<Vec<usize>>,
    medusa3: Vec<Vec<usize>>,
    rays: Vec<Vec<Ray>>,
    setup: Vec<(usize, Kind, usize)>,
    king_start: [usize; NP],
    /// The setup's kinds except King and figurants, setup order.
    pieces: Vec<Kind>,
    /// promo[p][c]: a figurant of p promotes on a move ending on c (R6).
    promo: [[bool; N_CELLS]; NP],
}

fn build_game() -> Game {
    let steps_v = images(0, 1);
    let knight_v = images(1, 2);
    let fish_v = images(0, 2);
    let medusa_v = images(0, 3);
    let mut g = Game {
        steps: (0..N_CELLS).map(|c| leap_cells(c, &steps_v)).collect(),
        knight: (0..N_CELLS).map(|c| leap_cells(c, &knight_v)).collect(),
        fish2: (0..N_CELLS).map(|c| leap_cells(c, &fish_v)).collect(),
        medusa3: (0..N_CELLS).map(|c| leap_cells(c, &medusa_v)).collect(),
        rays: (0..N_CELLS).map(rays_from).collect(),
        setup: Vec::new(),
        king_start: [0; NP],
        pieces: Vec::new(),
        promo: [[false; N_CELLS]; NP],
    };
    for tok in SETUP_WHITE.split_whitespace() {
        let kind = Kind::from_letter(tok.chars().next().unwrap()).unwrap();
        let wc = parse_cell_name(&tok[1..]).expect("setup cell");
        if !kind.is_figurant() && kind != Kind::King && !g.pieces.contains(&kind) {
            g.pieces.push(kind);
        }
        for p in 0..NP {
            let c = turn_cell_index(wc, 8 * p as i32);
            g.setup.push((p, kind, c));
            if kind == Kind::King {
                g.king_start[p] = c;
            }
            if !kind.is_figurant() {
                // A figurant of the other player promotes here.
                g.promo[1 - p][c] = true;
            }
        }
    }
    g
}

fn turn_cell_index(c: usize, k: i32) -> usize {
    match loc_of(c) {
        Loc::Centre => CENTRE,
        Loc::Ring(s, r) => index_of(Loc::Ring(s + k, r)),
    }
}

fn game() -> &'static Game {
    static G: OnceLock<Game> = OnceLock::new();
    G.get_or_init(build_game)
}

fn sector(c: usize) -> Option<i32> {
    match loc_of(c) {
        Loc::Centre => None,
        Loc::Ring(s, _) => Some(s),
    }
}

fn rank(c: usize) -> Option<i32> {
    match loc_of(c) {
        Loc::Centre => None,
        Loc::Ring(_, r) => Some(r),
    }
}

/// Is c on player p's own half (R7)? White sectors a..h, Black i..p.
fn own_half(p: usize, c: usize) -> bool {
    match sector(c) {
        None => false,
        Some(s) => (s / 8) as usize == p,
    }
}

/// The height of a ring cell as player p sees the drawn board (R4): the
/// centre of cell (s, r) stands at distance d = 7 - r from the board's
/// centre, at the angle of its sector's middle, 180 + 11.25 + 22.5 s
/// degrees (sector a starts on the left and the sectors run
/// counter-clockwise, so a..h are the lower half); its height is
/// d sin(angle), White's "up" towards Black's camp. Black sits opposite:
/// his height is White's negated.
fn height(p: usize, c: usize) -> f64 {
    match loc_of(c) {
        Loc::Centre => 0.0,
        Loc::Ring(s, r) => {
            let angle = (180.0 + 11.25 + 22.5 * s as f64).to_radians();
            let h = (7 - r) as f64 * angle.sin();
            if p == 0 {
                h
            } else {
                -h
            }
        }
    }
}

/// The orthogonal neighbours of a ring cell other than the centre: round
/// the ring both ways, in and out along the radius.
fn ring_neighbours(c: usize) -> Vec<usize> {
    game().steps[c]
        .iter()
        .copied()
        .filter(|&t| t != CENTRE)
        .collect()
}

/// A figurant's forward single steps from c (R4): the orthogonal neighbours
/// higher than c, never the centre.
fn figurant_forward(p: usize, c: usize) -> Vec<usize> {
    if c == CENTRE {
        return Vec::new();
    }
    let h = height(p, c);
    ring_neighbours(c)
        .into_iter()
        .filter(|&t| height(p, t) > h + 1e-9)
        .collect()
}

/// The level neighbours of c (R5: a dog captures there): same height.
fn figurant_level(p: usize, c: usize) -> Vec<usize> {
    if c == CENTRE {
        return Vec::new();
    }
    let h = height(p, c);
    ring_neighbours(c)
        .into_iter()
        .filter(|&t| (height(p, t) - h).abs() <= 1e-9)
        .collect()
}

/// Is c on the first buoy line of player p (R4b): the marked diameters are
/// a-i and h-p; p's first line is the pair of them on its own half (White:
/// sectors a and h; Black: i and p).
fn on_first_buoys(p: usize, c: usize) -> bool {
    own_half(p, c) && matches!(sector(c), Some(s) if s % 8 == 0 || s % 8 == 7)
}

/// The long-move runs of a figurant of p on c (R4b), each the cells in
/// order from the first one: round the ring (the forward ring step,
/// repeated while the cells stay on the own half, so never onto the second
/// buoy line) and, on the first buoy line, inward along the radius up to
/// rank 6. Empty unless c is on the own half.
fn figurant_runs(p: usize, c: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let (s, r) = match loc_of(c) {
        Loc::Ring(s, r) if own_half(p, c) => (s, r),
        _ => return out,
    };
    // The forward ring direction: the one of the two ring neighbours that
    // is higher (none at a level pair).
    for dir in [1, -1] {
        let first = index_of(Loc::Ring(s + dir, r));
        if height(p, first) <= height(p, c) + 1e-9 {
            continue;
        }
        let mut run = Vec::new();
        let mut last = c;
        for k in 1..SECTORS {
            let t = index_of(Loc::Ring(s + dir * k, r));
            if !own_half(p, t) || height(p, t) <= height(p, last) + 1e-9 {
                break;
            }
            run.push(t);
            last = t;
        }
        out.push(run);
    }
    if on_first_buoys(p, c) {
        out.push((r + 1..=RINGS).map(|q| index_of(Loc::Ring(s, q))).collect());
    }
    out.retain(|run| !run.is_empty());
    out
}

/// A dog's capture (and attack) cells (R5): forward and level neighbours.
fn dog_caps(p: usize, c: usize) -> Vec<usize> {
    let mut out = figurant_forward(p, c);
    out.extend(figurant_level(p, c));
    out.sort();
    out.dedup();
    out
}

// Public helpers ------------------------------------------------------------

pub fn all_cells(_v: Variant) -> Vec<String> {
    (0..N_CELLS).map(cell_name_of).collect()
}

pub fn cell_count(_v: Variant) -> usize {
    N_CELLS
}

pub fn player_names(_v: Variant) -> &'static [&'static str] {
    &NAMES
}

pub fn game_pieces(_v: Variant) -> Vec<Kind> {
    game().pieces.clone()
}

pub fn king_start(_v: Variant, p: usize) -> String {
    cell_name_of(game().king_start[p])
}

pub fn is_own_half(_v: Variant, p: usize, cell: &str) -> bool {
    own_half(p, parse_cell_name(cell).expect("unknown cell"))
}

pub fn is_promotion_cell(_v: Variant, p: usize, cell: &str) -> bool {
    game().promo[p][parse_cell_name(cell).expect("unknown cell")]
}

/// (sector 0..15, rank 1..6) of a ring cell; None for z0 or a bad name.
pub fn cell_sr(cell: &str) -> Option<(i32, i32)> {
    match loc_of(parse_cell_name(cell)?) {
        Loc::Centre => None,
        Loc::Ring(s, r) => Some((s, r)),
    }
}

/// The cells the vector (x, y) (and not its images) reaches from a cell.
pub fn vector_cells(cell: &str, x: i32, y: i32) -> Vec<String> {
    let c = parse_cell_name(cell).expect("unknown cell");
    leap_cells(c, &[(x, y)])
        .into_iter()
        .map(cell_name_of)
        .collect()
}

/// A leaper's cells from `cell` on an empty board: "step" (the King's),
/// "knight", "fish2" (the Fish's leaps), "medusa3" (the Medusa's leaps).
pub fn leaps(set: &str, cell: &str) -> Vec<String> {
    let g = game();
    let c = parse_cell_name(cell).expect("unknown cell");
    let v = match set {
        "step" => &g.steps[c],
        "knight" => &g.knight[c],
        "fish2" => &g.fish2[c],
        "medusa3" => &g.medusa3[c],
        _ => panic!("unknown leap set {set}"),
    };
    v.iter().map(|&t| cell_name_of(t)).collect()
}

/// The cell turned by k sectors counter-clockwise about the centre.
pub fn turn_cell(cell: &str, k: i32) -> Option<String> {
    parse_cell_name(cell).map(|c| cell_name_of(turn_cell_index(c, k)))
}

// ---------------------------------------------------------------------------
// Positions and moves
// ---------------------------------------------------------------------------

/// A move on this board (`cosmic_core::Mv` with its pieces).
pub type Mv = CoreMv<Kind>;

#[derive(Clone, PartialEq, Eq, Debug)]
struct Ep {
    victim: usize,
    cells: Vec<usize>,
}

#[derive(Clone)]
pub struct RefPos {
    v: Variant,
    board: [Option<Piece>; N_CELLS],
    kings: [usize; NP],
    king_moved: [bool; NP],
    turn: usize,
    ep: Option<Ep>,
}

impl RefPos {
    fn empty(v: Variant) -> RefPos {
        RefPos {
            v,
            board: [None; N_CELLS],
            kings: [0; NP],
            king_moved: [false; NP],
            turn: 0,
            ep: None,
        }
    }

    pub fn start(v: Variant) -> RefPos {
        let g = game();
        let mut pos = RefPos::empty(v);
        for &(p, kind, c) in g.setup.iter() {
            assert!(
                pos.board[c].is_none(),
                "setup overlap on {}",
                cell_name_of(c)
            );
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
    /// "white R", "black H", ... or None.
    pub fn piece_at(&self, cell: &str) -> Option<String> {
        let c = parse_cell_name(cell)?;
        self.board[c].map(|pc| format!("{} {}", NAMES[pc.owner as usize], pc.kind.letter()))
    }

    pub fn piece_count(&self, p: usize) -> usize {
        self.board
            .iter()
            .filter(|pc| matches!(pc, Some(pc) if pc.owner as usize == p))
            .count()
    }

    pub fn ep_cells(&self) -> Option<(Vec<String>, String)> {
        self.ep.as_ref().map(|e| {
            (
                e.cells.iter().map(|&c| cell_name_of(c)).collect(),
                cell_name_of(e.victim),
            )
        })
    }

    // -- reach of the pieces -------------------------------------------------

    /// Ray cells from the start, at most `max`, up to and including the
    /// first occupied cell.
    fn ride(&self, ray: &Ray, max: usize, out: &mut Vec<usize>) {
        for &t in ray.cells.iter().take(max) {
            out.push(t);
            if self.board[t].is_some() {
                return;
            }
        }
    }

    /// The cells the piece on `from` attacks (could capture on, whatever
    /// stands there). For every piece but the Bird and the figurants these
    /// are also its moves (onto empty or enemy cells). Sorted, deduplicated.
    fn attack_cells(&self, from: usize) -> Vec<usize> {
        let g = game();
        let pc = self.board[from].expect("empty cell");
        let mut out = Vec::new();
        match pc.kind {
            Kind::King => out.extend(&g.steps[from]),
            Kind::Rook => {
                for ray in &g.rays[from] {
                    self.ride(ray, usize::MAX, &mut out);
                }
            }
            Kind::Teacher => {
                for ray in &g.rays[from] {
                    self.ride(ray, 2, &mut out);
                }
            }
            Kind::Knight => out.extend(&g.knight[from]),
            Kind::Medusa => {
                out.extend(&g.steps[from]);
                out.extend(&g.medusa3[from]);
            }
            Kind::Fish => {
                out.extend(&g.steps[from]);
                out.extend(&g.fish2[from]);
            }
            // R3, R5: the Bird and the pawn attack nothing.
            Kind::Bird | Kind::Pawn => {}
            Kind::Dog => out = dog_caps(pc.owner as usize, from),
        }
        out.sort();
        out.dedup();
        out
    }

    /// Is `t` attacked by a piece of player `by`?
    fn attacked(&self, t: usize, by: usize) -> bool {
        (0..N_CELLS).any(|from| {
            matches!(self.board[from], Some(pc) if pc.owner as usize == by)
                && self.attack_cells(from).contains(&t)
        })
    }

    pub fn is_attacked_by(&self, cell: &str, by: usize) -> bool {
        self.attacked(parse_cell_name(cell).expect("unknown cell"), by)
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

    /// A figurant move with its promotion choices (R6, Decision 13).
    fn push_figurant(&self, out: &mut Vec<Mv>, kind: Kind, from: usize, to: usize, mk: MvKind) {
        let g = game();
        let p = self.turn;
        let mut add = |promo: Option<Kind>| {
            out.push(Mv {
                from: from as u8,
                to: to as u8,
                promo,
                kind: mk,
            })
        };
        if g.promo[p][to] {
            let choices: Vec<Kind> = if kind == Kind::Dog {
                [Kind::Knight, Kind::Fish, Kind::Bird]
                    .into_iter()
                    .filter(|k| g.pieces.contains(k))
                    .collect()
            } else {
                g.pieces.clone()
            };
            for k in choices {
                add(Some(k));
            }
        } else {
            add(None);
        }
    }

    /// Decisions R8, R9.
    fn castlings(&self, out: &mut Vec<Mv>, kf: usize) {
        let g = game();
        let p = self.turn;
        if self.king_moved[p] {
            return;
        }
        // The first piece along a ray: (distance d >= 1, cell).
        let first = |ray: &Ray| -> Option<(usize, usize)> {
            ray.cells
                .iter()
                .enumerate()
                .find(|(_, c)| self.board[**c].is_some())
                .map(|(i, &c)| (i + 1, c))
        };
        let rays = &g.rays[kf];
        let mut mine: Vec<Mv> = Vec::new();
        for ray in rays {
            let (d, pcell) = match first(ray) {
                Some(x) => x,
                None => continue,
            };
            let pc = self.board[pcell].unwrap();
            if pc.owner as usize != p {
                continue;
            }
            if let Some(dir) = ray.ring {
                let other = rays.iter().find(|r| r.ring == Some(-dir)).unwrap();
                let other_first = first(other);
                if other_first.map(|(_, c)| c) == Some(pcell) {
                    // Both ways: the shorter only; a tie counter-clockwise.
                    let other_d = SECTORS as usize - d;
                    if other_d < d || (other_d == d && dir == -1) {
                        continue;
                    }
                } else if !RING_CASTLING_LONG_WAY_IF_SHORT_BLOCKED
                    && (d > 8 || (d == 8 && dir == -1))
                {
                    continue;
                }
            }
            let any_distance = match pc.kind {
                Kind::Rook | Kind::Bird => true,
                Kind::Fish | Kind::Teacher => false,
                _ => continue,
            };
            // path[0] = the King's cell, path[i] = the i-th ray cell.
            let mut path = vec![kf];
            path.extend(ray.cells.iter().take(d));
            for m in castlings_along(&path, any_distance) {
                // R13: one move per key (King's destination and partner);
                // the ring ways come first.
                let dup = mine.iter().any(|n: &Mv| {
                    n.to == m.to
                        && matches!((n.kind, m.kind), (MvKind::Castle { pf: a, .. }, MvKind::Castle { pf: b, .. }) if a == b)
                });
                if !dup {
                    mine.push(m);
                }
            }
        }
        out.extend(mine);
    }

    // -----------------------------------------------------------------------
    // Text
    // -----------------------------------------------------------------------

    pub fn from_text(v: Variant, text: &str) -> Result<RefPos, String> {
        let g = game();
        let f = Notation {
            names: &NAMES,
            parse_cell: &parse_cell_name,
            parse_kind: &Kind::from_letter,
            is_king: &|k| k == Kind::King,
            refuse_empty_flags: false,
        }
        .parse(text)?;
        let mut pos = RefPos::empty(v);
        for &(p, kind, c) in &f.pieces {
            if kind.is_figurant() && c == CENTRE {
                return Err(format!(
                    "a figurant on z0: '{}{}'",
                    kind.letter(),
                    cell_name_of(c)
                ));
            }
            pos.board[c] = Some(Piece {
                owner: p as u8,
                kind,
            });
        }
        pos.turn = f.turn;
        for p in 0..NP {
            pos.kings[p] = f.kings[p];
            // Decision (6).
            pos.king_moved[p] =
                pos.kings[p] != g.king_start[p] || f.moved.contains(&g.king_start[p]);
        }
        if let Some((cells, vc)) = f.ep {
            let prev = 1 - pos.turn;
            let pc = pos.board[vc].ok_or("ep victim cell is empty")?;
            if pc.owner as usize != prev || !pc.kind.is_figurant() {
                return Err("ep victim is not a figurant of the previous player".into());
            }
            // Some long move of `prev` (R4b) from a cell of the board ends on
            // the victim and passes exactly these cells, all empty.
            let mut want = cells.clone();
            want.sort();
            let path = (0..N_CELLS)
                .flat_map(|st| figurant_runs(prev, st))
                .find_map(|run| {
                    let i = run.iter().position(|&t| t == vc)?;
                    let mut passed = run[..i].to_vec();
                    passed.sort();
                    (i >= 1 && passed == want).then(|| run[..i].to_vec())
                })
                .ok_or("ep: no long move passes those cells to the victim")?;
            if path.iter().any(|&c| pos.board[c].is_some()) {
                return Err("ep cell not empty".into());
            }
            pos.ep = Some(Ep {
                victim: vc,
                cells: path,
            });
        }
        Ok(pos)
    }
}

impl CosmicRules for RefPos {
    type Move = Mv;

    fn player_count(&self) -> usize {
        NP
    }

    fn player_name(&self, p: usize) -> &'static str {
        NAMES[p]
    }

    fn to_move(&self) -> usize {
        self.turn
    }

    /// Two players: nobody goes out.
    fn is_out(&self, _p: usize) -> bool {
        false
    }

    /// Two players: nobody passes.
    fn has_passed(&self, _p: usize) -> bool {
        false
    }

    /// Never asked: the shared rules force a move only with three or more
    /// players in play.
    fn forced_move(&self, kind: Forced) -> Mv {
        unreachable!("{kind:?} in a two-player game")
    }

    fn in_check(&self, player: usize) -> bool {
        self.attacked(self.kings[player], 1 - player)
    }

    fn pseudo_moves(&self) -> Vec<Mv> {
        let g = game();
        let p = self.turn;
        let mut out = Vec::with_capacity(128);
        for from in 0..N_CELLS {
            let pc = match self.board[from] {
                Some(pc) if pc.owner as usize == p => pc,
                _ => continue,
            };
            match pc.kind {
                Kind::Bird => {
                    // R3: quiet flights over anything, quiet knight leaps.
                    for ray in &g.rays[from] {
                        for &t in &ray.cells {
                            if self.board[t].is_none() {
                                out.push(Mv::plain(from, t));
                            }
                        }
                    }
                    for &t in &g.knight[from] {
                        if self.board[t].is_none() {
                            out.push(Mv::plain(from, t));
                        }
                    }
                }
                Kind::Pawn | Kind::Dog => {
                    // R4: quiet single steps, forward.
                    for t in figurant_forward(p, from) {
                        if self.board[t].is_none() {
                            self.push_figurant(&mut out, pc.kind, from, t, MvKind::Normal);
                        }
                    }
                    // R4b: long moves, two or more cells along a run over
                    // empty cells.
                    for run in figurant_runs(p, from) {
                        for (i, &t) in run.iter().enumerate() {
                            if self.board[t].is_some() {
                                break;
                            }
                            if i >= 1 {
                                self.push_figurant(&mut out, pc.kind, from, t, MvKind::Normal);
                            }
                        }
                    }
                    if pc.kind == Kind::Dog {
                        // R5: captures; Decision 4: en passant.
                        let caps = dog_caps(p, from);
                        for &t in &caps {
                            if self.target(p, t) == Some(true) {
                                self.push_figurant(&mut out, pc.kind, from, t, MvKind::Normal);
                            }
                        }
                        if let Some(e) = &self.ep {
                            let victim_ok = matches!(self.board[e.victim],
                                Some(v) if v.owner as usize != p && v.kind.is_figurant());
                            if victim_ok {
                                for &t in &caps {
                                    if e.cells.contains(&t) && self.board[t].is_none() {
                                        let mk = MvKind::Ep {
                                            victim: e.victim as u8,
                                        };
                                        self.push_figurant(&mut out, pc.kind, from, t, mk);
                                    }
                                }
                            }
                        }
                    }
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
        let p = self.turn;
        let mut new_ep = None;
        match m.kind {
            MvKind::Castle { pf, pt } => {
                let king = self.board[m.from as usize].take();
                let partner = self.board[pf as usize].take();
                self.board[m.to as usize] = king;
                self.board[pt as usize] = partner;
                self.kings[p] = m.to as usize;
                self.king_moved[p] = true;
            }
            MvKind::Pass | MvKind::Out => unreachable!("two players never pass"),
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
                // Decision 4: a quiet figurant long move (2+ cells along a
                // run, R4b) opens the cells it passed.
                if figurant && quiet && m.kind == MvKind::Normal {
                    for run in figurant_runs(p, from) {
                        if let Some(i) = run.iter().position(|&t| t == to) {
                            if i >= 1 {
                                new_ep = Some(Ep {
                                    victim: to,
                                    cells: run[..i].to_vec(),
                                });
                            }
                        }
                    }
                }
            }
        }
        self.ep = new_ep;
        self.turn = 1 - p;
    }

    fn key(&self, m: &Mv) -> String {
        m.key(cell_name_of, Kind::letter)
    }

    /// The position in the general notation (pieces in board order).
    fn to_text(&self) -> String {
        let g = game();
        let mut pieces = vec![Vec::new(); NP];
        for c in 0..N_CELLS {
            if let Some(pc) = self.board[c] {
                pieces[pc.owner as usize].push(format!("{}{}", pc.kind.letter(), cell_name_of(c)));
            }
        }
        Text {
            names: &NAMES,
            pieces,
            turn: self.turn,
            moved: (0..NP)
                .filter(|&p| self.king_moved[p] && self.kings[p] == g.king_start[p])
                .map(|p| cell_name_of(g.king_start[p]))
                .collect(),
            ep: self.ep.as_ref().map(|e| {
                (
                    e.cells.iter().map(|&c| cell_name_of(c)).collect(),
                    cell_name_of(e.victim),
                )
            }),
            passed: &[false; NP],
            out: &[false; NP],
        }
        .write()
    }
}
