//! The shared Batman module's refusals seen through the loader with every built-in system:
//! a Batman library in another system's include, and one edition's `[attack]` field in the
//! other's file (the module polices both editions' fields in one place).

use skirmish_odds::config::Overrides;
use skirmish_odds::registry::load;

/// Write `files` (name, text) into a fresh directory and load the first.
fn load_files(test: &str, files: &[(&str, &str)]) -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!("skirmish-odds-batman-shared-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let out = load(&dir.join(files[0].0), &Overrides::default()).map(|_| ()).map_err(|e| e.to_string());
    std::fs::remove_dir_all(&dir).ok();
    out
}

/// A Batman card library included by another system's scenario is told, at its first card,
/// that the system has no `[cards]` (as the same table in the scenario itself is), not
/// checked against the Batman card fields.
#[test]
fn batman_tables_in_another_systems_include_name_that_system() {
    let scenario = "ruleset = \"mordheim\"\nkind = \"movement\"\ninclude = [\"lib.toml\"]\n[movement]\nm = 4\n";
    let lib = "[cards.x]\nattack = 3\nbogus = 1\n";
    let e = load_files("include", &[("s.toml", scenario), ("lib.toml", lib)]).unwrap_err();
    assert!(e.contains("lib.toml:1:8: field `cards.x`: mordheim has no [cards] table"), "{e}");
}

/// The other edition's `[attack]` field is refused in the declared edition's words, from
/// this module (neither edition names the other's fields).
#[test]
fn the_other_editions_attack_field_is_refused_here() {
    let head = "kind = \"attack\"\n[cards.a]\nattack = 4\ndefense = 3\nstrength = 4\nwillpower = 6\nendurance = 6\nspecial = 2\nmovement = 4\n[attack]\nattacker = \"a\"\ntarget = \"a\"\n";
    let e = load_files("3e", &[("s.toml", &format!("ruleset = \"bmg-3e\"\n{head}obstacles = [1]\n"))]).unwrap_err();
    assert!(e.contains("field `attack.obstacles`: `obstacles` is a bmg-1e attack field"), "{e}");
    let e = load_files("1e", &[("s.toml", &format!("ruleset = \"bmg-1e\"\n{head}storm = true\n"))]).unwrap_err();
    assert!(e.contains("field `attack.storm`: `storm` is a bmg-3e attack field"), "{e}");
}
