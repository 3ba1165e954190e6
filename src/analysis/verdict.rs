//! The verdict on a stated cost, and the fair cost's interval printed so that it agrees with it.
//!
//! Four verdicts (issue #40): below the interval the card is under-costed, above it
//! over-costed; inside it, "priced right" only when the interval is narrow enough to act on —
//! its high ÷ low at most [`CANT_TELL_WIDTH`] (`cant_tell_width` in a balance config) — and
//! "can't tell" when it is wider. A designer told "priced right" by an interval from 23 to 115
//! learns nothing the word promises: one stat step either way would be "priced right" too.

use super::fair_cost::Interval;
use serde::Serialize;

/// The widest interval (high ÷ low) a "priced right" verdict may rest on, by default: ×2, so the
/// fair cost is known within about ±40 % — a step the size of one characteristic point on a
/// bundled card (the 2019 gauntlet's cards move 26 → 85 Reputation for one step down or up on
/// every stat) changes the verdict.
pub const CANT_TELL_WIDTH: f64 = 2.0;

/// The verdict on a stated cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Verdict {
    #[serde(rename = "under-costed")]
    UnderCosted,
    #[serde(rename = "priced right")]
    PricedRight,
    #[serde(rename = "can't tell")]
    CantTell,
    #[serde(rename = "over-costed")]
    OverCosted,
}

impl Verdict {
    /// `stated` against the fair cost's interval; inside an interval wider than `cant_tell` (high
    /// ÷ low) the verdict is "can't tell".
    pub fn of(stated: f64, fair: &Interval, cant_tell: f64) -> Verdict {
        if stated < fair.ci95[0] {
            Verdict::UnderCosted
        } else if stated > fair.ci95[1] {
            Verdict::OverCosted
        } else if fair.ci95[1] > cant_tell * fair.ci95[0] {
            Verdict::CantTell
        } else {
            Verdict::PricedRight
        }
    }

    pub fn word(&self) -> &'static str {
        match self {
            Verdict::UnderCosted => "under-costed",
            Verdict::PricedRight => "priced right",
            Verdict::CantTell => "can't tell",
            Verdict::OverCosted => "over-costed",
        }
    }

    /// Its order from cheapest to dearest stated cost: the two verdicts inside the interval
    /// share a rank.
    pub fn rank(&self) -> u8 {
        match self {
            Verdict::UnderCosted => 0,
            Verdict::PricedRight | Verdict::CantTell => 1,
            Verdict::OverCosted => 2,
        }
    }
}

/// Decimals a stated cost is written with (at most 4).
fn decimals(c: f64) -> usize {
    (0..4).find(|&d| ((c * 10f64.powi(d as i32)).round() - c * 10f64.powi(d as i32)).abs() < 1e-9).unwrap_or(4)
}

/// The fair cost and its interval as the verdict prints them: the bounds rounded *inward* (the
/// low one up, the high one down) at the stated cost's precision, so the printed interval holds
/// exactly the prices written that way that are inside — "52 [24, 115]" for a low bound of 23.22,
/// never "[23, …] … stated 23: under-costed". Whole points from 10 up, one decimal below (as
/// [`super::balance::cost_fmt`]); more decimals only where fewer would print an empty interval.
pub fn printed(fair: &Interval, stated: f64) -> [String; 3] {
    let [lo, hi] = fair.ci95;
    let base = decimals(stated).max(usize::from(lo < 10.0));
    let at = |d: usize| {
        let k = 10f64.powi(d as i32);
        ((lo * k).ceil() / k, (hi * k).floor() / k)
    };
    let d = (base..=4).find(|&d| at(d).0 <= at(d).1).unwrap_or(4);
    let (l, h) = at(d);
    let est = fair.estimate;
    let est_d = if d > base { d } else { usize::from(est.abs() < 10.0) };
    [format!("{est:.est_d$}"), format!("{l:.d$}"), format!("{h:.d$}")]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iv(estimate: f64, lo: f64, hi: f64) -> Interval {
        Interval { estimate, ci95: [lo, hi] }
    }

    #[test]
    fn four_verdicts_by_where_the_stated_cost_falls_and_how_wide_the_interval_is() {
        let narrow = iv(40.0, 35.0, 46.0);
        let wide = iv(52.0, 23.22, 115.4);
        assert_eq!(Verdict::of(30.0, &narrow, 2.0), Verdict::UnderCosted);
        assert_eq!(Verdict::of(40.0, &narrow, 2.0), Verdict::PricedRight);
        assert_eq!(Verdict::of(50.0, &narrow, 2.0), Verdict::OverCosted);
        assert_eq!(Verdict::of(23.0, &wide, 2.0), Verdict::UnderCosted);
        assert_eq!(Verdict::of(40.0, &wide, 2.0), Verdict::CantTell);
        assert_eq!(Verdict::of(40.0, &wide, 5.0), Verdict::PricedRight);
        assert_eq!(Verdict::of(116.0, &wide, 2.0), Verdict::OverCosted);
        // Exactly ×2 is narrow enough.
        assert_eq!(Verdict::of(30.0, &iv(28.0, 20.0, 40.0), 2.0), Verdict::PricedRight);
    }

    /// The cases: the low bound 23.22 printed as 23 beside "stated 23: under-costed".
    #[test]
    fn printed_bounds_agree_with_the_verdict() {
        assert_eq!(printed(&iv(52.3, 23.22, 115.4), 23.0), ["52", "24", "115"]);
        assert_eq!(printed(&iv(40.2, 34.7, 46.2), 30.0), ["40", "35", "46"]);
        // A stated cost with a decimal: bounds at its precision.
        assert_eq!(printed(&iv(40.2, 34.71, 46.26), 34.7), ["40", "34.8", "46.2"]);
        // Narrower than a point: decimals until the interval is not empty.
        assert_eq!(printed(&iv(40.5, 40.21, 40.83), 40.0), ["40.5", "40.3", "40.8"]);
        // Below 10: one decimal.
        assert_eq!(printed(&iv(6.4, 4.26, 8.91), 5.0), ["6.4", "4.3", "8.9"]);
        // Every whole stated cost: inside the printed bounds exactly when the verdict says so.
        let fair = iv(52.3, 23.22, 115.4);
        let [_, lo, hi] = printed(&fair, 1.0);
        let (lo, hi): (f64, f64) = (lo.parse().unwrap(), hi.parse().unwrap());
        for s in 1..200 {
            let s = s as f64;
            let inside = Verdict::of(s, &fair, 10.0) == Verdict::PricedRight;
            assert_eq!(inside, lo <= s && s <= hi, "{s}");
        }
    }
}
