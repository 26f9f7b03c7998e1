//! A fuzz harness that stays: structure-aware mutation of the four inputs a
//! user hands the tool — IR (as data, as JSON and as binary), game files,
//! positions and moves — run for a bounded time on every test run. Each case
//! must end in a value or a typed error: a panic anywhere (the loader, the
//! compiler, the hot loop trusting the loader) fails the test and prints the
//! case's seed and mutation, so it can be replayed and turned into a
//! regression test. Three more targets (`fuzz/cli.rs`) drive the binary
//! itself: lines to `variant uci`, an outside engine's lines to `variant
//! match`, and records to `selfplay --merge`.
//!
//! Budget: `FUZZ_SECONDS` per target (default 8; the seven targets run as
//! many at once as the test harness runs, one per core). `FUZZ_SEED` picks
//! another sequence (default: fixed, so a run is reproducible). The corpus the mutations start from is kept in
//! `tests/fuzz/` (positions and moves) and is every shipped game file.

#[path = "support/games.rs"]
mod games;
// The command line's inputs (UCI lines, a match's engine lines, merged
// records), through the binary.
#[path = "fuzz/cli.rs"]
mod cli;

use runtime::ir::GameIr;
use runtime::notation::{parse_move, parse_position, write_general};
use runtime::{Game, Move, Position};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn budget() -> Duration {
    let s = std::env::var("FUZZ_SECONDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(8.0);
    Duration::from_secs_f64(s)
}

fn seed(target: u64) -> u64 {
    let base = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x5EED);
    (base ^ target.wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1
}

/// A small random-number source (xorshift64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        games::next_random(&mut self.0)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    fn chance(&mut self, one_in: u64) -> bool {
        self.next().is_multiple_of(one_in)
    }
    /// A value near the interesting edges of a field of `bits` bits, or
    /// near `around` (an in-range value).
    fn value(&mut self, bits: u32, around: u64) -> u64 {
        let max = if bits >= 64 {
            u64::MAX
        } else {
            (1 << bits) - 1
        };
        match self.below(6) {
            0 => 0,
            1 => max,
            2 => max / 2 + 1,
            3 => around.wrapping_add(1) & max,
            4 => around.wrapping_sub(1) & max,
            _ => self.next() & max,
        }
    }
}

/// Every game file shipped (stdlib and examples, not the error examples).
fn game_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in ["stdlib", "stdlib/cosmic", "dsl-examples"] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "variant"))
            .collect();
        paths.sort();
        out.extend(paths);
    }
    out
}

/// The IR of every shipped game.
fn shipped_irs() -> Vec<(String, GameIr)> {
    game_files()
        .into_iter()
        .filter_map(|p| {
            let ir = compiler::compile_file(&p, false).ir?;
            Some((p.file_name().unwrap().to_string_lossy().into_owned(), ir))
        })
        .collect()
}

/// Runs `case`; a panic fails the test with what was being tried.
fn guarded(what: &dyn Fn() -> String, case: impl FnOnce()) {
    if catch_unwind(AssertUnwindSafe(case)).is_err() {
        panic!("fuzz case panicked: {}", what());
    }
}

/// What a loaded game must survive: a start, a shallow perft, a short
/// random playout with every position written and read back.
fn exercise(game: &Game, rng: &mut Rng) {
    let mut pos = Position::start(game);
    let _ = pos.perft(2);
    let mut list: Vec<Move> = Vec::new();
    for _ in 0..12 {
        if pos.result().is_some() {
            break;
        }
        pos.legal_moves(&mut list);
        if list.is_empty() {
            break;
        }
        // Make and unmake of every legal move must give the position back
        // (a castling that put a piece over another lost it, and left a
        // stale bit behind, in report 3 F1).
        let before = pos.clone();
        for &mv in &list {
            pos.make(mv);
            pos.unmake(mv);
            assert!(
                pos == before,
                "make and unmake of {mv:?} changed the position"
            );
        }
        let mv = list[rng.below(list.len())];
        pos.make(mv);
        let text = write_general(&pos);
        let _ = parse_position(game, &text);
    }
}

