//! The charts of each generic layout (a single resolution, a comparison, a one- and a
//! two-dimensional sweep), as chart models in the run's system's words; a system's own layouts
//! bring theirs (`RuleSystem::report_charts`). The drawing is `charts`.

use super::charts::Chart;
use super::model::Report;
use crate::analysis::RunResult;
use crate::analysis::scenario::Layout;
use crate::system::RuleSystem;

/// Charts for this run as (file stem, chart), in `system`'s words.
pub fn chart_specs(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Vec<(String, Chart)> {
    let mut out = match &run.scenario.layout {
        Layout::Single => super::single::charts(run, report, system),
        Layout::Compare { loadouts, targets, measure } => {
            super::compare::charts(run, report, system, (loadouts, targets), measure)
        }
        Layout::Sweep { parameter, values, measure } => {
            super::sweep::charts(run, report, system, (&parameter.title, values), measure)
        }
        Layout::Sweep2 { x, xs, y, ys, measure } => {
            super::sweep::charts2(run, report, system, (&x.title, xs), (&y.title, ys), measure)
        }
        Layout::Duel { a, b } => super::duel::charts(run, report, a, b),
        Layout::Balance(l) => super::balance::charts(run, report, l),
        Layout::Paired { a, b, measure } => super::paired::charts(run, report, system, a, b, measure),
        Layout::Gang => super::gang::charts(run, report, system),
        Layout::Own(_) => system.report_charts(run, report),
    };
    // A chart of a constant (a ★-only weapon's ♦ distribution: one bar at 0, 100 %) says
    // nothing the tables do not; leave it out.
    out.retain(|(_, c)| !c.is_constant());
    out
}
