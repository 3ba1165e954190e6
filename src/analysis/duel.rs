//! The multi-round duel every rule system shares: one driver, one outcome layout.
//!
//! A duel is two fighters, A and B, playing rounds up to a limit until one of them is out. What
//! happens inside a round (initiative, activations, recovery) is each system's own, and so is
//! what "out" means (K.O. or removed, fled or dead, no wounds left). Everything around it is the
//! same for every system and lives here, once: the round loop and when it stops, the damage each
//! side dealt and the round it first put the other down, who acted first in round 1, and turning
//! that into an [`Outcome`] under the same metric and event indices and names, so the duel, balance
//! and report code reads any system's duel alike.
//!
//! A system implements [`DuelRules`] and is then a [`Trial`]. It keeps its per-duel state in
//! [`DuelRules::State`], a plain value on the stack (no allocation per trial), and reports the
//! shared figures through the [`Record`] it is handed.

use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};
use std::ops::ControlFlow;

/// Metric indices of a duel outcome, the same for every system.
pub mod metric {
    /// Rounds played.
    pub const ROUNDS: usize = 0;
    /// Damage A dealt to B (in the system's unit: markers, RES, wounds).
    pub const A_DEALT: usize = 1;
    /// Damage B dealt to A.
    pub const B_DEALT: usize = 2;
    /// Round in which A first put B down; 0 = never.
    pub const A_KO_ROUND: usize = 3;
    /// Round in which B first put A down; 0 = never.
    pub const B_KO_ROUND: usize = 4;
    /// A's value of the system's per-side count ([`super::DuelRules::EXTRA`]).
    pub const A_EXTRA: usize = 5;
    /// B's value of the system's per-side count.
    pub const B_EXTRA: usize = 6;
}

/// Event indices of a duel outcome, the same for every system.
pub mod event {
    /// B is out and A is not.
    pub const A_WINS: usize = 0;
    /// A is out and B is not.
    pub const B_WINS: usize = 1;
    /// Both out, or both still in at the end.
    pub const DRAW: usize = 2;
    pub const B_CASUALTY: usize = 3;
    pub const A_CASUALTY: usize = 4;
    /// A acted first in round 1.
    pub const A_INITIATIVE: usize = 5;
}

/// Event names of a duel (JSON), in [`event`] order.
pub const EVENTS: [&str; 6] = ["a_wins", "b_wins", "draw", "b_casualty", "a_casualty", "a_initiative_round1"];

/// A duel's figures solved exactly (dynamic programming), for the systems that solve their duel:
/// what `skirmish-odds check` holds the sampled duel to.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactFigures {
    /// P(A wins), P(B wins), P(draw), P(B casualty), P(A casualty): [`event`] 0..5.
    pub events: [f64; 5],
    /// `rounds[k]` = P(the duel lasts exactly k rounds).
    pub rounds: Vec<f64>,
    /// `down_round[s][k]` = P(side s first puts the other down in round k); `[s][0]`: never
    /// (the histograms [`metric::A_KO_ROUND`] and [`metric::B_KO_ROUND`] sample).
    pub down_round: [Vec<f64>; 2],
    /// Expected damage A and B deal.
    pub dealt: [f64; 2],
}

impl ExactFigures {
    /// Mean round in which side `s` first put the other down, among the duels where it did
    /// (`None` if it never can): what a sampled tally's [`metric::A_KO_ROUND`] histogram
    /// estimates.
    pub fn mean_down_round(&self, s: usize) -> Option<f64> {
        let d = &self.down_round[s];
        let happened: f64 = d.iter().skip(1).sum();
        (happened > 0.0).then(|| d.iter().enumerate().skip(1).map(|(k, p)| k as f64 * p).sum::<f64>() / happened)
    }
}

