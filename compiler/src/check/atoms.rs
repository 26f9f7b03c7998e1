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

impl Checker {
    pub(super) fn atom(&mut self, m: &Model, a: &Atom) -> Vec<ModelAtom> {
        let mut flags = ir::MOVE | ir::CAPTURE;
        let mut max = None;
        let mut from_region = None;
        let mut to_region = None;
        let mut ep = false;
        let mut becomes = None;
        let mut fly_over = false;
        for md in &a.modifiers {
            match md {
                Modifier::MoveOnly => flags = ir::MOVE,
                Modifier::CaptureOnly => flags = ir::CAPTURE,
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
                Modifier::FlyOver => fly_over = true,
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
        // Betza atoms keep the word modifiers that are not about rights.
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
        // Betza atoms keep the word modifiers that are not about rights.
        let unmoved_only = flags & (ir::UNMOVED_ONLY | ir::UNATTACKED_LANDING);
        let min = a
            .modifiers
            .iter()
            .find_map(|md| match md {
                Modifier::Min(n) => Some((*n).max(1) as u32),
                _ => None,
            })
            .unwrap_or(1);
        let mut hook_turn = None;
        let parts: Vec<AtomPart> = match &a.shape {
            AtomShape::Leap(v) => vec![AtomPart {
                steps: vec![*v],
                ride: false,
                max: None,
                flags,
                filter: None,
            }],
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
                    return vec![];
                }
                hook_turn = Some(turn / unit);
                vec![AtomPart {
                    steps: vec![*v],
                    ride: false,
                    max: None,
                    flags,
                    filter: None,
                }]
            }
            AtomShape::Ride(v) => vec![AtomPart {
                steps: vec![*v],
                ride: true,
                max,
                flags,
                filter: None,
            }],
            AtomShape::Path(steps) => {
                // A period of equal steps is a plain ride.
                let steps = if steps.iter().all(|&v| v == steps[0]) {
                    vec![steps[0]]
                } else {
                    steps.clone()
                };
                vec![AtomPart {
                    steps,
                    ride: true,
                    max,
                    flags,
                    filter: None,
                }]
            }
            AtomShape::Betza(s) => {
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
                    return vec![];
                }
                match crate::betza::parse(&s.text) {
                    Ok(parts) => parts
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
                                flags: f | unmoved_only,
                                filter: p.filter,
                            }
                        })
                        .collect(),
                    Err(e) => {
                        self.error(Diagnostic::error(Code::BadBetza, format!("cannot read Betza `{}`: {e}", s.text), s.span, "here").with_hint("supported: W F D N A H C Z G K Q R B, doubled letters or a number for riders, prefixes m c f b s v"));
                        return vec![];
                    }
                }
            }
        };
        let mut out = Vec::new();
        if fly_over && !matches!(a.shape, AtomShape::Ride(_) | AtomShape::Path(_)) {
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
        if fly_over && flags & ir::CAPTURE != 0 {
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
        if fly_over && ep {
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
        for AtomPart {
            steps,
            ride,
            max,
            flags,
            filter: extra_filter,
        } in parts
        {
            if steps.contains(&(0, 0)) {
                self.error(Diagnostic::error(
                    Code::MoveGoesNowhere,
                    "the zero vector is not a move",
                    a.span,
                    "(0,0)",
                ));
                continue;
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
                continue;
            }
            if base.is_empty() {
                self.error(
                    Diagnostic::error(
                        Code::PieceWithoutMoves,
                        "the filters leave no direction",
                        a.span,
                        "this atom has no move",
                    )
                    .with_hint(
                        "`forward`, `backward`, `sideways`, `straight` and `oblique` intersect",
                    ),
                );
                continue;
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
            out.push(ModelAtom {
                images,
                ride,
                hook_turn,
                max,
                min,
                becomes,
                flags: flags
                    | if ep && ride {
                        ir::CREATES_EN_PASSANT
                    } else {
                        0
                    }
                    | if fly_over && ride { ir::FLY_OVER } else { 0 },
                from_region,
                to_region,
            });
        }
        out
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
