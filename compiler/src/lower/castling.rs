//! Castling: each castling rule of the model, for each player, becomes one
//! runtime castling per (king start, partner start, king distance), found
//! from the setup. A free castling's partner may stand on any cell of the
//! king's edge lines (rank or file), so it has one per such cell.

use super::moves::MoveTables;
use crate::model::{Model, ModelCastling};
use runtime::ir;

/// The castlings of a game and the partner cells that start with a right.
pub struct Castlings {
    pub castlings: Vec<ir::Castling>,
    pub rights: Vec<u16>,
}

pub fn castlings(m: &Model, tables: &MoveTables) -> Castlings {
    let mut out = Castlings {
        castlings: Vec::new(),
        rights: Vec::new(),
    };
    for c in &m.castlings {
        for p in 0..m.players.len() {
            let start = out.castlings.len();
            castlings_of(m, tables, c, p, &mut out);
            if !c.written_partner.is_empty() {
                spell_by_partner(m, c, p, &mut out.castlings, start);
            }
        }
    }
    out
}

/// `written partner ...`: the castlings from `start` on, one copy per
/// spelling, each for the partners it names (a stack by its carrier and
/// whose carrier it is), then one for the partners no spelling names. A
/// position holds one partner on the cell, so one copy at most applies.
/// The copies go spelling by spelling, in the order found, so the runtime's
/// groups (castlings alike but for distance) stay together.
fn spell_by_partner(
    m: &Model,
    c: &ModelCastling,
    p: usize,
    list: &mut Vec<ir::Castling>,
    start: usize,
) {
    let found: Vec<ir::Castling> = list.drain(start..).collect();
    let class = |&(kind, aboard, foreign, _): &(u8, bool, bool, String)| -> u128 {
        if !aboard {
            return 1 << kind;
        }
        m.pieces
            .iter()
            .enumerate()
            .filter(|(_, piece)| {
                piece.stack.is_some_and(|st| {
                    st.carrier == kind && (st.carrier_owner as usize == p) != foreign
                })
            })
            .fold(0, |mask, (j, _)| mask | 1 << j)
    };
    let mut named = 0u128;
    for spelling in &c.written_partner {
        let kinds = class(spelling) & c.partners & !named;
        named |= kinds;
        if kinds == 0 {
            continue;
        }
        for castling in &found {
            let mut copy = castling.clone();
            copy.partner_kinds = kinds;
            copy.aliases.push(spelling.3.clone());
            list.push(copy);
        }
    }
    let rest = c.partners & !named;
    if rest != 0 {
        for castling in &found {
            list.push(ir::Castling {
                partner_kinds: rest,
                ..castling.clone()
            });
        }
    }
}

/// One castling of `c` for player `p` from a king cell: the partner cell,
/// the king's cell and the cells between (`line[0]` is the king's cell; the
/// partner's is one past the end), and the king's whole `path`.
struct Route<'a> {
    king_cell: u16,
    partner_cell: u16,
    line: &'a [usize],
    path: &'a [usize],
}

/// The runtime castlings of `c` for player `p`, from every king cell of the
/// setup (and, for a repeatable castling, every cell an earlier one ends
/// on), with the partner cells that start with a right.
fn castlings_of(m: &Model, tables: &MoveTables, c: &ModelCastling, p: usize, out: &mut Castlings) {
    let setup_cells = |keep: &dyn Fn(u8) -> bool| -> Vec<u16> {
        m.setup
            .iter()
            .filter(|s| s.player as usize == p && keep(s.kind))
            .map(|s| s.cell)
            .collect()
    };
    let home_cells = |r: usize| -> Vec<u16> {
        (0..m.cells.len())
            .filter(|&c| m.regions[r].cells[p][c])
            .map(|c| c as u16)
            .collect()
    };
    let partner_setup = setup_cells(&|k| c.partners >> k & 1 != 0);
    let king_setup = setup_cells(&|k| k == c.king);
    // `homes`: the cells are the regions'; a right starts only where the
    // setup puts both pieces (others come by drops, `by-drop`).
    let (partner_cells, mut king_cells) = match c.homes {
        Some((king_home, partner_home)) => (home_cells(partner_home), home_cells(king_home)),
        None => (partner_setup.clone(), king_setup.clone()),
    };
    let starts_with_right = |king: u16, partner: u16| {
        c.homes.is_none() || (king_setup.contains(&king) && partner_setup.contains(&partner))
    };
    if c.lands.is_some() {
        let cells = (&king_cells[..], &partner_cells[..]);
        super::castling_fixed::fixed_castlings(m, tables, c, p, cells, &starts_with_right, out);
        return;
    }
    // A repeatable castling may start where an earlier one ended.
    let mut next = 0;
    while next < king_cells.len() {
        let king_cell = king_cells[next];
        next += 1;
        let by_distance = partners_by_distance(m, c, p, king_cell, &partner_cells);
        for (partner_cell, line) in castling_lines(m, c, p, king_cell, &partner_cells) {
            let path = king_path(m, c, king_cell, partner_cell, &line);
            let route = Route {
                king_cell,
                partner_cell,
                line: &line,
                path: &path,
            };
            for k in king_distances(m, c, p, &line, path.len()) {
                let flank = flank_alias(c, &by_distance, partner_cell);
                let castling = castling_to(m, tables, c, p, &route, k, flank);
                let king_to = castling.king_to;
                out.castlings.push(castling);
                if c.repeatable {
                    if !king_cells.contains(&king_to) {
                        king_cells.push(king_to);
                    }
                } else if !c.free
                    && !out.rights.contains(&partner_cell)
                    && starts_with_right(king_cell, partner_cell)
                {
                    out.rights.push(partner_cell);
                }
            }
        }
    }
}