/// What every exact duel solution gives, whichever system solved it (a report's figures of one
/// way of playing the duel; each system adds what its fighters spend beside it). JSON: these
/// fields, flattened into the system's own figures.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct DuelOutcome {
    pub a_wins: f64,
    pub b_wins: f64,
    pub draw: f64,
    pub a_casualty: f64,
    pub b_casualty: f64,
    /// `rounds[k − 1]` = P(the duel lasts exactly k rounds).
    pub rounds: Vec<f64>,
    pub mean_rounds: f64,
    /// Expected damage (for the Batman games, markers ★ + ♦) placed on the opponent.
    pub a_dealt: f64,
    pub b_dealt: f64,
    /// `down_round[s][k]`: P(side s first puts the other down in round k), index 0 never
    /// (for the balance's rounds until out; not in the duel report's JSON).
    #[serde(skip)]
    pub down_round: [Vec<f64>; 2],
}

impl DuelOutcome {
    /// From a solver's figures, A first in each pair; `rounds[k]` = P(exactly k rounds), index 0
    /// unused (the solvers' layout); `down_round[s][k]` = P(side s first puts the other down in
    /// round k), index 0 never.
    pub fn new(
        win: [f64; 2],
        draw: f64,
        casualty: [f64; 2],
        rounds: &[f64],
        down_round: &[Vec<f64>; 2],
        dealt: [f64; 2],
    ) -> DuelOutcome {
        DuelOutcome {
            a_wins: win[0],
            b_wins: win[1],
            draw,
            a_casualty: casualty[0],
            b_casualty: casualty[1],
            rounds: rounds[1..].to_vec(),
            mean_rounds: rounds.iter().enumerate().map(|(k, p)| k as f64 * p).sum(),
            a_dealt: dealt[0],
            b_dealt: dealt[1],
            down_round: down_round.clone(),
        }
    }

    /// What `check` holds the sampled duel to.
    pub fn check_figures(&self) -> ExactFigures {
        let mut rounds = vec![0.0];
        rounds.extend(&self.rounds);
        ExactFigures {
            events: [self.a_wins, self.b_wins, self.draw, self.b_casualty, self.a_casualty],
            rounds,
            down_round: self.down_round.clone(),
            dealt: [self.a_dealt, self.b_dealt],
        }
    }
}

/// What a system supplies to run as a duel: its state, its round, and what "out" means for it.
/// The driver ([`run`], [`shape`]; every implementor is a [`Trial`]) does the rest.
pub trait DuelRules: Sync {
    /// Everything one duel changes as it goes (markers, cards, counters), kept on the stack.
    type State;

    /// Names of the system's per-side count, recorded at [`metric::A_EXTRA`] and
    /// [`metric::B_EXTRA`] (e.g. `["a_effort", "b_effort"]`); the reports show it beside the damage.
    const EXTRA: [&'static str; 2];

    /// Round limit.
    fn round_limit(&self) -> u8;

    /// Largest damage A and B can each deal, and the largest per-side count ([`Shape`] ranges).
    fn maxima(&self) -> Maxima;

    /// A fresh duel. May roll (an initiative decided once for the game) and record into `rec`.
    fn start<D: Dice>(&self, dice: &mut D, rec: &mut Record) -> Self::State;

    /// Whether another round can start at all; checked before the round is counted. Only a
    /// system that can end a game between rounds for its own reasons needs it (default: yes).
    fn round_can_start(&self, _st: &Self::State) -> bool {
        true
    }

    /// Play round `round` (1-based), recording damage, put-downs and the round-1 initiative in
    /// `rec`. `Break` ends the duel now, for a system that checks for the end inside a round.
    fn play_round<D: Dice>(&self, st: &mut Self::State, round: u16, dice: &mut D, rec: &mut Record) -> ControlFlow<()>;

    /// Side `side` (0 = A, 1 = B) is out of the fight: it loses unless the other is out too.
    fn out(&self, st: &Self::State, side: usize) -> bool;

    /// Side `side` was removed as a casualty.
    fn casualty(&self, st: &Self::State, side: usize) -> bool;

    /// The duel is over after a round played to its end (default: when either side is out).
    fn over(&self, st: &Self::State) -> bool {
        self.out(st, 0) || self.out(st, 1)
    }

    /// A's and B's per-side count at the end ([`DuelRules::EXTRA`]).
    fn extra(&self, st: &Self::State) -> [u16; 2];
}

/// Something a duel computes once from its own fields, when the run starts rather than when
/// the config is loaded (an `optimal-win` plan, per-attack effort tables): a cache, so it takes
/// no part in what the duel *is*. Two duels compare equal whatever either has computed yet, and
/// `Debug` (which a sharded run's fingerprint hashes) leaves it out, so a partial made after the
/// run started matches the scenario `merge` rebuilds from the config.
#[derive(Clone)]
pub struct Derived<T>(std::sync::OnceLock<T>);

impl<T> Default for Derived<T> {
    /// Not computed yet.
    fn default() -> Self {
        Derived(std::sync::OnceLock::new())
    }
}

impl<T> std::ops::Deref for Derived<T> {
    type Target = std::sync::OnceLock<T>;
    fn deref(&self) -> &std::sync::OnceLock<T> {
        &self.0
    }
}

impl<T> PartialEq for Derived<T> {
    /// A pure function of the fields beside it: equal whenever they are.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> std::fmt::Debug for Derived<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Derived")
    }
}

