//! Phase 3: resolve names and check the rules, turning the ASTs of a game
//! and its imports into a `Model`: cells with coordinates, regions as cell
//! sets per player, pieces with their atoms expanded into concrete vectors
//! per player. Every problem becomes a diagnostic; checking goes on after
//! one so the author sees them all.

use crate::ast::{self, *};
use crate::diag::{Code, Diagnostic};
use runtime::ir::{self, EndRules, Outcome};
use serde::Serialize;
use std::collections::HashMap;

/// A 2x2 integer matrix acting on lattice vectors.
pub type Mat = [[i32; 2]; 2];
const IDENTITY: Mat = [[1, 0], [0, 1]];

pub fn apply(m: &Mat, v: (i32, i32)) -> (i32, i32) {
    (m[0][0] * v.0 + m[0][1] * v.1, m[1][0] * v.0 + m[1][1] * v.1)
}

fn mul(a: &Mat, b: &Mat) -> Mat {
    let mut r = [[0; 2]; 2];
    for i in 0..2 {
        for j in 0..2 {
            r[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j];
        }
    }
    r
}

/// The lattice a board's cells sit on, with its symmetries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Lattice {
    /// `(file, rank)` coordinates.
    Square,
    /// Axial `(q, r)` coordinates; `(0, 1)` is straight forward for the first player.
    Hex,
}

impl Lattice {
    fn generators(self) -> (Mat, Mat) {
        match self {
            // Quarter turn and a left-right reflection.
            Lattice::Square => ([[0, -1], [1, 0]], [[-1, 0], [0, 1]]),
            // Sixth turn and a left-right reflection.
            Lattice::Hex => ([[0, -1], [1, 1]], [[-1, 0], [1, 1]]),
        }
    }

    /// Every symmetry of the lattice that fixes the origin.
    pub fn symmetries(self) -> Vec<Mat> {
        let (rot, refl) = self.generators();
        let mut out = vec![IDENTITY];
        let mut i = 0;
        while i < out.len() {
            for g in [rot, refl] {
                let m = mul(&g, &out[i]);
                if !out.contains(&m) {
                    out.push(m);
                }
            }
            i += 1;
        }
        out
    }

    /// How far a vector goes forward (> 0), backward (< 0) or sideways (0).
    pub fn forward(self, v: (i32, i32)) -> i32 {
        match self {
            Lattice::Square => v.1,
            Lattice::Hex => 2 * v.1 + v.0,
        }
    }

    /// How far a vector goes to the right.
    pub fn lateral(self, v: (i32, i32)) -> i32 {
        v.0
    }

