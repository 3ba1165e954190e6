//! Multi-round duels between two fighters, per the round structure of `shared/rules/bmg-3e.md`.
//!
//! Each round: **Take the Lead** (each side rolls a D6, +1 per pass counter it left unused last
//! round; ties go to last round's loser, and are re-rolled in round 1; the winner takes the
//! initiative), then each side still able to act activates once in initiative order (a fighter
//! alone is Bold: a Movement and a Tactical action, so it may move into contact and attack), then
//! **Recount** (every non-K.O. model removes one ★; each K.O. model makes an Endurance check with
//! Special −1, and on a pass stops being K.O. and removes one ★). The duel ends at the round limit,
//! or at the end of a round after which a side is a casualty or still K.O.
//!
//! **Contact** (seed lines 1648–1669, 1865–1867): a model in contact with a non-K.O. enemy may not
//! make a ranged attack. The fighters start in base contact (or apart, [`DuelSetup::contact`]); a
//! melee fighter that is apart moves into contact and attacks; a fighter with a ranged weapon
//! shoots only while it is not in contact with a non-K.O. enemy, and otherwise attacks in melee
//! with its [`Fighter::melee_weapon`] (unarmed by default). Moving away to shoot is not modelled.
//!
//! **Pass counters** (seed lines 1002–1015): a model K.O.'d or removed before it has activated
//! gives its owner a pass at once. A fighter alone has no other model to activate, so that pass
//! is never used, and each unused pass adds +1 to its owner's next Take the Lead roll.
//!
//! Effort choices for every reachable marker state are decided once, when the run starts
//! ([`Duel::prepare`]; not when the config is loaded, so `validate` is instant), by exact expected
//! values — so a trial only rolls dice, looks up and adds.
//!
//! The round loop and the outcome layout are the shared duel driver's ([`crate::analysis::duel`]);
//! this module supplies the round, what "down" means and the effort count.

pub mod exact;
pub mod plan;
mod policy;

pub use policy::EffortPolicy;

use super::card::{Profile, Weapon, WeaponKind};
use super::damage::{DamageDone, apply_hits, effort_limit, is_ko};
use super::objective::Objective;
use super::readings::{OneDie, Readings};
use crate::analysis::duel::{DuelRules, Maxima, Record};
use crate::dice::{Dice, SuccessMask, Table, count_hits, keep_two_lowest};
use crate::exact::dists;
use crate::systems::batman::markers::Markers;
use plan::{Decider, Plan};
use std::ops::ControlFlow;

/// One side of a duel.
#[derive(Clone, Debug, PartialEq)]
pub struct Fighter {
    pub profile: Profile,
    pub weapon: Weapon,
    pub effort: EffortPolicy,
    /// Markers already on the fighter when the duel starts.
    pub start: Markers,
    /// The weapon it fights with in melee when `weapon` is ranged and it is in contact with a
    /// non-K.O. enemy (it may not shoot then). Ignored for a melee `weapon`.
    pub melee_weapon: Weapon,
}

/// Everything needed to set up a duel.
#[derive(Clone, Debug, PartialEq)]
pub struct DuelSetup {
    pub a: Fighter,
    pub b: Fighter,
    /// Round limit (the standard game lasts 4 rounds).
    pub rounds: u8,
    pub readings: Readings,
    /// The fighters start in base contact (default); `false`: apart, within a melee fighter's
    /// reach (it moves into contact and attacks in its first activation).
    pub contact: bool,
}

/// Metric indices of a duel outcome: the shared duel layout, with the per-side count named.
pub mod metric {
    pub use crate::analysis::duel::metric::*;
    /// Effort ★ A took (attacking and defending).
    pub const A_EFFORT: usize = A_EXTRA;
    /// Effort ★ B took.
    pub const B_EFFORT: usize = B_EXTRA;
}
/// Event indices of a duel outcome (the shared duel layout).
pub use crate::analysis::duel::event;

/// One way of attacking (melee, or a shot), with every constant precomputed.
#[derive(Clone, Debug, PartialEq)]
struct Mode {
    per_hit: Markers,
    ranged: bool,
    /// Attack dice before effort (Attack, or Rate of Fire for ranged weapons).
    base_dice: u32,
    strength_die: bool,
    /// Faces that impact a target that is not K.O.
    impact: SuccessMask,
    /// Faces that impact a K.O. target: Defense −1 (seed lines 1862–1863), never below 1.
    impact_ko: SuccessMask,
    strength: SuccessMask,
    block: SuccessMask,
    block_dice: u32,
    /// `tables[n][ko]`: the exact distribution of hits with `n` attack dice against a target
    /// that is (`ko = 1`) or is not K.O., for every dice count effort can make. A sampled attack
    /// draws its hits from it in one go ([`Dice::draw`]).
    tables: Vec<[Table; 2]>,
    /// The same as probabilities, for the effort decisions.
    dists: Vec<[Vec<f64>; 2]>,
}

