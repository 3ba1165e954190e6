//! Throughput in elements/s: raw D6 generation vs BMG 2019 resolutions.
//!
//! `dice/12 dice` generates exactly the dice a 12-dice melee resolution rolls, so its
//! elements/s divided by `bmg3e/melee 12 dice` elements/s is the cost ratio of a resolution
//! over its dice alone (goal: ≤ 3×).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use skirmish_odds::dice::{D6Stream, Dice};
use skirmish_odds::engine::{self, Stop, Trial, progress::Progress};
use skirmish_odds::systems::bmg3e::rules::*;
use std::hint::black_box;

const BATCH: u64 = 1000;

fn card(a: u8, d: u8, s: u8, w: u8, e: u8, sp: u8) -> Profile {
    Profile { attack: a, defense: d, strength: s, willpower: w, endurance: e, special: sp, movement: 6 }
}

/// Attacker A6 with 2 effort: 8 attack dice + Strength die + 3 block dice = 12 dice.
fn melee_12() -> Attack {
    let setup = AttackSetup {
        attacker: card(6, 4, 4, 8, 7, 4),
        attacker_markers: Markers::default(),
        weapon: Weapon {
            kind: WeaponKind::Melee { strength_bonus: 1 },
            damage: Markers { stun: 2, wounds: 0 },
            crt: None,
        },
        target: card(4, 3, 4, 6, 5, 3),
        target_markers: Markers::default(),
        defense_mod: 0,
        melee: MeleeMods { attacker_effort: 2, target_effort: 0, enemies_in_contact: 1 },
        ranged: RangedMods::default(),
        readings: Readings::default(),
    };
    Attack::new(&setup).expect("valid")
}

/// BMG 2013: Batman's 5 strikes against 2 block dice, damage dice and the collateral die.
fn bmg1e_melee() -> skirmish_odds::systems::bmg1e::rules::Attack {
    use skirmish_odds::systems::bmg1e::rules as e1;
    let card = |w, a, d, s, e| e1::Card {
        willpower: w,
        movement: 3,
        attack: a,
        defense: d,
        strength: s,
        endurance: e,
        special: 3,
        traits: e1::CharTraits::default(),
    };
    e1::Attack::new(&e1::AttackSetup {
        attacker: card(6, 5, 5, 3, 8),
        weapon: e1::Weapon::unarmed(),
        target: card(4, 4, 3, 3, 7),
        target_weapon: e1::Weapon::unarmed(),
        target_markers: Markers::default(),
        target_knocked_down: false,
        target_armor_spent: 0,
        special_attack: e1::SpecialAttack::None,
        melee: e1::MeleeMods { attack_counters: 5, defense_counters: 2, ..Default::default() },
        ranged: e1::RangedMods::default(),
        readings: e1::Readings::default(),
    })
    .expect("valid")
}

/// Dice wrapper that counts draws, to state how many dice a resolution really rolls.
struct Counting<'a>(&'a mut D6Stream, u64);
impl Dice for Counting<'_> {
    fn d6(&mut self) -> u8 {
        self.1 += 1;
        self.0.d6()
    }
}

