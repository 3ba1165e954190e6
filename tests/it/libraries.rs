//! Wolsung and ¡Bichos! library files (`include = [...]`): their own tables read strictly, each
//! bad value at the library's own file:line:col, names resolved across the scenario and its
//! includes, a name defined twice refused, another system's table told what this one writes;
//! the bundled libraries (every system with a duel bundles a gauntlet of at least six priced
//! fighters); and custom ¡Bichos! weapons (`[weapons.NAME]`).

use skirmish_odds::analysis::scenario::Scenario;
use skirmish_odds::config::Overrides;
use skirmish_odds::registry::load;

/// Write `files` (name, text) into a fresh directory (copies of the bundled `configs/…` files
/// named in `bundled` beside them) and load the first.
fn load_files(test: &str, files: &[(&str, &str)], bundled: &[&str]) -> Result<Scenario, String> {
    let dir = crate::common::tmp("libraries", test);
    for lib in bundled {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(lib);
        std::fs::copy(&src, dir.join(src.file_name().unwrap())).unwrap();
    }
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    load(&dir.join(files[0].0), &Overrides::default()).map_err(|e| e.to_string())
}

/// The error of loading `files`, which must fail.
fn err(test: &str, files: &[(&str, &str)], bundled: &[&str]) -> String {
    match load_files(test, files, bundled) {
        Ok(_) => panic!("{test}: loaded"),
        Err(e) => e,
    }
}

const W_MELEE: &str = "ruleset = \"wolsung\"\nkind = \"melee\"\ninclude = [\"models.toml\", \"lib.toml\"]\ntrials = 1000\n[melee]\nattacker = \"duelist\"\ndefender = \"troll\"\n";

/// A Wolsung scenario uses models and guns of its included libraries, exactly as if it wrote
/// them itself: the same trials.
#[test]
fn wolsung_models_and_guns_come_from_includes() {
    let shooting = "kind = \"shooting\"\ntrials = 1000\n[shooting]\nshooter = \"hero\"\ntarget = \"thug\"\nguns = [\"pistol\", \"rifle\"]\ndistances = [4, 12]\n";
    let lib = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/configs/wolsung/models.toml")).unwrap();
    let tables: String = lib
        .lines()
        .filter(|l| !l.starts_with("ruleset") && !l.starts_with("description"))
        .map(|l| format!("{l}\n"))
        .collect();
    let own = load_files("w-own", &[("s.toml", &format!("ruleset = \"wolsung\"\n{shooting}{tables}"))], &[]).unwrap();
    let included = load_files(
        "w-inc",
        &[("s.toml", &format!("ruleset = \"wolsung\"\ninclude = [\"models.toml\"]\n{shooting}"))],
        &["configs/wolsung/models.toml"],
    )
    .unwrap();
    assert_eq!(own.cells.len(), included.cells.len());
    assert!(own.cells.len() > 1);
    for (a, b) in own.cells.iter().zip(&included.cells) {
        assert_eq!(a.label, b.label);
        assert!(a.trial == b.trial, "{}", a.label);
    }
}

/// A bad value in a Wolsung library is told at the library's own line and column, with the
/// field and the allowed values, even when no scenario section uses that model.
#[test]
fn wolsung_library_errors_are_at_the_library_line() {
    let lib = "ruleset = \"wolsung\"\n[models.ogre]\nm = 4\nc = 40\nf = 5\nd = 0\nr = 1\nh = 6\n";
    let e = err("w-bad", &[("s.toml", W_MELEE), ("lib.toml", lib)], &["configs/wolsung/models.toml"]);
    assert!(e.contains("lib.toml:4:5: field `models.ogre.c`: c 40 is out of range (allowed: 0..=12)"), "{e}");
    let e = err(
        "w-gun",
        &[("s.toml", W_MELEE), ("lib.toml", "[guns.x]\nf = 4\nbandz = 3\n")],
        &["configs/wolsung/models.toml"],
    );
    assert!(e.contains("lib.toml:3:1: field `guns.x.bandz`: unknown field `bandz` — did you mean `bands`?"), "{e}");
    let e = err(
        "w-bands",
        &[("s.toml", W_MELEE), ("lib.toml", "[guns.x]\nf = 4\nbands = [[8, 1], [4, 0]]\n")],
        &["configs/wolsung/models.toml"],
    );
    assert!(e.contains("lib.toml:3:9: field `guns.x.bands`: band [4, 0]"), "{e}");
}

