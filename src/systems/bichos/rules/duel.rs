//! A ¡Bichos! fight between two figures over several turns.
//!
//! Each turn the figures activate in decreasing current FDV (ties: 1D6 each, higher first,
//! re-rolled), and each still able to fight attacks the other once with its weapon (the firing
//! table serves shooting and melee alike). Every attack is followed by the reaction tests it
//! forces (seed lines 309–345, [`react`]): a wounded figure tests "Herido" (passed 2nd: FDV −1 and,
//! under fire, it ducks back; failed both: it flees), and a figure shot at, hit or missed, tests
//! "Bajo fuego" (passed 2nd: ducks back; failed both: flees). An "H" on the impact table knocks the
//! figure down: it spends its next activation standing up (seed line 497); a figure that ducked
//! back loses its next activation as well (both at once cost one). RES ≤ 0 also makes it flee. A
//! figure that flees a fight in contact (either side uses a melee weapon) takes a free attack from
//! behind (summary D5). The fight ends when a figure flees or dies; the other wins. Metric and event
//! layout match the BMG 2019 duel.

use super::{Fire, HitRules, Profile, Situation, State, react, resolve, situation_modifier};
use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};
use crate::systems::bmg3e::rules::duel::{DUEL_EVENTS, event, metric};

/// One figure and its weapon.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fighter {
    pub profile: Profile,
    pub damage_dice: u8,
    /// POT on the impact table (the weapon's, or the figure's own in melee).
    pub pot: u8,
    /// How the other figure is placed when this one attacks it.
    pub situation: Situation,
    /// The attacks are shots ("Bajo fuego"; a wounded target passing 2nd ducks) rather than melee.
    pub shooting: bool,
}

/// A fight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Duel {
    pub a: Fighter,
    pub b: Fighter,
    pub turns: u8,
    pub rules: HitRules,
}

/// Metric names of a ¡Bichos! fight (RES dealt in place of markers; activations lost to ducking
/// back or standing up in place of effort).
pub const METRICS: [&str; 7] = ["rounds", "a_dealt", "b_dealt", "a_ko_round", "b_ko_round", "a_lost", "b_lost"];

impl Trial for Duel {
    fn shape(&self) -> Shape {
        let t = self.turns as usize;
        Shape {
            metrics: vec![
                ("rounds", t),
                ("a_dealt", 2 * self.b.profile.res as usize + 60),
                ("b_dealt", 2 * self.a.profile.res as usize + 60),
                ("a_ko_round", t),
                ("b_ko_round", t),
                ("a_lost", t),
                ("b_lost", t),
            ],
            events: DUEL_EVENTS.to_vec(),
            ratios: vec![(metric::A_DEALT, metric::ROUNDS), (metric::B_DEALT, metric::ROUNDS)],
        }
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let f = [self.a, self.b];
        let mut st = [State::new(&self.a.profile), State::new(&self.b.profile)];
        let mut out = [false; 2];
        // Knocked down or ducked back: the next activation is lost.
        let mut skip = [false; 2];
        let mut dealt = [0u32; 2];
        let mut lost = [0u16; 2];
        let mut down_round = [0u16; 2];
        let mut rounds = 0u16;
        let mut a_first_round1 = false;
        let contact = !self.a.shooting || !self.b.shooting;
        for turn in 1..=self.turns as u16 {
            rounds = turn;
            let first = match st[0].fdv.cmp(&st[1].fdv) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Less => 1,
                std::cmp::Ordering::Equal => loop {
                    let (x, y) = (dice.d6(), dice.d6());
                    if x != y {
                        break if x > y { 0 } else { 1 };
                    }
                },
            };
            if turn == 1 {
                a_first_round1 = first == 0;
            }
            for s in [first, 1 - first] {
                let o = 1 - s;
                if out[s] || out[o] {
                    continue;
                }
                if skip[s] {
                    // Stands up and/or comes back from ducking: nothing else this activation.
                    skip[s] = false;
                    st[s].knocked_down = false;
                    lost[s] += 1;
                    continue;
                }
                let mut attack = |st: &mut [State; 2], dice: &mut D| {
                    let (fire, r) = resolve(
                        dice,
                        f[s].profile.hda,
                        f[s].damage_dice,
                        f[s].pot,
                        &f[o].profile,
                        &f[s].situation,
                        &mut st[o],
                        self.rules.low_fdv,
                    );
                    dealt[s] += r.res_lost;
                    fire
                };
                let fire = attack(&mut st, dice);
                if st[o].knocked_down {
                    skip[o] = true;
                }
                let re = react(
                    dice,
                    &mut st[o],
                    fire != Fire::Miss,
                    f[s].shooting,
                    situation_modifier(&f[s].situation),
                    &self.rules,
                );
                if re.ducks {
                    skip[o] = true;
                }
                if st[o].dead || st[o].fled() {
                    out[o] = true;
                    if !st[o].dead && contact {
                        // "Si huye de CaC recibe un ataque gratis por la espalda."
                        attack(&mut st, dice);
                    }
                    down_round[s] = turn;
                }
            }
            if out[0] || out[1] {
                break;
            }
        }
        let mut o = Outcome::default();
        o.metrics[metric::ROUNDS] = rounds;
        o.metrics[metric::A_DEALT] = dealt[0].min(u16::MAX as u32) as u16;
        o.metrics[metric::B_DEALT] = dealt[1].min(u16::MAX as u32) as u16;
        o.metrics[metric::A_KO_ROUND] = down_round[0];
        o.metrics[metric::B_KO_ROUND] = down_round[1];
        o.metrics[5] = lost[0];
        o.metrics[6] = lost[1];
        o.flag(event::A_WINS, out[1] && !out[0]);
        o.flag(event::B_WINS, out[0] && !out[1]);
        o.flag(event::DRAW, out[0] == out[1]);
        o.flag(event::B_CASUALTY, st[1].dead);
        o.flag(event::A_CASUALTY, st[0].dead);
        o.flag(event::A_INITIATIVE, a_first_round1);
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{D6Stream, ScriptedDice};
    use crate::systems::bichos::rules::PROFILES;

