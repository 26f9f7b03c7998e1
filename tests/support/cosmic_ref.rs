//! Independent, deliberately simple reference move generator (a test oracle)
//! for the five square-board Cosmic chess games of `docs/COSMIC.md`:
//! `square-10` (two players on 10x10, pawns and dogs), `square-9` (two
//! players on 9x9, dogs only, middle row 5), `square-11` (two players on
//! 11x11, pawns and dogs, middle row 6), `square-4p` (four players on
//! 12x12) and `square-diag` (two players in the diagonal positioning, TDP:
//! a rectangle of 97 diamond cells in the players' frame, cut out of a
//! 13x13 square; White looks along (1,1), Black the other way).
//!
//! Written from `docs/COSMIC.md` (the spec implemented here), the rules
//! digest `../shared/rules/cosmic.md` and the Russian original (for
//! orientation); no code of the engine (`compiler/`, `runtime/`, `src/`,
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
//! Coordinates: `x` = file (a = 0), `y` = rank - 1. Every player has a local
//! frame (White's): `lx` = file seen from the player, `ly` = row counted from
//! the player's own edge (0 = the back row). Two players: Black is White
//! mirrored front to back (`(lx, h-1-ly)`, King e10 facing King e1). Four
//! players: red = White turned 90 degrees counter-clockwise about the centre
//! (`(11-ly, lx)`, c1 -> l3), black 180 degrees (`(11-lx, 11-ly)`), blue 270
//! degrees (`(ly, 11-lx)`). square-diag: White's frame is the board's and
//! Black is White turned 180 degrees about g7 (`(12-lx, 12-ly)`, King j10
//! facing King d4); there a cell's row is `lx + ly - 6` (Decision 14).
//!
//! Move keys: `<from><to>` (`e3e5`); a promotion appends `=` and the new
//! piece's letter (`a9a10=Q`), the optional promotion's non-promoting move is
//! the plain key; an en-passant capture appends `/ep` (`d4e3/ep`, with a
//! promotion `b3a4=Q/ep`); a castling is `<king from><king to>/castle/<partner
//! from>` (`e1g1/castle/h1`); the forced moves of four players are `pass` and
//! `out`.
//!
//! Decisions where docs/COSMIC.md and the digest are silent or could be read
//! two ways (each is repeated, marked `Decision`, where it is implemented):
//! 1. No move ever captures or lands on a King, in play or out. (Four
//!    players: a King left attacked by a player who moves before its owner
//!    is not taken; it is only a check.) Positions where the player not to
//!    move is in check are accepted by `from_text`.
//! 2. A frozen (out) King blocks the Bird's quiet flights along its 8 lines
//!    ("it blocks every line"): the Bird cannot fly past it on that line.
//!    Ordinary pieces (frozen or not) never block the Bird. Leaps (Knight,
//!    Dragon's knight part, Medusa, Fish, the Bird's knight leap) are not
//!    lines and jump over a frozen King like over any piece.
//! 3. The flank rule also removes the attack: a flank figurant on its own
//!    half does not attack (give check on, guard) the cell towards the near
//!    edge that it may not capture on. It applies to any figurant of that
//!    player standing on that file (not only the setup's), and to en-passant
//!    captures as well.
//! 4. En passant: the passed cells are the cells strictly between the start
//!    and the end of the long move; the capturing piece lands on the passed
//!    cell. The right lasts exactly one move of whoever moves next; a `pass`
//!    or `out` ends it. An en-passant capture ending on a promotion row
//!    promotes like any figurant move (key `<from><to>=X/ep`). A Bird that
//!    could also fly quietly onto the passed cell has both moves (`d3e4` and
//!    `d3e4/ep`).
//! 5. Castling key always names the partner: `<kf><kt>/castle/<pf>`, also
//!    where docs/COSMIC.md's notation would omit it. The partner is the first
//!    piece along one of the King's 4 orthogonal lines (so at most 4
//!    partners). With a Fish or Teacher side by side with the King, "the cell
//!    next to the partner" is the King's own cell, so only the swap remains.
//! 6. `moved CELLS`: a King on its start cell has moved iff that cell is
//!    listed; a King elsewhere has moved; cells listed that are not a King's
//!    start cell with that King on it are accepted and ignored. `to_text`
//!    lists only Kings standing on their start cell after having moved.
//! 7. Four players: `pass` and `out` are moves: perft counts them as one
//!    node each. The `passed` mark of a player is cleared by that player's
//!    next real move (or by `out`). A player who passed and meets, at its
//!    next turn, a game with only two players left in play and still no move
//!    ends the game at once (mate or stalemate), not by `out`.
//! 8. `outcome()`: two players: mate (the other wins) or stalemate (draw).
//!    Four players: one player left in play wins; with two left, the player
//!    to move without a legal move is mated (the other in-play player wins)
//!    or stalemated (draw of the two). Repetition and the move rule are not
//!    modelled (no history; `clocks` is accepted and ignored). Scores: a win
//!    is 1 for the winner, a draw shares 1 among the players still in play,
//!    players out score 0 (the ranking needs the history, not kept here).
//! 9. `from_text`: any of the 13 kinds may stand in any game (promotion
//!    choices stay those of the game); figurants on any row are accepted
//!    (one on its far row can only capture sideways, promoting). Every
//!    player needs exactly one King. `turn` defaults to white and must be a
//!    player in play. `passed`/`out` only in square-4p; a player cannot be
//!    both. `ep CELLS victim CELL`: the victim must be a figurant of the
//!    previous player in play, the cells exactly the 1 or more empty cells
//!    straight behind it (any order, comma- or space-separated), the long
//!    move's start on the board and its end on the victim's own half.
//!    `castling ...` and `clocks N M` are accepted and ignored. Lists
//!    (`moved`, `passed`, `out`) may be comma- or space-separated.
//! 10. The game is over (no legal moves) once `outcome()` is Some.
//! 11. `divide(0)` is an empty map; `perft(0)` is 1 even when the game is
//!     over. `play_all` is atomic: on an error the position is unchanged.
//! 12. A Snake cell reached by two of its paths (from e5, f6 begins both
//!     "up, right first" and "right, up first") is one move, not two.
//! 13. "A game where pawns also play" and "the pieces of the game" are read
//!     off the game's setup, not off the current position: in square-10 and
//!     square-4p a dog promotes to N B F W S (of the game) even when no
//!     pawn is left; square-9's dogs promote to Q R B N T F.
//!
//! square-diag (TDP), added later, from COSMIC.md's sections "Figurants on
//! every board" and "square-diag.variant"; the three games above are
//! unchanged (Decisions 1-13 hold for square-diag too where they apply).
//! Rewritten (2026-12-05) for the board of issue 30: the 9x9 rhombus whose
//! two far edges promoted is gone.
//! 14. Board, frames and rows: the cells of a 13x13 square (names a1..m13)
//!     with `u = x + y - 6` in 0..=12 and `v = x - y` in -7..=7, 97 cells;
//!     every other cell of the square is off the board (a step onto it
//!     leaves the board; every line meets the board in one run, since the
//!     outline is convex). White's local frame is the board's, Black's is
//!     it turned 180 degrees about g7, `(x, y) -> (12 - x, 12 - y)`, for
//!     the setup, the figurants' directions and every region. A cell's row
//!     in a player's frame is `lx + ly - 6` (0 = the player's edge, rows of
//!     7 and 8 cells alternating, 12 = the far edge); own half rows 0..5
//!     (45 cells), middle row 6 (d10..j4, 7 cells, nobody's), enemy half
//!     rows 7..12. Pieces other than figurants ignore frames: they move
//!     along the board's ranks, files and diagonals as on any square board
//!     (the Snake's axes are ranks and files).
//! 15. Figurant quiet moves (TDP): along each of the two quiet directions
//!     (White (1,0) and (0,1)) separately, over empty cells: the first cell
//!     always (also onto the middle row, from it, and on the enemy half),
//!     each further cell only while it lies on the own half. A move never
//!     changes direction, so a long move never ends on the middle row or
//!     beyond; on the middle row and the enemy half both single steps are
//!     open (one of them where it would leave the board). Pawn capture:
//!     (1,1) only; dog captures: (1,0) and (0,1) only (no orthogonal is
//!     level on TDP, so no sideways capture); these are also the cells they
//!     attack. A pawn's capture advances two rows: from row 4 it lands on
//!     the middle row, from row 5 it crosses it (a capture is one cell, not
//!     a long move).
//! 16. En passant (TDP): a quiet move of two or more cells along one quiet
//!     direction opens the cells strictly between its start and end
//!     (Decision 4 otherwise). In `from_text`, `ep CELLS victim CELL` must
//!     list exactly the cells straight behind the victim along one of its
//!     owner's two quiet directions, the long move's start on the board and
//!     the victim on its own half. A capture onto a passed cell that lies
//!     on the capturer's far row would promote; on this board the passed
//!     cells lie on the mover's rows 1..4, never on the enemy's far row.
//! 17. Far row (TDP): the last row of the player's frame, row 12: White's
//!     g13 h12 i11 j10 k9 l8 m7, Black's a7 b6 c5 d4 e3 f2 g1. 97 cells: no
//!     next-to-last promotion. Choices by Decision 13: a pawn to the
//!     setup's pieces R N B Q S F T, a dog to N B F S (the game has no
//!     Bird).
//! 18. Castling (TDP): unchanged, along the board's ranks and files (not
//!     along a player's rows, the anti-diagonals); King start cells d4 and
//!     j10 (for `moved`). At the start the King stands beside its Fish d5
//!     and its Teacher e4, so the swaps `d4d5/castle/d5` and
//!     `d4e4/castle/e4` are legal first moves.
//!
//! square-11, added with it: a TOP board like square-10 and square-9
//! (Decisions 1-13): own half ranks 1..5 (Black 7..11), middle rank 6,
//! far row rank 11 (Black 1), and 121 cells, so the next-to-last rank 10
//! (Black 2) promotes optionally.
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
    Square10,
    Square9,
    Square4p,
    /// `square-diag`: two players in the diagonal positioning (TDP), a
    /// rectangle of 97 diamond cells cut out of a 13x13 square (Decision 14).
    SquareDiag,
    /// `square-11`: two players on 11x11, pawns and dogs, middle row 6.
    Square11,
}

