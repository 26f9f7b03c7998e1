//! Self-tests of the independent Mirodol reference move generator
//! (tests/support/mirodol_ref.rs). Every expected number or set below is
//! derived by hand from ../shared/rules/mirodol.md in the comment next to
//! it. Build and run without cargo:
//! `rustc --edition 2021 -O --test tests/mirodol_reference_selftest.rs -o /tmp/mref_selftest && /tmp/mref_selftest --nocapture`
//! (`--nocapture` shows the perft numbers and timings).
//!
//! Cell names: files a..j, ranks 1..10. FEN placement runs from rank 10 down.

#[path = "support/mirodol_ref.rs"]
mod mirodol_ref;

use mirodol_ref::RefPos;
use std::collections::BTreeSet;
use std::time::Instant;

const START: &str = "arnbkqbnra/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/ARNBKQBNRA w KQkq - 0 1";
/// The digest's castling example: rooks b1 and i1, king e1, a1 and j1 empty.
const CASTLE_EXAMPLE: &str = "4k5/10/10/10/10/10/10/10/10/1R2K3R1 w KQ - 0 1";
const CASTLE_CORNERS: &str = "r3k4r/10/10/10/10/10/10/10/10/R3K4R w KQkq - 0 1";

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn pos(fen: &str) -> RefPos {
    RefPos::from_fen(fen).unwrap_or_else(|e| panic!("bad FEN {}: {}", fen, e))
}

