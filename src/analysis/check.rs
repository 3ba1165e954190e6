//! `skirmish-odds check`: the exact answer and the Monte Carlo engine, side by side.
//!
//! Every cell that has an exact evaluator is evaluated both ways — enumerated, and sampled with
//! the scenario's seed and trial count — and every quantity gets a z-score: an event or a
//! P(metric = k) against its binomial standard error √(p(1−p)/n) (for a rare event, whose
//! normal approximation fails, the exact binomial test's tail as a z: [`stats::binomial_z`]),
//! a mean against σ/√n with the exact σ. A correct engine gives |z| > 4 about once in 16,000 quantities; more means the
//! rules and the sampler disagree, which is what a user running it on their own scenario wants
//! to know.

use crate::analysis::duel::{self, ExactFigures};
use crate::analysis::gang::figures::OrderFigures;
use crate::analysis::scenario::Scenario;
use crate::engine::{self, Stop, Tally, progress::Progress};
use crate::exact::Budget;
use crate::interrupt::Interrupted;
use crate::stats;

/// |z| above which a quantity fails the check.
pub const Z_LIMIT: f64 = 4.0;

/// One quantity of one cell.
#[derive(Clone, Debug, PartialEq)]
pub struct Quantity {
    /// e.g. `P(K.O. caused)`, `mean hits`, `P(hits = 3)`.
    pub name: String,
    pub exact: f64,
    pub sampled: f64,
    /// `None` when the exact value has no spread (p = 0 or 1, σ = 0): then the sample must match.
    pub z: Option<f64>,
}

impl Quantity {
    /// Whether this quantity fails the check.
    pub fn fails(&self) -> bool {
        match self.z {
            Some(z) => z.abs() > Z_LIMIT,
            None => (self.exact - self.sampled).abs() > 1e-12,
        }
    }
}

/// One cell's comparison, or why it has none.
#[derive(Clone, Debug, PartialEq)]
pub struct CellCheck {
    pub label: String,
    pub result: Result<Vec<Quantity>, String>,
}

/// The whole check.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    pub trials: u64,
    pub cells: Vec<CellCheck>,
}

impl Check {
    /// Quantities compared, and how many failed.
    pub fn counts(&self) -> (usize, usize) {
        let qs = self.cells.iter().filter_map(|c| c.result.as_ref().ok()).flatten();
        qs.fold((0, 0), |(n, f), q| (n + 1, f + q.fails() as usize))
    }

    /// The largest |z| (0 if none).
    pub fn worst(&self) -> f64 {
        let qs = self.cells.iter().filter_map(|c| c.result.as_ref().ok()).flatten();
        qs.filter_map(|q| q.z).fold(0.0, |m, z| m.max(z.abs()))
    }
}

/// Run the check on `threads` worker threads.
/// Run the check on the current rayon pool. Quantities are named by the trial's own metric and
/// event names (`ko`, `hits`), which is what `results.json` uses too.
pub fn run(sc: &Scenario, progress: &Progress) -> Result<Check, Interrupted> {
    let trials = match sc.stop {
        Stop::Trials(n) => n,
        Stop::Precision { max_trials, .. } => engine::FIRST_BATCH.min(max_trials),
        Stop::Settle { max_trials } => engine::SETTLE_FIRST.min(max_trials),
    };
    super::prepare_cells(sc)?;
    // Duels are solved as many at once as their estimated memory allows ([`super::solve_memory`]).
    let bytes: Vec<u64> = sc.cells.iter().map(|c| super::solve_bytes(&c.trial)).collect();
    let exact: Vec<Result<Answer, String>> =
        super::solve_memory::map_within_memory(&bytes, super::solve_memory::SOLVES_MEMORY_BYTES, |i| {
            let c = &sc.cells[i];
            if let Some(d) = c.trial.exact_duel() {
                return d.map(Answer::Duel);
            }
            c.trial.exact_offered().map_err(str::to_string)?;
            match (c.trial.exact(Budget::EXPLICIT), c.trial.gang()) {
                (Ok(t), _) => Ok(Answer::Tally(t)),
                // A sequence whose fractions outgrow 128 bits: its dynamic programme's figures.
                (Err(_), Some(Ok(g))) => Ok(Answer::Gang(g.listed.clone(), g.attackers.len())),
                (Err(e), _) => Err(e.to_string()),
            }
        });
    // Sample only the cells that have an exact answer; the others are marked done (skipped).
    let skip: Vec<Option<Tally>> = exact.iter().map(|e| if e.is_ok() { None } else { Some(placeholder()) }).collect();
    let trials_vec: Vec<_> = sc.cells.iter().map(|c| c.trial.clone()).collect();
    let sampled = engine::run_cells_with(&trials_vec, skip, sc.seed, Stop::Trials(trials), progress);
    progress.finish();
    progress.check()?;
    let cells = sc
        .cells
        .iter()
        .enumerate()
        .zip(exact)
        .zip(&sampled.tallies)
        .map(|(((k, c), e), s)| CellCheck {
            label: c.label.clone(),
            result: e.map(|e| match e {
                Answer::Tally(e) => {
                    let names = sc.cells[k].trial.shape_names();
                    compare(&e, s, &names.metrics, &names.events)
                }
                Answer::Duel(d) => compare_duel(&d, s),
                Answer::Gang(g, n) => compare_gang(&g, n, s),
            }),
        })
        .collect();
    Ok(Check { trials, cells })
}

