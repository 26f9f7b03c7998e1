//! The comparison of the engine with an independent reference move
//! generator, shared by the reference suites: the reference's move keys of
//! an engine move, per-root-move perft (divide) compared key by key, and
//! random games compared move list by move list, results and scores
//! included. A reference takes part through `Oracle`; it shares no code
//! with the engine, and nothing here reads a rule.
//!
//! A test file declares `mod games;` (tests/support/games.rs) beside this
//! module.
#![allow(dead_code)]

use super::games;
use runtime::{Game, GameEnd, Move, MoveKind, Position};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Debug;

/// What the comparison asks of a reference position.
pub trait Oracle {
    fn legal_moves(&self) -> Vec<String>;
    fn play(&mut self, key: &str) -> Result<(), String>;
    fn divide(&self, depth: u32) -> BTreeMap<String, u64>;
    fn to_text(&self) -> String;
    /// How the game ended (`None` while it goes on): the end, the winner
    /// and each player's score.
    fn ended(&self) -> Option<(GameEnd, Option<usize>, Vec<f64>)>;
}

/// The key of an engine move in the notation of the Cosmic, four-player
/// and similar references: `<from><to>`, `=X` for a promotion (the new
/// kind's letter), `/ep` for en passant, castlings `<king from><king
/// to>/castle/<partner from>`, `pass` and `out`.
pub fn cosmic_key(game: &Game, mv: Move) -> String {
    match mv.kind() {
        MoveKind::Pass => return "pass".into(),
        MoveKind::Out => return "out".into(),
        _ => {}
    }
    let mut k = format!("{}{}", game.cell_name(mv.from()), game.cell_name(mv.to()));
    if let Some(kind) = mv.promotion() {
        k.push('=');
        k.push(game.ir().kinds[kind].letter);
    }
    match mv.kind() {
        MoveKind::EnPassant => k += "/ep",
        MoveKind::Castle => {
            let c = &game.ir().castlings[mv.castling().unwrap()];
            k += "/castle/";
            k += game.cell_name(c.partner_from as usize);
        }
        _ => {}
    }
    k
}

/// A reference's key of an engine move.
pub type KeyOf = fn(&Game, Move) -> String;

/// The engine's legal moves by key (a key generated twice fails).
pub fn engine_moves(pos: &mut Position, key: KeyOf) -> BTreeMap<String, Move> {
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let game = pos.game();
    let mut out = BTreeMap::new();
    for &m in &list {
        let k = key(game, m);
        assert!(
            out.insert(k.clone(), m).is_none(),
            "the engine generates {k} twice"
        );
    }
    out
}

/// Perft below each root move, by key.
pub fn engine_divide(pos: &mut Position, depth: u32, key: KeyOf) -> BTreeMap<String, u64> {
    engine_moves(pos, key)
        .into_iter()
        .map(|(k, mv)| {
            pos.make(mv);
            let n = pos.perft(depth - 1);
            pos.unmake(mv);
            (k, n)
        })
        .collect()
}

pub fn assert_divide_agrees(
    pos: &mut Position,
    reference: &impl Oracle,
    depth: u32,
    what: &str,
    key: KeyOf,
) {
    let engine = engine_divide(pos, depth, key);
    let oracle = reference.divide(depth);
    let diff = games::differences(&engine, &oracle);
    assert!(
        diff.is_empty(),
        "{what} depth {depth}:\n{}",
        diff.join("\n")
    );
}

