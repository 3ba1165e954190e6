//! `skirmish-odds serve`: the interactive local page.
//!
//! A small HTTP server on 127.0.0.1 only, with the page (`page/`) inside the binary, answering
//! the same JSON as `run --json` and the same document as `index.html`, so the page is one more
//! view of the one document model. The contract (endpoints, events, the ids the browser test
//! relies on) is written out in `docs/serve.md`.
//!
//! Built on axum + tokio (hyper underneath): the well-kept, widely used pair (mdBook moved its
//! `serve` to it), with server-sent events and graceful shutdown built in; no TLS, no other
//! feature. The computing runs on tokio's blocking threads (each job on its own rayon pool), so
//! the async threads only move bytes.
//!
//! Safe by default: it binds the loopback address only; every request whose `Host` is not this
//! server's own (`127.0.0.1:PORT` / `localhost:PORT`), or that carries an `Origin` that is not,
//! is refused (a page elsewhere cannot reach it by DNS rebinding or cross-site posts); request
//! bodies are bounded; at most `--jobs` runs at once (a busy server says so, it does not queue
//! without limit) and each for at most `--job-seconds`; a run whose client went away is
//! cancelled. Nothing is written to disk: a report is downloaded through the browser.

pub mod fields;
pub mod files;
pub mod jobs;
pub mod share;

use crate::engine::progress::Watch;
use crate::error::{Error, InputError};
use axum::body::Bytes;
use axum::extract::{RawQuery, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use files::Files;
use jobs::Query;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Options of `serve`.
#[derive(Clone)]
pub struct Options {
    pub port: u16,
    pub open: bool,
    pub library: Option<std::path::PathBuf>,
    pub jobs: usize,
    pub job_seconds: u64,
    /// The rule systems to offer (the command line's registry).
    pub systems: jobs::Systems,
}

/// Largest request body: a scenario and its sets (the loader bounds files at 4 MiB; a page
/// posts one scenario, a few kilobytes).
pub const MAX_BODY: usize = 1 << 20;

/// The page's files.
const INDEX: &str = include_str!("page/index.html");
const APP_JS: &str = include_str!("page/app.js");
const APP_CSS: &str = include_str!("page/app.css");

/// The page's content security policy: its own script and styles only (no inline script),
/// inline styles for the charts' SVG, images from data: URLs; no framing.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/// Shared state of the server.
struct App {
    files: Files,
    /// `127.0.0.1:PORT` and `localhost:PORT`: the only hosts requests may name.
    hosts: [String; 2],
    jobs: Arc<Semaphore>,
    opts: Options,
    /// `/api/meta`'s answer, made once: the systems and the listed files do not change.
    meta: String,
}

/// Start the server and serve until SIGINT/SIGTERM/SIGHUP. The first line printed on stdout is
/// the page's URL.
pub fn serve(opts: Options) -> Result<(), Error> {
    let files = Files::load(opts.library.as_deref())?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(opts.jobs.max(1) * 2 + 4)
        .enable_all()
        .build()
        .map_err(|e| Error::Output { path: "the server's runtime".into(), source: e })?;
    rt.block_on(async move {
        let listener =
            tokio::net::TcpListener::bind((std::net::Ipv4Addr::LOCALHOST, opts.port)).await.map_err(|e| {
                let mut err = InputError::msg(format!("cannot listen on 127.0.0.1:{}: {e}", opts.port));
                err.field = Some("--port".into());
                err.allowed = Some("a free port, or 0 for any free one".into());
                Error::from(err)
            })?;
        let port = listener.local_addr().map(|a| a.port()).unwrap_or(opts.port);
        let url = format!("http://127.0.0.1:{port}/");
        {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{url}");
            let _ = writeln!(
                out,
                "skirmish-odds {}: the page is at {url} (this machine only); Ctrl-C stops it",
                env!("CARGO_PKG_VERSION")
            );
            let _ = out.flush();
        }
        if opts.open {
            open_browser(&url);
        }
        let mut meta = fields::meta(opts.systems, &files);
        meta["limits"] =
            serde_json::json!({ "body_bytes": MAX_BODY, "jobs": opts.jobs, "job_seconds": opts.job_seconds });
        let app = Arc::new(App {
            meta: meta.to_string(),
            files,
            hosts: [format!("127.0.0.1:{port}"), format!("localhost:{port}")],
            jobs: Arc::new(Semaphore::new(opts.jobs.max(1))),
            opts,
        });
        accept(listener, router(app)).await;
        Ok(())
    })
}

/// Most connections open at once: a further one waits to be accepted (each holds a file
/// descriptor; a desktop's limit is often 1,024).
const MAX_CONNECTIONS: usize = 256;

/// How long a connection may take to send a request's headers: a client that sends part of
/// them and stops (slowloris) is closed, not kept forever.
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// Until a signal arrives.
async fn signalled() {
    while crate::interrupt::received().is_none() {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Serve `app` on `listener` until a signal, each connection with hyper's HTTP/1.1 and a
/// header timeout, at most [`MAX_CONNECTIONS`] at once; on a signal every connection finishes
/// its request in flight (runs stop at their next chunk) and the server ends. (`axum::serve`
/// offers neither a header timeout nor a connection bound, hence this loop.)
async fn accept(listener: tokio::net::TcpListener, app: axum::Router) {
    let open = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    loop {
        let Ok(permit) = open.clone().acquire_owned().await else { return };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of file descriptors, or a connection reset before it was accepted: a
                // moment's pause, then on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = signalled() => break,
        };
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let _permit = permit;
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .serve_connection(hyper_util::rt::TokioIo::new(stream), service);
            let mut conn = std::pin::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = signalled() => {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.await;
                }
            }
        });
    }
    // Let the connections finish what they were answering.
    let _ = tokio::time::timeout(Duration::from_secs(5), open.acquire_many(MAX_CONNECTIONS as u32)).await;
}

