//! BMG 2013 (`bmg-1e`) rule fidelity, round 3 (issue #23): counter budgets, helpless models and
//! the reading switches, each expected value derived by hand from the rulebook text
//! (`shared/seeds/004_4b6c41e44a974d34.txt`, "Lnnn" = line) as in `rules_bmg1e.rs`, whose
//! helpers (cards, setups, the Monte Carlo and exact checks) these tests share.

use crate::rules_bmg1e::*;
use skirmish_odds::config::Overrides;
use skirmish_odds::dice::ScriptedDice;
use skirmish_odds::engine::Trial;
use skirmish_odds::exact::enumerate;
use skirmish_odds::registry::load;
use skirmish_odds::systems::bmg1e::rules::duel::{Duel, Fighter, Policy, Split};
use skirmish_odds::systems::bmg1e::rules::*;
use skirmish_odds::systems::bmg3e::rules::Markers;

// ---------------------------------------------------------------- issue #23: counter budgets

/// L372: "If an action requires the character to spend more than one Action Counter and he does not
/// possess enough Action Counters, or they were not distributed into the necessary slots, he cannot
/// perform that action or use that special rule"; L326 a character has Willpower counters; L1734
/// DEVASTATING BLOW (1SC). A W3 A3 card with Devastating Blow attacks a Thug (D3) and the config
/// gives neither `attack_counters` nor `special_attack`: the special attack (the card's, declared
/// before rolling, L1716) takes 1 SC, so only 2 of the 3 counters are left for Attack.
/// Hand: 2 strikes, impact 3+ (2/3), damage S4+ +1 = 3+ (2/3), no blocks: E[damage successes] =
/// 2 · 2/3 · 2/3 = 8/9 (the old default struck 3 times: 4/3 — 4 counters from Willpower 3).
/// With `attack_counters = 3` given, no counter is left for the SC: the card's special attack is
/// not made (a note says so): 3 strikes at S4+ (1/2): E = 3 · 2/3 · 1/2 = 1.
#[test]
fn default_attack_counters_leave_room_for_the_special_attack() {
    let card = "[cards.brute]\nwillpower = 3\nmovement = 3\nattack = 3\ndefense = 3\nstrength = 4\nendurance = 5\n\
                special = 2\ntraits = [\"devastating_blow\"]\n";
    let f = write_cfg(
        "sa_default",
        &format!("kind = \"attack\"\n{card}[attack]\nattacker = \"brute\"\ntarget = \"thug\"\n"),
    );
    let sc = load(&f, &Overrides::default()).unwrap();
    let a = only_attack(&sc);
    assert_eq!(a.impact_dice, 2, "3 counters: 1 SC for Devastating Blow, 2 AC");
    close(enumerate(&a, 8).unwrap().mean(metric::DAMAGE), 8.0 / 9.0, "E[damage successes]");
    let f = write_cfg(
        "sa_explicit_ac",
        &format!("kind = \"attack\"\n{card}[attack]\nattacker = \"brute\"\ntarget = \"thug\"\nattack_counters = 3\n"),
    );
    let sc = load(&f, &Overrides::default()).unwrap();
    let a = only_attack(&sc);
    assert_eq!(a.impact_dice, 3);
    close(enumerate(&a, 8).unwrap().mean(metric::DAMAGE), 1.0, "E[damage successes] without the special attack");
    assert!(
        sc.notes.iter().any(|n| n.text.contains("devastating_blow") && n.text.contains("Willpower 3")),
        "{:?}",
        sc.notes
    );
}

