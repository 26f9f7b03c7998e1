//! The search engine (`runtime::search`) against outside truth: the mates
//! the game files claim (`claim "..." ends checkmate` / `ends win`),
//! restated as "the engine finds the mate in one", the published
//! Win At Chess suite (tests/search/wac.epd, 299 positions: this public
//! copy, from github.com/sarona-CCCF/EPD-sets, lacks WAC.274; a sample of its
//! forced mates and of its other positions runs here at a fixed depth, the
//! whole suite at 1 s a position is recorded in docs/PERFORMANCE.md), the
//! limits a user gives (nodes, time, the stop flag), and games of more
//! than two players (Paranoid search returns a legal move and finds a mate
//! the rules score for the side to move).
//!
//! A module of the `endgame` test binary: run with `cargo test --release
//! --test endgame engine::`; the whole suite with `cargo test --release
//! --test endgame -- --ignored --nocapture win_at_chess_at_one_second`.

use super::games::{self, Claims};
use runtime::notation::{parse_move, parse_position, play_record};
use runtime::search::{Algorithm, Engine, Limits, Score};
use runtime::{Game, Move, MoveKind, Position};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

pub(super) fn chess() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(&GAME, "dsl-examples/chess.variant", Claims::Skipped)
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn nodes(n: u64) -> Limits {
    Limits {
        nodes: Some(n),
        ..Limits::default()
    }
}

/// The claims of a game file that end a game by the last move: (moves,
/// position) pairs.
fn ending_claims(path: &str) -> Vec<(String, Option<String>)> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        let Some(rest) = line.strip_prefix("claim \"") else {
            continue;
        };
        let Some((moves, tail)) = rest.split_once('"') else {
            continue;
        };
        if !(tail.contains("ends checkmate") || tail.contains("ends win")) {
            continue;
        }
        let position = tail
            .split_once("position \"")
            .map(|(_, p)| p.split('"').next().unwrap().to_string());
        out.push((moves.to_string(), position));
    }
    out
}

/// Every mate the shipped games claim: from the position before the
/// mating move, a search to depth 2 scores a win in one ply, and its move
/// wins the game for the side to move.
#[test]
fn finds_every_claimed_mate_in_one() {
    let mut found = 0;
    for path in [
        "dsl-examples/chess.variant",
        "stdlib/das.variant",
        "stdlib/hundred.variant",
        "stdlib/shakhmattron.variant",
        "stdlib/mirodol.variant",
    ] {
        let game = games::load(path, Claims::Skipped);
        for (moves, position) in ending_claims(path) {
            let mut pos = match &position {
                Some(p) => parse_position(&game, p).unwrap(),
                None => Position::start(&game),
            };
            let words: Vec<&str> = moves.split_whitespace().collect();
            let (before, _) = words.split_at(words.len() - 1);
            play_record(&mut pos, &before.join(" ")).unwrap();
            let me = pos.to_move();
            if game.players() > 2 {
                // Best-Reply Search sees the same mate.
                let mut brs = Engine::new(&game).with_algorithm(Algorithm::BestReply);
                let outcome = brs.search(&mut pos.clone(), depth(2), |_| {});
                assert_eq!(outcome.score, Score::MateIn(1), "BRS, {path}: {moves}");
            }
            let mut searcher = Engine::new(&game);
            let outcome = searcher.search(&mut pos, depth(2), |_| {});
            assert_eq!(outcome.score, Score::MateIn(1), "{path}: {moves}");
            pos.make(outcome.best.unwrap());
            let result = pos.result().expect("the game is over");
            assert_eq!(
                result.score(&game, me),
                game.ir().end.points as f64,
                "{path}: {moves}"
            );
            found += 1;
        }
    }
    assert!(found >= 8, "{found} claimed mates");
}

/// One position of an EPD suite: the FEN and the best moves in SAN.
struct Epd {
    fen: String,
    best: Vec<String>,
    id: String,
    mate_in: Option<u32>,
}

fn wac() -> Vec<Epd> {
    let text = std::fs::read_to_string("tests/search/wac.epd").unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.splitn(5, ' ').collect();
            let fen = format!(
                "{} {} {} {} 0 1",
                fields[0], fields[1], fields[2], fields[3]
            );
            let ops = fields[4];
            let op = |name: &str| {
                ops.split(';')
                    .map(str::trim)
                    .find_map(|o| o.strip_prefix(name).map(|v| v.trim().to_string()))
            };
            Epd {
                fen,
                best: op("bm ")
                    .unwrap()
                    .split_whitespace()
                    .map(String::from)
                    .collect(),
                id: op("id ").unwrap().trim_matches('"').to_string(),
                mate_in: op("dm ").map(|d| d.parse().unwrap()),
            }
        })
        .collect()
}

