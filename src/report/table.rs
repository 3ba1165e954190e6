//! One result table — title, headers, rows — and its two renderings: Markdown (summary.md) and
//! aligned plain text (the terminal). Kept apart from `tables.rs` (which decides *which* tables a run
//! gets) so the per-system table builders depend on this model only, not on the dispatcher that
//! calls them.

use crate::safe;

/// One table.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub title: String,
    pub headers: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// Whether the terminal summary shows it (the Markdown file shows every table).
    pub terminal: bool,
    /// Sentences printed under the table: what [`Table::fold_zeros`] took out of it.
    pub notes: Vec<String>,
}

impl Table {
    pub fn new(title: impl Into<String>, headers: &[&str], terminal: bool) -> Self {
        Table {
            title: title.into(),
            headers: headers.iter().map(|h| h.to_string()).collect(),
            rows: Vec::new(),
            terminal,
            notes: Vec::new(),
        }
    }

    /// Replace what reads as a wall of zeros by one sentence: a table whose every cell (after
    /// the row labels) is a zero probability keeps its title and says so instead of its rows;
    /// a probability column (`P(…)` header) that is zero in every row is dropped with a note.
    /// Exact zeros are called impossible; sampled ones "never happened", with the largest 95 %
    /// upper bound of the dropped cells, so the interval is still printed.
    pub fn fold_zeros(&mut self) {
        let zeros = |c: usize| -> Option<Vec<Option<String>>> {
            self.rows.iter().map(|r| r.get(c).and_then(|x| zero_probability(x))).collect()
        };
        let sentence = |bounds: &[Option<String>], what: &str, place: &str| -> String {
            let widest = bounds
                .iter()
                .flatten()
                .max_by(|a, b| a.parse::<f64>().unwrap_or(0.0).partial_cmp(&b.parse::<f64>().unwrap_or(0.0)).unwrap());
            match widest {
                None => format!("{what}0 in {place}: impossible here (exact)."),
                Some(hi) => format!("{what}0 in {place}: it never happened in any trial (95 % upper bound {hi}%)."),
            }
        };
        if self.rows.is_empty() || self.headers.len() < 2 {
            return;
        }
        let columns: Vec<Option<Vec<Option<String>>>> = (1..self.headers.len()).map(zeros).collect();
        if columns.iter().all(Option::is_some) {
            let all: Vec<Option<String>> = columns.into_iter().flatten().flatten().collect();
            self.notes.push(sentence(&all, "", "every cell"));
            self.rows.clear();
            self.headers.truncate(1);
            return;
        }
        for c in (1..self.headers.len()).rev() {
            if !self.headers[c].starts_with("P(") {
                continue;
            }
            if let Some(bounds) = &columns[c - 1] {
                let note = sentence(bounds, &format!("{} is ", self.headers[c]), "every row");
                self.notes.insert(0, note);
                self.headers.remove(c);
                for r in &mut self.rows {
                    r.remove(c);
                }
            }
        }
    }

    /// Whether the table has nothing left to show but its notes.
    pub fn is_note(&self) -> bool {
        self.rows.is_empty() && !self.notes.is_empty()
    }

    /// As a Markdown table. Titles, cells and notes hold user names (loadouts, targets,
    /// fighters), so each goes through [`safe`]: a `|` or a line break in a name cannot split a
    /// row, and no name can inject HTML or open a block.
    pub fn markdown(&self) -> String {
        let notes: Vec<String> = self.notes.iter().map(|n| safe::md_line(n)).collect();
        let title = safe::md_line(&self.title);
        if self.is_note() {
            return format!("### {title}\n\n{}\n", notes.join("\n\n"));
        }
        let row = |cells: &[String]| cells.iter().map(|c| safe::md_cell(c)).collect::<Vec<_>>().join(" | ");
        let mut s = format!("### {title}\n\n| {} |\n|{}\n", row(&self.headers), "---|".repeat(self.headers.len()));
        for r in &self.rows {
            s.push_str(&format!("| {} |\n", row(r)));
        }
        for n in &notes {
            s.push_str(&format!("\n{n}\n"));
        }
        s
    }

    /// A copy whose title, headers, cells and notes show hidden controls as `\u{..}`
    /// ([`safe::terminal_line`]): what the terminal renderings lay out, so the escapes are
    /// counted in the column widths and nothing a name holds reaches the terminal raw.
    fn terminal_safe(&self) -> Table {
        let line = |s: &String| safe::terminal_line(s).into_owned();
        Table {
            title: line(&self.title),
            headers: self.headers.iter().map(line).collect(),
            rows: self.rows.iter().map(|r| r.iter().map(line).collect()).collect(),
            terminal: self.terminal,
            notes: self.notes.iter().map(line).collect(),
        }
    }

    /// As aligned plain text no wider than `max` columns where the cells allow: a table too wide
    /// is printed in column groups, each repeating the first column (the row labels), and a long
    /// title is wrapped. The full table is always in summary.md and the CSV.
    pub fn plain_fit(&self, max: usize) -> String {
        let t = self.terminal_safe();
        let mut s = t.plain_rows(max);
        for n in &t.notes {
            s.push_str(&crate::text::wrap(n, max, "", "  "));
        }
        s
    }

