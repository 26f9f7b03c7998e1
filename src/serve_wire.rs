//! The JSON of the web API (`crate::serve`), both ways: the replies'
//! shapes, and the requests' fields, each kept as `Other` when it has the
//! wrong type so that the refusal can name the field.

use runtime::notation::move_aliases;
use runtime::notation::move_to_string;
use runtime::position::describe::MoveSort;
use runtime::{Game, GameEnd, GameResult, Move, Position};
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

/// What a refused request gets.
#[derive(Serialize)]
pub(crate) struct ErrorReply {
    pub(crate) error: String,
}

/// `GET /api/games`.
#[derive(Serialize)]
pub(crate) struct GamesReply<'a> {
    pub(crate) games: Vec<GameEntry<'a>>,
}

#[derive(Serialize)]
pub(crate) struct GameEntry<'a> {
    pub(crate) index: usize,
    pub(crate) name: &'a str,
    pub(crate) players: Vec<String>,
}

/// A session's state: everything the page shows.
#[derive(Serialize)]
pub(crate) struct StateReply<'a> {
    pub(crate) id: &'a str,
    pub(crate) game: usize,
    pub(crate) name: &'a str,
    pub(crate) players: Vec<String>,
    pub(crate) to_move: String,
    pub(crate) in_check: bool,
    pub(crate) position: String,
    pub(crate) fen: Option<String>,
    pub(crate) start: String,
    pub(crate) moves: Vec<String>,
    pub(crate) legal: Vec<LegalMove>,
    pub(crate) result: Option<ResultReply>,
    /// Every player's hand, in seat order, in a game with hands (empty
    /// in a game without).
    pub(crate) hands: Vec<HandReply>,
    pub(crate) svg: String,
}

/// One player's hand: the kinds it holds (a count of at least one each),
/// in kind order.
#[derive(Serialize)]
pub(crate) struct HandReply {
    pub(crate) player: String,
    pub(crate) pieces: Vec<HandPiece>,
}

#[derive(Serialize)]
pub(crate) struct HandPiece {
    /// The kind's index in the game.
    pub(crate) kind: usize,
    /// As a drop of it is written (`P` of `P@e4`).
    pub(crate) letter: String,
    pub(crate) name: String,
    pub(crate) count: u16,
}

/// A legal move as the page offers it.
#[derive(Serialize)]
pub(crate) struct LegalMove {
    pub(crate) text: String,
    /// `None` for a move of the turn alone (no piece to click).
    pub(crate) from: Option<String>,
    pub(crate) to: Option<String>,
    pub(crate) kind: Sort,
    pub(crate) capture: bool,
    /// The promoted-to kind's letter, lower case.
    pub(crate) promotion: Option<String>,
    /// A drop's kind, by its letter as in the hands and the move's text
    /// (`P` of `P@e4`); its `from` and `to` are both the cell dropped on.
    pub(crate) dropped: Option<String>,
    pub(crate) aliases: Vec<String>,
}

/// A move's sort on the wire.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Sort {
    Pass,
    Out,
    Castling,
    Stack,
    Promotion,
    Capture,
    Drop,
    Plain,
}

impl From<MoveSort> for Sort {
    fn from(sort: MoveSort) -> Sort {
        match sort {
            MoveSort::Pass => Sort::Pass,
            MoveSort::Out => Sort::Out,
            MoveSort::Castling => Sort::Castling,
            MoveSort::Stack => Sort::Stack,
            MoveSort::Promotion => Sort::Promotion,
            MoveSort::Capture => Sort::Capture,
            MoveSort::Drop => Sort::Drop,
            MoveSort::Plain => Sort::Plain,
        }
    }
}

/// How a finished game ended.
#[derive(Serialize)]
pub(crate) struct ResultReply {
    pub(crate) end: End,
    pub(crate) winner: Option<String>,
    pub(crate) loser: Option<String>,
    pub(crate) scores: Vec<ScoreEntry>,
}

#[derive(Serialize)]
pub(crate) struct ScoreEntry {
    pub(crate) player: String,
    pub(crate) score: f64,
}

/// Why a game ended, on the wire: the names the page shows (`Checkmate`),
/// written out here so that renaming a runtime variant cannot change them.
#[derive(Serialize)]
pub(crate) enum End {
    Checkmate,
    Stalemate,
    Repetition,
    MoveRule,
    InsufficientMaterial,
    Agreement,
    Time,
    WinningArrival,
    LastInPlay,
    Extinction,
    Checks,
    Counting,
    DoublePass,
    Facing,
}