/// A cell's exact answer: its whole tally, or a duel's figures solved by dynamic programming, or
/// a sequence's (the order listed, with its attackers per turn).
enum Answer {
    Tally(Tally),
    Duel(ExactFigures),
    Gang(OrderFigures, usize),
}

/// A probability solved by dynamic programming (exact up to rounding, ~1e-15: below 1e-12 it is
/// taken as 0, above 1 − 1e-12 as 1) against `count` of the sample's trials.
fn solved_prop(p: f64, count: u128, s: &Tally, name: String) -> Quantity {
    let p = if p < 1e-12 {
        0.0
    } else if p > 1.0 - 1e-12 {
        1.0
    } else {
        p
    };
    Quantity { name, exact: p, sampled: stats::ratio(count, s.trials), z: stats::binomial_z(p, count, s.trials) }
}

/// A sequence of attacks solved by dynamic programming, against its sampled tally (the layout of
/// [`crate::analysis::gang::GangTrial`]: events `target_out`, the ways out, out by each turn;
/// metrics the attack that takes it out and the damage): P(out), each way, each turn, every
/// P(the k-th attack takes it out) and P(not out), and the mean damage.
fn compare_gang(g: &OrderFigures, per_turn: usize, s: &Tally) -> Vec<Quantity> {
    let mut out = vec![solved_prop(g.p_out, s.events[0], s, "P(target_out)".into())];
    for (w, &p) in g.ways.iter().enumerate() {
        out.push(solved_prop(p, s.events[1 + w], s, format!("P(way out {})", w + 1)));
    }
    for (k, &p) in g.by_turn(per_turn).iter().enumerate() {
        out.push(solved_prop(p, s.events[1 + g.ways.len() + k], s, format!("P(out by the end of turn {})", k + 1)));
    }
    let h = &s.hists[0];
    for (k, &p) in g.adds().iter().enumerate() {
        out.push(solved_prop(p, *h.get(k + 1).unwrap_or(&0), s, format!("P(attackers_to_out = {})", k + 1)));
    }
    let last = g.out_by.len() + 1;
    out.push(solved_prop(1.0 - g.p_out, *h.get(last).unwrap_or(&0), s, "P(not out)".into()));
    let ms = s.moments(1);
    let se = ms.sd / (s.trials as f64).sqrt();
    out.push(Quantity {
        name: "mean damage_taken".into(),
        exact: g.mean_damage,
        sampled: ms.mean,
        z: (se > 0.0).then(|| (ms.mean - g.mean_damage) / se),
    });
    out
}

