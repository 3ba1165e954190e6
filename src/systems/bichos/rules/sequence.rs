//! Repeated attacks on one target until it is out of the fight or a cap, its state carried from
//! one attack to the next.

use super::damage::{State, resolve};
use super::profile::Profile;
use super::react::{react, situation_modifier};
use super::readings::HitRules;
use super::tables::{Fire, Situation};
use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};

/// Repeated attacks on one target, state carried between them (RES, FDV, fled, dead), each
/// followed by the reaction tests it forces.
#[derive(Clone, Debug, PartialEq)]
pub struct Sequence {
    pub shooter_hda: u8,
    pub damage_dice: u8,
    pub pot: u8,
    /// A ranged weapon ("Bajo fuego" after every attack) or a melee one.
    pub shooting: bool,
    pub rules: HitRules,
    pub target: Profile,
    pub situation: Situation,
    /// Stop after this many attacks (reported as "not within the cap").
    pub cap: u16,
}

/// Metric/event names of a sequence. `shots_to_flee` and `flees_within_cap` count the first attack
/// that puts the target out of the fight, fled or dead (`flees_after_1`: RES ≤ 0 or a failed test,
/// dead or not) — the names configs and old reports use. The separate ways out: `fled_alive_after_1`
/// against `dead_after_1`, and `out_fled_within_cap` (alive when it first went out: it fled; later
/// attacks may still kill it) against `out_dead_within_cap` (dead at the attack that first put it
/// out); the two add up to `flees_within_cap`.
pub const SEQUENCE_METRICS: [&str; 3] = ["shots_to_flee", "shots_to_kill", "res_lost_first_shot"];
pub const SEQUENCE_EVENTS: [&str; 10] = [
    "first_hit",
    "first_critical",
    "first_knocked_down",
    "flees_after_1",
    "dead_after_1",
    "flees_within_cap",
    "dead_within_cap",
    "fled_alive_after_1",
    "out_fled_within_cap",
    "out_dead_within_cap",
];

impl Trial for Sequence {
    fn shape(&self) -> Shape {
        let c = self.cap as usize + 1;
        Shape::new(
            vec![("shots_to_flee", c), ("shots_to_kill", c), ("res_lost_first_shot", self.target.res as usize + 40)],
            SEQUENCE_EVENTS.to_vec(),
        )
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let mut st = State::new(&self.target);
        let mut o = Outcome::default();
        let (mut flee_at, mut kill_at) = (0u16, 0u16);
        // Dead at the attack that first put it out of the fight (rather than fled, alive).
        let mut out_dead = false;
        let modifier = situation_modifier(&self.situation);
        for shot in 1..=self.cap {
            let (f, r) = resolve(
                dice,
                self.shooter_hda,
                self.damage_dice,
                self.pot,
                &self.target,
                &self.situation,
                &mut st,
                self.rules.low_fdv,
            );
            react(dice, &mut st, f != Fire::Miss, self.shooting, modifier, &self.rules);
            if shot == 1 {
                o.metrics[2] = r.res_lost.min(u16::MAX as u32) as u16;
                o.flag(0, f != Fire::Miss);
                o.flag(1, r.critical);
                o.flag(2, r.impact_h);
                o.flag(3, st.fled());
                o.flag(4, st.dead);
                o.flag(7, st.fled() && !st.dead);
            }
            if flee_at == 0 && (st.fled() || st.dead) {
                flee_at = shot;
                out_dead = st.dead;
            }
            if st.dead {
                kill_at = shot;
                break;
            }
        }
        // Not within the cap: reported in the extra bin cap + 1.
        o.metrics[0] = if flee_at == 0 { self.cap + 1 } else { flee_at };
        o.metrics[1] = if kill_at == 0 { self.cap + 1 } else { kill_at };
        o.flag(5, flee_at > 0);
        o.flag(6, kill_at > 0);
        o.flag(8, flee_at > 0 && !out_dead);
        o.flag(9, flee_at > 0 && out_dead);
        o
    }
}
