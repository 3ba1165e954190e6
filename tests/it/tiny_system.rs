//! The tiny example system of CONTRIBUTING.md: "roll k dice, success on n+", written outside the
//! crate against the public contract (`RuleSystem`, `Trial` + `TrialInfo`, `DuelRules`) by the same
//! route as the built-in systems, and taken through
//! every generic analysis — compare, sweep (1-D and 2-D), paired, duel and balance — and a kind of
//! its own with its own layout, tables and chart (`ladder`), from TOML to a written report, with no
//! line of the crate changed. Its numbers are checked against exact binomial values.
//!
//! The rules: a card has `dice` (k), `need` (n: a die succeeds on n or more), `toughness` and
//! `wounds`. One roll: k dice; each die ≥ n is a success; the roll `beats` the target when its
//! successes reach the target's toughness. A duel round: A rolls, then B (if still standing);
//! each success takes one wound off the other; a fighter with no wounds is out.

use crate::common;

use serde::Deserialize;
use skirmish_odds::analysis::cell::TrialInfo;
use skirmish_odds::analysis::duel::{DuelRules, Maxima, Record};
use skirmish_odds::analysis::scenario::{Cost, Kind, Layout};
use skirmish_odds::analysis::{self, RunResult};
use skirmish_odds::config::{self, Built, Ctx, Doc, Overrides, cell};
use skirmish_odds::dice::Dice;
use skirmish_odds::engine::progress::Progress;
use skirmish_odds::engine::{Outcome, Shape, Trial};
use skirmish_odds::error::InputError;
use skirmish_odds::output::ReportDir;
use skirmish_odds::report::charts::{Chart, Est};
use skirmish_odds::report::model::{EventReport, Report};
use skirmish_odds::report::table::Table;
use skirmish_odds::report::{self};
use skirmish_odds::stats;
use skirmish_odds::system::{DuelDef, KindDef, RuleSystem, SystemDef, Varies};
use skirmish_odds::vocabulary::{Term, Vocabulary};
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::path::Path;

// ---- 1. The rules: pure functions of the dice. ----

/// One roll of `k` dice succeeding on `n`+, against a target of `toughness`.
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
        let s = (0..self.k).filter(|_| dice.d6() >= self.n).count() as u16;
        let mut o = Outcome::default();
        o.metrics[0] = s;
        o.flag(0, s > 0);
        o.flag(1, s >= self.toughness as u16);
        o
    }
}

/// What the reports say about a roll (every other answer is the default).
impl TrialInfo for Roll {
    fn headline_metrics(&self) -> &'static [&'static str] {
        &["successes"]
    }
}

/// A duel between two cards.
#[derive(Clone, Debug, PartialEq)]
struct TinyDuel {
    sides: [TinyCard; 2],
    rounds: u8,
}

impl DuelRules for TinyDuel {
    /// Wounds left on each side.
    type State = [u8; 2];
    const EXTRA: [&'static str; 2] = ["a_rolls", "b_rolls"];

    fn round_limit(&self) -> u8 {
        self.rounds
    }
    fn maxima(&self) -> Maxima {
        Maxima { dealt: [self.sides[1].wounds as usize, self.sides[0].wounds as usize], extra: self.rounds as usize }
    }
    fn start<D: Dice>(&self, _dice: &mut D, rec: &mut Record) -> [u8; 2] {
        rec.first_in_round_one(0);
        [self.sides[0].wounds, self.sides[1].wounds]
    }
    fn play_round<D: Dice>(&self, st: &mut [u8; 2], round: u16, dice: &mut D, rec: &mut Record) -> ControlFlow<()> {
        for side in 0..2 {
            if st[side] == 0 {
                continue;
            }
            let c = &self.sides[side];
            let hits = (0..c.dice).filter(|_| dice.d6() >= c.need).count() as u8;
            let dealt = hits.min(st[1 - side]);
            st[1 - side] -= dealt;
            rec.deal(side, dealt as u32);
            if st[1 - side] == 0 {
                rec.put_down(side, round);
            }
        }
        ControlFlow::Continue(())
    }
    fn out(&self, st: &[u8; 2], side: usize) -> bool {
        st[side] == 0
    }
    fn casualty(&self, st: &[u8; 2], side: usize) -> bool {
        st[side] == 0
    }
    fn extra(&self, _st: &[u8; 2]) -> [u16; 2] {
        [0, 0]
    }
}

/// A duel is a `Trial` through the shared driver ([`DuelRules`]); the defaults describe it, but
/// for the exact path: a duel has no exact evaluator unless it brings its own solver, so it
/// refuses with a reason that names the duel (the generic evaluator would otherwise walk every
/// round's dice before giving up).
impl TrialInfo for TinyDuel {
    fn exact_offered(&self) -> Result<(), &'static str> {
        Err("a duel of the tiny system is sampled: it has no exact solver")
    }
}

