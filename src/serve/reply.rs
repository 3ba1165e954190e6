//! How the server answers: JSON with a status, every error as JSON (`{"error": ERR}`, the
//! contract's ERR of `docs/serve.md`), and a run's result with its JSON text as it is. Written
//! once here so that the guards, the handlers and the stream all answer in the same shape.

use super::jobs;
use crate::error::{Error, InputError};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

/// `{"error": {"message": m, …}}` with every other field null.
pub fn message(m: &str) -> serde_json::Value {
    jobs::error_json(&InputError::msg(m))
}

/// An answer that ends a request early (kept small: a `Response` is too large to pass around
/// in every `Err`).
pub struct Refusal(pub StatusCode, pub serde_json::Value);

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        json_status(self.0, &self.1)
    }
}

pub fn json_status(status: StatusCode, v: &serde_json::Value) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], v.to_string()).into_response()
}

pub fn json_ok(v: &serde_json::Value) -> Response {
    json_status(StatusCode::OK, v)
}

/// An error as the page shows it: input errors 400 with their fields, a run stopped 503, any
/// other failure 500.
pub fn refusal_of(e: &Error) -> Refusal {
    match e {
        Error::Input(i) => Refusal(StatusCode::BAD_REQUEST, jobs::error_json(i)),
        Error::Interrupted { .. } => Refusal(StatusCode::SERVICE_UNAVAILABLE, message("the run was stopped")),
        other => Refusal(StatusCode::INTERNAL_SERVER_ERROR, message(&other.to_string())),
    }
}

/// The error of a panic in the server's own work (a join error): the server stays up and says
/// it is a bug.
pub fn bug(e: &dyn std::fmt::Display) -> serde_json::Value {
    message(&format!("internal error (a bug; please report it): {e}"))
}

/// The `{"error": ERR}` of an error, without a status (a stream's `error` event): an input
/// error's fields, else its message.
pub fn error_value(e: &Error) -> serde_json::Value {
    match e {
        Error::Input(i) => jobs::error_json(i),
        other => message(&other.to_string()),
    }
}

/// `{"result": JSON, …rest}` with the report's JSON text as it is: parsed and written again,
/// its floats could come back a digit apart (serde_json's fast float parsing), and the result
/// must be exactly what `run --json` prints.
pub fn with_result(json: &str, rest: serde_json::Value) -> String {
    let rest = rest.to_string();
    let fields = rest.strip_prefix('{').and_then(|r| r.strip_suffix('}')).unwrap_or_default();
    let sep = if fields.is_empty() { "" } else { "," };
    format!("{{\"result\":{}{sep}{fields}}}", json.trim_end())
}
