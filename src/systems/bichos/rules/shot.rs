//! One attack on up to three figures, each resolved apart and each taking the reaction tests it
//! forces.

use super::damage::{State, resolve};
use super::profile::Profile;
use super::react::{react, situation_modifier};
use super::readings::HitRules;
use super::tables::{Fire, Situation};
use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};

/// One attack on up to three figures (rifle targets, or figures under a template: the 4th and
/// later behave like the 3rd), each resolved separately and each taking the reaction tests the
/// attack forces on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Shot {
    pub shooter_hda: u8,
    pub damage_dice: u8,
    pub pot: u8,
    /// A ranged weapon: its targets are shot at ("Bajo fuego"); otherwise a melee attack.
    pub shooting: bool,
    pub rules: HitRules,
    pub targets: Vec<(Profile, Situation)>,
}

/// Metric/event names of a shot (per target t1..t3). "flees" is RES ≤ 0 or a failed reaction test,
/// whether the figure then died or not (the name configs and earlier reports use). The two separate
/// ways out of the fight are "dead" and "fled_alive" (fled and not dead); they never overlap, and
/// "flees" is "fled_alive" plus the dead that had fled first. Each target's metrics and events follow the previous target's
/// ([`Trial::parts`]).
pub const SHOT_METRICS: [&str; 3] = ["res_lost_t1", "res_lost_t2", "res_lost_t3"];
/// Events per target, in the order of [`SHOT_EVENTS`].
const SHOT_EVENTS_PER_TARGET: usize = 6;
pub const SHOT_EVENTS: [&str; 18] = [
    "wounded_t1",
    "critical_wound_t1",
    "impact_h_t1",
    "flees_t1",
    "dead_t1",
    "fled_alive_t1",
    "wounded_t2",
    "critical_wound_t2",
    "impact_h_t2",
    "flees_t2",
    "dead_t2",
    "fled_alive_t2",
    "wounded_t3",
    "critical_wound_t3",
    "impact_h_t3",
    "flees_t3",
    "dead_t3",
    "fled_alive_t3",
];

impl Trial for Shot {
    fn shape(&self) -> Shape {
        let n = self.targets.len();
        let max = |p: &Profile| p.res as usize + 40;
        Shape::new(
            self.targets.iter().enumerate().map(|(i, (p, _))| (SHOT_METRICS[i], max(p))).collect(),
            SHOT_EVENTS[..SHOT_EVENTS_PER_TARGET * n].to_vec(),
        )
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let mut o = Outcome::default();
        for (i, (p, s)) in self.targets.iter().enumerate() {
            let mut st = State::new(p);
            let (f, r) = resolve(dice, self.shooter_hda, self.damage_dice, self.pot, p, s, &mut st, self.rules.low_fdv);
            react(dice, &mut st, f != Fire::Miss, self.shooting, situation_modifier(s), &self.rules);
            o.metrics[i] = r.res_lost.min(u16::MAX as u32) as u16;
            let e = SHOT_EVENTS_PER_TARGET * i;
            o.flag(e, f != Fire::Miss);
            o.flag(e + 1, r.critical);
            o.flag(e + 2, r.impact_h);
            o.flag(e + 3, st.fled());
            o.flag(e + 4, st.dead);
            o.flag(e + 5, st.fled() && !st.dead);
        }
        o
    }

    /// Each target alone: its own fresh state, its own dice, its own metric and six events
    /// (its place on the firing table is in its situation), so a shot at three figures is
    /// three single shots side by side (G3, "blancos individuales a efectos de daño").
    fn parts(&self) -> Option<Vec<Self>> {
        (self.targets.len() > 1)
            .then(|| self.targets.iter().map(|&t| Shot { targets: vec![t], ..self.clone() }).collect())
    }
}
