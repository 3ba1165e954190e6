//! Bad input in bmg-1e configs: one message with file, line, field and allowed values; exit 2.

use crate::common;

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

/// A card for the budget cases: `[cards.x]` at lines 5–13 (after HEAD and `kind`), then `[attack]`
/// or `[procedure]` from line 14.
fn card_x(w: u8, mv: u8, a: u8, sp: u8, traits: &str) -> String {
    format!(
        "[cards.x]\nwillpower = {w}\nmovement = {mv}\nattack = {a}\ndefense = 3\nstrength = 4\nendurance = 5\nspecial = {sp}\ntraits = [{traits}]\n"
    )
}

/// Counter budgets (issue #23). L326 a character has Willpower counters a round, fewer for markers
/// (L332, L744) and none when K.O. (L754 "he loses all of its remaining Action Counters"); L344–364
/// each slot holds at most its value ("as many Action Counters into the appropriate slot as the
/// character's Movement value", L344; Attack L350, Defense L356, Special L362); L372 an action
/// without its counters in the right slot cannot be done. One message names the value at fault,
/// the field and the budget.
#[test]
fn counter_budgets_are_refused_naming_the_budget() {
    let attack = |card: String, body: &str| format!("{HEAD}kind = \"attack\"\n{card}[attack]\n{body}");
    let procedure = |card: String, body: &str| format!("{HEAD}kind = \"procedure\"\n{card}[procedure]\n{body}");
    // L1327 DODGE "may spend MC", L1339 ELUSIVE "may spend 1MC": both from the Movement slot.
    fails(
        "dodge-plus-elusive",
        &attack(
            card_x(4, 3, 3, 2, "\"dodge\", \"elusive\""),
            "attacker = \"gunman\"\nweapon = \"pistol\"\ntarget = \"x\"\ndodge_counters = 3\nelusive = true\n",
        ),
        &[
            "scenario.toml:19:11:",
            "field `attack.elusive`",
            "Movement 3: dodge_counters 3 + elusive 1 = 4 MC, allowed at most 3",
        ],
    );
    // Movement 3 but only 2 counters (Willpower 2).
    fails(
        "dodge-over-willpower",
        &attack(
            card_x(2, 3, 3, 2, "\"dodge\""),
            "attacker = \"gunman\"\nweapon = \"pistol\"\ntarget = \"x\"\ndodge_counters = 3\n",
        ),
        &[
            "scenario.toml:18:18:",
            "field `attack.dodge_counters`",
            "Willpower 2: dodge_counters 3 MC, allowed at most 2",
        ],
    );
    // L742 / L744: the Thug (W3) with 4 markers has lost 2 counters: 1 left for Defense.
    fails(
        "defense-over-counters",
        &format!(
            "{HEAD}kind = \"attack\"\n[attack]\nattacker = \"batman\"\ntarget = \"thug\"\ntarget_stun = 4\ndefense_counters = 2\n"
        ),
        &[
            "scenario.toml:9:20:",
            "field `attack.defense_counters`",
            "Willpower 3 − 2 for 4 markers = 1 counter: defense_counters 2 DC, allowed at most 1",
        ],
    );
    // L754: a K.O. target has no counters at all.
    fails(
        "ko-target-defense",
        &format!(
            "{HEAD}kind = \"attack\"\n[attack]\nattacker = \"batman\"\ntarget = \"thug\"\ntarget_stun = 5\ndefense_counters = 1\n"
        ),
        &[
            "scenario.toml:9:20:",
            "field `attack.defense_counters`",
            "K.O. (L754: it lost all its Action Counters): defense_counters 1 DC, allowed at most 0",
        ],
    );
    // L1734 DEVASTATING BLOW (1SC) on top of 3 AC: 4 counters from Willpower 3.
    fails(
        "special-attack-over-willpower",
        &attack(
            card_x(3, 3, 3, 2, "\"devastating_blow\""),
            "attacker = \"x\"\ntarget = \"thug\"\nattack_counters = 3\nspecial_attack = \"devastating_blow\"\n",
        ),
        &[
            "scenario.toml:18:18:",
            "field `attack.special_attack`",
            "Willpower 3: attack_counters 3 AC + devastating_blow 1 SC = 4 counters, allowed at most 3",
        ],
    );
    // L1750 PRECISE BLOW (1SC) with Special 0: no slot for it.
    fails(
        "special-attack-no-slot",
        &attack(
            card_x(3, 3, 3, 0, "\"precise_blow\""),
            "attacker = \"x\"\ntarget = \"thug\"\nspecial_attack = \"precise_blow\"\n",
        ),
        &["scenario.toml:17:18:", "field `attack.special_attack`", "Special 0: precise_blow 1 SC, allowed at most 0"],
    );
    // L642 "2 AC must be spent" for a ranged attack: Attack 1 cannot hold them.
    fails(
        "shot-needs-two-ac",
        &attack(card_x(3, 3, 1, 2, ""), "attacker = \"x\"\nweapon = \"pistol\"\ntarget = \"thug\"\n"),
        &["scenario.toml:16:10:", "field `attack.weapon`", "Attack 1: a ranged attack 2 AC (L642), allowed at most 1"],
    );
    // L698 crouching for cover costs 1 SC: a target with Special 0 cannot.
    fails(
        "cover-no-special",
        &attack(
            card_x(3, 3, 3, 0, ""),
            "attacker = \"gunman\"\nweapon = \"pistol\"\ntarget = \"x\"\nobstacles = [5]\ncover = true\n",
        ),
        &[
            "scenario.toml:19:9:",
            "field `attack.cover`",
            "Special 0: crouching for cover 1 SC (L698), allowed at most 0",
        ],
    );
    // L456 one die per MC; W2 cannot place 4 MC even with Movement 4.
    fails(
        "movement-over-willpower",
        &procedure(card_x(2, 4, 3, 2, ""), "type = \"movement\"\nmodel = \"x\"\nmovement_counters = 4\n"),
        &[
            "scenario.toml:17:21:",
            "field `procedure.movement_counters`",
            "Willpower 2: movement_counters 4 MC, allowed at most 2",
        ],
    );
    // L468 RUN "spending 1 MC and 1 SC": with 2 dice the Thug-like W3 card needs 4 counters.
    fails(
        "run-over-willpower",
        &procedure(card_x(3, 3, 3, 2, ""), "type = \"movement\"\nmodel = \"x\"\nrun = true\nmovement_counters = 2\n"),
        &[
            "scenario.toml:18:21:",
            "field `procedure.movement_counters`",
            "Willpower 3: movement_counters 2 MC + Run 1 MC + 1 SC = 4 counters, allowed at most 3",
        ],
    );
    fails(
        "run-no-special",
        &procedure(card_x(3, 3, 3, 0, ""), "type = \"movement\"\nmodel = \"x\"\nrun = true\n"),
        &["scenario.toml:17:7:", "field `procedure.run`", "Special 0: Run 1 SC (L468), allowed at most 0"],
    );
    // L798 one more recovery die "per available SC"; a K.O. model has none (L754).
    fails(
        "recovery-ko-special",
        &procedure(
            card_x(3, 3, 3, 2, ""),
            "type = \"recovery\"\nmodel = \"x\"\nstun = 2\nko = true\nunspent_special = 1\n",
        ),
        &[
            "scenario.toml:19:19:",
            "field `procedure.unspent_special`",
            "K.O. (L754: it lost all its Action Counters): unspent_special 1 SC, allowed at most 0",
        ],
    );
    fails(
        "recovery-over-counters",
        &procedure(card_x(2, 3, 3, 3, ""), "type = \"recovery\"\nmodel = \"x\"\nstun = 2\nunspent_special = 2\n"),
        &[
            "scenario.toml:18:19:",
            "field `procedure.unspent_special`",
            "Willpower 2 − 1 for 2 markers = 1 counter: unspent_special 2 SC, allowed at most 1",
        ],
    );
    // A grid is checked cell by cell: Robin (Movement 4) cannot dodge with 5 MC; the run is refused
    // at the sweep's value.
    fails(
        "sweep-over-budget",
        &format!(
            "{HEAD}kind = \"sweep\"\n[attack]\nattacker = \"gunman\"\nweapon = \"pistol\"\ntarget = \"robin\"\n[sweep]\nparameter = \"dodge_counters\"\nfrom = 0\nto = 5\n"
        ),
        &["scenario.toml:12:6:", "field `sweep.to`", "Movement 4: dodge_counters 5 MC, allowed at most 4"],
    );
}

