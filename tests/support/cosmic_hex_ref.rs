//! Independent, deliberately simple reference move generator (a test oracle)
//! for the hexagonal Cosmic chess games of `docs/COSMIC.md`: `hex-3p`
//! (three players, diagonal positioning GDP, pointy-topped cells),
//! `hex-6p` (six players, orthogonal positioning GOP, Glinski's flat-topped
//! board), and the two-player games `hex-2p` (GDP, the 127-cell hexagon of
//! side 7, pointy-topped), `hex-2p-corner` and `hex-2p-rhombus` (GOP,
//! Glinski's board, a V-shaped and a rhombus-shaped setup).
//!
//! Written from `docs/COSMIC.md` (the spec implemented here: "The army",
//! "Figurants", "Free castling", "More than two players", "Figurants on every
//! board", "Hexagonal boards", "hex-3p", "hex-6p", "hex-2p",
//! "hex-2p-corner", "hex-2p-rhombus"), the rules digest
//! `../shared/rules/cosmic.md` and the Russian original (for
//! orientation), modelled on `tests/support/cosmic_ref.rs` (the square-board
//! reference: same API, move keys, position text, four-player rules). No code
//! of the engine (`compiler/`, `runtime/`, `src/`, `stdlib/`) was read. It
//! favours obviousness over speed: legality is checked by making the move on
//! a copy and asking whether any piece of a player still in play (other than
//! the mover) attacks the mover's King.
//!
//! This file is the board's geometry and its board-specific rules (how the
//! pieces move and attack, en passant, castling, cell names); what every
//! Cosmic board shares (the pieces, turn order, pass and out, legality by
//! playing, perft, the end, the general notation) is `cosmic_core.rs`,
//! reached through `CosmicRules` (which a caller brings into scope).
//!
//! Coordinates: axial `(q, r)` on the hexagon `|q| <= 5, |r| <= 5,
//! |q + r| <= 5` (91 cells; hex-2p: `<= 6`, 127 cells), centre `(0, 0)`. Edge ("orthogonal") steps
//! `(1,0) (0,1) (-1,1) (-1,0) (0,-1) (1,-1)`, vertex ("diagonal") steps
//! `(1,1) (-1,2) (-2,1) (-1,-1) (1,-2) (2,-1)`. Turning 60 degrees
//! counter-clockwise maps `(q, r)` to `(-r, q + r)`.
//!
//! Cell names: hex-3p: row letter `a b c d e f g h i k l` for `r = -5..5`
//! and number `2q + r + 11` (`a6`, `f11`, `l16`); hex-6p: file letter for
//! `q = -5..5` and the cell's rank in its file counted from 1 at its lowest
//! cell (`f1` = `(0,-5)`, `f6` = `(0,0)`, `a1` = `(-5,0)`); the corner
//! games as hex-6p; hex-2p: row letter `a .. n` (no j) for `r = -6..6` and
//! number `2q + r + 13` (`a7`, `g13`, `n19`). Cell order (`all_cells`,
//! `to_text`): hex-3p and hex-2p by rows, each by rising number; hex-6p
//! and the corner games by files a..l, each by rising number.
//!
//! Frames: every player has a local frame, White's. Player `p`'s frame is
//! White's turned counter-clockwise about the centre by `120 * p` degrees
//! (hex-3p: white, red, black) or `60 * p` degrees (hex-6p: white, red,
//! yellow, black, blue, green) or `180 * p` (the two-player games: white,
//! black). Board cell = turn(local cell); a local
//! direction turns the same way. Own half, middle row, far row, setup and
//! figurant directions are White's, given in local coordinates:
//! - hex-3p (White): own half `r < 0` (rows a..e), middle row `r = 0` (row
//!   f), far row `r = 5` (row l); forward `(-1,2)`; quiet `(0,1) (-1,1)`;
//!   pawn captures `(1,1) (-1,2) (-2,1)`; dog captures `(0,1) (-1,1) (1,0)
//!   (-1,0)`.
//! - hex-6p (White): own half `2r + q < 0` (43 cells), middle row `2r + q =
//!   0` (b4 d5 f6 h5 k4), far row `r = 5` or `q + r = 5` except the corners
//!   a6 `(-5,5)` and l6 `(5,0)` (b7 c8 d9 e10 f11 g10 h9 i8 k7); forward
//!   `(0,1)`; quiet `(0,1) (1,0) (-1,1)`; pawn captures `(1,1) (-1,2)`; dog
//!   captures `(0,1) (1,0) (-1,1)`.
//! - hex-2p (White): own half `r < 0` (rows a..f, 57 cells), middle row
//!   `r = 0` (row g), far row `r = 6` (row n), next-to-last row `r = 5`
//!   (row m, optional promotion: 127 cells); figurants as hex-3p's.
//! - hex-2p-corner (White): as hex-6p (far row b7 .. f11 .. k7).
//! - hex-2p-rhombus (White): as hex-6p, but the far row is only the cells
//!   of Black's starting army on the far /\: c8 d9 e10 f11 g10 h9 i8
//!   (`-3 <= q <= 3`).
//!
//! Move keys (as cosmic_ref.rs): `<from><to>` (`c8e10`); a promotion appends
//! `=` and the new piece's letter (`k13l14=Q`); an en-passant capture
//! appends `/ep` (`e12d9/ep`; with a promotion `<from><to>=X/ep`); a castling is
//! `<king from><king to>/castle/<partner from>` (`a10b9/castle/b9`); the
//! forced moves are `pass` and `out`. A key is parsed (where needed) cell by
//! cell as one letter and its maximal run of digits.
//!
//! Position text (general notation, as cosmic_ref.rs): `white: Ka10 Ra6 ...;
//! red: ...; black: ...; turn white; moved a10; ep d9 victim e10; passed
//! red; out black`.
//!
//! Decisions where docs/COSMIC.md and the digest are silent or could be read
//! two ways (each is repeated, marked `Decision`, where it is implemented):
//! 1. No move ever captures or lands on a King, in play or out. (A King left
//!    attacked by a player who moves before its owner is not taken; it is
//!    only a check.) Positions where a player not to move is in check are
//!    accepted by `from_text`.
//! 2. A frozen (out) King blocks the Bird's quiet flights along its 12 lines
//!    (6 edge, 6 vertex): the Bird can neither land on it nor fly past it on
//!    that line. Ordinary pieces (frozen or not) never block the Bird. A
//!    vertex line visits only the cells it lands on: a piece (a frozen King
//!    too) on one of the two cells a vertex step passes between blocks
//!    nothing, for rides and flights alike. Leaps (Knight, Dragon's knight
//!    part, Medusa's and Fish's leaps, the Bird's knight leap) are not lines
//!    and jump over a frozen King like over any piece.
//! 3. No flank rule on the hex boards (docs/COSMIC.md gives it for
//!    four-player square boards only): every figurant captures on all its
//!    capture cells everywhere.
//! 4. En passant: the passed cells are the cells strictly between the start
//!    and the end of the long move (along the one quiet direction it used);
//!    the capturing piece lands on the passed cell and the figurant that
//!    made the long move is removed. The right lasts exactly one move of
//!    whoever moves next (the next player in play); a `pass` or `out` ends
//!    it. An en-passant capture ending on a promotion row promotes like any
//!    figurant move (key `<from><to>=X/ep`). A Bird that could also fly
//!    quietly onto the passed cell has both moves (`e12d9` and `e12d9/ep`).
//!    A long move is any quiet move of two or more cells; a capture is never
//!    one.
//! 5. Castling keys always name the partner: `<kf><kt>/castle/<pf>`. The
//!    partner is the first piece along one of the King's 6 edge directions
//!    (so at most 6 partners), every cell between empty. With a Fish or
//!    Teacher side by side with the King, "the cell next to the partner" is
//!    the King's own cell, so only the swap remains. A King castles only
//!    along edge lines, never along vertex lines.
//! 6. `moved CELLS`: a King on its start cell has moved iff that cell is
//!    listed; a King elsewhere has moved; cells listed that are not a King's
//!    start cell with that King on it are accepted and ignored. `to_text`
//!    lists only Kings standing on their start cell after having moved.
//! 7. `pass` and `out` are moves: perft counts them as one node each. The
//!    `passed` mark of a player is cleared by that player's next real move
//!    (or by `out`). A player who passed and meets, at its next turn, a game
//!    with only two players left in play and still no move ends the game at
//!    once (mate or stalemate), not by `out`.
//! 8. `outcome()`: one player left in play wins; with two left, the player
//!    to move without a legal move is mated (the other in-play player wins)
//!    or stalemated (draw of the two). Repetition and the move rule are not
//!    modelled (no history; `clocks` is accepted and ignored). Scores: a win
//!    is 1 for the winner, a draw shares 1 among the players still in play,
//!    players out score 0 (the ranking needs the history, not kept here).
//! 9. `from_text`: any of the 13 kinds may stand in either game (promotion
//!    choices stay those of the game); figurants on any cell are accepted
//!    (one on its far row moves and captures as anywhere, promoting again
//!    if it ends on the far row). Every player needs exactly one King.
//!    `turn` defaults to white and must be a player in play. A player cannot
//!    be both passed and out. `ep CELLS victim CELL`: the victim must be a
//!    figurant of the previous player in play standing on its own half, the
//!    cells exactly the 1 or more empty cells straight behind it along one
//!    of that player's quiet directions (any order, comma- or
//!    space-separated), the long move's start on the board. `castling ...`
//!    and `clocks N M` are accepted and ignored. Lists (`moved`, `passed`,
//!    `out`) may be comma- or space-separated.
//! 10. The game is over (no legal moves) once `outcome()` is Some.
//! 11. `divide(0)` is an empty map; `perft(0)` is 1 even when the game is
//!     over. `play_all` is atomic: on an error the position is unchanged.
//! 12. A Snake cell reached by two of its paths is one move, not two: each
//!     vertex neighbour begins two paths (axis `(0,1)` first step `(1,1)`
//!     and axis `(1,0)` first step `(1,1)`), and the cells on the axis line
//!     (`(0,3)`, `(0,6)`, ...) lie on both paths of that axis. A path is
//!     blocked only by the cells it visits (vertex steps jump between
//!     cells).
//! 13. "A game where pawns also play" and "the pieces of the game" are read
//!     off the game's setup, not off the current position: hex-3p's pawns
//!     promote to Q R B N S F W T M and its dogs to N B F W S; hex-6p's
//!     pawns to R N W T and its dogs to N W, even when no pawn is left.
//! 14. Figurants' quiet moves run along each quiet direction separately:
//!     one cell always, two or more cells only while the end stays on the
//!     own half (so the middle row is entered only by a single step, and a
//!     hex-6p step `(0,1)` from the last own row may jump the middle row
//!     into the enemy half as a single step). The hex-6p far row's trimmed
//!     corners (White: a6 and l6) are ordinary enemy-half cells: a figurant
//!     there does not promote and moves on by the quiet steps that stay on
//!     the board (from a6 only `(1,0)` to b7).
//! 15. Check (attack) for figurants is their capture cells only (never
//!     their quiet cells); for the Bird its 6 vertex neighbours only.
//! 16. The next-to-last row (hex-2p only, 127 cells): a figurant move
//!     ending there, quiet, capture or en passant, may stay plain or
//!     promote, a pawn to N B F W S, a dog to N B (those of the game:
//!     all of them in hex-2p). The far row wins where both could apply
//!     (they never overlap).
#![allow(dead_code)]
// Player numbers index per-player tables; loops over 0..np read best.
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
    Hex3p,
    Hex6p,
    /// Two players, GDP, the 127-cell hexagon of side 7 (pointy-topped).
    Hex2p,
    /// Two players, GOP, Glinski's board, a V-shaped setup.
    Hex2pCorner,
    /// Two players, GOP, Glinski's board, a rhombus-shaped setup.
    Hex2pRhombus,
}

