//! Action counters in a melee exchange: A attacks B, then B (if still standing) strikes back.
//!
//! Each side splits its counters between Attack (AC, strikes) and Defense (DC, block dice)
//! before the round. Damage costs counters at once — one per 2 markers (*Insensitive* none,
//! *Sturdy* per 3, *Weak* per 1) — so A's attack can take away B's strikes before B uses them.
//! B loses its unspent counters first (Movement, Special), then Attack counters.

use super::{Attack, AttackSetup, Card, MeleeMods, RangedMods, Readings, RuleError, Weapon, counters_lost};
use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};
use crate::rules::bmg3e::Markers;

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

/// One side of an exchange.
#[derive(Clone, Debug, PartialEq)]
pub struct Side {
    pub card: Card,
    pub weapon: Weapon,
    pub markers: Markers,
    /// (Attack counters, Defense counters).
    pub split: (u8, u8),
}

/// Metric names of an exchange.
pub const EXCHANGE_METRICS: [&str; 4] = ["a_dealt", "b_dealt", "b_strikes_left", "net_plus_offset"];
/// Event names of an exchange.
pub const EXCHANGE_EVENTS: [&str; 5] = ["b_down", "a_down", "a_ahead", "b_strikes_back", "b_casualty"];

/// A ready-to-run exchange.
#[derive(Clone, Debug, PartialEq)]
pub struct Exchange {
    first: Attack,
    /// B's attack back for each number of Attack counters it has left.
    second: Vec<Attack>,
    b_card: Card,
    b_markers: Markers,
    b_unspent: u8,
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
        let attack = |from: &Side, to: &Side, ac: u8, dc: u8| {
            Attack::new(&AttackSetup {
                attacker: from.card.clone(),
                weapon: from.weapon.clone(),
                target: to.card.clone(),
                target_weapon: to.weapon.clone(),
                target_markers: to.markers,
                target_knocked_down: false,
                melee: MeleeMods { attack_counters: ac, defense_counters: dc, ..MeleeMods::default() },
                ranged: RangedMods::default(),
                readings,
            })
        };
        let first = attack(a, b, a.split.0, b.split.1)?;
        let second = (0..=b.split.0).map(|ac| attack(b, a, ac, a.split.1)).collect::<Result<Vec<_>, _>>()?;
        let offset = (a.card.endurance as u16) + 1;
        Ok(Exchange {
            first,
            second,
            b_card: b.card.clone(),
            b_markers: b.markers,
            b_unspent: available(&b.card, b.markers) - b.split.0 - b.split.1,
            offset,
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
        let (_, hit_b) = self.first.resolve(dice);
        let a_dealt = (hit_b.stun_added + hit_b.wounds_added) as u16;
        let b_down = hit_b.ko || hit_b.casualty;
        let mut b_dealt = 0u16;
        let mut a_down = false;
        let mut strikes_left = 0u16;
        if !b_down {
            let before = counters_lost(&self.b_card, self.b_markers.stun + self.b_markers.wounds);
            let after = counters_lost(&self.b_card, hit_b.markers.stun + hit_b.markers.wounds);
            let lost = after.saturating_sub(before).saturating_sub(self.b_unspent);
            let ac = (self.second.len() as u8 - 1).saturating_sub(lost);
            strikes_left = ac as u16;
            if ac > 0 {
                let (_, hit_a) = self.second[ac as usize].resolve(dice);
                b_dealt = (hit_a.stun_added + hit_a.wounds_added) as u16;
                a_down = hit_a.ko || hit_a.casualty;
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
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::bmg1e::tests::card;

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
    fn exchange_invariants() {
        use crate::dice::D6Stream;
        let a =
            Side { card: card(5, 4, 3, 4, 6), weapon: Weapon::unarmed(), markers: Markers::default(), split: (3, 2) };
        let b =
            Side { card: card(4, 3, 3, 4, 5), weapon: Weapon::unarmed(), markers: Markers::default(), split: (2, 2) };
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
}
