//! Action counters in a melee exchange: A attacks B, then B (if still standing) strikes back.
//!
//! Each side splits its counters between Attack (AC, strikes) and Defense (DC, block dice)
//! before the round; counters beyond those go to Special first, then Movement ([`place`]).
//! Damage costs counters at once — one per 2 markers (*Insensitive* none, *Sturdy* per 3,
//! *Weak* per 1) — so A's attack can take away B's strikes before B uses them ([`Plan::lose`]).
//! A knocked-down B must spend 1 Movement counter to stand up before it can strike back
//! (seed L476, L1908; *Acrobat*: free, L1188). A special attack (*Precise Blow*, *Devastating
//! Blow*) costs 1 Special counter (seed L1736, L1752).

use super::attack::Attack;
use super::card::Card;
use super::markers::counters_lost;
use super::mods::{MeleeMods, RangedMods};
use super::readings::Readings;
use super::rule_error::RuleError;
use super::setup::{AttackSetup, SpecialAttack};
use super::weapon::Weapon;
use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};
use crate::systems::batman::markers::Markers;

/// Counters a character generates this round: Willpower minus the loss for its markers.
pub fn available(c: &Card, m: Markers) -> u8 {
    c.willpower.saturating_sub(counters_lost(c, m.stun + m.wounds))
}

/// Every split of `counters` into (AC, DC) that uses as many counters as the limits allow,
/// with AC ≤ Attack and DC ≤ Defense.
pub fn full_splits(c: &Card, counters: u8) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    for ac in 0..=c.attack.min(counters) {
        let dc = c.defense.min(counters - ac);
        if ac + dc == counters.min(c.attack + c.defense) {
            out.push((ac, dc));
        }
    }
    out
}

/// The counters on a character card this round (seed L326–364).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Plan {
    pub ac: u8,
    pub dc: u8,
    pub mc: u8,
    pub sc: u8,
}

/// Place `avail` counters: `stand_up` puts 1 Movement counter aside first (a knocked-down model
/// stands up with it, seed L476), then AC and DC as split, then Special up to the card's
/// Special, then Movement up to its Movement; counters that fit nowhere are not placed.
pub fn place(c: &Card, avail: u8, ac: u8, dc: u8, stand_up: bool) -> Plan {
    let mut rest = avail;
    let mut mc = 0;
    if stand_up && rest > 0 && c.movement > 0 {
        mc = 1;
        rest -= 1;
    }
    let ac = ac.min(rest).min(c.attack);
    rest -= ac;
    let dc = dc.min(rest).min(c.defense);
    rest -= dc;
    let sc = rest.min(c.special_counters());
    rest -= sc;
    mc += rest.min(c.movement.saturating_sub(mc));
    Plan { ac, dc, mc, sc }
}

impl Plan {
    /// Lose `n` counters at once for damage (seed L742: the owner chooses which): Special first,
    /// then Movement — one kept for as long as possible when `keep_mc` (to stand up) — then
    /// Attack, then Defense, then the kept Movement counter.
    pub fn lose(&mut self, mut n: u8, keep_mc: bool) {
        let take = |slot: &mut u8, n: &mut u8, floor: u8| {
            let k = slot.saturating_sub(floor).min(*n);
            *slot -= k;
            *n -= k;
        };
        take(&mut self.sc, &mut n, 0);
        take(&mut self.mc, &mut n, keep_mc as u8);
        take(&mut self.ac, &mut n, 0);
        take(&mut self.dc, &mut n, 0);
        take(&mut self.mc, &mut n, 0);
    }

    /// Stand up at the start of the activation: free with *Acrobat*, else 1 MC; false if the
    /// model has no Movement counter (it stays down and cannot attack, seed L1908).
    pub fn stand_up(&mut self, c: &Card) -> bool {
        if c.traits.acrobat {
            true
        } else if self.mc > 0 {
            self.mc -= 1;
            true
        } else {
            false
        }
    }

    /// Pay 1 SC for the declared special attack if there is one to pay.
    pub fn pay_special(&mut self, special: SpecialAttack) -> bool {
        if special != SpecialAttack::None && self.sc > 0 {
            self.sc -= 1;
            true
        } else {
            false
        }
    }
}

/// One side of an exchange.
#[derive(Clone, Debug, PartialEq)]
pub struct Side {
    pub card: Card,
    pub weapon: Weapon,
    pub markers: Markers,
    /// (Attack counters, Defense counters).
    pub split: (u8, u8),
    /// The special attack it makes when it has a Special counter to pay for it.
    pub special: SpecialAttack,
}

/// Metric names of an exchange.
pub const EXCHANGE_METRICS: [&str; 4] = ["a_dealt", "b_dealt", "b_strikes_left", "net_plus_offset"];
/// Event names of an exchange.
pub const EXCHANGE_EVENTS: [&str; 6] =
    ["b_down", "a_down", "a_ahead", "b_strikes_back", "b_casualty", "b_knocked_down"];

