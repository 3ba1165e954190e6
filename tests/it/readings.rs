//! A `[readings]` switch belongs to one rule system: set in another system's config it is refused
//! (exit 2, naming the field, whose switch it is and the ones allowed), never silently ignored.

use crate::common::{bin_run, tmp};
use skirmish_odds::registry::SYSTEMS;

/// A value of the right TOML type for switch `field`, from its declaration: its default as
/// written (`true`, `11`, or a quoted name). The ownership check comes before the value's.
fn value(field: &str) -> String {
    let doc = SYSTEMS.iter().flat_map(|s| s.reading_docs()).find(|d| d.name == field);
    let v = doc.map_or("x", |d| d.values[0]);
    if v == "true" || v == "false" || v.parse::<i64>().is_ok() { v.to_string() } else { format!("\"{v}\"") }
}

#[test]
fn every_switch_is_refused_outside_its_rule_systems() {
    let dir = tmp("readings", "foreign");
    let mut checked = 0;
    // Every system of the registry, with its first kind.
    for s in SYSTEMS {
        let (system, kind) = (s.name(), s.kinds()[0].name);
        let own = s.readings();
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