/// Does `mv` in `pos` match the SAN `san` (piece letter, destination,
/// disambiguation, promotion; `+`, `#` and `x` ignored)?
fn matches_san(pos: &Position, mv: Move, san: &str) -> bool {
    let game = pos.game();
    let san = san.trim_end_matches(['+', '#', '!', '?']);
    if san == "O-O" || san == "O-O-O" {
        let long = san == "O-O-O";
        return mv.kind() == MoveKind::Castle
            && (game.cell_name(mv.to()) < game.cell_name(mv.from())) == long;
    }
    let (body, promo) = match san.split_once('=') {
        Some((b, p)) => (b, p.chars().next()),
        None => (san, None),
    };
    let body: String = body.chars().filter(|&c| c != 'x').collect();
    let (piece, rest) = match body.chars().next() {
        Some(c) if c.is_ascii_uppercase() => (c, &body[1..]),
        _ => ('P', &body[..]),
    };
    let (hint, to) = rest.split_at(rest.len() - 2);
    let code = pos.board()[mv.from()];
    let letter = game.ir().kinds[game.kind_of(code)].letter;
    let from = game.cell_name(mv.from());
    letter == piece
        && game.cell_name(mv.to()) == to
        && hint.chars().all(|h| from.contains(h))
        && promo.is_none_or(|p| {
            mv.promotion()
                .is_some_and(|k| game.ir().kinds[k].letter == p)
        })
}

/// Its forced mates in two: at depth 4 the engine scores a win in three
/// plies and plays the book's move.
#[test]
fn win_at_chess_mates_in_two() {
    let game = chess();
    let mut tried = 0;
    for epd in wac().iter().filter(|e| e.mate_in == Some(2)) {
        let mut pos = parse_position(game, &epd.fen).unwrap();
        let mut searcher = Engine::new(game);
        let outcome = searcher.search(&mut pos, depth(4), |_| {});
        assert_eq!(outcome.score, Score::MateIn(3), "{}", epd.id);
        let best = outcome.best.unwrap();
        assert!(
            epd.best.iter().any(|b| matches_san(&pos, best, b)),
            "{}: {:?} is not {:?}",
            epd.id,
            runtime::notation::move_to_string(game, best),
            epd.best
        );
        tried += 1;
    }
    assert!(tried >= 10, "{tried}");
}

/// The suite, its first 40 positions at 100,000 nodes each: the share
/// solved is printed, and must not fall below what was measured (37 of 40
/// with the selective search, 35 allowed; a weaker search fails). At a
/// fixed depth a selective search sees less than a full-width one (the
/// full-width search solved 36 at depth 5, the selective one 32): nodes
/// are the fair measure.
#[test]
fn win_at_chess_sample_at_100k_nodes() {
    let game = chess();
    let suite = wac();
    let mut solved = 0;
    for epd in &suite[..40] {
        let mut pos = parse_position(game, &epd.fen).unwrap();
        let mut searcher = Engine::new(game);
        let outcome = searcher.search(&mut pos, nodes(100_000), |_| {});
        let best = outcome.best.unwrap();
        if epd.best.iter().any(|b| matches_san(&pos, best, b)) {
            solved += 1;
        }
    }
    eprintln!("Win At Chess, first 40 at 100,000 nodes: {solved} solved");
    assert!(solved >= SAMPLE_SOLVED, "{solved} of 40");
}

const SAMPLE_SOLVED: usize = 35;

/// The whole suite at one second a position (`--ignored`): the issue asks
/// for 80%.
#[test]
#[ignore]
fn win_at_chess_at_one_second() {
    let game = chess();
    let suite = wac();
    let mut solved = 0;
    let start = Instant::now();
    for epd in &suite {
        let mut pos = parse_position(game, &epd.fen).unwrap();
        let mut searcher = Engine::new(game);
        let limits = Limits {
            time: Some(Duration::from_secs(1)),
            ..Limits::default()
        };
        let outcome = searcher.search(&mut pos, limits, |_| {});
        let best = outcome.best.unwrap();
        let ok = epd.best.iter().any(|b| matches_san(&pos, best, b));
        solved += ok as usize;
        if !ok {
            eprintln!(
                "{} not solved: {}",
                epd.id,
                runtime::notation::move_to_string(game, best)
            );
        }
    }
    eprintln!(
        "Win At Chess at 1 s: {solved} of {} solved in {:.0} s",
        suite.len(),
        start.elapsed().as_secs_f64()
    );
}

