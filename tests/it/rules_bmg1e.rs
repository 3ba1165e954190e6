//! BMG 2013 (`bmg-1e`) rule fidelity: every expected value here is derived by hand from the
//! rulebook text (`shared/seeds/004_4b6c41e44a974d34.txt`, "Lnnn" = line), independent of the
//! crate's own engines; the derivations are in the doc comments (and were checked with a small
//! exact enumerator written apart from the crate, `Fraction` arithmetic over every die face).
//! Monte Carlo results are compared with a fixed seed and a tolerance of at least 4 standard
//! errors; small attacks are enumerated exactly; rule steps are checked with scripted dice.

use skirmish_odds::analysis::cell::Cell;
use skirmish_odds::analysis::scenario::Scenario;
use skirmish_odds::config::Overrides;
use skirmish_odds::dice::{Dice, ScriptedDice};
use skirmish_odds::engine::{Outcome, Shape, Stop, Tally, Trial, progress::Progress, run_cells};
use skirmish_odds::exact::enumerate;
use skirmish_odds::registry::load;
use skirmish_odds::systems::bmg1e::rules::counters::{Exchange, Side};
use skirmish_odds::systems::bmg1e::rules::duel::{Duel, Fighter, Policy, Split};
use skirmish_odds::systems::bmg1e::rules::procedures::{LetsGo, TakeTheLead};
use skirmish_odds::systems::bmg1e::rules::*;
use skirmish_odds::systems::bmg3e::rules::Markers;
use std::path::Path;

// ---------------------------------------------------------------- helpers

use crate::common::card_1e as card;

/// Batman as printed in the rulebook (L247–257) with Reinforced Gloves (unarmed ★★, L1576).
fn batman() -> Card {
    let mut c = card(6, 3, 5, 5, 3, 8);
    c.traits.reinforced_gloves = true;
    c
}

/// The bundled Thug: Defense 3, Endurance 5.
fn thug() -> Card {
    card(3, 3, 3, 3, 4, 5)
}

/// Robin: Movement 4, Defense 4, Endurance 6, Acrobat, Martial Artist.
fn robin() -> Card {
    let mut c = card(5, 4, 4, 4, 4, 6);
    c.traits.acrobat = true;
    c.traits.martial_artist = true;
    c
}

fn pistol() -> Weapon {
    Weapon {
        kind: WeaponKind::Ranged { rate_of_fire: 1 },
        damage: Markers { stun: 0, wounds: 1 },
        traits: WeaponTraits { firearm: true, ..Default::default() },
        crt: None,
        unarmed: false,
    }
}

fn setup(attacker: Card, weapon: Weapon, target: Card) -> AttackSetup {
    AttackSetup {
        attacker,
        weapon,
        target,
        target_weapon: Weapon::unarmed(),
        target_markers: Markers::default(),
        target_knocked_down: false,
        target_armor_spent: 0,
        special_attack: SpecialAttack::None,
        melee: MeleeMods::default(),
        ranged: RangedMods::default(),
        readings: Readings::default(),
    }
}

/// Batman's 4 unarmed strikes against a Thug (the bundled `batman-brawl`), `dc` block dice.
fn brawl(dc: u8) -> AttackSetup {
    let mut s = setup(batman(), Weapon::unarmed(), thug());
    s.melee.attack_counters = 4;
    s.melee.defense_counters = dc;
    s
}

fn scenario(path: &str) -> Scenario {
    load(Path::new(path), &Overrides::default()).unwrap_or_else(|e| panic!("{path}: {e:?}"))
}

fn only_attack(sc: &Scenario) -> Attack {
    match trial1e(&sc.cells[0].trial) {
        Trial1e::Attack(a) => a.clone(),
        other => panic!("not a 2013 attack: {other:?}"),
    }
}

/// A cell's 2013 trial (the exact oracles run the concrete type).
fn trial1e(c: &Cell) -> &Trial1e {
    c.downcast().unwrap_or_else(|| panic!("not a 2013 trial: {c:?}"))
}

fn close(got: f64, want: f64, what: &str) {
    assert!((got - want).abs() < 1e-9, "{what}: got {got}, want {want}");
}

fn mc<T: skirmish_odds::engine::Sampler>(t: &T, n: u64, seed: u64) -> Tally {
    run_cells(std::slice::from_ref(t), seed, Stop::Trials(n), &Progress::hidden()).tallies.remove(0)
}

/// MC mean of metric `i` within 4.5 standard errors of the hand value.
fn mc_mean(t: &Tally, i: usize, want: f64, what: &str) {
    let m = t.moments(i);
    let tol = 4.5 * m.stderr.max(1e-4);
    assert!((m.mean - want).abs() < tol, "{what}: MC {} vs hand {want} (± {tol})", m.mean);
}

/// MC probability of event `i` within 4.5 binomial standard errors of the hand value.
fn mc_event(t: &Tally, i: usize, want: f64, what: &str) {
    let n = t.trials as f64;
    let got = t.events[i] as f64 / n;
    let tol = 4.5 * (want * (1.0 - want) / n).sqrt().max(1e-4);
    assert!((got - want).abs() < tol, "{what}: MC {got} vs hand {want} (± {tol})");
}

// ---------------------------------------------------------------- item 4: Scratch

/// L730–734, chapter BASIC RULES: "SCRATCH — If an Impact is achieved with any distance weapon, a
/// Stun Marker will always be inflicted on the target, even if the Damage roll fails." Scratch is
/// not among the WEAPONS SPECIAL RULES (L1770–1842): the bundled Rotarang has it without listing it.
///
/// Hand derivation (default `scratch_mode = per_impact`: every impact that reaches the damage roll
/// gives one ★ on top of its damage). Batman throws after moving: Throwing keeps Rate of Fire 2
/// (L1838), Remote Controlled ignores the crates' Blink! (L1822). Impacts ~ Bin(2, 2/3) against
/// Defense 3; each impact: damage 3+ (p = 2/3) gives ★★, plus the Scratch ★; collateral 6 with a
/// success +★. Thug Endurance 5 caps the markers placed. Enumerating the 2 impact, 2 damage and
/// 1 collateral dice: E[★ placed] = 728/243, P(K.O.) = 56/243 (without Scratch 460/243 and
/// 8/243), P(any marker) = P(≥ 1 impact) = 8/9.
#[test]
fn scratch_is_a_basic_rule_of_the_bundled_rotarang() {
    let a = only_attack(&scenario("configs/bmg-1e/batman-rotarang.toml"));
    let ex = enumerate(&a, 12).expect("small");
    close(ex.mean(metric::STUN), 728.0 / 243.0, "E[★ placed]");
    close(ex.events[event::KO], 56.0 / 243.0, "P(K.O.)");
    close(ex.events[event::ANY_DAMAGE], 8.0 / 9.0, "P(any marker)");
}

/// Same clause (L734), the bundled pistol (Firearm, no `scratch` listed) through a car (5+) and a
/// hedge (6+, +1 cover → 5+) against Robin dodging with 1 MC (Acrobat gives Dodge, L1188; Agility
/// D6 ≤ 4, L410). P(an impact reaches damage) = 1/2 · 2/3 · 2/3 · 1/3 = 2/27; per_impact Scratch
/// gives each such impact a ★ (E[★] = 2/27 · (1 + 1/6 · 5/6) = 41/486); ♦ on 2+ (L1788): 5/81.
#[test]
fn scratch_is_a_basic_rule_of_the_bundled_pistol() {
    let a = only_attack(&scenario("configs/bmg-1e/gunman-through-cover.toml"));
    let ex = enumerate(&a, 12).expect("small");
    close(ex.mean(metric::STUN), 41.0 / 486.0, "E[★]");
    close(ex.mean(metric::WOUNDS), 5.0 / 81.0, "E[♦]");
    close(ex.events[event::ANY_DAMAGE], 2.0 / 27.0, "P(any marker)");
}

/// L734 read three ways (switch `scratch_mode`). One pistol shot at a Defense 1 target (impact
/// 5/6: natural 1 fails, L708). Given an impact, P(≥ 1 ★): per_impact 1 ("always"); per_failed_impact
/// = P(damage fails) + P(success ∧ collateral 6) = 1/6 + 5/6 · 1/6 = 11/36; per_attack, one impact,
/// the same 11/36. Before the fix a pistol without the `scratch` trait gave only the critical's
/// 5/36 = 0.139. Listing `scratch` on the weapon changes nothing.
#[test]
fn scratch_readings_on_one_pistol_impact() {
    let mut t = thug();
    t.defense = 1;
    for (mode, want) in [
        (ScratchMode::PerImpact, 1.0),
        (ScratchMode::PerFailedImpact, 11.0 / 36.0),
        (ScratchMode::PerAttack, 11.0 / 36.0),
    ] {
        let mut s = setup(card(3, 3, 2, 3, 4, 5), pistol(), t.clone());
        s.readings.scratch_mode = mode;
        let a = Attack::new(&s).unwrap();
        let ex = enumerate(&a, 8).unwrap();
        let p_star = 1.0 - ex.metrics[metric::STUN][0];
        close(p_star / (5.0 / 6.0), want, &format!("{mode:?}: P(≥ 1 ★ | impact)"));
        let mut listed = s.clone();
        listed.weapon.traits.scratch = true;
        assert_eq!(Attack::new(&listed).unwrap(), a, "the `scratch` weapon trait is redundant");
    }
}

