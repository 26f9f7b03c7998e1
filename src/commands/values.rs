//! `variant values`: each kind's value learned from self-play games
//! (played here, or read from `selfplay` records), with 95% intervals,
//! verdicts on value statements, and a file of `value` statements the
//! engine can play with (docs/BALANCE.md, "Learned values").

use crate::cli::ValuesArgs;
use crate::load::{load_game_reading, refuse_overwriting_imports, same_file};
use crate::players::{EngineLimit, Player};
use crate::recorded::position;
use crate::records;
use crate::selfplay;
use crate::values::{self, Fit};
use crate::values_data::Collector;
use crate::values_report::{import_path, parse_statement, Kind, Values, EQUAL_RATIO};
use runtime::search::Algorithm;
use runtime::text::{printable, printable_lines};
use runtime::Game;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `variant values`.
pub fn run(args: ValuesArgs) -> Result<ExitCode, String> {
    let statements = args
        .compare
        .iter()
        .map(|s| parse_statement(s))
        .collect::<Result<Vec<_>, _>>()?;
    let (game, read) = load_game_reading(&args.file)?;
    for (out, option) in [(&args.out, "--out"), (&args.write, "--write")] {
        if let Some(out) = out {
            if same_file(&args.file, out) || args.records.iter().any(|r| same_file(r, out)) {
                return Err(format!(
                    "refusing to write {option} over {}, a file read",
                    out.display()
                ));
            }
            refuse_overwriting_imports(out, &read, "the output", option)?;
        }
    }
    if let Some(out) = &args.write {
        // Where the file goes must exist before the games are played.
        let dir = out.parent().filter(|p| !p.as_os_str().is_empty());
        if let Some(dir) = dir.filter(|d| !d.is_dir()) {
            return Err(format!(
                "--write {}: no directory {}",
                out.display(),
                dir.display()
            ));
        }
    }
    if let (Some(a), Some(b)) = (&args.out, &args.write) {
        if same_file(a, b) || a == b {
            return Err("--out and --write name the same file".into());
        }
    }
    for s in &statements {
        for name in [&s.a, &s.b] {
            if !game.ir().kinds.iter().any(|k| &k.name == name) {
                return Err(format!(
                    "--compare `{}`: {} has no kind `{name}`",
                    s.text,
                    printable(&game.ir().name)
                ));
            }
        }
    }
    if let Some(name) = &args.anchor {
        if !game.ir().kinds.iter().any(|k| &k.name == name && !k.royal) {
            return Err(format!(
                "--anchor {name}: {} has no kind `{name}` that is not royal",
                printable(&game.ir().name)
            ));
        }
    }
    let mut collector = Collector::new(&game, args.from_ply)?;
    let summary = if args.records.is_empty() {
        Some(play(&args, &game, &mut collector)?)
    } else {
        read_records(&args.records, &mut collector)?;
        None
    };
    let info = collector
        .info
        .clone()
        .ok_or("no games: the records are empty")?;
    let positions = collector.positions;
    let fitted: Vec<usize> = (0..game.kinds())
        .filter(|&k| {
            let kind = &game.ir().kinds[k];
            !kind.royal && kind.stack.is_none() && collector.unequal[k] > 0
        })
        .collect();
    if fitted.is_empty() {
        return Err(format!(
            "no sampled position ({positions} of them) had unequal material: play more games"
        ));
    }
    let kinds: Vec<Kind> = fitted
        .iter()
        .map(|&k| Kind {
            name: game.ir().kinds[k].name.clone(),
            file: game.ir().kinds[k].value,
            unequal: collector.unequal[k],
        })
        .collect();
    let unfitted = (0..game.kinds())
        .filter(|k| !fitted.contains(k) && game.ir().kinds[*k].stack.is_none())
        .map(|k| {
            let kind = &game.ir().kinds[k];
            let why = if kind.royal {
                "is royal (not fitted: its loss ends the game)"
            } else if collector.seen[k] == 0 {
                "never stood on the board in a sampled position"
            } else {
                "was never unequal in a sampled position"
            };
            (kind.name.clone(), why)
        })
        .collect();
    let data = collector.finish(&fitted)?;
    let fit = values::fit(&data);
    let se = values::standard_errors(&data, &fit.theta);
    let boot = values::bootstrap(&data, &fit.theta, args.bootstrap as usize, args.seed);
    let anchor = anchor(&game, &args.anchor, &kinds, &fit, &boot)?;
    let unit = match kinds[anchor].file {
        v if v > 0 => v as f64,
        _ => 1.0,
    };
    let found = Values {
        kinds,
        unfitted,
        anchor,
        unit,
        fit,
        se,
        boot,
    };
    if let Some(s) = &summary {
        print!("{}", printable_lines(s));
    }
    let header = Header {
        game: &game,
        info: &info,
        games: data.games,
        positions,
        from_ply: args.from_ply,
    };
    print!("{}", printable_lines(&report(&header, &found, &statements)));
    if let Some(out) = &args.write {
        write_values(out, &args.file, &header, &found)?;
        println!("wrote {}", out.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// Plays the games, each line to `--out` (if given) and to the collector
/// as it comes; returns the selfplay summary.
fn play(args: &ValuesArgs, game: &Game, collector: &mut Collector) -> Result<String, String> {
    let players = match args.players.len() {
        0 => {
            let depth = if game.players() == 2 { 2 } else { 1 };
            vec![Player::Engine(EngineLimit::Depth(depth), Algorithm::Auto); game.players()]
        }
        1 => vec![args.players[0]; game.players()],
        n if n == game.players() => args.players.clone(),
        n => {
            return Err(format!(
            "--players names {n} players, but {} has {} (name one for every seat, or one for all)",
            printable(&game.ir().name),
            game.players()
        ))
        }
    };
    if players.contains(&Player::Human) {
        return Err(
            "the seats are computers: random, greedy or engine[:depth=N|:nodes=N|:ms=N]".into(),
        );
    }
    let start = position(game, &args.fen, &[])?;
    let threads = args
        .threads
        .map(|t| t as usize)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let run = selfplay::Run {
        game,
        fen: args.fen.clone(),
        players,
        games: args.games,
        seed: args.seed,
        shard: (1, 1),
        random_plies: args.random_plies.unwrap_or(2 * game.players() as u32),
        max_plies: args.max_plies,
        threads,
    };
    let file = match &args.out {
        Some(out) => Some(std::io::BufWriter::new(
            std::fs::File::create(out)
                .map_err(|e| format!("cannot write {}: {e}", out.display()))?,
        )),
        None => None,
    };
    let mut sink = Sink {
        file,
        collector,
        line: Vec::new(),
    };
    let (info, tallies) = selfplay::run(&run, &start, &mut sink)?;
    Ok(selfplay::summary(&info, &tallies))
}

/// Where the games' lines go: the `--out` file, and the collector.
struct Sink<'a, 'g> {
    file: Option<std::io::BufWriter<std::fs::File>>,
    collector: &'a mut Collector<'g>,
    line: Vec<u8>,
}

impl Write for Sink<'_, '_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if let Some(f) = &mut self.file {
            f.write_all(bytes)?;
        }
        self.line.extend_from_slice(bytes);
        while let Some(end) = self.line.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.line.drain(..=end).collect();
            let text = String::from_utf8_lossy(&line);
            self.collector
                .add_line(&text, &|| "a game played".to_string())
                .map_err(std::io::Error::other)?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.file {
            Some(f) => f.flush(),
            None => Ok(()),
        }
    }
}

/// Reads selfplay records into the collector (regular files, bounded
/// lines and total size, as `selfplay --merge` reads them).
fn read_records(files: &[PathBuf], collector: &mut Collector) -> Result<(), String> {
    records::check_total_size(files)?;
    for file in files {
        let mut reader = std::io::BufReader::new(records::open_regular(file)?);
        let mut line = String::new();
        let mut number = 0u64;
        loop {
            number += 1;
            let at = || format!("{}:{number}", file.display());
            let read =
                records::read_line(&mut reader, &mut line).map_err(|e| format!("{}: {e}", at()))?;
            if read == 0 {
                break;
            }
            if line.trim().is_empty() {
                continue;
            }
            collector.add_line(&line, &at)?;
        }
        let _ = reader.fill_buf();
    }
    if collector.games() == 0 {
        return Err("no games: the records are empty".into());
    }
    Ok(())
}

/// The anchor kind's index in `kinds`: `--anchor`, or the kind (with a
/// value in the file) whose logit is known best relative to its size, the
/// narrowest 95% bootstrap interval over the logit itself; every value is
/// a ratio to the anchor's, so a small, uncertain logit (a pawn's, often)
/// would spread its own uncertainty over every kind. With no kind of a
/// positive interval, the first kind with a file value (else the first).
fn anchor(
    game: &Game,
    name: &Option<String>,
    kinds: &[Kind],
    fit: &Fit,
    boot: &[Fit],
) -> Result<usize, String> {
    if let Some(name) = name {
        return kinds.iter().position(|k| &k.name == name).ok_or_else(|| {
            let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
            format!(
                "--anchor {name}: not a fitted kind of {} (fitted: {})",
                printable(&game.ir().name),
                names.join(", ")
            )
        });
    }
    let spread = |k: usize| {
        let (lo, hi) = interval_of(boot, |t| t[k]);
        (lo > 0.0 && fit.theta[k] > 0.0).then(|| (hi - lo) / fit.theta[k])
    };
    let valued = (0..kinds.len()).filter(|&k| kinds[k].file > 0);
    Ok(valued
        .clone()
        .filter_map(|k| spread(k).map(|s| (s, k)))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| k)
        .or_else(|| valued.clone().next())
        .unwrap_or(0))
}

