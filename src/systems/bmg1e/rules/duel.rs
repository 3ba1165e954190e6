//! A BMG 2013 duel over several rounds.
//!
//! Before round 1 both players put their share of the round limit (⌈rounds / 2⌉ each) in the
//! Take-the-Lead bag, +1 per *Mastermind* and +1 for *Perfect Plan* on their side, −1 per enemy
//! *Kaos Agent* (seed L312, L1494, L1040, L1430). Each round one counter is drawn; its owner
//! leads and activates first; the game ends when the bag is empty or at the round limit (L316).
//! Each character generates Willpower counters less one per 2 markers (*Insensitive*, *Sturdy*,
//! *Weak*); a knocked-down character puts 1 Movement counter aside to stand up (L476; *Acrobat*
//! free), then splits the rest between Attack and Defense by its policy, the remainder on
//! Special, then Movement ([`place`]). In its activation a fallen character stands up first; one
//! that cannot (no MC) does not attack (L1908). A special attack costs 1 SC. The leader attacks
//! with its AC against the other's DC — none if the other is down, and then it is impacted on 2+
//! — and the other, if still up, strikes back with the AC it has left after losing counters to
//! the damage. The collateral die knocks the target down. *Power Armor* ignores 3 markers in
//! total until repaired. Casualty Recount: a K.O. character makes an Endurance roll to remove one
//! ★ (it stays lying down); a character whose Power Armor is used up repairs it with 2 SC instead
//! of its Recovery Roll; any other with ★ rolls one die plus one per unspent Special counter,
//! each 4+ removing one ★. The duel ends at the round limit, when the bag is empty, or after a
//! Recount that leaves a side K.O. or removed. The round loop and the outcome layout are the shared
//! duel driver's ([`crate::analysis::duel`]), as for every system's duel; the per-side count is the
//! Attack counters struck with.

use super::counters::{Plan, available, place};
use super::procedures::{Check, CheckKind, bag_counters};
use super::{
    Attack, AttackSetup, Card, MeleeMods, POWER_ARMOR_MARKERS, RangedMods, Readings, RuleError, SpecialAttack, Weapon,
    counters_lost, metric as attack_metric,
};
use crate::analysis::duel::{DuelRules, Maxima, Record};
use crate::dice::{Dice, uniform_below};
use crate::systems::bmg3e::rules::Markers;
use std::ops::ControlFlow;

/// How a character splits its counters each round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Split {
    /// As many Attack counters as it may, the rest on Defense.
    AttackFirst,
    /// Half on Attack (rounded up), the rest on Defense.
    Balanced,
    /// As many Defense counters as it may, the rest on Attack.
    DefendFirst,
}