/// L642 "2 AC must be spent" for a ranged attack; L1566 RAPID FIRE (1SC) "+1 Bonus to his weapon's
/// Rate of Fire"; L1341 EXPERT MARKSMAN (1SC) "targets have a -1 penalty to Blink! Rolls"; L372 an
/// action without its counters cannot be done. A sniper (A2 Sp2, both traits) shoots a pistol
/// (Rate of Fire 1) at a Thug (D3: impact 3+, 2/3) behind a 5+ obstacle (Blink! 5+: the impact survives 2/3;
/// with −1: 6 only, survives 5/6). The shot takes 2 of its counters; the rest pays the SC options
/// in the stated order, Rapid Fire first, then Expert Marksman:
/// W2 → neither: 1 die, E[hits] = 2/3 · 2/3 = 4/9; W3 → Rapid Fire: 2 dice, 2 · 4/9 = 8/9;
/// W4 → both: 2 · 2/3 · 5/6 = 10/9 (the old code gave 10/9 whatever the Willpower).
#[test]
fn ranged_trait_costs_fit_the_shooters_counters() {
    for (w, dice, want) in [(2, 1, 4.0 / 9.0), (3, 2, 8.0 / 9.0), (4, 2, 10.0 / 9.0)] {
        let f = write_cfg(
            &format!("sniper_w{w}"),
            &format!(
                "kind = \"attack\"\n[cards.sniper]\nwillpower = {w}\nmovement = 3\nattack = 2\ndefense = 3\nstrength = 4\n\
                 endurance = 5\nspecial = 2\ntraits = [\"rapid_fire\", \"expert_marksman\"]\n[attack]\nattacker = \"sniper\"\n\
                 weapon = \"pistol\"\ntarget = \"thug\"\nobstacles = [5]\n"
            ),
        );
        let sc = load(&f, &Overrides::default()).unwrap();
        let a = only_attack(&sc);
        assert_eq!(a.impact_dice, dice, "W{w}");
        close(enumerate(&a, 8).unwrap().mean(metric::HITS), want, &format!("W{w}: E[hits]"));
        if w < 4 {
            assert!(sc.notes.iter().any(|n| n.text.contains("expert_marksman")), "W{w}: {:?}", sc.notes);
        }
    }
}

// ---------------------------------------------------------------- issue #23: helpless models

/// L754 K.O.: "he loses all of its remaining Action Counters"; L1337 ELUSIVE (1MC PASSIVE): "may
/// spend 1MC to get a +1 bonus to Defense against ranged attacks". A K.O. Thug (D3, 5 ★ on E5) with
/// the Elusive trait and `elusive` set has no MC to spend: a pistol impacts on 3+ (4 faces), not 4+
/// (3 faces). (Under the reading `ko_target_fallen = true`, the default, it is impacted on 2+.)
#[test]
fn ko_or_paralyzed_target_cannot_use_elusive() {
    let mut t = thug();
    t.traits.elusive = true;
    let mut s = setup(card(3, 3, 2, 3, 4, 5), pistol(), t);
    s.target_markers = Markers { stun: 5, wounds: 0 };
    s.ranged.elusive = true;
    s.readings.ko_target_fallen = false;
    assert_eq!(Attack::new(&s).unwrap().impact.faces(), 4);
    // L1914 PARALYZE "cannot … spend action counters": a paralyzed Defense 5 target with Elusive
    // set is impacted on 5 − 2 = 3+ (4 faces), not 4+ (3 faces).
    let mut t = card(3, 3, 3, 5, 4, 5);
    t.traits.elusive = true;
    let mut s = setup(card(3, 3, 2, 3, 4, 5), pistol(), t);
    s.ranged.elusive = true;
    s.ranged.paralyzed = true;
    assert_eq!(Attack::new(&s).unwrap().impact.faces(), 4);
}

/// L1908 KNOCK-DOWN / FALLEN: "it cannot use any Special Ability until it stands up"; L364 Special
/// counters "may be used to activate some of the character's special abilities, or to recover from
/// Damage"; L1544 POWER ARMOR: "instead of making a Recovery Roll, this character may spend 2SC to
/// repair the armor". The scripted round of `duel_power_armor_repair_in_the_recount`, but B's damage
/// die 6 equals the collateral 6 (L780): A is knocked down and still lies there at the Casualty
/// Recount (it had already activated). It cannot repair (a special ability spending SC), so it
/// makes its Recovery Roll: 1 die + 1 per unspent SC (2) = 3 dice (L798), 9 dice in all — 6 if it
/// repaired.
#[test]
fn fallen_fighter_cannot_repair_power_armor() {
    let mut ac = card(4, 1, 1, 1, 4, 5);
    ac.traits.power_armor = true;
    let a = Fighter {
        card: ac,
        weapon: Weapon::unarmed(),
        start: Markers { stun: 1, wounds: 0 },
        split: Policy::Fixed(Split::Balanced),
        special: SpecialAttack::None,
        perfect_plan: false,
    };
    let mut bc = card(1, 1, 6, 1, 2, 5);
    bc.traits.reinforced_gloves = true;
    let b = Fighter { card: bc, split: Policy::Fixed(Split::AttackFirst), start: Markers::default(), ..a.clone() };
    let duel = Duel::new(a, b, 1, Readings::default()).unwrap();
    let mut d = ScriptedDice::new(&[1, 1, 6, 1, 6, 6, 4, 1, 1]);
    let o = duel.run(&mut d);
    assert_eq!(d.used(), 9, "the Recovery Roll, not the repair");
    assert_eq!(o.metrics[2], 0, "B's 3 markers were ignored by the armor");
}

