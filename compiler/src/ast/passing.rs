//! Passing and material counting in the syntax tree: `material-count`
//! (`pass`, `end double-pass` and `facing ... must-break` are small enough
//! to live in `Stmt` and `EndRule`).

use super::{Name, Span};
use serde::Serialize;

/// `material-count { KIND N ... } [bonus PLAYER X]`.
#[derive(Clone, Debug, Serialize)]
pub struct MaterialCount {
    /// Each kind's weight as written, with the number's span.
    pub weights: Vec<(Name, i32, Span)>,
    /// The player, the bonus as written (a whole or decimal number), and
    /// the number's span.
    pub bonus: Option<(Name, String, Span)>,
    pub span: Span,
}
