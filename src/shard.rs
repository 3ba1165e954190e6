//! Sharded runs: `run --shard i/n` writes a partial result; `merge` adds the partials' integer
//! tallies and builds exactly the report a single run gives, byte for byte.
//!
//! Shard i of n (1-based) runs every chunk `c` with `c % n == i − 1`; chunk streams depend only
//! on (seed, cell, chunk), so the shards can run anywhere — a Slurm array, a Kubernetes indexed
//! Job, GNU parallel — and in any order. A partial identifies its scenario by content, never by
//! path: the SHA-256 of the resolved scenario (every card, weapon and rule value after includes
//! and overrides), its seed and its trial count. It also carries copies of the config and its
//! includes, so `merge` rebuilds the report from any directory, on any machine, with no config
//! file present. Mismatched partials are refused with a message naming what differs.

use crate::analysis::RunResult;
use crate::analysis::scenario::Scenario;
use crate::config::{self, Overrides, source::Source};
use crate::engine::{self, RunOutput, Shard, Stop, Tally, progress::Progress};
use crate::error::{Error, InputError};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Schema identifier of a partial result file (v2: content fingerprint + embedded config).
pub const PARTIAL_SCHEMA: &str = "skirmish-odds/partial/v2";
/// Most shards one run may be split into.
pub const MAX_SHARDS: u64 = 100_000;

/// One shard's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Partial {
    pub schema: String,
    /// Program and version that ran the shard: shards of different versions are not merged,
    /// since a rule fix between them would mix two different answers.
    pub generator: String,
    /// The scenario file as typed on the shard's command line (shown in the merged report only).
    pub config: String,
    /// SHA-256 of everything that defines the scenario's numbers (not where its file lives).
    pub fingerprint: String,
    pub seed: u64,
    pub trials: u64,
    /// `[i, n]`: shard i (1-based) of n.
    pub shard: [u64; 2],
    /// `--exact` (`true`) or `--sample` (`false`) as given to the shard runs; `merge` applies it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<bool>,
    /// The config file and its includes as they were read, for `merge`.
    pub sources: Vec<EmbeddedFile>,
    pub tallies: Vec<Tally>,
}

/// A copy of one config file inside a partial result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EmbeddedFile {
    /// The path the loader read it from (the include as resolved against the scenario's path).
    pub path: String,
    pub text: String,
}

/// This build's name and version, as partials record it.
fn generator() -> String {
    format!("skirmish-odds {}", env!("CARGO_PKG_VERSION"))
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
        "{:?}|{:?}|{}|{:?}|{:?}|{:?}|{:?}|{:?}{}",
        sc.name,
        sc.kind,
        sc.seed,
        sc.stop,
        sc.readings,
        sc.setup,
        sc.cells,
        sc.layout,
        // Only a non-default mode is added, so fingerprints of earlier runs stay valid.
        match sc.exact {
            crate::analysis::scenario::ExactMode::Auto => "",
            crate::analysis::scenario::ExactMode::Always(_) => "|exact",
            crate::analysis::scenario::ExactMode::Never => "|sample",
        }
    );
    crate::output::manifest::sha256_hex(text.as_bytes())
}

/// The fixed trial count a sharded run needs (checked before anything is written).
pub fn fixed_trials(sc: &Scenario) -> Result<u64, InputError> {
    match sc.stop {
        Stop::Trials(n) => Ok(n),
        Stop::Precision { .. } => Err(InputError::msg(
            "a sharded run needs a fixed trial count: its stopping rule cannot see the other shards",
        )
        .field("--shard", "use with `trials` in the config or --trials")),
    }
}

/// Run one shard of a fixed-trial scenario whose files were `sources` (from
/// [`config::load_with_sources`]); `Err` if it was stopped by a signal or is not fixed-trial.
/// Cells with an exact tally (`exact[k]`, see [`crate::analysis::exact_cells`]) are not sampled:
/// every shard carries the same exact tally, and `merge` takes it once. `exact_flag` is the
/// command line's `--exact` / `--sample`, which `merge` must apply again.
pub fn run_partial(
    sc: &Scenario,
    sources: &[Source],
    exact: Vec<Option<Tally>>,
    exact_flag: Option<bool>,
    shard: Shard,
    threads: usize,
    progress: &Progress,
) -> Result<Partial, Error> {
    let trials = fixed_trials(sc)?;
    engine::with_threads(threads, || crate::analysis::prepare_cells(sc))?;
    let cells: Vec<_> = sc.cells.iter().map(|c| c.trial.clone()).collect();
    let tallies = engine::with_threads(threads, || engine::run_shard(&cells, exact, sc.seed, trials, shard, progress));
    progress.finish();
    progress.check()?;
    Ok(Partial {
        schema: PARTIAL_SCHEMA.into(),
        generator: generator(),
        config: sc.source.to_string_lossy().into_owned(),
        fingerprint: fingerprint(sc),
        seed: sc.seed,
        trials,
        shard: [shard.index + 1, shard.count],
        exact: exact_flag,
        sources: sources
            .iter()
            .map(|s| EmbeddedFile { path: s.path.to_string_lossy().into_owned(), text: s.text.clone() })
            .collect(),
        tallies,
    })
}

