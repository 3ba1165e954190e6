//! Wolsung Steampunk Skirmish Game, per `shared/rules/wolsung.md`: opposed pools of D6 where
//! 4+ is a success, and heroic feats paid with real playing cards.
//!
//! Cards come from one 52-card deck shuffled with the same unbiased dice source (no jokers),
//! dealt into hands of 3 + heroes and spent by a stated policy, without replacement across a
//! turn's actions. A duel holds real cards ([`Hand`]: bids and discards look at ranks and suits);
//! a single shot, melee attack or spell holds only counts of the card classes it can tell apart
//! ([`ClassHand`]), which the exact evaluator deals in one step.

use crate::dice::{DEAL_CLASSES, Dice, uniform_below};
use crate::engine::{Outcome, Shape, Trial};

pub mod duel;
mod info;
#[cfg(test)]
mod tests;

/// The spec's ambiguity switches (`shared/rules/wolsung.md`; documented in `configs/README.md`).
/// Their config names, values and defaults are declared once in the system's schema
/// (`schema::Readings`), which also implements `Default` for this struct.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Readings {
    /// A parried-over-guard attacker also suffers the defender's excess successes as criticals.
    pub guard_backlash_crits: bool,
    /// Where *Movement penalty [x]*'s "to a minimum of 1" applies (seed l. 999–1003).
    pub movement_penalty_floor: PenaltyFloor,
    /// What happens when a draw finds the shared deck empty (the seed never says).
    pub deck_exhausted: DeckExhausted,
    /// What *Técnicas de los maestros de Sunnir*' "Protección Mágica [+1R]" protects against.
    pub sunnir_scope: SunnirScope,
    /// Whether the knocked-down +2 R ("contra ataques a distancia") also counts against magic.
    pub knocked_down_vs_magic: bool,
}

/// `movement_penalty_floor`: where *Movement penalty [x]*'s "hasta un mínimo de 1" (seed
/// l. 999–1003) falls in the shooter's pool. The pool is "su atributo Disparo modificado de la
/// siguiente manera: Modificadores por alcance del arma / Modificadores por reglas especiales del
/// arma / Bono por elevación" (l. 513–520); *Rapid*'s −1 D comes "después de cualquier otro
/// modificador" (l. 1008) under every value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PenaltyFloor {
    /// The listed order (default): D + band + weapon rules (Rapid Fire's −1 D per later shot, then
    /// the Movement penalty −x never below 1; a pool already below 1 stays), then the elevation
    /// bonus, then Rapid's −1 last.
    Listed,
    /// D + band + weapon rules + elevation, then −x never below 1 (a pool already below 1
    /// stays), then Rapid's −1 last (the default before issue #23).
    Pool,
    /// max(1, D − x), then band, weapon rules and elevation, then Rapid's −1 last.
    Attribute,
}

/// `deck_exhausted`: what an empty deck does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeckExhausted {
    /// The discards (every card in no hand) are shuffled into a new deck.
    ReshuffleDiscards,
    /// No more cards are drawn this game.
    NoMoreDraws,
}

/// `sunnir_scope`: the rolls "Protección Mágica [+1R]" adds a die to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SunnirScope {
    /// Magic missiles and magic attacks only.
    Magic,
    /// Magic and shooting.
    MagicAndShooting,
    /// Shooting only (the earlier digest's reading).
    Shooting,
}

impl SunnirScope {
    /// Does the +1 R count against magic?
    pub fn magic(self) -> bool {
        self != SunnirScope::Shooting
    }

    /// Does the +1 R count against shooting?
    pub fn shooting(self) -> bool {
        self != SunnirScope::Magic
    }
}

