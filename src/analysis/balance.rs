//! Balance verdicts: a candidate card against a gauntlet, priced against the reference fighters.
//!
//! Every fighter (the candidate and each reference fighter) duels every gauntlet opponent
//! except itself. The verdict is the candidate's *fair cost*: ratings from the round robin, a
//! cost curve fitted over the reference fighters and the candidate's rating read back into a
//! cost with its 95 % interval ([`super::fair_cost`]); the stated cost below the interval is
//! under-costed, inside it priced right, above it over-costed. Per opponent we also report
//! P(win), P(draw), P(loss), rounds until out, damage dealt and taken per round; "overall" is
//! the plain average over opponents. The per-cost figures are detail, each oriented so that
//! higher is better value for the cost (P(win) and damage dealt per point; rounds per unit of
//! damage taken, per point), compared with the fighters of similar cost.
//!
//! The duels' figures come from their tallies, or — when the system solves its duel exactly —
//! from the exact duels ([`ExactFigures`]), with no sampling interval.

use super::cost_curve::Curve;
use super::fair_cost::{self, FairCost, Interval, Parts, RoundRobin, Score};
use super::loo::Health;
use super::ratings::Misfit;
use super::scenario::{BalanceLayout, Cost};
use super::verdict::{self, Verdict};
use crate::analysis::duel::{ExactFigures, event, metric};
use crate::engine::Tally;
use crate::stats::{self, Estimate};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

/// The figures of one duel cell (or their average over opponents).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DuelStats {
    pub win: Estimate,
    pub draw: Estimate,
    pub loss: Estimate,
    /// Mean round in which the opponent was first put down, among duels where it was.
    pub rounds_to_ko: Option<Estimate>,
    pub dealt_per_round: Estimate,
    pub taken_per_round: Estimate,
}

/// Figures of a duel tally (fighter A's point of view).
pub fn duel_stats(t: &Tally, z: f64) -> DuelStats {
    let ev = |i: usize| t.event(i, z).into();
    let rounds_to_ko = conditional_round(&t.hists[metric::A_KO_ROUND], t.exact, z);
    let ratio = |k: usize| {
        let (r, lo, hi) = t.ratio(k, z);
        Estimate { value: r, ci95: [lo, hi] }
    };
    DuelStats {
        win: ev(event::A_WINS),
        draw: ev(event::DRAW),
        loss: ev(event::B_WINS),
        rounds_to_ko,
        dealt_per_round: ratio(0),
        taken_per_round: ratio(1),
    }
}

/// Mean of a "round it happened" histogram among the trials where it happened (value ≥ 1),
/// with its interval (none if `exact`); `None` if it happened fewer than twice (never, if exact).
pub fn conditional_round(h: &[crate::engine::tally::Count], exact: bool, z: f64) -> Option<Estimate> {
    let happened: Vec<_> = h.iter().skip(1).copied().collect();
    let n: crate::engine::tally::Count = happened.iter().sum();
    (n > 1 || (exact && n > 0)).then(|| {
        let m = if exact { stats::exact_moments(&happened, n) } else { stats::moments(&happened) };
        // `happened[k]` counts round k + 1.
        let mean = m.mean + 1.0;
        Estimate { value: mean, ci95: [mean - z * m.stderr, mean + z * m.stderr] }
    })
}

/// Average of independent estimates: the mean, each side of the interval √(Σ sideᵢ²) / k.
/// The sides are combined apart so a lopsided interval stays lopsided: averaging P(draw) = 0
/// of several opponents (Wilson intervals [0, 0.019 %]) gives [0, …], never a negative bound.
fn average(xs: &[Estimate]) -> Estimate {
    let k = xs.len() as f64;
    let value = xs.iter().map(|e| e.value).sum::<f64>() / k;
    let side = |d: &dyn Fn(&Estimate) -> f64| xs.iter().map(|e| d(e).powi(2)).sum::<f64>().sqrt() / k;
    let below = side(&|e| e.value - e.ci95[0]);
    let above = side(&|e| e.ci95[1] - e.value);
    Estimate { value, ci95: [value - below, value + above] }
}

