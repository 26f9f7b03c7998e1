//! A search for a good move in any game the language defines: iterative
//! deepening alpha-beta (principal variation search, `node.rs`) over the
//! runtime's legal moves, with a transposition table on the Zobrist hash
//! shared by the threads (`tt.rs`, `threads.rs`), quiescence on captures
//! and promotions, check extensions, a selective search (`selective.rs`),
//! and moves ordered by the table's move, captures
//! (most valuable victim first), killers and history. `time.rs` decides
//! when to stop.
//!
//! One scheme serves every number of players: a score is the utility of
//! the player the search is for (the root player). Its side (itself and
//! its partners) maximises it, every other player minimises it. With two
//! sides this is alpha-beta; with more it is Paranoid search (Sturtevant
//! and Korf 2000), the others taken as a coalition against the root
//! player, or (`Algorithm::BestReply`) Best-Reply Search, BRS+
//! (`best_reply.rs`), where one opponent per turn round searches a reply.
//!
//! The evaluation (`eval.rs`) reads only the rules: each kind's value and
//! its reach on an empty board. Game ends come from `Position::result`, so
//! a game's own wins (a winning arrival, the last player in play) are seen as the rules score
//! them. Limits: depth, nodes, time, and a stop flag another thread may
//! set; an interrupted iteration's best finished root move still counts.

mod best_reply;
mod eval;
mod node;
mod ordering;
mod quiescence;
mod selective;
mod threads;
mod time;
mod tt;

use crate::game::Game;
use crate::outcome::GameResult;
use crate::position::{Move, Position};
use eval::Evaluator;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tt::Table;

pub use threads::MAX_THREADS;

/// The deepest iteration a search runs.
pub const MAX_SEARCH_DEPTH: u32 = 64;
/// Plies of the search tree, extensions and quiescence included.
const MAX_PLY: usize = 128;
/// A win in `n` plies scores `MATE - n`.
const MATE: i32 = 1_000_000;
const INFINITY: i32 = MATE + 1;
/// Scores beyond this are wins or losses found by the search.
const MATE_BOUND: i32 = MATE - 1000;
/// The utility of the root player's side having gone out of the game.
const OUT: i32 = 500_000;
/// Slots of the evaluation cache (a power of two).
const EVAL_CACHE: usize = 1 << 16;
/// Quiescence stops after this many plies of captures.
const MAX_QUIESCENCE: usize = 12;
/// Within quiescence, a side in check answers with every move only this
/// many plies beyond the horizon; deeper it may stand on the evaluation.
const MAX_EVASION_PLIES: usize = 2;

/// How a search treats three or more sides (with two, both are alpha-beta).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Algorithm {
    /// Best-Reply Search (BRS+) with three sides or more: against random
    /// and one-ply players at equal nodes it scored far better than
    /// Paranoid with four and six players, and against a searching engine
    /// (the engine of 5e18af9, 100 games at 50 ms) 64.0% in a
    /// three-player game where Paranoid scored 48.3% (docs/PERFORMANCE.md,
    /// "Strength" and "Against the engine at the start of the issue").
    #[default]
    Auto,
    /// Every opponent searches every move, as one coalition.
    Paranoid,
    /// BRS+: one opponent per round searches its moves, the others play
    /// their first-ordered move.
    BestReply,
}

/// What bounds a search. Without depth, nodes and time, it stops at
/// `MAX_SEARCH_DEPTH` (or when the stop flag is set).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// The search stops when this much time has passed (a running
    /// iteration too: its best finished root move counts).
    pub time: Option<Duration>,
    /// No new iteration starts past this (`None`: until `time`). A clock
    /// sets both (`Limits::from_clock`, `time.rs`).
    pub soft_time: Option<Duration>,
    pub stop: Option<Arc<AtomicBool>>,
}

/// A score for the root player: centipawns, or a win (positive) or loss
/// (negative) in so many plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Centipawns(i32),
    MateIn(i32),
}

