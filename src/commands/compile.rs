//! `variant compile`: write a game's IR, binary or JSON, once the runtime
//! has loaded it (so a file written is one the runtime takes).

use crate::cli::CompileArgs;
use crate::load::{load_game_reading, refuse_overwriting_imports, same_file};
use runtime::text::printable;
use std::process::ExitCode;

pub fn run(args: CompileArgs) -> Result<ExitCode, String> {
    let CompileArgs { file, output } = args;
    // Writing over the source would destroy it (the IR is binary).
    if same_file(&file, &output) {
        return Err(format!(
            "refusing to write the IR over its own source {}: give another --output",
            output.display()
        ));
    }
    let (game, read) = load_game_reading(&file)?;
    refuse_overwriting_imports(&output, &read, "the IR", "--output")?;
    let ir = game.ir();
    let bytes = if output.extension().is_some_and(|e| e == "json") {
        ir.to_json().into_bytes()
    } else {
        ir.to_bytes()
    };
    std::fs::write(&output, bytes)
        .map_err(|e| format!("cannot write {}: {e}", output.display()))?;
    eprintln!("wrote {}", printable(&output.display().to_string()));
    Ok(ExitCode::SUCCESS)
}
