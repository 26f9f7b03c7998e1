//! `variant uci`'s `UCI_Variant` and `VariantPath` options, as
//! Fairy-Stockfish's users expect them: the `uci` answer lists the games
//! known by name, `setoption name UCI_Variant value NAME` switches the
//! game (a move of the new game only is then accepted and played), an
//! unknown name or a game that does not compile is refused with `info
//! string error` and changes nothing, and `VariantPath` makes the games of
//! a directory selectable; `Threads` and the clock times of `go` are
//! honoured. Each child runs under a deadline (a hang fails
//! the test) and is killed when its test ends.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_variant");
const CAPABLANCA: &str = "dsl-examples/fairy/capablanca.variant";
/// A position of Capablanca chess (10 files): White's king on j1 has only
/// j1i1, j1i2 and j1j2, none a move of an 8-file board.
const CAPABLANCA_FEN: &str = "k9/10/10/10/10/10/10/9K w - - 0 1";

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("variant-uci-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[path = "support/uci_child.rs"]
mod uci_child;
use uci_child::Uci;

impl Uci {
    fn start(args: &[&str], dir: Option<&Path>) -> Uci {
        Uci::spawn(args, dir)
    }

    /// The lines up to the first starting with `last` (included), within
    /// 10 s.
    #[track_caller]
    fn until(&mut self, last: &str) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(last);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(e) => panic!("no `{last}` within 10 s ({e}); lines: {seen:?}"),
            }
        }
    }

    /// Sends `command` and `isready`: the lines answered before `readyok`.
    #[track_caller]
    fn ask(&mut self, command: &str) -> Vec<String> {
        self.send(command);
        self.send("isready");
        let mut lines = self.until("readyok");
        lines.pop();
        lines
    }

    /// The `uci` answer's `UCI_Variant` line, with the answer's lines.
    #[track_caller]
    fn handshake(&mut self) -> (String, Vec<String>) {
        self.send("uci");
        let lines = self.until("uciok");
        let combo = lines
            .iter()
            .find(|l| l.starts_with("option name UCI_Variant "))
            .unwrap_or_else(|| panic!("no UCI_Variant option: {lines:?}"))
            .clone();
        (combo, lines)
    }

    /// The move of `go COMMAND`'s `bestmove`.
    #[track_caller]
    fn bestmove(&mut self, go: &str) -> String {
        self.send(go);
        let lines = self.until("bestmove");
        let last = lines.last().unwrap();
        last.split_whitespace().nth(1).unwrap().to_string()
    }
}

/// The names of a `UCI_Variant` combo line, and its default.
fn combo(line: &str) -> (String, Vec<String>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let default = words
        .windows(2)
        .find(|w| w[0] == "default")
        .map(|w| w[1].to_string())
        .unwrap();
    let vars = words
        .windows(2)
        .filter(|w| w[0] == "var")
        .map(|w| w[1].to_string())
        .collect();
    (default, vars)
}

/// `variant moves FILE [--fen FEN]`: the legal moves.
fn legal_moves(file: &str, fen: Option<&str>) -> Vec<String> {
    let mut command = Command::new(BIN);
    command.args(["moves", file]);
    if let Some(fen) = fen {
        command.args(["--fen", fen]);
    }
    let out = command.output().unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// Without FILE the game is the library's chess, and `uci` lists the
/// library's two-player games (found without the current directory: the
/// child runs in a scratch one), not its piece library or its game of
/// three, beside `VariantPath` as a string option.
#[test]
fn uci_answer_lists_the_known_games() {
    let dir = scratch("list");
    let mut uci = Uci::start(&[], Some(&dir));
    let (line, lines) = uci.handshake();
    assert_eq!(lines[0], "id name variant (Chess)");
    let (default, vars) = combo(&line);
    assert_eq!(default, "chess");
    for name in [
        "chess",
        "capablanca",
        "crazyhouse",
        "xiangqi",
        "minishogi",
        "mirodol",
        "das",
    ] {
        assert!(vars.iter().any(|v| v == name), "{name} missing: {line}");
    }
    for name in ["pieces", "shakhmattron"] {
        assert!(!vars.iter().any(|v| v == name), "{name} listed: {line}");
    }
    let mut sorted = vars.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted, vars, "names once each, sorted");
    assert!(
        lines.contains(&"option name VariantPath type string default <empty>".to_string()),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap(), "uciok");
    std::fs::remove_dir_all(&dir).ok();
}

