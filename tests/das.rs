//! Das chess (`stdlib/das.variant`): hand-checked positions for each
//! mechanism, and make/unmake/hash invariants in positions with stacks. The
//! engine against the independent reference generator is
//! tests/das_reference.rs.
//!
//! Rules: the rules digest `shared/rules/das.md` beside the repository
//! (`../shared/rules/das.md`). Geometry reminders: files a..j, ranks
//! 1..10, a1 dark, so a cell is light when (file index + rank index) is odd:
//! b1 d1 f1 h1 j1 are light, b10 d10 f10 h10 j10 dark. The side file r
//! (r1..r10) lies right of j. Positions use the general notation; pieces on
//! their setup cells count as unmoved (a King on f1 / f10 may castle).
//!
//! Run with `cargo test --release --test das`.

#[path = "support/games.rs"]
mod games;
use runtime::game::EMPTY;
use runtime::notation::{move_to_string, parse_move, parse_position, play_record, write_general};
use runtime::{position::Move, GameEnd};
use runtime::{Game, Position};
use std::collections::BTreeSet;
use std::sync::OnceLock;
#[path = "support/das_random.rs"]
mod das_random;
use das_random::{env_or, pick, xorshift};

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

fn moves(p: &mut Position) -> BTreeSet<String> {
    engine_moves(p)
        .into_iter()
        .map(|m| move_to_string(game(), m))
        .collect()
}

