//! Command-line definitions and the `run` / `validate` commands.

use crate::analysis;
use crate::config::{self, Overrides};
use crate::engine::progress::Progress;
use crate::error::{Error, InputError};
use crate::report::{self, model::Report};
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
    /// Report directory (default: reports/<scenario name>).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print the JSON result to stdout instead of the summary table.
    #[arg(long)]
    pub json: bool,
    /// No progress bar and no summary on stdout (errors still go to stderr).
    #[arg(long, short)]
    pub quiet: bool,
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
    }
}

fn run(args: RunArgs) -> Result<(), Error> {
    let overrides =
        Overrides { seed: args.seed, trials: args.trials, precision: args.precision, max_trials: args.max_trials };
    let scenario = config::load(&args.config, &overrides)?;
    let out = args.out.clone().unwrap_or_else(|| PathBuf::from("reports").join(&scenario.name));
    if out.exists() && !out.is_dir() {
        return Err(InputError::msg(format!("{} exists and is not a directory", out.display()))
            .field("--out", "a directory path")
            .into());
    }
    let progress = Progress::for_stderr(args.quiet);
    let result = analysis::run(scenario, args.threads as usize, &progress);
    let report = Report::build(&result);
    let files = report::write_all(&result, &report, &out)?;
    if args.json {
        print!("{}", report.to_json());
    } else if !args.quiet {
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
