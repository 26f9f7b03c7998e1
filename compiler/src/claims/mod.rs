//! Phase 5: run a game's claims against its compiled rules. A claim that
//! the rules contradict is a diagnostic on the claim's span; so is one the
//! checks cannot decide (an endgame search out of budget): a claim not
//! proven is not passed.

use crate::ast::{self, Claim, ClaimEnd, ClaimKind, CountWhat, Name, Span};
use crate::diag::{Code, Diagnostic};
use crate::names;
use crate::topology::Topology;
use runtime::bitset::CellSet;
use runtime::endgame::{self, Budget, MateSearch, Retrograde};
use runtime::ir::{self, GameIr};
use runtime::notation::{is_declaration, parse_position, play_record};
use runtime::{Game, GameEnd, Position};
use std::collections::BTreeSet;

/// Positions a `mate-exists` or `no-mate` claim's searches may examine.
pub const MATE_SEARCH_BUDGET: u64 = 50_000_000;
/// Positions a `forced-win` claim's retrograde analysis may examine.
pub const RETROGRADE_BUDGET: u64 = 40_000_000;

/// The most leaves a `claim perft` counts (a few seconds of work); a claim
/// beyond it is reported as not proven instead of running for hours.
pub const MAX_CLAIM_PERFT_LEAVES: u64 = 200_000_000;

/// How much work one claim may do: the leaves a `claim perft` counts and
/// the positions an endgame claim's searches examine. `check` uses the
/// defaults above; `check --claim-budget N` gives every claim N of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClaimBudget {
    pub perft_leaves: u64,
    pub mate_search: u64,
    pub retrograde: u64,
    /// Was it set by the user (the message then names the option)?
    pub chosen: bool,
}

impl Default for ClaimBudget {
    fn default() -> Self {
        ClaimBudget {
            perft_leaves: MAX_CLAIM_PERFT_LEAVES,
            mate_search: MATE_SEARCH_BUDGET,
            retrograde: RETROGRADE_BUDGET,
            chosen: false,
        }
    }
}

impl ClaimBudget {
    /// The same budget of `n` for every kind of claim.
    pub fn uniform(n: u64) -> Self {
        ClaimBudget {
            perft_leaves: n,
            mate_search: n,
            retrograde: n,
            chosen: true,
        }
    }

    /// Where the budget came from, for a claim that ran out of it.
    fn source(&self) -> &'static str {
        if self.chosen {
            "the --claim-budget"
        } else {
            "the default budget"
        }
    }
}

/// Every claim, against the loaded game (and the board's topology, for
/// the claims about its shape), within the default budget.
pub fn verify(game: &Game, topology: &Topology, claims: &[Claim]) -> Vec<Diagnostic> {
    verify_within(game, topology, claims, ClaimBudget::default())
}

/// Every claim within `budget` each: a claim that runs out of it is an
/// E012 "not proven" on that claim, and the others are still verified.
pub fn verify_within(
    game: &Game,
    topology: &Topology,
    claims: &[Claim],
    budget: ClaimBudget,
) -> Vec<Diagnostic> {
    claims
        .iter()
        .filter_map(|c| verify_one(game, topology, c, budget).err())
        .collect()
}

/// E012 for a claim that ran out of its budget: the message says which
/// search and how far it got, the label is on the claim.
fn out_of_budget(span: Span, what: String, budget: ClaimBudget) -> Diagnostic {
    failed(
        span,
        format!("claim not proven: {what}, past {}", budget.source()),
        "ran out of its budget".into(),
    )
    .with_hint(
        "give `variant check --claim-budget N` a larger N, or skip the claims with `--no-claims`",
    )
}

fn failed(span: Span, message: String, label: String) -> Diagnostic {
    Diagnostic::error(Code::ClaimFailed, message, span, label)
        .with_hint("either the claim or the rules above are wrong; the rules text decides")
}

fn player_index(ir: &GameIr, n: &Name) -> Result<usize, Diagnostic> {
    let names: Vec<&str> = ir.players.iter().map(|p| p.name.as_str()).collect();
    names::lookup("player", n, &names)
}

fn kind_index(ir: &GameIr, n: &Name) -> Result<usize, Diagnostic> {
    let names: Vec<&str> = ir.kinds.iter().map(|k| k.name.as_str()).collect();
    names::lookup("piece", n, &names)
}

