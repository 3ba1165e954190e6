//! Paired comparisons on common random numbers (CRN).
//!
//! Loadout A resolves on fresh dice while the faces are recorded; loadout B then resolves on the
//! same faces. Because both see the same luck, the difference A − B varies far less than the
//! difference of two independent runs, so a small real difference is resolved with far fewer
//! trials. The report states the saving, measured from the same run:
//! `(Var A + Var B) / Var(A − B)` independent trials per paired trial.

use crate::dice::{Dice, Recording, Replaying, Tape};
use crate::engine::{Outcome, Shape, Tally, Trial};
use crate::systems::bmg3e::rules::{Attack, event, metric};

/// What is compared between the two loadouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    Hits,
    Stun,
    Wounds,
    /// ★ + ♦ placed.
    Damage,
    Ko,
    Casualty,
}

impl Measure {
    /// Config names.
    pub const ALL: [(&'static str, Measure); 6] = [
        ("hits", Measure::Hits),
        ("stun", Measure::Stun),
        ("wounds", Measure::Wounds),
        ("damage", Measure::Damage),
        ("ko", Measure::Ko),
        ("casualty", Measure::Casualty),
    ];

    /// Config name.
    pub fn name(self) -> &'static str {
        Measure::ALL.iter().find(|(_, m)| *m == self).map(|(n, _)| *n).expect("listed")
    }

    fn of(self, o: &Outcome) -> u16 {
        match self {
            Measure::Hits => o.metrics[metric::HITS],
            Measure::Stun => o.metrics[metric::STUN],
            Measure::Wounds => o.metrics[metric::WOUNDS],
            Measure::Damage => o.metrics[metric::STUN] + o.metrics[metric::WOUNDS],
            Measure::Ko => o.has(event::KO) as u16,
            Measure::Casualty => o.has(event::CASUALTY) as u16,
        }
    }

    fn max(self, a: &Attack) -> u16 {
        let last = a.damage.last().copied().unwrap_or_default();
        match self {
            Measure::Hits => a.max_hits() as u16,
            Measure::Stun => last.stun as u16,
            Measure::Wounds => last.wounds as u16,
            Measure::Damage => (last.stun + last.wounds) as u16,
            Measure::Ko | Measure::Casualty => 1,
        }
    }
}

/// Metric indices of a paired outcome.
pub const A_VALUE: usize = 0;
pub const B_VALUE: usize = 1;
/// A − B, shifted by B's maximum so it is never negative.
pub const DIFF: usize = 2;
/// Event names of a paired outcome.
pub const PAIRED_EVENTS: [&str; 3] = ["a_more", "b_more", "tie"];

/// Two attacks resolved on the same dice.
#[derive(Clone, Debug, PartialEq)]
pub struct Paired {
    pub a: Attack,
    pub b: Attack,
    pub measure: Measure,
    /// Added to A − B so the histogram index is never negative.
    pub offset: u16,
}

impl Paired {
    /// Pair two attacks on one measure.
    pub fn new(a: Attack, b: Attack, measure: Measure) -> Self {
        let offset = measure.max(&b);
        Paired { a, b, measure, offset }
    }
}

impl Trial for Paired {
    fn shape(&self) -> Shape {
        let (ma, mb) = (self.measure.max(&self.a) as usize, self.measure.max(&self.b) as usize);
        Shape::new(vec![("a", ma), ("b", mb), ("a_minus_b", ma + mb)], PAIRED_EVENTS.to_vec())
    }

    #[inline]
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let mut tape = Tape::default();
        let oa = self.a.run(&mut Recording { inner: dice, tape: &mut tape });
        let ob = self.b.run(&mut Replaying { inner: dice, tape: &tape, pos: 0 });
        let (va, vb) = (self.measure.of(&oa), self.measure.of(&ob));
        let mut o = Outcome::default();
        o.metrics[A_VALUE] = va;
        o.metrics[B_VALUE] = vb;
        o.metrics[DIFF] = va + self.offset - vb;
        o.flag(0, va > vb);
        o.flag(1, vb > va);
        o.flag(2, va == vb);
        o
    }
}

/// The paired difference and what CRN saved.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct PairedSummary {
    /// Mean of A − B with its 95 % interval.
    pub mean_difference: f64,
    pub ci95: [f64; 2],
    /// Independent trials per loadout that would give the same interval, per paired trial.
    pub trial_saving: f64,
    /// Trials an independent comparison would need (per loadout) for this interval.
    pub independent_trials_needed: f64,
}

/// Summarise a paired tally.
pub fn summary(t: &Tally, offset: u16, z: f64) -> PairedSummary {
    let d = t.moments(DIFF);
    let (va, vb) = (t.moments(A_VALUE).sd.powi(2), t.moments(B_VALUE).sd.powi(2));
    let vd = d.sd.powi(2);
    let mean = d.mean - offset as f64;
    let saving = if vd > 0.0 { (va + vb) / vd } else { f64::INFINITY };
    PairedSummary {
        mean_difference: mean,
        ci95: [mean - z * d.stderr, mean + z * d.stderr],
        trial_saving: saving,
        independent_trials_needed: saving * t.trials as f64,
    }
}