impl Algorithm {
    /// Whether a game of `sides` sides is searched by Best-Reply Search.
    fn uses_best_reply(self, sides: usize) -> bool {
        match self {
            Algorithm::Auto => sides > 2,
            Algorithm::Paranoid => false,
            Algorithm::BestReply => sides > 2,
        }
    }
}

impl Score {
    fn of(v: i32) -> Score {
        if v > MATE_BOUND {
            Score::MateIn(MATE - v)
        } else if v < -MATE_BOUND {
            Score::MateIn(-(MATE + v))
        } else {
            Score::Centipawns(v)
        }
    }
}

/// One finished iteration.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    pub score: Score,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The principal variation, from the root.
    pub pv: Vec<Move>,
    /// Per player in turn order, its own utility where the principal
    /// variation ends (`None`: out of the game there). See
    /// `Engine::scores_along`.
    pub scores: Vec<Option<Score>>,
}

/// What a search found: the best move of the deepest finished iteration
/// (`None` when the game is over or the side to move has no move).
#[derive(Clone, Debug)]
pub struct Outcome {
    pub best: Option<Move>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Move>,
    /// As `Info::scores`, of the deepest finished iteration (empty when
    /// none finished).
    pub scores: Vec<Option<Score>>,
}

/// A search engine for one game: its tables live across searches.
pub struct Engine<'g> {
    game: &'g Game,
    eval: Evaluator,
    /// Shared with the helper threads' engines (`threads.rs`).
    table: Arc<Table>,
    /// Engines searching beside this one (Lazy SMP), one per extra thread.
    helpers: Vec<Engine<'g>>,
    /// The helpers' published node counts (read while they run).
    helper_nodes: Vec<Arc<AtomicU64>>,
    /// A helper's: its iterations are this many plies deeper than the
    /// main thread's, so that the threads spread over the tree.
    depth_skew: u32,
    /// This engine's nodes, published every 1024 for the main thread.
    published: Arc<AtomicU64>,
    /// Per ply: the move that led here was a null move (no two in a row).
    after_null: Vec<bool>,
    /// The selective search is on (`selective.rs`; off for proofs).
    selective: bool,
    /// Per ply: two quiet moves that caused a cut.
    killers: Vec<[Option<Move>; 2]>,
    /// Per (piece code, target cell): how often a quiet move there cut
    /// (`ordering.rs`).
    history: Vec<i32>,
    /// Recent evaluations by position and root player, `EVAL_CACHE`
    /// slots of (key, evaluation).
    eval_cache: Vec<(u64, i32)>,
    /// Per ply: a move list and the order keys, kept warm.
    lists: Vec<Vec<Move>>,
    keys: Vec<Vec<i64>>,
    worth: Vec<i32>,
    nodes: u64,
    start: Instant,
    limits: Limits,
    aborted: bool,
    root: usize,
    root_key: u64,
    /// Best-Reply Search is on (chosen, and more than two sides).
    best_reply: bool,
    /// More than two sides play: quiescence follows only the captures
    /// that involve the root player's side.
    many_sides: bool,
    /// The best root move of the running iteration whose search finished,
    /// so that an iteration cut short by a limit still counts.
    iteration_best: Option<Move>,
}

