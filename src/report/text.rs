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
        "critical" => "critical (2019: Strength die natural 6; 2013: collateral 6 with a damage success)",
        "ko" => "K.O. caused",
        "casualty" => "casualty caused",
        "pass" => "check passed",
        "any_damage" => "at least one marker placed",
        "knocked_down" => "knocked down (collateral die matches a damage die)",
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
        "impacts" => "impacts before blocks (2019: Strength die included)",
        "blocks" => "impacts cancelled by block dice",
        "hits" => "hits (2013: impacts left after blocks, Blink! and armour)",
        "stun" => "★ placed on the target",
        "wounds" => "♦ placed on the target",
        "dice" => "dice rolled",
        "sum" => "sum of the two kept dice",
        "impact_dice" => "impact dice rolled",
        "blinked" => "impacts removed by Blink! and Dodge",
        "damage_successes" => "damage successes",
        "roll" => "roll (D6 or 2D6 sum, after any reroll)",
        "stun_removed" => "★ removed",
        "a_leads" => "rounds player A leads",
        "rounds" => "rounds played",
        "a_longest_streak" => "player A's longest run of leads",
        "chain" => "henchmen activated by Let's Go!",
        "distance_cm" => "distance moved (cm)",
        "vp" => "victory points",
        "passes" => "passes available",
        "a_dealt" => "markers A deals",
        "b_dealt" => "markers B deals",
        "b_strikes_left" => "B's strikes left",
        "net_plus_offset" => "net markers (offset)",
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
