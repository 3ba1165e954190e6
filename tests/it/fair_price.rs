//! Balance tests price the candidate (issue #27): every bundled balance test opens with its fair
//! cost and verdict; the fair cost does not move with the stated price and the verdict moves
//! from under-costed through priced right to over-costed, never back; Batman balance tests rest
//! on exact duels (no sampling interval anywhere in the verdict).

use crate::common;
use serde_json::Value;

/// The four bundled balance tests, each with the `--set` path of its candidate's stated price.
const BALANCE: [(&str, &str); 4] = [
    ("configs/bmg-3e/balance-new-henchman.toml", "cards.new-henchman.reputation"),
    ("configs/bmg-1e/balance-new-henchman.toml", "cards.new-henchman.reputation"),
    ("configs/wolsung/balance-new-hero.toml", "balance.candidate.cost"),
    ("configs/bichos/balance-new-bug.toml", "balance.candidate.cost"),
];

fn run(config: &str, name: &str, extra: &[&str]) -> (Value, String) {
    let d = common::tmp("fair_price", name);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(config);
    let mut args = vec!["run", path.to_str().unwrap(), "--trials", "4000", "--out", "out", "--quiet"];
    args.extend(extra);
    let o = common::bin_run(&d, &args);
    assert!(o.status.success(), "{config} {extra:?}: {}", String::from_utf8_lossy(&o.stderr));
    let json: Value = serde_json::from_str(&std::fs::read_to_string(d.join("out/results.json")).unwrap()).unwrap();
    let md = std::fs::read_to_string(d.join("out/summary.md")).unwrap();
    (json, md)
}

fn fair(j: &Value) -> (f64, f64, f64) {
    let f = &j["balance"]["fair_cost"];
    let n = |v: &Value| v.as_f64().expect("a number");
    (n(&f["estimate"]), n(&f["ci95"][0]), n(&f["ci95"][1]))
}

#[test]
fn every_bundled_balance_test_opens_with_its_fair_cost_and_verdict() {
    for (i, (config, _)) in BALANCE.iter().enumerate() {
        let (j, md) = run(config, &format!("open-{i}"), &[]);
        let b = &j["balance"];
        let verdict = b["verdict"].as_str().expect("a verdict");
        assert!(
            ["under-costed", "priced right", "can't tell", "over-costed"].contains(&verdict),
            "{config}: {verdict}"
        );
        let (est, lo, hi) = fair(&j);
        assert!(lo <= est && est <= hi && lo > 0.0, "{config}: {est} [{lo}, {hi}]");
        let answer = j["answer"].as_str().unwrap();
        assert!(answer.starts_with("Fair ") && answer.contains(verdict), "{config}: {answer}");
        // The first bold line of summary.md is that answer.
        let first = md.lines().find(|l| l.starts_with("**")).unwrap();
        assert!(first.starts_with("**Fair ") && first.contains(verdict), "{config}: {first}");
        // Every fighter rated, the candidate first.
        let ratings = b["ratings"].as_array().unwrap();
        assert_eq!(ratings.len(), b["fighters"].as_array().unwrap().len());
        assert_eq!(ratings[0]["candidate"], Value::Bool(true));
    }
}

