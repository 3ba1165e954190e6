//! Every kind of bad input: one clear message naming file, line, field and what is allowed,
//! exit code 2, no panic, and no report directory written.

use std::path::PathBuf;
use std::process::Command;

use crate::common;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_skirmish-odds")
}

fn tmp(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_errors").join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

const CARDS: &str = r#"
[cards.hero]
attack = 5
defense = 4
strength = 4
willpower = 8
endurance = 7
special = 4

[cards.mook]
attack = 3
defense = 3
strength = 4
willpower = 5
endurance = 4
special = 2

[weapons.club]
kind = "melee"
damage = "★★"
strength_bonus = 1
"#;

fn good_attack() -> String {
    format!(
        "ruleset = \"bmg-3e\"\nkind = \"attack\"\ntrials = 1000\n{CARDS}\n[attack]\nattacker = \"hero\"\ntarget = \"mook\"\nweapon = \"club\"\n"
    )
}

/// Run with `config` text (plus CLI args) and return stderr, checking exit 2 and no output dir.
fn fails(name: &str, config: &str, args: &[&str]) -> String {
    fails_bytes(name, config.as_bytes(), args)
}

/// [`fails`] with the file's raw bytes (which need not be UTF-8).
fn fails_bytes(name: &str, config: &[u8], args: &[&str]) -> String {
    let dir = tmp(name);
    let path = dir.join("scenario.toml");
    std::fs::write(&path, config).unwrap();
    let out = dir.join("report");
    let o = Command::new(bin()).arg("run").arg(&path).arg("--out").arg(&out).args(args).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert_eq!(o.status.code(), Some(2), "{name}: expected exit 2, stderr: {err}");
    assert!(!err.contains("panicked"), "{name}: panic: {err}");
    assert_eq!(err.lines().count(), 1, "{name}: one message, got: {err}");
    assert!(!out.exists(), "{name}: a report directory was written");
    assert!(std::fs::read_dir(&dir).unwrap().count() == 1, "{name}: stray files left behind");
    err
}

fn has(err: &str, parts: &[&str]) {
    for p in parts {
        assert!(err.contains(p), "expected `{p}` in: {err}");
    }
}

#[test]
fn the_good_config_runs() {
    let dir = tmp("good");
    let path = dir.join("scenario.toml");
    std::fs::write(&path, good_attack()).unwrap();
    let o = Command::new(bin()).arg("run").arg(&path).arg("--out").arg(dir.join("r")).arg("-q").output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(dir.join("r/results.json").exists());
}

#[test]
fn malformed_toml() {
    let e = fails("malformed", "ruleset = \"bmg-3e\"\nkind = \"attack\ntrials = 5\n", &[]);
    has(&e, &["scenario.toml:2:"]);
}

#[test]
fn unknown_field_names_line_and_allowed_fields() {
    let cfg = good_attack().replace("weapon = \"club\"", "weapon = \"club\"\ndefence_mod = 1");
    let e = fails("unknown-field", &cfg, &[]);
    has(&e, &["scenario.toml:", "unknown field `defence_mod`", "defense_mod"]);
    let line = cfg.lines().position(|l| l.starts_with("defence_mod")).unwrap() + 1;
    has(&e, &[&format!(":{line}:")]);
}

#[test]
fn unknown_card_and_weapon_names() {
    let e = fails("unknown-card", &good_attack().replace("target = \"mook\"", "target = \"mokk\""), &[]);
    has(&e, &["field `attack.target`", "unknown card `mokk`", "`hero`, `mook`"]);
    let e = fails("unknown-weapon", &good_attack().replace("weapon = \"club\"", "weapon = \"clubb\""), &[]);
    has(&e, &["field `attack.weapon`", "unknown weapon `clubb`", "`club`, `unarmed`"]);
}

#[test]
fn out_of_range_values() {
    let e = fails("defense-0", &good_attack().replace("defense = 3", "defense = 0"), &[]);
    has(&e, &["field `cards.mook.defense`", "out of range", "allowed: 1..=6"]);
    let line = good_attack().lines().position(|l| l == "defense = 0" || l == "defense = 3").unwrap() + 1;
    has(&e, &[&format!("scenario.toml:{line}:")]);
    let e = fails("negative-trials", &good_attack().replace("trials = 1000", "trials = -5"), &[]);
    has(&e, &["scenario.toml:3:", "field `trials`", "allowed: 1..=10000000000"]);
    let e = fails("zero-precision", &good_attack().replace("trials = 1000", "precision = 0.0"), &[]);
    has(&e, &["field `precision`", "out of range", "allowed:"]);
    let e = fails(
        "effort-limit",
        &good_attack().replace("weapon = \"club\"", "weapon = \"club\"\nattacker_effort = 3\nattacker_wounds = 3"),
        &[],
    );
    has(&e, &["field `attack.attacker_effort`", "effort limit is 2", "allowed: 0..=2"]);
    let e = fails("bad-kind", &good_attack().replace("kind = \"attack\"", "kind = \"brawl\""), &[]);
    has(
        &e,
        &[
            "scenario.toml:2:",
            "field `kind`",
            "bmg-3e offers `attack`, `check`, `effort`, `duel`, `gang`, `compare`, `sweep`, `paired`, `balance`",
        ],
    );
    let e = fails("bad-type", &good_attack().replace("trials = 1000", "trials = \"many\""), &[]);
    has(&e, &["scenario.toml:3:", "field `trials`", "expected an integer"]);
    let e = fails(
        "ranged-field-on-melee",
        &good_attack().replace("weapon = \"club\"", "weapon = \"club\"\ncover = true"),
        &[],
    );
    has(&e, &["field `attack.cover`", "ranged attacks only"]);
    let e = fails("bad-reading", &format!("{}\n[readings]\ncheck_with_one_die = \"three\"\n", good_attack()), &[]);
    has(&e, &["field `readings.check_with_one_die`", "`plain_2d6` (default), `single_die`"]);
}

#[test]
fn absurd_command_line_values() {
    let e = fails("cli-trials", &good_attack(), &["--trials", "100000000000000"]);
    has(&e, &["field `--trials`", "allowed: 1..=10000000000"]);
    let e = fails("cli-negative", &good_attack(), &["--trials", "-1"]);
    has(&e, &["field `--trials`"]);
    let e = fails("cli-precision", &good_attack(), &["--precision", "-0.5"]);
    has(&e, &["field `--precision`"]);
}

#[test]
fn missing_files() {
    let dir = tmp("missing");
    let o = Command::new(bin()).arg("run").arg(dir.join("nope.toml")).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains("nope.toml") && e.contains("cannot read"), "{e}");
    let e = fails(
        "missing-include",
        &good_attack().replace("trials = 1000", "trials = 1000\ninclude = [\"cards-missing.toml\"]"),
        &[],
    );
    has(&e, &["field `include`", "cards-missing.toml"]);
}

