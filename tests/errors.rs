//! The errors of the runtime's notations (positions, moves, records) and of
//! declarations: the message each refusal prints, pinned word for word (the
//! CLI and its users read them), on the shipped games.
//!
//! Run with `cargo test --release --test errors`.

use runtime::notation::{parse_move, parse_position, parse_recorded, play_record};
use runtime::{Game, Position};
use std::path::Path;
use std::sync::OnceLock;

fn load(path: &str) -> Game {
    let compiled = compiler::compile_file(Path::new(path), false);
    let ir = compiled
        .ir
        .clone()
        .unwrap_or_else(|| panic!("{}", compiled.rendered()));
    Game::load(ir).unwrap()
}

fn chess() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    GAME.get_or_init(|| load("dsl-examples/chess.variant"))
}

fn das() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    GAME.get_or_init(|| load("stdlib/das.variant"))
}

fn glinski() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    GAME.get_or_init(|| load("dsl-examples/glinski.variant"))
}

fn pos<'g>(game: &'g Game, text: &str) -> Position<'g> {
    parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The message `parse_position` refuses `text` with.
fn position_message(game: &Game, text: &str) -> String {
    match parse_position(game, text) {
        Ok(p) => panic!("{text} accepted as {p:?}"),
        Err(e) => e.to_string(),
    }
}

