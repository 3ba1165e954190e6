//! What keeps the server safe on a desktop shared with a browser: a request must name this
//! server as its Host and come from its own page (no DNS rebinding, no cross-site posts), every
//! answer carries headers that forbid other scripts and framing, request bodies are bounded,
//! and a client that sends its headers or its body slowly, or too many connections at once,
//! cannot hold the server ([`HEADER_TIMEOUT`] and [`MAX_CONNECTIONS`], applied by the accept
//! loop, `server.rs`; [`BODY_TIMEOUT`], here). How many runs go at once, and for how long, is `slots.rs`.

use super::jobs;
use super::reply::{Refusal, message};
use crate::error::InputError;
use axum::body::Bytes;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use std::time::Duration;

/// Largest request body: a scenario and its sets (the loader bounds files at 4 MiB; a page
/// posts one scenario, a few kilobytes).
pub const MAX_BODY: usize = 1 << 20;

/// Most connections open at once: a further one waits to be accepted (each holds a file
/// descriptor; a desktop's limit is often 1,024).
pub const MAX_CONNECTIONS: usize = 256;

/// How long a connection may take to send a request's headers: a client that sends part of
/// them and stops (slowloris) is closed, not kept forever.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a request's body may take to arrive, once its headers are in: a client that sends
/// a body a byte at a time (or declares one and sends nothing) gets a 408 and is closed, so
/// such clients hold a connection for at most [`HEADER_TIMEOUT`] + this, never forever, and
/// a normal request gets through even when every connection was taken by them.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// The page's content security policy: its own scripts (every module of `page/`, all served
/// from this origin) and styles only (no inline script), inline styles for the charts' SVG,
/// images from data: URLs; no framing.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/// `127.0.0.1:PORT` and `localhost:PORT`: the only hosts requests may name.
#[derive(Clone)]
pub struct Hosts(Arc<[String; 2]>);

impl Hosts {
    pub fn of_port(port: u16) -> Hosts {
        Hosts(Arc::new([format!("127.0.0.1:{port}"), format!("localhost:{port}")]))
    }

    /// Whether a Host header (or a request target's authority) names this server.
    fn named(&self, host: &str) -> bool {
        self.0.iter().any(|h| h == host)
    }

    /// Whether an Origin header is this server's own page.
    fn is_origin(&self, origin: &str) -> bool {
        self.0.iter().any(|h| origin == format!("http://{h}"))
    }
}

/// Refuse requests that name another host (DNS rebinding) or come from another origin, and
/// set the headers every answer carries.
pub async fn guard(State(hosts): State<Hosts>, req: Request, next: Next) -> Response {
    let mut res = match refusal(&hosts, &req) {
        Some(refused) => refused.into_response(),
        None => match whole_body(req).await {
            Ok(req) => next.run(req).await,
            // The rest of what such a client sends is not read: the connection closes.
            Err(refused) => {
                let mut res = refused.into_response();
                res.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
                res
            }
        },
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

/// `req` with its whole body read, within [`BODY_TIMEOUT`] and [`MAX_BODY`] bytes: a body
/// declared larger is refused before a byte of it is read (413), one that does not arrive in
/// time gets a 408. Handlers then read a body that is already here.
async fn whole_body(req: Request) -> Result<Request, Refusal> {
    let too_large = || {
        Refusal(StatusCode::PAYLOAD_TOO_LARGE, message(&format!("the request body is larger than {MAX_BODY} bytes")))
    };
    let declared = req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY as u64) {
        return Err(too_large());
    }
    let (parts, body) = req.into_parts();
    match tokio::time::timeout(BODY_TIMEOUT, axum::body::to_bytes(body, MAX_BODY)).await {
        Ok(Ok(bytes)) => Ok(Request::from_parts(parts, axum::body::Body::from(bytes))),
        // Over the bound without a length declared (chunked), or the client went away mid-body
        // (it reads no answer then).
        Ok(Err(_)) => Err(too_large()),
        Err(_) => Err(Refusal(
            StatusCode::REQUEST_TIMEOUT,
            message(&format!("the request body did not arrive within {} seconds", BODY_TIMEOUT.as_secs())),
        )),
    }
}

/// Why `req` is refused before it is read, if it is.
fn refusal(hosts: &Hosts, req: &Request) -> Option<Refusal> {
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
    let authority_ok = req.uri().authority().is_none_or(|a| hosts.named(a.as_str()));
    if !authority_ok || !hosts.named(host) {
        return Some(Refusal(
            StatusCode::FORBIDDEN,
            message("refused: the Host header is not this server's (127.0.0.1:PORT or localhost:PORT)"),
        ));
    }
    if let Some(origin) = req.headers().get(header::ORIGIN) {
        let ok = origin.to_str().ok().is_some_and(|o| hosts.is_origin(o));
        if !ok {
            return Some(Refusal(
                StatusCode::FORBIDDEN,
                message("refused: the request comes from another site's page"),
            ));
        }
    }
    None
}

/// A request's body as axum hands it over: the bytes, or why they were not read (larger than
/// [`MAX_BODY`]).
pub type Body = Result<Bytes, axum::extract::rejection::BytesRejection>;

/// A body as text, or the answer that says why not (too large: 413; not UTF-8: 400).
pub fn body_text(body: Body) -> Result<String, Refusal> {
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