/// The most cells of a board (hex-2p's 127); the 91-cell boards leave
/// the rest of a board array empty.
pub const NCELLS: usize = 127;
pub const MAX_PLAYERS: usize = 6;

/// Row (hex-3p, hex-2p) or file (hex-6p, the corner games) letters: no j.
const LETTERS: [char; 13] = [
    'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'k', 'l', 'm', 'n',
];

impl Variant {
    /// The board's radius: |q|, |r|, |q + r| <= radius.
    fn radius(self) -> i32 {
        if self == Variant::Hex2p {
            6
        } else {
            5
        }
    }
    /// Named by rows across (pointy-topped cells), not by files.
    fn rows_named(self) -> bool {
        matches!(self, Variant::Hex3p | Variant::Hex2p)
    }
}

type V2 = (i32, i32);

/// The six edge steps and the six vertex steps.
pub const EDGE: [V2; 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];
pub const VERTEX: [V2; 6] = [(1, 1), (-1, 2), (-2, 1), (-1, -1), (1, -2), (2, -1)];
/// The Knight's 12 leaps.
pub const KNIGHT: [V2; 12] = [
    (2, 1),
    (1, 2),
    (-1, 3),
    (-2, 3),
    (-3, 2),
    (-3, 1),
    (-2, -1),
    (-1, -2),
    (1, -3),
    (2, -3),
    (3, -2),
    (3, -1),
];