/// A node limit stops the search near it; a set stop flag stops it at
/// once; a time limit is kept; every search returns a legal move.
#[test]
fn limits_are_kept() {
    let game = chess();
    let mut pos = Position::start(game);
    let mut searcher = Engine::new(game);
    let outcome = searcher.search(&mut pos, nodes(5000), |_| {});
    assert!(outcome.nodes <= 5001, "{}", outcome.nodes);
    assert!(outcome.best.is_some());
    let stop = Arc::new(AtomicBool::new(true));
    let outcome = searcher.search(
        &mut pos,
        Limits {
            stop: Some(stop),
            ..Limits::default()
        },
        |_| {},
    );
    assert!(outcome.nodes <= 1024, "{}", outcome.nodes);
    assert!(outcome.best.is_some(), "a move even when stopped at once");
    let start = Instant::now();
    searcher.search(
        &mut pos,
        Limits {
            time: Some(Duration::from_millis(200)),
            ..Limits::default()
        },
        |_| {},
    );
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
    // The position is left as it was.
    assert_eq!(pos.hash(), Position::start(game).hash());
}

/// The iterations report increasing depths with a legal principal
/// variation.
#[test]
fn iterations_report_their_variation() {
    let game = chess();
    let mut pos = Position::start(game);
    let mut searcher = Engine::new(game);
    let mut depths = Vec::new();
    searcher.search(&mut pos, depth(4), |info| {
        depths.push(info.depth);
        let mut p = Position::start(game);
        for &mv in &info.pv {
            let mut list = Vec::new();
            p.legal_moves(&mut list);
            assert!(list.contains(&mv), "depth {}: illegal pv", info.depth);
            p.make(mv);
        }
        assert!(!info.pv.is_empty());
    });
    assert_eq!(depths, vec![1, 2, 3, 4]);
}

/// Best-Reply Search takes effect with three sides or more, and sees
/// further for less there: with four players its depth 3 (a move, one
/// layer of replies, the next move) reaches the root player's second move
/// in fewer nodes than Paranoid's depth 4 (a move and the three opponents'
/// replies, one short of it), and its tree to depth 3 is not Paranoid's.
/// The default (`Auto`) searches three sides or more by BRS+.
/// Two sides (teams of two) search as alpha-beta either way.
#[test]
fn best_reply_search_changes_the_tree_only_for_three_sides_or_more() {
    let count = |path: &str, algorithm: Algorithm, d: u32| {
        let game = games::load(path, Claims::Skipped);
        let mut pos = Position::start(&game);
        let mut engine = Engine::new(&game).with_algorithm(algorithm);
        let outcome = engine.search(&mut pos, depth(d), |_| {});
        assert_eq!(outcome.depth, d, "{path}");
        outcome.nodes
    };
    let four = "stdlib/cosmic/square-4p.variant";
    let brs = count(four, Algorithm::BestReply, 3);
    let paranoid = count(four, Algorithm::Paranoid, 3);
    assert_ne!(brs, paranoid, "four players: BRS searches its own tree");
    let deeper = count(four, Algorithm::Paranoid, 4);
    assert!(
        brs < deeper,
        "four players: BRS to depth 3 {brs} nodes, Paranoid to depth 4 {deeper}"
    );
    assert_eq!(count(four, Algorithm::Auto, 3), brs);
    let three = "stdlib/cosmic/hex-3p.variant";
    let brs3 = count(three, Algorithm::BestReply, 3);
    assert_ne!(count(three, Algorithm::Paranoid, 3), brs3);
    assert_eq!(count(three, Algorithm::Auto, 3), brs3);
    let teams = "dsl-examples/four-player-teams.variant";
    assert_eq!(
        count(teams, Algorithm::Paranoid, 3),
        count(teams, Algorithm::BestReply, 3)
    );
}

