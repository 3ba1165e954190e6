//! A fair cost from a round robin: every fighter's rating, a cost curve over the reference
//! fighters, and the candidate's rating read back into a cost with its 95 % interval.
//!
//! **Ratings (Bradley–Terry with a side advantage).** A duel between A and B scores
//! s = P(A wins) + ½ P(draw) for A. The reference fighters' ratings θ and the advantage h of
//! fighting as side A maximise Σ s ln σ(θ_A − θ_B + h) + (1 − s) ln σ(θ_B − θ_A − h) over every
//! duel between two reference fighters (both orders are run, which is what identifies h), with
//! mean θ = 0. So a rating is the log-odds of beating an average reference fighter on neutral
//! sides, and it is corrected for whom each fighter met: a reference fighter never meets itself,
//! the candidate meets all of them, and a mean P(win) would mix that into the strength. The
//! candidate's rating is then fitted alone against the fixed references (it only ever fights as
//! A, so the fitted h is applied): the candidate never moves the references or the curve.
//!
//! **Cost curve.** ln(cost) = a + b·θ, ordinary least squares over the priced references. Log
//! cost because costs are positive and a rating is a log-odds: a constant step in rating costs a
//! constant *factor* (doubling the odds of winning costs the same proportion at any price),
//! and the fit can never suggest a negative cost. Two parameters, so it works with a handful of
//! reference cards (at least three: one degree of freedom for the scatter); its R² and residual
//! scatter are reported so a poor fit shows.
//!
//! **The interval** adds, on the log scale, the fit's uncertainty of the curve at the
//! candidate's rating (t-interval of the fitted mean, n − 2 degrees of freedom) and the sampling
//! uncertainty of every duel's score propagated through the ratings, the curve and the candidate
//! (delta method, derivatives from the implicit function theorem: no resampling, so it is
//! deterministic and costs one small matrix inverse). An exact round robin has no sampling part.
//!
//! Nothing here depends on the candidate's stated cost: the verdict compares that cost with the
//! interval afterwards, so it is monotone in the stated cost by construction. Pure: no I/O.

use serde::Serialize;
use statrs::distribution::{ContinuousCDF, StudentsT};

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
/// `costs[i]` each reference's cost (`None` or not above 0: left out of the curve).
#[derive(Clone, Debug, PartialEq)]
pub struct RoundRobin {
    pub refs: Vec<Vec<Option<Score>>>,
    pub cand: Vec<Option<Score>>,
    pub costs: Vec<Option<f64>>,
}

/// A value with its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Interval {
    pub estimate: f64,
    pub ci95: [f64; 2],
}

/// The fitted cost curve ln(cost) = a + b·rating.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Curve {
    pub a: f64,
    pub b: f64,
    /// Priced references it was fitted on.
    pub n: usize,
    /// Residual standard deviation on the log scale (≈ the typical relative mispricing of a
    /// reference card against the curve).
    pub residual_sd: f64,
    pub r2: f64,
    /// Mean and spread of the references' ratings (for the band at any rating).
    #[serde(skip)]
    xbar: f64,
    #[serde(skip)]
    sxx: f64,
    /// t quantile for n − 2 degrees of freedom.
    #[serde(skip)]
    t: f64,
}

impl Curve {
    /// The curve's cost at `rating`.
    pub fn cost(&self, rating: f64) -> f64 {
        (self.a + self.b * rating).exp()
    }

    /// The fit's 95 % half-width on the log scale at `rating` (the band of the fitted mean).
    pub fn fit_half(&self, rating: f64) -> f64 {
        let n = self.n as f64;
        self.t * self.residual_sd * (1.0 / n + (rating - self.xbar).powi(2) / self.sxx).sqrt()
    }

    /// The band of the fitted curve at `rating`, as costs.
    pub fn band(&self, rating: f64) -> [f64; 2] {
        let y = self.a + self.b * rating;
        let h = self.fit_half(rating);
        [(y - h).exp(), (y + h).exp()]
    }
}

