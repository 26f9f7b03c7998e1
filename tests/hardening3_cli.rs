//! The third hardening report's cases in the command line's own commands
//! (`../shared/hardening3/README.md`: F8, F9, F10, F11's UCI line, F12,
//! F15, F16, F20; F7 and F13 are in tests/hardening_regressions.rs, F12's
//! sizing also a unit test of `src/selfplay.rs` run by tests/cli.rs). Each runs the `variant`
//! binary as the report did, under a deadline: a child still running at
//! its deadline is killed and the test fails, so a hang is a failure, not
//! a stuck suite. Memory is capped where the report's crash was an
//! allocation (`ulimit -v` through `sh`), so a line held whole aborts.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const CHESS: &str = "dsl-examples/chess.variant";
const BIN: &str = env!("CARGO_BIN_EXE_variant");

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("variant-h3-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Waits for `child` at most `seconds`, killing it past that (the test
/// then fails), and returns its output.
#[track_caller]
fn finish(mut child: Child, seconds: u64, what: &str) -> Output {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().ok();
            let out = child.wait_with_output().unwrap();
            panic!(
                "{what}: still running after {seconds} s, killed\n{}",
                said(&out)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Runs `variant args` with `input` on standard input (written on a thread,
/// so a child that stops reading cannot block the test), within `seconds`.
#[track_caller]
fn run(args: &[&str], input: Vec<u8>, seconds: u64) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    std::thread::spawn(move || stdin.write_all(&input).ok());
    finish(child, seconds, &format!("{args:?}"))
}

/// `sh -c SCRIPT` within `seconds` (for `ulimit` and pipes).
#[track_caller]
fn shell(script: &str, seconds: u64) -> Output {
    let child = Command::new("sh")
        .args(["-c", script])
        .env("VARIANT", BIN)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    finish(child, seconds, script)
}

/// Both streams, as one text.
fn said(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

/// `args` exits with `code` within 10 s, saying `part`, without a panic.
#[track_caller]
fn expect(args: &[&str], code: i32, part: &str) {
    let out = run(args, Vec::new(), 10);
    let text = said(&out);
    assert_eq!(out.status.code(), Some(code), "{args:?}:\n{text}");
    assert!(
        text.contains(part),
        "{args:?} does not say {part:?}:\n{text}"
    );
    assert!(!text.contains("panicked"), "{args:?}:\n{text}");
}

#[path = "support/uci_child.rs"]
mod uci_child;
use uci_child::Uci;

/// `variant uci` on chess, spoken to line by line.
impl Uci {
    fn start() -> Uci {
        Uci::spawn(&[CHESS], None)
    }

    /// The first line starting with `prefix` within 5 s (the search of a
    /// `go infinite` never ends by itself: only an obeyed command answers).
    #[track_caller]
    fn expect(&mut self, prefix: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(5);
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return line,
                Ok(line) => seen.push(line),
                Err(e) => panic!("no `{prefix}` within 5 s ({e}); last lines: {seen:?}"),
            }
        }
    }

    /// `isready` answered, with no `bestmove` before the `readyok`.
    #[track_caller]
    fn no_bestmove_yet(&mut self) {
        self.send("isready");
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line == "readyok" => return,
                Ok(line) => assert!(!line.starts_with("bestmove"), "{line}"),
                Err(e) => panic!("no `readyok` within 5 s while searching ({e})"),
            }
        }
    }

    /// `quit` ends the program at once, successfully.
    #[track_caller]
    fn quit(mut self) {
        self.send("quit");
        drop(self.child.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "{status}");
                return;
            }
            assert!(Instant::now() < deadline, "`quit` not obeyed within 5 s");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// F10: after `go infinite`, any command but `isready`, `stop` or `quit`
/// joined the endless search, and nothing after it was read. Now the
/// engine reads on: during a search `isready` is answered, `stop` and
/// `quit` obeyed at once, and every other command waits in order for the
/// search to end (as the protocol has a GUI stop first), then is obeyed.
#[test]
fn f10_uci_hears_every_command_while_searching() {
    // The report's script, at once: answered and ended within the deadline.
    let out = run(
        &["uci", CHESS],
        b"go infinite\nposition startpos\nstop\nquit\n".to_vec(),
        10,
    );
    assert!(out.status.success(), "{}", said(&out));
    assert_eq!(said(&out).matches("bestmove").count(), 1, "{}", said(&out));

    let mut uci = Uci::start();
    // A position and a search sent during an endless search wait for its
    // `stop`, then are obeyed: the second search is of 1. e4, a black move.
    uci.send("go infinite");
    uci.no_bestmove_yet();
    uci.send("position startpos moves e2e4");
    uci.no_bestmove_yet();
    uci.send("go depth 1");
    uci.no_bestmove_yet();
    uci.send("stop");
    uci.expect("bestmove");
    let answer = uci.expect("bestmove");
    assert!(
        ['5', '6'].contains(&answer.chars().last().unwrap()),
        "{answer}"
    );
    // An hour's search: `ucinewgame` and an unknown word wait, `isready`
    // does not; `stop` ends it, and the waiting commands are obeyed.
    uci.send("go movetime 3600000");
    uci.no_bestmove_yet();
    uci.send("ucinewgame");
    uci.send("bogus");
    uci.no_bestmove_yet();
    uci.send("stop");
    uci.expect("bestmove");
    uci.expect("info string error: unknown command `bogus`");
    // `quit` during an endless search ends the program at once.
    uci.send("go infinite");
    uci.no_bestmove_yet();
    uci.quit();
}

/// F11's other half: `uci` read a line whole (`head -c 7000000000
/// /dev/zero` aborted it allocating 8 GB). Under a 700 MB address-space
/// cap, a line of 1.2 GB is skipped with an error line and the next
/// command answered.
#[test]
fn f11_uci_lines_are_bounded() {
    let out = shell(
        &format!(
            "(head -c 1200000000 /dev/zero; printf '\\nisready\\nquit\\n') | \
             (ulimit -v 700000; exec \"$VARIANT\" uci {CHESS})"
        ),
        60,
    );
    let text = said(&out);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains(
            "info string error: a line of 1200000000 bytes, more than the 1048576 \
             a command may have: skipped"
        ),
        "{text}"
    );
    assert!(text.contains("readyok"), "{text}");
    // A position line of a long game (200,000 plies' worth is allowed):
    // not refused for its length.
    let moves = "g1f3 g8f6 f3g1 f6g8 ".repeat(2000);
    let out = run(
        &["uci", CHESS],
        format!("position startpos moves {moves}\nisready\n").into_bytes(),
        30,
    );
    let text = said(&out);
    assert!(!text.contains("more than the"), "{}", &text[..200]);
    assert!(text.contains("readyok"), "{}", &text[..200]);
}

