//! Wolsung SSG rules against values derived by hand from the rulebook text (seed
//! `shared/seeds/003_2cc4dbf5a71ebe07.txt`, Spanish; line numbers are the file's lines) — never
//! from the analyser's own exact engine. The longer derivations (duels) are exact enumerations
//! with Python fractions in `docs/rules/wolsung-derivations.py`, which reads only the text.
//!
//! Monte Carlo results are compared with a fixed seed and a tolerance of 4 standard errors, or
//! with scripted dice. Config-level tests run the binary (`SKIRMISH_ODDS_BIN` picks another
//! build, e.g. the one before these fixes, to watch them fail).

use crate::common;

use serde_json::Value;
use skirmish_odds::analysis::duel::event;
use skirmish_odds::dice::{D6Stream, ScriptedDice};
use skirmish_odds::engine::Trial;
use skirmish_odds::systems::wolsung::rules::duel::{Duel, Fighter};
use skirmish_odds::systems::wolsung::rules::*;

// ---------------------------------------------------------------------------------------------
// Helpers

/// Run the binary on `config` and return its `results.json`.
pub(crate) fn run_json(name: &str, config: &str, args: &[&str]) -> Value {
    let d = common::tmp("rules_wolsung", name);
    let path = d.join("scenario.toml");
    std::fs::write(&path, config).unwrap();
    with_libraries(&d);
    let o = std::process::Command::new(common::bin_path())
        .arg("run")
        .arg(&path)
        .arg("--out")
        .arg(d.join("out"))
        .arg("--json")
        .args(args)
        .output()
        .unwrap();
    assert!(o.status.success(), "{name}: {}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// `skirmish-odds validate` output (notes are printed there).
pub(crate) fn validate(name: &str, config: &str) -> String {
    let d = common::tmp("rules_wolsung", name);
    let path = d.join("scenario.toml");
    std::fs::write(&path, config).unwrap();
    with_libraries(&d);
    let o = std::process::Command::new(common::bin_path()).arg("validate").arg(&path).output().unwrap();
    assert!(o.status.success(), "{name}: {}", String::from_utf8_lossy(&o.stderr));
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

/// Copy the bundled Wolsung libraries beside a scenario written from a bundled config's text
/// (those configs include them by name).
pub(crate) fn with_libraries(d: &std::path::Path) {
    for lib in ["models.toml", "gauntlet.toml"] {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/wolsung").join(lib);
        std::fs::copy(src, d.join(lib)).unwrap();
    }
}

pub(crate) fn trials(j: &Value) -> f64 {
    j["trials"].as_f64().expect("trials")
}

/// P(event) of cell `c` within 4 standard errors of `p` (an exact cell: to float rounding).
pub(crate) fn event_near(j: &Value, c: usize, name: &str, p: f64, what: &str) {
    let got = j["cells"][c]["events"][name]["p"].as_f64().unwrap_or_else(|| panic!("{what}: no event {name}"));
    let exact = j["cells"][c]["exact"] == true;
    let se = if exact { 1e-12 } else { (p * (1.0 - p) / trials(j)).sqrt().max(1e-9) };
    assert!((got - p).abs() <= 4.0 * se, "{what}: P({name}) = {got:.5}, expected {p:.5} (± {:.5})", 4.0 * se);
}

/// Mean of metric `name` of cell `c` within 4 standard errors of `m`.
pub(crate) fn mean_near(j: &Value, c: usize, name: &str, m: f64, what: &str) {
    let x = &j["cells"][c]["metrics"][name];
    let (got, se) = (x["mean"].as_f64().unwrap(), x["stderr"].as_f64().unwrap().max(1e-9));
    assert!((got - m).abs() <= 4.0 * se, "{what}: mean {name} = {got:.5}, expected {m:.5} (± {:.5})", 4.0 * se);
}

pub(crate) fn choose(n: u64, k: u64) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

pub(crate) fn c(s: &str) -> Card {
    parse_card(s).unwrap()
}

pub(crate) const HEAD: &str = "ruleset = \"wolsung\"\nseed = 7\ntrials = 400_000\n";

// ---------------------------------------------------------------------------------------------
// Issue #10 item 15: magic missiles and armour

/// Seed l. 882–885: "Si el conjuro lanzado era un Proyectil Mágico, entonces aplica el daño de la
/// manera normal tomando la F del conjuro, modificada por la Armadura y por los Impactos
/// Críticos"; l. 602–605: "Daño … Es igual a la F del arma más el número de Impactos Críticos menos
/// la Armadura del Objetivo." Magic 4 against R 0 always hits (0 ≥ 0) with crits = the caster's
/// successes, so F 3 − armour 3 leaves E[damage] = E[Bin(4, ½)] = 2 (5 with armour ignored).
#[test]
fn magic_missile_damage_is_reduced_by_armour() {
    let cfg = format!(
        "{HEAD}kind = \"magic\"\n[models.mage]\nc = 2\nf = 2\nd = 1\nm = 4\nr = 3\nh = 3\nhero = true\nsuit = \"♦\"\nmagic = 4\n\
         [models.knight]\nc = 3\nf = 3\nd = 0\nm = 3\nr = 0\nh = 12\narmour = 3\n\
         [magic]\ncaster = \"mage\"\ntarget = \"knight\"\nspell_f = 3\ncost = 0\npolicy = \"never\"\n"
    );
    let j = run_json("magic-armour", &cfg, &[]);
    mean_near(&j, 0, "damage", 2.0, "F 3 missile against armour 3");
    event_near(&j, 0, "success", 1.0, "R 0 never beats 0 successes");
    // Scripted: 6 6 1 1 = 2 successes, no R dice: 3 + 2 − 3 = 2.
    let m = Magic {
        magic_dice: 4,
        target_dice: Some(0),
        difficulty: 0,
        damage: 3,
        armour: 3,
        target_wounds: 12,
        target_hard_to_kill: false,
        target_luck: false,
        target_hand: 0,
        target_policy: Policy::Never,
        hand: 0,
        suit: 0,
        cost: 0,
        policy: Policy::Never,
    };
    let o = m.run(&mut ScriptedDice::new(&[6, 6, 1, 1]));
    assert_eq!((o.metrics[0], o.metrics[1]), (2, 2));
}

/// Seed l. 1017–1019 (*Duro de matar*: "Si esta miniatura ve reducida sus heridas a 0 y
/// previamente tenía más de 1 herida … las heridas se ven reducidas a 1") applies to a missile's
/// damage "de la manera normal" (l. 882–884): F 3 + crits ≥ 3 wounds always reduces a 3-wound
/// target to 0 — removed without the rule (P = 1), left at 1 with it (P = 0).
#[test]
fn magic_missile_respects_hard_to_kill() {
    let cfg = |hard: bool| {
        format!(
            "{HEAD}kind = \"magic\"\n[models.mage]\nc = 2\nf = 2\nd = 1\nm = 4\nr = 3\nh = 3\nmagic = 4\n\
             [models.troll]\nc = 3\nf = 3\nd = 0\nm = 3\nr = 0\nh = 3\nhard_to_kill = {hard}\n\
             [magic]\ncaster = \"mage\"\ntarget = \"troll\"\nspell_f = 3\n"
        )
    };
    event_near(
        &run_json("magic-htk-off", &cfg(false), &["--trials", "2000"]),
        0,
        "target_down",
        1.0,
        "no Hard to kill",
    );
    event_near(&run_json("magic-htk-on", &cfg(true), &["--trials", "2000"]), 0, "target_down", 0.0, "Hard to kill");
}

// ---------------------------------------------------------------------------------------------
// Issue #10 item 16: paying a cost-2 spell

/// Seed l. 831–836: "Coste - indica que carta o cartas tienes que descartar … 2 - Dos cartas, una
/// figura o un As. Todos ellos del palo del héroe."
#[test]
fn cost_two_is_two_suit_cards_or_one_suit_face_card_or_ace() {
    // A ♦ caster's red missile: its hand as counts of the classes the spell tells apart.
    let d = Sorting { red: true, suit: Some(2) };
    let hand = |cards: &[&str]| ClassHand::of(&cards.iter().map(|s| c(s)).collect::<Vec<_>>(), d);
    // One ace of the suit pays alone.
    let mut h = hand(&["A♦", "3♠"]);
    assert_eq!(h.pay_cost(2), Some(1));
    assert_eq!(h, hand(&["3♠"]));
    // One J (a "figura") pays alone; so do Q and K.
    for face in ["J♦", "Q♦", "K♦"] {
        assert_eq!(hand(&[face, "9♣"]).pay_cost(2), Some(1), "{face}");
    }
    // Two number cards of the suit pay together.
    let mut h = hand(&["5♦", "7♦", "K♠"]);
    assert_eq!(h.pay_cost(2), Some(2));
    assert_eq!(h, hand(&["K♠"]));
    // One number card of the suit, or a face card of another suit, cannot pay.
    assert_eq!(hand(&["5♦", "K♥", "A♠"]).pay_cost(2), None);
    // Cost 1: any one card of the suit; cost 0: nothing.
    assert_eq!(hand(&["5♦"]).pay_cost(1), Some(1));
    assert_eq!(hand(&["5♥"]).pay_cost(1), None);
    assert_eq!(hand(&[]).pay_cost(0), Some(0));
    // A red suit paying for a red missile: the face card (2 successes given up) rather than a
    // number card plus the face card (3); two number cards and one face card tie at 2 and the
    // face card is paid, keeping the number cards.
    let mut h = hand(&["4♦", "Q♦", "2♠"]);
    assert_eq!(h.pay_cost(2), Some(1));
    assert_eq!(h, hand(&["4♦", "2♠"]));
}

/// The same clause over a dealt hand of 3 + 1 (l. 261–264): P(at least two ♦, or exactly one ♦
/// and it is a J, Q, K or A) = [C(52,4) − C(39,4) − 13·C(39,3) + 4·C(39,3)] / C(52,4)
/// = 8171/20825 ≈ 0.3924 (two cards only: 5359/20825 ≈ 0.2573). Cards paid per attempt: 1 when a
/// ♦ J/Q/K/A is held (1 − C(48,4)/C(52,4)), else 2 when the spell is cast.
#[test]
fn cost_two_spell_is_cast_as_often_as_the_hand_allows() {
    let cfg = format!(
        "{HEAD}kind = \"magic\"\n[models.mage]\nc = 2\nf = 2\nd = 1\nm = 4\nr = 3\nh = 3\nhero = true\nsuit = \"♦\"\nmagic = 4\n\
         [models.thug]\nc = 3\nf = 3\nd = 2\nm = 3\nr = 2\nh = 3\n\
         [magic]\ncaster = \"mage\"\ntarget = \"thug\"\nspell_f = 4\ncost = 2\nheroes = 1\n"
    );
    let j = run_json("magic-cost2", &cfg, &[]);
    let all = choose(52, 4);
    let p_cast = (all - choose(39, 4) - 13.0 * choose(39, 3) + 4.0 * choose(39, 3)) / all;
    assert!((p_cast - 8171.0 / 20825.0).abs() < 1e-12);
    event_near(&j, 0, "cast", p_cast, "cost 2 from a hand of 4");
    let p_face = 1.0 - choose(48, 4) / all;
    mean_near(&j, 0, "cost_cards", p_face + 2.0 * (p_cast - p_face), "cost cards");
}

// ---------------------------------------------------------------------------------------------
// Issue #10 item 17: the duel's cards and initiative

/// Two fighters that can neither hurt each other (F 0 against armour 6, at most 2 crits past it,
/// 20 wounds, Hard to kill) nor hold black cards across a turn: the hero spends every black card
/// (`all_in`) on the first roll of each turn, so it spends exactly the black cards it draws.
pub(crate) fn harmless_duel(rounds: u8, readings: &str) -> String {
    format!(
        "{HEAD}kind = \"duel\"\n{readings}\
         [models.hero]\nc = 0\nf = 0\nd = 0\nm = 4\nr = 3\nh = 20\narmour = 6\nhero = true\nsuit = \"♠\"\n\
         [models.post]\nc = 0\nf = 0\nd = 0\nm = 3\nr = 1\nh = 20\narmour = 6\nhard_to_kill = true\n\
         [duel]\nrounds = {rounds}\n\
         a = {{ card = \"hero\", effort = \"all_in\", guard = \"parry\" }}\n\
         b = {{ card = \"post\", effort = \"never\", guard = \"parry\" }}\n"
    )
}

/// Seed l. 261–268: "Cada jugador roba 3 cartas más una carta por cada héroe inicialmente
/// acordado. Entonces descartan hasta quedarse con 3+ héroes cartas … debe robar 6 cartas y luego
/// descartar hasta quedarse con 6 cartas." Each turn the hero draws 4 fresh cards (never fewer,
/// however many red cards it kept): over 3 turns it draws 12 cards of a shuffled deck, 6 black on
/// average, and spends them all: E[cards spent] = 3 · 4 · ½ = 6. (Topping the hand up instead
/// leaves the unused red cards in it and draws fewer and fewer.)
#[test]
fn duel_draws_three_plus_heroes_every_turn_then_discards_down() {
    let j = run_json("duel-draw-discard", &harmless_duel(3, ""), &["--trials", "200000"]);
    mean_near(&j, 0, "a_cards", 6.0, "black cards among 12 drawn");
    event_near(&j, 0, "draw", 1.0, "nobody can be removed");
}

/// Seed l. 29–30 ("barajea una baraja de póker de 52 cartas") and l. 36–37 ("una baraja de 52
/// cartas"): one deck for the game, both players drawing from it (l. 261: "Cada jugador roba").
/// Over 10 turns with `deck_exhausted = "no_more_draws"` the 52 cards run out in turn 7: the Initial
/// Player (chosen once, 50/50, l. 41–46) draws 4 in each of turns 1–7 (28 cards), the other 4 in
/// each of turns 1–6 (24). The hero's cards are a uniform subset of the deck, half black on average:
/// E[cards spent] = ½ · (28 + 24) / 2 = 13 (a deck of its own would give 40 / 2 = 20).
#[test]
fn duel_shares_one_deck_between_the_players() {
    let j = run_json(
        "duel-shared-deck",
        &harmless_duel(10, "[readings]\ndeck_exhausted = \"no_more_draws\"\n"),
        &["--trials", "200000"],
    );
    mean_near(&j, 0, "a_cards", 13.0, "black cards among the hero's share of one deck");
}

/// Seed l. 41–46: "Elige quién es el Jugador Inicial … El que gane pasará a ser el Jugador Inicial
/// … será el primer jugador en activar una miniatura cada turno." Two identical henchmen (C 2, F 1,
/// H 2, one action, both parry: a hit lands on Bin(2) ≥ Bin(4), 11/32) fight 3 turns; whoever is
/// the Initial Player strikes first in every turn. Exact (docs/rules/wolsung-derivations.py):
/// P(the Initial Player wins) = 6004573/16777216 ≈ 0.35790 and P(the other wins) =
/// 1285769919/4294967296 ≈ 0.29937;
/// with a fresh roll-off every turn both would be 0.32863 before the first roll-off is known.
#[test]
fn initial_player_activates_first_every_turn() {
    let f = Fighter {
        c: 2,
        f: 1,
        armour: 0,
        wounds: 2,
        hard_to_kill: false,
        actions: 1,
        hand_size: 0,
        policy: Policy::Never,
        guard: Guard::Parry,
        luck: false,
    };
    let d = Duel { a: f, b: f, turns: 3, readings: Readings::default() };
    let mut dice = D6Stream::from_seed(17);
    let (mut first, mut first_wins, mut second_wins) = (0u32, 0u32, 0u32);
    let n = 400_000;
    for _ in 0..n {
        let o = d.run(&mut dice);
        let a_first = o.has(event::A_INITIATIVE);
        first += a_first as u32;
        let (w_first, w_second) = if a_first { (event::A_WINS, event::B_WINS) } else { (event::B_WINS, event::A_WINS) };
        first_wins += o.has(w_first) as u32;
        second_wins += o.has(w_second) as u32;
    }
    let near = |got: u32, p: f64, what: &str| {
        let (x, se) = (got as f64 / n as f64, (p * (1.0 - p) / n as f64).sqrt());
        assert!((x - p).abs() <= 4.0 * se, "{what}: {x:.5} vs {p:.5} ± {:.5}", 4.0 * se);
    };
    near(first, 0.5, "the Initial Player is a coin flip");
    near(first_wins, 6004573.0 / 16777216.0, "the Initial Player wins");
    near(second_wins, 1285769919.0 / 4294967296.0, "the other player wins");
}

/// The bundled `configs/wolsung/duel-duelist-vs-troll.toml` under the seed's turn sequence (l.
/// 41–46, 258–271; damage at the end of each action l. 223–224; Hard to kill l. 1017–1019; parry
/// +2 C and backlash only on guard l. 675–688; black cards for melee l. 971–972) and the documented
/// `fewest_to_win` policy. Exact (docs/rules/wolsung-derivations.py): P(duelist wins) =
/// 39651773261678987/55453154908569600 ≈ 0.715050 (old top-up + roll-off each turn: 0.712369).
#[test]
fn bundled_duel_matches_the_exact_turn_sequence() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/wolsung/duel-duelist-vs-troll.toml");
    let j = run_json("duel-bundled", &std::fs::read_to_string(path).unwrap(), &["--trials", "1000000"]);
    event_near(&j, 0, "a_wins", 39651773261678987.0 / 55453154908569600.0, "duelist wins");
    event_near(&j, 0, "draw", 0.0, "the troll always falls or kills by turn 2");
}

/// A fight ends when a model is removed (nothing is left to fight; seed l. 49–52 score the removed
/// models): a turn whose last action removes a model is the last turn played. In the bundled duel
/// exactly one model falls in every trial (no draws), so the turns played are the turn of that
/// removal, trial by trial: P(rounds = k) = P(A removes B in turn k) + P(B removes A in turn k).
/// Before the fix the next turn was still dealt and counted: P(rounds = 1) 0.886 against 0.969
/// removals in turn 1.
#[test]
fn the_fight_ends_in_the_turn_a_model_is_removed() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/wolsung/duel-duelist-vs-troll.toml");
    let j = run_json("duel-rounds", &std::fs::read_to_string(path).unwrap(), &["--trials", "200000"]);
    assert_eq!(j["cells"][0]["events"]["draw"]["p"].as_f64(), Some(0.0), "one model falls in every trial");
    let p = |m: &str, k: &str| j["cells"][0]["metrics"][m]["dist"][k].as_f64().unwrap_or(0.0);
    for k in ["1", "2", "3"] {
        let (r, a, b) = (p("rounds", k), p("a_ko_round", k), p("b_ko_round", k));
        assert!((r - (a + b)).abs() < 1e-9, "turn {k}: P(rounds = {k}) = {r}, removals in turn {k}: {a} + {b}");
    }
}

/// Seed l. 266–271: drawing 3 + heroes every turn and discarding down "habilita a los jugadores la
/// posibilidad de quedarse con las mejores cartas de turnos anteriores, filtrar su mano". A hero
/// (C 2, F 1, H 6, parry, `fewest_to_win`) against a henchman (C 3, F 1, H 6, parry) needs cards
/// in nearly every roll; its red cards are useless in melee and get filtered out. Exact over 3
/// turns with a 50/50 Initial Player: P(hero wins) ≈ 0.257770 (topping up: 0.118282).
#[test]
fn a_hero_filters_its_hand_every_turn() {
    let cfg = format!(
        "{HEAD}kind = \"duel\"\n\
         [models.hero]\nc = 2\nf = 1\nd = 0\nm = 4\nr = 3\nh = 6\nhero = true\nsuit = \"♥\"\n\
         [models.brute]\nc = 3\nf = 1\nd = 0\nm = 3\nr = 1\nh = 6\n\
         [duel]\nrounds = 3\n\
         a = {{ card = \"hero\", effort = \"fewest_to_win\", guard = \"parry\" }}\n\
         b = {{ card = \"brute\", effort = \"never\", guard = \"parry\" }}\n"
    );
    let j = run_json("duel-filter", &cfg, &[]);
    let p = 13060461115645764029288731639684800487.0 / 50667163008384989382635820987029913600.0;
    event_near(&j, 0, "a_wins", p, "hero wins");
    event_near(&j, 0, "b_wins", 0.098877, "brute wins");
}

// ---------------------------------------------------------------------------------------------
// Issue #10 item 18: Beginner's luck

/// Seed l. 990–994: "Suerte del Principiante: Una vez por partida, un Humano puede repetir toda la
/// tirada de dados cuando Dispara, Pelea Cuerpo a Cuerpo o está siendo objetivo de un Ataque."
/// Melee, attacker C 2 against defender C 3 on guard (dice only): P(hit) = P(Bin(2) ≥ Bin(3)) = ½.
/// Attacker's luck (re-roll when behind): ½ + Σ_{a<d} P(a)P(d)P(Bin(2) ≥ d) = 41/64. Defender's
/// luck (re-roll when the attack would hit): Σ_{a≥d} P(a)P(d)P(Bin(3) ≤ a) = 41/128. Both: 59/128.
#[test]
fn beginners_luck_in_melee_attacking_and_defending() {
    let cfg = |al: bool, dl: bool| {
        format!(
            "{HEAD}kind = \"melee\"\n\
             [models.a]\nc = 2\nf = 3\nd = 0\nm = 4\nr = 3\nh = 9\nbeginners_luck = {al}\n\
             [models.b]\nc = 3\nf = 3\nd = 0\nm = 4\nr = 3\nh = 9\nbeginners_luck = {dl}\n\
             [melee]\nattacker = \"a\"\ndefender = \"b\"\nguards = [\"on_guard\"]\npolicies = [\"never\"]\n"
        )
    };
    for (al, dl, p) in
        [(false, false, 0.5), (true, false, 41.0 / 64.0), (false, true, 41.0 / 128.0), (true, true, 59.0 / 128.0)]
    {
        let j = run_json(&format!("melee-luck-{al}-{dl}"), &cfg(al, dl), &[]);
        event_near(&j, 0, "hit", p, &format!("attacker luck {al}, defender luck {dl}"));
    }
    // Scripted: attacker 1 (0) against defender 6 (1) loses; its luck re-rolls 6 (1): a tie hits.
    let m = Melee {
        attacker_dice: 1,
        defender_dice: 1,
        guard: Guard::OnGuard,
        attacker_damage: 3,
        defender_damage: 3,
        attacker_armour: 0,
        defender_armour: 0,
        attacker_wounds: 9,
        defender_wounds: 9,
        hard_to_kill: (false, false),
        attacker_hand: 0,
        attacker_policy: Policy::Never,
        defender_hand: 0,
        defender_policy: Policy::Never,
        luck: (true, false),
        readings: Readings::default(),
    };
    let o = m.run(&mut ScriptedDice::new(&[1, 6, 6]));
    assert!(o.has(0) && o.has(4) && !o.has(5), "hit after the attacker's luck");
    assert_eq!(o.metrics[0], 3);
}

/// The same clause for the target of a shot and of a magic missile ("está siendo objetivo de un
/// Ataque"): D 2 (or Magic 2) against R 3, the target re-rolling its whole R roll when it would be
/// hit: P(hit) = 41/128 (½ without luck).
#[test]
fn beginners_luck_of_a_shooting_or_magic_target() {
    let shoot = format!(
        "{HEAD}kind = \"shooting\"\n\
         [models.s]\nc = 2\nf = 3\nd = 2\nm = 4\nr = 3\nh = 4\n\
         [models.t]\nc = 2\nf = 3\nd = 2\nm = 4\nr = 3\nh = 4\nbeginners_luck = true\n\
         [guns.g]\nf = 4\nbands = [[24, 0]]\n\
         [shooting]\nshooter = \"s\"\ntarget = \"t\"\nguns = [\"g\"]\ndistances = [10]\nreactions = [\"stand\"]\npolicies = [\"never\"]\n"
    );
    let j = run_json("shoot-target-luck", &shoot, &[]);
    event_near(&j, 0, "first_hit", 41.0 / 128.0, "shot at a lucky target");
    let magic = format!(
        "{HEAD}kind = \"magic\"\n\
         [models.s]\nc = 2\nf = 3\nd = 2\nm = 4\nr = 3\nh = 4\nmagic = 2\n\
         [models.t]\nc = 2\nf = 3\nd = 2\nm = 4\nr = 3\nh = 4\nbeginners_luck = true\n\
         [magic]\ncaster = \"s\"\ntarget = \"t\"\nspell_f = 2\n"
    );
    let j = run_json("magic-target-luck", &magic, &[]);
    event_near(&j, 0, "success", 41.0 / 128.0, "missile at a lucky target");
}

/// "Una vez por partida" (l. 990) in a duel: A (luck) and B, identical henchmen (C 3, F 2, H 4, one
/// action, on guard), 3 turns, 50/50 Initial Player. Exact (docs/rules/wolsung-derivations.py):
/// P(A wins) = 1264323/2097152 ≈ 0.602876 (½ without the luck).
#[test]
fn beginners_luck_once_per_game_in_a_duel() {
    let cfg = format!(
        "{HEAD}kind = \"duel\"\n\
         [models.a]\na = 1\nc = 3\nf = 2\nd = 0\nm = 4\nr = 3\nh = 4\nbeginners_luck = true\n\
         [models.b]\na = 1\nc = 3\nf = 2\nd = 0\nm = 4\nr = 3\nh = 4\n\
         [duel]\nrounds = 3\n\
         a = {{ card = \"a\", effort = \"never\", guard = \"on_guard\" }}\n\
         b = {{ card = \"b\", effort = \"never\", guard = \"on_guard\" }}\n"
    );
    let j = run_json("duel-luck", &cfg, &[]);
    event_near(&j, 0, "a_wins", 1264323.0 / 2097152.0, "A with Beginner's luck");
}
