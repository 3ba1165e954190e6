//! A BMG 2013 duel over several rounds.
//!
//! Before round 1 both players put their share of the round limit (⌈rounds / 2⌉ each) in the
//! Take-the-Lead bag, +1 per *Mastermind* and +1 for *Perfect Plan* on their side, −1 per enemy
//! *Kaos Agent* (seed L312, L1494, L1040, L1430). Each round one counter is drawn; its owner
//! leads and activates first; the game ends when the bag is empty or at the round limit (L316).
//! Each character generates Willpower counters less one per 2 markers (*Insensitive*, *Sturdy*,
//! *Weak*); a knocked-down character puts 1 Movement counter aside to stand up (L476; *Acrobat*
//! free), then splits the rest between Attack and Defense by its policy, the remainder on
//! Special, then Movement ([`place`]). In its activation a fallen character stands up first; one
//! that cannot (no MC) does not attack (L1908). A special attack costs 1 SC. The leader attacks
//! with its AC against the other's DC — none if the other is down, and then it is impacted on 2+
//! — and the other, if still up, strikes back with the AC it has left after losing counters to
//! the damage. The collateral die knocks the target down. *Power Armor* ignores 3 markers in
//! total until repaired. Casualty Recount: a K.O. character makes an Endurance roll to remove one
//! ★ (it stays lying down); a standing character whose Power Armor is used up repairs it with 2 SC
//! instead of its Recovery Roll (a fallen one cannot use a special ability, L1908); any other with ★ rolls one die plus one per unspent Special counter,
//! each 4+ removing one ★. The duel ends at the round limit, when the bag is empty, or after a
//! Recount that leaves a side K.O. or removed. The round loop and the outcome layout are the shared
//! duel driver's ([`crate::analysis::duel`]), as for every system's duel; the per-side count is the
//! Attack counters struck with.

pub mod exact;
pub mod plan;

pub use plan::Split;

use super::attack::{Attack, Resolved, metric as attack_metric};
use super::card::Card;
use super::counters::{Plan, available, place};
use super::markers::counters_lost;
use super::mods::{MeleeMods, RangedMods};
use super::procedures::bag_counters;
use super::readings::Readings;
use super::recount::recount;
use super::rule_error::RuleError;
use super::setup::{AttackSetup, SpecialAttack};
use super::weapon::Weapon;
use crate::analysis::duel::{DuelRules, Maxima, Record};
use crate::dice::{Dice, uniform_below};
use crate::systems::batman::markers::Markers;
use plan::{Decider, SplitPlan};
use std::ops::ControlFlow;

/// How a fighter places its counters each round (`effort` in a config).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// By a fixed split policy every round.
    Fixed(Split),
    /// The split that maximises its chance to win the whole duel in every situation, as the
    /// exact duel ([`exact`]) plans it; the other side is taken to play as configured
    /// (`optimal-win`).
    OptimalWin,
}

impl Policy {
    /// Config names, every fixed split first.
    pub fn parse(name: &str) -> Option<Policy> {
        if name == "optimal-win" {
            return Some(Policy::OptimalWin);
        }
        Split::ALL.iter().find(|(n, _)| *n == name).map(|&(_, s)| Policy::Fixed(s))
    }

    /// Its config name.
    pub fn name(self) -> &'static str {
        match self {
            Policy::Fixed(s) => Split::ALL.iter().find(|(_, x)| *x == s).map(|(n, _)| *n).expect("named"),
            Policy::OptimalWin => "optimal-win",
        }
    }

    /// In words, as reports show it ("attack first", "planned every round to win").
    pub fn words(self) -> &'static str {
        match self {
            Policy::Fixed(s) => s.words(),
            Policy::OptimalWin => "planned every round to win the duel",
        }
    }

    /// A config name in words (the name itself when it is not one).
    pub fn words_of(name: &'static str) -> &'static str {
        Policy::parse(name).map_or(name, Policy::words)
    }

    /// How the exact duel decides for a side with this policy.
    pub fn decider(self) -> Decider {
        match self {
            Policy::Fixed(s) => Decider::Fixed(s),
            Policy::OptimalWin => Decider::Optimize,
        }
    }
}