#[test]
fn a_failed_run_keeps_the_previous_report() {
    let dir = tmp("keep");
    let path = dir.join("scenario.toml");
    std::fs::write(&path, good_attack()).unwrap();
    let out = dir.join("r");
    let ok = Command::new(bin()).arg("run").arg(&path).arg("--out").arg(&out).arg("-q").output().unwrap();
    assert!(ok.status.success());
    let before = std::fs::read(out.join("results.json")).unwrap();
    std::fs::write(&path, good_attack().replace("defense = 3", "defense = 9")).unwrap();
    let bad = Command::new(bin()).arg("run").arg(&path).arg("--out").arg(&out).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(std::fs::read(out.join("results.json")).unwrap(), before);
}

/// 1-based line of the first line of `text` that starts with `start`.
fn line_of(text: &str, start: &str) -> usize {
    text.lines().position(|l| l.starts_with(start)).unwrap_or_else(|| panic!("no line `{start}`")) + 1
}

// Issue #22: every error names the value at fault (file:line:col), its field path, and what is
// allowed, in the words the user writes.

#[test]
fn a_type_error_inside_a_section_names_its_dotted_field() {
    let cfg = good_attack().replace("attack = 5", "attack = 0.00001");
    let e = fails("type-in-section", &cfg, &[]);
    let line = line_of(&cfg, "attack = 0.00001");
    has(
        &e,
        &[&format!("scenario.toml:{line}:10: field `cards.hero.attack`: "), "decimal number", "expected an integer"],
    );
}

/// A switch given a number names its two values (issue #40: `balance.stat_values = 3` said
/// only "expected a boolean").
#[test]
fn a_switch_given_a_number_names_true_and_false() {
    let cfg = good_attack().replace("weapon = \"club\"\n", "weapon = \"club\"\ncover = 3\n");
    let e = fails("switch-number", &cfg, &[]);
    let line = line_of(&cfg, "cover = 3");
    has(
        &e,
        &[&format!("scenario.toml:{line}:9: field `attack.cover`: "), "expected a boolean", "(allowed: true or false)"],
    );
    let e = fails("switch-number-set", &good_attack(), &["--set", "attack.cover=3"]);
    has(&e, &["field `attack.cover`", "(allowed: true or false)"]);
}

