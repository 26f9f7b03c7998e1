//! Atoms: one move pattern of a piece (`leap`, `ride`, `hook`, `path`,
//! `betza`) with its filters and modifiers, expanded by the board's
//! symmetries into board-frame vectors (a path: sequences of steps) for
//! every player.

use super::Checker;
use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use crate::model::{Model, ModelAtom};
use crate::topology::{apply, Vector};
use runtime::ir;

/// One base vector of an atom, before the symmetries expand it (a Betza
/// atom may have several).
struct AtomPart {
    /// One step, or one period of a path.
    steps: Vec<Vector>,
    ride: bool,
    max: Option<u32>,
    flags: u16,
    /// A direction filter on top of the atom's own.
    filter: Option<Filter>,
}

/// The word modifiers of an atom, read once: its rights, limits, regions
/// and the flags that change how it moves.
pub(super) struct AtomModifiers {
    pub(super) flags: u16,
    pub(super) max: Option<u32>,
    pub(super) min: u32,
    from_region: Option<usize>,
    pub(super) to_region: Option<usize>,
    pub(super) ep: bool,
    pub(super) becomes: Option<u8>,
    pub(super) fly_over: bool,
}

impl Checker {
    pub(super) fn atom(&mut self, m: &Model, a: &Atom) -> Vec<ModelAtom> {
        let mods = self.atom_modifiers(m, a);
        self.check_unmoved_capture(a, mods.flags);
        let mut hook_turn = None;
        let Some(parts) = self.atom_parts(m, a, &mods, &mut hook_turn) else {
            return vec![];
        };
        self.check_fly_over(a, &mods);
        self.check_hop(m, a, &mods);
        parts
            .into_iter()
            .filter_map(|part| self.expand_atom_part(m, a, &mods, hook_turn, part))
            .collect()
    }

    /// Reads the modifiers in order, reporting a bad `max` or `min` value.
    fn atom_modifiers(&mut self, m: &Model, a: &Atom) -> AtomModifiers {
        let mut flags = ir::MOVE | ir::CAPTURE;
        let mut max = None;
        let mut from_region = None;
        let mut to_region = None;
        let mut ep = false;
        let mut becomes = None;
        let mut fly_over = false;
        for md in &a.modifiers {
            match md {
                // Only the move/capture bits: conditions said before stay.
                Modifier::MoveOnly => flags = flags & !(ir::MOVE | ir::CAPTURE) | ir::MOVE,
                Modifier::CaptureOnly => flags = flags & !(ir::MOVE | ir::CAPTURE) | ir::CAPTURE,
                Modifier::Max(n) => {
                    if *n < 1 {
                        self.error(Diagnostic::error(
                            Code::InvalidValue,
                            "a range limit must be at least 1",
                            a.span,
                            "max",
                        ));
                    }
                    max = Some((*n).max(1) as u32)
                }
                Modifier::From(r) => from_region = self.region_ref(m, r),
                Modifier::To(r) => to_region = self.region_ref(m, r),
                Modifier::EnPassant => ep = true,
                Modifier::Unmoved => flags |= ir::UNMOVED_ONLY,
                Modifier::NotInCheck => flags |= ir::NOT_IN_CHECK,
                Modifier::FlyOver => fly_over = true,
                Modifier::Hop => flags |= ir::HOP,
                Modifier::HopBehind => flags |= ir::HOP | ir::HOP_BEHIND,
                Modifier::Lame => flags |= ir::LAME,
                Modifier::Unattacked => flags |= ir::UNATTACKED_LANDING,
                Modifier::Becomes(n) => {
                    let names: Vec<String> = m.pieces.iter().map(|p| p.name.clone()).collect();
                    becomes = self.piece(n, &names).map(|k| k as u8);
                }
                Modifier::Min(n) => {
                    if !(1..=16).contains(n) {
                        self.error(
                            Diagnostic::error(
                                Code::InvalidValue,
                                "a ride's minimum distance must be 1..16",
                                a.span,
                                "min",
                            )
                            .with_hint("`min 2` lands two or more cells away"),
                        );
                    }
                }
            }
        }
        let min = a
            .modifiers
            .iter()
            .find_map(|md| match md {
                Modifier::Min(n) => Some((*n).max(1) as u32),
                _ => None,
            })
            .unwrap_or(1);
        AtomModifiers {
            flags,
            max,
            min,
            from_region,
            to_region,
            ep,
            becomes,
            fly_over,
        }
    }

