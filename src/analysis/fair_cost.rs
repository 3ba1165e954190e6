//! A fair cost from a round robin: every fighter's rating ([`super::ratings`]), a cost curve
//! over the reference cards ([`super::cost_curve`]), and the candidate's rating read back into a
//! cost with the 95 % interval of where *a card of its strength* should be priced.
//!
//! **The interval** is for the card, not for the curve: four parts, each a half-width on the log
//! scale, added in quadrature ([`Parts`]) —
//! - the reference cards' own scatter about the curve (the "1 +" of a prediction interval: a
//!   game prices things a duel does not see, and the candidate is one more card like them);
//! - where the curve runs at the candidate's rating (t-interval of the fitted mean, n − 2
//!   degrees of freedom, widening away from the cards' mean rating);
//! - the rating model's misfit: one number per fighter does not predict every matchup
//!   ([`Misfit`]), so the candidate's rating depends on which opponents the gauntlet holds. Its
//!   spread is the jackknife over the candidate's opponents (rated again with each left out:
//!   (k − 1)/k · Σ (θ₋ⱼ − θ̄)²), seen through the curve's slope — not through the curve's
//!   points: their own misfit is already in the cards' scatter. A candidate whose matchups
//!   follow its rating has none; one that beats some kinds of fighter far more than its rating
//!   says and loses to others has a wide one. (A quasi-likelihood dispersion was tried first:
//!   it divides by the information Σ p(1 − p), which vanishes for a candidate that wins nearly
//!   every duel, and gave no finite cost at all there; the jackknife stays bounded.)
//! - sampling: every duel's sampling variance propagated through the ratings, the curve and the
//!   candidate (delta method, derivatives from the implicit function theorem: no resampling, so
//!   it is deterministic and costs one small matrix inverse). An exact round robin has none.
//!
//! Identical reference cards (same card, weapon and cost: [`RoundRobin::same`]) count once
//! everywhere: one point of the curve (at their mean rating), each duel weighted by 1 / the
//! copies on each side in the ratings and the candidate's rating, left out together in the
//! misfit's jackknife. A copy adds no evidence about how costs follow strength, and counting it
//! twice would narrow the interval for nothing.
//!
//! Its calibration is measured, not assumed: [`super::loo`] prices each reference card from
//! the others exactly as a candidate is priced here and counts how often its listed cost falls
//! inside (issue #40: 27 of the 29 bundled reference cards).
//!
//! Nothing here depends on the candidate's stated cost: the verdict ([`super::verdict`])
//! compares that cost with the interval afterwards, so it is monotone in the stated cost by
//! construction. Pure: no I/O.

use super::cost_curve::{Curve, fit_curve};
use super::ratings::{Game, Misfit, Opp, fit_cand, fit_refs, info, sigma, solve};
use serde::Serialize;

/// Scores are kept inside (ε, 1 − ε) so a fighter that wins every duel has a finite rating
/// (log-odds of about ±14 at most).
const CLAMP: f64 = 1e-6;

/// One duel's score for side A and the sampling variance of that score (0 when exact).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    pub s: f64,
    pub var: f64,
}

impl Score {
    /// From a duel's P(A wins) and P(draw), sampled over `n` duels (`None`: exact).
    pub fn new(win: f64, draw: f64, n: Option<f64>) -> Score {
        let s = win + 0.5 * draw;
        let var = n.map_or(0.0, |n| {
            let n = n.max(1.0);
            // Each duel scores 1, ½ or 0: E[X²] = P(win) + ¼ P(draw).
            let var = (win + 0.25 * draw - s * s).max(0.0) / n;
            // A sampled 0 or 1 is not a certainty: at least the variance of (k + ½) / (n + 1).
            let shrunk = (s * n + 0.5) / (n + 1.0);
            var.max(shrunk * (1.0 - shrunk) / n * if s * n < 0.5 || (1.0 - s) * n < 0.5 { 1.0 } else { 0.0 })
        });
        Score { s, var }
    }

    fn clamped(&self) -> f64 {
        self.s.clamp(CLAMP, 1.0 - CLAMP)
    }
}

/// A round robin: `refs[i][j]` is reference `i` (side A) against reference `j` (side B),
/// `None` on the diagonal; `cand[j]` is the candidate (side A) against reference `j`;
/// `costs[i]` each reference's cost (`None` or not above 0: left out of the curve); `same[i]`
/// the first reference identical to reference `i` (`i` itself when none before it is).
#[derive(Clone, Debug, PartialEq)]
pub struct RoundRobin {
    pub refs: Vec<Vec<Option<Score>>>,
    pub cand: Vec<Option<Score>>,
    pub costs: Vec<Option<f64>>,
    pub same: Vec<usize>,
}

impl RoundRobin {
    /// `same` for `n` references that are all different.
    pub fn all_different(n: usize) -> Vec<usize> {
        (0..n).collect()
    }

