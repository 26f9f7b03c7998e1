//! `variant serve` over real sockets: the server cases of the third attack
//! report (`../shared/hardening3/README.md`, F2 to F5 and F18, with
//! `http_attack.py`) against a real server on a loopback port. Each test
//! starts its own server and kills it at the end; every loop is bounded in
//! count and time, and every timed assertion is a generous bound on a hang.

#[allow(dead_code)]
#[path = "support/server.rs"]
mod server;

use server::{
    answers, body_of, connect, json, raw, read_until_closed, request, request_with, status_of,
    Server,
};
use std::io::Write;
use std::time::{Duration, Instant};

const CHESS: &str = "dsl-examples/chess.variant";

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

/// The body time-out of `src/web` (10 s), and a margin for a loaded machine.
const BODY_TIMEOUT_AND_MARGIN: Duration = Duration::from_secs(10 + 8);

/// F2: a `Content-Length` over 64 KiB is answered 413 at once, without the
/// body being read or room made for it; the server goes on.
#[test]
fn f2_a_huge_content_length_is_refused_without_reading_it() {
    let mut server = Server::start(&[CHESS], &[]);
    let a = server.address.clone();
    for length in [
        "18446744073709551615",
        "100000000000",
        "3000000000",
        "65537",
    ] {
        for expect in ["", "Expect: 100-continue\r\n"] {
            let head = format!(
                "POST /api/new HTTP/1.1\r\nHost: {a}\r\nContent-Type: application/json\r\n\
                 {expect}Content-Length: {length}\r\n\r\n"
            );
            let reply = raw(&a, head.as_bytes(), secs(5));
            assert!(!reply.contains("100 Continue"), "{reply}");
            if length.len() == 20 {
                // Past what hyper represents (2^64 - 3): refused as it
                // parses the head.
                assert_eq!(status_of(&reply), 431, "{length}: {reply}");
            } else {
                assert_eq!(status_of(&reply), 413, "{length}: {reply}");
                assert!(body_of(&reply).contains("65536 bytes"), "{reply}");
            }
            assert!(server.running(), "the server died on {length}");
            assert!(answers(&a, secs(5)));
        }
    }
    // A chunked body past the limit is cut off as it comes.
    let mut head = format!(
        "POST /api/new HTTP/1.1\r\nHost: {a}\r\nContent-Type: application/json\r\n\
         Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n10000\r\n"
    )
    .into_bytes();
    head.extend(std::iter::repeat_n(b' ', 0x10000));
    head.extend_from_slice(b"\r\n1\r\n \r\n0\r\n\r\n");
    assert_eq!(status_of(&raw(&a, &head, secs(5))), 413);
    assert!(server.running());
    assert!(
        server.status("VmRSS") < 100_000,
        "RSS {} kB",
        server.status("VmRSS")
    );
}

