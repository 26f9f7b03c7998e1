//! The diagnostics suite: every file in `dsl-examples/errors/` is a realistic
//! game with a deliberate defect. Its leading comment lines state what the
//! compiler must report, one line per diagnostic:
//!
//! ```text
//! // expect: E003 line 14
//! // expect: E007 line 13 in ../../stdlib/pieces.variant
//! ```
//!
//! The line is the 1-based line of the diagnostic's primary label. A label in
//! another file than the tested one (an imported file) names that file with
//! `in PATH`, relative to the tested file's directory, as written in an import.
//! The rendered text of every file is snapshotted in `tests/snapshots/`
//! (review changes with `cargo insta review`, or accept them all with
//! `INSTA_UPDATE=always cargo test --release --test diagnostics`).
//!
//! Also: every code of `Code::ALL` has an example, every diagnostic carries a
//! hint, and every game in `stdlib/` and `dsl-examples/` compiles cleanly.
//!
//! Paths are relative: cargo runs integration tests in the package root.

use compiler::diag::{self, Code, Diagnostic, Sources};
use compiler::{compile_file, Compiled};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const ERRORS_DIR: &str = "dsl-examples/errors";

/// One expected or reported diagnostic: code id, line, and the file when it
/// is not the tested file.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Expect {
    code: String,
    line: usize,
    file: Option<String>,
}

impl std::fmt::Display for Expect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} line {}", self.code, self.line)?;
        if let Some(file) = &self.file {
            write!(f, " in {file}")?;
        }
        Ok(())
    }
}

/// The `.variant` files of `dir`, sorted by name.
fn variant_files(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {dir}: {e}"))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .collect();
    files.sort();
    files
}

fn file_name(path: &Path) -> String {
    path.file_stem()
        .expect("file name")
        .to_string_lossy()
        .into_owned()
}

/// The `// expect:` lines of the file's leading comment block.
fn expectations(path: &Path) -> Vec<Expect> {
    let text = std::fs::read_to_string(path).expect("readable example");
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(comment) = line.trim().strip_prefix("//") else {
            break;
        };
        let Some(rest) = comment.trim().strip_prefix("expect:") else {
            continue;
        };
        let words: Vec<&str> = rest.split_whitespace().collect();
        let parsed = match words.as_slice() {
            [code, "line", n] => n.parse().ok().map(|n| (code, n, None)),
            [code, "line", n, "in", file] => {
                n.parse().ok().map(|n| (code, n, Some(file.to_string())))
            }
            _ => None,
        };
        let Some((code, line_no, file)) = parsed else {
            panic!(
                "{}:{}: malformed expectation {line:?}; write `// expect: E003 line 14` \
                 (optionally followed by `in PATH`)",
                path.display(),
                i + 1
            );
        };
        assert!(
            Code::ALL.iter().any(|c| c.id() == *code),
            "{}:{}: `{code}` is not a diagnostic code",
            path.display(),
            i + 1
        );
        out.push(Expect {
            code: code.to_string(),
            line: line_no,
            file,
        });
    }
    out.sort();
    out
}

/// Where a diagnostic's primary label is, in the terms of `expectations`.
fn reported(path: &Path, sources: &Sources, d: &Diagnostic) -> Expect {
    let span = d.primary_span();
    let (line, _) = sources.line_col(span.file, span.start);
    // File 0 is the compiled file itself; imports come after it.
    let file = (span.file != 0).then(|| {
        let p = sources
            .paths
            .get(span.file)
            .cloned()
            .unwrap_or_else(|| PathBuf::from(format!("<file {}>", span.file)));
        let dir = path.parent().expect("errors directory");
        p.strip_prefix(dir)
            .unwrap_or(&p)
            .to_string_lossy()
            .into_owned()
    });
    Expect {
        code: d.code.id().to_string(),
        line,
        file,
    }
}

fn compile_examples() -> Vec<(PathBuf, Compiled)> {
    let files = variant_files(ERRORS_DIR);
    assert!(!files.is_empty(), "no examples in {ERRORS_DIR}");
    files
        .into_iter()
        .map(|p| {
            let compiled = compile_file(&p, true);
            (p, compiled)
        })
        .collect()
}

