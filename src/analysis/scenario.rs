//! A validated scenario: what to simulate (cells) and how to present it (layout).

use crate::analysis::paired::Paired;
use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Stop, Trial};
use crate::systems::bmg3e::rules::duel::Duel;
use crate::systems::bmg3e::rules::{Attack, Check};
use serde_json::Value;
use std::path::PathBuf;

/// A scenario kind, by its config name (`attack`, `compare`, `shot`, …). Each rule system lists the
/// kinds it builds ([`crate::system::RuleSystem::kinds`]); the generic ones (`compare`, `sweep`,
/// `paired`, `balance`) are offered by every system that has what they need. A name, not a
/// central enum, so a new system brings its own kinds without editing this file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kind(pub &'static str);

impl Kind {
    /// The config / JSON name.
    pub fn name(self) -> &'static str {
        self.0
    }
}

pub use super::layout::{BalanceLayout, BalanceRow, Cost, Layout, Own};
pub use crate::systems::bmg3e::rules::Objective;

/// Any trial a scenario cell can hold. An enum (not a trait object) keeps dispatch static.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyTrial {
    Attack(Attack),
    Check(Check),
    Duel(Duel),
    /// Two resolutions on common random numbers (boxed: it holds two trials).
    Paired(Box<Paired<AnyTrial>>),
    /// Any Batman Miniature Game 2013 trial.
    Bmg1e(crate::systems::bmg1e::rules::Trial1e),
    /// Any ¡Bichos! trial.
    Bichos(crate::systems::bichos::rules::TrialBichos),
    /// Any Wolsung trial.
    Wolsung(crate::systems::wolsung::rules::TrialWolsung),
    /// Mordheim movement (deterministic).
    Mordheim(crate::systems::mordheim::rules::Movement),
    /// One rule system's threat-range mover.
    Threat(crate::systems::threat::rules::Mover),
    /// A trial of a rule system outside this crate (a contributor's, or the tests' tiny system),
    /// dispatched dynamically: built-in systems keep static dispatch.
    Plugin(PluginCell),
}

/// A trial from a system outside the crate (see CONTRIBUTING.md). `Send + Sync` because cells
/// run on worker threads; `key` identifies equal trials (a sweep whose cells are all equal
/// gets a note).
pub trait PluginTrial: Send + Sync + std::fmt::Debug {
    /// The metrics and events it reports.
    fn shape(&self) -> Shape;
    /// Resolve once.
    fn run_dyn(&self, dice: &mut dyn Dice) -> Outcome;
    /// Its headline metrics, most important first.
    fn headline(&self) -> &'static [&'static str];
    /// Equal keys ⇔ equal trials.
    fn key(&self) -> String;
}

/// A shared plugin trial, compared by [`PluginTrial::key`].
#[derive(Clone, Debug)]
pub struct PluginCell(pub std::sync::Arc<dyn PluginTrial>);

impl PartialEq for PluginCell {
    fn eq(&self, other: &Self) -> bool {
        self.0.key() == other.0.key()
    }
}

impl Trial for AnyTrial {
    fn shape(&self) -> Shape {
        match self {
            AnyTrial::Attack(a) => a.shape(),
            AnyTrial::Check(c) => c.shape(),
            AnyTrial::Duel(d) => d.shape(),
            AnyTrial::Paired(p) => p.shape(),
            AnyTrial::Bmg1e(t) => t.shape(),
            AnyTrial::Bichos(t) => t.shape(),
            AnyTrial::Wolsung(t) => t.shape(),
            AnyTrial::Mordheim(t) => t.shape(),
            AnyTrial::Threat(t) => t.shape(),
            AnyTrial::Plugin(t) => t.0.shape(),
        }
    }

    #[inline]
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        match self {
            AnyTrial::Paired(p) => p.run(dice),
            other => other.run_one(dice),
        }
    }

    fn parts(&self) -> Option<Vec<Self>> {
        match self {
            AnyTrial::Bichos(t) => Some(t.parts()?.into_iter().map(AnyTrial::Bichos).collect()),
            _ => None,
        }
    }
}

impl crate::analysis::paired::Single for AnyTrial {
    fn single_shape(&self) -> Shape {
        self.shape()
    }
    #[inline]
    fn run_single<D: Dice>(&self, dice: &mut D) -> Outcome {
        self.run_one(dice)
    }
}