// ---- 2. The config schema, read strictly by the system itself. ----

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct TinyCard {
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
    /// A tiny fighter: a card, and only what every fighter has (`label`, `cost`).
    #[serde(expecting = "a fighter: a table with card = \"NAME\" and optional label, cost")]
    pub struct Fighter {}
    /// `[duel]`: two fighters, `rounds` (default 4).
    #[serde(expecting = "a [duel] table with a, b, rounds")]
    pub struct DuelSection {}
}

/// `[ladder]`: one roller, one roll per number of dice from 1 to its own.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct LadderSection {
    roller: String,
    target: String,
}

/// The tiny system's own layout (kind `ladder`): cell k − 1 rolls k dice. Only this system draws
/// it, so it lives in `Layout::Own` and the system's report hooks render it.
#[derive(Clone, Debug, PartialEq)]
struct Ladder {
    roller: String,
}

skirmish_odds::scenario_file! {
    /// The tiny system's file, declared as the built-in systems declare theirs: the macro adds the
    /// keys every scenario has and lets the generic analyses' sections pass.
    pub struct TinyFile {
        #[serde(default)]
        pub cards: BTreeMap<String, TinyCard>,
        #[serde(default)]
        pub fighters: BTreeMap<String, Fighter>,
        pub roll: Option<RollSection>,
        pub duel: Option<DuelSection>,
        pub ladder: Option<LadderSection>,
    }
}

// ---- 3. The contract: what the rest of the program needs to know. ----

struct Tiny;

impl Tiny {
    fn card<'f>(ctx: &Ctx, f: &'f TinyFile, name: &str, at: &[&str]) -> Result<&'f TinyCard, InputError> {
        let c = f.cards.get(name).ok_or_else(|| {
            ctx.err(0, at, format!("unknown card `{name}`"), f.cards.keys().cloned().collect::<Vec<_>>().join(", "))
        })?;
        if !(2..=6).contains(&c.need) || c.dice > 20 || c.wounds == 0 {
            return Err(ctx.err(
                0,
                &["cards", name],
                format!("card `{name}` is not a tiny card"),
                "need 2..=6, dice ≤ 20, wounds ≥ 1",
            ));
        }
        Ok(c)
    }
}

/// What the tiny system is, declared once: its names, its kinds, its library tables, its duel
/// and its words. Everything the program asks a system that is not behaviour is read from here.
const DEF: SystemDef = SystemDef {
    name: "tiny",
    title: "roll k dice, success on n+",
    // Each kind declared once: its name and words, the sections it reads, whether the generic
    // analyses vary it, its starter and its builder.
    kinds: &[
        KindDef {
            name: "roll",
            title: "a roll",
            sections: &["roll"],
            varies: Some(Varies {
                target_field: "target",
                refs: &[("roller", "cards"), ("target", "cards")],
                loadout_fields: &["roller"],
            }),
            starter: "# roll — How often do a grunt's three dice beat an elite's toughness?\n\
                      ruleset = \"tiny\"\nkind = \"roll\"\n[roll]\nroller = \"grunt\"\ntarget = \"elite\"\n\
                      [cards.grunt]\ndice = 3\nneed = 4\ntoughness = 2\nwounds = 3\n\
                      [cards.elite]\ndice = 4\nneed = 3\ntoughness = 3\nwounds = 4\n",
            build: Tiny::roll,
        },
        KindDef {
            name: "duel",
            title: "a duel",
            sections: &["duel"],
            varies: None,
            starter: "# duel — A grunt against an elite over three rounds.\n\
                      ruleset = \"tiny\"\nkind = \"duel\"\n[duel]\nrounds = 3\n\
                      a = { card = \"grunt\" }\nb = { card = \"elite\" }\n\
                      [cards.grunt]\ndice = 3\nneed = 4\ntoughness = 2\nwounds = 3\n\
                      [cards.elite]\ndice = 4\nneed = 3\ntoughness = 3\nwounds = 4\n",
            build: Tiny::duel,
        },
        // A kind of its own, with a layout of its own: nothing outside this system changes.
        KindDef {
            name: "ladder",
            title: "one to k dice",
            sections: &["ladder"],
            varies: None,
            starter: "# ladder — P(at least one success) for one to four of an elite's dice.\n\
                      ruleset = \"tiny\"\nkind = \"ladder\"\n[ladder]\nroller = \"elite\"\ntarget = \"grunt\"\n\
                      [cards.grunt]\ndice = 3\nneed = 4\ntoughness = 2\nwounds = 3\n\
                      [cards.elite]\ndice = 4\nneed = 3\ntoughness = 3\nwounds = 4\n",
            build: Tiny::ladder,
        },
    ],
    // Its library tables, as a built-in system declares them (the loader's common checks and
    // messages use them).
    libraries: &[
        ("cards", "[cards.NAME] with dice, need, toughness, wounds"),
        ("fighters", "[fighters.NAME] with card = \"NAME\" and optional label, cost"),
    ],
    duel: Some(DuelDef {
        card_table: "cards",
        cost_fields: &["cost"],
        costs: &[Cost { key: "cost", name: "cost", unit: "point of cost", short: "point" }],
        damage: "wounds",
        out: "out",
        extra: "other, mean",
        fighter_weapon: None,
        builtin_weapons: &[],
        // No characteristics priced one step up and down: its balance reports carry no table of
        // what each is worth (a system lists its card's fields here to get one).
        stats: &[],
    }),
    // Its own words for its metric and events: every report of it uses them.
    vocabulary: &VOCABULARY,
    ..SystemDef::NONE
};