fn average_stats(xs: &[&DuelStats]) -> DuelStats {
    let pick = |f: &dyn Fn(&DuelStats) -> Estimate| average(&xs.iter().map(|s| f(s)).collect::<Vec<_>>());
    let ko: Vec<Estimate> = xs.iter().filter_map(|s| s.rounds_to_ko).collect();
    DuelStats {
        win: pick(&|s| s.win),
        draw: pick(&|s| s.draw),
        loss: pick(&|s| s.loss),
        rounds_to_ko: (!ko.is_empty()).then(|| average(&ko)),
        dealt_per_round: pick(&|s| s.dealt_per_round),
        taken_per_round: pick(&|s| s.taken_per_round),
    }
}

/// A fighter's overall figures per unit of one cost, each oriented so that higher is better
/// value for the cost.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PerCost {
    /// P(win) per unit.
    pub win: Estimate,
    /// Damage dealt per round, per unit.
    pub dealt_per_round: Estimate,
    /// Rounds per unit of damage taken (1 / damage taken per round), per unit: staying power
    /// for the cost. Damage taken divided by cost would call a dearer card better value.
    pub rounds_per_damage_taken: Option<Estimate>,
}

impl PerCost {
    fn of(s: &DuelStats, cost: f64) -> PerCost {
        let k = 1.0 / cost;
        let t = s.taken_per_round;
        PerCost {
            win: s.win.scaled(k),
            dealt_per_round: s.dealt_per_round.scaled(k),
            // 1/x is decreasing: the interval's ends swap. No damage taken: no finite figure.
            rounds_per_damage_taken: (t.value > 0.0).then(|| Estimate {
                value: k / t.value,
                ci95: [k / t.ci95[1].max(t.value), if t.ci95[0] > 0.0 { k / t.ci95[0] } else { f64::INFINITY }],
            }),
        }
    }
}

/// One fighter's results against the gauntlet. In JSON each cost is a field under its key
/// (`reputation`, `funding`; `cost`), and `overall` per unit of it is `per_<key>`.
#[derive(Clone, Debug, PartialEq)]
pub struct FighterSummary {
    pub label: String,
    /// The system's costs, which name `costs` and `per_cost` in JSON.
    pub names: &'static [Cost],
    /// Its costs, in `names` order.
    pub costs: Vec<Option<f64>>,
    pub peer: bool,
    /// Per gauntlet opponent, in layout order (`None` against itself).
    pub per_opponent: Vec<Option<DuelStats>>,
    pub overall: DuelStats,
    /// `overall` per unit of each cost (`None`: no cost, or not above 0).
    pub per_cost: Vec<Option<PerCost>>,
}

impl FighterSummary {
    /// `overall` per unit of the first cost, the one fighters are compared by.
    pub fn per_first(&self) -> Option<&PerCost> {
        self.per_cost[0].as_ref()
    }
}

impl Serialize for FighterSummary {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("label", &self.label)?;
        for (c, v) in self.names.iter().zip(&self.costs) {
            m.serialize_entry(c.key, v)?;
        }
        m.serialize_entry("peer", &self.peer)?;
        m.serialize_entry("per_opponent", &self.per_opponent)?;
        m.serialize_entry("overall", &self.overall)?;
        for (c, v) in self.names.iter().zip(&self.per_cost) {
            m.serialize_entry(&format!("per_{}", c.key), v)?;
        }
        m.end()
    }
}

/// A per-cost figure of the candidate far from its peers' mean (detail beside the verdict).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Flag {
    pub metric: String,
    pub value: Estimate,
    pub reference_mean: f64,
    /// (value − reference mean) / reference mean; above 0 is better value than the peers.
    pub relative: f64,
    pub text: String,
}

/// One fighter's rating from the round robin.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rating {
    pub label: String,
    pub candidate: bool,
    /// Its first cost (the candidate's: the stated one).
    pub cost: Option<f64>,
    /// Bradley–Terry rating: log-odds of beating an average reference fighter, sides neutral.
    pub rating: Interval,
    /// The same as a probability: P(beats an average reference fighter), σ(rating).
    pub strength: Interval,
    /// What the cost curve charges for this rating (`None` without a curve).
    pub curve_cost: Option<f64>,
}

/// Every fighter's score (P(win) + ½ P(draw)) against every gauntlet opponent.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Matchups {
    pub fighters: Vec<String>,
    pub opponents: Vec<String>,
    /// `score[fighter][opponent]`, `None` for a fighter against itself.
    pub score: Vec<Vec<Option<f64>>>,
}

