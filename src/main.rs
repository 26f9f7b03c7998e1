//! `variant`: check, compile, perft, list moves, benchmark and play games
//! written in the variant language.

mod arena;
mod display;
mod input;
mod players;
mod selfplay;
mod serve;
mod uci;

use clap::{Parser, Subcommand, ValueEnum};
use compiler::compile_file;
use players::{parse_player, Computers, Player, MAX_MOVETIME_MS};
use runtime::ir::GameIr;
use runtime::notation::{
    move_to_string, parse_position, parse_recorded, play_record, recorded_to_string, write_fen,
    write_general,
};
use runtime::perft::MAX_PERFT_DEPTH;
use runtime::picture;
use runtime::search::{Algorithm, Engine, Limits, Score, MAX_SEARCH_DEPTH};
use runtime::text::{printable, printable_lines};
use runtime::{Game, Position};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "variant",
    version,
    about = "Write, check and play chess variants"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum SearchAlgorithm {
    Auto,
    Paranoid,
    Brs,
}

#[derive(Clone, Copy, ValueEnum)]
enum Phase {
    Ast,
    Model,
    Ir,
}

#[derive(Subcommand)]
enum Command {
    /// Compile, print diagnostics and verify the claims; exit 1 on any error.
    Check {
        files: Vec<PathBuf>,
        /// Print a phase's output as JSON (for one file).
        #[arg(long)]
        dump: Option<Phase>,
        /// The work each claim may do: perft leaves, or positions of an
        /// endgame search (default: 200,000,000 perft leaves, 50,000,000
        /// positions for a mate search, 40,000,000 for a forced win).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
        claim_budget: Option<u64>,
        /// Do not verify the claims (the `insufficient` declarations still are).
        #[arg(long, conflicts_with = "claim_budget")]
        no_claims: bool,
    },
    /// Write the compiled IR (binary; JSON if OUT ends in .json).
    Compile {
        file: PathBuf,
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Count the leaves of the legal-move tree.
    Perft {
        file: PathBuf,
        /// Plies to search, at most runtime::perft::MAX_PERFT_DEPTH (30).
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=MAX_PERFT_DEPTH as i64))]
        depth: u32,
        /// Start position: FEN, or the general notation.
        #[arg(long)]
        fen: Option<String>,
        /// Moves played from the start position first.
        #[arg(long, num_args = 0..)]
        moves: Vec<String>,
        /// One line per root move.
        #[arg(long)]
        divide: bool,
        /// Threads to share the root moves over (at most 256).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
    },
    /// Print the legal moves, one a line.
    Moves {
        file: PathBuf,
        #[arg(long)]
        fen: Option<String>,
        #[arg(long, num_args = 0..)]
        moves: Vec<String>,
    },
    /// Play in the terminal.
    Play {
        file: PathBuf,
        #[arg(long)]
        fen: Option<String>,
        /// Who plays each side, in turn order (default: humans): human,
        /// random, engine, engine:depth=N or engine:ms=N.
        #[arg(long, value_delimiter = ',', value_parser = parse_player)]
        players: Vec<Player>,
        /// Seed for random players.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop after this many plies, the game unfinished (random players
        /// may play on for ever in a game without end rules).
        #[arg(long, default_value_t = 5000)]
        max_plies: u64,
        /// Each player's time for the whole game (e.g. 30m, 1h, 90s);
        /// overrides the game's `clock`.
        #[arg(long, value_parser = parse_duration)]
        clock: Option<u32>,
        /// Write the move record to this file however the session ends
        /// (one line, as `--moves` reads it).
        #[arg(long, value_name = "FILE")]
        record: Option<PathBuf>,
    },
    /// Search a position: one line per finished depth, then the best move.
    Search {
        file: PathBuf,
        /// Start position: FEN, or the general notation.
        #[arg(long)]
        fen: Option<String>,
        /// Moves played from the start position first.
        #[arg(long, num_args = 0..)]
        moves: Vec<String>,
        /// Plies to search, 1 to runtime::search::MAX_SEARCH_DEPTH (64).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_SEARCH_DEPTH as i64))]
        depth: Option<u32>,
        /// Milliseconds to search, at most an hour.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_MOVETIME_MS))]
        movetime: Option<u64>,
        /// Nodes to search, at least 1.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// With three or more sides: paranoid (every opponent searches
        /// every move) or brs (Best-Reply Search, BRS+); auto is paranoid
        /// with three sides, brs with four or more.
        #[arg(long, value_enum, default_value = "auto")]
        algorithm: SearchAlgorithm,
    },
    /// Speak the UCI protocol on standard input and output (two-player games).
    Uci { file: PathBuf },
    /// Our engine against an outside UCI engine, the runtime as arbiter:
    /// a line per game, then the score and an Elo estimate (two players).
    Match {
        file: PathBuf,
        /// The outside engine's command line (words split at spaces), e.g.
        /// `../shared/peers/fairy-stockfish`.
        #[arg(long)]
        engine: String,
        /// An option for the outside engine, NAME=VALUE (UCI_Variant=capablanca).
        #[arg(long = "engine-option", value_parser = parse_option)]
        engine_options: Vec<(String, String)>,
        /// Games, colours alternating (an even number plays each opening twice).
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        games: u32,
        /// Milliseconds per move, for both engines.
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=MAX_MOVETIME_MS))]
        movetime: u64,
        /// Nodes per move for both engines instead (`go nodes N`); the
        /// outside engine may then take up to 2 x movetime + 1 s a move.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=players::MAX_NODES))]
        nodes: Option<u64>,
        /// A game not over after this many plies is a draw.
        #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        max_plies: u32,
        /// Plies of random moves that open each pair of games (default 2).
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=1000))]
        random_plies: u32,
        /// Seed of the openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Play many computer games in parallel: a JSON line per game in OUT,
    /// then a summary (wins and points per seat, draws, endings, length).
    Selfplay(SelfplayArgs),
    /// Draw a position as an SVG picture.
    Draw {
        file: PathBuf,
        /// The position: FEN, or the general notation (default: the start).
        #[arg(long)]
        fen: Option<String>,
        /// Moves played first; the last one is shaded.
        #[arg(long, num_args = 0..)]
        moves: Vec<String>,
        /// Cells or regions to outline: `e4`, `centre`, `last_rank:white`.
        #[arg(long, num_args = 0..)]
        highlight: Vec<String>,
        /// Arrows, each from a cell to a cell: `e2e4`.
        #[arg(long, num_args = 0..)]
        arrows: Vec<String>,
        /// The SVG file to write (`-`: standard output).
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Serve a web board for the games on a local port.
    Serve {
        /// Game sources or compiled IR, one or more.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The port (0: any free one; the address is printed).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on (only this machine by default).
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
    },
    /// Perft speed: runs each position `runs` times, prints the median.
    Bench {
        file: PathBuf,
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=MAX_PERFT_DEPTH as i64))]
        depth: u32,
        #[arg(long)]
        fen: Option<String>,
        /// Runs per position, 1 to 1000.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=1000))]
        runs: u64,
    },
}

