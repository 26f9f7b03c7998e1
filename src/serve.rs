//! `variant serve`: a local web board. The page (`serve.html`, embedded)
//! holds no rules: it asks the JSON API, which answers from the runtime.
//!
//! `State::handle` is the whole server as a pure function from (method,
//! path, body) to a `Reply` over the games and the sessions in memory, so
//! it is tested without sockets; `serve` is the thin socket loop around it
//! (`tiny_http`). Nothing a request names reaches the file system.

use crate::players::Rng;
use runtime::notation::{
    move_aliases, move_to_string, parse_position, parse_recorded, recorded_to_string, write_fen,
    write_general, RecordedMove,
};
use runtime::picture;
use runtime::search::{Engine, Limits};
use runtime::{Game, GameResult, Move, MoveKind, Position};
use serde_json::{json, Value};
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
    fn json(status: u16, value: Value) -> Reply {
        Reply {
            status,
            content_type: JSON,
            body: value.to_string(),
        }
    }

    fn error(status: u16, message: impl Into<String>) -> Reply {
        Reply::json(status, json!({ "error": message.into() }))
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
            ("GET", ["api", "state", id]) => self.with_session(id, |s, _| Ok(s.state())),
            ("POST", ["api", "move", id]) => {
                let request = match object(body) {
                    Ok(v) => v,
                    Err(r) => return r,
                };
                let text = match request.get("move") {
                    Some(Value::String(t)) => t.clone(),
                    _ => return Reply::error(400, "give the move as {\"move\": \"e2e4\"}"),
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
        let games: Vec<Value> = self
            .games
            .iter()
            .enumerate()
            .map(|(i, g)| {
                json!({
                    "index": i,
                    "name": g.ir().name,
                    "players": player_names(g),
                })
            })
            .collect();
        Reply::json(200, json!({ "games": games }))
    }

    fn new_session(&mut self, body: &[u8]) -> Reply {
        let request = match object(body) {
            Ok(v) => v,
            Err(r) => return r,
        };
        let index = match request.get("game") {
            None => 0,
            Some(Value::Number(n)) => match n.as_u64() {
                Some(i) if (i as usize) < self.games.len() => i as usize,
                _ => {
                    return Reply::error(
                        404,
                        format!("no game number {n} (there are {})", self.games.len()),
                    )
                }
            },
            Some(Value::String(name)) => {
                match self.games.iter().position(|g| &g.ir().name == name) {
                    Some(i) => i,
                    None => return Reply::error(404, format!("no game named `{name}`")),
                }
            }
            Some(_) => return Reply::error(400, "`game` is a game's number or name"),
        };
        let game = &self.games[index];
        let start = match request.get("position") {
            None | Some(Value::Null) => Position::start(game),
            Some(Value::String(t)) if t.trim().is_empty() => Position::start(game),
            Some(Value::String(t)) => match parse_position(game, t) {
                Ok(p) => p,
                Err(e) => return Reply::error(400, format!("bad position: {e}")),
            },
            Some(_) => return Reply::error(400, "`position` is text (FEN or general notation)"),
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
        Reply::json(200, session.state())
    }

    /// Runs `f` on the session `id`: its state on success, its error reply
    /// otherwise.
    fn with_session(
        &mut self,
        id: &str,
        f: impl FnOnce(&mut Session<'g>, &mut Rng) -> Result<Value, Reply>,
    ) -> Reply {
        let Some(session) = self.sessions.iter_mut().find(|s| s.id == id) else {
            return Reply::error(404, format!("no session `{id}` (it may have expired)"));
        };
        match f(session, &mut self.rng) {
            Ok(v) => Reply::json(200, v),
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

    fn play(&mut self, text: &str) -> Result<Value, Reply> {
        if self.over().is_some() {
            return Err(Reply::error(409, "the game is over"));
        }
        let mut pos = self.position.clone();
        let entry = parse_recorded(&mut pos, text.trim())
            .map_err(|e| Reply::error(400, format!("`{}`: {e}", text.trim())))?;
        self.commit(pos, entry)
    }

    /// Plays `entry` on `pos` (a copy of the position) and keeps it.
    fn commit(&mut self, mut pos: Position<'g>, entry: RecordedMove) -> Result<Value, Reply> {
        pos.make_declaring(entry.mv, &entry.declarations)
            .map_err(|e| Reply::error(400, e.to_string()))?;
        self.position = pos;
        self.moves.push(entry);
        Ok(self.state())
    }

    fn undo(&mut self) -> Result<Value, Reply> {
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
        Ok(self.state())
    }

    /// A computer's move for the side to move, `choose` picking it from
    /// the legal moves (not empty), played and kept.
    fn computer_move(
        &mut self,
        choose: impl FnOnce(&mut Position<'g>, &[Move]) -> Move,
    ) -> Result<Value, Reply> {
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
        self.commit(
            pos,
            RecordedMove {
                mv,
                declarations: Vec::new(),
            },
        )
    }

    /// The engine's move for the side to move, found in `ms` milliseconds.
    fn engine(&mut self, ms: u64) -> Result<Value, Reply> {
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

    fn random(&mut self, rng: &mut Rng) -> Result<Value, Reply> {
        self.computer_move(|_, list| list[rng.below(list.len())])
    }

    /// Everything the page shows, as JSON.
    fn state(&self) -> Value {
        let game = self.game();
        let mut pos = self.position.clone();
        let result = pos.result();
        let mut list = Vec::new();
        if result.is_none() {
            pos.legal_moves(&mut list);
        }
        let mut legal: Vec<Value> = list
            .iter()
            .map(|&mv| {
                let target = pos.board()[mv.to()];
                let capture = match mv.kind() {
                    MoveKind::EnPassant => true,
                    MoveKind::Castle
                    | MoveKind::Swap
                    | MoveKind::Board
                    | MoveKind::UnloadBoard
                    | MoveKind::Pass
                    | MoveKind::Out => false,
                    _ => target != runtime::codes::EMPTY && game.owner_of(target) != pos.to_move(),
                };
                let kind = match mv.kind() {
                    MoveKind::Pass => "pass",
                    MoveKind::Out => "out",
                    MoveKind::Castle => "castling",
                    MoveKind::Board | MoveKind::Unload | MoveKind::UnloadBoard => "stack",
                    _ if mv.promotion().is_some() => "promotion",
                    _ if capture => "capture",
                    _ => "plain",
                };
                // A pass or going out moves no piece: its cells (the royal
                // piece's, internally) are nothing to click, so none are named.
                let (from, to) = if mv.kind().is_turn_only() {
                    (None, None)
                } else {
                    (Some(game.cell_name(mv.from())), Some(game.cell_name(mv.to())))
                };
                json!({
                    "text": move_to_string(game, mv),
                    "from": from,
                    "to": to,
                    "kind": kind,
                    "capture": capture,
                    "promotion": mv.promotion().map(|k| game.ir().kinds[k].letter.to_ascii_lowercase().to_string()),
                    "aliases": move_aliases(game, mv),
                })
            })
            .collect();
        legal.sort_by(|a, b| a["text"].as_str().cmp(&b["text"].as_str()));
        let names = player_names(game);
        let result = result.map(|r| {
            let scores: Vec<Value> = (0..game.players())
                .map(|p| json!({ "player": names[p], "score": r.score(game, p) }))
                .collect();
            json!({
                "end": format!("{:?}", r.end),
                "winner": r.winner.map(|p| names[p].clone()),
                "loser": r.loser.map(|p| names[p].clone()),
                "scores": scores,
            })
        });
        let options = picture::Options {
            last_move: self.moves.last().map(|e| e.mv),
            ..Default::default()
        };
        json!({
            "id": self.id,
            "game": self.game,
            "name": game.ir().name,
            "players": names,
            "to_move": names[pos.to_move()],
            "in_check": pos.in_check(),
            "position": write_general(&pos),
            "fen": write_fen(&pos),
            "start": write_general(&self.start),
            "moves": self.moves.iter().map(|e| recorded_to_string(game, e)).collect::<Vec<_>>(),
            "legal": legal,
            "result": result,
            "svg": picture::svg(&pos, &options),
        })
    }
}

fn player_names(game: &Game) -> Vec<String> {
    game.ir().players.iter().map(|p| p.name.clone()).collect()
}

/// The body as a JSON object (an empty body: an empty object).
/// The engine's thinking time from a request body: `{"ms": N}` with N in
/// 1..=MAX_ENGINE_MS, or an empty body for `DEFAULT_ENGINE_MS`.
fn engine_time(body: &[u8]) -> Result<u64, Reply> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(DEFAULT_ENGINE_MS);
    }
    let request = object(body)?;
    match request.get("ms") {
        None => Ok(DEFAULT_ENGINE_MS),
        Some(v) => v
            .as_u64()
            .filter(|ms| (1..=MAX_ENGINE_MS).contains(ms))
            .ok_or_else(|| {
                Reply::error(
                    400,
                    format!("give the engine's time as {{\"ms\": N}}, N from 1 to {MAX_ENGINE_MS}"),
                )
            }),
    }
}

fn object(body: &[u8]) -> Result<serde_json::Map<String, Value>, Reply> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(serde_json::Map::new());
    }
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(m)) => Ok(m),
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
