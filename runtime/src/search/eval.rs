//! The evaluation, derived from the rules alone: material from each kind's
//! `value` (where a game gives none, from how far the kind reaches on an
//! empty board), and a per-cell bonus from the kind's reach from that cell
//! on an empty board, built once per game. Only players in play count: a
//! frozen army is worth nothing to its owner. Each piece but royal and
//! promoting ones also counts the cells it may move to now (its mobility),
//! and every piece counts what it threatens: an enemy piece worth more
//! than itself that it may capture, and an enemy piece it may capture
//! that nothing guards (its owner loses a share of it).
//!
//! A player left with royal pieces alone cannot win by force, yet must
//! still be mated (or stalemated) for another to win, and that takes a
//! plan a short search does not see: so a bare royal piece counts against
//! its owner the nearer it stands to the board's edge (where it reaches
//! fewer cells) and for each other player the nearer that player's own
//! royal piece stands to the nearest bare one (in royal steps), if that
//! player has more than royal pieces. Every board kind measures by its own
//! geometry: reach and steps come from the royal kinds' moves. Where the
//! bare royal piece can still walk counts too: the cells it reaches in
//! royal steps over cells no enemy attacks (its box), up to `BOX_CAP`,
//! so that a search sees each move that shrinks the box.
//!
//! A piece in hand counts its kind's material as it would be dropped (the
//! kind the hand holds it as), times `HAND_PERCENT` / 100, and no
//! placement: a capture in a game with hands gains what it takes at once,
//! and a drop spends nothing but the placement it buys.
//!
//! A piece that promotes gains, per cell, a share of what promoting
//! would add to its worth, by how many of its own moves the nearest
//! promoting move lies away on an empty board: a short search otherwise
//! sees no reason to walk a pawn up a board that has nothing else left.

mod danger;

use crate::bitset::{CellSet, MAX_CELLS};
use crate::game::{Game, EMPTY};
use crate::position::{Activity, Cover, Position, Zones, MAX_ZONES};

/// Centipawns per unit of a kind's `value`.
const UNIT: i32 = 100;
/// Centipawns per cell of reach above or below the kind's average.
const REACH: i32 = 3;
/// A royal piece's worth in a static exchange.
const ROYAL_IN_EXCHANGE: i32 = 100_000;
/// Centipawns per cell of reach a bare royal piece has below its average.
const CORNERED: i32 = 20;
/// Centipawns per royal step nearer a bare royal piece, within `NEAR`.
const APPROACH: i32 = 10;
const NEAR: i32 = 10;
/// Centipawns per cell a bare royal piece's box is smaller than `BOX_CAP`.
const BOX: i32 = 25;
const BOX_CAP: usize = 24;
/// With more than two players, centipawns per royal step (within `NEAR`)
/// a piece stands nearer the nearest enemy royal piece in play: a short
/// search in a free-for-all otherwise trades down to bare royal pieces
/// that nobody can mate (measured: docs/PERFORMANCE.md, "Strength").
const PULL: i32 = 6;
/// A promoting piece `d` moves away from its best promotion gains this
/// share of the promotion's worth: 1 / (ADVANCE * (d + 1)^2), so a chess
/// pawn on its seventh rank is worth 100 cp more, on its fifth 25 more.
const ADVANCE: i32 = 2;

/// A piece in hand is worth this many percent of its material on the
/// board: 120 and 80 scored no better than 100 in matches of drop games
/// (docs/ENGINE.md, "Drops: hand material and drop ordering").
const HAND_PERCENT: i32 = 100;

/// Mobility: a piece gains, per cell it may move to now, `MOBILITY` /
/// sqrt(its kind's average reach on an empty board) centipawns (a chess
/// knight about 5, a queen 2.5); kinds that promote and royal kinds are
/// left out (their advance and the hunt count for them). Measured:
/// docs/ENGINE.md, "The evaluation".
const MOBILITY: f64 = 12.0;

/// Threats: a player gains 1 / `THREAT` of the material its pieces may
/// capture above their own worth (a pawn attacking a knight), and loses
/// 1 / `HANGING` of each of its pieces an enemy may capture and nothing
/// of its team guards.
const THREAT: i32 = 8;
const HANGING: i32 = 8;

/// Per cell: a piece's moves from there on an empty board, as (to, the
/// kind it lands as if the move changes it).
type MovesFrom = Vec<Vec<(u16, Option<usize>)>>;