fn benches(c: &mut Criterion) {
    let attack = melee_12();
    let mut probe = D6Stream::from_seed(3);
    let mut counting = Counting(&mut probe, 0);
    for _ in 0..100_000 {
        black_box(attack.run(&mut counting));
    }
    eprintln!("melee bench scenario rolls {:.2} dice per resolution on average", counting.1 as f64 / 100_000.0);
    let m1 = bmg1e_melee();
    let mut counting = Counting(&mut probe, 0);
    for _ in 0..100_000 {
        black_box(m1.run(&mut counting));
    }
    eprintln!("bmg-1e melee bench scenario rolls {:.2} dice per resolution on average", counting.1 as f64 / 100_000.0);

    let mut g = c.benchmark_group("dice");
    g.throughput(Throughput::Elements(BATCH * 12));
    g.bench_function("raw d6", |b| {
        let mut d = D6Stream::from_seed(1);
        b.iter(|| {
            let mut acc = 0u32;
            for _ in 0..BATCH * 12 {
                acc += d.d6() as u32;
            }
            black_box(acc)
        })
    });
    g.throughput(Throughput::Elements(BATCH));
    g.bench_function("12 dice", |b| {
        let mut d = D6Stream::from_seed(1);
        b.iter(|| {
            let mut acc = 0u32;
            for _ in 0..BATCH {
                for _ in 0..12 {
                    acc += d.d6() as u32;
                }
            }
            black_box(acc)
        })
    });
    g.finish();

    let mut g = c.benchmark_group("bmg3e");
    g.throughput(Throughput::Elements(BATCH));
    g.bench_function("melee 12 dice", |b| {
        let mut d = D6Stream::from_seed(1);
        b.iter(|| {
            let mut acc = 0u32;
            for _ in 0..BATCH {
                acc += attack.run(&mut d).metrics[metric::HITS] as u32;
            }
            black_box(acc)
        })
    });
    let melee_1e = bmg1e_melee();
    g.bench_function("bmg1e melee 5 AC vs 2 DC", |b| {
        let mut d = D6Stream::from_seed(1);
        b.iter(|| {
            let mut acc = 0u32;
            for _ in 0..BATCH {
                acc += melee_1e.run(&mut d).metrics[0] as u32;
            }
            black_box(acc)
        })
    });
    let check = Check::new(&CheckSetup {
        kind: CheckKind::Own,
        special: 4,
        ko: false,
        enemy_effort: 0,
        value: 7,
        readings: Readings::default(),
    });
    g.bench_function("check 4 dice", |b| {
        let mut d = D6Stream::from_seed(1);
        b.iter(|| {
            let mut acc = 0u32;
            for _ in 0..BATCH {
                acc += check.run(&mut d).events;
            }
            black_box(acc)
        })
    });
    // The bundled 2019 duel (4 rounds, effort tables), sampled: duels per second.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let duel_sc = skirmish_odds::registry::load(
        &root.join("configs/bmg-3e/duel-batman-vs-bruiser.toml"),
        &skirmish_odds::config::Overrides::default(),
    )
    .expect("bundled");
    let duel = match duel_sc.cells[0].trial.downcast::<Trial3e>() {
        Some(Trial3e::Duel(d)) => d.clone(),
        _ => unreachable!("a bmg-3e duel"),
    };
    // Each attack's hits drawn from its exact table (what runs), and rolled die by die (the
    // tables' oracle): the ratio is what the tables buy.
    for (name, duel) in
        [("duel batman-vs-bruiser", duel.clone()), ("duel batman-vs-bruiser, die by die", duel.die_by_die())]
    {
        g.bench_function(name, |b| {
            let mut d = D6Stream::from_seed(1);
            b.iter(|| {
                let mut acc = 0u32;
                for _ in 0..BATCH {
                    acc += duel.run(&mut d).events;
                }
                black_box(acc)
            })
        });
    }
    g.finish();

    let mut g = c.benchmark_group("engine");
    let n = 1_000_000u64;
    g.throughput(Throughput::Elements(n));
    g.sample_size(10);
    for threads in [1usize, 2] {
        g.bench_function(format!("melee 12 dice, {threads} thread(s), tallied"), |b| {
            let p = Progress::hidden();
            b.iter(|| {
                engine::with_threads(threads, || {
                    black_box(engine::run_cells(std::slice::from_ref(&attack), 9, Stop::Trials(n), &p))
                })
            })
        });
    }
    // The same resolution as a scenario cell (a bundled config's attack), sampled through the
    // analysis layer as `run` does it: what a real run pays for dispatching to the cell's trial.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sc = skirmish_odds::registry::load(
        &root.join("configs/bmg-3e/batman-vs-thug.toml"),
        &skirmish_odds::config::Overrides::default(),
    )
    .expect("bundled");
    sc.stop = Stop::Trials(n);
    g.bench_function("batman-vs-thug cell, 1 thread(s), sampled via analysis::run_with", |b| {
        let p = Progress::hidden();
        b.iter(|| {
            let none = vec![None; sc.cells.len()];
            black_box(skirmish_odds::analysis::run_with(sc.clone(), none, 1, &p).expect("runs"))
        })
    });
    g.finish();
}

/// A 2019 melee of `attack` + 2 effort attack dice against a target of Defense `defense` (one
/// block die per Defense point): `sized(10, 6)` is the 12 attack dice against 6 block dice.
fn sized(attack: u8, defense: u8) -> Attack {
    let setup = AttackSetup {
        attacker: card(attack, 4, 4, 8, 7, 4),
        attacker_markers: Markers::default(),
        weapon: Weapon {
            kind: WeaponKind::Melee { strength_bonus: 1 },
            damage: Markers { stun: 2, wounds: 0 },
            crt: None,
        },
        target: card(4, defense, 4, 6, 5, 3),
        target_markers: Markers::default(),
        defense_mod: 0,
        melee: MeleeMods { attacker_effort: 2, target_effort: 0, enemies_in_contact: 1 },
        ranged: RangedMods::default(),
        readings: Readings::default(),
    };
    Attack::new(&setup).expect("valid")
}