/// `written short .. long ..`: the partners on the king's sideways line,
/// nearest first (by cells between; on a tie the first found is short).
fn partners_by_distance(
    m: &Model,
    c: &ModelCastling,
    p: usize,
    king_cell: u16,
    partner_cells: &[u16],
) -> Vec<(usize, u16)> {
    let frame = &m.players[p].frame;
    let mut by_distance: Vec<(usize, u16)> = partner_cells
        .iter()
        .filter(|_| c.written_flanks.is_some())
        .filter_map(|&q| {
            m.topology
                .sideways_line(frame, king_cell as usize, q as usize)
                .map(|l| (l.len(), q))
        })
        .collect();
    by_distance.sort_by_key(|&(len, _)| len);
    by_distance
}

/// The short or long spelling of a castling with this partner: the nearer
/// and the farther of two or more partners.
fn flank_alias(c: &ModelCastling, by_distance: &[(usize, u16)], partner: u16) -> Option<String> {
    let (short, long) = c.written_flanks.as_ref()?;
    if by_distance.len() < 2 {
        return None;
    }
    if by_distance[0].1 == partner {
        Some(short.clone())
    } else if by_distance[by_distance.len() - 1].1 == partner {
        Some(long.clone())
    } else {
        None
    }
}

/// (partner cell, the king's cell and the cells between). Castling runs
/// along the player's sideways line to a partner of the setup; a free
/// castling along every edge line to any cell of it.
fn castling_lines(
    m: &Model,
    c: &ModelCastling,
    p: usize,
    king_cell: u16,
    partner_cells: &[u16],
) -> Vec<(u16, Vec<usize>)> {
    if c.free {
        return free_partner_cells(m, king_cell as usize);
    }
    let frame = &m.players[p].frame;
    partner_cells
        .iter()
        .filter_map(|&q| {
            m.topology
                .sideways_line(frame, king_cell as usize, q as usize)
                .map(|line| (q, line))
        })
        .collect()
}

/// The king's whole path: the cells between, and with `king-onto partner`
/// the partner's cell, with `king-passes partner` the partner's cell and
/// those beyond it.
fn king_path(
    m: &Model,
    c: &ModelCastling,
    king_cell: u16,
    partner_cell: u16,
    line: &[usize],
) -> Vec<usize> {
    let mut path = line.to_vec();
    if c.king_onto_partner {
        path.push(partner_cell as usize);
    }
    if c.king_passes_partner {
        path.push(partner_cell as usize);
        path.extend(
            m.topology
                .cells_beyond(king_cell as usize, partner_cell as usize),
        );
    }
    path
}

/// How far along its path (of `reach` cells) the king may go: beside the
/// partner, to the nearest cell of a colour, every distance, or those
/// listed.
fn king_distances(
    m: &Model,
    c: &ModelCastling,
    p: usize,
    line: &[usize],
    reach: usize,
) -> Vec<usize> {
    let n = line.len();
    // `king-onto partner`: also onto the partner's cell (index n).
    let onto = c.king_onto_partner.then_some(n);
    match (c.king_to, &c.distances) {
        // The cell next to the partner, if one lies between.
        _ if c.king_beside_partner => (n >= 2).then_some(n - 1).into_iter().chain(onto).collect(),
        // The cell of that colour nearest the partner, strictly between.
        (Some(colour), _) => (1..n)
            .filter(|&k| m.regions[colour].cells[p][line[k]])
            .max()
            .into_iter()
            .chain(onto)
            .collect(),
        (None, None) => (1..reach).collect(),
        // The checker reports distances below 1.
        (None, Some(ds)) => ds
            .iter()
            .filter(|&&k| k >= 1)
            .map(|&k| k as usize)
            .filter(|&k| k < reach)
            .collect(),
    }
}

