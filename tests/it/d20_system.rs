//! A "D20 check" system, added by a newcomer from CONTRIBUTING.md alone (a second trial of the
//! guide, after `d10_system.rs`), written outside the crate against the public contract
//! (`SystemDef` + `RuleSystem`, `Trial` + `TrialInfo`, `DuelRules`) and taken through every
//! generic analysis — compare, sweep (1-D and 2-D), paired, duel and balance — from TOML to a
//! written report.
//!
//! The rules: a card has `skill` (0..=10), `defense` (5..=25) and `hp` (1..=20). An attack: the
//! attacker rolls one D20 and adds its skill; it hits when the total reaches the target's
//! defense, except that a natural 20 always hits and a natural 1 always misses. A hit deals one
//! D6 of damage; a natural 20 deals 2D6. A duel round: A attacks B, then B attacks A if B is
//! still up; a fighter at 0 hp or less is out.
//!
//! The D20 is drawn with `dice::uniform_below(dice, 20)` (CONTRIBUTING.md, "Dice other than
//! D6"), so the exact evaluator enumerates it as one draw of twenty equal outcomes, and its
//! face-by-face oracle is `exact::enumerate_draws`. Every expected number below was worked out by
//! hand from those rules before the program was run.

use crate::common;

use serde::Deserialize;
use skirmish_odds::analysis::cell::TrialInfo;
use skirmish_odds::analysis::duel::{DuelRules, Maxima, Record};
use skirmish_odds::analysis::scenario::{Cost, Kind, Layout};
use skirmish_odds::analysis::{self, RunResult};
use skirmish_odds::config::{self, Built, Ctx, Doc, Overrides, cell};
use skirmish_odds::dice::{self, Dice};
use skirmish_odds::engine::progress::Progress;
use skirmish_odds::engine::{Outcome, Shape, Trial};
use skirmish_odds::error::InputError;
use skirmish_odds::exact;
use skirmish_odds::output::ReportDir;
use skirmish_odds::report::{self, model::Report};
use skirmish_odds::system::{DuelDef, KindDef, RuleSystem, SystemDef, Varies, strict_error_of};
use skirmish_odds::vocabulary::{Term, Vocabulary};
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

// ---- 1. The rules: pure functions of the dice. ----

/// One D20, face 1..=20, drawn as CONTRIBUTING.md says a non-D6 die must be: one uniform draw.
#[inline(always)]
fn d20<D: Dice>(dice: &mut D) -> u8 {
    dice::uniform_below(dice, 20) as u8 + 1
}

/// What one attack did.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Strike {
    hit: bool,
    /// A natural 20 (which always hits, for 2D6).
    critical: bool,
    damage: u8,
}

/// One attack: D20 + skill against defense; a natural 20 always hits (2D6 damage), a natural 1
/// always misses; any other hit deals 1D6.
#[inline(always)]
fn strike<D: Dice>(dice: &mut D, skill: u8, defense: u8) -> Strike {
    let n = d20(dice);
    let hit = n == 20 || (n != 1 && n + skill >= defense);
    if !hit {
        return Strike { hit: false, critical: false, damage: 0 };
    }
    let damage = if n == 20 { dice.sum_d6(2) as u8 } else { dice.d6() };
    Strike { hit, critical: n == 20, damage }
}

/// A fighter at 0 hp or less is out.
#[inline(always)]
fn out_at(hp_left: i16) -> bool {
    hp_left <= 0
}

/// One attack of a card of `skill` against a target of `defense` and `hp`.
#[derive(Clone, Debug, PartialEq)]
struct Attack {
    skill: u8,
    defense: u8,
    hp: u8,
}

impl Trial for Attack {
    fn shape(&self) -> Shape {
        Shape::new(vec![("damage", 12)], vec!["hit", "critical", "takes_out"])
    }
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let s = strike(dice, self.skill, self.defense);
        let mut o = Outcome::default();
        o.metrics[0] = s.damage as u16;
        o.flag(0, s.hit);
        o.flag(1, s.critical);
        o.flag(2, out_at(self.hp as i16 - s.damage as i16));
        o
    }
}

impl TrialInfo for Attack {
    fn unit(&self) -> &'static str {
        "attack"
    }
    fn headline_metrics(&self) -> &'static [&'static str] {
        &["damage"]
    }
    /// What decides an attack: whether it hits.
    fn default_measure(&self) -> Option<&'static str> {
        Some("hit")
    }
}

/// A duel between two cards: each round A attacks B, then B attacks A if still up.
#[derive(Clone, Debug, PartialEq)]
struct D20Duel {
    sides: [D20Card; 2],
    rounds: u8,
}

/// Hp left and hits landed, per side.
#[derive(Clone, Copy, Debug)]
struct DuelState {
    hp: [i16; 2],
    hits: [u16; 2],
}