// ---------------------------------------------------------------- item 5: fallen / paralyzed

/// L1908 KNOCK-DOWN / FALLEN: "A fallen miniature cannot Attack or Defend itself … A fallen figure
/// will always be Impacted on a roll of 2+." So no block dice (L632–636 is defending) and 2+.
/// Batman 4 strikes (★★, S3+) vs the Thug (E5) with 2 DC placed: impacts ~ Bin(4, 5/6), E = 10/3;
/// each damages with 2/3. Enumerated: E[★ placed] = 77695/19683 = 3.9473, P(K.O.) = 3025/6561 =
/// 0.4611, P(knocked down again) = 3780475/10077696 = 0.3751. (Standing, 2 blocks: K.O. 0.1783.)
#[test]
fn knocked_down_target_is_impacted_on_2_and_cannot_block() {
    let mut s = brawl(2);
    s.target_knocked_down = true;
    let a = Attack::new(&s).unwrap();
    assert_eq!(a.block_dice, 0, "a fallen model cannot defend itself");
    let t = mc(&a, 400_000, 5);
    mc_mean(&t, metric::IMPACTS, 10.0 / 3.0, "E[impacts]");
    mc_mean(&t, metric::BLOCKS, 0.0, "E[blocks]");
    mc_mean(&t, metric::STUN, 77695.0 / 19683.0, "E[★ placed]");
    mc_event(&t, event::KO, 3025.0 / 6561.0, "P(K.O.)");
    mc_event(&t, event::KNOCKED_DOWN, 3780475.0 / 10077696.0, "P(knocked down)");
}

/// L1914 PARALYZE: "reduces his Defense value by -2 and cannot do anything (move, attack, defend
/// itself, follow special rules, or spend action counters)". Thug D3 − 2 = 1: only a natural 1
/// misses (L708), so the numbers equal the fallen case above; no block dice.
#[test]
fn paralyzed_target_loses_2_defense_and_cannot_block() {
    let mut s = brawl(2);
    s.melee.paralyzed = true;
    let a = Attack::new(&s).unwrap();
    assert_eq!((a.block_dice, a.impact.faces()), (0, 5));
    let t = mc(&a, 400_000, 6);
    mc_mean(&t, metric::STUN, 77695.0 / 19683.0, "E[★ placed]");
    mc_event(&t, event::KO, 3025.0 / 6561.0, "P(K.O.)");
}

/// L1908 / L1914 with L1327 DODGE (a passive Special Ability spending MC): neither a fallen nor a
/// paralyzed model can dodge. Pistol at Robin (D4) through the car and the covered hedge, 1 MC on
/// Dodge: fallen → impact 2+ (5/6), blinks survive 2/3 · 2/3, no Dodge: hits 10/27. Paralyzed →
/// D2: also 5/6 and no Dodge. (With Dodge the fallen case would be 10/27 · 1/3.)
#[test]
fn fallen_or_paralyzed_target_cannot_dodge() {
    for fallen in [true, false] {
        let mut s = setup(card(3, 3, 2, 3, 4, 5), pistol(), robin());
        s.ranged.obstacles = vec![5, 6];
        s.ranged.cover = true;
        s.ranged.dodge_counters = 1;
        s.target_knocked_down = fallen;
        s.ranged.paralyzed = !fallen;
        let a = Attack::new(&s).unwrap();
        assert_eq!(a.dodges, 0);
        let ex = enumerate(&a, 10).unwrap();
        close(ex.mean(metric::HITS), 10.0 / 27.0, "E[hits]");
    }
}

// ---------------------------------------------------------------- item 6: Martial Artist

/// L596: "the outnumbered character's Defense value will suffer a penalty of -1"; L1482 MARTIAL
/// ARTIST: "This character ignores the Numerical Inferiority rule." The penalty is on the
/// outnumbered target, so only a Martial Artist target ignores it.
/// (a) Batman (no Martial Artist) vs an outnumbered Thug, 2 DC: Defense 2 → impact 5/6; enumerated
///     P(K.O.) = 142175/472392 = 0.3010, E[★ placed] = 2367895/708588 = 3.3417.
/// (b) Outnumbered Robin (Martial Artist, D4) keeps impact 1/2: 4 strikes, no DC: P(K.O., E6) = 1/9,
///     E[★ placed] = 670/243.
/// (c) A Martial Artist attacker (Robin) against an outnumbered Thug still gets the −1: 2+ → 5 faces.
#[test]
fn martial_artist_protects_the_outnumbered_target_not_the_attacker() {
    let mut s = brawl(2);
    s.melee.numerical_inferiority = true;
    let a = Attack::new(&s).unwrap();
    assert_eq!(a.impact.faces(), 5, "Thug D3 − 1");
    let t = mc(&a, 400_000, 7);
    mc_event(&t, event::KO, 142175.0 / 472392.0, "(a) P(K.O.)");
    mc_mean(&t, metric::STUN, 2367895.0 / 708588.0, "(a) E[★ placed]");

    let mut s = setup(batman(), Weapon::unarmed(), robin());
    s.melee.attack_counters = 4;
    s.melee.numerical_inferiority = true;
    let a = Attack::new(&s).unwrap();
    assert_eq!(a.impact.faces(), 3, "Robin keeps Defense 4");
    let t = mc(&a, 400_000, 8);
    mc_event(&t, event::KO, 1.0 / 9.0, "(b) P(K.O.)");
    mc_mean(&t, metric::STUN, 670.0 / 243.0, "(b) E[★ placed]");

    let mut s = setup(robin(), Weapon::unarmed(), thug());
    s.melee.attack_counters = 1;
    s.melee.numerical_inferiority = true;
    assert_eq!(Attack::new(&s).unwrap().impact.faces(), 5, "(c) the attacker's Martial Artist changes nothing");
}

// ---------------------------------------------------------------- item 7: Power Armor

/// Two attacks in a row on the same target, carrying its markers and its Power Armor state.
struct TwoAttacks(Attack);

impl Trial for TwoAttacks {
    fn shape(&self) -> Shape {
        Shape::new(vec![("markers", self.0.endurance as usize)], vec!["none"])
    }
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let (_, r1) = self.0.resolve_from(dice, Markers::default(), 0);
        let (_, r2) = self.0.resolve_from(dice, r1.applied.markers, r1.armor_spent);
        let m = r2.applied.markers;
        let mut o = Outcome::default();
        o.metrics[0] = (m.stun + m.wounds) as u16;
        o.flag(0, m.stun + m.wounds == 0);
        o
    }
}

/// L1544 POWER ARMOR: "ignores the first 3 Damage Markers inflicted on him. Once 3 Damage Markers
/// have been ignored, the armor can't be used again until repaired." Three in total, not three per
/// attack. Two attacks of 2 unarmed ★★ strikes (A5, S3+) against a Defense 3, Endurance 8 target with
/// Power Armor and no DC. Per attack: impacts ~ Bin(2, 2/3), each damage 3+ gives ★★, collateral 6
/// with a success +★. Enumerating both attacks with the armor's remaining capacity carried over:
/// E[markers after both] = 26096/19683 = 1.3258, P(no marker) = 875/2187 = 0.4001. (Three per
/// attack would give 112/243 = 0.4609 and 4225/6561 = 0.6440.)
#[test]
fn power_armor_ignores_three_markers_in_total() {
    let mut t = card(3, 3, 3, 3, 4, 8);
    t.traits.power_armor = true;
    let mut s = setup(batman(), Weapon::unarmed(), t);
    s.melee.attack_counters = 2;
    let two = TwoAttacks(Attack::new(&s).unwrap());
    let ex = enumerate(&two, 16).unwrap();
    close(ex.mean(0), 26096.0 / 19683.0, "E[markers]");
    close(ex.events[0], 875.0 / 2187.0, "P(no marker)");
    // Scripted: impacts 6 6, damage 5 5 (★★ ★★), collateral 2: 4 markers, the armor takes 3.
    let a = &two.0;
    let mut d = ScriptedDice::new(&[6, 6, 5, 5, 2]);
    let (_, r) = a.resolve_from(&mut d, Markers::default(), 0);
    assert_eq!((r.applied.markers.stun, r.armor_spent), (1, 3));
    // The same dice again: the armor is used up, all 4 are placed.
    let mut d = ScriptedDice::new(&[6, 6, 5, 5, 2]);
    let (_, r) = a.resolve_from(&mut d, r.applied.markers, r.armor_spent);
    assert_eq!((r.applied.markers.stun, r.armor_spent), (5, 3));
}

// ---------------------------------------------------------------- item 8: Take the Lead

