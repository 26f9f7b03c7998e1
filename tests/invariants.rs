//! Property tests of engine-wide invariants, over every shipped game (every
//! `.variant` file directly under `stdlib/` and `dsl-examples/` that
//! compiles on its own, and `dsl-examples/fairy/crazyhouse.variant`,
//! `minishogi.variant`, `shouse.variant` and `kyotoshogi.variant` for
//! hands, drops, gating and promoted drops, `xiangqi.variant` for hoppers,
//! lame leaps and facing royal pieces, `spartan.variant` for royal
//! pieces in check only when all are attacked, `atomic.variant` and
//! `atomar.variant` for explosions and barred captures, `janggi.variant`
//! for passes, facing that must be broken and barred screens,
//! `duck.variant` for a wall moved after every move).
//!
//! - Random playouts: make/unmake restores the position exactly, the
//!   incremental hash equals the hash rebuilt from scratch, the notations
//!   round-trip, move lists have no duplicates and every move string parses
//!   back to its move, `legal_moves` equals "pseudo-legal moves that leave
//!   no royal piece attacked", and `legal_moves_where` (captures and
//!   promotions) equals the legal moves so filtered.
//! - Nothing panics on garbage: the parser, the whole compiler (on mutated
//!   game files), the position and move notations, the IR loader.
//! - Repetition counting agrees with a naive count of equal positions.
//! - The IR round-trips through JSON and the binary form; the loader rejects
//!   corrupted IR with an error.
//!
//! Failure persistence is off (no regression files are written); bugs found
//! are pinned as plain `#[test]`s at the end.

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::TestCaseError;
use runtime::game::EMPTY;
use runtime::ir::{GameIr, Geometry, FORMAT_VERSION};
use runtime::notation::{
    move_to_string, parse_fen, parse_move, parse_position, write_fen, write_general,
};
use runtime::{Game, Move, MoveKind, Position};
use std::collections::{BTreeSet, HashSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

// ---------------------------------------------------------------------------
// The shipped games

/// A `.variant` file of the repository, with its game if it compiles alone.
struct Source {
    /// Relative to the repository root, e.g. `dsl-examples/chess.variant`.
    rel: String,
    text: String,
    compiled: Option<(GameIr, Game)>,
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn sources() -> &'static [Source] {
    static SOURCES: OnceLock<Vec<Source>> = OnceLock::new();
    SOURCES.get_or_init(|| {
        let mut out = Vec::new();
        for dir in ["stdlib", "stdlib/cosmic", "dsl-examples"] {
            let mut paths: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
                .unwrap_or_else(|e| panic!("cannot read {dir}/: {e}"))
                .map(|e| e.unwrap().path())
                .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "variant"))
                .collect();
            paths.sort();
            // Games of dsl-examples/fairy/ whose mechanism no file above has.
            if dir == "dsl-examples" {
                paths.push(root().join("dsl-examples/fairy/crazyhouse.variant"));
                // Demotion to the hand, promotion on leaving a zone, nifu.
                paths.push(root().join("dsl-examples/fairy/minishogi.variant"));
                // Gating beside drops and captures to the hand.
                paths.push(root().join("dsl-examples/fairy/shouse.variant"));
                // Pieces that turn over on every move, drops either side up.
                paths.push(root().join("dsl-examples/fairy/kyotoshogi.variant"));
                // Cannons (a screen that moves gives or lifts a check),
                // lame leaps and generals that may not face each other.
                paths.push(root().join("dsl-examples/fairy/xiangqi.variant"));
                // Two royal pieces in check only together (one may be taken).
                paths.push(root().join("dsl-examples/fairy/spartan.variant"));
                // Explosions reaching royal pieces; immune kinds, barred captures.
                paths.push(root().join("dsl-examples/fairy/atomic.variant"));
                paths.push(root().join("dsl-examples/fairy/atomar.variant"));
                // Passes (unhashed), facing that must be broken, cannons
                // that may not jump cannons, ends by passing.
                paths.push(root().join("dsl-examples/fairy/janggi.variant"));
                // A wall moved after every move.
                paths.push(root().join("dsl-examples/fairy/duck.variant"));
            }
            for path in paths {
                let rel = path
                    .strip_prefix(root())
                    .unwrap_or(&path)
                    .to_string_lossy()
                    .into_owned();
                let text = std::fs::read_to_string(&path).unwrap();
                let compiled = compiler::compile_file(&path, false).ir.map(|ir| {
                    let game = Game::load(ir.clone())
                        .unwrap_or_else(|e| panic!("{rel} compiles but does not load: {e}"));
                    (ir, game)
                });
                out.push(Source {
                    rel,
                    text,
                    compiled,
                });
            }
        }
        out
    })
}

struct Shipped {
    rel: &'static str,
    ir: &'static GameIr,
    game: &'static Game,
}

fn shipped() -> &'static [Shipped] {
    static SHIPPED: OnceLock<Vec<Shipped>> = OnceLock::new();
    SHIPPED.get_or_init(|| {
        let games: Vec<Shipped> = sources()
            .iter()
            .filter_map(|s| {
                s.compiled.as_ref().map(|(ir, game)| Shipped {
                    rel: &s.rel,
                    ir,
                    game,
                })
            })
            .collect();
        let names: Vec<&str> = games.iter().map(|g| g.rel).collect();
        for must in ["stdlib/mirodol.variant", "dsl-examples/chess.variant"] {
            assert!(names.contains(&must), "{must} missing from {names:?}");
        }
        games
    })
}

fn shipped_game(rel: &str) -> &'static Game {
    shipped().iter().find(|s| s.rel == rel).unwrap().game
}

fn chess() -> &'static Game {
    shipped_game("dsl-examples/chess.variant")
}

fn chess_ir() -> &'static GameIr {
    shipped()
        .iter()
        .find(|s| s.rel == "dsl-examples/chess.variant")
        .unwrap()
        .ir
}

fn mirodol() -> &'static Game {
    shipped_game("stdlib/mirodol.variant")
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::with_cases(cases)
    }
}

// ---------------------------------------------------------------------------
// Playouts

/// FEN exists for rectangular two-player boards, except while a side cell
/// (beside the board) holds a piece.
fn has_fen(pos: &Position) -> bool {
    let game = pos.game();
    // FEN cannot carry a repeatable or free castling right or declarations.
    matches!(game.ir().geometry, Geometry::Square { .. })
        && game.players() == 2
        && !game.ir().castlings.iter().any(|c| c.right_is_the_kings())
        && game.ir().agreements.is_empty()
        && !game
            .ir()
            .cells
            .iter()
            .enumerate()
            .any(|(c, info)| info.side && pos.board()[c] != runtime::game::EMPTY)
}

/// Everything `==` on positions compares, spelled out for the messages.
fn describe(p: &Position) -> String {
    format!(
        "{} | hash {:016x} passings {:?}",
        write_general(p),
        p.hash(),
        p.en_passant_records()
    )
}

/// Equal in everything FEN can express.
fn fen_equivalent(a: &Position, b: &Position) -> bool {
    a.board() == b.board()
        && a.to_move() == b.to_move()
        && a.rights() == b.rights()
        && a.en_passant_records() == b.en_passant_records()
        && a.en_passant_rights() == b.en_passant_rights()
        && a.halfmove() == b.halfmove()
        && a.fullmove() == b.fullmove()
}

/// Is a cell of the castling `mv` that must be safe attacked by an enemy
/// who could take there (no enemy royal piece of a kind blasts remove
/// stands on a cell the blast reaches)? Read from the compiled IR: the
/// loaded game's castlings of a game with explosions hold no safe cells.
fn castling_unsafe(pos: &Position, mv: Move) -> bool {
    let game = pos.game();
    let ir = shipped()
        .iter()
        .find(|s| std::ptr::eq(s.game, game))
        .map_or(game.ir(), |s| s.ir);
    let Some(explosion) = &ir.explosion else {
        return false;
    };
    let me = pos.to_move();
    let c = &ir.castlings[mv.castling().unwrap()];
    let shielded = |cell: usize| {
        explosion.around[cell].iter().any(|&x| {
            let code = pos.board()[x as usize];
            if code == runtime::game::EMPTY || game.owner_of(code) == me {
                return false;
            }
            let kind = game.kind_of(code) as u8;
            ir.kinds[kind as usize].royal
                && !explosion.spared.contains(&kind)
                && !explosion.immune.contains(&kind)
        })
    };
    c.must_be_safe
        .iter()
        .any(|&x| pos.attacked_by_enemy_of(x as usize, me) && !shielded(x as usize))
}

/// The royal pieces on the board of the players `whose` picks.
fn royals(pos: &Position, whose: impl Fn(usize) -> bool) -> usize {
    let game = pos.game();
    pos.board()
        .iter()
        .filter(|&&code| {
            code != runtime::game::EMPTY
                && whose(game.owner_of(code))
                && game.ir().kinds[game.kind_of(code)].royal
        })
        .count()
}