impl RuleSystem for Tiny {
    fn def(&self) -> &'static SystemDef {
        &DEF
    }
    // Its own layout's table: P(at least one success) by number of dice.
    fn report_tables(&self, run: &RunResult, report: &Report) -> Vec<Table> {
        let Some(Ladder { roller }) = run.scenario.layout.get::<Ladder>() else { return Vec::new() };
        let mut t = Table::new(
            format!("{roller}: P(at least one die succeeds) by dice rolled"),
            &["dice", "P(any success)"],
            true,
        );
        for c in &report.cells {
            let e = c.events.get("any_success").expect("a roll records any_success");
            t.rows.push(vec![c.label.clone(), e.exact.clone().unwrap_or_else(|| format!("{:.4}", e.p))]);
        }
        vec![t]
    }
    // And its chart: the same figures as bars, one per number of dice.
    fn report_charts(&self, run: &RunResult, report: &Report) -> Vec<(String, Chart)> {
        let Some(Ladder { roller }) = run.scenario.layout.get::<Ladder>() else { return Vec::new() };
        let est = |c: &skirmish_odds::report::model::CellReport| {
            let e = c.events.get("any_success").expect("a roll records any_success");
            Est { v: e.p, lo: e.ci95[0], hi: e.ci95[1] }
        };
        vec![(
            "ladder".to_string(),
            Chart::Grouped {
                title: format!("{roller}: P(at least one die succeeds) ({})", report.basis()),
                x_label: "dice rolled".into(),
                y_label: "P(any success)".into(),
                groups: report.cells.iter().map(|c| c.label.clone()).collect(),
                series: vec![("P(any success)".into(), report.cells.iter().map(est).collect())],
                percent: true,
                highlight: None,
            },
        )]
    }
}

// Each kind's builder reads the file by the built-in systems' route (the common checks and
// messages, its fighters and includes), then makes its cells.
impl Tiny {
    fn roll(ctx: &mut Ctx, kind: Kind, doc: Doc<'_>, setup: &mut Vec<String>) -> Result<Built, InputError> {
        let f: TinyFile = ctx.read_plain(kind, doc)?;
        let r = f.roll.as_ref().ok_or_else(|| ctx.err(0, &[], "kind = \"roll\" needs [roll]", "[roll]"))?;
        let roller = Self::card(ctx, &f, r.roller.as_deref().unwrap_or(""), &["roll", "roller"])?;
        let target = Self::card(ctx, &f, r.target.as_deref().unwrap_or(""), &["roll", "target"])?;
        setup
            .push(format!("{} dice, success on {}+, against toughness {}", roller.dice, roller.need, target.toughness));
        let t = Roll { k: roller.dice, n: roller.need, toughness: target.toughness };
        Ok((vec![cell("roll", vec![], t)], Layout::Single, vec![]))
    }

