//! One request's way through the server: the checks of `guard`, the body
//! read within its size and time, the core's answer computed on a blocking
//! thread under the state's lock, and an engine search run apart, without
//! the lock, by one of a bounded number of workers.

use super::conns::Busy;
use super::{guard, BODY_TIMEOUT, ENGINE_QUEUE, ENGINE_WORKERS};
use crate::serve::{EngineJob, Reply, State, Work, MAX_BODY};
use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::header::{HeaderValue, CACHE_CONTROL, CONNECTION, CONTENT_LENGTH, CONTENT_TYPE};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Router;
use http_body_util::{BodyExt, LengthLimitError, Limited};
use runtime::Game;
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::Semaphore;

/// What every request shares.
struct Shared {
    state: Mutex<State<'static>>,
    hosts: guard::Hosts,
    /// Searches running or waiting (`ENGINE_QUEUE`).
    queue: Arc<Semaphore>,
    /// Searches running (`ENGINE_WORKERS`).
    workers: Arc<Semaphore>,
}

/// Every path goes to the core, which routes it.
pub fn router(games: &'static [Game], hosts: guard::Hosts) -> Router {
    let shared = Arc::new(Shared {
        state: Mutex::new(State::new(games)),
        hosts,
        queue: Arc::new(Semaphore::new(ENGINE_QUEUE)),
        workers: Arc::new(Semaphore::new(ENGINE_WORKERS)),
    });
    Router::new().fallback(move |request: Request| answer(shared.clone(), request))
}

async fn answer(shared: Arc<Shared>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    if let Err(refused) = guard::check(&shared.hosts, &parts) {
        return respond(refused, true);
    }
    let body = match read_body(&parts, body).await {
        Ok(body) => body,
        Err(refused) => return respond(refused, true),
    };
    // Read in full: the connection is now busy, not to be closed for
    // another (`conns`).
    let _answering = parts.extensions.get::<Busy>().map(Busy::start);
    let method = parts.method.as_str().to_string();
    let path = parts.uri.path_and_query().map_or("/", |p| p.as_str());
    let path = path.to_string();
    let work = with_state(&shared, move |state| state.begin(&method, &path, &body)).await;
    let reply = match work {
        Ok(Work::Done(reply)) => reply,
        Ok(Work::Engine(job)) => search(&shared, *job).await,
        Err(reply) => reply,
    };
    respond(reply, false)
}

/// The body, at most `MAX_BODY` bytes, within `BODY_TIMEOUT`. A longer
/// `Content-Length` is refused before a byte of the body is read (nor is
/// `100 Continue` sent).
async fn read_body(parts: &Parts, body: Body) -> Result<Bytes, Reply> {
    let too_long = || Reply::error(413, format!("the request body is over {MAX_BODY} bytes"));
    let declared = parts
        .headers
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok());
    if declared
        .and_then(|v| v.parse::<u64>().ok())
        .is_some_and(|n| n > MAX_BODY as u64)
    {
        return Err(too_long());
    }
    let read = Limited::new(body, MAX_BODY).collect();
    match tokio::time::timeout(BODY_TIMEOUT, read).await {
        Err(_) => Err(Reply::error(
            408,
            format!(
                "the request body did not arrive within {} s",
                BODY_TIMEOUT.as_secs()
            ),
        )),
        Ok(Err(e)) if e.is::<LengthLimitError>() => Err(too_long()),
        Ok(Err(e)) => Err(Reply::error(
            400,
            format!("cannot read the request body: {e}"),
        )),
        Ok(Ok(collected)) => Ok(collected.to_bytes()),
    }
}

/// Runs `f` on the state, under its lock, on a blocking thread.
async fn with_state<T: Send + 'static>(
    shared: &Arc<Shared>,
    f: impl FnOnce(&mut State<'static>) -> T + Send + 'static,
) -> Result<T, Reply> {
    let shared = shared.clone();
    tokio::task::spawn_blocking(move || {
        // The core does not panic; if it ever did, the state it left is
        // still the sessions, worth more than a server that refuses all.
        let mut state = shared.state.lock().unwrap_or_else(PoisonError::into_inner);
        f(&mut state)
    })
    .await
    .map_err(|e| Reply::error(500, format!("the request failed: {e}")))
}

/// Runs `job` on an engine worker, then plays its move.
async fn search(shared: &Arc<Shared>, job: EngineJob<'static>) -> Reply {
    let Ok(ticket) = shared.queue.clone().try_acquire_owned() else {
        return Reply::error(
            503,
            format!(
                "the engine is busy ({ENGINE_QUEUE} searches running or waiting): ask again later"
            ),
        );
    };
    let worker = shared
        .workers
        .clone()
        .acquire_owned()
        .await
        .expect("the semaphore is never closed");
    // The permits go with the search: a client that leaves does not free
    // a worker whose search still runs.
    let searched = tokio::task::spawn_blocking(move || {
        let found = job.search();
        drop((worker, ticket));
        (job, found)
    })
    .await;
    match searched {
        Ok((job, found)) => with_state(shared, move |state| state.finish(job, found))
            .await
            .unwrap_or_else(|reply| reply),
        Err(e) => Reply::error(500, format!("the search failed: {e}")),
    }
}

/// The HTTP response of a reply; `close` when the connection is not to be
/// reused (its body was not read).
fn respond(reply: Reply, close: bool) -> Response {
    let status = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = (status, reply.body).into_response();
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(reply.content_type));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    // No other site may frame the board and have its clicks played.
    headers.insert("x-frame-options", HeaderValue::from_static("DENY"));
    if close {
        headers.insert(CONNECTION, HeaderValue::from_static("close"));
    }
    response
}
