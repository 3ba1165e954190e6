//! What tells a newcomer what exists: `list`, `list RULESET`, `list CONFIG`, `init RULESET KIND
//! [FILE]`, and `validate` of a library file. Every system and kind is taken from the program
//! itself (the registry and the contract), so a new system or kind without a starter fails here.

use crate::common::{bin_path, bin_run, tmp};
use skirmish_odds::config::source::Source;
use skirmish_odds::config::{Overrides, load_in};
use skirmish_odds::registry::SYSTEMS;
use skirmish_odds::system::all_kinds;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Run the binary from the crate root; (exit code, stdout, stderr).
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let o = bin_run(&root(), args);
    (o.status.code(), String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

/// The bad-input contract for a command: exit 2, one line on stderr, no panic.
fn refused(args: &[&str]) -> String {
    let (code, _, err) = run(args);
    assert_eq!(code, Some(2), "{args:?}: {err}");
    assert!(!err.contains("panicked") && err.lines().count() == 1, "{args:?}: {err}");
    err
}

#[test]
fn list_names_every_system_with_its_game_and_kinds() {
    let (code, out, err) = run(&["list"]);
    assert_eq!(code, Some(0), "{err}");
    for s in SYSTEMS {
        assert!(out.contains(s.name()) && out.contains(s.title()), "{} missing:\n{out}", s.name());
        let kinds = all_kinds(*s).join(", ");
        let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains(&kinds), "{}: kinds `{kinds}` missing:\n{out}", s.name());
    }
    assert!(out.lines().all(|l| l.chars().count() <= 100), "wider than the terminal:\n{out}");
}

#[test]
fn list_system_shows_its_kinds_readings_with_defaults_and_the_measures_of_each_resolution() {
    for s in SYSTEMS {
        let (code, out, err) = run(&["list", s.name()]);
        assert_eq!(code, Some(0), "{}: {err}", s.name());
        assert!(out.lines().all(|l| l.chars().count() <= 100), "{}: wider than the terminal:\n{out}", s.name());
        for k in all_kinds(*s) {
            let line = out.lines().find(|l| l.trim_start().starts_with(&format!("{k} ")));
            let line = line.unwrap_or_else(|| panic!("{}: kind {k} not listed:\n{out}", s.name()));
            assert!(line.trim().len() > k.len() + 10, "{}: kind {k} says nothing of what it answers: {line}", s.name());
        }
        // Every switch the loader accepts is listed with its values, the default first.
        for name in s.readings() {
            let doc = s.reading_docs().iter().find(|d| d.name == name);
            let doc = doc.unwrap_or_else(|| panic!("{}: reading {name} has no doc in the contract", s.name()));
            let want = format!("{name} = {} (default)", doc.values[0]);
            assert!(out.contains(&want), "{}: `{want}` missing:\n{out}", s.name());
        }
        for (_, how) in s.libraries() {
            assert!(out.contains(how.split(' ').next().unwrap()), "{}: library {how} missing", s.name());
        }
        // Each resolution's measures: every event and metric of a cell built from its starter.
        for r in skirmish_odds::system::resolutions(*s) {
            assert!(out.contains(&format!("[{}] (kind = \"{}\")", r.section, r.kind)), "{}: {}", s.name(), r.kind);
            let path = PathBuf::from("starter.toml");
            let src =
                Source { path: path.clone(), text: skirmish_odds::system::starter(*s, r.kind).unwrap().to_string() };
            let (sc, _) = load_in(SYSTEMS, &path, &Overrides::default(), Some(&[src])).unwrap();
            let shape = sc.cells[0].trial.shape();
            let names: Vec<&str> = shape.events.iter().copied().chain(shape.metrics.iter().map(|(m, _)| *m)).collect();
            assert!(!names.is_empty());
            for n in names {
                assert!(
                    out.lines().any(|l| l.split_whitespace().next() == Some(n)),
                    "{}: measure {n} missing",
                    s.name()
                );
            }
            assert!(out.contains("sweep parameter"), "{}: no sweep parameters:\n{out}", s.name());
        }
    }
    // A 2019 attack's sweepable fields include a card's number and a section's own.
    let (_, out, _) = run(&["list", "bmg-3e"]);
    assert!(out.contains("attacker.strength") && out.contains("attacker_effort"), "{out}");
    assert!(out.contains("out_of_action") && out.contains("check_with_one_die = plain_2d6 (default) | single_die"));
}

