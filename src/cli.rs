//! Command-line definitions and the `run` / `validate` commands.

use crate::analysis;
use crate::config::{self, Overrides};
use crate::engine::{self, progress::Progress};
use crate::error::{Error, InputError};
use crate::flags::{parse_seed, parse_trials};
use crate::interrupt;
use crate::output::{self, PartialFile, ReportDir};
use crate::registry;
use crate::report;
use crate::rerun;
use crate::shard;
use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// Monte Carlo probability analyser for skirmish miniature wargames.
#[derive(Debug, Parser)]
#[command(name = "skirmish-odds", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run a scenario config and write its report (summary.md, results.csv, results.json, charts).
    Run(RunArgs),
    /// Check a scenario config (or the scenario a report's results.json carries) without running it.
    Validate {
        /// Scenario TOML file, or a report's results.json.
        config: PathBuf,
        /// Change a value of the scenario as editing its file would: `--set PATH=VALUE`,
        /// repeatable (e.g. `--set cards.thug.attack=4`; a bare word is text).
        #[arg(long = "set", value_name = "PATH=VALUE")]
        set: Vec<String>,
    },
    /// What exists: the rule systems; with RULESET, its kinds, readings, library tables and
    /// measures; with a scenario CONFIG file, the cards, weapons, models and fighters it can use.
    List {
        /// A rule system (`bmg-3e`) or a scenario config file.
        what: Option<String>,
    },
    /// Print a commented starter config for KIND of RULESET, or write it to FILE (never over an
    /// existing file).
    Init {
        /// The rule system (`skirmish-odds list` names them).
        ruleset: String,
        /// The kind (`skirmish-odds list RULESET` names them; left out, they are listed).
        kind: Option<String>,
        /// Where to write it (default, or `-`: standard output).
        file: Option<PathBuf>,
    },
    /// Combine the partial results of `run --shard i/n` into the report a single run gives.
    Merge(MergeArgs),
    /// The interactive page: a local server on 127.0.0.1 only, with the page inside the
    /// binary. The first line printed is its URL; Ctrl-C stops it.
    Serve(ServeArgs),
    /// Print the path of a share link (`/?s=…`) for a scenario config: opened on a running
    /// `serve` (append it to the URL), it shows the scenario and reproduces its numbers.
    Share {
        /// Scenario TOML file, or a report's results.json.
        config: PathBuf,
        /// Random seed (overrides the config's `seed`).
        #[arg(long, allow_negative_numbers = true, value_name = "N")]
        seed: Option<String>,
        /// Trials per cell (overrides the config's `trials` / `precision`).
        #[arg(long, allow_negative_numbers = true, value_name = "N")]
        trials: Option<String>,
        /// Change a value of the scenario as editing its file would: `--set PATH=VALUE`.
        #[arg(long = "set", value_name = "PATH=VALUE")]
        set: Vec<String>,
    },
    /// Self-check: evaluate every cell that has an exact answer both exactly and by sampling
    /// (the config's seed and trials), print each quantity with its z-score, and fail (exit 1)
    /// if any |z| > 4.
    Check(CheckArgs),
}

/// Options of `check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Scenario TOML file, or a report's results.json.
    pub config: PathBuf,
    /// Random seed for the sampled side (overrides the config's `seed`).
    #[arg(long, allow_negative_numbers = true, value_name = "N")]
    pub seed: Option<String>,
    /// Trials per cell for the sampled side (overrides the config's `trials`; `1e6` and
    /// `1_000_000` are read as whole numbers).
    #[arg(long, allow_negative_numbers = true, value_name = "N")]
    pub trials: Option<String>,
    /// Worker threads (0 = one per core). Results are identical for any value.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=512))]
    pub threads: u16,
    /// Print only the verdict line (and the failing quantities).
    #[arg(long, short)]
    pub quiet: bool,
    /// Change a value of the scenario as editing its file would: `--set PATH=VALUE`, repeatable
    /// (e.g. `--set cards.thug.attack=4 --set attack.cover=true`; a bare word is text).
    #[arg(long = "set", value_name = "PATH=VALUE")]
    pub set: Vec<String>,
}