    /// The round robin without references `out` (a group of identical cards), with the first of
    /// them as the candidate: how [`super::loo`] prices a reference card from the others.
    pub fn without(&self, out: &[usize]) -> RoundRobin {
        let keep: Vec<usize> = (0..self.refs.len()).filter(|i| !out.contains(i)).collect();
        let row = |r: &[Option<Score>]| keep.iter().map(|&j| r[j]).collect::<Vec<_>>();
        let new_index = |i: usize| keep.iter().position(|&k| k == i);
        RoundRobin {
            refs: keep.iter().map(|&i| row(&self.refs[i])).collect(),
            cand: out.first().map_or_else(|| row(&self.cand), |&o| row(&self.refs[o])),
            costs: keep.iter().map(|&i| self.costs[i]).collect(),
            // A kept card's first twin is kept too (twins are left out together).
            same: keep.iter().map(|&i| new_index(self.same[i]).unwrap_or(0)).collect(),
        }
    }

    /// The references priced above 0, grouped with their identical twins (first index first).
    pub fn priced_groups(&self) -> Vec<Vec<usize>> {
        let priced = |i: usize| self.costs[i].is_some_and(|c| c > 0.0 && c.is_finite());
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for i in (0..self.refs.len()).filter(|&i| priced(i)) {
            match groups.iter_mut().find(|g| self.same[g[0]] == self.same[i]) {
                Some(g) => g.push(i),
                None => groups.push(vec![i]),
            }
        }
        groups
    }
}

/// A value with its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Interval {
    pub estimate: f64,
    pub ci95: [f64; 2],
}

/// The fair cost's interval in its four parts: 95 % half-widths on the log scale, which add in
/// quadrature (see the module doc). The largest says what would narrow the interval.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Parts {
    /// The reference cards' own scatter about the curve.
    pub scatter: f64,
    /// Where the curve runs at the candidate's rating.
    pub curve: f64,
    /// The rating model's misfit, through the curve's slope.
    pub misfit: f64,
    /// The duels' sampling.
    pub sampling: f64,
}

impl Parts {
    /// The whole interval's half-width.
    pub fn total(&self) -> f64 {
        (self.unsampled().powi(2) + self.sampling.powi(2)).sqrt()
    }

    /// Every part but sampling: what more duels cannot narrow.
    pub fn unsampled(&self) -> f64 {
        (self.scatter.powi(2) + self.curve.powi(2) + self.misfit.powi(2)).sqrt()
    }
}

/// How far one duel's score is from what the ratings predict.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Miss {
    /// The reference on side A (`None`: the candidate).
    pub fighter: Option<usize>,
    /// The reference on side B.
    pub opponent: usize,
    /// The duel's score (P(win) + ½ P(draw)) and the ratings' prediction of it.
    pub played: f64,
    pub predicted: f64,
}

/// Everything the fair cost rests on.
#[derive(Clone, Debug, PartialEq)]
pub struct FairCost {
    /// Each reference's rating with its sampling interval, in input order.
    pub refs: Vec<Interval>,
    /// The candidate's rating with its sampling interval (its own duels' and the references').
    pub cand: Interval,
    /// The candidate rating's 95 % half-width from the rating model's misfit.
    pub cand_misfit: f64,
    /// The advantage of fighting as side A, in log-odds.
    pub side: f64,
    /// How far the ratings miss the duels, and every duel's miss (the references' among
    /// themselves, then the candidate's).
    pub misfit: Misfit,
    pub misses: Vec<Miss>,
    /// The curve, `Err` saying why there is none (too few priced references, costs that do not
    /// rise with the ratings).
    pub curve: Result<Curve, String>,
    /// The candidate's fair cost and its interval (with the curve).
    pub cost: Option<Interval>,
    /// The interval's parts (all 0 without a fair cost).
    pub parts: Parts,
}

impl FairCost {
    /// Whether more sampling would hardly change the verdict's interval: its sampling part is
    /// within ±`target` (relative) of the fair cost, or adds at most 5 % to the interval's width
    /// (the other parts dominate). Without a fair cost: the candidate's rating is within ±0.05.
    pub fn settled(&self, target: f64) -> bool {
        if self.cost.is_none() {
            return self.cand.estimate - self.cand.ci95[0] <= 0.05;
        }
        self.parts.sampling.exp_m1() <= target || self.parts.sampling <= 0.32 * self.parts.unsampled()
    }

    /// The candidate's fair cost from one duel alone: the rating its score `s` against reference
    /// `j` gives (σ(x − θⱼ + h) = s), read off the curve. Above the fair cost: the candidate does
    /// better against that opponent than its rating says. `None` without a curve.
    pub fn cost_from_one(&self, s: f64, j: usize) -> Option<f64> {
        let c = self.curve.as_ref().ok()?;
        let s = s.clamp(CLAMP, 1.0 - CLAMP);
        let x = self.refs.get(j)?.estimate - self.side + (s / (1.0 - s)).ln();
        Some(c.cost(x)).filter(|c| c.is_finite())
    }

