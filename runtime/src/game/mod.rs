//! Loading: the one place where IR is validated. `Game::load` checks the
//! format version and every index, then derives the tables the hot loop reads
//! (piece codes, reverse attack tables, Zobrist keys), so move generation
//! never re-checks anything.

use crate::bitset::CellSet;
use crate::ir::{self, GameIr, Leap, MoveSet, Ray};
use crate::unchecked;
use validate::{check, validate};

mod reach;
mod reverse;
mod validate;
pub(crate) use reverse::AttackView;
pub use validate::{LoadError, MAX_DECLARED_PIECES};

use crate::codes::CodeSet;
/// A piece on the board: 0 is an empty cell, otherwise `1 + player * kinds + kind`.
pub use crate::codes::{PieceCode, EMPTY};
/// Set by the loader on rides that land on every cell and nothing else
/// (no en passant, no unattacked landing, no change of kind): the generator
/// walks those with its lean loop after one test. IR files never set it.
pub const PLAIN_RIDE: u16 = ir::RESERVED_FLAGS;

/// At most this many passed-over cells can be open to en passant at once.
pub const MAX_EN_PASSANT: usize = 16;

/// One side of an `insufficient` declaration, ready for matching: the
/// number of pieces, each piece's kind and the cells it must stand on (if
/// held to a region), and whether any is held to one.
#[derive(Clone, Debug)]
pub(crate) struct DeclaredSide {
    pub(crate) pieces: usize,
    pub(crate) specs: Vec<(u8, Option<CellSet>)>,
    pub(crate) regional: bool,
}

/// The arrival rule of one (player, kind), with its budget bit.
#[derive(Clone, Debug)]
pub struct ArrivalRule {
    pub bit: u32,
    pub trigger: CellSet,
    pub place_code: PieceCode,
    pub place_cells: Vec<u16>,
}

