//! Cards as one resolution sees them: the classes a shot, a melee attack or a spell can tell
//! apart ([`Sorting`]), the deck of one resolution ([`ClassDeck`]) and a hand as counts per class
//! ([`ClassHand`]), which the exact evaluator deals in one step.
//!
//! A file of its own because the shot, the melee attack and the spell deal these hands, and
//! none of them owns the others' way of sorting.

use super::cards::{Card, feat_value, is_red};
use super::feats::{FeatHand, Policy};
use crate::dice::{DEAL_CLASSES, Dice};

/// What one shot, melee attack or spell tells cards apart by: the colour its heroic feats take
/// (`red`, else black) and, for a spell with a cost, the caster's suit that pays it. Within one
/// resolution nothing else about a card changes anything — the feats add 2 for a J, Q, K or A
/// and 1 for another card of the colour, and a cost takes the suit's number cards or its face
/// cards — so a hand is fully described by how many cards of each class it holds, and the exact
/// evaluator deals those counts at once (a few dozen outcomes) instead of card by card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sorting {
    pub red: bool,
    pub suit: Option<u8>,
}

/// Class of a J, Q, K or A of the caster's suit.
const SUIT_FACE: usize = 0;
/// Class of a 2–10 of the caster's suit.
const SUIT_NUMBER: usize = 1;
/// Class of a J, Q, K or A of the feats' colour, not of the caster's suit.
const FACE: usize = 2;
/// Class of a 2–10 of the feats' colour, not of the caster's suit.
const NUMBER: usize = 3;
/// Class of every other card (the other colour, not the caster's suit).
const OTHER: usize = 4;

/// The class of card `c` under colour `red` and caster's suit `suit` (4: none).
const fn class_of(c: Card, red: bool, suit: u8) -> u8 {
    let face = feat_value(c) == 2;
    (if c / 13 == suit {
        if face { SUIT_FACE } else { SUIT_NUMBER }
    } else if is_red(c) == red {
        if face { FACE } else { NUMBER }
    } else {
        OTHER
    }) as u8
}

/// The deck of [`Deck::without`]`(&[])` (cards 0..52 in order) as classes, for each colour (×5)
/// and caster's suit (4: none): built at compile time, copied once per trial.
static POOLS: [[u8; 52]; 10] = {
    let mut pools = [[0u8; 52]; 10];
    let mut i = 0;
    while i < 10 {
        let mut c = 0;
        while c < 52 {
            pools[i][c] = class_of(c as Card, i >= 5, (i % 5) as u8);
            c += 1;
        }
        i += 1;
    }
    pools
};

impl Sorting {
    /// Shooting and magic missiles: red cards, no suit.
    pub const SHOOTING: Sorting = Sorting { red: true, suit: None };
    /// Melee: black cards, no suit.
    pub const MELEE: Sorting = Sorting { red: false, suit: None };

    fn pool(self) -> &'static [u8; 52] {
        &POOLS[self.red as usize * 5 + self.suit.map_or(4, |s| s as usize)]
    }

    /// Whether the caster's suit has the feats' colour (then its cards add to the roll too).
    fn suit_adds(self) -> bool {
        self.suit.is_some_and(|s| is_red(s * 13) == self.red)
    }
}

/// The 52-card deck of one resolution, each card held as its class under a [`Sorting`].
#[derive(Clone, Debug)]
pub struct ClassDeck {
    pool: [u8; 52],
    left: u32,
    sorting: Sorting,
}

impl ClassDeck {
    /// A full deck, in the order of [`Deck::without`]`(&[])`: the same dice deal the same cards.
    pub fn new(sorting: Sorting) -> ClassDeck {
        ClassDeck { pool: *sorting.pool(), left: 52, sorting }
    }

    /// Deal `n` cards (at most 16, as [`Hand::deal`]) through [`Dice::deal`]: in sampling, the
    /// same draws [`Hand::deal`] makes from a [`Deck`] of real cards.
    pub fn deal<D: Dice>(&mut self, dice: &mut D, n: usize) -> ClassHand {
        let mut h = ClassHand { n: [0; DEAL_CLASSES], sorting: self.sorting };
        dice.deal(&mut self.pool, &mut self.left, n.min(16) as u32, &mut h.n);
        h
    }
}

/// A hand as one resolution sees it: how many cards of each class of its [`Sorting`] it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassHand {
    n: [u8; DEAL_CLASSES],
    sorting: Sorting,
}

