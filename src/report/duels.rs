//! What the duel, balance and paired layouts' reports share (each layout's own tables and charts
//! are `duel.rs`, `balance.rs`, `paired.rs`): figures with their intervals, a fighter's row,
//! the z of a sampled check, and the first table of an exact duel, the same in every system that
//! solves its duel.

use super::charts::Est;
use super::table::Table;
use crate::analysis::balance::{self, DuelStats};
use crate::stats::Estimate;
use crate::text::{pct, pct_ci};

/// A figure with its 95 % interval; just the figure when it has none (an exact duel's, as
/// [`pct_ci`] does for a probability: "3.625", not "3.625 [3.625, 3.625]").
pub(super) fn est(e: &Estimate) -> String {
    if e.ci95[0] == e.ci95[1] {
        return balance::fmt(e.value);
    }
    format!("{} [{}, {}]", balance::fmt(e.value), balance::fmt(e.ci95[0]), balance::fmt(e.ci95[1]))
}

pub(super) fn p_est(e: &Estimate) -> String {
    pct_ci(e.value, e.ci95[0], e.ci95[1])
}

pub(super) fn stats_row(first: String, s: &DuelStats) -> Vec<String> {
    vec![
        first,
        p_est(&s.win),
        p_est(&s.draw),
        p_est(&s.loss),
        s.rounds_to_ko.as_ref().map(est).unwrap_or_else(|| "never".into()),
        est(&s.dealt_per_round),
        est(&s.taken_per_round),
    ]
}

/// The headers of a fighter's figures against one opponent; `out` is what the system calls going
/// out of the duel ("K.O.").
pub(super) fn stats_headers(out: &str) -> [String; 6] {
    [
        "P(win)".into(),
        "P(draw: both standing or both down)".into(),
        "P(loss)".into(),
        format!("rounds to {out} (when it happens)"),
        "damage dealt per round".into(),
        "damage taken per round".into(),
    ]
}

/// How far a sampled proportion `sampled` (of `n` trials) lies from the exact `p`, in standard
/// errors of such a sample (√(p(1 − p)/n)): "−1.3". Within about ±2 is what sampling gives
/// 19 times in 20; "0.0" when `p` is certain and the sample agrees.
pub fn z_score(sampled: f64, p: f64, n: u64) -> String {
    let se = (p * (1.0 - p) / n as f64).sqrt();
    z_text(sampled - p, se)
}

/// `diff / se` to one decimal with its sign ("+0.4", "−1.3"); "0.0" for no difference, "—"
/// for a difference where no spread is possible.
pub(super) fn z_text(diff: f64, se: f64) -> String {
    if se == 0.0 {
        return if diff == 0.0 { "0.0".into() } else { "—".into() };
    }
    let z = diff / se;
    let s = format!("{:.1}", z.abs());
    if s == "0.0" {
        s
    } else if z < 0.0 {
        format!("−{s}")
    } else {
        format!("+{s}")
    }
}

/// Remove every column (after the row labels) whose every cell is `empty` or blank: a cost no
/// fighter is given (the 2019 `$` beside Reputation) would otherwise be a column of dashes.
pub(super) fn drop_empty_columns(t: &mut Table, empty: &str) {
    if t.rows.is_empty() {
        return;
    }
    for c in (1..t.headers.len()).rev() {
        if t.rows.iter().all(|r| r.get(c).is_none_or(|x| x == empty || x.trim().is_empty())) {
            t.headers.remove(c);
            for r in &mut t.rows {
                if c < r.len() {
                    r.remove(c);
                }
            }
        }
    }
}

pub(super) fn e(x: &Estimate) -> Est {
    Est::from(*x)
}

/// The first table of an exact duel, the same in every system that solves its duel: both sides'
/// P(win), P(casualty), damage dealt (in the system's `damage` unit) and what each spends
/// (`spent`: the system's own measure, e.g. effort taken), then P(draw) and the mean rounds.
pub fn exact_figures(
    c: &crate::analysis::duel::DuelOutcome,
    policies: [&str; 2],
    names: [&str; 2],
    damage: &str,
    spent: (&str, [f64; 2]),
) -> Table {
    let mut fig = Table::new(
        format!("Exact duel as configured ({} vs {}; every state enumerated, no sampling)", policies[0], policies[1]),
        &["figure", names[0], names[1]],
        true,
    );
    let mean = |v: f64| format!("{v:.4}");
    for (label, va, vb) in [
        ("P(win)".to_string(), pct(c.a_wins), pct(c.b_wins)),
        ("P(removed as a casualty)".to_string(), pct(c.a_casualty), pct(c.b_casualty)),
        (format!("{damage} dealt to the opponent, mean"), mean(c.a_dealt), mean(c.b_dealt)),
        (spent.0.to_string(), mean(spent.1[0]), mean(spent.1[1])),
    ] {
        fig.rows.push(vec![label, va, vb]);
    }
    // A draw and the rounds played belong to the duel, not to one side: one sentence under the
    // table rather than rows with an empty cell under B.
    fig.notes.push(format!(
        "The duel as a whole: P(draw) {}; rounds it lasted, mean {}.",
        pct(c.draw),
        mean(c.mean_rounds)
    ));
    fig
}

#[cfg(test)]
mod tests {
    use super::*;

    /// z in standard errors of the sampled proportion around the exact one (the 2013 duel at
    /// 20,000 duels: exact 85.28 %, sampled 85.11 %), signed with a true minus.
    #[test]
    fn z_is_the_distance_in_standard_errors_of_the_sample() {
        assert_eq!(z_score(0.8511, 0.8528, 20_000), "−0.7");
        assert_eq!(z_score(0.8546, 0.8528, 1_000_000), "+5.1");
        assert_eq!(z_score(0.0, 0.0, 20_000), "0.0", "certain and matched");
        assert_eq!(z_score(0.01, 0.0, 20_000), "—", "no spread is possible around a certainty");
        assert_eq!(z_text(0.0001, 0.1), "0.0");
    }
}
