//! How a game ends: checkmate and stalemate as the end rules score them,
//! repetition, the move rule, insufficient material, agreed draws, and loss
//! on time. `Position::result` does not allocate, so a search may call it at
//! every node.

use crate::bitset::CellSet;
use crate::game::{DeclaredSide, Game, MAX_DECLARED_PIECES};
use crate::ir::{self, Outcome};
use crate::position::Position;

/// Why a game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    Checkmate,
    Stalemate,
    Repetition,
    MoveRule,
    InsufficientMaterial,
    /// Every player declared a draw agreement.
    Agreement,
    /// A player's clock ran out.
    Time,
    /// A piece reached a cell where its arrival wins (`arrival ... wins`).
    WinningArrival,
    /// Every other player is out of the game (`end checkmate out`).
    LastInPlay,
    /// An `end extinction` rule: a player's pieces of a kind (or all of
    /// them) fell to the count the rule names.
    Extinction,
    /// A player gave the number of checks that wins (`end checks N win`).
    Checks,
    /// A counting rule's count ran out (`end counting draw`).
    Counting,
    /// Both players passed in a row (`end double-pass`).
    DoublePass,
    /// A facing of royal pieces that had to be broken was passed instead
    /// (`facing ... must-break`).
    Facing,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    pub end: GameEnd,
    /// `None`: a draw, or (with more than two players) a loss whose winner
    /// the end rules do not name.
    pub winner: Option<usize>,
    /// The player who lost, if one did.
    pub loser: Option<usize>,
    /// Bit per player who was out of the game at the end: they score
    /// nothing, and a draw is shared by the others.
    pub out: u16,
}

impl GameResult {
    pub(crate) fn draw(end: GameEnd) -> GameResult {
        GameResult {
            end,
            winner: None,
            loser: None,
            out: 0,
        }
    }

    /// `player` loses: with two players the other one wins; with more, no
    /// single winner follows from one loss (the end rules for more than two
    /// players say who scores).
    pub(crate) fn lost_by(game: &Game, end: GameEnd, player: usize) -> GameResult {
        GameResult {
            end,
            winner: (game.shape.players == 2).then_some(1 - player),
            loser: Some(player),
            out: 0,
        }
    }

    /// `player` wins; with two players the other one loses.
    pub(crate) fn won_by(game: &Game, end: GameEnd, player: usize) -> GameResult {
        GameResult {
            end,
            winner: Some(player),
            loser: (game.shape.players == 2).then_some(1 - player),
            out: 0,
        }
    }

    /// The result of a draw agreed by every player in play of `pos` (an
    /// offer accepted at the table, outside the rules' own declarations):
    /// the players out share in nothing.
    pub fn agreed_draw(pos: &Position) -> GameResult {
        GameResult {
            out: pos.out,
            ..GameResult::draw(GameEnd::Agreement)
        }
    }

    /// The result when `player`'s clock runs out.
    pub fn loss_on_time(game: &Game, player: usize) -> GameResult {
        GameResult::lost_by(game, GameEnd::Time, player)
    }

    /// The points `player` scores (`points` of the game, 1 by default): a
    /// winner takes them all; a loser none, the others sharing them; a
    /// draw shares them among all players. Players out of the game score
    /// nothing and share in nothing.
    pub fn score(&self, game: &Game, player: usize) -> f64 {
        let points = game.ir.end.points as f64;
        if !game.ir.teams.is_empty() {
            return self.side_score(game, player, points);
        }
        let in_play = |p: usize| self.out >> p & 1 == 0;
        let sharing = (0..game.shape.players).filter(|&p| in_play(p)).count() as f64;
        match (self.winner, self.loser) {
            (Some(w), _) => {
                if w == player {
                    points
                } else {
                    0.0
                }
            }
            (None, Some(l)) => {
                if l == player || !in_play(player) {
                    0.0
                } else {
                    points / (sharing - in_play(l) as u8 as f64)
                }
            }
            (None, None) if in_play(player) => points / sharing,
            (None, None) => 0.0,
        }
    }
}