/// *Beginner's luck* (seed l. 990–994: "Una vez por partida, un Humano puede repetir toda la
/// tirada de dados cuando Dispara, Pelea Cuerpo a Cuerpo o está siendo objetivo de un Ataque"):
/// after both sides roll and before any heroic feat, the side whose roll loses re-rolls its whole
/// roll if it still has its once-per-game luck (the active side loses on fewer successes, the
/// passive side on as many or fewer); then the other side may answer with its own. A side rolling
/// no dice keeps its luck (a re-roll could not change anything). Returns the final successes and
/// whether each side used its luck.
#[allow(clippy::too_many_arguments)]
pub fn lucky_rolls<D: Dice>(
    dice: &mut D,
    mut s: u32,
    mut t: u32,
    active_dice: i32,
    passive_dice: i32,
    active_luck: &mut bool,
    passive_luck: &mut bool,
) -> (u32, u32, bool, bool) {
    let (mut ua, mut up) = (false, false);
    loop {
        if s < t && *active_luck && active_dice > 0 {
            *active_luck = false;
            ua = true;
            s = successes(dice, active_dice);
        } else if s >= t && *passive_luck && passive_dice > 0 {
            *passive_luck = false;
            up = true;
            t = successes(dice, passive_dice);
        } else {
            return (s, t, ua, up);
        }
    }
}

/// Successes (4, 5, 6) in a pool of `n` dice (at least zero dice).
#[inline]
pub fn successes<D: Dice>(dice: &mut D, n: i32) -> u32 {
    dice.count_hits(n.max(0) as u32, crate::dice::SuccessMask::FOUR_UP)
}

// ---------------------------------------------------------------------------------------------
// Cards

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
    cards: [Card; 16],
    len: usize,
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

    fn remove(&mut self, i: usize) -> Card {
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

/// How a hero spends heroic-feat cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Never spend cards.
    Never,
    /// Spend only while behind, face cards and aces first: the fewest cards to win the roll.
    FewestToWin,
    /// Like `FewestToWin`, but keep face cards and aces (spend number cards only).
    NumberCardsOnly,
    /// Spend every eligible card on every roll (most criticals now, nothing left later).
    AllIn,
}

impl Policy {
    /// Config names.
    pub const ALL: [(&'static str, Policy); 4] = [
        ("never", Policy::Never),
        ("fewest_to_win", Policy::FewestToWin),
        ("number_cards_only", Policy::NumberCardsOnly),
        ("all_in", Policy::AllIn),
    ];

    /// Config name.
    pub fn name(self) -> &'static str {
        Policy::ALL.iter().find(|(_, p)| *p == self).map(|(n, _)| *n).expect("listed")
    }

    /// The card to add next, if the policy adds one now. [`ClassHand`]'s `spend` makes the same
    /// choice from counts: only the value of the card matters to the roll (the rank order below
    /// picks among cards of one value, which matters where the hand lives on, in a duel).
    fn pick(self, hand: &Hand, red: bool, behind: bool) -> Option<usize> {
        let eligible = |&i: &usize| is_red(hand.cards[i]) == red;
        let idx = (0..hand.len).filter(eligible);
        match self {
            Policy::Never => None,
            Policy::FewestToWin if behind => {
                idx.max_by_key(|&i| feat_value(hand.cards[i]) * 16 + (hand.cards[i] % 13) as u32)
            }
            Policy::NumberCardsOnly if behind => {
                idx.filter(|&i| feat_value(hand.cards[i]) == 1).min_by_key(|&i| hand.cards[i] % 13)
            }
            Policy::AllIn => idx.max_by_key(|&i| feat_value(hand.cards[i])),
            _ => None,
        }
    }
}

/// A hand heroic feats can draw on: real cards ([`Hand`]) or counts per class ([`ClassHand`]).
pub trait FeatHand {
    /// Discard the card `policy` adds next to a roll whose feats take `red` (or black) cards,
    /// given whether this side is `behind`, and return the successes it adds; `None` to pass.
    fn spend(&mut self, policy: Policy, red: bool, behind: bool) -> Option<u32>;
}

impl FeatHand for Hand {
    #[inline]
    fn spend(&mut self, policy: Policy, red: bool, behind: bool) -> Option<u32> {
        policy.pick(self, red, behind).map(|i| feat_value(self.remove(i)))
    }
}

/// One side of a contest: its hand (heroes only) and policy.
pub struct Bidder<'a, H: FeatHand> {
    pub hand: Option<&'a mut H>,
    pub policy: Policy,
}

