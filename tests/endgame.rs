//! The endgame analysis (`runtime::endgame`) against ground truth from
//! outside the engine (and, in the module `engine`, tests/search/engine.rs,
//! the search engine `runtime::search` against claimed mates and the Win
//! At Chess suite):
//!
//! - chess (`dsl-examples/chess.variant`): the longest forced wins of
//!   King + Queen vs King (10 moves) and King + Rook vs King (16 moves),
//!   from the published tablebase statistics; the numbers of legal
//!   positions with White to move, counted here by a plain geometric loop
//!   that shares no code with the engine; the classic facts that King +
//!   Knight and King + Bishop cannot mate, that two Knights can mate but
//!   not by force, and that bishops on one colour cannot mate while
//!   bishops on opposite colours can;
//! - Mirodol (`stdlib/mirodol.variant`): King + Archer vs King, 816,760
//!   legal positions with White to move, all won within 41 moves (the
//!   rules digest's figures);
//! - Das chess: the digest's mate `Kc9 Nc8 Nd7 vs Ka10` (`d7b8`).
//!
//! Every mate the search reports is replayed through the runtime's own
//! `result()`. On the small board of `dsl-examples/endgame-lab.variant`
//! the retrograde analysis is compared with a plain forward fixed-point
//! solver written here (no index, no un-moves, no counters), and its
//! un-moves with the move generator (`cross_check`) on leapers, riders, a
//! nightrider, move-only rides, a ride that passes its first cell, a hook,
//! an unattacked landing, and Glinski's hexagonal board.
//!
//! Run with `cargo test --release --test endgame`.

#[path = "support/games.rs"]
mod games;
// The search engine's tests (one test binary with the endgame analysis).
#[path = "search/engine.rs"]
mod engine;
// Threads, time use and the null move.
#[path = "search/threads_time.rs"]
mod threads_time;
// The static exchange evaluation.
#[path = "search/exchange.rs"]
mod exchange;

use games::Claims;
use runtime::endgame::{
    analyse, cross_check, find_mate, find_mate_either_way, Budget, MateSearch, Material,
    MaterialPiece, Retrograde, RetrogradeReport,
};
use runtime::notation::{parse_move, parse_position};
use runtime::{Game, GameEnd};
use std::sync::OnceLock;

const BUDGET: Budget = Budget {
    positions: 200_000_000,
};

fn chess() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(&GAME, "dsl-examples/chess.variant", Claims::Skipped)
}

fn mirodol() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(&GAME, "stdlib/mirodol.variant", Claims::Skipped)
}

fn das() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(&GAME, "stdlib/das.variant", Claims::Skipped)
}

fn lab() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(&GAME, "dsl-examples/endgame-lab.variant", Claims::Skipped)
}

fn glinski() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(&GAME, "dsl-examples/glinski.variant", Claims::Skipped)
}

fn kind(game: &Game, name: &str) -> usize {
    game.ir()
        .kinds
        .iter()
        .position(|k| k.name == name)
        .unwrap_or_else(|| panic!("no kind {name}"))
}

/// `King Rook` vs `King`, by kind names.
fn material(game: &Game, first: &[&str], second: &[&str]) -> Material {
    let kinds = |names: &[&str]| names.iter().map(|n| kind(game, n)).collect::<Vec<_>>();
    Material::of_kinds(&kinds(first), &kinds(second))
}

fn region(game: &Game, name: &str) -> runtime::bitset::CellSet {
    let r = game
        .ir()
        .regions
        .iter()
        .find(|r| r.name == name)
        .unwrap_or_else(|| panic!("no region {name}"));
    runtime::bitset::CellSet::from_cells(r.cells.iter().map(|&c| c as usize))
}

fn solved(game: &Game, m: &Material) -> RetrogradeReport {
    match analyse(game, m, 0, BUDGET).expect("analysable") {
        Retrograde::Solved(r) => r,
        Retrograde::Inconclusive { examined } => panic!("inconclusive after {examined}"),
    }
}

/// The mate position, checked: the side to move is checkmated there.
fn assert_mate(game: &Game, position: &str) {
    let mut pos = parse_position(game, position).unwrap_or_else(|e| panic!("{position}: {e}"));
    let result = pos.result();
    assert_eq!(
        result.map(|r| r.end),
        Some(GameEnd::Checkmate),
        "{position} is not a checkmate"
    );
}