pub struct Game {
    pub(crate) ir: GameIr,
    pub(crate) cells: usize,
    pub(crate) players: usize,
    pub(crate) kinds: usize,
    /// Per piece code.
    pub(crate) owner: Vec<u8>,
    pub(crate) kind_of: Vec<u8>,
    pub(crate) royal_code: Vec<bool>,
    /// Bit per piece code, for each player: the codes of that player's pieces.
    pub(crate) codes_of_player: Vec<CodeSet>,
    /// Per `player * out_masks + others out`: the codes of its enemies in
    /// play (every other player's pieces but its partners').
    pub(crate) enemy_codes: Vec<CodeSet>,
    /// How many sets of other players out the views are kept for: 1, or
    /// `2^(players - 1)` where players go out.
    pub(crate) out_masks: usize,
    /// Players go out of the game (`end checkmate out`, `end stalemate out`).
    pub(crate) eliminates: bool,
    /// Per player: its team (the lowest seat of its partners and itself).
    pub(crate) team_of: Vec<u8>,
    /// Passed cells stay open until the passing piece's owner moves again.
    pub(crate) en_passant_until_owner_moves: bool,
    /// Per player: the keys of "this player is out" and "this player passed
    /// its last turn".
    pub(crate) zobrist_out: Vec<u64>,
    pub(crate) zobrist_passed: Vec<u64>,
    pub(crate) movesets: Vec<MoveSet>,
    pub(crate) leaps: Vec<Leap>,
    pub(crate) rays: Vec<Ray>,
    pub(crate) ray_cells: Vec<u16>,
    /// Reverse attack tables: per player, who among its enemies may attack
    /// a cell from where; then the same for its enemies' en-passant
    /// capturers; last, for every code.
    pub(crate) attack_views: Vec<AttackView>,
    pub(crate) hooks: Vec<ir::Hook>,
    pub(crate) hook_cells: Vec<u16>,
    pub(crate) swaps: Vec<ir::Swap>,
    /// Per `player * kinds + kind`: does any cell promote it?
    pub(crate) promotes: Vec<bool>,
    /// Per (player, kind) that must promote: the cells it can ever stand on
    /// (`reach.rs`; `None`: unbounded).
    pub(crate) promoting_reach: Vec<Option<CellSet>>,
    /// Per `(player * kinds + kind) * cells + cell`: range into `promotion_choices`.
    pub(crate) promotion_at: Vec<(u32, u16)>,
    pub(crate) promotion_choices: Vec<u8>,
    /// Per `player * kinds + kind`.
    pub(crate) arrival: Vec<Option<ArrivalRule>>,
    /// Per `player * kinds + kind`: the cells where landing may promote
    /// (in any agreement state) or trigger an arrival.
    pub(crate) special_landings: Vec<CellSet>,
    /// Per `player * kinds + kind`: no promotion and no arrival rule, so a
    /// generated move is pushed as it is.
    pub(crate) plain_landing: Vec<bool>,
    /// Some atom needs an unmoved piece, so whether a piece has moved is
    /// part of the position (otherwise it is not tracked, nor hashed).
    pub(crate) tracks_unmoved: bool,
    /// Per code: whether the piece has moved matters to a rule (see `load`).
    pub(crate) unmoved_matters: Vec<bool>,
    /// Bit per piece code whose moves need no judging one by one: not
    /// royal, and no atom of its kind must land unattacked.
    pub(crate) free_codes: CodeSet,
    pub(crate) zobrist_unmoved: Vec<u64>,
    pub(crate) zobrist_budget: Vec<u64>,
    /// Per player: indices into `ir.castlings`.
    pub(crate) castlings_of: Vec<Vec<u16>>,
    /// Castling groups: runs of a player's castlings with the same king,
    /// partner and rule that differ only in how far the king goes. A failed
    /// right, king or partner test, or an occupied cell of the group's
    /// shared cells, rules out the whole group at once.
    /// Per player, parallel to `castlings_of`: where that castling's group
    /// ends in the list, and how many leading cells of its `must_be_empty`
    /// every castling of the group shares (the cells between king and partner).
    pub(crate) castling_groups_of: Vec<Vec<CastlingGroup>>,
    /// The cells that can hold a castling right, one bit each.
    pub(crate) right_cells: Vec<u16>,
    /// Per castling (index into `ir.castlings`): the bit of the right it needs.
    pub(crate) castling_right: Vec<u32>,
    /// Per player: the rights any of its castlings needs.
    pub(crate) rights_of_player: Vec<u32>,
    /// Per piece code: its moves reset the move-rule counter.
    pub(crate) resets_move_rule: Vec<bool>,
    /// Per cell: the rights that remain after a move touches that cell.
    pub(crate) rights_keep: Vec<u32>,
    /// Per piece code: (carrier code, cargo code) if the code is a stack.
    pub(crate) stack_parts: Vec<(PieceCode, PieceCode)>,
    /// Per `mover * codes + occupant`: the stack a move of `mover` onto
    /// `occupant` may form instead of capturing or stopping (0: none).
    pub(crate) merge: Vec<PieceCode>,
    /// Per piece code: some move of it (or of its cargo) may form a stack.
    pub(crate) merges: Vec<bool>,
    /// Some kind is a stack (so move generation looks for stack-forming moves).
    pub(crate) has_stacks: bool,
    /// Some move changes a piece's kind (`becomes`, or a stack's cargo leaving).
    pub(crate) changes_kinds: bool,
    /// Unmoved-only atoms, hooks or swaps exist: the move generator must
    /// look for them.
    pub(crate) full_generator: bool,
    /// Some castling is repeatable or free (its right is the king's unmoved status).
    pub(crate) kings_castling_rights: bool,
    /// Per promotion-switching agreement state (0: not reached, 1: reached),
    /// the offset into `promotion_at`.
    pub(crate) promotion_mode_stride: usize,
    /// The agreement bit that switches promotion rules (0: none).
    pub(crate) promotion_switch: u32,
    pub(crate) zobrist_declared: Vec<u64>,
    pub(crate) zobrist_agreed: Vec<u64>,
    /// Per `player * 16 + count`: the key of a player's castling count
    /// (count 0 included, so the count's key is a plain XOR swap).
    pub(crate) zobrist_castled: Vec<u64>,
    /// Some castling has a per-game limit, so positions count castlings.
    pub(crate) castling_limited: bool,
    pub(crate) zobrist_piece: Vec<u64>,
    pub(crate) zobrist_side: Vec<u64>,
    pub(crate) zobrist_right: Vec<u64>,
    pub(crate) zobrist_ep: Vec<u64>,
    pub(crate) cell_by_name: std::collections::HashMap<String, u16>,
    /// The `insufficient` declarations, both sides ready for matching.
    pub(crate) insufficient: Vec<[DeclaredSide; 2]>,
    /// Per `(player * out_masks + others out) * codes + code`: may `player`
    /// capture a piece of that code (an opponent's piece whose kind is not
    /// `uncapturable`, or is but only while its owner is in play)?
    pub(crate) takes: Vec<bool>,
    /// Per `player * kinds + kind`: the cells where that piece's arrival
    /// wins the game at once.
    pub(crate) winning_cells: Vec<CellSet>,
    /// Some arrival wins the game.
    pub(crate) has_winning_arrivals: bool,
    /// Per player: the key of "this player has won by an arrival".
    pub(crate) zobrist_won: Vec<u64>,
}

