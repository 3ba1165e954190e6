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

/// What an event name means in one rule system's words (so a 2019 report never explains the
/// 2013 rules, and the reverse), or `None` where every system says it the same way.
fn event_in(ruleset: &str, name: &str) -> Option<&'static str> {
    Some(match (ruleset, name) {
        ("bmg-3e", "critical") => "critical (Strength die natural 6)",
        ("bmg-1e", "critical") => "critical (collateral die 6 with a damage success)",
        ("bmg-3e", "knocked_down") => {
            "knocked down (a critical on a target left standing, knock-down chosen over any CRT)"
        }
        ("bmg-1e", "knocked_down") => "knocked down (the collateral die matches a damage die)",
        _ => return None,
    })
}

/// What a metric name means in one rule system's words (see [`event_in`]).
fn metric_in(ruleset: &str, name: &str) -> Option<&'static str> {
    Some(match (ruleset, name) {
        ("bmg-3e", "impacts") => "impacts before blocks (Strength die included)",
        ("bmg-3e", "hits") => "hits (impacts left after blocks, plus the Strength die)",
        ("bmg-1e", "hits") => "hits (impacts left after blocks, Blink! and armour)",
        _ => return None,
    })
}

/// What an event name means, for people, in `ruleset`'s words (`_t1`.. `_t3` suffixes name the
/// target).
pub fn event_title(ruleset: &str, name: &str) -> String {
    if let Some((base, t)) = target_suffix(name) {
        return format!("{} (target {t})", event_title(ruleset, base));
    }
    if let Some(t) = event_in(ruleset, name) {
        return t.to_string();
    }
    match name {
        "any_hit" => "at least one hit",
        "critical" => "critical",
        "ko" => "K.O. caused",
        "casualty" => "casualty caused",
        "pass" => "check passed",
        "any_damage" => "at least one marker placed",
        "knocked_down" => "knocked down",
        "out_of_action" => "out of action caused (K.O. or casualty)",
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
        "wounded" => "wounded (light or critical wound)",
        "critical_wound" => "critical wound",
        "impact_h" => "impact \"H\": knocked down, wound-table roll",
        "flees" => "flees (RES ≤ 0 or a failed reaction test)",
        "dead" => "dead",
        "first_hit" => "first attack hits",
        "first_critical" => "first attack is a critical wound",
        "first_knocked_down" => "first attack knocks down (impact \"H\")",
        "flees_after_1" => "flees after one attack",
        "dead_after_1" => "dead after one attack",
        "flees_within_cap" => "flees within the attack cap",
        "dead_within_cap" => "dead within the attack cap",
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
        "target_down" => "target down (no wounds left)",
        "shot_2_hit" => "shot 2 hits",
        "shot_3_hit" => "shot 3 hits",
        "shot_4_hit" => "shot 4 hits",
        "luck_used" => "Beginner's luck used",
        "target_luck_used" => "the target's (defender's) Beginner's luck used",
        "backlash" => "backlash on the attacker",
        "defender_down" => "defender down",
        "attacker_down" => "attacker down",
        "cast" => "spell cast (suit cards paid)",
        "success" => "spell succeeds",
        "win" => "wins the bid",
        "leaves" => "leaves the melee",
        "can_run_full" => "can run the full 2 × M",
        "jungle_swamp" => "jungle or swamp",
        "rocky" => "rocky",
        "mountain" => "mountain",
        _ => "event",
    }
    .to_string()
}

fn target_suffix(name: &str) -> Option<(&str, char)> {
    let (base, t) = name.rsplit_once("_t")?;
    let c = t.chars().next()?;
    (t.len() == 1 && ('1'..='3').contains(&c)).then_some((base, c))
}

/// Short event label for table headers and legends.
pub fn event_short(_ruleset: &str, name: &str) -> String {
    match name {
        "any_hit" => "P(hit)".into(),
        "critical" => "P(critical)".into(),
        "ko" => "P(K.O.)".into(),
        "casualty" => "P(casualty)".into(),
        "knocked_down" => "P(knocked down)".into(),
        "out_of_action" => "P(K.O. or casualty)".into(),
        "pass" => "P(pass)".into(),
        other => format!("P({})", other.replace('_', " ")),
    }
}

/// What a metric name means, for people, in `ruleset`'s words.
pub fn metric_title(ruleset: &str, name: &str) -> String {
    if let Some((base, t)) = target_suffix(name) {
        return format!("{} (target {t})", metric_title(ruleset, base));
    }
    if let Some(t) = metric_in(ruleset, name) {
        return t.to_string();
    }
    match name {
        "attack_dice" => "attack dice rolled (without the Strength die)",
        "impacts" => "impacts before blocks",
        "blocks" => "impacts cancelled by block dice",
        "hits" => "hits",
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
        "res_lost" => "RES lost",
        "shots_to_flee" => "attacks until it flees (cap + 1 = not within the cap)",
        "shots_to_kill" => "attacks until it is dead (cap + 1 = not within the cap)",
        "res_lost_first_shot" => "RES lost to the first attack",
        "result" => "reaction result (0 passed 1st, 1 passed 2nd, 2 failed both)",
        "rolls" => "opposed rolls needed (ties re-rolled)",
        "tremor_turns" => "turns of tremors before the hole opens (given a hole opens)",
        "distance" => "hole distance (variant's units; given a hole opens)",
        "total_bugs" => "attacking bugs (given a hole opens)",
        "big_bugs" => "big bugs among them (given a hole opens)",
        "first_bug_big" => "the first bug is big (given a hole opens; mean = probability)",
        "first_turn" => "pursuit distance, first turn",
        "total" => "pursuit distance, all turns",
        "turns" => "pursuit turns",
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
        "opponent_bid_rank" => "opponent's best card (0 = 2 … 12 = ace)",
        "move" => "move (inches)",
        "run" => "run (inches)",
        "charge" => "charge (inches)",
        "detection_range" => "detection range (inches)",
        "reach_tenths_in" => "reach (tenths of an inch)",
        _ => "metric",
    }
    .to_string()
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