/// `facing ... must-break`: do two royal pieces of different players stand
/// on one file with every cell between them empty (the line the janggi
/// file names, `(0,1)`)? Read from the board's coordinates alone.
fn naive_facing(pos: &Position) -> bool {
    let game = pos.game();
    let must_break = game.ir().facing.as_ref().and_then(|f| f.must_break);
    if must_break.is_none() {
        return false;
    }
    let cells = &game.ir().cells;
    let board = pos.board();
    let royal = |c: usize| {
        board[c] != runtime::game::EMPTY && game.ir().kinds[game.kind_of(board[c])].royal
    };
    let royals: Vec<usize> = (0..board.len()).filter(|&c| royal(c)).collect();
    royals.iter().any(|&a| {
        royals.iter().any(|&b| {
            let ((xa, ya), (xb, yb)) = (cells[a].coord, cells[b].coord);
            xa == xb
                && ya < yb
                && game.owner_of(board[a]) != game.owner_of(board[b])
                && (0..board.len()).all(|c| {
                    let (x, y) = cells[c].coord;
                    !(x == xa && ya < y && y < yb) || board[c] == runtime::game::EMPTY
                })
        })
    })
}

fn sorted_strings(game: &Game, list: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|&m| move_to_string(game, m)).collect();
    v.sort();
    v
}

/// Checks every per-position invariant of `pos`; `deep` also rebuilds the
/// hash of every child position from scratch.
fn check_position(
    pos: &mut Position<'static>,
    ctx: &dyn Fn() -> String,
    deep: bool,
) -> Result<(), TestCaseError> {
    let game = pos.game();
    let snapshot = pos.clone();

    // The general notation round-trips to an equal position (board, side to
    // move, rights, en passant, clocks) whose from-scratch hash equals the
    // incrementally updated one.
    let general = write_general(pos);
    let rebuilt = parse_position(game, &general)
        .map_err(|e| TestCaseError::fail(format!("{}: cannot re-read {general}: {e}", ctx())))?;
    prop_assert!(
        rebuilt == *pos,
        "{}: general notation round trip / hash from scratch differs:\n  played  {}\n  rebuilt {}",
        ctx(),
        describe(pos),
        describe(&rebuilt)
    );

    // FEN round-trips on rectangular two-player boards: everything FEN
    // says (it cannot say which pieces moved and came back, or which
    // once-per-game arrivals are spent; it assumes pieces on their setup
    // cells unmoved and every arrival available). When the general notation
    // says nothing beyond FEN either, the positions are fully equal.
    let fen = write_fen(pos);
    prop_assert_eq!(
        fen.is_some(),
        has_fen(pos),
        "{}: write_fen availability",
        ctx()
    );
    if let Some(fen) = fen {
        let from_fen = parse_fen(game, &fen)
            .map_err(|e| TestCaseError::fail(format!("{}: cannot re-read {fen}: {e}", ctx())))?;
        prop_assert!(
            fen_equivalent(&from_fen, pos),
            "{}: FEN round trip differs ({fen}):\n  played  {}\n  rebuilt {}",
            ctx(),
            describe(pos),
            describe(&from_fen)
        );
        // FEN (Fairy-Stockfish's too) has no mark for a pass just made.
        let beyond_fen = general.split("; ").any(|part| {
            ["moved ", "unmoved ", "spent ", "passed "]
                .iter()
                .any(|w| part.starts_with(w))
        });
        prop_assert!(
            beyond_fen || from_fen == *pos,
            "{}: FEN round trip differs ({fen}) in the hash or unmoved set:\n  played  {}\n  rebuilt {}",
            ctx(),
            describe(pos),
            describe(&from_fen)
        );
    }

    let mut list = Vec::new();
    pos.legal_moves(&mut list);

    // The rebuilt position generates the same moves (catches stale internal
    // occupancy tables that `==` does not compare).
    let mut rebuilt = rebuilt;
    let mut rebuilt_list = Vec::new();
    rebuilt.legal_moves(&mut rebuilt_list);
    let strings = sorted_strings(game, &list);
    prop_assert_eq!(
        &strings,
        &sorted_strings(game, &rebuilt_list),
        "{}: the rebuilt position has other moves",
        ctx()
    );

    // The captures and promotions alone (`legal_moves_where`, which a
    // search's quiescence reads: it filters before judging legality where
    // the rules judge move by move) are the legal moves' captures and
    // promotions, a side's forced pass or going out never among them.
    let board = pos.board().to_vec();
    let tactical = |m: &Move| {
        board[m.to()] != EMPTY || m.promotion().is_some() || m.kind() == MoveKind::EnPassant
    };
    let mut captures = Vec::new();
    pos.legal_moves_where(&mut captures, |_, m| tactical(&m));
    let forced = |m: &Move| matches!(m.kind(), MoveKind::Pass | MoveKind::Out);
    let filtered: Vec<Move> = list
        .iter()
        .copied()
        .filter(|m| tactical(m) && !forced(m))
        .collect();
    prop_assert_eq!(
        sorted_strings(game, &captures),
        sorted_strings(game, &filtered),
        "{}: legal_moves_where(captures) differs from the legal captures",
        ctx()
    );

    // No duplicates, by notation.
    let unique: HashSet<&String> = strings.iter().collect();
    prop_assert_eq!(
        unique.len(),
        strings.len(),
        "{}: duplicate move strings in {:?}",
        ctx(),
        strings
    );

    // Legal moves = pseudo-legal moves that leave no royal of the mover
    // attacked (and, for moves that must land unattacked, not the moved piece).
    // With explosions: a move that blasts a royal piece of the mover is
    // illegal, one that blasts an enemy's legal.
    let me = pos.to_move();
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    let mut naive = BTreeSet::new();
    let explodes = game.ir().explosion.is_some();
    let (mine, theirs) = (royals(pos, |p| p == me), royals(pos, |p| p != me));
    // A facing that must be broken may not stand after a move.
    let facing = naive_facing(pos);
    for &mv in &pseudo {
        // A gating move is judged as the same move without its gated piece
        // (Fairy-Stockfish's rule: the piece entering shields nothing).
        let judged = match mv.gated() {
            Some(_) => *pseudo
                .iter()
                .find(|m| {
                    m.gated().is_none()
                        && (m.from(), m.to(), m.promotion(), m.castling())
                            == (mv.from(), mv.to(), mv.promotion(), mv.castling())
                })
                .expect("a gating move's plain move is generated too"),
            None => mv,
        };
        // A castling of a game with explosions: its safe cells, which the
        // loader hands to the legality judge, are tested here before it.
        let path_unsafe = explodes && judged.castling().is_some() && castling_unsafe(pos, judged);
        pos.make(judged);
        let lands_attacked =
            judged.must_land_unattacked() && pos.attacked_by_enemy_of(judged.to(), me);
        let legal = if path_unsafe || (explodes && royals(pos, |p| p == me) < mine) {
            false
        } else if explodes && royals(pos, |p| p != me) < theirs {
            true
        } else {
            !(pos.royal_attacked(me) || lands_attacked || (facing && naive_facing(pos)))
        };
        if legal {
            let text = move_to_string(game, mv);
            if game.ir().wall.is_some() {
                // `wall KIND`: once per empty cell after the move, the wall
                // going there (`e2e4,e4d5`).
                let to = game.cell_name(mv.to());
                for c in (0..pos.board().len()).filter(|&c| pos.board()[c] == runtime::game::EMPTY)
                {
                    naive.insert(format!("{text},{to}{}", game.cell_name(c)));
                }
            } else {
                naive.insert(text);
            }
        }
        pos.unmake(judged);
    }
    // A pass (`pass`): out of check, or while a facing must be broken;
    // written as the mover's royal piece's cell twice.
    let passes = game.ir().pass_moves
        || game
            .ir()
            .facing
            .as_ref()
            .is_some_and(|f| f.must_break.is_some());
    if passes && ((game.ir().pass_moves && !pos.royal_attacked(me)) || facing) {
        let royal = (0..pos.board().len())
            .find(|&c| {
                let code = pos.board()[c];
                code != runtime::game::EMPTY
                    && game.owner_of(code) == me
                    && game.ir().kinds[game.kind_of(code)].royal
            })
            .unwrap_or(0);
        let cell = game.cell_name(royal);
        naive.insert(format!("{cell}{cell}"));
    }
    // A position an end rule decided (a royal piece blasted, ...) has no moves.
    if list.is_empty() && pos.result().is_some() {
        naive.clear();
    }
    // With no move on the board, where players go out and more than two
    // are in play, the one legal move is the forced `pass` or `out`.
    if naive.is_empty() && list.len() == 1 && list[0].kind().is_turn_only() {
        prop_assert!(
            pos.players_in_play() > 2,
            "{}: a forced {} with two players in play",
            ctx(),
            strings[0]
        );
        naive.insert(strings[0].clone());
    }
    let listed: BTreeSet<String> = strings.iter().cloned().collect();
    prop_assert_eq!(
        &listed,
        &naive,
        "{}: legal_moves differs from the filtered pseudo-legal moves",
        ctx()
    );

    // Every move of a position up to 16; of a wider one (the Cosmic games
    // have 60 and more) an even spread of about 16, which bounds the cost
    // of the round trips below per ply (the playouts visit every move in
    // turn over their plies all the same).
    let spread = list.len().div_ceil(16).max(1);
    for &mv in list.iter().step_by(spread) {
        let text = move_to_string(game, mv);
        // Every listed move's string parses back to that very move.
        match parse_move(pos, &text) {
            Ok(parsed) => prop_assert_eq!(
                parsed,
                mv,
                "{}: parse_move({}) is another move",
                ctx(),
                text
            ),
            Err(e) => prop_assert!(false, "{}: parse_move({}) fails: {}", ctx(), text, e),
        }
        // make + unmake restores everything, hash included.
        pos.make(mv);
        if deep {
            let child = parse_position(game, &write_general(pos)).map_err(|e| {
                TestCaseError::fail(format!("{}: after {text}: cannot re-read: {e}", ctx()))
            })?;
            prop_assert!(
                child == *pos,
                "{}: after {}: incremental and from-scratch differ:\n  played  {}\n  rebuilt {}",
                ctx(),
                text,
                describe(pos),
                describe(&child)
            );
        }
        pos.unmake(mv);
        prop_assert!(
            *pos == snapshot,
            "{}: make+unmake {} changed the position:\n  before {}\n  after  {}",
            ctx(),
            text,
            describe(&snapshot),
            describe(pos)
        );
    }
    // Nothing above (parse_move included) changed the position or its tables.
    let mut again = Vec::new();
    pos.legal_moves(&mut again);
    prop_assert_eq!(
        sorted_strings(game, &again),
        strings,
        "{}: the move list changed after make/unmake of every move",
        ctx()
    );
    Ok(())
}