/// One side of a duel.
#[derive(Clone, Debug, PartialEq)]
pub struct Fighter {
    pub card: Card,
    pub weapon: Weapon,
    pub start: Markers,
    pub split: Policy,
    /// The special attack it makes whenever it has a Special counter for it.
    pub special: SpecialAttack,
    /// Its side took the *Perfect Plan* strategy (+1 Take-the-Lead counter, seed L1040).
    pub perfect_plan: bool,
}

/// Attacks from one side to the other for every (AC, DC, target down, special used).
#[derive(Clone, Debug, PartialEq)]
struct Table {
    attacks: Vec<Attack>,
    dc_n: usize,
}

impl Table {
    fn build(from: &Fighter, to: &Fighter, r: Readings) -> Result<Table, RuleError> {
        let (ac_n, dc_n) = (from.card.attack as usize + 1, to.card.defense as usize + 1);
        let mut attacks = Vec::with_capacity(ac_n * dc_n * 4);
        for ac in 0..ac_n {
            for dc in 0..dc_n {
                for down in [false, true] {
                    for special in [false, true] {
                        attacks.push(Attack::new(&AttackSetup {
                            attacker: from.card.clone(),
                            weapon: from.weapon.clone(),
                            target: to.card.clone(),
                            target_weapon: to.weapon.clone(),
                            target_markers: Markers::default(),
                            target_knocked_down: down,
                            target_armor_spent: 0,
                            special_attack: if special { from.special } else { SpecialAttack::None },
                            melee: MeleeMods {
                                attack_counters: ac as u8,
                                defense_counters: dc as u8,
                                ..MeleeMods::default()
                            },
                            ranged: RangedMods::default(),
                            readings: r,
                        })?);
                    }
                }
            }
        }
        Ok(Table { attacks, dc_n })
    }

    /// Every attack of the table (for checking each can be enumerated before a solve).
    fn all(&self) -> &[Attack] {
        &self.attacks
    }

    fn get(&self, ac: u8, dc: u8, down: bool, special: bool) -> &Attack {
        &self.attacks[((ac as usize * self.dc_n + dc as usize) * 2 + down as usize) * 2 + special as usize]
    }
}

/// A ready-to-run duel.
#[derive(Clone, Debug, PartialEq)]
pub struct Duel {
    f: [Fighter; 2],
    tables: [Table; 2],
    rounds: u8,
    /// Take-the-Lead counters of A and B.
    bag: [u8; 2],
    /// The whole-duel split plan, when a side plays `optimal-win`: solved by [`Duel::prepare`]
    /// when the run starts, not when the config is loaded (`validate` solves nothing), and
    /// shared by every clone of the duel made after.
    plan: crate::analysis::duel::Derived<std::sync::Arc<SplitPlan>>,
}

impl Duel {
    /// Precompute both sides' attacks and the Take-the-Lead bag. A side playing `optimal-win`
    /// needs [`Duel::prepare`] before the duel is sampled.
    pub fn new(a: Fighter, b: Fighter, rounds: u8, r: Readings) -> Result<Duel, RuleError> {
        let tables = [Table::build(&a, &b, r)?, Table::build(&b, &a, r)?];
        let share = rounds.div_ceil(2);
        let bag = [
            bag_counters(share, a.card.traits.mastermind as u8, a.perfect_plan, b.card.traits.kaos_agent as u8),
            bag_counters(share, b.card.traits.mastermind as u8, b.perfect_plan, a.card.traits.kaos_agent as u8),
        ];
        Ok(Duel { f: [a, b], tables, rounds, bag, plan: Default::default() })
    }

    /// Whether a side plays `optimal-win`, so sampling needs the solved plan.
    pub fn plans(&self) -> bool {
        self.f.iter().any(|f| f.split == Policy::OptimalWin)
    }

    /// How the exact duel decides for each side as configured.
    pub fn deciders(&self) -> [Decider; 2] {
        [self.f[0].split.decider(), self.f[1].split.decider()]
    }

    /// Take-the-Lead counters of A and B.
    pub fn bag(&self) -> [u8; 2] {
        self.bag
    }

    /// Side `s` (0 = A, 1 = B).
    pub fn fighter(&self, s: usize) -> &Fighter {
        &self.f[s]
    }

    fn ko(&self, s: usize, m: Markers) -> bool {
        m.stun + m.wounds >= self.f[s].card.endurance
    }

    fn casualty(&self, s: usize, m: Markers) -> bool {
        m.wounds >= self.f[s].card.endurance
    }

