//! What a run is told from outside the rule systems: the command line's [`Overrides`] and the
//! stopping rule a file and the command line give together, with their limits. A file of its
//! own below the loader: the loader, the command line and the local page all read them.

use super::ctx::{Ctx, range_text};
use super::raw;
use crate::engine::Stop;
use crate::error::InputError;
use std::ops::RangeInclusive;

/// Default trials per cell when a config gives neither `trials` nor `precision`.
pub const DEFAULT_TRIALS: u64 = 1_000_000;
/// Allowed trials per cell.
pub const TRIALS_RANGE: RangeInclusive<i64> = 1..=10_000_000_000;
/// Default cap of a balance test sampled until settled (duels per pair).
pub const SETTLE_MAX_TRIALS: u64 = 4_194_304;
/// Default cap of a `precision` run.
pub const DEFAULT_MAX_TRIALS: u64 = 100_000_000;
/// The most trials a whole run samples, all its cells together: as many as one cell may run
/// ([`TRIALS_RANGE`]'s end), so a 400-cell sweep cannot ask for 400 × 10¹⁰ trials (years of
/// work) where one cell could not. Counted over every cell, exact ones too: which cells are
/// exact is known only once they are evaluated.
pub const RUN_TRIALS: u64 = 10_000_000_000;
/// Allowed `precision` (95 % half-width target).
pub const PRECISION_RANGE: RangeInclusive<f64> = 0.00001..=0.25;
pub use super::number::SEED_RANGE;

/// Command-line values that override the config. A report records them (`results.json`'s
/// `resolved_scenario.overrides`, in this order) and `run results.json` gives them back.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Overrides {
    pub seed: Option<u64>,
    pub trials: Option<i64>,
    pub precision: Option<f64>,
    pub max_trials: Option<i64>,
    /// `--exact` (`Some(true)`) or `--sample` (`Some(false)`); replaces the config's `exact`.
    pub exact: Option<bool>,
    /// Each `--set PATH=VALUE` as typed, in order: applied to working copies of the files by
    /// the loader ([`set`]), so a partial result or a report can carry them beside the files
    /// (the files it returns stay as read from disk).
    #[serde(default)]
    pub sets: Vec<String>,
}

impl Overrides {
    /// `self` (a report's recorded overrides) with `cli`'s on top: a stopping rule given on the
    /// command line replaces the recorded one whole (`--precision` drops a recorded `--trials`),
    /// `--exact`/`--sample` and `--seed` replace theirs, and `--set`s come after the recorded ones.
    pub fn then(mut self, cli: &Overrides) -> Overrides {
        if cli.trials.is_some() || cli.precision.is_some() {
            (self.trials, self.precision, self.max_trials) = (cli.trials, cli.precision, cli.max_trials);
        } else if cli.max_trials.is_some() {
            self.max_trials = cli.max_trials;
        }
        self.seed = cli.seed.or(self.seed);
        self.exact = cli.exact.or(self.exact);
        self.sets.extend(cli.sets.iter().cloned());
        self
    }
}

impl Ctx {
    /// The stopping rule. The file's own values are validated in full first, exactly as
    /// `validate` does, so a command-line override never hides an invalid file; then
    /// `--trials` / `--precision` / `--max-trials` replace what the file says.
    pub(crate) fn stop(&self, f: &raw::Common, o: &Overrides) -> Result<Stop, InputError> {
        let file = self.file_stop(f)?;
        let cli = |flag: &str, msg: String, allowed: String| InputError::msg(msg).field(flag, allowed);
        let trials = |t: i64, flag: &str| -> Result<u64, InputError> {
            if TRIALS_RANGE.contains(&t) {
                Ok(t as u64)
            } else {
                Err(cli(flag, format!("{t} trials is out of range"), range_text(&TRIALS_RANGE)))
            }
        };
        match (o.trials, o.precision, o.max_trials) {
            (Some(_), Some(_), _) => {
                Err(cli("--precision", "give --trials or --precision, not both".into(), "one of them".into()))
            }
            (Some(_), None, Some(_)) => Err(cli(
                "--max-trials",
                "`max_trials` only applies with `precision`".into(),
                "use it with --precision".into(),
            )),
            (Some(t), None, None) => Ok(Stop::Trials(trials(t, "--trials")?)),
            (None, Some(p), m) => {
                if !(p.is_finite() && PRECISION_RANGE.contains(&p)) {
                    let allowed = format!("{} to {} (95 % half-width)", PRECISION_RANGE.start(), PRECISION_RANGE.end());
                    return Err(cli("--precision", format!("precision {p} is out of range"), allowed));
                }
                let max_trials = match (m, file) {
                    (Some(m), _) => trials(m, "--max-trials")?,
                    (None, Stop::Precision { max_trials, .. }) => max_trials,
                    (None, Stop::Trials(_) | Stop::Settle { .. }) => DEFAULT_MAX_TRIALS,
                };
                Ok(Stop::Precision { half_width: p, max_trials })
            }
            (None, None, Some(m)) => match file {
                Stop::Precision { half_width, .. } => {
                    Ok(Stop::Precision { half_width, max_trials: trials(m, "--max-trials")? })
                }
                Stop::Settle { .. } => Ok(Stop::Settle { max_trials: trials(m, "--max-trials")? }),
                Stop::Trials(_) => Err(cli(
                    "--max-trials",
                    "`max_trials` only applies with `precision`".into(),
                    "use it with --precision, or `precision` in the config".into(),
                )),
            },
            (None, None, None) => Ok(file),
        }
    }