/// Ask the desktop to open `url` (best effort: the URL is printed anyway).
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") { "open" } else { "xdg-open" };
    let _ = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
}

fn router(app: Arc<App>) -> axum::Router {
    axum::Router::new()
        .route("/", get(|| async { asset("text/html; charset=utf-8", INDEX) }))
        .route("/app.js", get(|| async { asset("text/javascript; charset=utf-8", APP_JS) }))
        .route("/app.css", get(|| async { asset("text/css; charset=utf-8", APP_CSS) }))
        .route("/report.css", get(|| async { asset("text/css; charset=utf-8", crate::report::html::STYLE) }))
        .route("/api/meta", get(meta))
        .route("/api/file", get(file))
        .route("/api/starter", get(starter))
        .route("/api/fields", post(fields_api))
        .route("/api/edit", post(edit))
        .route("/api/run", post(run))
        .route("/api/report", post(report_page))
        .route("/api/share", post(share_make).get(share_open))
        .fallback(|| async { json_status(StatusCode::NOT_FOUND, &message("no such page or endpoint")) })
        // Every error is JSON, a method the endpoint does not take too (axum's own 405 is empty).
        .method_not_allowed_fallback(|method: axum::http::Method| async move {
            json_status(
                StatusCode::METHOD_NOT_ALLOWED,
                &message(&format!("this endpoint does not take {method} (see its `Allow` header)")),
            )
        })
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(app.clone(), guard))
        .with_state(app)
}

/// Refuse requests that name another host (DNS rebinding) or come from another origin, and
/// set the headers every answer carries.
async fn guard(State(app): State<Arc<App>>, req: Request, next: Next) -> Response {
    let mut res = match refusal(&app, &req) {
        Some(refused) => refused.into_response(),
        None => next.run(req).await,
    };
    // Every answer, a refusal too.
    let h = res.headers_mut();
    h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

/// Why `req` is refused before it is read, if it is.
fn refusal(app: &App, req: &Request) -> Option<Refusal> {
    let host = req.headers().get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default();
    // Two Host (or Origin) headers: no browser sends them, and believing the first would let a
    // crafted request past (RFC 9112 §3.2: such a request is refused).
    let twice = [header::HOST, header::ORIGIN].iter().any(|n| req.headers().get_all(n).iter().nth(1).is_some());
    if twice {
        return Some(Refusal(
            StatusCode::BAD_REQUEST,
            message("refused: the request names more than one Host or Origin"),
        ));
    }
    // An absolute request target (`GET http://HOST/…`) names the host in place of the header
    // (RFC 9112 §3.2.2): it must be ours too.
    let authority_ok = req.uri().authority().is_none_or(|a| app.hosts.iter().any(|h| h == a.as_str()));
    if !authority_ok || !app.hosts.iter().any(|h| h == host) {
        return Some(Refusal(
            StatusCode::FORBIDDEN,
            message("refused: the Host header is not this server's (127.0.0.1:PORT or localhost:PORT)"),
        ));
    }
    if let Some(origin) = req.headers().get(header::ORIGIN) {
        let ok = origin.to_str().ok().is_some_and(|o| app.hosts.iter().any(|h| o == format!("http://{h}")));
        if !ok {
            return Some(Refusal(
                StatusCode::FORBIDDEN,
                message("refused: the request comes from another site's page"),
            ));
        }
    }
    None
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

/// `{"error": {"message": m, …}}` with every other field null.
fn message(m: &str) -> serde_json::Value {
    jobs::error_json(&InputError::msg(m))
}

/// An answer that ends a request early (kept small: a `Response` is too large to pass around
/// in every `Err`).
struct Refusal(StatusCode, serde_json::Value);

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        json_status(self.0, &self.1)
    }
}