/// Reading `helpless_passive_traits` (L1908 a fallen miniature "cannot use any Special Ability";
/// L1914 a paralyzed one "cannot do anything (… defend itself, follow special rules …)"; L1182
/// "TRAITS PROVIDE THE CHARACTERS WITH VARIOUS SPECIAL RULES"; L1184 passive effects "are always
/// active"). `lose` takes every passive protection of the target's own card and weapon, not only
/// the armours; `lose_when_paralyzed` (the default since issue #23) only a paralyzed target's;
/// `keep` none:
/// (a) L1482 MARTIAL ARTIST "ignores the Numerical Inferiority rule": a paralyzed, outnumbered
///     Martial Artist with Defense 5: keep → 5 − 2 = 3+ (4 faces); lose and the default →
///     5 − 2 − 1 = 2+ (5 faces).
/// (b) L1372 FOOTBALL GEAR "ignores the rules Sharp and Tough": a fallen target, a Big attacker (Tough,
///     L1450) with a Sharp knife, S4+: keep and the default → 4+ (3 faces), no Sharp; lose → 3+ (4
///     faces), Sharp.
/// (c) L1808 PROTECTIVE "the wielder benefits from an extra Blink! roll": a pistol of RoF 2 at a
///     fallen Thug (2+, 5/6): keep and the default → each impact survives the 4+ roll with 1/2,
///     E[hits] = 5/6; lose → E[hits] = 2 · 5/6 = 5/3.
/// (d) L1434 KEVLAR VEST "Reduce 1 Damage Marker … to a minimum of 1": a blade (♦♦ per success:
///     two markers, so the vest matters), one strike (A3, S4+) at a paralyzed Thug (D3 − 2 = 1:
///     impacted on 2+ — a 1 always fails — 5/6; damage 4+, 1/2; the collateral 6 adds a ★, 1/12):
///     keep → each success places ♦ (the vest drops one ♦): E[♦] = 5/6 · 1/2 = 5/12; the default
///     and lose → ♦♦: E[♦] = 5/6.
#[test]
fn helpless_passive_traits_reading() {
    use HelplessTraits::{Keep, Lose, LoseWhenParalyzed};
    assert_eq!(Readings::default().helpless_passive_traits, LoseWhenParalyzed);
    let mut t = card(3, 3, 3, 5, 4, 5);
    t.traits.martial_artist = true;
    let mut s = setup(thug(), Weapon::unarmed(), t);
    s.melee.attack_counters = 1;
    s.melee.paralyzed = true;
    s.melee.numerical_inferiority = true;
    for (r, faces) in [(Keep, 4), (LoseWhenParalyzed, 5), (Lose, 5)] {
        s.readings.helpless_passive_traits = r;
        assert_eq!(Attack::new(&s).unwrap().impact.faces(), faces, "(a) {r:?}");
    }

    let mut big = thug();
    big.traits.big = true;
    let knife = Weapon {
        damage: Markers { stun: 0, wounds: 1 },
        traits: WeaponTraits { sharp: true, ..Default::default() },
        unarmed: false,
        ..Weapon::unarmed()
    };
    let mut t = thug();
    t.traits.football_gear = true;
    let mut s = setup(big, knife, t);
    s.melee.attack_counters = 1;
    s.target_knocked_down = true;
    for (r, want) in [(Keep, (3, false)), (LoseWhenParalyzed, (3, false)), (Lose, (4, true))] {
        s.readings.helpless_passive_traits = r;
        let x = Attack::new(&s).unwrap();
        assert_eq!((x.damage.faces(), x.sharp), want, "(b) {r:?}");
    }

    let w = Weapon { kind: WeaponKind::Ranged { rate_of_fire: 2 }, ..pistol() };
    let mut s = setup(card(3, 3, 2, 3, 4, 5), w, thug());
    s.target_knocked_down = true;
    s.target_weapon.traits.protective = true;
    for (r, want) in [(Keep, 5.0 / 6.0), (LoseWhenParalyzed, 5.0 / 6.0), (Lose, 5.0 / 3.0)] {
        s.readings.helpless_passive_traits = r;
        close(enumerate(&Attack::new(&s).unwrap(), 10).unwrap().mean(metric::HITS), want, &format!("(c) {r:?}"));
    }

    let blade = Weapon { damage: Markers { stun: 0, wounds: 2 }, unarmed: false, ..Weapon::unarmed() };
    let mut t = thug();
    t.traits.kevlar_vest = true;
    let mut s = setup(card(3, 3, 3, 3, 4, 5), blade, t);
    s.melee.attack_counters = 1;
    s.melee.paralyzed = true;
    for (r, want) in [(Keep, 5.0 / 12.0), (LoseWhenParalyzed, 5.0 / 6.0), (Lose, 5.0 / 6.0)] {
        s.readings.helpless_passive_traits = r;
        close(enumerate(&Attack::new(&s).unwrap(), 10).unwrap().mean(metric::WOUNDS), want, &format!("(d) {r:?}"));
    }
}

