//! Charts answer the scenario's question (issue #25): a roll-under check draws P(≤ k) with its
//! threshold marked, a sequence of attacks draws P(dead within k) as steps and stops where the
//! rest is negligible, a cell that does not apply is drawn as n/a, and nothing charts a fixed
//! number.

use skirmish_odds::analysis;
use skirmish_odds::config::Overrides;
use skirmish_odds::engine::progress::Progress;
use skirmish_odds::registry;
use skirmish_odds::report::charts::{self, Chart, Tail};
use skirmish_odds::report::{self, chart_specs};

/// The charts of a bundled config, run at `trials`.
fn charts_of(config: &str, trials: i64) -> Vec<(String, Chart)> {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs").join(config);
    let over = Overrides { trials: Some(trials), ..Overrides::default() };
    let sc = registry::load(&p, &over).unwrap_or_else(|e| panic!("{config}: {e}"));
    let run = analysis::run(sc, 1, &Progress::hidden()).unwrap();
    let system = registry::find(run.scenario.ruleset).unwrap();
    let report = report::build(&run, system);
    chart_specs(&run, &report, system)
}

fn chart<'a>(charts: &'a [(String, Chart)], stem: &str) -> &'a Chart {
    &charts.iter().find(|(s, _)| s == stem).unwrap_or_else(|| panic!("no chart {stem}")).1
}

/// Each roll-under check: the line is P(≤ k) (the running sum of the bars), the threshold is the
/// characteristic, and the legend gives the chance to pass.
#[test]
fn a_roll_under_check_draws_at_most_k_and_marks_its_threshold() {
    for (config, stem, pass, chance) in [
        ("bmg-3e/willpower-check.toml", "sum", 6, "passes on ≤ 6: 41.7%"),
        ("bmg-1e/agility-check.toml", "roll", 4, "passes on ≤ 4: 66.7%"),
        ("bmg-1e/run-away.toml", "roll", 4, "passes on ≤ 4: 16.7%"),
    ] {
        let charts = charts_of(config, 2000);
        let c = chart(&charts, stem);
        let Chart::Distribution { exactly, cumulative, tail, passes_from, .. } = c else { panic!("{config}") };
        assert_eq!(*tail, Tail::AtMost, "{config}");
        assert_eq!(c.line_name().as_deref(), Some("P(≤ k)"), "{config}: no words of its own, the bare form");
        assert_eq!(*passes_from, Some(pass), "{config}");
        let mut sum = 0.0;
        for (e, cum) in exactly.iter().zip(cumulative) {
            sum += e.v;
            assert!((cum.v - sum).abs() < 1e-9, "{config}: P(≤ k) {} is not the running sum {sum}", cum.v);
        }
        assert_eq!(charts::pass_label(c).as_deref(), Some(chance), "{config}");
    }
}

/// The distribution tables read the same tail as the charts: a roll-under check's table gives
/// P(≤ k), the running sum of P(= k), and names its threshold row ("6 ← passes on ≤ 6").
#[test]
fn a_roll_under_checks_table_gives_at_most_k_and_marks_its_threshold() {
    for (config, pass, chance) in [
        ("bmg-3e/willpower-check.toml", "6 ← passes on ≤ 6", "41.67%"),
        ("bmg-1e/agility-check.toml", "4 ← passes on ≤ 4", "66.67%"),
        ("bmg-1e/run-away.toml", "4 ← passes on ≤ 4", "16.67%"),
    ] {
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs").join(config);
        let over = Overrides { trials: Some(500), ..Overrides::default() };
        let sc = registry::load(&p, &over).unwrap_or_else(|e| panic!("{config}: {e}"));
        let run = analysis::run(sc, 1, &Progress::hidden()).unwrap();
        let system = registry::find(run.scenario.ruleset).unwrap();
        let rep = report::build(&run, system);
        let doc = report::Document::build(&run, &rep, system);
        let t = doc.tables.iter().find(|t| t.title.starts_with("Distribution of")).expect("a distribution table");
        assert_eq!(t.headers, ["k", "P(= k)", "P(≤ k)"], "{config}: exact, the lower tail");
        let row = t.rows.iter().find(|r| r[0] == pass).unwrap_or_else(|| panic!("{config}: no row `{pass}`"));
        assert_eq!(row[2], chance, "{config}");
        assert_eq!(t.rows.iter().filter(|r| r[0].contains("passes")).count(), 1, "{config}");
        let pct = |s: &str| s.trim_end_matches('%').parse::<f64>().unwrap();
        let mut sum = 0.0;
        for r in &t.rows {
            sum += pct(&r[1]);
            assert!((pct(&r[2]) - sum).abs() < 0.1, "{config}: P(≤ {}) = {} is not the running sum {sum}", r[0], r[2]);
        }
    }
}

/// A sequence's "attacks until it is dead" reads as P(dead within k), and its axis stops where
/// less than 0.5 % is left (not at the cap of 50 with half the plot flat).
#[test]
fn a_sequence_draws_dead_within_k_up_to_where_its_tail_ends() {
    let charts = charts_of("bichos/shots-to-kill-big-bug.toml", 20_000);
    let Chart::Distribution { cumulative, tail, rest, exactly, first, .. } = chart(&charts, "shots_to_kill") else {
        panic!("a distribution")
    };
    assert_eq!(*tail, Tail::AtMost);
    let n = cumulative.len();
    assert_eq!(n, exactly.len());
    assert!(1.0 - cumulative[n - 1].v < charts::REST, "the axis stops only once the line is ~100 %");
    assert!(1.0 - cumulative[n - 2].v >= charts::REST, "and no later");
    assert!(*first + (n as i64) < 50, "well short of the cap: {n} values drawn");
    let rest = rest.expect("the chart says where its axis stops");
    assert!((rest - (1.0 - cumulative[n - 1].v)).abs() < 1e-12);
    assert!(chart(&charts, "shots_to_kill").subtitle().unwrap().contains("axis stops at"));
    // The legend says what the line is in the game's words, not a bare "P(≤ k)".
    assert_eq!(chart(&charts, "shots_to_kill").line_name().as_deref(), Some("P(dead within k attacks)"));
    assert_eq!(chart(&charts, "shots_to_flee").line_name().as_deref(), Some("P(out within k attacks)"));
}