/// The stated price moves only the verdict: at half the interval's low end, inside it, at the
/// fair cost and at twice its high end, the fair cost is the same to the last digit and the
/// verdicts read under-costed, then inside (priced right, or can't tell when the interval is
/// wider than `cant_tell_width`, ×2 by default), then over-costed.
#[test]
fn the_stated_price_moves_the_verdict_monotonely_and_never_the_fair_cost() {
    for (i, (config, price)) in BALANCE.iter().enumerate() {
        let (j, _) = run(config, &format!("base-{i}"), &[]);
        let (est, lo, hi) = fair(&j);
        let prices = [lo / 2.0, (lo + est) / 2.0, est, (est + hi) / 2.0, hi * 2.0];
        let mut verdicts = Vec::new();
        for (k, p) in prices.iter().enumerate() {
            // Whole points, as a card states them (an exact value inside the interval stays inside).
            let p = p.round().max(1.0);
            let set = format!("{price}={p}");
            let (jp, _) = run(config, &format!("price-{i}-{k}"), &["--set", &set]);
            assert_eq!(fair(&jp), (est, lo, hi), "{config} at {p}: the fair cost moved");
            assert_eq!(jp["balance"]["stated_cost"].as_f64(), Some(p));
            verdicts.push(jp["balance"]["verdict"].as_str().unwrap().to_string());
        }
        let rank = |v: &str| match v {
            "under-costed" => 0,
            "priced right" | "can't tell" => 1,
            "over-costed" => 2,
            _ => panic!("{v}"),
        };
        assert!(verdicts.windows(2).all(|w| rank(&w[0]) <= rank(&w[1])), "{config}: {verdicts:?}");
        assert_eq!(verdicts.first().unwrap(), "under-costed", "{config}: {verdicts:?}");
        let inside = if hi / lo > 2.0 { "can't tell" } else { "priced right" };
        assert_eq!(verdicts[2], inside, "{config}: at its own fair cost {verdicts:?}");
        // Wide enough a `cant_tell_width`, the same interval says "priced right".
        let wide = format!("balance.cant_tell_width={}", (hi / lo * 1.01).ceil());
        let (jw, _) = run(config, &format!("wide-{i}"), &["--set", &wide]);
        assert_eq!(jw["balance"]["verdict"].as_str(), Some("priced right"), "{config} with {wide}");
        assert_eq!(verdicts.last().unwrap(), "over-costed", "{config}: {verdicts:?}");
    }
}

/// Both Batman editions solve every balance duel exactly: the verdict, the ratings and every
/// per-opponent probability have zero-width intervals; the sampled systems' do not.
#[test]
fn batman_balance_tests_are_exact() {
    for (i, (config, _)) in BALANCE.iter().enumerate() {
        let (j, md) = run(config, &format!("exact-{i}"), &[]);
        let b = &j["balance"];
        let batman = config.contains("bmg-");
        assert_eq!(b["exact"].as_bool(), Some(batman), "{config}");
        let zero = |iv: &Value| iv["ci95"][0] == iv["ci95"][1];
        for r in b["ratings"].as_array().unwrap() {
            assert_eq!(zero(&r["rating"]), batman, "{config}: {r}");
        }
        for f in b["fighters"].as_array().unwrap() {
            for s in f["per_opponent"].as_array().unwrap().iter().filter(|s| !s.is_null()) {
                let w = &s["win"]["ci95"];
                assert_eq!(w[0] == w[1], batman, "{config}: {s}");
            }
        }
        assert_eq!(b["curve"]["sampling_half_width"].as_f64() == Some(0.0), batman, "{config}");
        assert!(md.contains(if batman { "exact duels" } else { "sampled duels" }), "{config}");
    }
}