/// Everything the fair cost rests on.
#[derive(Clone, Debug, PartialEq)]
pub struct FairCost {
    /// Each reference's rating with its sampling interval, in input order.
    pub refs: Vec<Interval>,
    /// The candidate's rating with its interval (its own duels' and the references' sampling).
    pub cand: Interval,
    /// The advantage of fighting as side A, in log-odds.
    pub side: f64,
    /// The curve, `Err` saying why there is none (too few priced references, costs that do not
    /// rise with the ratings).
    pub curve: Result<Curve, String>,
    /// The candidate's fair cost and its interval (with the curve).
    pub cost: Option<Interval>,
    /// Half-widths on the log scale of the interval's two parts: the fit's and the sampling's.
    pub fit_half: f64,
    pub sampling_half: f64,
}

impl FairCost {
    /// Whether more sampling would hardly change the verdict's interval: its sampling part is
    /// within ±`target` (relative) of the fair cost, or adds at most 5 % to the interval's width
    /// (the fit dominates). Without a fair cost: the candidate's rating is within ±0.05.
    pub fn settled(&self, target: f64) -> bool {
        if self.cost.is_none() {
            return self.cand.estimate - self.cand.ci95[0] <= 0.05;
        }
        self.sampling_half.exp_m1() <= target || self.sampling_half <= 0.32 * self.fit_half
    }
}

