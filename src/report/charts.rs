//! Charts (PNG and SVG) drawn with plotters.
//!
//! Text is rendered with DejaVu Sans shipped inside the `dejavu` crate (it has the ★ ♦ ≥
//! glyphs the BMG charts use), registered with plotters' `ab_glyph` backend, so charts render identically on a fresh
//! machine with no system font packages. Each chart is described once ([`Chart`]) and drawn by
//! one routine generic over the backend, so the PNG and the SVG always agree.

pub use crate::analysis::cell::Tail;
use crate::error::Error;
use crate::output::manifest::FileName;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontStyle;
use std::path::Path;
use std::sync::Once;

/// Chart size in pixels.
pub const SIZE: (u32, u32) = (960, 600);

/// Series colours (colour-blind friendly Okabe–Ito palette).
const PALETTE: [RGBColor; 8] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(213, 94, 0),
    RGBColor(240, 228, 66),
    RGBColor(0, 0, 0),
];

fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

/// A value with its 95 % interval.
#[derive(Clone, Copy, Debug)]
pub struct Est {
    pub v: f64,
    pub lo: f64,
    pub hi: f64,
}

/// Equal values, and [`Est::NA`] equal to itself (its NaNs would not be), so two charts of the
/// same run compare equal.
impl PartialEq for Est {
    fn eq(&self, o: &Est) -> bool {
        let same = |a: f64, b: f64| a == b || (a.is_nan() && b.is_nan());
        same(self.v, o.v) && same(self.lo, o.lo) && same(self.hi, o.hi)
    }
}

impl Est {
    /// A zero bar: a chance that is there and is nil. (A cell that does not apply is
    /// [`Est::NA`].)
    pub const ZERO: Est = Est { v: 0.0, lo: 0.0, hi: 0.0 };

    /// A cell that does not apply (a weapon without that range, a fighter against itself): no
    /// bar, "n/a" where it would stand, and a legend entry saying so. Never a 0 % bar, which
    /// would read as "never happens".
    pub const NA: Est = Est { v: f64::NAN, lo: f64::NAN, hi: f64::NAN };

    /// Whether this is [`Est::NA`].
    pub fn is_na(&self) -> bool {
        self.v.is_nan()
    }

    /// An exact value (no interval).
    pub fn exact(p: f64) -> Est {
        Est { v: p, lo: p, hi: p }
    }

    /// A mean ± z standard errors.
    pub fn mean(m: &crate::stats::Moments, z: f64) -> Est {
        Est { v: m.mean, lo: m.mean - z * m.stderr, hi: m.mean + z * m.stderr }
    }
}

impl From<crate::stats::Proportion> for Est {
    fn from(p: crate::stats::Proportion) -> Self {
        Est { v: p.p, lo: p.lo, hi: p.hi }
    }
}

impl From<crate::stats::Estimate> for Est {
    fn from(e: crate::stats::Estimate) -> Self {
        Est { v: e.value, lo: e.ci95[0], hi: e.ci95[1] }
    }
}

/// What to draw.
#[derive(Clone, Debug, PartialEq)]
pub enum Chart {
    /// P(= k) bars with intervals and a cumulative line (P(≥ k), or P(≤ k) when fewer is the
    /// question), for one integer metric.
    Distribution {
        title: String,
        x_label: String,
        /// The value of the first bar (may be negative, e.g. a difference).
        first: i64,
        /// What to write under the bar of each value, indexed from value 0, when the values are
        /// codes (card ranks); empty: the numbers themselves.
        names: Vec<String>,
        exactly: Vec<Est>,
        /// P(≥ k) or P(≤ k) of each bar's value, as `tail` says.
        cumulative: Vec<Est>,
        tail: Tail,
        /// The line's name in the legend when the game has words for it ("P(dead within k
        /// attacks)"); `None`: "P(≤ k)" or "P(≥ k)", as `tail` says.
        line_name: Option<String>,
        /// A check's threshold: it passes from this value on, the way of `tail` ("passes on ≤ 6"),
        /// marked by a vertical rule.
        passes_from: Option<i64>,
        /// The axis stops before the last values, whose probability together is this (under
        /// 0.5 %: the line has reached ~100 % and the rest would be a flat run); `None`: every
        /// value is drawn.
        rest: Option<f64>,
    },
    /// Bars grouped by `groups`, one colour per series.
    Grouped {
        title: String,
        x_label: String,
        y_label: String,
        groups: Vec<String>,
        series: Vec<(String, Vec<Est>)>,
        percent: bool,
        /// Bars set apart from the rest (a balance test's candidate): outlined in black and named
        /// in the legend, so the answer is found without reading every label.
        highlight: Option<Highlight>,
    },
    /// Lines over an integer parameter, one per series, with interval whiskers.
    Lines {
        title: String,
        x_label: String,
        y_label: String,
        xs: Vec<i64>,
        series: Vec<(String, Vec<Est>)>,
        percent: bool,
    },
    /// Step functions over a continuous axis, one per series: each point's value holds from its
    /// x until the next point's (the last until `end`), drawn across then up or down, never as
    /// a slant between points (a chance that changes only where the model's values fall).
    Steps {
        title: String,
        x_label: String,
        y_label: String,
        series: Vec<(String, Vec<(f64, Est)>)>,
        end: f64,
        percent: bool,
    },
    /// A value per (row, column), printed in each cell (`None`: a combination the rules do not
    /// allow, or a row against the column of its own name: a fighter does not meet itself). A cell has no room for a whisker: the line under the title gives the colour key,
    /// `basis` (trials or exact) and how far the widest cell's 95 % interval reaches.
    Heatmap {
        title: String,
        x_label: String,
        y_label: String,
        xs: Vec<String>,
        ys: Vec<String>,
        values: Vec<Vec<Option<Est>>>,
        percent: bool,
        basis: String,
        /// The cell that answers the question (a maximin split), outlined, and what it is in
        /// words for the line under the title.
        marked: Option<Marked>,
    },
    /// Labelled points under a fitted curve with its 95 % band, and a few points set apart, each
    /// with its intervals as whiskers: a balance test's cost curve (each reference fighter's cost
    /// against its rating, the curve fitted through them, the candidate at its stated cost and
    /// at its fair cost). The value axis starts at 0.
    Fit {
        title: String,
        x_label: String,
        y_label: String,
        /// The fitted curve along x, each point with its band (empty: no curve was fitted).
        curve: Vec<(f64, Est)>,
        /// The curve's name in the legend.
        curve_name: String,
        /// The points it was fitted on, each labelled beside it.
        points: Vec<Point>,
        /// The points' name in the legend.
        points_name: String,
        /// Points set apart, each with its own legend entry (name, point).
        marks: Vec<(String, Point)>,
    },
}

/// A point of a [`Chart::Fit`]: where it is, each coordinate with its 95 % interval (drawn as
/// whiskers when it has width), and the words written beside it (empty: none).
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    pub label: String,
    pub x: Est,
    pub y: Est,
}

/// The bars of a grouped chart that [`Chart::Grouped::highlight`] sets apart, and the legend's
/// word for them ("candidate").
#[derive(Clone, Debug, PartialEq)]
pub struct Highlight {
    pub bars: Bars,
    pub name: String,
}

/// Which bars a [`Highlight`] outlines: every bar of one series (a colour), or every bar of one
/// group (a name on the category axis).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bars {
    Series(usize),
    Group(usize),
}

impl Bars {
    /// Whether the bar of series `si` in group `gi` is one of these.
    pub fn contains(self, si: usize, gi: usize) -> bool {
        match self {
            Bars::Series(s) => s == si,
            Bars::Group(g) => g == gi,
        }
    }
}