fn cell_index(ir: &GameIr, n: &Name) -> Result<usize, Diagnostic> {
    let names: Vec<&str> = ir.cells.iter().map(|c| c.name.as_str()).collect();
    names::lookup("cell", n, &names)
}

/// The cells of a region as `player` sees it.
fn region_cells(ir: &GameIr, name: &Name, player: usize) -> Result<Vec<u16>, Diagnostic> {
    ir.regions
        .iter()
        .find(|r| r.name == name.text && r.player.is_none_or(|q| q as usize == player))
        .map(|r| r.cells.clone())
        .ok_or_else(|| {
            let names: Vec<&str> = ir.regions.iter().map(|r| r.name.as_str()).collect();
            names::unknown("region", name, &names)
        })
}

/// Cells a piece alone on the board reaches from `cell`, with the given rights.
pub fn targets(ir: &GameIr, player: usize, kind: usize, cell: usize, flag: u16) -> BTreeSet<u16> {
    targets_where(ir, player, kind, cell, |f| f & flag != 0)
}

/// Cells a piece alone on the board reaches from `cell` by atoms whose flags pass `keep`.
fn targets_where(
    ir: &GameIr,
    player: usize,
    kind: usize,
    cell: usize,
    keep: impl Fn(u16) -> bool,
) -> BTreeSet<u16> {
    let set = ir.moves[(player * ir.kinds.len() + kind) * ir.cells.len() + cell];
    let mut out = BTreeSet::new();
    for l in &ir.leaps[set.leap_start as usize..][..set.leap_len as usize] {
        if keep(l.flags) {
            out.insert(l.to);
        }
    }
    for r in &ir.rays[set.ray_start as usize..][..set.ray_len as usize] {
        if keep(r.flags) {
            out.extend(
                &ir.ray_cells[r.start as usize..][..r.len as usize][r.first_landing as usize..],
            );
        }
    }
    for h in &ir.hooks[set.hook_start as usize..][..set.hook_len as usize] {
        if keep(h.flags) {
            out.insert(h.to);
        }
    }
    out
}

/// The material a claim names: kinds by name, `on` a region shared by all
/// players; the first side belongs to the first player.
fn material_of(ir: &GameIr, m: &ast::Material) -> Result<endgame::Material, Diagnostic> {
    let mut sides: [Vec<endgame::MaterialPiece>; 2] = [Vec::new(), Vec::new()];
    for (side, pieces) in sides.iter_mut().zip(&m.sides) {
        for p in pieces {
            let kind = kind_index(ir, &p.piece)?;
            let region = match &p.on {
                None => None,
                Some(name) => Some(shared_region_cells(ir, name)?),
            };
            side.push(endgame::MaterialPiece { kind, region });
        }
    }
    let [first, second] = sides;
    Ok(endgame::Material::new(first, second))
}

fn shared_region_cells(ir: &GameIr, name: &Name) -> Result<CellSet, Diagnostic> {
    match ir.regions.iter().find(|r| r.name == name.text) {
        Some(r) if r.player.is_none() => {
            Ok(CellSet::from_cells(r.cells.iter().map(|&c| c as usize)))
        }
        Some(_) => Err(crate::check::region_per_player_in_material(name)),
        None => {
            let names: Vec<&str> = ir.regions.iter().map(|r| r.name.as_str()).collect();
            Err(names::unknown("region", name, &names))
        }
    }
}

/// A claim the endgame analysis cannot take or decide.
fn not_proven(span: Span, why: String) -> Diagnostic {
    failed(
        span,
        format!("claim not proven: {why}"),
        "not proven".into(),
    )
    .with_hint("a claim that cannot be decided is not passed; simplify it or check it by hand")
}

