//! `POST /api/run?stream=1`: a run as server-sent events, so the page shows progress and a
//! partial answer while a sampled run goes on and can stop it: `progress` a few times a second,
//! a `partial` result after each batch, then the final `result` (or an `error`). The events'
//! contract: `docs/serve.md`.
//!
//! The run is on a blocking thread; a driver task watches it and sends the events. The client
//! is never waited on while the run goes (an event it has no room for is skipped: the next says
//! more), the time limit is the driver's, and dropping the stream (the client went away or
//! pressed Stop) cancels the run.

use super::jobs::{self, Rendered};
use super::reply::{bug, error_value, message, with_result};
use super::server::App;
use super::slots::CancelOnDrop;
use crate::analysis::scenario::Scenario;
use crate::engine::progress::Watch;
use crate::error::Error;
use crate::rerun::Provenance;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use tokio::sync::OwnedSemaphorePermit;
use tokio::sync::mpsc::{Sender, error::TrySendError};
use tokio::task::{JoinError, JoinHandle};

/// One server-sent event with a JSON payload.
fn event(name: &str, data: &serde_json::Value) -> Event {
    event_text(name, data.to_string())
}

/// The payload on one `data:` line: pretty JSON has line breaks only between tokens (a
/// string's own are escaped), so dropping them leaves the same JSON.
fn event_text(name: &str, data: String) -> Event {
    Event::default().event(name).data(data.replace('\n', ""))
}

/// The run `sc` (read, its slot `permit` taken) as an event stream: the run on a blocking
/// thread, its driver ([`drive`]) on a task of its own, and the stream reading what the driver
/// sends until the last event.
pub fn stream(
    app: Arc<App>,
    sc: Scenario,
    prov: Provenance,
    permit: OwnedSemaphorePermit,
    started: Instant,
) -> Response {
    let watch = Arc::new(Watch::default());
    let (tx, rx) = tokio::sync::mpsc::channel::<Event>(8);
    let systems = app.opts.systems;
    let run = Streamed {
        systems,
        base: sc.clone(),
        prov: prov.clone(),
        watch: watch.clone(),
        started,
        limit: Duration::from_secs(app.opts.job_seconds),
    };
    let w = watch.clone();
    let job = tokio::task::spawn_blocking(move || {
        let result = jobs::run(sc, w)?;
        jobs::render(systems, &result, &prov, true)
    });
    tokio::spawn(drive(run, job, permit, tx));
    let guard = CancelOnDrop::new(&watch);
    let events = futures_util::stream::unfold((rx, guard), |(mut rx, guard)| async move {
        rx.recv().await.map(|e| (Ok::<Event, std::convert::Infallible>(e), (rx, guard)))
    });
    Sse::new(events).keep_alive(KeepAlive::default()).into_response()
}

/// What the driver of one streamed run knows of it.
struct Streamed {
    systems: jobs::Systems,
    /// The scenario as read: a partial result is this scenario run to fewer trials.
    base: Scenario,
    prov: Provenance,
    watch: Arc<Watch>,
    /// When the request came in: `server_ms` and the time limit count from there.
    started: Instant,
    /// `--job-seconds`.
    limit: Duration,
}

impl Streamed {
    /// Stop the run at its next chunk.
    fn cancel(&self) {
        self.watch.cancel.store(true, Ordering::Relaxed);
    }

    /// Send `e` if the client has room for it; a client gone (the channel closed) stops the
    /// run.
    fn offer(&self, tx: &Sender<Event>, e: Event) {
        if let Err(TrySendError::Closed(_)) = tx.try_send(e) {
            self.cancel();
        }
    }
}