// ---------------------------------------------------------------- issue #23: reading switches

/// Reading `ko_target_fallen`. L754 "the miniature gets laid on the ground, and remains like that
/// until recovery"; L802 after recovering it will "remain lying down until it is able to stand up";
/// L1908 "A fallen figure will always be Impacted on a roll of 2+". One strike (A3, S4+, a blade ♦)
/// at a K.O. Thug (D3, 5 ★ on Endurance 5): each ♦ replaces a ★ (L762).
/// `true` (default): impact 2+ (5/6), damage 4+ (1/2): E[♦ placed] = 5/12.
/// `false`: impact 3+ (2/3): E[♦ placed] = 1/3 (the code before issue #23).
#[test]
fn ko_target_fallen_reading() {
    let blade = Weapon { damage: Markers { stun: 0, wounds: 1 }, unarmed: false, ..Weapon::unarmed() };
    let mut s = setup(card(3, 3, 3, 3, 4, 5), blade, thug());
    s.melee.attack_counters = 1;
    s.target_markers = Markers { stun: 5, wounds: 0 };
    for (on, want) in [(true, 5.0 / 12.0), (false, 1.0 / 3.0)] {
        s.readings.ko_target_fallen = on;
        let ex = enumerate(&Attack::new(&s).unwrap(), 6).unwrap();
        close(ex.mean(metric::WOUNDS), want, &format!("ko_target_fallen = {on}: E[♦ placed]"));
    }
    assert!(Readings::default().ko_target_fallen);
    // A config attacking a K.O. target says which reading placed its numbers.
    let f = write_cfg(
        "ko_fallen",
        "kind = \"attack\"\n[attack]\nattacker = \"batman\"\ntarget = \"thug\"\ntarget_stun = 5\nattack_counters = 1\n",
    );
    let sc = load(&f, &Overrides::default()).unwrap();
    assert_eq!(only_attack(&sc).impact.faces(), 5);
    assert!(sc.setup.iter().any(|l| l.contains("ko_target_fallen = true")), "{:?}", sc.setup);
}