/// Options of `serve`.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Port on 127.0.0.1 (0: any free port).
    #[arg(long, default_value_t = 8317)]
    pub port: u16,
    /// Open the page in the desktop's browser.
    #[arg(long)]
    pub open: bool,
    /// A folder of your own scenarios and libraries (.toml) to offer beside the bundled ones
    /// (read once at start; nothing is ever written there).
    #[arg(long, value_name = "DIR")]
    pub library: Option<PathBuf>,
    /// Most runs at once (a further one is told the server is busy).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub jobs: u16,
    /// Longest a run may take, in seconds (a sampled run then answers its last finished batch).
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub job_seconds: u64,
}

/// Options of `merge`.
#[derive(Debug, clap::Args)]
pub struct MergeArgs {
    /// Partial result files, one per shard, in any order.
    #[arg(required = true)]
    pub partials: Vec<PathBuf>,
    /// Report directory (default: reports/<scenario name>).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print the JSON result to stdout instead of the summary table.
    #[arg(long)]
    pub json: bool,
    /// Nothing on stdout, and nothing but errors on stderr.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Options of `run`.
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// Scenario TOML file (see configs/README.md), or a report's results.json to run again.
    pub config: PathBuf,
    /// Random seed, 0..=9223372036854775807 (overrides the config's `seed`).
    #[arg(long, allow_negative_numbers = true, value_name = "N")]
    pub seed: Option<String>,
    /// Trials per cell (overrides the config's `trials` / `precision`; `1e6` and `1_000_000`
    /// are read as whole numbers).
    #[arg(long, allow_negative_numbers = true, value_name = "N")]
    pub trials: Option<String>,
    /// Run until every reported probability's 95 % half-width is at most this (e.g. 0.001).
    #[arg(long, allow_negative_numbers = true)]
    pub precision: Option<f64>,
    /// Trial cap per cell for --precision runs (`1e8` and `100_000_000` are read as whole numbers).
    #[arg(long, allow_negative_numbers = true, value_name = "N")]
    pub max_trials: Option<String>,
    /// Worker threads (0 = one per core). Results are identical for any value.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=512))]
    pub threads: u16,
    /// Report directory (default: reports/<scenario name>); with --shard, the partial result file.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print the JSON result to stdout instead of the summary table.
    #[arg(long)]
    pub json: bool,
    /// Nothing on stdout, and nothing but errors on stderr (no progress bar, no warnings).
    #[arg(long, short)]
    pub quiet: bool,
    /// Run only shard i of n (1-based, e.g. 3/8) and write a partial result for `merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Evaluate every cell exactly (enumerating its dice), or fail naming the cell that cannot
    /// be. Without --exact or --sample, each cell is exact where that is cheaper than sampling.
    #[arg(long, conflicts_with = "sample")]
    pub exact: bool,
    /// Sample every cell, even those that could be evaluated exactly.
    #[arg(long)]
    pub sample: bool,
    /// Change a value of the scenario as editing its file would: `--set PATH=VALUE`, repeatable
    /// (e.g. `--set cards.thug.attack=4 --set attack.cover=true`; a bare word is text).
    #[arg(long = "set", value_name = "PATH=VALUE")]
    pub set: Vec<String>,
}

/// Parse arguments and run; returns the process exit code.
pub fn main() -> i32 {
    // First, so an interrupt at any later point is caught and cleaned up after.
    interrupt::install();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // `--help`, `--version` and usage errors: clap's text, written by us so that a failed
        // write (`--help > /dev/full`) is an error here too, not a silent exit 0.
        Err(e) => {
            let text = e.render().to_string();
            let written = if e.use_stderr() {
                use std::io::Write;
                let mut err = std::io::stderr().lock();
                err.write_all(text.as_bytes())
                    .and_then(|_| err.flush())
                    .map_err(|source| Error::Output { path: PathBuf::from("standard error"), source })
            } else {
                say_raw(&text)
            };
            return match written {
                Ok(()) => e.exit_code(),
                Err(w) => {
                    crate::error::tell(&format!("error: {w}"));
                    w.exit_code()
                }
            };
        }
    };
    match dispatch(cli) {
        Ok(()) => 0,
        Err(e) => {
            // Every error is one line, whatever a path or value in it holds.
            crate::error::tell(&format!("error: {}", crate::safe::terminal_line(&e.to_string())));
            e.exit_code()
        }
    }
}