/// A name defined in the scenario and in a library, or in two libraries, is refused at the
/// second definition; another system's table in a Wolsung library is told what Wolsung writes.
#[test]
fn wolsung_library_names_once_and_foreign_tables() {
    let twice = "[models.troll]\nm = 4\nc = 4\nf = 5\nd = 0\nr = 1\nh = 6\n";
    let e = err("w-twice", &[("s.toml", W_MELEE), ("lib.toml", twice)], &["configs/wolsung/models.toml"]);
    assert!(e.contains("lib.toml:1:9: field `models.troll`: model `troll` is already defined in"), "{e}");
    assert!(e.contains("models.toml (allowed: each model name once)"), "{e}");
    let e = err(
        "w-twice-gun",
        &[("s.toml", W_MELEE), ("lib.toml", "[guns.pistol]\nf = 4\nbands = [[8, 1]]\n")],
        &["configs/wolsung/models.toml"],
    );
    assert!(e.contains("gun `pistol` is already defined in"), "{e}");
    let e = err(
        "w-cards",
        &[("s.toml", W_MELEE), ("lib.toml", "[cards.troll]\nattack = 4\n")],
        &["configs/wolsung/models.toml"],
    );
    assert!(e.contains("lib.toml:1:8: field `cards.troll`: wolsung has no [cards] table"), "{e}");
    assert!(e.contains("wolsung tables: [models.NAME] with m, c, f, d, r, h; [guns.NAME] with f, bands"), "{e}");
    let e = err(
        "w-unknown",
        &[("s.toml", &W_MELEE.replace("\"troll\"", "\"trol\"")), ("lib.toml", "")],
        &["configs/wolsung/models.toml"],
    );
    assert!(e.contains("unknown model `trol` — did you mean `troll`?"), "{e}");
    assert!(e.contains("`champion`, `duelist`, `golem`, `hero`, `mage`, `orc`, `thug`, `troll`, `urchin`"), "{e}");
}

/// Bad input in a library keeps the contract: exit 2, one line, nothing written.
#[test]
fn wolsung_library_error_exits_2() {
    let dir = crate::common::tmp("libraries", "w-exit");
    std::fs::write(dir.join("lib.toml"), "[models.ogre]\nm = 4\nc = 4\nf = 5\nd = 0\nr = 1\nh = 0\n").unwrap();
    let cfg = W_MELEE.replace("\"models.toml\", \"lib.toml\"", &format!("\"{}\"", dir.join("lib.toml").display()));
    crate::common::fails("libraries", "w-exit-run", &cfg, &[], &[], &["lib.toml:7:5", "`models.ogre.h`", "1..=20"]);
}

const B_HEAD: &str = "ruleset = \"bichos\"\ntrials = 1000\n";

/// Every kind that takes a weapon gives the same trials whether its weapons are the built-in
/// ones or configs/bichos/weapons.toml's entries of the same names (which replace them), the
/// `grenade_pot` reading included: the library is the built-in weapons as data.
#[test]
fn bichos_weapons_library_changes_no_trial() {
    let all =
        "[\"pistol\", \"assault_rifle\", \"grenade\", \"heavy_weapon\", \"fists\", \"small_claws\", \"big_claws\"]";
    let kinds = [
        format!("kind = \"arsenal\"\n[readings]\ngrenade_pot = 9\n[arsenal]\nshooter = \"soldado\"\nweapons = {all}\ntargets = [\"grande\", \"pequeno\"]\nranges = [\"effective\", \"long\"]\ncover = [false, true]\n"),
        "kind = \"shot\"\n[shot]\nshooter = \"soldado\"\nweapon = \"assault_rifle\"\ntargets = [\"grande\", \"pequeno\", \"colono\"]\nlong_range = true\n".to_string(),
        "kind = \"sequence\"\n[sequence]\nshooter = \"soldado\"\nweapon = \"grenade\"\ntarget = \"grande\"\n".to_string(),
        "kind = \"duel\"\n[duel]\na = { card = \"soldado\", weapon = \"heavy_weapon\" }\nb = { card = \"grande\", weapon = \"big_claws\" }\n".to_string(),
    ];
    for (i, k) in kinds.iter().enumerate() {
        let builtin = load_files(&format!("b-builtin-{i}"), &[("s.toml", &format!("{B_HEAD}{k}"))], &[]).unwrap();
        let lib = load_files(
            &format!("b-lib-{i}"),
            &[("s.toml", &format!("{B_HEAD}include = [\"weapons.toml\"]\n{k}"))],
            &["configs/bichos/weapons.toml"],
        )
        .unwrap();
        assert!(!builtin.cells.is_empty());
        assert_eq!(builtin.cells.len(), lib.cells.len(), "{k}");
        for (a, b) in builtin.cells.iter().zip(&lib.cells) {
            assert_eq!(a.label, b.label, "{k}");
            assert!(a.trial == b.trial, "{k}: {}", a.label);
        }
        assert_eq!(builtin.setup, lib.setup, "{k}");
    }
}