/// What an exact solve costs whatever its size (setting up its tables; the smallest 2013 duels
/// of the bundled balance estimate a few microseconds of units and take ~2 ms each): 3 ms.
pub const SOLVE_OVERHEAD_S: f64 = 0.003;

/// One exact solve of a duel as configured (what a balance solves per pair, and what an
/// `optimal-win` fighter's plan is), estimated from the cards before anything is solved.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolveWork {
    /// The estimated work, in the solver's own units.
    pub units: u64,
    /// The most its solver takes on.
    pub budget: u64,
    /// The most time one unit took on this project's 2-core machine (release), in
    /// nanoseconds: a solve's time is at most about `units × ns_per_unit`.
    pub ns_per_unit: f64,
    /// The solve is this duel's plan, needed even when the duel is sampled (an `optimal-win`
    /// side).
    pub plans: bool,
    /// The most memory one unit took on this project's machine, in bytes: a solve holds at
    /// most about `units × bytes_per_unit` while it runs ([`SolveWork::bytes`]).
    pub bytes_per_unit: f64,
}

impl SolveWork {
    /// Over its solver's budget: not solved (the duel is sampled, or refused where it must be
    /// solved).
    pub fn over(&self) -> bool {
        self.units > self.budget
    }

    /// An upper estimate of the solve's time on one core, in seconds: its units, and
    /// [`SOLVE_OVERHEAD_S`] for what every solve costs whatever its size.
    pub fn seconds(&self) -> f64 {
        self.units as f64 * self.ns_per_unit * 1e-9 + SOLVE_OVERHEAD_S
    }

    /// An upper estimate of the memory the solve holds while it runs, in bytes: its units, and
    /// [`SOLVE_OVERHEAD_BYTES`] for what every solve holds whatever its size.
    pub fn bytes(&self) -> u64 {
        (self.units as f64 * self.bytes_per_unit) as u64 + SOLVE_OVERHEAD_BYTES
    }
}

/// What an exact solve holds whatever its size (its laws and the states of a small duel): 4 MB.
pub const SOLVE_OVERHEAD_BYTES: u64 = 4 << 20;

/// An exact duel solve whose work, estimated before anything is solved, is over its solver's
/// budget: said the same way for every exact duel (the `sampled:` note, the exit-2 refusals).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverBudget {
    /// The estimated work, in the solver's own units.
    pub work: u64,
    /// The solver's budget, in the same units.
    pub budget: u64,
    /// What a unit of work counts, for the reader.
    pub units: &'static str,
}

impl std::fmt::Display for OverBudget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.work == u64::MAX {
            return write!(
                f,
                "one of the duel's attacks cannot be enumerated exactly (its probabilities need a denominator beyond 128 bits)"
            );
        }
        write!(
            f,
            "the exact duel would need ~{:.1e} steps ({}), over the budget of {:.1e}",
            self.work as f64, self.units, self.budget as f64
        )
    }
}

