//! Wolsung: cards, the heroic-feat procedure, and pools against exact values.

use super::*;
use crate::dice::{Dice, ScriptedDice};
use crate::engine::{Outcome, Shape, Stop, Trial, progress::Progress, run_cells};
use crate::exact::{binomial, enumerate};

fn c(s: &str) -> Card {
    parse_card(s).unwrap_or_else(|| panic!("bad card {s}"))
}

#[test]
fn card_parsing_values_and_bid_order() {
    assert_eq!(card_text(c("A♠")), "A♠");
    assert_eq!(card_text(c("10h")), "10♥");
    assert_eq!(c("Qd"), c("Q♦"));
    assert!(parse_card("1♠").is_none() && parse_card("10x").is_none());
    assert_eq!((feat_value(c("J♣")), feat_value(c("10♣")), feat_value(c("A♥"))), (2, 1, 2));
    assert!(is_red(c("2♥")) && is_red(c("K♦")) && !is_red(c("A♠")) && !is_red(c("3♣")));
    // Value first, then ♠ > ♥ > ♦ > ♣.
    assert!(bid_rank(c("K♣")) > bid_rank(c("Q♠")));
    assert!(
        bid_rank(c("7♠")) > bid_rank(c("7♥"))
            && bid_rank(c("7♥")) > bid_rank(c("7♦"))
            && bid_rank(c("7♦")) > bid_rank(c("7♣"))
    );
}

#[test]
fn feats_fewest_cards_and_number_cards() {
    // Shooter 2 successes against 3: FewestToWin spends the K♥ (2) alone and wins 4–3.
    let mut h = Hand::of(&[c("K♥"), c("3♥"), c("5♠")]);
    let mut a = Bidder { hand: Some(&mut h), policy: Policy::FewestToWin };
    let mut p = Bidder { hand: None, policy: Policy::Never };
    assert_eq!(feats(2, 3, &mut a, &mut p, true), (4, 3, 1, 0));
    // NumberCardsOnly keeps the K♥: the 3♥ ties 3–3, and the active side wins ties.
    let mut h = Hand::of(&[c("K♥"), c("3♥"), c("5♠")]);
    let mut a = Bidder { hand: Some(&mut h), policy: Policy::NumberCardsOnly };
    assert_eq!(feats(2, 3, &mut a, &mut p, true), (3, 3, 1, 0));
    // Black cards cannot pay for a shot.
    let mut h = Hand::of(&[c("A♠"), c("K♣")]);
    let mut a = Bidder { hand: Some(&mut h), policy: Policy::AllIn };
    assert_eq!(feats(0, 1, &mut a, &mut p, true), (0, 1, 0, 0));
}

#[test]
fn feats_alternate_between_two_heroes() {
    // Shooter 3, target 3: on a tie the target discards first.
    let mut sh = Hand::of(&[c("Q♥"), c("7♥")]);
    let mut th = Hand::of(&[c("5♦"), c("A♥"), c("9♣")]);
    let mut a = Bidder { hand: Some(&mut sh), policy: Policy::FewestToWin };
    let mut p = Bidder { hand: Some(&mut th), policy: Policy::NumberCardsOnly };
    // NumberCardsOnly target: 5♦ (1) → 3 v 4; shooter Q♥ → 5 v 4; target has only A♥ (face) left → passes;
    // shooter is ahead → passes.
    assert_eq!(feats(3, 3, &mut a, &mut p, true), (5, 4, 1, 1));
}

#[test]
fn pools_match_the_binomial_closed_form() {
    let l = Leave { r: 3, c: 2 };
    let ex = enumerate(&l, 6).unwrap();
    let (a, b) = (binomial(3, 0.5), binomial(2, 0.5));
    let p: f64 = (0..=3).map(|i| (0..=2).filter(|&j| i >= j).map(|j| a[i] * b[j]).sum::<f64>()).sum();
    assert!((ex.events[0] - p).abs() < 1e-12);
}

