//! Every chart of every bundled config reads at a glance (issue #13), as far as a program can
//! tell: no category name wider than its slot (long names turn the bars on their side), a value
//! axis that fits the data (the legend has its own strip beside the plot, so no headroom is
//! needed for it), a title that fits, and no chart of a constant.

use crate::common;

use skirmish_odds::analysis;
use skirmish_odds::config::Overrides;
use skirmish_odds::engine::progress::Progress;
use skirmish_odds::registry;
use skirmish_odds::report::charts::{Chart, Frame};
use skirmish_odds::report::{self, chart_specs};

#[test]
fn every_bundled_chart_is_laid_out_legibly() {
    let (mut charts, mut horizontal, mut problems) = (0, 0, Vec::new());
    for (name, p) in common::bundled_scenarios() {
        let over = Overrides { trials: Some(2000), ..Overrides::default() };
        let sc = registry::load(&p, &over).unwrap_or_else(|e| panic!("{name}: {e}"));
        let run = analysis::run(sc, 1, &Progress::hidden()).unwrap();
        let system = skirmish_odds::registry::find(run.scenario.ruleset).unwrap();
        let report = report::build(&run, system);
        for (stem, chart) in chart_specs(&run, &report, system) {
            let l = Frame::of(&chart);
            charts += 1;
            horizontal += l.horizontal as usize;
            for problem in l.problems() {
                problems.push(format!("{name} / {stem}: {problem}"));
            }
            if chart.is_constant() {
                problems.push(format!("{name} / {stem}: a chart of a constant"));
            }
            if let Chart::Distribution { exactly, .. } = &chart {
                assert!(exactly.len() > 1);
            }
        }
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
    assert!(charts > 100, "only {charts} charts");
    assert!(horizontal >= 1, "long category names (pistol-vs-rifle) should lie on their side");
}

/// The checks can fail: a name too long for its slot under upright bars and an axis stretched
/// far above the data are both reported.
#[test]
fn the_layout_checks_catch_what_they_look_for() {
    let mut l = Frame::of(&Chart::Grouped {
        title: "t".into(),
        x_label: "x".into(),
        y_label: "y".into(),
        groups: vec!["a".into(), "b".into()],
        series: vec![("s".into(), vec![skirmish_odds::report::charts::Est { v: 0.4, lo: 0.3, hi: 0.5 }; 2])],
        percent: true,
        highlight: None,
    });
    assert!(l.problems().is_empty(), "{:?}", l.problems());
    l.names[0] = ("a very long category name indeed, far too long for forty pixels".into(), 40);
    l.top = 1.4;
    let p = l.problems();
    assert!(p.iter().any(|x| x.contains("px wide")) && p.iter().any(|x| x.contains("value axis")), "{p:?}");
}