/// How the players' frames lie on the board (White's is always the board's).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Frame {
    /// Two players facing across a side (TOP): Black = White mirrored front
    /// to back, `(lx, h-1-ly)`.
    Mirror,
    /// Four players (TOP): White turned 90, 180, 270 degrees.
    Turn4,
    /// Two players at opposite corners (TDP): Black = White turned 180
    /// degrees, `(w-1-lx, h-1-ly)`; rows are the anti-diagonals `lx + ly`.
    Diag,
}

pub const MAX_CELLS: usize = 169;

/// The TDP board of square-diag (Decision 14): in White's frame a cell's
/// row is `u = x + y - DIAG_LO` and its sideways place `v = x - y`; the
/// board is `0 <= u <= DIAG_ROWS`, `|v| <= DIAG_V` of a 13x13 square.
const DIAG_LO: i32 = 6;
const DIAG_ROWS: i32 = 12;
const DIAG_V: i32 = 7;

struct Game {
    w: i32,
    h: i32,
    np: usize,
    frame: Frame,
    names: &'static [&'static str],
    /// (player, kind, cell) of the start position.
    setup: Vec<(usize, Kind, usize)>,
    king_start: Vec<usize>,
    /// The kinds of the game's setups except the King and the figurants:
    /// what a pawn promotes to on the far row.
    pieces: Vec<Kind>,
    /// Pawns play in this game (then dogs promote only to N B F W S).
    has_pawns: bool,
    /// Four players: the local files (lx) of the flank figurants.
    flank: Option<(i32, i32)>,
    /// The board's cells (the 100-cell bound of the next-to-last row).
    count: usize,
}