/// splitmix64: deterministic keys so hashes are stable between runs.
fn next_key(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// (flags, becomes) of every atom of `player`'s `kind`, from every cell
/// (ranges already checked by the loader).
fn atoms_of(ir: &GameIr, player: usize, kind: usize) -> impl Iterator<Item = (u16, u8)> + '_ {
    let (kinds, cells) = (ir.kinds.len(), ir.cells.len());
    ir.moves[(player * kinds + kind) * cells..][..cells]
        .iter()
        .flat_map(move |set| {
            let leaps = ir.leaps[set.leap_start as usize..][..set.leap_len as usize]
                .iter()
                .map(|l| (l.flags, l.becomes));
            let rays = ir.rays[set.ray_start as usize..][..set.ray_len as usize]
                .iter()
                .map(|r| (r.flags, r.becomes));
            let hooks = ir.hooks[set.hook_start as usize..][..set.hook_len as usize]
                .iter()
                .map(|h| (h.flags, h.becomes));
            leaps.chain(rays).chain(hooks)
        })
}

/// Where a castling's group ends in its player's list, and the cells of
/// `must_be_empty` the group shares.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CastlingGroup {
    pub(crate) end: u16,
    pub(crate) shared_empty: u16,
    /// The group's partner cell, kept here so that an empty one (the
    /// common case where a partner may stand on many cells) is ruled out
    /// without reading the castling itself.
    pub(crate) partner_from: u16,
    /// Where the walk goes on once the group is done when its partner cell
    /// holds a piece: past the following groups that need that cell empty
    /// (a free castling's partners further along the same line), which
    /// that piece rules out unread.
    pub(crate) after_occupied: u16,
}

/// The castling groups (see `Game::castling_groups_of`).
fn castling_groups(
    castlings: &[ir::Castling],
    castlings_of: &[Vec<u16>],
) -> Vec<Vec<CastlingGroup>> {
    let mut out = Vec::new();
    let same_group = |a: &ir::Castling, b: &ir::Castling| {
        (
            a.king_from,
            a.partner_from,
            a.partner_kinds,
            a.repeatable,
            a.free,
            a.limit,
        ) == (
            b.king_from,
            b.partner_from,
            b.partner_kinds,
            b.repeatable,
            b.free,
            b.limit,
        )
    };
    for list in castlings_of {
        let mut groups = Vec::with_capacity(list.len());
        let mut start = 0;
        while start < list.len() {
            let first = &castlings[list[start] as usize];
            let end = (start..list.len())
                .find(|&i| !same_group(first, &castlings[list[i] as usize]))
                .unwrap_or(list.len());
            let members = &list[start..end];
            let prefix = (0..first.must_be_empty.len())
                .take_while(|&k| {
                    members.iter().all(|&i| {
                        castlings[i as usize].must_be_empty.get(k) == Some(&first.must_be_empty[k])
                    })
                })
                .count();
            groups.extend(members.iter().map(|_| CastlingGroup {
                end: end as u16,
                shared_empty: prefix as u16,
                partner_from: first.partner_from,
                after_occupied: end as u16,
            }));
            start = end;
        }
        // A group whose shared empty cells include an earlier group's
        // partner cell can never castle while that cell is occupied.
        let needs_empty = |i: usize, cell: u16| {
            let c = &castlings[list[i] as usize];
            c.must_be_empty[..groups[i].shared_empty as usize].contains(&cell)
        };
        let mut after = vec![0u16; list.len()];
        for (i, slot) in after.iter_mut().enumerate() {
            let mut j = groups[i].end as usize;
            while j < list.len() && needs_empty(j, groups[i].partner_from) {
                j = groups[j].end as usize;
            }
            *slot = j as u16;
        }
        for (g, a) in groups.iter_mut().zip(after) {
            g.after_occupied = a;
        }
        out.push(groups);
    }
    out
}

