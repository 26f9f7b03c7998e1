//! A `variant serve` on a loopback port for the tests (killed when
//! dropped), and HTTP/1.1 spoken by hand over sockets, so that a test can
//! send what no client library would.

use std::io::{BufRead, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub address: String,
}

impl Server {
    /// `variant serve FILES... --port 0 ARGS...`, once it listens.
    pub fn start(files: &[&str], args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_variant"))
            .arg("serve")
            .args(files)
            .args(["--port", "0"])
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::piped())
            .spawn()
            .expect("variant serve starts");
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
        Server { child, address }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn port(&self) -> u16 {
        self.address.rsplit(':').next().unwrap().parse().unwrap()
    }

    /// Still running (not exited, not killed by a signal).
    pub fn running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// A field of `/proc/PID/status`, as its first number (`VmRSS` in kB,
    /// `Threads`).
    pub fn status(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let line = status
            .lines()
            .find(|l| l.starts_with(&format!("{field}:")))
            .unwrap_or_else(|| panic!("no {field} in {status}"));
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// A connection with a read time-out.
pub fn connect(address: &str, timeout: Duration) -> TcpStream {
    let stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(timeout)).unwrap();
    stream.set_write_timeout(Some(timeout)).unwrap();
    stream
}

/// Everything the server sends until it closes the connection or `within`
/// has passed (then what came so far), and whether it closed.
pub fn read_until_closed(stream: &mut TcpStream, within: Duration) -> (String, bool) {
    let deadline = Instant::now() + within;
    let mut got = Vec::new();
    let mut buf = [0u8; 8192];
    while Instant::now() < deadline {
        stream
            .set_read_timeout(Some(
                deadline
                    .saturating_duration_since(Instant::now())
                    .max(Duration::from_millis(10)),
            ))
            .unwrap();
        match stream.read(&mut buf) {
            Ok(0) => return (String::from_utf8_lossy(&got).into_owned(), true),
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {
                return (String::from_utf8_lossy(&got).into_owned(), true)
            }
            Err(_) => break,
        }
    }
    (String::from_utf8_lossy(&got).into_owned(), false)
}

/// Sends `raw` on a fresh connection and reads the reply until the server
/// closes (`Connection: close` in `raw`) or `within` passes.
pub fn raw(address: &str, raw: &[u8], within: Duration) -> String {
    let mut stream = connect(address, within);
    stream.write_all(raw).unwrap();
    read_until_closed(&mut stream, within).0
}

/// The status of a raw reply (0 for none).
pub fn status_of(reply: &str) -> u16 {
    reply
        .strip_prefix("HTTP/1.1 ")
        .and_then(|r| r.get(..3))
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// The body of a raw reply.
pub fn body_of(reply: &str) -> &str {
    reply.split_once("\r\n\r\n").map_or("", |(_, b)| b)
}

/// A request as the board's page sends it (the server's own Host, JSON
/// for POSTs), with `extra` header lines, on a fresh connection: the status
/// and the body. Panics if no full reply comes within `within`.
pub fn request_with(
    address: &str,
    method: &str,
    path: &str,
    extra: &[&str],
    body: &str,
    within: Duration,
) -> (u16, String) {
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n");
    if method == "POST" {
        head.push_str("Content-Type: application/json\r\n");
    }
    for line in extra {
        head.push_str(line);
        head.push_str("\r\n");
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    let reply = raw(address, head.as_bytes(), within);
    let status = status_of(&reply);
    assert!(
        status != 0,
        "{method} {path}: no reply within {within:?}: {reply:?}"
    );
    (status, body_of(&reply).to_string())
}

/// `request_with` with no extra header, answered within 10 s.
pub fn request(address: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    request_with(address, method, path, &[], body, Duration::from_secs(10))
}

/// A request's JSON reply, checking its status.
pub fn json(address: &str, method: &str, path: &str, body: &str, status: u16) -> serde_json::Value {
    let (got, reply) = request(address, method, path, body);
    let short: String = reply.chars().take(300).collect();
    assert_eq!(got, status, "{method} {path} {body}: {short}");
    serde_json::from_str(&reply).unwrap_or_else(|e| panic!("{e}: {reply}"))
}

/// Whether `GET /api/games` is answered 200 within `within`.
pub fn answers(address: &str, within: Duration) -> bool {
    let Ok(mut stream) = TcpStream::connect(address) else {
        return false;
    };
    let head = format!("GET /api/games HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
    if stream.write_all(head.as_bytes()).is_err() {
        return false;
    }
    status_of(&read_until_closed(&mut stream, within).0) == 200
}