    fn duel(ctx: &mut Ctx, kind: Kind, doc: Doc<'_>, setup: &mut Vec<String>) -> Result<Built, InputError> {
        let f: TinyFile = ctx.read_plain(kind, doc)?;
        let d = f.duel.as_ref().ok_or_else(|| ctx.err(0, &[], "kind = \"duel\" needs [duel]", "[duel]"))?;
        let a = Self::card(ctx, &f, &d.a.card, &["duel", "a", "card"])?.clone();
        let b = Self::card(ctx, &f, &d.b.card, &["duel", "b", "card"])?.clone();
        let (la, lb) = (d.a.label.clone().unwrap_or(d.a.card.clone()), d.b.label.clone().unwrap_or(d.b.card.clone()));
        let _ = (d.a.cost, d.b.cost);
        setup.push(format!("A — {la}"));
        setup.push(format!("B — {lb}"));
        let t = TinyDuel { sides: [a, b], rounds: ctx.rounds(d.rounds, "duel")? };
        Ok((vec![cell(&format!("{la} vs {lb}"), vec![], t)], Layout::Duel { a: la, b: lb }, vec![]))
    }

    fn ladder(ctx: &mut Ctx, kind: Kind, doc: Doc<'_>, setup: &mut Vec<String>) -> Result<Built, InputError> {
        let f: TinyFile = ctx.read_plain(kind, doc)?;
        let l = f.ladder.as_ref().ok_or_else(|| ctx.err(0, &[], "kind = \"ladder\" needs [ladder]", "[ladder]"))?;
        let roller = Self::card(ctx, &f, &l.roller, &["ladder", "roller"])?;
        let target = Self::card(ctx, &f, &l.target, &["ladder", "target"])?;
        setup.push(format!("1 to {} dice, success on {}+", roller.dice, roller.need));
        let cells = (1..=roller.dice)
            .map(|k| cell(&format!("{k} dice"), vec![], Roll { k, n: roller.need, toughness: target.toughness }))
            .collect();
        Ok((cells, Layout::own(Ladder { roller: l.roller.clone() }), vec![]))
    }
}

static TINY: Tiny = Tiny;

/// The tiny system's words: its events, its metric, and the fields a sweep of it names.
const VOCABULARY: Vocabulary = Vocabulary {
    events: &[
        Term::new("any_success", "at least one die succeeds"),
        Term::new("beats", "successes reach the target's toughness"),
    ],
    metrics: &[Term::new("successes", "dice that succeed")],
    // The fields a sweep names: a sweep of `roller.need` reads "roller's number needed" — the
    // words of the field that names the card (`roll.roller`) and of the card's field
    // (`cards.need`), both needed.
    fields: &[
        Term::new("roll.roller", "roller"),
        Term::new("roll.target", "target"),
        Term::new("cards.dice", "dice rolled"),
        Term::new("cards.need", "number needed"),
        Term::new("cards.toughness", "toughness"),
        Term::new("cards.wounds", "wounds"),
        Term::new("cards.cost", "cost"),
    ],
};

// ---- 4. Every generic analysis, from TOML to a written report. ----

const CARDS: &str = "[cards.grunt]\ndice = 3\nneed = 4\ntoughness = 2\nwounds = 3\ncost = 10\n\
                     [cards.elite]\ndice = 4\nneed = 3\ntoughness = 3\nwounds = 4\ncost = 20\n\
                     [cards.brute]\ndice = 2\nneed = 5\ntoughness = 1\nwounds = 6\ncost = 12\n";

fn run_tiny(name: &str, body: &str) -> (RunResult, Report) {
    let dir = common::tmp("tiny_system", name);
    let path = dir.join("scenario.toml");
    std::fs::write(&path, format!("ruleset = \"tiny\"\nseed = 5\ntrials = 40000\n{body}\n{CARDS}")).unwrap();
    let (sc, _) =
        config::load_in(&[&TINY], &path, &Overrides::default(), None).unwrap_or_else(|e| panic!("{name}: {e}"));
    let run = analysis::run(sc, 0, &Progress::hidden()).unwrap();
    let report = report::build(&run, &TINY);
    let out = dir.join("report");
    let doc = report::Document::build(&run, &report, &TINY);
    let files = report::write_all(&run, &report, &doc, ReportDir::prepare(&out, report::FILES).unwrap()).unwrap();
    assert!(files.iter().any(|f| f.extension().is_some_and(|e| e == "png")), "{name}: a chart was drawn");
    assert!(Path::new(&out.join("index.html")).exists());
    (run, report)
}