/// Turn a vector 60 degrees counter-clockwise `k` times.
pub fn turn(d: V2, k: usize) -> V2 {
    let mut v = d;
    for _ in 0..(k % 6) {
        v = (-v.1, v.0 + v.1);
    }
    v
}

fn scale(d: V2, n: i32) -> V2 {
    (d.0 * n, d.1 * n)
}

fn add(a: V2, b: V2) -> V2 {
    (a.0 + b.0, a.1 + b.1)
}

fn on_board(v: Variant, q: i32, r: i32) -> bool {
    let n = v.radius();
    q.abs() <= n && r.abs() <= n && (q + r).abs() <= n
}

/// The lowest r of file q (hex-6p numbering).
fn file_rmin(q: i32) -> i32 {
    (-5).max(-5 - q)
}

fn coord_name(v: Variant, q: i32, r: i32) -> String {
    let n = v.radius();
    if v.rows_named() {
        // Row letter from White's edge; the column 2q + r + 2n + 1.
        format!("{}{}", LETTERS[(r + n) as usize], 2 * q + r + 2 * n + 1)
    } else {
        format!("{}{}", LETTERS[(q + 5) as usize], r - file_rmin(q) + 1)
    }
}

fn parse_coord(v: Variant, s: &str) -> Option<V2> {
    let mut chars = s.chars();
    let f = chars.next()?;
    let i = LETTERS.iter().position(|&c| c == f)? as i32;
    let digits = chars.as_str();
    if digits.is_empty()
        || digits.len() > 2
        || !digits.bytes().all(|b| b.is_ascii_digit())
        || digits.starts_with('0')
    {
        return None;
    }
    let num: i32 = digits.parse().ok()?;
    let n = v.radius();
    let (q, r) = if v.rows_named() {
        let r = i - n;
        let twice_q = num - r - 2 * n - 1;
        if twice_q % 2 != 0 {
            return None;
        }
        (twice_q / 2, r)
    } else {
        let q = i - 5;
        (q, num - 1 + file_rmin(q))
    };
    if on_board(v, q, r) {
        Some((q, r))
    } else {
        None
    }
}

struct Game {
    v: Variant,
    np: usize,
    names: &'static [&'static str],
    /// Cell index -> (q, r).
    coords: Vec<V2>,
    /// (q + 6) * 13 + (r + 6) -> cell index.
    index: Vec<Option<usize>>,
    /// Degrees / 60 by which player p's frame is turned: p * turn_unit.
    turn_unit: usize,
    /// (player, kind, cell) of the start position.
    setup: Vec<(usize, Kind, usize)>,
    king_start: Vec<usize>,
    /// The kinds of the game's setups except the King and the figurants:
    /// what a pawn promotes to on the far row (setup order).
    pieces: Vec<Kind>,
    /// Pawns play in this game (then dogs promote only to N B F W S).
    has_pawns: bool,
    /// White-frame figurant directions.
    quiet: &'static [V2],
    pawn_caps: &'static [V2],
    dog_caps: &'static [V2],
}

/// White's setups, copied from docs/COSMIC.md (White's cell names).
const SETUP_3P: &str = "Ra6 Sa8 Ka10 Qa12 Sa14 Ra16 \
     Nb5 Fb7 Wb9 Bb11 Tb13 Mb15 Nb17 \
     Pc4 Pc6 Hc8 Hc10 Hc12 Hc14 Pc16 Pc18";
const SETUP_6P: &str = "Nd1 Re1 Kf1 Wg1 Th1 He2 Pf2 Hg2";
/// hex-2p: rows a, b and c (less its rim cells c5, c21).
const SETUP_2P: &str = "Sa7 Ba9 Qa11 Ka13 Da15 Ba17 Sa19 \
     Rb6 Nb8 Wb10 Fb12 Tb14 Mb16 Nb18 Rb20 \
     Pc7 Pc9 Hc11 Hc13 Hc15 Pc17 Pc19";
