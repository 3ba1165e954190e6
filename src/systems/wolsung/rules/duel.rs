//! A Wolsung melee fight over the game's turns.
//!
//! One shared 52-card deck (seed l. 29–30, 36–37). At the start of each turn each player draws
//! 3 + 1 cards (one hero agreed per side) and then discards down to 3 + 1, a hero keeping its best
//! black cards, a player with no hero its highest bids (seed l. 258–271: "Cada jugador roba 3 cartas más una carta por cada héroe inicialmente
//! acordado. Entonces descartan hasta quedarse con 3+ héroes cartas"); the Initial Player draws
//! first. An empty deck follows `deck_exhausted`. The Initial Player is chosen once, 50/50 ("tirando
//! una moneda … o tirando un dado"), and activates first every turn (seed l. 41–46: "será el
//! primer jugador en activar una miniatura cada turno"). Each model spends its actions on melee
//! attacks, the defender answering on guard or with a parry as its fighter says; damage applies at
//! the end of each action. A model whose wounds reach 0 is removed and the other "wins" (the
//! analyser's outcome; the game itself is won by killing more enemy heroes, seed l. 49–52).
//! *Beginner's luck* is once per game per fighter. The turn loop and the outcome layout are the
//! shared duel driver's ([`crate::analysis::duel`]), as for every system's duel: damage is wounds,
//! and the per-side count is the cards spent on heroic feats.

use super::cards::{Card, Deck, Hand};
use super::feats::{Bidder, Policy, feats};
use super::melee::Guard;
use super::readings::{DeckExhausted, Readings};
use super::roll::{lucky_rolls, successes, wound};
use crate::analysis::duel::{DuelRules, Maxima, Record};
use crate::dice::Dice;
use std::ops::ControlFlow;

/// One side of a fight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fighter {
    pub c: i32,
    /// F + the weapon's melee modifier.
    pub f: u32,
    pub armour: u32,
    pub wounds: u32,
    pub hard_to_kill: bool,
    pub actions: u8,
    /// 0 for a henchman.
    pub hand_size: u8,
    pub policy: Policy,
    /// What it chooses when attacked.
    pub guard: Guard,
    /// *Beginner's luck*: once per game, re-roll its whole roll when it loses (attacking or defending).
    pub luck: bool,
}

/// Cards each player draws and keeps at the start of a turn: 3 + the heroes agreed (one per side).
pub const HAND: usize = 4;

/// The shared deck: draw one card, or (when it is empty) reshuffle every card in no hand into a
/// new deck, per `deck_exhausted`.
fn draw<D: Dice>(deck: &mut Deck, hands: &[Hand; 2], rule: DeckExhausted, dice: &mut D) -> Option<Card> {
    if let Some(c) = deck.draw(dice) {
        return Some(c);
    }
    if rule == DeckExhausted::NoMoreDraws {
        return None;
    }
    // The cards in both hands, on the stack (a hand holds at most 16).
    let mut held = [0 as Card; 32];
    let mut n = 0;
    for c in hands.iter().flat_map(|h| h.cards().iter().copied()) {
        held[n] = c;
        n += 1;
    }
    *deck = Deck::without(&held[..n]);
    deck.draw(dice)
}

/// A fight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Duel {
    pub a: Fighter,
    pub b: Fighter,
    pub turns: u8,
    pub readings: Readings,
}

/// What one fight changes as it goes.
#[derive(Clone, Debug)]
pub struct DuelState {
    deck: Deck,
    hands: [Hand; 2],
    wounds: [u32; 2],
    /// *Beginner's luck* still unused.
    luck: [bool; 2],
    /// Cards spent on heroic feats.
    cards: [u32; 2],
    /// The Initial Player.
    first: usize,
}

