//! The generic analyses (`compare`, `sweep`, `paired`, `balance`, and each system's `duel`) for
//! every rule system: each has a bundled example that runs; a generic cell is exactly the
//! system's own one-cell scenario; and Monte Carlo cells agree with exact enumeration of the dice.

use crate::common;

use skirmish_odds::analysis::{self, scenario::Scenario};
use skirmish_odds::config::Overrides;
use skirmish_odds::engine::progress::Progress;
use skirmish_odds::registry;
use skirmish_odds::stats;
use std::path::Path;

fn load(path: &Path) -> Scenario {
    registry::load(path, &Overrides::default()).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Write `text` as a scenario in a scratch folder (with the system's bundled libraries next
/// to it) and load it.
fn scenario(name: &str, system_dir: &str, text: &str) -> Scenario {
    let dir = common::tmp("generic", name);
    for name in ["cards.toml", "models.toml", "gauntlet.toml", "weapons.toml"] {
        let lib = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs").join(system_dir).join(name);
        if lib.exists() {
            std::fs::copy(&lib, dir.join(name)).unwrap();
        }
    }
    let p = dir.join("scenario.toml");
    std::fs::write(&p, text).unwrap();
    load(&p)
}

/// Every system with dice resolutions and a duel has a bundled example of each generic analysis,
/// a two-dimensional sweep included.
#[test]
fn every_system_has_a_bundled_example_of_every_generic_analysis() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs");
    let mut found = std::collections::BTreeSet::new();
    for dir in std::fs::read_dir(&root).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(dir).unwrap() {
            let p = f.unwrap().path();
            let text = std::fs::read_to_string(&p).unwrap();
            let Ok(t) = toml::from_str::<toml::Table>(&text) else { continue };
            if let (Some(r), Some(k)) =
                (t.get("ruleset").and_then(|v| v.as_str()), t.get("kind").and_then(|v| v.as_str()))
            {
                let sc = load(&p);
                if k == "sweep" && sc.cells.len() > 1 && matches!(sc.layout, analysis::scenario::Layout::Sweep2 { .. })
                {
                    found.insert((r.to_string(), "sweep-2d".to_string()));
                }
                found.insert((r.to_string(), k.to_string()));
            }
        }
    }
    // Every system of the registry with a resolution the generic analyses vary (a dice system)
    // bundles each of them, and a duel and a balance when it declares a duel.
    let mut systems = 0;
    for s in skirmish_odds::registry::SYSTEMS {
        if skirmish_odds::system::resolutions(*s).is_empty() {
            continue;
        }
        systems += 1;
        let duel: &[&str] = if s.duel().is_some() { &["duel", "balance"] } else { &[] };
        for kind in ["compare", "sweep", "sweep-2d", "paired"].iter().chain(duel) {
            let system = s.name();
            assert!(found.contains(&(system.to_string(), kind.to_string())), "no bundled {system} `{kind}` example");
        }
    }
    assert!(systems >= 4, "{systems} dice systems");
}

