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
//!
//! `merge` trusts no number in a partial: a partial is a file, and files get edited, truncated,
//! relabelled and copied. Before adding a partial it checks that its shard is `i/n` within
//! [`MAX_SHARDS`] (before allocating anything from `n`), that each sampled tally ran exactly the
//! trials shard i of n must run ([`Shard::trials_of`], the engine's own deal of chunks), that
//! every histogram sums to its tally's trials and no count exceeds them, that exact tallies are
//! consistent and the same in every shard, and finally the partial's SHA-256 digest (see
//! [`Partial::digest_of`]). Each refusal is one message naming the file and what is wrong.

use crate::analysis::RunResult;
use crate::analysis::scenario::Scenario;
use crate::config::{Overrides, source::Source};
use crate::engine::{self, RunOutput, Shard, Stop, Tally, progress::Progress};
use crate::error::{Error, InputError};
use crate::registry;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Schema identifier of a partial result file (v2: content fingerprint + embedded config;
/// v3: a digest of the whole partial).
pub const PARTIAL_SCHEMA: &str = "skirmish-odds/partial/v3";
/// Most shards one run may be split into.
pub const MAX_SHARDS: u64 = 100_000;
/// Largest partial result `merge` reads. Real partials are a few kilobytes to a few megabytes
/// (tallies are histograms, never lists of trials; the config copies are text); anything this
/// big is not one, and reading it whole could exhaust memory.
pub const MAX_PARTIAL_BYTES: u64 = 256 << 20;
/// What every refusal of a partial's numbers tells the user to do.
const REDO: &str = "the file was edited or damaged; re-run this shard";

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
    /// The command line's overrides as the shard was given them (`--set`s among them), which
    /// `merge` applies again and records in the report's scenario, as a single run would.
    /// Absent in partials of earlier builds: `merge` then rebuilds from the seed, trials and mode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overrides: Option<Overrides>,
    pub tallies: Vec<Tally>,
    /// [`Partial::digest_of`] as the shard wrote it; `merge` recomputes and compares it.
    pub digest: String,
}

/// A copy of one config file inside a partial result (and a report's scenario record).
pub use crate::config::source::EmbeddedFile;

use crate::rerun::generator;

/// Parse `i/n` with 1 ≤ i ≤ n.
pub fn parse_shard(s: &str) -> Result<Shard, InputError> {
    let bad = || {
        InputError::msg(format!("`{s}` is not a shard"))
            .field("--shard", format!("i/n with 1 ≤ i ≤ n ≤ {MAX_SHARDS}, e.g. 3/8"))
    };
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    // Whole numbers as `--trials` reads them (`1/1e3`, `1/1_000`).
    let num = |x: &str| crate::config::number::whole(x).and_then(|v| u64::try_from(v).ok()).ok_or_else(bad);
    let (i, n) = (num(i)?, num(n)?);
    if i == 0 || i > n || n > MAX_SHARDS {
        return Err(bad());
    }
    Ok(Shard { index: i - 1, count: n })
}

/// A cell as the fingerprint prints it (named as the scenario's cell, so the text is unchanged).
#[derive(Debug)]
#[allow(dead_code)] // read through `Debug` only
struct CellSpec<'a> {
    label: &'a String,
    params: &'a Vec<(String, serde_json::Value)>,
    trial: &'a crate::analysis::cell::Cell,
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
        // The cells as they printed before they recorded their inputs (which name files: a
        // fingerprint is of the numbers, not of where the files live).
        sc.cells.iter().map(|c| CellSpec { label: &c.label, params: &c.params, trial: &c.trial }).collect::<Vec<_>>(),
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
        Stop::Precision { .. } | Stop::Settle { .. } => Err(InputError::msg(
            "a sharded run needs a fixed trial count: its stopping rule cannot see the other shards",
        )
        .field("--shard", "use with `trials` in the config or --trials")),
    }
}

