//! Self-tests of the independent Glinski reference move generator
//! (tests/support/glinski_ref.rs). Run with
//! `cargo test --release --test glinski_reference_selftest -- --nocapture`
//! to see the perft numbers from the start position.

#[path = "support/glinski_ref.rs"]
mod glinski_ref;

use glinski_ref::{all_cells, cell_name, on_board, parse_cell, perft_divide, RefPos};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

/// Split a move string into (from, to, promotion letter).
fn split_move(mv: &str) -> (String, String, Option<char>) {
    let chars: Vec<char> = mv.chars().collect();
    let mut i = 1;
    while i < chars.len() && chars[i].is_ascii_digit() {
        i += 1;
    }
    let from: String = chars[..i].iter().collect();
    let mut j = i + 1;
    while j < chars.len() && chars[j].is_ascii_digit() {
        j += 1;
    }
    let to: String = chars[i..j].iter().collect();
    let promo = chars.get(j).copied();
    assert!(j + promo.map_or(0, |_| 1) == chars.len(), "bad move {}", mv);
    (from, to, promo)
}

fn moves_from(pos: &RefPos, cell: &str) -> BTreeSet<String> {
    pos.legal_moves()
        .into_iter()
        .filter(|m| split_move(m).0 == cell)
        .collect()
}

