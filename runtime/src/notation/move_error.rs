//! Typed errors of moves and game records: why a move text or a record
//! entry was refused. Each variant carries the data of one refusal;
//! `Display` writes the message the command line prints.

use std::fmt;

use crate::outcome::GameEnd;
use crate::position::DeclareError;

/// Why a move text was refused. `text` is the move as given (trimmed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text names several legal moves, given in their long forms.
    Ambiguous { text: String, moves: Vec<String> },
    /// A pseudo-legal move that would leave the mover's royal piece attacked.
    ExposesRoyal { text: String },
    /// A move that captures nothing while a capture is legal, in a game
    /// where capturing is forced (`capture forced`).
    CaptureRequired { text: String },
    /// The text does not start with a cell name.
    NoStartCell { text: String },
    /// The text is longer than any move of the game can be written (it is
    /// refused before any search, so a pasted megabyte costs nothing).
    TooLong { length: usize, limit: usize },
    /// No piece stands on the starting cell.
    NoPiece { text: String, cell: String },
    /// The piece on `cell` belongs to `owner`, not to the side to move.
    NotYourPiece {
        text: String,
        piece: String,
        cell: String,
        owner: String,
        to_move: String,
    },
    /// No destination cell follows the starting cell `from`.
    NoDestination { text: String, from: String },
    /// The piece has no move from `from` to `to`.
    CannotGoThere {
        text: String,
        piece: String,
        from: String,
        to: String,
    },
    /// The move must promote: `choices` are the lowercase letters it may
    /// add to `cells` (the text without its suffix). Never empty.
    MustPromote {
        text: String,
        cells: String,
        choices: Vec<char>,
    },
    /// The cells name a move, but `suffix` after them does not.
    UnexpectedSuffix { text: String, suffix: String },
    /// A promotion `letter` after `cells`, a move that does not promote.
    NotAPromotion {
        text: String,
        cells: String,
        letter: char,
    },
    /// The long form `Тm9-l8` names a piece (`letter`) other than the
    /// one on its starting cell (`piece`).
    WrongPiece {
        text: String,
        letter: String,
        piece: String,
        cell: String,
    },
    /// The short form `Тl8` names a piece (`letter`, the kind `piece`) of
    /// which none has a legal move to `cell`.
    NoPieceGoesThere {
        text: String,
        letter: String,
        piece: String,
        cell: String,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use MoveError::*;
        match self {
            Ambiguous { text, moves } => write!(
                f,
                "ambiguous move {text}: it names {} legal moves ({})",
                moves.len(),
                moves.join(", ")
            ),
            ExposesRoyal { text } => write!(
                f,
                "illegal move {text}: it would leave your royal piece attacked"
            ),
            CaptureRequired { text } => write!(
                f,
                "illegal move {text}: a capture is possible, and capturing is forced"
            ),
            TooLong { length, limit } => write!(
                f,
                "a move of {length} characters: no move of this game is written with more than {limit}"
            ),
            NoStartCell { text } => write!(
                f,
                "cannot read move '{text}': it must start with a cell name"
            ),
            NoPiece { text, cell } => write!(f, "illegal move {text}: no piece on {cell}"),
            NotYourPiece {
                text,
                piece,
                cell,
                owner,
                to_move,
            } => write!(
                f,
                "illegal move {text}: the {piece} on {cell} belongs to {owner}, and it is {to_move}'s turn"
            ),
            NoDestination { text, from } => write!(
                f,
                "cannot read move '{text}': no destination cell after {from}"
            ),
            CannotGoThere {
                text,
                piece,
                from,
                to,
            } => write!(
                f,
                "illegal move {text}: the {piece} on {from} cannot go to {to}"
            ),
            MustPromote {
                text,
                cells,
                choices,
            } => {
                let list: Vec<String> = choices.iter().map(char::to_string).collect();
                write!(
                    f,
                    "illegal move {text}: this move must promote; add one of {} (e.g. {cells}{})",
                    list.join(" "),
                    choices.first().copied().unwrap_or('q')
                )
            }
            WrongPiece {
                text,
                letter,
                piece,
                cell,
            } => write!(
                f,
                "illegal move {text}: '{letter}' does not name the {piece} on {cell}"
            ),
            NoPieceGoesThere { text, letter, piece, cell } => write!(
                f,
                "illegal move {text}: no {piece} ('{letter}') of the side to move can go to {cell}"
            ),
            UnexpectedSuffix { text, suffix } if suffix.starts_with('/') => write!(
                f,
                "illegal move {text}: unexpected '{suffix}' after the cells (a castling that is also a king step is written with its partner, e.g. e1d1/b1)"
            ),
            UnexpectedSuffix { text, suffix } => write!(
                f,
                "illegal move {text}: unexpected '{suffix}' after the cells"
            ),
            NotAPromotion {
                text,
                cells,
                letter,
            } => write!(
                f,
                "illegal move {text}: {cells} does not promote, so '{letter}' does not belong after it"
            ),
        }
    }
}

