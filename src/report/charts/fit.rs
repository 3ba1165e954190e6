//! A fitted curve with its band, the points it was fitted to and the marks over them
//! ([`Chart::Fit`]: a balance test's cost against strength).

use super::chart::{Chart, Point};
use super::font::text_width;
use super::frame::Frame;
use super::legend::{FIT_CURVE, FIT_MARKS, FIT_POINTS, FIT_SHAPES};
use super::style::*;
use plotters::coord::Shift;
use plotters::prelude::*;

/// The x range of a [`Chart::Fit`]: every point, mark and the curve, with a margin.
pub(super) fn fit_x_range(chart: &Chart) -> (f64, f64) {
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
pub(super) fn draw_fit<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &Chart,
    frame: &Frame,
) -> Result<(), String> {
    let Chart::Fit { title, x_label, y_label, curve, points, marks, .. } = chart else { return Ok(()) };
    let (x0, x1) = fit_x_range(chart);
    let top = frame.top;
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
