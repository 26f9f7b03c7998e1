//! The errors of the runtime's notations (positions, moves, records) and of
//! declarations: the message each refusal prints, pinned word for word (the
//! CLI and its users read them), then the variants each refusal is, with
//! the data it carries, on the shipped games.
//!
//! Run with `cargo test --release --test errors`.

use runtime::notation::{
    parse_move, parse_position, parse_recorded, play_record, DeclareError, Field, MoveError,
    PositionError, RecordError,
};
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
            "FEN move number 0: moves are numbered from 1",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 -1",
            "FEN move number '-1' is not a positive number",
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
            "illegal move e2e4x: unexpected 'x' after the cells",
        ),
        (
            None,
            "g1f3/h1",
            "illegal move g1f3/h1: unexpected '/h1' after the cells (a castling that is also a \
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

// ---------------------------------------------------------------------------
// The variants: tests match the data of a refusal, not its English.
// ---------------------------------------------------------------------------

fn position_error(game: &Game, text: &str) -> PositionError {
    match parse_position(game, text) {
        Ok(p) => panic!("{text} accepted as {p:?}"),
        Err(e) => e,
    }
}

fn move_error(game: &Game, position: Option<&str>, mv: &str) -> MoveError {
    let mut p = position.map_or_else(|| Position::start(game), |t| pos(game, t));
    match parse_move(&mut p, mv) {
        Ok(m) => panic!("{mv} accepted as {m:?}"),
        Err(e) => e,
    }
}

#[test]
fn fen_errors_carry_ranks_counts_and_letters() {
    let g = chess();
    assert!(matches!(
        position_error(glinski(), "8/8/8 w"),
        PositionError::NeedsRectangularBoard
    ));
    assert!(matches!(position_error(g, ""), PositionError::EmptyFen));
    assert!(matches!(
        position_error(g, "rnbqkbnr/pppppppp/8/8 w - - 0 1"),
        PositionError::RankCount {
            given: 4,
            height: 8
        }
    ));
    assert!(matches!(
        position_error(g, "9/8/8/8/8/8/8/8"),
        PositionError::TooManyEmpty {
            rank: 8,
            count: 9,
            width: 8
        }
    ));
    assert!(matches!(
        position_error(g, "8/8/8/8/3x4/8/8/8"),
        PositionError::UnknownLetter {
            rank: 4,
            letter: 'x'
        }
    ));
    assert!(matches!(
        position_error(g, "(K)7/8/8/8/8/8/8/8"),
        PositionError::BadFenStack { rank: 8, ref text } if text == "K"
    ));
    assert!(matches!(
        position_error(g, "(KQ)7/8/8/8/8/8/8/8"),
        PositionError::FenStackNotAllowed { rank: 8, ref text } if text == "KQ"
    ));
    assert!(matches!(
        position_error(g, "8/8/8/8/8/8/8/8p"),
        PositionError::RankTooLong { rank: 1, width: 8 }
    ));
    assert!(matches!(
        position_error(g, "8/8/7/8/8/8/8/8"),
        PositionError::RankWidth {
            rank: 6,
            described: 7,
            width: 8
        }
    ));
    assert!(matches!(
        position_error(g, "8/8/8/8/8/8/8/8 x"),
        PositionError::BadSideToMove { ref text } if text == "x"
    ));
    assert!(matches!(
        position_error(g, "4k3/8/8/8/8/8/8/R3K2R w KZ"),
        PositionError::BadCastlingLetter { letter: 'Z' }
    ));
    assert!(matches!(
        position_error(g, "4k3/8/8/8/8/8/8/4K3 w q"),
        PositionError::NoCastlingPartner { letter: 'q' }
    ));
    assert!(matches!(
        position_error(g, "4k3/8/8/8/8/8/8/4K3 w - - -1 1"),
        PositionError::BadNumber { field: Field::Halfmove, ref text } if text == "-1"
    ));
    assert!(matches!(
        position_error(g, "4k3/8/8/8/8/8/8/4K3 w - - 0 0"),
        PositionError::MoveNumberZero {
            field: Field::MoveNumber
        }
    ));
    assert!(matches!(
        position_error(g, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 more"),
        PositionError::ExtraField { ref text } if text == "more"
    ));
}

#[test]
fn en_passant_errors() {
    let g = chess();
    assert!(matches!(
        position_error(g, "4k3/8/8/8/8/8/8/4K3 w - e3z9"),
        PositionError::UnknownEnPassantCell { ref text } if text == "z9"
    ));
    let many: String = ["a", "b", "c"]
        .iter()
        .flat_map(|f| (1..=8).map(move |r| format!("{f}{r}")))
        .collect::<Vec<_>>()
        .join(",");
    assert!(matches!(
        position_error(g, &format!("4k3/8/8/8/8/8/8/4K3 w - {many}")),
        PositionError::EnPassantCellCount { given: 24 }
    ));
    assert!(matches!(
        position_error(g, "4k3/8/8/8/4P3/8/8/4K3 b - d3"),
        PositionError::NoEnPassantVictim { ref cells } if cells == "d3"
    ));
    // The white pawn that passed e3 is its victim; a black pawn that passed
    // d6 reads the same in both notations.
    let _ = pos(g, "4k3/8/8/8/4P3/8/8/4K3 b - e3");
    let fen = pos(g, "4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1");
    let general = pos(
        g,
        "white: Ke1; black: Ke8 Pd5; turn white; ep d6 victim d5; clocks 0 1",
    );
    assert!(fen == general);
    assert!(matches!(
        position_error(g, "white: Ke1; black: Ke8 Pd5; ep d6 victim d7"),
        PositionError::NoEnPassantVictim { ref cells } if cells == "d6"
    ));
}

#[test]
fn general_notation_errors_name_their_field() {
    let g = chess();
    let kings = "white: Ke1; black: Ke8";
    let e = |rest: &str| position_error(g, &format!("{kings}; {rest}"));
    assert!(matches!(
        position_error(g, "red: Ke1"),
        PositionError::UnknownPlayer { field: Field::PieceList, ref name } if name == "red"
    ));
    assert!(matches!(
        e("turn red"),
        PositionError::UnknownPlayer { field: Field::Turn, ref name } if name == "red"
    ));
    assert!(matches!(
        e("spent green"),
        PositionError::UnknownPlayer { field: Field::Spent, ref name } if name == "green"
    ));
    assert!(matches!(
        e("declared red peace"),
        PositionError::UnknownPlayer {
            field: Field::Declared,
            ..
        }
    ));
    assert!(matches!(
        position_error(g, "white: Ke1 Qe1; black: Ke8"),
        PositionError::TwoPiecesOnCell { ref cell } if cell == "e1"
    ));
    for (rest, field) in [
        ("castling z9", Field::Castling),
        ("ep e3 victim z9", Field::EpVictim),
        ("moved z9", Field::Moved),
        ("unmoved e1 z9", Field::Unmoved),
    ] {
        assert!(
            matches!(e(rest), PositionError::UnknownCell { field: f, ref name } if f == field && name == "z9"),
            "{rest}"
        );
    }
    assert!(matches!(
        e("castling e4"),
        PositionError::NoCastlingUses { ref cell } if cell == "e4"
    ));
    assert!(matches!(
        e("agreed peace"),
        PositionError::UnknownAgreement { ref name } if name == "peace"
    ));
    assert!(matches!(
        e("clocks 0 y"),
        PositionError::BadNumber { field: Field::Clocks, ref text } if text == "y"
    ));
    assert!(matches!(
        e("flip board"),
        PositionError::UnreadablePart { ref text } if text == "flip board"
    ));
    assert!(matches!(
        e("moved e4"),
        PositionError::NoPieceToMark { ref cell } if cell == "e4"
    ));
    assert!(matches!(
        position_error(g, "white: Zz9; black: Ke8"),
        PositionError::BadPieceToken { ref token } if token == "Zz9"
    ));
}

#[test]
fn stack_errors_on_das() {
    let g = das();
    let e = |white: &str| position_error(g, &format!("white: Kf1 {white}; black: Kf10"));
    // The shipped stack reads; its faults are refused by name.
    let _ = pos(g, "white: Kf1 A(S)a1; black: Kf10");
    let _ = pos(g, "white: Kf1 A(S:black)a1; black: Kf10");
    assert!(matches!(
        e("A(Sa1"),
        PositionError::BadStackToken { ref token } if token == "A(Sa1"
    ));
    assert!(matches!(
        e("A(S:red)a1"),
        PositionError::UnknownStackOwner { ref token, ref name } if token == "A(S:red)a1" && name == "red"
    ));
    assert!(matches!(
        e("A(X)a1"),
        PositionError::UnknownStackPiece { ref piece, .. } if piece == "X"
    ));
    assert!(matches!(
        e("Q(S)a1"),
        PositionError::StackNotAllowed { ref token } if token == "Q(S)a1"
    ));
    assert!(matches!(
        e("A(S)z9"),
        PositionError::UnknownStackCell { ref cell, .. } if cell == "z9"
    ));
}

#[test]
fn move_errors_carry_pieces_cells_and_players() {
    let g = chess();
    assert!(matches!(
        move_error(g, Some("white: Ke1 Be2; black: Ke8 Re7"), "e2d3"),
        MoveError::ExposesRoyal { ref text } if text == "e2d3"
    ));
    assert!(matches!(
        move_error(g, None, " zz "),
        MoveError::NoStartCell { ref text } if text == "zz"
    ));
    assert!(matches!(
        move_error(g, None, "e4e5"),
        MoveError::NoPiece { ref cell, .. } if cell == "e4"
    ));
    assert!(matches!(
        move_error(g, None, "e7e5"),
        MoveError::NotYourPiece { ref piece, ref cell, ref owner, ref to_move, .. }
            if piece == "Pawn" && cell == "e7" && owner == "black" && to_move == "white"
    ));
    assert!(matches!(
        move_error(g, None, "g1zz"),
        MoveError::NoDestination { ref from, .. } if from == "g1"
    ));
    assert!(matches!(
        move_error(g, None, "g1g3"),
        MoveError::CannotGoThere { ref piece, ref from, ref to, .. }
            if piece == "Knight" && from == "g1" && to == "g3"
    ));
    match move_error(g, Some("white: Ke1 Pa7; black: Ke8"), "a7a8") {
        MoveError::MustPromote { cells, choices, .. } => {
            assert_eq!(cells, "a7a8");
            assert_eq!(choices, ['q', 'r', 'b', 'n']);
        }
        e => panic!("{e:?}"),
    }
    assert!(matches!(
        move_error(g, None, "g1f3/x"),
        MoveError::UnexpectedSuffix { ref suffix, .. } if suffix == "/x"
    ));
    // Text longer than any move of the game is refused before any search
    // (3 x the longest cell name + 16 on chess: 22).
    let long = format!("e2{}", "x".repeat(100_000));
    assert!(matches!(
        move_error(g, None, &long),
        MoveError::TooLong {
            length: 100_002,
            limit: 22
        }
    ));
}

/// A position in which the side to move could take a royal piece is one no
/// game reaches: refused in both notations, naming both players.
#[test]
fn positions_with_the_last_mover_in_check_are_refused() {
    let g = chess();
    for text in [
        "4k2R/8/8/8/8/8/8/4K3 w - - 0 1",
        "8/8/8/8/8/8/8/3Kk3 w - - 0 1",
        "white: Ke1 Rh8; black: Ke8; turn white",
    ] {
        assert!(
            matches!(
                position_error(g, text),
                PositionError::LastMoverInCheck { ref player, ref to_move }
                    if player == "black" && to_move == "white"
            ),
            "{text}"
        );
    }
    // The same placement with the checked side to move is an ordinary check.
    assert!(pos(g, "4k2R/8/8/8/8/8/8/4K3 b - - 0 1").in_check());
}

/// The last leftovers of the hardening report's F7: a castling right given
/// twice (by the same letter, by two letters for one partner, by one cell
/// twice in the general notation), an empty-cell count with a leading zero,
/// and more royal pieces than the setup gives (no move makes one; fewer,
/// but at least one, is the rules' business and accepted).
#[test]
fn repeated_rights_zero_counts_and_extra_royals_are_refused() {
    let g = chess();
    for (text, given) in [
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkqKQkq - 0 1", "K"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkqKQkqKKKK - 0 1", "K"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KHkq - 0 1", "H"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w Kqq - 0 1", "q"),
        (
            "white: Ke1 Ra1; black: Ke8; turn white; castling a1 a1",
            "a1",
        ),
    ] {
        let e = position_error(g, text);
        assert!(
            matches!(&e, PositionError::CastlingRightTwice { given: gv, .. } if gv == given),
            "{text}: {e:?}"
        );
    }
    assert!(matches!(
        position_error(g, "r3k2r/8/8/8/8/8/8/R3K2R w KHkq - 0 1"),
        PositionError::CastlingRightTwice { cell, .. } if cell == "h1"
    ));
    let zeros = format!("4k3/{}8/8/8/8/8/8/4K3 w - - 0 1", "0".repeat(10_000));
    for (text, rank, written) in [
        ("4k3/08/8/8/8/8/8/4K3 w - - 0 1", 7, "08"),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
                .replace("/8/4K3", "/08/4K3")
                .as_str(),
            2,
            "08",
        ),
        ("4k3/8/8/8/8/8/8/0K3k3 w - - 0 1", 1, "0"),
        (zeros.as_str(), 7, "00000000"),
    ] {
        let e = position_error(g, text);
        assert!(
            matches!(&e, PositionError::EmptyCountLeadingZero { rank: r, text: t } if *r == rank && t == written),
            "{e:?}"
        );
    }
    // Counts of two digits without a leading zero still read (10 files).
    let capablanca = load("dsl-examples/capablanca.variant");
    let ten = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
    assert!(parse_position(&capablanca, ten).is_ok());
    for (text, player, given) in [
        ("KKKKK3/8/8/8/8/8/8/kkkkk3 w - - 0 1", "white", 5),
        ("4k3/8/8/8/8/8/8/K3K3 w - - 0 1", "white", 2),
        ("white: Ke1; black: Ke8 Ka8; turn white", "black", 2),
    ] {
        let e = position_error(g, text);
        assert!(
            matches!(&e, PositionError::MoreRoyalsThanSetup { player: p, given: n, setup: 1 } if p == player && *n == given),
            "{text}: {e:?}"
        );
    }
}

