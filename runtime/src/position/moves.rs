//! Moves as the generator makes them: what kind of move, where from and to,
//! and the extra cell or index some kinds need.

use crate::ir;

/// A cell index that names no cell (no en-passant victim, no captured cell).
pub const NO_CELL: u16 = u16::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveKind {
    Normal,
    /// A ride that opens the cells it passed over to en passant.
    Passing,
    /// Captures the piece on `aux` (the en-passant victim), landing on `to`.
    EnPassant,
    /// `aux` indexes `ir.castlings`.
    Castle,
    /// The piece on `from` and the friendly piece on `to` exchange places.
    Swap,
    /// An arrival: the move also places a piece on cell `aux`.
    Arrival,
    /// The cargo of the stack on `from` moves (to an empty cell or by
    /// capture); its carrier stays behind, owned by its own player again.
    Unload,
    /// The mover lands on `to` sharing it with the piece there: the stack
    /// formed is piece code `aux`.
    Board,
    /// The cargo of the stack on `from` leaves its carrier and boards the
    /// carrier on `to`, forming piece code `aux`.
    UnloadBoard,
    /// The side to move has no legal move and passes its turn (a game
    /// where players go out `after-round`). `from` and `to` are its royal
    /// piece's cell; nothing moves.
    Pass,
    /// The side to move has no legal move and goes out of the game; its
    /// pieces stay, frozen. `from` and `to` as for `Pass`.
    Out,
    /// A piece from the mover's hand is put on the empty cell `to`
    /// (`from == to`); its kind + 1 is in `promotion` (so the legality
    /// judge sees a royal kind dropped as it sees one made by promotion),
    /// and in `passed` the kind + 1 it is dropped as, where that is
    /// another (`drop KINDS promoted`; 0: as itself).
    Drop,
    /// A plain move (`from` to `to`, its promotion in `promotion`) that
    /// also leaves a piece from the mover's hand on `from`: its kind in
    /// `passed` (`gating.rs`).
    Gate,
    /// The piece on `from` promotes as its move (`in-place`): where it
    /// stands (`to == from`) or by a quiet move of its new kind onto the
    /// empty `to`; the new kind + 1 in `promotion` (`in_place.rs`).
    Promote,
}

impl MoveKind {
    /// A move of the turn alone (`Pass`, `Out`): no piece moves.
    #[inline(always)]
    pub fn is_turn_only(self) -> bool {
        matches!(self, MoveKind::Pass | MoveKind::Out)
    }

    /// Moves that change who owns a piece, or leave a piece on `from`:
    /// the checks-and-pins shortcut does not judge them, playing them does.
    #[inline(always)]
    pub(super) fn judged_by_playing(self) -> bool {
        matches!(
            self,
            MoveKind::Castle
                | MoveKind::Gate
                | MoveKind::Swap
                | MoveKind::Arrival
                | MoveKind::Unload
                | MoveKind::Board
                | MoveKind::UnloadBoard
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) from: u16,
    pub(crate) to: u16,
    pub(crate) kind: MoveKind,
    /// 0: none; otherwise the new kind + 1.
    pub(crate) promotion: u8,
    /// `Passing`: how many cells were passed over; `Gate` and `Castle`:
    /// the gated kind (`gating.rs`).
    pub(crate) passed: u8,
    /// `Passing`: start of the passed cells in `ray_cells`; `EnPassant`: the
    /// victim's cell; `Castle`: the castling index; `Arrival`: the placement cell.
    pub(crate) aux: u32,
    /// The piece may not land on a cell the opponent then attacks.
    pub(crate) unattacked: bool,
    /// `wall KIND`: the cell + 1 the wall piece is then moved to (0: none;
    /// `walls.rs`). In the struct's padding: a move stays 16 bytes.
    pub(crate) wall: u16,
}

impl Move {
    /// The search's null move, as `played` records it (nothing moved).
    pub(crate) const NULL: Move = Move {
        from: NO_CELL,
        to: NO_CELL,
        kind: MoveKind::Pass,
        promotion: 0,
        passed: 0,
        aux: 0,
        unattacked: false,
        wall: 0,
    };

    /// The cell the moving piece leaves.
    pub fn from(&self) -> usize {
        self.from as usize
    }

    /// The cell it lands on (for a castling, the royal's).
    pub fn to(&self) -> usize {
        self.to as usize
    }

    pub fn kind(&self) -> MoveKind {
        self.kind
    }

    /// The kind the piece lands as, if the move changes it (promotion,
    /// `becomes`).
    pub fn promotion(&self) -> Option<usize> {
        (self.promotion != 0 && self.kind != MoveKind::Drop).then(|| self.promotion as usize - 1)
    }

    /// The kind a drop takes from the hand.
    pub fn dropped(&self) -> Option<usize> {
        (self.kind == MoveKind::Drop).then(|| self.promotion as usize - 1)
    }

    /// The kind a drop puts on the board (the held kind, or the kind it
    /// is dropped as).
    pub fn dropped_as(&self) -> Option<usize> {
        self.dropped().map(|k| match self.passed {
            0 => k,
            as_kind => as_kind as usize - 1,
        })
    }

    /// The kind a gating move leaves on the cell its piece leaves (for a
    /// castling, the royal piece's cell or its partner's).
    pub fn gated(&self) -> Option<usize> {
        super::gating::gated_kind(*self)
    }

    /// A castling's index into the game's `ir().castlings`.
    pub fn castling(&self) -> Option<usize> {
        (self.kind == MoveKind::Castle).then_some(self.aux as usize)
    }

    /// The piece may not land on a cell the opponent then attacks.
    pub fn must_land_unattacked(&self) -> bool {
        self.unattacked
    }

    #[inline(always)]
    pub(super) fn normal(from: usize, to: usize) -> Move {
        Move {
            from: from as u16,
            to: to as u16,
            kind: MoveKind::Normal,
            promotion: 0,
            passed: 0,
            aux: 0,
            unattacked: false,
            wall: 0,
        }
    }

    /// A drop of `kind` on `to`.
    #[inline(always)]
    pub(super) fn drop(to: usize, kind: u8) -> Move {
        Move {
            kind: MoveKind::Drop,
            promotion: kind + 1,
            ..Move::normal(to, to)
        }
    }

    /// A move made by an atom with these flags, changing the piece's kind
    /// when the atom says so (`becomes` = kind + 1).
    #[inline(always)]
    pub(super) fn by_atom(from: usize, to: usize, flags: u16, becomes: u8) -> Move {
        Move {
            promotion: becomes,
            unattacked: flags & ir::UNATTACKED_LANDING != 0,
            ..Move::normal(from, to)
        }
    }
}
