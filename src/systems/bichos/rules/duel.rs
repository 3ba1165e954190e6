//! A ¡Bichos! fight between two figures over several turns.
//!
//! Each turn the figures activate in decreasing current FDV (ties: 1D6 each, higher first,
//! re-rolled), and each still able to fight attacks the other once with its weapon (the firing
//! table serves shooting and melee alike). Every attack is followed by the reaction tests it
//! forces (seed lines 309–345, [`react`]): a wounded figure tests "Herido" (passed 2nd: FDV −1 and,
//! under fire, it ducks back; failed both: it flees), and a figure shot at, hit or missed, tests
//! "Bajo fuego" (passed 2nd: ducks back; failed both: flees). An "H" on the impact table knocks the
//! figure down: it spends its next activation standing up (seed line 497); a figure that ducked
//! back loses its next activation as well (both before it activates cost one, or two under
//! `ko_and_duck_activations = two`). RES ≤ 0 also makes it flee. A
//! figure that flees a fight in contact (either side uses a melee weapon) takes a free attack from
//! behind (summary D5). The fight ends when a figure flees or dies; the other wins. The turn loop
//! and the outcome layout are the shared duel driver's ([`crate::analysis::duel`]), as for every
//! system's duel: damage is RES, and the per-side count is the activations lost (ducking back or
//! standing up).

use super::damage::{State, resolve};
use super::profile::Profile;
use super::react::{react, situation_modifier};
use super::readings::{HitRules, KoAndDuck};
use super::tables::{Fire, Situation};
use crate::analysis::duel::{DuelRules, Maxima, Record};
use crate::dice::Dice;
use std::ops::ControlFlow;

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
    /// What a figure both knocked down and ducking back before its next activation loses.
    pub ko_and_duck: KoAndDuck,
    /// One figure carries a gun and the other a melee weapon, so the reading
    /// `ranged_in_contact` decided how the gun fights (kept so notes can tell, whichever way).
    pub gun_vs_melee: bool,
}

/// What one fight changes as it goes.
#[derive(Clone, Copy, Debug)]
pub struct DuelState {
    st: [State; 2],
    /// Fled or dead.
    out: [bool; 2],
    /// Ducked back since its last activation (knocked down is in its [`State`]): the next
    /// activation is lost.
    ducked: [bool; 2],
    /// Activations lost.
    lost: [u16; 2],
}

/// The shared duel driver ([`crate::analysis::duel`]) runs the turns and records the outcome;
/// this supplies the ¡Bichos! turn (FDV order, attack, reaction tests, free attack on a figure
/// fleeing contact), "out" (fled or dead) and the activations lost.
impl DuelRules for Duel {
    type State = DuelState;
    const EXTRA: [&'static str; 2] = ["a_lost", "b_lost"];

    fn round_limit(&self) -> u8 {
        self.turns
    }

    fn maxima(&self) -> Maxima {
        Maxima {
            dealt: [2 * self.b.profile.res as usize + 60, 2 * self.a.profile.res as usize + 60],
            extra: self.turns as usize,
        }
    }

    fn start<D: Dice>(&self, _dice: &mut D, _rec: &mut Record) -> DuelState {
        DuelState {
            st: [State::new(&self.a.profile), State::new(&self.b.profile)],
            out: [false; 2],
            ducked: [false; 2],
            lost: [0; 2],
        }
    }

    #[inline]
    fn play_round<D: Dice>(&self, d: &mut DuelState, turn: u16, dice: &mut D, rec: &mut Record) -> ControlFlow<()> {
        let f = [self.a, self.b];
        let DuelState { st, out, ducked, lost } = d;
        let contact = !self.a.shooting || !self.b.shooting;
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
            rec.first_in_round_one(first);
        }
        for s in [first, 1 - first] {
            let o = 1 - s;
            if out[s] || out[o] {
                continue;
            }
            if st[s].knocked_down || ducked[s] {
                // Stands up (seed line 497) and/or comes back from ducking: nothing else this
                // activation. Under `two` standing up and coming back are one activation each.
                if st[s].knocked_down && self.ko_and_duck == KoAndDuck::Two {
                    st[s].knocked_down = false;
                } else {
                    st[s].knocked_down = false;
                    ducked[s] = false;
                }
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
                rec.deal(s, r.res_lost);
                fire
            };
            let fire = attack(st, dice);
            let re = react(
                dice,
                &mut st[o],
                fire != Fire::Miss,
                f[s].shooting,
                situation_modifier(&f[s].situation),
                &self.rules,
            );
            if re.ducks {
                ducked[o] = true;
            }
            if st[o].dead || st[o].fled() {
                out[o] = true;
                if !st[o].dead && contact {
                    // "Si huye de CaC recibe un ataque gratis por la espalda."
                    attack(st, dice);
                }
                rec.put_down(s, turn);
            }
        }
        ControlFlow::Continue(())
    }

    fn out(&self, d: &DuelState, side: usize) -> bool {
        d.out[side]
    }

    fn casualty(&self, d: &DuelState, side: usize) -> bool {
        d.st[side].dead
    }

    fn extra(&self, d: &DuelState) -> [u16; 2] {
        d.lost
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::duel::{event, metric};
    use crate::dice::{D6Stream, ScriptedDice};
    use crate::engine::Trial;
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
            ko_and_duck: KoAndDuck::One,
            gun_vs_melee: true,
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
            ko_and_duck: KoAndDuck::One,
            gun_vs_melee: true,
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

    /// `ko_and_duck_activations` (issue #23), one hit both knocking down and ducking back. Turn 1:
    /// the Soldado (FDV 9) shoots first: 1+1 critical, 3D6 = 3, impact 6+6 "H" (knocked down), wound
    /// table 6+6 + 7 > 13 → FDV 6; Herido 6+6 fails, 1+1 passes 2nd (FDV 5, ducks back); Bajo fuego
    /// 1+1 passed. The bug loses its turn-1 activation (standing up; and, under `one`, coming back
    /// from the duck with it: seed line 497 prices only the knock-down, "su siguiente turno"). Turn
    /// 2: the Soldado misses (3+4), the bug passes Bajo fuego (1+1); under `one` it claws (3+4: a
    /// miss), under `two` it spends this activation coming back from the duck.
    #[test]
    fn knocked_down_and_ducking_from_one_hit_costs_one_activation_or_two() {
        let turn1 = [1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1];
        let turn2 = [3, 4, 1, 1, 3, 4];
        for (rule, lost, used) in [(KoAndDuck::One, 1, 21), (KoAndDuck::Two, 2, 19)] {
            let script: Vec<u8> = turn1.iter().chain(&turn2).copied().collect();
            let mut d = ScriptedDice::new(&script);
            let o = Duel { ko_and_duck: rule, ..soldier_vs_small_bug(2) }.run(&mut d);
            assert_eq!(d.used(), used, "{rule:?}: every scripted die used, no more");
            assert!(o.has(event::DRAW));
            assert_eq!((o.metrics[5], o.metrics[6]), (0, lost), "{rule:?}: the bug's lost activations");
        }
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
