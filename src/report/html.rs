//! `index.html`: one self-contained page per run (every kind) with the verdict, setup,
//! readings, every table and every chart inlined as SVG. No server, no network, no external
//! files: it can be mailed or opened from disk.
//!
//! A few lines of script check on load that every chart and table is actually laid out with a
//! non-zero size and record the result on `<body data-render-check="...">`, so a headless
//! browser test can tell "rendered and visible" from "present in the source".

use super::document::Document;
use super::model::Report;
use super::table::Table;
use crate::analysis::RunResult;
use crate::output::manifest::FileName;
use std::fmt::Write;

/// Escape text for HTML. Hidden control characters (NUL, ESC, bidi overrides: never valid or
/// visible in a page) are shown as `\u{..}`, as on the terminal.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            c if c != '\n' && crate::safe::is_hidden_control(c) => {
                out.push_str(&crate::safe::terminal_line(c.encode_utf8(&mut [0; 4])));
            }
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// Text with the Markdown the reports' wording uses — `code` and **bold** — as HTML, escaped
/// otherwise, so the page shows no raw backticks or asterisks. An unmatched marker stays as text.
pub fn inline(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 16);
    let mut rest = s;
    while !rest.is_empty() {
        let tick = rest.find('`');
        let star = rest.find("**");
        let (at, marker, tag) = match (tick, star) {
            (Some(t), Some(b)) if b < t => (b, "**", "strong"),
            (Some(t), _) => (t, "`", "code"),
            (None, Some(b)) => (b, "**", "strong"),
            (None, None) => break,
        };
        let after = &rest[at + marker.len()..];
        let Some(end) = after.find(marker) else { break };
        out.push_str(&escape(&rest[..at]));
        out.push_str(&format!("<{tag}>{}</{tag}>", escape(&after[..end])));
        rest = &after[end + marker.len()..];
    }
    out.push_str(&escape(rest));
    out
}

