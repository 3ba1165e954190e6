//! Balance tests on degenerate gauntlets (issue #27, adversarial pass): whatever the reference
//! fighters' costs and strengths, the verdict is one of the three words or null with its reason,
//! and no number of `balance` is NaN or infinite; the fair cost of an exact (Batman) balance does
//! not depend on the order of the gauntlet.

use crate::common;
use serde_json::Value;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A gauntlet fighter: its `[fighters.NAME]` key, its Wolsung model and its cost.
type Fighter<'a> = (&'a str, &'a str, f64);

/// A Wolsung balance test in a fresh folder: the hero against `fighters`.
fn wolsung(name: &str, fighters: &[Fighter], extra: &[&str]) -> (Value, String) {
    let d = common::tmp("balance_edges", name);
    std::fs::copy(format!("{ROOT}/configs/wolsung/models.toml"), d.join("models.toml")).unwrap();
    let mut toml = format!(
        "ruleset = \"wolsung\"\nkind = \"balance\"\nname = \"{name}\"\nseed = 3\ntrials = 4000\ninclude = [\"models.toml\"]\n"
    );
    for (key, model, cost) in fighters {
        toml += &format!(
            "\n[fighters.{key}]\ncard = \"{model}\"\neffort = \"never\"\nguard = \"on_guard\"\ncost = {cost:?}\n"
        );
    }
    toml += "\n[balance]\ncandidate = { card = \"hero\", effort = \"fewest_to_win\", guard = \"on_guard\", cost = 40 }\nrounds = 3\n";
    std::fs::write(d.join("c.toml"), toml).unwrap();
    let mut args = vec!["run", "c.toml", "--threads", "2", "--out", "out", "--quiet"];
    args.extend(extra);
    let o = common::bin_run(&d, &args);
    assert!(o.status.success(), "{name}: {}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(d.join("out/results.json")).unwrap();
    let md = std::fs::read_to_string(d.join("out/summary.md")).unwrap();
    (serde_json::from_str(&text).unwrap(), md)
}

/// Every number under `v` is finite (serde_json writes NaN and infinities as `null`, so a null
/// where the fair cost's numbers belong is caught by the callers).
fn all_finite(v: &Value, at: &str) {
    match v {
        Value::Number(n) => assert!(n.as_f64().is_some_and(f64::is_finite), "{at}: {n}"),
        Value::Array(a) => a.iter().enumerate().for_each(|(i, x)| all_finite(x, &format!("{at}[{i}]"))),
        Value::Object(o) => o.iter().for_each(|(k, x)| all_finite(x, &format!("{at}.{k}"))),
        _ => {}
    }
}

/// Either a verdict word with a fair cost of finite numbers, or null with the reason in
/// `verdict_text` and `curve.why`.
fn verdict_or_reason(j: &Value) -> Option<String> {
    let b = &j["balance"];
    all_finite(b, "balance");
    match b["verdict"].as_str() {
        Some(v) => {
            assert!(["under-costed", "priced right", "can't tell", "over-costed"].contains(&v), "{v}");
            let f = &b["fair_cost"];
            let lo = f["ci95"][0].as_f64().unwrap();
            assert!(lo > 0.0 && f["estimate"].as_f64().is_some() && f["ci95"][1].as_f64().is_some(), "{f}");
            None
        }
        None => {
            assert!(b["fair_cost"].is_null());
            let why = b["curve"]["why"].as_str().expect("a null verdict says why").to_string();
            assert!(b["verdict_text"].as_str().unwrap().contains(&why));
            Some(why)
        }
    }
}

/// Three copies of one model priced 10, 1000 and 100: their ratings differ by sampling noise
/// only, so the curve is steep enough to overflow at the candidate's rating. Before the fix the
/// fair cost was `inf [0.0, inf]`, "priced right" at any price, with nulls in results.json.
#[test]
fn one_model_at_three_prices_gives_no_fair_cost_and_no_infinity() {
    let (j, md) = wolsung("steep", &[("a", "thug", 10.0), ("b", "thug", 1000.0), ("c", "thug", 100.0)], &[]);
    let why = verdict_or_reason(&j).expect("no fair cost");
    assert!(why.contains("too close together"), "{why}");
    assert!(!md.contains("inf") && !md.contains("NaN"), "{md}");
}

/// Reference fighters that all cost the same price nothing: null, said so (before the fix the
/// rounding of their mean log cost decided between "do not rise" and a flat curve pricing every
/// candidate at that cost with a zero-width interval).
#[test]
fn reference_fighters_at_one_price_give_no_fair_cost() {
    for cost in [6.0, 17.0, 31.0] {
        let (j, _) =
            wolsung(&format!("flat-{cost}"), &[("t", "thug", cost), ("d", "duelist", cost), ("r", "troll", cost)], &[]);
        let why = verdict_or_reason(&j).expect("no fair cost");
        assert!(why.contains("all cost the same"), "{cost}: {why}");
    }
}

/// Degenerate but valid gauntlets: the verdict is a word or null with a reason, every number
/// finite, exit 0.
#[test]
fn degenerate_gauntlets_give_a_word_or_a_reason() {
    let cases: [(&str, &[Fighter]); 5] = [
        ("two", &[("t", "thug", 20.0), ("d", "duelist", 40.0)]),
        ("falling", &[("t", "thug", 45.0), ("d", "duelist", 30.0), ("r", "troll", 20.0), ("m", "mage", 35.0)]),
        ("zero", &[("t", "thug", 0.0), ("d", "duelist", 40.0), ("r", "troll", 45.0), ("m", "mage", 30.0)]),
        ("twins", &[("t", "thug", 20.0), ("u", "thug", 20.0), ("d", "duelist", 40.0), ("r", "troll", 45.0)]),
        ("clones", &[("t", "thug", 20.0), ("u", "thug", 20.0), ("v", "thug", 20.0)]),
    ];
    for (name, fighters) in cases {
        let (j, _) = wolsung(name, fighters, &[]);
        let why = verdict_or_reason(&j);
        match name {
            "two" => assert!(why.unwrap().contains("at least 3")),
            "falling" => assert!(why.unwrap().contains("do not rise")),
            // Three copies of one card are one point of the curve (issue #40).
            "clones" => {
                assert!(why.unwrap().contains(
                    "at least 3 reference fighters with a cost above 0 (1 here, identical cards counted once)"
                ))
            }
            _ => assert!(why.is_none(), "{name}: {why:?}"),
        }
    }
}

/// The bundled 2019 balance test with its gauntlet listed in three orders: exact duels, so the
/// fair cost and its interval agree to rounding (1e-9 relative).
#[test]
fn an_exact_balance_does_not_depend_on_the_gauntlets_order() {
    let orders = [
        r#"["thug-bat", "bruiser-knife", "brawler-fists", "enforcer-club", "veteran-bat", "robin-gauntlets"]"#,
        r#"["robin-gauntlets", "veteran-bat", "enforcer-club", "brawler-fists", "bruiser-knife", "thug-bat"]"#,
        r#"["enforcer-club", "thug-bat", "robin-gauntlets", "bruiser-knife", "veteran-bat", "brawler-fists"]"#,
    ];
    let config = format!("{ROOT}/configs/bmg-3e/balance-new-henchman.toml");
    let mut seen: Vec<[f64; 3]> = Vec::new();
    for (k, order) in orders.iter().enumerate() {
        let d = common::tmp("balance_edges", &format!("order-{k}"));
        let set = format!("balance.gauntlet={order}");
        let o = common::bin_run(&d, &["run", &config, "--set", &set, "--trials", "2000", "--out", "out", "--quiet"]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let j: Value = serde_json::from_str(&std::fs::read_to_string(d.join("out/results.json")).unwrap()).unwrap();
        assert_eq!(j["balance"]["exact"], true);
        let f = &j["balance"]["fair_cost"];
        seen.push([f["estimate"].as_f64().unwrap(), f["ci95"][0].as_f64().unwrap(), f["ci95"][1].as_f64().unwrap()]);
    }
    for s in &seen[1..] {
        for (a, b) in s.iter().zip(&seen[0]) {
            assert!((a - b).abs() <= 1e-9 * b, "{s:?} vs {:?}", seen[0]);
        }
    }
}

/// A sampled balance stopped by a fixed `trials` before its fair cost settled says so in its
/// verdict (and in summary.md), not only in `settling.reached`. Costs e^(3 + θ/2) of the
/// references' ratings: the curve fits closely, so 300 duels per pair leave the sampling part
/// of the interval wider than the fit's.
#[test]
fn an_unsettled_sampled_verdict_says_so() {
    let fighters = [("d", "duelist", 28.3), ("m", "mage", 6.9), ("t", "thug", 17.9), ("r", "troll", 46.5)];
    let (j, md) = wolsung("unsettled", &fighters, &["--trials", "300"]);
    let b = &j["balance"];
    assert_eq!(b["settling"]["reached"], false, "{}", b["settling"]);
    let text = b["verdict_text"].as_str().unwrap();
    assert!(text.contains("Not settled: the fair cost's sampling part is ±"), "{text}");
    assert!(md.contains("Not settled"));
    let (j, _) = wolsung("settled", &fighters, &["--trials", "20000"]);
    assert_eq!(j["balance"]["settling"]["reached"], true);
    assert!(!j["balance"]["verdict_text"].as_str().unwrap().contains("Not settled"));
}

/// The 2013 gauntlet doubled with identical copies under other names (issue #40: counted twice,
/// they narrowed [34.7, 46.2] to [37.0, 43.3]): the copies count once, so the fair cost and its
/// interval are the undoubled gauntlet's to rounding, and the health report names the twins.
#[test]
fn identical_reference_cards_count_once_in_the_curve() {
    let d = common::tmp("balance_edges", "doubled");
    for f in ["cards.toml", "gauntlet.toml", "balance-new-henchman.toml"] {
        std::fs::copy(format!("{ROOT}/configs/bmg-1e/{f}"), d.join(f)).unwrap();
    }
    let gauntlet = std::fs::read_to_string(d.join("gauntlet.toml")).unwrap();
    // Each fighter again under a new key and label, in a second file.
    let copies: String = gauntlet
        .lines()
        .filter(|l| !l.starts_with("ruleset") && !l.starts_with("description"))
        .map(|l| {
            if let Some(k) = l.strip_prefix("[fighters.") {
                format!("[fighters.copy-{k}")
            } else if l.starts_with("label = \"") {
                l.replacen("label = \"", "label = \"Copy of ", 1)
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(d.join("copies.toml"), format!("ruleset = \"bmg-1e\"\n{copies}\n")).unwrap();
    let base = std::fs::read_to_string(d.join("balance-new-henchman.toml")).unwrap();
    std::fs::write(
        d.join("doubled.toml"),
        base.replace(
            "include = [\"cards.toml\", \"gauntlet.toml\"]",
            "include = [\"cards.toml\", \"gauntlet.toml\", \"copies.toml\"]",
        ),
    )
    .unwrap();
    let run = |cfg: &str, out: &str| {
        let o = common::bin_run(&d, &["run", cfg, "--threads", "2", "--out", out, "--quiet"]);
        assert!(o.status.success(), "{cfg}: {}", String::from_utf8_lossy(&o.stderr));
        let j: Value =
            serde_json::from_str(&std::fs::read_to_string(d.join(out).join("results.json")).unwrap()).unwrap();
        (j, std::fs::read_to_string(d.join(out).join("summary.md")).unwrap())
    };
    let (once, _) = run("balance-new-henchman.toml", "once");
    let (twice, md) = run("doubled.toml", "twice");
    let f = |j: &Value, k: usize| j["balance"]["fair_cost"]["ci95"][k].as_f64().unwrap();
    assert_eq!(twice["balance"]["ratings"].as_array().unwrap().len(), 15, "the candidate and 14 fighters");
    assert_eq!(twice["balance"]["curve"]["fit"]["n"].as_u64(), Some(7), "seven points, not fourteen");
    for k in 0..2 {
        assert!((f(&once, k) / f(&twice, k) - 1.0).abs() < 1e-6, "{} vs {}", f(&once, k), f(&twice, k));
    }
    assert_eq!(twice["balance"]["gauntlet_health"]["duplicates"].as_array().unwrap().len(), 7);
    let row =
        md.lines().find(|l| l.contains("identical reference cards (one point of the curve)")).expect("the twins' row");
    assert!(row.contains("Street punk + knife = Copy of Street punk + knife"), "{row}");
    let worst = md.lines().find(|l| l.contains("the duels the ratings predict worst")).expect("the worst duels");
    assert!(!worst.contains("Copy of"), "a twin's copy of a miss is not listed again: {worst}");
}