/// The cost curve as reported.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CurveReport {
    /// In words: what was fitted and how.
    pub model: String,
    /// `None` with `why` when there is no curve.
    pub fit: Option<Curve>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// Log-odds added to a fighter's rating on side A (who takes the first roll-off, …).
    pub side_advantage: f64,
    /// `stronger` or `weaker` when the candidate's rating is outside every reference fighter's:
    /// the fair cost is read off the curve beyond its points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extrapolated: Option<&'static str>,
    /// Half-widths of the fair cost's 95 % interval on the log scale ([`Parts`]): the whole, the
    /// reference cards' scatter about the curve, where the curve runs at the candidate's rating
    /// (`fit_half_width`, the only part before issue #40), the rating model's misfit, sampling.
    pub half_width: f64,
    pub scatter_half_width: f64,
    pub fit_half_width: f64,
    pub misfit_half_width: f64,
    pub sampling_half_width: f64,
    /// How far the ratings miss the duels they were fitted on.
    pub misfit: Misfit,
}

/// The candidate against one opponent, beside what its rating predicts.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CandidateMatchup {
    pub opponent: String,
    /// Its score (P(win) + ½ P(draw)) and the score its rating predicts, each with its 95 %
    /// sampling interval (of zero width when the duels are exact).
    pub played: Interval,
    pub predicted: Interval,
    /// Its fair cost from this duel alone ([`FairCost::cost_from_one`]).
    pub fair_cost: Option<f64>,
}

/// Whether a sampled balance test sampled until its verdict was settled.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Settling {
    /// The relative half-width the sampling part of the fair cost had to reach.
    pub target: f64,
    pub reached: bool,
    /// Duels per pair sampled.
    pub duels_per_pair: u64,
}

/// The whole balance result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BalanceSummary {
    /// `under-costed`, `priced right`, `can't tell` or `over-costed`; `null` when no fair cost
    /// can be given.
    pub verdict: Option<Verdict>,
    /// The widest interval (high ÷ low) "priced right" may rest on; wider is "can't tell".
    pub cant_tell_width: f64,
    /// The verdict in a sentence, with the fair cost and the stated one.
    pub verdict_text: String,
    /// The candidate's fair cost (in the first cost) with its 95 % interval.
    pub fair_cost: Option<Interval>,
    /// The cost the candidate states, and the key of the cost both are in.
    pub stated_cost: f64,
    pub cost_key: &'static str,
    /// Every duel solved exactly (no sampling in the ratings, curve or fair cost).
    pub exact: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub settling: Option<Settling>,
    /// Every fighter's rating, the candidate first.
    pub ratings: Vec<Rating>,
    pub curve: CurveReport,
    pub matchups: Matchups,
    pub fighters: Vec<FighterSummary>,
    /// Labels of the reference fighters the per-cost detail compares the candidate with.
    pub reference: Vec<String>,
    /// How those were chosen.
    pub reference_rule: String,
    pub position: String,
    pub flags: Vec<Flag>,
    /// The candidate against each opponent, from where it does best against its rating to where
    /// it does worst: where it is strong or weak.
    pub candidate_matchups: Vec<CandidateMatchup>,
    /// What each characteristic of the candidate's card is worth: one step down and up, each
    /// with its fair cost and the change ([`crate::analysis::stat_value`]).
    pub stat_values: Vec<crate::analysis::stat_value::StatValue>,
    /// Why there are none, when there are none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stat_values_missing: Option<String>,
    /// How well the gauntlet prices its own cards: each priced reference card left out of the
    /// curve and priced from the others ([`crate::analysis::loo`]). `None` under four priced cards.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gauntlet_health: Option<crate::analysis::loo::Health>,
}

/// Per-cost figures compared with the peers (higher is better value), and whether the figure
/// is a probability (printed as a percentage).
type Getter = fn(&PerCost) -> Option<Estimate>;
const CHECKED: [(&str, Getter, bool); 3] = [
    ("P(win)", |s| Some(s.win), true),
    ("damage dealt per round", |s| Some(s.dealt_per_round), false),
    ("rounds per unit of damage taken", |s| s.rounds_per_damage_taken, false),
];