/// A heatmap's answer cell: `values[y][x]`, and its name ("A's maximin split against B's best
/// answer"); or, with `whole_row`, its row `y` ("the candidate's row").
#[derive(Clone, Debug, PartialEq)]
pub struct Marked {
    pub x: usize,
    pub y: usize,
    pub note: String,
    /// Outline the whole row `y` instead of one cell (a balance test's candidate among the
    /// fighters of a matchup heatmap); `x` is then unused.
    pub whole_row: bool,
}

impl Chart {
    /// A distribution whose values are codes, labelled with their names (card ranks).
    pub fn with_value_names(mut self, value_names: Vec<String>) -> Chart {
        if let Chart::Distribution { names, .. } = &mut self {
            *names = value_names;
        }
        self
    }

    /// A distribution whose cumulative line the game names ("P(dead within k attacks)").
    pub fn with_line_name(mut self, name: Option<String>) -> Chart {
        if let Chart::Distribution { line_name, .. } = &mut self {
            *line_name = name;
        }
        self
    }

    /// The name of a distribution's cumulative line in its legend: the game's words when it has
    /// them, else "P(≤ k)" or "P(≥ k)". `None` for the other charts.
    pub fn line_name(&self) -> Option<String> {
        let Chart::Distribution { tail, line_name, .. } = self else { return None };
        Some(line_name.clone().unwrap_or_else(|| tail_name(*tail).to_string()))
    }

    /// A heatmap's line under its title: "darker = higher, 0.0% to 17.3%; 20,000 trials, 95 %
    /// intervals; every cell within ±0.52 pts". `None` for the other charts.
    pub fn subtitle(&self) -> Option<String> {
        if let Chart::Distribution { rest: Some(rest), tail, first, exactly, names, .. } = self {
            let last = *first + exactly.len() as i64 - 1;
            let shown = usize::try_from(last).ok().and_then(|v| names.get(v)).cloned().unwrap_or(last.to_string());
            let beyond = if *tail == Tail::AtMost { ">" } else { "<" };
            return Some(format!(
                "axis stops at {shown}: P({beyond} {shown}) = {} (every value is in the tables)",
                fmt_small(*rest)
            ));
        }
        let Chart::Heatmap { values, percent, basis, marked, .. } = self else { return None };
        let cells = values.iter().flatten().flatten();
        let (lo, hi) = value_range(values);
        let widest = cells.map(|e| (e.hi - e.lo) / 2.0).fold(0.0, f64::max);
        let mut s = format!("darker = higher, {} to {}; {basis}", fmt_label(lo, *percent), fmt_label(hi, *percent));
        if widest > 0.0 {
            if *percent {
                s.push_str(&format!("; every cell within ±{:.2} pts", widest * 100.0));
            } else {
                s.push_str(&format!("; every cell within ±{widest:.3}"));
            }
        }
        if let Some(m) = marked {
            s.push_str(&format!("; outlined: {}", m.note));
        }
        Some(s)
    }

    /// The chart with every hidden control character in its words shown as `\u{..}`: an SVG
    /// holding a raw ESC or NUL is not well-formed XML (a label typed with one made the file
    /// unreadable), and a raw bidi override would reorder the text drawn in the PNG.
    pub fn visible(&self) -> Chart {
        let v = |s: &String| crate::safe::terminal_line(s).into_owned();
        let vs = |xs: &Vec<String>| xs.iter().map(v).collect::<Vec<_>>();
        let series = |xs: &Vec<(String, Vec<Est>)>| xs.iter().map(|(n, e)| (v(n), e.clone())).collect::<Vec<_>>();
        match self {
            Chart::Distribution {
                title,
                x_label,
                first,
                names,
                exactly,
                cumulative,
                tail,
                line_name,
                passes_from,
                rest,
            } => Chart::Distribution {
                title: v(title),
                x_label: v(x_label),
                first: *first,
                names: vs(names),
                exactly: exactly.clone(),
                cumulative: cumulative.clone(),
                tail: *tail,
                line_name: line_name.as_ref().map(v),
                passes_from: *passes_from,
                rest: *rest,
            },
            Chart::Grouped { title, x_label, y_label, groups, series: s, percent, highlight } => Chart::Grouped {
                title: v(title),
                x_label: v(x_label),
                y_label: v(y_label),
                groups: vs(groups),
                series: series(s),
                percent: *percent,
                highlight: highlight.as_ref().map(|h| Highlight { name: v(&h.name), ..h.clone() }),
            },
            Chart::Lines { title, x_label, y_label, xs, series: s, percent } => Chart::Lines {
                title: v(title),
                x_label: v(x_label),
                y_label: v(y_label),
                xs: xs.clone(),
                series: series(s),
                percent: *percent,
            },
            Chart::Steps { title, x_label, y_label, series: s, end, percent } => Chart::Steps {
                title: v(title),
                x_label: v(x_label),
                y_label: v(y_label),
                series: s.iter().map(|(n, p)| (v(n), p.clone())).collect(),
                end: *end,
                percent: *percent,
            },
            Chart::Heatmap { title, x_label, y_label, xs, ys, values, percent, basis, marked } => Chart::Heatmap {
                title: v(title),
                x_label: v(x_label),
                y_label: v(y_label),
                xs: vs(xs),
                ys: vs(ys),
                values: values.clone(),
                percent: *percent,
                basis: v(basis),
                marked: marked.as_ref().map(|m| Marked { note: v(&m.note), ..m.clone() }),
            },
            Chart::Fit { title, x_label, y_label, curve, curve_name, points, points_name, marks } => {
                let p = |p: &Point| Point { label: v(&p.label), ..p.clone() };
                Chart::Fit {
                    title: v(title),
                    x_label: v(x_label),
                    y_label: v(y_label),
                    curve: curve.clone(),
                    curve_name: v(curve_name),
                    points: points.iter().map(p).collect(),
                    points_name: v(points_name),
                    marks: marks.iter().map(|(n, m)| (v(n), p(m))).collect(),
                }
            }
        }
    }

    /// The chart's title, in words: its caption in summary.md and index.html.
    pub fn title(&self) -> &str {
        match self {
            Chart::Distribution { title, .. }
            | Chart::Grouped { title, .. }
            | Chart::Lines { title, .. }
            | Chart::Steps { title, .. }
            | Chart::Heatmap { title, .. }
            | Chart::Fit { title, .. } => title,
        }
    }

    /// A chart of a constant: a distribution with one bar (the metric never varies), or several
    /// bars or points that all show the same number. (One bar of a probability is not: it is
    /// that probability.)
    pub fn is_constant(&self) -> bool {
        match self {
            Chart::Distribution { exactly, .. } => exactly.len() <= 1,
            Chart::Grouped { series, .. } | Chart::Lines { series, .. } => {
                let values = || series.iter().flat_map(|(_, v)| v.iter().filter(|e| !e.is_na()).map(|e| e.v));
                let mut vals = values();
                let first = vals.next();
                let n = values().count();
                n > 1 && first.is_some_and(|f| vals.all(|v| (v - f).abs() < 1e-12))
            }
            Chart::Steps { series, .. } => {
                let mut vals = series.iter().flat_map(|(_, p)| p.iter().map(|(_, e)| e.v));
                let first = vals.next();
                first.is_none_or(|f| vals.all(|v| (v - f).abs() < 1e-12))
            }
            Chart::Heatmap { .. } | Chart::Fit { .. } => false,
        }
    }
}

static FONTS: Once = Once::new();

/// Register the embedded font under every family name the charts use.
pub fn register_fonts() {
    FONTS.call_once(|| {
        for (style, bytes) in [(FontStyle::Normal, dejavu::sans::regular()), (FontStyle::Bold, dejavu::sans::bold())] {
            for family in ["sans-serif", "serif", "monospace"] {
                // The font is a valid TTF compiled into the binary; failure would be a build bug.
                let _ = plotters::style::register_font(family, style, bytes);
            }
        }
    });
}