/// A custom weapon (`[weapons.NAME]`) goes wherever a built-in one does: a copy of a built-in
/// under a new name, in the scenario or a library, gives its trials in a shot, an arsenal and a
/// duel; one with other numbers gives other trials.
#[test]
fn bichos_custom_weapon_wherever_a_builtin_goes() {
    let heavy = "[weapons.cannon]\nname = \"Cannon\"\ndamage = 2\npot = 9\ntargets = \"template\"\neffective_cm = 80\nmax_cm = 160\n";
    let uses = [
        ("shot", "[shot]\nshooter = \"soldado\"\nweapon = \"W\"\ntargets = [\"grande\"]\nlong_range = true\n"),
        ("arsenal", "[arsenal]\nshooter = \"soldado\"\nweapons = [\"W\"]\ntargets = [\"grande\"]\n"),
        (
            "duel",
            "[duel]\na = { card = \"soldado\", weapon = \"W\" }\nb = { card = \"grande\", weapon = \"big_claws\" }\n",
        ),
    ];
    for (kind, body) in uses {
        let text =
            |w: &str| format!("{B_HEAD}kind = \"{kind}\"\ninclude = [\"lib.toml\"]\n{}", body.replace("\"W\"", w));
        let builtin =
            load_files(&format!("b-c-{kind}"), &[("s.toml", &text("\"heavy_weapon\"")), ("lib.toml", heavy)], &[])
                .unwrap();
        let custom =
            load_files(&format!("b-c2-{kind}"), &[("s.toml", &text("\"cannon\"")), ("lib.toml", heavy)], &[]).unwrap();
        for (a, b) in builtin.cells.iter().zip(&custom.cells) {
            assert!(a.trial == b.trial, "{kind}: {}", a.label);
        }
        let other = load_files(
            &format!("b-c3-{kind}"),
            &[("s.toml", &text("\"cannon\"")), ("lib.toml", &heavy.replace("damage = 2", "damage = 4"))],
            &[],
        )
        .unwrap();
        assert!(builtin.cells[0].trial != other.cells[0].trial, "{kind}");
    }
    // A fighter of a library names it too, and is called by its name.
    // (A gauntlet has two fighters at least: a lone one would meet nobody.)
    let lib = format!(
        "{heavy}[fighters.gunner]\ncard = \"soldado\"\nweapon = \"cannon\"\ncost = 80\n[fighters.rifle]\ncard = \"soldado\"\nweapon = \"assault_rifle\"\ncost = 70\n"
    );
    let s = load_files(
        "b-c-balance",
        &[(
            "s.toml",
            &format!("{B_HEAD}kind = \"balance\"\ninclude = [\"lib.toml\"]\n[balance]\ncandidate = {{ card = \"grande\", weapon = \"big_claws\", cost = 100 }}\ngauntlet = [\"gunner\", \"rifle\"]\n"),
        ), ("lib.toml", &lib)],
        &[],
    )
    .unwrap();
    let labels: Vec<&str> = s.cells.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(
        labels[0],
        "\"Grande\" (big bug) + Garras y dientes 3D6 (big bug, melee) (candidate) vs Soldado (soldier) + Cannon"
    );
}