    /// Counters side `s` splits between Attack and Defense this round: those it generates with
    /// `m` on it, less the Movement counter a fallen model puts aside to stand up (L476).
    pub fn to_split(&self, s: usize, m: Markers, fallen: bool) -> u8 {
        let c = &self.f[s].card;
        let avail = available(c, m);
        avail - self.stands_up(s, avail, fallen) as u8
    }

    fn stands_up(&self, s: usize, avail: u8, fallen: bool) -> bool {
        let c = &self.f[s].card;
        fallen && !c.traits.acrobat && avail > 0 && c.movement > 0
    }

    /// Raise a Plan: both sides place their counters, split (AC, DC) as given.
    pub fn raise_plan(&self, m: [Markers; 2], fallen: [bool; 2], armor: [u8; 2], splits: [(u8, u8); 2]) -> Round {
        let plan = [0, 1].map(|s| {
            let c = &self.f[s].card;
            let avail = available(c, m[s]);
            place(c, avail, splits[s].0, splits[s].1, self.stands_up(s, avail, fallen[s]))
        });
        Round { m, fallen, armor, plan }
    }

    /// Side `s`'s activation: it stands up if it lies down (or stays down without a Movement
    /// counter), then attacks with its Attack counters against the other's Defense counters —
    /// impacted on 2+ and unblocked if the other lies down — and the other loses counters for the
    /// damage. Returns (Attack counters struck with, markers placed, the other put down).
    pub fn activate<D: Dice>(&self, s: usize, r: &mut Round, dice: &mut D) -> (u8, u8, bool) {
        match self.aim(s, r) {
            Err(done) => done,
            Ok(attack) => {
                let o = 1 - s;
                let (out, res) = attack.resolve_from(dice, r.m[o], r.armor[o]);
                self.strike(s, r, out.metrics[attack_metric::IMPACTS] > 0, res)
            }
        }
    }

    /// The part of [`Duel::activate`] before its dice: side `s` stands up if it can and pays for
    /// its special attack. `Ok`: the attack it rolls, against the other's markers and *Power
    /// Armor* as they are in `r`, then finished by [`Duel::strike`]; `Err`: it makes none, and
    /// this is the activation's result. The exact duel rolls each attack once for every state
    /// it meets with the same attack and target ([`exact`]).
    pub fn aim(&self, s: usize, r: &mut Round) -> Result<&Attack, (u8, u8, bool)> {
        let Round { m, fallen, plan, .. } = r;
        let o = 1 - s;
        if self.ko(s, m[s]) || self.casualty(o, m[o]) {
            return Err((0, 0, false));
        }
        if fallen[s] {
            if !plan[s].stand_up(&self.f[s].card) {
                return Err((0, 0, false));
            }
            fallen[s] = false;
        }
        if plan[s].ac == 0 {
            return Err((0, 0, false));
        }
        let special = plan[s].pay_special(self.f[s].special);
        Ok(self.tables[s].get(plan[s].ac, plan[o].dc, fallen[o], special))
    }

    /// The part of [`Duel::activate`] after the dice of the attack [`Duel::aim`] gave: whether
    /// it impacted and what it did; the other side takes the markers and loses counters.
    pub fn strike(&self, s: usize, r: &mut Round, impacted: bool, res: Resolved) -> (u8, u8, bool) {
        let Round { m, fallen, armor, plan } = r;
        let o = 1 - s;
        let before = m[o];
        let strikes = plan[s].ac;
        plan[s].ac = 0;
        if impacted && !fallen[o] {
            // The block dice were rolled: those Defense counters are spent.
            plan[o].dc = 0;
        }
        let applied = res.applied;
        m[o] = applied.markers;
        armor[o] = res.armor_spent;
        // Knocked down by the collateral die; a K.O. model lies down too (seed L754).
        if res.knocked_down || applied.ko {
            fallen[o] = true;
        }
        if applied.ko {
            // "he loses all of its remaining Action Counters" (seed L754).
            plan[o] = Plan::default();
        } else {
            let card = &self.f[o].card;
            let lost = counters_lost(card, m[o].stun + m[o].wounds)
                .saturating_sub(counters_lost(card, before.stun + before.wounds));
            plan[o].lose(lost, fallen[o]);
        }
        (strikes, applied.stun_added + applied.wounds_added, applied.ko || applied.casualty)
    }

