//! The work behind each request, synchronous (run on tokio's blocking threads): read a posted
//! scenario as the CLI reads a file, run it, and render its result the way `run` does — the
//! same JSON (`skirmish-odds/result/v1`) and the same document as `index.html`.

use super::files::Files;
use crate::analysis::{self, RunResult, scenario::Scenario};
use crate::config::{Overrides, source::Source};
use crate::engine::{self, RunOutput, Stop, progress::Progress, progress::Watch};
use crate::error::{Error, InputError};
use crate::report;
use crate::rerun::{self, Provenance};
use crate::system::RuleSystem;
use std::path::Path;
use std::sync::Arc;

/// The rule systems the server was started with (the command line hands them over; the
/// server never reaches for the registry itself, as no generic layer does).
pub type Systems = &'static [&'static dyn RuleSystem];

/// The system a loaded scenario names.
pub fn system_of(systems: Systems, ruleset: &str) -> &'static dyn RuleSystem {
    systems.iter().copied().find(|s| s.name() == ruleset).expect("a loaded scenario names a known system")
}

/// A request's query: what the CLI's flags say on the command line.
#[derive(Clone, Debug, Default)]
pub struct Query {
    /// The scenario's virtual path (its includes resolve next to it).
    pub path: Option<String>,
    pub overrides: Overrides,
    /// `view=page`: the result and the rendered document.
    pub page: bool,
    /// `stream=1`: server-sent events.
    pub stream: bool,
    /// Every other parameter, for the endpoints that take their own (`s`, `system`, `kind`).
    pub other: Vec<(String, String)>,
}

impl Query {
    /// Parse `a=b&c=d` (percent-decoded, `+` a space). The CLI's parsers ([`crate::flags`])
    /// read the numbers, so a bad value gets the CLI's words.
    pub fn parse(raw: Option<&str>) -> Result<Query, InputError> {
        let mut q = Query::default();
        for pair in raw.unwrap_or_default().split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            let (k, v) = (decode(k)?, decode(v)?);
            let o = &mut q.overrides;
            match k.as_str() {
                "path" => q.path = Some(v),
                "set" => o.sets.push(v),
                "seed" if !v.is_empty() => o.seed = Some(crate::flags::parse_seed(&v)?),
                "trials" if !v.is_empty() => o.trials = Some(crate::flags::parse_trials("--trials", &v)?),
                "max_trials" if !v.is_empty() => o.max_trials = Some(crate::flags::parse_trials("--max-trials", &v)?),
                "precision" if !v.is_empty() => {
                    o.precision = Some(v.trim().parse::<f64>().map_err(|_| {
                        InputError::msg(format!("`{v}` is not a number"))
                            .field("--precision", "a 95 % half-width, e.g. 0.001")
                    })?)
                }
                // Both asked: refused, as the CLI refuses `--exact --sample` (the last one
                // must not win silently).
                "exact" | "sample" if v == "1" || v == "true" => {
                    let want = k == "exact";
                    if o.exact == Some(!want) {
                        return Err(InputError::msg("`exact` and `sample` cannot both be asked for")
                            .field("exact", "exact=1 or sample=1, not both"));
                    }
                    o.exact = Some(want);
                }
                "view" => q.page = v == "page",
                "stream" => q.stream = v == "1" || v == "true",
                _ => q.other.push((k, v)),
            }
        }
        Ok(q)
    }

    /// A parameter of [`Query::other`].
    pub fn get(&self, key: &str) -> Option<&str> {
        self.other.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }
}

/// Percent-decoding of one query component.
fn decode(s: &str) -> Result<String, InputError> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok().and_then(|h| u8::from_str_radix(h, 16).ok());
                match hex {
                    Some(b) => {
                        out.push(b);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).map_err(|_| {
        InputError::msg("the request's query is not UTF-8 text").field("query", "UTF-8 text, percent-encoded")
    })
}

