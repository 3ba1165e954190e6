//! Batman Miniature Game 2019 (`bmg-3e`) rules, checked against values derived by hand from the
//! Spanish rulebook (seed `shared/seeds/000_ca17df116796541f.txt`, line numbers as `cat -n`).
//!
//! Every expected value below is an exact fraction worked out from the text (binomial sums; the
//! derivations are in the doc comments, and were cross-checked by a small independent Python
//! enumeration, not by the crate's exact engine). Monte Carlo results are compared with them at
//! a fixed seed within 4 standard errors; single rolls are checked with scripted dice.

use crate::common::*;
use skirmish_odds::analysis;
use skirmish_odds::config::Overrides;
use skirmish_odds::dice::ScriptedDice;
use skirmish_odds::engine::{self, Stop, Tally, Trial, progress::Progress};
use skirmish_odds::exact::{self as exact_eval, Budget};
use skirmish_odds::registry;
use skirmish_odds::stats::fraction;
use skirmish_odds::systems::bmg3e::effort;
use skirmish_odds::systems::bmg3e::rules::*;

const TRIALS: u64 = 400_000;

fn simulate<T: Trial>(t: T, seed: u64) -> Tally {
    let out = engine::run_cells(&[t], seed, Stop::Trials(TRIALS), &Progress::hidden());
    out.tallies.into_iter().next().unwrap()
}

/// The simulated mean of metric `m` is within 4 standard errors of `exact`.
fn assert_mean(t: &Tally, m: usize, exact: f64, what: &str) {
    let mo = t.moments(m);
    let tol = 4.0 * mo.stderr.max(1e-9);
    assert!((mo.mean - exact).abs() <= tol, "{what}: simulated {} vs exact {exact} (tolerance {tol})", mo.mean);
}

/// The simulated probability of event `e` is within 4 standard errors of `exact`.
fn assert_event(t: &Tally, e: usize, exact: f64, what: &str) {
    let n = t.trials as f64;
    let p = t.events[e] as f64 / n;
    let tol = 4.0 * (exact * (1.0 - exact) / n).sqrt().max(1e-9);
    assert!((p - exact).abs() <= tol, "{what}: simulated {p} vs exact {exact} (tolerance {tol})");
}

/// Batman (A5) in the worked example; Strength 3+ as the issue stipulates.
fn example_batman() -> Profile {
    card(5, 4, 3, 8, 7, 4)
}

/// A Defense 3 target with Willpower 8, so its 3 effort ★ and 4 hits of ★ (7 ★) leave it standing.
fn example_target() -> Profile {
    card(3, 3, 4, 8, 6, 2)
}

/// Seed lines 1640–1645, the worked example: "El Matón hace 3 Esfuerzos para retirar 3 dados de
/// ataque de la tirada de Batman. Batman entonces decide hacer 2 Esfuerzos para añadir 2 dados a
/// su ataque. La tirada final es de 4 dados de ataque (5-3+2) y un dado de Fuerza."
/// With the issue's dice: attack 6, 5, 4, 4 against Defense 3 → 4 impacts (1488–1491: "igual o
/// mayor que la Defensa"); Strength die 5 ≥ 3+ → 1 impact that cannot be blocked (1545–1548);
/// the target rolls Defense = 3 block dice (1539–1541), each cancelling an impact when it is ≥
/// the attacker's **Attack attribute** 5 (1542–1544, "el valor del atributo Ataque del modelo
/// atacante"): 6 blocks, 4 and 2 do not → 1 block; hits = (4 − 1) + 1 = 4, unarmed ★ each (1533).
#[test]
fn worked_example_scripted_dice_every_step() {
    let mut s = setup(example_batman(), Weapon::unarmed(), example_target());
    s.melee.target_effort = 3;
    s.melee.attacker_effort = 2;
    let a = Attack::new(&s).unwrap();
    assert_eq!(a.attack_dice, 4, "5 − 3 + 2 attack dice");
    assert!(a.strength_die, "plus one Strength die");
    assert_eq!(a.block_dice, 3, "the target rolls its Defense in block dice; effort does not change that");
    assert_eq!((a.attacker_effort, a.target_effort), (2, 3));
    // Order of the dice: the 4 attack dice, the Strength die, then the 3 block dice.
    let mut dice = ScriptedDice::new(&[6, 5, 4, 4, 5, 6, 4, 2]);
    let o = a.run(&mut dice);
    assert_eq!(dice.used(), 8, "4 attack dice + 1 Strength die + 3 block dice");
    assert_eq!(o.metrics[metric::ATTACK_DICE], 4);
    assert_eq!(o.metrics[metric::IMPACTS], 5, "4 attack-die impacts + the Strength-die impact");
    assert_eq!(o.metrics[metric::BLOCKS], 1, "only the 6 reaches Batman's Attack 5");
    assert_eq!(o.metrics[metric::HITS], 4);
    assert_eq!(o.metrics[metric::STUN], 4, "unarmed: ★ per hit; 3 effort ★ + 4 = 7 < Willpower 8");
    assert_eq!(o.metrics[metric::WOUNDS], 0);
    assert!(!o.has(event::CRITICAL), "the Strength die shows 5, not a natural 6");
    assert!(!o.has(event::KO) && !o.has(event::KNOCKED_DOWN) && !o.has(event::OUT_OF_ACTION));
    // Had the block target been the 4 dice rolled, the 4 would block too (3 hits); had it been
    // Attack + effort (7), nothing would block (5 hits): the text's reading gives 4.
}

/// Same set-up as the worked example, in expectation: 4 dice at 4/6 against Defense 3, Strength
/// 3+ at 4/6, 3 block dice at 2/6 (faces 5–6 reach Attack 5). E[hits] = 5218/2187 (enumerated
/// over impacts i and blocks b: Σ P(i) P(b) (max(0, i − b) + 2/3)).
#[test]
fn worked_example_expected_hits() {
    let mut s = setup(example_batman(), Weapon::unarmed(), example_target());
    s.melee.target_effort = 3;
    s.melee.attacker_effort = 2;
    let t = simulate(Attack::new(&s).unwrap(), 1640);
    assert_mean(&t, metric::HITS, 5218.0 / 2187.0, "worked example E[hits]");
    assert_mean(&t, metric::IMPACTS, 10.0 / 3.0, "worked example E[impacts] (4 × 2/3 + 2/3)");
}

/// Seed lines 1862–1863 ("Sufre una penalización de -1 a su ataque, defensa y especial") and
/// 1859 ("No puede defenderse"): against a K.O. Defense 4 target the attack dice need 3+, and
/// there is no block roll. Scripted: attack 3, 3, 2 → 2 impacts (a Defense 4 target would take
/// none); Strength 6+ die shows 1 → no impact. Each hit adds one ♦ (1877–1881); the unarmed ★
/// are inflicted but discarded, the target already holds ★ = Willpower (1918–1921).
#[test]
fn ko_target_defense_minus_one_scripted() {
    let mut s = setup(card(3, 4, 6, 6, 6, 2), Weapon::unarmed(), card(3, 4, 4, 4, 12, 2));
    s.target_markers = Markers { stun: 4, wounds: 0 };
    let a = Attack::new(&s).unwrap();
    assert_eq!(a.block_dice, 0, "a K.O. model cannot defend itself");
    assert_eq!(a.impact, skirmish_odds::dice::SuccessMask::at_least(3, 0, true, true), "Defense 4 − 1");
    let mut dice = ScriptedDice::new(&[3, 3, 2, 1]);
    let o = a.run(&mut dice);
    assert_eq!(dice.used(), 4, "3 attack dice and the Strength die, no block dice");
    assert_eq!(o.metrics[metric::HITS], 2);
    assert_eq!(o.metrics[metric::WOUNDS], 2, "+1 ♦ per hit against a K.O. target");
    assert_eq!(o.metrics[metric::STUN], 0, "★ beyond Willpower are discarded");
    assert!(!o.has(event::KO), "already K.O.: not caused by this attack");
}