/// Add heroic feats to an opposed roll. The active side wins ties. With two heroes, the side
/// with fewer successes discards first (tie: the target), one card at a time alternating; once a
/// side passes it adds no more, the other may go on; then the totals are compared.
/// Returns the final (active, passive) successes and cards spent by each.
pub fn feats<H: FeatHand>(
    active: u32,
    passive: u32,
    a: &mut Bidder<H>,
    p: &mut Bidder<H>,
    red: bool,
) -> (u32, u32, u32, u32) {
    let (mut sa, mut sp) = (active, passive);
    let (mut ca, mut cp) = (0u32, 0u32);
    let mut a_done = a.hand.is_none();
    let mut p_done = p.hand.is_none();
    // The target (passive) goes first on a tie, as does whoever has fewer successes.
    let mut active_turn = sa < sp;
    while !(a_done && p_done) {
        if active_turn && !a_done {
            let hand = a.hand.as_deref_mut().expect("not done");
            match hand.spend(a.policy, red, sa < sp) {
                Some(v) => {
                    sa += v;
                    ca += 1;
                }
                None => a_done = true,
            }
        } else if !active_turn && !p_done {
            let hand = p.hand.as_deref_mut().expect("not done");
            match hand.spend(p.policy, red, sp <= sa) {
                Some(v) => {
                    sp += v;
                    cp += 1;
                }
                None => p_done = true,
            }
        }
        active_turn = !active_turn;
    }
    (sa, sp, ca, cp)
}

// ---------------------------------------------------------------------------------------------
// Cards as one resolution sees them

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
    fn adds(&self) -> (u8, u8) {
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

// ---------------------------------------------------------------------------------------------
// Shooting

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

// ---------------------------------------------------------------------------------------------
// Melee

/// The defender's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guard {
    /// "En guardia": fights normally and may strike back.
    OnGuard,
    /// "Parada": +2 C this action, no backlash.
    Parry,
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

/// Wounds left after `dealt` damage (*Hard to kill*: a model with more than 1 wound stays at 1).
pub fn wound(wounds: u32, dealt: u32, hard: bool) -> u32 {
    let left = wounds.saturating_sub(dealt);
    if left == 0 && hard && wounds > 1 { 1 } else { left }
}

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

// ---------------------------------------------------------------------------------------------
// Magic, initiative, leaving combat

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

/// Leaving melee: the model's R dice against the C dice of the enemy in contact with the
/// highest C; it leaves on at least as many successes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leave {
    pub r: i32,
    pub c: i32,
}

impl Trial for Leave {
    fn shape(&self) -> Shape {
        Shape::new(vec![], vec!["leaves"])
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let mut o = Outcome::default();
        let (a, b) = (successes(dice, self.r), successes(dice, self.c));
        o.flag(0, a >= b);
        o
    }
}

/// Every Wolsung trial.
#[derive(Clone, Debug, PartialEq)]
pub enum TrialWolsung {
    Shooting(ShootingTurn),
    Melee(Melee),
    Magic(Magic),
    Bid(Bid),
    Leave(Leave),
    Duel(duel::Duel),
}

impl Trial for TrialWolsung {
    fn shape(&self) -> Shape {
        match self {
            TrialWolsung::Shooting(t) => t.shape(),
            TrialWolsung::Melee(t) => t.shape(),
            TrialWolsung::Magic(t) => t.shape(),
            TrialWolsung::Bid(t) => t.shape(),
            TrialWolsung::Leave(t) => t.shape(),
            TrialWolsung::Duel(t) => t.shape(),
        }
    }

    #[inline]
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        match self {
            TrialWolsung::Shooting(t) => t.run(dice),
            TrialWolsung::Melee(t) => t.run(dice),
            TrialWolsung::Magic(t) => t.run(dice),
            TrialWolsung::Bid(t) => t.run(dice),
            TrialWolsung::Leave(t) => t.run(dice),
            TrialWolsung::Duel(t) => t.run(dice),
        }
    }
}