impl AnyTrial {
    /// Resolve any trial but a paired comparison. A paired comparison runs two of these on
    /// recorded dice; keeping it out of this match ends what would otherwise be an endless chain
    /// of dice types (`Recording<Recording<…>>`) for the compiler.
    #[inline]
    pub fn run_one<D: Dice>(&self, dice: &mut D) -> Outcome {
        match self {
            AnyTrial::Attack(a) => a.run(dice),
            AnyTrial::Check(c) => c.run(dice),
            AnyTrial::Duel(d) => d.run(dice),
            AnyTrial::Paired(_) => unreachable!("a paired comparison pairs single resolutions"),
            AnyTrial::Bmg1e(t) => t.run(dice),
            AnyTrial::Bichos(t) => t.run(dice),
            AnyTrial::Wolsung(t) => t.run(dice),
            AnyTrial::Mordheim(t) => t.run(dice),
            AnyTrial::Threat(t) => t.run(dice),
            AnyTrial::Plugin(t) => t.0.run_dyn(dice),
        }
    }

    /// Whether this trial has an exact evaluator at all (`Err` names why not). Having one does
    /// not promise it fits the enumeration budget: [`crate::exact::evaluate`] decides that.
    pub fn exact_offered(&self) -> Result<(), &'static str> {
        use crate::systems::bichos::rules::TrialBichos as B;
        use crate::systems::bmg1e::rules::Trial1e as T;
        use crate::systems::wolsung::rules::TrialWolsung as W;
        const DUEL: &str =
            "a duel runs round after round until a side falls, so its outcomes cannot be listed; it is sampled";
        match self {
            AnyTrial::Duel(_) => Err(
                "a duel's full distributions are sampled; its P(win), P(draw), rounds, expected markers and effort, and the whole-duel effort plan, are computed exactly in every 2019 duel report (the exact-duel tables and `exact_duel` in results.json)",
            ),
            AnyTrial::Bmg1e(T::Duel(_)) => Err(
                "a duel's full distributions are sampled; its P(win), P(draw), rounds, expected markers and strikes, and the whole-duel counter-split plan, are computed exactly in every 2013 duel report within the exact solver's budget (the exact-duel tables and `exact_duel` in results.json)",
            ),
            AnyTrial::Bichos(B::Duel(_)) | AnyTrial::Wolsung(W::Duel(_)) => Err(DUEL),
            AnyTrial::Paired(_) => Err(
                "a paired comparison shares every die between its two sides, which the exact evaluator does not follow; it is sampled (each side alone can be exact as a compare)",
            ),
            // Measured on shots-to-kill-big-bug with an exact Markov chain over the target's state
            // in big integers (1,320 live states, a few seconds for 200 shots): P(dead by shot k)
            // in lowest terms needs 13, 41, 69, 90, 125 bits for k = 1..5, 179 at k = 6 and 5,234
            // at k = 200 — an exact tally holds 128. The walk itself gives up sooner: 2 or 3
            // attacks are over 2·10^8 outcome sequences.
            AnyTrial::Bichos(B::Sequence(s)) if s.cap > 1 => Err(
                "a sequence carries the target's damage from attack to attack, so its probabilities soon need fractions beyond 128 bits (P(dead by the 6th heavy-weapon shot at a big bug) is a 179-bit fraction in lowest terms, by the 200th a 5,234-bit one): only a single attack (cap = 1) is exact; it is sampled",
            ),
            _ => Ok(()),
        }
    }

    /// A duel this analyser solves exactly (the 2019 and 2013 duels): its figures with the
    /// configured policies, solved now. `None` for every other trial; `Some(Err(why))` when the
    /// solve is over its budget (checked first, from an estimate) or a signal stopped it.
    pub fn exact_duel(&self) -> Option<Result<crate::analysis::duel::ExactFigures, String>> {
        use crate::analysis::duel::DuelOutcome;
        let outcome = match self {
            AnyTrial::Duel(d) => {
                use crate::systems::bmg3e::rules::duel::exact;
                if let Err(over) = exact::solve_within_budget(d, d.deciders()) {
                    return Some(Err(over.to_string()));
                }
                match exact::try_solve(d, d.deciders()) {
                    Ok(s) => DuelOutcome::new(s.win, s.draw, s.casualty, &s.rounds, s.dealt),
                    Err(i) => return Some(Err(format!("stopped by {}", crate::interrupt::signal_name(i.0)))),
                }
            }
            AnyTrial::Bmg1e(crate::systems::bmg1e::rules::Trial1e::Duel(d)) => {
                use crate::systems::bmg1e::rules::duel::exact;
                if let Err(over) = exact::solve_within_budget(d, d.deciders()) {
                    return Some(Err(over.to_string()));
                }
                match exact::try_solve(d, d.deciders()) {
                    Ok(s) => DuelOutcome::new(s.win, s.draw, s.casualty, &s.rounds, s.dealt),
                    Err(i) => return Some(Err(format!("stopped by {}", crate::interrupt::signal_name(i.0)))),
                }
            }
            _ => return None,
        };
        Some(Ok(outcome.check_figures()))
    }

    /// Why a duel's exact solve is refused: its estimated work is over the solver's budget.
    /// `None` for a duel within it and for every other trial.
    pub fn exact_duel_over_budget(&self) -> Option<String> {
        match self {
            AnyTrial::Duel(d) => {
                crate::systems::bmg3e::rules::duel::exact::within_budget(d).err().map(|o| o.to_string())
            }
            AnyTrial::Bmg1e(crate::systems::bmg1e::rules::Trial1e::Duel(d)) => {
                crate::systems::bmg1e::rules::duel::exact::within_budget(d).err().map(|o| o.to_string())
            }
            _ => None,
        }
    }

    /// Work a run must do before sampling this trial (an `optimal-win` duel's plan), kept out
    /// of loading so `validate` never solves. Stopped by a signal at the next safe point.
    pub fn prepare(&self) -> Result<(), crate::interrupt::Interrupted> {
        match self {
            AnyTrial::Duel(d) => d.prepare(),
            AnyTrial::Bmg1e(crate::systems::bmg1e::rules::Trial1e::Duel(d)) => d.prepare(),
            _ => Ok(()),
        }
    }

    /// What one trial resolves, for titles ("per attack", "per shot").
    pub fn unit(&self) -> &'static str {
        use crate::systems::bichos::rules::TrialBichos as B;
        use crate::systems::bmg1e::rules::Trial1e as T;
        use crate::systems::wolsung::rules::TrialWolsung as W;
        match self {
            AnyTrial::Attack(_) | AnyTrial::Bmg1e(T::Attack(_)) => "attack",
            AnyTrial::Check(_) | AnyTrial::Bmg1e(T::Check(_)) => "check",
            AnyTrial::Bmg1e(T::Recovery(_)) => "recovery roll",
            AnyTrial::Bmg1e(T::TakeTheLead(_)) => "game",
            AnyTrial::Bmg1e(T::LetsGo(_)) => "Let's Go! chain",
            AnyTrial::Bmg1e(T::Movement(_)) => "move",
            AnyTrial::Bmg1e(T::Riddle(_)) => "riddle",
            AnyTrial::Bmg1e(T::Exchange(_)) => "exchange",
            AnyTrial::Bmg1e(T::Passing(_)) => "turn",
            AnyTrial::Duel(_) | AnyTrial::Bmg1e(T::Duel(_)) | AnyTrial::Bichos(B::Duel(_)) => "duel",
            AnyTrial::Bichos(B::Shot(_)) => "shot",
            AnyTrial::Bichos(B::Sequence(_)) => "sequence of attacks",
            AnyTrial::Bichos(B::Reaction(_)) => "reaction test",
            AnyTrial::Bichos(B::Opposed(_)) => "opposed roll",
            AnyTrial::Bichos(B::Encounter(_)) => "encounter roll",
            AnyTrial::Bichos(B::Pursuit(_)) => "pursuit",
            AnyTrial::Bichos(B::Terrain(_)) => "terrain roll",
            AnyTrial::Mordheim(_) => "move",
            AnyTrial::Wolsung(W::Melee(_)) => "melee exchange",
            AnyTrial::Wolsung(W::Magic(_)) => "spell",
            AnyTrial::Wolsung(W::Leave(_)) => "attempt to leave",
            AnyTrial::Wolsung(W::Bid(_)) => "initiative bid",
            AnyTrial::Wolsung(_) => "shooting action",
            _ => "trial",
        }
    }

    /// What to print for value `v` of `metric` when the number is a code: a card's rank (a
    /// Wolsung bid: 12 is an ace), or the extra bin of an attack sequence (cap + 1: "> cap",
    /// not within the cap). `None`: the number itself. Codes stay ordered, so P(≥ k) still
    /// reads "this card or better".
    pub fn value_label(&self, metric: &str, v: usize) -> Option<String> {
        use crate::systems::bichos::rules::TrialBichos as B;
        use crate::systems::wolsung::rules::{RANKS, TrialWolsung as W};
        match self {
            AnyTrial::Wolsung(W::Bid(_)) if self.is_category(metric) => RANKS.get(v).map(|r| r.to_string()),
            AnyTrial::Bichos(B::Sequence(s))
                if matches!(metric, "shots_to_kill" | "shots_to_flee") && v == s.cap as usize + 1 =>
            {
                Some(format!("> {}", s.cap))
            }
            _ => None,
        }
    }

    /// Whether `metric`'s values name things rather than count them (a card's rank): reports
    /// give them no mean.
    pub fn is_category(&self, metric: &str) -> bool {
        use crate::systems::wolsung::rules::TrialWolsung as W;
        matches!(self, AnyTrial::Wolsung(W::Bid(_))) && metric == "opponent_bid_rank"
    }

    /// The events a grid of these trials (compare, sweep) reports, most important first.
    pub fn key_events(&self) -> Vec<&'static str> {
        match self {
            // Attacks lead with "out of action" (K.O. or casualty): the one number that answers
            // "does this put the target down" for a ★ weapon and a ♦ weapon alike.
            AnyTrial::Attack(_) => vec!["out_of_action", "ko", "casualty", "any_hit", "critical"],
            AnyTrial::Check(_) => vec!["pass"],
            AnyTrial::Bmg1e(crate::systems::bmg1e::rules::Trial1e::Attack(_)) => {
                vec!["out_of_action", "ko", "casualty", "any_damage", "knocked_down"]
            }
            // ¡Bichos!: what a player asks of one shot is whether the target flees or dies — two
            // separate ways out ("flees" counts both when a fled figure then dies).
            AnyTrial::Bichos(crate::systems::bichos::rules::TrialBichos::Shot(_)) => {
                vec!["fled_alive_t1", "dead_t1", "wounded_t1", "critical_wound_t1"]
            }
            AnyTrial::Bichos(crate::systems::bichos::rules::TrialBichos::Sequence(_)) => {
                vec!["fled_alive_after_1", "dead_after_1", "out_fled_within_cap", "out_dead_within_cap"]
            }
            other => other.shape().events.into_iter().take(4).collect(),
        }
    }

    /// The metrics whose distributions the reports show, most important first.
    pub fn headline_metrics(&self) -> &'static [&'static str] {
        use crate::systems::bmg1e::rules::Trial1e as T;
        match self {
            AnyTrial::Attack(_) => &["hits", "stun", "wounds", "impacts", "blocks"],
            AnyTrial::Check(_) => &["sum"],
            AnyTrial::Duel(_) | AnyTrial::Paired(_) => &[],
            AnyTrial::Bmg1e(t) => match t {
                T::Attack(_) => &["damage_successes", "stun", "wounds", "impacts", "hits"],
                T::Check(_) => &["roll"],
                T::Recovery(_) => &["stun_removed"],
                T::TakeTheLead(_) => &["a_leads", "a_longest_streak", "rounds"],
                T::LetsGo(_) => &["chain"],
                T::Movement(_) => &["distance_cm"],
                T::Riddle(_) => &["vp"],
                T::Passing(_) => &["passes"],
                T::Duel(_) => &[],
                T::Exchange(_) => &["a_dealt", "b_dealt"],
            },
            AnyTrial::Bichos(t) => {
                use crate::systems::bichos::rules::TrialBichos as B;
                match t {
                    B::Shot(s) => &["res_lost_t1", "res_lost_t2", "res_lost_t3"][..s.targets.len()],
                    B::Sequence(_) => &["shots_to_kill", "shots_to_flee", "res_lost_first_shot"],
                    B::Reaction(_) => &["result"],
                    B::Opposed(_) => &["rolls"],
                    B::Encounter(_) => &["distance", "total_bugs", "big_bugs", "tremor_turns"],
                    B::Pursuit(_) => &["first_turn", "total", "turns"],
                    B::Terrain(_) => &["roll"],
                    B::Duel(_) => &[],
                }
            }
            AnyTrial::Wolsung(t) => {
                use crate::systems::wolsung::rules::TrialWolsung as W;
                match t {
                    W::Shooting(_) => &["damage", "hits", "first_shot_crits"],
                    W::Melee(_) => &["damage_to_defender", "backlash_to_attacker", "crits"],
                    W::Magic(_) => &["damage", "crits", "cards_spent"],
                    W::Bid(_) => &["opponent_bid_rank"],
                    W::Leave(_) | W::Duel(_) => &[],
                }
            }
            AnyTrial::Mordheim(_) => &["move", "run", "charge", "detection_range"],
            AnyTrial::Threat(_) => &["reach_tenths_in"],
            AnyTrial::Plugin(t) => t.0.headline(),
        }
    }
}

