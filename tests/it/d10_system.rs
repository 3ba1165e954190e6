//! The tiny system's D10 cousin, added by a newcomer from CONTRIBUTING.md alone: "roll k
//! ten-sided dice, a die succeeds on n or more (n in 2..=10)", written outside the crate against
//! the public contract (`SystemDef` + `RuleSystem`, `Trial` + `TrialInfo`, `DuelRules`) as
//! `tiny_system.rs` is, and taken through every generic analysis — compare, sweep (1-D and 2-D),
//! paired, duel and balance — from TOML to a written report.
//!
//! The rules: a card has `dice` (k, 1..=20), `need` (n, 2..=10), `toughness` and `wounds`. One
//! roll: k D10s; each die showing n or more is a success; the roll `beats` the target when its
//! successes reach the target's toughness. A duel round: A rolls, then B (if still standing);
//! each success takes one wound off the other; a fighter with no wounds is out.
//!
//! Every die is a D10 drawn with `dice::uniform_below(dice, 10)` (CONTRIBUTING.md, "Dice other
//! than D6"), so the exact evaluator enumerates it as one draw of ten equal outcomes, and its
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

/// One D10, face 1..=10, drawn as CONTRIBUTING.md says a D10 must be: one uniform draw of ten.
#[inline(always)]
fn d10<D: Dice>(dice: &mut D) -> u8 {
    dice::uniform_below(dice, 10) as u8 + 1
}

/// Successes of `k` D10s needing `n`+.
#[inline(always)]
fn successes<D: Dice>(dice: &mut D, k: u8, n: u8) -> u8 {
    (0..k).filter(|_| d10(dice) >= n).count() as u8
}

/// One roll of `k` D10s succeeding on `n`+, against a target of `toughness`.
#[derive(Clone, Debug, PartialEq)]
struct Roll {
    k: u8,
    n: u8,
    toughness: u8,
}

impl Trial for Roll {
    fn shape(&self) -> Shape {
        Shape::new(vec![("successes", self.k as usize)], vec!["any_success", "beats"])
    }
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let s = successes(dice, self.k, self.n) as u16;
        let mut o = Outcome::default();
        o.metrics[0] = s;
        o.flag(0, s > 0);
        o.flag(1, s >= self.toughness as u16);
        o
    }
}

impl TrialInfo for Roll {
    fn unit(&self) -> &'static str {
        "roll"
    }
    fn headline_metrics(&self) -> &'static [&'static str] {
        &["successes"]
    }
    /// What decides a roll: whether it beats the target.
    fn default_measure(&self) -> Option<&'static str> {
        Some("beats")
    }
}

/// A duel between two cards.
#[derive(Clone, Debug, PartialEq)]
struct D10Duel {
    sides: [D10Card; 2],
    rounds: u8,
}

/// Wounds left and rolls made, per side.
#[derive(Clone, Copy, Debug)]
struct DuelState {
    wounds: [u8; 2],
    rolls: [u16; 2],
}

impl DuelRules for D10Duel {
    type State = DuelState;
    const EXTRA: [&'static str; 2] = ["a_rolls", "b_rolls"];

    fn round_limit(&self) -> u8 {
        self.rounds
    }
    fn maxima(&self) -> Maxima {
        Maxima { dealt: [self.sides[1].wounds as usize, self.sides[0].wounds as usize], extra: self.rounds as usize }
    }
    fn start<D: Dice>(&self, _dice: &mut D, rec: &mut Record) -> DuelState {
        rec.first_in_round_one(0);
        DuelState { wounds: [self.sides[0].wounds, self.sides[1].wounds], rolls: [0, 0] }
    }
    fn play_round<D: Dice>(&self, st: &mut DuelState, round: u16, dice: &mut D, rec: &mut Record) -> ControlFlow<()> {
        for side in 0..2 {
            if st.wounds[side] == 0 {
                continue;
            }
            let c = &self.sides[side];
            st.rolls[side] += 1;
            let hits = successes(dice, c.dice, c.need);
            let dealt = hits.min(st.wounds[1 - side]);
            st.wounds[1 - side] -= dealt;
            rec.deal(side, dealt as u32);
            if st.wounds[1 - side] == 0 {
                rec.put_down(side, round);
            }
        }
        ControlFlow::Continue(())
    }
    fn out(&self, st: &DuelState, side: usize) -> bool {
        st.wounds[side] == 0
    }
    fn casualty(&self, st: &DuelState, side: usize) -> bool {
        st.wounds[side] == 0
    }
    fn extra(&self, st: &DuelState) -> [u16; 2] {
        st.rolls
    }
}

/// CONTRIBUTING.md: "A duel's `TrialInfo::exact_offered` must refuse with a reason that names
/// the duel".
impl TrialInfo for D10Duel {
    fn exact_offered(&self) -> Result<(), &'static str> {
        Err("a duel of the d10 system is sampled: it has no exact solver")
    }
}