fn targets_from(pos: &RefPos, cell: &str) -> BTreeSet<String> {
    moves_from(pos, cell)
        .into_iter()
        .map(|m| split_move(&m).1)
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// Mirror the position top-to-bottom, swapping colours and side to move.
/// (Loses any en-passant right; only use on positions without one.)
fn mirrored(pos: &RefPos) -> RefPos {
    assert!(pos.en_passant_cell().is_none());
    let mut pieces: Vec<(String, char)> = Vec::new();
    for c in all_cells() {
        if let Some(p) = pos.piece_at(&cell_name(c)) {
            let m = (c.0, -c.0 - c.1);
            assert!(on_board(m));
            let swapped = if p.is_ascii_uppercase() {
                p.to_ascii_lowercase()
            } else {
                p.to_ascii_uppercase()
            };
            pieces.push((cell_name(m), swapped));
        }
    }
    let refs: Vec<(&str, char)> = pieces.iter().map(|(s, c)| (s.as_str(), *c)).collect();
    RefPos::from_pieces(&refs, !pos.white_to_move())
}

/// Same board, other side to move (no en-passant right).
fn with_side(pos: &RefPos, white: bool) -> RefPos {
    let mut pieces: Vec<(String, char)> = Vec::new();
    for c in all_cells() {
        if let Some(p) = pos.piece_at(&cell_name(c)) {
            pieces.push((cell_name(c), p));
        }
    }
    let refs: Vec<(&str, char)> = pieces.iter().map(|(s, c)| (s.as_str(), *c)).collect();
    RefPos::from_pieces(&refs, white)
}

#[test]
fn board_geometry_and_names() {
    let cells = all_cells();
    assert_eq!(cells.len(), 91);
    let names: BTreeSet<String> = cells.iter().map(|&c| cell_name(c)).collect();
    assert_eq!(names.len(), 91);
    for &c in &cells {
        assert_eq!(parse_cell(&cell_name(c)), Some(c));
    }
    // Examples from the rules page. (The page also lists a1 = (-5,1), which
    // contradicts its own formula r = rank - 6 - min(q,0) = 0; with (-5,1)
    // file a could not have 6 cells, so the formula wins.)
    assert_eq!(parse_cell("f6"), Some((0, 0)));
    assert_eq!(parse_cell("g1"), Some((1, -5)));
    assert_eq!(parse_cell("e10"), Some((-1, 5)));
    assert_eq!(parse_cell("a1"), Some((-5, 0)));
    assert_eq!(parse_cell("l1"), Some((5, -5)));
    // File lengths and the absence of j / off-board names.
    let lens = [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6];
    for (i, f) in "abcdefghikl".chars().enumerate() {
        for rank in 1..=lens[i] {
            assert!(parse_cell(&format!("{}{}", f, rank)).is_some());
        }
        assert!(parse_cell(&format!("{}{}", f, lens[i] + 1)).is_none());
        assert!(parse_cell(&format!("{}0", f)).is_none());
    }
    assert!(parse_cell("j1").is_none());
    // Pawn start cells: White's form a V of two edge-lines meeting at f5.
    let w: Vec<_> = ["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"]
        .iter()
        .map(|n| parse_cell(n).unwrap())
        .collect();
    for k in 0..4 {
        assert_eq!((w[k + 1].0 - w[k].0, w[k + 1].1 - w[k].1), (1, 0));
        assert_eq!((w[k + 5].0 - w[k + 4].0, w[k + 5].1 - w[k + 4].1), (1, -1));
    }
}

#[test]
fn start_position_has_51_moves_with_published_breakdown() {
    let pos = RefPos::start();
    assert!(!pos.in_check());
    let moves = pos.legal_moves();
    let unique: BTreeSet<&String> = moves.iter().collect();
    assert_eq!(unique.len(), moves.len(), "duplicate moves");
    let mut by_piece: BTreeMap<char, usize> = BTreeMap::new();
    for m in &moves {
        let (from, _, _) = split_move(m);
        let p = pos.piece_at(&from).expect("move from empty cell");
        assert!(p.is_ascii_uppercase(), "White moved a Black piece");
        *by_piece.entry(p).or_insert(0) += 1;
    }
    println!("start moves by piece: {:?}", by_piece);
    assert_eq!(moves.len(), 51);
    assert_eq!(by_piece.get(&'P'), Some(&17));
    assert_eq!(by_piece.get(&'N'), Some(&8));
    assert_eq!(by_piece.get(&'B'), Some(&12));
    assert_eq!(by_piece.get(&'R'), Some(&6));
    assert_eq!(by_piece.get(&'Q'), Some(&6));
    assert_eq!(by_piece.get(&'K'), Some(&2));
    assert_eq!(by_piece.values().sum::<usize>(), 17 + 8 + 12 + 6 + 6 + 2);

    // Hand-checked details.
    assert_eq!(targets_from(&pos, "f5"), set(&["f6"])); // f7 occupied: no double step
    assert_eq!(targets_from(&pos, "b1"), set(&["b2", "b3"]));
    assert_eq!(targets_from(&pos, "e4"), set(&["e5", "e6"]));

    // The start position is symmetric: Black to move sees the same tree.
    let black_first = mirrored(&pos);
    assert!(!black_first.white_to_move());
    assert_eq!(black_first.legal_moves().len(), 51);
    assert_eq!(with_side(&pos, false).legal_moves().len(), 51);
    assert_eq!(black_first.perft(2), pos.perft(2));
}

#[test]
fn piece_movement_on_empty_board() {
    // Kings on a2 / l2: on no rook or bishop line through f6.
    let with = |piece: char| RefPos::from_pieces(&[("f6", piece), ("a2", 'K'), ("l2", 'k')], true);
    let knight = targets_from(&with('N'), "f6");
    assert_eq!(knight.len(), 12);
    assert_eq!(
        knight,
        set(&["g8", "h7", "i5", "i4", "h3", "g3", "e3", "d3", "c4", "c5", "d7", "e8"])
    );
    assert_eq!(targets_from(&with('R'), "f6").len(), 30);
    assert_eq!(targets_from(&with('B'), "f6").len(), 12);
    assert_eq!(targets_from(&with('Q'), "f6").len(), 42);
    assert_eq!(targets_from(&with('K'), "f6").len(), 12);
    assert_eq!(
        targets_from(&with('B'), "f6"),
        set(&["g7", "h8", "e4", "d2", "h5", "k4", "d5", "b4", "g4", "h2", "e7", "d8"])
    );
    assert_eq!(
        targets_from(&with('K'), "f6"),
        set(&["f7", "f5", "g6", "e5", "g5", "e6", "g7", "e4", "h5", "d5", "g4", "e7"])
    );
    // Same 12 knight targets for a Black knight.
    let black = RefPos::from_pieces(&[("f6", 'n'), ("a2", 'K'), ("l2", 'k')], false);
    assert_eq!(targets_from(&black, "f6"), knight);
    // King in the a1 corner: 3 edge neighbours (a2 b1 b2), 2 vertex (b3 c2).
    let corner = RefPos::from_pieces(&[("a1", 'K'), ("l6", 'k')], true);
    assert_eq!(
        targets_from(&corner, "a1"),
        set(&["a2", "b1", "b2", "b3", "c2"])
    );
    // Knight from a1 corner.
    let corner = RefPos::from_pieces(&[("a1", 'N'), ("f1", 'K'), ("l6", 'k')], true);
    assert_eq!(targets_from(&corner, "a1"), set(&["b4", "c4", "d3", "d2"]));
}

#[test]
fn pawn_pushes_and_captures() {
    // White pawn e5 = (-1,0): forward e6; captures (-1,+1) -> d5, (+1,0) -> f6.
    let pos = RefPos::from_pieces(
        &[
            ("e5", 'P'),
            ("d5", 'n'),
            ("f6", 'n'),
            ("a2", 'K'),
            ("l2", 'k'),
        ],
        true,
    );
    assert_eq!(targets_from(&pos, "e5"), set(&["e6", "d5", "f6"]));
    // Pieces on other neighbours are not capturable.
    let pos = RefPos::from_pieces(
        &[
            ("e5", 'P'),
            ("d6", 'n'),
            ("f5", 'n'),
            ("e4", 'n'),
            ("a2", 'K'),
            ("l2", 'k'),
        ],
        true,
    );
    assert!(!pos.in_check());
    assert_eq!(targets_from(&pos, "e5"), set(&["e6"]));
    // Own pieces are not capturable; pawn does not capture forward.
    let pos = RefPos::from_pieces(
        &[
            ("e5", 'P'),
            ("d5", 'N'),
            ("e6", 'n'),
            ("a2", 'K'),
            ("l2", 'k'),
        ],
        true,
    );
    assert!(targets_from(&pos, "e5").is_empty());
    // Black pawn e6 = (-1,1): forward e5; captures (+1,-1) -> f6, (-1,0) -> d5.
    let pos = RefPos::from_pieces(
        &[
            ("e6", 'p'),
            ("d5", 'N'),
            ("f6", 'N'),
            ("a2", 'K'),
            ("l2", 'k'),
        ],
        false,
    );
    assert_eq!(targets_from(&pos, "e6"), set(&["e5", "d5", "f6"]));
    // Blocked pawn cannot push or double-step.
    let pos = RefPos::from_pieces(&[("c2", 'P'), ("c3", 'n'), ("a2", 'K'), ("l2", 'k')], true);
    assert!(targets_from(&pos, "c2").is_empty());
    let pos = RefPos::from_pieces(&[("c2", 'P'), ("c4", 'n'), ("a2", 'K'), ("l2", 'k')], true);
    assert_eq!(targets_from(&pos, "c2"), set(&["c3"]));
    // Black double step from every start cell.
    for f in ["b", "c", "d", "e", "f", "g", "h", "i", "k"] {
        let from = format!("{}7", f);
        let pos = RefPos::from_pieces(&[(&from, 'p'), ("a1", 'K'), ("l1", 'k')], false);
        assert_eq!(
            targets_from(&pos, &from),
            set(&[&format!("{}6", f), &format!("{}5", f)]),
            "file {}",
            f
        );
    }
}

#[test]
fn double_step_from_other_start_cell_after_capture() {
    // e4 captures onto f5 (a White start cell) and may then double-step.
    let mut pos = RefPos::from_pieces(&[("e4", 'P'), ("f5", 'n'), ("a2", 'K'), ("l2", 'k')], true);
    assert_eq!(targets_from(&pos, "e4"), set(&["e5", "e6", "f5"]));
    pos.play("e4f5").unwrap();
    pos.play("l2l3").unwrap();
    assert_eq!(targets_from(&pos, "f5"), set(&["f6", "f7"]));
    // A pawn off its start cells never double-steps.
    let pos = RefPos::from_pieces(&[("f6", 'P'), ("a2", 'K'), ("l2", 'k')], true);
    assert_eq!(targets_from(&pos, "f6"), set(&["f7"]));
    // A White pawn on a Black start cell does not double-step either.
    let pos = RefPos::from_pieces(&[("d7", 'P'), ("a2", 'K'), ("l2", 'k')], true);
    assert_eq!(targets_from(&pos, "d7"), set(&["d8"]));
}

#[test]
fn en_passant_for_exactly_one_move() {
    // Black pawns on d4 and b3 both capture onto c3 (the cell c2c4 skips).
    let setup = || {
        RefPos::from_pieces(
            &[
                ("c2", 'P'),
                ("d4", 'p'),
                ("b3", 'p'),
                ("l1", 'K'),
                ("l6", 'k'),
            ],
            true,
        )
    };
    let mut pos = setup();
    pos.play("c2c4").unwrap();
    assert_eq!(pos.en_passant_cell().as_deref(), Some("c3"));
    let ep: BTreeSet<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| split_move(m).1 == "c3")
        .collect();
    assert_eq!(ep, set(&["d4c3", "b3c3"]));
    let mut taken = pos.clone();
    taken.play("d4c3").unwrap();
    assert_eq!(taken.piece_at("c3"), Some('p'));
    assert_eq!(taken.piece_at("c4"), None, "captured pawn not removed");
    assert_eq!(taken.piece_at("d4"), None);
    assert_eq!(taken.en_passant_cell(), None);

    // Postpone one move: the right is gone.
    let mut late = pos.clone();
    late.play("l6k6").unwrap();
    late.play("l1l2").unwrap();
    assert!(late.play("d4c3").is_err());
    assert!(!late.legal_moves().iter().any(|m| split_move(m).1 == "c3"));

    // Single step gives no en passant.
    let mut single = setup();
    single.play("c2c3").unwrap();
    assert_eq!(single.en_passant_cell(), None);

    // White captures en passant too: f7f5 skips f6, reachable from e5 and g5.
    let mut pos = RefPos::from_pieces(
        &[
            ("f7", 'p'),
            ("e5", 'P'),
            ("g5", 'P'),
            ("a2", 'K'),
            ("l2", 'k'),
        ],
        false,
    );
    pos.play("f7f5").unwrap();
    let ep: BTreeSet<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| split_move(m).1 == "f6")
        .collect();
    assert_eq!(ep, set(&["e5f6", "g5f6"]));
    pos.play("g5f6").unwrap();
    assert_eq!(pos.piece_at("f5"), None);
    assert_eq!(pos.piece_at("f6"), Some('P'));
    assert_eq!(pos.piece_at("e5"), Some('P'));
}