fn sigma(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// One duel between two reference fighters, by index.
struct Game {
    a: usize,
    b: usize,
    s: f64,
}

/// Solve `m x = rhs` for a small dense symmetric positive definite `m` (Gaussian elimination
/// with partial pivoting; `m` is at most the gauntlet's size + 1).
fn solve(mut m: Vec<Vec<f64>>, mut rhs: Vec<f64>) -> Vec<f64> {
    let n = rhs.len();
    for c in 0..n {
        let p = (c..n).max_by(|&i, &j| m[i][c].abs().total_cmp(&m[j][c].abs())).unwrap_or(c);
        m.swap(c, p);
        rhs.swap(c, p);
        let d = m[c][c];
        if d.abs() < 1e-300 {
            continue;
        }
        let pivot = m[c].clone();
        for r in c + 1..n {
            let f = m[r][c] / d;
            if f != 0.0 {
                for (x, p) in m[r][c..].iter_mut().zip(&pivot[c..]) {
                    *x -= f * p;
                }
                rhs[r] -= f * rhs[c];
            }
        }
    }
    let mut x = vec![0.0; n];
    for c in (0..n).rev() {
        let s: f64 = (c + 1..n).map(|k| m[c][k] * x[k]).sum();
        x[c] = if m[c][c].abs() < 1e-300 { 0.0 } else { (rhs[c] - s) / m[c][c] };
    }
    x
}

/// The matrix M = Σ w d dᵀ + u uᵀ of the references' fit at `phi` (θ then h): the negated
/// Hessian of the log-likelihood with the mean-zero constraint added, so it is invertible and a
/// step or a derivative solved with it keeps Σθ unchanged.
fn info(games: &[Game], phi: &[f64], r: usize) -> Vec<Vec<f64>> {
    let n = r + 1;
    let mut m = vec![vec![0.0; n]; n];
    for g in games {
        let p = sigma(phi[g.a] - phi[g.b] + phi[r]);
        let w = p * (1.0 - p);
        for (i, si) in [(g.a, 1.0), (g.b, -1.0), (r, 1.0)] {
            for (j, sj) in [(g.a, 1.0), (g.b, -1.0), (r, 1.0)] {
                m[i][j] += w * si * sj;
            }
        }
    }
    for row in m.iter_mut().take(r) {
        for v in row.iter_mut().take(r) {
            *v += 1.0;
        }
    }
    m
}

fn log_lik(games: &[Game], phi: &[f64], r: usize) -> f64 {
    games
        .iter()
        .map(|g| {
            let x = phi[g.a] - phi[g.b] + phi[r];
            // ln σ(x) = −ln(1 + e^−x), written stably for large |x|.
            let ln_sig = |x: f64| -((-x).max(0.0) + (-x.abs()).exp().ln_1p());
            g.s * ln_sig(x) + (1.0 - g.s) * ln_sig(-x)
        })
        .sum()
}

/// Newton's method on the references' ratings and h (concave likelihood; a step that lowers it
/// is halved). Returns θ (mean 0) then h.
fn fit_refs(games: &[Game], r: usize) -> Vec<f64> {
    let mut phi = vec![0.0; r + 1];
    if games.is_empty() {
        return phi;
    }
    let mut ll = log_lik(games, &phi, r);
    for _ in 0..200 {
        let mut grad = vec![0.0; r + 1];
        for g in games {
            let e = g.s - sigma(phi[g.a] - phi[g.b] + phi[r]);
            grad[g.a] += e;
            grad[g.b] -= e;
            grad[r] += e;
        }
        let step = solve(info(games, &phi, r), grad);
        let mut t = 1.0;
        loop {
            let next: Vec<f64> = phi.iter().zip(&step).map(|(p, d)| p + t * d).collect();
            let nll = log_lik(games, &next, r);
            if nll >= ll - 1e-12 || t < 1e-6 {
                phi = next;
                ll = nll.max(ll);
                break;
            }
            t /= 2.0;
        }
        if step.iter().map(|d| (t * d).abs()).fold(0.0, f64::max) < 1e-12 {
            break;
        }
    }
    phi
}

/// The candidate's rating against fixed references `theta` and side advantage `h`, and W =
/// Σ p(1 − p) over its duels (the information its rating rests on).
fn fit_cand(cand: &[(usize, f64)], theta: &[f64], h: f64) -> (f64, f64) {
    let mut x = 0.0;
    let w_at =
        |x: f64| cand.iter().map(|&(j, _)| sigma(x - theta[j] + h) * (1.0 - sigma(x - theta[j] + h))).sum::<f64>();
    for _ in 0..200 {
        let g: f64 = cand.iter().map(|&(j, s)| s - sigma(x - theta[j] + h)).sum();
        let w = w_at(x);
        if w <= 0.0 {
            break;
        }
        // Newton, its step bounded so a near-certain candidate cannot overshoot far.
        let d = (g / w).clamp(-4.0, 4.0);
        x += d;
        if d.abs() < 1e-13 {
            break;
        }
    }
    (x, w_at(x))
}

fn quantile_t(df: f64) -> f64 {
    StudentsT::new(0.0, 1.0, df).map(|t| t.inverse_cdf(0.975)).unwrap_or(f64::INFINITY)
}

/// The ordinary least squares of ln(cost) on rating over the priced references.
pub(crate) fn fit_curve(xs: &[f64], ys: &[f64]) -> Result<Curve, String> {
    let n = xs.len();
    if n < 3 {
        return Err(format!(
            "a cost curve needs at least 3 reference fighters with a cost above 0 ({n} here): one more than the curve's two parameters, so its scatter can be measured"
        ));
    }
    // Equal costs leave nothing to fit, and must be said before the slope: their mean is not
    // exactly their value in floating point, so the slope would come out ±1e-32 from rounding
    // alone and, when positive, give a curve with no scatter pricing every rating the same.
    let (lo, hi) = ys.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &y| (l.min(y), h.max(y)));
    if hi - lo <= 1e-12 * hi.abs().max(1.0) {
        return Err(
            "the reference fighters all cost the same: a cost curve needs costs that differ, so a cost can be read off for a rating"
                .into(),
        );
    }
    let nf = n as f64;
    let xbar = xs.iter().sum::<f64>() / nf;
    let ybar = ys.iter().sum::<f64>() / nf;
    let sxx: f64 = xs.iter().map(|x| (x - xbar).powi(2)).sum();
    let sxy: f64 = xs.iter().zip(ys).map(|(x, y)| (x - xbar) * (y - ybar)).sum();
    let syy: f64 = ys.iter().map(|y| (y - ybar).powi(2)).sum();
    if sxx <= 1e-18 {
        return Err("the reference fighters are all equally strong: a cost curve needs ratings that differ".into());
    }
    let b = sxy / sxx;
    if b <= 0.0 {
        return Err(
            "the reference fighters' costs do not rise with their ratings (the fitted slope is not above 0): no cost can be read off for a rating"
                .into(),
        );
    }
    let a = ybar - b * xbar;
    let sse: f64 = xs.iter().zip(ys).map(|(x, y)| (y - a - b * x).powi(2)).sum::<f64>().max(0.0);
    let df = nf - 2.0;
    let residual_sd = (sse / df).sqrt();
    let r2 = if syy > 0.0 { 1.0 - sse / syy } else { 1.0 };
    Ok(Curve { a, b, n, residual_sd, r2, xbar, sxx, t: quantile_t(df) })
}

