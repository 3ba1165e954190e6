//! The shooting turn: one shooter's shots at one target profile, with Rapid Fire, the Movement
//! penalty's floor, a dive for cover, heroic feats with red cards and *Beginner's luck*.

use super::class_hand::{ClassDeck, Sorting};
use super::feats::{Bidder, Policy, feats};
use super::readings::PenaltyFloor;
use super::roll::{lucky_rolls, successes};
use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};

/// The target's reaction to being shot at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reaction {
    /// Stand ("aguantar el tipo").
    Stand,
    /// Dive for cover: knocked down, +2 R against ranged attacks until its next activation.
    Dive,
}

/// A shooting turn: `shots` attacks (actions × Rapid Fire) by one shooter at one target profile.
#[derive(Clone, Debug, PartialEq)]
pub struct ShootingTurn {
    /// The shooter's D attribute.
    pub d: i32,
    /// Range band + weapon rules other than Rapid Fire + elevation (+1 D against a lower target).
    pub dice_mod: i32,
    /// The elevation bonus included in `dice_mod` (1 against a target ≥ 3" lower, else 0): under
    /// `movement_penalty_floor = listed` it is added after the Movement penalty's floor.
    pub elevation: i32,
    /// *Movement penalty [x]* in force (0 if the model did not move or charge, or the gun has none).
    pub movement_penalty: i32,
    /// *Rapid*: moved and shot in one action, −1 D after every other modifier.
    pub rapid_move: bool,
    /// Shots in the turn; with Rapid Fire each later shot of one action loses a die.
    pub actions: u8,
    pub rapid_fire: u8,
    /// Target's R + cover + elevation (+ Sunnir when `sunnir_scope` covers shooting), before the
    /// dive bonus.
    pub target_dice: i32,
    pub reaction: Reaction,
    pub damage: u32,
    /// Armour after Armour Penetration.
    pub armour: u32,
    pub wounds: u32,
    pub hard_to_kill: bool,
    /// Each Rapid Fire shot is at a different target (fresh wounds); otherwise one target.
    pub fresh_target_each_shot: bool,
    /// Shooter hero: hand size (0 = henchman) and policy; likewise the target.
    pub shooter_hand: u8,
    pub shooter_policy: Policy,
    pub target_hand: u8,
    pub target_policy: Policy,
    /// *Beginner's luck* of the shooter ("cuando Dispara") and of the target ("está siendo
    /// objetivo de un Ataque"): once, re-roll the whole roll when it loses.
    pub beginners_luck: bool,
    pub target_luck: bool,
    pub floor: PenaltyFloor,
}

impl ShootingTurn {
    /// Dice for the `k`-th shot of an action (0-based), per seed l. 511–520 (D + range band +
    /// weapon rules + elevation), l. 999–1003 (Movement penalty, minimum 1), l. 1005–1008 (Rapid
    /// −1 D "después de cualquier otro modificador") and l. 1010–1015 (Rapid Fire: each later shot
    /// −1 D cumulative, "calcula los modificadores de cada disparo por separado"). Where the
    /// Movement penalty's floor falls is the `movement_penalty_floor` reading.
    pub fn shot_dice(&self, k: i32) -> i32 {
        let x = self.movement_penalty;
        // −x never below 1; a pool already below 1 is not raised (nor lowered further).
        let floored = |n: i32| if x > 0 && n >= 1 { (n - x).max(1) } else { n };
        let mut n = match self.floor {
            PenaltyFloor::Listed => floored(self.d + self.dice_mod - self.elevation - k) + self.elevation,
            PenaltyFloor::Pool => floored(self.d + self.dice_mod - k),
            PenaltyFloor::Attribute => {
                let d = if x > 0 { (self.d - x).max(1) } else { self.d };
                d + self.dice_mod - k
            }
        };
        if self.rapid_move {
            n -= 1;
        }
        n
    }
}