/// A compare cell, a sweep cell and a paired side are the very trial the system builds for the
/// same single resolution: the generic analyses add no rules of their own.
#[test]
fn a_generic_cell_is_the_systems_own_single_resolution() {
    // bmg-1e: Bruiser + knife against the Thug.
    let cmp = scenario(
        "1e-compare",
        "bmg-1e",
        "ruleset = \"bmg-1e\"\nkind = \"compare\"\ninclude = [\"cards.toml\"]\n[compare]\nloadouts = [{ attacker = \"bruiser\", weapon = \"knife\", attack_counters = 2 }, { attacker = \"gunman\", weapon = \"pistol\" }]\ntargets = [\"robin\", \"thug\"]\n",
    );
    let one = scenario(
        "1e-one",
        "bmg-1e",
        "ruleset = \"bmg-1e\"\nkind = \"attack\"\ninclude = [\"cards.toml\"]\n[attack]\nattacker = \"bruiser\"\nweapon = \"knife\"\nattack_counters = 2\ntarget = \"thug\"\n",
    );
    assert_eq!(cmp.cells.len(), 4);
    assert_eq!(cmp.cells[1].trial, one.cells[0].trial, "loadout 1 × target 2 is cell 1 (loadout-major)");
    assert_eq!(cmp.cells[0].label, "Bruiser + Knife vs Robin");
    // ¡Bichos!: a swept RES of the built-in big bug equals the built-in value itself at 120.
    let sweep = load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bichos/res-sweep.toml"));
    let seq = scenario(
        "bichos-one",
        "bichos",
        "ruleset = \"bichos\"\nkind = \"sequence\"\n[sequence]\nshooter = \"soldado\"\nweapon = \"heavy_weapon\"\ntarget = \"grande\"\ncap = 200\n",
    );
    let at_120 = sweep.cells.iter().position(|c| c.label == "target's RES 120").unwrap();
    assert_eq!(sweep.cells[at_120].trial, seq.cells[0].trial);
    assert_ne!(sweep.cells[0].trial, seq.cells[0].trial, "RES 60 is another bug");
    // Wolsung: the paired sides are the two one-gun shootings.
    let paired = load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/wolsung/paired-pistol-vs-rifle.toml"));
    let Some(p) = paired.cells[0].trial.downcast::<analysis::paired::Paired>() else { panic!("a paired cell") };
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/wolsung/paired-pistol-vs-rifle.toml"),
    )
    .unwrap();
    let single = text[..text.find("[paired]").unwrap()]
        .replace("kind = \"paired\"", "kind = \"shooting\"")
        .replace("shooter = \"hero\"", "shooter = \"hero\"\nguns = [\"rifle\"]\ntarget = \"thug\"");
    let b = scenario("wolsung-one", "wolsung", &single);
    assert_eq!(p.b, b.cells[0].trial, "paired side B is the one-gun rifle shooting");
    assert_ne!(p.a, p.b);
}

