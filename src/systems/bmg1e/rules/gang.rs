//! Many against one in the 2013 rules ([`Gang`]): several models attack one target in turn, its
//! markers, its Defense counters and its fall carried from attack to attack, the generic analysis
//! ([`crate::analysis::gang`]) searching the orders.
//!
//! What carries over, from the rules (`shared/rules/bmg-1e.md`, seed lines given):
//! - the target's ★ and ♦ (markers ≥ Endurance: K.O.; ♦ ≥ Endurance: casualty, L742–754) and
//!   the counters they cost it at once ("every 2 damage markers", L742; *Sturdy*, *Weak*,
//!   *Insensitive*): it loses the counters it cannot use against the attackers first (Attack,
//!   Movement), then Special, then Defense;
//! - its Defense counters, placed at the start of the round (as many as it may, or as many as
//!   the scenario says) and spent **after each impact roll**, as many as it chooses: "The player
//!   may decide if he wants to spend his DC in an attempt to block after the attacker has made the
//!   Impact Roll, but before the Damage roll. Thus, if the first attack received by a character
//!   wasn't successful, it will still be able to defend himself if it's attacked again during the
//!   rest of the round" (L632). So an attack has two steps ([`GangRules::stages`]): the impact
//!   roll, then the blocks and the damage, the impacts waiting in the state between them;
//! - a fall: knocked down by the collateral die, or K.O. (L754), the target cannot block and is
//!   impacted on 2+ for the rest of the round (L1908);
//! - *Power Armor*'s markers ignored so far (L1544);
//! - numbers in contact: a melee attacker comes into base contact to attack and stays; a target
//!   fighting at least 2 enemies in contact takes −1 Defense, flat (L596; a *Martial Artist*
//!   target ignores it, L1482; *Mobster*'s free strike, L1502);
//! - between turns, the Casualty Recount ([`recount`]), then the next round's counters: Willpower
//!   less the loss for its markers, one Movement counter first to stand up if it lies down and is
//!   not K.O. (L476; *Acrobat* free).

use super::attack::{Attack, Resolved};
use super::card::Card;
use super::counters::{available, place};
use super::markers::counters_lost;
use super::mods::{MeleeMods, RangedMods};
use super::readings::Readings;
use super::recount::recount;
use super::setup::{AttackSetup, SpecialAttack};
use super::weapon::{Weapon, WeaponKind};
use crate::analysis::gang::{GangRules, Law, Play};
use crate::dice::Dice;
use crate::exact::{Budget, NoExact, Rolls, outcomes_exact};
use crate::systems::batman::markers::Markers;

/// One attacker.
#[derive(Clone, Debug, PartialEq)]
pub struct GangAttacker {
    pub label: String,
    pub card: Card,
    pub weapon: Weapon,
    /// Attack counters it strikes with (melee; a shot's 2 AC are fixed).
    pub attack_counters: u8,
    /// The special attack it pays 1 Special counter for.
    pub special: SpecialAttack,
    /// A ranged attacker's circumstances (moved, obstacles, cover); the target never dodges.
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

/// Attackers against one 2013 target.
#[derive(Clone, Debug, PartialEq)]
pub struct Gang {
    pub attackers: Vec<GangAttacker>,
    /// The target's name, for the answer.
    pub target_name: String,
    pub target: Card,
    /// The target's weapon: its *Protective* and *Defensive* rules help its blocks.
    pub target_weapon: Weapon,
    pub start: Markers,
    /// The target lies on the ground when the first attacker comes.
    pub knocked_down: bool,
    /// Markers its *Power Armor* has already ignored.
    pub armor_spent: u8,
    /// The most Defense counters it places each round (its Defense, unless the scenario says).
    pub defense_counters: u8,
    pub goal: Goal,
    pub turns: u8,
    /// The target's other enemies in contact with it from the start, who do not attack.
    pub others_in_contact: u8,
    pub readings: Readings,
}

/// The target between two attacks, or in the middle of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    pub stun: u8,
    pub wounds: u8,
    /// Defense counters left this round.
    pub dc: u8,
    /// Special counters left (the Recovery Roll's dice, Power Armor's repair).
    pub sc: u8,
    /// Counters it cannot use against the attackers (Attack, Movement): lost to damage first.
    pub spare: u8,
    /// Lying on the ground: knocked down, or K.O.
    pub fallen: bool,
    /// Markers its Power Armor has ignored.
    pub armor: u8,
    /// Impacts rolled, waiting for the target's blocks (0: between attacks).
    pub impacts: u8,
}

impl State {
    fn markers(&self) -> Markers {
        Markers { stun: self.stun, wounds: self.wounds }
    }
}

