//! The `variant` command line: output contracts (perft's last line, divide),
//! errors for bad input (message, non-zero exit, no panic), and whole games
//! played in the terminal.

use std::process::{Command, Output};

// The arbiter of `variant match`, for its unit tests (the binary has no
// test harness): they are in the file, and run here (its reader needs
// `input`, below).
#[allow(dead_code)]
#[path = "../src/arena.rs"]
mod arena;
#[allow(dead_code)]
#[path = "../src/players.rs"]
mod players;
// Self-play and its merge, for the unit tests of `selfplay.rs` (the
// tables' sizing, the reasons a merge accepts).
#[allow(dead_code)]
#[path = "../src/input.rs"]
mod input;
#[allow(dead_code)]
#[path = "../src/records.rs"]
mod records;
#[allow(dead_code)]
#[path = "../src/selfplay.rs"]
mod selfplay;
// The fit of `variant values`, for its unit tests (synthetic games of a
// known model, whose values it must recover within their intervals).
#[allow(dead_code)]
#[path = "../src/values.rs"]
mod values;
// `variant values` through the binary.
#[path = "cli/values.rs"]
mod values_cli;
// docs/SCALING.md against the Slurm job scripts of tests/slurm/.
#[path = "cli/slurm.rs"]
mod slurm_doc;

fn variant(args: &[&str], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_variant"));
    cmd.args(args);
    match stdin {
        None => cmd.output().unwrap(),
        Some(input) => {
            use std::io::Write;
            cmd.stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped());
            let mut child = cmd.spawn().unwrap();
            // A command that fails before reading its input closes the pipe.
            match child.stdin.take().unwrap().write_all(input.as_bytes()) {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
                other => other.unwrap(),
            }
            child.wait_with_output().unwrap()
        }
    }
}

/// Runs `variant args` (no input), which must fail with `needle` in its
/// error output.
fn refused(args: &[&str], needle: &str) {
    let out = variant(args, None);
    assert!(!out.status.success(), "{args:?} was accepted");
    assert!(
        text(&out.stderr).contains(needle),
        "{args:?}: {}",
        text(&out.stderr)
    );
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn perft_last_line_is_the_node_count_and_divide_sums_to_it() {
    let out = variant(
        &[
            "perft",
            "dsl-examples/chess.variant",
            "--depth",
            "3",
            "--divide",
        ],
        None,
    );
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(*lines.last().unwrap(), "nodes 8902");
    let sum: u64 = lines[..lines.len() - 1]
        .iter()
        .map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 8902);
    assert_eq!(lines.len() - 1, 20, "one line per root move");
    assert!(text(&out.stderr).contains("nodes/s"));
}

#[test]
fn perft_threads_share_the_root_moves_and_count_the_same() {
    // Kiwipete (published: 97,862 at depth 3, 48 root moves).
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let run = |extra: &[&str]| {
        let mut args = vec![
            "perft",
            "dsl-examples/chess.variant",
            "--fen",
            fen,
            "--depth",
            "3",
        ];
        args.extend_from_slice(extra);
        let out = variant(&args, None);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let single = run(&["--divide"]);
    assert_eq!(single.lines().count(), 49);
    assert_eq!(run(&["--divide", "--threads", "3"]), single);
    assert_eq!(run(&["--threads", "2"]), "nodes 97862\n");
    let out = variant(
        &[
            "perft",
            "dsl-examples/chess.variant",
            "--depth",
            "2",
            "--threads",
            "0",
        ],
        None,
    );
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("--threads"));
}

#[test]
fn perft_after_moves_from_a_fen() {
    let out = variant(
        &[
            "perft",
            "stdlib/mirodol.variant",
            "--depth",
            "1",
            "--moves",
            "e2e5",
        ],
        None,
    );
    assert!(out.status.success());
    // After 1.e2e5 Black has the 40 opening moves of its own.
    assert_eq!(text(&out.stdout).lines().last().unwrap(), "nodes 40");
}

