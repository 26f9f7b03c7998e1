//! Regions: named cell sets per player (`region`), the colour classes of
//! the board (`colours`), and regions drawn in a colour (`mark`).

use super::Checker;
use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use crate::model::{Model, ModelRegion};
use runtime::ir;

impl Checker {
    pub(super) fn colours(&mut self, m: &mut Model, names: &[Name], anchor: &Name) {
        let Some(&a) = m.cell_named.get(&anchor.text) else {
            self.cell_off_board(anchor);
            return;
        };
        let classes = m.topology.colour_classes();
        if names.len() as i32 != classes {
            self.error(
                Diagnostic::error(
                    Code::UnsupportedBoard,
                    format!("this board is coloured with {classes} colours"),
                    names[0].span,
                    format!("{} names given", names.len()),
                )
                .with_hint(format!("name exactly {classes} colours")),
            );
            return;
        }
        let anchor_class = m.topology.colour_class(a);
        for (i, n) in names.iter().enumerate() {
            let member: Vec<bool> = (0..m.cells.len())
                .map(|c| {
                    (m.topology.colour_class(c) - anchor_class).rem_euclid(classes) == i as i32
                })
                .collect();
            let per = vec![member; m.players.len()];
            let before = m.regions.len();
            if !per[0].iter().any(|&b| b) {
                // A board too small for its colours (1 x 1 has one): say so,
                // rather than the general "region has no cells".
                self.error(
                    Diagnostic::error(
                        Code::EmptyRegion,
                        format!(
                            "colour `{}` has no cells on this board of {} cell{}",
                            n.text,
                            m.cells.len(),
                            if m.cells.len() == 1 { "" } else { "s" }
                        ),
                        n.span,
                        "empty colour",
                    )
                    .with_hint("a board this small has fewer colours; leave out `colours`"),
                );
                self.add_region_unchecked(m, n, per, true);
                continue;
            }
            self.add_region(m, n, per, true);
            if m.regions.len() > before {
                m.colours.push(before);
            }
        }
    }

    /// Adds a region whose emptiness was already reported.
    fn add_region_unchecked(
        &mut self,
        m: &mut Model,
        name: &Name,
        cells: Vec<Vec<bool>>,
        shared: bool,
    ) {
        if m.region_named.contains_key(&name.text) {
            self.add_region(m, name, cells, shared);
            return;
        }
        m.region_named.insert(name.text.clone(), m.regions.len());
        m.regions.push(ModelRegion {
            name: name.text.clone(),
            shared,
            cells,
        });
    }

    pub(super) fn add_region(
        &mut self,
        m: &mut Model,
        name: &Name,
        cells: Vec<Vec<bool>>,
        shared: bool,
    ) {
        if m.region_named.contains_key(&name.text) {
            self.error(Diagnostic::error(
                Code::DuplicateDefinition,
                format!("region `{}` is defined twice", name.text),
                name.span,
                "second definition",
            ));
            return;
        }
        if cells.iter().any(|c| !c.iter().any(|&b| b)) {
            self.error(
                Diagnostic::error(
                    Code::EmptyRegion,
                    format!("region `{}` has no cells", name.text),
                    name.span,
                    "empty region",
                )
                .with_hint("check the ranks, files or cells it names against the board"),
            );
        }
        m.region_named.insert(name.text.clone(), m.regions.len());
        m.regions.push(ModelRegion {
            name: name.text.clone(),
            shared,
            cells,
        });
    }

    pub(super) fn region(&mut self, m: &mut Model, name: &Name, def: &RegionDef) {
        let players = m.players.len();
        match def {
            RegionDef::Shared(e) => {
                // Evaluated per player (it may use per-player regions), but
                // its problems are reported once.
                let mut per = Vec::new();
                for p in 0..players {
                    let before = self.diags.len();
                    per.push(self.region_expr(m, e, p, &[]));
                    if p > 0 {
                        self.diags.truncate(before);
                    }
                }
                self.add_region(m, name, per, true);
            }
            RegionDef::PerPlayer(list) => {
                let mut per = vec![None; players];
                let mut entry: Vec<Option<Span>> = vec![None; players];
                let names: Vec<String> = m.players.iter().map(|p| p.name.clone()).collect();
                for (pn, e) in list {
                    if let Some(p) = self.player(pn, &names) {
                        if let Some(first) = entry[p] {
                            self.error(
                                Diagnostic::error(
                                    Code::DuplicateDefinition,
                                    format!(
                                        "region `{}` gives player `{}` two entries",
                                        name.text, pn.text
                                    ),
                                    pn.span,
                                    "second entry",
                                )
                                .with_secondary(first, "first entry here")
                                .with_hint("give each player one entry; join the cells with `+`"),
                            );
                            continue;
                        }
                        entry[p] = Some(pn.span);
                        per[p] = Some(self.region_expr(m, e, p, &per));
                    }
                }
                if let Some(missing) = per.iter().position(Option::is_none) {
                    self.error(
                        Diagnostic::error(
                            Code::MissingStatement,
                            format!(
                                "region `{}` has no cells for player `{}`",
                                name.text, names[missing]
                            ),
                            name.span,
                            "per-player region",
                        )
                        .with_hint("give every player an entry"),
                    );
                }
                let per = per
                    .into_iter()
                    .map(|c| c.unwrap_or_else(|| vec![false; m.cells.len()]))
                    .collect();
                self.add_region(m, name, per, false);
            }
        }
    }

