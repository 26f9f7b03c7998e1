//! The open connections: at most `MAX_CONNECTIONS`. When they are all
//! taken, the oldest one that is not busy (idle, or still sending its
//! request: a client on this machine sends one in far less than a
//! millisecond) is closed to make room, so that clients that connect and
//! then dawdle cannot keep the others out; only when every connection has
//! a request being answered (waiting for the state or an engine) is a new
//! one refused.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::task::AbortHandle;

/// One connection's count of requests being answered: from the end of
/// their reading to the reply's handing to hyper (a reply still being
/// written may then be cut off, only when the connections run out).
#[derive(Clone, Default)]
pub struct Busy(Arc<AtomicUsize>);

impl Busy {
    /// Marks a request as being answered until the guard is dropped.
    pub fn start(&self) -> BusyGuard {
        self.0.fetch_add(1, Ordering::SeqCst);
        BusyGuard(self.0.clone())
    }

    fn idle(&self) -> bool {
        self.0.load(Ordering::SeqCst) == 0
    }
}

pub struct BusyGuard(Arc<AtomicUsize>);

impl Drop for BusyGuard {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The connections' slots and who holds them, oldest first.
pub struct Connections {
    slots: Arc<Semaphore>,
    open: Mutex<BTreeMap<u64, (Busy, AbortHandle)>>,
    next: AtomicUsize,
}

impl Connections {
    pub fn new(max: usize) -> Arc<Connections> {
        Arc::new(Connections {
            slots: Arc::new(Semaphore::new(max)),
            open: Mutex::new(BTreeMap::new()),
            next: AtomicUsize::new(0),
        })
    }

    /// A slot for a new connection: a free one, or the oldest idle
    /// connection's, closed for it; `None` when all are busy.
    pub async fn slot(&self) -> Option<OwnedSemaphorePermit> {
        if let Ok(permit) = self.slots.clone().try_acquire_owned() {
            return Some(permit);
        }
        let oldest_idle = {
            let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
            open.values()
                .find(|(busy, _)| busy.idle())
                .map(|(_, abort)| abort.clone())
        };
        oldest_idle?.abort();
        // The aborted task frees its slot when it is dropped, at once
        // unless the runtime is swamped.
        let wait = self.slots.clone().acquire_owned();
        tokio::time::timeout(Duration::from_secs(1), wait)
            .await
            .ok()?
            .ok()
    }

    /// Runs a connection's task, holding `slot` and registered (with
    /// `busy`) until it ends.
    pub fn spawn(
        self: &Arc<Connections>,
        slot: OwnedSemaphorePermit,
        busy: Busy,
        task: impl std::future::Future<Output = ()> + Send + 'static,
    ) {
        let id = self.next.fetch_add(1, Ordering::SeqCst) as u64;
        let this = self.clone();
        // Registered under the lock before the task can end and remove
        // itself, so that no entry outlives its task.
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let handle = tokio::spawn(async move {
            let _slot = slot;
            let _registered = Registered(this, id);
            task.await;
        });
        open.insert(id, (busy, handle.abort_handle()));
    }
}

/// Removes a connection from the register when its task ends, or is
/// aborted.
struct Registered(Arc<Connections>, u64);

impl Drop for Registered {
    fn drop(&mut self) {
        let mut open = self.0.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.remove(&self.1);
    }
}
