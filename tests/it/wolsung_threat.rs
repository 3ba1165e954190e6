//! Wolsung pools against exact binomial values, card policies that must help, and bad input
//! for Wolsung, Mordheim and the threat range.

use crate::common;

use skirmish_odds::engine::{self, Stop, Tally, progress::Progress};
use skirmish_odds::exact::binomial;
use skirmish_odds::systems::wolsung::rules::*;

fn turn(d: i32, r: i32, hand: u8, policy: Policy) -> ShootingTurn {
    ShootingTurn {
        d,
        dice_mod: 0,
        elevation: 0,
        movement_penalty: 0,
        rapid_move: false,
        floor: PenaltyFloor::Pool,
        actions: 1,
        rapid_fire: 1,
        target_dice: r,
        reaction: Reaction::Stand,
        damage: 4,
        armour: 0,
        wounds: 10,
        hard_to_kill: false,
        fresh_target_each_shot: false,
        shooter_hand: hand,
        shooter_policy: policy,
        target_hand: 0,
        target_policy: Policy::Never,
        beginners_luck: false,
        target_luck: false,
    }
}

fn run(t: ShootingTurn, seed: u64) -> Tally {
    engine::run_cells(&[t], seed, Stop::Trials(200_000), &Progress::hidden()).tallies.remove(0)
}

#[test]
fn opposed_pools_match_the_binomial() {
    for (d, r) in [(3, 2), (2, 4), (5, 5)] {
        let (a, b) = (binomial(d as u32, 0.5), binomial(r as u32, 0.5));
        let p: f64 = a
            .iter()
            .enumerate()
            .map(|(i, pa)| b.iter().enumerate().filter(|(j, _)| i >= *j).map(|(_, pb)| pa * pb).sum::<f64>())
            .sum();
        let t = run(turn(d, r, 0, Policy::Never), 40 + d as u64);
        let got = t.events[0] as f64 / t.trials as f64;
        let se = (p * (1.0 - p) / t.trials as f64).sqrt();
        assert!((got - p).abs() < 5.0 * se, "{d} v {r}: {got} vs {p}");
        // Expected criticals on a hit: E[(S − T)⁺] exactly.
        let crits: f64 = a
            .iter()
            .enumerate()
            .map(|(i, pa)| {
                b.iter().enumerate().filter(|(j, _)| i > *j).map(|(j, pb)| pa * pb * (i - j) as f64).sum::<f64>()
            })
            .sum();
        let m = t.moments(2);
        assert!((m.mean - crits).abs() < 5.0 * m.stderr.max(1e-9), "{d} v {r}: crits {} vs {crits}", m.mean);
    }
}

#[test]
fn card_policies_order_as_they_should() {
    // From 2 dice against 4, spending to win must beat never spending; all-in deals the most damage.
    let never = run(turn(2, 4, 4, Policy::Never), 50);
    let fewest = run(turn(2, 4, 4, Policy::FewestToWin), 50);
    let all = run(turn(2, 4, 4, Policy::AllIn), 50);
    let p = |t: &Tally| t.events[0] as f64 / t.trials as f64;
    assert!(p(&fewest) > p(&never) + 0.2, "{} vs {}", p(&fewest), p(&never));
    assert!(all.moments(1).mean > fewest.moments(1).mean);
    assert_eq!(never.moments(4).mean, 0.0);
    // Fewest-to-win spends fewer cards than all-in.
    assert!(fewest.moments(4).mean < all.moments(4).mean);
}

fn fails(name: &str, config: &str, expect: &[&str]) {
    common::fails("wolsung_errors", name, config, &[], &[], expect);
}

const MODELS: &str = "[models.h]\nc = 3\nf = 3\nd = 3\nm = 4\nr = 3\nh = 4\nhero = true\nsuit = \"♥\"\n[models.t]\nc = 3\nf = 3\nd = 2\nm = 3\nr = 2\nh = 3\n[guns.p]\nf = 4\nbands = [[8, 1], [16, -1]]\n";

#[test]
fn bad_input_in_wolsung_mordheim_and_threat() {
    let head = "ruleset = \"wolsung\"\ntrials = 1000\n";
    fails(
        "bad-card",
        &format!("{head}kind = \"initiative\"\n[initiative]\nhand = [\"Z♠\"]\n"),
        &["field `initiative.hand`", "is not a card"],
    );
    fails(
        "dup-card",
        &format!("{head}kind = \"initiative\"\n[initiative]\nhand = [\"A♠\", \"As\"]\n"),
        &["field `initiative.hand`", "distinct cards"],
    );
    fails(
        "policy",
        &format!(
            "{head}kind = \"shooting\"\n{MODELS}[shooting]\nshooter = \"h\"\ntarget = \"t\"\nguns = [\"p\"]\ndistances = [4]\npolicies = [\"yolo\"]\n"
        ),
        &["field `shooting.policies`", "`never`, `fewest_to_win`, `number_cards_only`, `all_in`"],
    );
    fails(
        "bands",
        &format!(
            "{head}kind = \"shooting\"\n{}[shooting]\nshooter = \"h\"\ntarget = \"t\"\nguns = [\"p\"]\ndistances = [4]\n",
            MODELS.replace("[[8, 1], [16, -1]]", "[[16, 1], [8, -1]]")
        ),
        &["field `guns.p.bands`", "increasing distances"],
    );
    fails(
        "rapid",
        &format!(
            "{head}kind = \"shooting\"\n{MODELS}[shooting]\nshooter = \"h\"\ntarget = \"t\"\nguns = [\"p\"]\ndistances = [4]\nmove_and_shoot = true\n"
        ),
        &["field `shooting.move_and_shoot`", "not Rapid"],
    );
    fails(
        "kd-parry",
        &format!(
            "{head}kind = \"melee\"\n{MODELS}[melee]\nattacker = \"h\"\ndefender = \"t\"\ndefender_knocked_down = true\n"
        ),
        &["field `melee.guards`", "must choose on guard"],
    );
    fails(
        "no-magic",
        &format!("{head}kind = \"magic\"\n{MODELS}[magic]\ncaster = \"h\"\ndifficulty = 2\n"),
        &["field `magic.caster`", "no `magic` skill"],
    );
    fails(
        "wrong-reading",
        &format!(
            "{head}kind = \"leave\"\n{MODELS}[readings]\ndetection_range = \"initiative\"\n[leave]\nmodel = \"h\"\nenemy = \"t\"\n"
        ),
        &["field `readings.detection_range`", "wolsung readings: `guard_backlash_crits`, `movement_penalty_floor`"],
    );
    fails(
        "mordheim-reading",
        "ruleset = \"mordheim\"\nkind = \"movement\"\n[readings]\ndetection_range = \"double\"\n[movement]\nm = 4\n",
        &["field `readings.detection_range`", "`initiative` (default), `triple_initiative`"],
    );
    fails(
        "threat-empty",
        "ruleset = \"all\"\nkind = \"threat\"\n[threat]\nto_in = 20\n",
        &["field `threat`", "[threat.bmg-1e]"],
    );
    fails(
        "threat-range",
        "ruleset = \"all\"\nkind = \"threat\"\n[threat]\nfrom_in = 10\nto_in = 5\n[threat.mordheim]\nm = 4\n",
        &["field `threat.to_in`", "allowed: 11..=120"],
    );
}