// ---- 2. The config schema. ----

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct D10Card {
    name: Option<String>,
    dice: u8,
    need: u8,
    toughness: u8,
    wounds: u8,
    cost: Option<f64>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RollSection {
    roller: Option<String>,
    target: Option<String>,
}

skirmish_odds::duel_schema! {
    /// A D10 fighter: a card, and only what every fighter has (`label`, `cost`).
    #[serde(expecting = "a fighter: a table with card = \"NAME\" and optional label, cost")]
    pub struct Fighter {}
    /// `[duel]`: two fighters, `rounds`.
    #[serde(expecting = "a [duel] table with a, b, rounds")]
    pub struct DuelSection {}
}

skirmish_odds::scenario_file! {
    /// The D10 system's whole file.
    pub struct D10File {
        #[serde(default)]
        pub cards: BTreeMap<String, D10Card>,
        #[serde(default)]
        pub fighters: BTreeMap<String, Fighter>,
        pub roll: Option<RollSection>,
        pub duel: Option<DuelSection>,
    }
}

// ---- 3. The contract. ----

struct D10;

impl D10 {
    fn card<'f>(ctx: &Ctx, f: &'f D10File, name: &str, at: &[&str]) -> Result<&'f D10Card, InputError> {
        let c = f.cards.get(name).ok_or_else(|| {
            ctx.err(0, at, format!("unknown card `{name}`"), f.cards.keys().cloned().collect::<Vec<_>>().join(", "))
        })?;
        if !(2..=10).contains(&c.need) || !(1..=20).contains(&c.dice) || c.wounds == 0 || c.toughness == 0 {
            return Err(ctx.err(
                0,
                &["cards", name],
                format!("card `{name}` is not a d10 card"),
                "dice 1..=20, need 2..=10, toughness ≥ 1, wounds ≥ 1",
            ));
        }
        Ok(c)
    }

    fn roll(ctx: &mut Ctx, kind: Kind, doc: Doc<'_>, setup: &mut Vec<String>) -> Result<Built, InputError> {
        let f: D10File = ctx.read_plain(kind, doc)?;
        let r = f.roll.as_ref().ok_or_else(|| ctx.err(0, &[], "kind = \"roll\" needs [roll]", "[roll]"))?;
        let roller = Self::card(ctx, &f, r.roller.as_deref().unwrap_or(""), &["roll", "roller"])?;
        let target = Self::card(ctx, &f, r.target.as_deref().unwrap_or(""), &["roll", "target"])?;
        setup.push(format!("{} D10, success on {}+, against toughness {}", roller.dice, roller.need, target.toughness));
        let t = Roll { k: roller.dice, n: roller.need, toughness: target.toughness };
        Ok((vec![cell("roll", vec![], t)], Layout::Single, vec![]))
    }

    fn duel(ctx: &mut Ctx, kind: Kind, doc: Doc<'_>, setup: &mut Vec<String>) -> Result<Built, InputError> {
        let f: D10File = ctx.read_plain(kind, doc)?;
        let d = f.duel.as_ref().ok_or_else(|| ctx.err(0, &[], "kind = \"duel\" needs [duel]", "[duel]"))?;
        let a = Self::card(ctx, &f, &d.a.card, &["duel", "a", "card"])?.clone();
        let b = Self::card(ctx, &f, &d.b.card, &["duel", "b", "card"])?.clone();
        let (la, lb) = (d.a.label.clone().unwrap_or(d.a.card.clone()), d.b.label.clone().unwrap_or(d.b.card.clone()));
        let rounds = ctx.rounds(d.rounds, "duel")?;
        // CONTRIBUTING.md: the two sides' lines start `A — ` and `B — `, the rounds line last.
        setup.push(format!("A — {la}: {} D10 on {}+, {} wounds", a.dice, a.need, a.wounds));
        setup.push(format!("B — {lb}: {} D10 on {}+, {} wounds", b.dice, b.need, b.wounds));
        setup.push(format!("{rounds} round{}", if rounds == 1 { "" } else { "s" }));
        let t = D10Duel { sides: [a, b], rounds };
        let (cells, layout) = config::duel_cell(la, lb, t);
        Ok((cells, layout, vec![]))
    }
}