impl GameResult {
    /// With teams, the players of a team score as one side: each partner
    /// scores what its side would in a game between the sides (a team, or
    /// a player in none) — the winner's side all the points, a loss leaves
    /// the other sides sharing them, a draw shares them among all sides.
    /// (Teams and players going out do not combine, so nobody is out.)
    fn side_score(&self, game: &Game, player: usize, points: f64) -> f64 {
        let side = |p: usize| game.sides.team_of[p];
        let sides = (0..game.shape.players)
            .filter(|&p| side(p) as usize == p)
            .count() as f64;
        match (self.winner, self.loser) {
            (Some(w), _) if side(w) == side(player) => points,
            (Some(_), _) => 0.0,
            (None, Some(l)) if side(l) == side(player) => 0.0,
            (None, Some(_)) => points / (sides - 1.0),
            (None, None) => points / sides,
        }
    }
}

impl Position<'_> {
    /// The opponent of the side to move attacking one of its royal pieces
    /// who moved most recently (seats taken backwards from the previous
    /// player), if any attacks.
    pub fn last_attacker(&self) -> Option<usize> {
        let g = self.game;
        let me = self.to_move;
        let mut p = me;
        for _ in 1..g.shape.players {
            p = (p + g.shape.players - 1) % g.shape.players;
            if !self.in_play(p) || g.sides.team_of[p] == g.sides.team_of[me] {
                continue;
            }
            let codes = &g.shape.codes_of_player[p];
            if self.royals_of[me]
                .iter()
                .any(|c| self.attacked_by_codes(c, codes))
            {
                return Some(p);
            }
        }
        None
    }
}