#[test]
fn no_rust_type_names_in_messages() {
    let cfg = good_attack().replace("kind = \"attack\"", "kind = \"duel\"").replace(
        "[attack]\nattacker = \"hero\"\ntarget = \"mook\"\nweapon = \"club\"\n",
        "[duel]\na = 3\nb = { card = \"mook\" }\n",
    );
    let e = fails("struct-name-duel", &cfg, &[]);
    let line = line_of(&cfg, "a = 3");
    has(&e, &[&format!(":{line}:5: field `duel.a`: "), "expected a fighter: a table with card = \"NAME\""]);
    let wolsung = "ruleset = \"wolsung\"\nkind = \"duel\"\n\n[models]\nhero = 2\n";
    let e = fails("struct-name-wolsung", wolsung, &[]);
    has(&e, &["scenario.toml:5:8: field `models.hero`: ", "expected a table like [models.NAME] with m, c, f, d, r, h"]);
    let mordheim = "ruleset = \"mordheim\"\nkind = \"movement\"\nmovement = 4\n";
    let e = fails("struct-name-mordheim", mordheim, &[]);
    has(
        &e,
        &["scenario.toml:3:12: field `movement`: ", "expected a [movement] table with m, initiative, visible_enemy"],
    );
    for e in [&e, &fails("struct-name-duel-2", &cfg, &[])] {
        for rust in ["struct ", "enum ", "i64", "u32", "Option", "variant", "FighterRef", "MordheimSpec"] {
            assert!(!e.contains(rust), "`{rust}` in: {e}");
        }
    }
}

#[test]
fn invalid_utf8_names_line_and_column_of_the_first_bad_byte() {
    let mut cfg = good_attack().into_bytes();
    let at = cfg.windows(6).position(|w| w == b"target").unwrap();
    cfg.splice(at..at, b"# caf\xe9\n".iter().copied());
    let line = cfg[..at].iter().filter(|b| **b == b'\n').count() + 1;
    let e = fails_bytes("utf8", &cfg, &[]);
    has(&e, &[&format!("scenario.toml:{line}:6: "), "byte 0xE9 is not UTF-8", "allowed: a file saved as UTF-8"]);
}

#[test]
fn a_duplicate_key_is_named_with_both_lines() {
    let cfg = good_attack().replace("defense = 3\n", "defense = 3\nattack = 4\n");
    let e = fails("duplicate-key", &cfg, &[]);
    let first = line_of(&cfg, "attack = 3");
    let second = line_of(&cfg, "attack = 4");
    has(
        &e,
        &[&format!("scenario.toml:{second}:1: field `cards.mook.attack`: "), &format!("set here and on line {first}")],
    );
    let cfg = good_attack().replace("trials = 1000", "trials = 1000\nseed = 1\nseed = 2");
    let e = fails("duplicate-top-key", &cfg, &[]);
    has(&e, &[&format!(":{}:1: field `seed`: ", line_of(&cfg, "seed = 2")), "on line 4"]);
}

#[test]
fn misspelt_names_get_a_did_you_mean() {
    let e = fails("dym-field", &good_attack().replace("weapon = \"club\"", "weapon = \"club\"\ndefense_md = 1"), &[]);
    has(&e, &["field `attack.defense_md`", "did you mean `defense_mod`?"]);
    let e = fails("dym-kind", &good_attack().replace("kind = \"attack\"", "kind = \"atack\""), &[]);
    has(&e, &["scenario.toml:2:8: field `kind`", "did you mean `attack`?"]);
    let e = fails("dym-card", &good_attack().replace("target = \"mook\"", "target = \"mokk\""), &[]);
    has(&e, &["field `attack.target`", "unknown card `mokk` — did you mean `mook`?"]);
    let e = fails("dym-swap", &good_attack().replace("target = \"mook\"", "target = \"heor\""), &[]);
    has(&e, &["did you mean `hero`?"]);
    let e = fails("dym-far", &good_attack().replace("target = \"mook\"", "target = \"joker\""), &[]);
    assert!(!e.contains("did you mean"), "no near name, no guess: {e}");
    let reading = format!("{}\n[readings]\nko_target_outnumberd = true\n", good_attack());
    let e = fails("dym-reading", &reading, &[]);
    has(&e, &["field `readings.ko_target_outnumberd`", "did you mean `ko_target_outnumbered`?"]);
}

/// A compare of two loadouts of `hero` and `mook` against each other.
fn compare_config() -> String {
    format!(
        "ruleset = \"bmg-3e\"\nkind = \"compare\"\ntrials = 1000\n{CARDS}\n[compare]\nloadouts = [\n  {{ attacker = \"hero\", weapon = \"club\" }},\n  {{ attacker = \"mook\", weapon = \"club\" }},\n]\ntargets = [\"mook\"]\n"
    )
}