/// A sampled balance test given no trial count samples until its fair cost is settled, and
/// says so; `--sample` makes a Batman one sampled too.
#[test]
fn sampled_balance_tests_sample_until_settled() {
    let d = common::tmp("fair_price", "settle");
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/wolsung");
    for f in ["models.toml", "gauntlet.toml"] {
        std::fs::copy(src.join(f), d.join(f)).unwrap();
    }
    let text = std::fs::read_to_string(src.join("balance-new-hero.toml")).unwrap();
    let text: String = text.lines().filter(|l| !l.starts_with("trials")).map(|l| format!("{l}\n")).collect();
    std::fs::write(d.join("hero.toml"), text).unwrap();
    let o = common::bin_run(&d, &["run", "hero.toml", "--out", "out", "--quiet"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let j: Value = serde_json::from_str(&std::fs::read_to_string(d.join("out/results.json")).unwrap()).unwrap();
    assert_eq!(j["stopping"]["rule"], "settle");
    let s = &j["balance"]["settling"];
    assert_eq!(s["reached"], Value::Bool(true), "{s}");
    assert!(s["duels_per_pair"].as_u64().unwrap() >= 32_768, "{s}");
    let md = std::fs::read_to_string(d.join("out/summary.md")).unwrap();
    assert!(md.contains("sampled until the balance verdict is settled"), "{md}");
    // --sample: the 2019 balance's duels sampled, not solved.
    let (j, _) = run("configs/bmg-3e/balance-new-henchman.toml", "sample", &["--sample"]);
    assert_eq!(j["balance"]["exact"], Value::Bool(false));
    assert!(j["balance"]["curve"]["sampling_half_width"].as_f64().unwrap() > 0.0);
}

/// A 2013 duel one of whose attacks cannot be enumerated exactly (Robin's bo staff: many dice
/// and rerolls need a denominator beyond 128 bits) is refused by the exact solver before it
/// starts — sampled with a note — instead of panicking inside the solve (it did, for the duel
/// and for a balance test holding it).
#[test]
fn a_2013_duel_too_fine_to_enumerate_is_sampled_not_a_panic() {
    let d = common::tmp("fair_price", "too-fine");
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-1e/cards.toml");
    std::fs::copy(src, d.join("cards.toml")).unwrap();
    std::fs::write(
        d.join("d.toml"),
        "ruleset = \"bmg-1e\"\nkind = \"duel\"\ninclude = [\"cards.toml\"]\nseed = 1\ntrials = 2000\n[duel]\nrounds = 4\n\
         a = { card = \"robin\", weapon = \"bo-staff\", effort = \"balanced\" }\n\
         b = { card = \"thug\", weapon = \"unarmed\", effort = \"balanced\" }\n",
    )
    .unwrap();
    let o = common::bin_run(&d, &["run", "d.toml", "--out", "out", "--quiet"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(!String::from_utf8_lossy(&o.stderr).contains("panicked"));
    let md = std::fs::read_to_string(d.join("out/summary.md")).unwrap();
    assert!(md.contains("cannot be enumerated exactly"), "{md}");
}

/// What cannot be priced is refused at the value, exit 2: a one-fighter gauntlet (its only
/// reference meets nobody: no figures to rate, NaN in the report before), a fighter named
/// twice (it would count twice in the curve), a cost that is not a price (nan, inf, negative).
#[test]
fn what_cannot_be_priced_is_refused_at_the_value() {
    let libs = ["configs/wolsung/models.toml", "configs/wolsung/gauntlet.toml"];
    let head = "ruleset = \"wolsung\"\nkind = \"balance\"\ntrials = 2000\ninclude = [\"models.toml\", \"gauntlet.toml\"]\n[balance]\n";
    let cand = "candidate = { card = \"duelist\", effort = \"fewest_to_win\", guard = \"on_guard\", cost = 40 }\n";
    common::fails(
        "fair_price",
        "one",
        &format!("{head}{cand}gauntlet = [\"troll\"]\n"),
        &libs,
        &[],
        &["scenario.toml:7:", "1 gauntlet fighters", "2..="],
    );
    common::fails(
        "fair_price",
        "twice",
        &format!("{head}{cand}gauntlet = [\"troll\", \"thug\", \"troll\"]\n"),
        &libs,
        &[],
        &["scenario.toml:7:", "`troll` is named twice", "each [fighters.NAME] entry once"],
    );
    for bad in ["nan", "inf", "-5", "1e300"] {
        let c = cand.replace("cost = 40", &format!("cost = {bad}"));
        common::fails(
            "fair_price",
            "cost",
            &format!("{head}{c}"),
            &libs,
            &[],
            &["scenario.toml:6:", "is not a price", "from 0 to"],
        );
    }
    let fighter = "[fighters.odd]\ncard = \"thug\"\neffort = \"never\"\nguard = \"on_guard\"\ncost = -3\n";
    common::fails(
        "fair_price",
        "fighter-cost",
        &format!("{}{cand}{fighter}", head),
        &libs,
        &[],
        &["scenario.toml:11:", "cost -3 is not a price"],
    );
}