/// The shared duel driver ([`crate::analysis::duel`]) runs the turns and records the outcome;
/// this supplies the Initial Player, the Wolsung turn (draw and discard, then each model's melee
/// actions), "out" (no wounds left: removed) and the cards spent.
impl DuelRules for Duel {
    type State = DuelState;
    const EXTRA: [&'static str; 2] = ["a_cards", "b_cards"];

    fn round_limit(&self) -> u8 {
        self.turns
    }

    fn maxima(&self) -> Maxima {
        Maxima { dealt: [self.b.wounds as usize, self.a.wounds as usize], extra: 40 }
    }

    fn start<D: Dice>(&self, dice: &mut D, rec: &mut Record) -> DuelState {
        let deck = Deck::without(&[]);
        // The Initial Player, once for the game: a coin (a die: 1–3 A, 4–6 B).
        let first = if dice.d6() <= 3 { 0 } else { 1 };
        rec.first_in_round_one(first);
        DuelState {
            deck,
            hands: [Hand::default(), Hand::default()],
            wounds: [self.a.wounds, self.b.wounds],
            luck: [self.a.luck, self.b.luck],
            cards: [0; 2],
            first,
        }
    }

    /// The end is checked before every action (a model removed mid-turn ends the fight at once)
    /// and, by the driver, after the turn: a model removed by a turn's last action ends the fight
    /// there — no further turn is dealt or counted in `rounds`.
    #[inline]
    fn play_round<D: Dice>(&self, d: &mut DuelState, turn: u16, dice: &mut D, rec: &mut Record) -> ControlFlow<()> {
        let f = [self.a, self.b];
        let DuelState { deck, hands, wounds, luck, cards, first } = d;
        let first = *first;
        // Start of the turn: each player draws 3 + heroes, Initial Player first, then keeps
        // the best 3 + heroes (black cards: melee), old cards included.
        for s in [first, 1 - first] {
            for _ in 0..HAND {
                let Some(c) = draw(deck, hands, self.readings.deck_exhausted, dice) else { break };
                hands[s].push(c);
            }
            if f[s].hand_size > 0 {
                hands[s].keep_best(HAND, false);
            } else {
                hands[s].keep_highest_bids(HAND);
            }
        }
        for s in [first, 1 - first] {
            let o = 1 - s;
            for _ in 0..f[s].actions {
                if wounds[s] == 0 || wounds[o] == 0 {
                    return ControlFlow::Break(());
                }
                let parry = if f[o].guard == Guard::Parry { 2 } else { 0 };
                let (na, nd) = (f[s].c, f[o].c + parry);
                let att = successes(dice, na);
                let def = successes(dice, nd);
                let [l0, l1] = luck;
                let (ls, lo) = if s == 0 { (l0, l1) } else { (l1, l0) };
                let (att, def, _, _) = lucky_rolls(dice, att, def, na, nd, ls, lo);
                let [h0, h1] = hands;
                let (hs, ho) = if s == 0 { (h0, h1) } else { (h1, h0) };
                let mut a = Bidder { hand: (f[s].hand_size > 0).then_some(hs), policy: f[s].policy };
                let mut p = Bidder { hand: (f[o].hand_size > 0).then_some(ho), policy: f[o].policy };
                let (att, def, ca, cp) = feats(att, def, &mut a, &mut p, false);
                cards[s] += ca;
                cards[o] += cp;
                if att >= def {
                    let hit = (f[s].f + att - def).saturating_sub(f[o].armour);
                    let left = wound(wounds[o], hit, f[o].hard_to_kill);
                    rec.deal(s, wounds[o] - left);
                    wounds[o] = left;
                    if left == 0 {
                        rec.put_down(s, turn);
                    }
                } else if f[o].guard == Guard::OnGuard {
                    let crits = if self.readings.guard_backlash_crits { def - att } else { 0 };
                    let hit = (f[o].f + crits).saturating_sub(f[s].armour);
                    let left = wound(wounds[s], hit, f[s].hard_to_kill);
                    rec.deal(o, wounds[s] - left);
                    wounds[s] = left;
                    if left == 0 {
                        rec.put_down(o, turn);
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn out(&self, d: &DuelState, side: usize) -> bool {
        d.wounds[side] == 0
    }

    fn casualty(&self, d: &DuelState, side: usize) -> bool {
        d.wounds[side] == 0
    }

    fn extra(&self, d: &DuelState) -> [u16; 2] {
        [d.cards[0].min(40) as u16, d.cards[1].min(40) as u16]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::duel::event;
    use crate::dice::D6Stream;
    use crate::engine::Trial;

    /// `deck_exhausted` (the text never empties the deck, so it is a reading): with
    /// `reshuffle_discards` an empty deck becomes every card in no hand — 52 − 8 held = 44 cards, each
    /// drawn exactly once before the deck is empty again, none of them a held card; with
    /// `no_more_draws` nothing more is drawn.
    #[test]
    fn an_empty_deck_reshuffles_every_card_in_no_hand_or_stops() {
        let mut dice = D6Stream::from_seed(7);
        let mut hands = [Hand::default(), Hand::default()];
        for (i, c) in [0u8, 13, 26, 39, 12, 25, 38, 51].into_iter().enumerate() {
            hands[i / 4].push(c);
        }
        let mut empty = Deck::without(&(0..52).collect::<Vec<Card>>());
        assert_eq!(draw(&mut empty, &hands, DeckExhausted::NoMoreDraws, &mut dice), None);
        let mut seen = [false; 52];
        for k in 0..44 {
            let c = draw(&mut empty, &hands, DeckExhausted::ReshuffleDiscards, &mut dice).expect("44 cards to draw");
            assert!(!hands.iter().any(|h| h.cards().contains(&c)), "draw {k}: {c} is in a hand");
            assert!(!seen[c as usize], "draw {k}: {c} drawn twice");
            seen[c as usize] = true;
        }
        assert_eq!(seen.iter().filter(|&&x| x).count(), 44);
    }

    #[test]
    fn cards_help_and_fights_end_cleanly() {
        let hero = Fighter {
            c: 4,
            f: 3,
            armour: 0,
            wounds: 4,
            hard_to_kill: false,
            actions: 2,
            hand_size: 4,
            policy: Policy::FewestToWin,
            guard: Guard::OnGuard,
            luck: false,
        };
        let brute = Fighter {
            c: 4,
            f: 3,
            armour: 0,
            wounds: 4,
            hard_to_kill: false,
            actions: 2,
            hand_size: 0,
            policy: Policy::Never,
            guard: Guard::OnGuard,
            luck: false,
        };
        let d = Duel { a: hero, b: brute, turns: 3, readings: Readings::default() };
        let mut dice = D6Stream::from_seed(8);
        let (mut a, mut b) = (0, 0);
        for _ in 0..20_000 {
            let o = d.run(&mut dice);
            assert_eq!(o.has(event::A_WINS) as u8 + o.has(event::B_WINS) as u8 + o.has(event::DRAW) as u8, 1);
            assert_eq!(o.metrics[6], 0, "a henchman spends no cards");
            a += o.has(event::A_WINS) as u32;
            b += o.has(event::B_WINS) as u32;
        }
        assert!(a > b + 2_000, "the hero with cards should win clearly more often ({a} vs {b})");
    }
}
