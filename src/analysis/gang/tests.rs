//! The generic layer against a toy game whose every figure a brute force recomputes: a target of
//! `hp` hit points with one dodge per turn, attackers that hit on a d6 and hit better for each
//! brawler already in contact, a power attack the attacker may choose, one point healed between
//! turns.

use super::*;
use crate::dice::{D6Stream, Dice};
use crate::engine::Trial;
use crate::exact::NoExact;
use crate::exact::{Budget, outcomes_exact};

#[derive(Clone, Debug, PartialEq)]
struct Toy {
    hp: u8,
    /// (hits on d6 ≥ this, joins contact when it attacks)
    attackers: Vec<(u8, bool)>,
    turns: u8,
}

type S = (u8, u8); // (damage, dodges left)

impl Toy {
    fn threshold(&self, i: usize, ctx: u16, dodge: bool, power: bool) -> u8 {
        (self.attackers[i].0 as i32 - ctx as i32).max(2) as u8 + 2 * dodge as u8 + power as u8
    }
    fn options(&self, s: S) -> (usize, usize) {
        (1 + (s.1 > 0) as usize, 2)
    }
    fn after(&self, s: S, f: usize, g: usize, hit: bool) -> S {
        let dmg = if hit { 1 + g as u8 } else { 0 };
        ((s.0 + dmg).min(self.hp), s.1 - f as u8)
    }
}

impl GangRules for Toy {
    type State = S;
    type Scratch = crate::exact::Rolls;
    type Roll = (u8, [u8; 2]);
    fn attackers(&self) -> usize {
        self.attackers.len()
    }
    fn label(&self, i: usize) -> String {
        format!("attacker {i}")
    }
    fn kind(&self, i: usize) -> usize {
        (0..=i)
            .find(|&j| self.attackers[j] == self.attackers[i])
            .map(|j| {
                // kinds numbered in order first listed
                let mut seen: Vec<(u8, bool)> = Vec::new();
                for a in &self.attackers[..=j] {
                    if !seen.contains(a) {
                        seen.push(*a);
                    }
                }
                seen.iter().position(|a| *a == self.attackers[j]).unwrap()
            })
            .unwrap()
    }
    fn turns(&self) -> u8 {
        self.turns
    }
    fn start(&self) -> S {
        (0, 1)
    }
    fn context(&self, _i: usize, before: u64, turn: u8) -> u16 {
        if turn > 0 {
            return self.attackers.iter().filter(|a| a.1).count() as u16;
        }
        (0..self.attackers.len()).filter(|&j| before >> j & 1 == 1 && self.attackers[j].1).count() as u16
    }
    fn play(&self, i: usize, ctx: u16, s: S, rolls: &mut crate::exact::Rolls) -> Result<Play<S>, NoExact> {
        let (nf, ng) = self.options(s);
        let mut options = Vec::new();
        for f in 0..nf {
            let mut answers = Vec::new();
            for g in 0..ng {
                let thr = self.threshold(i, ctx, f == 1, g == 1);
                let (items, den) = outcomes_exact(rolls, |d| self.after(s, f, g, d.d6() >= thr), Budget::EXPLICIT)?;
                answers.push(Law::new(items, den));
            }
            options.push(answers);
        }
        Ok(Play { first: First::Target, options })
    }
    fn roll(&self, i: usize, ctx: u16, _s: S, c: [u8; 2]) -> (u8, [u8; 2]) {
        (self.threshold(i, ctx, c[0] == 1, c[1] == 1), c)
    }
    fn sample<D: Dice>(&self, &(thr, c): &(u8, [u8; 2]), s: S, dice: &mut D) -> S {
        self.after(s, c[0] as usize, c[1] as usize, dice.d6() >= thr)
    }
    fn between_turns(&self, s: S, _: &mut crate::exact::Rolls) -> Result<Law<S>, NoExact> {
        Ok(Law::certain((s.0.saturating_sub(1), 1)))
    }
    fn sample_between_turns<D: Dice>(&self, s: S, _: &mut D) -> S {
        (s.0.saturating_sub(1), 1)
    }
    fn out(&self, s: S) -> Option<usize> {
        (s.0 >= self.hp).then_some(0)
    }
    fn ways(&self) -> &'static [&'static str] {
        &["out_toy"]
    }
    fn damage(&self, s: S) -> u16 {
        s.0 as u16
    }
    fn max_damage(&self) -> u16 {
        self.hp as u16
    }
    fn goal(&self) -> String {
        "take the toy out".into()
    }
    fn between(&self) -> String {
        "The toy does nothing in between.".into()
    }
}

