//! The fuzz targets of the command line's own inputs, which the library
//! targets never reach (the third hardening report's "what the harness
//! would miss"): lines sent to `variant uci`, lines an outside engine sends
//! `variant match`, and self-play records given to `selfplay --merge`.
//! Each runs the `variant` binary itself, under a deadline per case: a
//! child still running past it is killed and the target fails, as does an
//! abort, a panic, or an answer that is not the contract's (no `readyok`,
//! unbounded output, a merged record that makes no sense).

use super::{budget, seed, Rng};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_variant");
const CHESS: &str = "dsl-examples/chess.variant";

/// Waits for `child` at most `seconds`; past that it is killed and the
/// target fails with `what`.
fn finish(mut child: Child, seconds: u64, what: &dyn Fn() -> String) -> Output {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().ok();
            child.wait().ok();
            panic!("still running after {seconds} s, killed: {}", what());
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.wait_with_output().unwrap()
}

/// Words that break numbers, names and encodings.
const NOISE: [&str; 16] = [
    "0",
    "-1",
    "18446744073709551615",
    "99999999999999999999999",
    "",
    "é",
    "\u{0}",
    "\u{1b}[2J",
    "\u{202e}",
    "moves",
    "fen",
    "startpos",
    "infinite",
    "e2e4",
    "0000",
    "depth",
];

/// A line changed by up to three word-level edits: a word replaced by
/// noise, dropped, repeated, or the line cut at a character.
fn mutate_words(line: &str, rng: &mut Rng) -> String {
    let mut words: Vec<String> = line.split(' ').map(String::from).collect();
    for _ in 0..rng.below(4) {
        let at = rng.below(words.len());
        match rng.below(4) {
            0 => words[at] = NOISE[rng.below(NOISE.len())].to_string(),
            1 if words.len() > 1 => {
                words.remove(at);
            }
            2 => {
                let w = words[at].clone();
                words.insert(at, w);
            }
            _ => {
                let w = &words[at];
                let cut = rng.below(w.len() + 1);
                let cut = (0..=cut).rev().find(|&k| w.is_char_boundary(k)).unwrap();
                words[at] = w[..cut].to_string();
            }
        }
    }
    words.join(" ")
}

/// The UCI commands the mutations start from (never `quit`: the target
/// ends the engine itself).
const UCI_CORPUS: [&str; 19] = [
    "uci",
    "isready",
    "ucinewgame",
    "position startpos",
    "position startpos moves e2e4 e7e5 g1f3",
    "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 moves c7c5",
    "position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1",
    "go depth 2",
    "go movetime 5",
    "go nodes 300",
    "go infinite",
    "go wtime 1000 btime 1000 winc 10 binc 10 movestogo 5",
    "stop",
    "ponderhit",
    "setoption name Hash value 16",
    "setoption name UCI_Variant value capablanca",
    "setoption name UCI_Variant value chess",
    "setoption name VariantPath value dsl-examples",
    "debug on",
];

/// Lines to `variant uci`, mutated, a few at a time, each batch followed
/// by `isready`: the engine must answer `readyok` within 10 s every time
/// (it reads on while it searches), and end on `quit` with success.
#[test]
fn fuzz_uci_lines() {
    let mut rng = Rng(seed(5));
    let mut child = Command::new(BIN)
        .args(["uci", CHESS])
        .current_dir(super::root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let lines = reader(child.stdout.take().unwrap());
    let mut input = child.stdin.take().unwrap();
    let start = Instant::now();
    let (mut cases, mut sent) = (0u64, Vec::new());
    while start.elapsed() < budget() {
        sent.clear();
        for _ in 0..1 + rng.below(4) {
            let mut line =
                mutate_words(UCI_CORPUS[rng.below(UCI_CORPUS.len())], &mut rng).into_bytes();
            match rng.below(40) {
                0 => line.extend_from_slice(&[0xff, 0xfe]),
                1 => line = vec![b'a'; (1 << 20) + rng.below(3)],
                2 => line.push(b'\r'),
                _ => {}
            }
            if line.split(|&b| b == b' ').next() == Some(b"quit") {
                continue;
            }
            line.push(b'\n');
            input.write_all(&line).unwrap();
            sent.push(String::from_utf8_lossy(&line[..line.len().min(200)]).into_owned());
        }
        input.write_all(b"isready\n").unwrap();
        input.flush().unwrap();
        await_line(&lines, "readyok", &|| format!("uci, after {sent:?}"));
        cases += 1;
    }
    input.write_all(b"quit\n").ok();
    drop(input);
    let out = finish(child, 10, &|| format!("uci quit, after {sent:?}"));
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "uci ended {}: {errors}", out.status);
    assert!(!errors.contains("panicked"), "{errors}");
    eprintln!("uci lines: {cases} batches");
}

/// The child's output lines on a channel (read on a thread).
fn reader(output: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (send, lines) = channel();
    std::thread::spawn(move || {
        let mut output = BufReader::new(output);
        let mut line = Vec::new();
        while output.read_until(b'\n', &mut line).is_ok_and(|n| n > 0) {
            if send
                .send(String::from_utf8_lossy(&line).into_owned())
                .is_err()
            {
                break;
            }
            line.clear();
        }
    });
    lines
}

