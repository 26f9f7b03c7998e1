//! 100-cell chess (`stdlib/hundred.variant`): the engine against the
//! independent slow reference generator (tests/support/hundred_ref.rs,
//! written from the rules digest `shared/rules/hundred.md` beside the
//! repository, sharing no code with the engine; its hand-checked self-tests
//! are tests/hundred_reference_selftest.rs) by perft per root move and in
//! random games. The hand-checked positions of each mechanism are in
//! tests/hundred.rs.

#[path = "support/hundred_ref.rs"]
mod hundred_ref;

#[path = "support/games.rs"]
mod games;
use runtime::notation::{move_to_string, parse_move};
use runtime::{Game, Position};
use std::collections::BTreeSet;
use std::sync::OnceLock;

fn game() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(&GAME, "stdlib/hundred.variant", games::Claims::Verified)
}

fn moves(p: &mut Position) -> BTreeSet<String> {
    let mut list = Vec::new();
    p.legal_moves(&mut list);
    list.iter().map(|&m| move_to_string(game(), m)).collect()
}

fn play(p: &mut Position, line: &str) {
    for mv in line.split_whitespace() {
        let m = parse_move(p, mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        p.make(m);
    }
}

fn both_after(line: &[&str]) -> (Position<'static>, hundred_ref::RefPos) {
    let mut ours = Position::start(game());
    let mut reference = hundred_ref::RefPos::start();
    for mv in line {
        play(&mut ours, mv);
        reference
            .play(mv)
            .unwrap_or_else(|e| panic!("reference refuses {mv}: {e}"));
    }
    (ours, reference)
}

fn assert_same_perft(line: &[&str], depth: u32) {
    let (mut ours, reference) = both_after(line);
    let want = reference.perft(depth);
    let got = ours.perft(depth);
    if got != want {
        let theirs = hundred_ref::perft_divide(&reference, depth);
        let mut mine: Vec<(String, u64)> = ours
            .divide(depth)
            .into_iter()
            .map(|(m, n)| (move_to_string(game(), m), n))
            .collect();
        mine.sort();
        let diff: Vec<String> = theirs
            .iter()
            .filter(|t| !mine.contains(t))
            .map(|(m, n)| format!("reference {m} {n}"))
            .chain(
                mine.iter()
                    .filter(|m| !theirs.contains(m))
                    .map(|(m, n)| format!("ours {m} {n}")),
            )
            .collect();
        panic!(
            "after {line:?} depth {depth}: reference {want}, ours {got}\n{}",
            diff.join("\n")
        );
    }
}

#[test]
fn start_perft_matches_reference_to_depth_4() {
    for depth in 1..=4 {
        assert_same_perft(&[], depth);
    }
}

/// Middle-game positions reached by lines that use the mechanisms: pawn
/// castling there and back with the Royal file opened; a double step past a
/// knight that attacked the passed cell (en passant by a knight); a king walk
/// up the board towards the throne.
#[test]
fn middle_game_perft_matches_reference() {
    let lines: [&[&str]; 3] = [
        &["e2d1", "e9e7", "d1e2", "f9f7", "g2g4", "e10f9"],
        &["a2a3", "b10c8", "a3a4", "c8b6", "h2h3", "b6d5", "c2c4"],
        &["e2e4", "d9d7", "e1e2", "c9c7", "e2e3", "b10c8", "e3d4"],
    ];
    for line in lines {
        assert_same_perft(line, 3);
    }
}

/// Random games: identical legal move lists at every ply (throne arrivals,
/// promotions and late castlings happen here, rarely in shallow perft).
#[test]
fn random_games_match_reference() {
    let mut seed = 0x9E3779B97F4A7C15u64;
    for _ in 0..20 {
        let (mut ours, mut reference) = both_after(&[]);
        for ply in 0..160 {
            let mine: Vec<String> = moves(&mut ours).into_iter().collect();
            let theirs = reference.legal_moves();
            assert_eq!(mine, theirs, "ply {ply}: {ours:?}");
            if mine.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mv = &mine[(seed % mine.len() as u64) as usize];
            play(&mut ours, mv);
            reference.play(mv).unwrap();
        }
    }
}
