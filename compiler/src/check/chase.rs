//! What a chase is, for `end repetition N perpetual-chase by KINDS [except
//! KIND unless on REGION]...`: the kinds whose attacks may chase, and the
//! kinds that are chase targets only on a region (per player, the
//! owner's cells). Two players.

use super::Checker;
use crate::ast::{ChaseSpec, Span};
use crate::model::Model;
use runtime::ir::{ChaseRule, SparedKind};

impl Checker {
    /// `perpetual-chase ...` into `m.end.perpetual_chase`.
    pub(super) fn perpetual_chase(
        &mut self,
        m: &mut Model,
        spec: &ChaseSpec,
        span: Span,
        piece_names: &[String],
    ) {
        if !self.two_players(m, span, "the perpetual-chase rule") {
            return;
        }
        let mut rule = ChaseRule {
            by: Vec::new(),
            spared: Vec::new(),
        };
        for n in &spec.by {
            if let Some(k) = self.piece(n, piece_names) {
                if !rule.by.contains(&(k as u8)) {
                    rule.by.push(k as u8);
                }
            }
        }
        for (kind, region) in &spec.spared {
            let (Some(k), Some(r)) = (self.piece(kind, piece_names), self.region_ref(m, region))
            else {
                continue;
            };
            let targets_on = m.regions[r]
                .cells
                .iter()
                .map(|member| {
                    member
                        .iter()
                        .enumerate()
                        .filter(|&(_, &inside)| inside)
                        .map(|(c, _)| c as u16)
                        .collect()
                })
                .collect();
            rule.spared.push(SparedKind {
                kind: k as u8,
                targets_on,
            });
        }
        m.end.perpetual_chase = Some(rule);
    }
}