/// Each cell's figures: from its exact duel when `exact` has one for every cell (the tallies are
/// then not read: they may hold no trials), else sampled.
pub fn pair_stats(tallies: &[Tally], exact: Option<&[ExactFigures]>, z: f64) -> Vec<DuelStats> {
    tallies
        .iter()
        .enumerate()
        .map(|(i, t)| match exact.and_then(|x| x.get(i)) {
            Some(x) => exact_stats(x),
            None => duel_stats(t, z),
        })
        .collect()
}

/// A duel's figures from its exact solution: zero-width intervals.
fn exact_stats(x: &ExactFigures) -> DuelStats {
    let point = |v: f64| Estimate { value: v, ci95: [v, v] };
    let rounds_to_ko = x.mean_down_round(0).map(point);
    let mean_rounds: f64 = x.rounds.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
    let per_round = |d: f64| point(if mean_rounds > 0.0 { d / mean_rounds } else { 0.0 });
    DuelStats {
        win: point(x.events[event::A_WINS]),
        draw: point(x.events[event::DRAW]),
        loss: point(x.events[event::B_WINS]),
        rounds_to_ko,
        dealt_per_round: per_round(x.dealt[0]),
        taken_per_round: per_round(x.dealt[1]),
    }
}

/// The round robin the fair cost is fitted on: reference fighters are the layout's rows 1..,
/// which are also its opponents, in the same order.
fn round_robin(layout: &BalanceLayout, stats: &[DuelStats], n: Option<f64>) -> RoundRobin {
    let score = |c: Option<usize>| c.map(|i| Score::new(stats[i].win.value, stats[i].draw.value, n));
    RoundRobin {
        refs: layout.cells[1..].iter().map(|row| row.iter().map(|&c| score(c)).collect()).collect(),
        cand: layout.cells[0].iter().map(|&c| score(c)).collect(),
        costs: layout.rows[1..].iter().map(|r| r.costs[0]).collect(),
        same: layout.rows[1..].iter().enumerate().map(|(i, r)| r.twin_of.map_or(i, |t| t - 1)).collect(),
    }
}

/// The fair cost of a balance run's cells (for the stopping rule of a sampled run: see
/// [`FairCost::settled`]). `trials` per sampled cell; `exact`: every duel solved.
pub fn fair_cost_of(layout: &BalanceLayout, tallies: &[Tally], exact: Option<&[ExactFigures]>, z: f64) -> FairCost {
    let stats = pair_stats(tallies, exact, z);
    let n = if exact.is_some() { None } else { tallies.first().map(|t| t.trials as f64) };
    fair_cost::fit(&round_robin(layout, &stats, n), z)
}