pub(crate) struct Evaluator {
    /// Per piece code: material in centipawns.
    material: Vec<i32>,
    /// Per piece code and cell: the bonus of standing there.
    placement: Vec<i32>,
    /// Per piece code and cell: the part of `placement` that is nearness
    /// to promotion (empty when no kind promotes).
    advance: Vec<i32>,
    cells: usize,
    /// The average worth of a player's army in the start position.
    army: i32,
    /// Per piece code: the kind is royal.
    royal: Vec<bool>,
    /// Per piece code: 16ths of a centipawn per cell the piece may move to.
    mobility: Vec<i32>,
    /// Per piece code and cell: the royal kind's reach there less its
    /// average (0 for other kinds).
    royal_reach: Vec<i32>,
    /// Per pair of cells: `NEAR` less the royal steps between them (at
    /// least 0).
    nearness: Vec<u8>,
    /// Per cell: a royal piece's zone there (its cell and steps:
    /// `danger.rs`).
    royal_zone: Vec<CellSet>,
    /// Per cell: the range of `royal_steps` a royal piece steps to from it.
    royal_step_at: Vec<(u32, u16)>,
    royal_steps: Vec<u16>,
    /// Per `player * kinds + kind`: the worth of one piece of the kind in
    /// the player's hand (empty in a game without hands).
    in_hand: Vec<i32>,
}

impl Evaluator {
    pub(crate) fn new(game: &Game) -> Evaluator {
        let cells = game.cells();
        let codes = game.codes();
        let mut material = vec![0; codes];
        let mut placement = vec![0; codes * cells];
        let mut royal = vec![false; codes];
        let mut mobility = vec![0; codes];
        let mut royal_reach = vec![0; codes * cells];
        // Per cell: where a royal piece steps from it (any royal kind).
        let mut steps: Vec<Vec<u16>> = vec![Vec::new(); cells];
        let mut empty = Position::empty(game);
        let mut list = Vec::new();
        // Per code of a promoting kind: its moves from every cell on an
        // empty board, as (to, the kind landed as).
        let mut promoting: Vec<(u8, MovesFrom)> = Vec::new();
        for player in 0..game.players() {
            for (kind, info) in game.ir().kinds.iter().enumerate() {
                let code = game.code(player, kind);
                let promotes = game.landing.promotes[player * game.kinds() + kind];
                let mut moves_from = Vec::new();
                // The kind's reach from every cell of an empty board.
                let reach: Vec<i32> = (0..cells)
                    .map(|cell| {
                        if game.ir().cells[cell].side {
                            return 0;
                        }
                        empty.put(cell, code);
                        empty.set_to_move(player);
                        list.clear();
                        empty.pseudo_legal_moves(&mut list);
                        empty.take(cell);
                        if info.royal {
                            steps[cell].extend(list.iter().map(|m| m.to() as u16));
                        }
                        if promotes {
                            moves_from.resize(cell, Vec::new());
                            moves_from.push(
                                list.iter()
                                    .map(|m| (m.to() as u16, m.promotion()))
                                    .collect(),
                            );
                        }
                        list.len() as i32
                    })
                    .collect();
                let on_board = reach.iter().filter(|&&r| r > 0).count().max(1) as i32;
                let average = reach.iter().sum::<i32>() / on_board;
                material[code as usize] = if info.royal {
                    0
                } else if info.value != 0 {
                    info.value * UNIT
                } else {
                    // No value given: 35 per cell of average reach, so a
                    // rider over 23 cells of an 8x8 board is worth about 8
                    // units, a leaper to 5 cells about 2.
                    (average * 35).max(UNIT)
                };
                for (cell, r) in reach.iter().enumerate() {
                    placement[code as usize * cells + cell] = (r - average) * REACH;
                    if info.royal {
                        royal_reach[code as usize * cells + cell] = r - average;
                    }
                }
                royal[code as usize] = info.royal;
                if !info.royal && !promotes && average > 0 {
                    mobility[code as usize] = (16.0 * MOBILITY / (average as f64).sqrt()) as i32;
                }
                if promotes {
                    moves_from.resize(cells, Vec::new());
                    promoting.push((code, moves_from));
                }
            }
        }
        let mut advance = Vec::new();
        for (code, moves_from) in &promoting {
            advance.resize(codes * cells, 0);
            let bonus = advance_bonus(game, *code, moves_from, &material);
            for (cell, bonus) in bonus.into_iter().enumerate() {
                placement[*code as usize * cells + cell] += bonus;
                advance[*code as usize * cells + cell] = bonus;
            }
        }
        let in_hand = match &game.hands {
            None => Vec::new(),
            Some(_) => (0..game.players() * game.kinds())
                .map(|i| {
                    let code = game.code(i / game.kinds(), i % game.kinds());
                    material[code as usize] * HAND_PERCENT / 100
                })
                .collect(),
        };
        let nearness = nearness_table(&mut steps);
        let royal_zone = danger::zones(&steps);
        let mut royal_step_at = Vec::with_capacity(cells);
        let mut royal_steps = Vec::new();
        for list in &steps {
            royal_step_at.push((royal_steps.len() as u32, list.len() as u16));
            royal_steps.extend_from_slice(list);
        }
        let mut evaluator = Evaluator {
            material,
            placement,
            advance,
            cells,
            army: 0,
            royal,
            mobility,
            royal_reach,
            nearness,
            royal_step_at,
            royal_steps,
            royal_zone,
            in_hand,
        };
        let mut worth = vec![0; game.players()];
        evaluator.worth(&Position::start(game), &mut worth);
        evaluator.army = worth.iter().sum::<i32>() / game.players().max(1) as i32;
        evaluator
    }

