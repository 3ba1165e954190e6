//! Notes: a value that cannot change a scenario's numbers, or a rule it touches that is not
//! modelled, is printed beside the numbers (terminal, `validate`, summary.md, results.json,
//! index.html) — never silently dropped.

use crate::common::{bin_run, tmp};

#[test]
fn sweeping_the_shooters_strength_with_a_ranged_weapon_is_flagged_everywhere() {
    let dir = tmp("notes", "ranged_strength_sweep");
    let cards = std::fs::canonicalize("configs/bmg-3e/cards.toml").unwrap();
    std::fs::write(
        dir.join("sweep.toml"),
        format!(
            "ruleset = \"bmg-3e\"\nkind = \"sweep\"\ninclude = [{:?}]\ntrials = 2000\n\
             [attack]\nattacker = \"thug\"\nweapon = \"pistol\"\ntarget = \"batman\"\n\
             [sweep]\nparameter = \"attacker.strength\"\nvalues = [2, 3, 4]\n",
            cards.display().to_string()
        ),
    )
    .unwrap();
    let want = "the swept attacker's Strength cannot change any number in this scenario";
    let v = bin_run(&dir, &["validate", "sweep.toml"]);
    assert!(v.status.success());
    assert!(String::from_utf8_lossy(&v.stdout).contains(want), "validate: {}", String::from_utf8_lossy(&v.stdout));
    let r = bin_run(&dir, &["run", "sweep.toml", "--out", "r"]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert!(String::from_utf8_lossy(&r.stdout).contains(want));
    // The page shows the field by its title, as every view does.
    let want_html = "the swept attacker's Strength cannot change any number in this scenario";
    for (f, want) in [("summary.md", want), ("results.json", want), ("index.html", want_html)] {
        let text = std::fs::read_to_string(dir.join("r").join(f)).unwrap();
        assert!(text.contains(want), "{f} lacks the note");
    }
    // The same sweep over a value that matters carries no note.
    let s = std::fs::read_to_string(dir.join("sweep.toml")).unwrap().replace("attacker.strength", "weapon.strength");
    std::fs::write(dir.join("sweep2.toml"), s).unwrap();
    let r = bin_run(&dir, &["run", "sweep2.toml", "--out", "r2"]);
    assert!(r.status.success());
    assert!(!std::fs::read_to_string(dir.join("r2/results.json")).unwrap().contains("\"notes\""));
}