/// A duel solved exactly against its sampled tally: P(win), P(draw), casualties, every P(rounds =
/// k), every P(side s first puts the other down in round k) and the mean damage each side deals (its z against the sample's own spread, as the exact
/// solution carries means, not whole distributions).
fn compare_duel(d: &ExactFigures, s: &Tally) -> Vec<Quantity> {
    let n = s.trials as f64;
    let prop = |p: f64, count: u128, name: String| solved_prop(p, count, s, name);
    let mut out = Vec::new();
    for (i, &p) in d.events.iter().enumerate() {
        out.push(prop(p, s.events[i], format!("P({})", duel::EVENTS[i])));
    }
    let rounds = &s.hists[duel::metric::ROUNDS];
    for k in 0..d.rounds.len().max(rounds.len()) {
        let p = d.rounds.get(k).copied().unwrap_or(0.0);
        let c = *rounds.get(k).unwrap_or(&0);
        if p > 1e-12 || c > 0 {
            out.push(prop(p, c, format!("P(rounds = {k})")));
        }
    }
    for (side, m, name) in [(0, duel::metric::A_KO_ROUND, "a_ko_round"), (1, duel::metric::B_KO_ROUND, "b_ko_round")] {
        let h = &s.hists[m];
        for k in 0..d.down_round[side].len().max(h.len()) {
            let p = d.down_round[side].get(k).copied().unwrap_or(0.0);
            let c = *h.get(k).unwrap_or(&0);
            if p > 1e-12 || c > 0 {
                out.push(prop(p, c, format!("P({name} = {k})")));
            }
        }
    }
    for (side, m) in [(0, duel::metric::A_DEALT), (1, duel::metric::B_DEALT)] {
        let ms = s.moments(m);
        let se = ms.sd / n.sqrt();
        out.push(Quantity {
            name: format!("mean {}", if side == 0 { "a_dealt" } else { "b_dealt" }),
            exact: d.dealt[side],
            sampled: ms.mean,
            z: (se > 0.0).then(|| (ms.mean - d.dealt[side]) / se),
        });
    }
    out
}

/// An exact, empty tally: marks a cell the sampler must skip (never reported).
fn placeholder() -> Tally {
    let mut t = Tally::new(&engine::Shape::new(vec![], vec![]));
    t.exact = true;
    t.trials = 1;
    t
}