/// hex-2p-corner: the V c1..f1..i1 on the rim with e2 f2 g2 inside it,
/// the figurants in front (c2 d2 e3 f3 g3 h2 i2).
const SETUP_2P_CORNER: &str = "Rc1 Nd1 Be1 Kf1 Wg1 Sh1 Ri1 Ne2 Qf2 Fg2 \
     Pc2 Hd2 He3 Pf3 Hg3 Hh2 Pi2";
/// hex-2p-rhombus: the 3 x 3 tip of the rhombus f1-c1-f4-i1, figurants
/// on its inner sides.
const SETUP_2P_RHOMBUS: &str = "Rd1 Fe1 Kf1 Tg1 Rh1 De2 Qf2 Mg2 Wf3 \
     Pc1 Pd2 He3 Hf4 Hg3 Ph2 Pi1";

const NAMES_2: [&str; 2] = ["white", "black"];

const NAMES_3: [&str; 3] = ["white", "red", "black"];
const NAMES_6: [&str; 6] = ["white", "red", "yellow", "black", "blue", "green"];

const QUIET_3P: [V2; 2] = [(0, 1), (-1, 1)];
const PAWN_CAPS_3P: [V2; 3] = [(1, 1), (-1, 2), (-2, 1)];
const DOG_CAPS_3P: [V2; 4] = [(0, 1), (-1, 1), (1, 0), (-1, 0)];
const QUIET_6P: [V2; 3] = [(0, 1), (1, 0), (-1, 1)];
const PAWN_CAPS_6P: [V2; 2] = [(1, 1), (-1, 2)];
const DOG_CAPS_6P: [V2; 3] = [(0, 1), (1, 0), (-1, 1)];

fn build_game(v: Variant) -> Game {
    let mut coords = Vec::new();
    let n = v.radius();
    for a in -n..=n {
        for b in -n..=n {
            // Rows by rising number (rising q), or files by rising r.
            let (q, r) = if v.rows_named() { (b, a) } else { (a, b) };
            if on_board(v, q, r) {
                coords.push((q, r));
            }
        }
    }
    let mut index = vec![None; 169];
    for (i, &(q, r)) in coords.iter().enumerate() {
        index[((q + 6) * 13 + (r + 6)) as usize] = Some(i);
    }
    type Spec = (usize, &'static [&'static str], &'static str, usize);
    type Dirs = (&'static [V2], &'static [V2], &'static [V2]);
    let ((np, names, text, turn_unit), (quiet, pawn_caps, dog_caps)): (Spec, Dirs) = match v {
        Variant::Hex3p => (
            (3, &NAMES_3, SETUP_3P, 2),
            (&QUIET_3P, &PAWN_CAPS_3P, &DOG_CAPS_3P),
        ),
        Variant::Hex6p => (
            (6, &NAMES_6, SETUP_6P, 1),
            (&QUIET_6P, &PAWN_CAPS_6P, &DOG_CAPS_6P),
        ),
        Variant::Hex2p => (
            (2, &NAMES_2, SETUP_2P, 3),
            (&QUIET_3P, &PAWN_CAPS_3P, &DOG_CAPS_3P),
        ),
        Variant::Hex2pCorner => (
            (2, &NAMES_2, SETUP_2P_CORNER, 3),
            (&QUIET_6P, &PAWN_CAPS_6P, &DOG_CAPS_6P),
        ),
        Variant::Hex2pRhombus => (
            (2, &NAMES_2, SETUP_2P_RHOMBUS, 3),
            (&QUIET_6P, &PAWN_CAPS_6P, &DOG_CAPS_6P),
        ),
    };
    let mut g = Game {
        v,
        np,
        names,
        coords,
        index,
        turn_unit,
        setup: Vec::new(),
        king_start: vec![0; np],
        pieces: Vec::new(),
        has_pawns: false,
        quiet,
        pawn_caps,
        dog_caps,
    };
    for tok in text.split_whitespace() {
        let kind = Kind::from_letter(tok.chars().next().unwrap()).unwrap();
        let local = parse_coord(v, &tok[1..]).expect("setup cell");
        if kind == Kind::Pawn {
            g.has_pawns = true;
        }
        if !kind.is_figurant() && kind != Kind::King && !g.pieces.contains(&kind) {
            g.pieces.push(kind);
        }
        for p in 0..np {
            let (q, r) = turn(local, p * turn_unit);
            let c = g.cell(q, r).expect("turned setup cell");
            g.setup.push((p, kind, c));
            if kind == Kind::King {
                g.king_start[p] = c;
            }
        }
    }
    g
}

fn game(v: Variant) -> &'static Game {
    static G3: OnceLock<Game> = OnceLock::new();
    static G6: OnceLock<Game> = OnceLock::new();
    static G2: OnceLock<Game> = OnceLock::new();
    static G2C: OnceLock<Game> = OnceLock::new();
    static G2R: OnceLock<Game> = OnceLock::new();
    match v {
        Variant::Hex3p => G3.get_or_init(|| build_game(v)),
        Variant::Hex6p => G6.get_or_init(|| build_game(v)),
        Variant::Hex2p => G2.get_or_init(|| build_game(v)),
        Variant::Hex2pCorner => G2C.get_or_init(|| build_game(v)),
        Variant::Hex2pRhombus => G2R.get_or_init(|| build_game(v)),
    }
}