/// Summarise a balance run. `exact`: every cell's duel solved exactly (the figures then come
/// from it); `settle`: the target of a run sampled until settled, with whether it was reached.
///
/// Over 100 lines on purpose, for now: it assembles one summary from every part of the run,
/// and issue #40 reworks what the summary holds (the verdict and its interval), splitting it then.
pub fn summarise(
    layout: &BalanceLayout,
    tallies: &[Tally],
    exact: Option<&[ExactFigures]>,
    settle: Option<(f64, bool)>,
    z: f64,
) -> BalanceSummary {
    let stats = pair_stats(tallies, exact, z);
    let n = if exact.is_some() { None } else { tallies.first().map(|t| t.trials as f64) };
    let rr = round_robin(layout, &stats, n);
    let fair = fair_cost::fit(&rr, z);
    let gauntlet_health = crate::analysis::loo::leave_one_out(&rr, &fair, z);
    let mut candidate_matchups: Vec<CandidateMatchup> = fair
        .misses
        .iter()
        .filter(|m| m.fighter.is_none())
        .map(|m| {
            let half = z * rr.cand[m.opponent].map_or(0.0, |s| s.var.sqrt());
            let at = |x: f64| sigma(x - fair.refs[m.opponent].estimate + fair.side);
            CandidateMatchup {
                opponent: layout.opponents[m.opponent].clone(),
                played: Interval { estimate: m.played, ci95: [(m.played - half).max(0.0), (m.played + half).min(1.0)] },
                predicted: Interval { estimate: m.predicted, ci95: [at(fair.cand.ci95[0]), at(fair.cand.ci95[1])] },
                fair_cost: fair.cost_from_one(m.played, m.opponent),
            }
        })
        .collect();
    let off = |m: &CandidateMatchup| m.played.estimate - m.predicted.estimate;
    candidate_matchups.sort_by(|a, b| off(b).total_cmp(&off(a)));
    let scores: Vec<Score> = stats.iter().map(|s| Score::new(s.win.value, s.draw.value, n)).collect();
    let stat_values = crate::analysis::stat_value::stat_values(layout, &scores, (&rr, &fair), z);
    let fighters = fighter_summaries(layout, &stats);
    let cand = &fighters[0];
    let Cost { name: cost, unit, key, .. } = layout.costs[0];
    let stated = layout.rows[0].costs[0].unwrap_or(0.0);
    let priced: Vec<usize> = (1..fighters.len()).filter(|&i| fighters[i].per_first().is_some()).collect();
    let peers: Vec<usize> = priced.iter().copied().filter(|&i| fighters[i].peer).collect();
    let band = format!("{:.0} %", layout.peer_band * 100.0);
    let (reference, reference_rule) = if peers.len() >= 2 {
        (peers, format!("reference fighters whose {cost} is within ±{band} of the candidate's"))
    } else {
        (
            priced.clone(),
            format!(
                "every reference fighter with a {cost} (fewer than two are within ±{band} of the candidate's cost)"
            ),
        )
    };
    let ref_labels: Vec<String> = reference.iter().map(|&i| fighters[i].label.clone()).collect();
    let mut flags = Vec::new();
    let mut position = format!("the candidate has no {cost}, so it cannot be placed by cost");
    if let Some(cpr) = cand.per_first() {
        if !reference.is_empty() {
            let win = |i: usize| fighters[i].per_first().map(|s| s.win.value).unwrap_or(0.0);
            let better = reference.iter().filter(|&&i| win(i) > cpr.win.value).count();
            position = format!(
                "P(win) per {unit} ranks {} of {} against the reference fighters ({})",
                better + 1,
                reference.len() + 1,
                ref_labels.join(", ")
            );
        }
        let priced_reference: Vec<&PerCost> = reference.iter().filter_map(|&i| fighters[i].per_first()).collect();
        flags = CHECKED.into_iter().filter_map(|check| outlier_flag(layout, check, &priced_reference, cpr)).collect();
    }
    let verdict = fair.cost.as_ref().map(|c| Verdict::of(stated, c, layout.cant_tell_width));
    let said = Said { cost, exact: exact.is_some(), label: &cand.label, width: layout.cant_tell_width, z };
    let mut verdict_text = verdict_text(&fair, verdict, stated, &said, gauntlet_health.as_ref(), layout);
    // A sampled run that stopped before its verdict settled (a fixed `trials`, or the cap) says
    // so where the verdict is read, not only in `settling.reached`.
    if let Some((target, false)) = settle {
        let (what, now, goal) = if fair.cost.is_some() {
            let pct = |x: f64| format!("±{:.1} %", x * 100.0);
            (
                format!("the fair {cost}'s sampling part"),
                pct(fair.parts.sampling.exp_m1()),
                format!("{}, or once it hardly widens the interval", pct(target)),
            )
        } else {
            let half = |x: f64| format!("±{x:.2}");
            ("the candidate's rating".to_string(), half(fair.cand.estimate - fair.cand.ci95[0]), half(0.05))
        };
        verdict_text.push_str(&format!(
            " Not settled: {what} is {now} (settled at {goal}); more duels per pair would narrow it (without `trials` a balance test samples until settled)."
        ));
    }
    let curve = CurveReport {
        model: format!(
            "Bradley–Terry ratings from every duel between reference fighters (score = P(win) + ½ P(draw), with an advantage for side A), the candidate rated against them; ln({cost}) = a + b·rating by least squares over the reference fighters with a {cost}"
        ),
        why: fair.curve.as_ref().err().cloned(),
        fit: fair.curve.as_ref().ok().cloned(),
        side_advantage: fair.side,
        extrapolated: extrapolated(&fair),
        half_width: fair.parts.total(),
        scatter_half_width: fair.parts.scatter,
        fit_half_width: fair.parts.curve,
        misfit_half_width: fair.parts.misfit,
        sampling_half_width: fair.parts.sampling,
        misfit: fair.misfit.clone(),
    };
    let curve_cost = |r: f64| fair.curve.as_ref().ok().map(|c| c.cost(r));
    let ratings = std::iter::once((&fair.cand, 0))
        .chain(fair.refs.iter().zip(1..))
        .map(|(r, i)| Rating {
            label: fighters[i].label.clone(),
            candidate: i == 0,
            cost: layout.rows[i].costs[0],
            rating: *r,
            strength: Interval { estimate: sigma(r.estimate), ci95: [sigma(r.ci95[0]), sigma(r.ci95[1])] },
            curve_cost: curve_cost(r.estimate),
        })
        .collect();
    let matchups = Matchups {
        fighters: fighters.iter().map(|f| f.label.clone()).collect(),
        opponents: layout.opponents.clone(),
        score: layout
            .cells
            .iter()
            .map(|row| row.iter().map(|c| c.map(|i| stats[i].win.value + 0.5 * stats[i].draw.value)).collect())
            .collect(),
    };
    BalanceSummary {
        verdict,
        cant_tell_width: layout.cant_tell_width,
        verdict_text,
        fair_cost: fair.cost,
        stated_cost: stated,
        cost_key: key,
        exact: exact.is_some(),
        settling: settle.map(|(target, reached)| Settling {
            target,
            reached,
            duels_per_pair: tallies.first().map_or(0, |t| t.trials as u64),
        }),
        ratings,
        curve,
        matchups,
        fighters,
        reference: ref_labels,
        reference_rule,
        position,
        flags,
        candidate_matchups,
        stat_values,
        stat_values_missing: layout.no_variants.clone(),
        gauntlet_health,
    }
}