    /// The candidate rating's whole 95 % half-width: sampling and misfit.
    pub fn cand_half(&self) -> f64 {
        (self.cand.estimate - self.cand.ci95[0]).hypot(self.cand_misfit)
    }
}

/// The derivatives the interval's parts rest on: each reference duel's effect on the ratings,
/// the candidate's rating and the fair cost.
struct Derivatives {
    /// M⁻¹ (θ then h), M from [`info`].
    minv: Vec<Vec<f64>>,
    /// ∂θc/∂φ and ∂ŷ/∂φ.
    dtc: Vec<f64>,
    dy: Vec<f64>,
}

impl Derivatives {
    /// dφ/ds_g = M⁻¹ d_g w_g with d_g = e_a − e_b + e_h: (col_a − col_b + col_h) w_g (M
    /// symmetric).
    fn dphi(&self, g: &Game) -> Vec<f64> {
        let r = self.minv.len() - 1;
        (0..=r).map(|k| g.w * (self.minv[g.a][k] - self.minv[g.b][k] + self.minv[r][k])).collect()
    }
}

/// The curve's points: each group of identical priced references (`groups`) at its mean rating
/// (`xs`), with its ln(cost) (`ys`).
struct Points {
    groups: Vec<Vec<usize>>,
    xs: Vec<f64>,
    ys: Vec<f64>,
}

impl Points {
    fn of(rr: &RoundRobin, theta: &[f64]) -> Points {
        let groups = rr.priced_groups();
        let xs = groups.iter().map(|g| g.iter().map(|&i| theta[i]).sum::<f64>() / g.len() as f64).collect();
        let ys = groups.iter().map(|g| rr.costs[g[0]].unwrap_or(1.0).ln()).collect();
        Points { groups, xs, ys }
    }
}

/// Fit everything, with the standard normal quantile `z` for the misfit and sampling parts.
pub fn fit(rr: &RoundRobin, z: f64) -> FairCost {
    let r = rr.refs.len();
    // Identical references count once: each duel weighs 1 / (copies of A × copies of B), and
    // twins do not duel each other (a card against its copy says nothing of how costs follow
    // strength; it would only inform the side advantage, with weight the copies gave it).
    let copies: Vec<f64> = (0..r).map(|i| rr.same.iter().filter(|&&k| k == rr.same[i]).count() as f64).collect();
    let mut games = Vec::new();
    // Every reference duel's score variance, in `games` order. A clamped score (a sampled 0 or
    // 1) keeps its variance, with the fit's derivative at the clamped value: the true score
    // could be a little above 0, and that moves the ratings.
    let mut vars: Vec<f64> = Vec::new();
    for (a, row) in rr.refs.iter().enumerate() {
        for (b, cell) in row.iter().enumerate() {
            if let (Some(sc), true) = (cell, rr.same[a] != rr.same[b]) {
                vars.push(sc.var);
                games.push(Game { a, b, s: sc.clamped(), w: 1.0 / (copies[a] * copies[b]) });
            }
        }
    }
    let phi = fit_refs(&games, r);
    let (theta, h) = (&phi[..r], phi[r]);
    let cand: Vec<Opp> =
        (0..r).filter_map(|j| rr.cand[j].map(|c| Opp { j, s: c.clamped(), w: 1.0 / copies[j] })).collect();
    let (tc, w) = fit_cand(&cand, theta, h);
    let (misfit, misses) = misfit(rr, &games, &vars, theta, h, tc);
    let cand_misfit = z * jackknife(&cand, &rr.same, theta, h);

    let points = Points::of(rr, theta);
    let curve = fit_curve(&points.xs, &points.ys);
    let d = derivatives(&games, &phi, (&cand, tc, w), &points, curve.as_ref().ok());

    // The candidate's own duels: ∂θc/∂s_j = w_j / W.
    let own_var: f64 =
        cand.iter().filter_map(|o| rr.cand[o.j].map(|c| o.w * o.w * c.var)).sum::<f64>() / (w * w).max(1e-300);
    let mut var_theta = vec![0.0; r];
    let mut var_tc = own_var;
    let mut var_y = 0.0;
    for (g, &v) in games.iter().zip(&vars) {
        if v == 0.0 {
            continue;
        }
        let dg = d.dphi(g);
        for (vt, di) in var_theta.iter_mut().zip(&dg) {
            *vt += di * di * v;
        }
        let dot = |u: &[f64]| u.iter().zip(&dg).map(|(x, y)| x * y).sum::<f64>();
        var_tc += dot(&d.dtc).powi(2) * v;
        var_y += dot(&d.dy).powi(2) * v;
    }
    let interval = |x: f64, var: f64| {
        let half = z * var.max(0.0).sqrt();
        Interval { estimate: x, ci95: [x - half, x + half] }
    };
    let refs = theta.iter().zip(&var_theta).map(|(&t, &v)| interval(t, v)).collect();
    let cand_iv = interval(tc, var_tc);
    let (mut cost, mut parts) = (None, Parts::default());
    let mut curve = curve;
    if let Ok(c) = &curve {
        // The candidate's own duels' sampling, seen through the curve's slope.
        var_y += c.b * c.b * own_var;
        let y = c.a + c.b * tc;
        let p = Parts {
            scatter: c.scatter_half(),
            curve: c.fit_half(tc),
            misfit: c.b * cand_misfit,
            sampling: z * var_y.max(0.0).sqrt(),
        };
        let half = p.total();
        let iv = Interval { estimate: y.exp(), ci95: [(y - half).exp(), (y + half).exp()] };
        // A curve whose reference ratings are nearly equal for very different costs is steep
        // enough that reading it off away from them overflows (a cost of inf, or an interval
        // from 0 to inf): that is no price, and no number a report can print or JSON can hold.
        if iv.ci95[0] > 0.0 && iv.ci95[1].is_finite() {
            (cost, parts) = (Some(iv), p);
        } else {
            curve = Err(format!(
                "the reference fighters' ratings are too close together for their costs (the curve rises by a factor of e^{:.0} per rating point), so at the candidate's rating it gives no finite cost: add reference fighters whose strengths differ",
                c.b
            ));
        }
    }
    FairCost { refs, cand: cand_iv, cand_misfit, side: h, misfit, misses, curve, cost, parts }
}

