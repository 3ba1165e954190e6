//! A ¡Bichos! fight between two figures over several turns.
//!
//! Each turn the figures activate in decreasing FDV (ties: 1D6 each, higher first, re-rolled),
//! and each still able to fight attacks the other once with its weapon (the firing table serves
//! shooting and melee alike). A wounded figure takes the "Herido" reaction test on its current
//! FDV: passed 1st, it keeps fighting; passed 2nd, FDV −1 and (under fire) it ducks, losing its
//! next attack; failed both, it flees. RES ≤ 0 also makes it flee. The fight ends when a figure
//! flees or dies; the other wins. Metric and event layout match the BMG 2019 duel.

use super::{Fire, Profile, Reaction, Situation, State, resolve};
use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};
use crate::rules::bmg3e::duel::{DUEL_EVENTS, event, metric};

/// One figure and its weapon.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fighter {
    pub profile: Profile,
    pub damage_dice: u8,
    /// POT on the impact table (the weapon's, or the figure's own in melee).
    pub pot: u8,
    /// How the other figure is placed when this one attacks it.
    pub situation: Situation,
    /// The attacks are shots (a wounded target passing 2nd ducks) rather than melee.
    pub shooting: bool,
}

/// A fight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Duel {
    pub a: Fighter,
    pub b: Fighter,
    pub turns: u8,
}

/// Metric names of a ¡Bichos! fight (RES dealt in place of markers).
pub const METRICS: [&str; 7] = ["rounds", "a_dealt", "b_dealt", "a_ko_round", "b_ko_round", "a_ducked", "b_ducked"];

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
                ("a_ducked", t),
                ("b_ducked", t),
            ],
            events: DUEL_EVENTS.to_vec(),
            ratios: vec![(metric::A_DEALT, metric::ROUNDS), (metric::B_DEALT, metric::ROUNDS)],
        }
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let f = [self.a, self.b];
        let mut st = [State::new(&self.a.profile), State::new(&self.b.profile)];
        let mut out = [false; 2];
        let mut ducking = [false; 2];
        let mut dealt = [0u32; 2];
        let mut ducked = [0u16; 2];
        let mut down_round = [0u16; 2];
        let mut rounds = 0u16;
        let mut a_first_round1 = false;
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
                if ducking[s] {
                    ducking[s] = false;
                    ducked[s] += 1;
                    continue;
                }
                let before = st[o].res;
                let (fire, _) = resolve(
                    dice,
                    f[s].profile.hda,
                    f[s].damage_dice,
                    f[s].pot,
                    &f[o].profile,
                    &f[s].situation,
                    &mut st[o],
                );
                dealt[s] += (before - st[o].res).max(0) as u32;
                if st[o].dead || st[o].fled() {
                    out[o] = true;
                } else if fire != Fire::Miss {
                    // "Herido": the wounded figure tests its current FDV.
                    let r = Reaction { modified_fdv: st[o].fdv as i8 }.run(dice);
                    match r.metrics[0] {
                        0 => {}
                        1 => {
                            st[o].fdv = st[o].fdv.saturating_sub(1);
                            ducking[o] = f[s].shooting;
                        }
                        _ => out[o] = true,
                    }
                }
                if out[o] && down_round[s] == 0 {
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
        o.metrics[5] = ducked[0];
        o.metrics[6] = ducked[1];
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
    use crate::dice::D6Stream;
    use crate::rules::bichos::PROFILES;

    #[test]
    fn fights_end_with_one_side_out() {
        let p = |n: &str| PROFILES.iter().find(|(k, _, _)| *k == n).unwrap().2;
        let sit = Situation { target_index: 1, ..Situation::default() };
        let d = Duel {
            a: Fighter { profile: p("soldado"), damage_dice: 3, pot: 11, situation: sit, shooting: true },
            b: Fighter { profile: p("grande"), damage_dice: 3, pot: 12, situation: sit, shooting: false },
            turns: 6,
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
}
