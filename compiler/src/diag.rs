//! Diagnostics are data: a code from one central enum, a message, labelled
//! spans, notes and a hint. Phases collect them; `render` (the only place
//! that knows codespan-reporting) turns them into text.

use crate::ast::Span;
use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label as CsLabel};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term;
use serde::Serialize;

/// Every diagnostic the compiler can emit. `docs/diagnostics.md` lists them
/// with an example each; `dsl-examples/errors/` holds one failing file per code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Code {
    /// E001: the text does not follow the grammar.
    Syntax,
    /// E002: an imported file cannot be read.
    ImportNotFound,
    /// E003: a name is used that is not defined.
    UnknownName,
    /// E004: a name is defined twice.
    DuplicateDefinition,
    /// E005: a cell name that is not on the board.
    CellOffBoard,
    /// E006: two pieces placed on one cell.
    CellUsedTwice,
    /// E007: no royal piece, so nothing can be checkmated.
    NoRoyalPiece,
    /// E008: a promotion names something that is not a piece.
    PromotionToUndefined,
    /// E009: a piece that has no move from any cell.
    PieceWithoutMoves,
    /// E010: a region without cells.
    EmptyRegion,
    /// E011: two pieces share a letter or alias.
    ClashingLetters,
    /// E012: a claim the rules contradict.
    ClaimFailed,
    /// E013: a statement is missing (no board, no players, ...).
    MissingStatement,
    /// E014: a number is outside the range its statement allows (a number too
    /// large to read, a vector component, a count, limit, depth or clock).
    InvalidValue,
    /// E015: Betza notation this compiler does not understand.
    BadBetza,
    /// E016: the setup is a position no game reaches: the player who moved
    /// last (the one before the first mover) has a royal piece attacked, or
    /// a piece stands where it would have had to promote.
    UnreachableSetup,
    /// E017: a board size, shape, line numbering, file label or colouring not supported.
    UnsupportedBoard,
    /// E018: a cell range `a..b` that is no straight line of neighbouring cells.
    RangeNotALine,
    /// E019: a step, hook turn or swap that moves nothing (the zero vector, `swap X with X`).
    MoveGoesNowhere,
    /// E020: an atom's modifiers contradict each other (`unmoved` that captures, `fly-over` ...).
    ConflictingModifiers,
    /// E021: a castling rule that contradicts itself or its pieces (a king not royal, ...).
    InconsistentCastling,
    /// E022: players' orientations or teams that do not fit the board or the end rules.
    InconsistentPlayers,
    /// E023: end rules that contradict each other (`after-round` without `out`, ...).
    InconsistentEndRule,
    /// E024: a promotion that makes or unmakes a royal piece.
    RoyalPromotion,
    /// E025: a carry rule whose cargo cannot ride in its carrier (its own kind, a royal, ...).
    InconsistentStack,
    /// E026: a piece letter or alias that notation cannot use.
    BadPieceName,
    /// E027: more piece kinds, or piece codes, than the runtime holds.
    TooManyPieceKinds,
    /// E028: a region in a form its place refuses (ranks with no ranks, cells per player).
    RegionDoesNotFit,
    /// E029: the position a claim starts from cannot be read.
    BadClaimPosition,
    /// E030: the runtime refuses to load the rules the compiler produced.
    RulesNotLoadable,
    /// E031: hand and drop rules that contradict themselves or the game (a
    /// hand in a game with stacks, `revert-promoted` without one promoting kind).
    InconsistentHands,
    /// E032: an explosion rule that contradicts the game (beside hands,
    /// stacks, lasting en passant or `royal-while-last`, or blasting more
    /// cells than a blast holds).
    InconsistentExplosion,
    /// W001 (warning): a promotion map names a colour-bound piece's colour,
    /// but some promotion cell of that rule has the other colour.
    ColourBoundPromotion,
    /// W002 (warning): an `insufficient` declaration that is not shown to be
    /// a dead position: a mate is possible with that material (or one that
    /// captures leave), a piece of it can promote, or the mate search could
    /// not decide.
    MaterialCanMate,
    /// W003 (warning): an atom of the checked file whose filters, each
    /// consistent with the others, leave no direction on this board (a
    /// `sideways` step where no image of it is level). In an imported
    /// library the atom is dropped silently: a shared piece may carry atoms
    /// for boards other than this one.
    AtomWithoutMoveOnBoard,
}

