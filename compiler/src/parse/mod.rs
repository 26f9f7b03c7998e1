//! Phase 1: text -> typed AST. The only module that sees pest's types.
//!
//! This file holds the public `parse`, the syntax error, the `Builder` with
//! what every statement shares (spans, names, strings, numbers, vectors,
//! cells), `statement` (a dispatch on the grammar rule) and the file-level
//! statements (`game`, `import`, `rules`). Each other statement is built by
//! one function in the file of its group, split like the checker's `check/`:
//!
//! - `board.rs`: the board's shape, side cells, regions, colours, marks
//! - `players.rs`: players, orientations, the first mover, partners
//! - `pieces.rs`: pieces and their atoms, values, who captures en passant,
//!   uncapturable kinds
//! - `rules.rs`: promotion, castling, stacks, agreements, swaps, arrivals,
//!   forbidden regions, how long en passant stays open
//! - `setup.rs`: the pieces each player starts with
//! - `end.rs`: end rules, insufficient material, points, the clock
//! - `claims.rs`: claims, one function per kind
//! - `explosion.rs`: explosions
//!
//! The grammar (`variant.pest`) fixes which children a node has, so a
//! required part is always there. The helpers that rely on this
//! (`Parts::required`, `sole_part`, `keyword`, `split_last`, `unexpected`)
//! say so and panic only on a bug in this module's reading of the grammar,
//! never on a user's text: the text's mistakes are syntax errors (from pest)
//! or values out of range (from `int`, `number`, `vector` and the clock).

mod board;
mod claims;
mod end;
mod explosion;
mod hands;
mod pieces;
mod players;
mod rules;
mod setup;

use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use pest::iterators::{Pair, Pairs};
use pest::Parser;
use pest_derive::Parser;

#[derive(Parser)]
#[grammar = "variant.pest"]
struct VariantParser;

type P<'a> = Pair<'a, Rule>;

/// Parses one file. `file` is the file's index in `Sources`, stored in every span.
pub fn parse(file: usize, source: &str) -> Result<File, Vec<Diagnostic>> {
    let pairs = VariantParser::parse(Rule::file, source)
        .map_err(|e| vec![syntax_error(file, source, e)])?;
    let b = Builder { file, source };
    let mut statements = Vec::new();
    let mut errors = Vec::new();
    // The one `file` pair holds the statements, then `EOI`.
    for stmt in pairs
        .flat_map(|root| root.into_inner())
        .filter(|p| p.as_rule() != Rule::EOI)
    {
        match b.statement(stmt) {
            Ok(s) => statements.push(s),
            Err(d) => errors.push(d),
        }
    }
    if errors.is_empty() {
        Ok(File { statements })
    } else {
        Err(errors)
    }
}

fn syntax_error(file: usize, source: &str, e: pest::error::Error<Rule>) -> Diagnostic {
    let (start, end) = match e.location {
        pest::error::InputLocation::Pos(p) => (p, p),
        pest::error::InputLocation::Span((s, e)) => (s, e),
    };
    // Point at the whole offending word rather than an empty span.
    let end = if end > start {
        end
    } else {
        source[start..]
            .char_indices()
            .find(|(_, c)| c.is_whitespace())
            .map_or(source.len(), |(i, _)| start + i)
            .max(start)
    };
    let expected = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut names: Vec<String> = positives.iter().map(|r| describe(*r)).collect();
            // Single keywords first, then the described forms, so that a
            // form that is itself a list ("an outcome: `loss`, ... or `out`")
            // ends the sentence and reads as one item.
            names.sort_by_key(|n| (n.contains(' '), n.clone()));
            names.dedup();
            join_choices(&names)
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    Diagnostic::error(
        Code::Syntax,
        "this does not follow the grammar",
        Span { file, start, end },
        if expected.is_empty() {
            "unexpected text here".to_string()
        } else {
            format!("expected {expected}")
        },
    )
    .with_hint("see docs/LANGUAGE.md for the statements and their forms")
}