/// Exact answers (`src/exact`): the targets are batman-vs-thug ≤ 0.05 ms with the whole
/// report model, 12 vs 6 dice ≤ 0.2 ms, and 100 attack cells ≤ 50 ms in all.
fn exact_benches(c: &mut Criterion) {
    use skirmish_odds::analysis;
    use skirmish_odds::config::Overrides;
    use skirmish_odds::exact::{self, Budget};
    use skirmish_odds::registry;
    use skirmish_odds::report;
    let mut g = c.benchmark_group("exact");
    g.throughput(Throughput::Elements(1));
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let sc = registry::load(&root.join("configs/bmg-3e/batman-vs-thug.toml"), &Overrides::default()).expect("bundled");
    g.bench_function("batman-vs-thug, evaluated and report model built", |b| {
        let p = Progress::hidden();
        b.iter(|| {
            let exact = analysis::exact_cells(&sc).expect("exact");
            let run = analysis::run_with(sc.clone(), exact, 1, &p).expect("runs");
            black_box(report::build(&run, skirmish_odds::registry::find(run.scenario.ruleset).unwrap()))
        })
    });
    let big = sized(10, 6);
    assert_eq!((big.attack_dice, big.block_dice), (12, 6));
    g.bench_function("melee 12 attack dice vs 6 block dice", |b| {
        b.iter(|| black_box(exact::evaluate(&big, Budget::EXPLICIT).expect("exact")))
    });
    // 100 cells: Attack 1..=10 (3..=12 attack dice) × Defense 1..=10 (block dice).
    let cells: Vec<Attack> = (0..100u8).map(|k| sized(1 + k / 10, 1 + k % 10)).collect();
    g.throughput(Throughput::Elements(100));
    g.bench_function("sweep of 100 attack cells", |b| {
        b.iter(|| {
            for a in &cells {
                black_box(exact::evaluate(a, Budget::EXPLICIT).expect("exact"));
            }
        })
    });
    // The bundled 2019 duel, solved exactly as its report does (≤ 50 ms): the configured
    // policies, the whole-duel optimum, and each side held to no effort and to the per-attack
    // policy against the other's best answer.
    let duel_sc = registry::load(&root.join("configs/bmg-3e/duel-batman-vs-bruiser.toml"), &Overrides::default())
        .expect("bundled");
    let duel = match duel_sc.cells[0].trial.downcast::<Trial3e>() {
        Some(Trial3e::Duel(d)) => d.clone(),
        _ => unreachable!("a bmg-3e duel"),
    };
    g.throughput(Throughput::Elements(1));
    g.sample_size(20);
    g.bench_function("duel batman-vs-bruiser with the optimal-policy DP", |b| {
        b.iter(|| black_box(skirmish_odds::systems::bmg3e::rules::duel::exact::analyse(&duel)))
    });
    // The bundled 2013 duel solved exactly as its report does: the configured counter splits,
    // both sides planning their splits, and each side held to each fixed split policy against
    // the other's best answer (eight dynamic programmes).
    let duel_sc = registry::load(&root.join("configs/bmg-1e/duel-batman-vs-bruiser.toml"), &Overrides::default())
        .expect("bundled");
    let duel = match duel_sc.cells[0].trial.downcast() {
        Some(skirmish_odds::systems::bmg1e::rules::Trial1e::Duel(d)) => d.clone(),
        _ => unreachable!("a bmg-1e duel"),
    };
    g.bench_function("duel 2013 batman-vs-bruiser with the counter-split DP", |b| {
        b.iter(|| black_box(skirmish_odds::systems::bmg1e::rules::duel::exact::analyse(&duel)))
    });
    // What a balance test runs per pair of fighters: one solve with the configured policies.
    g.bench_function("duel 2013 one solve batman-vs-bruiser as configured", |b| {
        b.iter(|| black_box(skirmish_odds::systems::bmg1e::rules::duel::exact::solve(&duel, duel.deciders())))
    });
    // Every pair of the bundled 2013 balance (candidate and gauntlet against the gauntlet),
    // each solved once as configured.
    let bal =
        registry::load(&root.join("configs/bmg-1e/balance-new-henchman.toml"), &Overrides::default()).expect("bundled");
    let pairs: Vec<_> = bal
        .cells
        .iter()
        .filter_map(|c| match c.trial.downcast() {
            Some(skirmish_odds::systems::bmg1e::rules::Trial1e::Duel(d)) => Some(d.clone()),
            _ => None,
        })
        .collect();
    assert!(!pairs.is_empty(), "the 2013 balance duels its fighters");
    g.bench_function("duel 2013 balance-new-henchman every pair solved as configured", |b| {
        b.iter(|| {
            for d in &pairs {
                black_box(skirmish_odds::systems::bmg1e::rules::duel::exact::solve(d, d.deciders()));
            }
        })
    });
    // Many against one (issue #41): five and six different henchmen against Batman, every side's
    // effort at its best, solved exactly — the order listed, every distinct order searched, the
    // adaptive plan, each walked forwards — on one core (the solve is single-threaded).
    use skirmish_odds::analysis::gang::GangTrial;
    use skirmish_odds::systems::bmg3e::rules::gang::Gang;
    for (name, file) in [
        ("gang 2019 five henchmen with the best-order search", "benches/gang/five-henchmen-2019.toml"),
        ("gang 2019 six henchmen with the best-order search", "benches/gang/six-henchmen-2019.toml"),
    ] {
        let sc = registry::load(&root.join(file), &Overrides::default()).expect("bundled");
        let rules = sc.cells[0].trial.downcast::<GangTrial<Gang>>().expect("a 2019 sequence").rules.clone();
        g.bench_function(name, |b| {
            b.iter(|| {
                let t = GangTrial::new(rules.clone());
                black_box(t.figures().map(|f| f.best.p_out).ok())
            })
        });
    }
    // The 2013 game (the target's Defense counters spent after each impact roll: two steps per
    // attack) and Wolsung (a dealt hand spent after each roll), five different attackers each.
    {
        use skirmish_odds::systems::bmg1e::rules::gang::Gang as Gang1e;
        let sc =
            registry::load(&root.join("benches/gang/five-henchmen-2013.toml"), &Overrides::default()).expect("bundled");
        let rules = sc.cells[0].trial.downcast::<GangTrial<Gang1e>>().expect("a 2013 sequence").rules.clone();
        g.bench_function("gang 2013 five henchmen with the best-order search", |b| {
            b.iter(|| black_box(GangTrial::new(rules.clone()).figures().map(|f| f.best.p_out).ok()))
        });
    }
    {
        use skirmish_odds::systems::wolsung::rules::gang::Gang as GangW;
        let sc = registry::load(&root.join("benches/gang/five-attackers-wolsung.toml"), &Overrides::default())
            .expect("bundled");
        let rules = sc.cells[0].trial.downcast::<GangTrial<GangW>>().expect("a Wolsung sequence").rules.clone();
        g.bench_function("gang wolsung five attackers with the best-order search", |b| {
            b.iter(|| black_box(GangTrial::new(rules.clone()).figures().map(|f| f.best.p_out).ok()))
        });
    }
    g.finish();
}