/// Plays `choices.len()` plies (fewer if the game ends), choosing move
/// `choice % count` of the legal move list, checking `check_position`
/// before every ply and after the last one.
fn playout(s: &Shipped, start: &Position<'static>, choices: &[u32]) -> Result<(), TestCaseError> {
    let mut pos = start.clone();
    let mut played: Vec<String> = Vec::new();
    let mut list = Vec::new();
    for ply in 0..=choices.len() {
        let ctx = || {
            format!(
                "{} after [{}] at {}",
                s.rel,
                played.join(" "),
                write_general(&pos)
            )
        };
        let context = ctx();
        check_position(&mut pos, &|| context.clone(), ply % 16 == 0)?;
        if ply == choices.len() || pos.result().is_some() {
            break;
        }
        pos.legal_moves(&mut list);
        prop_assert!(!list.is_empty(), "{}: no moves but no result", context);
        // A third of the plies prefer a capture or a special move (en
        // passant, castling, promotion, ...), so that they happen often.
        let choice = choices[ply] as usize;
        let special: Vec<Move> = list
            .iter()
            .copied()
            .filter(|m| {
                m.kind() != MoveKind::Normal
                    || m.promotion().is_some()
                    || pos.board()[m.to()] != runtime::game::EMPTY
            })
            .collect();
        let mv = if choice.is_multiple_of(3) && !special.is_empty() {
            special[choice / 3 % special.len()]
        } else {
            list[choice % list.len()]
        };
        // The chosen move: make, unmake, compare, make again.
        let before = pos.clone();
        pos.make(mv);
        pos.unmake(mv);
        prop_assert!(pos == before, "{}: unmake {:?}", context, mv);
        pos.make(mv);
        played.push(move_to_string(s.game, mv));
    }
    Ok(())
}

// Case counts keep this file at about 30 s of CPU in `cargo test --release`
// (the proptest blocks run in parallel); PROPTEST_CASES overrides them all.

proptest! {
    #![proptest_config(config(120))]

    /// Random playouts of up to 150 plies in every shipped game. The
    /// generated vector is the playout: its length is the number of plies,
    /// element i picks the move at ply i (shrinks to short, first-move games).
    #[test]
    fn playouts_keep_every_invariant(choices in vec(any::<u32>(), 0..=150)) {
        for s in shipped() {
            playout(s, &Position::start(s.game), &choices)?;
        }
    }
}

proptest! {
    #![proptest_config(config(200))]

    /// Repetition counting sees positions as equal exactly when their
    /// placement, side to move, rights and en passant are.
    #[test]
    fn repetition_counts_match_a_naive_count(choices in vec(any::<u32>(), 0..=120)) {
        for s in shipped() {
            repetition_playout(s, &choices)?;
        }
    }
}

proptest! {
    #![proptest_config(config(100))]

    /// The same from the start position without the pieces that stand in
    /// the way of castling (every `must_be_empty` cell of every castling
    /// emptied), so that castling happens often.
    #[test]
    fn playouts_from_castling_ready_starts(choices in vec(any::<u32>(), 0..=100)) {
        for s in shipped() {
            if let Some(start) = castling_ready(s.game) {
                playout(s, &start, &choices)?;
            }
        }
    }
}

/// Does any rule of the game depend on whether a piece has moved (an
/// atom for unmoved pieces, a castling whose right is the king's own)?
fn moved_matters(game: &Game) -> bool {
    let unmoved = runtime::ir::UNMOVED_ONLY;
    // Gating: a piece that has not moved may gate.
    game.ir().hands.as_ref().is_some_and(|h| h.gating.is_some())
        || game.ir().castlings.iter().any(|c| c.right_is_the_kings())
        || game.ir().leaps.iter().any(|a| a.flags & unmoved != 0)
        || game.ir().rays.iter().any(|a| a.flags & unmoved != 0)
        || game.ir().hooks.iter().any(|a| a.flags & unmoved != 0)
}