impl DuelRules for D20Duel {
    type State = DuelState;
    const EXTRA: [&'static str; 2] = ["a_hits", "b_hits"];

    fn round_limit(&self) -> u8 {
        self.rounds
    }
    fn maxima(&self) -> Maxima {
        // Damage is counted as rolled (the blow that takes a fighter out may overshoot its hp):
        // at most 12 an attack, one attack a round.
        let most = 12 * self.rounds as usize;
        Maxima { dealt: [most, most], extra: self.rounds as usize }
    }
    fn start<D: Dice>(&self, _dice: &mut D, rec: &mut Record) -> DuelState {
        rec.first_in_round_one(0);
        DuelState { hp: [self.sides[0].hp as i16, self.sides[1].hp as i16], hits: [0, 0] }
    }
    fn play_round<D: Dice>(&self, st: &mut DuelState, round: u16, dice: &mut D, rec: &mut Record) -> ControlFlow<()> {
        for side in 0..2 {
            if out_at(st.hp[side]) {
                continue;
            }
            let s = strike(dice, self.sides[side].skill, self.sides[1 - side].defense);
            st.hits[side] += s.hit as u16;
            st.hp[1 - side] -= s.damage as i16;
            rec.deal(side, s.damage as u32);
            if out_at(st.hp[1 - side]) {
                rec.put_down(side, round);
            }
        }
        ControlFlow::Continue(())
    }
    fn out(&self, st: &DuelState, side: usize) -> bool {
        out_at(st.hp[side])
    }
    fn casualty(&self, st: &DuelState, side: usize) -> bool {
        out_at(st.hp[side])
    }
    fn extra(&self, st: &DuelState) -> [u16; 2] {
        st.hits
    }
}

/// CONTRIBUTING.md: "A duel's `TrialInfo::exact_offered` must refuse with a reason that names
/// the duel".
impl TrialInfo for D20Duel {
    fn exact_offered(&self) -> Result<(), &'static str> {
        Err("a duel of the d20 system is sampled: it has no exact solver")
    }
}

// ---- 2. The config schema. ----

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct D20Card {
    name: Option<String>,
    skill: u8,
    defense: u8,
    hp: u8,
    cost: Option<f64>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct AttackSection {
    attacker: Option<String>,
    target: Option<String>,
}

skirmish_odds::duel_schema! {
    /// A D20 fighter: a card, and only what every fighter has (`label`, `cost`).
    #[serde(expecting = "a fighter: a table with card = \"NAME\" and optional label, cost")]
    pub struct Fighter {}
    /// `[duel]`: two fighters, `rounds`.
    #[serde(expecting = "a [duel] table with a, b, rounds")]
    pub struct DuelSection {}
}

skirmish_odds::scenario_file! {
    /// The D20 system's whole file.
    pub struct D20File {
        #[serde(default)]
        pub cards: BTreeMap<String, D20Card>,
        #[serde(default)]
        pub fighters: BTreeMap<String, Fighter>,
        pub attack: Option<AttackSection>,
        pub duel: Option<DuelSection>,
    }
}

// ---- 3. The contract. ----

struct D20;

impl D20 {
    fn card<'f>(ctx: &Ctx, f: &'f D20File, name: &str, at: &[&str]) -> Result<&'f D20Card, InputError> {
        let c = f.cards.get(name).ok_or_else(|| {
            ctx.err(0, at, format!("unknown card `{name}`"), f.cards.keys().cloned().collect::<Vec<_>>().join(", "))
        })?;
        if !(0..=10).contains(&c.skill) || !(5..=25).contains(&c.defense) || !(1..=20).contains(&c.hp) {
            return Err(ctx.err(
                0,
                &["cards", name],
                format!("card `{name}` is not a d20 card"),
                "skill 0..=10, defense 5..=25, hp 1..=20",
            ));
        }
        Ok(c)
    }

    fn attack(ctx: &mut Ctx, kind: Kind, doc: Doc<'_>, setup: &mut Vec<String>) -> Result<Built, InputError> {
        let f: D20File = ctx.read_plain(kind, doc)?;
        let a = f.attack.as_ref().ok_or_else(|| ctx.err(0, &[], "kind = \"attack\" needs [attack]", "[attack]"))?;
        let attacker = Self::card(ctx, &f, a.attacker.as_deref().unwrap_or(""), &["attack", "attacker"])?;
        let target = Self::card(ctx, &f, a.target.as_deref().unwrap_or(""), &["attack", "target"])?;
        setup.push(format!("D20 + {} against defense {} ({} hp)", attacker.skill, target.defense, target.hp));
        let t = Attack { skill: attacker.skill, defense: target.defense, hp: target.hp };
        Ok((vec![cell("attack", vec![], t)], Layout::Single, vec![]))
    }

    fn duel(ctx: &mut Ctx, kind: Kind, doc: Doc<'_>, setup: &mut Vec<String>) -> Result<Built, InputError> {
        let f: D20File = ctx.read_plain(kind, doc)?;
        let d = f.duel.as_ref().ok_or_else(|| ctx.err(0, &[], "kind = \"duel\" needs [duel]", "[duel]"))?;
        let a = Self::card(ctx, &f, &d.a.card, &["duel", "a", "card"])?.clone();
        let b = Self::card(ctx, &f, &d.b.card, &["duel", "b", "card"])?.clone();
        let (la, lb) = (d.a.label.clone().unwrap_or(d.a.card.clone()), d.b.label.clone().unwrap_or(d.b.card.clone()));
        let rounds = ctx.rounds(d.rounds, "duel")?;
        // CONTRIBUTING.md: the two sides' lines start `A — ` and `B — `, the rounds line last.
        setup.push(format!("A — {la}: skill {}, defense {}, {} hp", a.skill, a.defense, a.hp));
        setup.push(format!("B — {lb}: skill {}, defense {}, {} hp", b.skill, b.defense, b.hp));
        setup.push(format!("{rounds} round{}", if rounds == 1 { "" } else { "s" }));
        let t = D20Duel { sides: [a, b], rounds };
        let (cells, layout) = config::duel_cell(la, lb, t);
        Ok((cells, layout, vec![]))
    }
}