/// The per-attack (table) effort choice in one marker state: what the target declares, and
/// the attacker's answer to each declaration (an `optimal-win` target may declare another).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Choice {
    /// The target's effort ★.
    t: u8,
    /// `answer[t]`: the attacker's effort ★ after the target declared `t`.
    answer: [u8; 4],
}

impl Mode {
    fn new(att: &Profile, weapon: &Weapon, tgt: &Profile, r: &Readings) -> Mode {
        let (base_dice, strength, ranged) = match weapon.kind {
            WeaponKind::Melee { strength_bonus } => (
                att.attack as u32,
                SuccessMask::at_least(att.strength as i32, strength_bonus as i32, true, true),
                false,
            ),
            // A duel shot has no dice-removing circumstances: Rate of Fire and the Strength die.
            WeaponKind::Ranged { rate_of_fire, strength } => {
                (rate_of_fire as u32, SuccessMask::at_least(strength as i32, 0, true, true), true)
            }
        };
        let mut mode = Mode {
            per_hit: weapon.damage,
            ranged,
            base_dice,
            strength_die: true,
            impact: SuccessMask::at_least(tgt.defense as i32, 0, true, true),
            impact_ko: SuccessMask::at_least((tgt.defense as i32 - 1).max(1), 0, true, true),
            strength,
            block: SuccessMask::at_least(att.attack as i32, 0, false, r.block_natural_six),
            block_dice: if ranged { 0 } else { tgt.defense as u32 },
            tables: Vec::new(),
            dists: Vec::new(),
        };
        // Effort adds at most 3 dice (a shot takes none, the tables cost nothing to keep).
        mode.tables = (0..=mode.base_dice + 3).map(|n| [mode.hit_table(n, false), mode.hit_table(n, true)]).collect();
        let p = |t: &Table| t.weights().map(|w| w as f64 / t.total() as f64).collect();
        mode.dists = mode.tables.iter().map(|[a, b]| [p(a), p(b)]).collect();
        mode
    }

    /// The exact distribution of hits with `n` attack dice against a target that is
    /// (`target_ko`) or is not K.O., as integer weights over every die the attack rolls (the
    /// attack dice, the block dice, the Strength die): hits = impacts − blocks (never below 0)
    /// + the Strength die, as [`Mode::hits_by_dice`] rolls them one by one.
    fn hit_table(&self, n: u32, target_ko: bool) -> Table {
        let by_value = |k: u32, mask: SuccessMask| -> Vec<u64> {
            let d = dists::hits(k, mask).expect("a few dice fit");
            let mut w = vec![0u64; k as usize + 1];
            for (&v, &x) in d.values.iter().zip(&d.weights) {
                w[v as usize] = x as u64;
            }
            w
        };
        let blocks = if target_ko { 0 } else { self.block_dice };
        let imp = by_value(n, if target_ko { self.impact_ko } else { self.impact });
        let blk = by_value(blocks, self.block);
        let s = self.strength.faces() as u64 * self.strength_die as u64;
        let s_dice = self.strength_die as u32;
        let miss = 6u64.pow(s_dice) - s;
        let mut w = vec![0u64; n as usize + 2];
        for (i, &wi) in imp.iter().enumerate() {
            for (b, &wb) in blk.iter().enumerate() {
                let h = i.saturating_sub(b);
                w[h] += wi * wb * miss;
                w[h + 1] += wi * wb * s;
            }
        }
        Table::new(&w, n + blocks + s_dice)
    }

    /// Hits rolled die by die, as the rules describe the attack: the oracle the tables are
    /// tested against, and what scripted tests script ([`Duel::die_by_die`]).
    fn hits_by_dice<D: Dice>(&self, dice: &mut D, n: u32, target_ko: bool) -> u32 {
        let impacts = count_hits(dice, n, if target_ko { self.impact_ko } else { self.impact });
        let s_hit = self.strength_die && self.strength.test(dice.d6());
        // A K.O. target cannot defend itself: no block roll (seed line 1859).
        let blocks =
            if impacts > 0 && !target_ko { count_hits(dice, self.block_dice, self.block).min(impacts) } else { 0 };
        impacts - blocks + s_hit as u32
    }
}