fn mate_found(game: &Game, m: &Material, mated: usize) -> String {
    let report = find_mate(game, m, mated, BUDGET).expect("searchable");
    match report.result {
        MateSearch::Found(p) => {
            assert_mate(game, &p);
            p
        }
        other => panic!("{}: {other:?}", m.describe(game)),
    }
}

fn no_mate_anywhere(game: &Game, m: &Material) {
    let report = find_mate_either_way(game, m, BUDGET).expect("searchable");
    assert_eq!(
        report.result,
        MateSearch::NoneExists,
        "{}",
        m.describe(game)
    );
}

// ---------------------------------------------------------------------------
// An independent count of legal placements on an n x n board: White King,
// one White slider, Black King, White to move. Black must not be in check;
// the kings are never adjacent. The slider's lines stop at the White King.

fn legal_placements(size: i32, directions: &[(i32, i32)]) -> u64 {
    let sq = |f: i32, r: i32| (0..size).contains(&f) && (0..size).contains(&r);
    let cells = size * size;
    let mut n = 0;
    for wk in 0..cells {
        for piece in 0..cells {
            for bk in 0..cells {
                if wk == piece || wk == bk || piece == bk {
                    continue;
                }
                let (wf, wr) = (wk % size, wk / size);
                let (bf, br) = (bk % size, bk / size);
                if (wf - bf).abs() <= 1 && (wr - br).abs() <= 1 {
                    continue;
                }
                let (pf, pr) = (piece % size, piece / size);
                let attacked = directions.iter().any(|&(df, dr)| {
                    let (mut f, mut r) = (pf + df, pr + dr);
                    while sq(f, r) {
                        if (f, r) == (bf, br) {
                            return true;
                        }
                        if (f, r) == (wf, wr) {
                            return false;
                        }
                        f += df;
                        r += dr;
                    }
                    false
                });
                if !attacked {
                    n += 1;
                }
            }
        }
    }
    n
}

const ROOK_LINES: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const QUEEN_LINES: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

#[test]
fn chess_king_rook_vs_king_mates_within_16_moves() {
    let g = chess();
    let r = solved(g, &material(g, &["King", "Rook"], &["King"]));
    assert_eq!(r.positions, legal_placements(8, &ROOK_LINES));
    assert_eq!(r.won, r.positions, "{:?}", r.not_won_example);
    assert_eq!(r.longest_win, Some(16), "{:?}", r.longest_example);
}

#[test]
fn chess_king_queen_vs_king_mates_within_10_moves() {
    let g = chess();
    let r = solved(g, &material(g, &["King", "Queen"], &["King"]));
    assert_eq!(r.positions, legal_placements(8, &QUEEN_LINES));
    assert_eq!(r.won, r.positions, "{:?}", r.not_won_example);
    assert_eq!(r.longest_win, Some(10), "{:?}", r.longest_example);
}

#[test]
fn chess_minor_pieces_alone_cannot_mate() {
    let g = chess();
    for minor in ["Knight", "Bishop"] {
        let m = material(g, &["King", minor], &["King"]);
        no_mate_anywhere(g, &m);
        let r = solved(g, &m);
        assert_eq!(r.won, 0, "{minor}");
        assert!(r.positions > 0);
    }
}

#[test]
fn chess_two_knights_can_mate_but_not_by_force() {
    let g = chess();
    let m = material(g, &["King", "Knight", "Knight"], &["King"]);
    mate_found(g, &m, 1);
    let r = solved(g, &m);
    assert!(
        r.won > 0 && r.won < r.positions,
        "{} of {}",
        r.won,
        r.positions
    );
    assert!(r.not_won_example.is_some());
}

#[test]
fn chess_bishops_of_one_colour_cannot_mate_of_two_colours_can() {
    let g = chess();
    let (b, k) = (kind(g, "Bishop"), kind(g, "King"));
    let on = |colour: &str| MaterialPiece {
        kind: b,
        region: Some(region(g, colour)),
    };
    let side = |bishop: MaterialPiece| vec![MaterialPiece::of_kind(k), bishop];
    for colour in ["light", "dark"] {
        no_mate_anywhere(g, &Material::new(side(on(colour)), side(on(colour))));
    }
    let p = mate_found(g, &Material::new(side(on("light")), side(on("dark"))), 1);
    assert!(p.contains("turn black"), "{p}");
}

