//! The words this system's reports use for its metrics and events (a report never borrows
//! another system's wording).

/// What an event name means, in this system's words.
pub fn event(name: &str) -> Option<&'static str> {
    Some(match name {
        "can_run_full" => "can run the full 2 × M (no visible enemy within 8″)",
        _ => return None,
    })
}

/// What a metric name means, in this system's words.
pub fn metric(name: &str) -> Option<&'static str> {
    Some(match name {
        "move" => "move (inches)",
        "run" => "run (inches)",
        "charge" => "charge (inches)",
        "detection_range" => "detection range (inches)",
        _ => return None,
    })
}
