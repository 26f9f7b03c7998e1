//! Conditions on checkmates (`game/mate_rules.rs`): `by-only` looks at the
//! pieces giving the mate, `needs-check-by` at the series of checks before
//! it, kept as one entry per position since the start or the position text
//! (Fairy-Stockfish's walk back over its states: the position two plies
//! earlier, while the same player was in check). Applied by `outcome.rs`
//! when a player in check has no legal move.

use super::Position;
use crate::codes::CodeSet;
use crate::game::MateRules;
use crate::ir::Outcome;

/// The side to move is in check.
const IN_CHECK: u8 = 1;
/// ... and a piece of a qualifying kind gives it.
const QUALIFYING: u8 = 2;

impl Position<'_> {
    /// The entry of the position reached: is the side to move in check,
    /// and by a qualifying piece?
    pub(super) fn note_check(&mut self, rules: &MateRules) {
        if let Some((codes, _)) = &rules.needs_check_by {
            let entry = self.check_entry(&codes[self.to_move]);
            self.mate_series.push(entry);
        }
    }

    fn check_entry(&self, qualifying: &CodeSet) -> u8 {
        let me = self.to_move;
        let royals = self.royals_of[me];
        if !self.in_check() {
            return 0;
        }
        let by = royals.iter().any(|c| self.attacked_by_codes(c, qualifying));
        IN_CHECK | if by { QUALIFYING } else { 0 }
    }

    /// Starts the series at a position just set up.
    pub(crate) fn restart_check_series(&mut self) {
        self.mate_series.clear();
        if let Some(rules) = &self.game.mate_rules {
            self.note_check(rules);
        }
    }

    /// The outcome, for the mated side to move, of a checkmate the end
    /// rules score `default`.
    pub(crate) fn mate_outcome(&self, rules: &MateRules, default: Outcome) -> Outcome {
        let me = self.to_move;
        if let Some((others, outcome)) = &rules.by_only {
            // No piece of another kind takes part in the mate.
            if !self.royals_of[me]
                .iter()
                .any(|c| self.attacked_by_codes(c, &others[me]))
            {
                return *outcome;
            }
        }
        let Some((_, outcome)) = &rules.needs_check_by else {
            return default;
        };
        // Back two plies at a time while the player stayed in check.
        let mut i = self.mate_series.len();
        while i > 0 {
            let entry = self.mate_series[i - 1];
            if entry & IN_CHECK == 0 {
                break;
            }
            if entry & QUALIFYING != 0 {
                return default;
            }
            if i < 3 {
                break;
            }
            i -= 2;
        }
        *outcome
    }
}
