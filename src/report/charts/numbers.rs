//! How a chart writes a number: on a value axis, beside a bar, and a small probability.

/// Axis label: enough decimals for the axis range, and nothing above 100 %.
pub(super) fn fmt_y(v: f64, percent: bool, top: f64) -> String {
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

pub(super) fn fmt_label(v: f64, percent: bool) -> String {
    if percent { format!("{:.1}%", v * 100.0) } else { format!("{v:.2}") }
}

/// A small probability in words: "0.31%", or "< 0.01%".
pub(super) fn fmt_small(p: f64) -> String {
    if p < 0.0001 { "< 0.01%".to_string() } else { format!("{:.2}%", p * 100.0) }
}