impl Split {
    /// Config names.
    pub const ALL: [(&'static str, Split); 3] =
        [("attack_first", Split::AttackFirst), ("balanced", Split::Balanced), ("defend_first", Split::DefendFirst)];

    /// (AC, DC) for `avail` counters.
    pub fn split(self, c: &Card, avail: u8) -> (u8, u8) {
        match self {
            Split::AttackFirst => {
                let ac = c.attack.min(avail);
                (ac, c.defense.min(avail - ac))
            }
            Split::DefendFirst => {
                let dc = c.defense.min(avail);
                (c.attack.min(avail - dc), dc)
            }
            Split::Balanced => {
                let ac = c.attack.min(avail.div_ceil(2));
                let dc = c.defense.min(avail - ac);
                (c.attack.min(avail - dc), dc)
            }
        }
    }
}

/// One side of a duel.
#[derive(Clone, Debug, PartialEq)]
pub struct Fighter {
    pub card: Card,
    pub weapon: Weapon,
    pub start: Markers,
    pub split: Split,
    /// The special attack it makes whenever it has a Special counter for it.
    pub special: SpecialAttack,
    /// Its side took the *Perfect Plan* strategy (+1 Take-the-Lead counter, seed L1040).
    pub perfect_plan: bool,
}

/// Attacks from one side to the other for every (AC, DC, target down, special used).
#[derive(Clone, Debug, PartialEq)]
struct Table {
    attacks: Vec<Attack>,
    dc_n: usize,
}

impl Table {
    fn build(from: &Fighter, to: &Fighter, r: Readings) -> Result<Table, RuleError> {
        let (ac_n, dc_n) = (from.card.attack as usize + 1, to.card.defense as usize + 1);
        let mut attacks = Vec::with_capacity(ac_n * dc_n * 4);
        for ac in 0..ac_n {
            for dc in 0..dc_n {
                for down in [false, true] {
                    for special in [false, true] {
                        attacks.push(Attack::new(&AttackSetup {
                            attacker: from.card.clone(),
                            weapon: from.weapon.clone(),
                            target: to.card.clone(),
                            target_weapon: to.weapon.clone(),
                            target_markers: Markers::default(),
                            target_knocked_down: down,
                            target_armor_spent: 0,
                            special_attack: if special { from.special } else { SpecialAttack::None },
                            melee: MeleeMods {
                                attack_counters: ac as u8,
                                defense_counters: dc as u8,
                                ..MeleeMods::default()
                            },
                            ranged: RangedMods::default(),
                            readings: r,
                        })?);
                    }
                }
            }
        }
        Ok(Table { attacks, dc_n })
    }

    fn get(&self, ac: u8, dc: u8, down: bool, special: bool) -> &Attack {
        &self.attacks[((ac as usize * self.dc_n + dc as usize) * 2 + down as usize) * 2 + special as usize]
    }
}

/// A ready-to-run duel.
#[derive(Clone, Debug, PartialEq)]
pub struct Duel {
    f: [Fighter; 2],
    tables: [Table; 2],
    rounds: u8,
    /// Take-the-Lead counters of A and B.
    bag: [u8; 2],
}

impl Duel {
    /// Precompute both sides' attacks and the Take-the-Lead bag.
    pub fn new(a: Fighter, b: Fighter, rounds: u8, r: Readings) -> Result<Duel, RuleError> {
        let tables = [Table::build(&a, &b, r)?, Table::build(&b, &a, r)?];
        let share = rounds.div_ceil(2);
        let bag = [
            bag_counters(share, a.card.traits.mastermind as u8, a.perfect_plan, b.card.traits.kaos_agent as u8),
            bag_counters(share, b.card.traits.mastermind as u8, b.perfect_plan, a.card.traits.kaos_agent as u8),
        ];
        Ok(Duel { f: [a, b], tables, rounds, bag })
    }

    /// Take-the-Lead counters of A and B.
    pub fn bag(&self) -> [u8; 2] {
        self.bag
    }

    fn ko(&self, s: usize, m: Markers) -> bool {
        m.stun + m.wounds >= self.f[s].card.endurance
    }

    fn casualty(&self, s: usize, m: Markers) -> bool {
        m.wounds >= self.f[s].card.endurance
    }
}

/// What one duel changes as it goes.
#[derive(Clone, Copy, Debug)]
pub struct DuelState {
    m: [Markers; 2],
    /// Take-the-Lead counters left in the bag.
    bag: [u32; 2],
    /// Attack counters each side struck with.
    strikes: [u32; 2],
    /// Lying down (knocked down, or K.O.).
    fallen: [bool; 2],
    /// Markers each side's *Power Armor* has ignored since its last repair.
    armor: [u8; 2],
}

/// The shared duel driver ([`crate::analysis::duel`]) runs the rounds and records the outcome;
/// this supplies the 2013 round (bag draw, counters, activations, Casualty Recount), the end when
/// the bag is empty, "down" (K.O., which a casualty is too) and the strikes.
impl DuelRules for Duel {
    type State = DuelState;
    const EXTRA: [&'static str; 2] = ["a_strikes", "b_strikes"];

    fn round_limit(&self) -> u8 {
        self.rounds
    }

    fn maxima(&self) -> Maxima {
        Maxima {
            dealt: [3 * self.f[1].card.endurance as usize, 3 * self.f[0].card.endurance as usize],
            extra: self.rounds as usize * 8,
        }
    }

    fn start<D: Dice>(&self, _dice: &mut D, _rec: &mut Record) -> DuelState {
        DuelState {
            m: [self.f[0].start, self.f[1].start],
            bag: [self.bag[0] as u32, self.bag[1] as u32],
            strikes: [0; 2],
            fallen: [false; 2],
            armor: [0; 2],
        }
    }

    /// The game is over when the bag is empty (seed L316).
    fn round_can_start(&self, st: &DuelState) -> bool {
        st.bag[0] + st.bag[1] > 0
    }

    #[inline]
    fn play_round<D: Dice>(&self, st: &mut DuelState, round: u16, dice: &mut D, rec: &mut Record) -> ControlFlow<()> {
        let DuelState { m, bag, strikes, fallen, armor } = st;
        let leader = if uniform_below(dice, bag[0] + bag[1]) < bag[0] { 0 } else { 1 };
        bag[leader] -= 1;
        if round == 1 {
            rec.first_in_round_one(leader);
        }
        let mut plan = [Plan::default(); 2];
        for s in 0..2 {
            let c = &self.f[s].card;
            let avail = available(c, m[s]);
            let stand = fallen[s] && !c.traits.acrobat && avail > 0 && c.movement > 0;
            let (ac, dc) = self.f[s].split.split(c, avail - stand as u8);
            plan[s] = place(c, avail, ac, dc, stand);
        }
        for s in [leader, 1 - leader] {
            let o = 1 - s;
            if self.ko(s, m[s]) || self.casualty(o, m[o]) {
                continue;
            }
            if fallen[s] {
                if !plan[s].stand_up(&self.f[s].card) {
                    continue;
                }
                fallen[s] = false;
            }
            if plan[s].ac == 0 {
                continue;
            }
            let special = plan[s].pay_special(self.f[s].special);
            let attack = self.tables[s].get(plan[s].ac, plan[o].dc, fallen[o], special);
            let before = m[o];
            let (out, r) = attack.resolve_from(dice, m[o], armor[o]);
            strikes[s] += plan[s].ac as u32;
            plan[s].ac = 0;
            if out.metrics[attack_metric::IMPACTS] > 0 && !fallen[o] {
                // The block dice were rolled: those Defense counters are spent.
                plan[o].dc = 0;
            }
            let applied = r.applied;
            rec.deal(s, (applied.stun_added + applied.wounds_added) as u32);
            m[o] = applied.markers;
            armor[o] = r.armor_spent;
            if applied.ko || applied.casualty {
                rec.put_down(s, round);
            }
            // Knocked down by the collateral die; a K.O. model lies down too (seed L754).
            if r.knocked_down || applied.ko {
                fallen[o] = true;
            }
            if applied.ko {
                // "he loses all of its remaining Action Counters" (seed L754).
                plan[o] = Plan::default();
            } else {
                let card = &self.f[o].card;
                let lost = counters_lost(card, m[o].stun + m[o].wounds)
                    .saturating_sub(counters_lost(card, before.stun + before.wounds));
                plan[o].lose(lost, fallen[o]);
            }
        }
        // Casualty Recount.
        for s in 0..2 {
            let card = &self.f[s].card;
            if self.casualty(s, m[s]) {
                continue;
            }
            if self.ko(s, m[s]) {
                if m[s].stun == 0 {
                    continue;
                }
                let check = Check { kind: CheckKind::Endurance, value: card.endurance, reroll: card.traits.resilient };
                if check.resolve(dice).1 {
                    // Recovers from K.O. but stays lying down (seed L802).
                    m[s].stun -= 1;
                }
            } else if card.traits.power_armor && armor[s] >= POWER_ARMOR_MARKERS && plan[s].sc >= 2 {
                // Repair instead of the Recovery Roll (seed L1544).
                plan[s].sc -= 2;
                armor[s] = 0;
            } else if m[s].stun > 0 {
                let mut removed = 0;
                for _ in 0..1 + plan[s].sc {
                    removed += (dice.d6() >= 4) as u8;
                }
                m[s].stun -= removed.min(m[s].stun);
            }
        }
        ControlFlow::Continue(())
    }

    /// K.O. (a casualty is K.O. too): the round after which a side is down ends the duel.
    fn out(&self, st: &DuelState, side: usize) -> bool {
        self.ko(side, st.m[side])
    }

    fn casualty(&self, st: &DuelState, side: usize) -> bool {
        self.casualty(side, st.m[side])
    }

    fn extra(&self, st: &DuelState) -> [u16; 2] {
        [st.strikes[0] as u16, st.strikes[1] as u16]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::duel::{event, metric};
    use crate::dice::D6Stream;
    use crate::engine::Trial;
    use crate::systems::bmg1e::rules::tests::card;

    #[test]
    fn splits() {
        let c = card(6, 5, 5, 3, 8);
        assert_eq!(Split::AttackFirst.split(&c, 6), (5, 1));
        assert_eq!(Split::DefendFirst.split(&c, 6), (1, 5));
        assert_eq!(Split::Balanced.split(&c, 6), (3, 3));
        assert_eq!(Split::Balanced.split(&c, 3), (2, 1));
    }

    #[test]
    fn duel_invariants_and_a_stronger_card_wins_more() {
        let strong = Fighter {
            card: card(6, 5, 5, 3, 8),
            weapon: Weapon::unarmed(),
            start: Markers::default(),
            split: Split::AttackFirst,
            special: SpecialAttack::None,
            perfect_plan: false,
        };
        let weak = Fighter {
            card: card(4, 3, 3, 4, 5),
            weapon: Weapon::unarmed(),
            start: Markers::default(),
            split: Split::AttackFirst,
            special: SpecialAttack::None,
            perfect_plan: false,
        };
        let d = Duel::new(strong, weak, 6, Readings::default()).unwrap();
        let mut dice = D6Stream::from_seed(9);
        let (mut a, mut b) = (0, 0);
        for _ in 0..20_000 {
            let o = d.run(&mut dice);
            assert_eq!(o.has(event::A_WINS) as u8 + o.has(event::B_WINS) as u8 + o.has(event::DRAW) as u8, 1);
            assert!((1..=6).contains(&o.metrics[metric::ROUNDS]));
            a += o.has(event::A_WINS) as u32;
            b += o.has(event::B_WINS) as u32;
        }
        assert!(a > 5 * b, "Batman-like card should dominate ({a} vs {b})");
    }
}