/// L316: "Players must extract a dice/counter each round until there are no more left … Also, a
/// game can't last more rounds than initially decided … even if there are dice/counters left".
/// A 6-round game (3 counters each, L2023) where A adds a Mastermind (+1, L1494) and Perfect Plan
/// (+1, L1040): A 5, B 3. Only 6 of the 8 counters are drawn; A's leads ~ Hypergeometric(8, 5, 6):
/// P(3) = C(5,3)C(3,3)/C(8,6) = 10/28, P(4) = 15/28, P(5) = 3/28 → P(A leads a majority) = 18/28 =
/// 9/14 = 0.6429 (drawing all 8 gave 1.000), E[A leads] = 6 · 5/8 = 15/4, 6 rounds always.
/// An 8-round bag cut at 6 rounds, 4 vs 4 (the independent reader's case): P(4 of 6) = 6/28 = 3/14.
#[test]
fn take_the_lead_never_lasts_beyond_the_round_limit() {
    let t = TakeTheLead { a: 5, b: 3, rounds: 6 };
    let tally = mc(&t, 400_000, 9);
    assert_eq!(tally.hists[1][6], 400_000, "always 6 rounds");
    mc_event(&tally, 2, 9.0 / 14.0, "P(A leads a majority)");
    mc_mean(&tally, 0, 15.0 / 4.0, "E[A leads]");
    let tally = mc(&TakeTheLead { a: 4, b: 4, rounds: 6 }, 400_000, 10);
    mc_event(&tally, 2, 3.0 / 14.0, "P(A leads a majority), 4 vs 4 cut at 6");
    // The config: rounds 6, a_mastermind, a_perfect_plan → that bag.
    let dir = std::env::temp_dir().join(format!("rules_bmg1e_ttl_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("ttl.toml");
    std::fs::write(
        &f,
        "ruleset = \"bmg-1e\"\nkind = \"procedure\"\ntrials = 1000\n[procedure]\ntype = \"take-the-lead\"\n\
         rounds = 6\na_mastermind = true\na_perfect_plan = true\n",
    )
    .unwrap();
    let sc = load(&f, &Overrides::default()).unwrap();
    assert!(matches!(trial1e(&sc.cells[0].trial), Trial1e::TakeTheLead(TakeTheLead { a: 5, b: 3, rounds: 6 })));
}

// ---------------------------------------------------------------- item 9: knock-down in exchanges and duels

/// L780 KNOCK DOWN (collateral die equals a damage die, not 1 on 1) and L1908 (a fallen model
/// "cannot Attack … until it stands up"), L476 ("it may stand up during its activation using 1 MC").
/// The bundled exchange, Batman 5 AC / 1 DC against the Bruiser 4 AC / 0 DC: the Bruiser has placed
/// all 4 counters in AC, so once knocked down it has no MC and cannot strike back. Batman's 5
/// strikes (★★, S3+) vs D3, no blocks, Bruiser E7 (Sturdy: it keeps ≥ 2 AC while not K.O.).
/// Enumerated: P(knocked down ∧ not K.O.) = 3713/13122 = 0.2830, P(K.O.) = 30272/177147, so
/// P(B strikes back) = 193499/354294 = 0.5462 (1 − 0.1709 before the fix, knock-down ignored).
#[test]
fn exchange_knocked_down_fighter_without_mc_cannot_strike_back() {
    let sc = scenario("configs/bmg-1e/counters-exchange.toml");
    let cell = sc.cells.iter().find(|c| c.label == "A 5/1 vs B 4/0").expect("cell");
    let tally = mc(&cell.trial, 400_000, 11);
    mc_event(&tally, 5, 3713.0 / 13122.0, "P(B knocked down, not K.O.)");
    mc_event(&tally, 3, 193499.0 / 354294.0, "P(B strikes back)");
}

/// The exchange step by step with scripted dice. Batman without gloves (unarmed ★, W6 A5 S3+), 1 AC,
/// vs a W2 A1 D1 fighter with split 1/0, Special 0 and Movement 0 (its spare counter fits nowhere).
/// Batman's impact 6; damage 4 (★: one marker, no counter lost), collateral 4 = the damage die →
/// knocked down. The fighter has no MC: it stays down, no strike back, no more dice.
#[test]
fn exchange_step_by_step_knock_down() {
    let mut b_card = card(2, 0, 1, 1, 4, 5);
    b_card.special = 0;
    let a = Side {
        card: card(6, 3, 5, 5, 3, 8),
        weapon: Weapon::unarmed(),
        markers: Markers::default(),
        split: (1, 0),
        special: SpecialAttack::None,
    };
    let b = Side {
        card: b_card.clone(),
        weapon: Weapon::unarmed(),
        markers: Markers::default(),
        split: (1, 0),
        special: SpecialAttack::None,
    };
    let x = Exchange::new(&a, &b, Readings::default()).unwrap();
    let mut d = ScriptedDice::new(&[6, 4, 4]);
    let o = x.run(&mut d);
    assert_eq!(d.used(), 3);
    assert!(o.has(5) && !o.has(3), "knocked down, no strike back");
    // With Movement 1 the spare counter is a Movement counter: it stands up and strikes back
    // (impact 6 vs Batman D5, damage 1 fails, collateral 2).
    b_card.movement = 1;
    let b = Side { card: b_card, ..b };
    let x = Exchange::new(&a, &b, Readings::default()).unwrap();
    let mut d = ScriptedDice::new(&[6, 4, 4, 6, 1, 2]);
    let o = x.run(&mut d);
    assert_eq!(d.used(), 6);
    assert!(o.has(5) && o.has(3), "stood up with 1 MC and struck back");
}

/// The duel, one round, scripted. A (W1 A6 D1 S2+) vs B (W2 A1 D1 Mv0 Sp0: 1 AC, 1 DC). Bag draw
/// face 1 → A leads. A's impact 6; B's block die 1 (needs ≥ A's Attack 6, L636); damage 3 (★),
/// collateral 3 → B knocked down. B cannot stand (no MC) so it does not attack (L1908, L476).
/// Recount: B's recovery die 1. Six dice in all, B strikes 0.
#[test]
fn duel_fallen_fighter_without_mc_does_not_attack() {
    let a = Fighter {
        card: card(1, 1, 6, 1, 2, 5),
        weapon: Weapon::unarmed(),
        start: Markers::default(),
        split: Policy::Fixed(Split::AttackFirst),
        special: SpecialAttack::None,
        perfect_plan: false,
    };
    let mut bc = card(2, 0, 1, 1, 4, 5);
    bc.special = 0;
    let b = Fighter { card: bc, ..a.clone() };
    let duel = Duel::new(a, b, 1, Readings::default()).unwrap();
    let mut d = ScriptedDice::new(&[1, 6, 1, 3, 3, 1]);
    let o = duel.run(&mut d);
    assert_eq!(d.used(), 6);
    assert_eq!((o.metrics[5], o.metrics[6]), (1, 0), "A struck once, B never");
}

// ---------------------------------------------------------------- item 10: card traits act

fn write_cfg(name: &str, body: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("rules_bmg1e_{}_{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cards = std::fs::canonicalize("configs/bmg-1e/cards.toml").unwrap();
    let f = dir.join(format!("{name}.toml"));
    std::fs::write(
        &f,
        format!("ruleset = \"bmg-1e\"\ninclude = [{:?}]\ntrials = 1000\n{body}", cards.display().to_string()),
    )
    .unwrap();
    f
}

/// L1307 DETECTIVE: "For each Detective character you have in the band, you may cancel an
/// opponent's 'pass' at the beginning of each round"; L396 pass chances = difference in non-K.O.
/// characters. Our 3 characters against Batman (Detective) and 5 others: 6 − 3 = 3, −1 → 2 passes.
/// L1498 MOB: "All Henchmen in the Band of this character obtain a +1 bonus when rolling for the
/// Let's Go! rule" — the Thug's card: per use 2/3, 1/2, 1/3, 1/6, 1/6 (L1466), E[chain of 5] =
/// 367/324. Bundled cards' traits now act; a card's trait that cannot matter gets a note.
#[test]
fn card_traits_act_in_passing_lets_go_and_notes() {
    let f = write_cfg(
        "passing",
        "kind = \"procedure\"\n[procedure]\ntype = \"passing\"\nown_cards = [\"thug\", \"gunman\", \"bruiser\"]\n\
         enemy_cards = [\"batman\", \"robin\", \"thug\", \"gunman\", \"bruiser\", \"thug\"]\n",
    );
    let sc = load(&f, &Overrides::default()).unwrap();
    assert!(matches!(trial1e(&sc.cells[0].trial), Trial1e::Passing(2)));
    let f = write_cfg(
        "letsgo",
        "kind = \"procedure\"\n[procedure]\ntype = \"lets-go\"\nhenchmen = 5\ncards = [\"thug\"]\n",
    );
    let sc = load(&f, &Overrides::default()).unwrap();
    let ex = enumerate(trial1e(&sc.cells[0].trial), 8).unwrap();
    close(ex.mean(0), 367.0 / 324.0, "E[chain] with the Thug's Mob");
    // Batman's Detective cannot matter in an attack: the report says so.
    let sc = scenario("configs/bmg-1e/batman-brawl.toml");
    assert!(sc.notes.iter().any(|n| n.text.contains("Detective (")), "{:?}", sc.notes);
}

/// L1610 SIDEKICK: "Henchmen of the Band, who are within 20cm of this character may reroll the roll
/// for Let's go!". First use 4+: P(chain ≥ 1) = 1 − (1/2)² = 3/4; with Mob 1 − (1/3)² = 8/9.
#[test]
fn sidekick_rerolls_lets_go() {
    let ex = enumerate(&LetsGo { available: 1, mob: false, sidekick_reroll: true }, 4).unwrap();
    close(ex.events[0], 3.0 / 4.0, "P(≥ 1)");
    let ex = enumerate(&LetsGo { available: 1, mob: true, sidekick_reroll: true }, 4).unwrap();
    close(ex.events[0], 8.0 / 9.0, "P(≥ 1) with Mob");
}

// ---------------------------------------------------------------- beyond the issue list

/// L1704 WEAPON MASTER: "+1 bonus to Impact rolls when it is not Unarmed" — ranged weapons too.
/// A pistol at Defense 4 needs 4+ (1/2); with Weapon Master 3+ (2/3, 4 faces).
#[test]
fn weapon_master_helps_ranged_impacts() {
    let mut a = card(3, 3, 2, 3, 4, 5);
    a.traits.weapon_master = true;
    let s = setup(a, pistol(), card(3, 3, 3, 4, 4, 5));
    assert_eq!(Attack::new(&s).unwrap().impact.faces(), 4);
}

/// L1450 BIG: "Big Characters also obtain the special rules Tough and Charge"; L1842 TOUGH/HEAVY +1
/// Strength; not cumulative with a Tough weapon (the same rule); L1265 Catcher Gear ignores Tough.
/// S4+ unarmed: 3+ (4 faces) when Big, also with a Heavy weapon; 4+ (3 faces) against Catcher Gear.
#[test]
fn big_attacker_is_tough() {
    let mut a = card(3, 3, 3, 3, 4, 5);
    a.traits.big = true;
    let s = setup(a.clone(), Weapon::unarmed(), thug());
    assert_eq!(Attack::new(&s).unwrap().damage.faces(), 4);
    let mut heavy = s.clone();
    heavy.weapon =
        Weapon { traits: WeaponTraits { heavy: true, ..Default::default() }, unarmed: false, ..Weapon::unarmed() };
    assert_eq!(Attack::new(&heavy).unwrap().damage.faces(), 4);
    let mut gear = s.clone();
    gear.target.traits.catcher_gear = true;
    assert_eq!(Attack::new(&gear).unwrap().damage.faces(), 3);
}

/// L1327 DODGE: "Each MC spent this way allows the character to make an Agility roll"; L1572
/// REFLEXES: "can reroll failed Agility rolls". Robin (Mv4) with Reflexes dodges a certain pistol
/// impact (Defense 1 → 5/6) with P = 4/6 + 2/6 · 4/6 = 8/9: E[hits] = 5/6 · 1/9 = 5/54.
#[test]
fn reflexes_rerolls_dodge() {
    let mut r = robin();
    r.defense = 1;
    r.traits.reflexes = true;
    let mut s = setup(card(3, 3, 2, 3, 4, 5), pistol(), r);
    s.ranged.dodge_counters = 1;
    let ex = enumerate(&Attack::new(&s).unwrap(), 8).unwrap();
    close(ex.mean(metric::HITS), 5.0 / 54.0, "E[hits]");
}

/// L1808 PROTECTIVE: "an extra Blink! roll after normal Blink! rolls … succeed on a 4+"; a Blink!
/// roll is one die per impact (L682). Two certain impacts (RoF 2 at a fallen target: 5/6 each) and
/// no obstacle: each survives the extra roll with 1/2 → E[hits] = 2 · 5/6 · 1/2 = 5/6.
#[test]
fn protective_extra_blink_is_one_die_per_impact() {
    let w = Weapon { kind: WeaponKind::Ranged { rate_of_fire: 2 }, ..pistol() };
    let mut s = setup(card(3, 3, 2, 3, 4, 5), w, thug());
    s.target_knocked_down = true;
    s.target_weapon.traits.protective = true;
    let ex = enumerate(&Attack::new(&s).unwrap(), 10).unwrap();
    close(ex.mean(metric::HITS), 5.0 / 6.0, "E[hits]");
}

/// L1792 HANDY: "When using these weapons, the wielder may reroll the Impact roll" — any weapon,
/// a ranged one too. Pistol at Defense 4: 1/2 + 1/2 · 1/2 = 3/4 impacts.
#[test]
fn handy_rerolls_ranged_impacts_too() {
    let mut w = pistol();
    w.traits.handy = true;
    let s = setup(card(3, 3, 2, 3, 4, 5), w, card(3, 3, 3, 4, 4, 5));
    let ex = enumerate(&Attack::new(&s).unwrap(), 8).unwrap();
    close(ex.mean(metric::IMPACTS), 3.0 / 4.0, "E[impacts]");
}

/// L1502 MOBSTER: "When attacking an outnumbered character in close combat, this character receives
/// a free extra attack" — one extra strike at no AC; with `martial_artist_vs_mobster` a Martial
/// Artist target (which ignores Numerical Inferiority, L1482) denies it.
#[test]
fn mobster_free_strike() {
    let mut m = thug();
    m.traits.mobster = true;
    let mut s = setup(m, Weapon::unarmed(), thug());
    s.melee.attack_counters = 2;
    assert_eq!(Attack::new(&s).unwrap().impact_dice, 2);
    s.melee.numerical_inferiority = true;
    assert_eq!(Attack::new(&s).unwrap().impact_dice, 3);
    s.target = robin();
    assert_eq!(Attack::new(&s).unwrap().impact_dice, 3, "default: still outnumbered");
    s.readings.martial_artist_vs_mobster = true;
    assert_eq!(Attack::new(&s).unwrap().impact_dice, 2);
}

/// L1596 SCIENTIFIC: "This character's Special Characteristic is 4 instead of 3".
#[test]
fn scientific_has_four_special_counters() {
    let mut c = card(6, 3, 3, 3, 4, 5);
    assert_eq!(c.special_counters(), 3);
    c.traits.scientific = true;
    assert_eq!(c.special_counters(), 4);
}

/// L1716 "CHARACTERS MAY ATTEMPT TO MAKE A SINGLE SPECIAL ATTACK": with both Precise Blow and
/// Devastating Blow on the card only one applies. S3+ unarmed: Devastating Blow → 2+ (5 faces),
/// impact unchanged (Defense 3 → 4 faces).
#[test]
fn only_one_special_attack() {
    let mut a = batman();
    a.traits.precise_blow = true;
    a.traits.devastating_blow = true;
    let mut s = setup(a.clone(), Weapon::unarmed(), thug());
    s.special_attack = SpecialAttack::default_for(&a, &s.weapon);
    let x = Attack::new(&s).unwrap();
    assert_eq!((x.impact.faces(), x.damage.faces()), (4, 5));
}

/// L1872 BLIND: "cannot attack with a distance weapon" — no impact dice; and its block rolls only
/// succeed on a 6 (in melee a Blind attacker still strikes, impacting on 6 only).
#[test]
fn blind_attacker_cannot_shoot() {
    let mut a = card(3, 3, 2, 3, 4, 5);
    a.traits.blind = true;
    let s = setup(a.clone(), pistol(), thug());
    assert_eq!(Attack::new(&s).unwrap().impact_dice, 0);
    let mut m = setup(a, Weapon::unarmed(), thug());
    m.melee.attack_counters = 2;
    let x = Attack::new(&m).unwrap();
    assert_eq!((x.impact_dice, x.impact.faces()), (2, 1));
}

/// L1568 RAPID FIRE (a character trait, 1 SC): "+1 Bonus to his weapon's Rate of Fire, even if he
/// moves". A moved shooter with a RoF 2 pistol: 1 + 1 = 2 dice.
#[test]
fn rapid_fire_character_trait() {
    let mut a = card(3, 3, 2, 3, 4, 5);
    a.traits.rapid_fire = true;
    let mut s = setup(a, Weapon { kind: WeaponKind::Ranged { rate_of_fire: 2 }, ..pistol() }, thug());
    s.ranged.moved = true;
    assert_eq!(Attack::new(&s).unwrap().impact_dice, 2);
}

/// L1606 SHOOTER: "ignores 1 obstacle that would force a Blink! roll … Choose the obstacle to be
/// ignored": the one the target blinks on most easily, modifiers included. Obstacles 4+ then 6+
/// with cover (+1 → 5+) against a Small target (+1, L1614): 3+ (4 faces) and 4+ (3 faces); the 4+
/// wall is ignored, the hedge remains with 3 faces.
#[test]
fn shooter_ignores_the_most_protective_obstacle() {
    let mut a = card(3, 3, 2, 3, 4, 5);
    a.traits.shooter = true;
    let mut t = thug();
    t.traits.small = true;
    let mut s = setup(a, pistol(), t);
    s.ranged.obstacles = vec![4, 6];
    s.ranged.cover = true;
    let x = Attack::new(&s).unwrap();
    assert_eq!(x.blinks.iter().map(|m| m.faces()).collect::<Vec<_>>(), vec![3]);
}

/// Reading `helpless_passive_traits = lose` (L1908 "cannot use any Special Ability", L1914 "cannot
/// … follow special rules"): a fallen target with Bat-armor MK1 and Tough Skin loses both. Default
/// `keep`. And `special_attack_ranged = false` (L1718) turns Precise Blow off for a shot.
#[test]
fn helpless_and_special_attack_readings() {
    let mut t = thug();
    t.traits.bat_armor_mk1 = true;
    t.traits.tough_skin = true;
    let mut s = brawl(0);
    s.target = t;
    s.target_knocked_down = true;
    let keep = Attack::new(&s).unwrap();
    assert!(keep.armor.is_some() && keep.damage.faces() == 3);
    s.readings.helpless_passive_traits = HelplessTraits::Lose;
    let lose = Attack::new(&s).unwrap();
    assert!(lose.armor.is_none() && lose.damage.faces() == 4);

    let mut a = card(3, 3, 2, 3, 4, 5);
    a.traits.precise_blow = true;
    let mut s = setup(a, pistol(), card(3, 3, 3, 4, 4, 5));
    s.special_attack = SpecialAttack::PreciseBlow;
    assert_eq!(Attack::new(&s).unwrap().impact.faces(), 4, "4+ with +1");
    s.readings.special_attack_ranged = false;
    assert_eq!(Attack::new(&s).unwrap().impact.faces(), 3);
}

/// L754: a K.O. character "loses all of its remaining Action Counters" — no block dice and no
/// Dodge when it is attacked again (the attack runs from its markers at roll time).
#[test]
fn ko_target_cannot_block_or_dodge() {
    let mut s = setup(card(3, 3, 2, 3, 4, 5), pistol(), robin());
    s.ranged.dodge_counters = 2;
    s.target_markers = Markers { stun: 6, wounds: 0 };
    assert_eq!(Attack::new(&s).unwrap().dodges, 0);
    let mut m = brawl(2);
    m.target_markers = Markers { stun: 5, wounds: 0 };
    assert_eq!(Attack::new(&m).unwrap().block_dice, 0);
}

/// The Take-the-Lead bag of a duel reads the cards: L1494 Mastermind +1 own counter, L1430 Kaos
/// Agent −1 enemy counter. 6 rounds: 3 + 1 for A (Mastermind), 3 − 1 for B (A's a Kaos Agent too).
#[test]
fn duel_bag_reads_mastermind_and_kaos_agent() {
    let mut ac = card(6, 3, 5, 5, 3, 8);
    ac.traits.mastermind = true;
    ac.traits.kaos_agent = true;
    let a = Fighter {
        card: ac,
        weapon: Weapon::unarmed(),
        start: Markers::default(),
        split: Policy::Fixed(Split::AttackFirst),
        special: SpecialAttack::None,
        perfect_plan: false,
    };
    let b = Fighter { card: thug(), ..a.clone() };
    assert_eq!(Duel::new(a, b, 6, Readings::default()).unwrap().bag(), [4, 2]);
}

/// L1544: "During the Casualty Recount Phase, instead of making a Recovery Roll, this character may
/// spend 2SC to repair the armor". Scripted duel round: A (Power Armor, W4 A1 D1 Sp3, unarmed ★)
/// leads (bag face 1); A's 1 strike misses (impact 1); B (W1 A6, ★★ Reinforced Gloves, S2+) strikes:
/// impact 6, A's block die 1 (needs ≥ B's Attack 6), damage 5 (★★) + collateral 6 (critical ★; 5 ≠ 6,
/// so A is not knocked down, L780): 3 markers, all ignored, armor used up. Recount: A (starting with 1 ★) has 2 of its 4 counters
/// unspent on Special (AC 1, DC 1, SC 2): it repairs instead of rolling its 1 + 2 recovery dice;
/// B has no ★. 6 dice in all — a recovery roll would have asked for 3 more.
#[test]
fn duel_power_armor_repair_in_the_recount() {
    let mut ac = card(4, 1, 1, 1, 4, 5);
    ac.traits.power_armor = true;
    let a = Fighter {
        card: ac,
        weapon: Weapon::unarmed(),
        start: Markers { stun: 1, wounds: 0 },
        split: Policy::Fixed(Split::Balanced),
        special: SpecialAttack::None,
        perfect_plan: false,
    };
    let mut bc = card(1, 1, 6, 1, 2, 5);
    bc.traits.reinforced_gloves = true;
    let b = Fighter { card: bc, split: Policy::Fixed(Split::AttackFirst), start: Markers::default(), ..a.clone() };
    let duel = Duel::new(a, b, 1, Readings::default()).unwrap();
    let mut d = ScriptedDice::new(&[1, 1, 6, 1, 5, 6]);
    let o = duel.run(&mut d);
    assert_eq!(d.used(), 6);
    assert_eq!(o.metrics[2], 0, "B's 3 markers were ignored by the armor");
}

/// A field a procedure type does not read is named in a note; running costs 1 MC that rolls no
/// die (L468: "double their BMD spending 1 MC and 1 SC"); Scientific allows 4 unspent SC (L1596):
/// a W6 card with 5 ★ on Endurance 8 (not K.O., L752) has 6 − 2 = 4 counters (L744), all on Special.
/// (Endurance was 5: 5 ★ made it K.O., which has no counters at all, L754.)
#[test]
fn procedure_notes_run_and_scientific() {
    let f = write_cfg("ttl_mob", "kind = \"procedure\"\n[procedure]\ntype = \"take-the-lead\"\nmob = true\n");
    let sc = load(&f, &Overrides::default()).unwrap();
    assert!(sc.notes.iter().any(|n| n.text.contains("does not read `mob`")), "{:?}", sc.notes);
    let f = write_cfg(
        "run",
        "kind = \"procedure\"\n[procedure]\ntype = \"movement\"\nmodel = \"robin\"\nrun = true\nmovement_counters = 4\n",
    );
    let sc = load(&f, &Overrides::default()).unwrap();
    let ex = enumerate(trial1e(&sc.cells[0].trial), 6).unwrap();
    close(ex.mean(0), 24.0 + 3.0 * 3.5, "E[distance]: 2 × 12 cm + 3 D6");
    let f = write_cfg(
        "sci",
        "kind = \"procedure\"\n[cards.prof]\nwillpower = 6\nmovement = 3\nattack = 2\ndefense = 2\nstrength = 4\n\
         endurance = 8\nspecial = 3\ntraits = [\"scientific\"]\n[procedure]\ntype = \"recovery\"\nmodel = \"prof\"\nstun = 5\nunspent_special = 4\n",
    );
    let sc = load(&f, &Overrides::default()).unwrap();
    let ex = enumerate(trial1e(&sc.cells[0].trial), 6).unwrap();
    close(ex.mean(0), 2.5, "E[★ removed]: 5 dice at 4+");
}

/// Defense and block modifiers. L602 Defensive Position "+1 against Impact rolls"; L1908 a fallen
/// model is impacted on 2+ whatever its Defense and modifiers; L1808 Protective "+1 bonus to any
/// Block rolls"; L1516 One-Armed "−1 penalty to Block rolls"; L1776 Defensive "reroll any Block
/// rolls"; L1490 Master Marksman rerolls impacts when shooting; L1339 Elusive +1 Defense vs ranged. Batman (A5) vs a Thug (D3):
/// Defensive Position → 4+ (3 faces); fallen → 2+ (5 faces). Blocks need ≥ 5: Protective 4+ (3
/// faces), One-Armed 6 (1 face), both 5+ (2 faces); Defensive rerolls.
#[test]
fn defense_and_block_modifiers() {
    let mut s = brawl(1);
    s.melee.defensive_position = true;
    assert_eq!(Attack::new(&s).unwrap().impact.faces(), 3);
    s.target_knocked_down = true;
    assert_eq!(Attack::new(&s).unwrap().impact.faces(), 5);
    let mut s = brawl(1);
    s.target_weapon.traits.protective = true;
    assert_eq!(Attack::new(&s).unwrap().block.faces(), 3);
    s.target.traits.one_armed = true;
    assert_eq!(Attack::new(&s).unwrap().block.faces(), 2);
    s.target_weapon.traits.protective = false;
    assert_eq!(Attack::new(&s).unwrap().block.faces(), 1);
    s.target_weapon.traits.defensive = true;
    assert!(Attack::new(&s).unwrap().block_reroll);
    let mut a = card(3, 3, 2, 3, 4, 5);
    a.traits.master_marksman = true;
    let x = Attack::new(&setup(a, pistol(), thug())).unwrap();
    assert!(x.impact_reroll);
    // L1339 Elusive: +1 Defense against ranged attacks: 3+ → 4+.
    let mut t = thug();
    t.traits.elusive = true;
    let mut s = setup(card(3, 3, 2, 3, 4, 5), pistol(), t);
    s.ranged.elusive = true;
    assert_eq!(Attack::new(&s).unwrap().impact.faces(), 3);
}

// ---------------------------------------------------------------- issue #23: counter budgets

/// L372: "If an action requires the character to spend more than one Action Counter and he does not
/// possess enough Action Counters, or they were not distributed into the necessary slots, he cannot
/// perform that action or use that special rule"; L326 a character has Willpower counters; L1734
/// DEVASTATING BLOW (1SC). A W3 A3 card with Devastating Blow attacks a Thug (D3) and the config
/// gives neither `attack_counters` nor `special_attack`: the special attack (the card's, declared
/// before rolling, L1716) takes 1 SC, so only 2 of the 3 counters are left for Attack.
/// Hand: 2 strikes, impact 3+ (2/3), damage S4+ +1 = 3+ (2/3), no blocks: E[damage successes] =
/// 2 · 2/3 · 2/3 = 8/9 (the old default struck 3 times: 4/3 — 4 counters from Willpower 3).
/// With `attack_counters = 3` given, no counter is left for the SC: the card's special attack is
/// not made (a note says so): 3 strikes at S4+ (1/2): E = 3 · 2/3 · 1/2 = 1.
#[test]
fn default_attack_counters_leave_room_for_the_special_attack() {
    let card = "[cards.brute]\nwillpower = 3\nmovement = 3\nattack = 3\ndefense = 3\nstrength = 4\nendurance = 5\n\
                special = 2\ntraits = [\"devastating_blow\"]\n";
    let f = write_cfg(
        "sa_default",
        &format!("kind = \"attack\"\n{card}[attack]\nattacker = \"brute\"\ntarget = \"thug\"\n"),
    );
    let sc = load(&f, &Overrides::default()).unwrap();
    let a = only_attack(&sc);
    assert_eq!(a.impact_dice, 2, "3 counters: 1 SC for Devastating Blow, 2 AC");
    close(enumerate(&a, 8).unwrap().mean(metric::DAMAGE), 8.0 / 9.0, "E[damage successes]");
    let f = write_cfg(
        "sa_explicit_ac",
        &format!("kind = \"attack\"\n{card}[attack]\nattacker = \"brute\"\ntarget = \"thug\"\nattack_counters = 3\n"),
    );
    let sc = load(&f, &Overrides::default()).unwrap();
    let a = only_attack(&sc);
    assert_eq!(a.impact_dice, 3);
    close(enumerate(&a, 8).unwrap().mean(metric::DAMAGE), 1.0, "E[damage successes] without the special attack");
    assert!(
        sc.notes.iter().any(|n| n.text.contains("devastating_blow") && n.text.contains("Willpower 3")),
        "{:?}",
        sc.notes
    );
}

/// L642 "2 AC must be spent" for a ranged attack; L1566 RAPID FIRE (1SC) "+1 Bonus to his weapon's
/// Rate of Fire"; L1341 EXPERT MARKSMAN (1SC) "targets have a -1 penalty to Blink! Rolls"; L372 an
/// action without its counters cannot be done. A sniper (A2 Sp2, both traits) shoots a pistol
/// (Rate of Fire 1) at a Thug (D3: impact 3+, 2/3) behind a 5+ obstacle (Blink! 5+: the impact survives 2/3;
/// with −1: 6 only, survives 5/6). The shot takes 2 of its counters; the rest pays the SC options
/// in the stated order, Rapid Fire first, then Expert Marksman:
/// W2 → neither: 1 die, E[hits] = 2/3 · 2/3 = 4/9; W3 → Rapid Fire: 2 dice, 2 · 4/9 = 8/9;
/// W4 → both: 2 · 2/3 · 5/6 = 10/9 (the old code gave 10/9 whatever the Willpower).
#[test]
fn ranged_trait_costs_fit_the_shooters_counters() {
    for (w, dice, want) in [(2, 1, 4.0 / 9.0), (3, 2, 8.0 / 9.0), (4, 2, 10.0 / 9.0)] {
        let f = write_cfg(
            &format!("sniper_w{w}"),
            &format!(
                "kind = \"attack\"\n[cards.sniper]\nwillpower = {w}\nmovement = 3\nattack = 2\ndefense = 3\nstrength = 4\n\
                 endurance = 5\nspecial = 2\ntraits = [\"rapid_fire\", \"expert_marksman\"]\n[attack]\nattacker = \"sniper\"\n\
                 weapon = \"pistol\"\ntarget = \"thug\"\nobstacles = [5]\n"
            ),
        );
        let sc = load(&f, &Overrides::default()).unwrap();
        let a = only_attack(&sc);
        assert_eq!(a.impact_dice, dice, "W{w}");
        close(enumerate(&a, 8).unwrap().mean(metric::HITS), want, &format!("W{w}: E[hits]"));
        if w < 4 {
            assert!(sc.notes.iter().any(|n| n.text.contains("expert_marksman")), "W{w}: {:?}", sc.notes);
        }
    }
}

// ---------------------------------------------------------------- issue #23: helpless models

/// L754 K.O.: "he loses all of its remaining Action Counters"; L1337 ELUSIVE (1MC PASSIVE): "may
/// spend 1MC to get a +1 bonus to Defense against ranged attacks". A K.O. Thug (D3, 5 ★ on E5) with
/// the Elusive trait and `elusive` set has no MC to spend: a pistol impacts on 3+ (4 faces), not 4+
/// (3 faces). (Under the reading `ko_target_fallen = true`, the default, it is impacted on 2+.)
#[test]
fn ko_or_paralyzed_target_cannot_use_elusive() {
    let mut t = thug();
    t.traits.elusive = true;
    let mut s = setup(card(3, 3, 2, 3, 4, 5), pistol(), t);
    s.target_markers = Markers { stun: 5, wounds: 0 };
    s.ranged.elusive = true;
    s.readings.ko_target_fallen = false;
    assert_eq!(Attack::new(&s).unwrap().impact.faces(), 4);
    // L1914 PARALYZE "cannot … spend action counters": a paralyzed Defense 5 target with Elusive
    // set is impacted on 5 − 2 = 3+ (4 faces), not 4+ (3 faces).
    let mut t = card(3, 3, 3, 5, 4, 5);
    t.traits.elusive = true;
    let mut s = setup(card(3, 3, 2, 3, 4, 5), pistol(), t);
    s.ranged.elusive = true;
    s.ranged.paralyzed = true;
    assert_eq!(Attack::new(&s).unwrap().impact.faces(), 4);
}

/// L1908 KNOCK-DOWN / FALLEN: "it cannot use any Special Ability until it stands up"; L364 Special
/// counters "may be used to activate some of the character's special abilities, or to recover from
/// Damage"; L1544 POWER ARMOR: "instead of making a Recovery Roll, this character may spend 2SC to
/// repair the armor". The scripted round of `duel_power_armor_repair_in_the_recount`, but B's damage
/// die 6 equals the collateral 6 (L780): A is knocked down and still lies there at the Casualty
/// Recount (it had already activated). It cannot repair (a special ability spending SC), so it
/// makes its Recovery Roll: 1 die + 1 per unspent SC (2) = 3 dice (L798), 9 dice in all — 6 if it
/// repaired.
#[test]
fn fallen_fighter_cannot_repair_power_armor() {
    let mut ac = card(4, 1, 1, 1, 4, 5);
    ac.traits.power_armor = true;
    let a = Fighter {
        card: ac,
        weapon: Weapon::unarmed(),
        start: Markers { stun: 1, wounds: 0 },
        split: Policy::Fixed(Split::Balanced),
        special: SpecialAttack::None,
        perfect_plan: false,
    };
    let mut bc = card(1, 1, 6, 1, 2, 5);
    bc.traits.reinforced_gloves = true;
    let b = Fighter { card: bc, split: Policy::Fixed(Split::AttackFirst), start: Markers::default(), ..a.clone() };
    let duel = Duel::new(a, b, 1, Readings::default()).unwrap();
    let mut d = ScriptedDice::new(&[1, 1, 6, 1, 6, 6, 4, 1, 1]);
    let o = duel.run(&mut d);
    assert_eq!(d.used(), 9, "the Recovery Roll, not the repair");
    assert_eq!(o.metrics[2], 0, "B's 3 markers were ignored by the armor");
}

/// Reading `helpless_passive_traits` (L1908 a fallen miniature "cannot use any Special Ability";
/// L1914 a paralyzed one "cannot do anything (… defend itself, follow special rules …)"; L1182
/// "TRAITS PROVIDE THE CHARACTERS WITH VARIOUS SPECIAL RULES"; L1184 passive effects "are always
/// active"). `lose` takes every passive protection of the target's own card and weapon, not only
/// the armours; `lose_when_paralyzed` (the default since issue #23) only a paralyzed target's;
/// `keep` none:
/// (a) L1482 MARTIAL ARTIST "ignores the Numerical Inferiority rule": a paralyzed, outnumbered
///     Martial Artist with Defense 5: keep → 5 − 2 = 3+ (4 faces); lose and the default →
///     5 − 2 − 1 = 2+ (5 faces).
/// (b) L1372 FOOTBALL GEAR "ignores the rules Sharp and Tough": a fallen target, a Big attacker (Tough,
///     L1450) with a Sharp knife, S4+: keep and the default → 4+ (3 faces), no Sharp; lose → 3+ (4
///     faces), Sharp.
/// (c) L1808 PROTECTIVE "the wielder benefits from an extra Blink! roll": a pistol of RoF 2 at a
///     fallen Thug (2+, 5/6): keep and the default → each impact survives the 4+ roll with 1/2,
///     E[hits] = 5/6; lose → E[hits] = 2 · 5/6 = 5/3.
/// (d) L1434 KEVLAR VEST "Reduce 1 Damage Marker … to a minimum of 1": a blade (♦♦ per success:
///     two markers, so the vest matters), one strike (A3, S4+) at a paralyzed Thug (D3 − 2 = 1:
///     impacted on 2+ — a 1 always fails — 5/6; damage 4+, 1/2; the collateral 6 adds a ★, 1/12):
///     keep → each success places ♦ (the vest drops one ♦): E[♦] = 5/6 · 1/2 = 5/12; the default
///     and lose → ♦♦: E[♦] = 5/6.
#[test]
fn helpless_passive_traits_reading() {
    use HelplessTraits::{Keep, Lose, LoseWhenParalyzed};
    assert_eq!(Readings::default().helpless_passive_traits, LoseWhenParalyzed);
    let mut t = card(3, 3, 3, 5, 4, 5);
    t.traits.martial_artist = true;
    let mut s = setup(thug(), Weapon::unarmed(), t);
    s.melee.attack_counters = 1;
    s.melee.paralyzed = true;
    s.melee.numerical_inferiority = true;
    for (r, faces) in [(Keep, 4), (LoseWhenParalyzed, 5), (Lose, 5)] {
        s.readings.helpless_passive_traits = r;
        assert_eq!(Attack::new(&s).unwrap().impact.faces(), faces, "(a) {r:?}");
    }

    let mut big = thug();
    big.traits.big = true;
    let knife = Weapon {
        damage: Markers { stun: 0, wounds: 1 },
        traits: WeaponTraits { sharp: true, ..Default::default() },
        unarmed: false,
        ..Weapon::unarmed()
    };
    let mut t = thug();
    t.traits.football_gear = true;
    let mut s = setup(big, knife, t);
    s.melee.attack_counters = 1;
    s.target_knocked_down = true;
    for (r, want) in [(Keep, (3, false)), (LoseWhenParalyzed, (3, false)), (Lose, (4, true))] {
        s.readings.helpless_passive_traits = r;
        let x = Attack::new(&s).unwrap();
        assert_eq!((x.damage.faces(), x.sharp), want, "(b) {r:?}");
    }

    let w = Weapon { kind: WeaponKind::Ranged { rate_of_fire: 2 }, ..pistol() };
    let mut s = setup(card(3, 3, 2, 3, 4, 5), w, thug());
    s.target_knocked_down = true;
    s.target_weapon.traits.protective = true;
    for (r, want) in [(Keep, 5.0 / 6.0), (LoseWhenParalyzed, 5.0 / 6.0), (Lose, 5.0 / 3.0)] {
        s.readings.helpless_passive_traits = r;
        close(enumerate(&Attack::new(&s).unwrap(), 10).unwrap().mean(metric::HITS), want, &format!("(c) {r:?}"));
    }

    let blade = Weapon { damage: Markers { stun: 0, wounds: 2 }, unarmed: false, ..Weapon::unarmed() };
    let mut t = thug();
    t.traits.kevlar_vest = true;
    let mut s = setup(card(3, 3, 3, 3, 4, 5), blade, t);
    s.melee.attack_counters = 1;
    s.melee.paralyzed = true;
    for (r, want) in [(Keep, 5.0 / 12.0), (LoseWhenParalyzed, 5.0 / 6.0), (Lose, 5.0 / 6.0)] {
        s.readings.helpless_passive_traits = r;
        close(enumerate(&Attack::new(&s).unwrap(), 10).unwrap().mean(metric::WOUNDS), want, &format!("(d) {r:?}"));
    }
}

// ---------------------------------------------------------------- issue #23: reading switches

/// Reading `ko_target_fallen`. L754 "the miniature gets laid on the ground, and remains like that
/// until recovery"; L802 after recovering it will "remain lying down until it is able to stand up";
/// L1908 "A fallen figure will always be Impacted on a roll of 2+". One strike (A3, S4+, a blade ♦)
/// at a K.O. Thug (D3, 5 ★ on Endurance 5): each ♦ replaces a ★ (L762).
/// `true` (default): impact 2+ (5/6), damage 4+ (1/2): E[♦ placed] = 5/12.
/// `false`: impact 3+ (2/3): E[♦ placed] = 1/3 (the code before issue #23).
#[test]
fn ko_target_fallen_reading() {
    let blade = Weapon { damage: Markers { stun: 0, wounds: 1 }, unarmed: false, ..Weapon::unarmed() };
    let mut s = setup(card(3, 3, 3, 3, 4, 5), blade, thug());
    s.melee.attack_counters = 1;
    s.target_markers = Markers { stun: 5, wounds: 0 };
    for (on, want) in [(true, 5.0 / 12.0), (false, 1.0 / 3.0)] {
        s.readings.ko_target_fallen = on;
        let ex = enumerate(&Attack::new(&s).unwrap(), 6).unwrap();
        close(ex.mean(metric::WOUNDS), want, &format!("ko_target_fallen = {on}: E[♦ placed]"));
    }
    assert!(Readings::default().ko_target_fallen);
    // A config attacking a K.O. target says which reading placed its numbers.
    let f = write_cfg(
        "ko_fallen",
        "kind = \"attack\"\n[attack]\nattacker = \"batman\"\ntarget = \"thug\"\ntarget_stun = 5\nattack_counters = 1\n",
    );
    let sc = load(&f, &Overrides::default()).unwrap();
    assert_eq!(only_attack(&sc).impact.faces(), 5);
    assert!(sc.setup.iter().any(|l| l.contains("ko_target_fallen = true")), "{:?}", sc.setup);
}

/// Reading `protective_blink_modifiers`. L1808 PROTECTIVE: "the wielder benefits from an extra Blink!
/// roll after normal Blink! rolls have been made. This last Blink! Roll will succeed on a 4+ result";
/// L1343 EXPERT MARKSMAN "targets have a -1 penalty to Blink! Rolls"; L1450 Big "-1 penalty on all
/// their Blink! Rolls"; L1614 Small "+1 bonus on Blink! Rolls". A pistol (RoF 1) at a Thug (D3:
/// impact 2/3) with a Protective weapon, no obstacle:
/// `true` (default): Expert Marksman → the extra roll needs 5+, the impact survives 2/3: E[hits] = 4/9;
///   a Small target → 3+, survives 1/3: 2/9; Expert Marksman at a Big target → 6, survives 5/6: 5/9.
/// `false`: always 4+: 2/3 · 1/2 = 1/3 (the code before issue #23).
#[test]
fn protective_blink_modifiers_reading() {
    let mut marksman = card(4, 3, 2, 3, 4, 5);
    marksman.traits.expert_marksman = true;
    let mut small = thug();
    small.traits.small = true;
    let mut big = thug();
    big.traits.big = true;
    for (shooter, target, on_true) in
        [(marksman.clone(), thug(), 4.0 / 9.0), (card(4, 3, 2, 3, 4, 5), small, 2.0 / 9.0), (marksman, big, 5.0 / 9.0)]
    {
        let mut s = setup(shooter, pistol(), target);
        s.target_weapon.traits.protective = true;
        for (on, want) in [(true, on_true), (false, 1.0 / 3.0)] {
            s.readings.protective_blink_modifiers = on;
            let ex = enumerate(&Attack::new(&s).unwrap(), 8).unwrap();
            close(ex.mean(metric::HITS), want, &format!("protective_blink_modifiers = {on}: E[hits]"));
        }
    }
    assert!(Readings::default().protective_blink_modifiers);
}

/// Reading `kevlar_drops`. L1432 KEVLAR VEST: "Reduce 1 Damage Marker whenever this character
/// receives damage, to a minimum of 1". A chain (★♦ per success) strikes once (A3, S4+) at a Thug
/// (D3) with a Kevlar Vest: impact 2/3, damage 1/2, critical (a success and the collateral 6) 1/12.
/// `wound` (default, the wearer drops the ♦): E[★] = 2/3 · (1/2 + 1/12) = 7/18, E[♦] = 0.
/// `stun` (the code before issue #23): E[★] = 2/3 · 1/12 = 1/18, E[♦] = 2/3 · 1/2 = 1/3.
#[test]
fn kevlar_drops_reading() {
    let chain = Weapon { damage: Markers { stun: 1, wounds: 1 }, unarmed: false, ..Weapon::unarmed() };
    let mut t = thug();
    t.traits.kevlar_vest = true;
    let mut s = setup(card(3, 3, 3, 3, 4, 5), chain, t);
    s.melee.attack_counters = 1;
    for (drop, stun, wounds) in [(KevlarDrops::Wound, 7.0 / 18.0, 0.0), (KevlarDrops::Stun, 1.0 / 18.0, 1.0 / 3.0)] {
        s.readings.kevlar_drops = drop;
        let ex = enumerate(&Attack::new(&s).unwrap(), 6).unwrap();
        close(ex.mean(metric::STUN), stun, &format!("{drop:?}: E[★]"));
        close(ex.mean(metric::WOUNDS), wounds, &format!("{drop:?}: E[♦]"));
    }
    assert_eq!(Readings::default().kevlar_drops, KevlarDrops::Wound);
}

/// Issue #23 review, finding 3. L1343 EXPERT MARKSMAN "targets have a -1 penalty to Blink!
/// Rolls"; L1808 PROTECTIVE "an extra Blink! roll … will succeed on a 4+ result". A Marksman
/// (W4 A3 Sp2) shoots a pistol (RoF 1) at a Thug (D3, impact 2/3) holding a Protective shield,
/// no obstacle. Under `protective_blink_modifiers = true` the extra roll needs 5+ (survives 2/3):
/// P(a marker) = 2/3 · 2/3 = 4/9, and the trait pays 1 SC; so no note may say the trait "cannot
/// change this attack's numbers", and the setup line lists only the modifier that applies
/// (Expert Marksman −1; the Thug is neither Big nor Small). Under `false` it is 4+: 2/3 · 1/2 =
/// 1/3 and the trait then cannot change the numbers (the note is right there).
#[test]
fn expert_marksman_against_protective_is_not_called_unused() {
    let body = |on: bool| {
        format!(
            "kind = \"attack\"\n[readings]\nprotective_blink_modifiers = {on}\n\
             [cards.marksman]\nname = \"Marksman\"\nwillpower = 4\nmovement = 2\nattack = 3\ndefense = 3\nstrength = 4\nendurance = 5\nspecial = 2\ntraits = [\"expert_marksman\"]\n\
             [weapons.shield]\nname = \"Shield\"\nkind = \"melee\"\ndamage = \"★\"\ntraits = [\"protective\"]\n\
             [attack]\nattacker = \"marksman\"\ntarget = \"thug\"\nweapon = \"pistol\"\ntarget_weapon = \"shield\"\n"
        )
    };
    for (on, want) in [(true, 4.0 / 9.0), (false, 1.0 / 3.0)] {
        let sc = load(&write_cfg(&format!("em_protective_{on}"), &body(on)), &Overrides::default()).unwrap();
        let ex = enumerate(trial1e(&sc.cells[0].trial), 8).unwrap();
        close(ex.mean(metric::HITS), want, &format!("protective_blink_modifiers = {on}: E[hits]"));
        let unused = sc.notes.iter().any(|n| n.text.contains("Expert Marksman (") && n.text.contains("cannot change"));
        assert_eq!(unused, !on, "protective_blink_modifiers = {on}: {:?}", sc.notes);
        if on {
            let line = sc.setup.iter().find(|l| l.contains("Protective extra Blink!")).expect("a Protective line");
            assert!(line.contains("5+ with the Blink! modifiers (Expert Marksman −1)"), "{line}");
            assert!(sc.setup.iter().any(|l| l.contains("1 SC each for `expert_marksman`")), "{:?}", sc.setup);
        }
    }
}

/// Issue #23 review, finding 7. Under `helpless_passive_traits = lose` a knocked-down target loses
/// its Kevlar Vest (L1908 a fallen miniature "cannot use any Special Ability"; L1432 the vest):
/// a sword (★♦) then gives the same numbers under `kevlar_drops = wound` and `stun`, so no
/// "Kevlar Vest against" line may claim the reading places them; a line says the vest is lost.
/// Under `keep` the line stays and the readings differ. Knocked down (L1908): impact on 2+
/// (5/6 per strike), damage S4+ (1/2); a Thug strikes with 3 AC.
#[test]
fn no_kevlar_line_when_the_vest_is_lost() {
    let body = |helpless: &str, drop: &str| {
        format!(
            "kind = \"attack\"\n[readings]\nhelpless_passive_traits = \"{helpless}\"\nkevlar_drops = \"{drop}\"\n\
             [cards.bigguy]\nname = \"Big guy\"\nwillpower = 3\nmovement = 3\nattack = 3\ndefense = 3\nstrength = 4\nendurance = 6\nspecial = 1\ntraits = [\"big\", \"kevlar_vest\"]\n\
             [weapons.sword]\nname = \"Sword\"\nkind = \"melee\"\ndamage = \"★♦\"\n\
             [attack]\nattacker = \"thug\"\ntarget = \"bigguy\"\nweapon = \"sword\"\ntarget_knocked_down = true\n"
        )
    };
    let mut wounds = Vec::new();
    for helpless in ["lose", "keep"] {
        for drop in ["wound", "stun"] {
            let sc =
                load(&write_cfg(&format!("kevlar_{helpless}_{drop}"), &body(helpless, drop)), &Overrides::default())
                    .unwrap();
            let ex = enumerate(trial1e(&sc.cells[0].trial), 8).unwrap();
            wounds.push(ex.mean(metric::WOUNDS));
            let line = sc.setup.iter().any(|l| l.contains("Kevlar Vest against"));
            assert_eq!(line, helpless == "keep", "{helpless}/{drop}: {:?}", sc.setup);
            let lost =
                sc.setup.iter().any(|l| l.contains("loses its passive protective traits") && l.contains("Kevlar Vest"));
            assert_eq!(lost, helpless == "lose", "{helpless}/{drop}: {:?}", sc.setup);
        }
    }
    close(wounds[0], wounds[1], "lose: the vest is gone, wound = stun");
    assert!((wounds[2] - wounds[3]).abs() > 0.1, "keep: the readings differ {wounds:?}");
}

/// Issue #23 review, finding 4. A sweep keeps only the setup lines all its cells share, so the
/// K.O. cell of a `target_stun` sweep must carry a note naming `ko_target_fallen`. Batman (A5,
/// S3) strikes a Thug (D3, E5) with 4 AC, no block. target_stun = 5 is K.O. (L752).
/// `true`: lying on the ground, impacted on 2+ (L754, L1908): E[damage successes] = 4 · 5/6 · 2/3
/// = 20/9; `false`: Defense 3, impact 3+: 4 · 2/3 · 2/3 = 16/9. (Damage S3: 3+, 2/3.)
#[test]
fn sweep_into_ko_names_ko_target_fallen() {
    for (on, want) in [(true, 20.0 / 9.0), (false, 16.0 / 9.0)] {
        let f = write_cfg(
            &format!("sweep_ko_{on}"),
            &format!(
                "kind = \"sweep\"\n[readings]\nko_target_fallen = {on}\n[attack]\nattacker = \"batman\"\ntarget = \"thug\"\n\
                 attack_counters = 4\ndefense_counters = 0\n[sweep]\nparameter = \"target_stun\"\nfrom = 3\nto = 5\n"
            ),
        );
        let sc = load(&f, &Overrides::default()).unwrap();
        let ko = sc.cells.iter().find(|c| c.label == "★ on the target = 5").expect("the K.O. cell");
        let ex = enumerate(trial1e(&ko.trial), 16).unwrap();
        close(ex.mean(metric::DAMAGE), want, &format!("ko_target_fallen = {on}: E[damage successes]"));
        let named = format!("ko_target_fallen = {on}");
        assert!(
            sc.notes.iter().any(|n| n.text.contains(&named) && n.text.contains("K.O."))
                || sc.setup.iter().any(|l| l.contains(&named)),
            "{on}: {:?} / {:?}",
            sc.notes,
            sc.setup
        );
    }
}

/// Issue #23 review, finding 6. L752: a model with as many ★ as its Endurance is K.O.; L754 it
/// has no counters; its recovery is the Endurance roll (L800: 2D6 ≤ Endurance removes one ★).
/// Batman (E8, not Resilient) with 8 ★ and `ko` omitted: P(2D6 ≤ 8) = 26/36 (the sums 9–12 are
/// 4 + 3 + 2 + 1 = 10 of 36), not the stun recovery 1 die 4+ = 1/2 of the code before.
#[test]
fn recovery_at_endurance_is_ko() {
    let f = write_cfg(
        "recovery_at_endurance",
        "kind = \"procedure\"\n[procedure]\ntype = \"recovery\"\nmodel = \"batman\"\nstun = 8\n",
    );
    let sc = load(&f, &Overrides::default()).unwrap();
    let ex = enumerate(trial1e(&sc.cells[0].trial), 8).unwrap();
    close(ex.events[1], 26.0 / 36.0, "P(recovered from K.O.) for a K.O. Batman");
    assert!(sc.setup.iter().any(|l| l.contains("K.O.: an Endurance roll")), "{:?}", sc.setup);
}

/// Issue #23 review, finding 8. L1716 one special attack per activation; L372 an action without
/// its counters cannot be done. A Brawler (W3, Precise and Devastating Blow) striking with 3 AC
/// has no counter left for either: no note may say the special attack "is used".
#[test]
fn dropped_special_attack_is_not_called_used() {
    let f = write_cfg(
        "brawler_notes",
        "kind = \"attack\"\n[cards.brawler]\nname = \"Brawler\"\nwillpower = 3\nmovement = 2\nattack = 3\ndefense = 3\n\
         strength = 4\nendurance = 5\nspecial = 1\ntraits = [\"precise_blow\", \"devastating_blow\"]\n\
         [attack]\nattacker = \"brawler\"\ntarget = \"thug\"\nattack_counters = 3\n",
    );
    let sc = load(&f, &Overrides::default()).unwrap();
    assert!(sc.notes.iter().any(|n| n.text.contains("is not made")), "{:?}", sc.notes);
    assert!(!sc.notes.iter().any(|n| n.text.contains("is used")), "{:?}", sc.notes);
}