/// White's setups, copied from docs/COSMIC.md.
const SETUP_10: &str = "Ra1 Nb1 Bc1 Dd1 Ke1 Qf1 Mg1 Bh1 Ni1 Rj1 \
     Wa2 Fb2 Sc2 Td2 Tg2 Sh2 Fi2 Wj2 \
     Pa3 Pb3 Pc3 Pd3 He3 Hf3 Pg3 Ph3 Pi3 Pj3";
const SETUP_9: &str = "Ra1 Nb1 Bc1 Qd1 Ke1 Tf1 Bg1 Nh1 Fi1 \
     Ha2 Hb2 Hc2 Hd2 He2 Hf2 Hg2 Hh2 Hi2";
const SETUP_4P: &str = "Rc1 Nd1 Se1 Kf1 Qg1 Wh1 Fi1 Rj1 \
     Pc2 Pd2 He2 Hf2 Hg2 Hh2 Pi2 Pj2";

/// square-diag, White's setup by the rows 0, 1, 2 of its frame (row 0 is
/// a7..g1, row 1 a8..h1, row 2 b8..h2), copied from docs/COSMIC.md.
const SETUP_DIAG: &str = "Ra7 Nb6 Bc5 Kd4 Qe3 Nf2 Rg1 \
     Sc6 Fd5 Te4 Bf3 \
     Pc7 Hd6 Pe5 Hf4 Pg3";
const SETUP_11: &str = "Ra1 Nb1 Bc1 Dd1 Me1 Kf1 Qg1 Bh1 Mi1 Nj1 Rk1 \
     Wa2 Fb2 Sc2 Td2 Th2 Si2 Fj2 Wk2 \
     Pa3 Pb3 Pc3 Pd3 He3 Hf3 Hg3 Ph3 Pi3 Pj3 Pk3";

const NAMES_2: [&str; 2] = ["white", "black"];
const NAMES_4: [&str; 4] = ["white", "red", "black", "blue"];

