//! The server itself: its options, the state every request shares, listening on the loopback
//! address only, and the accept loop that serves each connection within the guards' bounds
//! (`guards.rs`) until a signal ends it.
//!
//! Built on axum + tokio (hyper underneath): the well-kept, widely used pair (mdBook moved its
//! `serve` to it), with server-sent events and graceful shutdown built in; no TLS, no other
//! feature. The computing runs on tokio's blocking threads (each job on its own rayon pool), so
//! the async threads only move bytes.

use super::files::Files;
use super::guards::{HEADER_TIMEOUT, Hosts, MAX_BODY, MAX_CONNECTIONS};
use super::{fields, jobs};
use crate::error::{Error, InputError};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

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

/// Shared state of the server.
pub struct App {
    pub files: Files,
    /// The only hosts requests may name.
    pub hosts: Hosts,
    /// One permit per run that may go at once (`--jobs`, `slots.rs`).
    pub jobs: Arc<Semaphore>,
    pub opts: Options,
    /// `/api/meta`'s answer, made once: the systems and the listed files do not change.
    pub meta: String,
}

/// Start the server and serve until SIGINT/SIGTERM/SIGHUP, answering with the routes `router`
/// makes of the shared state (handed in: the routes name every part of the server, and this
/// file is below them). The first line printed on stdout is the page's URL.
pub fn serve(opts: Options, router: fn(Arc<App>) -> axum::Router) -> Result<(), Error> {
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
            hosts: Hosts::of_port(port),
            jobs: Arc::new(Semaphore::new(opts.jobs.max(1))),
            opts,
        });
        accept(listener, router(app)).await;
        Ok(())
    })
}

/// Until a signal arrives.
async fn signalled() {
    while crate::interrupt::received().is_none() {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Serve `app` on `listener` until a signal, each connection with hyper's HTTP/1.1 and a
/// header timeout ([`HEADER_TIMEOUT`]), at most [`MAX_CONNECTIONS`] at once (the guards against
/// slow and greedy clients); on a signal every connection finishes its request in flight (runs
/// stop at their next chunk) and the server ends. (`axum::serve` offers neither a header
/// timeout nor a connection bound, hence this loop.)
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
