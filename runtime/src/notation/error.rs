//! Typed errors of the notations. Each variant carries the data of one
//! refusal (names, numbers, the text it could not read); `Display` writes
//! the message the command line prints. A declaration's own refusal,
//! `DeclareError`, belongs to the position (`position/declarations.rs`).

use std::fmt;

use crate::game::MAX_EN_PASSANT;
pub use crate::position::DeclareError;

/// Where in a position text a name, cell or number stood.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// A player's piece list (`white: ...`).
    PieceList,
    /// `turn <player>`.
    Turn,
    /// `won <player>`: the game was won by an arrival.
    Won,
    /// `castling <cells>`.
    Castling,
    /// The victim of `ep <cells> victim <cell>`.
    EpVictim,
    /// `moved <cells>`.
    Moved,
    /// `unmoved <cells>`.
    Unmoved,
    /// `spent <players>`.
    Spent,
    /// `declared <player> <agreements>`.
    Declared,
    /// `clocks <halfmove> <fullmove>`.
    Clocks,
    /// `castled <player> <count>`.
    Castled,
    /// The FEN halfmove clock.
    Halfmove,
    /// The FEN move number.
    MoveNumber,
    /// `out <players>`: players out of the game.
    Out,
    /// `passed <players>`: players who passed their last turn.
    Passed,
    /// `checks <player> <count>`: checks given.
    Checks,
    /// `hand <player> <letters>`: pieces in hand.
    Hand,
    /// `promoted <cells>`: pieces that promoted on the board.
    Promoted,
}

impl Field {
    /// The word the notation writes for the field.
    pub fn keyword(self) -> &'static str {
        match self {
            Field::PieceList => "pieces",
            Field::Turn => "turn",
            Field::Won => "won",
            Field::Castling => "castling",
            Field::EpVictim => "ep victim",
            Field::Moved => "moved",
            Field::Unmoved => "unmoved",
            Field::Spent => "spent",
            Field::Declared => "declared",
            Field::Clocks => "clocks",
            Field::Castled => "castled",
            Field::Halfmove => "halfmove clock",
            Field::MoveNumber => "move number",
            Field::Out => "out",
            Field::Passed => "passed",
            Field::Checks => "checks",
            Field::Hand => "hand",
            Field::Promoted => "promoted",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.keyword())
    }
}

