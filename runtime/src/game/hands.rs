//! Hands as loaded (`hand captures`, `hand PLAYER { KINDS }`, `drop KIND in
//! REGION`): which kind a captured piece joins the captor's hand as, the
//! hands at the start, and where each player may drop each kind, as cell
//! sets. A game without hands has no part (`Game::hands` is `None`) and
//! pays nothing; `position/hands.rs` keeps the counts and makes the drops.

use super::error::{check, LoadError};
use super::Shape;
use crate::bitset::CellSet;
use crate::codes::PieceCode;
use crate::ir::GameIr;

/// No kind: a captured piece of this code joins no hand.
pub(crate) const NO_KIND: u8 = u8::MAX;

pub(crate) struct Hands {
    /// Per piece code: the kind its captor gains (`NO_KIND`: none).
    pub(crate) gained_kind: Vec<u8>,
    /// The kind a piece that promoted on the board returns as
    /// (`revert-promoted`); `None`: promotions are not tracked.
    pub(crate) revert_to: Option<u8>,
    /// Counts at the start, per `player * kinds + kind`.
    pub(crate) start: Vec<u16>,
    /// Per `player * kinds + kind`: the cells it may be dropped on.
    pub(crate) drop_cells: Vec<CellSet>,
    /// Per player: the kinds it may ever drop, in kind order.
    pub(crate) droppable: Vec<Vec<u8>>,
    /// Per kind: at most this many of a player's pieces of it per file
    /// once dropped (`at-most N per-file`; 0: no limit); with `files`, the
    /// cells of each file.
    pub(crate) per_file: Vec<u8>,
    /// Per file (square boards, when some kind has a limit): its cells.
    pub(crate) files: Vec<CellSet>,
    /// Per cell: its file (index into `files`; empty without a limit).
    pub(crate) file_of: Vec<u16>,
    /// Per kind: a checkmate by a drop of it loses for the dropper (`no-mate`).
    pub(crate) no_mate: Vec<bool>,
    /// Per kind: the kind a held piece of it may also be dropped as
    /// (`drop KINDS promoted`; `NO_KIND`: none).
    pub(crate) drop_as: Vec<u8>,
    /// `drop KIND split A B`: the kind, and per player the two regions'
    /// cells.
    pub(crate) split: Option<Split>,
    /// Gating (`gate KINDS in REGION`), if the game has it.
    pub(crate) gating: Option<super::gating::Gating>,
}

