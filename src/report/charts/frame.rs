//! Where everything of a chart goes ([`Frame`]), decided before drawing from the chart's own
//! text and data, so the drawing and the checks in [`Frame::problems`] agree.

use super::chart::Point;
use super::chart::{Chart, Est, HEIGHT, WIDTH};
use super::font::text_width;
use super::legend::entries;
use super::numbers::*;
use super::style::*;

/// Where everything goes, decided before drawing from the chart's own text and data, so the
/// drawing and the checks in [`Frame::problems`] agree: the canvas size, the legend strip to the
/// right of the plot (never over the data), whether grouped bars lie horizontally (when their
/// names would not fit under the bars), the top of the value axis, and which value labels are
/// legible enough to print.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub size: (u32, u32),
    /// Width of the legend strip right of the plot (0: none there).
    pub legend_w: u32,
    /// Height of the legend strip under the plot, used instead of the side strip by horizontal
    /// bar charts, whose names already take the left of the width (0: none there).
    pub legend_h: u32,
    /// Grouped bars drawn horizontally, names on the left.
    pub horizontal: bool,
    /// Width of the category-name area of a horizontal chart, or of a heatmap's row names.
    pub name_w: u32,
    /// Top of the value axis.
    pub top: f64,
    /// Largest value (interval included) the chart shows.
    pub data_max: f64,
    /// Print a value label beside each bar or point.
    pub values: bool,
    /// Category names and the pixels each has (vertical bars: under its group; horizontal: the
    /// name area).
    pub names: Vec<(String, u32)>,
    /// The title, and whether it fits the plot's width at the smallest caption size.
    pub title_fits: bool,
}

/// Entries of a chart's legend: their words (the strip is as wide as the widest).
fn legend_names(chart: &Chart) -> Vec<String> {
    entries(chart).into_iter().map(|(name, _, _)| name).collect()
}

/// probability axis never much beyond 100 %.
pub(super) fn axis_top(max: f64, percent: bool) -> f64 {
    if percent {
        (max * 1.1).clamp(0.002, 1.06)
    } else if max > 0.0 {
        max * 1.1
    } else {
        1.0
    }
}

pub(super) fn data_max(series: &[(String, Vec<Est>)]) -> f64 {
    series.iter().flat_map(|(_, v)| v.iter().map(|e| e.hi.max(e.v))).fold(0.0, f64::max)
}

impl Frame {
    pub fn of(chart: &Chart) -> Frame {
        let mut l = Frame::shape(chart);
        let title = chart.title();
        let room = l.size.0.saturating_sub(l.legend_w);
        l.title_fits = text_width(title, 12) + 2 * MARGIN <= room
            && chart.subtitle().is_none_or(|s| text_width(&s, 12) + 2 * MARGIN <= room);
        l
    }

    pub(super) fn shape(chart: &Chart) -> Frame {
        let legend = legend_names(chart);
        let legend_w =
            if legend.is_empty() { 0 } else { legend.iter().map(|n| text_width(n, LEGEND)).max().unwrap_or(0) + 48 };
        // Names are cut to `NAME_CHARS` before this, so the legend leaves the plot room; the
        // saturating sum only keeps a pathological font from wrapping around.
        let plot_w = WIDTH.saturating_sub(legend_w + 2 * MARGIN + Y_AREA).max(1);
        match chart {
            Chart::Distribution { exactly, .. } => {
                let n = exactly.len().max(1) as u32;
                let slot = plot_w / n;
                // A label per bar only when every label fits its bar's slot.
                let widest = exactly.iter().map(|e| text_width(&fmt_label(e.v, true), VALUE)).max().unwrap_or(0);
                Frame {
                    size: (WIDTH, HEIGHT),
                    legend_w,
                    legend_h: 0,
                    horizontal: false,
                    name_w: 0,
                    top: 1.08,
                    data_max: 1.0,
                    values: widest + 4 <= slot,
                    names: Vec::new(),
                    title_fits: true,
                }
            }
            Chart::Grouped { groups, series, percent, .. } => {
                Frame::grouped(groups, series, *percent, (legend_w, legend.len() as u32), plot_w)
            }
            Chart::Lines { series, percent, xs, .. } => {
                let max = data_max(series);
                Frame {
                    size: (WIDTH, HEIGHT),
                    legend_w,
                    legend_h: 0,
                    horizontal: false,
                    name_w: 0,
                    top: axis_top(max, *percent),
                    data_max: max,
                    // Labels beside points only for one short line: with several they collide.
                    values: series.len() == 1 && xs.len() <= 12,
                    names: Vec::new(),
                    title_fits: true,
                }
            }
            Chart::Steps { series, percent, .. } => {
                let max = series.iter().flat_map(|(_, p)| p.iter().map(|(_, e)| e.hi.max(e.v))).fold(0.0, f64::max);
                Frame {
                    size: (WIDTH, HEIGHT),
                    legend_w,
                    legend_h: 0,
                    horizontal: false,
                    name_w: 0,
                    top: axis_top(max, *percent),
                    data_max: max,
                    values: false,
                    names: Vec::new(),
                    title_fits: true,
                }
            }
            Chart::Heatmap { xs, ys, .. } => {
                // Long row names (a balance test's fighters) widen the name area on the left,
                // and long column names the columns: the canvas grows rather than cut a name.
                // Short names keep the standard canvas.
                let name_w = ys.iter().map(|n| text_width(n, 16) + 24).max().unwrap_or(0).max(HEAT_NAMES);
                let nx = xs.len().max(1) as u32;
                let widest = xs.iter().map(|n| text_width(n, LABEL) + 8).max().unwrap_or(0);
                let slot = (WIDTH.saturating_sub(2 * MARGIN + name_w) / nx).max(widest);
                let width = WIDTH.max(2 * MARGIN + name_w + nx * slot);
                // Rows under 44 px would crowd the printed values: a tall table grows the canvas.
                let height = HEIGHT.max(160 + 44 * ys.len() as u32);
                Frame {
                    size: (width, height),
                    legend_w: 0,
                    legend_h: 0,
                    horizontal: false,
                    name_w,
                    top: 1.0,
                    data_max: 1.0,
                    values: true,
                    names: xs.iter().map(|n| (n.clone(), slot)).collect(),
                    title_fits: true,
                }
            }
            Chart::Fit { curve, points, marks, .. } => {
                let (_, max) = fit_y_range(curve, points, marks);
                Frame {
                    size: (WIDTH, HEIGHT),
                    legend_w,
                    legend_h: 0,
                    horizontal: false,
                    name_w: 0,
                    top: fit_top(max),
                    data_max: max,
                    values: false,
                    names: Vec::new(),
                    title_fits: true,
                }
            }
        }
    }