/// F3: requests whose body does not come (short, chunked without a chunk,
/// `Expect: 100-continue` then nothing), an upgrade asked for, and a head
/// left unfinished, all held open: others are answered meanwhile, and each
/// held one is answered 408 or closed within the time-outs.
#[test]
fn f3_a_slow_client_stalls_nobody_and_is_timed_out() {
    let mut server = Server::start(&[CHESS], &[]);
    let a = server.address.clone();
    let post = format!("POST /api/new HTTP/1.1\r\nHost: {a}\r\nContent-Type: application/json\r\n");
    let mut short = format!("{post}Content-Length: 1025\r\n\r\n").into_bytes();
    short.extend(std::iter::repeat_n(b' ', 1024));
    let held: Vec<(&str, Vec<u8>)> = vec![
        ("short body", short),
        ("chunked", format!("{post}Transfer-Encoding: chunked\r\n\r\n").into_bytes()),
        (
            "100-continue",
            format!("{post}Expect: 100-continue\r\nContent-Length: 10\r\n\r\n").into_bytes(),
        ),
        (
            "upgrade",
            format!(
                "GET /api/games HTTP/1.1\r\nHost: {a}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n"
            )
            .into_bytes(),
        ),
        ("unfinished head", format!("GET / HTTP/1.1\r\nHost: {a}\r\n").into_bytes()),
    ];
    let streams: Vec<_> = held
        .iter()
        .map(|(_, bytes)| {
            let mut s = connect(&a, secs(5));
            s.write_all(bytes).unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    assert!(answers(&a, secs(5)), "a GET waited for the held clients");
    let v = json(&a, "POST", "/api/new", "{}", 200);
    assert_eq!(v["legal"].as_array().unwrap().len(), 20);
    assert!(t.elapsed() < secs(5), "{:?}", t.elapsed());
    let waits: Vec<_> = streams
        .into_iter()
        .zip(held.iter().map(|(name, _)| *name))
        .map(|(mut s, name)| {
            std::thread::spawn(move || (name, read_until_closed(&mut s, BODY_TIMEOUT_AND_MARGIN)))
        })
        .collect();
    for wait in waits {
        let (name, (reply, closed)) = wait.join().unwrap();
        assert!(closed, "{name}: still open: {reply:?}");
        match name {
            "short body" | "chunked" => {
                assert!(reply.starts_with("HTTP/1.1 408"), "{name}: {reply}")
            }
            "100-continue" => {
                assert!(reply.starts_with("HTTP/1.1 100 Continue"), "{reply}");
                assert!(reply.contains("HTTP/1.1 408"), "{reply}");
            }
            "upgrade" => assert!(reply.starts_with("HTTP/1.1 200"), "{reply}"),
            _ => assert!(!reply.starts_with("HTTP/1.1 200"), "{name}: {reply}"),
        }
    }
    assert!(server.running());
    assert!(answers(&a, secs(5)));
}

/// F3 (the other way): a client that sends requests and stops reading the
/// replies holds its connection only until the write time-out (10 s): of
/// 3,000 pipelined requests for the page, those whose replies did not fit
/// in the sockets' buffers are never answered.
#[test]
fn f3_a_client_that_stops_reading_is_closed() {
    let mut server = Server::start(&[CHESS], &[]);
    let a = server.address.clone();
    const N: usize = 3000;
    let mut s = connect(&a, secs(5));
    let one = format!("GET / HTTP/1.1\r\nHost: {a}\r\n\r\n");
    s.write_all(one.repeat(N).as_bytes()).unwrap();
    std::thread::sleep(BODY_TIMEOUT_AND_MARGIN);
    assert!(answers(&a, secs(5)), "the stalled reader kept others out");
    let mut got = Vec::new();
    let mut buf = vec![0u8; 1 << 16];
    let t = Instant::now();
    while t.elapsed() < secs(20) {
        match std::io::Read::read(&mut s, &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
        }
    }
    let text = String::from_utf8_lossy(&got);
    let answered = text.matches("HTTP/1.1 200").count();
    assert!(
        answered < N,
        "all {N} replies were kept for a client that did not read"
    );
    assert!(server.running());
}

/// F4: one header line without end (several at once) is cut off at the
/// header limit (16 KiB): the sender finds the connection closed long
/// before it has sent 48 MiB, and the server's memory does not follow.
#[test]
fn f4_an_endless_header_line_is_cut_off() {
    let mut server = Server::start(&[CHESS], &[]);
    let a = server.address.clone();
    const LIMIT: usize = 48 << 20;
    let senders: Vec<_> = (0..4)
        .map(|_| {
            let a = a.clone();
            std::thread::spawn(move || {
                let mut s = connect(&a, secs(5));
                s.write_all(b"GET /api/games HTTP/1.1\r\nX-Long: ").unwrap();
                let chunk = vec![b'A'; 64 << 10];
                let (mut sent, t) = (0, Instant::now());
                while sent < LIMIT && t.elapsed() < secs(20) {
                    match s.write(&chunk) {
                        Ok(n) => sent += n,
                        Err(_) => break,
                    }
                }
                sent
            })
        })
        .collect();
    for sender in senders {
        let sent = sender.join().unwrap();
        assert!(
            sent < LIMIT,
            "the server took {sent} bytes of one header line"
        );
    }
    assert!(server.running());
    assert!(
        server.status("VmRSS") < 100_000,
        "RSS {} kB",
        server.status("VmRSS")
    );
    assert!(answers(&a, secs(5)));
    // The refusal, when the client waits for it: 431.
    let mut s = connect(&a, secs(5));
    let mut head = b"GET /api/games HTTP/1.1\r\nX-Long: ".to_vec();
    head.extend(std::iter::repeat_n(b'A', 20 << 10));
    head.extend_from_slice(b"\r\n\r\n");
    s.write_all(&head).ok();
    let (reply, _) = read_until_closed(&mut s, secs(5));
    assert!(
        reply.is_empty() || reply.starts_with("HTTP/1.1 431"),
        "{reply}"
    );
}

/// Raises this process's open-file limit (the server inherits it) to at
/// least `want` if the hard limit allows; the limit in force.
fn raise_open_files(want: u64) -> u64 {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `getrlimit` and `setrlimit` read or write the struct given.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return 1024;
        }
        if limit.rlim_cur < want {
            limit.rlim_cur = want.min(limit.rlim_max);
            libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
        }
    }
    limit.rlim_cur
}

