//! The games `variant uci` knows by name, as Fairy-Stockfish's
//! `UCI_Variant` and `VariantPath` options have GUIs expect (a module of
//! `crate::uci`).
//!
//! A game's UCI name is its file's stem, lowercase (`capablanca` for
//! `capablanca.variant`). The names come from, in this order of precedence
//! (the first file of a name wins):
//!
//! 1. FILE, the game given on the command line (also the first game);
//! 2. the `VariantPath` option: `.variant` files, or directories whose
//!    `*.variant` files count (not recursively), several separated by the
//!    system's path separator (`:` on Unix, `;` on Windows);
//! 3. the library: `stdlib/*.variant` then `dsl-examples/fairy/*.variant`
//!    of the project's checkout.
//!
//! The binary carries no games, so the library is found at run time: the
//! first of (a) the directories above the executable (`target/ci/variant`
//! sits in the checkout), (b) the checkout it was built from
//! (`CARGO_MANIFEST_DIR`, if it still exists), (c) the current directory,
//! that holds both `stdlib/` and `dsl-examples/fairy/`. A binary moved
//! away from any checkout has no library: FILE and `VariantPath` still
//! work.
//!
//! A file is left out of the list when it is plainly not a two-player
//! game: its statements (imports included, parsed but not compiled: the
//! whole library parses in milliseconds, compiles in over a second) define
//! no `game` or `board` (a library to import, `stdlib/pieces.variant`), or
//! its `players` name other than two (`shakhmattron`). A file that does not
//! parse is listed: choosing it says why it does not compile. So is a name
//! that cannot be one word of a UCI line (a stem with a space is skipped).

use crate::load::compile_source;
use compiler::{ast::Stmt, diag::Sources, Verify};
use runtime::text::printable;
use runtime::Game;
use std::path::{Path, PathBuf};

/// A game file and its UCI name.
#[derive(Clone, Debug)]
pub struct Known {
    pub name: String,
    pub path: PathBuf,
}

/// Every game known by name, and the one being played.
pub struct Variants {
    /// FILE from the command line.
    file: Option<Known>,
    /// The games of `VariantPath`.
    path: Vec<Known>,
    /// The library's games.
    library: Vec<Known>,
    /// The game being played (listed even when a new `VariantPath` no
    /// longer names its file).
    pub current: Known,
}

/// The file the session starts with when no FILE is given (UCI_Variant's
/// default, as `chess` is Fairy-Stockfish's), under the library's root.
const DEFAULT_GAME: &str = "dsl-examples/fairy/chess.variant";

impl Variants {
    /// The library and FILE; the current game is FILE, else the library's
    /// chess, else the library's first game by name.
    pub fn new(file: Option<&Path>) -> Result<Variants, String> {
        let root = library_root();
        let library = match &root {
            Some(root) => {
                let mut games = games_in(&root.join("stdlib"));
                games.extend(games_in(&root.join("dsl-examples/fairy")));
                games
            }
            None => Vec::new(),
        };
        let file = file.map(|path| Known {
            name: uci_name(path).unwrap_or_else(|| "game".into()),
            path: path.to_path_buf(),
        });
        let current = match (&file, &root) {
            (Some(file), _) => file.clone(),
            (None, Some(root)) if root.join(DEFAULT_GAME).is_file() => {
                let path = root.join(DEFAULT_GAME);
                Known {
                    name: uci_name(&path).unwrap_or_else(|| "chess".into()),
                    path,
                }
            }
            _ => {
                let mut sorted = library.clone();
                sorted.sort_by(|a, b| a.name.cmp(&b.name));
                sorted.into_iter().next().ok_or(
                    "no game: give a game file (`variant uci FILE`); without one the \
                     library of a checkout (stdlib/ and dsl-examples/fairy/) is looked \
                     for above the executable, where it was built and in the current \
                     directory, and none was found",
                )?
            }
        };
        Ok(Variants {
            file,
            path: Vec::new(),
            library,
            current,
        })
    }