fn dispatch(cli: Cli) -> Result<(), Error> {
    match cli.command {
        Command::Validate { config, set } => {
            // A report re-validates its recorded scenario; any other file may be a library.
            if !rerun::is_report(&config)
                && let Some(lib) = config::check_library(registry::SYSTEMS, &config)?
            {
                if let Some(first) = set.first() {
                    let why = "a library file is checked as written: --set changes a scenario (its own values and those of the libraries it includes)";
                    return Err(InputError::msg(why)
                        .field(format!("--set {first}"), "validate SCENARIO --set PATH=VALUE")
                        .into());
                }
                let counts: Vec<String> = lib
                    .counts
                    .iter()
                    .map(|(t, n)| crate::text::plural(*n as i64, t.trim_end_matches('s'), t))
                    .collect();
                return say(&format!("{}: ok — {} library: {}\n", config.display(), lib.ruleset, counts.join(", ")));
            }
            let (sc, _) = load(&config, &Overrides { sets: set, ..Overrides::default() })?;
            say(&format!(
                "{}: ok — {} {} with {} cell(s)\n",
                config.display(),
                sc.ruleset,
                sc.kind.name(),
                sc.cells.len()
            ))?;
            if let Some(s) = analysis::balance_solves(&sc) {
                say(&format!("  {}\n", solves_line(&s, engine::workers(0))))?;
            }
            for n in &sc.notes {
                say(&format!("  {}\n", crate::safe::terminal_words(&n.line())))?;
            }
            Ok(())
        }
        Command::List { what } => say(&list(what.as_deref())?),
        Command::Init { ruleset, kind, file } => init(&ruleset, kind.as_deref(), file),
        Command::Run(args) => run(args),
        Command::Serve(a) => crate::serve::serve(crate::serve::Options {
            port: a.port,
            open: a.open,
            library: a.library,
            jobs: a.jobs as usize,
            job_seconds: a.job_seconds,
            systems: registry::SYSTEMS,
        }),
        Command::Share { config, seed, trials, set } => {
            let overrides = Overrides {
                seed: seed.as_deref().map(parse_seed).transpose()?,
                trials: trials.as_deref().map(|t| parse_trials("--trials", t)).transpose()?,
                sets: set,
                ..Overrides::default()
            };
            let (sc, prov) = load(&config, &overrides)?;
            // The seed written out: the link reproduces the numbers whatever a default becomes.
            let overrides = Overrides { seed: Some(sc.seed), ..prov.overrides.clone() };
            let shared = crate::serve::files::share_of(&prov.embedded(), overrides);
            say_raw(&format!("{}\n", crate::serve::share::link(&shared)?))
        }
        Command::Check(args) => check(args),
        Command::Merge(args) => {
            let (mut result, prov) = shard::merge_recorded(&args.partials)?;
            shard::solve_exact_duels(&mut result)?;
            let out = args.out.unwrap_or_else(|| default_out(&result.scenario.name));
            let dir = ReportDir::prepare(&out, report::FILES)?;
            finish(result, &prov, dir, args.json, args.quiet)
        }
    }
}

/// From how long (estimated, in seconds) a run says so before it starts.
const LONG_RUN_S: f64 = 2.0;

/// What a balance will solve exactly before it samples, and how long that may take on
/// `workers` threads, in a sentence (`validate`, and the note before a long run).
fn solves_line(s: &analysis::Solves, workers: usize) -> String {
    let wall = s.wall_seconds(workers);
    format!(
        "this balance solves {} duels exactly: at most about {} on {} (an estimate from the cards; the whole-run limit is {} of one core)",
        crate::text::count(s.duels as u64),
        crate::text::duration(wall),
        crate::text::plural(workers as i64, "thread", "threads"),
        crate::text::duration(analysis::BALANCE_SOLVE_BUDGET_S)
    )
}

