//! Move tables: every atom of every piece walked from every cell for every
//! player, into the runtime's leaps, rays, hooks and swaps.

use crate::diag::{Code, Diagnostic};
use crate::model::{Model, ModelAtom, ModelPiece};
use crate::topology::Vector;
use runtime::ir::{self, Hook, Leap, MoveSet, Ray, Swap};
use std::collections::HashMap;

/// Atom flags that restrict when a move may be made.
const CONDITIONS: u16 = ir::UNMOVED_ONLY | ir::UNATTACKED_LANDING | ir::NOT_IN_CHECK;

/// The rights a move gives, without its conditions.
fn plain(flags: u16) -> u16 {
    flags & (ir::MOVE | ir::CAPTURE)
}

/// The runtime's move tables: one `MoveSet` per (player, kind, cell), in
/// that order, indexing into the shared lists.
pub struct MoveTables {
    pub moves: Vec<MoveSet>,
    pub leaps: Vec<Leap>,
    pub rays: Vec<Ray>,
    pub ray_cells: Vec<u16>,
    pub hooks: Vec<Hook>,
    pub hook_cells: Vec<u16>,
    pub swaps: Vec<Swap>,
    /// Per (player, kind, cell) like `moves`: (start, len) into `hop_rays`.
    pub hop_sets: Vec<(u32, u16)>,
    /// Hopping rides (`ir::HOP`), their cells in `ray_cells`.
    pub hop_rays: Vec<Ray>,
}

impl MoveTables {
    /// The move set of `kind` on `cell` for `player`.
    pub fn set(&self, m: &Model, player: usize, kind: usize, cell: usize) -> MoveSet {
        self.moves[(player * m.pieces.len() + kind) * m.cells.len() + cell]
    }

    /// Does `kind` on `cell` reach `target` by a leap or a ray (board alone)?
    pub fn reaches(
        &self,
        m: &Model,
        player: usize,
        kind: usize,
        cell: usize,
        target: usize,
    ) -> bool {
        let set = self.set(m, player, kind, cell);
        self.leaps[set.leap_start as usize..][..set.leap_len as usize]
            .iter()
            .any(|l| l.to as usize == target)
            || self.rays[set.ray_start as usize..][..set.ray_len as usize]
                .iter()
                .any(|r| {
                    self.ray_cells[r.start as usize..][..r.len as usize].contains(&(target as u16))
                })
    }

    fn push(&mut self, cell: CellMoves) {
        self.moves.push(MoveSet {
            leap_start: self.leaps.len() as u32,
            leap_len: cell.leaps.len() as u16,
            ray_start: self.rays.len() as u32,
            ray_len: cell.rays.len() as u16,
            hook_start: self.hooks.len() as u32,
            hook_len: cell.hooks.len() as u16,
            swap_start: self.swaps.len() as u32,
            swap_len: cell.swaps.len() as u16,
        });
        for hook in cell.hooks {
            self.hooks.push(Hook {
                to: hook.to,
                flags: hook.flags,
                becomes: hook.becomes,
                via_start: self.hook_cells.len() as u32,
                via_len: hook.vias.len() as u16,
            });
            self.hook_cells.extend(hook.vias);
        }
        self.swaps.extend(cell.swaps);
        self.leaps.extend(cell.leaps);
        for ray in cell.rays {
            let ray = self.store(ray);
            self.rays.push(ray);
        }
        self.hop_sets
            .push((self.hop_rays.len() as u32, cell.hops.len() as u16));
        for ray in cell.hops {
            let ray = self.store(ray);
            self.hop_rays.push(ray);
        }
    }

    /// A ray whose cells go to the shared store.
    fn store(&mut self, ray: CellRay) -> Ray {
        let stored = Ray {
            becomes: ray.becomes,
            start: self.ray_cells.len() as u32,
            len: ray.path.len() as u16,
            flags: ray.flags,
            first_landing: ray.first_landing,
            direction: ray.direction,
            period: ray.period,
        };
        self.ray_cells.extend(ray.path);
        stored
    }
}