fn json_status(status: StatusCode, v: &serde_json::Value) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], v.to_string()).into_response()
}

fn json_ok(v: &serde_json::Value) -> Response {
    json_status(StatusCode::OK, v)
}

/// An error as the page shows it: input errors 400 with their fields, a run stopped 503, any
/// other failure 500.
fn refusal_of(e: &Error) -> Refusal {
    match e {
        Error::Input(i) => Refusal(StatusCode::BAD_REQUEST, jobs::error_json(i)),
        Error::Interrupted { .. } => Refusal(StatusCode::SERVICE_UNAVAILABLE, message("the run was stopped")),
        other => Refusal(StatusCode::INTERNAL_SERVER_ERROR, message(&other.to_string())),
    }
}

/// A body as text, or the answer that says why not (too large: 413; not UTF-8: 400).
fn body_text(body: Body) -> Result<String, Refusal> {
    let bytes = body.map_err(|r| {
        let status = r.status();
        let m = if status == StatusCode::PAYLOAD_TOO_LARGE {
            format!("the request body is larger than {} bytes", MAX_BODY)
        } else {
            r.body_text()
        };
        Refusal(status, message(&m))
    })?;
    String::from_utf8(bytes.to_vec()).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let src = crate::config::source::Source {
            path: "request".into(),
            text: String::from_utf8_lossy(&e.as_bytes()[..at]).into_owned(),
        };
        let (line, column) = src.line_col(at);
        let mut err = InputError::msg("the scenario is not UTF-8 text");
        err.line = Some(line);
        err.column = Some(column);
        err.allowed = Some("UTF-8 text".into());
        Refusal(StatusCode::BAD_REQUEST, jobs::error_json(&err))
    })
}

fn query(raw: Option<String>) -> Result<Query, Refusal> {
    Query::parse(raw.as_deref()).map_err(|e| Refusal(StatusCode::BAD_REQUEST, jobs::error_json(&e)))
}

/// Run `f` on a blocking thread; a panic in it is a 500 (the server stays up).
async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T, Refusal> {
    tokio::task::spawn_blocking(f).await.map_err(|e| {
        Refusal(StatusCode::INTERNAL_SERVER_ERROR, message(&format!("internal error (a bug; please report it): {e}")))
    })
}

async fn meta(State(app): State<Arc<App>>) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], app.meta.clone()).into_response()
}

async fn file(State(app): State<Arc<App>>, RawQuery(raw): RawQuery) -> Response {
    let q = match query(raw) {
        Ok(q) => q,
        Err(r) => return r.into_response(),
    };
    match q.path.as_deref().and_then(|p| app.files.text(p)) {
        Some(t) => ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], t).into_response(),
        None => json_status(
            StatusCode::NOT_FOUND,
            &jobs::error_json(&InputError::msg("no such file").field("path", "a path /api/meta lists")),
        ),
    }
}

async fn starter(State(app): State<Arc<App>>, RawQuery(raw): RawQuery) -> Response {
    let q = match query(raw) {
        Ok(q) => q,
        Err(r) => return r.into_response(),
    };
    let found = crate::discover::find(app.opts.systems, q.get("system").unwrap_or_default(), "system")
        .and_then(|s| crate::discover::starter(s, q.get("kind").unwrap_or_default()))
        // The query's word for it, not the command line's argument name.
        .map_err(|mut e| {
            if e.field.as_deref() == Some("KIND") {
                e.field = Some("kind".into());
            }
            e
        });
    match found {
        Ok(t) => ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], t).into_response(),
        Err(e) => json_status(StatusCode::BAD_REQUEST, &jobs::error_json(&e)),
    }
}