#[test]
fn a_bad_card_inside_a_compare_is_reported_at_the_card() {
    let cfg = compare_config().replace("attack = 5", "attack = 99");
    let e = fails("compare-card", &cfg, &[]);
    let line = line_of(&cfg, "attack = 99");
    has(
        &e,
        &[
            &format!("scenario.toml:{line}:10: field `cards.hero.attack`: "),
            "loadout `hero + club` vs `mook`",
            "attack 99 is out of range (allowed: 1..=10)",
        ],
    );
    // A value a loadout writes into the cell is reported at the loadout's own key, inside its
    // inline table, under the path the user wrote (issue #22, round 2).
    let cfg =
        compare_config().replace("attacker = \"mook\", weapon = \"club\"", "attacker = \"mook\", weapon = \"clb\"");
    let e = fails("compare-loadout", &cfg, &[]);
    let line = line_of(&cfg, "  { attacker = \"mook\"");
    has(
        &e,
        &[
            &format!("scenario.toml:{line}:33: field `compare.loadouts[1].weapon`: "),
            "unknown weapon `clb` — did you mean `club`?",
        ],
    );
    assert!(!e.contains("attack.weapon"), "a path the user never wrote: {e}");
}

#[test]
fn a_sweep_without_its_section_names_it_at_the_kind_line() {
    let cfg = good_attack().replace("kind = \"attack\"", "kind = \"sweep\"");
    let e = fails("sweep-no-section", &cfg, &[]);
    has(&e, &["scenario.toml:2:8: field `sweep`: section [sweep] is missing", "(allowed: a [sweep] section)"]);
}

/// Two stray generic sections: the one reported first is fixed (the analyses' declared order,
/// `compare`, `sweep`, `balance`, `paired`), whether the kind is a system's own or a generic one.
#[test]
fn two_stray_generic_sections_report_the_first_in_declared_order() {
    let stray = "\n[paired]\na = {}\nb = {}\n\n[balance]\ncandidate = {}\n";
    let e = fails("two-stray-own", &format!("{}{stray}", good_attack()), &[]);
    has(&e, &["section [balance] is not used by kind = \"attack\"", "(allowed: sections for this kind: [attack])"]);
    let e = fails("two-stray-generic", &format!("{}{stray}", compare_config()), &[]);
    has(
        &e,
        &[
            "section [balance] is not used by kind = \"compare\"",
            "(allowed: sections for this kind: [compare] and the system's sections)",
        ],
    );
}

#[test]
fn another_systems_table_gets_the_declared_systems_advice() {
    // A Wolsung file with a complete Batman card: told what Wolsung writes, at the card.
    let cfg = format!("ruleset = \"wolsung\"\nkind = \"duel\"\n{CARDS}");
    let e = fails("wolsung-cards", &cfg, &[]);
    has(
        &e,
        &[
            &format!(
                "scenario.toml:{}:8: field `cards.hero`: wolsung has no [cards] table",
                line_of(&cfg, "[cards.hero]")
            ),
            "allowed: wolsung tables: [models.NAME] with m, c, f, d, r, h; [guns.NAME]",
        ],
    );
    assert!(!e.contains("Bichos") && !e.contains("profiles"), "{e}");
    // An incomplete one too: the advice comes before the card's own missing fields.
    let e = fails("wolsung-card-half", "ruleset = \"wolsung\"\nkind = \"duel\"\n[cards.x]\nattack = 1\n", &[]);
    has(&e, &["scenario.toml:3:8: field `cards.x`: wolsung has no [cards] table"]);
    let cfg = "ruleset = \"mordheim\"\nkind = \"movement\"\n[movement]\nm = 4\n[weapons.sword]\nkind = \"melee\"\ndamage = \"1\"\n";
    let e = fails("mordheim-weapons", cfg, &[]);
    has(
        &e,
        &[
            "scenario.toml:5:10: field `weapons.sword`: mordheim has no [weapons] table",
            "mordheim reads no library tables",
        ],
    );
}

#[test]
fn a_misspelt_top_level_key_lists_only_what_this_system_and_kind_accept() {
    let cfg = good_attack().replace("trials = 1000", "seeds = 3");
    let e = fails("seeds", &cfg, &[]);
    has(
        &e,
        &[
            "scenario.toml:3:1: field `seeds`: unknown field `seeds` — did you mean `seed`?",
            "(allowed: for bmg-3e kind = \"attack\": `ruleset`, `kind`, `name`, `description`, `seed`, `trials`, `precision`, `max_trials`, `exact`, `include`, `readings`, `cards`, `weapons`, `fighters`, `attack`)",
        ],
    );
    // In a compare the key is wrong in every cell: it is reported once, at its own line, with
    // what a compare accepts.
    let cfg = compare_config().replace("trials = 1000", "trials = 1000\nseeds = 3");
    let e = fails("seeds-compare", &cfg, &[]);
    has(
        &e,
        &[
            "scenario.toml:4:1: field `seeds`: unknown field `seeds` — did you mean `seed`?",
            "kind = \"compare\"",
            "`compare`, `attack`)",
        ],
    );
    assert!(!e.contains("loadout"), "{e}");
}

// Issue #22, round 2: the edge cases of the TOML itself.