/// "A", "A or B", "A, B or C".
fn join_choices(names: &[String]) -> String {
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// How a syntax error names a rule it expected.
fn describe(rule: Rule) -> String {
    let name = format!("{rule:?}");
    if let Some(k) = name.strip_prefix("kw_") {
        return format!("`{}`", k.replace('_', "-"));
    }
    match rule {
        Rule::ident => "a name".into(),
        Rule::int => "a number".into(),
        Rule::string => "a quoted string".into(),
        Rule::cell => "a cell name".into(),
        Rule::vector => "a vector like (1,2)".into(),
        Rule::EOI => "end of file".into(),
        _ => match in_user_words(rule) {
            Some(words) => words.into(),
            // Any other rule reads well enough by its name (`square board`).
            None => name.trim_end_matches("_stmt").replace('_', " "),
        },
    }
}

/// What the user may write where the grammar expected a rule that is a
/// choice or a form, in the words of docs/LANGUAGE.md (a grammar rule's
/// own name means nothing to a user: "expected orientation").
fn in_user_words(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::orientation => "`identity`, `flip`, `mirror-files` or `rotate DEGREES`",
        Rule::outcome => "an outcome: `loss`, `win`, `draw` or `out`",
        Rule::player_region => "a player's cells, as `white: rank 2`",
        Rule::region_expr => "cells: `rank N`, `file X`, `{ a1 b2 }`, `a2..h2`, `all` or a region's name",
        Rule::region_op => "`+` or `-` (joining cells to a region, or taking them off)",
        Rule::atom => "a move: `leap (X,Y)`, `ride (X,Y)`, `hook ...`, `path ...` or a Betza text like \"WfF\"",
        Rule::filter => {
            "a direction: `all`, `exact`, `forward`, `backward`, `sideways`, `straight` or `oblique`"
        }
        Rule::modifier => {
            "a move's condition: `move-only`, `capture-only`, `max N`, `min N`, `from REGION`, \
             `to REGION`, `en-passant`, `unmoved`, `unattacked`, `becomes PIECE` or `fly-over`"
        }
        Rule::end_kind => "`checkmate`, `stalemate`, `draw` or `win PLAYER`",
        Rule::count_what => "`attacks`, `moves` or `reaches`",
        Rule::safe_part => "`origin`, `passed` or `destination`",
        Rule::agreement_effect => "`switch` or `draw`",
        Rule::playing_cond => "`playing PIECE` or `not playing PIECE`",
        Rule::cells_at_least => "`cells >= N`",
        Rule::condition => "`when AGREEMENT` or `unless AGREEMENT`",
        Rule::triangle_shape => "`N` (a triangle of side N), `N point-down`, `W x H` or `hexagon N`",
        Rule::hex_line => "a line of cells: `line NAME: (Q,R) .. (Q,R)`",
        Rule::extinction_kinds => "`all`, or the pieces counted",
        Rule::counting_line => {
            "a counting line: `starts-without PIECES`, `lone-without PIECES`, \
             `board-honour N [at-most M]`, `pieces-honour N [against PIECE [at-least M]]` \
             or `count-from pieces|zero`"
        }
        Rule::material => "the pieces of both sides, as `King Bishop vs King`",
        Rule::piece_ref => "a piece's name",
        Rule::region_ref => "a region's name",
        Rule::setup_body => "the pieces in braces, as `{ King e1  Pawn a2..h2 }`",
        Rule::hand_captures | Rule::hand_holds => {
            "`captures`, `captures revert-promoted` or a player's hand, as `white { Knight Pawn 2 }`"
        }
        Rule::hand_item => "a piece's name, and how many (`Pawn 2`; one if no number)",
        _ => return None,
    })
}

struct Builder<'s> {
    file: usize,
    source: &'s str,
}

fn is_keyword(p: &P) -> bool {
    format!("{:?}", p.as_rule()).starts_with("kw_")
}

/// The parts of a node that carry meaning, in the grammar's order: its
/// children without the keyword tokens.
#[derive(Clone)]
struct Parts<'a> {
    rule: Rule,
    children: Pairs<'a, Rule>,
}

impl<'a> Parts<'a> {
    fn of(p: P<'a>) -> Self {
        Parts {
            rule: p.as_rule(),
            children: p.into_inner(),
        }
    }

    /// The next part, one the grammar requires at this point of the rule
    /// (`vector = { "(" ~ int ~ "," ~ int ~ ")" }` always has two `int`s).
    /// Its absence is a bug in this module, not a property of the text.
    fn required(&mut self) -> P<'a> {
        match self.next() {
            Some(part) => part,
            None => panic!(
                "grammar: a `{:?}` node ended before a part it requires",
                self.rule
            ),
        }
    }

    /// The next part if it is of `rule` (an optional item of the grammar,
    /// like `cargo_only?`); otherwise nothing is taken.
    fn next_if(&mut self, rule: Rule) -> Option<P<'a>> {
        let mut ahead = self.clone();
        match ahead.next() {
            Some(part) if part.as_rule() == rule => {
                *self = ahead;
                Some(part)
            }
            _ => None,
        }
    }
}

