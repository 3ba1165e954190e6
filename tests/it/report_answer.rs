//! Every report opens with the answer in a sentence (issue #13): `index.html` puts it before the
//! setup, `summary.md` under its title — a single resolution's key event with its interval (or
//! "exact"), a duel's outcome, an analysis's verdict — with no raw Markdown in the page.

use crate::common;

fn run(cfg: &str, name: &str) -> (String, String) {
    let d = common::tmp("report_answer", name);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(cfg);
    let o = common::bin_run(&d, &["run", path.to_str().unwrap(), "--trials", "20000", "--out", "out", "--quiet"]);
    assert!(o.status.success(), "{cfg}: {}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(d.join("out/index.html")).unwrap();
    let md = std::fs::read_to_string(d.join("out/summary.md")).unwrap();
    (html, md)
}

/// The answer paragraph of a page, and whether it comes before the setup.
fn answer(html: &str) -> String {
    let at = html.find("<p class=\"verdict answer\">").expect("an answer paragraph");
    assert!(at < html.find("<h2>Setup</h2>").unwrap(), "the answer comes first");
    let rest = &html[at..];
    rest[..rest.find("</p>").unwrap()].to_string()
}

#[test]
fn reports_open_with_the_answer() {
    // An exact attack: the key event and "exact".
    let (html, md) = run("configs/bmg-3e/batman-vs-thug.toml", "attack");
    let a = answer(&html);
    // (Gauntlets place ★ only: out of action is K.O.)
    assert!(a.contains("out of action caused (K.O. or casualty): 75.27% (exact) per attack."), "{a}");
    let first = md.lines().nth(2).unwrap();
    assert!(first.starts_with("**out of action caused (K.O. or casualty): 75.27% (exact) per attack.**"), "{md}");
    // A sampled check: the value with its interval and the trial count.
    let (html, _) = run("configs/bmg-1e/passing.toml", "passing");
    assert!(answer(&html).contains('%'), "{}", answer(&html));
    // A 2013 duel: both sides and the draw, sampled, then the exact solution.
    let (html, _) = run("configs/bmg-1e/duel-batman-vs-bruiser.toml", "duel");
    let a = answer(&html);
    assert!(a.contains("wins") && a.contains("draw") && a.contains("Solved exactly"), "{a}");
    // The exact figures named in the sentence's own order (A wins, B wins, draw).
    let exact = &a[a.find("Solved exactly").unwrap()..];
    let (aw, bw, dr) = (exact.find("Batman").unwrap(), exact.find("Bruiser").unwrap(), exact.find("draw").unwrap());
    assert!(aw < bw && bw < dr, "{a}");
    assert!(a.contains("20,000 duels, 95 % intervals"), "{a}");
    // A balance test: its verdict, without Markdown backticks.
    let (html, md) = run("configs/bmg-3e/balance-new-henchman.toml", "balance");
    let a = answer(&html);
    assert!(!a.contains('`') && a.contains("Position"), "{a}");
    assert_eq!(md.matches("Position:").count(), 1, "the verdict once, at the top");
}

/// A yes/no outcome reads as a probability with its interval, not as a mean of 0s and 1s
/// ("the first bug is big … 0.266 ± 0.019" before), and counts stay means.
#[test]
fn yes_no_outcomes_read_as_probabilities() {
    let (_, md) = run("configs/bichos/encounter.toml", "encounter");
    let row = md.lines().find(|l| l.contains("the first bug is big")).expect("the row");
    assert!(row.starts_with("| P(the first bug is big") && row.contains("% [") && !row.contains('±'), "{row}");
    let bugs = md.lines().find(|l| l.starts_with("| attacking bugs")).expect("a count");
    assert!(bugs.contains('±'), "{bugs}");
}
