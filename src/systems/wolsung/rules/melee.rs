//! One melee attack: the attacker's C dice against the defender's, on guard (it may strike back)
//! or parrying, with heroic feats with black cards and *Beginner's luck*.

use super::class_hand::{ClassDeck, Sorting};
use super::feats::{Bidder, Policy, feats};
use super::readings::Readings;
use super::roll::{lucky_rolls, successes, wound};
use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};

/// The defender's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guard {
    /// "En guardia": fights normally and may strike back.
    OnGuard,
    /// "Parada": +2 C this action, no backlash.
    Parry,
}

impl Guard {
    /// Config names.
    pub const ALL: [(&'static str, Guard); 2] = [("on_guard", Guard::OnGuard), ("parry", Guard::Parry)];

    /// In words, as reports show it.
    pub fn words(self) -> &'static str {
        match self {
            Guard::OnGuard => "on guard",
            Guard::Parry => "parry",
        }
    }
}

/// One melee attack.
#[derive(Clone, Debug, PartialEq)]
pub struct Melee {
    /// Attacker's C + support + elevation + charge.
    pub attacker_dice: i32,
    /// Defender's C (1 when knocked down) + support + elevation, before the parry bonus.
    pub defender_dice: i32,
    pub guard: Guard,
    pub attacker_damage: u32,
    pub defender_damage: u32,
    pub attacker_armour: u32,
    pub defender_armour: u32,
    pub attacker_wounds: u32,
    pub defender_wounds: u32,
    pub hard_to_kill: (bool, bool),
    pub attacker_hand: u8,
    pub attacker_policy: Policy,
    pub defender_hand: u8,
    pub defender_policy: Policy,
    /// *Beginner's luck* (seed l. 990–994, "Pelea Cuerpo a Cuerpo"): attacker, defender.
    pub luck: (bool, bool),
    pub readings: Readings,
}

/// Metric / event names of a melee attack.
pub const MELEE_METRICS: [&str; 5] =
    ["damage_to_defender", "backlash_to_attacker", "crits", "attacker_cards", "defender_cards"];
pub const MELEE_EVENTS: [&str; 6] =
    ["hit", "backlash", "defender_down", "attacker_down", "luck_used", "target_luck_used"];

impl Trial for Melee {
    fn shape(&self) -> Shape {
        Shape::new(
            vec![
                ("damage_to_defender", self.defender_wounds as usize),
                ("backlash_to_attacker", self.attacker_wounds as usize),
                ("crits", 20),
                ("attacker_cards", self.attacker_hand as usize),
                ("defender_cards", self.defender_hand as usize),
            ],
            MELEE_EVENTS.to_vec(),
        )
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let mut deck = ClassDeck::new(Sorting::MELEE);
        let mut ah = deck.deal(dice, self.attacker_hand as usize);
        let mut dh = deck.deal(dice, self.defender_hand as usize);
        let parry = if self.guard == Guard::Parry { 2 } else { 0 };
        let s = successes(dice, self.attacker_dice);
        let t = successes(dice, self.defender_dice + parry);
        let (mut la, mut ld) = self.luck;
        let (s, t, ua, ud) = lucky_rolls(dice, s, t, self.attacker_dice, self.defender_dice + parry, &mut la, &mut ld);
        let mut a = Bidder { hand: (self.attacker_hand > 0).then_some(&mut ah), policy: self.attacker_policy };
        let mut p = Bidder { hand: (self.defender_hand > 0).then_some(&mut dh), policy: self.defender_policy };
        let (s, t, ca, cp) = feats(s, t, &mut a, &mut p, false);
        let mut o = Outcome::default();
        o.flag(4, ua);
        o.flag(5, ud);
        if s >= t {
            let dealt = (self.attacker_damage + s - t).saturating_sub(self.defender_armour);
            let left = wound(self.defender_wounds, dealt, self.hard_to_kill.1);
            o.metrics[0] = (self.defender_wounds - left) as u16;
            o.metrics[2] = (s - t) as u16;
            o.flag(0, true);
            o.flag(2, left == 0);
        } else if self.guard == Guard::OnGuard {
            let crits = if self.readings.guard_backlash_crits { t - s } else { 0 };
            let dealt = (self.defender_damage + crits).saturating_sub(self.attacker_armour);
            let left = wound(self.attacker_wounds, dealt, self.hard_to_kill.0);
            o.metrics[1] = (self.attacker_wounds - left) as u16;
            o.flag(1, dealt > 0);
            o.flag(3, left == 0);
        }
        o.metrics[3] = ca as u16;
        o.metrics[4] = cp as u16;
        o
    }
}