type Body = Result<Bytes, axum::extract::rejection::BytesRejection>;

/// The answer of an endpoint that reads a posted scenario and answers JSON: the query and body
/// read (or refused), `work` done on a blocking thread, an input error a 400 with its fields.
async fn posted(
    raw: Option<String>,
    body: Body,
    work: impl FnOnce(Query, String) -> Result<serde_json::Value, InputError> + Send + 'static,
) -> Response {
    let (q, body) = match (query(raw), body_text(body)) {
        (Ok(q), Ok(b)) => (q, b),
        (Err(r), _) | (_, Err(r)) => return r.into_response(),
    };
    answered(blocking(move || work(q, body)).await)
}

/// A blocking piece of work's JSON answer.
fn answered(res: Result<Result<serde_json::Value, InputError>, Refusal>) -> Response {
    match res {
        Ok(Ok(v)) => json_ok(&v),
        Ok(Err(e)) => json_status(StatusCode::BAD_REQUEST, &jobs::error_json(&e)),
        Err(r) => r.into_response(),
    }
}

async fn fields_api(State(app): State<Arc<App>>, RawQuery(raw): RawQuery, body: Body) -> Response {
    posted(raw, body, move |q, body| {
        let path = jobs::scenario_path(&q, &body)?;
        fields::fields(app.opts.systems, &app.files, &path, &body).map_err(|e| jobs::unfile(e, &path))
    })
    .await
}

async fn edit(State(app): State<Arc<App>>, RawQuery(raw): RawQuery, body: Body) -> Response {
    posted(raw, body, move |q, body| {
        let path = jobs::scenario_path(&q, &body)?;
        let Some(set) = q.overrides.sets.last() else {
            return Err(InputError::msg("no change given").field("set", crate::config::set::SET_ALLOWED));
        };
        jobs::edit(app.opts.systems, &app.files, &path, &body, set)
    })
    .await
}

/// Cancels its job when dropped: a request whose client went away (the handler's future or
/// the event stream is dropped) stops its run at the next chunk.
struct CancelOnDrop(Option<Arc<Watch>>);