impl Game {
    pub fn load(ir: GameIr) -> Result<Game, LoadError> {
        crate::load_count::note_load();
        validate(&ir)?;
        let cells = ir.cells.len();
        let players = ir.players.len();
        let kinds = ir.kinds.len();
        let codes = 1 + players * kinds;
        let mut owner = vec![u8::MAX; codes];
        let mut kind_of = vec![u8::MAX; codes];
        let mut royal_code = vec![false; codes];
        let mut ep_capturer = vec![false; codes];
        let mut codes_of_player = vec![CodeSet::EMPTY; players];
        for (p, own) in codes_of_player.iter_mut().enumerate() {
            for (k, info) in ir.kinds.iter().enumerate() {
                let code = 1 + p * kinds + k;
                owner[code] = p as u8;
                kind_of[code] = k as u8;
                royal_code[code] = info.royal;
                ep_capturer[code] = info.captures_en_passant;
                own.insert(code as PieceCode);
            }
        }

        // Stacks: their parts, and which move onto which piece forms which stack.
        let code_of = |p: usize, k: usize| (1 + p * kinds + k) as PieceCode;
        let mut stack_parts = vec![(EMPTY, EMPTY); codes];
        let mut merge = vec![EMPTY; codes * codes];
        for p in 0..players {
            for (k, info) in ir.kinds.iter().enumerate() {
                let Some(st) = info.stack else { continue };
                let o = st.carrier_owner as usize;
                let carrier = code_of(o, st.carrier as usize);
                let cargo = code_of(p, st.cargo as usize);
                let stack = code_of(p, k);
                stack_parts[stack as usize] = (carrier, cargo);
                if p == o || st.boarding {
                    merge[cargo as usize * codes + carrier as usize] = stack;
                    merge[carrier as usize * codes + cargo as usize] = stack;
                }
            }
        }
        let mut merges = vec![false; codes];
        for code in 1..codes {
            let mover = |c: usize| {
                merge[c * codes..(c + 1) * codes]
                    .iter()
                    .any(|&r| r != EMPTY)
            };
            let (_, cargo) = stack_parts[code];
            merges[code] = mover(code) || (cargo != EMPTY && mover(cargo as usize));
        }

        // Where players go out (`end checkmate out`), a player's enemies are
        // those still in play: one set (and one attack view) per player and
        // per set of the other players that are out.
        let eliminates =
            ir.end.checkmate == ir::Outcome::Out || ir.end.stalemate == ir::Outcome::Out;
        check(!eliminates || players <= MAX_ELIMINATION_PLAYERS, || {
            LoadError::TooManyPlayersToEliminate { players }
        })?;

        let out_masks = if eliminates {
            1usize << (players - 1)
        } else {
            1
        };
        let mut team_of: Vec<u8> = (0..players as u8).collect();
        for team in &ir.teams {
            let first = *team.iter().min().expect("the loader checked the teams");
            for &p in team {
                team_of[p as usize] = first;
            }
        }
        let mut enemy_codes: Vec<CodeSet> = Vec::with_capacity(players * out_masks);
        for (p, own) in codes_of_player.iter().enumerate() {
            for others in 0..out_masks {
                let out = expand_others(others, p);
                let gone = (0..players)
                    .filter(|&q| out >> q & 1 != 0 || team_of[q] == team_of[p])
                    .fold(*own, |set, q| set.union(&codes_of_player[q]));
                enemy_codes.push(CodeSet::range(1, codes).minus(&gone));
            }
        }
        // Views: each player's enemies (per set of others out); each
        // player's enemies that capture en passant; every code.
        let ep_capturers = (1..codes)
            .filter(|&c| ep_capturer[c])
            .fold(CodeSet::EMPTY, |set, c| {
                set.union(&CodeSet::from_code(c as PieceCode))
            });
        let filters: Vec<CodeSet> = enemy_codes
            .iter()
            .copied()
            .chain((0..players).map(|p| enemy_codes[p * out_masks].intersection(&ep_capturers)))
            .chain([CodeSet::range(1, codes)])
            .collect();
        let attack_views = reverse::build_views(&ir, &filters)?;

        // Promotion tables: one for each state of the switching agreement
        // (the second only if some rule depends on it).
        let promotion_switch = ir
            .promotions
            .iter()
            .find_map(|p| p.condition)
            .map_or(0, |(a, _)| 1u32 << a);
        let stride = players * kinds * cells;
        let modes = if promotion_switch != 0 { 2 } else { 1 };
        let mut per_cell: Vec<Vec<u8>> = vec![Vec::new(); stride * modes];
        let mut promotes = vec![false; players * kinds];
        for mode in 0..modes {
            for pr in &ir.promotions {
                if pr
                    .condition
                    .is_some_and(|(_, reached)| reached != (mode == 1))
                {
                    continue;
                }
                let pk = pr.player as usize * kinds + pr.kind as usize;
                for &c in &pr.zone {
                    let list = &mut per_cell[mode * stride + pk * cells + c as usize];
                    for &choice in &pr.choices {
                        if !list.contains(&choice) {
                            list.push(choice);
                        }
                    }
                    promotes[pk] |= !list.is_empty();
                }
            }
        }
        let mut special_landings = vec![CellSet::EMPTY; players * kinds];
        for (i, list) in per_cell.iter().enumerate() {
            if !list.is_empty() {
                let pk = i % stride / cells;
                special_landings[pk].insert(i % cells);
            }
        }
        for a in &ir.arrivals {
            for &c in &a.trigger {
                special_landings[a.player as usize * kinds + a.kind as usize].insert(c as usize);
            }
        }
        let mut promotion_at = Vec::with_capacity(per_cell.len());
        let mut promotion_choices = Vec::new();
        for list in per_cell {
            promotion_at.push((promotion_choices.len() as u32, list.len() as u16));
            promotion_choices.extend(list);
        }

        let mut arrival: Vec<Option<ArrivalRule>> = vec![None; players * kinds];
        for (bit, a) in ir.arrivals.iter().enumerate() {
            let slot = &mut arrival[a.player as usize * kinds + a.kind as usize];
            check(slot.is_none(), || LoadError::TwoArrivalRules)?;
            *slot = Some(ArrivalRule {
                bit: bit as u32,
                trigger: CellSet::from_cells(a.trigger.iter().map(|&c| c as usize)),
                place_code: (1 + a.player as usize * kinds + a.place_kind as usize) as PieceCode,
                place_cells: a.place_cells.clone(),
            });
        }
        // A kind with an atom that changes it (`becomes`, a stack's cargo
        // leaving) is pushed through the general path, which finds the kind
        // that lands.
        let changes_kind = |pk: usize| {
            let (p, k) = (pk / kinds, pk % kinds);
            ir.kinds[k].stack.is_some() || atoms_of(&ir, p, k).any(|(_, becomes)| becomes != 0)
        };
        let changes_kinds = (0..players * kinds).any(changes_kind);
        let plain_landing = (0..players * kinds)
            .map(|pk| !promotes[pk] && arrival[pk].is_none() && !changes_kind(pk))
            .collect();
        let tracks_unmoved = ir.castlings.iter().any(|c| c.right_is_the_kings())
            || ir.leaps.iter().any(|l| l.flags & ir::UNMOVED_ONLY != 0)
            || ir.rays.iter().any(|r| r.flags & ir::UNMOVED_ONLY != 0)
            || ir.hooks.iter().any(|h| h.flags & ir::UNMOVED_ONLY != 0);
        // Whose having moved matters: pieces with unmoved-only atoms, and
        // royal pieces where a castling's right is the king's own. Only
        // their unmoved status is kept (and hashed), so a piece that moved
        // and came back is the same position for everyone else.
        let kings_right = ir.castlings.iter().any(|c| c.right_is_the_kings());
        let mut unmoved_matters = vec![false; codes];
        for p in 0..players {
            for k in 0..kinds {
                unmoved_matters[1 + p * kinds + k] = (kings_right && ir.kinds[k].royal)
                    || atoms_of(&ir, p, k).any(|(flags, _)| flags & ir::UNMOVED_ONLY != 0);
            }
        }
        let mut judged_per_move = royal_code.clone();
        for p in 0..players {
            for k in 0..kinds {
                judged_per_move[1 + p * kinds + k] |=
                    atoms_of(&ir, p, k).any(|(flags, _)| flags & ir::UNATTACKED_LANDING != 0);
            }
        }

        let mut castlings_of = vec![Vec::new(); players];
        let mut right_cells: Vec<u16> = ir.setup.castling_rights.clone();
        for (i, c) in ir.castlings.iter().enumerate() {
            castlings_of[c.player as usize].push(i as u16);
            if !c.right_is_the_kings() && !right_cells.contains(&c.partner_from) {
                right_cells.push(c.partner_from);
            }
        }
        check(right_cells.len() <= 32, || {
            LoadError::TooManyCastlingPartners
        })?;
        let castling_groups_of = castling_groups(&ir.castlings, &castlings_of);
        let mut rights_keep = vec![u32::MAX; cells];
        for (bit, &cell) in right_cells.iter().enumerate() {
            rights_keep[cell as usize] &= !(1 << bit);
        }
        // The right each castling needs, found once here rather than per node.
        let castling_right: Vec<u32> = ir
            .castlings
            .iter()
            .map(|c| {
                // A repeatable or free castling's right is the king's unmoved status.
                if c.right_is_the_kings() {
                    return 0;
                }
                1 << right_cells
                    .iter()
                    .position(|&x| x == c.partner_from)
                    .unwrap()
            })
            .collect();
        let mut rights_of_player = vec![0u32; players];
        for (c, right) in ir.castlings.iter().zip(&castling_right) {
            rights_keep[c.king_from as usize] &= !right;
            rights_of_player[c.player as usize] |= right;
        }
        // Per piece code: does a move of this kind reset the move-rule counter?
        let resets_move_rule = (0..codes)
            .map(|code| code != 0 && ir.end.resets_move_rule.contains(&kind_of[code]))
            .collect();

        let mut state = 0x5EED_u64;
        let zobrist_piece = (0..codes * cells).map(|_| next_key(&mut state)).collect();
        let zobrist_side = (0..players).map(|_| next_key(&mut state)).collect();
        let zobrist_right = (0..32).map(|_| next_key(&mut state)).collect();
        let zobrist_ep = (0..cells).map(|_| next_key(&mut state)).collect();
        let zobrist_unmoved = (0..cells).map(|_| next_key(&mut state)).collect();
        let zobrist_budget = (0..32).map(|_| next_key(&mut state)).collect();
        let zobrist_declared = (0..32).map(|_| next_key(&mut state)).collect();
        let zobrist_agreed = (0..32).map(|_| next_key(&mut state)).collect();
        let zobrist_castled = (0..players * 16)
            .map(|i| if i % 16 == 0 { 0 } else { next_key(&mut state) })
            .collect();
        let castling_limited = ir.castlings.iter().any(|c| c.limit != 0);
        let insufficient = ir
            .end
            .insufficient
            .iter()
            .map(|sides| {
                sides.clone().map(|side| {
                    let specs: Vec<(u8, Option<CellSet>)> = side
                        .iter()
                        .map(|p| {
                            let region = p.region.map(|r| {
                                CellSet::from_cells(
                                    ir.regions[r as usize].cells.iter().map(|&c| c as usize),
                                )
                            });
                            (p.kind, region)
                        })
                        .collect();
                    DeclaredSide {
                        pieces: specs.len(),
                        regional: specs.iter().any(|(_, r)| r.is_some()),
                        specs,
                    }
                })
            })
            .collect();
        // Per (player, set of the others out): the codes it may capture. A
        // piece `uncapturable ... unless out` may be taken once its owner is out.
        let mut takes = vec![false; players * out_masks * codes];
        for p in 0..players {
            for others in 0..out_masks {
                let out = expand_others(others, p);
                for code in 1..codes {
                    let q = owner[code] as usize;
                    let info = &ir.kinds[kind_of[code] as usize];
                    let shielded =
                        info.uncapturable && !(info.capturable_when_out && out >> q & 1 != 0);
                    takes[(p * out_masks + others) * codes + code] =
                        team_of[q] != team_of[p] && !shielded;
                }
            }
        }
        let mut winning_cells = vec![CellSet::EMPTY; players * kinds];
        for w in &ir.winning_arrivals {
            let pk = w.player as usize * kinds + w.kind as usize;
            for &c in &w.cells {
                winning_cells[pk].insert(c as usize);
            }
        }
        let zobrist_won = (0..players).map(|_| next_key(&mut state)).collect();
        let zobrist_out = (0..players).map(|_| next_key(&mut state)).collect();
        let zobrist_passed = (0..players).map(|_| next_key(&mut state)).collect();
        let cell_by_name = ir
            .cells
            .iter()
            .enumerate()
            .map(|(i, c)| (c.name.clone(), i as u16))
            .collect();

        let promoting_reach = reach::promoting_reach(&ir, &promotes);
        Ok(Game {
            promoting_reach,
            cells,
            players,
            kinds,
            owner,
            kind_of,
            royal_code,
            enemy_codes,
            team_of,
            en_passant_until_owner_moves: ir.en_passant_until_owner_moves,
            out_masks,
            eliminates,
            zobrist_out,
            zobrist_passed,
            codes_of_player,
            movesets: ir.moves.clone(),
            leaps: ir.leaps.clone(),
            rays: ir
                .rays
                .iter()
                .map(|r| {
                    let plain = r.first_landing == 0
                        && r.becomes == 0
                        && r.flags
                            & (ir::CREATES_EN_PASSANT
                                | ir::UNATTACKED_LANDING
                                | ir::SHARED_LANDING
                                | ir::FLY_OVER)
                            == 0;
                    Ray {
                        flags: r.flags | if plain { PLAIN_RIDE } else { 0 },
                        ..*r
                    }
                })
                .collect(),
            ray_cells: ir.ray_cells.clone(),
            attack_views,
            hooks: ir.hooks.clone(),
            hook_cells: ir.hook_cells.clone(),
            swaps: ir.swaps.clone(),
            promotes,
            promotion_at,
            promotion_choices,
            arrival,
            special_landings,
            tracks_unmoved,
            unmoved_matters,
            free_codes: (1..codes).filter(|&c| !judged_per_move[c]).fold(
                CodeSet::EMPTY,
                |mut set, c| {
                    set.insert(c as PieceCode);
                    set
                },
            ),
            plain_landing,
            zobrist_unmoved,
            zobrist_budget,
            castlings_of,
            castling_groups_of,
            right_cells,
            castling_right,
            rights_of_player,
            resets_move_rule,
            rights_keep,
            stack_parts,
            merge,
            has_stacks: ir.kinds.iter().any(|k| k.stack.is_some()),
            changes_kinds,
            full_generator: tracks_unmoved || !ir.hooks.is_empty() || !ir.swaps.is_empty(),
            kings_castling_rights: ir.castlings.iter().any(|c| c.right_is_the_kings()),
            merges,
            promotion_mode_stride: stride,
            promotion_switch,
            zobrist_declared,
            zobrist_agreed,
            zobrist_castled,
            castling_limited,
            zobrist_piece,
            zobrist_side,
            zobrist_right,
            zobrist_ep,
            cell_by_name,
            insufficient,
            takes,
            has_winning_arrivals: !ir.winning_arrivals.is_empty(),
            winning_cells,
            zobrist_won,
            ir,
        })
    }