/// A ready-to-run exchange.
#[derive(Clone, Debug, PartialEq)]
pub struct Exchange {
    /// A's attack, without and with its special attack.
    first: [Attack; 2],
    /// B's attack back for each number of Attack counters it has left, without / with special.
    second: Vec<[Attack; 2]>,
    a_plan: Plan,
    b_plan: Plan,
    a_special: SpecialAttack,
    b_special: SpecialAttack,
    a_markers: Markers,
    b_card: Card,
    b_markers: Markers,
    /// Added to a_dealt − b_dealt so the net is never negative.
    pub offset: u16,
}

impl Exchange {
    /// Validate both splits and precompute both attacks.
    pub fn new(a: &Side, b: &Side, readings: Readings) -> Result<Exchange, RuleError> {
        for (side, s) in [("a", a), ("b", b)] {
            let avail = available(&s.card, s.markers);
            if s.split.0 + s.split.1 > avail || s.split.0 > s.card.attack || s.split.1 > s.card.defense {
                return Err(RuleError {
                    field: if side == "a" { "a_split" } else { "b_split" },
                    message: format!(
                        "split AC {} + DC {} does not fit: {avail} counters available, Attack {}, Defense {}",
                        s.split.0, s.split.1, s.card.attack, s.card.defense
                    ),
                    allowed: "AC ≤ Attack, DC ≤ Defense, AC + DC ≤ counters available".into(),
                });
            }
        }
        let attack = |from: &Side, to: &Side, ac: u8, dc: u8, special: bool| {
            Attack::new(&AttackSetup {
                attacker: from.card.clone(),
                weapon: from.weapon.clone(),
                target: to.card.clone(),
                target_weapon: to.weapon.clone(),
                target_markers: to.markers,
                target_knocked_down: false,
                target_armor_spent: 0,
                special_attack: if special { from.special } else { SpecialAttack::None },
                melee: MeleeMods { attack_counters: ac, defense_counters: dc, ..MeleeMods::default() },
                ranged: RangedMods::default(),
                readings,
            })
        };
        let first = [attack(a, b, a.split.0, b.split.1, false)?, attack(a, b, a.split.0, b.split.1, true)?];
        let second = (0..=b.split.0)
            .map(|ac| Ok([attack(b, a, ac, a.split.1, false)?, attack(b, a, ac, a.split.1, true)?]))
            .collect::<Result<Vec<_>, RuleError>>()?;
        let plan = |s: &Side| place(&s.card, available(&s.card, s.markers), s.split.0, s.split.1, false);
        Ok(Exchange {
            first,
            second,
            a_plan: plan(a),
            b_plan: plan(b),
            a_special: a.special,
            b_special: b.special,
            a_markers: a.markers,
            b_card: b.card.clone(),
            b_markers: b.markers,
            offset: (a.card.endurance as u16) + 1,
        })
    }
}

