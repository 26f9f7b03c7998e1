//! The `explosion` statement and `uncapturable ... by` in the syntax tree
//! (`ast.rs`'s `Stmt::Explosion`, `Stmt::UncapturableBy`).

use super::{Name, Span};
use serde::Serialize;

/// `explosion [around VECTORS] [spares KINDS] [immune KINDS]`.
#[derive(Clone, Debug, Serialize)]
pub struct Explosion {
    /// The steps whose images reach the cells around a landing cell (none
    /// written: the default, (1,0) and (1,1)).
    pub around: Vec<(i32, i32)>,
    /// Kinds left standing on the cells around the landing cell.
    pub spared: Vec<Name>,
    /// Kinds no blast removes.
    pub immune: Vec<Name>,
    pub span: Span,
}

/// `uncapturable KINDS by KINDS`: no piece of the `by` kinds captures a
/// piece of the first.
#[derive(Clone, Debug, Serialize)]
pub struct UncapturableBy {
    pub pieces: Vec<Name>,
    pub by: Vec<Name>,
    pub span: Span,
}