/// The virtual path a posted scenario is read at: the query's `path`, else
/// `configs/<ruleset>/scenario.toml` (its includes then resolve among the bundled libraries of
/// its system). A path must be relative and stay inside the known folders.
pub fn scenario_path(q: &Query, body: &str) -> Result<String, InputError> {
    if let Some(p) = &q.path {
        let l = crate::config::source::lexical(Path::new(p));
        let inside = !l.is_absolute() && !l.components().any(|c| matches!(c, std::path::Component::ParentDir));
        if !inside || p.len() > 1024 || !p.ends_with(".toml") {
            return Err(InputError::msg(format!("`{p}` is not a path the server knows a folder of")).field(
                "path",
                "a relative path ending in .toml, e.g. configs/<system>/scenario.toml or user/my.toml",
            ));
        }
        return Ok(p.clone());
    }
    let ruleset = body
        .parse::<toml::Table>()
        .ok()
        .and_then(|t| t.get("ruleset").and_then(|v| v.as_str()).map(str::to_string))
        .filter(|r| r.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        .unwrap_or_else(|| "scenario".into());
    Ok(format!("configs/{ruleset}/scenario.toml"))
}

/// Read the posted scenario `body` at `path` with the query's overrides, as `run` reads a file.
pub fn load(
    systems: Systems,
    files: &Files,
    path: &str,
    body: &str,
    overrides: &Overrides,
) -> Result<(Scenario, Provenance), InputError> {
    let copies = files.sources_with(path, body);
    let (sc, sources) =
        crate::config::load_in(systems, Path::new(path), overrides, Some(&copies)).map_err(|e| unfile(e, path))?;
    Ok((sc, Provenance::new(Path::new(path), &sources, overrides)))
}

/// A run's result as the page takes it: the JSON `run --json` prints and, when asked, the
/// document rendered as the report page's body.
pub struct Rendered {
    pub json: String,
    pub html: Option<String>,
}

/// Render a finished (or partial) run as `run` does.
pub fn render(systems: Systems, result: &RunResult, prov: &Provenance, html: bool) -> Result<Rendered, Error> {
    let (report, doc) = rerun::report(result, system_of(systems, result.scenario.ruleset), prov)?;
    let html = if html { Some(report::html::fragment(result, &report, &doc, &doc.svgs()?, false)) } else { None };
    Ok(Rendered { json: report.to_json(), html })
}

/// The full self-contained report page (`index.html` of `run --out`).
pub fn report_page(systems: Systems, result: &RunResult, prov: &Provenance) -> Result<String, Error> {
    let (report, doc) = rerun::report(result, system_of(systems, result.scenario.ruleset), prov)?;
    Ok(report::html::render(result, &report, &doc, &doc.svgs()?))
}

/// Run `sc` to the end (or until `watch.cancel`), on one worker per core.
/// The job's cancel flag is this thread's stop flag throughout, so the exact evaluator and
/// solvers stop at it too (they poll between steps, as for a signal), not only the sampler.
pub fn run(sc: Scenario, watch: Arc<Watch>) -> Result<RunResult, Error> {
    crate::interrupt::with_stop(Some(watch.cancel.clone()), || {
        let progress = Progress::watched(watch);
        let exact = engine::with_threads(0, || analysis::exact_cells(&sc))?;
        Ok(analysis::run_with(sc, exact, 0, &progress)?)
    })
}

/// The result of the first `trials` trials per cell of a run of `sc` (tallies handed over by
/// the engine after a batch): a complete result of its own, the same numbers a run of that
/// many trials gives for the sampled cells.
pub fn partial(sc: &Scenario, tallies: Vec<engine::Tally>, trials: u64) -> RunResult {
    let stopping = engine::fixed_stopping(&tallies, trials);
    let scenario = Scenario { stop: Stop::Trials(trials), ..sc.clone() };
    RunResult { scenario, output: RunOutput { tallies, stopping }, exact_duels: None, settled: None }
}

/// `POST /api/edit`: one `--set` applied to the file that defines its key.
pub fn edit(
    systems: Systems,
    files: &Files,
    path: &str,
    body: &str,
    typed: &str,
) -> Result<serde_json::Value, InputError> {
    let main = Source { path: path.into(), text: body.to_string() };
    let copies = files.sources_with(path, body);
    let read = |p: &Path| Source::read_from(p, Some(&copies));
    match crate::config::set::edit(&main, typed, &read).map_err(|e| unfile(e, path))? {
        Some(Ok(text)) => Ok(serde_json::json!({ "toml": text, "library": null })),
        Some(Err(lib)) => Ok(serde_json::json!({ "toml": body, "library": lib.to_string_lossy() })),
        // A file does not read: the loader says where.
        None => match load(systems, files, path, body, &Overrides::default()) {
            Err(e) => Err(e),
            Ok(_) => Err(InputError::msg("the scenario's files do not read as TOML")
                .field("set", crate::config::set::SET_ALLOWED)),
        },
    }
}

/// An error in the posted scenario itself names no file (the page has no file: it shows the
/// line and column under its TOML view); one in an included library keeps the library's path.
pub fn unfile(mut e: InputError, path: &str) -> InputError {
    // The loader's copies are the files the server knows, not a report's: say so.
    if e.message.contains(Source::NO_COPY) {
        e.message =
            e.message.replace(Source::NO_COPY, "the server knows no file at that path (GET /api/meta lists them)");
    }
    if e.file
        .as_deref()
        .is_some_and(|f| crate::config::source::lexical(f) == crate::config::source::lexical(Path::new(path)))
    {
        e.file = None;
    }
    e
}

/// The JSON of an input error: the CLI's fields, and its one-line text (`line L, column C: …`
/// when the error is in the posted scenario).
pub fn error_json(e: &InputError) -> serde_json::Value {
    let text = match (&e.file, e.line) {
        (None, Some(l)) => format!("line {l}{}: {e}", e.column.map(|c| format!(", column {c}")).unwrap_or_default()),
        _ => e.to_string(),
    };
    serde_json::json!({ "error": {
        "message": e.message,
        "file": e.file.as_ref().map(|f| f.to_string_lossy().into_owned()),
        "line": e.line,
        "column": e.column,
        "field": e.field,
        "allowed": e.allowed,
        "text": text,
    }})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_read_as_the_cli_reads_its_flags() {
        let q = Query::parse(Some("path=configs%2Fx%2Fa.toml&set=cards.thug.attack%3D4&set=a.b%3D%22x+y%22&seed=1e3&trials=1_000&sample=1&view=page&s=abc"))
            .unwrap();
        assert_eq!(q.path.as_deref(), Some("configs/x/a.toml"));
        assert_eq!(q.overrides.sets, ["cards.thug.attack=4", "a.b=\"x y\""]);
        assert_eq!((q.overrides.seed, q.overrides.trials, q.overrides.exact), (Some(1000), Some(1000), Some(false)));
        assert!(q.page && !q.stream);
        assert_eq!(q.get("s"), Some("abc"));
        // The CLI's words, naming the flag.
        let e = Query::parse(Some("seed=-1")).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("--seed"));
        let e = Query::parse(Some("precision=fine")).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("--precision"));
        // A lone or bad `%` is kept as text; bytes that are not UTF-8 are refused.
        assert_eq!(Query::parse(Some("path=a%zz%")).unwrap().path.as_deref(), Some("a%zz%"));
        assert!(Query::parse(Some("path=%ff")).is_err());
    }

    #[test]
    fn a_posted_scenario_is_read_inside_the_known_folders() {
        let q = |p: &str| Query { path: Some(p.into()), ..Query::default() };
        assert_eq!(scenario_path(&q("configs/a/b.toml"), "").unwrap(), "configs/a/b.toml");
        for bad in ["/etc/x.toml", "../x.toml", "configs/../../x.toml", "configs/a/b.txt"] {
            assert_eq!(scenario_path(&q(bad), "").unwrap_err().field.as_deref(), Some("path"), "{bad}");
        }
        // No path: next to the bundled libraries of the scenario's own system.
        assert_eq!(scenario_path(&Query::default(), "ruleset = \"abc\"\n").unwrap(), "configs/abc/scenario.toml");
        assert_eq!(scenario_path(&Query::default(), "ruleset = \"../x\"\n").unwrap(), "configs/scenario/scenario.toml");
    }

    #[test]
    fn an_error_in_the_posted_scenario_says_line_and_column_not_a_file() {
        let mut e = InputError::msg("bad").field("attack.x", "1..=3");
        e.file = Some("configs/a/b.toml".into());
        (e.line, e.column) = (Some(4), Some(7));
        let e = unfile(e, "configs/a/./b.toml");
        let v = error_json(&e);
        assert!(v["error"]["file"].is_null());
        assert_eq!(v["error"]["text"], "line 4, column 7: field `attack.x`: bad (allowed: 1..=3)");
    }
}
