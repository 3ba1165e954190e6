//! The distribution chart: P(= k) bars with intervals, the cumulative line, a check's pass
//! threshold; and how one is made from a tally.

use super::chart::{Chart, Est, Tail};
use super::font::text_width;
use super::frame::Frame;
use super::lines::steps;
use super::numbers::{fmt_label, fmt_y};
use super::style::*;
use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

pub(super) fn draw_distribution<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &Chart,
    frame: &Frame,
) -> Result<(), String> {
    let Chart::Distribution { title, x_label, first, names, exactly, cumulative, tail, passes_from, .. } = chart else {
        return Ok(());
    };
    let first = *first;
    let n = exactly.len().max(1);
    let width = root.dim_in_pixel().0;
    let mut builder = ChartBuilder::on(root);
    // With a line under the title (where the axis stops), title and line are drawn above the
    // plot's area; otherwise the title is the plot's caption, as on every other chart.
    let titled;
    match chart.subtitle() {
        Some(sub) => {
            titled = root
                .titled(title, ("sans-serif", caption_size(title, width)))
                .and_then(|r| r.titled(&sub, ("sans-serif", caption_size(&sub, width).min(SUBTITLE))))
                .map_err(e2s)?;
            builder = ChartBuilder::on(&titled);
        }
        None => {
            builder.caption(title, ("sans-serif", caption_size(title, width)));
        }
    }
    let mut c = builder
        .margin(MARGIN)
        .x_label_area_size(50)
        .y_label_area_size(Y_AREA)
        .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), 0f64..frame.top)
        .map_err(e2s)?;
    c.configure_mesh()
        .disable_x_mesh()
        .x_labels(n.min(25))
        .x_label_formatter(&|x| {
            if (x - x.round()).abs() < 1e-6 && *x >= 0.0 {
                let v = x.round() as i64 + first;
                usize::try_from(v).ok().and_then(|v| names.get(v)).cloned().unwrap_or_else(|| v.to_string())
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| fmt_y(*y, true, 1.0))
        .x_desc(x_label)
        .y_desc("probability")
        .label_style(("sans-serif", 16))
        .axis_desc_style(("sans-serif", 18))
        .draw()
        .map_err(e2s)?;
    let bar = colour(0);
    c.draw_series(exactly.iter().enumerate().map(|(k, e)| {
        let x = k as f64;
        Rectangle::new([(x - 0.35, 0.0), (x + 0.35, e.v)], bar.mix(0.85).filled())
    }))
    .map_err(e2s)?;
    c.draw_series(
        exactly
            .iter()
            .enumerate()
            .filter(|(_, e)| e.hi > e.lo)
            .map(|(k, e)| PathElement::new(vec![(k as f64, e.lo), (k as f64, e.hi)], BLACK.stroke_width(2))),
    )
    .map_err(e2s)?;
    if frame.values {
        // Only the bars that are there: a row of "0.0%" says nothing.
        c.draw_series(exactly.iter().enumerate().filter(|(_, e)| e.v >= 0.0005).map(|(k, e)| {
            Text::new(
                fmt_label(e.v, true),
                (k as f64 - 0.3, e.hi + 0.03),
                ("sans-serif", VALUE).into_font().color(&BLACK),
            )
        }))
        .map_err(e2s)?;
    }
    draw_cumulative(&mut c, cumulative, *tail, n)?;
    if let Some(pass) = passes_from {
        draw_pass_rule(&mut c, (*pass - first, *tail), n, (frame.top, width))?;
    }
    Ok(())
}

/// The plot area of a distribution: value slots along x, probability up y.
type Plot<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// The cumulative line over the bars: its 95 % band, the line, a mark at each value. P(≤ k) is
/// a step function: it holds from k until the next value, then jumps (a target is dead "within 7
/// attacks" until the 8th). P(≥ k) keeps its joined points.
fn draw_cumulative<DB: DrawingBackend>(
    c: &mut Plot<'_, DB>,
    cumulative: &[Est],
    tail: Tail,
    n: usize,
) -> Result<(), String> {
    let line = colour(5);
    let path = |f: &dyn Fn(&Est) -> f64| -> Vec<(f64, f64)> {
        match tail {
            Tail::AtLeast => cumulative.iter().enumerate().map(|(k, e)| (k as f64, f(e))).collect(),
            Tail::AtMost => steps(cumulative.iter().enumerate().map(|(k, e)| (k as f64, f(e))), n as f64 - 0.5),
        }
    };
    if cumulative.iter().any(|e| e.hi > e.lo) {
        // The cumulative line's 95 % band: its upper bounds left to right, then its lower ones back.
        let mut band = path(&|e| e.hi);
        band.extend(path(&|e| e.lo).into_iter().rev());
        c.draw_series(std::iter::once(Polygon::new(band, line.mix(0.25).filled()))).map_err(e2s)?;
    }
    c.draw_series(LineSeries::new(path(&|e| e.v), line.stroke_width(3))).map_err(e2s)?;
    let pts: Vec<(f64, f64)> = cumulative.iter().enumerate().map(|(k, e)| (k as f64, e.v)).collect();
    draw_mark(c, &pts, Mark::Circle, line, if n > 40 { 2 } else { 4 })
}

/// A check's pass threshold: the rule between the last failing value and the first passing one
/// (`slot` values from the first bar, passing on or above it, or on or below it for P(≤ k)),
/// kept on the axis, with "→ pass" beside it. `(top, width)`: the value axis's top and the
/// chart's width in pixels (to set the words clear of the rule).
fn draw_pass_rule<DB: DrawingBackend>(
    c: &mut Plot<'_, DB>,
    (slot, tail): (i64, Tail),
    n: usize,
    (top, width): (f64, u32),
) -> Result<(), String> {
    let edge = slot as f64 + if tail == Tail::AtMost { 0.5 } else { -0.5 };
    let x = edge.clamp(-0.5, n as f64 - 0.5);
    c.draw_series(DashedLineSeries::new([(x, 0.0), (x, top)], 8, 5, PASS.stroke_width(3))).map_err(e2s)?;
    let (text, anchor) = if tail == Tail::AtMost { ("pass ←", x - 0.05) } else { ("→ pass", x + 0.05) };
    let w = text_width(text, LABEL) as f64 * n as f64 / f64::from(width.max(1));
    let at = if tail == Tail::AtMost { anchor - w } else { anchor };
    c.draw_series(std::iter::once(Text::new(text, (at, top * 0.98), ("sans-serif", LABEL).into_font().color(&PASS))))
        .map_err(e2s)?;
    Ok(())
}

/// The distribution chart of metric `i` of `t` with its P(≥ k) line (see
/// [`Chart::with_value_names`] for codes).
pub fn distribution(t: &crate::engine::Tally, i: usize, title: &str, x_label: &str, z: f64) -> Chart {
    distribution_read(t, i, title, x_label, z, Tail::AtLeast, None)
}

/// Below this, the probability of the values left after a P(≤ k) line reaches ~100 % is not
/// drawn: the axis stops there (a sequence capped at 50 attacks whose target is dead by the
/// 14th would otherwise be a flat run over most of the plot).
pub const REST: f64 = 0.005;

/// The distribution chart of metric `i` of `t` read the way `tail` says, with a check's
/// threshold `passes_from` marked. A P(≤ k) chart stops where the probability of the values
/// after it falls under [`REST`].
pub fn distribution_read(
    t: &crate::engine::Tally,
    i: usize,
    title: &str,
    x_label: &str,
    z: f64,
    tail: Tail,
    passes_from: Option<usize>,
) -> Chart {
    let (first, len) = (t.first(i), t.trimmed(i).len());
    let e = |p: crate::stats::Proportion| Est::from(p);
    let at_most = |v: usize| t.proportion(t.hists[i].iter().take(v + 1).sum(), z);
    let cumulative: Vec<Est> = match tail {
        Tail::AtLeast => (first..len).map(|v| e(t.at_least(i, v, z))).collect(),
        Tail::AtMost => (first..len).map(|v| e(at_most(v))).collect(),
    };
    // Where the line has reached ~100 %: the first value after which less than REST is left.
    let shown = match tail {
        Tail::AtMost => cumulative.iter().position(|c| 1.0 - c.v < REST).map_or(cumulative.len(), |k| k + 1),
        Tail::AtLeast => cumulative.len(),
    };
    let rest = (shown < cumulative.len()).then(|| 1.0 - cumulative[shown - 1].v);
    Chart::Distribution {
        title: title.to_string(),
        x_label: x_label.to_string(),
        first: first as i64,
        names: Vec::new(),
        exactly: (first..first + shown).map(|v| e(t.exactly(i, v, z))).collect(),
        cumulative: cumulative[..shown].to_vec(),
        tail,
        line_name: None,
        passes_from: passes_from.map(|p| p as i64),
        rest,
    }
}