/// Fit everything, with the standard normal quantile `z` for the sampling parts.
///
/// Over 100 lines on purpose, for now: its steps (ratings, curve, candidate, the interval's two
/// parts) share the games and the derivatives, and issue #40 replaces the interval (the card's
/// spread, not only the curve's) — it splits this as it rewrites it.
pub fn fit(rr: &RoundRobin, z: f64) -> FairCost {
    let r = rr.refs.len();
    let mut games = Vec::new();
    // Every reference duel's position in `games` and its score's variance. A clamped score (a
    // sampled 0 or 1) keeps its variance, with the fit's derivative at the clamped value: the
    // true score could be a little above 0, and that moves the ratings.
    let mut scored: Vec<(usize, f64)> = Vec::new();
    for (a, row) in rr.refs.iter().enumerate() {
        for (b, cell) in row.iter().enumerate() {
            if let (Some(sc), true) = (cell, a != b) {
                scored.push((games.len(), sc.var));
                games.push(Game { a, b, s: sc.clamped() });
            }
        }
    }
    let phi = fit_refs(&games, r);
    let (theta, h) = (&phi[..r], phi[r]);
    let cand: Vec<(usize, f64)> = rr.cand.iter().enumerate().filter_map(|(j, c)| c.map(|c| (j, c.clamped()))).collect();
    let (tc, w) = fit_cand(&cand, theta, h);

    // dφ/ds_g = M⁻¹ d_g for each reference duel g; M⁻¹ column by column (M is small).
    let m = info(&games, &phi, r);
    let minv: Vec<Vec<f64>> = (0..=r)
        .map(|k| {
            let mut e = vec![0.0; r + 1];
            e[k] = 1.0;
            solve(m.clone(), e)
        })
        .collect();
    // d_g = e_a − e_b + e_h, so M⁻¹ d_g = col_a − col_b + col_h (M symmetric: columns = rows).
    let dphi = |g: &Game| -> Vec<f64> { (0..=r).map(|k| minv[g.a][k] - minv[g.b][k] + minv[r][k]).collect() };
    // The candidate's rating moves with the references' (∂θc/∂θ_j = w_j / W) and with h (−1).
    let mut dtc_dphi = vec![0.0; r + 1];
    for &(j, _) in &cand {
        let p = sigma(tc - theta[j] + h);
        dtc_dphi[j] += p * (1.0 - p) / w.max(1e-300);
    }
    dtc_dphi[r] = -1.0;
    let cand_var_own: f64 = rr.cand.iter().flatten().map(|c| c.var / (w * w).max(1e-300)).sum();

    let priced: Vec<usize> = (0..r).filter(|&i| rr.costs[i].is_some_and(|c| c > 0.0 && c.is_finite())).collect();
    let xs: Vec<f64> = priced.iter().map(|&i| theta[i]).collect();
    let ys: Vec<f64> = priced.iter().map(|&i| rr.costs[i].unwrap_or(1.0).ln()).collect();
    let curve = fit_curve(&xs, &ys);
    // ∂ŷ/∂φ: through the curve's points (∂ŷ/∂x_i) and through the candidate's rating (b).
    let mut dy_dphi = vec![0.0; r + 1];
    if let Ok(c) = &curve {
        let n = xs.len() as f64;
        for (k, &i) in priced.iter().enumerate() {
            let resid = ys[k] - c.a - c.b * xs[k];
            let db = (resid - c.b * (xs[k] - c.xbar)) / c.sxx;
            dy_dphi[i] += db * (tc - c.xbar) - c.b / n;
        }
        for k in 0..=r {
            dy_dphi[k] += c.b * dtc_dphi[k];
        }
    }

    let mut var_theta = vec![0.0; r];
    let (mut var_tc, mut var_y) = (cand_var_own, 0.0);
    for &(gi, v) in &scored {
        if v == 0.0 {
            continue;
        }
        let d = dphi(&games[gi]);
        for (vt, di) in var_theta.iter_mut().zip(&d) {
            *vt += di * di * v;
        }
        let dot = |u: &[f64]| u.iter().zip(&d).map(|(x, y)| x * y).sum::<f64>();
        var_tc += dot(&dtc_dphi).powi(2) * v;
        var_y += dot(&dy_dphi).powi(2) * v;
    }
    let interval = |x: f64, var: f64| {
        let half = z * var.max(0.0).sqrt();
        Interval { estimate: x, ci95: [x - half, x + half] }
    };
    let refs = theta.iter().zip(&var_theta).map(|(&t, &v)| interval(t, v)).collect();
    let cand_iv = interval(tc, var_tc);
    let (mut cost, mut fit_half, mut sampling_half) = (None, 0.0, 0.0);
    let mut curve = curve;
    if let Ok(c) = &curve {
        // The candidate's own duels, seen through the curve's slope.
        var_y += c.b * c.b * cand_var_own;
        let y = c.a + c.b * tc;
        let fit = c.fit_half(tc);
        let sampling = z * var_y.max(0.0).sqrt();
        let half = (fit * fit + sampling * sampling).sqrt();
        let iv = Interval { estimate: y.exp(), ci95: [(y - half).exp(), (y + half).exp()] };
        // A curve whose reference ratings are nearly equal for very different costs is steep
        // enough that reading it off away from them overflows (a cost of inf, or an interval
        // from 0 to inf): that is no price, and no number a report can print or JSON can hold.
        if iv.ci95[0] > 0.0 && iv.ci95[1].is_finite() {
            (cost, fit_half, sampling_half) = (Some(iv), fit, sampling);
        } else {
            curve = Err(format!(
                "the reference fighters' ratings are too close together for their costs (the curve rises by a factor of e^{:.0} per rating point), so at the candidate's rating it gives no finite cost: add reference fighters whose strengths differ",
                c.b
            ));
        }
    }
    FairCost { refs, cand: cand_iv, side: h, curve, cost, fit_half, sampling_half }
}

