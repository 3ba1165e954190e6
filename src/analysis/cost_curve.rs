//! The cost curve: ln(cost) = a + b·rating by ordinary least squares over the priced reference
//! cards, and the interval of a card's cost read off it.
//!
//! Log cost because costs are positive and a rating is a log-odds: a constant step in rating
//! costs a constant *factor* (doubling the odds of winning costs the same proportion at any
//! price), and the fit can never suggest a negative cost. Two parameters, so it works with a
//! handful of reference cards (at least three: one degree of freedom for the scatter).
//!
//! A card's price is not the curve's: the reference cards themselves scatter about it (a game's
//! costs are set by people and price things a duel does not see). So the interval for a card at
//! rating x is the *prediction* interval t·s·√(1 + 1/n + (x − x̄)²/Sxx): [`Curve::scatter_half`]
//! (the 1) and [`Curve::fit_half`] (where the curve runs), added in quadrature.

use serde::Serialize;
use statrs::distribution::{ContinuousCDF, StudentsT};

/// The fitted cost curve ln(cost) = a + b·rating.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Curve {
    pub a: f64,
    pub b: f64,
    /// Points it was fitted on: the priced references, identical ones counted once.
    pub n: usize,
    /// Residual standard deviation on the log scale (≈ the typical relative mispricing of a
    /// reference card against the curve).
    pub residual_sd: f64,
    pub r2: f64,
    /// Mean and spread of the references' ratings (for the band at any rating).
    #[serde(skip)]
    pub(crate) xbar: f64,
    #[serde(skip)]
    pub(crate) sxx: f64,
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

    /// The 95 % half-width of the slope b (t · s / √Sxx): how surely a step in rating is worth
    /// its factor in cost.
    pub fn slope_half(&self) -> f64 {
        self.t * self.residual_sd / self.sxx.sqrt()
    }

    /// The 95 % half-width on the log scale of a card's cost about the curve at any rating: the
    /// reference cards' own scatter (the "1 +" of the prediction interval).
    pub fn scatter_half(&self) -> f64 {
        self.t * self.residual_sd
    }

    /// Where a card of `rating` should be priced, as costs: the curve's 95 % prediction band
    /// (its scatter and its fit; the misfit and sampling parts of a candidate's own interval
    /// are not in it).
    pub fn band(&self, rating: f64) -> [f64; 2] {
        let y = self.a + self.b * rating;
        let h = self.scatter_half().hypot(self.fit_half(rating));
        [(y - h).exp(), (y + h).exp()]
    }
}

fn quantile_t(df: f64) -> f64 {
    StudentsT::new(0.0, 1.0, df).map(|t| t.inverse_cdf(0.975)).unwrap_or(f64::INFINITY)
}

/// The ordinary least squares of ln(cost) on rating over the priced references.
pub(crate) fn fit_curve(xs: &[f64], ys: &[f64]) -> Result<Curve, String> {
    let n = xs.len();
    if n < 3 {
        return Err(format!(
            "a cost curve needs at least 3 reference fighters with a cost above 0 ({n} here, identical cards counted once): one more than the curve's two parameters, so its scatter can be measured"
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