/// The jackknife standard deviation of the candidate's rating over its opponents: how much it
/// moves with which opponents the gauntlet holds (0 under two opponents). Identical opponents
/// leave together (`same`: each reference's first twin), so a copy does not halve the spread.
fn jackknife(cand: &[Opp], same: &[usize], theta: &[f64], h: f64) -> f64 {
    let mut groups: Vec<usize> = cand.iter().map(|o| same[o.j]).collect();
    groups.sort_unstable();
    groups.dedup();
    let k = groups.len();
    if k < 2 {
        return 0.0;
    }
    let without: Vec<f64> = groups
        .iter()
        .map(|&g| {
            let rest: Vec<Opp> = cand.iter().filter(|o| same[o.j] != g).copied().collect();
            fit_cand(&rest, theta, h).0
        })
        .collect();
    let mean = without.iter().sum::<f64>() / k as f64;
    let kf = k as f64;
    ((kf - 1.0) / kf * without.iter().map(|t| (t - mean).powi(2)).sum::<f64>()).sqrt()
}

/// Every duel's miss and the misfit they add up to: the references' duels (their ratings and h
/// fitted: r parameters with the mean-zero constraint) and the candidate's (one more).
fn misfit(rr: &RoundRobin, games: &[Game], vars: &[f64], theta: &[f64], h: f64, tc: f64) -> (Misfit, Vec<Miss>) {
    let mut misses = Vec::new();
    let mut resid = Vec::new();
    for (g, &v) in games.iter().zip(vars) {
        let predicted = sigma(theta[g.a] - theta[g.b] + h);
        misses.push(Miss { fighter: Some(g.a), opponent: g.b, played: g.s, predicted });
        resid.push((g.s - predicted, v));
    }
    let mut params = theta.len();
    for (j, c) in rr.cand.iter().enumerate() {
        if let Some(c) = c {
            let predicted = sigma(tc - theta[j] + h);
            misses.push(Miss { fighter: None, opponent: j, played: c.clamped(), predicted });
            resid.push((c.clamped() - predicted, c.var));
        }
    }
    if rr.cand.iter().any(Option::is_some) {
        params += 1;
    }
    (Misfit::of(&resid, params), misses)
}