#[test]
fn en_passant_that_exposes_king_is_illegal() {
    // Edge line b4 c4 d4 e4 (direction (1,-1)): White rook b4, Black pawn d4,
    // Black king e4. After c2c4 the capture d4c3 e.p. would empty both c4 and
    // d4 and expose the king to the rook.
    let mut pos = RefPos::from_pieces(
        &[
            ("c2", 'P'),
            ("d4", 'p'),
            ("b4", 'R'),
            ("e4", 'k'),
            ("l1", 'K'),
        ],
        true,
    );
    assert!(!with_side(&pos, false).in_check());
    pos.play("c2c4").unwrap();
    assert!(!pos.in_check());
    assert_eq!(pos.en_passant_cell().as_deref(), Some("c3"));
    assert!(pos.play("d4c3").is_err());
    // Without the rook the same capture is legal.
    let mut pos = RefPos::from_pieces(&[("c2", 'P'), ("d4", 'p'), ("e4", 'k'), ("l1", 'K')], true);
    pos.play("c2c4").unwrap();
    pos.play("d4c3").unwrap();
}

#[test]
fn promotion_on_every_file() {
    let lens = [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6];
    for (i, f) in "abcdefghikl".chars().enumerate() {
        let (wk, bk) = if i < 5 { ("k1", "l6") } else { ("a1", "c1") };
        let white_from = format!("{}{}", f, lens[i] - 1);
        let pos = RefPos::from_pieces(&[(&white_from, 'P'), (wk, 'K'), (bk, 'k')], true);
        assert!(!pos.in_check());
        let last = format!("{}{}", f, lens[i]);
        let expect: BTreeSet<String> = ["q", "r", "b", "n"]
            .iter()
            .map(|p| format!("{}{}{}", white_from, last, p))
            .collect();
        assert_eq!(moves_from(&pos, &white_from), expect, "white file {}", f);

        let black_from = format!("{}2", f);
        let pos = RefPos::from_pieces(&[(&black_from, 'p'), (wk, 'K'), (bk, 'k')], false);
        assert!(!pos.in_check());
        let expect: BTreeSet<String> = ["q", "r", "b", "n"]
            .iter()
            .map(|p| format!("{}{}1{}", black_from, f, p))
            .collect();
        assert_eq!(moves_from(&pos, &black_from), expect, "black file {}", f);
    }
    // Capture-promotion: f10 = (0,4) captures e10 = (-1,5) and g10 = (1,4);
    // with f11 blocked only the captures remain.
    let mut pos = RefPos::from_pieces(
        &[
            ("f10", 'P'),
            ("f11", 'b'),
            ("e10", 'q'),
            ("g10", 'r'),
            ("b1", 'K'),
            ("l6", 'k'),
        ],
        true,
    );
    assert!(!pos.in_check());
    assert_eq!(moves_from(&pos, "f10").len(), 8);
    assert!(pos.play("f10f11q").is_err());
    assert!(pos.play("f10g10").is_err(), "promotion is mandatory");
    pos.play("f10g10n").unwrap();
    assert_eq!(pos.piece_at("g10"), Some('N'));
    assert_eq!(pos.piece_at("f10"), None);
    // Black capture-promotion onto g1 from f2 (captures (+1,-1) and (-1,0)).
    let pos = RefPos::from_pieces(
        &[
            ("f2", 'p'),
            ("f1", 'B'),
            ("g1", 'N'),
            ("e1", 'N'),
            ("a6", 'K'),
            ("l5", 'k'),
        ],
        false,
    );
    assert!(!pos.in_check());
    assert_eq!(
        moves_from(&pos, "f2"),
        set(&["f2g1q", "f2g1r", "f2g1b", "f2g1n", "f2e1q", "f2e1r", "f2e1b", "f2e1n"])
    );
}