/// Attack 3 unarmed, Strength 6+, against a K.O. Defense 4 target (1 enemy in contact):
/// attack die 4/6 (3+ after −1), Strength die 1/6, no blocks. E[hits] = 3 × 2/3 + 1/6 = 13/6
/// (not 5/3, the value without the −1); P(≥ 1 hit) = 1 − (1/3)³ × 5/6 = 157/162; E[♦] = 13/6
/// (one extra ♦ per hit, Endurance 12 never reached); a critical never knocks a K.O. model down
/// (1873–1875).
#[test]
fn ko_target_expected_values() {
    let mut s = setup(card(3, 4, 6, 6, 6, 2), Weapon::unarmed(), card(3, 4, 4, 4, 12, 2));
    s.target_markers = Markers { stun: 4, wounds: 0 };
    let t = simulate(Attack::new(&s).unwrap(), 1862);
    assert_mean(&t, metric::HITS, 13.0 / 6.0, "E[hits] vs K.O. D4");
    assert_mean(&t, metric::BLOCKS, 0.0, "no block roll");
    assert_mean(&t, metric::WOUNDS, 13.0 / 6.0, "E[♦] vs K.O. target");
    assert_event(&t, event::ANY_HIT, 157.0 / 162.0, "P(at least one hit)");
    assert_event(&t, event::CRITICAL, 1.0 / 6.0, "P(critical)");
    assert_eq!(t.events[event::KNOCKED_DOWN], 0, "a K.O. model cannot be knocked down");
}

/// The K.O. −1 Defense applies to ranged attacks too (it is a characteristic penalty, 1862):
/// pistol Rate of Fire 2, Strength 4+, against a K.O. Defense 4 target → attack dice need 3+:
/// E[hits] = 2 × 2/3 + 1/2 = 11/6, P(≥ 1 hit) = 1 − (1/3)² × 1/2 = 17/18.
#[test]
fn ko_target_ranged_defense_minus_one() {
    let mut s = setup(card(3, 3, 4, 5, 4, 2), ranged(2, 4, 0, 1), card(3, 4, 4, 4, 12, 2));
    s.target_markers = Markers { stun: 4, wounds: 0 };
    let t = simulate(Attack::new(&s).unwrap(), 1863);
    assert_mean(&t, metric::HITS, 11.0 / 6.0, "pistol E[hits] vs K.O. D4");
    assert_event(&t, event::ANY_HIT, 17.0 / 18.0, "pistol P(at least one hit) vs K.O. D4");
}

/// Numerical inferiority (1503–1515, −1 Defense per enemy in contact beyond the attacker) on a
/// K.O. target, which "No cuenta como estar 'en contacto'" (1865–1867). Reading
/// `ko_target_outnumbered` (default true): Defense 4 − 1 (K.O.) − 1 (2 enemies) = 2 → attack
/// die 5/6, E[hits] = 3 × 5/6 + 1/6 = 8/3; with `false` the inferiority is dropped: 13/6.
#[test]
fn ko_target_outnumbered_reading() {
    let mut s = setup(card(3, 4, 6, 6, 6, 2), Weapon::unarmed(), card(3, 4, 4, 4, 12, 2));
    s.target_markers = Markers { stun: 4, wounds: 0 };
    s.melee.enemies_in_contact = 2;
    assert!(Readings::default().ko_target_outnumbered, "documented default");
    let t = simulate(Attack::new(&s).unwrap(), 1865);
    assert_mean(&t, metric::HITS, 8.0 / 3.0, "K.O. target outnumbered (default)");
    s.readings.ko_target_outnumbered = false;
    let t = simulate(Attack::new(&s).unwrap(), 1866);
    assert_mean(&t, metric::HITS, 13.0 / 6.0, "K.O. target not outnumbered");
}

/// Criticals (1820–1827) knock the target down, but "Un modelo no puede estar K.O. y derribado
/// al mismo tiempo" (1869–1875). Batman (A5 S4+, 1 effort → 6 dice) with ★★ gauntlets on a Thug
/// (D3 W5): K.O. at ≥ 3 hits, so P(knocked down) = P(Strength die 6) × P(attack-die hits after
/// blocks ≤ 1) = 2851/118098.
#[test]
fn knocked_down_only_when_left_standing() {
    let batman = card(5, 4, 4, 8, 7, 4);
    let thug = card(3, 3, 4, 5, 4, 2);
    let mut s = setup(batman, melee(0, 2, 0), thug);
    s.melee.attacker_effort = 1;
    let a = Attack::new(&s).unwrap();
    // Critical, 1 hit: knocked down.
    let o = a.run(&mut ScriptedDice::new(&[1, 1, 1, 1, 1, 1, 6]));
    assert!(o.has(event::CRITICAL) && o.has(event::KNOCKED_DOWN) && !o.has(event::KO));
    // Critical and K.O. (3 attack impacts unblocked + Strength 6 = 4 hits of ★★): not knocked down.
    let o = a.run(&mut ScriptedDice::new(&[6, 6, 6, 1, 1, 1, 6, 1, 1, 1]));
    assert!(o.has(event::CRITICAL) && o.has(event::KO) && !o.has(event::KNOCKED_DOWN));
    assert!(o.has(event::OUT_OF_ACTION));
    let t = simulate(a, 1869);
    assert_event(&t, event::KNOCKED_DOWN, 2851.0 / 118098.0, "P(knocked down), batman-vs-thug");
    assert_event(&t, event::KO, 14816.0 / 19683.0, "P(K.O.), batman-vs-thug");
}

/// Checks (770–778, 809–812) with the K.O. −1 Special (1862–1863; 2027–2031: the recovery
/// Endurance check "se hace con un dado menos"). Own Willpower 6 check, Special 3: 3 dice, two
/// lowest ≤ 6 → 49/72; K.O.: 2 dice → 15/36 = 5/12. Opposed, Special 4 vs 7: two highest > 7
/// → 119/144; with one enemy effort (1589–1593): 3 dice → 49/72 (a K.O. model makes no opposed
/// check: `ko_model_cannot_make_an_opposed_check`). Recovery: Batman Special 4 → 3 dice ≤
/// Endurance 7 → 29/36.
#[test]
fn checks_while_ko_roll_one_die_fewer() {
    let base = CheckSetup {
        kind: CheckKind::Own,
        special: 3,
        ko: false,
        enemy_effort: 0,
        value: 6,
        readings: Readings::default(),
    };
    for (s, exact, what) in [
        (base.clone(), 49.0 / 72.0, "own Sp3 ≤ 6"),
        (CheckSetup { ko: true, ..base.clone() }, 5.0 / 12.0, "own Sp3 ≤ 6 while K.O."),
        (
            CheckSetup { kind: CheckKind::Opposed, special: 4, value: 7, ..base.clone() },
            119.0 / 144.0,
            "opposed Sp4 > 7",
        ),
        (
            CheckSetup { kind: CheckKind::Opposed, special: 4, value: 7, enemy_effort: 1, ..base.clone() },
            49.0 / 72.0,
            "opposed Sp4 > 7 with one enemy effort",
        ),
        (CheckSetup { special: 4, value: 7, ko: true, ..base.clone() }, 29.0 / 36.0, "Batman's recovery check"),
    ] {
        let c = Check::new(&s);
        assert_eq!(c.dice, (s.special - s.ko as u8 - s.enemy_effort) as u32, "{what}: one die fewer while K.O.");
        let t = simulate(c, 770);
        assert_event(&t, 0, exact, what);
    }
}