/// The cards every starter shares.
macro_rules! starter_cards {
    () => {
        concat!(
            "[cards.guard]\nskill = 3\ndefense = 14\nhp = 8\ncost = 10\n",
            "[cards.knight]\nskill = 6\ndefense = 18\nhp = 12\ncost = 25\n",
            "[cards.brute]\nskill = 4\ndefense = 11\nhp = 16\ncost = 15\n",
        )
    };
}

/// What the D20 system is, declared once.
const DEF: SystemDef = SystemDef {
    name: "d20",
    title: "D20 + skill against defense",
    kinds: &[
        KindDef {
            name: "attack",
            title: "one attack",
            sections: &["attack"],
            varies: Some(Varies {
                target_field: "target",
                refs: &[("attacker", "cards"), ("target", "cards")],
                loadout_fields: &["attacker"],
            }),
            starter: concat!(
                "# attack — How often does a guard's D20 hit a knight, and for how much?\n",
                "ruleset = \"d20\"\nkind = \"attack\"\n[attack]\nattacker = \"guard\"\ntarget = \"knight\"\n",
                starter_cards!(),
            ),
            build: D20::attack,
        },
        KindDef {
            name: "duel",
            title: "a duel",
            sections: &["duel"],
            varies: None,
            starter: concat!(
                "# duel — A guard against a knight over five rounds.\n",
                "ruleset = \"d20\"\nkind = \"duel\"\ntrials = 20000\n[duel]\nrounds = 5\n",
                "a = { card = \"guard\" }\nb = { card = \"knight\" }\n",
                starter_cards!(),
            ),
            build: D20::duel,
        },
    ],
    analysis_starters: &[
        (
            "compare",
            concat!(
                "# compare — Guard or knight, against each card's defense?\n",
                "ruleset = \"d20\"\nkind = \"compare\"\n[compare]\n",
                "loadouts = [{ attacker = \"guard\" }, { attacker = \"knight\" }]\ntargets = [\"guard\", \"knight\"]\n",
                starter_cards!(),
            ),
        ),
        (
            "sweep",
            concat!(
                "# sweep — How a guard's odds against a knight move with its skill.\n",
                "ruleset = \"d20\"\nkind = \"sweep\"\n[attack]\nattacker = \"guard\"\ntarget = \"knight\"\n",
                "[sweep]\nparameter = \"attacker.skill\"\nfrom = 0\nto = 10\n",
                starter_cards!(),
            ),
        ),
        (
            "paired",
            concat!(
                "# paired — How much more damage a knight deals a guard than a guard does, on the same dice.\n",
                "ruleset = \"d20\"\nkind = \"paired\"\n[paired]\na = { attacker = \"knight\" }\nb = { attacker = \"guard\" }\n",
                "target = \"guard\"\nmeasure = \"damage\"\n",
                starter_cards!(),
            ),
        ),
        (
            "balance",
            concat!(
                "# balance — What should a knight cost against the gauntlet?\n",
                "ruleset = \"d20\"\nkind = \"balance\"\ntrials = 20000\n",
                "[fighters.guard]\ncard = \"guard\"\n[fighters.knight]\ncard = \"knight\"\n[fighters.brute]\ncard = \"brute\"\n",
                "[balance]\ncandidate = { card = \"knight\", label = \"Knight (new)\" }\nrounds = 5\n",
                starter_cards!(),
            ),
        ),
    ],
    libraries: &[
        ("cards", "[cards.NAME] with skill, defense, hp and optional name, cost"),
        ("fighters", "[fighters.NAME] with card = \"NAME\" and optional label, cost"),
    ],
    fighter_fields: Fighter::FIELDS,
    duel_fields: DuelSection::FIELDS,
    duel: Some(DuelDef {
        card_table: "cards",
        cost_fields: &["cost"],
        costs: &[Cost { key: "cost", name: "cost", unit: "point of cost", short: "point" }],
        damage: "hp",
        out: "out",
        extra: "hits landed, mean",
        fighter_weapon: None,
        builtin_weapons: &[],
        // No characteristics priced one step up and down: its balance reports carry no table of
        // what each is worth (a system lists its card's fields here to get one).
        stats: &[],
    }),
    vocabulary: &VOCABULARY,
    how_to_read: Some(
        "An attack is one D20 plus the attacker's `skill` against the target's `defense`: a natural 20 \
         always hits and deals 2D6, a natural 1 always misses, any other hit deals 1D6. Damage is \
         counted as rolled, even past the target's last hp.",
    ),
    strict: Some(strict_error_of::<D20File>),
    ..SystemDef::NONE
};

