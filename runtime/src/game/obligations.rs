//! What a move must do, as loaded: `capture forced` (a capture when one is
//! legal), `drop KINDS first` (a drop of such a held kind when one is
//! legal), `check forbidden` (no move gives check), `in-check
//! capture-checker-only` (while in check, pieces of these kinds move only to
//! take the one checking piece), `in-place ... peaceful` (such a promotion
//! gives no check) and `check when all royal attacked` (every move judged by
//! playing it). `position/hands.rs`, `position/forced_capture.rs`,
//! `position/no_check.rs` and `position/check_evasion.rs` apply them to the
//! list of legal moves; a game with none pays one flag test per list.

use super::error::{check, LoadError};
use super::Shape;
use crate::ir::GameIr;

pub(crate) struct Obligations {
    pub(crate) capture_forced: bool,
    pub(crate) check_forbidden: bool,
    /// Per piece code: may move only to take the checking piece while its
    /// player is in check (empty: no such kind).
    pub(crate) checker_captures_only: Vec<bool>,
    /// Per kind: `drop KINDS first` (empty: no such kind).
    pub(crate) must_drop: Vec<bool>,
    /// Some obligation holds, or blasts can reach royal pieces (set by
    /// `Game::load`): counting builds the move list.
    pub(crate) any: bool,
    /// `in-place ... peaceful` promotions may not give check.
    pub(crate) peaceful_promotions: bool,
    /// `check when all royal attacked`: every move is judged by playing it
    /// (a piece pinned to one royal piece may move while another is safe).
    pub(crate) all_royals_by_playing: bool,
}

impl Obligations {
    pub(crate) fn build(ir: &GameIr, shape: &Shape) -> Result<Obligations, LoadError> {
        for &kind in &ir.checker_captures_only {
            check((kind as usize) < shape.kinds, || {
                LoadError::ObligationKind { kind }
            })?;
        }
        let checker_captures_only = if ir.checker_captures_only.is_empty() {
            Vec::new()
        } else {
            (0..shape.codes())
                .map(|code| code != 0 && ir.checker_captures_only.contains(&shape.kind_of[code]))
                .collect()
        };
        let must_drop_kinds = ir.hands.as_ref().map_or(&[][..], |h| &h.must_drop[..]);
        let mut must_drop = Vec::new();
        if !must_drop_kinds.is_empty() {
            must_drop = vec![false; shape.kinds];
            for &kind in must_drop_kinds {
                check((kind as usize) < shape.kinds, || {
                    LoadError::ObligationKind { kind }
                })?;
                must_drop[kind as usize] = true;
            }
        }
        let peaceful_promotions = ir.in_place_promotions.iter().any(|p| p.peaceful);
        Ok(Obligations {
            capture_forced: ir.capture_forced,
            check_forbidden: ir.check_forbidden,
            any: ir.capture_forced
                || ir.check_forbidden
                || !checker_captures_only.is_empty()
                || !must_drop.is_empty()
                || peaceful_promotions
                || ir.check_all_royals,
            peaceful_promotions,
            all_royals_by_playing: ir.check_all_royals,
            must_drop,
            checker_captures_only,
        })
    }
}