/// What the D10 system is, declared once.
const DEF: SystemDef = SystemDef {
    name: "d10",
    title: "roll k D10, success on n+",
    kinds: &[
        KindDef {
            name: "roll",
            title: "a roll of D10s",
            sections: &["roll"],
            varies: Some(Varies {
                target_field: "target",
                refs: &[("roller", "cards"), ("target", "cards")],
                loadout_fields: &["roller"],
            }),
            starter: concat!(
                "# roll — How often do a grunt's three D10 beat an elite's toughness?\n",
                "ruleset = \"d10\"\nkind = \"roll\"\n[roll]\nroller = \"grunt\"\ntarget = \"elite\"\n",
                "[cards.grunt]\ndice = 3\nneed = 6\ntoughness = 2\nwounds = 3\ncost = 10\n",
                "[cards.elite]\ndice = 4\nneed = 5\ntoughness = 3\nwounds = 4\ncost = 20\n",
            ),
            build: D10::roll,
        },
        KindDef {
            name: "duel",
            title: "a duel",
            sections: &["duel"],
            varies: None,
            starter: concat!(
                "# duel — A grunt against an elite over three rounds.\n",
                "ruleset = \"d10\"\nkind = \"duel\"\ntrials = 20000\n[duel]\nrounds = 3\n",
                "a = { card = \"grunt\" }\nb = { card = \"elite\" }\n",
                "[cards.grunt]\ndice = 3\nneed = 6\ntoughness = 2\nwounds = 3\ncost = 10\n",
                "[cards.elite]\ndice = 4\nneed = 5\ntoughness = 3\nwounds = 4\ncost = 20\n",
            ),
            build: D10::duel,
        },
    ],
    analysis_starters: &[
        (
            "compare",
            concat!(
                "# compare — Grunt or elite dice, against each card's toughness?\n",
                "ruleset = \"d10\"\nkind = \"compare\"\n[compare]\n",
                "loadouts = [{ roller = \"grunt\" }, { roller = \"elite\" }]\ntargets = [\"grunt\", \"elite\"]\n",
                "[cards.grunt]\ndice = 3\nneed = 6\ntoughness = 2\nwounds = 3\ncost = 10\n",
                "[cards.elite]\ndice = 4\nneed = 5\ntoughness = 3\nwounds = 4\ncost = 20\n",
            ),
        ),
        (
            "sweep",
            concat!(
                "# sweep — How a grunt's odds move with the number it needs on a D10.\n",
                "ruleset = \"d10\"\nkind = \"sweep\"\n[roll]\nroller = \"grunt\"\ntarget = \"elite\"\n",
                "[sweep]\nparameter = \"roller.need\"\nfrom = 2\nto = 10\n",
                "[cards.grunt]\ndice = 3\nneed = 6\ntoughness = 2\nwounds = 3\ncost = 10\n",
                "[cards.elite]\ndice = 4\nneed = 5\ntoughness = 3\nwounds = 4\ncost = 20\n",
            ),
        ),
        (
            "paired",
            concat!(
                "# paired — How many more successes an elite's dice give than a grunt's, on the same dice.\n",
                "ruleset = \"d10\"\nkind = \"paired\"\n[paired]\na = { roller = \"elite\" }\nb = { roller = \"grunt\" }\n",
                "target = \"grunt\"\nmeasure = \"successes\"\n",
                "[cards.grunt]\ndice = 3\nneed = 6\ntoughness = 2\nwounds = 3\ncost = 10\n",
                "[cards.elite]\ndice = 4\nneed = 5\ntoughness = 3\nwounds = 4\ncost = 20\n",
            ),
        ),
        (
            "balance",
            concat!(
                "# balance — What should a new elite cost against the gauntlet?\n",
                "ruleset = \"d10\"\nkind = \"balance\"\ntrials = 20000\n",
                "[fighters.grunt]\ncard = \"grunt\"\n[fighters.elite]\ncard = \"elite\"\n[fighters.brute]\ncard = \"brute\"\n",
                "[balance]\ncandidate = { card = \"elite\", label = \"Elite (new)\" }\nrounds = 4\n",
                "[cards.grunt]\ndice = 3\nneed = 6\ntoughness = 2\nwounds = 3\ncost = 10\n",
                "[cards.elite]\ndice = 4\nneed = 5\ntoughness = 3\nwounds = 4\ncost = 20\n",
                "[cards.brute]\ndice = 2\nneed = 8\ntoughness = 1\nwounds = 6\ncost = 12\n",
            ),
        ),
    ],
    libraries: &[
        ("cards", "[cards.NAME] with dice, need, toughness, wounds and optional name, cost"),
        ("fighters", "[fighters.NAME] with card = \"NAME\" and optional label, cost"),
    ],
    fighter_fields: Fighter::FIELDS,
    duel_fields: DuelSection::FIELDS,
    duel: Some(DuelDef {
        card_table: "cards",
        cost_fields: &["cost"],
        costs: &[Cost { key: "cost", name: "cost", unit: "point of cost", short: "point" }],
        damage: "wounds",
        out: "out",
        extra: "rolls made, mean",
        fighter_weapon: None,
        builtin_weapons: &[],
        // No characteristics priced one step up and down: its balance reports carry no table of
        // what each is worth (a system lists its card's fields here to get one).
        stats: &[],
    }),
    vocabulary: &VOCABULARY,
    how_to_read: Some("Every die is a ten-sided die (D10); a die succeeds on its card's `need` or more."),
    strict: Some(strict_error_of::<D10File>),
    ..SystemDef::NONE
};

