//! Shared builders for the integration tests.
#![allow(dead_code)]

use skirmish_odds::rules::bmg3e::*;

pub fn card(a: u8, d: u8, s: u8, w: u8, e: u8, sp: u8) -> Profile {
    Profile { attack: a, defense: d, strength: s, willpower: w, endurance: e, special: sp, movement: 4 }
}

pub fn melee(bonus: i8, stun: u8, wounds: u8) -> Weapon {
    Weapon { kind: WeaponKind::Melee { strength_bonus: bonus }, damage: Markers { stun, wounds }, crt: None }
}

pub fn ranged(rof: u8, strength: u8, stun: u8, wounds: u8) -> Weapon {
    Weapon { kind: WeaponKind::Ranged { rate_of_fire: rof, strength }, damage: Markers { stun, wounds }, crt: None }
}

pub fn setup(attacker: Profile, weapon: Weapon, target: Profile) -> AttackSetup {
    AttackSetup {
        attacker,
        attacker_markers: Markers::default(),
        weapon,
        target,
        target_markers: Markers::default(),
        defense_mod: 0,
        melee: MeleeMods::default(),
        ranged: RangedMods::default(),
        readings: Readings::default(),
    }
}

/// Run `skirmish-odds run` on `config` (written to a fresh scenario.toml in a temporary folder,
/// beside copies of `libraries`), and check the bad-input contract: exit code 2, one line on
/// stderr with no panic, no report written, and every `expect` fragment in the message.
pub fn fails(group: &str, name: &str, config: &str, libraries: &[&str], args: &[&str], expect: &[&str]) -> String {
    let d = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(group).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    for lib in libraries {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(lib);
        std::fs::copy(&src, d.join(src.file_name().unwrap())).unwrap();
    }
    let path = d.join("scenario.toml");
    std::fs::write(&path, config).unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish-odds"))
        .arg("run")
        .arg(&path)
        .arg("--out")
        .arg(d.join("out"))
        .args(args)
        .output()
        .unwrap();
    let e = String::from_utf8_lossy(&o.stderr).to_string();
    assert_eq!(o.status.code(), Some(2), "{name}: {e}");
    assert!(!e.contains("panicked") && e.lines().count() == 1, "{name}: {e}");
    assert!(!d.join("out").exists(), "{name}: a report was written");
    for x in expect {
        assert!(e.contains(x), "{name}: expected `{x}` in {e}");
    }
    e
}
