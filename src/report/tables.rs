//! Which result tables a run gets: the generic ones per layout here, the per-system ones from
//! their own files; each is a [`Table`](super::table::Table), rendered by that module.

use crate::analysis::RunResult;
use crate::analysis::scenario::Layout;
use crate::report::model::Report;
use crate::system::RuleSystem;

use super::table::Table;

/// Every table for this run, walls of zeros folded into sentences ([`Table::fold_zeros`]).
pub fn tables(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Vec<Table> {
    let mut out = build(run, report, system);
    for t in &mut out {
        t.fold_zeros();
    }
    out
}

fn build(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Vec<Table> {
    match &run.scenario.layout {
        Layout::Single => super::single::tables(run, report, system),
        Layout::Compare { loadouts, targets, measure } => {
            super::compare::tables(run, report, system, (loadouts, targets), measure)
        }
        Layout::Sweep { parameter, measure, .. } => super::sweep::tables(run, report, system, parameter, measure),
        Layout::Sweep2 { x, xs, y, ys, measure } => {
            super::sweep::tables2(run, report, system, (x, xs), (y, ys), measure)
        }
        Layout::Duel { a, b } => super::duel::tables(run, report, system, a, b),
        Layout::Balance(l) => super::balance::tables(report, system, l),
        Layout::Paired { a, b, measure } => super::paired::tables(run, report, system, a, b, measure),
        Layout::Gang => super::gang::tables(run, report, system),
        Layout::Own(_) => system.report_tables(run, report),
    }
}