/// Reading `protective_blink_modifiers`. L1808 PROTECTIVE: "the wielder benefits from an extra Blink!
/// roll after normal Blink! rolls have been made. This last Blink! Roll will succeed on a 4+ result";
/// L1343 EXPERT MARKSMAN "targets have a -1 penalty to Blink! Rolls"; L1450 Big "-1 penalty on all
/// their Blink! Rolls"; L1614 Small "+1 bonus on Blink! Rolls". A pistol (RoF 1) at a Thug (D3:
/// impact 2/3) with a Protective weapon, no obstacle:
/// `true` (default): Expert Marksman → the extra roll needs 5+, the impact survives 2/3: E[hits] = 4/9;
///   a Small target → 3+, survives 1/3: 2/9; Expert Marksman at a Big target → 6, survives 5/6: 5/9.
/// `false`: always 4+: 2/3 · 1/2 = 1/3 (the code before issue #23).
#[test]
fn protective_blink_modifiers_reading() {
    let mut marksman = card(4, 3, 2, 3, 4, 5);
    marksman.traits.expert_marksman = true;
    let mut small = thug();
    small.traits.small = true;
    let mut big = thug();
    big.traits.big = true;
    for (shooter, target, on_true) in
        [(marksman.clone(), thug(), 4.0 / 9.0), (card(4, 3, 2, 3, 4, 5), small, 2.0 / 9.0), (marksman, big, 5.0 / 9.0)]
    {
        let mut s = setup(shooter, pistol(), target);
        s.target_weapon.traits.protective = true;
        for (on, want) in [(true, on_true), (false, 1.0 / 3.0)] {
            s.readings.protective_blink_modifiers = on;
            let ex = enumerate(&Attack::new(&s).unwrap(), 8).unwrap();
            close(ex.mean(metric::HITS), want, &format!("protective_blink_modifiers = {on}: E[hits]"));
        }
    }
    assert!(Readings::default().protective_blink_modifiers);
}

/// Reading `kevlar_drops`. L1432 KEVLAR VEST: "Reduce 1 Damage Marker whenever this character
/// receives damage, to a minimum of 1". A chain (★♦ per success) strikes once (A3, S4+) at a Thug
/// (D3) with a Kevlar Vest: impact 2/3, damage 1/2, critical (a success and the collateral 6) 1/12.
/// `wound` (default, the wearer drops the ♦): E[★] = 2/3 · (1/2 + 1/12) = 7/18, E[♦] = 0.
/// `stun` (the code before issue #23): E[★] = 2/3 · 1/12 = 1/18, E[♦] = 2/3 · 1/2 = 1/3.
#[test]
fn kevlar_drops_reading() {
    let chain = Weapon { damage: Markers { stun: 1, wounds: 1 }, unarmed: false, ..Weapon::unarmed() };
    let mut t = thug();
    t.traits.kevlar_vest = true;
    let mut s = setup(card(3, 3, 3, 3, 4, 5), chain, t);
    s.melee.attack_counters = 1;
    for (drop, stun, wounds) in [(KevlarDrops::Wound, 7.0 / 18.0, 0.0), (KevlarDrops::Stun, 1.0 / 18.0, 1.0 / 3.0)] {
        s.readings.kevlar_drops = drop;
        let ex = enumerate(&Attack::new(&s).unwrap(), 6).unwrap();
        close(ex.mean(metric::STUN), stun, &format!("{drop:?}: E[★]"));
        close(ex.mean(metric::WOUNDS), wounds, &format!("{drop:?}: E[♦]"));
    }
    assert_eq!(Readings::default().kevlar_drops, KevlarDrops::Wound);
}

