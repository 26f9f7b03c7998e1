//! Reading self-play records back (`selfplay --merge`): only regular files
//! are opened (a FIFO would block for ever, a device never end), each line
//! is bounded before it is held, and each record must make sense, not only
//! parse: the report's shards had a winner who was also the loser, scores
//! of 7 and -3 and a million plies of one move. The merge as a whole is
//! bounded too: `MAX_MERGE_BYTES` read, `selfplay::MAX_GAMES` records kept.

use std::io::{BufRead, Read};
use std::path::Path;

/// The longest record line read: a game of 100,000 plies (`--max-plies`'
/// bound) of moves up to 40 bytes each, with room to spare.
pub const MAX_RECORD_LINE: u64 = 8 << 20;

/// The most bytes a merge reads, all files together: a million games (the
/// most a run plays) of 500 plies are about 3 GB.
pub const MAX_MERGE_BYTES: u64 = 64 << 30;

/// Is `name` a reason a record may give for its end (`selfplay::reason`
/// of one of `selfplay::ENDS`, or the ply cap)?
pub fn is_reason(name: &str) -> bool {
    use crate::selfplay::{reason, ENDS, PLY_CAP};
    name == PLY_CAP || ENDS.iter().any(|&end| reason(end) == name)
}

/// Every reason, for a message.
fn reasons() -> String {
    use crate::selfplay::{reason, ENDS, PLY_CAP};
    let mut names: Vec<&str> = ENDS.iter().map(|&end| reason(end)).collect();
    names.push(PLY_CAP);
    names.join(", ")
}

/// Refuses a merge of more than `MAX_MERGE_BYTES` before reading any of it
/// (a file's size read from the file system).
pub fn check_total_size(files: &[impl AsRef<Path>]) -> Result<(), String> {
    let mut total = 0u64;
    for file in files {
        let file = file.as_ref();
        let meta =
            std::fs::metadata(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        total = total.saturating_add(meta.len());
        if total > MAX_MERGE_BYTES {
            return Err(format!(
                "the files to merge have more than {MAX_MERGE_BYTES} bytes together \
                 (reached at {}): merge fewer at once",
                file.display()
            ));
        }
    }
    Ok(())
}

/// Opens `file` for reading if it is a regular file.
pub fn open_regular(file: &Path) -> Result<std::fs::File, String> {
    let meta =
        std::fs::metadata(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    if !meta.is_file() {
        return Err(format!(
            "cannot read {}: not a regular file (a directory, a device or a pipe)",
            file.display()
        ));
    }
    std::fs::File::open(file).map_err(|e| format!("cannot read {}: {e}", file.display()))
}

/// Reads one line into `line` (cleared first), at most `MAX_RECORD_LINE`
/// bytes: the bytes read, 0 at the end, or why not.
pub fn read_line(reader: &mut impl BufRead, line: &mut String) -> Result<usize, String> {
    line.clear();
    let read = reader
        .take(MAX_RECORD_LINE + 1)
        .read_line(line)
        .map_err(|e| e.to_string())?;
    if read as u64 > MAX_RECORD_LINE || (read as u64 == MAX_RECORD_LINE && !line.ends_with('\n')) {
        return Err(format!(
            "a line of more than {MAX_RECORD_LINE} bytes is no selfplay record"
        ));
    }
    Ok(read)
}

/// What a record says of its game, as read.
pub struct Said<'a> {
    pub game: u64,
    pub plies: u64,
    pub moves: usize,
    pub reason: &'a str,
    pub winner: Option<usize>,
    pub loser: Option<usize>,
    pub scores: &'a [f64],
}

/// Does the record make sense? `total` is the points every game of the run
/// shares out (the first record's sum, then checked on every other).
pub fn check_sense(said: &Said, total: &mut Option<f64>) -> Result<(), String> {
    if said.game >= crate::selfplay::MAX_GAMES {
        return Err(format!(
            "game {} is past the most a run plays ({})",
            said.game,
            crate::selfplay::MAX_GAMES
        ));
    }
    if said.moves as u64 != said.plies {
        return Err(format!(
            "it says {} plies but lists {} moves",
            said.plies, said.moves
        ));
    }
    if !is_reason(said.reason) {
        return Err(format!(
            "`{}` is not a way a game ends (one of {})",
            said.reason.escape_debug(),
            reasons()
        ));
    }
    if said.winner.is_some() && said.winner == said.loser {
        return Err("the winner is also the loser".into());
    }
    if said.reason == crate::selfplay::PLY_CAP && (said.winner.is_some() || said.loser.is_some()) {
        return Err("a game stopped by the ply cap has no winner and no loser".into());
    }
    // A game's points are a u32 (`ir::End::points`), shared out.
    let most = u32::MAX as f64;
    if let Some(bad) = said
        .scores
        .iter()
        .find(|s| !s.is_finite() || **s < 0.0 || **s > most)
    {
        return Err(format!("a score of {bad} is not a share of the points"));
    }
    let sum: f64 = said.scores.iter().sum();
    if !sum.is_finite() {
        return Err("its scores add up to more than a number can hold".into());
    }
    let first = *total.get_or_insert(sum);
    if sum <= 0.0 || (sum - first).abs() > 1e-6 * first.max(1.0) {
        return Err(format!(
            "its scores add up to {sum}, the run's games share out {first}"
        ));
    }
    if let Some(w) = said.winner {
        if (said.scores[w] - first).abs() > 1e-6 * first.max(1.0) {
            return Err(format!(
                "the winner scores {}, not all {first} points",
                said.scores[w]
            ));
        }
    }
    if let Some(l) = said.loser {
        if said.scores[l] != 0.0 {
            return Err(format!("the loser scores {}", said.scores[l]));
        }
    }
    Ok(())
}
