//! Charts (PNG and SVG) drawn with plotters.
//!
//! Text is rendered with DejaVu Sans shipped inside the `dejavu` crate (it has the ★ ♦ ≥
//! glyphs the BMG charts use), registered with plotters' `ab_glyph` backend, so charts render identically on a fresh
//! machine with no system font packages. Each chart is described once ([`Chart`]) and drawn by
//! one routine generic over the backend, so the PNG and the SVG always agree.
//!
//! One file per chart kind (`distribution`, `bars`, `lines`, `heatmap`, `fit`), over what
//! they share: the description ([`Chart`], `chart.rs`), where everything goes ([`Frame`],
//! `frame.rs`), the drawing primitives (`style.rs`) and the rendering (`render.rs`).

mod bars;
mod chart;
mod distribution;
mod fit;
mod font;
mod frame;
mod heatmap;
mod legend;
mod lines;
mod numbers;
mod render;
mod style;

pub use chart::{Bars, Chart, Est, HEIGHT, Highlight, Marked, Point, SIZE, Tail, WIDTH};
pub use distribution::{REST, distribution, distribution_read};
pub use font::{register_fonts, text_width};
pub use frame::Frame;
pub use legend::pass_label;
pub use lines::steps;
pub use render::{FILES, render, svg};
pub use style::{NA_NOTE, has_na};
