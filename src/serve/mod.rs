//! `skirmish-odds serve`: the interactive local page.
//!
//! A small HTTP server on 127.0.0.1 only, with the page (`page/`) inside the binary, answering
//! the same JSON as `run --json` and the same document as `index.html`, so the page is one more
//! view of the one document model. The contract (endpoints, events, the ids the browser test
//! relies on) is written out in `docs/serve.md`.
//!
//! Safe by default: it binds the loopback address only; every request whose `Host` is not this
//! server's own (`127.0.0.1:PORT` / `localhost:PORT`), or that carries an `Origin` that is not,
//! is refused (a page elsewhere cannot reach it by DNS rebinding or cross-site posts); request
//! bodies are bounded; at most `--jobs` runs at once (a busy server says so, it does not queue
//! without limit) and each for at most `--job-seconds`; a run whose client went away is
//! cancelled. Nothing is written to disk: a report is downloaded through the browser.
//!
//! Where each part lives: the server, its state and its accept loop in `server.rs`; the guards
//! (Host and Origin, body size, slow clients, connection bound) in `guards.rs`; the run limits
//! in `slots.rs`; the `/api/` endpoints in `handlers.rs`; the `?stream=1` events in
//! `stream.rs`; how every answer is written in `reply.rs`; the page's files in `page.rs`; a
//! request's work in `jobs.rs`, `fields.rs`, `files.rs` and `share.rs`. This file wires them:
//! which URL goes to which, and the guards around all.

pub mod fields;
pub mod files;
mod guards;
mod handlers;
pub mod jobs;
mod page;
mod reply;
mod server;
pub mod share;
mod slots;
mod stream;

use crate::error::Error;
use axum::http::StatusCode;
use axum::routing::{get, post};
use server::App;
pub use server::Options;
use std::sync::Arc;

/// Start the server and serve until SIGINT/SIGTERM/SIGHUP. The first line printed on stdout is
/// the page's URL.
pub fn serve(opts: Options) -> Result<(), Error> {
    server::serve(opts, router)
}

/// Every URL the server answers, and the guards every request passes first.
fn router(app: Arc<App>) -> axum::Router {
    let mut routes = axum::Router::new();
    for asset in page::ASSETS {
        routes = routes.route(asset.url, get(move || async move { asset.answer() }));
    }
    routes
        .route("/api/meta", get(handlers::meta))
        .route("/api/file", get(handlers::file))
        .route("/api/starter", get(handlers::starter))
        .route("/api/fields", post(handlers::fields_api))
        .route("/api/edit", post(handlers::edit))
        .route("/api/run", post(handlers::run))
        .route("/api/report", post(handlers::report_page))
        .route("/api/share", post(handlers::share_make).get(handlers::share_open))
        .fallback(|| async { reply::json_status(StatusCode::NOT_FOUND, &reply::message("no such page or endpoint")) })
        // Every error is JSON, a method the endpoint does not take too (axum's own 405 is empty).
        .method_not_allowed_fallback(|method: axum::http::Method| async move {
            reply::json_status(
                StatusCode::METHOD_NOT_ALLOWED,
                &reply::message(&format!("this endpoint does not take {method} (see its `Allow` header)")),
            )
        })
        .layer(axum::extract::DefaultBodyLimit::max(guards::MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(app.hosts.clone(), guards::guard))
        .with_state(app)
}