impl Game {
    fn cell(&self, q: i32, r: i32) -> Option<usize> {
        if on_board(self.v, q, r) {
            self.index[((q + 6) * 13 + (r + 6)) as usize]
        } else {
            None
        }
    }
    fn qr(&self, c: usize) -> V2 {
        self.coords[c]
    }
    fn step(&self, c: usize, d: V2) -> Option<usize> {
        let (q, r) = self.coords[c];
        self.cell(q + d.0, r + d.1)
    }
    fn name(&self, c: usize) -> String {
        let (q, r) = self.coords[c];
        coord_name(self.v, q, r)
    }
    fn parse_cell(&self, s: &str) -> Option<usize> {
        let (q, r) = parse_coord(self.v, s)?;
        self.cell(q, r)
    }
    /// How many 60-degree turns take White's frame to player p's.
    fn turns(&self, p: usize) -> usize {
        (p * self.turn_unit) % 6
    }
    /// A local (White-frame) direction of player p as a board direction.
    fn dir(&self, p: usize, d: V2) -> V2 {
        turn(d, self.turns(p))
    }
    /// A cell in player p's local (White-frame) coordinates.
    fn local(&self, p: usize, c: usize) -> V2 {
        turn(self.coords[c], (6 - self.turns(p)) % 6)
    }
    /// Is the cell on player p's own half?
    fn own_half(&self, p: usize, c: usize) -> bool {
        let (q, r) = self.local(p, c);
        match self.v {
            Variant::Hex3p | Variant::Hex2p => r < 0,
            _ => 2 * r + q < 0,
        }
    }
    /// Is the cell on player p's middle row?
    fn middle_row(&self, p: usize, c: usize) -> bool {
        let (q, r) = self.local(p, c);
        match self.v {
            Variant::Hex3p | Variant::Hex2p => r == 0,
            _ => 2 * r + q == 0,
        }
    }
    /// Is the cell on player p's far row (promotion row)?
    fn far_row(&self, p: usize, c: usize) -> bool {
        let (q, r) = self.local(p, c);
        let far_v = r == 5 || q + r == 5;
        match self.v {
            Variant::Hex3p => r == 5,
            Variant::Hex2p => r == 6,
            // The far /\ less its two flank corners a6 and l6.
            Variant::Hex6p | Variant::Hex2pCorner => far_v && (q, r) != (-5, 5) && (q, r) != (5, 0),
            // Trimmed down to Black's rim cells c8..f11..i8: q in -3..=3.
            Variant::Hex2pRhombus => far_v && (-3..=3).contains(&q),
        }
    }
    /// Is the cell on player p's next-to-last row? Only on boards of 100
    /// cells or more (hex-2p: row m, `r = 5`), where it promotes optionally.
    fn next_to_last(&self, p: usize, c: usize) -> bool {
        let (_, r) = self.local(p, c);
        self.v == Variant::Hex2p && r == 5
    }
    fn ncells(&self) -> usize {
        self.coords.len()
    }
    fn quiet_dirs(&self, p: usize) -> Vec<V2> {
        self.quiet.iter().map(|&d| self.dir(p, d)).collect()
    }
    fn capture_dirs(&self, p: usize, kind: Kind) -> Vec<V2> {
        let local = if kind == Kind::Pawn {
            self.pawn_caps
        } else {
            self.dog_caps
        };
        local.iter().map(|&d| self.dir(p, d)).collect()
    }
    fn player(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| *n == name)
    }
}

/// All cell names of a game, in board order (see the header).
pub fn all_cells(v: Variant) -> Vec<String> {
    let g = game(v);
    (0..g.ncells()).map(|c| g.name(c)).collect()
}

/// Axial (q, r) of a cell name, if it is on the board.
pub fn cell_qr(v: Variant, cell: &str) -> Option<(i32, i32)> {
    parse_coord(v, cell)
}

/// The name of the cell (q, r), if it is on the board.
pub fn cell_name(v: Variant, q: i32, r: i32) -> Option<String> {
    if on_board(v, q, r) {
        Some(coord_name(v, q, r))
    } else {
        None
    }
}

pub fn player_names(v: Variant) -> &'static [&'static str] {
    game(v).names
}

/// The kinds a pawn promotes to on the far row in this game.
pub fn game_pieces(v: Variant) -> Vec<Kind> {
    game(v).pieces.clone()
}

/// The start cell of player p's King.
pub fn king_start(v: Variant, p: usize) -> String {
    let g = game(v);
    g.name(g.king_start[p])
}

/// Is `cell` on player p's own half / middle row / far row?
pub fn is_own_half(v: Variant, p: usize, cell: &str) -> bool {
    let g = game(v);
    g.own_half(p, g.parse_cell(cell).expect("unknown cell"))
}
pub fn is_middle_row(v: Variant, p: usize, cell: &str) -> bool {
    let g = game(v);
    g.middle_row(p, g.parse_cell(cell).expect("unknown cell"))
}
pub fn is_far_row(v: Variant, p: usize, cell: &str) -> bool {
    let g = game(v);
    g.far_row(p, g.parse_cell(cell).expect("unknown cell"))
}
/// Is `cell` on player p's next-to-last row (optional promotion, boards of
/// 100 cells or more)?
pub fn is_next_to_last(v: Variant, p: usize, cell: &str) -> bool {
    let g = game(v);
    g.next_to_last(p, g.parse_cell(cell).expect("unknown cell"))
}

// ---------------------------------------------------------------------------
// Geometry of the pieces
// ---------------------------------------------------------------------------

/// The Snake's 12 paths as (first, other) vertex steps: the steps run
/// first, other, other, first, first, other, other, first, ... For an edge
/// axis e the two vertex steps flanking it are e + turn60(e) and
/// e + turn-60(e) (their sum is 3e). For the axis (0,1) with (1,1) first:
/// (1,1) (-1,2) (-1,2) (1,1), cells (1,1) (0,3) (-1,5) (0,6) (1,7) ...
pub fn snake_paths() -> Vec<(V2, V2)> {
    let mut out = Vec::new();
    for e in EDGE {
        let a = add(e, turn(e, 1));
        let b = add(e, turn(e, 5));
        out.push((a, b));
        out.push((b, a));
    }
    out
}

const SNAKE_PATTERN: [bool; 4] = [true, false, false, true];

fn snake_step(path: (V2, V2), i: usize) -> V2 {
    if SNAKE_PATTERN[i % 4] {
        path.0
    } else {
        path.1
    }
}

