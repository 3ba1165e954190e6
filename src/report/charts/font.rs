//! The chart font: DejaVu Sans, compiled into the binary and registered with plotters under
//! every family name the charts use, and the width of a text in it (what every layout decision
//! measures).

use plotters::prelude::*;
use plotters::style::FontStyle;
use std::sync::Once;

pub(super) static FONTS: Once = Once::new();

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

/// Width in pixels of `text` in the chart font at `size` px.
pub fn text_width(text: &str, size: u32) -> u32 {
    register_fonts();
    ("sans-serif", size).into_font().box_size(text).map(|(w, _)| w).unwrap_or(text.chars().count() as u32 * size / 2)
}
