//! Draws by agreement at the table (`variant play`): a player types `draw`
//! to offer one; it stands until that player's next turn, and the game is
//! drawn when every other player in play accepts it, each by typing `draw`
//! at his own turn. A player who moves instead declines, and the offer
//! lapses. Computer seats always decline (they move). Games whose rules
//! draw by their own declarations (Das chess's negotiator Legate, an
//! `agreement ... draw`) take no offers here: the rules text says how a
//! draw is offered there.

use runtime::{ir::AgreementEffect, Game, Position};

/// What typing `draw` did.
#[derive(Debug, PartialEq)]
pub enum Answer {
    /// The game's rules offer draws by their own declarations.
    NotHere,
    /// A new offer by this player; he still has to move.
    Offered,
    /// The offer stands, accepted by this player; others must still answer.
    Accepted,
    /// Every other player in play accepted: the game is drawn.
    Agreed,
    /// The player has already offered or accepted the standing offer.
    AlreadySaid,
}

/// The standing offer, if any.
#[derive(Default)]
pub struct DrawOffer {
    standing: Option<Standing>,
}

struct Standing {
    by: usize,
    /// The ply (moves played) at which it was made.
    ply: usize,
    /// Bit per player who accepted.
    accepted: u64,
}

impl DrawOffer {
    /// `player`, to move in `pos` after `ply` moves, types `draw`.
    pub fn draw(&mut self, game: &Game, pos: &Position, player: usize, ply: usize) -> Answer {
        if game
            .ir()
            .agreements
            .iter()
            .any(|a| a.effect == AgreementEffect::Draw)
        {
            return Answer::NotHere;
        }
        let Some(offer) = &mut self.standing else {
            self.standing = Some(Standing {
                by: player,
                ply,
                accepted: 0,
            });
            return Answer::Offered;
        };
        if offer.by == player || offer.accepted >> player & 1 != 0 {
            return Answer::AlreadySaid;
        }
        offer.accepted |= 1 << player;
        let everyone = (0..game.players())
            .filter(|&p| p != offer.by && pos.in_play(p))
            .all(|p| offer.accepted >> p & 1 != 0);
        if everyone {
            self.standing = None;
            Answer::Agreed
        } else {
            Answer::Accepted
        }
    }

    /// `player` is to move after `ply` moves: an offer of his own made at
    /// an earlier turn, which no one has agreed to by now, lapses. Returns
    /// the player whose offer lapsed.
    pub fn turn_begins(&mut self, player: usize, ply: usize) -> Option<usize> {
        let offer = self.standing.as_ref()?;
        let by = offer.by;
        (by == player && offer.ply != ply).then(|| {
            self.standing = None;
            by
        })
    }

    /// `player` has moved (any seat): a player other than the one who
    /// offered who moves without accepting declines. Returns the player
    /// whose offer was declined.
    pub fn moved(&mut self, player: usize) -> Option<usize> {
        let offer = self.standing.as_ref()?;
        if offer.by != player && offer.accepted >> player & 1 == 0 {
            let by = offer.by;
            self.standing = None;
            return Some(by);
        }
        None
    }

    /// The player whose offer stands, if one does.
    pub fn offered_by(&self) -> Option<usize> {
        self.standing.as_ref().map(|o| o.by)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(path: &str) -> Game {
        let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
        let compiled = compiler::compile_file(&full, false);
        Game::load(compiled.ir.expect("compiles")).unwrap()
    }

    #[test]
    fn the_offer_stands_through_the_offerers_move_and_lapses_at_his_next_turn() {
        let g = game("dsl-examples/four-player-ffa.variant");
        let pos = Position::start(&g);
        let mut offer = DrawOffer::default();
        assert_eq!(offer.turn_begins(0, 0), None);
        assert_eq!(offer.draw(&g, &pos, 0, 0), Answer::Offered);
        // The offerer's own turn goes on (the board is shown again).
        assert_eq!(offer.turn_begins(0, 0), None);
        assert_eq!(offer.draw(&g, &pos, 0, 0), Answer::AlreadySaid);
        assert_eq!(offer.moved(0), None);
        for p in 1..4 {
            assert_eq!(offer.turn_begins(p, p), None);
            let expected = if p < 3 {
                Answer::Accepted
            } else {
                Answer::Agreed
            };
            assert_eq!(offer.draw(&g, &pos, p, p), expected);
            assert_eq!(offer.moved(p), None);
        }
        assert_eq!(offer.offered_by(), None);
        assert_eq!(offer.draw(&g, &pos, 1, 5), Answer::Offered);
        assert_eq!(offer.turn_begins(1, 9), Some(1));
        assert_eq!(offer.offered_by(), None);
    }

    #[test]
    fn a_move_without_accepting_declines() {
        let g = game("dsl-examples/four-player-ffa.variant");
        let pos = Position::start(&g);
        let mut offer = DrawOffer::default();
        assert_eq!(offer.draw(&g, &pos, 0, 0), Answer::Offered);
        assert_eq!(offer.moved(0), None);
        assert_eq!(offer.draw(&g, &pos, 1, 1), Answer::Accepted);
        assert_eq!(offer.moved(1), None);
        assert_eq!(offer.moved(2), Some(0));
        assert_eq!(offer.offered_by(), None);
    }

    #[test]
    fn a_game_that_draws_by_its_own_declarations_takes_no_offer() {
        let g = game("stdlib/das.variant");
        let pos = Position::start(&g);
        assert_eq!(DrawOffer::default().draw(&g, &pos, 0, 0), Answer::NotHere);
    }
}