#[test]
fn dealt_hands_match_hypergeometric_odds() {
    // P(a 5-card hand holds at least one red J, Q, K or A) = 1 − C(44,5)/C(52,5).
    struct RedFace;
    impl Trial for RedFace {
        fn shape(&self) -> Shape {
            Shape::new(vec![], vec!["red_face"])
        }
        fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
            let mut deck = Deck::without(&[]);
            let h = Hand::deal(&mut deck, dice, 5);
            let mut o = Outcome::default();
            o.flag(0, h.cards().iter().any(|&x| is_red(x) && feat_value(x) == 2));
            o
        }
    }
    let choose = |n: f64, k: f64| (0..k as u32).fold(1.0, |acc, i| acc * (n - i as f64) / (i as f64 + 1.0));
    let p = 1.0 - choose(44.0, 5.0) / choose(52.0, 5.0);
    let n = 200_000;
    let t = run_cells(&[RedFace], 21, Stop::Trials(n), &Progress::hidden()).tallies.remove(0);
    let got = t.events[0] as f64 / n as f64;
    assert!((got - p).abs() < 5.0 * (p * (1.0 - p) / n as f64).sqrt(), "{got} vs {p}");
}

#[test]
fn initiative_bid_exact() {
    // 10♠ against one random card: 8 lower ranks × 4 suits + 10♥, 10♦, 10♣ = 35 of 51.
    let b = Bid { hand: vec![c("10♠")], opponent: 1 };
    let n = 200_000;
    let t = run_cells(&[b], 22, Stop::Trials(n), &Progress::hidden()).tallies.remove(0);
    let p = 35.0 / 51.0;
    let got = t.events[0] as f64 / n as f64;
    assert!((got - p).abs() < 5.0 * (p * (1.0 - p) / n as f64).sqrt(), "{got} vs {p}");
}

#[test]
fn shooting_damage_armour_and_hard_to_kill() {
    let base = ShootingTurn {
        d: 2,
        dice_mod: 0,
        elevation: 0,
        movement_penalty: 0,
        rapid_move: false,
        floor: PenaltyFloor::Pool,
        actions: 1,
        rapid_fire: 1,
        target_dice: 1,
        reaction: Reaction::Stand,
        damage: 4,
        armour: 1,
        wounds: 3,
        hard_to_kill: true,
        fresh_target_each_shot: false,
        shooter_hand: 0,
        shooter_policy: Policy::Never,
        target_hand: 0,
        target_policy: Policy::Never,
        beginners_luck: false,
        target_luck: false,
    };
    // Deck shuffling draws no dice for empty hands. Shooter 6, 6 (2); target 1 (0):
    // hit, 2 crits, damage 4 + 2 − 1 = 5 ≥ 3 wounds, but Hard to kill leaves 1.
    let mut d = ScriptedDice::new(&[6, 6, 1]);
    let o = base.run(&mut d);
    assert_eq!((o.metrics[0], o.metrics[2], o.metrics[6]), (1, 2, 1));
    assert!(!o.has(2));
    // Dive: the target rolls 1 + 2 dice; a tie still hits.
    let dive = ShootingTurn { reaction: Reaction::Dive, hard_to_kill: false, ..base.clone() };
    let mut d = ScriptedDice::new(&[4, 1, 5, 1, 1]);
    let o = dive.run(&mut d);
    assert!(o.has(0) && o.has(2), "1 v 1 hits: 4 + 0 − 1 = 3 wounds, down");
    // Rapid Fire 2: the second shot rolls one die fewer.
    let rf = ShootingTurn { rapid_fire: 2, fresh_target_each_shot: true, ..base };
    let mut d = ScriptedDice::new(&[1, 1, 6, 6, 1]);
    let o = rf.run(&mut d);
    // Shot 1: 1, 1 (0) against 6 (1): miss. Shot 2 rolls one die: 6 (1) against 1 (0): hit.
    assert!(!o.has(0) && o.has(3));
}

