//! Charts (PNG and SVG) drawn with plotters.
//!
//! Text is rendered with DejaVu Sans shipped inside the `dejavu` crate (it has the ★ ♦ ≥
//! glyphs the BMG charts use), registered with plotters' `ab_glyph` backend, so charts render identically on a fresh
//! machine with no system font packages. Each chart is described once ([`Chart`]) and drawn by
//! one routine generic over the backend, so the PNG and the SVG always agree.

use crate::error::Error;
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
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Est {
    pub v: f64,
    pub lo: f64,
    pub hi: f64,
}

impl Est {
    /// An empty bar (a cell that does not apply).
    pub const ZERO: Est = Est { v: 0.0, lo: 0.0, hi: 0.0 };

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

impl From<&super::model::EventReport> for Est {
    fn from(e: &super::model::EventReport) -> Self {
        Est { v: e.p, lo: e.ci95[0], hi: e.ci95[1] }
    }
}

/// What to draw.
#[derive(Clone, Debug, PartialEq)]
pub enum Chart {
    /// P(= k) bars with intervals and a P(≥ k) line, for one integer metric.
    Distribution {
        title: String,
        x_label: String,
        /// The value of the first bar (may be negative, e.g. a difference).
        first: i64,
        exactly: Vec<Est>,
        at_least: Vec<Est>,
    },
    /// Bars grouped by `groups`, one colour per series.
    Grouped {
        title: String,
        x_label: String,
        y_label: String,
        groups: Vec<String>,
        series: Vec<(String, Vec<Est>)>,
        percent: bool,
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
    /// A value per (row, column), printed in each cell.
    Heatmap {
        title: String,
        x_label: String,
        y_label: String,
        xs: Vec<String>,
        ys: Vec<String>,
        values: Vec<Vec<Option<f64>>>,
        percent: bool,
    },
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

/// Draw `chart` to `<stem>.png` and `<stem>.svg` in `dir`.
pub fn render(chart: &Chart, dir: &Path, stem: &str) -> Result<(), Error> {
    register_fonts();
    let svg = dir.join(format!("{stem}.svg"));
    let png = dir.join(format!("{stem}.png"));
    let fail = |path: &Path, e: String| Error::Chart { path: path.to_path_buf(), message: e };
    {
        let root = SVGBackend::new(&svg, SIZE).into_drawing_area();
        draw(&root, chart).map_err(|e| fail(&svg, e))?;
        root.present().map_err(|e| fail(&svg, e.to_string()))?;
    }
    {
        let root = BitMapBackend::new(&png, SIZE).into_drawing_area();
        draw(&root, chart).map_err(|e| fail(&png, e))?;
        root.present().map_err(|e| fail(&png, e.to_string()))?;
    }
    Ok(())
}

/// Axis label: enough decimals for the axis range, and nothing above 100 % (the headroom
/// above a probability axis is only there to keep the legend clear of the bars).
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

fn fmt_label(v: f64, percent: bool) -> String {
    if percent { format!("{:.1}%", v * 100.0) } else { format!("{v:.2}") }
}

/// Caption font size that keeps a title inside the chart width.
fn caption_size(title: &str) -> u32 {
    let n = title.chars().count() as u32;
    if n <= 60 { 26 } else { (26 * 60 / n).max(15) }
}

/// Shorten a category label to what fits under its bar group.
fn fit_label(label: &str, groups: usize) -> String {
    let max = ((SIZE.0 as usize - 120) / groups.max(1) / 8).max(4);
    if label.chars().count() <= max {
        label.to_string()
    } else {
        let mut s: String = label.chars().take(max - 1).collect();
        s.push('…');
        s
    }
}

fn e2s<E: std::fmt::Debug>(e: E) -> String {
    format!("{e:?}")
}

fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, chart: &Chart) -> Result<(), String> {
    root.fill(&WHITE).map_err(e2s)?;
    match chart {
        Chart::Distribution { title, x_label, first, exactly, at_least } => {
            draw_distribution(root, title, x_label, *first, exactly, at_least)
        }
        Chart::Grouped { title, x_label, y_label, groups, series, percent } => {
            draw_grouped(root, title, x_label, y_label, groups, series, *percent)
        }
        Chart::Lines { title, x_label, y_label, xs, series, percent } => {
            draw_lines(root, title, x_label, y_label, xs, series, *percent)
        }
        Chart::Heatmap { title, x_label, y_label, xs, ys, values, percent } => {
            draw_heatmap(root, title, x_label, y_label, xs, ys, values, *percent)
        }
    }
}

fn draw_distribution<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    x_label: &str,
    first: i64,
    exactly: &[Est],
    at_least: &[Est],
) -> Result<(), String> {
    let n = exactly.len().max(1);
    let mut c = ChartBuilder::on(root)
        .caption(title, ("sans-serif", caption_size(title)))
        .margin(16)
        .x_label_area_size(50)
        .y_label_area_size(70)
        .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), 0f64..1.08f64)
        .map_err(e2s)?;
    c.configure_mesh()
        .disable_x_mesh()
        .x_labels(n.min(25))
        .x_label_formatter(&|x| {
            if (x - x.round()).abs() < 1e-6 && *x >= 0.0 {
                format!("{}", x.round() as i64 + first)
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
    .map_err(e2s)?
    .label("P(= k)")
    .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 16, y + 6)], bar.filled()));
    c.draw_series(
        exactly
            .iter()
            .enumerate()
            .map(|(k, e)| PathElement::new(vec![(k as f64, e.lo), (k as f64, e.hi)], BLACK.stroke_width(2))),
    )
    .map_err(e2s)?;
    c.draw_series(exactly.iter().enumerate().map(|(k, e)| {
        Text::new(fmt_label(e.v, true), (k as f64 - 0.3, e.v + 0.045), ("sans-serif", 14).into_font().color(&BLACK))
    }))
    .map_err(e2s)?;
    let line = colour(5);
    c.draw_series(LineSeries::new(at_least.iter().enumerate().map(|(k, e)| (k as f64, e.v)), line.stroke_width(3)))
        .map_err(e2s)?
        .label("P(≥ k)")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], line.stroke_width(3)));
    c.draw_series(at_least.iter().enumerate().map(|(k, e)| Circle::new((k as f64, e.v), 4, line.filled())))
        .map_err(e2s)?;
    legend(&mut c, 16)?;
    Ok(())
}