impl Trial for Exchange {
    fn shape(&self) -> Shape {
        let e = self.b_card.endurance as usize + 1;
        Shape::new(
            vec![
                ("a_dealt", e),
                ("b_dealt", self.offset as usize),
                ("b_strikes_left", self.second.len()),
                ("net_plus_offset", e + self.offset as usize),
            ],
            EXCHANGE_EVENTS.to_vec(),
        )
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let mut a_plan = self.a_plan;
        let a_sp = a_plan.pay_special(self.a_special) as usize;
        let (_, r1) = self.first[a_sp].resolve_from(dice, self.b_markers, 0);
        let hit_b = r1.applied;
        let a_dealt = (hit_b.stun_added + hit_b.wounds_added) as u16;
        let b_down = hit_b.ko || hit_b.casualty;
        let knocked = r1.knocked_down && !b_down;
        let mut b_dealt = 0u16;
        let mut a_down = false;
        let mut strikes_left = 0u16;
        if !b_down {
            let mut plan = self.b_plan;
            let before = counters_lost(&self.b_card, self.b_markers.stun + self.b_markers.wounds);
            let after = counters_lost(&self.b_card, hit_b.markers.stun + hit_b.markers.wounds);
            plan.lose(after.saturating_sub(before), knocked);
            // A knocked-down B cannot attack until it stands up (1 MC, seed L476, L1908).
            let up = !knocked || plan.stand_up(&self.b_card);
            let ac = if up { plan.ac.min(self.second.len() as u8 - 1) } else { 0 };
            strikes_left = ac as u16;
            if ac > 0 {
                let sp = plan.pay_special(self.b_special) as usize;
                let (_, r2) = self.second[ac as usize][sp].resolve_from(dice, self.a_markers, 0);
                b_dealt = (r2.applied.stun_added + r2.applied.wounds_added) as u16;
                a_down = r2.applied.ko || r2.applied.casualty;
            }
        }
        let mut o = Outcome::default();
        o.metrics[0] = a_dealt;
        o.metrics[1] = b_dealt;
        o.metrics[2] = strikes_left;
        o.metrics[3] = a_dealt + self.offset - b_dealt;
        o.flag(0, b_down);
        o.flag(1, a_down);
        o.flag(2, b_down && !a_down);
        o.flag(3, b_dealt > 0 || strikes_left > 0);
        o.flag(4, hit_b.casualty);
        o.flag(5, knocked);
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::bmg1e::rules::tests::card;

    #[test]
    fn counters_and_splits() {
        let c = card(5, 4, 3, 4, 6);
        assert_eq!(available(&c, Markers { stun: 3, wounds: 0 }), 4);
        assert_eq!(full_splits(&c, 5), vec![(2, 3), (3, 2), (4, 1)]);
        assert_eq!(full_splits(&c, 2), vec![(0, 2), (1, 1), (2, 0)]);
        let mut sturdy = c.clone();
        sturdy.traits.sturdy = true;
        assert_eq!(available(&sturdy, Markers { stun: 5, wounds: 0 }), 4);
    }

    #[test]
    fn placing_and_losing_counters() {
        // Batman-like W6 A5 D5 Mv3 Sp3: 5 AC + 1 DC; fallen: 1 MC first, then 5 AC.
        let c = card(6, 5, 5, 3, 8);
        assert_eq!(place(&c, 6, 5, 1, false), Plan { ac: 5, dc: 1, mc: 0, sc: 0 });
        assert_eq!(place(&c, 6, 5, 1, true), Plan { ac: 5, dc: 0, mc: 1, sc: 0 });
        // Leftovers: Special first (3), then Movement.
        assert_eq!(place(&c, 6, 1, 0, false), Plan { ac: 1, dc: 0, mc: 2, sc: 3 });
        // Damage: lose SC, then MC unless kept to stand up, then AC.
        let mut p = Plan { ac: 3, dc: 1, mc: 1, sc: 1 };
        p.lose(2, true);
        assert_eq!(p, Plan { ac: 2, dc: 1, mc: 1, sc: 0 });
        p.lose(4, false);
        assert_eq!(p, Plan::default());
        let mut p = Plan { ac: 1, dc: 0, mc: 1, sc: 0 };
        assert!(p.stand_up(&c) && p.mc == 0 && !p.stand_up(&c));
    }

    #[test]
    fn exchange_invariants() {
        use crate::dice::D6Stream;
        let a = Side {
            card: card(5, 4, 3, 4, 6),
            weapon: Weapon::unarmed(),
            markers: Markers::default(),
            split: (3, 2),
            special: SpecialAttack::None,
        };
        let b = Side {
            card: card(4, 3, 3, 4, 5),
            weapon: Weapon::unarmed(),
            markers: Markers::default(),
            split: (2, 2),
            special: SpecialAttack::None,
        };
        let x = Exchange::new(&a, &b, Readings::default()).unwrap();
        let mut d = D6Stream::from_seed(3);
        for _ in 0..20_000 {
            let o = x.run(&mut d);
            assert!(o.metrics[2] <= 2);
            if o.has(0) {
                assert_eq!(o.metrics[1], 0, "a downed B does not strike back");
            }
            assert_eq!(o.metrics[3] as i32 - x.offset as i32, o.metrics[0] as i32 - o.metrics[1] as i32);
        }
        let bad = Side { split: (4, 2), ..b.clone() };
        assert_eq!(Exchange::new(&a, &bad, Readings::default()).unwrap_err().field, "b_split");
    }

    /// The exact evaluator (damage dice and Collateral die as one [`super::super::damage::DamageRoll`]
    /// branch) equals the face-by-face walk of every die on exchanges small enough for it (7 dice):
    /// a strike each way, with and without a block die, a Strength that makes the Collateral die's
    /// knock-down likely, and a B that keeps a Movement counter to stand up or has none.
    #[test]
    fn exact_exchange_equals_face_by_face_enumeration() {
        use crate::exact::{Budget, enumerate, evaluate};
        for (b_will, a_split, b_split) in [(4, (1, 1), (1, 0)), (6, (1, 1), (1, 0)), (5, (1, 0), (1, 1))] {
            let a = Side {
                card: card(5, 4, 3, 4, 6),
                weapon: Weapon::unarmed(),
                markers: Markers::default(),
                split: a_split,
                special: SpecialAttack::None,
            };
            let b = Side {
                card: card(b_will, 3, 3, 2, 5),
                weapon: Weapon::unarmed(),
                markers: Markers { stun: 2, wounds: 0 },
                split: b_split,
                special: SpecialAttack::None,
            };
            let x = Exchange::new(&a, &b, Readings::default()).unwrap();
            let t = evaluate(&x, Budget::EXPLICIT).unwrap();
            let o = enumerate(&x, 7).expect("at most 7 dice");
            for (i, h) in o.metrics.iter().enumerate() {
                for (v, &p) in h.iter().enumerate() {
                    let q = t.exactly(i, v, 0.0).p;
                    assert!((p - q).abs() < 1e-12, "B W{b_will}: metric {i} = {v}: {p} vs {q}");
                }
            }
            for (i, &p) in o.events.iter().enumerate() {
                assert!((p - t.event(i, 0.0).p).abs() < 1e-12, "B W{b_will}: event {i}");
            }
            assert!(o.events[5] > 0.0, "the Collateral die knocks B down sometimes");
        }
    }
}