#[test]
fn a_table_header_written_twice_names_both_lines() {
    let cfg = good_attack().replace("weapon = \"club\"\n", "[attack]\nweapon = \"club\"\n");
    let e = fails("duplicate-header", &cfg, &[]);
    let first = line_of(&cfg, "[attack]");
    let second = cfg.lines().enumerate().filter(|(_, l)| *l == "[attack]").nth(1).unwrap().0 + 1;
    has(&e, &[&format!("scenario.toml:{second}:2: field `attack`: "), &format!("set here and on line {first}")]);
    let cfg = good_attack().replace("[weapons.club]", "[cards.hero]\nmovement = 4\n\n[weapons.club]");
    let e = fails("duplicate-card-header", &cfg, &[]);
    let first = line_of(&cfg, "[cards.hero]");
    has(&e, &["field `cards.hero`: ", &format!("set here and on line {first}")]);
    assert!(!e.contains(&format!(":{first}:")), "the second header is the one at fault: {e}");
}

#[test]
fn an_array_of_tables_where_one_table_belongs_says_so() {
    let cfg = good_attack().replace("[attack]", "[[attack]]");
    let e = fails("array-of-attack", &cfg, &[]);
    has(
        &e,
        &[
            &format!("scenario.toml:{}:1: field `attack`: ", line_of(&cfg, "[[attack]]")),
            "`[[attack]]` makes a list of tables",
            "a single `[attack]` table",
        ],
    );
    let cfg = good_attack().replace("[cards.mook]", "[[cards.mook]]");
    let e = fails("array-of-cards", &cfg, &[]);
    has(&e, &[&format!(":{}:1: field `cards.mook`: ", line_of(&cfg, "[[cards.mook]]")), "`[cards.NAME]`"]);
    assert!(!e.contains("invalid type") && !e.contains("[0]"), "{e}");
}

#[test]
fn an_integer_past_64_bits_is_too_large_a_number() {
    let big = "99999999999999999999";
    let cases = [
        (
            "big-effort",
            good_attack().replace("weapon = \"club\"", &format!("weapon = \"club\"\nattacker_effort = {big}")),
        ),
        ("big-seed", good_attack().replace("trials = 1000", &format!("trials = 1000\nseed = {big}"))),
        ("big-name", good_attack().replace("[cards.hero]\n", &format!("[cards.hero]\nname = {big}\n"))),
        ("big-name-compare", compare_config().replace("[cards.hero]\n", &format!("[cards.hero]\nname = {big}\n"))),
        ("big-reading", format!("ruleset = \"mordheim\"\nkind = \"movement\"\n[readings]\ndetection_range = {big}\n")),
        (
            "big-sweep-to",
            good_attack().replace("kind = \"attack\"", "kind = \"sweep\"")
                + &format!("\n[sweep]\nparameter = \"attacker.attack\"\nfrom = 1\nto = {big}\n"),
        ),
    ];
    for (name, cfg) in cases {
        let e = fails(name, &cfg, &[]);
        let line = cfg.lines().position(|l| l.contains(big)).unwrap() + 1;
        has(&e, &[&format!("scenario.toml:{line}:"), &format!("`{big}` is too large a number (allowed: ")]);
        for bad in ["i128", "any valid TOML value", "invalid type"] {
            assert!(!e.contains(bad), "{name}: `{bad}` in {e}");
        }
    }
    let e =
        fails("big-name-2", &good_attack().replace("[cards.hero]\n", &format!("[cards.hero]\nname = {big}\n")), &[]);
    has(&e, &["field `cards.hero.name`", "(allowed: text in quotes)"]);
    let e = fails("big-seed-2", &good_attack().replace("trials = 1000", &format!("trials = 1000\nseed = {big}")), &[]);
    has(&e, &["field `seed`", "(allowed: 0..=9223372036854775807)"]);
}

#[test]
fn a_key_nested_past_the_parsers_limit_is_named_at_its_line() {
    let deep = vec!["a"; 100].join(".");
    let cfg = good_attack().replace("[cards.mook]\n", &format!("[cards.mook]\n{deep} = 1\n"));
    let e = fails("deep-key", &cfg, &[]);
    has(
        &e,
        &[
            &format!("scenario.toml:{}:1: field `cards.mook.a.a.…`: ", line_of(&cfg, "a.a.a")),
            "nests more than 80 levels deep",
            "at most 80 deep",
        ],
    );
    // The same in an included library: its own file and line.
    let dir = tmp("deep-key-include");
    std::fs::write(dir.join("lib.toml"), format!("[cards.x]\n\n{deep} = 1\n")).unwrap();
    let cfg = good_attack().replace("trials = 1000", "trials = 1000\ninclude = [\"lib.toml\"]");
    std::fs::write(dir.join("scenario.toml"), &cfg).unwrap();
    let o = Command::new(bin()).arg("validate").arg(dir.join("scenario.toml")).output().unwrap();
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{e}");
    has(&e, &["lib.toml:3:1: field `cards.x.a.a.…`: ", "at most 80 deep"]);
}