impl std::error::Error for MoveError {}

/// Why a game record entry was refused (`parse_recorded`, `play_record`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// An entry without a move.
    Empty,
    /// The move does not read or is not legal.
    Move(MoveError),
    /// A word after the move that is not `+name` or `-name`.
    BadDeclarationWord { word: String },
    /// A declaration of an agreement the game does not have.
    UnknownAgreement { name: String },
    /// A declaration the rules refuse.
    Declaration(DeclareError),
    /// A word of check marks (`+`, `#`) with no move before them.
    OnlyCheckMarks { text: String },
    /// A move after the game ended (`end`; `winner`, if one won).
    GameOver {
        end: GameEnd,
        winner: Option<String>,
    },
}

/// How `RecordError::GameOver` names an end.
fn end_words(end: GameEnd) -> &'static str {
    match end {
        GameEnd::Checkmate => "checkmate",
        GameEnd::Stalemate => "stalemate",
        GameEnd::Repetition => "repetition",
        GameEnd::MoveRule => "the move rule",
        GameEnd::InsufficientMaterial => "insufficient material",
        GameEnd::Agreement => "agreement",
        GameEnd::Time => "time",
        GameEnd::LastInPlay => "the others going out",
        GameEnd::WinningArrival => "a winning arrival",
        GameEnd::Extinction => "extinction",
        GameEnd::Checks => "the checks given",
        GameEnd::Counting => "the count running out",
        GameEnd::DoublePass => "two passes in a row",
        GameEnd::Facing => "a facing passed instead of broken",
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Empty => write!(f, "empty move"),
            RecordError::Move(e) => e.fmt(f),
            RecordError::BadDeclarationWord { word } => write!(
                f,
                "'{word}' after the move: declarations are written +name (made) or -name (withdrawn)"
            ),
            RecordError::UnknownAgreement { name } => write!(f, "no agreement named '{name}'"),
            RecordError::Declaration(e) => e.fmt(f),
            RecordError::OnlyCheckMarks { text } => write!(
                f,
                "'{text}' is only check marks: write them after a move (e2e4+)"
            ),
            RecordError::GameOver { end, winner } => match winner {
                Some(w) => write!(
                    f,
                    "the game is over, {w} won by {}: no move follows",
                    end_words(*end)
                ),
                None => write!(
                    f,
                    "the game is over, drawn by {}: no move follows",
                    end_words(*end)
                ),
            },
        }
    }
}

/// The message is the inner error's own, so `source` adds nothing.
impl std::error::Error for RecordError {}

impl From<MoveError> for RecordError {
    fn from(e: MoveError) -> Self {
        RecordError::Move(e)
    }
}

impl From<DeclareError> for RecordError {
    fn from(e: DeclareError) -> Self {
        RecordError::Declaration(e)
    }
}