    /// The number of piece codes, the empty cell included.
    #[inline(always)]
    pub(crate) fn codes(&self) -> usize {
        1 + self.players * self.kinds
    }

    #[inline(always)]
    pub fn code(&self, player: usize, kind: usize) -> PieceCode {
        (1 + player * self.kinds + kind) as PieceCode
    }

    /// The move table of one (player, kind, cell); the three come from the
    /// loaded game (a board code's owner and kind, an occupied cell).
    #[inline(always)]
    pub(crate) fn moveset(&self, player: usize, kind: usize, cell: usize) -> &MoveSet {
        unchecked::get(
            &self.movesets,
            (player * self.kinds + kind) * self.cells + cell,
        )
    }

    /// Who among `player`'s enemies in play may attack a cell, from where;
    /// `others_out` is the set of the other players out, numbered without
    /// `player`'s own bit (always 0 in a game where nobody goes out).
    #[inline(always)]
    pub(crate) fn attacks_on(&self, player: usize, others_out: usize) -> &AttackView {
        unchecked::get(&self.attack_views, player * self.out_masks + others_out)
    }

    /// Bit per piece code of `player`'s enemies in play (see `attacks_on`).
    #[inline(always)]
    pub(crate) fn enemies_of(&self, player: usize, others_out: usize) -> &CodeSet {
        unchecked::get(&self.enemy_codes, player * self.out_masks + others_out)
    }