impl<'g> Engine<'g> {
    /// An engine with a transposition table of 2^20 entries (24 MiB).
    pub fn new(game: &'g Game) -> Engine<'g> {
        Engine::with_table_bits(game, 20)
    }

    /// An engine with a table of 2^`bits` entries (`bits` within 10..=26):
    /// smaller for many engines at once on short searches.
    pub fn with_table_bits(game: &'g Game, bits: u32) -> Engine<'g> {
        Engine::sharing(game, Arc::new(Table::new(bits.clamp(10, 26))))
    }

    /// An engine on the table `table` (shared with other threads').
    fn sharing(game: &'g Game, table: Arc<Table>) -> Engine<'g> {
        Engine {
            game,
            eval: Evaluator::new(game),
            table,
            helpers: Vec::new(),
            helper_nodes: Vec::new(),
            depth_skew: 0,
            published: Arc::new(AtomicU64::new(0)),
            after_null: vec![false; MAX_PLY + 2],
            selective: true,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; game.codes() * game.cells()],
            lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            keys: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            worth: vec![0; game.players()],
            eval_cache: vec![(0, 0); EVAL_CACHE],
            nodes: 0,
            start: Instant::now(),
            limits: Limits::default(),
            aborted: false,
            root: 0,
            root_key: 0,
            best_reply: Algorithm::Auto.uses_best_reply(game.sides()),
            many_sides: game.sides() > 2,
            iteration_best: None,
        }
    }

    /// Chooses how three or more sides are searched; with two sides both
    /// algorithms are alpha-beta.
    pub fn with_algorithm(mut self, algorithm: Algorithm) -> Engine<'g> {
        self.best_reply = algorithm.uses_best_reply(self.game.sides());
        for h in &mut self.helpers {
            h.best_reply = self.best_reply;
        }
        self
    }

    /// Turns the selective search off (`selective.rs`): every move is
    /// searched to the full depth, as a proof needs (`claim mate-in`: a
    /// "no win in N" must have seen every line).
    pub fn full_width(mut self) -> Engine<'g> {
        self.selective = false;
        for h in &mut self.helpers {
            h.selective = false;
        }
        self
    }

    /// Forgets what earlier searches learnt (a new game): the table,
    /// history and killers.
    pub fn clear(&mut self) {
        self.table.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        for e in &mut self.helpers {
            e.history.iter_mut().for_each(|h| *h = 0);
        }
    }

    /// Searches `pos` for its side to move, calling `on_info` after each
    /// finished iteration. `pos` is left as it was.
    pub fn search(
        &mut self,
        pos: &mut Position<'g>,
        limits: Limits,
        on_info: impl FnMut(&Info),
    ) -> Outcome {
        if self.helper_nodes.is_empty() {
            self.iterate(pos, limits, on_info)
        } else {
            self.search_with_helpers(pos, limits, on_info)
        }
    }

