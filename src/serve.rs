//! `variant serve`: a local web board. The page (`serve.html`, embedded)
//! holds no rules: it asks the JSON API, which answers from the runtime.
//!
//! `State::handle` is the whole server as a pure function from (method,
//! path, body) to a `Reply` over the games and the sessions in memory, so
//! it is tested without sockets; the HTTP server around it is `crate::web`.
//! An engine search is split out of it (`State::begin` gives an
//! `EngineJob`, `State::finish` plays its move) so that the server can run
//! searches without holding the state. Nothing a request names reaches the
//! file system.

use crate::players::Rng;
use crate::recorded::{play_recorded, Refused};
use crate::serve_wire::{
    hands_reply, legal_move, player_names, result_reply, EngineRequest, ErrorReply, GameChoice,
    GameEntry, GamesReply, LegalMove, Millis, MoveRequest, NewRequest, StateReply, Text,
};
use runtime::notation::{
    parse_position, recorded_to_string, write_fen, write_general, RecordedMove,
};
use runtime::picture;
use runtime::search::{Engine, Limits};
use runtime::{Game, GameResult, Move, Position};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use std::collections::VecDeque;

/// Request bodies longer than this are refused (413).
pub const MAX_BODY: usize = 64 * 1024;
/// Sessions kept at once; a new one past this drops the one least
/// recently used.
pub const MAX_SESSIONS: usize = 64;
/// Plies a session keeps: a move past them is refused (409). A game with
/// no end rule would otherwise grow its session, and every reply, for ever.
pub const MAX_PLIES: usize = 1000;

/// The engine's thinking time per move when a request names none, and
/// the most a request may ask.
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

    pub fn error(status: u16, message: impl Into<String>) -> Reply {
        Reply::json(
            status,
            &ErrorReply {
                error: message.into(),
            },
        )
    }
}

/// One game being played: where it started, the moves since, and the
/// position they lead to.
struct Session<'g> {
    id: String,
    game: usize,
    start: Position<'g>,
    moves: Vec<RecordedMove>,
    position: Position<'g>,
    /// Counts the changes of `moves`: an engine's move found for an older
    /// version is not played.
    version: u64,
}

/// What `State::begin` leaves to do: the answer, or a search to run
/// (`EngineJob::search`) and hand to `State::finish`.
pub enum Work<'g> {
    Done(Reply),
    Engine(Box<EngineJob<'g>>),
}

/// A search asked for a session: the position then, the session's
/// version then, and the time allowed.
pub struct EngineJob<'g> {
    id: String,
    version: u64,
    position: Position<'g>,
    ms: u64,
}

