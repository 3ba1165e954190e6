//! The words this system's reports use for its metrics and events (a report never borrows
//! another system's wording).

/// What an event name means, in this system's words.
pub fn event(name: &str) -> Option<&'static str> {
    Some(match name {
        "first_hit" => "the first shot hits",
        "any_hit" => "at least one hit",
        "target_down" => "target down (no wounds left)",
        "shot_2_hit" => "shot 2 hits",
        "shot_3_hit" => "shot 3 hits",
        "shot_4_hit" => "shot 4 hits",
        "luck_used" => "Beginner's luck used",
        "target_luck_used" => "the target's (defender's) Beginner's luck used",
        "hit" => "the attack hits",
        "backlash" => "backlash on the attacker",
        "defender_down" => "defender down",
        "attacker_down" => "attacker down",
        "cast" => "spell cast (suit cards paid)",
        "success" => "spell succeeds",
        "win" => "wins the bid",
        "leaves" => "leaves the melee",
        _ => return None,
    })
}

/// What a metric name means, in this system's words.
pub fn metric(name: &str) -> Option<&'static str> {
    Some(match name {
        "hits" => "hits",
        "damage" => "damage (wounds)",
        "first_shot_crits" => "critical hits, first shot",
        "first_shot_damage" => "damage of the first shot",
        "shooter_cards" => "cards the shooter spent",
        "target_cards" => "cards the target spent",
        "target_wounds_left" => "target's wounds left",
        "damage_to_defender" => "damage to the defender",
        "backlash_to_attacker" => "backlash damage to the attacker",
        "crits" => "critical hits",
        "attacker_cards" => "cards the attacker spent",
        "defender_cards" => "cards the defender spent",
        "cards_spent" => "cards spent",
        "cost_cards" => "cards paid for the spell's cost",
        "opponent_bid_rank" => "opponent's best card",
        _ => return None,
    })
}

/// Short labels for table headers and legends, where the event's name does not say it.
pub fn event_short(name: &str) -> Option<&'static str> {
    Some(match name {
        "first_hit" => "P(first shot hits)",
        "any_hit" => "P(hit)",
        "shot_2_hit" => "P(shot 2 hits)",
        "shot_3_hit" => "P(shot 3 hits)",
        "shot_4_hit" => "P(shot 4 hits)",
        _ => return None,
    })
}

/// A card policy (`policies`, a fighter's `effort`) in words, for table rows and legends; the
/// config's own name (`fewest_to_win`) stays in results.json and in the setup lines that say
/// which value was set.
pub fn policy(name: &str) -> &str {
    match name {
        "never" => "no cards",
        "fewest_to_win" => "fewest cards to win",
        "number_cards_only" => "number cards only",
        "all_in" => "all cards",
        other => other,
    }
}

/// A defender's choice (`guards`) in words.
pub fn guard(name: &str) -> &str {
    match name {
        "on_guard" => "on guard",
        other => other,
    }
}
