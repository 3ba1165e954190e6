//! The terminal summary of every bundled config fits in 100 columns (issue #13) with its tables
//! still side by side (issue #25): prose is wrapped; a table too wide as it stands wraps its
//! headers and row labels, puts each interval under its value or swaps rows and columns, and is
//! never cut into "(1 of N)" column groups. The full tables stay in summary.md and results.csv.

use crate::common;

/// Why a terminal summary breaks the rule, if it does: a line over 100 columns (the report
/// folder's path, one word never broken, aside) or a table cut into column groups.
fn breaks_the_width(term: &str) -> Option<String> {
    for l in term.lines() {
        if l.trim_start().starts_with('/') {
            continue; // the report folder's path: one word, never broken
        }
        if l.chars().count() > 100 {
            return Some(format!("a {}-column line:\n{l}", l.chars().count()));
        }
        if l.contains("(1 of ") {
            return Some(format!("a table cut into column groups:\n{l}"));
        }
    }
    None
}

#[test]
fn every_bundled_terminal_summary_fits_in_100_columns_side_by_side() {
    let out = common::tmp("terminal_width", "runs");
    let mut checked = 0;
    for (name, p) in common::bundled_scenarios() {
        let o = common::bin_run(
            &out,
            &["run", p.to_str().unwrap(), "--trials", "2000", "--out", out.join(&name).to_str().unwrap()],
        );
        assert!(o.status.success(), "{name}: {}", String::from_utf8_lossy(&o.stderr));
        let term = String::from_utf8(o.stdout).unwrap();
        if let Some(why) = breaks_the_width(&term) {
            panic!("{name}: {why}");
        }
        checked += 1;
    }
    assert!(checked >= 50, "{checked} configs");
}

/// The check itself can fail: on a wide line and on the column groups the terminal printed
/// before issue #25 (main's `editions-batman-brawl`).
#[test]
fn the_width_check_catches_wide_lines_and_column_groups() {
    assert!(breaks_the_width(&"x".repeat(101)).is_some());
    assert!(breaks_the_width("One matchup under both editions (exact) (1 of 2)\nmeasure  bmg-1e (2013)").is_some());
    assert!(breaks_the_width(&format!("{}\n  /a/very/long/path/{}", "x".repeat(100), "y".repeat(120))).is_none());
}