fn snake_paths_static() -> &'static [(V2, V2)] {
    static P: OnceLock<Vec<(V2, V2)>> = OnceLock::new();
    P.get_or_init(snake_paths)
}

// ---------------------------------------------------------------------------
// Positions and moves
// ---------------------------------------------------------------------------

type Board = [Option<Piece>; NCELLS];

/// A move on this board (`cosmic_core::Mv` with its pieces).
pub type Mv = CoreMv<Kind>;

/// The cells passed by the last long figurant move (in path order from its
/// start) and the figurant that made it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Ep {
    victim: u8,
    cells: [u8; 10],
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
    board: Board,
    kings: [usize; MAX_PLAYERS],
    king_moved: [bool; MAX_PLAYERS],
    turn: usize,
    ep: Option<Ep>,
    passed: [bool; MAX_PLAYERS],
    out: [bool; MAX_PLAYERS],
}

/// d == n * u for some n in 1..=max? Returns n.
fn multiple(d: V2, u: V2, max: i32) -> Option<i32> {
    let n = if u.0 != 0 { d.0 / u.0 } else { d.1 / u.1 };
    if n >= 1 && n <= max && scale(u, n) == d {
        Some(n)
    } else {
        None
    }
}

/// Does the piece `pc` on `from` attack `t` (the cells it could capture on,
/// whatever stands on `t`)? Frozen pieces are filtered out by the caller.
fn attacks(g: &Game, board: &Board, from: usize, pc: Piece, t: usize) -> bool {
    if from == t {
        return false;
    }
    let f = g.qr(from);
    let to = g.qr(t);
    let d = (to.0 - f.0, to.1 - f.1);
    // A ride of at most `max` cells along one of `dirs`, every visited cell
    // before `t` empty (Decision 2: a vertex step visits only its landing
    // cell).
    let ride = |dirs: &[V2], max: i32| -> bool {
        for &u in dirs {
            if let Some(n) = multiple(d, u, max) {
                for k in 1..n {
                    let c = g.cell(f.0 + u.0 * k, f.1 + u.1 * k).unwrap();
                    if board[c].is_some() {
                        return false;
                    }
                }
                return true;
            }
        }
        false
    };
    let king = EDGE.contains(&d) || VERTEX.contains(&d);
    let knight = KNIGHT.contains(&d);
    match pc.kind {
        Kind::King => king,
        Kind::Queen => ride(&EDGE, 12) || ride(&VERTEX, 12),
        Kind::Rook => ride(&EDGE, 12),
        Kind::Bishop => ride(&VERTEX, 12),
        Kind::Knight => knight,
        Kind::Dragon => knight || ride(&VERTEX, 12),
        Kind::Medusa => {
            king || EDGE.iter().any(|&u| scale(u, 3) == d)
                || VERTEX.iter().any(|&u| scale(u, 3) == d)
        }
        Kind::Fish => {
            EDGE.contains(&d)
                || EDGE.iter().any(|&u| scale(u, 2) == d)
                || VERTEX.iter().any(|&u| scale(u, 2) == d)
        }
        Kind::Teacher => ride(&EDGE, 2) || ride(&VERTEX, 2),
        Kind::Bird => VERTEX.contains(&d),
        Kind::Snake => {
            for &path in snake_paths_static() {
                let mut cur = from;
                let mut i = 0;
                while let Some(c) = g.step(cur, snake_step(path, i)) {
                    if c == t {
                        return true;
                    }
                    if board[c].is_some() {
                        break;
                    }
                    cur = c;
                    i += 1;
                }
            }
            false
        }
        Kind::Pawn | Kind::Dog => g.capture_dirs(pc.owner as usize, pc.kind).contains(&d),
    }
}