/// F5: many connections that send an unfinished request line: the server
/// keeps a few threads, keeps answering new clients (the oldest idle
/// connection closed for each past 1,000), and closes idle ones after its
/// header time-out.
#[test]
fn f5_idle_connections_neither_take_threads_nor_keep_others_out() {
    let files = raise_open_files(4096);
    let mut server = Server::start(&[CHESS], &[]);
    let a = server.address.clone();
    let n = 1500.min(files.saturating_sub(200) as usize / 2);
    let (mut held, t) = (Vec::new(), Instant::now());
    while held.len() < n && t.elapsed() < secs(20) {
        let Ok(mut s) = std::net::TcpStream::connect(&a) else {
            break;
        };
        if s.write_all(b"GET / HTTP/1.1\r\n").is_ok() {
            held.push(s);
        }
    }
    assert!(
        held.len() >= n.min(1100),
        "only {} connections opened",
        held.len()
    );
    std::thread::sleep(Duration::from_millis(500));
    assert!(server.running());
    let threads = server.status("Threads");
    assert!(
        threads <= 16,
        "{threads} threads for {} connections",
        held.len()
    );
    assert!(answers(&a, secs(5)), "a new client was kept out");
    assert!(
        server.status("VmRSS") < 150_000,
        "RSS {} kB",
        server.status("VmRSS")
    );
    // The last one opened is still within its time-out, then closed.
    let mut last = held.pop().unwrap();
    let (_, closed) = read_until_closed(&mut last, BODY_TIMEOUT_AND_MARGIN);
    assert!(
        closed,
        "an idle connection was kept past the header time-out"
    );
    drop(held);
    assert!(answers(&a, secs(5)));
}

