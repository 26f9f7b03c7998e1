//! Castling as loaded: each player's castlings in groups, the cells that
//! hold a right (one bit each), the right each castling needs, and which
//! rights a move off or onto a cell takes away. A game without castling
//! has no such part: its moves test no right and its positions keep none.

use super::error::{check, LoadError};
use super::Shape;
use crate::ir::{self, GameIr};

pub(crate) struct Castling {
    /// Per player: indices into `ir.castlings`.
    pub(crate) castlings_of: Vec<Vec<u16>>,
    /// Per player, parallel to `castlings_of`: each castling's group (see
    /// `CastlingGroup`).
    pub(crate) groups_of: Vec<Vec<CastlingGroup>>,
    /// The cells that can hold a castling right, one bit each.
    pub(crate) right_cells: Vec<u16>,
    /// Per castling (index into `ir.castlings`): the bit of the right it needs.
    pub(crate) right_of: Vec<u32>,
    /// Per player: the rights any of its castlings needs.
    pub(crate) rights_of_player: Vec<u32>,
    /// Per cell: the rights that remain after a move touches that cell.
    pub(crate) rights_keep: Vec<u32>,
    /// Some castling is repeatable or free (its right is the king's unmoved status).
    pub(crate) kings_rights: bool,
    /// Some castling has a per-game limit, so positions count castlings.
    pub(crate) limited: bool,
    /// Per piece code: may a piece of this code castle as the king? The
    /// royal codes, and the codes of any castling's `king_kind` (a king
    /// that is not royal) for that castling's player.
    pub(crate) king_code: Vec<bool>,
    /// Some castling's right comes by drops (`by-drop`).
    pub(crate) by_drop: bool,
    /// Per player: the rights of its fixed-landing castlings (`lands`),
    /// which any move of its castling king takes away (wherever the king
    /// stands); all 0 in a game without them.
    pub(crate) lost_by_king_move: Vec<u32>,
}

/// Castling groups: runs of a player's castlings with the same king,
/// partner and rule that differ only in how far the king goes. A failed
/// right, king or partner test, or an occupied cell of the group's shared
/// cells, rules out the whole group at once. Each castling's entry says
/// where its group ends in the list, and how many leading cells of its
/// `must_be_empty` every castling of the group shares (the cells between
/// king and partner).
#[derive(Clone, Copy, Debug)]
pub(crate) struct CastlingGroup {
    pub(crate) end: u16,
    pub(crate) shared_empty: u16,
    /// The group's partner cell, kept here so that an empty one (the
    /// common case where a partner may stand on many cells) is ruled out
    /// without reading the castling itself.
    pub(crate) partner_from: u16,
    /// Where the walk goes on once the group is done when its partner cell
    /// holds a piece: past the following groups that need that cell empty
    /// (a free castling's partners further along the same line), which
    /// that piece rules out unread.
    pub(crate) after_occupied: u16,
}

