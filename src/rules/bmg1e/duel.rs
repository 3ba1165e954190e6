//! A BMG 2013 duel over several rounds.
//!
//! Each round: a counter drawn from the Take-the-Lead bag (⌈rounds / 2⌉ counters each) says who
//! leads; each character generates Willpower counters less one per 2 markers (*Insensitive*,
//! *Sturdy*, *Weak*) and splits them between Attack and Defense by its policy; the leader
//! attacks with its AC against the other's DC, and the other, if still up, strikes back with the
//! AC it has left after losing counters to the damage (unspent ones first). Casualty Recount:
//! a K.O. character makes an Endurance roll to remove one ★; any other with ★ rolls one die plus
//! one per unspent Special counter, each 4+ removing one ★. The duel ends at the round limit, or
//! after a Recount that leaves a side K.O. or removed. Metrics match the BMG 2019 duel.

use super::counters::available;
use super::procedures::{Check, CheckKind};
use super::{Attack, AttackSetup, Card, MeleeMods, RangedMods, Readings, RuleError, Weapon, counters_lost};
use crate::dice::{Dice, uniform_below};
use crate::engine::{Outcome, Shape, Trial};
use crate::rules::bmg3e::Markers;
use crate::rules::bmg3e::duel::{DUEL_EVENTS, event, metric};

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
}

/// Attacks from one side to the other for every (AC, DC, target markers).
#[derive(Clone, Debug, PartialEq)]
struct Table {
    attacks: Vec<Option<Attack>>,
    dc_n: usize,
    e: usize,
}

impl Table {
    fn build(from: &Fighter, to: &Fighter, r: Readings) -> Result<Table, RuleError> {
        let (ac_n, dc_n, e) = (from.card.attack as usize + 1, to.card.defense as usize + 1, to.card.endurance as usize);
        let mut attacks = Vec::with_capacity(ac_n * dc_n * (e + 1) * e);
        for ac in 0..ac_n {
            for dc in 0..dc_n {
                for stun in 0..=e {
                    for wounds in 0..e {
                        let m = Markers { stun: stun as u8, wounds: wounds as u8 };
                        attacks.push(if stun + wounds > e {
                            None
                        } else {
                            Some(Attack::new(&AttackSetup {
                                attacker: from.card.clone(),
                                weapon: from.weapon.clone(),
                                target: to.card.clone(),
                                target_weapon: to.weapon.clone(),
                                target_markers: m,
                                target_knocked_down: false,
                                melee: MeleeMods {
                                    attack_counters: ac as u8,
                                    defense_counters: dc as u8,
                                    ..MeleeMods::default()
                                },
                                ranged: RangedMods::default(),
                                readings: r,
                            })?)
                        });
                    }
                }
            }
        }
        Ok(Table { attacks, dc_n, e })
    }

    fn get(&self, ac: u8, dc: u8, m: Markers) -> &Attack {
        let i = ((ac as usize * self.dc_n + dc as usize) * (self.e + 1) + m.stun as usize) * self.e + m.wounds as usize;
        self.attacks[i].as_ref().expect("markers within Endurance")
    }
}

/// A ready-to-run duel.
#[derive(Clone, Debug, PartialEq)]
pub struct Duel {
    f: [Fighter; 2],
    tables: [Table; 2],
    rounds: u8,
}

/// Metric names of a 2013 duel.
pub const METRICS: [&str; 7] = ["rounds", "a_dealt", "b_dealt", "a_ko_round", "b_ko_round", "a_strikes", "b_strikes"];

impl Duel {
    /// Precompute both sides' attacks.
    pub fn new(a: Fighter, b: Fighter, rounds: u8, r: Readings) -> Result<Duel, RuleError> {
        let tables = [Table::build(&a, &b, r)?, Table::build(&b, &a, r)?];
        Ok(Duel { f: [a, b], tables, rounds })
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
        let mut bag = [self.rounds.div_ceil(2) as u32; 2];
        let (mut dealt, mut strikes, mut down_round) = ([0u32; 2], [0u32; 2], [0u16; 2]);
        let mut rounds = 0u16;
        let mut a_first = false;
        for round in 1..=self.rounds as u16 {
            rounds = round;
            let leader = if uniform_below(dice, bag[0] + bag[1]) < bag[0] { 0 } else { 1 };
            bag[leader] -= 1;
            if round == 1 {
                a_first = leader == 0;
            }
            let avail = [available(&self.f[0].card, m[0]), available(&self.f[1].card, m[1])];
            let mut split =
                [self.f[0].split.split(&self.f[0].card, avail[0]), self.f[1].split.split(&self.f[1].card, avail[1])];
            let mut unspent = [avail[0] - split[0].0 - split[0].1, avail[1] - split[1].0 - split[1].1];
            for s in [leader, 1 - leader] {
                let o = 1 - s;
                if self.ko(s, m[s]) || self.casualty(o, m[o]) || split[s].0 == 0 {
                    continue;
                }
                let before = m[o];
                let (_, applied) = self.tables[s].get(split[s].0, split[o].1, m[o]).resolve(dice);
                strikes[s] += split[s].0 as u32;
                dealt[s] += (applied.stun_added + applied.wounds_added) as u32;
                m[o] = applied.markers;
                if down_round[s] == 0 && (applied.ko || applied.casualty) {
                    down_round[s] = round;
                }
                // Counters lost to the damage: unspent ones first, then Attack counters.
                let card = &self.f[o].card;
                let lost = counters_lost(card, m[o].stun + m[o].wounds)
                    .saturating_sub(counters_lost(card, before.stun + before.wounds));
                let from_unspent = lost.min(unspent[o]);
                unspent[o] -= from_unspent;
                split[o].0 = split[o].0.saturating_sub(lost - from_unspent);
            }
            // Casualty Recount.
            for s in 0..2 {
                let card = &self.f[s].card;
                if self.casualty(s, m[s]) || m[s].stun == 0 {
                    continue;
                }
                if self.ko(s, m[s]) {
                    let check =
                        Check { kind: CheckKind::Endurance, value: card.endurance, reroll: card.traits.resilient };
                    if check.resolve(dice).1 {
                        m[s].stun -= 1;
                    }
                } else {
                    let special = card.special.min(unspent[s]);
                    let mut removed = 0;
                    for _ in 0..1 + special {
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
    use crate::rules::bmg1e::tests::card;

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
        };
        let weak = Fighter {
            card: card(4, 3, 3, 4, 5),
            weapon: Weapon::unarmed(),
            start: Markers::default(),
            split: Split::AttackFirst,
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