/// The legend every chart uses: a framed box in the upper right corner, labels in `size` px.
fn legend<'a, DB: DrawingBackend + 'a, CT: CoordTranslate>(
    c: &mut ChartContext<'a, DB, CT>,
    size: u32,
) -> Result<(), String> {
    c.configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .label_font(("sans-serif", size))
        .draw()
        .map_err(e2s)
}

/// Top of the y axis: the highest interval plus room for the legend box above the data.
fn y_max(series: &[(String, Vec<Est>)], percent: bool) -> f64 {
    let m = series.iter().flat_map(|(_, v)| v.iter().map(|e| e.hi.max(e.v))).fold(0.0, f64::max);
    let room = 1.15 + 0.07 * series.len() as f64;
    if percent { (m * room).clamp(0.002, 1.0 + 0.07 * series.len() as f64 + 0.1) } else { (m * room).max(0.05) }
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
) -> Result<(), String> {
    let g = groups.len().max(1);
    let s = series.len().max(1);
    let top = y_max(series, percent);
    let mut c = ChartBuilder::on(root)
        .caption(title, ("sans-serif", caption_size(title)))
        .margin(16)
        .x_label_area_size(50)
        .y_label_area_size(70)
        .build_cartesian_2d(-0.5f64..(g as f64 - 0.5), 0f64..top)
        .map_err(e2s)?;
    let names: Vec<String> = groups.iter().map(|g| fit_label(g, groups.len())).collect();
    c.configure_mesh()
        .disable_x_mesh()
        .x_labels(g)
        .x_label_formatter(&|x| {
            let i = x.round();
            if (x - i).abs() < 1e-6 && i >= 0.0 {
                names.get(i as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| fmt_y(*y, percent, top))
        .x_desc(x_label)
        .y_desc(y_label)
        .label_style(("sans-serif", 15))
        .axis_desc_style(("sans-serif", 18))
        .draw()
        .map_err(e2s)?;
    let width = 0.8 / s as f64;
    for (si, (name, vals)) in series.iter().enumerate() {
        let col = colour(si);
        let off = -0.4 + width * (si as f64 + 0.5);
        c.draw_series(vals.iter().enumerate().map(|(gi, e)| {
            let x = gi as f64 + off;
            Rectangle::new([(x - width * 0.45, 0.0), (x + width * 0.45, e.v)], col.mix(0.9).filled())
        }))
        .map_err(e2s)?
        .label(name.clone())
        .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 16, y + 6)], col.filled()));
        c.draw_series(vals.iter().enumerate().map(|(gi, e)| {
            let x = gi as f64 + off;
            PathElement::new(vec![(x, e.lo), (x, e.hi)], BLACK.stroke_width(2))
        }))
        .map_err(e2s)?;
        if g * s <= 24 {
            c.draw_series(vals.iter().enumerate().map(|(gi, e)| {
                let x = gi as f64 + off - width * 0.4;
                Text::new(fmt_label(e.v, percent), (x, e.hi + top * 0.02), ("sans-serif", 13).into_font().color(&BLACK))
            }))
            .map_err(e2s)?;
        }
    }
    legend(&mut c, 15)?;
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
) -> Result<(), String> {
    let lo = *xs.iter().min().unwrap_or(&0) as f64;
    let hi = *xs.iter().max().unwrap_or(&1) as f64;
    let pad = ((hi - lo) * 0.05).max(0.5);
    let top = y_max(series, percent);
    let mut c = ChartBuilder::on(root)
        .caption(title, ("sans-serif", caption_size(title)))
        .margin(16)
        .x_label_area_size(50)
        .y_label_area_size(70)
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
    for (si, (name, vals)) in series.iter().enumerate() {
        let col = colour(si);
        let pts: Vec<(f64, f64)> = xs.iter().zip(vals).map(|(&x, e)| (x as f64, e.v)).collect();
        c.draw_series(LineSeries::new(pts.clone(), col.stroke_width(3)))
            .map_err(e2s)?
            .label(name.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], col.stroke_width(3)));
        c.draw_series(pts.iter().map(|&p| Circle::new(p, 4, col.filled()))).map_err(e2s)?;
        c.draw_series(
            xs.iter()
                .zip(vals)
                .map(|(&x, e)| PathElement::new(vec![(x as f64, e.lo), (x as f64, e.hi)], col.stroke_width(2))),
        )
        .map_err(e2s)?;
        if xs.len() <= 12 {
            c.draw_series(xs.iter().zip(vals).map(|(&x, e)| {
                Text::new(
                    fmt_label(e.v, percent),
                    (x as f64 + pad * 0.1, e.v + top * 0.02),
                    ("sans-serif", 13).into_font().color(&col),
                )
            }))
            .map_err(e2s)?;
        }
    }
    legend(&mut c, 15)?;
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn draw_heatmap<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    x_label: &str,
    y_label: &str,
    xs: &[String],
    ys: &[String],
    values: &[Vec<Option<f64>>],
    percent: bool,
) -> Result<(), String> {
    let (nx, ny) = (xs.len().max(1), ys.len().max(1));
    let max = values.iter().flatten().flatten().fold(0.0f64, |a, &b| a.max(b)).max(1e-12);
    let caption = format!("{title} (darker = higher; max {})", fmt_label(max, percent));
    let mut c = ChartBuilder::on(root)
        .caption(&caption, ("sans-serif", caption_size(&caption)))
        .margin(16)
        .x_label_area_size(50)
        .y_label_area_size(90)
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
                Some(v) => {
                    let t = v / max;
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
                    c.draw_series(std::iter::once(Text::new(
                        "not allowed",
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
    Ok(())
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

pub fn distribution(t: &crate::engine::Tally, i: usize, title: &str, x_label: &str, z: f64) -> Chart {
    let (first, len) = (t.first(i), t.trimmed(i).len());
    let e = |p: crate::stats::Proportion| Est::from(p);
    Chart::Distribution {
        title: title.to_string(),
        x_label: x_label.to_string(),
        first: first as i64,
        exactly: (first..len).map(|v| e(t.exactly(i, v, z))).collect(),
        at_least: (first..len).map(|v| e(t.at_least(i, v, z))).collect(),
    }
}