/// Write `config` beside a copy of the bundled card library and run it with `trials` per cell.
fn run_config(name: &str, config: &str, trials: i64) -> analysis::RunResult {
    let d = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rules_bmg3e").join(name);
    std::fs::create_dir_all(&d).unwrap();
    let lib = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/cards.toml");
    std::fs::copy(lib, d.join("cards.toml")).unwrap();
    let path = d.join("scenario.toml");
    std::fs::write(&path, config).unwrap();
    let sc = registry::load(&path, &Overrides { trials: Some(trials), ..Overrides::default() }).unwrap();
    analysis::run(sc, 0, &Progress::hidden()).unwrap()
}

fn effort_best(name: &str, attack: &str, objective: &str) -> effort::Best {
    let cfg = format!(
        "ruleset = \"bmg-3e\"\nkind = \"effort\"\ninclude = [\"cards.toml\"]\nseed = 1604\n[attack]\n{attack}\n[effort]\nobjective = \"{objective}\"\n"
    );
    let run = run_config(name, &cfg, 200_000);
    effort::best(&run.scenario.cells, &run.output.tallies, parse_objective(objective), 1.96)
}

fn parse_objective(s: &str) -> Objective {
    Objective::ALL.iter().find(|(n, _)| *n == s).map(|(_, o)| *o).unwrap()
}

const BATMAN_VS_THUG: &str = "attacker = \"batman\"\nweapon = \"batclaw-gauntlets\"\ntarget = \"thug\"";

/// Effort ★ are real markers (1604–1607: "Estos marcadores cuentan para el límite de daño ★").
/// `hits` is gross, and says so: every extra die adds 0.53–0.66 expected hits, so the attacker
/// answers 3 to every target effort and the target, minimising hits alone, declares 3:
/// E[hits] = 12491/4374 (5 dice against Defense 3, Strength 4+, 3 block dice at 5+).
/// `hits_net` counts each effort ★ as one hit against the side that takes it: no extra die is
/// worth its ★ (0.53–0.66 < 1), so the attacker answers 0, and the target's effort costs it more
/// than the hits it saves: 0/0 with value 12491/4374.
#[test]
fn effort_hits_is_gross_and_hits_net_counts_the_stars() {
    let b = effort_best("hits", BATMAN_VS_THUG, "hits");
    assert_eq!((b.target_effort, b.attacker_effort), (3, 3));
    assert!(b.counts.contains("not subtracted"), "the report says the effort ★ are not counted: {}", b.counts);
    assert!((b.estimate.value - 12491.0 / 4374.0).abs() < 4.0 * b.estimate.half() / 1.96 + 1e-12);
    let b = effort_best("hits_net", BATMAN_VS_THUG, "hits_net");
    assert_eq!((b.target_effort, b.attacker_effort), (0, 0));
    assert!(b.responses.iter().all(|r| r.attacker_effort == 0), "no extra die is worth its ★");
    assert!((b.estimate.value - 12491.0 / 4374.0).abs() < 4.0 * b.estimate.half() / 1.96 + 1e-12);
    assert!(b.counts.contains("effort ★"));
}

/// A ♦ knife (Bruiser A4 S3+) against a Thug (D3 E4) already carrying 2 ♦: no ★, so no K.O.
/// is possible, but two hits make it a casualty (1892–1896). `ko` counts a casualty too (the
/// same objective as `out_of_action`, as the duels' `optimal-ko` always did): P(hits ≥ 2) with
/// 4 + a − t dice rises with attacker effort (t = 0: 49/81 → 6082/6561 at a = 3), so the
/// attacker answers 3 everywhere and the target declares 3 (no ★ can K.O. it here):
/// 49/81.
#[test]
fn effort_ko_counts_casualties_like_the_duels() {
    let attack = "attacker = \"bruiser\"\nweapon = \"knife\"\ntarget = \"thug\"\ntarget_wounds = 2";
    for objective in ["ko", "out_of_action"] {
        let b = effort_best(objective, attack, objective);
        assert_eq!((b.target_effort, b.attacker_effort), (3, 3), "objective {objective}");
        assert!(b.responses.iter().all(|r| r.attacker_effort == 3), "objective {objective}");
        let tol = 4.0 * b.estimate.half() / 1.96 + 1e-12;
        assert!((b.estimate.value - 49.0 / 81.0).abs() < tol, "objective {objective}: {}", b.estimate.value);
        let r0 = &b.responses[0];
        assert!((r0.estimate.value - 6082.0 / 6561.0).abs() < 4.0 * r0.estimate.half() / 1.96 + 1e-12);
        assert!(b.counts.contains("casualty"));
    }
}

/// A fighter with a ranged weapon may not shoot "en contacto con un enemigo que no esté K.O."
/// (1668–1669): in a duel that starts in contact, the pistol fighter fights unarmed (★ per hit).
/// One round, nobody can be K.O.'d (Willpower and Endurance 12).
/// A (A3) unarmed against B's Defense 4: impacts I ~ Bin(3, 1/2), B's 4 block dice
/// at 4/6 (faces ≥ A's Attack 3), Strength 4+ at 1/2: E[hits] = E[max(0, I − B)] + 1/2 =
/// 19/162 + 1/2 = 50/81 markers (★).
/// Apart (`contact = false`), A shoots its pistol (2 dice at 1/2 and Strength 4+: 3/2 ♦) when it
/// acts first (P = 1/2), and fights unarmed after B has moved into contact otherwise:
/// 1/2 × 3/2 + 1/2 × 50/81 = 343/324.
#[test]
fn duel_ranged_fighter_in_contact_fights_in_melee() {
    use skirmish_odds::systems::bmg3e::rules::duel::{Duel, DuelSetup, EffortPolicy, Fighter, metric as dm};
    let fighter = |p: Profile, w: Weapon| Fighter {
        profile: p,
        weapon: w,
        effort: EffortPolicy::None,
        start: Markers::default(),
        melee_weapon: Weapon::unarmed(),
    };
    let a = fighter(card(3, 3, 4, 12, 12, 2), ranged(2, 4, 0, 1));
    let b = fighter(card(1, 4, 6, 12, 12, 2), Weapon::unarmed());
    for (contact, exact) in [(true, 50.0 / 81.0), (false, 343.0 / 324.0)] {
        let d = Duel::new(&DuelSetup { a: a.clone(), b: b.clone(), rounds: 1, readings: Readings::default(), contact });
        let t = simulate(d, 1668);
        assert_mean(&t, dm::A_DEALT, exact, &format!("markers A deals in round 1, contact = {contact}"));
    }
}

/// "un resultado natural de 1 en un dado siempre será considerado un fracaso ... un resultado
/// natural de 6 siempre será considerado un éxito" (1454–1464), for attack dice and for the
/// Strength die, which is "parte de la tirada de ataque" (1775–1777). Against Defense 6 + 2 = 8
/// only a natural 6 impacts; with Strength 2+ and Heavy +1 a natural 1 still fails.
#[test]
fn natural_one_fails_natural_six_succeeds() {
    let mut s = setup(card(3, 3, 2, 5, 4, 2), melee(1, 1, 0), card(3, 6, 4, 5, 4, 2));
    s.defense_mod = 2;
    let a = Attack::new(&s).unwrap();
    assert_eq!(a.impact.faces(), 1, "Defense 8: only a natural 6");
    assert!(a.impact.test(6) && !a.impact.test(5));
    assert!(!a.strength.test(1) && a.strength.test(2), "Strength 2+ with +1: a natural 1 still fails");
    // Defense 8 is also 8 block dice (Defense never limits the dice count below 1).
    assert_eq!(a.block_dice, 8);
}

/// "Un modelo puede hacer un Esfuerzo cuando ataca o defiende en combate cuerpo a cuerpo"
/// (1557–1558): effort with a ranged weapon is refused, naming the field, not ignored.
#[test]
fn effort_is_melee_only() {
    let d = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rules_bmg3e").join("ranged-effort");
    std::fs::create_dir_all(&d).unwrap();
    let lib = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/cards.toml");
    std::fs::copy(lib, d.join("cards.toml")).unwrap();
    let path = d.join("scenario.toml");
    let cfg = "ruleset = \"bmg-3e\"\nkind = \"attack\"\ninclude = [\"cards.toml\"]\n[attack]\nattacker = \"thug\"\nweapon = \"pistol\"\ntarget = \"robin\"\ntarget_effort = 1\n";
    std::fs::write(&path, cfg).unwrap();
    let e = registry::load(&path, &Overrides::default()).unwrap_err();
    assert!(e.message.contains("applies to melee attacks only"), "{}", e.message);
}

