//! Phase 4: `Model` -> `runtime::ir::GameIr`. Every atom is walked from
//! every cell for every player once, so region conditions, range limits and
//! board edges cost nothing at run time.
//!
//! `moves.rs` builds the move tables, `promotion.rs` and `castling.rs` the
//! rules that read the setup, `explosion.rs` the cells blasts reach; this
//! file assembles the IR.

mod castling;
mod castling_fixed;
mod explosion;
mod moves;
mod promotion;

use crate::diag::Diagnostic;
use crate::model::Model;
use runtime::ir::{self, GameIr};

pub fn lower(m: &Model) -> (GameIr, Vec<Diagnostic>) {
    let tables = moves::move_tables(m);
    let mut diags = moves::immobile_pieces(m, &tables);
    let promotions = promotion::promotions(m, &mut diags);
    let castlings = castling::castlings(m, &tables);
    let geometry = m.geometry.clone();
    let ir = GameIr {
        format_version: ir::FORMAT_VERSION,
        name: m.name.clone(),
        geometry,
        cells: m.cells.clone(),
        players: m
            .players
            .iter()
            .map(|p| ir::PlayerInfo {
                name: p.name.clone(),
            })
            .collect(),
        kinds: kinds(m),
        moves: tables.moves,
        leaps: tables.leaps,
        rays: tables.rays,
        ray_cells: tables.ray_cells,
        hooks: tables.hooks,
        hook_cells: tables.hook_cells,
        swaps: tables.swaps,
        regions: regions(m),
        promotions,
        castlings: castlings.castlings,
        arrivals: arrivals(m),
        marks: m
            .marks
            .iter()
            .map(|(r, colour)| ir::Mark {
                colour: colour.clone(),
                cells: region_cells(m, *r, 0),
            })
            .collect(),
        colours: m
            .colours
            .iter()
            .map(|&r| ir::Mark {
                colour: m.regions[r].name.clone(),
                cells: region_cells(m, r, 0),
            })
            .collect(),
        clock_seconds: m.clock_seconds,
        agreements: m.agreements.clone(),
        winning_arrivals: winning_arrivals(m),
        teams: m
            .teams
            .iter()
            .map(|t| t.iter().map(|&p| p as u8).collect())
            .collect(),
        en_passant_until_owner_moves: m.en_passant_until_owner_moves,
        capture_forced: m.capture_forced,
        check_forbidden: m.check_forbidden,
        checker_captures_only: m.checker_captures_only.clone(),
        first_move_lost: m.first_move_lost.clone(),
        hands: m.hands.clone(),
        royal_while_last: m.royal_while_last.clone(),
        hops: (!tables.hop_rays.is_empty()).then_some(ir::Hops {
            sets: tables.hop_sets,
            rays: tables.hop_rays,
        }),
        facing: m.facing.as_ref().map(|f| moves::facing(m, f)),
        in_place_promotions: promotion::in_place_promotions(m),
        check_all_royals: m.check_all_royals,
        promotion_limits: m
            .promotion_limits
            .iter()
            .map(|&(kind, below)| ir::PromotionLimit { kind, below })
            .collect(),
        explosion: explosion::explosion(m, &mut diags),
        barred_captures: m.explosions.barred_captures.clone(),
        barred_screens: m.barred_screens.clone(),
        pass_moves: m.pass_moves,
        material_count: m.material_count.clone(),
        wall: m.wall,
        setup: ir::Setup {
            pieces: m.setup.clone(),
            to_move: m.to_move,
            castling_rights: castlings.rights,
        },
        end: ir::EndRules {
            insufficient: insufficient_material(m),
            ..m.end.clone()
        },
    };
    (ir, diags)
}

/// The cells of the model's region `r` as player `p` sees it.
fn region_cells(m: &Model, r: usize, p: usize) -> Vec<u16> {
    (0..m.cells.len())
        .filter(|&c| m.regions[r].cells[p][c])
        .map(|c| c as u16)
        .collect()
}

/// The piece kinds as the runtime reads them.
fn kinds(m: &Model) -> Vec<ir::KindInfo> {
    m.pieces
        .iter()
        .map(|p| ir::KindInfo {
            name: p.name.clone(),
            letter: p.letter,
            aliases: p.aliases.clone(),
            value: p.value,
            royal: p.royal,
            captures_en_passant: p.captures_en_passant,
            stack: p.stack,
            uncapturable: p.uncapturable,
            capturable_when_out: p.capturable_when_out,
        })
        .collect()
}

/// Every region: one entry if shared, else one per player.
fn regions(m: &Model) -> Vec<ir::Region> {
    let players = m.players.len();
    m.regions
        .iter()
        .enumerate()
        .flat_map(|(r, region)| {
            let per: Vec<Option<u8>> = if region.shared {
                vec![None]
            } else {
                (0..players as u8).map(Some).collect()
            };
            per.into_iter().map(move |p| ir::Region {
                name: region.name.clone(),
                player: p,
                cells: region_cells(m, r, p.unwrap_or(0) as usize),
            })
        })
        .collect()
}

/// The arrival rules, one per player.
fn arrivals(m: &Model) -> Vec<ir::Arrival> {
    m.arrivals
        .iter()
        .flat_map(|a| {
            (0..m.players.len()).map(move |p| ir::Arrival {
                player: p as u8,
                kind: a.kind,
                trigger: region_cells(m, a.trigger, p),
                place_kind: a.place,
                place_cells: region_cells(m, a.on, p),
            })
        })
        .collect()
}

/// The winning arrivals, one per player.
fn winning_arrivals(m: &Model) -> Vec<ir::WinningArrival> {
    m.winning_arrivals
        .iter()
        .flat_map(|&w| {
            (0..m.players.len()).map(move |p| ir::WinningArrival {
                player: p as u8,
                kind: w.kind,
                cells: region_cells(m, w.region, p),
                after_reply: w.after_reply,
                if_held: w.if_held,
                if_safe: w.if_safe,
            })
        })
        .collect()
}

/// The insufficient-material declarations, their regions as IR indices.
fn insufficient_material(m: &Model) -> Vec<[Vec<ir::MaterialPiece>; 2]> {
    let players = m.players.len();
    m.insufficient
        .iter()
        .map(|decl| {
            decl.sides.clone().map(|side| {
                side.into_iter()
                    .map(|(kind, region)| ir::MaterialPiece {
                        kind,
                        region: region.map(|r| ir_region_index(m, r, players)),
                    })
                    .collect()
            })
        })
        .collect()
}

/// Where the shared region `r` of the model lands in the IR's regions:
/// each region before it is one entry if shared, one per player if not.
fn ir_region_index(m: &Model, r: usize, players: usize) -> u16 {
    m.regions[..r]
        .iter()
        .map(|x| if x.shared { 1 } else { players })
        .sum::<usize>() as u16
}