/// Positions no game reaches are refused in both notations, each check per
/// player (the same words serve games of three and more players): a player
/// without the royal piece its setup gives it, a piece standing where it
/// would have had to promote, a castling right with no castling partner on
/// its cell, and move number 0.
#[test]
fn unreachable_positions_are_refused() {
    let g = chess();
    for text in ["4k3/8/8/8/8/8/8/8 w - - 0 1", "white: Qd1; black: Ke8"] {
        assert!(
            matches!(
                position_error(g, text),
                PositionError::NoRoyalPiece { ref player } if player == "white"
            ),
            "{text}"
        );
    }
    assert!(matches!(
        position_error(g, "8/8/8/8/8/8/8/8 w - - 0 1"),
        PositionError::NoRoyalPiece { ref player } if player == "white"
    ));
    assert!(matches!(
        position_error(g, "white: Ke1; black: Qd8"),
        PositionError::NoRoyalPiece { ref player } if player == "black"
    ));
    // Pawns on their own last rank (where they had to promote), and on
    // their own first rank (where no pawn move of their player lands).
    for (text, who, cell, never) in [
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "white", "a8", false),
        ("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "black", "a1", false),
        ("white: Ke1 Ph8; black: Ke8", "white", "h8", false),
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "white", "a1", true),
        ("4k2p/8/8/8/8/8/8/4K3 w - - 0 1", "black", "h8", true),
        ("white: Ke1 Pd1; black: Ke8", "white", "d1", true),
    ] {
        let (kind_is_right, player, piece, at) = match position_error(g, text) {
            PositionError::OnPromotionCell {
                player,
                piece,
                cell,
            } => (!never, player, piece, cell),
            PositionError::NeverReached {
                player,
                piece,
                cell,
            } => (never, player, piece, cell),
            other => panic!("{text}: {other:?}"),
        };
        assert!(
            kind_is_right && player == who && piece == "Pawn" && at == cell,
            "{text}"
        );
    }
    // Rank 2 is the setup's, rank 3 a pawn's step: both read.
    let _ = pos(g, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
    let _ = pos(g, "4k3/7p/8/8/8/P7/8/4K3 w - - 0 1");
    // Castling rights in the general notation name a partner's cell; a1
    // empty, or holding the other player's rook, grants nothing.
    for text in [
        "white: Ke1 Rh1; black: Ke8; castling a1 h1",
        "white: Ke1 Rh1; black: Ke8 Ra1; castling a1",
    ] {
        assert!(
            matches!(
                position_error(g, text),
                PositionError::NoCastlingPartnerOn { ref cell } if cell == "a1"
            ),
            "{text}"
        );
    }
    let _ = pos(g, "white: Ke1 Ra1 Rh1; black: Ke8; castling a1 h1");
    assert!(matches!(
        position_error(g, "white: Ke1; black: Ke8; clocks 0 0"),
        PositionError::MoveNumberZero {
            field: Field::Clocks
        }
    ));
    assert_eq!(
        position_message(g, "white: Ke1; black: Ke8; clocks 0 0"),
        "clocks: move number 0: moves are numbered from 1"
    );
}

