//! A check of the retrograde analysis's un-moves against the runtime's own
//! move generator: on every legal position of a material, the positions
//! one quiet move leads to and the positions un-moves lead back from must
//! be the same relation.

use super::{check_modelled, Board, Layout};
use crate::endgame::{distinct, standable_cells, Material, Slots, Unsupported};
use crate::game::{Game, EMPTY};

/// What `cross_check` compared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossCheck {
    /// Legal positions (both sides to move) whose moves were compared.
    pub positions: u64,
    /// Quiet moves between them, from the forward generator.
    pub moves: u64,
    /// Positions whose predecessors by un-moves differ from the forward
    /// generator's, and the first of them.
    pub mismatches: u64,
    pub first_mismatch: Option<String>,
}

/// Checks the un-moves against the runtime's move generator on every legal
/// position of `material`: the positions one quiet move leads to, and the
/// positions un-moves lead back to, must be the same relation (compared
/// per position by count, sum and a hash of the predecessors' indices).
pub fn cross_check(game: &Game, material: &Material) -> Result<CrossCheck, Unsupported> {
    let standable = standable_cells(game);
    let slots = Slots::new(game, material, &standable)?.slots;
    check_modelled(game, &slots)?;
    let layout = Layout::new(game, slots)?;
    let size = layout.index.size as usize;
    let n = layout.slots.len();
    let mix = |q: u64| {
        let mut z = q.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z ^ (z >> 31)
    };
    // Per side that moved and successor: count, sum and hash of the origins.
    let mut count = vec![[0u32; 2]; size];
    let mut sum = vec![[0u64; 2]; size];
    let mut hash = vec![[0u64; 2]; size];
    let mut legal = vec![[false; 2]; size];
    let mut board = Board::new(game, &layout.slots);
    let mut cells = vec![0u16; n];
    let mut moves = Vec::new();
    let mut successors: Vec<u64> = Vec::new();
    let mut check = CrossCheck {
        positions: 0,
        moves: 0,
        mismatches: 0,
        first_mismatch: None,
    };
    for index in 0..size as u64 {
        layout.index.decode(index, &mut cells);
        if !distinct(&cells) {
            continue;
        }
        board.show(&cells);
        for side in 0..2 {
            board.pos.set_to_move(side);
            if board.pos.royal_attacked(1 - side) {
                continue;
            }
            legal[index as usize][side] = true;
            check.positions += 1;
            board.pos.legal_moves(&mut moves);
            successors.clear();
            for mv in &moves {
                if board.pos.board[mv.to as usize] != EMPTY {
                    continue;
                }
                let mut after = cells.clone();
                let s = cells
                    .iter()
                    .position(|&c| c == mv.from)
                    .expect("a piece of the material");
                after[s] = mv.to;
                if let Some(j) = layout.index.encode(&after) {
                    successors.push(j);
                }
            }
            successors.sort_unstable();
            successors.dedup();
            for &j in &successors {
                let j = j as usize;
                count[j][side] += 1;
                sum[j][side] = sum[j][side].wrapping_add(index);
                hash[j][side] ^= mix(index);
            }
            check.moves += successors.len() as u64;
        }
    }
    let mut before = Vec::new();
    for index in 0..size as u64 {
        let i = index as usize;
        for mover in 0..2 {
            // Positions with `mover` just moved: the other side to move.
            if !legal[i][1 - mover] {
                continue;
            }
            layout.index.decode(index, &mut cells);
            layout.predecessors(index, &cells, mover, &mut board, &mut before);
            before.retain(|&q| legal[q as usize][mover]);
            before.sort_unstable();
            before.dedup();
            let (mut c, mut s, mut h) = (0u32, 0u64, 0u64);
            for &q in &before {
                c += 1;
                s = s.wrapping_add(q);
                h ^= mix(q);
            }
            if (c, s, h) != (count[i][mover], sum[i][mover], hash[i][mover]) {
                check.mismatches += 1;
                if check.first_mismatch.is_none() {
                    check.first_mismatch = Some(format!(
                        "{}: {} predecessors by un-moves, {} by the move generator",
                        board.text(&cells, 1 - mover),
                        c,
                        count[i][mover]
                    ));
                }
            }
        }
    }
    Ok(check)
}