/// Why a position text (FEN or the general notation) was refused.
/// Ranks are numbered from 1, as FEN's reader counts them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// FEN on a board that is not a rectangle for two players.
    NeedsRectangularBoard,
    /// `out` or `passed` in a game where nobody goes out.
    NobodyGoesOut { field: Field },
    /// The turn is given to a player who is out, or every player but none
    /// is out.
    TurnOfPlayerOut { player: String },
    /// A player both out and waiting after a pass.
    OutAndPassed { player: String },
    /// A FEN without its placement field.
    EmptyFen,
    /// The placement has `given` ranks, the board `height`.
    RankCount { given: usize, height: u16 },
    /// An empty-cell count wider than the board.
    TooManyEmpty { rank: usize, count: u32, width: u16 },
    /// An empty-cell count written with a leading zero (`08`, `0`): the
    /// count is read from 1, so such a run is a typing slip, not a count.
    EmptyCountLeadingZero { rank: usize, text: String },
    /// A FEN letter that names no piece.
    UnknownLetter { rank: usize, letter: char },
    /// A FEN stack not written `(carrier cargo)`; `text` is inside the brackets.
    BadFenStack { rank: usize, text: String },
    /// A FEN stack whose bracket is not closed on its rank (`text` after it).
    UnclosedFenStack { rank: usize, text: String },
    /// A FEN stack (`text` inside the brackets) the game does not allow.
    FenStackNotAllowed { rank: usize, text: String },
    /// A rank with more pieces and empty cells than the board is wide.
    RankTooLong { rank: usize, width: u16 },
    /// A rank runs over a hole of the board (`file` from 1).
    NoCellAtFile { rank: usize, file: usize },
    /// A rank describes `described` cells of a board `width` wide.
    RankWidth {
        rank: usize,
        described: usize,
        width: u16,
    },
    /// A side to move other than `w` or `b`.
    BadSideToMove { text: String },
    /// A FEN castling letter neither K, Q nor a file.
    BadCastlingLetter { letter: char },
    /// A FEN castling letter with no partner of that player on its cell.
    NoCastlingPartner { letter: char },
    /// A castling right given twice (`KQkqKQkq`, or `K` and `H` for one
    /// partner; `castling a1 a1`): `given` as written, `cell` the
    /// partner's cell both name.
    CastlingRightTwice { given: String, cell: String },
    /// A number that does not read (`Clocks`, `Halfmove`, `MoveNumber`).
    BadNumber { field: Field, text: String },
    /// A FEN field after the move number.
    ExtraField { text: String },
    /// A check counter (FEN `3+3` or `+1+0`, the general notation's
    /// `checks`) in a game that counts no checks.
    ChecksNotCounted { text: String },
    /// A check counter that does not read, or counts past the checks that
    /// win (`limit`).
    BadChecks { text: String, limit: u32 },
    /// A counting rule's count (its limit in plies, at most `max`) that
    /// does not read.
    BadCount { text: String, max: u32 },
    /// A gate letter (Fairy-Stockfish's castling-field file of an unmoved
    /// first-rank piece) naming no piece whose first move matters.
    NoGatePiece { field: Field, letter: char },
    /// Pieces in hand (`[Qn]`) in a game without hands.
    HoldingsNotInGame { text: String },
    /// A holdings field `[...` without its closing bracket.
    UnclosedHoldings { text: String },
    /// A letter in the holdings that names no kind of the game.
    UnknownHandLetter { letter: char },
    /// More pieces of one kind in a hand than the board has cells.
    HandTooLarge { letter: char, count: usize },
    /// A `+` (the promoted form of the next piece) not before a piece letter.
    StrayPlus { rank: usize },
    /// `+X` where the kind of X promotes to no one kind.
    NoPromotedKind { rank: usize, letter: char },
    /// A `~` (promoted piece) with no piece before it.
    StrayPromotedMark { rank: usize },
    /// `promoted <cell>` where the game does not track promoted pieces, or
    /// on an empty cell.
    NotPromotable { cell: String },
    /// A running count given for a game without a counting rule.
    NoCountingRule { text: String },
    /// A player name the game does not have (`PieceList`, `Turn`, `Spent`,
    /// `Declared`).
    UnknownPlayer { field: Field, name: String },
    /// Two pieces given on one cell.
    TwoPiecesOnCell { cell: String },
    /// A cell name the board does not have (`Castling`, `EpVictim`, `Moved`,
    /// `Unmoved`).
    UnknownCell { field: Field, name: String },
    /// A castling right granted on a cell no castling partner uses.
    NoCastlingUses { cell: String },
    /// An agreement name the game does not have.
    UnknownAgreement { name: String },
    /// A part of the general notation that is none of its fields.
    UnreadablePart { text: String },
    /// `castled <player> <n>` with n > 0 in a game that does not count
    /// castlings (no castling has a limit).
    CastlingsNotCounted { player: String },
    /// `moved` / `unmoved` of an empty cell.
    NoPieceToMark { cell: String },
    /// A stack token without its closing bracket.
    BadStackToken { token: String },
    /// A stack token whose carrier's owner is not a player.
    UnknownStackOwner { token: String, name: String },
    /// A stack token naming a piece the game does not have.
    UnknownStackPiece { token: String, piece: String },
    /// A stack the game does not allow.
    StackNotAllowed { token: String },
    /// A stack token ending in no cell of the board.
    UnknownStackCell { token: String, cell: String },
    /// A piece token that is not a letter followed by a cell.
    BadPieceToken { token: String },
    /// An en-passant field (`text`, from the unreadable part on) naming no cell.
    UnknownEnPassantCell { text: String },
    /// An en-passant field of `given` cells, more than the runtime keeps.
    EnPassantCellCount { given: usize },
    /// The player who moved last stands in check, so the side to move
    /// could take a royal piece: no game reaches this position.
    LastMoverInCheck { player: String, to_move: String },
    /// No piece of the last mover passed over the en-passant `cells`.
    NoEnPassantVictim { cells: String },
    /// An en-passant cell that holds a piece.
    EnPassantCellOccupied { cell: String },
    /// A second `ep` field where only one passing can be open (the game's
    /// passed cells close after one move, or two passings of one owner).
    SeveralPassings { cells: String },
    /// `player` has no royal piece, though its setup has one (royal pieces
    /// are never captured: the game ends first).
    NoRoyalPiece { player: String },
    /// `player` has `given` royal pieces, more than the `setup` its setup
    /// gives it (no move creates a royal piece).
    MoreRoyalsThanSetup {
        player: String,
        given: usize,
        setup: usize,
    },
    /// `player`'s `piece`, which must promote, stands on `cell`, where no
    /// move of its kind lands and its setup puts none (a pawn on its own
    /// first rank).
    NeverReached {
        player: String,
        piece: String,
        cell: String,
    },
    /// `player`'s `piece` stands on `cell`, where it would have had to promote.
    OnPromotionCell {
        player: String,
        piece: String,
        cell: String,
    },
    /// A castling right granted on `cell`, where no castling partner of
    /// that castling's player stands.
    NoCastlingPartnerOn { cell: String },
    /// A move number of 0 (`MoveNumber` in FEN, `Clocks` in the general
    /// notation): moves are numbered from 1.
    MoveNumberZero { field: Field },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionError::*;
        match self {
            NeedsRectangularBoard
            | EmptyFen
            | RankCount { .. }
            | TooManyEmpty { .. }
            | EmptyCountLeadingZero { .. }
            | UnknownLetter { .. }
            | BadFenStack { .. }
            | UnclosedFenStack { .. }
            | FenStackNotAllowed { .. }
            | RankTooLong { .. }
            | NoCellAtFile { .. }
            | RankWidth { .. }
            | BadSideToMove { .. }
            | BadCastlingLetter { .. }
            | NoCastlingPartner { .. }
            | CastlingRightTwice { .. }
            | BadNumber { .. }
            | ExtraField { .. }
            | ChecksNotCounted { .. }
            | BadChecks { .. }
            | BadCount { .. }
            | NoCountingRule { .. }
            | NoGatePiece { .. }
            | HoldingsNotInGame { .. }
            | UnclosedHoldings { .. }
            | UnknownHandLetter { .. }
            | HandTooLarge { .. }
            | StrayPromotedMark { .. }
            | NoPromotedKind { .. }
            | StrayPlus { .. } => self.fen_message(f),
            NotPromotable { cell } => write!(
                f,
                "promoted {cell}: no piece there, or this game does not mark promoted pieces \
                 (only `hand captures revert-promoted` does)"
            ),
            NobodyGoesOut { .. }
            | TurnOfPlayerOut { .. }
            | OutAndPassed { .. }
            | UnknownPlayer { .. }
            | TwoPiecesOnCell { .. }
            | UnknownCell { .. }
            | NoCastlingUses { .. }
            | UnknownAgreement { .. }
            | UnreadablePart { .. }
            | CastlingsNotCounted { .. }
            | NoPieceToMark { .. }
            | BadStackToken { .. }
            | UnknownStackOwner { .. }
            | UnknownStackPiece { .. }
            | StackNotAllowed { .. }
            | UnknownStackCell { .. }
            | BadPieceToken { .. }
            | UnknownEnPassantCell { .. } => self.general_message(f),
            LastMoverInCheck { .. }
            | EnPassantCellCount { .. }
            | NoEnPassantVictim { .. }
            | EnPassantCellOccupied { .. }
            | SeveralPassings { .. }
            | NoRoyalPiece { .. }
            | MoreRoyalsThanSetup { .. }
            | NeverReached { .. }
            | OnPromotionCell { .. }
            | NoCastlingPartnerOn { .. }
            | MoveNumberZero { .. } => self.legality_message(f),
        }
    }
}