/// Every event, every metric's mean and every P(metric = k) of the exact support.
fn compare(e: &Tally, s: &Tally, metrics: &[&str], events: &[&str]) -> Vec<Quantity> {
    let n = s.trials as f64;
    let prop = |p: f64, count: u128, name: String| Quantity {
        name,
        exact: p,
        sampled: stats::ratio(count, s.trials),
        z: stats::binomial_z(p, count, s.trials),
    };
    let mut out = Vec::new();
    for (i, name) in events.iter().enumerate() {
        out.push(prop(e.event(i, 0.0).p, s.events[i], format!("P({name})")));
    }
    for (i, name) in metrics.iter().enumerate() {
        let (me, ms) = (e.moments(i), s.moments(i));
        let se = me.sd / n.sqrt();
        out.push(Quantity {
            name: format!("mean {name}"),
            exact: me.mean,
            sampled: ms.mean,
            z: (se > 0.0).then(|| (ms.mean - me.mean) / se),
        });
        for v in e.first(i)..e.trimmed(i).len() {
            if e.hists[i][v] == 0 {
                continue;
            }
            let c = *s.hists[i].get(v).unwrap_or(&0);
            out.push(prop(e.exactly(i, v, 0.0).p, c, format!("P({name} = {v})")));
        }
        // Sampled values the exact distribution says cannot happen fail outright.
        for (v, &c) in s.hists[i].iter().enumerate() {
            if c > 0 && e.hists[i].get(v).is_none_or(|&x| x == 0) {
                out.push(Quantity {
                    name: format!("P({name} = {v})"),
                    exact: 0.0,
                    sampled: stats::ratio(c, s.trials),
                    z: None,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Shape;

    /// One die, event "six": exact 1/6. A sample of 60,000 with 10,000 sixes passes; with 11,000
    /// (z ≈ +6.9) it fails; a value the exact answer rules out fails whatever its z.
    #[test]
    fn compare_fails_what_disagrees() {
        let shape = Shape::new(vec![("face", 6)], vec!["six"]);
        let mut e = Tally::new(&shape);
        e.exact = true;
        e.trials = 6;
        e.hists[0] = vec![0, 1, 1, 1, 1, 1, 1];
        e.events[0] = 1;
        let sample = |sixes: u128| {
            let mut s = Tally::new(&shape);
            s.trials = 60_000;
            let rest = (60_000 - sixes) / 5;
            s.hists[0] = vec![0, rest, rest, rest, rest, 60_000 - sixes - 4 * rest, sixes];
            s.events[0] = sixes;
            s
        };
        let ok = compare(&e, &sample(10_000), &["face"], &["six"]);
        assert!(ok.iter().all(|q| !q.fails()), "{ok:?}");
        let bad = compare(&e, &sample(11_000), &["face"], &["six"]);
        assert!(bad.iter().any(|q| q.name == "P(six)" && q.fails()));
        let mut impossible = sample(10_000);
        impossible.hists[0][0] = 1;
        impossible.hists[0][1] -= 1;
        let r = compare(&e, &impossible, &["face"], &["six"]);
        assert!(r.iter().any(|q| q.name == "P(face = 0)" && q.fails() && q.z.is_none()));
    }

    /// A duel's exact figures against a sample: agreeing figures pass; a P(A wins) 6 standard
    /// errors off fails, and so does a sampled round count the exact solution rules out.
    #[test]
    fn compare_duel_fails_what_disagrees() {
        let shape = crate::analysis::duel::shape(&Tiny);
        let n = 10_000u128;
        let mut s = Tally::new(&shape);
        s.trials = n;
        // A wins 60 %, B 30 %, draw 10 %; always 2 rounds; A deals 3, B 1.
        s.events[duel::event::A_WINS] = 6_000;
        s.events[duel::event::B_WINS] = 3_000;
        s.events[duel::event::DRAW] = 1_000;
        s.hists[duel::metric::ROUNDS][2] = n;
        s.hists[duel::metric::A_DEALT][3] = n;
        s.hists[duel::metric::B_DEALT][1] = n;
        // A puts B down in round 2 in 60 % of duels, B never puts A down.
        s.hists[duel::metric::A_KO_ROUND][0] = 4_000;
        s.hists[duel::metric::A_KO_ROUND][2] = 6_000;
        s.hists[duel::metric::B_KO_ROUND][0] = n;
        let fig = |a: f64| ExactFigures {
            events: [a, 0.9 - a, 0.1, 0.0, 0.0],
            rounds: vec![0.0, 0.0, 1.0],
            down_round: [vec![0.4, 0.0, 0.6], vec![1.0, 0.0, 0.0]],
            dealt: [3.0, 1.0],
        };
        let ok = compare_duel(&fig(0.6), &s);
        assert!(ok.iter().all(|q| !q.fails()), "{ok:?}");
        let off = 0.6 - 6.0 * (0.6f64 * 0.4 / n as f64).sqrt();
        assert!(compare_duel(&fig(off), &s).iter().any(|q| q.name == "P(a_wins)" && q.fails()));
        s.hists[duel::metric::ROUNDS][2] -= 1;
        s.hists[duel::metric::ROUNDS][3] = 1;
        let r = compare_duel(&fig(0.6), &s);
        assert!(r.iter().any(|q| q.name == "P(rounds = 3)" && q.fails() && q.z.is_none()), "{r:?}");
        // A first K.O. in round 1 the exact solution rules out fails too.
        s.hists[duel::metric::A_KO_ROUND][2] -= 1;
        s.hists[duel::metric::A_KO_ROUND][1] = 1;
        let r = compare_duel(&fig(0.6), &s);
        assert!(r.iter().any(|q| q.name == "P(a_ko_round = 1)" && q.fails() && q.z.is_none()), "{r:?}");
    }

    /// The smallest duel the shared driver runs: only its shape is used here.
    struct Tiny;
    impl crate::analysis::duel::DuelRules for Tiny {
        type State = ();
        const EXTRA: [&'static str; 2] = ["a_x", "b_x"];
        fn round_limit(&self) -> u8 {
            4
        }
        fn maxima(&self) -> crate::analysis::duel::Maxima {
            crate::analysis::duel::Maxima { dealt: [5, 5], extra: 1 }
        }
        fn start<D: crate::dice::Dice>(&self, _: &mut D, _: &mut crate::analysis::duel::Record) {}
        fn play_round<D: crate::dice::Dice>(
            &self,
            _: &mut (),
            _: u16,
            _: &mut D,
            _: &mut crate::analysis::duel::Record,
        ) -> std::ops::ControlFlow<()> {
            std::ops::ControlFlow::Break(())
        }
        fn out(&self, _: &(), _: usize) -> bool {
            false
        }
        fn casualty(&self, _: &(), _: usize) -> bool {
            false
        }
        fn extra(&self, _: &()) -> [u16; 2] {
            [0, 0]
        }
    }
}
