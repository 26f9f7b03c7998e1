//! Reading a game file and loading its game, once: every command goes
//! through `load_game`. The file is read once (its first bytes tell
//! compiled IR from source); IR is decoded and loaded, a source is compiled
//! from the bytes read, and the compiler's loaded game is the one played.
//!
//! `VARIANT_COUNT_IO=1` makes the binary print `reads=N loads=M` to
//! standard error at exit (the counts of `runtime::load_count`), so a test
//! proves a command reads and loads its game once.

use compiler::{Compiled, Verify};
use runtime::ir::GameIr;
use runtime::Game;
use std::path::Path;

/// The largest compiled IR file read (the biggest shipped game's JSON is
/// about 8 MB).
const MAX_IR_BYTES: u64 = 256 << 20;

/// Why a game file could not be read, without the path (`read_game_file`
/// and the compiler's diagnostic each put it in their own words).
pub struct Unreadable(pub String);

/// Reads a game file, refusing a device, a pipe or a directory before
/// opening it (`perft /dev/zero` read without end, a FIFO blocked) and
/// anything over `MAX_IR_BYTES`.
pub fn read_game_file(path: &Path) -> Result<Vec<u8>, Unreadable> {
    use std::io::Read;
    let meta = std::fs::metadata(path).map_err(|e| Unreadable(e.to_string()))?;
    if !meta.is_file() {
        return Err(Unreadable(
            "not a regular file (a directory, a device or a pipe)".into(),
        ));
    }
    runtime::load_count::note_read();
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_IR_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| Unreadable(e.to_string()))?;
    if bytes.len() as u64 > MAX_IR_BYTES {
        return Err(Unreadable(format!(
            "more than the {MAX_IR_BYTES} bytes a game file may have"
        )));
    }
    Ok(bytes)
}

/// Do both paths name one existing file? The same path after symbolic
/// links and `..`, or (on Unix) the same file under two names, a hard link.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) if a == b => true,
        #[cfg(unix)]
        (Ok(a), Ok(b)) => {
            use std::os::unix::fs::MetadataExt;
            match (std::fs::metadata(a), std::fs::metadata(b)) {
                (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
                _ => false,
            }
        }
        _ => false,
    }
}

/// Refuses `output` when it is one of the files a game was read from
/// beside the game file itself (its imports: `draw -o stdlib/pieces.variant`
/// would have put a picture over the piece library). `what` is what would
/// be written, `option` the option naming it.
pub fn refuse_overwriting_imports(
    output: &Path,
    read: &[std::path::PathBuf],
    what: &str,
    option: &str,
) -> Result<(), String> {
    match read.iter().find(|r| same_file(r, output)) {
        Some(import) => Err(format!(
            "refusing to write {what} over {}, a file the game imports: give another {option}",
            import.display()
        )),
        None => Ok(()),
    }
}

/// Compiles a source file (read once here) with `verify`: the compiler's
/// result, or its own diagnostic when the file cannot be read.
pub fn compile_source(path: &Path, verify: Verify) -> Compiled {
    match read_game_file(path) {
        Ok(bytes) => compiler::compile_bytes_with(path, bytes, verify),
        Err(Unreadable(why)) => Compiled::unreadable(path, &why),
    }
}

/// Loads a game from source (`.variant`) or compiled IR (binary or
/// `.json`): one read of the file, one `Game::load`.
pub fn load_game(path: &Path) -> Result<Game, String> {
    load_game_reading(path).map(|(game, _)| game)
}

/// `load_game`, with the files read: the game file and, for a source, every
/// file it imports (a command writing a file checks it is none of them).
pub fn load_game_reading(path: &Path) -> Result<(Game, Vec<std::path::PathBuf>), String> {
    let bytes = read_game_file(path)
        .map_err(|Unreadable(why)| format!("cannot read {}: {why}", path.display()))?;
    let ir = if bytes.starts_with(runtime::ir::MAGIC) {
        GameIr::from_bytes(&bytes)
    } else if path.extension().is_some_and(|e| e == "json") {
        GameIr::from_json(&String::from_utf8_lossy(&bytes))
    } else {
        // A source: the compiler loads the game (once) to verify it.
        let compiled = compiler::compile_bytes_with(path, bytes, Verify::Nothing);
        let read = compiled.sources.paths.clone();
        return compiled_game(path, compiled).map(|game| (game, read));
    };
    let ir = ir.map_err(|e| format!("{}: {e}", path.display()))?;
    // The path is named: `serve` loads several games.
    let game = Game::load(ir).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((game, vec![path.to_path_buf()]))
}

/// The game a compilation loaded, or why there is none (its diagnostics
/// printed).
fn compiled_game(path: &Path, compiled: Compiled) -> Result<Game, String> {
    if let Some(game) = compiled.game {
        return Ok(game);
    }
    if !compiler::diag::has_errors(&compiled.diagnostics) {
        return Err(format!(
            "{} defines no game (no `game` or `board` statement): it is a library to import",
            path.display()
        ));
    }
    eprint!("{}", compiled.rendered());
    Err(format!("{} does not compile", path.display()))
}

/// Under `VARIANT_COUNT_IO=1`, prints the game files read and the games
/// loaded by this run to standard error.
pub fn report_counts() {
    if std::env::var_os("VARIANT_COUNT_IO").is_some_and(|v| v == "1") {
        eprintln!(
            "reads={} loads={}",
            runtime::load_count::reads(),
            runtime::load_count::loads()
        );
    }
}