/// What the report's first lines say of the data.
struct Header<'a> {
    game: &'a Game,
    info: &'a selfplay::RunInfo,
    games: usize,
    positions: u64,
    from_ply: u64,
}

impl Header<'_> {
    fn players(&self) -> String {
        let p = &self.info.players;
        if p.iter().all(|x| x == &p[0]) {
            format!("{} in every seat", p[0])
        } else {
            p.join(",")
        }
    }
}

/// The report: values, the scale, the seats' edges, the statements.
fn report(h: &Header, v: &Values, statements: &[crate::values_report::Statement]) -> String {
    let anchor = &v.kinds[v.anchor].name;
    let mut s = format!(
        "{}: values learned from {} games (seed {}, {}), {} quiet positions from ply {}\n",
        h.game.ir().name,
        h.games,
        h.info.seed,
        h.players(),
        h.positions,
        h.from_ply
    );
    let logit = v.fit.theta[v.anchor];
    let (lo, hi) = interval_of(&v.boot, |t| t[v.anchor]);
    s += &format!(
        "scale: {anchor} = {} (one {anchor} is {logit:.3} logits, 95% {lo:.3} to {hi:.3}: a side one {anchor} up scores {:.1}%)\n",
        v.unit,
        100.0 / (1.0 + (-logit).exp())
    );
    if !v.fit.converged {
        s += "warning: the fit did not converge; the values are where it stopped\n";
    }
    let bad = v.anchor_not_positive();
    if bad > 0 {
        s += &format!(
            "warning: in {bad} of {} bootstrap fits {anchor} was worth nothing or less: \
             the intervals of values on its scale are unreliable (play more games, or --anchor another kind)\n",
            v.boot.len()
        );
    }
    let width = v
        .kinds
        .iter()
        .map(|k| k.name.len())
        .max()
        .unwrap_or(4)
        .max(4);
    s += &format!(
        "{:width$}  {:>4}  {:>7}  {:>16}  {:>6}  {:>16}  {:>9}\n",
        "kind", "file", "learned", "95%", "logit", "logit 95%", "unequal"
    );
    // How much narrower the model's intervals are than the bootstrap's.
    let mut narrower = Vec::new();
    for (k, (val, lo, hi)) in v.table().into_iter().enumerate() {
        let kind = &v.kinds[k];
        let file = if kind.file > 0 {
            kind.file.to_string()
        } else {
            "-".into()
        };
        let (llo, lhi) = interval_of(&v.boot, |t| t[k]);
        narrower.push((lhi - llo) / (2.0 * 1.96 * v.se[k]));
        s += &format!(
            "{:width$}  {file:>4}  {val:>7.2}  {:>16}  {:>6.3}  {:>16}  {:>9}\n",
            kind.name,
            format!("{lo:.2} to {hi:.2}"),
            v.fit.theta[k],
            format!("{llo:.3} to {lhi:.3}"),
            kind.unequal
        );
    }
    let absent: Vec<&str> = v
        .unfitted
        .iter()
        .filter(|(_, why)| why.starts_with("never stood"))
        .map(|(n, _)| n.as_str())
        .collect();
    let rare: Vec<&str> = v
        .unfitted
        .iter()
        .filter(|(_, why)| why.starts_with("was never"))
        .map(|(n, _)| n.as_str())
        .collect();
    if !absent.is_empty() {
        s += &format!(
            "not on the board in the sampled positions: {}\n",
            absent.join(", ")
        );
    }
    if !rare.is_empty() {
        s += &format!(
            "never unequal in the sampled positions: {}\n",
            rare.join(", ")
        );
    }
    for seat in 1..h.info.seats.len() {
        let i = v.kinds.len() + seat - 1;
        let (lo, hi) = interval_of(&v.boot, |t| t[i]);
        s += &format!(
            "seat edge of {} over {}: {:+.3} logits (95% {lo:+.3} to {hi:+.3})\n",
            h.info.seats[seat], h.info.seats[0], v.fit.theta[i]
        );
    }
    narrower.sort_by(|a, b| a.total_cmp(b));
    s += &format!(
        "intervals: 95%, percentiles of {} bootstrap fits drawing the {} games with replacement \
         ({:.1} times as wide as the model's own, which take positions as independent: median over kinds)\n",
        v.boot.len(),
        h.games,
        narrower.get(narrower.len() / 2).copied().unwrap_or(f64::NAN)
    );
    if !statements.is_empty() {
        s += &format!(
            "statements (about equal: a ratio within {:.2}-{EQUAL_RATIO:.2}):\n",
            1.0 / EQUAL_RATIO
        );
        for st in statements {
            s += &format!("  {}\n", v.judge(st));
        }
    }
    s
}