    /// Who among `player`'s enemies that capture en passant may attack a
    /// cell, from where.
    #[inline(always)]
    pub(crate) fn en_passant_attacks_on(&self, player: usize) -> &AttackView {
        unchecked::get(&self.attack_views, self.players * self.out_masks + player)
    }

    /// Who may attack a cell, any code.
    #[inline(always)]
    pub(crate) fn attacks_by_any(&self) -> &AttackView {
        unchecked::get(&self.attack_views, self.players * (self.out_masks + 1))
    }

    #[inline(always)]
    pub(crate) fn special_landing(&self, player_kind: usize) -> &CellSet {
        unchecked::get(&self.special_landings, player_kind)
    }

    /// Is a move of this (player * kinds + kind) pushed as generated (no
    /// promotion, arrival or change of kind to look for)?
    #[inline(always)]
    pub(crate) fn lands_plainly(&self, player_kind: usize) -> bool {
        *unchecked::get(&self.plain_landing, player_kind)
    }

    /// Per piece code: may `player` capture it (indexed by codes on the
    /// board, never `EMPTY`)? One row, read once per move generation.
    #[inline(always)]
    pub(crate) fn takes_row(&self, player: usize, others_out: usize) -> &[bool] {
        let codes = self.codes();
        unchecked::range(
            &self.takes,
            (player * self.out_masks + others_out) * codes,
            codes,
        )
    }