/// One edit of a castling's landing or of the cells it requires empty,
/// half the time from a setup with every castling lane opened (from the
/// setup no castling is legal, so the edited one would go unplayed).
fn mutate_castling(ir: &mut GameIr, base: &GameIr, rng: &mut Rng) -> String {
    let mut done = String::new();
    if rng.chance(2) {
        let lanes: Vec<u16> = base
            .castlings
            .iter()
            .flat_map(|c| c.must_be_empty.iter().copied())
            .collect();
        ir.setup.pieces.retain(|p| !lanes.contains(&p.cell));
        done.push_str("castling lanes opened; ");
    }
    let i = rng.below(ir.castlings.len());
    let cell = rng.below(ir.cells.len()) as u16;
    let c = &mut ir.castlings[i];
    done += &match rng.below(4) {
        0 => {
            c.must_be_empty.clear();
            format!("castling {i} requires no cell empty")
        }
        1 => {
            c.must_be_empty.pop();
            format!("castling {i} requires one cell fewer empty")
        }
        2 => {
            c.king_to = cell;
            format!("castling {i} king_to = {cell}")
        }
        _ => {
            c.partner_to = cell;
            format!("castling {i} partner_to = {cell}")
        }
    };
    done
}

/// One structure-aware change to an IR: a field set to an edge value, an
/// element dropped or repeated. Returns what it did.
fn mutate_ir(ir: &mut GameIr, rng: &mut Rng) -> String {
    let cells = ir.cells.len() as u64;
    macro_rules! pick {
        ($v:expr) => {{
            let n = $v.len();
            if n == 0 {
                return "nothing (empty table)".into();
            }
            rng.below(n)
        }};
    }
    match rng.below(22) {
        0 => {
            let i = pick!(ir.setup.pieces);
            let v = rng.value(16, rng_cell(cells));
            ir.setup.pieces[i].cell = v as u16;
            format!("setup piece {i} cell = {v}")
        }
        1 => {
            let i = pick!(ir.setup.pieces);
            let p = ir.setup.pieces[i];
            ir.setup.pieces.push(p);
            format!("setup piece {i} twice")
        }
        2 => {
            let i = pick!(ir.setup.pieces);
            let v = rng.value(8, 1);
            if rng.chance(2) {
                ir.setup.pieces[i].kind = v as u8;
            } else {
                ir.setup.pieces[i].player = v as u8;
            }
            format!("setup piece {i} kind or player = {v}")
        }
        3 => {
            let i = pick!(ir.rays);
            let v = rng.value(8, ir.rays[i].len as u64);
            ir.rays[i].first_landing = v as u8;
            format!("ray {i} first_landing = {v}")
        }
        4 => {
            let i = pick!(ir.rays);
            let v = rng.value(16, ir.rays[i].len as u64);
            ir.rays[i].len = v as u16;
            format!("ray {i} len = {v}")
        }
        5 => {
            let i = pick!(ir.rays);
            let v = rng.value(32, ir.rays[i].start as u64);
            ir.rays[i].start = v as u32;
            format!("ray {i} start = {v}")
        }
        6 => {
            let i = pick!(ir.rays);
            let v = rng.value(16, ir.rays[i].flags as u64);
            ir.rays[i].flags = v as u16;
            format!("ray {i} flags = {v}")
        }
        7 => {
            let i = pick!(ir.ray_cells);
            let v = rng.value(16, cells);
            ir.ray_cells[i] = v as u16;
            format!("ray cell {i} = {v}")
        }
        8 => {
            let i = pick!(ir.leaps);
            let v = rng.value(16, cells);
            ir.leaps[i].to = v as u16;
            format!("leap {i} to = {v}")
        }
        9 => {
            let i = pick!(ir.leaps);
            let v = rng.value(16, ir.leaps[i].flags as u64);
            ir.leaps[i].flags = v as u16;
            format!("leap {i} flags = {v}")
        }
        10 => {
            let i = pick!(ir.moves);
            let m = &mut ir.moves[i];
            let v = rng.value(16, m.leap_len as u64);
            match rng.below(4) {
                0 => m.leap_len = v as u16,
                1 => m.ray_len = v as u16,
                2 => m.leap_start = v as u32,
                _ => m.ray_start = v as u32,
            }
            format!("move set {i} range field = {v}")
        }
        11 => {
            let i = pick!(ir.castlings);
            let v = rng.value(16, cells) as u16;
            let c = &mut ir.castlings[i];
            match rng.below(7) {
                0 => c.king_to = v,
                1 => c.partner_to = v,
                2 => c.partner_from = v,
                3 => c.king_from = v,
                // Cells the landing check relies on, taken away (report 3
                // F1: with none required empty the king landed on a Knight).
                4 => c.must_be_empty.clear(),
                5 => {
                    c.must_be_empty.pop();
                }
                _ => c.must_be_empty.push(v),
            }
            format!("castling {i} cell = {v}")
        }
        12 => {
            let i = pick!(ir.castlings);
            let c = ir.castlings[i].clone();
            ir.castlings.push(c);
            format!("castling {i} twice")
        }
        13 => {
            let i = pick!(ir.promotions);
            let v = rng.value(8, 1);
            if rng.chance(2) {
                ir.promotions[i].choices.push(v as u8);
            } else {
                ir.promotions[i].zone.push(rng.value(16, cells) as u16);
            }
            format!("promotion {i} grows by {v}")
        }
        14 => {
            let i = pick!(ir.regions);
            let v = rng.value(16, cells);
            ir.regions[i].cells.push(v as u16);
            format!("region {i} gets cell {v}")
        }
        15 => {
            let i = pick!(ir.cells);
            let v = rng.value(32, 10) as i32;
            ir.cells[i].coord.0 = v;
            format!("cell {i} x = {v}")
        }
        16 => {
            ir.cells.pop();
            "last cell dropped".into()
        }
        17 => {
            ir.kinds.pop();
            "last kind dropped".into()
        }
        18 => {
            let n = ir.players.len() as u64;
            let team = (0..1 + rng.below(4))
                .map(|_| rng.value(8, n) as u8)
                .collect();
            ir.teams.push(team);
            format!("team {:?}", ir.teams.last().unwrap())
        }
        19 => {
            let v = rng.value(8, ir.players.len() as u64);
            ir.setup.to_move = v as u8;
            format!("to_move = {v}")
        }
        20 => {
            let v = rng.value(16, cells);
            ir.setup.castling_rights.push(v as u16);
            format!("castling right on {v}")
        }
        _ => {
            let i = pick!(ir.kinds);
            let v = rng.value(8, 0);
            ir.kinds[i].letter = (v as u8) as char;
            format!("kind {i} letter = {v}")
        }
    }
}