/// Best-Reply Search keeps its opponents' layers in the table: the
/// principal variation it reports goes on past the root move to the
/// reply the search expects (a legal move of the next player), as the
/// `search` command's `pv` shows. Without the layers in the table the
/// variation stops at the root move.
#[test]
fn best_reply_search_reports_the_expected_reply() {
    for path in [
        "stdlib/cosmic/hex-3p.variant",
        "stdlib/cosmic/square-4p.variant",
        "stdlib/shakhmattron.variant",
    ] {
        let game = games::load(path, Claims::Skipped);
        let mut pos = Position::start(&game);
        let mut engine = Engine::new(&game).with_algorithm(Algorithm::BestReply);
        let outcome = engine.search(&mut pos.clone(), depth(3), |_| {});
        assert!(outcome.pv.len() >= 2, "{path}: pv {:?}", outcome.pv);
        assert_eq!(Some(outcome.pv[0]), outcome.best, "{path}");
        pos.make(outcome.pv[0]);
        let mut list = Vec::new();
        pos.legal_moves(&mut list);
        assert!(list.contains(&outcome.pv[1]), "{path}: the reply is legal");
    }
}

/// Games of more than two players and of teams: a legal move from the
/// start, and in Shakhmattron the mate the last-attacker rule scores for
/// White.
#[test]
fn several_players() {
    for path in [
        "stdlib/cosmic/hex-6p.variant",
        "stdlib/cosmic/square-4p.variant",
        "stdlib/shakhmattron.variant",
        "dsl-examples/four-player-teams.variant",
    ] {
        let game = games::load(path, Claims::Skipped);
        for algorithm in [Algorithm::Paranoid, Algorithm::BestReply] {
            let mut pos = Position::start(&game);
            let mut searcher = Engine::new(&game).with_algorithm(algorithm);
            let outcome = searcher.search(&mut pos, depth(3), |_| {});
            let mut list = Vec::new();
            pos.legal_moves(&mut list);
            assert!(list.contains(&outcome.best.unwrap()), "{path}");
            assert_eq!(outcome.depth, 3, "{path}");
        }
    }
}

/// A bare King is hunted: King and Rook against King, the engine playing
/// both sides at 2,000 nodes a move, mates from the middle, from a corner
/// and against a centralised King within 60 moves. A search this short
/// sees no mate from there; the evaluation's hunt (a bare royal piece is
/// worth less near the edge, the other King nearer it is worth more)
/// makes the progress, and without it every game ends by the move rule.
#[test]
fn a_bare_king_is_driven_to_the_edge_and_mated() {
    let game = chess();
    for fen in [
        "white: Kc3 Rh1; black: Ke5",
        "white: Kb2 Ra1; black: Kd5",
        "white: Kh1 Ra1; black: Ke4",
    ] {
        let (mut pos, plies) = engine_game(game, fen, 2000, 120, |_| false);
        let result = pos.result();
        assert!(
            result.is_some_and(|r| r.winner == Some(0)),
            "{fen}: after {plies} plies {result:?}"
        );
    }
}

/// What a one-ply look (`Engine::one_ply`) scores each move of `position`
/// at, for the side to move: a move's text gives its score.
fn one_ply_scores<'g>(game: &'g Game, position: &str) -> impl Fn(&str) -> i32 + 'g {
    let mut pos = parse_position(game, position).unwrap();
    let mut scored = Vec::new();
    Engine::new(game).one_ply(&mut pos, &mut scored);
    move |text: &str| {
        let mv = parse_move(&mut pos.clone(), text).unwrap();
        scored.iter().find(|(m, _)| *m == mv).unwrap().1
    }
}

/// A bare King's box counts: of two Rook moves that reach equally far on
/// an empty board, the one that shuts the King into its last two ranks
/// (15 cells it can still walk to; the Rook on b6 is guarded by its King,
/// so no escape by capturing it) scores at least 100 cp more than one that
/// leaves more than the 24 cells the term looks at, even to a one-ply look.
#[test]
fn a_move_that_shrinks_a_bare_kings_box_counts() {
    let score = one_ply_scores(chess(), "white: Kc5 Rb2; black: Kg7");
    let (boxing, open) = (score("b2b6"), score("b2b3"));
    assert!(boxing >= open + 100, "b2b6 {boxing}, b2b3 {open}");
}

