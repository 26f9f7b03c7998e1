//! Hoppers and facing royal pieces, loaded: the hopping rides of every
//! (player, kind, cell) and, for `facing`, the lines looked along from
//! each cell. Both are absent parts in a game without them. The loader
//! checks every range and cell here once.

use super::error::{check, LoadError};
use super::Shape;
use crate::codes::{CodeSet, PieceCode};
use crate::ir::{self, GameIr, Ray};
use crate::unchecked;

/// The hopping rides (`ir::HOP`), indexed like the move sets.
pub(crate) struct Hops {
    sets: Vec<(u32, u16)>,
    pub(crate) rays: Vec<Ray>,
    /// `unjumpable KINDS by KINDS`: per hopper code, the codes it never
    /// uses as its screen (either player's).
    pub(crate) screen_bars: Option<super::CaptureBars>,
}

impl Hops {
    pub(crate) fn build(ir: &GameIr, shape: &Shape) -> Result<Option<Hops>, LoadError> {
        let Some(hops) = &ir.hops else {
            // Barred screens without a hopper would be a silent no-op.
            check(ir.barred_screens.is_empty(), || LoadError::HopRange)?;
            return Ok(None);
        };
        check(hops.sets.len() == ir.moves.len(), || LoadError::HopRange)?;
        for &(start, len) in &hops.sets {
            check(start as usize + len as usize <= hops.rays.len(), || {
                LoadError::HopRange
            })?;
        }
        for (i, &(start, len)) in hops.sets.iter().enumerate() {
            let origin = (i % shape.cells) as u16;
            for ray in &hops.rays[start as usize..][..len as usize] {
                check(
                    ray.start as usize + ray.len as usize <= ir.ray_cells.len() && ray.len > 0,
                    || LoadError::HopRange,
                )?;
                check(
                    ray.flags & ir::HOP != 0
                        && ray.flags & ir::RESERVED_FLAGS == 0
                        && ray.becomes == 0
                        && ray.first_landing == 0,
                    || LoadError::HopRange,
                )?;
                let cells = &ir.ray_cells[ray.start as usize..][..ray.len as usize];
                check(!cells.contains(&origin), || LoadError::AtomOntoItsOwnCell {
                    cell: origin,
                })?;
            }
        }
        Ok(Some(Hops {
            sets: hops.sets.clone(),
            rays: hops.rays.clone(),
            screen_bars: super::CaptureBars::between(&ir.barred_screens, shape, false)?,
        }))
    }

    /// The hopping rides of the move set at `index` (`Game::moveset`'s).
    #[inline(always)]
    pub(crate) fn of(&self, index: usize) -> &[Ray] {
        let (start, len) = *unchecked::get(&self.sets, index);
        unchecked::range(&self.rays, start as usize, len as usize)
    }
}

/// `facing`: the royal codes that face each other, and per cell the lines
/// looked along from it.
pub(crate) struct Facing {
    pub(crate) codes: CodeSet,
    /// `must-break OUTCOME`: facing is allowed, then must be broken or
    /// passed; `None`: never allowed (each royal piece attacks the other).
    pub(crate) must_break: Option<ir::Outcome>,
    line_index: Vec<(u32, u32)>,
    lines: Vec<(u32, u32)>,
    cells: Vec<u16>,
}

impl Facing {
    pub(crate) fn build(ir: &GameIr, shape: &Shape) -> Result<Option<Facing>, LoadError> {
        let Some(facing) = &ir.facing else {
            return Ok(None);
        };
        check(facing.lines.len() == shape.cells, || LoadError::FacingRange)?;
        let mut codes = CodeSet::EMPTY;
        for &k in &facing.kinds {
            check((k as usize) < shape.kinds, || LoadError::FacingRange)?;
            for p in 0..shape.players {
                codes.insert((1 + p * shape.kinds + k as usize) as PieceCode);
            }
        }
        let mut out = Facing {
            codes,
            must_break: facing.must_break,
            line_index: Vec::with_capacity(shape.cells),
            lines: Vec::new(),
            cells: Vec::new(),
        };
        for lines in &facing.lines {
            out.line_index
                .push((out.lines.len() as u32, lines.len() as u32));
            for line in lines {
                for &c in line {
                    check((c as usize) < shape.cells, || LoadError::FacingRange)?;
                }
                out.lines.push((out.cells.len() as u32, line.len() as u32));
                out.cells.extend_from_slice(line);
            }
        }
        Ok(Some(out))
    }

    /// The lines looked along from `cell`, each nearest cell first.
    #[inline]
    pub(crate) fn lines_from(&self, cell: usize) -> impl Iterator<Item = &[u16]> {
        let (start, len) = *unchecked::get(&self.line_index, cell);
        unchecked::range(&self.lines, start as usize, len as usize)
            .iter()
            .map(|&(s, n)| unchecked::range(&self.cells, s as usize, n as usize))
    }
}