fn build_game(v: Variant) -> Game {
    type Spec = (
        i32,
        i32,
        usize,
        Frame,
        &'static [&'static str],
        &'static str,
    );
    let (w, h, np, frame, names, text): Spec = match v {
        Variant::Square10 => (10, 10, 2, Frame::Mirror, &NAMES_2, SETUP_10),
        Variant::Square9 => (9, 9, 2, Frame::Mirror, &NAMES_2, SETUP_9),
        Variant::Square4p => (12, 12, 4, Frame::Turn4, &NAMES_4, SETUP_4P),
        Variant::SquareDiag => (13, 13, 2, Frame::Diag, &NAMES_2, SETUP_DIAG),
        Variant::Square11 => (11, 11, 2, Frame::Mirror, &NAMES_2, SETUP_11),
    };
    let mut g = Game {
        w,
        h,
        np,
        frame,
        names,
        setup: Vec::new(),
        king_start: vec![0; np],
        pieces: Vec::new(),
        has_pawns: false,
        flank: None,
        count: 0,
    };
    g.count = (0..g.ncells()).filter(|&c| g.is_cell(c)).count();
    let mut fig_files = Vec::new();
    for tok in text.split_whitespace() {
        let kind = Kind::from_letter(tok.chars().next().unwrap()).unwrap();
        let (lx, ly) = parse_xy(w, h, &tok[1..]).expect("setup cell");
        if kind == Kind::Pawn {
            g.has_pawns = true;
        }
        if kind.is_figurant() {
            fig_files.push(lx);
        } else if kind != Kind::King && !g.pieces.contains(&kind) {
            g.pieces.push(kind);
        }
        for p in 0..np {
            let (x, y) = local_to_board(w, h, frame, p, lx, ly);
            let c = (y * w + x) as usize;
            g.setup.push((p, kind, c));
            if kind == Kind::King {
                g.king_start[p] = c;
            }
        }
    }
    if np == 4 {
        // Flank files: the files of the two end figurants of the setup.
        let lo = *fig_files.iter().min().unwrap();
        let hi = *fig_files.iter().max().unwrap();
        g.flank = Some((lo, hi));
    }
    g
}

fn game(v: Variant) -> &'static Game {
    static G10: OnceLock<Game> = OnceLock::new();
    static G9: OnceLock<Game> = OnceLock::new();
    static G4: OnceLock<Game> = OnceLock::new();
    static GD: OnceLock<Game> = OnceLock::new();
    static G11: OnceLock<Game> = OnceLock::new();
    match v {
        Variant::Square10 => G10.get_or_init(|| build_game(v)),
        Variant::Square9 => G9.get_or_init(|| build_game(v)),
        Variant::Square4p => G4.get_or_init(|| build_game(v)),
        Variant::SquareDiag => GD.get_or_init(|| build_game(v)),
        Variant::Square11 => G11.get_or_init(|| build_game(v)),
    }
}

// ---------------------------------------------------------------------------
// Frames and cells
// ---------------------------------------------------------------------------

/// Player p's local (White-frame) coordinates to board coordinates.
fn local_to_board(w: i32, h: i32, frame: Frame, p: usize, lx: i32, ly: i32) -> (i32, i32) {
    if frame == Frame::Diag {
        // Turned 180 degrees; its own inverse.
        match p {
            0 => (lx, ly),
            _ => (w - 1 - lx, h - 1 - ly),
        }
    } else if frame == Frame::Mirror {
        match p {
            0 => (lx, ly),
            _ => (lx, h - 1 - ly),
        }
    } else {
        let n = w - 1;
        match p {
            0 => (lx, ly),
            1 => (n - ly, lx),
            2 => (n - lx, n - ly),
            _ => (ly, n - lx),
        }
    }
}

/// Board coordinates to player p's local coordinates (inverse of the above).
fn board_to_local(w: i32, h: i32, frame: Frame, p: usize, x: i32, y: i32) -> (i32, i32) {
    if frame == Frame::Diag {
        match p {
            0 => (x, y),
            _ => (w - 1 - x, h - 1 - y),
        }
    } else if frame == Frame::Mirror {
        match p {
            0 => (x, y),
            _ => (x, h - 1 - y),
        }
    } else {
        let n = w - 1;
        match p {
            0 => (x, y),
            1 => (y, n - x),
            2 => (n - x, n - y),
            _ => (n - y, x),
        }
    }
}

/// A local direction of player p as a board direction.
fn dir_to_board(frame: Frame, p: usize, d: (i32, i32)) -> (i32, i32) {
    let (dx, dy) = d;
    if frame == Frame::Diag {
        match p {
            0 => (dx, dy),
            _ => (-dx, -dy),
        }
    } else if frame == Frame::Mirror {
        match p {
            0 => (dx, dy),
            _ => (dx, -dy),
        }
    } else {
        match p {
            0 => (dx, dy),
            1 => (-dy, dx),
            2 => (-dx, -dy),
            _ => (dy, -dx),
        }
    }
}

fn parse_xy(w: i32, h: i32, s: &str) -> Option<(i32, i32)> {
    let mut chars = s.chars();
    let f = chars.next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let x = f as i32 - 'a' as i32;
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
        return None;
    }
    if digits.len() > 2 {
        return None;
    }
    let y: i32 = digits.parse::<i32>().ok()? - 1;
    if x < 0 || x >= w || y < 0 || y >= h {
        return None;
    }
    Some((x, y))
}