/// Bad weapon fields are told in ¡Bichos! words, at the library's own line: an unknown field
/// lists the ¡Bichos! weapon fields (no Batman ones), and each value says what it takes.
#[test]
fn bichos_weapon_errors_name_the_field_and_what_it_takes() {
    let shot = "kind = \"shot\"\ninclude = [\"lib.toml\"]\n[shot]\nshooter = \"soldado\"\nweapon = \"laser\"\ntargets = [\"grande\"]\n";
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "[weapons.laser]\ndamage = 2\nstrength = 3\n",
            "lib.toml:3:1: field `weapons.laser.strength`: unknown field `strength`",
            &["`damage`", "`pot`", "`targets`", "`effective_cm`", "`max_in`"],
        ),
        (
            "[weapons.laser]\ndamage = 9\npot = 9\neffective_cm = 20\n",
            "lib.toml:2:10: field `weapons.laser.damage`: damage (D6) 9 is out of range (allowed: 1..=6)",
            &[],
        ),
        (
            "[weapons.laser]\ndamage = 2\npot = 9\ntargets = 2\neffective_cm = 20\n",
            "lib.toml:4:11: field `weapons.laser.targets`: targets 2 is not a weapon table entry",
            &["\"template\""],
        ),
        (
            "[weapons.laser]\ndamage = 2\neffective_cm = 20\n",
            "lib.toml:3:16: field `weapons.laser.effective_cm`: a weapon without `pot` is a melee weapon",
            &["give `pot` for a ranged weapon"],
        ),
        (
            "[weapons.laser]\ndamage = 2\npot = 9\n",
            "lib.toml:1:10: field `weapons.laser`: a ranged weapon (it has `pot`) needs its effective range",
            &["effective_cm and/or effective_in"],
        ),
        (
            "[weapons.laser]\ndamage = 2\npot = 9\neffective_cm = 20\nmax_cm = 20\n",
            "lib.toml:5:10: field `weapons.laser.max_cm`: maximum range 20 is not beyond the effective range 20",
            &[],
        ),
        (
            "[weapons.laser]\ndamage = 2\npot = 9\neffective_cm = 20\nmax_cm = 40\neffective_in = 8\n",
            "field `weapons.laser.max_in`: one unit gives a maximum range and the other does not",
            &[],
        ),
        (
            "[cards.laser]\nattack = 3\n",
            "lib.toml:1:8: field `cards.laser`: bichos has no [cards] table",
            &["[weapons.NAME] with damage, pot, targets"],
        ),
        (
            "[profiles.soldado]\nhda = 10\npot = 9\nfdv = 9\nres = 0\nbld = 8\nmov_cm = 20\nmov_in = 8\n",
            "lib.toml:5:7: field `profiles.soldado.res`: res 0 is out of range (allowed: 1..=500)",
            &[],
        ),
    ];
    for (i, (lib, first, more)) in cases.iter().enumerate() {
        let e = err(&format!("b-err-{i}"), &[("s.toml", &format!("{B_HEAD}{shot}")), ("lib.toml", lib)], &[]);
        assert!(e.contains(first), "{lib}\n{e}");
        for m in *more {
            assert!(e.contains(m), "{lib}: `{m}` in {e}");
        }
        assert!(!e.contains("strength_bonus") && !e.contains("rate_of_fire"), "{e}");
    }
    // Defined in the scenario and in a library: refused at the library's entry.
    let e = err(
        "b-twice",
        &[
            ("s.toml", &format!("{B_HEAD}{shot}[weapons.laser]\ndamage = 1\n")),
            ("lib.toml", "[weapons.laser]\ndamage = 2\n"),
        ],
        &[],
    );
    assert!(e.contains("lib.toml:1:10: field `weapons.laser`: weapon `laser` is already defined in"), "{e}");
    // An unknown weapon lists the built-in ones and the library's.
    let e =
        err("b-unknown", &[("s.toml", &format!("{B_HEAD}{shot}")), ("lib.toml", "[weapons.lazer]\ndamage = 2\n")], &[]);
    assert!(e.contains("unknown weapon `laser`") && e.contains("`big_claws`, `lazer`"), "{e}");
    // Exit 2, one line, nothing written.
    let dir = crate::common::tmp("libraries", "b-exit");
    std::fs::write(dir.join("lib.toml"), "[weapons.laser]\ndamage = 2\npot = 9\n").unwrap();
    let cfg = format!("{B_HEAD}{}", shot.replace("\"lib.toml\"", &format!("\"{}\"", dir.join("lib.toml").display())));
    crate::common::fails(
        "libraries",
        "b-exit-run",
        &cfg,
        &[],
        &[],
        &["lib.toml:1:10", "`weapons.laser`", "effective_cm"],
    );
}