fn binom_at_least(k: u8, p: f64, t: u8) -> f64 {
    let c = |n: u64, r: u64| (0..r).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64);
    (t..=k).map(|s| c(k as u64, s as u64) * p.powi(s as i32) * (1.0 - p).powi((k - s) as i32)).sum()
}

/// An event of a run against its exact value `p`: equal (to rounding) when the cell was
/// enumerated, within 4.5 binomial standard errors of its `n` trials when it was sampled. (An
/// enumerated run records no trials: a tolerance taken from `n` would let any value pass.)
fn agrees(what: &str, e: &EventReport, p: f64, n: u64) {
    if e.exact.is_some() {
        assert!((e.p - p).abs() < 1e-9, "{what}: exact {} ({:?}) vs {p}", e.p, e.exact);
    } else {
        assert!(n > 0, "{what}: a sampled cell with no trials");
        let se = (p * (1.0 - p) / n as f64).sqrt().max(1e-9);
        assert!(((e.p - p) / se).abs() < 4.5, "{what}: {} vs exact {p}", e.p);
    }
}

/// The tiny system's starters are valid as written, as `init` promises of a built-in system's.
#[test]
fn its_starters_run_as_written() {
    for k in DEF.kinds {
        let dir = common::tmp("tiny_system", &format!("starter-{}", k.name));
        let path = dir.join("starter.toml");
        std::fs::write(&path, k.starter).unwrap();
        let (sc, _) =
            config::load_in(&[&TINY], &path, &Overrides::default(), None).unwrap_or_else(|e| panic!("{}: {e}", k.name));
        assert_eq!(sc.kind.name(), k.name);
    }
}

#[test]
fn compare_is_exact_binomial_per_cell() {
    let (run, report) = run_tiny(
        "compare",
        "kind = \"compare\"\n[compare]\nloadouts = [{ roller = \"grunt\" }, { roller = \"elite\" }]\ntargets = [\"grunt\", \"elite\"]",
    );
    assert!(matches!(run.scenario.layout, Layout::Compare { .. }));
    // Cell (elite, grunt): 4 dice on 3+ against toughness 2.
    let e = report.cells[2].events.get("beats").unwrap();
    agrees("elite beats grunt", e, binom_at_least(4, 4.0 / 6.0, 2), run.output.stopping.trials);
    let m = report.cells[0].metrics.get("successes").unwrap();
    assert!(
        (m.mean - 1.5).abs() <= 4.5 * m.stderr + 1e-12,
        "grunt: 3 dice on 4+ average 1.5 successes, got {}",
        m.mean
    );
}

/// The report speaks the tiny system's words although it is in no registry: the writers are
/// handed the system of the run.
#[test]
fn its_report_uses_its_own_titles() {
    run_tiny("roll", "kind = \"roll\"\n[roll]\nroller = \"grunt\"\ntarget = \"elite\"");
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tiny_system/roll/report");
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    for title in ["at least one die succeeds", "successes reach the target's toughness", "dice that succeed"] {
        assert!(md.contains(title), "summary.md names `{title}`:\n{md}");
    }
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(html.contains("dice that succeed"), "index.html too");
    // It declares no `[readings]`: no empty "Readings in force" table in any view.
    assert!(!md.contains("Readings in force") && !html.contains("Readings in force"), "{md}");
}

/// A kind of the tiny system's own (`ladder`, with its own layout) is built, run exactly and
/// rendered by the system's own report hook: adding it touched this system alone. Grunt: 4+ on a
/// die is 1/2, so P(at least one of k dice) = 1 − (1/2)^k: 1/2, 3/4, 7/8.
#[test]
fn a_kind_of_its_own_touches_only_the_system() {
    let (run, report) = run_tiny("ladder", "kind = \"ladder\"\n[ladder]\nroller = \"grunt\"\ntarget = \"elite\"");
    assert_eq!(run.scenario.cells.len(), 3);
    let md =
        std::fs::read_to_string(Path::new(env!("CARGO_TARGET_TMPDIR")).join("tiny_system/ladder/report/summary.md"))
            .unwrap();
    assert!(md.contains("grunt: P(at least one die succeeds) by dice rolled"), "{md}");
    let got: Vec<_> = report.cells.iter().map(|c| c.events.get("any_success").unwrap().exact.clone()).collect();
    assert_eq!(got, [Some("1/2".to_string()), Some("3/4".to_string()), Some("7/8".to_string())]);
    for row in ["| 1 dice | 1/2 |", "| 2 dice | 3/4 |", "| 3 dice | 7/8 |"] {
        assert!(md.contains(row), "{row} in:\n{md}");
    }
}