impl<'a> Iterator for Parts<'a> {
    type Item = P<'a>;

    fn next(&mut self) -> Option<P<'a>> {
        self.children.find(|c| !is_keyword(c))
    }
}

/// The one meaningful part of a rule that has exactly one, which the grammar
/// guarantees (`rank = { kw_rank ~ int }`, `orientation = { identity | flip
/// | ... }`).
fn sole_part(p: P) -> P {
    Parts::of(p).required()
}

/// The keyword token of a rule that is a choice of keywords, which the
/// grammar guarantees (`filter = { kw_all | kw_exact | ... }`).
fn keyword(p: P) -> P {
    let of = p.as_rule();
    match p.into_inner().next() {
        Some(k) => k,
        None => panic!("grammar: a `{of:?}` node holds no keyword"),
    }
}

/// A list and its last item, where the grammar ends the node with a required
/// item after the list (`forbid Pawn Knight on REGION`: the region).
fn split_last<T>(mut items: Vec<T>, within: Rule) -> (Vec<T>, T) {
    match items.pop() {
        Some(last) => (items, last),
        None => panic!("grammar: a `{within:?}` node ended before its last part"),
    }
}

/// A child the grammar does not allow in a node of rule `within`: a bug in
/// this module's reading of `variant.pest`, never a property of the text.
fn unexpected(within: Rule, part: &P) -> ! {
    unreachable!(
        "grammar: a `{within:?}` node holds no `{:?}` part",
        part.as_rule()
    )
}