#[test]
fn pins_checks_and_mate() {
    // Rook f3 pinned on the f-file by Black rook f9 against White king f1.
    let pos = RefPos::from_pieces(&[("f1", 'K'), ("f3", 'R'), ("f9", 'r'), ("a6", 'k')], true);
    assert_eq!(
        targets_from(&pos, "f3"),
        set(&["f2", "f4", "f5", "f6", "f7", "f8", "f9"])
    );
    // Kings may not stand next to each other.
    let pos = RefPos::from_pieces(&[("f5", 'K'), ("f7", 'k')], true);
    assert!(!targets_from(&pos, "f5").contains("f6"));
    // In check: every legal move resolves it; the king cannot step along the
    // checking line.
    let pos = RefPos::from_pieces(&[("f1", 'K'), ("f9", 'r'), ("a2", 'N'), ("l6", 'k')], true);
    assert!(pos.in_check());
    assert!(!targets_from(&pos, "f1").contains("f2"));
    assert!(targets_from(&pos, "a2").is_empty(), "knight cannot block");
    for m in pos.legal_moves() {
        let mut p = pos.clone();
        p.play(&m).unwrap();
        assert!(
            !with_side(&p, true).in_check(),
            "{} leaves king in check",
            m
        );
    }
    // Mate: White king a1 boxed in by its own pawns (a2 b1 b2 b3 c2) and
    // checked by a knight on b4 = (-4,2) (leap (-1,-2) to a1 = (-5,0)).
    // No White pawn can capture b4 (a3 and c4 would be needed).
    let pos = RefPos::from_pieces(
        &[
            ("a1", 'K'),
            ("a2", 'P'),
            ("b1", 'P'),
            ("b2", 'P'),
            ("b3", 'P'),
            ("c2", 'P'),
            ("b4", 'n'),
            ("l6", 'k'),
        ],
        true,
    );
    assert!(pos.in_check());
    assert!(pos.legal_moves().is_empty(), "{:?}", pos.legal_moves());
    assert_eq!(pos.perft(1), 0);
    assert_eq!(pos.perft(3), 0);
}