/// Run one shard of a fixed-trial scenario whose files were `sources` (from
/// [`crate::registry::load_with_sources`]); `Err` if it was stopped by a signal or is not fixed-trial.
/// Cells with an exact tally (`exact[k]`, see [`crate::analysis::exact_cells`]) are not sampled:
/// every shard carries the same exact tally, and `merge` takes it once. `exact_flag` is the
/// command line's overrides (its `--exact` / `--sample` among them), which `merge` must apply
/// again.
pub fn run_partial(
    sc: &Scenario,
    sources: &[Source],
    exact: Vec<Option<Tally>>,
    overrides: &Overrides,
    shard: Shard,
    threads: usize,
    progress: &Progress,
) -> Result<Partial, Error> {
    let trials = fixed_trials(sc)?;
    // An exact balance samples only what the single run samples (`merge` solves its duels again).
    let (_, exact) = crate::analysis::balance_solved(sc, exact, threads, progress)?;
    if exact.iter().any(Option::is_none) {
        engine::with_threads(threads, || crate::analysis::prepare_cells(sc))?;
    }
    let cells: Vec<_> = sc.cells.iter().map(|c| c.trial.clone()).collect();
    let tallies = engine::with_threads(threads, || engine::run_shard(&cells, exact, sc.seed, trials, shard, progress));
    progress.finish();
    progress.check()?;
    let mut partial = Partial {
        schema: PARTIAL_SCHEMA.into(),
        generator: generator(),
        config: sc.source.to_string_lossy().into_owned(),
        fingerprint: fingerprint(sc),
        seed: sc.seed,
        trials,
        shard: [shard.index + 1, shard.count],
        exact: overrides.exact,
        sources: sources.iter().map(EmbeddedFile::of).collect(),
        overrides: Some(overrides.clone()),
        tallies,
        digest: String::new(),
    };
    partial.seal();
    Ok(partial)
}

impl Partial {
    /// The file's contents.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("partial serialises")
    }

    /// SHA-256 (hex) of every field but the digest itself — the tallies bound to the
    /// fingerprint, seed, trial count, shard `i/n`, mode, version and config copies — so that
    /// changing any number, relabelling the shard or moving a tally to another partial is seen.
    ///
    /// It is computed over an explicit text written here, not over the JSON, so it does not
    /// depend on how a JSON library spaces or orders things. It has no key: it detects edits
    /// and damage (a hand edit, a truncated copy, a script that "fixes" a file), not a determined
    /// forger, who could edit the numbers and compute the digest again. The checks on sums and
    /// trial counts do not rely on it and still refuse numbers no shard could have produced.
    pub fn digest_of(&self) -> String {
        use std::fmt::Write;
        let mut t = String::from("skirmish-odds partial digest 1\n");
        // Free text is length-prefixed, so no choice of text can imitate the fields after it.
        let text = |t: &mut String, s: &str| {
            let _ = writeln!(t, "{}:{s}", s.len());
        };
        for s in [&self.schema, &self.generator, &self.config, &self.fingerprint] {
            text(&mut t, s);
        }
        let _ = writeln!(
            t,
            "seed {} trials {} shard {}/{} exact {:?}",
            self.seed, self.trials, self.shard[0], self.shard[1], self.exact
        );
        let _ = writeln!(t, "sources {}", self.sources.len());
        for f in &self.sources {
            text(&mut t, &f.path);
            text(&mut t, &f.text);
        }
        // Only when present, so digests of partials written before it stay valid.
        if let Some(o) = &self.overrides {
            text(&mut t, &serde_json::to_string(o).expect("overrides serialise"));
        }
        let _ = writeln!(t, "tallies {}", self.tallies.len());
        let list = |t: &mut String, name: &str, xs: &[u128]| {
            let _ = write!(t, "{name} {}:", xs.len());
            for x in xs {
                let _ = write!(t, " {x}");
            }
            t.push('\n');
        };
        for (k, tally) in self.tallies.iter().enumerate() {
            let _ = writeln!(t, "cell {k} trials {} exact {}", tally.trials, tally.exact);
            let _ = writeln!(t, "hists {}", tally.hists.len());
            for h in &tally.hists {
                list(&mut t, "hist", h);
            }
            list(&mut t, "events", &tally.events);
            let pairs: Vec<u128> = tally.ratios.iter().flat_map(|&(x, y)| [x as u128, y as u128]).collect();
            list(&mut t, "ratios", &pairs);
            list(&mut t, "cross", &tally.cross);
        }
        crate::output::manifest::sha256_hex(t.as_bytes())
    }

    /// Set [`Partial::digest`] from the contents (done once, when the shard's run is complete).
    pub fn seal(&mut self) {
        self.digest = self.digest_of();
    }
}