impl RuleSystem for D20 {
    fn def(&self) -> &'static SystemDef {
        &DEF
    }
}

static D20_SYSTEM: D20 = D20;

/// The D20 system's words: its events, its metric, its duel's per-side count, and every field a
/// sweep can vary.
const VOCABULARY: Vocabulary = Vocabulary {
    events: &[
        Term::new("hit", "a hit").short("P(hit)"),
        Term::new("critical", "a natural 20 (a hit for 2D6)").short("P(natural 20)"),
        Term::new("takes_out", "target taken to 0 hp or less").short("P(takes out)"),
    ],
    metrics: &[
        Term::new("damage", "damage dealt (hp)"),
        Term::new("a_hits", "hits A landed"),
        Term::new("b_hits", "hits B landed"),
    ],
    fields: &[
        // The fields naming a card: a sweep of `attacker.skill` reads "attacker's skill" (the
        // owner's words from `attack.attacker`, the field's from `cards.skill`).
        Term::new("attack.attacker", "attacker"),
        Term::new("attack.target", "target"),
        Term::new("cards.skill", "skill"),
        Term::new("cards.defense", "defense"),
        Term::new("cards.hp", "hp"),
        Term::new("cards.cost", "cost"),
    ],
};

// ---- 4. Tests. ----

/// The test cards. `ace`: skill 5 against defense 15 (natural 10 reaches it exactly) and 4 hp.
/// `novice`: skill 0, defense 5. `tank`: skill 10, defense 25 (only a natural 20 reaches it
/// without skill).
const CARDS: &str = "[cards.ace]\nskill = 5\ndefense = 15\nhp = 4\ncost = 20\n\
                     [cards.novice]\nskill = 0\ndefense = 5\nhp = 20\ncost = 5\n\
                     [cards.tank]\nskill = 10\ndefense = 25\nhp = 20\ncost = 40\n";

/// Load `body` (with the cards above) through `config::load_in(&[&D20_SYSTEM], …)`, run it and
/// write its whole report. Returns the run, its report model and the report folder.
fn run_d20(name: &str, body: &str) -> (RunResult, Report, PathBuf) {
    let dir = common::tmp("d20_system", name);
    let path = dir.join("scenario.toml");
    std::fs::write(&path, format!("ruleset = \"d20\"\nseed = 7\ntrials = 40000\n{body}\n{CARDS}")).unwrap();
    let (sc, _) =
        config::load_in(&[&D20_SYSTEM], &path, &Overrides::default(), None).unwrap_or_else(|e| panic!("{name}: {e}"));
    let run = analysis::run(sc, 0, &Progress::hidden()).unwrap();
    let report = report::build(&run, &D20_SYSTEM);
    let out = dir.join("report");
    let doc = report::Document::build(&run, &report, &D20_SYSTEM);
    report::write_all(&run, &report, &doc, ReportDir::prepare(&out, report::FILES).unwrap()).unwrap();
    assert!(Path::new(&out.join("index.html")).exists(), "{name}: index.html written");
    assert!(Path::new(&out.join("summary.md")).exists(), "{name}: summary.md written");
    (run, report, out)
}

/// A sampled `got` within 4.5 standard errors of `p` over `n` trials. `n` must be the trials
/// actually sampled: an exact run reports 0 trials, which would make any value pass.
fn close(what: &str, got: f64, p: f64, n: u64) {
    assert!(n > 0, "{what}: no trials were sampled (an exact run?): hold it to its exact value instead");
    let se = (p * (1.0 - p) / n as f64).sqrt().max(1e-9);
    assert!(((got - p) / se).abs() < 4.5, "{what}: {got} vs exact {p} (z = {:.2})", (got - p) / se);
}

