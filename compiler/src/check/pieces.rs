//! Pieces: their names, letters and aliases (`piece`), their moves (the
//! atoms, see `atoms.rs`), values (`value`) and who captures en passant
//! (`captures en-passant`).

use super::Checker;
use crate::ast::{self, *};
use crate::diag::{Code, Diagnostic};
use crate::model::{Model, ModelPiece};
use runtime::codes::MAX_KINDS;
use runtime::limits::{alias_fault, is_piece_letter, ALIAS_FORBIDDEN};
use std::collections::HashMap;

impl Checker {
    /// Declares the pieces: names and letters first, so that atoms and
    /// promotions can refer to any. `None` when there are too many kinds.
    pub(super) fn pieces<'s>(
        &mut self,
        m: &mut Model,
        stmts: &'s [Stmt],
    ) -> Option<Vec<&'s ast::Piece>> {
        let mut piece_asts: Vec<&ast::Piece> = Vec::new();
        for s in stmts {
            if let Stmt::Piece(p) = s {
                if let Some(prev) = piece_asts.iter().find(|q| q.name.text == p.name.text) {
                    self.error(
                        Diagnostic::error(
                            Code::DuplicateDefinition,
                            format!("piece `{}` is defined twice", p.name.text),
                            p.name.span,
                            "second definition",
                        )
                        .with_secondary(prev.name.span, "first definition here")
                        .with_hint("rename one of them, or drop the import that defines it too"),
                    );
                    continue;
                }
                piece_asts.push(p);
            }
        }
        if piece_asts.len() > MAX_KINDS {
            self.error(Diagnostic::error(
                Code::TooManyPieceKinds,
                format!("more than {MAX_KINDS} piece kinds"),
                piece_asts[MAX_KINDS].name.span,
                "this one is too many",
            ));
            return None;
        }
        let mut letters: HashMap<String, Span> = HashMap::new();
        for p in &piece_asts {
            let letter = match &p.letter {
                Some(l)
                    if l.text.chars().count() == 1
                        && l.text
                            .chars()
                            .all(|c| is_piece_letter(c.to_ascii_uppercase())) =>
                {
                    l.text.chars().next().unwrap().to_ascii_uppercase()
                }
                Some(l) => {
                    self.error(
                        Diagnostic::error(
                            Code::BadPieceName,
                            "a piece letter is one Latin letter",
                            l.span,
                            "not a single letter",
                        )
                        .with_hint("put longer names and other scripts in `alias \"...\"`"),
                    );
                    '?'
                }
                None => {
                    self.error(
                        Diagnostic::error(
                            Code::MissingStatement,
                            format!("piece `{}` has no letter", p.name.text),
                            p.name.span,
                            "needs `letter X`",
                        )
                        .with_hint(
                            "notation and FEN need one Latin letter per piece, e.g. `letter N`",
                        ),
                    );
                    '?'
                }
            };
            for a in &p.aliases {
                if let Some(why) = alias_fault(&a.text) {
                    self.error(
                        Diagnostic::error(
                            Code::BadPieceName,
                            format!("alias \"{}\" {why}", a.text),
                            a.span,
                            "not usable in notation",
                        )
                        .with_hint(format!("an alias is a word without digits, spaces or any of `{ALIAS_FORBIDDEN}`, e.g. \"Кр\"")),
                    );
                }
            }
            let mut words = vec![(
                letter.to_string(),
                p.letter.as_ref().map_or(p.name.span, |l| l.span),
                true,
            )];
            words.extend(p.aliases.iter().map(|a| (a.text.clone(), a.span, false)));
            for (w, span, is_letter) in words {
                if w == "?" {
                    continue;
                }
                // Letters are one case in notation (FEN's case is the
                // colour); aliases are words of a rules text, told apart by
                // case (`П` and `п` may name two pieces), but an alias may
                // not be a letter in the other case.
                let key = if is_letter {
                    w.to_uppercase()
                } else {
                    w.clone()
                };
                let clash = letters.get(&key).copied().or_else(|| {
                    (!is_letter && w.chars().count() == 1)
                        .then(|| {
                            letters
                                .get(&format!("letter {}", w.to_uppercase()))
                                .copied()
                        })
                        .flatten()
                });
                if is_letter {
                    letters.insert(format!("letter {key}"), span);
                }
                if let Some(prev) = clash {
                    self.error(
                        Diagnostic::error(
                            Code::ClashingLetters,
                            format!("`{w}` already names another piece"),
                            span,
                            "used again here",
                        )
                        .with_secondary(prev, "first used here")
                        .with_hint("every letter and alias must name one piece only"),
                    );
                } else {
                    letters.insert(key, span);
                }
            }
            m.pieces.push(ModelPiece {
                name: p.name.text.clone(),
                letter,
                aliases: p.aliases.iter().map(|a| a.text.clone()).collect(),
                value: p.value.unwrap_or(0),
                royal: p.royal,
                captures_en_passant: p.captures_en_passant,
                uncapturable: false,
                capturable_when_out: false,
                atoms: Vec::new(),
                stack: None,
                span: p.name.span,
            });
        }
        Some(piece_asts)
    }

    /// Expands the atoms of every declared piece.
    pub(super) fn piece_atoms(&mut self, m: &mut Model, piece_asts: &[&ast::Piece]) {
        for (i, p) in piece_asts.iter().enumerate() {
            for atom in &p.atoms {
                let atoms = self.atom(m, atom);
                m.pieces[i].atoms.extend(atoms);
            }
        }
    }

    /// `value P N`: overrides a piece's value.
    pub(super) fn value(
        &mut self,
        m: &mut Model,
        piece: &Name,
        value: &i32,
        piece_names: &[String],
    ) {
        if let Some(k) = self.piece(piece, piece_names) {
            m.pieces[k].value = *value;
        }
    }

    /// `captures en-passant P...`: these pieces may capture en passant.
    pub(super) fn capturers(&mut self, m: &mut Model, names: &[Name], piece_names: &[String]) {
        for n in names {
            if let Some(k) = self.piece(n, piece_names) {
                m.pieces[k].captures_en_passant = true;
            }
        }
    }
}