impl Code {
    pub fn id(self) -> &'static str {
        match self {
            Code::Syntax => "E001",
            Code::ImportNotFound => "E002",
            Code::UnknownName => "E003",
            Code::DuplicateDefinition => "E004",
            Code::CellOffBoard => "E005",
            Code::CellUsedTwice => "E006",
            Code::NoRoyalPiece => "E007",
            Code::PromotionToUndefined => "E008",
            Code::PieceWithoutMoves => "E009",
            Code::EmptyRegion => "E010",
            Code::ClashingLetters => "E011",
            Code::ClaimFailed => "E012",
            Code::MissingStatement => "E013",
            Code::InvalidValue => "E014",
            Code::BadBetza => "E015",
            Code::UnreachableSetup => "E016",
            Code::UnsupportedBoard => "E017",
            Code::RangeNotALine => "E018",
            Code::MoveGoesNowhere => "E019",
            Code::ConflictingModifiers => "E020",
            Code::InconsistentCastling => "E021",
            Code::InconsistentPlayers => "E022",
            Code::InconsistentEndRule => "E023",
            Code::RoyalPromotion => "E024",
            Code::InconsistentStack => "E025",
            Code::BadPieceName => "E026",
            Code::TooManyPieceKinds => "E027",
            Code::RegionDoesNotFit => "E028",
            Code::BadClaimPosition => "E029",
            Code::RulesNotLoadable => "E030",
            Code::InconsistentHands => "E031",
            Code::InconsistentExplosion => "E032",
            Code::ColourBoundPromotion => "W001",
            Code::MaterialCanMate => "W002",
            Code::AtomWithoutMoveOnBoard => "W003",
        }
    }

    /// The advice every diagnostic of this code carries unless it has a more precise one.
    pub fn default_hint(self) -> &'static str {
        match self {
            Code::Syntax => "see docs/LANGUAGE.md for the statements and their forms",
            Code::ImportNotFound => "import paths are relative to the importing file",
            Code::UnknownName => "define the name before using it, or check its spelling",
            Code::DuplicateDefinition => "every name is defined once; rename or remove one of them",
            Code::CellOffBoard => "cells are named as the board statement defines them (file letter + rank, or line + number)",
            Code::CellUsedTwice => "each cell holds at most one piece",
            Code::NoRoyalPiece => "mark the king's piece `royal`",
            Code::PromotionToUndefined => "promotion choices must be pieces defined in the game or its imports",
            Code::PieceWithoutMoves => "give the piece a `leap`, `ride` or `betza` atom that stays on the board",
            Code::EmptyRegion => "check the ranks, files or cells it names against the board",
            Code::ClashingLetters => "every letter and alias must name one piece only",
            Code::ClaimFailed => "either the claim or the rules are wrong; the rules text decides",
            Code::MissingStatement => "see docs/LANGUAGE.md for what a game must declare",
            Code::InvalidValue => "see docs/LANGUAGE.md for the range each number allows",
            Code::BadBetza => "supported: W F D N A H C Z G K Q R B, doubled letters or a number for riders, prefixes m c f b s v, p g (hoppers) and n (lame leapers)",
            Code::UnreachableSetup => "the start position must be one a game could be in: no royal piece of the last mover attacked, no piece on a cell where it must promote",
            Code::UnsupportedBoard => "see docs/LANGUAGE.md for the board forms and their limits (square: width 1..26, height 1..99, at most 384 cells)",
            Code::RangeNotALine => "a range runs along a rank, a file or a diagonal; list other cells one by one",
            Code::MoveGoesNowhere => "give the move a step that leaves the cell, on a direction this board has",
            Code::ConflictingModifiers => "drop one of the contradicting modifiers, or write two atoms",
            Code::InconsistentCastling => "see the castling section of docs/LANGUAGE.md for the clauses that go together",
            Code::InconsistentPlayers => "check the `player ... orientation` and `team` statements against the board and the end rules",
            Code::InconsistentEndRule => "see the end rules in docs/LANGUAGE.md for which words go together",
            Code::RoyalPromotion => "a royal piece neither promotes nor is promoted to; promote to non-royal pieces only",
            Code::InconsistentStack => "a carrier carries pieces of other kinds that carry nothing themselves",
            Code::BadPieceName => "a letter is one Latin letter; an alias has no white space, digit or character the notation uses",
            Code::TooManyPieceKinds => "merge or remove piece kinds, or give fewer kinds a stack",
            Code::RegionDoesNotFit => "on boards without ranks and files use `line NAME` or list the cells; a material takes a region with the same cells for every player",
            Code::BadClaimPosition => "write the position in FEN or the general notation (`white: Ke1 ...; black: ...`), with this game's letters and cells",
            Code::RulesNotLoadable => "the message says which limit of the runtime the rules exceed; simplify that part of the game",
            Code::InconsistentHands => "see the hands section of docs/LANGUAGE.md for the statements that go together",
            Code::InconsistentExplosion => "see the explosions section of docs/LANGUAGE.md for what explosions go with",
            Code::ColourBoundPromotion => "the promoted piece stands on its promotion cell and keeps that cell's colour",
            Code::MaterialCanMate => "declare insufficient only material with which no sequence of legal moves can end in mate (the FIDE dead position)",
            Code::AtomWithoutMoveOnBoard => "on this board no image of the step passes the filters; remove the atom or give it a step the board has",
        }
    }

    /// Warnings do not stop compilation.
    pub fn is_warning(self) -> bool {
        matches!(
            self,
            Code::ColourBoundPromotion | Code::MaterialCanMate | Code::AtomWithoutMoveOnBoard
        )
    }

    pub const ALL: [Code; 35] = [
        Code::Syntax,
        Code::ImportNotFound,
        Code::UnknownName,
        Code::DuplicateDefinition,
        Code::CellOffBoard,
        Code::CellUsedTwice,
        Code::NoRoyalPiece,
        Code::PromotionToUndefined,
        Code::PieceWithoutMoves,
        Code::EmptyRegion,
        Code::ClashingLetters,
        Code::ClaimFailed,
        Code::MissingStatement,
        Code::InvalidValue,
        Code::BadBetza,
        Code::UnreachableSetup,
        Code::UnsupportedBoard,
        Code::RangeNotALine,
        Code::MoveGoesNowhere,
        Code::ConflictingModifiers,
        Code::InconsistentCastling,
        Code::InconsistentPlayers,
        Code::InconsistentEndRule,
        Code::RoyalPromotion,
        Code::InconsistentStack,
        Code::BadPieceName,
        Code::TooManyPieceKinds,
        Code::RegionDoesNotFit,
        Code::BadClaimPosition,
        Code::RulesNotLoadable,
        Code::InconsistentHands,
        Code::InconsistentExplosion,
        Code::ColourBoundPromotion,
        Code::MaterialCanMate,
        Code::AtomWithoutMoveOnBoard,
    ];
}

