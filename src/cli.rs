//! Command-line definitions and the `run` / `validate` commands.

use crate::analysis;
use crate::config::{self, Overrides};
use crate::engine::progress::Progress;
use crate::error::{Error, InputError};
use crate::report::{self, model::Report};
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
    /// Check a scenario config without running it.
    Validate {
        /// Scenario TOML file.
        config: PathBuf,
    },
    /// Combine the partial results of `run --shard i/n` into the report a single run gives.
    Merge(MergeArgs),
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
    /// No summary on stdout.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Options of `run`.
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// Scenario TOML file (see configs/README.md).
    pub config: PathBuf,
    /// Random seed (overrides the config's `seed`).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Trials per cell (overrides the config's `trials` / `precision`).
    #[arg(long, allow_negative_numbers = true)]
    pub trials: Option<i64>,
    /// Run until every reported probability's 95 % half-width is at most this (e.g. 0.001).
    #[arg(long, allow_negative_numbers = true)]
    pub precision: Option<f64>,
    /// Trial cap per cell for --precision runs.
    #[arg(long, allow_negative_numbers = true)]
    pub max_trials: Option<i64>,
    /// Worker threads (0 = one per core). Results are identical for any value.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=512))]
    pub threads: u16,
    /// Report directory (default: reports/<scenario name>); with --shard, the partial result file.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print the JSON result to stdout instead of the summary table.
    #[arg(long)]
    pub json: bool,
    /// No progress bar and no summary on stdout (errors still go to stderr).
    #[arg(long, short)]
    pub quiet: bool,
    /// Run only shard i of n (1-based, e.g. 3/8) and write a partial result for `merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
}

/// Parse arguments and run; returns the process exit code.
pub fn main() -> i32 {
    let cli = Cli::parse();
    match dispatch(cli) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            e.exit_code()
        }
    }
}

fn dispatch(cli: Cli) -> Result<(), Error> {
    match cli.command {
        Command::Validate { config } => {
            let sc = config::load(&config, &Overrides::default())?;
            println!("{}: ok — {} {} with {} cell(s)", config.display(), sc.ruleset, sc.kind.name(), sc.cells.len());
            Ok(())
        }
        Command::Run(args) => run(args),
        Command::Merge(args) => {
            let result = shard::merge(&args.partials)?;
            finish(result, args.out, args.json, args.quiet)
        }
    }
}

fn run(args: RunArgs) -> Result<(), Error> {
    let overrides =
        Overrides { seed: args.seed, trials: args.trials, precision: args.precision, max_trials: args.max_trials };
    let shard = args.shard.as_deref().map(shard::parse_shard).transpose()?;
    let scenario = config::load(&args.config, &overrides)?;
    let progress = Progress::for_stderr(args.quiet);
    if let Some(sh) = shard {
        let path = args.out.clone().unwrap_or_else(|| {
            PathBuf::from("reports").join(format!("{}.shard-{}-of-{}.json", scenario.name, sh.index + 1, sh.count))
        });
        if path.is_dir() {
            return Err(InputError::msg(format!("{} is a directory", path.display()))
                .field("--out", "with --shard, the partial result file to write")
                .into());
        }
        let partial = shard::run_partial(&scenario, &args.config, sh, args.threads as usize, &progress)?;
        shard::write_partial(&partial, &path)?;
        if !args.quiet {
            println!(
                "Shard {}/{} written to {}; combine all shards with `skirmish-odds merge`",
                sh.index + 1,
                sh.count,
                path.display()
            );
        }
        return Ok(());
    }
    let result = analysis::run(scenario, args.threads as usize, &progress);
    finish(result, args.out, args.json, args.quiet)
}

/// Write the report of a finished (or merged) run and print its summary.
fn finish(result: analysis::RunResult, out: Option<PathBuf>, json: bool, quiet: bool) -> Result<(), Error> {
    let out = out.unwrap_or_else(|| PathBuf::from("reports").join(&result.scenario.name));
    if out.exists() && !out.is_dir() {
        return Err(InputError::msg(format!("{} exists and is not a directory", out.display()))
            .field("--out", "a directory path")
            .into());
    }
    let report = Report::build(&result);
    let files = report::write_all(&result, &report, &out)?;
    if json {
        print!("{}", report.to_json());
    } else if !quiet {
        print!("{}", report::terminal(&result, &report));
        println!("Report written to {}/ ({} files)", out.display(), files.len());
    }
    if !report.stopping.reached {
        eprintln!(
            "warning: precision target not reached within {} trials per cell (widest 95 % half-width ±{:.5}); raise --max-trials",
            report.trials, report.stopping.worst_half_width
        );
    }
    Ok(())
}
