//! `variant serve`: a local web board. The page (`serve.html`, embedded)
//! holds no rules: it asks the JSON API, which answers from the runtime.
//!
//! `State::handle` is the whole server as a pure function from (method,
//! path, body) to a `Reply` over the games and the sessions in memory, so
//! it is tested without sockets; `serve` is the thin socket loop around it
//! (`tiny_http`). Nothing a request names reaches the file system.

use crate::players::Rng;
use crate::recorded::{play_recorded, Refused};
use runtime::notation::{
    move_aliases, move_to_string, parse_position, recorded_to_string, write_fen, write_general,
    RecordedMove,
};
use runtime::picture;
use runtime::position::describe::MoveSort;
use runtime::search::{Engine, Limits};
use runtime::{Game, GameEnd, GameResult, Move, Position};
use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::VecDeque;
use std::io::{Read, Write};

/// Request bodies longer than this are refused (413).
pub const MAX_BODY: usize = 64 * 1024;
/// Sessions kept at once; a new one past this drops the oldest.
pub const MAX_SESSIONS: usize = 64;

/// The engine's thinking time per move when a request names none, and
/// the most a request may ask (the server answers one request at a time).
pub const DEFAULT_ENGINE_MS: u64 = 500;
pub const MAX_ENGINE_MS: u64 = 10_000;

/// The page, served at `/`.
const PAGE: &str = include_str!("serve.html");

/// An HTTP answer: status, content type and body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: String,
}

const JSON: &str = "application/json; charset=utf-8";

impl Reply {
    fn json(status: u16, value: &impl Serialize) -> Reply {
        Reply {
            status,
            content_type: JSON,
            // Structs of strings, numbers, booleans and lists: nothing in
            // them can fail to serialize.
            body: serde_json::to_string(value).expect("the API's replies serialize"),
        }
    }

    fn error(status: u16, message: impl Into<String>) -> Reply {
        Reply::json(
            status,
            &ErrorReply {
                error: message.into(),
            },
        )
    }
}

/// What a refused request gets.
#[derive(Serialize)]
struct ErrorReply {
    error: String,
}

/// `GET /api/games`.
#[derive(Serialize)]
struct GamesReply<'a> {
    games: Vec<GameEntry<'a>>,
}

#[derive(Serialize)]
struct GameEntry<'a> {
    index: usize,
    name: &'a str,
    players: Vec<String>,
}

/// A session's state: everything the page shows.
#[derive(Serialize)]
struct StateReply<'a> {
    id: &'a str,
    game: usize,
    name: &'a str,
    players: Vec<String>,
    to_move: String,
    in_check: bool,
    position: String,
    fen: Option<String>,
    start: String,
    moves: Vec<String>,
    legal: Vec<LegalMove>,
    result: Option<ResultReply>,
    svg: String,
}

/// A legal move as the page offers it.
#[derive(Serialize)]
struct LegalMove {
    text: String,
    /// `None` for a move of the turn alone (no piece to click).
    from: Option<String>,
    to: Option<String>,
    kind: Sort,
    capture: bool,
    /// The promoted-to kind's letter, lower case.
    promotion: Option<String>,
    aliases: Vec<String>,
}

/// A move's sort on the wire.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum Sort {
    Pass,
    Out,
    Castling,
    Stack,
    Promotion,
    Capture,
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
            MoveSort::Plain => Sort::Plain,
        }
    }
}

/// How a finished game ended.
#[derive(Serialize)]
struct ResultReply {
    end: End,
    winner: Option<String>,
    loser: Option<String>,
    scores: Vec<ScoreEntry>,
}

#[derive(Serialize)]
struct ScoreEntry {
    player: String,
    score: f64,
}

/// Why a game ended, on the wire: the names the page shows (`Checkmate`),
/// written out here so that renaming a runtime variant cannot change them.
#[derive(Serialize)]
enum End {
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
        }
    }
}

