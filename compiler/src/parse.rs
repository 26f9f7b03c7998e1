//! Phase 1: text -> typed AST. The only module that sees pest's types.

use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use pest::iterators::Pair;
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
    let root = pairs.into_iter().next().expect("file rule");
    let mut statements = Vec::new();
    let mut errors = Vec::new();
    for stmt in root.into_inner().filter(|p| p.as_rule() != Rule::EOI) {
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
            names.sort();
            names.dedup();
            names.join(", ")
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
        _ => name.trim_end_matches("_stmt").replace('_', " "),
    }
}

struct Builder<'s> {
    file: usize,
    source: &'s str,
}

fn is_keyword(p: &P) -> bool {
    format!("{:?}", p.as_rule()).starts_with("kw_")
}

/// Children without keyword tokens.
fn kids<'a>(p: P<'a>) -> impl Iterator<Item = P<'a>> {
    p.into_inner().filter(|c| !is_keyword(c))
}

/// The filter a `filter` pair names.
fn filter(p: P) -> Filter {
    match p.into_inner().next().unwrap().as_rule() {
        Rule::kw_all => Filter::All,
        Rule::kw_exact => Filter::Exact,
        Rule::kw_forward => Filter::Forward,
        Rule::kw_backward => Filter::Backward,
        Rule::kw_sideways => Filter::Sideways,
        Rule::kw_straight => Filter::Straight,
        Rule::kw_oblique => Filter::Oblique,
        other => unreachable!("filter rule {other:?}"),
    }
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
        let inner = p.clone().into_inner().next().expect("string inner");
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
        let mut it = kids(p);
        let a = self.int(&it.next().unwrap())?;
        let b = self.int(&it.next().unwrap())?;
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

    fn statement(&self, p: P) -> Result<Stmt, Diagnostic> {
        let span = self.span(&p);
        let rule = p.as_rule();
        let mut it = kids(p);
        Ok(match rule {
            Rule::game_stmt => Stmt::Game(self.string(&it.next().unwrap())),
            Rule::import_stmt => {
                let path = self.string(&it.next().unwrap());
                Stmt::Import(path, it.map(|n| self.name(&n)).collect())
            }
            Rule::board_stmt => {
                let b = it.next().unwrap();
                let bspan = self.span(&b);
                match b.as_rule() {
                    Rule::square_board => {
                        let mut bi = kids(b);
                        let width = self.int(&bi.next().unwrap())?;
                        let height = self.int(&bi.next().unwrap())?;
                        let mut files = None;
                        let mut holes = Vec::new();
                        let mut diagonal = false;
                        for part in bi {
                            match part.as_rule() {
                                Rule::cell_list => {
                                    holes = kids(part).map(|c| self.cell_item(c)).collect()
                                }
                                Rule::diagonal_k => diagonal = true,
                                _ => files = Some(self.string(&part)),
                            }
                        }
                        Stmt::Board(Board::Square {
                            width,
                            height,
                            files,
                            holes,
                            diagonal,
                            span: bspan,
                        })
                    }
                    Rule::hex_board => {
                        let mut lines = Vec::new();
                        let mut pointy = false;
                        for line in kids(b) {
                            if line.as_rule() == Rule::pointy_top {
                                pointy = true;
                                continue;
                            }
                            let lspan = self.span(&line);
                            let mut li = kids(line);
                            let name = self.name(&li.next().unwrap());
                            let from = self.vector(li.next().unwrap())?;
                            let to = self.vector(li.next().unwrap())?;
                            let numbered = match li.next() {
                                Some(n) => {
                                    let mut ni = kids(n);
                                    let first = self.int(&ni.next().unwrap())?;
                                    let step = match ni.next() {
                                        Some(s) => self.int(&s)?,
                                        None => 1,
                                    };
                                    (first, step)
                                }
                                None => (1, 1),
                            };
                            lines.push(HexLine {
                                name,
                                from,
                                to,
                                numbered,
                                span: lspan,
                            });
                        }
                        Stmt::Board(Board::Hex {
                            lines,
                            pointy,
                            span: bspan,
                        })
                    }
                    Rule::round_board => {
                        let mut bi = kids(b);
                        let rings = self.int(&bi.next().unwrap())?;
                        let sectors = self.int(&bi.next().unwrap())?;
                        let files = bi.next().map(|f| self.string(&f));
                        Stmt::Board(Board::Round {
                            rings,
                            sectors,
                            files,
                            span: bspan,
                        })
                    }
                    Rule::triangle_board => {
                        let mut bi = kids(b);
                        let shape = kids(bi.next().unwrap()).next().unwrap();
                        let shape = match shape.as_rule() {
                            Rule::triangle_hexagon => TriangleShape::Hexagon {
                                side: self.int(&kids(shape).next().unwrap())?,
                            },
                            Rule::triangle_rows => {
                                let mut si = kids(shape);
                                TriangleShape::Rows {
                                    width: self.int(&si.next().unwrap())?,
                                    height: self.int(&si.next().unwrap())?,
                                }
                            }
                            _ => {
                                let mut si = kids(shape);
                                TriangleShape::Big {
                                    side: self.int(&si.next().unwrap())?,
                                    point_down: si.next().is_some(),
                                }
                            }
                        };
                        let mut files = None;
                        let mut holes = Vec::new();
                        for part in bi {
                            match part.as_rule() {
                                Rule::cell_list => {
                                    holes = kids(part).map(|c| self.cell_item(c)).collect()
                                }
                                _ => files = Some(self.string(&part)),
                            }
                        }
                        Stmt::Board(Board::Triangle {
                            shape,
                            files,
                            holes,
                            span: bspan,
                        })
                    }
                    other => unreachable!("board rule {other:?}"),
                }
            }
            Rule::colours_stmt => {
                let all: Vec<P> = it.collect();
                let (anchor, names) = all.split_last().unwrap();
                Stmt::Colours {
                    names: names.iter().map(|n| self.name(n)).collect(),
                    anchor: self.name(anchor),
                }
            }
            Rule::players_stmt => Stmt::Players(it.map(|n| self.name(&n)).collect()),
            Rule::player_stmt => {
                let player = self.name(&it.next().unwrap());
                let o = it.next().unwrap().into_inner().next().unwrap();
                let orientation = match o.as_rule() {
                    Rule::identity => Orientation::Identity,
                    Rule::flip => Orientation::Flip,
                    Rule::mirror_files => Orientation::Mirror,
                    Rule::rotate => Orientation::Rotate(self.int(&kids(o).next().unwrap())?),
                    other => unreachable!("orientation rule {other:?}"),
                };
                let about = match it.next() {
                    Some(a) => kids(a).map(|c| self.name(&c)).collect(),
                    None => Vec::new(),
                };
                Stmt::Orientation {
                    player,
                    orientation,
                    about,
                    span,
                }
            }
            Rule::turn_stmt => Stmt::Turn(self.name(&it.next().unwrap())),
            Rule::region_stmt => {
                let name = self.name(&it.next().unwrap());
                let rest: Vec<P> = it.collect();
                let def = if rest.len() == 1 && rest[0].as_rule() == Rule::region_expr {
                    RegionDef::Shared(self.region_expr(rest[0].clone())?)
                } else {
                    let mut per = Vec::new();
                    for pr in rest {
                        let mut pi = kids(pr);
                        let player = self.name(&pi.next().unwrap());
                        per.push((player, self.region_expr(pi.next().unwrap())?));
                    }
                    RegionDef::PerPlayer(per)
                };
                Stmt::Region { name, def }
            }
            Rule::piece_stmt => Stmt::Piece(self.piece(span, it)?),
            Rule::promote_stmt => {
                let piece = self.name(&it.next().unwrap());
                let region = self.name(&it.next().unwrap());
                let mut condition = None;
                let mut choices = Vec::new();
                let mut by_file = Vec::new();
                let mut optional = false;
                let mut only_playing = false;
                let mut game_condition = None;
                for part in it {
                    match part.as_rule() {
                        Rule::optional => optional = true,
                        Rule::game_if => {
                            let c = kids(part).next().unwrap();
                            game_condition = Some(match c.as_rule() {
                                Rule::cells_at_least => {
                                    let n = kids(c).next().unwrap();
                                    GameCondition::CellsAtLeast(self.int(&n)?, self.span(&n))
                                }
                                _ => {
                                    let mut ci = kids(c).peekable();
                                    let negated =
                                        ci.peek().is_some_and(|k| k.as_rule() == Rule::not_k);
                                    let name = ci.find(|k| k.as_rule() == Rule::ident).unwrap();
                                    GameCondition::Playing(!negated, self.name(&name))
                                }
                            });
                        }
                        Rule::condition => {
                            let mut ci = kids(part);
                            let when = ci.next().unwrap().as_rule() == Rule::when_k;
                            condition = Some((when, self.name(&ci.next().unwrap())));
                        }
                        Rule::promote_to => {
                            for c in kids(part) {
                                if c.as_rule() == Rule::playing_k {
                                    only_playing = true;
                                } else {
                                    choices.push(self.name(&c));
                                }
                            }
                        }
                        Rule::by_file => {
                            for choice in kids(part) {
                                let mut fi = kids(choice);
                                let file = self.name(&fi.next().unwrap());
                                let piece = self.name(&fi.next().unwrap());
                                by_file.push((file, piece, fi.next().map(|c| self.name(&c))));
                            }
                        }
                        other => unreachable!("promote rule {other:?}"),
                    }
                }
                Stmt::Promote(Promote {
                    piece,
                    region,
                    choices,
                    by_file,
                    condition,
                    optional,
                    only_playing,
                    game_condition,
                    span,
                })
            }
            Rule::carry_stmt => {
                let mut names = Vec::new();
                let mut boarding = false;
                let mut atoms = Vec::new();
                let mut laden = None;
                for part in it {
                    match part.as_rule() {
                        Rule::ident => names.push(self.name(&part)),
                        Rule::boarding => boarding = true,
                        Rule::cargo_moves => {
                            for a in kids(part) {
                                atoms.push(self.atom(a)?);
                            }
                        }
                        Rule::laden_moves => {
                            let mut list = Vec::new();
                            for a in kids(part) {
                                list.push(self.atom(a)?);
                            }
                            laden = Some(list);
                        }
                        other => unreachable!("carry rule {other:?}"),
                    }
                }
                let carrier = names.pop().unwrap();
                Stmt::Carry {
                    cargo: names,
                    carrier,
                    boarding,
                    atoms,
                    laden,
                    span,
                }
            }
            Rule::agreement_stmt => {
                let name = self.name(&it.next().unwrap());
                let draw = match it.next().unwrap().into_inner().next().unwrap().as_rule() {
                    Rule::kw_draw => true,
                    Rule::kw_switch => false,
                    other => unreachable!("agreement effect rule {other:?}"),
                };
                let markers = it
                    .map(|m| {
                        let mut mi = kids(m);
                        let player = self.name(&mi.next().unwrap());
                        let from = self.name(&mi.next().unwrap());
                        let to = self.name(&mi.next().unwrap());
                        (player, from, to)
                    })
                    .collect();
                Stmt::Agreement {
                    name,
                    draw,
                    markers,
                    span,
                }
            }
            Rule::castling_stmt => {
                let king = self.name(&it.next().unwrap());
                let mut partners = Vec::new();
                let mut distances = Some(Vec::new());
                let mut safe = Vec::new();
                let mut king_to = None;
                let mut king_beside_partner = false;
                let mut repeatable = false;
                let mut repeat_limit = None;
                let mut king_passes_partner = false;
                let mut king_onto_partner = false;
                let mut free = false;
                let mut written_zeros = None;
                let mut written_king = Vec::new();
                let mut written_flanks = None;
                let mut written_partner = Vec::new();
                for prop in it {
                    match prop.as_rule() {
                        Rule::ident => partners.push(self.name(&prop)),
                        Rule::king_to => {
                            let target = kids(prop).next().unwrap();
                            if target.as_rule() == Rule::king_beside {
                                king_beside_partner = true;
                            } else {
                                king_to = Some(self.name(&target));
                            }
                        }
                        Rule::repeatable => {
                            repeatable = true;
                            if let Some(n) = kids(prop).find(|k| k.as_rule() == Rule::int) {
                                repeat_limit = Some(self.int(&n)?);
                            }
                        }
                        Rule::king_passes => king_passes_partner = true,
                        Rule::king_onto => king_onto_partner = true,
                        Rule::free_castling => free = true,
                        Rule::written => {
                            let form = kids(prop).next().unwrap();
                            match form.as_rule() {
                                Rule::written_zeros => {
                                    written_zeros = Some(self.name(&kids(form).next().unwrap()))
                                }
                                Rule::written_king => {
                                    written_king.extend(kids(form).map(|s| self.string(&s)))
                                }
                                Rule::written_flanks => {
                                    let mut s = kids(form).map(|s| self.string(&s));
                                    written_flanks = Some((s.next().unwrap(), s.next().unwrap()));
                                }
                                Rule::written_partner => {
                                    for spelling in kids(form) {
                                        let mut it = kids(spelling);
                                        let class = it.next().unwrap();
                                        let spelled = self.string(&it.next().unwrap());
                                        let mut aboard = false;
                                        let mut foreign = false;
                                        let mut kind = None;
                                        for part in class.into_inner() {
                                            match part.as_rule() {
                                                Rule::kw_aboard => aboard = true,
                                                Rule::foreign_k => foreign = true,
                                                _ => kind = Some(self.name(&part)),
                                            }
                                        }
                                        let class = PartnerClass {
                                            kind: kind.unwrap(),
                                            aboard,
                                            foreign,
                                        };
                                        written_partner.push((class, spelled));
                                    }
                                }
                                other => unreachable!("written rule {other:?}"),
                            }
                        }
                        Rule::king_moves => {
                            let mut ds = Vec::new();
                            let mut any = false;
                            for d in kids(prop) {
                                match d.as_rule() {
                                    Rule::any_distance => any = true,
                                    Rule::int => ds.push(self.int(&d)?),
                                    other => unreachable!("king-moves rule {other:?}"),
                                }
                            }
                            distances = if any { None } else { Some(ds) };
                        }
                        Rule::safe => safe.extend(kids(prop).map(|s| self.name(&s))),
                        other => unreachable!("castling rule {other:?}"),
                    }
                }
                // `king-to beside partner` needs no distances.
                if king_beside_partner && distances.as_ref().is_some_and(|d| d.is_empty()) {
                    distances = None;
                }
                Stmt::Castling(Castling {
                    king,
                    partners,
                    king_to,
                    king_beside_partner,
                    repeatable,
                    repeat_limit,
                    king_passes_partner,
                    king_onto_partner,
                    free,
                    written_zeros,
                    written_king,
                    written_flanks,
                    written_partner,
                    distances,
                    safe,
                    span,
                })
            }
            Rule::setup_stmt => {
                let player = self.name(&it.next().unwrap());
                let body = it.next().unwrap();
                let body = match body.as_rule() {
                    Rule::setup_mirror => SetupBody::Mirror(self.name(&kids(body).next().unwrap())),
                    Rule::setup_rotate => SetupBody::Rotate(self.name(&kids(body).next().unwrap())),
                    Rule::setup_like => SetupBody::Like(self.name(&kids(body).next().unwrap())),
                    Rule::setup_body => {
                        let mut lines = Vec::new();
                        for line in kids(body) {
                            let mut li = kids(line);
                            let piece = self.piece_ref(li.next().unwrap());
                            let cells = li.map(|c| self.cell_item(c)).collect();
                            lines.push((piece, cells));
                        }
                        SetupBody::Explicit(lines)
                    }
                    other => unreachable!("setup rule {other:?}"),
                };
                Stmt::Setup { player, body, span }
            }
            Rule::end_stmt => {
                let e = it.next().unwrap();
                let rule = e.as_rule();
                let mut ei = kids(e);
                let outcome = |p: P| match p.into_inner().next().unwrap().as_rule() {
                    Rule::kw_win => OutcomeWord::Win,
                    Rule::kw_draw => OutcomeWord::Draw,
                    Rule::kw_loss => OutcomeWord::Loss,
                    Rule::kw_out => OutcomeWord::Out,
                    other => unreachable!("outcome rule {other:?}"),
                };
                let end = match rule {
                    Rule::end_mate => {
                        let word = outcome(ei.next().unwrap());
                        let suffix = ei.next().map(|p| p.as_rule());
                        EndRule::Checkmate(
                            word,
                            suffix == Some(Rule::to_last_attacker),
                            suffix == Some(Rule::after_round),
                        )
                    }
                    Rule::end_stalemate => {
                        let word = outcome(ei.next().unwrap());
                        EndRule::Stalemate(word, ei.next().is_some())
                    }
                    Rule::end_repetition => EndRule::Repetition(self.int(&ei.next().unwrap())?),
                    Rule::end_move_rule => {
                        let n = self.int(&ei.next().unwrap())?;
                        EndRule::MoveRule(n, ei.map(|k| self.name(&k)).collect())
                    }
                    other => unreachable!("end rule {other:?}"),
                };
                Stmt::End(end, span)
            }
            Rule::insufficient_stmt => Stmt::Insufficient {
                material: self.material(it.next().unwrap()),
                span,
            },
            Rule::swap_stmt => {
                let piece = self.name(&it.next().unwrap());
                let partners = it
                    .next()
                    .unwrap()
                    .into_inner()
                    .map(|n| self.name(&n))
                    .collect();
                let offset = self.vector(it.next().unwrap())?;
                let mut filters = Vec::new();
                let mut from = None;
                for x in it {
                    match x.as_rule() {
                        Rule::filter => filters.push(filter(x)),
                        Rule::ident => from = Some(self.name(&x)),
                        other => unreachable!("swap rule {other:?}"),
                    }
                }
                Stmt::Swap {
                    piece,
                    partners,
                    offset,
                    filters,
                    from,
                    span,
                }
            }
            Rule::arrival_stmt => {
                let piece = self.name(&it.next().unwrap());
                let trigger = self.name(&it.next().unwrap());
                let next = it.next().unwrap();
                if next.as_rule() == Rule::arrival_wins {
                    return Ok(Stmt::WinningArrival {
                        piece,
                        trigger,
                        span,
                    });
                }
                let place = self.name(&next);
                let on = self.name(&it.next().unwrap());
                Stmt::Arrival {
                    piece,
                    trigger,
                    place,
                    on,
                    span,
                }
            }
            Rule::capturers_stmt => Stmt::Capturers(
                it.next()
                    .unwrap()
                    .into_inner()
                    .map(|n| self.name(&n))
                    .collect(),
            ),
            Rule::side_stmt => {
                let name = self.name(&it.next().unwrap());
                let at = self.vector(it.next().unwrap())?;
                Stmt::SideCell { name, at, span }
            }
            Rule::mark_stmt => {
                let region = self.name(&it.next().unwrap());
                let colour = self.name(&it.next().unwrap());
                Stmt::Mark { region, colour }
            }
            Rule::clock_stmt => {
                let d = it.next().unwrap();
                let text = d.as_str();
                let (digits, unit) = text.split_at(text.len() - 1);
                let n: u64 = digits.parse().map_err(|_| {
                    Diagnostic::error(
                        Code::InvalidValue,
                        "clock time out of range",
                        self.span(&d),
                        "too large",
                    )
                })?;
                let seconds = n.saturating_mul(match unit {
                    "h" => 3600,
                    "m" => 60,
                    "s" => 1,
                    other => unreachable!("duration unit {other}"),
                });
                Stmt::Clock { seconds, span }
            }
            Rule::value_stmt => {
                let piece = self.name(&it.next().unwrap());
                let value = self.int(&it.next().unwrap())?;
                Stmt::Value { piece, value }
            }
            Rule::claim_stmt => Stmt::Claim(self.claim(span, it.next().unwrap())?),
            Rule::forbid_stmt => {
                let mut names: Vec<Name> = it.map(|n| self.name(&n)).collect();
                let region = names.pop().unwrap();
                Stmt::Forbid {
                    pieces: names,
                    region,
                    span,
                }
            }
            Rule::uncapturable_stmt => {
                let mut names = Vec::new();
                let mut unless_out = false;
                for n in it {
                    match n.as_rule() {
                        Rule::unless_out => unless_out = true,
                        _ => names.push(self.name(&n)),
                    }
                }
                Stmt::Uncapturable(names, unless_out)
            }
            Rule::partners_stmt => Stmt::Partners(it.map(|n| self.name(&n)).collect()),
            Rule::en_passant_stmt => Stmt::EnPassantUntilOwnerMoves(span),
            Rule::points_stmt => Stmt::Points(self.int(&it.next().unwrap())?, span),
            Rule::rules_stmt => {
                let name = self.name(&it.next().unwrap());
                let mut body = Vec::new();
                for s in it {
                    body.push(self.statement(s)?);
                }
                Stmt::Rules(name, body)
            }
            _ => unreachable!("statement rule {rule:?}"),
        })
    }

    fn cell_item(&self, p: P) -> CellItem {
        match p.as_rule() {
            Rule::cell_range => {
                let span = self.span(&p);
                let mut it = kids(p);
                CellItem::Range(
                    self.name(&it.next().unwrap()),
                    self.name(&it.next().unwrap()),
                    span,
                )
            }
            Rule::cell => CellItem::One(self.name(&p)),
            other => unreachable!("cell item rule {other:?}"),
        }
    }

    fn region_expr(&self, p: P) -> Result<RegionExpr, Diagnostic> {
        let span = self.span(&p);
        let mut terms = Vec::new();
        let mut add = true;
        for t in kids(p) {
            let tspan = self.span(&t);
            let term = match t.as_rule() {
                Rule::region_op => {
                    add = t.as_str() == "+";
                    continue;
                }
                Rule::rank => RegionTerm::Rank(self.int(&kids(t).next().unwrap())?, tspan),
                Rule::ranks => {
                    let mut ti = kids(t);
                    let a = self.int(&ti.next().unwrap())?;
                    let b = self.int(&ti.next().unwrap())?;
                    RegionTerm::Ranks(a, b, tspan)
                }
                Rule::file_r => RegionTerm::File(self.name(&kids(t).next().unwrap())),
                Rule::files_r => {
                    let mut ti = kids(t);
                    RegionTerm::Files(
                        self.name(&ti.next().unwrap()),
                        self.name(&ti.next().unwrap()),
                    )
                }
                Rule::line_r => RegionTerm::Line(self.name(&kids(t).next().unwrap())),
                Rule::all_cells => RegionTerm::All(tspan),
                Rule::cell_list => RegionTerm::Cells(kids(t).map(|c| self.cell_item(c)).collect()),
                Rule::cell_range => RegionTerm::Cells(vec![self.cell_item(t)]),
                Rule::region_ref => RegionTerm::Ref(self.name(&t)),
                Rule::like_r => RegionTerm::Like(self.name(&kids(t).next().unwrap())),
                other => unreachable!("region term rule {other:?}"),
            };
            terms.push((add, term));
        }
        Ok(RegionExpr { terms, span })
    }

    fn piece<'a>(
        &self,
        span: Span,
        mut it: impl Iterator<Item = P<'a>>,
    ) -> Result<Piece, Diagnostic> {
        let name = self.name(&it.next().unwrap());
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
        for prop in it {
            match prop.as_rule() {
                Rule::letter => piece.letter = Some(self.name(&kids(prop).next().unwrap())),
                Rule::alias => piece.aliases.push(self.string(&kids(prop).next().unwrap())),
                Rule::value => piece.value = Some(self.int(&kids(prop).next().unwrap())?),
                Rule::royal => piece.royal = true,
                Rule::captures_ep => piece.captures_en_passant = true,
                Rule::atom => piece.atoms.push(self.atom(prop)?),
                other => unreachable!("piece property rule {other:?}"),
            }
        }
        Ok(piece)
    }

    fn atom(&self, p: P) -> Result<Atom, Diagnostic> {
        let span = self.span(&p);
        let mut it = kids(p);
        let shape = it.next().unwrap();
        let shape = match shape.as_rule() {
            Rule::leap => AtomShape::Leap(self.vector(kids(shape).next().unwrap())?),
            Rule::ride => AtomShape::Ride(self.vector(kids(shape).next().unwrap())?),
            Rule::hook => {
                let mut hi = kids(shape);
                let v = self.vector(hi.next().unwrap())?;
                let turn = self.int(&hi.next().unwrap())?;
                AtomShape::Hook(v, turn)
            }
            Rule::path => AtomShape::Path(
                kids(shape)
                    .map(|v| self.vector(v))
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            Rule::betza => AtomShape::Betza(self.string(&kids(shape).next().unwrap())),
            other => unreachable!("atom shape rule {other:?}"),
        };
        let mut atom = Atom {
            shape,
            filters: Vec::new(),
            modifiers: Vec::new(),
            span,
        };
        for x in it {
            match x.as_rule() {
                Rule::filter => atom.filters.push(filter(x)),
                Rule::modifier => {
                    let m = x.into_inner().next().unwrap();
                    atom.modifiers.push(match m.as_rule() {
                        Rule::move_only => Modifier::MoveOnly,
                        Rule::capture_only => Modifier::CaptureOnly,
                        Rule::max_range => Modifier::Max(self.int(&kids(m).next().unwrap())?),
                        Rule::from_region => Modifier::From(self.name(&kids(m).next().unwrap())),
                        Rule::to_region => Modifier::To(self.name(&kids(m).next().unwrap())),
                        Rule::unmoved => Modifier::Unmoved,
                        Rule::unattacked => Modifier::Unattacked,
                        Rule::becomes => Modifier::Becomes(self.name(&kids(m).next().unwrap())),
                        Rule::min_range => Modifier::Min(self.int(&kids(m).next().unwrap())?),
                        Rule::en_passant => Modifier::EnPassant,
                        Rule::fly_over => Modifier::FlyOver,
                        other => unreachable!("modifier rule {other:?}"),
                    });
                }
                other => unreachable!("atom part rule {other:?}"),
            }
        }
        Ok(atom)
    }

    /// `King Bishop on light vs King`.
    fn material(&self, p: P) -> Material {
        let span = self.span(&p);
        let mut sides = kids(p)
            .filter(|s| s.as_rule() == Rule::material_side)
            .map(|side| {
                kids(side)
                    .map(|piece| {
                        let mut names = kids(piece).filter(|n| n.as_rule() == Rule::ident);
                        MaterialPiece {
                            piece: self.name(&names.next().unwrap()),
                            on: names.next().map(|n| self.name(&n)),
                        }
                    })
                    .collect::<Vec<_>>()
            });
        let first = sides.next().unwrap();
        let second = sides.next().unwrap();
        Material {
            sides: [first, second],
            span,
        }
    }

    fn claim(&self, span: Span, p: P) -> Result<Claim, Diagnostic> {
        let rule = p.as_rule();
        let mut it = kids(p);
        let rest_opts = |it: &mut dyn Iterator<Item = P>| {
            let mut position = None;
            let mut after = None;
            for o in it {
                let s = self.string(&kids(o.clone()).next().unwrap());
                match o.as_rule() {
                    Rule::position => position = Some(s),
                    Rule::after => after = Some(s),
                    other => unreachable!("claim option rule {other:?}"),
                }
            }
            (position, after)
        };
        let kind = match rule {
            Rule::claim_mate_exists => ClaimKind::MateExists(self.material(it.next().unwrap())),
            Rule::claim_no_mate => ClaimKind::NoMate(self.material(it.next().unwrap())),
            Rule::claim_forced_win => ClaimKind::ForcedWin(self.material(it.next().unwrap())),
            Rule::claim_piece => {
                let player = self.name(&it.next().unwrap());
                let piece = self.piece_ref(it.next().unwrap());
                let cell = self.name(&it.next().unwrap());
                let moves = self.string(&it.next().unwrap());
                let (position, _) = rest_opts(&mut it);
                ClaimKind::PieceAt {
                    player,
                    piece,
                    cell,
                    moves,
                    position,
                }
            }
            Rule::claim_hits => {
                let player = self.name(&it.next().unwrap());
                let mut except = false;
                let mut names = Vec::new();
                let mut expected = 0;
                let mut position = None;
                for x in it {
                    match x.as_rule() {
                        Rule::hits_except => except = true,
                        Rule::ident => names.push(self.name(&x)),
                        Rule::int => expected = self.int(&x)? as i64,
                        Rule::position => position = Some(self.string(&kids(x).next().unwrap())),
                        other => unreachable!("hits rule {other:?}"),
                    }
                }
                // The last name is the region (after `in`).
                let region = names.pop().expect("grammar: a region after in");
                ClaimKind::Hits {
                    player,
                    except,
                    pieces: names,
                    region,
                    expected,
                    position,
                }
            }
            Rule::claim_cell => {
                let cell = self.name(&it.next().unwrap());
                let region = self.name(&it.next().unwrap());
                ClaimKind::CellIn { cell, region }
            }
            Rule::claim_size => {
                let region = self.name(&it.next().unwrap());
                let expected = self.int(&it.next().unwrap())? as i64;
                ClaimKind::Size { region, expected }
            }
            Rule::claim_free_sides => {
                let what = self.name(&it.next().unwrap());
                let expected = self.int(&it.next().unwrap())? as i64;
                ClaimKind::FreeSides { what, expected }
            }
            Rule::claim_count => {
                let what = match it.next().unwrap().into_inner().next().unwrap().as_rule() {
                    Rule::kw_attacks => CountWhat::Attacks,
                    Rule::kw_moves => CountWhat::Moves,
                    Rule::kw_reaches => CountWhat::Reaches,
                    other => unreachable!("count rule {other:?}"),
                };
                let player = self.name(&it.next().unwrap());
                let mut next = it.next().unwrap();
                let cargo_only = next.as_rule() == Rule::cargo_only;
                if cargo_only {
                    next = it.next().unwrap();
                }
                let piece = self.piece_ref(next);
                let at = it.next().unwrap();
                let cell = (at.as_rule() == Rule::cell).then(|| self.name(&at));
                let mut within = None;
                let mut last = it.next().unwrap();
                if last.as_rule() == Rule::ident {
                    within = Some(self.name(&last));
                    last = it.next().unwrap();
                }
                let expected = self.int(&last)? as i64;
                ClaimKind::Count {
                    what,
                    player,
                    cargo_only,
                    piece,
                    cell,
                    within,
                    expected,
                }
            }
            Rule::claim_disjoint => {
                let player = self.name(&it.next().unwrap());
                let piece = self.name(&it.next().unwrap());
                let mut others = Vec::new();
                let mut cell = None;
                for x in it {
                    match x.as_rule() {
                        Rule::cell => cell = Some(self.name(&x)),
                        Rule::ident => others.push(self.name(&x)),
                        other => unreachable!("disjoint rule {other:?}"),
                    }
                }
                ClaimKind::Disjoint {
                    player,
                    piece,
                    others,
                    cell,
                }
            }
            Rule::claim_perft => {
                let depth = self.int(&it.next().unwrap())?;
                let expected_pair = it.next().unwrap();
                let expected: i64 = expected_pair.as_str().parse().map_err(|_| {
                    Diagnostic::error(
                        Code::InvalidValue,
                        "number out of range",
                        self.span(&expected_pair),
                        "too large",
                    )
                })?;
                let (position, after) = rest_opts(&mut it);
                ClaimKind::Perft {
                    depth,
                    expected,
                    position,
                    after,
                }
            }
            Rule::claim_mate_in => {
                let moves = self.int(&it.next().unwrap())? as i64;
                let (position, after) = rest_opts(&mut it);
                ClaimKind::MateIn {
                    moves,
                    position,
                    after,
                }
            }
            Rule::claim_legal | Rule::claim_illegal => {
                let moves = self.string(&it.next().unwrap());
                let (position, _) = rest_opts(&mut it);
                if rule == Rule::claim_legal {
                    ClaimKind::Legal { moves, position }
                } else {
                    ClaimKind::Illegal { moves, position }
                }
            }
            Rule::claim_ends => {
                let moves = self.string(&it.next().unwrap());
                let end = it.next().unwrap().into_inner().next().unwrap();
                let end = match end.as_rule() {
                    Rule::checkmate_k => ClaimEnd::Checkmate,
                    Rule::stalemate_k => ClaimEnd::Stalemate,
                    Rule::draw_k => ClaimEnd::Draw,
                    Rule::win_k => ClaimEnd::Win(self.name(&kids(end).next().unwrap())),
                    other => unreachable!("claim end rule {other:?}"),
                };
                let mut scores = None;
                let mut rest = Vec::new();
                for p in it {
                    if p.as_rule() == Rule::scores {
                        let mut points = Vec::new();
                        for n in kids(p) {
                            points.push(self.number(&n)?);
                        }
                        scores = Some(points);
                    } else {
                        rest.push(p);
                    }
                }
                let (position, _) = rest_opts(&mut rest.into_iter());
                ClaimKind::Ends {
                    moves,
                    end,
                    scores,
                    position,
                }
            }
            other => unreachable!("claim rule {other:?}"),
        };
        Ok(Claim { kind, span })
    }
}