impl PositionError {
    /// A field of a FEN string.
    fn fen_message(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionError::*;
        match self {
            NeedsRectangularBoard => write!(
                f,
                "FEN needs a rectangular two-player board; use the general notation \
                 (`white: Ke1 ...; black: ...`)"
            ),
            EmptyFen => write!(f, "empty FEN"),
            HoldingsNotInGame { text } => write!(
                f,
                "FEN holds pieces in hand ([{text}]) but this game has no hands"
            ),
            UnclosedHoldings { text } => {
                write!(f, "FEN holdings '[{text}' have no closing bracket")
            }
            UnknownHandLetter { letter } => write!(
                f,
                "FEN holdings: '{letter}' is not a piece letter of this game"
            ),
            HandTooLarge { letter, count } => write!(
                f,
                "FEN holdings: {count} pieces '{letter}' in one hand, more than the board has cells"
            ),
            StrayPlus { rank } => write!(
                f,
                "FEN rank {rank}: '+' (a promoted piece) must come before a piece letter"
            ),
            NoPromotedKind { rank, letter } => write!(
                f,
                "FEN rank {rank}: '+{letter}' names the promoted '{letter}', but it promotes to no one kind"
            ),
            StrayPromotedMark { rank } => write!(
                f,
                "FEN rank {rank}: '~' (a promoted piece) must follow a piece letter"
            ),
            RankCount { given, height } => {
                write!(f, "FEN placement has {given} ranks, the board has {height}")
            }
            TooManyEmpty { rank, count, width } => write!(
                f,
                "FEN rank {rank}: {count} empty cells on a board {width} wide"
            ),
            EmptyCountLeadingZero { rank, text } => write!(
                f,
                "FEN rank {rank}: empty-cell count '{text}' has a leading zero (counts are 1 and up, without zeros before)"
            ),
            UnknownLetter { rank, letter } => {
                write!(f, "FEN rank {rank}: unknown piece letter '{letter}'")
            }
            BadFenStack { rank, text } => write!(
                f,
                "FEN rank {rank}: a stack is written (carrier cargo), e.g. (Sa), not ({text})"
            ),
            UnclosedFenStack { rank, text } => write!(
                f,
                "FEN rank {rank}: the stack '({text}' has no closing bracket"
            ),
            FenStackNotAllowed { rank, text } => write!(
                f,
                "FEN rank {rank}: ({text}) is not a stack this game allows"
            ),
            RankTooLong { rank, width } => {
                write!(f, "FEN rank {rank} is longer than {width} cells")
            }
            NoCellAtFile { rank, file } => write!(f, "FEN rank {rank}: no cell at file {file}"),
            RankWidth {
                rank,
                described,
                width,
            } => write!(
                f,
                "FEN rank {rank} describes {described} cells, the board is {width} wide"
            ),
            BadSideToMove { text } => {
                write!(f, "FEN side to move must be w or b, not '{text}'")
            }
            BadCastlingLetter { letter } => {
                write!(f, "castling field: '{letter}' is neither K, Q nor a file")
            }
            NoCastlingPartner { letter } => write!(
                f,
                "castling right '{letter}': no castling partner of that player stands there"
            ),
            CastlingRightTwice { given, cell } => write!(
                f,
                "castling right '{given}' names the partner on {cell} again: give each right once"
            ),
            BadNumber { field, text } => match field {
                Field::Halfmove => write!(f, "FEN halfmove clock '{text}' is not a number"),
                Field::MoveNumber => {
                    write!(f, "FEN move number '{text}' is not a positive number")
                }
                _ => write!(f, "{field}: '{text}' is not a number"),
            },
            ExtraField { text } => write!(f, "FEN has an unexpected extra field '{text}'"),
            ChecksNotCounted { text } => write!(
                f,
                "check counter '{text}': this game counts no checks (it has no `end checks` rule)"
            ),
            BadChecks { text, limit } => write!(
                f,
                "check counter '{text}': give each player's checks as numbers from 0 to {limit} \
                 (FEN: checks remaining `3+3` after the en-passant field, or checks given `+0+1` at the end)"
            ),
            BadCount { text, max } => write!(
                f,
                "count '{text}': a running count's limit is a number of plies from 1 to {max} \
                 (FEN: in the en-passant field; general notation: `counting LIMIT PLIES`)"
            ),
            NoGatePiece { letter, .. } => write!(
                f,
                "gate '{letter}': no piece whose first move matters stands on that file of its \
                 player's first rank (uppercase: the first player's rank 1)"
            ),
            NoCountingRule { text } => write!(
                f,
                "'{text}': this game has no counting rule (`end counting draw {{ ... }}`)"
            ),
            // Only `fmt` calls this, with the variants listed above.
            other => write!(f, "{other:?}"),
        }
    }

