//! The `.variant` compiler: a pipeline of small phases, one public function
//! each, every output serialisable so `variant check --dump PHASE` can show it.
//!
//! ```text
//!   .variant text
//!       │ parse          parse/mod.rs (pest stays in parse/) dispatches each
//!       │                statement to parse/{board, players, pieces, rules,
//!       │                setup, end, claims}.rs; betza.rs
//!       ▼
//!   ast::File            ast.rs: every node keeps its span
//!       │ load           lib.rs: imports, depth first, each file once
//!       ▼
//!   Vec<ast::Stmt>
//!       │ check          check/mod.rs lists the passes, one file per mechanism:
//!       │                check/{board, players, teams, regions, cells,
//!       │                pieces, atoms, stacks, agreements, promotion,
//!       │                castling, swaps, arrival, forbid, setup, end}.rs
//!       ▼
//!   model::Model         model.rs: cells, regions and atoms per player
//!       │ lower          lower/mod.rs assembles the IR from
//!       │                lower/{moves, promotion, castling}.rs
//!       ▼
//!   runtime::ir::GameIr
//!       │ runtime::Game::load, then claims::verify (claims/: one file
//!       │ per group of claim kinds) and insufficient::verify
//!       │ (insufficient.rs: each `insufficient` declaration against
//!       │ the runtime's mate search)
//!       ▼
//!   diagnostics on failing claims (E012), on material that can mate (W002)
//!
//!   Shared: topology/ (cells, steps, directions, symmetries, player frames;
//!           one file per board kind: square.rs, hex.rs, triangle.rs,
//!           round.rs; linear.rs the matrices), names.rs (name
//!           lookup with did-you-mean), diag.rs (diagnostics, rendered once)
//! ```

#![forbid(unsafe_code)]

pub mod ast;
pub mod betza;
pub mod check;
pub mod claims;
pub mod diag;
pub mod insufficient;
pub mod lower;
pub mod model;
pub mod names;
pub mod parse;
pub mod start;
pub mod topology;

use diag::{Code, Diagnostic, Sources};
use runtime::ir::GameIr;
use std::path::{Path, PathBuf};

pub use check::check;
pub use lower::lower;
pub use parse::parse;

/// What a compilation produced: the IR if no error stopped it, the game
/// the runtime loaded from it, every diagnostic, and the sources they
/// point into.
pub struct Compiled {
    pub sources: Sources,
    pub statements: Vec<ast::Stmt>,
    pub model: Option<model::Model>,
    pub ir: Option<GameIr>,
    /// The game loaded from `ir` to verify the start position and the
    /// claims: present exactly when `ir` is, so a caller that plays the
    /// game never loads it a second time.
    pub game: Option<runtime::Game>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Compiled {
    pub fn rendered(&self) -> String {
        diag::render(&self.sources, &self.diagnostics)
    }

    /// The result for a root file that could not be read at all: one
    /// diagnostic, worded as when the compiler reads the file itself.
    pub fn unreadable(path: &Path, why: &str) -> Compiled {
        Compiled {
            sources: Sources::default(),
            statements: Vec::new(),
            model: None,
            ir: None,
            game: None,
            diagnostics: vec![unreadable_root(path, why)],
        }
    }
}

/// E002 for a root file that cannot be read.
fn unreadable_root(path: &Path, why: &str) -> Diagnostic {
    Diagnostic::error(
        Code::ImportNotFound,
        format!("cannot read {}: {why}", path.display()),
        ast::Span::default(),
        "",
    )
}

/// Phase 2: reads `path` and, depth first, the files it imports (each once;
/// paths are relative to the importing file). Imported statements come first.
pub fn load(path: &Path, sources: &mut Sources) -> (Vec<ast::Stmt>, Vec<Diagnostic>) {
    load_root(path, None, sources)
}

/// `load` of a root file whose bytes the caller already read (`given`);
/// with `None` the file is read here. Imports are always read here.
fn load_root(
    path: &Path,
    given: Option<Vec<u8>>,
    sources: &mut Sources,
) -> (Vec<ast::Stmt>, Vec<Diagnostic>) {
    let mut stmts = Vec::new();
    let mut diags = Vec::new();
    let mut seen = Vec::new();
    let root = Root { path, given };
    load_into(root, None, 0, sources, &mut stmts, &mut diags, &mut seen);
    (flatten(stmts), diags)
}

/// A file to load: its path and, for a root file the caller read, its bytes.
struct Root<'p> {
    path: &'p Path,
    given: Option<Vec<u8>>,
}

/// The statements with every `rules NAME { ... }` group opened in place.
fn flatten(stmts: Vec<ast::Stmt>) -> Vec<ast::Stmt> {
    let mut out = Vec::with_capacity(stmts.len());
    for s in stmts {
        match s {
            ast::Stmt::Rules(_, body) => out.extend(flatten(body)),
            s => out.push(s),
        }
    }
    out
}

/// Does `stmts` (groups included) define a piece or a rules group named `name`?
fn defines(stmts: &[ast::Stmt], name: &str) -> bool {
    stmts.iter().any(|s| match s {
        ast::Stmt::Piece(p) => p.name.text == name,
        ast::Stmt::Rules(n, body) => n.text == name || defines(body, name),
        _ => false,
    })
}

