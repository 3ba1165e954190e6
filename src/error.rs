//! Errors the user sees. Input errors (exit code 2) name the file, line, column, field and
//! what is allowed; output errors (exit code 1) name the path that could not be written;
//! an interrupt exits 128 + signal number.

use crate::safe;
use std::fmt;
use std::path::PathBuf;

/// A problem with what the user gave us: config file, CLI value, missing file.
/// Boxed so `Result<_, InputError>` stays one pointer wide on the happy path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError(Box<InputErrorDetail>);

/// Where and what an [`InputError`] is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputErrorDetail {
    pub file: Option<PathBuf>,
    /// 1-based line and column, where known.
    pub line: Option<usize>,
    pub column: Option<usize>,
    /// Dotted path of the field at fault, e.g. `cards.thug.defense`.
    pub field: Option<String>,
    pub message: String,
    /// What would have been accepted.
    pub allowed: Option<String>,
    /// The error is about a key that should not be there (an unknown field), not about its
    /// value: a generic analysis moving a cell's error to the user's file points the same way.
    pub at_key: bool,
}

impl InputError {
    /// An error with only a message.
    pub fn msg(message: impl Into<String>) -> Self {
        InputError(Box::new(InputErrorDetail {
            file: None,
            line: None,
            column: None,
            field: None,
            message: message.into(),
            allowed: None,
            at_key: false,
        }))
    }

    /// Set the field and the allowed values.
    pub fn field(mut self, field: impl Into<String>, allowed: impl Into<String>) -> Self {
        self.field = Some(field.into());
        let a = allowed.into();
        self.allowed = if a.is_empty() { None } else { Some(a) };
        self
    }
}

impl std::ops::Deref for InputError {
    type Target = InputErrorDetail;
    fn deref(&self) -> &InputErrorDetail {
        &self.0
    }
}

impl std::ops::DerefMut for InputError {
    fn deref_mut(&mut self) -> &mut InputErrorDetail {
        &mut self.0
    }
}

/// The message as shown: every value a message quotes comes from the user (a card name, a
/// path, a key of an included library), so hidden controls are escaped and long quoted values
/// shortened here, once, for every error ([`safe::terminal_line`], [`safe::shorten_quoted`]).
/// The file path is escaped but never shortened: it is where to look.
impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = |s: &str| safe::terminal_line(&safe::shorten_quoted(s)).into_owned();
        if let Some(file) = &self.file {
            write!(f, "{}", safe::terminal_line(&file.display().to_string()))?;
            if let Some(l) = self.line {
                write!(f, ":{l}")?;
                if let Some(c) = self.column {
                    write!(f, ":{c}")?;
                }
            }
            f.write_str(": ")?;
        }
        if let Some(field) = &self.field {
            write!(f, "field {}: ", safe::terminal_line(&safe::shorten_path(field)))?;
        }
        f.write_str(&shown(&self.message))?;
        if let Some(a) = &self.allowed {
            write!(f, " (allowed: {})", shown(a))?;
        }
        Ok(())
    }
}

impl std::error::Error for InputError {}

/// Everything that can stop a run.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad input: exit code 2.
    #[error("{0}")]
    Input(#[from] InputError),
    /// Could not write output: exit code 1.
    #[error("cannot write {path}: {source}")]
    Output {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// Chart rendering failed: exit code 1.
    #[error("cannot draw chart {path}: {message}")]
    Chart { path: PathBuf, message: String },
    /// SIGINT, SIGTERM or SIGHUP arrived: exit code 128 + signal. `complete` is true when the
    /// new output was already in place; otherwise the output location is as it was.
    #[error("{}", interrupted_message(*signal, *complete))]
    Interrupted { signal: i32, complete: bool },
    /// `check` found quantities where the exact answer and the sampler disagree.
    #[error("the self-check failed: {failed} of {total} quantities differ by more than 4 standard errors")]
    CheckFailed { failed: usize, total: usize },
}

fn interrupted_message(signal: i32, complete: bool) -> String {
    let name = crate::interrupt::signal_name(signal);
    if complete {
        format!("interrupted by {name} after the output was complete: it is in place")
    } else {
        format!("interrupted by {name}: stopped, removed what it had started, left the output location as it was")
    }
}

impl Error {
    /// The process exit code for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Input(_) => 2,
            Error::Interrupted { signal, .. } => 128 + signal,
            _ => 1,
        }
    }
}

impl From<crate::interrupt::Interrupted> for Error {
    fn from(i: crate::interrupt::Interrupted) -> Self {
        Error::Interrupted { signal: i.0, complete: false }
    }
}

/// Write `line` to standard error. A write that fails (standard error closed, or a full device:
/// `2>/dev/full`) is ignored rather than a panic: the exit code still says what happened, and
/// there is nowhere else to say it. Every message the program prints to standard error goes
/// through here (`eprintln!` panics when the write fails).
pub fn tell(line: &str) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{line}").and_then(|_| err.flush());
}
