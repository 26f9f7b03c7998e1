//! Cell lists: cells named one by one or as ranges along a line of
//! neighbouring cells, in regions and setups.

use super::Checker;
use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use crate::model::Model;

impl Checker {
    pub(super) fn cell_off_board(&mut self, n: &Name) {
        self.error(
            Diagnostic::error(
                Code::CellOffBoard,
                format!("cell `{}` is not on the board", n.text),
                n.span,
                "no such cell",
            )
            .with_hint(
                "cells are named file letter + rank number as the board statement defines them",
            ),
        );
    }

    pub(super) fn cell_items(&mut self, m: &Model, items: &[CellItem]) -> Vec<usize> {
        self.cell_items_spanned(m, items)
            .into_iter()
            .map(|(c, _)| c)
            .collect()
    }

    /// The cells of a list, each with the span of the item that named it.
    pub(super) fn cell_items_spanned(
        &mut self,
        m: &Model,
        items: &[CellItem],
    ) -> Vec<(usize, Span)> {
        let mut out = Vec::new();
        for item in items {
            match item {
                CellItem::One(n) => match m.cell_named.get(&n.text) {
                    Some(&c) => out.push((c, n.span)),
                    None => self.cell_off_board(n),
                },
                CellItem::Range(a, b, span) => {
                    let (Some(&ca), Some(&cb)) =
                        (m.cell_named.get(&a.text), m.cell_named.get(&b.text))
                    else {
                        for n in [a, b] {
                            if !m.cell_named.contains_key(&n.text) {
                                self.cell_off_board(n);
                            }
                        }
                        continue;
                    };
                    // A range runs between neighbouring cells (edge or diagonal).
                    let Some(line) = m.topology.range(ca, cb) else {
                        self.error(
                            Diagnostic::error(Code::RangeNotALine, format!("{}..{} is not a straight line of neighbouring cells", a.text, b.text), *span, "not a line")
                                .with_hint("a range runs along a rank, a file or a diagonal; list other cells one by one"),
                        );
                        continue;
                    };
                    if line.contains(&None) {
                        self.error(
                            Diagnostic::error(
                                Code::CellOffBoard,
                                "this range leaves the board",
                                *span,
                                "a cell between the ends is missing",
                            )
                            .with_hint("split the range at the gap"),
                        );
                    }
                    out.extend(line.into_iter().flatten().map(|c| (c, *span)));
                }
            }
        }
        out
    }
}