/// `POST /api/new`: `{"game": number or name, "position": text}`, both
/// optional. A field of another type is kept as `Other` and refused with
/// a message naming the field.
#[derive(Deserialize, Default)]
struct NewRequest {
    game: Option<GameChoice>,
    position: Option<Text>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum GameChoice {
    /// Any number: one that is not a game's index is "no game number".
    Number(serde_json::Number),
    Name(String),
    Other(IgnoredAny),
}

/// A field that should be text.
#[derive(Deserialize)]
#[serde(untagged)]
enum Text {
    Text(String),
    Other(IgnoredAny),
}

/// `POST /api/move/ID`: `{"move": "e2e4 +draw"}`.
#[derive(Deserialize, Default)]
struct MoveRequest {
    #[serde(rename = "move")]
    played: Option<Text>,
}

/// `POST /api/engine/ID`: `{"ms": N}`, optional.
#[derive(Deserialize, Default)]
struct EngineRequest {
    ms: Option<Millis>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Millis {
    Whole(u64),
    Other(IgnoredAny),
}

/// One game being played: where it started, the moves since, and the
/// position they lead to.
struct Session<'g> {
    id: String,
    game: usize,
    start: Position<'g>,
    moves: Vec<RecordedMove>,
    position: Position<'g>,
}

/// The games served and the sessions in play.
pub struct State<'g> {
    games: &'g [Game],
    /// Oldest first.
    sessions: VecDeque<Session<'g>>,
    next_id: u64,
    /// The generator of random moves.
    rng: Rng,
}