/// A sweep may vary a library weapon's number (`weapon.damage`), as it varies a profile's: the
/// cell at the weapon's own value is the built-in weapon's trial, and a value the weapon table
/// does not allow is refused at the sweep's value.
#[test]
fn bichos_sweep_varies_a_library_weapon() {
    let shot = "[shot]\nshooter = \"soldado\"\nweapon = \"assault_rifle\"\ntargets = [\"grande\"]\n";
    let sweep = |values: &str| {
        format!(
            "{B_HEAD}kind = \"sweep\"\ninclude = [\"weapons.toml\"]\n{shot}[sweep]\nparameter = \"weapon.damage\"\nvalues = {values}\n"
        )
    };
    let s = load_files("b-sweep", &[("s.toml", &sweep("[1, 3, 5]"))], &["configs/bichos/weapons.toml"]).unwrap();
    let plain = load_files("b-sweep-plain", &[("s.toml", &format!("{B_HEAD}kind = \"shot\"\n{shot}"))], &[]).unwrap();
    assert_eq!(s.cells.len(), 3);
    assert!(s.cells[1].trial == plain.cells[0].trial);
    assert!(s.cells[0].trial != plain.cells[0].trial && s.cells[2].trial != plain.cells[0].trial);
    let e = err("b-sweep-bad", &[("s.toml", &sweep("[1, 9]"))], &["configs/bichos/weapons.toml"]);
    assert!(e.contains("field `sweep.values[1]`: damage (D6) 9 is out of range (allowed: 1..=6)"), "{e}");
}

/// The bundled ¡Bichos! gauntlet is the rulebook's five profiles with their weapons: a balance
/// against all of it builds a duel for every pair, each fighter called by its profile and the
/// weapon's label.
#[test]
fn bichos_bundled_gauntlet_is_the_rulebooks_profiles_with_their_weapons() {
    let s = load_files(
        "b-gauntlet",
        &[(
            "s.toml",
            &format!("{B_HEAD}kind = \"balance\"\ninclude = [\"gauntlet.toml\"]\n[balance]\ncandidate = {{ card = \"pequeno\", weapon = \"big_claws\", cost = 60 }}\n"),
        )],
        &["configs/bichos/gauntlet.toml"],
    )
    .unwrap();
    // The candidate against each of the 7, and each of the 7 against the 6 others; then each of
    // the candidate's 7 characteristics one step worse and one better, against each of the 7.
    assert_eq!(s.layout.asked_cells(s.cells.len()), 7 + 7 * 6);
    assert_eq!(s.cells.len(), 7 + 7 * 6 + 7 * 2 * 7);
    for fighter in [
        "Ciudadano (citizen) + Puños (fists, melee)",
        "Ciudadano (citizen) + Pistola (pistol)",
        "Colono (colonist) + Rifle de asalto (assault rifle)",
        "Soldado (soldier) + Rifle de asalto (assault rifle)",
        "Soldado (soldier) + Arma pesada (heavy weapon)",
        "\"Pequeño\" (small bug) + Garras y dientes 2D6 (small bug, melee)",
        "\"Grande\" (big bug) + Garras y dientes 3D6 (big bug, melee)",
    ] {
        assert!(s.cells.iter().any(|c| c.label.ends_with(&format!("vs {fighter}"))), "{fighter}");
    }
}

