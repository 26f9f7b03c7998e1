//! `check when all royal attacked`: a player is in check only while every
//! one of its royal pieces is attacked (with one left, that one is an
//! ordinary royal piece). A move may leave some of them attacked but not
//! all, so an attacked royal piece may be taken while its player has
//! another. `royal_attacked` (and with it `in_check` and the legality
//! judge's `legal_by_playing`) asks here; the legality judge plays every
//! move of such a game (`moves_by_the_rules`), since a piece pinned to one
//! royal piece may move while another stands safe.

use super::Position;

impl Position<'_> {
    /// Are all of `player`'s royal pieces attacked (and it has one)?
    #[cold]
    pub(super) fn all_royals_attacked(&self, player: usize) -> bool {
        let foes = self.foes_of(player);
        let royals = self.royals_of[player];
        !royals.is_empty() && royals.iter().all(|c| self.attacked_by(c, foes))
    }
}
