//! How many runs go at once and for how long: at most `--jobs` at once (a busy server says so,
//! it does not queue without limit), each for at most `--job-seconds`, and a run whose client
//! went away is cancelled, so that a page left open or a script that loops cannot take the
//! machine's cores.

use super::reply::{Refusal, bug, message, refusal_of};
use super::server::App;
use crate::engine::progress::Watch;
use crate::error::Error;
use axum::http::StatusCode;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::sync::OwnedSemaphorePermit;

/// Cancels its job when dropped: a request whose client went away (the handler's future or
/// the event stream is dropped) stops its run at the next chunk.
pub struct CancelOnDrop(Option<Arc<Watch>>);

impl CancelOnDrop {
    pub fn new(w: &Arc<Watch>) -> CancelOnDrop {
        CancelOnDrop(Some(w.clone()))
    }

    /// The job ended: nothing to cancel.
    fn disarm(mut self) {
        self.0 = None;
    }
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(w) = &self.0 {
            w.cancel.store(true, Ordering::Relaxed);
        }
    }
}

/// How long a request waits for a job slot before it is told the server is busy: long enough
/// for a run whose client just went away to notice and free its slot (its stream notices at
/// the next progress tick, a quarter of a second), short enough not to queue without limit.
const SLOT_WAIT: Duration = Duration::from_secs(2);

/// A job slot, or the answer that all are taken.
pub async fn slot(app: &App) -> Result<OwnedSemaphorePermit, Refusal> {
    let free = tokio::time::timeout(SLOT_WAIT, app.jobs.clone().acquire_owned()).await;
    free.ok().and_then(Result::ok).ok_or_else(|| {
        Refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            message(&format!("busy: {} run(s) already going; stop one or try again when it ends", app.opts.jobs)),
        )
    })
}

/// Run `work` on a blocking thread as a job holding `permit`, within the server's time limit:
/// a job past the limit, or whose request is dropped (its client went away), is told to stop
/// (`Watch::cancel`, which `work` hands to the run). Without a result, the answer that says why.
pub async fn job<T: Send + 'static>(
    app: &App,
    permit: OwnedSemaphorePermit,
    work: impl FnOnce(Arc<Watch>) -> Result<T, Error> + Send + 'static,
) -> Result<T, Refusal> {
    let watch = Arc::new(Watch::default());
    let guard = CancelOnDrop::new(&watch);
    let handle = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work(watch)
    });
    let limit = app.opts.job_seconds;
    let Ok(joined) = tokio::time::timeout(Duration::from_secs(limit), handle).await else {
        drop(guard);
        return Err(Refusal(
            StatusCode::GATEWAY_TIMEOUT,
            message(&format!(
                "the run took longer than the server's limit of {limit} s (serve --job-seconds); ask for fewer trials or a looser precision"
            )),
        ));
    };
    guard.disarm();
    match joined {
        Ok(Ok(x)) => Ok(x),
        Ok(Err(e)) => Err(refusal_of(&e)),
        Err(e) => Err(Refusal(StatusCode::INTERNAL_SERVER_ERROR, bug(&e))),
    }
}
