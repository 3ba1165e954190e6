//! Wolsung Steampunk Skirmish Game, per `shared/rules/wolsung.md`: opposed pools of D6 where
//! 4+ is a success, and heroic feats paid with real playing cards.
//!
//! Cards come from one 52-card deck shuffled with the same unbiased dice source (no jokers),
//! dealt into hands of 3 + heroes and spent by a stated policy, without replacement across a
//! turn's actions.

use crate::dice::{Dice, uniform_below};
use crate::engine::{Outcome, Shape, Trial};

pub mod duel;
#[cfg(test)]
mod tests;

/// The spec's ambiguity switches (`shared/rules/wolsung.md`; documented in `configs/README.md`).
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

/// `movement_penalty_floor`: floor the shooting pool or the D attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PenaltyFloor {
    /// D + band + weapon rules + elevation, then −x never below 1 (a pool already below 1
    /// stays), then Rapid's −1 last.
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
    /// Config names.
    pub const ALL: [(&'static str, SunnirScope); 3] = [
        ("magic", SunnirScope::Magic),
        ("magic_and_shooting", SunnirScope::MagicAndShooting),
        ("shooting", SunnirScope::Shooting),
    ];

    /// Does the +1 R count against magic?
    pub fn magic(self) -> bool {
        self != SunnirScope::Shooting
    }

    /// Does the +1 R count against shooting?
    pub fn shooting(self) -> bool {
        self != SunnirScope::Magic
    }
}

impl Default for Readings {
    fn default() -> Self {
        Readings {
            guard_backlash_crits: true,
            movement_penalty_floor: PenaltyFloor::Pool,
            deck_exhausted: DeckExhausted::ReshuffleDiscards,
            sunnir_scope: SunnirScope::Magic,
            knocked_down_vs_magic: false,
        }
    }
}