    pub fn orientation(self, o: &Orientation) -> Option<Mat> {
        let (rot, refl) = self.generators();
        Some(match o {
            Orientation::Identity => IDENTITY,
            Orientation::Mirror => refl,
            Orientation::Flip => match self {
                Lattice::Square => [[1, 0], [0, -1]],
                Lattice::Hex => [[1, 0], [-1, -1]],
            },
            Orientation::Rotate(deg) => {
                let unit = if self == Lattice::Square { 90 } else { 60 };
                if deg % unit != 0 {
                    return None;
                }
                let mut m = IDENTITY;
                for _ in 0..(deg.rem_euclid(360) / unit) {
                    m = mul(&rot, &m);
                }
                m
            }
        })
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Model {
    pub name: String,
    pub lattice: Lattice,
    pub geometry: ir::Geometry,
    pub cells: Vec<ir::CellInfo>,
    #[serde(skip)]
    pub cell_at: HashMap<(i32, i32), usize>,
    #[serde(skip)]
    pub cell_named: HashMap<String, usize>,
    pub players: Vec<ModelPlayer>,
    pub regions: Vec<ModelRegion>,
    pub pieces: Vec<ModelPiece>,
    pub promotions: Vec<ModelPromotion>,
    pub castlings: Vec<ModelCastling>,
    pub setup: Vec<ir::Placement>,
    pub to_move: u8,
    pub end: EndRules,
    pub claims: Vec<Claim>,
    pub swaps: Vec<ModelSwap>,
    pub arrivals: Vec<ModelArrival>,
    pub marks: Vec<(usize, String)>,
    pub clock_seconds: Option<u32>,
    pub agreements: Vec<ir::Agreement>,
}

impl Model {
    /// The stack kind with the same parts as `kind` but its carrier owned
    /// by `carrier_owner` (itself for other kinds).
    pub fn restack(&self, kind: usize, carrier_owner: usize) -> usize {
        let Some(st) = self.pieces[kind].stack else {
            return kind;
        };
        self.pieces
            .iter()
            .position(|p| {
                p.stack.is_some_and(|t| {
                    t.carrier == st.carrier
                        && t.cargo == st.cargo
                        && t.carrier_owner as usize == carrier_owner
                })
            })
            .unwrap_or(kind)
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct ModelPlayer {
    pub name: String,
    /// Maps the player's frame (forward = (0, 1)) to the board's.
    pub frame: Mat,
}

#[derive(Clone, Debug, Serialize)]
pub struct ModelRegion {
    pub name: String,
    pub shared: bool,
    /// Per player, the member cells.
    pub cells: Vec<Vec<bool>>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ModelPiece {
    pub name: String,
    pub letter: char,
    pub aliases: Vec<String>,
    pub value: i32,
    pub royal: bool,
    pub captures_en_passant: bool,
    pub atoms: Vec<ModelAtom>,
    /// Set for the kinds `carry` makes.
    pub stack: Option<ir::StackParts>,
    #[serde(skip)]
    pub span: Span,
}

#[derive(Clone, Debug, Serialize)]
pub struct ModelAtom {
    /// Per player, the board-frame vectors.
    pub vectors: Vec<Vec<(i32, i32)>>,
    pub ride: bool,
    /// A hook: after the first step, turn by this many lattice rotation
    /// units (either way) and step again; the first cell must be empty.
    pub hook_turn: Option<i32>,
    pub max: Option<u32>,
    /// First landing distance of a ride (1 = every cell).
    pub min: u32,
    /// The kind the piece turns into by this move.
    pub becomes: Option<u8>,
    pub flags: u8,
    pub from_region: Option<usize>,
    pub to_region: Option<usize>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ModelPromotion {
    pub kind: u8,
    pub region: usize,
    pub choices: Vec<u8>,
    /// Also the piece that stood on the promotion cell in the setup.
    pub origin: bool,
    /// Only the region's cells on this file (column) promote by this rule.
    pub file: Option<i32>,
    /// (agreement, reached): the rule holds only while the agreement is
    /// reached (true) or not yet reached (false).
    pub condition: Option<(u8, bool)>,
    #[serde(skip)]
    pub span: Span,
}

#[derive(Clone, Debug, Serialize)]
pub struct ModelSwap {
    pub kind: u8,
    /// Bit per partner kind.
    pub partners: u32,
    /// Per player, the board-frame offsets of the partner.
    pub vectors: Vec<Vec<(i32, i32)>>,
    pub from_region: Option<usize>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ModelArrival {
    pub kind: u8,
    pub trigger: usize,
    pub place: u8,
    pub on: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct ModelCastling {
    pub king: u8,
    /// Bit per partner kind (stacks on a partner carrier included).
    pub partners: u64,
    /// The king goes to the nearest cell of this colour region next to the partner.
    pub king_to: Option<usize>,
    pub repeatable: bool,
    /// Named by zeros counting the cells of this region on the king's path.
    pub written_zeros: Option<usize>,
    pub distances: Option<Vec<i32>>,
    pub safe_origin: bool,
    pub safe_passed: bool,
    pub safe_destination: bool,
    #[serde(skip)]
    pub span: Span,
}

/// Resolves and checks the statements of a game (imports first, in order).
pub fn check(statements: &[Stmt]) -> (Option<Model>, Vec<Diagnostic>) {
    let mut c = Checker {
        diags: Vec::new(),
        player_spans: Vec::new(),
    };
    let model = c.run(statements);
    (model, c.diags)
}

struct Checker {
    diags: Vec<Diagnostic>,
    /// Where each player is named in `players`.
    player_spans: Vec<Span>,
}

pub(crate) fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    candidates
        .into_iter()
        .map(|c| {
            (
                strsim::jaro_winkler(&word.to_lowercase(), &c.to_lowercase()),
                c,
            )
        })
        .filter(|(score, _)| *score > 0.75)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c.to_string())
}

impl Checker {
    fn error(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    fn unknown(&mut self, what: &str, name: &Name, known: &[String]) {
        let mut d = Diagnostic::error(
            Code::UnknownName,
            format!("unknown {what} `{}`", name.text),
            name.span,
            format!("no {what} of this name"),
        );
        d = match did_you_mean(&name.text, known.iter().map(String::as_str)) {
            Some(s) => d.with_hint(format!("did you mean `{s}`?")),
            None if known.is_empty() => d.with_hint(format!("no {what} is defined yet")),
            None => d.with_hint(format!("known: {}", known.join(", "))),
        };
        self.error(d);
    }

    fn run(&mut self, stmts: &[Stmt]) -> Option<Model> {
        let mut name = String::from("unnamed game");
        let mut game_name: Option<&Name> = None;
        let mut board: Option<&Board> = None;
        for s in stmts {
            match s {
                Stmt::Game(n) => {
                    if let Some(first) = &game_name {
                        let first: &Name = first;
                        self.error(
                            Diagnostic::error(Code::DuplicateDefinition, "the game is named twice", n.span, "second name")
                                .with_secondary(first.span, "first name here")
                                .with_hint("a file (with its imports) defines one game; keep one `game` statement"),
                        );
                    } else {
                        game_name = Some(n);
                        name = n.text.clone();
                    }
                }
                Stmt::Board(b) => {
                    if let Some(prev) = board {
                        let (ps, ns) = (board_span(prev), board_span(b));
                        self.error(
                            Diagnostic::error(
                                Code::DuplicateDefinition,
                                "the board is defined twice",
                                ns,
                                "second board",
                            )
                            .with_secondary(ps, "first board here")
                            .with_hint("a game has one board; remove one of them"),
                        );
                    } else {
                        board = Some(b);
                    }
                }
                _ => {}
            }
        }
        let Some(board) = board else {
            // A file with neither `game` nor `board` is a library of
            // definitions for others to import: nothing to build, no error.
            if game_name.is_none() {
                return None;
            }
            self.error(
                Diagnostic::error(
                    Code::MissingStatement,
                    "the game has no board",
                    Span::default(),
                    "no `board` statement in this file",
                )
                .with_hint("add e.g. `board square 8 x 8`"),
            );
            return None;
        };
        let (lattice, geometry, mut cells) = self.board(board)?;
        for s in stmts {
            if let Stmt::SideCell { name, at, span } = s {
                if cells.iter().any(|c| c.name == name.text || c.coord == *at) {
                    self.error(
                        Diagnostic::error(
                            Code::DuplicateDefinition,
                            format!("side cell {} overlaps a cell of the board", name.text),
                            *span,
                            "already a cell",
                        )
                        .with_hint("give the side cell a new name and coordinates off the board"),
                    );
                    continue;
                }
                cells.push(ir::CellInfo {
                    name: name.text.clone(),
                    coord: *at,
                    side: true,
                });
            }
        }
        let cell_at: HashMap<(i32, i32), usize> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| (c.coord, i))
            .collect();
        let cell_named: HashMap<String, usize> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| (c.name.clone(), i))
            .collect();
        let mut m = Model {
            name,
            lattice,
            geometry,
            cells,
            cell_at,
            cell_named,
            players: Vec::new(),
            regions: Vec::new(),
            pieces: Vec::new(),
            promotions: Vec::new(),
            castlings: Vec::new(),
            setup: Vec::new(),
            to_move: 0,
            end: EndRules {
                checkmate: Outcome::Loss,
                stalemate: Outcome::Draw,
                repetition: 0,
                move_rule: 0,
                resets_move_rule: Vec::new(),
                insufficient: Vec::new(),
            },
            claims: Vec::new(),
            swaps: Vec::new(),
            arrivals: Vec::new(),
            marks: Vec::new(),
            clock_seconds: None,
            agreements: Vec::new(),
        };

        // Players first: regions, pieces and setups refer to them.
        let mut players_span = None;
        for s in stmts {
            if let Stmt::Players(names) = s {
                if players_span.is_some() {
                    self.error(Diagnostic::error(
                        Code::DuplicateDefinition,
                        "players are declared twice",
                        names[0].span,
                        "second declaration",
                    ));
                    continue;
                }
                players_span = Some(names[0].span);
                for n in names {
                    if m.players.iter().any(|p| p.name == n.text) {
                        self.error(Diagnostic::error(
                            Code::DuplicateDefinition,
                            format!("player `{}` is listed twice", n.text),
                            n.span,
                            "again here",
                        ));
                    } else {
                        self.player_spans.push(n.span);
                        m.players.push(ModelPlayer {
                            name: n.text.clone(),
                            frame: IDENTITY,
                        });
                    }
                }
            }
        }
        if m.players.len() < 2 {
            self.error(
                Diagnostic::error(
                    Code::MissingStatement,
                    "a game needs at least two players",
                    board_span(board),
                    "for this board",
                )
                .with_hint("add `players white black`"),
            );
            return None;
        }
        let player_names: Vec<String> = m.players.iter().map(|p| p.name.clone()).collect();
        for s in stmts {
            match s {
                Stmt::Orientation {
                    player,
                    orientation,
                    span,
                } => {
                    if let Some(p) = self.player(player, &player_names) {
                        match lattice.orientation(orientation) {
                            Some(mat) => m.players[p].frame = mat,
                            None => self.error(
                                Diagnostic::error(Code::InvalidValue, "this rotation is not a symmetry of the board's lattice", *span, "rotation angle")
                                    .with_hint("square boards turn by multiples of 90 degrees, hex boards by multiples of 60"),
                            ),
                        }
                    }
                }
                Stmt::Turn(n) => {
                    if let Some(p) = self.player(n, &player_names) {
                        m.to_move = p as u8;
                    }
                }
                _ => {}
            }
        }

        // Regions, in order (a region may use earlier ones), and colourings.
        for s in stmts {
            match s {
                Stmt::Colours { names, anchor } => self.colours(&mut m, names, anchor),
                Stmt::Region { name, def } => self.region(&mut m, name, def),
                _ => {}
            }
        }

        // Pieces: names and letters first so atoms and promotions can refer to any.
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
        if piece_asts.len() > 31 {
            self.error(Diagnostic::error(
                Code::InvalidValue,
                "more than 31 piece kinds",
                piece_asts[31].name.span,
                "this one is too many",
            ));
            return None;
        }
        let mut letters: HashMap<String, Span> = HashMap::new();
        for p in &piece_asts {
            let letter = match &p.letter {
                Some(l)
                    if l.text.chars().count() == 1
                        && l.text.chars().all(|c| c.is_ascii_alphabetic()) =>
                {
                    l.text.chars().next().unwrap().to_ascii_uppercase()
                }
                Some(l) => {
                    self.error(
                        Diagnostic::error(
                            Code::InvalidValue,
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
            let mut words = vec![(
                letter.to_string(),
                p.letter.as_ref().map_or(p.name.span, |l| l.span),
            )];
            words.extend(p.aliases.iter().map(|a| (a.text.clone(), a.span)));
            for (w, span) in words {
                if w == "?" {
                    continue;
                }
                let key = if w.chars().count() == 1 {
                    w.to_uppercase()
                } else {
                    w.clone()
                };
                if let Some(prev) = letters.get(&key) {
                    self.error(
                        Diagnostic::error(
                            Code::ClashingLetters,
                            format!("`{w}` already names another piece"),
                            span,
                            "used again here",
                        )
                        .with_secondary(*prev, "first used here")
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
                atoms: Vec::new(),
                stack: None,
                span: p.name.span,
            });
        }
        let mut piece_names: Vec<String> = m.pieces.iter().map(|p| p.name.clone()).collect();
        for (i, p) in piece_asts.iter().enumerate() {
            for atom in &p.atoms {
                let atoms = self.atom(&m, atom);
                m.pieces[i].atoms.extend(atoms);
            }
        }
        self.stacks(&mut m, stmts, &piece_names);
        piece_names = m.pieces.iter().map(|p| p.name.clone()).collect();
        self.agreements(&mut m, stmts, &player_names);

        for s in stmts {
            match s {
                Stmt::Promote {
                    piece,
                    region,
                    choices,
                    by_file,
                    condition,
                    span,
                } => {
                    let kind = self.piece(piece, &piece_names);
                    let reg = self.region_ref(&m, region);
                    let region_span = region.span;
                    let condition = condition.as_ref().and_then(|(when, a)| {
                        let names: Vec<String> =
                            m.agreements.iter().map(|a| a.name.clone()).collect();
                        let i = names.iter().position(|n| *n == a.text);
                        if i.is_none() {
                            self.unknown("agreement", a, &names);
                        }
                        i.map(|i| (i as u8, *when))
                    });
                    if let (Some(kind), Some(region)) = (kind, reg) {
                        for (file, choice, colour) in by_file {
                            let x = self.file_index(&m, file);
                            let k = self.piece(choice, &piece_names);
                            if let (Some(x), Some(k)) = (x, k) {
                                if let Some(colour) = colour {
                                    self.colour_bound_check(&m, region, x, k, colour, *span);
                                }
                                m.promotions.push(ModelPromotion {
                                    kind: kind as u8,
                                    region,
                                    choices: vec![k as u8],
                                    origin: false,
                                    file: Some(x),
                                    condition,
                                    span: region_name_span(region_span),
                                });
                            }
                        }
                    }
                    let mut ks = Vec::new();
                    let mut origin = false;
                    for c in choices {
                        if c.text == "origin" {
                            origin = true;
                            continue;
                        }
                        match piece_names.iter().position(|n| *n == c.text) {
                            Some(k) => ks.push(k as u8),
                            None => {
                                let mut d = Diagnostic::error(
                                    Code::PromotionToUndefined,
                                    format!("promotion to `{}`, which is not a piece", c.text),
                                    c.span,
                                    "not defined",
                                );
                                if let Some(s) =
                                    did_you_mean(&c.text, piece_names.iter().map(String::as_str))
                                {
                                    d = d.with_hint(format!("did you mean `{s}`?"));
                                } else {
                                    d = d.with_hint(format!(
                                        "define it with `piece {} {{ ... }}` or import it",
                                        c.text
                                    ));
                                }
                                self.error(d);
                            }
                        }
                    }
                    if let (Some(kind), Some(region)) = (kind, reg) {
                        if !choices.is_empty() {
                            m.promotions.push(ModelPromotion {
                                kind: kind as u8,
                                region,
                                choices: ks,
                                origin,
                                file: None,
                                condition,
                                span: region_name_span(region_span),
                            });
                        }
                    }
                }
                Stmt::Castling(c) => {
                    let king = self.piece(&c.king, &piece_names);
                    let mut partners = 0u64;
                    let mut partner = None;
                    for n in &c.partners {
                        if let Some(k) = self.piece(n, &piece_names) {
                            partner = Some(k);
                            partners |= 1 << k;
                            // A stack on a partner carrier is a partner too.
                            for (j, p) in m.pieces.iter().enumerate() {
                                if p.stack.is_some_and(|st| st.carrier as usize == k) {
                                    partners |= 1 << j;
                                }
                            }
                        }
                    }
                    let king_to = c.king_to.as_ref().and_then(|r| self.region_ref(&m, r));
                    let written_zeros = c
                        .written_zeros
                        .as_ref()
                        .and_then(|r| self.region_ref(&m, r));
                    if let (Some(ds), None) = (&c.distances, &c.king_to) {
                        if ds.is_empty() || ds.iter().any(|&d| d < 1) {
                            self.error(Diagnostic::error(
                                Code::InvalidValue,
                                "king distances must be positive",
                                c.span,
                                "in this castling",
                            ));
                        }
                    }
                    if let (Some(king), Some(partner)) = (king, partner) {
                        if !m.pieces[king].royal {
                            self.error(
                                Diagnostic::error(
                                    Code::InvalidValue,
                                    format!("`{}` castles but is not royal", c.king.text),
                                    c.king.span,
                                    "not a royal piece",
                                )
                                .with_hint("castling moves the royal piece; mark it `royal`"),
                            );
                        }
                        let has = |w: &str| c.safe.iter().any(|s| s.text == w);
                        let _ = partner;
                        m.castlings.push(ModelCastling {
                            king: king as u8,
                            partners,
                            king_to,
                            repeatable: c.repeatable,
                            written_zeros,
                            distances: c.distances.clone(),
                            safe_origin: has("origin"),
                            safe_passed: has("passed"),
                            safe_destination: has("destination"),
                            span: c.span,
                        });
                    }
                }
                _ => {}
            }
        }

        for s in stmts {
            match s {
                Stmt::Value { piece, value } => {
                    if let Some(k) = self.piece(piece, &piece_names) {
                        m.pieces[k].value = *value;
                    }
                }
                Stmt::Swap {
                    piece,
                    partners,
                    offset,
                    filters,
                    from,
                    span,
                } => {
                    let kind = self.piece(piece, &piece_names);
                    let mut mask = 0u32;
                    for p in partners {
                        if let Some(k) = self.piece(p, &piece_names) {
                            mask |= 1 << k;
                        }
                    }
                    let from_region = from.as_ref().and_then(|r| self.region_ref(&m, r));
                    let words: Vec<&str> = filters.iter().map(|f| f.text.as_str()).collect();
                    let base = orientations(m.lattice, *offset, &words);
                    if base.is_empty() || *offset == (0, 0) {
                        self.error(
                            Diagnostic::error(
                                Code::InvalidValue,
                                "this swap has no partner cell",
                                *span,
                                "no offset left",
                            )
                            .with_hint("give a non-zero offset; filters intersect"),
                        );
                        continue;
                    }
                    if let Some(kind) = kind {
                        let vectors = m
                            .players
                            .iter()
                            .map(|p| base.iter().map(|&w| apply(&p.frame, w)).collect())
                            .collect();
                        m.swaps.push(ModelSwap {
                            kind: kind as u8,
                            partners: mask,
                            vectors,
                            from_region,
                        });
                    }
                }
                Stmt::Arrival {
                    piece,
                    trigger,
                    place,
                    on,
                    ..
                } => {
                    let kind = self.piece(piece, &piece_names);
                    let trigger = self.region_ref(&m, trigger);
                    let placed = self.piece(place, &piece_names);
                    let on = self.region_ref(&m, on);
                    if let (Some(kind), Some(trigger), Some(place), Some(on)) =
                        (kind, trigger, placed, on)
                    {
                        if m.arrivals.iter().any(|a| a.kind == kind as u8) {
                            self.error(
                                Diagnostic::error(
                                    Code::DuplicateDefinition,
                                    format!("`{}` already has an arrival rule", piece.text),
                                    piece.span,
                                    "second rule",
                                )
                                .with_hint("one arrival rule per piece"),
                            );
                            continue;
                        }
                        m.arrivals.push(ModelArrival {
                            kind: kind as u8,
                            trigger,
                            place: place as u8,
                            on,
                        });
                    }
                }
                Stmt::Capturers(names) => {
                    for n in names {
                        if let Some(k) = self.piece(n, &piece_names) {
                            m.pieces[k].captures_en_passant = true;
                        }
                    }
                }
                Stmt::Mark { region, colour } => {
                    if let Some(r) = self.region_ref(&m, region) {
                        m.marks.push((r, colour.text.clone()));
                    }
                }
                Stmt::Clock { seconds, span } => {
                    if *seconds == 0 || *seconds > u32::MAX as u64 {
                        self.error(
                            Diagnostic::error(
                                Code::InvalidValue,
                                "the clock must give some time",
                                *span,
                                "clock",
                            )
                            .with_hint("e.g. `clock 3h`, `clock 90m`, `clock 300s`"),
                        );
                    } else {
                        m.clock_seconds = Some(*seconds as u32);
                    }
                }
                _ => {}
            }
        }
        self.setups(&mut m, stmts, &player_names, &piece_names);
        self.end_rules(&mut m, stmts, &piece_names);
        if !m.pieces.iter().any(|p| p.royal) {
            let span = piece_asts
                .first()
                .map_or(board_span(board), |p| p.name.span);
            self.error(
                Diagnostic::error(
                    Code::NoRoyalPiece,
                    "no piece is royal, so nobody can be checkmated",
                    span,
                    "e.g. this piece",
                )
                .with_hint("mark the king's piece `royal`"),
            );
        }
        for s in stmts {
            if let Stmt::Claim(c) = s {
                m.claims.push(c.clone());
            }
        }
        Some(m)
    }

    /// `carry` statements: one stack kind per (cargo kind, carrier owner).
    /// A stack moves as its carrier does (carrying the cargo), and its cargo
    /// may leave by the moves the statement lists.
    fn stacks(&mut self, m: &mut Model, stmts: &[Stmt], piece_names: &[String]) {
        let declared = m.pieces.len();
        for s in stmts {
            let Stmt::Carry {
                cargo,
                carrier,
                boarding,
                atoms,
                laden,
                span,
            } = s
            else {
                continue;
            };
            let Some(c) = self.piece(carrier, piece_names) else {
                continue;
            };
            let mut aboard: Vec<ModelAtom> = Vec::new();
            for a in atoms {
                aboard.extend(self.atom(m, a));
            }
            // How a loaded carrier moves: as declared, or as the carrier alone.
            let laden_atoms: Vec<ModelAtom> = match laden {
                Some(list) => list.iter().flat_map(|a| self.atom(m, a)).collect(),
                None => m.pieces[c].atoms.clone(),
            };
            for name in cargo {
                let Some(k) = self.piece(name, piece_names) else {
                    continue;
                };
                let takes_part = |x: usize| {
                    m.pieces[declared..].iter().any(|p| {
                        p.stack.is_some_and(|st| {
                            (st.cargo as usize == x || st.carrier as usize == x)
                                && !(st.carrier as usize == c && x == c)
                        })
                    })
                };
                let clash = if k == c {
                    Some((
                        "a piece cannot carry its own kind",
                        "a cell holds at most one carrier and one cargo; name another kind as cargo",
                    ))
                } else if laden_atoms.iter().any(|a| a.becomes.is_some()) {
                    Some((
                        "a stack's moves may not change its kind",
                        "remove `becomes` from the carrier's moves, or give the stack a `laden { ... }` block without it",
                    ))
                } else if m.pieces[k].royal || m.pieces[c].royal {
                    Some((
                        "royal pieces neither carry nor are carried",
                        "a royal piece must stay alone on its cell to be checked and mated",
                    ))
                } else if takes_part(k) || takes_part(c) {
                    Some((
                        "this piece already takes part in another carry rule",
                        "each kind is cargo or carrier in at most one carry rule (stacks do not nest)",
                    ))
                } else {
                    None
                };
                if let Some((why, hint)) = clash {
                    self.error(
                        Diagnostic::error(Code::InvalidValue, why, name.span, "this cargo")
                            .with_secondary(*span, "in this carry rule")
                            .with_hint(hint),
                    );
                    continue;
                }
                for o in 0..m.players.len() {
                    let mut stack_atoms = laden_atoms.clone();
                    for a in &aboard {
                        stack_atoms.push(ModelAtom {
                            flags: a.flags | ir::CARGO,
                            becomes: Some(k as u8),
                            ..a.clone()
                        });
                    }
                    let piece = ModelPiece {
                        name: format!(
                            "{} aboard {} {}",
                            m.pieces[k].name, m.players[o].name, m.pieces[c].name
                        ),
                        letter: m.pieces[k].letter,
                        aliases: Vec::new(),
                        value: m.pieces[k].value + m.pieces[c].value,
                        royal: false,
                        captures_en_passant: false,
                        atoms: stack_atoms,
                        stack: Some(ir::StackParts {
                            carrier: c as u8,
                            cargo: k as u8,
                            carrier_owner: o as u8,
                            boarding: *boarding,
                        }),
                        span: *span,
                    };
                    m.pieces.push(piece);
                }
            }
        }
        if m.pieces.len() > 31 {
            self.error(Diagnostic::error(
                Code::InvalidValue,
                "more than 31 piece kinds, counting one per stack and carrier owner",
                m.pieces[31].span,
                "this one is too many",
            ));
            m.pieces.truncate(31);
        }
    }

    /// `agreement` statements, with their marker cells.
    fn agreements(&mut self, m: &mut Model, stmts: &[Stmt], player_names: &[String]) {
        for s in stmts {
            let Stmt::Agreement {
                name,
                draw,
                markers,
                span,
            } = s
            else {
                continue;
            };
            if m.agreements.iter().any(|a| a.name == name.text) {
                self.error(Diagnostic::error(
                    Code::DuplicateDefinition,
                    format!("agreement `{}` is defined twice", name.text),
                    *span,
                    "second definition",
                ));
                continue;
            }
            let mut cells = vec![None; m.players.len()];
            for (player, from, to) in markers {
                let p = self.player(player, player_names);
                let a = m.cell_named.get(&from.text).copied();
                let b = m.cell_named.get(&to.text).copied();
                for (n, c) in [(from, a), (to, b)] {
                    if c.is_none() {
                        self.cell_off_board(n);
                    }
                }
                if let (Some(p), Some(a), Some(b)) = (p, a, b) {
                    cells[p] = Some((a as u16, b as u16));
                }
            }
            m.agreements.push(ir::Agreement {
                name: name.text.clone(),
                effect: if *draw {
                    ir::AgreementEffect::Draw
                } else {
                    ir::AgreementEffect::Switch
                },
                markers: cells,
            });
        }
    }

    /// A promotion map says the piece on `file` has colour `colour`: the
    /// promoted piece stands on the promotion cell, so it has that cell's
    /// colour. Where the cell is of another colour the rule still promotes
    /// there, and the checker says so (a warning, not an error).
    fn colour_bound_check(
        &mut self,
        m: &Model,
        region: usize,
        file: i32,
        kind: usize,
        colour: &Name,
        span: Span,
    ) {
        let Some(c) = self.region_ref(m, colour) else {
            return;
        };
        for (p, player) in m.players.iter().enumerate() {
            for (cell, info) in m.cells.iter().enumerate() {
                if info.coord.0 == file
                    && m.regions[region].cells[p][cell]
                    && !m.regions[c].cells[p][cell]
                {
                    self.error(
                        Diagnostic::warning(
                            Code::ColourBoundPromotion,
                            format!(
                                "{}'s promotion on {} makes a {} that stands on a cell outside `{}`",
                                player.name, info.name, m.pieces[kind].name, colour.text
                            ),
                            colour.span,
                            format!("said to be on {}", colour.text),
                        )
                        .with_secondary(span, "in this promotion rule")
                        .with_note(format!(
                            "the promoted piece stands on its promotion cell, so this {} is bound to {}'s colour, not to `{}`",
                            m.pieces[kind].name, info.name, colour.text
                        ))
                        .with_hint("give this player its own promotion map, or drop the colour if either is meant"),
                    );
                }
            }
        }
    }

    fn player(&mut self, n: &Name, names: &[String]) -> Option<usize> {
        let p = names.iter().position(|x| *x == n.text);
        if p.is_none() {
            self.unknown("player", n, names);
        }
        p
    }

    fn piece(&mut self, n: &Name, names: &[String]) -> Option<usize> {
        let p = names.iter().position(|x| *x == n.text);
        if p.is_none() {
            self.unknown("piece", n, names);
        }
        p
    }

    fn region_ref(&mut self, m: &Model, n: &Name) -> Option<usize> {
        let r = m.regions.iter().position(|x| x.name == n.text);
        if r.is_none() {
            let names: Vec<String> = m.regions.iter().map(|r| r.name.clone()).collect();
            self.unknown("region", n, &names);
        }
        r
    }

    fn board(&mut self, b: &Board) -> Option<(Lattice, ir::Geometry, Vec<ir::CellInfo>)> {
        match b {
            Board::Square {
                width,
                height,
                files,
                span,
            } => {
                if !(1..=26).contains(width)
                    || !(1..=99).contains(height)
                    || width * height > runtime::bitset::MAX_CELLS as i32
                {
                    self.error(
                        Diagnostic::error(
                            Code::InvalidValue,
                            format!("a {width} x {height} board is not supported"),
                            *span,
                            "board size",
                        )
                        .with_hint(format!(
                            "width 1..26, height 1..99, at most {} cells",
                            runtime::bitset::MAX_CELLS
                        )),
                    );
                    return None;
                }
                let labels: Vec<String> = match files {
                    Some(f) => {
                        let l: Vec<String> = if f.text.contains(' ') {
                            f.text.split_whitespace().map(String::from).collect()
                        } else {
                            f.text.chars().map(String::from).collect()
                        };
                        if l.len() != *width as usize {
                            self.error(
                                Diagnostic::error(
                                    Code::InvalidValue,
                                    format!("{} file labels for a board {width} wide", l.len()),
                                    f.span,
                                    "file labels",
                                )
                                .with_hint("give one label per file, e.g. \"abcdefghik\""),
                            );
                            return None;
                        }
                        l
                    }
                    None => (0..*width)
                        .map(|i| ((b'a' + i as u8) as char).to_string())
                        .collect(),
                };
                let mut cells = Vec::new();
                for y in 0..*height {
                    for x in 0..*width {
                        cells.push(ir::CellInfo {
                            name: format!("{}{}", labels[x as usize], y + 1),
                            coord: (x, y),
                            side: false,
                        });
                    }
                }
                Some((
                    Lattice::Square,
                    ir::Geometry::Square {
                        width: *width as u16,
                        height: *height as u16,
                        files: labels,
                    },
                    cells,
                ))
            }
            Board::Hex { lines, span } => {
                let mut cells: Vec<ir::CellInfo> = Vec::new();
                for line in lines {
                    let d = (line.to.0 - line.from.0, line.to.1 - line.from.1);
                    let n = gcd(d.0.abs(), d.1.abs());
                    let step = if n == 0 { (0, 0) } else { (d.0 / n, d.1 / n) };
                    if n > 0
                        && !Lattice::Hex
                            .symmetries()
                            .iter()
                            .any(|s| apply(s, (1, 0)) == step)
                    {
                        self.error(
                            Diagnostic::error(
                                Code::InvalidValue,
                                "a hex line must run along an edge direction",
                                line.span,
                                "not a row of neighbouring cells",
                            )
                            .with_hint(
                                "from and to must differ by a multiple of (1,0), (0,1) or (1,-1)",
                            ),
                        );
                        continue;
                    }
                    for i in 0..=n {
                        let coord = (line.from.0 + step.0 * i, line.from.1 + step.1 * i);
                        let name = format!(
                            "{}{}",
                            line.name.text,
                            line.numbered.0 + line.numbered.1 * i
                        );
                        if cells.iter().any(|c| c.coord == coord || c.name == name) {
                            self.error(Diagnostic::error(
                                Code::DuplicateDefinition,
                                format!("cell {name} at {coord:?} is defined twice"),
                                line.span,
                                "overlaps an earlier line",
                            ));
                            continue;
                        }
                        cells.push(ir::CellInfo {
                            name,
                            coord,
                            side: false,
                        });
                    }
                }
                if cells.is_empty() || cells.len() > runtime::bitset::MAX_CELLS {
                    self.error(
                        Diagnostic::error(
                            Code::InvalidValue,
                            format!("a hex board of {} cells", cells.len()),
                            *span,
                            "board",
                        )
                        .with_hint(format!("1..={} cells", runtime::bitset::MAX_CELLS)),
                    );
                    return None;
                }
                Some((Lattice::Hex, ir::Geometry::Hex, cells))
            }
        }
    }

    fn colours(&mut self, m: &mut Model, names: &[Name], anchor: &Name) {
        let Some(&a) = m.cell_named.get(&anchor.text) else {
            self.cell_off_board(anchor);
            return;
        };
        let classes = match m.lattice {
            Lattice::Square => 2,
            Lattice::Hex => 3,
        };
        if names.len() != classes {
            self.error(
                Diagnostic::error(
                    Code::InvalidValue,
                    format!("this board is coloured with {classes} colours"),
                    names[0].span,
                    format!("{} names given", names.len()),
                )
                .with_hint(format!("name exactly {classes} colours")),
            );
            return;
        }
        let lattice = m.lattice;
        let class = |c: (i32, i32)| match lattice {
            Lattice::Square => (c.0 + c.1).rem_euclid(2),
            Lattice::Hex => (c.0 - c.1).rem_euclid(3),
        };
        let anchor_class = class(m.cells[a].coord);
        for (i, n) in names.iter().enumerate() {
            let member: Vec<bool> = m
                .cells
                .iter()
                .map(|c| (class(c.coord) - anchor_class).rem_euclid(classes as i32) == i as i32)
                .collect();
            let per = vec![member; m.players.len()];
            self.add_region(m, n, per, true);
        }
    }

    fn add_region(&mut self, m: &mut Model, name: &Name, cells: Vec<Vec<bool>>, shared: bool) {
        if m.regions.iter().any(|r| r.name == name.text) {
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
        m.regions.push(ModelRegion {
            name: name.text.clone(),
            shared,
            cells,
        });
    }

    fn region(&mut self, m: &mut Model, name: &Name, def: &RegionDef) {
        let players = m.players.len();
        match def {
            RegionDef::Shared(e) => {
                // Evaluated per player (it may use per-player regions), but
                // its problems are reported once.
                let mut per = Vec::new();
                for p in 0..players {
                    let before = self.diags.len();
                    per.push(self.region_expr(m, e, p));
                    if p > 0 {
                        self.diags.truncate(before);
                    }
                }
                self.add_region(m, name, per, true);
            }
            RegionDef::PerPlayer(list) => {
                let mut per = vec![None; players];
                let names: Vec<String> = m.players.iter().map(|p| p.name.clone()).collect();
                for (pn, e) in list {
                    if let Some(p) = self.player(pn, &names) {
                        per[p] = Some(self.region_expr(m, e, p));
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

    fn region_expr(&mut self, m: &Model, e: &RegionExpr, player: usize) -> Vec<bool> {
        let mut set = vec![false; m.cells.len()];
        for (add, term) in &e.terms {
            let cells = self.region_term(m, term, player);
            for c in cells {
                set[c] = *add;
            }
        }
        set
    }

    fn square_only(&mut self, m: &Model, span: Span, what: &str) -> bool {
        if m.lattice != Lattice::Square {
            self.error(
                Diagnostic::error(
                    Code::InvalidValue,
                    format!("`{what}` needs a square board"),
                    span,
                    "here",
                )
                .with_hint("on other boards use `line NAME` or list the cells"),
            );
            return false;
        }
        true
    }

    fn file_index(&mut self, m: &Model, n: &Name) -> Option<i32> {
        let ir::Geometry::Square { files, .. } = &m.geometry else {
            self.square_only(m, n.span, "file");
            return None;
        };
        let i = files.iter().position(|f| *f == n.text);
        if i.is_none() {
            self.unknown("file", n, files);
        }
        i.map(|i| i as i32)
    }

    fn region_term(&mut self, m: &Model, t: &RegionTerm, player: usize) -> Vec<usize> {
        let by = |f: &dyn Fn((i32, i32)) -> bool| -> Vec<usize> {
            m.cells
                .iter()
                .enumerate()
                .filter(|(_, c)| f(c.coord))
                .map(|(i, _)| i)
                .collect()
        };
        match t {
            RegionTerm::Rank(r, span) => {
                if !self.square_only(m, *span, "rank") {
                    return vec![];
                }
                by(&|c| c.1 == r - 1)
            }
            RegionTerm::Ranks(a, b, span) => {
                if !self.square_only(m, *span, "ranks") {
                    return vec![];
                }
                let (lo, hi) = (*a.min(b), *a.max(b));
                by(&|c| c.1 >= lo - 1 && c.1 <= hi - 1)
            }
            RegionTerm::File(f) => match self.file_index(m, f) {
                Some(x) => by(&|c| c.0 == x),
                None => vec![],
            },
            RegionTerm::Files(a, b) => match (self.file_index(m, a), self.file_index(m, b)) {
                (Some(x), Some(y)) => by(&|c| c.0 >= x.min(y) && c.0 <= x.max(y)),
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
        }
    }

    fn cell_off_board(&mut self, n: &Name) {
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

    fn cell_items(&mut self, m: &Model, items: &[CellItem]) -> Vec<usize> {
        self.cell_items_spanned(m, items)
            .into_iter()
            .map(|(c, _)| c)
            .collect()
    }

    /// The cells of a list, each with the span of the item that named it.
    fn cell_items_spanned(&mut self, m: &Model, items: &[CellItem]) -> Vec<(usize, Span)> {
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

    fn atom(&mut self, m: &Model, a: &Atom) -> Vec<ModelAtom> {
        let mut flags = ir::MOVE | ir::CAPTURE;
        let mut max = None;
        let mut from_region = None;
        let mut to_region = None;
        let mut ep = false;
        let mut becomes = None;
        for md in &a.modifiers {
            match md {
                Modifier::MoveOnly => flags = ir::MOVE,
                Modifier::CaptureOnly => flags = ir::CAPTURE,
                Modifier::Max(n) => {
                    if *n < 1 {
                        self.error(Diagnostic::error(
                            Code::InvalidValue,
                            "a range limit must be at least 1",
                            a.span,
                            "max",
                        ));
                    }
                    max = Some((*n).max(1) as u32)
                }
                Modifier::From(r) => from_region = self.region_ref(m, r),
                Modifier::To(r) => to_region = self.region_ref(m, r),
                Modifier::EnPassant => ep = true,
                Modifier::Unmoved => flags |= ir::UNMOVED_ONLY,
                Modifier::Unattacked => flags |= ir::UNATTACKED_LANDING,
                Modifier::Becomes(n) => {
                    let names: Vec<String> = m.pieces.iter().map(|p| p.name.clone()).collect();
                    becomes = self.piece(n, &names).map(|k| k as u8);
                }
                Modifier::Min(n) => {
                    if !(1..=16).contains(n) {
                        self.error(
                            Diagnostic::error(
                                Code::InvalidValue,
                                "a ride's minimum distance must be 1..16",
                                a.span,
                                "min",
                            )
                            .with_hint("`min 2` lands two or more cells away"),
                        );
                    }
                }
            }
        }
        // Betza atoms keep the word modifiers that are not about rights.
        if flags & ir::UNMOVED_ONLY != 0 && flags & ir::CAPTURE != 0 {
            self.error(
                Diagnostic::error(
                    Code::InvalidValue,
                    "a move for unmoved pieces only cannot capture",
                    a.span,
                    "`unmoved` without `move-only`",
                )
                .with_hint("attacks may not depend on whether a piece has moved: add `move-only`"),
            );
        }
        // Betza atoms keep the word modifiers that are not about rights.
        let unmoved_only = flags & (ir::UNMOVED_ONLY | ir::UNATTACKED_LANDING);
        let min = a
            .modifiers
            .iter()
            .find_map(|md| match md {
                Modifier::Min(n) => Some((*n).max(1) as u32),
                _ => None,
            })
            .unwrap_or(1);
        let mut hook_turn = None;
        // (base vector, ride, max) parts.
        let parts: Vec<((i32, i32), bool, Option<u32>, u8, Vec<String>)> = match &a.shape {
            AtomShape::Leap(v) => vec![(*v, false, None, flags, vec![])],
            AtomShape::Hook(v, turn) => {
                let unit = match m.lattice {
                    Lattice::Square => 90,
                    Lattice::Hex => 60,
                };
                if *turn % unit != 0 || turn.rem_euclid(360) == 0 {
                    self.error(
                        Diagnostic::error(
                            Code::InvalidValue,
                            format!("a hook cannot turn by {turn} degrees on this board"),
                            a.span,
                            "turn angle",
                        )
                        .with_hint(format!("turn by a non-zero multiple of {unit} degrees")),
                    );
                    return vec![];
                }
                hook_turn = Some(turn / unit);
                vec![(*v, false, None, flags, vec![])]
            }
            AtomShape::Ride(v) => vec![(*v, true, max, flags, vec![])],
            AtomShape::Betza(s) => {
                if m.lattice != Lattice::Square {
                    self.error(
                        Diagnostic::error(
                            Code::BadBetza,
                            "Betza notation needs a square board",
                            s.span,
                            "here",
                        )
                        .with_hint("use leap/ride with vectors on hex boards"),
                    );
                    return vec![];
                }
                match crate::betza::parse(&s.text) {
                    Ok(parts) => parts
                        .into_iter()
                        .map(|p| {
                            let f = match (p.move_only, p.capture_only) {
                                (true, false) => ir::MOVE,
                                (false, true) => ir::CAPTURE,
                                _ => flags,
                            };
                            (p.vector, p.ride, p.max.or(max), f | unmoved_only, p.filters)
                        })
                        .collect(),
                    Err(e) => {
                        self.error(Diagnostic::error(Code::BadBetza, format!("cannot read Betza `{}`: {e}", s.text), s.span, "here").with_hint("supported: W F D N A H C Z G K Q R B, doubled letters or a number for riders, prefixes m c f b s v"));
                        return vec![];
                    }
                }
            }
        };
        let mut out = Vec::new();
        for (v, ride, max, flags, extra_filters) in parts {
            if v == (0, 0) {
                self.error(Diagnostic::error(
                    Code::InvalidValue,
                    "the zero vector is not a move",
                    a.span,
                    "(0,0)",
                ));
                continue;
            }
            let mut filters: Vec<&str> = a.filters.iter().map(|f| f.text.as_str()).collect();
            filters.extend(extra_filters.iter().map(String::as_str));
            let base = orientations(m.lattice, v, &filters);
            if base.is_empty() {
                self.error(
                    Diagnostic::error(
                        Code::PieceWithoutMoves,
                        "the filters leave no direction",
                        a.span,
                        "this atom has no move",
                    )
                    .with_hint(
                        "`forward`, `backward`, `sideways`, `straight` and `oblique` intersect",
                    ),
                );
                continue;
            }
            let vectors = m
                .players
                .iter()
                .map(|p| base.iter().map(|&w| apply(&p.frame, w)).collect())
                .collect();
            out.push(ModelAtom {
                vectors,
                ride,
                hook_turn,
                max,
                min,
                becomes,
                flags: flags
                    | if ep && ride {
                        ir::CREATES_EN_PASSANT
                    } else {
                        0
                    },
                from_region,
                to_region,
            });
        }
        out
    }

    fn setups(
        &mut self,
        m: &mut Model,
        stmts: &[Stmt],
        player_names: &[String],
        piece_names: &[String],
    ) {
        let mut explicit: Vec<Option<Vec<(usize, usize, Span)>>> = vec![None; m.players.len()];
        let mut derived = Vec::new();
        for s in stmts {
            if let Stmt::Setup { player, body, span } = s {
                let Some(p) = self.player(player, player_names) else {
                    continue;
                };
                match body {
                    SetupBody::Explicit(lines) => {
                        let mut list = Vec::new();
                        for (piece, items) in lines {
                            let kind = self.piece(&own_stack(piece, &player_names[p]), piece_names);
                            let cells = self.cell_items_spanned(m, items);
                            if let Some(k) = kind {
                                list.extend(cells.into_iter().map(|(c, span)| (c, k, span)));
                            }
                        }
                        explicit[p] = Some(list);
                    }
                    SetupBody::Mirror(src) | SetupBody::Rotate(src) => {
                        if let Some(q) = self.player(src, player_names) {
                            derived.push((p, q, matches!(body, SetupBody::Rotate(_)), *span));
                        }
                    }
                }
            }
        }
        for (p, q, rotate, span) in derived {
            let Some(mut src) = explicit[q].clone() else {
                self.error(Diagnostic::error(
                    Code::MissingStatement,
                    format!(
                        "player `{}` has no explicit setup to derive from",
                        player_names[q]
                    ),
                    span,
                    "derived setup",
                ));
                continue;
            };
            let (xs, ys): (Vec<i32>, Vec<i32>) = m.cells.iter().map(|c| c.coord).unzip();
            let (x0, x1) = (*xs.iter().min().unwrap(), *xs.iter().max().unwrap());
            let (y0, y1) = (*ys.iter().min().unwrap(), *ys.iter().max().unwrap());
            // A cell given twice in the source is reported there, not again here.
            let mut seen = std::collections::HashSet::new();
            src.retain(|(c, _, _)| seen.insert(*c));
            let mut list = Vec::new();
            for (c, k, _) in src {
                // A stack copied from another player's setup is carried by
                // this player's carrier when it was carried by theirs.
                let k = match m.pieces[k].stack {
                    Some(st) if st.carrier_owner as usize == q => m.restack(k, p),
                    _ => k,
                };
                let (x, y) = m.cells[c].coord;
                let image = match (m.lattice, rotate) {
                    (Lattice::Square, false) => (x, y0 + y1 - y),
                    (Lattice::Square, true) => (x0 + x1 - x, y0 + y1 - y),
                    (Lattice::Hex, false) => (x, -x - y),
                    (Lattice::Hex, true) => (-x, -y),
                };
                match m.cell_at.get(&image) {
                    Some(&d) => list.push((d, k, span)),
                    None => self.error(
                        Diagnostic::error(
                            Code::CellOffBoard,
                            format!("the image of {} is not on the board", m.cells[c].name),
                            span,
                            "derived setup",
                        )
                        .with_hint(
                            "this board is not symmetric for this setup; write it out explicitly",
                        ),
                    ),
                }
            }
            explicit[p] = Some(list);
        }
        let mut used: HashMap<usize, (usize, Span)> = HashMap::new();
        for (p, list) in explicit.iter().enumerate() {
            let Some(list) = list else {
                self.error(
                    Diagnostic::error(
                        Code::MissingStatement,
                        format!("player `{}` has no setup", player_names[p]),
                        self.player_spans.get(p).copied().unwrap_or_default(),
                        "this player has no setup",
                    )
                    .with_hint(format!(
                        "add `setup {} {{ ... }}` or `setup {} mirror ...`",
                        player_names[p], player_names[p]
                    )),
                );
                continue;
            };
            for &(c, k, span) in list {
                if let Some(&(prev, prev_span)) = used.get(&c) {
                    self.error(
                        Diagnostic::error(
                            Code::CellUsedTwice,
                            format!(
                                "cell {} is given two pieces ({} and {})",
                                m.cells[c].name,
                                m.pieces[m.setup[prev].kind as usize].name,
                                m.pieces[k].name
                            ),
                            span,
                            "second piece here",
                        )
                        .with_secondary(prev_span, "first piece here")
                        .with_hint("each cell holds at most one piece"),
                    );
                    continue;
                }
                used.insert(c, (m.setup.len(), span));
                m.setup.push(ir::Placement {
                    cell: c as u16,
                    player: p as u8,
                    kind: k as u8,
                });
            }
        }
    }

    fn end_rules(&mut self, m: &mut Model, stmts: &[Stmt], piece_names: &[String]) {
        let out = |w: OutcomeWord| match w {
            OutcomeWord::Loss => Outcome::Loss,
            OutcomeWord::Win => Outcome::Win,
            OutcomeWord::Draw => Outcome::Draw,
        };
        for s in stmts {
            match s {
                Stmt::End(rule, span) => match rule {
                    EndRule::Checkmate(w) => m.end.checkmate = out(*w),
                    EndRule::Stalemate(w) => m.end.stalemate = out(*w),
                    EndRule::Repetition(n) | EndRule::MoveRule(n, _) if *n < 1 => {
                        self.error(Diagnostic::error(
                            Code::InvalidValue,
                            "the count must be at least 1",
                            *span,
                            "here",
                        ));
                    }
                    EndRule::Repetition(n) => m.end.repetition = *n as u32,
                    EndRule::MoveRule(n, kinds) => {
                        m.end.move_rule = *n as u32;
                        for k in kinds {
                            if let Some(k) = self.piece(k, piece_names) {
                                m.end.resets_move_rule.push(k as u8);
                            }
                        }
                    }
                },
                Stmt::Insufficient { sides, .. } => {
                    let mut pair: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
                    for (i, side) in sides.iter().enumerate() {
                        for n in side {
                            if let Some(k) = self.piece(n, piece_names) {
                                pair[i].push(k as u8);
                            }
                        }
                    }
                    m.end.insufficient.push(pair);
                }
                _ => {}
            }
        }
    }
}

fn board_span(b: &Board) -> Span {
    match b {
        Board::Square { span, .. } | Board::Hex { span, .. } => *span,
    }
}

/// The images of `v` under the lattice's symmetries (just `v` with
/// `exact`) that pass every filter, in the player's frame.
pub fn orientations(lat: Lattice, v: (i32, i32), filters: &[&str]) -> Vec<(i32, i32)> {
    let mut base: Vec<(i32, i32)> = if filters.contains(&"exact") {
        vec![v]
    } else {
        let mut o: Vec<(i32, i32)> = lat.symmetries().iter().map(|s| apply(s, v)).collect();
        o.sort();
        o.dedup();
        o
    };
    // Filters intersect; unions (Betza `v`) come as separate atoms.
    base.retain(|&w| {
        filters.iter().all(|f| match *f {
            "forward" => lat.forward(w) > 0,
            "backward" => lat.forward(w) < 0,
            "sideways" => lat.forward(w) == 0,
            "straight" => lat.lateral(w) == 0,
            "oblique" => lat.lateral(w) != 0,
            "forward|backward" => lat.forward(w) != 0,
            _ => true,
        })
    });
    base
}

fn region_name_span(span: Span) -> Span {
    span
}

pub fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// `Amazon aboard Ship` in a player's setup means the player's own Ship:
/// `Amazon aboard white Ship`.
pub(crate) fn own_stack(piece: &Name, player: &str) -> Name {
    let words: Vec<&str> = piece.text.split(' ').collect();
    match words.as_slice() {
        [cargo, "aboard", carrier] => Name {
            text: format!("{cargo} aboard {player} {carrier}"),
            span: piece.span,
        },
        _ => piece.clone(),
    }
}