/// Attacks from one fighter to the other.
#[derive(Clone, Debug, PartialEq)]
struct Direction {
    attacker: Profile,
    target: Profile,
    /// The melee attack: the fighter's weapon, or its `melee_weapon` when that is ranged.
    melee: Mode,
    /// The shot, for a fighter with a ranged weapon.
    shot: Option<Mode>,
    /// The attacker's and the target's effort policies, and the readings, for [`Direction::policy`].
    efforts: (EffortPolicy, EffortPolicy),
    readings: Readings,
    /// The melee attack's per-attack effort choices for each marker state (see
    /// [`Direction::index`]; empty when nobody ever makes effort): computed the first time they
    /// are needed (by the run, [`Duel::prepare`]), not when the config is loaded, so `validate`
    /// stays instant (an `optimal-…` table is an expected-value optimisation per marker state:
    /// 400 duels of a 20-fighter balance took 30 s to load in a debug build).
    policy: crate::analysis::duel::Derived<Vec<Choice>>,
}

impl Direction {
    fn new(att: &Fighter, tgt: &Fighter, r: &Readings) -> Direction {
        let ranged = matches!(att.weapon.kind, WeaponKind::Ranged { .. });
        let melee_weapon = if ranged { &att.melee_weapon } else { &att.weapon };
        Direction {
            attacker: att.profile.clone(),
            target: tgt.profile.clone(),
            melee: Mode::new(&att.profile, melee_weapon, &tgt.profile, r),
            shot: ranged.then(|| Mode::new(&att.profile, &att.weapon, &tgt.profile, r)),
            efforts: (att.effort, tgt.effort),
            readings: *r,
            policy: Default::default(),
        }
    }

    /// The melee attack's per-attack table, computed on first use.
    fn policy(&self) -> &[Choice] {
        self.policy.get_or_init(|| self.decide_policy(&self.melee, self.efforts.0, self.efforts.1, &self.readings))
    }

    /// The table choice of an attack in `mode` in marker state `index`: (0, 0) for a shot (no
    /// effort against ranged attacks) and where nobody makes effort.
    #[inline(always)]
    fn choice(&self, mode: &Mode, index: usize) -> Choice {
        if mode.ranged {
            return Choice::default();
        }
        let policy = self.policy();
        if policy.is_empty() { Choice::default() } else { policy[index] }
    }

    fn dims(&self) -> [usize; 4] {
        [
            self.attacker.willpower as usize + 1,
            self.attacker.endurance as usize,
            self.target.willpower as usize + 1,
            self.target.endurance as usize,
        ]
    }

    #[inline(always)]
    fn index(&self, att: Markers, tgt: Markers) -> usize {
        let [_, d1, d2, d3] = self.dims();
        ((att.stun as usize * d1 + att.wounds as usize) * d2 + tgt.stun as usize) * d3 + tgt.wounds as usize
    }