/// A ray from one cell, before it goes into the shared lists.
#[derive(Clone)]
struct CellRay {
    path: Vec<u16>,
    flags: u16,
    /// Rays of one direction are translates of each other (the runtime's
    /// reverse attack tables rely on it).
    direction: u16,
    /// Index into `path` of the first cell the ride may land on.
    first_landing: u8,
    becomes: u8,
    /// Steps per period of a path (1: a straight ride).
    period: u8,
}

/// The hook moves from one cell to one target with the same rights.
struct CellHook {
    to: u16,
    flags: u16,
    /// The cells the hook may turn on (any one that is empty will do).
    vias: Vec<u16>,
    becomes: u8,
}

/// Everything a piece may do from one cell.
#[derive(Default)]
struct CellMoves {
    leaps: Vec<Leap>,
    rays: Vec<CellRay>,
    hooks: Vec<CellHook>,
    swaps: Vec<Swap>,
    /// Hopping rides, apart: no other atom's landing is merged with theirs.
    hops: Vec<CellRay>,
}

/// Walks every piece from every cell for every player.
pub fn move_tables(m: &Model) -> MoveTables {
    let mut tables = MoveTables {
        moves: Vec::with_capacity(m.players.len() * m.pieces.len() * m.cells.len()),
        leaps: Vec::new(),
        rays: Vec::new(),
        ray_cells: Vec::new(),
        hooks: Vec::new(),
        hook_cells: Vec::new(),
        hop_sets: Vec::new(),
        hop_rays: Vec::new(),
        swaps: Vec::new(),
    };
    let mut walker = Walker {
        m,
        kind: 0,
        directions: HashMap::new(),
    };
    for p in 0..m.players.len() {
        for (k, piece) in m.pieces.iter().enumerate() {
            for from in 0..m.cells.len() {
                let cell = walker.cell_moves(p, k, piece, from);
                tables.push(cell);
            }
        }
    }
    tables
}

struct Walker<'m> {
    m: &'m Model,
    /// The kind whose moves are being walked.
    kind: usize,
    /// Ray direction ids, numbered in the order the directions first occur;
    /// a direction is one period of steps (one step for a straight ride).
    directions: HashMap<Vec<Vector>, u16>,
}