/// Metric / event names of a shooting turn.
pub const SHOOTING_METRICS: [&str; 7] =
    ["hits", "damage", "first_shot_crits", "first_shot_damage", "shooter_cards", "target_cards", "target_wounds_left"];
pub const SHOOTING_EVENTS: [&str; 8] =
    ["first_hit", "any_hit", "target_down", "shot_2_hit", "shot_3_hit", "shot_4_hit", "luck_used", "target_luck_used"];

impl Trial for ShootingTurn {
    fn shape(&self) -> Shape {
        let shots = (self.actions as usize) * (self.rapid_fire.max(1) as usize);
        let maxd = (self.damage as usize + 20) * shots;
        Shape::new(
            vec![
                ("hits", shots),
                ("damage", maxd),
                ("first_shot_crits", 20),
                ("first_shot_damage", self.damage as usize + 20),
                ("shooter_cards", self.shooter_hand as usize),
                ("target_cards", self.target_hand as usize),
                ("target_wounds_left", self.wounds as usize),
            ],
            SHOOTING_EVENTS.to_vec(),
        )
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let mut deck = ClassDeck::new(Sorting::SHOOTING);
        let mut sh = deck.deal(dice, self.shooter_hand as usize);
        let mut th = deck.deal(dice, self.target_hand as usize);
        let mut o = Outcome::default();
        let (mut hits, mut damage, mut luck, mut tluck) = (0u32, 0u32, self.beginners_luck, self.target_luck);
        let mut wounds = self.wounds;
        let (mut sc, mut tc) = (0u32, 0u32);
        let dive = if self.reaction == Reaction::Dive { 2 } else { 0 };
        let mut shot = 0usize;
        for _ in 0..self.actions {
            for k in 0..self.rapid_fire.max(1) as i32 {
                if self.fresh_target_each_shot {
                    // Another model of the same profile: its own wounds and its own
                    // once-per-game Beginner's luck (the player's hand is shared).
                    wounds = self.wounds;
                    tluck = self.target_luck;
                }
                if wounds == 0 {
                    continue;
                }
                let n = self.shot_dice(k);
                let s = successes(dice, n);
                let t = successes(dice, self.target_dice + dive);
                let (s, t, used, tused) = lucky_rolls(dice, s, t, n, self.target_dice + dive, &mut luck, &mut tluck);
                if used {
                    o.flag(6, true);
                }
                if tused {
                    o.flag(7, true);
                }
                let mut a = Bidder { hand: (self.shooter_hand > 0).then_some(&mut sh), policy: self.shooter_policy };
                let mut p = Bidder { hand: (self.target_hand > 0).then_some(&mut th), policy: self.target_policy };
                let (s, t, ca, cp) = feats(s, t, &mut a, &mut p, true);
                sc += ca;
                tc += cp;
                let hit = s >= t;
                let mut dealt = 0;
                if hit {
                    hits += 1;
                    let crits = s - t;
                    dealt = (self.damage + crits).saturating_sub(self.armour);
                    let before = wounds;
                    wounds = wounds.saturating_sub(dealt);
                    if wounds == 0 && self.hard_to_kill && before > 1 {
                        wounds = 1;
                    }
                    dealt = before - wounds;
                    damage += dealt;
                    if shot == 0 {
                        o.metrics[2] = crits as u16;
                    }
                }
                match shot {
                    0 => {
                        o.flag(0, hit);
                        o.metrics[3] = dealt as u16;
                    }
                    1..=3 => o.flag(2 + shot, hit),
                    _ => {}
                }
                shot += 1;
            }
        }
        o.metrics[0] = hits as u16;
        o.metrics[1] = damage as u16;
        o.metrics[4] = sc as u16;
        o.metrics[5] = tc as u16;
        o.metrics[6] = wounds as u16;
        o.flag(1, hits > 0);
        o.flag(2, wounds == 0);
        o
    }
}