// Issue #22, round 2: inside the generic analyses, the value at fault at its own key.

/// The bundled loadout comparison's format, with the bundled card library beside it.
fn bundled_compare(second: &str) -> String {
    format!(
        "ruleset = \"bmg-3e\"\nkind = \"compare\"\ninclude = [\"cards.toml\"]\ntrials = 1000\n\n[compare]\nloadouts = [\n  {{ label = \"Bruiser + bat\", attacker = \"bruiser\", weapon = \"baseball-bat\" }},\n  {{ label = \"Bruiser + knife\", attacker = \"bruiser\", {second} }},\n]\ntargets = [\"robin\", \"thug\"]\n"
    )
}

#[test]
fn a_loadouts_bad_value_is_reported_at_its_key_inside_the_compare() {
    let lib = ["configs/bmg-3e/cards.toml"];
    let cfg = bundled_compare("weapon = \"knif\"");
    let col = cfg.lines().nth(8).unwrap().find("\"knif\"").unwrap() + 1;
    common::fails(
        "cli_errors",
        "compare-knif",
        &cfg,
        &lib,
        &[],
        &[
            &format!("scenario.toml:9:{col}: field `compare.loadouts[1].weapon`: "),
            "unknown weapon `knif` — did you mean `knife`?",
        ],
    );
    let cfg = bundled_compare("weapon = \"knife\", attacker_effort = 7");
    let col = cfg.lines().nth(8).unwrap().find("7 }").unwrap() + 1;
    let e = common::fails(
        "cli_errors",
        "compare-effort",
        &cfg,
        &lib,
        &[],
        &[
            &format!("scenario.toml:9:{col}: field `compare.loadouts[1].attacker_effort`: "),
            "attacker_effort 7 is out of range (allowed: 0..=3)",
        ],
    );
    assert!(!e.contains("field `compare`:") && !e.contains("attack.attacker_effort"), "{e}");
}

/// The bundled defense sweep's format, with its `[sweep]` lines replaced.
fn bundled_sweep(sweep: &str) -> String {
    format!(
        "ruleset = \"bmg-3e\"\nkind = \"sweep\"\ninclude = [\"cards.toml\"]\ntrials = 1000\n[attack]\nattacker = \"robin\"\nweapon = \"baseball-bat\"\ntarget = \"thug\"\n{sweep}"
    )
}

#[test]
fn a_misspelt_sweep_parameter_is_named_at_the_parameter_with_what_can_be_swept() {
    let cfg = bundled_sweep("parameter = \"attacker_efort\"\nvalues = [0, 1]\n").replace("[attack]", "\n[attack]");
    let cfg = cfg.replace("parameter =", "[sweep]\nparameter =");
    let line = line_of(&cfg, "parameter =");
    let e = common::fails(
        "cli_errors",
        "sweep-efort",
        &cfg,
        &["configs/bmg-3e/cards.toml"],
        &[],
        &[
            &format!("scenario.toml:{line}:13: field `sweep.parameter`: "),
            "unknown sweep parameter `attacker_efort` — did you mean `attacker_effort`?",
            "`target.defense`",
            "`attacker_effort`",
        ],
    );
    // Only what can be swept here: not the section's text fields, nor the yes/no fields a melee
    // attack cannot use (`moved`, `cover`: sweepable on a ranged one).
    for not in ["`weapon`,", "`moved`", "`cover`", "sweep.values"] {
        assert!(!e.contains(not), "`{not}` in: {e}");
    }
}

#[test]
fn an_out_of_range_sweep_value_is_told_at_from_to_or_its_element() {
    let lib = ["configs/bmg-3e/cards.toml"];
    let cfg = bundled_sweep("[sweep]\nparameter = \"target.defense\"\nfrom = 0\nto = 3\n");
    let e = common::fails(
        "cli_errors",
        "sweep-from",
        &cfg,
        &lib,
        &[],
        &[
            &format!("scenario.toml:{}:8: field `sweep.from`: ", line_of(&cfg, "from = 0")),
            "target.defense = 0 is out of range (allowed: 1..=6)",
        ],
    );
    assert!(!e.contains('~'), "an internal card name: {e}");
    let cfg = bundled_sweep("[sweep]\nparameter = \"target.defense\"\nfrom = 4\nto = 7\n");
    common::fails(
        "cli_errors",
        "sweep-to",
        &cfg,
        &lib,
        &[],
        &[&format!(":{}:6: field `sweep.to`: ", line_of(&cfg, "to = 7")), "target.defense = 7 is out of range"],
    );
    let cfg = bundled_sweep("[sweep]\nparameter = \"attacker_effort\"\nvalues = [1, 5]\n");
    common::fails(
        "cli_errors",
        "sweep-element",
        &cfg,
        &lib,
        &[],
        &[
            &format!(":{}:14: field `sweep.values[1]`: ", line_of(&cfg, "values = [1, 5]")),
            "attacker_effort = 5 is out of range (allowed: 0..=3)",
        ],
    );
}

