//! The `castling` statement in the syntax tree: its king and partners and
//! every option (`ast.rs`'s `Stmt::Castling`).

use super::{Name, Span};
use serde::Serialize;

#[derive(Clone, Debug, Serialize)]
pub struct Castling {
    pub king: Name,
    pub partners: Vec<Name>,
    /// `king-to nearest COLOUR`: the king goes to the cell of that colour
    /// nearest the partner, strictly between them.
    pub king_to: Option<Name>,
    /// `king-to beside partner`: the king goes to the cell next to the
    /// partner (on the king's side).
    pub king_beside_partner: bool,
    /// Castling keeps the king's right; the partner may have moved.
    pub repeatable: bool,
    /// `repeatable at-most N`: at most N castlings per player in a game.
    pub repeat_limit: Option<i32>,
    /// `king-passes partner`: the king may also land on the partner's cell
    /// (the partner goes to the cell before it) or beyond it up to the edge
    /// (the partner stays).
    pub king_passes_partner: bool,
    /// `king-onto partner`: the king may also land on the partner's cell
    /// (the partner goes to the cell before it).
    pub king_onto_partner: bool,
    /// `free`: the partner is any piece of the kinds on the king's rank or
    /// file, moved or not; the right is the king's never having moved.
    pub free: bool,
    /// `homes KING_REGION PARTNER_REGION`: the king's and the partners'
    /// cells (each player's own), instead of where the setup puts them.
    pub homes: Option<(Name, Name)>,
    /// `lands KING_CELLS PARTNER_CELLS`: fixed landing cells, two each.
    pub lands: Option<(Name, Name)>,
    /// `by-drop`: a king or partner dropped on its cell while the other
    /// stands on its own gains the castling's right.
    pub by_drop: bool,
    /// `written zeros COLOUR`: named by as many zeros as cells of that
    /// colour on the king's path (`0-0-0`).
    pub written_zeros: Option<Name>,
    /// `written king-zeros "Kr" ...`: also accepted as `Kr-0-0` (two cells
    /// towards higher files) and `0-0-Kr` (towards lower files).
    pub written_king: Vec<Name>,
    /// `written short "0-0" long "0-0-0"`: also accepted as these, for the
    /// castling with the nearer and with the farther partner.
    pub written_flanks: Option<(Name, Name)>,
    /// `written partner Rook "KR" aboard Ship "KT" ...`: also accepted as
    /// these, by what the partner is.
    pub written_partner: Vec<(PartnerClass, Name)>,
    /// `None`: any distance up to the cell next to the partner.
    pub distances: Option<Vec<i32>>,
    pub safe: Vec<Name>,
    pub span: Span,
}

/// What a castling partner is, for its spelling: a piece of `kind`, or
/// (`aboard`) a stack carried by a `kind` that is the player's own or
/// (`foreign`) another player's.
#[derive(Clone, Debug, Serialize)]
pub struct PartnerClass {
    pub kind: Name,
    pub aboard: bool,
    pub foreign: bool,
}