    /// The game named `name` (any case), by precedence.
    pub fn find(&self, name: &str) -> Option<&Known> {
        let name = name.to_lowercase();
        self.file
            .iter()
            .chain(&self.path)
            .chain(&self.library)
            .chain(std::iter::once(&self.current))
            .find(|k| k.name == name)
    }

    /// Every name once, sorted.
    pub fn names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self
            .file
            .iter()
            .chain(&self.path)
            .chain(&self.library)
            .chain(std::iter::once(&self.current))
            .map(|k| k.name.as_str())
            .collect();
        names.sort_unstable();
        names.dedup();
        names
    }

    /// The `option` lines of the `uci` answer for the two options.
    pub fn option_lines(&self) -> [String; 2] {
        let vars: String = self.names().iter().map(|n| format!(" var {n}")).collect();
        [
            format!(
                "option name UCI_Variant type combo default {}{vars}",
                self.current.name
            ),
            "option name VariantPath type string default <empty>".into(),
        ]
    }

    /// `setoption name VariantPath value VALUE`: the games of VALUE replace
    /// those of the previous value (empty or `<empty>`: none). A part that
    /// does not exist or holds no game is an error, and nothing changes.
    pub fn set_path(&mut self, value: &str) -> Result<(), String> {
        let value = value.trim();
        let value = if value == "<empty>" { "" } else { value };
        let mut games: Vec<Known> = Vec::new();
        for part in std::env::split_paths(value) {
            if part.as_os_str().is_empty() {
                continue;
            }
            let found = if part.is_dir() {
                games_in(&part)
            } else if part.is_file() {
                if part.extension().is_none_or(|e| e != "variant") {
                    return Err(format!(
                        "VariantPath: {} is not a .variant file",
                        part.display()
                    ));
                }
                games_of(std::slice::from_ref(&part))
            } else {
                return Err(format!(
                    "VariantPath: no such file or directory: {}",
                    part.display()
                ));
            };
            if found.is_empty() {
                return Err(format!(
                    "VariantPath: no two-player game (.variant) in {}",
                    part.display()
                ));
            }
            for game in found {
                if !games.iter().any(|g| g.name == game.name) {
                    games.push(game);
                }
            }
        }
        self.path = games;
        Ok(())
    }
}

/// The library's root: see the module's comment.
fn library_root() -> Option<PathBuf> {
    let is_root =
        |dir: &Path| dir.join("stdlib").is_dir() && dir.join("dsl-examples/fairy").is_dir();
    let above_exe = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.canonicalize().ok())
        .and_then(|exe| {
            exe.ancestors()
                .skip(1)
                .find(|d| is_root(d))
                .map(Path::to_path_buf)
        });
    let built_in = option_env!("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .filter(|d| is_root(d));
    let here = std::env::current_dir().ok().filter(|d| is_root(d));
    above_exe.or(built_in).or(here)
}

/// A file's UCI name: its stem, lowercase, if it is one printable word.
fn uci_name(path: &Path) -> Option<String> {
    let stem = path.file_stem()?.to_str()?.to_lowercase();
    let word = !stem.is_empty() && !stem.chars().any(|c| c.is_whitespace() || c.is_control());
    word.then_some(stem)
}

/// The two-player games among a directory's `*.variant` files, by file
/// name (an unreadable directory has none).
fn games_in(dir: &Path) -> Vec<Known> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "variant") && p.is_file())
        .collect();
    files.sort();
    games_of(&files)
}

/// The files that may be two-player games, named (the first of a name).
fn games_of(files: &[PathBuf]) -> Vec<Known> {
    let mut games: Vec<Known> = Vec::new();
    for path in files {
        let Some(name) = uci_name(path) else { continue };
        if games.iter().any(|g| g.name == name) || !maybe_two_player_game(path) {
            continue;
        }
        games.push(Known {
            name,
            path: path.clone(),
        });
    }
    games
}