impl<'g> State<'g> {
    pub fn new(games: &'g [Game]) -> State<'g> {
        State::with_seed(games, 0x9e37_79b9_7f4a_7c15)
    }

    /// With a seed for the random moves (non-zero).
    pub fn with_seed(games: &'g [Game], seed: u64) -> State<'g> {
        State {
            games,
            sessions: VecDeque::new(),
            next_id: 1,
            rng: Rng::new(seed),
        }
    }

    /// Answers one request. Never panics on any input; a refused request
    /// changes nothing.
    pub fn handle(&mut self, method: &str, path: &str, body: &[u8]) -> Reply {
        if body.len() > MAX_BODY {
            return Reply::error(413, format!("the request body is over {MAX_BODY} bytes"));
        }
        let path = path.split(['?', '#']).next().unwrap_or("");
        let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        let route = (method, parts.as_slice());
        match route {
            ("GET", [""]) | ("GET", ["index.html"]) => Reply {
                status: 200,
                content_type: "text/html; charset=utf-8",
                body: PAGE.to_string(),
            },
            ("GET", ["api", "games"]) => self.games_list(),
            ("POST", ["api", "new"]) => self.new_session(body),
            ("GET", ["api", "state", id]) => self.with_session(id, |_, _| Ok(())),
            ("POST", ["api", "move", id]) => {
                let text = match request::<MoveRequest>(body) {
                    Ok(MoveRequest {
                        played: Some(Text::Text(t)),
                    }) => t,
                    Ok(_) => return Reply::error(400, "give the move as {\"move\": \"e2e4\"}"),
                    Err(r) => return r,
                };
                self.with_session(id, |s, _| s.play(&text))
            }
            ("POST", ["api", "undo", id]) => self.with_session(id, |s, _| s.undo()),
            ("POST", ["api", "random", id]) => self.with_session(id, |s, rng| s.random(rng)),
            ("POST", ["api", "engine", id]) => {
                let ms = match engine_time(body) {
                    Ok(ms) => ms,
                    Err(r) => return r,
                };
                self.with_session(id, |s, _| s.engine(ms))
            }
            (_, ["api", "games" | "new"])
            | (_, ["api", "state" | "move" | "undo" | "random" | "engine", _])
            | (_, [""]) => Reply::error(405, format!("{method} is not allowed on {path}")),
            _ => Reply::error(404, format!("nothing at {path}")),
        }
    }

    fn games_list(&self) -> Reply {
        let games = self
            .games
            .iter()
            .enumerate()
            .map(|(i, g)| GameEntry {
                index: i,
                name: &g.ir().name,
                players: player_names(g),
            })
            .collect();
        Reply::json(200, &GamesReply { games })
    }

    fn new_session(&mut self, body: &[u8]) -> Reply {
        let request = match request::<NewRequest>(body) {
            Ok(r) => r,
            Err(r) => return r,
        };
        let index = match request.game {
            None => 0,
            Some(GameChoice::Number(n)) => match n.as_u64() {
                Some(i) if (i as usize) < self.games.len() => i as usize,
                _ => {
                    return Reply::error(
                        404,
                        format!("no game number {n} (there are {})", self.games.len()),
                    )
                }
            },
            Some(GameChoice::Name(name)) => {
                match self.games.iter().position(|g| g.ir().name == name) {
                    Some(i) => i,
                    None => return Reply::error(404, format!("no game named `{name}`")),
                }
            }
            Some(GameChoice::Other(_)) => {
                return Reply::error(400, "`game` is a game's number or name")
            }
        };
        let game = &self.games[index];
        let start = match request.position {
            None => Position::start(game),
            Some(Text::Text(t)) if t.trim().is_empty() => Position::start(game),
            Some(Text::Text(t)) => match parse_position(game, &t) {
                Ok(p) => p,
                Err(e) => return Reply::error(400, format!("bad position: {e}")),
            },
            Some(Text::Other(_)) => {
                return Reply::error(400, "`position` is text (FEN or general notation)")
            }
        };
        let id = format!("s{}", self.next_id);
        self.next_id += 1;
        if self.sessions.len() >= MAX_SESSIONS {
            self.sessions.pop_front();
        }
        self.sessions.push_back(Session {
            id,
            game: index,
            position: start.clone(),
            start,
            moves: Vec::new(),
        });
        let session = self.sessions.back().expect("just pushed");
        Reply::json(200, &session.state())
    }

    /// Runs `f` on the session `id`: its state on success, its error reply
    /// otherwise.
    fn with_session(
        &mut self,
        id: &str,
        f: impl FnOnce(&mut Session<'g>, &mut Rng) -> Result<(), Reply>,
    ) -> Reply {
        let Some(session) = self.sessions.iter_mut().find(|s| s.id == id) else {
            return Reply::error(404, format!("no session `{id}` (it may have expired)"));
        };
        match f(session, &mut self.rng) {
            Ok(()) => Reply::json(200, &session.state()),
            Err(r) => r,
        }
    }
}

impl<'g> Session<'g> {
    fn game(&self) -> &'g Game {
        self.position.game()
    }

    fn over(&self) -> Option<GameResult> {
        self.position.clone().result()
    }

    fn play(&mut self, text: &str) -> Result<(), Reply> {
        if self.over().is_some() {
            return Err(Reply::error(409, "the game is over"));
        }
        let mut pos = self.position.clone();
        let entry = play_recorded(&mut pos, text.trim()).map_err(|e| match e {
            Refused::Unread(e) => Reply::error(400, format!("`{}`: {e}", text.trim())),
            Refused::Declaration(e) => Reply::error(400, e.to_string()),
        })?;
        self.keep(pos, entry);
        Ok(())
    }

    /// Keeps `pos`, the position after `entry`.
    fn keep(&mut self, pos: Position<'g>, entry: RecordedMove) {
        self.position = pos;
        self.moves.push(entry);
    }

    fn undo(&mut self) -> Result<(), Reply> {
        if self.moves.is_empty() {
            return Err(Reply::error(409, "no move to take back"));
        }
        let mut pos = self.start.clone();
        for entry in &self.moves[..self.moves.len() - 1] {
            pos.make_declaring(entry.mv, &entry.declarations)
                .map_err(|e| Reply::error(500, format!("replaying the moves: {e}")))?;
        }
        self.moves.pop();
        self.position = pos;
        Ok(())
    }

    /// A computer's move for the side to move, `choose` picking it from
    /// the legal moves (not empty), played and kept.
    fn computer_move(
        &mut self,
        choose: impl FnOnce(&mut Position<'g>, &[Move]) -> Move,
    ) -> Result<(), Reply> {
        if self.over().is_some() {
            return Err(Reply::error(409, "the game is over"));
        }
        let mut pos = self.position.clone();
        let mut list = Vec::new();
        pos.legal_moves(&mut list);
        if list.is_empty() {
            return Err(Reply::error(409, "no legal move"));
        }
        let mv = choose(&mut pos, &list);
        pos.make(mv);
        self.keep(
            pos,
            RecordedMove {
                mv,
                declarations: Vec::new(),
            },
        );
        Ok(())
    }

    /// The engine's move for the side to move, found in `ms` milliseconds.
    fn engine(&mut self, ms: u64) -> Result<(), Reply> {
        let game = self.game();
        self.computer_move(|pos, list| {
            let mut engine = Engine::with_table_bits(game, 18);
            let limits = Limits {
                time: Some(std::time::Duration::from_millis(ms)),
                ..Limits::default()
            };
            engine.search(pos, limits, |_| {}).best.unwrap_or(list[0])
        })
    }

    fn random(&mut self, rng: &mut Rng) -> Result<(), Reply> {
        self.computer_move(|_, list| list[rng.below(list.len())])
    }

    /// Everything the page shows.
    fn state(&self) -> StateReply<'_> {
        let game = self.game();
        let mut pos = self.position.clone();
        let result = pos.result();
        let mut list = Vec::new();
        if result.is_none() {
            pos.legal_moves(&mut list);
        }
        let mut legal: Vec<LegalMove> = list.iter().map(|&mv| legal_move(&pos, mv)).collect();
        legal.sort_by(|a, b| a.text.cmp(&b.text));
        let names = player_names(game);
        let result = result.map(|r| result_reply(game, &names, &r));
        let options = picture::Options {
            last_move: self.moves.last().map(|e| e.mv),
            ..Default::default()
        };
        StateReply {
            id: &self.id,
            game: self.game,
            name: &game.ir().name,
            to_move: names[pos.to_move()].clone(),
            players: names,
            in_check: pos.in_check(),
            position: write_general(&pos),
            fen: write_fen(&pos),
            start: write_general(&self.start),
            moves: self
                .moves
                .iter()
                .map(|e| recorded_to_string(game, e))
                .collect(),
            legal,
            result,
            svg: picture::svg(&pos, &options),
        }
    }
}

/// A legal move of `pos` as the page offers it.
fn legal_move(pos: &Position, mv: Move) -> LegalMove {
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
        aliases: move_aliases(game, mv).to_vec(),
    }
}

/// A finished game's end, winner, loser and every player's score.
fn result_reply(game: &Game, names: &[String], r: &GameResult) -> ResultReply {
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

fn player_names(game: &Game) -> Vec<String> {
    game.ir().players.iter().map(|p| p.name.clone()).collect()
}

/// The engine's thinking time from a request body: `{"ms": N}` with N in
/// 1..=MAX_ENGINE_MS, or an empty body for `DEFAULT_ENGINE_MS`.
fn engine_time(body: &[u8]) -> Result<u64, Reply> {
    match request::<EngineRequest>(body)?.ms {
        None => Ok(DEFAULT_ENGINE_MS),
        Some(Millis::Whole(ms)) if (1..=MAX_ENGINE_MS).contains(&ms) => Ok(ms),
        Some(_) => Err(Reply::error(
            400,
            format!("give the engine's time as {{\"ms\": N}}, N from 1 to {MAX_ENGINE_MS}"),
        )),
    }
}

/// A request body read into its struct: an empty body is the struct's
/// default; malformed JSON, or JSON that is not an object, is refused.
fn request<T: DeserializeOwned + Default>(body: &[u8]) -> Result<T, Reply> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    match serde_json::from_slice::<Value>(body) {
        Ok(object @ Value::Object(_)) => serde_json::from_value(object)
            .map_err(|e| Reply::error(400, format!("malformed request: {e}"))),
        Ok(_) => Err(Reply::error(400, "the body must be a JSON object")),
        Err(e) => Err(Reply::error(400, format!("malformed JSON: {e}"))),
    }
}

/// Serves the games on `host:port` until the process is stopped. Prints
/// `listening on http://ADDRESS/` (the port chosen, for port 0) first.
pub fn serve(games: &[Game], host: &str, port: u16) -> Result<(), String> {
    let server = tiny_http::Server::http((host, port))
        .map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
    let address = server
        .server_addr()
        .to_ip()
        .map_or_else(|| format!("{host}:{port}"), |a| a.to_string());
    println!("listening on http://{address}/");
    std::io::stdout().flush().ok();
    let mut state = State::new(games);
    for mut request in server.incoming_requests() {
        let too_long = request.body_length().is_some_and(|n| n > MAX_BODY);
        let mut body = Vec::new();
        let reply = if too_long {
            Reply::error(413, format!("the request body is over {MAX_BODY} bytes"))
        } else {
            match request
                .as_reader()
                .take(MAX_BODY as u64 + 1)
                .read_to_end(&mut body)
            {
                Ok(_) => {
                    let method = request.method().as_str().to_string();
                    state.handle(&method, request.url(), &body)
                }
                Err(e) => Reply::error(400, format!("cannot read the request: {e}")),
            }
        };
        let header = tiny_http::Header::from_bytes("Content-Type", reply.content_type)
            .expect("a valid header");
        let no_store =
            tiny_http::Header::from_bytes("Cache-Control", "no-store").expect("a valid header");
        let response = tiny_http::Response::from_string(reply.body)
            .with_status_code(reply.status)
            .with_header(header)
            .with_header(no_store);
        if let Err(e) = request.respond(response) {
            eprintln!("could not answer a request: {e}");
        }
    }
    Ok(())
}
