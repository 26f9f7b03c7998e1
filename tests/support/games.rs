//! The one way the test suites compile and load a game. `load` compiles a
//! `.variant` file of the workspace (panicking with the rendered diagnostics
//! if it does not compile) and loads it; `shared` keeps one loaded game per
//! test binary in the caller's `OnceLock`.
#![allow(dead_code)]

use runtime::Game;
use std::path::Path;
use std::sync::OnceLock;

/// Claims in the file verified, or not.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Claims {
    Verified,
    Skipped,
}

/// Compiles and loads `path` (relative to the workspace root).
pub fn load(path: &str, claims: Claims) -> Game {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let compiled = compiler::compile_file(&full, claims == Claims::Verified);
    let Some(ir) = compiled.ir.clone() else {
        panic!("{path} does not compile:\n{}", compiled.rendered())
    };
    Game::load(ir).unwrap_or_else(|e| panic!("{path} does not load: {e}"))
}

/// The game of `path`, compiled and loaded once per test binary.
pub fn shared(cell: &'static OnceLock<Game>, path: &str, claims: Claims) -> &'static Game {
    cell.get_or_init(|| load(path, claims))
}