/// `list [RULESET | CONFIG]`: a name of a rule system, else a file (see [`crate::discover`]).
fn list(what: Option<&str>) -> Result<String, Error> {
    let systems = registry::SYSTEMS;
    let Some(what) = what else { return Ok(crate::discover::systems(systems)) };
    if let Some(s) = registry::find(what) {
        return Ok(crate::discover::system(systems, s));
    }
    if std::path::Path::new(what).exists() || what.ends_with(".toml") {
        return Ok(crate::discover::config(systems, std::path::Path::new(what))?);
    }
    let mut e = crate::discover::find(systems, what, "RULESET").err().expect("not a rule system");
    e.allowed = Some(format!("{}, or a scenario config file", e.allowed.clone().unwrap_or_default()));
    Err(e.into())
}

/// `init RULESET KIND [FILE]`: the system's starter for the kind, printed or written to a new
/// file (an existing one is never touched: exit 2).
fn init(ruleset: &str, kind: Option<&str>, file: Option<PathBuf>) -> Result<(), Error> {
    let system = crate::discover::find(registry::SYSTEMS, ruleset, "RULESET")?;
    let text = crate::discover::starter(system, kind.unwrap_or_default())?;
    // `-` is standard output, as the usual convention reads it (not a file named `-`).
    let Some(path) = file.filter(|f| f.as_os_str() != "-") else { return say_raw(text) };
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    if !parent.is_dir() {
        let mut e = InputError::msg(format!("the folder {} does not exist", parent.display()));
        e.file = Some(path);
        return Err(e.field("FILE", "a new file in an existing folder").into());
    }
    if !output::write_new(&path, text.as_bytes())? {
        let mut e = InputError::msg("the file already exists; init never overwrites a file");
        e.file = Some(path);
        return Err(e.field("FILE", "a path that does not exist yet").into());
    }
    say(&format!(
        "Wrote {} ({} {}): check it with `skirmish-odds validate`, run it with `skirmish-odds run`\n",
        path.display(),
        ruleset,
        kind.unwrap_or_default()
    ))
}

/// `reports/<scenario name>`.
fn default_out(name: &str) -> PathBuf {
    PathBuf::from("reports").join(name)
}

/// Everything is checked before a trial runs: the config (in full, then the command-line
/// overrides), the shard, and the output location, whose staging is created up front.
fn run(args: RunArgs) -> Result<(), Error> {
    let seed = args.seed.as_deref().map(parse_seed).transpose()?;
    let exact = if args.exact {
        Some(true)
    } else if args.sample {
        Some(false)
    } else {
        None
    };
    let cli = Overrides {
        seed,
        trials: args.trials.as_deref().map(|t| parse_trials("--trials", t)).transpose()?,
        precision: args.precision,
        max_trials: args.max_trials.as_deref().map(|t| parse_trials("--max-trials", t)).transpose()?,
        exact,
        sets: args.set.clone(),
    };
    let shard = args.shard.as_deref().map(shard::parse_shard).transpose()?;
    let (mut scenario, prov) = load(&args.config, &cli)?;
    let (sources, overrides) = (prov.embedded(), prov.overrides.clone());
    if let Some(note) = prov.version_note() {
        if !args.quiet {
            crate::error::tell(&format!("note: {}", crate::safe::terminal_line(&note.text)));
        }
        scenario.notes.push(note);
    }
    let threads = args.threads as usize;
    // A long balance says how long before it starts (its solves' estimate from the cards).
    if let Some(s) = analysis::balance_solves(&scenario)
        && !args.quiet
        && s.wall_seconds(engine::workers(threads)) >= LONG_RUN_S
    {
        crate::error::tell(&format!("note: {}", solves_line(&s, engine::workers(threads))));
    }
    // Before anything is written: a cell that must be exact and cannot be is an input error.
    let exact = engine::with_threads(threads, || analysis::exact_cells(&scenario))?;
    if let Some(sh) = shard {
        shard::fixed_trials(&scenario)?;
        let path = args.out.clone().unwrap_or_else(|| {
            PathBuf::from("reports").join(format!("{}.shard-{}-of-{}.json", scenario.name, sh.index + 1, sh.count))
        });
        let file = PartialFile::prepare(&path, report::FILES)?;
        output::step("ready");
        let progress = Progress::for_stderr(args.quiet);
        let partial = shard::run_partial(&scenario, &sources, exact, &overrides, sh, threads, &progress)?;
        output::step("simulated");
        file.commit(partial.to_json().as_bytes())?;
        completed()?;
        if !args.quiet {
            say(&format!(
                "Shard {}/{} written to {}; combine all shards with `skirmish-odds merge`\n",
                sh.index + 1,
                sh.count,
                path.display()
            ))?;
        }
        return Ok(());
    }
    let out = args.out.clone().unwrap_or_else(|| default_out(&scenario.name));
    let dir = ReportDir::prepare(&out, report::FILES)?;
    output::step("ready");
    let progress = Progress::for_stderr(args.quiet);
    let result = analysis::run_with(scenario, exact, threads, &progress)?;
    output::step("simulated");
    finish(result, &prov, dir, args.json, args.quiet)
}