    /// Attacks may not depend on whether a piece has moved.
    fn check_unmoved_capture(&mut self, a: &Atom, flags: u16) {
        if flags & ir::UNMOVED_ONLY != 0 && flags & ir::CAPTURE != 0 {
            self.error(
                Diagnostic::error(
                    Code::ConflictingModifiers,
                    "a move for unmoved pieces only cannot capture",
                    a.span,
                    "`unmoved` without `move-only`",
                )
                .with_hint("attacks may not depend on whether a piece has moved: add `move-only`"),
            );
        }
        if flags & ir::NOT_IN_CHECK != 0 && flags & ir::CAPTURE != 0 {
            self.error(
                Diagnostic::error(
                    Code::ConflictingModifiers,
                    "a move barred while in check cannot capture",
                    a.span,
                    "`not-in-check` without `move-only`",
                )
                .with_hint("attacks may not depend on whether a side is in check: add `move-only`"),
            );
        }
    }

    /// The base vectors of the atom's shape (and a hook's turn, in units
    /// of the board's rotation); `None` when the shape cannot be read on
    /// this board, already reported.
    fn atom_parts(
        &mut self,
        m: &Model,
        a: &Atom,
        mods: &AtomModifiers,
        hook_turn: &mut Option<i32>,
    ) -> Option<Vec<AtomPart>> {
        let (flags, max) = (mods.flags, mods.max);
        let one = |steps: Vec<Vector>, ride: bool, max: Option<u32>| AtomPart {
            steps,
            ride,
            max,
            flags,
            filter: None,
        };
        Some(match &a.shape {
            AtomShape::Leap(v) => vec![one(vec![*v], false, None)],
            AtomShape::Hook(v, turn) => {
                let unit = m.topology.rotation_degrees();
                if *turn % unit != 0 || turn.rem_euclid(360) == 0 {
                    self.error(
                        Diagnostic::error(
                            Code::MoveGoesNowhere,
                            format!("a hook cannot turn by {turn} degrees on this board"),
                            a.span,
                            "turn angle",
                        )
                        .with_hint(format!("turn by a non-zero multiple of {unit} degrees")),
                    );
                    return None;
                }
                *hook_turn = Some(turn / unit);
                vec![one(vec![*v], false, None)]
            }
            AtomShape::Ride(v) => vec![one(vec![*v], true, max)],
            AtomShape::Path(steps) => {
                // On a lattice, a period whose steps add up to nothing
                // comes back to its cell after each period: the ride stops
                // there, and the path is a few single steps in disguise.
                let sum = steps
                    .iter()
                    .fold((0i64, 0i64), |(x, y), v| (x + v.0 as i64, y + v.1 as i64));
                if steps.len() > 1 && sum == (0, 0) && m.topology.translation_invariant() {
                    self.error(
                        Diagnostic::error(
                            Code::MoveGoesNowhere,
                            "the steps of this path add up to nothing: each period comes back to the cell it left",
                            a.span,
                            "a period that ends where it starts",
                        )
                        .with_hint("a path repeats its steps as a zig-zag that moves on, e.g. `path (1,1) (1,-1)`; write single steps as leaps"),
                    );
                    return None;
                }
                // A period of equal steps is a plain ride.
                let steps = if steps.iter().all(|&v| v == steps[0]) {
                    vec![steps[0]]
                } else {
                    steps.clone()
                };
                vec![one(steps, true, max)]
            }
            AtomShape::Betza(s) => self.betza_parts(m, s, mods)?,
        })
    }

    /// The parts of a Betza atom; its own `m`/`c` prefixes replace the
    /// rights, and it keeps the word modifiers that are not about rights.
    fn betza_parts(&mut self, m: &Model, s: &Name, mods: &AtomModifiers) -> Option<Vec<AtomPart>> {
        if !m.topology.reads_betza() {
            self.error(
                Diagnostic::error(
                    Code::BadBetza,
                    "Betza notation needs a square board",
                    s.span,
                    "here",
                )
                .with_hint("use leap/ride with vectors on hex boards"),
            );
            return None;
        }
        let (flags, max) = (mods.flags, mods.max);
        let unmoved_only = flags & (ir::UNMOVED_ONLY | ir::UNATTACKED_LANDING);
        match crate::betza::parse(&s.text) {
            Ok(parts) => Some(
                parts
                    .into_iter()
                    .map(|p| {
                        let f = match (p.move_only, p.capture_only) {
                            (true, false) => ir::MOVE,
                            (false, true) => ir::CAPTURE,
                            _ => flags,
                        };
                        AtomPart {
                            steps: vec![p.vector],
                            ride: p.ride,
                            max: p.max.or(max),
                            flags: f | unmoved_only | p.hop | if p.lame { ir::LAME } else { 0 },
                            filter: p.filter,
                        }
                    })
                    .collect(),
            ),
            Err(e) => {
                self.error(Diagnostic::error(Code::BadBetza, format!("cannot read Betza `{}`: {e}", s.text), s.span, "here").with_hint("supported: W F D N A H C Z G K Q R B, doubled letters or a number for riders, prefixes m c f b s v, p g (hoppers) and n (lame leapers)"));
                None
            }
        }
    }

