//! The generic analyses, written once for every rule system: `compare` (loadouts × targets),
//! `sweep` (any number of a card, weapon or circumstance, over one or two dimensions), `paired`
//! (two loadouts on common random numbers) and `balance` (a candidate against a gauntlet).
//!
//! They never look inside a system's trials. Each cell is the system's own single-resolution
//! scenario (or its duel) with the scenario's TOML changed: a loadout's fields written into the
//! resolution section, a target's name into its target field, a swept number into the section or
//! into a copy of the library entry a field names. The system then builds that cell exactly as it
//! would build a one-cell scenario, with every check it makes, so a generic analysis can never
//! disagree with the single resolution it repeats. What a system must describe is data: its
//! [`Resolution`](crate::system::Resolution) sections and its [`DuelDef`](crate::system::DuelDef)
//! (see `crate::system`).
//!
//! One file per analysis, each holding its `[section]` schema and how it plans its cells and
//! layout: [`compare`], [`sweep`], [`paired`], [`balance`]. What they share: [`plan`](mod@plan) (the
//! [`Planner`]: the scenario as a TOML table, its resolution section, library
//! entries, loadouts and targets) and [`cell`](mod@cell) (building one cell through the loader and
//! placing its errors on the user's lines). The sampling side of `paired` and `balance` (their
//! trials and verdicts) is in `crate::analysis`, and every layout's tables and charts in
//! `crate::report`: those run on results, never on a config.
//!
//! They live under `config/`, not `analysis/`: planning a cell is reading a config (the `Ctx`
//! with its file:line errors, notes and included sources, and the loader's whole route), while
//! `analysis/` runs finished scenarios and sits below `config/`. The loader's entry point is
//! handed in ([`Loader`]) rather than imported, so the recursion (the loader plans an analysis,
//! which builds each cell through the loader) is a call, not an import loop.

mod balance;
mod balance_stats;
mod cell;
mod compare;
mod measure;
mod paired;
mod plan;
mod sweep;

pub use super::sections::SECTIONS;
pub use sweep::sweepable_fields;

use super::ctx::{Built, Ctx, MAX_CELLS};
use super::source::{Doc, Source};
use crate::analysis::scenario::Kind;
use crate::error::InputError;
use crate::system::RuleSystem;
pub(crate) use plan::Loader;
use plan::Planner;
use serde::Deserialize;
use std::cell::RefCell;
use std::path::Path;
use toml::{Table, Value};

/// The generic sections, read strictly (the rest of the file is the system's).
#[derive(Debug, Default, Deserialize)]
struct Sections {
    compare: Option<compare::CompareSpec>,
    sweep: Option<sweep::SweepSpec>,
    paired: Option<paired::PairedSpec>,
    balance: Option<balance::BalanceSpec>,
}

/// Build a generic kind's cells for `system`.
pub(crate) fn plan(
    ctx: &mut Ctx,
    loader: &Loader,
    system: &'static dyn RuleSystem,
    kind: Kind,
    doc: Doc<'_>,
    setup: &mut Vec<String>,
) -> Result<Built, InputError> {
    let src = &ctx.sources[0];
    let sections: Sections = doc.read_or(src, |e| (loader.read_error)(src, e))?;
    let doc: Table = doc.read_or(src, |e| (loader.read_error)(src, e))?;
    // The cells read the included files themselves; the outer scenario records them too, so a
    // shard's partial result carries every file `merge` needs.
    let base = ctx.sources[0].path.parent().map(Path::to_path_buf).unwrap_or_default();
    ctx.limit_includes(doc.get("include").and_then(Value::as_array).map_or(0, Vec::len))?;
    for inc in doc.get("include").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str) {
        let path = base.join(inc);
        if ctx.sources.iter().any(|s| s.path == path) {
            continue;
        }
        let src = Source::read_from(&path, ctx.embedded.as_deref()).map_err(|e| {
            ctx.err(
                0,
                &["include"],
                format!("cannot read included file {}: {}", path.display(), e.message),
                "paths relative to the scenario file",
            )
        })?;
        ctx.keep_source(src)?;
    }
    let p = Planner {
        ctx,
        loader,
        system,
        doc,
        kind: kind.name(),
        idle_readings: RefCell::new(None),
        shared: RefCell::default(),
    };
    let built = match kind.name() {
        "compare" => p.compare(p.need(&sections.compare, "compare")?, setup),
        "sweep" => p.sweep(p.need(&sections.sweep, "sweep")?, setup),
        "paired" => p.paired(p.need(&sections.paired, "paired")?, setup),
        "balance" => p.balance(p.need(&sections.balance, "balance")?, setup),
        other => unreachable!("`{other}` is not a generic kind"),
    }?;
    for n in p.idle_readings.take().unwrap_or_default() {
        p.ctx.note(n);
    }
    for &s in SECTIONS {
        if s != kind.name() && p.doc.contains_key(s) {
            return Err(p.ctx.err(
                0,
                &[s],
                format!("section [{s}] is not used by kind = \"{}\"", kind.name()),
                format!("sections for this kind: [{}] and the system's sections", kind.name()),
            ));
        }
    }
    let asked = built.1.asked_cells(built.0.len());
    if asked > MAX_CELLS {
        return Err(p.ctx.err(
            0,
            &[kind.name()],
            format!("this scenario has {asked} cells"),
            format!("at most {MAX_CELLS}"),
        ));
    }
    Ok(built)
}