    /// A region expression for `player`; `siblings` are the entries of a
    /// per-player region given so far (what `like P` carries over).
    pub(super) fn region_expr(
        &mut self,
        m: &Model,
        e: &RegionExpr,
        player: usize,
        siblings: &[Option<Vec<bool>>],
    ) -> Vec<bool> {
        let mut set = vec![false; m.cells.len()];
        for (add, term) in &e.terms {
            let cells = match term {
                RegionTerm::Like(n) => self.like_cells(m, n, player, siblings),
                _ => self.region_term(m, term, player),
            };
            for c in cells {
                set[c] = *add;
            }
        }
        set
    }

    pub(super) fn ranks_and_files_only(&mut self, m: &Model, span: Span, what: &str) -> bool {
        if !m.topology.has_ranks_and_files() {
            self.error(
                Diagnostic::error(
                    Code::RegionDoesNotFit,
                    format!("`{what}` needs a board with ranks and files"),
                    span,
                    "here",
                )
                .with_hint("on other boards use `line NAME` or list the cells"),
            );
            return false;
        }
        true
    }

    pub(super) fn file_index(&mut self, m: &Model, n: &Name) -> Option<i32> {
        let Some(files) = m.geometry.files() else {
            self.ranks_and_files_only(m, n.span, "file");
            return None;
        };
        let i = files.iter().position(|f| *f == n.text);
        if i.is_none() {
            self.unknown("file", n, files);
        }
        i.map(|i| i as i32)
    }

    pub(super) fn region_term(&mut self, m: &Model, t: &RegionTerm, player: usize) -> Vec<usize> {
        let by = |f: &dyn Fn(usize) -> bool| -> Vec<usize> {
            (0..m.cells.len()).filter(|&c| f(c)).collect()
        };
        let rank_in =
            |c, lo: i32, hi: i32| m.topology.rank(c).is_some_and(|y| (lo..=hi).contains(&y));
        let file_in =
            |c, lo: i32, hi: i32| m.topology.file(c).is_some_and(|x| (lo..=hi).contains(&x));
        match t {
            RegionTerm::Rank(r, span) => {
                if !self.ranks_and_files_only(m, *span, "rank") {
                    return vec![];
                }
                by(&|c| rank_in(c, r.saturating_sub(1), r.saturating_sub(1)))
            }
            RegionTerm::Ranks(a, b, span) => {
                if !self.ranks_and_files_only(m, *span, "ranks") {
                    return vec![];
                }
                let (lo, hi) = (*a.min(b), *a.max(b));
                by(&|c| rank_in(c, lo.saturating_sub(1), hi.saturating_sub(1)))
            }
            RegionTerm::File(f) => match self.file_index(m, f) {
                Some(x) => by(&|c| file_in(c, x, x)),
                None => vec![],
            },
            RegionTerm::Files(a, b) => match (self.file_index(m, a), self.file_index(m, b)) {
                (Some(x), Some(y)) => by(&|c| file_in(c, x.min(y), x.max(y))),
                _ => vec![],
            },
            RegionTerm::Line(l) => {
                // Cells named `<line><number>`.
                let cells: Vec<usize> = m
                    .cells
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| {
                        c.name.strip_prefix(&l.text).is_some_and(|rest| {
                            rest.chars().all(|ch| ch.is_ascii_digit()) && !rest.is_empty()
                        })
                    })
                    .map(|(i, _)| i)
                    .collect();
                if cells.is_empty() {
                    self.error(Diagnostic::error(
                        Code::UnknownName,
                        format!("no line `{}` on this board", l.text),
                        l.span,
                        "unknown line",
                    ));
                }
                cells
            }
            RegionTerm::All(_) => (0..m.cells.len()).collect(),
            RegionTerm::Cells(items) => self.cell_items(m, items),
            RegionTerm::Ref(n) => match self.region_ref(m, n) {
                Some(r) => m.regions[r].cells[player]
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| **b)
                    .map(|(i, _)| i)
                    .collect(),
                None => vec![],
            },
            // Read by `region_expr`, which knows the sibling entries.
            RegionTerm::Like(_) => vec![],
        }
    }

    /// `like P` in a per-player region: P's entry, carried to `player`.
    fn like_cells(
        &mut self,
        m: &Model,
        n: &Name,
        player: usize,
        siblings: &[Option<Vec<bool>>],
    ) -> Vec<usize> {
        let names: Vec<String> = m.players.iter().map(|p| p.name.clone()).collect();
        let Some(q) = self.player(n, &names) else {
            return vec![];
        };
        let Some(Some(source)) = siblings.get(q) else {
            self.error(
                Diagnostic::error(
                    Code::MissingStatement,
                    format!(
                        "`like {}` outside a per-player region, or before its entry",
                        n.text
                    ),
                    n.span,
                    "nothing to carry over",
                )
                .with_hint("give that player's entry first: `{ white: line a  blue: like white }`"),
            );
            return vec![];
        };
        let cells: Vec<usize> = (0..m.cells.len()).filter(|&c| source[c]).collect();
        self.carry_cells(m, q, player, &cells, n.span)
            .unwrap_or_default()
    }

    /// `mark R colour`: the region's cells are drawn in the colour.
    pub(super) fn mark(&mut self, m: &mut Model, region: &Name, colour: &Name) {
        let known: Vec<String> = ir::MARK_COLOURS
            .iter()
            .map(|(name, _)| name.to_string())
            .collect();
        if !known.contains(&colour.text) {
            self.unknown("colour", colour, &known);
            return;
        }
        if let Some(r) = self.region_ref(m, region) {
            m.marks.push((r, colour.text.clone()));
        }
    }
}
