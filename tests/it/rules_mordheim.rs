//! Mordheim movement, with every expected value derived by hand from the seed
//! (`shared/seeds/001_84844444edaf3853.txt`), not from the analyser's own code.
//! The coverage table is `docs/rules/mordheim.md`.

use crate::common::{bin_run, tmp};
use serde_json::Value;

/// Run a movement config and return its one cell.
fn movement(name: &str, body: &str) -> Value {
    let dir = tmp("rules_mordheim", name);
    std::fs::write(dir.join("m.toml"), format!("ruleset = \"mordheim\"\nkind = \"movement\"\ntrials = 10\n{body}"))
        .unwrap();
    let out = bin_run(&dir, &["run", "m.toml", "--out", "r", "--quiet"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let r: Value = serde_json::from_str(&std::fs::read_to_string(dir.join("r/results.json")).unwrap()).unwrap();
    r["cells"][0].clone()
}

fn mean(cell: &Value, metric: &str) -> f64 {
    cell["metrics"][metric]["mean"].as_f64().unwrap()
}

/// Seed line 11: "pueden mover hasta su capacidad de movimiento total en pulgadas" (M 4 → 4");
/// line 13: "Un guerrero que corre duplica su capacidad de movimiento … correr 8 pulgadas";
/// line 15: "una carga es equivalente a correr; permite duplicar la capacidad de movimiento".
#[test]
fn move_run_and_charge_are_m_and_twice_m() {
    let c = movement("plain", "[movement]\nm = 4\ninitiative = 3\n");
    assert_eq!((mean(&c, "move"), mean(&c, "run"), mean(&c, "charge")), (4.0, 8.0, 8.0));
    assert_eq!(c["events"]["can_run_full"]["p"].as_f64(), Some(1.0));
    let c = movement("m5", "[movement]\nm = 5\n");
    assert_eq!((mean(&c, "move"), mean(&c, "run"), mean(&c, "charge")), (5.0, 10.0, 10.0));
}

/// Seed line 13: "Si una miniatura que esté corriendo se aproxima a 8 pulgadas de un enemigo que
/// pueda ver, la miniatura deberá detenerse inmediatamente." Running at a visible enemy 14" away
/// stops 8" short: 14 − 8 = 6". A charge is not stopped (line 15: it "concluye una vez el atacante
/// llega al contacto"), so it keeps 2 × M = 8".
#[test]
fn a_runner_stops_eight_inches_from_a_visible_enemy_a_charger_does_not() {
    let c = movement("enemy14", "[movement]\nm = 4\nvisible_enemy = 14\n");
    assert_eq!((mean(&c, "run"), mean(&c, "charge")), (6.0, 8.0));
    assert_eq!(c["events"]["can_run_full"]["p"].as_f64(), Some(0.0));
    // Far enough: 2 × 4 = 8" ends 8" short of an enemy 16" away, not within it.
    let c = movement("enemy16", "[movement]\nm = 4\nvisible_enemy = 16\n");
    assert_eq!(mean(&c, "run"), 8.0);
    // Already within 8": it cannot run any closer.
    let c = movement("enemy5", "[movement]\nm = 4\nvisible_enemy = 5\n");
    assert_eq!(mean(&c, "run"), 0.0);
}

/// Seed line 17: "siempre podrá … detectar … a enemigos ocultos si estos se encuentran a una distancia
/// igual o inferior al triple de su atributo de Iniciativa. Así, un guerrero cuyo valor del atributo
/// Iniciativa sea 3, detectará automáticamente a todos los enemigos ocultos en un radio de 3 pulgadas."
/// The rule says 3 × I, its example I: the reading `detection_range` chooses (default: the example).
#[test]
fn detection_range_follows_the_reading() {
    let c = movement("det-default", "[movement]\nm = 4\ninitiative = 3\n");
    assert_eq!(mean(&c, "detection_range"), 3.0);
    let c = movement(
        "det-triple",
        "[readings]\ndetection_range = \"triple_initiative\"\n[movement]\nm = 4\ninitiative = 3\n",
    );
    assert_eq!(mean(&c, "detection_range"), 9.0);
    let c = movement("det-i4", "[movement]\nm = 4\ninitiative = 4\n");
    assert_eq!(mean(&c, "detection_range"), 4.0);
}

/// The threat range (configs/all/threat-range.toml): a Mordheim model reaches a target d inches away
/// iff 2 × M ≥ d (line 15: a charge doubles M; a charge that falls short "deberá moverse todo lo que
/// pueda hacia su enemigo" — no contact). M 4: certain up to 8", impossible beyond.
#[test]
fn threat_range_reaches_exactly_twice_m() {
    let dir = tmp("rules_mordheim", "threat");
    std::fs::write(
        dir.join("t.toml"),
        "ruleset = \"all\"\nkind = \"threat\"\ntrials = 100\n[threat]\nfrom_in = 0\nto_in = 12\n[threat.mordheim]\nm = 4\n",
    )
    .unwrap();
    let out = bin_run(&dir, &["run", "t.toml", "--out", "r", "--quiet"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let r: Value = serde_json::from_str(&std::fs::read_to_string(dir.join("r/results.json")).unwrap()).unwrap();
    let dist = &r["cells"][0]["metrics"]["reach_tenths_in"]["dist"];
    // Reach is exactly 80 tenths of an inch with probability 1.
    assert_eq!(dist["80"].as_f64(), Some(1.0));
}