/// P(hit) on a d6 needing `thr`.
fn p_hit(thr: u8) -> f64 {
    (7 - thr.clamp(1, 7)) as f64 / 6.0
}

/// The value of `order` from `pos` (turn-major) in state `s`, by plain recursion over the rules'
/// own arithmetic (no tables, no laws): target minimises over its dodge, attacker maximises over
/// its power attack.
fn brute(t: &Toy, order: &[usize], pos: usize, s: S) -> f64 {
    let n = order.len();
    if s.0 >= t.hp {
        return 1.0;
    }
    if pos == n * t.turns as usize {
        return 0.0;
    }
    let s = if pos > 0 && pos.is_multiple_of(n) { (s.0.saturating_sub(1), 1) } else { s };
    let turn = (pos / n) as u8;
    let i = order[pos % n];
    let before: u64 = order[..pos % n].iter().map(|&j| 1u64 << j).sum();
    let ctx = t.context(i, before, turn);
    let (nf, ng) = t.options(s);
    let mut best_t = f64::INFINITY;
    for f in 0..nf {
        let mut best_a = f64::NEG_INFINITY;
        for g in 0..ng {
            let p = p_hit(t.threshold(i, ctx, f == 1, g == 1));
            let v = p * brute(t, order, pos + 1, t.after(s, f, g, true))
                + (1.0 - p) * brute(t, order, pos + 1, t.after(s, f, g, false));
            best_a = best_a.max(v);
        }
        best_t = best_t.min(best_a);
    }
    best_t
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for at in 0..=p.len() {
            let mut q = p.clone();
            q.insert(at, n - 1);
            out.push(q);
        }
    }
    out
}

fn toy(turns: u8) -> Toy {
    Toy { hp: 3, attackers: vec![(5, true), (4, false), (5, true), (6, true)], turns }
}

#[test]
fn the_listed_best_and_worst_orders_are_what_a_brute_force_over_every_order_finds() {
    for turns in [1, 2] {
        let t = toy(turns);
        let g = GangTrial::new(t.clone());
        let f = g.figures().unwrap();
        let values: Vec<(f64, Vec<usize>)> =
            permutations(4).into_iter().map(|o| (brute(&t, &o, 0, t.start()), o)).collect();
        let best = values.iter().map(|v| v.0).fold(f64::MIN, f64::max);
        let worst = values.iter().map(|v| v.0).fold(f64::MAX, f64::min);
        assert!((f.listed.p_out - brute(&t, &[0, 1, 2, 3], 0, t.start())).abs() < 1e-12, "turns {turns}");
        assert!((f.best.p_out - best).abs() < 1e-12, "turns {turns}: {} vs {best}", f.best.p_out);
        assert!((f.worst.p_out - worst).abs() < 1e-12, "turns {turns}: {} vs {worst}", f.worst.p_out);
        // The orders named give the values named; attackers 0 and 2 are one kind: 12 orders.
        assert!((brute(&t, &f.best.order, 0, t.start()) - best).abs() < 1e-12);
        assert_eq!(f.orders, 12);
        assert!(best > worst + 0.01, "the toy's order matters: {best} vs {worst}");
        // The adaptive plan does at least as well as the best fixed order.
        assert!(f.adaptive.p_out >= f.best.p_out - 1e-12);
    }
}

#[test]
fn the_exact_tally_is_the_double_precision_walk_as_fractions() {
    let g = GangTrial::new(toy(2));
    let t = crate::analysis::cell::TrialInfo::own_exact(&g, Budget::EXPLICIT).unwrap().unwrap();
    let f = g.figures().unwrap();
    assert!(t.exact);
    let p = t.events[0] as f64 / t.trials as f64;
    assert!((p - f.listed.p_out).abs() < 1e-15, "{p} vs {}", f.listed.p_out);
    // Every probability is a fraction of sixes: the denominator divides 6^8.
    assert_eq!(6u128.pow(8) % t.trials, 0);
    for (k, by) in f.listed.out_by.iter().enumerate() {
        let c: u128 = t.hists[0][1..=k + 1].iter().sum();
        assert!((c as f64 / t.trials as f64 - by).abs() < 1e-15);
    }
}