/// "Durante su activación, un modelo puede realizar una sola acción de Movimiento" (1123–1125);
/// its reach is "el valor de su característica de movimiento en pulgadas ... Distancia Básica de
/// movimiento" (1128–1135), which it "nunca podrá excederlo" (1139), and "el movimiento se puede
/// reducir a 0" (561–564). A Bold model (948–953) moves once and then attacks, so it reaches a
/// target d inches away iff d ≤ Movement: the reach is exactly Movement inches, with no dice.
#[test]
fn bmg3e_threat_reach_is_the_movement_in_inches() {
    use skirmish_odds::systems::threat::rules::Mover;
    for m in [0u8, 4, 6, 8] {
        let mover = Mover::Bmg3e { movement_in: m };
        let mut dice = ScriptedDice::new(&[]);
        let o = mover.run(&mut dice);
        assert_eq!(dice.used(), 0, "no dice in a BMG 2019 move");
        assert_eq!(o.metrics[0], 10 * m as u16, "Movement {m}\": reach in tenths of an inch");
        assert_eq!(mover.max_tenths(), 10 * m as usize);
    }
    // Through the config's `[threat.bmg-3e] movement_in`: every trial reaches exactly 6".
    let run = run_config(
        "threat",
        "ruleset = \"all\"\nkind = \"threat\"\n[threat]\nfrom_in = 0\nto_in = 12\n[threat.bmg-3e]\nmovement_in = 6\n",
        1000,
    );
    let t = &run.output.tallies[0];
    assert_eq!(t.hists[0][60], t.trials, "reach 6\" with probability 1");
}

/// Ranged modifiers (1704–1756, "Todos los modificadores son acumulativos"): "Fuera del alcance
/// óptimo ... resta 1 dado" (1720–1730); "Disparar a ciegas ... traza una línea de visión con el
/// objetivo (ignorando la regla de la noche), resta 2 dados" (1744–1749, the 12" night limit of
/// 681–683); the event "Tormenta": "Con un resultado de 4+, todos los Ataques a Distancia ...
/// lanzan 1 dado menos" (2736–2739). "Ataques a distancia: el dado de Fuerza siempre se quita
/// primero" (1813–1814). A Thug's pistol (Rate of Fire 2, Strength 4+) at Robin (Defense 4):
/// no modifier: 2 attack dice at 1/2 + the Strength die at 1/2, E[hits] = 3/2; beyond optimal
/// range or storm (−1): the Strength die goes, E[hits] = 2 × 1/2 = 1; blind fire (−2): the
/// Strength die and one attack die, E[hits] = 1/2; all three (−4): no dice, no hits. Without the
/// Strength die there is no critical (1820–1823). There is no range limit (1700–1701): a shot
/// beyond the optimal range still rolls.
#[test]
fn ranged_modifiers_blind_fire_storm_and_optimal_range_remove_dice() {
    for (name, extra, dice, strength_die, hits) in [
        ("ranged-none", "", 2.0, true, 1.5),
        ("ranged-beyond-optimal", "beyond_optimal_range = true\n", 2.0, false, 1.0),
        ("ranged-storm", "storm = true\n", 2.0, false, 1.0),
        ("ranged-blind", "blind_fire = true\n", 1.0, false, 0.5),
        ("ranged-all", "beyond_optimal_range = true\nstorm = true\nblind_fire = true\n", 0.0, false, 0.0),
    ] {
        let cfg = format!(
            "ruleset = \"bmg-3e\"\nkind = \"attack\"\ninclude = [\"cards.toml\"]\nseed = 1704\n[attack]\nattacker = \"thug\"\nweapon = \"pistol\"\ntarget = \"robin\"\n{extra}"
        );
        let run = run_config(name, &cfg, 200_000);
        let t = &run.output.tallies[0];
        assert_eq!(t.moments(metric::ATTACK_DICE).mean, dice, "{name}: attack dice");
        assert_mean(t, metric::HITS, hits, name);
        if strength_die {
            assert_event(t, event::CRITICAL, 1.0 / 6.0, name);
        } else {
            assert_eq!(t.events[event::CRITICAL], 0, "{name}: the Strength die was removed first");
        }
        // `storm = true` is the round's 4+; the event's own roll (P = 1/2) is named in a note.
        let storm_note = run.scenario.notes.iter().any(|n| n.text.contains("Storm") && n.text.contains("P = 1/2"));
        assert_eq!(storm_note, extra.contains("storm"), "{name}: storm note");
    }
}

/// "las armas de ataque a distancia suelen sustituir la Fuerza propia del modelo, por un valor de
/// Fuerza exclusivo del arma" (1697–1698); the Strength die "obtiene un impacto exitoso si iguala
/// o supera el atributo de Fuerza del atacante (o el atributo de Fuerza del arma ...)"
/// (1778–1782). A Strength 2+ model shooting a Strength 5+ gun: its Strength die needs 5+, so a 4
/// does not impact (it would against the model's own 2+) and a 5 does.
#[test]
fn ranged_strength_die_uses_the_weapons_strength() {
    let s = setup(card(3, 3, 2, 5, 4, 2), ranged(1, 5, 0, 1), card(3, 4, 4, 5, 4, 2));
    let a = Attack::new(&s).unwrap();
    assert_eq!(a.strength.faces(), 2, "Strength 5+: faces 5 and 6");
    // One attack die (1: a natural 1 fails), then the Strength die.
    let o = a.run(&mut ScriptedDice::new(&[1, 4]));
    assert_eq!(o.metrics[metric::HITS], 0, "4 < the gun's Strength 5");
    let o = a.run(&mut ScriptedDice::new(&[1, 5]));
    assert_eq!(o.metrics[metric::HITS], 1);
    assert_eq!(o.metrics[metric::WOUNDS], 1, "the gun's ♦");
}

/// Effort objective `casualty`: P(this attack removes the target), "si ... un modelo acumula una
/// cantidad de marcadores ♦ igual a su Resistencia, el modelo será retirado" (1892–1896); ★
/// only ever K.O. a model (1841–1851), so a K.O. is not a casualty.
/// Bruiser's ♦ knife against a Thug (D3, E4) already carrying 2 ♦: a casualty at ≥ 2 hits, with
/// 4 + a − t attack dice at 2/3 (Defense 3), 3 block dice at 1/2 (faces ≥ Attack 4), Strength 3+
/// at 2/3. More dice always help, so the attacker answers 3 and the target declares 3: 4 dice,
/// P = 49/81; against t = 0, 7 dice: 6082/6561.
/// Batman's ★★ gauntlets against a fresh Thug can K.O. it but never remove it (no ♦, and it is
/// not K.O. when the attack starts, 1877–1881): P(casualty) = 0 in every cell, so nobody makes
/// effort (ties go to less effort).
#[test]
fn effort_casualty_counts_casualties_only() {
    let attack = "attacker = \"bruiser\"\nweapon = \"knife\"\ntarget = \"thug\"\ntarget_wounds = 2";
    let b = effort_best("casualty-knife", attack, "casualty");
    assert_eq!((b.target_effort, b.attacker_effort), (3, 3));
    assert!(b.responses.iter().all(|r| r.attacker_effort == 3));
    assert!((b.estimate.value - 49.0 / 81.0).abs() < 4.0 * b.estimate.half() / 1.96 + 1e-12, "{}", b.estimate.value);
    let r0 = &b.responses[0];
    assert!((r0.estimate.value - 6082.0 / 6561.0).abs() < 4.0 * r0.estimate.half() / 1.96 + 1e-12);
    assert!(b.counts.contains("casualty"), "{}", b.counts);
    let b = effort_best("casualty-gauntlets", BATMAN_VS_THUG, "casualty");
    assert_eq!((b.target_effort, b.attacker_effort), (0, 0));
    assert!(b.responses.iter().all(|r| r.attacker_effort == 0 && r.estimate.value == 0.0));
    assert_eq!(b.estimate.value, 0.0, "★★ hits K.O. a Thug but never remove it");
}