impl Position<'_> {
    /// How often the current position has occurred (same hash), counting this one.
    pub fn repetitions(&self) -> u32 {
        let limit = self.halfmove as usize;
        1 + self
            .history
            .iter()
            .rev()
            .take(limit)
            .filter(|&&h| h == self.hash)
            .count() as u32
    }

    /// `end move-rule N stretched-by-checks-after C`: the plies the rule
    /// is stretched by, two per check beyond the C-th of the side that
    /// gave more in the counted plies (as Fairy-Stockfish counts them
    /// with its chasing rule: the positions at an even distance back
    /// from this one, this one included and the farthest excluded, for
    /// the side to move; those at an odd distance, the farthest included,
    /// for the other), once at least 20 plies were played from the
    /// position the game started at (none before).
    fn checks_stretch(&self) -> u32 {
        let limit = self.game.ir.end.move_rule_checks;
        let plies = self.history.len();
        if limit == 0 || plies < 20 || self.checked.len() != plies {
            return 0;
        }
        let end = (self.halfmove as usize).min(plies);
        let checked = |back: usize| self.checked[plies - back] as u32;
        let them = self.in_check() as u32 + (2..end).step_by(2).map(checked).sum::<u32>();
        let us: u32 = (1..=end).step_by(2).map(checked).sum();
        2 * them.max(us).saturating_sub(limit)
    }

    /// The repetition's first counted occurrence (the position seen
    /// `end repetition N` times in all, counting this one): how many plies
    /// back, if the current position completes such a repetition.
    fn repetition_first(&self) -> Option<usize> {
        let limit = (self.halfmove as usize).min(self.history.len());
        let mut wanted = self.game.ir.end.repetition.saturating_sub(1);
        for back in (2..=limit).step_by(2) {
            if self.history[self.history.len() - back] == self.hash {
                wanted = wanted.saturating_sub(1);
                if wanted == 0 {
                    return Some(back);
                }
            }
        }
        None
    }

    /// `end repetition N perpetual-check`: did the player who moved last
    /// check in every position of the repetition's cycle (from the first
    /// occurrence `first` plies back to now) in which its opponent was to
    /// move, and did the side to move in every one where the other was (as
    /// Fairy-Stockfish's perpetual-check rule: the positions at an even
    /// distance back from this one, this one included, for the side to
    /// move; those at an odd distance between for the other)?
    fn perpetual_checks(&self, first: usize) -> (bool, bool) {
        if self.checked.len() != self.history.len() {
            return (false, false);
        }
        let checked = |back: usize| self.checked[self.checked.len() - back];
        let them = self.in_check() && (2..=first).step_by(2).all(checked);
        let us = (1..first).step_by(2).all(checked);
        (them, us)
    }

    /// `end repetition N perpetual-check|perpetual-chase`: the player who
    /// loses the repetition, if one does: perpetual check decides first
    /// (one side only checked: it loses; both: a draw), then perpetual
    /// chase the same way (`chases.rs`).
    fn perpetual_loser(&self) -> Option<usize> {
        let end = &self.game.ir.end;
        if self.game.shape.players != 2 || !(end.perpetual_check || self.game.chase.is_some()) {
            return None;
        }
        let first = self.repetition_first()?;
        let mut sides = (false, false);
        if end.perpetual_check {
            sides = self.perpetual_checks(first);
        }
        if sides == (false, false) && self.game.chase.is_some() {
            sides = self.perpetual_chases(first);
        }
        let mover = self.to_move;
        match sides {
            (true, false) => Some(1 - mover),
            (false, true) => Some(mover),
            _ => None,
        }
    }

    /// Does `player` own exactly the pieces of `side`: as many pieces, the
    /// same kinds (a multiset), and each piece held to a region on a cell
    /// of it? The piece count is tested first, so the usual position (more
    /// material) costs one count; regions are matched only when the kinds
    /// agree.
    fn has_exactly(&self, player: usize, side: &DeclaredSide) -> bool {
        let g = self.game;
        let pieces = self.occupied_by[player];
        if pieces.len() != side.pieces {
            return false;
        }
        let same_kinds = side.specs.iter().all(|&(k, _)| {
            let wanted = side.specs.iter().filter(|&&(x, _)| x == k).count();
            let held = pieces
                .iter()
                .filter(|&c| g.shape.kind_of[self.board[c] as usize] == k)
                .count();
            wanted == held
        });
        if !same_kinds || !side.regional {
            return same_kinds;
        }
        let mut cells = [0u16; MAX_DECLARED_PIECES];
        for (i, c) in pieces.iter().enumerate() {
            cells[i] = c as u16;
        }
        self.assign(&cells[..side.pieces], &side.specs, 0)
    }

    /// Can the pieces on `cells` be matched one to one with unused entries
    /// of `specs` (bit i of `used`: entry i is taken), each of its kind and
    /// on a cell of its region? Of several unused entries alike, only the
    /// first is tried.
    fn assign(&self, cells: &[u16], specs: &[(u8, Option<CellSet>)], used: u64) -> bool {
        let Some((&cell, rest)) = cells.split_first() else {
            return true;
        };
        let kind = self.game.shape.kind_of[self.board[cell as usize] as usize];
        (0..specs.len()).any(|i| {
            let (k, region) = &specs[i];
            used >> i & 1 == 0
                && *k == kind
                && region.is_none_or(|r| r.contains(cell as usize))
                && !(0..i).any(|j| used >> j & 1 == 0 && specs[j] == specs[i])
                && self.assign(rest, specs, used | 1 << i)
        })
    }

    /// The result if the game is over in this position (the side to move
    /// has no legal move, or a draw rule applies). Allocates nothing once
    /// the position's buffers are warm.
    pub fn result(&mut self) -> Option<GameResult> {
        let out = self.out;
        let result = self.result_in_play().map(|r| GameResult { out, ..r });
        match (&self.game.material_count, result) {
            (Some(count), Some(r)) => Some(self.decided_by_material(count, r)),
            _ => result,
        }
    }

    /// `material-count`: a draw (not one agreed) goes to the player whose
    /// pieces on the board weigh more, its bonus added; equal weights stay
    /// a draw. Two players (the loader checked).
    fn decided_by_material(&self, count: &crate::game::MaterialCount, r: GameResult) -> GameResult {
        if r.winner.is_some() || r.loser.is_some() || r.end == GameEnd::Agreement {
            return r;
        }
        let mut weight = [0u64; 2];
        for (p, w) in weight.iter_mut().enumerate() {
            *w = self.occupied_by[p]
                .iter()
                .map(|c| count.half_weights[self.at(c) as usize] as u64)
                .sum();
        }
        weight[count.bonus_player] += count.bonus_halves as u64;
        match weight[0].cmp(&weight[1]) {
            std::cmp::Ordering::Equal => r,
            std::cmp::Ordering::Greater => GameResult::won_by(self.game, r.end, 0),
            std::cmp::Ordering::Less => GameResult::won_by(self.game, r.end, 1),
        }
    }

    fn result_in_play(&mut self) -> Option<GameResult> {
        let g = self.game;
        let end = &g.ir.end;
        let me = self.to_move;
        if let Some(w) = self.won_by_arrival() {
            return Some(GameResult::won_by(g, GameEnd::WinningArrival, w));
        }
        if let Some(decided) = self.decided_by_rule() {
            return Some(decided);
        }
        let scored = |pos: &Position, o: Outcome, why: GameEnd| match o {
            Outcome::Draw => GameResult::draw(why),
            Outcome::Win => GameResult::won_by(g, why, me),
            Outcome::Loss => GameResult::lost_by(g, why, me),
            Outcome::LossToLastAttacker => match pos.last_attacker() {
                Some(w) => GameResult {
                    end: why,
                    winner: Some(w),
                    loser: Some(me),
                    out: 0,
                },
                None => GameResult::lost_by(g, why, me),
            },
            // Reached with two players in play only: a mate is lost to the
            // other one, a stalemate drawn.
            Outcome::Out => match why {
                GameEnd::Checkmate => GameResult {
                    end: why,
                    winner: (0..g.shape.players).find(|&p| p != me && pos.in_play(p)),
                    loser: Some(me),
                    out: 0,
                },
                _ => GameResult::draw(why),
            },
        };
        if g.sides.eliminates && self.players_in_play() == 1 {
            let last = (0..g.shape.players).find(|&p| self.in_play(p));
            return Some(GameResult {
                end: GameEnd::LastInPlay,
                winner: last,
                loser: None,
                out: 0,
            });
        }
        let drawn =
            g.ir.agreements
                .iter()
                .enumerate()
                .any(|(i, a)| a.effect == ir::AgreementEffect::Draw && self.agreed >> i & 1 != 0);
        if drawn {
            return Some(GameResult::draw(GameEnd::Agreement));
        }
        if let Some((outcome, why)) = self.ended_by_passing() {
            return Some(scored(self, outcome, why));
        }
        // With more than two in play, no legal move where players go out
        // is no end: the player passes or goes out (`forced_turn`). One
        // legal move is enough to know there is one.
        if self.count_legal_moves::<true>() == 0 && self.forced_turn().is_none() {
            return Some(if self.in_check() {
                let outcome = match &g.mate_rules {
                    Some(rules) => self.mate_outcome(rules, end.checkmate),
                    None => end.checkmate,
                };
                // A mate by a `no-mate` drop: the mated player wins.
                let outcome = if g.hands.is_some() && self.last_move_was_no_mate_drop() {
                    ir::Outcome::Win
                } else {
                    outcome
                };
                scored(self, outcome, GameEnd::Checkmate)
            } else {
                scored(self, end.stalemate, GameEnd::Stalemate)
            });
        }
        // The move rule first, as Fairy-Stockfish judges: a perpetual
        // check or chase that also runs the move count out is a draw.
        let count_out = end.move_rule * g.shape.players as u32;
        if end.move_rule > 0
            && self.halfmove >= count_out
            && self.halfmove >= count_out.saturating_add(self.checks_stretch())
        {
            return Some(GameResult::draw(GameEnd::MoveRule));
        }
        if end.repetition > 0 && self.repetitions() >= end.repetition {
            if let Some(loser) = self.perpetual_loser() {
                return Some(GameResult::lost_by(g, GameEnd::Repetition, loser));
            }
            return Some(GameResult::draw(GameEnd::Repetition));
        }
        if g.counting.is_some() && self.count_ran_out() {
            return Some(GameResult::draw(GameEnd::Counting));
        }
        if end.stalemate_promotions_only && self.only_promotions_left() {
            return Some(scored(self, end.stalemate, GameEnd::Stalemate));
        }
        if g.insufficient.declarations.is_empty() {
            return None;
        }
        if let Some([a, b]) = self.two_opponents_in_play() {
            if g.insufficient.declarations.iter().any(|[x, y]| {
                (self.has_exactly(a, x) && self.has_exactly(b, y))
                    || (self.has_exactly(a, y) && self.has_exactly(b, x))
            }) {
                return Some(GameResult::draw(GameEnd::InsufficientMaterial));
            }
        }
        None
    }

    /// The two players an `insufficient` declaration is matched against:
    /// the two of a two-player game, or the last two in play of a game
    /// without teams where players go out (their own pieces only: the
    /// frozen armies of the players out belong to those players).
    fn two_opponents_in_play(&self) -> Option<[usize; 2]> {
        let players = self.game.shape.players;
        if players == 2 {
            return Some([0, 1]);
        }
        if !self.game.ir.teams.is_empty() {
            return None;
        }
        let mut left = (0..players).filter(|&p| self.in_play(p));
        match (left.next(), left.next(), left.next()) {
            (Some(a), Some(b), None) => Some([a, b]),
            _ => None,
        }
    }

    /// Is the game over here? (`result`, for a search that needs no reason.)
    pub fn is_over(&mut self) -> bool {
        self.result().is_some()
    }
}