/// What makes two positions "the same" for repetition: placement, side to
/// move, castling rights, en passant (and arrival budgets), not the clocks;
/// whether a piece has moved only in games where some move depends on it.
fn repetition_key(pos: &Position) -> String {
    let matters = moved_matters(pos.game());
    // A voluntary pass changes no position (`pass`: not hashed).
    let ir = pos.game().ir();
    let passes = ir.pass_moves || ir.facing.as_ref().is_some_and(|f| f.must_break.is_some());
    write_general(pos)
        .split("; ")
        .filter(|part| {
            !(part.starts_with("clocks ") || (passes && part.starts_with("passed ")))
                && (matters || !(part.starts_with("moved ") || part.starts_with("unmoved ")))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A playout biased towards repetitions (half of the plies take back the
/// mover's previous move if they can); at every ply `repetitions()` must
/// equal the number of equal keys among the positions since the last
/// capture or reset move (the engine's window).
fn repetition_playout(s: &Shipped, choices: &[u32]) -> Result<(), TestCaseError> {
    let game = s.game;
    let mut pos = Position::start(game);
    let mut keys = vec![repetition_key(&pos)];
    let mut played: Vec<Move> = Vec::new();
    let mut list = Vec::new();
    for &choice in choices {
        let window = (pos.halfmove() as usize + 1).min(keys.len());
        let current = keys.last().unwrap();
        let naive = keys[keys.len() - window..]
            .iter()
            .filter(|k| *k == current)
            .count() as u32;
        prop_assert_eq!(
            pos.repetitions(),
            naive,
            "{} after [{}]: repetitions() differs from the count of equal positions ({})",
            s.rel,
            played
                .iter()
                .map(|&m| move_to_string(game, m))
                .collect::<Vec<_>>()
                .join(" "),
            current
        );
        if pos.result().is_some() {
            break;
        }
        pos.legal_moves(&mut list);
        let back = played
            .len()
            .checked_sub(2)
            .map(|i| played[i])
            .and_then(|m| {
                list.iter()
                    .find(|l| l.from() == m.to() && l.to() == m.from())
                    .copied()
            });
        let mv = match back {
            Some(b) if choice % 2 == 0 => b,
            _ => list[(choice / 2) as usize % list.len()],
        };
        pos.make(mv);
        played.push(mv);
        keys.push(repetition_key(&pos));
    }
    Ok(())
}

/// The start position with every cell some castling needs empty emptied
/// (but for the royal pieces: a position without them is refused, and a
/// repeatable castling's path may cross the king's start cell); `None` for
/// games without castling. Built through the general notation (its piece
/// tokens are `<letter><cell>`), so the position is as consistent as any
/// parsed one.
fn castling_ready(game: &'static Game) -> Option<Position<'static>> {
    if game.ir().castlings.is_empty() {
        return None;
    }
    let start = Position::start(game);
    let royal = |c: u16| {
        let code = start.board()[c as usize];
        code != EMPTY && game.ir().kinds[game.kind_of(code)].royal
    };
    let clear: HashSet<&str> = game
        .ir()
        .castlings
        .iter()
        .flat_map(|c| c.must_be_empty.iter())
        .filter(|&&c| !royal(c))
        .map(|&c| game.cell_name(c as usize))
        .collect();
    let text = write_general(&Position::start(game));
    let parts: Vec<String> = text
        .split("; ")
        .map(|part| match part.split_once(": ") {
            Some((player, pieces)) => {
                let kept: Vec<&str> = pieces
                    .split_whitespace()
                    .filter(|t| !clear.contains(&t[t.chars().next().unwrap().len_utf8()..]))
                    .collect();
                format!("{player}: {}", kept.join(" "))
            }
            None => part.to_string(),
        })
        .collect();
    let text = parts.join("; ");
    Some(parse_position(game, &text).unwrap_or_else(|e| panic!("castling-ready start {text}: {e}")))
}

// ---------------------------------------------------------------------------
// The parser and compiler never panic

/// An edit of a text: insert, delete or replace one char at a position
/// (a fraction of the length, so it shrinks towards the start).
#[derive(Clone, Debug)]
enum Edit {
    Insert(u32, char),
    Delete(u32),
    Replace(u32, char),
    /// Replace the i-th whitespace-separated word by the j-th (keeps the
    /// text lexically valid so later phases run).
    Word(u32, u32),
    /// Duplicate the line at the position.
    DupLine(u32),
}

fn interesting_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => select("{}()[]\",./:;-+*=<>#!|0123456789 \n\t\r_abcdefghijxyzKQRBNPA".chars().collect::<Vec<_>>()),
        1 => any::<char>(),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<u32>(), interesting_char()).prop_map(|(p, c)| Edit::Insert(p, c)),
        any::<u32>().prop_map(Edit::Delete),
        (any::<u32>(), interesting_char()).prop_map(|(p, c)| Edit::Replace(p, c)),
        (any::<u32>(), any::<u32>()).prop_map(|(i, j)| Edit::Word(i, j)),
        any::<u32>().prop_map(Edit::DupLine),
    ]
}

fn apply_edits(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let at = |p: u32, n: usize| if n == 0 { 0 } else { p as usize % n };
        match *e {
            Edit::Insert(p, c) => {
                let i = at(p, chars.len() + 1);
                chars.insert(i, c);
            }
            Edit::Delete(p) if !chars.is_empty() => {
                let i = at(p, chars.len());
                chars.remove(i);
            }
            Edit::Replace(p, c) if !chars.is_empty() => {
                let i = at(p, chars.len());
                chars[i] = c;
            }
            Edit::Word(i, j) => {
                let s: String = chars.iter().collect();
                // Offsets from the words' own addresses: a separator may be
                // wider than one byte (U+00A0 is two).
                let words: Vec<(usize, &str)> = s
                    .split(|c: char| c.is_whitespace())
                    .filter(|w| !w.is_empty())
                    .map(|w| (w.as_ptr() as usize - s.as_ptr() as usize, w))
                    .collect();
                if words.is_empty() {
                    continue;
                }
                let (start, old) = words[at(i, words.len())];
                let (_, new) = words[at(j, words.len())];
                let out = format!("{}{}{}", &s[..start], new, &s[start + old.len()..]);
                chars = out.chars().collect();
            }
            Edit::DupLine(p) => {
                let s: String = chars.iter().collect();
                let lines: Vec<&str> = s.split_inclusive('\n').collect();
                if lines.is_empty() {
                    continue;
                }
                let k = at(p, lines.len());
                let mut out = String::new();
                for (n, l) in lines.iter().enumerate() {
                    out += l;
                    if n == k {
                        out += l;
                        if !l.ends_with('\n') {
                            out.push('\n');
                        }
                    }
                }
                chars = out.chars().collect();
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

fn source_index() -> impl Strategy<Value = usize> {
    0..sources().len()
}

proptest! {
    #![proptest_config(config(4000))]

    /// `compiler::parse` returns Ok or Err on any string (short ones of any
    /// chars, longer ones of the language's own characters).
    #[test]
    fn parser_never_panics_on_arbitrary_text(
        s in prop_oneof!["(?s).*", "[a-zA-Z0-9 \n{}()\"./:,=<>#_-]{0,300}"]
    ) {
        let _ = compiler::parse(0, &s);
    }

    /// ... and on mutated real game files.
    #[test]
    fn parser_never_panics_on_mutated_games(i in source_index(), edits in vec(edit(), 1..6)) {
        let text = apply_edits(&sources()[i].text, &edits);
        let _ = compiler::parse(0, &text);
    }
}

/// Writes the repository's `.variant` files, with one of them mutated, into
/// a private temp tree (imports are relative, so the layout is kept) and
/// returns the path of the game to compile.
fn write_tree(tag: &str, mutated: usize, text: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("variant-invariants-{}-{tag}", std::process::id()));
    for (k, s) in sources().iter().enumerate() {
        let path = dir.join(&s.rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, if k == mutated { text } else { &s.text }).unwrap();
    }
    let target = &sources()[mutated];
    let game = if target.compiled.is_some() {
        dir.join(&target.rel)
    } else {
        // A mutated library: compile a game that imports it.
        dir.join("stdlib/mirodol.variant")
    };
    (dir, game)
}

/// Claims are cheap to verify unless a perft claim is deep (every `perft`
/// must be followed by a depth of at most 3) or the endgame analysis runs
/// on a board of more than 64 cells: an endgame claim (`forced-win`,
/// `mate-exists`, `no-mate`) or an `insufficient` declaration beyond King
/// vs King (each is a mate search of its own).
fn claims_are_cheap(text: &str, cells: usize) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    let shallow_perft = words.iter().enumerate().all(|(i, w)| {
        !w.contains("perft")
            || *w == "perft"
                && words
                    .get(i + 1)
                    .and_then(|d| d.parse::<u32>().ok())
                    .is_some_and(|d| d <= 3)
    });
    let endgame_claims = ["forced-win", "mate-exists", "no-mate"]
        .iter()
        .any(|w| text.contains(w));
    let mate_searches = text
        .lines()
        .any(|l| l.contains("insufficient") && l.split_whitespace().count() > 4);
    shallow_perft && (cells <= 64 || !endgame_claims && !mate_searches)
}

proptest! {
    #![proptest_config(config(800))]

    /// `compile_file` on a mutated game (or a game importing a mutated
    /// library) returns diagnostics or an IR without panicking (claims are
    /// verified too when that is cheap); rendering the diagnostics does not
    /// panic; an IR it emits loads, and its start position generates moves.
    #[test]
    fn compiler_never_panics_on_mutated_games(i in source_index(), edits in vec(edit(), 1..4)) {
        let text = apply_edits(&sources()[i].text, &edits);
        let (dir, path) = write_tree("compile", i, &text);
        // The claims' cost depends on the board the mutated game compiles
        // to, and on the game's text (a mutated library is compiled through
        // the game that imports it).
        let unverified = compiler::compile_file(&path, false);
        let game_text = std::fs::read_to_string(&path).unwrap();
        let cheap = unverified.ir.as_ref().is_some_and(|ir| {
            claims_are_cheap(&text, ir.cells.len()) && claims_are_cheap(&game_text, ir.cells.len())
        });
        let compiled = if cheap { compiler::compile_file(&path, true) } else { unverified };
        let _ = compiled.rendered();
        let _ = std::fs::remove_dir_all(&dir);
        if let Some(ir) = compiled.ir {
            let game = Game::load(ir);
            prop_assert!(game.is_ok(), "compiled IR does not load: {:?}\n--- text:\n{}", game.err(), text);
            let game = game.unwrap();
            let mut pos = Position::start(&game);
            let mut list = Vec::new();
            pos.legal_moves(&mut list);
            for &mv in &list {
                let text = move_to_string(&game, mv);
                let _ = parse_move(&mut pos, &text);
            }
            let _ = pos.result();
            let _ = write_general(&pos);
            let _ = write_fen(&pos);
        }
    }
}

// ---------------------------------------------------------------------------
// Notation never panics

/// Strings near the position notations: tokens of FEN and of the general
/// notation, cells, piece letters, numbers (long ones too), separators.
fn notation_text() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        select(vec![
            "/",
            " ",
            ";",
            ":",
            ",",
            "-",
            "w",
            "b",
            "K",
            "Q",
            "k",
            "q",
            "KQkq",
            "10",
            "8",
            "4",
            "0",
            "1",
            "99999999999",
            "4294967296",
            "-1",
            "white",
            "black",
            "turn",
            "castling",
            "ep",
            "victim",
            "clocks",
            "white:",
            "black:",
            "Ke1",
            "Pe2",
            "Ra1",
            "Ae3",
            "Кр",
            "e3",
            "e3,e4",
            "a1",
            "j10",
            "z9",
            "e1d1/b1",
            "e2e4",
            "e7e8q",
            "/b1",
            "rnbqkbnr",
            "pppppppp",
            "PPPPPPPP",
            "RNBQKBNR",
            "arnbkqbnra",
            "pppppppppp",
            "é",
            "\u{0}",
            "\u{10FFFF}",
        ])
        .prop_map(String::from),
        ".{0,3}",
        "[a-j][0-9]{1,2}",
        "[0-9]{1,12}",
    ];
    vec(token, 0..24).prop_map(|t| t.concat())
}

/// FEN-shaped strings: ranks of piece letters and empty counts (long ones
/// too) and the five fields, each sometimes odd.
fn fen_like() -> impl Strategy<Value = String> {
    let rank = vec(
        prop_oneof![
            "[KQRBNPAkqrbnpaxZ]",
            "[0-9]{1,2}",
            "[0-9]{3,12}",
            select(vec!["8", "10", "4294967304", "4294967296"]).prop_map(String::from),
        ],
        0..6,
    )
    .prop_map(|t| t.concat());
    (
        vec(rank, 0..12),
        "[wbx-]{0,2}",
        "[KQkqA-Ja-j-]{0,5}",
        prop_oneof![
            "-",
            "[a-j][0-9]{1,2}",
            "[a-j][0-9]{1,2}(,[a-j][0-9]{1,2}){0,20}",
            "[a-j0-9]{0,12}"
        ],
        "[0-9]{0,11}",
        "[0-9]{0,11}",
        "( x)?",
    )
        .prop_map(|(ranks, side, castling, ep, h, f, extra)| {
            format!("{} {side} {castling} {ep} {h} {f}{extra}", ranks.join("/"))
        })
}

/// En-passant lists: many cells, repeated cells.
fn ep_list() -> impl Strategy<Value = String> {
    vec(
        select(vec!["e3", "e4", "e5", "d3", "e6", "a1", "e2", "j10", "e9"]),
        0..40,
    )
    .prop_map(|v| v.join(","))
}

/// 0: chess, 1: Mirodol, then every shipped game (those two again among them).
fn notation_games() -> impl Strategy<Value = usize> {
    0..shipped().len() + 2
}

fn notation_game(i: usize) -> &'static Game {
    match i {
        0 => chess(),
        1 => mirodol(),
        _ => shipped()[i - 2].game,
    }
}

