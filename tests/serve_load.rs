//! `variant serve` under load: 500 clients asking at once, and a slow
//! client trickling a request's head, while one client plays a whole game
//! through the API (engine and random moves). Every request of the game
//! must be answered within a generous bound (20 s), the server must stay
//! up with a few threads, and its memory bounded. About 20 s; every loop is
//! bounded in time, and the server is killed at the end.

#[allow(dead_code)]
#[path = "support/server.rs"]
mod server;

use server::{connect, request_with, Server};
use std::io::{Read, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

const CLIENTS: usize = 500;
/// A bound on a hang, not a speed claim: the slowest game request.
const ANSWER_WITHIN: Duration = Duration::from_secs(20);
/// The most any client thread runs.
const AT_MOST: Duration = Duration::from_secs(45);

/// One client's requests in turn, on fresh connections, until `stop`:
/// the count of replies received.
fn hammer(address: &str, me: usize, stop: &AtomicBool) -> u64 {
    let requests = [
        format!("GET /api/games HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"),
        format!("GET / HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"),
        format!("GET /api/state/s999999 HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"),
        format!(
            "POST /api/new HTTP/1.1\r\nHost: {address}\r\nContent-Type: text/plain\r\n\
             Connection: close\r\nContent-Length: 2\r\n\r\n{{}}"
        ),
    ];
    let (mut answered, t) = (0, Instant::now());
    let mut buf = vec![0u8; 4096];
    for i in me.. {
        if stop.load(Ordering::Relaxed) || t.elapsed() > AT_MOST {
            break;
        }
        let Ok(mut s) = std::net::TcpStream::connect(address) else {
            std::thread::sleep(Duration::from_millis(20));
            continue;
        };
        s.set_read_timeout(Some(Duration::from_secs(30))).ok();
        if s.write_all(requests[i % requests.len()].as_bytes())
            .is_err()
        {
            continue;
        }
        let mut first = true;
        while let Ok(n) = s.read(&mut buf) {
            if n == 0 {
                break;
            }
            if first && buf.starts_with(b"HTTP/1.1 ") {
                answered += 1;
            }
            first = false;
        }
    }
    answered
}

/// A client that sends a request's head a byte every 200 ms, reconnecting
/// when the server closes it, until `stop`: how many times the server
/// closed it.
fn trickle(address: &str, stop: &AtomicBool) -> u64 {
    let head = format!(
        "POST /api/new HTTP/1.1\r\nHost: {address}\r\nX-Slow: {}",
        "a".repeat(4000)
    );
    let (mut closed, t) = (0, Instant::now());
    while !stop.load(Ordering::Relaxed) && t.elapsed() < AT_MOST {
        let mut s = connect(address, Duration::from_secs(5));
        for byte in head.bytes() {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            if s.write_all(&[byte]).is_err() {
                closed += 1;
                break;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }
    closed
}

#[test]
fn a_game_is_played_while_500_clients_and_a_slow_one_ask() {
    let mut server = Server::start(&["dsl-examples/chess.variant"], &[]);
    let a = server.address.clone();
    let stop = Arc::new(AtomicBool::new(false));
    let peak_rss = Arc::new(AtomicU64::new(0));
    let start = Arc::new(Barrier::new(CLIENTS + 1));
    let clients: Vec<_> = (0..CLIENTS)
        .map(|me| {
            let (a, stop, start) = (a.clone(), stop.clone(), start.clone());
            std::thread::Builder::new()
                .stack_size(256 << 10)
                .spawn(move || {
                    start.wait();
                    hammer(&a, me, &stop)
                })
                .unwrap()
        })
        .collect();
    let slow = {
        let (a, stop) = (a.clone(), stop.clone());
        std::thread::spawn(move || trickle(&a, &stop))
    };
    let pid_status = format!("/proc/{}/status", server.pid());
    let watch = {
        let (stop, peak) = (stop.clone(), peak_rss.clone());
        std::thread::spawn(move || {
            let t = Instant::now();
            while !stop.load(Ordering::Relaxed) && t.elapsed() < AT_MOST {
                if let Some(rss) = rss_kb(&pid_status) {
                    peak.fetch_max(rss, Ordering::Relaxed);
                }
                std::thread::sleep(Duration::from_millis(100));
            }
        })
    };
    start.wait();
    std::thread::sleep(Duration::from_millis(500));
    let played = std::panic::catch_unwind(|| play_a_game(&a));
    stop.store(true, Ordering::Relaxed);
    let answered: u64 = clients.into_iter().map(|c| c.join().unwrap()).sum();
    let slow_closed = slow.join().unwrap();
    watch.join().unwrap();
    let (plies, slowest) = played.unwrap_or_else(|e| std::panic::resume_unwind(e));
    eprintln!(
        "load: {plies} plies played, slowest game request {slowest:?}; {answered} other \
         requests answered; peak RSS {} kB; slow client cut {slow_closed} times",
        peak_rss.load(Ordering::Relaxed)
    );
    assert!(server.running(), "the server died under load");
    assert!(slow_closed >= 1, "the slow client was never cut off");
    assert!(
        answered >= CLIENTS as u64,
        "only {answered} load requests answered"
    );
    let threads = server.status("Threads");
    assert!(threads <= 16, "{threads} threads");
    let peak = peak_rss.load(Ordering::Relaxed);
    assert!(peak < 300_000, "peak RSS {peak} kB");
}

/// Plays chess games, the engine (100 ms a move) against random moves,
/// each until it ends or 40 plies, for at least 14 s (past the server's
/// 10 s head time-out, which the slow client meets): the plies played and
/// the slowest request.
fn play_a_game(address: &str) -> (usize, Duration) {
    let (mut plies, mut slowest, t) = (0, Duration::ZERO, Instant::now());
    for _ in 0..6 {
        let (p, s) = play_one_game(address);
        plies += p;
        slowest = slowest.max(s);
        if t.elapsed() > Duration::from_secs(14) {
            break;
        }
    }
    (plies, slowest)
}

/// One game of `play_a_game`.
fn play_one_game(address: &str) -> (usize, Duration) {
    let mut slowest = Duration::ZERO;
    let mut ask = |method: &str, path: &str, body: &str| {
        let t = Instant::now();
        let (status, reply) = request_with(address, method, path, &[], body, ANSWER_WITHIN);
        let took = t.elapsed();
        assert!(took < ANSWER_WITHIN, "{path} took {took:?}");
        slowest = slowest.max(took);
        assert_eq!(status, 200, "{method} {path}: {reply}");
        serde_json::from_str::<serde_json::Value>(&reply).unwrap()
    };
    let state = ask("POST", "/api/new", "{}");
    let id = state["id"].as_str().unwrap().to_string();
    let mut plies = 0;
    while plies < 40 {
        let state = if plies % 2 == 0 {
            ask("POST", &format!("/api/engine/{id}"), r#"{"ms": 100}"#)
        } else {
            ask("POST", &format!("/api/random/{id}"), "")
        };
        plies += 1;
        assert_eq!(state["moves"].as_array().unwrap().len(), plies, "{state}");
        if !state["result"].is_null() {
            break;
        }
        ask("GET", &format!("/api/state/{id}"), "");
    }
    (plies, slowest)
}

fn rss_kb(status_path: &str) -> Option<u64> {
    let status = std::fs::read_to_string(status_path).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