/// Mobility counts: a Rook reaches 14 cells from every cell of an empty
/// 8x8 board, so its placement is the same on b1 and c1, and nothing else
/// differs between the two moves (Black is not bare: it keeps a pawn, so
/// no hunt). On b1 its own pawn shuts the file: 6 cells to move to; on c1
/// the open file adds 7. A one-ply look prefers c1, by 7 cells of a
/// Rook's weight (12 / sqrt(14) cp each, about 22 cp); without the term the
/// two score the same.
#[test]
fn a_rook_on_an_open_file_counts_its_mobility() {
    let score = one_ply_scores(chess(), "white: Kh1 Rd1 Pb2; black: Ka8 Ph7");
    let (open, shut) = (score("d1c1"), score("d1b1"));
    assert!(
        (15..=30).contains(&(open - shut)),
        "d1c1 {open}, d1b1 {shut}"
    );
}

/// Threats count: a Knight reaches 8 cells of an empty board from d5 and
/// from e4, and 8 from each here, so placement and mobility are the same;
/// but on d5 Black's pawn may take it and nothing of White's guards it.
/// The side that may take gains a share of what its cheaper piece
/// threatens, and the owner of a piece nobody guards loses a share of it:
/// a one-ply look prefers e4 by 300 / 8 + 200 / 8 cp, about 62 (the two
/// score the same without the term). With a White pawn on c4 guarding
/// d5 (it reaches none of the Knight's cells from either) only the
/// pawn's threat is left: 200 / 8, 25 cp.
#[test]
fn a_piece_a_cheaper_piece_may_take_and_nothing_guards_counts() {
    for (position, least, most) in [
        ("white: Kh1 Nc3; black: Ka8 Pe6", 50, 75),
        ("white: Kh1 Nc3 Pc4; black: Ka8 Pe6", 20, 30),
    ] {
        let score = one_ply_scores(chess(), position);
        let (safe, attacked) = (score("c3e4"), score("c3d5"));
        assert!(
            (least..=most).contains(&(safe - attacked)),
            "{position}: c3e4 {safe}, c3d5 {attacked}"
        );
    }
}

/// A piece that promotes counts more the fewer of its moves it stands from
/// promoting: with nothing else on the board a search of 1,000 nodes (too
/// short to see the promotion from the second rank) walks a chess pawn up
/// and promotes it within 14 plies, before the far King can catch it.
#[test]
fn a_lone_pawn_is_walked_to_promotion() {
    let game = chess();
    for fen in [
        "white: Kb1 Pa2; black: Kh8",
        "white: Kg1 Ph2; black: Ka8",
        "white: Kg1 Pb2; black: Kh6",
    ] {
        let (_, plies) = engine_game(game, fen, 1000, 14, |m| m.promotion().is_some());
        assert!(plies < 14, "{fen}: no promotion in 14 plies");
    }
}

/// Plays the engine against itself from `fen`, `nodes` a move, until the
/// game ends, `max_plies` plies are played, or a move `stop` accepts is
/// played: the position and the plies played.
fn engine_game<'g>(
    game: &'g Game,
    fen: &str,
    nodes_a_move: u64,
    max_plies: usize,
    stop: impl Fn(&Move) -> bool,
) -> (Position<'g>, usize) {
    let mut pos = parse_position(game, fen).unwrap();
    let mut engines: Vec<Engine> = (0..game.players()).map(|_| Engine::new(game)).collect();
    let mut plies = 0;
    while pos.result().is_none() && plies < max_plies {
        let side = pos.to_move();
        let best = engines[side].search(&mut pos, nodes(nodes_a_move), |_| {});
        let best = best.best.expect("a move while the game goes on");
        pos.make(best);
        plies += 1;
        if stop(&best) {
            break;
        }
    }
    (pos, plies)
}

/// A search stopped by its limit inside the first iteration still plays
/// the best root move whose search finished: in a position where a quiet
/// Rook move mates and captures are ordered first, a node limit one short
/// of depth 1's whole count still finds the mate.
#[test]
fn an_unfinished_iteration_keeps_its_best_finished_root_move() {
    let game = chess();
    let fen = "white: Kg1 Ra1 Qd1 Bc1 Pf2 Pg2 Ph2; black: Kg8 Nd5 Ph6 Pf7 Pg7 Ph7 Pc6 Pb5";
    let mut pos = parse_position(game, fen).unwrap();
    let mate = parse_move(&mut pos, "a1a8").unwrap();
    let whole = Engine::new(game).search(&mut pos, depth(1), |_| {});
    assert_eq!(whole.best, Some(mate));
    assert_eq!(whole.score, Score::MateIn(1));
    let cut = Engine::new(game).search(&mut pos, nodes(whole.nodes - 1), |_| {});
    assert_eq!(cut.depth, 0, "the limit ends depth 1");
    let mut first = Vec::new();
    pos.legal_moves(&mut first);
    assert_ne!(first[0], mate, "the mate is not simply the first move");
    assert_eq!(cut.best, Some(mate));
}

