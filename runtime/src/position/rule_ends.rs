//! Ends the position decides by itself, before any move is generated
//! (`game/rule_ends.rs` holds the rules): an `end extinction` rule met by
//! the material on the board, an arrival that waited for a reply, or a
//! player who has given the checks that win. Such a position has no legal moves (perft counts none below it, as
//! Fairy-Stockfish's does), and `result` reports it ahead of mate and
//! stalemate.

use super::Position;
use crate::bitset::CellSet;
use crate::game::RuleEnds;
use crate::ir::Outcome;
use crate::outcome::{GameEnd, GameResult};

impl Position<'_> {
    /// The result the position's material or check count decides, if any:
    /// the player who moved last is tested first, then the side to move,
    /// each against every rule in the game's order.
    /// (Fairy-Stockfish's order: extinction, arrivals, checks.)
    pub(crate) fn decided_by_rule(&mut self) -> Option<GameResult> {
        let g = self.game;
        let rules = g.rule_ends.as_ref()?;
        let me = self.to_move;
        let last = 1 - me;
        for p in [last, me] {
            if let Some(outcome) = self.extinct(rules, p) {
                return Some(match outcome {
                    Outcome::Win => GameResult::won_by(g, GameEnd::Extinction, p),
                    Outcome::Draw => GameResult::draw(GameEnd::Extinction),
                    _ => GameResult::lost_by(g, GameEnd::Extinction, p),
                });
            }
        }
        if !rules.reply_goals.is_empty() {
            if let Some(result) = self.arrival_after_reply(rules) {
                return Some(result);
            }
        }
        // `if-held`: the side to move's piece still stands where it arrived.
        if !rules.held_goals.is_empty() && self.has_arrived(&rules.held_goals, me) {
            return Some(GameResult::won_by(g, GameEnd::WinningArrival, me));
        }
        if !rules.safe_goals.is_empty() {
            let (mine, theirs) = (
                self.arrived_safe(&rules.safe_goals, me),
                self.arrived_safe(&rules.safe_goals, last),
            );
            match (mine, theirs) {
                (true, true) => return Some(GameResult::draw(GameEnd::WinningArrival)),
                (true, false) => return Some(GameResult::won_by(g, GameEnd::WinningArrival, me)),
                (false, true) => return Some(GameResult::won_by(g, GameEnd::WinningArrival, last)),
                (false, false) => {}
            }
        }
        if rules.checks_to_win > 0 {
            for p in [last, me] {
                if self.checks[p] as u32 >= rules.checks_to_win {
                    return Some(GameResult::won_by(g, GameEnd::Checks, p));
                }
            }
        }
        None
    }

    /// `arrival ... wins after-reply`: the side to move has arrived (it
    /// wins, or draws as the first player when the second arrived in
    /// reply), or the player who moved last has (it wins, unless the side
    /// to move is the second player and can arrive too by a legal move).
    fn arrival_after_reply(&mut self, rules: &RuleEnds) -> Option<GameResult> {
        let g = self.game;
        let me = self.to_move;
        let last = 1 - me;
        let goals = &rules.reply_goals;
        if self.has_arrived(goals, me) {
            return Some(if me == 0 && self.has_arrived(goals, 1) {
                GameResult::draw(GameEnd::WinningArrival)
            } else {
                GameResult::won_by(g, GameEnd::WinningArrival, me)
            });
        }
        if !self.has_arrived(goals, last) {
            return None;
        }
        if me == 1 && !self.in_check() && self.can_arrive(rules, me) {
            return None;
        }
        Some(GameResult::won_by(g, GameEnd::WinningArrival, last))
    }

    /// Does a piece of `player` stand on one of its `goals` of its kind?
    fn has_arrived(&self, goals: &[Vec<(u8, CellSet)>], player: usize) -> bool {
        goals[player].iter().any(|(kind, cells)| {
            self.occupied_by[player].iter().any(|c| {
                cells.contains(c) && self.game.kind_of_code(self.board[c]) == *kind as usize
            })
        })
    }

    /// Does a piece of `player` stand on one of its `goals` of its kind,
    /// attacked by no enemy piece (`if-safe`)?
    fn arrived_safe(&self, goals: &[Vec<(u8, CellSet)>], player: usize) -> bool {
        goals[player].iter().any(|(kind, cells)| {
            self.occupied_by[player].iter().any(|c| {
                cells.contains(c)
                    && self.game.kind_of_code(self.board[c]) == *kind as usize
                    && !self.attacked_by_enemy_of(c, player)
            })
        })
    }

    /// Has `player` (to move) a legal move that lands a piece on a goal of
    /// its kind?
    fn can_arrive(&mut self, rules: &RuleEnds, player: usize) -> bool {
        let mut list = Vec::new();
        self.moves_by_the_rules(&mut list);
        list.iter().any(|mv| {
            let kind = mv
                .promotion()
                .unwrap_or_else(|| self.game.kind_of_code(self.board[mv.from()]));
            rules.reply_goals[player]
                .iter()
                .any(|(k, cells)| *k as usize == kind && cells.contains(mv.to()))
        })
    }

    /// The outcome for `player` of the first extinction rule its material
    /// meets, if one does.
    fn extinct(&self, rules: &RuleEnds, player: usize) -> Option<Outcome> {
        let opponent = 1 - player;
        rules.extinctions.iter().find_map(|rule| {
            let needed = rule.opponent_at_least + (rule.bare_back && player == self.to_move) as u32;
            let short = |count: &dyn Fn(usize) -> u32| {
                count(player) <= rule.at_most && count(opponent) >= needed
            };
            let met = if rule.kinds.is_empty() {
                short(&|p| self.occupied_by[p].len() as u32 + self.held(p))
            } else if rule.together {
                short(&|p| {
                    rule.kinds
                        .iter()
                        .map(|&kind| self.count_of_kind(p, kind as usize))
                        .sum()
                })
            } else {
                rule.kinds
                    .iter()
                    .any(|&kind| short(&|p| self.count_of_kind(p, kind as usize)))
            };
            met.then_some(rule.outcome)
        })
    }

    /// How many pieces of `kind` `player` holds, on the board and in hand
    /// (as Fairy-Stockfish counts for extinction).
    fn count_of_kind(&self, player: usize, kind: usize) -> u32 {
        let g = self.game;
        let on_board = self.occupied_by[player]
            .iter()
            .filter(|&c| g.kind_of_code(self.board[c]) == kind)
            .count() as u32;
        on_board + self.in_hand(player, kind) as u32
    }

    /// How many pieces `player` holds in hand (0 without hands).
    fn held(&self, player: usize) -> u32 {
        let kinds = self.game.shape.kinds;
        (0..kinds).map(|k| self.in_hand(player, k) as u32).sum()
    }

    /// After `mover`'s move: one check more for it if the side to move now
    /// stands in check (in a game that counts checks).
    #[inline]
    pub(super) fn count_check(&mut self, rules: &RuleEnds, mover: usize) {
        if rules.checks_to_win == 0 || !self.in_check() {
            return;
        }
        let given = self.checks[mover] as usize;
        if given as u32 >= rules.checks_to_win {
            return;
        }
        self.set_checks_given(mover, given as u8 + 1);
    }

    /// Sets the checks `player` has given (positions read from text; capped
    /// at the number that wins), hashing the change.
    pub fn set_checks_given(&mut self, player: usize, given: u8) {
        let Some(rules) = &self.game.rule_ends else {
            return;
        };
        if rules.checks_to_win == 0 || player >= 2 {
            return;
        }
        let given = (given as u32).min(rules.checks_to_win) as u8;
        let per = rules.checks_to_win as usize + 1;
        let keys = &self.game.keys.checks;
        self.hash ^=
            keys[player * per + self.checks[player] as usize] ^ keys[player * per + given as usize];
        self.checks[player] = given;
    }

    /// The checks `player` has given (0 in a game that does not count them).
    pub fn checks_given(&self, player: usize) -> u32 {
        self.checks.get(player).copied().unwrap_or(0) as u32
    }
}
