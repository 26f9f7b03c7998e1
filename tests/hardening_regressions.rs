//! The hardening report's failing cases (`../shared/hardening/README.md`,
//! "Failing cases", F1 to F14), each run as the report ran it: the release
//! binary on the reproducer, asserting the exit code (1 for a refusal, 2 for
//! a usage error, never an abort, a crash or a hang) and the part of the
//! message that names the fault. The small reproducer files are copied in
//! `tests/hardening/` (their import made relative to it); crafted IR is made
//! here from the compiled chess rules, as the report's Python edits made it.
//! Cases a test elsewhere already runs through the binary are not repeated
//! (they are listed by name where their section is).

use runtime::ir::GameIr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const CHESS: &str = "dsl-examples/chess.variant";

/// Runs the binary with `input` on stdin (closed at once when empty).
fn run(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_variant"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // A refusal may exit before reading its input.
    stdin.write_all(input).ok();
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// Both streams, as one text.
fn said(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

/// `args` exits with `code` and says `part`, within `seconds`.
#[track_caller]
fn expect(args: &[&str], code: i32, part: &str) {
    expect_within(args, code, part, 5);
}

#[track_caller]
fn expect_within(args: &[&str], code: i32, part: &str, seconds: u64) {
    let start = Instant::now();
    let out = run(args, b"");
    let text = said(&out);
    assert_eq!(out.status.code(), Some(code), "{args:?}:\n{text}");
    assert!(
        text.contains(part),
        "{args:?} does not say {part:?}:\n{text}"
    );
    assert!(!text.contains("panicked"), "{args:?}:\n{text}");
    assert!(
        start.elapsed() < Duration::from_secs(seconds),
        "{args:?} took {:?}",
        start.elapsed()
    );
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("variant-hardening-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The chess source with its import made absolute, to be written elsewhere.
fn chess_source() -> String {
    let pieces = std::fs::canonicalize("stdlib/pieces.variant").unwrap();
    std::fs::read_to_string(CHESS).unwrap().replace(
        "import \"../stdlib/pieces.variant\"",
        &format!("import \"{}\"", pieces.display()),
    )
}

fn chess_ir() -> GameIr {
    compiler::compile_file(Path::new(CHESS), false).ir.unwrap()
}

/// Writes `ir` as JSON (with its checksum: the loader, not the seal, must
/// refuse it) into `dir`.
fn write_ir(dir: &Path, name: &str, ir: &GameIr) -> PathBuf {
    let file = dir.join(name);
    std::fs::write(&file, ir.to_json()).unwrap();
    file
}

const CASTLING_FEN: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
const MATED_FEN: &str = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";

/// F1: two setup placements on one cell (r1) segfaulted perft 3, gave a
/// wrong perft 2 and listed a queen taking its own king; two kings on one
/// cell likewise, and random play crashed.
#[test]
fn f1_two_placements_on_one_cell() {
    let dir = scratch("f1");
    let mut ir = chess_ir();
    let first = ir.setup.pieces[4];
    ir.setup
        .pieces
        .push(runtime::ir::Placement { kind: 1, ..first });
    let r1 = write_ir(&dir, "r1_two_on_one_cell.json", &ir);
    let r1 = path(&r1);
    let refused = format!("two setup placements on cell {}", first.cell);
    expect(&["perft", r1, "--depth", "3"], 1, &refused);
    expect(&["perft", r1, "--depth", "2"], 1, &refused);
    expect(&["moves", r1], 1, &refused);
    expect(&["play", r1, "--players", "random,random"], 1, &refused);
    let mut ir = chess_ir();
    let royal = ir.kinds.iter().position(|k| k.name == "King").unwrap();
    let king = *ir
        .setup
        .pieces
        .iter()
        .find(|p| p.kind as usize == royal)
        .unwrap();
    let other = ir
        .setup
        .pieces
        .iter()
        .find(|p| p.cell != king.cell)
        .unwrap()
        .cell;
    ir.setup.pieces.push(runtime::ir::Placement {
        cell: other,
        ..king
    });
    ir.setup.pieces.push(runtime::ir::Placement {
        cell: other,
        ..king
    });
    let kings = write_ir(&dir, "setup_two_kings_one_cell.json", &ir);
    expect(
        &["perft", path(&kings), "--depth", "2"],
        1,
        &format!("two setup placements on cell {other}"),
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// F2: crafted IR the loader accepted and the runtime then panicked on: a
/// ray's first landing past its end (r2), castling with the partner landing
/// where the king lands (r3), a swap with the piece's own cell (r4).
#[test]
fn f2_crafted_ir_is_refused_by_the_loader() {
    let dir = scratch("f2");
    let mut ir = chess_ir();
    let ray = ir.rays.iter_mut().find(|r| r.len > 0).unwrap();
    ray.first_landing = ray.len as u8 + 5;
    let r2 = write_ir(&dir, "r2_first_landing.json", &ir);
    expect(
        &[
            "moves",
            path(&r2),
            "--fen",
            "4k3/4p3/8/3Q4/8/8/8/4K3 b - - 0 1",
            "--moves",
            "e7e5",
        ],
        1,
        "first landing",
    );
    let mut ir = chess_ir();
    ir.castlings[0].partner_to = ir.castlings[0].king_to;
    let r3 = write_ir(&dir, "r3_castling_same_landing.json", &ir);
    expect(
        &["perft", path(&r3), "--depth", "2", "--fen", CASTLING_FEN],
        1,
        "castling",
    );
    let mut ir = chess_ir();
    ir.moves[0].swap_start = ir.swaps.len() as u32;
    ir.moves[0].swap_len = 1;
    ir.swaps.push(runtime::ir::Swap {
        with: 0,
        partner_kinds: u128::MAX,
    });
    let r4 = write_ir(&dir, "r4_swap_self.json", &ir);
    let out = run(&["moves", path(&r4)], b"");
    assert_eq!(out.status.code(), Some(1), "{}", said(&out));
    assert!(
        said(&out).contains("a swap from cell 0 with itself"),
        "{}",
        said(&out)
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// F3: `king-moves -3` panicked in lowering before E014 was printed, in
/// every command that compiles the file.
#[test]
fn f3_negative_king_distance() {
    let mini = "tests/hardening/mini.variant";
    let e014 = "E014]: king distances must be positive";
    expect(&["check", mini], 1, e014);
    expect(&["perft", mini, "--depth", "1"], 1, e014);
    expect(&["moves", mini], 1, e014);
    let dir = scratch("f3");
    let ir = dir.join("mini.ir");
    expect(&["compile", mini, "-o", path(&ir)], 1, e014);
    assert!(!ir.exists());
    expect(&["play", mini], 1, e014);
    let source = std::fs::read_to_string(mini).unwrap();
    let pieces = std::fs::canonicalize("stdlib/pieces.variant").unwrap();
    for distance in ["-4", "-5", "-7", "-2147483648"] {
        let file = dir.join("k.variant");
        let text = source
            .replace("-3", distance)
            .replace("../../stdlib/pieces.variant", path(&pieces));
        std::fs::write(&file, text).unwrap();
        let out = run(&["check", path(&file)], b"");
        assert_eq!(out.status.code(), Some(1), "{distance}: {}", said(&out));
        assert!(said(&out).contains("E014"), "{distance}: {}", said(&out));
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// F4: depths beyond resources. (`--depth 4294967295`, depth 30 of a mated
/// position and `bench --runs 2^64-1` are in tests/cli.rs,
/// `perft_depth_and_bench_runs_are_bounded`; a claim perft too big to
/// count in `check_bounds_claims_and_reads_only_source_files`.)
#[test]
fn f4_depths_are_bounded() {
    for depth in ["100000", "1000000", "1000", "10000", "60000"] {
        expect(
            &["perft", CHESS, "--depth", depth],
            2,
            &format!("{depth} is not in 0..=30"),
        );
    }
    for depth in ["4294967295", "100000000"] {
        expect(
            &["perft", CHESS, "--depth", depth, "--fen", MATED_FEN],
            2,
            "is not in 0..=30",
        );
    }
    expect(
        &["check", "tests/hardening/bigclaim.variant"],
        1,
        "claim perft 2147483647: the depth must be 0 to 30",
    );
    expect(
        &["check", "tests/hardening/negclaim.variant"],
        1,
        "claim perft -5: the depth must be 0 to 30",
    );
}

/// F5: imports and game files that are not regular files, or not sources.
/// (Imports of a FIFO are in tests/cli.rs.)
#[test]
fn f5_only_regular_files_are_read() {
    expect(
        &["check", "tests/hardening/zero.variant"],
        1,
        "cannot read imported file /dev/zero: an import must name a .variant file",
    );
    let start = Instant::now();
    let out = run(&["check", "tests/hardening/leak.variant"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(said(&out).contains("E002"), "{}", said(&out));
    assert!(!said(&out).contains("root:"), "{}", said(&out));
    assert!(start.elapsed() < Duration::from_secs(5));
    let not_regular = "not a regular file (a directory, a device or a pipe)";
    expect(&["check", "/dev/zero"], 1, not_regular);
    expect(&["check", "/dev/stdin"], 1, not_regular);
    // The commands that also read compiled IR read no device either
    // (`perft /dev/zero` read until memory ran out).
    expect(&["perft", "/dev/zero", "--depth", "1"], 1, not_regular);
    expect(&["moves", "/dev/urandom"], 1, not_regular);
    let dir = scratch("f5");
    let fifo = dir.join("pipe.json");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        expect(&["perft", path(&fifo), "--depth", "1"], 1, not_regular);
    }
    // A chain of imports deeper than the bound: E002 at the import one
    // too deep (20,000 files ran out of the parser's stack, reported as
    // "expected stack limit reached").
    let depth = compiler::MAX_IMPORT_DEPTH + 5;
    for i in 0..depth {
        let body = if i + 1 < depth {
            format!("import \"d{}.variant\"\n", i + 1)
        } else {
            "// the end of the chain\n".to_string()
        };
        std::fs::write(dir.join(format!("d{i}.variant")), body).unwrap();
    }
    let first = dir.join("d0.variant");
    expect(
        &["check", path(&first)],
        1,
        &format!(
            "imports nest more than {} files deep",
            compiler::MAX_IMPORT_DEPTH
        ),
    );
    let out = run(&["check", path(&first)], b"");
    assert!(!said(&out).contains("stack limit"), "{}", said(&out));
    std::fs::remove_dir_all(&dir).ok();
}

/// F6: inputs that took super-linear time. (Move text of 100,000
/// characters and play's 1 MB line are in tests/cli.rs.)
#[test]
fn f6_long_inputs_are_refused_in_linear_time() {
    let fen = format!(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq {} 0 1",
        "e3".repeat(8000)
    );
    expect_within(
        &["moves", CHESS, "--fen", &fen],
        1,
        "en passant: 8000 cells given, 1..=16 supported",
        2,
    );
    let dir = scratch("f6");
    let claim = dir.join("claimlong.variant");
    let long = format!("e2{}", "x".repeat(400_000));
    std::fs::write(
        &claim,
        format!("{}\nclaim legal \"{long}\"\n", chess_source()),
    )
    .unwrap();
    expect_within(
        &["check", path(&claim)],
        1,
        "a move of 400002 characters",
        5,
    );
    // ... and the line is not echoed whole: it is cut, and the cut said.
    let out = run(&["check", path(&claim)], b"");
    let shown = said(&out);
    assert!(shown.len() < 4_000, "{} bytes of diagnostics", shown.len());
    assert!(
        shown.contains("has 400016 characters: it is shown up to column 200"),
        "{shown}"
    );
    // Region statements by the ten thousand check in linear time.
    let regions: String = (0..40_000)
        .map(|i| format!("region r{i} {{ white: rank 1 black: rank 8 }}\n"))
        .collect();
    let many = dir.join("regions.variant");
    std::fs::write(&many, format!("{}{regions}", chess_source())).unwrap();
    // About 1 s on an idle machine; the bound is for a hang or a quadratic
    // check (minutes), not a speed claim: a loaded machine took 5.2 s.
    expect_within(&["check", path(&many)], 0, "ok", 30);
    std::fs::remove_dir_all(&dir).ok();
}

/// F7: positions where the side to move could take a royal piece, and
/// other positions no game reaches.
#[test]
fn f7_unreachable_positions_are_refused() {
    expect(
        &["check", "tests/hardening/kcap.variant"],
        1,
        "E016]: black's royal piece is attacked at the start, with white to move",
    );
    let attacked = "black's royal piece is attacked with white to move";
    for fen in [
        "4k2R/8/8/8/8/8/8/4K3 w - - 0 1",
        "8/8/8/8/8/8/8/3Kk3 w - - 0 1",
    ] {
        expect(&["moves", CHESS, "--fen", fen], 1, attacked);
    }
    let out = run(
        &["play", CHESS, "--fen", "4k2R/8/8/8/8/8/8/4K3 w - - 0 1"],
        b"h8e8\n",
    );
    assert_eq!(out.status.code(), Some(1), "{}", said(&out));
    assert!(!said(&out).contains("Stalemate"), "{}", said(&out));
    let cases = [
        ("8/8/8/8/8/8/8/8 w - - 0 1", "white has no royal piece"),
        (
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "white's Pawn on a8 stands where it would have had to promote",
        ),
        (
            "4k3/8/8/8/8/8/8/R3K2R w KQkqKQkqKKKK - 0 1",
            "castling right 'k': no castling partner of that player stands there",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkqKQkq - 0 1",
            "castling right 'K' names the partner on h1 again",
        ),
        (
            "4k3/08/8/8/8/8/8/4K3 w - - 0 1",
            "FEN rank 7: empty-cell count '08' has a leading zero",
        ),
        (
            "KKKKK3/8/8/8/8/8/8/kkkkk3 w - - 0 1",
            "white has 5 royal pieces, but its setup has 1",
        ),
        (
            "white: Ke1; black: Ke8; turn white; castling a1 h1",
            "castling: no castling partner of the castling's player stands on a1",
        ),
        (
            "white: Ke1; black: Ke8; turn white; clocks 0 0",
            "clocks: move number 0: moves are numbered from 1",
        ),
    ];
    for (fen, part) in cases {
        expect(&["moves", CHESS, "--fen", fen], 1, part);
    }
}

/// F8: game files that compiled "ok" but were broken; each is now a
/// diagnostic with its code. (CR line endings: tests/diagnostics.rs,
/// `cr_line_endings_read_like_lf`.)
#[test]
fn f8_silent_accepts_are_diagnostics() {
    expect(
        &["check", "tests/hardening/dupcastle.variant"],
        1,
        "E004]: castling of `King` with this partner is defined twice",
    );
    expect(
        &["check", "tests/hardening/dupfiles.variant"],
        1,
        "E004]: file label `a` names two files",
    );
    let glinski = std::fs::read_to_string("dsl-examples/glinski.variant")
        .unwrap()
        .replace(
            "\"../stdlib/pieces.variant\"",
            &format!(
                "\"{}\"",
                std::fs::canonicalize("stdlib/pieces.variant")
                    .unwrap()
                    .display()
            ),
        );
    let chess = chess_source();
    let end = "end checkmate loss";
    // (the file, what it changes, its replacement, the code and message)
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "king-moves 2",
            "king-moves 2 2 2 1 1",
            "E021",
            "king distance 2 is listed twice",
        ),
        (
            end,
            "setup white { King d4 }\nend checkmate loss",
            "E004",
            "player `white` has two setups",
        ),
        (
            end,
            "turn black\nturn white\nend checkmate loss",
            "E004",
            "the first player is named twice",
        ),
        (
            "player black orientation flip",
            "player black orientation flip\nplayer black orientation flip",
            "E004",
            "player `black` is given an orientation twice",
        ),
        (
            "region last_rank  { white: rank 8  black: rank 1 }",
            "region last_rank  { white: rank 8 white: rank 7 black: rank 1 }",
            "E004",
            "region `last_rank` gives player `white` two entries",
        ),
        (
            "leap (0,1) forward move-only",
            "leap (-2147483648,1) forward move-only",
            "E014",
            "vector component out of range",
        ),
        (
            end,
            "side cell z1 at (-2147483648,0)\nend checkmate loss",
            "E014",
            "vector component out of range",
        ),
        (
            "letter P  value 1",
            "letter P  value 1 alias \"\"",
            "E026",
            "alias \"\" is empty",
        ),
        (
            "letter P  value 1",
            "letter P  value 1 alias \" \"",
            "E026",
            "alias \" \" contains white space",
        ),
        (
            "letter P  value 1",
            "letter P  value 1 alias \"e2e4\"",
            "E026",
            "alias \"e2e4\" contains a digit",
        ),
        (
            "letter P  value 1",
            "letter P  value 1 alias \"/\"",
            "E026",
            "alias \"/\" contains a character the notation uses",
        ),
        (
            end,
            "promote King in last_rank to Queen\nend checkmate loss",
            "E024",
            "`King` is royal and cannot promote",
        ),
        (
            "to Queen Rook Bishop Knight",
            "to Queen Rook Bishop Knight King",
            "E024",
            "promotion to `King`, a royal piece",
        ),
        (
            end,
            "swap King with King at (1,0)\nend checkmate loss",
            "E019",
            "`King` cannot swap with its own kind",
        ),
        (
            end,
            "castling King with King { king-moves 2 }\nend checkmate loss",
            "E021",
            "`King` cannot castle with itself",
        ),
        (
            end,
            "mark c ultraviolet\nend checkmate loss",
            "E003",
            "unknown colour `ultraviolet`",
        ),
    ];
    let dir = scratch("f8");
    let file = dir.join("case.variant");
    for (from, to, code, part) in cases {
        assert!(chess.contains(from), "{from}");
        std::fs::write(&file, chess.replacen(from, to, 1)).unwrap();
        expect(&["check", path(&file)], 1, &format!("{code}]: {part}"));
    }
    let hex = glinski.replace(
        "line a: (-5, 0) .. (-5, 5)",
        "line a: (-2147483648,0) .. (0,0)",
    );
    assert_ne!(hex, glinski);
    std::fs::write(&file, hex).unwrap();
    expect(
        &["check", path(&file)],
        1,
        "E014]: vector component out of range",
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// F9: a damaged IR file is refused by its checksum; a JSON IR of an
/// older format says so (it said that some field does not decode).
#[test]
fn f9_damaged_or_stale_ir_is_refused() {
    let dir = scratch("f9");
    let ir = dir.join("chess.ir");
    expect(&["compile", CHESS, "-o", path(&ir)], 0, "wrote");
    let mut bytes = std::fs::read(&ir).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(&ir, bytes).unwrap();
    expect(
        &["perft", path(&ir), "--depth", "3"],
        1,
        "IR checksum mismatch",
    );
    let stale = dir.join("old.json");
    std::fs::write(
        &stale,
        "{\"format_version\": 4, \"name\": \"Chess\", \"cells\": 0}",
    )
    .unwrap();
    expect(
        &["moves", path(&stale)],
        1,
        &format!(
            "IR format version 4, but this program reads version {}",
            runtime::ir::FORMAT_VERSION
        ),
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// F10: a three-player game's time-out ends the game and says so (it said
/// "the others play on" and exited). (Invalid UTF-8, the record on quit,
/// the ply cap and `--players` are in tests/cli.rs.)
#[test]
fn f10_three_player_time_out_ends_the_game() {
    let dir = scratch("f10");
    let game = dir.join("three_clock.variant");
    let pieces = std::fs::canonicalize("stdlib/pieces.variant").unwrap();
    std::fs::write(
        &game,
        format!(
            "game \"three\"\nimport \"{}\"\nboard square 8 x 8\nplayers a b c\n\
             setup a {{ King a1 }}\nsetup b {{ King h8 }}\nsetup c {{ King a8 }}\nclock 1s\n",
            pieces.display()
        ),
    )
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_variant"))
        .args(["play", path(&game)])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    {
        use std::io::Write;
        let mut stdin = stdin;
        stdin.write_all(b"a1a2\n").ok();
    }
    let out = child.wait_with_output().unwrap();
    let text = said(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("a has run out of time. Game over: Time — a loses"),
        "{text}"
    );
    assert!(!text.contains("play on"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

/// F12: messages that named the wrong fault. (The winner that is no
/// player, compiled IR given to `check` and the 1x1 board are in
/// tests/cli.rs.)
#[test]
fn f12_refusals_name_the_fault() {
    let moves = |list: &[&str], part: &str| {
        let mut args = vec!["moves", CHESS, "--moves"];
        args.extend(list);
        expect(&args, 1, part);
    };
    moves(
        &["e2"],
        "cannot read move 'e2': no destination cell after e2",
    );
    moves(
        &["f2f3", "e7e5", "g2g4", "d8h4", "a2a3"],
        "move 5: the game is over, black won by checkmate: no move follows",
    );
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let repeated: Vec<&str> = [&shuffle[..], &shuffle[..], &["e2e4"]].concat();
    moves(
        &repeated,
        "move 9: the game is over, drawn by repetition: no move follows",
    );
    let mut perft = vec!["perft", CHESS, "--depth", "1", "--moves"];
    perft.extend(&repeated);
    expect(&perft, 1, "drawn by repetition");
    for marks in ["+", "#", "++++"] {
        moves(
            &[marks],
            &format!("'{marks}' is only check marks: write them after a move (e2e4+)"),
        );
    }
    moves(
        &["e2e4q"],
        "e2e4 does not promote, so 'q' does not belong after it",
    );
    expect(
        &["moves", CHESS, "--fen", "(R7/8/8/8/8/8/8/8 w - - 0 1"],
        1,
        "the stack '(R7' has no closing bracket",
    );
    // Thirty players with the piece library: only the kinds the game
    // uses take piece codes, so it fits (it was E014 "invalid IR: 30
    // players x 5 kinds exceeds 63 piece codes").
    let dir = scratch("f12");
    let pieces = std::fs::canonicalize("stdlib/pieces.variant").unwrap();
    let players: Vec<String> = (0..30).map(|i| format!("p{i}")).collect();
    let setups: String = (0..30)
        .map(|i| {
            let file = (b'a' + 2 * (i % 8) as u8) as char;
            format!("setup p{i} {{ King {file}{} }}\n", 1 + 2 * (i / 8))
        })
        .collect();
    let thirty = dir.join("thirty.variant");
    std::fs::write(
        &thirty,
        format!(
            "game \"thirty\"\nimport \"{}\"\nboard square 16 x 16\nplayers {}\n{setups}",
            pieces.display(),
            players.join(" ")
        ),
    )
    .unwrap();
    expect(&["check", path(&thirty)], 0, "ok (0 claims verified)");
    std::fs::remove_dir_all(&dir).ok();
}

/// Thousands of wrong statements: at most 200 diagnostics are reported, the
/// last saying how many more there were, and the work stays linear (40,000
/// unknown regions took 74 s, copying every name into every hint).
#[test]
fn many_wrong_statements_are_counted_not_all_reported() {
    let dir = scratch("many-wrong");
    let mut text = chess_source();
    for i in 0..40_000 {
        text += &format!("\nregion r{i} = nowhere{i}");
    }
    let file = dir.join("many.variant");
    std::fs::write(&file, text).unwrap();
    expect_within(
        &["check", path(&file)],
        1,
        "more diagnostics not shown (at most 200 are reported)",
        20,
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Report 3 (`../shared/hardening3/README.md`), F1: a castling whose
/// partner lands on the black King's cell (e8) loaded, and perft from a
/// castling position segfaulted; `craft_ir.py` re-sealed the edited file
/// with the checksum the refusal printed. Now the loader refuses the
/// landing, and a checksum refusal no longer tells the sum it wanted.
#[test]
fn report3_f1_castling_landings_and_the_checksum_are_not_forgeable() {
    let dir = scratch("report3-f1");
    let mut ir = chess_ir();
    let e8 = ir.cells.iter().position(|c| c.name == "e8").unwrap() as u16;
    ir.castlings[0].partner_to = e8;
    let castle = write_ir(&dir, "castle.json", &ir);
    expect(
        &[
            "perft",
            path(&castle),
            "--depth",
            "2",
            "--fen",
            CASTLING_FEN,
        ],
        1,
        "lands its king or partner on a cell it neither requires empty nor vacates",
    );
    let mut ir = chess_ir();
    for c in &mut ir.castlings {
        c.must_be_empty.clear();
    }
    let open = write_ir(&dir, "no_empty_cells.json", &ir);
    expect(&["perft", path(&open), "--depth", "4"], 1, "lands its king");

    // An edited file with a zeroed checksum: refused, and the message
    // does not carry the sum that would re-seal it.
    let mut value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&castle).unwrap()).unwrap();
    let wanted = value["checksum"].as_str().unwrap().to_string();
    value["checksum"] = serde_json::Value::String("0".repeat(16));
    let zeroed = dir.join("zeroed.json");
    std::fs::write(&zeroed, value.to_string()).unwrap();
    let out = run(&["perft", path(&zeroed), "--depth", "1"], b"");
    assert_eq!(out.status.code(), Some(1), "{}", said(&out));
    assert!(said(&out).contains("checksum mismatch"), "{}", said(&out));
    assert!(!said(&out).contains(&wanted), "{}", said(&out));
    std::fs::remove_dir_all(&dir).ok();
}

/// Report 3, F13 and F14: `--clock` ending in a multi-byte character
/// panicked (the unit was cut at a byte, not a character); a second `end
/// checkmate` (or clock, points, stalemate, repetition or move rule)
/// silently replaced the first. Both are refused now, the duplicate as E004
/// at its second statement (`dsl-examples/errors/e004_end_rule_twice.variant`).
#[test]
fn report3_f13_f14_clock_units_and_end_rules_said_twice() {
    for clock in ["30é", "é", "1ß", "€"] {
        expect(
            &["play", CHESS, "--clock", clock],
            2,
            "write a number and a unit",
        );
    }
    let dir = scratch("report3-f14");
    let file = dir.join("dup_end.variant");
    std::fs::write(&file, chess_source() + "\nend checkmate win\n").unwrap();
    expect(
        &["check", path(&file)],
        1,
        "the game gives how a checkmate ends twice",
    );
    expect(&["perft", path(&file), "--depth", "1"], 1, "E004");
}

/// Report 3, F16: `draw -o` wrote its picture over its own game file;
/// like `compile`, `play --record` and `selfplay --out`, it refuses now and
/// leaves the file as it was.
#[test]
fn report3_f16_draw_does_not_write_over_its_game_file() {
    let dir = scratch("report3-f16");
    let file = dir.join("x.variant");
    let source = chess_source();
    std::fs::write(&file, &source).unwrap();
    expect(
        &["draw", path(&file), "-o", path(&file)],
        1,
        "refusing to write the picture over the game file",
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), source);
}

/// Report 3, F6: a triangle board's rows were built before its size was
/// checked (`board triangle 1000000000` allocated 8 GB and aborted; a
/// hexagon of side 2^31-1 overflowed to "0 cells wide"); a round board the
/// runtime cannot hold passed the checker. Each is refused by the checker
/// at once, naming the size the file gave.
#[test]
fn report3_f6_board_sizes_are_checked_before_anything_is_built() {
    let dir = scratch("report3-f6");
    let cases = [
        (
            "triangle 1000000000",
            "a triangular board of 1000000000 rows",
        ),
        (
            "triangle 2147483647 point-down",
            "a triangular board of 2147483647 rows",
        ),
        (
            "triangle hexagon 2147483647",
            "a triangular board of 4294967294 rows",
        ),
        (
            "triangle 5 x 1000000000",
            "a triangular board of 1000000000 rows",
        ),
        ("round 20 x 24", "a round board of 20 rings and 24 sectors"),
    ];
    for (i, (board, said)) in cases.iter().enumerate() {
        let file = dir.join(format!("b{i}.variant"));
        let source = format!(
            "game \"g\"\nboard {board}\nplayers white black\n\
             piece King {{ letter K royal leap (1,0) }}\n\
             setup white {{ King a1 }}\nsetup black {{ King b1 }}\nend checkmate loss\n"
        );
        std::fs::write(&file, source).unwrap();
        expect(&["check", path(&file)], 1, said);
    }
}

/// Report 3, F7: `selfplay --games 100000000` reserved 9.6 GB before the
/// first game; a run now asks for at most a million games (the summary
/// keeps about a hundred bytes a game), and a shard's games are counted,
/// not listed. (F12, the engines' tables under `--threads 256`, is the
/// unit test `tables_fit_the_budget_however_many_play_at_once`.)
#[test]
fn report3_f7_selfplay_runs_are_bounded() {
    let dir = scratch("report3-f7");
    let out = dir.join("g.jsonl");
    for games in ["100000000", "1000000000", "1000001"] {
        expect(
            &[
                "selfplay",
                CHESS,
                "--games",
                games,
                "--players",
                "random",
                "--out",
                path(&out),
            ],
            2,
            "1..=1000000",
        );
    }
    // The last shard of a run with fewer games than shards plays none.
    let shard = run(
        &[
            "selfplay",
            CHESS,
            "--games",
            "2",
            "--shard",
            "3/4",
            "--players",
            "random",
            "--out",
            path(&out),
        ],
        b"",
    );
    assert_eq!(shard.status.code(), Some(0), "{}", said(&shard));
}

/// Report 3, F11: the general notation's piece tokens parsed in quadratic
/// time (a 400 KB token in a claim's position took 39 s; 200 KB over `uci`
/// 13 s). Every split of a token was looked up whole; now only those whose
/// cell part is short enough to be a cell name.
#[test]
fn report3_f11_long_piece_tokens_are_refused_in_linear_time() {
    let dir = scratch("report3-f11");
    let file = dir.join("long.variant");
    let token = format!("K{}", "a".repeat(400_000));
    std::fs::write(
        &file,
        chess_source() + &format!("\nclaim perft 1 == 1 position \"white: {token}; black: Ke8\"\n"),
    )
    .unwrap();
    expect_within(&["check", path(&file)], 1, "bad position", 5);
}

/// Report 3, F17: `claim mate-in` on a position where the game is already
/// over blamed the budget ("reached 0 of its 1 plies ... past the default
/// budget") and suggested a larger one; it says the game is over now.
#[test]
fn report3_f17_mate_in_on_a_finished_game_says_so() {
    let dir = scratch("report3-f17");
    let file = dir.join("mated.variant");
    std::fs::write(
        &file,
        chess_source() + &format!("\nclaim mate-in 1 position \"{MATED_FEN}\"\n"),
    )
    .unwrap();
    let out = run(&["check", path(&file)], b"");
    let text = said(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("the game is already over here (Checkmate)"),
        "{text}"
    );
    assert!(!text.contains("budget"), "{text}");
}

/// Report 3, F8 and F15: `selfplay --merge` opened anything and read lines
/// without bound (/dev/zero and a sparse file aborted, a FIFO blocked for
/// ever), and merged records that made no sense (the winner also the loser,
/// scores 7 and -3, 999,999 plies of one move). Each is refused now.
#[test]
fn report3_f8_f15_merge_reads_regular_bounded_sensible_records() {
    expect(
        &["selfplay", "--merge", "/dev/zero"],
        1,
        "not a regular file",
    );
    let dir = scratch("report3-f8");
    let sparse = dir.join("sparse.jsonl");
    std::fs::File::create(&sparse)
        .unwrap()
        .set_len(1 << 30)
        .unwrap();
    expect_within(
        &["selfplay", "--merge", path(&sparse)],
        1,
        "is no selfplay record",
        10,
    );
    let good = r#"{"game":0,"seed":1,"variant":"Chess","seats":["white","black"],"players":["random","random"],"moves":["e2e4"],"plies":1,"reason":"ply_cap","winner":null,"loser":null,"scores":[0.5,0.5]}"#;
    let cases = [
        (
            good.replace("\"plies\":1", "\"plies\":999999"),
            "plies but lists",
        ),
        (
            good.replace("ply_cap", "\\u202enot_a_reason"),
            "is not a way a game ends",
        ),
        (
            good.replace(
                "\"winner\":null,\"loser\":null",
                "\"winner\":\"white\",\"loser\":\"white\"",
            ),
            "the winner is also the loser",
        ),
        (
            good.replace("[0.5,0.5]", "[7,-3]"),
            "is not a share of the points",
        ),
    ];
    for (i, (line, said)) in cases.iter().enumerate() {
        let file = dir.join(format!("r{i}.jsonl"));
        std::fs::write(
            &file,
            format!("{good}\n{}\n", line.replace("\"game\":0", "\"game\":1")),
        )
        .unwrap();
        expect(&["selfplay", "--merge", path(&file)], 1, said);
    }
}