fn list(items: &[Expect]) -> String {
    if items.is_empty() {
        return "    (none)".into();
    }
    items
        .iter()
        .map(|e| format!("    {e}"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn examples_report_exactly_what_they_expect() {
    let mut failures = Vec::new();
    for (path, compiled) in compile_examples() {
        let expected = expectations(&path);
        if expected.is_empty() {
            failures.push(format!(
                "{}: no `// expect:` lines; every error example states what the compiler reports",
                path.display()
            ));
            continue;
        }
        let mut got: Vec<Expect> = compiled
            .diagnostics
            .iter()
            .map(|d| reported(&path, &compiled.sources, d))
            .collect();
        got.sort();
        if got != expected {
            failures.push(format!(
                "{}:\n  expected:\n{}\n  got:\n{}\n  rendered:\n{}",
                path.display(),
                list(&expected),
                list(&got),
                compiled.rendered()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} example(s) in {ERRORS_DIR} disagree with their `// expect:` lines:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_code_has_an_example() {
    let mut covered = BTreeSet::new();
    for path in variant_files(ERRORS_DIR) {
        covered.extend(expectations(&path).into_iter().map(|e| e.code));
    }
    let missing: Vec<&str> = Code::ALL
        .iter()
        .map(|c| c.id())
        .filter(|id| !covered.contains(*id))
        .collect();
    assert!(
        missing.is_empty(),
        "no file in {ERRORS_DIR} expects {}; add an example (and a section in docs/diagnostics.md)",
        missing.join(", ")
    );
}

#[test]
fn every_diagnostic_has_a_hint() {
    let mut missing = Vec::new();
    for (path, compiled) in compile_examples() {
        for d in &compiled.diagnostics {
            let one = diag::render(&compiled.sources, std::slice::from_ref(d));
            if d.hint.is_none() || !one.contains("hint:") {
                missing.push(format!(
                    "  {} ({}): {} {:?}",
                    path.display(),
                    reported(&path, &compiled.sources, d),
                    d.code.id(),
                    d.message
                ));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{} diagnostic(s) without a hint:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn rendered_diagnostics_snapshots() {
    for (path, compiled) in compile_examples() {
        let rendered = compiled.rendered();
        assert!(
            rendered.contains("error[") || rendered.contains("warning["),
            "{}: nothing rendered",
            path.display()
        );
        insta::with_settings!({
            description => path.display().to_string(),
            omit_expression => true,
        }, {
            insta::assert_snapshot!(file_name(&path), rendered);
        });
    }
}

/// Every `.variant` file under `dir`, recursively, except in `skip`.
fn collect_variants(dir: &Path, skip: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for e in entries {
        let p = e.expect("directory entry").path();
        if p == skip {
            continue;
        }
        if p.is_dir() {
            collect_variants(&p, skip, out);
        } else if p.extension().is_some_and(|x| x == "variant") {
            out.push(p);
        }
    }
}

/// Games compile with no diagnostic and their claims hold, except warnings
/// the file announces in its leading comments (`// expect: W001 line 154`,
/// as the error examples do). A file without a `game` statement is a library
/// for imports (`stdlib/pieces.variant`): it must read, parse and import cleanly.
#[test]
fn stdlib_and_examples_compile_cleanly() {
    let mut files = Vec::new();
    for dir in ["stdlib", "dsl-examples"] {
        collect_variants(Path::new(dir), Path::new(ERRORS_DIR), &mut files);
    }
    files.sort();
    assert!(files.len() > 2, "too few files found: {files:?}");
    let mut failures = Vec::new();
    for path in &files {
        let mut sources = Sources::default();
        let (statements, diagnostics) = compiler::load(path, &mut sources);
        let is_game = statements
            .iter()
            .any(|s| matches!(s, compiler::ast::Stmt::Game(_)));
        if !is_game {
            if !diagnostics.is_empty() {
                failures.push(format!(
                    "{} (library):\n{}",
                    path.display(),
                    diag::render(&sources, &diagnostics)
                ));
            }
            continue;
        }
        let compiled = compile_file(path, true);
        let mut got: Vec<Expect> = compiled
            .diagnostics
            .iter()
            .map(|d| reported(path, &compiled.sources, d))
            .collect();
        got.sort();
        let announced = expectations(path);
        let only_warnings = compiled.diagnostics.iter().all(|d| !d.is_error());
        if got != announced || !only_warnings || compiled.ir.is_none() {
            failures.push(format!(
                "{}: announced {announced:?}\n{}",
                path.display(),
                compiled.rendered()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} file(s) do not compile cleanly:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Classic Mac OS line endings (a lone CR) end lines like LF: the whole
/// chess game compiles to the same rules, and a diagnostic names the line an
/// editor shows. (The first `//` comment used to run to the end of the file,
/// and `check` passed it as "a library of definitions".)
#[test]
fn cr_line_endings_read_like_lf() {
    let dir = std::env::temp_dir().join(format!("variant-cr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pieces = std::fs::canonicalize("stdlib/pieces.variant").unwrap();
    let lf = std::fs::read_to_string("dsl-examples/chess.variant")
        .unwrap()
        .replace(
            "import \"../stdlib/pieces.variant\"",
            &format!("import \"{}\"", pieces.display()),
        );
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        compile_file(&path, true)
    };
    let from_lf = write("lf.variant", &lf);
    let from_cr = write("cr.variant", &lf.replace('\n', "\r"));
    assert!(from_cr.diagnostics.is_empty(), "{}", from_cr.rendered());
    assert!(from_cr.ir.is_some() && from_cr.ir == from_lf.ir);
    let broken = write(
        "cr_bad.variant",
        &lf.replace('\n', "\r").replace("King e1", "King e9"),
    );
    let d = &broken.diagnostics[0];
    assert_eq!(d.code, Code::CellOffBoard);
    let (line, _) = broken
        .sources
        .line_col(d.primary_span().file, d.primary_span().start);
    let expected = lf.lines().position(|l| l.contains("King e1")).unwrap() + 1;
    assert_eq!(line, expected);
    std::fs::remove_dir_all(&dir).ok();
}
