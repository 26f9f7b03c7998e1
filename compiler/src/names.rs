//! Name lookup with did-you-mean suggestions, shared by the checker and the
//! claims: one wording for every "unknown name" diagnostic.

use crate::ast::Name;
use crate::diag::{Code, Diagnostic};

/// The candidate closest to `word` (case-insensitive), if any is close.
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    candidates
        .into_iter()
        .map(|c| {
            (
                strsim::jaro_winkler(&word.to_lowercase(), &c.to_lowercase()),
                c,
            )
        })
        .filter(|(score, _)| *score > 0.75)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c.to_string())
}

/// How many known names an "unknown name" hint lists.
const KNOWN_SHOWN: usize = 12;

/// The diagnostic for a `what` (player, piece, region, ...) that `known`
/// does not list.
pub fn unknown<S: AsRef<str>>(what: &str, name: &Name, known: &[S]) -> Diagnostic {
    let known: Vec<&str> = known.iter().map(AsRef::as_ref).collect();
    let d = Diagnostic::error(
        Code::UnknownName,
        format!("unknown {what} `{}`", name.text),
        name.span,
        format!("no {what} of this name"),
    );
    match did_you_mean(&name.text, known.iter().copied()) {
        Some(s) => d.with_hint(format!("did you mean `{s}`?")),
        None if known.is_empty() => d.with_hint(format!("no {what} is defined yet")),
        // A long list is cut: the hint is for reading, and thousands of
        // names per diagnostic made many diagnostics quadratic.
        None if known.len() > KNOWN_SHOWN => d.with_hint(format!(
            "known: {}, and {} more",
            known[..KNOWN_SHOWN].join(", "),
            known.len() - KNOWN_SHOWN
        )),
        None => d.with_hint(format!("known: {}", known.join(", "))),
    }
}

/// The position of `name` in `known`, or the diagnostic saying it is unknown.
pub fn lookup<S: AsRef<str>>(what: &str, name: &Name, known: &[S]) -> Result<usize, Diagnostic> {
    known
        .iter()
        .position(|k| k.as_ref() == name.text)
        .ok_or_else(|| unknown(what, name, known))
}

/// `Cargo aboard Carrier` in a player's setup or claim means the player's
/// own carrier: `Cargo aboard white Carrier`.
pub(crate) fn own_stack(piece: &Name, player: &str) -> Name {
    let words: Vec<&str> = piece.text.split(' ').collect();
    match words.as_slice() {
        [cargo, "aboard", carrier] => Name {
            text: format!("{cargo} aboard {player} {carrier}"),
            span: piece.span,
        },
        _ => piece.clone(),
    }
}
