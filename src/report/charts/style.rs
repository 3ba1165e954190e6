//! The drawing primitives every chart kind shares: colours, font sizes, how values read on an
//! axis and beside a bar, the caption size, series marks and the legend strip.

use super::chart::Est;
use super::font::text_width;
use super::numbers::fmt_label;
use plotters::coord::Shift;
use plotters::prelude::*;

/// Series colours (colour-blind friendly Okabe–Ito palette).
pub(super) const PALETTE: [RGBColor; 8] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(213, 94, 0),
    RGBColor(240, 228, 66),
    RGBColor(0, 0, 0),
];

pub(super) fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

/// Font sizes of the parts of a chart.
pub(super) const LABEL: u32 = 15;
pub(super) const VALUE: u32 = 13;
pub(super) const LEGEND: u32 = 15;
/// Pixels of the y-axis label area and the chart margin.
pub(super) const Y_AREA: u32 = 70;
pub(super) const MARGIN: u32 = 16;
/// Height of one bar in a horizontal bar chart, and the gap between groups.
pub(super) const BAR_H: u32 = 11;
pub(super) const GROUP_GAP: u32 = 10;

/// The legend entry of cells that do not apply.
pub const NA_NOTE: &str = "n/a: does not apply";

/// The grey of "n/a" and its legend swatch.
pub(super) const NA_GREY: RGBColor = RGBColor(150, 150, 150);

/// Whether any cell of `series` does not apply.
pub fn has_na(series: &[(String, Vec<Est>)]) -> bool {
    series.iter().any(|(_, v)| v.iter().any(Est::is_na))
}

/// The frame of highlighted bars (a balance test's candidate) and its legend swatch.
pub(super) const OUTLINE: RGBColor = BLACK;
pub(super) const OUTLINE_W: u32 = 3;

/// The colour of a check's pass threshold: black, apart from the blue bars and the vermilion line.
pub(super) const PASS: RGBColor = BLACK;

/// A bar's value label: its value, or "n/a" for a cell that does not apply.
pub(super) fn bar_label(e: &Est, percent: bool) -> String {
    if e.is_na() { "n/a".to_string() } else { fmt_label(e.v, percent) }
}

/// The font size of a heatmap's line under its title (smaller than the title's).
pub(super) const SUBTITLE: u32 = 16;

/// Caption font size that keeps a title inside the plot's width (the legend strip is beside it).
pub(super) fn caption_size(title: &str, width: u32) -> u32 {
    let mut size = 24;
    while size > 12 && text_width(title, size) + 2 * MARGIN > width {
        size -= 1;
    }
    size
}

/// A drawing backend's error as text (the backends' error types differ).
pub(super) fn e2s<E: std::fmt::Debug>(e: E) -> String {
    format!("{e:?}")
}

/// How each series is told apart beyond its colour: a marker shape and, for lines, a dash, so
/// series that coincide stay visible (one drawn over the other still shows its marks).
#[derive(Clone, Copy)]
pub(super) enum Mark {
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

pub(super) fn mark(i: usize) -> Mark {
    [Mark::Circle, Mark::Square, Mark::Triangle, Mark::Diamond, Mark::Cross][i % 5]
}

pub(super) fn draw_mark<DB: DrawingBackend, CT: CoordTranslate<From = (f64, f64)>>(
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
pub(super) fn draw_legend<DB: DrawingBackend>(
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
