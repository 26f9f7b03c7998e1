//! Explosions as loaded (`explosion`): per cell the cells a capture landing
//! there blasts, as one flat list with a start per cell, and which piece
//! codes a blast removes, as bit sets; and the captures barred between
//! kinds (`uncapturable KINDS by KINDS`), a code set per capturing code.
//! `position/explosion.rs` plays them.

use super::error::{check, LoadError};
use super::Shape;
use crate::codes::{CodeSet, PieceCode, EMPTY};
use crate::ir::{BarredCapture, GameIr};
use crate::unchecked;

/// The most cells one blast reaches around its landing cell (a fixed-size
/// undo record holds them; `crate::limits` names it).
pub const MAX_BLAST: usize = 48;

pub(crate) struct Explosion {
    /// `around[starts[c]..starts[c + 1]]`: the cells a capture on `c` blasts
    /// besides `c`.
    starts: Vec<u32>,
    around: Vec<u16>,
    /// Codes a blast removes from a cell around its landing cell (not
    /// spared, not immune).
    pub(crate) blasts_beside: CodeSet,
    /// Codes a blast removes from its landing cell, the capturer (not
    /// immune).
    pub(crate) blasts_capturer: CodeSet,
    /// A blast can remove a royal piece: legality plays every move to see
    /// (`position/explosion.rs`); otherwise moves are judged as elsewhere.
    pub(crate) reaches_royals: bool,
    /// Where a blast can remove a royal piece: per castling, the cells that
    /// must not be attacked, which `Game::load` takes out of the castlings
    /// (the generator would judge them without the blasts' shields; the
    /// legality judge does it with them). Empty otherwise.
    pub(crate) castling_safe: Vec<Vec<u16>>,
}

impl Explosion {
    pub(crate) fn build(ir: &GameIr, shape: &Shape) -> Result<Option<Explosion>, LoadError> {
        let Some(e) = &ir.explosion else {
            return Ok(None);
        };
        for &kind in e.spared.iter().chain(&e.immune) {
            check(
                (kind as usize) < shape.kinds && ir.kinds[kind as usize].stack.is_none(),
                || LoadError::ExplosionKind { kind },
            )?;
        }
        // A captured piece would go to a hand, a blasted one nowhere; a
        // stack's carrier goes back to its owner: neither is defined.
        let stacked = ir.kinds.iter().any(|k| k.stack.is_some());
        check(ir.hands.is_none() && !stacked, || {
            LoadError::ExplosionKind { kind: 0 }
        })?;
        check(e.around.len() == shape.cells, || {
            LoadError::ExplosionCells {
                cell: e.around.len().min(shape.cells),
            }
        })?;
        let mut starts = Vec::with_capacity(shape.cells + 1);
        let mut around = Vec::new();
        for (cell, cells) in e.around.iter().enumerate() {
            starts.push(around.len() as u32);
            let distinct = cells
                .iter()
                .enumerate()
                .all(|(i, c)| !cells[..i].contains(c));
            let fits = cells.iter().all(|&c| {
                (c as usize) < shape.cells && c as usize != cell && !ir.cells[c as usize].side
            });
            check(distinct && fits && cells.len() <= MAX_BLAST, || {
                LoadError::ExplosionCells { cell }
            })?;
            around.extend_from_slice(cells);
        }
        starts.push(around.len() as u32);
        let mut blasts_beside = CodeSet::EMPTY;
        let mut blasts_capturer = CodeSet::EMPTY;
        let mut reaches_royals = false;
        for code in 1..shape.codes() {
            let kind = shape.kind_of[code];
            if e.immune.contains(&kind) {
                continue;
            }
            blasts_capturer.insert(code as PieceCode);
            if !e.spared.contains(&kind) {
                blasts_beside.insert(code as PieceCode);
            }
            reaches_royals |= shape.royal_code[code];
        }
        Ok(Some(Explosion {
            starts,
            around,
            blasts_beside,
            blasts_capturer,
            reaches_royals,
            castling_safe: Vec::new(),
        }))
    }

    /// The cells a capture landing on `cell` blasts besides `cell` (a board
    /// cell of the loaded game).
    #[inline(always)]
    pub(crate) fn around(&self, cell: usize) -> &[u16] {
        let start = *unchecked::get(&self.starts, cell) as usize;
        let end = *unchecked::get(&self.starts, cell + 1) as usize;
        unchecked::range(&self.around, start, end - start)
    }
}

/// `uncapturable KINDS by KINDS`: per capturing code, the codes it never
/// takes.
pub(crate) struct CaptureBars {
    barred: Vec<CodeSet>,
}

impl CaptureBars {
    pub(crate) fn build(ir: &GameIr, shape: &Shape) -> Result<Option<CaptureBars>, LoadError> {
        CaptureBars::between(&ir.barred_captures, shape, true)
    }

    /// The bars of `list` (capturer, target kinds) per code: the target
    /// codes of other players only (`enemies_only`), or of every player
    /// (`unjumpable`'s screens: `Hops`).
    pub(crate) fn between(
        list: &[BarredCapture],
        shape: &Shape,
        enemies_only: bool,
    ) -> Result<Option<CaptureBars>, LoadError> {
        if list.is_empty() {
            return Ok(None);
        }
        for b in list {
            for kind in [b.capturer, b.target] {
                check((kind as usize) < shape.kinds, || {
                    LoadError::BarredCaptureKind { kind }
                })?;
            }
        }
        let codes = shape.codes();
        let barred = (0..codes)
            .map(|code| {
                let mut set = CodeSet::EMPTY;
                let bars = list.iter();
                for b in bars.filter(|b| code != 0 && b.capturer == shape.kind_of[code]) {
                    for target in 1..codes {
                        if shape.kind_of[target] == b.target
                            && (!enemies_only || shape.owner[target] != shape.owner[code])
                        {
                            set.insert(target as PieceCode);
                        }
                    }
                }
                set
            })
            .collect();
        Ok(Some(CaptureBars { barred }))
    }

    /// May the piece `capturer` not take the piece `target` (codes of the
    /// loaded game)?
    #[inline(always)]
    pub(crate) fn bars(&self, capturer: PieceCode, target: PieceCode) -> bool {
        target != EMPTY && unchecked::get(&self.barred, capturer as usize).contains(target)
    }
}