/// Event `event` of cell `i` is `p`: to 1e-9 where the run enumerated it (it has a fraction),
/// within 4.5 standard errors where it sampled it.
fn agrees(what: &str, run: &RunResult, report: &Report, i: usize, event: &str, p: f64) {
    let e = report.cells[i].events.get(event).unwrap_or_else(|| panic!("{what}: no event {event}"));
    if e.exact.is_some() {
        assert!((e.p - p).abs() < 1e-9, "{what}: exact {} ({:?}) vs {p}", e.p, e.exact);
    } else {
        close(what, e.p, p, run.output.stopping.trials);
    }
}

/// The report in `out` has a chart (an attack that never deals damage has none to draw, so
/// this is asked where a chart is due, not of every run).
fn drew_a_chart(out: &Path) {
    let png = std::fs::read_dir(out).unwrap().any(|f| f.unwrap().path().extension().is_some_and(|e| e == "png"));
    assert!(png, "{}: a chart was drawn", out.display());
}

fn attack_body(attacker: &str, target: &str) -> String {
    format!("kind = \"attack\"\n[attack]\nattacker = \"{attacker}\"\ntarget = \"{target}\"")
}

// Hand values, worked out from the rules alone.
//
// ace (skill 5) against ace (defense 15, 4 hp): a natural n hits when n + 5 ≥ 15, n = 10..=20:
//   P(hit) = 11/20. Naturals 10..=19 deal 1D6 (mean 3.5), a natural 20 2D6 (mean 7):
//   E[damage] = (10/20)·3.5 + (1/20)·7 = 1.75 + 0.35 = 2.1.
//   Takes out (damage ≥ 4): 1D6 ≥ 4 is 3/6; 2D6 ≥ 4 is 1 − 3/36 = 33/36:
//   (10/20)(1/2) + (1/20)(33/36) = 1/4 + 33/720 = 213/720 = 71/240.
// novice (skill 0) against tank (defense 25): no natural reaches 25; only a natural 20 hits:
//   P(hit) = 1/20, E[damage] = 7/20 = 0.35; 20 hp cannot be taken by 12: takes out 0.
// tank (skill 10) against novice (defense 5): every natural reaches 5, but a natural 1 misses:
//   P(hit) = 19/20; E[damage] = (18/20)·3.5 + (1/20)·7 = 3.15 + 0.35 = 3.5.
// tank (skill 10) against ace (defense 15): n ≥ 5: 16/20 = 4/5; E[damage] = (15/20)·3.5 + 0.35
//   = 2.625 + 0.35 = 2.975.
// A natural 20 is 1/20 whatever the cards.
const ACE_HIT: f64 = 11.0 / 20.0;
const ACE_DAMAGE: f64 = 2.1;
const ACE_TAKES_OUT: f64 = 71.0 / 240.0;

/// The D20's face-by-face oracle (CONTRIBUTING.md: `exact::enumerate_draws`) gives the hand
/// values; the D6 oracle `exact::enumerate` gives up on a D20 drawn by rejection.
#[test]
fn the_draw_oracle_gives_the_hand_values() {
    let e = exact::enumerate_draws(&Attack { skill: 5, defense: 15, hp: 4 }, 4).expect("a D20 and up to 2 D6");
    assert!((e.events[0] - ACE_HIT).abs() < 1e-12, "ace hits ace: {:?}", e.events);
    assert!((e.events[1] - 0.05).abs() < 1e-12, "natural 20: {:?}", e.events);
    assert!((e.events[2] - ACE_TAKES_OUT).abs() < 1e-12, "ace takes out ace: {:?}", e.events);
    assert!((e.mean(0) - ACE_DAMAGE).abs() < 1e-12, "ace's damage: {}", e.mean(0));
    let e = exact::enumerate_draws(&Attack { skill: 0, defense: 25, hp: 20 }, 4).unwrap();
    assert!((e.events[0] - 0.05).abs() < 1e-12, "only a natural 20 hits defense 25 with skill 0");
    assert!((e.mean(0) - 0.35).abs() < 1e-12);
    let e = exact::enumerate_draws(&Attack { skill: 10, defense: 5, hp: 20 }, 4).unwrap();
    assert!((e.events[0] - 0.95).abs() < 1e-12, "all but a natural 1 hit defense 5 with skill 10");
    assert!((e.mean(0) - 3.5).abs() < 1e-12);
    assert!(exact::enumerate(&Attack { skill: 5, defense: 15, hp: 4 }, 12).is_none(), "D6 faces cannot walk a D20");
}