// ---------------------------------------------------------------------------------------------
// Helpless models (issue #23). The 2019 rulebook's only helpless state with stated effects is
// K.O. (seed 1841–1891); "Derribado" is named (1826, 1869–1875, 1397–1405, 2040–2042) but its
// effects are in the Compendium, and there is no paralysis in the 2019 text. Each test below
// takes one thing a model can spend or use and checks it against the K.O. lines:
//   1853–1857 "No se puede activar (y, por lo tanto, no puede realizar acciones)"
//   1859–1860 "No puede defenderse o usar habilidades especiales."
//   1862–1863 "Sufre una penalización de -1 a su ataque, defensa y especial."
//   1865–1867 "No cuenta como estar “en contacto” en efectos como la superioridad numérica,
//             ataques a distancia, etc."
// The audit table is `docs/rules/bmg-3e.md`, section "Helpless models (issue #23)".
// ---------------------------------------------------------------------------------------------

/// Thug (A3 D3 S4+ W5 E4 Sp2), as `configs/bmg-3e/cards.toml`.
fn thug_card() -> Profile {
    card(3, 3, 4, 5, 4, 2)
}

/// Robin (A4 D4 S4+ W6 E5 Sp3), as `configs/bmg-3e/cards.toml`.
fn robin_card() -> Profile {
    card(4, 4, 4, 6, 5, 3)
}

/// The shot: a Thug's pistol (Rate of Fire 2, Strength 4+, ♦) at Robin holding `stun` ★
/// (6 = Willpower: K.O.) and 2 ♦.
fn pistol_at_robin(stun: u8) -> AttackSetup {
    let mut s = setup(thug_card(), ranged(2, 4, 0, 1), robin_card());
    s.target_markers = Markers { stun, wounds: 2 };
    s
}

/// An attack's exact tally (the crate's exact evaluator).
fn exact_tally(a: &Attack) -> Tally {
    exact_eval::evaluate(a, Budget::EXPLICIT).expect("a handful of dice")
}

/// P(event `e`) of an exact tally, as a fraction in lowest terms.
fn p(t: &Tally, e: usize) -> String {
    fraction(t.events[e], t.trials)
}

/// Issue #23 item 1. Dodging comes from special rules: "Esquivando: Algunas reglas especiales como
/// “Esquivar”, o “Acróbata”, permiten al modelo evadir los ataques a distancia" (1751–1756), and a
/// K.O. model "No puede defenderse o usar habilidades especiales" (1859–1860). So a K.O. target
/// cannot dodge: `dodge` is refused, as `target_effort` is (same line).
///
/// By hand, the shot without dodge: Robin's Defense 4 − 1 = 3 while K.O. (1862–1863), so an
/// attack die impacts on 3+ ("igual o mayor que la Defensa", 1670–1673): 2/3; the Strength die
/// needs the pistol's 4+ (1778–1782): 1/2. Hits H = Bin(2, 2/3) + Bern(1/2):
/// P(H = 0) = 1/9 · 1/2 = 1/18, P(1) = 1/9 · 1/2 + 4/9 · 1/2 = 5/18, P(2) = 4/9 · 1/2 + 4/9 · 1/2
/// = 8/18, P(3) = 4/9 · 1/2 = 4/18. Each hit places ♦ and, the target being K.O., one more ♦
/// ("debe añadir un daño ♦ más a cada impacto", 1877–1881). Robin has 2 ♦ of Endurance 5: one hit
/// places 2 ♦ (4 in all); two or more reach 5 = Endurance, a casualty ("si ... acumula una
/// cantidad de marcadores ♦ igual a su Resistencia, el modelo será retirado", 1892–1896), and
/// the excess is discarded (1918–1921): 3 ♦ placed. E[♦] = 2 · 5/18 + 3 · 12/18 = 46/18 = 23/9;
/// P(casualty) = P(H ≥ 2) = 12/18 = 2/3. (With `dodge = 2` honoured, the Strength die and one
/// attack die would go, 1809–1814: E[♦] = 4/3, P(casualty) = 0 — the analyser's old answer.)
#[test]
fn ko_target_cannot_dodge() {
    let s = pistol_at_robin(6);
    let t = exact_tally(&Attack::new(&s).unwrap());
    assert!(t.exact);
    assert_eq!(t.mean_fraction(metric::WOUNDS).as_deref(), Some("23/9"), "E[♦ placed]");
    assert_eq!(p(&t, event::CASUALTY), "2/3", "P(casualty)");
    assert_eq!(t.mean_fraction(metric::HITS).as_deref(), Some("11/6"), "E[hits] = 2 · 2/3 + 1/2");
    // `dodge = 0` states no dodge: accepted, the same shot.
    let mut zero = s.clone();
    zero.ranged.dodge = 0;
    assert_eq!(exact_tally(&Attack::new(&zero).unwrap()), t);
    for k in [1, 2, 6] {
        let mut d = s.clone();
        d.ranged.dodge = k;
        let e = Attack::new(&d).expect_err("a K.O. target cannot dodge");
        assert_eq!(e.field, "dodge");
        assert!(e.message.contains("K.O.") && e.message.contains("1859–1860"), "{}", e.message);
        assert!(e.message.contains("1751–1756"), "{}", e.message);
        assert_eq!(e.allowed, "0 against a K.O. target");
    }
    // Robin standing (5 ★ < Willpower 6) still dodges: 2 dice removed, the Strength die first,
    // 1 attack die at Defense 4 (1/2), ♦ with no extra: E[♦] = 1/2, no casualty (3 ♦ of 5).
    let mut standing = pistol_at_robin(5);
    standing.ranged.dodge = 2;
    let t = exact_tally(&Attack::new(&standing).unwrap());
    assert_eq!(t.mean_fraction(metric::WOUNDS).as_deref(), Some("1/2"));
    assert_eq!(p(&t, event::CASUALTY), "0");
}

/// The refusal through a config: one line, exit 2, at the value of `dodge` (line 11, column 9),
/// naming the field and the lines it follows.
#[test]
fn ko_target_dodge_is_refused_at_its_value() {
    let cfg = "ruleset = \"bmg-3e\"\nkind = \"attack\"\ninclude = [\"cards.toml\"]\n[attack]\nattacker = \"thug\"\nweapon = \"pistol\"\ntarget = \"robin\"\ntarget_stun = 6\ntarget_wounds = 2\n# Robin has Acrobat\ndodge = 2\n";
    fails(
        "rules_bmg3e",
        "ko-dodge",
        cfg,
        &["configs/bmg-3e/cards.toml"],
        &[],
        &[
            "scenario.toml:11:9:",
            "field `attack.dodge`",
            "K.O.",
            "1859–1860",
            "1751–1756",
            "(allowed: 0 against a K.O. target)",
        ],
    );
    // The same shot at a standing Robin runs.
    let run = run_config("standing-dodge", &cfg.replace("target_stun = 6", "target_stun = 5"), 1000);
    assert_eq!(run.output.tallies[0].moments(metric::ATTACK_DICE).mean, 1.0);
}