/// `UCI_Variant` switches the game: a 10-file position, refused in chess,
/// is accepted after it and searched, and the moves played are
/// Capablanca's. Names are taken in any case.
#[test]
fn uci_variant_switches_to_capablanca() {
    let mut uci = Uci::start(&[], None);
    let refused = uci.ask(&format!("position fen {CAPABLANCA_FEN}"));
    assert!(
        refused.len() == 1 && refused[0].starts_with("info string error: bad position"),
        "{refused:?}"
    );
    assert_eq!(
        uci.ask("setoption name UCI_Variant value Capablanca"),
        Vec::<String>::new()
    );
    assert!(uci.ask("position startpos").is_empty());
    let first = uci.bestmove("go depth 2");
    let start_moves = legal_moves(CAPABLANCA, None);
    assert!(
        start_moves.contains(&first),
        "{first} not in {start_moves:?}"
    );
    assert!(uci
        .ask(&format!("position fen {CAPABLANCA_FEN}"))
        .is_empty());
    let king = uci.bestmove("go depth 2");
    let fen_moves = legal_moves(CAPABLANCA, Some(CAPABLANCA_FEN));
    assert_eq!(fen_moves, ["j1i1", "j1i2", "j1j2"]);
    assert!(fen_moves.contains(&king), "{king} not in {fen_moves:?}");
    let chess_moves = legal_moves("dsl-examples/fairy/chess.variant", None);
    assert!(!chess_moves.contains(&king), "{king} is a chess move");
    let (line, lines) = uci.handshake();
    assert_eq!(lines[0], "id name variant (Capablanca chess)");
    assert_eq!(combo(&line).0, "capablanca");
    // Back, by another spelling: the 8-file start again.
    assert!(uci.ask("setoption name uci_variant value CHESS").is_empty());
    assert!(uci.ask("position startpos moves e2e4 e7e5").is_empty());
    assert!(!uci.ask("position startpos moves i2i4").is_empty());
}

/// An unknown name, and a game that does not compile, are refused with
/// the reason, and the game stays (its moves accepted, a 10-file one
/// not); an unknown option too.
#[test]
fn unknown_or_broken_games_change_nothing() {
    let dir = scratch("broken");
    std::fs::copy(
        "dsl-examples/errors/e001_syntax_board_size.variant",
        dir.join("broken.variant"),
    )
    .unwrap();
    let mut uci = Uci::start(&[], None);
    let unknown = uci.ask("setoption name UCI_Variant value nosuchgame");
    assert!(
        unknown.len() == 1
            && unknown[0].starts_with("info string error: unknown UCI_Variant `nosuchgame`"),
        "{unknown:?}"
    );
    assert!(uci
        .ask(&format!(
            "setoption name VariantPath value {}",
            dir.display()
        ))
        .is_empty());
    let broken = uci.ask("setoption name UCI_Variant value broken");
    assert!(
        broken.len() == 1
            && broken[0].starts_with("info string error: ")
            && broken[0].contains("does not compile")
            && broken[0].contains("E001"),
        "{broken:?}"
    );
    let option = uci.ask("setoption name NoSuchOption value 1");
    assert_eq!(
        option,
        ["info string error: unknown option `NoSuchOption`"],
        "{option:?}"
    );
    let (line, lines) = uci.handshake();
    assert_eq!(lines[0], "id name variant (Chess)");
    assert_eq!(combo(&line).0, "chess");
    assert!(uci.ask("position startpos moves e2e4").is_empty());
    assert!(!uci.ask("position startpos moves i2i4").is_empty());
    let mv = uci.bestmove("go depth 1");
    assert!(legal_moves(
        "dsl-examples/fairy/chess.variant",
        Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    )
    .contains(&mv));
    std::fs::remove_dir_all(&dir).ok();
}

/// `VariantPath` names a directory (with a space in its name) and a file,
/// joined by the path separator: their games (copies of dobutsu shogi,
/// named by their stems, any case) become selectable and playable; a path
/// that does not exist, or holds no game, is refused and the list kept.
#[test]
fn variant_path_adds_a_directory_of_games() {
    let top = scratch("path");
    let dir = top.join("my games");
    std::fs::create_dir_all(&dir).unwrap();
    let mine = dir.join("MyAnimals.variant");
    std::fs::copy("dsl-examples/fairy/dobutsu.variant", &mine).unwrap();
    let zoo = top.join("zoo.variant");
    std::fs::copy("dsl-examples/fairy/dobutsu.variant", &zoo).unwrap();
    let empty = scratch("path-empty");
    let mut uci = Uci::start(&[], None);
    assert!(!combo(&uci.handshake().0)
        .1
        .contains(&"myanimals".to_string()));
    let missing = uci.ask("setoption name VariantPath value /no/such/dir/anywhere");
    assert!(
        missing.len() == 1 && missing[0].contains("no such file or directory"),
        "{missing:?}"
    );
    let nothing = uci.ask(&format!(
        "setoption name VariantPath value {}",
        empty.display()
    ));
    assert!(
        nothing.len() == 1 && nothing[0].starts_with("info string error: VariantPath: no"),
        "{nothing:?}"
    );
    let path = std::env::join_paths([&dir, &zoo]).unwrap();
    assert!(uci
        .ask(&format!(
            "setoption name VariantPath value {}",
            path.to_str().unwrap()
        ))
        .is_empty());
    let (line, _) = uci.handshake();
    let (default, vars) = combo(&line);
    assert_eq!(default, "chess", "VariantPath does not change the game");
    assert!(vars.contains(&"myanimals".to_string()), "{line}");
    assert!(vars.contains(&"zoo".to_string()), "{line}");
    assert!(vars.contains(&"capablanca".to_string()), "{line}");
    assert!(uci
        .ask("setoption name UCI_Variant value MyAnimals")
        .is_empty());
    let (line, lines) = uci.handshake();
    assert!(
        lines[0].starts_with("id name variant (Dobutsu"),
        "{lines:?}"
    );
    assert_eq!(combo(&line).0, "myanimals");
    assert!(uci.ask("position startpos").is_empty());
    let mv = uci.bestmove("go depth 2");
    let moves = legal_moves(mine.to_str().unwrap(), None);
    assert!(moves.contains(&mv), "{mv} not in {moves:?}");
    // Emptied, the path's game is no longer listed (but the current game
    // is, being played).
    assert!(uci
        .ask("setoption name VariantPath value <empty>")
        .is_empty());
    assert!(uci.ask("setoption name UCI_Variant value chess").is_empty());
    let (line, _) = uci.handshake();
    assert!(!combo(&line).1.contains(&"myanimals".to_string()), "{line}");
    std::fs::remove_dir_all(&top).ok();
    std::fs::remove_dir_all(&empty).ok();
}

