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
//! Recount that leaves a side K.O. or removed. Metrics match the BMG 2019 duel.

use super::counters::{Plan, available, place};
use super::procedures::{Check, CheckKind, bag_counters};
use super::{
    Attack, AttackSetup, Card, MeleeMods, POWER_ARMOR_MARKERS, RangedMods, Readings, RuleError, SpecialAttack, Weapon,
    counters_lost, metric as attack_metric,
};
use crate::dice::{Dice, uniform_below};
use crate::engine::{Outcome, Shape, Trial};
use crate::systems::bmg3e::rules::Markers;
use crate::systems::bmg3e::rules::duel::{DUEL_EVENTS, event, metric};

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

/// Metric names of a 2013 duel.
pub const METRICS: [&str; 7] = ["rounds", "a_dealt", "b_dealt", "a_ko_round", "b_ko_round", "a_strikes", "b_strikes"];

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

impl Trial for Duel {
    fn shape(&self) -> Shape {
        let r = self.rounds as usize;
        Shape {
            metrics: vec![
                ("rounds", r),
                ("a_dealt", 3 * self.f[1].card.endurance as usize),
                ("b_dealt", 3 * self.f[0].card.endurance as usize),
                ("a_ko_round", r),
                ("b_ko_round", r),
                ("a_strikes", r * 8),
                ("b_strikes", r * 8),
            ],
            events: DUEL_EVENTS.to_vec(),
            ratios: vec![(metric::A_DEALT, metric::ROUNDS), (metric::B_DEALT, metric::ROUNDS)],
        }
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let mut m = [self.f[0].start, self.f[1].start];
        let mut bag = [self.bag[0] as u32, self.bag[1] as u32];
        let (mut dealt, mut strikes, mut down_round) = ([0u32; 2], [0u32; 2], [0u16; 2]);
        let mut fallen = [false; 2];
        let mut armor = [0u8; 2];
        let mut rounds = 0u16;
        let mut a_first = false;
        for round in 1..=self.rounds as u16 {
            // The game is over when the bag is empty (seed L316).
            if bag[0] + bag[1] == 0 {
                break;
            }
            rounds = round;
            let leader = if uniform_below(dice, bag[0] + bag[1]) < bag[0] { 0 } else { 1 };
            bag[leader] -= 1;
            if round == 1 {
                a_first = leader == 0;
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
                dealt[s] += (applied.stun_added + applied.wounds_added) as u32;
                m[o] = applied.markers;
                armor[o] = r.armor_spent;
                if down_round[s] == 0 && (applied.ko || applied.casualty) {
                    down_round[s] = round;
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
                    let check =
                        Check { kind: CheckKind::Endurance, value: card.endurance, reroll: card.traits.resilient };
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
            if (0..2).any(|s| self.ko(s, m[s]) || self.casualty(s, m[s])) {
                break;
            }
        }
        let down = [self.ko(0, m[0]), self.ko(1, m[1])];
        let mut o = Outcome::default();
        o.metrics[metric::ROUNDS] = rounds;
        o.metrics[metric::A_DEALT] = dealt[0] as u16;
        o.metrics[metric::B_DEALT] = dealt[1] as u16;
        o.metrics[metric::A_KO_ROUND] = down_round[0];
        o.metrics[metric::B_KO_ROUND] = down_round[1];
        o.metrics[5] = strikes[0] as u16;
        o.metrics[6] = strikes[1] as u16;
        o.flag(event::A_WINS, down[1] && !down[0]);
        o.flag(event::B_WINS, down[0] && !down[1]);
        o.flag(event::DRAW, down[0] == down[1]);
        o.flag(event::B_CASUALTY, self.casualty(1, m[1]));
        o.flag(event::A_CASUALTY, self.casualty(0, m[0]));
        o.flag(event::A_INITIATIVE, a_first);
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::D6Stream;
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
