//! Shared wording and number formatting for every text output.

/// A probability as a percentage with two decimals (more for tiny values).
pub fn pct(p: f64) -> String {
    if p > 0.0 && p < 0.0001 { format!("{:.4}%", p * 100.0) } else { format!("{:.2}%", p * 100.0) }
}

/// A 95 % interval as `[lo, hi]` in percent.
pub fn ci(lo: f64, hi: f64) -> String {
    let f = |x: f64| if x > 0.0 && x < 0.0001 { format!("{:.4}", x * 100.0) } else { format!("{:.2}", x * 100.0) };
    format!("[{}, {}]", f(lo), f(hi))
}

/// `p [lo, hi]` in percent.
pub fn pct_ci(p: f64, lo: f64, hi: f64) -> String {
    format!("{} {}", pct(p), ci(lo, hi))
}

/// A mean with its 95 % interval half-width.
pub fn mean_ci(mean: f64, stderr: f64, z: f64) -> String {
    format!("{:.3} ± {:.3}", mean, z * stderr)
}

/// What an event name means, for people.
pub fn event_title(name: &str) -> &'static str {
    match name {
        "any_hit" => "at least one hit",
        "critical" => "critical (Strength die natural 6: knocked down or CRT)",
        "ko" => "K.O. caused",
        "casualty" => "casualty caused",
        "pass" => "check passed",
        _ => "event",
    }
}

/// Short event label for table headers and legends.
pub fn event_short(name: &str) -> &'static str {
    match name {
        "any_hit" => "P(hit)",
        "critical" => "P(critical)",
        "ko" => "P(K.O.)",
        "casualty" => "P(casualty)",
        "pass" => "P(pass)",
        _ => "P",
    }
}

/// What a metric name means, for people.
pub fn metric_title(name: &str) -> &'static str {
    match name {
        "attack_dice" => "attack dice rolled (without the Strength die)",
        "impacts" => "impacts before blocks (attack dice + Strength die)",
        "blocks" => "impacts cancelled by block dice",
        "hits" => "hits",
        "stun" => "★ placed on the target",
        "wounds" => "♦ placed on the target",
        "dice" => "dice rolled",
        "sum" => "sum of the two kept dice",
        _ => "metric",
    }
}

/// A count with thousands separators: `1,000,000`.
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_and_percentages() {
        assert_eq!(super::count(1_000_000), "1,000,000");
        assert_eq!(super::count(999), "999");
        assert_eq!(super::count(1_048_576), "1,048,576");
        assert_eq!(super::pct(0.41677), "41.68%");
        assert_eq!(super::pct(0.00001), "0.0010%");
    }
}
