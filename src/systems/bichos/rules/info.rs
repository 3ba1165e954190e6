//! What the reports and the run need to know about each ¡Bichos! trial ([`TrialInfo`]): the
//! system's entry point into the generic cell layer.

use super::trial::TrialBichos as B;
use crate::analysis::cell::{Tail, TrialInfo};
use crate::engine::Trial;

impl TrialInfo for B {
    /// What a weapon decides is whether the figure dies (fleeing mostly comes of the reaction
    /// test, the same for every weapon): a shot is measured by its first target dead, a sequence
    /// of attacks by how many it takes to kill.
    fn default_measure(&self) -> Option<&'static str> {
        match self {
            B::Shot(_) => Some("dead_t1"),
            B::Sequence(_) => Some("shots_to_kill"),
            _ => None,
        }
    }

    fn unit(&self) -> &'static str {
        match self {
            B::Duel(_) => "duel",
            B::Shot(_) => "shot",
            B::Sequence(_) => "sequence of attacks",
            B::Reaction(_) => "reaction test",
            B::Opposed(_) => "opposed roll",
            B::Encounter(_) => "encounter roll",
            B::Pursuit(_) => "pursuit",
            B::Terrain(_) => "terrain roll",
        }
    }

    fn headline_metrics(&self) -> &'static [&'static str] {
        match self {
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

    fn key_events(&self) -> Vec<&'static str> {
        match self {
            // What a player asks of one shot is whether the target flees or dies — two separate
            // ways out ("flees" counts both when a fled figure then dies).
            B::Shot(_) => vec!["fled_alive_t1", "dead_t1", "wounded_t1", "critical_wound_t1"],
            B::Sequence(_) => vec!["fled_alive_after_1", "dead_after_1", "out_fled_within_cap", "out_dead_within_cap"],
            other => other.shape().events.into_iter().take(4).collect(),
        }
    }

    /// The extra bin of an attack sequence (cap + 1) reads "> cap", not within the cap.
    fn value_label(&self, metric: &str, v: usize) -> Option<String> {
        match self {
            B::Sequence(s) if matches!(metric, "shots_to_kill" | "shots_to_flee") && v == s.cap as usize + 1 => {
                Some(format!("> {}", s.cap))
            }
            _ => None,
        }
    }

    /// A sequence is read as "down within k attacks": P(attacks to kill ≤ k), likewise to flee.
    fn tail(&self, metric: &str) -> Tail {
        match self {
            B::Sequence(_) if matches!(metric, "shots_to_kill" | "shots_to_flee") => Tail::AtMost,
            _ => Tail::AtLeast,
        }
    }

    /// "P(dead within k attacks)", not a bare "P(≤ k)".
    fn tail_name(&self, metric: &str) -> Option<String> {
        match self {
            B::Sequence(_) => crate::systems::bichos::labels::within_k(metric).map(str::to_string),
            _ => None,
        }
    }

    fn exact_offered(&self) -> Result<(), &'static str> {
        match self {
            B::Duel(_) => {
                Err("a duel runs round after round until a side falls, so its outcomes cannot be listed; it is sampled")
            }
            // Measured on shots-to-kill-big-bug with an exact Markov chain over the target's state
            // in big integers (1,320 live states, a few seconds for 200 shots): P(dead by shot k)
            // in lowest terms needs 13, 41, 69, 90, 125 bits for k = 1..5, 179 at k = 6 and 5,234
            // at k = 200 — an exact tally holds 128. The walk itself gives up sooner: 2 or 3
            // attacks are over 2·10^8 outcome sequences.
            B::Sequence(s) if s.cap > 1 => Err(
                "a sequence carries the target's damage from attack to attack, so its probabilities soon need fractions beyond 128 bits (P(dead by the 6th heavy-weapon shot at a big bug) is a 179-bit fraction in lowest terms, by the 200th a 5,234-bit one): only a single attack (cap = 1) is exact; it is sampled",
            ),
            _ => Ok(()),
        }
    }
}