#[test]
fn mirodol_king_archer_vs_king_is_always_won() {
    let g = mirodol();
    let r = solved(g, &material(g, &["King", "Archer"], &["King"]));
    assert_eq!(r.positions, 816_760);
    assert_eq!(r.won, r.positions, "{:?}", r.not_won_example);
    let longest = r.longest_win.expect("a win");
    assert!(longest <= 41, "{longest} moves: {:?}", r.longest_example);
    eprintln!(
        "Mirodol KAK: longest win {longest} moves, e.g. {:?}",
        r.longest_example
    );
}

#[test]
fn mirodol_digest_mate_is_a_mate() {
    let g = mirodol();
    let mut pos = parse_position(g, "white: Kb3 Af5; black: Ka1; turn white").unwrap();
    let mv = parse_move(&mut pos, "f5c4").unwrap();
    pos.make(mv);
    assert_eq!(pos.result().map(|r| r.end), Some(GameEnd::Checkmate));
}

#[test]
fn das_two_knights_mate_exists_and_single_minors_cannot_mate() {
    let g = das();
    let p = mate_found(g, &material(g, &["King", "Knight", "Knight"], &["King"]), 1);
    eprintln!("Das KNNK mate: {p}");
    let mut pos = parse_position(g, "white: Kc9 Nc8 Nd7; black: Ka10; turn white").unwrap();
    let mv = parse_move(&mut pos, "d7b8").unwrap();
    pos.make(mv);
    assert_eq!(pos.result().map(|r| r.end), Some(GameEnd::Checkmate));
    for piece in ["Bishop", "Hoplite", "Valkyrie", "Knight", "Amazon"] {
        no_mate_anywhere(g, &material(g, &["King", piece], &["King"]));
    }
}

/// The retrograde analysis's un-moves agree with the move generator.
#[test]
fn unmoves_agree_with_the_move_generator() {
    let l = lab();
    let cases: Vec<(&Game, Material)> = vec![
        (l, material(l, &["King", "Hooker"], &["King", "Rook"])),
        (l, material(l, &["King", "Shy"], &["King", "Jumper"])),
        (l, material(l, &["King", "Valkyrie"], &["King", "Hoplite"])),
        (l, material(l, &["King", "Knight", "Knight"], &["King"])),
        (glinski(), material(glinski(), &["King", "Rook"], &["King"])),
    ];
    for (g, m) in cases {
        let check = cross_check(g, &m).expect("checkable");
        assert!(check.moves > 0, "{}", m.describe(g));
        assert_eq!(
            check.mismatches,
            0,
            "{}: {:?}",
            m.describe(g),
            check.first_mismatch
        );
    }
}

// ---------------------------------------------------------------------------
// A plain solver to check the retrograde analysis against: it lists every
// position of the material and of each material captures leave (keyed by
// their pieces and the side to move), links each to the positions its legal
// moves lead to by playing them, and finds the wins level by level,
// forwards: White to move wins in n plies if a move leads to a loss for
// Black in n - 1; Black to move loses in n plies if it has moves, all lead
// to White wins, and the slowest takes n - 1. Mate (no move while in check)
// is the lab game's only win; it scores checkmate as a loss for the mated.

struct Plain {
    positions: u64,
    won: u64,
    won_in: Vec<u64>,
}

