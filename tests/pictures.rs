//! Pictures of positions (`runtime::picture`, `variant draw`): snapshots of
//! the SVG for chess, Glinski's hexagons, a Das chess stack, side cells and
//! crazyhouse's hands (and three players' hands in seat order);
//! the same input gives the same bytes; every picture of every shipped game
//! is well-formed XML with exactly one polygon per cell, its cells convex,
//! inside the view box and overlapping none other; players are told
//! apart by colour; the terminal grid did not move; and the example
//! pictures in `docs/pictures/` are what `variant draw` makes today.

#[path = "support/games.rs"]
mod games;

use games::{load, Claims};
use runtime::layout::Layout;
use runtime::notation::{parse_move, parse_position, play_record};
use runtime::picture::{self, Options};
use runtime::{Game, Position};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The picture of the position after `moves` (the last one shaded) from
/// `fen` or the start, with cells or regions outlined and arrows.
fn draw(
    game: &Game,
    fen: Option<&str>,
    moves: &str,
    highlight: &[&str],
    arrows: &[&str],
) -> String {
    let mut pos = match fen {
        Some(f) => parse_position(game, f).unwrap_or_else(|e| panic!("{f}: {e}")),
        None => Position::start(game),
    };
    let words: Vec<&str> = moves.split_whitespace().collect();
    let mut options = Options::default();
    if let Some((last, before)) = words.split_last() {
        play_record(&mut pos, &before.join(" ")).unwrap_or_else(|(i, e)| panic!("move {i}: {e}"));
        let mv = parse_move(&mut pos, last).unwrap_or_else(|e| panic!("{last}: {e}"));
        pos.make(mv);
        options.last_move = Some(mv);
    }
    for h in highlight {
        options
            .highlight
            .extend(picture::cells_named(game, h).unwrap_or_else(|e| panic!("{e}")));
    }
    for a in arrows {
        options
            .arrows
            .push(picture::parse_arrow(&pos, a).unwrap_or_else(|e| panic!("{e}")));
    }
    picture::svg(&pos, &options)
}

#[test]
fn chess_start() {
    let game = load("dsl-examples/chess.variant", Claims::Skipped);
    insta::assert_snapshot!("chess_start", draw(&game, None, "", &[], &[]));
}

#[test]
fn glinski_after_a_few_moves_with_an_arrow_and_highlights() {
    let game = load("dsl-examples/glinski.variant", Claims::Skipped);
    let svg = draw(
        &game,
        None,
        "e4e5 d7d5 e1b4",
        &["pawn_start:black", "f6"],
        &["b4e7"],
    );
    insta::assert_snapshot!("glinski_moves_arrow_highlight", svg);
}

#[test]
fn das_stack_position() {
    // A White Knight boards the Black Ship on b5: a stack of two colours;
    // a White Ship with no cargo stays on e5, a Trooper (both White) on e8.
    let game = load("stdlib/das.variant", Claims::Skipped);
    let svg = draw(
        &game,
        Some("white: Kj1 N(S)e5 N(S)e8; black: Kj10 Pd6 Sb5"),
        "e5b5/cargo/board",
        &[],
        &[],
    );
    assert!(svg.contains("<g class=\"stack\" data-cell=\"b5\">"));
    assert!(svg.contains("<g class=\"stack\" data-cell=\"e8\">"));
    insta::assert_snapshot!("das_stack", svg);
}