impl Walker<'_> {
    fn in_region(&self, r: Option<usize>, p: usize, c: usize) -> bool {
        r.is_none_or(|r| self.m.regions[r].cells[p][c])
    }

    /// May `player`'s piece of `kind` not enter `cell` (`forbid`)?
    fn forbidden(&self, p: usize, kind: usize, cell: usize) -> bool {
        self.m
            .forbidden
            .iter()
            .any(|&(k, r)| k as usize == kind && self.m.regions[r].cells[p][cell])
    }

    fn cell_moves(&mut self, p: usize, kind: usize, piece: &ModelPiece, from: usize) -> CellMoves {
        let mut out = CellMoves::default();
        self.kind = kind;
        for atom in &piece.atoms {
            if !self.in_region(atom.from_region, p, from) {
                continue;
            }
            let becomes = atom.becomes.map_or(0, |k| k + 1);
            for steps in &atom.images[p] {
                let v = steps[0];
                if let Some(turn) = atom.hook_turn {
                    self.hook(&mut out, p, atom, from, v, turn, becomes);
                } else if atom.flags & ir::LAME != 0 {
                    self.lame(&mut out, p, atom, from, v, becomes);
                } else if atom.ride && atom.flags & ir::HOP != 0 {
                    let mut rides = std::mem::take(&mut out.rays);
                    self.ray(&mut out, p, atom, from, steps, becomes);
                    std::mem::swap(&mut out.rays, &mut rides);
                    out.hops.extend(rides);
                } else if atom.ride {
                    self.ray(&mut out, p, atom, from, steps, becomes);
                } else {
                    for c in self.m.topology.leap_targets(from, v) {
                        self.leap(&mut out, p, atom, c, becomes);
                    }
                }
            }
        }
        drop_redundant(&mut out);
        mark_shared_landings(&mut out);
        self.swaps(&mut out, p, piece, from);
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn hook(
        &self,
        out: &mut CellMoves,
        p: usize,
        atom: &ModelAtom,
        from: usize,
        v: Vector,
        turn: i32,
        becomes: u8,
    ) {
        let m = self.m;
        for sign in [1, -1] {
            let w = m.topology.turned(v, turn * sign);
            for (via, to) in m.topology.hook_targets(from, v, w) {
                if m.cells[via].side
                    || to == from
                    || m.cells[to].side
                    || !self.in_region(atom.to_region, p, to)
                    || self.forbidden(p, self.kind, to)
                {
                    continue;
                }
                self.push_hook(out, atom, via, to, becomes);
            }
        }
    }

    /// A lame leap by `v`: a hook whose route is the cells the leap passes,
    /// each of which must be empty. The route steps along the longer leg
    /// first, diagonally once the legs are equal (as Fairy-Stockfish's
    /// lame leapers: `(2,1)` passes the orthogonal neighbour).
    fn lame(
        &self,
        out: &mut CellMoves,
        p: usize,
        atom: &ModelAtom,
        from: usize,
        v: Vector,
        becomes: u8,
    ) {
        let m = self.m;
        let Some(to) = m.topology.step(from, v) else {
            return;
        };
        if m.cells[to].side
            || !self.in_region(atom.to_region, p, to)
            || self.forbidden(p, self.kind, to)
        {
            return;
        }
        let mut vias = Vec::new();
        let mut at = (0i32, 0i32);
        loop {
            let (dx, dy) = (v.0 - at.0, v.1 - at.1);
            let (ax, ay) = (dx.abs(), dy.abs());
            if ax > ay {
                at.0 += dx.signum();
            } else if ay > ax {
                at.1 += dy.signum();
            } else {
                at = (at.0 + dx.signum(), at.1 + dy.signum());
            }
            if at == v {
                break;
            }
            match m.topology.step(from, at) {
                Some(c) if !m.cells[c].side => vias.push(c as u16),
                _ => return,
            }
        }
        if vias.is_empty() {
            // A one-step leap passes nothing: a plain leap.
            self.leap(out, p, atom, to, becomes);
            return;
        }
        out.hooks.push(CellHook {
            to: to as u16,
            flags: atom.flags,
            vias,
            becomes,
        });
    }

    /// A hook onto `to` through `via`: one move per target and rights,
    /// with every cell between that reaches it.
    fn push_hook(&self, out: &mut CellMoves, atom: &ModelAtom, via: usize, to: usize, becomes: u8) {
        match out.hooks.iter_mut().find(|h| {
            h.to as usize == to
                && h.flags == atom.flags
                && h.becomes == becomes
                && h.flags & ir::LAME == 0
        }) {
            Some(h) => {
                if !h.vias.contains(&(via as u16)) {
                    h.vias.push(via as u16);
                }
            }
            None => out.hooks.push(CellHook {
                to: to as u16,
                flags: atom.flags,
                vias: vec![via as u16],
                becomes,
            }),
        }
    }

    /// A ride along `steps`, repeated (one step: a straight line; more: a
    /// periodic path, such as a zig-zag).
    fn ray(
        &mut self,
        out: &mut CellMoves,
        p: usize,
        atom: &ModelAtom,
        from: usize,
        steps: &[Vector],
        becomes: u8,
    ) {
        let m = self.m;
        for line in m.topology.rides(from, steps) {
            // A forbidden cell ends the ride like the board's edge.
            let path: Vec<u16> = line
                .into_iter()
                .enumerate()
                .take_while(|&(i, c)| {
                    !m.cells[c].side
                        && self.in_region(atom.to_region, p, c)
                        && !self.forbidden(p, self.kind, c)
                        && atom.max.is_none_or(|n| (i as u32) < n)
                })
                .map(|(_, c)| c as u16)
                .collect();
            if path.len() < atom.min as usize
                || path.is_empty()
                || out.rays.iter().any(|r| {
                    r.path == path
                        && r.flags == atom.flags
                        && r.becomes == becomes
                        && r.first_landing == atom.min as u8 - 1
                })
            {
                continue;
            }
            // On a lattice a period of steps is one direction wherever it
            // starts; on a board that is not (a ring about a centre) each
            // ride is its own direction.
            let mut key = steps.to_vec();
            if !m.topology.translation_invariant() {
                key.push((from as i32, path[0] as i32));
            }
            let next = self.directions.len() as u16;
            let direction = *self.directions.entry(key).or_insert(next);
            out.rays.push(CellRay {
                path,
                flags: atom.flags,
                direction,
                first_landing: atom.min as u8 - 1,
                becomes,
                period: steps.len() as u8,
            });
        }
    }

    /// A leap onto `c`.
    fn leap(&self, out: &mut CellMoves, p: usize, atom: &ModelAtom, c: usize, becomes: u8) {
        let m = self.m;
        if !self.in_region(atom.to_region, p, c) || m.cells[c].side {
            return;
        }
        // The piece may not go there, but it guards the cell.
        if self.forbidden(p, self.kind, c) {
            if atom.flags & ir::CAPTURE != 0
                && !out
                    .leaps
                    .iter()
                    .any(|l| l.to as usize == c && l.flags == ir::GUARD)
            {
                out.leaps.push(Leap {
                    to: c as u16,
                    flags: ir::GUARD,
                    becomes: 0,
                });
            }
            return;
        }
        // Leaps to one cell merge when they agree on needing an unmoved
        // piece; an unrestricted leap that already allows as much makes a
        // restricted one redundant.
        let condition = atom.flags & CONDITIONS;
        let plain_new = plain(atom.flags);
        if let Some(l) = out.leaps.iter_mut().find(|l| {
            l.to as usize == c && l.flags & CONDITIONS == condition && l.becomes == becomes
        }) {
            l.flags |= atom.flags;
        } else if !out.leaps.iter().any(|l| {
            l.to as usize == c
                && l.flags & CONDITIONS == 0
                && l.becomes == becomes
                && l.flags & plain_new == plain_new
        }) {
            out.leaps.push(Leap {
                to: c as u16,
                flags: atom.flags,
                becomes,
            });
        }
    }

    fn swaps(&self, out: &mut CellMoves, p: usize, piece: &ModelPiece, from: usize) {
        let m = self.m;
        for sw in m
            .swaps
            .iter()
            .filter(|sw| m.pieces[sw.kind as usize].name == piece.name)
        {
            if !self.in_region(sw.from_region, p, from) {
                continue;
            }
            for &v in &sw.vectors[p] {
                if let Some(c) = m.topology.step(from, v).filter(|&c| !m.cells[c].side) {
                    match out.swaps.iter_mut().find(|s| s.with as usize == c) {
                        Some(s) => s.partner_kinds |= sw.partners,
                        None => out.swaps.push(Swap {
                            with: c as u16,
                            partner_kinds: sw.partners,
                        }),
                    }
                }
            }
        }
    }
}