/// (1) Exact answers written by hand, against what a run computes, and the run says exact,
/// with the fraction.
#[test]
fn an_attack_is_exact_and_matches_the_hand_values() {
    let (run, report, out) = run_d20("exact-ace", &attack_body("ace", "ace"));
    assert!(run.output.tallies[0].exact, "the run's tally is exact");
    assert_eq!(run.output.stopping.trials, 0, "an enumerated run samples nothing");
    let c = &report.cells[0];
    let hit = c.events.get("hit").unwrap();
    assert_eq!(hit.exact.as_deref(), Some("11/20"), "reported as an exact fraction");
    assert!((hit.p - ACE_HIT).abs() < 1e-12, "{}", hit.p);
    assert_eq!(c.events.get("critical").unwrap().exact.as_deref(), Some("1/20"));
    assert_eq!(c.events.get("takes_out").unwrap().exact.as_deref(), Some("71/240"));
    let m = c.metrics.get("damage").unwrap();
    assert!((m.mean - ACE_DAMAGE).abs() < 1e-12, "E[damage] = 2.1, got {}", m.mean);
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(md.contains("11/20"), "summary.md gives the fraction:\n{md}");
    drew_a_chart(&out);
    assert!(md.contains("| a hit | 55.00% | 11/20 |"), "summary.md names the event in the system's words:\n{md}");

    // The natural-20 rule: skill 0 against defense 25 hits only on a natural 20.
    let (_, report, _) = run_d20("exact-nat20", &attack_body("novice", "tank"));
    let c = &report.cells[0];
    assert_eq!(c.events.get("hit").unwrap().exact.as_deref(), Some("1/20"));
    assert!((c.metrics.get("damage").unwrap().mean - 0.35).abs() < 1e-12, "only 2D6 on a natural 20: 7/20");
    assert_eq!(c.events.get("takes_out").unwrap().p, 0.0, "12 damage cannot take 20 hp");

    // The natural-1 rule: skill 10 against defense 5 hits on all but a natural 1.
    let (_, report, _) = run_d20("exact-nat1", &attack_body("tank", "novice"));
    let c = &report.cells[0];
    assert_eq!(c.events.get("hit").unwrap().exact.as_deref(), Some("19/20"));
    assert!((c.metrics.get("damage").unwrap().mean - 3.5).abs() < 1e-12, "(18/20)·3.5 + (1/20)·7");
}

/// (2) A sampled run (`exact = false`) agrees with the exact value within 4.5 standard errors,
/// and is reported as sampled.
#[test]
fn a_sampled_attack_agrees_with_the_exact_value() {
    let (run, report, _) = run_d20("sampled", &format!("exact = false\n{}", attack_body("ace", "ace")));
    let n = run.output.stopping.trials;
    assert!(n >= 40000, "{n} trials");
    assert!(!run.output.tallies[0].exact, "sampled, not enumerated");
    let c = &report.cells[0];
    let hit = c.events.get("hit").unwrap();
    assert_eq!(hit.exact, None, "a sampled event has no fraction");
    close("ace hits ace", hit.p, ACE_HIT, n);
    close("natural 20", c.events.get("critical").unwrap().p, 0.05, n);
    close("ace takes out ace", c.events.get("takes_out").unwrap().p, ACE_TAKES_OUT, n);
    let m = c.metrics.get("damage").unwrap();
    assert!(m.stderr > 0.0, "a sampled mean has a standard error");
    assert!((m.mean - ACE_DAMAGE).abs() <= 4.5 * m.stderr, "E[damage] 2.1, got {} ± {}", m.mean, m.stderr);
}

/// (3) compare, from TOML to a written report.
#[test]
fn compare_matches_the_hand_values_per_cell() {
    let (run, report, out) = run_d20(
        "compare",
        "kind = \"compare\"\n[compare]\nloadouts = [{ attacker = \"novice\" }, { attacker = \"tank\" }]\n\
         targets = [\"ace\", \"tank\"]",
    );
    assert!(matches!(run.scenario.layout, Layout::Compare { .. }));
    assert_eq!(report.cells.len(), 4);
    drew_a_chart(&out);
    // (novice, ace): skill 0 vs 15: n ≥ 15: 6/20. (novice, tank): 1/20.
    // (tank, ace): skill 10 vs 15: n ≥ 5: 16/20. (tank, tank): n ≥ 15: 6/20.
    for (i, p) in [6.0 / 20.0, 1.0 / 20.0, 16.0 / 20.0, 6.0 / 20.0].into_iter().enumerate() {
        agrees(&format!("compare cell {i}"), &run, &report, i, "hit", p);
    }
}

