//! Many against one in ¡Bichos! ([`Gang`]): a squad attacks one bug (or one figure) in turn, its
//! RES and FDV carried from attack to attack, each attack followed by the reaction tests it
//! forces; the generic analysis ([`crate::analysis::gang`]) searches the orders.
//!
//! What carries over (`shared/rules/bichos.md`): RES lost at once and checked (seed lines 482,
//! 505: RES ≤ 0 → FDV 0 and it flees; RES ≤ −starting RES → dead); the FDV −1 of a surviving
//! "H" impact (501) and of a "Herido" passed 2nd (343); fleeing on a failed test ("Huir", RES and
//! FDV 0, summary D5); **ducking** ("Agacharse", D3: "ponerse a cubierto"): a target that ducks
//! back is in cover for the rest of the turn (later shots miss on 8, its tests +1). Knock-down
//! ("H": it must use its next turn to stand up) changes no later attack and is not carried.
//!
//! Between turns the target takes its own activation (it stands up, and its cover is what the
//! scenario says again); what it does there — move, charge — is not modelled.
//!
//! The law of one attack is worked out in two walks of the rules' own code — the attack
//! ([`resolve`]) by the state it leaves, then the reaction tests ([`react`]) from each of those —
//! and, far from RES 0, once for every RES (what an attack does there does not depend on it).

use super::damage::{State as Figure, resolve};
use super::profile::Profile;
use super::react::react;
use super::readings::HitRules;
use super::tables::{Fire, Situation};
use crate::analysis::gang::{GangRules, Law, Play};
use crate::dice::Dice;
use crate::exact::{Budget, NoExact, Rolls, outcomes_exact};
use rustc_hash::FxHashMap as HashMap;

/// One attacker.
#[derive(Clone, Debug, PartialEq)]
pub struct GangAttacker {
    pub label: String,
    pub hda: u8,
    pub damage_dice: u8,
    pub pot: u8,
    /// A ranged weapon ("Bajo fuego" after every shot) or a melee one.
    pub shooting: bool,
    pub long_range: bool,
    pub shooter_moved_far: bool,
    pub kind: usize,
}

/// What takes the target out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Out of the fight: fled (RES ≤ 0 or a failed test) or dead.
    Out,
    /// Dead only: a fleeing figure is shot on.
    Dead,
}

/// Attackers against one ¡Bichos! figure.
#[derive(Clone, Debug, PartialEq)]
pub struct Gang {
    pub attackers: Vec<GangAttacker>,
    pub target_name: String,
    pub target: Profile,
    /// In cover at the start of each turn.
    pub cover: bool,
    pub target_moved_far: bool,
    pub goal: Goal,
    pub turns: u8,
    pub rules: HitRules,
}

/// The target between two attacks: RES, FDV, in cover this turn, fled, dead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    pub res: i32,
    pub fdv: u8,
    pub cover: bool,
    pub fled: bool,
    pub dead: bool,
}

impl State {
    fn figure(self) -> Figure {
        Figure { res: self.res, fdv: self.fdv, knocked_down: false, dead: self.dead, fled_test: self.fled }
    }
}

/// The laws a build has worked out, by attacker kind and the state's shape: a law far from RES 0
/// is kept once, at a reference RES, and moved to each RES.
#[derive(Default)]
pub struct Scratch {
    rolls: Rolls,
    laws: HashMap<(usize, State), Law<State>>,
}

impl Gang {
    fn situation(&self, a: &GangAttacker, cover: bool) -> Situation {
        Situation {
            long_range: a.long_range,
            shooter_moved_far: a.shooter_moved_far,
            target_moved_far: self.target_moved_far,
            cover,
            target_index: 1,
        }
    }

    /// The most RES one attack can take: the wound (HDA + every damage die at 6 − BLD) and an
    /// impact (at most 10, or the "H"'s 10).
    fn most_lost(&self, a: &GangAttacker) -> i32 {
        (a.hda as i32 + 6 * a.damage_dice as i32 - self.target.bld as i32).max(0) + 10
    }

    /// Attacker `i`'s attack on `s`, rolled once: the rules' code.
    fn attack<D: Dice>(&self, i: usize, s: State, dice: &mut D) -> State {
        let a = &self.attackers[i];
        let mut f = s.figure();
        let (fire, _) = resolve(
            dice,
            a.hda,
            a.damage_dice,
            a.pot,
            &self.target,
            &self.situation(a, s.cover),
            &mut f,
            self.rules.low_fdv,
        );
        self.tests(s.cover, fire != Fire::Miss, a.shooting, f, dice)
    }

    /// The reaction tests after an attack that left the figure as `f`.
    fn tests<D: Dice>(&self, cover: bool, wounded: bool, shooting: bool, mut f: Figure, dice: &mut D) -> State {
        let r = react(dice, &mut f, wounded, shooting, cover as i32, &self.rules);
        State { res: f.res, fdv: f.fdv, cover: cover || r.ducks, fled: f.fled(), dead: f.dead }
    }