    /// The per-attack table of `mode`: for every marker state, the target's declaration and the
    /// attacker's answer to each declaration, by the fighters' per-attack policies (an
    /// `optimal-win` side is decided by the whole-duel plan instead; here it stands as
    /// `optimal-ko`, see [`EffortPolicy::objective`]).
    fn decide_policy(&self, mode: &Mode, att: EffortPolicy, tgt: EffortPolicy, r: &Readings) -> Vec<Choice> {
        if mode.ranged || (att == EffortPolicy::None && tgt == EffortPolicy::None) {
            return Vec::new(); // no effort against ranged attacks, or nobody ever makes any
        }
        let [d0, d1, d2, d3] = self.dims();
        let mut policy = vec![Choice::default(); d0 * d1 * d2 * d3];
        // The objective's expected value with `n` dice against a target holding `start` (its own
        // effort ★ included), before the effort terms of `hits_net`.
        let value = |n: u32, start: Markers, obj: Objective| -> f64 {
            let ko = is_ko(&self.target, start);
            let dist = &mode.dists[n as usize][ko as usize];
            dist.iter()
                .enumerate()
                .map(|(h, &p)| {
                    let d: DamageDone = apply_hits(&self.target, start, mode.per_hit, h as u32, r);
                    p * match obj {
                        Objective::Hits | Objective::HitsNet => h as f64,
                        Objective::Ko | Objective::OutOfAction => (d.ko || d.casualty) as u8 as f64,
                        Objective::Casualty => d.casualty as u8 as f64,
                    }
                })
                .sum()
        };
        // `hits_net`: the attacker's effort ★ count against it, the target's against the target.
        let net =
            |obj: Objective, t: u8, a: u8| -> f64 { if obj == Objective::HitsNet { t as f64 - a as f64 } else { 0.0 } };
        for s_a in 0..d0 as u8 {
            for w_a in 0..d1 as u8 {
                let am = Markers { stun: s_a, wounds: w_a };
                let a_lim = effort_limit(&self.attacker, am);
                for s_t in 0..d2 as u8 {
                    for w_t in 0..d3 as u8 {
                        let tm = Markers { stun: s_t, wounds: w_t };
                        let t_lim = self.target_limit(tm);
                        let dice = |t: u8, a: u8| (mode.base_dice + a as u32).saturating_sub(t as u32);
                        let after = |t: u8| Markers { stun: tm.stun + t, wounds: tm.wounds };
                        // The attacker's answer to a declared target effort.
                        let answer = |t: u8| -> u8 {
                            match att {
                                EffortPolicy::None => 0,
                                EffortPolicy::Max => a_lim,
                                p @ (EffortPolicy::Optimal(_) | EffortPolicy::Win) => {
                                    let obj = p.objective();
                                    let mut best = (0u8, f64::MIN);
                                    for a in 0..=a_lim {
                                        let v = value(dice(t, a), after(t), obj) + net(obj, t, a);
                                        if v > best.1 + 1e-12 {
                                            best = (a, v);
                                        }
                                    }
                                    best.0
                                }
                            }
                        };
                        let mut choice = Choice::default();
                        for t in 0..=t_lim {
                            choice.answer[t as usize] = answer(t);
                        }
                        choice.t = match tgt {
                            EffortPolicy::None => 0,
                            EffortPolicy::Max => t_lim,
                            p @ (EffortPolicy::Optimal(_) | EffortPolicy::Win) => {
                                let obj = p.objective();
                                let mut best = (0u8, f64::MAX);
                                for t in 0..=t_lim {
                                    let a = choice.answer[t as usize];
                                    let v = value(dice(t, a), after(t), obj) + net(obj, t, a);
                                    if v < best.1 - 1e-12 {
                                        best = (t, v);
                                    }
                                }
                                best.0
                            }
                        };
                        policy[self.index(am, tm)] = choice;
                    }
                }
            }
        }
        policy
    }

    /// Most effort ★ the target may declare: its effort limit, no more than the attacker's
    /// Attack dice, none while K.O. (a K.O. model cannot defend itself, seed line 1859).
    fn target_limit(&self, tm: Markers) -> u8 {
        if is_ko(&self.target, tm) { 0 } else { effort_limit(&self.target, tm).min(self.attacker.attack) }
    }

    /// One attack in `mode` with effort `(t, a)` (target's, attacker's); updates both fighters'
    /// markers and returns (markers placed, effort ★ spent by the attacker, by the target).
    #[inline]
    fn attack<D: Dice>(
        &self,
        mode: &Mode,
        (t, a): (u8, u8),
        dice: &mut D,
        (att, tgt): (&mut Markers, &mut Markers),
        r: &Readings,
        by_dice: bool,
    ) -> (u8, u8, u8) {
        att.stun += a;
        tgt.stun += t;
        let target_ko = is_ko(&self.target, *tgt);
        let n = (mode.base_dice + a as u32).saturating_sub(t as u32);
        let hits = if by_dice {
            mode.hits_by_dice(dice, n, target_ko)
        } else {
            // The whole attack's dice in one draw from its exact table (see `Mode::hit_table`).
            dice.draw(&mode.tables[n as usize][target_ko as usize])
        };
        let d = apply_hits(&self.target, *tgt, mode.per_hit, hits, r);
        tgt.stun += d.stun;
        tgt.wounds += d.wounds;
        (d.stun + d.wounds, a, t)
    }
}

/// A ready-to-run duel.
#[derive(Clone, Debug, PartialEq)]
pub struct Duel {
    dirs: [Direction; 2],
    start: [Markers; 2],
    rounds: u8,
    readings: Readings,
    contact: bool,
    /// The whole-duel effort plan, when a fighter plays `optimal-win`: solved by
    /// [`Duel::prepare`] when the run starts, not when the config is loaded (`validate` solves
    /// nothing), and shared by every clone of the duel made after (the trial is cloned per cell).
    plan: crate::analysis::duel::Derived<std::sync::Arc<Plan>>,
    /// What it was built from (the exact analysis rebuilds it with other policies).
    setup: Box<DuelSetup>,
    /// Roll each attack die by die ([`Duel::die_by_die`]) instead of drawing it from its table.
    by_dice: bool,
}

