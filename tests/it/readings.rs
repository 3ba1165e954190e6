//! A `[readings]` switch belongs to one rule system: set in another system's config it is refused
//! (exit 2, naming the field, whose switch it is and the ones allowed), never silently ignored.

use crate::common::{bin_run, tmp};
use skirmish_odds::registry::SYSTEMS;

/// A value of the right TOML type for each switch (the ownership check comes before the value's).
fn value(field: &str) -> &'static str {
    match field {
        "block_natural_six"
        | "ko_bonus_within_attack"
        | "ko_target_outnumbered"
        | "martial_artist_vs_mobster"
        | "special_attack_ranged"
        | "guard_backlash_crits"
        | "knocked_down_vs_magic" => "true",
        "grenade_pot" => "11",
        _ => "\"x\"",
    }
}

#[test]
fn every_switch_is_refused_outside_its_rule_systems() {
    let dir = tmp("readings", "foreign");
    let kinds = [
        ("bmg-3e", "check"),
        ("bmg-1e", "check"),
        ("bichos", "terrain"),
        ("wolsung", "leave"),
        ("mordheim", "movement"),
        ("all", "threat"),
    ];
    let mut checked = 0;
    for (system, kind) in kinds {
        let own = SYSTEMS.iter().find(|s| s.name() == system).unwrap().readings();
        for other in SYSTEMS {
            for field in other.readings().iter().filter(|f| !own.contains(f)) {
                let file = format!("{system}-{field}.toml");
                std::fs::write(
                    dir.join(&file),
                    format!("ruleset = \"{system}\"\nkind = \"{kind}\"\n[readings]\n{field} = {}\n", value(field)),
                )
                .unwrap();
                let out = bin_run(&dir, &["validate", &file]);
                let err = String::from_utf8_lossy(&out.stderr);
                assert_eq!(out.status.code(), Some(2), "{file}: {err}");
                assert!(
                    err.contains(&format!("field `readings.{field}`")) && err.contains("reading, not a"),
                    "{file}: {err}"
                );
                assert!(err.contains("readings:"), "{file} names the allowed switches: {err}");
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked}");
}
