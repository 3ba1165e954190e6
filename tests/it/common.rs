//! Shared builders for the integration tests.

use skirmish_odds::systems::bmg3e::rules::*;

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
    let o = std::process::Command::new(bin_path())
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

/// The binary under test: `SKIRMISH_ODDS_BIN` if set (to show a test fails on another build,
/// e.g. an older release), else the one cargo built.
pub fn bin_path() -> std::path::PathBuf {
    std::env::var_os("SKIRMISH_ODDS_BIN")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| env!("CARGO_BIN_EXE_skirmish-odds").into())
}

/// A fresh, empty folder under cargo's test scratch space.
pub fn tmp(group: &str, name: &str) -> std::path::PathBuf {
    let d = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(group).join(name);
    if d.exists() {
        chmod_all(&d);
        std::fs::remove_dir_all(&d).unwrap();
    }
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Run the binary in `cwd` with `args`, capturing its output.
pub fn bin_run(cwd: &std::path::Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(bin_path()).current_dir(cwd).args(args).output().unwrap()
}

/// Every file and folder under `dir` (relative path → contents; folders map to `None`), to
/// compare a location before and after.
pub fn snapshot(dir: &std::path::Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    fn walk(root: &std::path::Path, dir: &std::path::Path, out: &mut std::collections::BTreeMap<String, Vec<u8>>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            let rel = p.strip_prefix(root).unwrap().to_string_lossy().into_owned();
            if p.is_dir() {
                out.insert(format!("{rel}/"), Vec::new());
                walk(root, &p, out);
            } else {
                out.insert(rel, std::fs::read(&p).unwrap());
            }
        }
    }
    let mut out = std::collections::BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// True when the tests run as root (permission bits do not stop root).
pub fn is_root() -> bool {
    std::process::Command::new("id").arg("-u").output().map(|o| o.stdout.starts_with(b"0\n")).unwrap_or(false)
}

/// `setpriv` can run the binary as `nobody` on the bundled configs and in the test scratch
/// space (not so when the checkout sits under a folder only root may enter).
pub fn can_drop_privileges() -> bool {
    let config = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/batman-vs-thug.toml");
    std::process::Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(bin_path())
        .arg("validate")
        .arg(config)
        .current_dir(env!("CARGO_TARGET_TMPDIR"))
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

/// Run the binary as `nobody` in `cwd` (needs root and `setpriv`).
pub fn bin_run_as_nobody(cwd: &std::path::Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(bin_path())
        .args(args)
        .current_dir(cwd)
        .output()
        .unwrap()
}

/// Set a path's permission bits.
pub fn chmod(p: &std::path::Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// Make every folder under `dir` writable again (so a test can clean up after a read-only one).
fn chmod_all(dir: &std::path::Path) {
    if dir.is_dir() && !dir.is_symlink() {
        chmod(dir, 0o755);
        for e in std::fs::read_dir(dir).unwrap() {
            chmod_all(&e.unwrap().path());
        }
    }
}

/// A 2013 card with no traits and Special 3 (the integration tests' usual henchman shape).
pub fn card_1e(w: u8, mv: u8, a: u8, d: u8, s: u8, e: u8) -> skirmish_odds::systems::bmg1e::rules::Card {
    skirmish_odds::systems::bmg1e::rules::Card {
        willpower: w,
        movement: mv,
        attack: a,
        defense: d,
        strength: s,
        endurance: e,
        special: 3,
        traits: skirmish_odds::systems::bmg1e::rules::CharTraits::default(),
    }
}

/// Every bundled scenario config (the card libraries, which have no top-level `kind`, left out),
/// as ("system-stem", path), sorted: the loop of the tests that hold every bundled report to a
/// property.
pub fn bundled_scenarios() -> Vec<(String, std::path::PathBuf)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs");
    let mut out = Vec::new();
    for dir in std::fs::read_dir(&root).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&dir).unwrap() {
            let p = f.unwrap().path();
            let text = std::fs::read_to_string(&p).unwrap();
            let Ok(t) = toml::from_str::<toml::Table>(&text) else { continue };
            if t.contains_key("kind") {
                let name = format!(
                    "{}-{}",
                    dir.file_name().unwrap().to_string_lossy(),
                    p.file_stem().unwrap().to_string_lossy()
                );
                out.push((name, p));
            }
        }
    }
    out.sort();
    out
}

/// The face-by-face oracle on a cell of any system, through the contract
/// ([`skirmish_odds::analysis::cell::CellTrial::enumerate_faces`]): no list of systems here.
pub fn enumerate_cell(c: &skirmish_odds::analysis::cell::Cell, max_dice: usize) -> Option<skirmish_odds::exact::Exact> {
    c.enumerate_faces(max_dice)
}

/// A character no output may hold raw (the tests' own statement of `safe::is_hidden_control`,
/// written apart from it): C0 and C1 controls, DEL, the bidi embeddings, overrides, isolates and
/// marks, the line and paragraph separators and the zero-width no-break space. Callers allow
/// the layout characters their format uses (newlines, tabs).
pub fn hidden_control(c: char) -> bool {
    c.is_control()
        || ('\u{202A}'..='\u{202E}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
        || matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{2028}' | '\u{2029}' | '\u{FEFF}')
}