/// The castling along `route` with the king `k` cells along its path.
fn castling_to(
    m: &Model,
    tables: &MoveTables,
    c: &ModelCastling,
    p: usize,
    route: &Route,
    k: usize,
    flank: Option<String>,
) -> ir::Castling {
    let Route {
        king_cell,
        partner_cell,
        line,
        path,
    } = *route;
    let n = line.len();
    let king_to = path[k];
    // Between king and partner (and onto the partner's cell) the
    // partner lands beside the king on its origin side; beyond
    // the partner it stays where it is.
    let partner_to = if k <= n {
        path[k - 1]
    } else {
        partner_cell as usize
    };
    // Every cell between, and every cell past the partner up to
    // the king's landing, must be empty.
    let between: Vec<u16> = line[1..]
        .iter()
        .chain(path.iter().take(k + 1).skip(n + 1))
        .map(|&c| c as u16)
        .collect();
    let mut safe = Vec::new();
    if c.safe_origin {
        safe.push(king_cell);
    }
    if c.safe_passed {
        // The partner's cell counts as passed when the king crosses it.
        safe.extend(path[1..k].iter().map(|&c| c as u16));
    }
    if c.safe_destination {
        safe.push(king_to as u16);
    }
    let king_reaches = tables.reaches(m, p, c.king as usize, king_cell as usize, king_to);
    let name = c.written_zeros.map(|colour| {
        let lit = path[..=k]
            .iter()
            .filter(|&&cell| m.regions[colour].cells[p][cell])
            .count();
        vec!["0"; lit].join("-")
    });
    let mut aliases = king_zeros_aliases(m, c, king_cell, king_to, k);
    aliases.extend(flank);
    ir::Castling {
        player: p as u8,
        king_from: king_cell,
        king_to: king_to as u16,
        partner_from: partner_cell,
        partner_to: partner_to as u16,
        must_be_empty: between,
        must_be_safe: safe,
        needs_partner_in_notation: king_reaches,
        repeatable: c.repeatable,
        free: c.free,
        limit: c.repeat_limit.unwrap_or(0),
        partner_kinds: c.partners,
        // A king that is not royal is named by its kind (the runtime
        // otherwise takes the royal piece on `king_from`).
        king_kind: (!m.pieces[c.king as usize].royal).then_some(c.king),
        name,
        aliases,
        by_drop: c.by_drop,
        fixed: false,
    }
}

/// `written king-zeros "Kr"`: one zero per cell moved, on the side the
/// king moves to as the board is drawn.
fn king_zeros_aliases(
    m: &Model,
    c: &ModelCastling,
    king_cell: u16,
    king_to: usize,
    k: usize,
) -> Vec<String> {
    let zeros = vec!["0"; k].join("-");
    let rightwards = m.cells[king_to].coord.0 > m.cells[king_cell as usize].coord.0;
    c.written_king
        .iter()
        .map(|king| {
            if rightwards {
                format!("{king}-{zeros}")
            } else {
                format!("{zeros}-{king}")
            }
        })
        .collect()
}

/// Every cell a free castling's partner may stand on from `king`: each cell
/// of each edge line (a rank or a file on squares, a strip on triangles, a
/// ring or a radius) up to the edge or a side cell, with the king's cell and
/// the cells between (the shorter way, if two lines reach it).
fn free_partner_cells(m: &Model, king: usize) -> Vec<(u16, Vec<usize>)> {
    let mut out: Vec<(u16, Vec<usize>)> = Vec::new();
    for edge_line in m.topology.edge_lines(king) {
        let mut line = vec![king];
        for next in edge_line {
            if m.cells[next].side {
                break;
            }
            // A partner on two lines (two strips of a triangle sharing
            // their first cells, both ways round a ring) is reached by the
            // shorter: the King goes the short way towards it.
            match out.iter_mut().find(|(q, _)| *q as usize == next) {
                Some(found) if found.1.len() > line.len() => found.1 = line.clone(),
                Some(_) => {}
                None => out.push((next as u16, line.clone())),
            }
            line.push(next);
        }
    }
    out
}