fn main() -> ExitCode {
    // A reader that stops early (`variant perft ... | head`) ends the
    // program quietly, as it ends any Unix filter, instead of making the
    // next print panic on a broken pipe.
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to its default, before any
    // thread starts, touches no memory of the program.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {}", printable_lines(&message));
            ExitCode::FAILURE
        }
    }
}

/// The largest compiled IR file read (the biggest shipped game's JSON is
/// about 8 MB).
const MAX_IR_BYTES: u64 = 256 << 20;

/// Reads a game file, refusing a device, a pipe or a directory before
/// opening it (`perft /dev/zero` read without end, a FIFO blocked) and
/// anything over `MAX_IR_BYTES`.
fn read_game_file(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let cannot = |why: String| format!("cannot read {}: {why}", path.display());
    let meta = std::fs::metadata(path).map_err(|e| cannot(e.to_string()))?;
    if !meta.is_file() {
        return Err(cannot(
            "not a regular file (a directory, a device or a pipe)".into(),
        ));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_IR_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| cannot(e.to_string()))?;
    if bytes.len() as u64 > MAX_IR_BYTES {
        return Err(cannot(format!(
            "more than the {MAX_IR_BYTES} bytes a game file may have"
        )));
    }
    Ok(bytes)
}

/// Do both paths name one existing file?
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Loads a game from source (`.variant`) or compiled IR (binary or `.json`).
fn load_ir(path: &Path) -> Result<GameIr, String> {
    let bytes = read_game_file(path)?;
    if bytes.starts_with(runtime::ir::MAGIC) {
        return GameIr::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()));
    }
    if path.extension().is_some_and(|e| e == "json") {
        return GameIr::from_json(&String::from_utf8_lossy(&bytes))
            .map_err(|e| format!("{}: {e}", path.display()));
    }
    let compiled = compile_file(path, false);
    match compiled.ir {
        Some(ir) => Ok(ir),
        None if !compiler::diag::has_errors(&compiled.diagnostics) => Err(format!(
            "{} defines no game (no `game` or `board` statement): it is a library to import",
            path.display()
        )),
        None => {
            eprint!("{}", compiled.rendered());
            Err(format!("{} does not compile", path.display()))
        }
    }
}