/// With more than two sides a node-limited search still goes deeper than
/// one ply in a crowded middle game: the quiescence search follows only
/// the captures that involve the root player's side (following every
/// player's captures, Paranoid search at 5,000 nodes finished no iteration
/// in about one position of seven). Positions along a game of six random
/// players on hexes.
#[test]
fn six_players_finish_iterations_within_a_node_limit() {
    let game = games::load("stdlib/cosmic/hex-6p.variant", Claims::Skipped);
    let mut pos = Position::start(&game);
    let mut seed = 7u64;
    let mut list = Vec::new();
    let mut depths = Vec::new();
    for ply in 0..120 {
        list.clear();
        pos.legal_moves(&mut list);
        if list.is_empty() || pos.result().is_some() {
            break;
        }
        if ply % 6 == 0 {
            let outcome = Engine::new(&game)
                .with_algorithm(Algorithm::Paranoid)
                .search(&mut pos, nodes(5000), |_| {});
            depths.push(outcome.depth);
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        pos.make(list[(seed % list.len() as u64) as usize]);
    }
    assert!(depths.len() >= 15, "{depths:?}");
    assert!(depths.iter().all(|&d| d >= 2), "{depths:?}");
}

/// Scores per player: each iteration reports, for every player, its own
/// utility where the principal variation ends. In two-player chess one is
/// the other's negation, and White a Queen up stands far better; with
/// three players on hexes, the player whose Queen is taken off the start
/// position scores worst and the other two alike (the evaluation is
/// symmetric under the board's rotation); a player out of the game has no
/// score; and where the variation ends in mate, the winner scores a win
/// and the others a loss.
#[test]
fn every_player_is_scored_where_the_principal_variation_ends() {
    let game = chess();
    let mut pos = parse_position(game, "white: Kg1 Qd1 Pa2; black: Kg8 Pa7").unwrap();
    let outcome = Engine::new(game).search(&mut pos, depth(3), |info| {
        assert_eq!(info.scores.len(), 2);
    });
    let [Some(Score::Centipawns(white)), Some(Score::Centipawns(black))] = outcome.scores[..]
    else {
        panic!("{:?}", outcome.scores);
    };
    assert_eq!(white, -black);
    assert!(white > 500, "White a Queen up: {white}");

    let three = games::load("stdlib/cosmic/hex-3p.variant", Claims::Skipped);
    let start = runtime::notation::write_general(&Position::start(&three));
    // Red's part of the position, without its Queen.
    let text: Vec<String> = start
        .split("; ")
        .map(|part| match part.strip_prefix("red: ") {
            Some(pieces) => {
                let kept: Vec<&str> = pieces.split(' ').filter(|p| !p.starts_with('Q')).collect();
                assert!(
                    kept.len() < pieces.split(' ').count(),
                    "red has a Queen: {part}"
                );
                format!("red: {}", kept.join(" "))
            }
            None => part.to_string(),
        })
        .collect();
    let mut pos = parse_position(&three, &text.join("; ")).unwrap();
    let outcome = Engine::new(&three).search(&mut pos, depth(1), |_| {});
    let score = |p: usize| match outcome.scores[p] {
        Some(Score::Centipawns(v)) => v,
        other => panic!("player {p}: {other:?}"),
    };
    let (white, red, black) = (score(0), score(1), score(2));
    assert!(
        red < white - 400 && red < black - 400,
        "{:?}",
        outcome.scores
    );

    let mut pos = parse_position(
        &three,
        "white: Ka10 Qb11; red: Kl10; black: Kf21; out red; turn white",
    )
    .unwrap();
    let outcome = Engine::new(&three).search(&mut pos, depth(1), |_| {});
    assert_eq!(outcome.scores[1], None, "red is out: {:?}", outcome.scores);
    assert!(outcome.scores[0].is_some() && outcome.scores[2].is_some());

    let mut pos = parse_position(game, "white: Kg1 Ra1; black: Kg8 Pf7 Pg7 Ph7").unwrap();
    let outcome = Engine::new(game).search(&mut pos, depth(2), |_| {});
    assert_eq!(
        outcome.scores,
        vec![Some(Score::MateIn(1)), Some(Score::MateIn(-1))]
    );
}

/// Four players on the full 12x12 board, every one armed (so the hunt of
/// bare royal pieces is off) and nothing attacked: White's Rook, which
/// reaches 22 cells from every cell of that board, is worth more the
/// nearer it stands to an enemy King (the pull, with more than two
/// players): from d5, i5 (three King steps from Red's King) and a5 (two
/// from Blue's) score above g5 (five from the nearest), even to a one-ply
/// look. Without the pull the three moves score alike.
#[test]
fn with_more_than_two_players_a_piece_nearer_an_enemy_king_counts() {
    let game = games::load("stdlib/cosmic/square-4p.variant", Claims::Skipped);
    let score = one_ply_scores(&game, &format!("{FOUR_ARMED}; turn white"));
    let (near_red, near_blue, far) = (score("d5i5"), score("d5a5"), score("d5g5"));
    assert!(
        near_red > far && near_blue > far,
        "i5 {near_red}, a5 {near_blue}, g5 {far}"
    );
}

/// An opponent out of the game raises the root player's score by about an
/// army's start worth, and one who has passed for want of a move (not yet
/// out) by half of it: the same four-player position, with Blue in play,
/// passed, and out (its frozen pieces stay on the board). An average over
/// the players left would not grow when one goes, and the game is won by
/// putting them all out.
#[test]
fn opponents_passed_or_out_count_for_the_root_player() {
    let game = games::load("stdlib/cosmic/square-4p.variant", Claims::Skipped);
    let white = |state: &str| {
        let mut pos = parse_position(&game, &format!("{FOUR_ARMED}{state}; turn white")).unwrap();
        match Engine::new(&game).scores_along(&mut pos, &[])[0] {
            Some(Score::Centipawns(v)) => v,
            other => panic!("{state}: {other:?}"),
        }
    };
    let (base, passed, out) = (white(""), white("; passed blue"), white("; out blue"));
    let (gain_out, gain_passed) = (out - base, passed - base);
    assert!(gain_out > 2000, "out: {gain_out}");
    assert!(
        gain_passed * 10 > gain_out * 4 && gain_passed * 10 < gain_out * 6,
        "passed: {gain_passed}, out: {gain_out}"
    );
}

/// Four armed players on the 12x12 board, nothing attacked.
const FOUR_ARMED: &str = "white: Kf1 Rd5; red: Kl6 Pk10; black: Kf12 Pc11; blue: Ka7 Pb3";

pub(super) fn crazyhouse() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(
        &GAME,
        "dsl-examples/fairy/crazyhouse.variant",
        Claims::Skipped,
    )
}

