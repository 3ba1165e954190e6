//! The words this system's reports use for its metrics and events (a report never borrows
//! another system's wording).

/// What an event name means, in this system's words.
pub fn event(name: &str) -> Option<&'static str> {
    Some(match name {
        "wounded" => "wounded (light or critical wound)",
        "critical_wound" => "critical wound",
        "impact_h" => "impact \"H\": knocked down, wound-table roll",
        "flees" => "flees, dead or alive (RES ≤ 0 or a failed test)",
        "dead" => "dead",
        "fled_alive" => "fled, alive (not dead)",
        "first_hit" => "first attack hits",
        "first_critical" => "first attack is a critical wound",
        "first_knocked_down" => "first attack knocks down (impact \"H\")",
        "flees_after_1" => "flees after one attack, dead or alive",
        "dead_after_1" => "dead after one attack",
        "fled_alive_after_1" => "fled after one attack, alive",
        "flees_within_cap" => "flees or dies within the attack cap",
        "dead_within_cap" => "dead within the attack cap",
        "out_fled_within_cap" => "first out by fleeing, alive (within the cap)",
        "out_dead_within_cap" => "first out by dying (within the cap)",
        "passed_1st" => "passed 1st",
        "passed_2nd" => "passed 2nd",
        "failed_both" => "failed both",
        "a_first" => "A acts first",
        "hole_opens" => "a bug hole opens",
        "opens_this_turn" => "it opens this turn (no tremors)",
        "hole_front" => "a hole opens in front of the humans",
        "hole_right" => "a hole opens to their right",
        "hole_behind" => "a hole opens behind them",
        "hole_left" => "a hole opens to their left",
        "pursues_a_second_turn" => "pursues a second turn",
        "open" => "open terrain",
        "jungle_swamp" => "jungle or swamp",
        "rocky" => "rocky",
        "mountain" => "mountain",
        _ => return None,
    })
}

/// What a metric name means, in this system's words.
pub fn metric(name: &str) -> Option<&'static str> {
    Some(match name {
        "res_lost" => "RES lost",
        "shots_to_flee" => "attacks until it flees or dies (not within the cap: counted as cap + 1)",
        "shots_to_kill" => "attacks until it is dead (not within the cap: counted as cap + 1)",
        "res_lost_first_shot" => "RES lost to the first attack",
        "result" => "reaction result (0 passed 1st, 1 passed 2nd, 2 failed both)",
        "rolls" => "opposed rolls needed (ties re-rolled)",
        "tremor_turns" => "turns of tremors before the hole opens (given a hole opens)",
        "distance" => "hole distance (variant's units; given a hole opens)",
        "total_bugs" => "attacking bugs (given a hole opens)",
        "big_bugs" => "big bugs among them (given a hole opens)",
        "first_bug_big" => "the first bug is big (given a hole opens)",
        "first_turn" => "pursuit distance, first turn",
        "total" => "pursuit distance, all turns",
        "turns" => "pursuit turns",
        "roll" => "roll (D6 or 2D6 sum, after any reroll)",
        _ => return None,
    })
}

/// A sequence's cumulative line, for its chart's legend: the chance the bug is down within k
/// attacks (dead; or out: fled or dead).
pub fn within_k(metric: &str) -> Option<&'static str> {
    Some(match metric {
        "shots_to_kill" => "P(dead within k attacks)",
        "shots_to_flee" => "P(out within k attacks)",
        _ => return None,
    })
}

/// Short labels for table headers and legends (compare and sweep grids), where the event's name
/// does not read as words; a target's suffix is added by the report ("P(dead, target 1)").
pub fn event_short(name: &str) -> Option<&'static str> {
    Some(match name {
        "wounded" => "P(wounded)",
        "critical_wound" => "P(critical wound)",
        "impact_h" => "P(impact \"H\")",
        "flees" => "P(flees, dead or alive)",
        "dead" => "P(dead)",
        "fled_alive" => "P(fled alive)",
        "flees_after_1" => "P(flees after one attack)",
        "dead_after_1" => "P(dead after one attack)",
        "fled_alive_after_1" => "P(fled alive after one attack)",
        "flees_within_cap" => "P(flees within the cap)",
        "dead_within_cap" => "P(dead within the cap)",
        "out_fled_within_cap" => "P(out by fleeing, alive, within the cap)",
        "out_dead_within_cap" => "P(out by dying, within the cap)",
        _ => return None,
    })
}
