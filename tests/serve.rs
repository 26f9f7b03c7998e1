//! `variant serve`: the request handler as a function (every route, every
//! refusal and its status, the game never changed by a refused request),
//! and once over a real socket.

#[path = "support/games.rs"]
mod games;
#[allow(dead_code)]
#[path = "../src/players.rs"]
mod players;
#[allow(dead_code)]
#[path = "../src/recorded.rs"]
mod recorded;
#[allow(dead_code)]
#[path = "../src/serve.rs"]
mod serve;
#[allow(dead_code)]
#[path = "../src/serve_wire.rs"]
mod serve_wire;

use games::{load, Claims};
use runtime::Game;
use serde_json::Value;
use serve::{Reply, State, Work, MAX_BODY, MAX_PLIES, MAX_SESSIONS};

fn chess_and_glinski() -> Vec<Game> {
    vec![
        load("dsl-examples/chess.variant", Claims::Skipped),
        load("dsl-examples/glinski.variant", Claims::Skipped),
    ]
}

fn json(reply: &Reply) -> Value {
    assert!(
        reply.content_type.starts_with("application/json"),
        "{reply:?}"
    );
    serde_json::from_str(&reply.body).unwrap_or_else(|e| panic!("{e}: {}", reply.body))
}

/// The reply's JSON, checking its status.
fn call(state: &mut State, method: &str, path: &str, body: &str, status: u16) -> Value {
    let reply = state.handle(method, path, body.as_bytes());
    assert_eq!(
        reply.status, status,
        "{method} {path} {body}: {}",
        reply.body
    );
    let value = json(&reply);
    if status >= 400 {
        assert!(
            value["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{value}"
        );
    }
    value
}

fn new_chess(state: &mut State) -> (String, Value) {
    let v = call(state, "POST", "/api/new", r#"{"game": 0}"#, 200);
    (v["id"].as_str().unwrap().to_string(), v)
}

fn play(state: &mut State, id: &str, mv: &str) -> Value {
    let body = serde_json::json!({ "move": mv }).to_string();
    call(state, "POST", &format!("/api/move/{id}"), &body, 200)
}

#[test]
fn games_are_listed_with_their_players() {
    let games = chess_and_glinski();
    let mut state = State::new(&games);
    let v = call(&mut state, "GET", "/api/games", "", 200);
    let list = v["games"].as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["name"], "Chess");
    assert_eq!(list[0]["index"], 0);
    assert_eq!(list[0]["players"], serde_json::json!(["white", "black"]));
    assert_eq!(list[1]["name"], "Glinski's hexagonal chess");
}

#[test]
fn the_page_is_served_and_names_the_api() {
    let games = chess_and_glinski();
    let mut state = State::new(&games);
    let reply = state.handle("GET", "/", b"");
    assert_eq!(reply.status, 200);
    assert!(reply.content_type.starts_with("text/html"));
    assert!(reply.body.contains("/api/random/"));
    assert!(reply.body.contains("data-cell"));
}

#[test]
fn a_new_chess_session_has_twenty_legal_moves_and_a_picture() {
    let games = chess_and_glinski();
    let mut state = State::new(&games);
    let (id, v) = new_chess(&mut state);
    assert_eq!(v["name"], "Chess");
    assert_eq!(v["to_move"], "white");
    assert_eq!(
        v["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert!(v["position"].as_str().unwrap().starts_with("white: Ra1"));
    let legal = v["legal"].as_array().unwrap();
    assert_eq!(legal.len(), 20);
    let e4 = legal.iter().find(|m| m["text"] == "e2e4").unwrap();
    assert_eq!(e4["from"], "e2");
    assert_eq!(e4["to"], "e4");
    assert_eq!(e4["kind"], "plain");
    assert_eq!(e4["capture"], false);
    assert!(e4["promotion"].is_null());
    assert_eq!(e4["aliases"], serde_json::json!([]));
    assert!(v["result"].is_null());
    assert_eq!(v["moves"], serde_json::json!([]));
    let svg = v["svg"].as_str().unwrap();
    assert!(svg.starts_with("<svg"));
    assert!(svg.contains("data-cell=\"e2\""));
    assert!(!svg.contains("last-move"));
    // GET gives the same state.
    let again = call(&mut state, "GET", &format!("/api/state/{id}"), "", 200);
    assert_eq!(again, v);
    // A game by name; a game without FEN has none.
    let g = call(
        &mut state,
        "POST",
        "/api/new",
        r#"{"game": "Glinski's hexagonal chess"}"#,
        200,
    );
    assert_eq!(g["game"], 1);
    assert!(g["fen"].is_null());
    assert_ne!(g["id"], v["id"]);
}

#[test]
fn fools_mate_ends_the_game_with_scores() {
    let games = chess_and_glinski();
    let mut state = State::new(&games);
    let (id, _) = new_chess(&mut state);
    let mut v = Value::Null;
    for mv in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        v = play(&mut state, &id, mv);
    }
    assert_eq!(
        v["moves"],
        serde_json::json!(["f2f3", "e7e5", "g2g4", "d8h4"])
    );
    assert!(v["in_check"].as_bool().unwrap());
    assert_eq!(v["legal"], serde_json::json!([]));
    let result = &v["result"];
    assert_eq!(result["end"], "Checkmate");
    assert_eq!(result["winner"], "black");
    assert_eq!(result["loser"], "white");
    assert_eq!(
        result["scores"],
        serde_json::json!([{"player": "white", "score": 0.0}, {"player": "black", "score": 1.0}])
    );
    assert!(v["svg"].as_str().unwrap().contains("class=\"last-move\""));
    // No move after the end, random or not; the game stays as it was.
    let over = call(
        &mut state,
        "POST",
        &format!("/api/move/{id}"),
        r#"{"move": "e1f2"}"#,
        409,
    );
    assert!(over["error"].as_str().unwrap().contains("over"));
    call(&mut state, "POST", &format!("/api/random/{id}"), "", 409);
    assert_eq!(
        call(&mut state, "GET", &format!("/api/state/{id}"), "", 200),
        v
    );
    // Undo reopens it.
    let back = call(&mut state, "POST", &format!("/api/undo/{id}"), "", 200);
    assert!(back["result"].is_null());
    assert_eq!(back["moves"], serde_json::json!(["f2f3", "e7e5", "g2g4"]));
}

#[test]
fn undo_takes_back_one_move_and_refuses_at_the_start() {
    let games = chess_and_glinski();
    let mut state = State::new(&games);
    let (id, start) = new_chess(&mut state);
    play(&mut state, &id, "e2e4");
    let after = play(&mut state, &id, "e7e5");
    assert_eq!(after["to_move"], "white");
    let one = call(&mut state, "POST", &format!("/api/undo/{id}"), "", 200);
    assert_eq!(one["moves"], serde_json::json!(["e2e4"]));
    assert_eq!(one["to_move"], "black");
    let none = call(&mut state, "POST", &format!("/api/undo/{id}"), "", 200);
    assert_eq!(none, start);
    call(&mut state, "POST", &format!("/api/undo/{id}"), "", 409);
    assert_eq!(
        call(&mut state, "GET", &format!("/api/state/{id}"), "", 200),
        start
    );
}

#[test]
fn random_plays_one_legal_move_for_the_side_to_move() {
    let games = chess_and_glinski();
    let mut state = State::with_seed(&games, 7);
    let (id, start) = new_chess(&mut state);
    let v = call(&mut state, "POST", &format!("/api/random/{id}"), "", 200);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert!(start["legal"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["text"] == moves[0]));
    assert_eq!(v["to_move"], "black");
    let w = call(&mut state, "POST", &format!("/api/random/{id}"), "", 200);
    assert_eq!(w["moves"].as_array().unwrap().len(), 2);
    assert_eq!(w["to_move"], "white");
}

#[test]
fn engine_plays_the_mate_it_sees_and_bounds_its_time() {
    let games = chess_and_glinski();
    let mut state = State::new(&games);
    let (id, _) = new_chess(&mut state);
    for mv in ["f2f3", "e7e5", "g2g4"] {
        play(&mut state, &id, mv);
    }
    let engine = format!("/api/engine/{id}");
    // Refused times change nothing.
    for body in [
        r#"{"ms": 0}"#,
        r#"{"ms": 10001}"#,
        r#"{"ms": "fast"}"#,
        "[1]",
    ] {
        call(&mut state, "POST", &engine, body, 400);
    }
    let before = call(&mut state, "GET", &format!("/api/state/{id}"), "", 200);
    assert_eq!(before["moves"].as_array().unwrap().len(), 3);
    let v = call(&mut state, "POST", &engine, r#"{"ms": 300}"#, 200);
    assert_eq!(v["moves"][3], "d8h4", "{v}");
    assert_eq!(v["result"]["end"], "Checkmate", "{v}");
    call(&mut state, "POST", &engine, "", 409);
    // An empty body thinks the default time; the move is legal.
    let (id, start) = new_chess(&mut state);
    let v = call(&mut state, "POST", &format!("/api/engine/{id}"), "", 200);
    let first = &v["moves"][0];
    assert!(start["legal"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| &m["text"] == first));
    call(&mut state, "GET", "/api/engine/s999", "", 405);
    call(&mut state, "POST", "/api/engine/s999", "", 404);
}

#[test]
fn moves_from_a_position_are_typed_promotion_castling_capture() {
    let games = chess_and_glinski();
    let mut state = State::new(&games);
    let v = call(
        &mut state,
        "POST",
        "/api/new",
        r#"{"game": 0, "position": "white: Ke1 Rh1 Pb7; black: Ke8 Nc8 Ph7; turn white; castling h1"}"#,
        200,
    );
    let legal = v["legal"].as_array().unwrap();
    let kinds = |from: &str, to: &str| -> Vec<(String, String)> {
        legal
            .iter()
            .filter(|m| m["from"] == from && m["to"] == to)
            .map(|m| {
                (
                    m["kind"].as_str().unwrap().to_string(),
                    m["promotion"].as_str().unwrap_or("").to_string(),
                )
            })
            .collect()
    };
    let mut promotions = kinds("b7", "b8");
    promotions.sort();
    assert_eq!(promotions.len(), 4, "{promotions:?}");
    assert!(promotions.iter().all(|(k, _)| k == "promotion"));
    let letters: Vec<&str> = promotions.iter().map(|(_, l)| l.as_str()).collect();
    assert_eq!(letters, ["b", "n", "q", "r"]);
    assert_eq!(
        kinds("b7", "c8"),
        vec![
            ("promotion".to_string(), "b".to_string()),
            ("promotion".to_string(), "n".to_string()),
            ("promotion".to_string(), "q".to_string()),
            ("promotion".to_string(), "r".to_string())
        ]
    );
    assert_eq!(kinds("h1", "h7"), vec![("capture".into(), "".into())]);
    assert_eq!(kinds("e1", "g1"), vec![("castling".into(), "".into())]);
    assert_eq!(kinds("e1", "f1"), vec![("plain".into(), "".into())]);
    let flag = |text: &str| legal.iter().find(|m| m["text"] == text).unwrap()["capture"].clone();
    assert_eq!(flag("b7c8q"), true, "a promotion that takes");
    assert_eq!(flag("b7b8q"), false);
    assert_eq!(flag("h1h7"), true);
    assert_eq!(flag("e1g1"), false);
    // The loaded position is the session's start.
    let id = v["id"].as_str().unwrap().to_string();
    let after = play(&mut state, &id, "b7c8q");
    assert_eq!(after["moves"], serde_json::json!(["b7c8q"]));
    let back = call(&mut state, "POST", &format!("/api/undo/{id}"), "", 200);
    assert_eq!(back, v);
}

#[test]
fn stack_moves_are_typed_stack() {
    let games = vec![load("dsl-examples/ferry.variant", Claims::Skipped)];
    let mut state = State::new(&games);
    let v = call(&mut state, "POST", "/api/new", "", 200);
    let stack: Vec<&Value> = v["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["kind"] == "stack")
        .collect();
    assert!(!stack.is_empty(), "{}", v["legal"]);
    assert!(stack
        .iter()
        .all(|m| m["text"].as_str().unwrap().contains('/')));
    let id = v["id"].as_str().unwrap().to_string();
    let text = stack[0]["text"].as_str().unwrap().to_string();
    let after = play(&mut state, &id, &text);
    assert_eq!(after["moves"], serde_json::json!([text]));
    assert!(after["svg"].as_str().unwrap().contains("class=\"stack\""));
}

#[test]
fn bad_input_is_refused_with_a_json_error_and_changes_nothing() {
    let games = chess_and_glinski();
    let mut state = State::new(&games);
    let (id, _) = new_chess(&mut state);
    let before = play(&mut state, &id, "e2e4");
    let mv = format!("/api/move/{id}");
    // Malformed JSON, or JSON that is not an object, or no move in it.
    call(&mut state, "POST", &mv, "{\"move\": ", 400);
    call(&mut state, "POST", &mv, "[\"e7e5\"]", 400);
    call(&mut state, "POST", &mv, "{}", 400);
    call(&mut state, "POST", &mv, r#"{"move": 5}"#, 400);
    call(&mut state, "POST", "/api/new", "{game: 0}", 400);
    call(&mut state, "POST", "/api/new", "\u{0}\u{1}", 400);
    // Illegal or unreadable moves, and a declaration the game lacks.
    let illegal = call(&mut state, "POST", &mv, r#"{"move": "e2e4"}"#, 400);
    assert!(illegal["error"].as_str().unwrap().contains("e2e4"));
    call(&mut state, "POST", &mv, r#"{"move": "e7e4"}"#, 400);
    call(&mut state, "POST", &mv, r#"{"move": "zz9"}"#, 400);
    call(&mut state, "POST", &mv, r#"{"move": ""}"#, 400);
    call(
        &mut state,
        "POST",
        &mv,
        r#"{"move": "e7e5 +no_such_offer"}"#,
        400,
    );
    let long = format!(r#"{{"move": "{}"}}"#, "a".repeat(10_000));
    call(&mut state, "POST", &mv, &long, 400);
    // Unknown games, bad positions.
    call(&mut state, "POST", "/api/new", r#"{"game": 2}"#, 404);
    call(&mut state, "POST", "/api/new", r#"{"game": -1}"#, 404);
    call(
        &mut state,
        "POST",
        "/api/new",
        r#"{"game": "Xiangqi"}"#,
        404,
    );
    call(&mut state, "POST", "/api/new", r#"{"game": [0]}"#, 400);
    let bad = call(
        &mut state,
        "POST",
        "/api/new",
        r#"{"game": 0, "position": "white: Kz9; black: Ke8"}"#,
        400,
    );
    assert!(bad["error"].as_str().unwrap().starts_with("bad position"));
    call(
        &mut state,
        "POST",
        "/api/new",
        r#"{"game": 0, "position": "rnbqkbnr/pppppppp/8/8 w"}"#,
        400,
    );
    call(
        &mut state,
        "POST",
        "/api/new",
        r#"{"game": 0, "position": 3}"#,
        400,
    );
    // Unknown sessions.
    for route in ["state", "move", "undo", "random"] {
        let method = if route == "state" { "GET" } else { "POST" };
        let body = if route == "move" {
            r#"{"move": "e7e5"}"#
        } else {
            ""
        };
        call(&mut state, method, &format!("/api/{route}/s999"), body, 404);
    }
    // Unknown paths, no files, wrong methods.
    for path in [
        "/nope",
        "/api",
        "/api/state",
        "/api/state/",
        "/api/state/s1/x",
        "/../Cargo.toml",
        "/src/serve.rs",
        "/%2e%2e/Cargo.toml",
        "/favicon.ico",
    ] {
        call(&mut state, "GET", path, "", 404);
    }
    call(&mut state, "GET", "/api/new", "", 405);
    call(&mut state, "DELETE", &format!("/api/state/{id}"), "", 405);
    call(&mut state, "POST", "/", "", 405);
    // A body over the limit, well-formed or not.
    let big = format!(r#"{{"move": "e7e5", "pad": "{}"}}"#, " ".repeat(MAX_BODY));
    call(&mut state, "POST", &mv, &big, 413);
    call(
        &mut state,
        "POST",
        "/api/new",
        &"x".repeat(MAX_BODY + 1),
        413,
    );
    // The game is as it was; a query string is ignored.
    let now = call(&mut state, "GET", &format!("/api/state/{id}?x=1"), "", 200);
    assert_eq!(now, before);
    // A body at the limit is read.
    let pad = MAX_BODY - r#"{"move": "e7e5", "pad": ""}"#.len();
    let exact = format!(r#"{{"move": "e7e5", "pad": "{}"}}"#, " ".repeat(pad));
    assert_eq!(exact.len(), MAX_BODY);
    call(&mut state, "POST", &mv, &exact, 200);
}

#[test]
fn sessions_are_bounded_oldest_dropped() {
    let games = chess_and_glinski();
    let mut state = State::new(&games);
    let (first, _) = new_chess(&mut state);
    let (second, _) = new_chess(&mut state);
    let mut last = String::new();
    for _ in 0..MAX_SESSIONS - 1 {
        last = new_chess(&mut state).0;
    }
    call(&mut state, "GET", &format!("/api/state/{first}"), "", 404);
    call(&mut state, "GET", &format!("/api/state/{second}"), "", 200);
    call(&mut state, "GET", &format!("/api/state/{last}"), "", 200);
}

#[test]
fn the_session_dropped_is_the_least_recently_used() {
    let games = chess_and_glinski();
    let mut state = State::new(&games);
    let (first, _) = new_chess(&mut state);
    let (second, _) = new_chess(&mut state);
    for _ in 0..MAX_SESSIONS - 2 {
        new_chess(&mut state);
    }
    // Full: using the first makes the second the one to go.
    call(&mut state, "GET", &format!("/api/state/{first}"), "", 200);
    new_chess(&mut state);
    call(&mut state, "GET", &format!("/api/state/{second}"), "", 404);
    call(&mut state, "GET", &format!("/api/state/{first}"), "", 200);
}

/// A game with no end rule: a session stops taking moves at `MAX_PLIES`.
#[test]
fn a_session_takes_at_most_max_plies() {
    let games = vec![load("dsl-examples/side-cells.variant", Claims::Skipped)];
    let mut state = State::new(&games);
    let v = call(&mut state, "POST", "/api/new", "", 200);
    let id = v["id"].as_str().unwrap().to_string();
    let random = format!("/api/random/{id}");
    for _ in 0..MAX_PLIES {
        call(&mut state, "POST", &random, "", 200);
    }
    let full = call(&mut state, "GET", &format!("/api/state/{id}"), "", 200);
    assert_eq!(full["moves"].as_array().unwrap().len(), MAX_PLIES);
    let legal = full["legal"][0]["text"].as_str().unwrap().to_string();
    for (path, body) in [
        (random.clone(), String::new()),
        (format!("/api/engine/{id}"), r#"{"ms": 10}"#.to_string()),
        (
            format!("/api/move/{id}"),
            serde_json::json!({ "move": legal }).to_string(),
        ),
    ] {
        let refused = call(&mut state, "POST", &path, &body, 409);
        let error = refused["error"].as_str().unwrap();
        assert!(error.contains(&format!("{MAX_PLIES} plies")), "{error}");
    }
    assert_eq!(
        call(&mut state, "GET", &format!("/api/state/{id}"), "", 200),
        full
    );
    // Undo makes room for one.
    call(&mut state, "POST", &format!("/api/undo/{id}"), "", 200);
    call(&mut state, "POST", &random, "", 200);
}

/// The server runs a search apart from the state: its move is played only
/// on the session as it was when the search began.
#[test]
fn an_engine_move_found_for_a_changed_session_is_not_played() {
    let games = chess_and_glinski();
    let mut state = State::new(&games);
    let (id, _) = new_chess(&mut state);
    let engine = format!("/api/engine/{id}");
    let Work::Engine(job) = state.begin("POST", &engine, br#"{"ms": 20}"#) else {
        panic!("no search for {engine}");
    };
    let found = job.search();
    assert!(found.is_some());
    play(&mut state, &id, "e2e4");
    let stale = state.finish(*job, found);
    assert_eq!(stale.status, 409, "{}", stale.body);
    let now = call(&mut state, "GET", &format!("/api/state/{id}"), "", 200);
    assert_eq!(now["moves"], serde_json::json!(["e2e4"]));
    // A session dropped during the search is a 404; refusals need no search.
    let Work::Engine(job) = state.begin("POST", &engine, b"") else {
        panic!("no search for {engine}");
    };
    for _ in 0..MAX_SESSIONS {
        new_chess(&mut state);
    }
    let found = job.search();
    assert_eq!(state.finish(*job, found).status, 404);
    for (path, body) in [(engine.as_str(), r#"{"ms": 0}"#), ("/api/engine/s999", "")] {
        let Work::Done(reply) = state.begin("POST", path, body.as_bytes()) else {
            panic!("a search for {path} {body}");
        };
        assert!(reply.status >= 400, "{}", reply.body);
    }
}

/// One HTTP/1.1 request on a fresh connection: the status and the body.
fn http(address: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut reply = Vec::new();
    stream.read_to_end(&mut reply).unwrap();
    let reply = String::from_utf8(reply).unwrap();
    let (head, body) = reply.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, body.to_string())
}

#[test]
fn the_real_server_answers_on_a_loopback_port() {
    use std::io::BufRead;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_variant"))
        .args(["serve", "dsl-examples/chess.variant", "--port", "0"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let address = line
        .trim()
        .strip_prefix("listening on http://")
        .and_then(|a| a.strip_suffix('/'))
        .unwrap_or_else(|| panic!("first line: {line}"))
        .to_string();
    assert!(address.starts_with("127.0.0.1:"), "{address}");
    let result = std::panic::catch_unwind(|| {
        let (status, body) = http(&address, "GET", "/api/games", "");
        assert_eq!(status, 200);
        let v: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(v["games"][0]["name"], "Chess");
        let (status, body) = http(&address, "POST", "/api/new", r#"{"game": 0}"#);
        assert_eq!(status, 200);
        let v: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(v["legal"].as_array().unwrap().len(), 20);
        let id = v["id"].as_str().unwrap();
        let (status, body) = http(
            &address,
            "POST",
            &format!("/api/move/{id}"),
            r#"{"move": "e2e5"}"#,
        );
        assert_eq!(status, 400, "{body}");
        let (status, page) = http(&address, "GET", "/", "");
        assert_eq!(status, 200);
        assert!(page.contains("<!DOCTYPE html>"));
    });
    child.kill().ok();
    child.wait().ok();
    if let Err(e) = result {
        std::panic::resume_unwind(e);
    }
}

/// A four-player game where a mated player passes (the mate may be lifted
/// within the round) and goes out once the mate is confirmed: each is the
/// side's only move, typed by its own kind and naming no cell.
#[test]
fn pass_and_out_are_typed_and_played_without_cells() {
    let games = vec![load("stdlib/cosmic/square-4p.variant", Claims::Skipped)];
    let mut state = State::new(&games);
    for (position, kind) in [
        (
            "white: Kf1 Ra12 Rb12; red: Kl6 Rl12; black: Kg10; blue: Ka1; turn blue",
            "pass",
        ),
        (
            "white: Kf1 Ra12 Rb12 Rd12 Ne8; red: Kl6; black: Kg10; blue: Ka1 Pd8; turn blue; passed blue",
            "out",
        ),
    ] {
        let body = serde_json::json!({ "position": position }).to_string();
        let v = call(&mut state, "POST", "/api/new", &body, 200);
        assert_eq!(v["to_move"], "blue");
        let legal = v["legal"].as_array().unwrap();
        assert_eq!(legal.len(), 1, "{kind}: {}", v["legal"]);
        let m = &legal[0];
        assert_eq!(m["kind"], kind);
        assert_eq!(m["text"], kind);
        assert!(m["from"].is_null() && m["to"].is_null(), "{m}");
        assert_eq!(m["capture"], false);
        let id = v["id"].as_str().unwrap().to_string();
        let after = play(&mut state, &id, kind);
        assert_eq!(after["moves"], serde_json::json!([kind]));
        assert_ne!(after["to_move"], "blue");
        assert_ne!(after["position"], v["position"]);
    }
    // The page offers such a move as a button.
    let page = state.handle("GET", "/", b"").body;
    assert!(page.contains("m.from === null") && page.contains("turn-move"));
}

/// Crazyhouse: the state carries both hands (empty ones too), a capture
/// puts the taken piece in the captor's hand, and a drop is offered (its
/// cell as both ends, typed `drop`, its kind's letter) and played like
/// any move, emptying the hand; a drop the hand cannot make is refused
/// and changes nothing. A game without hands has no hands.
#[test]
fn a_crazyhouse_session_reports_hands_and_takes_a_drop() {
    let games = vec![
        load("dsl-examples/fairy/crazyhouse.variant", Claims::Skipped),
        load("dsl-examples/chess.variant", Claims::Skipped),
    ];
    let mut state = State::new(&games);
    let v = call(&mut state, "POST", "/api/new", r#"{"game": 0}"#, 200);
    let empty = serde_json::json!([
        {"player": "white", "pieces": []},
        {"player": "black", "pieces": []}
    ]);
    assert_eq!(v["hands"], empty);
    let drops = |v: &Value| -> Vec<Value> {
        v["legal"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["kind"] == "drop")
            .cloned()
            .collect()
    };
    assert!(drops(&v).is_empty());
    let id = v["id"].as_str().unwrap().to_string();
    play(&mut state, &id, "e2e4");
    play(&mut state, &id, "d7d5");
    let v = play(&mut state, &id, "e4d5");
    let pawn = serde_json::json!({"kind": 5, "letter": "P", "name": "Pawn", "count": 1});
    assert_eq!(
        v["hands"],
        serde_json::json!([
            {"player": "white", "pieces": [pawn]},
            {"player": "black", "pieces": []}
        ])
    );
    assert!(v["fen"].as_str().unwrap().contains("[P] b"), "{}", v["fen"]);
    let svg = v["svg"].as_str().unwrap();
    assert!(
        svg.contains(r#"<g class="hand-piece" data-player="white" data-piece="Pawn" data-letter="P" data-count="1""#),
        "{svg}"
    );
    // Black has nothing to drop; after the queen takes back, White has.
    assert!(drops(&v).is_empty());
    let v = play(&mut state, &id, "d8d5");
    let offered = drops(&v);
    // The empty cells of ranks 2 to 7: 48 less the 15 pieces on them.
    assert_eq!(offered.len(), 48 - 15, "{offered:?}");
    let e4 = offered.iter().find(|m| m["text"] == "P@e4").unwrap();
    assert_eq!(e4["from"], "e4");
    assert_eq!(e4["to"], "e4");
    assert_eq!(e4["dropped"], "P");
    assert_eq!(e4["capture"], false);
    assert!(e4["promotion"].is_null());
    assert!(v["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["kind"] != "drop")
        .all(|m| m["dropped"].is_null()));
    // Refused: a drop on an occupied cell, of a kind not held, or on the
    // last rank (no pawn drops there).
    for bad in ["P@d5", "Q@e4", "P@d8"] {
        let body = serde_json::json!({ "move": bad }).to_string();
        call(&mut state, "POST", &format!("/api/move/{id}"), &body, 400);
    }
    assert_eq!(
        call(&mut state, "GET", &format!("/api/state/{id}"), "", 200),
        v
    );
    let after = play(&mut state, &id, "P@e4");
    assert_eq!(after["moves"].as_array().unwrap().last().unwrap(), "P@e4");
    assert_eq!(after["hands"][0]["pieces"], serde_json::json!([]));
    assert_eq!(after["hands"][1]["pieces"][0]["letter"], "P");
    assert!(after["svg"]
        .as_str()
        .unwrap()
        .contains(r#"data-cell="e4" data-piece="Pawn" data-player="white""#));
    // Undone, the pawn is back in the hand.
    let back = call(&mut state, "POST", &format!("/api/undo/{id}"), "", 200);
    assert_eq!(back, v);
    // Chess has no hands: none reported, no drop offered.
    let chess = call(&mut state, "POST", "/api/new", r#"{"game": 1}"#, 200);
    assert_eq!(chess["hands"], serde_json::json!([]));
    assert!(chess["legal"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["dropped"].is_null()));
    // The page picks a piece in the hand to drop it.
    let page = state.handle("GET", "/", b"").body;
    assert!(page.contains("hand-piece") && page.contains("m.dropped"));
}
