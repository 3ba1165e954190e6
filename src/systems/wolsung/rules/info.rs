//! What the reports and the run need to know about each Wolsung trial ([`TrialInfo`]): the
//! system's entry point into the generic cell layer.

use super::cards::RANKS;
use super::trial::TrialWolsung as W;
use crate::analysis::cell::TrialInfo;

impl TrialInfo for W {
    /// What removes a model: the target (the defender in melee) down, no wounds left.
    fn default_measure(&self) -> Option<&'static str> {
        match self {
            W::Shooting(_) | W::Magic(_) => Some("target_down"),
            W::Melee(_) => Some("defender_down"),
            _ => None,
        }
    }

    fn unit(&self) -> &'static str {
        match self {
            W::Melee(_) => "melee exchange",
            W::Magic(_) => "spell",
            W::Leave(_) => "attempt to leave",
            W::Bid(_) => "initiative bid",
            // The duel too, as it was when this lived in the generic layer (kept byte-identical).
            W::Shooting(_) | W::Duel(_) => "shooting action",
        }
    }

    fn headline_metrics(&self) -> &'static [&'static str] {
        match self {
            W::Shooting(_) => &["damage", "hits", "first_shot_crits"],
            W::Melee(_) => &["damage_to_defender", "backlash_to_attacker", "crits"],
            W::Magic(_) => &["damage", "crits", "cards_spent"],
            W::Bid(_) => &["opponent_bid_rank"],
            W::Leave(_) | W::Duel(_) => &[],
        }
    }

    /// A bid's rank is a card (12 is an ace).
    fn value_label(&self, metric: &str, v: usize) -> Option<String> {
        match self {
            W::Bid(_) if self.is_category(metric) => RANKS.get(v).map(|r| r.to_string()),
            _ => None,
        }
    }

    fn is_category(&self, metric: &str) -> bool {
        matches!(self, W::Bid(_)) && metric == "opponent_bid_rank"
    }

    fn exact_offered(&self) -> Result<(), &'static str> {
        match self {
            W::Duel(_) => {
                Err("a duel runs round after round until a side falls, so its outcomes cannot be listed; it is sampled")
            }
            _ => Ok(()),
        }
    }
}
