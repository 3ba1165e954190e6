//! 2013 checks and round procedures: Agility / Endurance / Willpower rolls, recovery,
//! the Take-the-Lead bag, *Let's Go!* chains, movement with MC dice, passing, the Riddle.

use super::readings::LetsGoSix;
use crate::dice::{Dice, uniform_below};
use crate::engine::{Outcome, Shape, Trial};

/// Which characteristic a check rolls against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckKind {
    /// D6 ≤ Movement (*Reflexes* rerolls a failure).
    Agility,
    /// 2D6 ≤ Endurance (*Resilient* rerolls a failure).
    Endurance,
    /// 2D6 ≤ Willpower (*Leader* rerolls a failure).
    Willpower,
}

/// A 2013 check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Check {
    pub kind: CheckKind,
    pub value: u8,
    pub reroll: bool,
}

impl Check {
    fn roll<D: Dice>(&self, dice: &mut D) -> u32 {
        match self.kind {
            CheckKind::Agility => dice.d6() as u32,
            _ => dice.sum_d6(2),
        }
    }

    /// Roll (and reroll a failure if allowed); returns (final roll, passed).
    pub fn resolve<D: Dice>(&self, dice: &mut D) -> (u32, bool) {
        let mut r = self.roll(dice);
        if r > self.value as u32 && self.reroll {
            r = self.roll(dice);
        }
        (r, r <= self.value as u32)
    }
}

impl Trial for Check {
    fn shape(&self) -> Shape {
        Shape::new(vec![("roll", 12)], vec!["pass"])
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let (r, pass) = self.resolve(dice);
        let mut o = Outcome::default();
        o.metrics[0] = r as u16;
        o.flag(0, pass);
        o
    }
}

/// Casualty Recount for one character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recovery {
    /// `★` on the character.
    pub stun: u8,
    /// Special counters left unspent (one extra die each).
    pub unspent_special: u8,
    /// A K.O. character instead makes an Endurance roll to remove one `★`.
    pub ko: bool,
    pub endurance: u8,
    /// *Resilient*: reroll a failed Endurance roll.
    pub resilient: bool,
}

impl Trial for Recovery {
    fn shape(&self) -> Shape {
        Shape::new(vec![("stun_removed", self.stun as usize)], vec!["any_removed", "recovered_from_ko"])
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let mut o = Outcome::default();
        if self.ko {
            let c = Check { kind: CheckKind::Endurance, value: self.endurance, reroll: self.resilient };
            let pass = c.resolve(dice).1 && self.stun > 0;
            o.metrics[0] = pass as u16;
            o.flag(0, pass);
            o.flag(1, pass);
        } else if self.stun > 0 {
            let n = 1 + self.unspent_special as u32;
            let mut removed = 0u16;
            for _ in 0..n {
                if dice.d6() >= 4 {
                    removed += 1;
                }
            }
            let removed = removed.min(self.stun as u16);
            o.metrics[0] = removed;
            o.flag(0, removed > 0);
        }
        o
    }
}

/// The Take-the-Lead bag: each round one counter is drawn; its owner leads. The game ends when
/// the bag is empty, and in any case after the round limit even if counters are left ("a game
/// can't last more rounds than initially decided … even if there are dice/counters left to
/// extract", seed L316).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TakeTheLead {
    /// Counters of player A and player B in the bag.
    pub a: u8,
    pub b: u8,
    /// The scenario's round limit.
    pub rounds: u8,
}

/// Counters a player puts in the bag: its share of the round limit, +1 per *Mastermind*
/// (seed L1494), +1 for the *Perfect Plan* strategy (L1040), −1 per enemy *Kaos Agent* (L1430;
/// never below 0).
pub fn bag_counters(share: u8, masterminds: u8, perfect_plan: bool, enemy_kaos_agents: u8) -> u8 {
    (share as i32 + masterminds as i32 + perfect_plan as i32 - enemy_kaos_agents as i32).max(0) as u8
}

impl TakeTheLead {
    /// Rounds the game lasts: one per counter, at most the round limit.
    pub fn rounds_played(&self) -> u8 {
        (self.a + self.b).min(self.rounds)
    }
}

