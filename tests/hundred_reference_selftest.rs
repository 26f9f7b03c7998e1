//! Self-tests of the independent 100-cell chess reference move generator
//! (tests/support/hundred_ref.rs). Every expected number below is derived by
//! hand from ../shared/rules/hundred.md in the comment next to it. Run with
//! `cargo test --release --test hundred_reference_selftest -- --nocapture`
//! to see the perft numbers from the start position.
#![allow(clippy::needless_range_loop)]

#[path = "support/hundred_ref.rs"]
mod hundred_ref;

use hundred_ref::{is_dark, parse_cell, perft_divide, RefPos};
use std::collections::BTreeSet;
use std::time::Instant;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// Split a move string into (from cell, to cell, suffix), e.g.
/// `e9e10@c2` -> ("e9", "e10", "@c2"), `c1e3/ep` -> ("c1", "e3", "/ep").
fn split_move(mv: &str) -> (String, String, String) {
    let chars: Vec<char> = mv.chars().collect();
    let mut i = 1;
    while i < chars.len() && chars[i].is_ascii_digit() {
        i += 1;
    }
    let mut j = i + 1;
    while j < chars.len() && chars[j].is_ascii_digit() {
        j += 1;
    }
    (
        chars[..i].iter().collect(),
        chars[i..j].iter().collect(),
        chars[j..].iter().collect(),
    )
}

