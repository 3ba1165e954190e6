//! The threat range's answer: for each game, how far its mover is sure to reach base contact
//! this turn, how far it reaches half the time, and how far it can reach at all.

use super::report::ThreatLayout;
use crate::analysis::RunResult;
use crate::engine::Tally;

/// "Base contact this turn is certain up to / reached half the time at / possible up to: …".
pub fn answer(run: &RunResult) -> Option<String> {
    let ThreatLayout { systems, .. } = run.scenario.layout.get()?;
    let parts: Vec<String> = systems
        .iter()
        .zip(&run.output.tallies)
        .map(|(s, t)| {
            let (sure, half, most) = reach(t);
            if sure == most {
                format!("{s} always {}″", inches(sure))
            } else {
                format!("{s} {}″ / {}″ / {}″", inches(sure), inches(half), inches(most))
            }
        })
        .collect();
    Some(format!(
        "Base contact this turn is certain up to / reached half the time up to / possible up to: {} ({}).",
        parts.join("; "),
        if run.output.tallies.iter().all(|t| t.exact) { "exact" } else { "sampled" }
    ))
}

/// (shortest reach, median reach, longest reach) in tenths of an inch, from the reach
/// histogram (metric 0, tenths of an inch).
fn reach(t: &Tally) -> (usize, usize, usize) {
    let h = &t.hists[0];
    let most = h.iter().rposition(|&c| c > 0).unwrap_or(0);
    // The median of "reaches at least d": the largest d still reached in half the turns.
    let mut above = t.trials;
    let mut half = 0;
    for (d, &c) in h.iter().enumerate() {
        if above * 2 >= t.trials {
            half = d;
        }
        above -= c;
    }
    (t.first(0), half, most)
}

fn inches(tenths: usize) -> String {
    if tenths.is_multiple_of(10) { format!("{}", tenths / 10) } else { format!("{}.{}", tenths / 10, tenths % 10) }
}
