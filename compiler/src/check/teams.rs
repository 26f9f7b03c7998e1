//! Teams: `partners P Q ...` puts players on one side. Partners never
//! capture or attack each other and win or lose together; the runtime
//! derives both from the IR's team lists.

use super::Checker;
use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use crate::model::Model;
use runtime::ir::Outcome;

impl Checker {
    /// Every `partners` statement, after the end rules (teams and players
    /// going out are not combined).
    pub(super) fn teams(&mut self, m: &mut Model, stmts: &[Stmt], player_names: &[String]) {
        let mut team_of: Vec<Option<Span>> = vec![None; player_names.len()];
        for s in stmts {
            let Stmt::Partners(names) = s else { continue };
            let mut team = Vec::new();
            let mut refused = false;
            for n in names {
                let Some(p) = self.player(n, player_names) else {
                    refused = true;
                    continue;
                };
                if let Some(first) = team_of[p] {
                    self.error(
                        Diagnostic::error(
                            Code::DuplicateDefinition,
                            format!("player `{}` is in two teams", n.text),
                            n.span,
                            "again here",
                        )
                        .with_secondary(first, "first here")
                        .with_hint("a player has at most one team; join the partners in one `partners` statement"),
                    );
                    refused = true;
                    continue;
                }
                team_of[p] = Some(n.span);
                team.push(p);
            }
            let span = Span {
                end: names[names.len() - 1].span.end,
                ..names[0].span
            };
            if refused {
                continue;
            }
            if team.len() < 2 {
                self.error(
                    Diagnostic::error(
                        Code::InconsistentPlayers,
                        "a team needs two players or more",
                        span,
                        "one player",
                    )
                    .with_hint("name the partners: `partners red yellow`"),
                );
                continue;
            }
            if team.len() == player_names.len() {
                self.error(
                    Diagnostic::error(
                        Code::InconsistentPlayers,
                        "every player is in this team",
                        span,
                        "no opponents left",
                    )
                    .with_hint("a team plays against the other players; leave some out of it"),
                );
                continue;
            }
            if m.end.checkmate == Outcome::Out || m.end.stalemate == Outcome::Out {
                self.error(
                    Diagnostic::error(
                        Code::InconsistentPlayers,
                        "teams and players going out do not combine",
                        span,
                        "a team",
                    )
                    .with_hint("with `partners`, a mate ends the game (`end checkmate loss`); drop `out` or the team"),
                );
                continue;
            }
            team.sort_unstable();
            m.teams.push(team);
        }
    }

    /// `en-passant until-owner-moves`.
    pub(super) fn en_passant_lifetime(&mut self, m: &mut Model, stmts: &[Stmt]) {
        let mut first: Option<Span> = None;
        for s in stmts {
            let Stmt::EnPassantUntilOwnerMoves(span) = s else {
                continue;
            };
            if let Some(f) = first {
                self.error(
                    Diagnostic::error(
                        Code::DuplicateDefinition,
                        "the en-passant lifetime is given twice",
                        *span,
                        "again here",
                    )
                    .with_secondary(f, "first here")
                    .with_hint("keep one `en-passant until-owner-moves`"),
                );
                continue;
            }
            first = Some(*span);
            m.en_passant_until_owner_moves = true;
        }
    }
}
