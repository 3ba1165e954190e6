//! The words this system's reports use for its metrics and events (a report never borrows
//! another system's wording).

/// What an event name means, in this system's words.
pub fn event(name: &str) -> Option<&'static str> {
    Some(match name {
        "any_hit" => "at least one hit",
        "ko" => "K.O. caused",
        "casualty" => "casualty caused",
        "out_of_action" => "out of action caused (K.O. or casualty)",
        "pass" => "check passed",
        "critical" => "critical (Strength die natural 6)",
        "knocked_down" => "knocked down (a critical on a target left standing, knock-down chosen over any CRT)",
        _ => return None,
    })
}

/// What a metric name means, in this system's words.
pub fn metric(name: &str) -> Option<&'static str> {
    Some(match name {
        "a_dealt" => "markers A deals",
        "b_dealt" => "markers B deals",
        "attack_dice" => "attack dice rolled (without the Strength die)",
        "impacts" => "impacts before blocks (Strength die included)",
        "blocks" => "impacts cancelled by block dice",
        "hits" => "hits (impacts left after blocks, plus the Strength die)",
        "stun" => "★ placed on the target",
        "wounds" => "♦ placed on the target",
        "dice" => "dice rolled",
        "sum" => "sum of the two kept dice",
        _ => return None,
    })
}