/// A drop mate in one: with the queen in hand, `Q@b7` (guarded by the
/// king) is the one drop that mates (pyffish: every other queen drop
/// leaves Black a move or stalemates it).
#[test]
fn crazyhouse_drop_mate_in_one() {
    let game = crazyhouse();
    let mut pos = parse_position(game, "k7/8/2K5/8/8/8/8/8[Q] w - - 0 1").unwrap();
    let outcome = Engine::new(game).search(&mut pos, depth(3), |_| {});
    assert_eq!(outcome.score, Score::MateIn(1));
    let best = outcome.best.unwrap();
    assert_eq!(best.kind(), MoveKind::Drop);
    assert_eq!(runtime::notation::move_to_string(game, best), "Q@b7");
}

/// A drop mate in two, Philidor's with a dropped queen: `Q@g8+`, the
/// rook must take (pyffish: `a8g8` is Black's one legal move), `h6f7#`
/// (pyffish: no legal move, a loss for Black).
#[test]
fn crazyhouse_drop_mate_in_two() {
    let game = crazyhouse();
    let mut pos = parse_position(game, "r6k/6pp/7N/8/8/8/8/1K6[Q] w - - 0 1").unwrap();
    let outcome = Engine::new(game).search(&mut pos, depth(4), |_| {});
    assert_eq!(outcome.score, Score::MateIn(3));
    assert_eq!(
        runtime::notation::move_to_string(game, outcome.best.unwrap()),
        "Q@g8"
    );
}