/// Crazyhouse's hands: a row per player inside the view box, White's
/// under the board and Black's over it, each held kind a piece with its
/// count in kind order, an empty hand a dash; chess draws no hands.
#[test]
fn hands_are_drawn_under_and_over_the_board() {
    let game = load("dsl-examples/fairy/crazyhouse.variant", Claims::Skipped);
    let fen = "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[PNQNPP] b KQkq - 0 1";
    let svg = draw(&game, Some(fen), "", &[], &[]);
    well_formed(&game, &svg, "crazyhouse");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let number = |n: &roxmltree::Node, a: &str| -> f64 { n.attribute(a).unwrap().parse().unwrap() };
    let root = doc.root_element();
    let (width, height) = (number(&root, "width"), number(&root, "height"));
    let held: Vec<String> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("hand-piece"))
        .map(|n| {
            let a = |name: &str| n.attribute(name).unwrap();
            format!(
                "{} {} {} {}",
                a("data-player"),
                a("data-piece"),
                a("data-letter"),
                a("data-count")
            )
        })
        .collect();
    assert_eq!(
        held,
        ["white Queen Q 1", "white Knight N 2", "white Pawn P 3"],
        "the kinds in kind order, each once with its count"
    );
    let empty = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("hand-empty"))
        .map(|n| {
            n.ancestors()
                .find_map(|a| a.attribute("data-player"))
                .unwrap()
        })
        .collect::<Vec<_>>();
    assert_eq!(empty, ["black"]);
    // The board's rows, from the cell polygons.
    let cell_ys: Vec<f64> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("cell"))
        .flat_map(|n| {
            let points = n.attribute("points").unwrap().to_string();
            points
                .split(' ')
                .map(|p| p.split_once(',').unwrap().1.parse::<f64>().unwrap())
                .collect::<Vec<_>>()
        })
        .collect();
    let board_top = cell_ys.iter().copied().fold(f64::INFINITY, f64::min);
    let board_bottom = cell_ys.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    for hand in doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("hand"))
    {
        let player = hand.attribute("data-player").unwrap();
        for node in hand.descendants().filter(|n| n.is_element()) {
            let (x, y, r) = match node.tag_name().name() {
                "circle" => (number(&node, "cx"), number(&node, "cy"), number(&node, "r")),
                "text" => (number(&node, "x"), number(&node, "y"), 0.0),
                _ => continue,
            };
            assert!(
                x - r >= 0.0 && x + r <= width && y - r >= 0.0 && y + r <= height,
                "{player}: ({x}, {y}) r {r} outside {width}x{height}"
            );
            match player {
                "white" => assert!(y - r > board_bottom, "white's hand under the board"),
                _ => assert!(y + r < board_top, "black's hand over the board"),
            }
        }
    }
    insta::assert_snapshot!("crazyhouse_hands", svg);
    let chess = load("dsl-examples/chess.variant", Claims::Skipped);
    assert!(!draw(&chess, None, "", &[], &[]).contains("class=\"hand"));
}

/// Three players with hands: the first's row under the board, the second's
/// topmost and the third's under it, their pieces starting at one column
/// after the longest name; the hand the drop came from counts one less.
#[test]
fn three_hands_stand_in_seat_order_and_line_up() {
    let pieces = root().join("stdlib/pieces.variant");
    let text = format!(
        "game \"Three hands\"\nimport \"{}\"\nboard square 6 x 6\nplayers white black red\n\
         hand white {{ Knight 2 Queen }}\nhand black {{ Bishop }}\nhand red {{ Rook }}\n\
         setup white {{ King a1 }}\nsetup black {{ King f6 }}\nsetup red {{ King a6 }}\n\
         end checkmate loss\n",
        pieces.display()
    );
    let game = compile_text("three-hands", &text);
    let svg = draw(&game, None, "N@c3", &[], &[]);
    well_formed(&game, &svg, "three hands");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let number = |n: &roxmltree::Node, a: &str| -> f64 { n.attribute(a).unwrap().parse().unwrap() };
    // Each row's player, centre line, first piece's x, and its pieces.
    let rows: Vec<(String, f64, f64, Vec<String>)> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("hand"))
        .map(|hand| {
            let circles: Vec<_> = hand
                .descendants()
                .filter(|n| n.has_tag_name("circle"))
                .collect();
            let held = hand
                .descendants()
                .filter(|n| n.attribute("class") == Some("hand-piece"))
                .map(|n| {
                    format!(
                        "{}{}",
                        n.attribute("data-letter").unwrap(),
                        n.attribute("data-count").unwrap()
                    )
                })
                .collect();
            (
                hand.attribute("data-player").unwrap().to_string(),
                number(&circles[0], "cy"),
                number(&circles[0], "cx"),
                held,
            )
        })
        .collect();
    let players: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(players, ["white", "black", "red"]);
    let held: Vec<&Vec<String>> = rows.iter().map(|r| &r.3).collect();
    assert_eq!(
        held,
        [
            &vec!["Q1".to_string(), "N1".into()],
            &vec!["B1".into()],
            &vec!["R1".into()]
        ]
    );
    let (white, black, red) = (&rows[0], &rows[1], &rows[2]);
    assert!(black.1 < red.1 && red.1 < white.1, "{rows:?}");
    assert!(white.2 == black.2 && black.2 == red.2, "{rows:?}");
}

