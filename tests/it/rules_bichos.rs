//! ¡Bichos! rules against values derived by hand from the rulebook text (seed
//! `002_e68e08406a924637.txt`, the Spanish translation of THW "Bugs!"), never from the crate's own
//! exact engine. The derivations are in `docs/rules/bichos-hand.py` (exact fractions) and in each
//! test's comment; the coverage table `docs/rules/bichos.md` points at these tests.
//!
//! Most tests run the binary on a small config and read `results.json`, so they can be pointed at
//! an older build (`SKIRMISH_ODDS_BIN=/path/to/old cargo test --test it rules_bichos::`) to show
//! that it fails them. Monte Carlo results are compared with the hand values at 5 standard errors.

use crate::common::{bin_run, tmp};
use serde_json::Value;
use skirmish_odds::dice::ScriptedDice;
use skirmish_odds::systems::bichos::rules::*;

const HEAD: &str = "ruleset = \"bichos\"\nseed = 2026\n";

/// Copy the bundled ¡Bichos! libraries beside a scenario written from a bundled config's text
/// (those configs include them by name).
fn with_libraries(dir: &std::path::Path) {
    for lib in ["weapons.toml", "gauntlet.toml"] {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bichos").join(lib);
        std::fs::copy(src, dir.join(lib)).unwrap();
    }
}

/// Run `config` (written to a fresh folder) and return its `results.json` and the summary.
fn run(name: &str, config: &str) -> (Value, String) {
    let dir = tmp("rules_bichos", name);
    std::fs::write(dir.join("s.toml"), config).unwrap();
    with_libraries(&dir);
    let o = bin_run(&dir, &["run", "s.toml", "--out", "r", "--quiet"]);
    assert!(o.status.success(), "{name}: {}", String::from_utf8_lossy(&o.stderr));
    let json = std::fs::read_to_string(dir.join("r/results.json")).unwrap();
    let summary = std::fs::read_to_string(dir.join("r/summary.md")).unwrap();
    (serde_json::from_str(&json).unwrap(), summary)
}