/// Split a move key into (from, to, suffix): `e9e10q` -> (e9, e10, q),
/// `e1b1/castle` -> (e1, b1, /castle).
fn split_key(key: &str) -> (String, String, String) {
    let chars: Vec<char> = key.chars().collect();
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

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn all_moves(p: &mut RefPos) -> BTreeSet<String> {
    p.legal_moves().into_iter().collect()
}

/// Legal move keys starting on `cell` (castling excluded).
fn moves_from(p: &mut RefPos, cell: &str) -> BTreeSet<String> {
    p.legal_moves()
        .into_iter()
        .filter(|k| {
            let (from, _, suffix) = split_key(k);
            from == cell && suffix != "/castle"
        })
        .collect()
}

/// Destination cells of the legal non-castling moves starting on `cell`.
fn targets(p: &mut RefPos, cell: &str) -> BTreeSet<String> {
    moves_from(p, cell).iter().map(|k| split_key(k).1).collect()
}

fn castles(p: &mut RefPos) -> BTreeSet<String> {
    p.legal_moves()
        .into_iter()
        .filter(|k| k.ends_with("/castle"))
        .collect()
}

/// The rank-1 field of the placement.
fn rank1(p: &RefPos) -> String {
    p.placement().rsplit('/').next().unwrap().to_string()
}

/// The rank-10 field of the placement.
fn rank10(p: &RefPos) -> String {
    p.placement().split('/').next().unwrap().to_string()
}

// ---------------------------------------------------------------------------
// FEN
// ---------------------------------------------------------------------------

#[test]
fn fen_round_trip_and_errors() {
    // The placement is printed back exactly, two-digit runs included.
    let p = pos(START);
    assert_eq!(
        p.placement(),
        "arnbkqbnra/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/ARNBKQBNRA"
    );
    assert_eq!(p.castling_rights(), "KQkq");
    assert_eq!(p.piece_at("a1"), Some('A'));
    assert_eq!(p.piece_at("e1"), Some('K'));
    assert_eq!(p.piece_at("f10"), Some('q'));
    assert_eq!(p.piece_at("j10"), Some('a'));
    assert_eq!(p.piece_at("e5"), None);
    // 9 ranks, an 11-cell rank, a bad letter, a bad side: all refused.
    assert!(RefPos::from_fen("10/10/10/10/10/10/10/10/10 w - - 0 1").is_err());
    assert!(RefPos::from_fen("11/10/10/10/10/10/10/10/10/10 w - - 0 1").is_err());
    assert!(RefPos::from_fen("x9/10/10/10/10/10/10/10/10/10 w - - 0 1").is_err());
    assert!(RefPos::from_fen("10/10/10/10/10/10/10/10/10/10 x - - 0 1").is_err());
}

#[test]
fn castling_letter_without_king_or_rook_on_back_rank_gives_nothing() {
    // King on e2, not on its back rank: K and Q give no rights.
    let p = pos("4k5/10/10/10/10/10/10/10/4K5/1R6R1 w KQ - 0 1");
    assert_eq!(p.castling_rights(), "-");
    // King e1 but no rook right of it: only Q (rook b1) survives.
    let p = pos("4k5/10/10/10/10/10/10/10/8R1/1R2K5 w KQ - 0 1");
    assert_eq!(p.castling_rights(), "Q");
}

// ---------------------------------------------------------------------------
// Pieces
// ---------------------------------------------------------------------------

/// Lone piece on e5, kings on a10 (Black) and j1 (White), which lie on no line
/// or leap of the piece.
fn lone(piece: char) -> String {
    format!("k9/10/10/10/10/4{}5/10/10/10/9K w - - 0 1", piece)
}

#[test]
fn archer_sixteen_targets_from_the_centre() {
    // e5 = (file 4, rank 4). (±3,±1): h6 h4 b6 b4; (±1,±3): f8 f2 d8 d2;
    // (±3,±2): h7 h3 b7 b3; (±2,±3): g8 g2 c8 c2. All on the board: 16,
    // as the digest says ("16 targets from the centre").
    let mut p = pos(&lone('A'));
    let expected = set(&[
        "h6", "h4", "b6", "b4", "f8", "f2", "d8", "d2", "h7", "h3", "b7", "b3", "g8", "g2", "c8",
        "c2",
    ]);
    assert_eq!(expected.len(), 16);
    assert_eq!(targets(&mut p, "e5"), expected);
}

#[test]
fn archer_jumps_over_a_full_ring() {
    // "It jumps (nothing blocks it)": eight own pawns round e5 change nothing,
    // still the same 16 targets.
    let mut p = pos("k9/10/10/10/3PPP4/3PAP4/3PPP4/10/10/9K w - - 0 1");
    assert_eq!(targets(&mut p, "e5").len(), 16);
    assert!(targets(&mut p, "e5").contains("c8"));
}

#[test]
fn archer_own_piece_blocks_target_enemy_is_captured() {
    // White knight on h6 (an Archer target): 16 - 1 = 15. Black knight on b4:
    // captured, still a target.
    let mut p = pos("k9/10/10/10/7N2/4A5/1n8/10/10/9K w - - 0 1");
    let t = targets(&mut p, "e5");
    assert_eq!(t.len(), 15);
    assert!(!t.contains("h6"));
    assert!(t.contains("b4"));
}

#[test]
fn archer_four_targets_from_each_corner() {
    // "From a corner the Archer attacks 4 squares": only the 4 offsets
    // pointing inwards stay on the board. Kings on e5/e7 are on none of them.
    let cases = [
        // a1 = (0,0): (3,1) d2, (1,3) b4, (3,2) d3, (2,3) c4
        (
            "10/10/10/4k5/10/4K5/10/10/10/A9 w - - 0 1",
            "a1",
            set(&["d2", "b4", "d3", "c4"]),
        ),
        // j1 = (9,0): (-3,1) g2, (-1,3) i4, (-3,2) g3, (-2,3) h4
        (
            "10/10/10/4k5/10/4K5/10/10/10/9A w - - 0 1",
            "j1",
            set(&["g2", "i4", "g3", "h4"]),
        ),
        // a10 = (0,9): (3,-1) d9, (1,-3) b7, (3,-2) d8, (2,-3) c7
        (
            "A9/10/10/4k5/10/4K5/10/10/10/10 w - - 0 1",
            "a10",
            set(&["d9", "b7", "d8", "c7"]),
        ),
        // j10 = (9,9): (-3,-1) g9, (-1,-3) i7, (-3,-2) g8, (-2,-3) h7
        (
            "9A/10/10/4k5/10/4K5/10/10/10/10 w - - 0 1",
            "j10",
            set(&["g9", "i7", "g8", "h7"]),
        ),
    ];
    for (fen, cell, expected) in cases {
        assert_eq!(targets(&mut pos(fen), cell), expected, "{}", fen);
    }
}

#[test]
fn sliders_knight_king_counts_and_archer_repeats_none_of_them() {
    // Rook e5: 9 on the e file + 9 on rank 5 = 18.
    // Bishop e5: f6 g7 h8 i9 j10 (5), d4 c3 b2 a1 (4), d6 c7 b8 a9 (4),
    // f4 g3 h2 i1 (4) = 17. Queen = 18 + 17 = 35. Knight e5: 8 leaps.
    let mut counts = Vec::new();
    for (piece, n) in [('R', 18), ('B', 17), ('Q', 35), ('N', 8), ('A', 16)] {
        let t = targets(&mut pos(&lone(piece)), "e5");
        assert_eq!(t.len(), n, "{}", piece);
        counts.push((piece, t));
    }
    // "The Archer's move repeats no move of another paired piece (Rook,
    // Bishop, Knight)": its 16 targets share none with theirs.
    let archer = &counts[4].1;
    for (piece, t) in &counts[..4] {
        if *piece != 'Q' {
            assert!(
                archer.is_disjoint(t),
                "Archer shares a target with {}",
                piece
            );
        }
    }
    // King e5 with the black king on a10: the 8 neighbours.
    let mut p = pos("k9/10/10/10/10/4K5/10/10/10/10 w - - 0 1");
    assert_eq!(
        targets(&mut p, "e5"),
        set(&["d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"])
    );
}

// ---------------------------------------------------------------------------
// Pawns
// ---------------------------------------------------------------------------

/// A lone pawn (`P` or `p`) on the e file at `rank`, kings on a10 (Black)
/// and j1 (White), `side` to move.
fn pawn_fen(rank: usize, pawn: char, side: char) -> String {
    let mut rows = vec!["10".to_string(); 10];
    rows[0] = "k9".to_string();
    rows[9] = "9K".to_string();
    rows[10 - rank] = format!("4{}5", pawn);
    format!("{} {} - - 0 1", rows.join("/"), side)
}

#[test]
fn white_pawn_advances_by_rank() {
    // Own half = ranks 1..5, destination may not be beyond rank 5; one step
    // is always allowed; on the enemy half only one step.
    let cases: [(usize, &[&str]); 6] = [
        (2, &["e2e3", "e2e4", "e2e5"]), // "from rank 2: 1, 2 or 3 squares"
        (3, &["e3e4", "e3e5"]),         // "from rank 3: 1 or 2"
        (4, &["e4e5"]),                 // destination <= rank 5: 1
        (5, &["e5e6"]),                 // "from rank 5: 1", "may only step to rank 6"
        (6, &["e6e7"]),                 // enemy half: one square
        (8, &["e8e9"]),                 // enemy half: one square
    ];
    for (rank, expected) in cases {
        let mut p = pos(&pawn_fen(rank, 'P', 'w'));
        assert_eq!(
            moves_from(&mut p, &format!("e{}", rank)),
            set(expected),
            "rank {}",
            rank
        );
    }
}

#[test]
fn black_pawn_advances_by_rank() {
    // Mirror: own half = ranks 10..6, destination not below rank 6.
    let cases: [(usize, &[&str]); 6] = [
        (9, &["e9e8", "e9e7", "e9e6"]), // 1, 2 or 3 squares
        (8, &["e8e7", "e8e6"]),         // 1 or 2
        (7, &["e7e6"]),                 // 1
        (6, &["e6e5"]),                 // rank 6 -> may only step to rank 5
        (5, &["e5e4"]),                 // enemy half: one
        (3, &["e3e2"]),                 // enemy half: one
    ];
    for (rank, expected) in cases {
        let mut p = pos(&pawn_fen(rank, 'p', 'b'));
        assert_eq!(
            moves_from(&mut p, &format!("e{}", rank)),
            set(expected),
            "rank {}",
            rank
        );
    }
}

#[test]
fn pawn_advance_stops_at_the_first_piece_and_never_captures_straight() {
    // Black knight on e5: e3, e4 (not e5). On e4: only e3. On e3: nothing.
    let blocked = [
        (
            "k9/10/10/10/10/4n5/10/10/4P5/9K w - - 0 1",
            set(&["e2e3", "e2e4"]),
        ),
        ("k9/10/10/10/10/10/4n5/10/4P5/9K w - - 0 1", set(&["e2e3"])),
        ("k9/10/10/10/10/10/10/4n5/4P5/9K w - - 0 1", set(&[])),
    ];
    for (fen, expected) in blocked {
        assert_eq!(moves_from(&mut pos(fen), "e2"), expected, "{}", fen);
    }
}

#[test]
fn pawn_captures_diagonally_forward_only_enemies() {
    // Black knights d3 and f3: captures e2d3, e2f3 + the three advances = 5.
    let mut p = pos("k9/10/10/10/10/10/10/3n1n4/4P5/9K w - - 0 1");
    assert_eq!(
        moves_from(&mut p, "e2"),
        set(&["e2e3", "e2e4", "e2e5", "e2d3", "e2f3"])
    );
    // Own knight on d3, black knight on d1 (backwards): neither is captured.
    let mut p = pos("k9/10/10/10/10/10/10/3N6/4P5/3n5K w - - 0 1");
    assert_eq!(moves_from(&mut p, "e2"), set(&["e2e3", "e2e4", "e2e5"]));
}

#[test]
fn promotion_offers_five_pieces() {
    // White pawn e9 -> e10: Q, R, B, N or A, mandatory (no plain e9e10).
    let mut p = pos(&pawn_fen(9, 'P', 'w'));
    assert_eq!(
        moves_from(&mut p, "e9"),
        set(&["e9e10q", "e9e10r", "e9e10b", "e9e10n", "e9e10a"])
    );
    // Black pawn e2 -> e1, the same five.
    let mut p = pos(&pawn_fen(2, 'p', 'b'));
    assert_eq!(
        moves_from(&mut p, "e2"),
        set(&["e2e1q", "e2e1r", "e2e1b", "e2e1n", "e2e1a"])
    );
    // Capturing promotions: e10 blocked by a knight, rooks on d10 and f10:
    // 2 captures x 5 pieces = 10.
    let mut p = pos("k2rnr4/4P5/10/10/10/10/10/10/10/9K w - - 0 1");
    assert_eq!(moves_from(&mut p, "e9").len(), 10);
    // The chosen piece is placed: e9e10a puts a white Archer on e10.
    let mut p = pos(&pawn_fen(9, 'P', 'w'));
    p.play("e9e10a").unwrap();
    assert_eq!(p.piece_at("e10"), Some('A'));
    assert_eq!(p.piece_at("e9"), None);
}

// ---------------------------------------------------------------------------
// En passant
// ---------------------------------------------------------------------------

#[test]
fn en_passant_after_two_square_advance() {
    // White c2, black d4 (attacks c3, e3), kings j1 / a10.
    // c2c4 passes c3 -> Black may take on c3. Black's moves: king a10 ->
    // a9, b9, b10 (3), d4d3 (1), d4c3 en passant (1) = 5.
    let mut p = pos("k9/10/10/10/10/10/3p6/10/2P7/9K w - - 0 1");
    p.play("c2c4").unwrap();
    assert_eq!(
        all_moves(&mut p),
        set(&["a10a9", "a10b9", "a10b10", "d4d3", "d4c3"])
    );
    p.play("d4c3").unwrap();
    // The captured pawn (c4) disappears, the capturer stands on c3.
    assert_eq!(p.piece_at("c4"), None);
    assert_eq!(p.piece_at("c3"), Some('p'));
    assert_eq!(p.piece_at("d4"), None);
}

#[test]
fn en_passant_after_three_square_advance_onto_each_passed_square() {
    // White c2, black d4 (attacks c3) and d5 (attacks c4). c2c5 passes c3
    // and c4. Black: king 3 + d4d3 + d4c3 (ep on c3) + d5c4 (ep on c4);
    // d5d4 is blocked by the own pawn = 6.
    let mut p = pos("k9/10/10/10/10/3p6/3p6/10/2P7/9K w - - 0 1");
    p.play("c2c5").unwrap();
    assert_eq!(
        all_moves(&mut p),
        set(&["a10a9", "a10b9", "a10b10", "d4d3", "d4c3", "d5c4"])
    );
    let mut onto_c3 = p.clone();
    onto_c3.play("d4c3").unwrap();
    assert_eq!(onto_c3.piece_at("c5"), None);
    assert_eq!(onto_c3.piece_at("c3"), Some('p'));
    let mut onto_c4 = p.clone();
    onto_c4.play("d5c4").unwrap();
    assert_eq!(onto_c4.piece_at("c5"), None);
    assert_eq!(onto_c4.piece_at("c4"), Some('p'));
    assert_eq!(onto_c4.piece_at("d4"), Some('p'));
}

#[test]
fn en_passant_after_two_square_advance_from_rank_three() {
    // White c3 -> c5 passes only c4. Black b4 attacks c3 (the origin, not
    // passed) and d5 attacks c4. Black: king 3 + b4b3 + d5d4 + d5c4 = 6,
    // and no b4c3.
    let mut p = pos("k9/10/10/10/10/3p6/1p8/2P7/10/9K w - - 0 1");
    p.play("c3c5").unwrap();
    assert_eq!(
        all_moves(&mut p),
        set(&["a10a9", "a10b9", "a10b10", "b4b3", "d5d4", "d5c4"])
    );
}

#[test]
fn no_en_passant_after_a_single_step() {
    // c4c5 is a one-square advance: nothing passed. Black d5 (attacks c4):
    // king 3 + d5d4 = 4, no d5c4.
    let mut p = pos("k9/10/10/10/10/3p6/2P7/10/10/9K w - - 0 1");
    p.play("c4c5").unwrap();
    assert_eq!(
        all_moves(&mut p),
        set(&["a10a9", "a10b9", "a10b10", "d5d4"])
    );
}

#[test]
fn en_passant_only_on_the_very_next_move() {
    // As in the two-square test, but Black first plays a king move, White a
    // king move: then d4c3 is gone. King a9: a10, a8, b10, b9, b8 (5) +
    // d4d3 = 6.
    let mut p = pos("k9/10/10/10/10/10/3p6/10/2P7/9K w - - 0 1");
    p.play_all("c2c4 a10a9 j1j2").unwrap();
    assert_eq!(
        all_moves(&mut p),
        set(&["a9a10", "a9a8", "a9b10", "a9b9", "a9b8", "d4d3"])
    );
}

#[test]
fn black_long_advance_gives_white_en_passant() {
    // Black e9, white d6 (attacks e7) and f7 (attacks e8).
    // e9e6 passes e8 and e7: White: king j1 -> i1, i2, j2 (3), d6d7, d6e7
    // (ep), f7f8, f7e8 (ep) = 7.
    let fen = "k9/4p5/10/5P4/3P6/10/10/10/10/9K b - - 0 1";
    let mut p = pos(fen);
    p.play("e9e6").unwrap();
    assert_eq!(
        all_moves(&mut p),
        set(&["j1i1", "j1i2", "j1j2", "d6d7", "d6e7", "f7f8", "f7e8"])
    );
    let mut q = p.clone();
    q.play("f7e8").unwrap();
    assert_eq!(q.piece_at("e6"), None);
    assert_eq!(q.piece_at("e8"), Some('P'));
    p.play("d6e7").unwrap();
    assert_eq!(p.piece_at("e6"), None);
    assert_eq!(p.piece_at("e7"), Some('P'));
    // e9e7 passes e8 only: f7e8 is en passant (removes e7), d6e7 an ordinary
    // capture: again 7 moves.
    let mut p = pos(fen);
    p.play("e9e7").unwrap();
    assert_eq!(
        all_moves(&mut p),
        set(&["j1i1", "j1i2", "j1j2", "d6d7", "d6e7", "f7f8", "f7e8"])
    );
    p.play("f7e8").unwrap();
    assert_eq!(p.piece_at("e7"), None);
}

#[test]
fn en_passant_that_uncovers_the_own_king_is_illegal() {
    // Black king a5, black pawns b5 and d4, white rook j5, white pawn c2.
    // After c2c5 (passes c3, c4): b5c4 would remove both b5 and c5 from
    // rank 5 and expose a5 to the rook: illegal. d4c3 removes only c5, b5
    // still shields: legal. King a5: a4, a6, b4 (b6 attacked by pawn c5,
    // b5 own) = 3; b5b4, d4d3, d4c3: 6 moves.
    let mut p = pos("10/10/10/10/10/kp7R/3p6/10/2P7/9K w - - 0 1");
    p.play("c2c5").unwrap();
    assert_eq!(
        all_moves(&mut p),
        set(&["a5a4", "a5a6", "a5b4", "b5b4", "d4d3", "d4c3"])
    );
}

// ---------------------------------------------------------------------------
// Castling
// ---------------------------------------------------------------------------

#[test]
fn castling_digest_example_destinations_and_rook_landings() {
    // Digest: "With the rooks on b1 and i1, the king on e1 and a1, j1 empty:
    // left to d1, c1, b1 or a1; right to f1, g1, h1, i1 or j1."
    // Rook: between -> beside the king on the origin side; on the rook's
    // square -> next to it towards the origin; the corner -> stays.
    let cases = [
        ("e1d1/castle", "3KR3R1"), // K d1, R b1 -> e1
        ("e1c1/castle", "2KR4R1"), // K c1, R b1 -> d1
        ("e1b1/castle", "1KR5R1"), // K b1 (rook's square), R -> c1
        ("e1a1/castle", "KR6R1"),  // K a1 (corner), R stays b1
        ("e1f1/castle", "1R2RK4"), // K f1, R i1 -> e1
        ("e1g1/castle", "1R3RK3"), // K g1, R i1 -> f1
        ("e1h1/castle", "1R4RK2"), // K h1, R i1 -> g1
        ("e1i1/castle", "1R5RK1"), // K i1 (rook's square), R -> h1
        ("e1j1/castle", "1R6RK"),  // K j1 (corner), R stays i1
    ];
    let mut p = pos(CASTLE_EXAMPLE);
    let expected: BTreeSet<String> = cases.iter().map(|c| c.0.to_string()).collect();
    assert_eq!(castles(&mut p), expected);
    for (key, row) in cases {
        let mut q = p.clone();
        q.play(key).unwrap();
        assert_eq!(rank1(&q), row, "{}", key);
        // Castling happens once: the king moved, both rights are gone.
        assert_eq!(q.castling_rights(), "-", "{}", key);
    }
    // Plain king steps and castling to the same square are distinct keys.
    let all = all_moves(&mut p);
    assert!(all.contains("e1d1") && all.contains("e1d1/castle"));
    assert!(all.contains("e1f1") && all.contains("e1f1/castle"));
}

#[test]
fn castling_example_perft1_by_hand() {
    // King steps d1 f1 d2 e2 f2 (5) + castling (9) + rook b1: b2..b10 (9) and
    // a1 c1 d1 (3) = 12 + rook i1: i2..i10 (9) and h1 g1 f1 j1 (4) = 13.
    // 5 + 9 + 12 + 13 = 39. (The black king on e10 reaches nothing.)
    assert_eq!(pos(CASTLE_EXAMPLE).perft(1), 39);
}

#[test]
fn castling_example_perft2_by_hand() {
    // Black's only piece, the king e10, has d10 f10 d9 e9 f9 (5) unless a
    // white move attacks some of them:
    // * rook b1: b2..b8 (7 x 5 = 35); b9 covers rank 9 (d9 e9 f9) -> 2;
    //   b10 checks along rank 10 (d10 f10 covered) -> d9 e9 f9 = 3;
    //   d1 covers d9 d10 -> 3; c1, a1 -> 5 + 5. 35+2+3+3+10 = 53.
    // * rook i1: i2..i8 (35); i9 -> 2; i10 checks -> 3; f1 covers f9 f10
    //   -> 3; h1, g1, j1 -> 15. 35+2+3+3+15 = 58.
    // * king steps d1 f1 d2 e2 f2: 5 x 5 = 25.
    // * castles (rook lands on): d1 (e1: check on the e file, king to
    //   d10 f10 d9 f9) 4; c1 (d1) 3; b1 (c1) 5; a1 (b1) 5; f1 (e1, check) 4;
    //   g1 (f1) 3; h1 (g1) 5; i1 (h1) 5; j1 (i1) 5 = 39.
    // 53 + 58 + 25 + 39 = 175.
    let mut p = pos(CASTLE_EXAMPLE);
    let d = p.divide(2);
    assert_eq!(d["e1d1/castle"], 4);
    assert_eq!(d["e1c1/castle"], 3);
    assert_eq!(d["e1a1/castle"], 5);
    assert_eq!(d["b1b10"], 3);
    assert_eq!(p.perft(2), 175);
}

#[test]
fn castling_corners_perft1_by_hand() {
    // King steps d1 f1 d2 e2 f2 (5); castles 9 - 2 (a1, j1 attacked down the
    // open a and j files) = 7; rook a1: a2..a10 (9, a10 captures) + b1 c1 d1
    // (3) = 12; rook j1: j2..j10 (9) + i1 h1 g1 f1 (4) = 13. 37.
    assert_eq!(pos(CASTLE_CORNERS).perft(1), 37);
}

#[test]
fn castling_black_mirror() {
    // Same geometry on rank 10 for Black.
    let mut p = pos("1r2k3r1/10/10/10/10/10/10/10/10/4K5 b kq - 0 1");
    let expected = set(&[
        "e10d10/castle",
        "e10c10/castle",
        "e10b10/castle",
        "e10a10/castle",
        "e10f10/castle",
        "e10g10/castle",
        "e10h10/castle",
        "e10i10/castle",
        "e10j10/castle",
    ]);
    assert_eq!(castles(&mut p), expected);
    let rows = [
        ("e10a10/castle", "kr6r1"),  // corner: rook stays b10
        ("e10b10/castle", "1kr5r1"), // rook's square: rook -> c10
        ("e10g10/castle", "1r3rk3"), // between: rook -> f10
    ];
    for (key, row) in rows {
        let mut q = p.clone();
        q.play(key).unwrap();
        assert_eq!(rank10(&q), row, "{}", key);
    }
}

#[test]
fn castling_with_corner_rooks() {
    // Rooks a1, j1 (the corners): nothing lies beyond them. Left: d1 (R e1),
    // c1 (R d1), b1 (R c1), a1 = rook's square (R b1); right f1 (R e1),
    // g1 (R f1), h1 (R g1), i1 (R h1), j1 = rook's square (R i1): 9.
    let mut p = pos("4k5/10/10/10/10/10/10/10/10/R3K4R w KQ - 0 1");
    let expected = set(&[
        "e1d1/castle",
        "e1c1/castle",
        "e1b1/castle",
        "e1a1/castle",
        "e1f1/castle",
        "e1g1/castle",
        "e1h1/castle",
        "e1i1/castle",
        "e1j1/castle",
    ]);
    assert_eq!(castles(&mut p), expected);
    let rows = [
        ("e1a1/castle", "KR7R"),
        ("e1j1/castle", "R7RK"),
        ("e1c1/castle", "2KR5R"),
        ("e1h1/castle", "R5RK2"),
    ];
    for (key, row) in rows {
        let mut q = p.clone();
        q.play(key).unwrap();
        assert_eq!(rank1(&q), row, "{}", key);
    }
    // With the black rooks on a10 and j10 (CASTLE_CORNERS) the a and j files
    // are open, so a1 and j1 -- the rooks' own squares -- are attacked:
    // e1a1 and e1j1 go, 7 castles remain.
    let c = castles(&mut pos(CASTLE_CORNERS));
    assert_eq!(c.len(), 7);
    assert!(!c.contains("e1a1/castle") && !c.contains("e1j1/castle"));
}

#[test]
fn castling_crossing_an_attacked_rook_square() {
    // Black rook b10 attacks the b file down to b1 (the white rook's square).
    // e1b1 lands on it, e1a1 crosses it: both forbidden. e1d1, e1c1 do not
    // reach b1: allowed (the rook's square is not crossed). Right side: 5.
    let mut p = pos("1r2k5/10/10/10/10/10/10/10/10/1R2K3R1 w KQ - 0 1");
    assert_eq!(
        castles(&mut p),
        set(&[
            "e1d1/castle",
            "e1c1/castle",
            "e1f1/castle",
            "e1g1/castle",
            "e1h1/castle",
            "e1i1/castle",
            "e1j1/castle"
        ])
    );
    // Mirror on the right: black rook i10 attacks i1: f1, g1, h1 stay,
    // i1 and j1 go.
    let mut p = pos("4k3r1/10/10/10/10/10/10/10/10/1R2K3R1 w KQ - 0 1");
    assert_eq!(
        castles(&mut p),
        set(&[
            "e1d1/castle",
            "e1c1/castle",
            "e1b1/castle",
            "e1a1/castle",
            "e1f1/castle",
            "e1g1/castle",
            "e1h1/castle"
        ])
    );
}

#[test]
fn castling_attacked_corner_and_attacked_between_square() {
    // Black rook a10 attacks a1 only: e1a1 forbidden, the rest allowed (8).
    let mut p = pos("r3k5/10/10/10/10/10/10/10/10/1R2K3R1 w KQ - 0 1");
    let c = castles(&mut p);
    assert_eq!(c.len(), 8);
    assert!(!c.contains("e1a1/castle"));
    // Black rook c10 attacks c1: e1c1 lands on it, e1b1 and e1a1 cross it;
    // only e1d1 on the left. Right: 5. Total 6.
    let mut p = pos("2r1k5/10/10/10/10/10/10/10/10/1R2K3R1 w KQ - 0 1");
    assert_eq!(
        castles(&mut p),
        set(&[
            "e1d1/castle",
            "e1f1/castle",
            "e1g1/castle",
            "e1h1/castle",
            "e1i1/castle",
            "e1j1/castle"
        ])
    );
    // Black Archer d2 attacks g1 ((3,-1)) and a1 ((-3,-1)), not e1 ((1,-1)).
    // Right: f1 only (g1 lands/crossed for g1..j1); left: d1, c1, b1 (a1
    // attacked). 4 castles.
    let mut p = pos("4k5/10/10/10/10/10/10/10/3a6/1R2K3R1 w KQ - 0 1");
    assert_eq!(
        castles(&mut p),
        set(&["e1f1/castle", "e1d1/castle", "e1c1/castle", "e1b1/castle"])
    );
}

#[test]
fn no_castling_out_of_check() {
    // Black rook e9 checks e1 along the e file: no castling. Legal: king
    // d1, f1, d2, f2 (e2 is on the file); neither rook can block or capture.
    let mut p = pos("4k5/4r5/10/10/10/10/10/10/10/1R2K3R1 w KQ - 0 1");
    assert!(p.in_check());
    assert_eq!(all_moves(&mut p), set(&["e1d1", "e1f1", "e1d2", "e1f2"]));
}

#[test]
fn castling_corner_blocked_by_a_piece_beyond_the_rook() {
    // White knight on a1, black knight on j1: the corners beyond b1 and i1
    // are occupied, so e1a1 and e1j1 are gone; the rook's own square and
    // the squares between remain (4 + 3 = 7).
    let mut p = pos("4k5/10/10/10/10/10/10/10/10/NR2K3Rn w KQ - 0 1");
    assert_eq!(
        castles(&mut p),
        set(&[
            "e1d1/castle",
            "e1c1/castle",
            "e1b1/castle",
            "e1f1/castle",
            "e1g1/castle",
            "e1h1/castle",
            "e1i1/castle"
        ])
    );
}

#[test]
fn castling_needs_empty_squares_between_king_and_rook() {
    // "no piece between them": a bishop on c1 removes all left castling,
    // even e1d1 (the king would not pass c1 itself). Right side: 5.
    let mut p = pos("4k5/10/10/10/10/10/10/10/10/1RB1K3R1 w KQ - 0 1");
    assert_eq!(
        castles(&mut p),
        set(&[
            "e1f1/castle",
            "e1g1/castle",
            "e1h1/castle",
            "e1i1/castle",
            "e1j1/castle"
        ])
    );
}

#[test]
fn castling_uses_the_outermost_rook_and_only_granted_sides() {
    // Rooks g1 and i1 with K: the castling rook is i1 (outermost); g1 stands
    // between, so no castling at all.
    let mut p = pos("4k5/10/10/10/10/10/10/10/10/4K1R1R1 w K - 0 1");
    assert_eq!(castles(&mut p), set(&[]));
    // Only Q granted in the digest example: the 4 left castles.
    let mut p = pos("4k5/10/10/10/10/10/10/10/10/1R2K3R1 w Q - 0 1");
    assert_eq!(
        castles(&mut p),
        set(&["e1d1/castle", "e1c1/castle", "e1b1/castle", "e1a1/castle"])
    );
}

#[test]
fn castling_rook_not_next_to_the_corner_and_adjacent_rook() {
    // Interpretation: beyond the rook only the corner is a destination.
    // Rook h1, king e1: f1 (R e1), g1 (R f1), h1 (R g1); no i1.
    let mut p = pos("4k5/10/10/10/10/10/10/10/10/4K2R2 w K - 0 1");
    assert_eq!(
        castles(&mut p),
        set(&["e1f1/castle", "e1g1/castle", "e1h1/castle"])
    );
    // King h1 next to rook i1: i1 (rook's square; R -> h1, the king's
    // origin) and the corner j1 (R stays).
    let mut p = pos("4k5/10/10/10/10/10/10/10/10/7KR1 w K - 0 1");
    assert_eq!(castles(&mut p), set(&["h1i1/castle", "h1j1/castle"]));
    let mut q = p.clone();
    q.play("h1i1/castle").unwrap();
    assert_eq!(rank1(&q), "7RK1");
    p.play("h1j1/castle").unwrap();
    assert_eq!(rank1(&p), "8RK");
}

#[test]
fn castling_rights_lost_when_king_or_rook_moves() {
    // King out and back: no castling any more.
    let mut p = pos(CASTLE_EXAMPLE);
    p.play_all("e1e2 e10e9 e2e1 e9e10").unwrap();
    assert_eq!(castles(&mut p), set(&[]));
    assert_eq!(p.castling_rights(), "-");
    // Rook i1 out and back: right side gone, left side (4) stays.
    let mut p = pos(CASTLE_EXAMPLE);
    p.play_all("i1i2 e10e9 i2i1 e9e10").unwrap();
    assert_eq!(
        castles(&mut p),
        set(&["e1d1/castle", "e1c1/castle", "e1b1/castle", "e1a1/castle"])
    );
    assert_eq!(p.castling_rights(), "Q");
}

#[test]
fn castling_right_lost_when_rook_is_captured() {
    // Black Archer e2 takes the rook on b1 ((-3,-1)); the white rook b5
    // retakes, so a white rook stands on b1 again, yet it has moved: only
    // the right side (5) remains.
    let mut p = pos("4k5/10/10/10/10/1R8/10/10/4a5/1R2K3R1 b KQ - 0 1");
    p.play("e2b1").unwrap();
    assert_eq!(p.castling_rights(), "K");
    p.play_all("b5b1 e10e9").unwrap();
    assert_eq!(
        castles(&mut p),
        set(&[
            "e1f1/castle",
            "e1g1/castle",
            "e1h1/castle",
            "e1i1/castle",
            "e1j1/castle"
        ])
    );
}

// ---------------------------------------------------------------------------
// Checks and pins
// ---------------------------------------------------------------------------

#[test]
fn pinned_rook_moves_only_along_the_pin() {
    // White K e1, R e4; black rook e9 pins along the e file. Rook: e2, e3,
    // e5, e6, e7, e8, e9 (capture) = 7; king d1, f1, d2, e2, f2 = 5. 12.
    let mut p = pos("k9/4r5/10/10/10/10/4R5/10/10/4K5 w - - 0 1");
    assert_eq!(
        moves_from(&mut p, "e4"),
        set(&["e4e2", "e4e3", "e4e5", "e4e6", "e4e7", "e4e8", "e4e9"])
    );
    assert_eq!(p.perft(1), 12);
}

#[test]
fn pinned_archer_cannot_move() {
    // White Archer e2 between K e1 and black rook e9: any leap leaves the
    // file, so 0 Archer moves; king d1, f1, d2, f2 = 4.
    let mut p = pos("k9/4r5/10/10/10/10/10/10/4A5/4K5 w - - 0 1");
    assert_eq!(moves_from(&mut p, "e2"), set(&[]));
    assert_eq!(p.perft(1), 4);
}

#[test]
fn archer_check_cannot_be_blocked() {
    // Black Archer h2 checks e1 ((-3,-1)). It attacks e3, e1, i5, g5, e4,
    // j5, f5 -- none of the king's flight squares d1 f1 d2 e2 f2. The rook
    // a2 cannot block a leap, only capture on h2. 5 + 1 = 6.
    let mut p = pos("9k/10/10/10/10/10/10/10/R6a2/4K5 w - - 0 1");
    assert!(p.in_check());
    assert_eq!(
        all_moves(&mut p),
        set(&["e1d1", "e1f1", "e1d2", "e1e2", "e1f2", "a2h2"])
    );
}

#[test]
fn pawn_check_and_kings_keep_apart() {
    // Black pawn d2 checks e1 (it attacks c1, e1). Rook a5 can neither
    // capture nor block: only the king's 5 moves d1 f1 d2(x) e2 f2.
    let mut p = pos("k9/10/10/10/10/R9/10/10/3p6/4K5 w - - 0 1");
    assert!(p.in_check());
    assert_eq!(
        all_moves(&mut p),
        set(&["e1d1", "e1f1", "e1d2", "e1e2", "e1f2"])
    );
    // Kings e1 and e3: d2, e2, f2 touch the black king: only d1, f1.
    let mut p = pos("10/10/10/10/10/10/10/4k5/10/4K5 w - - 0 1");
    assert_eq!(all_moves(&mut p), set(&["e1d1", "e1f1"]));
}

#[test]
fn checkmate_and_stalemate_have_no_moves() {
    // K a1, black Q b2 guarded by black K c3: a2, b1 attacked, b2 guarded:
    // mate, perft 1 = 0.
    let mut p = pos("10/10/10/10/10/10/10/2k7/1q8/K9 w - - 0 1");
    assert!(p.in_check());
    assert_eq!(p.perft(1), 0);
    // K a1, black Q c2: a2 (rank 2), b1 (diagonal), b2 attacked; a1 not
    // ((−2,−1) is no queen line): stalemate, 0 moves, not in check.
    let mut p = pos("9k/10/10/10/10/10/10/10/2q7/K9 w - - 0 1");
    assert!(!p.in_check());
    assert_eq!(p.perft(1), 0);
}

// ---------------------------------------------------------------------------
// Start position
// ---------------------------------------------------------------------------

#[test]
fn start_position_perft1_by_hand() {
    // Pawns a2..j2: 3 advances each (to ranks 3, 4, 5) = 30.
    // Knights c1 (b3, d3; a2 e2 own) and h1 (g3, i3) = 4.
    // Archers a1 (d2 own; b4, d3, c4) and j1 (g2 own; i4, g3, h4) = 6.
    // Bishops, rooks, queen, king: boxed in; castling: c1, d1 / f1, g1, h1
    // occupied. 30 + 4 + 6 = 40.
    let mut p = pos(START);
    let mut expected = BTreeSet::new();
    for f in "abcdefghij".chars() {
        for r in 3..=5 {
            expected.insert(format!("{}2{}{}", f, f, r));
        }
    }
    for k in [
        "c1b3", "c1d3", "h1g3", "h1i3", "a1b4", "a1d3", "a1c4", "j1i4", "j1g3", "j1h4",
    ] {
        expected.insert(k.to_string());
    }
    assert_eq!(expected.len(), 40);
    assert_eq!(all_moves(&mut p), expected);
    assert_eq!(p.perft(1), 40);
}

#[test]
fn start_position_perft2_is_40_times_40() {
    // White's first move reaches at most rank 5 (pawns), rank 4 (Archers),
    // rank 3 (knights); Black's 40 moves (mirror of White's) go to ranks
    // 8..6 and never meet a white piece, no white move attacks anything
    // near the black king, and no black pawn stands next to a passed square
    // (those are on ranks 3-4). So every white move has exactly 40 replies:
    // 40 * 40 = 1600.
    let mut p = pos(START);
    let d = p.divide(2);
    assert_eq!(d.len(), 40);
    assert!(d.values().all(|&n| n == 40));
    assert_eq!(p.perft(2), 1600);
}

#[test]
fn colour_and_file_mirrors_agree() {
    // The start position with Black to move is the colour mirror of the
    // start (kings and queens on the same files): equal perft 3.
    let black_start = START.replace(" w ", " b ");
    assert_eq!(pos(START).perft(3), pos(&black_start).perft(3));
    // The castling example and its colour mirror.
    let black_example = "1r2k3r1/10/10/10/10/10/10/10/10/4K5 b kq - 0 1";
    assert_eq!(pos(CASTLE_EXAMPLE).perft(3), pos(black_example).perft(3));
    // The castling example mirrored left-right (king f1, rooks b1/i1 swap
    // roles): K and Q exchange sides, perft equal.
    let file_mirror = "5k4/10/10/10/10/10/10/10/10/1R3K2R1 w KQ - 0 1";
    assert_eq!(pos(CASTLE_EXAMPLE).perft(3), pos(file_mirror).perft(3));
}

#[test]
fn report_perft_numbers() {
    // Not a check: prints the numbers for the harness report
    // (run with --nocapture).
    for fen in [START, CASTLE_EXAMPLE, CASTLE_CORNERS] {
        for depth in 1..=3 {
            let mut p = pos(fen);
            let t = Instant::now();
            let n = p.perft(depth);
            println!(
                "perft {} = {:>10} in {:>8.3?}  {}",
                depth,
                n,
                t.elapsed(),
                fen
            );
        }
    }
}
