//! The words this system's reports use for its events, metrics and fields (a report never
//! borrows another system's wording).

use crate::vocabulary::{Term, Vocabulary};

/// Every name this system's reports show, in its words.
pub const VOCABULARY: Vocabulary = Vocabulary { events: EVENTS, metrics: METRICS, fields: FIELDS };

/// Its events: what each means, and a short label where the report's "P(<title>)" would be too long.
const EVENTS: &[Term] = &[
    Term::new("wounded", "wounded (light or critical wound)").short("P(wounded)"),
    Term::new("critical_wound", "critical wound").short("P(critical wound)"),
    Term::new("impact_h", "impact \"H\": knocked down, wound-table roll").short("P(impact \"H\")"),
    Term::new("flees", "flees, dead or alive (RES ≤ 0 or a failed test)").short("P(flees, dead or alive)"),
    Term::new("dead", "dead").short("P(dead)"),
    Term::new("fled_alive", "fled, alive (not dead)").short("P(fled alive)"),
    Term::new("first_hit", "first attack hits"),
    Term::new("first_critical", "first attack is a critical wound"),
    Term::new("first_knocked_down", "first attack knocks down (impact \"H\")"),
    Term::new("flees_after_1", "flees after one attack, dead or alive").short("P(flees after one attack)"),
    Term::new("dead_after_1", "dead after one attack").short("P(dead after one attack)"),
    Term::new("fled_alive_after_1", "fled after one attack, alive").short("P(fled alive after one attack)"),
    Term::new("flees_within_cap", "flees or dies within the attack cap").short("P(flees within the cap)"),
    Term::new("dead_within_cap", "dead within the attack cap").short("P(dead within the cap)"),
    Term::new("out_fled_within_cap", "first out by fleeing, alive (within the cap)")
        .short("P(out by fleeing, alive, within the cap)"),
    Term::new("out_dead_within_cap", "first out by dying (within the cap)").short("P(out by dying, within the cap)"),
    // Many against one.
    Term::new("target_out", "target taken out: out of the fight (fled or dead), or dead where that is the goal")
        .short("P(taken out)"),
    Term::new("out_fled", "out by fleeing, alive").short("P(fled, alive)"),
    Term::new("out_dead", "out dead").short("P(dead)"),
    Vocabulary::GANG_TURNS[0],
    Vocabulary::GANG_TURNS[1],
    Vocabulary::GANG_TURNS[2],
    Vocabulary::GANG_TURNS[3],
    Term::new("passed_1st", "passed 1st"),
    Term::new("passed_2nd", "passed 2nd"),
    Term::new("failed_both", "failed both"),
    Term::new("a_first", "A acts first"),
    Term::new("hole_opens", "a bug hole opens"),
    Term::new("opens_this_turn", "it opens this turn (no tremors)"),
    Term::new("hole_front", "a hole opens in front of the humans"),
    Term::new("hole_right", "a hole opens to their right"),
    Term::new("hole_behind", "a hole opens behind them"),
    Term::new("hole_left", "a hole opens to their left"),
    Term::new("pursues_a_second_turn", "pursues a second turn"),
    Term::new("open", "open terrain"),
    Term::new("jungle_swamp", "jungle or swamp"),
    Term::new("rocky", "rocky"),
    Term::new("mountain", "mountain"),
];

/// Its metrics.
const METRICS: &[Term] = &[
    Term::new("res_lost", "RES lost"),
    Term::new("attackers_to_out", "attacks it takes to take the target out"),
    Term::new("damage_taken", "RES the target has lost when the attacks end").short("RES lost"),
    Term::new("shots_to_flee", "attacks until it flees or dies (not within the cap: counted as cap + 1)"),
    Term::new("shots_to_kill", "attacks until it is dead (not within the cap: counted as cap + 1)"),
    Term::new("res_lost_first_shot", "RES lost to the first attack"),
    Term::new("result", "reaction result (0 passed 1st, 1 passed 2nd, 2 failed both)"),
    Term::new("rolls", "opposed rolls needed (ties re-rolled)"),
    Term::new("tremor_turns", "turns of tremors before the hole opens (given a hole opens; 30 or more counted as 30)"),
    Term::new("distance", "hole distance (variant's units; given a hole opens)"),
    Term::new("total_bugs", "attacking bugs (given a hole opens)"),
    Term::new("big_bugs", "big bugs among them (given a hole opens)"),
    Term::new("first_bug_big", "the first bug is big (given a hole opens)"),
    Term::new("first_turn", "pursuit distance, first turn"),
    Term::new("total", "pursuit distance, all turns"),
    Term::new("turns", "pursuit turns"),
    Term::new("roll", "roll (D6 or 2D6 sum, after any reroll)"),
    // The duel's per-side count.
    Term::new("a_lost", "activations A loses (knocked down, ducking back)"),
    Term::new("b_lost", "activations B loses (knocked down, ducking back)"),
];

/// Its config fields a report can name (a swept parameter).
const FIELDS: &[Term] = &[
    // Many against one (a sweep of `attackers.0.count` reads "how many of the first attacker listed").
    Term::new("gang.target", "target"),
    Term::new("gang.attackers", "attacker"),
    Term::new("gang.attackers.count", "how many").reads("{} attacker{s} of that entry"),
    Term::new("gang.turns", "turns").reads("{} turn{s}"),
    Term::new("gang.cover", "target in cover"),
    Term::new("gang.target_moved_far", "target moved far"),
    Term::new("shot.shooter", "shooter"),
    Term::new("shot.targets", "targets"),
    Term::new("shot.weapon", "weapon"),
    Term::new("shot.long_range", "at long range"),
    Term::new("shot.shooter_moved_far", "shooter moved far"),
    Term::new("shot.target_moved_far", "target moved far"),
    Term::new("shot.cover", "target in cover"),
    Term::new("sequence.shooter", "shooter"),
    Term::new("sequence.target", "target"),
    Term::new("sequence.weapon", "weapon"),
    Term::new("sequence.cap", "most attacks"),
    Term::new("sequence.long_range", "at long range"),
    Term::new("sequence.shooter_moved_far", "shooter moved far"),
    Term::new("sequence.target_moved_far", "target moved far"),
    Term::new("sequence.cover", "target in cover"),
    Term::new("profiles.hda", "HDA"),
    Term::new("profiles.pot", "POT"),
    Term::new("profiles.fdv", "FDV"),
    Term::new("profiles.res", "RES"),
    Term::new("profiles.bld", "BLD"),
    Term::new("profiles.mov_cm", "MOV (cm)"),
    Term::new("profiles.mov_in", "MOV (inches)"),
    Term::new("weapons.damage", "damage dice"),
    Term::new("weapons.pot", "POT"),
    Term::new("weapons.effective_cm", "effective range (cm)"),
    Term::new("weapons.effective_in", "effective range (inches)"),
    Term::new("weapons.max_cm", "maximum range (cm)"),
    Term::new("weapons.max_in", "maximum range (inches)"),
    Term::new("weapons.targets", "targets"),
];
/// A sequence's cumulative line, for its chart's legend: the chance the bug is down within k
/// attacks (dead; or out: fled or dead).
pub fn within_k(metric: &str) -> Option<&'static str> {
    Some(match metric {
        "shots_to_kill" => "P(dead within k attacks)",
        "shots_to_flee" => "P(out within k attacks)",
        _ => return None,
    })
}
