//! Many against one in the 2019 rules ([`Gang`]): several models attack one target in turn, its
//! ★ and ♦ carried from attack to attack, the generic analysis ([`crate::analysis::gang`])
//! searching the orders.
//!
//! What carries over, from the rules (`shared/rules/bmg-3e.md`):
//! - the target's ★ and ♦, its own effort ★ included (seed lines 1604–1607): they K.O. it
//!   sooner and shrink its room for later effort (limit `3 − floor(♦/3)`, never to K.O. itself);
//! - K.O. (★ ≥ Willpower): no effort, no block roll, Defense −1, +1 ♦ per hit (1853–1881);
//! - numbers in contact (1503–1515): a melee attack against a target in contact with more than
//!   one enemy model takes −1 Defense (and one block die fewer) per enemy other than the
//!   attacker. A melee attacker comes into base contact to attack and stays; one written
//!   `in_contact` is there from the start; `others_in_contact` counts the target's other enemies
//!   already there. A ranged attacker shoots from outside contact (it may not shoot while in
//!   contact with a non-K.O. enemy, 1648–1669) and never counts;
//! - between turns the Recount (2027–2040): a target that is not K.O. removes one ★; a K.O. one
//!   makes an Endurance check with Special − 1 dice and on a pass removes one ★.
//!
//! Knock-down is not carried: the seed gives it no effect on attacks or defence (it points to the
//! Compendium, 1826–1827), so no later number could change with it.

use super::{
    Attack, AttackSetup, Check, CheckKind, CheckSetup, Markers, MeleeMods, Profile, RangedMods, Readings, Weapon,
    WeaponKind, effort_limit, is_ko, metric,
};
use crate::analysis::gang::{First, GangRules, Law, Play};
use crate::dice::Dice;
use crate::dice::SuccessMask;
use crate::engine::Trial;
use crate::exact::{Budget, NoExact, Rolls, outcomes_exact};
use rustc_hash::FxHashMap as HashMap;

/// How a side spends its effort in a sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GangEffort {
    /// Never.
    None,
    /// As much as its limit allows, at every attack.
    Max,
    /// At its best for the sequence (`optimal-win`): the target to stay in, the attackers to take
    /// it out, each knowing the order and the results so far.
    Best,
}

/// One attacker.
#[derive(Clone, Debug, PartialEq)]
pub struct GangAttacker {
    pub label: String,
    pub profile: Profile,
    pub weapon: Weapon,
    /// Its own markers at the start.
    pub start: Markers,
    pub effort: GangEffort,
    /// A ranged attacker's circumstances (dice removed).
    pub ranged: RangedMods,
    /// In base contact with the target before the first attack.
    pub in_contact: bool,
    /// Attackers equal in everything share a kind (see [`GangRules::kind`]).
    pub kind: usize,
}

impl GangAttacker {
    fn is_ranged(&self) -> bool {
        matches!(self.weapon.kind, WeaponKind::Ranged { .. })
    }
}

/// What takes the target out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// K.O. or casualty.
    OutOfAction,
    /// Casualty only: a K.O. target is attacked on.
    Casualty,
}

/// Attackers against one 2019 target.
#[derive(Clone, Debug, PartialEq)]
pub struct Gang {
    pub attackers: Vec<GangAttacker>,
    /// The target's name, for the answer.
    pub target_name: String,
    pub target: Profile,
    pub start: Markers,
    pub target_effort: GangEffort,
    pub goal: Goal,
    pub turns: u8,
    /// The target's other enemies in contact with it from the start, who do not attack.
    pub others_in_contact: u8,
    pub readings: Readings,
}

/// The target's ★ and ♦.
pub type State = (u8, u8);

/// What an attack's hits depend on (its dice and their target numbers), not the markers: the
/// markers only read the hits through the damage table.
type HitKey = (u32, SuccessMask, bool, SuccessMask, u32, SuccessMask);

/// The hit laws a build has worked out (each is walked once, however many states roll it).
#[derive(Default)]
pub struct Scratch {
    rolls: Rolls,
    hits: HashMap<HitKey, (Vec<(u32, u128)>, u128)>,
}

