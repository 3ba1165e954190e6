//! Bad input in bmg-1e configs: one message with file, line, field and allowed values; exit 2.

mod common;

fn fails(name: &str, config: &str, expect: &[&str]) {
    common::fails("cli_errors_1e", name, config, &["configs/bmg-1e/cards.toml"], &[], expect);
}

const HEAD: &str = "ruleset = \"bmg-1e\"\ninclude = [\"cards.toml\"]\ntrials = 1000\n";

#[test]
fn bad_input_in_bmg_1e_configs() {
    fails(
        "unknown-trait",
        &format!(
            "{HEAD}kind = \"attack\"\n[cards.x]\nwillpower = 3\nmovement = 3\nattack = 3\ndefense = 3\nstrength = 4\nendurance = 5\nspecial = 2\ntraits = [\"kombo\"]\n[attack]\nattacker = \"x\"\ntarget = \"thug\"\n"
        ),
        &["scenario.toml:13:", "field `cards.x.traits`", "unknown trait `kombo`", "`combo`"],
    );
    fails(
        "3e-field",
        &format!("{HEAD}kind = \"attack\"\n[attack]\nattacker = \"batman\"\ntarget = \"thug\"\nattacker_effort = 1\n"),
        &["field `attack.attacker_effort`", "bmg-3e attack field"],
    );
    fails(
        "too-many-counters",
        &format!("{HEAD}kind = \"attack\"\n[attack]\nattacker = \"thug\"\ntarget = \"batman\"\nattack_counters = 4\n"),
        &["scenario.toml:8:", "field `attack.attack_counters`", "allowed: 0..=3"],
    );
    fails(
        "obstacle",
        &format!(
            "{HEAD}kind = \"attack\"\n[attack]\nattacker = \"gunman\"\nweapon = \"pistol\"\ntarget = \"robin\"\nobstacles = [4, 3]\n"
        ),
        &["field `attack.obstacles`", "allowed: 4..=6"],
    );
    fails(
        "elusive",
        &format!(
            "{HEAD}kind = \"attack\"\n[attack]\nattacker = \"gunman\"\nweapon = \"pistol\"\ntarget = \"robin\"\nelusive = true\n"
        ),
        &["field `attack.elusive`", "`elusive` trait"],
    );
    fails(
        "ranged-field-on-melee",
        &format!("{HEAD}kind = \"attack\"\n[attack]\nattacker = \"batman\"\ntarget = \"thug\"\nobstacles = [5]\n"),
        &["field `attack.obstacles`", "ranged attacks only"],
    );
    fails(
        "odd-rounds",
        &format!("{HEAD}kind = \"procedure\"\n[procedure]\ntype = \"take-the-lead\"\nrounds = 5\n"),
        &["field `procedure.rounds`", "even number"],
    );
    fails(
        "unknown-procedure",
        &format!("{HEAD}kind = \"procedure\"\n[procedure]\ntype = \"coin-flip\"\n"),
        &["field `procedure.type`", "`take-the-lead`, `lets-go`"],
    );
    fails(
        "3e-kind",
        &format!("{HEAD}kind = \"effort\"\n"),
        &["field `kind`", "for bmg-1e", "`attack`, `check`, `procedure`, `exchange`, `editions`"],
    );
    fails(
        "3e-reading",
        &format!("{HEAD}kind = \"riddle\"\n[readings]\nko_bonus_within_attack = true\n"),
        &["field `kind`"],
    );
    fails(
        "3e-reading-2",
        &format!("{HEAD}kind = \"check\"\n[readings]\nko_bonus_within_attack = true\n[check]\nmodel = \"robin\"\n"),
        &["field `readings.ko_bonus_within_attack`", "bmg-1e readings: `block_natural_six`"],
    );
    fails(
        "bad-split",
        &format!(
            "{HEAD}kind = \"exchange\"\n[exchange]\na = {{ card = \"batman\", split = [6, 0] }}\nb = {{ card = \"thug\" }}\n"
        ),
        &["field `exchange.a.split`", "allowed: 0..=5"],
    );
    fails(
        "library-mismatch",
        "ruleset = \"bmg-1e\"\ninclude = [\"lib3e.toml\"]\nkind = \"check\"\n[check]\nmodel = \"robin\"\n",
        &["lib3e.toml", "cannot read included file"],
    );
}