    /// Does `player`'s piece of `kind` win by ending a move on `cell`?
    #[inline(always)]
    pub(crate) fn wins_on(&self, player: usize, kind: usize, cell: usize) -> bool {
        unchecked::get(&self.winning_cells, player * self.kinds + kind).contains(cell)
    }

    /// The owner of a piece code on the board (never `EMPTY`).
    #[inline(always)]
    pub(crate) fn owner_of_code(&self, code: PieceCode) -> u8 {
        *unchecked::get(&self.owner, code as usize)
    }

    /// The kind of a piece code on the board (never `EMPTY`).
    #[inline(always)]
    pub(crate) fn kind_of_code(&self, code: PieceCode) -> usize {
        *unchecked::get(&self.kind_of, code as usize) as usize
    }

    #[inline(always)]
    pub(crate) fn leaps_of(&self, set: &MoveSet) -> &[Leap] {
        unchecked::range(&self.leaps, set.leap_start as usize, set.leap_len as usize)
    }

    #[inline(always)]
    pub(crate) fn rays_of(&self, set: &MoveSet) -> &[Ray] {
        unchecked::range(&self.rays, set.ray_start as usize, set.ray_len as usize)
    }

    #[inline(always)]
    pub(crate) fn cells_of(&self, ray: &Ray) -> &[u16] {
        unchecked::range(&self.ray_cells, ray.start as usize, ray.len as usize)
    }