/// An input error about the partial at `path`.
fn at(path: &Path, msg: impl Into<String>) -> InputError {
    let mut e = InputError::msg(msg);
    e.file = Some(path.to_path_buf());
    e
}

/// A count as a reader writes it (`1,001`); counts read from a damaged file may pass 2^64.
fn num(n: u128) -> String {
    u64::try_from(n).map_or_else(|_| n.to_string(), crate::text::count)
}

/// The schema field alone, read before the whole partial so that files of older schemas,
/// which lack later fields, get their own message rather than a parse error.
#[derive(Deserialize)]
struct SchemaOnly {
    schema: String,
}

fn read_partial(path: &Path) -> Result<Partial, InputError> {
    use std::io::Read;
    // Never open a named pipe or device: reading it could block forever.
    let meta = std::fs::metadata(path).map_err(|e| at(path, format!("cannot read partial result: {e}")))?;
    if !meta.is_file() {
        return Err(at(path, "cannot read partial result: not a regular file"));
    }
    let too_big = |size: u64| {
        at(
            path,
            format!(
                "this file is {} MiB, larger than any partial result (at most {} MiB): is it one?",
                size.div_ceil(1 << 20),
                MAX_PARTIAL_BYTES >> 20
            ),
        )
    };
    if meta.len() > MAX_PARTIAL_BYTES {
        return Err(too_big(meta.len()));
    }
    // Read at most one byte past the limit, in case the file grew since it was measured.
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_PARTIAL_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| at(path, format!("cannot read partial result: {e}")))?;
    if bytes.len() as u64 > MAX_PARTIAL_BYTES {
        return Err(too_big(bytes.len() as u64));
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| at(path, "not a skirmish-odds partial result: the file is not UTF-8 text"))?;
    let older = |what: &str| {
        Err(at(
            path,
            format!("this partial result was made by an older skirmish-odds, which did not {what}; re-run the shard with this version"),
        )
        .field("schema", format!("`{PARTIAL_SCHEMA}`")))
    };
    if let Ok(SchemaOnly { schema }) = serde_json::from_str(&text) {
        match schema.as_str() {
            "skirmish-odds/partial/v1" => return older("carry its config"),
            "skirmish-odds/partial/v2" => return older("seal its numbers with a digest"),
            PARTIAL_SCHEMA => {}
            other => return Err(at(path, format!("schema `{other}`")).field("schema", format!("`{PARTIAL_SCHEMA}`"))),
        }
    }
    serde_json::from_str(&text).map_err(|e| {
        // In the words of the file, not of the program's types ("expected struct Partial").
        let text = e.to_string();
        // The position goes in the error's own line and column, not twice.
        let text = text.rsplit_once(" at line ").map_or(text.as_str(), |(m, _)| m);
        let words = crate::config::source::user_words(text)
            .replace("a tuple of size 2", "a pair `[a, b]`")
            .replace("expected a table", "expected a JSON object");
        let mut err = at(path, format!("not a skirmish-odds partial result: {words}"));
        err.line = Some(e.line());
        err.column = Some(e.column());
        err
    })
}

/// The shard label `[i, n]` is usable: `n` within [`MAX_SHARDS`], `i` within `1..=n`. Checked
/// for every partial before `n` sizes anything.
fn check_label(p: &Partial, path: &Path) -> Result<(), InputError> {
    let [i, n] = p.shard;
    if n == 0 || n > MAX_SHARDS {
        return Err(at(
            path,
            format!(
                "this partial says it is shard {} of {}, but a run has 1 to {} shards: {REDO}",
                num(i.into()),
                num(n.into()),
                num(MAX_SHARDS.into())
            ),
        )
        .field("shard", format!("[i, n] with 1 ≤ i ≤ n ≤ {MAX_SHARDS}")));
    }
    if i == 0 || i > n {
        return Err(at(path, format!("shard index {i} is not within 1..={n}")));
    }
    Ok(())
}

/// The digest the partial carries is the one its contents give.
fn check_digest(p: &Partial, path: &Path) -> Result<(), InputError> {
    if p.digest != p.digest_of() {
        return Err(at(
            path,
            format!("this partial's numbers do not match the digest the shard wrote with them: {REDO}"),
        ));
    }
    Ok(())
}