    /// A part of the general notation (pieces, turns, castlings, stacks, en passant).
    fn general_message(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionError::*;
        match self {
            NobodyGoesOut { field } => write!(
                f,
                "{field}: in this game nobody goes out or passes (its end rules have no `out`, and it has no `pass`)"
            ),
            TurnOfPlayerOut { player } => {
                write!(f, "turn {player}: that player is out of the game")
            }
            OutAndPassed { player } => write!(
                f,
                "{player} is both out and passed: a player out has no turn to pass"
            ),
            UnknownPlayer { field, name } => match field {
                Field::PieceList => write!(f, "unknown player '{name}'"),
                _ => write!(f, "{field}: unknown player '{name}'"),
            },
            TwoPiecesOnCell { cell } => write!(f, "cell {cell} is given two pieces"),
            UnknownCell { field, name } => match field {
                Field::EpVictim => write!(f, "ep victim '{name}' is not a cell"),
                _ => write!(f, "{field}: '{name}' is not a cell"),
            },
            NoCastlingUses { cell } => {
                write!(f, "castling: no castling uses the piece on {cell}")
            }
            UnknownAgreement { name } => write!(f, "no agreement named '{name}'"),
            UnreadablePart { text } => write!(f, "cannot read '{text}'"),
            CastlingsNotCounted { player } => write!(
                f,
                "castled {player}: this game has no castling limit, so castlings are not counted"
            ),
            NoPieceToMark { cell } => write!(f, "{cell}: no piece to be (un)moved"),
            BadStackToken { token } => {
                write!(f, "'{token}': a stack is written A(S)a1 or A(S:owner)a1")
            }
            UnknownStackOwner { token, name } => {
                write!(f, "'{token}': unknown player '{name}'")
            }
            UnknownStackPiece { token, piece } => {
                write!(f, "'{token}': unknown piece '{piece}'")
            }
            StackNotAllowed { token } => {
                write!(f, "'{token}' is not a stack this game allows")
            }
            UnknownStackCell { token, cell } => write!(f, "'{token}': no cell '{cell}'"),
            BadPieceToken { token } => {
                write!(f, "'{token}' is not a piece letter followed by a cell")
            }
            UnknownEnPassantCell { text } => {
                write!(f, "en-passant cell '{text}' is not on the board")
            }
            // Only `fmt` calls this, with the variants listed above.
            other => write!(f, "{other:?}"),
        }
    }