impl CancelOnDrop {
    fn new(w: &Arc<Watch>) -> CancelOnDrop {
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
async fn slot(app: &App) -> Result<OwnedSemaphorePermit, Refusal> {
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
async fn job<T: Send + 'static>(
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
        Err(e) => Err(Refusal(
            StatusCode::INTERNAL_SERVER_ERROR,
            message(&format!("internal error (a bug; please report it): {e}")),
        )),
    }
}

async fn run(State(app): State<Arc<App>>, RawQuery(raw): RawQuery, body: Body) -> Response {
    // `server_ms` counts from here: reading the scenario is part of the answer's time.
    let started = Instant::now();
    let (q, body) = match (query(raw), body_text(body)) {
        (Ok(q), Ok(b)) => (q, b),
        (Err(r), _) | (_, Err(r)) => return r.into_response(),
    };
    let permit = match slot(&app).await {
        Ok(p) => p,
        Err(r) => return r.into_response(),
    };
    let app2 = app.clone();
    let q2 = q.clone();
    let loaded = blocking(move || -> Result<_, InputError> {
        let path = jobs::scenario_path(&q2, &body)?;
        jobs::load(app2.opts.systems, &app2.files, &path, &body, &q2.overrides)
    })
    .await;
    let (sc, prov) = match loaded {
        Ok(Ok(x)) => x,
        Ok(Err(e)) => return json_status(StatusCode::BAD_REQUEST, &jobs::error_json(&e)),
        Err(r) => return r.into_response(),
    };
    if q.stream {
        return stream(app, sc, prov, permit, started);
    }
    let page = q.page;
    let systems = app.opts.systems;
    let out = match job(&app, permit, move |watch| {
        let result = jobs::run(sc, watch)?;
        jobs::render(systems, &result, &prov, page)
    })
    .await
    {
        Ok(out) => out,
        Err(r) => return r.into_response(),
    };
    if page {
        let body = with_result(
            &out.json,
            serde_json::json!({ "html": out.html, "server_ms": started.elapsed().as_secs_f64() * 1e3 }),
        );
        ([(header::CONTENT_TYPE, "application/json")], body).into_response()
    } else {
        ([(header::CONTENT_TYPE, "application/json")], out.json).into_response()
    }
}

/// One server-sent event with a JSON payload.
fn event(name: &str, data: &serde_json::Value) -> Event {
    event_text(name, data.to_string())
}

/// The payload on one `data:` line: pretty JSON has line breaks only between tokens (a
/// string's own are escaped), so dropping them leaves the same JSON.
fn event_text(name: &str, data: String) -> Event {
    Event::default().event(name).data(data.replace('\n', ""))
}

/// `{"result": JSON, …rest}` with the report's JSON text as it is: parsed and written again,
/// its floats could come back a digit apart (serde_json's fast float parsing), and the result
/// must be exactly what `run --json` prints.
fn with_result(json: &str, rest: serde_json::Value) -> String {
    let rest = rest.to_string();
    let fields = rest.strip_prefix('{').and_then(|r| r.strip_suffix('}')).unwrap_or_default();
    let sep = if fields.is_empty() { "" } else { "," };
    format!("{{\"result\":{}{sep}{fields}}}", json.trim_end())
}

/// `?stream=1`: the run on a blocking thread; a driver task sends progress a few times a
/// second, a partial result after each batch, then the final result. Dropping the stream (the
/// client went away or pressed Stop) cancels the run.
fn stream(
    app: Arc<App>,
    sc: crate::analysis::scenario::Scenario,
    prov: crate::rerun::Provenance,
    permit: OwnedSemaphorePermit,
    started: Instant,
) -> Response {
    let watch = Arc::new(Watch::default());
    let (tx, rx) = tokio::sync::mpsc::channel::<Event>(8);
    let limit = Duration::from_secs(app.opts.job_seconds);
    let base = sc.clone();
    let prov2 = prov.clone();
    let w = watch.clone();
    let systems = app.opts.systems;
    let mut job = tokio::task::spawn_blocking(move || {
        let result = jobs::run(sc, w)?;
        jobs::render(systems, &result, &prov2, true)
    });
    let w = watch.clone();
    tokio::spawn(async move {
        let permit = permit;
        let mut shown = 0u64;
        // The first tick a quarter second in: no empty progress before the run has begun (an
        // exact scenario's stream is then its one result).
        let quarter = Duration::from_millis(250);
        let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + quarter, quarter);
        let mut timed_out = false;
        let mut last_partial: Option<jobs::Rendered> = None;
        let finished = loop {
            tokio::select! {
                done = &mut job => break done,
                _ = tick.tick() => {
                    if !timed_out && started.elapsed() > limit {
                        timed_out = true;
                        w.cancel.store(true, Ordering::Relaxed);
                    }
                    let p = serde_json::json!({
                        "trials_done": w.done.load(Ordering::Relaxed),
                        "trials_total": w.total.load(Ordering::Relaxed),
                        "elapsed_ms": started.elapsed().as_millis() as u64,
                    });
                    // Never wait on a client that does not read: a progress it has no room for
                    // is skipped (the next says more), and the time limit stays enforced.
                    if let Err(tokio::sync::mpsc::error::TrySendError::Closed(_)) = tx.try_send(event("progress", &p)) {
                        w.cancel.store(true, Ordering::Relaxed);
                    }
                    let latest = w.latest.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
                    if let Some((tallies, trials)) = latest.filter(|(_, t)| *t > shown) {
                        shown = trials;
                        let (base, prov) = (base.clone(), prov.clone());
                        let rendered = tokio::task::spawn_blocking(move || {
                            let r = jobs::partial(&base, tallies, trials);
                            jobs::render(systems, &r, &prov, true).map(|x| (x, r.output.stopping.worst_half_width))
                        }).await;
                        if let Ok(Ok((x, worst))) = rendered {
                            let data = with_result(&x.json, serde_json::json!({ "trials": trials, "html": x.html, "worst_half_width": worst }));
                            // As for progress: a partial the client has no room for is skipped
                            // (the next batch's supersedes it).
                            if let Err(tokio::sync::mpsc::error::TrySendError::Closed(_)) =
                                tx.try_send(event_text("partial", data))
                            {
                                w.cancel.store(true, Ordering::Relaxed);
                            }
                            last_partial = Some(x);
                        }
                    }
                }
            }
        };
        let ms = started.elapsed().as_secs_f64() * 1e3;
        let last = match finished {
            Ok(Ok(x)) => event_text(
                "result",
                with_result(&x.json, serde_json::json!({ "html": x.html, "server_ms": ms, "stopped": null })),
            ),
            Ok(Err(Error::Interrupted { .. })) if timed_out => match last_partial {
                // The time limit: the last complete batch is the answer, and says so.
                Some(x) => event_text(
                    "result",
                    with_result(
                        &x.json,
                        serde_json::json!({ "html": x.html, "server_ms": ms, "stopped": "time limit" }),
                    ),
                ),
                None => event(
                    "error",
                    &message(&format!(
                        "the run took longer than the server's limit of {} s before its first batch",
                        limit.as_secs()
                    )),
                ),
            },
            Ok(Err(e @ Error::Input(_))) => event("error", &error_value(&e)),
            Ok(Err(e)) => event("error", &error_value(&e)),
            Err(e) => event("error", &message(&format!("internal error (a bug; please report it): {e}"))),
        };
        // The run is over: its slot is free before the last event waits for a slow reader.
        drop(permit);
        let _ = tx.send(last).await;
    });
    let guard = CancelOnDrop::new(&watch);
    let events = futures_util::stream::unfold((rx, guard), |(mut rx, guard)| async move {
        rx.recv().await.map(|e| (Ok::<Event, std::convert::Infallible>(e), (rx, guard)))
    });
    Sse::new(events).keep_alive(KeepAlive::default()).into_response()
}

