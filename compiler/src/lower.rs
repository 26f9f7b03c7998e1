//! Phase 4: `Model` -> `runtime::ir::GameIr`. Every atom is walked from
//! every cell for every player once, so region conditions, range limits and
//! board edges cost nothing at run time.

use crate::diag::{Code, Diagnostic};
use crate::model::Model;
use crate::topology::Lattice;
use runtime::ir::{self, GameIr, Hook, Leap, MoveSet, Ray, Swap};
use std::collections::HashMap;

/// Atom flags that restrict when a move may be made.
const CONDITIONS: u8 = ir::UNMOVED_ONLY | ir::UNATTACKED_LANDING;

pub fn lower(m: &Model) -> (GameIr, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let cells = m.cells.len();
    let players = m.players.len();
    let kinds = m.pieces.len();
    let mut moves = Vec::with_capacity(players * kinds * cells);
    let mut leaps: Vec<Leap> = Vec::new();
    let mut rays: Vec<Ray> = Vec::new();
    let mut ray_cells: Vec<u16> = Vec::new();
    let mut directions: HashMap<(i32, i32), u16> = HashMap::new();
    let mut hooks: Vec<Hook> = Vec::new();
    let mut hook_cells: Vec<u16> = Vec::new();
    let mut swaps: Vec<Swap> = Vec::new();
    let rotation = m.lattice.symmetries()[1];
    let in_region =
        |r: Option<usize>, p: usize, c: usize| r.is_none_or(|r| m.regions[r].cells[p][c]);

    for p in 0..players {
        for piece in &m.pieces {
            for from in 0..cells {
                let origin = m.cells[from].coord;
                let mut cell_leaps: Vec<Leap> = Vec::new();
                // (cells, flags, direction, first landing index)
                let mut cell_rays: Vec<(Vec<u16>, u8, u16, u8, u8)> = Vec::new();
                // Target -> (flags, intermediate cells).
                let mut cell_hooks: Vec<(u16, u8, Vec<u16>, u8)> = Vec::new();
                for atom in &piece.atoms {
                    if !in_region(atom.from_region, p, from) {
                        continue;
                    }
                    let becomes = atom.becomes.map_or(0, |k| k + 1);
                    for &v in &atom.vectors[p] {
                        if let Some(turn) = atom.hook_turn {
                            let Some(&via) = m.cell_at.get(&(origin.0 + v.0, origin.1 + v.1))
                            else {
                                continue;
                            };
                            if m.cells[via].side {
                                continue;
                            }
                            for sign in [1, -1] {
                                let mut w = v;
                                for _ in 0..(turn * sign).rem_euclid(rotation_order(m.lattice)) {
                                    w = crate::topology::apply(&rotation, w);
                                }
                                let at = (origin.0 + v.0 + w.0, origin.1 + v.1 + w.1);
                                let Some(&to) = m.cell_at.get(&at) else {
                                    continue;
                                };
                                if to == from
                                    || m.cells[to].side
                                    || !in_region(atom.to_region, p, to)
                                {
                                    continue;
                                }
                                match cell_hooks.iter_mut().find(|h| {
                                    h.0 as usize == to && h.1 == atom.flags && h.3 == becomes
                                }) {
                                    Some(h) => {
                                        if !h.2.contains(&(via as u16)) {
                                            h.2.push(via as u16);
                                        }
                                    }
                                    None => cell_hooks.push((
                                        to as u16,
                                        atom.flags,
                                        vec![via as u16],
                                        becomes,
                                    )),
                                }
                            }
                        } else if atom.ride {
                            let mut path = Vec::new();
                            let mut at = origin;
                            loop {
                                at = (at.0 + v.0, at.1 + v.1);
                                let Some(&c) = m.cell_at.get(&at) else { break };
                                if m.cells[c].side
                                    || !in_region(atom.to_region, p, c)
                                    || atom.max.is_some_and(|n| path.len() as u32 >= n)
                                {
                                    break;
                                }
                                path.push(c as u16);
                            }
                            if path.len() >= atom.min as usize {
                                let next = directions.len() as u16;
                                let dir = *directions.entry(v).or_insert(next);
                                cell_rays.push((
                                    path,
                                    atom.flags,
                                    dir,
                                    atom.min as u8 - 1,
                                    becomes,
                                ));
                            }
                        } else if let Some(&c) = m.cell_at.get(&(origin.0 + v.0, origin.1 + v.1)) {
                            if in_region(atom.to_region, p, c) && !m.cells[c].side {
                                // Leaps to one cell merge when they agree on
                                // needing an unmoved piece; an unrestricted leap
                                // that already allows as much makes a restricted one redundant.
                                let condition = atom.flags & CONDITIONS;
                                let plain_new = atom.flags & (ir::MOVE | ir::CAPTURE);
                                if let Some(l) = cell_leaps.iter_mut().find(|l| {
                                    l.to as usize == c
                                        && l.flags & CONDITIONS == condition
                                        && l.becomes == becomes
                                }) {
                                    l.flags |= atom.flags;
                                } else if !cell_leaps.iter().any(|l| {
                                    l.to as usize == c
                                        && l.flags & CONDITIONS == 0
                                        && l.becomes == becomes
                                        && l.flags & plain_new == plain_new
                                }) {
                                    cell_leaps.push(Leap {
                                        to: c as u16,
                                        flags: atom.flags,
                                        becomes,
                                    });
                                }
                            }
                        }
                    }
                }
                // A leap onto a ray's first cell with no more rights than the
                // ray would generate the same move twice.
                let plain = |f: u8| f & (ir::MOVE | ir::CAPTURE);
                // The ray's conditions must all hold for the leap too.
                let unrestricted = |f: u8, g: u8| f & CONDITIONS & !g == 0;
                cell_leaps.retain(|l| {
                    !cell_rays.iter().any(|(path, f, _, first, b)| {
                        *first == 0
                            && *b == l.becomes
                            && path[0] == l.to
                            && plain(*f) & plain(l.flags) == plain(l.flags)
                            && unrestricted(*f, l.flags)
                    })
                });
                // A ray that is a prefix of another of the same direction and rights.
                let snapshot = cell_rays.clone();
                let mut idx = 0;
                cell_rays.retain(|(path, f, d, first, b)| {
                    let me = idx;
                    idx += 1;
                    !snapshot
                        .iter()
                        .enumerate()
                        .any(|(j, (p2, f2, d2, first2, b2))| {
                            j != me
                                && d2 == d
                                && b2 == b
                                && first2 == first
                                && *f2 == *f
                                && (p2.len() > path.len() || (p2.len() == path.len() && j < me))
                                && p2.starts_with(path)
                        })
                });
                let mut cell_swaps: Vec<Swap> = Vec::new();
                for sw in m
                    .swaps
                    .iter()
                    .filter(|sw| m.pieces[sw.kind as usize].name == piece.name)
                {
                    if !in_region(sw.from_region, p, from) {
                        continue;
                    }
                    for &v in &sw.vectors[p] {
                        if let Some(&c) = m
                            .cell_at
                            .get(&(origin.0 + v.0, origin.1 + v.1))
                            .filter(|&&c| !m.cells[c].side)
                        {
                            match cell_swaps.iter_mut().find(|s| s.with as usize == c) {
                                Some(s) => s.partner_kinds |= sw.partners,
                                None => cell_swaps.push(Swap {
                                    with: c as u16,
                                    partner_kinds: sw.partners,
                                }),
                            }
                        }
                    }
                }
                let set = MoveSet {
                    leap_start: leaps.len() as u32,
                    leap_len: cell_leaps.len() as u16,
                    ray_start: rays.len() as u32,
                    ray_len: cell_rays.len() as u16,
                    hook_start: hooks.len() as u32,
                    hook_len: cell_hooks.len() as u16,
                    swap_start: swaps.len() as u32,
                    swap_len: cell_swaps.len() as u16,
                };
                for (to, flags, vias, becomes) in cell_hooks {
                    hooks.push(Hook {
                        to,
                        flags,
                        becomes,
                        via_start: hook_cells.len() as u32,
                        via_len: vias.len() as u16,
                    });
                    hook_cells.extend(vias);
                }
                swaps.extend(cell_swaps);
                leaps.extend(cell_leaps);
                for (path, flags, direction, first_landing, becomes) in cell_rays {
                    rays.push(Ray {
                        becomes,
                        start: ray_cells.len() as u32,
                        len: path.len() as u16,
                        flags,
                        first_landing,
                        direction,
                    });
                    ray_cells.extend(path);
                }
                moves.push(set);
            }
        }
    }

    for (k, piece) in m.pieces.iter().enumerate() {
        let has_move = (0..players).any(|p| {
            (0..cells).any(|c| {
                let s = moves[(p * kinds + k) * cells + c];
                s.leap_len > 0 || s.ray_len > 0 || s.hook_len > 0
            })
        });
        if !has_move {
            diags.push(
                Diagnostic::error(
                    Code::PieceWithoutMoves,
                    format!("piece `{}` cannot move from any cell", piece.name),
                    piece.span,
                    "never moves",
                )
                .with_hint("give it a `leap`, `ride` or `betza` atom that stays on the board"),
            );
        }
    }

    let mut promotions = Vec::new();
    for pr in &m.promotions {
        for p in 0..players {
            let zone: Vec<u16> = (0..cells)
                .filter(|&c| m.regions[pr.region].cells[p][c])
                .filter(|&c| pr.file.is_none_or(|x| m.cells[c].coord.0 == x))
                .map(|c| c as u16)
                .collect();
            if pr.origin {
                // Each cell promotes to the kind that stood there at the start.
                for &c in &zone {
                    match m.setup.iter().find(|s| s.cell == c) {
                        Some(start) => promotions.push(ir::Promotion {
                            player: p as u8,
                            kind: pr.kind,
                            zone: vec![c],
                            choices: vec![start.kind],
                            condition: pr.condition,
                        }),
                        None if p == 0 => diags.push(
                            Diagnostic::error(
                                Code::PromotionToUndefined,
                                format!("promotion to `origin` on {}, where no piece starts", m.cells[c as usize].name),
                                pr.span,
                                "this region",
                            )
                            .with_hint("`origin` promotes to the piece that stood on the cell in the setup; leave such cells out of the region"),
                        ),
                        None => {}
                    }
                }
            }
            if !pr.choices.is_empty() {
                promotions.push(ir::Promotion {
                    player: p as u8,
                    kind: pr.kind,
                    zone,
                    choices: pr.choices.clone(),
                    condition: pr.condition,
                });
            }
        }
    }

    let mut castlings = Vec::new();
    let mut rights = Vec::new();
    for c in &m.castlings {
        for p in 0..players {
            let setup_cells = |keep: &dyn Fn(u8) -> bool| -> Vec<u16> {
                m.setup
                    .iter()
                    .filter(|s| s.player as usize == p && keep(s.kind))
                    .map(|s| s.cell)
                    .collect()
            };
            let partner_cells = setup_cells(&|k| c.partners >> k & 1 != 0);
            // A repeatable castling may start where an earlier one ended.
            let mut king_cells = setup_cells(&|k| k == c.king);
            let mut next = 0;
            while next < king_cells.len() {
                let king_cell = king_cells[next];
                next += 1;
                for &partner_cell in &partner_cells {
                    let a = m.cells[king_cell as usize].coord;
                    let b = m.cells[partner_cell as usize].coord;
                    let d = (b.0 - a.0, b.1 - a.1);
                    // Castling runs along the player's sideways line.
                    let inverse_forward = sideways_in_frame(m, p, d);
                    if !inverse_forward || d == (0, 0) {
                        continue;
                    }
                    let n = crate::topology::gcd(d.0.abs(), d.1.abs());
                    let step = (d.0 / n, d.1 / n);
                    let at = |i: i32| {
                        m.cell_at
                            .get(&(a.0 + step.0 * i, a.1 + step.1 * i))
                            .copied()
                    };
                    if (1..n).any(|i| at(i).is_none()) {
                        continue;
                    }
                    let distances: Vec<i32> = match (c.king_to, &c.distances) {
                        // The cell of that colour nearest the partner, strictly between.
                        (Some(colour), _) => (1..n)
                            .filter(|&k| m.regions[colour].cells[p][at(k).unwrap()])
                            .max()
                            .into_iter()
                            .collect(),
                        (None, None) => (1..n).collect(),
                        (None, Some(ds)) => ds.iter().copied().filter(|&k| k < n).collect(),
                    };
                    for k in distances {
                        let king_to = at(k).unwrap();
                        let partner_to = at(k - 1).unwrap();
                        let between: Vec<u16> = (1..n).map(|i| at(i).unwrap() as u16).collect();
                        let mut safe = Vec::new();
                        if c.safe_origin {
                            safe.push(king_cell);
                        }
                        if c.safe_passed {
                            safe.extend((1..k).map(|i| at(i).unwrap() as u16));
                        }
                        if c.safe_destination {
                            safe.push(king_to as u16);
                        }
                        let set = moves[(p * kinds + c.king as usize) * cells + king_cell as usize];
                        let king_reaches = leaps[set.leap_start as usize..]
                            [..set.leap_len as usize]
                            .iter()
                            .any(|l| l.to as usize == king_to)
                            || rays[set.ray_start as usize..][..set.ray_len as usize]
                                .iter()
                                .any(|r| {
                                    ray_cells[r.start as usize..][..r.len as usize]
                                        .contains(&(king_to as u16))
                                });
                        let name = c.written_zeros.map(|colour| {
                            let lit = (0..=k)
                                .filter(|&i| m.regions[colour].cells[p][at(i).unwrap()])
                                .count();
                            vec!["0"; lit].join("-")
                        });
                        castlings.push(ir::Castling {
                            player: p as u8,
                            king_from: king_cell,
                            king_to: king_to as u16,
                            partner_from: partner_cell,
                            partner_to: partner_to as u16,
                            must_be_empty: between,
                            must_be_safe: safe,
                            needs_partner_in_notation: king_reaches,
                            repeatable: c.repeatable,
                            partner_kinds: c.partners,
                            name,
                        });
                        if c.repeatable {
                            if !king_cells.contains(&(king_to as u16)) {
                                king_cells.push(king_to as u16);
                            }
                        } else if !rights.contains(&partner_cell) {
                            rights.push(partner_cell);
                        }
                    }
                }
            }
        }
    }

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
        kinds: m
            .pieces
            .iter()
            .map(|p| ir::KindInfo {
                name: p.name.clone(),
                letter: p.letter,
                aliases: p.aliases.clone(),
                value: p.value,
                royal: p.royal,
                captures_en_passant: p.captures_en_passant,
                stack: p.stack,
            })
            .collect(),
        moves,
        leaps,
        rays,
        ray_cells,
        hooks,
        hook_cells,
        swaps,
        regions: m
            .regions
            .iter()
            .flat_map(|r| {
                let per: Vec<Option<u8>> = if r.shared {
                    vec![None]
                } else {
                    (0..players as u8).map(Some).collect()
                };
                per.into_iter().map(move |p| ir::Region {
                    name: r.name.clone(),
                    player: p,
                    cells: (0..cells)
                        .filter(|&c| r.cells[p.unwrap_or(0) as usize][c])
                        .map(|c| c as u16)
                        .collect(),
                })
            })
            .collect(),
        promotions,
        castlings,
        arrivals: m
            .arrivals
            .iter()
            .flat_map(|a| {
                (0..players).map(move |p| {
                    let cells_of = |r: usize| {
                        (0..cells)
                            .filter(|&c| m.regions[r].cells[p][c])
                            .map(|c| c as u16)
                            .collect::<Vec<u16>>()
                    };
                    ir::Arrival {
                        player: p as u8,
                        kind: a.kind,
                        trigger: cells_of(a.trigger),
                        place_kind: a.place,
                        place_cells: cells_of(a.on),
                    }
                })
            })
            .collect(),
        marks: m
            .marks
            .iter()
            .map(|(r, colour)| ir::Mark {
                colour: colour.clone(),
                cells: (0..cells)
                    .filter(|&c| m.regions[*r].cells[0][c])
                    .map(|c| c as u16)
                    .collect(),
            })
            .collect(),
        clock_seconds: m.clock_seconds,
        agreements: m.agreements.clone(),
        setup: ir::Setup {
            pieces: m.setup.clone(),
            to_move: m.to_move,
            castling_rights: rights,
        },
        end: m.end.clone(),
    };
    (ir, diags)
}

/// How many rotation units make a full turn.
fn rotation_order(lattice: Lattice) -> i32 {
    match lattice {
        Lattice::Square => 4,
        Lattice::Hex => 6,
    }
}

/// Is `d` (board frame) a sideways vector for player `p`?
fn sideways_in_frame(m: &Model, p: usize, d: (i32, i32)) -> bool {
    let f = m.players[p].frame;
    // The frame is orthogonal on the lattice, so test the image of the
    // player's forward direction against `d` through the lattice's measure.
    let fwd = crate::topology::apply(&f, (0, 1));
    match m.lattice {
        Lattice::Square => fwd.0 * d.0 + fwd.1 * d.1 == 0,
        // Axial dot product with the metric of the hex lattice.
        Lattice::Hex => 2 * fwd.0 * d.0 + fwd.0 * d.1 + fwd.1 * d.0 + 2 * fwd.1 * d.1 == 0,
    }
}