impl Game {
    /// The cell indices (`y * w + x`) run over the whole rectangle; on TDP
    /// the cells outside the board are never used (`cell` refuses them).
    fn ncells(&self) -> usize {
        (self.w * self.h) as usize
    }
    /// Is (x, y) of the rectangle on the board? TDP: inside the rectangle
    /// of the players' frame (Decision 14).
    fn on_board(&self, x: i32, y: i32) -> bool {
        if self.frame == Frame::Diag {
            let (u, v) = (x + y - DIAG_LO, x - y);
            (0..=DIAG_ROWS).contains(&u) && v.abs() <= DIAG_V
        } else {
            true
        }
    }
    fn is_cell(&self, c: usize) -> bool {
        let (x, y) = self.xy(c);
        self.on_board(x, y)
    }
    fn xy(&self, c: usize) -> (i32, i32) {
        (c as i32 % self.w, c as i32 / self.w)
    }
    fn cell(&self, x: i32, y: i32) -> Option<usize> {
        if x < 0 || y < 0 || x >= self.w || y >= self.h || !self.on_board(x, y) {
            None
        } else {
            Some((y * self.w + x) as usize)
        }
    }
    fn step(&self, c: usize, d: (i32, i32)) -> Option<usize> {
        let (x, y) = self.xy(c);
        self.cell(x + d.0, y + d.1)
    }
    fn name(&self, c: usize) -> String {
        let (x, y) = self.xy(c);
        format!("{}{}", (b'a' + x as u8) as char, y + 1)
    }
    fn parse_cell(&self, s: &str) -> Option<usize> {
        let (x, y) = parse_xy(self.w, self.h, s)?;
        self.cell(x, y)
    }
    fn local(&self, p: usize, c: usize) -> (i32, i32) {
        let (x, y) = self.xy(c);
        board_to_local(self.w, self.h, self.frame, p, x, y)
    }
    /// Row `ly` (counted from the player's edge) is on the player's own half:
    /// ranks 1..5 of 10, 1..4 of 9 (row 5 of 9 is the middle row), 1..5 of
    /// 11 (row 6 the middle), 1..6 of 12.
    fn own_half(&self, ly: i32) -> bool {
        2 * ly < self.h - 1
    }
    fn fwd(&self, p: usize) -> (i32, i32) {
        dir_to_board(self.frame, p, (0, 1))
    }
    /// The board directions of player p's quiet figurant moves: straight
    /// ahead on TOP; TDP: the two orthogonals at 45 degrees, White's (1,0)
    /// and (0,1) (Decision 15).
    fn quiet_dirs(&self, p: usize) -> Vec<(i32, i32)> {
        if self.frame == Frame::Diag {
            vec![
                dir_to_board(self.frame, p, (1, 0)),
                dir_to_board(self.frame, p, (0, 1)),
            ]
        } else {
            vec![self.fwd(p)]
        }
    }
    /// The row of cell c counted from player p's edge (0 = the back row):
    /// `ly` on TOP, `lx + ly - 6` on TDP (Decision 14).
    fn row(&self, p: usize, c: usize) -> i32 {
        let (lx, ly) = self.local(p, c);
        if self.frame == Frame::Diag {
            lx + ly - DIAG_LO
        } else {
            ly
        }
    }
    /// The last row of the board in a player's frame (its far row).
    fn last_row(&self) -> i32 {
        if self.frame == Frame::Diag {
            DIAG_ROWS
        } else {
            self.h - 1
        }
    }
    /// Is cell c on player p's own half? The rows before the middle: TOP
    /// `own_half(ly)`; TDP rows 0..5 (the middle row 6 is nobody's).
    fn own_half_at(&self, p: usize, c: usize) -> bool {
        2 * self.row(p, c) < self.last_row()
    }
    /// Is cell c on player p's far row (mandatory promotion)? The last row
    /// of the player's frame: TOP the last rank; TDP row 12, White's g13..m7
    /// (Decision 17).
    fn far_row(&self, p: usize, c: usize) -> bool {
        self.row(p, c) == self.last_row()
    }
    /// Is cell c on player p's next-to-last row (optional promotion on 100+
    /// cells: square-10, square-11, square-4p; not the 97 of square-diag)?
    fn next_to_last(&self, p: usize, c: usize) -> bool {
        self.row(p, c) == self.last_row() - 1 && self.count >= 100
    }
    fn player(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| *n == name)
    }
}

/// All cell names of a game, in board order (a1, b1, ..., a2, ...).
pub fn all_cells(v: Variant) -> Vec<String> {
    let g = game(v);
    (0..g.ncells())
        .filter(|&c| g.is_cell(c))
        .map(|c| g.name(c))
        .collect()
}

/// (file, rank - 1) of a cell name, if it is on the board.
pub fn cell_xy(v: Variant, cell: &str) -> Option<(i32, i32)> {
    let g = game(v);
    g.parse_cell(cell).map(|c| g.xy(c))
}

/// The name of the cell (x, y), if it is on the board.
pub fn cell_name(v: Variant, x: i32, y: i32) -> Option<String> {
    let g = game(v);
    g.cell(x, y).map(|c| g.name(c))
}

pub fn player_names(v: Variant) -> &'static [&'static str] {
    game(v).names
}

/// The kinds a pawn promotes to on the far row in this game.
pub fn game_pieces(v: Variant) -> Vec<Kind> {
    game(v).pieces.clone()
}