#[test]
fn list_config_shows_the_entries_it_can_use_with_their_numbers() {
    use skirmish_odds::discover::entries;
    let path = root().join("configs/bmg-3e/batman-vs-thug.toml");
    let (_, all) = entries(SYSTEMS, &path).unwrap();
    // Batman's card, from the included library, with its numbers (A5 D4 S4+ W8 E7 Sp4).
    let batman = all.iter().find(|e| e.table == "cards" && e.name == "batman").expect("batman");
    assert_eq!(batman.from, "cards.toml");
    let n = |f: &str| batman.fields.get(f).and_then(|v| v.as_integer());
    let got = ["attack", "defense", "strength", "willpower", "endurance", "special"].map(n);
    assert_eq!(got, [5, 4, 4, 8, 7, 4].map(Some));
    assert!(all.iter().any(|e| e.table == "weapons" && e.name == "batclaw-gauntlets"));
    // The command prints them, within the terminal's width.
    let (code, out, err) = run(&["list", "configs/bmg-3e/batman-vs-thug.toml"]);
    assert_eq!(code, Some(0), "{err}");
    for x in ["[cards] — 7 entries", "Armoured enforcer", "120", "cards.toml", "[weapons]", "★★", "[fighters]: none"]
    {
        assert!(out.contains(x), "`{x}` missing:\n{out}");
    }
    assert!(out.lines().all(|l| l.chars().count() <= 100), "wider than the terminal:\n{out}");
    // ¡Bichos!: the built-in profiles, with their numbers, and the built-in weapons.
    let (_, all) = entries(SYSTEMS, &root().join("configs/bichos/bug-melee.toml")).unwrap();
    let grande = all.iter().find(|e| e.name == "grande").expect("grande");
    assert_eq!((grande.table, grande.from.as_str()), ("profiles", "built in"));
    assert_eq!(grande.fields.get("res").and_then(|v| v.as_integer()), Some(120));
    let (code, out, _) = run(&["list", "configs/bichos/bug-melee.toml"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("grande") && out.contains("built in") && out.contains("big_claws"), "{out}");
    // A config with an error is refused as `validate` refuses it.
    let d = tmp("discover", "list-bad");
    std::fs::write(d.join("bad.toml"), "ruleset = \"bmg-3e\"\nkind = \"atack\"\n").unwrap();
    let e = refused(&["list", d.join("bad.toml").to_str().unwrap()]);
    assert!(e.contains("bad.toml:2:") && e.contains("unknown scenario kind `atack`"), "{e}");
}

#[test]
fn list_of_an_unknown_name_suggests_the_nearest_system() {
    let e = refused(&["list", "bmg3e"]);
    assert!(e.contains("unknown rule system `bmg3e`") && e.contains("did you mean `bmg-3e`"), "{e}");
    assert!(e.contains("or a scenario config file"), "{e}");
}

/// Every kind of every system (its own and the generic ones it qualifies for, from the
/// contract): `init` prints a starter, writes the same text to a new file, and that file
/// validates and runs as written.
#[test]
fn init_gives_every_kind_of_every_system_a_starter_that_validates_and_runs() {
    let d = tmp("discover", "init-all");
    let mut n = 0;
    for s in SYSTEMS {
        for k in all_kinds(*s) {
            let name = format!("{}-{k}", s.name());
            let (code, printed, err) = run(&["init", s.name(), k]);
            assert_eq!(code, Some(0), "{name}: {err}");
            assert!(printed.starts_with(&format!("# {k} — ")), "{name}: first line says what it answers:\n{printed}");
            let file = d.join(format!("{name}.toml"));
            let o = bin_run(&d, &["init", s.name(), k, file.to_str().unwrap()]);
            assert_eq!(o.status.code(), Some(0), "{name}: {}", String::from_utf8_lossy(&o.stderr));
            assert_eq!(std::fs::read_to_string(&file).unwrap(), printed, "{name}");
            let o = bin_run(&d, &["validate", file.to_str().unwrap()]);
            assert_eq!(o.status.code(), Some(0), "{name}: {}", String::from_utf8_lossy(&o.stderr));
            let out = d.join(format!("{name}-report"));
            let args = ["run", file.to_str().unwrap(), "--trials", "500", "--threads", "1", "--quiet", "--out"];
            let o = std::process::Command::new(bin_path()).current_dir(&d).args(args).arg(&out).output().unwrap();
            assert_eq!(o.status.code(), Some(0), "{name}: {}", String::from_utf8_lossy(&o.stderr));
            assert!(out.join("summary.md").exists(), "{name}: no report");
            n += 1;
        }
    }
    assert!(n >= 40, "{n} starters");
}

#[test]
fn init_refuses_an_unknown_system_or_kind_and_never_overwrites_a_file() {
    let e = refused(&["init", "wolsong", "duel"]);
    assert!(e.contains("unknown rule system `wolsong`") && e.contains("did you mean `wolsung`"), "{e}");
    let e = refused(&["init", "bmg-3e", "atack"]);
    assert!(e.contains("unknown kind `atack` for bmg-3e") && e.contains("did you mean `attack`"), "{e}");
    assert!(e.contains("`balance`") && e.contains("`effort`"), "lists the kinds: {e}");
    let e = refused(&["init", "bichos"]);
    assert!(e.contains("init bichos KIND") && e.contains("`arsenal`"), "{e}");
    let e = refused(&["init", "bmg-3e", "attack", "no-such-folder/x.toml"]);
    assert!(e.contains("no-such-folder") && e.contains("does not exist"), "{e}");
    let d = tmp("discover", "init-existing");
    let file = d.join("mine.toml");
    std::fs::write(&file, "my own scenario\n").unwrap();
    let e = refused(&["init", "bmg-3e", "attack", file.to_str().unwrap()]);
    assert!(e.contains("mine.toml") && e.contains("already exists"), "{e}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "my own scenario\n");
    let left: Vec<_> = std::fs::read_dir(&d).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), 1, "nothing else written: {left:?}");
}