impl Gang {
    /// Enemy models in contact with the target when attacker `i` attacks in melee, itself
    /// included: the others there from the start, every melee attacker that attacked before it
    /// (in this turn, or in any earlier turn), and those written in contact from the start.
    pub fn enemies_in_contact(&self, i: usize, before: u64, turn: u8) -> u8 {
        let stays = |j: usize| {
            let a = &self.attackers[j];
            !a.is_ranged() && (turn > 0 || before >> j & 1 == 1 || a.in_contact)
        };
        1 + self.others_in_contact + (0..self.attackers.len()).filter(|&j| j != i && stays(j)).count() as u8
    }

    /// Attacker `i`'s own markers at the start of `turn`: its effort ★ stay on it, and each
    /// Recount removes one ★ (its effort is fixed, `none` or `max`, over several turns).
    fn attacker_markers(&self, i: usize, turn: u8) -> Markers {
        let a = &self.attackers[i];
        let mut m = a.start;
        for _ in 0..turn {
            if !a.is_ranged() && a.effort == GangEffort::Max {
                m.stun += effort_limit(&a.profile, m);
            }
            m.stun = m.stun.saturating_sub(1);
        }
        m
    }

    /// The effort each side may choose at attacker `i`'s attack on a target with markers `m`:
    /// the target's options first (it declares first, seed lines 1615–1621), then the attacker's.
    fn efforts(&self, i: usize, turn: u8, m: Markers) -> (Vec<u8>, Vec<u8>) {
        let a = &self.attackers[i];
        if a.is_ranged() {
            return (vec![0], vec![0]);
        }
        let options = |policy: GangEffort, limit: u8| match policy {
            GangEffort::None => vec![0],
            GangEffort::Max => vec![limit],
            GangEffort::Best => (0..=limit).collect(),
        };
        let t_limit = if is_ko(&self.target, m) { 0 } else { effort_limit(&self.target, m).min(a.profile.attack) };
        let a_limit = effort_limit(&a.profile, self.attacker_markers(i, turn));
        (options(self.target_effort, t_limit), options(a.effort, a_limit))
    }

    /// Attacker `i`'s attack with these efforts, ready to roll.
    fn attack(&self, i: usize, ctx: u16, m: Markers, t_eff: u8, a_eff: u8) -> Attack {
        let a = &self.attackers[i];
        let turn = (ctx >> 8) as u8;
        let setup = AttackSetup {
            attacker: a.profile.clone(),
            attacker_markers: self.attacker_markers(i, turn),
            weapon: a.weapon.clone(),
            target: self.target.clone(),
            target_markers: m,
            defense_mod: 0,
            melee: MeleeMods { attacker_effort: a_eff, target_effort: t_eff, enemies_in_contact: (ctx & 0xff) as u8 },
            ranged: a.ranged,
            readings: self.readings,
        };
        Attack::new(&setup).expect("the sequence's efforts are within their limits")
    }

    /// The Endurance check a K.O. target makes in the Recount (Special − 1 dice, keep the two
    /// lowest, pass if ≤ Endurance).
    fn recovery_check(&self) -> Check {
        Check::new(&CheckSetup {
            kind: CheckKind::Own,
            special: self.target.special,
            ko: true,
            enemy_effort: 0,
            value: self.target.endurance,
            readings: self.readings,
        })
    }
}

/// The target's markers after an attack rolled `o`, having made `t_eff` effort.
fn after(s: State, t_eff: u8, o: &crate::engine::Outcome) -> State {
    (s.0 + t_eff + o.metrics[metric::STUN] as u8, s.1 + o.metrics[metric::WOUNDS] as u8)
}