impl RuleSystem for D10 {
    fn def(&self) -> &'static SystemDef {
        &DEF
    }
}

static D10_SYSTEM: D10 = D10;

/// The D10 system's words: its events, its metric, its duel's per-side count, the card fields a
/// sweep can vary.
const VOCABULARY: Vocabulary = Vocabulary {
    events: &[
        Term::new("any_success", "at least one D10 succeeds"),
        Term::new("beats", "successes reach the target's toughness").short("P(beats toughness)"),
    ],
    metrics: &[
        Term::new("successes", "D10s that succeed"),
        Term::new("a_rolls", "rolls A made"),
        Term::new("b_rolls", "rolls B made"),
    ],
    fields: &[
        // The fields naming a card: a sweep of `roller.need` reads "roller's number needed on a
        // D10" (the owner's words from `roll.roller`, the field's from `cards.need`).
        Term::new("roll.roller", "roller"),
        Term::new("roll.target", "target"),
        Term::new("cards.dice", "D10s rolled"),
        Term::new("cards.need", "number needed on a D10"),
        Term::new("cards.toughness", "toughness"),
        Term::new("cards.wounds", "wounds"),
        Term::new("cards.cost", "cost"),
    ],
};

// ---- 4. Tests. ----

const CARDS: &str = "[cards.grunt]\ndice = 3\nneed = 6\ntoughness = 2\nwounds = 3\ncost = 10\n\
                     [cards.elite]\ndice = 4\nneed = 5\ntoughness = 3\nwounds = 4\ncost = 20\n\
                     [cards.brute]\ndice = 2\nneed = 8\ntoughness = 1\nwounds = 6\ncost = 12\n\
                     [cards.sharp]\ndice = 2\nneed = 7\ntoughness = 1\nwounds = 1\n\
                     [cards.ace]\ndice = 3\nneed = 9\ntoughness = 2\nwounds = 1\n\
                     [cards.sniper]\ndice = 1\nneed = 10\ntoughness = 1\nwounds = 1\n\
                     [cards.squad]\ndice = 5\nneed = 8\ntoughness = 2\nwounds = 1\n";

/// Load `body` (with the cards above) through `config::load_in(&[&D10_SYSTEM], …)`, run it and
/// write its whole report. Returns the run, its report model and the report folder.
fn run_d10(name: &str, body: &str) -> (RunResult, Report, PathBuf) {
    let dir = common::tmp("d10_system", name);
    let path = dir.join("scenario.toml");
    std::fs::write(&path, format!("ruleset = \"d10\"\nseed = 5\ntrials = 40000\n{body}\n{CARDS}")).unwrap();
    let (sc, _) =
        config::load_in(&[&D10_SYSTEM], &path, &Overrides::default(), None).unwrap_or_else(|e| panic!("{name}: {e}"));
    let run = analysis::run(sc, 0, &Progress::hidden()).unwrap();
    let report = report::build(&run, &D10_SYSTEM);
    let out = dir.join("report");
    let doc = report::Document::build(&run, &report, &D10_SYSTEM);
    let files = report::write_all(&run, &report, &doc, ReportDir::prepare(&out, report::FILES).unwrap()).unwrap();
    assert!(files.iter().any(|f| f.extension().is_some_and(|e| e == "png")), "{name}: a chart was drawn");
    assert!(Path::new(&out.join("index.html")).exists(), "{name}: index.html written");
    assert!(Path::new(&out.join("summary.md")).exists(), "{name}: summary.md written");
    (run, report, out)
}

