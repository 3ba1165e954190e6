//! The playing cards Wolsung's heroes hold: a card's rank and suit, what it is worth to a
//! heroic feat and to an initiative bid, and real cards dealt without replacement ([`Deck`],
//! [`Hand`]).
//!
//! A file of its own because the duel deals real cards for a whole game, the initiative bid deals
//! a hand against a hand, and the class hands of single resolutions sort these same cards.

use crate::dice::{Dice, uniform_below};

/// A card 0..52: suit = card / 13 (0 ♠, 1 ♥, 2 ♦, 3 ♣), rank = card % 13 (0 is a 2, 12 an ace).
pub type Card = u8;

/// ♠ ♥ ♦ ♣ in index order.
pub const SUITS: [char; 4] = ['♠', '♥', '♦', '♣'];
/// Rank names in rank order (0 is a 2, 12 an ace): also how reports print a rank.
pub const RANKS: [&str; 13] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

/// Red cards (♥ ♦) pay for shooting and magic missiles; black (♠ ♣) for melee and auras.
pub const fn is_red(c: Card) -> bool {
    matches!(c / 13, 1 | 2)
}

/// Successes a card adds: J, Q, K, A add 2, any other card 1.
pub const fn feat_value(c: Card) -> u32 {
    if c % 13 >= 9 { 2 } else { 1 }
}

/// Bid strength: value first (ace high), then ♠ > ♥ > ♦ > ♣.
pub fn bid_rank(c: Card) -> u32 {
    (c % 13) as u32 * 4 + (3 - (c / 13) as u32)
}

/// Parse "A♠", "10♥", "Qd", "7c" …
pub fn parse_card(s: &str) -> Option<Card> {
    let s = s.trim();
    let last = s.chars().last()?;
    let suit = match last {
        '♠' | 's' | 'S' => 0,
        '♥' | 'h' | 'H' => 1,
        '♦' | 'd' | 'D' => 2,
        '♣' | 'c' | 'C' => 3,
        _ => return None,
    };
    let rank_text = &s[..s.len() - last.len_utf8()];
    let rank = RANKS.iter().position(|r| r.eq_ignore_ascii_case(rank_text))? as u8;
    Some(suit * 13 + rank)
}

/// A card as text.
pub fn card_text(c: Card) -> String {
    format!("{}{}", RANKS[(c % 13) as usize], SUITS[(c / 13) as usize])
}

/// A deck dealt without replacement.
#[derive(Clone, Debug)]
pub struct Deck {
    cards: [Card; 52],
    left: u32,
}

impl Deck {
    /// A full deck minus `removed`.
    pub fn without(removed: &[Card]) -> Deck {
        let mut cards = [0u8; 52];
        let mut n = 0;
        for c in 0..52u8 {
            if !removed.contains(&c) {
                cards[n] = c;
                n += 1;
            }
        }
        Deck { cards, left: n as u32 }
    }

    /// Draw one uniformly from what is left (a step of Fisher–Yates).
    pub fn draw<D: Dice>(&mut self, dice: &mut D) -> Option<Card> {
        if self.left == 0 {
            return None;
        }
        let i = uniform_below(dice, self.left) as usize;
        self.left -= 1;
        self.cards.swap(i, self.left as usize);
        Some(self.cards[self.left as usize])
    }
}

/// A hand of at most 16 cards.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hand {
    pub(super) cards: [Card; 16],
    pub(super) len: usize,
}

impl Hand {
    /// Deal `n` cards from the deck.
    pub fn deal<D: Dice>(deck: &mut Deck, dice: &mut D, n: usize) -> Hand {
        let mut h = Hand::default();
        for _ in 0..n.min(16) {
            if let Some(c) = deck.draw(dice) {
                h.cards[h.len] = c;
                h.len += 1;
            }
        }
        h
    }

    /// A hand of given cards.
    pub fn of(cards: &[Card]) -> Hand {
        let mut h = Hand::default();
        for &c in cards.iter().take(16) {
            h.cards[h.len] = c;
            h.len += 1;
        }
        h
    }

    /// Add a card (ignored beyond 16).
    pub fn push(&mut self, c: Card) {
        if self.len < 16 {
            self.cards[self.len] = c;
            self.len += 1;
        }
    }

    /// Cards held.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len]
    }

    pub(super) fn remove(&mut self, i: usize) -> Card {
        let c = self.cards[i];
        self.len -= 1;
        self.cards[i] = self.cards[self.len];
        c
    }

    /// The highest bid card.
    pub fn best_bid(&self) -> Option<Card> {
        self.cards().iter().copied().max_by_key(|&c| bid_rank(c))
    }

    /// Discard down to `n` cards, keeping the most useful for heroic feats of one colour
    /// (`red`): cards of that colour first, J Q K A before number cards, higher ranks first.
    pub fn keep_best(&mut self, n: usize, red: bool) {
        let worth = |c: Card| (is_red(c) == red) as u32 * 64 + feat_value(c) * 16 + (c % 13) as u32;
        self.cards[..self.len].sort_by_key(|&c| std::cmp::Reverse(worth(c)));
        self.len = self.len.min(n);
    }

    /// Discard down to `n` cards, keeping the highest bids (a player with no hero uses cards only
    /// to bid for the initiative).
    pub fn keep_highest_bids(&mut self, n: usize) {
        self.cards[..self.len].sort_by_key(|&c| std::cmp::Reverse(bid_rank(c)));
        self.len = self.len.min(n);
    }
}
