//! `variant draw`: a position as an SVG picture, with the last move shaded,
//! cells outlined and arrows.

use crate::cli::DrawArgs;
use crate::load::{load_game_reading, refuse_overwriting_imports, same_file};
use crate::recorded::position_and_last;
use runtime::picture;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

pub fn run(args: DrawArgs) -> Result<ExitCode, String> {
    let DrawArgs {
        file,
        fen,
        moves,
        highlight,
        arrows,
        output,
    } = args;
    if same_file(&file, &output) {
        return Err(format!(
            "refusing to write the picture over the game file {}: give another -o",
            file.display()
        ));
    }
    let (game, read) = load_game_reading(&file)?;
    if output != Path::new("-") {
        refuse_overwriting_imports(&output, &read, "the picture", "-o")?;
    }
    let (pos, last_move) = position_and_last(&game, &fen, &moves)?;
    let mut options = picture::Options {
        last_move,
        ..Default::default()
    };
    for word in highlight
        .iter()
        .flat_map(|h| h.split([',', ' ']).filter(|w| !w.is_empty()))
    {
        let cells = picture::cells_named(&game, word).map_err(|e| format!("--highlight {e}"))?;
        options.highlight.extend(cells);
    }
    for word in arrows
        .iter()
        .flat_map(|a| a.split([',', ' ']).filter(|w| !w.is_empty()))
    {
        options
            .arrows
            .push(picture::parse_arrow(&pos, word).map_err(|e| format!("--arrows {e}"))?);
    }
    let svg = picture::svg(&pos, &options);
    if output == Path::new("-") {
        std::io::stdout()
            .lock()
            .write_all(svg.as_bytes())
            .map_err(|e| format!("cannot write the picture to standard output: {e}"))?;
        return Ok(ExitCode::SUCCESS);
    }
    if output.is_dir() {
        return Err(format!(
            "cannot write {}: it is a directory (give a file name like board.svg)",
            output.display()
        ));
    }
    std::fs::write(&output, svg).map_err(|e| format!("cannot write {}: {e}", output.display()))?;
    eprintln!("wrote {}", output.display());
    Ok(ExitCode::SUCCESS)
}