#[derive(Clone, Debug, Serialize)]
pub struct Label {
    pub span: Span,
    pub message: String,
    pub primary: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct Diagnostic {
    pub code: Code,
    pub message: String,
    pub labels: Vec<Label>,
    pub notes: Vec<String>,
    pub hint: Option<String>,
}

impl Diagnostic {
    pub fn error(
        code: Code,
        message: impl Into<String>,
        span: Span,
        label: impl Into<String>,
    ) -> Self {
        Diagnostic {
            code,
            message: message.into(),
            labels: vec![Label {
                span,
                message: label.into(),
                primary: true,
            }],
            notes: Vec::new(),
            hint: Some(code.default_hint().to_string()),
        }
    }

    /// A diagnostic that does not stop compilation (its code says so).
    pub fn warning(
        code: Code,
        message: impl Into<String>,
        span: Span,
        label: impl Into<String>,
    ) -> Self {
        debug_assert!(code.is_warning());
        Diagnostic::error(code, message, span, label)
    }

    pub fn is_error(&self) -> bool {
        !self.code.is_warning()
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    pub fn with_secondary(mut self, span: Span, label: impl Into<String>) -> Self {
        self.labels.push(Label {
            span,
            message: label.into(),
            primary: false,
        });
        self
    }

    pub fn primary_span(&self) -> Span {
        self.labels
            .iter()
            .find(|l| l.primary)
            .map_or(Span::default(), |l| l.span)
    }
}

/// The source files of one compilation, indexed by `Span::file`.
pub struct Sources {
    pub files: SimpleFiles<String, String>,
    pub paths: Vec<std::path::PathBuf>,
}

impl Default for Sources {
    fn default() -> Self {
        Sources {
            files: SimpleFiles::new(),
            paths: Vec::new(),
        }
    }
}

impl Sources {
    pub fn add(&mut self, path: std::path::PathBuf, text: String) -> usize {
        self.paths.push(path.clone());
        self.files.add(path.display().to_string(), text)
    }