#[test]
fn side_cells_after_a_knight_leaves_one() {
    let game = load("dsl-examples/side-cells.variant", Claims::Skipped);
    let svg = draw(&game, None, "r1g2", &[], &["r8g7"]);
    insta::assert_snapshot!("side_cells", svg);
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    for path in ["stdlib/das.variant", "dsl-examples/glinski.variant"] {
        // Two games compiled and loaded apart, two pictures of each.
        let (a, b) = (load(path, Claims::Skipped), load(path, Claims::Skipped));
        let first = draw(&a, None, "", &["dark"], &[]);
        assert_eq!(first, draw(&a, None, "", &["dark"], &[]), "{path}");
        assert_eq!(first, draw(&b, None, "", &["dark"], &[]), "{path}");
    }
}

/// The games of `stdlib/` and `dsl-examples/` (not the libraries).
fn shipped() -> Vec<(String, Game)> {
    let mut out = Vec::new();
    for dir in ["stdlib", "stdlib/cosmic", "dsl-examples"] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "variant"))
            .collect();
        paths.sort();
        for path in paths {
            if let Some(ir) = compiler::compile_file(&path, false).ir {
                let rel = format!("{dir}/{}", path.file_name().unwrap().to_string_lossy());
                out.push((rel, Game::load(ir).unwrap()));
            }
        }
    }
    assert!(out.len() >= 10, "{} games", out.len());
    out
}

/// Parses the picture as XML and checks its shape: an `svg` root in the SVG
/// namespace, numbers that are numbers inside the view box, and exactly one
/// cell polygon per cell of the game. Returns the cell polygons' fills.
fn well_formed(game: &Game, svg: &str, what: &str) -> BTreeMap<String, String> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{what}: {e}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg", "{what}");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg"),
        "{what}"
    );
    let number = |n: &roxmltree::Node, a: &str| -> f64 {
        let v = n.attribute(a).unwrap_or_else(|| panic!("{what}: no {a}"));
        v.parse().unwrap_or_else(|_| panic!("{what}: {a}={v}"))
    };
    let (width, height) = (number(&root, "width"), number(&root, "height"));
    let mut fills = BTreeMap::new();
    for node in doc.descendants().filter(|n| n.has_tag_name("polygon")) {
        for pair in node.attribute("points").unwrap().split(' ') {
            let (x, y) = pair.split_once(',').unwrap();
            let (x, y): (f64, f64) = (x.parse().unwrap(), y.parse().unwrap());
            assert!(
                (0.0..=width).contains(&x) && (0.0..=height).contains(&y),
                "{what}: {pair} outside {width}x{height}"
            );
        }
        let class = node.attribute("class").unwrap_or("");
        if class.split(' ').any(|c| c == "cell") {
            let cell = node
                .attribute("data-cell")
                .expect("a cell polygon names its cell");
            assert!(game.cell(cell).is_some(), "{what}: {cell} is no cell");
            let fill = node.attribute("fill").unwrap().to_string();
            assert!(
                fills.insert(cell.to_string(), fill).is_none(),
                "{what}: {cell} drawn twice"
            );
        } else {
            assert!(
                node.attribute("data-cell").is_none(),
                "{what}: only cell polygons name a cell"
            );
        }
    }
    assert_eq!(fills.len(), game.cells(), "{what}: one polygon per cell");
    fills
}

#[test]
fn every_shipped_game_draws_well_formed_with_one_polygon_per_cell() {
    for (rel, game) in shipped() {
        let ir = game.ir();
        let plain = draw(&game, None, "", &[], &[]);
        let fills = well_formed(&game, &plain, &rel);
        // Cells of one colour share a fill, cells of different colours
        // not; side cells have no colour.
        let fill = |c: u16| fills[game.cell_name(c as usize)].clone();
        let on_board = |m: &runtime::ir::Mark| -> Vec<u16> {
            m.cells
                .iter()
                .copied()
                .filter(|&c| !ir.cells[c as usize].side)
                .collect()
        };
        for (i, a) in ir.colours.iter().enumerate() {
            let cells = on_board(a);
            for b in &ir.colours[i + 1..] {
                assert_ne!(
                    fill(cells[0]),
                    fill(on_board(b)[0]),
                    "{rel}: {} and {}",
                    a.colour,
                    b.colour
                );
            }
            for &c in &cells {
                assert_eq!(
                    fill(c),
                    fill(cells[0]),
                    "{rel}: {}",
                    game.cell_name(c as usize)
                );
            }
        }
        let (side, board): (Vec<u16>, Vec<u16>) =
            (0..game.cells() as u16).partition(|&c| ir.cells[c as usize].side);
        for &s in &side {
            assert_eq!(fill(s), fill(side[0]), "{rel}");
            assert!(board.iter().all(|&b| fill(b) != fill(s)), "{rel}");
        }
        // With everything shown: every cell outlined, a move, an arrow.
        let mut pos = Position::start(&game);
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mv = moves[0];
        pos.make(mv);
        let first = game.cell_name(0).to_string();
        let last = game.cell_name(game.cells() - 1).to_string();
        let options = Options {
            highlight: (0..game.cells()).collect(),
            arrows: vec![picture::parse_arrow(&pos, &format!("{first}{last}")).unwrap()],
            last_move: Some(mv),
        };
        let busy = picture::svg(&pos, &options);
        well_formed(&game, &busy, &format!("{rel} (busy)"));
        assert!(busy.contains("class=\"arrow\""), "{rel}");
        assert!(busy.contains("class=\"last-move\""), "{rel}");
    }
}