// ---------------------------------------------------------------------------
// Geometry of the pieces (board directions)
// ---------------------------------------------------------------------------

const ORTH: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KING8: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
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
/// Medusa's leaps besides the King steps: (3,0) and (3,3) every direction.
const MEDUSA_LEAPS: [(i32, i32); 8] = [
    (3, 0),
    (-3, 0),
    (0, 3),
    (0, -3),
    (3, 3),
    (3, -3),
    (-3, 3),
    (-3, -3),
];
/// Fish: one orthogonal step, leaps (2,0) and (2,2) every direction.
const FISH: [(i32, i32); 12] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (2, 0),
    (-2, 0),
    (0, 2),
    (0, -2),
    (2, 2),
    (2, -2),
    (-2, 2),
    (-2, -2),
];

/// The Snake's 8 paths as (axis, side): step i is axis + PATTERN[i % 4] *
/// side; for axis up and side right: (+1,+1), (-1,+1), (-1,+1), (+1,+1), ...
/// so the sideways offset runs 1, 0, -1, 0, 1, ... after each step.
const SNAKE_PATHS: [((i32, i32), (i32, i32)); 8] = [
    ((0, 1), (1, 0)),
    ((0, 1), (-1, 0)),
    ((0, -1), (1, 0)),
    ((0, -1), (-1, 0)),
    ((1, 0), (0, 1)),
    ((1, 0), (0, -1)),
    ((-1, 0), (0, 1)),
    ((-1, 0), (0, -1)),
];
const SNAKE_PATTERN: [i32; 4] = [1, -1, -1, 1];

fn snake_step(path: ((i32, i32), (i32, i32)), i: usize) -> (i32, i32) {
    let (a, s) = path;
    let k = SNAKE_PATTERN[i % 4];
    (a.0 + k * s.0, a.1 + k * s.1)
}

/// A figurant's capture directions (board) from `from`, the flank rule
/// applied. Pawn: the 2 forward diagonals; dog: forward and both sideways.
/// Decision (3): the flank rule also removes the attack, for any figurant of
/// the player on a flank file on its own half.
fn figurant_capture_dirs(g: &Game, p: usize, kind: Kind, from: usize) -> Vec<(i32, i32)> {
    let local: &[(i32, i32)] = match (g.frame == Frame::Diag, kind == Kind::Pawn) {
        (false, true) => &[(-1, 1), (1, 1)],
        (false, false) => &[(0, 1), (-1, 0), (1, 0)],
        // TDP (White's frame): the pawn's one advancing vertex neighbour,
        // the dog's two advancing edge neighbours (none is level).
        // Decision (15).
        (true, true) => &[(1, 1)],
        (true, false) => &[(1, 0), (0, 1)],
    };
    let (lx, ly) = g.local(p, from);
    let mut out = Vec::new();
    for &d in local {
        if let Some((lo, hi)) = g.flank {
            if g.own_half(ly) && ((lx == lo && d.0 < 0) || (lx == hi && d.0 > 0)) {
                continue;
            }
        }
        out.push(dir_to_board(g.frame, p, d));
    }
    out
}

// ---------------------------------------------------------------------------
// Positions and moves
// ---------------------------------------------------------------------------

type Board = [Option<Piece>; MAX_CELLS];

/// A move on this board (`cosmic_core::Mv` with its pieces).
pub type Mv = CoreMv<Kind>;

/// The cells passed by the last long figurant move (in path order from its
/// start) and the figurant that made it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Ep {
    victim: u8,
    cells: [u8; 12],
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
    kings: [usize; 4],
    king_moved: [bool; 4],
    turn: usize,
    ep: Option<Ep>,
    passed: [bool; 4],
    out: [bool; 4],
}