/// Issue #23 review, finding 5: a value above 15 (or negative) must be refused against the real
/// budget, as 6..=15 are, not against a generic first-pass `0..=15`. Batman has Attack 5 and
/// Willpower 6 (L350: at most Attack 5 AC); the Thug Defense 3 (L356); the card x Movement 4 but
/// Willpower 3 (L326, L344); Special 2 with 1 ★ on Willpower 3 (L362, L742).
#[test]
fn counters_above_fifteen_name_the_real_budget() {
    let attack =
        |body: &str| format!("{HEAD}kind = \"attack\"\n[attack]\nattacker = \"batman\"\ntarget = \"thug\"\n{body}");
    fails(
        "attack-counters-16",
        &attack("attack_counters = 16\n"),
        &[
            "scenario.toml:8:19:",
            "field `attack.attack_counters`",
            "Attack 5: attack_counters 16 AC, allowed at most 5",
            "allowed: 0..=5",
        ],
    );
    fails(
        "defense-counters-huge",
        &attack("defense_counters = 9223372036854775807\n"),
        &["field `attack.defense_counters`", "Defense 3: defense_counters 9223372036854775807 DC, allowed at most 3"],
    );
    fails(
        "defense-counters-negative",
        &attack("defense_counters = -1\n"),
        &["field `attack.defense_counters`", "defense_counters -1 is out of range", "allowed: 0..=3"],
    );
    fails(
        "target-stun-16",
        &attack("target_stun = 16\n"),
        &["field `attack.target_stun`", "markers beyond Endurance 5", "allowed: stun + wounds ≤ 5"],
    );
    fails(
        "dodge-counters-300",
        &format!(
            "{HEAD}kind = \"attack\"\n{}[attack]\nattacker = \"gunman\"\nweapon = \"pistol\"\ntarget = \"x\"\ndodge_counters = 300\n",
            card_x(4, 3, 3, 2, "\"dodge\"")
        ),
        &["field `attack.dodge_counters`", "Movement 3: dodge_counters 300 MC, allowed at most 3"],
    );
    let procedure = |body: &str| format!("{HEAD}kind = \"procedure\"\n{}[procedure]\n{body}", card_x(3, 4, 3, 2, ""));
    fails(
        "movement-counters-20",
        &procedure("type = \"movement\"\nmodel = \"x\"\nmovement_counters = 20\n"),
        &["field `procedure.movement_counters`", "Willpower 3: movement_counters 20 MC, allowed at most 3"],
    );
    fails(
        "unspent-special-16",
        &procedure("type = \"recovery\"\nmodel = \"x\"\nstun = 1\nunspent_special = 16\n"),
        &["field `procedure.unspent_special`", "Special 2: unspent_special 16 SC, allowed at most 2"],
    );
}

