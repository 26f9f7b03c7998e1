//! Crafted IR (hardening report 3, `../shared/hardening3/README.md`, F1 and
//! F19): the compiled chess rules with one edit applied and re-sealed, as
//! the report's `craft_ir.py` made them (here `GameIr::to_json` writes the
//! checksum of the edited payload, as a forger who knows the public sum
//! would). The checksum guards against damage only; each edit must be
//! refused by the loader's validation, with its `LoadError` variant
//! (`Game::load`) and through the binary (`variant perft`, exit 1, the
//! message). Edits that are valid rules (another game, not a broken one)
//! are shown to load.

use runtime::game::LoadError;
use runtime::ir::{self, GameIr};
use runtime::Game;
use std::path::{Path, PathBuf};
use std::process::Command;

const CHESS: &str = "dsl-examples/chess.variant";

fn chess_ir() -> GameIr {
    compiler::compile_file(Path::new(CHESS), false).ir.unwrap()
}

fn cell(ir: &GameIr, name: &str) -> u16 {
    ir.cells.iter().position(|c| c.name == name).unwrap() as u16
}

fn kind(ir: &GameIr, name: &str) -> usize {
    ir.kinds.iter().position(|k| k.name == name).unwrap()
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("variant-crafted-ir-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The loader's refusal of `ir` (it must refuse).
#[track_caller]
fn refusal(ir: &GameIr) -> LoadError {
    match Game::load(ir.clone()) {
        Ok(_) => panic!("the edited IR loaded"),
        Err(e) => e,
    }
}

/// Writes `ir` sealed (JSON with its checksum) and runs `variant perft`
/// and `variant moves` on it: both exit 1 saying `part`, without a panic.
#[track_caller]
fn binary_refuses(ir: &GameIr, name: &str, part: &str) {
    let file = scratch().join(format!("{name}.json"));
    std::fs::write(&file, ir.to_json()).unwrap();
    let file = file.to_str().unwrap();
    for args in [vec!["perft", file, "--depth", "2"], vec!["moves", file]] {
        let out = Command::new(env!("CARGO_BIN_EXE_variant"))
            .args(&args)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name} {args:?}:\n{text}");
        assert!(
            text.contains(part),
            "{name} {args:?} does not say {part:?}:\n{text}"
        );
        assert!(!text.contains("panicked"), "{name}:\n{text}");
    }
}

/// F1: castling landings. The partner onto e8 (the black King), every
/// castling with no cell required empty (the king then landed on g1's
/// Knight), the king onto d8: each segfaulted perft or panicked the server.
#[test]
fn f1_castling_lands_only_on_cells_it_empties_or_requires_empty() {
    let base = chess_ir();
    let e8 = cell(&base, "e8");
    let d8 = cell(&base, "d8");
    let mut onto_king = base.clone();
    onto_king.castlings[0].partner_to = e8;
    let mut nothing_empty = base.clone();
    nothing_empty
        .castlings
        .iter_mut()
        .for_each(|c| c.must_be_empty.clear());
    let mut king_far = base.clone();
    king_far.castlings[0].king_to = d8;
    for (name, ir) in [
        ("onto_king", onto_king),
        ("nothing_empty", nothing_empty),
        ("king_far", king_far),
    ] {
        assert!(
            matches!(refusal(&ir), LoadError::CastlingLandsOnAPiece { .. }),
            "{name}: {}",
            refusal(&ir)
        );
        binary_refuses(&ir, name, "neither requires empty nor vacates");
    }
}

/// F19: names. Every cell `a1`, every cell `""`, 100,000-byte names, every
/// kind lettered `K`, the Pawn lettered `1`, both players `white`, an alias
/// that is another kind's letter or holds a digit.
#[test]
fn f19_names_name_one_thing_each() {
    let base = chess_ir();
    let mut all_a1 = base.clone();
    all_a1.cells.iter_mut().for_each(|c| c.name = "a1".into());
    assert!(matches!(
        refusal(&all_a1),
        LoadError::DuplicateCellName { .. }
    ));
    binary_refuses(&all_a1, "all_a1", "has the name of another cell");

    for (name, text) in [
        ("empty_names", String::new()),
        ("long_names", "x".repeat(100_000)),
    ] {
        let mut ir = base.clone();
        ir.cells.iter_mut().for_each(|c| c.name = text.clone());
        assert!(matches!(
            refusal(&ir),
            LoadError::CellNameLength { cell: 0 }
        ));
        binary_refuses(&ir, name, "an empty name or one longer than 64 bytes");
    }

    let mut all_k = base.clone();
    all_k.kinds.iter_mut().for_each(|k| k.letter = 'K');
    assert!(matches!(refusal(&all_k), LoadError::KindNameClash { .. }));
    binary_refuses(&all_k, "all_k", "already names a kind");

    let pawn = kind(&base, "Pawn");
    let mut digit = base.clone();
    digit.kinds[pawn].letter = '1';
    assert_eq!(refusal(&digit), LoadError::KindLetter { kind: pawn });
    binary_refuses(&digit, "digit_letter", "is not a Latin capital letter");
    let mut lower = base.clone();
    lower.kinds[pawn].letter = 'p';
    assert_eq!(refusal(&lower), LoadError::KindLetter { kind: pawn });

    let queen = kind(&base, "Queen");
    for (name, alias, variant) in [
        ("alias_k", "k", LoadError::KindNameClash { kind: queen }),
        ("alias_cell", "e4", LoadError::KindAlias { kind: queen }),
        ("alias_empty", "", LoadError::KindAlias { kind: queen }),
        ("alias_colon", "Q:", LoadError::KindAlias { kind: queen }),
    ] {
        let mut ir = base.clone();
        ir.kinds[queen].aliases.push(alias.into());
        assert_eq!(refusal(&ir), variant, "{name}");
    }
    // Another kind's Cyrillic alias on the Queen too.
    let mut shared_alias = base.clone();
    let knight_alias = shared_alias.kinds[kind(&base, "Knight")].aliases[0].clone();
    shared_alias.kinds[queen].aliases.push(knight_alias);
    assert!(matches!(
        refusal(&shared_alias),
        LoadError::KindNameClash { .. }
    ));

    // Names the notations would split: a cell `e 4`, a player `white:`.
    let mut spaced = base.clone();
    spaced.cells[3].name = "e 4".into();
    assert_eq!(refusal(&spaced), LoadError::CellNameCharacters { cell: 3 });
    binary_refuses(&spaced, "spaced", "name is not letters, digits and _");
    let mut colon = base.clone();
    colon.players[0].name = "white:".into();
    assert_eq!(refusal(&colon), LoadError::PlayerName { player: 0 });

    let mut twins = base.clone();
    twins.players[1].name = "white".into();
    assert_eq!(
        refusal(&twins),
        LoadError::DuplicatePlayerName { player: 1 }
    );
    binary_refuses(&twins, "twins", "has the name of another player");
}

/// F19: moves. A castling whose king stays (perft 4 from the castling
/// position changed), every leap pointed at cell 0 (each move made up to
/// eight times), the Knights' leaps all onto one cell, every ride of no
/// cells, a ride through its own origin.
#[test]
fn f19_every_move_is_made_once_and_goes_somewhere() {
    let base = chess_ir();
    let mut stays = base.clone();
    stays.castlings[0].king_to = stays.castlings[0].king_from;
    stays.castlings[0].partner_to = cell(&base, "b1");
    assert_eq!(
        refusal(&stays),
        LoadError::CastlingKingStays { castling: 0 }
    );
    binary_refuses(&stays, "king_stays", "leaves its king where it stands");

    let mut to_zero = base.clone();
    to_zero.leaps.iter_mut().for_each(|l| l.to = 0);
    assert!(matches!(
        refusal(&to_zero),
        LoadError::AtomOntoItsOwnCell { cell: 0 }
    ));
    binary_refuses(&to_zero, "to_zero", "lands on or passes its own cell");

    // Only the white Knights' leaps, onto h8 (never their own cell).
    let mut knights = base.clone();
    let (kinds, cells) = (base.kinds.len(), base.cells.len());
    let h8 = cell(&base, "h8");
    let knight = kind(&base, "Knight");
    for c in 0..cells - 1 {
        let set = base.moves[knight * cells + c];
        let range = set.leap_start as usize..(set.leap_start + set.leap_len as u32) as usize;
        knights.leaps[range].iter_mut().for_each(|l| l.to = h8);
    }
    assert!(matches!(
        refusal(&knights),
        LoadError::DuplicateLanding { .. }
    ));
    binary_refuses(&knights, "knights", "without being marked shared");
    assert!(kinds > knight);

    let mut empty_rays = base.clone();
    empty_rays.rays.iter_mut().for_each(|r| {
        r.len = 0;
        r.first_landing = 0;
    });
    assert_eq!(refusal(&empty_rays), LoadError::EmptyRay);
    binary_refuses(&empty_rays, "empty_rays", "a ride of no cells");

    // The first ride of the white Rook on a1 made to pass a1 again.
    let rook = kind(&base, "Rook");
    let a1 = cell(&base, "a1");
    let set = base.moves[rook * cells + a1 as usize];
    let mut through = base.clone();
    let ray = through.rays[set.ray_start as usize];
    through.ray_cells[ray.start as usize + ray.len as usize - 1] = a1;
    assert_eq!(
        refusal(&through),
        LoadError::AtomOntoItsOwnCell { cell: a1 }
    );
}

/// F19: counts. `end repetition 1` (every game drawn before its first
/// move) and counts no source may give are refused; 0 is "no such rule",
/// a valid game (the language writes it by leaving the rule out).
#[test]
fn f19_end_counts_are_within_the_languages_limits() {
    let base = chess_ir();
    for (name, repetition, move_rule, variant) in [
        ("rep1", 1, 50, Some(LoadError::RepetitionCount(1))),
        (
            "rep_huge",
            1_000_000,
            50,
            Some(LoadError::RepetitionCount(1_000_000)),
        ),
        (
            "rule_wraps",
            3,
            2_147_483_648,
            Some(LoadError::MoveRuleCount(2_147_483_648)),
        ),
        ("off", 0, 0, None),
    ] {
        let mut ir = base.clone();
        ir.end.repetition = repetition;
        ir.end.move_rule = move_rule;
        match variant {
            Some(v) => {
                assert_eq!(refusal(&ir), v, "{name}");
                binary_refuses(
                    &ir,
                    name,
                    if name.starts_with("rep") {
                        "repetitions"
                    } else {
                        "moves"
                    },
                );
            }
            None => assert!(Game::load(ir).is_ok(), "{name}"),
        }
    }
    let mut no_points = base.clone();
    no_points.end.points = 0;
    assert_eq!(refusal(&no_points), LoadError::PointsRange(0));
}

/// F19: geometry. The chess cells under a round geometry of 6 rings (they
/// reach ring 7), round geometries of 0 and 65,535 rings and sectors, a
/// triangle of no files, two cells drawn at one point, a square geometry
/// wider than the language's 26 files.
#[test]
fn f19_cells_lie_inside_a_geometry_the_language_can_give() {
    let base = chess_ir();
    let files: Vec<String> = ('a'..='p').map(String::from).collect();
    let round = |rings: u16, sectors: u16| ir::Geometry::Round {
        rings,
        sectors,
        files: files[..(sectors as usize).min(16)].to_vec(),
    };
    let mut chess_round = base.clone();
    chess_round.geometry = round(6, 16);
    assert!(matches!(
        refusal(&chess_round),
        LoadError::CellOutsideGeometry { .. }
    ));
    binary_refuses(&chess_round, "chess_round", "lies outside its geometry");
    for (rings, sectors) in [(0, 0), (65_535, 65_535), (6, 7), (21, 16)] {
        let mut ir = base.clone();
        ir.geometry = round(rings, sectors);
        assert!(
            matches!(refusal(&ir), LoadError::RoundGeometrySize { .. }),
            "{rings} x {sectors}: {}",
            refusal(&ir)
        );
    }
    let mut no_files = base.clone();
    no_files.geometry = ir::Geometry::Triangle {
        odd_up: true,
        files: Vec::new(),
    };
    assert_eq!(
        refusal(&no_files),
        LoadError::TriangleGeometrySize { files: 0 }
    );
    // -2^31: `abs` wrapped it to itself, which passed as near zero (found
    // by the fuzz harness under overflow checks).
    let mut far = base.clone();
    far.cells[5].coord = (i32::MIN, 0);
    assert_eq!(refusal(&far), LoadError::CoordinateRange { cell: 5 });
    binary_refuses(&far, "far", "has a coordinate outside");
    let mut stacked = base.clone();
    stacked.cells[1].coord = stacked.cells[0].coord;
    assert!(matches!(
        refusal(&stacked),
        LoadError::TwoCellsAtOnePoint { .. }
    ));
    binary_refuses(&stacked, "stacked", "drawn at the point of another cell");
    let mut wide = base.clone();
    wide.geometry = ir::Geometry::Square {
        width: 32,
        height: 2,
        files: (0..32).map(|i| format!("f{i}")).collect(),
    };
    assert!(matches!(refusal(&wide), LoadError::GeometrySize { .. }));

    // A consistent drawing of other rules is no fault: the chess cells on
    // hexagons, or on 8 rings of 8 sectors, are drawn (cell names are free
    // text; the rules never read the geometry).
    let mut hex = base.clone();
    hex.geometry = ir::Geometry::Hex { pointy: false };
    assert!(Game::load(hex).is_ok());
    let mut round8 = base.clone();
    round8.geometry = round(8, 8);
    assert!(Game::load(round8).is_ok());
}

/// Every shipped game loads under the checks above (a check the compiler's
/// own output fails would refuse a real game).
#[test]
fn every_compiled_game_passes_the_new_checks() {
    let mut files = Vec::new();
    for dir in [
        "stdlib",
        "stdlib/cosmic",
        "dsl-examples",
        "dsl-examples/fairy",
    ] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "variant") {
                files.push(path);
            }
        }
    }
    let mut loaded = 0;
    for path in files {
        let compiled = compiler::compile_file(&path, false);
        // Army and piece files compile to no game; a game the loader
        // refuses is E030 (the compiler loads every game it lowers).
        let rendered = compiled.rendered();
        assert!(!rendered.contains("E030"), "{}: {rendered}", path.display());
        if let Some(ir) = compiled.ir {
            Game::load(ir).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            loaded += 1;
        }
    }
    assert!(loaded >= 80, "{loaded} games loaded");
}

