//! Checks every `insufficient` declaration with the runtime's mate search
//! (warning W002). The rules draw such material at once, which the FIDE
//! dead-position rule allows only when no sequence of legal moves can end
//! in mate: no legal position with that material (for either player, either
//! side mated) is a mate, nor with any material captures leave, and no piece
//! of it can promote or change kind. Runs with the claims, after lowering.

use crate::diag::{Code, Diagnostic};
use crate::model::ModelInsufficient;
use runtime::endgame::{find_mate_either_way, kind_changer, Budget, MateSearch, Material};
use runtime::Game;

/// Declarations with more pieces are not searched (and say so).
pub const MOST_PIECES_CHECKED: usize = 4;

/// Positions each declaration's searches may examine together.
pub const BUDGET: u64 = 50_000_000;

pub fn verify(game: &Game, declarations: &[ModelInsufficient]) -> Vec<Diagnostic> {
    declarations
        .iter()
        .zip(&game.ir().end.insufficient)
        .filter_map(|(decl, sides)| {
            let material = Material::declared(game, sides);
            problem(game, &material).map(|(message, label, note)| {
                let d = Diagnostic::warning(Code::MaterialCanMate, message, decl.span, label);
                match note {
                    Some(n) => d.with_note(n),
                    None => d,
                }
            })
        })
        .collect()
}

/// Why `material` is not shown to be a dead position: the message, the
/// label and a note (the mate position), or `None` if it is one.
fn problem(game: &Game, material: &Material) -> Option<(String, String, Option<String>)> {
    let described = material.describe(game);
    if material.pieces() > MOST_PIECES_CHECKED {
        return Some((
            format!("`{described}` is not checked: it has more than {MOST_PIECES_CHECKED} pieces"),
            "not confirmed as a dead position".into(),
            None,
        ));
    }
    if let Some((player, kind)) = kind_changer(game, material) {
        return Some((
            format!(
                "`{described}` can change: a {} {} can promote or change kind",
                game.ir().players[player].name,
                game.ir().kinds[kind].name
            ),
            "so this material is not drawn by itself".into(),
            None,
        ));
    }
    let mut spent = 0;
    for (i, m) in std::iter::once(material.clone())
        .chain(material.after_captures(game))
        .enumerate()
    {
        let budget = Budget::new(BUDGET.saturating_sub(spent));
        let report = match find_mate_either_way(game, &m, budget) {
            Ok(r) => r,
            Err(e) => {
                return Some((
                    format!("`{described}` cannot be checked: {e}"),
                    "not confirmed as a dead position".into(),
                    None,
                ))
            }
        };
        spent += report.examined;
        match report.result {
            MateSearch::NoneExists => {}
            MateSearch::Found(position) => {
                let message = if i == 0 {
                    format!("a mate is possible with `{described}`, so it is no dead position")
                } else {
                    format!(
                        "a mate is possible after captures (with `{}`), so `{described}` is no dead position",
                        m.describe(game)
                    )
                };
                return Some((
                    message,
                    "declared a draw at once".into(),
                    Some(format!("a mate position: {position}")),
                ));
            }
            MateSearch::Inconclusive => {
                return Some((
                    format!(
                        "`{described}` is not confirmed: the mate search ran out of its budget ({BUDGET} positions)"
                    ),
                    "not confirmed as a dead position".into(),
                    None,
                ))
            }
        }
    }
    None
}