fn verify_endgame(
    game: &Game,
    claim: &ClaimKind,
    span: Span,
    budget: ClaimBudget,
) -> Result<(), Diagnostic> {
    let ir = game.ir();
    let (ClaimKind::MateExists(m) | ClaimKind::NoMate(m) | ClaimKind::ForcedWin(m)) = claim else {
        return Ok(());
    };
    let material = material_of(ir, m)?;
    let described = material.describe(game);
    let unsupported = |e: endgame::Unsupported| {
        not_proven(span, format!("`{described}` cannot be analysed: {e}"))
    };
    let out_of_budget = |examined: u64, what: &str| {
        out_of_budget(
            span,
            format!("the {what} for `{described}` examined {examined} positions"),
            budget,
        )
    };
    match claim {
        ClaimKind::MateExists(_) => {
            // The second side mated, with the first side as either player.
            let first = endgame::find_mate(game, &material, 1, Budget::new(budget.mate_search))
                .map_err(unsupported)?;
            let report = match first.result {
                MateSearch::NoneExists => {
                    let left = Budget::new(budget.mate_search.saturating_sub(first.examined));
                    endgame::find_mate(game, &material.swapped(), 0, left).map_err(unsupported)?
                }
                _ => first,
            };
            match report.result {
                MateSearch::Found(_) => Ok(()),
                MateSearch::NoneExists => Err(failed(
                    span,
                    format!("claim failed: no legal position with `{described}` has the second side checkmated"),
                    "no mate position exists".into(),
                )),
                MateSearch::Inconclusive => Err(out_of_budget(report.examined, "mate search")),
            }
        }
        ClaimKind::NoMate(_) => {
            let report =
                endgame::find_mate_either_way(game, &material, Budget::new(budget.mate_search))
                    .map_err(unsupported)?;
            match report.result {
                MateSearch::NoneExists => Ok(()),
                MateSearch::Found(position) => Err(failed(
                    span,
                    format!("claim failed: a mate is possible with `{described}`"),
                    "a mate position exists".into(),
                )
                .with_note(format!("a mate position: {position}"))),
                MateSearch::Inconclusive => Err(out_of_budget(report.examined, "mate search")),
            }
        }
        _ => {
            let report = endgame::analyse(game, &material, 0, Budget::new(budget.retrograde))
                .map_err(unsupported)?;
            match report {
                Retrograde::Solved(r) if r.positions > 0 && r.won == r.positions => Ok(()),
                Retrograde::Solved(r) => {
                    let first = &ir.players[0].name;
                    let mut d = failed(
                        span,
                        format!(
                            "claim failed: {} of the {} legal positions of `{described}` with {first} to move are forced wins",
                            r.won, r.positions
                        ),
                        "not every position is won".into(),
                    );
                    if let Some(p) = r.not_won_example {
                        d = d.with_note(format!("not won: {p}"));
                    }
                    Err(d)
                }
                Retrograde::Inconclusive { examined } => Err(out_of_budget(
                    examined.max(budget.retrograde),
                    "retrograde analysis",
                )),
            }
        }
    }
}

fn start_position<'g>(game: &'g Game, position: &Option<Name>) -> Result<Position<'g>, Diagnostic> {
    match position {
        None => Ok(Position::start(game)),
        Some(p) => parse_position(game, &p.text).map_err(|e| {
            Diagnostic::error(
                Code::BadClaimPosition,
                format!("bad position: {e}"),
                p.span,
                "this position",
            )
            .with_hint("FEN for rectangular two-player boards, or `white: Ke1 ...; black: ...`")
        }),
    }
}

/// The claim's `position` (or the start), then its `after` moves, if any.
fn position_after<'g>(
    game: &'g Game,
    position: &Option<Name>,
    after: &Option<Name>,
) -> Result<Position<'g>, Diagnostic> {
    let mut pos = start_position(game, position)?;
    if let Some(moves) = after {
        play(&mut pos, moves).map_err(|(i, e)| {
            failed(
                moves.span,
                format!("claim failed: move {} of the sequence: {e}", i + 1),
                "this sequence".into(),
            )
        })?;
    }
    Ok(pos)
}

/// The position after a move list that must be legal throughout.
fn played<'g>(
    game: &'g Game,
    position: &Option<Name>,
    moves: &Name,
) -> Result<Position<'g>, Diagnostic> {
    let mut pos = start_position(game, position)?;
    play(&mut pos, moves).map_err(|(i, e)| {
        failed(
            moves.span,
            format!("claim failed: move {} is not legal: {e}", i + 1),
            "in this sequence".into(),
        )
    })?;
    Ok(pos)
}

/// Plays a move list (with declarations); the error names the first move
/// that fails and why.
fn play<'g>(pos: &mut Position<'g>, moves: &Name) -> Result<(), (usize, String)> {
    play_record(pos, &moves.text).map_err(|(i, e)| (i, e.to_string()))
}