/// Parses `text` as a position; if that works, the position must be usable
/// without panics: moves, notations, `parse_move` of `mv_text`.
fn exercise_position(game: &'static Game, text: &str, mv_text: &str) {
    let Ok(mut pos) = parse_position(game, text) else {
        return;
    };
    let _ = write_general(&pos);
    let _ = write_fen(&pos);
    let _ = parse_move(&mut pos, mv_text);
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    for &mv in &list {
        let _ = move_to_string(game, mv);
    }
    let _ = pos.result();
}

proptest! {
    #![proptest_config(config(3000))]

    /// `parse_position` and `parse_move` on arbitrary strings (chess and
    /// Mirodol, and every other shipped game).
    #[test]
    fn notation_never_panics_on_arbitrary_text(game in notation_games(), s in "(?s).*", m in "(?s).*") {
        let game = notation_game(game);
        exercise_position(game, &s, &m);
        let mut start = Position::start(game);
        let _ = parse_move(&mut start, &s);
        let _ = parse_move(&mut start, &m);
    }

    /// ... on strings made of notation tokens.
    #[test]
    fn notation_never_panics_on_token_soup(game in notation_games(), s in notation_text(), m in notation_text()) {
        let game = notation_game(game);
        exercise_position(game, &s, &m);
        let mut start = Position::start(game);
        let _ = parse_move(&mut start, &s);
        let _ = parse_move(&mut start, &m);
    }

    /// ... on FEN-shaped strings.
    #[test]
    fn notation_never_panics_on_fen_like_text(game in notation_games(), s in fen_like(), m in notation_text()) {
        let game = notation_game(game);
        exercise_position(game, &s, &m);
    }

    /// ... on mutated valid FEN and general notation of the start position,
    /// and on valid positions with odd en-passant fields.
    #[test]
    fn notation_never_panics_on_mutated_positions(
        game in notation_games(),
        edits in vec(edit(), 0..5),
        general in any::<bool>(),
        ep in ep_list(),
        m in notation_text(),
    ) {
        let game = notation_game(game);
        let start = Position::start(game);
        let text = match write_fen(&start) {
            Some(fen) if !general => fen,
            _ => write_general(&start),
        };
        exercise_position(game, &apply_edits(&text, &edits), &m);
        // The start position after its first passing move (a long pawn
        // move), with a made-up en-passant field.
        let mut after = Position::start(game);
        let mut list = Vec::new();
        after.legal_moves(&mut list);
        let Some(&mv) = list.iter().find(|m| m.kind() == MoveKind::Passing) else {
            return Ok(());
        };
        after.make(mv);
        let victim = game.cell_name(mv.to());
        if let Some(fen) = write_fen(&after) {
            let fields: Vec<&str> = fen.split(' ').collect();
            let odd_fen = format!(
                "{} {} {} {} 0 1",
                fields[0],
                fields[1],
                fields[2],
                if ep.is_empty() { "-" } else { &ep }
            );
            exercise_position(game, &odd_fen, &m);
        }
        let general = write_general(&after);
        let odd_general = format!(
            "{}; ep {} victim {victim}",
            general.split("; ep").next().unwrap(),
            if ep.is_empty() { victim } else { &ep }
        );
        exercise_position(game, &odd_general, &m);
    }
}

// ---------------------------------------------------------------------------
// IR serialisation and the loader

#[test]
fn ir_round_trips_through_json_and_bytes() {
    for s in shipped() {
        let json = s.ir.to_json();
        let back = GameIr::from_json(&json).unwrap_or_else(|e| panic!("{}: {e}", s.rel));
        assert!(back == *s.ir, "{}: JSON round trip differs", s.rel);
        let bytes = s.ir.to_bytes();
        let back = GameIr::from_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", s.rel));
        assert!(back == *s.ir, "{}: binary round trip differs", s.rel);
        // And the result still loads and plays the same.
        let game = Game::load(back).unwrap();
        let mut a = Position::start(&game);
        let mut b = Position::start(s.game);
        assert_eq!(a.perft(2), b.perft(2), "{}", s.rel);
    }
}

/// A compiled IR never loads damaged: every byte of the binary file
/// changed (the header's tag, version and checksum, and a sample of the
/// payload) is a typed refusal, and so is a value changed in the JSON form
/// or its checksum left out; white space in the JSON does not matter. (Of
/// 300 single-byte flips, 59 used to load, 2 with a different perft.)
#[test]
fn ir_files_carry_a_checksum() {
    use runtime::ir::IrFileError;
    let ir = chess_ir();
    let bytes = ir.to_bytes();
    assert!(GameIr::from_bytes(&bytes).is_ok());
    let header = runtime::ir::MAGIC.len() + 9;
    let step = (bytes.len() / 3000).max(1);
    for i in (0..header).chain((header..bytes.len()).step_by(step)) {
        for flip in [0x01u8, 0x80, 0xff] {
            let mut damaged = bytes.clone();
            damaged[i] ^= flip;
            let refused = GameIr::from_bytes(&damaged).expect_err("a damaged IR loads");
            let expected = if i < runtime::ir::MAGIC.len() {
                matches!(refused, IrFileError::NotIr)
            } else if i == runtime::ir::MAGIC.len() {
                matches!(refused, IrFileError::FormatVersion { expected, .. } if expected == FORMAT_VERSION)
            } else {
                matches!(refused, IrFileError::Checksum { .. })
            };
            assert!(expected, "byte {i} ^ {flip:#x}: {refused:?}");
        }
    }
    assert!(matches!(
        GameIr::from_bytes(&bytes[..header - 1]),
        Err(IrFileError::Truncated { .. })
    ));
    assert!(matches!(
        GameIr::from_bytes(&bytes[..bytes.len() - 1]),
        Err(IrFileError::Checksum { .. })
    ));
    // A file of format 7 (no header: its payload's first byte, the
    // version, follows the tag) is told apart.
    let mut old = runtime::ir::MAGIC.to_vec();
    old.push(7);
    old.extend(&bytes[header..]);
    assert!(matches!(
        GameIr::from_bytes(&old),
        Err(IrFileError::FormatVersion { found: 7, expected })
            if expected == FORMAT_VERSION
    ));

    let json = ir.to_json();
    assert!(GameIr::from_json(&json).unwrap() == *ir);
    let compact: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(GameIr::from_json(&compact.to_string()).unwrap() == *ir);
    let edited = json.replacen("\"cell\": 4,", "\"cell\": 5,", 1);
    assert_ne!(edited, json);
    assert!(matches!(
        GameIr::from_json(&edited),
        Err(IrFileError::Checksum { .. })
    ));
    // The refusal never tells the sum the edited file should carry (with
    // it, an edited file was re-sealed in one step: hardening report 3, F1).
    // The sum the edited file should carry: the edited IR sealed anew.
    let edited_ir: GameIr = {
        let mut value: serde_json::Value = serde_json::from_str(&edited).unwrap();
        value.as_object_mut().unwrap().remove("checksum");
        serde_json::from_value(value).unwrap()
    };
    let sealed: serde_json::Value = serde_json::from_str(&edited_ir.to_json()).unwrap();
    let resealed = sealed["checksum"].as_str().unwrap().to_string();
    assert_eq!(GameIr::from_json(&edited_ir.to_json()).unwrap(), edited_ir);
    let message = GameIr::from_json(&edited).unwrap_err().to_string();
    assert!(
        !message.contains(&resealed),
        "the refusal tells the expected checksum: {message}"
    );
    let unsealed = json.replacen("\"checksum\"", "\"checksun\"", 1);
    assert!(matches!(
        GameIr::from_json(&unsealed),
        Err(IrFileError::MissingChecksum)
    ));
}