/// The derivatives of the candidate's rating and of the fair cost (ŷ = a + b·θc on the curve
/// through `points`) with respect to the references' ratings and h.
fn derivatives(
    games: &[Game],
    phi: &[f64],
    (cand, tc, w): (&[Opp], f64, f64),
    Points { groups, xs, ys }: &Points,
    curve: Option<&Curve>,
) -> Derivatives {
    let r = phi.len() - 1;
    let (theta, h) = (&phi[..r], phi[r]);
    // M⁻¹ column by column (M is small).
    let m = info(games, phi, r);
    let minv: Vec<Vec<f64>> = (0..=r)
        .map(|k| {
            let mut e = vec![0.0; r + 1];
            e[k] = 1.0;
            solve(m.clone(), e)
        })
        .collect();
    // The candidate's rating moves with the references' (∂θc/∂θ_j = w_j / W) and with h (−1).
    let mut dtc = vec![0.0; r + 1];
    for o in cand {
        let p = sigma(tc - theta[o.j] + h);
        dtc[o.j] += o.w * p * (1.0 - p) / w.max(1e-300);
    }
    dtc[r] = -1.0;
    // ∂ŷ/∂φ: through the curve's points (∂ŷ/∂x_k, each point the mean of its group's ratings)
    // and through the candidate's rating (b).
    let mut dy = vec![0.0; r + 1];
    if let Some(c) = curve {
        let n = xs.len() as f64;
        for (k, g) in groups.iter().enumerate() {
            let resid = ys[k] - c.a - c.b * xs[k];
            let db = (resid - c.b * (xs[k] - c.xbar)) / c.sxx;
            let dx = db * (tc - c.xbar) - c.b / n;
            for &i in g {
                dy[i] += dx / g.len() as f64;
            }
        }
        for k in 0..=r {
            dy[k] += c.b * dtc[k];
        }
    }
    Derivatives { minv, dtc, dy }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A round robin whose scores follow the model exactly: ratings `theta`, side advantage `h`,
    /// costs exp(a + b·θ), the candidate at `tc`; sampled over `n` duels per pair (variances only).
    fn synthetic(theta: &[f64], h: f64, tc: f64, cost: impl Fn(f64) -> f64, n: Option<f64>) -> RoundRobin {
        let score = |x: f64| {
            let p = sigma(x);
            // A drawless duel: P(win) = p.
            Score::new(p, 0.0, n)
        };
        RoundRobin {
            refs: theta
                .iter()
                .enumerate()
                .map(|(i, &ti)| theta.iter().enumerate().map(|(j, &tj)| (i != j).then(|| score(ti - tj + h))).collect())
                .collect(),
            cand: theta.iter().map(|&tj| Some(score(tc - tj + h))).collect(),
            costs: theta.iter().map(|&t| Some(cost(t))).collect(),
            same: RoundRobin::all_different(theta.len()),
        }
    }

    const THETA: [f64; 6] = [-1.5, -0.7, -0.2, 0.3, 0.9, 1.2];

    #[test]
    fn exact_scores_from_the_model_give_back_its_ratings_and_costs() {
        let rr = synthetic(&THETA, 0.2, 0.55, |t| (1.0 + 0.5 * t).exp(), None);
        let f = fit(&rr, 1.96);
        assert!((f.side - 0.2).abs() < 1e-9, "{}", f.side);
        for (got, want) in f.refs.iter().zip(THETA) {
            assert!((got.estimate - want).abs() < 1e-9, "{} {want}", got.estimate);
            assert_eq!(got.ci95[0], got.ci95[1]);
        }
        assert!((f.cand.estimate - 0.55).abs() < 1e-9);
        let c = f.curve.as_ref().unwrap();
        assert!((c.a - 1.0).abs() < 1e-9 && (c.b - 0.5).abs() < 1e-9 && c.r2 > 1.0 - 1e-12);
        let cost = f.cost.unwrap();
        let want = (1.0 + 0.5 * 0.55f64).exp();
        assert!((cost.estimate - want).abs() < 1e-8);
        assert!(cost.ci95[1] - cost.ci95[0] < 1e-6, "{cost:?}");
    }

    /// The sampling half-width from the implicit-function derivatives equals the one from
    /// refitting with each score nudged (central differences).
    #[test]
    fn sampling_interval_matches_refitting_with_nudged_scores() {
        let rr = synthetic(&THETA, 0.2, 0.55, |t| (1.0 + 0.5 * t).exp() * (1.0 + 0.1 * t.sin()), Some(5_000.0));
        let f = fit(&rr, 1.0);
        let y = |rr: &RoundRobin| fit(rr, 1.0).cost.unwrap().estimate.ln();
        let (mut var_y, mut var_tc, mut var_t0) = (0.0, 0.0, 0.0);
        let eps = 1e-6;
        let nudge = |rr: &RoundRobin, at: (Option<usize>, usize), d: f64| {
            let mut x = rr.clone();
            let c = match at.0 {
                Some(i) => x.refs[i][at.1].as_mut().unwrap(),
                None => x.cand[at.1].as_mut().unwrap(),
            };
            c.s += d;
            x
        };
        let mut at = Vec::new();
        for i in 0..THETA.len() {
            for j in 0..THETA.len() {
                if i != j {
                    at.push((Some(i), j, rr.refs[i][j].unwrap().var));
                }
            }
            at.push((None, i, rr.cand[i].unwrap().var));
        }
        for (i, j, v) in at {
            let (p, m) = (nudge(&rr, (i, j), eps), nudge(&rr, (i, j), -eps));
            var_y += ((y(&p) - y(&m)) / (2.0 * eps)).powi(2) * v;
            let tc = |r: &RoundRobin| fit(r, 1.0).cand.estimate;
            var_tc += ((tc(&p) - tc(&m)) / (2.0 * eps)).powi(2) * v;
            let t0 = |r: &RoundRobin| fit(r, 1.0).refs[0].estimate;
            var_t0 += ((t0(&p) - t0(&m)) / (2.0 * eps)).powi(2) * v;
        }
        let rel = |a: f64, b: f64| (a - b).abs() / b;
        assert!(rel(f.parts.sampling, var_y.sqrt()) < 1e-4, "{} {}", f.parts.sampling, var_y.sqrt());
        assert!(rel(f.cand.estimate - f.cand.ci95[0], var_tc.sqrt()) < 1e-4);
        assert!(rel(f.refs[0].estimate - f.refs[0].ci95[0], var_t0.sqrt()) < 1e-4);
    }

    /// The verdict moves from under-costed through the interval to over-costed as the stated cost
    /// rises, never back; inside, "priced right" or "can't tell" by the interval's width alone.
    #[test]
    fn the_verdict_is_monotone_in_the_stated_cost_and_right_at_the_fair_cost() {
        use crate::analysis::verdict::Verdict;
        let rr =
            synthetic(&THETA, 0.0, 0.4, |t| (3.0 + 0.6 * t).exp() * (1.0 + 0.15 * (3.0 * t).cos()), Some(20_000.0));
        let f = fit(&rr, 1.96);
        let fair = f.cost.unwrap();
        let width = fair.ci95[1] / fair.ci95[0];
        for (cant_tell, inside) in [(width * 1.01, Verdict::PricedRight), (width * 0.99, Verdict::CantTell)] {
            assert_eq!(Verdict::of(fair.estimate, &fair, cant_tell), inside);
            let mut last = Verdict::UnderCosted;
            let mut seen = Vec::new();
            for k in 1..400 {
                let v = Verdict::of(k as f64 * 0.25, &fair, cant_tell);
                assert!(v.rank() >= last.rank(), "{k}: {v:?} after {last:?}");
                last = v;
                if !seen.contains(&v) {
                    seen.push(v);
                }
            }
            assert_eq!(seen, [Verdict::UnderCosted, inside, Verdict::OverCosted]);
        }
    }

    /// Identical reference cards are one point of the curve: doubling a gauntlet with copies
    /// leaves the curve's points, and so the interval, where they were (it narrowed the 2013
    /// gauntlet's from [34.7, 46.2] to [37.0, 43.3] when each copy counted).
    #[test]
    fn identical_reference_cards_count_once() {
        let cost = |t: f64| (3.0 + 0.6 * t).exp() * (1.0 + 0.15 * (3.0 * t).cos());
        let once = synthetic(&THETA, 0.1, 0.4, cost, None);
        let doubled_theta: Vec<f64> = THETA.iter().chain(&THETA).copied().collect();
        let mut twice = synthetic(&doubled_theta, 0.1, 0.4, cost, None);
        let (a, b) = (fit(&once, 1.96), fit(&twice, 1.96));
        let (ca, cb) = (a.cost.unwrap(), b.cost.unwrap());
        // Counted twice, the same scatter over twice the points narrows the interval.
        assert!(cb.ci95[1] / cb.ci95[0] < ca.ci95[1] / ca.ci95[0] * 0.9, "{ca:?} {cb:?}");
        twice.same = (0..12).map(|i| i % 6).collect();
        let c = fit(&twice, 1.96);
        let cc = c.cost.unwrap();
        assert_eq!(c.curve.as_ref().unwrap().n, 6);
        for k in 0..2 {
            assert!((cc.ci95[k] / ca.ci95[k] - 1.0).abs() < 1e-9, "{ca:?} {cc:?}");
        }
        assert!((cc.estimate / ca.estimate - 1.0).abs() < 1e-9);
    }

    /// The interval's parts: a curve with scatter has a scatter part t·s at every rating, the
    /// curve's part grows away from the cards' mean rating, and the whole is their quadrature.
    #[test]
    fn the_interval_is_the_cards_not_only_the_curves() {
        let cost = |t: f64| (3.0 + 0.6 * t).exp() * (1.0 + 0.15 * (3.0 * t).cos());
        let near = fit(&synthetic(&THETA, 0.0, 0.0, cost, None), 1.96);
        let far = fit(&synthetic(&THETA, 0.0, 1.5, cost, None), 1.96);
        let c = near.curve.as_ref().unwrap();
        let t4 = 2.776_445_105_197_793; // t(0.975, 4 degrees of freedom)
        assert!((near.parts.scatter - t4 * c.residual_sd).abs() < 1e-9, "{:?}", near.parts);
        assert!(far.parts.curve > near.parts.curve && near.parts.scatter == far.parts.scatter);
        assert!(near.parts.scatter > near.parts.curve, "{:?}", near.parts);
        let p = near.parts;
        let whole = (p.scatter.powi(2) + p.curve.powi(2) + p.misfit.powi(2) + p.sampling.powi(2)).sqrt();
        let iv = near.cost.unwrap();
        assert!(((iv.ci95[1] / iv.estimate).ln() - whole).abs() < 1e-12);
        assert_eq!(p.sampling, 0.0);
    }

    /// A candidate whose matchups no single rating predicts (it beats every other reference
    /// 12 points more often than its rating says and loses to the rest 12 points more) has a
    /// rating that depends on which opponents the gauntlet holds: its interval carries that
    /// spread even when every duel is exact; one whose duels follow its rating carries none.
    #[test]
    fn the_rating_models_misfit_widens_the_interval_of_an_exact_round_robin() {
        let cost = |t: f64| (3.0 + 0.6 * t).exp() * (1.0 + 0.15 * (3.0 * t).cos());
        let clean = synthetic(&THETA, 0.0, 0.3, cost, None);
        let mut uneven = clean.clone();
        for (j, c) in uneven.cand.iter_mut().enumerate() {
            let s = c.unwrap().s + if j % 2 == 0 { 0.12 } else { -0.12 };
            *c = Some(Score::new(s, 0.0, None));
        }
        let (a, b) = (fit(&clean, 1.96), fit(&uneven, 1.96));
        assert!(a.misfit.var < 1e-12 && a.cand_misfit < 1e-9 && a.parts.misfit < 1e-9, "{:?}", a.misfit);
        assert!(b.misfit.rms > 0.04 && b.parts.misfit > 0.05, "{:?} {:?}", b.misfit, b.parts);
        assert!(b.cand_half() > b.cand.estimate - b.cand.ci95[0]);
        let (ia, ib) = (a.cost.unwrap(), b.cost.unwrap());
        assert!(ib.ci95[1] / ib.ci95[0] > ia.ci95[1] / ia.ci95[0], "{ia:?} {ib:?}");
    }

    #[test]
    fn reference_fighters_that_all_cost_the_same_give_no_curve() {
        // ln 6 summed three times and divided by three is not ln 6 in floating point, so the
        // slope came out ±1e-32 from rounding alone: for these ratings +4.7e-32, a "curve" with
        // no scatter that priced every candidate at exactly 6 (zero-width interval).
        let xs = [-0.9797238970423132, -0.018259651632236196, -0.2020357408450475];
        for cost in [6.0f64, 17.0, 30.0, 0.1] {
            let err = fit_curve(&xs, &[cost.ln(); 3]).unwrap_err();
            assert!(err.contains("all cost the same"), "{cost}: {err}");
        }
        let theta = [-1.1, -0.3, 0.2, 0.8, 1.4];
        let f = fit(&synthetic(&theta, 0.1, 0.5, |_| 6.0, Some(20_000.0)), 1.96);
        assert!(f.cost.is_none() && f.curve.unwrap_err().contains("all cost the same"));
    }

    /// Three copies of one card priced 10, 1000 and 100: their sampled ratings differ by noise
    /// (here 0.001 apart), so the slope is about 1,150 per rating point, and a candidate two
    /// points stronger was priced e^2300 = inf, "[0.0, inf]", "priced right" at any price
    /// (results.json then held nulls where numbers belong).
    #[test]
    fn a_curve_too_steep_to_read_at_the_candidate_gives_no_fair_cost_and_no_infinity() {
        let theta = [0.0, 0.001, 0.002];
        let mut rr = synthetic(&theta, 0.0, 2.0, |_| 1.0, Some(20_000.0));
        rr.costs = vec![Some(10.0), Some(1000.0), Some(100.0)];
        for cand in [2.0, -2.0, 0.3] {
            let mut rr = rr.clone();
            rr.cand = theta.iter().map(|&tj| Some(Score::new(sigma(cand - tj), 0.0, Some(20_000.0)))).collect();
            let f = fit(&rr, 1.96);
            let finite = |i: &Interval| i.estimate.is_finite() && i.ci95.iter().all(|x| x.is_finite());
            assert!(f.refs.iter().all(finite) && finite(&f.cand), "{f:?}");
            assert!(f.parts.total().is_finite() && f.side.is_finite());
            match &f.cost {
                Some(c) => assert!(finite(c) && c.ci95[0] > 0.0, "{cand}: {c:?}"),
                None => assert!(f.curve.as_ref().unwrap_err().contains("too close"), "{cand}: {:?}", f.curve),
            }
            if cand == 2.0 {
                assert!(f.cost.is_none(), "{:?}", f.cost);
            }
        }
    }

    #[test]
    fn costs_that_fall_with_strength_or_too_few_references_give_no_fair_cost() {
        let rr = synthetic(&THETA, 0.0, 0.4, |t| (3.0 - 0.6 * t).exp(), None);
        let f = fit(&rr, 1.96);
        assert!(f.cost.is_none() && f.curve.unwrap_err().contains("do not rise"));
        let mut rr = synthetic(&THETA[..3], 0.0, 0.4, |t| (3.0 + 0.6 * t).exp(), None);
        rr.costs[2] = None;
        let f = fit(&rr, 1.96);
        assert!(f.cost.is_none() && f.curve.unwrap_err().contains("at least 3"));
    }

    #[test]
    fn a_fighter_that_always_wins_has_a_finite_rating() {
        let mut rr = synthetic(&THETA, 0.0, 0.0, |t| (3.0 + 0.6 * t).exp(), None);
        for j in 1..THETA.len() {
            rr.refs[0][j] = Some(Score::new(1.0, 0.0, None));
            rr.refs[j][0] = Some(Score::new(0.0, 0.0, None));
        }
        rr.cand = vec![Some(Score::new(1.0, 0.0, None)); THETA.len()];
        let f = fit(&rr, 1.96);
        assert!(f.refs.iter().all(|r| r.estimate.is_finite()) && f.cand.estimate.is_finite());
        assert!(f.cand.estimate > f.refs[1].estimate + 5.0);
    }

    /// Extreme round robins keep every number finite: a candidate that loses every duel, a
    /// reference fighter that draws every duel, references in a strict order (every duel won by
    /// the stronger), exact and sampled.
    #[test]
    fn extreme_round_robins_keep_every_number_finite() {
        let finite = |i: &Interval| i.estimate.is_finite() && i.ci95.iter().all(|x| x.is_finite());
        for n in [None, Some(20_000.0)] {
            let mut loses = synthetic(&THETA, 0.1, 0.0, |t| (3.0 + 0.6 * t).exp(), n);
            loses.cand = vec![Some(Score::new(0.0, 0.0, n)); THETA.len()];
            let mut draws = synthetic(&THETA, 0.1, 0.3, |t| (3.0 + 0.6 * t).exp(), n);
            for j in 0..THETA.len() {
                if j != 2 {
                    draws.refs[2][j] = Some(Score::new(0.0, 1.0, n));
                    draws.refs[j][2] = Some(Score::new(0.0, 1.0, n));
                }
            }
            let mut order = synthetic(&THETA, 0.0, 0.3, |t| (3.0 + 0.6 * t).exp(), n);
            for (i, row) in order.refs.iter_mut().enumerate() {
                for (j, c) in row.iter_mut().enumerate() {
                    if i != j {
                        *c = Some(Score::new(if i > j { 1.0 } else { 0.0 }, 0.0, n));
                    }
                }
            }
            for rr in [loses, draws, order] {
                let f = fit(&rr, 1.96);
                assert!(f.refs.iter().all(finite) && finite(&f.cand) && f.side.is_finite(), "{f:?}");
                let c = f.cost.unwrap_or_else(|| panic!("no fair cost: {:?} {:?} {:?}", f.curve, f.misfit, f.cand));
                assert!(finite(&c) && c.ci95[0] > 0.0 && c.ci95[0] <= c.estimate && c.estimate <= c.ci95[1], "{c:?}");
            }
        }
    }

    /// A synthetic gauntlet whose costs are an exact function of strength (exp(1 + 0.5·θ)),
    /// sampled: each duel's score drawn with its sampling noise (20,000 duels per pair), 200
    /// times over. The true cost of the candidate falls inside the 95 % interval about 95 % of
    /// the time (the independent second reading measured 96 % for the same model).
    #[test]
    fn a_synthetic_gauntlet_recovers_the_candidates_cost_inside_the_interval() {
        use rand_core::{Rng, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(27);
        let mut normal = move || {
            let u =
                |r: &mut rand_xoshiro::Xoshiro256PlusPlus| ((r.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
            let (a, b) = (u(&mut rng), u(&mut rng));
            (-2.0 * a.ln()).sqrt() * (std::f64::consts::TAU * b).cos()
        };
        let n = 20_000.0;
        let truth = synthetic(&THETA, 0.2, 0.7, |t| (1.0 + 0.5 * t).exp(), Some(n));
        let want = (1.0 + 0.5 * 0.7f64).exp();
        let mut inside = 0;
        for _ in 0..200 {
            let mut noisy = truth.clone();
            let mut jitter = |c: &mut Option<Score>| {
                if let Some(c) = c {
                    let s = (c.s + c.var.sqrt() * normal()).clamp(0.0, 1.0);
                    *c = Score::new(s, 0.0, Some(n));
                }
            };
            noisy.refs.iter_mut().flatten().for_each(&mut jitter);
            noisy.cand.iter_mut().for_each(&mut jitter);
            let c = fit(&noisy, 1.959964).cost.unwrap();
            inside += (c.ci95[0] <= want && want <= c.ci95[1]) as u32;
        }
        assert!((180..=200).contains(&inside), "{inside} of 200 intervals hold the true cost");
    }

    /// A sampled 0 is not a certainty: a reference that lost every sampled duel to another still
    /// carries sampling noise into the ratings and the fair cost (it carried none before).
    #[test]
    fn a_sampled_zero_still_carries_sampling_noise() {
        let mut rr = synthetic(&THETA, 0.0, 0.4, |t| (3.0 + 0.6 * t).exp(), Some(20_000.0));
        for (a, b) in [(0, 5), (5, 0)] {
            let s = if a == 0 { 0.0 } else { 1.0 };
            rr.refs[a][b] = Some(Score::new(s, 0.0, Some(20_000.0)));
        }
        let base = fit(&rr, 1.96);
        // Only that pair sampled: every other score exact.
        for (a, row) in rr.refs.iter_mut().enumerate() {
            for (b, c) in row.iter_mut().enumerate() {
                if let Some(c) = c
                    && !((a, b) == (0, 5) || (a, b) == (5, 0))
                {
                    c.var = 0.0;
                }
            }
        }
        rr.cand.iter_mut().flatten().for_each(|c| c.var = 0.0);
        let f = fit(&rr, 1.96);
        assert!(f.parts.sampling > 0.0 && f.refs[0].ci95[0] < f.refs[0].estimate, "{f:?}");
        assert!(base.parts.sampling.is_finite() && f.parts.sampling.is_finite());
    }
}