/// Value ranges a system gives for its duel's [`Shape`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Maxima {
    /// Largest damage A and B can deal.
    pub dealt: [usize; 2],
    /// Largest value of the per-side count, for either side.
    pub extra: usize,
}

/// The figures every duel records, filled in by the system's round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    dealt: [u32; 2],
    down_round: [u16; 2],
    a_first: bool,
}

impl Record {
    /// Side `side` dealt `n` more damage to the other.
    #[inline(always)]
    pub fn deal(&mut self, side: usize, n: u32) {
        self.dealt[side] += n;
    }

    /// Side `side` put the other down in round `round`; only the first time counts.
    #[inline(always)]
    pub fn put_down(&mut self, side: usize, round: u16) {
        if self.down_round[side] == 0 {
            self.down_round[side] = round;
        }
    }

    /// Side `side` acts first in round 1 (call it for round 1 only).
    #[inline(always)]
    pub fn first_in_round_one(&mut self, side: usize) {
        self.a_first = side == 0;
    }
}

/// Play one duel: rounds up to the limit, stopping when a round cannot start, a round ends the
/// duel, or a side is out after a round ([`DuelRules::over`]).
#[inline]
pub fn run<R: DuelRules, D: Dice>(rules: &R, dice: &mut D) -> Outcome {
    let mut rec = Record::default();
    let mut st = rules.start(dice, &mut rec);
    let mut rounds = 0u16;
    for round in 1..=rules.round_limit() as u16 {
        if !rules.round_can_start(&st) {
            break;
        }
        rounds = round;
        if rules.play_round(&mut st, round, dice, &mut rec).is_break() || rules.over(&st) {
            break;
        }
    }
    let (a_out, b_out) = (rules.out(&st, 0), rules.out(&st, 1));
    let [a_extra, b_extra] = rules.extra(&st);
    let sat = |x: u32| x.min(u16::MAX as u32) as u16;
    let mut o = Outcome::default();
    o.metrics[metric::ROUNDS] = rounds;
    o.metrics[metric::A_DEALT] = sat(rec.dealt[0]);
    o.metrics[metric::B_DEALT] = sat(rec.dealt[1]);
    o.metrics[metric::A_KO_ROUND] = rec.down_round[0];
    o.metrics[metric::B_KO_ROUND] = rec.down_round[1];
    o.metrics[metric::A_EXTRA] = a_extra;
    o.metrics[metric::B_EXTRA] = b_extra;
    o.flag(event::A_WINS, b_out && !a_out);
    o.flag(event::B_WINS, a_out && !b_out);
    o.flag(event::DRAW, a_out == b_out);
    o.flag(event::B_CASUALTY, rules.casualty(&st, 1));
    o.flag(event::A_CASUALTY, rules.casualty(&st, 0));
    o.flag(event::A_INITIATIVE, rec.a_first);
    o
}

/// The duel's metrics and events, with damage per round played as the ratio pairs.
pub fn shape<R: DuelRules>(rules: &R) -> Shape {
    let r = rules.round_limit() as usize;
    let Maxima { dealt: [a_dealt, b_dealt], extra } = rules.maxima();
    let [a_extra, b_extra] = R::EXTRA;
    Shape {
        metrics: vec![
            ("rounds", r),
            ("a_dealt", a_dealt),
            ("b_dealt", b_dealt),
            ("a_ko_round", r),
            ("b_ko_round", r),
            (a_extra, extra),
            (b_extra, extra),
        ],
        events: EVENTS.to_vec(),
        ratios: vec![(metric::A_DEALT, metric::ROUNDS), (metric::B_DEALT, metric::ROUNDS)],
    }
}

impl<R: DuelRules> Trial for R {
    fn shape(&self) -> Shape {
        shape(self)
    }

    #[inline]
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        run(self, dice)
    }
}
