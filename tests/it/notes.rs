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

/// One reading that moves many fighters' numbers is one note listing them (issue #39: a 2019
/// balance printed six near-identical "a check reduced to one die moves these numbers"
/// paragraphs, one per card). By hand, an Endurance check on one die: own check ≤ E on 2D6
/// (E 4: 6/36 = 1/6; E 5: 10/36 = 5/18; E 6: 15/36 = 5/12) or on the one die (4/6 = 2/3, 5/6, 1).
#[test]
fn a_reading_that_moves_many_fighters_is_one_note_listing_them() {
    let dir = tmp("notes", "one_die_merged");
    let cfg = std::fs::canonicalize("configs/bmg-3e/balance-new-henchman.toml").unwrap();
    let r = bin_run(&dir, &["run", cfg.to_str().unwrap(), "--out", "r", "--quiet"]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let md = std::fs::read_to_string(dir.join("r/summary.md")).unwrap();
    let lines: Vec<&str> = md.lines().filter(|l| l.contains("moves these numbers")).collect();
    assert_eq!(lines.len(), 1, "{lines:#?}");
    let l = lines[0];
    for item in
        ["Thug (Endurance 4) 1/6 or 2/3", "Brawler (Endurance 5) 5/18 or 5/6", "Bruiser (Endurance 6) 5/12 or 1"]
    {
        assert_eq!(l.matches(item).count(), 1, "`{item}` not once in {l}");
    }
}