/// Reads lines until one is `want`, within 10 s.
fn await_line(lines: &Receiver<String>, want: &str, what: &dyn Fn() -> String) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) if line.trim_end() == want => return,
            Ok(_) => {}
            Err(e) => panic!("no `{want}` within 10 s ({e}): {}", what()),
        }
    }
}

/// Moves a chess engine might answer with, legal or not at any point.
const MOVES: [&str; 12] = [
    "e2e4", "e7e5", "d2d4", "d7d5", "g1f3", "g8f6", "b8c6", "e1g1", "e7e8q", "a7a5", "h7h6", "c7c5",
];

/// One answer of the fake engine to `go`: `info` lines and a `bestmove`,
/// mutated; now and then no `bestmove`, or a line past the arbiter's bound.
fn engine_answer(rng: &mut Rng) -> Vec<String> {
    let mut lines = Vec::new();
    for _ in 0..rng.below(3) {
        lines.push(mutate_words(
            "info depth 3 score cp 20 nodes 999 pv e2e4 e7e5",
            rng,
        ));
    }
    // Without a `bestmove` the engine loses on time, 2 s later: rare.
    match rng.below(100) {
        0 => {}
        1 => lines.push(format!("bestmove {}", "x".repeat((1 << 20) + 10))),
        2 => lines.push("@zero".into()),
        _ => {
            let moves = format!("{} ponder {}", MOVES[rng.below(12)], MOVES[rng.below(12)]);
            let best = format!("bestmove {moves}");
            // The keyword mutated too, now and then (then no `bestmove`
            // comes, as above).
            lines.push(if rng.chance(50) {
                mutate_words(&best, rng)
            } else {
                format!("bestmove {}", mutate_words(&moves, rng))
            });
            if rng.chance(4) {
                lines.push(best);
            }
        }
    }
    lines
}

/// The fake engine: the handshake answered, and on each `go` the next
/// answer of its file (answers end at a `--` line; `@zero` sends two MB of
/// zero bytes without a newline).
const FAKE_ENGINE: &str = r#"exec 3< "$1"
while IFS= read -r line; do
  case "$line" in
    uci) echo 'id name fuzz'; echo uciok;;
    isready) echo readyok;;
    go*) while IFS= read -r l <&3; do
           [ "$l" = "--" ] && break
           if [ "$l" = "@zero" ]; then head -c 2000000 /dev/zero; else printf '%s\n' "$l"; fi
         done;;
    quit) exit 0;;
  esac
done
"#;