/// (3) sweep in one and two dimensions.
#[test]
fn sweeps_in_one_and_two_dimensions() {
    let (run, report, out) = run_d20(
        "sweep",
        "kind = \"sweep\"\n[attack]\nattacker = \"novice\"\ntarget = \"ace\"\n\
         [sweep]\nparameter = \"attacker.skill\"\nfrom = 0\nto = 10",
    );
    assert_eq!(report.cells.len(), 11, "skill 0 to 10");
    for (i, skill) in (0..=10u8).enumerate() {
        // Against defense 15: n ≥ 15 − skill (never below 5 here, so the natural-1 rule is
        // moot): (20 − (15 − skill) + 1)/20 = (6 + skill)/20.
        agrees(&format!("skill {skill}"), &run, &report, i, "hit", (6 + skill) as f64 / 20.0);
    }
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(md.contains("attacker's skill"), "the swept field in the system's words:\n{md}");
    assert!(!md.contains("attacker.skill"), "no swept field shown by its key:\n{md}");
    drew_a_chart(&out);

    let (run, report, out) = run_d20(
        "sweep-2d",
        "kind = \"sweep\"\n[attack]\nattacker = \"novice\"\ntarget = \"ace\"\n\
         [sweep]\nparameter = \"attacker.skill\"\nvalues = [0, 10]\ny = { parameter = \"target.defense\", values = [5, 25] }",
    );
    assert!(matches!(run.scenario.layout, Layout::Sweep2 { .. }));
    assert_eq!(report.cells.len(), 4);
    // Index x · 2 + y. (0, 5): n ≥ 5: 16/20. (0, 25): natural 20 only: 1/20.
    // (10, 5): all but a natural 1: 19/20. (10, 25): n ≥ 15: 6/20.
    for (i, p) in [16.0 / 20.0, 1.0 / 20.0, 19.0 / 20.0, 6.0 / 20.0].into_iter().enumerate() {
        agrees(&format!("2-D cell {i}"), &run, &report, i, "hit", p);
    }
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(md.contains("target's defense"), "the second swept field in the system's words:\n{md}");
    assert!(!md.contains("target.defense"), "no swept field shown by its key:\n{md}");
    drew_a_chart(&out);
}

/// (3) paired, duel and balance.
#[test]
fn paired_duel_and_balance() {
    let (_, report, out) = run_d20(
        "paired",
        "kind = \"paired\"\n[paired]\na = { attacker = \"tank\" }\nb = { attacker = \"ace\" }\ntarget = \"ace\"\nmeasure = \"damage\"",
    );
    let p = report.paired.as_ref().expect("a paired summary");
    // E[tank] − E[ace] against defense 15 = 2.975 − 2.1 = 0.875.
    let se = (p.ci95[1] - p.ci95[0]) / 3.92;
    assert!(se > 0.0, "a sampled difference has a width");
    assert!((p.mean_difference - 0.875).abs() < 4.5 * se, "{} ± {se}", p.mean_difference);
    drew_a_chart(&out);

    // One round, ace against ace: A attacks first; A wins when its attack takes B out (71/240);
    // otherwise B attacks back and wins when its does: (169/240)(71/240) = 11999/57600. A always
    // attacks once: its damage averages 2.1 and its hits 11/20.
    let (run, report, out) = run_d20(
        "duel",
        "kind = \"duel\"\n[duel]\nrounds = 1\na = { card = \"ace\", label = \"Ace A\" }\nb = { card = \"ace\", label = \"Ace B\" }",
    );
    assert!(matches!(run.scenario.layout, Layout::Duel { .. }));
    let n = run.output.stopping.trials;
    assert!(n > 0 && !run.output.tallies[0].exact, "a duel is sampled");
    let c = &report.cells[0];
    close("A takes B out in round 1", c.events.get("a_wins").unwrap().p, ACE_TAKES_OUT, n);
    close("B strikes back and takes A out", c.events.get("b_wins").unwrap().p, 11999.0 / 57600.0, n);
    let dealt = c.metrics.get("a_dealt").unwrap();
    assert!((dealt.mean - ACE_DAMAGE).abs() <= 4.5 * dealt.stderr, "A's damage 2.1, got {}", dealt.mean);
    let hits = c.metrics.get("a_hits").unwrap();
    assert!((hits.mean - ACE_HIT).abs() <= 4.5 * hits.stderr, "A's hits 11/20, got {}", hits.mean);
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(md.contains("hits landed"), "the duel's extra count in its words:\n{md}");
    drew_a_chart(&out);
    assert!(md.contains("Ace A wins") && md.contains("- 1 round\n"), "its labels and its one round:\n{md}");

    let (run, report, out) = run_d20(
        "balance",
        "kind = \"balance\"\n[fighters.ace]\ncard = \"ace\"\n[fighters.novice]\ncard = \"novice\"\n[fighters.tank]\ncard = \"tank\"\n\
         [balance]\ncandidate = { card = \"ace\", label = \"Ace (new)\" }\nrounds = 4",
    );
    let Layout::Balance(l) = &run.scenario.layout else { panic!("a balance layout") };
    assert_eq!(l.rows.len(), 4);
    assert_eq!(l.rows[0].costs, [Some(20.0)], "the candidate's cost comes from its card");
    assert!(report.balance.is_some());
    drew_a_chart(&out);
}

