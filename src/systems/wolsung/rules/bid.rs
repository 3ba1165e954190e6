//! The initiative bid: a given hand's highest card against a random hand from the rest of the
//! deck.

use super::cards::{Card, Deck, Hand, bid_rank};
use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};

/// An initiative bid: a given hand bids its highest card against a random hand of `opponent`
/// cards from the rest of the deck (value first, then ♠ > ♥ > ♦ > ♣).
#[derive(Clone, Debug, PartialEq)]
pub struct Bid {
    pub hand: Vec<Card>,
    pub opponent: u8,
}

impl Trial for Bid {
    fn shape(&self) -> Shape {
        Shape::new(vec![("opponent_bid_rank", 12)], vec!["win"])
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let mut deck = Deck::without(&self.hand);
        let opp = Hand::deal(&mut deck, dice, self.opponent as usize);
        let mine = Hand::of(&self.hand).best_bid().expect("non-empty hand");
        let theirs = opp.best_bid().expect("non-empty opponent hand");
        let mut o = Outcome::default();
        o.metrics[0] = (theirs % 13) as u16;
        o.flag(0, bid_rank(mine) > bid_rank(theirs));
        o
    }
}