fn verify_one(
    game: &Game,
    topology: &Topology,
    claim: &Claim,
    budget: ClaimBudget,
) -> Result<(), Diagnostic> {
    let ir = &game.ir();
    let span = claim.span;
    match &claim.kind {
        ClaimKind::Count {
            what,
            player,
            cargo_only,
            piece,
            cell,
            within,
            expected,
        } => {
            let p = player_index(ir, player)?;
            let k = kind_index(ir, &names::own_stack(piece, &player.text))?;
            let cells: Vec<usize> = match cell {
                Some(cell) => vec![cell_index(ir, cell)?],
                None => (0..ir.cells.len()).filter(|&c| !ir.cells[c].side).collect(),
            };
            let flag = match what {
                CountWhat::Attacks => ir::CAPTURE | ir::GUARD,
                CountWhat::Moves => ir::MOVE,
                CountWhat::Reaches => ir::MOVE | ir::CAPTURE,
            };
            let within = match within {
                Some(r) => Some(region_cells(ir, r, p)?),
                None => None,
            };
            for c in cells {
                let mut got = targets_where(ir, p, k, c, |f| {
                    f & flag != 0 && (!cargo_only || f & ir::CARGO != 0)
                });
                if let Some(cells) = &within {
                    got.retain(|c| cells.contains(c));
                }
                if got.len() as i64 == *expected {
                    continue;
                }
                let names: Vec<&str> = got
                    .iter()
                    .map(|&c| ir.cells[c as usize].name.as_str())
                    .collect();
                return Err(failed(
                    span,
                    format!(
                        "claim failed: the {} on {} {} {} cells, not {expected}",
                        piece.text,
                        ir.cells[c].name,
                        match what {
                            CountWhat::Attacks => "attacks",
                            CountWhat::Moves => "moves to",
                            CountWhat::Reaches => "reaches",
                        },
                        got.len()
                    ),
                    format!("the rules give {}", got.len()),
                )
                .with_note(format!("cells: {}", names.join(" "))));
            }
        }
        ClaimKind::PieceAt {
            player,
            piece,
            cell,
            moves,
            position,
        } => {
            let p = player_index(ir, player)?;
            let k = kind_index(ir, &names::own_stack(piece, &player.text))?;
            let c = cell_index(ir, cell)?;
            let pos = played(game, position, moves)?;
            let code = pos.board()[c];
            if code != game.code(p, k) {
                let there = if code == runtime::game::EMPTY {
                    "nothing".to_string()
                } else {
                    format!(
                        "a {} {}",
                        ir.players[game.owner_of(code)].name,
                        ir.kinds[game.kind_of(code)].name
                    )
                };
                return Err(failed(
                    span,
                    format!("claim failed: after the moves {} holds {there}", cell.text),
                    format!("not a {} {}", player.text, piece.text),
                ));
            }
        }
        ClaimKind::Hits {
            player,
            except,
            pieces,
            region,
            expected,
            position,
        } => {
            let p = player_index(ir, player)?;
            let named: Vec<usize> = pieces
                .iter()
                .map(|n| kind_index(ir, n))
                .collect::<Result<_, _>>()?;
            let mut codes = runtime::codes::CodeSet::EMPTY;
            for k in 0..ir.kinds.len() {
                if pieces.is_empty() || named.contains(&k) != *except {
                    codes.insert(game.code(p, k));
                }
            }
            let cells = region_cells(ir, region, p)?;
            let pos = start_position(game, position)?;
            let got: usize = cells
                .iter()
                .map(|&c| pos.attackers_count(c as usize, &codes))
                .sum();
            if got as i64 != *expected {
                return Err(failed(
                    span,
                    format!(
                        "claim failed: {}'s pieces make {got} attacks on {}, not {expected}",
                        player.text, region.text
                    ),
                    format!("the rules give {got}"),
                ));
            }
        }
        ClaimKind::Size { region, expected } => {
            // A per-player region is counted as the first player sees it.
            let n = region_cells(ir, region, 0)?.len() as i64;
            if n != *expected {
                return Err(failed(
                    span,
                    format!("claim failed: {} has {n} cells", region.text),
                    format!("expected {expected}"),
                ));
            }
        }
        ClaimKind::FreeSides { what, expected } => {
            let cells: Vec<u16> = match ir.cells.iter().position(|c| c.name == what.text) {
                Some(c) => vec![c as u16],
                None => region_cells(ir, what, 0)?,
            };
            for c in cells {
                let n = topology.free_sides(c as usize, |x| ir.cells[x].side) as i64;
                if n != *expected {
                    return Err(failed(
                        span,
                        format!(
                            "claim failed: {} has {n} free sides",
                            ir.cells[c as usize].name
                        ),
                        format!("expected {expected}"),
                    ));
                }
            }
        }
        ClaimKind::CellIn { cell, region } => {
            let c = cell_index(ir, cell)?;
            let cells = region_cells(ir, region, 0)?;
            if !cells.contains(&(c as u16)) {
                return Err(failed(
                    span,
                    format!("claim failed: {} is not in {}", cell.text, region.text),
                    "not a member".into(),
                ));
            }
        }
        ClaimKind::Disjoint {
            player,
            piece,
            others,
            cell,
        } => {
            let p = player_index(ir, player)?;
            let k = kind_index(ir, piece)?;
            let mut other_kinds = Vec::new();
            for o in others {
                other_kinds.push(kind_index(ir, o)?);
            }
            let cells: Vec<usize> = match cell {
                Some(c) => vec![cell_index(ir, c)?],
                None => (0..ir.cells.len()).collect(),
            };
            let flags = ir::MOVE | ir::CAPTURE;
            for c in cells {
                let mine = targets(ir, p, k, c, flags);
                for &o in &other_kinds {
                    let theirs = targets(ir, p, o, c, flags);
                    if let Some(shared) = mine.intersection(&theirs).next() {
                        return Err(failed(
                            span,
                            format!(
                                "claim failed: from {} both the {} and the {} reach {}",
                                ir.cells[c].name,
                                piece.text,
                                ir.kinds[o].name,
                                ir.cells[*shared as usize].name
                            ),
                            "these pieces share a move".into(),
                        ));
                    }
                }
            }
        }
        ClaimKind::Perft {
            depth,
            expected,
            position,
            after,
        } => {
            let mut pos = position_after(game, position, after)?;
            // Bounded work: a depth in range, and a node budget (a claim
            // perft of 9 in chess would run for hours).
            if !(0..=runtime::perft::MAX_PERFT_DEPTH as i32).contains(depth) {
                return Err(Diagnostic::error(
                    Code::InvalidValue,
                    format!(
                        "claim perft {depth}: the depth must be 0 to {}",
                        runtime::perft::MAX_PERFT_DEPTH
                    ),
                    span,
                    "this claim",
                ));
            }
            let Some(got) = pos.perft_within(*depth as u32, budget.perft_leaves) else {
                return Err(out_of_budget(
                    span,
                    format!("perft {depth} has more than {} leaves", budget.perft_leaves),
                    budget,
                ));
            };
            if got as i64 != *expected {
                return Err(failed(
                    span,
                    format!("claim failed: perft {depth} is {got}, not {expected}"),
                    format!("the rules give {got}"),
                ));
            }
        }
        ClaimKind::Legal { moves, position } => {
            played(game, position, moves)?;
        }
        ClaimKind::Illegal { moves, position } => {
            let mut pos = start_position(game, position)?;
            // Declarations belong to the move before them.
            let count = moves
                .text
                .split_whitespace()
                .filter(|w| !is_declaration(w))
                .count();
            match play(&mut pos, moves) {
                Ok(()) => {
                    return Err(failed(
                        moves.span,
                        "claim failed: every move of the sequence is legal".into(),
                        "expected the last move to be refused".into(),
                    ))
                }
                Err((i, e)) if i + 1 != count => {
                    return Err(failed(
                        moves.span,
                        format!(
                            "claim failed: move {} already fails ({e}), before the last",
                            i + 1
                        ),
                        "in this sequence".into(),
                    ));
                }
                Err(_) => {}
            }
        }
        ClaimKind::MateExists(_) | ClaimKind::NoMate(_) | ClaimKind::ForcedWin(_) => {
            verify_endgame(game, &claim.kind, span, budget)?;
        }
        ClaimKind::MateIn {
            moves,
            position,
            after,
        } => {
            let mut pos = position_after(game, position, after)?;
            verify_mate_in(&mut pos, *moves, span, budget)?;
        }
        ClaimKind::Ends {
            moves,
            end,
            scores,
            position,
        } => {
            // The winner named must be a player (E003), before any move.
            if let ClaimEnd::Win(w) = end {
                player_index(ir, w)?;
            }
            let mut pos = played(game, position, moves)?;
            let result = pos.result();
            if let (Some(claimed), Some(r)) = (scores, result) {
                let got: Vec<f64> = (0..ir.players.len()).map(|p| r.score(game, p)).collect();
                let same = claimed.len() == got.len()
                    && claimed.iter().zip(&got).all(|(a, b)| (a - b).abs() < 1e-9);
                if !same {
                    let shown: Vec<String> = got.iter().map(|x| format!("{x}")).collect();
                    return Err(failed(
                        span,
                        format!(
                            "claim failed: the players score {} (in seat order)",
                            shown.join(" ")
                        ),
                        "claimed scores".into(),
                    ));
                }
            }
            let ok = match (end, result) {
                (ClaimEnd::Checkmate, Some(r)) => r.end == GameEnd::Checkmate,
                (ClaimEnd::Stalemate, Some(r)) => r.end == GameEnd::Stalemate,
                (ClaimEnd::Draw, Some(r)) => r.winner.is_none() && r.loser.is_none(),
                (ClaimEnd::Win(w), Some(r)) => {
                    r.winner.is_some_and(|p| ir.players[p].name == w.text)
                }
                _ => false,
            };
            if !ok {
                let said = match result {
                    None => "the game goes on".to_string(),
                    Some(r) => format!(
                        "the game ends by {:?}, {}",
                        r.end,
                        r.winner.map_or("drawn".to_string(), |p| format!(
                            "won by {}",
                            ir.players[p].name
                        ))
                    ),
                };
                return Err(failed(
                    span,
                    format!("claim failed: after these moves {said}"),
                    "claimed ending".into(),
                ));
            }
        }
    }
    Ok(())
}