impl Duel {
    /// Precompute both attack directions and their effort policies. A fighter playing
    /// `optimal-win` needs [`Duel::prepare`] (one exact solution of the duel, the whole-duel
    /// plan) before the duel is sampled.
    pub fn new(s: &DuelSetup) -> Duel {
        Duel::tables(s)
    }

    /// Whether a fighter plays `optimal-win`, so sampling needs the solved plan.
    pub fn plans(&self) -> bool {
        self.deciders().contains(&Decider::Optimize)
    }

    /// The duel with its per-attack tables only (no whole-duel plan yet).
    fn tables(s: &DuelSetup) -> Duel {
        Duel {
            dirs: [Direction::new(&s.a, &s.b, &s.readings), Direction::new(&s.b, &s.a, &s.readings)],
            start: [s.a.start, s.b.start],
            rounds: s.rounds,
            readings: s.readings,
            contact: s.contact,
            plan: Default::default(),
            setup: Box::new(s.clone()),
            by_dice: false,
        }
    }

    /// The same duel rolling every attack die by die, as the rulebook describes it (attack
    /// dice, Strength die, block dice), instead of drawing the attack's hits from its exact
    /// table in one go. Same distribution, other dice: the oracle for the tables, and what a
    /// test scripts face by face.
    pub fn die_by_die(mut self) -> Duel {
        self.by_dice = true;
        self
    }

    /// Each side's decider as configured: `optimal-win` fighters optimise, the others follow
    /// their per-attack tables.
    pub fn deciders(&self) -> [Decider; 2] {
        [&self.setup.a, &self.setup.b].map(|f| match f.effort {
            EffortPolicy::Win => Decider::Optimize,
            _ => Decider::Table,
        })
    }

    /// What the duel was built from.
    pub fn setup(&self) -> &DuelSetup {
        &self.setup
    }

    fn profile(&self, side: usize) -> &Profile {
        &self.dirs[side].attacker
    }

    fn casualty(&self, side: usize, m: Markers) -> bool {
        m.wounds >= self.profile(side).endurance
    }

    fn down(&self, side: usize, m: Markers) -> bool {
        self.casualty(side, m) || is_ko(self.profile(side), m)
    }

    /// Endurance check while K.O.: Special − 1 dice (minimum 1), keep the two lowest, pass if ≤ E.
    fn recovers<D: Dice>(&self, dice: &mut D, side: usize) -> bool {
        let p = self.profile(side);
        let n = (p.special as u32).saturating_sub(1).max(1);
        let sum = if n == 1 {
            match self.readings.check_with_one_die {
                OneDie::Plain2d6 => dice.sum_d6(2),
                OneDie::SingleDie => dice.d6() as u32,
            }
        } else {
            keep_two_lowest(dice, n)
        };
        sum <= p.endurance as u32
    }

    /// Take the Lead: each side rolls a D6 plus its `bonus` (unused passes of last round); the
    /// higher total takes the initiative; a tie goes to last round's loser, and is re-rolled
    /// when there is none (round 1).
    fn take_the_lead<D: Dice>(dice: &mut D, bonus: [u8; 2], last_loser: Option<usize>) -> usize {
        loop {
            let (x, y) = (dice.d6() + bonus[0], dice.d6() + bonus[1]);
            if x != y {
                return if x > y { 0 } else { 1 };
            }
            if let Some(l) = last_loser {
                return l;
            }
        }
    }

    /// How side `s` attacks, and whether the fighters are in contact afterwards: a melee
    /// fighter (moving into contact first if apart) attacks in melee; a fighter with a ranged
    /// weapon shoots unless it is in contact with a non-K.O. enemy, and then attacks in melee
    /// with its melee weapon (seed lines 1668–1669).
    #[inline]
    fn mode_for(&self, s: usize, m: [Markers; 2], contact: bool) -> (&Mode, bool) {
        let dir = &self.dirs[s];
        match &dir.shot {
            Some(shot) if !contact || is_ko(&dir.target, m[1 - s]) => (shot, contact),
            Some(_) => (&dir.melee, contact),
            None => (&dir.melee, true),
        }
    }