impl Castling {
    /// Checks every castling; the part exists if the game has castlings
    /// (or a setup that grants rights).
    pub(crate) fn build(ir: &GameIr, shape: &Shape) -> Result<Option<Castling>, LoadError> {
        let (cells, players, kinds) = (shape.cells, shape.players, shape.kinds);
        check(
            ir.setup
                .castling_rights
                .iter()
                .all(|&c| (c as usize) < cells),
            || LoadError::CastlingRightOffBoard,
        )?;
        for (i, c) in ir.castlings.iter().enumerate() {
            let ok = (c.player as usize) < players
                && (kinds >= 128 || c.partner_kinds >> kinds == 0)
                && [c.king_from, c.king_to, c.partner_from, c.partner_to]
                    .iter()
                    .chain(&c.must_be_empty)
                    .chain(&c.must_be_safe)
                    .all(|&x| (x as usize) < cells)
                && c.limit <= ir::MAX_CASTLINGS_PER_PLAYER
                && (c.limit == 0 || players <= 16);
            check(ok, || LoadError::CastlingRange)?;
            check(c.king_kind.is_none_or(|k| (k as usize) < kinds), || {
                LoadError::CastlingKingKind { castling: i }
            })?;
            check(
                c.king_from != c.partner_from && c.king_to != c.partner_to,
                || LoadError::CastlingCellsClash,
            )?;
            // Castling moves the king (the language's distances are at
            // least 1): `e1e1` would name no move anyone can write.
            // (A fixed-landing castling may leave its king where it is:
            // the partner alone moves, `g1g1`.)
            check(c.king_to != c.king_from || c.fixed, || {
                LoadError::CastlingKingStays { castling: i }
            })?;
            // `make` puts the king and the partner down without looking:
            // each must land on a cell the castling requires empty, or
            // one that the move itself vacates (or its own start).
            let vacated_or_empty =
                |x: u16| x == c.king_from || x == c.partner_from || c.must_be_empty.contains(&x);
            check(
                vacated_or_empty(c.king_to) && vacated_or_empty(c.partner_to),
                || LoadError::CastlingLandsOnAPiece { castling: i },
            )?;
        }
        if ir.castlings.is_empty() && ir.setup.castling_rights.is_empty() {
            return Ok(None);
        }

        let mut castlings_of = vec![Vec::new(); players];
        let mut right_cells: Vec<u16> = ir.setup.castling_rights.clone();
        for (i, c) in ir.castlings.iter().enumerate() {
            castlings_of[c.player as usize].push(i as u16);
            if !c.right_is_the_kings() && !right_cells.contains(&c.partner_from) {
                right_cells.push(c.partner_from);
            }
        }
        check(right_cells.len() <= 32, || {
            LoadError::TooManyCastlingPartners
        })?;
        let groups_of = castling_groups(&ir.castlings, &castlings_of);
        let mut rights_keep = vec![u32::MAX; cells];
        for (bit, &cell) in right_cells.iter().enumerate() {
            rights_keep[cell as usize] &= !(1 << bit);
        }
        // The right each castling needs, found once here rather than per
        // node; a repeatable or free castling's right is the king's
        // unmoved status.
        let right_of: Vec<u32> = ir
            .castlings
            .iter()
            .map(
                |c| match right_cells.iter().position(|&x| x == c.partner_from) {
                    Some(bit) if !c.right_is_the_kings() => 1 << bit,
                    _ => 0,
                },
            )
            .collect();
        let mut rights_of_player = vec![0u32; players];
        let mut lost_by_king_move = vec![0u32; players];
        for (c, right) in ir.castlings.iter().zip(&right_of) {
            // A fixed-landing castling's king may start anywhere: its move,
            // not a cell, takes the rights.
            if c.fixed {
                lost_by_king_move[c.player as usize] |= right;
            } else {
                rights_keep[c.king_from as usize] &= !right;
            }
            rights_of_player[c.player as usize] |= right;
        }
        let mut king_code = shape.royal_code.clone();
        for c in &ir.castlings {
            if let Some(k) = c.king_kind {
                king_code[1 + c.player as usize * kinds + k as usize] = true;
            }
        }
        Ok(Some(Castling {
            king_code,
            castlings_of,
            groups_of,
            right_cells,
            right_of,
            rights_of_player,
            rights_keep,
            kings_rights: ir.castlings.iter().any(|c| c.right_is_the_kings()),
            limited: ir.castlings.iter().any(|c| c.limit != 0),
            by_drop: ir
                .castlings
                .iter()
                .any(|c| c.by_drop && !c.right_is_the_kings()),
            lost_by_king_move,
        }))
    }
}

/// The castling groups (see `CastlingGroup`), per player.
fn castling_groups(
    castlings: &[ir::Castling],
    castlings_of: &[Vec<u16>],
) -> Vec<Vec<CastlingGroup>> {
    let mut out = Vec::new();
    let same_group = |a: &ir::Castling, b: &ir::Castling| {
        (
            a.king_from,
            a.partner_from,
            a.partner_kinds,
            a.repeatable,
            a.free,
            a.limit,
        ) == (
            b.king_from,
            b.partner_from,
            b.partner_kinds,
            b.repeatable,
            b.free,
            b.limit,
        )
    };
    for list in castlings_of {
        let mut groups = Vec::with_capacity(list.len());
        let mut start = 0;
        while start < list.len() {
            let first = &castlings[list[start] as usize];
            let end = (start..list.len())
                .find(|&i| !same_group(first, &castlings[list[i] as usize]))
                .unwrap_or(list.len());
            let members = &list[start..end];
            let prefix = (0..first.must_be_empty.len())
                .take_while(|&k| {
                    members.iter().all(|&i| {
                        castlings[i as usize].must_be_empty.get(k) == Some(&first.must_be_empty[k])
                    })
                })
                .count();
            groups.extend(members.iter().map(|_| CastlingGroup {
                end: end as u16,
                shared_empty: prefix as u16,
                partner_from: first.partner_from,
                after_occupied: end as u16,
            }));
            start = end;
        }
        // A group whose shared empty cells include an earlier group's
        // partner cell can never castle while that cell is occupied.
        let needs_empty = |i: usize, cell: u16| {
            let c = &castlings[list[i] as usize];
            c.must_be_empty[..groups[i].shared_empty as usize].contains(&cell)
        };
        let mut after = vec![0u16; list.len()];
        for (i, slot) in after.iter_mut().enumerate() {
            let mut j = groups[i].end as usize;
            while j < list.len() && needs_empty(j, groups[i].partner_from) {
                j = groups[j].end as usize;
            }
            *slot = j as u16;
        }
        for (g, a) in groups.iter_mut().zip(after) {
            g.after_occupied = a;
        }
        out.push(groups);
    }
    out
}