/// Drops the moves another move of the same cell already generates.
fn drop_redundant(out: &mut CellMoves) {
    // A leap onto a ray's first cell with no more rights than the ray
    // would generate the same move twice; the ray's conditions must all
    // hold for the leap too.
    // A leap with more rights keeps only those the ray lacks (a piece's step
    // that moves and captures beside its move-only ride).
    let unrestricted = |f: u16, g: u16| f & CONDITIONS & !g == 0;
    let rays = &out.rays;
    for l in out.leaps.iter_mut().filter(|l| l.flags != ir::GUARD) {
        for r in rays {
            if r.first_landing == 0
                && r.becomes == l.becomes
                && r.path[0] == l.to
                && unrestricted(r.flags, l.flags)
            {
                l.flags &= !plain(r.flags);
            }
        }
    }
    out.leaps
        .retain(|l| l.flags == ir::GUARD || plain(l.flags) != 0);
    // A ray that is a prefix of another of the same direction and rights.
    let snapshot = out.rays.clone();
    let mut idx = 0;
    out.rays.retain(|r| {
        let me = idx;
        idx += 1;
        !snapshot.iter().enumerate().any(|(j, other)| {
            j != me
                && other.direction == r.direction
                && other.becomes == r.becomes
                && other.first_landing == r.first_landing
                && other.flags == r.flags
                && (other.path.len() > r.path.len() || (other.path.len() == r.path.len() && j < me))
                && other.path.starts_with(&r.path)
        })
    });
}

