//! Labels belong to their rule system: a 2019 report never explains the 2013 rules, a 2013 report
//! never the 2019 ones, and another game's report mentions neither (the headline example used to
//! title its hits chart "hits (2013: impacts left after blocks, Blink! and armour)").

use crate::common::{bin_run, tmp};

/// Whether `text` names the year as a word (not inside a number such as 0.20130).
fn names_year(text: &str, year: &str) -> bool {
    text.match_indices(year).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + year.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_digit() || c == '.') && !after.is_some_and(|c| c.is_ascii_digit())
    })
}

fn report_text(config: &str, name: &str) -> String {
    let dir = tmp("labels", name);
    let cfg = std::fs::canonicalize(config).unwrap();
    let out = bin_run(&dir, &["run", cfg.to_str().unwrap(), "--out", "r", "--trials", "2000"]);
    assert!(out.status.success(), "{config}: {}", String::from_utf8_lossy(&out.stderr));
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    for e in std::fs::read_dir(dir.join("r")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x != "png") {
            text.push_str(&std::fs::read_to_string(&p).unwrap());
        }
    }
    text
}

#[test]
fn each_report_speaks_only_of_its_own_rules() {
    for (config, wrong) in [
        ("configs/bmg-3e/batman-vs-thug.toml", ["2013", "collateral"]),
        ("configs/bmg-3e/defense-sweep.toml", ["2013", "collateral"]),
        ("configs/bmg-1e/batman-brawl.toml", ["2019", "Strength die"]),
        ("configs/bmg-1e/batman-rotarang.toml", ["2019", "Strength die"]),
        ("configs/wolsung/pistol-vs-rifle.toml", ["2013", "2019"]),
    ] {
        let name = config.rsplit('/').next().unwrap().trim_end_matches(".toml");
        let text = report_text(config, name);
        for w in wrong {
            let found = if w.starts_with("20") { names_year(&text, w) } else { text.contains(w) };
            assert!(!found, "{config}: its report mentions `{w}`");
        }
    }
    assert!(names_year("rules of 2013:", "2013") && !names_year("p = 0.20130", "2013"));
}

/// The other games' reports carry no Batman word: their balance pages price fighters in their
/// own cost, their duels count their own damage, and the threat range explains no K.O.
#[test]
fn other_games_reports_carry_no_batman_words() {
    for config in [
        "configs/bichos/balance-new-bug.toml",
        "configs/wolsung/balance-new-hero.toml",
        "configs/bichos/duel-soldier-vs-big-bug.toml",
        "configs/wolsung/duel-duelist-vs-troll.toml",
        "configs/all/threat-range.toml",
    ] {
        let name = config.rsplit('/').next().unwrap().trim_end_matches(".toml");
        let text = report_text(config, &format!("no-batman-{name}"));
        for w in ["K.O.", "Reputation", "per Rep", "reputation", "funding", "markers (★"] {
            assert!(!text.contains(w), "{config}: its report says `{w}`");
        }
    }
}

/// A system's description of its `[fighters]` library (told to a file that holds another
/// system's table) names exactly the fields its fighters take: it listed the Batman fields for
/// Wolsung and ¡Bichos! fighters, which refuse them.
#[test]
fn each_fighters_library_description_names_the_systems_own_fields() {
    for system in skirmish_odds::registry::SYSTEMS.iter() {
        let Some((_, words)) = system.libraries().iter().find(|(t, _)| *t == "fighters") else { continue };
        let listed: Vec<&str> = words.split_once("optional ").expect(words).1.split(", ").collect();
        let mut fields = vec!["label"];
        fields.extend(system.fighter_fields());
        fields.push("cost");
        assert_eq!(listed, fields, "{}: {words}", system.name());
    }
}