/// The message `parse_move` refuses `mv` with in `position` (the start
/// position when `None`).
fn move_message(game: &Game, position: Option<&str>, mv: &str) -> String {
    let mut p = position.map_or_else(|| Position::start(game), |t| pos(game, t));
    match parse_move(&mut p, mv) {
        Ok(m) => panic!("{mv} accepted as {m:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn fen_messages() {
    let g = chess();
    let cases: &[(&str, &str)] = &[
        ("", "empty FEN"),
        (
            "rnbqkbnr/pppppppp/8/8 w - - 0 1",
            "FEN placement has 4 ranks, the board has 8",
        ),
        (
            "9/8/8/8/8/8/8/8 w - - 0 1",
            "FEN rank 8: 9 empty cells on a board 8 wide",
        ),
        (
            "xnbqkbnr/8/8/8/8/8/8/8",
            "FEN rank 8: unknown piece letter 'x'",
        ),
        (
            "(K)7/8/8/8/8/8/8/8",
            "FEN rank 8: a stack is written (carrier cargo), e.g. (Sa), not (K)",
        ),
        (
            "(KQ)7/8/8/8/8/8/8/8",
            "FEN rank 8: (KQ) is not a stack this game allows",
        ),
        ("8/8/8/8/8/8/8/8p", "FEN rank 1 is longer than 8 cells"),
        (
            "7/8/8/8/8/8/8/8",
            "FEN rank 8 describes 7 cells, the board is 8 wide",
        ),
        (
            "8/8/8/8/8/8/8/8 x",
            "FEN side to move must be w or b, not 'x'",
        ),
        (
            "4k3/8/8/8/8/8/8/R3K2R w Z",
            "castling field: 'Z' is neither K, Q nor a file",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w K",
            "castling right 'K': no castling partner of that player stands there",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - x 1",
            "FEN halfmove clock 'x' is not a number",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
            "FEN move number '0' is not a positive number",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 more",
            "FEN has an unexpected extra field 'more'",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - z9",
            "en-passant cell 'z9' is not on the board",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - a1a2a3a4a5a6a7a8b1b2b3b4b5b6b7b8c1",
            "en passant: 17 cells given, 1..=16 supported",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e3",
            "en-passant cell e3: no piece of the last mover passed over it",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(position_message(g, text), *message, "{text}");
    }
    assert_eq!(
        position_message(glinski(), "8/8/8 w"),
        "FEN needs a rectangular two-player board; use the general notation \
         (`white: Ke1 ...; black: ...`)"
    );
}

#[test]
fn general_notation_messages() {
    let g = chess();
    let kings = "white: Ke1; black: Ke8";
    let cases: Vec<(String, &str)> = vec![
        ("red: Ke1".into(), "unknown player 'red'"),
        (
            "white: Ke1 Qe1; black: Ke8".into(),
            "cell e1 is given two pieces",
        ),
        (format!("{kings}; turn red"), "turn: unknown player 'red'"),
        (format!("{kings}; spent red"), "spent: unknown player 'red'"),
        (
            format!("{kings}; declared red x"),
            "declared: unknown player 'red'",
        ),
        (
            format!("{kings}; castling z9"),
            "castling: 'z9' is not a cell",
        ),
        (
            format!("{kings}; castling e4"),
            "castling: no castling uses the piece on e4",
        ),
        (
            format!("{kings}; ep e3 victim z9"),
            "ep victim 'z9' is not a cell",
        ),
        (format!("{kings}; moved z9"), "moved: 'z9' is not a cell"),
        (
            format!("{kings}; unmoved z9"),
            "unmoved: 'z9' is not a cell",
        ),
        (
            format!("{kings}; unmoved e4"),
            "e4: no piece to be (un)moved",
        ),
        (
            format!("{kings}; agreed peace"),
            "no agreement named 'peace'",
        ),
        (
            format!("{kings}; declared white peace"),
            "no agreement named 'peace'",
        ),
        (
            format!("{kings}; clocks x 1"),
            "clocks: 'x' is not a number",
        ),
        (
            format!("{kings}; clocks 0 y"),
            "clocks: 'y' is not a number",
        ),
        (format!("{kings}; flip"), "cannot read 'flip'"),
        (
            "white: Zz9; black: Ke8".into(),
            "'Zz9' is not a piece letter followed by a cell",
        ),
        (
            "white: A(S; black: Ke8".into(),
            "'A(S': a stack is written A(S)a1 or A(S:owner)a1",
        ),
        (
            "white: K(Q:red)e1; black: Ke8".into(),
            "'K(Q:red)e1': unknown player 'red'",
        ),
        (
            "white: K(Z)e1; black: Ke8".into(),
            "'K(Z)e1': unknown piece 'Z'",
        ),
        (
            "white: K(Q)e1; black: Ke8".into(),
            "'K(Q)e1' is not a stack this game allows",
        ),
        (
            format!("{kings}; ep e3 victim e4"),
            "en-passant cell e3: no piece of the last mover passed over it",
        ),
    ];
    for (text, message) in &cases {
        assert_eq!(position_message(g, text), *message, "{text}");
    }
    assert_eq!(
        position_message(das(), "white: Kf1 A(S)z9; black: Kf10"),
        "'A(S)z9': no cell 'z9'"
    );
}

#[test]
fn move_messages() {
    let g = chess();
    let cases: &[(Option<&str>, &str, &str)] = &[
        (
            Some("white: Ke1 Be2; black: Ke8 Re7"),
            "e2d3",
            "illegal move e2d3: it would leave your royal piece attacked",
        ),
        (
            None,
            "zz",
            "cannot read move 'zz': it must start with a cell name",
        ),
        (None, "e4e5", "illegal move e4e5: no piece on e4"),
        (
            None,
            "e7e5",
            "illegal move e7e5: the Pawn on e7 belongs to black, and it is white's turn",
        ),
        (
            None,
            "e2zz",
            "cannot read move 'e2zz': no destination cell after e2",
        ),
        (
            None,
            "e2e5",
            "illegal move e2e5: the Pawn on e2 cannot go to e5",
        ),
        (
            Some("white: Ke1 Pa7; black: Ke8"),
            "a7a8",
            "illegal move a7a8: this move must promote; add one of q r b n (e.g. a7a8q)",
        ),
        (
            None,
            "e2e4x",
            "illegal move e2e4x: unexpected 'x' after the cells (a castling that is also a \
             king step is written with its partner, e.g. e1d1/b1)",
        ),
    ];
    for (position, mv, message) in cases {
        assert_eq!(move_message(g, *position, mv), *message, "{mv}");
    }
}

#[test]
fn record_and_declaration_messages() {
    let mut p = Position::start(chess());
    assert_eq!(
        parse_recorded(&mut p, "  ").unwrap_err().to_string(),
        "empty move"
    );
    assert_eq!(
        parse_recorded(&mut p, "e2e4 *draw")
            .unwrap_err()
            .to_string(),
        "'*draw' after the move: declarations are written +name (made) or -name (withdrawn)"
    );
    let (i, e) = play_record(&mut p, "e2e4 e7e5 e1e3").unwrap_err();
    assert_eq!(
        (i, e.to_string().as_str()),
        (2, "illegal move e1e3: the King on e1 cannot go to e3")
    );

    let mut p = Position::start(das());
    let (i, e) = play_record(&mut p, "h2h3 +file_promotion").unwrap_err();
    assert_eq!(
        (i, e.to_string().as_str()),
        (
            0,
            "cannot declare file_promotion: its marker's cell r1 is occupied"
        )
    );
    let (i, e) = play_record(&mut p, "h2h3 h9h8 h3h4 +peace").unwrap_err();
    assert_eq!(
        (i, e.to_string().as_str()),
        (2, "no agreement named 'peace'")
    );
    let mut p = Position::start(das());
    assert_eq!(
        p.declare(99, true).unwrap_err().to_string(),
        "no agreement number 99"
    );
    let mv = parse_move(&mut p, "h2h3").unwrap();
    assert_eq!(
        p.make_declaring(mv, &[(1, true), (0, true)])
            .unwrap_err()
            .to_string(),
        "cannot declare file_promotion: its marker's cell r1 is occupied"
    );
}