fn interval_of(boot: &[Fit], f: impl Fn(&[f64]) -> f64) -> (f64, f64) {
    values::interval95(&boot.iter().map(|b| f(&b.theta)).collect::<Vec<_>>())
}

/// Writes the game file that imports the game and sets its learned values.
fn write_values(out: &Path, file: &Path, h: &Header, v: &Values) -> Result<(), String> {
    let dir = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let import = import_path(&dir, file)?;
    let name = &h.game.ir().name;
    // The program as `variant`, wherever it was run from.
    let command: Vec<String> = std::iter::once("variant".to_string())
        .chain(std::env::args().skip(1))
        .map(|a| {
            if a.contains(char::is_whitespace) || a.is_empty() {
                format!("'{a}'")
            } else {
                a
            }
        })
        .collect();
    let mut s = format!(
        "// Piece values of {name} learned by self-play (`variant values`, docs/BALANCE.md).\n\
         // Command: {}\n\
         // {} games (seed {}, {}), {} quiet positions from ply {}; 95% intervals from\n\
         // {} bootstrap fits over games. The language's values are whole units (100\n\
         // centipawns each): each is rounded to the nearest unit on the scale {} = {}\n\
         // (at least 1). The kinds not listed keep the game's own values.\n",
        printable(&command.join(" ")),
        h.games,
        h.info.seed,
        h.players(),
        h.positions,
        h.from_ply,
        v.boot.len(),
        v.kinds[v.anchor].name,
        v.unit
    );
    s += "//   kind        file  learned  95%\n";
    for (k, (val, lo, hi)) in v.table().into_iter().enumerate() {
        let file = match v.kinds[k].file {
            f if f > 0 => f.to_string(),
            _ => "-".into(),
        };
        s += &format!(
            "//   {:<10} {file:>5}  {val:>7.2}  {lo:.2} to {hi:.2}\n",
            v.kinds[k].name
        );
    }
    if !name.contains(['"', '\\', '\n', '\r']) {
        s += &format!("game \"{name}, learned values\"\n");
    }
    s += &format!("import \"{import}\"\n");
    for k in 0..v.kinds.len() {
        s += &format!("value {} {}\n", v.kinds[k].name, v.whole(k));
    }
    std::fs::write(out, s).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    // The file must load as a game: the engine plays it as any other.
    load_game_reading(out).map(|_| ())
}