impl RefPos {
    fn g(&self) -> &'static Game {
        game(self.v)
    }

    fn empty(v: Variant) -> RefPos {
        RefPos {
            v,
            board: [None; NCELLS],
            kings: [0; MAX_PLAYERS],
            king_moved: [false; MAX_PLAYERS],
            turn: 0,
            ep: None,
            passed: [false; MAX_PLAYERS],
            out: [false; MAX_PLAYERS],
        }
    }

    /// The start position of a game.
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

    /// "white Q", "red H", ... or None for an empty or unknown cell.
    pub fn piece_at(&self, cell: &str) -> Option<String> {
        let g = self.g();
        let c = g.parse_cell(cell)?;
        self.board[c].map(|pc| format!("{} {}", g.names[pc.owner as usize], pc.kind.letter()))
    }

    /// Number of pieces of player p on the board.
    pub fn piece_count(&self, p: usize) -> usize {
        self.board
            .iter()
            .filter(|pc| matches!(pc, Some(pc) if pc.owner as usize == p))
            .count()
    }

    /// The passed cells of the open en passant, in path order, and its victim.
    pub fn ep_cells(&self) -> Option<(Vec<String>, String)> {
        let g = self.g();
        self.ep.map(|e| {
            (
                e.cells().iter().map(|&c| g.name(c as usize)).collect(),
                g.name(e.victim as usize),
            )
        })
    }

    /// The players in play other than `p` (their pieces attack).
    fn enemies(&self, p: usize) -> [bool; MAX_PLAYERS] {
        let mut m = [false; MAX_PLAYERS];
        for q in 0..self.g().np {
            m[q] = q != p && !self.out[q];
        }
        m
    }

    /// Is `t` attacked by a piece of a player with `by[player]`? Pieces of
    /// players out (frozen) never attack.
    fn attacked(&self, t: usize, by: [bool; MAX_PLAYERS]) -> bool {
        let g = self.g();
        for from in 0..NCELLS {
            if let Some(pc) = self.board[from] {
                let o = pc.owner as usize;
                if by[o] && !self.out[o] && attacks(g, &self.board, from, pc, t) {
                    return true;
                }
            }
        }
        false
    }

    /// Is `cell` attacked by a piece of `by` (nothing, if `by` is out)?
    pub fn is_attacked_by(&self, cell: &str, by: usize) -> bool {
        let c = self.g().parse_cell(cell).expect("unknown cell");
        let mut m = [false; MAX_PLAYERS];
        m[by] = true;
        self.attacked(c, m)
    }

    fn is_frozen_king(&self, c: usize) -> bool {
        matches!(self.board[c], Some(pc) if pc.kind == Kind::King && self.out[pc.owner as usize])
    }

    /// Can a piece of `p` end a move on `t`? Some(false) empty, Some(true) a
    /// capture (frozen pieces too). Decision (1): never on any King.
    fn target(&self, p: usize, t: usize) -> Option<bool> {
        match self.board[t] {
            None => Some(false),
            Some(pc) if pc.owner as usize != p && pc.kind != Kind::King => Some(true),
            _ => None,
        }
    }

    /// A figurant move from `from` to `to` with its promotion choices. The
    /// far row promotes, mandatory; on 91 cells there is no next-to-last
    /// promotion, on hex-2p's 127 it is optional (Decision 16).
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
        let light_medium = [
            Kind::Knight,
            Kind::Bishop,
            Kind::Fish,
            Kind::Bird,
            Kind::Snake,
        ];
        if g.far_row(p, to) {
            // A pawn to any piece of the game; a dog with pawns in the game
            // to N B F W S (those of the game). Decision (13).
            let choices: Vec<Kind> = if kind == Kind::Dog && g.has_pawns {
                of_game(&light_medium)
            } else {
                g.pieces.clone()
            };
            for k in choices {
                add(Some(k));
            }
        } else if g.next_to_last(p, to) {
            // Decision (16): the next-to-last row of a board of 100 cells or
            // more, optional: the plain move, or a pawn to N B F W S, a dog
            // to N B (those of the game).
            add(None);
            let choices = if kind == Kind::Pawn {
                of_game(&light_medium)
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

    /// En-passant captures by the piece on `from` whose capture directions
    /// are `dirs`. Decision (4): it lands on the passed cell.
    fn ep_captures(&self, out: &mut Vec<Mv>, kind: Kind, from: usize, dirs: &[V2]) {
        let g = self.g();
        let e = match self.ep {
            Some(e) => e,
            None => return,
        };
        let victim = e.victim as usize;
        match self.board[victim] {
            Some(pc) if pc.owner as usize != self.turn && pc.kind.is_figurant() => {}
            _ => return,
        }
        for &d in dirs {
            if let Some(t) = g.step(from, d) {
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
    }

    /// Free castling of the King on `kf` (never moved) with an own Rook,
    /// Bird, Fish or Teacher, the first piece along one of its 6 edge
    /// directions. Rook/Bird: the King goes 1..=k cells towards it (k =
    /// distance); Fish/Teacher: k-1 (next to it) or k (onto its cell). The
    /// partner goes to the cell next to the King's destination on the side
    /// the King came from. Decision (5).
    fn castlings(&self, out: &mut Vec<Mv>, kf: usize) {
        let g = self.g();
        let p = self.turn;
        if self.king_moved[p] {
            return;
        }
        for &d in EDGE.iter() {
            // path[0] = the King's cell, then the line up to its first piece.
            let mut path = vec![kf];
            let partner = loop {
                match g.step(*path.last().unwrap(), d) {
                    None => break None,
                    Some(c) => {
                        path.push(c);
                        if let Some(pc) = self.board[c] {
                            break Some(pc);
                        }
                    }
                }
            };
            match partner {
                Some(pc) if pc.owner as usize == p => match pc.kind {
                    Kind::Rook | Kind::Bird => out.extend(castlings_along(&path, true)),
                    Kind::Fish | Kind::Teacher => out.extend(castlings_along(&path, false)),
                    _ => {}
                },
                _ => {}
            }
        }
    }

    // -----------------------------------------------------------------------
    // Text
    // -----------------------------------------------------------------------

    /// Parse the general notation (see `to_text`). Decision (9) for what is
    /// accepted; anything else is an `Err`.
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
            let n = cells.len() as i32;
            let mut sorted_cells = cells.clone();
            sorted_cells.sort();
            let vqr = g.qr(vc);
            let mut found: Option<Vec<usize>> = None;
            for d in g.quiet_dirs(prev) {
                // The path in order from the long move's start.
                let path: Option<Vec<usize>> = (1..=n)
                    .rev()
                    .map(|i| g.cell(vqr.0 - d.0 * i, vqr.1 - d.1 * i))
                    .collect();
                let start = g.cell(vqr.0 - d.0 * (n + 1), vqr.1 - d.1 * (n + 1));
                if let (Some(path), Some(_)) = (path, start) {
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
                cells: [0; 10],
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

    /// Is `player`'s King attacked by a piece of a player in play?
    fn in_check(&self, player: usize) -> bool {
        self.attacked(self.kings[player], self.enemies(player))
    }

    /// Moves of the player to move, before the test of the own King.
    fn pseudo_moves(&self) -> Vec<Mv> {
        let g = self.g();
        let p = self.turn;
        let mut out = Vec::with_capacity(128);
        for from in 0..NCELLS {
            let pc = match self.board[from] {
                Some(pc) if pc.owner as usize == p => pc,
                _ => continue,
            };
            let leaps = |out: &mut Vec<Mv>, dirs: &[V2]| {
                for &d in dirs {
                    if let Some(t) = g.step(from, d) {
                        if self.target(p, t).is_some() {
                            out.push(Mv::plain(from, t));
                        }
                    }
                }
            };
            let rides = |out: &mut Vec<Mv>, dirs: &[V2], max: usize| {
                for &d in dirs {
                    let mut cur = from;
                    let mut n = 0;
                    while let Some(t) = g.step(cur, d) {
                        if n == max {
                            break;
                        }
                        n += 1;
                        match self.target(p, t) {
                            Some(false) => out.push(Mv::plain(from, t)),
                            Some(true) => {
                                out.push(Mv::plain(from, t));
                                break;
                            }
                            None => break,
                        }
                        cur = t;
                    }
                }
            };
            let scaled =
                |dirs: &[V2], n: i32| -> Vec<V2> { dirs.iter().map(|&d| scale(d, n)).collect() };
            match pc.kind {
                Kind::King => {
                    leaps(&mut out, &EDGE);
                    leaps(&mut out, &VERTEX);
                    self.castlings(&mut out, from);
                }
                Kind::Queen => {
                    rides(&mut out, &EDGE, usize::MAX);
                    rides(&mut out, &VERTEX, usize::MAX);
                }
                Kind::Rook => rides(&mut out, &EDGE, usize::MAX),
                Kind::Bishop => rides(&mut out, &VERTEX, usize::MAX),
                Kind::Knight => leaps(&mut out, &KNIGHT),
                Kind::Dragon => {
                    leaps(&mut out, &KNIGHT);
                    rides(&mut out, &VERTEX, usize::MAX);
                }
                Kind::Medusa => {
                    leaps(&mut out, &EDGE);
                    leaps(&mut out, &VERTEX);
                    leaps(&mut out, &scaled(&EDGE, 3));
                    leaps(&mut out, &scaled(&VERTEX, 3));
                }
                Kind::Fish => {
                    leaps(&mut out, &EDGE);
                    leaps(&mut out, &scaled(&EDGE, 2));
                    leaps(&mut out, &scaled(&VERTEX, 2));
                }
                // Teacher: edge and vertex rides of at most 2 cells; the
                // first must be empty to reach the second.
                Kind::Teacher => {
                    rides(&mut out, &EDGE, 2);
                    rides(&mut out, &VERTEX, 2);
                }
                Kind::Bird => {
                    // Quiet: any empty cell on the 12 lines, flying over
                    // pieces. Decision (2): not onto or past a frozen King.
                    for d in EDGE.iter().chain(VERTEX.iter()) {
                        let mut cur = from;
                        while let Some(t) = g.step(cur, *d) {
                            if self.is_frozen_king(t) {
                                break;
                            }
                            if self.board[t].is_none() {
                                out.push(Mv::plain(from, t));
                            }
                            cur = t;
                        }
                    }
                    // Quiet knight leaps to empty cells.
                    for &d in KNIGHT.iter() {
                        if let Some(t) = g.step(from, d) {
                            if self.board[t].is_none() {
                                out.push(Mv::plain(from, t));
                            }
                        }
                    }
                    // Captures on the 6 vertex neighbours only.
                    for &d in VERTEX.iter() {
                        if let Some(t) = g.step(from, d) {
                            if self.target(p, t) == Some(true) {
                                out.push(Mv::plain(from, t));
                            }
                        }
                    }
                    self.ep_captures(&mut out, pc.kind, from, &VERTEX);
                }
                Kind::Snake => {
                    // Decision (12): one move per cell however many paths
                    // reach it.
                    let mut seen = [false; NCELLS];
                    for &path in snake_paths_static() {
                        let mut cur = from;
                        let mut i = 0;
                        while let Some(t) = g.step(cur, snake_step(path, i)) {
                            let tg = self.target(p, t);
                            if tg.is_some() && !seen[t] {
                                seen[t] = true;
                                out.push(Mv::plain(from, t));
                            }
                            if tg != Some(false) {
                                break;
                            }
                            cur = t;
                            i += 1;
                        }
                    }
                }
                Kind::Pawn | Kind::Dog => {
                    // Quiet, along each quiet direction: one cell always;
                    // two or more only while the end stays on the own half.
                    // Decision (14).
                    for d in g.quiet_dirs(p) {
                        let mut cur = from;
                        let mut n = 0;
                        while let Some(t) = g.step(cur, d) {
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
                    let dirs = g.capture_dirs(p, pc.kind);
                    for &d in dirs.iter() {
                        if let Some(t) = g.step(from, d) {
                            if self.target(p, t) == Some(true) {
                                self.push_figurant(&mut out, pc.kind, from, t, MvKind::Normal);
                            }
                        }
                    }
                    self.ep_captures(&mut out, pc.kind, from, &dirs);
                }
            }
        }
        out
    }

    /// Apply a move without any checking; the turn passes on.
    fn apply(&mut self, m: &Mv) {
        let g = self.g();
        let p = self.turn;
        match m.kind {
            MvKind::Pass => {
                // Decision (7): cleared by the player's next real move or out.
                self.passed[p] = true;
            }
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
                // A quiet figurant move of two or more cells along a quiet
                // direction opens en passant of every cell it passed, for the
                // next move only. Decision (4).
                if figurant && m.kind == MvKind::Normal {
                    let f = g.qr(from);
                    let t = g.qr(to);
                    let delta = (t.0 - f.0, t.1 - f.1);
                    for d in g.quiet_dirs(p) {
                        if let Some(n) = multiple(delta, d, 12) {
                            if n >= 2 {
                                let mut e = Ep {
                                    victim: to as u8,
                                    cells: [0; 10],
                                    n: 0,
                                };
                                for i in 1..n {
                                    e.cells[e.n as usize] =
                                        g.cell(f.0 + d.0 * i, f.1 + d.1 * i).unwrap() as u8;
                                    e.n += 1;
                                }
                                self.ep = Some(e);
                                self.turn = self.next_in_play(p);
                                return;
                            }
                        }
                    }
                }
            }
        }
        self.ep = None;
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
        for c in 0..NCELLS {
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