/// Every bundled library file (no `kind`) passes `validate` on its own, with its counts.
#[test]
fn validate_accepts_every_bundled_library_file() {
    let mut n = 0;
    for dir in std::fs::read_dir(root().join("configs")).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&dir).unwrap() {
            let p = f.unwrap().path();
            let t: toml::Table = std::fs::read_to_string(&p).unwrap().parse().unwrap();
            if t.contains_key("kind") {
                continue;
            }
            let (code, out, err) = run(&["validate", p.to_str().unwrap()]);
            assert_eq!(code, Some(0), "{}: {err}", p.display());
            assert!(out.contains(": ok — ") && out.contains(" library: "), "{out}");
            n += 1;
        }
    }
    assert!(n >= 3, "{n} library files");
    let (_, out, _) = run(&["validate", "configs/bmg-3e/cards.toml"]);
    let t: toml::Table = std::fs::read_to_string(root().join("configs/bmg-3e/cards.toml")).unwrap().parse().unwrap();
    let count = |k: &str| t.get(k).and_then(|v| v.as_table()).map_or(0, |t| t.len());
    let want = format!(
        "configs/bmg-3e/cards.toml: ok — bmg-3e library: {} cards, {} weapons, 0 fighters\n",
        count("cards"),
        count("weapons")
    );
    assert_eq!(out, want);
}

/// A broken library is told exactly what an include of it is told: the same message at the
/// same file:line:col (the library's own reader checks it).
#[test]
fn validate_of_a_broken_library_gives_the_includes_error_at_its_line() {
    let d = tmp("discover", "broken-library");
    let cases: [(&str, &str, &str, &str); 3] = [
        (
            "bmg-3e",
            "[cards.x]\nattack = 3\ndefense = 9\nstrength = 4\nwillpower = 5\nendurance = 4\nspecial = 2\n",
            "lib.toml:5:11",
            "defense",
        ),
        (
            "bmg-1e",
            "[weapons.w]\nkind = \"melee\"\ndamage = \"★\"\nstrength_bonus = 1\n",
            "lib.toml:6:",
            "strength_bonus",
        ),
        ("wolsung", "[fighters.f]\ncard = \"x\"\nguardd = \"parry\"\n", "lib.toml:5:", "guardd"),
    ];
    for (ruleset, body, at, field) in cases {
        let lib = d.join("lib.toml");
        std::fs::write(&lib, format!("ruleset = \"{ruleset}\"\n\n{body}")).unwrap();
        let alone = refused(&["validate", lib.to_str().unwrap()]);
        assert!(alone.contains(at) && alone.contains(field), "{ruleset}: {alone}");
        // The same file included by a scenario.
        let kind = if ruleset == "wolsung" { "initiative" } else { "check" };
        let section =
            if ruleset == "wolsung" { "[initiative]\nhand = [\"A♠\"]\n" } else { "[check]\nmodel = \"x\"\n" };
        let sc = d.join("sc.toml");
        std::fs::write(&sc, format!("ruleset = \"{ruleset}\"\nkind = \"{kind}\"\ninclude = [\"lib.toml\"]\n{section}"))
            .unwrap();
        let included = refused(&["validate", sc.to_str().unwrap()]);
        assert_eq!(alone, included, "{ruleset}: checked as an include is");
    }
    // A scenario that forgot its kind is still told so, not read as a library.
    let sc = d.join("no-kind.toml");
    std::fs::write(&sc, "ruleset = \"bmg-3e\"\ntrials = 10\n[check]\nmodel = \"x\"\n").unwrap();
    let e = refused(&["validate", sc.to_str().unwrap()]);
    assert!(e.contains("kind"), "{e}");
}