#[test]
fn sampling_the_rules_own_dice_agrees_with_the_exact_figures() {
    let g = GangTrial::new(toy(2));
    let f = g.figures().unwrap().listed.clone();
    let mut dice = D6Stream::from_seed(7);
    let n = 200_000;
    let mut out = 0u32;
    let mut by_first_turn = 0u32;
    for _ in 0..n {
        let o = g.run(&mut dice);
        out += o.has(0) as u32;
        by_first_turn += o.has(2) as u32;
    }
    for (count, p) in [(out, f.p_out), (by_first_turn, f.out_by[3])] {
        let se = (p * (1.0 - p) / n as f64).sqrt();
        let z = (count as f64 / n as f64 - p) / se;
        assert!(z.abs() < 4.5, "sampled {} vs exact {p}: z = {z}", count as f64 / n as f64);
    }
}

#[test]
fn one_hit_point_and_no_choices_is_one_minus_the_product_of_misses() {
    // hp 1: the first hit ends it; with the dodge the target lowers one attacker's chance.
    let t = Toy { hp: 1, attackers: vec![(4, false), (5, false), (6, false)], turns: 1 };
    let f = GangTrial::new(t.clone()).figures().unwrap().clone();
    // The target dodges the attack where it helps most: 4+ → 6+ saves the most.
    let miss = |thr: u8| 1.0 - p_hit(thr);
    // The attacker's power attack (+1 needed, +1 damage) never helps against 1 hit point.
    let expected = 1.0 - miss(6) * miss(5) * miss(6);
    assert!((f.listed.p_out - expected).abs() < 1e-12, "{} vs {expected}", f.listed.p_out);
    assert!((f.best.p_out - f.worst.p_out).abs() < 1e-12, "order cannot matter here");
}

/// A game of two steps per attack, as the 2013 blocks are: the attacker rolls to hit (a power
/// attack needs one more and does 2), then the target, seeing the hit, may spend its one parry
/// of the turn (a d6, 4+ cancels the hit).
#[derive(Clone, Debug, PartialEq)]
struct Parry {
    hp: u8,
    /// Hits on d6 ≥ this.
    attackers: Vec<u8>,
    turns: u8,
    /// The parry is dealt: the target has it on a d6 of 4+ (a start law), else for certain.
    dealt: bool,
}

/// (damage, parries left, the hit waiting for the target's answer: 0 none, else its damage)
type P = (u8, u8, u8);