    /// Do the rules let this piece go from `from` to `to` with rights `flag`
    /// on some board (ignoring what stands in the way)?
    pub fn reaches(&self, player: usize, kind: usize, from: usize, to: usize, flag: u16) -> bool {
        let set = self.moveset(player, kind, from);
        let to = to as u16;
        self.leaps[set.leap_start as usize..][..set.leap_len as usize]
            .iter()
            .any(|l| l.to == to && l.flags & flag != 0)
            || self.rays[set.ray_start as usize..][..set.ray_len as usize]
                .iter()
                .any(|r| {
                    r.flags & flag != 0
                        && self.ray_cells[r.start as usize..][..r.len as usize]
                            [r.first_landing as usize..]
                            .contains(&to)
                })
            || self.hooks[set.hook_start as usize..][..set.hook_len as usize]
                .iter()
                .any(|h| h.to == to && h.flags & flag != 0)
    }

    pub fn cell_name(&self, cell: usize) -> &str {
        &self.ir.cells[cell].name
    }

    pub fn cell(&self, name: &str) -> Option<usize> {
        self.cell_by_name.get(name).map(|&c| c as usize)
    }

    /// The length in bytes of the longest cell name (text parsers bound
    /// their prefix searches by it).
    pub fn longest_cell_name(&self) -> usize {
        self.ir
            .cells
            .iter()
            .map(|c| c.name.len())
            .max()
            .unwrap_or(0)
    }

    /// The kind whose letter or alias is `text` (case-insensitive letters).
    /// The kind a letter or alias names (stacks have no letter of their own).
    pub fn kind_by_letter(&self, text: &str) -> Option<usize> {
        self.ir.kinds.iter().position(|k| {
            k.stack.is_none()
                && (text.chars().count() == 1
                    && text.chars().next().unwrap().to_ascii_uppercase() == k.letter
                    || k.aliases.iter().any(|a| a == text))
        })
    }

    /// The stack kind of `cargo` aboard a `carrier` owned by `carrier_owner`.
    pub fn stack_kind(&self, carrier: usize, cargo: usize, carrier_owner: usize) -> Option<usize> {
        self.ir.kinds.iter().position(|k| {
            k.stack.is_some_and(|st| {
                st.carrier as usize == carrier
                    && st.cargo as usize == cargo
                    && st.carrier_owner as usize == carrier_owner
            })
        })
    }

    /// The IR this game was loaded from (read-only: it was validated).
    pub fn ir(&self) -> &GameIr {
        &self.ir
    }

    pub fn cells(&self) -> usize {
        self.cells
    }

    pub fn players(&self) -> usize {
        self.players
    }

    /// The number of sides: teams, each player alone counting as one.
    pub fn sides(&self) -> usize {
        let sides = self.team_of.iter().fold(0u64, |s, &t| s | 1 << t);
        sides.count_ones() as usize
    }

    /// The number of kinds, stacks included.
    pub fn kinds(&self) -> usize {
        self.kinds
    }

    /// The owner of a piece code (not `EMPTY`).
    pub fn owner_of(&self, code: PieceCode) -> usize {
        self.owner[code as usize] as usize
    }

    /// The kind of a piece code (not `EMPTY`).
    pub fn kind_of(&self, code: PieceCode) -> usize {
        self.kind_of[code as usize] as usize
    }

    /// (carrier code, cargo code) if the code is a stack, else `(EMPTY, EMPTY)`.
    pub fn stack_parts(&self, code: PieceCode) -> (PieceCode, PieceCode) {
        self.stack_parts[code as usize]
    }
}

/// The most players a game in which players go out may have: it keeps an
/// attack view per player and per set of the others out (32 at six).
pub const MAX_ELIMINATION_PLAYERS: usize = 6;

/// The set of players out, as bits by seat, from `others`: the same set
/// numbered without `player`'s own seat.
pub(crate) fn expand_others(others: usize, player: usize) -> usize {
    let low = others & ((1 << player) - 1);
    low | (others >> player) << (player + 1)
}

/// The inverse of `expand_others`: `out` without `player`'s seat.
#[inline(always)]
pub(crate) fn others_of(out: usize, player: usize) -> usize {
    let low = out & ((1 << player) - 1);
    low | (out >> (player + 1)) << player
}