impl Trial for TakeTheLead {
    fn shape(&self) -> Shape {
        let n = self.rounds_played() as usize;
        Shape::new(
            vec![("a_leads", (self.a as usize).min(n)), ("rounds", n), ("a_longest_streak", (self.a as usize).min(n))],
            vec!["a_leads_round_1", "a_leads_last_round", "a_leads_majority"],
        )
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let (mut a, mut b) = (self.a as u32, self.b as u32);
        let (mut led, mut streak, mut best) = (0u16, 0u16, 0u16);
        let (mut first, mut last) = (false, false);
        let mut round = 0;
        while a + b > 0 && round < self.rounds as u32 {
            // Draw uniformly among the a + b counters left: rejection-sample a D6-built index.
            let left = a + b;
            let pick = uniform_below(dice, left);
            let a_draw = pick < a;
            if a_draw {
                a -= 1;
                led += 1;
                streak += 1;
                best = best.max(streak);
            } else {
                b -= 1;
                streak = 0;
            }
            if round == 0 {
                first = a_draw;
            }
            last = a_draw;
            round += 1;
        }
        let mut o = Outcome::default();
        o.metrics[0] = led;
        o.metrics[1] = round as u16;
        o.metrics[2] = best;
        o.flag(0, first);
        o.flag(1, last);
        o.flag(2, 2 * led as u32 > round);
        o
    }
}

/// *Let's Go!*: after a henchman activates, 4+ activates another at once; each further use
/// needs +1; a 6 always succeeds; *Mob* adds +1 to the roll (seed L1466, L1498); henchmen within
/// 20 cm of the band's *Sidekick* may reroll the roll (L1610).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LetsGo {
    /// Henchmen still able to join the chain.
    pub available: u8,
    pub mob: bool,
    /// A failed roll is rerolled (Sidekick within 20 cm); the second result stands.
    pub sidekick_reroll: bool,
    /// What "a result of 6" is (the reading `lets_go_six`).
    pub six: LetsGoSix,
}

impl LetsGo {
    /// Whether die face `f` passes link `link` (0 for the first: 4+, then +1 each).
    fn passes(&self, f: u8, link: u32) -> bool {
        let result = f as u32 + self.mob as u32;
        let six = match self.six {
            LetsGoSix::Natural => f == 6,
            LetsGoSix::AfterMob => result >= 6,
        };
        six || result >= 4 + link
    }

    /// P(the chain reaches k) for k = 1..=available, exactly, as (numerator, denominator): each
    /// link passes on its faces (or on a reroll of a failure), independently of the others.
    pub fn reach(&self) -> Vec<(u128, u128)> {
        let mut out = Vec::new();
        let (mut num, mut den) = (1u128, 1u128);
        for link in 0..self.available as u32 {
            let faces = (1..=6u8).filter(|&f| self.passes(f, link)).count() as u128;
            // With a reroll: pass, or fail then pass: (6f + (6 − f) f) / 36.
            let (n, d) = if self.sidekick_reroll { (6 * faces + (6 - faces) * faces, 36) } else { (faces, 6) };
            num *= n;
            den *= d;
            let g = crate::stats::gcd(num, den).max(1);
            (num, den) = (num / g, den / g);
            out.push((num, den));
        }
        out
    }
}

impl Trial for LetsGo {
    fn shape(&self) -> Shape {
        Shape::new(vec![("chain", self.available as usize)], vec!["at_least_one"])
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let mut chain = 0u16;
        while chain < self.available as u16 {
            let link = chain as u32;
            let mut pass = self.passes(dice.d6(), link);
            if !pass && self.sidekick_reroll {
                pass = self.passes(dice.d6(), link);
            }
            if pass {
                chain += 1;
            } else {
                break;
            }
        }
        let mut o = Outcome::default();
        o.metrics[0] = chain;
        o.flag(0, chain > 0);
        o
    }
}

/// One movement action: basic move plus the sum of one D6 per Movement counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Movement {
    /// Basic move in cm: 10 (*Acrobat* / *Big* 12, *Small* 8).
    pub basic: u8,
    /// Movement counters spent on dice.
    pub mc_dice: u8,
    /// *Fast*: reroll the dice sum once when it is below its average (or short of `target`).
    pub fast: bool,
    /// Running doubles the basic move (it costs 1 MC + 1 SC, not counted in `mc_dice`).
    pub run: bool,
    /// Distance in cm to reach (0 = none): reported as an event, and the *Fast* reroll aims at it.
    pub target: u16,
}

/// Basic move for a card's traits.
pub fn basic_move(acrobat: bool, big: bool, small: bool) -> u8 {
    if acrobat || big {
        12
    } else if small {
        8
    } else {
        10
    }
}

