//! Words both Batman editions share in reports.

/// Short labels for table headers and legends, shared by both Batman editions.
pub fn event_short(name: &str) -> Option<&'static str> {
    Some(match name {
        "ko" => "P(K.O.)",
        "out_of_action" => "P(K.O. or casualty)",
        "any_hit" => "P(hit)",
        _ => return None,
    })
}