    /// The average worth of an army in the start position, in centipawns.
    pub(crate) fn army(&self) -> i32 {
        self.army
    }

    /// Does a piece of `code` moving from `from` to `to` come nearer to
    /// its promotion?
    pub(crate) fn advances(&self, code: u8, from: usize, to: usize) -> bool {
        let at = |cell: usize| self.advance.get(code as usize * self.cells + cell).copied();
        at(to) > at(from)
    }

    /// The material of a piece code, in centipawns (0 for an empty cell).
    pub(crate) fn value(&self, code: u8) -> i32 {
        self.material.get(code as usize).copied().unwrap_or(0)
    }

    /// The worth of a piece code in a static exchange: its material, a
    /// royal piece more than any army (it may take only where nothing
    /// retakes).
    pub(crate) fn exchange_value(&self, code: u8) -> i32 {
        if self.royal.get(code as usize).copied().unwrap_or(false) {
            ROYAL_IN_EXCHANGE
        } else {
            self.value(code)
        }
    }

    /// Each player's worth: material and placement of its pieces, and the
    /// material of those in its hand; 0 for a player out of the game.
    pub(crate) fn worth(&self, pos: &Position, out: &mut [i32]) {
        let g = pos.game();
        out.iter_mut().for_each(|w| *w = 0);
        let in_play = (0..g.players()).fold(0u64, |s, p| s | (pos.in_play(p) as u64) << p);
        let pulled = g.players() > 2;
        // Players with more than royal pieces, as bits.
        let mut armed = 0u64;
        // Per player (of the first `MAX_ZONES`): the material of its
        // pieces on the board, the force an attack on a royal zone has.
        let mut force = [0; MAX_ZONES];
        let board = pos.board();
        for (owner, cells) in pos.occupied_by.iter().enumerate() {
            for cell in cells.iter() {
                let code = board[cell] as usize;
                let material = self.material[code];
                out[owner] += material + self.placement[code * self.cells + cell];
                if let Some(f) = force.get_mut(owner) {
                    *f += material;
                }
                if !self.royal[code] {
                    armed |= 1 << owner;
                    if pulled {
                        out[owner] +=
                            PULL * self.nearness_to_enemy(pos, cell, owner, in_play) as i32;
                    }
                }
            }
        }
        if !self.in_hand.is_empty() {
            armed |= self.hand_worth(pos, out);
        }
        self.activity(pos, in_play, &force, out);
        if armed & in_play != in_play {
            self.hunt(pos, armed, in_play, out);
        }
        for (p, w) in out.iter_mut().enumerate() {
            if !pos.in_play(p) {
                *w = 0;
            }
        }
    }