    /// Iterative deepening on this thread.
    fn iterate(
        &mut self,
        pos: &mut Position<'g>,
        limits: Limits,
        mut on_info: impl FnMut(&Info),
    ) -> Outcome {
        self.limits = limits;
        self.start = Instant::now();
        self.nodes = 0;
        self.published.store(0, Ordering::Relaxed);
        self.aborted = false;
        self.root = pos.to_move();
        // Scores are the root player's: positions searched for another
        // player are other entries.
        self.root_key = (self.root as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ if self.best_reply {
                0x5851_F42D_4C95_7F2D
            } else {
                0
            };
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h /= 8);
        let mut root_moves = Vec::new();
        pos.legal_moves(&mut root_moves);
        let mut outcome = Outcome {
            best: None,
            score: Score::Centipawns(self.evaluate(pos)),
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: Vec::new(),
            scores: Vec::new(),
        };
        if root_moves.is_empty() || pos.result().is_some() {
            return outcome;
        }
        // Before any iteration finishes, the move the ordering puts first.
        self.order(pos, &mut root_moves, 0, 0);
        outcome.best = Some(root_moves[0]);
        let max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_SEARCH_DEPTH)
            .clamp(1, MAX_SEARCH_DEPTH);
        let mut previous = None;
        for depth in (1 + self.depth_skew).min(max_depth)..=max_depth {
            self.iteration_best = None;
            let score = self.aspiration(pos, depth as i32, previous);
            if self.aborted {
                // The root's moves are searched best first (the table's
                // move leads), and a later move becomes the best only by a
                // finished search that beat it: the move stands.
                if let Some(mv) = self.iteration_best {
                    outcome.best = Some(mv);
                }
                break;
            }
            previous = Some(score);
            let pv = self.principal_variation(pos, depth as usize);
            let scores = self.scores_along(pos, &pv);
            outcome = Outcome {
                best: pv.first().copied().or(outcome.best),
                score: Score::of(score),
                depth,
                nodes: self.all_nodes(),
                elapsed: self.start.elapsed(),
                pv,
                scores,
            };
            on_info(&Info {
                depth,
                score: outcome.score,
                nodes: outcome.nodes,
                elapsed: outcome.elapsed,
                pv: outcome.pv.clone(),
                scores: outcome.scores.clone(),
            });
            // A forced win or loss found: deeper iterations find the same.
            if score.abs() > MATE_BOUND && depth as i32 > MATE - score.abs() {
                break;
            }
            if self.out_of_time_soon() {
                break;
            }
        }
        outcome.nodes = self.all_nodes();
        outcome.elapsed = self.start.elapsed();
        outcome
    }

    /// Each legal move of the side to move with its score for that side
    /// after the move alone: the evaluation, or the game's end. No search:
    /// what a one-ply greedy player sees.
    pub fn one_ply(&mut self, pos: &mut Position<'g>, out: &mut Vec<(Move, i32)>) {
        self.root = pos.to_move();
        out.clear();
        let mut list = Vec::new();
        pos.legal_moves(&mut list);
        for mv in list {
            pos.make(mv);
            let v = match pos.result() {
                Some(r) => self.terminal(r, 1),
                None => self.evaluate(pos),
            };
            pos.unmake(mv);
            out.push((mv, v));
        }
    }

    /// Every player's own utility at the end of `pv` (played from `pos`,
    /// which is left as it was): the game's result if it is over there,
    /// else the quiescence search's value with that player as the root
    /// (captures settled; its side's worth less the other sides' average,
    /// with the bonus for opponents out), which for the root player is
    /// the search's own leaf; `None` for a player out of the game. The
    /// search itself yields one score, the root player's (Paranoid and
    /// BRS+ see every opponent as one coalition): these are where its
    /// expected line leaves each player, so a free-for-all shows who
    /// stands better, not only whether the side to move does. Unbounded by
    /// the search's limits (a quiescence search is short) and not counted
    /// in its nodes.
    pub fn scores_along(&mut self, pos: &mut Position<'g>, pv: &[Move]) -> Vec<Option<Score>> {
        let (root, nodes, aborted) = (self.root, self.nodes, self.aborted);
        let limits = std::mem::take(&mut self.limits);
        self.aborted = false;
        for &mv in pv {
            pos.make(mv);
        }
        let ply = pv.len();
        let result = pos.result();
        let scores = (0..self.game.players())
            .map(|player| {
                self.root = player;
                match result {
                    Some(r) => Some(Score::of(self.terminal(r, ply))),
                    None if !pos.in_play(player) => None,
                    None => Some(Score::of(self.quiescence(pos, -INFINITY, INFINITY, ply, 0))),
                }
            })
            .collect();
        for &mv in pv.iter().rev() {
            pos.unmake(mv);
        }
        (self.root, self.nodes, self.aborted, self.limits) = (root, nodes, aborted, limits);
        scores
    }

    fn side(&self, player: usize) -> u8 {
        self.game.sides.team_of[player]
    }

    fn maximising(&self, pos: &Position) -> bool {
        self.side(pos.to_move()) == self.side(self.root)
    }

    /// The root player's utility by the evaluation: its side's worth less
    /// the average worth of the other sides in play. With more than two
    /// sides, each opponent out of the game adds an army's worth, one who
    /// passed for want of a move (mated or stalemated, not yet out) half
    /// of it: an average over the players left would not grow when one
    /// goes, yet the game is won by putting them all out, and a game
    /// stopped early is shared by the players still in it.
    fn evaluate(&mut self, pos: &Position) -> i32 {
        if !pos.in_play(self.root) {
            return -OUT;
        }
        // The evaluation is the position's (its hash: pieces, hands,
        // players out or passed) for the root player (not `root_key`:
        // `scores_along` and `one_ply` change the root within a search),
        // so a position met a moment ago is read back.
        let key = pos.hash() ^ (self.root as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = key as usize & (EVAL_CACHE - 1);
        let (k, v) = self.eval_cache[slot];
        if k == key {
            return v;
        }
        let v = self.evaluate_afresh(pos);
        self.eval_cache[slot] = (key, v);
        v
    }

    fn evaluate_afresh(&mut self, pos: &Position) -> i32 {
        if self.many_sides && pos.has_passed(self.root) {
            return -OUT / 2;
        }
        self.eval.worth(pos, &mut self.worth);
        let mine = self.side(self.root);
        let (mut own, mut others, mut sides, mut gone) = (0, 0, 0u64, 0);
        for p in 0..self.game.players() {
            if self.side(p) == mine {
                own += self.worth[p];
            } else {
                others += self.worth[p];
                if pos.in_play(p) {
                    sides |= 1 << self.side(p);
                    gone += pos.has_passed(p) as i32;
                } else {
                    gone += 2;
                }
            }
        }
        let eliminated = if self.many_sides {
            gone * self.eval.army() / 2
        } else {
            0
        };
        own - others / (sides.count_ones() as i32).max(1) + eliminated
    }

    /// The root player's utility of a finished game, `ply` plies from the root.
    fn terminal(&self, result: GameResult, ply: usize) -> i32 {
        let g = self.game;
        let points = g.ir().end.points as f64;
        let mine = result.score(g, self.root);
        let ply = ply as i32;
        if mine >= points - 1e-9 && mine > 0.0 {
            MATE - ply
        } else if mine <= 1e-9 && (result.winner.is_some() || result.loser.is_some()) {
            -MATE + ply
        } else {
            // A shared result: above or below an even share.
            let share = points / g.players() as f64;
            ((mine - share) / points.max(1.0) * 100.0) as i32
        }
    }

    /// A game end that needs no move list: a repetition within the search
    /// (a draw), the move rule, or a result the rules give at once.
    fn quick_end(&self, pos: &mut Position, ply: usize) -> Option<i32> {
        if ply > 0 && pos.repetitions() >= 2 {
            return Some(0);
        }
        let g = self.game;
        let rule = g.ir().end.move_rule;
        if rule > 0 && pos.halfmove() >= rule * g.players() as u32 {
            return Some(0);
        }
        if pos.won_by_arrival().is_some() || (g.sides.eliminates && pos.players_in_play() == 1) {
            return pos.result().map(|r| self.terminal(r, ply));
        }
        None
    }

    /// The ply's move list (kept warm in `lists`), filled with the legal
    /// moves; `Err` with the position's utility when there are none (the
    /// list is put back). The caller puts the list back when done.
    fn legal_list(&mut self, pos: &mut Position<'g>, ply: usize) -> Result<Vec<Move>, i32> {
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        pos.legal_moves(&mut list);
        if list.is_empty() {
            self.lists[ply] = list;
            return Err(self.without_moves(pos, ply));
        }
        Ok(list)
    }

    /// The utility where the side to move has no move: the game's result
    /// (the evaluation if the rules give none).
    fn without_moves(&mut self, pos: &mut Position, ply: usize) -> i32 {
        match pos.result() {
            Some(r) => self.terminal(r, ply),
            None => self.evaluate(pos),
        }
    }

    /// The table's moves from the root, each checked to be legal.
    fn principal_variation(&mut self, pos: &mut Position<'g>, max: usize) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut list = Vec::new();
        while pv.len() < max.max(1) {
            let Some(tag) = self.table.get(pos.hash() ^ self.root_key).map(|e| e.best) else {
                break;
            };
            list.clear();
            pos.legal_moves(&mut list);
            let Some(&mv) = list.iter().find(|&&m| tt::fingerprint(m) == tag) else {
                break;
            };
            pos.make(mv);
            pv.push(mv);
            if pos.repetitions() >= 2 {
                break;
            }
        }
        for &mv in pv.iter().rev() {
            pos.unmake(mv);
        }
        pv
    }
}
