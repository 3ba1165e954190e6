//! One result table — title, headers, rows — and its two renderings: Markdown (summary.md) and
//! aligned plain text (the terminal). Kept apart from `tables.rs` (which decides *which* tables a run
//! gets) so the per-system table builders depend on this model only, not on the dispatcher that
//! calls them.

/// One table.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub title: String,
    pub headers: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// Whether the terminal summary shows it (the Markdown file shows every table).
    pub terminal: bool,
}

impl Table {
    pub(crate) fn new(title: impl Into<String>, headers: &[&str], terminal: bool) -> Self {
        Table {
            title: title.into(),
            headers: headers.iter().map(|h| h.to_string()).collect(),
            rows: Vec::new(),
            terminal,
        }
    }

    /// As a Markdown table.
    pub fn markdown(&self) -> String {
        let mut s =
            format!("### {}\n\n| {} |\n|{}\n", self.title, self.headers.join(" | "), "---|".repeat(self.headers.len()));
        for r in &self.rows {
            s.push_str(&format!("| {} |\n", r.join(" | ")));
        }
        s
    }

    /// As aligned plain text.
    pub fn plain(&self) -> String {
        let cols = self.headers.len();
        let width = |c: usize| {
            std::iter::once(&self.headers[c])
                .chain(self.rows.iter().map(|r| &r[c]))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        };
        let widths: Vec<usize> = (0..cols).map(width).collect();
        let line = |cells: &[String]| {
            cells
                .iter()
                .zip(&widths)
                .map(|(c, w)| format!("{c}{}", " ".repeat(w - c.chars().count())))
                .collect::<Vec<_>>()
                .join("  ")
                .trim_end()
                .to_string()
        };
        let mut s = format!("{}\n{}\n", self.title, line(&self.headers));
        s.push_str(&format!("{}\n", widths.iter().map(|w| "-".repeat(*w)).collect::<Vec<_>>().join("  ")));
        for r in &self.rows {
            s.push_str(&line(r));
            s.push('\n');
        }
        s
    }
}