/// One way of making an IR invalid. `n` picks an element, `k` an offset.
#[derive(Clone, Copy, Debug)]
enum Corruption {
    FormatVersion,
    LeapTarget,
    RayCell,
    MoveSetLeaps,
    MoveSetRays,
    RayRange,
    MoveTableSize,
    PlacementCell,
    PlacementKind,
    PlacementPlayer,
    SideToMove,
    CastlingCell,
    CastlingRightCell,
    PromotionChoice,
    PromotionZone,
    RegionCell,
    OnePlayer,
    NoCells,
    MoveSetHooks,
    MoveSetSwaps,
    HookTarget,
    HookVias,
    HookCell,
    SwapCell,
    ArrivalCell,
    ArrivalKind,
    ArrivalPlayer,
    MarkCell,
    ColourCell,
    InsufficientKind,
    InsufficientRegion,
}

const CORRUPTIONS: [Corruption; 31] = [
    Corruption::FormatVersion,
    Corruption::LeapTarget,
    Corruption::RayCell,
    Corruption::MoveSetLeaps,
    Corruption::MoveSetRays,
    Corruption::RayRange,
    Corruption::MoveTableSize,
    Corruption::PlacementCell,
    Corruption::PlacementKind,
    Corruption::PlacementPlayer,
    Corruption::SideToMove,
    Corruption::CastlingCell,
    Corruption::CastlingRightCell,
    Corruption::PromotionChoice,
    Corruption::PromotionZone,
    Corruption::RegionCell,
    Corruption::OnePlayer,
    Corruption::NoCells,
    Corruption::MoveSetHooks,
    Corruption::MoveSetSwaps,
    Corruption::HookTarget,
    Corruption::HookVias,
    Corruption::HookCell,
    Corruption::SwapCell,
    Corruption::ArrivalCell,
    Corruption::ArrivalKind,
    Corruption::ArrivalPlayer,
    Corruption::MarkCell,
    Corruption::ColourCell,
    Corruption::InsufficientKind,
    Corruption::InsufficientRegion,
];

/// Applies `c`; false if this IR has nothing to corrupt that way.
fn corrupt(ir: &mut GameIr, c: Corruption, n: usize, k: u16) -> bool {
    let cells = ir.cells.len();
    let off_board = (cells + k as usize).min(u16::MAX as usize) as u16;
    let pick = |len: usize| if len == 0 { None } else { Some(n % len) };
    match c {
        Corruption::FormatVersion => {
            ir.format_version = if k as u32 == FORMAT_VERSION {
                0
            } else {
                k as u32
            }
        }
        Corruption::LeapTarget => match pick(ir.leaps.len()) {
            Some(i) => ir.leaps[i].to = off_board,
            None => return false,
        },
        Corruption::RayCell => match pick(ir.ray_cells.len()) {
            Some(i) => ir.ray_cells[i] = off_board,
            None => return false,
        },
        Corruption::MoveSetLeaps => {
            let len = ir.leaps.len() as u32;
            let i = n % ir.moves.len();
            ir.moves[i].leap_len = ir.moves[i].leap_len.max(1);
            ir.moves[i].leap_start = len + k as u32;
        }
        Corruption::MoveSetRays => {
            let len = ir.rays.len() as u32;
            let i = n % ir.moves.len();
            ir.moves[i].ray_len = ir.moves[i].ray_len.max(1);
            ir.moves[i].ray_start = len + k as u32;
        }
        Corruption::RayRange => match pick(ir.rays.len()) {
            Some(i) => ir.rays[i].start = ir.ray_cells.len() as u32 + k as u32,
            None => return false,
        },
        Corruption::MoveTableSize => {
            if k.is_multiple_of(2) {
                ir.moves.pop();
            } else {
                ir.moves.push(Default::default());
            }
        }
        Corruption::PlacementCell => match pick(ir.setup.pieces.len()) {
            Some(i) => ir.setup.pieces[i].cell = off_board,
            None => return false,
        },
        Corruption::PlacementKind => match pick(ir.setup.pieces.len()) {
            Some(i) => ir.setup.pieces[i].kind = (ir.kinds.len() + k as usize).min(255) as u8,
            None => return false,
        },
        Corruption::PlacementPlayer => match pick(ir.setup.pieces.len()) {
            Some(i) => ir.setup.pieces[i].player = (ir.players.len() + k as usize).min(255) as u8,
            None => return false,
        },
        Corruption::SideToMove => ir.setup.to_move = (ir.players.len() + k as usize).min(255) as u8,
        Corruption::CastlingCell => match pick(ir.castlings.len()) {
            Some(i) => {
                let c = &mut ir.castlings[i];
                match k % 6 {
                    0 => c.king_from = off_board,
                    1 => c.king_to = off_board,
                    2 => c.partner_from = off_board,
                    3 => c.partner_to = off_board,
                    4 => c.must_be_empty.push(off_board),
                    _ => c.must_be_safe.push(off_board),
                }
            }
            None => return false,
        },
        Corruption::CastlingRightCell => ir.setup.castling_rights.push(off_board),
        Corruption::PromotionChoice => match pick(ir.promotions.len()) {
            Some(i) => ir.promotions[i]
                .choices
                .push((ir.kinds.len() + k as usize).min(255) as u8),
            None => return false,
        },
        Corruption::PromotionZone => match pick(ir.promotions.len()) {
            Some(i) => ir.promotions[i].zone.push(off_board),
            None => return false,
        },
        Corruption::RegionCell => match pick(ir.regions.len()) {
            Some(i) => ir.regions[i].cells.push(off_board),
            None => return false,
        },
        Corruption::OnePlayer => ir.players.truncate(1),
        Corruption::NoCells => ir.cells.clear(),
        Corruption::MoveSetHooks => {
            let len = ir.hooks.len() as u32;
            let i = n % ir.moves.len();
            ir.moves[i].hook_len = ir.moves[i].hook_len.max(1);
            ir.moves[i].hook_start = len + k as u32;
        }
        Corruption::MoveSetSwaps => {
            let len = ir.swaps.len() as u32;
            let i = n % ir.moves.len();
            ir.moves[i].swap_len = ir.moves[i].swap_len.max(1);
            ir.moves[i].swap_start = len + k as u32;
        }
        Corruption::HookTarget => match pick(ir.hooks.len()) {
            Some(i) => ir.hooks[i].to = off_board,
            None => return false,
        },
        Corruption::HookVias => match pick(ir.hooks.len()) {
            Some(i) => {
                ir.hooks[i].via_len = ir.hooks[i].via_len.max(1);
                ir.hooks[i].via_start = ir.hook_cells.len() as u32 + k as u32;
            }
            None => return false,
        },
        Corruption::HookCell => match pick(ir.hook_cells.len()) {
            Some(i) => ir.hook_cells[i] = off_board,
            None => return false,
        },
        Corruption::SwapCell => match pick(ir.swaps.len()) {
            Some(i) => ir.swaps[i].with = off_board,
            None => return false,
        },
        Corruption::ArrivalCell => match pick(ir.arrivals.len()) {
            Some(i) => {
                if k.is_multiple_of(2) {
                    ir.arrivals[i].trigger.push(off_board)
                } else {
                    ir.arrivals[i].place_cells.push(off_board)
                }
            }
            None => return false,
        },
        Corruption::ArrivalKind => match pick(ir.arrivals.len()) {
            Some(i) => {
                let bad = (ir.kinds.len() + k as usize).min(255) as u8;
                if k.is_multiple_of(2) {
                    ir.arrivals[i].kind = bad
                } else {
                    ir.arrivals[i].place_kind = bad
                }
            }
            None => return false,
        },
        Corruption::ArrivalPlayer => match pick(ir.arrivals.len()) {
            Some(i) => ir.arrivals[i].player = (ir.players.len() + k as usize).min(255) as u8,
            None => return false,
        },
        Corruption::MarkCell => match pick(ir.marks.len()) {
            Some(i) => ir.marks[i].cells.push(off_board),
            None => return false,
        },
        Corruption::ColourCell => match pick(ir.colours.len()) {
            Some(i) => ir.colours[i].cells.push(off_board),
            None => return false,
        },
        Corruption::InsufficientKind => match pick(ir.end.insufficient.len()) {
            Some(i) => ir.end.insufficient[i][k as usize % 2].push(runtime::ir::MaterialPiece {
                kind: (ir.kinds.len() + k as usize).min(255) as u8,
                region: None,
            }),
            None => return false,
        },
        Corruption::InsufficientRegion => match pick(ir.end.insufficient.len()) {
            Some(i) => ir.end.insufficient[i][k as usize % 2].push(runtime::ir::MaterialPiece {
                kind: 0,
                region: Some((ir.regions.len() + k as usize).min(u16::MAX as usize) as u16),
            }),
            None => return false,
        },
    }
    true
}