    /// A grouped bar chart's frame: bars stand in groups under their names when every group's
    /// name fits its slot of `plot_w`; otherwise they lie horizontally, names on the left, and
    /// the canvas grows with the bars and the legend (`entries` lines) moves under the plot.
    pub(super) fn grouped(
        groups: &[String],
        series: &[(String, Vec<Est>)],
        percent: bool,
        (legend_w, entries): (u32, u32),
        plot_w: u32,
    ) -> Frame {
        let g = groups.len().max(1) as u32;
        let s = series.len().max(1) as u32;
        let max = data_max(series);
        let fits = groups.iter().all(|n| text_width(n, LABEL) + 8 <= plot_w / g);
        let widest_value = series
            .iter()
            .flat_map(|(_, v)| v.iter().map(|e| text_width(&bar_label(e, percent), VALUE)))
            .max()
            .unwrap_or(0);
        if fits {
            let bar = plot_w * 8 / 10 / (g * s);
            Frame {
                size: (WIDTH, HEIGHT),
                legend_w,
                legend_h: 0,
                horizontal: false,
                name_w: 0,
                top: axis_top(max, percent),
                data_max: max,
                values: widest_value + 2 <= bar,
                names: groups.iter().map(|n| (n.clone(), plot_w / g)).collect(),
                title_fits: true,
            }
        } else {
            let name_w = groups.iter().map(|n| text_width(n, LABEL)).max().unwrap_or(0) + 12;
            // The legend goes under the plot: the names already take the left.
            let legend_h = if legend_w > 0 { 24 * entries + 24 } else { 0 };
            let height = 60 + 60 + g * (s * BAR_H + GROUP_GAP) + legend_h;
            Frame {
                size: (WIDTH, height.max(HEIGHT)),
                legend_w: 0,
                legend_h,
                horizontal: true,
                name_w,
                // Room on the right of the longest bar for its value label.
                top: axis_top(max, percent).max(max * 1.18),
                data_max: max,
                values: true,
                names: groups.iter().map(|n| (n.clone(), name_w)).collect(),
                title_fits: true,
            }
        }
    }

    /// What a reader would trip over, for the report checks: a name wider than its slot, an
    /// axis far above the data, the legend over the plot (never: it has its own strip).
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        if !self.title_fits {
            out.push("the title is wider than the chart".to_string());
        }
        for (name, slot) in &self.names {
            let w = text_width(name, LABEL);
            if w > *slot {
                out.push(format!("label `{name}` is {w} px wide in a {slot} px slot"));
            }
        }
        let limit = if self.data_max <= 0.0 { 1.0 } else { (self.data_max * 1.25).max(self.data_max + 0.02) };
        if self.top > limit + 1e-9 && self.top > 1.08 {
            out.push(format!("value axis reaches {:.3} for data up to {:.3}", self.top, self.data_max));
        }
        out
    }
}

/// The width of a heatmap's row-name area when its names are short.
pub(super) const HEAT_NAMES: u32 = 90;

/// The value range a [`Chart::Fit`] shows, from 0: every point, mark and the curve, with their
/// intervals — but at most twice the highest of the values themselves. A wide interval (a fair
/// cost fitted on three cards) or a band that fans out at the ends of the curve is cut at the
/// top of the plot rather than squeeze the points into its foot (the interval is in the labels
/// and the tables).
pub(super) fn fit_y_range(curve: &[(f64, Est)], points: &[Point], marks: &[(String, Point)]) -> (f64, f64) {
    let all = || points.iter().chain(marks.iter().map(|(_, p)| p));
    let max = |ys: &mut dyn Iterator<Item = f64>| ys.filter(|y| y.is_finite()).fold(0.0, f64::max);
    let values = max(&mut all().map(|p| p.y.v).chain(curve.iter().map(|(_, e)| e.v)));
    let reach = max(&mut all().map(|p| p.y.hi.max(p.y.v)).chain(curve.iter().map(|(_, e)| e.v)));
    let top = reach.min(2.0 * values);
    (0.0, if top > 0.0 { top } else { 1.0 })
}

/// The top of a [`Chart::Fit`]'s value axis: room above the highest point for its label.
pub(super) fn fit_top(max: f64) -> f64 {
    max * 1.12
}