/// Build a position from (cell, FEN letter) placements.
fn pos(pieces: &[(&str, char)], side: char, castle: &str, throne: &str) -> RefPos {
    let mut grid = [[None::<char>; 10]; 10];
    for &(cell, letter) in pieces {
        let s = parse_cell(cell).unwrap_or_else(|| panic!("bad cell {}", cell));
        assert!(grid[s / 10][s % 10].is_none(), "cell {} used twice", cell);
        grid[s / 10][s % 10] = Some(letter);
    }
    let mut rows = Vec::new();
    for rank in (0..10).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..10 {
            match grid[rank][file] {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let fen = format!("{} {} {} {} 0 1", rows.join("/"), side, castle, throne);
    RefPos::from_fen(&fen).unwrap_or_else(|e| panic!("{}: {}", fen, e))
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn moves_from(p: &RefPos, cell: &str) -> BTreeSet<String> {
    p.legal_moves()
        .into_iter()
        .filter(|m| split_move(m).0 == cell)
        .collect()
}

/// Destination cells of the plain (suffix-free) moves from `cell`.
fn targets_from(p: &RefPos, cell: &str) -> BTreeSet<String> {
    moves_from(p, cell)
        .into_iter()
        .map(|m| split_move(&m))
        .filter(|(_, _, suffix)| suffix.is_empty())
        .map(|(_, to, _)| to)
        .collect()
}

fn dark_light(cells: &BTreeSet<String>) -> (usize, usize) {
    let dark = cells
        .iter()
        .filter(|c| is_dark(parse_cell(c).unwrap()))
        .count();
    (dark, cells.len() - dark)
}

fn has(p: &RefPos, mv: &str) -> bool {
    p.legal_moves().iter().any(|m| m == mv)
}

fn played(p: &RefPos, mv: &str) -> RefPos {
    let mut q = p.clone();
    q.play(mv).unwrap();
    q
}

fn play_all(p: &mut RefPos, moves: &[&str]) {
    for m in moves {
        p.play(m).unwrap();
    }
}

/// Mirror a FEN top-to-bottom, swapping colours, side, rights.
fn mirror_fen(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let board: Vec<String> = f[0]
        .split('/')
        .rev()
        .map(|r| {
            r.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let castle = if f[2] == "-" {
        "-".to_string()
    } else {
        let mut cells: Vec<String> = f[2]
            .split(',')
            .map(|c| {
                let file = &c[..1];
                let rank: u32 = c[1..].parse().unwrap();
                format!("{}{}", file, 11 - rank)
            })
            .collect();
        cells.sort();
        cells.join(",")
    };
    let mut throne = String::new();
    if f[3].contains('b') {
        throne.push('w');
    }
    if f[3].contains('w') {
        throne.push('b');
    }
    if throne.is_empty() {
        throne.push('-');
    }
    format!("{} {} {} {} 0 1", board.join("/"), side, castle, throne)
}

// Kings parked out of the way for the piece-pattern tests: a2 and k9 are on
// no line of any test piece on e5/f5 (e5's diagonals are a1-k10 and a9-i1).
const WK: (&str, char) = ("a2", 'K');
const BK: (&str, char) = ("k9", 'k');

// ---------------------------------------------------------------------------
// Start position
// ---------------------------------------------------------------------------

#[test]
fn start_position_moves() {
    let p = RefPos::start();
    assert_eq!(
        p.to_fen(),
        "rnbjkqgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBJKQGBNR w a1,k1,a10,k10 wb 0 1"
    );
    let moves = p.legal_moves();
    let unique: BTreeSet<&String> = moves.iter().collect();
    assert_eq!(unique.len(), moves.len(), "duplicate moves");
    // 10 pawns x (single + double) = 20; knights b1 -> a3 c3 and i1 -> h3 k3
    // (d2 / g2 own pawns) = 4; royal pawn e2 swaps backward with the Jester d1
    // and the Queen f1 = 2. Everything else is boxed in: Jester d1 (c2, e2
    // own; hooks b1/f1/d3 need c2 or e2 empty), Queen, General (g2 f1 h1 own;
    // hooks via g2/f1/h1), Bishops, Rooks, King. Total 26.
    assert_eq!(moves.len(), 26, "{:?}", moves);
    assert!(has(&p, "e2d1"));
    assert!(has(&p, "e2f1"));
    assert!(has(&p, "k2k4"));
    assert!(has(&p, "i1k3"));
    // e2d1: the pawn goes to d1, the Jester to e2 (now a strong Jester).
    let q = played(&p, "e2d1");
    assert_eq!(q.piece_at("d1"), Some('P'));
    assert_eq!(q.piece_at("e2"), Some('J'));
    assert!(!q.pawn_unmoved("d1"));
}

#[test]
fn perft_1_and_2_by_hand() {
    let p = RefPos::start();
    // 26 (above). After any White first move no piece of either side can
    // reach the other (White reaches rank 4 at most, Black rank 7), so
    // Black again has exactly its mirrored 26: 26 * 26 = 676.
    assert_eq!(p.perft(1), 26);
    assert_eq!(p.perft(2), 676);
    for (m, n) in perft_divide(&p, 2) {
        assert_eq!(n, 26, "after {}", m);
    }
}

// ---------------------------------------------------------------------------
// General
// ---------------------------------------------------------------------------

#[test]
fn general_from_f5_reaches_12_cells() {
    let p = pos(&[WK, BK, ("f5", 'G')], 'w', "-", "-");
    let t = targets_from(&p, "f5");
    // Straight 1: e5 g5 f4 f6; straight 2: d5 h5 f3 f7; hooks: e4 g4 e6 g6.
    assert_eq!(
        t,
        set(&["e5", "g5", "f4", "f6", "d5", "h5", "f3", "f7", "e4", "g4", "e6", "g6"])
    );
    // f5 is light (f=5, rank index 4: odd sum). The 4 one-step orthogonal
    // cells are dark, the 4 two-step and 4 diagonal cells light: 4 dark + 8
    // light ("of both colours", as the rules say; NOT 6 + 6).
    assert_eq!(dark_light(&t), (4, 8));
    assert_eq!(moves_from(&p, "f5").len(), 12);
}

#[test]
fn general_on_the_royal_file_slides() {
    let p = pos(&[WK, BK, ("e5", 'G')], 'w', "-", "-");
    let t = targets_from(&p, "e5");
    // e-file: e1..e4 (4) + e6..e10 (5); rank 5: a5..d5 (4) + f5..k5 (5) = 18,
    // plus 4 hooks d4 f4 d6 f6 = 22.
    assert_eq!(t.len(), 22, "{:?}", t);
    for c in ["e1", "e10", "a5", "k5", "d4", "f4", "d6", "f6"] {
        assert!(t.contains(c), "{}", c);
    }
    // A Black knight on e8 stops the slide there (captured, e9 e10 lost): 20.
    let p = pos(&[WK, BK, ("e5", 'G'), ("e8", 'n')], 'w', "-", "-");
    let t = targets_from(&p, "e5");
    assert_eq!(t.len(), 20);
    assert!(t.contains("e8") && !t.contains("e9"));
    // One file off the Royal file (d5) it is ordinary again: 12.
    let p = pos(&[WK, BK, ("d5", 'G')], 'w', "-", "-");
    assert_eq!(targets_from(&p, "d5").len(), 12);
    // Strength depends on the start cell: f5 -> e5 is an ordinary move
    // (e5 is one step), and from e5 the next move slides again.
    let mut p = pos(&[WK, BK, ("f5", 'G')], 'w', "-", "-");
    play_all(&mut p, &["f5e5", "k9k10"]);
    assert_eq!(targets_from(&p, "e5").len(), 22);
}

#[test]
fn general_hooks_need_one_empty_route() {
    // Own pawns on e5 and f4: straight west/south blocked at once (no d5, f3);
    // hook to e4 has both routes (e5, f4) occupied -> blocked; hooks g4 (via
    // g5), e6 (via f6), g6 open. Left: g5 h5 f6 f7 + g4 e6 g6 = 7.
    let p = pos(
        &[WK, BK, ("f5", 'G'), ("e5", 'P'), ("f4", 'P')],
        'w',
        "-",
        "-",
    );
    assert_eq!(
        targets_from(&p, "f5"),
        set(&["g5", "h5", "f6", "f7", "g4", "e6", "g6"])
    );
    // Only e5 occupied: e4 reachable through f4. f4 f3 g5 h5 f6 f7 + 4 hooks.
    let p = pos(&[WK, BK, ("f5", 'G'), ("e5", 'P')], 'w', "-", "-");
    assert_eq!(
        targets_from(&p, "f5"),
        set(&["f4", "f3", "g5", "h5", "f6", "f7", "e4", "g4", "e6", "g6"])
    );
    // Enemy pawns on e5 and f4: they can be captured, but not jumped or hooked
    // around: e5 f4 g5 h5 f6 f7 + g4 e6 g6 = 9, no e4.
    let p = pos(
        &[WK, BK, ("f5", 'G'), ("e5", 'p'), ("f4", 'p')],
        'w',
        "-",
        "-",
    );
    assert_eq!(
        targets_from(&p, "f5"),
        set(&["e5", "f4", "g5", "h5", "f6", "f7", "g4", "e6", "g6"])
    );
}

// ---------------------------------------------------------------------------
// Jester
// ---------------------------------------------------------------------------

#[test]
fn jester_from_f5_reaches_12_cells_of_one_colour() {
    let p = pos(&[WK, BK, ("f5", 'J')], 'w', "-", "-");
    let t = targets_from(&p, "f5");
    // Diagonal 1: e4 g4 e6 g6; diagonal 2: d3 h3 d7 h7; hooks f3 f7 d5 h5.
    assert_eq!(
        t,
        set(&["e4", "g4", "e6", "g6", "d3", "h3", "d7", "h7", "f3", "f7", "d5", "h5"])
    );
    // All 12 light, like f5.
    assert_eq!(dark_light(&t), (0, 12));
}

#[test]
fn jester_strong_on_the_royal_file() {
    let p = pos(&[WK, BK, ("e5", 'J')], 'w', "-", "-");
    let t = targets_from(&p, "e5");
    // Diagonals from e5: d4 c3 b2 a1 (4), f4 g3 h2 i1 (4), d6 c7 b8 a9 (4),
    // f6 g7 h8 i9 k10 (5) = 17; hooks e3 e7 c5 g5 = 21, all dark like e5.
    assert_eq!(t.len(), 21, "{:?}", t);
    assert_eq!(dark_light(&t), (21, 0));
    for c in ["a1", "i1", "a9", "k10", "e3", "e7", "c5", "g5"] {
        assert!(t.contains(c), "{}", c);
    }
    // Never orthogonally one step.
    assert!(!t.contains("e4") && !t.contains("d5"));
}

#[test]
fn jester_hooks_need_one_empty_route() {
    // Own pawns on e4 and g4: diagonals SW/SE blocked at once (no d3, h3);
    // hook f3 (routes e4, g4) blocked; d5 via e6, h5 via g6, f7 open.
    // e6 g6 d7 h7 + f7 d5 h5 = 7.
    let p = pos(
        &[WK, BK, ("f5", 'J'), ("e4", 'P'), ("g4", 'P')],
        'w',
        "-",
        "-",
    );
    assert_eq!(
        targets_from(&p, "f5"),
        set(&["e6", "g6", "d7", "h7", "f7", "d5", "h5"])
    );
    // Only e4 occupied: f3 through g4. g4 h3 e6 d7 g6 h7 + f3 f7 d5 h5 = 10.
    let p = pos(&[WK, BK, ("f5", 'J'), ("e4", 'P')], 'w', "-", "-");
    assert_eq!(
        targets_from(&p, "f5"),
        set(&["g4", "h3", "e6", "d7", "g6", "h7", "f3", "f7", "d5", "h5"])
    );
    // On the edge: Jester d1, own pawn e2. Diagonal c2 b3; hooks b1 (via
    // c2; c0 is off the board), d3 (via c2), f1 (only route e2: blocked) = 4.
    let p = pos(&[WK, BK, ("d1", 'J'), ("e2", 'P')], 'w', "-", "-");
    assert_eq!(targets_from(&p, "d1"), set(&["c2", "b3", "b1", "d3"]));
}

// ---------------------------------------------------------------------------
// Royal pawn
// ---------------------------------------------------------------------------

#[test]
fn royal_pawn_steps_back_and_captures_backward() {
    // White pawn e5 with Black bishops on d4 f4 d6 f6 (and b4 b6;
    // none of them sees the White King a2): forward e6, back e4,
    // captures forward d6 f6 and backward d4 f4 = 6.
    let p = pos(
        &[
            WK,
            BK,
            ("e5", 'P'),
            ("d4", 'b'),
            ("f4", 'b'),
            ("d6", 'b'),
            ("f6", 'b'),
            ("c5", 'P'),
            ("b4", 'b'),
            ("b6", 'b'),
        ],
        'w',
        "-",
        "-",
    );
    assert_eq!(
        moves_from(&p, "e5"),
        set(&["e5e6", "e5e4", "e5d6", "e5f6", "e5d4", "e5f4"])
    );
    // An ordinary pawn (c5) has no backward moves: c6, captures b6 d6 = 3
    // (b4, d4 behind it are not attacked).
    assert_eq!(moves_from(&p, "c5"), set(&["c5c6", "c5b6", "c5d6"]));
    // Capturing off the e-file makes it ordinary at once: from d4 it has
    // d5 (empty) and no captures (c5 is own, e5 now empty), nothing backward.
    let q = played(&p, "e5d4");
    let mut q2 = q.clone();
    q2.play("k9k10").unwrap();
    assert_eq!(moves_from(&q2, "d4"), set(&["d4d5"]));
}

#[test]
fn royal_pawn_attacks_backward_for_check() {
    // Black King d4, White pawn e5: the royal pawn attacks d4 backward.
    let p = pos(&[WK, ("d4", 'k'), ("e5", 'P')], 'b', "-", "-");
    assert!(p.in_check());
    // The King may take e5 (unprotected) or go to c3 (attacked by nothing),
    // but not to f4 (also attacked backward by e5) nor d6 (forward).
    let t = targets_from(&p, "d4");
    assert!(t.contains("e5"));
    assert!(!t.contains("f4") && !t.contains("d6"));
    assert!(t.contains("c3"));
}

#[test]
fn royal_pawn_back_to_first_rank_and_no_new_double_step() {
    // White pawn e4 (moved). e4e3, e3e2: back on rank 2 it has NOT regained
    // the double step; it may step back onto its own first rank e1.
    let mut p = pos(&[WK, BK, ("e4", 'P')], 'w', "-", "-");
    assert!(!p.pawn_unmoved("e4"));
    play_all(&mut p, &["e4e3", "k9k10", "e3e2", "k10k9"]);
    assert!(!p.pawn_unmoved("e2"));
    assert_eq!(moves_from(&p, "e2"), set(&["e2e3", "e2e1"]));
    play_all(&mut p, &["e2e1", "k9k10"]);
    // From e1: forward e2 only (no double, nothing behind the board).
    assert_eq!(moves_from(&p, "e1"), set(&["e1e2"]));
}

#[test]
fn black_royal_pawn_backward_step_never_promotes() {
    // Black pawn e9 (unmoved): e8, double e7, and back to e10 (its own first
    // rank) without promotion = 3.
    let p = pos(&[("a1", 'K'), ("k1", 'k'), ("e9", 'p')], 'b', "-", "-");
    assert_eq!(moves_from(&p, "e9"), set(&["e9e8", "e9e7", "e9e10"]));
    let q = played(&p, "e9e10");
    assert_eq!(q.piece_at("e10"), Some('p'));
}

// ---------------------------------------------------------------------------
// Throne
// ---------------------------------------------------------------------------

#[test]
fn throne_places_one_pawn_once() {
    // White King e9, pawns a2..h2 (i2, k2 empty), throne right w.
    let rank2: Vec<(&str, char)> = ["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"]
        .iter()
        .map(|&c| (c, 'P'))
        .collect();
    let mut pieces = rank2.clone();
    pieces.push(("e9", 'K'));
    pieces.push(("a10", 'k'));
    let p = pos(&pieces, 'w', "-", "w");
    // One move per empty rank-2 cell, no plain e9e10.
    let to_e10: BTreeSet<String> = moves_from(&p, "e9")
        .into_iter()
        .filter(|m| split_move(m).1 == "e10")
        .collect();
    assert_eq!(to_e10, set(&["e9e10@i2", "e9e10@k2"]));
    // The placed pawn is unmoved (may double-step); the right is used.
    let mut q = played(&p, "e9e10@i2");
    assert_eq!(q.piece_at("i2"), Some('P'));
    assert!(q.pawn_unmoved("i2"));
    assert_eq!(q.throne_rights(), (false, false));
    q.play("a10b10").unwrap();
    assert!(has(&q, "i2i4"));
    // Coming back later gives nothing.
    play_all(&mut q, &["e10e9", "b10a10"]);
    assert!(has(&q, "e9e10"));
    assert!(!q.legal_moves().iter().any(|m| m.contains('@')));

    // Without the right (field "-" or only Black's): plain e9e10.
    for throne in ["-", "b"] {
        let p = pos(&pieces, 'w', "-", throne);
        assert!(has(&p, "e9e10"));
        assert!(!p.legal_moves().iter().any(|m| m.contains('@')));
    }

    // Arriving by capture counts: Black knight on e10.
    let mut pieces_cap = pieces.clone();
    pieces_cap.push(("e10", 'n'));
    let p = pos(&pieces_cap, 'w', "-", "w");
    assert!(has(&p, "e9e10@i2") && has(&p, "e9e10@k2") && !has(&p, "e9e10"));
}

#[test]
fn throne_right_kept_when_pawn_rank_full() {
    let mut pieces: Vec<(&str, char)> =
        ["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "i2", "k2"]
            .iter()
            .map(|&c| (c, 'P'))
            .collect();
    pieces.push(("e9", 'K'));
    pieces.push(("a10", 'k'));
    let mut p = pos(&pieces, 'w', "-", "w");
    // Rank 2 full: plain e9e10, right kept.
    assert!(has(&p, "e9e10"));
    p.play("e9e10").unwrap();
    assert_eq!(p.throne_rights(), (true, false));
    // Free a2, leave the throne and come back: now the pawn comes (a2 only).
    play_all(&mut p, &["a10b10", "a2a3", "b10a10", "e10e9", "a10b10"]);
    let to_e10: BTreeSet<String> = moves_from(&p, "e9")
        .into_iter()
        .filter(|m| split_move(m).1 == "e10")
        .collect();
    assert_eq!(to_e10, set(&["e9e10@a2"]));
}

#[test]
fn throne_pawn_may_block_check() {
    // White King d9, Black rook e1, White pawn rank 2 with e2 and k2 empty.
    // d9-e10 lands on the e-file attacked by the rook; only the pawn placed
    // on e2 blocks it: exactly d9e10@e2.
    let mut pieces: Vec<(&str, char)> = ["a2", "b2", "c2", "d2", "f2", "g2", "h2", "i2"]
        .iter()
        .map(|&c| (c, 'P'))
        .collect();
    pieces.push(("d9", 'K'));
    pieces.push(("e1", 'r'));
    pieces.push(("a10", 'k'));
    let p = pos(&pieces, 'w', "-", "w");
    let to_e10: BTreeSet<String> = moves_from(&p, "d9")
        .into_iter()
        .filter(|m| split_move(m).1 == "e10")
        .collect();
    assert_eq!(to_e10, set(&["d9e10@e2"]));
}

#[test]
fn black_throne_on_e1() {
    // Black King e2, Black pawns rank 9 except e9: e2e1@e9 only.
    let mut pieces: Vec<(&str, char)> = ["a9", "b9", "c9", "d9", "f9", "g9", "h9", "i9", "k9"]
        .iter()
        .map(|&c| (c, 'p'))
        .collect();
    pieces.push(("e2", 'k'));
    pieces.push(("k4", 'K'));
    let p = pos(&pieces, 'b', "-", "wb");
    let to_e1: BTreeSet<String> = moves_from(&p, "e2")
        .into_iter()
        .filter(|m| split_move(m).1 == "e1")
        .collect();
    assert_eq!(to_e1, set(&["e2e1@e9"]));
    let q = played(&p, "e2e1@e9");
    assert!(q.pawn_unmoved("e9"));
    assert_eq!(q.throne_rights(), (true, false));
}

// ---------------------------------------------------------------------------
// Pawn castling
// ---------------------------------------------------------------------------

#[test]
fn pawn_castling_partners() {
    // White pawn c4, partner on d5 (diagonally in front). Partners that move
    // diagonally (Q B J K) swap; General, Rook, Knight, Pawn do not.
    for (letter, ok) in [
        ('Q', true),
        ('B', true),
        ('J', true),
        ('K', true),
        ('G', false),
        ('R', false),
        ('N', false),
        ('P', false),
    ] {
        let mut pieces = vec![("c4", 'P'), ("d5", letter), ("k10", 'k')];
        if letter != 'K' {
            pieces.push(("a1", 'K'));
        }
        let p = pos(&pieces, 'w', "-", "-");
        assert_eq!(has(&p, "c4d5"), ok, "partner {}", letter);
        if ok {
            let q = played(&p, "c4d5");
            assert_eq!(q.piece_at("d5"), Some('P'));
            assert_eq!(q.piece_at("c4"), Some(letter));
        }
    }
    // An ordinary pawn does not castle backward: Queen b3 / Bishop d3 behind.
    let p = pos(
        &[
            ("c4", 'P'),
            ("b3", 'Q'),
            ("d3", 'B'),
            ("a1", 'K'),
            ("k10", 'k'),
        ],
        'w',
        "-",
        "-",
    );
    assert!(!has(&p, "c4b3") && !has(&p, "c4d3"));
    // A royal pawn does (e5 with Queen d4 behind, Bishop f6 in front).
    let p = pos(
        &[
            ("e5", 'P'),
            ("d4", 'Q'),
            ("f6", 'B'),
            ("a1", 'K'),
            ("k10", 'k'),
        ],
        'w',
        "-",
        "-",
    );
    assert!(has(&p, "e5d4") && has(&p, "e5f6"));
    // Enemy partners are not partners (that is a capture, same text but the
    // pieces do not swap).
    let p = pos(
        &[("c4", 'P'), ("d5", 'q'), ("a1", 'K'), ("k10", 'k')],
        'w',
        "-",
        "-",
    );
    let q = played(&p, "c4d5");
    assert_eq!(q.piece_at("c4"), None);
}

#[test]
fn pawn_castling_with_king_must_not_end_in_check() {
    // White pawn c4, White King d5, Black rook c9: the King would land on c4,
    // which the rook sees down the c-file (c8..c5 empty): illegal.
    let p = pos(
        &[("c4", 'P'), ("d5", 'K'), ("c9", 'r'), ("k10", 'k')],
        'w',
        "-",
        "-",
    );
    assert!(!has(&p, "c4d5"));
    // Without the rook it is legal.
    let p = pos(&[("c4", 'P'), ("d5", 'K'), ("k10", 'k')], 'w', "-", "-");
    assert!(has(&p, "c4d5"));
}

#[test]
fn pawn_castling_onto_last_rank_promotes() {
    // White pawn d9, Bishop c10, Queen e10: d9d10j (file d -> Jester),
    // d9c10b (file c -> Bishop), d9e10 + q r b n g j (e-file: any but King)
    // = 8 moves from d9.
    let p = pos(
        &[
            ("d9", 'P'),
            ("c10", 'B'),
            ("e10", 'Q'),
            ("a1", 'K'),
            ("k3", 'k'),
        ],
        'w',
        "-",
        "-",
    );
    assert_eq!(
        moves_from(&p, "d9"),
        set(&["d9d10j", "d9c10b", "d9e10q", "d9e10r", "d9e10b", "d9e10n", "d9e10g", "d9e10j"])
    );
    let q = played(&p, "d9c10b");
    assert_eq!(q.piece_at("c10"), Some('B'));
    assert_eq!(q.piece_at("d9"), Some('B'));
    let q = played(&p, "d9e10g");
    assert_eq!(q.piece_at("e10"), Some('G'));
    assert_eq!(q.piece_at("d9"), Some('Q'));
}

// ---------------------------------------------------------------------------
// Promotion
// ---------------------------------------------------------------------------

#[test]
fn promotion_depends_on_the_file() {
    // White pawns on all of rank 9, Black King e5 (attacked by none of them),
    // White King a1. Forward moves: a R, b N, c B, d J, e q r b n g j, f Q,
    // g G, h B, i N, k R = 9 + 6 = 15, plus e9e8 (royal step back) = 16.
    let mut pieces: Vec<(&str, char)> =
        ["a9", "b9", "c9", "d9", "e9", "f9", "g9", "h9", "i9", "k9"]
            .iter()
            .map(|&c| (c, 'P'))
            .collect();
    pieces.push(("a1", 'K'));
    pieces.push(("e5", 'k'));
    let p = pos(&pieces, 'w', "-", "-");
    let from9: BTreeSet<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| split_move(m).0.ends_with('9'))
        .collect();
    assert_eq!(
        from9,
        set(&[
            "a9a10r", "b9b10n", "c9c10b", "d9d10j", "e9e10q", "e9e10r", "e9e10b", "e9e10n",
            "e9e10g", "e9e10j", "f9f10q", "g9g10g", "h9h10b", "i9i10n", "k9k10r", "e9e8"
        ])
    );
    // A pawn promoting on d10 makes a dark-square Jester: lone pawn d9,
    // d9d10j, a Black move; from d10 (dark) the Jester reaches c9 b8 e9 f8
    // and hooks b10 d8 f10: 7 cells, all dark.
    let p2 = pos(&[("d9", 'P'), ("a1", 'K'), ("e5", 'k')], 'w', "-", "-");
    let mut q = played(&p2, "d9d10j");
    q.play("e5e4").unwrap();
    let t = targets_from(&q, "d10");
    assert_eq!(t, set(&["c9", "b8", "e9", "f8", "b10", "d8", "f10"]));
    assert_eq!(dark_light(&t), (7, 0));
    // Capture promotion on e10 from d9 / f9: any of 6; and Black on rank 1.
    let p = pos(
        &[("d9", 'P'), ("e10", 'r'), ("a1", 'K'), ("k3", 'k')],
        'w',
        "-",
        "-",
    );
    assert_eq!(
        moves_from(&p, "d9").len(),
        7,
        "d9d10j + d9e10 x6: {:?}",
        moves_from(&p, "d9")
    );
    let p = pos(
        &[("b2", 'p'), ("e2", 'p'), ("a10", 'K'), ("k8", 'k')],
        'b',
        "-",
        "-",
    );
    // b2b1n; e2e1 x6 (e-file), and e2e3 (Black royal pawn steps back) = 8.
    let mut expect = vec!["b2b1n", "e2e3"];
    expect.extend(["e2e1q", "e2e1r", "e2e1b", "e2e1n", "e2e1g", "e2e1j"]);
    let got: BTreeSet<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.starts_with("b2") || m.starts_with("e2"))
        .collect();
    assert_eq!(got, set(&expect));
}

// ---------------------------------------------------------------------------
// The attacked square (en passant by any piece)
// ---------------------------------------------------------------------------

/// White K k2, P d2, B c3; Black K e4, B f1, R d8, N f2, R d1, G c4.
/// White plays d2d4 over d3. Before it, d3 was attacked by: B f1 (via e2),
/// R d8 (via d7..d4; t = d4 was empty), N f2, K e4, G c4 (hook via d4 = t;
/// the other route c3 is occupied). R d1 sees d3 only through d2 = s, which
/// was occupied: it does not qualify.
fn ep_position() -> RefPos {
    let mut p = pos(
        &[
            ("k2", 'K'),
            ("d2", 'P'),
            ("c3", 'B'),
            ("e4", 'k'),
            ("f1", 'b'),
            ("d8", 'r'),
            ("f2", 'n'),
            ("d1", 'r'),
            ("c4", 'g'),
        ],
        'w',
        "-",
        "-",
    );
    p.play("d2d4").unwrap();
    p
}

#[test]
fn en_passant_by_any_piece() {
    let p = ep_position();
    let moves = p.legal_moves();
    let ep: BTreeSet<String> = moves
        .iter()
        .filter(|m| m.ends_with("/ep"))
        .cloned()
        .collect();
    assert_eq!(
        ep,
        set(&["c4d3/ep", "d8d3/ep", "e4d3/ep", "f1d3/ep", "f2d3/ep"])
    );
    // Quiet moves to d3 in the new position: f1d3 (e2 empty), f2d3, e4d3,
    // d1d3 (d2 is empty now). Not d8d3 (d4 blocks), not c4d3 (c3 and d4 both
    // occupied now).
    let quiet: BTreeSet<String> = moves
        .iter()
        .filter(|m| {
            let (_, to, suffix) = split_move(m);
            to == "d3" && suffix.is_empty()
        })
        .cloned()
        .collect();
    assert_eq!(quiet, set(&["d1d3", "e4d3", "f1d3", "f2d3"]));
    // The capture lands on d3 and removes the pawn on d4.
    let q = played(&p, "f1d3/ep");
    assert_eq!(q.piece_at("d3"), Some('b'));
    assert_eq!(q.piece_at("d4"), None);
    assert_eq!(q.piece_at("f1"), None);
    // The quiet move leaves it.
    let q = played(&p, "f1d3");
    assert_eq!(q.piece_at("d4"), Some('P'));
    let q = played(&p, "d8d3/ep");
    assert_eq!(q.piece_at("d3"), Some('r'));
    assert_eq!(q.piece_at("d4"), None);
}

#[test]
fn en_passant_expires_after_one_move() {
    let mut p = ep_position();
    play_all(&mut p, &["d8h8", "k2k3"]);
    assert!(!p.legal_moves().iter().any(|m| m.ends_with("/ep")));
    assert!(has(&p, "f1d3"));
}

#[test]
fn en_passant_by_pawns_including_royal_backward() {
    // Black pawns c4 (forward diagonal d3) and e2 (royal: backward diagonal
    // d3). After d2d4 both capture on d3, written plainly.
    let mut p = pos(
        &[
            ("k2", 'K'),
            ("d2", 'P'),
            ("a10", 'k'),
            ("c4", 'p'),
            ("e2", 'p'),
        ],
        'w',
        "-",
        "-",
    );
    p.play("d2d4").unwrap();
    assert!(has(&p, "c4d3") && has(&p, "e2d3"));
    assert!(!p.legal_moves().iter().any(|m| m.contains('/')));
    let q = played(&p, "e2d3");
    assert_eq!(q.piece_at("d3"), Some('p'));
    assert_eq!(q.piece_at("d4"), None);
    // Without the double step there is nothing to take.
    let mut p = pos(
        &[
            ("k2", 'K'),
            ("d3", 'P'),
            ("a10", 'k'),
            ("c4", 'p'),
            ("e2", 'p'),
        ],
        'w',
        "-",
        "-",
    );
    p.play("d3d4").unwrap();
    assert!(!has(&p, "c4d3") && !has(&p, "e2d3"));
}

#[test]
fn en_passant_king_must_not_end_in_check() {
    // White K k2, P d2, R d10; Black K e4, N f2. After d2d4 the quiet King
    // move e4d3 is legal (the pawn on d4 shields d3 from the rook), but the
    // capture e4d3/ep removes that pawn and walks into the rook: illegal.
    let mut p = pos(
        &[
            ("k2", 'K'),
            ("d2", 'P'),
            ("d10", 'R'),
            ("e4", 'k'),
            ("f2", 'n'),
        ],
        'w',
        "-",
        "-",
    );
    p.play("d2d4").unwrap();
    assert!(has(&p, "e4d3"));
    assert!(!has(&p, "e4d3/ep"));
    assert!(has(&p, "f2d3/ep"));
}

// ---------------------------------------------------------------------------
// King castling
// ---------------------------------------------------------------------------

fn castle_pieces() -> Vec<(&'static str, char)> {
    vec![
        ("e1", 'K'),
        ("a1", 'R'),
        ("k1", 'R'),
        ("e10", 'k'),
        ("a10", 'r'),
        ("k10", 'r'),
    ]
}

#[test]
fn king_castling_both_sides() {
    let p = pos(&castle_pieces(), 'w', "a1,k1,a10,k10", "-");
    assert!(has(&p, "e1b1") && has(&p, "e1h1"));
    // Short: King b1, Rook a1 -> c1. Long: King h1, Rook k1 -> g1.
    let q = played(&p, "e1b1");
    assert_eq!(
        (
            q.piece_at("b1"),
            q.piece_at("c1"),
            q.piece_at("a1"),
            q.piece_at("e1")
        ),
        (Some('K'), Some('R'), None, None)
    );
    let q = played(&p, "e1h1");
    assert_eq!(
        (q.piece_at("h1"), q.piece_at("g1"), q.piece_at("k1")),
        (Some('K'), Some('R'), None)
    );
    // Black likewise on rank 10 (from the same setup, Black to move).
    let p = pos(&castle_pieces(), 'b', "a1,k1,a10,k10", "-");
    assert!(has(&p, "e10b10") && has(&p, "e10h10"));
    let q = played(&p, "e10b10");
    assert_eq!(
        (q.piece_at("b10"), q.piece_at("c10")),
        (Some('k'), Some('r'))
    );
    let q = played(&p, "e10h10");
    assert_eq!(
        (q.piece_at("h10"), q.piece_at("g10")),
        (Some('k'), Some('r'))
    );
    // Rights field: only k1 -> only the long one.
    let p = pos(&castle_pieces(), 'w', "k1,a10,k10", "-");
    assert!(!has(&p, "e1b1") && has(&p, "e1h1"));
}

#[test]
fn king_castling_conditions() {
    // Black knight c3 attacks b1 and d1: no short castling; long fine.
    let mut pieces = castle_pieces();
    pieces.push(("c3", 'n'));
    let p = pos(&pieces, 'w', "a1,k1", "-");
    assert!(!has(&p, "e1b1") && has(&p, "e1h1"));
    // Black knight k3 attacks i1 (and h2, h4, i5): i1 may be attacked.
    let mut pieces = castle_pieces();
    pieces.push(("k3", 'n'));
    let p = pos(&pieces, 'w', "a1,k1", "-");
    assert!(has(&p, "e1b1") && has(&p, "e1h1"));
    // Black knight h3 attacks g1: no long.
    let mut pieces = castle_pieces();
    pieces.push(("h3", 'n'));
    let p = pos(&pieces, 'w', "a1,k1", "-");
    assert!(has(&p, "e1b1") && !has(&p, "e1h1"));
    // In check (Black rook e5): neither.
    let mut pieces = castle_pieces();
    pieces.push(("e5", 'r'));
    let p = pos(&pieces, 'w', "a1,k1", "-");
    assert!(!has(&p, "e1b1") && !has(&p, "e1h1"));
    // A piece on b1 (between King and Rook): no short.
    let mut pieces = castle_pieces();
    pieces.push(("b1", 'N'));
    let p = pos(&pieces, 'w', "a1,k1", "-");
    assert!(!has(&p, "e1b1") && has(&p, "e1h1"));
    // The rook moves away and back: the right is gone.
    let mut p = pos(&castle_pieces(), 'w', "a1,k1", "-");
    play_all(&mut p, &["a1a2", "e10e9", "a2a1", "e9e10"]);
    assert!(!has(&p, "e1b1") && has(&p, "e1h1"));
    // The King moves away and back: both gone.
    let mut p = pos(&castle_pieces(), 'w', "a1,k1", "-");
    play_all(&mut p, &["e1e2", "e10e9", "e2e1", "e9e10"]);
    assert!(!has(&p, "e1b1") && !has(&p, "e1h1"));
}

// ---------------------------------------------------------------------------
// Consistency and perft
// ---------------------------------------------------------------------------

#[test]
fn colour_mirror_gives_same_perft() {
    // Positions reached from the start; each is compared with its colour
    // mirror (ranks flipped, colours and rights swapped). Both sides go
    // through a FEN round trip so they share the same pawn "unmoved" flags.
    let lines: [&[&str]; 4] = [
        &["e2e4", "e9e7", "d1d3", "i10h8"],
        &["e2f1", "d9d7", "e2e5", "d7d6"],
        &["g2g4", "e9e8", "g1g3", "e8e9", "g3e3"],
        &["c2c4", "h9h7", "d2d3", "e9f10"],
    ];
    for line in lines {
        let mut p = RefPos::start();
        for m in line {
            p.play(m).unwrap_or_else(|e| panic!("{}", e));
        }
        let fen = p.to_fen();
        let a = RefPos::from_fen(&fen).unwrap();
        let b = RefPos::from_fen(&mirror_fen(&fen)).unwrap();
        assert_eq!(a.perft(2), b.perft(2), "{}", fen);
        assert_eq!(a.perft(3), b.perft(3), "{}", fen);
    }
}

#[test]
fn moves_are_unique_and_playable() {
    let mut p = RefPos::start();
    let line = ["e2e4", "e9e7", "f1b5", "d9d7", "b5d7", "i10h8"];
    for m in line {
        p.play(m).unwrap();
        let moves = p.legal_moves();
        let unique: BTreeSet<&String> = moves.iter().collect();
        assert_eq!(unique.len(), moves.len());
        for mv in &moves {
            let mut q = p.clone();
            q.play(mv).unwrap();
        }
    }
    assert!(p.clone().play("a1a5").is_err());
}

#[test]
fn perft_from_start_print() {
    let p = RefPos::start();
    let max_depth: u32 = std::env::var("HUNDRED_REF_PERFT_DEPTH")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 3 } else { 4 });
    for depth in 1..=max_depth {
        let t = Instant::now();
        let n = p.perft(depth);
        println!("hundred_ref perft({}) = {} ({:.2?})", depth, n, t.elapsed());
    }
}
