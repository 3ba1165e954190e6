//! What each chart's legend says, with each entry's colour and swatch: read by the frame (how
//! wide the legend strip is) and by the drawing, so the two never disagree.

use super::chart::{Chart, Est, Tail};
use super::numbers::fmt_label;
use super::style::*;
use plotters::prelude::*;

/// One legend entry: its words, its colour and its swatch (`None`: a filled square, as a bar's).
pub(super) type Entry = (String, RGBColor, Option<Mark>);

/// The legend of `chart`, entry by entry (empty: the chart has none). A single series of bars,
/// lines or steps needs no legend: its title says what it is.
pub(super) fn entries(chart: &Chart) -> Vec<Entry> {
    let by_series = |series: Vec<&String>, marks: bool| -> Vec<Entry> {
        if series.len() < 2 {
            return Vec::new();
        }
        series.into_iter().enumerate().map(|(i, n)| (n.clone(), colour(i), marks.then(|| mark(i)))).collect()
    };
    match chart {
        Chart::Distribution { .. } => {
            let line = chart.line_name().unwrap_or_default();
            let mut entries = vec![("P(= k)".into(), colour(0), None), (line, colour(5), Some(Mark::Circle))];
            entries.extend(pass_label(chart).map(|l| (l, PASS, Some(Mark::Rule))));
            entries
        }
        Chart::Grouped { series, highlight, .. } => {
            let mut entries = by_series(series.iter().map(|(n, _)| n).collect(), false);
            entries.extend(highlight.as_ref().map(|h| (h.name.clone(), OUTLINE, Some(Mark::Outline))));
            if has_na(series) {
                entries.push((NA_NOTE.to_string(), NA_GREY, Some(Mark::Text)));
            }
            entries
        }
        Chart::Lines { series, .. } => by_series(series.iter().map(|(n, _)| n).collect(), true),
        Chart::Steps { series, .. } => by_series(series.iter().map(|(n, _)| n).collect(), true),
        Chart::Fit { .. } => fit_legend(chart).into_iter().map(|(n, c, m)| (n, c, Some(m))).collect(),
        Chart::Heatmap { .. } => Vec::new(),
    }
}

/// The colours of a [`Chart::Fit`]: the points, the curve and its band, then each mark in turn.
pub(super) const FIT_POINTS: usize = 0;
pub(super) const FIT_CURVE: usize = 2;
pub(super) const FIT_MARKS: [usize; 3] = [5, 1, 3];
pub(super) const FIT_SHAPES: [Mark; 3] = [Mark::Diamond, Mark::Square, Mark::Triangle];

/// A [`Chart::Fit`]'s legend: the points, the curve (when there is one), then each mark, with
/// its colour and marker.
pub(super) fn fit_legend(chart: &Chart) -> Vec<(String, RGBColor, Mark)> {
    let Chart::Fit { curve, curve_name, points, points_name, marks, .. } = chart else { return Vec::new() };
    let mut out = Vec::new();
    if !points.is_empty() {
        out.push((points_name.clone(), colour(FIT_POINTS), Mark::Circle));
    }
    if !curve.is_empty() {
        out.push((curve_name.clone(), colour(FIT_CURVE), Mark::Cross));
    }
    for (i, (name, _)) in marks.iter().enumerate() {
        out.push((name.clone(), colour(FIT_MARKS[i % 3]), FIT_SHAPES[i % 3]));
    }
    out
}

/// A check's threshold with the chance it passes, for the legend: "passes on ≤ 6: 41.7%".
/// `None` for a distribution that is no check's roll.
pub fn pass_label(chart: &Chart) -> Option<String> {
    let Chart::Distribution { first, names, cumulative, tail, passes_from: Some(pass), .. } = chart else {
        return None;
    };
    let shown = usize::try_from(*pass).ok().and_then(|v| names.get(v)).cloned().unwrap_or(pass.to_string());
    let sign = if *tail == Tail::AtMost { "≤" } else { "≥" };
    let p = pass_chance(*first, cumulative, *tail, *pass);
    Some(format!("passes on {sign} {shown}: {}", fmt_label(p, true)))
}

/// The chance a check passes: the cumulative line at its threshold (all or nothing past the
/// values drawn).
pub(super) fn pass_chance(first: i64, cumulative: &[Est], tail: Tail, pass: i64) -> f64 {
    match (usize::try_from(pass - first).ok().and_then(|i| cumulative.get(i)), tail) {
        (Some(e), _) => e.v,
        (None, Tail::AtMost) if pass >= first => 1.0,
        (None, Tail::AtLeast) if pass < first => 1.0,
        (None, _) => 0.0,
    }
}