fn position<'g>(
    game: &'g Game,
    fen: &Option<String>,
    moves: &[String],
) -> Result<Position<'g>, String> {
    let mut pos = match fen {
        Some(f) => parse_position(game, f).map_err(|e| format!("bad position: {e}"))?,
        None => Position::start(game),
    };
    play_record(&mut pos, &moves.join(" ")).map_err(|(i, e)| format!("move {}: {e}", i + 1))?;
    Ok(pos)
}

/// The position after `moves` from `fen` (or the start), and the last move played.
fn position_and_last<'g>(
    game: &'g Game,
    fen: &Option<String>,
    moves: &[String],
) -> Result<(Position<'g>, Option<runtime::Move>), String> {
    let mut pos = position(game, fen, &[])?;
    let mut last = None;
    let words: Vec<&str> = moves.iter().flat_map(|m| m.split_whitespace()).collect();
    let mut i = 0;
    let mut index = 0;
    while i < words.len() {
        let mut end = i + 1;
        while end < words.len() && runtime::notation::is_declaration(words[end]) {
            end += 1;
        }
        let fail = |e: String| format!("move {} ({}): {e}", index + 1, words[i]);
        let entry =
            parse_recorded(&mut pos, &words[i..end].join(" ")).map_err(|e| fail(e.to_string()))?;
        pos.make_declaring(entry.mv, &entry.declarations)
            .map_err(|e| fail(e.to_string()))?;
        last = Some(entry.mv);
        i = end;
        index += 1;
    }
    Ok((pos, last))
}

fn draw(
    file: &Path,
    fen: &Option<String>,
    moves: &[String],
    highlight: &[String],
    arrows: &[String],
    output: &Path,
) -> Result<ExitCode, String> {
    let game = Game::load(load_ir(file)?).map_err(|e| e.to_string())?;
    let (pos, last_move) = position_and_last(&game, fen, moves)?;
    let mut options = picture::Options {
        last_move,
        ..Default::default()
    };
    for word in highlight
        .iter()
        .flat_map(|h| h.split([',', ' ']).filter(|w| !w.is_empty()))
    {
        let cells = picture::cells_named(&game, word).map_err(|e| format!("--highlight {e}"))?;
        options.highlight.extend(cells);
    }
    for word in arrows
        .iter()
        .flat_map(|a| a.split([',', ' ']).filter(|w| !w.is_empty()))
    {
        options
            .arrows
            .push(picture::parse_arrow(&pos, word).map_err(|e| format!("--arrows {e}"))?);
    }
    let svg = picture::svg(&pos, &options);
    if output == Path::new("-") {
        std::io::stdout()
            .lock()
            .write_all(svg.as_bytes())
            .map_err(|e| format!("cannot write the picture to standard output: {e}"))?;
        return Ok(ExitCode::SUCCESS);
    }
    if output.is_dir() {
        return Err(format!(
            "cannot write {}: it is a directory (give a file name like board.svg)",
            output.display()
        ));
    }
    std::fs::write(output, svg).map_err(|e| format!("cannot write {}: {e}", output.display()))?;
    eprintln!("wrote {}", output.display());
    Ok(ExitCode::SUCCESS)
}

