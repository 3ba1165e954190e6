//! Sharded runs: `run --shard i/n` writes a partial result; `merge` adds the partials' integer
//! tallies and builds exactly the report a single run gives, byte for byte.
//!
//! Shard i of n (1-based) runs every chunk `c` with `c % n == i − 1`; chunk streams depend only
//! on (seed, cell, chunk), so the shards can run anywhere — a Slurm array, a Kubernetes indexed
//! Job, GNU parallel — and in any order. A partial records the scenario's fingerprint, so shards
//! of different configs, seeds or trial counts are refused rather than silently mixed.

use crate::analysis::RunResult;
use crate::analysis::scenario::Scenario;
use crate::config::{self, Overrides};
use crate::engine::{self, RunOutput, Shard, Stop, Tally, progress::Progress};
use crate::error::{Error, InputError};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Schema identifier of a partial result file.
pub const PARTIAL_SCHEMA: &str = "skirmish-odds/partial/v1";
/// Most shards one run may be split into.
pub const MAX_SHARDS: u64 = 100_000;

/// One shard's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Partial {
    pub schema: String,
    /// The scenario file, as given on the command line of the shard run.
    pub config: PathBuf,
    /// FNV-1a hash of everything that defines the scenario's numbers.
    pub fingerprint: String,
    pub seed: u64,
    pub trials: u64,
    /// `[i, n]`: shard i (1-based) of n.
    pub shard: [u64; 2],
    pub tallies: Vec<Tally>,
}