    /// The stopping rule the file itself gives, every value checked.
    pub(crate) fn file_stop(&self, f: &raw::Common) -> Result<Stop, InputError> {
        let trials = |t: i64, field: &str| -> Result<u64, InputError> {
            if TRIALS_RANGE.contains(&t) {
                Ok(t as u64)
            } else {
                Err(self.err(0, &[field], format!("{t} trials is out of range"), range_text(&TRIALS_RANGE)))
            }
        };
        let t = f.trials.map(|t| trials(t, "trials")).transpose()?;
        let m = f.max_trials.map(|t| trials(t, "max_trials")).transpose()?;
        if let Some(p) = f.precision
            && !(p.is_finite() && PRECISION_RANGE.contains(&p))
        {
            let allowed = format!("{} to {} (95 % half-width)", PRECISION_RANGE.start(), PRECISION_RANGE.end());
            return Err(self.err(0, &["precision"], format!("precision {p} is out of range"), allowed));
        }
        match (t, f.precision, m) {
            (Some(_), Some(_), _) => {
                Err(self.err(0, &["precision"], "give `trials` or `precision`, not both", "one of them"))
            }
            (_, None, Some(_)) => Err(self.err(
                0,
                &["max_trials"],
                "`max_trials` only applies with `precision`",
                "use it with `precision`",
            )),
            (Some(t), None, None) => Ok(Stop::Trials(t)),
            (None, Some(p), m) => Ok(Stop::Precision { half_width: p, max_trials: m.unwrap_or(DEFAULT_MAX_TRIALS) }),
            (None, None, None) => Ok(Stop::Trials(DEFAULT_TRIALS)),
        }
    }

    /// `stop` held to the whole-run limit ([`RUN_TRIALS`]) for `cells` cells: a fixed trial
    /// count over it is refused, naming `trials` (or `--trials`) and the most each cell may have;
    /// a precision run's cap is lowered to fit, with a note. (A balance test sampled until
    /// settled keeps its own cap: its whole-run bound is the balance analysis's.)
    pub(crate) fn whole_run(&self, stop: Stop, cells: usize, o: &Overrides) -> Result<Stop, InputError> {
        let cells = cells.max(1) as u64;
        let per_cell = RUN_TRIALS / cells;
        let n = crate::text::count;
        match stop {
            Stop::Trials(t) if t > per_cell => {
                let msg = format!(
                    "{} cells × {} trials is {} trials in all, over the whole-run limit of {}",
                    n(cells),
                    n(t),
                    n(cells.saturating_mul(t)),
                    n(RUN_TRIALS)
                );
                let allowed = format!("at most {} trials per cell with {} cells", n(per_cell), n(cells));
                Err(if o.trials.is_some() {
                    InputError::msg(msg).field("--trials", allowed)
                } else {
                    self.err(0, &["trials"], msg, allowed)
                })
            }
            Stop::Precision { half_width, max_trials } if max_trials > per_cell => {
                self.note(crate::analysis::scenario::Note::limited(format!(
                    "the precision run stops at {} trials per cell, not {}: {} cells may sample {} trials in all",
                    n(per_cell),
                    n(max_trials),
                    n(cells),
                    n(RUN_TRIALS)
                )));
                Ok(Stop::Precision { half_width, max_trials: per_cell })
            }
            other => Ok(other),
        }
    }

    /// The run's stopping rule ([`Ctx::stop`]), except that a balance test given none samples
    /// until its verdict is settled (a run that solves every duel exactly samples the first
    /// batch only, for the distributions).
    pub(crate) fn run_stop(&self, f: &raw::Common, o: &Overrides) -> Result<Stop, InputError> {
        let stop = self.stop(f, o)?;
        let untold = f.trials.is_none() && f.precision.is_none() && o.trials.is_none() && o.precision.is_none();
        Ok(if f.kind == "balance" && untold { Stop::Settle { max_trials: SETTLE_MAX_TRIALS } } else { stop })
    }

    /// The run's seed: `--seed`, else the file's, else 1. The file's seed is checked even when
    /// `--seed` replaces it, and a seed handed in past the command line's parser (a report's
    /// recorded overrides) gets the same range as one typed: the report's own "Command line"
    /// must run as printed.
    pub(crate) fn seed(&self, f: &raw::Common, o: &Overrides) -> Result<u64, InputError> {
        let file_seed = match f.seed {
            None => 1,
            Some(s) if s >= 0 => s as u64,
            Some(s) => return Err(self.err(0, &["seed"], format!("seed {s} is negative"), SEED_RANGE)),
        };
        if let Some(s) = o.seed.filter(|s| *s > i64::MAX as u64) {
            return Err(InputError::msg(format!("seed {s} is too large")).field("--seed", SEED_RANGE));
        }
        Ok(o.seed.unwrap_or(file_seed))
    }
}