/// Plays `moves` (the engine's notation) on both sides.
pub fn play_both(pos: &mut Position, reference: &mut impl Oracle, moves: &str, key: KeyOf) {
    for m in moves.split_whitespace() {
        let mv = runtime::notation::parse_move(pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        reference
            .play(&key(pos.game(), mv))
            .unwrap_or_else(|e| panic!("the reference refuses {m}: {e}"));
        pos.make(mv);
    }
}

/// The rare moves a set of random games played, and how they ended.
#[derive(Default, Debug)]
pub struct Coverage {
    pub castlings: usize,
    pub en_passant: usize,
    pub promotions: usize,
    pub passes: usize,
    pub outs: usize,
    pub plies: usize,
    pub ends: BTreeSet<String>,
}

/// How much a random game favours a move: castlings, promotions and en
/// passant are rare, so they are picked first; then captures and checks.
pub fn favour_rare(pos: &mut Position, mv: Move) -> u64 {
    let capture = pos.board()[mv.to()] != runtime::game::EMPTY;
    pos.make(mv);
    let checks = pos.in_check();
    pos.unmake(mv);
    match mv.kind() {
        MoveKind::Castle => 300,
        MoveKind::EnPassant => 300,
        _ if mv.promotion().is_some() => 100,
        _ if checks => 20,
        _ if capture => 12,
        _ => 1,
    }
}

/// One random game of at most `plies` plies from `pos`, drawn by `weight`,
/// the legal-move sets and the results compared at every ply. A game the
/// engine ends by repetition or the move rule stops there: the references
/// keep no history.
#[allow(clippy::too_many_arguments)]
pub fn random_game<'g>(
    pos: &mut Position<'g>,
    reference: &mut impl Oracle,
    what: &(impl Debug + ?Sized),
    seed: u64,
    plies: usize,
    key: KeyOf,
    weight: impl Fn(&mut Position<'g>, Move) -> u64 + Copy,
    seen: &mut Coverage,
) {
    let game = pos.game();
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for ply in 0..plies {
        let engine = engine_moves(pos, key);
        let oracle: BTreeSet<String> = reference.legal_moves().into_iter().collect();
        let mine: BTreeSet<String> = engine.keys().cloned().collect();
        assert_eq!(
            mine,
            oracle,
            "{what:?} seed {seed} ply {ply} ({}): engine-only {:?}, reference-only {:?}",
            reference.to_text(),
            mine.difference(&oracle).collect::<Vec<_>>(),
            oracle.difference(&mine).collect::<Vec<_>>()
        );
        match (pos.result(), reference.ended()) {
            (None, None) => {}
            (Some(r), Some((end, winner, scores))) => {
                assert_eq!(
                    (r.end, r.winner),
                    (end, winner),
                    "{what:?} seed {seed} ply {ply}"
                );
                for (p, &score) in scores.iter().enumerate().take(game.players()) {
                    assert_eq!(r.score(game, p), score, "{what:?} seed {seed} ply {ply}");
                }
                seen.ends.insert(format!("{:?}", r.end));
                return;
            }
            // The references model no repetition, move rule or dead
            // position: the game files' `insufficient` lines are proven by
            // the compiler's mate search and pinned by their claims.
            (Some(r), None) if matches!(r.end, GameEnd::Repetition | GameEnd::MoveRule) => return,
            // Every dead material the Cosmic games declare has at most two
            // pieces a side: an engine that called a fuller board dead fails.
            (Some(r), None) if r.end == GameEnd::InsufficientMaterial => {
                let text = reference.to_text();
                assert!(
                    most_pieces_a_side(&text) <= 2,
                    "{what:?} seed {seed} ply {ply}: drawn as dead material: {text}"
                );
                return;
            }
            (r, o) => panic!("{what:?} seed {seed} ply {ply}: engine {r:?}, reference {o:?}"),
        }
        let mv = games::pick_weighted(pos, &engine, &mut rng, weight);
        match mv.kind() {
            MoveKind::Castle => seen.castlings += 1,
            MoveKind::EnPassant => seen.en_passant += 1,
            MoveKind::Pass => seen.passes += 1,
            MoveKind::Out => seen.outs += 1,
            _ if mv.promotion().is_some() => seen.promotions += 1,
            _ => {}
        }
        seen.plies += 1;
        reference.play(&key(game, mv)).unwrap();
        pos.make(mv);
    }
}

/// The most pieces one player has in a position of the general notation
/// (`white: Kf1 Nc3; black: Kg12; turn white`): every field but turn,
/// moved, ep, passed, out, castling and clocks lists a player's pieces.
pub fn most_pieces_a_side(text: &str) -> usize {
    const NOT_PLAYERS: [&str; 7] = ["turn", "moved", "ep", "passed", "out", "clocks", "castling"];
    text.split(';')
        .filter_map(|field| field.split_once(':'))
        .filter(|(name, _)| !NOT_PLAYERS.contains(&name.trim()))
        .map(|(_, pieces)| pieces.split_whitespace().count())
        .max()
        .unwrap_or(0)
}

/// `Oracle` for a Cosmic reference position (`cosmic_core::CosmicRules`,
/// whose ends are `$end::{Mate, Stalemate, LastInPlay}`). Used inside a test
/// binary whose root declares this module as `compare` and
/// tests/support/cosmic_core.rs as `cosmic_core`.
#[allow(unused_macros)]
macro_rules! cosmic_oracle {
    ($pos:ty, $end:ident) => {
        impl $crate::compare::Oracle for $pos {
            fn legal_moves(&self) -> Vec<String> {
                <$pos as $crate::cosmic_core::CosmicRules>::legal_moves(self)
            }
            fn play(&mut self, key: &str) -> Result<(), String> {
                <$pos as $crate::cosmic_core::CosmicRules>::play(self, key)
            }
            fn divide(&self, depth: u32) -> ::std::collections::BTreeMap<String, u64> {
                <$pos as $crate::cosmic_core::CosmicRules>::divide(self, depth)
            }
            fn to_text(&self) -> String {
                <$pos as $crate::cosmic_core::CosmicRules>::to_text(self)
            }
            fn ended(&self) -> Option<(::runtime::GameEnd, Option<usize>, Vec<f64>)> {
                <$pos as $crate::cosmic_core::CosmicRules>::outcome(self).map(|o| {
                    let end = match o.end {
                        $end::Mate => ::runtime::GameEnd::Checkmate,
                        $end::Stalemate => ::runtime::GameEnd::Stalemate,
                        $end::LastInPlay => ::runtime::GameEnd::LastInPlay,
                    };
                    (end, o.winner, o.scores)
                })
            }
        }
    };
}
#[allow(unused_imports)]
pub(crate) use cosmic_oracle;
