//! Piece statements: a piece kind with its properties and atoms (the moves,
//! also read by `carry` blocks in `rules.rs`), a kind's value, which kinds
//! capture en passant, and which kinds no move captures.

use super::{keyword, sole_part, unexpected, Builder, Parts, Rule, P};
use crate::ast::*;
use crate::diag::Diagnostic;

impl Builder<'_> {
    /// `piece NAME { letter, alias, value, royal, captures en-passant, atoms }`.
    pub(super) fn piece(&self, p: P) -> Result<Stmt, Diagnostic> {
        let span = self.span(&p);
        let mut parts = Parts::of(p);
        let name = self.name(&parts.required());
        let mut piece = Piece {
            name,
            letter: None,
            aliases: Vec::new(),
            value: None,
            royal: false,
            captures_en_passant: false,
            atoms: Vec::new(),
            span,
        };
        for prop in parts {
            match prop.as_rule() {
                Rule::letter => piece.letter = Some(self.name(&sole_part(prop))),
                Rule::alias => piece.aliases.push(self.string(&sole_part(prop))),
                Rule::value => piece.value = Some(self.int(&sole_part(prop))?),
                Rule::royal => piece.royal = true,
                Rule::captures_ep => piece.captures_en_passant = true,
                Rule::atom => piece.atoms.push(self.atom(prop)?),
                _ => unexpected(Rule::piece_stmt, &prop),
            }
        }
        Ok(Stmt::Piece(piece))
    }

    /// The atoms of a block (`cargo { ... }`, `laden { ... }`).
    pub(super) fn atoms(&self, p: P) -> Result<Vec<Atom>, Diagnostic> {
        Parts::of(p).map(|a| self.atom(a)).collect()
    }

    /// A shape (`leap`, `ride`, `hook`, `path`, `betza`), then filters, then
    /// modifiers.
    fn atom(&self, p: P) -> Result<Atom, Diagnostic> {
        let span = self.span(&p);
        let mut parts = Parts::of(p);
        let shape = parts.required();
        let shape = match shape.as_rule() {
            Rule::leap => AtomShape::Leap(self.vector(sole_part(shape))?),
            Rule::ride => AtomShape::Ride(self.vector(sole_part(shape))?),
            Rule::hook => {
                let mut hook = Parts::of(shape);
                let v = self.vector(hook.required())?;
                let turn = self.int(&hook.required())?;
                AtomShape::Hook(v, turn)
            }
            Rule::path => AtomShape::Path(
                Parts::of(shape)
                    .map(|v| self.vector(v))
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            Rule::betza => AtomShape::Betza(self.string(&sole_part(shape))),
            _ => unexpected(Rule::atom, &shape),
        };
        let mut atom = Atom {
            shape,
            filters: Vec::new(),
            modifiers: Vec::new(),
            span,
        };
        for x in parts {
            match x.as_rule() {
                Rule::filter => atom.filters.push(filter(x)),
                Rule::modifier => atom.modifiers.push(self.modifier(sole_part(x))?),
                _ => unexpected(Rule::atom, &x),
            }
        }
        Ok(atom)
    }

    /// One alternative of `modifier`.
    fn modifier(&self, m: P) -> Result<Modifier, Diagnostic> {
        Ok(match m.as_rule() {
            Rule::move_only => Modifier::MoveOnly,
            Rule::capture_only => Modifier::CaptureOnly,
            Rule::max_range => Modifier::Max(self.int(&sole_part(m))?),
            Rule::from_region => Modifier::From(self.name(&sole_part(m))),
            Rule::to_region => Modifier::To(self.name(&sole_part(m))),
            Rule::unmoved => Modifier::Unmoved,
            Rule::not_in_check => Modifier::NotInCheck,
            Rule::unattacked => Modifier::Unattacked,
            Rule::becomes => Modifier::Becomes(self.name(&sole_part(m))),
            Rule::min_range => Modifier::Min(self.int(&sole_part(m))?),
            Rule::en_passant => Modifier::EnPassant,
            Rule::fly_over => Modifier::FlyOver,
            Rule::hop => Modifier::Hop,
            Rule::hop_behind => Modifier::HopBehind,
            Rule::lame => Modifier::Lame,
            _ => unexpected(Rule::modifier, &m),
        })
    }

    /// `value NAME N`: a piece's value, outside its `piece` block.
    pub(super) fn value(&self, p: P) -> Result<Stmt, Diagnostic> {
        let mut parts = Parts::of(p);
        let piece = self.name(&parts.required());
        let value = self.int(&parts.required())?;
        Ok(Stmt::Value { piece, value })
    }

    /// `captures en-passant NAME ...`: these kinds may take en passant.
    pub(super) fn capturers(&self, p: P) -> Stmt {
        Stmt::Capturers(self.names(sole_part(p)))
    }

    /// `unjumpable NAME ... by NAME ...`.
    pub(super) fn unjumpable(&self, p: P) -> Stmt {
        let span = self.span(&p);
        let mut pieces = Vec::new();
        let mut by = Vec::new();
        for part in Parts::of(p) {
            match part.as_rule() {
                Rule::uncapturable_by => by = self.names(part),
                Rule::ident => pieces.push(self.name(&part)),
                _ => unexpected(Rule::unjumpable_stmt, &part),
            }
        }
        Stmt::Unjumpable(UncapturableBy { pieces, by, span })
    }

    /// `uncapturable NAME ... [unless out | by NAME ...]`.
    pub(super) fn uncapturable(&self, p: P) -> Stmt {
        let span = self.span(&p);
        let mut names = Vec::new();
        let mut unless_out = false;
        let mut by = None;
        for part in Parts::of(p) {
            match part.as_rule() {
                Rule::unless_out => unless_out = true,
                Rule::uncapturable_by => by = Some(self.names(part)),
                Rule::ident => names.push(self.name(&part)),
                _ => unexpected(Rule::uncapturable_stmt, &part),
            }
        }
        match by {
            Some(by) => Stmt::UncapturableBy(UncapturableBy {
                pieces: names,
                by,
                span,
            }),
            None => Stmt::Uncapturable(names, unless_out),
        }
    }
}

/// The filter a `filter` pair names (also read by `swap`).
pub(super) fn filter(p: P) -> Filter {
    let word = keyword(p);
    match word.as_rule() {
        Rule::kw_all => Filter::All,
        Rule::kw_exact => Filter::Exact,
        Rule::kw_forward => Filter::Forward,
        Rule::kw_backward => Filter::Backward,
        Rule::kw_sideways => Filter::Sideways,
        Rule::kw_straight => Filter::Straight,
        Rule::kw_oblique => Filter::Oblique,
        _ => unexpected(Rule::filter, &word),
    }
}