impl Builder<'_> {
    /// The pair's span without trailing whitespace or comments (a rule
    /// ending in an absent optional part would otherwise run on).
    fn span(&self, p: &P) -> Span {
        let s = p.as_span();
        let start = s.start();
        let mut end = start + self.source[start..s.end()].trim_end().len();
        while let Some(line_start) = self.source[start..end].rfind('\n').map(|i| start + i + 1) {
            let line = self.source[line_start..end].trim_start();
            if line.starts_with("//") || line.starts_with('#') {
                end = start + self.source[start..line_start].trim_end().len();
            } else {
                break;
            }
        }
        Span {
            file: self.file,
            start,
            end,
        }
    }

    /// `Cargo` or `Cargo aboard Carrier` / `Cargo aboard black Carrier`, as one
    /// name with single spaces.
    fn piece_ref(&self, p: P) -> Name {
        let span = self.span(&p);
        let words: Vec<&str> = p.into_inner().map(|w| w.as_str()).collect();
        Name {
            text: words.join(" "),
            span,
        }
    }

    fn name(&self, p: &P) -> Name {
        Name {
            text: p.as_str().to_string(),
            span: self.span(p),
        }
    }

    fn string(&self, p: &P) -> Name {
        // string = "\"" inner "\"": the inner pair holds the text.
        let inner = sole_part(p.clone());
        let text = inner.as_str().replace("\\\"", "\"").replace("\\\\", "\\");
        Name {
            text,
            span: self.span(&inner),
        }
    }

    fn int(&self, p: &P) -> Result<i32, Diagnostic> {
        p.as_str().parse().map_err(|_| {
            Diagnostic::error(
                Code::InvalidValue,
                "number out of range",
                self.span(p),
                "too large",
            )
        })
    }

    /// A non-negative decimal (`1.5`).
    fn number(&self, p: &P) -> Result<f64, Diagnostic> {
        p.as_str()
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite() && *x <= 1e6)
            .ok_or_else(|| {
                Diagnostic::error(
                    Code::InvalidValue,
                    "number out of range",
                    self.span(p),
                    "too large",
                )
                .with_hint("points lie within 0..=1000000")
            })
    }

    fn vector(&self, p: P) -> Result<(i32, i32), Diagnostic> {
        let span = self.span(&p);
        let mut parts = Parts::of(p);
        let a = self.int(&parts.required())?;
        let b = self.int(&parts.required())?;
        // `unsigned_abs`: `i32::MIN.abs()` overflows (it wrapped to a
        // negative number and passed the test).
        if a.unsigned_abs() > 1000 || b.unsigned_abs() > 1000 {
            return Err(Diagnostic::error(
                Code::InvalidValue,
                "vector component out of range",
                span,
                "outside -1000..1000",
            )
            .with_hint("vector components lie within -1000..1000"));
        }
        Ok((a, b))
    }

    /// One cell (`e4`) or a range (`a1..h1`), in a cell list, a region or a
    /// setup line.
    fn cell_item(&self, p: P) -> CellItem {
        match p.as_rule() {
            Rule::cell_range => {
                let span = self.span(&p);
                let mut parts = Parts::of(p);
                CellItem::Range(
                    self.name(&parts.required()),
                    self.name(&parts.required()),
                    span,
                )
            }
            Rule::cell => CellItem::One(self.name(&p)),
            _ => unexpected(Rule::cell_list, &p),
        }
    }

    /// `{ a1 c3..c5 }`.
    fn cell_list(&self, p: P) -> Vec<CellItem> {
        Parts::of(p).map(|c| self.cell_item(c)).collect()
    }

    /// A name for each part of the node (`players White Black`).
    fn names(&self, p: P) -> Vec<Name> {
        Parts::of(p).map(|n| self.name(&n)).collect()
    }

    fn statement(&self, p: P) -> Result<Stmt, Diagnostic> {
        match p.as_rule() {
            Rule::game_stmt => Ok(self.game(p)),
            Rule::import_stmt => Ok(self.import(p)),
            Rule::rules_stmt => self.rules_group(p),
            Rule::board_stmt => self.board(p),
            Rule::side_stmt => self.side_cell(p),
            Rule::region_stmt => self.region(p),
            Rule::colours_stmt => Ok(self.colours(p)),
            Rule::mark_stmt => Ok(self.mark(p)),
            Rule::players_stmt => Ok(self.players(p)),
            Rule::player_stmt => self.player(p),
            Rule::turn_stmt => Ok(self.turn(p)),
            Rule::partners_stmt => Ok(self.partners(p)),
            Rule::piece_stmt => self.piece(p),
            Rule::value_stmt => self.value(p),
            Rule::capturers_stmt => Ok(self.capturers(p)),
            Rule::uncapturable_stmt => Ok(self.uncapturable(p)),
            Rule::promote_stmt => self.promote(p),
            Rule::castling_stmt => self.castling(p),
            Rule::carry_stmt => self.carry(p),
            Rule::agreement_stmt => Ok(self.agreement(p)),
            Rule::swap_stmt => self.swap(p),
            Rule::arrival_stmt => Ok(self.arrival(p)),
            Rule::forbid_stmt => Ok(self.forbid(p)),
            Rule::en_passant_stmt => Ok(self.en_passant_duration(p)),
            Rule::setup_stmt => self.setup(p),
            Rule::end_stmt => self.end(p),
            Rule::capture_stmt => Ok(self.capture_forced(p)),
            Rule::check_stmt => Ok(self.check_forbidden(p)),
            Rule::in_check_stmt => Ok(self.checker_captures_only(p)),
            Rule::first_move_stmt => Ok(self.first_move_lost(p)),
            Rule::hand_stmt => self.hand(p),
            Rule::royal_while_last_stmt => Ok(self.royal_while_last(p)),
            Rule::facing_stmt => self.facing(p),
            Rule::unjumpable_stmt => Ok(self.unjumpable(p)),
            Rule::pass_stmt => Ok(self.pass(p)),
            Rule::wall_stmt => Ok(self.wall(p)),
            Rule::material_count_stmt => self.material_count(p),
            Rule::drop_stmt => self.drop_in(p),
            Rule::gate_stmt => Ok(self.gate(p)),
            Rule::promotion_limit_stmt => self.promotion_limit(p),
            Rule::explosion_stmt => self.explosion(p),
            Rule::insufficient_stmt => Ok(self.insufficient(p)),
            Rule::points_stmt => self.points(p),
            Rule::clock_stmt => self.clock(p),
            Rule::claim_stmt => self.claim(p),
            _ => unexpected(Rule::statement, &p),
        }
    }

    /// `game "Name"`.
    fn game(&self, p: P) -> Stmt {
        Stmt::Game(self.string(&sole_part(p)))
    }

    /// `import "path" except NAME ...`.
    fn import(&self, p: P) -> Stmt {
        let mut parts = Parts::of(p);
        let path = self.string(&parts.required());
        Stmt::Import(path, parts.map(|n| self.name(&n)).collect())
    }

    /// `rules NAME { statements }`: a group an import can leave out.
    fn rules_group(&self, p: P) -> Result<Stmt, Diagnostic> {
        let mut parts = Parts::of(p);
        let name = self.name(&parts.required());
        let mut body = Vec::new();
        for s in parts {
            body.push(self.statement(s)?);
        }
        Ok(Stmt::Rules(name, body))
    }
}