impl ClassHand {
    /// The classes of given cards (rules tests, and readers who think in cards).
    pub fn of(cards: &[Card], sorting: Sorting) -> ClassHand {
        let mut n = [0u8; DEAL_CLASSES];
        for &c in cards.iter().take(16) {
            n[sorting.pool()[c as usize] as usize] += 1;
        }
        ClassHand { n, sorting }
    }

    /// Cards held.
    pub fn len(&self) -> u32 {
        self.n.iter().map(|&k| k as u32).sum()
    }

    /// Whether no card is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Cards that add 2 (J, Q, K, A) and 1 (2–10) to a roll of the sorting's colour.
    pub(super) fn adds(&self) -> (u8, u8) {
        let suit = self.sorting.suit_adds() as u8;
        (self.n[FACE] + suit * self.n[SUIT_FACE], self.n[NUMBER] + suit * self.n[SUIT_NUMBER])
    }

    /// Pay a spell's cost in cards of the caster's suit (seed l. 831–836: "0 - Ninguna carta. 1 -
    /// Cualquier carta del palo del héroe. 2 - Dos cartas, una figura o un As. Todos ellos del palo
    /// del héroe"). Cost 1: the suit's lowest card (a number card while there is one). Cost 2: one
    /// face card or ace of the suit, or its two lowest cards — whichever gives up the fewest
    /// heroic-feat successes of the roll's colour; on a tie the single face card or ace (the number
    /// cards stay, and they serve every policy). Returns the cards paid, or `None` (nothing paid)
    /// if the hand cannot pay.
    pub fn pay_cost(&mut self, cost: u8) -> Option<u32> {
        debug_assert!(cost == 0 || self.sorting.suit.is_some(), "a cost needs the caster's suit");
        let (faces, numbers) = (self.n[SUIT_FACE], self.n[SUIT_NUMBER]);
        match cost {
            0 => Some(0),
            1 if numbers > 0 => {
                self.n[SUIT_NUMBER] -= 1;
                Some(1)
            }
            1 if faces > 0 => {
                self.n[SUIT_FACE] -= 1;
                Some(1)
            }
            1 => None,
            _ => {
                // Successes a card of the suit would have added to this roll.
                let adds = |v: u32| if self.sorting.suit_adds() { v } else { 0 };
                // The two lowest cards of the suit, as (number cards, face cards).
                let two = match (numbers, faces) {
                    (2.., _) => Some((2u8, 0u8)),
                    (1, 1..) => Some((1, 1)),
                    (0, 2..) => Some((0, 2)),
                    _ => None,
                };
                let lose_two = two.map(|(n, f)| adds(n as u32 + 2 * f as u32));
                let lose_face = (faces > 0).then(|| adds(2));
                match (lose_face, two) {
                    (Some(l), _) if l <= lose_two.unwrap_or(u32::MAX) => {
                        self.n[SUIT_FACE] -= 1;
                        Some(1)
                    }
                    (_, Some((n, f))) => {
                        self.n[SUIT_NUMBER] -= n;
                        self.n[SUIT_FACE] -= f;
                        Some(2)
                    }
                    _ => None,
                }
            }
        }
    }
}

impl FeatHand for ClassHand {
    /// [`Policy::pick`] on counts: a J, Q, K or A first where the policy spends the highest card,
    /// a number card where it spends only those. Which class of two that add alike gives the card
    /// is immaterial: nothing after the feats looks at the caster's suit.
    #[inline]
    fn spend(&mut self, policy: Policy, red: bool, behind: bool) -> Option<u32> {
        debug_assert_eq!(red, self.sorting.red, "a hand sorted for the other colour");
        let (faces, numbers) = self.adds();
        let value = match policy {
            Policy::FewestToWin if behind => (faces > 0).then_some(2).or((numbers > 0).then_some(1)),
            Policy::NumberCardsOnly if behind => (numbers > 0).then_some(1),
            Policy::AllIn => (faces > 0).then_some(2).or((numbers > 0).then_some(1)),
            _ => None,
        }?;
        let (own, suit) = if value == 2 { (FACE, SUIT_FACE) } else { (NUMBER, SUIT_NUMBER) };
        if self.n[own] > 0 {
            self.n[own] -= 1;
        } else {
            self.n[suit] -= 1;
        }
        Some(value)
    }
}
