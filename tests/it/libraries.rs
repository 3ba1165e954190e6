//! Wolsung and ¡Bichos! library files (`include = [...]`): their own tables read strictly, each
//! bad value at the library's own file:line:col, names resolved across the scenario and its
//! includes, a name defined twice refused, another system's table told what this one writes;
//! the bundled libraries; and custom ¡Bichos! weapons (`[weapons.NAME]`).

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
    assert!(e.contains("`duelist`, `hero`, `mage`, `thug`, `troll`"), "{e}");
}

/// Bad input in a library keeps the contract: exit 2, one line, nothing written.
#[test]
fn wolsung_library_error_exits_2() {
    let dir = crate::common::tmp("libraries", "w-exit");
    std::fs::write(dir.join("lib.toml"), "[models.ogre]\nm = 4\nc = 4\nf = 5\nd = 0\nr = 1\nh = 0\n").unwrap();
    let cfg = W_MELEE.replace("\"models.toml\", \"lib.toml\"", &format!("\"{}\"", dir.join("lib.toml").display()));
    crate::common::fails("libraries", "w-exit-run", &cfg, &[], &[], &["lib.toml:7:5", "`models.ogre.h`", "1..=20"]);
}