#[test]
fn play_and_divide_are_consistent() {
    let pos = RefPos::start();
    assert!(RefPos::start().play("f5f7").is_err());
    assert!(RefPos::start().play("zz").is_err());
    assert!(
        RefPos::start().play("f7f6").is_err(),
        "Black piece, White to move"
    );
    assert!(perft_divide(&pos, 0).is_empty());
    let div = perft_divide(&pos, 2);
    assert_eq!(div.len(), 51);
    let mut sorted = div.clone();
    sorted.sort();
    assert_eq!(sorted, div);
    let total: u64 = div.iter().map(|(_, n)| n).sum();
    assert_eq!(total, pos.perft(2));
    for (mv, n) in &div {
        let mut p = pos.clone();
        p.play(mv).unwrap();
        assert!(!p.white_to_move());
        assert_eq!(p.legal_moves().len() as u64, *n);
    }
}

#[test]
fn mirror_symmetry_after_some_moves() {
    // The colour-swapped vertical mirror of a position has the same perft.
    let mut pos = RefPos::start();
    let mut k = 7usize;
    let mut played = Vec::new();
    while played.len() < 8 {
        let moves = pos.legal_moves();
        let mv = moves[k % moves.len()].clone();
        k = k * 31 + 5;
        let mut next = pos.clone();
        next.play(&mv).unwrap();
        if next.en_passant_cell().is_none() {
            pos = next;
            played.push(mv);
        }
    }
    println!("mirror test line: {:?}", played);
    let m = mirrored(&pos);
    for d in 1..=3 {
        assert_eq!(pos.perft(d), m.perft(d), "depth {}", d);
    }
}

/// Perft from the start position, printed for recording. Depth 4 (about 7M
/// leaves) takes ~10 s at opt-level 2; set GLINSKI_REF_DEPTH to change the
/// maximum depth.
///
/// The expected values guard the oracle against regressions. Depths 1-4 were
/// reproduced by a second, throwaway implementation (Python, legality via the
/// opponent's full pseudo-legal move list instead of per-piece attack tests).
#[test]
fn perft_from_start() {
    const EXPECTED: [u64; 5] = [1, 51, 2586, 137858, 7282418];
    let pos = RefPos::start();
    let max_depth: u32 = std::env::var("GLINSKI_REF_DEPTH")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2);
    for d in 1..=max_depth {
        let t = Instant::now();
        let n = pos.perft(d);
        println!(
            "glinski reference perft({}) = {}  ({:.2?})",
            d,
            n,
            t.elapsed()
        );
        if let Some(&e) = EXPECTED.get(d as usize) {
            assert_eq!(n, e, "perft({})", d);
        }
    }
}