    /// Mobility and threats: each player in play gains its mobility and a
    /// share of the worth its cheaper pieces threaten, and loses a share
    /// of each of its pieces an enemy may capture and no player of its
    /// team guards, and what its enemies' attack on its royal zone costs
    /// it (`danger.rs`).
    fn activity(&self, pos: &Position, in_play: u64, force: &[i32], out: &mut [i32]) {
        let g = pos.game();
        let mut cover = Cover {
            hits: CellSet::EMPTY,
            guards: CellSet::EMPTY,
        };
        let players = g.players();
        // Royal zones of the players in play (none past `MAX_ZONES`).
        let mut zones = [CellSet::EMPTY; MAX_ZONES];
        if players <= MAX_ZONES {
            for (p, zone) in zones.iter_mut().enumerate().take(players) {
                if in_play >> p & 1 != 0 {
                    *zone = self.zone_of(pos, p);
                }
            }
        }
        let mut seen = [Activity::default(); MAX_ZONES];
        let mut targets = [CellSet::EMPTY; MAX_ZONES];
        for (p, w) in out.iter_mut().enumerate() {
            if in_play >> p & 1 != 0 {
                // The zones this player's pieces attack: its enemies'.
                let team = g.sides.team_of[p];
                let mut union = CellSet::EMPTY;
                for (q, target) in targets.iter_mut().enumerate().take(players.min(MAX_ZONES)) {
                    *target = if g.sides.team_of[q] == team {
                        CellSet::EMPTY
                    } else {
                        zones[q]
                    };
                    union = union.union(target);
                }
                let a = pos.activity(
                    p,
                    &self.mobility,
                    &self.material,
                    &self.royal,
                    &Zones {
                        of: &targets[..players.min(MAX_ZONES)],
                        union,
                    },
                    &mut cover,
                );
                *w += a.mobility / 16 + a.threats / THREAT;
                if p < MAX_ZONES {
                    seen[p] = a;
                }
            }
        }
        let board = pos.board();
        for cell in cover.hits.minus(&cover.guards).iter() {
            let code = board[cell];
            out[g.owner_of(code)] -= self.material[code as usize] / HANGING;
        }
        if players <= MAX_ZONES {
            // A player out of play has no zone: nobody attacks it.
            for (p, w) in out.iter_mut().enumerate() {
                *w -= self.danger(p, &zones[p], &seen[..players], force);
            }
        }
    }

    /// Adds the worth of each player's hand; returns the players that
    /// hold a piece, as bits (they are not bare: they may drop it).
    fn hand_worth(&self, pos: &Position, out: &mut [i32]) -> u64 {
        let kinds = pos.game().kinds();
        let mut holding = 0u64;
        let hands = pos.hand.chunks(kinds).zip(self.in_hand.chunks(kinds));
        for (player, (counts, worth)) in hands.enumerate() {
            for (&n, &w) in counts.iter().zip(worth) {
                if n != 0 {
                    out[player] += n as i32 * w;
                    holding |= 1 << player;
                }
            }
        }
        holding
    }

    /// How near `cell` is (`NEAR` less the royal steps) to the nearest
    /// royal piece of an enemy of `owner` among the players of `prey`.
    fn nearness_to_enemy(&self, pos: &Position, cell: usize, owner: usize, prey: u64) -> u8 {
        let g = pos.game();
        let row = &self.nearness[cell * self.cells..(cell + 1) * self.cells];
        let mut nearest = 0;
        for q in 0..g.players() {
            if prey >> q & 1 != 0 && g.sides.team_of[q] != g.sides.team_of[owner] {
                for royal in pos.royals_of[q].iter() {
                    nearest = nearest.max(row[royal]);
                }
            }
        }
        nearest
    }

    /// The hunt of bare royal pieces (players of `in_play` not in
    /// `armed`): each counts against its owner by how cornered it stands,
    /// and for every armed enemy by how near that enemy's royal piece is
    /// to the nearest bare one.
    fn hunt(&self, pos: &Position, armed: u64, in_play: u64, out: &mut [i32]) {
        let board = pos.board();
        let bare = in_play & !armed;
        for (player, worth) in out.iter_mut().enumerate() {
            if bare >> player & 1 != 0 {
                for at in pos.royals_of[player].iter() {
                    *worth += CORNERED * self.royal_reach[board[at] as usize * self.cells + at]
                        - BOX * (BOX_CAP - self.box_size(pos, at, player)) as i32;
                }
            } else if armed >> player & 1 != 0 {
                let nearest = pos.royals_of[player]
                    .iter()
                    .map(|own| self.nearness_to_enemy(pos, own, player, bare))
                    .max()
                    .unwrap_or(0);
                *worth += APPROACH * nearest as i32;
            }
        }
    }
}