/// Parse `i/n` with 1 ≤ i ≤ n.
pub fn parse_shard(s: &str) -> Result<Shard, InputError> {
    let bad = || {
        InputError::msg(format!("`{s}` is not a shard"))
            .field("--shard", format!("i/n with 1 ≤ i ≤ n ≤ {MAX_SHARDS}, e.g. 3/8"))
    };
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let (i, n): (u64, u64) = (i.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
    if i == 0 || i > n || n > MAX_SHARDS {
        return Err(bad());
    }
    Ok(Shard { index: i - 1, count: n })
}

/// A stable fingerprint of what determines a scenario's numbers (not where its file lives).
pub fn fingerprint(sc: &Scenario) -> String {
    let text = format!(
        "{:?}|{:?}|{}|{:?}|{:?}|{:?}|{:?}|{:?}",
        sc.name, sc.kind, sc.seed, sc.stop, sc.readings, sc.setup, sc.cells, sc.layout
    );
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Run one shard of a fixed-trial scenario.
pub fn run_partial(
    sc: &Scenario,
    config: &Path,
    shard: Shard,
    threads: usize,
    progress: &Progress,
) -> Result<Partial, InputError> {
    let trials = match sc.stop {
        Stop::Trials(n) => n,
        Stop::Precision { .. } => {
            return Err(InputError::msg(
                "a sharded run needs a fixed trial count: its stopping rule cannot see the other shards",
            )
            .field("--shard", "use with `trials` in the config or --trials"));
        }
    };
    let cells: Vec<_> = sc.cells.iter().map(|c| c.trial.clone()).collect();
    let tallies = engine::with_threads(threads, || engine::run_shard(&cells, sc.seed, trials, shard, progress));
    progress.finish();
    Ok(Partial {
        schema: PARTIAL_SCHEMA.into(),
        config: config.to_path_buf(),
        fingerprint: fingerprint(sc),
        seed: sc.seed,
        trials,
        shard: [shard.index + 1, shard.count],
        tallies,
    })
}

/// Write a partial result atomically (temporary file, then rename).
pub fn write_partial(p: &Partial, path: &Path) -> Result<(), Error> {
    let io = |source| Error::Output { path: path.to_path_buf(), source };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let tmp = path.with_extension(format!("partial-{}", std::process::id()));
    let text = serde_json::to_string(p).expect("partial serialises");
    std::fs::write(&tmp, text).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(io)
}

fn read_partial(path: &Path) -> Result<Partial, InputError> {
    let at = |msg: String| {
        let mut e = InputError::msg(msg);
        e.file = Some(path.to_path_buf());
        e
    };
    let text = std::fs::read_to_string(path).map_err(|e| at(format!("cannot read partial result: {e}")))?;
    let p: Partial = serde_json::from_str(&text).map_err(|e| {
        let mut err = at(format!("not a skirmish-odds partial result: {e}"));
        err.line = Some(e.line());
        err.column = Some(e.column());
        err
    })?;
    if p.schema != PARTIAL_SCHEMA {
        return Err(at(format!("schema `{}`", p.schema)).field("schema", format!("`{PARTIAL_SCHEMA}`")));
    }
    Ok(p)
}

/// Merge partial results into the single run's result.
pub fn merge(paths: &[PathBuf]) -> Result<RunResult, InputError> {
    if paths.is_empty() {
        return Err(InputError::msg("no partial results given").field("PARTIAL", "one file per shard"));
    }
    let parts: Vec<Partial> = paths.iter().map(|p| read_partial(p)).collect::<Result<_, _>>()?;
    let first = &parts[0];
    let n = first.shard[1];
    let mut seen = vec![None::<&Path>; n as usize];
    for (p, path) in parts.iter().zip(paths) {
        let mismatch = |what: &str| {
            let mut e = InputError::msg(format!(
                "this partial has a different {what} from {} (shards of different runs cannot be merged)",
                paths[0].display()
            ));
            e.file = Some(path.clone());
            e
        };
        if p.fingerprint != first.fingerprint || p.config != first.config {
            return Err(mismatch("scenario"));
        }
        if p.seed != first.seed {
            return Err(mismatch("seed"));
        }
        if p.trials != first.trials {
            return Err(mismatch("trial count"));
        }
        if p.shard[1] != n {
            return Err(mismatch("shard count"));
        }
        let i = p.shard[0];
        if i == 0 || i > n {
            return Err(mismatch("shard index"));
        }
        if let Some(other) = seen[(i - 1) as usize] {
            let mut e = InputError::msg(format!("shard {i}/{n} is given twice (also {})", other.display()));
            e.file = Some(path.clone());
            return Err(e);
        }
        seen[(i - 1) as usize] = Some(path);
    }
    let missing: Vec<String> =
        seen.iter().enumerate().filter(|(_, s)| s.is_none()).map(|(i, _)| format!("{}/{n}", i + 1)).collect();
    if !missing.is_empty() {
        return Err(InputError::msg(format!("missing shard(s) {}", missing.join(", ")))
            .field("PARTIAL", format!("all {n} shards of the run")));
    }
    let overrides = Overrides { seed: Some(first.seed), trials: Some(first.trials as i64), ..Overrides::default() };
    let scenario = config::load(&first.config, &overrides)?;
    if fingerprint(&scenario) != first.fingerprint {
        let mut e = InputError::msg(
            "the config file changed since the shards ran: its numbers would not match; re-run the shards".to_string(),
        );
        e.file = Some(first.config.clone());
        return Err(e);
    }
    let mut tallies = first.tallies.clone();
    for p in &parts[1..] {
        if p.tallies.len() != tallies.len() {
            let mut e = InputError::msg("partial has a different number of cells");
            e.file = Some(paths[0].clone());
            return Err(e);
        }
        for (a, b) in tallies.iter_mut().zip(&p.tallies) {
            a.merge(b);
        }
    }
    let stopping = engine::fixed_stopping(&tallies, first.trials);
    Ok(RunResult { scenario, output: RunOutput { tallies, stopping } })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_syntax() {
        assert_eq!(parse_shard("1/4").unwrap(), Shard { index: 0, count: 4 });
        assert_eq!(parse_shard("4/4").unwrap(), Shard { index: 3, count: 4 });
        for bad in ["0/4", "5/4", "x/4", "3", "1/0", "2/200000"] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }
}