/// A cell index in the middle of the board, for values "near" a cell.
fn rng_cell(cells: u64) -> u64 {
    cells / 2
}

/// IR mutated as data: the loader refuses it or the game is safe to play.
#[test]
fn fuzz_ir_structures() {
    let irs = shipped_irs();
    let mut rng = Rng(seed(1));
    let start = Instant::now();
    let mut cases = 0u64;
    let mut loaded = 0u64;
    while start.elapsed() < budget() {
        let (name, base) = &irs[rng.below(irs.len())];
        let mut ir = base.clone();
        let mut done = Vec::new();
        // Half the games with castlings get one castling edit alone (the
        // class of report 3 F1, which mixed mutations seldom reach loaded),
        // the rest one to three mutations of any kind.
        if !base.castlings.is_empty() && rng.chance(2) {
            done.push(mutate_castling(&mut ir, base, &mut rng));
        } else {
            for _ in 0..1 + rng.below(3) {
                done.push(mutate_ir(&mut ir, &mut rng));
            }
        }
        let case_seed = rng.next();
        let what = || format!("{name}: {}", done.join("; "));
        guarded(&what, || {
            // Through both file forms too: they must refuse or agree.
            let json = ir.to_json();
            if let Ok(back) = GameIr::from_json(&json) {
                assert!(back == ir, "the JSON form changed the IR");
            }
            if let Ok(game) = Game::load(ir.clone()) {
                loaded += 1;
                exercise(&game, &mut Rng(case_seed | 1));
            }
        });
        cases += 1;
    }
    eprintln!("IR structures: {cases} cases, {loaded} loaded and played");
    assert!(cases > 0);
}