/// A fake engine for `match`, written as a shell script in `dir`: it
/// answers the handshake and `isready`, and on `go` runs `on_go`.
fn fake_engine(dir: &Path, name: &str, on_go: &str) -> String {
    let file = dir.join(name);
    std::fs::write(
        &file,
        format!(
            "while read -r line; do\n  case \"$line\" in\n    uci) echo 'id name fake'; echo uciok;;\n    \
             isready) echo readyok;;\n    go*) {on_go};;\n    quit) exit 0;;\n  esac\ndone\n"
        ),
    )
    .unwrap();
    format!("sh {}", path(&file))
}

/// F9: the arbiter read the outside engine's lines whole, and an engine
/// sending `/dev/zero` on `go` (`tests/hardening3/zero_on_go.sh`, the
/// report's) grew it until it aborted under a 2 GB cap. Now a line past
/// 1 MiB fails the engine, named, and the match goes on; under a 1 GB cap.
#[test]
fn f9_match_reads_engine_lines_with_a_bound() {
    let out = shell(
        &format!(
            "ulimit -v 1000000; exec \"$VARIANT\" match {CHESS} --engine \
             'sh tests/hardening3/zero_on_go.sh' --games 2 --movetime 100"
        ),
        60,
    );
    let text = said(&out);
    assert!(out.status.success(), "{text}");
    assert_eq!(
        text.matches(
            "the engine failed: awaiting its `bestmove`, the engine \
             `sh tests/hardening3/zero_on_go.sh` sent a line of more than 1048576 bytes"
        )
        .count(),
        2,
        "{text}"
    );
    assert!(text.contains("score of ours: 2 won"), "{text}");
    // An endless line in answer to `uci` (it reached 2.4 GB in the 10 s
    // wait for `uciok`): the match cannot start, and says why.
    let dir = scratch("f9-handshake");
    let engine = dir.join("endless.sh");
    std::fs::write(&engine, "read -r line; exec cat /dev/zero\n").unwrap();
    let out = shell(
        &format!(
            "ulimit -v 1000000; exec \"$VARIANT\" match {CHESS} --engine 'sh {}' --games 1",
            path(&engine)
        ),
        30,
    );
    let text = said(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("awaiting its `uciok`, the engine `sh ")
            && text.contains("sent a line of more than 1048576 bytes"),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// F20: a 10 MB `bestmove` was echoed whole in the game's line (30 MB of
/// output for 3 games); now it is quoted cut, its length said.
#[test]
fn f20_match_quotes_a_long_move_cut() {
    let dir = scratch("f20-long");
    let engine = fake_engine(
        &dir,
        "long.sh",
        "printf 'bestmove '; head -c 900000 /dev/zero | tr '\\0' x; echo",
    );
    let out = run(
        &[
            "match",
            CHESS,
            "--engine",
            &engine,
            "--games",
            "2",
            "--movetime",
            "50",
        ],
        Vec::new(),
        60,
    );
    let text = said(&out);
    assert!(out.status.success(), "{text}");
    assert!(text.len() < 2000, "{} bytes of output", text.len());
    assert_eq!(
        text.matches(&format!(
            "`{}… (900000 bytes)`, not a legal move",
            "x".repeat(40)
        ))
        .count(),
        2,
        "{text}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// F20: an engine that sends every `bestmove` twice had the stale copy
/// taken as its answer to the next position ("illegal move d7d5: no piece
/// on d7"; a stale move that happened to be legal would have been played).
/// The proxy here is `variant uci` itself with each `bestmove` doubled:
/// every game now runs to the ply cap, no move refused.
#[test]
fn f20_match_drops_a_stale_bestmove() {
    let dir = scratch("f20-double");
    let proxy = dir.join("double.sh");
    std::fs::write(
        &proxy,
        format!(
            "\"$VARIANT\" uci {} | while read -r line; do\n  echo \"$line\"\n  \
             case \"$line\" in bestmove*) echo \"$line\";; esac\ndone\n",
            path(&std::fs::canonicalize(CHESS).unwrap())
        ),
    )
    .unwrap();
    let out = shell(
        &format!(
            "exec \"$VARIANT\" match {CHESS} --engine 'sh {}' --games 2 --movetime 20 \
             --max-plies 16",
            path(&proxy)
        ),
        60,
    );
    let text = said(&out);
    assert!(out.status.success(), "{text}");
    assert_eq!(
        text.matches("ply cap (16) after 16 plies").count(),
        2,
        "{text}"
    );
    assert!(!text.contains("not a legal move"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

/// F8: `--merge` of a FIFO blocked for ever and a directory said "Is a
/// directory" at line 1 (`/dev/zero` and a sparse file are in
/// tests/hardening_regressions.rs); both are refused before opening now.
/// Files larger together than a merge reads are refused before reading.
#[test]
fn f8_merge_opens_regular_files_only_and_bounds_the_total() {
    let dir = scratch("f8");
    let fifo = dir.join("fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    expect(
        &["selfplay", "--merge", path(&fifo)],
        1,
        "not a regular file (a directory, a device or a pipe)",
    );
    expect(
        &["selfplay", "--merge", path(&dir)],
        1,
        "not a regular file (a directory, a device or a pipe)",
    );
    // Two sparse files of 40 GiB (no disk used): 80 GiB together.
    let big: Vec<PathBuf> = (0..2).map(|i| dir.join(format!("big{i}.jsonl"))).collect();
    for file in &big {
        std::fs::File::create(file)
            .unwrap()
            .set_len(40 << 30)
            .unwrap();
    }
    expect(
        &["selfplay", "--merge", path(&big[0]), path(&big[1])],
        1,
        "the files to merge have more than 68719476736 bytes together",
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// One record of a two-seat chess run, edited by `edit`.
fn record(game: u64, edit: impl Fn(&mut serde_json::Value)) -> String {
    let mut value = serde_json::json!({
        "game": game, "seed": 1, "variant": "Chess", "seats": ["white", "black"],
        "players": ["random", "random"], "moves": ["e2e4"], "plies": 1,
        "reason": "checkmate", "winner": "white", "loser": "black", "scores": [1.0, 0.0]
    });
    edit(&mut value);
    value.to_string()
}

/// F15: `--merge` checked records' shape, not their sense. The report's
/// file (`tests/hardening3/inconsistent.jsonl`) and each kind it names
/// are refused with the line number; a sound record of every ending a
/// game has (extinction and checks were missing) is merged.
#[test]
fn f15_merge_refuses_records_that_make_no_sense() {
    expect(
        &["selfplay", "--merge", "tests/hardening3/inconsistent.jsonl"],
        1,
        "tests/hardening3/inconsistent.jsonl:1: game 0:",
    );
    let dir = scratch("f15");
    let set = |key: &'static str, value: serde_json::Value| {
        move |r: &mut serde_json::Value| r[key] = value.clone()
    };
    let cases: Vec<(String, &str)> = vec![
        (
            record(1, set("loser", "white".into())),
            "the winner is also the loser",
        ),
        (
            record(1, set("scores", serde_json::json!([7, -3]))),
            "a score of -3 is not a share of the points",
        ),
        (
            record(1, set("plies", 999_999.into())),
            "it says 999999 plies but lists 1 moves",
        ),
        (
            record(1, set("reason", "\u{202e}not_a_reason".into())),
            "is not a way a game ends",
        ),
        (
            record(1, |r| {
                r["seats"] = serde_json::json!([]);
                r["players"] = serde_json::json!([]);
                r["scores"] = serde_json::json!([]);
                r["winner"] = serde_json::Value::Null;
                r["loser"] = serde_json::Value::Null;
            }),
            "a record of a game without seats",
        ),
        (
            record(1, set("scores", serde_json::json!([1e308, 1e308]))),
            "is not a share of the points",
        ),
        (
            record(1, set("scores", serde_json::json!([1.5, -0.5]))),
            "a score of -0.5 is not a share of the points",
        ),
        (
            record(u64::MAX, |_| {}),
            "game 18446744073709551615 is past the most a run plays",
        ),
        (
            record(1, |r| {
                r.as_object_mut().unwrap().remove("moves");
            }),
            "missing field `moves`",
        ),
        (
            record(1, set("reason", "ply_cap".into())),
            "a game stopped by the ply cap has no winner and no loser",
        ),
    ];
    for (i, (line, says)) in cases.iter().enumerate() {
        let file = dir.join(format!("r{i}.jsonl"));
        std::fs::write(&file, format!("{}\n{line}\n", record(0, |_| {}))).unwrap();
        expect(
            &["selfplay", "--merge", path(&file)],
            1,
            &format!("r{i}.jsonl:2"),
        );
        expect(&["selfplay", "--merge", path(&file)], 1, says);
    }
    let endings = [
        "checkmate",
        "extinction",
        "checks",
        "winning_arrival",
        "last_in_play",
    ];
    let sound: Vec<String> = endings
        .iter()
        .enumerate()
        .map(|(i, &reason)| record(i as u64, set("reason", reason.into())))
        .collect();
    let file = dir.join("sound.jsonl");
    std::fs::write(&file, sound.join("\n") + "\n").unwrap();
    expect(
        &["selfplay", "--merge", path(&file)],
        0,
        "endings: checkmate 1, checks 1, extinction 1",
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A real run of a game that ends by extinction merges (its records were
/// refused: `extinction` was not among the merge's reasons).
#[test]
fn f15_a_run_of_every_kind_of_game_merges() {
    let dir = scratch("f15-run");
    let out = dir.join("anti.jsonl");
    expect(
        &[
            "selfplay",
            "dsl-examples/fairy/antichess.variant",
            "--games",
            "4",
            "--players",
            "random",
            "--max-plies",
            "400",
            "--threads",
            "1",
            "--out",
            path(&out),
        ],
        0,
        "endings:",
    );
    expect(&["selfplay", "--merge", path(&out)], 0, "4 games");
    std::fs::remove_dir_all(&dir).ok();
}

/// F16: `draw -o` wrote over its game file (fixed before, tested in
/// tests/hardening_regressions.rs); any command writing a file now also
/// refuses a file the game imports, and the game file under another name
/// (a hard link). Each leaves the file as it was.
#[test]
fn f16_no_command_writes_over_what_the_game_reads() {
    let dir = scratch("f16");
    let library = dir.join("pieces.variant");
    let pieces = std::fs::read_to_string("stdlib/pieces.variant").unwrap();
    std::fs::write(&library, &pieces).unwrap();
    let game = dir.join("g.variant");
    std::fs::write(
        &game,
        "game \"g\"\nimport \"pieces.variant\"\nboard square 8 x 8\nplayers white black\n\
         setup white { King a1 }\nsetup black { King h8 }\nend checkmate loss\n",
    )
    .unwrap();
    let (g, lib) = (path(&game), path(&library));
    for (args, says) in [
        (
            vec!["draw", g, "-o", lib],
            "refusing to write the picture over",
        ),
        (
            vec!["compile", g, "-o", lib],
            "refusing to write the IR over",
        ),
        (
            vec!["selfplay", g, "--games", "1", "--out", lib],
            "refusing to write the games over",
        ),
        (
            vec!["play", g, "--record", lib],
            "refusing to write the record over",
        ),
    ] {
        expect(&args, 1, says);
        expect(&args, 1, "a file the game imports");
        assert_eq!(std::fs::read_to_string(&library).unwrap(), pieces);
    }
    let link = dir.join("link.variant");
    std::fs::hard_link(&game, &link).unwrap();
    expect(
        &["draw", g, "-o", path(&link)],
        1,
        "refusing to write the picture over the game file",
    );
    assert!(std::fs::read_to_string(&game).unwrap().starts_with("game"));
    std::fs::remove_dir_all(&dir).ok();
}

/// F20: `selfplay --players human` named the computer seats without
/// `greedy`, which it accepts.
#[test]
fn f20_selfplay_names_every_computer_seat() {
    let dir = scratch("f20-seats");
    let out = dir.join("g.jsonl");
    expect(
        &["selfplay", CHESS, "--players", "human", "--out", path(&out)],
        1,
        "selfplay seats are computers: random, greedy or engine",
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// F12: `selfplay --threads 256` gave every engine seat a table of 8 MiB,
/// whatever the number playing at once (six seats: 12 GB, an abort under
/// the report's 6 GB cap). The tables now shrink to fit 1 GiB together:
/// 256 games of chess at once, 512 engines, run under a 4 GB address-space
/// cap (with tables of 8 MiB they take 4 GiB alone and abort).
#[test]
fn f12_many_threads_of_engines_fit_in_memory() {
    let dir = scratch("f12");
    let out = dir.join("g.jsonl");
    let run = shell(
        &format!(
            "ulimit -v 4000000; exec \"$VARIANT\" selfplay {CHESS} --games 256 --threads 256 \
             --players engine:nodes=200 --max-plies 20 --out {}",
            path(&out)
        ),
        60,
    );
    let text = said(&run);
    assert!(run.status.success(), "{text}");
    assert!(text.contains("Chess: 256 games"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}