/// The systems `skirmish-odds list` shows offering `balance` (a kinds list may wrap onto the
/// next, deeper-indented line).
fn systems_offering_balance() -> Vec<String> {
    let out = crate::common::bin_run(std::path::Path::new(env!("CARGO_MANIFEST_DIR")), &["list"]);
    assert!(out.status.success(), "list failed");
    let text = String::from_utf8(out.stdout).unwrap();
    let mut blocks: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("  ") else {
            blocks.push((String::new(), String::new())); // a heading or the text after the list
            continue;
        };
        if rest.starts_with(' ') {
            if let Some(b) = blocks.last_mut() {
                b.1.push_str(line);
            }
        } else {
            let name = rest.split_whitespace().next().unwrap().to_string();
            blocks.push((name, String::new()));
        }
    }
    blocks
        .into_iter()
        .filter(|(name, body)| {
            !name.is_empty() && body.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| w == "balance")
        })
        .map(|(name, _)| name)
        .collect()
}

/// Every system with a duel — `list` shows it offers `balance` — bundles a gauntlet library
/// `configs/<system>/gauntlet.toml` big enough to fit a cost curve (ln cost against rating, with
/// an interval: n fighters leave n − 2 degrees of freedom): at least six fighters, each with a
/// cost (its own `cost`, or its card's cost field in a bundled library of the system), and the
/// file validates. A bundled balance config of the system plays the whole library and loads.
#[test]
fn every_system_with_a_duel_bundles_a_gauntlet_of_six_priced_fighters() {
    let systems = systems_offering_balance();
    assert!(systems.len() >= 4, "{systems:?}");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs");
    for name in &systems {
        let sys = skirmish_odds::registry::find(name).unwrap();
        let duel = sys.duel().unwrap_or_else(|| panic!("{name} offers balance without a duel"));
        let dir = root.join(name);
        let path = dir.join("gauntlet.toml");
        assert!(path.is_file(), "{name}: no bundled {}", path.display());
        let read = |p: &std::path::Path| toml::from_str::<toml::Table>(&std::fs::read_to_string(p).unwrap()).unwrap();
        // The system's bundled library files (no `kind`), where a fighter's card is found.
        let mut files: Vec<(String, toml::Table)> = Vec::new();
        let mut balances = Vec::new();
        for f in std::fs::read_dir(&dir).unwrap() {
            let p = f.unwrap().path();
            let t = read(&p);
            match t.get("kind").and_then(|k| k.as_str()) {
                None => files.push((p.file_name().unwrap().to_string_lossy().into_owned(), t)),
                Some("balance") => balances.push((p, t)),
                Some(_) => {}
            }
        }
        let gauntlet = read(&path);
        let fighters = gauntlet.get("fighters").and_then(|f| f.as_table()).cloned().unwrap_or_default();
        assert!(fighters.len() >= 6, "{name}: gauntlet.toml has {} fighters, fewer than 6", fighters.len());
        for (fname, f) in &fighters {
            let f = f.as_table().unwrap();
            let card = f.get("card").and_then(|c| c.as_str()).unwrap();
            let from_card = duel.cost_fields.first().is_some_and(|field| {
                files.iter().any(|(_, t)| {
                    t.get(duel.card_table).and_then(|c| c.get(card)).and_then(|c| c.get(*field)).is_some()
                })
            });
            assert!(f.contains_key("cost") || from_card, "{name}: fighter `{fname}` has no cost");
        }
        let out = crate::common::bin_run(&root, &["validate", &format!("{name}/gauntlet.toml")]);
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{name}: {said}{}", String::from_utf8_lossy(&out.stderr));
        assert!(said.contains(&format!("{} fighters", fighters.len())), "{name}: {said}");
        // A bundled balance test plays the whole library (no `gauntlet` list, or one of 6 or more).
        let whole = balances.iter().filter(|(_, t)| {
            let includes = t
                .get("include")
                .and_then(|i| i.as_array())
                .is_some_and(|i| i.iter().any(|f| f.as_str() == Some("gauntlet.toml")));
            let listed = t.get("balance").and_then(|b| b.get("gauntlet")).and_then(|g| g.as_array()).map(|g| g.len());
            includes && listed.is_none_or(|n| n >= 6)
        });
        let mut n = 0;
        for (p, _) in whole {
            load(p, &Overrides::default()).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            n += 1;
        }
        assert!(n >= 1, "{name}: no bundled balance config plays the whole gauntlet.toml");
    }
}