/// `stmts` without the pieces and rules groups named in `except`.
fn without(stmts: Vec<ast::Stmt>, except: &[ast::Name]) -> Vec<ast::Stmt> {
    let named = |n: &str| except.iter().any(|e| e.text == n);
    stmts
        .into_iter()
        .filter_map(|s| match s {
            ast::Stmt::Piece(p) if named(&p.name.text) => None,
            ast::Stmt::Rules(n, _) if named(&n.text) => None,
            ast::Stmt::Rules(n, body) => Some(ast::Stmt::Rules(n, without(body, except))),
            s => Some(s),
        })
        .collect()
}

/// The largest source file read (game files are a few kilobytes).
pub const MAX_SOURCE_BYTES: u64 = 16 << 20;

/// Reads a source file, refusing what is not one: a device, a pipe or a
/// directory (reading `/dev/zero` grew without end, a FIFO blocked), a file
/// over `MAX_SOURCE_BYTES`, text that is not UTF-8, and, for imports, a file
/// not named `.variant` (an import must not show another file's lines in a
/// diagnostic).
fn read_source(path: &Path, imported: bool) -> Result<String, String> {
    use std::io::Read;
    if imported && path.extension().is_none_or(|e| e != "variant") {
        return Err("an import must name a .variant file".into());
    }
    runtime::load_count::note_read();
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file (a directory, a device or a pipe)".into());
    }
    if meta.len() > MAX_SOURCE_BYTES {
        return Err(format!(
            "{} bytes, more than the {MAX_SOURCE_BYTES} a source may have",
            meta.len()
        ));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_SOURCE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| e.to_string())?;
    source_text(path, bytes, imported)
}

/// The text of a source file read into `bytes`: refused if over
/// `MAX_SOURCE_BYTES`, compiled IR, or not UTF-8.
fn source_text(path: &Path, bytes: Vec<u8>, imported: bool) -> Result<String, String> {
    if bytes.len() as u64 > MAX_SOURCE_BYTES {
        return Err(format!(
            "more than the {MAX_SOURCE_BYTES} bytes a source may have"
        ));
    }
    if bytes.starts_with(runtime::ir::MAGIC)
        || (!imported && path.extension().is_some_and(|e| e == "json"))
    {
        return Err("a compiled IR file: this command takes .variant sources (perft, moves, play and bench also read compiled IR)".into());
    }
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".into())
}

/// A carriage return not followed by a line feed (classic Mac OS line
/// endings) ends a line like `\n`: it becomes one, byte for byte, so spans
/// stay valid and diagnostics count lines as an editor does. (A `//` comment
/// used to run to the next `\n`, swallowing a whole CR-only file.)
pub fn lone_cr_to_lf(text: String) -> String {
    if !text.contains('\r') {
        return text;
    }
    let mut bytes = text.into_bytes();
    for i in 0..bytes.len() {
        if bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n') {
            bytes[i] = b'\n';
        }
    }
    String::from_utf8(bytes).expect("replacing one ASCII byte by another keeps UTF-8")
}

/// How deep imports may nest: far more than any game needs, and far less
/// than the parser's recursion can take (a chain of about 4,000 files ran
/// out of stack inside the parser, reported as a grammar error).
pub const MAX_IMPORT_DEPTH: usize = 256;

fn load_into(
    file: Root,
    from: Option<&ast::Name>,
    depth: usize,
    sources: &mut Sources,
    stmts: &mut Vec<ast::Stmt>,
    diags: &mut Vec<Diagnostic>,
    seen: &mut Vec<PathBuf>,
) {
    let path = file.path;
    let canonical = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    if seen.contains(&canonical) {
        return;
    }
    seen.push(canonical);
    let read = match file.given {
        Some(bytes) => source_text(path, bytes, from.is_some()),
        None => read_source(path, from.is_some()),
    };
    let text = match read {
        Ok(t) => t,
        Err(e) => {
            let d = match from {
                Some(name) => Diagnostic::error(
                    Code::ImportNotFound,
                    format!("cannot read imported file {}: {e}", path.display()),
                    name.span,
                    "imported here",
                )
                .with_hint("import paths are relative to the importing file"),
                None => unreadable_root(path, &e),
            };
            diags.push(d);
            return;
        }
    };
    let text = lone_cr_to_lf(text);
    let file = sources.add(path.to_path_buf(), text.clone());
    match parse(file, &text) {
        Ok(f) => {
            // A file that names its game derives it from what it imports:
            // the imported games' names give way to its own.
            let names_game = f.statements.iter().any(|s| matches!(s, ast::Stmt::Game(_)));
            for s in f.statements {
                if let ast::Stmt::Import(name, except) = &s {
                    let target = path.parent().unwrap_or(Path::new(".")).join(&name.text);
                    if depth + 1 > MAX_IMPORT_DEPTH {
                        diags.push(
                            Diagnostic::error(
                                Code::ImportNotFound,
                                format!(
                                    "cannot read imported file {}: imports nest more than {MAX_IMPORT_DEPTH} files deep",
                                    target.display()
                                ),
                                name.span,
                                "one import too deep",
                            )
                            .with_hint("import the shared files from one file instead of through a chain"),
                        );
                        continue;
                    }
                    let mut imported = Vec::new();
                    let import = Root {
                        path: &target,
                        given: None,
                    };
                    load_into(
                        import,
                        Some(name),
                        depth + 1,
                        sources,
                        &mut imported,
                        diags,
                        seen,
                    );
                    for e in except {
                        if !defines(&imported, &e.text) {
                            diags.push(
                                Diagnostic::error(
                                    Code::UnknownName,
                                    format!(
                                        "`{}` is not a piece or rules group of the imported file",
                                        e.text
                                    ),
                                    e.span,
                                    "not imported",
                                )
                                .with_hint("`except` lists pieces and `rules` groups the imported file defines"),
                            );
                        }
                    }
                    if names_game {
                        imported.retain(|s| !matches!(s, ast::Stmt::Game(_)));
                    }
                    stmts.extend(without(imported, except));
                } else {
                    stmts.push(s);
                }
            }
        }
        Err(ds) => diags.extend(ds),
    }
}