/// The driver: every quarter second a progress event and, when a batch has finished since,
/// a partial result, until the run ends; then the last event. Past the time limit it stops the
/// run and answers with the last batch. The slot (`permit`) is given back before the last event
/// waits for a slow reader.
async fn drive(
    run: Streamed,
    mut job: JoinHandle<Result<Rendered, Error>>,
    permit: OwnedSemaphorePermit,
    tx: Sender<Event>,
) {
    let mut shown = 0u64;
    // The first tick a quarter second in: no empty progress before the run has begun (an
    // exact scenario's stream is then its one result).
    let quarter = Duration::from_millis(250);
    let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + quarter, quarter);
    let mut timed_out = false;
    let mut last_partial: Option<Rendered> = None;
    let finished = loop {
        tokio::select! {
            done = &mut job => break done,
            _ = tick.tick() => {
                if !timed_out && run.started.elapsed() > run.limit {
                    timed_out = true;
                    run.cancel();
                }
                progress(&run, &tx);
                if let Some(x) = partial(&run, &tx, &mut shown).await {
                    last_partial = Some(x);
                }
            }
        }
    };
    let last = last_event(&run, finished, timed_out, last_partial);
    // The run is over: its slot is free before the last event waits for a slow reader.
    drop(permit);
    let _ = tx.send(last).await;
}

/// A `progress` event: trials done and expected so far. Never waits on a client that does not
/// read: a progress it has no room for is skipped (the next says more), and the time limit
/// stays enforced.
fn progress(run: &Streamed, tx: &Sender<Event>) {
    let w = &run.watch;
    let p = serde_json::json!({
        "trials_done": w.done.load(Ordering::Relaxed),
        "trials_total": w.total.load(Ordering::Relaxed),
        "elapsed_ms": run.started.elapsed().as_millis() as u64,
    });
    run.offer(tx, event("progress", &p));
}

/// A `partial` event when a batch has finished since the last one sent (`shown` trials): its
/// result rendered on a blocking thread, sent if the client has room (the next batch's
/// supersedes it). Returns it, the answer the time limit falls back on.
async fn partial(run: &Streamed, tx: &Sender<Event>, shown: &mut u64) -> Option<Rendered> {
    let latest = run.watch.latest.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
    let (tallies, trials) = latest.filter(|(_, t)| *t > *shown)?;
    *shown = trials;
    let (base, prov, systems) = (run.base.clone(), run.prov.clone(), run.systems);
    let rendered = tokio::task::spawn_blocking(move || {
        let r = jobs::partial(&base, tallies, trials);
        jobs::render(systems, &r, &prov, true).map(|x| (x, r.output.stopping.worst_half_width))
    })
    .await;
    let Ok(Ok((x, worst))) = rendered else { return None };
    let data = with_result(&x.json, serde_json::json!({ "trials": trials, "html": x.html, "worst_half_width": worst }));
    run.offer(tx, event_text("partial", data));
    Some(x)
}

/// The last event of a run that `finished`: its `result`; past the time limit the last
/// partial result, saying so (or an `error` when no batch had finished); else the `error`.
fn last_event(
    run: &Streamed,
    finished: Result<Result<Rendered, Error>, JoinError>,
    timed_out: bool,
    last_partial: Option<Rendered>,
) -> Event {
    let ms = run.started.elapsed().as_secs_f64() * 1e3;
    let result = |x: Rendered, stopped: Option<&str>| {
        event_text(
            "result",
            with_result(&x.json, serde_json::json!({ "html": x.html, "server_ms": ms, "stopped": stopped })),
        )
    };
    match finished {
        Ok(Ok(x)) => result(x, None),
        Ok(Err(Error::Interrupted { .. })) if timed_out => match last_partial {
            // The time limit: the last complete batch is the answer, and says so.
            Some(x) => result(x, Some("time limit")),
            None => event(
                "error",
                &message(&format!(
                    "the run took longer than the server's limit of {} s before its first batch",
                    run.limit.as_secs()
                )),
            ),
        },
        Ok(Err(e)) => event("error", &error_value(&e)),
        Err(e) => event("error", &bug(&e)),
    }
}