/// The partials are shards of one run, all present once; returns nothing but refusals.
fn same_run(parts: &[Partial], paths: &[PathBuf]) -> Result<(), InputError> {
    let first = &parts[0];
    let n = first.shard[1];
    // `n` ≤ MAX_SHARDS: `check_label` passed for every partial.
    let mut seen = vec![None::<&Path>; n as usize];
    for (p, path) in parts.iter().zip(paths) {
        let differs = |what: &str, here: String, there: String| {
            at(
                path,
                format!(
                    "this partial has {what} {here}, but {} has {there}: shards of different runs cannot be merged",
                    paths[0].display()
                ),
            )
        };
        if p.generator != first.generator {
            return Err(differs("the version", p.generator.clone(), first.generator.clone()));
        }
        let sets = |p: &Partial| p.overrides.as_ref().map(|o| o.sets.clone()).unwrap_or_default();
        if sets(p) != sets(first) {
            let shown = |s: &[String]| {
                if s.is_empty() {
                    "no --set".to_string()
                } else {
                    s.iter().map(|s| format!("--set {s}")).collect::<Vec<_>>().join(" ")
                }
            };
            return Err(at(
                path,
                format!(
                    "this partial was run with {}, but {} with {}: shards of different runs cannot be merged",
                    shown(&sets(p)),
                    paths[0].display(),
                    shown(&sets(first))
                ),
            ));
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
                format!("(config `{}`, fingerprint {})", p.config, short(&p.fingerprint)),
                format!("config `{}`, fingerprint {}", first.config, short(&first.fingerprint)),
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
        if let Some(other) = seen[(i - 1) as usize] {
            return Err(at(path, format!("shard {i}/{n} is given twice (also {})", other.display())));
        }
        seen[(i - 1) as usize] = Some(path);
    }
    let missing: Vec<String> =
        seen.iter().enumerate().filter(|(_, s)| s.is_none()).map(|(i, _)| format!("{}/{n}", i + 1)).collect();
    if !missing.is_empty() {
        return Err(InputError::msg(format!("missing shard(s) {}", missing.join(", ")))
            .field("PARTIAL", format!("all {n} shards of the run")));
    }
    Ok(())
}

/// The first 12 characters of a fingerprint (all of it, if a damaged file has fewer).
fn short(s: &str) -> &str {
    s.char_indices().nth(12).map_or(s, |(i, _)| &s[..i])
}

/// Every number of partial `p` is one its shard could have written: its tallies fit the
/// scenario's cells, each sampled tally ran exactly the trials shard i of n runs, histograms
/// sum to the trials, no count exceeds them, exact tallies agree with the first partial's, and
/// the digest matches. Checked before the partial is added, so nothing inconsistent is merged
/// (and nothing downstream meets a count it cannot interpret).
fn verify(
    (p, path): (&Partial, &Path),
    (first, first_path): (&Partial, &Path),
    scenario: &Scenario,
    expected: &[Tally],
) -> Result<(), InputError> {
    if p.tallies.len() != expected.len() || p.tallies.iter().zip(expected).any(|(a, b)| !a.same_shape(b)) {
        return Err(at(path, "this partial's tallies do not fit the scenario (damaged file?)"));
    }
    let [i, n] = p.shard;
    let share = Shard { index: i - 1, count: n }.trials_of(p.trials) as u128;
    for (k, ((t, e), cell)) in p.tallies.iter().zip(expected).zip(&scenario.cells).enumerate() {
        let shape = cell.trial.shape();
        let bad = |what: String| Err(at(path, format!("cell {k} (`{}`): {what}: {REDO}", cell.label)));
        let reference = &first.tallies[k];
        if t.exact != reference.exact {
            let (here, there) = if t.exact { ("exact", "sampled") } else { ("sampled", "exact") };
            return bad(format!("the cell is {here} here but {there} in {}", first_path.display()));
        }
        if t.exact {
            // A balance's duel solved exactly and not sampled stands as an empty exact tally
            // ([`crate::analysis::solved_elsewhere`]): `merge` solves it again. Nowhere else.
            if t.trials == 0 && !solves_its_duels(scenario) {
                return bad("its exact distribution has a denominator of 0".into());
            }
        } else if t.trials != share {
            return bad(format!(
                "the tally ran {} trials, but shard {i}/{n} of a {}-trial run runs {} per cell",
                num(t.trials),
                num(p.trials.into()),
                num(share)
            ));
        }
        let ran = if t.exact {
            format!("its exact denominator is {}", num(t.trials))
        } else {
            format!("the tally ran {} trials", num(t.trials))
        };
        for ((h, base), (name, _)) in t.hists.iter().zip(&e.hists).zip(&shape.metrics) {
            // Exactly the shape's bins: a metric's range is fixed when the scenario is built, and a
            // forged count in bin 65,535 (sums intact, digest recomputed) made the merged report
            // lay out 65,536 bars (79 s, 1.1 GB).
            if h.len() != base.len() {
                return bad(format!(
                    "histogram of `{name}` has {} bins, but this scenario's has {} (one per value)",
                    num(h.len() as u128),
                    num(base.len() as u128)
                ));
            }
            // Checked: a damaged file's bins may add past 2^128.
            match h.iter().try_fold(0u128, |acc, &c| acc.checked_add(c)) {
                Some(sum) if sum == t.trials => {}
                sum => {
                    let shown = sum.map_or_else(|| format!("more than {}", u128::MAX), num);
                    return bad(format!("histogram of `{name}` sums to {shown} but {ran}"));
                }
            }
        }
        for (&c, name) in t.events.iter().zip(&shape.events) {
            if c > t.trials {
                return bad(format!("event `{name}` is counted {} times but {ran}", num(c)));
            }
        }
        for (&c, &(x, y)) in t.cross.iter().zip(&t.ratios) {
            if c > cross_bound(&t.hists[x], &t.hists[y]) {
                let (mx, my) = (shape.metrics[x].0, shape.metrics[y].0);
                return bad(format!("the sum of `{mx}` × `{my}` is larger than its histograms allow"));
            }
        }
        if t.exact && t != reference {
            return Err(at(
                path,
                format!(
                    "cell {k} (`{}`): its exact result differs from the one in {}: one of them was edited or damaged; re-run the shards",
                    cell.label,
                    first_path.display()
                ),
            ));
        }
    }
    check_digest(p, path)
}

/// The largest Σ x·y two histograms allow: every x ≤ the largest x seen, so Σ x·y ≤ max x · Σ y,
/// and likewise with x and y swapped. Saturates rather than overflows.
fn cross_bound(hx: &[u128], hy: &[u128]) -> u128 {
    let max = |h: &[u128]| h.iter().rposition(|&c| c > 0).unwrap_or(0) as u128;
    let sum =
        |h: &[u128]| h.iter().enumerate().fold(0u128, |acc, (v, &c)| acc.saturating_add((v as u128).saturating_mul(c)));
    max(hx).saturating_mul(sum(hy)).min(max(hy).saturating_mul(sum(hx)))
}

/// Merge partial results into the single run's result. Reads nothing but the partials, and
/// verifies each (see the module comment) before adding it.
pub fn merge(paths: &[PathBuf]) -> Result<RunResult, InputError> {
    merge_recorded(paths).map(|(run, _)| run)
}

/// [`merge`], with where the scenario came from (the first partial's config path, files and
/// overrides), for the report's scenario record: the same record a single run writes.
/// Whether `sc` is a balance whose duels, solved exactly, leave nothing to sample (its cells
/// may then stand as empty exact tallies).
fn solves_its_duels(sc: &Scenario) -> bool {
    use crate::analysis::scenario::{ExactMode, Layout};
    matches!(&sc.layout, Layout::Balance(l) if !l.distributions) && sc.exact != ExactMode::Never
}

/// Solve a merged balance test's duels exactly where the single run would
/// ([`crate::analysis::balance_exact_duels`]): the partials carry only the sampled tallies.
pub fn solve_exact_duels(run: &mut RunResult) -> Result<(), Error> {
    run.exact_duels = crate::analysis::balance_exact_duels(&run.scenario, &Progress::hidden())?;
    let unsampled = run.output.tallies.iter().any(|t| t.exact && t.trials == 0);
    if unsampled && run.exact_duels.is_none() {
        // Only a shard of another build could say so: the same version solves what it solved.
        return Err(InputError::msg(
            "the partials leave this balance's duels to be solved exactly, but they cannot be solved here; re-run the shards with `--sample`",
        )
        .into());
    }
    if let (crate::analysis::scenario::Layout::Balance(l), None) = (&run.scenario.layout, &run.exact_duels) {
        let z = crate::stats::z_value();
        let fair = crate::analysis::balance::fair_cost_of(l, &run.output.tallies, None, z);
        run.settled = Some((crate::analysis::SETTLE_TARGET, fair.settled(crate::analysis::SETTLE_TARGET)));
    }
    Ok(())
}

pub fn merge_recorded(paths: &[PathBuf]) -> Result<(RunResult, crate::rerun::Provenance), InputError> {
    if paths.is_empty() {
        return Err(InputError::msg("no partial results given").field("PARTIAL", "one file per shard"));
    }
    let parts: Vec<Partial> = paths.iter().map(|p| read_partial(p)).collect::<Result<_, _>>()?;
    for (p, path) in parts.iter().zip(paths) {
        check_label(p, path)?;
    }
    let first = &parts[0];
    // The shard's own overrides; a partial of an earlier build gives its seed, trials and mode.
    let recorded = first.overrides.clone().unwrap_or_else(|| Overrides {
        seed: Some(first.seed),
        // Out of range if edited past i64; the loader then refuses it.
        trials: Some(i64::try_from(first.trials).unwrap_or(i64::MAX)),
        exact: first.exact,
        ..Overrides::default()
    });
    // Partials that disagree, or a first partial whose config does not rebuild its scenario:
    // when one of them was edited, saying so names the right file (an edited seed in part 1
    // would otherwise read as part 2 being from another run).
    let setup = || -> Result<Scenario, InputError> {
        same_run(&parts, paths)?;
        let overrides = &recorded;
        let copies: Vec<Source> =
            first.sources.iter().map(|f| Source { path: PathBuf::from(&f.path), text: f.text.clone() }).collect();
        let (scenario, _) = registry::load_with_sources(Path::new(&first.config), overrides, Some(&copies))?;
        if fingerprint(&scenario) != first.fingerprint {
            return Err(at(
                &paths[0],
                "the config this partial carries does not rebuild the scenario its shards ran; re-run the shards",
            ));
        }
        Ok(scenario)
    };
    let scenario =
        setup().map_err(|e| parts.iter().zip(paths).find_map(|(p, path)| check_digest(p, path).err()).unwrap_or(e))?;
    let expected: Vec<Tally> = scenario.cells.iter().map(|c| Tally::new(&c.trial.shape())).collect();
    let mut tallies = expected.clone();
    for (p, path) in parts.iter().zip(paths) {
        verify((p, path), (first, &paths[0]), &scenario, &expected)?;
        for (a, b) in tallies.iter_mut().zip(&p.tallies) {
            if b.exact {
                // Every shard carries the same exact tally (verified): take it once.
                *a = b.clone();
            } else {
                a.merge(b);
            }
        }
    }
    let sampled = tallies.iter().any(|t| !t.exact);
    let stopping = engine::fixed_stopping(&tallies, if sampled { first.trials } else { 0 });
    let prov = crate::rerun::Provenance {
        config: first.config.clone(),
        sources: first.sources.clone(),
        overrides: recorded,
        other_version: None,
    };
    // A balance test's exact duels are solved by the caller ([`solve_exact_duels`]), as the
    // single run solves them.
    Ok((RunResult { scenario, output: RunOutput { tallies, stopping }, exact_duels: None, settled: None }, prov))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_syntax() {
        assert_eq!(parse_shard("1/4").unwrap(), Shard { index: 0, count: 4 });
        assert_eq!(parse_shard("4/4").unwrap(), Shard { index: 3, count: 4 });
        assert_eq!(parse_shard("2/1e3").unwrap(), Shard { index: 1, count: 1000 });
        assert_eq!(parse_shard("1_000/1_000").unwrap(), Shard { index: 999, count: 1000 });
        for bad in ["0/4", "5/4", "x/4", "3", "1/0", "2/200000", "1.5/4", "-1/4", "1/1e-3"] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }
}