/// The legal moves starting on `cell` (so `e1` does not match `e10e9`).
fn moves_from(p: &mut Position, cell: &str) -> BTreeSet<String> {
    moves(p)
        .into_iter()
        .filter(|m| {
            m.starts_with(cell) && !m[cell.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect()
}

fn from(text: &str, cell: &str) -> BTreeSet<String> {
    moves_from(&mut pos(text), cell)
}

fn castlings(p: &mut Position) -> BTreeSet<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with('0'))
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// Plays a record (moves, each optionally followed by `+name` / `-name`).
fn play(p: &mut Position, line: &str) {
    play_record(p, line).unwrap_or_else(|(i, e)| panic!("{line}: move {i}: {e}"));
}

fn after(text: &str, line: &str) -> Position<'static> {
    let mut p = pos(text);
    play(&mut p, line);
    p
}

/// What stands on `cell`: `-`, `white K`, or for a stack
/// `white N(S:black)` (the stack's owner — its cargo's — then the cargo's
/// letter and the carrier's letter and colour).
fn at(p: &Position, cell: &str) -> String {
    let g = game();
    let c = g.cell(cell).unwrap_or_else(|| panic!("no cell {cell}"));
    let code = p.board()[c];
    if code == EMPTY {
        return "-".into();
    }
    let letter = |code: u8| g.ir().kinds[g.kind_of(code)].letter;
    let player = |code: u8| g.ir().players[g.owner_of(code)].name.clone();
    let (carrier, cargo) = g.stack_parts(code);
    if carrier == EMPTY {
        format!("{} {}", player(code), letter(code))
    } else {
        assert_eq!(
            player(code),
            player(cargo),
            "a stack belongs to its cargo's owner"
        );
        format!(
            "{} {}({}:{})",
            player(code),
            letter(cargo),
            letter(carrier),
            player(carrier)
        )
    }
}

/// The piece list of `player` in the general notation of `p`.
fn pieces_of(p: &Position, player: &str) -> Vec<String> {
    let text = write_general(p);
    let part = text
        .split(';')
        .map(str::trim)
        .find_map(|part| part.strip_prefix(&format!("{player}:")))
        .unwrap_or_else(|| panic!("no {player} list in {text}"));
    part.split_whitespace().map(str::to_string).collect()
}

// ---------------------------------------------------------------------------
// 1. Hand-checked positions
// ---------------------------------------------------------------------------

/// The Centurion on r1 = (10, 0): its king-distance-2 ring cells on the
/// board are (8,0) i1, (8,1) i2, (8,2) i3 (the (2,2) leap) and (9,2) j3
/// (the knight leap (-1,2)); every other ring cell is off the board or on
/// the r-file itself (r3 = (10,2) by the (0,2) leap), and no move ends on r.
#[test]
fn centurion_enters_from_r1() {
    let free = from("white: Kf1 Cr1; black: Kf10", "r1");
    assert_eq!(free, set(&["r1i1", "r1i2", "r1i3", "r1j3"]));
    // A Black Knight on i2 is captured; an own pawn on j3 blocks j3.
    let mut p = pos("white: Kf1 Cr1 Pj3; black: Kf10 Ni2");
    assert_eq!(moves_from(&mut p, "r1"), set(&["r1i1", "r1i2", "r1i3"]));
    play(&mut p, "r1i2");
    assert_eq!(at(&p, "i2"), "white C");
    assert_eq!(at(&p, "r1"), "-");
    // The Centurion on r1 attacks its entry cells (it may give check): a
    // Black King on i3 is in check, and of its steps h2 h3 h4 i2 i4 j2 j3
    // j4, i2 and j3 are attacked by the Centurion (the White King f1 is far).
    let mut p = pos("white: Kf1 Cr1; black: Ki3; turn black");
    assert!(p.in_check());
    assert_eq!(
        moves_from(&mut p, "i3"),
        set(&["i3h2", "i3h3", "i3h4", "i3i4", "i3j2", "i3j4"])
    );
    // Nothing lands on the r-file: a Black Knight on i2 = (8,1) would reach
    // r1 (+2,-1) and r3 (+2,+1), leaving g1 g3 h4 j4; an Amazon on h5 would
    // reach r5 (+3,0). The Centurion on r1 is never captured.
    let mut p = pos("white: Kf1 Cr1; black: Kf10 Ni2 Ah5; turn black");
    assert_eq!(
        moves_from(&mut p, "i2"),
        set(&["i2g1", "i2g3", "i2h4", "i2j4"])
    );
    assert_no_side_landing(&mut p);
    assert!(!moves_from(&mut p, "h5")
        .iter()
        .any(|m| m.starts_with("h5r")));
    // A Rook on j2 slides j1, j3..j10, i2..a2 (18), never onto r2.
    let mut p = pos("white: Kf1 Cr1; black: Kf10 Rj2; turn black");
    assert_eq!(moves_from(&mut p, "j2").len(), 18);
    assert_no_side_landing(&mut p);
}

fn assert_no_side_landing(p: &mut Position) {
    for m in engine_moves(p) {
        assert!(
            !game().ir().cells[m.to()].side,
            "{} lands on the r-file",
            move_to_string(game(), m)
        );
    }
}

/// Elva b1, White King j1; Black: Rook h3 (rank 3 and the h-file), Knight
/// e4 (f6 g5 g3 f2 d2 c3 c5 d6), pawn b5 (a4 c4), King j10.
/// Queen rays from b1: b2 b3 b4 (b5 enemy: no capture), c1..i1 (j1 own
/// King), a1, c2 d3 (e4 enemy: no capture), a2. Valkyrie rays: c3 d5 e7 f9;
/// a3; d2 f3 h4 j5. Refused as attacked after the move: b3 d3 c3 a3 f3
/// (rank 3), h1 h4 (h-file), d2 (Knight). 15 moves remain, each `...p`.
#[test]
fn elva_first_move() {
    let text = "white: Eb1 Kj1; black: Rh3 Ne4 Pb5 Kj10";
    let got = from(text, "b1");
    assert_eq!(
        got,
        set(&[
            "b1b2p", "b1b4p", "b1c1p", "b1d1p", "b1e1p", "b1f1p", "b1g1p", "b1i1p", "b1a1p",
            "b1c2p", "b1a2p", "b1d5p", "b1e7p", "b1f9p", "b1j5p",
        ])
    );
    // Attacked targets and captures are refused.
    for refused in [
        "b1b3p", "b1h1p", "b1d2p", "b1c3p", "b1b5p", "b1e4p", "b1b5", "b1e4",
    ] {
        assert!(!got.contains(refused), "{refused}");
    }
    // It becomes a moved Pawn: from b2 (a pawn's start cell) one step only.
    let mut p = after(text, "b1b2p j10i10");
    assert_eq!(at(&p, "b2"), "white P");
    assert_eq!(moves_from(&mut p, "b2"), set(&["b2b3"]));
    // The round trip through the notation keeps it a moved pawn.
    let mut q = pos(&write_general(&p));
    assert_eq!(moves_from(&mut q, "b2"), set(&["b2b3"]));
    // An unmoved Elva attacks nothing: a Black King beside it is not in check.
    assert!(!pos("white: Eb1 Kj1; black: Kc2; turn black").in_check());
}

/// Unmoved Hoplite i1, White King f1; Black pawn h2 (attacks g1 and i1),
/// King f10 (attacks e9 e10 f9 g9 g10). Queen rays: h1, g1 (attacked,
/// refused), f1 own King; i2..i10 (9); j1; j2; h2 enemy: no capture.
/// Valkyrie rays: h3 g5 f7 (e9 attacked); j3 (next would be r5); g2 e3 c4
/// a5; (2,1) would land on r2. 20 moves, each `...h`.
#[test]
fn hoplite_first_move() {
    let text = "white: Ii1 Kf1; black: Ph2 Kf10";
    let got = from(text, "i1");
    let mut expected = set(&[
        "i1h1h", "i1j1h", "i1j2h", "i1h3h", "i1g5h", "i1f7h", "i1j3h", "i1g2h", "i1e3h", "i1c4h",
        "i1a5h",
    ]);
    for r in 2..=10 {
        expected.insert(format!("i1i{r}h"));
    }
    assert_eq!(got, expected);
    assert!(!got.contains("i1g1h") && !got.contains("i1e9h") && !got.contains("i1h2h"));
    // Now an ordinary Hoplite on g5 (Black King moved to e10): orthogonal
    // slides without capture g6..g10 (5), g4..g1 (4), a5..f5 (6), h5 i5 j5
    // (3); diagonals h6 i7 j8 (3), f6 e7 d8 c9 b10 (5), f4 e3 d2 c1 (4), h4
    // i3 j2 (3): 33, none with a suffix.
    let mut p = after(text, "i1g5h f10e10");
    assert_eq!(at(&p, "g5"), "white H");
    let g5 = moves_from(&mut p, "g5");
    assert_eq!(g5.len(), 33, "{g5:?}");
    assert!(g5.iter().all(|m| !m.ends_with('h')));
    // It captures diagonally: a Black Knight d8 on its up-left diagonal
    // (the Knight attacks f7, so i1f7h would now be refused; g5 is safe).
    let mut p = after("white: Ii1 Kf1; black: Ph2 Kf10 Nd8", "i1g5h f10e10");
    let g5 = moves_from(&mut p, "g5");
    assert!(g5.contains("g5d8") && !g5.contains("g5c9"));
    // An ordinary Hoplite attacks diagonally only; the unmoved one not at all.
    assert!(pos("white: He5 Ka2; black: Kf6; turn black").in_check());
    assert!(!pos("white: He5 Ka2; black: Ke7; turn black").in_check());
    assert!(!pos("white: Ie5 Ka2; black: Kf6; turn black").in_check());
}

/// Loading both ways. White Knight e4 leaps onto its own Ship c5 (the
/// Knight becomes a Descent, the Ship a Trooper): only `e4c5/board`, never a
/// capture of an own piece. The single Ship c5 rides up onto its own Knight
/// c8 (c6 c7 empty): `c5c8/board`.
#[test]
fn loading_both_ways() {
    let text = "white: Kj1 Ne4 Sc5 Nc8; black: Kj10";
    let mut p = pos(text);
    let e4 = moves_from(&mut p, "e4");
    assert!(e4.contains("e4c5/board") && !e4.contains("e4c5"), "{e4:?}");
    let c5 = moves_from(&mut p, "c5");
    assert!(c5.contains("c5c8/board") && !c5.contains("c5c8"), "{c5:?}");
    assert!(!c5.contains("c5c9") && c5.contains("c5c7"));
    let q = after(text, "e4c5/board");
    assert_eq!(at(&q, "c5"), "white N(S:white)");
    assert_eq!(at(&q, "e4"), "-");
    assert!(pieces_of(&q, "white").contains(&"N(S)c5".to_string()));
    let q = after(text, "c5c8/board");
    assert_eq!(at(&q, "c8"), "white N(S:white)");
    assert_eq!(at(&q, "c5"), "-");
    // A Trooper never takes a second Minor, and a Ship never joins a Ship:
    // Knight b6 cannot jump onto the Trooper c8, nor Ship c1 ride onto it.
    let mut p = pos("white: Kj1 N(S)c8 Nb6 Sc1 Sa8; black: Kj10");
    let all = moves(&mut p);
    assert!(!all.iter().any(|m| m.starts_with("b6c8")), "{all:?}");
    assert!(!all.iter().any(|m| m.starts_with("c1c8")));
    // The Ship a8 stops at b8 (the Trooper c8 is its own); the Trooper's
    // whole moves stop at b8 too, but its Descent may board the single Ship a8.
    assert!(!all.contains("a8c8") && !all.contains("c8a8") && all.contains("a8b8"));
    assert!(all.contains("c8a8/cargo/board"), "{all:?}");
}

/// Landing. White Trooper e5 (Knight aboard a White Ship); a White single
/// Ship e8, a Black single Ship b5, a Black pawn d6. The Descent slides
/// orthogonally without capture: e6 e7 then boards the single Ship e8
/// (`/cargo/board`); e4..e1; d5 c5 then boards the Black Ship b5; f5..j5.
/// Diagonally it only captures: d6 (`e5d6/cargo`), not the empty f6 d4 f4.
/// The whole stack moves like a Ship: e6 e7, e4..e1, d5 c5 b5 (capturing
/// the Black Ship, never boarding: the stack already has its Minor), f5..j5.
#[test]
fn landing_both_ways() {
    let text = "white: Kj1 N(S)e5 Se8; black: Kj10 Pd6 Sb5";
    let got = from(text, "e5");
    let mut expected = set(&["e5e8/cargo/board", "e5b5/cargo/board", "e5d6/cargo"]);
    for t in [
        "e6", "e7", "e4", "e3", "e2", "e1", "d5", "c5", "f5", "g5", "h5", "i5", "j5",
    ] {
        expected.insert(format!("e5{t}/cargo"));
        expected.insert(format!("e5{t}"));
    }
    expected.insert("e5b5".into());
    assert_eq!(got, expected);
    // Sliding off: the Knight lands as an ordinary Knight, the Ship stays.
    let q = after(text, "e5e7/cargo");
    assert_eq!(at(&q, "e7"), "white N");
    assert_eq!(at(&q, "e5"), "white S");
    // Capturing diagonally.
    let q = after(text, "e5d6/cargo");
    assert_eq!(at(&q, "d6"), "white N");
    assert_eq!(at(&q, "e5"), "white S");
    // Boarding its own single Ship: a Trooper on e8, a single Ship left on e5.
    let q = after(text, "e5e8/cargo/board");
    assert_eq!(at(&q, "e8"), "white N(S:white)");
    assert_eq!(at(&q, "e5"), "white S");
    // Boarding the Black Ship: a White Frigate.
    let q = after(text, "e5b5/cargo/board");
    assert_eq!(at(&q, "b5"), "white N(S:black)");
    assert!(pieces_of(&q, "white").contains(&"N(S:black)b5".to_string()));
    // The stack capturing the Black Ship whole.
    let q = after(text, "e5b5");
    assert_eq!(at(&q, "b5"), "white N(S:white)");
    assert_eq!(at(&q, "e5"), "-");
}

/// Boarding an enemy Ship: the White Knight c3 landing on the single Black
/// Ship d5 has two moves, capture (`c3d5`) or board (`c3d5/board`). After
/// boarding, the Black Ship carries a White Pirate: the Frigate is White's
/// (Black has no move from d5), it moves for White like a Ship; when the
/// Pirate leaves, the Ship reverts to Black.
#[test]
fn boarding_an_enemy_ship_and_the_frigate_changes_hands() {
    let text = "white: Kj1 Nc3; black: Kj10 Sd5";
    let got = from(text, "c3");
    assert!(
        got.contains("c3d5") && got.contains("c3d5/board"),
        "{got:?}"
    );
    let q = after(text, "c3d5");
    assert_eq!(at(&q, "d5"), "white N");
    let mut q = after(text, "c3d5/board");
    assert_eq!(at(&q, "d5"), "white N(S:black)");
    assert!(pieces_of(&q, "white").contains(&"N(S:black)d5".to_string()));
    assert!(!pieces_of(&q, "black").iter().any(|t| t.ends_with("d5")));
    assert!(
        moves_from(&mut q, "d5").is_empty(),
        "Black does not move the Frigate"
    );
    play(&mut q, "j10i10");
    // White's Frigate: whole moves along the d-file and rank 5 (d1..d4,
    // d6..d10, a5..c5, e5..j5: 4 + 5 + 3 + 6 = 18) and the Pirate's 18
    // cargo slides; no diagonal captures (nothing there).
    let d5 = moves_from(&mut q, "d5");
    assert_eq!(d5.len(), 36, "{d5:?}");
    assert!(d5.contains("d5d10") && d5.contains("d5j5") && d5.contains("d5d1/cargo"));
    // The whole Frigate moves: the Black Ship goes along, still White's.
    let mut r = q.clone();
    play(&mut r, "d5d9");
    assert_eq!(at(&r, "d9"), "white N(S:black)");
    // The Pirate leaves: the Ship reverts to Black and Black may move it.
    play(&mut q, "d5d8/cargo");
    assert_eq!(at(&q, "d5"), "black S");
    assert_eq!(at(&q, "d8"), "white N");
    let d5 = moves_from(&mut q, "d5");
    assert!(d5.contains("d5d1") && d5.contains("d5d8"), "{d5:?}");
    // The reverted Black Ship meets the single White Knight d8: capture or
    // take it aboard (which makes the stack White's again: legal, if odd).
    assert!(d5.contains("d5d8/board"), "{d5:?}");
}

/// A Ship taking an enemy Minor aboard (instead of capturing it): the
/// White Ship a5 reaches the Black Knight e5: `a5e5` or `a5e5/board`, and
/// the stack formed (a Black Knight on a White Ship) is Black's.
/// Capturing a stack captures both pieces; an enemy stack is never boarded.
#[test]
fn ship_takes_an_enemy_minor_aboard_and_stacks_are_captured_whole() {
    let text = "white: Kj1 Sa5; black: Kj10 Ne5";
    let got = from(text, "a5");
    assert!(
        got.contains("a5e5") && got.contains("a5e5/board"),
        "{got:?}"
    );
    assert!(!got.contains("a5f5"));
    let mut q = after(text, "a5e5/board");
    assert_eq!(at(&q, "e5"), "black N(S:white)");
    assert!(pieces_of(&q, "black").contains(&"N(S:white)e5".to_string()));
    assert!(!pieces_of(&q, "white").iter().any(|t| t.ends_with("e5")));
    // Black to move owns the Frigate: it moves whole or the Pirate leaves.
    let e5 = moves_from(&mut q, "e5");
    assert!(e5.contains("e5e1") && e5.contains("e5e1/cargo"), "{e5:?}");
    // The White Ship left behind reverts to White.
    play(&mut q, "e5e9/cargo");
    assert_eq!(at(&q, "e5"), "white S");
    // Capturing a stack whole: the Rook b5 takes the Black Trooper e5.
    let text = "white: Kj1 Rb5; black: Kj10 A(S)e5";
    let b5 = from(text, "b5");
    assert!(b5.contains("b5e5") && !b5.contains("b5e5/board") && !b5.contains("b5f5"));
    // A Knight or a single Ship reaching the enemy stack captures it; it
    // may not board it (the stack has its Ship and its Minor).
    let knight = moves_from(&mut pos("white: Kj1 Nd3; black: Kj10 A(S)e5"), "d3");
    assert!(
        knight.contains("d3e5") && !knight.contains("d3e5/board"),
        "{knight:?}"
    );
    let ship = moves_from(&mut pos("white: Kj1 Se1; black: Kj10 A(S)e5"), "e1");
    assert!(
        ship.contains("e1e5") && !ship.contains("e1e5/board"),
        "{ship:?}"
    );
    let q = after(text, "b5e5");
    assert_eq!(at(&q, "e5"), "white R");
    assert!(pieces_of(&q, "black") == vec!["Kj10".to_string()]);
}

/// The text's spelling by partner (`KR`, `KS`, `KT`, `KF`): shown beside the
/// zeros and read as input, one castling per move whatever the partner.
#[test]
fn castlings_are_spelled_by_their_partner() {
    let spelled = |text: &str| -> BTreeSet<String> {
        let mut p = pos(text);
        engine_moves(&mut p)
            .into_iter()
            .filter(|m| m.kind() == runtime::MoveKind::Castle)
            .map(|m| {
                let aliases = runtime::notation::move_aliases(game(), m);
                format!("{} {}", move_to_string(game(), m), aliases.join(" "))
            })
            .collect()
    };
    // A Rook on j1, a Trooper (the Amazon aboard White's own Ship) on a1.
    assert_eq!(
        spelled("white: Kf1 Rj1 A(S)a1; black: Kf10"),
        set(&["0-0 KR", "0-0-0 KT"])
    );
    // A Ship on j1, a Frigate (White's Amazon aboard Black's Ship) on a1.
    assert_eq!(
        spelled("white: Kf1 Sj1 A(S:black)a1; black: Kf10"),
        set(&["0-0 KS", "0-0-0 KF"])
    );
    // Black's Frigate is White's Ship carrying a Black Minor.
    assert_eq!(
        spelled("white: Kf1; black: Kf10 Rj10 N(S:white)a10; turn black"),
        set(&["0-0 KR", "0-0-0 KF"])
    );
    // Read as input: `KT` is the castling with the Trooper.
    let mut p = pos("white: Kf1 Rj1 A(S)a1; black: Kf10");
    let mv = parse_move(&mut p, "KT").unwrap();
    assert_eq!(move_to_string(game(), mv), "0-0-0");
    assert!(parse_move(&mut p, "KS").is_err(), "no Ship partner here");
}

/// Castling, White: King f1 (light, unmoved), Rook j1, Trooper a1.
/// `0-0`: f1->h1, Rook -> g1. `0-0-0`: f1->b1, Trooper -> c1. Castling keeps
/// the right: from h1 with the a1 partner or from b1 with the j1 partner,
/// `0-0-0-0` (light cells h1 f1 d1 b1 on the path).
#[test]
fn white_castlings_and_the_right_kept() {
    let text = "white: Kf1 Rj1 A(S)a1; black: Kf10";
    let mut p = pos(text);
    assert_eq!(castlings(&mut p), set(&["0-0", "0-0-0"]));
    // 0-0, then the Rook leaves g1 and the King castles again h1 -> b1.
    let mut q = after(text, "0-0");
    assert_eq!(at(&q, "h1"), "white K");
    assert_eq!(at(&q, "g1"), "white R");
    assert_eq!(at(&q, "f1"), "-");
    assert_eq!(at(&q, "j1"), "-");
    play(&mut q, "f10e10");
    assert!(castlings(&mut q).is_empty(), "g1 is occupied");
    play(&mut q, "g1g5 e10f10");
    assert_eq!(castlings(&mut q), set(&["0-0-0-0"]));
    // The right survives the notation round trip.
    assert_eq!(castlings(&mut pos(&write_general(&q))), set(&["0-0-0-0"]));
    play(&mut q, "0-0-0-0");
    assert_eq!(at(&q, "b1"), "white K");
    assert_eq!(at(&q, "c1"), "white A(S:white)");
    assert_eq!(at(&q, "a1"), "-");
    assert_eq!(at(&q, "h1"), "-");
    // 0-0-0 with the Trooper as partner, then b1 -> h1.
    let mut q = after(text, "0-0-0");
    assert_eq!(at(&q, "b1"), "white K");
    assert_eq!(at(&q, "c1"), "white A(S:white)");
    play(&mut q, "f10e10 c1c5 e10f10");
    assert_eq!(castlings(&mut q), set(&["0-0-0-0"]));
    play(&mut q, "0-0-0-0");
    assert_eq!(at(&q, "h1"), "white K");
    assert_eq!(at(&q, "g1"), "white R");
    // A plain King move loses the right for good.
    let mut q = after(text, "f1f2 f10e10 f2f1 e10f10");
    assert!(castlings(&mut q).is_empty());
    // ... also after castling.
    let mut q = after(text, "0-0 f10e10 h1h2 e10f10 h2h1 f10e10 g1g5 e10f10");
    assert!(castlings(&mut q).is_empty());
    // King b1 with the a1 partner: no castling is defined (no light cell
    // strictly between them).
    assert!(castlings(&mut pos("white: Kb1 Ra1; black: Kf10; unmoved b1")).is_empty());
}

/// "A second and a third castling are possible" (digest, Castling): at most
/// three castlings per side. White: King f1, Rooks a1 and j1. 1st `0-0`
/// (f1->h1, Rook j1->g1); the g1 Rook leaves; 2nd `0-0-0-0` (h1->b1, Rook
/// a1->c1); the c1 Rook leaves and the other returns to j1; 3rd `0-0-0-0`
/// (b1->h1, Rook j1->g1); the g1 Rook leaves and the c5 Rook returns to a1.
/// Now h1..b1 is empty and unattacked and the King never made a
/// non-castling move, so only the limit forbids a 4th `0-0-0-0`. The count
/// is part of the position: the general notation writes it and reads it.
#[test]
fn castling_at_most_three_times_per_side() {
    let text = "white: Kf1 Ra1 Rj1; black: Kf10";
    let shuffle = ["f10e10", "e10f10"];
    let mut p = pos(text);
    let mut black = 0;
    let mut white_then_black = |p: &mut Position, mv: &str| {
        play(p, &format!("{mv} {}", shuffle[black % 2]));
        black += 1;
    };
    white_then_black(&mut p, "0-0");
    assert_eq!(p.castlings_made(0), 1);
    white_then_black(&mut p, "g1g5");
    white_then_black(&mut p, "0-0-0-0");
    assert_eq!(
        (at(&p, "b1"), at(&p, "c1")),
        ("white K".into(), "white R".into())
    );
    for mv in ["c1c5", "g5j5", "j5j1"] {
        white_then_black(&mut p, mv);
    }
    assert_eq!(castlings(&mut p), set(&["0-0-0-0"]), "the third is allowed");
    white_then_black(&mut p, "0-0-0-0");
    assert_eq!(at(&p, "h1"), "white K");
    assert_eq!(p.castlings_made(0), 3);
    for mv in ["g1g5", "c5a5", "a5a1"] {
        white_then_black(&mut p, mv);
    }
    assert_eq!(at(&p, "a1"), "white R");
    assert!(castlings(&mut p).is_empty(), "a fourth castling is offered");
    // Without the count (a fresh position with the same pieces) it would be.
    let text_now = write_general(&p);
    assert!(text_now.contains("castled white 3"), "{text_now}");
    let fresh = text_now.replace("castled white 3; ", "");
    assert_eq!(castlings(&mut pos(&fresh)), set(&["0-0-0-0"]), "{fresh}");
    assert!(castlings(&mut pos(&text_now)).is_empty(), "{text_now}");
    // A count above the limit's range is refused with its field named.
    assert!(matches!(
        parse_position(game(), "white: Kf1; black: Kf10; castled white 16"),
        Err(runtime::PositionError::BadNumber { .. })
    ));
}

/// "The eleventh pawn": the Elva's first move resets the 50-move counter
/// (digest, End of game). With the counter at 99 half-moves, White's Elva
/// b1 -> b3 (`b1b3p`: a Queen move after which it is a Pawn) keeps the game going with the
/// counter at 0, while a Knight move instead reaches 100 and draws.
#[test]
fn the_elvas_first_move_resets_the_move_rule_counter() {
    let text = "white: Kf1 Eb1 Nh1; black: Kf10; clocks 99 60";
    let mut p = after(text, "b1b3p");
    assert_eq!(at(&p, "b3"), "white P");
    assert!(p.result().is_none());
    assert!(
        write_general(&p).ends_with("clocks 0 60"),
        "{}",
        write_general(&p)
    );
    let mut q = after(text, "h1g3");
    assert_eq!(q.result().map(|r| r.end), Some(GameEnd::MoveRule));
}

/// Partners: Rook, Ship, Trooper and a Frigate White controls (a White
/// Knight aboard a Black Ship) on the corner; the partner moves whole.
/// A Queen or a Knight on the corner is no partner. (An enemy Ship or
/// Frigate on the corner is never tested: with the cells between empty it
/// would attack the King's path anyway.)
#[test]
fn castling_partners() {
    for (partner, ok) in [
        ("Rj1", true),
        ("Sj1", true),
        ("N(S)j1", true),
        ("A(S)j1", true),
        ("N(S:black)j1", true),
        ("Qj1", false),
        ("Nj1", false),
    ] {
        let text = format!("white: Kf1 {partner}; black: Kf10");
        let mut p = pos(&text);
        assert_eq!(castlings(&mut p).contains("0-0"), ok, "partner {partner}");
        if ok {
            let before = at(&p, "j1");
            play(&mut p, "0-0");
            assert_eq!(at(&p, "g1"), before, "partner {partner} moves whole");
            assert_eq!(at(&p, "h1"), "white K");
        }
    }
}

/// Refusals, Black Rook giving each attack (King f1, Rook j1, Trooper a1,
/// Black King f10): g8 attacks g1 (passed by 0-0), h8 the destination h1;
/// e8 d8 c8 attack cells passed by 0-0-0, b8 its destination; f8 checks
/// (origin): neither. i1 is between King and partner but not on the King's
/// path: attacking it (i8) or the partners (a8 j8) refuses nothing.
/// Occupied cells between refuse: i1 for 0-0, b1 for 0-0-0.
#[test]
fn castling_refusals() {
    let c = |extra_white: &str, extra_black: &str| {
        castlings(&mut pos(&format!(
            "white: Kf1 Rj1 A(S)a1 {extra_white}; black: Kf10 {extra_black}"
        )))
    };
    assert_eq!(c("", "Rg8"), set(&["0-0-0"]));
    assert_eq!(c("", "Rh8"), set(&["0-0-0"]));
    for file in ["e", "d", "c", "b"] {
        assert_eq!(
            c("", &format!("R{file}8")),
            set(&["0-0"]),
            "rook on {file}8"
        );
    }
    assert!(c("", "Rf8").is_empty(), "in check");
    assert_eq!(c("", "Ri8"), set(&["0-0", "0-0-0"]));
    assert_eq!(c("", "Rj8 Ra8"), set(&["0-0", "0-0-0"]));
    assert_eq!(c("Ni1", ""), set(&["0-0-0"]));
    assert_eq!(c("", "Nb1"), set(&["0-0"]));
    assert_eq!(c("Bd1", ""), set(&["0-0"]));
    // 0-0-0-0 from h1 (a King that castled before) with the Trooper a1:
    // refused when h1 (origin), a passed cell (e1) or b1 (destination) is
    // attacked or c1 is occupied; an attack on the partner's corner a1 is
    // no obstacle.
    let c4 = |extra_black: &str| {
        castlings(&mut pos(&format!(
            "white: Kh1 Rj1 A(S)a1; black: Kf10 {extra_black}; unmoved h1"
        )))
    };
    assert_eq!(c4(""), set(&["0-0-0-0"]));
    assert!(c4("Rh8").is_empty());
    assert!(c4("Re8").is_empty());
    assert!(c4("Rb8").is_empty());
    assert!(c4("Nc1").is_empty());
    assert_eq!(c4("Ra8"), set(&["0-0-0-0"]));
}

/// Black castles on the dark cells of rank 10: King f10 (dark) -> h10 with
/// the j10 partner going to g10 (`0-0`); -> b10 with the a10 partner going
/// to c10 (`0-0-0`); and after either, `0-0-0-0` back across.
#[test]
fn black_castlings() {
    let text = "white: Kf1; black: Kf10 Rj10 A(S)a10; turn black";
    let mut p = pos(text);
    assert_eq!(castlings(&mut p), set(&["0-0", "0-0-0"]));
    let mut q = after(text, "0-0");
    assert_eq!(at(&q, "h10"), "black K");
    assert_eq!(at(&q, "g10"), "black R");
    play(&mut q, "f1e1 g10g5 e1f1");
    assert_eq!(castlings(&mut q), set(&["0-0-0-0"]));
    play(&mut q, "0-0-0-0");
    assert_eq!(at(&q, "b10"), "black K");
    assert_eq!(at(&q, "c10"), "black A(S:black)");
    let q = after(text, "0-0-0");
    assert_eq!(at(&q, "b10"), "black K");
    assert_eq!(at(&q, "c10"), "black A(S:black)");
    // A White Rook on g1 attacks g10, passed by 0-0.
    let mut p = pos("white: Kf1 Rg1; black: Kf10 Rj10 A(S)a10; turn black");
    assert_eq!(castlings(&mut p), set(&["0-0-0"]));
}

/// Standard promotion: any piece but the King (q r s b h n v a c).
#[test]
fn promotion_standard_before_agreement() {
    let text = "white: Kf1 Pe9 Pa2; black: Kh5";
    let got = from(text, "e9");
    assert_eq!(
        got,
        set(&[
            "e9e10q", "e9e10r", "e9e10s", "e9e10b", "e9e10h", "e9e10n", "e9e10v", "e9e10a",
            "e9e10c"
        ])
    );
    // A Ship promotes to a single Ship.
    let q = after(text, "e9e10s");
    assert_eq!(at(&q, "e10"), "white S");
    // One side's declaration alone changes nothing.
    let mut q = after(text, "a2a3 +file_promotion h5h4");
    assert_eq!(moves_from(&mut q, "e9").len(), 9);
}

/// After both promotion Legates stand forward, each file promotes to its
/// piece only: a Ship, b Amazon, c Valkyrie, d Bishop, e Queen, f Hoplite,
/// g Bishop, h Knight, i Centurion, j Rook. Black uses the same map.
/// White pawns on a9..j9, Black pawns on a2..j2, Kings on j5 / a5 (no
/// checks; the declarations ride on King moves; r1 and r10 are empty).
#[test]
fn promotion_by_file_after_agreement() {
    let text = "white: Kj5 Pa9 Pb9 Pc9 Pd9 Pe9 Pf9 Pg9 Ph9 Pi9 Pj9; \
                black: Ka5 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2 Pi2 Pj2";
    // Before the agreement: 9 choices on each of 10 files.
    let mut p = pos(text);
    assert_eq!(
        moves(&mut p).iter().filter(|m| m.contains("10")).count(),
        90
    );
    let mut p = after(text, "j5j6 +file_promotion a5a6 +file_promotion");
    assert!(write_general(&p).contains("agreed file_promotion"));
    let map = [
        ('a', 's'),
        ('b', 'a'),
        ('c', 'v'),
        ('d', 'b'),
        ('e', 'q'),
        ('f', 'h'),
        ('g', 'b'),
        ('h', 'n'),
        ('i', 'c'),
        ('j', 'r'),
    ];
    let promotions = |p: &mut Position, from_rank: u32, to_rank: u32, file: char| {
        moves(p)
            .into_iter()
            .filter(|m| m.starts_with(&format!("{file}{from_rank}{file}{to_rank}")))
            .collect::<BTreeSet<String>>()
    };
    for (file, letter) in map {
        assert_eq!(
            promotions(&mut p, 9, 10, file),
            set(&[&format!("{file}9{file}10{letter}")]),
            "white file {file}"
        );
    }
    // The promoted pieces.
    for (mv, cell, want) in [
        ("a9a10s", "a10", "white S"),
        ("b9b10a", "b10", "white A"),
        ("c9c10v", "c10", "white V"),
        ("d9d10b", "d10", "white B"),
        ("e9e10q", "e10", "white Q"),
        ("f9f10h", "f10", "white H"),
        ("g9g10b", "g10", "white B"),
        ("h9h10n", "h10", "white N"),
        ("i9i10c", "i10", "white C"),
        ("j9j10r", "j10", "white R"),
    ] {
        let mut q = p.clone();
        play(&mut q, mv);
        assert_eq!(at(&q, cell), want, "{mv}");
    }
    // Black, same map (Black's pawns promote on rank 1). After j9j10r the
    // Rook j10 looks down the j-file to its King j6 and along rank 10: the
    // Black King a6 is not in check.
    play(&mut p, "j9j10r");
    for (file, letter) in map {
        assert_eq!(
            promotions(&mut p, 2, 1, file),
            set(&[&format!("{file}2{file}1{letter}")]),
            "black file {file}"
        );
    }
    // Once agreed it stays, even when both Legates step back.
    let mut q = after(
        text,
        "j5j6 +file_promotion a5a6 +file_promotion j6j5 -file_promotion a6b6 -file_promotion",
    );
    assert!(!write_general(&q).contains("declared"));
    assert_eq!(promotions(&mut q, 9, 10, 'e'), set(&["e9e10q"]));
}

/// Withdrawing before the answer keeps standard promotion; declaring again
/// and getting the answer switches.
#[test]
fn promotion_declaration_withdrawn() {
    let text = "white: Kf1 Pe9 Pa2; black: Kh5";
    let mut p = after(
        text,
        "a2a3 +file_promotion h5h4 a3a4 -file_promotion h4h3 +file_promotion",
    );
    assert!(!write_general(&p).contains("agreed"));
    assert_eq!(moves_from(&mut p, "e9").len(), 9);
    play(&mut p, "f1e1 +file_promotion h3h4");
    assert!(write_general(&p).contains("agreed file_promotion"));
    assert_eq!(moves_from(&mut p, "e9"), set(&["e9e10q"]));
}

/// White's promotion Legate needs r1: refused while the Centurion stands
/// there, allowed once it left. Black's likewise needs r10.
#[test]
fn promotion_declaration_needs_the_centurion_gone() {
    let mut p = Position::start(game());
    let before = p.clone();
    assert!(play_record(&mut p, "h2h3 +file_promotion").is_err());
    assert!(p == before, "a refused declaration changes nothing");
    let mut p = Position::start(game());
    assert!(play_record(&mut p, "r1i3 h9h8 h2h3 +file_promotion").is_ok());
    assert!(play_record(&mut p, "h8h7 +file_promotion").is_err());
    let mut p = Position::start(game());
    assert!(play_record(
        &mut p,
        "r1i3 r10i8 h2h3 +file_promotion h9h8 +file_promotion"
    )
    .is_ok());
    assert!(write_general(&p).contains("agreed file_promotion"));
}

/// Draw offers: both Negotiators forward end the game drawn; the offer
/// stays while the Legate stays on r5; a withdrawn offer is no offer.
#[test]
fn draw_agreement() {
    let start = Position::start(game());
    let drawn = Some(runtime::GameResult {
        end: GameEnd::Agreement,
        winner: None,
        loser: None,
        out: 0,
    });
    let mut p = start.clone();
    play(&mut p, "h2h3 +draw_offer h9h8 +draw_offer");
    assert_eq!(p.result(), drawn);
    let mut p = start.clone();
    play(&mut p, "h2h3 +draw_offer h9h8");
    assert!(p.result().is_none());
    play(&mut p, "h3h4 h8h7 +draw_offer");
    assert_eq!(p.result(), drawn, "the offer stays until withdrawn");
    let mut p = start.clone();
    play(
        &mut p,
        "h2h3 +draw_offer h9h8 h3h4 -draw_offer h8h7 +draw_offer",
    );
    assert_eq!(p.result(), None, "withdrawn before the answer");
    // Unmake takes the declaration back.
    let mut p = start.clone();
    play(&mut p, "h2h3 +draw_offer");
    let before = p.clone();
    let mv = parse_move(&mut p, "h9h8").unwrap();
    let draw_offer = game()
        .ir()
        .agreements
        .iter()
        .position(|a| a.name == "draw_offer")
        .unwrap();
    p.make_declaring(mv, &[(draw_offer, true)]).unwrap();
    assert_eq!(p.result(), drawn);
    p.unmake(mv);
    assert!(p == before);
    assert!(p.result().is_none());
}

// ---------------------------------------------------------------------------
// 2. make/unmake and hash invariants
// ---------------------------------------------------------------------------

/// Random playouts (the same stack/castling bias, and now and then a
/// file_promotion declaration attached to the move): every legal move made
/// and unmade restores the position (`PartialEq`, which includes the hash);
/// the incremental hash equals the hash of the position read back from its
/// general notation, which also has the same legal moves.
#[test]
fn make_unmake_and_hash_invariants_with_stacks() {
    let g = game();
    let file_promotion = g
        .ir()
        .agreements
        .iter()
        .position(|a| a.name == "file_promotion")
        .unwrap();
    let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ env_or("DAS_SEED", 0);
    let mut checked = 0usize;
    let mut agreed_plies = 0usize;
    for game_no in 0..env_or("DAS_GAMES", 40) {
        let mut p = Position::start(g);
        let mut line: Vec<String> = Vec::new();
        for _ply in 0..env_or("DAS_PLIES", 100) {
            let list = engine_moves(&mut p);
            if list.is_empty() {
                break;
            }
            let here = p.clone();
            // The incremental hash equals the hash of the position read
            // back from its own notation, which has the same moves.
            let text = write_general(&p);
            let mut back = pos(&text);
            assert_eq!(
                back.hash(),
                p.hash(),
                "game {game_no} after {}: {text}",
                line.join(" ")
            );
            assert_eq!(
                moves(&mut back),
                moves(&mut p),
                "game {game_no} after {}: {text}",
                line.join(" ")
            );
            for &m in &list {
                p.make(m);
                p.unmake(m);
                assert!(
                    p == here,
                    "game {game_no} after {}: make/unmake {} changed the position\n{:?}\n{:?}",
                    line.join(" "),
                    move_to_string(g, m),
                    p,
                    here
                );
                checked += 1;
            }
            let strings: Vec<String> = list.iter().map(|&m| move_to_string(g, m)).collect();
            let mv = pick(&mut seed, &strings).clone();
            let m = list[strings.iter().position(|s| *s == mv).unwrap()];
            // Now and then attach a file_promotion declaration (refused
            // while the Centurion stands on r1: nothing changes then).
            let declare = xorshift(&mut seed).is_multiple_of(8);
            if declare {
                let made = !xorshift(&mut seed).is_multiple_of(3);
                if p.make_declaring(m, &[(file_promotion, made)]).is_err() {
                    assert!(p == here, "refused declaration changed the position");
                    p.make(m);
                }
            } else {
                p.make(m);
            }
            let after_text = write_general(&p);
            assert_eq!(
                pos(&after_text).hash(),
                p.hash(),
                "game {game_no} after {} {mv}: {after_text}",
                line.join(" ")
            );
            // Take it back and replay: the same position.
            let moved = p.clone();
            p.unmake(m);
            assert!(p == here, "unmake after {} {mv}", line.join(" "));
            p = moved;
            line.push(mv);
            agreed_plies += (p.agreed() != 0) as usize;
        }
    }
    println!("make/unmake checked {checked} moves; {agreed_plies} plies under file promotion");
    assert!(checked > 100_000, "{checked}");
}
