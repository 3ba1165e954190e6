//! The words this system's reports use for its events, metrics and fields (a report never
//! borrows another system's wording).

use crate::vocabulary::{Term, Vocabulary};

/// Every name this system's reports show, in its words.
pub const VOCABULARY: Vocabulary = Vocabulary { events: EVENTS, metrics: METRICS, fields: FIELDS };

/// Its events: what each means, and a short label where the report's "P(<title>)" would be too long.
const EVENTS: &[Term] = &[
    Term::new("first_hit", "the first shot hits").short("P(first shot hits)"),
    Term::new("any_hit", "at least one hit").short("P(hit)"),
    Term::new("target_down", "target down (no wounds left)"),
    Term::new("shot_2_hit", "shot 2 hits").short("P(shot 2 hits)"),
    Term::new("shot_3_hit", "shot 3 hits").short("P(shot 3 hits)"),
    Term::new("shot_4_hit", "shot 4 hits").short("P(shot 4 hits)"),
    Term::new("luck_used", "Beginner's luck used"),
    Term::new("target_luck_used", "the target's (defender's) Beginner's luck used"),
    Term::new("hit", "the attack hits"),
    Term::new("backlash", "backlash on the attacker"),
    Term::new("defender_down", "defender down"),
    Term::new("attacker_down", "attacker down"),
    Term::new("cast", "spell cast (suit cards paid)"),
    Term::new("success", "spell succeeds"),
    Term::new("win", "wins the bid"),
    Term::new("leaves", "leaves the melee"),
    // Many against one.
    Term::new("target_out", "target taken out (no wounds left)").short("P(taken out)"),
    Vocabulary::GANG_TURNS[0],
    Vocabulary::GANG_TURNS[1],
    Vocabulary::GANG_TURNS[2],
    Vocabulary::GANG_TURNS[3],
    Term::new("out_removed", "removed (no wounds left)"),
];

/// Its metrics.
const METRICS: &[Term] = &[
    Term::new("hits", "hits"),
    Term::new("damage", "damage (wounds)"),
    Term::new("first_shot_crits", "critical hits, first shot"),
    Term::new("first_shot_damage", "damage of the first shot"),
    Term::new("shooter_cards", "cards the shooter spent"),
    Term::new("target_cards", "cards the target spent"),
    Term::new("target_wounds_left", "target's wounds left"),
    Term::new("damage_to_defender", "damage to the defender"),
    Term::new("backlash_to_attacker", "backlash damage to the attacker"),
    Term::new("crits", "critical hits"),
    Term::new("attackers_to_out", "attacks it takes to take the target out"),
    Term::new("damage_taken", "wounds the target has lost when the attacks end").short("wounds lost"),
    Term::new("attacker_cards", "cards the attacker spent"),
    Term::new("defender_cards", "cards the defender spent"),
    Term::new("cards_spent", "cards spent"),
    Term::new("cost_cards", "cards paid for the spell's cost"),
    Term::new("opponent_bid_rank", "opponent's best card"),
    // The duel's per-side count.
    Term::new("a_cards", "cards A spends"),
    Term::new("b_cards", "cards B spends"),
];

/// Its config fields a report can name (a swept parameter).
const FIELDS: &[Term] = &[
    // Many against one (a sweep of `attackers.0.count` reads "how many of the first attacker listed").
    Term::new("gang.target", "target"),
    Term::new("gang.attackers", "attacker"),
    Term::new("gang.attackers.count", "how many").reads("{} attacker{s} of that entry"),
    Term::new("gang.attackers.distance", "distance").reads("{}″ away"),
    Term::new("gang.heroes", "heroes in the game"),
    Term::new("gang.target_knocked_down", "target knocked down"),
    Term::new("shooting.shooter", "shooter"),
    Term::new("shooting.target", "target"),
    Term::new("shooting.guns", "guns"),
    Term::new("shooting.distances", "distance (inches)").reads("{}″ away"),
    Term::new("shooting.heroes", "heroes"),
    Term::new("shooting.actions", "actions"),
    Term::new("shooting.moved", "shooter moved"),
    Term::new("shooting.target_lower", "target lower"),
    Term::new("shooting.shooter_lower", "shooter lower"),
    Term::new("shooting.move_and_shoot", "move and shoot"),
    Term::new("melee.attacker", "attacker"),
    Term::new("melee.defender", "defender"),
    Term::new("melee.attacker_support", "attacker's support"),
    Term::new("melee.defender_support", "defender's support"),
    Term::new("melee.attacker_higher", "attacker higher"),
    Term::new("melee.defender_higher", "defender higher"),
    Term::new("melee.charge_from_above", "charge from above"),
    Term::new("melee.defender_knocked_down", "defender knocked down"),
    Term::new("melee.hypnotic_aura", "Hypnotic aura"),
    Term::new("melee.heroes", "heroes"),
    Term::new("magic.caster", "caster"),
    Term::new("magic.target", "target"),
    Term::new("magic.spell_f", "spell F"),
    Term::new("magic.difficulty", "difficulty"),
    Term::new("magic.cost", "cost (cards)"),
    Term::new("magic.heroes", "heroes"),
    Term::new("magic.target_knocked_down", "target knocked down"),
    Term::new("models.a", "A (actions)"),
    Term::new("models.m", "M (move)"),
    Term::new("models.c", "C (combat dice)"),
    Term::new("models.f", "F (melee strength)"),
    Term::new("models.d", "D (shooting dice)"),
    Term::new("models.r", "R (reflex dice)"),
    Term::new("models.h", "H (wounds)"),
    Term::new("models.armour", "armour"),
    Term::new("models.hero", "hero"),
    Term::new("models.magic", "Magic"),
    Term::new("models.melee_bonus", "melee bonus"),
    Term::new("models.hard_to_kill", "Hard to kill"),
    Term::new("models.sunnir", "Técnicas de los maestros de Sunnir"),
    Term::new("models.beginners_luck", "Beginner's luck"),
    Term::new("guns.f", "F"),
    Term::new("guns.rapid", "Rapid"),
    Term::new("guns.rapid_fire", "Rapid Fire"),
    Term::new("guns.movement_penalty", "Movement penalty"),
    Term::new("guns.armour_penetration", "Armour penetration"),
];
/// A card policy (`policies`, a fighter's `effort`) by its config name, in words, for table
/// rows and legends (the config's own name, `fewest_to_win`, stays in results.json).
pub fn policy(name: &str) -> &str {
    use super::rules::Policy;
    Policy::ALL.iter().find(|(n, _)| *n == name).map_or(name, |(_, p)| p.words())
}

/// A defender's choice (`guards`) by its config name, in words.
pub fn guard(name: &str) -> &str {
    use super::rules::Guard;
    Guard::ALL.iter().find(|(n, _)| *n == name).map_or(name, |(_, g)| g.words())
}