/// Wolsung single resolutions with a hero's hand dealt from the 52-card deck every trial (the
/// bundled cells): how fast the sampler deals and plays the cards.
fn wolsung_benches(c: &mut Criterion) {
    use skirmish_odds::config::Overrides;
    use skirmish_odds::registry;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let cell = |config: &str, label: &str| {
        let sc = registry::load(&root.join(config), &Overrides::default()).expect("bundled");
        let cell = sc.cells.into_iter().find(|c| c.label == label).expect("bundled cell");
        cell.trial.downcast::<skirmish_odds::systems::wolsung::rules::TrialWolsung>().expect("a Wolsung trial").clone()
    };
    let cases = [
        (
            "shooting, fewest_to_win",
            cell("configs/wolsung/pistol-vs-rifle.toml", "Pistol — fewest cards to win — 4\", stand, cover none"),
        ),
        ("melee, all_in", cell("configs/wolsung/melee-guard-or-parry.toml", "all cards, defender on guard")),
        ("magic missile", cell("configs/wolsung/magic-missile.toml", "magic")),
    ];
    let mut g = c.benchmark_group("wolsung");
    g.throughput(Throughput::Elements(BATCH));
    for (name, trial) in &cases {
        g.bench_function(*name, |b| {
            let mut d = D6Stream::from_seed(1);
            b.iter(|| {
                let mut acc = 0u32;
                for _ in 0..BATCH {
                    acc += trial.run(&mut d).metrics[0] as u32;
                }
                black_box(acc)
            })
        });
    }
    g.finish();
}

criterion_group!(throughput, benches, exact_benches, wolsung_benches);
criterion_main!(throughput);
