//! Phase 5: run a game's claims against its compiled rules. A claim that
//! the rules contradict is a diagnostic on the claim's span; so is one the
//! checks cannot decide (an endgame search out of budget): a claim not
//! proven is not passed.
//!
//! This module holds the budgets, the dispatch over the claim kinds and
//! the pieces every kind shares (name lookups, the position a claim starts
//! from, the E012 messages); each group of claim kinds has its own file:
//! `counts.rs` (perft, move and attack counts of a lone piece, disjoint
//! moves), `positions.rs` (pieces after moves, attacks in a position,
//! legal and illegal sequences, endings and scores), `endgame.rs`
//! (mate-exists, no-mate, forced-win, mate-in) and `shape.rs` (region
//! sizes, free sides, membership).

mod counts;
mod endgame;
mod positions;
mod shape;

pub use counts::targets;
pub use endgame::MAX_MATE_IN;

use crate::ast::{Claim, ClaimKind, Name, Span};
use crate::diag::{Code, Diagnostic};
use crate::names;
use crate::topology::Topology;
use runtime::ir::GameIr;
use runtime::notation::{parse_position, play_record};
use runtime::{Game, Position};

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

/// One claim: a dispatch over its kind, each kind checked by its own file.
fn verify_one(
    game: &Game,
    topology: &Topology,
    claim: &Claim,
    budget: ClaimBudget,
) -> Result<(), Diagnostic> {
    let ir = game.ir();
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
        } => counts::verify_count(
            ir,
            span,
            *what,
            player,
            *cargo_only,
            piece,
            cell,
            within,
            *expected,
        ),
        ClaimKind::Disjoint {
            player,
            piece,
            others,
            cell,
        } => counts::verify_disjoint(ir, span, player, piece, others, cell),
        ClaimKind::Perft {
            depth,
            expected,
            position,
            after,
        } => counts::verify_perft(game, span, *depth, *expected, position, after, budget),
        ClaimKind::PieceAt {
            player,
            piece,
            cell,
            moves,
            position,
        } => positions::verify_piece_at(game, span, player, piece, cell, moves, position),
        ClaimKind::Hits {
            player,
            except,
            pieces,
            region,
            expected,
            position,
        } => positions::verify_hits(
            game, span, player, *except, pieces, region, *expected, position,
        ),
        ClaimKind::Legal { moves, position } => played(game, position, moves).map(|_| ()),
        ClaimKind::Illegal { moves, position } => positions::verify_illegal(game, moves, position),
        ClaimKind::Ends {
            moves,
            end,
            scores,
            position,
        } => positions::verify_ends(game, span, moves, end, scores, position),
        ClaimKind::Size { region, expected } => shape::verify_size(ir, span, region, *expected),
        ClaimKind::FreeSides { what, expected } => {
            shape::verify_free_sides(ir, topology, span, what, *expected)
        }
        ClaimKind::CellIn { cell, region } => shape::verify_cell_in(ir, span, cell, region),
        ClaimKind::MateExists(m) => endgame::verify_mate_exists(game, m, span, budget),
        ClaimKind::NoMate(m) => endgame::verify_no_mate(game, m, span, budget),
        ClaimKind::ForcedWin(m) => endgame::verify_forced_win(game, m, span, budget),
        ClaimKind::MateIn {
            moves,
            position,
            after,
        } => {
            let mut pos = position_after(game, position, after)?;
            endgame::verify_mate_in(&mut pos, *moves, span, budget)
        }
    }
}
