//! Every table of every bundled config, sampled, as a program can read it (issue #13): every
//! probability carries its 95 % interval or is marked exact, no table is a wall of zeros, and
//! codes (card ranks) are printed as names.

use crate::common;

use skirmish_odds::analysis;
use skirmish_odds::config::Overrides;
use skirmish_odds::engine::progress::Progress;
use skirmish_odds::registry;
use skirmish_odds::report;
use skirmish_odds::report::table::Table;
use skirmish_odds::report::tables;

/// `cell` is a bare percentage: "12.50%", with nothing after it.
fn bare_percentage(cell: &str) -> bool {
    cell.strip_suffix('%').is_some_and(|n| n.parse::<f64>().is_ok())
}

/// A percentage of zero, bare or with its interval ("0.00%", "0.000% [0.000, 0.019]").
fn zero(cell: &str) -> bool {
    cell.split_once('%').is_some_and(|(n, _)| n.parse::<f64>() == Ok(0.0))
}

/// What is wrong with `t` (empty: nothing).
fn problems(t: &Table) -> Vec<String> {
    let mut out = Vec::new();
    let exact_table = t.title.to_lowercase().contains("exact");
    for row in &t.rows {
        for (c, cell) in row.iter().enumerate() {
            if !bare_percentage(cell) {
                continue;
            }
            // A bare number is fine when the next column is its interval or it is marked exact.
            let interval_beside = t.headers.get(c + 1).is_some_and(|h| h.contains("interval"));
            let exact_column = t.headers[c].to_lowercase().contains("exact");
            if !(interval_beside || exact_table || exact_column) {
                out.push(format!("`{}` / {} / {}: {cell} has no interval", t.title, row[0], t.headers[c]));
            }
        }
    }
    for c in 1..t.headers.len() {
        if t.headers[c].starts_with("P(") && !t.rows.is_empty() && t.rows.iter().all(|r| zero(&r[c])) {
            out.push(format!("`{}`: column {} is 0 in every row", t.title, t.headers[c]));
        }
    }
    if !t.rows.is_empty() && t.rows.iter().all(|r| r[1..].iter().all(|x| zero(x))) {
        out.push(format!("`{}`: 0 in every cell", t.title));
    }
    out
}

#[test]
fn every_sampled_probability_carries_its_interval() {
    let (mut configs, mut cells, mut folded, mut problem_list) = (0, 0, 0, Vec::new());
    for (name, p) in common::bundled_scenarios() {
        configs += 1;
        let over = Overrides { trials: Some(2000), exact: Some(false), ..Overrides::default() };
        let sc = registry::load(&p, &over).unwrap_or_else(|e| panic!("{name}: {e}"));
        let run = analysis::run(sc, 1, &Progress::hidden()).unwrap();
        let system = skirmish_odds::registry::find(run.scenario.ruleset).unwrap();
        let report = report::build(&run, system);
        for t in tables::tables(&run, &report, system) {
            cells += t.rows.iter().map(|r| r.len()).sum::<usize>();
            folded += t.notes.len();
            problem_list.extend(problems(&t).into_iter().map(|x| format!("{name}: {x}")));
        }
    }
    assert!(problem_list.is_empty(), "{} problems:\n{}", problem_list.len(), problem_list.join("\n"));
    assert!(configs >= 57 && cells > 3000, "{configs} configs, {cells} cells");
    assert!(folded >= 3, "walls of zeros in the bundled configs are folded into sentences ({folded})");
}

/// The audit fails what it looks for.
#[test]
fn the_table_audit_catches_what_it_looks_for() {
    let mut t = Table {
        title: "P(K.O.) (2,000 trials, 95 % intervals)".into(),
        headers: vec!["loadout".into(), "Robin".into(), "P(casualty)".into()],
        rows: vec![vec!["bat".into(), "12.50%".into(), "0.00% [0.00, 0.19]".into()]],
        terminal: true,
        notes: Vec::new(),
    };
    let p = problems(&t);
    assert!(p.iter().any(|x| x.contains("12.50% has no interval")), "{p:?}");
    assert!(p.iter().any(|x| x.contains("column P(casualty) is 0")), "{p:?}");
    t.rows[0][1] = "0.00% [0.00, 0.19]".into();
    assert!(problems(&t).iter().any(|x| x.contains("0 in every cell")));
    t.title = "P(K.O.) (exact)".into();
    t.rows[0] = vec!["bat".into(), "12.50%".into(), "3.00%".into()];
    assert!(problems(&t).is_empty());
}

/// A card rank reads as a card, in the table and under the chart's bars.
#[test]
fn card_ranks_are_printed_as_cards() {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/wolsung/initiative-bid.toml");
    let sc = registry::load(&p, &Overrides { trials: Some(20_000), ..Overrides::default() }).unwrap();
    let run = analysis::run(sc, 1, &Progress::hidden()).unwrap();
    let system = skirmish_odds::registry::find(run.scenario.ruleset).unwrap();
    let report = report::build(&run, system);
    let all = tables::tables(&run, &report, system);
    assert!(all.iter().all(|t| t.title != "Means"), "a rank has no mean worth printing");
    let d = all.iter().find(|t| t.title.starts_with("Distribution of opponent's best card")).expect("distribution");
    let values: Vec<&str> = d.rows.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(values.last(), Some(&"A"));
    assert!(values.contains(&"J") && values.contains(&"10") && !values.contains(&"12"), "{values:?}");
    let chart = skirmish_odds::report::chart_specs(&run, &report, system);
    let (_, c) = chart.iter().find(|(s, _)| s == "opponent_bid_rank").expect("chart");
    let skirmish_odds::report::charts::Chart::Distribution { names, .. } = c else { panic!("a distribution") };
    assert_eq!(names.len(), 13);
    assert_eq!((names[0].as_str(), names[12].as_str()), ("2", "A"));
}

/// An attack sequence's extra bin (cap + 1: not dead within the cap) reads "> cap", not a number
/// of attacks nobody made.
#[test]
fn the_bin_beyond_the_cap_reads_as_such() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bichos/shots-to-kill-big-bug.toml");
    let d = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("report_tables");
    std::fs::create_dir_all(&d).unwrap();
    let p = d.join("cap-3.toml");
    std::fs::write(&p, std::fs::read_to_string(src).unwrap().replace("cap = 200", "cap = 3")).unwrap();
    let sc = registry::load(&p, &Overrides { trials: Some(20_000), ..Overrides::default() }).unwrap();
    let run = analysis::run(sc, 1, &Progress::hidden()).unwrap();
    let system = skirmish_odds::registry::find(run.scenario.ruleset).unwrap();
    let report = report::build(&run, system);
    let all = tables::tables(&run, &report, system);
    let d = all.iter().find(|t| t.title.starts_with("Distribution of attacks until it is dead")).expect("table");
    let values: Vec<&str> = d.rows.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(values, ["1", "2", "3", "> 3"]);
    let charts = skirmish_odds::report::chart_specs(&run, &report, system);
    let (_, c) = charts.iter().find(|(s, _)| s == "shots_to_kill").expect("chart");
    let skirmish_odds::report::charts::Chart::Distribution { names, .. } = c else { panic!("a distribution") };
    assert_eq!(names.last().map(String::as_str), Some("> 3"));
}