/// Load the scenario `path` names: a config file (with `cli`'s overrides), or a report's
/// `results.json`, rebuilt from the files it carries with its recorded overrides and `cli`'s on
/// top ([`crate::rerun`]). Returns where the scenario came from, for the report to record.
fn load(path: &std::path::Path, cli: &Overrides) -> Result<(analysis::scenario::Scenario, rerun::Provenance), Error> {
    let loaded = load_unchecked(path, cli);
    // A signal during loading (a large balance builds its duels for seconds) ends the run as a
    // signal does anywhere else, whatever the loader made of it.
    interrupt::check()?;
    loaded
}

fn load_unchecked(
    path: &std::path::Path,
    cli: &Overrides,
) -> Result<(analysis::scenario::Scenario, rerun::Provenance), Error> {
    if rerun::is_report(path) {
        let prov = rerun::read(path, cli)?;
        let (sc, _) = registry::load_with_sources(&prov.config_path(), &prov.overrides, Some(&prov.embedded()))?;
        Ok((sc, prov))
    } else {
        let (sc, sources) = registry::load_with_sources(path, cli, None)?;
        Ok((sc, rerun::Provenance::new(path, &sources, cli)))
    }
}

/// `check`: exact against sampled, quantity by quantity. Writes no files.
fn check(args: CheckArgs) -> Result<(), Error> {
    use crate::analysis::check::{self, Z_LIMIT};
    let seed = args.seed.as_deref().map(parse_seed).transpose()?;
    let trials = args.trials.as_deref().map(|t| parse_trials("--trials", t)).transpose()?;
    let overrides = Overrides { seed, trials, sets: args.set.clone(), ..Overrides::default() };
    let (sc, _) = load(&args.config, &overrides)?;
    let progress = Progress::for_stderr(args.quiet);
    let result = engine::with_threads(args.threads as usize, || check::run(&sc, &progress))?;
    let (n, failed) = result.counts();
    let w = report::TERMINAL_WIDTH;
    let mut out = String::new();
    let checked = result.cells.iter().filter(|c| c.result.is_ok()).count();
    if !args.quiet {
        out.push_str(&crate::text::wrap(
            &format!(
                "{} — {} {}: {} of {} cells have an exact answer; each sampled with seed {}, {} trials",
                args.config.display(),
                sc.ruleset,
                sc.kind.name(),
                checked,
                sc.cells.len(),
                sc.seed,
                crate::text::count(result.trials)
            ),
            w,
            "",
            "  ",
        ));
    }
    for c in &result.cells {
        match &c.result {
            Err(why) if !args.quiet => {
                let line = format!("\n{}: no exact answer ({why})", crate::safe::terminal_words(&c.label));
                out.push_str(&crate::text::wrap(&line, w, "", "  "));
            }
            Err(_) => {}
            Ok(qs) => {
                let shown: Vec<_> = qs.iter().filter(|q| !args.quiet || q.fails()).collect();
                if shown.is_empty() {
                    continue;
                }
                out.push_str(&format!("\n{}\n", crate::safe::terminal_words(&c.label)));
                let mut t = report::table::Table::new(String::new(), &["quantity", "exact", "sampled", "z"], true);
                for q in shown {
                    let z = match q.z {
                        Some(z) => format!("{z:+.2}{}", if q.fails() { "  FAIL" } else { "" }),
                        None if q.fails() => "FAIL (cannot differ)".into(),
                        None => "— (no spread)".into(),
                    };
                    t.rows.push(vec![q.name.clone(), format!("{:.6}", q.exact), format!("{:.6}", q.sampled), z]);
                }
                out.push_str(&t.plain_fit(w));
            }
        }
    }
    let verdict = if checked == 0 {
        "nothing to check: no cell of this scenario has an exact evaluator".to_string()
    } else if failed == 0 {
        format!("check passed: {n} quantities, largest |z| = {:.2} (limit {Z_LIMIT})", result.worst())
    } else {
        format!("check FAILED: {failed} of {n} quantities have |z| > {Z_LIMIT} (largest {:.2})", result.worst())
    };
    out.push_str(&format!("\n{verdict}\n"));
    say(&out)?;
    if failed > 0 {
        return Err(Error::CheckFailed { failed, total: n });
    }
    Ok(())
}