fn table_html(t: &Table) -> String {
    let notes: String = t.notes.iter().map(|n| format!("<p class=\"note\">{}</p>\n", inline(n))).collect();
    if t.is_note() {
        return format!("<section><h3>{}</h3>\n{notes}</section>\n", escape(&t.title));
    }
    let mut s = format!("<section><h3>{}</h3><div class=\"scroll\"><table>\n<thead><tr>", escape(&t.title));
    for h in &t.headers {
        let _ = write!(s, "<th>{}</th>", escape(h));
    }
    s.push_str("</tr></thead>\n<tbody>\n");
    for r in &t.rows {
        s.push_str("<tr>");
        for c in r {
            let _ = write!(s, "<td>{}</td>", inline(c));
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</tbody></table></div>\n");
    s.push_str(&notes);
    s.push_str("</section>\n");
    s
}

/// The collapsible "Scenario" section: what each cell used, the files, the re-run command.
fn scenario_html(part: &super::document::ScenarioPart) -> String {
    let mut s = String::from(
        "<details class=\"scenario\">\n<summary><h2>Scenario</h2> what each cell used, the config as read, and how to run it again</summary>\n",
    );
    let _ = writeln!(
        s,
        "<p>This report carries its scenario: <code>results.json</code> holds the config and its included files as they were read. In this folder, <code>{}</code> runs it again to the same numbers, with no config file present.</p>",
        escape(super::document::RERUN)
    );
    let _ = writeln!(
        s,
        "<ul><li>Config: <code>{}</code></li><li>Program: {}</li>",
        escape(&part.config),
        escape(&part.generator)
    );
    if !part.command_line.is_empty() {
        let _ = writeln!(s, "<li>Command line: <code>{}</code></li>", escape(&part.command_line));
    }
    s.push_str("</ul>\n<h3>What each cell used</h3>\n<p>Each cell's section as it resolved it, as TOML, and the library entries it names (their numbers follow).</p>\n");
    for g in &part.cells {
        let uses =
            if g.entries.is_empty() { String::new() } else { format!(" — uses {}", escape(&g.entries.join(", "))) };
        let _ = writeln!(
            s,
            "<p><strong>{}</strong>{uses}</p>\n<pre class=\"toml\">{}</pre>",
            escape(&g.labels.join("; ")),
            escape(&g.toml)
        );
    }
    if !part.entries.is_empty() {
        let _ = writeln!(
            s,
            "<h3>Cards, weapons, models and profiles used</h3>\n<pre class=\"toml\">{}</pre>",
            escape(&part.entries)
        );
    }
    s.push_str("<h3>Files</h3>\n");
    for (path, text) in &part.sources {
        let _ = writeln!(s, "<p><code>{}</code></p>\n<pre class=\"toml\">{}</pre>", escape(path), escape(text));
    }
    s.push_str("</details>\n");
    s
}

/// Strip the XML prolog so an SVG file can be inlined in HTML.
fn inline_svg(svg: &str) -> &str {
    match svg.find("<svg") {
        Some(i) => &svg[i..],
        None => svg,
    }
}

pub const STYLE: &str = "body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:2rem auto;max-width:1100px;padding:0 1rem;color:#222}\
h1{font-size:1.6rem}h2{margin-top:2rem;border-bottom:1px solid #ddd}h3{font-size:1.05rem}\
table{border-collapse:collapse;font-size:.88rem;margin:.5rem 0}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}\
th{background:#f0f4f8}tbody tr:nth-child(even){background:#fafafa}.scroll{overflow-x:auto}\
.verdict{background:#fff8e1;border-left:4px solid #e69f00;padding:.75rem 1rem;font-weight:600;overflow-wrap:anywhere}\
figure{margin:1rem 0}figure svg{max-width:100%;height:auto;border:1px solid #eee}figcaption{font-size:.85rem;color:#555}\
.meta{color:#555}details.scenario summary h2{display:inline;border:0}pre.toml{background:#f6f8fa;padding:.5rem;overflow-x:auto;font-size:.85rem}";

const CHECK_SCRIPT: &str = r#"<script>
window.addEventListener('load', function () {
  var charts = document.querySelectorAll('figure svg');
  var tables = document.querySelectorAll('table');
  var ok = true;
  function visible(el) {
    var r = el.getBoundingClientRect();
    var st = window.getComputedStyle(el);
    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none';
  }
  charts.forEach(function (c) { if (!visible(c) || c.querySelectorAll('rect,path,polyline,circle,text').length === 0) ok = false; });
  tables.forEach(function (t) { if (!visible(t) || t.querySelectorAll('td').length === 0) ok = false; });
  document.body.setAttribute('data-render-check', 'charts=' + charts.length + ' tables=' + tables.length + ' visible=' + (ok ? 'ok' : 'FAIL'));
});
</script>"#;

/// The page. `svgs` are the (file stem, caption, SVG text) of the charts, in report order.
/// The file [`render`] is written to.
pub const FILE: FileName = FileName::Is("index.html");

pub fn render(run: &RunResult, report: &Report, doc: &Document, svgs: &[(String, String, String)]) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{} — skirmish-odds</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        escape(&run.scenario.name)
    );
    s.push_str(&fragment(run, report, doc, svgs, true));
    s.push_str(CHECK_SCRIPT);
    s.push_str("\n</body>\n</html>\n");
    s
}

