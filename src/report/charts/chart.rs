//! What a chart shows, described once ([`Chart`]) before any drawing: its kind, its words and
//! its values with their intervals. Every chart kind is drawn from this by its own file, and
//! the PNG and the SVG from one drawing.

use super::numbers::{fmt_label, fmt_small};
pub use crate::analysis::cell::Tail;

/// Chart size in pixels.
pub const SIZE: (u32, u32) = (960, 600);

/// Chart width in pixels (the height is [`HEIGHT`], more for long horizontal bar charts).
pub const WIDTH: u32 = SIZE.0;
pub const HEIGHT: u32 = SIZE.1;

/// The most characters of one text a chart draws (a title, a label, a legend entry): about
/// twice what the chart's width holds at the smallest font, so no bundled text is cut, while a
/// 10,000-character name is not measured glyph by glyph at every font size tried.
pub const TEXT_CHARS: usize = 200;

/// The most characters of a name a chart draws (a legend entry, a bar group's, a heatmap row's
/// or column's name, a point's label): the longest bundled name has 80; a longer one is cut
/// before the legend strip and the name areas are measured.
pub const NAME_CHARS: usize = 96;

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
    /// unreadable), and a raw bidi override would reorder the text drawn in the PNG. Each text
    /// is cut before any layout measures it: a title or an axis label to [`TEXT_CHARS`]
    /// characters, a name (a legend entry, a bar's or a row's name, a point's label) to
    /// [`NAME_CHARS`], so no name can take the plot's width.
    pub fn visible(&self) -> Chart {
        let cut = |s: &String, max: usize| crate::text::clip(&crate::safe::terminal_line(s), max).into_owned();
        let v = |s: &String| cut(s, TEXT_CHARS);
        let n = |s: &String| cut(s, NAME_CHARS);
        let vs = |xs: &Vec<String>| xs.iter().map(n).collect::<Vec<_>>();
        let series = |xs: &Vec<(String, Vec<Est>)>| xs.iter().map(|(s, e)| (n(s), e.clone())).collect::<Vec<_>>();
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
                line_name: line_name.as_ref().map(n),
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
                highlight: highlight.as_ref().map(|h| Highlight { name: n(&h.name), ..h.clone() }),
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
                series: s.iter().map(|(name, p)| (n(name), p.clone())).collect(),
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
                let p = |p: &Point| Point { label: n(&p.label), ..p.clone() };
                Chart::Fit {
                    title: v(title),
                    x_label: v(x_label),
                    y_label: v(y_label),
                    curve: curve.clone(),
                    curve_name: n(curve_name),
                    points: points.iter().map(p).collect(),
                    points_name: n(points_name),
                    marks: marks.iter().map(|(name, m)| (n(name), p(m))).collect(),
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

/// The cumulative line's name in the legend.
pub(super) fn tail_name(tail: Tail) -> &'static str {
    match tail {
        Tail::AtLeast => "P(≥ k)",
        Tail::AtMost => "P(≤ k)",
    }
}

/// The smallest and largest value of a heatmap's cells.
pub(super) fn value_range(values: &[Vec<Option<Est>>]) -> (f64, f64) {
    let cells = || values.iter().flatten().flatten().map(|e| e.v);
    let (lo, hi) = (cells().fold(f64::INFINITY, f64::min), cells().fold(f64::NEG_INFINITY, f64::max));
    if lo <= hi { (lo, hi) } else { (0.0, 0.0) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chart's words are cut before any layout measures them (issue #39): a long name took
    /// seconds of glyph measuring per chart and overflowed the frame's sums in a debug build.
    #[test]
    fn visible_cuts_names_and_titles() {
        let name = "N".repeat(2_000);
        let chart = Chart::Grouped {
            title: name.clone(),
            x_label: "x".into(),
            y_label: "y".into(),
            groups: vec![name.clone(), "short".into()],
            series: vec![(name.clone(), vec![Est::ZERO, Est::ZERO]), ("b\u{1b}".into(), vec![Est::ZERO, Est::ZERO])],
            percent: true,
            highlight: None,
        };
        let Chart::Grouped { title, groups, series, .. } = chart.visible() else { unreachable!() };
        assert_eq!(title.chars().count(), TEXT_CHARS);
        assert!(title.ends_with('…'));
        assert_eq!(groups[0].chars().count(), NAME_CHARS);
        assert_eq!(groups[1], "short");
        assert_eq!(series[0].0.chars().count(), NAME_CHARS);
        assert_eq!(series[1].0, "b\\u{1b}");
        // Drawn whole, within the time a chart takes.
        let start = std::time::Instant::now();
        crate::report::charts::svg(&chart).unwrap();
        assert!(start.elapsed() < std::time::Duration::from_secs(5), "{:?}", start.elapsed());
    }
}
