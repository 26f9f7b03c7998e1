//! The HTTP server of `variant serve`: tokio, hyper (HTTP/1.1 only) and
//! axum around the pure core `crate::serve::State`. What a client can hold
//! is bounded here: connections, the size of headers and bodies, the time
//! to send them or to read a reply, and the engine searches running or
//! waiting. Which requests are let in is `guard`; one request's way through
//! is `handler`.

mod conns;
mod guard;
mod handler;

use axum::http::Request;
use hyper::body::Incoming;
use runtime::Game;
use std::io::Write;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

/// Connections open at once; one more closes the oldest idle one, or is
/// answered 503 when every one is answering a request (`conns`).
pub const MAX_CONNECTIONS: usize = 1000;
/// The request line and headers together (hyper's read buffer); past it, 431.
pub const MAX_HEADER_BYTES: usize = 16 * 1024;
/// A request's line and headers must arrive within this, and an idle
/// kept-alive connection is closed after it.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// A request's body must arrive within this (408 otherwise).
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// A reply that the client stops reading for this long closes the connection.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// Engine searches run at once, on their own threads.
pub const ENGINE_WORKERS: usize = 2;
/// Engine searches running or waiting; one more is answered 503.
pub const ENGINE_QUEUE: usize = 8;

/// Serves the games on `host:port` until the process is stopped. Prints
/// `listening on http://ADDRESS/` (the port chosen, for port 0) first.
/// `allowed` names more host names that requests may use (`guard`).
pub fn serve(games: Vec<Game>, host: &str, port: u16, allowed: &[String]) -> Result<(), String> {
    // The games live as long as the process: the request tasks and the
    // search threads borrow them without counting.
    let games: &'static [Game] = Box::leak(games.into_boxed_slice());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        // The core's work (behind one lock) and the searches run on these
        // threads, never on the ones that move bytes.
        .max_blocking_threads(ENGINE_WORKERS + 2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    runtime.block_on(run(games, host, port, allowed))
}

async fn run(
    games: &'static [Game],
    host: &str,
    port: u16,
    allowed: &[String],
) -> Result<(), String> {
    let listener = TcpListener::bind((host, port))
        .await
        .map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
    let address = listener
        .local_addr()
        .map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
    println!("listening on http://{address}/");
    std::io::stdout().flush().ok();
    let hosts = guard::Hosts::new(host, address, allowed);
    let app = handler::router(games, hosts);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .max_buf_size(MAX_HEADER_BYTES);
    let open = conns::Connections::new(MAX_CONNECTIONS);
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) => {
                // Out of file descriptors, or a connection reset before it
                // was taken: the server goes on once some are closed.
                eprintln!("could not accept a connection: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Some(slot) = open.slot().await else {
            refuse_busy(&stream);
            continue;
        };
        stream.set_nodelay(true).ok();
        let mut io = tokio_io_timeout::TimeoutStream::new(stream);
        io.set_write_timeout(Some(WRITE_TIMEOUT));
        let io = hyper_util::rt::TokioIo::new(Box::pin(io));
        let busy = conns::Busy::default();
        let (app, counted) = (app.clone(), busy.clone());
        let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
            // The handler marks the connection busy once the request is
            // read (`conns`).
            request.extensions_mut().insert(counted.clone());
            app.clone().oneshot(request)
        });
        let connection = http.serve_connection(io, service);
        open.spawn(slot, busy, async move {
            // A connection's end, clean or not, concerns that client only.
            let _ = connection.await;
        });
    }
}

/// Answers a connection past `MAX_CONNECTIONS` with a 503, without waiting
/// for it to be read, and closes it.
fn refuse_busy(stream: &TcpStream) {
    const BODY: &str =
        "{\"error\":\"the server has too many connections open: try again shortly\"}";
    let reply = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n\
         Content-Length: {}\r\nConnection: close\r\nRetry-After: 1\r\n\r\n{BODY}",
        BODY.len()
    );
    // A fresh socket's send buffer takes it whole; if not, the client
    // sees the connection closed, which says as much.
    let _ = stream.try_write(reply.as_bytes());
}