#[test]
fn bad_fen_is_a_clear_error() {
    let out = variant(
        &[
            "moves",
            "dsl-examples/chess.variant",
            "--fen",
            "rnbqkbnr/pppppppp/8/8 w - - 0 1",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("FEN placement has 4 ranks, the board has 8"),
        "{err}"
    );
    assert!(!err.contains("panicked"));
}

#[test]
fn illegal_move_names_the_reason() {
    let out = variant(
        &[
            "moves",
            "dsl-examples/chess.variant",
            "--moves",
            "e2e4",
            "e7e5",
            "e1e3",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("illegal move e1e3: the King on e1 cannot go to e3"),
        "{err}"
    );
    let out = variant(
        &["moves", "dsl-examples/chess.variant", "--moves", "e7e5"],
        None,
    );
    assert!(text(&out.stderr).contains("belongs to black, and it is white's turn"));
}

#[test]
fn check_reports_diagnostics_and_fails() {
    let out = variant(
        &["check", "dsl-examples/errors/e003_unknown_piece.variant"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("error[E003]") && err.contains("e003_unknown_piece.variant:"),
        "{err}"
    );
    let ok = variant(
        &["check", "stdlib/mirodol.variant", "stdlib/hundred.variant"],
        None,
    );
    assert!(ok.status.success(), "{}", text(&ok.stderr));
}

#[test]
fn compiled_ir_plays_like_the_source() {
    let dir = std::env::temp_dir().join(format!("variant-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["hundred.ir", "hundred.json"] {
        let path = dir.join(name);
        let out = variant(
            &[
                "compile",
                "stdlib/hundred.variant",
                "-o",
                path.to_str().unwrap(),
            ],
            None,
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        let perft = variant(&["perft", path.to_str().unwrap(), "--depth", "3"], None);
        assert_eq!(text(&perft.stdout).lines().last().unwrap(), "nodes 19792");
    }
}

#[test]
fn a_whole_random_game_of_hundred_cell_chess_ends_with_a_result() {
    let out = variant(
        &[
            "play",
            "stdlib/hundred.variant",
            "--players",
            "random,random",
            "--seed",
            "3",
        ],
        Some(""),
    );
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Game over:"),
        "{}",
        &stdout[stdout.len().saturating_sub(500)..]
    );
    assert!(stdout.contains("clock: white 3:00:00"));
}

#[test]
fn play_refuses_illegal_input_with_a_reason_and_goes_on() {
    let out = variant(
        &["play", "dsl-examples/chess.variant"],
        Some("e2e5\nf2f3\ne7e5\ng2g4\nd8h4\n"),
    );
    let stdout = text(&out.stdout);
    assert!(stdout.contains("illegal move e2e5"), "{stdout}");
    assert!(
        stdout.contains("Game over: Checkmate — black wins (white 0, black 1)."),
        "{stdout}"
    );
}

#[test]
fn counters_at_their_limit_do_not_overflow() {
    let fen = "4k3/8/8/8/8/8/8/4K3 b - - 4294967295 4294967295";
    let out = variant(
        &[
            "perft",
            "dsl-examples/chess.variant",
            "--fen",
            fen,
            "--depth",
            "2",
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().last().unwrap(), "nodes 25");
}

#[test]
fn a_library_file_checks_clean_but_is_no_game() {
    let out = variant(&["check", "stdlib/pieces.variant"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("a library of definitions"));
    let out = variant(&["perft", "stdlib/pieces.variant", "--depth", "1"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("defines no game"));
}

/// Declarations follow their move in `play`: both players offering a draw
/// ends the game drawn, the record keeps the declarations, and an unknown or
/// refused declaration is explained without playing the move.
#[test]
fn play_takes_declarations_and_ends_on_an_agreed_draw() {
    let out = variant(
        &["play", "stdlib/das.variant"],
        Some("h2h3 +draw_offr\nh2h3 +file_promotion\nh2h3 +draw_offer\nh9h8 +draw_offer\n"),
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("no agreement named 'draw_offr'"),
        "{stdout}"
    );
    assert!(
        stdout.contains("cannot declare file_promotion: its marker's cell r1 is occupied"),
        "{stdout}"
    );
    assert!(stdout.contains("draw_offer: declared by white"), "{stdout}");
    assert!(
        stdout.contains("Game over: Agreement — draw (white 0.5, black 0.5)."),
        "{stdout}"
    );
    assert!(
        stdout.contains("Moves: h2h3 +draw_offer h9h8 +draw_offer"),
        "{stdout}"
    );
}

/// A draw by agreement at the table (`draw` in `play`, every game without
/// its own declarations for it): offered, it stands through the offerer's
/// move; a move declines it; accepted by every other player in play, the
/// game is drawn, the points shared among those in play. Das offers draws by
/// its Legates only.
#[test]
fn play_draws_by_agreement_of_every_player_in_play() {
    let two = variant(
        &["play", "stdlib/cosmic/square-10.variant"],
        Some("draw\nb3b4\nb8b7\ndraw\nc3c4\ndraw\n"),
    );
    let stdout = text(&two.stdout);
    assert!(two.status.success(), "{stdout}");
    assert!(
        stdout.contains("black declines the draw offer."),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "Game over: Agreement — draw (white 0.5, black 0.5).\nMoves: b3b4 b8b7 c3c4\n"
        ),
        "{stdout}"
    );
    let three = variant(
        &["play", "stdlib/cosmic/hex-3p.variant"],
        Some("draw\nb11d11\ndraw\nd19d15\ndraw\n"),
    );
    let stdout = text(&three.stdout);
    assert!(
        stdout.contains("You accept white's draw offer; the others must too."),
        "{stdout}"
    );
    assert!(
        stdout.contains("Game over: Agreement — draw (white 0.33, red 0.33, black 0.33).\nMoves: b11d11 d19d15\n"),
        "{stdout}"
    );
    let das = variant(&["play", "stdlib/das.variant"], Some("draw\nquit\n"));
    assert!(
        text(&das.stdout).contains("rules draw by their own declarations"),
        "{}",
        text(&das.stdout)
    );
}

/// Stacks in the general notation: a position with a Frigate (a White Knight
/// on a Black Ship) reads, lists the stack's moves and writes back the same.
#[test]
fn stacks_read_and_move_in_the_general_notation() {
    let fen = "white: Kj1 N(S:black)d5; black: Kj10; turn white";
    let out = variant(&["moves", "stdlib/das.variant", "--fen", fen], None);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for mv in ["d5d10", "d5d1/cargo", "d5e6/cargo"] {
        let wanted = mv != "d5e6/cargo"; // no diagonal capture on an empty cell
        assert_eq!(stdout.lines().any(|l| l == mv), wanted, "{mv}: {stdout}");
    }
    let bad = variant(
        &[
            "moves",
            "stdlib/das.variant",
            "--fen",
            "white: Kj1 N(Q)d5; black: Kj10",
        ],
        None,
    );
    assert!(!bad.status.success());
    assert!(
        text(&bad.stderr).contains("'N(Q)d5' is not a stack this game allows"),
        "{}",
        text(&bad.stderr)
    );
}

/// Work the user asks for is bounded: a perft depth beyond
/// `MAX_PERFT_DEPTH` (30) is refused by the argument parser (it used to
/// allocate 103 GB, or overflow the stack), a deep perft of a finished game
/// costs nothing, and `bench --runs` is capped.
#[test]
fn perft_depth_and_bench_runs_are_bounded() {
    let out = variant(
        &[
            "perft",
            "dsl-examples/chess.variant",
            "--depth",
            "4294967295",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("not in 0..=30"),
        "{}",
        text(&out.stderr)
    );
    // Fool's mate: no legal move, so depth 30 is zero nodes at once.
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let out = variant(
        &[
            "perft",
            "dsl-examples/chess.variant",
            "--depth",
            "30",
            "--fen",
            mated,
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("nodes 0"),
        "{}",
        text(&out.stdout)
    );
    let out = variant(
        &[
            "bench",
            "dsl-examples/chess.variant",
            "--depth",
            "1",
            "--runs",
            "18446744073709551615",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
}

/// `compile` refuses to write the IR over its own source.
#[test]
fn compile_does_not_overwrite_its_source() {
    let dir = std::env::temp_dir().join(format!("variant-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("x.variant");
    std::fs::copy("dsl-examples/chess.variant", &src).unwrap();
    let before = std::fs::read(&src).unwrap();
    let path = src.to_str().unwrap();
    let out = variant(&["compile", path, "-o", path], None);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("over its own source"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read(&src).unwrap(), before);
    std::fs::remove_dir_all(&dir).ok();
}

/// `check` bounds its work and reads only source files: a claim perft depth
/// out of range is E014, a claim perft too big to count is E012 "not
/// proven" (it used to run for hours or abort allocating 51 GB), and an
/// import of a device, a pipe or a non-`.variant` file is E002 at once (it
/// used to read `/dev/zero` until memory ran out, block on a FIFO, and show
/// `/etc/passwd`'s first line in a diagnostic).
#[test]
fn check_bounds_claims_and_reads_only_source_files() {
    let dir = std::env::temp_dir().join(format!("variant-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let chess = std::fs::canonicalize("dsl-examples/chess.variant").unwrap();
    let run = |name: &str, body: &str| {
        let path = dir.join(name);
        std::fs::write(&path, body).unwrap();
        let out = variant(&["check", path.to_str().unwrap()], None);
        (out.status.code(), text(&out.stdout) + &text(&out.stderr))
    };
    let import = format!("import \"{}\"\n", chess.display());
    let (code, said) = run("neg.variant", &format!("{import}claim perft -5 == 1\n"));
    assert_eq!(code, Some(1), "{said}");
    assert!(
        said.contains("E014") && said.contains("depth must be 0 to 30"),
        "{said}"
    );
    let (code, said) = run("deep.variant", &format!("{import}claim perft 8 == 1\n"));
    assert_eq!(code, Some(1), "{said}");
    assert!(
        said.contains("E012") && said.contains("not proven"),
        "{said}"
    );
    for target in ["/dev/zero", "/etc/passwd"] {
        let (code, said) = run("dev.variant", &format!("import \"{target}\"\n"));
        assert_eq!(code, Some(1), "{said}");
        assert!(said.contains("E002"), "{said}");
        assert!(!said.contains("root:"), "{said}");
    }
    // A FIFO named like a source: refused without opening it (opening blocks).
    let fifo = dir.join("pipe.variant");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let (code, said) = run("fifo.variant", "import \"pipe.variant\"\n");
        assert_eq!(code, Some(1), "{said}");
        assert!(said.contains("not a regular file"), "{said}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// `check --claim-budget N` bounds each claim's work (perft leaves,
/// endgame positions): a claim past it is E012 "not proven" on that claim,
/// naming its search and the option, and the other claims still pass;
/// `--no-claims` verifies none (a `claim perft 9` in chess ran for hours).
#[test]
fn check_takes_a_claim_budget_or_no_claims() {
    let dir = std::env::temp_dir().join(format!("variant-budget-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let chess = std::fs::canonicalize("dsl-examples/chess.variant").unwrap();
    let deep = dir.join("deep.variant");
    std::fs::write(
        &deep,
        format!("import \"{}\"\nclaim perft 9 == 1\n", chess.display()),
    )
    .unwrap();
    let deep = deep.to_str().unwrap();
    let start = std::time::Instant::now();
    let out = variant(&["check", deep, "--claim-budget", "100000"], None);
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("E012")
            && said.contains(
                "claim not proven: perft 9 has more than 100000 leaves, past the --claim-budget"
            )
            && said.contains("claim perft 9 == 1"),
        "{said}"
    );
    // Only the claim past the budget fails: chess's own perft 3 (8902
    // leaves) and the others pass.
    assert_eq!(said.matches("error[E012]").count(), 1, "{said}");
    let out = variant(&["check", deep, "--no-claims"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("ok (11 claims not verified: --no-claims)"),
        "{}",
        text(&out.stderr)
    );
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
    let lab = "dsl-examples/endgame-lab.variant";
    let said = text(&variant(&["check", lab, "--claim-budget", "1000"], None).stderr);
    assert!(
        said.contains("the retrograde analysis for `King Queen vs King` examined 1000 positions, past the --claim-budget"),
        "{said}"
    );
    let out = variant(&["check", deep, "--claim-budget", "0"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = variant(&["check", deep, "--no-claims", "--claim-budget", "5"], None);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

/// Side cells at opposite coordinate limits spread the board over a box too
/// wide for the compiler's array of cells by coordinates, which then looks
/// cells up in a sorted list: the side-cells example with two such cells
/// added still verifies every claim (the Knight on r1 reaches g2 and h3,
/// perft 1 is 17), so walks find the board's cells through the list.
#[test]
fn side_cells_at_the_coordinate_limits_leave_the_walks_unchanged() {
    let dir = std::env::temp_dir().join(format!("variant-far-side-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let example = std::fs::read_to_string("dsl-examples/side-cells.variant").unwrap();
    let pieces = std::fs::canonicalize("stdlib/pieces.variant").unwrap();
    let far = example
        .replace("../stdlib/pieces.variant", pieces.to_str().unwrap())
        .replace(
            "side cell r8 at (8, 7)",
            "side cell r8 at (8, 7)\nside cell z1 at (-1000, -1000)\nside cell z2 at (1000, 1000)",
        );
    assert!(far.contains("side cell z2"), "the example changed");
    let path = dir.join("far-side-cells.variant");
    std::fs::write(&path, far).unwrap();
    let out = variant(&["check", path.to_str().unwrap()], None);
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `play` draws crafted IR in time bounded by its cells: a cell at the
/// coordinate limit is a few columns off the board, and a geometry of
/// 65535 x 65535 is refused by the loader (drawing it allocated 68 GB and
/// aborted; coordinates of 10^9 looped for minutes before they were refused).
#[test]
fn play_draws_crafted_geometry_in_bounded_work() {
    use runtime::ir::Geometry;
    let dir = std::env::temp_dir().join(format!("variant-geometry-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ir = compiler::compile_file(std::path::Path::new("dsl-examples/chess.variant"), false)
        .ir
        .unwrap();
    let mut far = ir.clone();
    far.cells[0].coord = (4096, 4096);
    far.cells[0].side = true;
    let mut huge = ir;
    if let Geometry::Square { width, height, .. } = &mut huge.geometry {
        (*width, *height) = (65535, 65535);
    }
    let far_path = dir.join("far.json");
    let huge_path = dir.join("huge.json");
    std::fs::write(&far_path, far.to_json()).unwrap();
    std::fs::write(&huge_path, huge.to_json()).unwrap();
    let start = std::time::Instant::now();
    let out = variant(&["play", far_path.to_str().unwrap()], Some("quit\n"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    let widest = shown.lines().map(|l| l.chars().count()).max().unwrap();
    assert!(widest < 80, "a line of {widest} characters:\n{shown}");
    let out = variant(&["play", huge_path.to_str().unwrap()], Some("quit\n"));
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("a square geometry of 65535 x 65535 cells"),
        "{}",
        text(&out.stderr)
    );
    assert!(start.elapsed() < std::time::Duration::from_secs(10));
    std::fs::remove_dir_all(&dir).ok();
}

/// Text from game files and from the input reaches the terminal with its
/// control characters escaped (runtime::text::printable): a game name that
/// sets the window title and clears the screen, a claim's move text in a
/// diagnostic, a typed arrow key and a source line shown under a label.
#[test]
fn control_characters_are_escaped_on_output() {
    let dir = std::env::temp_dir().join(format!("variant-escape-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let chess = std::fs::read_to_string("dsl-examples/chess.variant").unwrap();
    let pieces = std::fs::canonicalize("stdlib/pieces.variant").unwrap();
    let chess = chess
        .replace(
            "import \"../stdlib/pieces.variant\"",
            &format!("import \"{}\"", pieces.display()),
        )
        .replace(
            "game \"Chess\"",
            "game \"Ch\u{1b}]0;PWNED\u{7}\u{1b}[2J\u{1b}[31mess\"",
        );
    let path = dir.join("title.variant");
    std::fs::write(&path, &chess).unwrap();
    let out = variant(
        &["play", path.to_str().unwrap()],
        Some("e2e4\n\u{1b}[A\nquit\n"),
    );
    let shown = text(&out.stdout);
    assert!(
        !shown.contains('\u{1b}') && !shown.contains('\u{7}'),
        "{shown}"
    );
    assert!(shown.contains("Ch\\x1b]0;PWNED\\x07"), "{shown}");
    assert!(shown.contains("'\\x1b[A'"), "{shown}");

    let bad = dir.join("claim.variant");
    std::fs::write(
        &bad,
        format!("{chess}\nclaim legal \"e2e4 \u{1b}[2Je7e5\" // \u{202e}reversed\n"),
    )
    .unwrap();
    let out = variant(&["check", bad.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    let said = text(&out.stderr);
    assert!(said.contains("E012") || said.contains("E014"), "{said}");
    assert!(
        !said.contains('\u{1b}') && !said.contains('\u{7}') && !said.contains('\u{202e}'),
        "{said}"
    );
    assert!(said.contains("\\x1b[2J"), "{said}");
    std::fs::remove_dir_all(&dir).ok();
}

fn variant_bytes(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_variant"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input).unwrap();
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// `play` keeps the game whatever the input: a line that is not UTF-8 or
/// longer than `MAX_LINE` is refused and the game goes on (an invalid byte
/// used to end it), and the move record is printed on quit, resign and the
/// end of the input.
#[test]
fn play_survives_bad_lines_and_prints_the_record() {
    let chess = "dsl-examples/chess.variant";
    let out = variant_bytes(&["play", chess], b"e2e4\n\xff\xfe\ne7e5\nquit\n");
    let shown = text(&out.stdout);
    assert!(out.status.success());
    assert!(
        shown.contains("that line is not UTF-8 text: ignored"),
        "{shown}"
    );
    assert!(shown.ends_with("Moves: e2e4 e7e5\n"), "{shown}");
    let mut long = vec![b'x'; 1_000_000];
    long.extend(b"\ne2e4\nresign\n");
    let out = variant_bytes(&["play", chess], &long);
    let shown = text(&out.stdout);
    assert!(shown.contains("a line of 1000000 bytes"), "{shown}");
    assert!(shown.contains("black resigns.\nMoves: e2e4\n"), "{shown}");
    let out = variant_bytes(&["play", chess], b"g1f3\n");
    let shown = text(&out.stdout);
    assert!(
        shown.ends_with("Input ended; game abandoned.\nMoves: g1f3\n"),
        "{shown}"
    );
}

/// `play` shows both hands under the board in a game with hands: empty
/// as `-`, a captured pawn in its captor's hand, gone from it once
/// dropped (typed `P@e4`); a game without hands shows no hand line.
#[test]
fn play_shows_the_hands_and_takes_a_drop() {
    let out = variant(
        &["play", "dsl-examples/fairy/crazyhouse.variant"],
        Some("e2e4\nd7d5\ne4d5\nd8d5\nP@e4\nquit\n"),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    let boards: Vec<&str> = shown.split("a b c d e f g h\n").skip(1).collect();
    let hands = |board: &str| -> Vec<String> {
        board
            .lines()
            .take_while(|l| l.starts_with("hand "))
            .map(String::from)
            .collect()
    };
    assert_eq!(boards.len(), 6, "{shown}");
    assert_eq!(hands(boards[0]), ["hand white: -", "hand black: -"]);
    assert_eq!(hands(boards[3]), ["hand white: P", "hand black: -"]);
    assert_eq!(hands(boards[4]), ["hand white: P", "hand black: P"]);
    assert_eq!(hands(boards[5]), ["hand white: -", "hand black: P"]);
    assert!(boards[5].contains("black to move"), "{}", boards[5]);
    // The pawn stands on e4 (the rank's fifth cell) after the drop: the
    // last board's grid ends the text before its file letters.
    let grid = shown.split("a b c d e f g h\n").nth(5).unwrap();
    let rank4 = grid.lines().rfind(|l| l.starts_with("  4 │")).unwrap();
    assert_eq!(rank4, "  4 │ · · · · ♙ · · ·");
    assert!(
        shown.ends_with("Moves: e2e4 d7d5 e4d5 d8d5 P@e4\n"),
        "{shown}"
    );
    let chess = variant(
        &["play", "dsl-examples/chess.variant"],
        Some("e2e4\nquit\n"),
    );
    assert!(!text(&chess.stdout).contains("hand "));
}

/// `play --record FILE` writes the move record, one line as `--moves`
/// reads it, however the session ends: quit, resign, the end of the
/// input, a result, the ply cap. A file that cannot be written is refused
/// before the first move, and so is the game file itself.
#[test]
fn play_writes_the_record_however_it_ends() {
    let dir = std::env::temp_dir().join(format!("variant-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let chess = "dsl-examples/chess.variant";
    let file = dir.join("game.txt");
    let record = file.to_str().unwrap();
    let cases: [(&[&str], &str, &str); 5] = [
        (&[], "e2e4\ne7e5\nquit\n", "e2e4 e7e5\n"),
        (&[], "e2e4\nresign\n", "e2e4\n"),
        (&[], "g1f3\nnonsense\n", "g1f3\n"),
        (&[], "f2f3\ne7e5\ng2g4\nd8h4\n", "f2f3 e7e5 g2g4 d8h4\n"),
        (&["--max-plies", "2"], "d2d4\nd7d5\n", "d2d4 d7d5\n"),
    ];
    for (extra, input, written) in cases {
        std::fs::remove_file(&file).ok();
        let args = [&["play", chess, "--record", record][..], extra].concat();
        let out = variant(&args, Some(input));
        assert!(out.status.success(), "{input:?}: {}", text(&out.stderr));
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            written,
            "{input:?}"
        );
        let shown = format!("Moves: {written}");
        assert!(text(&out.stdout).ends_with(&shown), "{}", text(&out.stdout));
    }
    // The record (of the last case) replays.
    let written = std::fs::read_to_string(&file).unwrap();
    let out = variant(&["moves", chess, "--moves", written.trim()], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let missing = dir.join("no/such/dir/game.txt");
    let out = variant(
        &["play", chess, "--record", missing.to_str().unwrap()],
        Some("e2e4\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("cannot write the record to"),
        "{}",
        text(&out.stderr)
    );
    assert!(
        !text(&out.stdout).contains("to move"),
        "no game was started"
    );
    let before = std::fs::read(chess).unwrap();
    let out = variant(&["play", chess, "--record", chess], Some("quit\n"));
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("refusing to write the record over the game file"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read(chess).unwrap(), before);
    std::fs::remove_dir_all(&dir).ok();
}

/// A game without end rules played by random players stops at
/// `--max-plies` (default 5000) as unfinished (side-cells.variant made 1.35
/// million moves in 30 s), and `--players` may not name more players than
/// the game has.
#[test]
fn play_caps_plies_and_checks_the_players() {
    let game = "dsl-examples/side-cells.variant";
    let random = ["play", game, "--players", "random,random"];
    let out = variant(&random, None);
    let shown = text(&out.stdout);
    assert!(out.status.success());
    assert!(
        shown.contains("Game unfinished: 5000 plies played (--max-plies), no result."),
        "{}",
        &shown[shown.len().saturating_sub(500)..]
    );
    let out = variant(&[&random[..], &["--max-plies", "10"]].concat(), None);
    let shown = text(&out.stdout);
    let record = shown.lines().last().unwrap();
    assert_eq!(record.split_whitespace().count(), 1 + 10, "{record}");
    let out = variant(&["play", game, "--players", "random,random,random"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("--players names 3 players, but"),
        "{}",
        text(&out.stderr)
    );
}

/// `check` says what is wrong: compiled IR is not a source, a winner in a
/// claim must be a player (E003, not "won by black"), a board too small for
/// its colours says so. `--moves` text is bounded: a 100,000-character word
/// is refused at once.
#[test]
fn check_and_moves_name_the_fault() {
    let dir = std::env::temp_dir().join(format!("variant-faults-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let chess = "dsl-examples/chess.variant";
    let ir = dir.join("chess.ir");
    let out = variant(&["compile", chess, "-o", ir.to_str().unwrap()], None);
    assert!(out.status.success());
    let out = variant(&["check", ir.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("a compiled IR file: this command takes .variant sources"),
        "{}",
        text(&out.stderr)
    );
    let pieces = std::fs::canonicalize("stdlib/pieces.variant").unwrap();
    let source = std::fs::read_to_string(chess).unwrap().replace(
        "import \"../stdlib/pieces.variant\"",
        &format!("import \"{}\"", pieces.display()),
    );
    let green = dir.join("green.variant");
    std::fs::write(
        &green,
        format!("{source}claim \"f2f3 e7e5 g2g4 d8h4\" ends win green\n"),
    )
    .unwrap();
    let said = text(&variant(&["check", green.to_str().unwrap()], None).stderr);
    assert!(
        said.contains("E003") && said.contains("unknown player `green`"),
        "{said}"
    );
    let tiny = dir.join("tiny.variant");
    std::fs::write(
        &tiny,
        format!(
            "game \"tiny\"\nimport \"{}\"\nboard square 1 x 1\ncolours dark light from a1\n\
             players white black\nsetup white {{ King a1 }}\n",
            pieces.display()
        ),
    )
    .unwrap();
    let said = text(&variant(&["check", tiny.to_str().unwrap()], None).stderr);
    assert!(
        said.contains("colour `light` has no cells on this board of 1 cell"),
        "{said}"
    );
    let long = format!("e2{}", "x".repeat(100_000));
    let start = std::time::Instant::now();
    let out = variant(&["moves", chess, "--moves", &long], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("a move of 100002 characters"));
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn draw_writes_a_picture_of_the_position() {
    let dir = std::env::temp_dir().join(format!("variant-cli-draw-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("board.svg");
    let file_arg = file.to_str().unwrap();
    let out = variant(
        &[
            "draw",
            "stdlib/das.variant",
            "--moves",
            "f2f5",
            "f9f6 +draw_offer",
            "--highlight",
            "e4",
            "third_line:white",
            "--arrows",
            "r1i3",
            "-o",
            file_arg,
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("wrote"));
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains("class=\"arrow\" data-from=\"r1\" data-to=\"i3\""));
    assert!(svg.contains("class=\"last-move\""));
    // Black's draw offer moved its marker forward (r8 -> r6).
    assert!(svg.contains("class=\"marker\" data-cell=\"r6\""), "{svg}");
    assert!(!svg.contains("class=\"marker\" data-cell=\"r8\""), "{svg}");
    // `-o -` writes standard output; compiled IR draws like its source.
    let ir = dir.join("das.ir");
    let ok = variant(
        &["compile", "stdlib/das.variant", "-o", ir.to_str().unwrap()],
        None,
    );
    assert!(ok.status.success());
    let from_source = variant(&["draw", "stdlib/das.variant", "-o", "-"], None);
    let from_ir = variant(&["draw", ir.to_str().unwrap(), "-o", "-"], None);
    assert!(from_source.status.success() && from_ir.status.success());
    assert_eq!(from_source.stdout, from_ir.stdout);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn draw_refuses_bad_input_with_a_reason() {
    let cases: [(&[&str], &str); 9] = [
        (
            &["--highlight", "z9"],
            "--highlight `z9` is neither a cell nor a region of this game (regions: dark, light, pawn_start, last_rank)",
        ),
        (
            &["--highlight", "last_rank:red"],
            "--highlight `last_rank:red`: no such player (players: white, black)",
        ),
        (
            &["--arrows", "e2e9"],
            "--arrows `e2e9`: not two cell names (FROM then TO, like e2e4) nor a legal move",
        ),
        (&["--arrows", "e2e2"], "--arrows `e2e2`: it starts and ends on e2"),
        (
            &["--moves", "e2e4", "e7e5", "e1e3"],
            "move 3 (e1e3): illegal move e1e3: the King on e1 cannot go to e3",
        ),
        (&["--moves", "e2e4 +nothing"], "no agreement named 'nothing'"),
        (&["--fen", "8/8 w"], "bad position: FEN placement has 2 ranks"),
        (&["-o", "/nonexistent-dir/board.svg"], "cannot write /nonexistent-dir/board.svg"),
        (&["-o", "."], "cannot write .: it is a directory"),
    ];
    for (args, expected) in cases {
        let mut all = vec!["draw", "dsl-examples/chess.variant"];
        all.extend(args);
        if !args.contains(&"-o") {
            all.extend(["-o", "-"]);
        }
        let out = variant(&all, None);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing drawn");
    }
    // No output file named: clap's usage error.
    let out = variant(&["draw", "dsl-examples/chess.variant"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--output"));
}

/// Three seats: the 147-cell board with every player's pieces tagged, a
/// move in the original's long form, and the scores of a finished game
/// (a King reaching its own Throne cell: 3 / 0 / 0).
#[test]
fn play_seats_three_players_and_scores_the_result() {
    let out = variant(
        &[
            "play",
            "stdlib/shakhmattron.variant",
            "--players",
            "human,human,human",
            "--fen",
            "white: Kg16; blue: Ke4; red: Kd23; turn white",
        ],
        Some("Крg16-h13\n"),
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("Kwg16") && stdout.contains("Kbe4") && stdout.contains("Krd23"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Game over: WinningArrival — white wins (white 3, blue 0, red 0)."),
        "{stdout}"
    );
    let out = variant(
        &["play", "stdlib/shakhmattron.variant", "--clock", "0s"],
        None,
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
}

#[test]
fn serve_refuses_missing_games_before_listening() {
    let out = variant(&["serve", "no/such/game.variant", "--port", "0"], None);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("cannot read no/such/game.variant"));
    assert!(text(&out.stdout).is_empty(), "it never listened");
    let out = variant(&["serve", "--port", "0"], None);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("FILE"), "{}", text(&out.stderr));
    let out = variant(
        &["serve", "dsl-examples/chess.variant", "--port", "99999"],
        None,
    );
    assert!(!out.status.success());
}

/// `search` prints one `info` line per depth and `bestmove`; it refuses to
/// run without a bound, and finds a mate in one (the score counts plies).
#[test]
fn search_prints_depths_and_the_best_move() {
    let out = variant(
        &["search", "dsl-examples/chess.variant", "--depth", "3"],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    for (d, line) in lines[..3].iter().enumerate() {
        assert!(
            line.starts_with(&format!("info depth {} score ", d + 1)),
            "{line}"
        );
        assert!(line.contains(" pv "), "{line}");
    }
    assert!(lines[3].starts_with("bestmove "), "{}", lines[3]);
    // One thread and two (Lazy SMP) find the mate.
    for threads in ["1", "2"] {
        let mate = variant(
            &[
                "search",
                "dsl-examples/chess.variant",
                "--fen",
                "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
                "--depth",
                "3",
                "--threads",
                threads,
            ],
            None,
        );
        let out = text(&mate.stdout);
        assert!(out.contains("score mate 1 "), "{threads}: {out}");
        assert!(out.ends_with("bestmove a1a8\n"), "{threads}: {out}");
    }
    refused(
        &[
            "search",
            "dsl-examples/chess.variant",
            "--depth",
            "3",
            "--threads",
            "0",
        ],
        "--threads",
    );
    refused(
        &["search", "dsl-examples/chess.variant"],
        "give --depth, --movetime or --nodes",
    );
    let deep = variant(
        &["search", "dsl-examples/chess.variant", "--depth", "65"],
        None,
    );
    assert!(!deep.status.success());
}

/// With three players each `info` line names every player's score after
/// `scores`, in turn order, and one player out shows as `out`; two-player
/// lines have no such field (they stay UCI's).
#[test]
fn search_scores_every_player_of_a_free_for_all() {
    let out = variant(
        &[
            "search",
            "stdlib/cosmic/hex-3p.variant",
            "--fen",
            "white: Ka10 Qb11; red: Kl10; black: Kf21; out red; turn white",
            "--depth",
            "2",
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    for line in stdout.lines().filter(|l| l.starts_with("info ")) {
        let scores = line.split(" scores ").nth(1).expect(line);
        let words: Vec<&str> = scores.split(' ').collect();
        assert_eq!(&words[..2], ["white", "cp"], "{line}");
        assert_eq!(&words[3..5], ["red", "out"], "{line}");
        assert_eq!(&words[5..7], ["black", "cp"], "{line}");
        assert_eq!(words[8], "nodes", "{line}");
    }
    let two = variant(
        &["search", "dsl-examples/chess.variant", "--depth", "1"],
        None,
    );
    assert!(!text(&two.stdout).contains("scores"));
}

/// An engine seat plays its moves in `play`; a bad seat is refused.
#[test]
fn play_seats_an_engine() {
    let out = variant(
        &[
            "play",
            "dsl-examples/chess.variant",
            "--players",
            "engine:depth=2,random",
            "--max-plies",
            "6",
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("(depth 2, "), "{stdout}");
    assert!(stdout.contains("6 plies played"), "{stdout}");
    for bad in [
        "engine:depth=0",
        "engine:ms=x",
        "robot",
        "engine:depth=99",
        "engine:brs:brs",
        "engine:depth=2:ms=5",
    ] {
        refused(
            &["play", "dsl-examples/chess.variant", "--players", bad],
            "a player is human, random, greedy, or engine",
        );
    }
}

/// A greedy seat takes the mate in one it sees (of 30 legal moves, one
/// mates), and `search --algorithm brs` searches a game of three.
#[test]
fn greedy_seats_mate_and_best_reply_search_runs() {
    let fools = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
    for seed in ["1", "2", "3"] {
        let out = variant(
            &[
                "play",
                "dsl-examples/chess.variant",
                "--fen",
                fools,
                "--players",
                "human,greedy",
                "--seed",
                seed,
            ],
            Some(""),
        );
        let stdout = text(&out.stdout);
        assert!(stdout.contains("black plays d8h4"), "{stdout}");
        assert!(stdout.contains("Game over: Checkmate"), "{stdout}");
    }
    let out = variant(
        &[
            "search",
            "stdlib/shakhmattron.variant",
            "--depth",
            "2",
            "--algorithm",
            "brs",
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("info depth 2 "),
        "{}",
        text(&out.stdout)
    );
    refused(
        &[
            "search",
            "stdlib/shakhmattron.variant",
            "--depth",
            "2",
            "--algorithm",
            "maxn",
        ],
        "--algorithm",
    );
}

/// `uci` answers the handshake, searches a position given with moves,
/// refuses an illegal move without losing the position, and refuses a
/// game of three players. Each `go` is awaited before the next commands
/// (as a GUI does): a `quit` read during a search ends it at once.
#[test]
fn uci_session() {
    use std::io::{BufRead, Write};
    let mut child = Command::new(env!("CARGO_BIN_EXE_variant"))
        .args(["uci", "dsl-examples/chess.variant"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let (send, lines) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
        {
            send.send(line).ok();
        }
    });
    let mut stdin = child.stdin.take().unwrap();
    let mut said: Vec<String> = Vec::new();
    let mut exchange = |input: &str| {
        stdin.write_all(input.as_bytes()).unwrap();
        stdin.flush().unwrap();
        loop {
            let line = lines
                .recv_timeout(std::time::Duration::from_secs(10))
                .unwrap_or_else(|e| panic!("no bestmove within 10 s ({e}): {said:?}"));
            said.push(line);
            if said.last().unwrap().starts_with("bestmove") {
                break;
            }
        }
    };
    exchange("uci\nisready\nposition fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\n");
    exchange("position startpos moves e2e5\nisready\ngo depth 2\n");
    stdin.write_all(b"ucinewgame\nquit\n").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
    assert_eq!(
        said[..2],
        ["id name variant (Chess)", "id author the variant project"]
    );
    // The options (tests/uci_variants.rs), then `uciok`: FILE is the game.
    let uciok = said.iter().position(|l| l == "uciok").unwrap();
    assert!(
        said[2..uciok].iter().all(|l| l.starts_with("option name ")),
        "{said:?}"
    );
    assert!(
        said[2].starts_with("option name UCI_Variant type combo default chess var "),
        "{said:?}"
    );
    let stdout = said.join("\n");
    assert!(stdout.contains("readyok"), "{stdout}");
    assert!(stdout.contains("score mate 1 "), "{stdout}");
    assert!(
        stdout.contains("info string error: move 1 (e2e5): illegal move"),
        "{stdout}"
    );
    // Both searches were of the mate position: the bad `position` changed nothing.
    assert_eq!(stdout.matches("bestmove a1a8").count(), 2, "{stdout}");
    // A game of three players speaks the same protocol (startpos, moves,
    // the side to move whoever's turn it is).
    let three = variant(
        &["uci", "stdlib/shakhmattron.variant"],
        Some("position startpos moves m7l6 e8g8\ngo nodes 200\nquit\n"),
    );
    assert!(three.status.success(), "{}", text(&three.stderr));
    let said = text(&three.stdout);
    let best = said.lines().find(|l| l.starts_with("bestmove ")).unwrap();
    // The third player (red) moves: f25h21 is one of its moves in the
    // match test; any legal move of red's is checked by replaying it.
    let mv = best.split_whitespace().nth(1).unwrap();
    let replay = variant(
        &["uci", "stdlib/shakhmattron.variant"],
        Some(&format!(
            "position startpos moves m7l6 e8g8 {mv}\nisready\nquit\n"
        )),
    );
    assert!(
        !text(&replay.stdout).contains("error"),
        "{}",
        text(&replay.stdout)
    );
}

#[test]
fn selfplay_is_deterministic_shards_merge_and_records_replay() {
    let dir = std::env::temp_dir().join(format!("variant-selfplay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let chess = "dsl-examples/chess.variant";
    let run = |out: &str, extra: &[&str]| {
        let mut args = vec![
            "selfplay",
            chess,
            "--games",
            "8",
            "--players",
            "random,engine:depth=1",
            "--max-plies",
            "160",
            "--out",
            out,
        ];
        if !extra.contains(&"--seed") {
            args.extend(["--seed", "42"]);
        }
        args.extend_from_slice(extra);
        let out = variant(&args, None);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let summary = run(&path("one.jsonl"), &["--threads", "1"]);
    run(&path("two.jsonl"), &["--threads", "2"]);
    // Lines come in the order games finish: the same games, in any order.
    let games_in = |name: &str| {
        let mut lines: Vec<String> = std::fs::read_to_string(path(name))
            .unwrap()
            .lines()
            .map(String::from)
            .collect();
        lines.sort();
        lines
    };
    let one = std::fs::read_to_string(path("one.jsonl")).unwrap();
    assert_eq!(games_in("one.jsonl"), games_in("two.jsonl"));
    let lines: Vec<serde_json::Value> = one
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 8);
    // A different seed plays different games.
    run(&path("other.jsonl"), &["--seed", "43"]);
    assert_ne!(games_in("one.jsonl"), games_in("other.jsonl"));

    // The summary counts what the records say.
    let white_wins = lines.iter().filter(|l| l["winner"] == "white").count();
    let row = summary.lines().find(|l| l.starts_with("white")).unwrap();
    assert_eq!(
        row.split_whitespace().nth(2),
        Some(white_wins.to_string().as_str()),
        "{summary}"
    );
    assert!(summary.contains("8 games"), "{summary}");

    // Every record replays: a checkmate ends with no legal move, a capped
    // game has exactly the cap's plies.
    for l in &lines {
        let moves: Vec<&str> = l["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert_eq!(l["plies"].as_u64().unwrap() as usize, moves.len());
        let out = variant(&[&["moves", chess, "--moves"][..], &moves].concat(), None);
        assert!(out.status.success(), "{}", text(&out.stderr));
        match l["reason"].as_str().unwrap() {
            "checkmate" | "stalemate" => assert_eq!(text(&out.stdout).trim(), ""),
            "ply_cap" => assert_eq!(moves.len(), 160),
            _ => {}
        }
    }

    // Two shards, merged, are the whole run line for line.
    run(&path("s1.jsonl"), &["--shard", "1/2"]);
    run(&path("s2.jsonl"), &["--shard", "2/2"]);
    let merged = variant(
        &[
            "selfplay",
            "--merge",
            &path("s2.jsonl"),
            &path("s1.jsonl"),
            "--out",
            &path("m.jsonl"),
        ],
        None,
    );
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    // One thread finishes games in order.
    assert_eq!(std::fs::read_to_string(path("m.jsonl")).unwrap(), one);
    assert_eq!(text(&merged.stdout), summary);

    // Killed mid-run, the file holds every finished game, whole.
    let mut child = Command::new(env!("CARGO_BIN_EXE_variant"))
        .args([
            "selfplay",
            chess,
            "--games",
            "1000",
            "--players",
            "engine:depth=2",
            "--out",
        ])
        .arg(path("killed.jsonl"))
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while std::fs::read_to_string(path("killed.jsonl")).map_or(0, |t| t.lines().count()) < 3 {
        assert!(
            std::time::Instant::now() < deadline,
            "no three games in 60 s"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let kept = std::fs::read_to_string(path("killed.jsonl")).unwrap();
    assert!(kept.ends_with('\n'));
    for line in kept.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(v["reason"].is_string() && v["moves"].is_array(), "{line}");
    }
    let merged = variant(&["selfplay", "--merge", &path("killed.jsonl")], None);
    assert!(merged.status.success(), "{}", text(&merged.stderr));

    // Refusals: a game twice, bad shards, seats, and the output over an input.
    refused(
        &["selfplay", "--merge", &path("s1.jsonl"), &path("one.jsonl")],
        "twice",
    );
    for (args, needle) in [
        (vec!["--shard", "3/2"], "shard"),
        (vec!["--shard", "0/2"], "shard"),
        (vec!["--players", "human"], "computers"),
        (vec!["--players", "random,random,random"], "names 3 players"),
        (vec!["--games", "0"], "--games"),
    ] {
        refused(
            &[&["selfplay", chess, "--out", &path("x.jsonl")][..], &args].concat(),
            needle,
        );
    }
    refused(
        &[
            "selfplay",
            "--merge",
            &path("s1.jsonl"),
            "--out",
            &path("s1.jsonl"),
        ],
        "refusing",
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A stand-in UCI engine: a shell script answering the handshake, and `go`
/// with `answer` (none: silence).
fn fake_engine(dir: &std::path::Path, name: &str, answer: Option<&str>) -> String {
    use std::os::unix::fs::PermissionsExt;
    let go = answer.map_or(String::new(), |a| format!("echo \"bestmove {a}\""));
    let script = format!(
        "#!/bin/sh\nwhile read line; do case \"$line\" in\n uci) echo uciok;;\n isready) echo readyok;;\n go*) {go};;\n quit) exit 0;;\n esac; done\n",
        go = if go.is_empty() { ":".to_string() } else { go }
    );
    let path = dir.join(name);
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn match_plays_an_outside_uci_engine_and_checks_its_moves() {
    let chess = "dsl-examples/chess.variant";
    // A match of chess against `engine`, which must run to its end: its output.
    let played = |engine: &str, extra: &[&str]| {
        let out = variant(
            &[&["match", chess, "--engine", engine][..], extra].concat(),
            None,
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let games = |stdout: &str| stdout.lines().filter(|l| l.starts_with("game ")).count();
    let ours = format!("{} uci {chess}", env!("CARGO_BIN_EXE_variant"));
    let stdout = played(&ours, &["--games", "2", "--movetime", "10"]);
    assert_eq!(games(&stdout), 2, "{stdout}");
    assert!(
        stdout.contains("game 1, ours white") && stdout.contains("game 2, ours black"),
        "{stdout}"
    );
    assert!(
        stdout.contains("score of ours:") && stdout.contains("Elo difference"),
        "{stdout}"
    );
    assert!(!stdout.contains("not a legal move"), "{stdout}");

    // The current Fairy-Stockfish: every one of its moves is legal here.
    let fsf = "../shared/peers/fairy-stockfish";
    let stdout = played(
        fsf,
        &[
            "--engine-option",
            "Skill Level=0",
            "--games",
            "2",
            "--movetime",
            "20",
        ],
    );
    assert_eq!(games(&stdout), 2, "{stdout}");
    assert!(
        !stdout.contains("not a legal move") && !stdout.contains("lost on time"),
        "{stdout}"
    );

    // An engine that plays an illegal move, or none, loses the game.
    let dir = std::env::temp_dir().join(format!("variant-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let illegal = fake_engine(&dir, "illegal.sh", Some("e2e5"));
    let stdout = played(
        &illegal,
        &["--games", "2", "--movetime", "5", "--random-plies", "0"],
    );
    assert!(
        stdout.contains("the engine played `e2e5`, not a legal move"),
        "{stdout}"
    );
    assert!(stdout.contains("2 won, 0 drawn, 0 lost"), "{stdout}");
    // Wilson's interval of 2 wins in 2: 0.342 to 1, so Elo -113 to +inf.
    assert!(
        stdout.contains("Elo difference: +inf (every game won; 95%: -113 to +inf)"),
        "{stdout}"
    );
    // Time odds: the outside engine is sent its own move time.
    let logged = fake_engine(&dir, "logged.sh", Some("e2e5"));
    let log = dir.join("go.log");
    let script = std::fs::read_to_string(&logged).unwrap().replace(
        " go*) echo",
        &format!(" go*) echo \"$line\" >> {}; echo", log.display()),
    );
    assert!(script.contains("go.log"));
    std::fs::write(&logged, script).unwrap();
    played(
        &logged,
        &["--games", "1", "--movetime", "5", "--engine-movetime", "7"],
    );
    let sent = std::fs::read_to_string(&log).unwrap();
    assert!(
        sent.lines().all(|l| l == "go movetime 7") && !sent.is_empty(),
        "{sent}"
    );
    let silent = fake_engine(&dir, "silent.sh", None);
    let stdout = played(
        &silent,
        &["--games", "1", "--movetime", "5", "--random-plies", "1"],
    );
    assert!(stdout.contains("lost on time"), "{stdout}");

    // One that dies at its first `go` loses, and the next game has it afresh.
    let dying = fake_engine(&dir, "dying.sh", None);
    let script = std::fs::read_to_string(&dying)
        .unwrap()
        .replace(" go*) :;;", " go*) exit 1;;");
    assert!(script.contains("exit 1"));
    std::fs::write(&dying, script).unwrap();
    let stdout = played(
        &dying,
        &["--games", "3", "--movetime", "5", "--nodes", "200"],
    );
    assert_eq!(stdout.matches("the engine failed").count(), 3, "{stdout}");
    assert!(stdout.contains("3 won, 0 drawn, 0 lost"), "{stdout}");
    // One that never says `uciok` is no engine: the match does not start.
    let mute = fake_engine(&dir, "mute.sh", None);
    std::fs::write(&mute, "#!/bin/sh\nexit 0\n").unwrap();
    refused(
        &["match", chess, "--engine", &mute],
        "the engine ended before its `uciok`",
    );
    // One that closes its input first: writing `uci` may fail or the
    // engine may end first; either race reads the same.
    let deaf = fake_engine(&dir, "deaf.sh", None);
    std::fs::write(
        &deaf,
        "#!/bin/sh
exec 0<&-
sleep 0.2
exit 0
",
    )
    .unwrap();
    for _ in 0..3 {
        refused(
            &["match", chess, "--engine", &deaf],
            "the engine ended before its `uciok`",
        );
    }

    // Refusals.
    refused(
        &["match", chess, "--engine", "/no/such/engine"],
        "cannot start the engine",
    );
    refused(
        &[
            "match",
            chess,
            "--engine",
            &illegal,
            "--engine-option",
            "novalue",
        ],
        "NAME=VALUE",
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn match_plays_games_of_several_players_and_games_without_a_fen() {
    let bin = env!("CARGO_BIN_EXE_variant");
    let dir = std::env::temp_dir().join(format!("variant-match-n-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Three players: ours hold two seats, then one; each outside seat has
    // an engine of its own, told `startpos` and the moves (no FEN).
    let three = "stdlib/shakhmattron.variant";
    let engine = format!("{bin} uci {three}");
    let out = variant(
        &[
            "match", three, "--engine", &engine, "--games", "2", "--nodes", "200",
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("game 1, ours white+red: ") && stdout.contains("game 2, ours blue: "),
        "{stdout}"
    );
    assert!(!stdout.contains("not a legal move"), "{stdout}");
    assert!(stdout.contains("of 2 games"), "{stdout}");
    // An outside engine playing an illegal move loses the game for every
    // outside seat: our share is all.
    let illegal = fake_engine(&dir, "illegal.sh", Some("a1a2"));
    let out = variant(
        &[
            "match", three, "--engine", &illegal, "--games", "2", "--nodes", "100",
        ],
        None,
    );
    let stdout = text(&out.stdout);
    assert_eq!(stdout.matches("not a legal move").count(), 2, "{stdout}");
    assert!(
        stdout.contains("2 won, 0 drawn, 0 lost: 100.0%"),
        "{stdout}"
    );
    // Das chess has no FEN (its declarations): `startpos` and moves.
    let das = "stdlib/das.variant";
    let out = variant(
        &[
            "match",
            das,
            "--engine",
            &format!("{bin} uci {das}"),
            "--games",
            "2",
            "--nodes",
            "100",
            "--max-plies",
            "40",
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("game 2, ours black") && !stdout.contains("not a legal move"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn selfplay_merges_more_shards_than_it_keeps_open() {
    // 140 shards: more than the 128 files a merge keeps open at once.
    let dir = std::env::temp_dir().join(format!("variant-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let chess = "dsl-examples/chess.variant";
    let common = [
        "--games",
        "140",
        "--players",
        "random",
        "--max-plies",
        "6",
        "--threads",
        "1",
    ];
    let mut files = Vec::new();
    for k in 1..=140 {
        let f = dir
            .join(format!("s{k}.jsonl"))
            .to_str()
            .unwrap()
            .to_string();
        let shard = format!("{k}/140");
        let out = variant(
            &[
                &["selfplay", chess, "--shard", &shard, "--out", &f][..],
                &common,
            ]
            .concat(),
            None,
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        files.push(f);
    }
    let whole = dir.join("whole.jsonl").to_str().unwrap().to_string();
    let out = variant(
        &[&["selfplay", chess, "--out", &whole][..], &common].concat(),
        None,
    );
    assert!(out.status.success());
    let merged = dir.join("merged.jsonl").to_str().unwrap().to_string();
    let mut args = vec!["selfplay", "--merge"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["--out", &merged]);
    let m = variant(&args, None);
    assert!(m.status.success(), "{}", text(&m.stderr));
    assert_eq!(text(&m.stdout), text(&out.stdout));
    assert_eq!(
        std::fs::read_to_string(&merged).unwrap(),
        std::fs::read_to_string(&whole).unwrap()
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_reader_that_stops_early_ends_the_output_quietly() {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_variant"))
        .args(["search", "dsl-examples/chess.variant", "--depth", "9"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The next depth's line finds the pipe closed.
    assert!(first.starts_with("info depth 1 "), "{first}");
    let out = child.wait_with_output().unwrap();
    assert!(
        !text(&out.stderr).contains("panicked"),
        "{}",
        text(&out.stderr)
    );
}

/// The counts `VARIANT_COUNT_IO=1` prints at exit: game files read
/// (sources, imports, compiled IR) and `Game::load` calls.
fn reads_and_loads(args: &[&str]) -> (u64, u64) {
    let out = Command::new(env!("CARGO_BIN_EXE_variant"))
        .args(args)
        .env("VARIANT_COUNT_IO", "1")
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    let said = text(&out.stderr);
    let line = said
        .lines()
        .find(|l| l.starts_with("reads="))
        .unwrap_or_else(|| panic!("no counts in {said}"));
    let count = |key: &str| -> u64 {
        line.split_whitespace()
            .find_map(|w| w.strip_prefix(key))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no {key} in {line}"))
    };
    (count("reads="), count("loads="))
}

/// Every command reads its game file once and loads the game once: a
/// source is compiled from the bytes read to tell it from IR, and the game
/// the compiler loaded (to verify the start and the claims) is the one
/// played. (Both were done twice: `load_ir` compiled, then `Game::load`.)
#[test]
fn a_command_reads_its_game_once_and_loads_it_once() {
    // No imports: the one read is the file's.
    let shatranj = "dsl-examples/shatranj.variant";
    assert_eq!(reads_and_loads(&["check", shatranj]), (1, 1));
    assert_eq!(
        reads_and_loads(&["perft", shatranj, "--depth", "1"]),
        (1, 1)
    );
    assert_eq!(reads_and_loads(&["moves", shatranj]), (1, 1));
    // One import: one more read, still one load.
    let chess = "dsl-examples/chess.variant";
    assert_eq!(reads_and_loads(&["check", chess]), (2, 1));
    assert_eq!(reads_and_loads(&["search", chess, "--depth", "1"]), (2, 1));
    // Compiled IR: decoded and loaded once.
    let dir = std::env::temp_dir().join(format!("variant-count-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ir = dir.join("chess.ir");
    let ir = ir.to_str().unwrap();
    assert_eq!(reads_and_loads(&["compile", chess, "-o", ir]), (2, 1));
    assert_eq!(reads_and_loads(&["perft", ir, "--depth", "1"]), (1, 1));
    std::fs::remove_dir_all(&dir).ok();
}

/// Engine seats play on a clock by its share: two engines (one with two
/// threads) given 1 s each for the game finish 40 plies without either
/// running out (an engine seat thinks 1 s a move without a clock), and
/// their time is taken off their clocks.
#[test]
fn engine_seats_keep_to_the_clock() {
    let out = variant(
        &[
            "play",
            "dsl-examples/chess.variant",
            "--players",
            "engine,engine",
            "--clock",
            "1s",
            "--max-plies",
            "40",
            "--threads",
            "2",
        ],
        Some(""),
    );
    let stdout = text(&out.stdout);
    assert!(!stdout.contains("run out of time"), "{stdout}");
    assert!(stdout.contains("Game unfinished: 40 plies"), "{stdout}");
    let last_clock = stdout.lines().rfind(|l| l.starts_with("clock:")).unwrap();
    assert!(
        !last_clock.contains("0:01"),
        "no time was spent: {last_clock}"
    );
}