impl Hands {
    pub(crate) fn build(ir: &GameIr, shape: &Shape) -> Result<Option<Hands>, LoadError> {
        use LoadError::*;
        let Some(hands) = &ir.hands else {
            return Ok(None);
        };
        let (players, kinds, cells) = (shape.players, shape.kinds, shape.cells);
        let table = players * kinds;
        check(
            hands.captured_as.len() == kinds
                && hands.start.len() == table
                && hands.drop_cells.len() == table,
            || HandTables,
        )?;
        // A kind in a hand is a plain piece: not a stack (a stack's parts
        // would need two hands).
        let plain = |k: u8| (k as usize) < kinds && ir.kinds[k as usize].stack.is_none();
        for &k in &hands.captured_as {
            check(plain(k), || HandKind { kind: k })?;
        }
        if hands.promoted_revert_to != 0 {
            let k = hands.promoted_revert_to - 1;
            check(plain(k), || HandKind { kind: k })?;
        }
        // No hand can hold more pieces than the board has cells.
        for &n in &hands.start {
            check((n as usize) <= cells, || HandCount { count: n })?;
        }
        let mut drop_cells = Vec::with_capacity(table);
        for (pk, list) in hands.drop_cells.iter().enumerate() {
            let mut set = CellSet::EMPTY;
            for &c in list {
                check((c as usize) < cells && !ir.cells[c as usize].side, || {
                    DropCell { cell: c }
                })?;
                set.insert(c as usize);
            }
            check(
                list.is_empty() || ir.kinds[pk % kinds].stack.is_none(),
                || HandKind {
                    kind: (pk % kinds) as u8,
                },
            )?;
            drop_cells.push(set);
        }
        for &k in hands.per_file.iter().map(|l| &l.kind).chain(&hands.no_mate) {
            check(plain(k), || HandKind { kind: k })?;
        }
        let mut per_file = vec![0u8; kinds];
        for limit in &hands.per_file {
            check(
                limit.at_most > 0 && per_file[limit.kind as usize] == 0,
                || FileLimit { kind: limit.kind },
            )?;
            per_file[limit.kind as usize] = limit.at_most;
        }
        let mut no_mate = vec![false; kinds];
        for &k in &hands.no_mate {
            no_mate[k as usize] = true;
        }
        let (files, file_of) = if hands.per_file.is_empty() {
            (Vec::new(), Vec::new())
        } else {
            let crate::ir::Geometry::Square { width, .. } = &ir.geometry else {
                return Err(FilesNeedASquareBoard);
            };
            let mut files = vec![CellSet::EMPTY; *width as usize];
            let mut file_of = vec![0u16; cells];
            for (c, info) in ir.cells.iter().enumerate() {
                // Side cells have no file; a drop never lands there.
                let x = info.coord.0;
                if !info.side && (0..*width as i32).contains(&x) {
                    files[x as usize].insert(c);
                    file_of[c] = x as u16;
                }
            }
            (files, file_of)
        };
        let droppable = (0..players)
            .map(|p| {
                (0..kinds)
                    .filter(|&k| !drop_cells[p * kinds + k].is_empty())
                    .map(|k| k as u8)
                    .collect()
            })
            .collect();
        let gained_kind = (0..shape.codes())
            .map(|code| match code {
                0 => NO_KIND,
                _ if !hands.captures => NO_KIND,
                _ => hands.captured_as[shape.kind_of[code] as usize],
            })
            .collect();
        let mut drop_as = vec![NO_KIND; kinds];
        for d in &hands.drop_promoted {
            check(plain(d.kind) && plain(d.as_kind), || HandKind {
                kind: d.kind,
            })?;
            drop_as[d.kind as usize] = d.as_kind;
        }
        let split = match &hands.split {
            Some(s) => Some(Split::build(s, players, cells, plain)?),
            None => None,
        };
        let gating = match &hands.gating {
            Some(g) => Some(super::gating::Gating::build(ir, g, players, kinds)?),
            None => None,
        };
        Ok(Some(Hands {
            split,
            drop_as,
            gating,
            gained_kind,
            revert_to: hands.promoted_revert_to.checked_sub(1),
            start: hands.start.clone(),
            drop_cells,
            droppable,
            per_file,
            files,
            file_of,
            no_mate,
        }))
    }

    /// May some player drop a royal kind?
    pub(crate) fn drops_a_royal(&self, shape: &Shape) -> bool {
        self.droppable.iter().enumerate().any(|(player, kinds)| {
            kinds
                .iter()
                .any(|&k| shape.royal_code[1 + player * shape.kinds + k as usize])
        })
    }

    /// The kind the captor of `code` gains (`NO_KIND`: none), the piece
    /// having promoted on the board or not.
    #[inline]
    pub(crate) fn gained(&self, code: PieceCode, promoted: bool) -> u8 {
        let kind = self.gained_kind[code as usize];
        match self.revert_to {
            Some(k) if promoted && kind != NO_KIND => k,
            _ => kind,
        }
    }
}

/// `drop KIND split A B` as loaded.
pub(crate) struct Split {
    pub(crate) kind: u8,
    /// Per player: the cells of A, and of B.
    pub(crate) a: Vec<CellSet>,
    pub(crate) b: Vec<CellSet>,
}

impl Split {
    fn build(
        split: &crate::ir::DropSplit,
        players: usize,
        cells: usize,
        plain: impl Fn(u8) -> bool,
    ) -> Result<Split, LoadError> {
        check(plain(split.kind), || LoadError::HandKind {
            kind: split.kind,
        })?;
        let sets = |lists: &Vec<Vec<u16>>| -> Result<Vec<CellSet>, LoadError> {
            check(lists.len() == players, || LoadError::HandTables)?;
            lists
                .iter()
                .map(|list| {
                    let mut set = CellSet::EMPTY;
                    for &c in list {
                        check((c as usize) < cells, || LoadError::DropCell { cell: c })?;
                        set.insert(c as usize);
                    }
                    Ok(set)
                })
                .collect()
        };
        Ok(Split {
            kind: split.kind,
            a: sets(&split.a)?,
            b: sets(&split.b)?,
        })
    }
}