fn run(command: Command) -> Result<ExitCode, String> {
    match command {
        Command::Check {
            files,
            dump,
            claim_budget,
            no_claims,
        } => {
            if files.is_empty() {
                return Err("check needs at least one file".into());
            }
            let verify = match (no_claims, claim_budget) {
                (true, _) => compiler::Verify::Declarations,
                (false, None) => compiler::Verify::Claims(Default::default()),
                (false, Some(n)) => {
                    compiler::Verify::Claims(compiler::claims::ClaimBudget::uniform(n))
                }
            };
            let mut ok = true;
            for f in &files {
                let compiled = compiler::compile_file_with(f, verify);
                let shown = f.display().to_string();
                let shown = printable(&shown);
                let errors = compiled.diagnostics.iter().filter(|d| d.is_error()).count();
                if !compiled.diagnostics.is_empty() {
                    eprint!("{}", compiled.rendered());
                }
                if errors > 0 {
                    ok = false;
                    eprintln!("{shown}: {errors} error(s)");
                } else if compiled.ir.is_none() {
                    eprintln!("{shown}: ok (a library of definitions: no `game` or `board`)");
                } else {
                    let claims = compiled.model.as_ref().map_or(0, |m| m.claims.len());
                    if no_claims {
                        eprintln!("{shown}: ok ({claims} claims not verified: --no-claims)");
                    } else {
                        eprintln!("{shown}: ok ({claims} claims verified)");
                    }
                }
                match dump {
                    Some(Phase::Ast) => println!(
                        "{}",
                        serde_json::to_string_pretty(&compiled.statements).unwrap()
                    ),
                    Some(Phase::Model) => {
                        println!("{}", serde_json::to_string_pretty(&compiled.model).unwrap())
                    }
                    Some(Phase::Ir) => {
                        if let Some(ir) = &compiled.ir {
                            println!("{}", ir.to_json());
                        }
                    }
                    None => {}
                }
            }
            Ok(if ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Command::Compile { file, output } => {
            // Writing over the source would destroy it (the IR is binary).
            if same_file(&file, &output) {
                return Err(format!(
                    "refusing to write the IR over its own source {}: give another --output",
                    output.display()
                ));
            }
            let ir = load_ir(&file)?;
            Game::load(ir.clone()).map_err(|e| e.to_string())?;
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
        Command::Perft {
            file,
            depth,
            fen,
            moves,
            divide,
            threads,
        } => {
            let game = Game::load(load_ir(&file)?).map_err(|e| e.to_string())?;
            let mut pos = position(&game, &fen, &moves)?;
            let start = Instant::now();
            let nodes = if divide || (threads > 1 && depth > 1) {
                let rows = if threads > 1 {
                    pos.divide_threads(depth, threads as usize)
                } else {
                    pos.divide(depth)
                };
                let mut rows: Vec<(String, u64)> = rows
                    .into_iter()
                    .map(|(m, n)| (move_to_string(&game, m), n))
                    .collect();
                rows.sort();
                if divide {
                    let mut out = std::io::stdout().lock();
                    for (m, n) in &rows {
                        writeln!(out, "{} {n}", printable(m)).ok();
                    }
                }
                rows.iter().map(|r| r.1).sum()
            } else {
                pos.perft(depth)
            };
            let secs = start.elapsed().as_secs_f64();
            println!("nodes {nodes}");
            eprintln!(
                "{:.3} s, {:.0} nodes/s",
                secs,
                nodes as f64 / secs.max(1e-9)
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Search {
            file,
            fen,
            moves,
            depth,
            movetime,
            nodes,
            algorithm,
        } => {
            if depth.is_none() && movetime.is_none() && nodes.is_none() {
                return Err("give --depth, --movetime or --nodes: the search needs a bound".into());
            }
            let game = Game::load(load_ir(&file)?).map_err(|e| e.to_string())?;
            let mut pos = position(&game, &fen, &moves)?;
            let limits = Limits {
                depth,
                nodes,
                time: movetime.map(std::time::Duration::from_millis),
                stop: None,
            };
            let mut searcher = Engine::new(&game).with_algorithm(match algorithm {
                SearchAlgorithm::Auto => Algorithm::Auto,
                SearchAlgorithm::Paranoid => Algorithm::Paranoid,
                SearchAlgorithm::Brs => Algorithm::BestReply,
            });
            let outcome = searcher.search(&mut pos, limits, |info| {
                let mut score = score_text(info.score);
                // More than two players: where the principal variation
                // leaves each of them (two players: one is the other's
                // negation, and the line stays UCI's).
                if game.players() > 2 {
                    score.push_str(" scores");
                    for (p, s) in game.ir().players.iter().zip(&info.scores) {
                        let s = s.map_or("out".to_string(), score_text);
                        score.push_str(&format!(" {} {s}", p.name));
                    }
                }
                println!("{}", uci::info_line(&game, info, score));
            });
            match outcome.best {
                Some(mv) => println!("bestmove {}", printable(&move_to_string(&game, mv))),
                None => println!("bestmove (none): the game is over"),
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Moves { file, fen, moves } => {
            let game = Game::load(load_ir(&file)?).map_err(|e| e.to_string())?;
            let mut pos = position(&game, &fen, &moves)?;
            let mut list = Vec::new();
            pos.legal_moves(&mut list);
            let mut names: Vec<String> = list.iter().map(|&m| move_to_string(&game, m)).collect();
            names.sort();
            let mut out = std::io::stdout().lock();
            for n in names {
                writeln!(out, "{}", printable(&n)).ok();
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Draw {
            file,
            fen,
            moves,
            highlight,
            arrows,
            output,
        } => draw(&file, &fen, &moves, &highlight, &arrows, &output),
        Command::Uci { file } => {
            let game = Game::load(load_ir(&file)?).map_err(|e| e.to_string())?;
            uci::run(&game)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Serve { files, port, host } => {
            let mut games = Vec::new();
            for f in &files {
                games.push(Game::load(load_ir(f)?).map_err(|e| format!("{}: {e}", f.display()))?);
            }
            // A browser that drops its connection is an error on that
            // connection, never a signal that ends the server.
            #[cfg(unix)]
            // SAFETY: as in `main`, a signal's disposition, before any thread.
            unsafe {
                libc::signal(libc::SIGPIPE, libc::SIG_IGN);
            }
            serve::serve(&games, &host, port)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Bench {
            file,
            depth,
            fen,
            runs,
        } => {
            let game = Game::load(load_ir(&file)?).map_err(|e| e.to_string())?;
            let mut pos = position(&game, &fen, &[])?;
            let mut rates = Vec::new();
            let mut nodes = 0;
            for _ in 0..runs.max(1) {
                let start = Instant::now();
                nodes = pos.perft(depth);
                rates.push(nodes as f64 / start.elapsed().as_secs_f64().max(1e-9));
            }
            rates.sort_by(f64::total_cmp);
            let median = rates[rates.len() / 2];
            println!(
                "{} depth {depth}: nodes {nodes}, median {:.2} M nodes/s over {} runs",
                printable(&game.ir().name),
                median / 1e6,
                rates.len()
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Match {
            file,
            engine,
            engine_options,
            games,
            movetime,
            nodes,
            max_plies,
            random_plies,
            seed,
        } => {
            // The outside engine may die with our line half sent: a write to
            // its closed pipe must be an error the arbiter adjudicates, not
            // the signal that ends a filter.
            #[cfg(unix)]
            // SAFETY: as in `main`, a signal's disposition, before any thread.
            unsafe {
                libc::signal(libc::SIGPIPE, libc::SIG_IGN);
            }
            let game = Game::load(load_ir(&file)?).map_err(|e| e.to_string())?;
            let m = arena::Match {
                game: &game,
                engine: engine.split_whitespace().map(String::from).collect(),
                options: engine_options,
                games,
                movetime_ms: movetime,
                nodes,
                max_plies,
                random_plies,
                seed,
            };
            let (points, stopped) = arena::play(&m, &mut std::io::stdout())?;
            if !points.is_empty() {
                // Written without `print!`, which would panic on a closed pipe.
                std::io::stdout()
                    .write_all(arena::report(&points).as_bytes())
                    .ok();
            }
            match stopped {
                Some(why) => Err(format!(
                    "the match stopped after {} games: {why}",
                    points.len()
                )),
                None => Ok(ExitCode::SUCCESS),
            }
        }
        Command::Selfplay(args) => selfplay_command(args),
        Command::Play {
            file,
            fen,
            players,
            seed,
            max_plies,
            clock,
            record,
        } => {
            if record.as_deref().is_some_and(|r| same_file(&file, r)) {
                return Err(format!(
                    "refusing to write the record over the game file {}: give another --record",
                    file.display()
                ));
            }
            let game = Game::load(load_ir(&file)?).map_err(|e| e.to_string())?;
            if players.len() > game.players() {
                return Err(format!(
                    "--players names {} players, but {} has {}",
                    players.len(),
                    printable(&game.ir().name),
                    game.players()
                ));
            }
            let pos = position(&game, &fen, &[])?;
            play(
                &game,
                pos,
                &players,
                seed,
                max_plies,
                clock,
                record.as_deref(),
            )
        }
    }
}

/// `variant selfplay`'s arguments.
#[derive(clap::Args)]
struct SelfplayArgs {
    /// The game (not with --merge).
    #[arg(required_unless_present = "merge")]
    file: Option<PathBuf>,
    /// Games to play (the whole run, all shards together).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=selfplay::MAX_GAMES))]
    games: u64,
    /// Who plays each seat, in turn order (one name: every seat):
    /// random, engine:depth=N, engine:nodes=N or engine:ms=N.
    #[arg(long, value_delimiter = ',', value_parser = parse_player, default_value = "engine:nodes=5000")]
    players: Vec<Player>,
    /// Games played at once (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// The run's seed: the same seed plays the same games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// K/N: play only the games i with i % N == K - 1 (1 <= K <= N).
    #[arg(long, value_parser = parse_shard)]
    shard: Option<(u64, u64)>,
    /// Plies of uniform random moves that open each game (default: one
    /// per player), so that games differ.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=1000))]
    random_plies: Option<u32>,
    /// A game not over after this many plies ends as a draw (`ply_cap`).
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_plies: u32,
    /// Start position: FEN, or the general notation.
    #[arg(long)]
    fen: Option<String>,
    /// Where the games go, a JSON line each (with --merge: the merged file).
    #[arg(long, required_unless_present = "merge")]
    out: Option<PathBuf>,
    /// Merge the records of several runs (shards) and print their summary.
    #[arg(long, num_args = 1.., conflicts_with_all = ["file", "shard", "fen", "threads", "random_plies"])]
    merge: Vec<PathBuf>,
}

/// An engine option `NAME=VALUE`.
fn parse_option(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() && !text.contains('\n') => {
            Ok((name.trim().to_string(), value.trim().to_string()))
        }
        _ => Err(format!(
            "`{text}`: an engine option is NAME=VALUE, on one line"
        )),
    }
}

/// A shard `K/N`: 1 <= K <= N.
fn parse_shard(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("`{text}`: a shard is K/N with 1 <= K <= N, like 3/10");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n): (u64, u64) = (k.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

/// `variant selfplay`: a run, or a merge of runs.
fn selfplay_command(args: SelfplayArgs) -> Result<ExitCode, String> {
    let SelfplayArgs {
        file,
        games,
        players,
        threads,
        seed,
        shard,
        random_plies,
        max_plies,
        fen,
        out,
        merge,
    } = args;
    if !merge.is_empty() {
        if let Some(out) = &out {
            if let Some(input) = merge.iter().find(|m| same_file(m, out)) {
                return Err(format!(
                    "refusing to write the merged games over {}, one of the files merged",
                    input.display()
                ));
            }
        }
        let merged = match &out {
            Some(out) => {
                let mut sink = std::fs::File::create(out)
                    .map(std::io::BufWriter::new)
                    .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
                selfplay::merge(&merge, Some(&mut sink))?
            }
            None => selfplay::merge(&merge, None)?,
        };
        match merged {
            Some((info, games)) => print!("{}", printable_lines(&selfplay::summary(&info, &games))),
            None => println!("no games"),
        }
        return Ok(ExitCode::SUCCESS);
    }
    let (Some(file), Some(out)) = (file, out) else {
        return Err("selfplay needs a game file and --out (or --merge FILES)".into());
    };
    if same_file(&file, &out) {
        return Err(format!(
            "refusing to write the games over the game file {}: give another --out",
            file.display()
        ));
    }
    let game = Game::load(load_ir(&file)?).map_err(|e| e.to_string())?;
    let players = match players.len() {
        1 => vec![players[0]; game.players()],
        n if n == game.players() => players,
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
            "selfplay seats are computers: random or engine[:depth=N|:nodes=N|:ms=N]".into(),
        );
    }
    let start = position(&game, &fen, &[])?;
    let threads = threads
        .map(|t| t as usize)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let run = selfplay::Run {
        game: &game,
        fen,
        players,
        games,
        seed,
        shard: shard.unwrap_or((1, 1)),
        random_plies: random_plies.unwrap_or(game.players() as u32),
        max_plies,
        threads,
    };
    let mut sink = std::fs::File::create(&out)
        .map(std::io::BufWriter::new)
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    let (info, games) = selfplay::run(&run, &start, &mut sink)?;
    print!("{}", printable_lines(&selfplay::summary(&info, &games)));
    Ok(ExitCode::SUCCESS)
}

/// A duration like `30m`, `1h` or `90s`, in seconds.
fn parse_duration(text: &str) -> Result<u32, String> {
    let (digits, unit) = text.split_at(text.len().saturating_sub(1));
    let scale = match unit {
        "h" => 3600,
        "m" => 60,
        "s" => 1,
        _ => return Err("write a number and a unit: 30m, 1h, 90s".into()),
    };
    digits
        .parse::<u32>()
        .ok()
        .and_then(|n| n.checked_mul(scale))
        .filter(|&s| s > 0)
        .ok_or_else(|| format!("'{text}': give 1s up to about 136 years"))
}

/// How a game ended, who won and every player's points:
/// `Checkmate — white wins (white 3, blue 0, red 0)`.
fn describe_result(game: &Game, result: &runtime::GameResult) -> String {
    let names = |p: usize| printable(&game.ir().players[p].name).into_owned();
    let who = match (result.winner, result.loser) {
        (Some(p), _) => format!("{} wins", names(p)),
        (None, Some(p)) => format!("{} loses", names(p)),
        (None, None) => "draw".into(),
    };
    let scores: Vec<String> = (0..game.players())
        .map(|p| format!("{} {}", names(p), result.score(game, p)))
        .collect();
    format!("{:?} — {who} ({})", result.end, scores.join(", "))
}

/// A score as the `search` lines print it: `cp N`, or `mate N` (plies;
/// negative: the side searched for is mated).
fn score_text(score: Score) -> String {
    match score {
        Score::Centipawns(n) => format!("cp {n}"),
        Score::MateIn(n) => format!("mate {n}"),
    }
}

fn play<'g>(
    game: &'g Game,
    mut pos: Position<'g>,
    players: &[Player],
    seed: u64,
    max_plies: u64,
    clock_override: Option<u32>,
    record: Option<&Path>,
) -> Result<ExitCode, String> {
    // The record file is made before the first move, so a path that cannot
    // be written is told now, not after the game.
    if let Some(file) = record {
        write_record(file, &[])?;
    }
    let stdin = std::io::stdin();
    let mut stdin = stdin.lock();
    // An engine per computer seat: smaller tables when there are many.
    let mut computers = Computers::new(game, seed, if game.players() > 2 { 18 } else { 20 });
    let mut played: Vec<String> = Vec::new();
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stdout());
    // Time left per player, if the game declares a clock.
    let mut clock: Option<Vec<f64>> = clock_override
        .or(game.ir().clock_seconds)
        .map(|s| vec![s as f64; game.players()]);
    // Every name and text from the game file or the input is printed
    // through `printable` (control characters escaped).
    let player_name = |p: usize| printable(&game.ir().players[p].name).into_owned();
    println!(
        "{} — type a move like e2e4, `moves`, `fen`, `resign` or `quit`.",
        printable(&game.ir().name)
    );
    if !game.ir().agreements.is_empty() {
        let names: Vec<&str> = game
            .ir()
            .agreements
            .iter()
            .map(|a| a.name.as_str())
            .collect();
        println!(
            "Declarations go after your move: +name makes one, -name withdraws it ({}).",
            printable(&names.join(", "))
        );
    }
    loop {
        println!("\n{}", display::board(&pos, ansi));
        if let Some(left) = &clock {
            let shown: Vec<String> = left
                .iter()
                .enumerate()
                .map(|(p, s)| {
                    let s = s.max(0.0) as u64;
                    format!(
                        "{} {}:{:02}:{:02}",
                        player_name(p),
                        s / 3600,
                        s / 60 % 60,
                        s % 60
                    )
                })
                .collect();
            println!("clock: {}", shown.join("  "));
        }
        if let Some(result) = pos.result() {
            println!("Game over: {}.", describe_result(game, &result));
            return finish(&played, record);
        }
        if played.len() as u64 >= max_plies {
            println!("Game unfinished: {max_plies} plies played (--max-plies), no result.");
            return finish(&played, record);
        }
        let me = pos.to_move();
        let name = player_name(me);
        let mut list = Vec::new();
        pos.legal_moves(&mut list);
        let seat = players.get(me).copied().unwrap_or(Player::Human);
        if let Some((mv, outcome)) = computers.choose(seat, &mut pos, &list) {
            played.push(move_to_string(game, mv));
            match outcome {
                Some(o) => println!(
                    "{name} plays {} (depth {}, {})",
                    with_aliases(game, mv),
                    o.depth,
                    score_text(o.score)
                ),
                None => println!("{name} plays {}", with_aliases(game, mv)),
            }
            pos.make(mv);
            continue;
        }
        print!(
            "{name} to move{}> ",
            if pos.in_check() { " (in check)" } else { "" }
        );
        std::io::stdout().flush().ok();
        let thinking = Instant::now();
        let line = match input::read_line(&mut stdin) {
            Ok(Some(line)) => line,
            Ok(None) | Err(_) => {
                println!("\nInput ended; game abandoned.");
                return finish(&played, record);
            }
        };
        if let Some(left) = &mut clock {
            left[me] -= thinking.elapsed().as_secs_f64();
            if left[me] <= 0.0 {
                let result = runtime::GameResult::loss_on_time(game, me);
                println!(
                    "{name} has run out of time. Game over: {}.",
                    describe_result(game, &result)
                );
                return finish(&played, record);
            }
        }
        let line = match line {
            input::Line::Text(text) => text,
            input::Line::TooLong { bytes } => {
                println!(
                    "a line of {bytes} bytes, more than the {} a move may have: ignored",
                    input::MAX_LINE
                );
                continue;
            }
            input::Line::NotUtf8 => {
                println!("that line is not UTF-8 text: ignored");
                continue;
            }
        };
        match line.trim() {
            "" => continue,
            "quit" | "exit" => {
                return finish(&played, record);
            }
            "resign" => {
                println!("{name} resigns.");
                return finish(&played, record);
            }
            "moves" => {
                let mut names: Vec<String> = list.iter().map(|&m| with_aliases(game, m)).collect();
                names.sort();
                println!("{}", names.join(" "));
            }
            "fen" => println!(
                "{}",
                printable(&write_fen(&pos).unwrap_or_else(|| write_general(&pos)))
            ),
            text => match parse_recorded(&mut pos, text) {
                Ok(entry) => match pos.make_declaring(entry.mv, &entry.declarations) {
                    Ok(()) => played.push(recorded_to_string(game, &entry)),
                    Err(e) => println!("{}", printable(&e.to_string())),
                },
                Err(e) => println!("{}", printable(&e.to_string())),
            },
        }
    }
}

/// Ends a `play` session, whatever ends it (a result, the ply cap, a
/// time-out, quit, resign, the end of the input): the move record on the
/// terminal and, with `--record`, in its file.
fn finish(played: &[String], record: Option<&Path>) -> Result<ExitCode, String> {
    println!("Moves: {}", printable(&played.join(" ")));
    if let Some(file) = record {
        write_record(file, played)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The record as `--moves` and `claim` read it: the moves on one line,
/// each with its declarations.
fn write_record(file: &Path, played: &[String]) -> Result<(), String> {
    let mut text = played.join(" ");
    text.push('\n');
    std::fs::write(file, text)
        .map_err(|e| format!("cannot write the record to {}: {e}", file.display()))
}

/// A move in the project's notation, with the game's other spellings of it
/// beside it (`e1h1 (Кр-0-0-0)`), printable.
fn with_aliases(game: &Game, mv: runtime::Move) -> String {
    let text = move_to_string(game, mv);
    let aliases = runtime::notation::move_aliases(game, mv);
    let shown = if aliases.is_empty() {
        text
    } else {
        format!("{text} ({})", aliases.join(", "))
    };
    printable(&shown).into_owned()
}