/// Run `sc` with a fixed seed and compare every event and metric mean of every cell with the
/// exact enumeration of its dice; |z| must stay below 4.5.
fn mc_matches_exact(sc: Scenario, max_dice: usize) -> usize {
    let trials: Vec<_> = sc.cells.iter().map(|c| c.trial.clone()).collect();
    let run = analysis::run(sc, 0, &Progress::hidden()).unwrap();
    let z = stats::z_value();
    let mut checked = 0;
    for (cell, (trial, t)) in trials.iter().zip(&run.output.tallies).enumerate() {
        let ex = common::enumerate_cell(trial, max_dice)
            .unwrap_or_else(|| panic!("cell {cell} needs more than {max_dice} dice"));
        for (i, &p) in ex.events.iter().enumerate() {
            let est = t.event(i, z);
            let se = (p * (1.0 - p) / t.trials as f64).sqrt().max(1e-12);
            let zz = (est.p - p) / se;
            assert!(
                zz.abs() < 4.5 || (p == 0.0 && est.p == 0.0),
                "cell {cell} event {i}: MC {} vs exact {p} (z {zz:.2})",
                est.p
            );
            checked += 1;
        }
        for i in 0..ex.metrics.len() {
            let m = t.moments(i);
            let mean = ex.mean(i);
            if m.stderr > 0.0 {
                let zz = (m.mean - mean) / m.stderr;
                assert!(zz.abs() < 4.5, "cell {cell} metric {i}: MC {} vs exact {mean} (z {zz:.2})", m.mean);
            } else {
                assert!((m.mean - mean).abs() < 1e-9, "cell {cell} metric {i}: constant {} vs exact {mean}", m.mean);
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn generic_cells_agree_with_exact_enumeration_in_every_dice_system() {
    // bmg-3e: a compare grid (2 loadouts × 2 targets), 20,000 trials per cell.
    let n = mc_matches_exact(
        scenario(
            "exact-3e",
            "bmg-3e",
            "ruleset = \"bmg-3e\"\nkind = \"compare\"\ninclude = [\"cards.toml\"]\nseed = 11\ntrials = 20000\n[compare]\nloadouts = [{ attacker = \"thug\", weapon = \"knife\" }, { attacker = \"robin\", weapon = \"baseball-bat\" }]\ntargets = [\"thug\", \"robin\"]\n",
        ),
        10,
    );
    assert!(n > 40, "{n}");
    // bmg-1e: a one-dimensional sweep of attack counters.
    let n = mc_matches_exact(
        scenario(
            "exact-1e",
            "bmg-1e",
            "ruleset = \"bmg-1e\"\nkind = \"sweep\"\ninclude = [\"cards.toml\"]\nseed = 12\ntrials = 20000\n[attack]\nattacker = \"thug\"\ntarget = \"robin\"\ndefense_counters = 1\n[sweep]\nparameter = \"attack_counters\"\nvalues = [1, 2]\n",
        ),
        14,
    );
    assert!(n > 20, "{n}");
    // Wolsung (henchmen, no cards): a compare of two shooters' single action against two targets.
    let n = mc_matches_exact(
        scenario(
            "exact-wolsung",
            "wolsung",
            "ruleset = \"wolsung\"\nkind = \"compare\"\nseed = 14\ntrials = 20000\n\
             [models.s]\nc = 2\nf = 3\nd = 2\nm = 4\nr = 3\nh = 4\n[models.s3]\nc = 2\nf = 3\nd = 3\nm = 4\nr = 3\nh = 4\n\
             [models.t]\nc = 2\nf = 3\nd = 2\nm = 4\nr = 2\nh = 20\n[models.t1]\nc = 2\nf = 3\nd = 2\nm = 4\nr = 1\nh = 3\n\
             [guns.g]\nf = 1\nbands = [[24, 0]]\n\
             [shooting]\nshooter = \"s\"\nguns = [\"g\"]\ndistances = [10]\nreactions = [\"stand\"]\npolicies = [\"never\"]\n\
             [compare]\nloadouts = [{ shooter = \"s\" }, { shooter = \"s3\" }]\ntargets = [\"t\", \"t1\"]\n",
        ),
        10,
    );
    assert!(n > 20, "{n}");
}

/// ¡Bichos! shots roll too many dice to enumerate (impact, 3D6 damage, wound table, two reaction
/// rolls), so its generic cells are held to the hand-derived value of the rulebook clause instead
/// (`rules_bichos::wound_table_is_rolled_at_the_fdv_left_after_the_res_check`): an assault rifle
/// against a RES 20 / FDV 12 figure kills it with P = 13/36 · 33/36 = 143/432. The same cell
/// reached through a compare and through a sweep of the target's FDV must give it.
#[test]
fn bichos_generic_cells_match_the_hand_derived_value() {
    let head = |kind: &str| {
        format!(
            "ruleset = \"bichos\"\nkind = \"{kind}\"\nseed = 15\ntrials = 100000\n\
                [profiles.weak]\nhda = 5\npot = 5\nfdv = 12\nres = 20\nbld = 0\nmov_cm = 20\nmov_in = 8\n"
        )
    };
    let cmp = scenario(
        "bichos-compare",
        "bichos",
        &format!(
            "{}[shot]\nshooter = \"soldado\"\nweapon = \"pistol\"\n\
             [compare]\nloadouts = [{{ weapon = \"assault_rifle\" }}]\ntargets = [\"weak\", \"grande\"]\n",
            head("compare")
        ),
    );
    let sweep = scenario(
        "bichos-sweep",
        "bichos",
        &format!(
            "{}[shot]\nshooter = \"soldado\"\nweapon = \"assault_rifle\"\ntargets = [\"weak\"]\n\
             [sweep]\nparameter = \"targets.fdv\"\nvalues = [11, 12]\n",
            head("sweep")
        ),
    );
    assert_eq!(cmp.cells[0].trial, sweep.cells[1].trial, "the same shot by two generic routes");
    for sc in [cmp, sweep] {
        let cell = if sc.cells.len() == 2 && sc.cells[0].label.starts_with("targets.fdv") { 1 } else { 0 };
        let i = sc.cells[cell].trial.shape().events.iter().position(|e| *e == "dead_t1").unwrap();
        let run = analysis::run(sc, 0, &Progress::hidden()).unwrap();
        let t = &run.output.tallies[cell];
        let p = 143.0 / 432.0;
        let z = (t.event(i, 1.96).p - p) / (p * (1.0 - p) / t.trials as f64).sqrt();
        assert!(z.abs() < 4.5, "P(dead) {} vs 143/432 (z {z:.2})", t.event(i, 1.96).p);
    }
}