    fn plain_rows(&self, max: usize) -> String {
        if self.is_note() {
            return crate::text::wrap(&self.title, max, "", "  ");
        }
        let cols = self.headers.len();
        let widths: Vec<usize> = (0..cols).map(|c| self.col_width(c)).collect();
        let total = widths.iter().sum::<usize>() + 2 * cols.saturating_sub(1);
        if total <= max {
            let mut s = crate::text::wrap(&self.title, max, "", "  ");
            s.push_str(&self.plain_raw()[self.title.len() + 1..]);
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
                notes: Vec::new(),
            };
            s.push_str(&crate::text::wrap(&part.title, max, "", "  "));
            s.push_str(&part.plain_raw()[part.title.len() + 1..]);
            if g + 1 < n {
                s.push('\n');
            }
        }
        s
    }

    /// One row after the other, each cell on its own wrapped line under the row's label: for
    /// tables whose cells are too wide to stand side by side.
    fn records(&self, max: usize) -> String {
        let mut s = crate::text::wrap(&self.title, max, "", "  ");
        for r in &self.rows {
            s.push_str(&crate::text::wrap(&r[0], max, "", "  "));
            for (h, v) in self.headers.iter().zip(r).skip(1) {
                s.push_str(&crate::text::wrap(&format!("{h}: {v}"), max, "    ", "      "));
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

    /// As aligned plain text, hidden controls escaped (see [`Table::terminal_safe`]).
    pub fn plain(&self) -> String {
        self.terminal_safe().plain_raw()
    }

    fn plain_raw(&self) -> String {
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

/// A cell that prints a probability of zero: `Some(None)` when exact ("0.00%"), `Some(Some(hi))`
/// with the upper bound of its 95 % interval when sampled ("0.000% [0.000, 0.015]").
fn zero_probability(cell: &str) -> Option<Option<String>> {
    let (value, rest) = cell.split_once('%')?;
    if value.trim().parse::<f64>().ok()? != 0.0 {
        return None;
    }
    let rest = rest.trim();
    if rest.is_empty() {
        return Some(None);
    }
    let (lo, hi) = rest.strip_prefix('[')?.strip_suffix(']')?.split_once(',')?;
    (lo.trim().parse::<f64>().ok()? == 0.0).then(|| Some(hi.trim().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(title: &str, headers: &[&str], rows: &[&[&str]]) -> Table {
        let mut t = Table::new(title, headers, true);
        t.rows = rows.iter().map(|r| r.iter().map(|c| c.to_string()).collect()).collect();
        t
    }

    #[test]
    fn a_table_of_exact_zeros_becomes_a_sentence() {
        let mut t = grid(
            "P(casualty)",
            &["loadout", "Robin", "Thug"],
            &[&["bat", "0.00%", "0.00%"], &["fist", "0.00%", "0.00%"]],
        );
        t.fold_zeros();
        assert!(t.is_note());
        assert_eq!(t.notes, ["0 in every cell: impossible here (exact)."]);
        assert_eq!(t.markdown(), "### P(casualty)\n\n0 in every cell: impossible here (exact).\n");
        assert_eq!(t.plain_fit(100), "P(casualty)\n0 in every cell: impossible here (exact).\n");
    }

    #[test]
    fn a_zero_probability_column_is_dropped_with_its_widest_bound() {
        let mut t = grid(
            "Sweep",
            &["defense", "mean", "P(K.O.)", "P(casualty)"],
            &[
                &["2", "1.5 ± 0.1", "40.00% [39.00, 41.00]", "0.000% [0.000, 0.015]"],
                &["3", "1.1 ± 0.1", "30.00% [29.00, 31.00]", "0.000% [0.000, 0.019]"],
            ],
        );
        t.fold_zeros();
        assert_eq!(t.headers, ["defense", "mean", "P(K.O.)"]);
        assert_eq!(t.rows[1], ["3", "1.1 ± 0.1", "30.00% [29.00, 31.00]"]);
        assert_eq!(
            t.notes,
            ["P(casualty) is 0 in every row: it never happened in any trial (95 % upper bound 0.019%)."]
        );
        assert!(t.markdown().ends_with(
            "|\n\nP(casualty) is 0 in every row: it never happened in any trial (95 % upper bound 0.019%).\n"
        ));
    }

    #[test]
    fn what_is_not_all_zero_stays() {
        let rows: &[&[&str]] = &[&["bat", "0.00%", "5.14%"], &["fist", "0.00%", "0.00%"]];
        let mut t = grid("P(K.O.)", &["loadout", "Robin", "Thug"], rows);
        t.fold_zeros();
        assert_eq!((t.rows.len(), t.headers.len(), t.notes.len()), (2, 3, 0), "target columns are not P(…) columns");
        // A small probability is not a zero, nor is a mean of 0.
        let mut t = grid("x", &["k", "P(a)", "P(b)"], &[&["1", "0.0050%", "0.000"]]);
        t.fold_zeros();
        assert_eq!(t.headers.len(), 3);
        assert_eq!(zero_probability("0.000% [0.001, 0.015]"), None);
        assert_eq!(zero_probability("0.00%"), Some(None));
    }
}