/// The bundled balance test in a folder with the bundled card library and a gauntlet whose
/// text went through `gauntlet`; `scenario` edits the scenario.
fn balance_fails(name: &str, scenario: impl Fn(String) -> String, gauntlet: impl Fn(String) -> String) -> String {
    let dir = tmp(name);
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e");
    std::fs::copy(root.join("cards.toml"), dir.join("cards.toml")).unwrap();
    let g = std::fs::read_to_string(root.join("gauntlet.toml")).unwrap();
    std::fs::write(dir.join("gauntlet.toml"), gauntlet(g)).unwrap();
    let s = scenario(std::fs::read_to_string(root.join("balance-new-henchman.toml")).unwrap());
    std::fs::write(dir.join("scenario.toml"), s).unwrap();
    let o = Command::new(bin()).arg("validate").arg(dir.join("scenario.toml")).output().unwrap();
    let e = String::from_utf8_lossy(&o.stderr).to_string();
    assert_eq!(o.status.code(), Some(2), "{name}: {e}");
    assert!(!e.contains("panicked") && e.lines().count() == 1, "{name}: {e}");
    e
}

#[test]
fn a_balance_error_is_told_in_the_gauntlet_file_or_at_its_own_balance_key() {
    let same = |s: String| s;
    let e = balance_fails("balance-brawlr", same, |g| g.replace("card = \"brawler\"", "card = \"brawlr\""));
    has(
        &e,
        &[
            "gauntlet.toml:24:8: field `fighters.brawler-fists.card`: ",
            "unknown card `brawlr` — did you mean `brawler`?",
        ],
    );
    assert!(!e.contains("duel.") && !e.contains("balance.candidate"), "{e}");
    let e = balance_fails("balance-stun", same, |g| g.replace("card = \"brawler\"", "card = \"brawler\"\nstun = 99"));
    has(&e, &["gauntlet.toml:25:8: field `fighters.brawler-fists.stun`: ", "stun 99 is out of range"]);
    let e = balance_fails("balance-rounds", |s| s.replace("rounds = 4", "rounds = 0"), same);
    has(&e, &["scenario.toml:24:10: field `balance.rounds`: ", "rounds 0 is out of range (allowed: 1..=12)"]);
    assert!(!e.contains("duel.rounds"), "{e}");
}

#[test]
fn an_unknown_balance_candidate_card_is_unknown_with_a_did_you_mean() {
    let e = balance_fails(
        "balance-robn",
        |s| {
            let at = s.find("candidate = {").unwrap();
            let end = at + s[at..].find('\n').unwrap();
            format!("{}candidate = {{ card = \"robn\" }}{}", &s[..at], &s[end..])
        },
        |g| g,
    );
    has(&e, &["scenario.toml:22:22: field `balance.candidate.card`: ", "unknown card `robn` — did you mean `robin`?"]);
    assert!(!e.contains("no `reputation`"), "{e}");
}

#[test]
fn a_misspelt_field_of_a_shared_batman_table_is_told_only_the_declared_editions_fields() {
    let cfg = good_attack().replace("weapon = \"club\"", "weapon = \"club\"\nattack_counter = 3");
    let e = fails("edition-attack", &cfg, &[]);
    has(
        &e,
        &[
            &format!("scenario.toml:{}:1: field `attack.attack_counter`: ", line_of(&cfg, "attack_counter")),
            "unknown field `attack_counter`",
            "`attacker_effort`",
        ],
    );
    for bmg1e in ["attack_counters", "defense_counters", "obstacles", "within_5cm"] {
        assert!(!e.contains(bmg1e), "bmg-1e's `{bmg1e}` offered to a bmg-3e file: {e}");
    }
    let cfg = good_attack().replace("special = 2\n", "special = 2\ntrait = [\"combo\"]\n");
    let e = fails("edition-card", &cfg, &[]);
    has(&e, &["field `cards.mook.trait`: unknown field `trait`", "`reputation`"]);
    assert!(!e.contains("traits"), "bmg-1e's `traits` offered to a bmg-3e card: {e}");
}

#[test]
fn bmg_1e_attack_fields_are_refused_in_a_bmg_3e_attack() {
    // `special_attack` and `target_armor_spent` were accepted without a word and changed nothing,
    // while the other bmg-1e fields were refused.
    for (field, value) in [("special_attack", "\"x\""), ("target_armor_spent", "1")] {
        let config = good_attack().replace("[attack]\n", &format!("[attack]\n{field} = {value}\n"));
        let e = fails(&format!("1e-field-{field}"), &config, &[]);
        assert!(e.contains(&format!("field `attack.{field}`")) && e.contains("is a bmg-1e attack field"), "{e}");
    }
}