/// Does the piece `pc` on `from` attack `t` (the cells it could capture on,
/// whatever stands on `t`)? Frozen pieces are filtered out by the caller.
fn attacks(g: &Game, board: &Board, from: usize, pc: Piece, t: usize) -> bool {
    if from == t {
        return false;
    }
    let (fx, fy) = g.xy(from);
    let (tx, ty) = g.xy(t);
    let (dx, dy) = (tx - fx, ty - fy);
    let (ax, ay) = (dx.abs(), dy.abs());
    let king = ax <= 1 && ay <= 1;
    let knight = (ax == 1 && ay == 2) || (ax == 2 && ay == 1);
    // A ride along a rook or bishop line with every cell between empty.
    let clear = || {
        let (sx, sy) = (dx.signum(), dy.signum());
        let (mut x, mut y) = (fx + sx, fy + sy);
        while (x, y) != (tx, ty) {
            if board[(y * g.w + x) as usize].is_some() {
                return false;
            }
            x += sx;
            y += sy;
        }
        true
    };
    let rook = (dx == 0 || dy == 0) && clear();
    let bishop_line = ax == ay;
    match pc.kind {
        Kind::King => king,
        Kind::Knight => knight,
        Kind::Rook => rook,
        Kind::Bishop => bishop_line && clear(),
        Kind::Queen => rook || (bishop_line && clear()),
        Kind::Dragon => knight || (bishop_line && clear()),
        Kind::Medusa => king || MEDUSA_LEAPS.contains(&(dx, dy)),
        Kind::Fish => FISH.contains(&(dx, dy)),
        Kind::Teacher => (dx == 0 || dy == 0 || ax == ay) && ax.max(ay) <= 2 && clear(),
        Kind::Bird => ax == 1 && ay == 1,
        Kind::Snake => {
            for path in SNAKE_PATHS {
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
        Kind::Pawn | Kind::Dog => {
            figurant_capture_dirs(g, pc.owner as usize, pc.kind, from).contains(&(dx, dy))
        }
    }
}

impl RefPos {
    fn g(&self) -> &'static Game {
        game(self.v)
    }

    fn empty(v: Variant) -> RefPos {
        RefPos {
            v,
            board: [None; MAX_CELLS],
            kings: [0; 4],
            king_moved: [false; 4],
            turn: 0,
            ep: None,
            passed: [false; 4],
            out: [false; 4],
        }
    }

    /// The start position of a game.
    pub fn start(v: Variant) -> RefPos {
        let g = game(v);
        let mut pos = RefPos::empty(v);
        for &(p, kind, c) in g.setup.iter() {
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
    fn enemies(&self, p: usize) -> [bool; 4] {
        let mut m = [false; 4];
        for q in 0..self.g().np {
            m[q] = q != p && !self.out[q];
        }
        m
    }

    /// Is `t` attacked by a piece of a player with `by[player]`? Pieces of
    /// players out (frozen) never attack.
    fn attacked(&self, t: usize, by: [bool; 4]) -> bool {
        let g = self.g();
        for from in 0..g.ncells() {
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
        let mut m = [false; 4];
        m[by] = true;
        self.attacked(c, m)
    }

    fn is_frozen_king(&self, c: usize) -> bool {
        matches!(self.board[c], Some(pc) if pc.kind == Kind::King && self.out[pc.owner as usize])
    }

    /// Can a piece of `p` end a move on `t`? Some(false) empty, Some(true) a
    /// capture. Decision (1): never on any King (in play or frozen).
    fn target(&self, p: usize, t: usize) -> Option<bool> {
        match self.board[t] {
            None => Some(false),
            Some(pc) if pc.owner as usize != p && pc.kind != Kind::King => Some(true),
            _ => None,
        }
    }

    /// A figurant move from `from` to `to` with its promotion choices.
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
            // Far row, mandatory: a pawn to any piece of the game; a dog with
            // pawns in the game to N B F W S, in a game of dogs only like a
            // pawn. Decision (13): "the game" is its setup.
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
            // Next-to-last row on 100+ cells, optional: a pawn to N B F W S,
            // a dog to N B (those the game plays).
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

    /// En-passant captures by the piece on `from` whose capture directions
    /// are `dirs`. Decision (4): it lands on the passed cell.
    fn ep_captures(&self, out: &mut Vec<Mv>, kind: Kind, from: usize, dirs: &[(i32, i32)]) {
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
    /// Bird, Fish or Teacher, the first piece on one of its 4 orthogonal
    /// lines. Rook/Bird: the King goes 1..=k cells towards it (k = distance);
    /// Fish/Teacher: k-1 (next to it) or k (onto its cell). The partner goes
    /// to the cell next to the King's destination on the side the King came
    /// from. Decision (5): 4 lines at most; side by side only the swap.
    /// Decision (18): on TDP too, along the board's ranks and files.
    fn castlings(&self, out: &mut Vec<Mv>, kf: usize) {
        let g = self.g();
        let p = self.turn;
        if self.king_moved[p] {
            return;
        }
        for &d in ORTH.iter() {
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
            refuse_empty_flags: true,
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
            // The passed cells lie straight behind the victim along one of
            // its quiet directions (one on TOP, two on TDP; Decision 16).
            let n = cells.len() as i32;
            let mut sorted_b = cells.clone();
            sorted_b.sort();
            let mut found: Result<Vec<usize>, String> =
                Err("ep cells are not the cells behind the victim".into());
            for f in g.quiet_dirs(prev) {
                let mut path = Vec::new();
                for i in (1..=n).rev() {
                    if let Some(c) = g.step(vc, (-f.0 * i, -f.1 * i)) {
                        path.push(c);
                    }
                }
                let mut sorted_a = path.clone();
                sorted_a.sort();
                if path.len() as i32 != n || sorted_a != sorted_b {
                    continue;
                }
                found = if g.step(vc, (-f.0 * (n + 1), -f.1 * (n + 1))).is_none() {
                    Err("ep: the long move's start is off the board".into())
                } else {
                    Ok(path)
                };
                break;
            }
            let path = found?;
            if path.iter().any(|&c| pos.board[c].is_some()) {
                return Err("ep cell not empty".into());
            }
            if !g.own_half_at(prev, vc) {
                return Err("ep victim not on its own half".into());
            }
            let mut e = Ep {
                victim: vc as u8,
                cells: [0; 12],
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
        for from in 0..g.ncells() {
            let pc = match self.board[from] {
                Some(pc) if pc.owner as usize == p => pc,
                _ => continue,
            };
            let leaps = |out: &mut Vec<Mv>, dirs: &[(i32, i32)]| {
                for &d in dirs {
                    if let Some(t) = g.step(from, d) {
                        if self.target(p, t).is_some() {
                            out.push(Mv::plain(from, t));
                        }
                    }
                }
            };
            let rides = |out: &mut Vec<Mv>, dirs: &[(i32, i32)], max: usize| {
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
            match pc.kind {
                Kind::King => {
                    leaps(&mut out, &KING8);
                    self.castlings(&mut out, from);
                }
                Kind::Queen => rides(&mut out, &KING8, usize::MAX),
                Kind::Rook => rides(&mut out, &ORTH, usize::MAX),
                Kind::Bishop => rides(&mut out, &DIAG, usize::MAX),
                Kind::Knight => leaps(&mut out, &KNIGHT),
                Kind::Dragon => {
                    leaps(&mut out, &KNIGHT);
                    rides(&mut out, &DIAG, usize::MAX);
                }
                Kind::Medusa => {
                    leaps(&mut out, &KING8);
                    leaps(&mut out, &MEDUSA_LEAPS);
                }
                Kind::Fish => leaps(&mut out, &FISH),
                // Teacher: queen limited to 2 cells; the first must be empty
                // to reach the second.
                Kind::Teacher => rides(&mut out, &KING8, 2),
                Kind::Bird => {
                    // Quiet: any empty cell on the 8 lines, flying over
                    // pieces. Decision (2): not past a frozen King.
                    for &d in KING8.iter() {
                        let mut cur = from;
                        while let Some(t) = g.step(cur, d) {
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
                    // Captures on the 4 diagonal neighbours only.
                    for &d in DIAG.iter() {
                        if let Some(t) = g.step(from, d) {
                            if self.target(p, t) == Some(true) {
                                out.push(Mv::plain(from, t));
                            }
                        }
                    }
                    self.ep_captures(&mut out, pc.kind, from, &DIAG);
                }
                Kind::Snake => {
                    // Decision (12): two paths can reach the same cell (e5-f6
                    // is the first cell of "up, right" and "right, up"): one
                    // move.
                    let mut seen = [false; MAX_CELLS];
                    let mut add = |out: &mut Vec<Mv>, t: usize| {
                        if !seen[t] {
                            seen[t] = true;
                            out.push(Mv::plain(from, t));
                        }
                    };
                    for path in SNAKE_PATHS {
                        let mut cur = from;
                        let mut i = 0;
                        while let Some(t) = g.step(cur, snake_step(path, i)) {
                            match self.target(p, t) {
                                Some(false) => add(&mut out, t),
                                Some(true) => {
                                    add(&mut out, t);
                                    break;
                                }
                                None => break,
                            }
                            cur = t;
                            i += 1;
                        }
                    }
                }
                Kind::Pawn | Kind::Dog => {
                    // Quiet: one cell forward always; further only while the
                    // end stays on the own half (so the middle row of 9x9 is
                    // entered and left only by a single step). TDP: along
                    // either of the two quiet directions (Decision 15).
                    for f in g.quiet_dirs(p) {
                        let mut cur = from;
                        let mut n = 0;
                        while let Some(t) = g.step(cur, f) {
                            if self.board[t].is_some() {
                                break;
                            }
                            n += 1;
                            if n >= 2 && !g.own_half_at(p, t) {
                                break;
                            }
                            self.push_figurant(&mut out, pc.kind, from, t, MvKind::Normal);
                            cur = t;
                        }
                    }
                    let dirs = figurant_capture_dirs(g, p, pc.kind, from);
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
                // A forward move of two or more cells opens en passant of
                // every cell it passed, for the next move only.
                if figurant {
                    let (fx, fy) = g.xy(from);
                    let (tx, ty) = g.xy(to);
                    let dist = (tx - fx).abs() + (ty - fy).abs();
                    // The quiet direction the move ran along, if it was a
                    // long quiet move (a capture is a single step).
                    // Decision (16): TDP has two such directions.
                    let along = g
                        .quiet_dirs(p)
                        .into_iter()
                        .find(|f| (tx - fx, ty - fy) == (f.0 * dist, f.1 * dist));
                    if let (true, Some(f)) = (dist >= 2, along) {
                        let mut e = Ep {
                            victim: to as u8,
                            cells: [0; 12],
                            n: 0,
                        };
                        for i in 1..dist {
                            e.cells[e.n as usize] =
                                g.cell(fx + f.0 * i, fy + f.1 * i).unwrap() as u8;
                            e.n += 1;
                        }
                        self.ep = Some(e);
                        self.turn = self.next_in_play(p);
                        return;
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
        for c in 0..g.ncells() {
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
