//! Glinski's hexagonal chess (`dsl-examples/glinski.variant`) against the
//! published depth-1 count and an independent slow generator written from
//! `../shared/perft/glinski.md` (`tests/support/glinski_ref.rs`).

#[path = "support/glinski_ref.rs"]
mod glinski_ref;

#[path = "support/games.rs"]
mod games;
use glinski_ref::{perft_divide, RefPos};
use runtime::notation::{move_to_string, parse_move};
use runtime::{Game, Position};

fn game() -> Game {
    games::load("dsl-examples/glinski.variant", games::Claims::Skipped)
}

fn our_moves(pos: &mut Position) -> Vec<String> {
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut names: Vec<String> = list
        .iter()
        .map(|&m| move_to_string(pos.game(), m))
        .collect();
    names.sort();
    names
}

#[test]
fn published_depth_one_is_51() {
    let game = game();
    assert_eq!(Position::start(&game).perft(1), 51);
}

/// Depths 2-4 from the start, and depth 3 after a few openings, agree with
/// the reference; on a mismatch the per-move split says where.
#[test]
fn perft_matches_independent_generator() {
    let game = game();
    // The start, an en-passant capture, and two lines picked at random.
    let mut lines: Vec<Vec<String>> =
        vec![vec![], ["f5f6", "e7e5", "f6e6"].map(String::from).to_vec()];
    let mut seed = 7u64;
    for _ in 0..2 {
        let mut pos = RefPos::start();
        let mut line = Vec::new();
        for _ in 0..5 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let moves = pos.legal_moves();
            let mv = moves[(seed >> 33) as usize % moves.len()].clone();
            pos.play(&mv).unwrap();
            line.push(mv);
        }
        lines.push(line);
    }
    for line in &lines {
        let mut ours = Position::start(&game);
        let mut reference = RefPos::start();
        for mv in line.iter() {
            let m = parse_move(&mut ours, mv).unwrap_or_else(|e| panic!("{line:?}: {e}"));
            ours.make(m);
            reference.play(mv).unwrap();
        }
        let max_depth = if line.is_empty() { 4 } else { 3 };
        for depth in 2..=max_depth {
            let want = reference.perft(depth);
            let got = ours.perft(depth);
            if got != want {
                let mut theirs = perft_divide(&reference, depth);
                theirs.sort();
                let mut mine: Vec<(String, u64)> = ours
                    .divide(depth)
                    .into_iter()
                    .map(|(m, n)| (move_to_string(&game, m), n))
                    .collect();
                mine.sort();
                panic!("after {line:?} depth {depth}: reference {want}, ours {got}\nreference: {theirs:?}\nours: {mine:?}");
            }
        }
    }
}

/// Random games: identical legal move lists at every ply (reaches
/// promotions and en passant, which shallow perft does not).
#[test]
fn random_games_have_the_same_legal_moves() {
    let game = game();
    let mut seed = 0x2545F4914F6CDD1Du64;
    for _ in 0..30 {
        let mut ours = Position::start(&game);
        let mut reference = RefPos::start();
        for ply in 0..200 {
            let mine = our_moves(&mut ours);
            let mut theirs = reference.legal_moves();
            theirs.sort();
            assert_eq!(mine, theirs, "ply {ply}, position {ours:?}");
            if mine.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mv = &mine[(seed % mine.len() as u64) as usize];
            let m = parse_move(&mut ours, mv).unwrap();
            ours.make(m);
            reference.play(mv).unwrap();
        }
    }
}
