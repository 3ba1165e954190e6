//! The words this system's reports use for its metrics and events (a report never borrows
//! another system's wording).

/// What an event name means, in this system's words.
pub fn event(name: &str) -> Option<&'static str> {
    Some(match name {
        "any_hit" => "at least one hit",
        "ko" => "K.O. caused",
        "casualty" => "casualty caused",
        "out_of_action" => "out of action caused (K.O. or casualty)",
        "any_damage" => "at least one marker placed",
        "any_impact" => "at least one impact",
        "any_removed" => "at least one ★ removed",
        "recovered_from_ko" => "recovered from K.O.",
        "a_leads_round_1" => "player A leads round 1",
        "a_leads_last_round" => "player A leads the last round",
        "a_leads_majority" => "player A leads more than half the rounds",
        "at_least_one" => "at least one more henchman activates",
        "reaches_target" => "reaches the target distance",
        "three_vp" => "3 VP (the named number)",
        "riddle_stays" => "the riddle stays (off by one)",
        "one_vp" => "1 VP",
        "any_pass" => "at least one pass",
        "pass" => "check passed",
        "critical" => "critical (collateral die 6 with a damage success)",
        "knocked_down" => "knocked down (the collateral die matches a damage die)",
        _ => return None,
    })
}

/// What a metric name means, in this system's words.
pub fn metric(name: &str) -> Option<&'static str> {
    Some(match name {
        "a_dealt" => "markers A deals",
        "b_dealt" => "markers B deals",
        "impact_dice" => "impact dice rolled",
        "impacts" => "impacts before blocks",
        "blocks" => "impacts cancelled by block dice",
        "hits" => "hits (impacts left after blocks, Blink! and armour)",
        "blinked" => "impacts removed by Blink! and Dodge",
        "damage_successes" => "damage successes",
        "stun" => "★ placed on the target",
        "wounds" => "♦ placed on the target",
        "roll" => "roll (D6 or 2D6 sum, after any reroll)",
        "stun_removed" => "★ removed",
        "a_leads" => "rounds player A leads",
        "rounds" => "rounds played",
        "attack_dice" => "2019 attack dice rolled (without the Strength die)",
        "a_longest_streak" => "player A's longest run of leads",
        "chain" => "henchmen activated by Let's Go!",
        "distance_cm" => "distance moved (cm)",
        "vp" => "victory points",
        "passes" => "passes available",
        "b_strikes_left" => "B's strikes left",
        "net_plus_offset" => "net markers (offset)",
        "dice" => "dice rolled",
        "sum" => "sum of the two kept dice",
        _ => return None,
    })
}

/// Short labels for table headers and legends that only the 2013 game needs (the ones both
/// editions share are in `batman::labels`).
pub fn event_short(name: &str) -> Option<&'static str> {
    Some(match name {
        "any_damage" => "P(at least one marker)",
        _ => return None,
    })
}