/// Whether the candidate's rating lies outside the reference fighters' ("stronger", "weaker"):
/// its whole 95 % interval (sampling and misfit) beyond them, so a copy of the strongest card is
/// not "stronger than every reference fighter" by a rounding error.
pub fn extrapolated(fair: &FairCost) -> Option<&'static str> {
    let max = fair.refs.iter().map(|r| r.estimate).fold(f64::NEG_INFINITY, f64::max);
    let min = fair.refs.iter().map(|r| r.estimate).fold(f64::INFINITY, f64::min);
    let half = fair.cand_half().max(1e-9);
    if fair.cand.estimate - half > max {
        Some("stronger")
    } else if fair.cand.estimate + half < min {
        Some("weaker")
    } else {
        None
    }
}

fn sigma(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// A cost as the verdict prints it: whole points from 10 up, one decimal below.
pub fn cost_fmt(c: f64) -> String {
    if c.abs() >= 10.0 { format!("{c:.0}") } else { format!("{c:.1}") }
}

/// A cost a card states, as the card writes it: a whole number without a decimal ("stated 5",
/// not "stated 5.0" — issue #39), a fraction as given. [`cost_fmt`] is for estimates.
pub fn stated_fmt(c: f64) -> String {
    if c.fract() == 0.0 && c.abs() < 1e15 { format!("{c:.0}") } else { format!("{c}") }
}

/// What the verdict sentence names: the cost, how the duels were solved, the candidate, the
/// "can't tell" width.
struct Said<'a> {
    cost: &'a str,
    exact: bool,
    label: &'a str,
    width: f64,
    /// The normal quantile of the 95 % intervals.
    z: f64,
}

