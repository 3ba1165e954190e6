//! The answers of the 2013 procedures whose question the generic first event half-answers: Take
//! the Lead (who leads, round by round) and Let's Go! (how long the chain gets).
//!
//! Take the Lead (seed L316, L1430, L1494). Why a sentence of its own: the generic answer gives the first event ("player A leads round
//! 1"), which is half the question. Each round draws one counter from the bag without putting it
//! back, and draws without replacement are exchangeable: every round A leads with A's share of
//! the bag, a / (a + b), whatever happened before it is drawn. So the answer gives that share as
//! the round-by-round figure (the run's round 1 and last round measure it), then what a whole
//! game gives: how many rounds A leads, a majority, the longest run.

use super::rules::procedures::{LetsGo, TakeTheLead};
use crate::analysis::RunResult;
use crate::report::answer::{prob, proportion};
use crate::report::model::Report;
use crate::stats::{self, gcd};

/// Let's Go! (seed L1466): a chain's length, as P(at least k more henchmen activate) for every k
/// up to those ready, and its mean — "at least one" alone (the generic answer) said nothing of
/// how long the chain gets, which is what the run asks.
pub fn lets_go(go: &LetsGo, run: &RunResult, report: &Report) -> Option<String> {
    let i = report.cells.first()?.metrics.0.iter().position(|(n, _)| n == "chain")?;
    let t = &run.output.tallies[0];
    let z = stats::z_value();
    let h = t.hists.get(i)?;
    let at_least: Vec<String> = (1..=go.available as usize)
        .map(|k| {
            let n: u128 = h.iter().skip(k).sum();
            let who = if k == go.available as usize { format!("all {k}") } else { format!("{k} or more") };
            format!("{who} {}", proportion(&t.proportion(n, z)))
        })
        .collect();
    let m = t.moments(i);
    Some(format!(
        "A Let's Go! chain with {} more henchmen ready activates {}; {} more on average{}.",
        go.available,
        at_least.join(", "),
        crate::text::mean_ci(m.mean, m.stderr, z),
        if t.exact { " (exact)" } else { " (95 % intervals)" }
    ))
}

/// "Player A leads each of the 6 rounds 50.00% (exact, 1/2: 3 of the bag's 6 counters) …".
pub fn answer(t: &TakeTheLead, report: &Report) -> Option<String> {
    let cell = report.cells.first()?;
    let (first, last, most) = (
        cell.events.get("a_leads_round_1")?,
        cell.events.get("a_leads_last_round")?,
        cell.events.get("a_leads_majority")?,
    );
    let leads = cell.metrics.get("a_leads")?;
    let streak = cell.metrics.get("a_longest_streak")?;
    let rounds = t.rounds_played();
    let (a, n) = (t.a as u64, t.a as u64 + t.b as u64);
    let g = gcd(a as u128, n as u128).max(1) as u64;
    let share = if n == 0 { "no counters in the bag".to_string() } else { format!("{}/{}", a / g, n / g) };
    let exact = cell.events.get("a_leads_round_1").is_some_and(|e| e.ci95[0] == e.ci95[1]);
    // How many rounds A leads: one number when every game gives it, else its mean.
    let certain = leads.dist.0.iter().filter(|(_, p)| *p > 0.0).count() == 1;
    let how_many = if certain {
        format!("leads {} of the {rounds} rounds in every game", leads.mean.round())
    } else if exact {
        format!("leads {:.3} of the {rounds} rounds on average", leads.mean)
    } else {
        format!(
            "leads {:.3} ± {:.3} of the {rounds} rounds on average",
            leads.mean,
            crate::stats::z_value() * leads.stderr
        )
    };
    let majority = if most.p == 0.0 && exact {
        "more than half of them never".to_string()
    } else {
        format!("more than half of them {}", prob(most))
    };
    let run = if exact {
        format!("{:.3}", streak.mean)
    } else {
        format!("{:.3} ± {:.3}", streak.mean, crate::stats::z_value() * streak.stderr)
    };
    Some(format!(
        "Player A leads each round with A's share of the bag, {share} ({a} of {n} counters): round 1 {}, the last round {}; A {how_many}, {majority}; A's longest run of leads is {run} rounds on average{}.",
        prob(first),
        prob(last),
        if exact { " (exact)" } else { " (95 % intervals)" },
    ))
}