/// The page's body without the document around it and without script: what the local page
/// ([`crate::serve`]) shows under its answer, so a report reads the same there as in
/// `index.html`. Every piece of user text in it is escaped. `with_scenario`: the collapsible
/// "Scenario" part (the files as read, how to re-run the report's folder); the local page
/// leaves it out, since it shows the scenario beside the report and has no folder.
pub fn fragment(
    run: &RunResult,
    report: &Report,
    doc: &Document,
    svgs: &[(String, String, String)],
    with_scenario: bool,
) -> String {
    let sc = &run.scenario;
    let mut s = String::new();
    let _ = writeln!(s, "<h1>{} <small class=\"meta\">{}</small></h1>", escape(&sc.name), escape(&doc.about));
    // The answer first, in a sentence; the detail follows.
    let _ = writeln!(s, "<p class=\"verdict answer\">{}</p>", inline(&doc.answer));
    if let Some(d) = &sc.description {
        let _ = writeln!(s, "<p>{}</p>", escape(d));
    }
    s.push_str(&meta_line(report));
    // A section with nothing to say is left out, as in summary.md.
    if !sc.setup.is_empty() {
        s.push_str("<h2>Setup</h2>\n<ul>\n");
        for l in &sc.setup {
            let _ = writeln!(s, "<li>{}</li>", inline(l));
        }
        s.push_str("</ul>\n");
    }
    if !doc.readings.is_empty() {
        s.push_str(
            "<h2>Readings in force</h2>\n<table><thead><tr><th>reading</th><th>in force</th></tr></thead><tbody>\n",
        );
        for (k, v) in &doc.readings {
            let _ = writeln!(s, "<tr><td>{}</td><td>{}</td></tr>", escape(k), escape(v));
        }
        s.push_str("</tbody></table>\n");
    }
    if !sc.notes.is_empty() {
        s.push_str("<h2>Notes</h2>\n<ul class=\"notes\">\n");
        for n in &sc.notes {
            let _ = writeln!(s, "<li>{}</li>", inline(&n.line()));
        }
        s.push_str("</ul>\n");
    }
    if !svgs.is_empty() {
        s.push_str("<h2>Charts</h2>\n");
    }
    for (stem, caption, svg) in svgs {
        let _ = writeln!(
            s,
            "<figure id=\"{}\">{}<figcaption>{}</figcaption></figure>",
            escape(stem),
            inline_svg(svg),
            escape(caption)
        );
    }
    s.push_str("<h2>Results</h2>\n");
    for t in &doc.tables {
        s.push_str(&table_html(t));
    }
    s.push_str(&how_to_read_html(run, report, doc));
    if let Some(part) = doc.scenario.as_ref().filter(|_| with_scenario) {
        s.push_str(&scenario_html(part));
    }
    s
}

/// The line under the answer: the seed, the method, and for a sampled report its widest
/// interval and whether the precision target was met.
fn meta_line(report: &Report) -> String {
    let st = &report.stopping;
    // An all-exact report has no sampling error to speak of.
    let precision = if report.exact_cells == report.cells.len() {
        String::new()
    } else {
        format!(
            " · widest 95 % half-width ±{:.5}{}",
            st.worst_half_width,
            match (st.target_half_width, st.reached) {
                (Some(t), true) => format!(" (precision target ±{t} met)"),
                (Some(t), false) => format!(" (<strong>precision target ±{t} not met: trial cap hit</strong>)"),
                (None, _) => String::new(),
            }
        )
    };
    format!(
        "<p class=\"meta\">Seed {} · {}{precision} · same config and seed give identical numbers for any thread count</p>\n",
        report.seed,
        escape(&super::text::method_short(report)),
    )
}

/// "How to read these numbers": the generic text, the system's own note, and where ratios carry
/// delta-method intervals.
fn how_to_read_html(run: &RunResult, report: &Report, doc: &Document) -> String {
    // Ratios are per round in a duel, and per unit of cost in a balance test: said only where
    // the report has them (a single attack has none).
    let ratios = match (&report.balance, &run.scenario.layout) {
        (Some(_), _) => {
            let per = doc.cost_unit.map(|u| format!(", per {u}")).unwrap_or_default();
            format!(" Ratios (per round{per}) carry delta-method intervals.")
        }
        (None, crate::analysis::scenario::Layout::Duel { .. }) => {
            " Ratios (per round) carry delta-method intervals.".to_string()
        }
        _ => String::new(),
    };
    format!(
        "<h2>How to read these numbers</h2>\n<p>{}{}{ratios} \
             The same numbers are in <code>results.json</code> and <code>results.csv</code> next to this page.</p>\n",
        inline(super::document::how_to_read(report)),
        // The system's own note, as summary.md gives it.
        doc.reading_note.map(|n| format!(" {}", inline(n))).unwrap_or_default()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(escape("a < b & \"c\" > d"), "a &lt; b &amp; &quot;c&quot; &gt; d");
        assert_eq!(inline_svg("<?xml version=\"1.0\"?>\n<svg x>"), "<svg x>");
    }

    #[test]
    fn backticks_and_bold_become_html() {
        assert_eq!(inline("objective `a_ahead` <b>"), "objective <code>a_ahead</code> &lt;b&gt;");
        assert_eq!(inline("**Best** split: `5/1`"), "<strong>Best</strong> split: <code>5/1</code>");
        assert_eq!(inline("a lone ` stays"), "a lone ` stays");
        assert_eq!(inline("P(≥ k) & **x"), "P(≥ k) &amp; **x");
    }
}
