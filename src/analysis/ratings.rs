//! Bradley–Terry ratings with a side advantage, fitted by Newton's method, and how far they miss
//! the duels they were fitted on.
//!
//! A duel between A and B scores s = P(A wins) + ½ P(draw) for A. The reference fighters'
//! ratings θ and the advantage h of fighting as side A maximise
//! Σ s ln σ(θ_A − θ_B + h) + (1 − s) ln σ(θ_B − θ_A − h) over every duel between two reference
//! fighters (both orders are run, which is what identifies h), with mean θ = 0. A candidate is
//! then rated alone against the fixed references ([`fit_cand`]): it never moves them.
//!
//! One rating per fighter is a model: a fighter strong against shooters and weak in melee has
//! matchups no single number predicts. [`Misfit`] measures that — the scores' scatter about what
//! the ratings predict, beyond sampling — for the report; the fair cost's interval carries its
//! effect on the candidate's rating ([`super::fair_cost`]).

pub(crate) fn sigma(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// One duel between two reference fighters, by index.
pub(crate) struct Game {
    pub a: usize,
    pub b: usize,
    pub s: f64,
    /// Its weight in the likelihood: 1, or 1 / (copies of A × copies of B) when identical cards
    /// are in the gauntlet, so each pair of *different* cards counts once.
    pub w: f64,
}

/// Solve `m x = rhs` for a small dense symmetric positive definite `m` (Gaussian elimination
/// with partial pivoting; `m` is at most the gauntlet's size + 1).
pub(crate) fn solve(mut m: Vec<Vec<f64>>, mut rhs: Vec<f64>) -> Vec<f64> {
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
pub(crate) fn info(games: &[Game], phi: &[f64], r: usize) -> Vec<Vec<f64>> {
    let n = r + 1;
    let mut m = vec![vec![0.0; n]; n];
    for g in games {
        let p = sigma(phi[g.a] - phi[g.b] + phi[r]);
        let w = g.w * p * (1.0 - p);
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
            g.w * (g.s * ln_sig(x) + (1.0 - g.s) * ln_sig(-x))
        })
        .sum()
}

/// Newton's method on the references' ratings and h (concave likelihood; a step that lowers it
/// is halved). Returns θ (mean 0) then h.
pub(crate) fn fit_refs(games: &[Game], r: usize) -> Vec<f64> {
    let mut phi = vec![0.0; r + 1];
    if games.is_empty() {
        return phi;
    }
    let mut ll = log_lik(games, &phi, r);
    for _ in 0..200 {
        let mut grad = vec![0.0; r + 1];
        for g in games {
            let e = g.w * (g.s - sigma(phi[g.a] - phi[g.b] + phi[r]));
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
pub(crate) fn fit_cand(cand: &[Opp], theta: &[f64], h: f64) -> (f64, f64) {
    let mut x = 0.0;
    let w_at =
        |x: f64| cand.iter().map(|o| o.w * sigma(x - theta[o.j] + h) * (1.0 - sigma(x - theta[o.j] + h))).sum::<f64>();
    for _ in 0..200 {
        let g: f64 = cand.iter().map(|o| o.w * (o.s - sigma(x - theta[o.j] + h))).sum();
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

/// One of the candidate's duels: against reference `j`, its score `s`, its weight `w` (1 / the
/// copies of that reference, so identical references count once).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Opp {
    pub j: usize,
    pub s: f64,
    pub w: f64,
}

/// How far the ratings miss the duels they were fitted on: the scores' scatter about the
/// predicted ones, beyond what sampling alone would scatter them.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Misfit {
    /// Root mean square of score − predicted score over every duel fitted (the references' among
    /// themselves and the candidate's), on the 0–1 score scale; `predicted` uses the fitted
    /// ratings and side advantage.
    pub rms: f64,
    /// The variance per duel the ratings leave unexplained, sampling's share taken out (0 when
    /// the scatter is no more than sampling's): Σ residual² / (duels − parameters) − mean
    /// sampling variance.
    pub var: f64,
}

impl Misfit {
    /// From each duel's residual (score − predicted) and sampling variance, and the number of
    /// parameters fitted to them.
    pub fn of(residuals: &[(f64, f64)], params: usize) -> Misfit {
        let n = residuals.len();
        if n == 0 {
            return Misfit { rms: 0.0, var: 0.0 };
        }
        let ss: f64 = residuals.iter().map(|(r, _)| r * r).sum();
        let sampling = residuals.iter().map(|(_, v)| v).sum::<f64>() / n as f64;
        let df = n.saturating_sub(params).max(1) as f64;
        Misfit { rms: (ss / n as f64).sqrt(), var: (ss / df - sampling).max(0.0) }
    }
}