/// P(at least `t` successes of `k` dice, each succeeding with `p`).
fn binom_at_least(k: u8, p: f64, t: u8) -> f64 {
    let c = |n: u64, r: u64| (0..r).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64);
    (t..=k).map(|s| c(k as u64, s as u64) * p.powi(s as i32) * (1.0 - p).powi((k - s) as i32)).sum()
}

/// A D10 succeeds on `n`+ with probability (11 − n)/10.
fn p_d10(n: u8) -> f64 {
    (11 - n) as f64 / 10.0
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

fn roll_body(roller: &str, target: &str) -> String {
    format!("kind = \"roll\"\n[roll]\nroller = \"{roller}\"\ntarget = \"{target}\"")
}

/// The formulas this file checks against are themselves right: the hand values of the rules.
#[test]
fn hand_values_of_the_rules() {
    // 2 D10 needing 7+ (faces 7, 8, 9, 10: 4/10), toughness 1: 1 − (6/10)² = 16/25.
    assert!((binom_at_least(2, p_d10(7), 1) - 16.0 / 25.0).abs() < 1e-12);
    // 3 D10 needing 9+ (2/10 = 1/5), toughness 2: 3·(1/5)²·(4/5) + (1/5)³ = 13/125.
    assert!((binom_at_least(3, p_d10(9), 2) - 13.0 / 125.0).abs() < 1e-12);
    // 5 D10 needing 8+ (3/10), toughness 2: 1 − 0.7⁵ − 5·0.3·0.7⁴ = 1 − 0.16807 − 0.36015.
    assert!((binom_at_least(5, p_d10(8), 2) - 0.47178).abs() < 1e-12);
}

/// The face-by-face oracle of a D10 (CONTRIBUTING.md: `exact::enumerate_draws`) gives the hand
/// values; the D6 oracle `exact::enumerate` gives up on a D10, as CONTRIBUTING.md says.
#[test]
fn the_draw_oracle_walks_ten_faces_per_die() {
    let r = Roll { k: 2, n: 7, toughness: 1 };
    let e = exact::enumerate_draws(&r, 8).expect("two draws");
    assert!((e.events[1] - 16.0 / 25.0).abs() < 1e-12, "2 D10 on 7+: {:?}", e.events);
    assert!((e.mean(0) - 0.8).abs() < 1e-12, "mean successes 2 × 4/10");
    let r = Roll { k: 3, n: 9, toughness: 2 };
    let e = exact::enumerate_draws(&r, 8).expect("three draws");
    assert!((e.events[1] - 13.0 / 125.0).abs() < 1e-12, "3 D10 on 9+ vs 2: {:?}", e.events);
    assert!((e.events[0] - 61.0 / 125.0).abs() < 1e-12, "any of 3 D10 on 9+: 1 − (4/5)³");
    // A single D10 needing 10: 1/10 (on a D6 it could never succeed).
    let e = exact::enumerate_draws(&Roll { k: 1, n: 10, toughness: 1 }, 2).unwrap();
    assert!((e.events[1] - 0.1).abs() < 1e-12);
    assert!(exact::enumerate(&Roll { k: 1, n: 10, toughness: 1 }, 12).is_none(), "D6 faces cannot walk a D10");
}

/// (1) Exact answers written by hand, against what a run computes, and the run says exact.
#[test]
fn a_roll_is_exact_and_matches_the_hand_values() {
    // 2 D10 needing 7+, toughness 1: 1 − (6/10)² = 16/25; any success is the same event here.
    let (run, report, out) = run_d10("exact-2d10", &roll_body("sharp", "sharp"));
    let beats = report.cells[0].events.get("beats").unwrap();
    assert_eq!(beats.exact.as_deref(), Some("16/25"), "reported as an exact fraction");
    assert!((beats.p - 0.64).abs() < 1e-12, "{}", beats.p);
    let m = report.cells[0].metrics.get("successes").unwrap();
    assert!((m.mean - 0.8).abs() < 1e-12, "mean successes 2 × 4/10, got {}", m.mean);
    assert!(run.output.tallies[0].exact, "the run's tally is exact");
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(md.contains("16/25"), "summary.md gives the fraction:\n{md}");

    // 3 D10 needing 9+ (1/5), toughness 2: 13/125; at least one: 1 − (4/5)³ = 61/125.
    let (_, report, _) = run_d10("exact-3d10", &roll_body("ace", "ace"));
    let c = &report.cells[0];
    assert_eq!(c.events.get("beats").unwrap().exact.as_deref(), Some("13/125"));
    assert_eq!(c.events.get("any_success").unwrap().exact.as_deref(), Some("61/125"));
    assert!((c.metrics.get("successes").unwrap().mean - 0.6).abs() < 1e-12, "3 × 1/5");

    // 1 D10 needing 10+: 1/10.
    let (_, report, _) = run_d10("exact-1d10", &roll_body("sniper", "sniper"));
    assert_eq!(report.cells[0].events.get("beats").unwrap().exact.as_deref(), Some("1/10"));
}

/// (2) A sampled run (`exact = false`) agrees with the exact binomial within 4.5 standard
/// errors, and is reported as sampled.
#[test]
fn a_sampled_roll_agrees_with_the_binomial() {
    // 5 D10 needing 8+ (3/10), toughness 2: 0.47178.
    let (run, report, _) = run_d10("sampled", &format!("exact = false\n{}", roll_body("squad", "squad")));
    let n = run.output.stopping.trials;
    assert!(n >= 40000, "{n} trials");
    assert!(!run.output.tallies[0].exact, "sampled, not enumerated");
    let beats = report.cells[0].events.get("beats").unwrap();
    assert_eq!(beats.exact, None, "a sampled event has no fraction");
    close("5 D10 on 8+ vs 2", beats.p, 0.47178, n);
    close("any of 5 D10 on 8+", report.cells[0].events.get("any_success").unwrap().p, 1.0 - 0.7f64.powi(5), n);
    let m = report.cells[0].metrics.get("successes").unwrap();
    assert!((m.mean - 1.5).abs() <= 4.5 * m.stderr, "5 × 3/10 = 1.5, got {} ± {}", m.mean, m.stderr);

    // The most dice a card may roll, 20 D10 needing 10+, without `exact = false`: 10²⁰ sequences
    // are too many to enumerate, so the run samples it by itself. At least one: 1 − 0.9²⁰ =
    // 1 − 0.12157665459… = 0.87842334541.
    let (run, report, _) = run_d10(
        "sampled-20d10",
        "kind = \"roll\"\n[roll]\nroller = \"horde\"\ntarget = \"sniper\"\n[cards.horde]\ndice = 20\nneed = 10\ntoughness = 1\nwounds = 1",
    );
    assert!(!run.output.tallies[0].exact, "sampled");
    close(
        "20 D10 on 10+",
        report.cells[0].events.get("beats").unwrap().p,
        0.878_423_345_41,
        run.output.stopping.trials,
    );
}

/// (3) compare, from TOML to a written report.
#[test]
fn compare_matches_the_binomial_per_cell() {
    let (run, report, _) = run_d10(
        "compare",
        "kind = \"compare\"\n[compare]\nloadouts = [{ roller = \"grunt\" }, { roller = \"elite\" }]\ntargets = [\"grunt\", \"elite\"]",
    );
    assert!(matches!(run.scenario.layout, Layout::Compare { .. }));
    assert_eq!(report.cells.len(), 4);
    // (grunt, grunt): 3 D10 on 6+ (1/2) vs 2: 1/2. (grunt, elite): vs 3: 1/8.
    // (elite, grunt): 4 D10 on 5+ (3/5) vs 2: 1 − (2/5)⁴ − 4·(3/5)(2/5)³ = 513/625.
    // (elite, elite): vs 3: 4·(3/5)³(2/5) + (3/5)⁴ = 216/625 + 81/625 = 297/625.
    for (i, p) in [0.5, 0.125, 513.0 / 625.0, 297.0 / 625.0].into_iter().enumerate() {
        agrees(&format!("compare cell {i}"), &run, &report, i, "beats", p);
    }
    let m = report.cells[0].metrics.get("successes").unwrap();
    assert!((m.mean - 1.5).abs() <= 4.5 * m.stderr + 1e-12, "grunt: 3 × 1/2, got {}", m.mean);
}

/// (3) sweep in one and two dimensions.
#[test]
fn sweeps_in_one_and_two_dimensions() {
    let (run, report, out) = run_d10(
        "sweep",
        "kind = \"sweep\"\n[roll]\nroller = \"grunt\"\ntarget = \"elite\"\n[sweep]\nparameter = \"roller.need\"\nfrom = 2\nto = 10",
    );
    assert_eq!(report.cells.len(), 9, "need 2 to 10");
    for (i, need) in (2..=10u8).enumerate() {
        // At least one of 3 D10 on need+: 1 − ((need − 1)/10)³.
        let p = 1.0 - ((need - 1) as f64 / 10.0).powi(3);
        agrees(&format!("need {need}"), &run, &report, i, "any_success", p);
    }
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(md.contains("roller's number needed on a D10"), "the swept field in the system's words:\n{md}");
    assert!(!md.contains("roller.need"), "no swept field shown by its key:\n{md}");

    let (run, report, _) = run_d10(
        "sweep-2d",
        "kind = \"sweep\"\n[roll]\nroller = \"grunt\"\ntarget = \"elite\"\n[sweep]\nparameter = \"roller.dice\"\nvalues = [1, 3, 5]\ny = { parameter = \"target.toughness\", values = [1, 2] }",
    );
    assert!(matches!(run.scenario.layout, Layout::Sweep2 { .. }));
    // Cell (5 dice, toughness 2) = x 2, y 1 → index 2 · 2 + 1: 5 D10 on 6+ (1/2) vs 2 = 26/32.
    agrees("5 D10 vs toughness 2", &run, &report, 5, "beats", 26.0 / 32.0);
    // Cell (1 die, toughness 1) = index 0: 1/2.
    agrees("1 D10 vs toughness 1", &run, &report, 0, "beats", 0.5);
}

/// (3) paired, duel and balance.
#[test]
fn paired_duel_and_balance() {
    let (_, report, _) = run_d10(
        "paired",
        "kind = \"paired\"\n[paired]\na = { roller = \"elite\" }\nb = { roller = \"grunt\" }\ntarget = \"grunt\"\nmeasure = \"successes\"",
    );
    let p = report.paired.as_ref().expect("a paired summary");
    // E[elite] − E[grunt] = 4 · 3/5 − 3 · 1/2 = 2.4 − 1.5 = 0.9.
    let se = (p.ci95[1] - p.ci95[0]) / 3.92;
    assert!((p.mean_difference - 0.9).abs() < 4.5 * se + 1e-12, "{} ± {se}", p.mean_difference);

    let (run, report, out) =
        run_d10("duel", "kind = \"duel\"\n[duel]\nrounds = 3\na = { card = \"brute\" }\nb = { card = \"brute\" }");
    assert!(matches!(run.scenario.layout, Layout::Duel { .. }));
    let n = run.output.stopping.trials;
    assert!(n > 0 && !run.output.tallies[0].exact, "a duel is sampled");
    // Brute vs brute: 2 D10 on 8+ (3/10) against 6 wounds over 3 rounds. A deals at most 2 a
    // round, so A wins only if all 6 of its dice succeed: (3/10)⁶ = 0.000729. A always rolls
    // all three rounds (it acts first; B cannot take 6 wounds before A's third roll), so A's
    // damage is Binomial(6, 3/10): mean 1.8.
    close("brute A wins", report.cells[0].events.get("a_wins").unwrap().p, 0.3f64.powi(6), n);
    let dealt = report.cells[0].metrics.get("a_dealt").unwrap();
    assert!((dealt.mean - 1.8).abs() <= 4.5 * dealt.stderr, "A's damage 6 × 3/10, got {}", dealt.mean);
    let rolls = report.cells[0].metrics.get("a_rolls").unwrap();
    assert!((rolls.mean - 3.0).abs() < 1e-12, "A rolls every one of 3 rounds, got {}", rolls.mean);
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(md.contains("rolls made"), "the duel's extra count in its words:\n{md}");

    let (run, report, _) = run_d10(
        "balance",
        "kind = \"balance\"\n[fighters.grunt]\ncard = \"grunt\"\n[fighters.elite]\ncard = \"elite\"\n[fighters.brute]\ncard = \"brute\"\n\
         [balance]\ncandidate = { card = \"elite\", label = \"Elite (new)\" }\nrounds = 4",
    );
    let Layout::Balance(l) = &run.scenario.layout else { panic!("a balance layout") };
    assert_eq!(l.rows.len(), 4);
    assert_eq!(l.rows[0].costs, [Some(20.0)], "the candidate's cost comes from its card");
    assert!(report.balance.is_some());
}

/// `--exact` on a duel is refused with a reason that names the duel.
#[test]
fn an_exact_duel_is_refused_naming_the_duel() {
    // (A folder name without the word: the message names the scenario's path.)
    let dir = common::tmp("d10_system", "exact-refused");
    let path = dir.join("scenario.toml");
    std::fs::write(
        &path,
        format!("ruleset = \"d10\"\nkind = \"duel\"\nexact = true\n[duel]\nrounds = 2\na = {{ card = \"brute\" }}\nb = {{ card = \"brute\" }}\n{CARDS}"),
    )
    .unwrap();
    let err = match config::load_in(&[&D10_SYSTEM], &path, &Overrides::default(), None) {
        Err(e) => e.to_string(),
        Ok((sc, _)) => match analysis::run(sc, 0, &Progress::hidden()) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("an exact duel ran"),
        },
    };
    assert!(err.contains("a duel of the d10 system is sampled"), "refused with the duel's own reason: {err}");
}