    /// Side `s` activates at `stage` (0: it won Take the Lead) of round `round`.
    #[inline]
    fn activate<D: Dice>(
        &self,
        s: usize,
        (round, stage, first): (u16, usize, usize),
        dice: &mut D,
        m: &mut [Markers; 2],
        contact: &mut bool,
    ) -> (u8, u8, u8) {
        let dir = &self.dirs[s];
        let o = 1 - s;
        let (mode, after) = self.mode_for(s, *m, *contact);
        let effort = match self.plan.get() {
            Some(plan) => plan.get(round, stage, *m, *contact, first),
            None if self.plans() => panic!("Duel::prepare solves the plan before the duel is sampled"),
            None => {
                let c = dir.choice(mode, dir.index(m[s], m[o]));
                (c.t, c.answer[c.t as usize])
            }
        };
        *contact = after;
        let (mut ms, mut mo) = (m[s], m[o]);
        let r = dir.attack(mode, effort, dice, (&mut ms, &mut mo), &self.readings, self.by_dice);
        m[s] = ms;
        m[o] = mo;
        r
    }
}

/// What one duel changes as it goes.
#[derive(Clone, Copy, Debug)]
pub struct DuelState {
    m: [Markers; 2],
    contact: bool,
    /// Effort ★ each side took, attacking and defending.
    effort: [u16; 2],
    /// Last round's Take the Lead loser (ties go to it).
    last_loser: Option<usize>,
    /// Unused passes of last round: +1 each on this round's Take the Lead roll.
    bonus: [u8; 2],
}

/// The shared duel driver ([`crate::analysis::duel`]) runs the rounds and records the outcome;
/// this supplies the BMG 2019 round (Take the Lead, activations, Recount), "down" (K.O. or
/// casualty) and the effort ★ each side took.
impl DuelRules for Duel {
    type State = DuelState;
    const EXTRA: [&'static str; 2] = ["a_effort", "b_effort"];

    fn round_limit(&self) -> u8 {
        self.rounds
    }

    fn maxima(&self) -> Maxima {
        let r = self.rounds as usize;
        let dealt = |side: usize| {
            let o = &self.dirs[1 - side].attacker;
            o.willpower as usize + o.endurance as usize + r * 3
        };
        Maxima { dealt: [dealt(0), dealt(1)], extra: r * 6 }
    }

    fn start<D: Dice>(&self, _dice: &mut D, _rec: &mut Record) -> DuelState {
        DuelState { m: self.start, contact: self.contact, effort: [0; 2], last_loser: None, bonus: [0; 2] }
    }

    #[inline]
    fn play_round<D: Dice>(&self, st: &mut DuelState, round: u16, dice: &mut D, rec: &mut Record) -> ControlFlow<()> {
        let m = &mut st.m;
        let first = Self::take_the_lead(dice, st.bonus, st.last_loser);
        if round == 1 {
            rec.first_in_round_one(first);
        }
        st.last_loser = Some(1 - first);
        let mut passes = [0u8; 2];
        for s in [first, 1 - first] {
            let o = 1 - s;
            if self.down(s, m[s]) || self.casualty(o, m[o]) {
                continue;
            }
            let o_was_down = self.down(o, m[o]);
            let (placed, a, t) = self.activate(s, (round, (s != first) as usize, first), dice, m, &mut st.contact);
            rec.deal(s, placed as u32);
            st.effort[s] += a as u16;
            st.effort[o] += t as u16;
            let o_down = self.down(o, m[o]);
            if o_down {
                rec.put_down(s, round);
            }
            // The opponent had not activated yet (s went first): its owner gains a pass,
            // which it cannot use with no model left to activate.
            if s == first && !o_was_down && o_down {
                passes[o] += 1;
            }
        }
        st.bonus = passes;
        // Recount: non-K.O. models shed a ★; K.O. models try to recover.
        let ko_now = [is_ko(self.profile(0), m[0]), is_ko(self.profile(1), m[1])];
        for s in 0..2 {
            if !self.casualty(s, m[s]) && !ko_now[s] {
                m[s].stun = m[s].stun.saturating_sub(1);
            }
        }
        for s in 0..2 {
            if !self.casualty(s, m[s]) && ko_now[s] && self.recovers(dice, s) {
                m[s].stun -= 1;
            }
        }
        ControlFlow::Continue(())
    }

    fn out(&self, st: &DuelState, side: usize) -> bool {
        self.down(side, st.m[side])
    }

    fn casualty(&self, st: &DuelState, side: usize) -> bool {
        self.casualty(side, st.m[side])
    }

    fn extra(&self, st: &DuelState) -> [u16; 2] {
        st.effort
    }
}

#[cfg(test)]
mod tests;
