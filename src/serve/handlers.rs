//! The endpoints under `/api/` (their contract: `docs/serve.md`, "Endpoints"). Each reads its
//! query and body, hands the work to `jobs.rs`, `fields.rs`, `files.rs` or `share.rs` on a
//! blocking thread (a run within a job slot, `slots.rs`) and answers JSON; a run asked as a
//! stream is answered by `stream.rs`.

use super::guards::{Body, body_text};
use super::jobs::{self, Query};
use super::reply::{Refusal, bug, json_ok, json_status, with_result};
use super::server::App;
use super::slots::{job, slot};
use super::{fields, files, share, stream};
use crate::error::{Error, InputError};
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use std::time::Instant;

/// A request's query, read as the command line reads its flags, or the 400 that says why not.
fn query(raw: Option<String>) -> Result<Query, Refusal> {
    Query::parse(raw.as_deref()).map_err(|e| Refusal(StatusCode::BAD_REQUEST, jobs::error_json(&e)))
}

/// A posted scenario's query and text, or the answer that refuses them (the query's first).
fn read(raw: Option<String>, body: Body) -> Result<(Query, String), Refusal> {
    match (query(raw), body_text(body)) {
        (Ok(q), Ok(b)) => Ok((q, b)),
        (Err(r), _) | (_, Err(r)) => Err(r),
    }
}

/// Run `f` on a blocking thread; a panic in it is a 500 (the server stays up).
async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T, Refusal> {
    tokio::task::spawn_blocking(f).await.map_err(|e| Refusal(StatusCode::INTERNAL_SERVER_ERROR, bug(&e)))
}

/// `GET /api/meta`: the systems, the files and the limits, made once when the server started.
pub async fn meta(State(app): State<Arc<App>>) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], app.meta.clone()).into_response()
}

/// `GET /api/file?path=P`: a file the server knows, as text (the page's TOML view shows it).
pub async fn file(State(app): State<Arc<App>>, RawQuery(raw): RawQuery) -> Response {
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

/// `GET /api/starter?system=S&kind=K`: a kind's commented starter, as `init` writes it.
pub async fn starter(State(app): State<Arc<App>>, RawQuery(raw): RawQuery) -> Response {
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

/// The answer of an endpoint that reads a posted scenario and answers JSON: the query and body
/// read (or refused), `work` done on a blocking thread, an input error a 400 with its fields.
async fn posted(
    raw: Option<String>,
    body: Body,
    work: impl FnOnce(Query, String) -> Result<serde_json::Value, InputError> + Send + 'static,
) -> Response {
    let (q, body) = match read(raw, body) {
        Ok(read) => read,
        Err(r) => return r.into_response(),
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

/// `POST /api/fields`: the form's fields of the posted scenario and of the library entries it
/// names.
pub async fn fields_api(State(app): State<Arc<App>>, RawQuery(raw): RawQuery, body: Body) -> Response {
    posted(raw, body, move |q, body| {
        let path = jobs::scenario_path(&q, &body)?;
        fields::fields(app.opts.systems, &app.files, &path, &body).map_err(|e| jobs::unfile(e, &path))
    })
    .await
}

/// `POST /api/edit?set=PATH%3DVALUE`: one `--set` applied to the file that defines its key, so
/// the page never rewrites TOML itself (comments and layout survive).
pub async fn edit(State(app): State<Arc<App>>, RawQuery(raw): RawQuery, body: Body) -> Response {
    posted(raw, body, move |q, body| {
        let path = jobs::scenario_path(&q, &body)?;
        let Some(set) = q.overrides.sets.last() else {
            return Err(InputError::msg("no change given").field("set", crate::config::set::SET_ALLOWED));
        };
        jobs::edit(app.opts.systems, &app.files, &path, &body, set)
    })
    .await
}

/// `POST /api/run`: what `run --json` prints; with `view=page` the document's HTML beside it;
/// with `stream=1` the run as events (`stream.rs`).
pub async fn run(State(app): State<Arc<App>>, RawQuery(raw): RawQuery, body: Body) -> Response {
    // `server_ms` counts from here: reading the scenario is part of the answer's time.
    let started = Instant::now();
    let (q, body) = match read(raw, body) {
        Ok(read) => read,
        Err(r) => return r.into_response(),
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
        return stream::stream(app, sc, prov, permit, started);
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

/// `POST /api/report`: the full self-contained report page (`index.html` of `run --out`), as a
/// download: nothing is written on the server's disk.
pub async fn report_page(State(app): State<Arc<App>>, RawQuery(raw): RawQuery, body: Body) -> Response {
    let (q, body) = match read(raw, body) {
        Ok(read) => read,
        Err(r) => return r.into_response(),
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

/// `POST /api/share`: a share link (`/?s=TOKEN`) of the posted scenario, its files and overrides.
pub async fn share_make(State(app): State<Arc<App>>, RawQuery(raw): RawQuery, body: Body) -> Response {
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

/// `GET /api/share?s=TOKEN`: what a share link carries, for the page to load and run.
pub async fn share_open(State(app): State<Arc<App>>, RawQuery(raw): RawQuery) -> Response {
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