/// Not plainly something else (see the module's comment): the file's
/// statements and its imports', parsed, define a `game` or a `board` and
/// name two players (or none, or do not parse).
fn maybe_two_player_game(path: &Path) -> bool {
    let (statements, diagnostics) = compiler::load(path, &mut Sources::default());
    if compiler::diag::has_errors(&diagnostics) {
        return true;
    }
    let defines = statements
        .iter()
        .any(|s| matches!(s, Stmt::Game(_) | Stmt::Board(_)));
    let players = statements.iter().rev().find_map(|s| match s {
        Stmt::Players(names) => Some(names.len()),
        _ => None,
    });
    defines && players.is_none_or(|n| n == 2)
}

/// Loads a game for `variant uci`: a `.variant` source compiled as every
/// command compiles it (`load::compile_source`, no claims verified), its
/// first error as the reason when it does not compile; any other file
/// (compiled IR) by `load::load_game`. A game of other than two players
/// is refused.
pub fn load(path: &Path) -> Result<Game, String> {
    let game = if path.extension().is_some_and(|e| e == "variant") {
        let compiled = compile_source(path, Verify::Nothing);
        match compiled.game {
            Some(game) => game,
            None => return Err(first_error(path, &compiled)),
        }
    } else {
        crate::load::load_game(path)?
    };
    two_players(&game)?;
    Ok(game)
}

/// Refuses a game of other than two players.
pub fn two_players(game: &Game) -> Result<(), String> {
    if game.players() != 2 {
        return Err(format!(
            "UCI is a protocol for two players; {} has {} (use `variant search` or `play`)",
            printable(&game.ir().name),
            game.players()
        ));
    }
    Ok(())
}

/// Why a source did not compile, in one line: its first error, where it
/// is, and how many more there are.
fn first_error(path: &Path, compiled: &compiler::Compiled) -> String {
    let errors: Vec<_> = compiled
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .collect();
    let Some(first) = errors.first() else {
        return format!(
            "{} defines no game (no `game` or `board` statement): it is a library to import",
            path.display()
        );
    };
    let span = first.primary_span();
    let place = match compiled.sources.paths.get(span.file) {
        Some(file) => {
            let (line, col) = compiled.sources.line_col(span.file, span.start);
            format!("{}:{line}:{col}", file.display())
        }
        None => path.display().to_string(),
    };
    let label = first
        .labels
        .iter()
        .find(|l| l.primary && !l.message.is_empty())
        .map(|l| format!(" ({})", l.message))
        .unwrap_or_default();
    let more = match errors.len() {
        1 => String::new(),
        n => format!(" (and {} more)", n - 1),
    };
    format!(
        "{} does not compile: {place}: error[{}]: {}{label}{more}",
        path.display(),
        first.code.id(),
        first.message
    )
}

/// `setoption name NAME [value VALUE]`'s name (words joined by a space)
/// and value (the rest of the line after `value`, as written: a path may
/// hold spaces; empty when there is none).
pub fn setoption(line: &str) -> Result<(String, &str), String> {
    let words: Vec<(usize, &str)> = line
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - line.as_ptr() as usize, w))
        .collect();
    if words.get(1).map(|w| w.1) != Some("name") {
        return Err("setoption takes `name NAME [value VALUE]`".into());
    }
    let value_at = words.iter().position(|w| w.1 == "value");
    let name_words = &words[2..value_at.unwrap_or(words.len())];
    if name_words.is_empty() {
        return Err("setoption takes `name NAME [value VALUE]`: the name is missing".into());
    }
    let name: Vec<&str> = name_words.iter().map(|w| w.1).collect();
    let value = match value_at {
        Some(i) => line[words[i].0 + "value".len()..].trim(),
        None => "",
    };
    Ok((name.join(" "), value))
}