/// The files [`render`] writes for each chart: `<stem>.png` and `<stem>.svg`.
pub const FILES: [FileName; 2] = [FileName::EndsWith(".png"), FileName::EndsWith(".svg")];

/// Draw `chart` to `<stem>.png` and `<stem>.svg` in `dir`.
pub fn render(chart: &Chart, dir: &Path, stem: &str) -> Result<(), Error> {
    register_fonts();
    let chart = &chart.visible();
    let svg = dir.join(format!("{stem}.svg"));
    let png = dir.join(format!("{stem}.png"));
    let fail = |path: &Path, e: String| match os_error(&e) {
        // A full disk or a vanished folder: say it as for any other file.
        Some(io) => Error::Output { path: path.to_path_buf(), source: std::io::Error::other(io) },
        None => Error::Chart { path: path.to_path_buf(), message: e },
    };
    let layout = Layout::of(chart);
    {
        let root = SVGBackend::new(&svg, layout.size).into_drawing_area();
        draw(&root, chart, &layout).map_err(|e| fail(&svg, e))?;
        root.present().map_err(|e| fail(&svg, e.to_string()))?;
    }
    {
        let root = BitMapBackend::new(&png, layout.size).into_drawing_area();
        draw(&root, chart, &layout).map_err(|e| fail(&png, e))?;
        root.present().map_err(|e| fail(&png, e.to_string()))?;
    }
    Ok(())
}

/// `chart` drawn as SVG text, in memory: the same drawing as [`render`]'s `<stem>.svg` (the
/// local page shows charts this way, so a chart looks the same there as in a report).
pub fn svg(chart: &Chart) -> Result<String, Error> {
    register_fonts();
    let chart = &chart.visible();
    let layout = Layout::of(chart);
    let mut out = String::new();
    let fail =
        |e: String| Error::Chart { path: std::path::PathBuf::from(format!("{}.svg", chart.title())), message: e };
    {
        let root = SVGBackend::with_string(&mut out, layout.size).into_drawing_area();
        draw(&root, chart, &layout).map_err(fail)?;
        root.present().map_err(|e| fail(e.to_string()))?;
    }
    Ok(out)
}

/// The operating system's words inside a drawing backend's debug text, e.g. `No space left on
/// device (os error 28)` from `ImageError(IoError(Custom { kind: Other, error: "No space left on
/// device (os error 28)" }))`: the backends give no typed error to ask.
fn os_error(text: &str) -> Option<String> {
    let end = text.find("(os error ")?;
    let close = end + text[end..].find(')')? + 1;
    let start = text[..end].rfind('"').map_or(0, |i| i + 1);
    Some(text[start..close].to_string())
}

/// Width in pixels of `text` in the chart font at `size` px.
pub fn text_width(text: &str, size: u32) -> u32 {
    register_fonts();
    ("sans-serif", size).into_font().box_size(text).map(|(w, _)| w).unwrap_or(text.chars().count() as u32 * size / 2)
}

/// Font sizes of the parts of a chart.
const LABEL: u32 = 15;
const VALUE: u32 = 13;
const LEGEND: u32 = 15;
/// Pixels of the y-axis label area and the chart margin.
const Y_AREA: u32 = 70;
const MARGIN: u32 = 16;
/// Height of one bar in a horizontal bar chart, and the gap between groups.
const BAR_H: u32 = 11;
const GROUP_GAP: u32 = 10;

/// Where everything goes, decided before drawing from the chart's own text and data, so the
/// drawing and the checks in [`Layout::problems`] agree: the canvas size, the legend strip to the
/// right of the plot (never over the data), whether grouped bars lie horizontally (when their
/// names would not fit under the bars), the top of the value axis, and which value labels are
/// legible enough to print.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
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

/// Entries of a chart's legend: the series names.
fn legend_names(chart: &Chart) -> Vec<String> {
    match chart {
        Chart::Distribution { .. } => {
            let mut names = vec!["P(= k)".to_string(), chart.line_name().unwrap_or_default()];
            names.extend(pass_label(chart));
            names
        }
        Chart::Grouped { series, highlight, .. } => {
            let mut names: Vec<String> =
                if series.len() > 1 { series.iter().map(|(n, _)| n.clone()).collect() } else { Vec::new() };
            names.extend(highlight.as_ref().map(|h| h.name.clone()));
            if has_na(series) {
                names.push(NA_NOTE.to_string());
            }
            names
        }
        Chart::Lines { series, .. } if series.len() > 1 => series.iter().map(|(n, _)| n.clone()).collect(),
        Chart::Steps { series, .. } if series.len() > 1 => series.iter().map(|(n, _)| n.clone()).collect(),
        Chart::Fit { .. } => fit_legend(chart).into_iter().map(|(n, _, _)| n).collect(),
        _ => Vec::new(),
    }
}

/// The legend entry of cells that do not apply.
pub const NA_NOTE: &str = "n/a: does not apply";

/// The grey of "n/a" and its legend swatch.
const NA_GREY: RGBColor = RGBColor(150, 150, 150);

/// Whether any cell of `series` does not apply.
pub fn has_na(series: &[(String, Vec<Est>)]) -> bool {
    series.iter().any(|(_, v)| v.iter().any(Est::is_na))
}

/// The top of a value axis: the data plus room for the value labels above the bars, and on a
/// probability axis never much beyond 100 %.
fn axis_top(max: f64, percent: bool) -> f64 {
    if percent {
        (max * 1.1).clamp(0.002, 1.06)
    } else if max > 0.0 {
        max * 1.1
    } else {
        1.0
    }
}

fn data_max(series: &[(String, Vec<Est>)]) -> f64 {
    series.iter().flat_map(|(_, v)| v.iter().map(|e| e.hi.max(e.v))).fold(0.0, f64::max)
}

impl Layout {
    pub fn of(chart: &Chart) -> Layout {
        let mut l = Layout::shape(chart);
        let title = chart.title();
        let room = l.size.0 - l.legend_w;
        l.title_fits = text_width(title, 12) + 2 * MARGIN <= room
            && chart.subtitle().is_none_or(|s| text_width(&s, 12) + 2 * MARGIN <= room);
        l
    }