fn shipped_index() -> impl Strategy<Value = usize> {
    0..shipped().len()
}

proptest! {
    #![proptest_config(config(1500))]

    /// `Game::load` of an IR with one out-of-range index (or a wrong format
    /// version, a wrong table size, ...) returns Err instead of panicking.
    #[test]
    fn loader_rejects_corrupted_ir(
        g in shipped_index(),
        c in select(CORRUPTIONS.to_vec()),
        n in any::<usize>(),
        k in 0u16..400,
    ) {
        // The first game from `g` on that has something to corrupt that way.
        let count = shipped().len();
        let found = (0..count).map(|off| (g + off) % count).find_map(|g| {
            let mut ir = shipped()[g].ir.clone();
            corrupt(&mut ir, c, n, k).then_some((g, ir))
        });
        let Some((g, ir)) = found else {
            return Ok(());
        };
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            Game::load(ir).map(|_| ())
        }));
        match result {
            Err(_) => prop_assert!(false, "{}: Game::load panicked on {:?} (n {}, k {})", shipped()[g].rel, c, n, k),
            Ok(r) => prop_assert!(r.is_err(), "{}: Game::load accepted {:?} (n {}, k {})", shipped()[g].rel, c, n, k),
        }
    }

    /// Random byte changes of the binary IR: decoding returns Ok or Err, a
    /// decoded IR loads or is refused, and a loaded one plays from its start
    /// position, all without panicking.
    #[test]
    fn loader_never_panics_on_damaged_bytes(
        g in shipped_index(),
        flips in vec((any::<usize>(), any::<u8>()), 1..4),
    ) {
        // The payload is damaged and sealed again (a fresh checksum), so
        // the damage reaches the decoder and the loader's validation.
        let bytes = shipped()[g].ir.to_bytes();
        let header = runtime::ir::MAGIC.len() + 9;
        let mut payload = bytes[header..].to_vec();
        for (at, value) in flips {
            let i = at % payload.len();
            payload[i] = value;
        }
        let mut bytes = bytes[..header - 8].to_vec();
        bytes.extend(runtime::ir::checksum(&payload).to_le_bytes());
        bytes.extend(payload);
        if let Ok(ir) = GameIr::from_bytes(&bytes) {
            if let Ok(game) = Game::load(ir) {
                let mut pos = Position::start(&game);
                let mut list = Vec::new();
                pos.legal_moves(&mut list);
                for &mv in list.iter().take(64) {
                    pos.make(mv);
                    pos.unmake(mv);
                }
                let _ = pos.result();
                let _ = write_general(&pos);
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Engine bugs found by the properties above, pinned as minimal cases.

/// `notation_never_panics_on_mutated_positions`: an en-passant field with
/// more than 16 cells (here one cell repeated) makes `set_en_passant` copy
/// 17 cells into its 16-cell array: index-out-of-range panic in parse_fen.
#[test]
fn fen_with_seventeen_en_passant_cells_does_not_panic() {
    let ep = vec!["e3"; 17].join(",");
    let fen = format!("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq {ep} 0 1");
    let _ = parse_position(chess(), &fen);
}

/// The same through the general notation's `ep ... victim ...`.
#[test]
fn general_notation_with_seventeen_en_passant_cells_does_not_panic() {
    let ep = vec!["e3"; 17].join(",");
    let text = format!("white: Ke1 Pe4; black: Ke8; turn black; ep {ep} victim e4");
    let _ = parse_position(chess(), &text);
}

/// `loader_rejects_corrupted_ir` (CastlingRightCell): `setup.castling_rights`
/// is not range-checked, and `rights_keep[cell]` then panics.
#[test]
fn loader_rejects_castling_right_off_the_board() {
    let mut ir = shipped()
        .iter()
        .find(|s| s.rel == "dsl-examples/chess.variant")
        .unwrap()
        .ir
        .clone();
    ir.setup.castling_rights.push(ir.cells.len() as u16);
    assert!(Game::load(ir).is_err());
}

/// Crafted IR that used to load and then crash or miscount (the hardening
/// report's r1-r5, and more players x kinds than piece codes): each is
/// refused with the error that names it.
#[test]
fn loader_names_what_is_wrong_in_crafted_ir() {
    use runtime::game::LoadError;
    let chess = || {
        shipped()
            .iter()
            .find(|s| s.rel == "dsl-examples/chess.variant")
            .unwrap()
            .ir
            .clone()
    };
    let refused = |ir: GameIr| Game::load(ir).err().expect("crafted IR loaded");

    let mut ir = chess();
    let first = ir.setup.pieces[0];
    ir.setup
        .pieces
        .push(runtime::ir::Placement { kind: 1, ..first });
    assert_eq!(refused(ir), LoadError::TwoPlacementsOnOneCell(first.cell));

    let mut ir = chess();
    let ray = ir.rays.iter_mut().find(|r| r.len > 0).unwrap();
    ray.first_landing = ray.len as u8;
    assert!(matches!(refused(ir), LoadError::FirstLandingPastEnd { .. }));

    let mut ir = chess();
    ir.castlings[0].partner_to = ir.castlings[0].king_to;
    assert_eq!(refused(ir), LoadError::CastlingCellsClash);

    // Names: one per cell and player, a cell's of bounded length
    // (hardening report 3: every cell named `a1`, a 100,000-byte name and
    // two players of one name all loaded).
    let mut ir = chess();
    for c in &mut ir.cells {
        c.name = "a1".to_string();
    }
    assert!(matches!(refused(ir), LoadError::DuplicateCellName { .. }));
    let mut ir = chess();
    ir.cells[7].name = "x".repeat(100_000);
    assert_eq!(refused(ir), LoadError::CellNameLength { cell: 7 });
    let mut ir = chess();
    ir.cells[3].name.clear();
    assert_eq!(refused(ir), LoadError::CellNameLength { cell: 3 });
    let mut ir = chess();
    ir.players[1].name = ir.players[0].name.clone();
    assert_eq!(refused(ir), LoadError::DuplicatePlayerName { player: 1 });

    // A castling whose partner lands on a cell it neither clears nor
    // vacates (the black King's, e8) would put a piece over another; so
    // would one that requires no cell empty (the king lands on the g1
    // Knight). Both are refused (hardening report 3, F1: a segfault).
    let mut ir = chess();
    let e8 = ir.cells.iter().position(|c| c.name == "e8").unwrap() as u16;
    ir.castlings[0].partner_to = e8;
    assert_eq!(
        refused(ir),
        LoadError::CastlingLandsOnAPiece { castling: 0 }
    );
    let mut ir = chess();
    for c in &mut ir.castlings {
        c.must_be_empty.clear();
    }
    assert!(matches!(
        refused(ir),
        LoadError::CastlingLandsOnAPiece { .. }
    ));

    let mut ir = chess();
    ir.moves[0].swap_start = ir.swaps.len() as u32;
    ir.moves[0].swap_len = 1;
    ir.swaps.push(runtime::ir::Swap {
        with: 0,
        partner_kinds: u128::MAX,
    });
    assert_eq!(refused(ir), LoadError::SwapWithItself { cell: 0 });

    let mut ir = chess();
    ir.cells[3].coord = (5000, 0);
    assert_eq!(refused(ir), LoadError::CoordinateRange { cell: 3 });

    let mut ir = chess();
    let kinds = ir.kinds.len();
    while runtime::codes::codes_needed(ir.players.len(), kinds) <= runtime::codes::MAX_CODES {
        let mut extra = ir.players[0].clone();
        extra.name = format!("p{}", ir.players.len());
        ir.players.push(extra);
    }
    let players = ir.players.len();
    assert_eq!(refused(ir), LoadError::TooManyCodes { players, kinds });

    let mut ir = chess();
    let regions = ir.regions.len() as u16;
    ir.end.insufficient[0][1].push(runtime::ir::MaterialPiece {
        kind: 0,
        region: Some(regions),
    });
    assert_eq!(
        refused(ir),
        LoadError::InsufficientRegion { region: regions }
    );

    let mut ir = chess();
    let kinds = ir.kinds.len() as u8;
    ir.end.insufficient[0][0].push(runtime::ir::MaterialPiece {
        kind: kinds,
        region: None,
    });
    assert_eq!(refused(ir), LoadError::InsufficientKind { kind: kinds });

    // The drawing hints: a geometry the size of no game, file labels that
    // do not match it, a board cell outside it.
    let resize = |width: u16, height: u16| {
        let mut ir = chess();
        if let Geometry::Square {
            width: w,
            height: h,
            ..
        } = &mut ir.geometry
        {
            (*w, *h) = (width, height);
        }
        ir
    };
    assert_eq!(
        refused(resize(65535, 65535)),
        LoadError::GeometrySize {
            width: 65535,
            height: 65535
        }
    );
    assert!(matches!(
        refused(resize(0, 8)),
        LoadError::GeometrySize { .. }
    ));
    assert_eq!(
        refused(resize(9, 8)),
        LoadError::FileLabels {
            labels: 8,
            width: 9
        }
    );
    let mut ir = chess();
    ir.cells[5].coord = (8, 0);
    assert_eq!(refused(ir), LoadError::CellOutsideGeometry { cell: 5 });
    // A position keeps one lasting passing per player, for 16 players.
    let mut ir = chess();
    ir.en_passant_until_owner_moves = true;
    while ir.players.len() <= runtime::position::MAX_LASTING_PASSINGS {
        let mut extra = ir.players[0].clone();
        extra.name = format!("p{}", ir.players.len());
        ir.players.push(extra);
    }
    let players = ir.players.len();
    assert_eq!(
        refused(ir),
        LoadError::TooManyPlayersForLastingPassings { players }
    );
}

/// The screen layout has at most `MAX_GAP` empty rows or columns between
/// used ones, so a cell far from the others (a side cell at the coordinate
/// limit, or a hex cell there) costs a few columns, not 4,096: drawing works
/// in proportion to the cells. The shipped boards keep their dense layout.
#[test]
fn layouts_are_bounded_by_the_cells() {
    use runtime::layout::{Layout, MAX_GAP};
    for s in shipped() {
        let layout = Layout::of(s.ir);
        let cells = s.ir.cells.len();
        assert!(layout.rows * layout.cols <= (MAX_GAP + 1) * (MAX_GAP + 1) * cells * cells);
        for (cell, &(row, col)) in layout.place.iter().enumerate() {
            assert_eq!(layout.cell_at(row, col), Some(cell), "{}", s.rel);
        }
    }
    let mut ir = chess_ir().clone();
    ir.cells[0].coord = (4096, -4096);
    ir.cells[0].side = true;
    let layout = Layout::of(&ir);
    assert_eq!(
        (layout.rows, layout.cols),
        (8 + MAX_GAP + 1, 8 + MAX_GAP + 1)
    );
    let glinski = shipped()
        .iter()
        .find(|s| s.rel == "dsl-examples/glinski.variant")
        .unwrap();
    let mut ir = glinski.ir.clone();
    let dense = Layout::of(&ir);
    ir.cells[0].coord = (4096, -4096);
    let far = Layout::of(&ir);
    assert!(far.rows <= dense.rows + MAX_GAP + 1, "{} rows", far.rows);
    assert!(far.cols <= dense.cols + MAX_GAP + 1, "{} cols", far.cols);
}

/// `playouts_keep_every_invariant` (FEN round trip in Mirodol): black pawns
/// on d7 and d6, en passant on d8 (the d7 pawn came from d9, passing d8).
/// parse_fen takes the first piece of the mover whose passing ride goes over
/// d8 as the victim — the d6 pawn (a ride d9-d8-d7-d6 passes d8 too) — so
/// the ep capture c7xd8 removes the d6 pawn and leaves d7. The victim must be
/// the piece for which the ep cells are exactly the cells passed (d7).
#[test]
fn fen_en_passant_victim_is_the_pawn_that_passed_exactly_those_cells() {
    let game = mirodol();
    let mut pos = parse_position(game, "4k5/10/10/2Pp6/3p6/10/10/10/10/4K5 w - d8 0 1").unwrap();
    assert_eq!(
        pos.en_passant_records()[0].victim as usize,
        game.cell("d7").unwrap(),
        "{pos:?}"
    );
    let mv = parse_move(&mut pos, "c7d8").unwrap();
    pos.make(mv);
    assert_eq!(
        write_fen(&pos).unwrap(),
        "4k5/10/3P6/10/3p6/10/10/10/10/4K5 b - - 0 1"
    );
}

/// `repetition_counts_match_a_naive_count`: since the hash includes the
/// "unmoved" set for every piece, a knight that went g1-f3-g1 makes the
/// position differ from the start for repetition, in games where no move
/// depends on having moved (FIDE, and mirodol.md: "same placement, side to
/// move, castling and en-passant rights"). Ng1-f3-g1 Ng8-f6-g8 twice: the
/// start position has occurred three times, so chess ends in a draw.
#[test]
fn knight_shuffle_repeats_the_start_position_three_times() {
    for (game, moves) in [
        (chess(), "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8"),
        (mirodol(), "h1i3 h10i8 i3h1 i8h10 h1i3 h10i8 i3h1 i8h10"),
    ] {
        let mut pos = Position::start(game);
        let start_hash = pos.hash();
        play(&mut pos, moves);
        assert_eq!(pos.hash(), start_hash, "{}: {moves}", game.ir().name);
        assert_eq!(pos.repetitions(), 3, "{}: {moves}", game.ir().name);
        assert_eq!(
            pos.result().map(|r| r.end),
            Some(runtime::GameEnd::Repetition),
            "{}: {moves}",
            game.ir().name
        );
    }
}

fn play(pos: &mut Position, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = parse_move(pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.make(mv);
    }
}

/// `notation_never_panics_on_fen_like_text` (in a debug build: "attempt to
/// multiply with overflow" at the empty-count loop of parse_fen): an empty
/// count of 2^32 + 8 overflows the u32 accumulator. In release builds it
/// silently wraps to 8, so this nonsense FEN is accepted as an empty rank.
#[test]
fn fen_empty_count_beyond_u32_is_refused() {
    let fen = "4294967304/8/8/8/8/8/8/8 w - - 0 1";
    assert!(parse_position(chess(), fen).is_err(), "{fen} accepted");
}

/// The links of every Cosmic board, each board kind once or more (squares
/// with holes, both hexagon orientations, triangles, a round board): Kings step to every
/// edge and vertex neighbour and Rooks ride every edge line, so on every
/// cell a King's step from a to b has one back from b to a, and every Rook
/// ride visits distinct cells, never its start, and is walked back by a
/// ride from its far end. Fails if a topology links cells one way only or
/// lets a line turn back on itself.
#[test]
fn cosmic_board_links_go_both_ways_and_rides_never_repeat_a_cell() {
    let mut kinds_seen = BTreeSet::new();
    for s in shipped()
        .iter()
        .filter(|s| s.rel.starts_with("stdlib/cosmic/"))
    {
        let ir = s.ir;
        let kind = |name: &str| ir.kinds.iter().position(|k| k.name == name);
        let (Some(king), Some(rook)) = (kind("King"), kind("Rook")) else {
            continue;
        };
        kinds_seen.insert(format!("{:?}", std::mem::discriminant(&ir.geometry)));
        let n = ir.cells.len();
        let set = |k: usize, c: usize| ir.moves[k * n + c];
        let on_board: Vec<usize> = (0..n).filter(|&c| !ir.cells[c].side).collect();
        let mut steps = BTreeSet::new();
        for &c in &on_board {
            let m = set(king, c);
            for leap in &ir.leaps[m.leap_start as usize..][..m.leap_len as usize] {
                steps.insert((c, leap.to as usize));
            }
        }
        assert!(!steps.is_empty(), "{}: the King never moves", s.rel);
        for &(a, b) in &steps {
            assert!(
                steps.contains(&(b, a)),
                "{}: a King steps {} -> {} but not back",
                s.rel,
                ir.cells[a].name,
                ir.cells[b].name
            );
        }
        let rides = |c: usize| -> Vec<Vec<usize>> {
            let m = set(rook, c);
            ir.rays[m.ray_start as usize..][..m.ray_len as usize]
                .iter()
                .map(|r| {
                    ir.ray_cells[r.start as usize..][..r.len as usize]
                        .iter()
                        .map(|&x| x as usize)
                        .collect()
                })
                .collect()
        };
        for &c in &on_board {
            for ride in rides(c) {
                let name = |x: &usize| ir.cells[*x].name.clone();
                let shown: Vec<String> = ride.iter().map(name).collect();
                let distinct: HashSet<usize> = ride.iter().copied().collect();
                assert!(
                    distinct.len() == ride.len() && !distinct.contains(&c),
                    "{}: the ride from {} visits a cell twice: {shown:?}",
                    s.rel,
                    ir.cells[c].name
                );
                let far = *ride.last().unwrap();
                let mut back: Vec<usize> = ride[..ride.len() - 1].iter().rev().copied().collect();
                back.push(c);
                assert!(
                    rides(far).iter().any(|r| r.starts_with(&back)),
                    "{}: no ride from {} walks back {shown:?} to {}",
                    s.rel,
                    ir.cells[far].name,
                    ir.cells[c].name
                );
            }
        }
    }
    assert_eq!(
        kinds_seen.len(),
        4,
        "square, hex, triangle and round boards: {kinds_seen:?}"
    );
}