impl Movement {
    fn base(&self) -> u32 {
        self.basic as u32 * if self.run { 2 } else { 1 }
    }
}

impl Trial for Movement {
    fn shape(&self) -> Shape {
        let max = self.base() as usize + 6 * self.mc_dice as usize;
        Shape::new(vec![("distance_cm", max)], vec!["reaches_target"])
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let roll = |dice: &mut D| dice.sum_d6(self.mc_dice as u32);
        let mut sum = roll(dice);
        if self.fast && self.mc_dice > 0 {
            let short = if self.target > 0 {
                self.base() + sum < self.target as u32
            } else {
                2 * sum < 7 * self.mc_dice as u32
            };
            if short {
                sum = roll(dice);
            }
        }
        let d = self.base() + sum;
        let mut o = Outcome::default();
        o.metrics[0] = d as u16;
        o.flag(0, self.target > 0 && d >= self.target as u32);
        o
    }
}

/// The Riddle objective: the opponent names 1–6, a die is rolled: equal → 3 VP; off by one →
/// the riddle stays; otherwise 1 VP.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Riddle {
    /// The number named (1..=6), or 0 for "chosen at random".
    pub named: u8,
}

impl Trial for Riddle {
    fn shape(&self) -> Shape {
        Shape::new(vec![("vp", 3)], vec!["three_vp", "riddle_stays", "one_vp"])
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let named = if self.named == 0 { dice.d6() } else { self.named };
        let f = dice.d6();
        let diff = (f as i32 - named as i32).abs();
        let mut o = Outcome::default();
        let vp = match diff {
            0 => 3,
            1 => 0,
            _ => 1,
        };
        o.metrics[0] = vp;
        o.flag(0, diff == 0);
        o.flag(1, diff == 1);
        o.flag(2, diff > 1);
        o
    }
}