    /// Casualty Recount: a K.O. character makes an Endurance roll to remove one ★ (it stays
    /// lying down); a standing character whose Power Armor is used up repairs it with 2 SC instead
    /// of its Recovery Roll (a fallen one cannot, L1908); any other with ★ rolls one die plus one
    /// per unspent Special counter, each 4+ removing one ★.
    pub fn recount<D: Dice>(&self, r: &mut Round, dice: &mut D) {
        let Round { m, fallen, armor, plan } = r;
        for s in 0..2 {
            recount(&self.f[s].card, &mut m[s], fallen[s], &mut armor[s], &mut plan[s].sc, dice);
        }
    }
}

/// The duel inside a round, once the counters are placed: markers, who lies down, *Power
/// Armor* used, and the counters left on each card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Round {
    pub m: [Markers; 2],
    pub fallen: [bool; 2],
    pub armor: [u8; 2],
    pub plan: [Plan; 2],
}

impl Round {
    /// Its sixteen bytes in one number: equal rounds give equal numbers and different rounds
    /// different ones.
    pub fn packed(&self) -> u128 {
        let Round { m, fallen, armor, plan } = self;
        u128::from_le_bytes([
            m[0].stun,
            m[0].wounds,
            m[1].stun,
            m[1].wounds,
            fallen[0] as u8,
            fallen[1] as u8,
            armor[0],
            armor[1],
            plan[0].ac,
            plan[0].dc,
            plan[0].mc,
            plan[0].sc,
            plan[1].ac,
            plan[1].dc,
            plan[1].mc,
            plan[1].sc,
        ])
    }
}

/// Hashed as one number ([`Round::packed`]): the exact duel looks rounds up by the hundred
/// thousand, and a field-by-field hash costs a mixing step per byte.
impl std::hash::Hash for Round {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u128(self.packed());
    }
}

/// What one duel changes as it goes.
#[derive(Clone, Copy, Debug)]
pub struct DuelState {
    m: [Markers; 2],
    /// Take-the-Lead counters left in the bag.
    bag: [u32; 2],
    /// Attack counters each side struck with.
    strikes: [u32; 2],
    /// Lying down (knocked down, or K.O.).
    fallen: [bool; 2],
    /// Markers each side's *Power Armor* has ignored since its last repair.
    armor: [u8; 2],
}