impl GangRules for Gang {
    type State = State;
    type Scratch = Scratch;
    type Roll = (Attack, u8);

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
        (self.start.stun, self.start.wounds)
    }
    /// The enemies in contact (melee only) and, over several turns, the turn (the attacker's own
    /// effort ★ change its effort limit from turn to turn).
    fn context(&self, i: usize, before: u64, turn: u8) -> u16 {
        let contact = if self.attackers[i].is_ranged() { 1 } else { self.enemies_in_contact(i, before, turn) };
        let turn = if self.turns > 1 { turn } else { 0 };
        (turn as u16) << 8 | contact as u16
    }
    /// Each effort pair's attack: its hits walked once per set of dice (the rules' own roll,
    /// [`Attack::run`]), then read through this state's damage table.
    fn play(&self, i: usize, ctx: u16, s: State, scratch: &mut Scratch) -> Result<Play<State>, NoExact> {
        let m = Markers { stun: s.0, wounds: s.1 };
        let (ts, as_) = self.efforts(i, (ctx >> 8) as u8, m);
        let mut options = Vec::with_capacity(ts.len());
        for &t in &ts {
            let mut answers = Vec::with_capacity(as_.len());
            for &a in &as_ {
                let attack = self.attack(i, ctx, m, t, a);
                let key = (
                    attack.attack_dice,
                    attack.impact,
                    attack.strength_die,
                    attack.strength,
                    attack.block_dice,
                    attack.block,
                );
                if !scratch.hits.contains_key(&key) {
                    let law = outcomes_exact(
                        &mut scratch.rolls,
                        |d| attack.run(d).metrics[metric::HITS] as u32,
                        Budget::EXPLICIT,
                    )?;
                    scratch.hits.insert(key, law);
                }
                let (hits, den) = &scratch.hits[&key];
                let mut items: Vec<(State, u128)> = Vec::with_capacity(hits.len());
                for &(h, w) in hits {
                    let d = attack.damage[h as usize];
                    let next = (s.0 + t + d.stun, s.1 + d.wounds);
                    match items.iter_mut().find(|(x, _)| *x == next) {
                        Some((_, n)) => *n += w,
                        None => items.push((next, w)),
                    }
                }
                answers.push(Law::new(items, *den));
            }
            options.push(answers);
        }
        Ok(Play { first: First::Target, options })
    }
    fn roll(&self, i: usize, ctx: u16, s: State, choice: [u8; 2]) -> (Attack, u8) {
        let m = Markers { stun: s.0, wounds: s.1 };
        let (ts, as_) = self.efforts(i, (ctx >> 8) as u8, m);
        let (t, a) = (ts[choice[0] as usize], as_[choice[1] as usize]);
        (self.attack(i, ctx, m, t, a), t)
    }
    fn sample<D: Dice>(&self, (attack, t): &(Attack, u8), s: State, dice: &mut D) -> State {
        after(s, *t, &attack.run(dice))
    }
    fn between_turns(&self, s: State, scratch: &mut Scratch) -> Result<Law<State>, NoExact> {
        if s.0 < self.target.willpower {
            return Ok(Law::certain((s.0.saturating_sub(1), s.1)));
        }
        let check = self.recovery_check();
        let (items, den) = outcomes_exact(
            &mut scratch.rolls,
            |d| if check.run(d).has(0) { (s.0 - 1, s.1) } else { s },
            Budget::EXPLICIT,
        )?;
        Ok(Law::new(items, den))
    }
    fn sample_between_turns<D: Dice>(&self, s: State, dice: &mut D) -> State {
        if s.0 < self.target.willpower {
            (s.0.saturating_sub(1), s.1)
        } else if self.recovery_check().run(dice).has(0) {
            (s.0 - 1, s.1)
        } else {
            s
        }
    }
    fn out(&self, s: State) -> Option<usize> {
        if s.1 >= self.target.endurance {
            return Some(self.ways().len() - 1);
        }
        (self.goal == Goal::OutOfAction && s.0 >= self.target.willpower).then_some(0)
    }
    fn ways(&self) -> &'static [&'static str] {
        match self.goal {
            Goal::OutOfAction => &["out_ko", "out_casualty"],
            Goal::Casualty => &["out_casualty"],
        }
    }
    fn damage(&self, s: State) -> u16 {
        (s.0.saturating_sub(self.start.stun) + s.1.saturating_sub(self.start.wounds)) as u16
    }
    fn max_damage(&self) -> u16 {
        (self.target.willpower + self.target.endurance) as u16
    }
    fn goal(&self) -> String {
        match self.goal {
            Goal::OutOfAction => format!("put {} out of action", self.target_name),
            Goal::Casualty => format!("make {} a casualty", self.target_name),
        }
    }
    fn between(&self) -> String {
        format!("{} takes no activation between the attackers: it only blocks and makes effort.", self.target_name)
    }
}