/// A report whose every measure is a fixed number has no chart (the Means table gives them).
#[test]
fn no_chart_of_fixed_numbers() {
    for config in ["mordheim/warrior-movement.toml", "bmg-1e/passing.toml"] {
        let charts = charts_of(config, 2000);
        assert!(charts.is_empty(), "{config}: {:?}", charts.iter().map(|(s, _)| s).collect::<Vec<_>>());
    }
}

#[test]
fn steps_go_across_then_up() {
    let s = charts::steps([(0.0, 0.1), (1.0, 0.5), (2.0, 0.9)], 2.5);
    assert_eq!(s, vec![(0.0, 0.1), (1.0, 0.1), (1.0, 0.5), (2.0, 0.5), (2.0, 0.9), (2.5, 0.9)]);
}

/// A cell that does not apply has no bar: the grenade has no long range, a fighter does not
/// fight itself in a balance test. Every such cell is n/a, not a 0 % bar.
#[test]
fn cells_that_do_not_apply_are_na_not_zero_bars() {
    let charts = charts_of("bichos/weapons-vs-bugs.toml", 2000);
    let Chart::Grouped { series, groups, .. } = chart(&charts, "arsenal-dead-within-3") else { panic!("grouped") };
    let (_, grenade) = series.iter().find(|(n, _)| n.contains("rana")).expect("the grenade");
    for (g, e) in groups.iter().zip(grenade) {
        assert_eq!(e.is_na(), g.contains("long"), "{g}: {e:?}");
    }
    assert!(charts::has_na(series));
    let charts = charts_of("bmg-1e/balance-new-henchman.toml", 2000);
    let Chart::Grouped { series, groups, .. } = chart(&charts, "balance-win-by-opponent") else { panic!("grouped") };
    let mut na = 0;
    for (name, vals) in series {
        for (g, e) in groups.iter().zip(vals) {
            assert_eq!(e.is_na(), g == name, "{name} against {g}: {e:?}");
            na += e.is_na() as usize;
        }
    }
    assert!(na >= 2, "each reference fighter against itself");
}

/// The threat range is drawn as steps: every segment of every line is level or upright, and
/// each line only falls with distance.
#[test]
fn the_threat_range_is_drawn_as_steps() {
    let charts = charts_of("all/threat-range.toml", 2000);
    let Chart::Steps { series, end, .. } = chart(&charts, "threat-range") else { panic!("steps") };
    assert_eq!(series.len(), 6);
    for (name, pts) in series {
        let path = charts::steps(pts.iter().map(|(x, e)| (*x, e.v)), *end);
        for w in path.windows(2) {
            assert!(w[0].0 == w[1].0 || w[0].1 == w[1].1, "{name}: a slant from {:?} to {:?}", w[0], w[1]);
        }
        // Decreasing: a farther target is never easier to reach.
        assert!(pts.windows(2).all(|w| w[1].1.v <= w[0].1.v + 1e-12), "{name}");
    }
}

/// The counters-exchange heatmap outlines its answer: the row whose worst cell is best (A's
/// maximin split), at the column of that worst cell (B's best answer).
#[test]
fn the_exchange_heatmap_outlines_the_maximin_cell() {
    let charts = charts_of("bmg-1e/counters-exchange.toml", 2000);
    let Chart::Heatmap { values, marked, .. } = chart(&charts, "exchange") else { panic!("a heatmap") };
    let m = marked.as_ref().expect("the maximin cell is marked");
    let v = |y: usize, x: usize| values[y][x].expect("every split is allowed").v;
    let worst = |y: usize| (0..values[y].len()).map(|x| v(y, x)).fold(f64::INFINITY, f64::min);
    assert_eq!(v(m.y, m.x), worst(m.y), "B's best answer is the row's worst cell");
    assert!((0..values.len()).all(|y| worst(y) <= worst(m.y)), "no split has a better worst case");
    assert!(m.note.contains("maximin"), "{}", m.note);
}

/// A balance test's charts set the candidate apart by more than its label: its bars are
/// outlined (named "candidate" in the legend) in the per-opponent chart (its series), and its
/// row is outlined in the matchup heatmap.
#[test]
fn balance_charts_outline_the_candidate() {
    for config in ["bmg-3e/balance-new-henchman.toml", "bmg-1e/balance-new-henchman.toml"] {
        let charts = charts_of(config, 500);
        let Chart::Grouped { series, highlight, .. } = chart(&charts, "balance-win-by-opponent") else {
            panic!("grouped")
        };
        let h = highlight.as_ref().expect("the candidate is highlighted");
        assert_eq!(h.name, "candidate");
        let charts::Bars::Series(s) = h.bars else { panic!("{config}: a series: {h:?}") };
        assert!(series[s].0.contains("(candidate)"), "{config}: {}", series[s].0);
        let Chart::Heatmap { ys, marked: Some(m), .. } = chart(&charts, "balance-matchups") else {
            panic!("{config}: no outlined heatmap")
        };
        assert!(m.whole_row && ys[m.y].contains("(candidate)"), "{config}: {m:?} {ys:?}");
        assert!(
            !charts.iter().any(|(s, _)| s.starts_with("balance-per-")),
            "{config}: the P(win) per cost chart is gone"
        );
    }
}