/// A game of `players` on a 6x6 board, each with a King and a Rook, written
/// to a temporary file; compiled and loaded.
fn many_players(tag: &str, players: &[&str]) -> Game {
    let pieces = root().join("stdlib/pieces.variant");
    let mut text = format!(
        "game \"{tag}\"\nimport \"{}\"\nboard square 6 x 6\nplayers {}\n",
        pieces.display(),
        players.join(" ")
    );
    for (i, p) in players.iter().enumerate() {
        let (file, rank) = ((b'a' + i as u8) as char, 1 + i % 2 * 5);
        text += &format!(
            "setup {p} {{ King {file}{rank} Rook {file}{} }}\n",
            3 + i % 2
        );
    }
    text += "end checkmate loss\n";
    compile_text(tag, &text)
}

/// A game from its text, written to a temporary file `TAG.variant`,
/// compiled and loaded.
fn compile_text(tag: &str, text: &str) -> Game {
    let dir = std::env::temp_dir().join(format!("variant-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{tag}.variant"));
    std::fs::write(&path, text).unwrap();
    let compiled = compiler::compile_file(&path, false);
    let ir = compiled
        .ir
        .clone()
        .unwrap_or_else(|| panic!("{}", compiled.rendered()));
    Game::load(ir).unwrap()
}

/// Each player's piece fill in a picture of the start.
fn piece_fills(game: &Game) -> Vec<String> {
    let svg = draw(game, None, "", &[], &[]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let mut fills = vec![String::new(); game.players()];
    for piece in doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("piece"))
    {
        let player = piece.attribute("data-player").unwrap();
        let p = game
            .ir()
            .players
            .iter()
            .position(|i| i.name == player)
            .unwrap();
        let circle = piece.children().find(|n| n.has_tag_name("circle")).unwrap();
        let fill = circle.attribute("fill").unwrap().to_string();
        assert!(
            fills[p].is_empty() || fills[p] == fill,
            "{player}: two fills"
        );
        fills[p] = fill;
    }
    fills
}

#[test]
fn two_three_four_and_six_players_are_told_apart() {
    let sets: [&[&str]; 5] = [
        &["white", "black"],
        &["north", "east", "south"],
        &["north", "east", "south", "west"],
        &["a", "b", "c", "d", "e", "f"],
        // Colour names are the players' colours, the others take the rest.
        &["red", "p2", "blue", "white"],
    ];
    for (i, players) in sets.iter().enumerate() {
        let game = many_players(&format!("players{i}"), players);
        let fills = piece_fills(&game);
        for (a, fa) in fills.iter().enumerate() {
            assert!(!fa.is_empty(), "{players:?}: {} has no pieces", players[a]);
            for fb in &fills[a + 1..] {
                assert_ne!(fa, fb, "{players:?}: {fills:?}");
            }
        }
        assert_eq!(fills, picture::player_colours(&game), "{players:?}");
    }
    let named = many_players("named", &["red", "p2", "blue", "white"]);
    // red, black (the first free after white, which the fourth player takes), blue, white.
    assert_eq!(
        picture::player_colours(&named),
        ["#d62828", "#262626", "#2f6fdf", "#ffffff"]
    );
    let plain = many_players("plain", &["a", "b", "c", "d", "e", "f"]);
    assert_eq!(
        picture::player_colours(&plain),
        ["#ffffff", "#262626", "#2f6fdf", "#d62828", "#2b9348", "#f5c518"]
    );
}

