//! Grouped bars, upright or lying down (when the group names would not fit under them).

use super::chart::{Bars, Chart, Est};
use super::frame::Frame;
use super::numbers::{fmt_label, fmt_y};
use super::style::*;
use plotters::coord::Shift;
use plotters::prelude::*;

/// A [`Chart::Grouped`]: upright bars with the group names under them, or, when the names would
/// not fit there ([`Frame::horizontal`]), bars lying down, one block per group with its full name
/// on the left and the values along the bottom axis, so no name is ever cut. One drawing: the
/// two axes swapped.
pub(super) fn draw_grouped<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &Chart,
    frame: &Frame,
) -> Result<(), String> {
    let Chart::Grouped { title, x_label, y_label, groups, series, percent, highlight } = chart else { return Ok(()) };
    let (percent, horizontal) = (*percent, frame.horizontal);
    let g = groups.len().max(1);
    let top = frame.top;
    let categories = -0.5f64..(g as f64 - 0.5);
    // Upright, the categories run along x; lying down, along y from the first group at the top
    // (g − 0.5) down to the last (−0.5), and the name area on the left is as wide as the names.
    let (x_range, y_range, name_area) =
        if horizontal { (0f64..top, categories, frame.name_w) } else { (categories, 0f64..top, Y_AREA) };
    let mut c = ChartBuilder::on(root)
        .caption(title, ("sans-serif", caption_size(title, root.dim_in_pixel().0)))
        .margin(MARGIN)
        .x_label_area_size(50)
        .y_label_area_size(name_area)
        .build_cartesian_2d(x_range, y_range)
        .map_err(e2s)?;
    let name = |at: &f64| {
        let i = at.round();
        if (at - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < g {
            // Lying down, the first group is at the top.
            groups[if horizontal { g - 1 - i as usize } else { i as usize }].clone()
        } else {
            String::new()
        }
    };
    let value = |v: &f64| fmt_y(*v, percent, top);
    let mut mesh = c.configure_mesh();
    if horizontal {
        // The values run along the bottom: their name goes there (the group names speak for
        // themselves on the left).
        mesh.disable_y_mesh().y_labels(g).y_label_formatter(&name).x_label_formatter(&value).x_desc(y_label.as_str());
    } else {
        mesh.disable_x_mesh()
            .x_labels(g)
            .x_label_formatter(&name)
            .y_label_formatter(&value)
            .x_desc(x_label.as_str())
            .y_desc(y_label.as_str());
    }
    mesh.label_style(("sans-serif", LABEL)).axis_desc_style(("sans-serif", 18)).draw().map_err(e2s)?;
    draw_bars(&mut c, series, percent, top, frame, horizontal, highlight.as_ref().map(|h| h.bars))
}

/// The bars, interval whiskers and value labels of a grouped chart, upright or lying down: one
/// geometry, the two axes swapped. Series `si` of group `gi` sits at `gi − 0.4 + w·(si + ½)`
/// (w = 0.8 / series) along the category axis; lying down the axis runs from the first group at
/// the top, so the position is mirrored. The `outlined` bars get a thick black frame.
#[allow(clippy::too_many_arguments)]
pub(super) fn draw_bars<DB: DrawingBackend>(
    c: &mut ChartContext<
        '_,
        DB,
        Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
    >,
    series: &[(String, Vec<Est>)],
    percent: bool,
    top: f64,
    frame: &Frame,
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
        if frame.values {
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
