//! The terminal summary of every bundled config fits in 100 columns (issue #13): prose is wrapped,
//! wide tables are split into column groups or printed as records; the full tables stay in
//! summary.md and results.csv.

use crate::common;

#[test]
fn every_bundled_terminal_summary_fits_in_100_columns() {
    let out = common::tmp("terminal_width", "runs");
    let mut checked = 0;
    for (name, p) in common::bundled_scenarios() {
        let o = common::bin_run(
            &out,
            &["run", p.to_str().unwrap(), "--trials", "2000", "--out", out.join(&name).to_str().unwrap()],
        );
        assert!(o.status.success(), "{name}: {}", String::from_utf8_lossy(&o.stderr));
        let term = String::from_utf8(o.stdout).unwrap();
        for l in term.lines() {
            if l.trim_start().starts_with('/') {
                continue; // the report folder's path: one word, never broken
            }
            assert!(l.chars().count() <= 100, "{name}: a {}-column line:\n{l}", l.chars().count());
        }
        checked += 1;
    }
    assert!(checked >= 50, "{checked} configs");
}