#[test]
fn highlight_and_arrow_words_resolve_or_say_why_not() {
    let das = load("stdlib/das.variant", Claims::Skipped);
    let names = |cells: Vec<usize>| -> Vec<String> {
        cells
            .iter()
            .map(|&c| das.cell_name(c).to_string())
            .collect()
    };
    assert_eq!(names(picture::cells_named(&das, "e4").unwrap()), ["e4"]);
    let white_last = names(picture::cells_named(&das, "last_rank:white").unwrap());
    // Rank 10: a10..j10 and the side cell r10.
    assert_eq!(white_last.len(), 11);
    assert!(white_last.iter().all(|c| c.ends_with("10")));
    // Per-player regions without a player: every player's cells.
    assert_eq!(picture::cells_named(&das, "last_rank").unwrap().len(), 22);
    // A shared region is every player's.
    assert_eq!(
        picture::cells_named(&das, "dark:black").unwrap(),
        picture::cells_named(&das, "dark").unwrap()
    );
    let err = |text: &str| picture::cells_named(&das, text).unwrap_err().to_string();
    assert!(err("z9").contains("`z9` is neither a cell nor a region"));
    assert!(err("z9").contains("king_colour"), "lists the regions");
    assert!(err("last_rank:red").contains("no such player (players: white, black)"));

    let pos = Position::start(&das);
    assert_eq!(
        picture::parse_arrow(&pos, "a10a9").unwrap(),
        (das.cell("a10").unwrap(), das.cell("a9").unwrap())
    );
    // Arrows need not be legal moves; a legal move's text works too.
    assert!(picture::parse_arrow(&pos, "a1j10").is_ok());
    let arrow_err = |text: &str| picture::parse_arrow(&pos, text).unwrap_err().to_string();
    assert!(arrow_err("e2e2").contains("starts and ends on e2"));
    assert!(arrow_err("e2z9").contains("not two cell names"));
    assert!(arrow_err("").contains("not two cell names"));
}

/// The terminal board's grid (`variant play`) is where it always was.
#[test]
fn terminal_grid_is_unchanged() {
    let grid = |path: &str| {
        let game = load(path, Claims::Skipped);
        let layout = Layout::of(game.ir());
        let mut rows = vec![String::new(); layout.rows];
        for (row, line) in rows.iter_mut().enumerate() {
            for col in 0..layout.cols {
                match layout.cell_at(row, col) {
                    Some(c) => *line += &format!("{:>4}", game.cell_name(c)),
                    None => *line += "   .",
                }
            }
        }
        format!("{}x{}\n{}", layout.rows, layout.cols, rows.join("\n"))
    };
    insta::assert_snapshot!(
        "terminal_grid_glinski",
        grid("dsl-examples/glinski.variant")
    );
    insta::assert_snapshot!("terminal_grid_das", grid("stdlib/das.variant"));
}

/// The words of a line, a double-quoted run of words counting as one.
fn shell_words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, part) in line.split('"').enumerate() {
        if i % 2 == 1 {
            out.push(part.to_string());
        } else {
            out.extend(part.split_whitespace().map(String::from));
        }
    }
    out
}