/// `--exact` on a duel is refused with a reason that names the duel.
#[test]
fn an_exact_duel_is_refused_naming_the_duel() {
    let dir = common::tmp("d20_system", "exact-refused");
    let path = dir.join("scenario.toml");
    std::fs::write(
        &path,
        format!("ruleset = \"d20\"\nkind = \"duel\"\nexact = true\n[duel]\nrounds = 2\na = {{ card = \"ace\" }}\nb = {{ card = \"ace\" }}\n{CARDS}"),
    )
    .unwrap();
    let err = match config::load_in(&[&D20_SYSTEM], &path, &Overrides::default(), None) {
        Err(e) => e.to_string(),
        Ok((sc, _)) => match analysis::run(sc, 0, &Progress::hidden()) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("an exact duel ran"),
        },
    };
    assert!(err.contains("a duel of the d20 system is sampled"), "refused with the duel's own reason: {err}");
}

/// (4) Every starter, own and generic, is valid as written and runs.
#[test]
fn its_starters_run_as_written() {
    let starters = DEF.kinds.iter().map(|k| (k.name, k.starter)).chain(DEF.analysis_starters.iter().copied());
    let mut kinds = Vec::new();
    for (kind, text) in starters {
        assert!(text.starts_with(&format!("# {kind} — ")), "{kind}: first line `# KIND — …`");
        let dir = common::tmp("d20_system", &format!("starter-{kind}"));
        let path = dir.join("starter.toml");
        std::fs::write(&path, text).unwrap();
        let (sc, _) = config::load_in(&[&D20_SYSTEM], &path, &Overrides::default(), None)
            .unwrap_or_else(|e| panic!("{kind}: {e}"));
        assert_eq!(sc.kind.name(), kind);
        analysis::run(sc, 0, &Progress::hidden()).unwrap_or_else(|e| panic!("{kind}: {e}"));
        kinds.push(kind);
    }
    assert_eq!(kinds, ["attack", "duel", "compare", "sweep", "paired", "balance"]);
}

/// Every event and metric the system's trials record, and every field a sweep can name, has
/// words of its own (the generic duel names are `Vocabulary::GENERIC`'s). CONTRIBUTING.md: "a
/// system outside the registry is not walked: test its words yourself".
#[test]
fn every_name_it_records_has_its_words() {
    let s = Trial::shape(&Attack { skill: 5, defense: 15, hp: 4 });
    for (m, _) in &s.metrics {
        assert!(VOCABULARY.metric(m).is_some(), "metric {m}");
    }
    for e in &s.events {
        assert!(VOCABULARY.event(e).is_some(), "event {e}");
    }
    for x in D20Duel::EXTRA {
        assert!(VOCABULARY.metric(x).is_some(), "duel count {x}");
    }
    for f in ["skill", "defense", "hp", "cost"] {
        assert!(VOCABULARY.field(&format!("cards.{f}")).is_some(), "field cards.{f}");
    }
    for (field, _) in DEF.kinds[0].varies.unwrap().refs {
        assert!(VOCABULARY.field(&format!("attack.{field}")).is_some(), "field attack.{field}");
    }
}

/// A card outside the rules is refused (skill 11, defense 4 or 26, hp 0 or 21), and the edges
/// are a card.
#[test]
fn a_card_outside_the_rules_is_refused() {
    for (what, skill, defense, hp, ok) in [
        ("skill-11", 11, 15, 5, false),
        ("defense-4", 5, 4, 5, false),
        ("defense-26", 5, 26, 5, false),
        ("hp-0", 5, 15, 0, false),
        ("hp-21", 5, 15, 21, false),
        ("low-edges", 0, 5, 1, true),
        ("high-edges", 10, 25, 20, true),
    ] {
        let dir = common::tmp("d20_system", &format!("card-{what}"));
        let path = dir.join("scenario.toml");
        let card = format!("[cards.odd]\nskill = {skill}\ndefense = {defense}\nhp = {hp}\n");
        std::fs::write(&path, format!("ruleset = \"d20\"\n{}\n{card}", attack_body("odd", "odd"))).unwrap();
        match config::load_in(&[&D20_SYSTEM], &path, &Overrides::default(), None) {
            Err(e) => assert!(!ok && e.to_string().contains("not a d20 card"), "{what}: {e}"),
            Ok(_) => assert!(ok, "{what}: accepted"),
        }
    }
}
