//! The endgame claims: `mate-exists`, `no-mate` and `forced-win` about a
//! material (by the runtime's mate search and retrograde analysis), and
//! `mate-in N` about a position (by the engine's search).

use super::{failed, kind_index, out_of_budget, ClaimBudget};
use crate::ast::{self, Name, Span};
use crate::diag::{Code, Diagnostic};
use crate::names;
use runtime::bitset::CellSet;
use runtime::endgame::{self, Budget, MateSearch, Retrograde};
use runtime::ir::GameIr;
use runtime::{Game, Position};

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

/// The material a claim names, resolved, with the text its messages show.
fn material_described(
    game: &Game,
    m: &ast::Material,
) -> Result<(endgame::Material, String), Diagnostic> {
    let material = material_of(game.ir(), m)?;
    let described = material.describe(game);
    Ok((material, described))
}

/// A material the endgame analysis cannot take.
fn unsupported(span: Span, described: &str, e: endgame::Unsupported) -> Diagnostic {
    not_proven(span, format!("`{described}` cannot be analysed: {e}"))
}

/// An endgame search that ran out of its budget after `examined` positions.
fn search_out_of_budget(
    span: Span,
    described: &str,
    examined: u64,
    what: &str,
    budget: ClaimBudget,
) -> Diagnostic {
    out_of_budget(
        span,
        format!("the {what} for `{described}` examined {examined} positions"),
        budget,
    )
}

/// `claim mate-exists`: the second side mated, with the first side as
/// either player.
pub(super) fn verify_mate_exists(
    game: &Game,
    m: &ast::Material,
    span: Span,
    budget: ClaimBudget,
) -> Result<(), Diagnostic> {
    let (material, described) = material_described(game, m)?;
    let first = endgame::find_mate(game, &material, 1, Budget::new(budget.mate_search))
        .map_err(|e| unsupported(span, &described, e))?;
    let report = match first.result {
        MateSearch::NoneExists => {
            let left = Budget::new(budget.mate_search.saturating_sub(first.examined));
            endgame::find_mate(game, &material.swapped(), 0, left)
                .map_err(|e| unsupported(span, &described, e))?
        }
        _ => first,
    };
    match report.result {
        MateSearch::Found(_) => Ok(()),
        MateSearch::NoneExists => Err(failed(
            span,
            format!(
                "claim failed: no legal position with `{described}` has the second side checkmated"
            ),
            "no mate position exists".into(),
        )),
        MateSearch::Inconclusive => Err(search_out_of_budget(
            span,
            &described,
            report.examined,
            "mate search",
            budget,
        )),
    }
}

/// `claim no-mate`: no legal position with the material has either side
/// checkmated.
pub(super) fn verify_no_mate(
    game: &Game,
    m: &ast::Material,
    span: Span,
    budget: ClaimBudget,
) -> Result<(), Diagnostic> {
    let (material, described) = material_described(game, m)?;
    let report = endgame::find_mate_either_way(game, &material, Budget::new(budget.mate_search))
        .map_err(|e| unsupported(span, &described, e))?;
    match report.result {
        MateSearch::NoneExists => Ok(()),
        MateSearch::Found(position) => Err(failed(
            span,
            format!("claim failed: a mate is possible with `{described}`"),
            "a mate position exists".into(),
        )
        .with_note(format!("a mate position: {position}"))),
        MateSearch::Inconclusive => Err(search_out_of_budget(
            span,
            &described,
            report.examined,
            "mate search",
            budget,
        )),
    }
}

/// `claim forced-win`: every legal position with the material and the
/// first side to move is a forced win for it.
pub(super) fn verify_forced_win(
    game: &Game,
    m: &ast::Material,
    span: Span,
    budget: ClaimBudget,
) -> Result<(), Diagnostic> {
    let ir = game.ir();
    let (material, described) = material_described(game, m)?;
    let report = endgame::analyse(game, &material, 0, Budget::new(budget.retrograde))
        .map_err(|e| unsupported(span, &described, e))?;
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
        Retrograde::Inconclusive { examined } => Err(search_out_of_budget(
            span,
            &described,
            examined.max(budget.retrograde),
            "retrograde analysis",
            budget,
        )),
    }
}

/// The most own moves a `claim mate-in` may name.
pub const MAX_MATE_IN: i64 = 10;

/// `claim mate-in N`: the side to move wins in N of its own moves at best.
/// A full-width search to the plies those moves span finds every win
/// within them (its only pruning is alpha-beta's, its horizon captures
/// cannot invent a win, and a repetition counts as a draw), so a win it
/// does not find does not exist, and the first it finds is the shortest.
pub(super) fn verify_mate_in(
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
    // A finished game has no win to search for: say how it ended, not that
    // the budget ran out (the search does no work there).
    if let Some(result) = pos.result() {
        return Err(failed(
            span,
            format!(
                "claim failed: the game is already over here ({:?}), so no move wins in {moves}",
                result.end
            ),
            "claimed here".into(),
        ));
    }
    let game = pos.game();
    let players = game.players() as i64;
    // The side to move plays at plies 1, 1 + players, ...
    let plies = (moves - 1) * players + 1;
    let own_moves = |p: i32| (p as i64 - 1) / players + 1;
    // Full width: a "no win in N" must have seen every line; and with
    // more than two sides Paranoid, whose opponents search every move
    // (BRS+, the play default, lets all but one play their first move).
    let mut engine = runtime::search::Engine::new(game)
        .full_width()
        .with_algorithm(runtime::search::Algorithm::Paranoid);
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