    pub fn text(&self, file: usize) -> &str {
        self.files
            .get(file)
            .map(|f| f.source().as_str())
            .unwrap_or("")
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, file: usize, offset: usize) -> (usize, usize) {
        let text = self.text(file);
        let before = &text[..offset.min(text.len())];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }
}

/// Renders diagnostics as plain text: `error[E003]: ...` with file:line:column,
/// the labelled source lines, notes and the hint.
///
/// Everything that reaches the terminal goes through
/// `runtime::text::printable_lines`: the messages, labels, notes and hints,
/// the file names and the source lines shown (with the spans moved onto the
/// escaped copy), so a game file cannot send control sequences.
pub fn render(sources: &Sources, diagnostics: &[Diagnostic]) -> String {
    use runtime::text::{printable_lines, printable_source};
    let mut out = String::new();
    let config = term::Config::default();
    let mut files = SimpleFiles::new();
    let mut offsets: Vec<Option<Vec<usize>>> = Vec::new();
    let mut clips: Vec<Option<Vec<usize>>> = Vec::new();
    // Per file, its lines shown cut short: (line, length in characters).
    let mut clipped: Vec<Vec<(usize, usize)>> = Vec::new();
    for id in 0..sources.paths.len() {
        let (name, text) = match sources.files.get(id) {
            Ok(f) => (f.name().as_str(), f.source().as_str()),
            Err(_) => ("", ""),
        };
        let (shown, map) = printable_source(text);
        let (shown, clip, cut) = clip_long_lines(&shown);
        files.add(printable_lines(name).into_owned(), shown);
        offsets.push(map);
        clips.push(clip);
        clipped.push(cut);
    }
    let moved = |file: usize, at: usize| {
        let at = match offsets.get(file) {
            Some(Some(map)) => map.get(at).copied().unwrap_or(at),
            _ => at,
        };
        match clips.get(file) {
            Some(Some(map)) => map.get(at).copied().unwrap_or(at),
            _ => at,
        }
    };
    let safe = |s: &str| printable_lines(s).into_owned();
    for d in diagnostics {
        let mut notes: Vec<String> = d.notes.iter().map(|n| safe(n)).collect();
        for l in &d.labels {
            let (line, _) = sources.line_col(l.span.file, l.span.start);
            if let Some((_, chars)) = clipped
                .get(l.span.file)
                .and_then(|c| c.iter().find(|c| c.0 == line))
            {
                notes.push(format!(
                    "line {line} has {chars} characters: it is shown up to column {MAX_SHOWN_COLUMNS}, and a span past that at its end"
                ));
            }
        }
        notes.dedup();
        if let Some(h) = &d.hint {
            notes.push(format!("hint: {}", safe(h)));
        }
        let cs = if d.is_error() {
            CsDiagnostic::error()
        } else {
            CsDiagnostic::warning()
        };
        let cs = cs
            .with_code(d.code.id())
            .with_message(safe(&d.message))
            .with_labels(
                d.labels
                    .iter()
                    .map(|l| {
                        let file = l.span.file;
                        let range = moved(file, l.span.start)..moved(file, l.span.end);
                        if l.primary {
                            CsLabel::primary(file, range).with_message(safe(&l.message))
                        } else {
                            CsLabel::secondary(file, range).with_message(safe(&l.message))
                        }
                    })
                    .collect(),
            )
            .with_notes(notes);
        // A rendering failure (a span outside its file) must not hide the message.
        if term::emit_to_string(&mut out, &config, &files, &cs).is_err() {
            out += &format!(
                "{}[{}]: {}\n",
                if d.is_error() { "error" } else { "warning" },
                d.code.id(),
                safe(&d.message)
            );
        }
    }
    out
}

/// The most characters of a source line a diagnostic shows.
pub const MAX_SHOWN_COLUMNS: usize = 200;

/// `text` with every line longer than `MAX_SHOWN_COLUMNS` characters cut
/// there (and ` …` added), the new place of every byte offset (`None` when
/// no line is cut; an offset past a cut moves to the cut), and the cut
/// lines: (1-based line, its length in characters).
fn clip_long_lines(text: &str) -> (String, Option<Vec<usize>>, Vec<(usize, usize)>) {
    let long = text
        .split('\n')
        .any(|l| l.len() > MAX_SHOWN_COLUMNS && l.chars().count() > MAX_SHOWN_COLUMNS);
    if !long {
        return (text.to_string(), None, Vec::new());
    }
    let mut out = String::with_capacity(text.len().min(1 << 20));
    let mut map = vec![0; text.len() + 1];
    let mut cut = Vec::new();
    let mut at = 0;
    for (n, line) in text.split_inclusive('\n').enumerate() {
        let body = line.strip_suffix('\n').unwrap_or(line);
        let chars = body.chars().count();
        let keep = body
            .char_indices()
            .nth(MAX_SHOWN_COLUMNS)
            .map_or(body.len(), |(i, _)| i);
        let start = out.len();
        out.push_str(&body[..keep]);
        for (i, m) in map[at..at + keep].iter_mut().enumerate() {
            *m = start + i;
        }
        let end_of_kept = out.len();
        if keep < body.len() {
            out.push_str(" …");
            cut.push((n + 1, chars));
        }
        for m in &mut map[at + keep..at + body.len()] {
            *m = end_of_kept;
        }
        let newline_at = out.len();
        if body.len() < line.len() {
            out.push('\n');
        }
        map[at + body.len()..at + line.len()].fill(newline_at);
        at += line.len();
    }
    map[text.len()] = out.len();
    (out, Some(map), cut)
}

/// Does the list hold an error (not just warnings)?
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(Diagnostic::is_error)
}