/// Binary IR with bytes flipped: refused (the checksum) or identical.
#[test]
fn fuzz_ir_bytes() {
    let irs = shipped_irs();
    let mut rng = Rng(seed(2));
    let start = Instant::now();
    let mut cases = 0u64;
    while start.elapsed() < budget() {
        let (name, ir) = &irs[rng.below(irs.len())];
        let mut bytes = ir.to_bytes();
        let flips: Vec<(usize, u8)> = (0..1 + rng.below(4))
            .map(|_| (rng.below(bytes.len()), 1 << rng.below(8)))
            .collect();
        for &(at, bit) in &flips {
            bytes[at] ^= bit;
        }
        if rng.chance(8) {
            bytes.truncate(rng.below(bytes.len()));
        }
        let what = || format!("{name}: flips {flips:?}");
        guarded(&what, || {
            if let Ok(back) = GameIr::from_bytes(&bytes) {
                assert!(back == *ir, "a damaged binary IR read as another game");
            }
        });
        cases += 1;
    }
    eprintln!("IR bytes: {cases} cases");
}

/// A game file with one change (a token dropped, a number pushed to an
/// edge, a line repeated or moved, a keyword inserted): diagnostics or a
/// game, never a panic.
fn mutate_source(text: &str, rng: &mut Rng) -> (String, String) {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    if lines.is_empty() {
        return (text.to_string(), "empty".into());
    }
    let i = rng.below(lines.len());
    let what = match rng.below(7) {
        0 => {
            let line = lines[i].clone();
            lines.insert(i, line);
            format!("line {} repeated", i + 1)
        }
        1 => {
            lines.remove(i);
            format!("line {} dropped", i + 1)
        }
        2 => {
            let j = rng.below(lines.len());
            lines.swap(i, j);
            format!("lines {} and {} swapped", i + 1, j + 1)
        }
        3 => {
            let words: Vec<&str> = lines[i].split(' ').collect();
            let k = rng.below(words.len());
            let mut w: Vec<String> = words.iter().map(|s| s.to_string()).collect();
            w.remove(k);
            lines[i] = w.join(" ");
            format!("word {k} of line {} dropped", i + 1)
        }
        4 => {
            let edges = ["0", "-1", "1000", "1001", "2147483648", "99999999999", "-0"];
            let e = edges[rng.below(edges.len())];
            let mut out = String::new();
            let mut replaced = false;
            let mut chars = lines[i].chars().peekable();
            while let Some(c) = chars.next() {
                if c.is_ascii_digit() && !replaced {
                    while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                        chars.next();
                    }
                    out += e;
                    replaced = true;
                } else {
                    out.push(c);
                }
            }
            lines[i] = out;
            format!("first number of line {} = {e}", i + 1)
        }
        5 => {
            let words = [
                "castling",
                "partners",
                "except",
                "{",
                "}",
                "uncapturable",
                "..",
                "(",
                ")",
                "promote",
                "end",
                "setup",
                "like",
                "en-passant",
                "unless out",
                "\"",
            ];
            let w = words[rng.below(words.len())];
            let at = rng.below(lines[i].len() + 1);
            let at = (0..=at)
                .rev()
                .find(|&k| lines[i].is_char_boundary(k))
                .unwrap();
            lines[i].insert_str(at, &format!(" {w} "));
            format!("`{w}` inserted in line {}", i + 1)
        }
        _ => {
            let at = rng.below(text.len());
            let at = (0..=at).rev().find(|&k| text.is_char_boundary(k)).unwrap();
            return (text[..at].to_string(), format!("cut at byte {at}"));
        }
    };
    (lines.join("\n"), what)
}