/// One step of an attack ready to roll: see [`GangRules::roll`].
#[derive(Clone, Debug)]
pub enum Step {
    /// The whole attack, the target unable to block (a shot, a fallen or K.O. target, no DC).
    Whole(Attack),
    /// The impact roll; the blocks and the damage wait for the target's answer.
    Impacts(Attack),
    /// The blocks with this many Defense counters spent, then the damage.
    Blocks(Attack, u8),
}

impl Gang {
    fn ko(&self, m: Markers) -> bool {
        m.stun + m.wounds >= self.target.endurance
    }

    /// The target at the start of a round with markers `m`: its counters (none when K.O.), one
    /// Movement counter spent first to stand up if it lies down (`stand`), then Defense up to
    /// [`Gang::defense_counters`], Special, Movement (seed L326–364, L476).
    fn round_start(&self, m: Markers, fallen: bool, armor: u8, stand: bool) -> State {
        let c = &self.target;
        let ko = self.ko(m);
        let avail = if ko { 0 } else { available(c, m) };
        let stands = stand && fallen && !ko && (c.traits.acrobat || (avail > 0 && c.movement > 0));
        let mut plan = place(c, avail, 0, self.defense_counters, stands && !c.traits.acrobat);
        if stands && !c.traits.acrobat {
            plan.mc -= 1;
        }
        State {
            stun: m.stun,
            wounds: m.wounds,
            dc: plan.dc,
            sc: plan.sc,
            spare: plan.ac + plan.mc,
            fallen: fallen && !stands,
            armor,
            impacts: 0,
        }
    }

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

    /// Attacker `i`'s attack on the target in state `s`, the target holding `dc` Defense
    /// counters for its blocks; `outnumbered`: numerical inferiority.
    fn attack(&self, i: usize, outnumbered: bool, s: State, dc: u8) -> Attack {
        let a = &self.attackers[i];
        let setup = AttackSetup {
            attacker: a.card.clone(),
            weapon: a.weapon.clone(),
            target: self.target.clone(),
            target_weapon: self.target_weapon.clone(),
            target_markers: s.markers(),
            target_knocked_down: s.fallen && !self.ko(s.markers()),
            target_armor_spent: s.armor,
            special_attack: a.special,
            melee: MeleeMods {
                attack_counters: a.attack_counters,
                defense_counters: dc,
                numerical_inferiority: outnumbered,
                ..MeleeMods::default()
            },
            ranged: a.ranged.clone(),
            readings: self.readings,
        };
        Attack::new(&setup).expect("a sequence's attacks are checked when the scenario is read")
    }

    /// The first step of attacker `i`'s attack on a target in state `s` (between attacks).
    fn first_step(&self, i: usize, ctx: u16, s: State) -> Step {
        let attack = self.attack(i, ctx == 1, s, s.dc);
        if attack.block_dice == 0 { Step::Whole(attack) } else { Step::Impacts(attack) }
    }

    /// The state after an attack resolved `r` on a target in state `s` that spent `spent`
    /// Defense counters on it: the markers, the fall, the counters the damage costs.
    fn after(&self, s: State, r: Resolved, spent: u8) -> State {
        let c = &self.target;
        let m = r.applied.markers;
        let mut t = State {
            stun: m.stun,
            wounds: m.wounds,
            dc: s.dc - spent,
            sc: s.sc,
            spare: s.spare,
            // Knocked down by the collateral die; a K.O. model lies down too (seed L754).
            fallen: s.fallen || r.knocked_down || r.applied.ko,
            armor: r.armor_spent,
            impacts: 0,
        };
        if r.applied.ko {
            // "he loses all of its remaining Action Counters" (seed L754).
            (t.dc, t.sc, t.spare) = (0, 0, 0);
            return t;
        }
        let mut lost = counters_lost(c, m.stun + m.wounds).saturating_sub(counters_lost(c, s.stun + s.wounds));
        for slot in [&mut t.spare, &mut t.sc, &mut t.dc] {
            let k = (*slot).min(lost);
            *slot -= k;
            lost -= k;
        }
        t
    }

    /// The Casualty Recount and the next round's counters, on a target in state `s`.
    fn next_round<D: Dice>(&self, s: State, dice: &mut D) -> State {
        let (mut m, mut armor, mut sc) = (s.markers(), s.armor, s.sc);
        recount(&self.target, &mut m, s.fallen, &mut armor, &mut sc, dice);
        self.round_start(m, s.fallen, armor, true)
    }
}