/// Report 3, F6 and F20: the checker knows the runtime's limits (one
/// definition, `runtime::limits`), so a board the checker passes always
/// loads: no board size at or around the limits ends in the loader's
/// refusal (E030; `board round 20 x 24` did, with 481 cells). Each is either
/// refused by the checker (E017) or loads.
#[test]
fn the_checker_refuses_every_board_the_loader_would() {
    use compiler::diag::Code;
    let mut boards = Vec::new();
    for rings in 0..=21 {
        for sectors in 2..=26 {
            boards.push(format!("round {rings} x {sectors}"));
        }
    }
    for width in [1, 2, 13, 14, 25, 26, 27] {
        for height in [1, 14, 15, 27, 28, 98, 99, 100] {
            boards.push(format!("square {width} x {height}"));
        }
    }
    for side in 1..=16 {
        boards.push(format!("triangle {side}"));
        boards.push(format!("triangle {side} point-down"));
        boards.push(format!("triangle hexagon {side}"));
    }
    for (width, height) in [(26, 14), (26, 15), (27, 2), (3, 99), (3, 100), (4, 96)] {
        boards.push(format!("triangle {width} x {height}"));
    }
    let dir = scratch();
    let (mut refused, mut loaded) = (0, 0);
    for board in &boards {
        let black = if board.starts_with("square 1 ") {
            "a2"
        } else {
            "b1"
        };
        let source = format!(
            "game \"g\"\nboard {board}\nplayers white black\n\
             piece King {{ letter K royal leap (1,0) }}\n\
             setup white {{ King a1 }}\nsetup black {{ King {black} }}\nend checkmate loss\n"
        );
        let path = dir.join("board.variant");
        let compiled =
            compiler::compile_bytes_with(&path, source.into_bytes(), compiler::Verify::Nothing);
        let codes: Vec<Code> = compiled.diagnostics.iter().map(|d| d.code).collect();
        assert!(
            !codes.contains(&Code::RulesNotLoadable),
            "board {board}: the loader refused what the checker passed:\n{}",
            compiled.rendered()
        );
        // Loaded: no error, or only the start position's (E016: the Kings
        // side by side), which is judged after loading.
        if codes.contains(&Code::UnsupportedBoard) {
            refused += 1;
        } else if codes.iter().all(|&c| c == Code::UnreachableSetup) {
            loaded += 1;
        }
    }
    // Both sides of the limits were reached.
    assert!(
        refused > 100 && loaded > 100,
        "{refused} refused, {loaded} loaded"
    );
}