/// Issue #23 review, finding 3. L1343 EXPERT MARKSMAN "targets have a -1 penalty to Blink!
/// Rolls"; L1808 PROTECTIVE "an extra Blink! roll … will succeed on a 4+ result". A Marksman
/// (W4 A3 Sp2) shoots a pistol (RoF 1) at a Thug (D3, impact 2/3) holding a Protective shield,
/// no obstacle. Under `protective_blink_modifiers = true` the extra roll needs 5+ (survives 2/3):
/// P(a marker) = 2/3 · 2/3 = 4/9, and the trait pays 1 SC; so no note may say the trait "cannot
/// change this attack's numbers", and the setup line lists only the modifier that applies
/// (Expert Marksman −1; the Thug is neither Big nor Small). Under `false` it is 4+: 2/3 · 1/2 =
/// 1/3 and the trait then cannot change the numbers (the note is right there).
#[test]
fn expert_marksman_against_protective_is_not_called_unused() {
    let body = |on: bool| {
        format!(
            "kind = \"attack\"\n[readings]\nprotective_blink_modifiers = {on}\n\
             [cards.marksman]\nname = \"Marksman\"\nwillpower = 4\nmovement = 2\nattack = 3\ndefense = 3\nstrength = 4\nendurance = 5\nspecial = 2\ntraits = [\"expert_marksman\"]\n\
             [weapons.shield]\nname = \"Shield\"\nkind = \"melee\"\ndamage = \"★\"\ntraits = [\"protective\"]\n\
             [attack]\nattacker = \"marksman\"\ntarget = \"thug\"\nweapon = \"pistol\"\ntarget_weapon = \"shield\"\n"
        )
    };
    for (on, want) in [(true, 4.0 / 9.0), (false, 1.0 / 3.0)] {
        let sc = load(&write_cfg(&format!("em_protective_{on}"), &body(on)), &Overrides::default()).unwrap();
        let ex = enumerate(trial1e(&sc.cells[0].trial), 8).unwrap();
        close(ex.mean(metric::HITS), want, &format!("protective_blink_modifiers = {on}: E[hits]"));
        let unused = sc.notes.iter().any(|n| n.text.contains("Expert Marksman (") && n.text.contains("cannot change"));
        assert_eq!(unused, !on, "protective_blink_modifiers = {on}: {:?}", sc.notes);
        if on {
            let line = sc.setup.iter().find(|l| l.contains("Protective extra Blink!")).expect("a Protective line");
            assert!(line.contains("5+ with the Blink! modifiers (Expert Marksman −1)"), "{line}");
            assert!(sc.setup.iter().any(|l| l.contains("1 SC each for `expert_marksman`")), "{:?}", sc.setup);
        }
    }
}

/// Issue #23 review, finding 7. Under `helpless_passive_traits = lose` a knocked-down target loses
/// its Kevlar Vest (L1908 a fallen miniature "cannot use any Special Ability"; L1432 the vest):
/// a sword (★♦) then gives the same numbers under `kevlar_drops = wound` and `stun`, so no
/// "Kevlar Vest against" line may claim the reading places them; a line says the vest is lost.
/// Under `keep` the line stays and the readings differ. Knocked down (L1908): impact on 2+
/// (5/6 per strike), damage S4+ (1/2); a Thug strikes with 3 AC.
#[test]
fn no_kevlar_line_when_the_vest_is_lost() {
    let body = |helpless: &str, drop: &str| {
        format!(
            "kind = \"attack\"\n[readings]\nhelpless_passive_traits = \"{helpless}\"\nkevlar_drops = \"{drop}\"\n\
             [cards.bigguy]\nname = \"Big guy\"\nwillpower = 3\nmovement = 3\nattack = 3\ndefense = 3\nstrength = 4\nendurance = 6\nspecial = 1\ntraits = [\"big\", \"kevlar_vest\"]\n\
             [weapons.sword]\nname = \"Sword\"\nkind = \"melee\"\ndamage = \"★♦\"\n\
             [attack]\nattacker = \"thug\"\ntarget = \"bigguy\"\nweapon = \"sword\"\ntarget_knocked_down = true\n"
        )
    };
    let mut wounds = Vec::new();
    for helpless in ["lose", "keep"] {
        for drop in ["wound", "stun"] {
            let sc =
                load(&write_cfg(&format!("kevlar_{helpless}_{drop}"), &body(helpless, drop)), &Overrides::default())
                    .unwrap();
            let ex = enumerate(trial1e(&sc.cells[0].trial), 8).unwrap();
            wounds.push(ex.mean(metric::WOUNDS));
            let line = sc.setup.iter().any(|l| l.contains("Kevlar Vest against"));
            assert_eq!(line, helpless == "keep", "{helpless}/{drop}: {:?}", sc.setup);
            let lost =
                sc.setup.iter().any(|l| l.contains("loses its passive protective traits") && l.contains("Kevlar Vest"));
            assert_eq!(lost, helpless == "lose", "{helpless}/{drop}: {:?}", sc.setup);
        }
    }
    close(wounds[0], wounds[1], "lose: the vest is gone, wound = stun");
    assert!((wounds[2] - wounds[3]).abs() > 0.1, "keep: the readings differ {wounds:?}");
}