/// A fighter or `[duel]` field that only another system reads is told whose it is, at its value
/// (each system declares its own fighter and duel fields; a typo gets the declared system's).
#[test]
fn another_systems_fighter_or_duel_field_is_told_whose_it_is() {
    let root = env!("CARGO_MANIFEST_DIR");
    let read = |p: &str| std::fs::read_to_string(format!("{root}/configs/{p}")).unwrap();
    let bichos = read("bichos/duel-soldier-vs-big-bug.toml")
        .replace("weapon = \"assault_rifle\" }", "weapon = \"assault_rifle\", guard = \"parry\" }");
    let e = fails("bichos-guard", &bichos, &[]);
    has(
        &e,
        &[
            "field `duel.a.guard`: `guard` is a wolsung fighter field, not read by bichos (allowed: omit it; a bichos fighter takes `label`, `card`, `weapon`, `cost`)",
        ],
    );
    let wolsung = read("wolsung/duel-duelist-vs-troll.toml")
        .replace("guard = \"on_guard\" }", "guard = \"on_guard\", weapon = \"rapier\" }");
    let e = fails("wolsung-weapon", &wolsung, &[]);
    has(
        &e,
        &[
            "field `duel.a.weapon`: `weapon` is a bmg-3e / bmg-1e / bichos fighter field, not read by wolsung (allowed: omit it; a wolsung fighter takes `label`, `card`, `effort`, `guard`, `cost`)",
        ],
    );
    let contact = read("wolsung/duel-duelist-vs-troll.toml").replace("[duel]", "[duel]\ncontact = true");
    let e = fails("wolsung-contact", &contact, &[]);
    has(
        &e,
        &[
            "field `duel.contact`: `contact` is a bmg-3e duel field, not read by wolsung (allowed: omit it; a wolsung duel takes `rounds`, `a`, `b`)",
        ],
    );
    let typo = read("wolsung/duel-duelist-vs-troll.toml").replace("guard = \"on_guard\" }", "gaurd = \"on_guard\" }");
    let e = fails("wolsung-typo", &typo, &[]);
    has(&e, &["unknown field `gaurd` — did you mean `guard`? (allowed: `label`, `card`, `effort`, `guard`, `cost`)"]);
}

/// A message that cannot be written — standard error on a full device — is no panic (exit 101):
/// the exit code still says what went wrong (issue #39), for a bad input (2) and for a run that
/// writes notes and a warning to standard error as it goes (0).
#[test]
fn a_standard_error_that_cannot_be_written_is_no_panic() {
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let d = tmp("stderr-full");
    let out = Command::new(common::bin_path())
        .current_dir(&d)
        .args(["validate", "missing.toml"])
        .stderr(full())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "validate of a missing file: {out:?}");
    // A sampled run whose precision target is out of reach warns on standard error.
    let cfg = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/batman-vs-thug.toml");
    let out = Command::new(common::bin_path())
        .current_dir(&d)
        .args(["run", cfg.to_str().unwrap(), "--sample", "--precision", "0.00001"])
        .args(["--max-trials", "2000", "--out", "r"])
        .stderr(full())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "a run warning on a full standard error: {out:?}");
}

/// Two files that are no scenario are told what they are and how to go on (issue #39: an empty
/// file said "missing field `ruleset`", a library file "missing field `kind`").
#[test]
fn an_empty_file_and_a_library_file_are_told_how_to_go_on() {
    let d = tmp("not-a-scenario");
    std::fs::write(d.join("empty.toml"), "# to be written\n").unwrap();
    let lib = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/cards.toml");
    for (file, words) in [
        (d.join("empty.toml"), ["holds no scenario", "skirmish-odds init"]),
        (lib, ["library file", "skirmish-odds validate"]),
    ] {
        let out = Command::new(common::bin_path()).current_dir(&d).args(["run"]).arg(&file).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "one line: {err}");
        for w in words {
            assert!(err.contains(w), "{file:?}: `{w}` in {err}");
        }
        assert!(!err.contains("missing field"), "{err}");
    }
}

/// A seed past 2⁶³ − 1 in the file says it is too large and what a seed may be (issue #39: it
/// said "expected an integer", with no range).
#[test]
fn a_seed_past_64_bits_names_the_seeds_range() {
    let config = "ruleset = \"bmg-3e\"\nkind = \"attack\"\nseed = 9223372036854775808\ninclude = [\"cards.toml\"]\n\
                  [attack]\nattacker = \"batman\"\nweapon = \"knife\"\ntarget = \"thug\"\n";
    common::fails(
        "cli_errors",
        "seed-2-63",
        config,
        &["configs/bmg-3e/cards.toml"],
        &[],
        &[
            "scenario.toml:3:8",
            "field `seed`",
            "`9223372036854775808` is too large a number",
            "(allowed: 0..=9223372036854775807)",
        ],
    );
}