fn error_value(e: &Error) -> serde_json::Value {
    match e {
        Error::Input(i) => jobs::error_json(i),
        other => message(&other.to_string()),
    }
}

async fn report_page(State(app): State<Arc<App>>, RawQuery(raw): RawQuery, body: Body) -> Response {
    let (q, body) = match (query(raw), body_text(body)) {
        (Ok(q), Ok(b)) => (q, b),
        (Err(r), _) | (_, Err(r)) => return r.into_response(),
    };
    let permit = match slot(&app).await {
        Ok(p) => p,
        Err(r) => return r.into_response(),
    };
    let systems = app.opts.systems;
    let app2 = app.clone();
    let out = job(&app, permit, move |watch| -> Result<(String, String), Error> {
        let path = jobs::scenario_path(&q, &body)?;
        let (sc, prov) = jobs::load(systems, &app2.files, &path, &body, &q.overrides)?;
        let name = sc.name.clone();
        let result = jobs::run(sc, watch)?;
        Ok((name, jobs::report_page(systems, &result, &prov)?))
    })
    .await;
    match out {
        Ok((name, html)) => {
            let safe: String =
                name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect();
            let disposition = format!("attachment; filename=\"{safe}.html\"");
            let mut h = HeaderMap::new();
            h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
            if let Ok(v) = HeaderValue::from_str(&disposition) {
                h.insert(header::CONTENT_DISPOSITION, v);
            }
            (h, html).into_response()
        }
        Err(r) => r.into_response(),
    }
}

async fn share_make(State(app): State<Arc<App>>, RawQuery(raw): RawQuery, body: Body) -> Response {
    posted(raw, body, move |q, body| {
        let path = jobs::scenario_path(&q, &body)?;
        let (sc, prov) = jobs::load(app.opts.systems, &app.files, &path, &body, &q.overrides)?;
        // The seed written out: the link reproduces the numbers whatever a default becomes.
        let overrides = crate::config::Overrides { seed: Some(sc.seed), ..q.overrides.clone() };
        let link = share::link(&files::share_of(&prov.embedded(), overrides))?;
        Ok(serde_json::json!({ "link": link }))
    })
    .await
}

async fn share_open(State(app): State<Arc<App>>, RawQuery(raw): RawQuery) -> Response {
    let q = match query(raw) {
        Ok(q) => q,
        Err(r) => return r.into_response(),
    };
    let token = q.get("s").unwrap_or_default().to_string();
    answered(
        blocking(move || -> Result<serde_json::Value, InputError> {
            let shared = share::decode(&token)?;
            let (path, toml) = app.files.open_shared(&shared)?;
            let o = &shared.overrides;
            Ok(serde_json::json!({
                "toml": toml, "path": path, "sets": o.sets, "seed": o.seed, "trials": o.trials,
                "precision": o.precision, "max_trials": o.max_trials, "exact": o.exact,
                "version": shared.version, "note": share::version_note(&shared),
            }))
        })
        .await,
    )
}
