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

    /// As aligned plain text no wider than `max` columns where the cells allow: a table too wide
    /// is printed in column groups, each repeating the first column (the row labels), and a long
    /// title is wrapped. The full table is always in summary.md and the CSV.
    pub fn plain_fit(&self, max: usize) -> String {
        let cols = self.headers.len();
        let widths: Vec<usize> = (0..cols).map(|c| self.col_width(c)).collect();
        let total = widths.iter().sum::<usize>() + 2 * cols.saturating_sub(1);
        if total <= max {
            let mut s = super::text::wrap(&self.title, max, "", "  ");
            s.push_str(&self.plain()[self.title.len() + 1..]);
            return s;
        }
        if cols < 3 || widths[0] + 2 + widths[1..].iter().copied().max().unwrap_or(0) > max {
            return self.records(max);
        }
        // Greedy groups of the other columns, each with the first one in front.
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut cur: Vec<usize> = Vec::new();
        let mut used = widths[0];
        for c in 1..cols {
            if !cur.is_empty() && used + 2 + widths[c] > max {
                groups.push(std::mem::take(&mut cur));
                used = widths[0];
            }
            used += 2 + widths[c];
            cur.push(c);
        }
        groups.push(cur);
        let n = groups.len();
        let mut s = String::new();
        for (g, group) in groups.iter().enumerate() {
            let pick = |r: &[String]| std::iter::once(0).chain(group.iter().copied()).map(|c| r[c].clone()).collect();
            let part = Table {
                title: format!("{} ({} of {n})", self.title, g + 1),
                headers: pick(&self.headers),
                rows: self.rows.iter().map(|r| pick(r)).collect(),
                terminal: self.terminal,
            };
            s.push_str(&super::text::wrap(&part.title, max, "", "  "));
            s.push_str(&part.plain()[part.title.len() + 1..]);
            if g + 1 < n {
                s.push('\n');
            }
        }
        s
    }

    /// One row after the other, each cell on its own wrapped line under the row's label: for
    /// tables whose cells are too wide to stand side by side.
    fn records(&self, max: usize) -> String {
        let mut s = super::text::wrap(&self.title, max, "", "  ");
        for r in &self.rows {
            s.push_str(&super::text::wrap(&r[0], max, "", "  "));
            for (h, v) in self.headers.iter().zip(r).skip(1) {
                s.push_str(&super::text::wrap(&format!("{h}: {v}"), max, "    ", "      "));
            }
        }
        s
    }

    fn col_width(&self, c: usize) -> usize {
        std::iter::once(&self.headers[c])
            .chain(self.rows.iter().map(|r| &r[c]))
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(0)
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