/// Run `config` with `--exact` and return its JSON (fractions under `"exact"`).
fn run_exact(name: &str, config: &str) -> Value {
    let dir = tmp("rules_bichos", name);
    std::fs::write(dir.join("s.toml"), config).unwrap();
    with_libraries(&dir);
    let o = bin_run(&dir, &["run", "s.toml", "--exact", "--json", "--quiet", "--out", "r"]);
    assert!(o.status.success(), "{name}: {}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

/// The exact fraction of event `name` of cell `cell`.
fn exact_event(v: &Value, cell: usize, name: &str) -> String {
    v["cells"][cell]["events"][name]["exact"].as_str().unwrap_or_else(|| panic!("no exact event {name}")).to_string()
}

fn trials(v: &Value) -> f64 {
    v["trials"].as_f64().unwrap()
}

fn event(v: &Value, cell: usize, name: &str) -> f64 {
    v["cells"][cell]["events"][name]["p"].as_f64().unwrap_or_else(|| panic!("no event {name}"))
}

fn metric_mean(v: &Value, cell: usize, name: &str) -> f64 {
    v["cells"][cell]["metrics"][name]["mean"].as_f64().unwrap_or_else(|| panic!("no metric {name}"))
}

fn metric_p(v: &Value, cell: usize, name: &str, k: usize) -> f64 {
    v["cells"][cell]["metrics"][name]["dist"][k.to_string()].as_f64().unwrap_or(0.0)
}

/// A Monte Carlo proportion within 5 standard errors of the hand value `p`.
fn close(what: &str, got: f64, p: f64, n: f64) {
    let se = (p * (1.0 - p) / n).sqrt().max(1.0 / n);
    assert!((got - p).abs() <= 5.0 * se, "{what}: got {got:.6}, hand value {p:.6} (±5 se = {:.6})", 5.0 * se);
}

/// Item 11. Seed line 482: "El resultado se resta inmediatamente del total de RES"; line 505:
/// "Cuando la RES de una figura llega a 0, la figura Huye inmediatamente … el FDV de la figura se
/// reduce también a 0"; line 501: the wound table is rolled against "su valor actual de FDV".
/// A Soldado's rifle (HDA 10, 3D6, POT 11) at a target with RES 20, FDV 12, BLD 0: every critical
/// wound with an "H" leaves RES ≤ 10 + 3 + 10 − 20 … i.e. RES ≤ 20 − 13 − 10 < 0, so FDV is 0 when
/// the wound table is rolled: "M" always (`extend`). P(dead) = P(critical) · P(H) =
/// 13/36 (rolls 2, 5, 8, 11, 12) · 33/36 (impact roll ≥ 4 with POT 11) = 143/432 ≈ 0.3310. Before
/// the fix the table was read at FDV 12 (never "M"): 0.000. With `clamp` (FDV 2 column, "M" on
/// 2–11): 143/432 · 35/36 = 5005/15552 ≈ 0.3218.
#[test]
fn wound_table_is_rolled_at_the_fdv_left_after_the_res_check() {
    let cfg = |reading: &str| {
        format!(
            "{HEAD}kind = \"shot\"\ntrials = 200000\n{reading}\n[profiles.weak]\nhda = 5\npot = 5\nfdv = 12\nres = 20\nbld = 0\nmov_cm = 20\nmov_in = 8\n\
             [shot]\nshooter = \"soldado\"\nweapon = \"assault_rifle\"\ntargets = [\"weak\"]\n"
        )
    };
    let (v, _) = run("item11_extend", &cfg(""));
    close("P(dead), extend", event(&v, 0, "dead_t1"), 143.0 / 432.0, trials(&v));
    let (v, _) = run("item11_clamp", &cfg("[readings]\nwound_table_low_fdv = \"clamp\""));
    close("P(dead), clamp", event(&v, 0, "dead_t1"), 5005.0 / 15552.0, trials(&v));
}

/// Item 11, step by step with scripted dice. Roll 1+1 = 2: critical wound; 3D6 = 1+1+1: 10 + 3 − 0
/// = 13 lost at once (RES 20 → 7); impact 6+6 = 12 + 11 − 4 = 19 > 10: "H", 10 more (RES −3 ≤ 0:
/// flees, FDV 0), knocked down; wound table 6+6 = 12 at the current FDV 0: 12 + 0 ≤ 13, "M".
/// Under `clamp` the FDV 2 column gives 12 + 2 = 14 > 13: "−1" (FDV stays 0), alive.
#[test]
fn scripted_critical_wound_in_the_source_order() {
    let weak = Profile { hda: 5, pot: 5, fdv: 12, res: 20, bld: 0, mov_cm: 20, mov_in: 8 };
    let s = Situation { target_index: 1, ..Situation::default() };
    for (low, dead) in [(WoundLowFdv::Extend, true), (WoundLowFdv::Clamp, false)] {
        let mut d = ScriptedDice::new(&[1, 1, 1, 1, 1, 6, 6, 6, 6]);
        let mut st = State::new(&weak);
        let (f, r) = resolve(&mut d, 10, 3, 11, &weak, &s, &mut st, low);
        assert_eq!((f, r.res_lost, r.impact_h), (Fire::Critical, 23, true));
        assert_eq!((st.res, st.fdv, st.knocked_down, st.dead), (-3, 0, true, dead), "{low:?}");
        assert_eq!(d.used(), 9);
    }
}

/// Item 12, the shot's reaction tests. Seed line 339: "Si una figura es herida debe pasar de
/// inmediato un chequeo de \"Herido\"" (failed both: "Huir"); line 319: "Si una figura es disparada
/// por alguien debe pasar un chequeo de \"Bajo Fuego\"" (failed both: "Huir"); summary D5: "HUIR
/// … RES y FDV = 0". A Soldado's rifle at a small bug (RES 49, FDV 7, BLD 8): RES never reaches 0
/// in one attack (at most 10 + 18 − 8 + 10 = 30), so "flees" was 0.000 before; with both tests
/// (Herido first, then Bajo fuego at the FDV it left) P(flees) = 71460931/241864704 ≈ 0.2955;
/// `herido_only` 135749/746496 ≈ 0.1818; P(dead) = 13/36 · 33/36 · 15/36 = 715/5184 ≈ 0.1379.
#[test]
fn a_shot_small_bug_flees_on_failed_reaction_tests() {
    let cfg = |reading: &str| {
        format!(
            "{HEAD}kind = \"shot\"\ntrials = 200000\n{reading}\n[shot]\nshooter = \"soldado\"\nweapon = \"assault_rifle\"\ntargets = [\"pequeno\"]\n"
        )
    };
    let (v, _) = run("item12_both", &cfg(""));
    let n = trials(&v);
    close("P(flees), both", event(&v, 0, "flees_t1"), 71460931.0 / 241864704.0, n);
    close("P(dead)", event(&v, 0, "dead_t1"), 715.0 / 5184.0, n);
    let (v, _) = run("item12_herido_only", &cfg("[readings]\nshot_wounded_tests = \"herido_only\""));
    close("P(flees), herido_only", event(&v, 0, "flees_t1"), 135749.0 / 746496.0, trials(&v));
}

/// Item 12 in melee: no "Bajo fuego" (nobody is shot), "Herido" only. A big bug's claws (HDA 12,
/// 3D6, its own POT 12) on a Soldado (RES 81, FDV 9, BLD 8): P(flees) = 78961/2519424 ≈ 0.0313
/// (a failed Herido after a wound that did not kill), P(dead) = 455/7776 ≈ 0.0585.
#[test]
fn melee_wound_forces_only_the_herido_test() {
    let (v, _) = run(
        "item12_melee",
        &format!(
            "{HEAD}kind = \"shot\"\ntrials = 300000\n[shot]\nshooter = \"grande\"\nweapon = \"big_claws\"\ntargets = [\"soldado\"]\n"
        ),
    );
    let n = trials(&v);
    close("P(flees)", event(&v, 0, "flees_t1"), 78961.0 / 2519424.0, n);
    close("P(dead)", event(&v, 0, "dead_t1"), 455.0 / 7776.0, n);
}

/// Item 12, a one-turn duel. Seed line 412: decreasing FDV, so the Soldado (FDV 9) shoots the small
/// bug (FDV 7) first; the bug is out (dead, RES ≤ 0 or fled on a test) with P = 104819971/241864704
/// ≈ 0.4334; it strikes back only if it is neither out, knocked down ("debiendo usar su siguiente
/// turno para ponerse de pie", line 497) nor ducking back: P = 19201/62208 ≈ 0.3087; its claws (HDA
/// 5, 2D6, POT 7) put the Soldado out with P = 34037/839808 ≈ 0.0405 (Herido only, melee). So
/// P(A wins) ≈ 0.4334 and P(B wins) = 0.3087 · 0.0405 ≈ 0.01251. The rifle is fired as a shot in
/// contact (`ranged_in_contact = "shot"`, the default before issue #23; the default `melee` is
/// `ranged_weapon_in_contact_can_fight_as_melee`).
#[test]
fn one_turn_duel_applies_knock_down_and_reaction_tests() {
    let (v, _) = run(
        "item12_duel",
        &format!(
            "{HEAD}kind = \"duel\"\ntrials = 200000\n[readings]\nranged_in_contact = \"shot\"\n[duel]\nrounds = 1\na = {{ card = \"soldado\", weapon = \"assault_rifle\" }}\nb = {{ card = \"pequeno\", weapon = \"small_claws\" }}\n"
        ),
    );
    let n = trials(&v);
    close("P(A wins)", event(&v, 0, "a_wins"), 104819971.0 / 241864704.0, n);
    close("P(B wins)", event(&v, 0, "b_wins"), 19201.0 / 62208.0 * 34037.0 / 839808.0, n);
}

/// Item 13. Seed lines 329–335: "Si intentas cargar a un enemigo debes pasar un chequeo de
/// \"Cargando\" … Pasa a la 1ª: Completa la carga. Pasa a la 2ª: Se detiene y dispara al Blanco.
/// Falla ambas: Agacharse." MOV 8", FDV 9: the 12" charge happens with P(2D6 ≤ 9) = 30/36 = 5/6.
/// Without `fdv` the mover assumes FDV 9 and says so in a note.
#[test]
fn threat_range_charge_needs_the_cargando_test() {
    let cfg = |fdv: &str| {
        format!(
            "ruleset = \"all\"\nkind = \"threat\"\nseed = 4\ntrials = 200000\n[threat]\nfrom_in = 0\nto_in = 14\n\
             [threat.bichos]\nmov_cm = 20\nmov_in = 8\nunits = \"inches\"\n{fdv}"
        )
    };
    let (v, summary) = run("item13_fdv9", &cfg("fdv = 9\n"));
    let n = trials(&v);
    close("P(reach 12\")", metric_p(&v, 0, "reach_tenths_in", 120), 5.0 / 6.0, n);
    assert!(!summary.contains("`[threat.bichos] fdv` is not set"));
    let (v, _) = run("item13_fdv7", &cfg("fdv = 7\n"));
    close("P(reach 12\"), FDV 7", metric_p(&v, 0, "reach_tenths_in", 120), 21.0 / 36.0, trials(&v));
    let (v, summary) = run("item13_default", &cfg(""));
    close("P(reach 12\"), default FDV 9", metric_p(&v, 0, "reach_tenths_in", 120), 5.0 / 6.0, trials(&v));
    assert!(summary.contains("`[threat.bichos] fdv` is not set"), "{summary}");
}

/// Item 14. Summary line 104: "a 3D6*x5cm [1D6x1D6\"]. *Si resultan iguales no los multipliques";
/// translator's note line 122: the original rule multiplies two dice. Default `hole_doubles = sum`:
/// P(6") = 4/36 (1·6, 6·1, 2·3, 3·2) + 1/36 (3 and 3 → 6) = 5/36; mean (Σ_{a≠b} ab + Σ 2a) / 36 =
/// (350 + 42) / 36 = 98/9 ≈ 10.889". The distance is the hole's, given one opens: in mountains with
/// 6 soldiers (9 − 2 − 6 = 1, no hole can open) it is still 98/9 (it was 0 before). Direction is
/// reported per named direction: P(a hole opens in front) = P(hole) / 4.
#[test]
fn hole_distance_and_direction_given_a_hole() {
    let cfg = |terrain: &str, soldiers: u8| {
        format!(
            "{HEAD}kind = \"encounter\"\ntrials = 200000\n[readings]\nunits = \"inches\"\n\
             [encounter]\nterrain = \"{terrain}\"\nholes = 0\nsoldiers = {soldiers}\nhumans = 6\n"
        )
    };
    let (v, summary) = run("item14_open", &cfg("open", 0));
    let n = trials(&v);
    close("P(6\")", metric_p(&v, 0, "distance", 6), 5.0 / 36.0, n);
    close("P(9\"): only 3 and 3 made 9 before", metric_p(&v, 0, "distance", 9), 0.0, n);
    // 9 + 1 (open) = 10: P(hole) = 33/36; each direction a quarter of it (1D6 1–4, 5–6 re-rolled).
    close("P(hole)", event(&v, 0, "hole_opens"), 33.0 / 36.0, n);
    close("P(front)", event(&v, 0, "hole_front"), 33.0 / 144.0, n);
    close("P(left)", event(&v, 0, "hole_left"), 33.0 / 144.0, n);
    assert!(!summary.contains("direction (1 front"), "no mean of direction codes");
    let (v, _) = run("item14_mountain", &cfg("mountain", 6));
    assert_eq!(event(&v, 0, "hole_opens"), 0.0);
    let m = metric_mean(&v, 0, "distance");
    assert!((m - 98.0 / 9.0).abs() < 0.05, "distance given a hole: {m}");
    let bugs = metric_mean(&v, 0, "total_bugs");
    assert!((bugs - 9.5).abs() < 0.03, "attacking bugs given a hole: 6 + 3.5, got {bugs}");
}

/// Summary D8 (seed line 82): "Divide MOV cada turno hasta detención o MOV a 2cm [1\"]". A small
/// bug (MOV 30 cm, FDV 7) halves 30 → 15 → 7 → 3 → 1 cm: the halving stops at the first MOV ≤ 2 cm,
/// which is still pursued, as 12 → 6 → 3 → 1" in the inches variant. With P(stop) = P(2D6 ≤ 7) =
/// 7/12 each turn: P(5 turns) = (5/12)⁴ = 625/20736 ≈ 0.0301 (before: never more than 4 turns);
/// mean total = 104/3 + 15·(5/12) + 7·(5/12)² + 3·(5/12)³ + 1·(5/12)⁴ = 878773/20736 ≈ 42.379 cm.
#[test]
fn pursuit_halves_down_to_the_first_mov_at_most_two_cm() {
    let (v, _) = run(
        "pursuit_cm",
        &format!(
            "{HEAD}kind = \"pursuit\"\ntrials = 400000\n[readings]\nunits = \"cm\"\n[pursuit]\nprofile = \"pequeno\"\n"
        ),
    );
    let n = trials(&v);
    close("P(5 turns)", metric_p(&v, 0, "turns", 5), 625.0 / 20736.0, n);
    close("P(1 turn)", metric_p(&v, 0, "turns", 1), 7.0 / 12.0, n);
    let m = metric_mean(&v, 0, "total");
    assert!((m - 878773.0 / 20736.0).abs() < 0.03, "mean total {m}");
}

/// Readings that cannot change a scenario's numbers are flagged, not silently accepted; the
/// retreat distance reading changes the Herido row (seed lines 343, 656: 2 cm [1"]; summary D6:
/// 5 cm [2"]).
#[test]
fn readings_that_cannot_matter_get_a_note() {
    let (_, summary) = run(
        "notes_units",
        &format!(
            "{HEAD}kind = \"reaction\"\ntrials = 1000\n[readings]\nunits = \"inches\"\nretreat_distance = \"summary\"\n[reaction]\nfdv_from = 7\nfdv_to = 7\n"
        ),
    );
    assert!(summary.contains("the reading “distances” cannot change any number"), "{summary}");
    assert!(summary.contains("the reading “the retreat distance” cannot change any number"), "{summary}");
    assert!(summary.contains("retreats 5 cm [2\"]"), "{summary}");
    assert!(summary.contains("| the retreat distance | the summary's 5 cm |"), "{summary}");
}

/// The six-turn duel of `configs/bichos/duel-soldier-vs-big-bug.toml` against the independent
/// reading's exact Markov chain (`docs/rules/independent/bichos.md`, section 2, "+ Bajo fuego" row: current
/// FDV activation, knock-down and ducking cost the next activation, Herido then Bajo fuego):
/// P(soldier wins) 0.3341, P(bug wins) 0.4576, neither 0.2083. The free attack on a figure fleeing
/// from contact changes only who dies, not who wins. That chain fires the rifle as a shot in
/// contact, so the test sets `ranged_in_contact = "shot"` (the default before issue #23).
#[test]
fn six_turn_duel_matches_the_independent_markov_chain() {
    let (v, _) = run(
        "duel_six_turns",
        &format!(
            "{HEAD}kind = \"duel\"\ntrials = 200000\n[readings]\nranged_in_contact = \"shot\"\n[duel]\nrounds = 6\na = {{ card = \"soldado\", weapon = \"assault_rifle\" }}\nb = {{ card = \"grande\", weapon = \"big_claws\" }}\n"
        ),
    );
    let n = trials(&v);
    close("P(A wins)", event(&v, 0, "a_wins"), 0.3341, n);
    close("P(B wins)", event(&v, 0, "b_wins"), 0.4576, n);
    close("P(draw)", event(&v, 0, "draw"), 0.2083, n);
}

/// `ranged_in_contact = melee`, the default since issue #23 (seed line 497: "la columna
/// correspondiente al valor de POT del arma (o del personaje, si el combate es CaC)"): the Soldado's
/// rifle against a bug in contact uses his own POT 9 and forces no "Bajo fuego". One turn: P(bug
/// out) = 258547/1119744 ≈ 0.2309; P(B wins) ≈ 0.02710 (the bug strikes back unless out, knocked
/// down; the Soldado out w.p. 34037/839808). The same duel with no `[readings]` gives the same
/// numbers (the default), and under `shot` the setup says the gun still shoots.
#[test]
fn ranged_weapon_in_contact_can_fight_as_melee() {
    let duel = |name: &str, readings: &str| {
        run(
            name,
            &format!(
                "{HEAD}kind = \"duel\"\ntrials = 200000\n{readings}[duel]\nrounds = 1\na = {{ card = \"soldado\", weapon = \"assault_rifle\" }}\nb = {{ card = \"pequeno\", weapon = \"small_claws\" }}\n"
            ),
        )
    };
    for (name, readings) in
        [("duel_melee_rifle", "[readings]\nranged_in_contact = \"melee\"\n"), ("duel_default_rifle", "")]
    {
        let (v, summary) = duel(name, readings);
        let n = trials(&v);
        close("P(A wins)", event(&v, 0, "a_wins"), 258547.0 / 1119744.0, n);
        close("P(B wins)", event(&v, 0, "b_wins"), 2123942837.0 / 78364164096.0, n);
        assert!(
            summary.contains("| in a duel, a gun in contact with a melee fighter | fights in melee |"),
            "{summary}"
        );
        assert!(
            summary.contains("“in a duel, a gun in contact with a melee fighter: fights in melee” (in force)"),
            "{summary}"
        );
        assert!(summary.contains("fights in melee — the character's POT 9"), "{summary}");
        assert!(summary.contains("(if it shot instead: the weapon's POT 11"), "{summary}");
    }
    let (_, summary) = duel("duel_shot_rifle", "[readings]\nranged_in_contact = \"shot\"\n");
    assert!(summary.contains("“in a duel, a gun in contact with a melee fighter: shoots” (in force)"), "{summary}");
    assert!(summary.contains("still shoots — the weapon's POT 11"), "{summary}");
    assert!(summary.contains("the character's POT 9"), "{summary}");
}

/// Issue #23 review: a balance builds a duel per pair, so a gun meeting claws in any pair is
/// decided by `ranged_in_contact` — its report must say which reading is in force for each gun
/// and never call the switch one that "cannot change any number" (it moved the bundled
/// candidate's P(win) from 36.58 % under `shot` to 48.77 % under `melee`).
#[test]
fn balance_pairs_with_a_gun_against_claws_carry_the_contact_reading() {
    let bundled = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bichos/balance-new-bug.toml"),
    )
    .unwrap()
    .replace("trials = 50_000", "trials = 500");
    for (value, line) in
        [("shot", "still shoots — the weapon's POT 11"), ("melee", "fights in melee — the character's POT 9")]
    {
        let config = bundled.replacen(
            "[profiles.mediano]",
            &format!("[readings]\nranged_in_contact = \"{value}\"\n\n[profiles.mediano]"),
            1,
        );
        let (_, summary) = run(&format!("balance_contact_{value}"), &config);
        assert!(
            !summary
                .contains("the reading “in a duel, a gun in contact with a melee fighter” cannot change any number"),
            "{summary}"
        );
        let words = if value == "melee" { "fights in melee" } else { "shoots" };
        assert!(
            summary.contains(&format!("“in a duel, a gun in contact with a melee fighter: {words}” (in force)")),
            "{summary}"
        );
        assert!(summary.contains(line), "{summary}");
    }
}

/// `pursuit_test = reaction`: the D8 FDV test as a full reaction test, passing at either roll
/// stopping it: P(stop) = 1 − (5/12)² = 119/144 at FDV 7; mean total 37.498 cm (the independent
/// reading gives 37.498 too). `hole_triples = sum` (seed line 537 read literally for cm: "salvo que
/// sean iguales"): three equal dice give the sum in cm, P(3 cm) = 1/216; mean 154/3 ≈ 51.33 cm.
#[test]
fn pursuit_test_and_hole_triples_readings() {
    let (v, _) = run(
        "pursuit_reaction",
        &format!(
            "{HEAD}kind = \"pursuit\"\ntrials = 300000\n[readings]\nunits = \"cm\"\npursuit_test = \"reaction\"\n[pursuit]\nprofile = \"pequeno\"\n"
        ),
    );
    close("P(1 turn)", metric_p(&v, 0, "turns", 1), 119.0 / 144.0, trials(&v));
    let m = metric_mean(&v, 0, "total");
    assert!((m - 37.498426).abs() < 0.03, "mean total {m}");
    let (v, _) = run(
        "hole_triples",
        &format!(
            "{HEAD}kind = \"encounter\"\ntrials = 300000\n[readings]\nunits = \"cm\"\nhole_triples = \"sum\"\n[encounter]\nterrain = \"open\"\n"
        ),
    );
    let n = trials(&v);
    close("P(3 cm)", metric_p(&v, 0, "distance", 3), 1.0 / 216.0, n);
    close("P(90 cm): 6, 6, 6 is 18 cm now", metric_p(&v, 0, "distance", 90), 0.0, n);
    close("P(18 cm)", metric_p(&v, 0, "distance", 18), 1.0 / 216.0, n);
    let m = metric_mean(&v, 0, "distance");
    assert!((m - 154.0 / 3.0).abs() < 0.15, "mean distance {m}");
}

/// `flee_res = keep`: a figure that fails "Herido" flees with FDV 0 but keeps its RES (the default
/// `zero` follows summary D5, "RES y FDV = 0").
#[test]
fn flee_res_reading() {
    let small = PROFILES[3].2;
    let s = Situation { target_index: 1, ..Situation::default() };
    for (res, expect) in [(FleeRes::Zero, 0), (FleeRes::Keep, 46)] {
        let mut d = ScriptedDice::new(&[1, 2, 1, 6, 6, 6, 6]);
        let mut st = State::new(&small);
        let (f, _) = resolve(&mut d, 10, 1, 5, &small, &s, &mut st, WoundLowFdv::Extend);
        let rules = HitRules { flee_res: res, ..HitRules::default() };
        let r = react(&mut d, &mut st, f != Fire::Miss, true, 0, &rules);
        assert!(r.flees && st.fled() && st.fdv == 0);
        assert_eq!(st.res, expect, "{res:?}");
    }
}

/// Reaction modifiers (seed lines 296–305) and the "¿Ahora qué?" roll (line 313) on the bundled
/// `reaction-tests.toml`: a Soldado (FDV 9) with his leader near (+1), two friends (+2) and
/// attacked from behind (−2) tests on 10: passed 1st 33/36 = 11/12, failed both (3/36)² = 1/144.
/// 1D6 + 9 against 1D6 + 7, ties re-rolled: the Soldado wins 26 of the 32 untied pairs = 13/16.
#[test]
fn reaction_modifiers_and_the_opposed_roll() {
    let cfg = std::fs::read_to_string("configs/bichos/reaction-tests.toml").unwrap().replace("400_000", "200_000");
    let (v, summary) = run("reaction_bundled", &cfg);
    let n = trials(&v);
    // Cells: modified FDV 2..=12, then the Soldado's row, then the opposed roll.
    close("FDV 7 passed 1st", event(&v, 5, "passed_1st"), 21.0 / 36.0, n);
    close("FDV 7 failed both", event(&v, 5, "failed_both"), 225.0 / 1296.0, n);
    close("Soldado passed 1st", event(&v, 11, "passed_1st"), 11.0 / 12.0, n);
    close("Soldado failed both", event(&v, 11, "failed_both"), 1.0 / 144.0, n);
    close("Ahora qué", event(&v, 12, "a_first"), 13.0 / 16.0, n);
    assert!(summary.contains("modified FDV 10"), "{summary}");
}

/// Issue #23, `shot_test_order`: a figure wounded by a shot meets two triggers, and only "Herido"
/// is timed — seed line 339 "Si una figura es herida debe pasar **de inmediato** un chequeo de
/// \"Herido\""; line 319 "Si una figura es disparada por alguien debe pasar un chequeo de \"Bajo
/// Fuego\"". The rifle at a small bug (FDV 7, BLD 8; RES never reaches 0 in one shot), by hand
/// (`docs/rules/bichos-hand.py`): a = P(2D6 ≤ F); after a hit the bug is at FDV 7 with
/// 11/36 + 13/36 · 3/36 = 435/1296 (a light wound, or a critical with a number) or at FDV 6 with
/// 13/36 · 33/36 · 21/36 = 9009/46656 (an "H" it survives); a miss (12/36) tests Bajo fuego only:
/// flees with (5/12)² = 25/144. Wounded at FDV F, "Bajo fuego" first flees with
/// g_B(F) = (1−a_F)² + (1 − (1−a_F)²)(1−a_F)²; "Herido" first adds the Herido-2nd branch whose FDV −1
/// weakens the Bajo fuego test: g_H(F) = g_B(F) + a_F (1−a_F) [(1−a_{F−1})² − (1−a_F)²].
/// g_H(7) = 7415/20736, g_B(7) = 6575/20736; g_H(6) = 14203/23328, g_B(6) = 11711/20736. P(flees) =
/// 12/36 · 25/144 + 435/1296 · g(7) + 9009/46656 · g(6): `herido_first` 71460931/241864704 ≈
/// 0.2955, `bajo_fuego_first` 29384011/107495424 ≈ 0.2734. P(dead) = 715/5184 either way. Under
/// `herido_only` the order cannot matter and the report says so.
#[test]
fn shot_test_order_herido_first_or_bajo_fuego_first() {
    let cfg = |reading: &str| {
        format!(
            "{HEAD}kind = \"shot\"\n[readings]\n{reading}\n[shot]\nshooter = \"soldado\"\nweapon = \"assault_rifle\"\ntargets = [\"pequeno\"]\n"
        )
    };
    for (reading, flees) in [
        ("", "71460931/241864704"),
        ("shot_test_order = \"herido_first\"", "71460931/241864704"),
        ("shot_test_order = \"bajo_fuego_first\"", "29384011/107495424"),
    ] {
        let v = run_exact("order", &cfg(reading));
        assert_eq!(exact_event(&v, 0, "flees_t1"), flees, "{reading}");
        assert_eq!(exact_event(&v, 0, "dead_t1"), "715/5184", "{reading}");
    }
    let (_, summary) =
        run("order_ignored", &cfg("shot_wounded_tests = \"herido_only\"\nshot_test_order = \"bajo_fuego_first\""));
    assert!(
        summary.contains("the reading “a figure wounded by a shot tests first” cannot change any number"),
        "{summary}"
    );
    let (_, summary) = run("order_setup", &cfg("shot_test_order = \"bajo_fuego_first\""));
    assert!(
        summary.contains(
            "before \"Herido\" when wounded (reading “a figure wounded by a shot tests first: \"Bajo fuego\"”)"
        ),
        "{summary}"
    );
}

/// Issue #23, `ko_and_duck_activations`: seed line 497 prices the knock-down in turns ("la figura
/// es derribada al suelo debiendo usar su siguiente turno para ponerse de pie"); ducking back
/// (summary D3, line 82: "AGACHARSE: Alejarse del enemigo hacia la cobertura más próxima") is an
/// immediate move priced in none, which the duel counts as its next activation lost. Two turns:
/// A (HDA 10, rifle 3D6 POT 11, FDV 15: acts first and passes every test; RES 500, BLD 20: the
/// bug's HDA 5 + 2D6 − 20 and POT 2 impacts — never an "H" — cannot hurt it) shoots a bug
/// (FDV 7, BLD 8, RES 500: RES never matters) each turn. The bug is knocked down and ducks from
/// the first shot with 13/36 · 33/36 (an "H") · 21/36 (it survives the wound table, FDV 6) ·
/// [35/144 (Herido 2nd, FDV 5) · 155/324 (Bajo fuego not failed at 5) + 5/12 (Herido 1st) · 35/144
/// (Bajo fuego 2nd)] = 5080075/120932352. Under `one` it loses its turn-1 activation only; under
/// `two` its turn-2 activation too (unless the second shot puts it out). P(the bug loses both its
/// activations), exact in `docs/rules/bichos-hand.py` (issue #23 section):
/// `one` 536622209107775/9749755840167936 ≈ 0.05504, `two` 600151055488775/9749755840167936 ≈
/// 0.06156. Only a figure shot at ducks, so the rifle is fired as a shot in contact
/// (`ranged_in_contact = "shot"`); under the default `melee` the switch cannot matter here.
#[test]
fn ko_and_duck_activations_one_or_two() {
    let cfg = |reading: &str| {
        format!(
            "{HEAD}kind = \"duel\"\ntrials = 300000\n[readings]\nranged_in_contact = \"shot\"\n{reading}\n\
             [profiles.tank]\nhda = 10\npot = 9\nfdv = 15\nres = 500\nbld = 20\nmov_cm = 20\nmov_in = 8\n\
             [profiles.bug]\nhda = 5\npot = 2\nfdv = 7\nres = 500\nbld = 8\nmov_cm = 30\nmov_in = 12\n\
             [duel]\nrounds = 2\na = {{ card = \"tank\", weapon = \"assault_rifle\" }}\nb = {{ card = \"bug\", weapon = \"small_claws\" }}\n"
        )
    };
    for (reading, p) in [
        ("", 536622209107775.0 / 9749755840167936.0),
        ("ko_and_duck_activations = \"one\"", 536622209107775.0 / 9749755840167936.0),
        ("ko_and_duck_activations = \"two\"", 600151055488775.0 / 9749755840167936.0),
    ] {
        let (v, summary) = run("ko_and_duck", &cfg(reading));
        close(&format!("P(b_lost = 2), {reading:?}"), metric_p(&v, 0, "b_lost", 2), p, trials(&v));
        let value = if reading.contains("two") { "two" } else { "one" };
        assert!(
            summary.contains(&format!(
                "reading “in a duel, a figure knocked down and ducking back loses: {value} activation{}”",
                if value == "two" { "s" } else { "" }
            )),
            "{summary}"
        );
    }
    let (_, summary) = run(
        "ko_and_duck_ignored",
        &format!(
            "{HEAD}kind = \"duel\"\ntrials = 1000\n[readings]\nko_and_duck_activations = \"two\"\n[duel]\nrounds = 2\na = {{ card = \"grande\", weapon = \"big_claws\" }}\nb = {{ card = \"pequeno\", weapon = \"small_claws\" }}\n"
        ),
    );
    assert!(
        summary
            .contains("the reading “in a duel, a figure knocked down and ducking back loses” cannot change any number"),
        "{summary}"
    );
}

/// Issue #23: "flees" (seed line 505: RES reaches 0, "la figura Huye inmediatamente"; summary D5)
/// also counted figures that then died. The two ways out are reported apart: "fled, alive" and
/// "dead". The rifle (HDA 10, 3D6, POT 11) at RES 20, FDV 12, BLD 0 (FDV 12 passes every reaction
/// test, so only RES sends it away): every "H" (13/36 · 33/36) leaves RES ≤ 20 − 13 − 10 < 0 and
/// FDV 0, so the wound table kills: dead 143/432, all of them after fleeing; fled and alive = a
/// light wound with 3D6 ≥ 10 (11/36 · 5/8) or a critical without "H" (13/36 · 3/36: 10 + 3D6 + 9 or
/// 10 ≥ 20 always) = 55/288 + 39/1296 = 191/864; "flees" = 191/864 + 143/432 = 53/96 (unchanged
/// meaning). A sequence: after one attack the same; within the cap, the first attack that puts it
/// out leaves it fled and alive (`out_fled_within_cap`) or dead (`out_dead_within_cap`), the two
/// adding up to `flees_within_cap`; with a cap of 2, by hand (`bichos-hand.py`):
/// 52801/165888 ≈ 0.3183 and 81983/165888 ≈ 0.4942 (together 13/16).
#[test]
fn fled_and_dead_are_separate_outcomes() {
    let weak = "[profiles.weak]\nhda = 5\npot = 5\nfdv = 12\nres = 20\nbld = 0\nmov_cm = 20\nmov_in = 8\n";
    let v = run_exact(
        "fled_alive_shot",
        &format!(
            "{HEAD}kind = \"shot\"\n{weak}[shot]\nshooter = \"soldado\"\nweapon = \"assault_rifle\"\ntargets = [\"weak\"]\n"
        ),
    );
    assert_eq!(exact_event(&v, 0, "flees_t1"), "53/96");
    assert_eq!(exact_event(&v, 0, "dead_t1"), "143/432");
    assert_eq!(exact_event(&v, 0, "fled_alive_t1"), "191/864");
    let seq = |cap: u32| {
        format!(
            "{HEAD}kind = \"sequence\"\ntrials = 300000\n{weak}[sequence]\nshooter = \"soldado\"\nweapon = \"assault_rifle\"\ntarget = \"weak\"\ncap = {cap}\n"
        )
    };
    let v = run_exact("fled_alive_seq1", &seq(1));
    assert_eq!(exact_event(&v, 0, "flees_after_1"), "53/96");
    assert_eq!(exact_event(&v, 0, "fled_alive_after_1"), "191/864");
    assert_eq!(exact_event(&v, 0, "dead_after_1"), "143/432");
    assert_eq!(exact_event(&v, 0, "out_fled_within_cap"), "191/864");
    assert_eq!(exact_event(&v, 0, "out_dead_within_cap"), "143/432");
    let (v, summary) = run("fled_alive_seq2", &seq(2));
    let n = trials(&v);
    close("out by fleeing, cap 2", event(&v, 0, "out_fled_within_cap"), 52801.0 / 165888.0, n);
    close("out by dying, cap 2", event(&v, 0, "out_dead_within_cap"), 81983.0 / 165888.0, n);
    close("flees or dies, cap 2", event(&v, 0, "flees_within_cap"), 13.0 / 16.0, n);
    let count = |e: &str| v["cells"][0]["events"][e]["count"].as_u64().unwrap();
    assert_eq!(count("out_fled_within_cap") + count("out_dead_within_cap"), count("flees_within_cap"));
    assert!(summary.contains("fled after one attack, alive"), "{summary}");
}

/// Custom weapons (`[weapons.NAME]`, the weapon table as data, seed lines 376–391): "Potencia"
/// is the impact table's column (line 497). A soldier (HDA 10) shoots a big bug at effective
/// range, nobody moved, no cover: a critical wound on 2, 5, 8, 11 (HDA ≥ 9) and 12, 13/36. The
/// impact roll is an "H" when 2D6 + POT − 4 > 10, i.e. 2D6 > 14 − POT: with the assault rifle's
/// POT 11, 2D6 ≥ 4, 33/36; with a custom POT 7, 2D6 ≥ 8, 15/36. So P(H) = 13·33/1296 = 143/432
/// for the rifle (and a custom copy of it), 13·15/1296 = 65/432 at POT 7. Damage dice and
/// targets do not enter P(H).
#[test]
fn custom_weapon_pot_moves_the_impact_roll_as_the_table_says() {
    let cfg = format!(
        "{HEAD}kind = \"compare\"\n[weapons.copy]\ndamage = 3\npot = 11\ntargets = 3\neffective_cm = 80\nmax_cm = 160\n\
         [weapons.pot7]\nname = \"Rifle POT 7\"\ndamage = 3\npot = 7\ntargets = 3\neffective_cm = 80\nmax_cm = 160\n\
         [shot]\nshooter = \"soldado\"\nweapon = \"assault_rifle\"\ntargets = [\"grande\"]\n\
         [compare]\nloadouts = [{{ weapon = \"assault_rifle\" }}, {{ weapon = \"copy\" }}, {{ weapon = \"pot7\" }}]\ntargets = [\"grande\"]\n"
    );
    let v = run_exact("custom-weapon-pot", &cfg);
    assert_eq!(exact_event(&v, 0, "impact_h_t1"), "143/432");
    assert_eq!(exact_event(&v, 1, "impact_h_t1"), "143/432");
    assert_eq!(exact_event(&v, 2, "impact_h_t1"), "65/432");
    // The copy is the built-in weapon: every number of its cell is the rifle's.
    assert_eq!(v["cells"][0]["events"], v["cells"][1]["events"]);
    assert_eq!(v["cells"][0]["metrics"], v["cells"][1]["metrics"]);
    // A loadout naming a custom weapon is called by its `name`.
    assert_eq!(v["cells"][2]["label"].as_str().unwrap_or(""), "Rifle POT 7 vs \"Grande\" (big bug)");
}

/// A custom weapon (1 target, 2D6, POT 7, effective 40 cm, max 80 cm) fired by a Soldado
/// (HDA 10) at one small bug (BLD 8, RES 49, FDV 7), and a 1D6 POT 12 weapon at the big bug
/// (BLD 12, FDV 10): the numbers an independent reader derived from the rulebook alone
/// (/work/notes/bichos-weapons-2nd-reading.md, issue #26), not from this program.
/// - Effective range: light or critical on 24/36, critical on 13/36 (rows 2, 5, 8, 11, 12).
///   Mean RES lost = (24/36)·9 + (13/36)·(325/36) = 12001/1296 (HDA + 2D6 − BLD, mean 9, plus
///   the impact table's 5..10 or "H" 10 at POT 7). Dead only by "H" (2D6 ≥ 8, 15/36) then the
///   wound table at FDV 7 (2D6 ≤ 6, 15/36): 13/36 · 15/36 · 15/36 = 325/5184.
/// - Long range (rows 3, 9, 12 miss): critical 12/36; mean RES lost 196/27; dead 25/432.
/// - 1D6 POT 12 at the big bug: a critical's impact value is 2D6 + 8, so 10 more RES on a roll
///   of 2 and "H" (10 more, then the wound table) on 3..12, 35/36; the wound table at FDV 10
///   kills on 2D6 ≤ 3: dead 13/36 · 35/36 · 3/36 = 455/15552. RES lost 10 + 1D6 − 12, floored at
///   0 (the reader notes the text prints no floor: without it the mean is 83/18), plus 10 on a
///   critical: mean 85/18.
#[test]
fn custom_weapons_match_an_independent_reading_of_the_rulebook() {
    let weapon = "[weapons.test]\nname = \"Test weapon\"\ndamage = 2\npot = 7\ntargets = 1\neffective_cm = 40\nmax_cm = 80\n\
                  [weapons.light]\ndamage = 1\npot = 12\ntargets = 1\neffective_cm = 40\nmax_cm = 80\n";
    let cfg = format!(
        "{HEAD}kind = \"compare\"\n{weapon}[shot]\nshooter = \"soldado\"\nweapon = \"test\"\ntargets = [\"pequeno\"]\n\
         [compare]\nloadouts = [{{ label = \"effective\", weapon = \"test\" }}, {{ label = \"long\", weapon = \"test\", long_range = true }}, {{ label = \"light\", weapon = \"light\" }}]\n\
         targets = [\"pequeno\", \"grande\"]\n"
    );
    let v = run_exact("custom-weapon-second-reading", &cfg);
    // Cells are loadout-major: (effective, pequeno), (effective, grande), (long, pequeno), …
    assert_eq!(exact_event(&v, 0, "critical_wound_t1"), "13/36");
    assert_eq!(exact_event(&v, 0, "wounded_t1"), "2/3");
    assert_eq!(exact_event(&v, 0, "dead_t1"), "325/5184");
    assert!((metric_mean(&v, 0, "res_lost_t1") - 12001.0 / 1296.0).abs() < 1e-9);
    assert_eq!(exact_event(&v, 2, "critical_wound_t1"), "1/3");
    assert_eq!(exact_event(&v, 2, "dead_t1"), "25/432");
    assert!((metric_mean(&v, 2, "res_lost_t1") - 196.0 / 27.0).abs() < 1e-9);
    assert_eq!(exact_event(&v, 5, "dead_t1"), "455/15552");
    assert!((metric_mean(&v, 5, "res_lost_t1") - 85.0 / 18.0).abs() < 1e-9);
}
