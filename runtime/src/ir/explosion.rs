//! The IR's explosions: a capture blasts the capturer off its landing cell
//! and the pieces on the cells around that cell (`explosion`; `ir.rs`'s
//! `GameIr::explosion` names it), and captures barred between kinds
//! (`uncapturable KINDS by KINDS`, `GameIr::barred_captures`).

use serde::{Deserialize, Serialize};

/// `explosion [around VECTORS] [spares KINDS] [immune KINDS]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explosion {
    /// Per cell (one list per cell of `GameIr::cells`): the cells a capture
    /// landing there blasts besides the landing cell itself, each once,
    /// never the landing cell.
    pub around: Vec<Vec<u16>>,
    /// Kinds a blast leaves standing on the cells around the landing cell
    /// (a capturer of such a kind is blasted all the same).
    pub spared: Vec<u8>,
    /// Kinds no blast removes, the capturer's own included.
    pub immune: Vec<u8>,
}

/// `uncapturable KINDS by KINDS`: a piece of `capturer` never captures a
/// piece of `target` (it may still attack it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BarredCapture {
    pub capturer: u8,
    pub target: u8,
}