impl Partial {
    /// The file's contents.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("partial serialises")
    }
}

fn read_partial(path: &Path) -> Result<Partial, InputError> {
    let at = |msg: String| {
        let mut e = InputError::msg(msg);
        e.file = Some(path.to_path_buf());
        e
    };
    // Never open a named pipe or device: reading it could block forever.
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(at("cannot read partial result: not a regular file".into()));
    }
    let text = std::fs::read_to_string(path).map_err(|e| at(format!("cannot read partial result: {e}")))?;
    if text.starts_with("{\"schema\":\"skirmish-odds/partial/v1\"") {
        return Err(at("this partial result was made by an older skirmish-odds, which did not carry its config; \
                       re-run the shard with this version"
            .into())
        .field("schema", format!("`{PARTIAL_SCHEMA}`")));
    }
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

/// Merge partial results into the single run's result. Reads nothing but the partials.
pub fn merge(paths: &[PathBuf]) -> Result<RunResult, InputError> {
    if paths.is_empty() {
        return Err(InputError::msg("no partial results given").field("PARTIAL", "one file per shard"));
    }
    let parts: Vec<Partial> = paths.iter().map(|p| read_partial(p)).collect::<Result<_, _>>()?;
    let first = &parts[0];
    let n = first.shard[1];
    let mut seen = vec![None::<&Path>; n as usize];
    for (p, path) in parts.iter().zip(paths) {
        let differs = |what: &str, here: String, there: String| {
            let mut e = InputError::msg(format!(
                "this partial has {what} {here}, but {} has {there}: shards of different runs cannot be merged",
                paths[0].display()
            ));
            e.file = Some(path.clone());
            e
        };
        if p.generator != first.generator {
            return Err(differs("the version", p.generator.clone(), first.generator.clone()));
        }
        if p.fingerprint != first.fingerprint {
            // Say first whatever a user can recognise; the fingerprint covers every rule value.
            if p.seed != first.seed {
                return Err(differs("seed", p.seed.to_string(), first.seed.to_string()));
            }
            if p.trials != first.trials {
                return Err(differs("trial count", p.trials.to_string(), first.trials.to_string()));
            }
            return Err(differs(
                "a different scenario",
                format!("(config `{}`, fingerprint {})", p.config, &p.fingerprint[..12.min(p.fingerprint.len())]),
                format!(
                    "config `{}`, fingerprint {}",
                    first.config,
                    &first.fingerprint[..12.min(first.fingerprint.len())]
                ),
            ));
        }
        if p.seed != first.seed {
            return Err(differs("seed", p.seed.to_string(), first.seed.to_string()));
        }
        if p.trials != first.trials {
            return Err(differs("trial count", p.trials.to_string(), first.trials.to_string()));
        }
        if p.shard[1] != n {
            return Err(differs("shard count", p.shard[1].to_string(), n.to_string()));
        }
        let i = p.shard[0];
        if i == 0 || i > n {
            let mut e = InputError::msg(format!("shard index {i} is not within 1..={n}"));
            e.file = Some(path.clone());
            return Err(e);
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
    let overrides = Overrides {
        seed: Some(first.seed),
        trials: Some(first.trials as i64),
        exact: first.exact,
        ..Overrides::default()
    };
    let copies: Vec<Source> =
        first.sources.iter().map(|f| Source { path: PathBuf::from(&f.path), text: f.text.clone() }).collect();
    let (scenario, _) = config::load_with_sources(Path::new(&first.config), &overrides, Some(&copies))?;
    if fingerprint(&scenario) != first.fingerprint {
        let mut e = InputError::msg(
            "the config this partial carries does not rebuild the scenario its shards ran; re-run the shards",
        );
        e.file = Some(paths[0].clone());
        return Err(e);
    }
    let expected: Vec<Tally> = scenario.cells.iter().map(|c| Tally::new(&engine::Trial::shape(&c.trial))).collect();
    let mut tallies = expected.clone();
    for (p, path) in parts.iter().zip(paths) {
        if p.tallies.len() != expected.len() || p.tallies.iter().zip(&expected).any(|(a, b)| !a.same_shape(b)) {
            let mut e = InputError::msg("this partial's tallies do not fit the scenario (damaged file?)");
            e.file = Some(path.clone());
            return Err(e);
        }
        for (k, (a, b)) in tallies.iter_mut().zip(&p.tallies).enumerate() {
            if b.exact {
                // Every shard carries the same exact tally: take it once, check the others.
                let first_exact = &parts[0].tallies[k];
                if !first_exact.exact || first_exact != b {
                    let mut e = InputError::msg(format!("cell {k} is exact in one shard and not in another"));
                    e.file = Some(path.clone());
                    return Err(e);
                }
                *a = b.clone();
            } else {
                a.merge(b);
            }
        }
    }
    let sampled = tallies.iter().any(|t| !t.exact);
    let stopping = engine::fixed_stopping(&tallies, if sampled { first.trials } else { 0 });
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