/// (4) Every starter, own and generic, is valid as written and runs.
#[test]
fn its_starters_run_as_written() {
    let starters = DEF.kinds.iter().map(|k| (k.name, k.starter)).chain(DEF.analysis_starters.iter().copied());
    let mut kinds = Vec::new();
    for (kind, text) in starters {
        assert!(text.starts_with(&format!("# {kind} — ")), "{kind}: first line `# KIND — …`");
        let dir = common::tmp("d10_system", &format!("starter-{kind}"));
        let path = dir.join("starter.toml");
        std::fs::write(&path, text).unwrap();
        let (sc, _) = config::load_in(&[&D10_SYSTEM], &path, &Overrides::default(), None)
            .unwrap_or_else(|e| panic!("{kind}: {e}"));
        assert_eq!(sc.kind.name(), kind);
        analysis::run(sc, 0, &Progress::hidden()).unwrap_or_else(|e| panic!("{kind}: {e}"));
        kinds.push(kind);
    }
    assert_eq!(kinds, ["roll", "duel", "compare", "sweep", "paired", "balance"]);
}

/// Every event and metric the system's trials record has words of its own (the generic duel
/// names are `Vocabulary::GENERIC`'s).
#[test]
fn every_name_it_records_has_its_words() {
    let roll = Roll { k: 2, n: 7, toughness: 1 };
    let s = Trial::shape(&roll);
    for (m, _) in &s.metrics {
        assert!(VOCABULARY.metric(m).is_some(), "metric {m}");
    }
    for e in &s.events {
        assert!(VOCABULARY.event(e).is_some(), "event {e}");
    }
    for x in D10Duel::EXTRA {
        assert!(VOCABULARY.metric(x).is_some(), "duel count {x}");
    }
    for f in ["dice", "need", "toughness", "wounds"] {
        assert!(VOCABULARY.field(&format!("cards.{f}")).is_some(), "field cards.{f}");
    }
    for (field, _) in DEF.kinds[0].varies.unwrap().refs {
        assert!(VOCABULARY.field(&format!("roll.{field}")).is_some(), "field roll.{field}");
    }
}

/// A card outside the rules is refused: need 11 cannot be rolled on a D10, nor 21 dice (and
/// need 10 with 20 dice, the edges, are a card).
#[test]
fn a_card_outside_the_rules_is_refused() {
    for (what, dice, need, ok) in [("need-11", 2, 11, false), ("dice-21", 21, 5, false), ("edges", 20, 10, true)] {
        let dir = common::tmp("d10_system", &format!("card-{what}"));
        let path = dir.join("scenario.toml");
        let card = format!("[cards.odd]\ndice = {dice}\nneed = {need}\ntoughness = 1\nwounds = 1\n");
        std::fs::write(&path, format!("ruleset = \"d10\"\n{}\n{card}", roll_body("odd", "odd"))).unwrap();
        match config::load_in(&[&D10_SYSTEM], &path, &Overrides::default(), None) {
            Err(e) => assert!(!ok && e.to_string().contains("not a d10 card"), "{what}: {e}"),
            Ok(_) => assert!(ok, "{what}: accepted"),
        }
    }
}