    /// A position every part of which reads, but which no game of these rules reaches.
    fn legality_message(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionError::*;
        match self {
            LastMoverInCheck { player, to_move } => write!(
                f,
                "{player}'s royal piece is attacked with {to_move} to move: {player} moved last and no move may leave its own royal piece attacked, so no game reaches this position"
            ),
            EnPassantCellCount { given } => write!(
                f,
                "en passant: {given} cells given, 1..={MAX_EN_PASSANT} supported"
            ),
            NoEnPassantVictim { cells } => write!(
                f,
                "en-passant cell {cells}: no piece of the last mover passed over it"
            ),
            EnPassantCellOccupied { cell } => write!(
                f,
                "en-passant cell {cell} holds a piece: nothing can have passed over it and left it so"
            ),
            SeveralPassings { cells } => write!(
                f,
                "en-passant cells {cells}: a second passing is open only in games whose \
                 passed cells stay open until their owner moves again, one per owner"
            ),
            NoRoyalPiece { player } => write!(
                f,
                "{player} has no royal piece: its setup has one, and no game captures it"
            ),
            MoreRoyalsThanSetup {
                player,
                given,
                setup,
            } => write!(
                f,
                "{player} has {given} royal pieces, but its setup has {setup} and no move makes one"
            ),
            NeverReached {
                player,
                piece,
                cell,
            } => write!(
                f,
                "{player}'s {piece} on {cell}: no move of a {piece} of {player}'s lands on {cell}, and the setup puts none there"
            ),
            OnPromotionCell {
                player,
                piece,
                cell,
            } => write!(
                f,
                "{player}'s {piece} on {cell} stands where it would have had to promote"
            ),
            NoCastlingPartnerOn { cell } => write!(
                f,
                "castling: no castling partner of the castling's player stands on {cell}"
            ),
            MoveNumberZero { field } => match field {
                Field::MoveNumber => write!(f, "FEN move number 0: moves are numbered from 1"),
                _ => write!(f, "{field}: move number 0: moves are numbered from 1"),
            },
            // Only `fmt` calls this, with the variants listed above.
            other => write!(f, "{other:?}"),
        }
    }
}

impl std::error::Error for PositionError {}
