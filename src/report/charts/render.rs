//! Drawing a [`Chart`] to files (`<stem>.png`, `<stem>.svg`) or to SVG text, with the font
//! embedded in the binary, and the dispatch to each chart kind's drawing.

use super::bars::draw_grouped;
use super::chart::Chart;
use super::distribution::draw_distribution;
use super::fit::draw_fit;
use super::font::register_fonts;
use super::frame::Frame;
use super::heatmap::draw_heatmap;
use super::legend::entries;
use super::lines::{draw_lines, draw_steps};
use super::style::*;
use crate::error::Error;
use crate::output::manifest::FileName;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;

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
    let frame = Frame::of(chart);
    {
        let root = SVGBackend::new(&svg, frame.size).into_drawing_area();
        draw(&root, chart, &frame).map_err(|e| fail(&svg, e))?;
        root.present().map_err(|e| fail(&svg, e.to_string()))?;
    }
    {
        let root = BitMapBackend::new(&png, frame.size).into_drawing_area();
        draw(&root, chart, &frame).map_err(|e| fail(&png, e))?;
        root.present().map_err(|e| fail(&png, e.to_string()))?;
    }
    Ok(())
}

/// `chart` drawn as SVG text, in memory: the same drawing as [`render`]'s `<stem>.svg` (the
/// local page shows charts this way, so a chart looks the same there as in a report).
pub fn svg(chart: &Chart) -> Result<String, Error> {
    register_fonts();
    let chart = &chart.visible();
    let frame = Frame::of(chart);
    let mut out = String::new();
    let fail =
        |e: String| Error::Chart { path: std::path::PathBuf::from(format!("{}.svg", chart.title())), message: e };
    {
        let root = SVGBackend::with_string(&mut out, frame.size).into_drawing_area();
        draw(&root, chart, &frame).map_err(fail)?;
        root.present().map_err(|e| fail(e.to_string()))?;
    }
    Ok(out)
}

/// The operating system's words inside a drawing backend's debug text, e.g. `No space left on
/// device (os error 28)` from `ImageError(IoError(Custom { kind: Other, error: "No space left on
/// device (os error 28)" }))`: the backends give no typed error to ask.
pub(super) fn os_error(text: &str) -> Option<String> {
    let end = text.find("(os error ")?;
    let close = end + text[end..].find(')')? + 1;
    let start = text[..end].rfind('"').map_or(0, |i| i + 1);
    Some(text[start..close].to_string())
}

pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &Chart,
    frame: &Frame,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(e2s)?;
    let (plot, side) = root.split_horizontally(frame.size.0.saturating_sub(frame.legend_w));
    let (plot, below) = plot.split_vertically(frame.size.1.saturating_sub(frame.legend_h));
    let entries = entries(chart);
    match chart {
        Chart::Distribution { .. } => {
            draw_distribution(&plot, chart, frame)?;
            draw_legend(&side, &entries, 70)
        }
        Chart::Grouped { .. } => {
            draw_grouped(&plot, chart, frame)?;
            if frame.legend_w > 0 {
                draw_legend(&side, &entries, 70)?;
            } else if frame.legend_h > 0 {
                // Under the plot, lined up with the bars (right of the names).
                let (_, under_bars) = below.split_horizontally(frame.name_w + MARGIN);
                draw_legend(&under_bars, &entries, 12)?;
            }
            Ok(())
        }
        Chart::Lines { title, x_label, y_label, xs, series, percent } => {
            draw_lines(&plot, title, x_label, y_label, xs, series, *percent, frame)?;
            if frame.legend_w > 0 {
                draw_legend(&side, &entries, 70)?;
            }
            Ok(())
        }
        Chart::Steps { .. } => {
            draw_steps(&plot, chart, frame)?;
            if frame.legend_w > 0 {
                draw_legend(&side, &entries, 70)?;
            }
            Ok(())
        }
        Chart::Heatmap { title, x_label, y_label, xs, ys, values, percent, marked, .. } => {
            let subtitle = chart.subtitle().unwrap_or_default();
            let names = (title.as_str(), subtitle.as_str(), x_label.as_str(), y_label.as_str(), frame.name_w);
            draw_heatmap(&plot, names, xs, ys, values, *percent, marked.as_ref())
        }
        Chart::Fit { .. } => {
            draw_fit(&plot, chart, frame)?;
            draw_legend(&side, &entries, 70)
        }
    }
}

mod tests {
    #[test]
    pub(super) fn the_os_words_of_a_backend_error() {
        let e = r#"backend error: Drawing backend error: ImageError(IoError(Custom { kind: Other, error: "No space left on device (os error 28)" }))"#;
        assert_eq!(super::os_error(e).as_deref(), Some("No space left on device (os error 28)"));
        assert_eq!(
            super::os_error("Permission denied (os error 13)").as_deref(),
            Some("Permission denied (os error 13)")
        );
        assert_eq!(super::os_error("font not found"), None);
    }
}