fn plain_solve(game: &Game, first: &[&str], second: &[&str]) -> Plain {
    use runtime::Position;
    use std::collections::HashMap;
    type Key = (Vec<(u16, u8)>, usize);
    let named = |player: usize, names: &[&str]| {
        names
            .iter()
            .map(|n| (player, kind(game, n)))
            .collect::<Vec<_>>()
    };
    let mut top = named(0, first);
    top.extend(named(1, second));
    top.sort_unstable();
    let mut materials: Vec<Vec<(usize, usize)>> = Vec::new();
    let mut frontier = vec![top.clone()];
    while let Some(m) = frontier.pop() {
        if materials.contains(&m) {
            continue;
        }
        for i in 0..m.len() {
            if !game.ir().kinds[m[i].1].royal {
                let mut less = m.clone();
                less.remove(i);
                frontier.push(less);
            }
        }
        materials.push(m);
    }
    let cells = game.cells();
    let build = |key: &Key| {
        let mut pos = Position::empty(game);
        for &(c, code) in &key.0 {
            pos.put(c as usize, code);
        }
        pos.set_to_move(key.1);
        pos
    };
    let mut ids: HashMap<Key, usize> = HashMap::new();
    let mut keys: Vec<Key> = Vec::new();
    let mut of_top: Vec<bool> = Vec::new();
    for m in &materials {
        let n = m.len();
        for code in 0..cells.pow(n as u32) {
            let mut rest = code;
            let mut board: Vec<(u16, u8)> = Vec::with_capacity(n);
            for &(player, k) in m {
                board.push(((rest % cells) as u16, game.code(player, k)));
                rest /= cells;
            }
            board.sort_unstable();
            if board.windows(2).any(|w| w[0].0 == w[1].0) {
                continue;
            }
            for side in 0..2 {
                let key = (board.clone(), side);
                if ids.contains_key(&key) || build(&key).royal_attacked(1 - side) {
                    continue;
                }
                ids.insert(key.clone(), keys.len());
                keys.push(key);
                of_top.push(*m == top);
            }
        }
    }
    // Per position: the positions its moves lead to, and whether it is mated.
    let mut children: Vec<Vec<usize>> = Vec::with_capacity(keys.len());
    let mut mated = vec![false; keys.len()];
    let mut moves = Vec::new();
    for (id, key) in keys.iter().enumerate() {
        let mut pos = build(key);
        pos.legal_moves(&mut moves);
        mated[id] = moves.is_empty() && pos.in_check();
        let mut next = Vec::new();
        for &mv in &moves {
            pos.make(mv);
            let mut board: Vec<(u16, u8)> = pos
                .board()
                .iter()
                .enumerate()
                .filter(|&(_, &c)| c != runtime::game::EMPTY)
                .map(|(c, &code)| (c as u16, code))
                .collect();
            board.sort_unstable();
            next.push(ids[&(board, pos.to_move())]);
            pos.unmake(mv);
        }
        children.push(next);
    }
    let mut plies: Vec<Option<u32>> = keys
        .iter()
        .enumerate()
        .map(|(id, key)| (key.1 == 1 && mated[id]).then_some(0))
        .collect();
    for level in 1.. {
        let mut found = Vec::new();
        for id in 0..keys.len() {
            if plies[id].is_some() {
                continue;
            }
            let child = |c: &usize| plies[*c];
            let won = if keys[id].1 == 0 {
                children[id].iter().any(|c| child(c) == Some(level - 1))
            } else {
                !children[id].is_empty()
                    && children[id].iter().all(|c| child(c).is_some())
                    && children[id].iter().filter_map(child).max() == Some(level - 1)
            };
            if won {
                found.push(id);
            }
        }
        if found.is_empty() {
            break;
        }
        for id in found {
            plies[id] = Some(level);
        }
    }
    let mut plain = Plain {
        positions: 0,
        won: 0,
        won_in: Vec::new(),
    };
    for id in 0..keys.len() {
        if !of_top[id] || keys[id].1 != 0 {
            continue;
        }
        plain.positions += 1;
        if let Some(p) = plies[id] {
            plain.won += 1;
            let moves = (p as usize).div_ceil(2);
            if plain.won_in.len() <= moves {
                plain.won_in.resize(moves + 1, 0);
            }
            plain.won_in[moves] += 1;
        }
    }
    plain
}

#[test]
fn retrograde_agrees_with_a_plain_solver() {
    let l = lab();
    // Captures both ways; a hook and an unattacked landing on one side.
    let cases: [(&[&str], &[&str]); 2] = [
        (&["King", "Queen"], &["King", "Rook"]),
        (&["King", "Hooker", "Shy"], &["King"]),
    ];
    for (first, second) in cases {
        let r = solved(l, &material(l, first, second));
        let p = plain_solve(l, first, second);
        let name = format!("{first:?} vs {second:?}");
        assert_eq!(r.positions, p.positions, "{name}");
        assert_eq!(r.won, p.won, "{name}");
        assert_eq!(r.won_in, p.won_in, "{name}");
        assert!(r.won > 0, "{name}");
    }
}

