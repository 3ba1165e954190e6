//! Many against one (`kind = "gang"`, issue #41): several attackers in turn against one target,
//! held to values worked out from the rulebook text by hand and by an independent reader
//! (`docs/rules/independent/bmg-3e.md`, section 4), and the sampled sequence to the exact one.

use crate::common::{self, tmp};
use skirmish_odds::analysis::scenario::{ExactMode, Scenario};
use skirmish_odds::config::Overrides;
use skirmish_odds::engine::progress::Progress;
use skirmish_odds::exact::Budget;
use skirmish_odds::registry;
use skirmish_odds::stats::fraction;

/// A 2019 sequence against Batman of the bundled cards: `attackers` as (card, weapon, effort),
/// Batman's effort as given.
fn batman(name: &str, turns: u8, target_effort: &str, attackers: &[(&str, &str, &str)]) -> Scenario {
    let d = tmp("gang", name);
    let cards = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/cards.toml");
    let mut text = format!(
        "ruleset = \"bmg-3e\"\nkind = \"gang\"\ninclude = [{:?}]\ntrials = 20000\n[gang]\nturns = {turns}\ntarget = {{ card = \"batman\", effort = \"{target_effort}\" }}\n",
        cards.display().to_string()
    );
    for (card, weapon, effort) in attackers {
        text.push_str(&format!(
            "[[gang.attackers]]\ncard = \"{card}\"\nweapon = \"{weapon}\"\neffort = \"{effort}\"\n"
        ));
    }
    let path = d.join("scenario.toml");
    std::fs::write(&path, text).unwrap();
    registry::load(&path, &Overrides::default()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// P(target out by the end) as an exact fraction, and the listed order's P(out) attack by attack.
fn solved(sc: &Scenario) -> (String, Vec<f64>) {
    let c = &sc.cells[0].trial;
    let t = c.exact(Budget::EXPLICIT).unwrap();
    let g = c.gang().unwrap().unwrap();
    (fraction(t.events[0], t.trials), g.listed.out_by.clone())
}

fn close(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-12)
}

const BAT: (&str, &str, &str) = ("thug", "baseball-bat", "none");
const KNIFE: (&str, &str, &str) = ("veteran", "knife", "none");

/// Effort adds attack dice (1560–1645, the 5 − 3 + 2 example), the Strength die is never blocked
/// (1760–1819): a Veteran (A4) with a knife (♦) making 3 effort against Batman (D4, E7) rolls 7
/// attack dice; a casualty needs 7 hits: 7 impacts with blocks ≤ the Strength die's hit, or 6
/// impacts, no block and the Strength die: 1/128 · (1/2 · 1/16 + 1/2 · 5/16) + 7/128 · 1/16 · 1/2
/// = 13/4096 (the independent reader's value too).
#[test]
fn gang_2019_effort_dice_and_a_knife_casualty() {
    let sc = batman("knife", 1, "none", &[("veteran", "knife", "max")]);
    assert_eq!(solved(&sc).0, "13/4096");
}

/// Numerical inferiority (1503–1515): "−1 a su atributo de Defensa por cada modelo enemigo que no
/// sea el que está realizando el ataque … y también tirará 2 dados menos en la Tirada de Defensa".
/// The first Thug (A3, bat ★★, Heavy: Strength 3+) K.O.s Batman (W8) only with 4 hits: 3 impacts
/// (1/8), no block in 4 dice at 3+ (1/81), the Strength die (2/3) = 1/972. The second Thug finds
/// the first still in contact: Defense 3 and 3 block dice.
#[test]
fn gang_2019_each_attacker_in_contact_lowers_defense_and_block_dice() {
    let sc = batman("contact", 1, "none", &[BAT, BAT]);
    let (f, by) = solved(&sc);
    assert_eq!(f, "145517/2125764");
    assert!((by[0] - 1.0 / 972.0).abs() < 1e-15, "{by:?}");
}

/// The order matters through numbers in contact: the knife cannot K.O. (♦ only) but, sent first,
/// puts a second enemy in contact for every bat. Attack by attack, both orders, as the independent
/// reader found them; the search finds the knife-first order best.
#[test]
fn gang_2019_order_matters_through_numbers_in_contact() {
    let sc = batman("order", 1, "none", &[BAT, BAT, BAT, KNIFE]);
    let (f, by) = solved(&sc);
    assert_eq!(f, "6940504351/12397455648");
    let third = 6940504351.0 / 12397455648.0;
    assert!(close(&by, &[1.0 / 972.0, 145517.0 / 2125764.0, third, third]), "{by:?}");
    let g = sc.cells[0].trial.gang().unwrap().unwrap().clone();
    assert_eq!(g.best.order, vec![3, 0, 1, 2]);
    assert!(close(&g.best.out_by, &[0.0, 16.0 / 2187.0, 232177.0 / 708588.0, 348039640.0 / 387420489.0]));
    assert_eq!(g.orders, 4, "three identical Thugs: 4 distinct orders");
    assert_eq!(g.worst.order, vec![0, 1, 2, 3]);
    let knife_first = batman("order-b", 1, "none", &[KNIFE, BAT, BAT, BAT]);
    assert_eq!(solved(&knife_first).0, "348039640/387420489");
}

/// The Recount between turns (1086–1089, 2022–2040): a target that is not K.O. removes one ★.
/// One Thug each turn: 13499/3779136 that Batman is K.O. by the end of turn 2 (the reader's value;
/// with no ★ removed it would be 13739/629856).
#[test]
fn gang_2019_the_recount_between_turns() {
    let sc = batman("recount", 2, "none", &[BAT]);
    let (f, by) = solved(&sc);
    assert_eq!(f, "13499/3779136");
    assert!((by[0] - 1.0 / 972.0).abs() < 1e-15);
}

/// The target's effort is paid in ★ on its own card (1604–1607), shared by every attack: the
/// plan at its best never does worse for it than making none or always making all it may, and
/// the attackers' best never does worse for them than making none.
#[test]
fn gang_2019_target_effort_is_paid_in_its_own_markers() {
    let p = |target: &str, attacker: &str| {
        let a =
            [("thug", "baseball-bat", attacker), ("thug", "baseball-bat", attacker), ("veteran", "knife", attacker)];
        let sc = batman(&format!("effort-{target}-{attacker}"), 1, target, &a);
        sc.cells[0].trial.gang().unwrap().unwrap().listed.p_out
    };
    let (best, none, max) = (p("optimal-win", "none"), p("none", "none"), p("max", "none"));
    assert!(best <= none + 1e-12 && best <= max + 1e-12, "best {best}, none {none}, max {max}");
    assert!(best < none - 1e-4 || best < max - 1e-4, "effort changes something here: {best} {none} {max}");
    assert!(p("optimal-win", "optimal-win") >= best - 1e-12);
}

/// The sampled sequence runs the rules' own attack code with the plan's choices: it agrees with
/// the exact figures (z within ±4), both sides choosing their effort.
#[test]
fn gang_2019_sampled_agrees_with_exact() {
    let mut sc = batman("sampled", 2, "optimal-win", &[BAT, ("veteran", "knife", "max"), BAT]);
    let exact = sc.cells[0].trial.exact(Budget::EXPLICIT).unwrap();
    sc.exact = ExactMode::Never;
    let run = skirmish_odds::analysis::run(sc, 2, &Progress::hidden()).unwrap();
    let t = &run.output.tallies[0];
    assert!(!t.exact && t.trials == 20000);
    for e in 0..exact.events.len() {
        let p = exact.events[e] as f64 / exact.trials as f64;
        let q = t.events[e] as f64 / t.trials as f64;
        let se = (p * (1.0 - p) / t.trials as f64).sqrt().max(1e-9);
        assert!(((q - p) / se).abs() < 4.0, "event {e}: sampled {q}, exact {p}");
    }
}

/// Bad input: one message naming the field and the allowed values, exit 2, nothing written.
#[test]
fn gang_bad_input_names_the_field() {
    let head = "ruleset = \"bmg-3e\"\nkind = \"gang\"\ninclude = [\"cards.toml\"]\n[gang]\n";
    let lib = ["configs/bmg-3e/cards.toml"];
    common::fails(
        "gang",
        "count",
        &format!("{head}target = {{ card = \"batman\" }}\n[[gang.attackers]]\ncard = \"thug\"\ncount = 13\n"),
        &lib,
        &[],
        &["scenario.toml:", "count", "1..=12"],
    );
    common::fails(
        "gang",
        "effort",
        &format!(
            "{head}target = {{ card = \"batman\", effort = \"optimal-ko\" }}\n[[gang.attackers]]\ncard = \"thug\"\n"
        ),
        &lib,
        &[],
        &["effort", "`none`, `max` or `optimal-win`"],
    );
    common::fails(
        "gang",
        "goal",
        &format!("{head}goal = \"dead\"\ntarget = {{ card = \"batman\" }}\n[[gang.attackers]]\ncard = \"thug\"\n"),
        &lib,
        &[],
        &["goal", "out_of_action", "casualty"],
    );
    common::fails(
        "gang",
        "ranged-in-contact",
        &format!(
            "{head}target = {{ card = \"batman\" }}\n[[gang.attackers]]\ncard = \"thug\"\nweapon = \"pistol\"\nin_contact = true\n"
        ),
        &lib,
        &[],
        &["in_contact", "may not shoot"],
    );
}

/// A K.O. target attacked on (goal `casualty`; 1853–1881): no block roll, Defense −1, +1 ♦ per
/// hit. A Veteran's knife (♦) against Batman already K.O. (W8 ★, D4 → 3, E7): every hit places
/// 2 ♦, so 4 hits make him a casualty: 4 impacts of 4 at 3+ (16/81), or 3 impacts (32/81) and
/// the Strength die at 4+ (1/2) = 32/81.
#[test]
fn gang_2019_a_ko_target_attacked_on_until_a_casualty() {
    let d = tmp("gang", "ko-target");
    let cards = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/cards.toml");
    let text = format!(
        "ruleset = \"bmg-3e\"\nkind = \"gang\"\ninclude = [{:?}]\n[gang]\ngoal = \"casualty\"\ntarget = {{ card = \"batman\", stun = 8 }}\n[[gang.attackers]]\ncard = \"veteran\"\nweapon = \"knife\"\neffort = \"none\"\n",
        cards.display().to_string()
    );
    std::fs::write(d.join("s.toml"), text).unwrap();
    let sc = registry::load(&d.join("s.toml"), &Overrides::default()).unwrap();
    assert_eq!(solved(&sc).0, "32/81");
}

/// Every report says what the default leaves out: the target takes no activation between the
/// attackers (the players alternate activations, 861, 961): in the answer and in the notes.
#[test]
fn gang_2019_reports_say_the_target_takes_no_activation() {
    let d = tmp("gang", "report");
    let o = common::bin_run(
        &d,
        &[
            "run",
            &format!("{}/configs/bmg-3e/henchmen-vs-batman.toml", env!("CARGO_MANIFEST_DIR")),
            "--out",
            "r",
            "--quiet",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let md = std::fs::read_to_string(d.join("r/summary.md")).unwrap();
    let first = md.lines().find(|l| l.starts_with("**")).unwrap();
    assert!(first.contains("takes no activation between the attackers"), "{first}");
    assert!(first.contains("put Batman out of action") && first.contains("(exact, "), "{first}");
    // The best order is one move from the listed one: worded as that move.
    assert!(first.contains("send Veteran henchman + Knife first: 99.97% (exact), +2.6 points"), "{first}");
    assert!(md.contains("not modelled: the target's own activations between the attackers"), "{md}");
    assert!(d.join("r/survival.png").exists());
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("r/results.json")).unwrap()).unwrap();
    assert_eq!(json["gang"]["orders"], 4);
}

/// A ¡Bichos! squad against a big bug (`attackers` as (weapon, count)), in cover or not.
fn bug(name: &str, cover: bool, attackers: &[(&str, usize)]) -> Scenario {
    let d = tmp("gang", name);
    let mut text = format!(
        "ruleset = \"bichos\"\nkind = \"gang\"\ntrials = 20000\n[gang]\ntarget = \"grande\"\ncover = {cover}\n"
    );
    for (weapon, count) in attackers {
        text.push_str(&format!("[[gang.attackers]]\nshooter = \"soldado\"\nweapon = \"{weapon}\"\ncount = {count}\n"));
    }
    std::fs::write(d.join("s.toml"), text).unwrap();
    registry::load(&d.join("s.toml"), &Overrides::default()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The bug dies of one shot only by a critical wound (firing rolls 2, 5, 8, 11, 12 for HDA 10:
/// 13/36), an "H" on the impact table (2D6 + POT 11 − 4 > 10: 33/36) and "M" on the wound table
/// against its FDV 10 (2D6 + 10 ≤ 13: 3/36; seed lines 482–505): 13 · 33 · 3 / 36³ = 143/5184.
/// In cover row 8 misses (5/36 fewer criticals): 8 · 33 · 3 / 36³ = 11/648.
#[test]
fn gang_bichos_one_shot_kills_only_by_an_h_and_the_wound_table() {
    for (cover, dead) in [(false, "143/5184"), (true, "11/648")] {
        let sc = bug(&format!("one-shot-{cover}"), cover, &[("assault_rifle", 1)]);
        let t = sc.cells[0].trial.exact(Budget::EXPLICIT).unwrap();
        // Events: target_out, out_fled, out_dead, target_out_turn_1.
        assert_eq!(fraction(t.events[2], t.trials), dead, "cover {cover}");
    }
}

/// A squad's solve against the sampled sequences on the rules' own code (each shot's firing,
/// damage, impact, wound and reaction rolls): `check` holds every figure — P(out), each way out,
/// each attack's share, the mean RES lost — within 4 standard errors, for both goals. (Its first
/// version moved a flight's RES 0 with the RES-independent laws: the mean RES lost came out 31.7
/// against 42.6 sampled, and a fled bug's later shots under `goal = "dead"` started from the
/// wrong RES.)
#[test]
fn gang_bichos_sampled_agrees_with_the_solve() {
    for goal in ["out", "dead"] {
        let d = tmp("gang", &format!("squad-check-{goal}"));
        let text = format!(
            "ruleset = \"bichos\"\nkind = \"gang\"\ntrials = 20000\n[gang]\ntarget = \"grande\"\ngoal = \"{goal}\"\n[[gang.attackers]]\nshooter = \"soldado\"\nweapon = \"assault_rifle\"\ncount = 3\n[[gang.attackers]]\nshooter = \"soldado\"\nweapon = \"heavy_weapon\"\n"
        );
        std::fs::write(d.join("s.toml"), text).unwrap();
        let sc = registry::load(&d.join("s.toml"), &Overrides::default()).unwrap();
        let check = skirmish_odds::analysis::check::run(&sc, &Progress::hidden()).unwrap();
        let (n, fails) = check.counts();
        assert!(n >= 8, "{goal}: {n} quantities checked");
        assert_eq!(fails, 0, "{goal}: largest |z| {}", check.worst());
    }
}

/// The independent reader's values (`docs/rules/independent/bichos.md`, "Many against one"): one
/// rifle shot, two, and the squad in both orders, attack by attack. The bug's FDV and cover carry
/// (a "Herido" passed 2nd under fire: FDV −1 and it ducks; ducked: in cover from the next shot).
#[test]
fn gang_bichos_agrees_with_an_independent_reading() {
    let one = bug("reader-1", false, &[("assault_rifle", 1)]);
    let t = one.cells[0].trial.exact(Budget::EXPLICIT).unwrap();
    assert_eq!(fraction(t.events[0], t.trials), "3252107/60466176");
    assert_eq!(fraction(t.events[1], t.trials), "1584155/60466176");
    let two = bug("reader-2", false, &[("assault_rifle", 2)]);
    let t = two.cells[0].trial.exact(Budget::EXPLICIT).unwrap();
    assert_eq!(fraction(t.events[0], t.trials), "1334871315444263/10968475320188928");
    assert_eq!(fraction(t.events[2], t.trials), "14220587755/235092492288");
    let squad = bug("reader-squad", false, &[("assault_rifle", 3), ("heavy_weapon", 1)]);
    let g = squad.cells[0].trial.gang().unwrap().unwrap().clone();
    let reader = [
        3252107.0 / 60466176.0,
        1334871315444263.0 / 10968475320188928.0,
        131688941139672249230681.0 / 663221759162200073699328.0,
        1348095807962316108668040028949.0 / 5012810452066400275439567241216.0,
    ];
    assert!(close(&g.listed.out_by, &reader), "{:?}", g.listed.out_by);
    assert_eq!(g.worst.order, vec![3, 0, 1, 2], "the heavy weapon first is the worst order");
    let heavy_first = [
        4085869.0 / 90699264.0,
        1798398233574337.0 / 16452712980283392.0,
        182472213075173977667887.0 / 994832638743300110548992.0,
        1315124927894552185822963764431.0 / 5012810452066400275439567241216.0,
    ];
    assert!(close(&g.worst.out_by, &heavy_first), "{:?}", g.worst.out_by);
}

/// A 2013 sequence of the bundled 2013 cards against `target`: `attackers` as (card, weapon),
/// `extra` lines added to `[gang]`.
fn gang_1e(name: &str, target: &str, extra: &str, attackers: &[(&str, &str)]) -> Scenario {
    let d = tmp("gang", name);
    let cards = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-1e/cards.toml");
    let mut text = format!(
        "ruleset = \"bmg-1e\"\nkind = \"gang\"\ninclude = [{:?}]\ntrials = 20000\n[gang]\n{extra}\ntarget = {{ card = \"{target}\" }}\n",
        cards.display().to_string()
    );
    for (card, weapon) in attackers {
        text.push_str(&format!("[[gang.attackers]]\ncard = \"{card}\"\nweapon = \"{weapon}\"\n"));
    }
    let path = d.join("scenario.toml");
    std::fs::write(&path, text).unwrap();
    registry::load(&path, &Overrides::default()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

const BRUISER_BAT: (&str, &str) = ("bruiser", "baseball-bat");
const THUG_KNIFE: (&str, &str) = ("thug", "knife");

/// One Bruiser (A4, S3+, bat ★★ Heavy: damage 2+) against a Thug (D3, E5) knocked down: "A fallen
/// figure will always be Impacted on a roll of 2+" and cannot defend itself (L1908): 4 strikes at
/// 5/6, no block; K.O. (5 markers, L752) with 3 damage successes, or 2 and the critical's ★
/// (collateral 6, 1/6): Σ over hits h ~ B(4, 5/6), successes s ~ B(h, 5/6) = 576875/839808,
/// worked by hand before running the code.
#[test]
fn gang_1e_a_fallen_target_is_impacted_on_2_and_cannot_block() {
    let sc = gang_1e("fallen", "thug", "target_knocked_down = true", &[BRUISER_BAT]);
    assert_eq!(solved(&sc).0, "576875/839808");
}

/// The Defense counters are spent after the impact roll, as many as the target chooses (L632:
/// "The player may decide if he wants to spend his DC in an attempt to block after the attacker
/// has made the Impact Roll … if the first attack received by a character wasn't successful, it
/// will still be able to defend himself if it's attacked again"). One Bruiser against a Thug
/// (3 DC, blocks on 4+ against Attack 4, L636): 3425/26244; two Bruisers, the second finding the
/// Thug outnumbered (−1 Defense, L596): 336270074575/396718580736 — the Thug keeps 2 DC when the
/// first Bruiser impacts only once (all 3 spent at once would give 341676622075/396718580736).
/// The independent reader's values (`docs/rules/independent/bmg-1e.md`, section 4).
#[test]
fn gang_1e_the_target_rations_its_defense_counters_after_each_impact_roll() {
    let (one, _) = solved(&gang_1e("one-bruiser", "thug", "", &[BRUISER_BAT]));
    assert_eq!(one, "3425/26244");
    let sc = gang_1e("two-bruisers", "thug", "", &[BRUISER_BAT, BRUISER_BAT]);
    let (two, by) = solved(&sc);
    assert_eq!(two, "336270074575/396718580736");
    assert!((by[0] - 3425.0 / 26244.0).abs() < 1e-15, "{by:?}");
}

/// The order matters through the rationed counters: a knife (♦, cannot K.O. a fresh Thug alone)
/// sent first draws no block — the Thug keeps its counters for the bat. Both orders as the
/// independent reader found them (reading Sharp as the first failed damage die rolled again).
#[test]
fn gang_1e_order_and_the_best_order() {
    let sc = gang_1e("knife-first", "thug", "", &[THUG_KNIFE, BRUISER_BAT]);
    assert_eq!(solved(&sc).0, "18845959825/29386561536");
    let g = sc.cells[0].trial.gang().unwrap().unwrap().clone();
    assert!((g.worst.p_out - 654579475.0 / 1632586752.0).abs() < 1e-15, "{}", g.worst.p_out);
    assert_eq!(g.best.order, vec![0, 1]);
    let other = gang_1e("bat-first", "thug", "", &[BRUISER_BAT, THUG_KNIFE]);
    assert_eq!(solved(&other).0, "654579475/1632586752");
}

/// Two turns: the Casualty Recount between them (a Recovery Roll: one die plus one per unspent
/// Special counter, 4+ removes a ★, L790–802), new counters (Willpower less one per 2 markers,
/// L742), and a knocked-down Thug stands up with its first Movement counter (L476).
#[test]
fn gang_1e_two_turns_with_the_recount() {
    let sc = gang_1e("two-turns", "thug", "turns = 2", &[BRUISER_BAT]);
    let (f, by) = solved(&sc);
    assert_eq!(f, "24569471255/49589822592");
    assert!((by[0] - 3425.0 / 26244.0).abs() < 1e-15, "{by:?}");
}

#[test]
fn gang_1e_sampled_agrees_with_exact() {
    let mut sc = gang_1e("sampled-1e", "thug", "turns = 2", &[THUG_KNIFE, BRUISER_BAT]);
    let exact = sc.cells[0].trial.exact(Budget::EXPLICIT).unwrap();
    sc.exact = ExactMode::Never;
    let run = skirmish_odds::analysis::run(sc, 2, &Progress::hidden()).unwrap();
    let t = &run.output.tallies[0];
    assert!(!t.exact && t.trials == 20000);
    for e in 0..exact.events.len() {
        let p = exact.events[e] as f64 / exact.trials as f64;
        let q = t.events[e] as f64 / t.trials as f64;
        let se = (p * (1.0 - p) / t.trials as f64).sqrt().max(1e-9);
        assert!(((q - p) / se).abs() < 4.0, "event {e}: sampled {q}, exact {p}");
    }
}

/// 2013 bad input: one message naming the field and the allowed values.
#[test]
fn gang_1e_bad_input_names_the_field() {
    let head = "ruleset = \"bmg-1e\"\nkind = \"gang\"\ninclude = [\"cards.toml\"]\n[gang]\n";
    let lib = ["configs/bmg-1e/cards.toml"];
    common::fails(
        "gang",
        "1e-ac",
        &format!("{head}target = {{ card = \"batman\" }}\n[[gang.attackers]]\ncard = \"thug\"\nattack_counters = 4\n"),
        &lib,
        &[],
        &["scenario.toml:", "attack_counters", "1..=3"],
    );
    common::fails(
        "gang",
        "1e-dc",
        &format!("{head}defense_counters = 7\ntarget = {{ card = \"batman\" }}\n[[gang.attackers]]\ncard = \"thug\"\n"),
        &lib,
        &[],
        &["defense_counters", "0..=5"],
    );
    common::fails(
        "gang",
        "1e-shot-in-contact",
        &format!(
            "{head}target = {{ card = \"batman\" }}\n[[gang.attackers]]\ncard = \"gunman\"\nweapon = \"pistol\"\nin_contact = true\n"
        ),
        &lib,
        &[],
        &["in_contact", "melee"],
    );
    common::fails(
        "gang",
        "1e-ko",
        &format!("{head}target = {{ card = \"thug\", stun = 5 }}\n[[gang.attackers]]\ncard = \"thug\"\n"),
        &lib,
        &[],
        &["stun", "already K.O.", "casualty"],
    );
}

/// Write `text` (with the bundled 2019 cards included) and load it.
fn load_3e(name: &str, text: &str) -> Scenario {
    let d = tmp("gang", name);
    let cards = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/cards.toml");
    let text = format!("ruleset = \"bmg-3e\"\ninclude = [{:?}]\ntrials = 20000\n{text}", cards.display().to_string());
    std::fs::write(d.join("s.toml"), text).unwrap();
    registry::load(&d.join("s.toml"), &Overrides::default()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// `compare` of whole gangs: each loadout is a list of attackers, each target a card (an inline
/// target keeps its other fields, e.g. its effort); every cell is the gang solved on its own —
/// the bundled henchmen against Batman give the bundled config's fraction.
#[test]
fn gang_compare_of_whole_gangs() {
    let sc = load_3e(
        "compare",
        "kind = \"compare\"\n[compare]\ntargets = [\"batman\", \"robin\"]\nloadouts = [\n  { label = \"three bats and a knife\", attackers = [ { card = \"thug\", weapon = \"baseball-bat\", count = 3 }, { card = \"veteran\", weapon = \"knife\" } ] },\n  { label = \"four bats\", attackers = [ { card = \"thug\", weapon = \"baseball-bat\", count = 4 } ] },\n]\n[gang]\ntarget = { card = \"batman\" }\nattackers = [ { card = \"thug\" } ]\n",
    );
    assert_eq!(sc.cells.len(), 4);
    assert_eq!(sc.cells[0].label, "three bats and a knife vs Batman");
    let t = sc.cells[0].trial.exact(Budget::EXPLICIT).unwrap();
    assert_eq!(fraction(t.events[0], t.trials), "2918599748705507465/2998506940656648192");
    assert!(sc.cells.iter().all(|c| c.trial.gang().is_some()));
}

/// `sweep` of how many of an attacker there are (`attackers.0.count`) and of a stat of the
/// target's card (`target.defense`): one Thug, then two, with no effort, give the values of the
/// tests above (1/972, 145517/2125764).
#[test]
fn gang_sweep_of_the_number_of_attackers_and_a_target_stat() {
    let sc = load_3e(
        "sweep",
        "kind = \"sweep\"\n[sweep]\nparameter = \"attackers.0.count\"\nfrom = 1\nto = 3\n[gang]\ntarget = { card = \"batman\", effort = \"none\" }\n[[gang.attackers]]\ncard = \"thug\"\nweapon = \"baseball-bat\"\neffort = \"none\"\n",
    );
    let p: Vec<String> = sc.cells.iter().take(2).map(solved_cell).collect();
    assert_eq!(p, ["1/972", "145517/2125764"]);
    assert_eq!(sc.cells[0].label, "1 attacker of that entry");
    let sc = load_3e(
        "sweep-defense",
        "kind = \"sweep\"\n[sweep]\nparameter = \"target.defense\"\nvalues = [4]\n[gang]\ntarget = { card = \"batman\", effort = \"none\" }\n[[gang.attackers]]\ncard = \"thug\"\nweapon = \"baseball-bat\"\neffort = \"none\"\ncount = 2\n",
    );
    assert_eq!(solved_cell(&sc.cells[0]), "145517/2125764", "Batman's own Defense is 4");
    let bad = std::panic::catch_unwind(|| {
        load_3e(
            "sweep-bad",
            "kind = \"sweep\"\n[sweep]\nparameter = \"attackers.3.count\"\nvalues = [2]\n[gang]\ntarget = { card = \"batman\" }\n[[gang.attackers]]\ncard = \"thug\"\n",
        )
    });
    assert!(bad.is_err(), "an attacker entry that is not there is an error");
}

fn solved_cell(c: &skirmish_odds::analysis::scenario::CellSpec) -> String {
    let t = c.trial.exact(Budget::EXPLICIT).unwrap();
    fraction(t.events[0], t.trials)
}

/// `paired` of two gangs on the same dice leads with whether the target goes out (a gang's own
/// measure); a measure of which less is better (the attacks it takes) is worded "needs fewer".
#[test]
fn gang_paired_of_two_gangs() {
    let d = tmp("gang", "paired");
    let cards = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/cards.toml");
    let body = |measure: &str| {
        format!(
            "ruleset = \"bmg-3e\"\nkind = \"paired\"\ninclude = [{:?}]\ntrials = 4000\n[paired]\na = {{ label = \"two bats\", attackers = [ {{ card = \"thug\", weapon = \"baseball-bat\", count = 2 }} ] }}\nb = {{ label = \"one bat\", attackers = [ {{ card = \"thug\", weapon = \"baseball-bat\" }} ] }}\ntarget = \"batman\"\n{measure}[gang]\ntarget = {{ card = \"batman\" }}\nattackers = [ {{ card = \"thug\" }} ]\n",
            cards.display().to_string()
        )
    };
    for (name, measure, says) in
        [("p1", "", "two bats more often than one bat"), ("p2", "measure = \"attackers_to_out\"\n", "needs fewer than")]
    {
        std::fs::write(d.join(format!("{name}.toml")), body(measure)).unwrap();
        let o = common::bin_run(&d, &["run", &format!("{name}.toml"), "--out", name, "--quiet"]);
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
        let md = std::fs::read_to_string(d.join(format!("{name}/summary.md"))).unwrap();
        let first = md.lines().find(|l| l.starts_with("**")).unwrap();
        assert!(first.contains(says), "{first}");
        // The side named first has the smaller mean: "… 1.988 vs 2.522".
        if name == "p2" {
            let (before, after) = first.split_once(" vs ").unwrap();
            let num = |w: &str| w.trim_end_matches(',').parse::<f64>().ok();
            let means = [
                before.split_whitespace().rev().find_map(num).unwrap(),
                after.split_whitespace().find_map(num).unwrap(),
            ];
            assert!(means[0] < means[1], "{first}");
        }
    }
}

/// Wolsung: the bundled thugs against the Duelist (two in melee, one with a pistol; the Duelist
/// a hero with 4 cards dealt): exact, the pistol sent first best (the Duelist then dives against
/// the shot or stands and parries what follows). The rules-level values against the independent
/// reader are in `systems::wolsung::rules::gang::tests`.
#[test]
fn gang_wolsung_the_bundled_thugs_against_the_duelist() {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/wolsung/thugs-vs-duelist.toml");
    let sc = registry::load(&p, &Overrides::default()).unwrap();
    let (f, _) = solved(&sc);
    assert_eq!(f, "6582375627813/44721346969600");
    let g = sc.cells[0].trial.gang().unwrap().unwrap().clone();
    assert_eq!(g.best.order, vec![2, 0, 1]);
    assert!((g.best.p_out - 0.2373).abs() < 5e-5, "{}", g.best.p_out);
}

/// Wolsung bad input: one message naming the field and the allowed values.
#[test]
fn gang_wolsung_bad_input_names_the_field() {
    let head = "ruleset = \"wolsung\"\nkind = \"gang\"\ninclude = [\"models.toml\"]\n[gang]\ntarget = \"duelist\"\n";
    let lib = ["configs/wolsung/models.toml"];
    common::fails(
        "gang",
        "w-range",
        &format!("{head}[[gang.attackers]]\nmodel = \"thug\"\ngun = \"pistol\"\ndistance = 30\n"),
        &lib,
        &[],
        &["scenario.toml:", "distance", "1..=24"],
    );
    common::fails(
        "gang",
        "w-contact",
        &format!("{head}[[gang.attackers]]\nmodel = \"thug\"\ngun = \"pistol\"\nin_contact = true\n"),
        &lib,
        &[],
        &["in_contact", "melee"],
    );
    common::fails(
        "gang",
        "w-distance",
        &format!("{head}[[gang.attackers]]\nmodel = \"thug\"\ndistance = 6\n"),
        &lib,
        &[],
        &["distance", "gun"],
    );
}