impl GangRules for Parry {
    type State = P;
    type Scratch = crate::exact::Rolls;
    type Roll = (u8, u8);
    fn attackers(&self) -> usize {
        self.attackers.len()
    }
    fn label(&self, i: usize) -> String {
        format!("attacker {i}")
    }
    fn kind(&self, i: usize) -> usize {
        i
    }
    fn turns(&self) -> u8 {
        self.turns
    }
    fn start(&self) -> P {
        (0, 1, 0)
    }
    fn start_law(&self, rolls: &mut crate::exact::Rolls) -> Result<Law<P>, NoExact> {
        if !self.dealt {
            return Ok(Law::certain(self.start()));
        }
        let (items, den) = outcomes_exact(rolls, |d| (0, (d.d6() >= 4) as u8, 0), Budget::EXPLICIT)?;
        Ok(Law::new(items, den))
    }
    fn sample_start<D: Dice>(&self, dice: &mut D) -> P {
        if self.dealt { (0, (dice.d6() >= 4) as u8, 0) } else { self.start() }
    }
    fn stages(&self) -> u8 {
        2
    }
    fn stage(&self, s: P) -> u8 {
        (s.2 > 0) as u8
    }
    fn context(&self, _: usize, _: u64, _: u8) -> u16 {
        0
    }
    fn play(&self, i: usize, _: u16, s: P, rolls: &mut crate::exact::Rolls) -> Result<Play<P>, NoExact> {
        if s.2 == 0 {
            let mut answers = Vec::new();
            for power in 0..2u8 {
                let thr = self.attackers[i] + power;
                let (items, den) =
                    outcomes_exact(rolls, |d| if d.d6() >= thr { (s.0, s.1, 1 + power) } else { s }, Budget::EXPLICIT)?;
                answers.push(Law::new(items, den));
            }
            return Ok(Play { first: First::Target, options: vec![answers] });
        }
        let hit = ((s.0 + s.2).min(self.hp), s.1, 0);
        let mut options = vec![vec![Law::certain(hit)]];
        if s.1 > 0 {
            let (items, den) = outcomes_exact(
                rolls,
                |d| if d.d6() >= 4 { (s.0, s.1 - 1, 0) } else { (hit.0, s.1 - 1, 0) },
                Budget::EXPLICIT,
            )?;
            options.push(vec![Law::new(items, den)]);
        }
        Ok(Play { first: First::Target, options })
    }
    fn roll(&self, i: usize, _: u16, s: P, c: [u8; 2]) -> (u8, u8) {
        if s.2 == 0 { (self.attackers[i] + c[1], c[1]) } else { (0, c[0]) }
    }
    fn sample<D: Dice>(&self, &(thr, c): &(u8, u8), s: P, dice: &mut D) -> P {
        if s.2 == 0 {
            return if dice.d6() >= thr { (s.0, s.1, 1 + c) } else { s };
        }
        if c == 1 && dice.d6() >= 4 {
            return (s.0, s.1 - 1, 0);
        }
        ((s.0 + s.2).min(self.hp), s.1 - c, 0)
    }
    fn between_turns(&self, s: P, _: &mut crate::exact::Rolls) -> Result<Law<P>, NoExact> {
        Ok(Law::certain((s.0, 1, 0)))
    }
    fn sample_between_turns<D: Dice>(&self, s: P, _: &mut D) -> P {
        (s.0, 1, 0)
    }
    fn out(&self, s: P) -> Option<usize> {
        (s.0 >= self.hp).then_some(0)
    }
    fn ways(&self) -> &'static [&'static str] {
        &["out_toy"]
    }
    fn damage(&self, s: P) -> u16 {
        s.0 as u16
    }
    fn max_damage(&self) -> u16 {
        self.hp as u16
    }
    fn goal(&self) -> String {
        "take the toy out".into()
    }
    fn between(&self) -> String {
        "The toy only parries.".into()
    }
}

/// The value of `order` from `pos` with `dmg` damage and `parries` left, by plain recursion: the
/// attacker picks its power attack before the die, the target its parry after seeing the hit.
fn brute_parry(t: &Parry, order: &[usize], pos: usize, dmg: u8, parries: u8) -> f64 {
    let n = order.len();
    if dmg >= t.hp {
        return 1.0;
    }
    if pos == n * t.turns as usize {
        return 0.0;
    }
    let parries = if pos > 0 && pos.is_multiple_of(n) { 1 } else { parries };
    let next = |d: u8, p: u8| brute_parry(t, order, pos + 1, d.min(t.hp), p);
    let mut best = f64::NEG_INFINITY;
    for power in 0..2u8 {
        let p = p_hit(t.attackers[order[pos % n]] + power);
        let taken = next(dmg + 1 + power, parries);
        let answer = if parries > 0 {
            taken.min(0.5 * next(dmg, parries - 1) + 0.5 * next(dmg + 1 + power, parries - 1))
        } else {
            taken
        };
        best = best.max(p * answer + (1.0 - p) * next(dmg, parries));
    }
    best
}