/// The same refusals for a game of three players, where "the last mover"
/// is the seat before the side to move, not "the other side".
#[test]
fn unreachable_positions_of_three_players() {
    let dir = std::env::temp_dir().join(format!("variant-three-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pieces = std::fs::canonicalize("stdlib/pieces.variant").unwrap();
    let path = dir.join("three.variant");
    std::fs::write(
        &path,
        format!(
            "game \"three\"\nimport \"{}\"\nboard square 8 x 8\nplayers white blue red\n\
             setup white {{ King a1 Rook b1 }}\nsetup blue {{ King h8 }}\nsetup red {{ King a8 }}\n",
            pieces.display()
        ),
    )
    .unwrap();
    let g = load(path.to_str().unwrap());
    // White to move: red moved last. Red's king attacked by white's rook is
    // unreachable; blue's king attacked is blue's own check to meet later.
    assert!(matches!(
        position_error(&g, "white: Ka1 Ra7; blue: Kh8; red: Ka8; turn white"),
        PositionError::LastMoverInCheck { ref player, ref to_move }
            if player == "red" && to_move == "white"
    ));
    let _ = pos(&g, "white: Ka1 Rh2; blue: Kh8; red: Ka8; turn white");
    assert!(matches!(
        position_error(&g, "white: Ka1; red: Ka8"),
        PositionError::NoRoyalPiece { ref player } if player == "blue"
    ));
    std::fs::remove_dir_all(&dir).ok();
}

/// Refusals that say what is wrong (F12 of the hardening report): a lone
/// cell has no destination, a promotion letter on a move that does not
/// promote, check marks with no move, an unclosed FEN stack, and moves
/// after the game ended (checkmate, repetition) say the game is over.
#[test]
fn refusals_name_the_actual_fault() {
    let g = chess();
    assert!(matches!(
        move_error(g, None, "e2"),
        MoveError::NoDestination { ref from, .. } if from == "e2"
    ));
    assert!(matches!(
        move_error(g, None, "e4"),
        MoveError::NoPiece { ref cell, .. } if cell == "e4"
    ));
    assert!(matches!(
        move_error(g, None, "e2e4q"),
        MoveError::NotAPromotion { ref cells, letter: 'q', .. } if cells == "e2e4"
    ));
    assert_eq!(
        move_message(g, None, "e2e4q"),
        "illegal move e2e4q: e2e4 does not promote, so 'q' does not belong after it"
    );
    // A suffix that is no slash form gets no castling hint.
    assert_eq!(
        move_message(g, None, "e2e4xy"),
        "illegal move e2e4xy: unexpected 'xy' after the cells"
    );
    let mut p = Position::start(g);
    for marks in ["+", "#", "++++"] {
        assert!(matches!(
            parse_recorded(&mut p, marks),
            Err(RecordError::OnlyCheckMarks { ref text }) if text == marks
        ));
    }
    assert!(matches!(
        position_error(g, "(R7/8/8/8/8/8/8/8 w - - 0 1"),
        PositionError::UnclosedFenStack { rank: 8, ref text } if text == "R7"
    ));
    let mut p = Position::start(g);
    assert!(matches!(
        play_record(&mut p, "f2f3 e7e5 g2g4 d8h4 a2a3"),
        Err((4, RecordError::GameOver { end: runtime::GameEnd::Checkmate, winner: Some(ref w) }))
            if w == "black"
    ));
    let shuffle = "g1f3 g8f6 f3g1 f6g8 ";
    let mut p = Position::start(g);
    assert!(matches!(
        play_record(&mut p, &format!("{shuffle}{shuffle}e2e4")),
        Err((
            8,
            RecordError::GameOver {
                end: runtime::GameEnd::Repetition,
                winner: None
            }
        ))
    ));
    let mut p = Position::start(g);
    assert_eq!(
        play_record(&mut p, "f2f3 e7e5 g2g4 d8h4 a2a3")
            .unwrap_err()
            .1
            .to_string(),
        "the game is over, black won by checkmate: no move follows"
    );
}

/// The en-passant field is read in time linear in its length: 4,000 cells
/// are counted and refused at once (it was cubic: 8.7 s for these 8 k chars).
#[test]
fn a_huge_en_passant_field_is_refused_quickly() {
    let g = chess();
    let field = "e3".repeat(4000);
    assert!(matches!(
        position_error(
            g,
            &format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq {field} 0 1")
        ),
        PositionError::EnPassantCellCount { given: 4000 }
    ));
}

/// Hardening report 3, F11 and F20: a piece token of the general notation
/// and an `--arrows` word were split every way and each split looked up
/// whole (quadratic: a 400 KB token took 39 s, a 100 KB arrow 1.4 s). Words
/// of a megabyte are refused now within a generous bound (quadratic, they
/// would take minutes).
#[test]
fn long_piece_tokens_and_arrows_are_refused_in_linear_time() {
    let g = chess();
    let start = std::time::Instant::now();
    let token = format!("K{}", "a".repeat(1_000_000));
    assert!(matches!(
        position_error(g, &format!("white: {token}; black: Ke8")),
        PositionError::BadPieceToken { .. }
    ));
    let arrow = format!("e2{}", "x".repeat(1_000_000));
    assert!(matches!(
        runtime::picture::parse_arrow(&Position::start(g), &arrow),
        Err(runtime::picture::PictureError::BadArrow { .. })
    ));
    assert!(
        start.elapsed() < std::time::Duration::from_secs(5),
        "took {:?}",
        start.elapsed()
    );
    // Short words still split as before.
    assert_eq!(
        runtime::picture::parse_arrow(&Position::start(g), "e2e4").unwrap(),
        (g.cell("e2").unwrap(), g.cell("e4").unwrap())
    );
}

#[test]
fn record_and_declaration_errors() {
    let mut p = Position::start(chess());
    assert!(matches!(
        parse_recorded(&mut p, ""),
        Err(RecordError::Empty)
    ));
    assert!(matches!(
        parse_recorded(&mut p, "e2e4 draw"),
        Err(RecordError::BadDeclarationWord { ref word }) if word == "draw"
    ));
    assert!(matches!(
        parse_recorded(&mut p, "e2e5"),
        Err(RecordError::Move(MoveError::CannotGoThere { .. }))
    ));
    // The index counts moves (declarations are part of theirs), from 0;
    // the moves before the failing one stay played.
    let mut p = Position::start(das());
    let start = p.clone();
    assert!(matches!(
        play_record(&mut p, "h2h3 +draw_offer h9h8 h3h4 +file_promotion"),
        Err((2, RecordError::Declaration(DeclareError::MarkerCellOccupied { ref agreement, ref cell })))
            if agreement == "file_promotion" && cell == "r1"
    ));
    assert!(p != start);
    let mut p = Position::start(das());
    assert!(matches!(
        play_record(&mut p, "h2h3 -peace"),
        Err((0, RecordError::UnknownAgreement { ref name })) if name == "peace"
    ));
    assert!(matches!(
        play_record(&mut p, "h2h3 h9h8 h3h3"),
        Err((2, RecordError::Move(MoveError::CannotGoThere { .. })))
    ));
    // Position::declare and make_declaring directly; a refusal changes nothing.
    let mut p = Position::start(das());
    assert_eq!(
        p.declare(7, true),
        Err(DeclareError::UnknownAgreement { number: 7 })
    );
    let before = p.clone();
    let mv = parse_move(&mut p, "h2h3").unwrap();
    assert!(matches!(
        p.make_declaring(mv, &[(1, true), (0, true)]),
        Err(DeclareError::MarkerCellOccupied { ref agreement, .. }) if agreement == "file_promotion"
    ));
    assert!(p == before);
    // Withdrawing needs no free cell.
    assert_eq!(p.declare(0, false), Ok(()));
}

#[test]
fn errors_are_std_errors() {
    fn boxed<E: std::error::Error + Send + Sync + 'static>(e: E) -> Box<dyn std::error::Error> {
        Box::new(e)
    }
    let e = boxed(position_error(chess(), ""));
    assert_eq!(e.to_string(), "empty FEN");
    let e = boxed(move_error(chess(), None, "e4e5"));
    assert_eq!(e.to_string(), "illegal move e4e5: no piece on e4");
    let e = boxed(RecordError::Declaration(DeclareError::UnknownAgreement {
        number: 3,
    }));
    assert_eq!(e.to_string(), "no agreement number 3");
}