    fn shape(chart: &Chart) -> Layout {
        let legend = legend_names(chart);
        let legend_w =
            if legend.is_empty() { 0 } else { legend.iter().map(|n| text_width(n, LEGEND)).max().unwrap_or(0) + 48 };
        let plot_w = WIDTH - legend_w - 2 * MARGIN - Y_AREA;
        match chart {
            Chart::Distribution { exactly, .. } => {
                let n = exactly.len().max(1) as u32;
                let slot = plot_w / n;
                // A label per bar only when every label fits its bar's slot.
                let widest = exactly.iter().map(|e| text_width(&fmt_label(e.v, true), VALUE)).max().unwrap_or(0);
                Layout {
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
                Layout::grouped(groups, series, *percent, (legend_w, legend.len() as u32), plot_w)
            }
            Chart::Lines { series, percent, xs, .. } => {
                let max = data_max(series);
                Layout {
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
                Layout {
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
                let slot = ((WIDTH - 2 * MARGIN - name_w) / nx).max(widest);
                let width = WIDTH.max(2 * MARGIN + name_w + nx * slot);
                // Rows under 44 px would crowd the printed values: a tall table grows the canvas.
                let height = HEIGHT.max(160 + 44 * ys.len() as u32);
                Layout {
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
                Layout {
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

    /// A grouped bar chart's layout: bars stand in groups under their names when every group's
    /// name fits its slot of `plot_w`; otherwise they lie horizontally, names on the left, and
    /// the canvas grows with the bars and the legend (`entries` lines) moves under the plot.
    fn grouped(
        groups: &[String],
        series: &[(String, Vec<Est>)],
        percent: bool,
        (legend_w, entries): (u32, u32),
        plot_w: u32,
    ) -> Layout {
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
            Layout {
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
            Layout {
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
const HEAT_NAMES: u32 = 90;

/// Chart width in pixels (the height is [`HEIGHT`], more for long horizontal bar charts).
pub const WIDTH: u32 = SIZE.0;
pub const HEIGHT: u32 = SIZE.1;

/// Axis label: enough decimals for the axis range, and nothing above 100 %.
fn fmt_y(v: f64, percent: bool, top: f64) -> String {
    if percent {
        if v > 1.0 + 1e-9 {
            String::new()
        } else if top < 0.05 {
            format!("{:.2}%", v * 100.0)
        } else if top < 0.2 {
            format!("{:.1}%", v * 100.0)
        } else {
            format!("{:.0}%", v * 100.0)
        }
    } else if top < 0.5 {
        format!("{v:.3}")
    } else {
        format!("{v:.1}")
    }
}

/// A bar's value label: its value, or "n/a" for a cell that does not apply.
fn bar_label(e: &Est, percent: bool) -> String {
    if e.is_na() { "n/a".to_string() } else { fmt_label(e.v, percent) }
}

fn fmt_label(v: f64, percent: bool) -> String {
    if percent { format!("{:.1}%", v * 100.0) } else { format!("{v:.2}") }
}

/// Caption font size that keeps a title inside the plot's width (the legend strip is beside it).
/// The font size of a heatmap's line under its title (smaller than the title's).
const SUBTITLE: u32 = 16;

fn caption_size(title: &str, width: u32) -> u32 {
    let mut size = 24;
    while size > 12 && text_width(title, size) + 2 * MARGIN > width {
        size -= 1;
    }
    size
}

fn e2s<E: std::fmt::Debug>(e: E) -> String {
    format!("{e:?}")
}

/// How each series is told apart beyond its colour: a marker shape and, for lines, a dash, so
/// series that coincide stay visible (one drawn over the other still shows its marks).
#[derive(Clone, Copy)]
enum Mark {
    Circle,
    Square,
    Triangle,
    Diamond,
    Cross,
    /// A vertical rule (a threshold), in legends only.
    Rule,
    /// No swatch (the entry's words say it all: "n/a: does not apply"), in legends only.
    Text,
    /// A bar's black outline (highlighted bars), in legends only.
    Outline,
}

fn mark(i: usize) -> Mark {
    [Mark::Circle, Mark::Square, Mark::Triangle, Mark::Diamond, Mark::Cross][i % 5]
}

fn draw_mark<DB: DrawingBackend, CT: CoordTranslate<From = (f64, f64)>>(
    c: &mut ChartContext<'_, DB, CT>,
    pts: &[(f64, f64)],
    m: Mark,
    col: RGBColor,
    size: i32,
) -> Result<(), String> {
    match m {
        Mark::Circle => c.draw_series(pts.iter().map(|&p| Circle::new(p, size, col.filled()))).map(|_| ()),
        Mark::Square => c
            .draw_series(
                pts.iter().map(|&p| EmptyElement::at(p) + Rectangle::new([(-size, -size), (size, size)], col.filled())),
            )
            .map(|_| ()),
        Mark::Triangle => {
            c.draw_series(pts.iter().map(|&p| TriangleMarker::new(p, size + 2, col.filled()))).map(|_| ())
        }
        Mark::Diamond => c
            .draw_series(pts.iter().map(|&p| {
                EmptyElement::at(p)
                    + Polygon::new(vec![(0, -size - 2), (size + 2, 0), (0, size + 2), (-size - 2, 0)], col.filled())
            }))
            .map(|_| ()),
        Mark::Cross => c.draw_series(pts.iter().map(|&p| Cross::new(p, size + 1, col.stroke_width(3)))).map(|_| ()),
        Mark::Text | Mark::Outline => Ok(()),
        Mark::Rule => c
            .draw_series(pts.iter().map(|&p| {
                EmptyElement::at(p) + PathElement::new(vec![(0, -size - 2), (0, size + 2)], col.stroke_width(3))
            }))
            .map(|_| ()),
    }
    .map_err(e2s)
}

/// The legend, in its own strip beside or under the plot, from `top` pixels down: a swatch and
/// the name of each entry.
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: &[(String, RGBColor, Option<Mark>)],
    top: i32,
) -> Result<(), String> {
    let font = ("sans-serif", LEGEND).into_font();
    for (i, (name, col, m)) in entries.iter().enumerate() {
        let y = top + i as i32 * 24;
        match m {
            None => {
                area.draw(&Rectangle::new([(8, y - 6), (24, y + 6)], col.filled())).map_err(e2s)?;
            }
            Some(Mark::Text) => {}
            Some(Mark::Outline) => {
                area.draw(&Rectangle::new([(8, y - 7), (24, y + 7)], OUTLINE.stroke_width(OUTLINE_W))).map_err(e2s)?;
            }
            Some(Mark::Rule) => {
                area.draw(&PathElement::new(vec![(16, y - 9), (16, y + 9)], col.stroke_width(3))).map_err(e2s)?;
            }
            Some(m) => {
                area.draw(&PathElement::new(vec![(4, y), (28, y)], col.stroke_width(3))).map_err(e2s)?;
                let at = (16, y);
                match m {
                    Mark::Circle => area.draw(&Circle::new(at, 4, col.filled())),
                    Mark::Square => area.draw(&Rectangle::new([(12, y - 4), (20, y + 4)], col.filled())),
                    Mark::Triangle => area.draw(&TriangleMarker::new(at, 6, col.filled())),
                    Mark::Diamond => {
                        area.draw(&Polygon::new(vec![(16, y - 6), (22, y), (16, y + 6), (10, y)], col.filled()))
                    }
                    Mark::Cross => area.draw(&Cross::new(at, 5, col.stroke_width(3))),
                    Mark::Rule | Mark::Text | Mark::Outline => Ok(()),
                }
                .map_err(e2s)?;
            }
        }
        area.draw(&Text::new(name.clone(), (36, y - 8), font.clone().color(&BLACK))).map_err(e2s)?;
    }
    Ok(())
}

fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, chart: &Chart, layout: &Layout) -> Result<(), String> {
    root.fill(&WHITE).map_err(e2s)?;
    let (plot, side) = root.split_horizontally(layout.size.0 - layout.legend_w);
    let (plot, below) = plot.split_vertically(layout.size.1 - layout.legend_h);
    match chart {
        Chart::Distribution { .. } => {
            draw_distribution(&plot, chart, layout)?;
            let line = chart.line_name().unwrap_or_default();
            let mut entries = vec![("P(= k)".into(), colour(0), None), (line, colour(5), Some(Mark::Circle))];
            entries.extend(pass_label(chart).map(|l| (l, PASS, Some(Mark::Rule))));
            draw_legend(&side, &entries, 70)
        }
        Chart::Grouped { title, x_label, y_label, groups, series, percent, highlight } => {
            let outlined = highlight.as_ref().map(|h| h.bars);
            if layout.horizontal {
                draw_grouped_horizontal(&plot, title, x_label, y_label, groups, series, *percent, layout, outlined)?;
            } else {
                draw_grouped(&plot, title, x_label, y_label, groups, series, *percent, layout, outlined)?;
            }
            let mut entries: Vec<_> = if series.len() > 1 {
                series.iter().enumerate().map(|(i, (n, _))| (n.clone(), colour(i), None)).collect()
            } else {
                Vec::new()
            };
            entries.extend(highlight.as_ref().map(|h| (h.name.clone(), OUTLINE, Some(Mark::Outline))));
            if has_na(series) {
                entries.push((NA_NOTE.to_string(), NA_GREY, Some(Mark::Text)));
            }
            if layout.legend_w > 0 {
                draw_legend(&side, &entries, 70)?;
            } else if layout.legend_h > 0 {
                // Under the plot, lined up with the bars (right of the names).
                let (_, under_bars) = below.split_horizontally(layout.name_w + MARGIN);
                draw_legend(&under_bars, &entries, 12)?;
            }
            Ok(())
        }
        Chart::Lines { title, x_label, y_label, xs, series, percent } => {
            draw_lines(&plot, title, x_label, y_label, xs, series, *percent, layout)?;
            if layout.legend_w > 0 {
                let entries: Vec<_> =
                    series.iter().enumerate().map(|(i, (n, _))| (n.clone(), colour(i), Some(mark(i)))).collect();
                draw_legend(&side, &entries, 70)?;
            }
            Ok(())
        }
        Chart::Steps { series, .. } => {
            draw_steps(&plot, chart, layout)?;
            if layout.legend_w > 0 {
                let entries: Vec<_> =
                    series.iter().enumerate().map(|(i, (n, _))| (n.clone(), colour(i), Some(mark(i)))).collect();
                draw_legend(&side, &entries, 70)?;
            }
            Ok(())
        }
        Chart::Heatmap { title, x_label, y_label, xs, ys, values, percent, marked, .. } => {
            let subtitle = chart.subtitle().unwrap_or_default();
            let names = (title.as_str(), subtitle.as_str(), x_label.as_str(), y_label.as_str(), layout.name_w);
            draw_heatmap(&plot, names, xs, ys, values, *percent, marked.as_ref())
        }
        Chart::Fit { .. } => {
            draw_fit(&plot, chart, layout)?;
            let entries: Vec<_> = fit_legend(chart).into_iter().map(|(n, c, m)| (n, c, Some(m))).collect();
            draw_legend(&side, &entries, 70)
        }
    }
}

/// The frame of highlighted bars (a balance test's candidate) and its legend swatch.
const OUTLINE: RGBColor = BLACK;
const OUTLINE_W: u32 = 3;

/// The colour of a check's pass threshold: black, apart from the blue bars and the vermilion line.
const PASS: RGBColor = BLACK;

/// The cumulative line's name in the legend.
fn tail_name(tail: Tail) -> &'static str {
    match tail {
        Tail::AtLeast => "P(≥ k)",
        Tail::AtMost => "P(≤ k)",
    }
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
fn pass_chance(first: i64, cumulative: &[Est], tail: Tail, pass: i64) -> f64 {
    match (usize::try_from(pass - first).ok().and_then(|i| cumulative.get(i)), tail) {
        (Some(e), _) => e.v,
        (None, Tail::AtMost) if pass >= first => 1.0,
        (None, Tail::AtLeast) if pass < first => 1.0,
        (None, _) => 0.0,
    }
}

/// The corners of a step function through `pts` (each value holding until the next point's x,
/// the last until `end`): horizontal, then vertical, never a slant.
pub fn steps(pts: impl IntoIterator<Item = (f64, f64)>, end: f64) -> Vec<(f64, f64)> {
    let mut out: Vec<(f64, f64)> = Vec::new();
    for (x, y) in pts {
        if let Some(&(_, prev)) = out.last() {
            out.push((x, prev));
        }
        out.push((x, y));
    }
    if let Some(&(x, y)) = out.last()
        && end > x
    {
        out.push((end, y));
    }
    out
}

/// A small probability in words: "0.31%", or "< 0.01%".
fn fmt_small(p: f64) -> String {
    if p < 0.0001 { "< 0.01%".to_string() } else { format!("{:.2}%", p * 100.0) }
}

fn draw_distribution<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &Chart,
    layout: &Layout,
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
        .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), 0f64..layout.top)
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
    if layout.values {
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
    let line = colour(5);
    // P(≤ k) is a step function: it holds from k until the next value, then jumps (a target is
    // dead "within 7 attacks" until the 8th). P(≥ k) keeps its joined points.
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
    draw_mark(&mut c, &pts, Mark::Circle, line, if n > 40 { 2 } else { 4 })?;
    if let Some(pass) = passes_from {
        // The rule between the last failing value and the first passing one, kept on the axis.
        let edge = (pass - first) as f64 + if *tail == Tail::AtMost { 0.5 } else { -0.5 };
        let x = edge.clamp(-0.5, n as f64 - 0.5);
        c.draw_series(DashedLineSeries::new([(x, 0.0), (x, layout.top)], 8, 5, PASS.stroke_width(3))).map_err(e2s)?;
        let (text, anchor) = if *tail == Tail::AtMost { ("pass ←", x - 0.05) } else { ("→ pass", x + 0.05) };
        let w = text_width(text, LABEL) as f64 * n as f64 / f64::from(width.max(1));
        let at = if *tail == Tail::AtMost { anchor - w } else { anchor };
        c.draw_series(std::iter::once(Text::new(
            text,
            (at, layout.top * 0.98),
            ("sans-serif", LABEL).into_font().color(&PASS),
        )))
        .map_err(e2s)?;
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn draw_grouped<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    x_label: &str,
    y_label: &str,
    groups: &[String],
    series: &[(String, Vec<Est>)],
    percent: bool,
    layout: &Layout,
    outlined: Option<Bars>,
) -> Result<(), String> {
    let g = groups.len().max(1);
    let top = layout.top;
    let mut c = ChartBuilder::on(root)
        .caption(title, ("sans-serif", caption_size(title, root.dim_in_pixel().0)))
        .margin(MARGIN)
        .x_label_area_size(50)
        .y_label_area_size(Y_AREA)
        .build_cartesian_2d(-0.5f64..(g as f64 - 0.5), 0f64..top)
        .map_err(e2s)?;
    c.configure_mesh()
        .disable_x_mesh()
        .x_labels(g)
        .x_label_formatter(&|x| {
            let i = x.round();
            if (x - i).abs() < 1e-6 && i >= 0.0 {
                groups.get(i as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| fmt_y(*y, percent, top))
        .x_desc(x_label)
        .y_desc(y_label)
        .label_style(("sans-serif", LABEL))
        .axis_desc_style(("sans-serif", 18))
        .draw()
        .map_err(e2s)?;
    draw_bars(&mut c, series, percent, top, layout, false, outlined)
}

/// Grouped bars lying down: one block of bars per group, its full name on the left, values along
/// the bottom axis and printed at the end of each bar. Used when the names would not fit under
/// upright bars, so no name is ever cut.
#[allow(clippy::too_many_arguments)]
fn draw_grouped_horizontal<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    _x_label: &str,
    y_label: &str,
    groups: &[String],
    series: &[(String, Vec<Est>)],
    percent: bool,
    layout: &Layout,
    outlined: Option<Bars>,
) -> Result<(), String> {
    let g = groups.len().max(1);
    let top = layout.top;
    // y runs from the first group at the top (g − 0.5) down to the last (−0.5).
    let mut c = ChartBuilder::on(root)
        .caption(title, ("sans-serif", caption_size(title, root.dim_in_pixel().0)))
        .margin(MARGIN)
        .x_label_area_size(50)
        .y_label_area_size(layout.name_w)
        .build_cartesian_2d(0f64..top, -0.5f64..(g as f64 - 0.5))
        .map_err(e2s)?;
    c.configure_mesh()
        .disable_y_mesh()
        .y_labels(g)
        .y_label_formatter(&|y| {
            let i = y.round();
            if (y - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < g {
                groups[g - 1 - i as usize].clone()
            } else {
                String::new()
            }
        })
        .x_label_formatter(&|x| fmt_y(*x, percent, top))
        // The values run along the bottom: their name goes there (the group names speak for
        // themselves on the left).
        .x_desc(y_label)
        .label_style(("sans-serif", LABEL))
        .axis_desc_style(("sans-serif", 18))
        .draw()
        .map_err(e2s)?;
    draw_bars(&mut c, series, percent, top, layout, true, outlined)
}

/// The bars, interval whiskers and value labels of a grouped chart, upright or lying down: one
/// geometry, the two axes swapped. Series `si` of group `gi` sits at `gi − 0.4 + w·(si + ½)`
/// (w = 0.8 / series) along the category axis; lying down the axis runs from the first group at
/// the top, so the position is mirrored. The `outlined` bars get a thick black frame.
#[allow(clippy::too_many_arguments)]
fn draw_bars<DB: DrawingBackend>(
    c: &mut ChartContext<
        '_,
        DB,
        Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
    >,
    series: &[(String, Vec<Est>)],
    percent: bool,
    top: f64,
    layout: &Layout,
    horizontal: bool,
    outlined: Option<Bars>,
) -> Result<(), String> {
    let g = series.iter().map(|(_, v)| v.len()).max().unwrap_or(0).max(1);
    let w = 0.8 / series.len().max(1) as f64;
    let pos = |gi: usize, si: usize| {
        let upright = gi as f64 - 0.4 + w * (si as f64 + 0.5);
        if horizontal { (g - 1) as f64 - upright } else { upright }
    };
    // (position along the categories, value) → chart coordinates.
    let at = |p: f64, v: f64| if horizontal { (v, p) } else { (p, v) };
    let half = w * if horizontal { 0.42 } else { 0.45 };
    for (si, (_, vals)) in series.iter().enumerate() {
        let col = colour(si);
        c.draw_series(vals.iter().enumerate().filter(|(_, e)| !e.is_na()).map(|(gi, e)| {
            let p = pos(gi, si);
            Rectangle::new([at(p - half, 0.0), at(p + half, e.v)], col.mix(0.9).filled())
        }))
        .map_err(e2s)?;
        c.draw_series(
            vals.iter().enumerate().filter(|&(gi, e)| !e.is_na() && outlined.is_some_and(|b| b.contains(si, gi))).map(
                |(gi, e)| {
                    let p = pos(gi, si);
                    Rectangle::new([at(p - half, 0.0), at(p + half, e.v)], OUTLINE.stroke_width(OUTLINE_W))
                },
            ),
        )
        .map_err(e2s)?;
        // No bar where the cell does not apply: "n/a" in grey at its foot, even when the other
        // bars have no room for their labels.
        c.draw_series(vals.iter().enumerate().filter(|(_, e)| e.is_na()).map(|(gi, _)| {
            let (spot, size) = if horizontal {
                ((top * 0.01, pos(gi, si) + w * 0.45), VALUE - 2)
            } else {
                ((pos(gi, si) - w * 0.4, top * 0.02), VALUE)
            };
            Text::new("n/a", spot, ("sans-serif", size).into_font().color(&NA_GREY))
        }))
        .map_err(e2s)?;
        c.draw_series(vals.iter().enumerate().filter(|(_, e)| e.hi > e.lo).map(|(gi, e)| {
            let p = pos(gi, si);
            PathElement::new(vec![at(p, e.lo), at(p, e.hi)], BLACK.stroke_width(2))
        }))
        .map_err(e2s)?;
        if layout.values {
            c.draw_series(vals.iter().enumerate().filter(|(_, e)| !e.is_na()).map(|(gi, e)| {
                let end = e.hi.max(e.v);
                // Upright: above the whisker, starting a little left of the bar's centre; lying
                // down: after the whisker, on the bar's upper edge.
                let (spot, size) = if horizontal {
                    ((end + top * 0.01, pos(gi, si) + w * 0.45), VALUE - 2)
                } else {
                    ((pos(gi, si) - w * 0.4, end + top * 0.02), VALUE)
                };
                Text::new(fmt_label(e.v, percent), spot, ("sans-serif", size).into_font().color(&BLACK))
            }))
            .map_err(e2s)?;
        }
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn draw_lines<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    x_label: &str,
    y_label: &str,
    xs: &[i64],
    series: &[(String, Vec<Est>)],
    percent: bool,
    layout: &Layout,
) -> Result<(), String> {
    let lo = *xs.iter().min().unwrap_or(&0) as f64;
    let hi = *xs.iter().max().unwrap_or(&1) as f64;
    let pad = ((hi - lo) * 0.05).max(0.5);
    let top = layout.top;
    let mut c = ChartBuilder::on(root)
        .caption(title, ("sans-serif", caption_size(title, root.dim_in_pixel().0)))
        .margin(MARGIN)
        .x_label_area_size(50)
        .y_label_area_size(Y_AREA)
        .build_cartesian_2d((lo - pad)..(hi + pad), 0f64..top)
        .map_err(e2s)?;
    c.configure_mesh()
        .x_labels(xs.len().min(20))
        .x_label_formatter(&|x| {
            if (x - x.round()).abs() < 1e-6 { format!("{}", x.round() as i64) } else { String::new() }
        })
        .y_label_formatter(&|y| fmt_y(*y, percent, top))
        .x_desc(x_label)
        .y_desc(y_label)
        .label_style(("sans-serif", 16))
        .axis_desc_style(("sans-serif", 18))
        .draw()
        .map_err(e2s)?;
    for (si, (_, vals)) in series.iter().enumerate() {
        let col = colour(si);
        let pts: Vec<(f64, f64)> = xs.iter().zip(vals).map(|(&x, e)| (x as f64, e.v)).collect();
        if si % 2 == 0 {
            c.draw_series(LineSeries::new(pts.clone(), col.stroke_width(3))).map_err(e2s)?;
        } else {
            // Every other series dashed, so a line lying on another still shows.
            c.draw_series(DashedLineSeries::new(pts.clone(), 10, 6, col.stroke_width(3))).map_err(e2s)?;
        }
        draw_mark(&mut c, &pts, mark(si), col, 4)?;
        c.draw_series(
            xs.iter()
                .zip(vals)
                .filter(|(_, e)| e.hi > e.lo)
                .map(|(&x, e)| PathElement::new(vec![(x as f64, e.lo), (x as f64, e.hi)], col.stroke_width(2))),
        )
        .map_err(e2s)?;
        if layout.values {
            c.draw_series(xs.iter().zip(vals).map(|(&x, e)| {
                Text::new(
                    fmt_label(e.v, percent),
                    (x as f64 + pad * 0.1, e.v + top * 0.02),
                    ("sans-serif", VALUE).into_font().color(&col),
                )
            }))
            .map_err(e2s)?;
        }
    }
    Ok(())
}

/// A [`Chart::Steps`]: each series a line across then up or down at its points, its 95 % band
/// stepped the same way, every other series dashed so coinciding steps still show.
fn draw_steps<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, chart: &Chart, layout: &Layout) -> Result<(), String> {
    let Chart::Steps { title, x_label, y_label, series, end, percent } = chart else { return Ok(()) };
    let lo = series.iter().filter_map(|(_, p)| p.first().map(|(x, _)| *x)).fold(*end, f64::min);
    let pad = ((end - lo) * 0.02).max(0.1);
    let top = layout.top;
    let mut c = ChartBuilder::on(root)
        .caption(title, ("sans-serif", caption_size(title, root.dim_in_pixel().0)))
        .margin(MARGIN)
        .x_label_area_size(50)
        .y_label_area_size(Y_AREA)
        .build_cartesian_2d((lo - pad)..(end + pad), 0f64..top)
        .map_err(e2s)?;
    c.configure_mesh()
        .x_labels(((end - lo).round() as usize + 1).min(20))
        .x_label_formatter(&|x| {
            if (x - x.round()).abs() < 1e-6 { format!("{}", x.round() as i64) } else { format!("{x:.1}") }
        })
        .y_label_formatter(&|y| fmt_y(*y, *percent, top))
        .x_desc(x_label)
        .y_desc(y_label)
        .label_style(("sans-serif", 16))
        .axis_desc_style(("sans-serif", 18))
        .draw()
        .map_err(e2s)?;
    for (si, (_, pts)) in series.iter().enumerate() {
        let col = colour(si);
        let path = |f: &dyn Fn(&Est) -> f64| steps(pts.iter().map(|(x, e)| (*x, f(e))), *end);
        if pts.iter().any(|(_, e)| e.hi > e.lo) {
            let mut band = path(&|e| e.hi);
            band.extend(path(&|e| e.lo).into_iter().rev());
            c.draw_series(std::iter::once(Polygon::new(band, col.mix(0.15).filled()))).map_err(e2s)?;
        }
        if si % 2 == 0 {
            c.draw_series(LineSeries::new(path(&|e| e.v), col.stroke_width(3))).map_err(e2s)?;
        } else {
            c.draw_series(DashedLineSeries::new(path(&|e| e.v), 10, 6, col.stroke_width(3))).map_err(e2s)?;
        }
        // One mark at the start of each series, so a series lying on another is still found.
        let start: Vec<(f64, f64)> = pts.first().map(|(x, e)| (*x, e.v)).into_iter().collect();
        draw_mark(&mut c, &start, mark(si), col, 4)?;
    }
    Ok(())
}

/// A [`Chart::Heatmap`]; `names`: its title, the line under it, the axis names and the width
/// of the row-name area ([`Layout::name_w`]).
fn draw_heatmap<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    (title, subtitle, x_label, y_label, name_w): (&str, &str, &str, &str, u32),
    xs: &[String],
    ys: &[String],
    values: &[Vec<Option<Est>>],
    percent: bool,
    marked: Option<&Marked>,
) -> Result<(), String> {
    let (nx, ny) = (xs.len().max(1), ys.len().max(1));
    let (lo, hi) = value_range(values);
    // The colour spans the values shown (70 % … 98 % reads as a ramp, not as one dark blue); the
    // lightest cell keeps a tint so it is not taken for a missing one.
    let shade = |v: f64| if hi > lo { 0.1 + 0.9 * (v - lo) / (hi - lo) } else { 0.5 };
    let width = root.dim_in_pixel().0;
    let root = root.titled(title, ("sans-serif", caption_size(title, width))).map_err(e2s)?;
    let root = root.titled(subtitle, ("sans-serif", caption_size(subtitle, width).min(SUBTITLE))).map_err(e2s)?;
    let mut c = ChartBuilder::on(&root)
        .margin(MARGIN)
        .x_label_area_size(50)
        .y_label_area_size(name_w)
        .build_cartesian_2d(0f64..nx as f64, 0f64..ny as f64)
        .map_err(e2s)?;
    let (xn, yn) = (xs.to_vec(), ys.to_vec());
    c.configure_mesh()
        .disable_mesh()
        .x_labels(nx * 2 + 1)
        .y_labels(ny * 2 + 1)
        .x_label_formatter(&|x| label_at(&xn, *x))
        .y_label_formatter(&|y| label_at(&yn, *y))
        .x_desc(x_label)
        .y_desc(y_label)
        .label_style(("sans-serif", 16))
        .axis_desc_style(("sans-serif", 18))
        .draw()
        .map_err(e2s)?;
    for (yi, row) in values.iter().enumerate() {
        for (xi, v) in row.iter().enumerate() {
            let (x0, y0) = (xi as f64, yi as f64);
            match v {
                Some(Est { v, .. }) => {
                    let t = shade(*v);
                    let fill = RGBColor((255.0 - 255.0 * t) as u8, (255.0 - 141.0 * t) as u8, (255.0 - 77.0 * t) as u8);
                    c.draw_series(std::iter::once(Rectangle::new([(x0, y0), (x0 + 1.0, y0 + 1.0)], fill.filled())))
                        .map_err(e2s)?;
                    let text_col = if t > 0.6 { WHITE } else { BLACK };
                    c.draw_series(std::iter::once(Text::new(
                        fmt_label(*v, percent),
                        (x0 + 0.3, y0 + 0.55),
                        ("sans-serif", 18).into_font().color(&text_col),
                    )))
                    .map_err(e2s)?;
                }
                None => {
                    c.draw_series(std::iter::once(Rectangle::new(
                        [(x0, y0), (x0 + 1.0, y0 + 1.0)],
                        RGBColor(220, 220, 220).filled(),
                    )))
                    .map_err(e2s)?;
                    // The same name on both axes is one thing against itself (a balance test's
                    // fighter does not meet itself); otherwise the rules do not allow the pair.
                    let same = xs.get(xi).is_some_and(|x| ys.get(yi) == Some(x));
                    c.draw_series(std::iter::once(Text::new(
                        if same { "itself" } else { "not allowed" },
                        (x0 + 0.2, y0 + 0.55),
                        ("sans-serif", 14).into_font().color(&BLACK),
                    )))
                    .map_err(e2s)?;
                }
            }
            c.draw_series(std::iter::once(Rectangle::new([(x0, y0), (x0 + 1.0, y0 + 1.0)], BLACK.stroke_width(1))))
                .map_err(e2s)?;
        }
    }
    if let Some(m) = marked {
        // The answer's cell (or row) outlined thick in vermilion, just inside its edges.
        let (x0, y0) = if m.whole_row { (0.0, m.y as f64) } else { (m.x as f64, m.y as f64) };
        let x1 = if m.whole_row { nx as f64 } else { x0 + 1.0 };
        let inset = 0.04;
        let (l, r, b, t) = (x0 + inset, x1 - inset, y0 + inset, y0 + 1.0 - inset);
        if m.whole_row {
            // A closed path: the SVG backend draws a rectangle's outline 1 px wide whatever its
            // stroke, a path at the width asked for.
            let frame = vec![(l, b), (r, b), (r, t), (l, t), (l, b)];
            c.draw_series(std::iter::once(PathElement::new(frame, colour(5).stroke_width(5)))).map_err(e2s)?;
        } else {
            c.draw_series(std::iter::once(Rectangle::new([(l, b), (r, t)], colour(5).stroke_width(5)))).map_err(e2s)?;
        }
    }
    Ok(())
}

/// The colours of a [`Chart::Fit`]: the points, the curve and its band, then each mark in turn.
const FIT_POINTS: usize = 0;
const FIT_CURVE: usize = 2;
const FIT_MARKS: [usize; 3] = [5, 1, 3];
const FIT_SHAPES: [Mark; 3] = [Mark::Diamond, Mark::Square, Mark::Triangle];

/// A [`Chart::Fit`]'s legend: the points, the curve (when there is one), then each mark, with
/// its colour and marker.
fn fit_legend(chart: &Chart) -> Vec<(String, RGBColor, Mark)> {
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

/// The value range a [`Chart::Fit`] shows, from 0: every point, mark and the curve, with their
/// intervals — but at most twice the highest of the values themselves. A wide interval (a fair
/// cost fitted on three cards) or a band that fans out at the ends of the curve is cut at the
/// top of the plot rather than squeeze the points into its foot (the interval is in the labels
/// and the tables).
fn fit_y_range(curve: &[(f64, Est)], points: &[Point], marks: &[(String, Point)]) -> (f64, f64) {
    let all = || points.iter().chain(marks.iter().map(|(_, p)| p));
    let max = |ys: &mut dyn Iterator<Item = f64>| ys.filter(|y| y.is_finite()).fold(0.0, f64::max);
    let values = max(&mut all().map(|p| p.y.v).chain(curve.iter().map(|(_, e)| e.v)));
    let reach = max(&mut all().map(|p| p.y.hi.max(p.y.v)).chain(curve.iter().map(|(_, e)| e.v)));
    let top = reach.min(2.0 * values);
    (0.0, if top > 0.0 { top } else { 1.0 })
}

/// The top of a [`Chart::Fit`]'s value axis: room above the highest point for its label.
fn fit_top(max: f64) -> f64 {
    max * 1.12
}

/// The x range of a [`Chart::Fit`]: every point, mark and the curve, with a margin.
fn fit_x_range(chart: &Chart) -> (f64, f64) {
    let Chart::Fit { curve, points, marks, .. } = chart else { return (0.0, 1.0) };
    let xs = points
        .iter()
        .chain(marks.iter().map(|(_, p)| p))
        .flat_map(|p| [p.x.lo, p.x.hi, p.x.v])
        .chain(curve.iter().map(|(x, _)| *x))
        .filter(|x| x.is_finite());
    let (lo, hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), x| (l.min(x), h.max(x)));
    if lo > hi {
        return (0.0, 1.0);
    }
    let pad = ((hi - lo) * 0.05).max(0.1);
    (lo - pad, hi + pad)
}

/// A [`Chart::Fit`]: the band, the curve, the points with their whiskers and labels, then the
/// marks over them. Labels are placed right of their point (left when they would leave the
/// plot), and pushed down past any label already placed that they would overlap.
fn draw_fit<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, chart: &Chart, layout: &Layout) -> Result<(), String> {
    let Chart::Fit { title, x_label, y_label, curve, points, marks, .. } = chart else { return Ok(()) };
    let (x0, x1) = fit_x_range(chart);
    let top = layout.top;
    let mut c = ChartBuilder::on(root)
        .caption(title, ("sans-serif", caption_size(title, root.dim_in_pixel().0)))
        .margin(MARGIN)
        .x_label_area_size(50)
        .y_label_area_size(Y_AREA)
        .build_cartesian_2d(x0..x1, 0f64..top)
        .map_err(e2s)?;
    c.configure_mesh()
        .y_label_formatter(&|y| if top >= 10.0 { format!("{y:.0}") } else { format!("{y:.1}") })
        .x_label_formatter(&|x| format!("{x:.1}"))
        .x_desc(x_label)
        .y_desc(y_label)
        .label_style(("sans-serif", 16))
        .axis_desc_style(("sans-serif", 18))
        .draw()
        .map_err(e2s)?;
    // Kept inside the plot: the band fans out at the ends of the curve.
    let clip = |y: f64| y.clamp(0.0, top);
    if !curve.is_empty() {
        let col = colour(FIT_CURVE);
        let mut band: Vec<(f64, f64)> = curve.iter().map(|(x, e)| (*x, clip(e.hi))).collect();
        band.extend(curve.iter().rev().map(|(x, e)| (*x, clip(e.lo))));
        c.draw_series(std::iter::once(Polygon::new(band, col.mix(0.18).filled()))).map_err(e2s)?;
        let line: Vec<(f64, f64)> = curve.iter().filter(|(_, e)| e.v <= top).map(|(x, e)| (*x, e.v)).collect();
        c.draw_series(LineSeries::new(line, col.stroke_width(3))).map_err(e2s)?;
    }
    let whiskers = |p: &Point| {
        let mut out = Vec::new();
        if p.y.hi > p.y.lo {
            out.push(vec![(p.x.v, clip(p.y.lo)), (p.x.v, clip(p.y.hi))]);
        }
        if p.x.hi > p.x.lo {
            out.push(vec![(p.x.lo, clip(p.y.v)), (p.x.hi, clip(p.y.v))]);
        }
        out
    };
    let all: Vec<(&Point, RGBColor, Mark)> = points
        .iter()
        .map(|p| (p, colour(FIT_POINTS), Mark::Circle))
        .chain(marks.iter().enumerate().map(|(i, (_, p))| (p, colour(FIT_MARKS[i % 3]), FIT_SHAPES[i % 3])))
        .collect();
    for (p, col, m) in &all {
        c.draw_series(whiskers(p).into_iter().map(|w| PathElement::new(w, col.stroke_width(2)))).map_err(e2s)?;
        draw_mark(&mut c, &[(p.x.v, clip(p.y.v))], *m, *col, 6)?;
    }
    // The labels, in pixels: right of the point, or left of it near the right edge; nudged up
    // or down, nearest first, past the labels already placed, never out of the plot.
    let (across, down) = c.plotting_area().get_pixel_range();
    let font = ("sans-serif", VALUE + 1).into_font();
    let mut placed: Vec<(i32, i32, i32)> = Vec::new(); // (left, right, top) of each label
    let mut labelled: Vec<(&Point, RGBColor)> =
        all.iter().filter(|(p, _, _)| !p.label.is_empty()).map(|(p, col, _)| (*p, *col)).collect();
    labelled.sort_by(|a, b| b.0.y.v.total_cmp(&a.0.y.v));
    for (p, col) in labelled {
        let (px, py) = c.backend_coord(&(p.x.v, clip(p.y.v)));
        let w = text_width(&p.label, VALUE + 1) as i32;
        // Right of the point, else left of it, else (a label wider than either side) as far
        // right as the plot allows, under the point.
        let (left, py) = if px + 12 + w <= across.end {
            (px + 12, py)
        } else if px - 12 - w >= across.start {
            (px - 12 - w, py)
        } else {
            ((across.end - w).max(across.start), py + 18)
        };
        let free = |y: i32| {
            y >= down.start
                && y + 16 <= down.end
                && !placed.iter().any(|&(l, r, t)| l < left + w && left < r && (y - t).abs() < 16)
        };
        let y = (0..40)
            .map(|k| py - 8 + if k % 2 == 0 { 8 * k } else { -8 * (k + 1) })
            .find(|&y| free(y))
            .unwrap_or(py - 8);
        placed.push((left, left + w, y));
        let shade = RGBColor(col.0 / 2, col.1 / 2, col.2 / 2);
        root.draw(&Text::new(p.label.clone(), (left, y), font.clone().color(&shade))).map_err(e2s)?;
    }
    Ok(())
}

/// The smallest and largest value of a heatmap's cells.
fn value_range(values: &[Vec<Option<Est>>]) -> (f64, f64) {
    let cells = || values.iter().flatten().flatten().map(|e| e.v);
    let (lo, hi) = (cells().fold(f64::INFINITY, f64::min), cells().fold(f64::NEG_INFINITY, f64::max));
    if lo <= hi { (lo, hi) } else { (0.0, 0.0) }
}

/// Label for the centre of a heatmap cell; empty at cell edges.
fn label_at(names: &[String], pos: f64) -> String {
    let i = (pos - 0.5).round();
    if (pos - 0.5 - i).abs() < 1e-6 && i >= 0.0 {
        names.get(i as usize).cloned().unwrap_or_default()
    } else {
        String::new()
    }
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

#[cfg(test)]
mod tests {
    #[test]
    fn the_os_words_of_a_backend_error() {
        let e = r#"backend error: Drawing backend error: ImageError(IoError(Custom { kind: Other, error: "No space left on device (os error 28)" }))"#;
        assert_eq!(super::os_error(e).as_deref(), Some("No space left on device (os error 28)"));
        assert_eq!(
            super::os_error("Permission denied (os error 13)").as_deref(),
            Some("Permission denied (os error 13)")
        );
        assert_eq!(super::os_error("font not found"), None);
    }
}