/// What `compile_file_with` verifies against the compiled rules once
/// nothing else failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verify {
    /// Nothing: the rules only (what perft, moves and play need).
    Nothing,
    /// The `insufficient` declarations, not the claims (`check --no-claims`).
    Declarations,
    /// The declarations and every claim, each within the budget.
    Claims(claims::ClaimBudget),
}

/// Runs every phase on a file. Claims are verified (within the default
/// budget), and `insufficient` declarations checked, only when
/// `verify_claims` is set and nothing else failed.
pub fn compile_file(path: &Path, verify_claims: bool) -> Compiled {
    let verify = if verify_claims {
        Verify::Claims(claims::ClaimBudget::default())
    } else {
        Verify::Nothing
    };
    compile_file_with(path, verify)
}

/// Runs every phase on a file, then verifies what `verify` says.
pub fn compile_file_with(path: &Path, verify: Verify) -> Compiled {
    compile_root(path, None, verify)
}

/// `compile_file_with` of a file the caller has already read into `bytes`
/// (the CLI reads a game file once, to tell compiled IR from source); the
/// bytes are refused as a read file would be, and imports are read here.
pub fn compile_bytes_with(path: &Path, bytes: Vec<u8>, verify: Verify) -> Compiled {
    compile_root(path, Some(bytes), verify)
}

fn compile_root(path: &Path, given: Option<Vec<u8>>, verify: Verify) -> Compiled {
    let mut sources = Sources::default();
    let (statements, mut diagnostics) = load_root(path, given, &mut sources);
    let mut out = Compiled {
        sources,
        statements,
        model: None,
        ir: None,
        game: None,
        diagnostics: Vec::new(),
    };
    if diag::has_errors(&diagnostics) {
        out.diagnostics = diagnostics;
        return out;
    }
    let (model, check_diags) = check(&out.statements);
    diagnostics.extend(check_diags);
    if let Some(model) = &model {
        let (ir, lower_diags) = lower(model);
        diagnostics.extend(lower_diags);
        if !diag::has_errors(&diagnostics) {
            // The runtime loads the rules here, for every command: the
            // start position is checked with them (E016), and a game the
            // loader refuses is reported now, not when it is played.
            match runtime::Game::load(ir.clone()) {
                Ok(game) => {
                    diagnostics.extend(start::verify(&game, model));
                    if !diag::has_errors(&diagnostics) {
                        if let Verify::Claims(budget) = verify {
                            diagnostics.extend(claims::verify_within(
                                &game,
                                &model.topology,
                                &model.claims,
                                budget,
                            ));
                        }
                        if verify != Verify::Nothing {
                            diagnostics.extend(insufficient::verify(&game, &model.insufficient));
                        }
                    }
                    if !diag::has_errors(&diagnostics) {
                        out.game = Some(game);
                    }
                }
                Err(e) => diagnostics.push(load_refused(model, &e)),
            }
        }
        if !diag::has_errors(&diagnostics) {
            out.ir = Some(ir);
        }
    }
    out.model = model;
    out.diagnostics = diagnostics;
    out
}

/// E030 for compiled rules the runtime's loader refuses: a limit of the
/// runtime, not of the language. The label is on the statements the limit
/// counts where one is known, else on the board.
fn load_refused(model: &model::Model, e: &runtime::game::LoadError) -> Diagnostic {
    use runtime::game::LoadError;
    let (span, label) = match e {
        LoadError::TooManyCastlingPartners => (
            model.castlings.first().map(|c| c.span),
            "castling partners are counted from here",
        ),
        _ => (None, "the game these rules define"),
    };
    Diagnostic::error(
        Code::RulesNotLoadable,
        format!("the runtime cannot load these rules: {e}"),
        span.unwrap_or(model.board_span),
        label,
    )
    .with_note("this is a limit of the runtime's tables, not a rule of the language")
    .with_hint("make the game smaller in what the message counts")
}