/// Issue #23 review, findings 6 and 9. L752 "As soon as a character accumulates as many Damage
/// Markers as its own Endurance value, they will immediately become K.O.": Batman (E8) with 8 ★
/// is K.O., so `ko = false` contradicts the markers (refused at `ko`, as an attack reads markers
/// ≥ Endurance as K.O.). L1700 WEAK loses one counter per marker, but never more than its
/// Willpower 3 (L326): 4 markers leave 3 − 3 = 0 counters, and the label must add up.
#[test]
fn ko_by_markers_and_weak_label() {
    fails(
        "recovery-ko-false-at-endurance",
        &format!(
            "{HEAD}kind = \"procedure\"\n[procedure]\ntype = \"recovery\"\nmodel = \"batman\"\nstun = 8\nko = false\n"
        ),
        &["scenario.toml:9:6:", "field `procedure.ko`", "Batman with 8 ★ = Endurance 8 is K.O. (L752", "stun ≤ 7"],
    );
    fails(
        "weak-label",
        &format!(
            "{HEAD}kind = \"attack\"\n{}[attack]\nattacker = \"batman\"\ntarget = \"x\"\ntarget_stun = 4\ndefense_counters = 1\n",
            card_x(3, 3, 3, 1, "\"weak\"")
        ),
        &[
            "field `attack.defense_counters`",
            "Willpower 3 − 3 for 4 markers = 0 counters: defense_counters 1 DC, allowed at most 0",
        ],
    );
}
