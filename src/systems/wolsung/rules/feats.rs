//! Heroic feats: how a hero spends cards on an opposed roll ([`Policy`]), on a hand of real cards
//! or of card classes ([`FeatHand`]), and the alternating discards of two heroes ([`feats`]).
//!
//! A file of its own because every opposed roll with a hero in it, of every trial and the duel,
//! goes through it.

use super::cards::{Hand, feat_value, is_red};

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

    /// In words, as reports show it ("fewest cards to win").
    pub fn words(self) -> &'static str {
        match self {
            Policy::Never => "no cards",
            Policy::FewestToWin => "fewest cards to win",
            Policy::NumberCardsOnly => "number cards only",
            Policy::AllIn => "all cards",
        }
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