/// F18: a page of another site can neither drive the API (a POST as plain
/// text, or from its origin) nor read it through a name of its own (DNS
/// rebinding); the server's own page, under each of its names, can.
#[test]
fn f18_other_sites_can_neither_drive_nor_read_the_server() {
    let server = Server::start(&[CHESS], &["--allow-host", "board.example"]);
    let a = server.address.clone();
    let port = server.port();
    let ten = secs(10);
    let own = format!("Origin: http://{a}");
    let created = |extra: &[&str]| request_with(&a, "POST", "/api/new", extra, "{}", ten).0;
    // Cross-site: refused, nothing created.
    let plain = format!(
        "POST /api/new HTTP/1.1\r\nHost: {a}\r\nContent-Type: text/plain\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{{}}"
    );
    assert_eq!(status_of(&raw(&a, plain.as_bytes(), ten)), 415);
    let bare = format!(
        "POST /api/new HTTP/1.1\r\nHost: {a}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
    );
    assert_eq!(status_of(&raw(&a, bare.as_bytes(), ten)), 415);
    for origin in [
        "Origin: http://attacker.example",
        "Origin: null",
        "Origin: https://127.0.0.1",
        &format!("Origin: http://localhost:{}", port.wrapping_add(1)),
    ] {
        assert_eq!(created(&[origin]), 403, "{origin}");
    }
    // Another name for this address (rebinding), or another port: refused.
    for host in [
        "attacker.example".to_string(),
        format!("attacker.example:{port}"),
        format!("127.0.0.1:{}", port.wrapping_add(1)),
        format!("192.168.1.5:{port}"),
        String::new(),
    ] {
        let get = format!("GET /api/games HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
        let reply = raw(&a, get.as_bytes(), ten);
        assert!(matches!(status_of(&reply), 400 | 403), "{host}: {reply}");
    }
    let absolute = format!(
        "GET http://attacker.example/api/games HTTP/1.1\r\nHost: {a}\r\nConnection: close\r\n\r\n"
    );
    assert_eq!(status_of(&raw(&a, absolute.as_bytes(), ten)), 403);
    // The page itself, by address, by `localhost`, by an allowed name.
    let first = json(&a, "POST", "/api/new", "{}", 200);
    assert_eq!(first["id"], "s1", "a refused request made a session");
    assert_eq!(created(&[&own]), 200);
    let localhost = format!("localhost:{port}");
    let allowed = format!("BOARD.example:{port}");
    for host in [localhost, allowed] {
        let post = format!(
            "POST /api/new HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\n\
             Content-Type: application/json; charset=utf-8\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{{}}"
        );
        assert_eq!(status_of(&raw(&a, post.as_bytes(), ten)), 200, "{host}");
    }
    let (status, page) = request(&a, "GET", "/", "");
    assert_eq!(status, 200);
    assert!(page.contains("<!DOCTYPE html>"));
}

/// F18: one client's long engine search (10 s asked) delays no other
/// client, nor that client's own other sessions; a move played meanwhile
/// wins over it.
#[test]
fn f18_an_engine_search_delays_no_one_else() {
    let server = Server::start(&[CHESS], &[]);
    let a = server.address.clone();
    let long = json(&a, "POST", "/api/new", "{}", 200)["id"]
        .as_str()
        .unwrap()
        .to_string();
    let searching = {
        let (a, path) = (a.clone(), format!("/api/engine/{long}"));
        std::thread::spawn(move || {
            request_with(&a, "POST", &path, &[], r#"{"ms": 10000}"#, secs(40))
        })
    };
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    assert!(answers(&a, secs(5)));
    let other = json(&a, "POST", "/api/new", "{}", 200)["id"]
        .as_str()
        .unwrap()
        .to_string();
    json(&a, "POST", &format!("/api/random/{other}"), "", 200);
    let e7e5 = r#"{"move": "e7e5"}"#;
    json(&a, "POST", &format!("/api/move/{other}"), e7e5, 200);
    json(&a, "GET", &format!("/api/state/{long}"), "", 200);
    let quick = t.elapsed();
    assert!(quick < secs(5), "other clients waited {quick:?}");
    // All answered while the search went on; so is a move played on the
    // searched session, and the search's move is then not played.
    let e2e4 = r#"{"move": "e2e4"}"#;
    json(&a, "POST", &format!("/api/move/{long}"), e2e4, 200);
    assert!(
        !searching.is_finished(),
        "the search ended before the others"
    );
    let (status, body) = searching.join().unwrap();
    assert_eq!(status, 409, "{body}");
    assert!(body.contains("changed"), "{body}");
    let state = json(&a, "GET", &format!("/api/state/{long}"), "", 200);
    assert_eq!(state["moves"], serde_json::json!(["e2e4"]));
}

/// F18: searches running or waiting are bounded (8): more are refused at
/// once with 503, and the others finish.
#[test]
fn f18_the_engine_queue_is_bounded() {
    let server = Server::start(&[CHESS], &[]);
    let a = server.address.clone();
    let ids: Vec<String> = (0..12)
        .map(|_| {
            json(&a, "POST", "/api/new", "{}", 200)["id"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let searches: Vec<_> = ids
        .into_iter()
        .map(|id| {
            let a = a.clone();
            std::thread::spawn(move || {
                let t = Instant::now();
                let path = format!("/api/engine/{id}");
                let (status, body) =
                    request_with(&a, "POST", &path, &[], r#"{"ms": 2500}"#, secs(40));
                (status, body, t.elapsed())
            })
        })
        .collect();
    let mut statuses = Vec::new();
    for search in searches {
        let (status, body, took) = search.join().unwrap();
        if status == 503 {
            assert!(body.contains("busy"), "{body}");
            assert!(took < secs(3), "a refusal took {took:?}");
        } else {
            assert_eq!(status, 200, "{body}");
        }
        statuses.push(status);
    }
    let refused = statuses.iter().filter(|&&s| s == 503).count();
    assert!(refused >= 4, "{statuses:?}");
    assert!(answers(&a, secs(5)));
}

/// F18: a session of a game with no end takes 1,000 plies, then refuses
/// more with a JSON error (undo makes room); the number of sessions is
/// bounded, the least recently used dropped.
#[test]
fn f18_sessions_are_capped_in_plies_and_in_number() {
    let server = Server::start(&["dsl-examples/side-cells.variant"], &[]);
    let a = server.address.clone();
    let id = json(&a, "POST", "/api/new", "{}", 200)["id"]
        .as_str()
        .unwrap()
        .to_string();
    let random = format!("/api/random/{id}");
    for _ in 0..1000 {
        json(&a, "POST", &random, "", 200);
    }
    let refused = json(&a, "POST", &random, "", 409);
    assert!(
        refused["error"].as_str().unwrap().contains("1000 plies"),
        "{refused}"
    );
    json(&a, "POST", &format!("/api/undo/{id}"), "", 200);
    let last = json(&a, "POST", &random, "", 200);
    assert_eq!(last["moves"].as_array().unwrap().len(), 1000);
    // 64 more sessions drop the least recently used: not this one, used
    // after the first of them.
    let first = json(&a, "POST", "/api/new", "{}", 200)["id"]
        .as_str()
        .unwrap()
        .to_string();
    json(&a, "GET", &format!("/api/state/{id}"), "", 200);
    for _ in 0..63 {
        json(&a, "POST", "/api/new", "{}", 200);
    }
    json(&a, "GET", &format!("/api/state/{first}"), "", 404);
    json(&a, "GET", &format!("/api/state/{id}"), "", 200);
}

/// F18: lenient HTTP is refused: bad or doubled `Content-Length`, an
/// HTTP/2 preface, an HTTP/3.0 request line; none holds its connection.
#[test]
fn f18_malformed_http_is_refused_and_closed() {
    let mut server = Server::start(&[CHESS], &[]);
    let a = server.address.clone();
    for length in [
        "Content-Length: -5",
        "Content-Length: abc",
        "Content-Length: 2\r\nContent-Length: 3",
    ] {
        let head = format!(
            "POST /api/new HTTP/1.1\r\nHost: {a}\r\nContent-Type: application/json\r\n{length}\r\n\r\n{{}}"
        );
        let reply = raw(&a, head.as_bytes(), secs(5));
        assert_eq!(status_of(&reply), 400, "{length}: {reply}");
    }
    for request in [
        "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".to_string(),
        format!("GET /api/games HTTP/3.0\r\nHost: {a}\r\n\r\n"),
    ] {
        let mut s = connect(&a, secs(5));
        s.write_all(request.as_bytes()).unwrap();
        let (reply, closed) = read_until_closed(&mut s, secs(5));
        assert!(closed, "{request:?} held its connection: {reply:?}");
        assert!(!reply.starts_with("HTTP/1.1 200"), "{reply}");
    }
    assert!(server.running());
    assert!(answers(&a, secs(5)));
}
