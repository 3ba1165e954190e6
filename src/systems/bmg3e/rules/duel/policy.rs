//! How a 2019 fighter decides its effort in a duel ([`EffortPolicy`]): its config names, its
//! words, and the per-attack objective it stands for. A file of its own: the duel, its exact
//! solver and the config all read it.

use super::super::objective::Objective;

/// How a fighter decides its effort, attacking and defending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EffortPolicy {
    /// Never make effort.
    None,
    /// Always make as much effort as the limits allow.
    Max,
    /// The best choice for an objective by exact expected value (attacking: maximise it;
    /// defending: minimise the attacker's best answer, given the attacker's policy).
    Optimal(Objective),
    /// The best choice for winning the whole duel (`optimal-win`): found by dynamic
    /// programming over every state of the duel ([`exact::solve`]), each side maximising its own
    /// chance to win, the target declaring first. It looks ahead: effort ★ taken now stay on
    /// the card into later attacks and rounds, which a per-attack objective cannot weigh.
    Win,
}

impl EffortPolicy {
    /// Config names.
    pub const NAMES: [&'static str; 8] = [
        "none",
        "max",
        "optimal-hits",
        "optimal-hits-net",
        "optimal-ko",
        "optimal-out-of-action",
        "optimal-casualty",
        "optimal-win",
    ];

    /// Parse a config name.
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "none" => EffortPolicy::None,
            "max" => EffortPolicy::Max,
            "optimal-hits" => EffortPolicy::Optimal(Objective::Hits),
            "optimal-hits-net" => EffortPolicy::Optimal(Objective::HitsNet),
            "optimal-ko" => EffortPolicy::Optimal(Objective::Ko),
            "optimal-out-of-action" => EffortPolicy::Optimal(Objective::OutOfAction),
            "optimal-casualty" => EffortPolicy::Optimal(Objective::Casualty),
            "optimal-win" => EffortPolicy::Win,
            _ => return None,
        })
    }

    /// Config name.
    pub fn name(self) -> &'static str {
        match self {
            EffortPolicy::None => "none",
            EffortPolicy::Max => "max",
            EffortPolicy::Optimal(Objective::Hits) => "optimal-hits",
            EffortPolicy::Optimal(Objective::HitsNet) => "optimal-hits-net",
            EffortPolicy::Optimal(Objective::Ko) => "optimal-ko",
            EffortPolicy::Optimal(Objective::OutOfAction) => "optimal-out-of-action",
            EffortPolicy::Optimal(Objective::Casualty) => "optimal-casualty",
            EffortPolicy::Win => "optimal-win",
        }
    }

    /// In words, as reports show it ("effort for the best chance of a K.O.").
    pub fn words(self) -> &'static str {
        match self {
            EffortPolicy::None => "no effort",
            EffortPolicy::Max => "as much effort as it may",
            EffortPolicy::Optimal(Objective::Hits) => "effort for the most hits",
            EffortPolicy::Optimal(Objective::HitsNet) => "effort for the most hits net of effort",
            EffortPolicy::Optimal(Objective::Ko) => "effort for the best chance of a K.O.",
            EffortPolicy::Optimal(Objective::OutOfAction) => "effort for the best chance of out of action",
            EffortPolicy::Optimal(Objective::Casualty) => "effort for the best chance of a casualty",
            EffortPolicy::Win => "effort planned over the whole duel to win it",
        }
    }

    /// The objective this policy's per-attack table optimises. `optimal-win` is decided by the
    /// whole-duel plan; in a per-attack table (the opponent's assumption about its answers) it
    /// stands as `optimal-ko`.
    pub(super) fn objective(self) -> Objective {
        match self {
            EffortPolicy::Optimal(obj) => obj,
            _ => Objective::Ko,
        }
    }
}