/// The verdict in sentences: the fair cost with its interval (bounds that agree with the verdict:
/// [`verdict::printed`]), the stated cost and the verdict; for "can't tell", why the interval is
/// wide and what would narrow it; a warning when the curve is read beyond its points.
fn verdict_text(
    fair: &FairCost,
    verdict: Option<Verdict>,
    stated: f64,
    said: &Said,
    health: Option<&Health>,
    layout: &BalanceLayout,
) -> String {
    let Said { cost, exact, width, .. } = *said;
    let label = said.label.trim_end_matches(" (candidate)");
    let (Some(c), Some(v), Ok(curve)) = (&fair.cost, verdict, &fair.curve) else {
        let why = fair.curve.as_ref().err().map(String::as_str).unwrap_or("no curve");
        return format!("No fair {cost} for {label}: {why}.");
    };
    let how = if exact { "exact duels" } else { "sampled duels" };
    let [est, lo, hi] = verdict::printed(c, stated);
    let mut text = format!(
        "Fair {cost} for {label}: {est} [{lo}, {hi}] (95 % for a card of its strength; {how}, curve over {} reference cards, R² {:.2}); stated {}: {}.",
        curve.n,
        curve.r2,
        stated_fmt(stated),
        v.word()
    );
    if v == Verdict::CantTell {
        text.push_str(&format!(
            " The interval is ×{:.1} wide (high ÷ low), wider than the ×{} a verdict needs: {}",
            c.ci95[1] / c.ci95[0],
            stated_fmt(width),
            why_wide(&fair.parts, curve, health, layout)
        ));
        text.push_str(&leaning(c, stated, said));
    }
    match extrapolated(fair) {
        Some(side) => text.push_str(&format!(
            " It is {side} than every reference fighter: the curve is read beyond its points, so add a reference fighter of its strength to trust it."
        )),
        None if curve.n < 5 => text.push_str(&format!(
            " Only {} reference cards: the interval is wide; more reference fighters narrow it.",
            curve.n
        )),
        None => {}
    }
    text
}

/// Where a stated cost inside a wide interval sits: " It leans under-costed: the stated 30 is at
/// the interval's 14th percentile (under-costed below its 2.5th)." — the percentile on the
/// log scale, the interval read as normal there with its 95 % half-width.
fn leaning(fair: &Interval, stated: f64, said: &Said) -> String {
    use statrs::distribution::{ContinuousCDF, Normal};
    let y = fair.estimate.ln();
    let sd = (fair.ci95[1].ln() - y) / said.z;
    let Ok(n) = Normal::new(y, sd.max(1e-300)) else { return String::new() };
    let at = n.cdf(stated.ln()) * 100.0;
    if at.round() == 50.0 {
        return " It leans neither way: the stated cost is at the interval's middle.".into();
    }
    let (lean, edge) =
        if at < 50.0 { ("under-costed", "below its 2.5th") } else { ("over-costed", "above its 97.5th") };
    format!(
        " It leans {lean}: the stated {} is at the interval's {} percentile ({lean} {edge}).",
        stated_fmt(stated),
        ordinal(at.round().clamp(1.0, 99.0) as u32)
    )
}

/// 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st…
fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Why a fair cost's interval is wide, by its largest part, and what would narrow it.
fn why_wide(parts: &Parts, curve: &Curve, health: Option<&Health>, layout: &BalanceLayout) -> String {
    let cost = layout.costs[0].name;
    let share = |x: f64| x * x / parts.total().powi(2);
    let largest = [parts.scatter, parts.curve, parts.misfit, parts.sampling].into_iter().fold(0.0, f64::max);
    if largest == parts.sampling {
        return format!(
            "mostly sampling ({:.0} % of it); more duels per pair (`trials`) narrow it.",
            100.0 * share(parts.sampling)
        );
    }
    if largest == parts.misfit {
        return format!(
            "mostly because its matchups do not follow one rating ({:.0} % of it): it does much better against some fighters than its rating says and worse against others; more reference fighters of the kinds it meets narrow it.",
            100.0 * share(parts.misfit)
        );
    }
    if largest == parts.curve {
        return format!(
            "mostly because the curve is uncertain at its strength ({:.0} % of it); more reference fighters near its strength narrow it.",
            100.0 * share(parts.curve)
        );
    }
    let off: Vec<String> = health
        .map(|h| {
            h.furthest()
                .into_iter()
                .take(2)
                .map(|c| {
                    let name = layout.rows.get(c.reference + 1).map_or("?", |r| r.label.as_str());
                    format!("{name} lists {} where the others price it {}", stated_fmt(c.cost), cost_fmt(c.estimate))
                })
                .collect()
        })
        .unwrap_or_default();
    format!(
        "mostly because the reference cards' own {cost}s scatter about the curve (R² {:.2}; {:.0} % of it){}. Reference cards whose {cost}s follow what the duel measures narrow it — the duel may not price every characteristic a {cost} pays for.",
        curve.r2,
        100.0 * share(parts.scatter),
        if off.is_empty() { String::new() } else { format!(": {}", off.join("; ")) }
    )
}