impl GangRules for Gang {
    type State = State;
    type Scratch = Rolls;
    type Roll = Step;

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
        self.round_start(self.start, self.knocked_down, self.armor_spent, false)
    }
    fn stages(&self) -> u8 {
        2
    }
    fn stage(&self, s: State) -> u8 {
        (s.impacts > 0) as u8
    }
    /// Numerical inferiority (1) or not (0): a melee attack on a target fighting at least two
    /// enemies in contact.
    fn context(&self, i: usize, before: u64, turn: u8) -> u16 {
        (!self.attackers[i].is_ranged() && self.enemies_in_contact(i, before, turn) >= 2) as u16
    }
    /// The impact roll, with the impacts left waiting for the blocks (or the whole attack when
    /// the target cannot block); then each number of Defense counters the target may spend on
    /// the impacts rolled, with the rest of the attack.
    fn play(&self, i: usize, ctx: u16, s: State, rolls: &mut Rolls) -> Result<Play<State>, NoExact> {
        if s.impacts == 0 {
            let law = match self.first_step(i, ctx, s) {
                Step::Whole(attack) => outcomes_exact(
                    rolls,
                    |d| self.after(s, attack.resolve_from(d, s.markers(), s.armor).1, 0),
                    Budget::EXPLICIT,
                )?,
                Step::Impacts(attack) => outcomes_exact(
                    rolls,
                    |d| {
                        let n = attack.roll_impacts(d) as u8;
                        if n == 0 { s } else { State { impacts: n, ..s } }
                    },
                    Budget::EXPLICIT,
                )?,
                Step::Blocks(..) => unreachable!("a first step never blocks"),
            };
            return Ok(Play::only(Law::new(law.0, law.1)));
        }
        let mut options = Vec::with_capacity(s.dc as usize + 1);
        for k in 0..=s.dc {
            let attack = self.attack(i, ctx == 1, s, k);
            let (items, den) = outcomes_exact(
                rolls,
                |d| {
                    let r = attack.resolve_impacts(d, s.impacts as u32, attack.block_dice, s.markers(), s.armor).1;
                    self.after(State { impacts: 0, ..s }, r, k)
                },
                Budget::EXPLICIT,
            )?;
            options.push(vec![Law::new(items, den)]);
        }
        Ok(Play { first: crate::analysis::gang::First::Target, options })
    }
    fn roll(&self, i: usize, ctx: u16, s: State, choice: [u8; 2]) -> Step {
        if s.impacts == 0 {
            self.first_step(i, ctx, s)
        } else {
            Step::Blocks(self.attack(i, ctx == 1, s, choice[0]), choice[0])
        }
    }
    fn sample<D: Dice>(&self, step: &Step, s: State, dice: &mut D) -> State {
        match step {
            Step::Whole(attack) => self.after(s, attack.resolve_from(dice, s.markers(), s.armor).1, 0),
            Step::Impacts(attack) => {
                let n = attack.roll_impacts(dice) as u8;
                if n == 0 { s } else { State { impacts: n, ..s } }
            }
            Step::Blocks(attack, k) => {
                let r = attack.resolve_impacts(dice, s.impacts as u32, attack.block_dice, s.markers(), s.armor).1;
                self.after(State { impacts: 0, ..s }, r, *k)
            }
        }
    }
    fn between_turns(&self, s: State, rolls: &mut Rolls) -> Result<Law<State>, NoExact> {
        let (items, den) = outcomes_exact(rolls, |d| self.next_round(s, d), Budget::EXPLICIT)?;
        Ok(Law::new(items, den))
    }
    fn sample_between_turns<D: Dice>(&self, s: State, dice: &mut D) -> State {
        self.next_round(s, dice)
    }
    fn out(&self, s: State) -> Option<usize> {
        if s.impacts > 0 {
            return None;
        }
        if s.wounds >= self.target.endurance {
            return Some(self.ways().len() - 1);
        }
        (self.goal == Goal::OutOfAction && self.ko(s.markers())).then_some(0)
    }
    fn ways(&self) -> &'static [&'static str] {
        match self.goal {
            Goal::OutOfAction => &["out_ko", "out_casualty"],
            Goal::Casualty => &["out_casualty"],
        }
    }
    /// Markers added since the start (a ♦ that replaces a ★ after K.O. adds none).
    fn damage(&self, s: State) -> u16 {
        ((s.stun + s.wounds) as u16).saturating_sub((self.start.stun + self.start.wounds) as u16)
    }
    fn max_damage(&self) -> u16 {
        self.target.endurance as u16
    }
    fn goal(&self) -> String {
        match self.goal {
            Goal::OutOfAction => format!("put {} out of action", self.target_name),
            Goal::Casualty => format!("make {} a casualty", self.target_name),
        }
    }
    fn between(&self) -> String {
        format!(
            "{} takes no activation between the attackers: it only blocks, spending its Defense counters after each impact roll.",
            self.target_name
        )
    }
}