/// After the output is in place: a signal that arrived meanwhile still ends the process with
/// its exit code (the output is complete, and the message says so).
fn completed() -> Result<(), Error> {
    match interrupt::received() {
        Some(signal) => Err(Error::Interrupted { signal, complete: true }),
        None => Ok(()),
    }
}

/// Print text to stdout, hidden controls escaped (the last guard: the lines were escaped where
/// they were made).
fn say(s: &str) -> Result<(), Error> {
    say_raw(&crate::safe::terminal_block(s))
}

/// Print to stdout as is: JSON, which serde escaped (and which an escape would corrupt). A
/// reader that closed the pipe (`| head`) ends us quietly, since it has what it wanted; any
/// other failure (a full disk behind `> file`, `> /dev/full`) is an error (exit 1):
/// `--json > results.json` must not exit 0 with the JSON lost.
fn say_raw(s: &str) -> Result<(), Error> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(s.as_bytes()).and_then(|_| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(Error::Output { path: PathBuf::from("standard output"), source: e })
        }
        _ => Ok(()),
    }
}

/// Write the report of a finished (or merged) run and print its summary.
fn finish(
    result: analysis::RunResult,
    prov: &rerun::Provenance,
    dir: ReportDir,
    json: bool,
    quiet: bool,
) -> Result<(), Error> {
    let shown = dir.shown().to_path_buf();
    // The one place the report learns its system: the writers are handed it, never look it up.
    let system = crate::registry::find(result.scenario.ruleset).expect("a loaded scenario names a registered system");
    let (report, doc) = rerun::report(&result, system, prov)?;
    let files = report::write_all(&result, &report, &doc, dir)?;
    completed()?;
    if json {
        say_raw(&report.to_json())?;
        if !quiet {
            // stdout holds the JSON (which lists them too); people watching stderr see them here.
            for n in &result.scenario.notes {
                crate::error::tell(&format!("note: {}", crate::safe::terminal_line(&n.line())));
            }
        }
    } else if !quiet {
        say(&report::terminal(&result, &report, &doc))?;
        let line = format!(
            "Report written to {}/ ({} files); it re-runs with `skirmish-odds run {}`",
            shown.display(),
            files.len(),
            shown.join("results.json").display()
        );
        let line = crate::safe::terminal_line(&line);
        say(&crate::text::wrap(&line, report::TERMINAL_WIDTH, "", "  "))?;
    }
    if !report.stopping.reached && !quiet {
        // With --quiet this stays in summary.md and results.json (`stopping.reached`).
        crate::error::tell(&format!(
            "warning: precision target not reached within {} trials per cell (widest 95 % half-width ±{:.5}); raise --max-trials",
            report.trials, report.stopping.worst_half_width
        ));
    }
    Ok(())
}