    /// `fly-over` belongs to a ride or a path that only moves, and not with
    /// `en-passant`.
    fn check_fly_over(&mut self, a: &Atom, mods: &AtomModifiers) {
        if mods.fly_over && !matches!(a.shape, AtomShape::Ride(_) | AtomShape::Path(_)) {
            self.error(
                Diagnostic::error(
                    Code::ConflictingModifiers,
                    "only a `ride` or a `path` can fly over pieces",
                    a.span,
                    "`fly-over` on another atom",
                )
                .with_hint("a leap is never blocked already; write `ride (m,n) fly-over`"),
            );
        }
        if mods.fly_over && mods.flags & ir::CAPTURE != 0 {
            self.error(
                Diagnostic::error(
                    Code::ConflictingModifiers,
                    "a flight over pieces only moves: it captures nothing",
                    a.span,
                    "`fly-over` without `move-only`",
                )
                .with_hint(
                    "write `ride (m,n) fly-over move-only`, and give the piece its captures apart",
                ),
            );
        }
        if mods.fly_over && mods.ep {
            self.error(
                Diagnostic::error(
                    Code::ConflictingModifiers,
                    "a flight over pieces passes no cell it could leave open to en passant",
                    a.span,
                    "`fly-over` with `en-passant`",
                )
                .with_hint("drop one of the two"),
            );
        }
    }

    /// One part expanded by the board's symmetries (its directions, after
    /// the filters) into every player's frame; `None` when it has no
    /// direction, reported.
    fn expand_atom_part(
        &mut self,
        m: &Model,
        a: &Atom,
        mods: &AtomModifiers,
        hook_turn: Option<i32>,
        part: AtomPart,
    ) -> Option<ModelAtom> {
        let AtomPart {
            steps,
            ride,
            max,
            flags,
            filter: extra_filter,
        } = part;
        if steps.contains(&(0, 0)) {
            self.error(Diagnostic::error(
                Code::MoveGoesNowhere,
                "the zero vector is not a move",
                a.span,
                "(0,0)",
            ));
            return None;
        }
        let mut filters = a.filters.clone();
        filters.extend(extra_filter);
        let base = m.topology.path_orientations(&steps, &filters);
        if base.is_empty() && !filters_contradict(&filters) {
            // The main file is file 0; a library's atom may be meant
            // for another kind of board.
            if a.span.file == 0 {
                self.error(Diagnostic::warning(
                    Code::AtomWithoutMoveOnBoard,
                    "on this board the filters leave this step no direction",
                    a.span,
                    "this atom has no move here",
                ));
            }
            return None;
        }
        if base.is_empty() {
            self.error(
                Diagnostic::error(
                    Code::PieceWithoutMoves,
                    "the filters leave no direction",
                    a.span,
                    "this atom has no move",
                )
                .with_hint("`forward`, `backward`, `sideways`, `straight` and `oblique` intersect"),
            );
            return None;
        }
        let images = m
            .players
            .iter()
            .map(|p| {
                base.iter()
                    .map(|seq| seq.iter().map(|&w| apply(&p.frame, w)).collect())
                    .collect()
            })
            .collect();
        Some(ModelAtom {
            images,
            ride,
            hook_turn,
            max,
            min: mods.min,
            becomes: mods.becomes,
            flags: flags
                | if mods.ep && ride {
                    ir::CREATES_EN_PASSANT
                } else {
                    0
                }
                | if mods.fly_over && ride {
                    ir::FLY_OVER
                } else {
                    0
                },
            from_region: mods.from_region,
            to_region: mods.to_region,
        })
    }
}

/// Filters that no vector passes on any board: two of `forward`,
/// `backward` and `sideways`, `straight` with `oblique` or `sideways`, or
/// `vertical` with `sideways`.
fn filters_contradict(filters: &[Filter]) -> bool {
    let has = |f: Filter| filters.contains(&f);
    let advances = [Filter::Forward, Filter::Backward, Filter::Sideways]
        .into_iter()
        .filter(|&f| has(f))
        .count();
    advances > 1
        || (has(Filter::Straight) && (has(Filter::Oblique) || has(Filter::Sideways)))
        || (has(Filter::Vertical) && has(Filter::Sideways))
}