impl From<GameEnd> for End {
    fn from(end: GameEnd) -> End {
        match end {
            GameEnd::Checkmate => End::Checkmate,
            GameEnd::Stalemate => End::Stalemate,
            GameEnd::Repetition => End::Repetition,
            GameEnd::MoveRule => End::MoveRule,
            GameEnd::InsufficientMaterial => End::InsufficientMaterial,
            GameEnd::Agreement => End::Agreement,
            GameEnd::Time => End::Time,
            GameEnd::WinningArrival => End::WinningArrival,
            GameEnd::LastInPlay => End::LastInPlay,
            GameEnd::Extinction => End::Extinction,
            GameEnd::Checks => End::Checks,
            GameEnd::Counting => End::Counting,
            GameEnd::DoublePass => End::DoublePass,
            GameEnd::Facing => End::Facing,
        }
    }
}

/// `POST /api/new`: `{"game": number or name, "position": text}`, both
/// optional. A field of another type is kept as `Other` and refused with
/// a message naming the field.
#[derive(Deserialize, Default)]
pub(crate) struct NewRequest {
    pub(crate) game: Option<GameChoice>,
    pub(crate) position: Option<Text>,
}

#[derive(Deserialize)]
#[serde(untagged)]
pub(crate) enum GameChoice {
    /// Any number: one that is not a game's index is "no game number".
    Number(serde_json::Number),
    Name(String),
    Other(IgnoredAny),
}

/// A field that should be text.
#[derive(Deserialize)]
#[serde(untagged)]
pub(crate) enum Text {
    Text(String),
    Other(IgnoredAny),
}

/// `POST /api/move/ID`: `{"move": "e2e4 +draw"}`.
#[derive(Deserialize, Default)]
pub(crate) struct MoveRequest {
    #[serde(rename = "move")]
    pub(crate) played: Option<Text>,
}

/// `POST /api/engine/ID`: `{"ms": N}`, optional.
#[derive(Deserialize, Default)]
pub(crate) struct EngineRequest {
    pub(crate) ms: Option<Millis>,
}

#[derive(Deserialize)]
#[serde(untagged)]
pub(crate) enum Millis {
    Whole(u64),
    Other(IgnoredAny),
}

/// A legal move of `pos` as the page offers it.
pub(crate) fn legal_move(pos: &Position, mv: Move) -> LegalMove {
    let game = pos.game();
    // A pass or going out moves no piece: its cells (the royal
    // piece's, internally) are nothing to click, so none are named.
    let (from, to) = if mv.kind().is_turn_only() {
        (None, None)
    } else {
        (
            Some(game.cell_name(mv.from()).to_string()),
            Some(game.cell_name(mv.to()).to_string()),
        )
    };
    LegalMove {
        text: move_to_string(game, mv),
        from,
        to,
        kind: pos.move_sort(mv).into(),
        capture: pos.is_capture(mv),
        promotion: mv
            .promotion()
            .map(|k| game.ir().kinds[k].letter.to_ascii_lowercase().to_string()),
        dropped: mv.dropped().map(|k| game.ir().kinds[k].letter.to_string()),
        aliases: move_aliases(game, mv).to_vec(),
    }
}

/// Every player's hand in `pos` (none in a game without hands).
pub(crate) fn hands_reply(pos: &Position) -> Vec<HandReply> {
    let game = pos.game();
    if game.ir().hands.is_none() {
        return Vec::new();
    }
    let kinds = &game.ir().kinds;
    (0..game.players())
        .map(|player| HandReply {
            player: game.ir().players[player].name.clone(),
            pieces: (0..kinds.len())
                .map(|kind| (kind, pos.in_hand(player, kind)))
                .filter(|&(_, count)| count > 0)
                .map(|(kind, count)| HandPiece {
                    kind,
                    letter: kinds[kind].letter.to_string(),
                    name: kinds[kind].name.clone(),
                    count,
                })
                .collect(),
        })
        .collect()
}

/// A finished game's end, winner, loser and every player's score.
pub(crate) fn result_reply(game: &Game, names: &[String], r: &GameResult) -> ResultReply {
    ResultReply {
        end: r.end.into(),
        winner: r.winner.map(|p| names[p].clone()),
        loser: r.loser.map(|p| names[p].clone()),
        scores: (0..game.players())
            .map(|p| ScoreEntry {
                player: names[p].clone(),
                score: r.score(game, p),
            })
            .collect(),
    }
}

pub(crate) fn player_names(game: &Game) -> Vec<String> {
    game.ir().players.iter().map(|p| p.name.clone()).collect()
}