/// Das chess: King + Rook vs King is won from every legal position with
/// White to move (counted independently: the r-file holds no Rook or King),
/// but King + Centurion vs King is not: in `white: Ca1 Ke1; black: Kb2`
/// every White move leaves the Centurion to the Black King (its leaps from
/// a1 all land next to b2, and the White King is too far to guard them).
#[test]
fn das_rook_wins_everywhere_the_centurion_not() {
    let g = das();
    let r = solved(g, &material(g, &["King", "Rook"], &["King"]));
    assert_eq!(r.positions, legal_placements(10, &ROOK_LINES));
    assert_eq!(r.won, r.positions);
    let c = solved(g, &material(g, &["King", "Centurion"], &["King"]));
    assert!(c.won < c.positions, "{} of {}", c.won, c.positions);
    eprintln!(
        "Das KCK: {} of {} won, longest {:?}; not won e.g. {:?}",
        c.won, c.positions, c.longest_win, c.not_won_example
    );
    let mut pos = parse_position(g, "white: Ca1 Ke1; black: Kb2; turn white").unwrap();
    let mut white = Vec::new();
    pos.legal_moves(&mut white);
    assert!(!white.is_empty());
    for mv in white {
        pos.make(mv);
        let centurion = (0..g.cells())
            .find(|&c| pos.board()[c] == g.code(0, kind(g, "Centurion")))
            .expect("the Centurion");
        let mut black = Vec::new();
        pos.legal_moves(&mut black);
        assert!(
            black.iter().any(|b| b.to() == centurion),
            "after {mv:?} the Centurion on {} is safe",
            g.cell_name(centurion)
        );
        pos.unmake(mv);
    }
}

/// `insufficient ... on REGION` in play: Mirodol draws bishops of one colour
/// at once (d1 and c8 are light, a1 being dark), but not bishops of both
/// colours (d8 is dark), nor the same bishops with a Knight more.
#[test]
fn bishops_of_one_colour_are_drawn_at_once() {
    let g = mirodol();
    let result = |text: &str| parse_position(g, text).unwrap().result().map(|r| r.end);
    assert_eq!(
        result("white: Ke1 Bd1; black: Ke10 Bc8; turn white"),
        Some(GameEnd::InsufficientMaterial)
    );
    assert_eq!(
        result("white: Ke1 Bd2; black: Ke10 Bd8; turn white"),
        Some(GameEnd::InsufficientMaterial)
    );
    assert_eq!(result("white: Ke1 Bd1; black: Ke10 Bd8; turn white"), None);
    assert_eq!(
        result("white: Ke1 Bd1 Nb1; black: Ke10 Bc8; turn white"),
        None
    );
    assert_eq!(
        result("white: Ke1 Bd1; black: Ke10; turn black"),
        Some(GameEnd::InsufficientMaterial)
    );
}

/// `insufficient` where players go out: the declaration is matched against
/// the last two players in play, each by its own pieces (the frozen army of
/// a player out belongs to that player). square-4p with `King vs King`
/// added: with red and blue out, White's and Black's bare Kings are drawn at
/// once, whatever frozen pieces stand about; with three in play, or a Knight
/// more, play goes on.
#[test]
fn the_last_two_in_play_are_matched_against_insufficient_material() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("stdlib/cosmic/square-4p.variant");
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.extend_from_slice(b"\ninsufficient King vs King\n");
    let compiled = compiler::compile_bytes_with(&path, bytes, compiler::Verify::Nothing);
    let g = Game::load(compiled.ir.clone().expect("square-4p compiles")).unwrap();
    let result = |text: &str| parse_position(&g, text).unwrap().result().map(|r| r.end);
    assert_eq!(
        result("white: Kf1; red: Kl6 Nd6; black: Kg12; blue: Ka7 Rb3; turn white; out red blue"),
        Some(GameEnd::InsufficientMaterial)
    );
    assert_eq!(
        result("white: Kf1; red: Kl6 Nd6; black: Kg12; blue: Ka7; turn white; out red"),
        None
    );
    assert_eq!(
        result("white: Kf1 Nc3; red: Kl6; black: Kg12; blue: Ka7; turn white; out red blue"),
        None
    );
}