impl Readings {
    /// Switch names and values as printed in reports.
    pub fn list(&self) -> Vec<(&'static str, String)> {
        vec![
            ("guard_backlash_crits", self.guard_backlash_crits.to_string()),
            (
                "movement_penalty_floor",
                match self.movement_penalty_floor {
                    PenaltyFloor::Pool => "pool",
                    PenaltyFloor::Attribute => "attribute",
                }
                .into(),
            ),
            (
                "deck_exhausted",
                match self.deck_exhausted {
                    DeckExhausted::ReshuffleDiscards => "reshuffle_discards",
                    DeckExhausted::NoMoreDraws => "no_more_draws",
                }
                .into(),
            ),
            (
                "sunnir_scope",
                SunnirScope::ALL.iter().find(|(_, s)| *s == self.sunnir_scope).map(|(n, _)| *n).expect("listed").into(),
            ),
            ("knocked_down_vs_magic", self.knocked_down_vs_magic.to_string()),
        ]
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
const RANKS: [&str; 13] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

/// Red cards (♥ ♦) pay for shooting and magic missiles; black (♠ ♣) for melee and auras.
pub fn is_red(c: Card) -> bool {
    matches!(c / 13, 1 | 2)
}

/// Successes a card adds: J, Q, K, A add 2, any other card 1.
pub fn feat_value(c: Card) -> u32 {
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

    /// Pay `n` cards of `suit` (lowest first); false (and nothing paid) if there are too few.
    pub fn pay_suit(&mut self, suit: u8, n: usize) -> bool {
        if self.cards().iter().filter(|&&c| c / 13 == suit).count() < n {
            return false;
        }
        for _ in 0..n {
            let i = (0..self.len)
                .filter(|&i| self.cards[i] / 13 == suit)
                .min_by_key(|&i| self.cards[i] % 13)
                .expect("counted");
            self.remove(i);
        }
        true
    }

    /// Pay a spell's cost in cards of `suit` (seed l. 831–836: "0 - Ninguna carta. 1 - Cualquier
    /// carta del palo del héroe. 2 - Dos cartas, una figura o un As. Todos ellos del palo del
    /// héroe"). Cost 1: the lowest card of the suit. Cost 2: one face card or ace of the suit, or
    /// two cards of the suit — whichever gives up the fewest heroic-feat successes of the colour
    /// the roll will use (`feat_red`); on a tie the single face card or ace (the number cards
    /// stay, and they serve every policy). Returns the cards paid, or `None` (nothing paid) if the
    /// hand cannot pay.
    pub fn pay_cost(&mut self, suit: u8, cost: u8, feat_red: bool) -> Option<u32> {
        let useful = |c: Card| if is_red(c) == feat_red { feat_value(c) } else { 0 };
        match cost {
            0 => Some(0),
            1 => self.pay_suit(suit, 1).then_some(1),
            _ => {
                // Indices of the suit's cards, lowest rank first, on the stack (this runs every trial).
                let mut idx = [0usize; 16];
                let mut k = 0;
                for i in (0..self.len).filter(|&i| self.cards[i] / 13 == suit) {
                    idx[k] = i;
                    k += 1;
                }
                let of_suit = &mut idx[..k];
                of_suit.sort_unstable_by_key(|&i| self.cards[i] % 13);
                let face = of_suit.iter().copied().find(|&i| feat_value(self.cards[i]) == 2);
                let two = (of_suit.len() >= 2).then(|| (of_suit[0], of_suit[1]));
                let lose_two = two.map(|(a, b)| useful(self.cards[a]) + useful(self.cards[b]));
                let lose_face = face.map(|i| useful(self.cards[i]));
                match (face, two) {
                    (Some(f), _) if lose_face.unwrap_or(0) <= lose_two.unwrap_or(u32::MAX) => {
                        self.remove(f);
                        Some(1)
                    }
                    (_, Some((a, b))) => {
                        // Remove the higher index first so the lower one still names its card.
                        self.remove(a.max(b));
                        self.remove(a.min(b));
                        Some(2)
                    }
                    _ => None,
                }
            }
        }
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

    /// The card to add next, if the policy adds one now.
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

/// One side of a contest: its hand (heroes only) and policy.
pub struct Bidder<'a> {
    pub hand: Option<&'a mut Hand>,
    pub policy: Policy,
}

/// Add heroic feats to an opposed roll. The active side wins ties. With two heroes, the side
/// with fewer successes discards first (tie: the target), one card at a time alternating; once a
/// side passes it adds no more, the other may go on; then the totals are compared.
/// Returns the final (active, passive) successes and cards spent by each.
pub fn feats(active: u32, passive: u32, a: &mut Bidder, p: &mut Bidder, red: bool) -> (u32, u32, u32, u32) {
    let (mut sa, mut sp) = (active, passive);
    let (mut ca, mut cp) = (0u32, 0u32);
    let mut a_done = a.hand.is_none();
    let mut p_done = p.hand.is_none();
    // The target (passive) goes first on a tie, as does whoever has fewer successes.
    let mut active_turn = sa < sp;
    while !(a_done && p_done) {
        if active_turn && !a_done {
            let hand = a.hand.as_deref_mut().expect("not done");
            match a.policy.pick(hand, red, sa < sp) {
                Some(i) => {
                    sa += feat_value(hand.remove(i));
                    ca += 1;
                }
                None => a_done = true,
            }
        } else if !active_turn && !p_done {
            let hand = p.hand.as_deref_mut().expect("not done");
            match p.policy.pick(hand, red, sp <= sa) {
                Some(i) => {
                    sp += feat_value(hand.remove(i));
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
    /// −1 D cumulative, "calcula los modificadores de cada disparo por separado").
    pub fn shot_dice(&self, k: i32) -> i32 {
        let x = self.movement_penalty;
        let mut n = match self.floor {
            PenaltyFloor::Pool => {
                let n = self.d + self.dice_mod - k;
                if x > 0 && n >= 1 { (n - x).max(1) } else { n }
            }
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
        let mut deck = Deck::without(&[]);
        let mut sh = Hand::deal(&mut deck, dice, self.shooter_hand as usize);
        let mut th = Hand::deal(&mut deck, dice, self.target_hand as usize);
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
        let mut deck = Deck::without(&[]);
        let mut ah = Hand::deal(&mut deck, dice, self.attacker_hand as usize);
        let mut dh = Hand::deal(&mut deck, dice, self.defender_hand as usize);
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
        let mut deck = Deck::without(&[]);
        let mut hand = Hand::deal(&mut deck, dice, self.hand as usize);
        let mut th = Hand::deal(&mut deck, dice, self.target_hand as usize);
        let mut o = Outcome::default();
        let red = self.target_dice.is_some();
        let Some(paid) = hand.pay_cost(self.suit, self.cost, red) else {
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
