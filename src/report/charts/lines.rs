//! Lines over a numeric axis ([`Chart::Lines`]) and step functions ([`Chart::Steps`]).

use super::chart::{Chart, Est};
use super::frame::Frame;
use super::numbers::{fmt_label, fmt_y};
use super::style::*;
use plotters::coord::Shift;
use plotters::prelude::*;

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

#[allow(clippy::too_many_arguments)]
pub(super) fn draw_lines<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    x_label: &str,
    y_label: &str,
    xs: &[i64],
    series: &[(String, Vec<Est>)],
    percent: bool,
    frame: &Frame,
) -> Result<(), String> {
    let lo = *xs.iter().min().unwrap_or(&0) as f64;
    let hi = *xs.iter().max().unwrap_or(&1) as f64;
    let pad = ((hi - lo) * 0.05).max(0.5);
    let top = frame.top;
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
        if frame.values {
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
pub(super) fn draw_steps<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &Chart,
    frame: &Frame,
) -> Result<(), String> {
    let Chart::Steps { title, x_label, y_label, series, end, percent } = chart else { return Ok(()) };
    let lo = series.iter().filter_map(|(_, p)| p.first().map(|(x, _)| *x)).fold(*end, f64::min);
    let pad = ((end - lo) * 0.02).max(0.1);
    let top = frame.top;
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
