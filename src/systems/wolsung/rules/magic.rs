//! A spell: a magic missile against the target's Reflexes (red cards) or an aura against a
//! difficulty (black cards), after paying its cost in cards of the caster's suit.

use super::class_hand::{ClassDeck, Sorting};
use super::feats::{Bidder, Policy, feats};
use super::roll::{lucky_rolls, successes, wound};
use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};

/// A magic missile (Magic dice vs Reflexes, red cards) or an aura / enhancement against a
/// difficulty (black cards). Casting first pays `cost` cards of the caster's suit.
#[derive(Clone, Debug, PartialEq)]
pub struct Magic {
    pub magic_dice: i32,
    /// `Some(R dice)` for a missile (R + Sunnir / knocked down per the readings; magic ignores
    /// cover); `None` for an aura against `difficulty`.
    pub target_dice: Option<i32>,
    pub difficulty: u32,
    /// Spell F.
    pub damage: u32,
    /// The target's armour: a missile's damage is "modificada por la Armadura" (seed l. 882–885).
    pub armour: u32,
    pub target_wounds: u32,
    pub target_hard_to_kill: bool,
    /// The target's *Beginner's luck* ("está siendo objetivo de un Ataque").
    pub target_luck: bool,
    /// A hero target adds red cards to its R roll (seed l. 968–986); 0 for a henchman.
    pub target_hand: u8,
    pub target_policy: Policy,
    pub hand: u8,
    pub suit: u8,
    pub cost: u8,
    pub policy: Policy,
}

/// Metric / event names of a spell.
pub const MAGIC_METRICS: [&str; 5] = ["damage", "crits", "cards_spent", "cost_cards", "target_cards"];
pub const MAGIC_EVENTS: [&str; 4] = ["cast", "success", "target_down", "target_luck_used"];

impl Trial for Magic {
    fn shape(&self) -> Shape {
        Shape::new(
            vec![
                ("damage", self.damage as usize + 20),
                ("crits", 20),
                ("cards_spent", self.hand as usize),
                ("cost_cards", 2),
                ("target_cards", self.target_hand as usize),
            ],
            MAGIC_EVENTS.to_vec(),
        )
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let red = self.target_dice.is_some();
        // The suit matters only to pay a cost (without one its cards are just their colour).
        let mut deck = ClassDeck::new(Sorting { red, suit: (self.cost > 0).then_some(self.suit) });
        let mut hand = deck.deal(dice, self.hand as usize);
        let mut th = deck.deal(dice, self.target_hand as usize);
        let mut o = Outcome::default();
        let Some(paid) = hand.pay_cost(self.cost) else {
            return o;
        };
        o.flag(0, true);
        o.metrics[3] = paid as u16;
        let s = successes(dice, self.magic_dice);
        let (s, t, cp) = match self.target_dice {
            Some(r) => {
                let t = successes(dice, r);
                let (mut no_luck, mut luck) = (false, self.target_luck);
                let (s, t, _, used) = lucky_rolls(dice, s, t, self.magic_dice, r, &mut no_luck, &mut luck);
                o.flag(3, used);
                let mut a = Bidder { hand: (self.hand > 0).then_some(&mut hand), policy: self.policy };
                let mut p = Bidder { hand: (self.target_hand > 0).then_some(&mut th), policy: self.target_policy };
                let (s, t, ca, cp) = feats(s, t, &mut a, &mut p, true);
                o.metrics[2] = ca as u16;
                (s, t, cp)
            }
            None => {
                let mut a = Bidder { hand: (self.hand > 0).then_some(&mut hand), policy: self.policy };
                let mut p = Bidder { hand: None, policy: Policy::Never };
                let (s, t, ca, _) = feats(s, self.difficulty, &mut a, &mut p, false);
                o.metrics[2] = ca as u16;
                (s, t, 0)
            }
        };
        o.metrics[4] = cp as u16;
        let ok = s >= t;
        o.flag(1, ok);
        if ok && red {
            let dealt = (self.damage + s - t).saturating_sub(self.armour);
            o.metrics[0] = dealt as u16;
            o.metrics[1] = (s - t) as u16;
            o.flag(2, wound(self.target_wounds, dealt, self.target_hard_to_kill) == 0);
        }
        o
    }
}