#[test]
fn sweeps_in_one_and_two_dimensions() {
    let (run, report) = run_tiny(
        "sweep",
        "kind = \"sweep\"\n[roll]\nroller = \"grunt\"\ntarget = \"elite\"\n[sweep]\nparameter = \"roller.need\"\nfrom = 2\nto = 6",
    );
    for (i, need) in (2..=6).enumerate() {
        let e = report.cells[i].events.get("any_success").unwrap();
        let p = 1.0 - ((need - 1) as f64 / 6.0).powi(3);
        agrees(&format!("need {need}"), e, p, run.output.stopping.trials);
    }
    // The swept field in the system's words, never its key.
    let md =
        std::fs::read_to_string(Path::new(env!("CARGO_TARGET_TMPDIR")).join("tiny_system/sweep/report/summary.md"))
            .unwrap();
    assert!(md.contains("roller's number needed") && !md.contains("roller.need"), "{md}");
    let (run, report) = run_tiny(
        "sweep-2d",
        "kind = \"sweep\"\n[roll]\nroller = \"grunt\"\ntarget = \"elite\"\n[sweep]\nparameter = \"roller.dice\"\nvalues = [1, 3, 5]\ny = { parameter = \"target.toughness\", values = [1, 2] }",
    );
    assert!(matches!(run.scenario.layout, Layout::Sweep2 { .. }));
    // Cell (dice 5, toughness 2) = x 2, y 1 → index 2 * 2 + 1.
    let e = report.cells[5].events.get("beats").unwrap();
    agrees("5 dice vs toughness 2", e, binom_at_least(5, 0.5, 2), run.output.stopping.trials);
}

#[test]
fn paired_duel_and_balance() {
    let (run, report) = run_tiny(
        "paired",
        "kind = \"paired\"\n[paired]\na = { roller = \"elite\" }\nb = { roller = \"grunt\" }\ntarget = \"grunt\"\nmeasure = \"successes\"",
    );
    let p = report.paired.as_ref().expect("a paired summary");
    // E[elite] − E[grunt] = 4·2/3 − 3·1/2 = 7/6.
    assert!((p.mean_difference - 7.0 / 6.0).abs() < 4.5 * (p.ci95[1] - p.ci95[0]) / 3.92);
    assert!(p.trial_saving > 1.0, "common dice cut the variance: {}", p.trial_saving);
    let _ = run;

    let (_, report) =
        run_tiny("duel", "kind = \"duel\"\n[duel]\nrounds = 3\na = { card = \"brute\" }\nb = { card = \"brute\" }");
    // Brute vs brute: 2 dice on 5+ against 6 wounds over 3 rounds. A deals at most 2 a round, so
    // it wins only if all 6 of its dice succeed: P = (1/3)^6 ≈ 0.14 %.
    let a_wins = report.cells[0].events.get("a_wins").unwrap();
    assert!(a_wins.p < 0.01, "{}", a_wins.p);

    let (run, report) = run_tiny(
        "balance",
        "kind = \"balance\"\n[fighters.grunt]\ncard = \"grunt\"\n[fighters.elite]\ncard = \"elite\"\n[fighters.brute]\ncard = \"brute\"\n\
         [balance]\ncandidate = { card = \"elite\", label = \"Elite (new)\" }\nrounds = 4",
    );
    let Layout::Balance(l) = &run.scenario.layout else { panic!("a balance layout") };
    assert_eq!(l.rows.len(), 4);
    assert_eq!(l.rows[0].costs, [Some(20.0)], "the candidate's cost comes from its card");
    assert!(report.balance.is_some());
}

#[test]
fn unknown_kind_lists_what_the_tiny_system_offers() {
    let dir = common::tmp("tiny_system", "bad-kind");
    let path = dir.join("scenario.toml");
    std::fs::write(&path, format!("ruleset = \"tiny\"\nkind = \"attack\"\n{CARDS}")).unwrap();
    let e = config::load_in(&[&TINY], &path, &Overrides::default(), None).unwrap_err().to_string();
    assert!(e.contains("tiny offers `roll`, `duel`, `ladder`, `compare`, `sweep`, `paired`, `balance`"), "{e}");
    let _ = stats::z_value();
}