/// `variant match` against a fake engine whose answers are mutated: every
/// game adjudicated with a reason, the match finished within 60 s, its
/// output bounded (a refused move quoted cut), no panic.
#[test]
fn fuzz_match_engine_lines() {
    let dir = std::env::temp_dir().join(format!("variant-fuzz-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let engine = dir.join("engine.sh");
    std::fs::write(&engine, FAKE_ENGINE).unwrap();
    let mut rng = Rng(seed(6));
    let start = Instant::now();
    let mut cases = 0u64;
    while start.elapsed() < budget() {
        let answers: Vec<String> = (0..40)
            .flat_map(|_| {
                let mut a = engine_answer(&mut rng);
                a.push("--".into());
                a
            })
            .collect();
        let file = dir.join("answers.txt");
        std::fs::write(&file, answers.join("\n") + "\n").unwrap();
        let command = format!("sh {} {}", engine.display(), file.display());
        let child = Command::new(BIN)
            .args(["match", CHESS, "--engine", &command, "--games", "2"])
            .args([
                "--movetime",
                "5",
                "--max-plies",
                "40",
                "--random-plies",
                "0",
            ])
            .current_dir(super::root())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let what = || format!("match, answers {:?}", short(&answers));
        let out = finish(child, 60, &what);
        let text = String::from_utf8_lossy(&out.stdout);
        let errors = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{}: {errors}", what());
        assert!(!errors.contains("panicked"), "{}: {errors}", what());
        let games = text.lines().filter(|l| l.starts_with("game ")).count();
        assert_eq!(games, 2, "{}: {text}", what());
        assert!(text.len() < 8000, "{}: {} bytes out", what(), text.len());
        cases += 1;
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("match engine lines: {cases} matches");
}

/// Lines cut to 80 characters, for a failure's message.
fn short(lines: &[String]) -> Vec<String> {
    lines.iter().map(|l| l.chars().take(80).collect()).collect()
}

/// A record field's replacement: edges of numbers, strings, arrays.
fn odd_value(rng: &mut Rng, seats: &[serde_json::Value]) -> serde_json::Value {
    use serde_json::json;
    match rng.below(14) {
        0 => json!(0),
        1 => json!(-1),
        2 => json!(u64::MAX),
        3 => json!(1e308),
        4 => json!(0.5),
        5 => json!(""),
        6 => json!("\u{202e}x"),
        7 => json!(null),
        8 => json!([]),
        9 => json!([1, 0]),
        10 => json!([0.5, 0.5]),
        11 => json!([7, -3]),
        12 => seats[rng.below(seats.len())].clone(),
        _ => json!("checkmate"),
    }
}

/// A record mutated: a field replaced, removed or added, or its text cut
/// or given stray bytes.
fn mutate_record(line: &str, rng: &mut Rng) -> Vec<u8> {
    let mut value: serde_json::Value = serde_json::from_str(line).unwrap();
    let seats = value["seats"].as_array().cloned().unwrap_or_default();
    let keys: Vec<String> = value.as_object().unwrap().keys().cloned().collect();
    for _ in 0..1 + rng.below(2) {
        let key = &keys[rng.below(keys.len())];
        let object = value.as_object_mut().unwrap();
        match rng.below(5) {
            0 => {
                object.remove(key);
            }
            1 => {
                object.insert("extra".into(), serde_json::json!(1));
            }
            _ => {
                object.insert(key.clone(), odd_value(rng, &seats));
            }
        }
    }
    let mut bytes = value.to_string().into_bytes();
    match rng.below(12) {
        0 => bytes.truncate(rng.below(bytes.len())),
        1 => bytes.splice(0..0, [0xef, 0xbb, 0xbf]).for_each(drop),
        2 => bytes.push(0xff),
        3 => bytes.push(b'\r'),
        _ => {}
    }
    bytes
}

/// `selfplay --merge` of a real run's records, some lines mutated,
/// repeated or moved: a refusal (exit 1, the line named) or a merge whose
/// every record makes sense (an oracle of its own: the winner not the
/// loser, scores finite and not negative, as many moves as plies, a
/// reason a game ends with); within 10 s, no panic.
#[test]
fn fuzz_merge_records() {
    let dir = std::env::temp_dir().join(format!("variant-fuzz-merge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let base = dir.join("base.jsonl");
    let out = Command::new(BIN)
        .args(["selfplay", CHESS, "--games", "8", "--players", "random"])
        .args(["--max-plies", "30", "--threads", "1", "--out"])
        .arg(&base)
        .current_dir(super::root())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let records: Vec<String> = std::fs::read_to_string(&base)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let mut rng = Rng(seed(7));
    let start = Instant::now();
    let (mut cases, mut merged) = (0u64, 0u64);
    while start.elapsed() < budget() {
        let mut lines: Vec<Vec<u8>> = records.iter().map(|r| r.clone().into_bytes()).collect();
        for _ in 0..rng.below(3) {
            let at = rng.below(lines.len());
            match rng.below(4) {
                0 => lines.push(lines[at].clone()),
                1 => {
                    let line = lines.remove(at);
                    lines.insert(rng.below(lines.len() + 1), line);
                }
                _ => lines[at] = mutate_record(&records[at % records.len()], &mut rng),
            }
        }
        let file = dir.join("case.jsonl");
        std::fs::write(&file, lines.join(&b"\n"[..])).unwrap();
        let target = dir.join("merged.jsonl");
        let child = Command::new(BIN)
            .args(["selfplay", "--merge"])
            .arg(&file)
            .arg("--out")
            .arg(&target)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let what = || format!("merge of {:?}", short(&lossy(&lines)));
        let out = finish(child, 10, &what);
        let errors = String::from_utf8_lossy(&out.stderr);
        assert!(!errors.contains("panicked"), "{}: {errors}", what());
        match out.status.code() {
            Some(0) => {
                merged += 1;
                check_merged(&target, &what);
            }
            Some(1) => assert!(
                errors.contains("case.jsonl") || errors.contains("game "),
                "{errors}"
            ),
            other => panic!("{}: exit {other:?}: {errors}", what()),
        }
        cases += 1;
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("merge records: {cases} cases, {merged} merged");
}

fn lossy(lines: &[Vec<u8>]) -> Vec<String> {
    lines
        .iter()
        .map(|l| String::from_utf8_lossy(l).into_owned())
        .collect()
}

/// Every record of a merged file makes sense (what `--merge` promises).
fn check_merged(file: &Path, what: &dyn Fn() -> String) {
    let reasons = [
        "checkmate",
        "stalemate",
        "repetition",
        "move_rule",
        "insufficient_material",
        "ply_cap",
    ];
    for line in std::fs::read_to_string(file).unwrap().lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        let scores: Vec<f64> = r["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_f64().unwrap())
            .collect();
        let fine = r["winner"].is_null() || r["winner"] != r["loser"];
        let fine = fine && scores.iter().all(|s| s.is_finite() && *s >= 0.0);
        let fine = fine && scores.iter().sum::<f64>() == 1.0;
        let fine =
            fine && r["moves"].as_array().unwrap().len() as u64 == r["plies"].as_u64().unwrap();
        let fine = fine && reasons.contains(&r["reason"].as_str().unwrap());
        assert!(fine, "{}: merged {line}", what());
    }
}