/// One simulated cell: a label, the parameters that define it, and its trial.
#[derive(Clone, Debug, PartialEq)]
pub struct CellSpec {
    pub label: String,
    pub params: Vec<(String, Value)>,
    pub trial: AnyTrial,
}

/// A validated scenario, ready to run.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    pub name: String,
    pub description: Option<String>,
    pub ruleset: &'static str,
    pub kind: Kind,
    pub seed: u64,
    pub stop: Stop,
    /// Ambiguity switches in force, by name.
    pub readings: Vec<(&'static str, String)>,
    /// Human-readable setup lines (cards, weapons, circumstances) for the summary.
    pub setup: Vec<String>,
    /// What the reader must know about this scenario's rules: values that cannot matter here and
    /// rules it touches that the analyser does not model. Printed in every output (see [`Note`]).
    pub notes: Vec<Note>,
    pub source: PathBuf,
    pub cells: Vec<CellSpec>,
    pub layout: Layout,
    /// Which cells are evaluated exactly rather than sampled.
    pub exact: ExactMode,
}

/// Whether cells are enumerated exactly ([`crate::exact`]) or sampled.
#[derive(Clone, Debug, PartialEq)]
pub enum ExactMode {
    /// Each cell exactly where enumerating it costs less than sampling it (the default).
    Auto,
    /// Every cell exactly (`--exact`, `exact = true`); the error to give, located at the flag or
    /// the config line, if a cell cannot be.
    Always(crate::error::InputError),
    /// Every cell sampled (`--sample`, `exact = false`).
    Never,
}