/// The most own moves a `claim mate-in` may name.
pub const MAX_MATE_IN: i64 = 10;

/// `claim mate-in N`: the side to move wins in N of its own moves at best.
/// A full-width search to the plies those moves span finds every win
/// within them (its only pruning is alpha-beta's, its horizon captures
/// cannot invent a win, and a repetition counts as a draw), so a win it
/// does not find does not exist, and the first it finds is the shortest.
fn verify_mate_in(
    pos: &mut Position,
    moves: i64,
    span: Span,
    budget: ClaimBudget,
) -> Result<(), Diagnostic> {
    if !(1..=MAX_MATE_IN).contains(&moves) {
        return Err(Diagnostic::error(
            Code::InvalidValue,
            format!("claim mate-in {moves}: give 1 to {MAX_MATE_IN} moves"),
            span,
            "this claim",
        ));
    }
    let game = pos.game();
    let players = game.players() as i64;
    // The side to move plays at plies 1, 1 + players, ...
    let plies = (moves - 1) * players + 1;
    let own_moves = |p: i32| (p as i64 - 1) / players + 1;
    let mut engine = runtime::search::Engine::new(game);
    let limits = runtime::search::Limits {
        depth: Some(plies as u32),
        nodes: Some(budget.mate_search),
        ..Default::default()
    };
    let outcome = engine.search(pos, limits, |_| {});
    match outcome.score {
        runtime::search::Score::MateIn(p) if p > 0 && own_moves(p) == moves => Ok(()),
        runtime::search::Score::MateIn(p) if p > 0 && own_moves(p) < moves => Err(failed(
            span,
            format!(
                "claim failed: the side to move wins sooner, in {} move{} ({p} plies)",
                own_moves(p),
                if own_moves(p) == 1 { "" } else { "s" }
            ),
            "claimed here".into(),
        )),
        _ if outcome.depth < plies as u32 => Err(out_of_budget(
            span,
            format!(
                "the search for a win in {moves} reached {} of its {plies} plies in {} positions",
                outcome.depth, budget.mate_search
            ),
            budget,
        )),
        score => Err(failed(
            span,
            format!(
                "claim failed: no win in {moves} move{} (searched all {plies} pl{}: {})",
                if moves == 1 { "" } else { "s" },
                if plies == 1 { "y" } else { "ies" },
                match score {
                    runtime::search::Score::MateIn(p) if p < 0 =>
                        "the side to move is mated".to_string(),
                    runtime::search::Score::MateIn(p) =>
                        format!("the shortest win takes {}", own_moves(p)),
                    runtime::search::Score::Centipawns(cp) =>
                        format!("the best found scores {cp} centipawns"),
                }
            ),
            "claimed here".into(),
        )),
    }
}