/// What the *attacker* does and where the target stands are no ability of the K.O. model, so they
/// still apply: moving before shooting (1715–1719), beyond the optimal range (1721–1730), cover
/// "si ... el objetivo está parcialmente tapado por el escenario" (1732–1742: the scenery, not the
/// model), blind fire (1744–1749), the Storm (2734–2739). The shot of `ko_target_cannot_dodge`
/// losing 1 die (the Strength die, 1813–1814): H = Bin(2, 2/3): P(0) = 1/9, P(1) = 4/9, P(2) =
/// 4/9; E[♦] = 2 · 4/9 + 3 · 4/9 = 20/9, P(casualty) = 4/9. Losing 2: one attack die, E[♦] = 2 ·
/// 2/3 = 4/3, no casualty.
/// The attacker's effort is its own (1557–1558, "cuando ataca"): a Thug (A3) making 3 effort
/// against K.O. Robin rolls 6 dice at 3+ and its Strength die at 4+ (1/2), and Robin rolls no
/// block dice (1859). Each hit: ★ discarded (Robin already holds ★ = Willpower), +1 ♦; a
/// casualty at 3 hits. Bin(6, 2/3) = (1, 12, 60, 160, 240, 192, 64)/729, so P(H ≥ 3) = 656/729 +
/// 1/2 · 60/729 = 686/729.
#[test]
fn ko_target_still_suffers_the_attackers_circumstances() {
    let one = |f: &dyn Fn(&mut RangedMods)| {
        let mut s = pistol_at_robin(6);
        f(&mut s.ranged);
        exact_tally(&Attack::new(&s).unwrap())
    };
    for (what, t) in [
        ("cover", one(&|r| r.cover = true)),
        ("beyond optimal range", one(&|r| r.beyond_optimal_range = true)),
        ("storm", one(&|r| r.storm = true)),
    ] {
        assert_eq!(t.mean_fraction(metric::WOUNDS).as_deref(), Some("20/9"), "{what}");
        assert_eq!(p(&t, event::CASUALTY), "4/9", "{what}");
    }
    for (what, t) in [("moved", one(&|r| r.moved = true)), ("blind fire", one(&|r| r.blind_fire = true))] {
        assert_eq!(t.mean_fraction(metric::WOUNDS).as_deref(), Some("4/3"), "{what}");
        assert_eq!(p(&t, event::CASUALTY), "0", "{what}");
    }
    let mut s = setup(thug_card(), Weapon::unarmed(), robin_card());
    s.target_markers = Markers { stun: 6, wounds: 2 };
    s.melee.attacker_effort = 3;
    let a = Attack::new(&s).unwrap();
    assert_eq!((a.attack_dice, a.block_dice), (6, 0));
    let t = exact_tally(&a);
    assert_eq!(p(&t, event::CASUALTY), "686/729");
    assert_eq!(t.mean_fraction(metric::STUN).as_deref(), Some("0"), "★ beyond Willpower are discarded");
}

/// A K.O. model makes no effort. Twice over: it "No puede defenderse" (1859–1860), and effort is
/// never allowed "si este hace que el número de ★ acumulado sea igual o superior a la Voluntad"
/// (541–544; 1607–1610), which a K.O. model's ★ already are. So its effort limit is 0, a
/// `target_effort` against it is refused, and an effort table against it has only target-0 rows.
#[test]
fn ko_model_makes_no_effort() {
    let robin = robin_card();
    assert_eq!(effort_limit(&robin, Markers { stun: 6, wounds: 0 }), 0);
    assert_eq!(effort_limit(&robin, Markers { stun: 5, wounds: 0 }), 0, "5 ★ + 1 would reach Willpower 6");
    assert_eq!(effort_limit(&robin, Markers { stun: 4, wounds: 0 }), 1);
    let mut s = setup(thug_card(), Weapon::unarmed(), robin);
    s.target_markers = Markers { stun: 6, wounds: 0 };
    s.melee.target_effort = 1;
    assert_eq!(Attack::new(&s).unwrap_err().field, "target_effort");
    let d = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rules_bmg3e").join("ko-effort-table");
    std::fs::create_dir_all(&d).unwrap();
    std::fs::copy(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/cards.toml"),
        d.join("cards.toml"),
    )
    .unwrap();
    let path = d.join("scenario.toml");
    std::fs::write(&path, "ruleset = \"bmg-3e\"\nkind = \"effort\"\ninclude = [\"cards.toml\"]\n[attack]\nattacker = \"thug\"\ntarget = \"robin\"\ntarget_stun = 6\n[effort]\nobjective = \"casualty\"\n").unwrap();
    let sc = registry::load(&path, &Overrides::default()).unwrap();
    let labels: Vec<&str> = sc.cells.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(
        labels,
        ["target 0 / attacker 0", "target 0 / attacker 1", "target 0 / attacker 2", "target 0 / attacker 3"]
    );
}

/// A K.O. model "No se puede activar (y, por lo tanto, no puede realizar acciones)" (1853–1854):
/// an attack by a K.O. attacker is refused, naming `attacker_stun` and the markers allowed.
#[test]
fn ko_attacker_cannot_attack() {
    let cfg = "ruleset = \"bmg-3e\"\nkind = \"attack\"\ninclude = [\"cards.toml\"]\n[attack]\nattacker = \"thug\"\ntarget = \"robin\"\nattacker_stun = 5\n";
    fails(
        "rules_bmg3e",
        "ko-attacker",
        cfg,
        &["configs/bmg-3e/cards.toml"],
        &[],
        &["scenario.toml:7:17:", "field `attack.attacker_stun`", "is K.O. and cannot attack", "0..=4"],
    );
}

/// An opposed check is what a model rolls "cuando trates de utilizar alguna característica
/// especial" (801–806): it uses an ability, which a K.O. model cannot (1859–1860), nor does it act
/// at all (1853–1854). So `type = "opposed"` with `ko = true` is refused at `type`.
#[test]
fn ko_model_cannot_make_an_opposed_check() {
    let cfg = "ruleset = \"bmg-3e\"\nkind = \"check\"\ninclude = [\"cards.toml\"]\n[check]\nmodel = \"robin\"\ntype = \"opposed\"\nvalue = 7\nko = true\n";
    fails(
        "rules_bmg3e",
        "ko-opposed",
        cfg,
        &["configs/bmg-3e/cards.toml"],
        &[],
        &["scenario.toml:6:8:", "field `check.type`", "K.O.", "801–806", "1859–1860", "allowed: `own`"],
    );
}