/// `docs/pictures/pictures.txt` lists one picture a line: the file, then the
/// arguments of `variant draw` without `-o` (an argument with spaces in
/// double quotes). Each file there must be what
/// the command writes now; `VARIANT_UPDATE_PICTURES=1` rewrites them
/// (`docs/pictures/make.sh`).
#[test]
fn docs_pictures_are_what_variant_draw_makes() {
    let dir = root().join("docs/pictures");
    let list = std::fs::read_to_string(dir.join("pictures.txt")).unwrap();
    let update = std::env::var_os("VARIANT_UPDATE_PICTURES").is_some_and(|v| v == "1");
    let mut stale = Vec::new();
    let mut count = 0;
    for line in list.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = shell_words(line).into_iter();
        let name = words.next().unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_variant"))
            .current_dir(root())
            .arg("draw")
            .args(words)
            .args(["-o", "-"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{line}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let path: &Path = &dir.join(&name);
        if update {
            std::fs::write(path, &out.stdout).unwrap();
        } else if std::fs::read(path).ok().as_deref() != Some(&out.stdout[..]) {
            stale.push(name.to_string());
        }
        count += 1;
    }
    assert!(count >= 3, "one picture per stdlib game at least");
    assert!(
        stale.is_empty(),
        "stale pictures in docs/pictures/: {stale:?}; run docs/pictures/make.sh"
    );
}

/// In the plane, edge neighbours are one unit apart and share an edge (two
/// corners); no two cells' centres are closer than that; a piece fits.
#[test]
fn cells_tile_the_plane() {
    let edge_steps: [(&str, &[(i32, i32)]); 2] = [
        ("dsl-examples/chess.variant", &[(1, 0), (0, 1)]),
        ("dsl-examples/glinski.variant", &[(1, 0), (0, 1), (-1, 1)]),
    ];
    for (path, steps) in edge_steps {
        let game = load(path, Claims::Skipped);
        let ir = game.ir();
        let layout = Layout::of(ir);
        let at = |coord: (i32, i32)| ir.cells.iter().position(|c| c.coord == coord);
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        let mut pairs = 0;
        for (cell, info) in ir.cells.iter().enumerate() {
            let shape = &layout.shapes[cell];
            assert!(
                shape.inradius() >= 0.5 - 1e-9,
                "{path}: {} too small",
                info.name
            );
            for &(dx, dy) in steps {
                let Some(other) = at((info.coord.0 + dx, info.coord.1 + dy)) else {
                    continue;
                };
                let (a, b) = (shape, &layout.shapes[other]);
                let d =
                    ((a.centre.x - b.centre.x).powi(2) + (a.centre.y - b.centre.y).powi(2)).sqrt();
                assert!(
                    close(d, 1.0),
                    "{path}: {} to {}: {d}",
                    info.name,
                    ir.cells[other].name
                );
                let shared = a
                    .corners
                    .iter()
                    .filter(|p| b.corners.iter().any(|q| close(p.x, q.x) && close(p.y, q.y)))
                    .count();
                assert_eq!(
                    shared, 2,
                    "{path}: {} and {}",
                    info.name, ir.cells[other].name
                );
                pairs += 1;
            }
            for (other, b) in layout.shapes.iter().enumerate().skip(cell + 1) {
                let d = ((shape.centre.x - b.centre.x).powi(2)
                    + (shape.centre.y - b.centre.y).powi(2))
                .sqrt();
                assert!(
                    d > 1.0 - 1e-9,
                    "{path}: {} and {} overlap",
                    info.name,
                    ir.cells[other].name
                );
            }
        }
        assert!(pairs > game.cells(), "{path}: {pairs} neighbour pairs");
    }
    // Forward is up the picture: white's first rank is below its second.
    let chess = load("dsl-examples/chess.variant", Claims::Skipped);
    let layout = Layout::of(chess.ir());
    let centre = |name: &str| layout.shapes[chess.cell(name).unwrap()].centre;
    assert!(centre("e1").y > centre("e2").y && centre("a1").x < centre("b1").x);
    let glinski = load("dsl-examples/glinski.variant", Claims::Skipped);
    let layout = Layout::of(glinski.ir());
    let centre = |name: &str| layout.shapes[glinski.cell(name).unwrap()].centre;
    assert!(centre("f1").y > centre("f2").y);
    // (1, 0) from f1 is g1: up and to the right; a flat top (two corners on top).
    assert!(centre("g1").x > centre("f1").x && centre("g1").y < centre("f1").y);
    let f1 = &layout.shapes[glinski.cell("f1").unwrap()];
    let top = f1.corners.iter().map(|p| p.y).fold(f64::INFINITY, f64::min);
    assert_eq!(
        f1.corners
            .iter()
            .filter(|p| (p.y - top).abs() < 1e-9)
            .count(),
        2
    );
}

/// A point of a picture: (x, y).
type Pt = (f64, f64);

/// The shoelace area: positive when the corners turn one way, negative the
/// other (which way is which does not matter below, only the sign agreeing).
fn signed_area(poly: &[Pt]) -> f64 {
    let n = poly.len();
    (0..n)
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % n]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum::<f64>()
        / 2.0
}