/// Why a [`Note`] is attached to a scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NoteKind {
    /// A value the config sets that cannot change any number in this scenario (e.g. a melee-only
    /// field with a ranged weapon). A warning, not an error: existing configs keep working.
    Ignored,
    /// A rule the scenario touches that the analyser does not model (with the reason). The numbers
    /// are right for the rules that are modelled; the note says what they leave out.
    NotModelled,
    /// Something the analyser would compute exactly is over its budget and is sampled (or left
    /// out) instead; the note gives the estimate and the budget.
    Sampled,
    /// A reading switch (a point the rulebook leaves open) decides these numbers: the note says
    /// which value is in force and what the other would change.
    Reading,
}

/// One line a report must show beside its numbers (stderr warning, summary.md, results.json,
/// index.html), so nothing is silently skipped.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Note {
    pub kind: NoteKind,
    pub text: String,
}

impl Note {
    /// A value that cannot matter in this scenario.
    pub fn ignored(text: impl Into<String>) -> Note {
        Note { kind: NoteKind::Ignored, text: text.into() }
    }

    /// An exact computation over its budget, sampled or left out instead.
    pub fn sampled(text: impl Into<String>) -> Note {
        Note { kind: NoteKind::Sampled, text: text.into() }
    }

    /// A reading switch in force that moves this scenario's numbers.
    pub fn reading(text: impl Into<String>) -> Note {
        Note { kind: NoteKind::Reading, text: text.into() }
    }

    /// A rule the scenario touches that is not modelled.
    pub fn not_modelled(text: impl Into<String>) -> Note {
        Note { kind: NoteKind::NotModelled, text: text.into() }
    }

    /// The line as printed: `ignored: …` / `not modelled: …`.
    pub fn line(&self) -> String {
        match self.kind {
            NoteKind::Ignored => format!("ignored: {}", self.text),
            NoteKind::NotModelled => format!("not modelled: {}", self.text),
            NoteKind::Sampled => format!("sampled: {}", self.text),
            NoteKind::Reading => format!("reading: {}", self.text),
        }
    }
}
