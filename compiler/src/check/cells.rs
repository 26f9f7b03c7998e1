//! Cell lists: cells named one by one or as ranges along a line of
//! neighbouring cells, in regions and setups.

use super::Checker;
use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use crate::model::Model;
use crate::topology::{apply, gcd, Lattice};

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
                    let (pa, pb) = (m.cells[ca].coord, m.cells[cb].coord);
                    let d = (pb.0 - pa.0, pb.1 - pa.1);
                    let n = gcd(d.0.abs(), d.1.abs()).max(1);
                    let step = (d.0 / n, d.1 / n);
                    // A range runs between neighbouring cells (edge or diagonal).
                    let unit = match m.lattice {
                        Lattice::Square => step.0.abs() <= 1 && step.1.abs() <= 1,
                        Lattice::Hex => [(1, 0), (1, 1)]
                            .iter()
                            .any(|&u| m.lattice.symmetries().iter().any(|s| apply(s, u) == step)),
                    };
                    if !unit {
                        self.error(
                            Diagnostic::error(Code::InvalidValue, format!("{}..{} is not a straight line of neighbouring cells", a.text, b.text), *span, "not a line")
                                .with_hint("a range runs along a rank, a file or a diagonal; list other cells one by one"),
                        );
                        continue;
                    }
                    let mut ok = true;
                    let mut cells = Vec::new();
                    for i in 0..=n {
                        match m.cell_at.get(&(pa.0 + step.0 * i, pa.1 + step.1 * i)) {
                            Some(&c) => cells.push((c, *span)),
                            None => ok = false,
                        }
                    }
                    if !ok {
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
                    out.extend(cells);
                }
            }
        }
        out
    }
}
