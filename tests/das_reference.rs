//! Das chess (`stdlib/das.variant`): the engine against the independent slow
//! reference generator (tests/support/das_ref.rs, written from the rules
//! digest `shared/rules/das.md` beside the repository, sharing no code with
//! the engine; its hand-checked self-tests are
//! tests/das_reference_selftest.rs) in random games and perft. The
//! hand-checked positions of each mechanism are in tests/das.rs.
//!
//! Run with `cargo test --release --test das_reference`.

#[path = "support/das_ref.rs"]
mod das_ref;

#[path = "support/games.rs"]
mod games;
use das_ref::RefPos;
use runtime::notation::{move_to_string, parse_position, play_record, write_general};
use runtime::{position::Move, GameEnd};
use runtime::{Game, Position};
use std::collections::BTreeSet;
use std::sync::OnceLock;
#[path = "support/das_random.rs"]
mod das_random;
use das_random::{env_or, pick, special, xorshift};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn game() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(&GAME, "stdlib/das.variant", games::Claims::Skipped)
}

fn pos(text: &str) -> Position<'static> {
    parse_position(game(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn engine_moves(p: &mut Position) -> Vec<Move> {
    let mut list = Vec::new();
    p.legal_moves(&mut list);
    list
}

/// Plays a record (moves, each optionally followed by `+name` / `-name`).
fn play(p: &mut Position, line: &str) {
    play_record(p, line).unwrap_or_else(|(i, e)| panic!("{line}: move {i}: {e}"));
}

// ---------------------------------------------------------------------------
// 1. Random games against the reference
// ---------------------------------------------------------------------------

#[derive(Default, Debug)]
struct Stats {
    plies: usize,
    special: usize,
    checks: usize,
    mates: usize,
    cargo: usize,
    board: usize,
    castlings: usize,
    promotions: usize,
}

/// Plays one pseudo-random game of up to `plies` plies from `ours` /
/// `reference` (the same position), asserting at every ply that the sorted
/// legal move lists, check and checkmate agree and that no move ends on the
/// r-file. A quarter of the time it plays a checking move (checks and mates
/// are rare in random play), otherwise `pick`'s stack/castling bias.
fn random_game(
    label: &str,
    mut ours: Position<'static>,
    mut reference: RefPos,
    plies: usize,
    seed: &mut u64,
    stats: &mut Stats,
) {
    let g = game();
    let mut line: Vec<String> = Vec::new();
    for ply in 0..plies {
        let list = engine_moves(&mut ours);
        for &m in &list {
            assert!(
                !g.ir().cells[m.to()].side,
                "{label} after '{}': {} ends on the r-file",
                line.join(" "),
                move_to_string(g, m)
            );
        }
        let strings: Vec<String> = list.iter().map(|&m| move_to_string(g, m)).collect();
        let mut mine = strings.clone();
        mine.sort();
        let mut theirs = reference.legal_moves();
        theirs.sort();
        if mine != theirs {
            let a: BTreeSet<&String> = mine.iter().collect();
            let b: BTreeSet<&String> = theirs.iter().collect();
            panic!(
                "{label} ply {ply}: move lists differ\nmoves: {}\nposition: {}\n\
                 engine only: {:?}\nreference only: {:?}\n{}",
                line.join(" "),
                write_general(&ours),
                a.difference(&b).collect::<Vec<_>>(),
                b.difference(&a).collect::<Vec<_>>(),
                reference.diagram()
            );
        }
        let check = ours.in_check();
        assert_eq!(
            check,
            reference.in_check(),
            "{label} ply {ply}: in_check differs\nmoves: {}\nposition: {}",
            line.join(" "),
            write_general(&ours)
        );
        let mate = check && mine.is_empty();
        assert_eq!(
            mate,
            reference.is_checkmate(),
            "{label} ply {ply}: checkmate differs\nmoves: {}\nposition: {}",
            line.join(" "),
            write_general(&ours)
        );
        if mine.is_empty() {
            let end = ours.result().map(|r| r.end);
            let want = if mate {
                GameEnd::Checkmate
            } else {
                GameEnd::Stalemate
            };
            assert_eq!(end, Some(want), "{label}: {}", line.join(" "));
        }
        stats.plies += 1;
        stats.checks += check as usize;
        stats.mates += mate as usize;
        if mine.is_empty() {
            break;
        }
        let checking: Vec<usize> = if xorshift(seed).is_multiple_of(4) {
            (0..list.len())
                .filter(|&i| {
                    ours.make(list[i]);
                    let c = ours.in_check();
                    ours.unmake(list[i]);
                    c
                })
                .collect()
        } else {
            Vec::new()
        };
        let mv = if checking.is_empty() {
            pick(seed, &mine).clone()
        } else {
            strings[checking[(xorshift(seed) % checking.len() as u64) as usize]].clone()
        };
        let m = list[strings.iter().position(|s| *s == mv).unwrap()];
        let mover = &g.ir().kinds[g.kind_of(ours.board()[m.from()])];
        stats.special += special(&mv) as usize;
        stats.cargo += mv.contains("/cargo") as usize;
        stats.board += mv.contains("/board") as usize;
        stats.castlings += mv.starts_with('0') as usize;
        stats.promotions += (m.promotion().is_some()
            && (mover.name == "Pawn" || mover.name == "Elva" && !mv.ends_with('p')))
            as usize;
        ours.make(m);
        reference
            .play(&mv)
            .unwrap_or_else(|e| panic!("{label}: reference refuses {mv}: {e}"));
        line.push(mv);
    }
}

/// Games from the start position (`DAS_GAMES`, `DAS_PLIES`, `DAS_SEED`
/// override the count, length and seed for longer sweeps).
#[test]
fn engine_matches_reference_in_random_games() {
    let games = env_or("DAS_GAMES", 96) as usize;
    let plies = env_or("DAS_PLIES", 80) as usize;
    let mut seed = 0x2545_F491_4F6C_DD1Du64 ^ env_or("DAS_SEED", 0);
    let mut stats = Stats::default();
    for game_no in 0..games {
        random_game(
            &format!("game {game_no}"),
            Position::start(game()),
            RefPos::start(),
            plies,
            &mut seed,
            &mut stats,
        );
    }
    println!("random games from the start: {stats:?}");
    assert!(stats.special > 200 && stats.castlings > 5, "{stats:?}");
}

/// Short random games from constructed positions, each written in both
/// notations (engine: general notation, where pieces on setup cells are
/// unmoved; reference: `from_pieces`, `*` = unmoved / may castle): an Elva
/// that can reach its last rank, a Pirate pinned against its King, a Ship
/// facing an enemy Knight with its King behind, a Black Frigate beside the
/// White King, both sides' castlings with a Frigate partner, long pawn
/// moves with en passant, and all the inverted starters and Centurions.
#[test]
#[allow(clippy::type_complexity)]
fn engine_matches_reference_from_constructed_positions() {
    let cases: [(&str, &[(&str, &str)], das_ref::Color); 7] = [
        (
            "white: Eb1 Kj1; black: Kj9",
            &[("b1", "E"), ("j1", "K"), ("j9", "k")],
            das_ref::Color::White,
        ),
        (
            "white: Ke1 N(S:black)e5 Pc2; black: Kj10 Rh5",
            &[
                ("e1", "K"),
                ("e5", "s+N"),
                ("c2", "P*"),
                ("j10", "k"),
                ("h5", "r"),
            ],
            das_ref::Color::White,
        ),
        (
            "white: Sa5 Ke1; black: Ne5 Kj10 A(S)j9",
            &[
                ("a5", "S"),
                ("e1", "K"),
                ("e5", "n"),
                ("j10", "k"),
                ("j9", "s+a"),
            ],
            das_ref::Color::White,
        ),
        (
            "white: Kf4 Nh1; black: N(S:white)e5 Kj10",
            &[("f4", "K"), ("h1", "N"), ("e5", "S+n"), ("j10", "k")],
            das_ref::Color::White,
        ),
        (
            "white: Kf1 Rj1 A(S)a1 Pa2 Pb2; black: Kf10 Rj10 N(S:white)a10 Rg8",
            &[
                ("f1", "K*"),
                ("j1", "R"),
                ("a1", "S+A"),
                ("a2", "P*"),
                ("b2", "P*"),
                ("f10", "k*"),
                ("j10", "r"),
                ("a10", "S+n"),
                ("g8", "r"),
            ],
            das_ref::Color::Black,
        ),
        (
            "white: Kf1 Pc2 Pe2 Ph2; black: Kf10 Pb4 Pd5 Pf4 Pg9",
            &[
                ("f1", "K*"),
                ("c2", "P*"),
                ("e2", "P*"),
                ("h2", "P*"),
                ("f10", "k*"),
                ("b4", "p"),
                ("d5", "p"),
                ("f4", "p"),
                ("g9", "p*"),
            ],
            das_ref::Color::White,
        ),
        (
            "white: Kf1 Cr1 Ii1 Eb1 Sj1; black: Kf10 Cr10 Ii10 Eb10 Ni2 A(S:white)a10",
            &[
                ("f1", "K*"),
                ("r1", "C"),
                ("i1", "H*"),
                ("b1", "E"),
                ("j1", "S"),
                ("f10", "k*"),
                ("r10", "c"),
                ("i10", "h*"),
                ("b10", "e"),
                ("i2", "n"),
                ("a10", "S+a"),
            ],
            das_ref::Color::White,
        ),
    ];
    let mut seed = 0x1234_5678_9ABC_DEF1u64;
    let mut stats = Stats::default();
    for (text, pieces, side) in cases {
        let mut ours = pos(text);
        if side == das_ref::Color::Black {
            ours.set_to_move(1);
        }
        let reference = RefPos::from_pieces(pieces, side);
        for round in 0..12 {
            random_game(
                &format!("from '{text}' round {round}"),
                ours.clone(),
                reference.clone(),
                40,
                &mut seed,
                &mut stats,
            );
        }
    }
    println!("random games from constructed positions: {stats:?}");
}

// ---------------------------------------------------------------------------
// 2. Perft against the reference's numbers
// ---------------------------------------------------------------------------

/// The oracle's stack positions (tests/das_reference_selftest.rs, `stack_positions_perft`).
const STACK_LINES: [(&str, [u64; 3]); 4] = [
    // A White Frigate: the White Amazon on the Black Ship b7.
    (
        "a2a5 a9a6 a1a4 a10a7 a4b4 a7b7 h2h3 b7c7/cargo b4b7/cargo/board",
        [46, 3273, 165_374],
    ),
    // The same, White's Pirate to move.
    (
        "a2a5 a9a6 a1a4 a10a7 a4b4 a7b7 h2h3 b7c7/cargo b4b7/cargo/board h9h8",
        [70, 3456, 252_429],
    ),
    // Both Troopers on the a-file.
    ("a2a5 a9a6 a1a4 a10a7", [69, 4744, 319_523]),
    // A single White Ship a4 that may take the Black Knight g4 aboard.
    ("a2a5 h10g8 a1a4 g8h6 a4a2/cargo h6g4", [55, 2918, 160_935]),
];

fn assert_perft(line: &str, depth: u32, want: u64) {
    let mut ours = Position::start(game());
    play(&mut ours, line);
    let got = ours.perft(depth);
    if got != want {
        // Explain with the reference's divide (slow, only on failure).
        let mut reference = RefPos::start();
        reference.play_all(line).unwrap();
        let theirs = reference.perft_divide(depth);
        let mine: std::collections::BTreeMap<String, u64> = ours
            .divide(depth)
            .into_iter()
            .map(|(m, n)| (move_to_string(game(), m), n))
            .collect();
        let mut diff = Vec::new();
        for (m, n) in &theirs {
            if mine.get(m) != Some(n) {
                diff.push(format!("{m}: reference {n}, engine {:?}", mine.get(m)));
            }
        }
        for (m, n) in &mine {
            if !theirs.contains_key(m) {
                diff.push(format!("{m}: engine only ({n})"));
            }
        }
        panic!(
            "after '{line}' perft({depth}): engine {got}, reference {want}\nposition: {}\n{}",
            write_general(&ours),
            diff.join("\n")
        );
    }
}

#[test]
fn engine_matches_reference_perft() {
    // Start position, numbers computed by the reference (tests/das_reference_selftest.rs).
    for (depth, want) in [(1, 48), (2, 2274), (3, 117_635), (4, 5_968_146)] {
        assert_perft("", depth, want);
    }
    for (line, numbers) in STACK_LINES {
        for depth in 1..=3u32 {
            assert_perft(line, depth, numbers[depth as usize - 1]);
        }
    }
}