    #[test]
    fn fights_end_with_one_side_out() {
        let p = |n: &str| PROFILES.iter().find(|(k, _, _)| *k == n).unwrap().2;
        let sit = Situation { target_index: 1, ..Situation::default() };
        let d = Duel {
            a: Fighter { profile: p("soldado"), damage_dice: 3, pot: 11, situation: sit, shooting: true },
            b: Fighter { profile: p("grande"), damage_dice: 3, pot: 12, situation: sit, shooting: false },
            turns: 6,
            rules: HitRules::default(),
        };
        let mut dice = D6Stream::from_seed(4);
        for _ in 0..20_000 {
            let o = d.run(&mut dice);
            let one = o.has(event::A_WINS) as u8 + o.has(event::B_WINS) as u8 + o.has(event::DRAW) as u8;
            assert_eq!(one, 1);
            // The big bug (FDV 10) activates before the soldier (FDV 9) in turn 1.
            assert!(!o.has(event::A_INITIATIVE));
            if o.has(event::A_WINS) {
                assert!(o.metrics[metric::A_KO_ROUND] >= 1);
            }
        }
    }

    fn soldier_vs_small_bug(turns: u8) -> Duel {
        let p = |n: &str| PROFILES.iter().find(|(k, _, _)| *k == n).unwrap().2;
        let sit = Situation { target_index: 1, ..Situation::default() };
        Duel {
            a: Fighter { profile: p("soldado"), damage_dice: 3, pot: 11, situation: sit, shooting: true },
            b: Fighter { profile: p("pequeno"), damage_dice: 2, pot: 7, situation: sit, shooting: false },
            turns,
            rules: HitRules::default(),
        }
    }

    /// Seed line 497: on an "H" "la figura es derribada al suelo debiendo usar su siguiente turno
    /// para ponerse de pie". Turn 1: the Soldado (FDV 9) shoots first: 1+1 critical, 3D6 = 3 → 5
    /// RES, impact 6+6 → "H" (10 more), wound table 6+6 + FDV 7 > 13 → FDV 6; Herido 1+1 and Bajo
    /// fuego 1+1 passed. The bug spends its activation standing up (no dice). Turn 2: the Soldado
    /// misses (3+4 = 7), the bug passes Bajo fuego (1+1), then claws: 1+1 critical, 2D6 = 2 → 5 + 2
    /// − 8 < 0, impact 1+1 → 2 + 7 − 4 = 5; the Soldado passes Herido (1+1).
    #[test]
    fn a_knocked_down_figure_spends_its_next_activation_standing_up() {
        let mut d = ScriptedDice::new(&[
            1, 1, 1, 1, 1, 6, 6, 6, 6, 1, 1, 1, 1, // turn 1, the Soldado's shot and the bug's tests
            3, 4, 1, 1, // turn 2, the Soldado misses; Bajo fuego
            1, 1, 1, 1, 1, 1, 1, 1, // the bug's claws and the Soldado's Herido
        ]);
        let o = soldier_vs_small_bug(2).run(&mut d);
        assert_eq!(d.used(), 25, "every scripted die used, no more");
        assert!(o.has(event::DRAW) && o.has(event::A_INITIATIVE));
        assert_eq!((o.metrics[metric::A_DEALT], o.metrics[metric::B_DEALT]), (15, 5));
        assert_eq!((o.metrics[5], o.metrics[6]), (0, 1), "the bug lost one activation");
    }

    /// Seed line 319 ("Bajo fuego": failed both, "Huir") and summary D5 ("RES y FDV = 0. Si huye de
    /// CaC recibe un ataque gratis por la espalda"): the Soldado misses (3+4), the bug fails Bajo
    /// fuego twice (12, 12 > 7) and flees from contact; the free attack: 1+1 critical, 3D6 = 18 →
    /// 20 RES (0 → −20), impact 6+6 → "H" (−30), wound table 1+1 at FDV 0: "M", dead.
    #[test]
    fn a_figure_fleeing_from_contact_takes_a_free_attack() {
        let mut d = ScriptedDice::new(&[3, 4, 6, 6, 6, 6, 1, 1, 6, 6, 6, 6, 6, 1, 1]);
        let o = soldier_vs_small_bug(3).run(&mut d);
        assert_eq!(d.used(), 15);
        assert!(o.has(event::A_WINS) && o.has(event::B_CASUALTY));
        assert_eq!((o.metrics[metric::ROUNDS], o.metrics[metric::A_KO_ROUND], o.metrics[metric::A_DEALT]), (1, 1, 30));
    }
}