/// FILE is the first game and listed by its stem; a `setoption` sent
/// during a search waits for it (the search's move is the old game's),
/// then switches.
#[test]
fn file_is_the_default_and_setoption_waits_for_the_search() {
    let dir = scratch("file");
    let mine = dir.join("mygame.variant");
    std::fs::copy("dsl-examples/fairy/dobutsu.variant", &mine).unwrap();
    let mut uci = Uci::start(&[mine.to_str().unwrap()], None);
    let (line, _) = uci.handshake();
    let (default, vars) = combo(&line);
    assert_eq!(default, "mygame");
    assert!(vars.contains(&"mygame".to_string()) && vars.contains(&"chess".to_string()));
    // Chess, searched for ever: the `setoption` and the `position` wait.
    assert!(uci.ask("setoption name UCI_Variant value chess").is_empty());
    uci.send("position startpos");
    uci.send("go infinite");
    uci.send("setoption name UCI_Variant value capablanca");
    uci.send(&format!("position fen {CAPABLANCA_FEN}"));
    // `isready` is answered during the search, before any `bestmove`.
    uci.send("isready");
    let ready = uci.until("readyok");
    assert!(
        !ready.iter().any(|l| l.starts_with("bestmove")),
        "{ready:?}"
    );
    uci.send("stop");
    let mv = uci.until("bestmove").pop().unwrap();
    let mv = mv.split_whitespace().nth(1).unwrap();
    let moves = legal_moves("dsl-examples/fairy/chess.variant", None);
    assert!(moves.iter().any(|m| m == mv), "{mv} not in {moves:?}");
    // The waiting commands were then obeyed in order, without an error:
    // the FEN was read as Capablanca's.
    let after = uci.ask("");
    assert!(after.is_empty(), "{after:?}");
    let king = uci.bestmove("go depth 1");
    assert!(["j1i1", "j1i2", "j1j2"].contains(&king.as_str()), "{king}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `Threads` is offered and taken (1 to 256; other values refused with
/// `info string error`, the searches going on), kept across a switch of
/// game; a `go` with clock times answers within its share of the clock
/// (4 s left, no increment: at most a third of it, in practice a few
/// fortieths).
#[test]
fn threads_are_set_and_a_clock_is_shared() {
    let mut uci = Uci::start(&[], None);
    let (_, lines) = uci.handshake();
    assert!(
        lines
            .iter()
            .any(|l| l == "option name Threads type spin default 1 min 1 max 256"),
        "{lines:?}"
    );
    assert!(uci.ask("setoption name Threads value 2").is_empty());
    for bad in ["0", "257", "two"] {
        let refused = uci.ask(&format!("setoption name Threads value {bad}"));
        assert!(
            refused.len() == 1 && refused[0].starts_with("info string error"),
            "{bad}: {refused:?}"
        );
    }
    uci.send("position startpos");
    let mv = uci.bestmove("go depth 4");
    let moves = legal_moves("dsl-examples/fairy/chess.variant", None);
    assert!(moves.contains(&mv), "{mv}");
    assert!(uci
        .ask("setoption name UCI_Variant value capablanca")
        .is_empty());
    uci.send(&format!("position fen {CAPABLANCA_FEN}"));
    let start = Instant::now();
    let king = uci.bestmove("go wtime 4000 btime 4000");
    let spent = start.elapsed();
    assert!(["j1i1", "j1i2", "j1j2"].contains(&king.as_str()), "{king}");
    assert!(spent < Duration::from_millis(1500), "{spent:?}");
}