    /// The exact law of attacker `i`'s attack on `s`: the attack walked by the state it leaves,
    /// then the tests walked from each.
    fn law(&self, i: usize, s: State, rolls: &mut Rolls) -> Result<Law<State>, NoExact> {
        let a = &self.attackers[i];
        let sit = self.situation(a, s.cover);
        let (after, den) = outcomes_exact(
            rolls,
            |d| {
                let mut f = s.figure();
                let (fire, _) = resolve(d, a.hda, a.damage_dice, a.pot, &self.target, &sit, &mut f, self.rules.low_fdv);
                (fire != Fire::Miss, (f.res, f.fdv, f.dead, f.fled_test))
            },
            Budget::EXPLICIT,
        )?;
        let mut items: Vec<(State, u128)> = Vec::new();
        let mut den_all = 1u128;
        let mut parts = Vec::with_capacity(after.len());
        for ((wounded, (res, fdv, dead, fled_test)), w) in after {
            let f = Figure { res, fdv, knocked_down: false, dead, fled_test };
            let (tests, d) =
                outcomes_exact(rolls, |dd| self.tests(s.cover, wounded, a.shooting, f, dd), Budget::EXPLICIT)?;
            den_all = lcm(den_all, d)?;
            parts.push((w, tests, d));
        }
        for (w, tests, d) in parts {
            let f = den_all / d;
            for (t, x) in tests {
                let add = w.checked_mul(x).and_then(|v| v.checked_mul(f)).ok_or(NoExact::TooFine)?;
                match items.iter_mut().find(|(st, _)| *st == t) {
                    Some((_, n)) => *n += add,
                    None => items.push((t, add)),
                }
            }
        }
        let den = den.checked_mul(den_all).ok_or(NoExact::TooFine)?;
        let g = items.iter().fold(den, |g, &(_, n)| crate::stats::gcd(g, n)).max(1);
        Ok(Law::new(items.into_iter().map(|(t, n)| (t, n / g)).collect(), den / g))
    }
}

fn lcm(a: u128, b: u128) -> Result<u128, NoExact> {
    (a / crate::stats::gcd(a, b)).checked_mul(b).ok_or(NoExact::TooFine)
}

impl GangRules for Gang {
    type State = State;
    type Scratch = Scratch;
    type Roll = usize;

    fn attackers(&self) -> usize {
        self.attackers.len()
    }
    fn label(&self, i: usize) -> String {
        self.attackers[i].label.clone()
    }
    fn kind(&self, i: usize) -> usize {
        self.attackers[i].kind
    }
    fn turns(&self) -> u8 {
        self.turns
    }
    fn start(&self) -> State {
        State { res: self.target.res as i32, fdv: self.target.fdv, cover: self.cover, fled: false, dead: false }
    }
    /// Nothing but the state changes an attack: no numbers in contact in ¡Bichos! shooting.
    fn context(&self, _i: usize, _before: u64, _turn: u8) -> u16 {
        0
    }
    fn play(&self, i: usize, _ctx: u16, s: State, scratch: &mut Scratch) -> Result<Play<State>, NoExact> {
        // Far from RES 0 the attack does the same whatever the RES: worked out once, at the
        // lowest such RES, and moved.
        let far = self.most_lost(&self.attackers[i]) + 1;
        let shift = if s.res > far { s.res - far } else { 0 };
        let key = State { res: s.res - shift, ..s };
        let kind = self.attackers[i].kind;
        if !scratch.laws.contains_key(&(kind, key)) {
            let law = self.law(i, key, &mut scratch.rolls)?;
            scratch.laws.insert((kind, key), law);
        }
        let law = &scratch.laws[&(kind, key)];
        // A flight sets RES to 0 (`flee_res = "zero"`): that RES is not moved (from the reference
        // RES no loss reaches 0, so every RES ≤ 0 there is a flight's).
        let moved = law
            .items
            .iter()
            .map(|&(t, w)| (State { res: if t.res <= 0 { t.res } else { t.res + shift }, ..t }, w))
            .collect();
        Ok(Play::only(Law::new(moved, law.den)))
    }
    /// No choices: the attacker itself.
    fn roll(&self, i: usize, _ctx: u16, _s: State, _choice: [u8; 2]) -> usize {
        i
    }
    fn sample<D: Dice>(&self, &i: &usize, s: State, dice: &mut D) -> State {
        self.attack(i, s, dice)
    }
    fn between_turns(&self, s: State, _: &mut Scratch) -> Result<Law<State>, NoExact> {
        Ok(Law::certain(State { cover: self.cover, ..s }))
    }
    fn sample_between_turns<D: Dice>(&self, s: State, _dice: &mut D) -> State {
        State { cover: self.cover, ..s }
    }
    fn out(&self, s: State) -> Option<usize> {
        if s.dead {
            return Some(self.ways().len() - 1);
        }
        (self.goal == Goal::Out && s.fled).then_some(0)
    }
    fn ways(&self) -> &'static [&'static str] {
        match self.goal {
            Goal::Out => &["out_fled", "out_dead"],
            Goal::Dead => &["out_dead"],
        }
    }
    /// RES lost, counted up to death (RES −starting RES: twice the starting RES), however far
    /// below that the last shot took it.
    fn damage(&self, s: State) -> u16 {
        (self.target.res as i32 - s.res).clamp(0, 2 * self.target.res as i32) as u16
    }
    fn max_damage(&self) -> u16 {
        2 * self.target.res
    }
    fn goal(&self) -> String {
        match self.goal {
            Goal::Out => format!("take {} out of the fight (fled or dead)", self.target_name),
            Goal::Dead => format!("kill {}", self.target_name),
        }
    }
    fn between(&self) -> String {
        format!("{} takes no activation between the attackers: it only takes its reaction tests.", self.target_name)
    }
}