/// Passes a player may make this round: the difference in non-K.O. characters (if it has fewer,
/// seed L396), +1 per own *Informer* (L1412), −1 per enemy *Detective* (L1307); never more than
/// two in a row (L400).
pub fn pass_chances(own: u8, enemy: u8, informers: u8, enemy_detectives: u8) -> u8 {
    let base = enemy.saturating_sub(own) as i32 + informers as i32 - enemy_detectives as i32;
    base.max(0) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;
    use crate::exact::enumerate;

    #[test]
    fn check_probabilities_exact() {
        let c = Check { kind: CheckKind::Willpower, value: 7, reroll: false };
        assert!((enumerate(&c, 4).unwrap().events[0] - 21.0 / 36.0).abs() < 1e-12);
        let c = Check { kind: CheckKind::Agility, value: 4, reroll: true };
        // 4/6 + 2/6 · 4/6 = 8/9.
        assert!((enumerate(&c, 4).unwrap().events[0] - 8.0 / 9.0).abs() < 1e-12);
    }

    #[test]
    fn lets_go_targets_rise() {
        // 4 (ok, need 4), 5 (ok, need 5), 5 (fail, need 6) → chain 2.
        let mut d = ScriptedDice::new(&[4, 5, 5]);
        assert_eq!(
            LetsGo { available: 5, mob: false, sidekick_reroll: false, six: LetsGoSix::Natural }.run(&mut d).metrics[0],
            2
        );
        // A 6 always succeeds, even needing 7+.
        let mut d = ScriptedDice::new(&[6, 6, 6, 6, 1]);
        assert_eq!(
            LetsGo { available: 9, mob: false, sidekick_reroll: false, six: LetsGoSix::Natural }.run(&mut d).metrics[0],
            4
        );
        // Exact P(chain ≥ 1) = 1/2, with Mob 2/3.
        assert!(
            (enumerate(&LetsGo { available: 3, mob: false, sidekick_reroll: false, six: LetsGoSix::Natural }, 6)
                .unwrap()
                .events[0]
                - 0.5)
                .abs()
                < 1e-12
        );
        assert!(
            (enumerate(&LetsGo { available: 3, mob: true, sidekick_reroll: false, six: LetsGoSix::Natural }, 6)
                .unwrap()
                .events[0]
                - 2.0 / 3.0)
                .abs()
                < 1e-12
        );
    }

    #[test]
    fn bag_draws_are_fair_and_complete() {
        use crate::engine::{Stop, progress::Progress, run_cells};
        // Rejection sampling has unbounded dice paths, so check by simulation against exact
        // values: P(A draws first) = P(A draws last) = a / (a + b); every counter is drawn.
        for (a, b) in [(3u8, 3u8), (4, 2), (1, 5)] {
            let t = TakeTheLead { a, b, rounds: a + b };
            let n = 200_000;
            let tally = run_cells(&[t], 5, Stop::Trials(n), &Progress::hidden()).tallies.remove(0);
            let p = a as f64 / (a + b) as f64;
            let se = (p * (1.0 - p) / n as f64).sqrt();
            for ev in [0, 1] {
                let got = tally.events[ev] as f64 / n as f64;
                assert!((got - p).abs() < 5.0 * se, "({a},{b}) event {ev}: {got} vs {p}");
            }
            assert_eq!(tally.hists[0][a as usize], n as u128, "A always leads exactly its own counters");
            assert_eq!(tally.hists[1][(a + b) as usize], n as u128, "the game lasts one round per counter");
        }
        assert_eq!(bag_counters(3, 1, false, 0), 4);
        assert_eq!(bag_counters(3, 0, false, 1), 2);
        assert_eq!(bag_counters(0, 0, false, 1), 0);
    }

    /// Seed L1355, *Fast*: the model may repeat its movement roll, and the second result stands.
    /// Policy: reroll a sum below its average (or short of the target). By hand, one MC die: faces
    /// 1–3 are rerolled, so P(1..3) = ½ · 1/6 = 1/12 each and P(4..6) = 1/6 + 1/12 = 1/4 each; mean
    /// distance 10 + (1+2+3)/12 + (4+5+6)/4 = 14.25 cm. With a 15 cm target: reroll below 5, so
    /// P(reach) = 2/6 + 4/6 · 2/6 = 5/9.
    #[test]
    fn fast_rerolls_a_short_movement_roll_once() {
        let m = Movement { basic: 10, mc_dice: 1, fast: true, run: false, target: 0 };
        let ex = enumerate(&m, 3).unwrap();
        for (k, p) in [(11, 1.0 / 12.0), (13, 1.0 / 12.0), (14, 0.25), (16, 0.25)] {
            assert!((ex.metrics[0][k] - p).abs() < 1e-12, "P({k} cm) = {}", ex.metrics[0][k]);
        }
        let mean: f64 = ex.metrics[0].iter().enumerate().map(|(d, p)| d as f64 * p).sum();
        assert!((mean - 14.25).abs() < 1e-12);
        let m = Movement { target: 15, ..m };
        assert!((enumerate(&m, 3).unwrap().events[0] - 5.0 / 9.0).abs() < 1e-12);
    }

    #[test]
    fn movement_and_riddle() {
        let m = Movement { basic: 10, mc_dice: 2, fast: false, run: false, target: 17 };
        let ex = enumerate(&m, 4).unwrap();
        // 10 + 2D6 ≥ 17 ⇔ 2D6 ≥ 7: 21/36.
        assert!((ex.events[0] - 21.0 / 36.0).abs() < 1e-12);
        let r = Riddle { named: 1 };
        let ex = enumerate(&r, 2).unwrap();
        assert!((ex.events[0] - 1.0 / 6.0).abs() < 1e-12 && (ex.events[1] - 1.0 / 6.0).abs() < 1e-12);
        let r = Riddle { named: 3 };
        assert!((enumerate(&r, 2).unwrap().events[1] - 2.0 / 6.0).abs() < 1e-12);
        assert_eq!(pass_chances(2, 5, 0, 0), 3);
        assert_eq!(pass_chances(2, 5, 1, 1), 3);
        assert_eq!(pass_chances(5, 2, 0, 0), 0);
        assert_eq!(basic_move(false, false, true), 8);
    }

    #[test]
    fn recovery_rolls() {
        let r = Recovery { stun: 2, unspent_special: 1, ko: false, endurance: 6, resilient: false };
        let ex = enumerate(&r, 4).unwrap();
        // Two dice, each 4+ removes one ★: P(0) = 1/4, P(1) = 1/2, P(2) = 1/4.
        assert!((ex.metrics[0][1] - 0.5).abs() < 1e-12);
        let r = Recovery { stun: 3, unspent_special: 0, ko: true, endurance: 7, resilient: false };
        assert!((enumerate(&r, 4).unwrap().events[1] - 21.0 / 36.0).abs() < 1e-12);
    }
}
