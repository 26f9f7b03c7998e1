//! Zobrist keys: one deterministic sequence (splitmix64 from a fixed seed),
//! drawn in a fixed order so that a position's hash is the same in every
//! build: pieces, side to move, castling rights, en passant, unmoved
//! pieces, arrival budgets, declarations, agreements, castling counts,
//! wins, players out, passes, checks given, hands, promoted marks. `tests/zobrist_keys.rs` pins the order.

use super::Shape;

pub(crate) struct Keys {
    /// Per `code * cells + cell`.
    pub(crate) piece: Vec<u64>,
    /// Per player to move.
    pub(crate) side: Vec<u64>,
    /// Per castling-right bit.
    pub(crate) right: Vec<u64>,
    /// Per cell open to en passant.
    pub(crate) en_passant: Vec<u64>,
    /// Per cell holding an unmoved piece whose status matters.
    pub(crate) unmoved: Vec<u64>,
    /// Per arrival rule that may still fire.
    pub(crate) budget: Vec<u64>,
    /// Per declaration bit (`agreement * players + player`).
    pub(crate) declared: Vec<u64>,
    /// Per agreement reached.
    pub(crate) agreed: Vec<u64>,
    /// Per `player * 16 + count`: the key of a player's castling count
    /// (count 0's key is 0, so the count's key is a plain XOR swap).
    pub(crate) castled: Vec<u64>,
    /// Per player: "this player has won by an arrival".
    pub(crate) won: Vec<u64>,
    /// Per player: "this player is out".
    pub(crate) out: Vec<u64>,
    /// Per player: "this player passed its last turn".
    pub(crate) passed: Vec<u64>,
    /// Per `player * (checks_to_win + 1) + checks given` (0's key is 0;
    /// empty in a game that does not count checks).
    pub(crate) checks: Vec<u64>,
    /// Per `player * kinds + kind`: the seed of that hand's count keys
    /// (`hand_key`).
    pub(crate) hand: Vec<u64>,
    /// Per cell: "the piece here promoted on the board" (games that revert
    /// promoted pieces to the hand as what they were).
    pub(crate) promoted: Vec<u64>,
}

/// splitmix64: deterministic keys so hashes are stable between runs.
fn next_key(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Keys {
    pub(crate) fn build(shape: &Shape, checks_to_win: u32) -> Keys {
        let (cells, players) = (shape.cells, shape.players);
        let mut state = 0x5EED_u64;
        let mut draw = |n: usize| -> Vec<u64> { (0..n).map(|_| next_key(&mut state)).collect() };
        let piece = draw(shape.codes() * cells);
        let side = draw(players);
        let right = draw(32);
        let en_passant = draw(cells);
        let unmoved = draw(cells);
        let budget = draw(32);
        let declared = draw(32);
        let agreed = draw(32);
        let castled = (0..players * 16)
            .map(|i| if i % 16 == 0 { 0 } else { draw(1)[0] })
            .collect();
        let won = draw(players);
        let out = draw(players);
        let passed = draw(players);
        let per_player = if checks_to_win == 0 {
            0
        } else {
            checks_to_win as usize + 1
        };
        let checks = (0..players * per_player)
            .map(|i| if i % per_player == 0 { 0 } else { draw(1)[0] })
            .collect();
        // Drawn last, so every other key is what it was before hands.
        let hand = draw(players * shape.kinds);
        let promoted = draw(cells);
        Keys {
            piece,
            side,
            right,
            en_passant,
            unmoved,
            budget,
            declared,
            agreed,
            castled,
            won,
            out,
            passed,
            checks,
            hand,
            promoted,
        }
    }

    /// The key of `count` pieces in the hand `player * kinds + kind` (0
    /// for none, so the key of a count is a plain XOR swap; counts have no
    /// bound but the board, so the key is mixed from the seed, not drawn).
    #[inline]
    pub(crate) fn hand_key(&self, hand: usize, count: u16) -> u64 {
        if count == 0 {
            return 0;
        }
        let mut state = self.hand[hand] ^ count as u64;
        next_key(&mut state)
    }
}