#[test]
fn melee_backlash_switch() {
    let m = Melee {
        attacker_dice: 1,
        defender_dice: 2,
        guard: Guard::OnGuard,
        attacker_damage: 3,
        defender_damage: 2,
        attacker_armour: 0,
        defender_armour: 0,
        attacker_wounds: 5,
        defender_wounds: 5,
        hard_to_kill: (false, false),
        attacker_hand: 0,
        attacker_policy: Policy::Never,
        defender_hand: 0,
        defender_policy: Policy::Never,
        luck: (false, false),
        readings: Readings::default(),
    };
    // Attacker 1 (0 successes), defender 5, 6 (2): backlash 2 + 2 crits = 4.
    let mut d = ScriptedDice::new(&[1, 5, 6]);
    assert_eq!(m.run(&mut d).metrics[1], 4);
    let no_crits = Melee { readings: Readings { guard_backlash_crits: false, ..Readings::default() }, ..m.clone() };
    let mut d = ScriptedDice::new(&[1, 5, 6]);
    assert_eq!(no_crits.run(&mut d).metrics[1], 2);
    // Parry: +2 dice, and no backlash at all.
    let parry = Melee { guard: Guard::Parry, ..m };
    let mut d = ScriptedDice::new(&[1, 5, 6, 1, 1]);
    let o = parry.run(&mut d);
    assert_eq!((o.metrics[0], o.metrics[1]), (0, 0));
}

/// `Hand::pay_cost` as it was on real cards (before hands of single resolutions became counts
/// per class): the reference `ClassHand::pay_cost` must agree with, card for card.
fn pay_cost_on_cards(h: &mut Hand, suit: u8, cost: u8, feat_red: bool) -> Option<u32> {
    let useful = |c: Card| if is_red(c) == feat_red { feat_value(c) } else { 0 };
    let lowest = |h: &Hand| (0..h.len).filter(|&i| h.cards[i] / 13 == suit).min_by_key(|&i| h.cards[i] % 13);
    match cost {
        0 => Some(0),
        1 => lowest(h).map(|i| {
            h.remove(i);
            1
        }),
        _ => {
            let mut of_suit: Vec<usize> = (0..h.len).filter(|&i| h.cards[i] / 13 == suit).collect();
            of_suit.sort_by_key(|&i| h.cards[i] % 13);
            let face = of_suit.iter().copied().find(|&i| feat_value(h.cards[i]) == 2);
            let two = (of_suit.len() >= 2).then(|| (of_suit[0], of_suit[1]));
            let lose_two = two.map(|(a, b)| useful(h.cards[a]) + useful(h.cards[b]));
            let lose_face = face.map(|i| useful(h.cards[i]));
            match (face, two) {
                (Some(f), _) if lose_face.unwrap_or(0) <= lose_two.unwrap_or(u32::MAX) => {
                    h.remove(f);
                    Some(1)
                }
                (_, Some((a, b))) => {
                    h.remove(a.max(b));
                    h.remove(a.min(b));
                    Some(2)
                }
                _ => None,
            }
        }
    }
}

/// Random pairs of hands (0–9 cards each, one deck) for the card-versus-class comparisons.
fn random_hands(seed: u64, count: usize) -> Vec<(Hand, Hand)> {
    let mut d = crate::dice::D6Stream::from_seed(seed);
    (0..count)
        .map(|k| {
            let mut deck = Deck::without(&[]);
            let a = Hand::deal(&mut deck, &mut d, k % 10);
            let b = Hand::deal(&mut deck, &mut d, (k / 10) % 10);
            (a, b)
        })
        .collect()
}