/// Issue #23 review, finding 4. A sweep keeps only the setup lines all its cells share, so the
/// K.O. cell of a `target_stun` sweep must carry a note naming `ko_target_fallen`. Batman (A5,
/// S3) strikes a Thug (D3, E5) with 4 AC, no block. target_stun = 5 is K.O. (L752).
/// `true`: lying on the ground, impacted on 2+ (L754, L1908): E[damage successes] = 4 · 5/6 · 2/3
/// = 20/9; `false`: Defense 3, impact 3+: 4 · 2/3 · 2/3 = 16/9. (Damage S3: 3+, 2/3.)
#[test]
fn sweep_into_ko_names_ko_target_fallen() {
    for (on, want) in [(true, 20.0 / 9.0), (false, 16.0 / 9.0)] {
        let f = write_cfg(
            &format!("sweep_ko_{on}"),
            &format!(
                "kind = \"sweep\"\n[readings]\nko_target_fallen = {on}\n[attack]\nattacker = \"batman\"\ntarget = \"thug\"\n\
                 attack_counters = 4\ndefense_counters = 0\n[sweep]\nparameter = \"target_stun\"\nfrom = 3\nto = 5\n"
            ),
        );
        let sc = load(&f, &Overrides::default()).unwrap();
        let ko = sc.cells.iter().find(|c| c.label == "5 ★ on the target").expect("the K.O. cell");
        let ex = enumerate(trial1e(&ko.trial), 16).unwrap();
        close(ex.mean(metric::DAMAGE), want, &format!("ko_target_fallen = {on}: E[damage successes]"));
        let named = format!("ko_target_fallen = {on}");
        assert!(
            sc.notes.iter().any(|n| n.text.contains(&named) && n.text.contains("K.O."))
                || sc.setup.iter().any(|l| l.contains(&named)),
            "{on}: {:?} / {:?}",
            sc.notes,
            sc.setup
        );
    }
}

/// Issue #23 review, finding 6. L752: a model with as many ★ as its Endurance is K.O.; L754 it
/// has no counters; its recovery is the Endurance roll (L800: 2D6 ≤ Endurance removes one ★).
/// Batman (E8, not Resilient) with 8 ★ and `ko` omitted: P(2D6 ≤ 8) = 26/36 (the sums 9–12 are
/// 4 + 3 + 2 + 1 = 10 of 36), not the stun recovery 1 die 4+ = 1/2 of the code before.
#[test]
fn recovery_at_endurance_is_ko() {
    let f = write_cfg(
        "recovery_at_endurance",
        "kind = \"procedure\"\n[procedure]\ntype = \"recovery\"\nmodel = \"batman\"\nstun = 8\n",
    );
    let sc = load(&f, &Overrides::default()).unwrap();
    let ex = enumerate(trial1e(&sc.cells[0].trial), 8).unwrap();
    close(ex.events[1], 26.0 / 36.0, "P(recovered from K.O.) for a K.O. Batman");
    assert!(sc.setup.iter().any(|l| l.contains("K.O.: an Endurance roll")), "{:?}", sc.setup);
}

/// Issue #23 review, finding 8. L1716 one special attack per activation; L372 an action without
/// its counters cannot be done. A Brawler (W3, Precise and Devastating Blow) striking with 3 AC
/// has no counter left for either: no note may say the special attack "is used".
#[test]
fn dropped_special_attack_is_not_called_used() {
    let f = write_cfg(
        "brawler_notes",
        "kind = \"attack\"\n[cards.brawler]\nname = \"Brawler\"\nwillpower = 3\nmovement = 2\nattack = 3\ndefense = 3\n\
         strength = 4\nendurance = 5\nspecial = 1\ntraits = [\"precise_blow\", \"devastating_blow\"]\n\
         [attack]\nattacker = \"brawler\"\ntarget = \"thug\"\nattack_counters = 3\n",
    );
    let sc = load(&f, &Overrides::default()).unwrap();
    assert!(sc.notes.iter().any(|n| n.text.contains("is not made")), "{:?}", sc.notes);
    assert!(!sc.notes.iter().any(|n| n.text.contains("is used")), "{:?}", sc.notes);
}
