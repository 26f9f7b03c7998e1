//! The syntax tree of every `stdlib/*.variant` file (the games and the
//! piece library), as JSON snapshots in `tests/snapshots/`: a change to the
//! grammar, the parser or the AST shows up as a diff to review (`cargo insta
//! review`, or accept them all with `INSTA_UPDATE=always cargo test`).

use std::path::{Path, PathBuf};

fn stdlib_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<PathBuf> = ["stdlib", "stdlib/cosmic"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(root.join(dir)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .collect();
    files.sort();
    files
}

#[test]
fn stdlib_asts() {
    let files = stdlib_files();
    assert!(
        files.iter().any(|f| f.ends_with("pieces.variant")),
        "the piece library is among the snapshots"
    );
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let Ok(ast) = compiler::parse(0, &text) else {
            panic!("{} does not parse", path.display());
        };
        let json = serde_json::to_string_pretty(&ast).unwrap();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        insta::assert_snapshot!(name, json);
    }
}