/// Checks a K.O. model does make: its recovery, an Endurance check (787–791, 2027–2036), state
/// checks in the Recount such as poison (1080–1084), and checks other models' abilities force on
/// it, e.g. a Willpower check against hypnotism (783–786, 1593–1598), where an enemy's effort
/// still removes dice (1589–1593). Its Special −1 takes one die (1862–1863, 2031–2036).
/// Robin K.O. (Special 3 → 2 dice), Willpower check ≤ 6 with 1 enemy effort: 1 die, which under
/// the default `plain_2d6` rolls a second die and takes both: 2D6 ≤ 6 = 15/36 = 5/12.
/// The same −1 lowers the K.O. model's Attack and Defense (1862–1863), so a check against its own
/// Defense compares with 4 − 1 = 3: 2 dice, both (the two lowest of two) ≤ 3 = {1+1, 1+2, 2+1}
/// = 3/36 = 1/12 (it was compared with the card's 4: 6/36). Its recovery check, 2 dice ≤
/// Endurance 5: 10/36 = 5/18. Standing, Robin rolls 3 dice against Defense 4: the two lowest sum
/// to ≤ 4 in 64 triples holding a 1 and another die ≤ 3 (108 with two dice ≤ 3, less 44 of those
/// with no 1) and 13 with two 2s and no 1: 77/216.
#[test]
fn ko_model_still_rolls_the_checks_it_is_made_to() {
    let d = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rules_bmg3e").join("ko-checks");
    std::fs::create_dir_all(&d).unwrap();
    std::fs::copy(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/cards.toml"),
        d.join("cards.toml"),
    )
    .unwrap();
    let exact_pass = |name: &str, check: &str| -> (String, Vec<String>) {
        let path = d.join(format!("{name}.toml"));
        std::fs::write(
            &path,
            format!("ruleset = \"bmg-3e\"\nkind = \"check\"\ninclude = [\"cards.toml\"]\n[check]\n{check}"),
        )
        .unwrap();
        let sc = registry::load(&path, &Overrides::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let t = sc.cells[0].trial.exact(Budget::EXPLICIT).unwrap();
        (fraction(t.events[0], t.trials), sc.setup)
    };
    let (pass, _) =
        exact_pass("willpower", "model = \"robin\"\ncharacteristic = \"willpower\"\nko = true\nenemy_effort = 1\n");
    assert_eq!(pass, "5/12");
    let (pass, _) = exact_pass("endurance", "model = \"robin\"\ncharacteristic = \"endurance\"\nko = true\n");
    assert_eq!(pass, "5/18", "2 dice ≤ Endurance 5: 10/36");
    let (pass, setup) = exact_pass("defense", "model = \"robin\"\ncharacteristic = \"defense\"\nko = true\n");
    assert_eq!(pass, "1/12", "X = Defense 4 − 1 while K.O.");
    assert!(setup.iter().any(|l| l.contains("X = Robin's defense 3")), "{setup:?}");
    let (pass, _) = exact_pass("defense-standing", "model = \"robin\"\ncharacteristic = \"defense\"\n");
    assert_eq!(pass, "77/216", "3 dice, two lowest ≤ the card's Defense 4 when not K.O.");
}

/// Write `config` beside a copy of the bundled card library and load it (no run).
fn load_config(name: &str, config: &str) -> skirmish_odds::analysis::scenario::Scenario {
    let d = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rules_bmg3e").join(name);
    std::fs::create_dir_all(&d).unwrap();
    let lib = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/cards.toml");
    std::fs::copy(lib, d.join("cards.toml")).unwrap();
    let path = d.join("scenario.toml");
    std::fs::write(&path, config).unwrap();
    registry::load(&path, &Overrides::default()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Issue #23 item 2, `check_with_one_die`. A check rolls Special dice and "elige dos de los dados"
/// (770–778); K.O. takes one ("recuerda que este chequeo se hace con un dado menos, ya que el
/// estado K.O. incluye un penalizador de -1 a la característica Especial", 2031–2036). A Special 2
/// model recovering at Endurance 4 rolls 1 die:
/// - `plain_2d6` (default): a second die, both taken: 2D6 ≤ 4 = sums 2, 3, 4 = (1 + 2 + 3)/36 =
///   1/6 — the same as with its 2 dice standing, so the K.O. −1 Special costs it nothing;
/// - `single_die`: 1D6 ≤ 4 = 4/6 = 2/3 — the K.O. "penalización" quadruples its chance.
///
/// Then in a duel (one round; recovery in the Recount, 1086–1091, 2022–2043): A (Attack 10,
/// Strength 2+, unarmed ★) attacks B (Defense 1, Willpower 1, Endurance 4, Special 2). An attack
/// die impacts on 2+ (natural 1 fails, 1454–1464), the Strength die on 2+, and B's one block die
/// would need A's Attack 10 (1542–1544): never. So B is K.O.'d by A's one attack unless all 11
/// dice show 1: q = 1 − 6^−11, whoever acts first (B's ★ hits cannot K.O. A's Willpower 12 in
/// one round). In the Recount a K.O. model sheds no ★ (2022–2025) and makes its recovery check;
/// on a pass it stops being K.O. and removes a ★ (2038–2043): a draw; otherwise A wins.
/// P(A wins) = q · (1 − 1/6) = 5q/6 under `plain_2d6`, q · (1 − 2/3) = q/3 under `single_die`.
#[test]
fn one_die_reading_decides_a_special_2_recovery() {
    let recovery = |one_die: OneDie| {
        let c = Check::new(&CheckSetup {
            kind: CheckKind::Own,
            special: 2,
            ko: true,
            enemy_effort: 0,
            value: 4,
            readings: Readings { check_with_one_die: one_die, ..Readings::default() },
        });
        assert_eq!(c.dice, 1, "Special 2 − 1 while K.O.");
        let t = exact_eval::evaluate(&c, Budget::EXPLICIT).unwrap();
        fraction(t.events[0], t.trials)
    };
    assert_eq!(Readings::default().check_with_one_die, OneDie::Plain2d6, "documented default");
    assert_eq!(recovery(OneDie::Plain2d6), "1/6");
    assert_eq!(recovery(OneDie::SingleDie), "2/3");

    use skirmish_odds::systems::bmg3e::rules::duel::{Duel, DuelSetup, EffortPolicy, Fighter, exact};
    let fighter = |p: Profile| Fighter {
        profile: p,
        weapon: Weapon::unarmed(),
        effort: EffortPolicy::None,
        start: Markers::default(),
        melee_weapon: Weapon::unarmed(),
    };
    let q = 1.0 - 6f64.powi(-11);
    for (one_die, a_wins) in [(OneDie::Plain2d6, 5.0 * q / 6.0), (OneDie::SingleDie, q / 3.0)] {
        let d = Duel::new(&DuelSetup {
            a: fighter(card(10, 6, 2, 12, 12, 2)),
            b: fighter(card(1, 1, 6, 1, 4, 2)),
            rounds: 1,
            readings: Readings { check_with_one_die: one_die, ..Readings::default() },
            contact: true,
        });
        let sol = exact::solve(&d, d.deciders());
        assert!((sol.win[0] - a_wins).abs() < 1e-12, "{one_die:?}: P(A wins) {} vs {a_wins}", sol.win[0]);
        assert!((sol.draw - (1.0 - a_wins)).abs() < 1e-12, "{one_die:?}: P(draw)");
        assert_eq!(sol.win[1], 0.0);
        // The sampled duel agrees (4 standard errors).
        let t = simulate(d, 2036);
        assert_event(&t, skirmish_odds::analysis::duel::event::A_WINS, a_wins, &format!("{one_die:?} sampled"));
    }
}

/// A report whose numbers rest on a check rolled on one die says so, with P(pass) under both
/// readings (1/6 and 2/3 above): a one-die check, and a duel fighter of Special ≤ 2 that the other
/// can K.O. (its weapon deals ★). Not for checks on 2+ dice, nor for a fighter nobody can K.O.
#[test]
fn reports_say_when_the_one_die_reading_moves_their_numbers() {
    let reading_notes = |sc: &skirmish_odds::analysis::scenario::Scenario| -> Vec<String> {
        sc.notes.iter().filter(|n| n.text.contains("a check reduced to one die")).map(|n| n.text.clone()).collect()
    };
    let check = |extra: &str| {
        format!(
            "ruleset = \"bmg-3e\"\nkind = \"check\"\ninclude = [\"cards.toml\"]\n{extra}[check]\nmodel = \"thug\"\ncharacteristic = \"endurance\"\nko = true\n"
        )
    };
    let sc = load_config("one-die-check", &check(""));
    // The setup line says what one die means under the reading in force (it said "roll 1 dice,
    // keep the two lowest", issue #23 review).
    assert!(
        sc.setup.iter().any(|l| l.contains("1 die left — a second die is rolled and both are summed")),
        "{:?}",
        sc.setup
    );
    let notes = reading_notes(&sc);
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(notes[0].contains("770–778") && notes[0].contains("1592–1593"), "{}", notes[0]);
    assert!(
        notes[1].contains("Thug's own check against X = 4 rolls 1 die")
            && notes[1].contains("P = 1/6 if it rolls a second die (in force), 2/3 if it compares the one die alone"),
        "{}",
        notes[1]
    );
    let sc = load_config("one-die-check-single", &check("[readings]\ncheck_with_one_die = \"single_die\"\n"));
    assert!(sc.setup.iter().any(|l| l.contains("1 die left — the one die alone")), "{:?}", sc.setup);
    let notes = reading_notes(&sc);
    assert!(
        notes[1].contains("1/6 if it rolls a second die, 2/3 if it compares the one die alone (in force)"),
        "{}",
        notes[1]
    );
    let standing = check("").replace("ko = true\n", "");
    assert!(reading_notes(&load_config("two-dice-check", &standing)).is_empty(), "2 dice: no note");

    let duel = |a: &str, b: &str| {
        format!(
            "ruleset = \"bmg-3e\"\nkind = \"duel\"\ninclude = [\"cards.toml\"]\n[duel]\nrounds = 2\na = {{ card = \"{a}\", weapon = \"batclaw-gauntlets\" }}\nb = {{ card = \"{b}\", weapon = \"knife\" }}\n"
        )
    };
    // Batman's ★★ can K.O. the Bruiser (Special 2, Endurance 6: 2D6 ≤ 6 = 15/36, 1D6 ≤ 6 always);
    // the Bruiser's ♦ knife never K.O.s Batman, whose 3 recovery dice are not in question anyway.
    let notes = reading_notes(&load_config("one-die-duel", &duel("batman", "bruiser")));
    assert_eq!(notes.len(), 2, "{notes:?}");
    // One note lists every card whose recovery rolls one die (issue #39: one paragraph each).
    assert!(
        notes[1].contains("a K.O. fighter of Special 2 recovers on an Endurance check of Special − 1 = 1 die"),
        "{}",
        notes[1]
    );
    assert!(notes[1].ends_with(": Bruiser (Endurance 6) 5/12 or 1"), "{}", notes[1]);
    // A Bruiser with gauntlets against a Thug with a knife: the Thug can be K.O.'d, the Bruiser
    // cannot (the knife deals ♦ only), so only the Thug's recovery is named.
    let notes = reading_notes(&load_config("one-die-duel-thug", &duel("bruiser", "thug")));
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(notes[1].ends_with(": Thug (Endurance 4) 1/6 or 2/3"), "{}", notes[1]);
    assert!(notes.iter().all(|n| !n.contains("Bruiser (")), "{notes:?}");
    // The bundled duel and balance carry it (each card once).
    let bundled = |c: &str| {
        registry::load(std::path::Path::new(&format!("configs/bmg-3e/{c}.toml")), &Overrides::default()).unwrap()
    };
    let notes = reading_notes(&bundled("duel-batman-vs-bruiser"));
    assert!(notes.iter().any(|n| n.contains("Bruiser (Endurance 6) 5/12 or 1")), "{notes:?}");
    let notes = reading_notes(&bundled("balance-new-henchman"));
    assert_eq!(notes.iter().filter(|n| n.contains("770–778")).count(), 1, "{notes:?}");
    assert_eq!(notes.iter().filter(|n| n.contains("Thug (Endurance 4) 1/6 or 2/3")).count(), 1, "{notes:?}");
    assert_eq!(
        notes.iter().filter(|n| n.contains("moves these numbers")).count(),
        1,
        "one note for every card: {notes:?}"
    );
    assert!(reading_notes(&bundled("willpower-check")).is_empty(), "Robin's check rolls 2 dice");
}

/// The other notes an attack on a K.O. target carries: where `defense_mod` comes from (a bonus
/// from the target's own abilities cannot apply, 1859–1860; terrain can), and the reading
/// `ko_target_outnumbered` when it moves the Defense: Robin K.O. (Defense 4 − 1 = 3) with 2
/// enemies in contact is Defense 2 under `true`, 3 under `false` (1865–1867, 1503–1515).
#[test]
fn ko_target_notes() {
    let attack = |extra: &str| {
        format!(
            "ruleset = \"bmg-3e\"\nkind = \"attack\"\ninclude = [\"cards.toml\"]\n[attack]\nattacker = \"thug\"\ntarget = \"robin\"\n{extra}"
        )
    };
    let texts = |sc: skirmish_odds::analysis::scenario::Scenario| -> Vec<String> {
        sc.notes.into_iter().map(|n| n.text).collect()
    };
    let n = texts(load_config("ko-outnumbered", &attack("target_stun = 6\nenemies_in_contact = 2\n")));
    assert!(
        n.iter().any(|t| t.contains("`ko_target_outnumbered`")
            && t.contains("Defense 2 under `true` (in force)")
            && t.contains("3 under `false`")),
        "{n:?}"
    );
    let n = texts(load_config("standing-outnumbered", &attack("target_stun = 5\nenemies_in_contact = 2\n")));
    assert!(n.iter().all(|t| !t.contains("ko_target_outnumbered")), "{n:?}");
    let n = texts(load_config("ko-defense-mod", &attack("target_stun = 6\ndefense_mod = 1\n")));
    assert!(n.iter().any(|t| t.contains("`defense_mod` +1") && t.contains("1859–1860")), "{n:?}");
    let n = texts(load_config("standing-defense-mod", &attack("defense_mod = 1\n")));
    assert!(n.iter().all(|t| !t.contains("defense_mod")), "{n:?}");
    // Robin (D4) with 5 enemies in contact: Defense 4 − 4 → 1; one block die, or none.
    let n = texts(load_config("floored-blocks", &attack("enemies_in_contact = 5\n")));
    assert!(
        n.iter().any(|t| t.contains("`outnumbered_block_dice`")
            && t.contains("1 block die under `defense` (in force)")
            && t.contains("0 block dice under `fewer_dice`")),
        "{n:?}"
    );
    let n = texts(load_config("unfloored-blocks", &attack("enemies_in_contact = 3\n")));
    assert!(n.iter().all(|t| !t.contains("outnumbered_block_dice")), "{n:?}");
}

/// Numerical inferiority (1503–1515) on a Defense 2 target with 3 enemies in contact: Defense
/// 2 − 2 → the floor of 1 (504), so every attack die but a natural 1 impacts (5/6). Block dice:
/// "tantos dados como su atributo de Defensa" (1535–1538) gives 1 (the default reading
/// `outnumbered_block_dice = "defense"`); "tirará 2 dados menos" (1514) read literally gives
/// 2 − 2 = 0 (`fewer_dice`). By hand, A4 unarmed (4 attack dice, Strength 4+ → 1/2): E[hits] =
/// 4 · 5/6 − P(block) · P(at least one impact) + 1/2 = 10/3 − 1/2 · (1 − 6⁻⁴) + 1/2 =
/// 10/3 + 1/2592 with one block die at 4+; 10/3 + 1/2 = 23/6 with none (issue #39).
#[test]
fn outnumbered_block_dice_reading() {
    let mut s = setup(card(4, 4, 4, 6, 6, 2), Weapon::unarmed(), card(3, 2, 4, 6, 12, 2));
    s.melee.enemies_in_contact = 3;
    assert_eq!(Readings::default().outnumbered_block_dice, OutnumberedBlocks::Defense, "documented default");
    assert_eq!(block_dice(&s), 1);
    let t = simulate(Attack::new(&s).unwrap(), 1514);
    assert_mean(&t, metric::HITS, 10.0 / 3.0 + 1.0 / 2592.0, "one block die (default)");
    s.readings.outnumbered_block_dice = OutnumberedBlocks::FewerDice;
    assert_eq!(block_dice(&s), 0);
    let t = simulate(Attack::new(&s).unwrap(), 1515);
    assert_mean(&t, metric::HITS, 23.0 / 6.0, "two dice fewer: none");
    // Where the penalty leaves Defense above 1 the two readings agree: D4, 3 enemies → 2 dice.
    let mut s = setup(card(4, 4, 4, 6, 6, 2), Weapon::unarmed(), card(3, 4, 4, 6, 12, 2));
    s.melee.enemies_in_contact = 3;
    for r in [OutnumberedBlocks::Defense, OutnumberedBlocks::FewerDice] {
        s.readings.outnumbered_block_dice = r;
        assert_eq!(block_dice(&s), 2, "{r:?}");
    }
}
