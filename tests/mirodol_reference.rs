//! The engine's Mirodol against the independent reference move generator
//! (tests/support/mirodol_ref.rs, written from shared/rules/mirodol.md by
//! someone who had not read the engine, sharing no code with it; its own
//! hand-derived self-tests are tests/mirodol_reference_selftest.rs).
//!
//! Two checks: perft per root move on positions where every castling form of
//! the corrected digest occurs (onto the rook's square, into the corner with
//! the rook staying, crossing an attacked rook square, pieces beyond the
//! rook), and random games in which the legal-move sets must agree at every
//! ply (pawn runs, en passant, promotion and castling arise there too).

#[path = "support/games.rs"]
mod games;
#[path = "support/mirodol_ref.rs"]
mod mirodol_ref;

use mirodol_ref::RefPos;
use runtime::notation::{parse_position, write_fen};
use runtime::{Game, Move, MoveKind, Position};
use std::collections::BTreeMap;
use std::sync::OnceLock;

fn game() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(&GAME, "stdlib/mirodol.variant", games::Claims::Skipped)
}

/// The reference's key of an engine move: `<from><to>[promotion letter]`,
/// castlings `<from><to>/castle`.
fn key(game: &Game, mv: Move) -> String {
    let mut s = format!("{}{}", game.cell_name(mv.from()), game.cell_name(mv.to()));
    if mv.kind() == MoveKind::Castle {
        s += "/castle";
    } else if let Some(kind) = mv.promotion() {
        s.push(game.ir().kinds[kind].letter.to_ascii_lowercase());
    }
    s
}

fn engine_divide(p: &mut Position, depth: u32) -> BTreeMap<String, u64> {
    let mut out = BTreeMap::new();
    for (mv, n) in p.divide(depth) {
        let k = key(p.game(), mv);
        assert!(
            out.insert(k.clone(), n).is_none(),
            "two engine moves keyed {k}"
        );
    }
    out
}

fn engine_moves(p: &mut Position) -> Vec<(String, Move)> {
    let mut list = Vec::new();
    p.legal_moves(&mut list);
    let mut keyed: Vec<(String, Move)> = list.iter().map(|&m| (key(p.game(), m), m)).collect();
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    keyed
}

/// Positions with every castling form; White and Black to move.
const CASTLING_POSITIONS: &[&str] = &[
    // The digest's example: rooks b1 and i1, king e1, corners empty (9 castlings).
    "4k5/10/10/10/10/10/10/10/10/1R2K3R1 w KQ - 0 1",
    // Both sides, rooks on the same files: the rook squares are attacked.
    "1r2k3r1/10/10/10/10/10/10/10/10/1R2K3R1 w KQkq - 0 1",
    "1r2k3r1/10/10/10/10/10/10/10/10/1R2K3R1 b KQkq - 0 1",
    // Pieces in the corners beyond the rooks (own and enemy).
    "4k5/10/10/10/10/10/10/10/10/NR2K3Rn w KQ - 0 1",
    // A bishop attacking a crossed square; an Archer attacking the rook's b1.
    "4k5/10/10/10/10/2b7/10/10/10/1R2K3R1 w KQ - 0 1",
    "4k5/10/10/10/10/10/10/4a5/10/1R2K3R1 w KQ - 0 1",
    // An enemy rook beyond the white rook (it attacks the rook's square).
    "4k5/10/10/10/10/10/10/10/10/1R2K3Rr w KQ - 0 1",
    // Black's castling with White's pieces around.
    "1r2k3r1/10/10/10/10/10/10/10/10/4K1B3 b kq - 0 1",
    // The start army without the pieces between king and rooks.
    "ar2kq2ra/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/AR2KQ2RA w KQkq - 0 1",
];

#[test]
fn castling_positions_agree_with_the_reference_per_root_move() {
    for fen in CASTLING_POSITIONS {
        let mut p = parse_position(game(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut r = RefPos::from_fen(fen).unwrap_or_else(|e| panic!("reference {fen}: {e}"));
        for depth in 1..=3 {
            let ours = engine_divide(&mut p, depth);
            let theirs = r.divide(depth);
            assert_eq!(ours, theirs, "{fen} depth {depth}");
        }
    }
}

#[test]
fn start_position_agrees_to_depth_3() {
    let mut p = Position::start(game());
    let mut r = RefPos::from_fen(&write_fen(&p).unwrap()).unwrap();
    assert_eq!(engine_divide(&mut p, 3), r.divide(3));
}

/// Random games (a fixed LCG, so failures reproduce): the sorted legal-move
/// keys of engine and reference are equal at every ply.
#[test]
fn random_games_agree_at_every_ply() {
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    let starts = [
        CASTLING_POSITIONS[8],
        CASTLING_POSITIONS[1],
        CASTLING_POSITIONS[0],
    ];
    let mut plies = 0;
    for g in 0..120 {
        let fen = if g % 4 == 3 {
            write_fen(&Position::start(game())).unwrap()
        } else {
            starts[g % 3].to_string()
        };
        let mut p = parse_position(game(), &fen).unwrap();
        let mut r = RefPos::from_fen(&fen).unwrap();
        let mut played = Vec::new();
        for _ in 0..80 {
            let ours = engine_moves(&mut p);
            let theirs = r.legal_moves();
            let keys: Vec<&String> = ours.iter().map(|(k, _)| k).collect();
            assert_eq!(
                keys,
                theirs.iter().collect::<Vec<_>>(),
                "game {g} from {fen} after {}",
                played.join(" ")
            );
            if ours.is_empty() {
                break;
            }
            let (k, mv) = ours[next() % ours.len()].clone();
            p.make(mv);
            r.play(&k).unwrap();
            played.push(k);
            plies += 1;
        }
    }
    assert!(plies > 5000, "only {plies} plies compared");
}