/// A piece in hand counts as material: kings alone on e1 and e8, Black to
/// move, with a queen (9 units, 900 cp) in White's hand. Black has only
/// king moves and nothing to capture, so at depth 1 its own score is a
/// queen down, give or take what the kings' places and the hunt of a bare
/// king move (tens of cp). The same with colours swapped (White to move,
/// the queen in Black's hand); with no hand, about even. (The side that
/// holds the queen is not asked: its search drops it at once, and the
/// hunt of the bare king then adds hundreds.)
#[test]
fn crazyhouse_piece_in_hand_counts() {
    let game = crazyhouse();
    let score = |fen: &str| {
        let mut pos = parse_position(game, fen).unwrap();
        match Engine::new(game).search(&mut pos, depth(1), |_| {}).score {
            Score::Centipawns(cp) => cp,
            other => panic!("{fen}: {other:?}"),
        }
    };
    let white_holds = score("4k3/8/8/8/8/8/8/4K3[Q] b - - 0 1");
    let black_holds = score("4k3/8/8/8/8/8/8/4K3[q] w - - 0 1");
    let none_held = score("4k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    assert!((-1000..=-800).contains(&white_holds), "{white_holds}");
    assert!((-1000..=-800).contains(&black_holds), "{black_holds}");
    assert!(none_held.abs() <= 200, "{none_held}");
}

/// Royal danger counts with three players, the attack of two enemies
/// together (`tests/search/three_armies.variant`): Blue's King on h9, its
/// zone g8..i10; Green's Knight on f7 attacks g9 and h8 of it. With Red's
/// Bishop on j5 (g8 of the zone too) two enemy pieces attack: danger =
/// 2 x 50 + 3 x 70 + 3 x 150 = 760, and Blue loses 760^2 / 4096, 141 cp,
/// times the attackers' material (a Knight and a Bishop) over an army's.
/// With the Bishop on d10 (the same reach on an empty board and here,
/// as near Blue's King, nothing of the zone) only the Knight attacks: no
/// loss. Red's utility is its worth less the average of the other two,
/// so a one-ply look of Red's scores j5 about half the loss above d10
/// (64 cp); without the term (the build before, which weighed royal
/// danger with two players only) the two score alike.
#[test]
fn a_royal_zone_two_enemies_attack_counts_against_its_owner() {
    static GAME: OnceLock<Game> = OnceLock::new();
    let game = games::shared(&GAME, "tests/search/three_armies.variant", Claims::Skipped);
    let position = |bishop: &str| format!("red: Ka1 {bishop}; green: Kj1 Nf7; blue: Kh9 Ne3");
    let attack = one_ply_scores(game, &position("Bj5"))("a1a2");
    let away = one_ply_scores(game, &position("Bd10"))("a1a2");
    assert!(
        (50..=80).contains(&(attack - away)),
        "Bj5 {attack}, Bd10 {away}"
    );
}

/// Royal danger counts (two players): Black has castled, g8 behind its
/// pawns. With White's second Knight on g5 two White pieces attack the
/// Black King's zone (g8 and the cells it steps to): the Bishop on d3
/// h7, the Knight f7 and h7, h7 guarded by no Black piece but the King,
/// so danger = 2 x 50 + 3 x 70 + 150 = 460, and Black loses 460^2 / 4096,
/// 51 cp, times White's material over an army's (about 0.95). With the
/// Knight on a4 (as many cells reached, nothing of the zone) only the
/// Bishop attacks: no loss. Without the term a one-ply look scores the
/// two alike (within 1 cp); with it, g5 about 48 cp above a4.
#[test]
fn a_royal_zone_two_pieces_attack_counts_against_its_owner() {
    let black = "black: Kg8 Qd8 Ra8 Rf8 Bc8 Nb8 Nc6 Pa7 Pb7 Pc7 Pd5 Pe6 Pf7 Pg7 Ph7";
    let white = |knight: &str| {
        format!(
            "white: Kg1 Qd1 Ra1 Rf1 Bc1 Bd3 Nc3 {knight} Pa2 Pb2 Pc2 Pd4 Pe3 Pf2 Pg2 Ph2; {black}"
        )
    };
    let attack = one_ply_scores(chess(), &white("Ng5"))("g1h1");
    let away = one_ply_scores(chess(), &white("Na4"))("g1h1");
    assert!(
        (35..=60).contains(&(attack - away)),
        "Ng5 {attack}, Na4 {away}"
    );
}
