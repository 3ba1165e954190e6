//! A heatmap of a two-way grid, its answer cell or row outlined.

use super::chart::value_range;
use super::chart::{Est, Marked};
use super::numbers::fmt_label;
use super::style::*;
use plotters::coord::Shift;
use plotters::prelude::*;

/// A [`Chart::Heatmap`]; `names`: its title, the line under it, the axis names and the width
/// of the row-name area ([`Frame::name_w`]).
pub(super) fn draw_heatmap<DB: DrawingBackend>(
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

/// Label for the centre of a heatmap cell; empty at cell edges.
pub(super) fn label_at(names: &[String], pos: f64) -> String {
    let i = (pos - 0.5).round();
    if (pos - 0.5 - i).abs() < 1e-6 && i >= 0.0 {
        names.get(i as usize).cloned().unwrap_or_default()
    } else {
        String::new()
    }
}