#[test]
fn fuzz_game_files() {
    let files = game_files();
    let dir = std::env::temp_dir().join(format!("variant-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng(seed(3));
    let start = Instant::now();
    let mut cases = 0u64;
    let mut compiled = 0u64;
    while start.elapsed() < budget() {
        let path = &files[rng.below(files.len())];
        // Imports name files beside the original: point them there.
        let base = path.parent().unwrap();
        let text = std::fs::read_to_string(path)
            .unwrap()
            .replace("import \"", &format!("import \"{}/", base.display()));
        let (mutated, what) = mutate_source(&text, &mut rng);
        let file = dir.join(format!("case-{}.variant", cases % 4));
        std::fs::write(&file, &mutated).unwrap();
        let case_seed = rng.next();
        let describe = || format!("{}: {what}", path.display());
        guarded(&describe, || {
            let out = compiler::compile_file(&file, false);
            let _ = out.rendered();
            if let Some(ir) = out.ir {
                compiled += 1;
                let game = Game::load(ir).expect("compiled IR must load");
                exercise(&game, &mut Rng(case_seed | 1));
            }
        });
        cases += 1;
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("game files: {cases} cases, {compiled} compiled and played");
}

/// Positions and moves: texts of the corpus (`tests/fuzz/positions.txt`,
/// `tests/fuzz/moves.txt`) and positions reached in play, with characters
/// changed, dropped or repeated.
#[test]
fn fuzz_positions_and_moves() {
    let corpus = |name: &str| -> Vec<String> {
        std::fs::read_to_string(root().join("tests/fuzz").join(name))
            .unwrap_or_else(|e| panic!("tests/fuzz/{name}: {e}"))
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(String::from)
            .collect()
    };
    let positions = corpus("positions.txt");
    let moves = corpus("moves.txt");
    let games: Vec<(String, Game)> = shipped_irs()
        .into_iter()
        .map(|(n, ir)| (n, Game::load(ir).unwrap()))
        .collect();
    let mut rng = Rng(seed(4));
    let start = Instant::now();
    let mut cases = 0u64;
    let mut read = 0u64;
    let noise = [
        ";",
        ":",
        " ",
        "/",
        "-",
        "0",
        "9",
        "99999999999",
        "K",
        "k",
        "ep",
        "victim",
        "out",
        "\u{0}",
        "é",
        "x",
        "@",
        "=",
        "turn",
        "castling",
        ",",
    ];
    while start.elapsed() < budget() {
        let (name, game) = &games[rng.below(games.len())];
        // A text: from the corpus, or the position after a few random moves.
        let mut text = if rng.chance(2) {
            positions[rng.below(positions.len())].clone()
        } else {
            let mut pos = Position::start(game);
            let mut list = Vec::new();
            for _ in 0..rng.below(30) {
                pos.legal_moves(&mut list);
                if list.is_empty() || pos.result().is_some() {
                    break;
                }
                pos.make(list[rng.below(list.len())]);
            }
            write_general(&pos)
        };
        for _ in 0..rng.below(4) {
            let at = rng.below(text.len() + 1);
            let at = (0..=at).rev().find(|&k| text.is_char_boundary(k)).unwrap();
            let end = (at + rng.below(4)).min(text.len());
            let end = (end..=text.len())
                .find(|&k| text.is_char_boundary(k))
                .unwrap();
            match rng.below(3) {
                0 => text.replace_range(at..end, ""),
                1 => text.insert_str(at, noise[rng.below(noise.len())]),
                _ => {
                    let piece = text[at..end].to_string();
                    text.insert_str(at, &piece);
                }
            }
        }
        let mv_text = {
            let mut m = moves[rng.below(moves.len())].clone();
            if rng.chance(2) {
                m.push_str(noise[rng.below(noise.len())]);
            }
            m
        };
        let what = || format!("{name}: position {text:?}, move {mv_text:?}");
        guarded(&what, || {
            if let Ok(mut pos) = parse_position(game, &text) {
                read += 1;
                let written = write_general(&pos);
                let again = parse_position(game, &written)
                    .unwrap_or_else(|e| panic!("written {written:?} does not read back: {e}"));
                assert!(again == pos, "{written:?} reads back as another position");
                let _ = pos.perft(1);
                if let Ok(mv) = parse_move(&mut pos, &mv_text) {
                    pos.make(mv);
                    pos.unmake(mv);
                }
            }
        });
        cases += 1;
    }
    eprintln!("positions and moves: {cases} cases, {read} positions read");
}
