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

/// The keys on which two per-move counts differ, engine first.
pub fn differences(
    engine: &std::collections::BTreeMap<String, u64>,
    reference: &std::collections::BTreeMap<String, u64>,
) -> Vec<String> {
    let keys: std::collections::BTreeSet<&String> = engine.keys().chain(reference.keys()).collect();
    keys.into_iter()
        .filter(|k| engine.get(*k) != reference.get(*k))
        .map(|k| {
            format!(
                "{k}: engine {:?}, reference {:?}",
                engine.get(k),
                reference.get(k)
            )
        })
        .collect()
}

/// xorshift64: a fixed sequence per seed, for random games.
pub fn next_random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// One of `moves`, drawn with the probabilities `weight` gives them (a
/// random game that favours rare moves).
pub fn pick_weighted<'g>(
    pos: &mut runtime::Position<'g>,
    moves: &std::collections::BTreeMap<String, runtime::Move>,
    rng: &mut u64,
    weight: impl Fn(&mut runtime::Position<'g>, runtime::Move) -> u64,
) -> runtime::Move {
    let list: Vec<runtime::Move> = moves.values().copied().collect();
    let weights: Vec<u64> = list.iter().map(|&m| weight(pos, m)).collect();
    let total: u64 = weights.iter().sum();
    let mut at = next_random(rng) % total;
    for (mv, w) in list.iter().zip(&weights) {
        if at < *w {
            return *mv;
        }
        at -= w;
    }
    list[0]
}