impl EngineJob<'_> {
    /// The engine's move in the job's position, found in its time (the
    /// position has a legal move: `State::begin` checked).
    pub fn search(&self) -> Option<Move> {
        let mut pos = self.position.clone();
        let mut list = Vec::new();
        pos.legal_moves(&mut list);
        let mut engine = Engine::with_table_bits(pos.game(), 18);
        let limits = Limits {
            time: Some(std::time::Duration::from_millis(self.ms)),
            ..Limits::default()
        };
        let best = engine.search(&mut pos, limits, |_| {}).best;
        best.or(list.first().copied())
    }
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

    /// Answers one request, searching in place for `/api/engine`. Never
    /// panics on any input; a refused request changes nothing. (The tests'
    /// way in; the server searches apart, with `begin` and `finish`.)
    #[allow(dead_code)]
    pub fn handle(&mut self, method: &str, path: &str, body: &[u8]) -> Reply {
        match self.begin(method, path, body) {
            Work::Done(reply) => reply,
            Work::Engine(job) => {
                let found = job.search();
                self.finish(*job, found)
            }
        }
    }

    /// Answers one request, or for `/api/engine` gives the search to run.
    pub fn begin(&mut self, method: &str, path: &str, body: &[u8]) -> Work<'g> {
        if body.len() > MAX_BODY {
            let too_long = format!("the request body is over {MAX_BODY} bytes");
            return Work::Done(Reply::error(413, too_long));
        }
        if let ("POST", Some(id)) = (method, engine_route(path)) {
            let ms = match engine_time(body) {
                Ok(ms) => ms,
                Err(r) => return Work::Done(r),
            };
            return match self.engine_job(id, ms) {
                Ok(job) => Work::Engine(Box::new(job)),
                Err(r) => Work::Done(r),
            };
        }
        Work::Done(self.answer(method, path, body))
    }

    /// Plays the move a search found for `job`, unless the session has
    /// changed since (409) or is gone (404).
    pub fn finish(&mut self, job: EngineJob<'g>, found: Option<Move>) -> Reply {
        self.with_session(&job.id, |s, _| {
            if s.version != job.version {
                return Err(Reply::error(
                    409,
                    "the game changed while the engine was thinking: ask again",
                ));
            }
            let Some(mv) = found else {
                return Err(Reply::error(409, "no legal move"));
            };
            let mut pos = s.position.clone();
            pos.make(mv);
            s.keep(
                pos,
                RecordedMove {
                    mv,
                    declarations: Vec::new(),
                },
            );
            Ok(())
        })
    }

    /// A search for the session `id`, if it may move.
    fn engine_job(&mut self, id: &str, ms: u64) -> Result<EngineJob<'g>, Reply> {
        let session = self.touch(id)?;
        session.may_move()?;
        let mut list = Vec::new();
        session.position.clone().legal_moves(&mut list);
        if list.is_empty() {
            return Err(Reply::error(409, "no legal move"));
        }
        Ok(EngineJob {
            id: session.id.clone(),
            version: session.version,
            position: session.position.clone(),
            ms,
        })
    }

    /// Every route but `/api/engine`'s search.
    fn answer(&mut self, method: &str, path: &str, body: &[u8]) -> Reply {
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
            version: 0,
        });
        let session = self.sessions.back().expect("just pushed");
        Reply::json(200, &session.state())
    }

    /// The session `id`, now the most recently used (the last to be
    /// dropped), or a 404.
    fn touch(&mut self, id: &str) -> Result<&mut Session<'g>, Reply> {
        let last = self.touch_at(id)?;
        Ok(&mut self.sessions[last])
    }

    /// `touch`, giving the session's index (the last).
    fn touch_at(&mut self, id: &str) -> Result<usize, Reply> {
        let Some(at) = self.sessions.iter().position(|s| s.id == id) else {
            return Err(Reply::error(
                404,
                format!("no session `{id}` (it may have expired)"),
            ));
        };
        let session = self.sessions.remove(at).expect("found above");
        self.sessions.push_back(session);
        Ok(self.sessions.len() - 1)
    }

    /// Runs `f` on the session `id`: its state on success, its error reply
    /// otherwise.
    fn with_session(
        &mut self,
        id: &str,
        f: impl FnOnce(&mut Session<'g>, &mut Rng) -> Result<(), Reply>,
    ) -> Reply {
        let last = match self.touch_at(id) {
            Ok(at) => at,
            Err(r) => return r,
        };
        let session = &mut self.sessions[last];
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

    /// Whether a move may be added: the game goes on and the session is
    /// under its ply cap.
    fn may_move(&self) -> Result<(), Reply> {
        if self.over().is_some() {
            return Err(Reply::error(409, "the game is over"));
        }
        if self.moves.len() >= MAX_PLIES {
            return Err(Reply::error(
                409,
                format!(
                    "this session has {MAX_PLIES} plies, the most one keeps: \
                     start a new game from its position"
                ),
            ));
        }
        Ok(())
    }

    fn play(&mut self, text: &str) -> Result<(), Reply> {
        self.may_move()?;
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
        self.version += 1;
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
        self.version += 1;
        Ok(())
    }

    /// A computer's move for the side to move, `choose` picking it from
    /// the legal moves (not empty), played and kept.
    fn computer_move(
        &mut self,
        choose: impl FnOnce(&mut Position<'g>, &[Move]) -> Move,
    ) -> Result<(), Reply> {
        self.may_move()?;
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
            hands: hands_reply(&pos),
            svg: picture::svg(&pos, &options),
        }
    }
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

/// The session id of a path `/api/engine/ID` (a query ignored).
fn engine_route(path: &str) -> Option<&str> {
    let path = path.split(['?', '#']).next().unwrap_or("");
    match path.strip_prefix("/api/engine/") {
        Some(id) if !id.contains('/') => Some(id),
        _ => None,
    }
}