/// Each fighter's figures against each opponent it met (from `stats`, one per cell), their
/// average, and that average per unit of each cost the fighter has (a zero cost gives none).
fn fighter_summaries(layout: &BalanceLayout, stats: &[DuelStats]) -> Vec<FighterSummary> {
    layout
        .rows
        .iter()
        .zip(&layout.cells)
        .map(|(row, cells)| {
            let per_opponent: Vec<Option<DuelStats>> = cells.iter().map(|c| c.map(|i| stats[i].clone())).collect();
            let present: Vec<&DuelStats> = per_opponent.iter().flatten().collect();
            let overall = average_stats(&present);
            FighterSummary {
                label: row.label.clone(),
                names: layout.costs,
                costs: row.costs.clone(),
                peer: row.peer,
                per_cost: row.costs.iter().map(|c| c.filter(|c| *c > 0.0).map(|c| PerCost::of(&overall, c))).collect(),
                per_opponent,
                overall,
            }
        })
        .collect()
}

/// One [`CHECKED`] per-cost figure: a flag when the candidate's figure is further than the
/// outlier threshold from the peers' mean and its 95 % interval excludes that mean (none when no
/// peer has the figure or their mean is not positive). Detail only: the verdict is the fair cost.
fn outlier_flag(
    layout: &BalanceLayout,
    (what, get, percent): (&str, Getter, bool),
    reference: &[&PerCost],
    cand: &PerCost,
) -> Option<Flag> {
    let Cost { name: cost, unit, .. } = layout.costs[0];
    let name = format!("{what} per {unit}");
    let f = |x: f64| if percent { format!("{:.3}%", x * 100.0) } else { fmt(x) };
    // One format with the reports: the unit once, after the value ("0.606% [0.588, 0.623]").
    let bound = |x: f64| if percent { format!("{:.3}", x * 100.0) } else { fmt(x) };
    let vals: Vec<f64> = reference.iter().filter_map(|s| get(s)).map(|e| e.value).collect();
    let v = get(cand)?;
    if vals.is_empty() {
        return None;
    }
    let mean = vals.iter().sum::<f64>() / vals.len() as f64;
    if mean <= 0.0 {
        return None;
    }
    let rel = (v.value - mean) / mean;
    let excludes = v.ci95[0] > mean || v.ci95[1] < mean;
    if rel.abs() > layout.outlier_threshold && excludes {
        // An exact figure has no interval to show ("0.802%", not "0.802% [0.802, 0.802]").
        let interval = if v.ci95[0] == v.ci95[1] {
            String::new()
        } else {
            format!(" [{}, {}]", bound(v.ci95[0]), bound(v.ci95[1]))
        };
        let text = format!(
            "{name} is {}{interval}, {:.0} % {} its peers' mean {}: {} value for its {cost} than its peers on this figure.",
            f(v.value),
            rel.abs() * 100.0,
            if rel > 0.0 { "above" } else { "below" },
            f(mean),
            if rel > 0.0 { "better" } else { "worse" }
        );
        return Some(Flag { metric: name, value: v, reference_mean: mean, relative: rel, text });
    }
    None
}

/// Format a small per-cost figure with enough digits.
pub fn fmt(v: f64) -> String {
    if v.abs() >= 1.0 {
        format!("{v:.3}")
    } else if v.abs() >= 0.01 {
        format!("{v:.4}")
    } else {
        format!("{v:.5}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn average_of_independent_estimates() {
        let a = Estimate { value: 0.4, ci95: [0.3, 0.5] };
        let b = Estimate { value: 0.6, ci95: [0.5, 0.7] };
        let m = average(&[a, b]);
        assert!((m.value - 0.5).abs() < 1e-12);
        // Half-widths 0.1 and 0.1 → √0.02 / 2 ≈ 0.0707.
        assert!((m.half() - 0.02f64.sqrt() / 2.0).abs() < 1e-12);
        // Two zeros with Wilson intervals [0, 0.019 %]: the lower bound stays at 0.
        let z = Estimate { value: 0.0, ci95: [0.0, 0.00019] };
        let m = average(&[z, z]);
        assert_eq!(m.ci95[0], 0.0);
        assert!((m.ci95[1] - 2f64.sqrt() * 0.00019 / 2.0).abs() < 1e-15);
    }
}