/// The verdict on a stated cost: below the fair cost's interval, inside it, above it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Verdict {
    #[serde(rename = "under-costed")]
    UnderCosted,
    #[serde(rename = "priced right")]
    PricedRight,
    #[serde(rename = "over-costed")]
    OverCosted,
}

impl Verdict {
    pub fn of(stated: f64, fair: &Interval) -> Verdict {
        if stated < fair.ci95[0] {
            Verdict::UnderCosted
        } else if stated > fair.ci95[1] {
            Verdict::OverCosted
        } else {
            Verdict::PricedRight
        }
    }

    pub fn word(&self) -> &'static str {
        match self {
            Verdict::UnderCosted => "under-costed",
            Verdict::PricedRight => "priced right",
            Verdict::OverCosted => "over-costed",
        }
    }
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
        assert!(rel(f.sampling_half, var_y.sqrt()) < 1e-4, "{} {}", f.sampling_half, var_y.sqrt());
        assert!(rel(f.cand.estimate - f.cand.ci95[0], var_tc.sqrt()) < 1e-4);
        assert!(rel(f.refs[0].estimate - f.refs[0].ci95[0], var_t0.sqrt()) < 1e-4);
    }

    #[test]
    fn the_verdict_is_monotone_in_the_stated_cost_and_right_at_the_fair_cost() {
        let rr =
            synthetic(&THETA, 0.0, 0.4, |t| (3.0 + 0.6 * t).exp() * (1.0 + 0.15 * (3.0 * t).cos()), Some(20_000.0));
        let f = fit(&rr, 1.96);
        let fair = f.cost.unwrap();
        assert_eq!(Verdict::of(fair.estimate, &fair), Verdict::PricedRight);
        let mut last = Verdict::UnderCosted;
        let rank = |v: Verdict| v as u8;
        let mut seen = Vec::new();
        for k in 1..400 {
            let v = Verdict::of(k as f64 * 0.25, &fair);
            assert!(rank(v) >= rank(last), "{k}: {v:?} after {last:?}");
            last = v;
            if !seen.contains(&v) {
                seen.push(v);
            }
        }
        assert_eq!(seen, [Verdict::UnderCosted, Verdict::PricedRight, Verdict::OverCosted]);
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
            assert!(f.fit_half.is_finite() && f.sampling_half.is_finite() && f.side.is_finite());
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
                let c = f.cost.expect("a fair cost");
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
        assert!(f.sampling_half > 0.0 && f.refs[0].ci95[0] < f.refs[0].estimate, "{f:?}");
        assert!(base.sampling_half.is_finite() && f.sampling_half.is_finite());
    }
}