/// A single resolution's hands are counts per class (so the exact evaluator can deal them in one
/// step); heroic feats on them must be exactly the feats on the real cards, for every policy of
/// either side, both colours, with or without a caster's suit among the classes, and must leave
/// the same cards behind.
#[test]
fn feats_on_class_counts_equal_feats_on_the_cards() {
    let policies = Policy::ALL.map(|(_, p)| p);
    let mut compared = 0;
    for (ah, ph) in random_hands(31, 400) {
        for red in [true, false] {
            for suit in [None, Some(0), Some(1), Some(2), Some(3)] {
                let sorting = Sorting { red, suit };
                for pa in policies {
                    for pp in policies {
                        for (s, t) in [(0, 0), (0, 1), (1, 0), (0, 3), (2, 2), (4, 1), (1, 5)] {
                            let (mut ca, mut cp) = (ah, ph);
                            let (mut ka, mut kp) =
                                (ClassHand::of(ah.cards(), sorting), ClassHand::of(ph.cards(), sorting));
                            let cards = feats(
                                s,
                                t,
                                &mut Bidder { hand: Some(&mut ca), policy: pa },
                                &mut Bidder { hand: Some(&mut cp), policy: pp },
                                red,
                            );
                            let counts = feats(
                                s,
                                t,
                                &mut Bidder { hand: Some(&mut ka), policy: pa },
                                &mut Bidder { hand: Some(&mut kp), policy: pp },
                                red,
                            );
                            assert_eq!(
                                counts,
                                cards,
                                "{:?} v {:?}, {pa:?} v {pp:?}, {s} v {t}, {sorting:?}",
                                ah.cards(),
                                ph.cards()
                            );
                            // What is left: the same cards, or, where a suit is among the classes,
                            // the same cards for feats (which of two alike went is immaterial: the
                            // cost is paid before the feats).
                            for (k, h) in [(ka, ca), (kp, cp)] {
                                let left = ClassHand::of(h.cards(), sorting);
                                if suit.is_none() {
                                    assert_eq!(k, left);
                                } else {
                                    assert_eq!((k.adds(), k.len()), (left.adds(), left.len()));
                                }
                            }
                            compared += (cards.2 + cards.3 > 0) as u32;
                        }
                    }
                }
            }
        }
    }
    assert!(compared > 10_000, "only {compared} comparisons spent a card");
}

/// A spell's cost paid from counts per class is the cost paid from the real cards: same cards
/// paid, same cards left, for every suit, cost and colour of the roll.
#[test]
fn cost_on_class_counts_equals_cost_on_the_cards() {
    let mut paid = [0u32; 3];
    for (h, _) in random_hands(32, 2_000) {
        for suit in 0..4u8 {
            for cost in 0..=2u8 {
                for red in [true, false] {
                    let sorting = Sorting { red, suit: Some(suit) };
                    let (mut cards, mut counts) = (h, ClassHand::of(h.cards(), sorting));
                    let want = pay_cost_on_cards(&mut cards, suit, cost, red);
                    assert_eq!(counts.pay_cost(cost), want, "{:?} suit {suit} cost {cost} red {red}", h.cards());
                    assert_eq!(counts, ClassHand::of(cards.cards(), sorting));
                    paid[want.unwrap_or(0) as usize] += 1;
                }
            }
        }
    }
    assert!(paid.iter().all(|&n| n > 1_000), "{paid:?}");
}

/// The class deck deals, from the same dice, the classes of the cards the real deck deals.
#[test]
fn class_deck_deals_the_classes_of_the_real_cards() {
    for sorting in [Sorting::SHOOTING, Sorting::MELEE, Sorting { red: true, suit: Some(3) }] {
        let (mut d1, mut d2) = (crate::dice::D6Stream::from_seed(5), crate::dice::D6Stream::from_seed(5));
        for k in 0..500 {
            let (mut deck, mut classes) = (Deck::without(&[]), ClassDeck::new(sorting));
            for n in [k % 10, 16 - k % 7] {
                let h = Hand::deal(&mut deck, &mut d1, n);
                assert_eq!(classes.deal(&mut d2, n), ClassHand::of(h.cards(), sorting));
            }
        }
        assert_eq!(d1.d6(), d2.d6(), "the same dice used");
    }
}