/// Marks the plain leaps and rays one of whose landing cells another of
/// them also lands on (two zig-zag paths that cross, a leap onto a cell a
/// ride reaches further out): the runtime then makes each such move once.
/// Atoms with conditions, en passant, cargo or a change of kind are left
/// alone: their moves differ from a plain one to the same cell.
fn mark_shared_landings(out: &mut CellMoves) {
    let plain_atom = |flags: u16, becomes: u8| {
        becomes == 0 && flags & (CONDITIONS | ir::CREATES_EN_PASSANT | ir::CARGO | ir::GUARD) == 0
    };
    // Every landing cell of the plain atoms, sorted: a cell twice in it
    // is shared. (Run for every piece on every cell: a sort of a few dozen
    // cells, not a map.)
    let mut landings: Vec<u16> = Vec::new();
    for l in out.leaps.iter().filter(|l| plain_atom(l.flags, l.becomes)) {
        landings.push(l.to);
    }
    for r in out.rays.iter().filter(|r| plain_atom(r.flags, r.becomes)) {
        landings.extend_from_slice(&r.path[r.first_landing as usize..]);
    }
    landings.sort_unstable();
    let mut twice: Vec<u16> = landings
        .windows(2)
        .filter(|w| w[0] == w[1])
        .map(|w| w[0])
        .collect();
    twice.dedup();
    let shared = |c: &u16| twice.binary_search(c).is_ok();
    for l in out.leaps.iter_mut() {
        if plain_atom(l.flags, l.becomes) && shared(&l.to) {
            l.flags |= ir::SHARED_LANDING;
        }
    }
    for r in out.rays.iter_mut() {
        if plain_atom(r.flags, r.becomes) && r.path[r.first_landing as usize..].iter().any(shared) {
            r.flags |= ir::SHARED_LANDING;
        }
    }
}

/// An error for each piece that cannot move from any cell.
pub fn immobile_pieces(m: &Model, tables: &MoveTables) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    for (k, piece) in m.pieces.iter().enumerate() {
        // The wall piece never moves by itself (`wall KIND`).
        if m.wall == Some(k as u8) {
            continue;
        }
        let has_move = (0..m.players.len()).any(|p| {
            (0..m.cells.len()).any(|c| {
                let s = tables.set(m, p, k, c);
                let hops = tables.hop_sets[(p * m.pieces.len() + k) * m.cells.len() + c].1;
                s.leap_len > 0 || s.ray_len > 0 || s.hook_len > 0 || hops > 0
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
    diags
}

/// `facing`: per cell, the lines looked along from it (board edge or a
/// side cell ends a line).
pub fn facing(m: &Model, f: &crate::model::ModelFacing) -> ir::Facing {
    let lines = (0..m.cells.len())
        .map(|from| {
            let mut lines: Vec<Vec<u16>> = Vec::new();
            for &v in &f.vectors {
                for line in m.topology.rides(from, &[v]) {
                    let line: Vec<u16> = line
                        .into_iter()
                        .take_while(|&c| !m.cells[c].side)
                        .map(|c| c as u16)
                        .collect();
                    if !line.is_empty() && !lines.contains(&line) {
                        lines.push(line);
                    }
                }
            }
            lines
        })
        .collect();
    ir::Facing {
        kinds: f.kinds.clone(),
        lines,
        must_break: f.must_break,
    }
}