fn cross(o: Pt, a: Pt, b: Pt) -> f64 {
    (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
}

/// The part of `subject` inside the convex `clip` (Sutherland–Hodgman), both
/// with a positive signed area: inside an edge is where the cross product is
/// positive.
fn clip_convex(subject: &[Pt], clip: &[Pt]) -> Vec<Pt> {
    let mut out = subject.to_vec();
    for i in 0..clip.len() {
        let (a, b) = (clip[i], clip[(i + 1) % clip.len()]);
        let input = std::mem::take(&mut out);
        for j in 0..input.len() {
            let (p, q) = (input[j], input[(j + 1) % input.len()]);
            let (dp, dq) = (cross(a, b, p), cross(a, b, q));
            if dp >= 0.0 {
                out.push(p);
            }
            if (dp >= 0.0) != (dq >= 0.0) {
                let t = dp / (dp - dq);
                out.push((p.0 + t * (q.0 - p.0), p.1 + t * (q.1 - p.1)));
            }
        }
        if out.is_empty() {
            break;
        }
    }
    out
}

/// Every cell polygon of every shipped game's picture is convex, lies inside
/// the view box, and overlaps no other cell: of two cells whose bounding
/// boxes meet, the intersection has no area beyond the rounding of the
/// coordinates written.
#[test]
fn cells_lie_in_the_view_box_and_never_overlap() {
    for (rel, game) in shipped() {
        let svg = draw(&game, None, "", &[], &[]);
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{rel}: {e}"));
        let view: Vec<f64> = doc
            .root_element()
            .attribute("viewBox")
            .unwrap_or_else(|| panic!("{rel}: no viewBox"))
            .split_whitespace()
            .map(|v| v.parse().unwrap())
            .collect();
        let (left, top, right, bottom) = (view[0], view[1], view[0] + view[2], view[1] + view[3]);
        let mut cells: Vec<(String, Vec<Pt>, [f64; 4])> = Vec::new();
        for node in doc.descendants().filter(|n| {
            n.has_tag_name("polygon")
                && n.attribute("class")
                    .is_some_and(|c| c.split(' ').any(|c| c == "cell"))
        }) {
            // The points are where the cell is drawn: nothing moves them.
            assert!(
                node.ancestors().all(|a| a.attribute("transform").is_none()),
                "{rel}: a transformed cell"
            );
            let name = node.attribute("data-cell").unwrap().to_string();
            let mut poly: Vec<Pt> = node
                .attribute("points")
                .unwrap()
                .split(' ')
                .map(|pair| {
                    let (x, y) = pair.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            if signed_area(&poly) < 0.0 {
                poly.reverse();
            }
            assert!(
                poly.len() >= 3 && signed_area(&poly) > 1.0,
                "{rel}: {name} has no area"
            );
            let n = poly.len();
            for i in 0..n {
                let turn = cross(poly[i], poly[(i + 1) % n], poly[(i + 2) % n]);
                assert!(turn >= -1e-6, "{rel}: {name} is not convex");
            }
            let mut bbox = [
                f64::INFINITY,
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::NEG_INFINITY,
            ];
            for &(x, y) in &poly {
                assert!(
                    (left..=right).contains(&x) && (top..=bottom).contains(&y),
                    "{rel}: {name} corner ({x}, {y}) outside the view box {view:?}"
                );
                bbox = [
                    bbox[0].min(x),
                    bbox[1].min(y),
                    bbox[2].max(x),
                    bbox[3].max(y),
                ];
            }
            cells.push((name, poly, bbox));
        }
        assert_eq!(cells.len(), game.cells(), "{rel}");
        // The clipping itself: a cell against itself is the whole cell.
        let (_, first, _) = &cells[0];
        let whole = signed_area(&clip_convex(first, first));
        assert!((whole - signed_area(first)).abs() < 1e-6, "{rel}: {whole}");
        let mut near = 0;
        for (i, (a_name, a, a_box)) in cells.iter().enumerate() {
            for (b_name, b, b_box) in &cells[i + 1..] {
                if a_box[0] > b_box[2]
                    || b_box[0] > a_box[2]
                    || a_box[1] > b_box[3]
                    || b_box[1] > a_box[3]
                {
                    continue;
                }
                near += 1;
                let shared = signed_area(&clip_convex(a, b)).abs();
                let limit = 1e-3 * signed_area(a).min(signed_area(b));
                assert!(
                    shared <= limit,
                    "{rel}: {a_name} and {b_name} overlap by {shared:.2} (of cells of {:.0})",
                    signed_area(a)
                );
            }
        }
        // Neighbours touch: the test met them.
        assert!(
            near >= game.cells() - 1,
            "{rel}: {near} pairs of touching boxes"
        );
    }
}