impl Evaluator {
    /// How many cells (at most `BOX_CAP`) the royal piece of `player` on
    /// `start` reaches in royal steps over cells no enemy attacks, empty
    /// or holding a capturable enemy piece. Each cell is tested once.
    fn box_size(&self, pos: &Position, start: usize, player: usize) -> usize {
        let g = pos.game();
        let board = pos.board();
        let mut seen = CellSet::EMPTY;
        seen.insert(start);
        let mut queue = [0u16; MAX_CELLS];
        queue[0] = start as u16;
        let (mut head, mut tail, mut size) = (0, 1, 0);
        while head < tail && size < BOX_CAP {
            let (from, len) = self.royal_step_at[queue[head] as usize];
            head += 1;
            for &n in &self.royal_steps[from as usize..][..len as usize] {
                let n = n as usize;
                if seen.contains(n) {
                    continue;
                }
                seen.insert(n);
                let code = board[n];
                let open = code == EMPTY
                    || (g.sides.team_of[g.owner_of(code)] != g.sides.team_of[player]
                        && !self.royal[code as usize]);
                if open && !pos.attacked_by_enemy_of(n, player) {
                    size += 1;
                    queue[tail] = n as u16;
                    tail += 1;
                }
            }
        }
        size.min(BOX_CAP)
    }
}

/// Per cell, what a piece of `code` gains there for being near its best
/// promotion: the gain in material of the best promoting move anywhere,
/// times 1 / (ADVANCE * (d + 1)^2) for the fewest moves `d` (on an empty
/// board, `moves_from`) to a cell where some promoting move starts.
fn advance_bonus(game: &Game, code: u8, moves_from: &MovesFrom, material: &[i32]) -> Vec<i32> {
    let owner = game.owner_of(code);
    let own = material[code as usize];
    let gain = moves_from
        .iter()
        .flatten()
        .filter_map(|&(_, kind)| kind.map(|k| material[game.code(owner, k) as usize] - own))
        .max()
        .unwrap_or(0);
    let cells = moves_from.len();
    if gain <= 0 {
        return vec![0; cells];
    }
    // Moves to the nearest promoting move (u32::MAX: never), relaxed
    // until nothing changes: at most `cells` rounds.
    let mut dist: Vec<u32> = moves_from
        .iter()
        .map(|moves| {
            if moves.iter().any(|m| m.1.is_some()) {
                1
            } else {
                u32::MAX
            }
        })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for cell in 0..cells {
            let best = moves_from[cell]
                .iter()
                .map(|&(to, _)| dist[to as usize].saturating_add(1))
                .min()
                .unwrap_or(u32::MAX);
            if best < dist[cell] {
                dist[cell] = best;
                changed = true;
            }
        }
    }
    dist.iter()
        .map(|&d| match d {
            u32::MAX => 0,
            d => gain / (ADVANCE * (d as i32 + 1).pow(2)),
        })
        .collect()
}

/// Per pair of cells, `NEAR` less the royal steps between them (0 when
/// farther or unreachable): a breadth-first walk from every cell over
/// `steps` (sorted and deduplicated here).
fn nearness_table(steps: &mut [Vec<u16>]) -> Vec<u8> {
    let cells = steps.len();
    for list in steps.iter_mut() {
        list.sort_unstable();
        list.dedup();
    }
    let mut nearness = vec![0u8; cells * cells];
    let mut dist = vec![u8::MAX; cells];
    let mut queue = Vec::with_capacity(cells);
    for start in 0..cells {
        dist.iter_mut().for_each(|d| *d = u8::MAX);
        dist[start] = 0;
        queue.clear();
        queue.push(start);
        let mut head = 0;
        while head < queue.len() {
            let c = queue[head];
            head += 1;
            if dist[c] as i32 + 1 >= NEAR {
                continue;
            }
            for &n in &steps[c] {
                let n = n as usize;
                if dist[n] == u8::MAX {
                    dist[n] = dist[c] + 1;
                    queue.push(n);
                }
            }
        }
        for (to, &d) in dist.iter().enumerate() {
            if d != u8::MAX {
                nearness[start * cells + to] = (NEAR - d as i32).max(0) as u8;
            }
        }
    }
    nearness
}