#[test]
fn the_starters_live_in_their_systems_folders() {
    // `init` text is each system's own file, so a kind's starter is edited beside its code.
    for s in SYSTEMS {
        for k in all_kinds(*s) {
            let text = skirmish_odds::system::starter(*s, k).unwrap_or_else(|| panic!("{} {k}: no starter", s.name()));
            assert!(text.contains(&format!("ruleset = \"{}\"", s.name())) && text.contains(&format!("kind = \"{k}\"")));
            let code = text.lines().filter(|l| !l.trim_start().starts_with('#'));
            assert!(!code.clone().any(|l| l.starts_with("include")), "{} {k}: a starter stands alone", s.name());
        }
    }
    assert!(Path::new(&root()).join("src/systems/bmg3e/starters/attack.toml").exists());
}

/// Each kind is one declaration ([`skirmish_odds::system::KindDef`]): its words and its starter
/// are there, the starter's first line names the kind, and the sections the loader checks a file
/// against are the ones declared (a kind reads at least its varied section).
#[test]
fn every_kind_is_declared_once_with_its_words_and_starter() {
    for s in SYSTEMS {
        let mut seen = Vec::new();
        for k in s.kinds() {
            assert!(!seen.contains(&k.name), "{}: kind `{}` declared twice", s.name(), k.name);
            seen.push(k.name);
            assert!(!k.title.trim().is_empty() && !k.title.contains('_'), "{} {}: a title in words", s.name(), k.name);
            assert!(
                k.starter.starts_with(&format!("# {} — ", k.name)),
                "{} {}: the starter's first line says what the kind answers",
                s.name(),
                k.name
            );
            if let Some(r) = k.resolution() {
                assert_eq!(Some(&r.section), k.sections.first(), "{} {}: varies its first section", s.name(), k.name);
            }
        }
        for k in skirmish_odds::system::all_kinds(*s) {
            assert!(skirmish_odds::system::kind_title(*s, k).is_some(), "{} {k}: a title", s.name());
        }
        for (g, text) in s.analysis_starters() {
            assert!(
                skirmish_odds::system::generic_kinds(*s).contains(g),
                "{}: a starter for `{g}` it does not offer",
                s.name()
            );
            assert!(text.starts_with(&format!("# {g} — ")), "{} {g}: first line", s.name());
        }
    }
}

/// `list LIBRARY` shows a library file's own entries with their numbers (it used to say
/// "missing field `kind`"), and `validate LIBRARY --set …` says a library is checked as written.
#[test]
fn a_library_file_lists_its_entries_and_refuses_a_set() {
    let (code, out, err) = run(&["list", "configs/wolsung/models.toml"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("[models] — 9 entries") && out.contains("Troll (henchman)"), "{out}");
    assert!(out.contains("models.toml"), "entries say the file they come from: {out}");
    let err = refused(&["validate", "configs/bmg-3e/gauntlet.toml", "--set", "fighters.thug.cost=3"]);
    assert!(err.contains("--set fighters.thug.cost=3") && err.contains("checked as written"), "{err}");
}

/// `init RULESET KIND -` prints the starter, as `-` conventionally means, and writes no file
/// named `-`.
#[test]
fn init_to_dash_prints_the_starter() {
    let d = tmp("discover", "init-dash");
    let o = bin_run(&d, &["init", "bmg-3e", "attack", "-"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).contains("ruleset = \"bmg-3e\""));
    assert!(!d.join("-").exists(), "a file named `-` was written");
}