/// The shared duel driver ([`crate::analysis::duel`]) runs the rounds and records the outcome;
/// this supplies the 2013 round (bag draw, counters, activations, Casualty Recount), the end when
/// the bag is empty, "down" (K.O., which a casualty is too) and the strikes.
impl DuelRules for Duel {
    type State = DuelState;
    const EXTRA: [&'static str; 2] = ["a_strikes", "b_strikes"];

    fn round_limit(&self) -> u8 {
        self.rounds
    }

    fn maxima(&self) -> Maxima {
        Maxima {
            dealt: [3 * self.f[1].card.endurance as usize, 3 * self.f[0].card.endurance as usize],
            extra: self.rounds as usize * 8,
        }
    }

    fn start<D: Dice>(&self, _dice: &mut D, _rec: &mut Record) -> DuelState {
        DuelState {
            m: [self.f[0].start, self.f[1].start],
            bag: [self.bag[0] as u32, self.bag[1] as u32],
            strikes: [0; 2],
            fallen: [false; 2],
            armor: [0; 2],
        }
    }

    /// The game is over when the bag is empty (seed L316).
    fn round_can_start(&self, st: &DuelState) -> bool {
        st.bag[0] + st.bag[1] > 0
    }

    #[inline]
    fn play_round<D: Dice>(&self, st: &mut DuelState, round: u16, dice: &mut D, rec: &mut Record) -> ControlFlow<()> {
        let leader = if uniform_below(dice, st.bag[0] + st.bag[1]) < st.bag[0] { 0 } else { 1 };
        let planned = self.plan.get().map(|p| p.get(st.bag, st.m, st.fallen, st.armor, leader));
        st.bag[leader] -= 1;
        if round == 1 {
            rec.first_in_round_one(leader);
        }
        let splits = [0, 1].map(|s| match self.f[s].split {
            Policy::Fixed(split) => split.split(&self.f[s].card, self.to_split(s, st.m[s], st.fallen[s])),
            Policy::OptimalWin => planned.expect("Duel::prepare solves the plan before the duel is sampled")[s],
        });
        let mut r = self.raise_plan(st.m, st.fallen, st.armor, splits);
        for s in [leader, 1 - leader] {
            let (strikes, dealt, down) = self.activate(s, &mut r, dice);
            st.strikes[s] += strikes as u32;
            rec.deal(s, dealt as u32);
            if down {
                rec.put_down(s, round);
            }
        }
        self.recount(&mut r, dice);
        (st.m, st.fallen, st.armor) = (r.m, r.fallen, r.armor);
        ControlFlow::Continue(())
    }

    /// K.O. (a casualty is K.O. too): the round after which a side is down ends the duel.
    fn out(&self, st: &DuelState, side: usize) -> bool {
        self.ko(side, st.m[side])
    }

    fn casualty(&self, st: &DuelState, side: usize) -> bool {
        self.casualty(side, st.m[side])
    }

    fn extra(&self, st: &DuelState) -> [u16; 2] {
        [st.strikes[0] as u16, st.strikes[1] as u16]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::duel::{event, metric};
    use crate::dice::D6Stream;
    use crate::engine::Trial;
    use crate::systems::bmg1e::rules::tests::card;

    #[test]
    fn splits() {
        let c = card(6, 5, 5, 3, 8);
        assert_eq!(Split::AttackFirst.split(&c, 6), (5, 1));
        assert_eq!(Split::DefendFirst.split(&c, 6), (1, 5));
        assert_eq!(Split::Balanced.split(&c, 6), (3, 3));
        assert_eq!(Split::Balanced.split(&c, 3), (2, 1));
    }

    #[test]
    fn duel_invariants_and_a_stronger_card_wins_more() {
        let strong = Fighter {
            card: card(6, 5, 5, 3, 8),
            weapon: Weapon::unarmed(),
            start: Markers::default(),
            split: Policy::Fixed(Split::AttackFirst),
            special: SpecialAttack::None,
            perfect_plan: false,
        };
        let weak = Fighter {
            card: card(4, 3, 3, 4, 5),
            weapon: Weapon::unarmed(),
            start: Markers::default(),
            split: Policy::Fixed(Split::AttackFirst),
            special: SpecialAttack::None,
            perfect_plan: false,
        };
        let d = Duel::new(strong, weak, 6, Readings::default()).unwrap();
        let mut dice = D6Stream::from_seed(9);
        let (mut a, mut b) = (0, 0);
        for _ in 0..20_000 {
            let o = d.run(&mut dice);
            assert_eq!(o.has(event::A_WINS) as u8 + o.has(event::B_WINS) as u8 + o.has(event::DRAW) as u8, 1);
            assert!((1..=6).contains(&o.metrics[metric::ROUNDS]));
            a += o.has(event::A_WINS) as u32;
            b += o.has(event::B_WINS) as u32;
        }
        assert!(a > 5 * b, "Batman-like card should dominate ({a} vs {b})");
    }

    fn fighter(card: Card, weapon: Weapon, split: Split) -> Fighter {
        Fighter {
            card,
            weapon,
            start: Markers::default(),
            split: Policy::Fixed(split),
            special: SpecialAttack::None,
            perfect_plan: false,
        }
    }

    /// The exact duel (dynamic programming over [`exact`]) against the sampled duel, 400,000
    /// duels each, on four matchups (the bundled cards' shapes, knock-downs, Sturdy, uneven bags):
    /// P(A wins), P(B wins), P(draw), casualties and every P(rounds = k) within 4 standard errors,
    /// and the mean markers dealt within 4 standard errors of their sample mean.
    #[test]
    fn exact_duel_agrees_with_the_sampled_duel() {
        use crate::engine::{Stop, run_cells};
        let mut sturdy = card(4, 4, 3, 3, 7);
        sturdy.traits.sturdy = true;
        let bat = Weapon { damage: Markers { stun: 0, wounds: 1 }, unarmed: false, ..Weapon::unarmed() };
        let cases = [
            (
                fighter(card(6, 5, 5, 3, 8), Weapon::unarmed(), Split::AttackFirst),
                fighter(sturdy.clone(), bat.clone(), Split::Balanced),
                6,
            ),
            (
                fighter(card(4, 3, 3, 4, 5), Weapon::unarmed(), Split::DefendFirst),
                fighter(card(4, 3, 3, 4, 5), Weapon::unarmed(), Split::AttackFirst),
                4,
            ),
            (
                fighter(card(5, 4, 3, 3, 6), Weapon::unarmed(), Split::Balanced),
                fighter(sturdy, bat, Split::DefendFirst),
                3,
            ),
            (
                fighter(card(6, 5, 5, 3, 8), Weapon::unarmed(), Split::Balanced),
                fighter(card(4, 3, 3, 4, 5), Weapon::unarmed(), Split::Balanced),
                5,
            ),
        ];
        for (k, (a, b, rounds)) in cases.into_iter().enumerate() {
            let d = Duel::new(a, b, rounds, Readings::default()).unwrap();
            let x = exact::solve(&d, [d.f[0].split.decider(), d.f[1].split.decider()]);
            let n = 400_000u64;
            let out = run_cells(
                std::slice::from_ref(&d),
                40 + k as u64,
                Stop::Trials(n),
                &crate::engine::progress::Progress::hidden(),
            );
            let t = &out.tallies[0];
            let prop = |what: &str, p_exact: f64, hits: u128| {
                let p = hits as f64 / n as f64;
                let se = (p_exact * (1.0 - p_exact) / n as f64).sqrt().max(1e-12);
                let z = (p - p_exact) / se;
                assert!(z.abs() <= 4.0, "case {k}: {what}: exact {p_exact:.6}, sampled {p:.6}, z = {z:.2}");
            };
            prop("A wins", x.win[0], t.events[event::A_WINS]);
            prop("B wins", x.win[1], t.events[event::B_WINS]);
            prop("draw", x.draw, t.events[event::DRAW]);
            prop("A casualty", x.casualty[0], t.events[event::A_CASUALTY]);
            prop("B casualty", x.casualty[1], t.events[event::B_CASUALTY]);
            for (r, &p) in x.rounds.iter().enumerate().skip(1) {
                prop(&format!("rounds = {r}"), p, t.hists[metric::ROUNDS].get(r).copied().unwrap_or(0));
            }
            for (s, m) in [(0, metric::A_DEALT), (1, metric::B_DEALT)] {
                let h = &t.hists[m];
                let mean = h.iter().enumerate().map(|(v, &c)| v as f64 * c as f64).sum::<f64>() / n as f64;
                let sq = h.iter().enumerate().map(|(v, &c)| (v * v) as f64 * c as f64).sum::<f64>() / n as f64;
                let se = ((sq - mean * mean) / n as f64).sqrt();
                let z = (mean - x.dealt[s]) / se;
                assert!(
                    z.abs() <= 4.0,
                    "case {k}: side {s} dealt: exact {:.5}, sampled {mean:.5}, z = {z:.2}",
                    x.dealt[s]
                );
            }
            let total: f64 = x.win[0] + x.win[1] + x.draw;
            assert!((total - 1.0).abs() < 1e-9 && (x.rounds.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        }
    }

    /// Against an opponent that splits by a fixed policy, choosing the split every round to win
    /// is at least as good as any fixed policy (a one-player optimisation whose choices include
    /// every fixed policy's split), and strictly better somewhere.
    #[test]
    fn planning_the_splits_beats_every_fixed_policy() {
        use exact::Decider::{Fixed, Optimize};
        let mut sturdy = card(4, 4, 3, 3, 7);
        sturdy.traits.sturdy = true;
        let d = Duel::new(
            fighter(card(6, 5, 5, 3, 8), Weapon::unarmed(), Split::AttackFirst),
            fighter(sturdy, Weapon::unarmed(), Split::Balanced),
            6,
            Readings::default(),
        )
        .unwrap();
        let mut strictly = false;
        for s in 0..2 {
            for (_, other) in Split::ALL {
                let mut opt = [Fixed(other); 2];
                opt[s] = Optimize;
                let best = exact::solve(&d, opt).win[s];
                for (name, mine) in Split::ALL {
                    let mut fixed = [Fixed(other); 2];
                    fixed[s] = Fixed(mine);
                    let v = exact::solve(&d, fixed).win[s];
                    assert!(best >= v - 1e-12, "side {s} vs {other:?}: planning {best:.6} < {name} {v:.6}");
                    strictly |= best > v + 1e-4;
                }
            }
        }
        assert!(strictly, "planning should gain somewhere");
    }
}