#[test]
fn an_attack_in_two_steps_is_valued_with_the_target_answering_the_first_steps_dice() {
    for turns in [1, 2] {
        let t = Parry { hp: 3, attackers: vec![3, 4, 5], turns, dealt: false };
        let g = GangTrial::new(t.clone());
        let f = g.figures().unwrap().clone();
        let values: Vec<f64> = permutations(3).iter().map(|o| brute_parry(&t, o, 0, 0, 1)).collect();
        let best = values.iter().copied().fold(f64::MIN, f64::max);
        let worst = values.iter().copied().fold(f64::MAX, f64::min);
        assert!((f.listed.p_out - brute_parry(&t, &[0, 1, 2], 0, 0, 1)).abs() < 1e-12, "turns {turns}");
        assert!((f.best.p_out - best).abs() < 1e-12, "turns {turns}: {} vs {best}", f.best.p_out);
        assert!((f.worst.p_out - worst).abs() < 1e-12, "turns {turns}: {} vs {worst}", f.worst.p_out);
        assert!(best > worst + 0.001, "turns {turns}: the order matters ({best} vs {worst})");
        assert!(f.adaptive.p_out >= f.best.p_out - 1e-12);
        // The exact walk is the double-precision one as fractions.
        let e = crate::analysis::cell::TrialInfo::own_exact(&g, Budget::EXPLICIT).unwrap().unwrap();
        let pe = e.events[0] as f64 / e.trials as f64;
        assert!((pe - f.listed.p_out).abs() < 1e-15, "turns {turns}: exact {pe} vs {}", f.listed.p_out);
        // Sampling the rules' own steps agrees.
        let mut dice = D6Stream::from_seed(11);
        let n = 200_000;
        let out = (0..n).filter(|_| g.run(&mut dice).has(0)).count();
        let p = f.listed.p_out;
        let z = (out as f64 / n as f64 - p) / (p * (1.0 - p) / n as f64).sqrt();
        assert!(z.abs() < 4.5, "turns {turns}: sampled {} vs exact {p}: z = {z}", out as f64 / n as f64);
    }
}

#[test]
fn a_target_that_answers_after_the_dice_does_better_than_one_that_must_decide_before() {
    // One parry, two attackers needing 4+ and 2+, hp 1: answering after the hit, the target keeps
    // its parry for a hit that came; P(out) = 1 − P(neither hit lands).
    let t = Parry { hp: 1, attackers: vec![4, 2], turns: 1, dealt: false };
    let f = GangTrial::new(t.clone()).figures().unwrap().clone();
    // Brute force by hand: the first hits 1/2 (power never helps at hp 1); the target parries it
    // (1/2 saved), then the second hits 5/6 with no parry left.
    // P(in) = 1/2 · [1/2 · 1/6] + 1/2 · [ max over parry of the second: parry it: 1/6 + 5/6 · 1/2 ]
    //       = 1/24 + 1/2 · 7/12 = 1/24 + 7/24 = 1/3.
    assert!((f.listed.p_out - 2.0 / 3.0).abs() < 1e-12, "{}", f.listed.p_out);
}

#[test]
fn a_dealt_start_is_averaged_over_and_the_order_is_chosen_before_the_deal() {
    let t = Parry { hp: 3, attackers: vec![3, 4, 5], turns: 1, dealt: true };
    let g = GangTrial::new(t.clone());
    let f = g.figures().unwrap().clone();
    let avg = |o: &[usize]| 0.5 * brute_parry(&t, o, 0, 0, 1) + 0.5 * brute_parry(&t, o, 0, 0, 0);
    let values: Vec<f64> = permutations(3).iter().map(|o| avg(o)).collect();
    let best = values.iter().copied().fold(f64::MIN, f64::max);
    assert!((f.listed.p_out - avg(&[0, 1, 2])).abs() < 1e-12, "{} vs {}", f.listed.p_out, avg(&[0, 1, 2]));
    assert!((f.best.p_out - best).abs() < 1e-12, "{} vs {best}", f.best.p_out);
    let e = crate::analysis::cell::TrialInfo::own_exact(&g, Budget::EXPLICIT).unwrap().unwrap();
    assert!((e.events[0] as f64 / e.trials as f64 - f.listed.p_out).abs() < 1e-15);
    let mut dice = D6Stream::from_seed(5);
    let n = 200_000;
    let out = (0..n).filter(|_| g.run(&mut dice).has(0)).count();
    let p = f.listed.p_out;
    let z = (out as f64 / n as f64 - p) / (p * (1.0 - p) / n as f64).sqrt();
    assert!(z.abs() < 4.5, "sampled {} vs exact {p}: z = {z}", out as f64 / n as f64);
}
